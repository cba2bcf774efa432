"""corpus_set11 cases p11-p20."""
from __future__ import annotations

from common import (Bundle, Ctx, Log, T, sec, make_nodes, f_pylog, f_iso_z, kernel_log, dmesg_noise, nvidia_smi,
                    host_info, nccl_init, torchrun_banner, flood, teardown, prefixed, k8s_prefix, srun_prefix,
                    fmt_pylog, fmt_megatron, fmt_titan, schedule, render_sched, kubectl_get_pods,
                    kubectl_describe_pod, hexs, uuid, slurm_header, f_slurm_time, local, MLX_PCI)


def _tee(lr):
    return lambda t, ln: f"[default{lr}]:{ln}"


def _node_tput(i, tz=0):
    def f(t, step, loss, st, d):
        return f"{f_pylog(t, tz)} INFO trainer: [node {i}] step {step} node_tok/s={int(d['tps'] * 8):,} data_wait={d['data']:.3f}s"
    return f


# ---------------------------------------------------------------------------
# p11: checkpoint save fails on every node; Lustre OST lost everywhere
# ---------------------------------------------------------------------------

def p11_slurm_checkpoint_save_errors(rng):
    b = Bundle("p11")
    ctx = Ctx(rng, torch="2.5", nccl="2.21.5", timeout_ms=1800000, py="3.11", cuda="12.4", drv="12060",
              script="train.py", binary="/usr/bin/python")
    ctx.site = "/usr/local/lib/python3.11/dist-packages"
    names = ["cn-101", "cn-102", "cn-107", "cn-110", "cn-113", "cn-114"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.70.1.", ib="10.71.1.", boot0=T("2025-01-14 00:00:00"))
    job = 918277
    t0 = T("2025-01-14 18:30:12")
    t_train = t0 + sec(200)
    ck_step = 12000
    sched = schedule(rng, t_train, 10500, t_train + sec(1.44 * 1600), 1.44, max_step=ck_step)
    t_ck = sched[-1][0] + sec(0.4)
    t_lost = t_ck + sec(21.7)
    osc = {n.name: f"ffff{hexs(rng, 12)}" for n in nodes}
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, partition="h100", extra=[
        "+ srun -l torchrun --nnodes 6 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint cn-101:29500 train.py --cfg 13b.yaml --save /lustre/proj/ckpt/13b --save-interval 1500"]))
    failing = sorted(set([8 * k + rng.randint(0, 7) for k in range(6)] + rng.sample(range(48), 6)))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items += render_sched(sched, 10, fmt_pylog("train"))
            items.append((t_ck, f"{f_pylog(t_ck)} INFO train: saving checkpoint step={ck_step} -> /lustre/proj/ckpt/13b/step_{ck_step:07d} (dcp, 48 writers)"))
        fails = []
        te = t_lost + sec(86 + rng.uniform(0, 3))
        for lr in range(8):
            gr = n.rank(lr)
            bad_here = [r for r in failing if r // 8 == i]
            parts = []
            for r in (bad_here[:3] if bad_here else failing[:2]):
                parts.append(f"Traceback (most recent call last): (RANK {r})\n"
                             f'  File "{ctx.site}/torch/distributed/checkpoint/utils.py", line 212, in all_gather\n'
                             "    result = map_fun()\n"
                             f'  File "{ctx.site}/torch/distributed/checkpoint/logger.py", line 83, in wrapper\n'
                             "    result = func(*args, **kwargs)\n"
                             f'  File "{ctx.site}/torch/distributed/checkpoint/state_dict_saver.py", line 306, in write_data\n'
                             "    all_writes = storage_writer.write_data(final_local_plan, planner)\n"
                             f'  File "{ctx.site}/torch/distributed/checkpoint/filesystem.py", line 588, in write_data\n'
                             "    _write_files_from_queue(\n"
                             f'  File "{ctx.site}/torch/distributed/checkpoint/filesystem.py", line 389, in _write_files_from_queue\n'
                             "    os.fsync(stream.fileno())\n"
                             + rng.choice(["OSError: [Errno 5] Input/output error",
                                           "OSError: [Errno 116] Stale file handle",
                                           "OSError: [Errno 108] Cannot send after transport endpoint shutdown"]))
            exc = f"torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys({failing})\n" + "\n".join(parts)
            if lr == 0 or rng.random() < 0.2:
                tb = ctx.py_tb(gr, [("/workspace/train.py", 611, "<module>", "main()"),
                                    ("/workspace/train.py", 584, "main", "ckpt.save(step, model, optim, dataloader)"),
                                    ("/workspace/ckpt.py", 77, "save", "dcp.save(state, checkpoint_id=path)"),
                                    ("TORCH/distributed/checkpoint/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
                                    ("TORCH/distributed/checkpoint/state_dict_saver.py", 147, "save", "return _save_state_dict("),
                                    ("TORCH/distributed/checkpoint/state_dict_saver.py", 321, "_save_state_dict", "central_plan = distW.reduce_scatter(\"write\", write_data, finish_checkpoint)"),
                                    ("TORCH/distributed/checkpoint/utils.py", 225, "all_reduce", "raise result")],
                               exc)
                items.append((te + sec(lr * 0.01), tb))
                fails.append((lr, 1, te + sec(lr * 0.01)))
        td, tend = teardown(ctx, n, fails, "train.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(0.5), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        # /var/log/messages style kernel log, each node slightly different timing
        kn = dmesg_noise(rng, t0 - sec(4000), t_lost + sec(900), rng.randint(15, 25), fs="proj")
        d0 = t_lost + sec(rng.uniform(-0.4, 1.8))
        c = f"proj-OST0007-osc-{osc[n.name]}"
        kn += [(d0, f"LustreError: 11-0: {c}: operation ost_write to node 10.50.0.37@o2ib failed: rc = -107"),
               (d0 + sec(0.001), f"Lustre: {c}: Connection to proj-OST0007 (at 10.50.0.37@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
               (d0 + sec(rng.uniform(60, 80)), f"LustreError: 167-0: {c}: This client was evicted by proj-OST0007; in progress operations using this service will fail."),
               (d0 + sec(rng.uniform(81, 90)), f"LustreError: {rng.randint(4000, 90000)}:0:(osc_request.c:1022:osc_init_grant()) {c}: granted 3407872 but already consumed 4194304"),
               (d0 + sec(rng.uniform(150, 200)), f"Lustre: {c}: Connection restored to 10.50.0.37@o2ib (at 10.50.0.37@o2ib)")]
        b.add(f"{n.name}/messages", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "syslog")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_lost + sec(1800)))
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.set_label("storage", "infrastructure", None, None, "restart",
                "During the step-12000 save every node loses its connection to proj-OST0007 within two seconds and is "
                "then evicted; the I/O errors in the DCP exception come from ranks on all six nodes, so the shared "
                "file system failed, not one host.",
                "https://github.com/huggingface/transformers/issues/9732")
    return b


# ---------------------------------------------------------------------------
# p12: accelerate over ssh; one node's local NVMe cache dies
# ---------------------------------------------------------------------------

def p12_accelerate_dataloader_ioerror(rng):
    b = Bundle("p12")
    ctx = Ctx(rng, torch="2.4", nccl="2.20.5", timeout_ms=1800000, py="3.10", cuda="12.4", drv="12040",
              script="sft.py", binary="/opt/conda/bin/python")
    ctx.site = "/opt/conda/lib/python3.10/site-packages"
    names = ["fra-gpu-21", "fra-gpu-22", "fra-gpu-25", "fra-gpu-28"]
    nodes = make_nodes(rng, names, gpus=8, eth="192.168.40.", ib="192.168.44.", boot0=T("2024-10-02 00:00:00"))
    for n in nodes:
        n.tz = 2.0
    bad = nodes[2]
    t0 = T("2024-10-07 05:50:31")
    t_train = t0 + sec(260)
    t_io = T("2024-10-07 09:14:02.118")
    sched = schedule(rng, t_train, 0, t_io + sec(6), 2.41)
    seq = sched[-1][1] * 2 + 5
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ accelerate launch --config_file multi_node.yaml --machine_rank {i} --num_machines 4 --main_process_ip fra-gpu-21 sft.py --dataset_cache /local_nvme/hf_cache --num_workers 6")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1.5)))
        lg.add(t0 + sec(30), f"{f_pylog(t0 + sec(30))} - INFO - __main__ - Loading cached processed dataset at /local_nvme/hf_cache/tulu_mix/train/cache-7a1f2b.arrow")
        if i == 0:
            lg.extend(render_sched(sched, 10, lambda t, s, l, st, d: f"{f_pylog(t)} - INFO - __main__ - step {s} | loss {l:.4f} | lr {2e-5:.2e} | {st:.2f}s/it"))
        if n is bad:
            te = t_io + sec(3.4)
            lr = 3
            tb = ctx.py_tb(n.rank(lr), [("/srv/sft/sft.py", 318, "<module>", "main()"),
                                       ("/srv/sft/sft.py", 270, "main", "for step, batch in enumerate(train_dataloader, start=resume_step):"),
                                       ("SITE/accelerate/data_loader.py", 550, "__iter__", "current_batch = next(dataloader_iter)"),
                                       ("TORCH/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
                                       ("TORCH/utils/data/dataloader.py", 1344, "_next_data", "return self._process_data(data)"),
                                       ("TORCH/utils/data/dataloader.py", 1370, "_process_data", "data.reraise()"),
                                       ("TORCH/_utils.py", 706, "reraise", "raise exception")],
                           "OSError: Caught OSError in DataLoader worker process 2.\nOriginal Traceback (most recent call last):\n"
                           f'  File "{ctx.site}/torch/utils/data/_utils/worker.py", line 309, in _worker_loop\n'
                           "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]\n"
                           f'  File "{ctx.site}/datasets/arrow_dataset.py", line 2762, in __getitem__\n'
                           "    return self._getitem(key)\n"
                           f'  File "{ctx.site}/datasets/formatting/formatting.py", line 590, in query_table\n'
                           "    pa_subtable = _query_table(table, key)\n"
                           '  File "pyarrow/table.pxi", line 1353, in pyarrow.lib._Tabular.fast_slice\n'
                           "OSError: [Errno 5] Input/output error")
            lg.add(te, tb)
            lg.add(te + sec(2.1), ctx.py_tb(n.rank(6), [("/srv/sft/sft.py", 318, "<module>", "main()"),
                                                       ("/srv/sft/sft.py", 297, "main", "tracker.log_local(step, metrics)"),
                                                       ("/srv/sft/utils/tracking.py", 40, "log_local", "with open(self.path, \"a\") as f:")],
                                           "OSError: [Errno 30] Read-only file system: '/local_nvme/runs/sft-tulu/metrics.rank54.jsonl'"))
            td, tend = teardown(ctx, n, [(3, 1, te), (6, 1, te + sec(2.1))], "sft.py")
        else:
            fl, times = flood(ctx, n, t_io + sec(1800.6 + rng.uniform(0, 0.6)), seq, "ALLREDUCE", numel=rng.randint(10**8, 4 * 10**8), frames_for=1)
            lg.extend(fl)
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "sft.py")
        lg.extend(td)
        b.add(f"{n.name}/accelerate_launch.log", lg)
        kn = dmesg_noise(rng, t0 - sec(4000), t_io + sec(2000), rng.randint(18, 30))
        if n is bad:
            kn += [(t_io - sec(29.5), "nvme nvme1: I/O 283 (I/O Cmd) QID 17 timeout, aborting"),
                   (t_io - sec(29.5), "nvme nvme1: Abort status: 0x371"),
                   (t_io - sec(0.1), "nvme nvme1: I/O 283 QID 17 timeout, reset controller"),
                   (t_io, f"nvme1n1: I/O Cmd(0x2) @ LBA {rng.randint(10**9, 3 * 10**9)}, 256 blocks, I/O Error (sct 0x3 / sc 0x71)"),
                   (t_io, f"I/O error, dev nvme1n1, sector {rng.randint(10**9, 3 * 10**9)} op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2"),
                   (t_io + sec(0.3), "EXT4-fs error (device nvme1n1): ext4_find_entry:1683: inode #2: comm pt_data_worker: reading directory lblock 0"),
                   (t_io + sec(0.31), "Buffer I/O error on dev nvme1n1, logical block 0, lost sync page write"),
                   (t_io + sec(0.31), "Aborting journal on device nvme1n1-8."),
                   (t_io + sec(0.32), "EXT4-fs (nvme1n1): Remounting filesystem read-only"),
                   (t_io + sec(40), "nvme nvme1: Device not ready; aborting reset, CSTS=0x1"),
                   (t_io + sec(40), "nvme nvme1: Removing after probe failure status: -19")]
        b.add(f"{n.name}/journal_kernel.txt", ["$ journalctl -k -o short-iso --since '-6h'"] + [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "journal")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_io + sec(3000), tz_name="Europe/Berlin"))
    b.set_label("storage", "infrastructure", bad.name, None, "restart_without_node",
                "fra-gpu-25's journal (UTC+2) shows NVMe I/O timeouts, a controller reset and ext4 remounting its "
                "local cache read-only at 09:14 UTC, seconds before its data loader hits EIO and EROFS; the other "
                "nodes only time out 30 minutes later.",
                "https://github.com/oxidecomputer/crucible/issues/1844")
    return b


# ---------------------------------------------------------------------------
# p13: pipeline parallel, shape error on the last stage only
# ---------------------------------------------------------------------------

def p13_torchrun_tee_last_stage_error(rng):
    b = Bundle("p13")
    ctx = Ctx(rng, torch="2.2", nccl="2.19.3", timeout_ms=600000, py="3.10", cuda="12.1", drv="12020",
              script="pretrain.py", binary="/usr/bin/python3")
    names = ["trn-h100-04", "trn-h100-05", "trn-h100-09", "trn-h100-12"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.9.0.", ib="10.9.128.", boot0=T("2024-03-04 00:00:00"))
    last = nodes[3]
    t0 = T("2024-03-06 16:20:05")
    t_fwd = t0 + sec(182.4)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ torchrun --nnodes 4 --nproc_per_node 8 --node_rank {i} --master_addr trn-h100-04 --master_port 29500 --tee 3 --log-dir /tmp/tr pretrain.py --tp 8 --pp 4 --model qwen2-72b --hidden-size 8192 --ffn-hidden-size 29568 --override-config cfg/overrides/h4096.yaml")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        for lr in range(8):
            tt = t0 + sec(25 + rng.uniform(0, 3))
            lg.add(tt, f"[default{lr}]:{ctx.site}/torch/distributed/distributed_c10d.py:2150: UserWarning: _reduce_scatter_base is a private function and will be deprecated. Please use reduce_scatter_tensor instead.\n[default{lr}]:  warnings.warn(")
        if i == 0:
            lg.add(t0 + sec(150), "[default0]:building model: pipeline stages=4 tensor parallel=8 layers/stage=20")
            lg.add(t0 + sec(176), "[default0]:> loaded tokenizer (vocab 152064), starting iteration 0")
        if n is last:
            fails = []
            for lr in range(8):
                te = t_fwd + sec(rng.uniform(0, 0.08))
                tb = ctx.py_tb(n.rank(lr), [("/srv/llm/pretrain.py", 402, "<module>", "main()"),
                                           ("/srv/llm/pretrain.py", 355, "main", "loss = pipe.train_step(batch)"),
                                           ("/srv/llm/parallel/pipeline.py", 188, "train_step", "out = self.stage(x)"),
                                           ("TORCH/nn/modules/module.py", 1511, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                                           ("TORCH/nn/modules/module.py", 1520, "_call_impl", "return forward_call(*args, **kwargs)"),
                                           ("/srv/llm/model/stages.py", 97, "forward", "logits = self.lm_head(self.final_norm(h))"),
                                           ("TORCH/nn/modules/module.py", 1520, "_call_impl", "return forward_call(*args, **kwargs)"),
                                           ("/srv/llm/parallel/layers.py", 241, "forward", "return F.linear(x, self.weight)")],
                               "RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x8192 and 4096x19008)")
                lg.add(te, "\n".join(f"[default{lr}]:{x}" for x in tb.split("\n")))
                fails.append((lr, 1, te))
            td, tend = teardown(ctx, n, fails, "pretrain.py")
        else:
            fl, times = flood(ctx, n, t_fwd + sec(600.4 + rng.uniform(0, 0.3)), 3, "RECV" if i else "SEND", numel=134217728, frames_for=1)
            fl = prefixed(fl, lambda t, ln: ln)
            # tee prefixes: attribute lines to the local rank that printed them
            fl2 = []
            for t, text in fl:
                lr = None
                for k in range(8):
                    if f"[rank{n.rank(k)}]" in text or f"Rank {n.rank(k)}]" in text:
                        lr = k
                fl2.append((t, "\n".join(f"[default{lr if lr is not None else 0}]:{x}" for x in text.split("\n"))))
            lg.extend(fl2)
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "pretrain.py")
        lg.extend(td)
        b.add(f"{n.name}/torchrun_console.log", lg)
        kn = dmesg_noise(rng, t0 - sec(7200), t_fwd + sec(900), rng.randint(14, 24))
        if i == 1:
            kn += [(t0 - sec(3000), "pcieport 0000:a0:03.1: AER: Corrected error received: 0000:a1:00.0"),
                   (t0 - sec(3000), "nvme 0000:a1:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                   (t0 - sec(3000), "nvme 0000:a1:00.0:   device [144d:a824] error status/mask=00000001/0000e000"),
                   (t0 - sec(3000), "nvme 0000:a1:00.0:    [ 0] RxErr                  (First)")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
    b.set_label("user_code", "script", None, None, "stop",
                "All eight ranks of the last pipeline stage raise the same shape error in the LM head on the first "
                "forward pass (an override changed hidden size 8192 to 4096 for that layer); the earlier stages just "
                "wait in RECV/SEND and time out. Deterministic configuration bug.",
                "https://github.com/epfLLM/Megatron-LLM/issues/73")
    return b


# ---------------------------------------------------------------------------
# p14: torchx on kubernetes; rank 0 fails loading a checkpoint, others wait
# ---------------------------------------------------------------------------

def p14_torchx_k8s_broadcast_timeouts(rng):
    b = Bundle("p14")
    ctx = Ctx(rng, torch="2.5", nccl="2.21.5", timeout_ms=1800000, py="3.11", cuda="12.4", drv="12060",
              script="trainer.main", binary="/usr/local/bin/python3")
    ctx.site = "/usr/local/lib/python3.11/site-packages"
    names = ["ip-10-1-37-201.ec2.internal", "ip-10-1-41-18.ec2.internal", "ip-10-1-44-93.ec2.internal",
             "ip-10-1-46-150.ec2.internal"]
    nodes = make_nodes(rng, names, gpus=4, eth="10.1.40.", ib=None, boot0=T("2025-04-01 00:00:00"),
                       gpu="NVIDIA L40S")
    for n in nodes:
        n.eth_ip = n.name.split(".")[0][3:].replace("-", ".")
        n.pci = ["9e", "a0", "c6", "c8"]
    app = f"trainer-main-{hexs(rng, 5)}"
    t0 = T("2025-04-02 08:03:10")
    t_load = t0 + sec(47.2)
    for i, n in enumerate(nodes):
        items = [(t0, f"+ torchrun --rdzv_backend c10d --rdzv_endpoint {app}-trainer-0-0.{app}:29500 --rdzv_id {app} --nnodes 4 --nproc_per_node 4 --role trainer --tee 3 -m trainer.main --resume s3://ml-ckpt/vitl-dino/step_0084000")]
        items += torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items.append((t_load - sec(6), f"[trainer0]:{f_pylog(t_load - sec(6))} INFO trainer.ckpt: downloaded step_0084000/model.pt (2.41 GB) in 5.8s"))
            items.append((t_load - sec(0.4), f"[trainer0]:{ctx.site}/torch/serialization.py:1392: FutureWarning: You are using `torch.load` with `weights_only=False` (the current default value), which uses the default pickle module implicitly. It is possible to construct malicious pickle data which will execute arbitrary code during unpickling (See https://github.com/pytorch/pytorch/blob/main/SECURITY.md#untrusted-models for more details). In a future release, the default value for `weights_only` will be flipped to `True`. This limits the functions that could be executed during unpickling. Arbitrary objects will no longer be allowed to be loaded via this mode unless they are explicitly allowlisted by the user via `torch.serialization.add_safe_globals`. We recommend you start setting `weights_only=True` for any use case where you don't have full control of the loaded file. Please open an issue on GitHub for any issues related to this experimental feature.\n[trainer0]:  state = torch.load(path, map_location=\"cpu\")"))
            miss = ", ".join(f'"blocks.{k}.attn.q_norm.weight", "blocks.{k}.attn.k_norm.weight"' for k in range(24))
            unexp = ", ".join(f'"blocks.{k}.attn.qkv.bias"' for k in range(24))
            tb = ctx.py_tb(0, [("/usr/lib/python3.11/runpy.py", 198, "_run_module_as_main", 'return _run_code(code, main_globals, None,'),
                               ("/usr/lib/python3.11/runpy.py", 88, "_run_code", "exec(code, run_globals)"),
                               ("/app/trainer/main.py", 266, "<module>", "main()"),
                               ("/app/trainer/main.py", 201, "main", "start_step = ckpt.restore(model, optimizer, args.resume)"),
                               ("/app/trainer/ckpt.py", 58, "restore", "model.module.load_state_dict(state[\"model\"], strict=True)"),
                               ("TORCH/nn/modules/module.py", 2584, "load_state_dict", "raise RuntimeError(")],
                           f"RuntimeError: Error(s) in loading state_dict for VisionTransformer:\n\tMissing key(s) in state_dict: {miss}. \n\tUnexpected key(s) in state_dict: {unexp}. ")
            items.append((t_load, "\n".join(f"[trainer0]:{x}" for x in tb.split("\n"))))
            td, tend = teardown(ctx, n, [(0, 1, t_load)], "trainer.main")
        else:
            fl, times = flood(ctx, n, t_load + sec(1800.2 + rng.uniform(0, 0.5)), 1, "BROADCAST", numel=rng.randint(300000000, 310000000), frames_for=1)
            fl2 = []
            for t, text in fl:
                lr = next((k for k in range(4) if f"Rank {n.rank(k)}]" in text or f"[rank{n.rank(k)}]" in text), 0)
                fl2.append((t, "\n".join(f"[trainer{lr}]:{x}" for x in text.split("\n"))))
            items += fl2
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "trainer.main")
        items += td
        lg = Log().extend(prefixed(items, lambda t, ln, i=i: f"trainer/{i} {ln}"))
        b.add(f"{n.name}/torchx_log_trainer_{i}.txt", lg)
        kn = dmesg_noise(rng, t0 - sec(3600), t_load + sec(1900), rng.randint(10, 18))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
    b.add(f"{nodes[0].name}/torchx_status.txt", [f"$ torchx status kubernetes://default:{app}",
                                                 "AppDef:",
                                                 "  State: FAILED",
                                                 "  Num Restarts: 0",
                                                 "Roles:",
                                                 "  *trainer[0]:FAILED (exitcode: 1)",
                                                 "   trainer[1]:FAILED (exitcode: 1)",
                                                 "   trainer[2]:FAILED (exitcode: 1)",
                                                 "   trainer[3]:FAILED (exitcode: 1)"])
    b.set_label("user_code", "script", None, None, "stop",
                "Rank 0 fails restoring the checkpoint with missing/unexpected state_dict keys (the model code added "
                "q/k norms and dropped the qkv bias); the other 15 ranks wait in the parameter BROADCAST and time out "
                "30 minutes later. Code/checkpoint mismatch, deterministic.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/17566")
    return b


# ---------------------------------------------------------------------------
# p15: accelerate + deepspeed, CUDA OOM on every rank after a config change
# ---------------------------------------------------------------------------

def p15_accelerate_cuda_oom_all_nodes(rng):
    b = Bundle("p15")
    ctx = Ctx(rng, torch="2.4", nccl="2.20.5", timeout_ms=1800000, py="3.10", cuda="12.4", drv="12040",
              script="train_dpo.py", binary="/opt/conda/bin/python")
    ctx.site = "/opt/conda/lib/python3.10/site-packages"
    names = ["h100-sj-014", "h100-sj-015", "h100-sj-019", "h100-sj-023"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.210.5.", ib="10.211.5.", boot0=T("2024-09-20 00:00:00"))
    t0 = T("2024-09-23 21:11:40")
    t_oom = t0 + sec(401.7)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ accelerate launch --config_file ds_zero3.yaml --num_machines 4 --machine_rank {i} --main_process_ip h100-sj-014 train_dpo.py --model llama3-70b --per_device_train_batch_size 16 --gradient_accumulation_steps 1 --max_length 4096")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        lg.add(t0 + sec(20), f"[{f_pylog(t0 + sec(20))}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
        lg.add(t0 + sec(260), f"[{f_pylog(t0 + sec(260))}] [INFO] [partition_parameters.py:348:__exit__] finished initializing model - num_params = 723, num_elems = 70.55B")
        if i == 0:
            lg.add(t0 + sec(395), f"{f_pylog(t0 + sec(395))} - INFO - __main__ - ***** Running training *****\n{f_pylog(t0 + sec(395))} - INFO - __main__ -   Instantaneous batch size per device = 16\n{f_pylog(t0 + sec(395))} - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 512")
        fails = []
        first = 0.0 if i == 2 else rng.uniform(0.2, 0.9)
        for lr in range(8):
            te = t_oom + sec(first + rng.uniform(0, 0.35))
            alloc = rng.choice([3.91, 7.81, 7.81, 15.62])
            free = rng.uniform(1.1, 6.5)
            inuse = 79.1 - free
            tb = ctx.py_tb(n.rank(lr), [("/home/ml/dpo/train_dpo.py", 488, "<module>", "main()"),
                                       ("/home/ml/dpo/train_dpo.py", 441, "main", "accelerator.backward(loss)"),
                                       ("SITE/accelerate/accelerator.py", 2151, "backward", "self.deepspeed_engine_wrapped.backward(loss, **kwargs)"),
                                       ("SITE/accelerate/utils/deepspeed.py", 166, "backward", "self.engine.backward(loss, **kwargs)"),
                                       ("SITE/deepspeed/runtime/engine.py", 2020, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
                                       ("TORCH/_tensor.py", 521, "backward", "torch.autograd.backward("),
                                       ("TORCH/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                           f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc:.2f} GiB. GPU {lr} has a total capacity of 79.11 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {inuse:.2f} GiB memory in use. Of the allocated memory {inuse - 3.1:.2f} GiB is allocated by PyTorch, and {rng.uniform(1.2, 2.9):.2f} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
            if lr < 3 or rng.random() < 0.5:
                lg.add(te, tb)
                fails.append((lr, 1, te))
        td, tend = teardown(ctx, n, fails, "train_dpo.py")
        lg.extend(td)
        b.add(f"{n.name}/launcher.log", lg)
        kn = dmesg_noise(rng, t0 - sec(3000), t_oom + sec(600), rng.randint(10, 20))
        if i == 2:
            kn += [(t0 - sec(1500), "mce: [Hardware Error]: Machine check events logged"),
                   (t0 - sec(1500), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3a1c4f offset:0x880 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1f3a col:0x340)")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
        used = [rng.randint(2, 6) for _ in range(8)]
        b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, t_oom + sec(900), driver="550.90.07", cuda="12.4", used=used))
    b.set_label("oom", "framework", None, None, "stop",
                "Ranks on all four nodes raise torch.OutOfMemoryError within about a second on the first backward after "
                "the launch raised per_device_train_batch_size to 16 for a 70B model; the GPUs are otherwise empty. "
                "Memory demand from the configuration, not a node fault.",
                "https://github.com/huggingface/accelerate/issues/1519")
    return b


# ---------------------------------------------------------------------------
# p16: PyTorchJob; a DataLoader worker is OOM-killed in one pod's cgroup
# ---------------------------------------------------------------------------

def p16_pytorchjob_dataloader_worker_killed(rng):
    b = Bundle("p16")
    ctx = Ctx(rng, torch="2.1", nccl="2.18.6", timeout_ms=1800000, py="3.10", cuda="12.1", drv="12020",
              script="/opt/train/main.py", binary="/usr/bin/python")
    names = ["aks-ndv5-31188412-vmss000002", "aks-ndv5-31188412-vmss000005", "aks-ndv5-31188412-vmss000006",
             "aks-ndv5-31188412-vmss00000a"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.224.0.", ib=None, boot0=T("2024-02-12 00:00:00"))
    pods = ["vit-pretrain-master-0", "vit-pretrain-worker-0", "vit-pretrain-worker-1", "vit-pretrain-worker-2"]
    victim = nodes[2]
    t0 = T("2024-02-13 04:00:44")
    t_train = t0 + sec(140)
    t_kill = T("2024-02-13 06:27:19.551")
    sched = schedule(rng, t_train, 0, t_kill + sec(2), 0.83)
    kp = k8s_prefix(rng)
    pod_ip = {n.name: f"10.244.{rng.randint(0, 9)}.{rng.randint(2, 250)}" for n in nodes}
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        items = [(t0, "+ torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint vit-pretrain-master-0:23456 /opt/train/main.py --data /mnt/blob/laion-subset --workers 16 --prefetch-factor 8")]
        items += torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 50, fmt_pylog("main"))
        else:
            items += render_sched(sched, 600, _node_tput(i))
        if n is victim:
            lr = 4
            te = t_kill + sec(1.6)
            tb = ctx.py_tb(n.rank(lr), [("/opt/train/main.py", 352, "<module>", "main()"),
                                       ("/opt/train/main.py", 298, "main", "for it, (images, texts) in enumerate(loader):"),
                                       ("TORCH/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
                                       ("TORCH/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                                       ("TORCH/utils/data/dataloader.py", 1294, "_get_data", "success, data = self._try_get_data()"),
                                       ("TORCH/utils/data/dataloader.py", 1145, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                           f"RuntimeError: DataLoader worker (pid(s) {n.pids[lr] + 40 + 3}) exited unexpectedly")
            pre = ctx.py_tb(n.rank(lr), [("TORCH/utils/data/dataloader.py", 1132, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                                        ("/usr/lib/python3.10/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
                                        ("/usr/lib/python3.10/multiprocessing/connection.py", 257, "poll", "return self._poll(timeout)"),
                                        ("/usr/lib/python3.10/multiprocessing/connection.py", 424, "_poll", "r = wait([self], timeout)"),
                                        ("/usr/lib/python3.10/multiprocessing/connection.py", 931, "wait", "ready = selector.select(timeout)"),
                                        ("/usr/lib/python3.10/selectors.py", 416, "select", "fd_event_list = self._selector.poll(timeout)"),
                                        ("TORCH/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()")],
                            f"RuntimeError: DataLoader worker (pid {n.pids[lr] + 40 + 3}) is killed by signal: Killed. \n\nThe above exception was the direct cause of the following exception:\n")
            items.append((te, pre + "\n" + tb))
            td, tend = teardown(ctx, n, [(lr, 1, te)], "/opt/train/main.py")
        else:
            fl, times = flood(ctx, n, t_kill + sec(1800 + 1.9 + rng.uniform(0, 0.4)), sched[-1][1] + 3, "ALLREDUCE", numel=rng.randint(30000000, 90000000), frames_for=1)
            items += fl
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "/opt/train/main.py")
        items += td
        b.add(f"{n.name}/kubectl_logs_{pod}.txt", Log().extend(prefixed(items, kp)))
        kn = dmesg_noise(rng, t0 - sec(3600), t_kill + sec(1900), rng.randint(15, 28))
        if n is victim:
            wp = n.pids[4] + 43
            cg = f"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod{hexs(rng, 8)}_{hexs(rng, 4)}_{hexs(rng, 4)}.slice/cri-containerd-{hexs(rng, 64)}.scope"
            kn += [(t_kill - sec(0.02), f"pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=986"),
                   (t_kill - sec(0.02), f"CPU: {rng.randint(0, 95)} PID: {wp - 9} Comm: pt_data_worker Tainted: P           OE     5.15.0-1053-azure #61-Ubuntu"),
                   (t_kill - sec(0.01), "memory: usage 1677721600kB, limit 1677721600kB, failcnt 118"),
                   (t_kill - sec(0.01), f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-{hexs(rng, 12)}.scope,mems_allowed=0-1,oom_memcg={cg},task_memcg={cg},task=pt_data_worker,pid={wp},uid=1000"),
                   (t_kill, f"Memory cgroup out of memory: Killed process {wp} (pt_data_worker) total-vm:{rng.randint(90, 120) * 10**6}kB, anon-rss:{rng.randint(80, 99) * 10**6}kB, file-rss:{rng.randint(60000, 90000)}kB, shmem-rss:{rng.randint(2, 9) * 10**6}kB, UID:1000 pgtables:{rng.randint(150000, 250000)}kB oom_score_adj:986")]
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
    rows = [(pod, "0/1", "Error", "0", "2h38m", pod_ip[n.name], n.name) for n, pod in zip(nodes, pods)]
    b.add(f"{nodes[0].name}/kubectl_get_pods.txt", ["$ kubectl get pods -o wide"] + kubectl_get_pods(rows, t0))
    b.set_label("oom", "framework", None, None, "stop",
                "One pod's memory cgroup hit its limit and the kernel OOM killer killed a pt_data_worker, so that "
                "rank raised 'DataLoader worker ... is killed by signal: Killed'; the rest of the job only timed out. "
                "Host memory demand from 16 workers x prefetch 8, not a hardware fault.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return b


# ---------------------------------------------------------------------------
# p17: one rank cannot open its data shard mid-run
# ---------------------------------------------------------------------------

def p17_pyxis_one_rank_filenotfound(rng):
    b = Bundle("p17")
    ctx = Ctx(rng, torch="2.3", nccl="2.20.5", timeout_ms=600000, py="3.10", cuda="12.4", drv="12040",
              script="/workspace/train.py", binary="/usr/bin/python")
    names = ["nid00341", "nid00342", "nid00347", "nid00350", "nid00356", "nid00359"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.100.2.", ib="10.101.2.", boot0=T("2024-06-18 00:00:00"))
    who = nodes[2]
    lr_bad = 6
    job = 6620193
    t0 = T("2024-06-20 02:10:00")
    t_train = t0 + sec(330)
    fail_step = 9531
    sched = schedule(rng, t_train, 0, t_train + sec(2 * fail_step), 1.52, max_step=fail_step)
    t_f = sched[-1][0] + sec(0.2)
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, partition="batch", extra=[
        "pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.05-py3",
        "+ srun -l --container-mounts=/lustre/datasets:/datasets torchrun ... /workspace/train.py --data /datasets/fineweb-edu/tok --shards 1024"]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items += render_sched(sched, 20, fmt_pylog("train"))
        if n is who:
            tb = ctx.py_tb(n.rank(lr_bad), [("/workspace/train.py", 433, "<module>", "main()"),
                                           ("/workspace/train.py", 371, "main", "x, y = next(train_iter)"),
                                           ("/workspace/data/tokdata.py", 142, "__next__", "self._open_shard(self.shard_idx + 1)"),
                                           ("/workspace/data/tokdata.py", 96, "_open_shard", "self.tokens = np.memmap(path, dtype=np.uint16, mode=\"r\")"),
                                           ("/usr/local/lib/python3.10/dist-packages/numpy/core/memmap.py", 229, "__new__", "f_ctx = open(os_fspath(filename), ('r' if mode == 'c' else mode)+'b')")],
                           "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/fineweb-edu/tok/train-00417-of-01024.bin'")
            items.append((t_f, tb))
            td, tend = teardown(ctx, n, [(lr_bad, 1, t_f)], "/workspace/train.py")
        else:
            fl, times = flood(ctx, n, t_f + sec(600.5 + rng.uniform(0, 0.6)), fail_step * 2 + 1, "ALLREDUCE", numel=rng.randint(2 * 10**8, 3 * 10**8), frames_for=1)
            items += fl
            td, tend = teardown(ctx, n, [(lr, -6, tt) for lr, tt in times.items()], "/workspace/train.py")
        items += td
        out.extend(prefixed(items, srun_prefix(i)))
        out.add(tend + sec(0.3), f"srun: error: {n.name}: task {i}: Exited with exit code 1")
        kn = dmesg_noise(rng, t0 - sec(3600), t_f + sec(1200), rng.randint(12, 22), fs="datasets")
        b.add(f"{n.name}/dmesg.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "uptime")])
        b.add(f"{n.name}/host_info.txt", host_info(n, t_f + sec(2000)))
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.add(f"{nodes[0].name}/dataset_check.txt", ["$ ls /lustre/datasets/fineweb-edu/tok/ | grep -c '^train-'", "1023",
                                                 "$ python tools/verify_manifest.py /lustre/datasets/fineweb-edu/tok/manifest.json",
                                                 "manifest: 1024 shards, 9.83e10 tokens",
                                                 "MISSING train-00417-of-01024.bin (expected 191102976 bytes, sha256 3f0c...e1)",
                                                 "ok: 1023/1024"])
    b.set_label("user_code", "script", None, None, "stop",
                "Rank 22 reached shard 417 at step 9531 and the file does not exist (the manifest lists 1024 shards, "
                "the directory has 1023); everyone else times out ten minutes later. A data-set problem that will "
                "recur on any nodes.",
                "https://github.com/mosaicml/streaming/issues/400")
    return b


# ---------------------------------------------------------------------------
# p18: everyone times out in the same collective; nothing else anywhere
# ---------------------------------------------------------------------------

def p18_flight_recorder_all_ranks_timeout(rng):
    b = Bundle("p18")
    ctx = Ctx(rng, torch="2.6", nccl="2.21.5", timeout_ms=600000, py="3.12", cuda="12.6", drv="12080",
              script="train.py", binary="/usr/bin/python3")
    ctx.site = "/usr/local/lib/python3.12/dist-packages"
    names = ["lab-gpu-a1", "lab-gpu-a2", "lab-gpu-a3", "lab-gpu-b1", "lab-gpu-b2", "lab-gpu-b3"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.8.1.", ib="10.8.65.", boot0=T("2025-05-20 00:00:00"))
    t0 = T("2025-05-26 13:02:18")
    t_train = t0 + sec(150)
    t_stall = T("2025-05-26 16:41:09.870")
    sched = schedule(rng, t_train, 0, t_stall, 1.9)
    seq = sched[-1][1] * 2 + 6
    first_rank = rng.choice(range(48))
    stack = ("#0 all_reduce from /usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py:2806\n"
             "#1 wrapper from /usr/local/lib/python3.12/dist-packages/torch/distributed/c10d_logger.py:81\n"
             "#2 clip_grad_norm_ from /workspace/utils/grad.py:58\n"
             "#3 train_step from /workspace/train.py:301\n"
             "#4 main from /workspace/train.py:412\n"
             "#5 <module> from /workspace/train.py:455\n")
    t_wd = t_stall + sec(600.3)
    for i, n in enumerate(nodes):
        lg = Log()
        lg.add(t0, f"$ TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_TRACE_BUFFER_SIZE=2000 torchrun --nnodes 6 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint lab-gpu-a1:29400 --tee 3 train.py")
        lg.extend(torchrun_banner(ctx, n, t0 + sec(1)))
        if i == 0:
            lg.extend(prefixed(render_sched(sched, 10, fmt_titan()), lambda t, ln: f"[default0]:{ln}"))
        tb0 = t0 + sec(60)
        lg.add(tb0, "\n".join(f"[default{lr}]:[rank{n.rank(lr)}]:[W{tb0.month}{tb0:%d %H:%M:%S}.{rng.randint(10**8, 10**9 - 1)} ProcessGroupNCCL.cpp:4561] [PG ID 0 PG GUID 0 Rank {n.rank(lr)}]  using GPU {lr} to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect. Specify device_ids in barrier() to force use of a particular device, or call init_process_group() with a device_id." for lr in range(8)))
        fl, times = [], {}
        for lr in range(8):
            gr = n.rank(lr)
            tt = t_wd + sec(rng.uniform(0, 1.2)) if gr != first_rank else t_wd - sec(0.3)
            frm = None if gr == first_rank else first_rank
            blk = ctx.watchdog_timeout(gr, tt, seq, "ALLREDUCE", numel=1, frames=(lr == 0), fr_dump=True,
                                       fr_from=frm, last_enq=seq, last_comp=seq - 1, stack=stack if lr == 0 else None)
            fl += prefixed(blk, lambda t, ln, lr=lr: f"[default{lr}]:{ln}")
            times[lr] = tt
        lg.extend(fl)
        td, _ = teardown(ctx, n, [(lr, -6, tt + sec(0.9)) for lr, tt in times.items()], "train.py")
        lg.extend(td)
        b.add(f"{n.name}/torchrun_console.log", lg)
        kn = dmesg_noise(rng, t0 - sec(3600), t_wd + sec(1500), rng.randint(14, 24))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
        b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, t_wd + sec(2000), driver="570.124.06", cuda="12.8"))
    # py-spy taken during the hang on one node
    sp = [f"$ py-spy dump --pid {nodes[3].pids[0]}  # taken at {t_stall + sec(400):%H:%M:%S} UTC",
          f"Process {nodes[3].pids[0]}: /usr/bin/python3 -u train.py",
          "Python v3.12.3 (/usr/bin/python3.12)",
          "",
          f"Thread {nodes[3].pids[0]} (active): \"MainThread\"",
          "    wait (torch/distributed/distributed_c10d.py:2806)",
          "    all_reduce (torch/distributed/distributed_c10d.py:2806)",
          "    wrapper (torch/distributed/c10d_logger.py:81)",
          "    clip_grad_norm_ (utils/grad.py:58)",
          "    train_step (train.py:301)",
          "    main (train.py:412)",
          "    <module> (train.py:455)",
          f"Thread {nodes[3].pids[0] + 211} (idle): \"Thread-1 (_pin_memory_loop)\""]
    b.add(f"{nodes[3].name}/py-spy_rank24.txt", sp)
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 48 ranks report the same allreduce (last enqueued = seq, last completed = seq-1), so every rank "
                "entered it and none finished; flight-recorder dumps, kernel logs and GPUs show no fault and the rank "
                "that raised the dump signal merely timed out first. An unexplained collective hang.",
                "https://github.com/pytorch/pytorch/issues/140563")
    return b


# ---------------------------------------------------------------------------
# p19: the job slows down and is cancelled; one node's GPUs are throttling
# ---------------------------------------------------------------------------

def _perf_q(rng, n, t, hot=()):
    out = ["==============NVSMI LOG==============", "",
           f"Timestamp                                 : {t:%a %b %d %H:%M:%S %Y}",
           "Driver Version                            : 535.161.08",
           "CUDA Version                              : 12.2", "",
           f"Attached GPUs                             : {n.gpus}"]
    for g in range(n.gpus):
        h = g in hot
        out += [f"GPU 00000000:{n.pci[g].upper()}:00.0",
                "    Performance State                     : P0",
                "    Clocks Event Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : Not Active",
                f"        HW Slowdown                       : {'Active' if h else 'Not Active'}",
                f"            HW Thermal Slowdown           : {'Active' if h else 'Not Active'}",
                "            HW Power Brake Slowdown       : Not Active",
                "        Sync Boost                        : Not Active",
                f"        SW Thermal Slowdown               : {'Active' if h else 'Not Active'}",
                "        Display Clock Setting             : Not Active",
                "    Temperature",
                f"        GPU Current Temp                  : {rng.randint(88, 93) if h else rng.randint(58, 67)} C",
                "        GPU T.Limit Temp                  : N/A",
                "        GPU Shutdown Temp                 : 92 C" if False else "        GPU Shutdown Temp                 : 92 C",
                "        GPU Slowdown Temp                 : 89 C",
                "        GPU Max Operating Temp            : 85 C",
                "    Clocks",
                f"        Graphics                          : {rng.randint(690, 840) if h else rng.randint(1380, 1410)} MHz",
                f"        SM                                : {rng.randint(690, 840) if h else rng.randint(1380, 1410)} MHz",
                "        Memory                            : 1593 MHz"]
    return out


def p19_slurm_slowdown_then_cancel(rng):
    b = Bundle("p19")
    ctx = Ctx(rng, torch="2.0", nccl="2.14.3", timeout_ms=1800000, py="3.10", cuda="11.8", drv="12020",
              script="pretrain_gpt.py", binary="/usr/bin/python")
    names = ["gpu-r2-01", "gpu-r2-03", "gpu-r2-07", "gpu-r2-08"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.40.2.", ib="10.41.2.", boot0=T("2023-11-01 00:00:00"),
                       gpu="NVIDIA A100-SXM4-80GB")
    hot = nodes[2]
    job = 90112
    t0 = T("2023-11-08 01:00:03")
    t_train = t0 + sec(200)
    t_slow = T("2023-11-08 03:12:40")
    t_cancel = T("2023-11-08 06:05:51")

    base = 1.62
    state = {"t": t_train}

    def tw(s, d, st):
        if state["t"] >= t_slow:
            frac = min(1.0, (state["t"] - t_slow).total_seconds() / 2400)
            st = st * (1 + 0.8 * frac)
        state["t"] = state["t"] + sec(st)
        return st
    sched = schedule(rng, t_train, 0, t_cancel, base, tweak=tw)
    out = Log()
    out.add(t0, slurm_header(job, nodes, t0, extra=["+ srun -l torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gpu-r2-01:29500 pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 ..."]))
    for i, n in enumerate(nodes):
        items = torchrun_banner(ctx, n, t0 + sec(2))
        if i == 0:
            items += render_sched(sched, 10, fmt_megatron(300000, 1024, lr=1.5e-4))
        tsig = t_cancel + sec(0.2 + rng.uniform(0, 0.3))
        items.append((tsig, "WARNING:torch.distributed.elastic.agent.server.api:Received Signals.SIGTERM death signal, shutting down workers"))
        items += ctx.sigterm_lines(n, tsig + sec(0.01))
        items.append((tsig + sec(3), "Traceback (most recent call last):\n  File \"/usr/local/bin/torchrun\", line 8, in <module>\n    sys.exit(main())\n"
                                     f"  File \"{ctx.site}/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 346, in wrapper\n    return f(*args, **kwargs)\n"
                                     f"  File \"{ctx.site}/torch/distributed/run.py\", line 794, in main\n    run(args)\n"
                                     f"  File \"{ctx.site}/torch/distributed/elastic/multiprocessing/api.py\", line 62, in _terminate_process_handler\n    raise SignalException(f\"Process {{os.getpid()}} got signal: {{sigval}}\", sigval=sigval)\n"
                                     f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {n.agent_pid} got signal: 15"))
        out.extend(prefixed(items, srun_prefix(i)))
        kn = dmesg_noise(rng, t0 - sec(3600), t_cancel + sec(300), rng.randint(12, 22))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
        tq = t_cancel - sec(900)
        b.add(f"{n.name}/nvidia-smi-q-perf.txt", [f"$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE,CLOCK  # {tq:%H:%M:%S} UTC"] + _perf_q(rng, n, tq, hot=(4, 5, 6, 7) if n is hot else ()))
        dm = ["# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk", "# Idx     W     C     C     %     %     %     %   MHz   MHz"]
        tt = t_slow - sec(1800)
        while tt < t_cancel - sec(60):
            hotnow = n is hot and tt >= t_slow
            for g in range(8):
                h = hotnow and g >= 4
                dm.append(f"    {g}   {rng.randint(180, 260) if h else rng.randint(330, 410):3d}    {rng.randint(86, 92) if h else rng.randint(60, 68):2d}    {rng.randint(80, 88) if h else rng.randint(58, 66):2d}   {rng.randint(92, 100):3d}    {rng.randint(30, 48):2d}     0     0  1593  {rng.randint(705, 840) if h else rng.randint(1380, 1410)}")
            tt = tt + sec(600)
        b.add(f"{n.name}/nvidia-smi-dmon.log", dm)
    out.add(t_cancel, f"slurmstepd: error: *** JOB {job} ON gpu-r2-01 CANCELLED AT {f_slurm_time(t_cancel)} ***")
    out.add(t_cancel + sec(1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    b.add(f"{nodes[0].name}/slurm-{job}.out", out)
    b.add(f"{nodes[0].name}/sacct.txt", [f"$ sacct -j {job} --format=JobID,State,Elapsed,ExitCode,NodeList%40",
                                         "JobID           State    Elapsed ExitCode                                 NodeList ",
                                         "------------ ---------- ---------- -------- ---------------------------------------- ",
                                         f"{job}        CANCELLED+   05:05:48      0:0                       gpu-r2-[01,03,07-08] ",
                                         f"{job}.batch    CANCELLED   05:05:50     0:15                                gpu-r2-01 ",
                                         f"{job}.0        CANCELLED   05:05:47     0:15                       gpu-r2-[01,03,07-08] "])
    b.set_label("straggler", "infrastructure", hot.name, None, "restart_without_node",
                "Iteration time climbs from ~1.6 s to ~2.9 s from 03:12 until the user cancels; only gpu-r2-07 shows "
                "HW/thermal slowdown active with GPUs 4-7 at ~90 C and SM clocks near 750 MHz, so that node drags "
                "every synchronous step.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# ---------------------------------------------------------------------------
# p20: SkyPilot, one worker consistently slowest, no hardware signal anywhere
# ---------------------------------------------------------------------------

def p20_skypilot_slow_ranks_report(rng):
    b = Bundle("p20")
    ctx = Ctx(rng, torch="2.7", nccl="2.26.2", timeout_ms=1800000, py="3.12", cuda="12.6", drv="12080",
              script="train.py", binary="/home/sky/venv/bin/python")
    ctx.site = "/home/sky/venv/lib/python3.12/site-packages"
    names = ["sky-b20e-ops-head", "sky-b20e-ops-worker1", "sky-b20e-ops-worker2", "sky-b20e-ops-worker3"]
    nodes = make_nodes(rng, names, gpus=8, eth="10.128.0.", ib=None, boot0=T("2025-06-11 00:00:00"))
    slow = nodes[3]
    labels = ["head", "worker1", "worker2", "worker3"]
    t0 = T("2025-06-11 08:30:00")
    t_train = t0 + sec(240)
    t_end = T("2025-06-11 12:02:40")
    sched = schedule(rng, t_train, 0, t_end, 1.93)
    sky = Log()
    sky.add(t0 - sec(30), "INFO: Waiting for task resources on 4 nodes. This will block if the cluster is full.")
    sky.add(t0 - sec(29), "INFO: All task resources reserved.")
    for i, n in enumerate(nodes):
        pfx = f"({labels[i]}, rank={i}, pid={n.agent_pid - 5}" + ("" if i == 0 else f", ip={n.eth_ip}") + ")"
        items = torchrun_banner(ctx, n, t0 + sec(1))
        if i == 0:
            items += render_sched(sched, 20, fmt_titan())
            for t, s, st, d in sched:
                if s % 500 == 0:
                    ranks = sorted(rng.sample(slow.ranks(), 4)) if rng.random() < 0.85 else sorted(rng.sample(slow.ranks(), 3) + [rng.randint(0, 23)])
                    rows = ", ".join(f"r{r}={1.93 * rng.uniform(1.22, 1.41):.2f}s" for r in ranks)
                    items.append((t + sec(0.01), f"[titan] {f_pylog(t)} - root - WARNING - straggler report (steps {s - 499}-{s}): median fwd+bwd={1.93 * 0.74:.2f}s; slowest: {rows}"))
        tstop = t_end + sec(2)
        items.append((tstop, ctx.agent(tstop, "W", "Received Signals.SIGTERM death signal, shutting down workers", ctx.agent_tid(n), mod="agent/server/api.py", line=725)))
        items += ctx.sigterm_lines(n, tstop + sec(0.01))
        sky.extend(prefixed(items, lambda t, ln, p=pfx: f"{p} {ln}"))
        kn = dmesg_noise(rng, t0 - sec(1800), t_end + sec(300), rng.randint(10, 20))
        b.add(f"{n.name}/dmesg_T.txt", [ln for _, ln in kernel_log(n, sorted(kn, key=lambda x: x[0]), "dmesg_T")])
        b.add(f"{n.name}/nvidia-smi.txt", ["$ nvidia-smi"] + nvidia_smi(rng, n, t_end - sec(600), driver="570.133.20", cuda="12.8",
                                                                         used=[rng.randint(66000, 71000) for _ in range(8)],
                                                                         util=[rng.randint(93, 100) for _ in range(8)],
                                                                         temps=[rng.randint(55, 66) for _ in range(8)],
                                                                         power=[rng.randint(560, 690) for _ in range(8)]))
    sky.add(t_end + sec(5), "INFO: Job 7 cancelled by user.")
    b.add(f"{nodes[0].name}/sky_logs_job7.txt", sky)
    b.set_label("straggler", "infrastructure", slow.name, None, "run_diagnostics",
                "The periodic straggler report almost always names ranks 24-31, all on worker3, as the slowest by "
                "~30%, yet its clocks, temperatures, kernel log and nvidia-smi are indistinguishable from the other "
                "nodes: a suspected slow node with no hardware proof.",
                "https://github.com/skypilot-org/skypilot/issues/2952")
    return b
