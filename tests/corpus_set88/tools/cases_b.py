"""Cases cg11-cg20."""
from common import (Bundle, dt, plus, glog, pylog, isots, plain, ctime, syslog, uptime,
                    prefix, torchrun_banner, elastic_sigterm, elastic_failed,
                    child_failed_error, watchdog_timeout, nccl_init, H100_BUS, A100_BUS,
                    nvidia_smi, dmesg_boot, kline, ibstat, sacct, rng_for)
from cases_a import megatron_iter


# ---------------------------------------------------------------------------
# cg11: transformer_engine undefined symbol on every rank (the job's container image)
# ---------------------------------------------------------------------------
def cg11():
    b = Bundle("cg11_nemo_importerror_undefined_symbol_every_rank")
    rng = rng_for(b.name)
    nodes = ["dgx-h041", "dgx-h042"]
    jobid = 9033817
    t0 = dt(2024, 10, 21, 8, 40, 13, 0)
    image = "registry.corp.example/ml-platform/nemo:24.07-cu124-r3"
    b.add("job.sbatch", """#!/bin/bash
#SBATCH -N 2 --ntasks-per-node=8 --gpus-per-node=8 -p dgxh100 --exclusive
#SBATCH -J nemo-llama3-sft
srun --container-image=%s --container-mounts=/lustre:/lustre \\
     --no-container-mount-home --mpi=pmix \\
     python3 /opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py \\
     --config-path=/lustre/fsw/ytan/conf --config-name=llama3_8b_sft \\
     trainer.num_nodes=2 trainer.devices=8
""" % image)
    b.add("image-manifest.txt", """# docker inspect / build labels for %s (ml-platform image build #311, 2024-10-18)
org.opencontainers.image.base.name=nvcr.io/nvidia/nemo:24.07
platform.build.step.7=RUN pip install --upgrade torch==2.5.0 torchvision==0.20.0 --index-url https://download.pytorch.org/whl/cu124
platform.build.step.8=RUN pip install nemo_run==0.2.1
# pip list (excerpt, captured in the image at build time)
torch                      2.5.0+cu124
transformer_engine         1.9.0+2c1c3f8
nemo_toolkit               2.0.0rc1
megatron_core              0.8.0
apex                       0.1
""" % image)
    sym = "_ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
    slurm = ["pyxis: importing docker image: %s" % image,
             "pyxis: imported docker image: %s" % image]
    for ni, host in enumerate(nodes):
        out = []
        for j in range(8):
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py", line 20, in <module>',
                "    from nemo.collections.nlp.models.language_modeling.megatron_gpt_sft_model import MegatronGPTSFTModel",
                '  File "/opt/NeMo/nemo/collections/nlp/__init__.py", line 15, in <module>',
                "    from nemo.collections.nlp import data, losses, models, modules",
                '  File "/opt/NeMo/nemo/collections/nlp/modules/common/megatron/transformer.py", line 51, in <module>',
                "    import transformer_engine",
                '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py", line 10, in <module>',
                "    import transformer_engine.common",
                '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", line 64, in <module>',
                "    _load_library()",
                '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", line 53, in _load_library',
                "    spec.loader.exec_module(solib)",
                "ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: %s" % sym,
            ]
            out.append("%d: %s" % (r, ("\n%d: " % r).join(lines)))
            if r in (0, 9):
                slurm.append("%d: ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: %s" % (r, sym))
        b.add("%s/tasks.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -12 * 86400 - 3000 * ni)
        b.add("%s/dmesg.txt" % host, dmesg_boot(boot, host, rng, nvrm="550.90.07"))
        b.add("%s/nvidia-smi.txt" % host, nvidia_smi(plus(t0, 60), "550.90.07", "12.4", "NVIDIA H100 80GB HBM3", H100_BUS, 81559))
    slurm.append("srun: error: dgx-h041: tasks 0-7: Exited with exit code 1")
    slurm.append("srun: error: dgx-h042: tasks 8-15: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, "\n".join(slurm) + "\n")
    b.add("sacct.txt", sacct(jobid, "nemo-llama", [("", "nemo-llama", "dgxh100", 2, "FAILED", "1:0", "00:01:12", "dgx-h[041-042]")]))
    b.set_label("dependency", "framework", None, "stop",
                "All 16 ranks on both nodes fail at import with the same undefined c10 symbol in "
                "transformer_engine_torch.so: the platform image rebuilt NeMo 24.07 with torch upgraded to 2.5.0 "
                "while keeping TE 1.9 compiled against the older torch ABI. The job's image is broken; "
                "restarting anywhere gives the same result.",
                "https://github.com/NVIDIA/TransformerEngine/issues/1192")
    return b


# ---------------------------------------------------------------------------
# cg12: flash-attn wheel pinned in the user's requirements does not match the image's torch
# ---------------------------------------------------------------------------
def cg12():
    b = Bundle("cg12_deepspeed_flash_attn_undefined_symbol_both_nodes")
    rng = rng_for(b.name)
    nodes = ["worker-a7", "worker-a8"]
    t0 = dt(2024, 11, 28, 17, 22, 5, 0)
    b.add("requirements.txt", """transformers==4.46.2
datasets==3.1.0
deepspeed==0.15.4
# pinned for reproducibility with the March runs
flash-attn @ https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.6/flash_attn-2.5.6+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl
sentencepiece==0.2.0
""")
    b.add("run.sh", """#!/bin/bash
# image: nvcr.io/nvidia/pytorch:24.07-py3 (torch 2.4.0a0+3bcc3cddb5)
pip install --no-deps -r requirements.txt
deepspeed --hostfile hostfile --master_addr worker-a7 train.py --deepspeed ds_zero2.json \\
    --model /data/models/qwen2-7b --attn_implementation flash_attention_2 --bf16
""")
    b.add("hostfile", "worker-a7 slots=8\nworker-a8 slots=8\n")
    sym = "_ZN3c104cuda9SetDeviceEi"
    launcher = []
    launcher.append("[%s] [INFO] [runner.py:607:main] cmd = pdsh -S -f 1024 -w worker-a7,worker-a8 export NCCL_DEBUG=WARN; export PYTHONPATH=/workspace/qwen-sft;  cd /workspace/qwen-sft; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItYTciOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJ3b3JrZXItYTgiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=worker-a7 --master_port=29500 train.py --deepspeed ds_zero2.json" % pylog(t0))
    for ni, host in enumerate(nodes):
        out = []
        out.append("%s: Successfully installed flash-attn-2.5.6 sentencepiece-0.2.0" % host)
        out.append("%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-a7': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-a8': [0, 1, 2, 3, 4, 5, 6, 7]}" % (host, pylog(plus(t0, 31))))
        out.append("%s: [%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (host, pylog(plus(t0, 31.01)), ni))
        out.append("%s: [%s] [INFO] [launch.py:164:main] dist_world_size=16" % (host, pylog(plus(t0, 31.02))))
        for j in range(8):
            lines = [
                "Traceback (most recent call last):",
                '  File "/workspace/qwen-sft/train.py", line 12, in <module>',
                "    from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/import_utils.py", line 1767, in _get_module',
                "    return importlib.import_module(\".\" + module_name, self.__name__)",
                '  File "/usr/local/lib/python3.10/dist-packages/transformers/modeling_flash_attention_utils.py", line 27, in <module>',
                "    from flash_attn import flash_attn_func, flash_attn_varlen_func",
                '  File "/usr/local/lib/python3.10/dist-packages/flash_attn/__init__.py", line 3, in <module>',
                "    from flash_attn.flash_attn_interface import (",
                '  File "/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py", line 10, in <module>',
                "    import flash_attn_2_cuda as flash_attn_cuda",
                "ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: %s" % sym,
            ]
            out.append("\n".join("%s: %s" % (host, l) for l in lines))
        for j in range(8):
            out.append("%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (host, pylog(plus(t0, 44 + 0.01 * j)), 51820 + ni * 20 + j))
        out.append("%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_zero2.json'] exits with return code = 1" % (host, pylog(plus(t0, 44.2))))
        out.append("pdsh@worker-a7: %s: ssh exited with exit code 1" % host)
        b.add("%s/pdsh.log" % host, "\n".join(out) + "\n")
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -3 * 86400 - 500 * ni), host, rng, nvrm="555.42.06"))
    b.add("launcher.log", "\n".join(launcher) + "\n")
    b.set_label("dependency", "script", None, "stop",
                "All 16 ranks on both nodes fail importing flash_attn_2_cuda with an undefined c10 symbol. The wheel "
                "comes from the user's own requirements.txt pin (flash-attn 2.5.6 built for torch 2.2) installed over "
                "an image with torch 2.4; the base image is fine. The user has to fix their pin.",
                "https://github.com/EleutherAI/gpt-neox/issues/1079")
    return b


# ---------------------------------------------------------------------------
# cg13: error only on rank 0 (sample-logging callback); 31 other ranks time out loudly
# ---------------------------------------------------------------------------
def cg13():
    b = Bundle("cg13_lightning_watchdog_timeouts_31_ranks")
    rng = rng_for(b.name)
    nodes = ["a100-n%03d" % k for k in (113, 114, 115, 116)]
    jobid = 2210391
    t0 = dt(2024, 5, 7, 2, 0, 41, 0)
    tval = plus(t0, 4 * 3600 + 10 * 60 + 2.5)
    b.add("job.sbatch", """#!/bin/bash
#SBATCH -N 4 --ntasks-per-node=8 --gpus-per-node=8 --cpus-per-task=10 -t 3-00:00:00
export NCCL_DEBUG=WARN
srun python train.py fit --config configs/uvit_l.yaml --trainer.num_nodes 4
""")
    b.add("configs/uvit_l.yaml", """trainer:
  devices: 8
  strategy: ddp
  precision: bf16-mixed
  val_check_interval: 5000
  callbacks:
    - class_path: callbacks.sample_logger.SampleImageLogger
      init_args: {every_n_epochs: 1, num_samples: 8, guidance_scale: 4.0}
model:
  class_path: models.uvit.UViT
  init_args: {img_size: 64, patch_size: 2, embed_dim: 1024, depth: 20, num_heads: 16}
""")
    b.add("callbacks/sample_logger.py.excerpt", """# callbacks/sample_logger.py, lines 52-70
class SampleImageLogger(Callback):
    def on_validation_epoch_end(self, trainer, pl_module):
        if trainer.current_epoch % self.every_n_epochs:
            return
        if trainer.is_global_zero:
            # generate a grid of samples for wandb; only rank 0 logs images
            imgs = pl_module.sample(n=self.num_samples, guidance_scale=self.guidance_scale)
            grid = make_grid(imgs, nrow=4, normalize=True)
            trainer.logger.experiment.log({"samples": [wandb.Image(grid)]})
""")
    for ni, host in enumerate(nodes):
        out = []
        for j in range(8):
            r = ni * 8 + j
            out.append("[%s] Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (pylog(plus(t0, 9 + 0.01 * r)), r, r + 1))
        if ni == 0:
            out.append("Validation DataLoader 0: 100%|##########| 196/196 [01:31<00:00,  2.14it/s]")
            lines = [
                "Traceback (most recent call last):",
                '  File "/home/mlee/uvit/train.py", line 44, in <module>',
                "    cli_main()",
                '  File "/home/mlee/uvit/train.py", line 40, in cli_main',
                "    LightningCLI(UViT, ImageDataModule, save_config_kwargs={\"overwrite\": True})",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/cli.py", line 394, in __init__',
                "    self._run_subcommand(self.subcommand)",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit',
                "    call._call_and_handle_interrupt(",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/loops/evaluation_loop.py", line 148, in run',
                "    self.on_run_end()",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/loops/evaluation_loop.py", line 268, in on_run_end',
                "    self._on_evaluation_epoch_end()",
                '  File "/opt/venv/lib/python3.10/site-packages/lightning/pytorch/trainer/call.py", line 218, in _call_callback_hooks',
                "    fn(trainer, trainer.lightning_module, *args, **kwargs)",
                '  File "/home/mlee/uvit/callbacks/sample_logger.py", line 63, in on_validation_epoch_end',
                "    imgs = pl_module.sample(n=self.num_samples, guidance_scale=self.guidance_scale)",
                '  File "/home/mlee/uvit/models/uvit.py", line 212, in sample',
                "    x = x.view(n, self.in_chans, self.img_size, self.img_size)",
                "RuntimeError: shape '[8, 4, 64, 64]' is invalid for input of size 262144",
            ]
            out.append(prefix("\n".join(lines), "[rank0]: ").rstrip("\n"))
        for j in range(8):
            r = ni * 8 + j
            if r == 0:
                continue
            out.append(watchdog_timeout(r, plus(tval, 1800.1 + 0.004 * r), 350012, "ALLREDUCE", 1, 1800000, 1800077 + r).rstrip("\n"))
        b.add("%s/rank_output.log" % host, "\n".join(out) + "\n")
        boot = plus(t0, -30 * 86400 - 3600 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="535.154.05", kernel="5.4.0-182-generic")
        b.add("%s/dmesg.txt" % host, d)
    slurm = []
    for k in range(0, 5001, 1000):
        el = int(k / 2.01)
        rem = int((5000 - k) / 2.01)
        slurm.append("Epoch 6: %3d%%|%s| %d/5000 [%02d:%02d<%02d:%02d,  2.01it/s, v_num=3, train/loss=0.%03d]" % (
            k * 100 // 5000, "#" * (k * 10 // 5000) + " " * (10 - k * 10 // 5000), k, el // 60, el % 60,
            rem // 60, rem % 60, 120 - k // 100))
    slurm.append("Validation DataLoader 0: 100%|##########| 196/196 [01:31<00:00,  2.14it/s]")
    slurm.append("[rank0]: RuntimeError: shape '[8, 4, 64, 64]' is invalid for input of size 262144")
    slurm.append("srun: error: a100-n113: task 0: Exited with exit code 1")
    for ni, host in enumerate(nodes):
        lo, hi = ni * 8, ni * 8 + 7
        if ni == 0:
            lo = 1
        slurm.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=350012, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for %d milliseconds before timing out." % (lo, glog(plus(tval, 1800.1)), lo, 1800077 + lo))
        slurm.append("srun: error: %s: task%s %d-%d: Aborted (core dumped)" % (host, "s", lo, hi))
    b.add("slurm-%d.out" % jobid, "\n".join(slurm) + "\n")
    b.add("sacct.txt", sacct(jobid, "uvit-l", [("", "uvit-l", "a100", 4, "FAILED", "1:0", "04:42:01", "a100-n[113-116]")]))
    b.set_label("user_code", "script", None, "stop",
                "Only global rank 0 has a Python traceback: the user's SampleImageLogger, which runs only under "
                "trainer.is_global_zero, fails with a view() shape error after validation. The 31 other ranks then "
                "wait in the next ALLREDUCE and hit the 30 min watchdog; those timeouts are the loud symptom, not the "
                "cause. It will fail the same way on any nodes.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19604")
    return b


# ---------------------------------------------------------------------------
# cg14: inductor/triton cache write fails with ENOSPC on one node; /tmp full of someone else's files
# ---------------------------------------------------------------------------
def cg14():
    b = Bundle("cg14_titan_compile_no_space_left_one_node")
    rng = rng_for(b.name)
    nodes = ["gpu-f01", "gpu-f02", "gpu-f03", "gpu-f04"]
    bad = "gpu-f02"
    jobid = 3019922
    t0 = dt(2025, 4, 2, 13, 30, 0, 0)
    for ni, host in enumerate(nodes):
        agent = 66000 + ni * 13
        out = [torchrun_banner(t0, agent, line=862)]
        pids = [agent + 2 + j for j in range(8)]
        if ni == 0:
            out.append("[rank0]:[titan] %s - root - INFO - Compiling each TransformerBlock with torch.compile\n" % pylog(plus(t0, 20)))
            out.append("[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 30000\n" % pylog(plus(t0, 31)))
        tf = plus(t0, 96.4)
        if host == bad:
            for j in range(8):
                r = ni * 8 + j
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/opt/torchtitan/torchtitan/train.py", line 421, in train_step',
                    "    loss = self.forward_backward_step(input_dict, labels)",
                    '  File "/opt/conda/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py", line 574, in _fn',
                    "    return fn(*args, **kwargs)",
                    '  File "/opt/conda/lib/python3.11/site-packages/torch/_inductor/codecache.py", line 2245, in load_by_key_path',
                    "    key, path = write(source_code, \"py\", key=key, extra=extra)",
                    '  File "/opt/conda/lib/python3.11/site-packages/torch/_inductor/codecache.py", line 541, in write_atomic',
                    "    with tmp_path.open(write_mode) as f:",
                    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                    "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc-llm/tmpq%02dxk3v1/5r/c5rjw2ozl%02dqdh7gpjq3kkb6hpo4r2zn5l7xg2idujy4bmihw.py'" % (j, r),
                    "",
                    "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information",
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % r))
            out.append(elastic_failed(plus(tf, 1.0), agent, 1, 0, pids[0], binary="/opt/conda/bin/python3.11", line=874))
            out.append(child_failed_error("torchtitan.train", dict(t=plus(tf, 1.0), host=host, rank=8, local_rank=0, exitcode=1, pid=pids[0]),
                                          [dict(t=plus(tf, 1.0), host=host, rank=8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)],
                                          torchrun_path="/opt/conda/bin/torchrun", site="/opt/conda/lib/python3.11/site-packages"))
        else:
            for j in range(8):
                r = ni * 8 + j
                out.append(watchdog_timeout(r, plus(tf, 600.2 + 0.01 * j), 57, "_ALLGATHER_BASE", 131072000, 600000, 600050 + j))
            out.append("W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers\n" % (glog(plus(tf, 600.9)), agent))
            out.append(elastic_sigterm(plus(tf, 600.9), agent, pids))
        b.add("%s/stdout.log" % host, "".join(out))
        if host == bad:
            b.add("%s/df.txt" % host, "Filesystem      Size  Used Avail Use% Mounted on\n"
                  "/dev/nvme0n1p2  439G  439G     0 100% /\n"
                  "tmpfs           1.0T   12M  1.0T   1% /dev/shm\n"
                  "/dev/nvme0n1p1  1.1G  6.1M  1.1G   1% /boot/efi\n"
                  "weka01          2.0P  1.2P  841T  59% /weka\n")
            b.add("%s/du-tmp.txt" % host, "# du -xsh /tmp/* | sort -h | tail (collected by on-call after the failure)\n"
                  "36K\t/tmp/torchinductor_svc-llm\n"
                  "1.2G\t/tmp/triton-cache-svc-llm\n"
                  "4.9G\t/tmp/pip-build-env-q2x7a0\n"
                  "418G\t/tmp/ray/session_2025-03-27_09-12-40_112233_91433\n"
                  "# ls -ld /tmp/ray\n"
                  "drwxrwxrwt 4 jwong research 4096 Mar 27 09:12 /tmp/ray\n"
                  "# squeue -w gpu-f02 -h\n"
                  "  3019922     train  llama3-8b  svc-llm  R       1:39      4 gpu-f[01-04]\n")
        else:
            b.add("%s/df.txt" % host, "Filesystem      Size  Used Avail Use% Mounted on\n"
                  "/dev/nvme0n1p2  439G   51G  366G  13% /\n"
                  "tmpfs           1.0T   12M  1.0T   1% /dev/shm\n"
                  "weka01          2.0P  1.2P  841T  59% /weka\n")
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -15 * 86400 - 777 * ni), host, rng, nvrm="560.35.03", kernel="6.8.0-49-generic"))
    b.add("slurm-%d.out" % jobid, "srun: error: gpu-f02: task 1: Exited with exit code 1\n"
          "srun: error: gpu-f01: task 0: Exited with exit code 1\nsrun: error: gpu-f03: task 2: Exited with exit code 1\n"
          "srun: error: gpu-f04: task 3: Exited with exit code 1\n")
    b.add("sacct.txt", sacct(jobid, "llama3-8b", [("", "llama3-8b", "train", 4, "FAILED", "1:0", "00:12:01", "gpu-f[01-04]")]))
    b.set_label("storage", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only the 8 ranks on gpu-f02 fail, each with ENOSPC while inductor writes its code cache under /tmp; "
                "that node's root filesystem is 100% full, 418G of it a stale /tmp/ray session left by another user's "
                "job last week, while the other nodes sit at 13%. Local disk full on one node; the watchdog timeouts "
                "elsewhere are sympathetic.",
                "https://github.com/jansel/pytorch-jit-paritybench/pull/24")
    return b


# ---------------------------------------------------------------------------
# cg15: distributed checkpoint save hits the project quota on Lustre (all 8 nodes)
# ---------------------------------------------------------------------------
def cg15():
    b = Bundle("cg15_megatron_dist_ckpt_quota_exceeded_8_nodes")
    rng = rng_for(b.name)
    nodes = ["nid%06d" % k for k in range(1024, 1032)]
    jobid = 18820011
    t0 = dt(2024, 12, 17, 23, 0, 1, 0)
    tsave = plus(t0, 7 * 3600 + 40 * 60 + 3)
    for ni, host in enumerate(nodes):
        out = []
        if ni == 0:
            for it in range(24010, 26000, 330):
                out.append(megatron_iter(plus(t0, 60 + (it - 24000) * 13.1), it, 100000, it * 2048, 13101.2, 2.2e-4, 2048,
                                         2.03 - it * 1e-6, 1.0, 0.18 + rng.random() * 0.02).rstrip("\n"))
            out.append("saving checkpoint at iteration   26000 to /lustre/orion/proj-llm/ckpt/dense34b in torch_dist format")
        for j in range(8):
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/ccs/proj/llm/Megatron-LM/megatron/training/training.py", line 1290, in train',
                "    save_checkpoint_and_time(iteration, model, optimizer,",
                '  File "/ccs/proj/llm/Megatron-LM/megatron/training/checkpointing.py", line 418, in save_checkpoint',
                "    async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,",
                '  File "/ccs/proj/llm/Megatron-LM/megatron/core/dist_checkpointing/strategies/torch.py", line 633, in save',
                "    write_results = storage_writer.write_data(plan, planner)",
                '  File "/ccs/proj/llm/venv/lib/python3.10/site-packages/torch/distributed/checkpoint/filesystem.py", line 281, in _write_files_from_queue',
                "    _write_item(stream, data, write_item, storage_key)",
                '  File "/ccs/proj/llm/venv/lib/python3.10/site-packages/torch/distributed/checkpoint/filesystem.py", line 190, in _write_item',
                "    torch.save(data, stream)",
                '  File "/ccs/proj/llm/venv/lib/python3.10/site-packages/torch/serialization.py", line 653, in save',
                "    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
                "OSError: [Errno 122] Disk quota exceeded",
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r).rstrip("\n"))
        b.add("%s/rank_stderr.log" % host, "\n".join(out) + "\n")
        d = dmesg_boot(plus(t0, -2 * 86400 - 60 * ni), host, rng, nvrm="550.54.15", ib=False)
        d += kline(plus(t0, -2 * 86400 - 60 * ni), plus(t0, 300), "cxi_core 0000:c1:00.0: cxi0[hsn0] Link up")
        b.add("%s/dmesg.txt" % host, d)
    b.add("lfs-quota.txt", """$ lfs quota -h -p 41873 /lustre/orion
Disk quotas for prj 41873 (pid 41873):
     Filesystem    used   quota   limit   grace   files   quota   limit   grace
  /lustre/orion  500.1T*   450T    500T  expired  1842331       0       0       -
$ lfs df -h /lustre/orion | tail -1
filesystem_summary:        679.2P      417.6P      261.4P  62% /lustre/orion
""")
    b.add("slurm-%d.out" % jobid, "saving checkpoint at iteration   26000 to /lustre/orion/proj-llm/ckpt/dense34b in torch_dist format\n"
          "[rank0]: OSError: [Errno 122] Disk quota exceeded\n" + "".join(
              "srun: error: %s: tasks %d-%d: Exited with exit code 1\n" % (h, i * 8, i * 8 + 7) for i, h in enumerate(nodes)))
    b.add("sacct.txt", sacct(jobid, "dense34b", [("", "dense34b", "batch", 8, "FAILED", "1:0", "07:41:20", "nid[001024-001031]")]))
    b.set_label("storage", "infrastructure", None, "stop",
                "All 64 ranks on all 8 nodes fail with EDQUOT while writing the iteration-26000 torch_dist checkpoint; "
                "lfs quota shows the project at 500.1T against a 500T hard limit with the grace period expired while "
                "the filesystem itself is 62% full. A quota on the shared filesystem will not clear by retrying; "
                "someone must free space or raise the quota first.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


# ---------------------------------------------------------------------------
# cg16: FSDP resume with Missing/Unexpected keys (_orig_mod. prefix)
# ---------------------------------------------------------------------------
def cg16():
    b = Bundle("cg16_fsdp_resume_missing_unexpected_keys")
    rng = rng_for(b.name)
    nodes = ["ml-k8-0", "ml-k8-1"]
    t0 = dt(2025, 1, 29, 9, 15, 30, 0)
    keys = ["tok_embeddings.weight"]
    for l in range(3):
        keys += ["layers.%d.attention.wq.weight" % l, "layers.%d.attention.wk.weight" % l,
                 "layers.%d.attention.wv.weight" % l, "layers.%d.attention.wo.weight" % l,
                 "layers.%d.feed_forward.w1.weight" % l, "layers.%d.feed_forward.w2.weight" % l,
                 "layers.%d.feed_forward.w3.weight" % l, "layers.%d.attention_norm.weight" % l,
                 "layers.%d.ffn_norm.weight" % l]
    missing = ", ".join('"%s"' % k for k in keys) + ', ...'
    unexpected = ", ".join('"_orig_mod.%s"' % k for k in keys) + ', ...'
    b.add("train_cmd.txt", "torchrun --nnodes 2 --nproc-per-node 8 --node-rank $NODE_RANK --master-addr ml-k8-0 "
          "--master-port 29500 pretrain.py --resume /mnt/ckpt/run-0127/step_12000/full_state.pt --compile false\n"
          "# run-0127 (which wrote step_12000) was launched with --compile true\n")
    for ni, host in enumerate(nodes):
        agent = 4400 + ni * 17
        out = [torchrun_banner(t0, agent)]
        for j in range(8):
            r = ni * 8 + j
            out.append(nccl_init(host, agent + 3 + j, j, r, 16, "eth0", "10.0.12.%d" % (30 + ni), ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"],
                                 A100_BUS[j][:2] + "000", nccl_ver="2.21.5", show_version=(r == 0)))
        tf = plus(t0, 71.9)
        for j in range(8):
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/workspace/pretrain.py", line 388, in <module>',
                "    main(args)",
                '  File "/workspace/pretrain.py", line 201, in main',
                "    model.load_state_dict(sd[\"model\"])",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 2215, in load_state_dict',
                "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                "RuntimeError: Error(s) in loading state_dict for FullyShardedDataParallel:",
                "\tMissing key(s) in state_dict: %s " % missing,
                "\tUnexpected key(s) in state_dict: %s " % unexpected,
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r))
        pids = [agent + 3 + j for j in range(8)]
        out.append(elastic_failed(plus(tf, 1.7), agent, 1, 0, pids[0]))
        out.append(child_failed_error("pretrain.py", dict(t=plus(tf, 1.7), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                                      [dict(t=plus(tf, 1.7), host=host, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)]))
        b.add("%s/torchrun.log" % host, "".join(out))
        b.add("%s/nvidia-smi.txt" % host, nvidia_smi(plus(t0, 5), "535.183.06", "12.2", "NVIDIA A100-SXM4-80GB", A100_BUS, 81920,
                                                      [dict(cap=400, pwr=63) for _ in range(8)]))
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -8 * 86400 - 2000 * ni), host, rng, nvrm="535.183.06"))
    b.set_label("user_code", "script", None, "stop",
                "Every rank on both nodes fails to load the resume checkpoint: each parameter is reported missing under "
                "its plain name and unexpected under the same name prefixed with _orig_mod., i.e. the state dict was "
                "saved from a torch.compile'd module and is loaded into an uncompiled one. Deterministic checkpoint/"
                "code mismatch.",
                "https://github.com/huggingface/pytorch-image-models/pull/2003")
    return b


# ---------------------------------------------------------------------------
# cg17: FSDP 'Must flatten tensors with uniform dtype' on every rank (accelerate, 3 nodes)
# ---------------------------------------------------------------------------
def cg17():
    b = Bundle("cg17_accelerate_fsdp_uniform_dtype_valueerror")
    rng = rng_for(b.name)
    nodes = ["g5-p01", "g5-p02", "g5-p03"]
    jobid = 7301127
    t0 = dt(2024, 6, 25, 15, 44, 2, 0)
    b.add("fsdp_config.yaml", """compute_environment: LOCAL_MACHINE
distributed_type: FSDP
downcast_bf16: 'no'
fsdp_config:
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_use_orig_params: false
  fsdp_cpu_ram_efficient_loading: false
  fsdp_transformer_layer_cls_to_wrap: LlamaDecoderLayer
mixed_precision: bf16
num_machines: 3
num_processes: 24
""")
    b.add("train_dpo.py.excerpt", """# train_dpo.py lines 88-97
model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16)
# keep the new value head in fp32 for stability
model.v_head = nn.Linear(model.config.hidden_size, 1, dtype=torch.float32)
model.lm_head.weight.requires_grad_(False)
trainer = DPOTrainer(model=model, ref_model=None, args=training_args, ...)
trainer.train()
""")
    for ni, host in enumerate(nodes):
        agent = 80020 + ni * 11
        out = [torchrun_banner(t0, agent, line=757)]
        tf = plus(t0, 88.1)
        for j in range(8):
            r = ni * 8 + j
            lines = [
                "Traceback (most recent call last):",
                '  File "/home/ubuntu/rlhf/train_dpo.py", line 97, in <module>',
                "    trainer.train()",
                '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 1885, in train',
                "    return inner_training_loop(",
                '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 2032, in _inner_training_loop',
                "    self.model = self.accelerator.prepare(self.model)",
                '  File "/opt/conda/lib/python3.10/site-packages/accelerate/accelerator.py", line 1292, in prepare',
                "    result = tuple(",
                '  File "/opt/conda/lib/python3.10/site-packages/accelerate/accelerator.py", line 1459, in prepare_model',
                "    model = FSDP(model, **kwargs)",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 509, in __init__',
                "    _init_param_handle_from_module(",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/fsdp/_init_utils.py", line 603, in _init_param_handle_from_module',
                "    _init_param_handle_from_params(state, managed_params, fully_sharded_module)",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/fsdp/_flat_param.py", line 623, in _init_flat_param_and_metadata',
                "    ) = self._validate_tensors_to_flatten(params)",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/fsdp/_flat_param.py", line 761, in _validate_tensors_to_flatten',
                "    raise ValueError(",
                "ValueError: Must flatten tensors with uniform dtype but got torch.bfloat16 and torch.float32",
            ]
            out.append(prefix("\n".join(lines), "[rank%d]: " % r))
        pids = [agent + 4 + j for j in range(8)]
        out.append(elastic_failed(plus(tf, 3.2), agent, 1, 0, pids[0], binary="/opt/conda/bin/python", line=826))
        out.append(child_failed_error("train_dpo.py", dict(t=plus(tf, 3.2), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]),
                                      [dict(t=plus(tf, 3.2), host=host, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)],
                                      torchrun_path="/opt/conda/bin/accelerate", site="/opt/conda/lib/python3.10/site-packages"))
        b.add("%s/accelerate.log" % host, "".join(out))
        b.add("%s/dmesg.txt" % host, dmesg_boot(plus(t0, -40 * 86400 - 1000 * ni), host, rng, kernel="6.2.0-1017-aws", nvrm="535.104.12", ib=False))
    b.add("slurm-%d.out" % jobid, "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(nodes)))
    b.set_label("user_code", "script", None, "stop",
                "All 24 ranks on the 3 nodes fail identically while FSDP wraps the model: 'Must flatten tensors with "
                "uniform dtype but got torch.bfloat16 and torch.float32'. The user's script adds an fp32 value head to "
                "a bf16 model with use_orig_params false. A deterministic dtype mix in user code.",
                "https://github.com/huggingface/trl/issues/1723")
    return b


# ---------------------------------------------------------------------------
# cg18: torch.load 'failed finding central directory' on one node; that node's local cache disk is corrupt
# ---------------------------------------------------------------------------
def cg18():
    b = Bundle("cg18_resume_zip_central_directory_one_node")
    rng = rng_for(b.name)
    nodes = ["gpu-h01", "gpu-h02", "gpu-h03", "gpu-h04"]
    bad = "gpu-h03"
    jobid = 4552008
    t0 = dt(2024, 8, 8, 6, 30, 0, 0)
    b.add("prestage.sh", """#!/bin/bash
# runs once per node before the trainer: copy this node's shards from the object store to local NVMe
aws s3 cp --recursive --exclude '*' --include "rank_${NODE_SHARD_GLOB}*" \\
    s3://ml-ckpt/vlm-34b/step_18000/ /local_nvme/ckpt_cache/step_18000/
sha256sum -c /local_nvme/ckpt_cache/step_18000/SHA256SUMS.node 2>&1 | tail -n 9
""")
    for ni, host in enumerate(nodes):
        pre = ["download: s3://ml-ckpt/vlm-34b/step_18000/rank_%02d.pt to /local_nvme/ckpt_cache/step_18000/rank_%02d.pt" % (ni * 8 + j, ni * 8 + j) for j in range(8)]
        pre += ["/local_nvme/ckpt_cache/step_18000/rank_%02d.pt: OK" % (ni * 8 + j) for j in range(8)]
        b.add("%s/prestage.log" % host, "\n".join(pre) + "\n")
        agent = 12000 + ni * 40
        out = [torchrun_banner(plus(t0, 600), agent)]
        tl = plus(t0, 660 + 3.1)
        for j in range(8):
            r = ni * 8 + j
            if host == bad and j in (1, 4, 6):
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/srv/vlm/train.py", line 512, in <module>',
                    "    main()",
                    '  File "/srv/vlm/train.py", line 447, in main',
                    "    state = load_local_shard(args.resume_dir, rank)",
                    '  File "/srv/vlm/ckpt.py", line 61, in load_local_shard',
                    "    return torch.load(path, map_location=\"cpu\", weights_only=False)",
                    '  File "/usr/local/lib/python3.11/site-packages/torch/serialization.py", line 1072, in load',
                    "    with _open_zipfile_reader(opened_file) as opened_zipfile:",
                    '  File "/usr/local/lib/python3.11/site-packages/torch/serialization.py", line 480, in __init__',
                    "    super().__init__(torch._C.PyTorchFileReader(name_or_buffer))",
                    "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % r))
            else:
                out.append("[rank%d]:%s INFO ckpt: loaded /local_nvme/ckpt_cache/step_18000/rank_%02d.pt (14.62 GiB) in 38.4s\n" % (r, pylog(plus(tl, 0.2 * j)), r))
        if host == bad:
            pids = [agent + 5 + j for j in range(8)]
            out.append(elastic_failed(plus(tl, 2.0), agent, 1, 1, pids[1]))
            out.append(child_failed_error("/srv/vlm/train.py", dict(t=plus(tl, 2.0), host=host, rank=17, local_rank=1, exitcode=1, pid=pids[1]),
                                          [dict(t=plus(tl, 2.0), host=host, rank=16 + k, local_rank=k, exitcode=1 if k in (4, 6) else -15, pid=pids[k]) for k in (0, 2, 3, 4, 5, 6, 7)],
                                          pyver="3.11", site="/usr/local/lib/python3.11/site-packages"))
        else:
            for j in range(8):
                r = ni * 8 + j
                out.append(watchdog_timeout(r, plus(tl, 1800.3 + 0.01 * j), 3, "BROADCAST", 1, 1800000, 1800040 + j))
        b.add("%s/stdout.log" % host, "".join(out))
        boot = plus(t0, -4 * 86400 - 900 * ni)
        d = dmesg_boot(boot, host, rng, nvrm="550.90.07", kernel="5.15.0-117-generic")
        d += kline(boot, plus(boot, 31.5), "XFS (nvme1n1p1): Mounting V5 Filesystem")
        d += kline(boot, plus(boot, 31.9), "XFS (nvme1n1p1): Ending clean mount")
        if host == bad:
            d += kline(boot, plus(t0, 412.2), "nvme nvme1: I/O 88 QID 31 timeout, reset controller")
            d += kline(boot, plus(t0, 443.6), "nvme nvme1: 96/0/0 default/read/poll queues")
            d += kline(boot, plus(t0, 443.9), "blk_update_request: I/O error, dev nvme1n1, sector 2147811328 op 0x1:(WRITE) flags 0x4000 phys_seg 256 prio class 0")
            d += kline(boot, plus(t0, 443.9001), "Buffer I/O error on dev nvme1n1p1, logical block 268476160, lost async page write")
            d += kline(boot, plus(tl, -1.2), "XFS (nvme1n1p1): Metadata CRC error detected at xfs_bmbt_read_verify+0x11/0xc0 [xfs], xfs_bmbt block 0x7ff1a2c8 ")
            d += kline(boot, plus(tl, -1.1), "XFS (nvme1n1p1): Unmount and run xfs_repair")
        b.add("%s/dmesg.txt" % host, d)
    b.add("slurm-%d.out" % jobid, "srun: error: gpu-h03: task 2: Exited with exit code 1\n"
          "srun: error: gpu-h01: task 0: Aborted (core dumped)\nsrun: error: gpu-h02: task 1: Aborted (core dumped)\n"
          "srun: error: gpu-h04: task 3: Aborted (core dumped)\n")
    b.add("sacct.txt", sacct(jobid, "vlm-34b", [("", "vlm-34b", "h100", 4, "FAILED", "1:0", "00:41:22", "gpu-h[01-04]")]))
    b.set_label("storage", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "The zip 'central directory' error looks like a bad checkpoint, but the same step_18000 checkpoint loads "
                "on 29 ranks and only ranks 17, 20 and 22 on gpu-h03 fail. Their shards passed sha256 right after "
                "download, and gpu-h03's dmesg then shows an NVMe controller reset, lost async page writes and XFS "
                "metadata CRC errors on the local cache disk. The node's disk corrupted the copies.",
                "https://github.com/togethercomputer/OpenChatKit/issues/58")
    return b


# ---------------------------------------------------------------------------
# cg19: Megatron 'found NaN in local grad norm' on the same device across three attempts
# ---------------------------------------------------------------------------
def cg19():
    b = Bundle("cg19_megatron_nan_grad_norm_three_requeues")
    rng = rng_for(b.name)
    nodes = ["gpu-g01", "gpu-g02", "gpu-g03", "gpu-g04"]
    bad, badlocal = "gpu-g03", 5
    badrank = 16 + badlocal
    jobid = 3300471
    starts = [dt(2024, 9, 3, 0, 10, 0), dt(2024, 9, 3, 7, 2, 31), dt(2024, 9, 3, 9, 40, 5)]
    resumes = [28000, 30000, 30000]
    fails = [30412, 30127, 30055]
    for a in range(3):
        att = "attempt_%d" % (a + 1)
        t0 = starts[a]
        ms = 3405.0
        tf = plus(t0, 120 + (fails[a] - resumes[a]) * ms / 1000.0)
        for ni, host in enumerate(nodes):
            out = []
            if ni == 0:
                out.append(" loading checkpoint from /lustre/llm/ckpt/gpt30b at iteration %d" % resumes[a])
                for it in range(resumes[a] + 10, fails[a], 150):
                    out.append(megatron_iter(plus(t0, 120 + (it - resumes[a]) * ms / 1000.0), it, 200000, it * 1024, ms + rng.random() * 20,
                                             1.1e-4, 1024, 1.98 - it * 2e-7 + rng.random() * 0.015, 1.0, 0.21 + rng.random() * 0.03).rstrip("\n"))
            if host == bad:
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
                    "    pretrain(",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1235, in train',
                    "    train_step(forward_step_func,",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 730, in train_step',
                    "    losses_reduced = forward_backward_func(",
                    '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 1393, in forward_backward_pipelining_without_interleaving',
                    "    config.finalize_model_grads_func(",
                    '  File "/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py", line 113, in finalize_model_grads',
                    "    model_chunk.finish_grad_sync()",
                    '  File "/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", line 356, in finish_grad_sync',
                    "    bucket_group.finish_grad_sync()",
                    '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 185, in start_grad_sync',
                    "    self.check_for_nan_in_grad()",
                    '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 160, in check_for_nan_in_grad',
                    "    assert not norm_is_nan, (",
                    "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (badrank, badlocal, bad),
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % badrank).rstrip("\n"))
            for j in range(8):
                rr = ni * 8 + j
                if rr == badrank:
                    continue
                out.append(watchdog_timeout(rr, plus(tf, 600.1 + 0.02 * j), 880000 + fails[a] * 3, "_REDUCE_SCATTER_BASE", 26214400, 600000, 600019 + j).rstrip("\n"))
            b.add("%s/%s/stdout.log" % (att, host), "\n".join(out) + "\n")
            boot = plus(dt(2024, 8, 30, 10, 0, 0), 1000 * ni)
            b.add("%s/%s/dmesg.txt" % (att, host), dmesg_boot(boot, host, rng, nvrm="550.90.07"))
        b.add("%s/slurm-%d.out" % (att, jobid), "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s\n"
              "srun: error: %s: task 2: Exited with exit code 1\n" % (badrank, badrank, badlocal, bad, bad) +
              ("slurmstepd: error: *** JOB %d ON gpu-g01 CANCELLED AT %s DUE TO JOB REQUEUE ***\n" % (jobid, isots(plus(tf, 620))) if a < 2 else ""))
    rows = [dict(temp=35 + k) for k in range(8)]
    b.add("attempt_3/%s/nvidia-smi.txt" % bad, nvidia_smi(plus(starts[2], 2400), "550.90.07", "12.4", "NVIDIA H100 80GB HBM3", H100_BUS, 81559, rows))
    b.add("sacct.txt", sacct(jobid, "gpt30b", [
        ("", "gpt30b", "h100", 4, "REQUEUED", "0:0", "06:51:08", "gpu-g[01-04]"),
        ("", "gpt30b", "h100", 4, "REQUEUED", "0:0", "00:38:00", "gpu-g[01-04]"),
        ("", "gpt30b", "h100", 4, "FAILED", "1:0", "00:14:27", "gpu-g[01-04]")]))
    b.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": badrank}, "restart_without_node",
                "Three attempts, three different iterations (30412, 30127, 30055), always the same assertion from "
                "Rank 21, Device 5 on gpu-g03; the loss and grad norm are smooth up to the failure and no other rank "
                "ever sees a NaN. A NaN that follows one GPU across restarts is silent data corruption on that GPU, "
                "even though nvidia-smi looks clean.",
                "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return b


# ---------------------------------------------------------------------------
# cg20: Megatron NaN grad norm on different ranks after the loss diverges (recipe)
# ---------------------------------------------------------------------------
def cg20():
    b = Bundle("cg20_megatron_nan_grad_norm_after_loss_spike")
    rng = rng_for(b.name)
    nodes = ["gpu-j01", "gpu-j02", "gpu-j03", "gpu-j04"]
    jobid = 3300912
    starts = [dt(2024, 9, 11, 2, 0, 0), dt(2024, 9, 11, 13, 20, 9)]
    resumes = [0, 9000]
    fails = [(9871, 5, "gpu-j01"), (9874, 26, "gpu-j04")]
    b.add("job.sbatch", """#!/bin/bash
#SBATCH -N 4 --gpus-per-node=8 --ntasks-per-node=1 -p h100 --requeue
# lr raised 10x vs the 1.3b baseline to 'converge faster' (see wandb run 1p3b-lr-sweep-07)
ARGS="--num-layers 24 --hidden-size 2048 --num-attention-heads 16 --seq-length 2048 --micro-batch-size 8 \\
 --global-batch-size 512 --lr 3.0e-3 --min-lr 3.0e-4 --lr-warmup-iters 200 --clip-grad 0.0 --bf16 \\
 --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1 --check-for-nan-in-loss-and-grad"
srun torchrun --nnodes 4 --nproc-per-node 8 ... pretrain_gpt.py $ARGS --load $CKPT --save $CKPT --save-interval 1000
""")
    for a in range(2):
        att = "attempt_%d" % (a + 1)
        t0 = starts[a]
        fit, frank, fhost = fails[a]
        ms = 1010.0
        tf = plus(t0, 90 + (fit - resumes[a]) * ms / 1000.0)
        for ni, host in enumerate(nodes):
            out = []
            if ni == 0:
                out.append(" loading checkpoint from /lustre/llm/ckpt/gpt1p3b-lr3e-3 at iteration %d" % resumes[a] if resumes[a] else " > no checkpoint found, starting from scratch")
                it = resumes[a] + 100
                while it < fit:
                    prog = (it - 9000) / 870.0
                    if it < 9000:
                        loss, gn = 2.9 - it * 5e-5 + rng.random() * 0.03, 0.9 + rng.random() * 0.6
                    else:
                        loss = 2.45 + max(0, prog) ** 3 * 5.5 + rng.random() * 0.05
                        gn = 1.5 + max(0, prog) ** 4 * 2400
                    out.append(megatron_iter(plus(t0, 90 + (it - resumes[a]) * ms / 1000.0), it, 60000, it * 512, ms, 3.0e-3, 512,
                                             loss, 1.0, gn).rstrip("\n"))
                    it += 100 if it < 9500 else 50
            if host == fhost:
                lines = [
                    "Traceback (most recent call last):",
                    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 730, in train_step',
                    "    losses_reduced = forward_backward_func(",
                    '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 160, in check_for_nan_in_grad',
                    "    assert not norm_is_nan, (",
                    "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (frank, frank % 8, fhost),
                ]
                out.append(prefix("\n".join(lines), "[rank%d]: " % frank).rstrip("\n"))
            for j in range(8):
                rr = ni * 8 + j
                if rr == frank:
                    continue
                out.append(watchdog_timeout(rr, plus(tf, 600.3 + 0.01 * j), 290000 + fit, "ALLREDUCE", 1345000000, 600000, 600040 + j).rstrip("\n"))
            b.add("%s/%s/stdout.log" % (att, host), "\n".join(out) + "\n")
            b.add("%s/%s/dmesg.txt" % (att, host), dmesg_boot(plus(dt(2024, 9, 5, 0, 0, 0), 333 * ni), host, rng, nvrm="550.90.07"))
        b.add("%s/slurm-%d.out" % (att, jobid), "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s\n" % (frank, frank, frank % 8, fhost))
    b.add("sacct.txt", sacct(jobid, "gpt1p3b", [
        ("", "gpt1p3b", "h100", 4, "REQUEUED", "0:0", "02:47:51", "gpu-j[01-04]"),
        ("", "gpt1p3b", "h100", 4, "FAILED", "1:0", "00:33:17", "gpu-j[01-04]")]))
    b.set_label("numerical", "script", None, "stop",
                "The NaN assertion fires on a different rank and node each time (rank 5 on gpu-j01, then rank 26 on "
                "gpu-j04), and both runs show the same divergence first: lm loss climbing from 2.4 to 7+ and grad norm "
                "exploding from ~2 to thousands from iteration 9000, with lr 3e-3 (10x the baseline) and clipping "
                "off. The recipe diverges; no GPU is implicated.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/366")
    return b


CASES = [cg11, cg12, cg13, cg14, cg15, cg16, cg17, cg18, cg19, cg20]
