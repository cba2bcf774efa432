"""Cases k11-k20: one node unlike the rest, shared vs local storage, recurrence across attempts."""

from __future__ import annotations

from common import (A100_BUS, H100_BUS, T, child_failed_block, ctime, df_h, dmesg_boot, dmesg_noise,
                    elastic_line, iso, iso_ms, nccl_async_error, plus, prefix, py_frames, render_dmesg,
                    secs, signal_tb, smi_q, smi_table, std_df, torchrun_banner, torchrun_traceback,
                    watchdog_timeout, megatron_iter, cosine_lr)
from jobs import Stream, interleave, megatron_preamble, megatron_progress, nccl_node, ds_step_line, ds_timer_line

SP310 = "/usr/local/lib/python3.10/dist-packages"


def _pip_freeze(extra):
    base = ["accelerate==0.30.1", "aiohttp==3.9.5", "datasets==2.19.1", "einops==0.8.0", "filelock==3.14.0",
            "fsspec==2024.3.1", "huggingface-hub==0.23.2", "numpy==1.26.4", "nvidia-cublas-cu12==12.1.3.1",
            "nvidia-cuda-runtime-cu12==12.1.105", "nvidia-cudnn-cu12==8.9.2.26", "nvidia-nccl-cu12==2.20.5",
            "packaging==24.0", "peft==0.11.1", "safetensors==0.4.3", "sentencepiece==0.2.0", "tokenizers==0.19.1",
            "tqdm==4.66.4", "transformers==4.41.2", "triton==2.3.0", "trl==0.9.4", "wandb==0.17.0"]
    return sorted(base + extra, key=str.lower)


# ---------------------------------------------------------------------------
def k11_accelerate_all_ranks_import_error(b, rng):
    b.label("dependency", "framework", None, "stop",
            "All 32 ranks on all four nodes fail identically while importing the model: flash_attn_2_cuda.so has an undefined "
            "symbol (_ZN3c104cuda9SetDeviceEi) because flash-attn 2.5.6 was built against torch 2.2 while the image now ships "
            "torch 2.3.0; pip freeze is identical everywhere. A library mismatch in the environment, not a node fault.",
            "https://github.com/Dao-AILab/flash-attention/issues/931")
    nodes = ["ml-h100-a1", "ml-h100-a2", "ml-h100-a3", "ml-h100-a4"]
    ver = "2.3.0"
    t0 = T("2024-05-21 10:14:09")
    sp = SP310
    for ni, host in enumerate(nodes):
        agent = rng.randint(9000, 30000)
        pids = [agent + 12 + i * 2 for i in range(8)]
        s = Stream()
        s.add(t0, [f"$ accelerate launch --config_file fsdp_4n.yaml --machine_rank {ni} --main_process_ip 10.8.0.21 --main_process_port 29511 train_sft.py --model_name meta-llama/Meta-Llama-3-8B --attn flash_attention_2",
                   "The following values were not passed to `accelerate launch` and had defaults used instead:",
                   "\t`--dynamo_backend` was set to a value of `'no'`",
                   "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."])
        s.add(plus(t0, 2), torchrun_banner(ver, plus(t0, 2), agent))
        for lr in range(8):
            r = ni * 8 + lr
            tt = plus(t0, 21 + lr * 0.07)
            tb = py_frames([
                ("/workspace/sft/train_sft.py", 211, "<module>", "main()"),
                ("/workspace/sft/train_sft.py", 96, "main", "model = AutoModelForCausalLM.from_pretrained("),
                (f"{sp}/transformers/models/auto/auto_factory.py", 558, "from_pretrained", "model_class = _get_model_class(config, cls._model_mapping)"),
                (f"{sp}/transformers/models/auto/auto_factory.py", 383, "_get_model_class", "supported_models = model_mapping[type(config)]"),
                (f"{sp}/transformers/models/auto/auto_factory.py", 734, "__getitem__", "return self._load_attr_from_module(model_type, model_name)"),
                (f"{sp}/transformers/models/auto/auto_factory.py", 748, "_load_attr_from_module", "return getattribute_from_module(self._modules[module_name], attr)"),
                (f"{sp}/transformers/models/auto/auto_factory.py", 692, "getattribute_from_module", "if hasattr(module, attr):"),
                (f"{sp}/transformers/utils/import_utils.py", 1525, "__getattr__", "module = self._get_module(self._class_to_module[name])"),
                (f"{sp}/transformers/utils/import_utils.py", 1537, "_get_module", "raise RuntimeError("),
            ]) + ["RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):",
                  f"{sp}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"]
            pre = py_frames([(f"{sp}/transformers/utils/import_utils.py", 1535, "_get_module", "return importlib.import_module(\".\" + module_name, self.__name__)"),
                             ("/usr/lib/python3.10/importlib/__init__.py", 126, "import_module", "return _bootstrap._gcd_import(name[level:], package, level)"),
                             ("<frozen importlib._bootstrap>", 1050, "_gcd_import", None),
                             ("<frozen importlib._bootstrap>", 1027, "_find_and_load", None),
                             ("<frozen importlib._bootstrap>", 1006, "_find_and_load_unlocked", None),
                             ("<frozen importlib._bootstrap>", 688, "_load_unlocked", None),
                             ("<frozen importlib._bootstrap_external>", 883, "exec_module", None),
                             ("<frozen importlib._bootstrap>", 241, "_call_with_frames_removed", None),
                             (f"{sp}/transformers/models/llama/modeling_llama.py", 53, "<module>", "from flash_attn import flash_attn_func, flash_attn_varlen_func"),
                             (f"{sp}/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                             (f"{sp}/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda")]) + [
                f"ImportError: {sp}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                "", "The above exception was the direct cause of the following exception:", ""]
            s.add(tt, prefix(pre + tb, f"[rank{r}]: "))
        te = plus(t0, 24)
        fails = [dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8 + i, local_rank=i, exitcode=1, pid=pids[i], traceback=signal_tb(1, 0)) for i in range(1, 8)]
        s.add(te, [elastic_line(ver, te, "E", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python")]
              + ["Traceback (most recent call last):", '  File "/usr/local/bin/accelerate", line 8, in <module>', "    sys.exit(main())",
                 f'  File "{sp}/accelerate/commands/accelerate_cli.py", line 46, in main', "    args.func(args)",
                 f'  File "{sp}/accelerate/commands/launch.py", line 1073, in launch_command', "    multi_gpu_launcher(args)",
                 f'  File "{sp}/accelerate/commands/launch.py", line 718, in multi_gpu_launcher', "    distrib_run.run(args)",
                 f'  File "{sp}/torch/distributed/run.py", line 870, in run', "    elastic_launch(",
                 f'  File "{sp}/torch/distributed/launcher/api.py", line 132, in __call__', "    return launch_agent(self._config, self._entrypoint, list(args))",
                 f'  File "{sp}/torch/distributed/launcher/api.py", line 263, in launch_agent', "    raise ChildFailedError(",
                 "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: "]
              + child_failed_block("train_sft.py", fails, dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0], traceback=signal_tb(1, 0))))
        b.add(f"{host}/accelerate-launch.log", s.lines())
        b.add(f"{host}/pip-freeze.txt", _pip_freeze(["flash-attn==2.5.6", "torch==2.3.0", "torchvision==0.18.0"]))
        b.add(f"{host}/nvidia-smi.txt", smi_table(plus(t0, 60), "550.54.15", "12.4",
                                                 [dict(bus=bb, temp=rng.randint(29, 35), power=rng.randint(66, 75), mem_used=0) for bb in H100_BUS]))


# ---------------------------------------------------------------------------
def k12_pytorchjob_one_pod_crashloop(b, rng):
    nodes = ["ip-10-0-141-7.us-west-2.compute.internal", "ip-10-0-152-33.us-west-2.compute.internal",
             "ip-10-0-163-210.us-west-2.compute.internal", "ip-10-0-171-96.us-west-2.compute.internal"]
    b.label("dependency", "infrastructure", (nodes[2], None), "restart_without_node",
            "Only worker-1 crashes (ModuleNotFoundError: liger_kernel) and goes into CrashLoopBackOff; its describe output shows "
            "the ':latest' image was 'already present on machine' on ip-10-0-163-210 with an older image digest, while the other "
            "three nodes pulled the current digest. A stale cached image on one node; the others merely time out waiting.",
            "https://github.com/kubeflow/katib/issues/1112")
    pods = ["qwen-sft-master-0", "qwen-sft-worker-0", "qwen-sft-worker-1", "qwen-sft-worker-2"]
    ver = "2.5.1"
    img = "123456789012.dkr.ecr.us-west-2.amazonaws.com/llm/train:latest"
    new_digest = "sha256:7c1e0d3f9b82a4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"
    old_digest = "sha256:e41f9a07c2b3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d"
    t0 = T("2024-12-03 17:21:40")
    for ni, (node, pod) in enumerate(zip(nodes, pods)):
        s = Stream()
        agent = rng.randint(30, 90)
        pids = [agent + 40 + i for i in range(8)]
        if ni == 2:
            for k in range(3):
                tk = plus(t0, 12 + k * 95)
                s.add(tk, torchrun_banner(ver, tk, agent))
                for lr in range(8):
                    s.add(plus(tk, 6 + lr * 0.05), prefix(py_frames([("/opt/app/sft.py", 17, "<module>", "from liger_kernel.transformers import apply_liger_kernel_to_qwen2")]) +
                                                          ["ModuleNotFoundError: No module named 'liger_kernel'"], f"[rank{16 + lr}]: "))
                te = plus(tk, 8)
                s.add(te, [elastic_line(ver, te, "E", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
                      + torchrun_traceback(ver) + child_failed_block("/opt/app/sft.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=pod, rank=16, local_rank=0, exitcode=1, pid=pids[0], traceback=signal_tb(1, 0))))
            b.add(f"{node}/kubectl-logs-{pod}.txt", s.lines())
        else:
            s.add(plus(t0, 10), torchrun_banner(ver, plus(t0, 10), agent))
            s.add(plus(t0, 31), [f"[rank{ni * 8}]: liger kernels applied to Qwen2 (rope, swiglu, rms_norm, fused_linear_cross_entropy)",
                                 f"[rank{ni * 8}]: waiting for all ranks to join process group (world_size=32)"])
            tw = plus(t0, 31 + 600 + rng.uniform(1, 4))
            for lr in range(8):
                s.add(plus(tw, rng.uniform(0, 1)), watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=1, op="ALLREDUCE", numel=1, timeout_ms=600000, t=tw, last_enq=1, last_comp=0))
            te = plus(tw, 3)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pids[1:]])
            s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver) + child_failed_block("/opt/app/sft.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=pod, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0]))))
            b.add(f"{node}/kubectl-logs-{pod}.txt", s.lines())
        pulled = ni != 2
        ev = [f"  Normal   Scheduled  {'14m'}   default-scheduler  Successfully assigned llm-team/{pod} to {node}"]
        if pulled:
            ev += [f"  Normal   Pulling    14m   kubelet            Pulling image \"{img}\"",
                   f"  Normal   Pulled     13m   kubelet            Successfully pulled image \"{img}\" in 41.218s (41.218s including waiting). Image size: 17843214312 bytes.",
                   "  Normal   Created    13m   kubelet            Created container pytorch",
                   "  Normal   Started    13m   kubelet            Started container pytorch"]
        else:
            ev += [f"  Normal   Pulled     14m (x4 over 14m)   kubelet  Container image \"{img}\" already present on machine",
                   "  Normal   Created    14m (x4 over 14m)   kubelet  Created container pytorch",
                   "  Normal   Started    14m (x4 over 14m)   kubelet  Started container pytorch",
                   "  Warning  BackOff    2m (x31 over 13m)   kubelet  Back-off restarting failed container pytorch in pod qwen-sft-worker-1_llm-team(9d2f...)"]
        desc = [f"Name:             {pod}", "Namespace:        llm-team", "Priority:         0", f"Node:             {node}/{node.split('.')[0][3:].replace('-', '.')}",
                "Labels:           training.kubeflow.org/job-name=qwen-sft", f"                  training.kubeflow.org/replica-type={'master' if ni == 0 else 'worker'}",
                f"Status:           {'Running' if ni == 2 else 'Failed'}", "Controlled By:  PyTorchJob/qwen-sft", "Containers:", "  pytorch:",
                f"    Image:          {img}", f"    Image ID:       123456789012.dkr.ecr.us-west-2.amazonaws.com/llm/train@{new_digest if pulled else old_digest}",
                "    Command:", "      torchrun", "    Args:", "      --nnodes=4", "      --nproc_per_node=8", "      /opt/app/sft.py",
                f"    State:          {'Waiting' if ni == 2 else 'Terminated'}", f"      Reason:       {'CrashLoopBackOff' if ni == 2 else 'Error'}",
                f"    Restart Count:  {'4' if ni == 2 else '0'}", "    Limits:", "      nvidia.com/gpu:          8", "      vpc.amazonaws.com/efa:   32",
                "    Image Pull Policy:  IfNotPresent", "Events:", "  Type     Reason     Age   From               Message",
                "  ----     ------     ----  ----               -------"] + ev
        b.add(f"{node}/kubectl-describe-pod-{pod}.txt", desc)
        b.add(f"{node}/crictl-images.txt", ["IMAGE                                                  TAG       IMAGE ID        SIZE",
                                            f"123456789012.dkr.ecr.us-west-2.amazonaws.com/llm/train   latest    {(new_digest if pulled else old_digest)[7:20]}   17.8GB",
                                            f"602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/pause    3.5       {rng.randint(10**11, 10**12 - 1):x}   299kB",
                                            f"nvcr.io/nvidia/k8s-device-plugin                         v0.15.0   {rng.randint(10**11, 10**12 - 1):x}   118MB"])


# ---------------------------------------------------------------------------
def k13_pdsh_fused_adam_build(b, rng):
    b.label("dependency", "infrastructure", ("dgx-b-13", None), "restart_without_node",
            "Every rank on dgx-b-13 fails JIT-building DeepSpeed's fused_adam with CUDAMismatchException (installed CUDA 11.8 vs "
            "torch built with 12.1); /usr/local/cuda on dgx-b-13 points to cuda-11.8 while the other three nodes point to 12.1 and "
            "built the op fine. One node's toolkit differs; the others only time out waiting for it.",
            "https://github.com/deepspeedai/DeepSpeed/issues/3223")
    nodes = ["dgx-b-11", "dgx-b-12", "dgx-b-13", "dgx-b-14"]
    ver = "2.1.2"
    t0 = T("2024-02-08 07:40:02")
    s = Stream()
    s.add(t0, [f"[{iso_ms(t0)}] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w dgx-b-11,dgx-b-12,dgx-b-13,dgx-b-14 export PYTHONPATH=/home/ai/rlhf; cd /home/ai/rlhf; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtYi0xMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=10.40.1.11 --master_port=29500 train_rm.py --deepspeed ds_zero2.json"])
    sp = "/opt/conda/lib/python3.10/site-packages"
    pidmap = {}
    for ni, host in enumerate(nodes):
        pids = [rng.randint(200000, 300000) + 4 * i for i in range(8)]
        pidmap[host] = pids
        p = f"{host}: "
        s.add(plus(t0, 4), [f"[{iso_ms(plus(t0, 4))}] [INFO] [launch.py:151:main] nnodes=4, num_local_procs=8, node_rank={ni}",
                            f"[{iso_ms(plus(t0, 4))}] [INFO] [launch.py:163:main] dist_world_size=32"], p)
        for lr in range(8):
            tt = plus(t0, 40 + lr * 0.3)
            s.add(tt, [f"Using /root/.cache/torch_extensions/py310_cu121 as PyTorch extensions root...",
                       "Detected CUDA files, patching ldflags",
                       f"Emitting ninja build file /root/.cache/torch_extensions/py310_cu121/fused_adam/build.ninja..."] if lr == 0 else
                  [f"Using /root/.cache/torch_extensions/py310_cu121 as PyTorch extensions root..."], p)
        if host == "dgx-b-13":
            for lr in range(8):
                tt = plus(t0, 41 + lr * 0.3)
                tb = py_frames([("/home/ai/rlhf/train_rm.py", 288, "<module>", "main()"),
                                ("/home/ai/rlhf/train_rm.py", 201, "main", "model, optimizer, _, lr_scheduler = deepspeed.initialize("),
                                (f"{sp}/deepspeed/__init__.py", 176, "initialize", "engine = DeepSpeedEngine(args=args,"),
                                (f"{sp}/deepspeed/runtime/engine.py", 307, "__init__", "self._configure_optimizer(optimizer, model_parameters)"),
                                (f"{sp}/deepspeed/runtime/engine.py", 1230, "_configure_optimizer", "basic_optimizer = self._configure_basic_optimizer(model_parameters)"),
                                (f"{sp}/deepspeed/runtime/engine.py", 1307, "_configure_basic_optimizer", "optimizer = FusedAdam("),
                                (f"{sp}/deepspeed/ops/adam/fused_adam.py", 94, "__init__", "fused_adam_cuda = FusedAdamBuilder().load()"),
                                (f"{sp}/deepspeed/ops/op_builder/builder.py", 479, "load", "return self.jit_load(verbose)"),
                                (f"{sp}/deepspeed/ops/op_builder/builder.py", 507, "jit_load", "self.build_for_cpu = not assert_no_cuda_mismatch(self.name)"),
                                (f"{sp}/deepspeed/ops/op_builder/builder.py", 101, "assert_no_cuda_mismatch", "raise CUDAMismatchException(")]) + [
                    "deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version 11.8 does not match the version torch was compiled with 12.1, unable to compile cuda/cpp extensions without a matching cuda version."]
                s.add(tt, tb, p)
            te = plus(t0, 47)
            s.add(te, [f"[{iso_ms(te)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {q}" for q in pids] +
                  [f"[{iso_ms(plus(te, 1))}] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_rm.py', '--local_rank=7', '--deepspeed', 'ds_zero2.json'] exits with return code = 1"], p)
            s.add(plus(te, 1.5), ["pdsh@dgx-b-11: dgx-b-13: ssh exited with exit code 1"])
        else:
            s.add(plus(t0, 92), [f"[1/3] /usr/local/cuda/bin/nvcc  -DTORCH_EXTENSION_NAME=fused_adam -DTORCH_API_INCLUDE_EXTENSION_H -DPYBIND11_COMPILER_TYPE=\\\"_gcc\\\" -DPYBIND11_STDLIB=\\\"_libstdcpp\\\" -DPYBIND11_BUILD_ABI=\\\"_cxxabi1011\\\" -I{sp}/deepspeed/ops/csrc/includes -I{sp}/deepspeed/ops/csrc/adam -isystem {sp}/torch/include -isystem /usr/local/cuda/include -isystem /opt/conda/include/python3.10 -D_GLIBCXX_USE_CXX11_ABI=0 -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ -D__CUDA_NO_BFLOAT16_CONVERSIONS__ -D__CUDA_NO_HALF2_OPERATORS__ --expt-relaxed-constexpr -gencode=arch=compute_80,code=compute_80 -gencode=arch=compute_80,code=sm_80 --compiler-options '-fPIC' -O3 -DVERSION_GE_1_1 -DVERSION_GE_1_3 -DVERSION_GE_1_5 -lineinfo --use_fast_math -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_80,code=compute_80 -DBF16_AVAILABLE -U__CUDA_NO_BFLOAT16_OPERATORS__ -U__CUDA_NO_BFLOAT162_OPERATORS__ -std=c++17 -c {sp}/deepspeed/ops/csrc/adam/multi_tensor_adam.cu -o multi_tensor_adam.cuda.o ",
                                 "[2/3] c++ -MMD -MF fused_adam_frontend.o.d -DTORCH_EXTENSION_NAME=fused_adam -fPIC -std=c++17 -O3 -std=c++17 -g -Wno-reorder -DVERSION_GE_1_1 -DVERSION_GE_1_3 -DVERSION_GE_1_5 -DBF16_AVAILABLE -c fused_adam_frontend.cpp -o fused_adam_frontend.o ",
                                 "[3/3] c++ fused_adam_frontend.o multi_tensor_adam.cuda.o -shared -L/usr/local/cuda/lib64 -lcudart -o fused_adam.so",
                                 "Loading extension module fused_adam...",
                                 f"Time to load fused_adam op: {rng.uniform(48, 56):.4f} seconds"], p)
            for lr in range(1, 8):
                s.add(plus(t0, 93 + lr * 0.01), ["Loading extension module fused_adam...", f"Time to load fused_adam op: {rng.uniform(47, 52):.4f} seconds"], p)
            tw = plus(t0, 95 + 1800 + rng.uniform(2, 5))
            for lr in range(8):
                s.add(plus(tw, lr * 0.02), watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=2, op="BROADCAST", numel=262144000, timeout_ms=1800000), p)
            te = plus(tw, 2)
            s.add(te, [f"[{iso_ms(te)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {q}" for q in pids] +
                  [f"[{iso_ms(plus(te, 1))}] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_rm.py', '--local_rank=7', '--deepspeed', 'ds_zero2.json'] exits with return code = -6"], p)
            s.add(plus(te, 1.5), [f"pdsh@dgx-b-11: {host}: ssh exited with exit code 250"])
    b.add("dgx-b-11/ds-launch.log", s.lines())
    for host in nodes:
        old = host == "dgx-b-13"
        cu = "11.8" if old else "12.1"
        b.add(f"{host}/nvcc-version.txt", ["nvcc: NVIDIA (R) Cuda compiler driver", "Copyright (c) 2005-2023 NVIDIA Corporation",
                                          "Built on Wed_Sep_21_10:33:58_PDT_2022" if old else "Built on Mon_Apr__3_17:16:06_PDT_2023",
                                          f"Cuda compilation tools, release {cu}, V{'11.8.89' if old else '12.1.105'}",
                                          "Build cuda_11.8.r11.8/compiler.31833905_0" if old else "Build cuda_12.1.r12.1/compiler.32688072_0"])
        b.add(f"{host}/ls-usr-local-cuda.txt", [f"lrwxrwxrwx 1 root root 20 {'Nov 30 2023' if old else 'Jan 22 15:03'} /usr/local/cuda -> /usr/local/cuda-{cu}",
                                               "drwxr-xr-x 17 root root 4096 Nov 30  2023 /usr/local/cuda-11.8",
                                               "drwxr-xr-x 17 root root 4096 Jan 22 15:01 /usr/local/cuda-12.1"])
        b.add(f"{host}/python-torch-version.txt", ["2.1.2+cu121", "cuda: 12.1", "deepspeed: 0.13.1"])


# ---------------------------------------------------------------------------
def k14_checkpoint_save_then_timeouts(b, rng):
    b.label("storage", "infrastructure", None, "restart",
            "During the iteration-8000 checkpoint save, all four nodes' kernels log Lustre RPC timeouts and lost connections to "
            "OST0012 at 10.10.0.12@o2ib (followed by an eviction), ranks on every node get EIO from the checkpoint writer and the "
            "rest hit watchdog timeouts. The shared filesystem stalled for the whole job, not one node.",
            "https://github.com/NVIDIA/nvidia-resiliency-ext/pull/411")
    nodes = ["nid001004", "nid001005", "nid001006", "nid001007"]
    gpn, world, ver = 4, 16, "2.4.0"
    jobid = 8810342
    t0 = T("2024-09-02 11:03:15")
    t_save = T("2024-09-02 19:26:41")
    t_lost = plus(t_save, 109)
    s = Stream()
    lab = lambda r: f"{r}: "
    s.add(t0, [f"srun --label --ntasks-per-node=4 --gpus-per-task=1 python pretrain_gpt.py ..."])
    pre = megatron_preamble(plus(t0, 9), world=world, tp=4, pp=1, dp=4, gbs=256, train_iters=100000,
                            log_interval=20, save_interval=2000, load_iter=6000, ckpt_dir="/lus/flare/projects/llm/ckpt/gpt-13b")
    s.add(plus(t0, 9), pre, lab(0))
    prog, t_last = megatron_progress(rng, plus(t0, 90), 6000, 8000, interval=20, total=100000, gbs=256,
                                     ms_fn=lambda it: 15050 + rng.uniform(-80, 80))
    for t, l in prog:
        s.add(t, l, lab(world - 1))
    s.add(t_save, [f"saving checkpoint at iteration    8000 to /lus/flare/projects/llm/ckpt/gpt-13b in torch_dist format"], lab(0))
    eio = [2, 7, 9, 14]
    for r in eio:
        tt = plus(t_lost, 162 + rng.uniform(0, 30))
        tb = py_frames([("/workspace/Megatron-LM/pretrain_gpt.py", 258, "<module>", "pretrain("),
                        ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                        ("/workspace/Megatron-LM/megatron/training/training.py", 1300, "train", "save_checkpoint_and_time(iteration, model, optimizer,"),
                        ("/workspace/Megatron-LM/megatron/training/training.py", 985, "save_checkpoint_and_time", "save_checkpoint(iteration, model, optimizer, opt_param_scheduler,"),
                        ("/workspace/Megatron-LM/megatron/training/checkpointing.py", 395, "save_checkpoint", "async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,"),
                        ("/workspace/Megatron-LM/megatron/core/dist_checkpointing/serialization.py", 394, "save", "sharded_strategy.save(sharded_state_dict, checkpoint_dir)"),
                        ("/workspace/Megatron-LM/megatron/core/dist_checkpointing/strategies/filesystem_async.py", 150, "write_preloaded_data", "_write_item(transforms, stream, data, write_item, storage_key)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", 285, "_write_item", "stream.write(data.getbuffer())")]) + [
            f"OSError: [Errno 5] Input/output error: '/lus/flare/projects/llm/ckpt/gpt-13b/iter_0008000/__{r}_0.distcp'"]
        s.add(tt, tb, lab(r))
    tw = plus(t_save, 600 + 40)
    for r in range(world):
        if r in eio:
            continue
        s.add(plus(tw, rng.uniform(0, 3)), watchdog_timeout(rng, ver, rank=r, seq=15230, op="ALLGATHER", numel=16, numel_out=256,
                                                          timeout_ms=600000, t=plus(tw, 1), pg=0, last_enq=15230, last_comp=15229), lab(r))
    te = plus(tw, 8)
    s.add(te, [f"srun: error: {nodes[i]}: tasks {i * 4}-{i * 4 + 3}: Exited with exit code 1" for i in range(4)] +
          [f"srun: Terminating StepId={jobid}.0"])
    b.add(f"{nodes[0]}/output-{jobid}.log", s.lines())
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(1, 4) * 86400 - rng.randint(0, 20000))
        ev = dmesg_boot(rng, host=host, driver="550.54.15", kernel="5.14.21-150500.55.65_13.0.78-cray_shasta_c", gpus=4, hcas=4)
        ev += dmesg_noise(rng, 30, secs(plus(te, 300), boot), n=30,
                          extra=["Lustre: flare-OST0031-osc-ffff9e0c4a1d8000: Connection restored to 10.10.0.31@o2ib (at 10.10.0.31@o2ib)"] if ni == 1 else [])
        sent = int(t_save.timestamp()) + 2
        x = secs(t_lost, boot) + rng.uniform(0, 1.5)
        ev += [(x, f"Lustre: {rng.randint(4000, 9000)}:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent {sent}/real {sent}]  req@ffff9e0c{rng.randint(0x10000000, 0xfffffff0):08x} x{rng.randint(10**15, 10**16)}/t0(0) o4->flare-OST0012-osc-ffff9e0c4a1d8000@10.10.0.12@o2ib:6/4 lens 488/448 e 0 to 1 dl {sent + 107} ref 2 fl Rpc:X/0/ffffffff rc 0/-1 job:'python.{jobid}'"),
               (x + 0.0001, "Lustre: flare-OST0012-osc-ffff9e0c4a1d8000: Connection to flare-OST0012 (at 10.10.0.12@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
               (x + 95, "LustreError: 11-0: flare-OST0012-osc-ffff9e0c4a1d8000: operation ost_write to node 10.10.0.12@o2ib failed: rc = -107"),
               (x + 161, "LustreError: 167-0: flare-OST0012-osc-ffff9e0c4a1d8000: This client was evicted by flare-OST0012; in progress operations using this service will fail."),
               (x + 161.2, "Lustre: flare-OST0012-osc-ffff9e0c4a1d8000: Connection restored to 10.10.0.12@o2ib (at 10.10.0.12@o2ib)")]
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/df-h.txt", std_df(rng, shared=[("10.10.0.1@o2ib:10.10.0.2@o2ib:/flare", "98P", "61P", "37P", "63%", "/lus/flare")]))


# ---------------------------------------------------------------------------
def k15_ray_train_checkpoint_upload(b, rng):
    nodes = ["gpu-node-pool-8c2e-a", "gpu-node-pool-8c2e-b", "gpu-node-pool-8c2e-c", "gpu-node-pool-8c2e-d"]
    b.label("storage", "infrastructure", None, "restart",
            "The run dies while uploading checkpoint_000012: RayTrainWorkers on all four nodes get S3 'InternalError: We "
            "encountered an internal error' (after 4 retries) and read timeouts from the same bucket endpoint within a minute, "
            "i.e. the object store failed for everyone; the remaining workers then only time out in the post-save barrier.",
            "https://github.com/marin-community/marin/issues/9213")
    ips = ["10.52.0.14", "10.52.0.37", "10.52.1.5", "10.52.1.26"]
    ver = "2.3.1"
    t0 = T("2024-07-09 02:00:11")
    t_ck = T("2024-07-09 06:41:30")
    s = Stream()
    s.add(t0, ["2024-07-09 02:00:11,402\tINFO worker.py:1586 -- Connecting to existing Ray cluster at address: 10.52.0.14:6379...",
               "2024-07-09 02:00:11,411\tINFO worker.py:1762 -- Connected to Ray cluster. View the dashboard at http://10.52.0.14:8265 ",
               "",
               "View detailed results here: s3://ml-ckpts-prod/ray-results/mistral-7b-cpt",
               "To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_2024-07-09_01-58-40_119204_1/artifacts/2024-07-09_02-00-12/mistral-7b-cpt/driver_artifacts`",
               "",
               "Training started with configuration:",
               "╭──────────────────────────────────────────────╮",
               "│ Training config                              │",
               "├──────────────────────────────────────────────┤",
               "│ train_loop_config/global_batch_size      512 │",
               "│ train_loop_config/lr                  0.0002 │",
               "│ train_loop_config/seq_len               4096 │",
               "╰──────────────────────────────────────────────╯"])
    wpids = {}
    for ni, ip in enumerate(ips):
        for lr in range(8):
            wpids[(ni, lr)] = rng.randint(3000, 9000)
    for ni, ip in enumerate(ips):
        for lr in range(8):
            tag = f"(RayTrainWorker pid={wpids[(ni, lr)]}, ip={ip}) "
            if ni == 0 and lr == 0:
                s.add(plus(t0, 20), ["Setting up process group for: env:// [rank=0, world_size=32]"], tag)
            s.add(plus(t0, 24 + lr * 0.1), [f"[rank{ni * 8 + lr}]:[W ProcessGroupNCCL.cpp:1968] Warning: TORCH_NCCL_AVOID_RECORD_STREAMS is the default now, this environment variable is thus deprecated. (function operator())"], tag)
    tag0 = f"(RayTrainWorker pid={wpids[(0, 0)]}, ip={ips[0]}) "
    t = plus(t0, 140)
    it = 0
    k = 0
    while t < t_ck:
        it += 50
        t = plus(t, 50 * rng.uniform(3.55, 3.62))
        if t >= t_ck:
            break
        s.add(t, [f"step {it:>6d} | loss {2.41 - 0.5 * (1 - 2.718 ** (-it / 3000)) + rng.uniform(-0.02, 0.02):.4f} | tokens/s {rng.randint(585000, 590500)} | lr {min(2e-4, 2e-4 * it / 1000):.2e}"], tag0)
        if it % 1000 == 0:
            k += 1
            s.add(plus(t, 30), [f"Checkpoint successfully created at: Checkpoint(filesystem=py::fsspec+s3, path=ml-ckpts-prod/ray-results/mistral-7b-cpt/TorchTrainer_8b2c1_00000_0_2024-07-09_02-00-12/checkpoint_{k - 1:06d})"])
    failing = [(1, 3, "InternalError"), (2, 6, "InternalError"), (0, 2, "timeout"), (3, 1, "InternalError"), (2, 0, "timeout")]
    for idx, (ni, lr, kind) in enumerate(failing):
        tag = f"(RayTrainWorker pid={wpids[(ni, lr)]}, ip={ips[ni]}) "
        tt = plus(t_ck, 41 + idx * 9 + rng.uniform(0, 4))
        key = f"ray-results/mistral-7b-cpt/TorchTrainer_8b2c1_00000_0_2024-07-09_02-00-12/checkpoint_000012/__{ni * 8 + lr}_0.distcp"
        if kind == "InternalError":
            last = f"botocore.exceptions.ClientError: An error occurred (InternalError) when calling the UploadPart operation (reached max retries: 4): We encountered an internal error. Please try again."
        else:
            last = f'botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "https://ml-ckpts-prod.s3.us-east-1.amazonaws.com/{key}?uploadId=Ckq{rng.randint(10**9, 10**10)}&partNumber={rng.randint(3, 40)}"'
        tb = py_frames([("/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py", 118, "discard_return_wrapper", "train_func(*args, **kwargs)"),
                        ("/tmp/ray/session_2024-07-09_01-58-40_119204_1/runtime_resources/working_dir_files/_ray_pkg_1e5c/train.py", 233, "train_loop", "save_checkpoint(model, optim, step, ckpt_dir)"),
                        ("/tmp/ray/session_2024-07-09_01-58-40_119204_1/runtime_resources/working_dir_files/_ray_pkg_1e5c/train.py", 141, "save_checkpoint", "upload_dir(local_dir, f\"s3://ml-ckpts-prod/{prefix}\")"),
                        ("/tmp/ray/session_2024-07-09_01-58-40_119204_1/runtime_resources/working_dir_files/_ray_pkg_1e5c/ckpt_io.py", 58, "upload_dir", "s3.upload_file(str(p), bucket, key, Config=TRANSFER_CFG)"),
                        ("/home/ray/anaconda3/lib/python3.10/site-packages/boto3/s3/transfer.py", 372, "upload_file", "future.result()"),
                        ("/home/ray/anaconda3/lib/python3.10/site-packages/s3transfer/futures.py", 103, "result", "return self._coordinator.result()"),
                        ("/home/ray/anaconda3/lib/python3.10/site-packages/s3transfer/futures.py", 266, "result", "raise self._exception")]) + [last]
        s.add(tt, prefix(tb, ""), tag)
    tw = plus(t_ck, 1800 + 30)
    for (ni, lr) in [(0, 0), (1, 0), (3, 4)]:
        s.add(plus(tw, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=96611, op="ALLREDUCE", numel=1, timeout_ms=1800000),
              f"(RayTrainWorker pid={wpids[(ni, lr)]}, ip={ips[ni]}) ")
    te = plus(tw, 10)
    s.add(te, [f"2024-07-09 07:12:{te.second:02d},118\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_8b2c1_00000",
               "Traceback (most recent call last):",
               '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
               "    result = ray.get(future)",
               '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py", line 2639, in get',
               "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
               '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py", line 866, in get_objects',
               "    raise value.as_instanceof_cause()",
               f"ray.exceptions.RayTaskError(ClientError): ray::_Inner.train() (pid={rng.randint(1000, 3000)}, ip={ips[0]}, actor_id=8f1e2c0a9b7d6e5f4a3b2c1d01000000, repr=TorchTrainer)",
               "botocore.exceptions.ClientError: An error occurred (InternalError) when calling the UploadPart operation (reached max retries: 4): We encountered an internal error. Please try again.",
               "",
               "Training errored after 12 iterations at 2024-07-09 07:12:21. Total running time: 5h 12min 10s",
               "Error file: /tmp/ray/session_2024-07-09_01-58-40_119204_1/artifacts/2024-07-09_02-00-12/mistral-7b-cpt/driver_artifacts/TorchTrainer_8b2c1_00000_0_2024-07-09_02-00-12/error.txt",
               "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run."])
    b.add(f"{nodes[0]}/ray-job-driver.log", s.lines())
    for ni, node in enumerate(nodes):
        boot = plus(t0, -rng.randint(1, 5) * 86400)
        ev = dmesg_boot(rng, host=node, driver="535.161.08", kernel="6.1.90+")
        ev += dmesg_noise(rng, 30, secs(plus(te, 60), boot), n=25)
        b.add(f"{node}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{node}/raylet.out.tail", [f"[{iso_ms(plus(t_ck, -600 + j * 120))}] ({rng.randint(100, 300)}) node_manager.cc:{rng.choice([525, 718])}: [state-dump] NodeManager: ... Local resource usage: GPU: 8/8, CPU: 96/192, memory: {rng.randint(900, 1100)}GiB/1.80TiB" for j in range(8)])


# ---------------------------------------------------------------------------
def k16_nemo_checkpoint_oserror_all_nodes(b, rng):
    b.label("storage", "infrastructure", None, "restart",
            "Ranks on all four nodes fail writing the step-6000 distributed checkpoint with 'OSError: [Errno 122] Disk quota "
            "exceeded' on /gpfs/projects/llm_pretrain; df shows the filesystem itself has space but mmlsquota shows the fileset "
            "at its hard block limit. The shared filesystem's quota, not any node; free space/raise quota, then relaunch.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    nodes = ["hpc-gn101", "hpc-gn102", "hpc-gn103", "hpc-gn104"]
    ver = "2.5.1"
    jobid = 2211907
    t0 = T("2024-11-18 20:05:00")
    t_save = T("2024-11-19 01:33:12")
    s = Stream()
    s.add(t0, [f"Job {jobid}: NeMo 2.0 llama3-8b continued pretraining on {len(nodes)} nodes"])
    s.add(plus(t0, 40), ["[NeMo I 2024-11-18 20:05:40 nemo_logging:393] Experiments will be logged at /gpfs/projects/llm_pretrain/results/llama3_8b_cpt",
                         "GPU available: True (cuda), used: True", "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
                         "----------------------------------------------------------------------------------------------------",
                         "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
                         "----------------------------------------------------------------------------------------------------"])
    t = plus(t0, 200)
    step = 0
    from jobs import lightning_bar
    while True:
        step += 1
        t = plus(t, rng.uniform(3.05, 3.12))
        if t >= t_save:
            break
        if step % 20 == 0:
            s.add(t, lightning_bar(0, step, 50000, (t - t0).total_seconds() - 200, 3.08,
                                   [("reduced_train_loss", f"{2.31 - 0.3 * (1 - 2.718 ** (-step / 3000)):.3f}"), ("global_step", f"{step - 1}.0"),
                                    ("consumed_samples", f"{step * 512}.0"), ("train_step_timing in s", f"{rng.uniform(3.05, 3.12):.3f}")]))
        if step % 2000 == 0:
            s.add(plus(t, 1), [f"Epoch 0, global step {step - 1}: 'reduced_train_loss' reached {rng.uniform(1.95, 2.05):.5f} (best {rng.uniform(1.94, 1.96):.5f}), saving model to '/gpfs/projects/llm_pretrain/results/llama3_8b_cpt/checkpoints/model_name=0--step={step - 1}-consumed_samples={step * 512}.0' as top 3"])
    fails = sorted(rng.sample(range(32), 11))
    for r in fails:
        tt = plus(t_save, rng.uniform(20, 75))
        tb = py_frames([("/opt/NeMo/nemo/lightning/pytorch/strategies/megatron_strategy.py", 741, "save_checkpoint", "self.checkpoint_io.save_checkpoint(checkpoint, filepath, storage_options=storage_options)"),
                        ("/opt/NeMo/nemo/lightning/io/pl.py", 186, "save_checkpoint", "dist_checkpointing.save("),
                        ("/opt/megatron-lm/megatron/core/dist_checkpointing/serialization.py", 394, "save", "sharded_strategy.save(sharded_state_dict, checkpoint_dir)"),
                        ("/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/torch.py", 636, "save", "save_state_dict_async_finalize(*save_state_dict_ret)"),
                        ("/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/state_dict_saver.py", 137, "save_state_dict_async_finalize", "raise CheckpointException(\"write\", node_failures)")]) + [
            f"torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([{r}])",
            f"Traceback (most recent call last): (RANK {r})",
            '  File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 260, in write_preloaded_data',
            "    _write_item(transforms, stream, data, write_item, storage_key)",
            '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/filesystem.py", line 290, in _write_item',
            "    stream.write(data.getbuffer())",
            f"OSError: [Errno 122] Disk quota exceeded: '/gpfs/projects/llm_pretrain/results/llama3_8b_cpt/checkpoints/model_name=0--step=5999-consumed_samples=3072000.0/weights/__{r}_0.distcp'"]
        s.add(tt, prefix(tb, f"[rank{r}]: "))
    s.add(plus(t_save, 110), [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(nodes)])
    b.add(f"{nodes[0]}/slurm-{jobid}.out", s.lines())
    for ni, host in enumerate(nodes):
        b.add(f"{host}/df-h.txt", std_df(rng, shared=[("gpfs01", "8.2P", "5.9P", "2.3P", "72%", "/gpfs"),
                                                      ("nfs-home:/export/home", "40T", "31T", "9.0T", "78%", "/home")]))
        b.add(f"{host}/mmlsquota-j-llm_pretrain.txt",
              ["                         Block Limits                                    |     File Limits",
               "Filesystem type             KB      quota      limit   in_doubt    grace |    files   quota    limit in_doubt    grace  Remarks",
               "gpfs01     FILESET  214748364800 214748364800 214748364800    2097152     none |  3117724       0        0       34     none"])
        boot = plus(t0, -rng.randint(3, 10) * 86400)
        ev = dmesg_boot(rng, host=host, driver="550.90.07", kernel="5.14.0-427.13.1.el9_4.x86_64")
        ev += dmesg_noise(rng, 30, secs(plus(t_save, 300), boot), n=25)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))


# ---------------------------------------------------------------------------
def k17_local_snapshot_write_fails(b, rng):
    b.label("host", "infrastructure", ("gx-r3-07", None), "restart_without_node",
            "The first failure is rank 9 on gx-r3-07 getting 'OSError: [Errno 30] Read-only file system' writing its local "
            "snapshot under /local_nvme; gx-r3-07's dmesg shows NVMe write timeouts and medium errors on nvme1n1, an aborted EXT4 "
            "journal and the filesystem remounted read-only (mount shows ro only there). A local disk fault on one node; the "
            "other ranks' watchdog timeouts are sympathetic.",
            "https://github.com/Seagate/cortx-hare/issues/852")
    nodes = ["gx-r3-05", "gx-r3-06", "gx-r3-07", "gx-r3-08"]
    gpn, ver = 4, "2.7.1"
    t0 = T("2025-05-22 08:30:02")
    t_io = T("2025-05-22 12:02:27")
    t_ro = plus(t_io, 41)
    t_exc = plus(t_ro, 19)
    run_id = "llm_cpt_0522"
    for ni, host in enumerate(nodes):
        agent = rng.randint(10000, 60000)
        pids = [agent + 30 + i * 2 for i in range(gpn)]
        console = torchrun_banner(ver, t0, agent)
        base = f"{host}/logs/{run_id}/attempt_0"
        for lr in range(gpn):
            r = ni * gpn + lr
            out = [f"[{iso_ms(plus(t0, 12))}] rank={r} local_rank={lr} host={host} device=cuda:{lr} local_snapshot_dir=/local_nvme/snap"]
            if r == 0:
                t = plus(t0, 60)
                step = 0
                while True:
                    step += 50
                    t = plus(t, 50 * rng.uniform(1.96, 2.01))
                    if t >= t_exc:
                        break
                    out.append(f"[{iso_ms(t)}] step={step} loss={2.2 - 0.3 * (1 - 2.718 ** (-step / 4000)) + rng.uniform(-0.02, 0.02):.4f} grad_norm={rng.uniform(0.2, 0.4):.3f} tok/s={rng.randint(415000, 419000)}")
                    if step % 500 == 0:
                        out.append(f"[{iso_ms(plus(t, 0.5))}] local snapshot step {step} written to /local_nvme/snap (async, {rng.uniform(1.1, 1.4):.2f}s)")
            err = []
            if ni == 2 and lr == 1:
                err = prefix(py_frames([("/workspace/train.py", 377, "<module>", "main()"),
                                        ("/workspace/train.py", 341, "main", "snap.maybe_save(step, model, optimizer)"),
                                        ("/workspace/ckpt/local_snapshot.py", 96, "maybe_save", "self._write(step, state)"),
                                        ("/workspace/ckpt/local_snapshot.py", 71, "_write", "os.makedirs(tmp, exist_ok=True)"),
                                        ("/usr/lib/python3.12/os.py", 225, "makedirs", "mkdir(name, mode)")]) +
                             ["OSError: [Errno 30] Read-only file system: '/local_nvme/snap/step_0006500.tmp'"], f"[rank{r}]: ")
            elif ni != 2:
                tw = plus(t_exc, 600 + rng.uniform(2, 5))
                err = watchdog_timeout(rng, ver, rank=r, seq=70411, op="_REDUCE_SCATTER_BASE", numel=805306368, numel_out=50331648, timeout_ms=600000, t=tw, pg=2)
            b.add(f"{base}/{lr}/stdout.log", out)
            b.add(f"{base}/{lr}/stderr.log", err if err else [""])
        if ni == 2:
            te = plus(t_exc, 1.7)
            console += [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != 1]
            console += [elastic_line(ver, plus(te, 0.6), "E", f"failed (exitcode: 1) local_rank: 1 (pid: {pids[1]}) of binary: /usr/bin/python3", agent)]
            console += torchrun_traceback(ver, pyver="3.12") + child_failed_block("train.py", [], dict(time=t_exc.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=9, local_rank=1, exitcode=1, pid=pids[1], traceback=signal_tb(1, 0)))
        else:
            te = plus(t_exc, 609)
            console += [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pids[1:]]
            console += [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
            console += torchrun_traceback(ver, pyver="3.12") + child_failed_block("train.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * gpn, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0])))
        b.add(f"{host}/torchrun-stdout.log", console)
        boot = plus(t0, -rng.randint(2, 30) * 86400 - rng.randint(0, 50000))
        ev = dmesg_boot(rng, host=host, driver="570.124.06", kernel="6.8.0-60-generic", gpus=4, hcas=4)
        ev += dmesg_noise(rng, 30, secs(plus(t_exc, 900), boot), n=30)
        ev.append((22.0, "EXT4-fs (nvme1n1): mounted filesystem 8c1f0f7e-4f1d-4b7a-9c55-0e2d3b4a5f61 r/w with ordered data mode. Quota mode: none."))
        mounts = ["/dev/nvme0n1p2 on / type ext4 (rw,relatime)", "tmpfs on /dev/shm type tmpfs (rw,nosuid,nodev,size=1056811008k)"]
        if ni == 2:
            x = secs(t_io, boot)
            ev += [(x, "nvme nvme1: I/O tag 812 (3d2c) opcode 0x1 (I/O Cmd) QID 37 timeout, aborting req_op:WRITE(1) size:131072"),
                   (x + 0.3, "nvme nvme1: Abort status: 0x0"),
                   (x + 30.4, "nvme nvme1: I/O tag 812 (3d2c) opcode 0x1 (I/O Cmd) QID 37 timeout, reset controller"),
                   (x + 38.9, "nvme1n1: I/O Cmd(0x1) @ LBA 1931217920, 256 blocks, I/O Error (sct 0x2 / sc 0x81) MORE DNR"),
                   (x + 38.9, "critical medium error, dev nvme1n1, sector 1931217920 op 0x1:(WRITE) flags 0x8800 phys_seg 32 prio class 2"),
                   (x + 39.0, "EXT4-fs warning (device nvme1n1): ext4_end_bio:343: I/O error 10 writing to inode 5767201 starting block 241402240)"),
                   (x + 39.0, "Buffer I/O error on device nvme1n1, logical block 241402240"),
                   (x + 40.7, "Aborting journal on device nvme1n1-8."),
                   (x + 40.7, "EXT4-fs error (device nvme1n1): ext4_journal_check_start:84: comm python3: Detected aborted journal"),
                   (x + 40.8, "EXT4-fs (nvme1n1): Remounting filesystem read-only")]
            mounts.append("/dev/nvme1n1 on /local_nvme type ext4 (ro,relatime)")
        else:
            mounts.append("/dev/nvme1n1 on /local_nvme type ext4 (rw,relatime)")
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/mount-local.txt", mounts)
        b.add(f"{host}/df-h.txt", std_df(rng, shared=[("/dev/nvme1n1", "3.5T", f"{rng.randint(700, 900)}G", "2.6T", f"{rng.randint(21, 26)}%", "/local_nvme"),
                                                      ("vast-data:/llm", "2.0P", "1.1P", "0.9P", "55%", "/mnt/vast")]))


# ---------------------------------------------------------------------------
def _megatron_attempt(rng, b, att, nodes, jobid, t0, it_from, it_nan, nan_rank, losses, gn, ver, ckpt, nan_kind="grad", interval=4):
    s = Stream()
    lab = lambda r: f"{r:>2}: "
    world = len(nodes) * 8
    s.add(t0, [f"+ srun -l python pretrain_gpt.py --load {ckpt} --save {ckpt} --check-for-nan-in-loss-and-grad ...",
               f"SLURM_JOB_ID={jobid} SLURM_JOB_NODELIST={','.join(nodes)}"])
    s.add(plus(t0, 5), megatron_preamble(plus(t0, 5), world=world, tp=8, pp=1, dp=len(nodes), gbs=1024, train_iters=200000,
                                         log_interval=interval, save_interval=500, load_iter=it_from, ckpt_dir=ckpt), lab(0))
    t = plus(t0, 80)
    for it in range(it_from + 1, it_nan):
        t = plus(t, 4.41 + rng.uniform(-0.02, 0.03))
        if it % interval:
            continue
        s.add(t, megatron_iter(t, it, 200000, consumed=it * 1024, ms=4410 + rng.uniform(-20, 30), lr=cosine_lr(it, peak=2e-4, total=200000, minlr=2e-5),
                               gbs=1024, loss=losses(it), gnorm=gn(it)), lab(world - 1))
    t_nan = plus(t, 4.4)
    node = nodes[nan_rank // 8]
    dev = nan_rank % 8
    if nan_kind == "grad":
        msg = f"AssertionError: Rank {nan_rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {dev}, node: {node}"
        frames = [("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 1245, "train", "train_step(forward_step_func,"),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 702, "train_step", "losses_reduced = forward_backward_func("),
                  ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 480, "forward_backward_no_pipelining", "config.finalize_model_grads_func("),
                  ("/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py", 159, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 337, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 359, "finish_grad_sync", "self.start_grad_sync()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 224, "start_grad_sync", "self.check_for_nan_in_grad()"),
                  ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 189, "check_for_nan_in_grad", "assert not norm_is_nan, (")]
    else:
        msg = f"AssertionError: Rank {nan_rank}: found NaN in local forward loss calculation. Device: {dev}, node: {node}"
        frames = [("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 1245, "train", "train_step(forward_step_func,"),
                  ("/workspace/Megatron-LM/megatron/training/training.py", 702, "train_step", "losses_reduced = forward_backward_func("),
                  ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 452, "forward_backward_no_pipelining", "output_tensor, num_tokens = forward_step("),
                  ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 274, "forward_step", "outputs = loss_func(output_tensor)"),
                  ("/workspace/Megatron-LM/pretrain_gpt.py", 151, "loss_func", "assert not loss[0].isnan(), (")]
    s.add(t_nan, py_frames(frames) + [msg], lab(nan_rank))
    tw = plus(t_nan, 600 + 3)
    for r in range(world):
        if r == nan_rank:
            continue
        if rng.random() < 0.5:
            s.add(plus(tw, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=r, seq=it_nan * 3 + 7, op="_REDUCE_SCATTER_BASE", numel=917504000, numel_out=917504000 // len(nodes), timeout_ms=600000, t=tw, pg=3), lab(r))
    te = plus(tw, 4)
    s.add(te, [f"srun: error: {nodes[i]}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i in range(len(nodes))])
    b.add(f"attempt_{att}/{nodes[0]}/slurm-{jobid}.out", s.lines())
    return te


def k18_nan_assert_two_attempts(b, rng):
    b.label("numerical", "script", None, "stop",
            "Both attempts die with Megatron's NaN-in-grad-norm assertion at the same iteration (21408) on the same data-parallel "
            "rank 21, after an identical loss/grad-norm blow-up from iteration ~21395 - although rank 21 ran on mg-03 the first time "
            "and on mg-05 after mg-03/04 were excluded. A deterministic numerical problem of the run (data/hyper-parameters), not hardware.",
            "https://github.com/NVIDIA/Megatron-LM/issues/5026")
    ver = "2.4.0"
    ckpt = "/lustre/llm/ckpt/dense-34b"
    import random as _r
    base = _r.Random("k18-curve")
    L = {it: 1.98 + base.uniform(-0.02, 0.02) for it in range(20500, 21410)}
    G = {it: 0.22 + base.uniform(-0.03, 0.05) for it in range(20500, 21410)}
    for i, it in enumerate(range(21394, 21408)):
        L[it] = 1.99 + 0.04 * i * i / 8
        G[it] = 0.3 * (1.9 ** i)
    atts = [(["mg-01", "mg-02", "mg-03", "mg-04"], 5520101, T("2024-08-29 03:10:00")),
            (["mg-01", "mg-02", "mg-05", "mg-06"], 5520417, T("2024-08-29 05:02:00"))]
    for a, (nodes, jobid, t0) in enumerate(atts):
        te = _megatron_attempt(rng, b, a, nodes, jobid, t0, 21000, 21408, 21, lambda it: L[it], lambda it: G[it], ver, ckpt)
        for ni, host in enumerate(nodes):
            boot = plus(t0, -rng.randint(3, 9) * 86400)
            ev = dmesg_boot(rng, host=host, driver="535.183.01")
            ev += dmesg_noise(rng, 30, secs(plus(te, 60), boot), n=18)
            b.add(f"attempt_{a}/{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
            gs = [dict(bus=bb, temp=rng.randint(30, 37)) for bb in H100_BUS]
            if host == "mg-03":
                gs[2]["ecc"] = {"adc": 3}
            b.add(f"attempt_{a}/{host}/nvidia-smi-q-ecc.txt", smi_q(plus(te, 120), "535.183.01", "12.2", gs, sections=("ECC",)))
    b.add("attempt_1/mg-01/sbatch-header.txt", ["#!/bin/bash", "#SBATCH --job-name=dense34b", "#SBATCH --nodes=4", "#SBATCH --gpus-per-node=8",
                                                "#SBATCH --exclude=mg-03,mg-04   # suspected bad GPU after job 5520101", "#SBATCH --time=48:00:00"])


def k19_nan_assert_two_attempts_b(b, rng):
    b.label("gpu_hardware", "infrastructure", ("h-12", None), "restart_without_node",
            "The NaN appears at different iterations (9212, then 9377 after resuming from 9000) and on different global ranks "
            "(13, then 5), but both times on GPU 5 of h-12 (the node moved from node-rank 1 to 0); the loss and grad norm are "
            "normal right up to the NaN. Following one node rather than one step points to silent data corruption on h-12.",
            "https://github.com/microsoft/dion/issues/76")
    ver = "2.4.0"
    ckpt = "/lustre/llm/ckpt/moe-16x3b"
    atts = [(["h-11", "h-12", "h-13", "h-14"], 6120044, T("2024-09-10 22:40:00"), 9212, 13),
            (["h-12", "h-13", "h-14", "h-15"], 6120390, T("2024-09-11 00:38:00"), 9377, 5)]
    for a, (nodes, jobid, t0, itn, rk) in enumerate(atts):
        import random as _r
        cur = _r.Random(f"k19-{a}")
        te = _megatron_attempt(rng, b, a, nodes, jobid, t0, 9000, itn, rk, lambda it: 2.07 + cur.uniform(-0.03, 0.03),
                               lambda it: 0.24 + cur.uniform(-0.03, 0.04), ver, ckpt, nan_kind="loss")
        for ni, host in enumerate(nodes):
            boot = plus(t0, -rng.randint(3, 9) * 86400)
            ev = dmesg_boot(rng, host=host, driver="535.183.01")
            ev += dmesg_noise(rng, 30, secs(plus(te, 60), boot), n=18)
            b.add(f"attempt_{a}/{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
            gs = [dict(bus=bb, temp=rng.randint(30, 37)) for bb in H100_BUS]
            if host == "h-14":
                gs[1]["ecc"] = {"adc": 7, "vdc": 1}
            b.add(f"attempt_{a}/{host}/nvidia-smi-q-ecc.txt", smi_q(plus(te, 120), "535.183.01", "12.2", gs, sections=("ECC",)))


# ---------------------------------------------------------------------------
def k20_torchrun_restarts_three_errors(b, rng):
    b.label("gpu_hardware", "infrastructure", ("c-05", None), "restart_without_node",
            "Each of the three torchrun attempts dies on c-05 local rank 6 (GPU 6, PCI 0000:ba:00) - first a SIGSEGV, then "
            "'an illegal memory access', then CUBLAS_STATUS_EXECUTION_FAILED - at different steps and different global ranks, with "
            "Xid 13/31 faults on that same GPU in c-05's kernel log. Errors that look like code bugs but follow one GPU: hardware.",
            "https://github.com/pytorch/pytorch/issues/46974")
    nodes = ["c-03", "c-04", "c-05", "c-06"]
    ver = "2.2.2"
    t_att = [T("2024-04-02 10:00:00"), T("2024-04-02 12:21:30"), T("2024-04-02 13:10:02")]
    order = [[0, 1, 2, 3], [2, 0, 3, 1], [1, 3, 0, 2]]   # group rank of each node per rendezvous round
    steps = [(3000, 3411), (3000, 3102), (3000, 3055)]
    boot = T("2024-03-28 06:44:10")
    xid_ev = []
    for a in range(3):
        t0 = t_att[a]
        s_step0, s_fail = steps[a]
        t_fail = plus(t0, 90 + (s_fail - s_step0) * 2.35)
        for ni, host in enumerate(nodes):
            gr = order[a][ni]
            agent = 41000 + ni * 13
            pids = [agent + 100 * (a + 1) + i for i in range(8)]
            s = Stream()
            if a == 0:
                s.add(t0, torchrun_banner(ver, t0, agent))
            else:
                s.add(t0, [elastic_line(ver, t0, "W", f"Sending process {41000 + ni * 13 + 100 * a + i} closing signal SIGTERM") for i in range(8)] if host != "c-05" else [])
            s.add(plus(t0, 2), [f"[{iso_ms(plus(t0, 2))}] torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous complete for workers. Result:",
                                "  restart_count=" + str(a), "  master_addr=c-03", "  master_port=29500", f"  group_rank={gr}", "  group_world_size=4",
                                f"  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]", f"  role_ranks=[{', '.join(str(gr * 8 + i) for i in range(8))}]",
                                f"  global_ranks=[{', '.join(str(gr * 8 + i) for i in range(8))}]"])
            if gr == 0:
                t = plus(t0, 90)
                st = s_step0
                s.add(plus(t0, 80), [f"[rank0]: resumed from /data/ckpt/vlm-20b/step_{s_step0} (attempt {a})"])
                while True:
                    st += 10
                    t = plus(t, 10 * rng.uniform(2.33, 2.37))
                    if t >= t_fail:
                        break
                    s.add(t, [f"[rank0]: {iso(t)} step {st} loss {1.73 + rng.uniform(-0.03, 0.03):.4f} lr 1.20e-04 img/s {rng.uniform(1101, 1112):.1f}"])
            if host == "c-05":
                r = gr * 8 + 6
                if a == 0:
                    s.add(t_fail, [f"[rank{r}]: Fatal Python error: Segmentation fault", f"[rank{r}]: ",
                                   f"[rank{r}]: Thread 0x00007f{rng.randint(0x10000000, 0xffffffff):08x} (most recent call first):",
                                   f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", line 744 in _engine_run_backward',
                                   f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 266 in backward',
                                   f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 522 in backward',
                                   f'[rank{r}]:   File "/workspace/vlm/train.py", line 318 in train_step',
                                   f'[rank{r}]:   File "/workspace/vlm/train.py", line 402 in main',
                                   f'[rank{r}]:   File "/workspace/vlm/train.py", line 431 in <module>'])
                    code, tb = -11, signal_tb(-11, pids[6])
                    xid_ev.append((plus(t_fail, -0.2), f"NVRM: Xid (PCI:0000:ba:00): 13, pid={pids[6]}, name=python, Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address"))
                    xid_ev.append((plus(t_fail, -0.2), f"NVRM: Xid (PCI:0000:ba:00): 13, pid={pids[6]}, name=python, Graphics Exception: ESR 0x51e730=0xc11000e 0x51e734=0x0 0x51e728=0x4c1eb72 0x51e72c=0x174"))
                else:
                    err = ("RuntimeError: CUDA error: an illegal memory access was encountered" if a == 1 else
                           "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`")
                    tbl = py_frames([("/workspace/vlm/train.py", 431, "<module>", "main()"),
                                     ("/workspace/vlm/train.py", 402, "main", "loss = train_step(model, batch)"),
                                     ("/workspace/vlm/train.py", 311, "train_step", "out = model(**batch)"),
                                     ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1520, "_call_impl", "return forward_call(*args, **kwargs)"),
                                     ("/workspace/vlm/model/vision.py", 188, "forward", "x = self.proj(torch.cat(feats, dim=-1))")]) + [err]
                    if a == 1:
                        tbl += ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
                    s.add(t_fail, prefix(tbl, f"[rank{r}]: "))
                    code, tb = 1, signal_tb(1, 0)
                    xid_ev.append((plus(t_fail, -0.1), f"NVRM: Xid (PCI:0000:ba:00): 31, pid={pids[6]}, name=python, Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_{rng.randint(0, 15)} faulted @ 0x7f{rng.randint(0x10000000, 0xffffffff):08x}_{rng.randint(0, 0xffff) * 0x1000:08x}. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_{'READ' if a == 1 else 'WRITE'}"))
                te = plus(t_fail, 1.2)
                s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM") for i, p in enumerate(pids) if i != 6])
                last = a == 2
                msg = elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: {code}) local_rank: 6 (pid: {pids[6]}) of binary: /usr/bin/python")
                s.add(plus(te, 1), [msg])
                if not last:
                    s.add(plus(te, 2), [f"[{iso_ms(plus(te, 2))}] torch.distributed.elastic.agent.server.api: [INFO] [default] Worker group FAILED. 2/2 attempts left; will restart worker group" if a == 0 else
                                        f"[{iso_ms(plus(te, 2))}] torch.distributed.elastic.agent.server.api: [INFO] [default] Worker group FAILED. 1/2 attempts left; will restart worker group"])
                else:
                    s.add(plus(te, 2), torchrun_traceback(ver) + child_failed_block("train.py", [], dict(time=t_fail.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=r, local_rank=6, exitcode=code, pid=pids[6], traceback=tb)))
            else:
                tt = plus(t_fail, 4)
                s.add(tt, [f"[{iso_ms(tt)}] torch.distributed.elastic.agent.server.api: [INFO] [default] Detected 1 new nodes from group_rank={order[a][2]}; will restart worker group" if a < 2 else
                           f"[{iso_ms(tt)}] torch.distributed.elastic.agent.server.api: [INFO] [default] Detected 1 new nodes from group_rank={order[a][2]}; will restart worker group"])
                if a == 2:
                    tw = plus(t_fail, 1800 + 2)
                    for lr in rng.sample(range(8), 3):
                        s.add(plus(tw, rng.uniform(0, 1)), watchdog_timeout(rng, ver, rank=gr * 8 + lr, seq=4402, op="ALLREDUCE", numel=65536000, timeout_ms=1800000))
            b.add(f"attempt_{a}/{host}/torchrun-{host}.log", s.lines())
    for ni, host in enumerate(nodes):
        bt = plus(boot, ni * 40)
        ev = dmesg_boot(rng, host=host, driver="535.161.08")
        ev += dmesg_noise(rng, 30, secs(plus(t_att[2], 3600), bt), n=35)
        if host == "c-05":
            ev += [(secs(t, bt), m) for t, m in xid_ev]
        b.add(f"attempt_2/{host}/dmesg.txt", render_dmesg(ev, style="T", boot=bt))
