"""z33-z40: user-code errors, dependency/environment errors, and one clean run."""
import random

from common import (Bundle, t0, plus, glog, glog_ns, iso, iso_precise, pylog, syslog, uptime, bus_ids, ctime,
                    nccl_init, watchdog_timeout, elastic_failure, sigterm_lines, harmless_warnings,
                    megatron_iter, hf_step, kernel_noise, nvidia_smi_table)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def z33_shape_mismatch_srun():
    """srun --label: every task fails at the first forward with the same shape error (TP config vs checkpoint)."""
    rng = _rng("z33_shape_mismatch_srun")
    b = Bundle("z33_shape_mismatch_srun")
    hosts = ["g0%02d" % i for i in (11, 12, 13, 14)]
    t = t0(2026, 1, 29, 9, 0, 0)
    out = ["+ srun -l --ntasks-per-node=8 python finetune.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --ffn-hidden-size 11008"]
    for task in range(32):
        out.append("%d: using world size: 32, data-parallel size: 4, tensor-model-parallel size: 4, pipeline-model-parallel size: 2" % task if task == 0 else
                   "%d: > initialized tensor model parallel with size 4" % task if task < 4 else "%d: [W init.cpp:767] Warning: nvfuser is no longer supported in torch script" % task)
    out += ["0:  loading checkpoint from /ckpt/llama2-7b-tp4pp2 at iteration 0", "0:  successfully loaded checkpoint (with expected keys)"]
    for task in range(32):
        out += ["%d: Traceback (most recent call last):" % task,
                "%d:   File \"/opt/Megatron-LM/megatron/core/transformer/mlp.py\", line 126, in forward" % task,
                "%d:     intermediate_parallel, bias_parallel = self.linear_fc1(hidden_states)" % task,
                "%d:   File \"/opt/Megatron-LM/megatron/core/tensor_parallel/layers.py\", line 812, in forward" % task,
                "%d:     output_parallel = self._forward_impl(input=input_parallel, weight=weight)" % task,
                "%d: RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 and 2752x4096)" % task]
    out += ["srun: error: g011: tasks 0-7: Exited with exit code 1", "srun: error: g012: tasks 8-15: Exited with exit code 1",
            "srun: error: g013: tasks 16-23: Exited with exit code 1", "srun: error: g014: tasks 24-31: Exited with exit code 1"]
    b.add("g011/slurm-5520931.out", out)
    for h in hosts:
        b.add("%s/dmesg.txt" % h, ["[%s] %s" % (ctime(plus(t, rng.uniform(-9000, 100))), ln) for ln in kernel_noise(rng, 10)])
    b.set_label("user_code", "script", None, "stop",
                "All 32 tasks on four nodes fail at the first forward pass with the same matmul shape mismatch: the FFN weight "
                "shard does not match the configured hidden size / TP split. Deterministic, same on every rank.",
                "https://github.com/epfLLM/Megatron-LLM/issues/73")
    return b


def z34_missing_keys_hf_resume():
    """HF Trainer resume: 'Error(s) in loading state_dict ... Missing key(s)' on every rank."""
    rng = _rng("z34_missing_keys_hf_resume")
    b = Bundle("z34_missing_keys_hf_resume")
    hosts = ["ft-node-1", "ft-node-2"]
    t = t0(2026, 11, 11, 11, 0, 0)
    for n, h in enumerate(hosts):
        log = ["%s - INFO - __main__ - Resuming from checkpoint /shared/runs/qwen-sft/checkpoint-6000" % pylog(plus(t, 12)),
               "%s - WARNING - accelerate.utils.other - Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang." % pylog(plus(t, 13))]
        for l in range(8):
            r = n * 8 + l
            log += ["[rank%d]: Traceback (most recent call last):" % r,
                    "[rank%d]:   File \"/workspace/sft.py\", line 301, in <module>" % r,
                    "[rank%d]:     trainer.train(resume_from_checkpoint=args.resume)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/transformers/trainer.py\", line 2315, in _load_from_checkpoint" % r,
                    "[rank%d]:     load_result = model.load_state_dict(state_dict, strict=True)" % r,
                    "[rank%d]: RuntimeError: Error(s) in loading state_dict for PeftModelForCausalLM:" % r,
                    "[rank%d]: \tMissing key(s) in state_dict: \"base_model.model.model.layers.0.self_attn.q_proj.lora_A.default.weight\", \"base_model.model.model.layers.0.self_attn.q_proj.lora_B.default.weight\", \"base_model.model.model.layers.0.self_attn.v_proj.lora_A.default.weight\", ..." % r,
                    "[rank%d]: \tUnexpected key(s) in state_dict: \"model.layers.0.self_attn.q_proj.weight\", \"model.layers.0.self_attn.k_proj.weight\", ..." % r]
        log += elastic_failure(plus(t, 40), h, "sft.py", [(n * 8, 0, 1, 5010, None), (n * 8 + 1, 1, 1, 5011, None)])
        b.add("%s/train.log" % h, log)
    b.set_label("user_code", "script", None, "stop",
                "Every rank fails the same way when resuming: the checkpoint holds full-model weights but the model is wrapped "
                "with LoRA adapters, so strict loading reports missing adapter keys. Deterministic configuration error.",
                "https://github.com/salesforce/LAVIS/issues/153")
    return b


def z35_collective_mismatch_detail():
    """TORCH_DISTRIBUTED_DEBUG=DETAIL: rank 0 runs an extra broadcast inside an if-block; mismatch report; watchdog noise."""
    rng = _rng("z35_collective_mismatch_detail")
    b = Bundle("z35_collective_mismatch_detail")
    hosts = ["hpc-g17", "hpc-g18"]
    t = t0(2026, 6, 16, 16, 0, 0)
    fail = plus(t, 2 * 3600 + 5)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 20)
        for e in range(3):
            for i in range(0, 1500, 50):
                tt = plus(tt, 50 * 1.5)
                if tt > fail:
                    break
                if n == 0:
                    log.append("Epoch %d:  %d%%| %d/1500 [train_loss=%.3f, lr=1.0e-04]" % (e, i * 100 // 1500, i, 0.6 - e * 0.05 - i * 0.00001 + rng.uniform(-0.01, 0.01)))
        if n == 0:
            log += ["Epoch 2: validation start", "[rank0]: writing best checkpoint (val_acc improved 0.811 -> 0.823), broadcasting best metric to all ranks",
                    "[rank0]: RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=90211, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but Rank 9 is running collective: CollectiveFingerPrint(SequenceNumber=90211, OpType=ALLREDUCE, TensorShape=[3], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))). Collectives differ in the following aspects: \t Op type: BROADCASTvs ALLREDUCE\t Tensor Tensor shapes: 1vs 3"]
        for l in range(1, 8):
            r = n * 8 + l
            log += ["[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=90211, OpType=ALLREDUCE, TensorShape=[3], TensorDtypes=Float), but Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=90211, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Float). Collectives differ in the following aspects: \t Op type: ALLREDUCEvs BROADCAST" % (r, r)]
        log += ["[rank%d]:%s" % (n * 8 + l, x) for l in (2, 5) for x in watchdog_timeout(plus(fail, 1800), n * 8 + l, 90212, timeout_ms=1800000, pid=7200 + l)[:4]]
        b.add("%s/stdout.txt" % h, log)
    b.set_label("user_code", "script", None, "stop",
                "With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank reports the same mismatch at sequence 90211: rank 0 broadcasts "
                "the best metric inside its checkpoint branch while the others all-reduce validation stats. A code bug.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return b


def z36_bad_sample_k8s_attempts():
    """Two attempts (pods rescheduled on other nodes) both die at global step 1520 with the same KeyError in collate."""
    rng = _rng("z36_bad_sample_k8s_attempts")
    b = Bundle("z36_bad_sample_k8s_attempts")
    placements = [["eks-p4d-ip-10-8-1-21", "eks-p4d-ip-10-8-1-37", "eks-p4d-ip-10-8-2-9"],
                  ["eks-p4d-ip-10-8-3-14", "eks-p4d-ip-10-8-1-21", "eks-p4d-ip-10-8-3-88"]]
    base = t0(2026, 3, 8, 0, 0, 0)
    for a, nodes in enumerate(placements):
        t = plus(base, a * 3 * 3600)
        for n, node in enumerate(nodes):
            pod = "vlm-pretrain-worker-%d" % n
            log = []
            tt = plus(t, 50)
            for s in range(1, 1521):
                tt = plus(tt, 4.2)
                if n == 0 and s % 20 == 0:
                    log.append("%s step=%d loss=%.4f shard=%05d" % (iso(tt), s, 2.5 - s * 0.0003, 300 + s // 13))
            if n == 2:
                r = 21
                log += ["%s [rank%d]: KeyError: Caught KeyError in DataLoader worker process 1." % (iso(tt), r),
                        "%s [rank%d]: Original Traceback (most recent call last):" % (iso(tt), r),
                        "%s [rank%d]:   File \"/app/data/collate.py\", line 57, in __call__" % (iso(tt), r),
                        "%s [rank%d]:     ids = [ex[\"input_ids\"] for ex in batch]" % (iso(tt), r),
                        "%s [rank%d]: KeyError: 'input_ids'  (sample key laion-2b/00417/004173211 has fields ['caption', 'url'])" % (iso(tt), r)]
            else:
                log += ["%s %s" % (iso(plus(tt, 600)), x) for x in watchdog_timeout(plus(tt, 600), n * 8, 6082, pid=300)[:3]]
            b.add("attempt_%d/%s/kubectl_logs_%s.txt" % (a + 1, node, pod), log)
            b.add("attempt_%d/%s/kubectl_describe_pod_%s.txt" % (a + 1, node, pod), [
                "Name:         %s" % pod, "Node:         %s/10.8.%d.%d" % (node, 1 + n, 21 + n), "Status:       Failed",
                "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1"])
    b.set_label("user_code", "script", None, "stop",
                "Both attempts, with the pods placed on different nodes, fail at global step 1520 on rank 21 with the same "
                "KeyError for the same malformed sample (laion-2b/00417/004173211). The data/collate code, not a node.",
                "https://github.com/mlfoundations/dclm/issues/62")
    return b


def z37_driver_too_old_one_node():
    """One re-imaged node has an old driver; its ranks cannot start; the others wait in rendezvous/NCCL init."""
    rng = _rng("z37_driver_too_old_one_node")
    b = Bundle("z37_driver_too_old_one_node")
    hosts = ["gpu-e01", "gpu-e02", "gpu-e03", "gpu-e04"]
    t = t0(2026, 10, 19, 8, 0, 0)
    for n, h in enumerate(hosts):
        if n == 1:
            log = ["[rank%d]: Traceback (most recent call last):" % 8,
                   "[rank8]:   File \"/workspace/train.py\", line 41, in setup",
                   "[rank8]:     torch.cuda.set_device(local_rank)",
                   "[rank8]: RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]
            log += elastic_failure(plus(t, 8), h, "train.py", [(8, 0, 1, 4400, None)])
            drv, cuda = "525.147.05", "12.0"
        else:
            log = []
            for l in (0, 4):
                log += nccl_init(h, 4400 + l, l, n * 8 + l, 32, bus_ids(rng)[l])[:4]
            tt = plus(t, 30)
            log += ["[rank%d]: torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0" % (n * 8),
                    "[rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout" % (n * 8 + 3, n * 8 + 3)]
            log += sigterm_lines(plus(t, 1830), [4400 + i for i in range(3)])
            drv, cuda = "550.90.07", "12.4"
        b.add("%s/torchrun.log" % h, log)
        b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(plus(t, 2000), bus_ids(rng), driver=drv, cuda=cuda, util=0, mem_used=1, procs=None))
    b.set_label("dependency", "infrastructure", "gpu-e02", "restart_without_node",
                "Only gpu-e02 fails, at CUDA init, with 'NVIDIA driver on your system is too old'; its nvidia-smi shows driver "
                "525 / CUDA 12.0 while the other three run 550 / 12.4 and merely time out waiting for it.",
                "https://github.com/nagadomi/nunif/issues/702")
    return b


def z38_nccl_symbol_all_nodes():
    """Every node: import torch fails with undefined symbol ncclCommRegister (conflicting NCCL in the image)."""
    rng = _rng("z38_nccl_symbol_all_nodes")
    b = Bundle("z38_nccl_symbol_all_nodes")
    hosts = ["ip-172-31-40-11", "ip-172-31-40-12", "ip-172-31-40-13"]
    t = t0(2026, 2, 20, 20, 20, 0)
    for n, h in enumerate(hosts):
        log = ["%s: Collecting environment: LD_LIBRARY_PATH=/opt/nccl-2.18.1/lib:/usr/local/cuda/lib64:/opt/amazon/efa/lib" % h]
        for l in range(8):
            log += ["[default%d]:Traceback (most recent call last):" % l,
                    "[default%d]:  File \"/fsx/app/train.py\", line 3, in <module>" % l,
                    "[default%d]:    import torch" % l,
                    "[default%d]:  File \"/opt/conda/lib/python3.11/site-packages/torch/__init__.py\", line 367, in <module>" % l,
                    "[default%d]:    from torch._C import *  # noqa: F403" % l,
                    "[default%d]:ImportError: /opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister" % l]
        log += elastic_failure(plus(t, 6), h, "train.py", [(n * 8, 0, 1, 8800, None), (n * 8 + 1, 1, 1, 8801, None)])
        b.add("%s/job.log" % h, log)
    b.set_label("dependency", "framework", None, "stop",
                "All three nodes fail at 'import torch' with the same undefined symbol ncclCommRegister: LD_LIBRARY_PATH puts an "
                "old NCCL 2.18 ahead of the one torch was built against. Same environment error everywhere.",
                "https://github.com/pytorch/pytorch/issues/119932")
    return b


def z39_ray_libcudnn_one_node():
    """Ray cluster: one worker node's cached image lacks cuDNN; its workers fail import, others wait."""
    rng = _rng("z39_ray_libcudnn_one_node")
    b = Bundle("z39_ray_libcudnn_one_node")
    hosts = ["ray-head-7b9fx", "ray-worker-gpu-2kq8d", "ray-worker-gpu-m4n7p", "ray-worker-gpu-zt61c"]
    t = t0(2026, 4, 27, 14, 0, 0)
    for n, h in enumerate(hosts):
        ray = ["[%s,%03d I 88 88] (raylet) main.cc:180: Setting node ID: node_ip_address=%s node_name=%s" % (t.strftime("%Y-%m-%d %H:%M:%S"), 50 + n, ["10.42.0.5", "10.42.1.17", "10.42.2.8", "10.42.3.44"][n], h),
               "[%s,%03d I 88 88] (raylet) main.cc:220: Raylet is not set to kill unknown children." % (t.strftime("%Y-%m-%d %H:%M:%S"), 100 + n),
               "[%s,%03d I 88 88] (raylet) agent_manager.cc:78: Monitor agent process with name dashboard_agent/424238335" % (t.strftime("%Y-%m-%d %H:%M:%S"), 200 + n),
               "[%s,%03d I 88 88] (raylet) runtime_env_agent_client.cc:369: Create runtime env for job 02000000" % (plus(t, 30).strftime("%Y-%m-%d %H:%M:%S"), 300)]
        if n == 2:
            ray.append("[%s,%03d W 88 88] (raylet) worker_pool.cc:584: Some workers of the worker process(2231) have not registered within the timeout. The process is dead, probably it crashed during start." % (plus(t, 95).strftime("%Y-%m-%d %H:%M:%S"), 7))
        b.add("%s/raylet.out" % h, ray)
        if n == 0:
            b.add("%s/job-driver-raysubmit_kQ2.log" % h, [
                "%s INFO trainer.py:350 -- Started distributed worker processes:" % pylog(plus(t, 40)),
                "- (node_id=3f1e..., ip=10.42.1.17, pid=2231) world_rank=0, local_rank=0, node_rank=0",
                "- (node_id=a91c..., ip=10.42.2.8, pid=2231) world_rank=8, local_rank=0, node_rank=1",
                "- (node_id=77d0..., ip=10.42.3.44, pid=2231) world_rank=16, local_rank=0, node_rank=2",
                "%s ERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5b1c0_00000" % pylog(plus(t, 160)),
                "ray.exceptions.RayTaskError(ImportError): ray::_RayTrainWorker__execute.get_next() (pid=2231, ip=10.42.2.8)",
                "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
                "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task. (ip=10.42.1.17) worker_rank=0 was blocked in init_process_group",
                "Training errored after 0 iterations at %s. Total running time: 2min 6s" % plus(t, 166).strftime("%Y-%m-%d %H:%M:%S")])
        if n > 0:
            w = []
            for l in range(0, 8, 2):
                if n == 2:
                    w += ["(RayTrainWorker pid=%d) Traceback (most recent call last):" % (2231 + l),
                          "(RayTrainWorker pid=%d)   File \"/home/ray/anaconda3/lib/python3.10/site-packages/torch/__init__.py\", line 290, in _load_global_deps" % (2231 + l),
                          "(RayTrainWorker pid=%d) OSError: libcudnn.so.9: cannot open shared object file: No such file or directory" % (2231 + l),
                          "(RayTrainWorker pid=%d) ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory" % (2231 + l)]
                else:
                    w += ["(RayTrainWorker pid=%d) Setting up process group for: env:// [rank=%d, world_size=24]" % (2231 + l, (n - 1) * 8 + l),
                          "(RayTrainWorker pid=%d) torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 16/24 clients joined." % (2231 + l)]
            b.add("%s/worker-%040x-ffffffff-%d.err" % (h, 0xbeef00 + n, 2231), w)
            b.add("%s/image.txt" % h, ["IMAGE                                   DIGEST                                                                   CREATED",
                                       "rayproject/ray-ml:2.40.0-py310-gpu      sha256:%s   %s" % ("0c1d9e77b2a6f4e8" * 4 if n == 2 else "9a4fe5b3c07d21e6" * 4, "7 weeks ago" if n == 2 else "3 days ago")])
    b.set_label("dependency", "infrastructure", "ray-worker-gpu-m4n7p", "restart_without_node",
                "Only the workers on ray-worker-gpu-m4n7p fail to import torch (libcudnn.so.9 missing); that node runs a "
                "7-week-old cached image digest while the others pulled the current one and just time out waiting.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/91")
    return b


def z40_clean_run_scary_noise():
    """A run that finished: NCCL INFO, harmless warnings, a NET/IB retry message, final checkpoint and exit 0."""
    rng = _rng("z40_clean_run_scary_noise")
    b = Bundle("z40_clean_run_scary_noise")
    hosts = ["hgx-q1", "hgx-q2"]
    t = t0(2026, 12, 12, 2, 0, 0)
    for n, h in enumerate(hosts):
        log = []
        for l in range(8):
            log += nccl_init(h, 10100 + l, l, n * 8 + l, 16, bus_ids(rng)[l], extra=2)
        log += harmless_warnings(n * 8)
        log.append("%s:10103:10577 [3] NCCL INFO NET/IB : GID index 3 on mlx5_4 is not a RoCEv2 IPv4 GID, falling back to index 1" % h)
        log.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect." % (n * 8, plus(t, 30).strftime("%m%d %H:%M:%S.%f"), n * 8, 0))
        tt = plus(t, 60)
        for it in range(10, 5010, 10):
            tt = plus(tt, 10 * 1.2)
            if n == 1:
                log.append(megatron_iter(tt, it, 5000, 1200 + rng.uniform(-8, 8), 2.9 - it * 0.0002 + rng.uniform(-0.01, 0.01), gbs=256, gnorm=rng.uniform(0.2, 0.9), scale=1.0))
        if n == 1:
            log += ["saving checkpoint at iteration     5000 to /ckpt/run-final in torch_dist format",
                    "  successfully saved checkpoint from iteration     5000 to /ckpt/run-final [ t 1/2, p 1/1 ]",
                    "[after training is done] datetime: %s" % plus(tt, 40).strftime("%Y-%m-%d %H:%M:%S")]
        log += ["[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process." % (n * 8, plus(tt, 45).strftime("%m%d %H:%M:%S.%f")),
                "I%s %d torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % (plus(tt, 46).strftime("%m%d %H:%M:%S.%f"), 10090),
                "I%s %d torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % (plus(tt, 46).strftime("%m%d %H:%M:%S.%f"), 10090),
                "I%s %d torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.41 seconds" % (plus(tt, 47).strftime("%m%d %H:%M:%S.%f"), 10090)]
        b.add("%s/torchrun.log" % h, log)
        b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(plus(tt, 60), bus_ids(rng), util=0, mem_used=1, procs=None))
        b.add_gz("%s/dmesg.txt.gz" % h, ["[%s] %s" % (ctime(plus(t, rng.uniform(-9000, 7000))), ln) for ln in kernel_noise(rng, 40)])
    b.set_label("unknown", "framework", None, "none",
                "The run reached iteration 5000/5000, saved its final checkpoint and every agent reports SUCCEEDED; the NCCL "
                "warnings and destroy_process_group message are routine noise.",
                "https://github.com/deepseek-ai/DeepEP/issues/143")
    return b
