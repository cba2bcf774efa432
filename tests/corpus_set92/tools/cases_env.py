"""Cases ck01-ck12: environment errors on one node versus on every node."""
import random

from common import (T, plus, pylog, glog, c10, kern, nccl, boot_dmesg, nvidia_smi,
                    default_gpus, child_failed, torchrun_tb, sacct, ranks_of, join, iso,
                    H100, A100, dmesg_T, up, sort_dmesg, nccl_warn)

PY310 = "/usr/local/lib/python3.10/dist-packages"


def _omp_warning(t, tid):
    return [glog("W", t, tid, "torch/distributed/run.py:779"),
            "*****************************************",
            "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your "
            "system being overloaded, please further tune the variable for optimal performance in your "
            "application as needed. ",
            "*****************************************"]


def _te_import_tb(script, pkg=PY310, via="megatron"):
    if via == "megatron":
        head = ['  File "/workspace/llm/%s", line 14, in <module>' % script,
                "    from megatron.core.models.gpt import GPTModel",
                '  File "/workspace/llm/megatron/core/models/gpt/__init__.py", line 1, in <module>',
                "    from .gpt_model import GPTModel",
                '  File "/workspace/llm/megatron/core/models/gpt/gpt_model.py", line 17, in <module>',
                "    from megatron.core.models.gpt.gpt_layer_specs import get_gpt_layer_with_transformer_engine_spec",
                '  File "/workspace/llm/megatron/core/models/gpt/gpt_layer_specs.py", line 7, in <module>',
                "    from megatron.core.transformer.custom_layers.transformer_engine import (",
                '  File "/workspace/llm/megatron/core/transformer/custom_layers/transformer_engine.py", line 9, in <module>',
                "    import transformer_engine as te"]
    else:
        head = ['  File "/opt/NeMo/examples/nlp/language_modeling/tuning/%s", line 18, in <module>' % script,
                "    from nemo.collections.nlp.models.language_modeling.megatron_gpt_sft_model import MegatronGPTSFTModel",
                '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_sft_model.py", line 38, in <module>',
                "    from nemo.collections.nlp.models.language_modeling.megatron_gpt_model import MegatronGPTModel",
                '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 108, in <module>',
                "    import transformer_engine",
                ]
    return (["Traceback (most recent call last):"] + head +
            ['  File "%s/transformer_engine/__init__.py", line 10, in <module>' % pkg,
             "    import transformer_engine.common",
             '  File "%s/transformer_engine/common/__init__.py", line 107, in <module>' % pkg,
             "    _TE_LIB_CTYPES = _load_library()",
             '  File "%s/transformer_engine/common/__init__.py", line 79, in _load_library' % pkg,
             "    return ctypes.CDLL(so_path, mode=ctypes.RTLD_GLOBAL)",
             '  File "/usr/lib/python3.10/ctypes/__init__.py", line 374, in __init__',
             "    self._handle = _dlopen(self._name, mode)",
             "OSError: libcuda.so.1: cannot open shared object file: No such file or directory"])


# ---------------------------------------------------------------------------
def ck01():
    rng = random.Random(9201)
    job = 884213
    nodes = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    bad = 2
    t0 = T("2024-05-14 02:41:07")
    files = {}
    out = ["+ export MASTER_ADDR=gpu-b05 MASTER_PORT=29500 NNODES=4",
           "+ srun --label --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d "
           "--rdzv-endpoint=gpu-b05:29500 --rdzv-id=884213 pretrain_gpt.py --config configs/gpt_13b.yaml",
           "Tue May 14 02:41:07 UTC 2024: job 884213 starting on gpu-b[05-08]"]
    agent_tid = {i: 140230000000000 + rng.randint(10 ** 8, 10 ** 9) for i in range(4)}
    for i in range(4):
        out += ["%d: %s" % (i, ln) for ln in _omp_warning(plus(t0, 5 + i * 0.1), agent_tid[i])]
    t_rdzv = plus(t0, 11.4)
    for i in range(4):
        out.append("%d: %s [default] Rendezvous complete for workers. Result:" % (
            i, glog("I", plus(t_rdzv, i * 0.01), agent_tid[i], "torch/distributed/elastic/agent/server/api.py:589")))
        out.append("%d:   restart_count=0" % i)
        out.append("%d:   master_addr=gpu-b05" % i)
        out.append("%d:   group_rank=%d" % (i, i))
        out.append("%d:   group_world_size=4" % i)
    # healthy nodes print TE warning at import
    for i in (0, 1, 3):
        out.append("%d: [rank%d]:%s/transformer_engine/pytorch/attention.py:88: UserWarning: flash-attn v3 may "
                   "provide important feature support or performance improvement. Please install flash-attn v3 "
                   "by following the instructions in the README." % (i, i * 8, PY310))
    t_crash = plus(t0, 19.8)
    bad_ranks = ranks_of(bad)
    for k, r in enumerate(bad_ranks):
        tb = _te_import_tb("pretrain_gpt.py")
        if k in (0, 3):
            out += ["%d: [rank%d]: %s" % (bad, r, ln) for ln in tb]
        else:
            out.append("%d: [rank%d]: %s" % (bad, r, tb[-1]))
    out.append("0: [rank0]: > initializing torch distributed ...")
    tb_t = plus(t_crash, 1.7)
    pids = [48213 + k for k in range(8)]
    out.append("%d: %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (
        bad, glog("E", tb_t, agent_tid[bad], "torch/distributed/elastic/multiprocessing/api.py:826"), pids[0]))
    out += ["%d: %s" % (bad, ln) for ln in torchrun_tb()]
    fails = [{"host": nodes[bad], "rank": bad_ranks[0], "local_rank": 0, "exitcode": 1, "pid": pids[0], "time": t_crash}]
    for k in range(1, 8):
        fails.append({"host": nodes[bad], "rank": bad_ranks[k], "local_rank": k, "exitcode": 1, "pid": pids[k], "time": t_crash})
    out += ["%d: %s" % (bad, ln) for ln in child_failed("pretrain_gpt.py", t_crash, fails)]
    out.append("srun: error: gpu-b07: task 2: Exited with exit code 1")
    t_to = plus(t0, 21 + 1801)
    out.append("0: [rank0]: Traceback (most recent call last):")
    out.append('0: [rank0]:   File "/workspace/llm/pretrain_gpt.py", line 241, in <module>')
    out.append("0: [rank0]:     pretrain(train_valid_test_datasets_provider, model_provider, ModelType.encoder_or_decoder, forward_step)")
    out.append('0: [rank0]:   File "/workspace/llm/megatron/training/training.py", line 216, in pretrain')
    out.append("0: [rank0]:     initialize_megatron(extra_args_provider=extra_args_provider,")
    out.append('0: [rank0]:   File "/workspace/llm/megatron/training/initialize.py", line 77, in initialize_megatron')
    out.append("0: [rank0]:     finish_mpu_init()")
    out.append('0: [rank0]:   File "%s/torch/distributed/c10d_logger.py", line 93, in wrapper' % PY310)
    out.append("0: [rank0]:     func_return = func(*args, **kwargs)")
    out.append('0: [rank0]:   File "%s/torch/distributed/distributed_c10d.py", line 1361, in init_process_group' % PY310)
    out.append("0: [rank0]:     store, rank, world_size = next(rendezvous_iterator)")
    out.append("0: [rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.")
    for i in (1, 3):
        out.append("%d: [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (i, i * 8))
    for i in (0, 1, 3):
        out.append("%d: %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (
            i, glog("E", plus(t_to, 2 + i * 0.3), agent_tid[i], "torch/distributed/elastic/multiprocessing/api.py:826"),
            51022 + i * 311))
    for i in (0, 1, 3):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (nodes[i], i))
    files["slurm-%d.out" % job] = join(out)
    files["job.sbatch"] = join([
        "#!/bin/bash", "#SBATCH --job-name=gpt13b-pt", "#SBATCH --nodes=4", "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8", "#SBATCH --partition=h100", "#SBATCH --time=48:00:00",
        "#SBATCH --output=slurm-%j.out", "set -x",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1) MASTER_PORT=29500 NNODES=$SLURM_NNODES",
        "srun --label --ntasks-per-node=1 torchrun --nnodes=$NNODES --nproc-per-node=8 --rdzv-backend=c10d \\",
        "    --rdzv-endpoint=$MASTER_ADDR:$MASTER_PORT --rdzv-id=$SLURM_JOB_ID pretrain_gpt.py --config configs/gpt_13b.yaml"])
    end = plus(t_to, 4)
    files["sacct.txt"] = sacct([
        (str(job), "gpt13b-pt", "h100", "FAILED", "1:0", "00:30:27", "gpu-b[05-08]"),
        ("%d.batch" % job, "batch", "", "FAILED", "1:0", "00:30:27", "gpu-b05"),
        ("%d.0" % job, "torchrun", "", "FAILED", "1:0", "00:30:25", "gpu-b[05-08]")])
    good_boot = T("2024-04-22 10:03:11")
    bad_boot = T("2024-05-13 22:17:40")
    for i, n in enumerate(nodes):
        if i == bad:
            d = boot_dmesg(n, bad_boot, with_nvidia=False)
            bus = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
            for j, b in enumerate(bus):
                d.append("[%12.6f] nouveau 0000:%s:00.0: unknown chipset (180000a1)" % (11.20 + j * 0.04, b))
                d.append("[%12.6f] nouveau: probe of 0000:%s:00.0 failed with error -22" % (11.21 + j * 0.04, b))
            d.append("[%12.6f] systemd[1]: nvidia-persistenced.service: Failed to locate executable /usr/bin/nvidia-persistenced: No such file or directory" % 61.4402)
            d.append("[%12.6f] systemd[1]: nvidia-fabricmanager.service: Main process exited, code=exited, status=1/FAILURE" % 61.9981)
            files["%s/dmesg.txt" % n] = join(sort_dmesg(d))
            files["%s/nvidia-smi.txt" % n] = "bash: nvidia-smi: command not found\n"
            files["%s/ldconfig.txt" % n] = join([
                "$ ldconfig -p | grep -E 'libcuda|libnvidia-ml'", "$ echo $?", "1",
                "$ ls -l /usr/lib/x86_64-linux-gnu/libcuda*",
                "ls: cannot access '/usr/lib/x86_64-linux-gnu/libcuda*': No such file or directory",
                "$ cat /etc/node-image", "image=ubuntu-22.04-base build=20240513.2 profile=netboot-fallback",
                "$ uptime", " 03:14:02 up  4:56,  0 users,  load average: 0.11, 0.09, 0.08"])
        else:
            files["%s/dmesg.txt" % n] = join(boot_dmesg(n, good_boot))
            files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(end, 30), "550.54.15", "12.4", default_gpus(rng))
            if i == 0:
                files["%s/ldconfig.txt" % n] = join([
                    "$ ldconfig -p | grep -E 'libcuda|libnvidia-ml'",
                    "\tlibnvidia-ml.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libnvidia-ml.so.1",
                    "\tlibcuda.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcuda.so.1",
                    "\tlibcuda.so (libc6,x86-64) => /lib/x86_64-linux-gnu/libcuda.so",
                    "$ cat /etc/node-image", "image=ubuntu-22.04-gpu-550.54.15 build=20240422.1 profile=compute"])
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "gpu-b07", "rank": None}, "action": "restart_without_node",
             "rationale": "Only the eight ranks on gpu-b07 die at import with libcuda.so.1 missing; that host booted a "
                          "netboot-fallback image without the NVIDIA userspace (no nvidia-smi, nouveau probe lines) while "
                          "the other three nodes imported fine and then timed out waiting for it.",
             "modelled_on": "https://github.com/apache/mxnet/issues/6787"}
    return "ck01_libcuda_so_missing_on_some_ranks_srun_label", files, label


# ---------------------------------------------------------------------------
def ck02():
    rng = random.Random(9202)
    files = {}
    pods = ["llm-sft-7b-master-0", "llm-sft-7b-worker-0", "llm-sft-7b-worker-1", "llm-sft-7b-worker-2"]
    hosts = ["k8s-gpu-n11", "k8s-gpu-n12", "k8s-gpu-n13", "k8s-gpu-n14"]
    t0 = T("2024-07-02 16:20:31")
    pkg = "/usr/local/lib/python3.10/dist-packages"
    files["pytorchjob.yaml"] = join([
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llm-sft-7b", "  namespace: ml-team",
        "spec:", "  nprocPerNode: \"8\"", "  runPolicy:", "    backoffLimit: 6", "    cleanPodPolicy: None",
        "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      restartPolicy: OnFailure",
        "      template: &tmpl", "        spec:", "          # runtimeClassName: nvidia   # removed when migrating from the old manifest",
        "          containers:", "          - name: pytorch", "            image: registry.ml.internal/sft/nemo-sft:24.05-r2",
        "            command: [\"torchrun\", \"/opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py\",",
        "                      \"--config-path=/cfg\", \"--config-name=sft_7b.yaml\"]",
        "            resources:", "              limits:", "                nvidia.com/gpu: 8", "                rdma/ib: 4",
        "            volumeMounts:", "            - {name: dshm, mountPath: /dev/shm}",
        "          volumes:", "          - {name: dshm, emptyDir: {medium: Memory, sizeLimit: 64Gi}}",
        "    Worker:", "      replicas: 3", "      restartPolicy: OnFailure", "      template: *tmpl"])
    files["kubectl-get-runtimeclass.txt"] = join([
        "$ kubectl get runtimeclass", "NAME     HANDLER   AGE", "nvidia   nvidia    212d",
        "$ kubectl get nodes -l nvidia.com/gpu.present=true -o custom-columns=NAME:.metadata.name,RUNTIME:.status.nodeInfo.containerRuntimeVersion",
        "NAME          RUNTIME", "k8s-gpu-n11   containerd://1.7.13", "k8s-gpu-n12   containerd://1.7.13",
        "k8s-gpu-n13   containerd://1.7.13", "k8s-gpu-n14   containerd://1.7.13",
        "$ ssh k8s-gpu-n11 grep -A2 default_runtime_name /etc/containerd/config.toml",
        "    default_runtime_name = \"runc\"",
        "    [plugins.\"io.containerd.grpc.v1.cri\".containerd.runtimes.nvidia]",
        "      runtime_type = \"io.containerd.runc.v2\""])
    desc = []
    for i, (p, h) in enumerate(zip(pods, hosts)):
        start = plus(t0, 3 + i)
        desc += ["Name:             %s" % p, "Namespace:        ml-team", "Priority:         0",
                 "Service Account:  default", "Node:             %s/10.31.6.%d" % (h, 11 + i),
                 "Start Time:       %s" % start.strftime("%a, %d %b %Y %H:%M:%S +0000"),
                 "Labels:           training.kubeflow.org/job-name=llm-sft-7b",
                 "                  training.kubeflow.org/replica-index=%d" % (0 if i == 0 else i - 1),
                 "                  training.kubeflow.org/replica-type=%s" % ("master" if i == 0 else "worker"),
                 "Status:           Running", "IP:               10.244.%d.%d" % (11 + i, 37 + i * 3),
                 "Containers:", "  pytorch:",
                 "    Container ID:  containerd://%040x" % rng.getrandbits(160),
                 "    Image:         registry.ml.internal/sft/nemo-sft:24.05-r2",
                 "    Image ID:      registry.ml.internal/sft/nemo-sft@sha256:7e1b0c44d2a9f3e8b65c1d0a9e7f3c2b1a0d9e8f7c6b5a4d3c2b1a0f9e8d7c6b",
                 "    State:          Waiting", "      Reason:       CrashLoopBackOff",
                 "    Last State:     Terminated", "      Reason:       Error", "      Exit Code:    1",
                 "      Started:      %s" % plus(t0, 190 + i).strftime("%a, %d %b %Y %H:%M:%S +0000"),
                 "      Finished:     %s" % plus(t0, 199 + i).strftime("%a, %d %b %Y %H:%M:%S +0000"),
                 "    Ready:          False", "    Restart Count:  4",
                 "    Limits:", "      nvidia.com/gpu:  8", "      rdma/ib:         4",
                 "    Environment:",
                 "      NVIDIA_VISIBLE_DEVICES:  GPU-%08x-1b2c-4d5e-8f90-a1b2c3d4e5f6,..." % rng.getrandbits(32),
                 "      PET_NPROC_PER_NODE:      8", "      PET_NNODES:              4",
                 "      MASTER_ADDR:             llm-sft-7b-master-0", "      MASTER_PORT:             23456",
                 "Events:", "  Type     Reason     Age                  From               Message",
                 "  ----     ------     ----                 ----               -------",
                 "  Normal   Scheduled  4m                   default-scheduler  Successfully assigned ml-team/%s to %s" % (p, h),
                 "  Normal   Pulled     3m58s                kubelet            Container image \"registry.ml.internal/sft/nemo-sft:24.05-r2\" already present on machine",
                 "  Normal   Created    80s (x5 over 3m58s)  kubelet            Created container pytorch",
                 "  Normal   Started    80s (x5 over 3m58s)  kubelet            Started container pytorch",
                 "  Warning  BackOff    12s (x9 over 3m20s)  kubelet            Back-off restarting failed container pytorch in pod %s_ml-team(%08x-5d1e-4b7a-9c3f-%012x)" % (p, rng.getrandbits(32), rng.getrandbits(48)),
                 ""]
    files["kubectl-describe.txt"] = join(desc)
    pk = "/usr/local/lib/python3.10/dist-packages"
    for i, (p, h) in enumerate(zip(pods, hosts)):
        ts = plus(t0, 190 + i)
        lg = ["[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:118: UserWarning: "
              "CUDA initialization: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
              "installed a driver from http://www.nvidia.com/Download/index.aspx (Triggered internally at "
              "../c10/cuda/CUDAFunctions.cpp:108.)" % ts.strftime("%Y-%m-%d %H:%M:%S"),
              "      return torch._C._cuda_getDeviceCount() > 0", ""]
        lg += _omp_warning(plus(ts, -1.2), 139911020001000 + i)
        lr = i * 8
        for k in range(8):
            tb = _te_import_tb("megatron_gpt_finetuning.py", pkg=pk, via="nemo")
            if k == 0:
                lg += ["[rank%d]: %s" % (lr, ln) for ln in tb]
            else:
                lg.append("[rank%d]: %s" % (lr + k, tb[-1]))
        lg.append("%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (
            glog("E", plus(ts, 8.7), 139911020001000 + i, "torch/distributed/elastic/multiprocessing/api.py:826"), 61 + i))
        fails = [{"host": p, "rank": lr + k, "local_rank": k, "exitcode": 1, "pid": 61 + k, "time": plus(ts, 8)} for k in range(8)]
        lg += torchrun_tb(py=pk)
        lg += child_failed("megatron_gpt_finetuning.py", plus(ts, 8), fails)
        files["kubectl-logs-%s.txt" % p] = join(lg)
    for i, h in enumerate(hosts):
        files["%s/nvidia-smi.txt" % h] = nvidia_smi(plus(t0, 400), "535.161.08", "12.2", default_gpus(rng), name=H100)
        files["%s/kubelet.log" % h] = join([
            "%s %s kubelet[2211]: I0702 %s.%06d    2211 kuberuntime_manager.go:1031] \"Creating container in pod\" containerType=\"container\" container=\"&Container{Name:pytorch,Image:registry.ml.internal/sft/nemo-sft:24.05-r2,...}\" pod=\"ml-team/%s\""
            % (plus(t0, 4 + i).strftime("%b %d %H:%M:%S"), h, plus(t0, 4 + i).strftime("%H:%M:%S"), 120033 + i, pods[i]),
            "%s %s kubelet[2211]: I0702 %s.%06d    2211 pod_workers.go:1298] \"Error syncing pod, skipping\" err=\"failed to \\\"StartContainer\\\" for \\\"pytorch\\\" with CrashLoopBackOff: \\\"back-off 1m20s restarting failed container=pytorch pod=%s_ml-team\\\"\" pod=\"ml-team/%s\""
            % (plus(t0, 205 + i).strftime("%b %d %H:%M:%S"), h, plus(t0, 205 + i).strftime("%H:%M:%S"), 553120 + i, pods[i], pods[i])])
    label = {"category": "dependency", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "All four pods on four different hosts fail identically at import with libcuda.so.1 missing while "
                          "nvidia-smi works on every host; the PyTorchJob template dropped runtimeClassName: nvidia on a cluster "
                          "whose containerd default runtime is runc, so no pod gets the driver libraries. Restarts cannot help.",
             "modelled_on": "https://github.com/xorbitsai/inference/pull/883"}
    return "ck02_libcuda_so_missing_in_every_pod_crashloop", files, label


# ---------------------------------------------------------------------------
def ck03():
    rng = random.Random(9203)
    job = 551907
    nodes = ["hgx-r12-n01", "hgx-r12-n02", "hgx-r12-n03", "hgx-r12-n04"]
    bad = 3
    t0 = T("2024-08-19 21:05:44")
    files = {}
    out = ["Job 551907 on hgx-r12-n[01-04] started %s" % iso(t0),
           "srun --kill-on-bad-exit=1 --cpu-bind=none python train.py --cfg cfg/llama_8b_dpo.yaml"]
    for r in range(32):
        node = r // 8
        if node != bad and r % 8 == 0:
            out.append("%d: %s | INFO | rank %d/32 on %s, local_rank=%d, device=cuda:%d" % (
                r, pylog(plus(t0, 9 + r * 0.01)), r, nodes[node], 0, 0))
    t_err = plus(t0, 11.2)
    for k, r in enumerate(ranks_of(bad)):
        if k in (0, 5):
            out += ["%d: %s/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: The NVIDIA driver on your "
                    "system is too old (found version 12000). Please update your GPU driver by downloading and installing "
                    "a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: "
                    "https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA "
                    "driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % (r, PY310),
                    "%d:   return torch._C._cuda_getDeviceCount() > 0" % r,
                    "%d: Traceback (most recent call last):" % r,
                    '%d:   File "/home/svc-train/dpo/train.py", line 412, in <module>' % r,
                    "%d:     main(cfg)" % r,
                    '%d:   File "/home/svc-train/dpo/train.py", line 97, in main' % r,
                    "%d:     torch.cuda.set_device(local_rank)" % r,
                    '%d:   File "%s/torch/cuda/__init__.py", line 399, in set_device' % (r, PY310),
                    "%d:     torch._C._cuda_setDevice(device)" % r,
                    '%d:   File "%s/torch/cuda/__init__.py", line 293, in _lazy_init' % (r, PY310),
                    "%d:     torch._C._cuda_init()" % r,
                    "%d: RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update "
                    "your GPU driver by downloading and installing a new version from the URL: "
                    "http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a "
                    "PyTorch version that has been compiled with your version of the CUDA driver." % r]
        else:
            out.append("%d: RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update "
                       "your GPU driver by downloading and installing a new version from the URL: "
                       "http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a "
                       "PyTorch version that has been compiled with your version of the CUDA driver." % r)
    out.append("srun: error: hgx-r12-n04: tasks 24-31: Exited with exit code 1")
    out.append("srun: Terminating StepId=551907.0")
    t_kill = plus(t_err, 1.3)
    out.append("slurmstepd: error: *** STEP 551907.0 ON hgx-r12-n01 CANCELLED AT %s ***" % iso(t_kill))
    for r in (0, 3, 9, 14, 17, 22):
        out.append("%d: [rank%d]: Traceback (most recent call last):" % (r, r))
        out.append('%d: [rank%d]:   File "/home/svc-train/dpo/train.py", line 101, in main' % (r, r))
        out.append("%d: [rank%d]:     dist.init_process_group(\"nccl\", timeout=timedelta(minutes=20))" % (r, r))
        out.append("%d: [rank%d]: KeyboardInterrupt" % (r, r) if r % 2 else
                   "%d: [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (r, r))
    out.append("srun: error: hgx-r12-n01: tasks 0-7: Terminated")
    out.append("srun: error: hgx-r12-n02: tasks 8-15: Terminated")
    out.append("srun: error: hgx-r12-n03: tasks 16-23: Terminated")
    out.append("srun: Force Terminated StepId=551907.0")
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([
        (str(job), "llama8b-dpo", "hgx", "FAILED", "1:0", "00:00:14", "hgx-r12-n[01-04]"),
        ("%d.batch" % job, "batch", "", "FAILED", "1:0", "00:00:14", "hgx-r12-n01"),
        ("%d.0" % job, "python", "", "CANCELLED", "0:15", "00:00:13", "hgx-r12-n[01-04]")])
    files["job.sbatch"] = join(["#!/bin/bash", "#SBATCH -J llama8b-dpo", "#SBATCH -N 4", "#SBATCH --ntasks-per-node=8",
                                "#SBATCH --gpus-per-task=1", "#SBATCH -p hgx", "#SBATCH -t 24:00:00",
                                "source /home/svc-train/venvs/dpo/bin/activate   # torch 2.5.1+cu124",
                                "export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1)",
                                "srun --kill-on-bad-exit=1 --cpu-bind=none python train.py --cfg cfg/llama_8b_dpo.yaml"])
    for i, n in enumerate(nodes):
        if i == bad:
            files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 600), "525.147.05", "12.0", default_gpus(rng))
            files["%s/dmesg.txt" % n] = join(sort_dmesg(boot_dmesg(n, T("2024-08-19 17:40:02"), driver="525.147.05") + [
                "[%12.6f] ipmi_si IPI0001:00: IPMI message handler: BMC reports FRU replaced (board serial changed)" % 63.004,
                "[%12.6f] NVRM: GPU 0000:18:00.0: RmInitAdapter succeeded" % 70.2210]))
            files["%s/node-info.txt" % n] = join([
                "$ cat /etc/cluster-image", "hgx-compute 2023.11.1 (driver 525.147.05, ofed 5.8-3.0.7)",
                "$ scontrol show node hgx-r12-n04 | grep -E 'State|Reason|LastBusy'",
                "   State=ALLOCATED ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
                "   LastBusyTime=2024-08-19T18:02:51 ResumeAfterTime=None",
                "   Reason=returned from RMA (mainboard swap) [ops@2024-08-19T17:55:10]"])
        else:
            files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 600), "550.90.07", "12.4", default_gpus(rng))
            if i == 0:
                files["%s/node-info.txt" % n] = join(["$ cat /etc/cluster-image",
                                                      "hgx-compute 2024.07.2 (driver 550.90.07, ofed 24.04-0.7.0)"])
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "hgx-r12-n04", "rank": None}, "action": "restart_without_node",
             "rationale": "Only ranks 24-31 on hgx-r12-n04 fail CUDA init with 'driver too old (found version 12000)'; its "
                          "nvidia-smi shows driver 525.147.05 from a stale image after an RMA while the other nodes run 550.90.07. "
                          "The other ranks were only killed by srun.",
             "modelled_on": "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65"}
    return "ck03_driver_too_old_error_on_ranks_24_to_31", files, label


# ---------------------------------------------------------------------------
def ck04():
    rng = random.Random(9204)
    job = 3318840
    nodes = ["dgx-a17", "dgx-a18", "dgx-a19", "dgx-a20"]
    t0 = T("2024-11-06 08:12:03")
    files = {}
    banner = ["", "=============", "== PyTorch ==", "=============", "",
              "NVIDIA Release 24.10 (build 114410972)", "PyTorch Version 2.5.0a0+e000cf0",
              "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.",
              "Copyright (c) 2014-2024 Facebook Inc.", "", "Various files include modifications (c) NVIDIA CORPORATION & AFFILIATES.  All rights reserved.",
              "", "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
              "By pulling and using the container, you accept the terms and conditions of this license:",
              "https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license", "",
              "ERROR: This container was built for NVIDIA Driver Release 560.35 or later, but",
              "       version 535.161.08 was detected and compatibility mode is UNAVAILABLE.", "",
              "       [[CUDA driver version is insufficient for CUDA runtime version (cudaErrorInsufficientDriver)]]", ""]
    out = ["pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.10-py3",
           "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.10-py3"]
    for i in range(4):
        out += ["%d: %s" % (i, ln) for ln in banner]
    for i in range(4):
        tid = 140412000000000 + i * 7717
        out += ["%d: %s" % (i, ln) for ln in _omp_warning(plus(t0, 40 + i * 0.2), tid)]
    for r in range(32):
        i = r // 8
        if r in (0, 13):
            out += ["%d: [rank%d]: Traceback (most recent call last):" % (i, r),
                    '%d: [rank%d]:   File "/workspace/vit/train_vit.py", line 188, in <module>' % (i, r),
                    "%d: [rank%d]:     main()" % (i, r),
                    '%d: [rank%d]:   File "/workspace/vit/train_vit.py", line 74, in main' % (i, r),
                    "%d: [rank%d]:     torch.cuda.set_device(args.local_rank)" % (i, r),
                    '%d: [rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 478, in set_device' % (i, r),
                    "%d: [rank%d]:     torch._C._cuda_setDevice(device)" % (i, r)]
        out.append("%d: [rank%d]: RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version" % (i, r))
        if r in (0, 13):
            out += ["%d: [rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % (i, r),
                    "%d: [rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % (i, r),
                    "%d: [rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % (i, r)]
    for i in range(4):
        t = plus(t0, 52 + i * 0.4)
        out.append("%d: %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (
            i, glog("E", t, 140412000000000 + i * 7717, "torch/distributed/elastic/multiprocessing/api.py:869"), 312 + i))
        fails = [{"host": nodes[i], "rank": i * 8 + k, "local_rank": k, "exitcode": 1, "pid": 312 + k, "time": t} for k in range(8)]
        out += ["%d: %s" % (i, ln) for ln in child_failed("train_vit.py", t, fails)]
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = join(out)
    files["job.sbatch"] = join(["#!/bin/bash", "#SBATCH -J vit-h14", "#SBATCH -N 4", "#SBATCH --ntasks-per-node=1",
                                "#SBATCH --gpus-per-node=8", "#SBATCH -p dgxa100", "#SBATCH -t 12:00:00",
                                "srun --label --container-image=nvcr.io#nvidia/pytorch:24.10-py3 \\",
                                "     --container-mounts=/lustre/vision:/data,/home/$USER/vit:/workspace/vit \\",
                                "     torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 --rdzv-backend=c10d \\",
                                "     --rdzv-endpoint=$(scontrol show hostnames $SLURM_NODELIST | head -1):29400 /workspace/vit/train_vit.py"])
    files["sacct.txt"] = sacct([
        (str(job), "vit-h14", "dgxa100", "FAILED", "1:0", "00:01:02", "dgx-a[17-20]"),
        ("%d.batch" % job, "batch", "", "FAILED", "1:0", "00:01:02", "dgx-a17"),
        ("%d.0" % job, "torchrun", "", "FAILED", "1:0", "00:00:58", "dgx-a[17-20]")])
    for i, n in enumerate(nodes):
        if i in (0, 2):
            files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 300), "535.161.08", "12.2", default_gpus(rng), name=A100)
        files["%s/dmesg.txt" % n] = join(boot_dmesg(n, T("2024-10-01 06:44:19"), driver="535.161.08",
                                                    gpu_bus=("07", "0f", "47", "4e", "87", "90", "b7", "bd")))
    label = {"category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "Every rank on all four nodes fails cudaSetDevice with 'CUDA driver version is insufficient'; the "
                          "NGC 24.10 container needs driver 560+ and every node runs 535.161.08. The image/driver pairing is "
                          "wrong for the whole cluster, so a retry on other nodes cannot help.",
             "modelled_on": "https://github.com/NVIDIA/nvidia-docker/issues/400"}
    return "ck04_cuda_driver_insufficient_on_every_node", files, label


# ---------------------------------------------------------------------------
def ck05():
    rng = random.Random(9205)
    job = 120774
    nodes = ["dgx-c3-04", "dgx-c3-05", "dgx-c3-06", "dgx-c3-07"]
    bad = 2
    t0 = T("2024-06-11 13:30:15")
    files = {}
    so = "/opt/conda/lib/python3.10/site-packages/fused_layer_norm_cuda.cpython-310-x86_64-linux-gnu.so"
    out = ["mpirun -np 32 -N 8 --hostfile hosts.txt --tag-output --bind-to none -x MASTER_ADDR -x MASTER_PORT "
           "-x CUDA_DEVICE_MAX_CONNECTIONS=1 python pretrain_gpt.py --tensor-model-parallel-size 4 "
           "--pipeline-model-parallel-size 2 --num-layers 40 --hidden-size 5120 ..."]
    out += ["[1,0]<stdout>:using world size: 32, data-parallel size: 4, context-parallel size: 1 tensor-model-parallel size: 4, pipeline-model-parallel size: 2 ",
            "[1,0]<stdout>:using torch.bfloat16 for parameters ...",
            "[1,0]<stdout>:------------------------ arguments ------------------------",
            "[1,0]<stdout>:  accumulate_allreduce_grads_in_fp32 .............. True",
            "[1,0]<stdout>:  micro_batch_size ................................ 1",
            "[1,0]<stdout>:  global_batch_size ............................... 512",
            "[1,0]<stdout>:-------------------- end of arguments ---------------------"]
    for r in range(32):
        if r % 8 == 0:
            out.append("[1,%d]<stderr>:fused_weight_gradient_mlp_cuda module not found. gradient accumulation fusion with weight gradient computation disabled." % r)
    out.append("[1,0]<stdout>:> initializing torch distributed ...")
    for k, r in enumerate(ranks_of(bad)):
        tb = ["Traceback (most recent call last):",
              '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 8, in <module>',
              "    from megatron.training import get_args, pretrain",
              '  File "/workspace/Megatron-LM/megatron/training/__init__.py", line 16, in <module>',
              "    from .initialize  import initialize_megatron",
              '  File "/workspace/Megatron-LM/megatron/training/initialize.py", line 18, in <module>',
              "    from megatron.legacy import fused_kernels",
              '  File "/workspace/Megatron-LM/megatron/legacy/model/__init__.py", line 2, in <module>',
              "    from .fused_layer_norm import MixedFusedLayerNorm as LayerNorm",
              '  File "/workspace/Megatron-LM/megatron/legacy/model/fused_layer_norm.py", line 20, in <module>',
              "    from apex.normalization.fused_layer_norm import FusedLayerNormAffineFunction",
              '  File "/opt/conda/lib/python3.10/site-packages/apex/normalization/fused_layer_norm.py", line 11, in <module>',
              '    fused_layer_norm_cuda = importlib.import_module("fused_layer_norm_cuda")',
              '  File "/opt/conda/lib/python3.10/importlib/__init__.py", line 126, in import_module',
              "    return _bootstrap._gcd_import(name[level:], package, level)",
              "ImportError: %s: undefined symbol: _ZN3c106detail19maybe_wrap_dim_slowEllb" % so]
        if k in (0, 6):
            out += ["[1,%d]<stderr>:%s" % (r, ln) for ln in tb]
        else:
            out.append("[1,%d]<stderr>:%s" % (r, tb[-1]))
    out += ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:", "",
            "  Process name: [[41263,1],16]", "  Exit code:    1",
            "--------------------------------------------------------------------------"]
    files["slurm-%d.out" % job] = join(out)
    files["hosts.txt"] = join(["%s slots=8" % n for n in nodes])
    files["sacct.txt"] = sacct([(str(job), "gpt20b", "dgx", "FAILED", "1:0", "00:00:41", "dgx-c3-[04-07]"),
                                ("%d.batch" % job, "batch", "", "FAILED", "1:0", "00:00:41", "dgx-c3-04"),
                                ("%d.0" % job, "orted", "", "FAILED", "1:0", "00:00:38", "dgx-c3-[05-07]")])
    for i, n in enumerate(nodes):
        torch_v = "2.3.1" if i == bad else "2.3.0"
        img = "dgx-train-2024.06.1 (rebuilt 2024-06-10, torch pin relaxed to torch>=2.3)" if i == bad else "dgx-train-2024.05.3"
        files["%s/pip-list.txt" % n] = join([
            "$ cat /etc/node-image-release", img, "$ /opt/conda/bin/pip list 2>/dev/null | grep -iE '^(torch|apex|transformer|nvidia-nccl|numpy|ninja|triton) '",
            "Package                  Version", "------------------------ ---------------",
            "apex                     0.1", "ninja                    1.11.1.1", "numpy                    1.26.4",
            "nvidia-nccl-cu12         2.20.5", "torch                    %s" % torch_v,
            "transformer-engine       1.6.0+c81733f", "triton                   2.3.%s" % ("1" if i == bad else "0"),
            "$ python -c 'import apex, os; print(os.path.getmtime(apex.__file__))'", "1715004211.118342"])
        files["%s/dmesg.txt" % n] = join(boot_dmesg(n, T("2024-06-10 19:21:44") if i == bad else T("2024-05-21 07:12:09")))
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "dgx-c3-06", "rank": None}, "action": "restart_without_node",
             "rationale": "Only ranks 16-23 (dgx-c3-06) hit the apex fused_layer_norm_cuda undefined-symbol ImportError; that "
                          "node was re-imaged with torch 2.3.1 while its apex build (and the other three nodes) target torch "
                          "2.3.0. The rest of the job initialised normally and was torn down by mpirun.",
             "modelled_on": "https://github.com/NVIDIA/apex/issues/1677"}
    return "ck05_fused_kernel_undefined_symbol_mpirun_tagged_output", files, label


# ---------------------------------------------------------------------------
def ck06():
    rng = random.Random(9206)
    job = 77412
    nodes = ["gpu-p101", "gpu-p102"]
    t0 = T("2024-05-02 10:48:55")
    files = {}
    venv = "/shared/envs/sft-py311/lib/python3.11/site-packages"
    so = "%s/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so" % venv
    out = ["The following values were not passed to `accelerate launch` and had defaults used instead:",
           "\t`--dynamo_backend` was set to a value of `'no'`",
           "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."]
    out += ["%s WARNING: /shared/envs/sft-py311/lib/python3.11/site-packages/transformers/utils/generic.py:441: "
            "UserWarning: torch.utils._pytree._register_pytree_node is deprecated. Please use "
            "torch.utils._pytree.register_pytree_node instead." % pylog(plus(t0, 12))]
    for r in range(16):
        host = nodes[r // 8]
        if r in (0, 9):
            out += ["[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "%s/transformers/utils/import_utils.py", line 1511, in _get_module' % (r, venv),
                    "[rank%d]:     return importlib.import_module(\".\" + module_name, self.__name__)" % r,
                    '[rank%d]:   File "/shared/envs/sft-py311/lib/python3.11/importlib/__init__.py", line 126, in import_module' % r,
                    "[rank%d]:     return _bootstrap._gcd_import(name[level:], package, level)" % r,
                    '[rank%d]:   File "%s/transformers/models/mistral/modeling_mistral.py", line 53, in <module>' % (r, venv),
                    "[rank%d]:     from flash_attn import flash_attn_func, flash_attn_varlen_func" % r,
                    '[rank%d]:   File "%s/flash_attn/__init__.py", line 3, in <module>' % (r, venv),
                    "[rank%d]:     from flash_attn.flash_attn_interface import (" % r,
                    '[rank%d]:   File "%s/flash_attn/flash_attn_interface.py", line 10, in <module>' % (r, venv),
                    "[rank%d]:     import flash_attn_2_cuda as flash_attn_cuda" % r,
                    "[rank%d]: ImportError: %s: undefined symbol: _ZN3c104cuda9SetDeviceEi" % (r, so),
                    "[rank%d]: " % r,
                    "[rank%d]: The above exception was the direct cause of the following exception:" % r,
                    "[rank%d]: " % r,
                    "[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "/home/mkoval/sft/train_sft.py", line 203, in <module>' % r,
                    "[rank%d]:     model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16, attn_implementation=\"flash_attention_2\")" % r,
                    '[rank%d]:   File "%s/transformers/models/auto/auto_factory.py", line 562, in from_pretrained' % (r, venv),
                    "[rank%d]:     model_class = _get_model_class(config, cls._model_mapping)" % r,
                    '[rank%d]:   File "%s/transformers/utils/import_utils.py", line 1513, in _get_module' % (r, venv),
                    "[rank%d]:     raise RuntimeError(" % r]
        out.append("[rank%d]: RuntimeError: Failed to import transformers.models.mistral.modeling_mistral because of the "
                   "following error (look up to see its traceback):" % r)
        out.append("[rank%d]: %s: undefined symbol: _ZN3c104cuda9SetDeviceEi" % (r, so))
    for i, n in enumerate(nodes):
        t = plus(t0, 31 + i)
        out.append("%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /shared/envs/sft-py311/bin/python" % (
            glog("E", t, 139622000000000 + i, "torch/distributed/elastic/multiprocessing/api.py:826"), 20441 + i * 1000))
        fails = [{"host": n, "rank": i * 8 + k, "local_rank": k, "exitcode": 1, "pid": 20441 + i * 1000 + k, "time": t} for k in range(8)]
        out += child_failed("train_sft.py", t, fails)
    out.append("srun: error: gpu-p101: task 0: Exited with exit code 1")
    out.append("srun: error: gpu-p102: task 1: Exited with exit code 1")
    files["slurm-%d.out" % job] = join(out)
    files["pip-freeze.txt"] = join([
        "# /shared/envs/sft-py311/bin/pip freeze (shared env, mounted on every node)",
        "accelerate==0.29.3", "datasets==2.19.0", "deepspeed==0.14.2", "einops==0.8.0", "flash-attn==2.5.6",
        "huggingface-hub==0.22.2", "ninja==1.11.1.1", "numpy==1.26.4", "nvidia-nccl-cu12==2.20.5",
        "peft==0.10.0", "safetensors==0.4.3", "torch==2.3.0", "transformers==4.40.1", "triton==2.3.0", "trl==0.8.6"])
    files["pip-install.log"] = join([
        "# tail of /shared/envs/sft-py311/.pip-history (written by the team's pip wrapper)",
        "2024-05-01 17:02:11 mkoval: pip install -U torch torchvision",
        "  Attempting uninstall: torch", "    Found existing installation: torch 2.2.2",
        "    Uninstalling torch-2.2.2:", "      Successfully uninstalled torch-2.2.2",
        "  Successfully installed nvidia-nccl-cu12-2.20.5 torch-2.3.0 torchvision-0.18.0 triton-2.3.0",
        "2024-05-01 17:04:40 mkoval: pip install -U trl",
        "  Requirement already satisfied: flash-attn==2.5.6 (built for torch 2.2, not rebuilt)",
        "  Successfully installed trl-0.8.6"])
    files["job.sbatch"] = join(["#!/bin/bash", "#SBATCH -J sft-mistral", "#SBATCH -N 2", "#SBATCH --ntasks-per-node=1",
                                "#SBATCH --gres=gpu:8", "source /shared/envs/sft-py311/bin/activate",
                                "srun accelerate launch --num_machines 2 --num_processes 16 --machine_rank $SLURM_NODEID \\",
                                "   --main_process_ip $(scontrol show hostnames $SLURM_NODELIST | head -1) --main_process_port 29500 \\",
                                "   train_sft.py --model mistralai/Mistral-7B-v0.1 --data /shared/data/sft_mix_v3"])
    files["sacct.txt"] = sacct([(str(job), "sft-mistral", "gpu", "FAILED", "1:0", "00:00:47", "gpu-p[101-102]"),
                                ("%d.0" % job, "accelerate", "", "FAILED", "1:0", "00:00:45", "gpu-p[101-102]")])
    for i, n in enumerate(nodes):
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 120), "550.54.15", "12.4", default_gpus(rng))
    label = {"category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "All 16 ranks on both nodes fail importing flash_attn_2_cuda with undefined symbol "
                          "_ZN3c104cuda9SetDeviceEi; the shared venv was upgraded to torch 2.3.0 the day before while the "
                          "flash-attn 2.5.6 build still targets torch 2.2. Same environment everywhere: rebuild, do not retry.",
             "modelled_on": "https://github.com/Dao-AILab/flash-attention/issues/931"}
    return "ck06_flash_attn_undefined_symbol_on_all_ranks", files, label


# ---------------------------------------------------------------------------
def ck07():
    rng = random.Random(9207)
    files = {}
    pods = ["pt-llama-ft-worker-0", "pt-llama-ft-worker-1", "pt-llama-ft-worker-2", "pt-llama-ft-worker-3"]
    hosts = ["k8s-h100-n04", "k8s-h100-n05", "k8s-h100-n07", "k8s-h100-n09"]
    bad = 2
    t0 = T("2024-09-23 09:02:10")
    good_digest = "sha256:9d27f1c0a83e5b6d4c2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c"
    old_digest = "sha256:4be03a91c7d2e8f6b5a4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2"
    image = "registry.ml.internal/llm/ft-train:v3"
    files["pytorchjob.yaml"] = join([
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: pt-llama-ft", "  namespace: research",
        "spec:", "  elasticPolicy:", "    rdzvBackend: c10d", "    minReplicas: 3", "    maxReplicas: 4",
        "    maxRestarts: 10", "  nprocPerNode: \"8\"", "  pytorchReplicaSpecs:", "    Worker:", "      replicas: 4",
        "      restartPolicy: OnFailure", "      template:", "        spec:", "          runtimeClassName: nvidia",
        "          containers:", "          - name: pytorch", "            image: %s" % image,
        "            imagePullPolicy: IfNotPresent",
        "            command: [torchrun, --max-restarts=3, /app/ft/train.py, --cfg, /app/ft/cfg/llama3_70b_lora.yaml]",
        "            resources: {limits: {nvidia.com/gpu: 8, vpc.amazonaws.com/efa: 32}}"])
    desc = []
    for i, (p, h) in enumerate(zip(pods, hosts)):
        digest = old_digest if i == bad else good_digest
        desc += ["Name:             %s" % p, "Namespace:        research", "Node:             %s/10.44.2.%d" % (h, 40 + i),
                 "Containers:", "  pytorch:", "    Image:          %s" % image, "    Image ID:       registry.ml.internal/llm/ft-train@%s" % digest]
        if i == bad:
            desc += ["    State:          Waiting", "      Reason:       CrashLoopBackOff", "    Last State:     Terminated",
                     "      Reason:       Error", "      Exit Code:    1", "    Restart Count:  5"]
        else:
            desc += ["    State:          Running", "      Started:      %s" % plus(t0, 40 + i).strftime("%a, %d %b %Y %H:%M:%S +0000"),
                     "    Ready:          True", "    Restart Count:  0"]
        desc += ["Events:", "  Type     Reason     Age                From     Message",
                 "  ----     ------     ----               ----     -------"]
        if i == bad:
            desc += ["  Normal   Pulled     58m                kubelet  Container image \"%s\" already present on machine" % image,
                     "  Normal   Started    3m12s (x6 over 58m)  kubelet  Started container pytorch",
                     "  Warning  BackOff    41s (x19 over 52m)   kubelet  Back-off restarting failed container pytorch in pod %s_research" % p]
        else:
            desc += ["  Normal   Pulling    58m                kubelet  Pulling image \"%s\"" % image,
                     "  Normal   Pulled     57m                kubelet  Successfully pulled image \"%s\" in 41.2s (41.2s including waiting). Image size: 18311207711 bytes." % image,
                     "  Normal   Started    57m                kubelet  Started container pytorch"]
        desc.append("")
    files["kubectl-describe.txt"] = join(desc)
    files["kubectl-get-pods.txt"] = join([
        "NAME                   READY   STATUS             RESTARTS        AGE   IP             NODE",
        "pt-llama-ft-worker-0   1/1     Running            0               58m   10.244.4.19    k8s-h100-n04",
        "pt-llama-ft-worker-1   1/1     Running            0               58m   10.244.5.33    k8s-h100-n05",
        "pt-llama-ft-worker-2   0/1     CrashLoopBackOff   5 (3m12s ago)   58m   10.244.7.8     k8s-h100-n07",
        "pt-llama-ft-worker-3   1/1     Running            0               58m   10.244.9.41    k8s-h100-n09"])
    pk = "/usr/local/lib/python3.11/site-packages"
    # bad pod log
    lg = []
    for attempt in range(4):
        ta = plus(t0, 60 + attempt * 95)
        lg.append("%s [default] Rendezvous complete for workers. Result:" % glog("I", ta, 140001, "torch/distributed/elastic/agent/server/api.py:589"))
        lg += ["  restart_count=%d" % attempt, "  master_addr=pt-llama-ft-worker-0", "  group_rank=%d" % (attempt % 4),
               "  group_world_size=4"]
        r0 = (attempt % 4) * 8
        for k in range(8):
            if k == 0:
                lg += ["[rank%d]: Traceback (most recent call last):" % r0,
                       '[rank%d]:   File "/app/ft/train.py", line 22, in <module>' % r0,
                       "[rank%d]:     from ft.model import build_model" % r0,
                       '[rank%d]:   File "/app/ft/ft/model.py", line 9, in <module>' % r0,
                       "[rank%d]:     from liger_kernel.transformers import apply_liger_kernel_to_llama" % r0]
            lg.append("[rank%d]: ModuleNotFoundError: No module named 'liger_kernel'" % (r0 + k))
        if attempt < 3:
            lg.append("%s [default] Worker group FAILED. %d/3 attempts left; will restart worker group" % (
                glog("W", plus(ta, 9), 140001, "torch/distributed/elastic/agent/server/api.py:738"), 3 - attempt))
        else:
            fails = [{"host": "pt-llama-ft-worker-2", "rank": r0 + k, "local_rank": k, "exitcode": 1, "pid": 88 + k, "time": plus(ta, 9)} for k in range(8)]
            lg += torchrun_tb(py=pk, exe="/usr/local/bin/torchrun") + child_failed("train.py", plus(ta, 9), fails)
    files["kubectl-logs-pt-llama-ft-worker-2.txt"] = join(lg)
    # healthy pod log (worker-0)
    lg = []
    step = 0
    for attempt in range(4):
        ta = plus(t0, 58 + attempt * 95)
        lg.append("%s [default] Rendezvous complete for workers. Result:" % glog("I", ta, 139870, "torch/distributed/elastic/agent/server/api.py:589"))
        lg += ["  restart_count=%d" % attempt, "  master_addr=pt-llama-ft-worker-0", "  group_rank=0", "  group_world_size=4"]
        lg.append("[rank0]:%s - ft - INFO - resumed from /ckpt/pt-llama-ft/step_%d (world_size=32)" % (pylog(plus(ta, 30)), 1200))
        lg.append("%s [default] Detected 1 new nodes from group_rank=0; will restart worker group" % (
            glog("I", plus(ta, 40), 139870, "torch/distributed/elastic/agent/server/api.py:786")))
        lg.append("%s Sending process %d closing signal SIGTERM" % (glog("W", plus(ta, 40.2), 139870, "torch/distributed/elastic/multiprocessing/api.py:897"), 211 + attempt * 10))
        if attempt == 3:
            tb = plus(ta, 60)
            lg.append("%s [default] Rendezvous complete for workers. Result:" % glog("I", tb, 139870, "torch/distributed/elastic/agent/server/api.py:589"))
            lg += ["  restart_count=4", "  master_addr=pt-llama-ft-worker-0", "  group_rank=0", "  group_world_size=3"]
            for s in range(1200, 1296, 8):
                lg.append("[rank0]:%s - ft - INFO - step %d | loss %.4f | lr 1.00e-04 | tok/s/gpu 1,912 | world 24" % (
                    pylog(plus(tb, 60 + (s - 1200) * 9.3)), s, 1.412 - (s - 1200) * 0.0007 + rng.random() * 0.01))
            tc = plus(tb, 60 + 96 * 9.3)
            lg.append("%s [default] Detected 1 new nodes from group_rank=0; will restart worker group" % glog("I", tc, 139870, "torch/distributed/elastic/agent/server/api.py:786"))
            lg.append("%s Sending process 388 closing signal SIGTERM" % glog("W", plus(tc, 0.2), 139870, "torch/distributed/elastic/multiprocessing/api.py:897"))
            lg.append("%s [default] Rendezvous complete for workers. Result:" % glog("I", plus(tc, 14), 139870, "torch/distributed/elastic/agent/server/api.py:589"))
            lg += ["  restart_count=5", "  master_addr=pt-llama-ft-worker-0", "  group_rank=0", "  group_world_size=4"]
            lg.append("[rank0]:%s - ft - INFO - resumed from /ckpt/pt-llama-ft/step_1200 (world_size=32)" % pylog(plus(tc, 45)))
    files["kubectl-logs-pt-llama-ft-worker-0.txt"] = join(lg)
    files["%s/crictl-images.txt" % hosts[bad]] = join([
        "$ crictl images --digests | grep ft-train",
        "registry.ml.internal/llm/ft-train   v3   %s   6c1f0e2d9a8b   41 days ago   17.1GB" % old_digest[7:19],
        "$ crictl inspecti registry.ml.internal/llm/ft-train:v3 | jq -r '.info.imageSpec.annotations[\"org.opencontainers.image.created\"]'",
        "2024-08-13T07:41:22Z"])
    files["%s/crictl-images.txt" % hosts[0]] = join([
        "$ crictl images --digests | grep ft-train",
        "registry.ml.internal/llm/ft-train   v3   %s   b71d22c30e11   58 minutes ago   18.3GB" % good_digest[7:19],
        "$ crictl inspecti registry.ml.internal/llm/ft-train:v3 | jq -r '.info.imageSpec.annotations[\"org.opencontainers.image.created\"]'",
        "2024-09-22T18:05:03Z"])
    for h in hosts:
        files["%s/nvidia-smi.txt" % h] = nvidia_smi(plus(t0, 3500), "550.90.07", "12.4", default_gpus(rng, busy=(h != hosts[bad])))
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "k8s-h100-n07", "rank": None}, "action": "restart_without_node",
             "rationale": "Only the pod on k8s-h100-n07 crash-loops with ModuleNotFoundError: liger_kernel; that node runs a "
                          "41-day-old cached copy of the mutable v3 tag (different image digest, 'already present on machine') "
                          "while the other three pods pulled the new image and trained until each rejoin forced a restart.",
             "modelled_on": "https://github.com/kubernetes/kubernetes/issues/133680"}
    return "ck07_module_not_found_in_one_pod_group_keeps_restarting", files, label


# ---------------------------------------------------------------------------
def ck08():
    rng = random.Random(9208)
    job = 4471209
    nodes = ["node-h100-031", "node-h100-032", "node-h100-033", "node-h100-034"]
    t0 = T("2024-06-03 14:22:07")
    files = {}
    img = "/lustre/containers/asr-conformer-2024.06.sqsh"
    out = ["pyxis: importing docker image: %s" % img] if False else []
    out.append("srun: launching StepId=%d.0 on host node-h100-031, 8 tasks: 0-7" % job)
    for i, n in enumerate(nodes[1:], start=1):
        out.append("srun: launching StepId=%d.0 on host %s, 8 tasks: %d-%d" % (job, n, i * 8, i * 8 + 7))
    for r in range(32):
        if r in (0, 11, 22, 30):
            out += ["%d: Traceback (most recent call last):" % r,
                    '%d:   File "/workspace/asr/train.py", line 9, in <module>' % r,
                    "%d:     from asr.data import build_tokenizer, build_loaders" % r,
                    '%d:   File "/workspace/asr/asr/data/__init__.py", line 3, in <module>' % r,
                    "%d:     from .tokenizer import build_tokenizer" % r,
                    '%d:   File "/workspace/asr/asr/data/tokenizer.py", line 5, in <module>' % r,
                    "%d:     import sentencepiece as spm" % r]
        out.append("%d: ModuleNotFoundError: No module named 'sentencepiece'" % r)
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, i * 8, i * 8 + 7))
    out.append("srun: Terminating StepId=%d.0" % job)
    files["slurm-%d.out" % job] = join(out)
    files["job.sbatch"] = join(["#!/bin/bash", "#SBATCH -J conformer-xl", "#SBATCH -N 4", "#SBATCH --ntasks-per-node=8",
                                "#SBATCH --gpus-per-task=1", "#SBATCH -p h100", "#SBATCH -t 72:00:00",
                                "export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1) MASTER_PORT=29511",
                                "srun --label --container-image=%s --container-mounts=/lustre/asr:/data,$PWD:/workspace/asr \\" % img,
                                "     python /workspace/asr/train.py --config /workspace/asr/configs/conformer_xl.yaml"])
    files["image-build.log"] = join([
        "# enroot import + requirements install for %s (built 2024-06-02 by ci-runner-07)" % img,
        "Step 5/9 : RUN pip install --no-cache-dir -r requirements.txt",
        " ---> Running in 1f0c2a7d9e31",
        "Collecting torchaudio==2.3.0", "Collecting soundfile==0.12.1", "Collecting jiwer==3.0.4", "Collecting webdataset==0.2.86",
        "Successfully installed jiwer-3.0.4 rapidfuzz-3.9.3 soundfile-0.12.1 torchaudio-2.3.0 webdataset-0.2.86",
        "Step 6/9 : RUN python -c 'import torch, torchaudio; print(torch.__version__)'", "2.3.0+cu121",
        "# requirements.txt (commit 5e2a9d1 'slim down requirements')",
        "torchaudio==2.3.0", "soundfile==0.12.1", "jiwer==3.0.4", "webdataset==0.2.86"])
    files["sacct.txt"] = sacct([(str(job), "conformer-xl", "h100", "FAILED", "1:0", "00:00:23", "node-h100-[031-034]"),
                                ("%d.batch" % job, "batch", "", "FAILED", "1:0", "00:00:23", "node-h100-031"),
                                ("%d.0" % job, "python", "", "FAILED", "1:0", "00:00:19", "node-h100-[031-034]")])
    for n in nodes[:2]:
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 120), "550.54.15", "12.4", default_gpus(rng))
    label = {"category": "dependency", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "All 32 ranks on all four nodes fail at import with No module named 'sentencepiece'; the job's "
                          "container was built from a slimmed requirements.txt that dropped the package. The same image runs "
                          "everywhere, so the fix is the image, not a node.",
             "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/3489"}
    return "ck08_module_not_found_on_every_rank_srun_label", files, label


# ---------------------------------------------------------------------------
def ck09():
    rng = random.Random(9209)
    nodes = ["cw-a100-112", "cw-a100-113", "cw-a100-114", "cw-a100-115"]
    bad = 2
    t0 = T("2024-10-15 19:44:30")
    files = {}
    venv = "/shared/venvs/llm/lib/python3.11/site-packages"
    so = "%s/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so" % venv
    out = ["$ pdsh -R ssh -w cw-a100-[112-115] 'cd /shared/proj/olmo-ft && source /shared/venvs/llm/bin/activate && "
           "torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=cw-a100-112:29400 "
           "--rdzv-id=olmo-ft-1015 --max-restarts=2 scripts/train.py configs/olmo7b_ft.yaml' 2>&1 | tee launch.log"]
    tids = {i: 140551000000000 + i * 1111 for i in range(4)}
    for i, n in enumerate(nodes):
        out += ["%s: %s" % (n, ln) for ln in _omp_warning(plus(t0, 3 + i * 0.2), tids[i])]
    for attempt in range(3):
        ta = plus(t0, 14 + attempt * 41)
        for i, n in enumerate(nodes):
            out.append("%s: %s [default] Rendezvous complete for workers. Result:" % (n, glog("I", plus(ta, i * 0.05), tids[i], "torch/distributed/elastic/agent/server/api.py:589")))
            out.append("%s:   restart_count=%d" % (n, attempt))
            out.append("%s:   group_rank=%d" % (n, i))
        r0 = bad * 8
        for k in range(8):
            if k == 0 and attempt == 0:
                out += ["%s: [rank%d]: Traceback (most recent call last):" % (nodes[bad], r0),
                        '%s: [rank%d]:   File "/shared/proj/olmo-ft/scripts/train.py", line 25, in <module>' % (nodes[bad], r0),
                        "%s: [rank%d]:     from olmo.model import OLMo" % (nodes[bad], r0),
                        '%s: [rank%d]:   File "/shared/proj/olmo-ft/olmo/model.py", line 31, in <module>' % (nodes[bad], r0),
                        "%s: [rank%d]:     from flash_attn import flash_attn_func" % (nodes[bad], r0),
                        '%s: [rank%d]:   File "%s/flash_attn/__init__.py", line 3, in <module>' % (nodes[bad], r0, venv),
                        "%s: [rank%d]:     from flash_attn.flash_attn_interface import (" % (nodes[bad], r0),
                        '%s: [rank%d]:   File "%s/flash_attn/flash_attn_interface.py", line 10, in <module>' % (nodes[bad], r0, venv),
                        "%s: [rank%d]:     import flash_attn_2_cuda as flash_attn_cuda" % (nodes[bad], r0)]
            out.append("%s: [rank%d]: ImportError: /lib64/libc.so.6: version `GLIBC_2.32' not found (required by %s)" % (nodes[bad], r0 + k, so))
        tf = plus(ta, 6)
        if attempt < 2:
            out.append("%s: %s [default] Worker group FAILED. %d/2 attempts left; will restart worker group" % (
                nodes[bad], glog("W", tf, tids[bad], "torch/distributed/elastic/agent/server/api.py:738"), 2 - attempt))
            for i in (0, 1, 3):
                out.append("%s: %s [default] Detected 1 new nodes from group_rank=%d; will restart worker group" % (
                    nodes[i], glog("I", plus(tf, 4 + i * 0.1), tids[i], "torch/distributed/elastic/agent/server/api.py:786"), i))
                out.append("%s: %s Sending process %d closing signal SIGTERM" % (
                    nodes[i], glog("W", plus(tf, 4.2 + i * 0.1), tids[i], "torch/distributed/elastic/multiprocessing/api.py:897"), 61120 + i * 400 + attempt))
        else:
            out.append("%s: %s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /shared/venvs/llm/bin/python3" % (
                nodes[bad], glog("E", tf, tids[bad], "torch/distributed/elastic/multiprocessing/api.py:826"), 48811))
            fails = [{"host": nodes[bad], "rank": r0 + k, "local_rank": k, "exitcode": 1, "pid": 48811 + k, "time": tf} for k in range(8)]
            out += ["%s: %s" % (nodes[bad], ln) for ln in child_failed("train.py", tf, fails)]
            for i in (0, 1, 3):
                out += ["%s: Traceback (most recent call last):" % nodes[i],
                        '%s:   File "/shared/venvs/llm/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 894, in _invoke_run' % nodes[i],
                        "%s:     self._restart_workers(self._worker_group)" % nodes[i],
                        "%s: torch.distributed.elastic.rendezvous.api.RendezvousClosedError" % nodes[i]]
    out.append("pdsh@login-02: cw-a100-114: ssh exited with exit code 1")
    out.append("pdsh@login-02: cw-a100-112: ssh exited with exit code 1")
    out.append("pdsh@login-02: cw-a100-113: ssh exited with exit code 1")
    out.append("pdsh@login-02: cw-a100-115: ssh exited with exit code 1")
    files["launch.log"] = join(out)
    lddv = []
    for n in nodes:
        if n == nodes[bad]:
            lddv += ["%s: ldd (GNU libc) 2.28" % n, "%s: Copyright (C) 2018 Free Software Foundation, Inc." % n,
                     "%s: PRETTY_NAME=\"Rocky Linux 8.9 (Green Obsidian)\"" % n]
        else:
            lddv += ["%s: ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35" % n, "%s: Copyright (C) 2022 Free Software Foundation, Inc." % n,
                     "%s: PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"" % n]
    files["pdsh-ldd-version.txt"] = join(["$ pdsh -w cw-a100-[112-115] 'ldd --version | head -2; grep PRETTY /etc/os-release' | sort"] + sorted(lddv))
    files["%s/ldd.txt" % nodes[bad]] = join([
        "$ ldd %s" % so,
        "/lib64/libc.so.6: version `GLIBC_2.32' not found (required by %s)" % so,
        "/lib64/libc.so.6: version `GLIBC_2.34' not found (required by /shared/venvs/llm/lib/python3.11/site-packages/torch/lib/libc10.so)",
        "\tlinux-vdso.so.1 (0x00007ffd3b5f2000)",
        "\tlibc10.so => /shared/venvs/llm/lib/python3.11/site-packages/torch/lib/libc10.so (0x00007f5e1c600000)",
        "\tlibtorch_cpu.so => /shared/venvs/llm/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so (0x00007f5e0a800000)",
        "\tlibstdc++.so.6 => /lib64/libstdc++.so.6 (0x00007f5e0a400000)",
        "\tlibc.so.6 => /lib64/libc.so.6 (0x00007f5e0a000000)"])
    files["%s/ldd.txt" % nodes[0]] = join([
        "$ ldd %s" % so, "\tlinux-vdso.so.1 (0x00007ffe0b9d7000)",
        "\tlibc10.so => /shared/venvs/llm/lib/python3.11/site-packages/torch/lib/libc10.so (0x00007f2c41200000)",
        "\tlibtorch_cpu.so => /shared/venvs/llm/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so (0x00007f2c2f400000)",
        "\tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007f2c2f000000)",
        "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f2c2ec00000)"])
    for i, n in enumerate(nodes):
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 200), "550.90.07", "12.4",
                                                    default_gpus(rng, bus=("07", "0f", "47", "4e", "87", "90", "b7", "bd")), name=A100)
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "cw-a100-114", "rank": None}, "action": "restart_without_node",
             "rationale": "Only cw-a100-114's ranks fail importing flash_attn with GLIBC_2.32 not found, on every elastic restart; "
                          "that host was reinstalled with Rocky 8.9 (glibc 2.28) while the shared venv and the other nodes are "
                          "Ubuntu 22.04 (glibc 2.35). The others' RendezvousClosedError is the consequence.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/150724"}
    return "ck09_glibc_not_found_from_one_host_pdsh_launch", files, label


# ---------------------------------------------------------------------------
def ck10():
    rng = random.Random(9210)
    job = 2290153
    nodes = ["gpu-d11", "gpu-d12", "gpu-d13", "gpu-d14"]
    bad = 3
    t0 = T("2024-12-03 04:17:51")
    files = {}
    site = "/opt/venv/lib/python3.10/site-packages"
    out = ["+ module load cuda/12.4 nccl/2.21", "+ srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d "
           "--rdzv-endpoint gpu-d11:29500 train_fsdp.py --model llama2-13b --seq 4096"]
    pids = {i: 301100 + i * 1000 for i in range(4)}
    t_init = plus(t0, 41)
    for i, n in enumerate(nodes):
        ver = "2.18.3+cuda12.2" if i == bad else "2.21.5+cuda12.4"
        p = pids[i]
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "Bootstrap : Using ib0:10.40.8.%d<0>" % (11 + i))))
        if i == bad:
            out.append("%d: %s" % (i, nccl(n, p, p, 0, "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")))
        else:
            out.append("%d: %s" % (i, nccl(n, p, p, 0, "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")))
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "cudaDriverVersion 12040")))
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "NCCL version %s" % ver)))
        out.append("%d: %s" % (i, nccl(n, p, p + 88, 0, "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB ib0:10.40.8.%d<0>" % (11 + i))))
        out.append("%d: %s" % (i, nccl(n, p, p + 88, 0, "Using network IB")))
    out.append("0: %s" % nccl(nodes[0], pids[0], pids[0] + 88, 0, "comm 0x55d1c2e0 rank 0 nRanks 32 nNodes 4 localRanks 8 localRank 0 MNNVL 0"))
    out.append("0: %s" % nccl(nodes[0], pids[0], pids[0] + 88, 0, "Channel 00/24 :    0   7   6   5   4   3   2   1   9  10  11  12  13  14  15   8  16  23  22  21  20  19  18  17  25  26  27  28  29  30  31  24"))
    t_fail = plus(t_init, 3.6)
    for r in (3, 9, 17, 20):
        i = r // 8
        n = nodes[i]
        p = pids[i] + (r % 8)
        out.append("%d: %s" % (i, nccl_warn(n, p, p + 91, r % 8, "misc/socket.cc:49", "socketProgress: Connection closed by remote peer gpu-d14<%d>" % (43000 + r))))
        out.append("%d: %s" % (i, nccl_warn(n, p, p + 91, r % 8, "misc/socket.cc:561", "Message truncated : received 1048576 bytes instead of 262144")))
        out.append("%d: %s" % (i, nccl(n, p, p + 91, r % 8, "transport/net.cc:701 -> 3")))
        out.append("%d: [rank%d]: Traceback (most recent call last):" % (i, r))
        out.append('%d: [rank%d]:   File "/home/ops-train/fsdp/train_fsdp.py", line 188, in <module>' % (i, r))
        out.append("%d: [rank%d]:     model = FSDP(model, auto_wrap_policy=wrap_policy, device_id=torch.cuda.current_device(), sync_module_states=True)" % (i, r))
        out.append('%d: [rank%d]:   File "%s/torch/distributed/fsdp/_init_utils.py", line 615, in _sync_module_params_and_buffers' % (i, r, site))
        out.append("%d: [rank%d]:     _sync_params_and_buffers(" % (i, r))
        out.append('%d: [rank%d]:   File "%s/torch/distributed/utils.py", line 303, in _sync_params_and_buffers' % (i, r, site))
        out.append("%d: [rank%d]:     dist._broadcast_coalesced(" % (i, r))
        out.append("%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
                   "internal error - please report this issue to the NCCL developers, NCCL version 2.21.5" % (i, r))
        out.append("%d: [rank%d]: ncclInternalError: Internal check failed." % (i, r))
        out.append("%d: [rank%d]: Last error:" % (i, r))
        out.append("%d: [rank%d]: Message truncated : received 1048576 bytes instead of 262144" % (i, r))
    for r in (24, 29):
        p = pids[bad] + (r % 8)
        out.append("%d: %s" % (bad, nccl_warn(nodes[bad], p, p + 91, r % 8, "transport/net_ib.cc:1295", "NET/IB : Got completion from peer 10.40.8.12<51277> with error 5, opcode 0, len 0, vendor err 249 (Recv)")))
        out.append("%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
                   "remote process exited or there was a network error, NCCL version 2.18.3" % (bad, r))
    for i in range(4):
        out.append("%d: %s failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/venv/bin/python" % (
            i, glog("E", plus(t_fail, 5 + i * 0.3), 140220000000000 + i, "torch/distributed/elastic/multiprocessing/api.py:826"),
            3 if i == 0 else 0, pids[i] + (3 if i == 0 else 0)))
    out.append("srun: error: gpu-d11: task 0: Exited with exit code 1")
    out.append("srun: error: gpu-d12: task 1: Exited with exit code 1")
    out.append("srun: error: gpu-d13: task 2: Exited with exit code 1")
    out.append("srun: error: gpu-d14: task 3: Exited with exit code 1")
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([(str(job), "l2-13b-fsdp", "a100x8", "FAILED", "1:0", "00:01:02", "gpu-d[11-14]"),
                                ("%d.0" % job, "torchrun", "", "FAILED", "1:0", "00:00:59", "gpu-d[11-14]")])
    for i, n in enumerate(nodes):
        if i == bad:
            files["%s/ldd.txt" % n] = join([
                "$ module list", "Currently Loaded Modulefiles:", " 1) cuda/12.4   2) nccl/2.21(default:2.18.3)",
                "$ module show nccl/2.21 2>&1 | grep -E 'prepend|modulefile'",
                "/apps/modulefiles.mirror-2023q4/nccl/2.21 -> 2.18.3:", "prepend-path\t LD_LIBRARY_PATH /apps/nccl/2.18.3-cuda12.2/lib",
                "$ ldd %s/torch/lib/libtorch_cuda.so | grep nccl" % site,
                "\tlibnccl.so.2 => /apps/nccl/2.18.3-cuda12.2/lib/libnccl.so.2 (0x00007f1e7c000000)"])
        elif i == 0:
            files["%s/ldd.txt" % n] = join([
                "$ module list", "Currently Loaded Modulefiles:", " 1) cuda/12.4   2) nccl/2.21",
                "$ module show nccl/2.21 2>&1 | grep -E 'prepend|modulefile'",
                "/apps/modulefiles/nccl/2.21:", "prepend-path\t LD_LIBRARY_PATH /apps/nccl/2.21.5-cuda12.4/lib",
                "$ ldd %s/torch/lib/libtorch_cuda.so | grep nccl" % site,
                "\tlibnccl.so.2 => /apps/nccl/2.21.5-cuda12.4/lib/libnccl.so.2 (0x00007fb4a6000000)"])
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 200), "550.54.15", "12.4",
                                                    default_gpus(rng, bus=("07", "0f", "47", "4e", "87", "90", "b7", "bd")), name=A100)
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "gpu-d14", "rank": None}, "action": "restart_without_node",
             "rationale": "gpu-d14 loads NCCL 2.18.3 (its module tree is a stale 2023 mirror where nccl/2.21 resolves to 2.18.3) "
                          "while the other nodes load 2.21.5; the 'Message truncated' internal errors on other nodes all point at "
                          "connections to gpu-d14. A version mismatch confined to one node's environment.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1328"}
    return "ck10_nccl_message_truncated_errors_during_fsdp_init", files, label


# ---------------------------------------------------------------------------
def ck11():
    rng = random.Random(9211)
    job = 66120
    nodes = ["h100-sxm-21", "h100-sxm-22"]
    t0 = T("2024-03-28 15:05:40")
    files = {}
    site = "/home/rdu/miniconda3/envs/seg3d/lib/python3.9/site-packages"
    out = ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
           "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"]
    for r in range(16):
        out.append("%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r, r + 1))
    for r in range(16):
        if r in (0, 8):
            out += ["%d: %s/torch/cuda/__init__.py:146: UserWarning: " % (r, site),
                    "%d: NVIDIA H100 80GB HBM3 with CUDA capability sm_90 is not compatible with the current PyTorch installation." % r,
                    "%d: The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70 sm_75 sm_80 sm_86." % r,
                    "%d: If you want to use the NVIDIA H100 80GB HBM3 GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/" % r,
                    "%d: " % r,
                    "%d:   warnings.warn(incompatible_device_warn.format(device_name, capability, \" \".join(arch_list), device_name))" % r]
    out.append("0: ----------------------------------------------------------------------------------------------------")
    out.append("0: distributed_backend=nccl")
    out.append("0: All distributed processes registered. Starting with 16 processes")
    out.append("0: ----------------------------------------------------------------------------------------------------")
    for r in range(16):
        if r in (0, 5, 8, 15):
            out += ["%d: Traceback (most recent call last):" % r,
                    '%d:   File "/home/rdu/seg3d/train.py", line 96, in <module>' % r,
                    "%d:     trainer.fit(model, datamodule=dm)" % r,
                    '%d:   File "%s/pytorch_lightning/trainer/trainer.py", line 608, in fit' % (r, site),
                    "%d:     call._call_and_handle_interrupt(" % r,
                    '%d:   File "%s/pytorch_lightning/strategies/ddp.py", line 181, in setup' % (r, site),
                    "%d:     self.configure_ddp()" % r,
                    '%d:   File "%s/torch/nn/parallel/distributed.py", line 798, in _ddp_init_helper' % (r, site),
                    "%d:     self._sync_params_and_buffers(authoritative_rank=0)" % r]
        out.append("%d: RuntimeError: CUDA error: no kernel image is available for execution on the device" % r)
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, i * 8, i * 8 + 7))
    files["slurm-%d.out" % job] = join(out)
    files["conda-list.txt"] = join([
        "# packages in environment at /home/rdu/miniconda3/envs/seg3d:", "#",
        "# Name                    Version                   Build  Channel",
        "cudatoolkit               11.6.2              hfc3e2af_12    conda-forge",
        "numpy                     1.23.5           py39h3d75532_0    conda-forge",
        "python                    3.9.16          h2782a2a_0_cpython    conda-forge",
        "pytorch                   1.13.1          py3.9_cuda11.6_cudnn8.3.2_0    pytorch",
        "pytorch-lightning         1.9.4              pyhd8ed1ab_0    conda-forge",
        "torchvision               0.14.1               py39_cu116    pytorch",
        "monai                     1.1.0              pyhd8ed1ab_0    conda-forge"])
    files["job.sbatch"] = join(["#!/bin/bash", "#SBATCH -J seg3d-unetr", "#SBATCH -N 2", "#SBATCH --ntasks-per-node=8",
                                "#SBATCH --gres=gpu:8", "#SBATCH -p h100   # moved from the a100 partition (retired 2024-03-25)",
                                "conda activate seg3d", "srun --label python train.py --config configs/unetr_btcv.yaml"])
    files["sacct.txt"] = sacct([(str(job), "seg3d-unetr", "h100", "FAILED", "1:0", "00:00:52", "h100-sxm-[21-22]")])
    for n in nodes:
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 90), "550.54.15", "12.4", default_gpus(rng))
    label = {"category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "All 16 ranks on both nodes warn that sm_90 is not supported by the installed PyTorch 1.13.1+cu116 "
                          "build and then fail with 'no kernel image is available'; the environment predates H100 support, so "
                          "every H100 node fails the same way.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/90761"}
    return "ck11_no_kernel_image_available_on_every_rank", files, label


# ---------------------------------------------------------------------------
def ck12():
    rng = random.Random(9212)
    job = 918004
    nodes = ["a100-r3-15", "a100-r3-16", "a100-r3-17", "a100-r3-18"]
    bad = 2
    t0 = T("2024-04-24 07:10:02")
    files = {}
    site = "/opt/conda/envs/lit/lib/python3.11/site-packages"
    out = ["Using 16bit Automatic Mixed Precision (AMP)", "GPU available: True (cuda), used: True",
           "TPU available: False, using: 0 TPU cores"]
    for r in range(32):
        if r // 8 != bad:
            out.append("%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (r, r, r + 1))
    for r in ranks_of(bad):
        if r in (16, 21):
            out += ["%d: %s/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from "
                    "cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might "
                    "have already set an error? Error 803: system has unsupported display driver / cuda driver "
                    "combination (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % (r, site),
                    "%d:   return torch._C._cuda_getDeviceCount() > 0" % r,
                    "%d: Traceback (most recent call last):" % r,
                    '%d:   File "/home/ana/vqgan/train.py", line 141, in <module>' % r,
                    "%d:     trainer = L.Trainer(accelerator=\"gpu\", devices=8, num_nodes=4, strategy=\"ddp\", precision=\"16-mixed\")" % r,
                    '%d:   File "%s/lightning/pytorch/trainer/connectors/accelerator_connector.py", line 469, in _check_device_config_and_set_final_flags' % (r, site),
                    "%d:     raise MisconfigurationException(" % r]
        out.append("%d: lightning.fabric.utilities.exceptions.MisconfigurationException: CUDAAccelerator can not run on "
                   "your system since the accelerator is not available. The following accelerator(s) is available and can "
                   "be passed into `accelerator` argument of `Trainer`: ['cpu']." % r)
    out.append("srun: error: a100-r3-17: tasks 16-23: Exited with exit code 1")
    t_to = plus(t0, 1815)
    for r in (0, 9, 30):
        out.append("%d: [rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined." % (r, r)
                   if r == 0 else "%d: [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (r, r))
    out.append("srun: error: a100-r3-15: tasks 0-7: Exited with exit code 1")
    out.append("srun: error: a100-r3-16: tasks 8-15: Exited with exit code 1")
    out.append("srun: error: a100-r3-18: tasks 24-31: Exited with exit code 1")
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([(str(job), "vqgan-f16", "a100", "FAILED", "1:0", "00:30:22", "a100-r3-[15-18]"),
                                ("%d.0" % job, "python", "", "FAILED", "1:0", "00:30:20", "a100-r3-[15-18]")])
    b = T("2024-04-02 09:30:12")
    for i, n in enumerate(nodes):
        gb = ("07", "0f", "47", "4e", "87", "90", "b7", "bd")
        if i == bad:
            files["%s/nvidia-smi.txt" % n] = "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.183\n"
            files["%s/driver-version.txt" % n] = join([
                "$ cat /proc/driver/nvidia/version",
                "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:18 UTC 2024",
                "GCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)",
                "$ dpkg -l | grep -E 'libnvidia-compute|nvidia-utils' | awk '{print $2, $3}'",
                "libnvidia-compute-535:amd64 535.183.01-0ubuntu0.22.04.1", "nvidia-utils-535 535.183.01-0ubuntu0.22.04.1"])
            files["%s/apt-history.log" % n] = join([
                "Start-Date: 2024-04-24  06:25:14", "Commandline: /usr/bin/unattended-upgrade",
                "Upgrade: libnvidia-compute-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), "
                "nvidia-utils-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), "
                "libnvidia-cfg1-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1)",
                "End-Date: 2024-04-24  06:25:49"])
            d = boot_dmesg(n, b, driver="535.161.08", gpu_bus=gb)
            base = up(T("2024-04-24 07:10:13"), b)
            for k in range(3):
                d += ["[%12.6f] NVRM: API mismatch: the client has the version 535.183.01, but" % (base + k * 0.002),
                      "[%12.6f] NVRM: this kernel module has the version 535.161.08.  Please" % (base + k * 0.002),
                      "[%12.6f] NVRM: make sure that this kernel module and all NVIDIA driver" % (base + k * 0.002),
                      "[%12.6f] NVRM: components have the same version." % (base + k * 0.002)]
            files["%s/dmesg.txt" % n] = join(sort_dmesg(d))
        else:
            files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(t0, 1900), "535.161.08", "12.2", default_gpus(rng, bus=gb), name=A100)
            if i == 0:
                files["%s/apt-history.log" % n] = join([
                    "Start-Date: 2024-04-02  09:12:40", "Commandline: apt-get install -y nvidia-driver-535-server=535.161.08-0ubuntu0.22.04.1",
                    "End-Date: 2024-04-02  09:16:02"])
    label = {"category": "dependency", "layer": "infrastructure",
             "culprit": {"node": "a100-r3-17", "rank": None}, "action": "restart_without_node",
             "rationale": "Ranks 16-23 on a100-r3-17 cannot see CUDA (error 803); unattended-upgrade replaced that node's NVIDIA "
                          "userspace with 535.183.01 while the loaded kernel module stays 535.161.08 (NVML mismatch, NVRM API "
                          "mismatch). The other nodes waited and then timed out.",
             "modelled_on": "https://github.com/lyulyul/shine-cluster/issues/30"}
    return "ck12_cuda_unavailable_on_ranks_16_to_23_lightning", files, label


CASES = [ck01, ck02, ck03, ck04, ck05, ck06, ck07, ck08, ck09, ck10, ck11, ck12]
