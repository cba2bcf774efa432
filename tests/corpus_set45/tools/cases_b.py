"""Cases ap11 - ap20."""
import random

from lib import (T, plus, glog_ms, c10, pyts, kev, boot_events, run_noise, render_dmesg_T, render_dmesg_raw,
                 render_journal_k, render_syslog, render_journal_iso, nccl_init_block, torchrun_banner, elastic,
                 elastic_tb, child_failed_box, box_time, rendezvous_result, tb, megatron_iter, ds_step, ds_timer,
                 tqdm_bar, smi_gpu, render_smi_q, uuid_for, serial_for, GPU_BUSES_8, GPU_BUSES_ALT, GPU_BUSES_DGX,
                 watchdog_timeout_lines, launch_config, iso)


def _megatron_args(extra):
    base = ["------------------------ arguments ------------------------"]
    base += extra
    base.append("-------------------- end of arguments ---------------------")
    return base


# ============================================================== ap11
def ap11(w):
    """Megatron TP=1: device-side assert (index out of range) on ranks of every node at iteration 1; Xid 43 on each node."""
    rng = random.Random(4511)
    hosts = ["gpu-p2-01", "gpu-p2-02", "gpu-p2-03", "gpu-p2-04"]
    world = 32
    start = T(2024, 6, 11, 13, 20, 5, 90000)
    fail_t = plus(start, 118.4)
    pyp = "/usr/local/lib/python3.10/dist-packages"
    asserting = sorted(rng.sample(range(world), 19))
    w.file("data_prep.log", [
        "$ python tools/preprocess_data.py --input /data/raw/web_zh_en_2406.jsonl --output-prefix /data/bin/web_zh_en_2406 \\",
        "      --tokenizer-type HuggingFaceTokenizer --tokenizer-model /models/tokenizers/llama3-128k --append-eod --workers 64",
        "Opening /data/raw/web_zh_en_2406.jsonl",
        "> building HuggingFaceTokenizer tokenizer ...",
        " > padded vocab (size: 128256) with 0 dummy tokens (new size: 128256)",
        "Vocab size: 128256",
        "Output prefix: /data/bin/web_zh_en_2406",
        "Time to startup: 3.118",
        "Processed 1000000 documents (30412.2 docs/s, 104.1 MB/s).",
        "Processed 2000000 documents (30877.9 docs/s, 105.7 MB/s).",
        "Processed 3000000 documents (31002.4 docs/s, 106.1 MB/s).",
        "Done! Now finalizing.",
    ])
    for ni, h in enumerate(hosts):
        apid = 5520 + ni * 90
        pids = [apid + 12 + k for k in range(8)]
        L = []
        L += torchrun_banner("new", plus(start, 0.3), apid)
        if ni == 0:
            L += _megatron_args(["  data_path ....................................... ['/data/bin/web_zh_en_2406_text_document']",
                                 "  global_batch_size ............................... 256",
                                 "  load ............................................ /ckpt/gpt-1p3b-base",
                                 "  micro_batch_size ................................ 4",
                                 "  seq_length ...................................... 2048",
                                 "  tensor_model_parallel_size ...................... 1",
                                 "  pipeline_model_parallel_size .................... 1",
                                 "  tokenizer_type .................................. GPT2BPETokenizer",
                                 "  vocab_file ...................................... /models/gpt2/vocab.json",
                                 "  merge_file ...................................... /models/gpt2/merges.txt"])
            L.append("> building GPT2BPETokenizer tokenizer ...")
            L.append(" > padded vocab (size: 50257) with 47 dummy tokens (new size: 50304)")
            L.append("> initializing torch distributed ...")
            for k in range(8):
                blk = nccl_init_block(h, pids[k], pids[k] + 311, k, k, world, f"10.12.7.{11 + ni}", version="2.19.3+cuda12.3",
                                      bus=f"{GPU_BUSES_8[k]}000", short=True, nchan=2)
                L += blk[:3] if k == 0 else []
            L.append(f" loading checkpoint from /ckpt/gpt-1p3b-base at iteration 0")
            L.append(" checkpoint version 3.0")
            L.append(f"  successfully loaded checkpoint from /ckpt/gpt-1p3b-base [ t 0, p 0 ] at iteration 0")
            L.append("> building train, validation, and test datasets for GPT ...")
            L.append(" > finished creating GPT datasets ...")
            L.append(f"[after dataloaders are built] datetime: {plus(start, 109):%Y-%m-%d %H:%M:%S} ")
            L.append("training ...")
            L.append(f"[before the start of training step] datetime: {plus(start, 110):%Y-%m-%d %H:%M:%S} ")
        here = [r for r in asserting if r // 8 == ni]
        for r in here:
            for j in range(rng.randint(4, 9)):
                L.append(f"../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [{rng.randint(0, 2047)},0,0], thread: [{rng.randint(0, 127)},0,0] Assertion `srcIndex < srcSelectDimSize` failed.")
        for r in here:
            L += [f"[rank{r}]: " + x for x in tb([
                ("/workspace/Megatron-LM/pretrain_gpt.py", 264, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 349, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 1250, "train", "train_step(forward_step_func,"),
                ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 274, "forward_step", "output_tensor, loss_func = forward_step_func(data_iterator, model)"),
                ("/workspace/Megatron-LM/pretrain_gpt.py", 186, "loss_func", "loss = torch.sum(losses.view(-1) * loss_mask)"),
                ("/workspace/Megatron-LM/megatron/training/utils.py", 205, "average_losses_across_data_parallel_group", "torch.distributed.all_reduce(averaged_losses,")],
                ["RuntimeError: CUDA error: device-side assert triggered",
                 "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                 "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                 "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])]
        lt = plus(fail_t, 1.6 + ni * 0.04)
        first_local = (here[0] % 8) if here else 0
        for k in range(8):
            if k != first_local:
                L.append(elastic("new", "W", plus(lt, 0.001 * k), apid, "multiprocessing/api.py", 897, f"Sending process {pids[k]} closing signal SIGTERM"))
        L.append(elastic("new", "E", plus(lt, 0.6), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: {first_local} (pid: {pids[first_local]}) of binary: /usr/bin/python"))
        L += elastic_tb("/usr/local", "2.4.0a0+3bcc3cddb5.nv24.7", style="new", site="/usr/local/lib/python3.10/dist-packages")
        others = [dict(time=box_time(lt), host=h, rank=r, local_rank=r % 8, exitcode=1, pid=pids[r % 8]) for r in here[1:4]]
        L += child_failed_box("pretrain_gpt.py", dict(time=box_time(lt), host=h, rank=ni * 8 + first_local, local_rank=first_local,
                                                      exitcode=1, pid=pids[first_local]), others)
        w.file(f"{h}/torchrun.out", L)
        boot = T(2024, 6, 3, 19, 44, 2)
        ev = boot_events(boot, h, rng, driver="550.54.15", kernel="5.15.0-107-generic")
        ev += run_noise(plus(boot, 300), plus(fail_t, 90), rng, h, n=12)
        for r in here:
            k = r % 8
            ev.append(kev(plus(fail_t, -0.3 + rng.uniform(0, 0.25)), f"NVRM: Xid (PCI:0000:{GPU_BUSES_8[k]}:00): 43, pid={pids[k]}, name=python, Ch 00000008"))
        w.file(f"{h}/dmesg-T.txt", render_dmesg_T(ev))
    w.label("user_code", "script", None, "stop",
            "Ranks on all four nodes hit the same embedding index assertion (srcIndex < srcSelectDimSize) on the first iteration: the data was tokenized with a 128,256-token Llama-3 tokenizer but the model is configured with GPT-2's padded 50,304 vocab. The Xid 43s on every node are the driver's reaction to those asserts.",
            "https://github.com/alibaba/Megatron-LLaMA/issues/15")
    return "ap11_device_side_assert_on_many_ranks_first_iteration"


# ============================================================== ap12
def ap12(w):
    """DeepSpeed pdsh launcher, 3 attempts: illegal memory access always on gpu-c23 (different GPU each time)."""
    rng = random.Random(4512)
    attempts = [
        dict(hosts=["gpu-c11", "gpu-c12", "gpu-c19", "gpu-c23"], start=T(2022, 11, 16, 21, 2, 11), step=1180, local=2, jid="ds-0311"),
        dict(hosts=["gpu-c07", "gpu-c23", "gpu-c31", "gpu-c32"], start=T(2022, 11, 17, 9, 40, 2), step=233, local=5, jid="ds-0312"),
        dict(hosts=["gpu-c19", "gpu-c23", "gpu-c28", "gpu-c40"], start=T(2022, 11, 17, 13, 12, 44), step=2761, local=0, jid="ds-0313"),
    ]
    bad = "gpu-c23"
    pyp = "/mnt/lustre/xingsen/.local/lib/python3.7/site-packages"
    spd = 2.21
    buses = GPU_BUSES_ALT
    for ai, a in enumerate(attempts):
        hosts = a["hosts"]
        start = a["start"]
        ni_bad = hosts.index(bad)
        bad_rank = ni_bad * 8 + a["local"]
        fail_t = plus(start, 140 + a["step"] * spd + 0.71)
        L = [f"[{pyts(start)}] [INFO] [runner.py:457:main] Using IP address of 10.140.0.{11 + hosts.index(hosts[0])} for node {hosts[0]}",
             f"[{pyts(plus(start, 0.1))}] [INFO] [multinode_runner.py:65:get_cmd] Running on the following workers: {','.join(hosts)}",
             f"[{pyts(plus(start, 0.1))}] [INFO] [runner.py:548:main] cmd = pdsh -S -f 1024 -w {','.join(hosts)} export PYTHONPATH=/mnt/lustre/xingsen/beit3;  cd /mnt/lustre/xingsen/beit3; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJncHUtYzExIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%n --master_addr={hosts[0]} --master_port=29500 main_deepspeed.py --model beit3_large_patch16_224 --batch_size 96 --lr 1.5e-3 --enable_deepspeed --zero_stage 1"]
        for ni, h in enumerate(hosts):
            L.append(f"{h}: [{pyts(plus(start, 2.1 + 0.05 * ni))}] [INFO] [launch.py:142:main] WORLD INFO DICT: {{{', '.join(repr(x) + ': [0, 1, 2, 3, 4, 5, 6, 7]' for x in hosts)}}}")
            L.append(f"{h}: [{pyts(plus(start, 2.1 + 0.05 * ni))}] [INFO] [launch.py:148:main] nnodes={len(hosts)}, num_local_procs=8, node_rank={ni}")
            L.append(f"{h}: [{pyts(plus(start, 2.1 + 0.05 * ni))}] [INFO] [launch.py:161:main] global_rank_mapping=defaultdict(<class 'list'>, {{{', '.join(repr(x) + ': ' + str(list(range(j * 8, j * 8 + 8))) for j, x in enumerate(hosts))}}})")
            L.append(f"{h}: [{pyts(plus(start, 2.1 + 0.05 * ni))}] [INFO] [launch.py:162:main] dist_world_size=32")
            L.append(f"{h}: [{pyts(plus(start, 2.1 + 0.05 * ni))}] [INFO] [launch.py:164:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")
        L.append(f"{hosts[0]}: [{pyts(plus(start, 31))}] [INFO] [logging.py:68:log_dist] [Rank 0] DeepSpeed info: version=0.7.5, git-hash=unknown, git-branch=unknown")
        L.append(f"{hosts[0]}: [{pyts(plus(start, 33))}] [INFO] [logging.py:68:log_dist] [Rank 0] Using DeepSpeed Optimizer param name adamw as basic optimizer")
        L.append(f"{hosts[0]}: [{pyts(plus(start, 33))}] [INFO] [logging.py:68:log_dist] [Rank 0] DeepSpeed Basic Optimizer = FusedAdam")
        L.append(f"{hosts[0]}: [{pyts(plus(start, 33))}] [INFO] [logging.py:68:log_dist] [Rank 0] Creating fp16 ZeRO stage 1 optimizer")
        L.append(f"{hosts[0]}: Epoch: [0]  [   0/5004]  eta: 1 day, 2:11:51  lr: 0.000000  min_lr: 0.000000  loss: 6.9271 (6.9271)  loss_scale: 65536.0000 (65536.0000)  weight_decay: 0.0500 (0.0500)  grad_norm: 0.0000 (0.0000)  time: 18.8491  data: 9.1182  max mem: 27711")
        step = 0
        while step + 100 <= a["step"]:
            step += 100
            t = plus(start, 140 + step * spd)
            L.append(f"{hosts[0]}: Epoch: [0]  [{step:4d}/5004]  eta: {int((5004 - step) * spd // 3600)}:{int((5004 - step) * spd % 3600 // 60):02d}:{int((5004 - step) * spd % 60):02d}  lr: {1.5e-3 * step / 5004:.6f}  min_lr: {1.5e-5 * step / 5004:.6f}  loss: {6.9 - 0.0004 * step + rng.uniform(-0.03, 0.03):.4f} ({6.9 - 0.00035 * step:.4f})  loss_scale: 65536.0000 (65536.0000)  weight_decay: 0.0500 (0.0500)  grad_norm: {rng.uniform(1.1, 2.3):.4f} ({rng.uniform(1.5, 1.9):.4f})  time: {spd + rng.uniform(-0.04, 0.04):.4f}  data: 0.0021  max mem: 27711")
        tbl = tb([("main_deepspeed.py", 614, "<module>", "main(args, config, ds_init)"),
                  ("main_deepspeed.py", 451, "main", "train_stats = train_one_epoch("),
                  ("/mnt/lustre/xingsen/beit3/engine_for_finetuning.py", 148, "train_one_epoch", "model.step()"),
                  (f"{pyp}/deepspeed/runtime/engine.py", 2046, "step", "self._take_model_step(lr_kwargs)"),
                  (f"{pyp}/deepspeed/runtime/engine.py", 1953, "_take_model_step", "self.optimizer.step()"),
                  (f"{pyp}/deepspeed/runtime/zero/stage_1_and_2.py", 1707, "step", "self.optimizer.step()"),
                  (f"{pyp}/deepspeed/ops/adam/fused_adam.py", 169, "step", "multi_tensor_applier(self.multi_tensor_adam,"),
                  (f"{pyp}/deepspeed/ops/adam/multi_tensor_apply.py", 14, "__call__", "return op(self.chunk_size, noop_flag_buffer, tensor_lists, *args)")],
                 ["RuntimeError: CUDA error: an illegal memory access was encountered",
                  "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might be incorrect.",
                  "For debugging consider passing CUDA_LAUNCH_BLOCKING=1."])
        L += [f"{bad}: " + x for x in tbl]
        L.append(f"{bad}: terminate called after throwing an instance of 'c10::CUDAError'")
        L.append(f"{bad}:   what():  CUDA error: an illegal memory access was encountered")
        L.append(f"{bad}: Exception raised from create_event_internal at ../c10/cuda/CUDACachingAllocator.cpp:1387 (most recent call first):")
        for x in ["frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x7f3b2a1ad612 in /usr/local/lib/python3.7/dist-packages/torch/lib/libc10.so)",
                  "frame #1: <unknown function> + 0x2ac9a (0x7f3b2a40ac9a in /usr/local/lib/python3.7/dist-packages/torch/lib/libc10_cuda.so)",
                  "frame #2: c10::cuda::CUDACachingAllocator::raw_delete(void*) + 0x184 (0x7f3b2a40d9c4 in /usr/local/lib/python3.7/dist-packages/torch/lib/libc10_cuda.so)"]:
            L.append(f"{bad}: {x}")
        lt = plus(fail_t, 3.2)
        L.append(f"{bad}: [{pyts(lt)}] [INFO] [launch.py:286:sigkill_handler] Killing subprocess {91000 + ai * 1000 + a['local']}")
        for k in range(8):
            if k != a["local"]:
                L.append(f"{bad}: [{pyts(plus(lt, 0.001 * k))}] [INFO] [launch.py:286:sigkill_handler] Killing subprocess {91000 + ai * 1000 + k}")
        L.append(f"{bad}: [{pyts(plus(lt, 0.9))}] [ERROR] [launch.py:292:sigkill_handler] ['/usr/bin/python3', '-u', 'main_deepspeed.py', '--local_rank={a['local']}', '--model', 'beit3_large_patch16_224', '--batch_size', '96', '--lr', '1.5e-3', '--enable_deepspeed', '--zero_stage', '1'] exits with return code = -6")
        L.append(f"pdsh@{hosts[0]}: {bad}: ssh exited with exit code 250")
        for ni, h in enumerate(hosts):
            if h == bad:
                continue
            ht = plus(fail_t, 1800 + rng.uniform(0.1, 2.0))
            L.append(f"{h}: [E ProcessGroupNCCL.cpp:737] [Rank {ni * 8 + 3}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={a['step'] * 7 + 53}, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800412 milliseconds before timing out.")
            L.append(f"{h}: [E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.")
            L.append(f"{h}: [{pyts(plus(ht, 2))}] [ERROR] [launch.py:292:sigkill_handler] ['/usr/bin/python3', '-u', 'main_deepspeed.py', '--local_rank=3'] exits with return code = -6")
            L.append(f"pdsh@{hosts[0]}: {h}: ssh exited with exit code 250")
        w.file(f"attempt_{ai}/deepspeed_launcher.log", L)
        w.file(f"attempt_{ai}/hostfile", [f"{h} slots=8" for h in hosts])
        for ni, h in enumerate(hosts):
            boot = T(2022, 11, 10, 7, 30, 0) if h != bad else T(2022, 11, 14, 18, 2, 55)
            ev = boot_events(boot, h, rng, driver="515.65.01", kernel="3.10.0-1160.el7.x86_64", buses=buses, lustre="lustre")
            ev += run_noise(plus(start, -3600), plus(fail_t, 1900), rng, h, n=8)
            if h == bad:
                b = buses[a["local"]]
                xt = plus(fail_t, -0.12)
                ev.append(kev(plus(xt, -37.5), "pcieport 0000:40:03.1: AER: Corrected error received: 0000:43:00.0"))
                ev.append(kev(plus(xt, -37.499), "pcieport 0000:43:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"))
                ev.append(kev(plus(xt, -37.498), "pcieport 0000:43:00.0:   device [10b5:c010] error status/mask=00001000/00002000"))
                ev.append(kev(plus(xt, -37.497), "pcieport 0000:43:00.0:    [12] Timeout               "))
                ev.append(kev(xt, f"NVRM: Xid (PCI:0000:{b}:00): 31, pid={91000 + ai * 1000 + a['local']}, Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_{rng.randint(0, 15)} faulted @ 0x7f{rng.getrandbits(28):07x}_{rng.getrandbits(20):05x}000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"))
                ev.append(kev(plus(xt, 0.0004), f"NVRM: Xid (PCI:0000:{b}:00): 13, pid={91000 + ai * 1000 + a['local']}, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"))
                ev.append(kev(plus(xt, 0.0006), f"NVRM: Xid (PCI:0000:{b}:00): 13, pid={91000 + ai * 1000 + a['local']}, Graphics Exception: ESR 0x525648=0x10000e 0x525650=0x0 0x525644=0xd3eff2 0x52564c=0x17f"))
            w.file(f"attempt_{ai}/{h}/dmesg.txt", render_dmesg_T(ev))
    w.label("gpu_hardware", "infrastructure", {"node": bad}, "restart_without_node",
            "Three attempts on different node sets all died with 'illegal memory access' in FusedAdam at unrelated steps (1180, 233, 2761), each time on gpu-c23 and each time on a different GPU (ranks 26, 13, 8), with Xid 31/13 and PCIe AER errors only on that node; the error follows the node, not the code.",
            "https://github.com/deepspeedai/DeepSpeed/issues/2513")
    return "ap12_illegal_memory_access_in_fused_adam_three_attempts"


# ============================================================== ap13
def ap13(w):
    """Megatron via srun --label, 2 attempts: IndexError in blended dataset at the same iteration on different nodes."""
    rng = random.Random(4513)
    attempts = [
        dict(hosts=["n101", "n102", "n103", "n104"], job=820014, start=T(2024, 1, 29, 18, 0, 12), resume=0),
        dict(hosts=["n102", "n105", "n107", "n108"], job=820377, start=T(2024, 1, 30, 9, 31, 50), resume=15000),
    ]
    bad_rank = 9
    fail_it = 15361
    ms = 1412.0
    ipbase = {f"n1{i:02d}": f"10.5.1.{100 + i}" for i in range(0, 10)}
    for ai, a in enumerate(attempts):
        hosts = a["hosts"]
        start = a["start"]
        its = fail_it - a["resume"]
        fail_t = plus(start, 95 + its * ms / 1000)
        bad_host = hosts[bad_rank // 8]
        L = []
        L.append(f"0: + srun --label --ntasks-per-node=8 --gpus-per-task=1 python pretrain_gpt.py ... --data-path 0.7 /datasets/pile_text_document 0.3 /datasets/code_v2_text_document")
        for r in range(32):
            if r % 8 == 0:
                L.append(f"{r}: [{pyts(plus(start, 11 + r * 0.01))}] host={hosts[r // 8]} SLURM_PROCID={r} SLURM_LOCALID={r % 8} MASTER_ADDR={hosts[0]}")
        L.append(f"0: using world size: 32, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 1 ")
        L.append("0: > creating gloo process group for object collectives (dataloader state / throughput stats) ...")
        if a["resume"]:
            L.append(f"0:  loading checkpoint from /scratch/ckpt/gpt-6p7b-mix at iteration {a['resume']}")
            L.append(f"0:   successfully loaded checkpoint from /scratch/ckpt/gpt-6p7b-mix [ t 0/4, p 0/1 ] at iteration {a['resume']}")
        L.append("0: > building train, validation, and test datasets ...")
        L.append("0:  > datasets target sizes (minimum size):")
        L.append("0:     train:      61440000")
        L.append("0:     validation: 617472")
        L.append("0:     test:       2048")
        L.append("0: > building blended dataset with weights [0.7, 0.3] ...")
        L.append("0:     dataset 0: /datasets/pile_text_document   num samples 43008000")
        L.append("0:     dataset 1: /datasets/code_v2_text_document num samples 4718592")
        L.append("0:  > loading doc-idx/sample-idx/shuffle-idx for code_v2_text_document from cache /scratch/megatron_cache/9d1f0c2e7a_train_indexmap_4718592ns_2048sl_1234s_*.npy")
        L.append("0:  > loading blending indices from cache /scratch/megatron_cache/blend_0.7-0.3_61440000ns.npy")
        L.append("0: > finished creating GPT datasets ...")
        it = a["resume"]
        while it + 100 < fail_it:
            it += 100
            t = plus(start, 95 + (it - a["resume"]) * ms / 1000)
            L.append("31: " + megatron_iter(t, it, 60000, it * 1024, ms + rng.uniform(-15, 15), 1.2e-4, 1024,
                                            2.45 - 0.3 * it / 16000 + rng.uniform(-0.02, 0.02), 1.0, rng.uniform(0.2, 0.4)))
            if it % 1000 == 0:
                L.append(f"0: saving checkpoint at iteration {it:7d} to /scratch/ckpt/gpt-6p7b-mix")
                L.append(f"0:   successfully saved checkpoint at iteration {it:7d} to /scratch/ckpt/gpt-6p7b-mix")
        pyp = "/opt/conda/lib/python3.10/site-packages"
        L += [f"{bad_rank}: " + x for x in tb([
            ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain(train_valid_test_datasets_provider,"),
            ("/workspace/Megatron-LM/megatron/training.py", 255, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
            ("/workspace/Megatron-LM/megatron/training.py", 1020, "train", "train_step(forward_step_func,"),
            ("/workspace/Megatron-LM/pretrain_gpt.py", 151, "forward_step", "tokens, labels, loss_mask, attention_mask, position_ids = get_batch("),
            ("/workspace/Megatron-LM/pretrain_gpt.py", 96, "get_batch", "data = next(data_iterator)"),
            (f"{pyp}/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
            (f"{pyp}/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
            (f"{pyp}/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
            (f"{pyp}/torch/_utils.py", 722, "reraise", "raise exception")],
            ["IndexError: Caught IndexError in DataLoader worker process 1.",
             "Original Traceback (most recent call last):",
             f"  File \"{pyp}/torch/utils/data/_utils/worker.py\", line 308, in _worker_loop",
             "    data = fetcher.fetch(index)",
             f"  File \"{pyp}/torch/utils/data/_utils/fetch.py\", line 51, in fetch",
             "    data = [self.dataset[idx] for idx in possibly_batched_index]",
             "  File \"/workspace/Megatron-LM/megatron/core/datasets/blended_dataset.py\", line 81, in __getitem__",
             "    return self.datasets[dataset_id][dataset_sample_id]",
             "  File \"/workspace/Megatron-LM/megatron/core/datasets/gpt_dataset.py\", line 101, in __getitem__",
             "    idx = self.shuffle_index[idx]",
             "IndexError: index 4718592 is out of bounds for axis 0 with size 4718592",
             ""])]
        for r in [3, 17, 26]:
            L += [f"{r}: " + x for x in tb([
                ("/workspace/Megatron-LM/megatron/training.py", 1062, "train", "stats = gather_throughput_stats(iteration, group=gloo_group)"),
                ("/workspace/Megatron-LM/megatron/utils.py", 412, "gather_throughput_stats", "torch.distributed.all_gather_object(out, local, group=group)"),
                (f"{pyp}/torch/distributed/c10d_logger.py", 72, "wrapper", "return func(*args, **kwargs)"),
                (f"{pyp}/torch/distributed/distributed_c10d.py", 2310, "all_gather_object", "all_gather(object_size_list, local_size, group=group)"),
                (f"{pyp}/torch/distributed/distributed_c10d.py", 2709, "all_gather", "work.wait()")],
                [f"RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [{ipbase[bad_host]}]:{rng.randint(20000, 60000)}"])]
        L.append(f"srun: error: {bad_host}: task {bad_rank}: Exited with exit code 1")
        L.append("srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % a["job"])
        L.append(f"slurmstepd: error: *** STEP {a['job']}.0 ON {hosts[0]} CANCELLED AT {plus(fail_t, 3):%Y-%m-%dT%H:%M:%S} ***")
        w.file(f"attempt_{ai}/slurm-{a['job']}.out", L)
        for h in hosts:
            boot = T(2024, 1, 22, 3, 3, 3)
            ev = boot_events(boot, h, rng, driver="535.129.03", kernel="4.18.0-513.11.1.el8_9.x86_64", lustre="scratch")
            ev += run_noise(plus(start, -1800), plus(fail_t, 60), rng, h, n=7)
            w.file(f"attempt_{ai}/{h}/journalctl-k.log", render_journal_k(ev, h))
    w.label("user_code", "script", None, "stop",
            "Both attempts die at iteration 15361 with the same IndexError in the blended dataset: the code dataset's index maps were reloaded from a stale cache sized for 4,718,592 samples (an earlier 15,360-iteration run, 0.3 x 15360 x 1024) and are exhausted exactly there. Once on n102, once on n105 - same iteration, different nodes - so it is the job's data configuration; the gloo 'Connection closed by peer' errors are fallout.",
            "https://github.com/NVIDIA/Megatron-LM/issues/705")
    return "ap13_indexerror_in_dataloader_worker_twice"


# ============================================================== ap14
def ap14(w):
    """NCCL 'invalid argument' (Invalid config blocking attribute) on every rank of every node: two NCCL wheels."""
    rng = random.Random(4514)
    hosts = ["dsw-226-a", "dsw-226-b", "dsw-226-c"]
    ip = {h: f"10.207.8.{104 + i}" for i, h in enumerate(hosts)}
    start = T(2023, 11, 18, 10, 14, 2, 332000)
    world = 24
    pyp = "/opt/conda/lib/python3.10/site-packages"
    w.file("env_report.txt", [
        "# collected with `python -m torch.utils.collect_env` + `pip list | grep -i nccl` on dsw-226-a (same image on b/c)",
        "PyTorch version: 2.1.0+cu121",
        "Is debug build: False",
        "CUDA used to build PyTorch: 12.1",
        "OS: Ubuntu 20.04.6 LTS (x86_64)",
        "Python version: 3.10.13 (main, Sep 11 2023, 13:44:35) [GCC 11.2.0] (64-bit runtime)",
        "Is CUDA available: True",
        "CUDA runtime version: 11.7.99",
        "Nvidia driver version: 535.104.05",
        "",
        "Versions of relevant libraries:",
        "[pip3] numpy==1.24.4",
        "[pip3] torch==2.1.0",
        "[pip3] triton==2.1.0",
        "[pip3] nvidia-nccl-cu11==2.14.3",
        "[pip3] nvidia-nccl-cu12==2.18.1",
        "",
        "$ echo $LD_LIBRARY_PATH",
        "/opt/conda/lib/python3.10/site-packages/nvidia/nccl/lib:/usr/local/cuda/lib64:/usr/local/nvidia/lib64",
        "$ ls /opt/conda/lib/python3.10/site-packages/nvidia/nccl/lib",
        "libnccl.so.2",
        "$ strings /opt/conda/lib/python3.10/site-packages/nvidia/nccl/lib/libnccl.so.2 | grep -m1 'NCCL version'",
        "NCCL version 2.14.3+cuda11.7",
    ])
    for ni, h in enumerate(hosts):
        apid = 71800 + ni * 400
        pids = [apid + 68 + k for k in range(8)]
        L = ["Building extension module rotary_pos_emb_cuda...",
             "Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)",
             "ninja: no work to do.",
             "Loading extension module rotary_pos_emb_cuda..."]
        L += torchrun_banner("plain")
        for k in range(8):
            r = ni * 8 + k
            p = f"{h}:{pids[k]}:{pids[k]} [{k}]"
            L.append(f"{p} NCCL INFO Bootstrap : Using eth0:{ip[h]}<0>")
            L.append(f"{p} NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory")
            L.append(f"{p} NCCL INFO NET/Plugin : No plugin found, using internal implementation")
            if k == 0:
                L.append(f"{p} NCCL INFO cudaDriverVersion 12020")
                L.append("NCCL version 2.14.3+cuda11.7")
            L.append("")
            L.append(f"{p} init.cc:1270 NCCL WARN Invalid config blocking attribute value -2147483648")
        for k in range(8):
            r = ni * 8 + k
            L += tb([("/cpfs/user/xinghai/Megatron-LM/pretrain_gpt.py", 231, "<module>", "pretrain(train_valid_test_datasets_provider,"),
                     ("/cpfs/user/xinghai/Megatron-LM/megatron/training.py", 107, "pretrain", "initialize_megatron(extra_args_provider=extra_args_provider,"),
                     ("/cpfs/user/xinghai/Megatron-LM/megatron/initialize.py", 82, "initialize_megatron", "_compile_dependencies()"),
                     ("/cpfs/user/xinghai/Megatron-LM/megatron/initialize.py", 131, "_compile_dependencies", "torch.distributed.barrier()"),
                     (f"{pyp}/torch/distributed/c10d_logger.py", 47, "wrapper", "return func(*args, **kwargs)"),
                     (f"{pyp}/torch/distributed/distributed_c10d.py", 3696, "barrier", "work = default_pg.barrier(opts=opts)")],
                    ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:219, invalid argument, NCCL version 2.14.3",
                     "ncclInvalidArgument: Invalid value for an argument.",
                     "Last error:",
                     "Invalid config blocking attribute value -2147483648"])
        lt = plus(start, 23.5 + ni * 0.3)
        L.append(f"[{pyts(lt)}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {pids[1]} closing signal SIGTERM")
        L.append(f"[{pyts(plus(lt, 0.2))}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python")
        L += elastic_tb("/opt/conda", "2.1.0", style="mid")
        others = [dict(time=box_time(lt), host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)]
        L += child_failed_box("pretrain_gpt.py", dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]), others)
        w.file(f"{h}/launch.log", L)
        boot = T(2023, 11, 12, 1, 2, 9)
        ev = boot_events(boot, h, rng, driver="535.104.05", kernel="5.10.134-15.al8.x86_64", nics=("mlx5_bond_0",))
        ev += run_noise(plus(boot, 300), plus(start, 120), rng, h, n=8)
        w.file(f"{h}/dmesg.log", render_dmesg_T(ev))
    w.label("dependency", "framework", None, "stop",
            "Every rank on every node fails the first barrier with ncclInvalidArgument 'Invalid config blocking attribute value -2147483648': torch 2.1 (built for NCCL >= 2.17 config semantics) is loading the NCCL 2.14.3 library from the stray nvidia-nccl-cu11 wheel that LD_LIBRARY_PATH puts first. Same image everywhere, so it is an environment fix.",
            "https://github.com/NVIDIA/Megatron-LM/issues/596")
    return "ap14_ncclinvalidargument_at_first_barrier_every_rank"


# ============================================================== ap15
def ap15(w):
    """k8s pods; one pod runs an old cached image: flash_attn undefined symbol on that pod, torchrun restarts 3x."""
    rng = random.Random(4515)
    pods = ["llm-sft-worker-0", "llm-sft-worker-1", "llm-sft-worker-2", "llm-sft-worker-3"]
    nodes = ["gke-a3-pool-7f1c", "gke-a3-pool-2b90", "gke-a3-pool-c44e", "gke-a3-pool-93d1"]
    bad = "llm-sft-worker-2"
    good_digest = "sha256:4f9e2c1b7a63d08e5f21c9a4b0d7e3f6a8c1295be04d7f3a61c8e2b9d05f7a14"
    old_digest = "sha256:9a0c6e3d21f47b85c0e1d9a6f3b27c48e5d10a9f7b3c26e81d4f05a9c7e2b390"
    start = T(2024, 5, 30, 5, 44, 18, 120000)
    world = 32
    pyp = "/usr/local/lib/python3.10/dist-packages"
    restart_times = [plus(start, 41), plus(start, 97), plus(start, 153)]
    w.file("pytorchjob-status.txt", [
        "$ kubectl -n llm get pytorchjob llm-sft -o jsonpath='{.status.conditions}' | jq -r '.[] | [.type,.reason,.message] | @tsv'",
        "Created\tPyTorchJobCreated\tPyTorchJob llm-sft is created.",
        "Running\tPyTorchJobRunning\tPyTorchJob llm/llm-sft is running.",
        "Failed\tPyTorchJobFailed\tPyTorchJob llm/llm-sft is failed because 1 Worker replica(s) failed.",
    ])
    w.file("kubectl-get-pods.txt", [
        "NAME               READY   STATUS   RESTARTS   AGE   IP            NODE",
        f"llm-sft-worker-0   0/1     Error    0          9m    10.84.1.12    {nodes[0]}",
        f"llm-sft-worker-1   0/1     Error    0          9m    10.84.3.7     {nodes[1]}",
        f"llm-sft-worker-2   0/1     Error    0          9m    10.84.2.40    {nodes[2]}",
        f"llm-sft-worker-3   0/1     Error    0          9m    10.84.6.19    {nodes[3]}"])
    for ni, p in enumerate(pods):
        digest = old_digest if p == bad else good_digest
        w.file(f"{p}/describe.txt", [
            f"Name:         {p}", "Namespace:    llm", f"Node:         {nodes[ni]}/10.128.0.{40 + ni}",
            "Containers:", "  trainer:",
            "    Image:          us-docker.pkg.dev/acme-ml/train/llm-sft:latest",
            f"    Image ID:       us-docker.pkg.dev/acme-ml/train/llm-sft@{digest}",
            "    Image Pull Policy: IfNotPresent",
            "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
            "Events:",
            "  Type    Reason   Age   From     Message",
            "  ----    ------   ----  ----     -------",
            ("  Normal  Pulled   9m    kubelet  Container image \"us-docker.pkg.dev/acme-ml/train/llm-sft:latest\" already present on machine"
             if p == bad else "  Normal  Pulling  10m   kubelet  Pulling image \"us-docker.pkg.dev/acme-ml/train/llm-sft:latest\""),
            ("" if p == bad else "  Normal  Pulled   9m    kubelet  Successfully pulled image \"us-docker.pkg.dev/acme-ml/train/llm-sft:latest\" in 41.3s (41.3s including waiting)"),
            "  Normal  Started  9m    kubelet  Started container trainer"])
        apid = 1
        pids0 = [80 + k for k in range(8)]
        L = [f"image build: {'2024-05-02 (torch 2.2.2+cu121, flash-attn 2.5.6)' if p == bad else '2024-05-28 (torch 2.3.0+cu121, flash-attn 2.5.8)'}"]
        L += torchrun_banner("new", plus(start, 0.4), apid)
        for attempt in range(3):
            at = start if attempt == 0 else restart_times[attempt - 1]
            L += rendezvous_result("new", plus(at, 4.1), apid, attempt, "llm-sft-worker-0.llm-sft", 29500, ni, 4,
                                   list(range(8)), list(range(ni * 8, ni * 8 + 8)), world)
            L.append(elastic("new", "I", plus(at, 4.2), apid, "agent/server/api.py", 688, "[default] Starting worker group"))
            pids = [x + attempt * 100 for x in pids0]
            ft = plus(at, 16.5)
            if p == bad:
                for k in range(8):
                    r = ni * 8 + k
                    L += [f"[rank{r}]: " + x for x in tb([
                        ("/app/sft/train.py", 14, "<module>", "from sft.modeling import build_model"),
                        ("/app/sft/modeling.py", 9, "<module>", "from flash_attn import flash_attn_varlen_func"),
                        (f"{pyp}/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                        (f"{pyp}/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda")],
                        [f"ImportError: {pyp}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"])]
                L.append(elastic("new", "E", plus(ft, 0.5), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python"))
                if attempt < 2:
                    L.append(elastic("new", "I", plus(ft, 0.6), apid, "agent/server/api.py", 915, f"[default] Worker group FAILED. {2 - attempt}/2 attempts left; will restart worker group"))
                    L.append(elastic("new", "I", plus(ft, 0.6), apid, "agent/server/api.py", 706, "[default] Stopping worker group"))
                    L.append(elastic("new", "I", plus(ft, 0.7), apid, "agent/server/api.py", 680, "[default] Rendezvous'ing worker group"))
            else:
                for k in range(8):
                    r = ni * 8 + k
                    L.append(f"[rank{r}]: loading tokenizer /models/mistral-7b ... ok")
                L.append(f"[rank{ni * 8}]: Loading checkpoint shards: 100%|" + "\u2588" * 10 + "| 2/2 [00:06<00:00,  3.11s/it]")
                L.append(f"[rank{ni * 8}]: {pyts(plus(ft, 2))} init_process_group(nccl) done; waiting on barrier 'model_loaded'")
                if attempt < 2:
                    L.append(elastic("new", "I", plus(ft, 2.0), apid, "agent/server/api.py", 883, "[default] Detected 1 new nodes from group_rank=2; will restart worker group"))
                    for k in range(8):
                        L.append(elastic("new", "W", plus(ft, 2.01 + 0.001 * k), apid, "multiprocessing/api.py", 897, f"Sending process {pids[k]} closing signal SIGTERM"))
                    L.append(elastic("new", "I", plus(ft, 2.5), apid, "agent/server/api.py", 680, "[default] Rendezvous'ing worker group"))
                else:
                    for k in range(8):
                        L.append(elastic("new", "W", plus(ft, 2.01 + 0.001 * k), apid, "multiprocessing/api.py", 897, f"Sending process {pids[k]} closing signal SIGTERM"))
        pids = [x + 200 for x in pids0]
        lt = plus(restart_times[1], 17.1)
        if p == bad:
            L.append(elastic("new", "I", plus(lt, 0.8), apid, "agent/server/api.py", 920, "[default] Worker group FAILED. 0/2 attempts left; will not restart worker group"))
            L.append(elastic("new", "I", plus(lt, 0.8), apid, "agent/server/api.py", 706, "[default] Stopping worker group"))
            L.append(elastic("new", "I", plus(lt, 0.9), apid, "rendezvous/dynamic_rendezvous.py", 1207, "The node 'llm-sft-worker-2_1_0' has closed the rendezvous 'llm-sft-5c02'."))
            L += elastic_tb("/usr/local", "2.3.0", style="new", site="/usr/local/lib/python3.10/dist-packages")
            others = [dict(time=box_time(lt), host=p, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, 8)]
            L += child_failed_box("/app/sft/train.py", dict(time=box_time(lt), host=p, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0]), others)
        else:
            st = plus(lt, 5.2 + ni * 0.1)
            L.append(elastic("new", "W", st, apid, "agent/server/api.py", 719, "Received Signals.SIGTERM death signal, shutting down workers"))
            for k in range(8):
                L.append(elastic("new", "W", plus(st, 0.001 * (k + 1)), apid, "multiprocessing/api.py", 897, f"Sending process {pids[k]} closing signal SIGTERM"))
            L += elastic_tb("/usr/local", "2.3.0", style="new", site="/usr/local/lib/python3.10/dist-packages", signal_exc="Process 1 got signal: 15")
        w.file(f"{p}/logs.txt", L)
        boot = T(2024, 5, 29, 22, 1, 3)
        ev = boot_events(boot, nodes[ni], rng, driver="550.90.07", kernel="6.1.85+", nics=("eth1", "eth2", "eth3", "eth4"))
        ev = [e for e in ev if "mlx5" not in e.msg]
        ev += run_noise(plus(boot, 300), plus(start, 240), rng, nodes[ni], n=9)
        w.file(f"{p}/node-kmsg.txt", render_journal_iso(ev, nodes[ni]))
    w.label("dependency", "infrastructure", {"node": bad}, "restart_without_node",
            "Only llm-sft-worker-2 fails, three times in a row, importing flash_attn (undefined symbol _ZN3c104cuda9SetDeviceEi); its node reused a stale cached llm-sft:latest image (different Image ID, torch 2.2.2 with a flash-attn built for a different torch), while the other pods pulled the current digest and only saw rendezvous restarts.",
            "https://github.com/pytorch/pytorch/pull/175023")
    return "ap15_torchrun_worker_group_failed_three_restarts"


# ============================================================== ap16
def ap16(w):
    """gloo CPU job: ModuleNotFoundError for the user's own package on every rank of every node."""
    rng = random.Random(4516)
    hosts = ["cpu-hpc-101", "cpu-hpc-102", "cpu-hpc-103"]
    start = T(2024, 1, 8, 16, 40, 7, 661000)
    world = 12
    nproc = 4
    w.file("job.sbatch", [
        "#!/bin/bash",
        "#SBATCH --job-name=fs-train",
        "#SBATCH --nodes=3",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --cpus-per-task=64",
        "#SBATCH --time=08:00:00",
        "#SBATCH --output=slurm-%j.out",
        "",
        "module load python/3.11 pytorch-cpu/2.1.2",
        "source $HOME/envs/fs/bin/activate",
        "cd $HOME/projects/featurestore-ml/pipeline",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)",
        "# export PYTHONPATH=$HOME/projects/featurestore-ml:$PYTHONPATH",
        "srun python -m torch.distributed.run --nnodes=$SLURM_NNODES --nproc_per_node=4 \\",
        "     --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 --rdzv_id=$SLURM_JOB_ID \\",
        "     train.py --backend gloo --config ../configs/ranker_cpu.yaml",
    ])
    top = [f"srun: job 3318420 queued and waiting for resources", "srun: job 3318420 has been allocated resources"]
    for ni, h in enumerate(hosts):
        apid = 20331 + ni * 57
        pids = [apid + 5 + k for k in range(nproc)]
        L = []
        L += torchrun_banner("old")
        L.append(f"INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:")
        L.append("  entrypoint       : train.py")
        L.append("  min_nodes        : 3")
        L.append("  max_nodes        : 3")
        L.append("  nproc_per_node   : 4")
        L.append("  run_id           : 3318420")
        L.append("  rdzv_backend     : c10d")
        L.append(f"  rdzv_endpoint    : {hosts[0]}:29400")
        L.append("  rdzv_configs     : {'timeout': 900}")
        L.append("  max_restarts     : 0")
        L.append("  monitor_interval : 5")
        L.append(f"  log_dir          : None")
        L.append("  metrics_cfg      : {}")
        L.append("")
        if ni > 0:
            L.append(f"[W socket.cpp:601] [c10d] The client socket has failed to connect to [{hosts[0]}]:29400 (errno: 111 - Connection refused).")
        L.append(f"INFO:torch.distributed.elastic.agent.server.local_elastic_agent:log directory set to: /tmp/torchelastic_{rng.getrandbits(32):08x}/3318420_{rng.getrandbits(24):06x}")
        L.append("INFO:torch.distributed.elastic.agent.server.api:[default] starting workers for entrypoint: python")
        L.append("INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group")
        L.append("INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:")
        L.append("  restart_count=0")
        L.append(f"  master_addr={hosts[0]}")
        L.append("  master_port=35511")
        L.append(f"  group_rank={ni}")
        L.append("  group_world_size=3")
        L.append("  local_ranks=[0, 1, 2, 3]")
        L.append(f"  role_ranks={list(range(ni * nproc, ni * nproc + nproc))}")
        L.append(f"  global_ranks={list(range(ni * nproc, ni * nproc + nproc))}")
        L.append("  role_world_sizes=[12, 12, 12, 12]")
        L.append("  global_world_sizes=[12, 12, 12, 12]")
        L.append("")
        L.append("INFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group")
        L.append(f"INFO:torch.distributed.elastic.agent.server.local_elastic_agent:Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer.")
        for k in range(nproc):
            L += tb([(f"/home/aroy/projects/featurestore-ml/pipeline/train.py", 11, "<module>", "from featurestore.transforms import build_pipeline"),],
                    ["ModuleNotFoundError: No module named 'featurestore'"])
        ft = plus(start, 8.9 + ni * 0.4)
        L.append(f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /home/aroy/envs/fs/bin/python")
        L += elastic_tb("/home/aroy/envs/fs", "2.1.2+cpu", style="mid", site="/home/aroy/envs/fs/lib/python3.11/site-packages")
        others = [dict(time=box_time(ft), host=h, rank=ni * nproc + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(1, nproc)]
        L += child_failed_box("train.py", dict(time=box_time(ft), host=h, rank=ni * nproc, local_rank=0, exitcode=1, pid=pids[0]), others)
        w.file(f"{h}/torchrun.log", L)
        top.append(f"srun: error: {h}: task {ni}: Exited with exit code 1")
        boot = T(2024, 1, 3, 9, 0, 0)
        ev = boot_events(boot, h, rng, kernel="4.18.0-477.10.1.el8_8.x86_64", cpu_only=True, cpu="Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", mem_gb=512, nfs=True)
        ev += run_noise(plus(boot, 300), plus(start, 60), rng, h, n=10, cpu_only=True)
        w.file(f"{h}/messages", render_syslog(ev, h))
    w.file("slurm-3318420.out", top)
    w.label("dependency", "script", None, "stop",
            "All 12 gloo workers on all three nodes fail at import with ModuleNotFoundError: No module named 'featurestore' - the user's own package, which is neither installed in the venv nor on PYTHONPATH (the export is commented out in job.sbatch). Nothing to do with the nodes.",
            "https://github.com/pytorch/pytorch/issues/50277")
    return "ap16_gloo_job_all_workers_exit_code_1_at_start"


# ============================================================== ap17
def ap17(w):
    """DeepSpeed checkpoint save to Lustre: OST unreachable from every node, I/O errors then watchdog timeouts."""
    rng = random.Random(4517)
    hosts = ["cn-0411", "cn-0412", "cn-0413", "cn-0414"]
    start = T(2024, 2, 26, 7, 11, 40, 5000)
    save_t = T(2024, 2, 26, 12, 0, 3, 810000)
    lost_t = plus(save_t, -41.3)
    pyp = "/lus/home/pyenv/sv/lib/python3.9/site-packages"
    world = 32
    for ni, h in enumerate(hosts):
        apid = 60111 + ni * 301
        pids = [apid + 11 + k for k in range(8)]
        L = []
        if ni == 0:
            L.append(f"WORLD_SIZE=4 MASTER_ADDR={hosts[0]}")
            L.append(f"[{pyts(start)}] [INFO] [real_accelerator.py:161:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
        L += torchrun_banner("old")
        if ni == 0:
            L.append(f"[{pyts(plus(start, 40))}] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.12.4, git-hash=unknown, git-branch=unknown")
            L.append(f"[{pyts(plus(start, 42))}] [INFO] [logging.py:96:log_dist] [Rank 0] Creating BF16 optimizer")
            step = 0
            t = plus(start, 60)
            while True:
                step += 100
                t = plus(t, 100 * rng.uniform(1.58, 1.63))
                if t > save_t:
                    break
                L.append(ds_step(t, 0, step, 0, 1e-4))
                L.append(ds_timer(plus(t, 0.003), 0, step, step, f"{151.2 + rng.uniform(-1, 1):.10f}", f"{151.2 + rng.uniform(-4, 4):.10f}", "21.37", "29.84"))
                if step % 5000 == 0:
                    L.append(f"[{pyts(plus(t, 0.1))}] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step{step} is about to be saved!")
                    L.append(f"[{pyts(plus(t, 31.4))}] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: /lus/scratch/sv-huge/ckpt/global_step{step}/mp_rank_00_model_states.pt")
                    L.append(f"[{pyts(plus(t, 33.0))}] [INFO] [engine.py:3431:_save_zero_checkpoint] zero checkpoint saved /lus/scratch/sv-huge/ckpt/global_step{step}/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt")
                    L.append(f"[{pyts(plus(t, 33.1))}] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step{step} is ready now!")
            L.append(f"[{pyts(save_t)}] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step{step - 100 + 100} is about to be saved!")
        failing = {1: [2, 5], 2: [0, 6, 7]}.get(ni, [])
        for k in failing:
            r = ni * 8 + k
            et = plus(save_t, 101 + rng.uniform(0, 9))
            L += tb([("/lus/home/sv/pytorch-caney/train.py", 388, "<module>", "main(config)"),
                     ("/lus/home/sv/pytorch-caney/train.py", 301, "main", "model_engine.save_checkpoint(config.OUTPUT, tag=f'global_step{step}')"),
                     (f"{pyp}/deepspeed/runtime/engine.py", 3106, "save_checkpoint", "self._save_zero_checkpoint(save_dir, tag)"),
                     (f"{pyp}/deepspeed/runtime/engine.py", 3423, "_save_zero_checkpoint", "self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)"),
                     (f"{pyp}/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", 22, "save", "torch.save(state_dict, path)"),
                     (f"{pyp}/torch/serialization.py", 619, "save", "with _open_zipfile_writer(f) as opened_zipfile:"),
                     (f"{pyp}/torch/serialization.py", 466, "__exit__", "self.file_like.write_end_of_file()")],
                    [f"RuntimeError: [enforce fail at inline_container.cc:424] . unexpected pos {rng.randint(600, 900)} vs {rng.randint(500, 599)}"] if k % 2 else
                    [f"OSError: [Errno 5] Input/output error: '/lus/scratch/sv-huge/ckpt/global_step{step}/bf16_zero_pp_rank_{r}_mp_rank_00_optim_states.pt'"])
        for k in range(8):
            if k in failing:
                continue
            r = ni * 8 + k
            L.append(f"[E ProcessGroupNCCL.cpp:475] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=91044, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800201 milliseconds before timing out.")
        L.append("[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        L.append("[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.")
        w.file(f"{h}/train_{h}.log", L)
        boot = T(2024, 2, 20, 4, 4, 4)
        ev = boot_events(boot, h, rng, driver="535.86.10", kernel="5.14.21-150400.24.46_12.0.83-cray_shasta_c", gpus=8, lustre="scratch")
        ev += run_noise(plus(boot, 300), plus(save_t, 2200), rng, h, n=10)
        cl = rng.getrandbits(48)
        ev.append(kev(plus(lost_t, rng.uniform(0, 2)), f"Lustre: 11563:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent {int((lost_t - T(1970, 1, 1)).total_seconds()) - 100}/real {int((lost_t - T(1970, 1, 1)).total_seconds()) - 100}]  req@{cl:012x} x1791022{rng.randint(100000000, 999999999)}/t0(0) o4->scratch-OST0012-osc-ffff9c8a{rng.getrandbits(24):06x}@10.10.0.52@o2ib:6/4 lens 488/448 e 0 to 1 dl {int((lost_t - T(1970, 1, 1)).total_seconds())} ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.{pids[0]}'"))
        ev.append(kev(plus(lost_t, 2.1), "Lustre: scratch-OST0012-osc-ffff9c8a02e1d000: Connection to scratch-OST0012 (at 10.10.0.52@o2ib) was lost; in progress operations using this service will wait for recovery to complete"))
        for j in range(4):
            ev.append(kev(plus(save_t, 60 + 90 * j + rng.uniform(0, 5)), f"LustreError: 11-0: scratch-OST0012-osc-ffff9c8a02e1d000: operation ost_write to node 10.10.0.52@o2ib failed: rc = -110"))
        ev.append(kev(plus(save_t, 99.5), f"LustreError: 14151:0:(osc_request.c:1963:osc_brw_redo_request()) @@@ redo for recoverable error -110  req@ffff9c8b3a0ea680 x1791022655331840/t0(0) o4->scratch-OST0012-osc@10.10.0.52@o2ib:6/4 lens 488/448 e 1 to 0 dl 0 ref 2 fl Interpret:ReX/2/0 rc -110/-110"))
        ev.append(kev(plus(save_t, 100.8), "LustreError: 14151:0:(vvp_io.c:1316:vvp_io_write_start()) scratch-clilov: write failed: rc = -5"))
        ev.append(kev(plus(save_t, 1321.0), "Lustre: scratch-OST0012-osc-ffff9c8a02e1d000: Connection restored to 10.10.0.52@o2ib (at 10.10.0.52@o2ib)"))
        w.file(f"{h}/dmesg.txt", render_dmesg_T(ev))
    w.label("storage", "infrastructure", None, "restart",
            "During the global_step checkpoint save every node lost its connection to Lustre OST0012 (ost_write rc=-110, write failed rc=-5) at the same time; ranks writing their shards got EIO / 'unexpected pos' and the rest timed out waiting. The OST connection was restored ~20 minutes later, so this is a transient shared-storage failure.",
            "https://github.com/deepspeedai/DeepSpeed/issues/4781")
    return "ap17_checkpoint_save_input_output_error_then_timeouts"


# ============================================================== ap18
def ap18(w):
    """Lightning DDP: rank 0 checkpoint write fails with EDQUOT on shared project filesystem; others then die."""
    rng = random.Random(4518)
    hosts = ["vis-g03", "vis-g04", "vis-g05"]
    job = 6620193
    start = T(2024, 12, 9, 0, 12, 1, 400000)
    fail_t = T(2024, 12, 9, 6, 49, 22, 180000)
    pyp = "/project/vision/envs/seg/lib/python3.10/site-packages"
    world = 12
    out = [f"job {job} on vis-g[03-05]: 3 nodes x 4 GPUs",
           "GPU available: True (cuda), used: True",
           "TPU available: False, using: 0 TPU cores",
           "HPU available: False, using: 0 HPUs"]
    for r in range(world):
        out.append(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/{world}")
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("distributed_backend=nccl")
    out.append(f"All distributed processes registered. Starting with {world} processes")
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("")
    out.append("  | Name      | Type          | Params | Mode ")
    out.append("----------------------------------------------------")
    out.append("0 | backbone  | ConvNeXtV2    | 197 M  | train")
    out.append("1 | head      | UperNetHead   | 31.2 M | train")
    out.append("2 | criterion | CrossEntropy  | 0      | train")
    out.append("----------------------------------------------------")
    out.append("228 M     Trainable params")
    out.append("0         Non-trainable params")
    out.append("228 M     Total params")
    out.append("913.374   Total estimated model params size (MB)")
    epoch_len = 2210
    rate = 1.92
    ep = 0
    t = plus(start, 70)
    while True:
        dur = epoch_len / rate
        if plus(t, dur) > fail_t:
            break
        for n in (500, 1000, 1500, 2000, epoch_len):
            loss = 0.9 - 0.04 * ep + rng.uniform(-0.03, 0.03)
            out.append(tqdm_bar(f"Epoch {ep}:  ", n, epoch_len, n / rate, rate, f"v_num=0, train_loss={loss:.3f}", width=10))
        out.append(f"Epoch {ep}, global step {(ep + 1) * epoch_len}: 'val/mIoU' reached {0.41 + 0.012 * ep:.5f} (best {0.41 + 0.012 * ep:.5f}), saving model to '/project/vision/runs/upernet_cnx/ckpts/epoch={ep:02d}-miou={0.41 + 0.012 * ep:.4f}.ckpt' as top 3")
        ep += 1
        t = plus(t, dur + 45)
    out.append(tqdm_bar(f"Epoch {ep}:  ", epoch_len, epoch_len, epoch_len / rate, rate, "v_num=0, train_loss=0.612", width=10))
    out += tb([("/project/vision/seg/train.py", 157, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=args.resume)"),
               (f"{pyp}/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
               (f"{pyp}/lightning/pytorch/loops/fit_loop.py", 206, "run", "self.on_advance_end()"),
               (f"{pyp}/lightning/pytorch/callbacks/model_checkpoint.py", 388, "_save_checkpoint", "trainer.save_checkpoint(filepath, self.save_weights_only)"),
               (f"{pyp}/lightning/pytorch/trainer/trainer.py", 1365, "save_checkpoint", "self.strategy.save_checkpoint(checkpoint, filepath, storage_options=storage_options)"),
               (f"{pyp}/lightning/fabric/plugins/io/torch_io.py", 58, "save_checkpoint", "_atomic_save(checkpoint, path)"),
               (f"{pyp}/lightning/fabric/utilities/cloud_io.py", 89, "_atomic_save", "f.write(bytesbuffer.getvalue())"),
               (f"{pyp}/fsspec/implementations/local.py", 426, "write", "return self.f.write(*args, **kwargs)")],
              ["OSError: [Errno 122] Disk quota exceeded"], prefix="[rank0]: ")
    for r in range(1, world):
        out.append(f"[rank{r}]:{c10('E', plus(fail_t, 1800 + rng.uniform(0.1, 1.5)), 'ProcessGroupNCCL.cpp:616')} [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={ep * 4420 + 9}, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800083 milliseconds before timing out.")
    w.file(f"slurm-{job}.out", out)
    err = [f"srun: error: vis-g03: task 0: Exited with exit code 1",
           f"slurmstepd: error: *** STEP {job}.0 ON vis-g03 CANCELLED AT {plus(fail_t, 1803):%Y-%m-%dT%H:%M:%S} ***"]
    w.file(f"slurm-{job}.err", err)
    w.file("lfs_quota_proj-vision.txt", [
        f"$ lfs quota -hg proj-vision /project    # run {plus(fail_t, 2400):%Y-%m-%d %H:%M}",
        "Disk quotas for grp proj-vision (gid 40177):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "       /project  30.01T*    30T     30T       -  4119822  10000000 10000000       -",
        "$ df -h /project",
        "Filesystem                                  Size  Used Avail Use% Mounted on",
        "10.31.0.2@o2ib:10.31.0.3@o2ib:/projectfs    2.1P  1.3P  794T  63% /project",
        "$ du -sh /project/vision/runs/upernet_cnx/ckpts",
        "9.1T\t/project/vision/runs/upernet_cnx/ckpts"])
    for ni, h in enumerate(hosts):
        boot = T(2024, 12, 2, 11, 11, 11)
        ev = boot_events(boot, h, rng, driver="560.35.03", kernel="5.14.0-427.40.1.el9_4.x86_64", gpus=4, buses=["07", "47", "87", "c7"], lustre="project")
        ev += run_noise(plus(boot, 300), plus(fail_t, 2000), rng, h, n=12)
        w.file(f"{h}/journal-kernel.txt", render_journal_k(ev, h))
    w.label("storage", "infrastructure", None, "stop",
            "Rank 0 died writing a Lightning checkpoint with EDQUOT ('Disk quota exceeded') on /project although the filesystem itself has free space: the proj-vision group quota is exhausted (30.01T of 30T, mostly old checkpoints). The other ranks' broadcast timeouts are sympathetic; restarting will not help until space is freed.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return "ap18_oserror_during_checkpoint_then_broadcast_timeouts"


# ============================================================== ap19
def ap19(w):
    """DeepSpeed JIT build of fused_adam fails on one node: /tmp full (No space left on device)."""
    rng = random.Random(4519)
    hosts = ["a100-x1", "a100-x3", "a100-x5", "a100-x6"]
    bad = "a100-x5"
    start = T(2024, 4, 22, 10, 3, 14, 700000)
    pyp = "/opt/conda/lib/python3.11/site-packages"
    world = 32
    for ni, h in enumerate(hosts):
        apid = 3000 + ni * 111
        pids = [apid + 7 + k for k in range(8)]
        L = []
        L += torchrun_banner("new", plus(start, 0.4), apid)
        L += rendezvous_result("new", plus(start, 2.8), apid, 0, "a100-x1", 29511, ni, 4, list(range(8)), list(range(ni * 8, ni * 8 + 8)), world)
        L.append(f"[{pyts(plus(start, 12))}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
        L.append(f"[{pyts(plus(start, 21))}] [INFO] [comm.py:637:init_distributed] cdb=None")
        L.append("Using /tmp/torch_extensions/py311_cu121 as PyTorch extensions root...")
        L.append("Creating extension directory /tmp/torch_extensions/py311_cu121/fused_adam...")
        L.append("Detected CUDA files, patching ldflags")
        L.append("Emitting ninja build file /tmp/torch_extensions/py311_cu121/fused_adam/build.ninja...")
        L.append("Building extension module fused_adam...")
        L.append("Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)")
        L.append(f"[1/3] /usr/local/cuda/bin/nvcc  -DTORCH_EXTENSION_NAME=fused_adam -DTORCH_API_INCLUDE_EXTENSION_H -DPYBIND11_COMPILER_TYPE=\\\"_gcc\\\" -DPYBIND11_STDLIB=\\\"_libstdcpp\\\" -DPYBIND11_BUILD_ABI=\\\"_cxxabi1011\\\" -I{pyp}/deepspeed/ops/csrc/includes -I{pyp}/deepspeed/ops/csrc/adam -isystem {pyp}/torch/include -isystem /usr/local/cuda/include -D_GLIBCXX_USE_CXX11_ABI=0 -D__CUDA_NO_HALF_OPERATORS__ -gencode=arch=compute_80,code=sm_80 --compiler-options '-fPIC' -O3 -DVERSION_GE_1_1 -DVERSION_GE_1_3 -DVERSION_GE_1_5 -lineinfo --use_fast_math -std=c++17 -c {pyp}/deepspeed/ops/csrc/adam/multi_tensor_adam.cu -o multi_tensor_adam.cuda.o ")
        if h == bad:
            L.append("FAILED: multi_tensor_adam.cuda.o ")
            L.append("/tmp/tmpxft_0001d2a4_00000000-6_multi_tensor_adam.cudafe1.cpp:1:1: fatal error: error writing to /tmp/ccQ3f1Lp.s: No space left on device")
            L.append("compilation terminated.")
            L.append("ninja: build stopped: subcommand failed.")
            for k in range(8):
                r = ni * 8 + k
                L += [f"[rank{r}]: " + x for x in tb([
                    ("/srv/llm/train_ds.py", 204, "<module>", "main()"),
                    ("/srv/llm/train_ds.py", 151, "main", "model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=params)"),
                    (f"{pyp}/deepspeed/runtime/engine.py", 1256, "_configure_basic_optimizer", "optimizer = FusedAdam("),
                    (f"{pyp}/deepspeed/ops/adam/fused_adam.py", 94, "__init__", "fused_adam_cuda = FusedAdamBuilder().load()"),
                    (f"{pyp}/deepspeed/ops/op_builder/builder.py", 480, "load", "return self.jit_load(verbose)"),
                    (f"{pyp}/torch/utils/cpp_extension.py", 2120, "_run_ninja_build", "raise RuntimeError(message) from e")],
                    ["RuntimeError: Error building extension 'fused_adam'"] if k == 0 else
                    [f"OSError: [Errno 28] No space left on device: '/tmp/torch_extensions/py311_cu121/fused_adam/lock'"])]
            lt = plus(start, 77.2)
            L.append(elastic("new", "W", lt, apid, "multiprocessing/api.py", 897, f"Sending process {pids[1]} closing signal SIGTERM"))
            L.append(elastic("new", "E", plus(lt, 0.9), apid, "multiprocessing/api.py", 869, f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python3.11"))
            root = dict(time=box_time(plus(lt, 0.9)), host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0])
        else:
            L.append(f"[2/3] c++ -MMD -MF fused_adam_frontend.o.d -DTORCH_EXTENSION_NAME=fused_adam -fPIC -std=c++17 -O3 -c {pyp}/deepspeed/ops/csrc/adam/fused_adam_frontend.cpp -o fused_adam_frontend.o ")
            L.append(f"[3/3] c++ fused_adam_frontend.o multi_tensor_adam.cuda.o -shared -L{pyp}/torch/lib -lc10 -lc10_cuda -ltorch_cpu -ltorch_cuda -ltorch -ltorch_python -L/usr/local/cuda/lib64 -lcudart -o fused_adam.so")
            L.append("Loading extension module fused_adam...")
            L.append(f"Time to load fused_adam op: {rng.uniform(29, 34):.4f} seconds")
            for k in range(8):
                r = ni * 8 + k
                et = plus(start, 79 + rng.uniform(0, 1))
                L.append(f"[rank{r}]:{c10('E', et, 'ProcessGroupNCCL.cpp:1316')} [PG 0 (default_pg) Rank {r}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5")
                L.append(f"[rank{r}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append(f"[rank{r}]:Last error:")
                L.append(f"[rank{r}]:socketProgress: Connection closed by remote peer {bad}<{rng.randint(40000, 60000)}>")
            lt = plus(start, 81 + ni * 0.1)
            L.append(elastic("new", "E", lt, apid, "multiprocessing/api.py", 869, f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python3.11"))
            root = dict(time=box_time(lt), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], signal="6 (SIGABRT)")
        L += elastic_tb("/opt/conda", "2.3.1", style="new")
        L += child_failed_box("train_ds.py", root)
        w.file(f"{h}/torchrun.{h}.log", L)
        full = h == bad
        w.file(f"{h}/df-h.txt", [
            "Filesystem                    Size  Used Avail Use% Mounted on",
            "tmpfs                          51G  4.1M   51G   1% /run",
            f"/dev/nvme0n1p2                 438G  {'438G' if full else str(61 + ni * 7) + 'G'}  {'0' if full else str(355 - ni * 7) + 'G'} {'100%' if full else str(15 + ni * 2) + '%'} /",
            "tmpfs                         252G     0  252G   0% /dev/shm",
            "/dev/nvme1n1                   3.5T  1.2T  2.2T  36% /raid",
            "10.0.40.5:/export/home         100T   71T   30T  71% /home"])
        if full:
            w.file(f"{h}/du_tmp.txt", [
                "$ sudo du -xsh /tmp/* 2>/dev/null | sort -h | tail",
                "1.1G\t/tmp/torchinductor_kwong",
                "4.0G\t/tmp/pip-build-env-3zq1rr0s",
                "17G\t/tmp/ray",
                "361G\t/tmp/core.python.2231987",
            ])
        boot = T(2024, 4, 15, 8, 8, 8)
        ev = boot_events(boot, h, rng, driver="550.54.15", kernel="5.15.0-102-generic")
        ev += run_noise(plus(boot, 300), plus(start, 300), rng, h, n=10)
        if full:
            ev.append(kev(T(2024, 4, 21, 23, 54, 2), "python[2231987]: segfault at 0 ip 00007f1c3e2a1b30 sp 00007ffd1b9e4f20 error 4 in libtorch_cpu.so[7f1c2d200000+1c8a6000] likely on CPU 17 (core 17, socket 0)"))
            ev.append(kev(T(2024, 4, 21, 23, 54, 2, 4000), "Code: 48 8b 47 08 48 85 c0 74 08 f0 83 40 08 01 c3 90 c3 0f 1f 80 00 00 00 00 f3 0f 1e fa 41 57 41 56 41 55 41 54 55 53 48 83 ec 38 <48> 8b 2f 48 85 ed 74 5b"))
            ev.append(kev(T(2024, 4, 22, 0, 1, 40), "EXT4-fs warning (device nvme0n1p2): ext4_dx_add_entry:2516: Directory (ino: 1835009) index full, reach max htree level :2"))
        w.file(f"{h}/kern.log", render_syslog([e for e in ev if e.src == "kernel"], h))
    w.label("storage", "infrastructure", {"node": bad}, "restart_without_node",
            "Only a100-x5 fails: the DeepSpeed JIT build of fused_adam into node-local /tmp dies with 'No space left on device' because its root filesystem is 100% full (a 361 GB core dump in /tmp); the other three nodes built the op fine and only report the peer closing.",
            "https://github.com/deepspeedai/DeepSpeed/pull/2274")
    return "ap19_error_building_extension_fused_adam_at_startup"


# ============================================================== ap20
def ap20(w):
    """DeepSpeed fp16: repeated overflows, loss scale collapses to 1 and DeepSpeed exits on all ranks."""
    rng = random.Random(4520)
    hosts = ["trn-a40-01", "trn-a40-02"]
    start = T(2021, 1, 26, 21, 50, 1, 80000)
    pyp = "/home/vscaper/.venv/ds/lib/python3.8/site-packages"
    L = [f"[{pyts(start)}] [INFO] [runner.py:358:main] cmd = pdsh -f 1024 -w {','.join(hosts)} export NCCL_DEBUG=WARN; cd /home/vscaper/gpt-ft; /home/vscaper/.venv/ds/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ0cm4tYTQwLTAxIjogWzAsIDEsIDIsIDNdLCAidHJuLWE0MC0wMiI6IFswLCAxLCAyLCAzXX0= --node_rank=%n --master_addr=trn-a40-01 --master_port=29500 train.py --deepspeed --deepspeed_config ds_config.json"]
    L.append(f"{hosts[0]}: ds_config.json: {{\"train_batch_size\": 256, \"gradient_accumulation_steps\": 8, \"fp16\": {{\"enabled\": true, \"loss_scale\": 0, \"initial_scale_power\": 16, \"loss_scale_window\": 1000, \"hysteresis\": 2, \"min_loss_scale\": 1}}, \"optimizer\": {{\"type\": \"Adam\", \"params\": {{\"lr\": 3e-3, \"betas\": [0.9, 0.999], \"eps\": 1e-8, \"weight_decay\": 0.0}}}}, \"scheduler\": {{\"type\": \"WarmupLR\", \"params\": {{\"warmup_min_lr\": 0, \"warmup_max_lr\": 3e-3, \"warmup_num_steps\": 100}}}}, \"gradient_clipping\": 0.0}}")
    for ni, h in enumerate(hosts):
        L.append(f"{h}: [{pyts(plus(start, 3))}] [INFO] [launch.py:73:main] 0 NCCL_DEBUG=WARN")
        L.append(f"{h}: [{pyts(plus(start, 3))}] [INFO] [launch.py:80:main] WORLD INFO DICT: {{'trn-a40-01': [0, 1, 2, 3], 'trn-a40-02': [0, 1, 2, 3]}}")
        L.append(f"{h}: [{pyts(plus(start, 3))}] [INFO] [launch.py:86:main] nnodes=2, num_local_procs=4, node_rank={ni}")
        L.append(f"{h}: [{pyts(plus(start, 3))}] [INFO] [launch.py:98:main] dist_world_size=8")
    L.append(f"{hosts[0]}: [{pyts(plus(start, 30))}] [INFO] [logging.py:60:log_dist] [Rank 0] DeepSpeed info: version=0.3.10, git-hash=unknown, git-branch=unknown")
    L.append(f"{hosts[0]}: [{pyts(plus(start, 31))}] [INFO] [engine.py:586:_configure_optimizer] Using DeepSpeed Optimizer param name adam as basic optimizer")
    L.append(f"{hosts[0]}: [{pyts(plus(start, 31))}] [INFO] [engine.py:591:_configure_optimizer] DeepSpeed Basic Optimizer = FusedAdam")
    L.append(f"{hosts[0]}: [{pyts(plus(start, 31))}] [INFO] [engine.py:623:_configure_fp16_optimizer] Creating fp16 optimizer with dynamic loss scale")
    t = plus(start, 40)
    scale = 65536.0
    step = 0
    skipped = 0
    # healthy warmup
    for i in range(1, 36):
        step += 1
        t = plus(t, rng.uniform(3.9, 4.2))
        loss = 6.1 - 0.05 * i + rng.uniform(-0.05, 0.05)
        if i <= 3:
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [fused_optimizer.py:314:_update_scale] ")
            L.append(f"{hosts[0]}: Grad overflow on iteration {step}")
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [fused_optimizer.py:316:_update_scale] Reducing dynamic loss scale from {scale} to {scale / 2}")
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [logging.py:60:log_dist] [Rank 0] Overflow detected. Skipping step. Attempted loss scale: {scale}, reducing to {scale / 2}")
            scale /= 2
            skipped += 1
            continue
        if i % 10 == 0:
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [logging.py:60:log_dist] [Rank 0] step={step}, skipped={skipped}, lr=[{3e-3 * step / 100:.6f}], mom=[(0.9, 0.999)]")
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [timer.py:166:stop] 0/{step * 8}, SamplesPerSec={63.8 + rng.uniform(-0.5, 0.5)}")
        L.append(f"{hosts[0]}: step {step:5d} | loss {loss:.4f} | lr {3e-3 * step / 100:.3e} | loss_scale {scale:.1f}")
    # divergence as lr ramps towards 3e-3
    while scale > 1:
        step += 1
        t = plus(t, rng.uniform(3.9, 4.2))
        lossv = 4.4 + 0.5 * (step - 36) + rng.uniform(-0.3, 0.3)
        L.append(f"{hosts[0]}: step {step:5d} | loss {lossv:.4f} | lr {3e-3 * min(1, step / 100):.3e} | loss_scale {scale:.1f}")
        for rep in range(2 if scale > 8 else 1):
            step += 1
            t = plus(t, rng.uniform(1.2, 1.4))
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [fused_optimizer.py:314:_update_scale] ")
            L.append(f"{hosts[0]}: Grad overflow on iteration {step}")
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [fused_optimizer.py:316:_update_scale] Reducing dynamic loss scale from {scale} to {max(1.0, scale / 2)}")
            L.append(f"{hosts[0]}: [{pyts(t)}] [INFO] [logging.py:60:log_dist] [Rank 0] Overflow detected. Skipping step. Attempted loss scale: {scale}, reducing to {max(1.0, scale / 2)}")
            scale = max(1.0, scale / 2)
            skipped += 1
            if scale == 1:
                break
    step += 1
    t = plus(t, 1.3)
    L.append(f"{hosts[0]}: step {step - 1:5d} | loss nan | lr {3e-3 * min(1, step / 100):.3e} | loss_scale 1.0")
    for ni, h in enumerate(hosts):
        for k in range(4):
            L += [f"{h}: " + x for x in tb([
                ("train.py", 188, "<module>", "main()"),
                ("train.py", 161, "main", "model_engine.step()"),
                (f"{pyp}/deepspeed/runtime/engine.py", 959, "step", "self._take_model_step(lr_kwargs)"),
                (f"{pyp}/deepspeed/runtime/engine.py", 914, "_take_model_step", "self.optimizer.step()"),
                (f"{pyp}/deepspeed/runtime/fp16/fused_optimizer.py", 199, "step", "self._update_scale(self.overflow)"),
                (f"{pyp}/deepspeed/runtime/fp16/fused_optimizer.py", 303, "_update_scale", "raise Exception(")],
                ["Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."])]
        L.append(f"{h}: Killing subprocess {41120 + ni * 10}")
        L.append(f"{h}: Traceback (most recent call last):")
        L.append(f"{h}:   File \"/usr/lib/python3.8/runpy.py\", line 194, in _run_module_as_main")
        L.append(f"{h}:     return _run_code(code, main_globals, None,")
        L.append(f"{h}:   File \"{pyp}/deepspeed/launcher/launch.py\", line 171, in main")
        L.append(f"{h}:     sigkill_handler(signal.SIGTERM, None)  # not coming back")
        L.append(f"{h}:   File \"{pyp}/deepspeed/launcher/launch.py\", line 161, in sigkill_handler")
        L.append(f"{h}:     raise subprocess.CalledProcessError(returncode=last_return_code, cmd=cmd)")
        L.append(f"{h}: subprocess.CalledProcessError: Command '['/home/vscaper/.venv/ds/bin/python', '-u', 'train.py', '--local_rank=3', '--deepspeed', '--deepspeed_config', 'ds_config.json']' returned non-zero exit status 1.")
        L.append(f"pdsh@trn-a40-01: {h}: ssh exited with exit code 1")
    w.file("deepspeed_stdout.log", L)
    for ni, h in enumerate(hosts):
        boot = T(2021, 1, 20, 2, 2, 2)
        ev = boot_events(boot, h, rng, driver="460.32.03", kernel="5.4.0-64-generic", gpus=4, buses=["1b", "1c", "3d", "3e"],
                         nics=("mlx5_0",), cpu="Intel(R) Xeon(R) Gold 6248R CPU @ 3.00GHz", mem_gb=384)
        ev += run_noise(plus(boot, 300), plus(t, 120), rng, h, n=12)
        w.file(f"{h}/dmesg", render_dmesg_T(ev))
    w.label("numerical", "script", None, "stop",
            "All eight ranks exit with 'Current loss scale already at minimum' after the fp16 loss scale halves on every step once the WarmupLR reaches the configured 3e-3 peak (loss climbs, then NaN) with no gradient clipping; a recipe problem, not hardware - every rank and node behaves identically.",
            "https://github.com/deepspeedai/DeepSpeed/issues/697")
    return "ap20_exception_loss_scale_at_minimum_exiting_run"
