"""Cases by09-by14, by27: the job's own settings make every rank slow."""

from lib import (Bundle, T, add, iso, iso_ms, iso_t, glog, dmesg_rel, boot_lines, nvsmi_q, nvsmi_table,
                 nccl_init, torchrun_rdzv, megatron_straggler, rank_data, megatron_iter, label, rng_for,
                 H100_BUS, A100_BUS, ibstat, tqdm_time)
from cases_node_a import megatron_args_dump
from cases_node_b import titan_line


# --------------------------------------------------------------------------------------------
def by09(root):
    b = Bundle(root)
    rng = rng_for("by09")
    hosts = ["p5-0a14", "p5-0a15", "p5-0a16", "p5-0a17"]
    world = 32
    start = T(2024, 5, 6, 19, 30, 0)
    b.add("train_llama.sbatch", "\n".join([
        "#!/bin/bash",
        "#SBATCH --job-name=llama3-70b-cpt",
        "#SBATCH --nodes=4",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8",
        "#SBATCH --exclusive",
        "#SBATCH --output=slurm-%j.out",
        "",
        "source /fsx/envs/titan/bin/activate",
        "export NCCL_DEBUG=INFO",
        "export NCCL_DEBUG_SUBSYS=INIT,NET",
        "export NCCL_SOCKET_IFNAME=bond0",
        "export NCCL_IB_DISABLE=1        # TODO remove - was debugging the init hang on 05/02",
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "",
        "head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint ${head}:29500 \\",
        "     -m torchtitan.train --job.config_file train_configs/llama3_70b.toml"]))
    out = []
    for ni, h in enumerate(hosts):
        out += torchrun_rdzv(add(start, ni * 0.02), hosts[0], ni, 4, 8, world, style="glog")
    for r in range(world):
        h = hosts[r // 8]
        lr = r % 8
        ip = "10.1.%d.%d" % (40 + r // 8, 20 + r // 8)
        pid = 31000 + r * 11
        if lr == 0 or r == 0:
            out.append("[rank%d]:%s:%d:%d [%d] NCCL INFO NCCL_IB_DISABLE set by environment to 1." % (r, h, pid, pid + 70, lr))
        for ln in nccl_init(h, ip, pid, lr, r, world, 4, "%s000" % H100_BUS[lr], "0x55a0%08x" % (r * 104729), "0x1d2e3f4a5b6c7d8e", net="Socket"):
            out.append("[rank%d]:%s" % (r, ln))
    out.append("[rank0]:" + titan_line(add(start, 50), "Training starts at step 1, with local batch size 1, global batch size 32, sequence length 8192, total steps 20000 (warmup 500)"))
    t = add(start, 60)
    for step in range(10, 201, 10):
        tps = 61.0 + rng.uniform(-2, 2)
        t = add(t, 10 * 32 * 8192 / (tps * 32))
        mfu = 10.1 * tps / 61.0
        out.append("[rank0]:" + titan_line(t, "step: %3d  loss: %7.4f  memory: 71.02GiB(89.77%%)  tps: %d  tflops: %.2f  mfu: %.2f%%" % (
            step, 2.41 - step * 0.0002 + rng.uniform(-0.01, 0.01), int(tps), 989.0 * mfu / 100, mfu)))
    b.add("slurm-6120447.out", "\n".join(out))
    prev = ["[rank0]:[titan] 2024-04-29 03:12:40,118 - root - INFO - step: 5990  loss:  2.6620  memory: 71.02GiB(89.77%)  tps: 246  tflops: 402.75  mfu: 40.72%",
            "[rank0]:[titan] 2024-04-29 03:14:01,052 - root - INFO - step: 6000  loss:  2.6581  memory: 71.02GiB(89.77%)  tps: 247  tflops: 404.11  mfu: 40.86%",
            "[rank0]:[titan] 2024-04-29 03:14:01,377 - root - INFO - Saving a full checkpoint at last step, step 6000.",
            "[rank0]:[titan] 2024-04-29 03:16:44,990 - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 163.61 seconds."]
    b.add("previous_run_tail_slurm-6098113.out", "\n".join(prev))
    boot = T(2024, 4, 30, 5, 1, 20)
    for h in hosts:
        b.add("%s/ibstat.txt" % h, ibstat(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"], guid_base=0x946dae0300c10000 + hosts.index(h) * 0x100))
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
    b.add("p5-0a15/sar-net.txt", "\n".join([
        "19:45:01        IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil",
        "19:46:01        bond0 901233.11 899874.20 2401193.5 2398441.7      0.00      0.00      0.00     98.31",
        "19:46:01      ibp26s0      0.00      0.00      0.00      0.00      0.00      0.00      0.00      0.00",
        "19:46:01      ibp60s0      0.00      0.00      0.00      0.00      0.00      0.00      0.00      0.00"]))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "All ranks are uniformly slow (tps ~61 vs ~246 on the previous run on the same model); the job script still exports NCCL_IB_DISABLE=1 from an earlier debugging session, so NCCL uses Socket over bond0 (saturated) while every HCA is Active at 400 Gb/s. Fix the script and resubmit.",
                 "https://github.com/areal-project/AReaL/issues/639")


# --------------------------------------------------------------------------------------------
def by10(root):
    b = Bundle(root)
    rng = rng_for("by10")
    hosts = ["lambda-a7", "lambda-a8"]
    start = T(2024, 2, 8, 11, 0, 0)
    b.add("configs/train_unet.yaml", "\n".join([
        "seed_everything: 17",
        "trainer:",
        "  accelerator: gpu",
        "  devices: 4",
        "  num_nodes: 2",
        "  strategy: ddp",
        "  precision: bf16-mixed",
        "  max_epochs: 40",
        "  log_every_n_steps: 50",
        "  detect_anomaly: true     # chasing the NaN from run 112, keep until fixed",
        "  gradient_clip_val: 1.0",
        "model:",
        "  class_path: seg.models.UNet3D",
        "  init_args:",
        "    base_channels: 64",
        "data:",
        "  batch_size: 6",
        "  num_workers: 10"]))
    b.add("runs.csv", "\n".join([
        "run,date,nodes,config_git_sha,mean_it_s,notes",
        "run-110,2024-02-01,2,4be71c0,3.12,",
        "run-111,2024-02-03,2,4be71c0,3.09,",
        "run-112,2024-02-05,2,91aa2d3,3.10,loss NaN at epoch 7",
        "run-113,2024-02-08,2,c0de2f1,1.21,slow?"]))
    for ni, h in enumerate(hosts):
        L = ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (ni * 4, ni * 4 + 1)]
        for lr in range(4):
            L.append("/opt/venv/lib/python3.10/site-packages/torch/autograd/anomaly_mode.py:86: UserWarning: Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled for debugging.")
            L.append("  warnings.warn(")
        if ni == 0:
            L += ["----------------------------------------------------------------------------------------------------",
                  "distributed_backend=nccl",
                  "All distributed processes registered. Starting with 8 processes",
                  "----------------------------------------------------------------------------------------------------",
                  "",
                  "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
                  "",
                  "  | Name  | Type   | Params | Mode ",
                  "-----------------------------------------",
                  "0 | model | UNet3D | 90.3 M | train",
                  "1 | loss  | DiceCE | 0      | train",
                  "-----------------------------------------",
                  "90.3 M    Trainable params",
                  "0         Non-trainable params",
                  "90.3 M    Total params",
                  "361.207   Total estimated model params size (MB)"]
            total = 2210
            el = 0
            for step in range(50, 1401, 50):
                its = 1.21 + rng.uniform(-0.03, 0.03)
                el += 50 / its
                rem = (total - step) / its
                pct = int(100 * step / total)
                L.append("Epoch 0:  %2d%%|%-10s| %d/%d [%02d:%02d<%02d:%02d,  %.2fit/s, v_num=113, train_loss_step=%.3f]" % (
                    pct, "#" * (pct // 10), step, total, int(el) // 60, int(el) % 60, int(rem) // 60 % 60, int(rem) % 60, its, 0.71 - step * 0.0001 + rng.uniform(-0.02, 0.02)))
        b.add("%s/train.log" % h, "\n".join(L))
        rows = [{"temp": 55 + i, "pwr": 210 + rng.randint(-20, 20), "mem": 30122, "util": rng.choice([31, 38, 44, 52])} for i in range(4)]
        procs = [(i, 71100 + ni * 500 + i, "python", 30110) for i in range(4)]
        b.add("%s/nvidia-smi.txt" % h, nvsmi_table(add(start, 1800), rows + [], procs, style="a100"))
    b.add("lambda-a7/py-spy-rank0.txt", "\n".join([
        "Process 71100: python -m seg.train fit --config configs/train_unet.yaml",
        "Python v3.10.13 (/opt/venv/bin/python3.10)",
        "",
        "Thread 71100 (active): \"MainThread\"",
        "    _engine_run_backward (torch/autograd/graph.py:744)",
        "    backward (torch/autograd/__init__.py:267)",
        "    backward (torch/_tensor.py:521)",
        "    backward (lightning/pytorch/core/module.py:1089)",
        "    backward (lightning/pytorch/strategies/strategy.py:212)",
        "    closure (lightning/pytorch/loops/optimization/automatic.py:146)",
        "    _wrap_closure (lightning/pytorch/loops/optimization/automatic.py:129)",
        "    __exit__ (torch/autograd/anomaly_mode.py:101)"]))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "Both nodes and all 8 ranks are equally slow (1.2 it/s vs 3.1 on earlier runs) with low GPU utilisation; the config enables trainer.detect_anomaly (left from a NaN hunt) and every rank prints torch's 'Anomaly Detection has been enabled' warning. A recipe setting, not a node fault.",
                 "https://github.com/Lightning-AI/pytorch-lightning/issues/12344")


# --------------------------------------------------------------------------------------------
def by11(root):
    b = Bundle(root)
    rng = rng_for("by11")
    hosts = ["ml-gpu-031", "ml-gpu-032"]
    start = T(2024, 12, 2, 9, 14, 0)
    b.add("run_sft.sh", "\n".join([
        "#!/bin/bash",
        "#SBATCH -N 2",
        "#SBATCH --gres=gpu:8",
        "#SBATCH --cpus-per-task=96",
        "#SBATCH -t 2-00:00:00",
        "module load cuda/12.1 nccl/2.20",
        "source ~/venvs/hf/bin/activate",
        "export CUDA_LAUNCH_BLOCKING=1   # get real stack for the illegal memory access (ticket 4471)",
        "export TORCH_USE_CUDA_DSA=1",
        "printenv | grep -E '^(CUDA|NCCL|TORCH)' | sort",
        "srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 \\",
        "   sft.py --model_name_or_path /models/Qwen2-7B --bf16 --per_device_train_batch_size 4 --gradient_accumulation_steps 2 \\",
        "   --logging_steps 20 --save_steps 1000 --output_dir /ckpt/qwen2-7b-sft-r3 --deepspeed ds_z2.json"]))
    out = ["CUDA_LAUNCH_BLOCKING=1", "CUDA_VERSION=12.1.1", "NCCL_VERSION=2.20.5", "TORCH_USE_CUDA_DSA=1"]
    out.append("[INFO|trainer.py:2078] %s >> ***** Running training *****" % iso_ms(add(start, 120)))
    out.append("[INFO|trainer.py:2079] %s >>   Num examples = 412,880" % iso_ms(add(start, 120)))
    out.append("[INFO|trainer.py:2080] %s >>   Num Epochs = 2" % iso_ms(add(start, 120)))
    out.append("[INFO|trainer.py:2081] %s >>   Instantaneous batch size per device = 4" % iso_ms(add(start, 120)))
    out.append("[INFO|trainer.py:2084] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 128" % iso_ms(add(start, 120)))
    out.append("[INFO|trainer.py:2085] %s >>   Gradient Accumulation steps = 2" % iso_ms(add(start, 120)))
    out.append("[INFO|trainer.py:2086] %s >>   Total optimization steps = 6,452" % iso_ms(add(start, 120)))
    el = 0
    for step in range(20, 801, 20):
        sps = 2.42 + rng.uniform(-0.05, 0.05)
        el += 20 * sps
        rem = (6452 - step) * sps
        out.append(" %2d%%|%-10s| %d/6452 [%s<%s,  %.2fs/it]" % (
            int(100 * step / 6452), "#" * int(10 * step / 6452), step, tqdm_time(el), tqdm_time(rem), sps))
        out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (
            1.31 - step * 0.0002 + rng.uniform(-0.02, 0.02), 0.9 + rng.uniform(-0.2, 0.3), 2e-5 * min(1, step / 200), step / 3226))
    b.add("slurm-2290713.out", "\n".join(out))
    b.add("slurm-2288100-tail.out", "\n".join([
        " 12%|#         | 780/6452 [12:55<1:34:11,  0.99s/it]",
        "{'loss': 1.1544, 'grad_norm': 0.8711, 'learning_rate': 2.0000e-05, 'epoch': 0.24}",
        "  File \"/home/kpatel/venvs/hf/lib/python3.10/site-packages/flash_attn/flash_attn_interface.py\", line 51, in _flash_attn_forward",
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1."]))
    b.add("ticket-4471.txt", "\n".join([
        "2024-11-29 kpatel: run 2288100 died with illegal memory access at step ~780 (flash_attn varlen). Re-running with CUDA_LAUNCH_BLOCKING=1 to get the real frame.",
        "2024-11-30 kpatel: upgraded flash-attn 2.5.8 -> 2.6.3 in venv, crash no longer reproduces after 3k steps.",
        "2024-12-02 kpatel: started r3 (2290713). ~2.4 s/it instead of ~1.0 s/it?? Nodes bad?"]))
    boot = T(2024, 11, 11, 8, 0, 3)
    for h in hosts:
        L = boot_lines(boot, h, kernel="5.14.0-427.13.1.el9_4.x86_64", driver="535.161.08", gpu_bus=A100_BUS)
        if h == "ml-gpu-031":
            L.append(dmesg_rel(boot, T(2024, 11, 13, 2, 17, 41), "mce: [Hardware Error]: Machine check events logged"))
            L.append(dmesg_rel(boot, T(2024, 11, 13, 2, 17, 41), "EDAC skx MC2: HANDLING MCE MEMORY ERROR"))
            L.append(dmesg_rel(boot, T(2024, 11, 13, 2, 17, 41), "EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3c1f2a1 offset:0x2c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1e0f col:0x58)"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
        rows = [{"temp": 48 + i % 4, "pwr": 170 + rng.randint(-15, 25), "mem": 52113, "util": rng.choice([38, 41, 47, 55])} for i in range(8)]
        procs = [(i, 88000 + hosts.index(h) * 300 + i, "/home/kpatel/venvs/hf/bin/python", 52100) for i in range(8)]
        b.add("%s/nvidia-smi.txt" % h, nvsmi_table(add(start, 3000), rows, procs, style="a100"))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "Both nodes run every GPU at ~40-50% utilisation and the whole job is ~2.4x slower than the previous run; the batch script still exports CUDA_LAUNCH_BLOCKING=1 (plus TORCH_USE_CUDA_DSA) from the illegal-memory-access hunt, which serialises every kernel launch. The month-old corrected DIMM error on ml-gpu-031 is unrelated.",
                 "https://github.com/k2-fsa/icefall/pull/554")


# --------------------------------------------------------------------------------------------
def by12(root):
    b = Bundle(root)
    rng = rng_for("by12")
    hosts = ["gx-%02d" % n for n in range(1, 9)]
    world = 64
    start = T(2025, 2, 3, 15, 0, 0)
    out = ["+ srun -l --ntasks-per-node=8 python pretrain_gpt.py $GPT_ARGS $DATA_ARGS --log-straggler --straggler-minmax-count 4"]
    out += [" 0: " + x for x in megatron_args_dump({"straggler_minmax_count": "4", "manual_gc": "False", "manual_gc_interval": "0"})]
    t = add(start, 200)
    slow_seq = []
    for it in range(500, 1201, 10):
        spike = rng.random() < 0.5
        ms = 3120.0 * (1 + rng.uniform(-0.004, 0.004)) + (rng.uniform(180, 420) if spike else 0)
        t = add(t, ms * 10 / 1000.0)
        out.append("63: " + megatron_iter(t, it, 400000, it * 512, ms, 371.0 * 3120.0 / ms, 2.5e-4, 512,
                                          2.22 - it * 0.00004 + rng.uniform(-0.01, 0.01), 0.25 + rng.uniform(-0.02, 0.04)))
        r = rng.randrange(world)
        slow_seq.append(r)
        data = rank_data(rng, world, base_rtt=1040.0, base_etpt=371.0, slow={r: {"rtt_x": 1.06 + rng.uniform(0, 0.08)}} if spike else None)
        out += [" 0: " + x for x in megatron_straggler(add(t, 0.2), data, 4)]
    b.add("slurm-912345.out", "\n".join(out))
    b.add("gx-05/py-spy-dump-rank37.txt", "\n".join([
        "$ py-spy dump --native --pid 190337   # captured during a slow iteration",
        "Process 190337: /usr/bin/python pretrain_gpt.py --tensor-model-parallel-size 4 ...",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        "Thread 190337 (active+gil): \"MainThread\"",
        "    gc_collect_main (libpython3.10.so.1.0)",
        "    collect (libpython3.10.so.1.0)",
        "    _PyObject_GC_Alloc (libpython3.10.so.1.0)",
        "    __init__ (megatron/core/transformer/transformer_layer.py:271)",
        "    forward (megatron/core/transformer/transformer_block.py:416)",
        "    _call_impl (torch/nn/modules/module.py:1541)",
        "    forward (megatron/core/models/gpt/gpt_model.py:224)",
        "    forward_step (pretrain_gpt.py:173)",
        "    forward_backward_pipelining_without_interleaving (megatron/core/pipeline_parallel/schedules.py:1286)",
        "    train_step (megatron/training/training.py:683)",
        "    train (megatron/training/training.py:1136)",
        "    pretrain (megatron/training/training.py:312)",
        "    <module> (pretrain_gpt.py:243)",
        "Thread 190512 (idle): \"Thread-2 (_pin_memory_loop)\""]))
    b.add("gx-05/nvidia-smi-q-summary.txt", "\n".join([
        "$ nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv",
        "index, clocks.sm [MHz], temperature.gpu, power.draw [W], clocks_event_reasons.active",
        "0, 1980 MHz, 51, 641.22 W, 0x0000000000000000",
        "1, 1980 MHz, 55, 655.10 W, 0x0000000000000000",
        "2, 1980 MHz, 49, 630.87 W, 0x0000000000000000",
        "3, 1980 MHz, 53, 648.41 W, 0x0000000000000000",
        "4, 1980 MHz, 50, 639.90 W, 0x0000000000000000",
        "5, 1980 MHz, 56, 660.03 W, 0x0000000000000000",
        "6, 1980 MHz, 52, 644.77 W, 0x0000000000000000",
        "7, 1980 MHz, 54, 651.62 W, 0x0000000000000000"]))
    boot = T(2025, 1, 28, 6, 0, 0)
    for h in hosts:
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "The slowest rank (MxRtt / bottom Etpt) changes at every report and spans all eight hosts, clocks and temps are uniform, and a py-spy dump of a lagging rank is inside CPython's gc_collect_main; the run has manual_gc=False. Unsynchronised Python GC pauses are a recipe setting: enable --manual-gc with an interval.",
                 "https://github.com/pytorch/torchtitan/pull/148")


# --------------------------------------------------------------------------------------------
def by13(root):
    b = Bundle(root)
    rng = rng_for("by13")
    hosts = ["trn-h100-21", "trn-h100-22"]
    start = T(2025, 3, 11, 10, 3, 0)
    out = []
    for ni, h in enumerate(hosts):
        out += torchrun_rdzv(add(start, ni * 0.01), hosts[0], ni, 2, 8, 16, style="glog")
    b.add("train_config.yaml", "\n".join([
        "model: /models/mistral-7b-v0.3",
        "fsdp: full_shard",
        "compile: true",
        "compile_mode: default",
        "dataset:",
        "  path: /data/chat_mix_v4.jsonl",
        "  max_seq_len: 4096",
        "  pad_to_multiple_of: null      # dynamic padding to longest in batch",
        "  packing: false",
        "micro_batch_size: 4",
        "log_every: 10"]))
    t = add(start, 60)
    lens = [1024, 1536, 1792, 1920, 2304, 2560, 3072, 3328, 3584, 4096]
    frame = 0
    step = 0
    for k in range(9):
        L = lens[k]
        ts = add(t, 0.3)
        if k > 0:
            out.append("[rank0]:V%s 101223 torch/_dynamo/guards.py:2813] [0/%d] [__recompiles] Recompiling function forward in /workspace/train/model_wrap.py:212" % (glog(ts)[1:], k))
            out.append("[rank0]:V%s 101223 torch/_dynamo/guards.py:2813] [0/%d] [__recompiles]     triggered by the following guard failure(s):" % (glog(ts)[1:], k))
            for j in range(k - 1, -1, -1):
                out.append("[rank0]:V%s 101223 torch/_dynamo/guards.py:2813] [0/%d] [__recompiles]     - 0/%d: tensor 'L['input_ids']' size mismatch at index 1. expected %d, actual %d" % (glog(ts)[1:], k, j, lens[j], L))
        ct = 38.0 + rng.uniform(0, 20)
        t = add(t, ct)
        step += 10
        out.append("[rank0]:%s | step %d | loss %.4f | step_time %.2fs | tokens/s %.0f" % (iso_ms(t), step, 1.62 - step * 0.0002, ct / 10 + 0.8, 16 * 4 * L / (ct / 10 + 0.8)))
        for _ in range(2):
            st = 0.74 + rng.uniform(-0.02, 0.02)
            t = add(t, st * 10)
            step += 10
            out.append("[rank0]:%s | step %d | loss %.4f | step_time %.2fs | tokens/s %.0f" % (iso_ms(t), step, 1.62 - step * 0.0002 + rng.uniform(-0.01, 0.01), st, 16 * 4 * L / st))
    ts = add(t, 0.2)
    out.append("[rank0]:W%s 101223 torch/_dynamo/convert_frame.py:844] [0/8] torch._dynamo hit config.cache_size_limit (8)" % glog(ts)[1:])
    out.append("[rank0]:W%s 101223 torch/_dynamo/convert_frame.py:844] [0/8]    function: 'forward' (/workspace/train/model_wrap.py:212)" % glog(ts)[1:])
    out.append("[rank0]:W%s 101223 torch/_dynamo/convert_frame.py:844] [0/8]    last reason: 0/0: tensor 'L['input_ids']' size mismatch at index 1. expected 1024, actual 2816" % glog(ts)[1:])
    out.append("[rank0]:W%s 101223 torch/_dynamo/convert_frame.py:844] [0/8] To log all recompilation reasons, use TORCH_LOGS=\"recompiles\"." % glog(ts)[1:])
    out.append("[rank0]:W%s 101223 torch/_dynamo/convert_frame.py:844] [0/8] To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html." % glog(ts)[1:])
    for _ in range(30):
        st = 1.31 + rng.uniform(-0.15, 0.25)
        t = add(t, st * 10)
        step += 10
        out.append("[rank0]:%s | step %d | loss %.4f | step_time %.2fs | tokens/s %.0f" % (iso_ms(t), step, 1.62 - step * 0.0002 + rng.uniform(-0.01, 0.01), st, 16 * 4 * 2600 / st))
    b.add("train.log", "\n".join(out))
    b.add("trn-h100-22/nvidia-smi.txt", nvsmi_table(add(t, -60), [{"temp": 44 + i, "pwr": 390 + 9 * i, "mem": 66120, "util": 78 + i} for i in range(8)],
                                                    [(i, 204411 + i, "/usr/bin/python3", 66100) for i in range(8)]))
    b.add("trn-h100-21/nvidia-smi.txt", nvsmi_table(add(t, -58), [{"temp": 45 + i, "pwr": 385 + 9 * i, "mem": 66120, "util": 77 + i} for i in range(8)],
                                                    [(i, 101223 + i, "/usr/bin/python3", 66100) for i in range(8)]))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "Both hosts are equally slow and erratic; torch.compile recompiles forward on every new padded sequence length (dynamic padding, no pad_to_multiple_of) until it hits cache_size_limit (8) and falls back to eager. A recipe/config problem: pad to fixed buckets or mark the dimension dynamic.",
                 "https://github.com/pytorch/pytorch/issues/114293")


# --------------------------------------------------------------------------------------------
def by14(root):
    b = Bundle(root)
    rng = rng_for("by14")
    nodes = ["k8s-gpu-07", "k8s-gpu-11"]
    pods = ["llama-ft-worker-0", "llama-ft-worker-1"]
    start = T(2024, 10, 2, 16, 40, 0)
    b.add("pytorchjob.yaml", "\n".join([
        "apiVersion: kubeflow.org/v1",
        "kind: PyTorchJob",
        "metadata:",
        "  name: llama-ft",
        "  namespace: team-nlp",
        "spec:",
        "  pytorchReplicaSpecs:",
        "    Worker:",
        "      replicas: 2",
        "      template:",
        "        spec:",
        "          containers:",
        "          - name: pytorch",
        "            image: registry.internal/nlp/ds-train:0.14.4-cu124",
        "            command: [\"deepspeed\", \"--num_gpus\", \"8\", \"train.py\", \"--deepspeed\", \"ds_z3.json\"]",
        "            env:",
        "            - name: NCCL_DEBUG",
        "              value: INFO",
        "            - name: NCCL_P2P_DISABLE      # fixes hang (from forum thread, RTX box)",
        "              value: \"1\"",
        "            - name: NCCL_IB_HCA",
        "              value: mlx5",
        "            resources:",
        "              limits:",
        "                nvidia.com/gpu: 8",
        "                rdma/ib: 8"]))
    for ni, (n, p) in enumerate(zip(nodes, pods)):
        L = []
        for lr in range(8):
            r = ni * 8 + lr
            pid = 300 + lr
            L.append("%s:%d:%d [%d] NCCL INFO NCCL_P2P_DISABLE set by environment to 1" % (p, pid, pid + 60, lr))
            L += nccl_init(p, "10.244.%d.17" % (7 + ni * 4), pid, lr, r, 16, 2, "%s000" % H100_BUS[lr], "0x7f01%08x" % (r * 7907), "0x3344aa01bc9de077")
            for ch in range(2):
                L.append("%s:%d:%d [%d] NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via SHM/direct/direct" % (p, pid, pid + 60, lr, ch, r, lr, ni * 8 + (lr + 1) % 8, (lr + 1) % 8))
        t = add(start, 90)
        if ni == 0:
            for step in range(10, 401, 10):
                fwd = 402.0 + rng.uniform(-6, 6)
                bwd_in = 1210.0 + rng.uniform(-15, 15)
                ar = 2460.0 + rng.uniform(-40, 40)
                stp = 340.0 + rng.uniform(-10, 10)
                t = add(t, (fwd + bwd_in + ar + stp) * 10 / 1000)
                L.append("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f" % (
                    iso_ms(t), fwd, bwd_in + ar, bwd_in, ar, stp))
                L.append("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[9.6e-06], mom=[(0.9, 0.999)]" % (iso_ms(t), step))
        b.add("%s/%s.log" % (n, p), "\n".join(L))
        b.add("%s/nvidia-smi-topo.txt" % n, "\n".join([
            "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tNIC0\tCPU Affinity\tNUMA Affinity",
            "GPU0\t X \tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tPIX\t0-55,112-167\t0",
            "GPU1\tNV18\t X \tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tNODE\t0-55,112-167\t0",
            "GPU2\tNV18\tNV18\t X \tNV18\tNV18\tNV18\tNV18\tNV18\tNODE\t0-55,112-167\t0",
            "GPU3\tNV18\tNV18\tNV18\t X \tNV18\tNV18\tNV18\tNV18\tNODE\t0-55,112-167\t0",
            "GPU4\tNV18\tNV18\tNV18\tNV18\t X \tNV18\tNV18\tNV18\tSYS\t56-111,168-223\t1",
            "GPU5\tNV18\tNV18\tNV18\tNV18\tNV18\t X \tNV18\tNV18\tSYS\t56-111,168-223\t1",
            "GPU6\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\t X \tNV18\tSYS\t56-111,168-223\t1",
            "GPU7\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\tNV18\t X \tSYS\t56-111,168-223\t1"]))
    b.add("kubectl-describe-pod-worker-0.txt", "\n".join([
        "Name:             llama-ft-worker-0",
        "Namespace:        team-nlp",
        "Node:             k8s-gpu-07/10.20.0.107",
        "Status:           Running",
        "Containers:",
        "  pytorch:",
        "    Image:          registry.internal/nlp/ds-train:0.14.4-cu124",
        "    State:          Running",
        "      Started:      %s +0000" % iso(start),
        "    Ready:          True",
        "    Restart Count:  0",
        "    Environment:",
        "      NCCL_DEBUG:        INFO",
        "      NCCL_P2P_DISABLE:  1",
        "      NCCL_IB_HCA:       mlx5",
        "Events:",
        "  Type    Reason     Age   From               Message",
        "  ----    ------     ----  ----               -------",
        "  Normal  Scheduled  58m   default-scheduler  Successfully assigned team-nlp/llama-ft-worker-0 to k8s-gpu-07",
        "  Normal  Pulled     58m   kubelet            Container image \"registry.internal/nlp/ds-train:0.14.4-cu124\" already present on machine",
        "  Normal  Started    58m   kubelet            Started container pytorch"]))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "Both pods are slow the same way: bwd_allreduce dominates each step. The PyTorchJob sets NCCL_P2P_DISABLE=1 (copied from a workstation hang fix), so intra-node traffic goes via SHM instead of NVLink although topo shows NV18 everywhere. Remove the variable and resubmit.",
                 "https://github.com/NVIDIA/nccl/issues/631")


# --------------------------------------------------------------------------------------------
def by27(root):
    b = Bundle(root)
    rng = rng_for("by27")
    nodes = ["k8s-a100-03", "k8s-a100-09", "k8s-a100-12"]
    start = T(2024, 4, 16, 12, 0, 0)
    b.add("pytorchjob-vit.yaml", "\n".join([
        "apiVersion: kubeflow.org/v1",
        "kind: PyTorchJob",
        "metadata:",
        "  name: vit-h14-pretrain",
        "spec:",
        "  elasticPolicy:",
        "    rdzvBackend: c10d",
        "    minReplicas: 3",
        "    maxReplicas: 3",
        "    nProcPerNode: 8",
        "  pytorchReplicaSpecs:",
        "    Worker:",
        "      replicas: 3",
        "      template:",
        "        spec:",
        "          containers:",
        "          - name: pytorch",
        "            image: registry.internal/vision/timm-train:24.03",
        "            args: [\"train.py\", \"--data-dir\", \"/datasets/laion-subset-wds\", \"--workers\", \"10\", \"-b\", \"256\", \"--model\", \"vit_huge_patch14_224\"]",
        "            resources:",
        "              requests:",
        "                cpu: \"6\"",
        "                memory: 480Gi",
        "                nvidia.com/gpu: 8",
        "              limits:",
        "                cpu: \"6\"",
        "                memory: 480Gi",
        "                nvidia.com/gpu: 8"]))
    for ni, n in enumerate(nodes):
        L = []
        t = add(start, 120)
        if ni == 0:
            L.append("Training in distributed mode with multiple processes, 1 device per process.Process 0, total 24, device cuda:0.")
        for step in range(50, 1501, 50):
            dt = 0.41 + rng.uniform(-0.04, 0.06)
            bt = 1.63 + rng.uniform(-0.1, 0.12)
            t = add(t, bt * 50)
            if ni == 0:
                L.append("Train: 0 [%4d/5000 (%2d%%)]  Loss: %.3f (%.3f)  Time: %.3fs, %6.2f/s  (%.3fs, %6.2f/s)  LR: 1.500e-04  Data: %.3f (%.3f)" % (
                    step, step // 50, 6.7 - step * 0.0005, 6.8 - step * 0.0004, bt, 256 * 24 / bt, bt, 256 * 24 / bt, bt - 0.22 + rng.uniform(-0.02, 0.02), bt - 0.23))
        if ni == 0:
            b.add("%s/worker-0.log" % n, "\n".join(L))
        b.add("%s/cpu.stat" % n, "\n".join([
            "# cat /sys/fs/cgroup/kubepods.slice/kubepods-pod%s.slice/cpu.stat" % ("5b1e%04x" % (ni * 811)),
            "usage_usec %d" % (21600000000 + ni * 10111),
            "user_usec %d" % (19800000000 + ni * 7000),
            "system_usec %d" % (1800000000 + ni * 3111),
            "nr_periods %d" % (43110 + ni * 7),
            "nr_throttled %d" % (42877 + ni * 5),
            "throttled_usec %d" % (118204117000 + ni * 91233)]))
        b.add("%s/top-pod.txt" % n, "\n".join([
            "top - 12:58:40 up 12 days,  1:44,  0 users,  load average: 88.10, 86.44, 85.90",
            "%Cpu(s):  2.6 us,  0.4 sy,  0.0 ni, 96.9 id,  0.1 wa,  0.0 hi,  0.0 si,  0.0 st",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
            "     41 root      20   0   78.1g  11.3g   1.2g S  31.2   1.1  14:41.07 python",
            "    212 root      20   0   41.3g   3.1g 410112 R   9.8   0.3   5:12.44 pt_data_worker",
            "    213 root      20   0   41.3g   3.1g 410112 R   9.6   0.3   5:10.90 pt_data_worker",
            "    214 root      20   0   41.3g   3.0g 410112 R   9.5   0.3   5:09.12 pt_data_worker"]))
    b.add("kubectl-top-pods.txt", "\n".join([
        "NAME                        CPU(cores)   MEMORY(bytes)",
        "vit-h14-pretrain-worker-0   5998m        211203Mi",
        "vit-h14-pretrain-worker-1   6001m        209877Mi",
        "vit-h14-pretrain-worker-2   5999m        210411Mi"]))
    b.add("kubectl-get-pods-o-wide.txt", "\n".join([
        "NAME                        READY   STATUS    RESTARTS   AGE   IP             NODE          NOMINATED NODE",
        "vit-h14-pretrain-worker-0   1/1     Running   0          61m   10.244.3.41    k8s-a100-03   <none>",
        "vit-h14-pretrain-worker-1   1/1     Running   0          61m   10.244.9.17    k8s-a100-09   <none>",
        "vit-h14-pretrain-worker-2   1/1     Running   0          61m   10.244.12.22   k8s-a100-12   <none>"]))
    b.write()
    return label("straggler", "script", None, None, "stop",
                 "All three workers are equally slow and data-bound (Data ~1.4 s of a ~1.6 s step, GPUs waiting). Each pod is capped at 6 CPUs for 8 ranks x 10 loader workers; cpu.stat shows almost every CFS period throttled while the host sits ~97% idle. The job's own resource limits starve the input pipeline.",
                 "https://github.com/nasa-nccs-hpda/pytorch-caney/issues/44")
