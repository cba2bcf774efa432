"""torchtitan / torch.compile / DCP / FSDP / torchrun cases: az11, az12, az14, az15, az16, az18, az19, az25, az27, az29."""
from __future__ import annotations

from kit import (pbar, pidseq, PCI_A100, PCI_H100, PY, Bundle, T, add, c10d, dmesg_T, dmesg_raw, elastic_failure, glog,
                 gpus_healthy, iso, journal, nccl, nccl_remote_error, pyts, rng_for, sig_tb, smi_table, syslog,
                 traceback, watchdog_timeout, xid)

TT = "/workspace/torchtitan"
DCP = f"{PY}/torch/distributed/checkpoint"


def titan(rank, dt, msg, level="INFO"):
    return f"[rank{rank}]:[titan] {pyts(dt)} - root - {level} - {msg}"


def torchrun_banner(dt, tid):
    return [glog("W", dt, tid, "torch/distributed/run.py:793", ""),
            glog("W", dt, tid, "torch/distributed/run.py:793", "*****************************************"),
            glog("W", dt, tid, "torch/distributed/run.py:793", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
            glog("W", dt, tid, "torch/distributed/run.py:793", "*****************************************")]


def rdzv_lines(dt, tid, host, run_id, nnodes, endpoint):
    return [glog("I", dt, tid, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", "  entrypoint       : train.py"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", f"  min_nodes        : {nnodes}"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", f"  max_nodes        : {nnodes}"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", "  nproc_per_node   : 8"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", f"  run_id           : {run_id}"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", "  rdzv_backend     : c10d"),
            glog("I", dt, tid, "torch/distributed/launcher/api.py:188", f"  rdzv_endpoint    : {endpoint}"),
            glog("I", add(dt, 0.1), tid, "torch/distributed/elastic/agent/server/api.py:845",
                 f"[default] starting workers for entrypoint: python"),
            glog("I", add(dt, 0.1), tid, "torch/distributed/elastic/agent/server/api.py:662",
                 f"[default] Rendezvous'ing worker group")]


# =====================================================================================  az11
def az11():
    rng = rng_for(11)
    b = Bundle("az11_torchtitan_resume_missing_key")
    hosts = ["trn-h100-07", "trn-h100-08"]
    t0 = T("2025-02-14 08:00:41")
    for ni, h in enumerate(hosts):
        L = torchrun_banner(t0, 2201 + ni)
        pids = pidseq(rng, 600000, 700000)
        for k in range(8):
            r = ni * 8 + k
            tr = add(t0, 21 + rng.random())
            if r == 0:
                L += [titan(0, tr, "Starting job: Llama 3 8B training (deep)"),
                      titan(0, add(tr, 0.2), "Building 2-D device mesh with ['dp_shard', 'tp'], [8, 2]"),
                      titan(0, add(tr, 0.3), "[GC] Initial GC collection. 0.00 seconds."),
                      titan(0, add(tr, 0.5), "Loading tokenizer from tokenizer.model"),
                      titan(0, add(tr, 2.1), "Preparing c4 dataset from allenai/c4"),
                      titan(0, add(tr, 9.3), "Building llama3 8B_deep with ModelArgs(dim=4096, n_layers=36, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')"),
                      titan(0, add(tr, 9.8), "Model llama3 8B_deep size: 8,837,251,072 total parameters"),
                      titan(0, add(tr, 10.1), "Applied Tensor Parallelism to the model"),
                      titan(0, add(tr, 10.2), "Applied selective activation checkpointing to the model"),
                      titan(0, add(tr, 10.4), "Applied FSDP to the model"),
                      titan(0, add(tr, 11.0), "CUDA memory usage for model: 4.13GiB(5.22%)"),
                      titan(0, add(tr, 11.3), "Checkpointing active. Checkpoints are loaded from and saved to ./outputs/checkpoint"),
                      titan(0, add(tr, 11.4), "Loading the checkpoint at step 3000.")]
            keys = ["model.layers.32.attention.wq.weight", "model.layers.32.attention.wk.weight"]
            inner = []
            for rr in range(16):
                inner += [f"Traceback (most recent call last): (RANK {rr})",
                          f'  File "{DCP}/utils.py", line 164, in reduce_scatter',
                          "    local_data = map_fun()",
                          f'  File "{DCP}/logger.py", line 83, in wrapper',
                          "    result = func(*args, **kwargs)",
                          f'  File "{DCP}/state_dict_loader.py", line 211, in local_step',
                          "    local_plan = planner.create_local_plan()",
                          f'  File "{DCP}/default_planner.py", line 233, in create_local_plan',
                          "    return create_default_local_load_plan(",
                          f'  File "{DCP}/default_planner.py", line 354, in create_default_local_load_plan',
                          '    raise RuntimeError(f"Missing key in checkpoint state_dict: {fqn}.")',
                          f"RuntimeError: Missing key in checkpoint state_dict: {keys[0]}."]
            L += traceback([
                (f"{TT}/torchtitan/train.py", 572, "<module>", "trainer.train()"),
                (f"{PY}/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                (f"{TT}/torchtitan/train.py", 372, "train", "self.checkpointer.load(step=job_config.checkpoint.load_step)"),
                (f"{TT}/torchtitan/components/checkpoint.py", 470, "load", "self.dcp_load("),
                (f"{TT}/torchtitan/components/checkpoint.py", 397, "dcp_load", "dcp.load(state_dict, checkpoint_id=checkpoint_id)"),
                (f"{DCP}/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
                (f"{DCP}/utils.py", 438, "inner_func", "return func(*args, **kwargs)"),
                (f"{DCP}/state_dict_loader.py", 172, "load", "_load_state_dict("),
                (f"{DCP}/state_dict_loader.py", 229, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
                (f"{DCP}/utils.py", 191, "reduce_scatter", "raise result"),
            ], [f"torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys({list(range(16))})"] + inner,
                prefix=f"[rank{r}]:")
        tf = add(t0, 36)
        L += elastic_failure(tf, h, "torchtitan/train.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=tf) for k in range(8)], tid=2201 + ni)
        b.add(f"{h}/torchrun.log", L)
        b.add(f"{h}/nvidia-smi.txt", smi_table(add(tf, 60), gpus_healthy(rng, used=(1, 3), util=(0, 0), pwr=(70, 76)), [], driver="550.127.05", cuda="12.4"))
    b.add("train_configs/llama3_8b_deep.toml", [
        "[job]", "dump_folder = \"./outputs\"", "description = \"Llama 3 8B training (deep)\"", "",
        "[model]", "name = \"llama3\"", "flavor = \"8B_deep\"   # 36 layers; was \"8B\" for steps 0-3000", "tokenizer_path = \"./assets/tokenizer/original/tokenizer.model\"", "",
        "[training]", "batch_size = 2", "seq_len = 8192", "steps = 20000", "data_parallel_shard_degree = -1", "tensor_parallel_degree = 2", "",
        "[checkpoint]", "enable_checkpoint = true", "folder = \"checkpoint\"", "interval = 500", "load_step = 3000", "model_weights_only = false"])
    b.add("previous_run_tail.log", [
        titan(0, T("2025-02-13 23:41:02.118"), "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')"),
        titan(0, T("2025-02-14 07:48:11.532"), "step: 3000  loss:  2.9134  memory: 61.04GiB(77.21%)  tps: 6,402  tflops: 371.62  mfu: 37.58%"),
        titan(0, T("2025-02-14 07:48:11.601"), "Saving the checkpoint (or staging if async is enabled)."),
        titan(0, T("2025-02-14 07:48:33.045"), "[GC] GC collection invoked by checkpointer. 0.02 seconds."),
        titan(0, T("2025-02-14 07:48:33.046"), "Finished saving the checkpoint (or staging if async is enabled)in 21.44 seconds."),
        titan(0, T("2025-02-14 07:48:35.212"), "Training completed"),
    ])
    b.add("checkpoint_listing.txt", ["$ ls outputs/checkpoint/", "step-2500  step-3000", "$ ls outputs/checkpoint/step-3000 | head",
                                     ".metadata", "__0_0.distcp", "__10_0.distcp", "__11_0.distcp", "__12_0.distcp", "__13_0.distcp"])
    b.label("user_code", "script", None, None, "stop",
            "All 16 ranks fail in DCP load planning with 'Missing key in checkpoint state_dict: "
            "model.layers.32...': the job config switched the model flavor to a 36-layer variant and resumes from a "
            "step-3000 checkpoint written by the 32-layer model. Deterministic configuration error.",
            "https://github.com/pytorch/torchtitan/pull/634")
    return b


# =====================================================================================  az12
def az12():
    rng = rng_for(12)
    b = Bundle("az12_dcp_save_fails_on_several_ranks")
    hosts = ["node1001", "node1002", "node1003", "node1004"]
    tsave = T("2024-12-18 10:02:00.412")
    failing = {3: 13.1, 9: 14.7, 14: 15.2, 22: 16.0, 27: 18.9}
    for ni, h in enumerate(hosts):
        L = rdzv_lines(T("2024-12-18 06:40:02"), 9900 + ni, h, "pt-mm-0412", 4, "node1001:29400")
        pids = pidseq(rng, 50000, 90000)
        if h == "node1001":
            L += [f"[default5]:{h}:{pids[5]}:{pids[5] + 88} [5] NCCL WARN NET/IB : Got async event : port error",
                  f"[default5]:{h}:{pids[5]}:{pids[5] + 88} [5] NCCL WARN NET/IB : Got async event : port active"]
        if ni == 0:
            st = T("2024-12-18 06:44:30")
            for step in range(100, 5001, 100):
                st = add(st, 100 * 2.31 + rng.uniform(-1, 1))
                L.append(f"[default0]:{pyts(st)} INFO train: step {step:>6} | loss {2.4 - 0.3 * step / 5000 + rng.uniform(-0.02, 0.02):.4f} | lr 3.00e-04 | tok/s/gpu 9{rng.randint(100, 400)} | mem 58.3GiB")
            L.append(f"[default0]:{pyts(tsave)} INFO ckpt: saving step 5000 to /lustre/fsw/llm/ckpt/run42/step-5000 (dcp, 32 ranks)")
        for k in range(8):
            r = ni * 8 + k
            if r in failing:
                tr = add(tsave, failing[r])
                L += traceback([
                    (f"{DCP}/utils.py", 212, "all_gather", "result = map_fun()"),
                    (f"{DCP}/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
                    (f"{DCP}/state_dict_saver.py", 314, "write_data", "all_writes = storage_writer.write_data(final_local_plan, planner)"),
                    (f"{DCP}/filesystem.py", 598, "write_data", "_write_files_from_queue("),
                    (f"{DCP}/filesystem.py", 379, "_write_files_from_queue", "_write_item(stream, data, write_item, storage_key)"),
                    (f"{DCP}/filesystem.py", 289, "_write_item", "torch.save(data, stream)"),
                    (f"{PY}/torch/serialization.py", 652, "save", "with _open_zipfile_writer(f) as opened_zipfile:"),
                    (f"{PY}/torch/serialization.py", 499, "__exit__", "self.file_like.write_end_of_file()"),
                ], f"RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos {rng.randint(400, 900)} vs {rng.randint(300, 399)}" if r == 22 else
                   "OSError: [Errno 28] No space left on device", prefix=f"[default{k}]:")
        tx = add(tsave, 21)
        for k in range(8):
            r = ni * 8 + k
            L += [f"[default{k}]:Traceback (most recent call last):",
                  f'[default{k}]:  File "/home/svc-llm/mm/train.py", line 402, in <module>',
                  f"[default{k}]:    main()",
                  f'[default{k}]:  File "/home/svc-llm/mm/train.py", line 377, in main',
                  f"[default{k}]:    ckpt.save(step, model, optim, dataloader)",
                  f'[default{k}]:  File "/home/svc-llm/mm/ckpt.py", line 58, in save',
                  f"[default{k}]:    dcp.save(state, checkpoint_id=path)",
                  f'[default{k}]:  File "{DCP}/state_dict_saver.py", line 334, in _save_state_dict',
                  f'[default{k}]:    return distW.all_reduce("write", write_data, finish_checkpoint)',
                  f'[default{k}]:  File "{DCP}/utils.py", line 233, in all_reduce',
                  f"[default{k}]:    raise result",
                  f"[default{k}]:torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys({sorted(failing)})"]
            if k % 3 == 0:
                L.append(f"[default{k}]:" + c10d(r, "W", add(tx, 1), "ProcessGroupNCCL.cpp:1250",
                                                 "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())", rng)[len(f"[rank{r}]:"):])
        L += elastic_failure(add(tx, 3), h, "train.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=add(tx, 3)) for k in range(8)], tid=9900 + ni)
        b.add(f"{h}/torchrun_tee.log", L)
        D = [f"{dmesg_T(T('2024-12-10 04:21:00'))} Lustre: Lustre: Build Version: 2.15.4_ddn21"]
        if h == "node1001":
            D += [f"{dmesg_T(T('2024-12-18 09:12:41'))} mlx5_core 0000:9a:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: module 5, Cable unplugged",
                  f"{dmesg_T(T('2024-12-18 09:12:43'))} mlx5_core 0000:9a:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: module 5, Cable plugged"]
        if h in ("node1002", "node1004"):
            D.append(f"{dmesg_T(add(tsave, 14.6))} LustreError: 11-0: fsw-OST0007-osc-ffff9b2c4a1e1000: operation ost_write to node 10.0.3.17@o2ib failed: rc = -28")
        b.add(f"{h}/dmesg.txt", D)
    b.add("lfs_df_fsw.txt", [
        "$ lfs df -h /lustre/fsw",
        "UUID                       bytes        Used   Available Use% Mounted on",
        "fsw-MDT0000_UUID            2.9T      412.2G        2.3T  15% /lustre/fsw[MDT:0]",
        "fsw-OST0000_UUID           87.3T       71.2T       11.7T  86% /lustre/fsw[OST:0]",
        "fsw-OST0001_UUID           87.3T       74.9T        8.0T  91% /lustre/fsw[OST:1]",
        "fsw-OST0002_UUID           87.3T       69.0T       13.9T  84% /lustre/fsw[OST:2]",
        "fsw-OST0003_UUID           87.3T       77.4T        5.5T  94% /lustre/fsw[OST:3]",
        "fsw-OST0004_UUID           87.3T       70.1T       12.8T  85% /lustre/fsw[OST:4]",
        "fsw-OST0005_UUID           87.3T       72.6T       10.3T  88% /lustre/fsw[OST:5]",
        "fsw-OST0006_UUID           87.3T       71.7T       11.2T  87% /lustre/fsw[OST:6]",
        "fsw-OST0007_UUID           87.3T       87.3T        0.0T 100% /lustre/fsw[OST:7]",
        "",
        "filesystem_summary:       698.4T      594.2T       73.4T  90% /lustre/fsw",
        "",
        "$ lfs quota -u svc-llm -h /lustre/fsw",
        "Disk quotas for usr svc-llm (uid 30112):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "    /lustre/fsw  61.42T      0k      0k       -  3108112       0       0       -",
    ])
    b.label("storage", "infrastructure", None, None, "stop",
            "The DCP save at step 5000 fails on five ranks spread over four nodes with ENOSPC (and one truncated "
            "zip write) and then everyone raises CheckpointException. lfs df shows OST0007 at 100% on a 90%-full "
            "shared Lustre (no user quota involved), and the clients log ost_write rc=-28. Space must be freed by an admin.",
            "https://github.com/awslabs/awsome-distributed-ai/pull/1225")
    return b


# =====================================================================================  az14
def az14():
    rng = rng_for(14)
    b = Bundle("az14_compile_fails_on_one_node_others_time_out")
    hosts = ["gpu-b-115", "gpu-b-116", "gpu-b-117", "gpu-b-118"]
    bad = "gpu-b-117"
    skew = 662.0  # gpu-b-117's clock runs 11 minutes fast
    t0 = T("2025-03-11 10:00:02.000")
    t_fail = T("2025-03-11 10:04:51.300")  # true time of the inductor error
    for ni, h in enumerate(hosts):
        off = skew if h == bad else 0.0
        pids = pidseq(rng, 10000, 60000)
        L = rdzv_lines(add(t0, off), 7700 + ni, h, "dense-13b-c", 4, "gpu-b-115:29400")
        L += torchrun_banner(add(t0, off + 1.2), 7700 + ni)
        if ni == 0:
            L.append(f"[rank0]:{pyts(add(t0, 40))} INFO trainer: model=dense-13b fsdp2(reshard_after_forward=True) compile=True seq_len=4096")
            L.append(f"[rank0]:{pyts(add(t0, 46))} INFO trainer: compiling transformer blocks (torch.compile, mode=default)")
        if h == bad:
            for k in range(8):
                r = ni * 8 + k
                tr = add(t_fail, off + k * 0.07)
                L += traceback([
                    ("/opt/app/train.py", 288, "<module>", "main()"),
                    ("/opt/app/train.py", 241, "main", "loss = model(batch).loss"),
                    (f"{PY}/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                    (f"{PY}/torch/_dynamo/convert_frame.py", 1269, "__call__", "return self._torchdynamo_orig_callable("),
                    (f"{PY}/torch/_dynamo/output_graph.py", 1465, "call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e) from e"),
                ], ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                    f"OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc-train/triton/0/tmp.pid_{pids[k]}_{rng.randint(10**7, 10**8)}'",
                    "",
                    'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
                    "",
                    "",
                    "You can suppress this exception and fall back to eager by setting:",
                    "    import torch._dynamo",
                    "    torch._dynamo.config.suppress_errors = True",
                    ""], prefix=f"[rank{r}]:")
            tx = add(t_fail, off + 1.5)
            L += elastic_failure(tx, h, "train.py",
                                 [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=tx) for k in range(8)], tid=7700 + ni)
        else:
            tw = add(t_fail, 600.7)
            for k in range(8):
                r = ni * 8 + k
                L += watchdog_timeout(r, add(tw, rng.random() * 0.4), 7, "_ALLGATHER_BASE", 13107200, 600000 + rng.randint(30, 400), rng,
                                      last_done=6, frames=(k == 0), numel_out=13107200 * 32)
            tx = add(tw, 3)
            L += elastic_failure(tx, h, "train.py",
                                 [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8)],
                                 tid=7700 + ni)
        b.add(f"{h}/torchrun.log", L)
        if h == bad:
            b.add(f"{h}/df_h.txt", ["Filesystem      Size  Used Avail Use% Mounted on",
                                    "tmpfs           202G  4.1M  202G   1% /run",
                                    "/dev/nvme0n1p2  438G  438G     0 100% /",
                                    "tmpfs          1008G     0 1008G   0% /dev/shm",
                                    "/dev/nvme1n1   7.0T  1.2T  5.8T  18% /local_scratch",
                                    "weka01:/train  1.1P  402T  698T  37% /mnt/weka",
                                    "",
                                    "$ sudo du -xsh /var/lib/systemd/coredump /tmp /var/log 2>/dev/null",
                                    "401G\t/var/lib/systemd/coredump",
                                    "2.3G\t/tmp",
                                    "1.9G\t/var/log"])
            b.add(f"{h}/chronyc_tracking.txt", ["Reference ID    : 00000000 ()", "Stratum         : 0",
                                                "Ref time (UTC)  : Thu Jan 01 00:00:00 1970",
                                                "System time     : 661.942871094 seconds fast of NTP time",
                                                "Last offset     : +0.000000000 seconds", "RMS offset      : 0.000000000 seconds",
                                                "Frequency       : 0.000 ppm slow", "Leap status     : Not synchronised"])
        else:
            b.add(f"{h}/df_h.txt", ["Filesystem      Size  Used Avail Use% Mounted on",
                                    f"/dev/nvme0n1p2  438G  {rng.randint(40, 70)}G  {rng.randint(360, 390)}G  {rng.randint(10, 16)}% /",
                                    "/dev/nvme1n1   7.0T  1.1T  5.9T  16% /local_scratch",
                                    "weka01:/train  1.1P  402T  698T  37% /mnt/weka"])
            b.add(f"{h}/chronyc_tracking.txt", ["Reference ID    : 0A000101 (ntp1.cluster)", "Stratum         : 3",
                                                f"System time     : 0.0000{rng.randint(10, 99)}118 seconds slow of NTP time",
                                                "Leap status     : Normal"])
    b.label("storage", "infrastructure", bad, None, "restart_without_node",
            "Only gpu-b-117's ranks fail, inside inductor with ENOSPC on /tmp: its root disk is 100% full (401G of "
            "core dumps). The other nodes' allgather timeouts at seq 7 come 10 minutes later in real time; they only look "
            "earlier because gpu-b-117's clock is 662 s fast (chrony unsynchronised). A local disk problem on one node.",
            "https://github.com/pytorch/pytorch/issues/121122")
    return b


# =====================================================================================  az15
def az15():
    rng = rng_for(15)
    b = Bundle("az15_inductor_backend_import_error_everywhere")
    pods = ["qwen-ft-node-0", "qwen-ft-node-1"]
    t0 = T("2025-02-27 14:31:10")
    P11 = "/usr/local/lib/python3.11/dist-packages"
    for pi, p in enumerate(pods):
        L = torchrun_banner(t0, 1)
        for k in range(8):
            r = pi * 8 + k
            if r == 0:
                L += [f"[rank0]:{iso(add(t0, 30))} | INFO | ft | Liger kernels applied: rms_norm, swiglu, fused_linear_cross_entropy",
                      f"[rank0]:{iso(add(t0, 31))} | INFO | ft | torch.compile(model.layers[*], dynamic=False)"]
            L += traceback([
                ("/app/ft.py", 212, "<module>", "train(cfg)"),
                ("/app/ft.py", 171, "train", "out = model(**batch)"),
                (f"{P11}/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                (f"{P11}/torch/_dynamo/convert_frame.py", 1269, "__call__", "return self._torchdynamo_orig_callable("),
                (f"{P11}/torch/_dynamo/output_graph.py", 1465, "call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e) from e"),
            ], ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                f"ImportError: cannot import name 'AttrsDescriptor' from 'triton.compiler.compiler' ({P11}/triton/compiler/compiler.py)",
                "",
                'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
                "",
                "",
                "You can suppress this exception and fall back to eager by setting:",
                "    import torch._dynamo",
                "    torch._dynamo.config.suppress_errors = True",
                ""], prefix=f"[rank{r}]:")
        pids = pidseq(rng, 40, 200)
        tf = add(t0, 58)
        L += elastic_failure(tf, p, "ft.py", [dict(rank=pi * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=tf) for k in range(8)], tid=1,
                             binary="/usr/bin/python3")
        b.add(f"{p}/pod.log", L)
    b.add("image_build_log_tail.txt", [
        "# platform base image build: us-docker.pkg.dev/acme-ml/base/pytorch-train:25.02 (used by qwen-ft)",
        "#14 [9/11] RUN pip install --no-cache-dir -r /opt/platform/requirements-kernels.txt",
        "#14 41.22 Collecting liger-kernel==0.5.4 (from -r /opt/platform/requirements-kernels.txt (line 7))",
        "#14 44.90 Collecting triton>=3.2.0 (from liger-kernel==0.5.4->-r /opt/platform/requirements-kernels.txt (line 7))",
        "#14 51.37 Installing collected packages: triton, liger-kernel",
        "#14 55.02   Attempting uninstall: triton",
        "#14 55.02     Found existing installation: triton 3.1.0",
        "#14 55.60     Uninstalling triton-3.1.0:",
        "#14 56.11       Successfully uninstalled triton-3.1.0",
        "#14 63.48 ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
        "#14 63.48 torch 2.5.1 requires triton==3.1.0; platform_system == \"Linux\" and platform_machine == \"x86_64\" and python_version < \"3.13\", but you have triton 3.2.0 which is incompatible.",
        "#14 63.49 Successfully installed liger-kernel-0.5.4 triton-3.2.0",
        "#14 DONE 66.1s",
    ])
    b.add("kubectl_get_pods.txt", ["NAME             READY   STATUS   RESTARTS   AGE   IP            NODE",
                                   "qwen-ft-node-0   0/1     Error    0          3m    10.244.3.17   gke-h100-pool-7c1a-r2bq",
                                   "qwen-ft-node-1   0/1     Error    0          3m    10.244.5.9    gke-h100-pool-7c1a-xm0d"])
    b.label("dependency", "framework", None, None, "stop",
            "Every rank in both pods fails the first torch.compile with an inductor ImportError for AttrsDescriptor. "
            "The base image build replaced triton 3.1.0 with 3.2.0 (pulled in by liger-kernel), which torch 2.5.1 does not "
            "support, as pip's resolver warning says. A version mismatch between packages.",
            "https://github.com/Comfy-Org/ComfyUI/issues/7106")
    return b


# =====================================================================================  az16
def az16():
    rng = rng_for(16)
    b = Bundle("az16_compile_fullgraph_error_in_forward")
    hosts = ["dgx-a100-041", "dgx-a100-042"]
    t0 = T("2024-09-03 12:30:04")
    for ni, h in enumerate(hosts):
        L = torchrun_banner(t0, 5100 + ni)
        pids = pidseq(rng, 10000, 99999)
        for k in range(8):
            r = ni * 8 + k
            tr = add(t0, 64 + rng.random())
            if k == 0:
                L.append(f"[rank{r}]:W0903 12:31:0{rng.randint(0, 9)}.{rng.randint(100000, 999999)} {pids[k]} torch/_inductor/utils.py:1137] [0/0] Not enough SMs to use max_autotune_gemm mode")
            L += traceback([
                ("/home/jl/moe/train.py", 198, "<module>", "main()"),
                ("/home/jl/moe/train.py", 160, "main", "logits = model(tokens)"),
                (f"{PY}/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                (f"{PY}/torch/_dynamo/convert_frame.py", 1269, "__call__", "return self._torchdynamo_orig_callable("),
                (f"{PY}/torch/_dynamo/symbolic_convert.py", 582, "inner", "raise exc.UserError("),
            ], ["torch._dynamo.exc.UserError: Dynamic control flow is not supported at the moment. Please use functorch.experimental.control_flow.cond to explicitly capture the control flow. For more information about this error, see: https://pytorch.org/docs/main/generated/exportdb/index.html#cond-operands",
                "",
                "from user code:",
                '   File "/home/jl/moe/model.py", line 211, in forward',
                "    h = layer(h)",
                '  File "/home/jl/moe/moe.py", line 88, in forward',
                "    if (expert_counts == 0).any():",
                "",
                'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information',
                ""], prefix=f"[rank{r}]:")
        tf = add(t0, 70)
        L += elastic_failure(tf, h, "train.py", [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=tf) for k in range(8)],
                             tid=5100 + ni)
        b.add(f"{h}/train_{h}.log", L)
        b.add(f"{h}/dmesg.txt", [f"{dmesg_T(T('2024-08-30 16:00:01'))} Linux version 5.15.0-119-generic (buildd@lcy02-amd64-032)",
                                 f"{dmesg_T(T('2024-08-30 16:00:20'))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.06",
                                 f"{dmesg_T(T('2024-09-03 12:29:58'))} nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel"])
    b.add("train_cmd.txt", ["torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint dgx-a100-041:29400 train.py "
                            "--compile --compile-fullgraph --fsdp2 --experts 16 --top-k 2"])
    b.label("user_code", "script", None, None, "stop",
            "Every rank fails on the first forward: torch.compile with fullgraph=True cannot trace the data-dependent "
            "branch `if (expert_counts == 0).any():` in the user's moe.py. The dynamo UserError points straight at "
            "user code; it reproduces on all 16 ranks.",
            "https://github.com/pytorch/pytorch/issues/107587")
    return b


# =====================================================================================  az18
def az18():
    rng = rng_for(18)
    b = Bundle("az18_cuda_oom_same_step_all_ranks")
    hosts = ["gpu-h100-201", "gpu-h100-202", "gpu-h100-203", "gpu-h100-204"]
    t0 = T("2024-10-09 17:20:00")
    tf = T("2024-10-09 17:23:31.200")
    for ni, h in enumerate(hosts):
        pids = pidseq(rng, 100000, 200000)
        L = torchrun_banner(t0, 3300 + ni)
        if ni == 0:
            L += [f"[rank0]:{pyts(add(t0, 50))} | config | model=llama-34b fsdp=FULL_SHARD mixed_precision=bf16 activation_checkpointing=False",
                  f"[rank0]:{pyts(add(t0, 50))} | config | seq_len=16384 (prev run: 8192) micro_batch=2 grad_accum=8",
                  f"[rank0]:{pyts(add(t0, 180))} | step 0 | loss 11.942 | mem_alloc 61.2GiB | mem_reserved 66.0GiB"]
        for k in range(8):
            r = ni * 8 + k
            te = add(tf, rng.random() * 0.6)
            if k == 6 and ni in (1, 3):
                L += nccl_remote_error(r, add(tf, 2.5), rng, f"[Service thread] Connection closed by localRank {rng.choice([1, 3])}",
                                       version="2.20.5")
                continue
            tried = rng.choice(["7.81", "7.81", "3.91"])
            free = rng.uniform(1.1, 5.9)
            inuse = 79.1 - free
            L += traceback([
                ("/home/svc/llm/train.py", 311, "<module>", "main()"),
                ("/home/svc/llm/train.py", 262, "main", "loss = model(input_ids, labels=labels).loss"),
                (f"{PY}/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                ("/home/svc/llm/model.py", 144, "forward", "attn = torch.softmax(scores, dim=-1)"),
            ], f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried} GiB. GPU {k} has a total capacity of 79.11 GiB of which {free:.2f} GiB is free. "
               f"Including non-PyTorch memory, this process has {inuse:.2f} GiB memory in use. Of the allocated memory {inuse - 4.3:.2f} GiB is allocated by PyTorch, "
               "and 3.88 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
               "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
               "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)", prefix=f"[rank{r}]: ")
        tx = add(tf, 4)
        L += elastic_failure(tx, h, "train.py", [dict(rank=ni * 8 + k, local_rank=k, exitcode=1, pid=pids[k], time=tx) for k in range(8)],
                             tid=3300 + ni)
        b.add(f"{h}/torchrun.log", L)
        b.add(f"{h}/nvidia-smi.txt", smi_table(add(tf, 45), gpus_healthy(rng, used=(1, 3), util=(0, 0), pwr=(70, 80)), [], driver="550.90.07", cuda="12.4"))
    b.label("oom", "framework", None, None, "stop",
            "Nearly every rank on all four nodes hits torch.OutOfMemoryError in the attention softmax on the same step, "
            "right after seq_len was doubled to 16384 with activation checkpointing off. No foreign processes; the few NCCL "
            "'connection closed' errors are ranks whose neighbours had already died. The job's own memory footprint is too large.",
            "https://github.com/pytorch/pytorch/pull/99699")
    return b


# =====================================================================================  az19
def az19():
    rng = rng_for(19)
    b = Bundle("az19_one_rank_oom_others_lose_peer")
    hosts = ["a100-sxm-x01", "a100-sxm-x02", "a100-sxm-x03", "a100-sxm-x04"]
    bad, bad_gpu = "a100-sxm-x04", 2
    bad_rank = 3 * 8 + bad_gpu
    foreign = 3391022
    t0 = T("2024-07-30 22:10:00")
    tf = T("2024-07-31 01:41:19.551")
    for ni, h in enumerate(hosts):
        pids = pidseq(rng, 600000, 700000)
        L = torchrun_banner(t0, 1800 + ni)
        L += [nccl(h, pids[0], pids[0] + 3, 0, f"NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [RO]; OOB ibs1:10.30.0.{11 + ni}<0>")]
        if ni == 0:
            st = add(t0, 200)
            for step in range(10, 213, 10):
                st = add(st, 10 * 61.5)
                L.append(f"[rank0]:{pyts(st)} step={step} loss={3.2 - step * 0.003 + rng.uniform(-0.03, 0.03):.4f} mem_alloc=55.4GiB peak=57.6GiB tokens/s/gpu=2{rng.randint(100, 300)}")
        if h == bad:
            L += traceback([
                ("/home/ssvc/pt/train_fsdp.py", 244, "<module>", "main()"),
                ("/home/ssvc/pt/train_fsdp.py", 201, "main", "loss.backward()"),
                (f"{PY}/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (f"{PY}/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU {bad_gpu} has a total capacity of 79.15 GiB of which 18.75 MiB is free. "
               f"Process {foreign} has 21.46 GiB memory in use. Including non-PyTorch memory, this process has 57.60 GiB memory in use. Of the allocated memory "
               "55.31 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
               "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
               "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)", prefix=f"[rank{bad_rank}]: ")
            for k in range(8):
                if k != bad_gpu:
                    L += nccl_remote_error(ni * 8 + k, add(tf, 1.2 + rng.random()), rng,
                                           f"[Service thread] Connection closed by localRank {bad_gpu}", version="2.21.5")
            tx = add(tf, 3)
            L += elastic_failure(tx, h, "train_fsdp.py", [dict(rank=bad_rank, local_rank=bad_gpu, exitcode=1, pid=pids[bad_gpu], time=add(tf, 0.5))] +
                                 [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8) if k != bad_gpu],
                                 tid=1800 + ni)
        else:
            for k in range(8):
                r = ni * 8 + k
                L += nccl_remote_error(r, add(tf, 1.5 + rng.random() * 2), rng,
                                       f"NET/IB : Got completion from peer 10.30.0.{rng.choice([14, 14, 14, 12 if ni != 1 else 13])}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.30.0.{11 + ni} remoteGids::ffff:10.30.0.14 hca mlx5_{k % 4}",
                                       version="2.21.5")
            tx = add(tf, 4)
            L += elastic_failure(tx, h, "train_fsdp.py",
                                 [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8)],
                                 tid=1800 + ni)
        b.add(f"{h}/torchrun.log", L)
        if h == bad:
            gp = gpus_healthy(rng, pci=PCI_A100, used=(1, 3), util=(0, 0), pwr=(60, 70), cap=400, total=81920)
            gp[bad_gpu]["used"] = 21968
            gp[bad_gpu]["util"] = 0
            b.add(f"{h}/nvidia-smi.txt", smi_table(add(tf, 120), gp, [(bad_gpu, foreign, "python3", 21968)], model="NVIDIA A100-SXM4-80GB"))
            b.add(f"{h}/ps_foreign.txt", [
                "$ ps -o user,pid,ppid,lstart,etime,cmd -p 3391022",
                "USER         PID    PPID                  STARTED     ELAPSED CMD",
                "jdoe     3391022       1 Mon Jul 29 09:14:02 2024  1-16:27:40 python3 /home/jdoe/eval_server.py --port 8081 --device cuda:2",
                "$ squeue -w a100-sxm-x04 -o '%i %u %j %T'",
                "JOBID USER JOBNAME STATE",
                "8812041 ssvc llm-fsdp-34b RUNNING",
                "$ loginctl list-sessions | grep jdoe",
                "   412 51003 jdoe  -   pts/3",
            ])
        else:
            b.add(f"{h}/nvidia-smi.txt", smi_table(add(tf, 120), gpus_healthy(rng, pci=PCI_A100, used=(1, 3), util=(0, 0), pwr=(60, 70), cap=400, total=81920), [],
                                                   model="NVIDIA A100-SXM4-80GB"))
    b.label("oom", "infrastructure", bad, bad_rank, "restart_without_node",
            "Only rank 26 (a100-sxm-x04, GPU 2) runs out of memory, at step 212 while others peak at 57.6 GiB. Its OOM "
            "message names another process, PID 3391022, holding 21.46 GiB; nvidia-smi and ps show a user's "
            "eval_server.py pinned to cuda:2 outside Slurm for 40 hours. Other ranks only report the lost peer.",
            "https://github.com/pytorch/pytorch/issues/40863")
    return b


# =====================================================================================  az25
def az25():
    rng = rng_for(25)
    b = Bundle("az25_run_hangs_one_rank_missing_from_collective")
    hosts = ["titan-h100-01", "titan-h100-02", "titan-h100-03", "titan-h100-04"]
    bad, bad_gpu = "titan-h100-04", 3
    bad_rank = 3 * 8 + bad_gpu
    seq = 88214
    t0 = T("2025-05-19 00:02:10")
    t_last = T("2025-05-19 06:41:02.771")
    for ni, h in enumerate(hosts):
        pids = pidseq(rng, 2200000, 2300000)
        if h == bad:
            bad_pid = pids[bad_gpu]
        L = torchrun_banner(t0, 4400 + ni)
        if ni == 0:
            st = add(t0, 120)
            for step in range(10, 8101, 10):
                st = add(st, 10 * 2.93 + rng.uniform(-0.05, 0.05))
                L.append(titan(0, st, f"step: {step:>5}  loss: {3.4 - 1.1 * step / 8100 + rng.uniform(-0.03, 0.03):7.4f}  memory: 52.{rng.randint(10, 99)}GiB(66.{rng.randint(10, 99)}%)  tps: 5,{rng.randint(500, 700)}  tflops: 3{rng.randint(20, 40)}.{rng.randint(10, 99)}  mfu: 3{rng.randint(2, 4)}.{rng.randint(10, 99)}%"))
        tw = add(t_last, 600.2)
        for k in range(8):
            r = ni * 8 + k
            if r == bad_rank:
                continue
            L += watchdog_timeout(r, add(tw, rng.random() * 0.5), seq, "_ALLGATHER_BASE", 29360128, 600000 + rng.randint(40, 600), rng,
                                  last_done=seq - 1, frames=(k == 0), numel_out=939524096)
            L.append(c10d(r, "E", add(tw, 0.6), "ProcessGroupNCCL.cpp:1414",
                          f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc.", rng))
        if h == bad:
            L.append(c10d(bad_rank, "E", add(tw, 1.4), "ProcessGroupNCCL.cpp:1414",
                          f"[PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: {seq - 1}, last completed NCCL work: {seq - 1}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc.", rng))
            L.append(c10d(bad_rank, "E", add(tw, 1.5), "ProcessGroupNCCL.cpp:1476",
                          f"[PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1", rng))
            L.append(c10d(bad_rank, "E", add(tw, 481.0), "ProcessGroupNCCL.cpp:1437",
                          f"[PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=0", rng))
        tx = add(tw, 483)
        L += elastic_failure(tx, h, "torchtitan/train.py",
                             [dict(rank=ni * 8 + k, local_rank=k, exitcode=-6, pid=pids[k], tb=sig_tb(6, pids[k]), time=tx) for k in range(8)],
                             tid=4400 + ni)
        b.add(f"{h}/torchrun.log", L)
        if h == bad:
            b.add(f"{h}/py-spy_dump_rank27.txt", [
                f"Process {bad_pid}: /usr/bin/python3 -u -m torchtitan.train --job.config_file ./train_configs/llama3_70b.toml",
                "Python v3.12.3 (/usr/bin/python3.12)",
                "",
                f"Thread {bad_pid} (active): \"MainThread\"",
                "    cuStreamSynchronize (libcuda.so.1)",
                "    0x7f61a2c1e3b9 (libcudart.so.12)",
                "    cudaStreamSynchronize (libcudart.so.12)",
                "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                "    at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
                "    at::native::item (libtorch_cpu.so)",
                "    THPVariable_item (libtorch_python.so)",
                "    train_step (torchtitan/train.py:412)",
                "    train (torchtitan/train.py:480)",
                "    <module> (torchtitan/train.py:572)",
                f"Thread {bad_pid + 61} (idle): \"Thread-2 (_pin_memory_loop)\"",
                "    wait (threading.py:359)",
                "    get (queue.py:180)",
            ])
            b.add(f"{h}/kern.log", [
                syslog(T("2025-05-12 08:11:09"), h, "kernel", "Linux version 6.8.0-1015-nvidia (buildd@lcy02-amd64-052)"),
                syslog(add(t_last, 245), h, "kernel", f"INFO: task python3:{bad_pid} blocked for more than 245 seconds."),
                syslog(add(t_last, 245), h, "kernel", "      Tainted: P           OE      6.8.0-1015-nvidia #16-Ubuntu"),
                syslog(add(t_last, 245), h, "kernel", "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                syslog(add(t_last, 245), h, "kernel", f"task:python3         state:D stack:0     pid:{bad_pid} tgid:{bad_pid} ppid:{bad_pid - 9} flags:0x00004002"),
                syslog(add(t_last, 245), h, "kernel", "Call Trace:"),
                syslog(add(t_last, 245), h, "kernel", " <TASK>"),
                syslog(add(t_last, 245), h, "kernel", " __schedule+0x27c/0x6b0"),
                syslog(add(t_last, 245), h, "kernel", " schedule+0x33/0x110"),
                syslog(add(t_last, 245), h, "kernel", " schedule_timeout+0x157/0x170"),
                syslog(add(t_last, 245), h, "kernel", " __down_common+0x11f/0x250"),
                syslog(add(t_last, 245), h, "kernel", " os_acquire_semaphore+0x4b/0x90 [nvidia]"),
                syslog(add(t_last, 245), h, "kernel", " _nv040946rm+0x10/0x20 [nvidia]"),
                syslog(add(t_last, 245), h, "kernel", " rm_ioctl+0x63/0xb0 [nvidia]"),
                syslog(add(t_last, 245), h, "kernel", " nvidia_ioctl+0x6b0/0x8f0 [nvidia]"),
                syslog(add(t_last, 245), h, "kernel", " __x64_sys_ioctl+0xa3/0xf0"),
                syslog(add(t_last, 245), h, "kernel", " </TASK>"),
            ])
            gp = gpus_healthy(rng, util=(100, 100), pwr=(118, 132))
            gp[bad_gpu]["pwr"] = 402
            b.add(f"{h}/nvidia-smi.txt", smi_table(add(t_last, 420), gp, [(i, pids[i], "/usr/bin/python3", rng.randint(60000, 66000)) for i in range(8)],
                                                   driver="560.35.03", cuda="12.6"))
    b.add("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/titan/fr_dumps/ --prefix nccl_trace_rank_",
        "loaded 32 files in 3.88s",
        "built groups, memberships",
        f"Not all ranks joining collective {seq} at entry 19201",
        "group info: 0:default_pg",
        "collective: nccl:_allgather_base",
        f"missing ranks: {{{bad_rank}}}",
        "input sizes: [[29360128]]",
        "output sizes: [[939524096]]",
        "expected ranks: 32",
        "collective state: scheduled",
        "collective stack trace:",
        "  torch/distributed/_composable/fsdp/_fsdp_collectives.py:foreach_all_gather",
        "  torch/distributed/_composable/fsdp/_fsdp_param_group.py:unshard",
        "  torchtitan/models/llama3/model.py:TransformerBlock.forward",
        "",
        f"rank {bad_rank}: last entry {seq - 1} (nccl:_reduce_scatter_base) state=completed; no entry for {seq}",
    ])
    b.label("hang", "infrastructure", bad, bad_rank, "run_diagnostics",
            "31 ranks time out in FSDP all-gather 88214; the flight recorder shows only rank 27 never enqueued it. "
            "py-spy shows rank 27 blocked in cudaStreamSynchronize under loss.item(), and titan-h100-04's kernel reports "
            "that pid in D state inside the nvidia ioctl. A rank provably stuck in the driver, without an Xid to classify it.",
            "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return b


# =====================================================================================  az27
def az27():
    rng = rng_for(27)
    b = Bundle("az27_errors_during_checkpoint_at_end_of_walltime")
    hosts = ["gpu-n017", "gpu-n018", "gpu-n019"]
    job = 7781203
    t0 = T("2024-12-02 08:14:00")
    tl = T("2024-12-03 08:14:02")
    out = [f"Job {job} started {t0:%Y-%m-%dT%H:%M:%S} on {','.join(hosts)} (time limit 1-00:00:00)"]
    st = add(t0, 300)
    step = 0
    while (tl - st).total_seconds() > 240:
        step += 50
        st = add(st, 50 * 8.65)
        out.append(pbar("Epoch 1", step % 20000, 20000, 8.65, f"v_num=12, loss={1.3 + rng.uniform(-0.05, 0.05):.3f}"))
    csave = add(tl, -37)
    out.append(f"Epoch 1, global step {step}: 'train_loss_epoch' was not in top 1")
    out.append(f"[checkpoint] {pyts(csave)} ModelCheckpoint(every_n_train_steps=2000): saving sharded checkpoint to /gpfs/proj/diff-xl/ckpt/step={step}.ckpt")
    out.append(f"slurmstepd: error: *** JOB {job} ON gpu-n017 CANCELLED AT {tl:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    out.append(f"slurmstepd: error: *** STEP {job}.0 ON gpu-n017 CANCELLED AT {tl:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    for ni, h in enumerate(hosts):
        pids = pidseq(rng, 300000, 400000)
        tg = add(tl, 0.2 + ni * 0.1)
        out.append(glog("W", tg, 6600 + ni, "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers"))
        for k in range(8):
            out.append(glog("W", tg, 6600 + ni, "torch/distributed/elastic/multiprocessing/api.py:897", f"Sending process {pids[k]} closing signal SIGTERM"))
        for k in range(8):
            r = ni * 8 + k
            te = add(tg, 0.3 + rng.random())
            out.append(f"[rank: {r}] Received SIGTERM: 15")
            if k in (1, 5):
                out += nccl_remote_error(r, add(te, 1.8), rng, "[Service thread] Connection closed by localRank 0",
                                         version="2.21.5")[:4]
            if r in (3, 11, 20):
                out += traceback([
                    ("/gpfs/proj/diff-xl/train.py", 141, "<module>", "trainer.fit(model, dm, ckpt_path=\"last\")"),
                    (f"{PY}/lightning/pytorch/callbacks/model_checkpoint.py", 390, "_save_checkpoint", "trainer.save_checkpoint(filepath, self.save_weights_only)"),
                    (f"{PY}/lightning/pytorch/strategies/fsdp.py", 573, "save_checkpoint", "_distributed_checkpoint_save(converted_state, path)"),
                    (f"{DCP}/state_dict_saver.py", 334, "_save_state_dict", "return distW.all_reduce(\"write\", write_data, finish_checkpoint)"),
                    (f"{DCP}/utils.py", 227, "all_reduce", "all_results = cast(list[Union[R, CheckpointException]], self.gather_object(local_data))"),
                    (f"{PY}/torch/distributed/distributed_c10d.py", 2843, "gather_object", "all_gather(object_size_list, local_size, group=group)"),
                ], "torch.distributed.DistBackendError: NCCL communicator was aborted on rank {}.".format(r), prefix=f"[rank{r}]: ")
        tx = add(tg, 30)
        out += traceback([
            ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
            (f"{PY}/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
            (f"{PY}/torch/distributed/run.py", 919, "main", "run(args)"),
            (f"{PY}/torch/distributed/launcher/api.py", 260, "launch_agent", "result = agent.run()"),
            (f"{PY}/torch/distributed/elastic/agent/server/api.py", 696, "run", "result = self._invoke_run(role)"),
            (f"{PY}/torch/distributed/elastic/agent/server/api.py", 855, "_invoke_run", "time.sleep(monitor_interval)"),
            (f"{PY}/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler", "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)"),
        ], f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {6600 + ni} got signal: 15")
    b.add(f"slurm-{job}.out", out)
    b.add("sacct.txt", [
        "       JobID    JobName  Partition      State  Timelimit    Elapsed ExitCode",
        "------------ ---------- ---------- ---------- ---------- ---------- --------",
        f"     {job}    diff-xl        gpu    TIMEOUT 1-00:00:00 1-00:00:02      0:0",
        f"{job}.batch      batch               CANCELLED            1-00:00:04     0:15",
        f"{job}.extern     extern              COMPLETED            1-00:00:02      0:0",
        f"   {job}.0     python              CANCELLED            1-00:00:01     0:15",
    ])
    for ni, h in enumerate(hosts):
        b.add(f"{h}/slurmd.log", [f"[{add(tl, 0):%Y-%m-%dT%H:%M:%S}.011] [{job}.0] error: *** STEP {job}.0 ON {hosts[0]} CANCELLED AT {tl:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
                                  f"[{add(tl, 32):%Y-%m-%dT%H:%M:%S}.402] [{job}.0] done with step",
                                  f"[{add(tl, 33):%Y-%m-%dT%H:%M:%S}.118] [{job}.batch] done with job"])
    b.label("unknown", "framework", None, None, "none",
            "Slurm cancelled the job at its 24-hour limit (sacct TIMEOUT) while a DCP checkpoint save was in "
            "flight. The SIGTERMs, aborted NCCL communicators and DCP gather errors all follow the cancellation; "
            "nothing failed on its own.",
            "https://slurm.schedmd.com/sbatch.html")
    return b


# =====================================================================================  az29
def az29():
    rng = rng_for(29)
    b = Bundle("az29_rendezvous_fails_on_all_pods_at_start")
    pods = ["pretrain-master-0", "pretrain-worker-0", "pretrain-worker-1", "pretrain-worker-2"]
    host = "pretrain-master-0.pretrain.ml-team.svc.cluster.local"
    t0 = T("2025-06-02 03:30:12")
    for pi, p in enumerate(pods):
        L = rdzv_lines(t0, 1, p, "pretrain-0602", 4, f"{host}:29400")
        if pi == 0:
            L.append(glog("I", add(t0, 0.4), 1, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1143",
                          "The node 'pretrain-master-0_1_0' attempts to join the next round of the rendezvous 'pretrain-0602'."))
            L.append(glog("I", add(t0, 900.3), 1, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1186",
                          "The node 'pretrain-master-0_1_0' has failed to join the rendezvous 'pretrain-0602' due to a timeout (1 of 4 nodes joined)."))
            L += traceback([
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (f"{PY}/torch/distributed/run.py", 910, "run", "elastic_launch("),
                (f"{PY}/torch/distributed/launcher/api.py", 260, "launch_agent", "result = agent.run()"),
                (f"{PY}/torch/distributed/elastic/agent/server/api.py", 542, "_rendezvous", "rdzv_info = spec.rdzv_handler.next_rendezvous()"),
                (f"{PY}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1162, "next_rendezvous", "self._op_executor.run(join_op, deadline, self._get_deadline)"),
                (f"{PY}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 676, "run", "raise RendezvousTimeoutError"),
            ], "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError")
        else:
            for i in range(0, 900, 5):
                tr = add(t0, 0.5 + i + rng.random())
                L.append(f"[W{tr:%m%d %H:%M:%S}.{tr.microsecond:06d}{rng.randint(100, 999)} socket.cpp:752] [c10d] The IPv6 network addresses of ({host}, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
                L.append(f"[W{tr:%m%d %H:%M:%S}.{tr.microsecond:06d}{rng.randint(100, 999)} socket.cpp:752] [c10d] The IPv4 network addresses of ({host}, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
            te = add(t0, 900.6)
            L.append(f"[E{te:%m%d %H:%M:%S}.{te.microsecond:06d}{rng.randint(100, 999)} socket.cpp:1011] [c10d] The client socket has timed out after 900000ms while trying to connect to ({host}, 29400).")
            L += traceback([
                (f"{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 159, "_create_tcp_store", "store = TCPStore("),
            ], f"torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to ({host}, 29400).")
            L += ["", "The above exception was the direct cause of the following exception:", ""]
            L += traceback([
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (f"{PY}/torch/distributed/run.py", 901, "run", "config, cmd, cmd_args = config_from_args(args)"),
                (f"{PY}/torch/distributed/elastic/rendezvous/registry.py", 36, "_create_c10d_handler", "backend, store = create_backend(params)"),
                (f"{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 250, "create_backend", "store = _create_tcp_store(params)"),
                (f"{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 183, "_create_tcp_store", "raise RendezvousConnectionError("),
            ], "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.")
        b.add(f"{p}/pod.log", L)
    b.add("kubectl_get_events_kube-system.txt", [
        "LAST SEEN   TYPE      REASON      OBJECT                         MESSAGE",
        "31m         Warning   Unhealthy   pod/coredns-5d78c9869d-4xk2p   Readiness probe failed: HTTP probe failed with statuscode: 503",
        "31m         Warning   Unhealthy   pod/coredns-5d78c9869d-p8w7q   Readiness probe failed: HTTP probe failed with statuscode: 503",
        "29m         Warning   BackOff     pod/coredns-5d78c9869d-4xk2p   Back-off restarting failed container coredns in pod coredns-5d78c9869d-4xk2p_kube-system",
        "29m         Warning   BackOff     pod/coredns-5d78c9869d-p8w7q   Back-off restarting failed container coredns in pod coredns-5d78c9869d-p8w7q_kube-system",
        "28m         Normal    Killing     pod/coredns-5d78c9869d-4xk2p   Container coredns failed liveness probe, will be restarted",
        "12m         Normal    Pulled      pod/coredns-5d78c9869d-4xk2p   Container image \"registry.k8s.io/coredns/coredns:v1.10.1\" already present on machine",
    ])
    b.add("coredns_logs_tail.txt", [
        "[INFO] plugin/ready: Still waiting on: \"kubernetes\"",
        "[ERROR] plugin/errors: 2 pretrain-master-0.pretrain.ml-team.svc.cluster.local. A: dial tcp 10.96.0.1:443: i/o timeout",
        "[ERROR] plugin/errors: 2 pretrain-master-0.pretrain.ml-team.svc.cluster.local. AAAA: dial tcp 10.96.0.1:443: i/o timeout",
        "[WARNING] plugin/kubernetes: Kubernetes API connection failure: Get \"https://10.96.0.1:443/version\": dial tcp 10.96.0.1:443: i/o timeout",
    ])
    b.add("kubectl_get_pods.txt", ["NAME                READY   STATUS   RESTARTS   AGE",
                                   "pretrain-master-0   0/1     Error    0          16m",
                                   "pretrain-worker-0   0/1     Error    0          16m",
                                   "pretrain-worker-1   0/1     Error    0          16m",
                                   "pretrain-worker-2   0/1     Error    0          16m"])
    b.label("network", "infrastructure", None, None, "restart",
            "No training step ever ran: all three workers spend 15 minutes unable to resolve the master's service name "
            "(gai error -3) and give up with RendezvousConnectionError, while the master times out with 1 of 4 nodes. "
            "CoreDNS in kube-system was failing its probes and could not reach the API server at the same time.",
            "https://github.com/pytorch/pytorch/issues/150532")
    return b


CASES = [az11, az12, az14, az15, az16, az18, az19, az25, az27, az29]
