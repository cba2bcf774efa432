"""ax cases where the job is slow everywhere because of its data pipeline or settings."""
import itertools

from fmtlib import (H100_BUS, ts, tzh, add, f_dmesg_T, f_dmesg_raw, f_iso, f_syslog, f_pylog,
                    gpu, smi_q, smi_table, dcgmi_dmon, ibstat, perfquery, squeue, sacct, sacct_long,
                    pyspy, prom, hms, hms2, lightning_bar, tqdm_bar, mmss)
from gens import (Case, megatron_args, megatron_iter, megatron_startup, megatron_timers, titan,
                  titan_step, hf_log, jitter)


def _gpus(rng, n=8, **kw):
    return [gpu(i, H100_BUS[i], rng, **kw) for i in range(n)]


def _starved_dmon(rng, samples=30, util_mean=25):
    rows = []
    for s in range(samples):
        busy = rng.random() < util_mean / 100.0
        for gi in range(8):
            if busy:
                rows.append((s, gi, (rng.randint(88, 100), 1980, round(rng.uniform(520, 690), 2), rng.randint(44, 52),
                                     round(rng.uniform(0.62, 0.81), 3))))
            else:
                rows.append((s, gi, (rng.randint(0, 9), 1980, round(rng.uniform(118, 160), 2), rng.randint(38, 44),
                                     round(rng.uniform(0.0, 0.04), 3))))
    return rows


# ==========================================================================
# ax06 - Lightning, num_workers=2 for JPEG decode + RandAugment
# ==========================================================================
def ax06():
    c = Case("ax06_low_gpu_utilization_on_every_node", 5306)
    rng = c.rng
    hosts = ["gpu-l-031", "gpu-l-032"]
    t0 = ts(2025, 1, 9, 20, 15, 0)
    job = 3381776
    L = []
    for r in range(16):
        L.append(f"{r:>2}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16")
    L += [" 0: ----------------------------------------------------------------------------------------------------",
          " 0: distributed_backend=nccl", " 0: All distributed processes registered. Starting with 16 processes",
          " 0: ----------------------------------------------------------------------------------------------------", " 0: "]
    for r in range(16):
        L.append(f"{r:>2}: LOCAL_RANK: {r % 8} - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L += [" 0: ", " 0:   | Name  | Type                     | Params | Mode ", " 0: ----------------------------------------------------------",
          " 0: 0 | model | VisionTransformer        | 304 M  | train", " 0: 1 | crit  | SoftTargetCrossEntropy   | 0      | train",
          " 0: ----------------------------------------------------------", " 0: 304 M     Trainable params", " 0: 0         Non-trainable params",
          " 0: 304 M     Total params", " 0: 1,217.376 Total estimated model params size (MB)",
          " 0: /usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'train_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=27` in the `DataLoader` to improve performance.",
          " 0: /usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=27` in the `DataLoader` to improve performance."]
    n = 626
    t = add(t0, seconds=90)
    el = 0.0
    epoch = 0
    for step in range(10, 5 * n, 10):
        rate = jitter(rng, 0.92, 0.03)
        t = add(t, seconds=10 / rate)
        e = step // n
        i = step % n or n
        if e != epoch:
            L.append(f" 0: Validation DataLoader 0: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 25/25 [01:48<00:00,  0.23it/s]")
            epoch = e
            el = 0.0
        el += 10 / rate
        L.append(" 0: " + lightning_bar(e, i, n, mmss(el), mmss((n - i) / rate), rate, f", v_num=7, train/loss={rng.uniform(5.2, 6.9):.3f}"))
        if t > add(t0, hours=3, minutes=10):
            break
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=2)
    c.add("squeue.txt", squeue([(job, "h100", "vitl-in1k", "okafor", "R", hms((t_coll - t0).total_seconds()), 2, "gpu-l-[031-032]")]))
    c.add("config.yaml", [
        "# lightning.pytorch==2.4.0", "seed_everything: 1234", "trainer:", "  accelerator: gpu", "  devices: 8", "  num_nodes: 2",
        "  strategy: ddp", "  precision: bf16-mixed", "  max_epochs: 300", "  log_every_n_steps: 50", "model:",
        "  class_path: vit.LitViT", "  init_args:", "    arch: vit_large_patch16_224", "    lr: 0.0015", "data:",
        "  class_path: data.ImageNetJPEG", "  init_args:", "    root: /datasets/imagenet/train", "    batch_size: 128",
        "    num_workers: 2", "    pin_memory: true", "    train_transforms:", "      - RandomResizedCrop: {size: 224}",
        "      - RandAugment: {num_ops: 2, magnitude: 9}", "      - RandomErasing: {p: 0.25}", "      - Mixup: {alpha: 0.8}",
    ])
    for h in hosts:
        c.add(f"{h}/dcgmi_dmon.txt", [f"# dcgmi dmon -e 203,100,155,150,1002 -d 1000 -c 30   ({t_coll:%Y-%m-%d %H:%M:%S} UTC)"] +
              dcgmi_dmon(_starved_dmon(rng, 30, 22)).splitlines())
        top = [f"top - {t_coll:%H:%M:%S} up 16 days,  3:02,  0 users,  load average: {rng.uniform(24, 27):.2f}, {rng.uniform(24, 27):.2f}, {rng.uniform(24, 27):.2f}",
               "Tasks: 2411 total,  26 running, 2385 sleeping,   0 stopped,   0 zombie",
               f"%Cpu(s): {rng.uniform(10, 12):.1f} us,  {rng.uniform(0.5, 1.2):.1f} sy,  0.0 ni, {rng.uniform(86, 88):.1f} id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st",
               "MiB Mem : 2063612.0 total, 1711203.4 free, 201122.7 used, 151285.9 buff/cache",
               "", "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"]
        for k in range(16):
            top.append(f"{40210 + k * 3:>7} okafor    20   0   31.2g   4.1g 401232 R  99.{rng.randint(0, 9)}   0.2 {rng.randint(170, 189)}:{rng.randint(10, 59)}.{rng.randint(10, 99)} pt_data_worker")
        for k in range(8):
            top.append(f"{40100 + k * 11:>7} okafor    20   0  118.4g  21.6g   1.2g S  {rng.uniform(18, 35):.1f}   1.0  {rng.randint(40, 62)}:{rng.randint(10, 59)}.{rng.randint(10, 99)} python")
        c.add(f"{h}/top.txt", top)
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, _gpus(rng, util=rng.randint(14, 31), power=round(rng.uniform(150, 240), 2))))
    c.add("gpu-l-031/py-spy_rank0.txt", pyspy(40100, "/usr/bin/python train.py fit --config config.yaml", [
        (40100, "idle", "MainThread", [
            "poll (multiprocessing/connection.py:257)", "_poll (multiprocessing/connection.py:424)", "poll (multiprocessing/connection.py:257)",
            "get (multiprocessing/queues.py:113)", "_try_get_data (torch/utils/data/dataloader.py:1133)",
            "_get_data (torch/utils/data/dataloader.py:1294)", "_next_data (torch/utils/data/dataloader.py:1332)",
            "__next__ (torch/utils/data/dataloader.py:701)", "__next__ (lightning/pytorch/loops/fetchers.py:134)",
            "advance (lightning/pytorch/loops/training_epoch_loop.py:250)", "run (lightning/pytorch/loops/training_epoch_loop.py:140)",
            "advance (lightning/pytorch/loops/fit_loop.py:363)", "run (lightning/pytorch/loops/fit_loop.py:205)",
            "_run_stage (lightning/pytorch/trainer/trainer.py:1025)", "_run (lightning/pytorch/trainer/trainer.py:981)",
            "fit (lightning/pytorch/trainer/trainer.py:538)", "main (train.py:61)", "<module> (train.py:65)"]),
        (40161, "idle", "Thread-2 (_pin_memory_loop)", ["get (multiprocessing/queues.py:113)", "do_one_step (torch/utils/data/_utils/pin_memory.py:31)",
                                                         "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)", "run (threading.py:953)"]),
    ]))
    c.add("gpu-l-031/py-spy_rank0_worker0.txt", pyspy(40210, "pt_data_worker", [
        (40210, "active", "MainThread", [
            "decode (PIL/ImageFile.py:291)", "load (PIL/ImageFile.py:291)", "convert (PIL/Image.py:937)",
            "pil_loader (torchvision/datasets/folder.py:247)", "__getitem__ (torchvision/datasets/folder.py:229)",
            "fetch (torch/utils/data/_utils/fetch.py:52)", "_worker_loop (torch/utils/data/_utils/worker.py:351)",
            "run (multiprocessing/process.py:108)", "_bootstrap (multiprocessing/process.py:314)"]),
    ]))
    c.set_label("straggler", "script", None, None, "stop",
                "Both nodes run at ~0.9 it/s with GPUs mostly idle and identical behaviour on every rank; each rank has only "
                "2 data-loader workers (Lightning warns), the workers are pegged decoding JPEGs while ~88% of the CPUs are idle, "
                "and rank 0's main thread waits on the worker queue. The input pipeline configuration is the bottleneck.",
                "https://github.com/pytorch/examples/issues/387")
    return c


# ==========================================================================
# ax07 - HF Trainer, slow python tokenizer in collate_fn, dataloader_num_workers=0
# ==========================================================================
def ax07():
    c = Case("ax07_gpu_utilization_sawtooth_all_ranks", 5307)
    rng = c.rng
    hosts = ["ip-10-1-34-21", "ip-10-1-34-87", "ip-10-1-35-12", "ip-10-1-35-140"]
    t0 = ts(2024, 10, 2, 4, 40, 0)
    for ni, h in enumerate(hosts):
        L = []
        for lr in range(8):
            r = ni * 8 + lr
            L.append(f"[rank{r}]:You are using the default legacy behaviour of the <class 'transformers.models.llama.tokenization_llama.LlamaTokenizer'>. "
                     "This is expected, and simply means that the `legacy` (previous) behavior will be used so nothing changes for you. If you want to use "
                     "the new behaviour, set `legacy=False`. This should only be set if you understand what it means, and thoroughly read the reason why "
                     "this was added as explained in https://github.com/huggingface/transformers/pull/24565 - if you loaded a llama tokenizer from a GGUF "
                     "file you can ignore this message")
        if ni == 0:
            L.append(f"[rank0]:{f_pylog(add(t0, seconds=50))} - INFO - __main__ - Raw dataset: 1,204,113 conversations; collating and tokenizing on the fly")
            L.append("[rank0]:***** Running training *****")
            L.append("[rank0]:  Num examples = 1,204,113")
            L.append("[rank0]:  Num Epochs = 2")
            L.append("[rank0]:  Instantaneous batch size per device = 4")
            L.append("[rank0]:  Total train batch size (w. parallel, distributed & accumulation) = 256")
            L.append("[rank0]:  Gradient Accumulation steps = 2")
            L.append("[rank0]:  Total optimization steps = 9,407")
            L.append("[rank0]:  Number of trainable parameters = 13,015,864,320")
            t = add(t0, seconds=80)
            for s in range(1, 1301):
                spi = jitter(rng, 11.9, 0.04)
                t = add(t, seconds=spi)
                L.append("[rank0]:" + tqdm_bar(s, 9407, 11.9 * s, 11.9 * (9407 - s), spi))
                if s % 10 == 0:
                    L.append("[rank0]:" + hf_log({"loss": round(rng.uniform(0.9, 1.3), 4), "grad_norm": round(rng.uniform(0.4, 1.1), 6),
                                                  "learning_rate": round(2e-5 * min(1, s / 300), 10), "epoch": round(s / 4703.5, 4)}))
        c.add(f"{h}/torchrun.log", L)
    c.add("launch_sft.sh", [
        "#!/bin/bash", "# launched by the p5 queue, 4 x p5.48xlarge",
        "torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 train_sft.py \\",
        "  --model_name_or_path /fsx/models/llama-2-13b-hf \\", "  --tokenizer_name /fsx/models/llama-2-13b-hf --use_fast_tokenizer false \\",
        "  --data_path /fsx/data/convos_v3.jsonl --max_seq_length 4096 \\", "  --per_device_train_batch_size 4 --gradient_accumulation_steps 2 \\",
        "  --dataloader_num_workers 0 --remove_unused_columns false \\", "  --bf16 --fsdp 'full_shard auto_wrap' --fsdp_transformer_layer_cls_to_wrap LlamaDecoderLayer \\",
        "  --logging_steps 10 --save_steps 1000 --output_dir /fsx/ckpt/sft-13b-v3",
    ])
    t_coll = add(t0, hours=4, minutes=23)
    for h in hosts:
        c.add(f"{h}/dcgmi_dmon.txt", [f"# dcgmi dmon -e 203,100,155,150,1002 -d 1000 -c 30   ({t_coll:%Y-%m-%d %H:%M:%S} UTC)"] +
              dcgmi_dmon(_starved_dmon(rng, 30, 30)).splitlines())
    tok_frames = [
        "_tokenize (transformers/models/llama/tokenization_llama.py:256)",
        "tokenize (transformers/tokenization_utils.py:695)", "get_input_ids (transformers/tokenization_utils.py:761)",
        "_batch_encode_plus (transformers/tokenization_utils.py:805)", "batch_encode_plus (transformers/tokenization_utils_base.py:3208)",
        "__call__ (transformers/tokenization_utils_base.py:3018)", "__call__ (sft_data.py:88)",
        "fetch (torch/utils/data/_utils/fetch.py:55)", "_next_data (torch/utils/data/dataloader.py:675)",
        "__next__ (torch/utils/data/dataloader.py:631)", "__iter__ (accelerate/data_loader.py:561)",
        "_inner_training_loop (transformers/trainer.py:2279)", "train (transformers/trainer.py:1938)",
        "main (train_sft.py:212)", "<module> (train_sft.py:219)"]
    for h, r, pid in [(hosts[0], 0, 18211), (hosts[2], 17, 20488)]:
        c.add(f"{h}/py-spy_rank{r}.txt", pyspy(pid, "/opt/conda/bin/python -u train_sft.py --model_name_or_path /fsx/models/llama-2-13b-hf ...", [
            (pid, "active+gil", "MainThread", ["EncodeAsPieces (sentencepiece/__init__.py:545)", "Encode (sentencepiece/__init__.py:531)"] + tok_frames),
            (pid + 61, "idle", "Thread-3 (_pin_memory_loop)", ["_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)", "run (threading.py:953)"]),
        ], pyver="3.10.14"))
    c.set_label("straggler", "script", None, None, "stop",
                "All 32 ranks run at ~12 s/it with GPU utilisation alternating between idle and busy on every node. py-spy on "
                "two nodes shows the main thread tokenizing conversations with the slow (SentencePiece, use_fast=false) LlamaTokenizer "
                "inside the collate function, and dataloader_num_workers is 0, so tokenization blocks every step.",
                "https://github.com/hiyouga/LlamaFactory/issues/2902")
    return c


# ==========================================================================
# ax08 - streaming a Hub dataset over HTTPS with 1 worker per rank
# ==========================================================================
def ax08():
    c = Case("ax08_step_time_dominated_by_data_wait_on_all_ranks", 5308)
    rng = c.rng
    hosts = ["hpc-g4-01", "hpc-g4-02", "hpc-g4-03", "hpc-g4-04"]
    t0 = ts(2025, 7, 21, 15, 0, 0)
    job = 1190245
    L = [f"[rank0]: {f_pylog(t0)} INFO config: dataset=HuggingFaceFW/fineweb-edu name=sample-350BT streaming=True shuffle_buffer=10000 num_workers=1 prefetch_factor=2",
         f"[rank0]: {f_pylog(add(t0, seconds=1))} INFO model: 3.1B params, FSDP full_shard, bf16, seq_len 4096, micro_batch 8, world 32"]
    t = add(t0, seconds=45)
    retries = 0
    for s in range(10, 1501, 10):
        dw = jitter(rng, 8.1, 0.06)
        comp = jitter(rng, 1.18, 0.02)
        st = dw + comp
        t = add(t, seconds=st * 10)
        L.append(f"[rank0]: {f_pylog(t)} INFO step {s:>5} | loss {4.8 - s / 1500 * 1.6 + rng.uniform(-0.05, 0.05):.4f} | step_time {st:.2f}s | "
                 f"data_wait {dw:.2f}s | compute {comp:.2f}s | tok/s/gpu {int(8 * 4096 / st):,}")
        if s in (310, 620, 1030, 1290) and retries < 4:
            retries += 1
            req = "%08x-%04x-%04x-%04x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48))
            rk = rng.randint(1, 31)
            L.append(f"[rank{rk}]: '(ReadTimeoutError(\"HTTPSConnectionPool(host='cas-bridge.xethub.hf.co', port=443): Read timed out. (read timeout=10)\"), '(Request ID: {req})')' "
                     f"thrown while requesting GET https://huggingface.co/datasets/HuggingFaceFW/fineweb-edu/resolve/4863ab07d7520451e6f73e2912ad8bfee7d97c11/sample/350BT/{rng.randint(0, 99):03d}_{rng.randint(0, 9):05d}.parquet")
            L.append(f"[rank{rk}]: Retrying in 1s [Retry 1/5].")
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=1)
    c.add("squeue.txt", squeue([(job, "gpu", "fw-3b", "lnguyen", "R", hms((t_coll - t0).total_seconds()), 4, "hpc-g4-[01-04]")]))
    for ni, h in enumerate(hosts):
        R = []
        for lr in range(8):
            r = ni * 8 + lr
            R.append(f"[rank{r}] step 1500 data_wait_avg_s={jitter(rng, 8.05, 0.05):.2f} compute_avg_s={jitter(rng, 1.18, 0.02):.2f} batches_prefetched=0")
        c.add(f"{h}/per_rank_timing.txt", R)
        P = []
        P += prom("node_network_receive_bytes_rate", "Derived: rate(node_network_receive_bytes_total[5m]) in bytes/s.", "gauge",
                  [('device="ens5"', float(rng.randint(38_000_000, 47_000_000)), None), ('device="ibp26s0"', float(rng.randint(900_000_000, 1_300_000_000)), None)])
        P += prom("node_load1", "1m load average.", "gauge", [("", round(rng.uniform(14, 19), 2), None)])
        P += prom("node_cpu_seconds_total_idle_ratio", "Derived: fraction of CPU time idle over 5m.", "gauge", [("", round(rng.uniform(0.90, 0.94), 3), None)])
        c.add(f"{h}/node_exporter.prom", P)
        c.add(f"{h}/dcgmi_dmon.txt", dcgmi_dmon(_starved_dmon(rng, 20, 13)))
    c.add("train_config.yaml", ["data:", "  source: hf_hub", "  path: HuggingFaceFW/fineweb-edu", "  name: sample-350BT",
                                "  streaming: true", "  shuffle_buffer: 10000", "  num_workers: 1", "  prefetch_factor: 2",
                                "  tokenize: on_the_fly", "model:", "  size: 3b", "  seq_len: 4096", "train:", "  micro_batch: 8",
                                "  fsdp: full_shard"])
    c.set_label("straggler", "script", None, None, "stop",
                "Every rank spends ~8 s of a ~9.3 s step waiting for data with zero prefetched batches, GPUs and CPUs are "
                "mostly idle and each node pulls only ~40 MB/s: the job streams and tokenizes parquet from the Hub over HTTPS "
                "with one worker per rank. The few read-timeout retries recover and are not the cause.",
                "https://github.com/huggingface/blog/pull/3142")
    return c


# ==========================================================================
# ax09 - Megatron with timing-log-level 2 + log-interval 1 + params norm etc.
# ==========================================================================
def ax09():
    c = Case("ax09_iteration_time_doubled_between_two_runs", 5309)
    rng = c.rng
    hosts = ["dgx-g1-01", "dgx-g1-02", "dgx-g1-03", "dgx-g1-04"]
    base = {"tensor_model_parallel_size": 4, "pipeline_model_parallel_size": 2, "micro_batch_size": 1, "global_batch_size": 256,
            "seq_length": 4096, "num_layers": 40, "hidden_size": 5120, "train_iters": 200000, "bf16": True,
            "use_distributed_optimizer": True, "overlap_grad_reduce": True, "overlap_param_gather": True,
            "distributed_timeout_minutes": 30, "tensorboard_dir": "/lustre/tb/gpt13b"}
    prev = dict(base, log_interval=100, timing_log_level=0, log_params_norm=False, log_num_zeros_in_grad=False,
                barrier_with_L1_time=True, log_timers_to_tensorboard=False, tensorboard_log_interval=100)
    cur = dict(base, log_interval=1, timing_log_level=2, log_params_norm=True, log_num_zeros_in_grad=True,
               barrier_with_L1_time=True, log_timers_to_tensorboard=True, tensorboard_log_interval=1)
    t0p = ts(2025, 3, 18, 8, 0, 0)
    P = [" 0: " + x for x in megatron_startup(add(t0p, seconds=40), 32, 4, 2)] + [" 0: " + x for x in megatron_args(prev)]
    t = add(t0p, seconds=70)
    for it in range(100, 4001, 100):
        ms = jitter(rng, 1412.0, 0.005)
        t = add(t, seconds=ms * 100 / 1000)
        P.append("31: " + megatron_iter(t, it, 200000, it * 256, ms, jitter(rng, 398.0, 0.005), 3e-4, 256,
                                         2.9 - it / 4000 * 0.4 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.3)))
        P += [" 0: " + x for x in megatron_timers([("forward-backward", jitter(rng, 1350, 0.004), jitter(rng, 1356, 0.004)),
                                                     ("optimizer", jitter(rng, 52, 0.02), jitter(rng, 53, 0.02))])]
    P.append(" 0: saving checkpoint at iteration    4000 to /lustre/ckpt/gpt13b in torch_dist format")
    P.append(" 0:   successfully saved checkpoint from iteration    4000 to /lustre/ckpt/gpt13b [ t 1/4, p 1/2 ]")
    P.append(f"slurmstepd: error: *** JOB 5120044 ON dgx-g1-01 CANCELLED AT {add(t, minutes=2):%Y-%m-%dT%H:%M:%S} ***")
    c.add("previous_run_slurm-5120044.out", P)
    t0 = ts(2025, 3, 19, 9, 30, 0)
    L = [" 0: " + x for x in megatron_startup(add(t0, seconds=40), 32, 4, 2)] + [" 0: " + x for x in megatron_args(cur)]
    L.append(" 0: > loading checkpoint from /lustre/ckpt/gpt13b at iteration 4000")
    L.append(" 0:   successfully loaded checkpoint from /lustre/ckpt/gpt13b [ t 1/4, p 1/2 ] at iteration 4000")
    t = add(t0, seconds=120)
    for it in range(4001, 5201):
        ms = jitter(rng, 2594.0, 0.01)
        t = add(t, seconds=ms / 1000)
        L.append("31: " + megatron_iter(t, it, 200000, it * 256, ms, 398.0 * 1412.0 / ms, 3e-4, 256,
                                         2.5 + rng.uniform(-0.03, 0.03), rng.uniform(0.2, 0.3), zeros=rng.randint(1500, 2100),
                                         params_norm=2731.4 + it * 0.002))
        fb = jitter(rng, 1381.0, 0.004)
        L += [" 0: " + x for x in megatron_timers([
            ("forward-backward", fb, fb + rng.uniform(1, 5)),
            ("forward-compute", jitter(rng, 402, 0.01), jitter(rng, 418, 0.01)),
            ("backward-compute", jitter(rng, 812, 0.01), jitter(rng, 829, 0.01)),
            ("batch-generator", jitter(rng, 0.9, 0.1), jitter(rng, 3.2, 0.1)),
            ("forward-recv", jitter(rng, 5.1, 0.1), jitter(rng, 88.0, 0.1)),
            ("forward-send", jitter(rng, 4.0, 0.1), jitter(rng, 31.0, 0.1)),
            ("backward-recv", jitter(rng, 4.9, 0.1), jitter(rng, 84.0, 0.1)),
            ("backward-send", jitter(rng, 3.8, 0.1), jitter(rng, 29.0, 0.1)),
            ("layernorm-grads-all-reduce", 0.02, 0.03),
            ("embedding-grads-all-reduce", jitter(rng, 0.4, 0.1), jitter(rng, 0.6, 0.1)),
            ("all-grads-sync", jitter(rng, 211.0, 0.01), jitter(rng, 214.0, 0.01)),
            ("params-all-gather", jitter(rng, 162.0, 0.01), jitter(rng, 164.0, 0.01)),
            ("optimizer-copy-to-main-grad", jitter(rng, 11.0, 0.05), jitter(rng, 11.4, 0.05)),
            ("optimizer-unscale-and-check-inf", jitter(rng, 48.0, 0.02), jitter(rng, 49.0, 0.02)),
            ("optimizer-clip-main-grad", jitter(rng, 61.0, 0.02), jitter(rng, 62.0, 0.02)),
            ("optimizer-count-zeros", jitter(rng, 58.0, 0.02), jitter(rng, 59.5, 0.02)),
            ("optimizer-inner-step", jitter(rng, 34.0, 0.02), jitter(rng, 34.9, 0.02)),
            ("optimizer-copy-main-to-model-params", jitter(rng, 9.0, 0.05), jitter(rng, 9.2, 0.05)),
            ("optimizer", jitter(rng, 236.0, 0.02), jitter(rng, 238.0, 0.02)),
        ])]
    c.add("slurm-5120877.out", L)
    t_coll = add(t, minutes=1)
    c.add("squeue.txt", squeue([(5120877, "batch", "gpt13b-resume", "mfischer", "R", hms((t_coll - t0).total_seconds()), 4, "dgx-g1-[01-04]")]))
    for h in hosts:
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, _gpus(rng), sections="perf"))
    c.set_label("straggler", "script", None, None, "stop",
                "The resumed run on the same four nodes takes ~2.6 s/it instead of ~1.4 s/it; min and max timer values agree "
                "across ranks, so no rank lags. The only change is the logging configuration: log-interval 1, timing-log-level 2, "
                "params norm and zero counting every iteration, and timers to TensorBoard every step add synchronisation "
                "and extra reductions to each iteration.",
                "https://github.com/pytorch/torchtitan/pull/134")
    return c


# ==========================================================================
# ax10 - 1.3B model, micro-batch 1, 128 GPUs pure DP -> comm bound, low MFU
# ==========================================================================
def ax10():
    c = Case("ax10_throughput_per_gpu_38_tflops_on_sixteen_nodes", 5310)
    rng = c.rng
    hosts = [f"nid{n:06d}" for n in range(1408, 1424)]
    t0 = ts(2025, 5, 2, 6, 12, 0)
    job = 2714003
    args = {"tensor_model_parallel_size": 1, "pipeline_model_parallel_size": 1, "micro_batch_size": 1, "global_batch_size": 128,
            "seq_length": 1024, "num_layers": 24, "hidden_size": 2048, "num_attention_heads": 16, "log_interval": 50,
            "use_distributed_optimizer": False, "overlap_grad_reduce": False, "train_iters": 400000, "timing_log_level": 1}
    L = ["  0: " + x for x in megatron_startup(add(t0, seconds=38), 128, 1, 1)] + ["  0: " + x for x in megatron_args(args)]
    L.append("  0: > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1313251328")
    t = add(t0, seconds=70)
    for it in range(50, 20001, 50):
        ms = jitter(rng, 171.0, 0.02)
        t = add(t, seconds=ms * 50 / 1000)
        L.append("127: " + megatron_iter(t, it, 400000, it * 128, ms, jitter(rng, 38.4, 0.02), 3e-4, 128,
                                          3.6 - it / 20000 * 0.6 + rng.uniform(-0.04, 0.04), rng.uniform(0.4, 0.9)))
        if it % 1000 == 0:
            L += ["  0: " + x for x in megatron_timers([
                ("forward-backward", jitter(rng, 42.1, 0.02), jitter(rng, 44.0, 0.02)),
                ("all-grads-sync", jitter(rng, 112.0, 0.02), jitter(rng, 113.1, 0.02)),
                ("optimizer", jitter(rng, 13.2, 0.02), jitter(rng, 13.6, 0.02)),
                ("batch-generator", 0.4, 1.1)])]
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=1)
    c.add("squeue.txt", squeue([(job, "gpu", "gpt-1b3", "hsaito", "R", hms((t_coll - t0).total_seconds()), 16, "nid[001408-001423]")]))
    c.add("ticket_INC-88213.txt", [
        "Subject: 1.3B pretraining only gets ~38 TFLOP/s/GPU on 16 nodes - bad nodes?",
        "Reporter: hsaito",
        f"Opened: {t_coll:%Y-%m-%d %H:%M} UTC",
        "",
        "Our 8B run on nid[001408-001423] last week reported ~410 TFLOP/s/GPU. The new 1.3B run on the same",
        "nodes reports ~38 TFLOP/s/GPU and 171 ms/iteration. Could one of the nodes be degraded? Job 2714003.",
    ])
    for h in hosts[:4] + hosts[-2:]:
        gs = _gpus(rng)
        for g in gs:
            g.update(power=round(rng.uniform(190, 290), 2), util=100)
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, gs, sections="perf", driver="550.127.05", cuda="12.4"))
    c.set_label("straggler", "script", None, None, "stop",
                "All 128 ranks are equally slow (min/max timers agree) and telemetry is normal; a 1.3B model with micro-batch 1, "
                "sequence length 1024 and pure data parallelism over 128 GPUs spends ~43 ms computing and ~112 ms in a "
                "non-overlapped gradient all-reduce per iteration. The low throughput comes from the run configuration, "
                "not the nodes.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1214")
    return c


# ==========================================================================
# ax19 - rank 0 runs a heavy logging callback every step; loud signal = node 001
# ==========================================================================
def ax19():
    c = Case("ax19_gpu_util_alert_on_first_node_job_slow", 5319)
    rng = c.rng
    hosts = ["gpu-c2-001", "gpu-c2-002", "gpu-c2-003", "gpu-c2-004"]
    t0 = ts(2025, 2, 25, 10, 0, 0)
    job = 6019233
    L = []
    for r in range(32):
        L.append(f"{r:>2}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/32")
    L.append(" 0: LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L.append(" 0: Loading `train_dataloader` to estimate number of stepping batches.")
    L.append(" 0: [callbacks] ModelCheckpoint(every_n_train_steps=2000), LearningRateMonitor, SampleLogger(every_n_steps=1, num_samples=64, metrics=['rouge', 'bleu'])")
    t = add(t0, seconds=120)
    for s in range(1, 1801):
        st = jitter(rng, 3.9, 0.03)
        t = add(t, seconds=st)
        if s % 25 == 0:
            L.append(" 0: " + f"Epoch 0: {int(100 * s / 12000):3d}%| | {s}/12000 [{hms(s * 3.9)}<{hms((12000 - s) * 3.9)}, {1 / st:.2f}it/s, v_num=b3k1, train_loss={rng.uniform(1.3, 1.7):.3f}]")
        L.append(f" 0: {f_pylog(t)} INFO sample_logger: logged 64 decoded samples + rouge/bleu to wandb table 'samples/train' (step {s})")
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=1)
    c.add("squeue.txt", squeue([(job, "a100x8", "t5-xl-sft", "pweber", "R", hms((t_coll - t0).total_seconds()), 4, "gpu-c2-[001-004]")]))
    c.add("alertmanager.txt", [
        f"[FIRING:1] GPUUtilizationLow instance={hosts[0]}:9400 gpu=0 job=dcgm-exporter",
        f"  summary: GPU 0 on {hosts[0]} below 40% utilisation for 30m (current 31%)",
        f"  startsAt: {add(t0, minutes=35):%Y-%m-%dT%H:%M:%S}Z",
        "[RESOLVED] NodeFilesystemAlmostFull instance=gpu-c2-003:9100 mountpoint=/tmp",
        f"  startsAt: {add(t0, hours=-6):%Y-%m-%dT%H:%M:%S}Z  endsAt: {add(t0, hours=-5, minutes=-12):%Y-%m-%dT%H:%M:%S}Z",
    ])
    for ni, h in enumerate(hosts):
        rows = []
        for s in range(20):
            for gi in range(8):
                if ni == 0 and gi == 0:
                    rows.append((s, gi, (rng.choice([0, 0, 12, 100, 100]) if s % 4 == 0 else rng.randint(0, 6), 1410, round(rng.uniform(70, 110), 2), 41, round(rng.uniform(0.0, 0.2), 3))))
                else:
                    rows.append((s, gi, (100, 1410, round(rng.uniform(95, 180), 2), rng.randint(42, 50), round(rng.uniform(0.02, 0.2), 3))))
        c.add(f"{h}/dcgmi_dmon.txt", dcgmi_dmon(rows))
        gs = [gpu(i, H100_BUS[i], rng, name="NVIDIA A100-SXM4-80GB", max_sm=1410, app_sm=1410, sm=1410, plimit=400.0,
                  def_plimit=400.0, max_plimit=400.0, power=round(rng.uniform(90, 190), 2), mem_clk=1593, max_mem=1593) for i in range(8)]
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, gs, sections="perf", driver="535.183.06"))
    c.add("gpu-c2-001/py-spy_rank0.txt", pyspy(55120, "/usr/bin/python train.py fit -c configs/t5xl_sft.yaml", [
        (55120, "active+gil", "MainThread", [
            "_score (rouge_score/rouge_scorer.py:204)", "score (rouge_score/rouge_scorer.py:135)",
            "compute_rouge (metrics/text.py:41)", "on_train_batch_end (callbacks/sample_logger.py:57)",
            "_call_callback_hooks (lightning/pytorch/trainer/call.py:218)", "advance (lightning/pytorch/loops/training_epoch_loop.py:310)",
            "run (lightning/pytorch/loops/training_epoch_loop.py:140)", "advance (lightning/pytorch/loops/fit_loop.py:363)",
            "run (lightning/pytorch/loops/fit_loop.py:205)", "fit (lightning/pytorch/trainer/trainer.py:538)", "main (train.py:44)"]),
        (55170, "idle", "Thread-12 (_run_job)", ["_run_job (wandb/sdk/internal/internal.py:150)", "run (threading.py:953)"]),
    ]))
    c.add("gpu-c2-003/py-spy_rank17.txt", pyspy(61288, "/usr/bin/python train.py fit -c configs/t5xl_sft.yaml", [
        (61288, "active", "MainThread", [
            "synchronize (torch/cuda/__init__.py:792)", "backward (torch/_tensor.py:521)",
            "backward (lightning/pytorch/core/module.py:1090)", "training_step (lightning/pytorch/loops/optimization/automatic.py:323)",
            "advance (lightning/pytorch/loops/training_epoch_loop.py:250)", "run (lightning/pytorch/loops/fit_loop.py:205)", "main (train.py:44)"]),
    ]))
    c.add("callbacks_sample_logger_excerpt.txt", [
        "# callbacks/sample_logger.py (lines 40-60), from the job's code snapshot",
        "    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):",
        "        if not trainer.is_global_zero or trainer.global_step % self.every_n_steps:",
        "            return",
        "        preds = pl_module.generate(batch['input_ids'][: self.num_samples], max_new_tokens=128)",
        "        texts = self.tokenizer.batch_decode(preds, skip_special_tokens=True)",
        "        refs = self.tokenizer.batch_decode(batch['labels'][: self.num_samples], skip_special_tokens=True)",
        "        scores = compute_rouge(texts, refs)",
        "        self.table.add_data(trainer.global_step, texts, refs, scores)",
        "        wandb.log({'samples/train': self.table}, step=trainer.global_step)",
    ])
    c.set_label("straggler", "script", None, None, "stop",
                "The job runs at ~3.9 s/step on all ranks. The low-utilisation alert on gpu-c2-001 GPU 0 is rank 0 itself: "
                "py-spy shows it computing ROUGE in a SampleLogger callback configured with every_n_steps=1 and only on global "
                "rank 0 (generate + decode + wandb table every step), while all other GPUs sit in NCCL waiting for it.",
                "https://github.com/meta-pytorch/torchtune/pull/522")
    return c


# ==========================================================================
# ax20 - slowest rank moves between nodes and attempts: unpacked variable-length batches
# ==========================================================================
def ax20():
    c = Case("ax20_slow_node_changes_after_each_exclusion", 5320)
    rng = c.rng
    attempts = [
        (1, 8801201, ["gpu-e5-01", "gpu-e5-02", "gpu-e5-03", "gpu-e5-04"], ts(2025, 6, 2, 9, 0, 0), "CANCELLED by 51023", ""),
        (2, 8801377, ["gpu-e5-01", "gpu-e5-02", "gpu-e5-04", "gpu-e5-05"], ts(2025, 6, 2, 12, 40, 0), "CANCELLED by 51023", "--exclude=gpu-e5-03"),
        (3, 8801502, ["gpu-e5-01", "gpu-e5-04", "gpu-e5-05", "gpu-e5-06"], ts(2025, 6, 2, 16, 5, 0), "RUNNING", "--exclude=gpu-e5-02,gpu-e5-03"),
    ]
    first_slow = {1: 19, 2: 12}
    hist = ["# sbatch history (user: rkaur)"]
    sac = []
    for a, jid, hosts, t0, state, excl in attempts:
        hist.append(f"{t0:%Y-%m-%d %H:%M}  sbatch -N 4 {excl + ' ' if excl else ''}train_mix.sbatch   -> job {jid}")
        logs = {h: [] for h in hosts}
        t = add(t0, seconds=60)
        slow_counts = {}
        for s in range(50, 1601, 50):
            lens = {r: rng.choice([2048, 3072, 4096, 6144, 8192, 8192, 12288]) for r in range(32)}
            long_rank = rng.randrange(32)
            if s == 50 and a in first_slow:
                long_rank = first_slow[a]
            lens[long_rank] = 32768
            fb = {r: 2.3 * lens[r] / 32768 + jitter(rng, 0.3, 0.05) for r in range(32)}
            st = max(fb.values()) + 0.25
            t = add(t, seconds=st * 50)
            slow_counts[long_rank // 8] = slow_counts.get(long_rank // 8, 0) + 1
            for r in range(32):
                h = hosts[r // 8]
                ntok = lens[r] * 4
                logs[h].append(f"[rank{r}] {f_pylog(add(t, seconds=rng.uniform(0, 0.2)))} step={s} step_s={st:.2f} fwd_bwd_s={fb[r]:.2f} "
                               f"wait_s={st - fb[r] - 0.25:.2f} batch_max_len={lens[r]} padded_tokens={ntok}")
        for h in hosts:
            c.add(f"attempt_{a}/{h}/train.log", logs[h])
            gs = _gpus(rng)
            c.add(f"attempt_{a}/{h}/nvidia-smi-q.txt", smi_q(add(t, seconds=30), gs, sections="perf", driver="550.90.07", cuda="12.4"))
        end = add(t, minutes=3)
        nl = "gpu-e5-[" + ",".join(h[-2:] for h in hosts) + "]"
        sac.append((str(jid), "train-mix", state, "0:0", t0, end if state != "RUNNING" else None, hms2((end - t0).total_seconds()), nl))
        if state == "RUNNING":
            c.add(f"attempt_{a}/squeue.txt", squeue([(jid, "gpu", "train-mix", "rkaur", "R", hms((end - t0).total_seconds()), 4, nl)]))
        if state.startswith("CANCELLED"):
            c.add(f"attempt_{a}/slurm-{jid}.out", [f"[rank0] step {s} avg step_s over last 50: {st:.2f}",
                                                   f"slurmstepd: error: *** JOB {jid} ON {hosts[0]} CANCELLED AT {end:%Y-%m-%dT%H:%M:%S} ***"])
    c.add("submit_history.txt", hist + ["", "# note from user: attempt 1 gpu-e5-03 looked slowest in the first window, attempt 2 gpu-e5-02 did.",
                                        "# still ~2.8 s/step instead of the ~1.1 s/step we expect for this model size."])
    c.add("sacct.txt", sacct_long(sac))
    c.add("train_mix.sbatch", ["#!/bin/bash", "#SBATCH -N 4", "#SBATCH --gpus-per-node=8", "#SBATCH -t 24:00:00",
                               "srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_endpoint $MASTER:29400 train.py \\",
                               "   --data /datasets/mix_v7/*.jsonl --max_len 32768 --micro_batch 4 --packing none --pad_to longest_in_batch \\",
                               "   --sampler random --model llama3-3b --fsdp full_shard"])
    c.set_label("straggler", "script", None, None, "stop",
                "In every attempt the slowest rank changes from window to window and it is always the rank whose batch holds "
                "a 32k-token sample (fwd_bwd time tracks batch_max_len); excluding nodes only moves it. With packing disabled and "
                "padding to the longest sample, random length skew in the data stalls all ranks; GPU telemetry is clean everywhere.",
                "https://facebookresearch.github.io/spdl/latest/optimization_guide/straggler.html")
    return c


# ==========================================================================
# ax23 - NCCL_IB_DISABLE=1 left in the sbatch script -> sockets; herring: old flap
# ==========================================================================
def ax23():
    c = Case("ax23_all_nodes_three_times_slower_after_resubmit", 5323)
    rng = c.rng
    hosts = ["sm-h100-21", "sm-h100-22", "sm-h100-23", "sm-h100-24"]
    herring = "sm-h100-23"
    t0 = ts(2025, 2, 12, 22, 0, 0)
    job = 420991
    c.add("run_pretrain.sbatch", [
        "#!/bin/bash", "#SBATCH -J titan-8b", "#SBATCH -N 4", "#SBATCH --ntasks-per-node=1", "#SBATCH --gpus-per-node=8",
        "#SBATCH -t 72:00:00", "", "module load cuda/12.4 nccl/2.21.5", "export NCCL_DEBUG=INFO", "export NCCL_DEBUG_SUBSYS=INIT,NET",
        "export NCCL_IB_DISABLE=1", "export NCCL_SOCKET_IFNAME=ens21f0np0", "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "export OMP_NUM_THREADS=8", "",
        "srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $(hostname):29500 \\",
        "     -m torchtitan.train --job.config_file llama3_8b.toml",
    ])
    L = []
    for ni, h in enumerate(hosts):
        for lr in range(8):
            r = ni * 8 + lr
            pid = 33100 + r * 5
            if lr == 0:
                L.append(f"[rank{r}]:{h}:{pid}:{pid} [0] NCCL INFO Bootstrap : Using ens21f0np0:10.20.1.{17 + ni}<0>")
                L.append(f"[rank{r}]:{h}:{pid}:{pid} [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.")
                L.append(f"[rank{r}]:{h}:{pid}:{pid} [0] NCCL INFO NET/Socket : Using [0]ens21f0np0:10.20.1.{17 + ni}<0>")
                L.append(f"[rank{r}]:{h}:{pid}:{pid} [0] NCCL INFO Using network Socket")
            if r == 0:
                L.append(f"[rank0]:{h}:{pid}:{pid} [0] NCCL INFO NCCL version 2.21.5+cuda12.4")
            L.append(f"[rank{r}]:{h}:{pid}:{pid + 90} [{lr}] NCCL INFO comm 0x{0x55aa00000000 + r * 0x2000:x} rank {r} nRanks 32 nNodes 4 localRanks 8 localRank {lr} MNNVL 0")
    for ch in range(4):
        for ni in range(4):
            src = ((ni + 1) % 4) * 8
            L.append(f"[rank{ni * 8}]:{hosts[ni]}:{33100 + ni * 40}:{33190 + ni * 40} [0] NCCL INFO Channel {ch:02d}/0 : {src}[0] -> {ni * 8}[0] [receive] via NET/Socket/0")
            L.append(f"[rank{ni * 8}]:{hosts[ni]}:{33100 + ni * 40}:{33190 + ni * 40} [0] NCCL INFO Channel {ch:02d}/0 : {ni * 8}[0] -> {((ni + 3) % 4) * 8}[0] [send] via NET/Socket/0")
    L.append(titan(add(t0, seconds=40), "Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 40000 (warmup 2000)"))
    t = add(t0, seconds=70)
    for s in range(10, 2001, 10):
        tps = int(jitter(rng, 2310, 0.02))
        t = add(t, seconds=10 * 2 * 8192 / tps)
        tfl = tps * 6 * 8.03e9 / 1e12 * 1.07
        L.append(titan_step(t, s, 2.9 - s / 2000 * 0.5 + rng.uniform(-0.03, 0.03), rng.uniform(0.2, 0.4), 61.37, 77.58, tps, tfl, tfl / 9.89))
    c.add(f"slurm-{job}.out", L)
    c.add("previous_job_419877_tail.txt", [
        "# same toml, same 4 nodes, job 419877 (2025-02-09), last lines before it was cancelled",
    ] + [titan_step(ts(2025, 2, 9, 14, 12, s), 15000 + s * 10, 2.41, 0.26, 61.37, 77.58, 7094 + s, 419.1, 42.38) for s in range(0, 4)])
    t_coll = add(t, minutes=2)
    c.add("squeue.txt", squeue([(job, "h100", "titan-8b", "jbrandt", "R", hms((t_coll - t0).total_seconds()), 4, "sm-h100-[21-24]")]))
    names = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
    for ni, h in enumerate(hosts):
        hc = [{"name": nm, "guid": f"0x{0x1070fd0300c2d000 + ni * 0x20 + k:016x}", "lid": 50 + ni * 8 + k} for k, nm in enumerate(names)]
        c.add(f"{h}/ibstat.txt", ibstat(hc))
        pq = []
        for k, nm in enumerate(names):
            cnt = {"xd": rng.randint(1000, 9000), "rd": rng.randint(1000, 9000), "xp": rng.randint(10, 90), "rp": rng.randint(10, 90)}
            if h == herring and nm == "mlx5_5":
                cnt.update(down=1, rec=2)
            pq.append(f"## {nm}")
            pq += perfquery(50 + ni * 8 + k, cnt).splitlines()
        c.add(f"{h}/perfquery.txt", pq)
        rows = []
        for s in range(15):
            for gi in range(8):
                busy = rng.random() < 0.35
                rows.append((s, gi, (rng.randint(95, 100), 1980, round(rng.uniform(480, 650) if busy else rng.uniform(140, 210), 2), rng.randint(40, 55), round(rng.uniform(0.55, 0.75) if busy else rng.uniform(0.01, 0.05), 3))))
        c.add(f"{h}/dcgmi_dmon.txt", dcgmi_dmon(rows))
    c.add(f"{herring}/syslog.txt", [
        f"{f_syslog(ts(2025, 2, 10, 3, 14, 22))} {herring} kernel: mlx5_core 0000:9a:00.0 ibp154s0: Link down",
        f"{f_syslog(ts(2025, 2, 10, 3, 14, 31))} {herring} kernel: mlx5_core 0000:9a:00.0 ibp154s0: Link up",
        f"{f_syslog(add(t0, seconds=-30))} {herring} slurmd[2210]: launch task StepId={job}.0 request from UID:50412 GID:50412",
    ])
    c.set_label("straggler", "script", None, None, "stop",
                "Every node runs at ~2,300 tps instead of ~7,100 on the same nodes three days earlier, with no error and all IB "
                "ports active. The job script exports NCCL_IB_DISABLE=1, and NCCL confirms every inter-node channel goes over "
                "NET/Socket on the Ethernet interface. sm-h100-23's link flap was two days before the job.",
                "https://github.com/NVIDIA/nccl/issues/1591")
    return c


CASES = [ax06, ax07, ax08, ax09, ax10, ax19, ax20, ax23]
