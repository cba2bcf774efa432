"""Cases ae17-ae24."""
import datetime as dt

from common import Case, Log
from fmt import (UTC, tz, at, glog_ts, py_ts, nccl, nvidia_smi_table, h100s, sacct, tb, watchdog_timeout,
                 torchrun_line, dmesg_T, syslog_ts, pg_not_destroyed, iso)
import tr

PYLIB = "/usr/local/lib/python3.10/dist-packages"
PYLIB12 = "/usr/local/lib/python3.12/dist-packages"


# ---------------------------------------------------------------------------------------------------------------
def ae17():
    c = Case("ae17_run_slowed_down_overnight_and_hit_time_limit", 3417)
    nodes = ["gpu-m1%02d" % i for i in range(11, 19)]
    bad = "gpu-m114"
    bi = nodes.index(bad)
    job = 902114
    tstart = dt.datetime(2025, 1, 20, 18, 5, 12, tzinfo=UTC)
    tslow = dt.datetime(2025, 1, 21, 1, 27, 40, tzinfo=UTC)
    tend = dt.datetime(2025, 1, 21, 6, 0, 4, tzinfo=UTC)
    S = Log()
    S.add(at(tstart, -60), ["+ sbatch --time=12:00:00 --nodes=8 nemo_llama3_8b.sbatch   # planned: 13,800 steps x 3.1 s = 11.9 h",
                            "[NeMo I 2025-01-20 18:04:40 nemo_logging:393] Restoring from /lustre/nemo/llama3-8b-cpt/checkpoints/step=4200-last"])
    t = tstart
    step = 4200
    rep_t = at(tstart, 1800)
    while t < tend:
        dtstep = 3.1 if t < tslow else 5.0
        step += 1
        if step % 50 == 0:
            S.add(t, "[NeMo I %s nemo_logging:393] Training epoch 0, iteration %d/17999 | lr: %.3e | global_batch_size: 512 | "
                     "global_step: %d | reduced_train_loss: %.4f | train_step_timing in s: %.3f | consumed_samples: %d"
                  % (t.strftime("%Y-%m-%d %H:%M:%S"), step, 2.4e-4 * (1 - step / 36000.0), step,
                     2.11 - step * 0.000012, dtstep + (step % 7) * 0.004, step * 512))
        if step % 500 == 0:
            S.add(at(t, 0.5), "[NeMo I %s nemo_logging:393] Async checkpoint save for step %d "
                              "(/lustre/nemo/llama3-8b-cpt/checkpoints/step=%d.ckpt) finalized successfully."
                  % (at(t, 40).strftime("%Y-%m-%d %H:%M:%S"), step, step))
        if t >= rep_t:
            ts = t.strftime("%Y-%m-%d %H:%M:%S")
            if t < at(tslow, 120):
                S.add(t, ["[NeMo I %s straggler_det_callback:226] " % ts,
                          "    GPU relative performance:",
                          "     Worst performing 3/64 ranks:",
                          "      Rank=41 Node=gpu-m116 Score=0.97",
                          "      Rank=3 Node=gpu-m111 Score=0.98",
                          "      Rank=60 Node=gpu-m118 Score=0.98",
                          "     Best performing 3/64 ranks:",
                          "      Rank=17 Node=gpu-m113 Score=1.00",
                          "      Rank=30 Node=gpu-m114 Score=1.00",
                          "      Rank=52 Node=gpu-m117 Score=1.00",
                          "[NeMo I %s straggler_det_callback:247] Straggler report processing time: 0.038 sec." % ts])
            else:
                S.add(t, ["[NeMo I %s straggler_det_callback:226] " % ts,
                          "    GPU relative performance:",
                          "     Worst performing 3/64 ranks:",
                          "      Rank=29 Node=%s Score=0.58" % bad,
                          "      Rank=26 Node=%s Score=0.59" % bad,
                          "      Rank=31 Node=%s Score=0.60" % bad,
                          "     Best performing 3/64 ranks:",
                          "      Rank=17 Node=gpu-m113 Score=1.00",
                          "      Rank=52 Node=gpu-m117 Score=1.00",
                          "      Rank=5 Node=gpu-m111 Score=0.99",
                          "    GPU individual performance:",
                          "     Worst performing 3/64 ranks:",
                          "      Rank=29 Node=%s Score=0.57" % bad,
                          "      Rank=26 Node=%s Score=0.58" % bad,
                          "      Rank=24 Node=%s Score=0.60" % bad,
                          "[NeMo W %s straggler_det_callback:241] STRAGGLER DETECTION WARNING: Some GPUs have worse relative "
                          "performance. Affected ranks: [24, 25, 26, 27, 28, 29, 30, 31]" % ts,
                          "[NeMo I %s straggler_det_callback:247] Straggler report processing time: 0.041 sec." % ts])
            rep_t = at(rep_t, 1800)
        t = at(t, dtstep)
    S.add(tend, ["slurmstepd: error: *** JOB %d ON gpu-m111 CANCELLED AT 2025-01-21T06:00:04 DUE TO TIME LIMIT ***" % job,
                 "slurmstepd: error: *** STEP %d.0 ON gpu-m111 CANCELLED AT 2025-01-21T06:00:04 DUE TO TIME LIMIT ***" % job,
                 "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    c.w("login-m/slurm-%d.out" % job, S)
    c.w("login-m/sacct-%d.txt" % job, sacct([("%d" % job, "llama3-8b", "gpu", "nlp", "1536", "TIMEOUT", "0:0"),
                                             ("%d.batch" % job, "batch", "", "nlp", "192", "CANCELLED", "0:15"),
                                             ("%d.0" % job, "python", "", "nlp", "1536", "CANCELLED", "0:15")]))
    tq = dt.datetime(2025, 1, 21, 5, 41, 9, tzinfo=UTC)
    for ni, h in enumerate(nodes):
        q = ["==============NVSMI LOG==============", "", "Timestamp                                 : %s" % tq.strftime("%a %b %d %H:%M:%S %Y"),
             "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
             "Attached GPUs                             : 8"]
        for g in range(8):
            hot = h == bad
            q += ["GPU 00000000:%s:00.0" % ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"][g],
                  "    Performance State                     : P0",
                  "    Clocks Event Reasons",
                  "        Idle                              : Not Active",
                  "        Applications Clocks Setting       : Not Active",
                  "        SW Power Cap                      : Not Active",
                  "        HW Slowdown                       : %s" % ("Active" if hot else "Not Active"),
                  "            HW Thermal Slowdown           : %s" % ("Active" if hot else "Not Active"),
                  "            HW Power Brake Slowdown       : Not Active",
                  "        Sync Boost                        : Not Active",
                  "        SW Thermal Slowdown               : %s" % ("Active" if hot else "Not Active"),
                  "        Display Clock Setting             : Not Active",
                  "    Temperature",
                  "        GPU Current Temp                  : %d C" % ((89 + g % 4) if hot else (54 + (g * 3) % 7)),
                  "        GPU T.Limit Temp                  : %d C" % ((-3 + g % 3) if hot else (33 - (g * 3) % 7)),
                  "        GPU Shutdown Temp                 : 92 C",
                  "        GPU Slowdown Temp                 : 89 C",
                  "        Memory Current Temp               : %d C" % ((94 + g % 3) if hot else (62 + g % 5)),
                  "    Clocks",
                  "        SM                                : %d MHz" % (1035 + g * 15 if hot else 1980),
                  ""]
        c.w("%s/nvidia-smi-q-perf-temp.txt" % h, q)
        sdr = ["Inlet_Temp       | %d degrees C      | ok" % (27 if h == bad else 25 + ni % 3),
               "Exhaust_Temp     | %d degrees C      | ok" % (61 if h == bad else 44 + ni % 4)]
        for f in range(1, 9):
            dead = h == bad and f in (4, 5)
            sdr.append("FAN%d_RPM         | %s RPM          | %s" % (f, "0" if dead else str(11040 + (f * 130 + ni * 70) % 900), "cr" if dead else "ok"))
        sdr += ["PSU1_Status      | 0x01              | ok", "PSU2_Status      | 0x01              | ok"]
        c.w("%s/ipmitool-sdr.txt" % h, sdr)
    c.w("%s/ipmi-sel.txt" % bad, [
        "  1a3 | 01/21/2025 | 01:26:58 | Fan FAN4_RPM | Lower Critical going low  | Asserted",
        "  1a4 | 01/21/2025 | 01:27:03 | Fan FAN5_RPM | Lower Critical going low  | Asserted",
        "  1a5 | 01/21/2025 | 01:29:40 | Temperature GPU_Zone2 | Upper Non-critical going high | Asserted"])
    c.label("straggler", "infrastructure", bad, None, "restart_without_node",
            "No crash: the run was sized for 12 h at 3.1 s/step but from 01:27 steps took 5.0 s and it hit the time limit. "
            "From then on the straggler detector names all eight ranks 24-31 on gpu-m114 (score ~0.58), and gpu-m114 alone "
            "shows HW/SW thermal slowdown active at 89-92 C with two fans at 0 RPM in IPMI (SEL asserted at 01:27).",
            "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae18():
    c = Case("ae18_resume_fails_on_all_ranks_loading_state_dict", 3418)
    t0 = dt.datetime(2024, 8, 14, 11, 20, 3, tzinfo=UTC)
    nodes = ["hgx-01%02d" % i for i in range(1, 5)]
    MG = "/workspace/Megatron-LM"
    tfail = at(t0, 141.0)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 5510 + ni * 11
        wp = [apid + 40 + k for k in range(8)]
        L.add(at(t0, 0.4), tr.banner(at(t0, 0.4), apid))
        if ni == 0:
            args = [("hidden_size", "5120"), ("ffn_hidden_size", "13824"), ("num_layers", "40"), ("num_attention_heads", "40"),
                    ("tensor_model_parallel_size", "4"), ("pipeline_model_parallel_size", "1"), ("seq_length", "4096"),
                    ("load", "/lustre/ckpt/llama2-7b-cpt"), ("save", "/lustre/ckpt/llama2-13b-cpt"),
                    ("finetune", "False"), ("use_checkpoint_args", "False")]
            L.add(at(t0, 12), ["[rank0]: ------------------------ arguments ------------------------"] +
                  ["[rank0]:   %s %s %s" % (k, "." * (48 - len(k)), v) for k, v in args] +
                  ["[rank0]: -------------------- end of arguments ---------------------"])
            L.add(at(t0, 60), "[rank0]:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 3260057600")
            L.add(at(t0, 138), "[rank0]:  loading checkpoint from /lustre/ckpt/llama2-7b-cpt at iteration 52000")
        for k in range(8):
            r = ni * 8 + k
            ts = at(tfail, k * 0.05 + ni * 0.11)
            L.add(ts, tb([(MG + "/pretrain_gpt.py", 265, "<module>", "pretrain("),
                          (MG + "/megatron/training/training.py", 276, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
                          (MG + "/megatron/training/training.py", 619, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
                          (MG + "/megatron/training/checkpointing.py", 1062, "load_checkpoint", "model[0].load_state_dict(state_dict['model'], strict=strict)"),
                          (PYLIB + "/torch/nn/modules/module.py", 2215, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")],
                         ["RuntimeError: Error(s) in loading state_dict for GPTModel:",
                          "\tMissing key(s) in state_dict: \"decoder.layers.32.self_attention.linear_proj.weight\", "
                          "\"decoder.layers.32.self_attention.linear_qkv.layer_norm_weight\", \"decoder.layers.32.self_attention.linear_qkv.weight\", "
                          "\"decoder.layers.32.mlp.linear_fc1.layer_norm_weight\", \"decoder.layers.32.mlp.linear_fc1.weight\", "
                          "\"decoder.layers.32.mlp.linear_fc2.weight\", \"decoder.layers.33.self_attention.linear_proj.weight\", ... ",
                          "\tsize mismatch for embedding.word_embeddings.weight: copying a param with shape torch.Size([8000, 4096]) "
                          "from checkpoint, the shape in current model is torch.Size([8000, 5120]).",
                          "\tsize mismatch for decoder.layers.0.self_attention.linear_proj.weight: copying a param with shape "
                          "torch.Size([4096, 1024]) from checkpoint, the shape in current model is torch.Size([5120, 1280]).",
                          "\tsize mismatch for decoder.layers.0.self_attention.linear_qkv.weight: copying a param with shape "
                          "torch.Size([3072, 4096]) from checkpoint, the shape in current model is torch.Size([3840, 5120]).",
                          "\tsize mismatch for decoder.layers.0.mlp.linear_fc1.weight: copying a param with shape "
                          "torch.Size([5504, 4096]) from checkpoint, the shape in current model is torch.Size([6912, 5120]).",
                          "\tsize mismatch for decoder.layers.0.mlp.linear_fc2.weight: copying a param with shape "
                          "torch.Size([4096, 2752]) from checkpoint, the shape in current model is torch.Size([5120, 3456]).",
                          "\t... (159 more)"], prefix="[rank%d]: " % r))
        tw = at(tfail, 2.0 + ni * 0.2)
        L.add(tw, tr.worker_failed(tw, apid, 0, wp[0], 1))
        root = dict(time=at(tfail, ni * 0.11), host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=wp[0])
        fails = [dict(time=at(tfail, ni * 0.11 + k * 0.05), host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=wp[k]) for k in range(1, 8)]
        L.add(at(tw, 0.2), tr.agent_tb_childfailed("pretrain_gpt.py", fails, root))
        c.w("%s/torchrun.log" % h, L)
    c.w("login-hgx/train_13b.sbatch", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --exclusive -t 48:00:00",
                                       "CKPT_IN=/lustre/ckpt/llama2-7b-cpt      # TODO switch to 13b run dir",
                                       "CKPT_OUT=/lustre/ckpt/llama2-13b-cpt",
                                       "MODEL_ARGS=\"--num-layers 40 --hidden-size 5120 --ffn-hidden-size 13824 --num-attention-heads 40 --seq-length 4096\"",
                                       "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $MASTER:29500 \\",
                                       "    pretrain_gpt.py $MODEL_ARGS --tensor-model-parallel-size 4 --load $CKPT_IN --save $CKPT_OUT ..."])
    c.w("login-hgx/ls-ckpt.txt", ["$ cat /lustre/ckpt/llama2-7b-cpt/latest_checkpointed_iteration.txt", "52000",
                                  "$ ls /lustre/ckpt/llama2-7b-cpt/iter_0052000", "mp_rank_00  mp_rank_01  mp_rank_02  mp_rank_03",
                                  "$ ls /lustre/ckpt/llama2-13b-cpt", "ls: cannot access '/lustre/ckpt/llama2-13b-cpt': No such file or directory"])
    c.label("user_code", "script", None, None, "stop",
            "All 32 ranks fail identically while loading the checkpoint: missing layers 32-39 and every weight 4096-wide in "
            "the checkpoint vs 5120-wide in the model. The job builds a 13B model (40 layers, hidden 5120) but --load points "
            "at the 7B run directory (llama2-7b-cpt); a configuration error that will repeat on any nodes.",
            "https://github.com/deepspeedai/DeepSpeed/issues/5570")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae19():
    c = Case("ae19_crash_at_end_of_epoch_during_evaluation", 3419)
    t0 = dt.datetime(2025, 9, 2, 3, 12, 10, tzinfo=UTC)
    nodes = ["gpu-n201", "gpu-n202", "gpu-n203"]
    tfail = at(t0, 151.3)
    fp_ag = ("CollectiveFingerPrint(SequenceNumber=48211, OpType=_ALLGATHER_BASE, TensorShape=[26214400], TensorDtypes=BFloat16, "
             "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false "
             "(default), pinned_memory=false (default), memory_format=(nullopt)))")
    fp_ar = ("CollectiveFingerPrint(SequenceNumber=48211, OpType=ALLREDUCE, TensorShape=[3], TensorDtypes=Float, "
             "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false "
             "(default), pinned_memory=false (default), memory_format=(nullopt)))")
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 301100 + ni * 17
        wp = [apid + 5 + k for k in range(8)]
        L.add(at(t0, -4000), tr.banner(at(t0, -4000), apid))
        if ni == 0:
            L.add(at(t0, -3990), ["[rank0]:%s | INFO | cfg | TORCH_DISTRIBUTED_DEBUG=DETAIL (debug run)" % py_ts(at(t0, -3990)),
                                  "[rank0]:%s | INFO | cfg | eval: dataset=val_v3 samples=10011 eval_batch_size=4 sampler=ContiguousShardSampler(drop_last=False)"
                                  % py_ts(at(t0, -3989))])
            L.add(at(t0, -8), "[rank0]:%s | INFO | train | epoch 2 step 7800/7800 loss 1.4121 lr 1.2e-05 1.62 s/it" % py_ts(at(t0, -8)))
            L.add(t0, "[rank0]:%s | INFO | eval | epoch 2: starting evaluation, shard sizes 418 x 23 ranks, 397 on last rank"
                  % py_ts(t0))
        for k in range(8):
            r = ni * 8 + k
            if r == 23:
                L.add(at(tfail, -0.4), "[rank23]:%s | DEBUG | eval | rank 23 finished 100/100 eval batches, reducing metrics" % py_ts(at(tfail, -0.4)))
            ts = at(tfail, 0.002 * r)
            frames = [("/srv/train/run.py", 311, "<module>", "main()"),
                      ("/srv/train/run.py", 296, "main", "val = evaluate(model, val_loader, step)")]
            if r == 23:
                frames += [("/srv/train/evaluate.py", 64, "evaluate", "dist.all_reduce(totals)  # loss_sum, tokens, correct")]
            else:
                frames += [("/srv/train/evaluate.py", 51, "evaluate", "logits = model(batch[\"input_ids\"])"),
                           (PYLIB12 + "/torch/distributed/fsdp/_fully_shard/_fsdp_state.py", 237, "_pre_forward", "args, kwargs = self._fsdp_param_group.pre_forward(module, args, kwargs)"),
                           (PYLIB12 + "/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py", 248, "foreach_all_gather", "all_gather_work = dist.all_gather_into_tensor(")]
            frames += [(PYLIB12 + "/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)")]
            L.add(ts, tb(frames, ["RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: %s, "
                                  "but Rank 23 is running collective: %s.Collectives differ in the following aspects: \t Op type: "
                                  "_ALLGATHER_BASEvs ALLREDUCE\t Tensor Tensor shapes: 26214400vs 3\t Tensor Tensor dtypes: BFloat16vs Float"
                                  % (0 if r == 23 else r, fp_ag, fp_ar)], prefix="[rank%d]: " % r))
        tw = at(tfail, 1.4 + ni * 0.1)
        L.add(tw, tr.worker_failed(tw, apid, 0, wp[0], 1))
        for k in (0, 1):
            L.add(at(tw, 0.01), pg_not_destroyed(at(tw, 0.01), ni * 8 + k, 1521))
        root = dict(time=at(tfail, ni * 0.016), host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=wp[0])
        fails = [dict(time=at(tfail, ni * 0.016 + 0.002 * k), host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=wp[k]) for k in range(1, 8)]
        L.add(at(tw, 0.3), tr.agent_tb_childfailed("run.py", fails, root))
        c.w("%s/torchrun.log" % h, L)
        gp = h100s(8, temp=38, used=0)
        c.w("%s/nvidia-smi.txt" % h, nvidia_smi_table(at(tfail, 120), "570.172.08", "12.8", gp, []))
    c.label("user_code", "script", None, None, "stop",
            "With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank aborts at the same sequence number because rank 23 is already in "
            "the metric ALLREDUCE while the other 23 ranks are still in an FSDP all-gather: the contiguous eval sampler gives "
            "23 ranks 418 samples and the last rank 397, so rank 23 runs out of batches early. A deterministic bug in the "
            "evaluation code, not rank 23's node.",
            "https://github.com/pytorch/pytorch/issues/33148")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae20():
    c = Case("ae20_one_worker_pod_crashloops_at_import", 3420)
    t0 = dt.datetime(2025, 3, 18, 14, 2, 40, tzinfo=UTC)
    nodes = ["node-gpu-14", "node-gpu-15", "node-gpu-21", "node-gpu-22"]
    bad = "node-gpu-21"
    job = "llm-sft-0318"
    good_digest = "sha256:9c1e77a0b4f2d1e3c5a8f70d2b64e91c0aa3f5d7e2c18b9f4a6d0e3c7b21f5a9"
    old_digest = "sha256:3f2a18c9e0d7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa9988"
    for wi, h in enumerate(nodes):
        pod = "%s-worker-%d" % (job, wi)
        torch_v = "2.3.1+cu121" if h == bad else "2.5.1+cu124"
        first = Log()
        first.add(t0, ["%s Collecting flash-attn==2.7.2.post1" % iso(t0),
                       "%s   Using cached https://wheels.internal/simple/flash-attn/flash_attn-2.7.2.post1%%2Bcu12torch2.5cxx11abiFALSE-cp310-cp310-linux_x86_64.whl" % iso(at(t0, 0.4)),
                       "%s Successfully installed flash-attn-2.7.2.post1" % iso(at(t0, 6.1))])
        ts = at(t0, 9.0)
        first.add(ts, [iso(ts) + " " + x for x in tr.banner(ts, 1)])
        first.add(at(ts, 0.2), "%s [env] host=%s python=3.10.12 torch=%s nccl=%s flash_attn=2.7.2.post1 image=registry.internal/ml/train:latest"
                  % (iso(at(ts, 0.2)), pod, torch_v, "2.20.5" if h == bad else "2.21.5"))
        if h == bad:
            tf = at(ts, 4.2)
            for k in range(8):
                r = wi * 8 + k
                first.add(at(tf, k * 0.01), [iso(at(tf, k * 0.01)) + " " + x for x in tb(
                    [("/app/sft/train.py", 14, "<module>", "from model.attention import FlashSelfAttention"),
                     ("/app/sft/model/attention.py", 6, "<module>", "from flash_attn import flash_attn_varlen_func"),
                     (PYLIB + "/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                     (PYLIB + "/flash_attn/flash_attn_interface.py", 15, "<module>", "import flash_attn_2_cuda as flash_attn_gpu")],
                    "ImportError: %s/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
                    "_ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE" % PYLIB,
                    prefix="[rank%d]: " % r)])
            tw = at(tf, 1.1)
            first.add(tw, [iso(tw) + " " + x for x in tr.worker_failed(tw, 1, 0, 88, 1)])
            root = dict(time=tf, host=pod, rank=16, local_rank=0, exitcode=1, pid=88)
            fails = [dict(time=at(tf, 0.01 * k), host=pod, rank=16 + k, local_rank=k, exitcode=1, pid=88 + k) for k in range(1, 8)]
            first.add(at(tw, 0.1), [iso(at(tw, 0.1)) + " " + x for x in tr.agent_tb_childfailed("/app/sft/train.py", fails, root)])
            c.w("%s/var/log/pods/default_%s_7d1e0c2a/pytorch/0.log" % (h, pod), first)
            last = Log()
            t3 = at(t0, 215)
            last.add(t3, [iso(t3) + " " + x for x in tr.banner(t3, 1)])
            last.add(at(t3, 1.0), [iso(at(t3, 1.0)) + " " + x for x in tb(
                [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                 (PYLIB + "/torch/distributed/elastic/agent/server/api.py", 542, "_rendezvous",
                  "store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()"),
                 (PYLIB + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1040, "next_rendezvous", "self._op_executor.run(exit_op, deadline)"),
                 (PYLIB + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 629, "run", "raise RendezvousClosedError")],
                "torch.distributed.elastic.rendezvous.api.RendezvousClosedError")])
            c.w("%s/var/log/pods/default_%s_7d1e0c2a/pytorch/3.log" % (h, pod), last)
            c.w("%s/crictl-images.txt" % h, ["$ crictl images --digests | grep ml/train",
                                              "registry.internal/ml/train   latest   %s   3f2a18c9e0d7b   11 weeks ago   21.4GB" % old_digest[:19],
                                              "registry.internal/ml/train   v0.9.2   %s   3f2a18c9e0d7b   11 weeks ago   21.4GB" % old_digest[:19]])
        else:
            tn = at(t0, 12.3)
            first.add(tn, [iso(tn) + " " + x for x in tr.rdzv_complete(tn, 1, "%s-worker-0" % job, 29500, wi, 4, 8)])
            for k in range(8):
                r = wi * 8 + k
                first.add(at(tn, 6 + k * 0.01), "%s [rank%d]: %s INFO sft: loading tokenizer and model from /models/qwen2.5-14b" % (iso(at(tn, 6)), r, py_ts(at(tn, 6))))
            tr_ = at(t0, 216.0)
            first.add(tr_, [iso(tr_) + " " + torchrun_line(tr_, "I", 1, tr.API + ":883",
                                                           "[default] Detected 1 new nodes from group_rank=%d; will restart worker group" % wi)])
            first.add(at(tr_, 0.1), [iso(at(tr_, 0.1)) + " " + x for x in tr.sending_sigterm(at(tr_, 0.1), 1, [40 + k for k in range(8)])])
            first.add(at(tr_, 2.0), [iso(at(tr_, 2.0)) + " " + x for x in tb(
                [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                 (PYLIB + "/torch/distributed/elastic/agent/server/api.py", 542, "_rendezvous",
                  "store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()"),
                 (PYLIB + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1040, "next_rendezvous", "self._op_executor.run(exit_op, deadline)"),
                 (PYLIB + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 629, "run", "raise RendezvousClosedError")],
                "torch.distributed.elastic.rendezvous.api.RendezvousClosedError")])
            c.w("%s/var/log/pods/default_%s_%08x/pytorch/0.log" % (h, pod, 0x1a2b3c00 + wi), first)
        desc = ["Name:             %s" % pod, "Namespace:        default", "Node:             %s/10.44.0.%d" % (h, 14 + wi),
                "Labels:           training.kubeflow.org/job-name=%s" % job,
                "                  training.kubeflow.org/replica-index=%d" % wi,
                "Containers:", "  pytorch:",
                "    Image:          registry.internal/ml/train:latest",
                "    Image ID:       registry.internal/ml/train@%s" % (old_digest if h == bad else good_digest),
                "    Image Pull Policy: IfNotPresent",
                "    State:          Terminated",
                "      Reason:       Error",
                "      Exit Code:    1",
                "    Restart Count:  %d" % (3 if h == bad else 0),
                "    Limits:", "      nvidia.com/gpu:  8", "      rdma/ib:         8",
                "Events:"]
        if h == bad:
            desc += ["  Normal   Pulled     4m    kubelet  Container image \"registry.internal/ml/train:latest\" already present on machine",
                     "  Warning  BackOff    2m    kubelet  Back-off restarting failed container pytorch in pod %s" % pod]
        else:
            desc += ["  Normal   Pulling    5m    kubelet  Pulling image \"registry.internal/ml/train:latest\"",
                     "  Normal   Pulled     4m    kubelet  Successfully pulled image \"registry.internal/ml/train:latest\" in 38.2s"]
        c.w("%s/kubectl-describe-pod.txt" % h, desc)
    c.w("k8s-admin/pytorchjob-status.txt", [
        "$ kubectl get pytorchjob %s -o jsonpath='{.status.conditions}' | jq -c '.[]'" % job,
        '{"type":"Created","status":"True","reason":"PyTorchJobCreated","lastTransitionTime":"2025-03-18T14:02:31Z"}',
        '{"type":"Running","status":"False","reason":"PyTorchJobRunning","lastTransitionTime":"2025-03-18T14:06:20Z"}',
        '{"type":"Failed","status":"True","reason":"PyTorchJobFailed","message":"PyTorchJob llm-sft-0318 is failed because 1 Worker replica(s) failed.","lastTransitionTime":"2025-03-18T14:06:20Z"}',
        "$ crane digest registry.internal/ml/train:latest",
        good_digest,
        "# tag 'latest' was re-pushed 2025-03-11 (torch 2.5.1 / cu124)"])
    c.label("dependency", "infrastructure", bad, None, "restart_without_node",
            "Only worker-2 (node-gpu-21) dies, at import: flash_attn_2_cuda has an undefined c10 symbol because that pod runs "
            "torch 2.3.1 while the flash-attn wheel installed at start is built for torch 2.5. node-gpu-21 reused a stale "
            "cached 'latest' image (old digest, IfNotPresent) whereas the other three nodes pulled the current one; their "
            "RendezvousClosedError comes later, when the restarted worker-2 tries to rejoin a closed rendezvous.",
            "https://github.com/Dao-AILab/flash-attention/issues/853")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae21():
    c = Case("ae21_resume_from_checkpoint_fails_on_every_rank_after_image_update", 3421)
    t0 = dt.datetime(2025, 2, 6, 8, 15, 0, tzinfo=tz(9))     # logs in JST
    nodes = ["g5n01", "g5n02", "g5n03", "g5n04"]
    tfail = at(t0, 104.0)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 4410 + ni * 3
        wp = [apid + 22 + k for k in range(8)]
        L.add(at(t0, 0.5), tr.banner(at(t0, 0.5), apid))
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 20 + k * 0.01)
            if k == 0:
                L.add(ts, "[rank%d]:[env] torch 2.6.0+cu124 | transformers 4.46.3 | accelerate 1.1.1 | numpy 1.26.4" % r)
            L.add(at(ts, 60), "[rank%d]:[INFO|trainer.py:2362] %s >> Continuing training from checkpoint, will skip to saved global_step"
                  % (r, py_ts(at(ts, 60))))
            L.add(at(tfail, r * 0.004), tb([("/home/nlp/ft/run_clm.py", 688, "<module>", "main()"),
                                             ("/home/nlp/ft/run_clm.py", 637, "main", "train_result = trainer.train(resume_from_checkpoint=checkpoint)"),
                                             (PYLIB + "/transformers/trainer.py", 2123, "train", "return inner_training_loop("),
                                             (PYLIB + "/transformers/trainer.py", 2427, "_inner_training_loop", "self._load_rng_state(resume_from_checkpoint)"),
                                             (PYLIB + "/transformers/trainer.py", 3021, "_load_rng_state", "checkpoint_rng_state = torch.load(rng_file)"),
                                             (PYLIB + "/torch/serialization.py", 1470, "load", "raise pickle.UnpicklingError(_get_wo_message(str(e))) from None")],
                                            ["_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so "
                                             "you have two options, do those steps only if you trust the source of the checkpoint. ",
                                             "\t(1) In PyTorch 2.6, we changed the default value of the `weights_only` argument in "
                                             "`torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` set to "
                                             "`False` will likely succeed, but it can result in arbitrary code execution. Do it only if "
                                             "you got the file from a trusted source.",
                                             "\t(2) Alternatively, to load with `weights_only=True` please check the recommended steps "
                                             "in the following error message.",
                                             "\tWeightsUnpickler error: Unsupported global: GLOBAL numpy.core.multiarray._reconstruct was "
                                             "not an allowed global by default. Please use `torch.serialization.add_safe_globals([_reconstruct])` "
                                             "or the `torch.serialization.safe_globals([_reconstruct])` context manager to allowlist this "
                                             "global if you trust this class/function.", "",
                                             "Check the documentation of torch.load to learn more about types accepted by default with "
                                             "weights_only https://pytorch.org/docs/stable/generated/torch.load.html."], prefix="[rank%d]: " % r))
        tw = at(tfail, 1.5 + ni * 0.05)
        L.add(tw, tr.worker_failed(tw, apid, 0, wp[0], 1))
        root = dict(time=at(tfail, ni * 0.032), host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=wp[0])
        fails = [dict(time=at(tfail, ni * 0.032 + 0.004 * k), host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=wp[k]) for k in range(1, 8)]
        L.add(at(tw, 0.2), tr.agent_tb_childfailed("run_clm.py", fails, root))
        c.w("%s/torchrun.log" % h, L)
    c.w("login-g5/image-changelog.txt", ["nlp-train image changelog",
                                         "2025-02-03  base nvcr pytorch -> torch 2.6.0+cu124 (was 2.5.1+cu124); transformers pinned 4.46.3",
                                         "2025-01-20  add flash-attn 2.7.2.post1",
                                         "2024-12-09  transformers 4.46.3, accelerate 1.1.1"])
    c.w("login-g5/ls-checkpoint.txt", ["$ ls -la /fsx/nlp/ft-run12/checkpoint-6000 | head",
                                       "-rw-r--r-- 1 nlp nlp        1214 Jan 31 22:10 config.json",
                                       "-rw-r--r-- 1 nlp nlp  9944207316 Jan 31 22:11 model-00001-of-00003.safetensors",
                                       "-rw-r--r-- 1 nlp nlp 19888473048 Jan 31 22:13 optimizer.pt",
                                       "-rw-r--r-- 1 nlp nlp       16000 Jan 31 22:13 rng_state_0.pth",
                                       "-rw-r--r-- 1 nlp nlp       16000 Jan 31 22:13 rng_state_1.pth",
                                       "-rw-r--r-- 1 nlp nlp        1064 Jan 31 22:13 scheduler.pt",
                                       "-rw-r--r-- 1 nlp nlp        5108 Jan 31 22:13 trainer_state.json",
                                       "# checkpoint written by the previous image (torch 2.5.1) on 2025-01-31"])
    c.label("dependency", "framework", None, None, "stop",
            "Every rank on all four nodes fails identically while restoring the Trainer RNG state: torch 2.6 (new image since "
            "2025-02-03) defaults torch.load to weights_only=True and refuses the numpy global pickled by the torch-2.5 "
            "checkpoint, and transformers 4.46.3 does not pass weights_only=False. A job-wide library incompatibility that "
            "needs a pin or code change, not a retry.",
            "https://github.com/allenai/open-instruct/issues/673")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae22():
    c = Case("ae22_job_marked_failed_although_training_finished", 3422)
    t0 = dt.datetime(2024, 9, 30, 21, 58, 2, tzinfo=UTC)
    nodes = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    job = 3019912
    tdone = at(t0, 309.0)
    S = Log()
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 60100 + ni * 9
        wp = [apid + 3 + k for k in range(8)]
        if ni == 0:
            L.add(at(t0, 0), "[rank0]:%s INFO trainer: step 30000/30000 loss 1.7342 lr 3.0e-05 2.04 s/it" % py_ts(t0))
            L.add(at(t0, 1), "[rank0]:%s INFO ckpt: saving final checkpoint to /lustre/runs/mm-7b/step_30000" % py_ts(at(t0, 1)))
            L.add(at(t0, 301), "[rank0]:%s INFO ckpt: saved /lustre/runs/mm-7b/step_30000 (32 shards + .metadata, 412.6 GB), "
                               "verified checksums, updated 'latest' -> step_30000" % py_ts(at(t0, 301)))
            L.add(at(t0, 302), "[rank0]:%s INFO trainer: Training complete. 30000 steps, 61h12m." % py_ts(at(t0, 302)))
        for k in range(8):
            r = ni * 8 + k
            L.add(at(tdone, 0.3 + k * 0.01), pg_not_destroyed(at(tdone, 0.3 + k * 0.01), r, 1250, new=False))
        if h == "gpu-t04":
            tseg = at(tdone, 0.9)
            L.add(tseg, ["[rank25]:*** SIGSEGV received at time=1727733791 on cpu 77 ***",
                         "[rank25]:PC: @     0x7f3b2c1d9e40  (unknown)  ncclProxyDestroy()",
                         "[rank25]:    @     0x7f3c9a042520  (unknown)  (unknown)",
                         "[rank25]:    @     0x7f3b2c1a7b12        176  commFree()",
                         "[rank25]:    @     0x7f3b2c1a9d41         64  ncclCommDestroy",
                         "[rank25]:    @     0x7f3c31f0a6c8        112  c10d::NCCLComm::~NCCLComm()",
                         "[rank25]:    @     0x7f3c31eb2d0e        208  c10d::ProcessGroupNCCL::~ProcessGroupNCCL()",
                         "[rank25]:    @     0x7f3c9a047495         64  __run_exit_handlers"])
            tx = at(tdone, 3.1)
            L.add(tx, tr.worker_failed(tx, apid, 1, wp[1], -11))
            root = dict(time=tseg, host=h, rank=25, local_rank=1, exitcode=-11, pid=wp[1])
            L.add(at(tx, 0.2), tr.agent_tb_childfailed("train.py", [], root))
            S.add(at(tx, 0.6), "srun: error: gpu-t04: task 3: Exited with exit code 1")
        else:
            tx = at(tdone, 1.4 + ni * 0.2)
            L.add(tx, torchrun_line(tx, "I", apid, tr.API + ":891", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
            L.add(at(tx, 0.001), torchrun_line(at(tx, 0.001), "I", apid, tr.API + ":952", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
            if ni == 0:
                L.add(at(tx, 0.9), torchrun_line(at(tx, 0.9), "I", apid, tr.API + ":966", "Done waiting for other agents. Elapsed: 0.8927 seconds"))
            else:
                te = at(tx, 0.7)
                L.add(te, torchrun_line(te, "W", apid, "torch/distributed/distributed_c10d.py:0",
                                        "[c10d] recvVector failed on SocketImpl(fd=23, addr=[%s]:51122, remote=[gpu-t01]:29400): failed to recv, got 0 bytes" % h).replace(" torch/distributed/distributed_c10d.py:0]", " TCPStore.cpp:142]"))
                L.add(at(te, 0.001), torchrun_line(at(te, 0.001), "E", apid, tr.API + ":968", "Error waiting on exit barrier. Elapsed: 0.7031 seconds"))
                L.add(at(te, 0.002), tb([(PYLIB + "/torch/distributed/elastic/agent/server/api.py", 954, "_exit_barrier", "store_util.barrier("),
                                         (PYLIB + "/torch/distributed/elastic/utils/store.py", 178, "barrier", "_barrier_nonblocking("),
                                         (PYLIB + "/torch/distributed/elastic/utils/store.py", 149, "_barrier_nonblocking", "store.wait([last_member_key])")],
                                        "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. "
                                        "Did the remote server shutdown or crash?"))
                L.add(at(te, 0.01), torchrun_line(at(te, 0.01), "W", apid, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1339",
                                                  "The node '%s_%d_0' has failed to shutdown the rendezvous 'mm7b-%d' due to an error of type RendezvousConnectionError." % (h, apid, job)))
        c.w("%s/torchrun.log" % h, L)
    S.add(at(tdone, 4.0), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.w("login-t/slurm-%d.out" % job, S)
    c.w("login-t/sacct-%d.txt" % job, sacct([("%d" % job, "mm-7b", "gpu", "mm", "768", "FAILED", "1:0"),
                                             ("%d.batch" % job, "batch", "", "mm", "192", "FAILED", "1:0"),
                                             ("%d.0" % job, "torchrun", "", "mm", "768", "FAILED", "1:0")]))
    c.w("login-t/ls-final-ckpt.txt", ["$ ls /lustre/runs/mm-7b/step_30000 | head -3; ls /lustre/runs/mm-7b/step_30000 | wc -l",
                                      ".metadata", "__0_0.distcp", "__10_0.distcp", "33",
                                      "$ readlink /lustre/runs/mm-7b/latest", "step_30000",
                                      "$ python verify_ckpt.py /lustre/runs/mm-7b/step_30000", "OK: 32/32 shards, metadata consistent, 412.6 GB"])
    c.label("unknown", "framework", None, None, "none",
            "Training reached 30000/30000, the final checkpoint was written and verified (32 shards + metadata, latest -> "
            "step_30000) and 'Training complete' was logged; only afterwards, in interpreter shutdown, rank 25 segfaulted "
            "inside ncclCommDestroy and two agents lost the TCPStore during the exit barrier, which made srun and sacct "
            "report FAILED. Nothing is left to run.",
            "https://github.com/NVIDIA-NeMo/Megatron-Bridge/pull/1016")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae23():
    c = Case("ae23_nccl_error_and_worker_restart_at_startup", 3423)
    t0 = dt.datetime(2024, 7, 9, 8, 0, 3, tzinfo=UTC)
    nodes = ["gpu-r01", "gpu-r02", "gpu-r03", "gpu-r04"]
    flap = "gpu-r02"
    job = 1770342
    terr = at(t0, 71.4)
    trest = at(terr, 9.0)
    tfinish = dt.datetime(2024, 7, 9, 10, 51, 40, tzinfo=UTC)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 21400 + ni * 5
        wp = [apid + 10 + k for k in range(8)]
        wp2 = [apid + 60 + k for k in range(8)]
        L.add(at(t0, 0.3), tr.banner(at(t0, 0.3), apid))
        L.add(at(t0, 30), tr.rdzv_complete(at(t0, 30), apid, "gpu-r01", 29500, ni, 4, 8, restart=0))
        if h == flap:
            for k in (2, 3):
                r = ni * 8 + k
                L.add(at(terr, -1.2), nccl(h, wp[k], wp[k] + 40, k, "WARN", "NET/IB : mlx5_4:1 Got async event : port error"))
                L.add(at(terr, 0.01 * k), tb([("/opt/train/train.py", 402, "<module>", "main()"),
                                              ("/opt/train/train.py", 161, "main", "model = DDP(model, device_ids=[local_rank])"),
                                              (PYLIB + "/torch/nn/parallel/distributed.py", 822, "__init__", "_verify_param_shape_across_processes(self.process_group, parameters)"),
                                              (PYLIB + "/torch/distributed/utils.py", 288, "_verify_param_shape_across_processes",
                                               "return dist._verify_params_across_processes(process_group, tensors, logger)")],
                                             ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, "
                                              "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5",
                                              "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                                              "Last error:",
                                              "NET/IB : Got async event : port error"], prefix="[rank%d]: " % r))
            L.add(at(terr, 1.0), tr.worker_failed(at(terr, 1.0), apid, 2, wp[2], 1))
            L.add(at(terr, 1.1), torchrun_line(at(terr, 1.1), "I", apid, tr.API + ":838", "[default] Worker group FAILED. 3/3 attempts left; will restart worker group"))
            L.add(at(terr, 1.1), torchrun_line(at(terr, 1.1), "I", apid, tr.API + ":671", "[default] Stopping worker group"))
        else:
            L.add(at(terr, 5.5 + ni * 0.2), torchrun_line(at(terr, 5.5), "I", apid, tr.API + ":883",
                                                          "[default] Detected 1 new nodes from group_rank=%d; will restart worker group" % ni))
            L.add(at(terr, 5.6 + ni * 0.2), torchrun_line(at(terr, 5.6), "I", apid, tr.API + ":671", "[default] Stopping worker group"))
            L.add(at(terr, 5.7 + ni * 0.2), tr.sending_sigterm(at(terr, 5.7), apid, wp))
        L.add(trest, tr.rdzv_complete(trest, apid, "gpu-r01", 29500, ni, 4, 8, restart=1))
        if ni == 0:
            t = at(trest, 60)
            for s in range(0, 5001, 250):
                L.add(t, "[rank0]:%s INFO train: step %d/5000 loss %.4f 1.92 s/it" % (py_ts(t), s, 6.8 - s * 0.0009))
                t = at(t, 250 * 1.92)
            L.add(at(tfinish, -60), "[rank0]:%s INFO train: saved final checkpoint /scratch/run-0709/final.pt" % py_ts(at(tfinish, -60)))
            L.add(at(tfinish, -55), "[rank0]:%s INFO train: Training finished." % py_ts(at(tfinish, -55)))
        L.add(tfinish, torchrun_line(tfinish, "I", apid, tr.API + ":891", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        L.add(at(tfinish, 0.5), torchrun_line(at(tfinish, 0.5), "I", apid, tr.API + ":966", "Done waiting for other agents. Elapsed: 0.4%d seconds" % (11 + ni)))
        c.w("%s/torchrun.log" % h, L)
        boot = dt.datetime(2024, 7, 1, 12, 0, 0, tzinfo=UTC)
        D = ["%s Linux version 5.15.0-113-generic" % dmesg_T(boot)]
        if h == flap:
            D += ["%s mlx5_core 0000:9a:00.0 mlx5_4: Port: 1 Link DOWN" % dmesg_T(at(terr, -1.4)),
                  "%s mlx5_core 0000:9a:00.0 mlx5_4: Port: 1 Link INIT" % dmesg_T(at(terr, 2.2)),
                  "%s mlx5_core 0000:9a:00.0 mlx5_4: Port: 1 Link ACTIVE" % dmesg_T(at(terr, 3.9))]
        c.w("%s/dmesg-T.txt" % h, D)
    c.w("login-r/sacct-%d.txt" % job, sacct([("%d" % job, "run-0709", "gpu", "research", "768", "COMPLETED", "0:0"),
                                             ("%d.batch" % job, "batch", "", "research", "192", "COMPLETED", "0:0"),
                                             ("%d.0" % job, "torchrun", "", "research", "768", "COMPLETED", "0:0")]))
    c.label("unknown", "framework", None, None, "none",
            "At startup two ranks on gpu-r02 failed NCCL setup during a brief IB link flap (mlx5_4 down for ~5 s), torchrun "
            "restarted the worker group (restart_count=1) on the same four nodes, and the run then trained all 5000 steps, "
            "saved its final checkpoint and exited cleanly (sacct COMPLETED 0:0). Nothing to do.",
            "https://github.com/tianweiy/CenterPoint/issues/224")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae24():
    c = Case("ae24_nccl_warnings_everywhere_then_job_killed_at_midnight", 3424)
    t0 = dt.datetime(2025, 11, 2, 12, 0, 21, tzinfo=UTC)
    nodes = ["gpu-x0%02d" % i for i in range(1, 17)]
    job = 1180021
    tend = dt.datetime(2025, 11, 3, 0, 0, 4, tzinfo=UTC)
    S = Log()
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 7700 + ni * 13
        wp = [apid + 2 + k for k in range(8)]
        L.add(at(t0, 0.4), tr.banner(at(t0, 0.4), apid))
        for k in range(8):
            r = ni * 8 + k
            pid = wp[k]
            ts = at(t0, 44 + k * 0.01)
            lines = [nccl(h, pid, pid, k, "INFO", "NET/Plugin: Failed to find ncclNetPlugin_v10 symbol."),
                     nccl(h, pid, pid, k, "INFO", "NET/Plugin: Loaded net plugin NCCL RDMA Plugin v9 (v9)"),
                     nccl(h, pid, pid, k, "INFO", "NET/Plugin: Failed to find ncclCollNetPlugin_v10 symbol."),
                     nccl(h, pid, pid, k, "INFO", "NET/Plugin: Loaded collnet plugin SHARP (v9)"),
                     nccl(h, pid, pid + 51, k, "WARN", "NET/IB : mlx5_%d:1 Got async event : GID table change" % (k % 4)),
                     nccl(h, pid, pid + 51, k, "INFO", "NCCL_IB_GID_INDEX set by environment to 3.")]
            if k % 4 == 0:
                L.add(ts, lines)
            if r == 0:
                L.add(ts, "NCCL version 2.27.5+cuda12.9")
            if k == 0:
                L.add(at(ts, 30), "[rank%d]:%s/torch/utils/checkpoint.py:86: UserWarning: torch.utils.checkpoint: the "
                                  "use_reentrant parameter should be passed explicitly. In version 2.9 we will raise an "
                                  "exception if use_reentrant is not passed." % (r, PYLIB12))
        if ni == 0:
            t = at(t0, 200)
            s = 0
            while t < tend:
                if s % 250 == 0:
                    L.add(t, "[rank0]:%s | train | step %6d | loss %.4f | 2.41 s/it | mfu 41.2%% | mem 62.1/79.2 GiB"
                          % (py_ts(t), s, 3.2 - min(s, 14000) * 0.00009))
                if s % 500 == 0 and s > 0:
                    L.add(at(t, 1), "[rank0]:%s | ckpt | saved step %d -> /weka/runs/moe-a3b/step_%06d (async, 9.8 s)" % (py_ts(at(t, 11)), s, s))
                t = at(t, 2.41)
                s += 1
        L.add(tend, tr.got_sigterm(tend, apid, wp))
        for k in (0, 4):
            L.add(at(tend, 0.6), pg_not_destroyed(at(tend, 0.6), ni * 8 + k, 1521))
        c.w("%s/torchrun.log" % h, L)
        boot = dt.datetime(2025, 10, 28, 9, 0, 0, tzinfo=UTC)
        D = ["%s Linux version 6.8.0-85-generic" % dmesg_T(boot),
             "%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  580.95.05" % dmesg_T(at(boot, 20))]
        if h == "gpu-x007":
            D.append("%s NVRM: Xid (PCI:0000:5d:00): 31, pid=2291833, name=python3, channel 0x00000009, intr 00000000. "
                     "MMU Fault: ENGINE GRAPHICS GPC2 GPCCLIENT_T1_5 faulted @ 0x7ffe_a2000000. Fault is of type "
                     "FAULT_PDE ACCESS_TYPE_VIRT_READ" % dmesg_T(dt.datetime(2025, 11, 1, 16, 40, 2, tzinfo=UTC)))
        if h == "gpu-x012":
            D.append("%s mlx5_core 0000:3b:00.0: mlx5_pcie_event:301:(pid 0): Detected insufficient power on the PCIe slot (27W)."
                     % dmesg_T(at(boot, 15)))
        c.w("%s/dmesg-T.txt" % h, D)
    S.add(tend, ["slurmstepd: error: *** JOB %d ON gpu-x001 CANCELLED AT 2025-11-03T00:00:04 DUE TO TIME LIMIT ***" % job,
                 "slurmstepd: error: *** STEP %d.0 ON gpu-x001 CANCELLED AT 2025-11-03T00:00:04 DUE TO TIME LIMIT ***" % job,
                 "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    c.w("login-x/slurm-%d.out" % job, S)
    c.w("login-x/sacct-%d.txt" % job, sacct([("%d" % job, "moe-a3b", "gpu", "llm", "3072", "TIMEOUT", "0:0"),
                                             ("%d.batch" % job, "batch", "", "llm", "192", "CANCELLED", "0:15"),
                                             ("%d.0" % job, "torchrun", "", "llm", "3072", "CANCELLED", "0:15")]))
    c.label("unknown", "framework", None, None, "none",
            "A healthy run: steady 2.41 s/it and falling loss for 12 hours with a checkpoint every 500 steps (last one at "
            "step 17500, 23:46), then Slurm cancelled it at the 12 h time limit and torchrun SIGTERMed the ranks. The NCCL "
            "plugin-version and GID-table-change messages, destroy_process_group warnings and a day-old Xid 31 from another "
            "user's process are noise.",
            "https://github.com/NVIDIA/nccl/issues/1231")
    return c


CASES = [ae17, ae18, ae19, ae20, ae21, ae22, ae23, ae24]
