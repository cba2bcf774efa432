"""Cases bd01-bd09."""

import datetime as dt
import json
import random

import loglib as L
import scen as S
from scen import Node, us

SEC = L.sec


# --------------------------------------------------------------------------------------------- bd01
def bd01(c):
    """Megatron-LM, 8 nodes, Slurm. GPU fallen off the bus (Xid 79) on gpu-a06 at 03:14:09 local;
    56 ranks on other nodes hit the 10 min watchdog at 03:24. Benign Xid 63 on gpu-a02 earlier."""
    rng = random.Random(5901)
    z = L.tz(-7)
    hosts = ["gpu-a%02d" % i for i in range(1, 9)]
    nodes = [Node(rng, h, i, "10.40.2.%d" % (11 + i), z, L.DGX_H100_BUS) for i, h in enumerate(hosts)]
    nranks, nnodes = 64, 8
    t0 = L.T(2024, 3, 12, 7, 12, 5)
    t_train = t0 + SEC(223)
    step_ms = 2421.0
    t_xid = L.T(2024, 3, 12, 10, 14, 9, 551000)
    last_it = int(((t_xid - t_train).total_seconds() - 8) * 1000 / step_ms) // 10 * 10
    bad = nodes[5]
    bad_local = 4
    seq = 88123 + rng.randint(0, 50)
    jobid = 88231
    script = "pretrain_gpt.py"
    args = ("pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 --num-layers 40 "
            "--hidden-size 6144 --num-attention-heads 48 --seq-length 4096 --micro-batch-size 2 --global-batch-size 1024 "
            "--train-iters 250000 --lr 3.0e-4 --bf16 --use-distributed-optimizer --overlap-grad-reduce "
            "--data-path /lustre/corpora/pile_v2/pile_text_document --save /lustre/ckpt/gpt22b --save-interval 1000 --log-interval 10")
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, nnodes, 8, "gpu-a01:29500", args, rdzv_id=str(jobid)))
        st.add(t0 + SEC(41), S.nccl_init_all(rng, nd, nranks, nnodes, version="2.20.5+cuda12.4"))
        if nd.node_rank == 0:
            st.add(t0 + SEC(30), ["using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ",
                                  "using torch.bfloat16 for parameters ...",
                                  "------------------------ arguments ------------------------",
                                  "  accumulate_allreduce_grads_in_fp32 .............. True",
                                  "  adam_beta1 ...................................... 0.9",
                                  "  adam_beta2 ...................................... 0.95",
                                  "  bf16 ............................................ True",
                                  "  distributed_timeout_minutes ..................... 10",
                                  "  global_batch_size ............................... 1024",
                                  "  log_interval .................................... 10",
                                  "  micro_batch_size ................................ 2",
                                  "  num_layers ...................................... 40",
                                  "  overlap_grad_reduce ............................. True",
                                  "  save_interval ................................... 1000",
                                  "  seq_length ...................................... 4096",
                                  "  tensor_model_parallel_size ...................... 8",
                                  "  use_distributed_optimizer ....................... True",
                                  "-------------------- end of arguments ---------------------",
                                  "> initializing torch distributed ...",
                                  "> initialized tensor model parallel with size 8",
                                  "> initialized pipeline model parallel with size 1",
                                  "> setting random seeds to 1234 ...",
                                  "> compiling dataset index builder ...",
                                  ">>> done with dataset index builder. Compilation time: 0.081 seconds",
                                  "> building GPT model ...",
                                  " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 2823831552",
                                  "INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, use_distributed_optimizer=True, check_for_nan_in_grad=True, bucket_size=40000000)",
                                  " loading checkpoint from /lustre/ckpt/gpt22b at iteration 0",
                                  "could not find arguments in the checkpoint ...",
                                  "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % L.pylog(t0 + SEC(120), z),
                                  "> building train, validation, and test datasets ...",
                                  "[after dataloaders are built] datetime: %s " % L.pylog(t0 + SEC(214), z),
                                  "training ..."])
        if nd.node_rank == 7:
            loss = 10.9
            for it in range(10, last_it + 1, 10):
                t = t_train + dt.timedelta(milliseconds=it * step_ms + rng.randint(-300, 300))
                loss = 1.95 + 8.9 * (2.718281828 ** (-it / 600.0)) + 0.35 * (2.718281828 ** (-it / 4000.0)) + rng.uniform(-0.012, 0.012)
                lr = 3.0e-4 * min(1.0, it / 2000.0)
                ms = step_ms + rng.uniform(-35, 35)
                st.add(t, S.megatron_iter(t, it, 250000, it * 1024, ms, 411.0 + rng.uniform(-4, 4), lr, 1024,
                                          loss, rng.uniform(0.18, 0.42) if it > 200 else rng.uniform(1.0, 4.0), z))
                if it == 1000 or it == 2000 or it == 3000 or it == 4000:
                    st.add(t + SEC(1), ["saving checkpoint at iteration %8d to /lustre/ckpt/gpt22b in torch_dist format" % it,
                                        "  successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt22b [ t 1/8, p 1/1 ]" % it])
        if nd is bad:
            tfail = t_xid + SEC(1.65)
            st.add(tfail, L.watchdog_cuda_error(rng, tfail, nd.rank(bad_local), "unspecified launch failure", z))
            S.agent_fail(rng, st, nd, tfail + SEC(1.4), bad_local, -6, script, sigterm=True)
        else:
            tw = t_xid + SEC(600.2 + rng.uniform(0, 1.8))
            last = S.timeout_node(rng, st, nd, tw, seq, optype="_REDUCE_SCATTER_BASE", numel=188743680, timeout_ms=600000)
            S.agent_fail(rng, st, nd, last + SEC(rng.uniform(1.0, 2.5)), rng.randint(0, 7), -6, script)
        c.write("%s/torchrun-%d.log" % (nd.host, jobid), st.text())

    # dmesg -T on every node (local time)
    for nd in nodes:
        fmt = lambda t, z=z: L.dmesg_T(t, z)
        boot = L.T(2024, 3, 1, 18, 2, 11)
        lines = S.dmesg_boot_noise(fmt, boot, nd.host)
        if nd.host == "gpu-a02":
            tx = L.T(2024, 3, 12, 8, 47, 33)
            lines.append("%s NVRM: Xid (PCI:0000:43:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000a5f13) marked for remapping, reset gpu to activate." % fmt(tx))
        if nd is bad:
            b = L.xid_pci(nd.bus[bad_local])
            lines += ["%s NVRM: GPU at %s: GPU-5d1c8a37-0f4e-2b9c-71a6-3e8f0d2c4b19" % (fmt(t_xid), b),
                      "%s NVRM: Xid (%s): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % (fmt(t_xid), b),
                      "%s NVRM: GPU 0000:9d:00.0: GPU has fallen off the bus." % fmt(t_xid),
                      "%s NVRM: A GPU crash dump has been created. If possible, please run" % fmt(t_xid),
                      "                           NVRM: nvidia-bug-report.sh as root to collect this data before",
                      "                           NVRM: the NVIDIA kernel module is unloaded.",
                      "%s pcieport 0000:9a:01.0: pciehp: Slot(21): Link Down" % fmt(t_xid + SEC(0.7)),
                      "%s pcieport 0000:9a:01.0: pciehp: Slot(21): Card not present" % fmt(t_xid + SEC(0.7))]
        c.write("%s/dmesg.txt" % nd.host, lines)
    c.write("gpu-a06/nvidia-smi.epilog.txt",
            ["# slurm epilog %s" % L.date_cmd(t_xid + SEC(640), z, "PDT"),
             "Unable to determine the device handle for GPU0000:9D:00.0: Unknown Error",
             "No devices were found"])
    slurm = ["#!/bin/bash", "#SBATCH --job-name=gpt22b-pretrain", "#SBATCH --nodes=8", "#SBATCH --ntasks-per-node=1",
             "#SBATCH --gpus-per-node=8", "#SBATCH --time=7-00:00:00", "#SBATCH --output=slurm-%j.out", "",
             "MASTER_ADDR=gpu-a01", "NODELIST=gpu-a[01-08]", "srun --output=logs/%N/torchrun-%j.log bash launch.sh",
             "", "Job %d started on gpu-a[01-08] at %s" % (jobid, L.date_cmd(t0, z, "PDT"))]
    ends = []
    for nd in nodes:
        te = (t_xid + SEC(4)) if nd is bad else (t_xid + SEC(605 + rng.uniform(0, 3)))
        ends.append((te, "srun: error: %s: task %d: Exited with exit code 1" % (nd.host, nd.node_rank)))
    ends.sort()
    slurm += [e[1] for e in ends]
    c.write("slurm-%d.out" % jobid, slurm)
    c.label("gpu_hardware", "infrastructure", "gpu-a06", 44, "restart_without_node",
            "gpu-a06 logged Xid 79 (GPU 0000:9D:00.0, local GPU 4 = rank 44) at 03:14:09 and rank 44 died with a CUDA "
            "error seconds later; every other node only shows the 10-minute watchdog timeout at 03:24.",
            "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")


# --------------------------------------------------------------------------------------------- bd02
def bd02(c):
    """Plain torchrun ViT, 4 nodes (UTC). Rank 22 on ml-h100-017: corrupt JPEG -> UnidentifiedImageError in a
    DataLoader worker. Others time out 10 minutes later."""
    rng = random.Random(5902)
    z = L.UTC
    hosts = ["ml-h100-004", "ml-h100-009", "ml-h100-017", "ml-h100-022"]
    nodes = [Node(rng, h, i, "172.20.%d.%d" % (4 + i, 17 + 3 * i), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 5, 3, 3, 58, 12)
    t_err = L.T(2024, 5, 3, 14, 7, 33, 912000)
    bad = nodes[2]
    bl = 6
    r = bad.rank(bl)
    args = "train.py --config configs/vit_h14_inat.yaml --data /mnt/datasets/inat21 --batch-size 96 --workers 10 --epochs 90"
    seq = 412907
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "ml-h100-004:29400", args, rdzv_id="vit-h14-0503"))
        st.add(t0 + SEC(35), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 1:
            st.add(t0 + SEC(60), [SITE_PIL_WARN(nd.rank(3))])
        if nd.node_rank == 0:
            step = 0
            t = t0 + SEC(95)
            ep = 0
            while t < t_err - SEC(30):
                step += 100
                t = t + SEC(100 * 0.545 + rng.uniform(-0.8, 0.8))
                if step % 4000 == 0:
                    ep += 1
                    st.add(t, "%s INFO [train.py:241] epoch %d done; val top1 %.2f top5 %.2f" % (L.pylog_ms(t, z), ep, 41 + ep * 2.9 + rng.uniform(-0.4, 0.4), 68 + ep * 1.8))
                st.add(t, "%s INFO [train.py:214] epoch %d step %d loss %.4f lr %.3e img/s %d data_time %.3f" % (
                    L.pylog_ms(t, z), ep, step, 6.1 * (0.9996 ** step) + 1.2 + rng.uniform(-0.05, 0.05),
                    4.5e-4 * min(1, step / 5000.0), 5530 + rng.randint(-90, 90), rng.uniform(0.004, 0.02)))
        if nd is bad:
            tb = S.py_tb("[rank%d]: " % r, [
                ("/workspace/vit/train.py", 311, "<module>", "main()"),
                ("/workspace/vit/train.py", 266, "main", "for step, (images, labels) in enumerate(loader, start=start_step):"),
                (S.SITE + "/torch/utils/data/dataloader.py", 701, "__next__", "data = self._next_data()"),
                (S.SITE + "/torch/utils/data/dataloader.py", 1465, "_next_data", "return self._process_data(data)"),
                (S.SITE + "/torch/utils/data/dataloader.py", 1491, "_process_data", "data.reraise()"),
                (S.SITE + "/torch/_utils.py", 715, "reraise", "raise exception"),
            ], ["PIL.UnidentifiedImageError: Caught UnidentifiedImageError in DataLoader worker process 5.",
                "Original Traceback (most recent call last):",
                '  File "%s/torch/utils/data/_utils/worker.py", line 351, in _worker_loop' % S.SITE,
                "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                '  File "%s/torch/utils/data/_utils/fetch.py", line 52, in fetch' % S.SITE,
                "    data = [self.dataset[idx] for idx in possibly_batched_index]",
                '  File "/workspace/vit/data/folder_dataset.py", line 58, in __getitem__',
                '    img = Image.open(path).convert("RGB")',
                '  File "/usr/local/lib/python3.10/dist-packages/PIL/Image.py", line 3339, in open',
                "    raise UnidentifiedImageError(msg)",
                "PIL.UnidentifiedImageError: cannot identify image file '/mnt/datasets/inat21/train/04127_Plantae_Tracheophyta_Magnoliopsida/9f6c1b2e-77d4-4c1e-a0b8-2e51c8d3f6a1.jpg'",
                ""])
            tb = [x if x.startswith("[rank") else "[rank%d]: %s" % (r, x) for x in tb]
            st.add(t_err, tb)
            S.agent_fail(rng, st, nd, t_err + SEC(1.1), bl, 1, "train.py", sigterm=True,
                         root_extra=dict(error_file="/tmp/torchelastic_k2x9f1/vit-h14-0503_p7c0h3xq/attempt_0/%d/error.json" % bl,
                                         traceback="Traceback (most recent call last):\n    PIL.UnidentifiedImageError: Caught UnidentifiedImageError in DataLoader worker process 5."))
        else:
            tw = t_err + SEC(600 + rng.uniform(0.3, 2.0))
            last = S.timeout_node(rng, st, nd, tw, seq, optype="ALLREDUCE", numel=632098856, timeout_ms=600000)
            S.agent_fail(rng, st, nd, last + SEC(rng.uniform(0.8, 2.0)), rng.randint(0, 7), -6, "train.py")
        c.write("%s/torchrun.out" % nd.host, st.text())
    c.label("user_code", "script", None, None, "stop",
            "The first failure (14:07:33 UTC) is rank 22's DataLoader worker raising UnidentifiedImageError on a corrupt "
            "dataset file; the watchdog timeouts on the other three nodes come ten minutes later and are sympathetic.",
            "https://github.com/facebookresearch/deit/issues/76")


def SITE_PIL_WARN(rank):
    return ("[rank%d]:/usr/local/lib/python3.10/dist-packages/PIL/TiffImagePlugin.py:935: UserWarning: Corrupt EXIF data.  "
            "Expecting to read 2 bytes but only got 0. " % rank)


# --------------------------------------------------------------------------------------------- bd03
def bd03(c):
    """DeepSpeed ZeRO-3 via pdsh, 4 nodes, JST. Xid 95 (uncontained ECC) on worker-2 GPU 0000:4E (local 3 = rank 19);
    rank 19 illegal memory access; others time out after 30 min."""
    rng = random.Random(5903)
    z = L.tz(9)
    hosts = ["worker-0", "worker-1", "worker-2", "worker-3"]
    nodes = [Node(rng, h, i, "192.168.50.%d" % (10 + i), z, L.DGX_A100_BUS,
                  hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 10, 21, 15, 2, 40)
    t_xid = L.T(2024, 10, 22, 0, 41, 27, 318000)
    bad = nodes[2]
    bl = 3
    r = bad.rank(bl)
    seq = 301884
    out = L.Stream()
    launch = t0
    out.add(launch, ["[%s] [INFO] [runner.py:463:main] Using IP address of 192.168.50.10 for node worker-0" % L.pylog_ms(launch, z),
                     "[%s] [INFO] [multinode_runner.py:72:get_cmd] Running on the following workers: worker-0,worker-1,worker-2,worker-3" % L.pylog_ms(launch, z),
                     "[%s] [INFO] [runner.py:570:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1,worker-2,worker-3 export NCCL_DEBUG=WARN; export PYTHONPATH=/home/kenta/llm-jp;  cd /home/kenta/llm-jp; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=192.168.50.10 --master_port=29500 train.py --deepspeed ds_z3.json --model llmjp-13b" % L.pylog_ms(launch, z)])
    for nd in nodes:
        t = launch + SEC(3 + rng.uniform(0, 1))
        pre = "%s: " % nd.host
        out.add(t, [pre + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-1': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-2': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-3': [0, 1, 2, 3, 4, 5, 6, 7]}" % L.pylog_ms(t, z),
                    pre + "[%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (L.pylog_ms(t, z), nd.node_rank),
                    pre + "[%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-1': [8, 9, 10, 11, 12, 13, 14, 15], 'worker-2': [16, 17, 18, 19, 20, 21, 22, 23], 'worker-3': [24, 25, 26, 27, 28, 29, 30, 31]})" % L.pylog_ms(t, z),
                    pre + "[%s] [INFO] [launch.py:164:main] dist_world_size=32" % L.pylog_ms(t, z),
                    pre + "[%s] [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % L.pylog_ms(t, z),
                    pre + "[%s] [INFO] [launch.py:253:main] process %d spawned with command: ['/usr/bin/python3', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_z3.json', '--model', 'llmjp-13b']" % (L.pylog_ms(t, z), nd.pids[0])])
    t = launch + SEC(140)
    step = 0
    while True:
        step += 10
        t = t + SEC(10 * 3.61 + rng.uniform(-0.4, 0.4))
        if t > t_xid - SEC(5):
            break
        if step % 50 == 0:
            out.add(t, "worker-0: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (
                L.pylog_ms(t, z), step, 2e-4 * min(1.0, step / 1000.0)))
            out.add(t, "worker-0: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=21.31GB, MaxMemAllocated=52.77GB" % (
                L.pylog_ms(t, z), step * 4, step, 70.9 + rng.uniform(-0.5, 0.5), 70.9 + rng.uniform(-2, 2)))
        if step % 500 == 0:
            out.add(t, "worker-0: [%s] [INFO] [train.py:388] step %d loss %.4f ppl %.2f tokens/s %.0f" % (
                L.pylog_ms(t, z), step, 2.3 + 5.0 * (0.9994 ** step), 0, 290000 + rng.uniform(-3000, 3000)))
    tf = t_xid + SEC(0.9)
    out.add(tf, ["worker-2: " + x for x in L.watchdog_cuda_error(rng, tf, r, "an illegal memory access was encountered", z)])
    tk = tf + SEC(1.6)
    ds_kill = []
    for lr in range(8):
        ds_kill.append("worker-2: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (L.pylog_ms(tk + us(lr * 900), z), bad.pids[lr]))
    ds_kill.append("worker-2: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_z3.json', '--model', 'llmjp-13b'] exits with return code = -6" % (L.pylog_ms(tk + SEC(0.4), z), bl))
    ds_kill.append("pdsh@worker-0: worker-2: ssh exited with exit code 250")
    out.add(tk, ds_kill)
    for nd in nodes:
        if nd is bad:
            continue
        st = L.Stream()
        tw = tf + SEC(1800 + rng.uniform(0.1, 1.5))
        S.timeout_node(rng, st, nd, tw, seq, optype="_ALLGATHER_BASE", numel=13107200, timeout_ms=1800000, frames=False)
        last = max(e[0] for e in st.ev)
        for e in st.ev:
            out.add(e[0], [nd.host + ": " + x for x in e[2]])
        tk2 = last + SEC(1.2)
        ll = ["%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (nd.host, L.pylog_ms(tk2 + us(i * 700), z), nd.pids[i]) for i in range(8)]
        ll.append("%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_z3.json', '--model', 'llmjp-13b'] exits with return code = -6" % (nd.host, L.pylog_ms(tk2 + SEC(0.3), z), rng.randint(0, 7)))
        ll.append("pdsh@worker-0: %s: ssh exited with exit code 250" % nd.host)
        out.add(tk2, ll)
    c.write("deepspeed_pdsh_launch.log", out.text())
    # journald kernel logs (short-iso-precise, JST)
    for nd in nodes:
        jt = L.T(2024, 10, 21, 14, 55, 0)
        lines = ["-- Logs begin at Wed 2024-10-02 15:00:04 JST, end at Tue 2024-10-22 10:14:51 JST. --"]
        def J(t, msg, h=nd.host):
            return "%s %s kernel: %s" % (L.iso(t, z), h, msg)
        lines.append(J(jt, "mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 1204): PCIe slot advertised sufficient power (75W)."))
        lines.append(J(jt + SEC(2), "mlx5_core 0000:0c:00.0 ibp12s0: Link up"))
        lines.append(J(jt + SEC(5), "nvidia-nvswitch3: open (major=510)"))
        if nd.host == "worker-1":
            lines.append(J(L.T(2024, 10, 21, 19, 13, 2), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2c11 offset:0x4c0 grain:32 syndrome:0x0 - err_code:0x0000:0x0090)"))
        if nd is bad:
            b = L.xid_pci(nd.bus[bl])
            lines.append(J(t_xid, "NVRM: Xid (%s): 95, pid=%d, name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No" % (b, bad.pids[bl])))
            lines.append(J(t_xid + us(880), "NVRM: Xid (%s): 45, pid=%d, name=python3, Ch 00000008" % (b, bad.pids[bl])))
            lines.append(J(t_xid + SEC(2.9), "NVRM: Xid (%s): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)" % b))
        lines.append("%s %s systemd[1]: session-4411.scope: Deactivated successfully." % (L.iso(t_xid + SEC(1810), z), nd.host))
        c.write("%s/journalctl-k.txt" % nd.host, lines)
    c.write("hostfile", ["worker-0 slots=8", "worker-1 slots=8", "worker-2 slots=8", "worker-3 slots=8"])
    c.label("gpu_memory", "infrastructure", "worker-2", 19, "restart_without_node",
            "worker-2's kernel log shows Xid 95 (uncontained ECC) on GPU 0000:4E (local rank 3 = global rank 19) at "
            "00:41:27 JST, followed by the illegal-memory-access abort of rank 19; the other nodes only time out 30 min later.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/user-visible-statistics.html")


# --------------------------------------------------------------------------------------------- bd04
def bd04(c):
    """NeMo via srun (no torchrun), 4 nodes. Xid 74 NVLink fatal on dgx-b11 only visible in dmesg *uptime* seconds,
    boot time in uptime-s.txt. Rank 21 dies with 'uncorrectable NVLink error'; 30-min timeouts elsewhere."""
    rng = random.Random(5904)
    z = L.UTC
    hosts = ["dgx-b02", "dgx-b07", "dgx-b11", "dgx-b15"]
    nodes = [Node(rng, h, i, "10.3.11.%d" % (102 + 5 * i), z, L.DGX_H100_BUS) for i, h in enumerate(hosts)]
    jobid = 2291774
    t0 = L.T(2024, 7, 23, 21, 44, 3)
    t_x = L.T(2024, 7, 24, 5, 50, 49, 513000)
    bad = nodes[2]
    bl = 5
    r = bad.rank(bl)
    seq = 73011
    gstep_rate = 3.01
    for nd in nodes:
        st = L.Stream()
        st.add(t0, ["+ srun --ntasks-per-node=8 --container-image=nvcr.io/nvidia/nemo:24.05 python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-name=llama3_8b trainer.num_nodes=4 trainer.devices=8 exp_manager.exp_dir=/results/llama3-8b-cpt"])
        st.add(t0 + SEC(20), ["[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/layers.py:280: FutureWarning: `torch.cuda.amp.custom_fwd(args...)` is deprecated. Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead." % L.pylog(t0 + SEC(20), z),
                              "      def forward(ctx, input, weight, bias, allreduce_dgrad):", ""] * 2)
        st.add(t0 + SEC(26), ["[NeMo I %s nemo_logging:381] Rank %d has data parallel group : [%s]" % (L.pylog(t0 + SEC(26), z), rr, ", ".join(str(x) for x in range(rr % 2, 32, 2))) for rr in nd.ranks])
        st.add(t0 + SEC(40), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            gs = 0
            t = t0 + SEC(180)
            total = 20000
            post = ""
            while t < t_x - SEC(9):
                gs += 25
                t = t + SEC(25 * gstep_rate + rng.uniform(-0.6, 0.6))
                loss = 1.71 + 0.6 * (0.9993 ** gs) + rng.uniform(-0.02, 0.02)
                post = ", v_num=0, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%.3e, train_step_timing in s=%.3f" % (
                    loss, gs - 1, gs * 512.0, gstep_rate + rng.uniform(-0.02, 0.02))
                st.add(t, S.tqdm_bar("Epoch 0: :  ", gs, total, (t - t0).total_seconds() - 180, gstep_rate, post))
                if gs % 2000 == 0:
                    st.add(t + SEC(40), ["Epoch 0, global step %d: 'reduced_train_loss' reached %.5f (best %.5f), saving model to '/results/llama3-8b-cpt/checkpoints/megatron_llama--reduced_train_loss=%.4f-epoch=0-consumed_samples=%d.0.ckpt' as top 3" % (gs - 1, loss, loss, loss, gs * 512)])
        if nd is bad:
            tf = t_x + SEC(0.8)
            st.add(tf, L.watchdog_cuda_error(rng, tf, r, "uncorrectable NVLink error detected during the execution", z))
        else:
            tw = t_x + SEC(1800 + rng.uniform(0.2, 2.2))
            S.timeout_node(rng, st, nd, tw, seq, optype="ALLREDUCE", numel=1, timeout_ms=1800000)
        c.write("%s/slurm-%d-%s.out" % (nd.host, jobid, nd.host), st.text())
    for nd in nodes:
        boot = L.T(2024, 7, 19, 6, 2, 41) if nd is bad else L.T(2024, 7, 18, 22, 31, 7) + SEC(nd.node_rank * 3600 * 7)
        fmt = lambda t, b=boot: L.dmesg_up(t, b)
        lines = S.dmesg_boot_noise(fmt, boot + SEC(14), nd.host)
        if nd is bad:
            b = L.xid_pci(nd.bus[bl])
            lines += ["%s NVRM: Xid (%s): 74, pid=%d, name=python, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (fmt(t_x), b, bad.pids[bl]),
                      "%s NVRM: Xid (%s): 45, pid=%d, name=python, Ch 00000010" % (fmt(t_x + SEC(0.02)), b, bad.pids[bl]),
                      "%s NVRM: Xid (%s): 45, pid=%d, name=python, Ch 00000011" % (fmt(t_x + SEC(0.02)), b, bad.pids[bl]),
                      "%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 44 LTSSM Fault Up" % fmt(t_x + SEC(0.04)),
                      "%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Severity 1 Engine instance 44 Sub-engine instance 00" % fmt(t_x + SEC(0.04))]
        c.write("%s/dmesg.txt" % nd.host, lines)
        c.write("%s/uptime-s.txt" % nd.host, ["$ uptime -s", L.pylog(boot, z), "$ date -u", L.date_cmd(t_x + SEC(2400), L.UTC, "UTC")])
    tail = ["srun: error: dgx-b11: task %d: Aborted (core dumped)" % r]
    for nd in nodes:
        if nd is not bad:
            tail.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (nd.host, nd.rank(0), nd.rank(7)))
    tail += ["srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
             "srun: error: dgx-b11: tasks 16-20,22-23: Killed"]
    c.write("slurm-%d.out" % jobid, ["Submitted batch job %d" % jobid] + tail)
    c.label("nvlink", "infrastructure", "dgx-b11", 21, "restart_without_node",
            "dgx-b11's dmesg (uptime seconds; boot 2024-07-19 06:02:41) places an Xid 74 NVLink fatal error on GPU "
            "0000:C3 (local 5, rank 21) at 05:50:49 UTC, when rank 21 aborted; all other ranks timed out 30 minutes later.",
            "https://github.com/pytorch/pytorch/issues/58155")


# --------------------------------------------------------------------------------------------- bd05
def bd05(c):
    """FSDP over IB, 6 nodes, America/Chicago local time everywhere. cn-114's HCA mlx5_3 cable error + link down;
    peers report 'Got completion from peer 10.12.3.114 ... status=12'."""
    rng = random.Random(5905)
    z = L.tz(-5)
    hosts = ["cn-108", "cn-109", "cn-110", "cn-112", "cn-114", "cn-117"]
    nodes = [Node(rng, h, i, "10.12.3.%s" % h.split("-")[1], z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 6, 11, 14, 3, 51)
    t_link = L.T(2024, 6, 11, 21, 42, 7, 118000)
    bad = nodes[4]
    nranks = 48
    seq = 190446
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 6, 8, "cn-108:29500", "fsdp_train.py --model mistral-22b --seq 8192 --fsdp full_shard", rdzv_id="fsdp-611"))
        st.add(t0 + SEC(22), S.nccl_init_all(rng, nd, nranks, 6, version="2.20.5+cuda12.4", ifname="bond0"))
        if nd.node_rank == 0:
            t = t0 + SEC(70)
            it = 0
            while t < t_link - SEC(15):
                it += 20
                t += SEC(20 * 2.87 + rng.uniform(-0.5, 0.5))
                st.add(t, "%s | rank0 | it %6d | loss %.4f | grad_norm %.3f | tok/s/gpu %d | mem %.1fG" % (
                    L.pylog_ms(t, z), it, 1.9 + 2.0 * (0.9995 ** it) + rng.uniform(-0.03, 0.03), rng.uniform(0.2, 0.5), 3010 + rng.randint(-40, 40), 61.2))
        if nd is bad:
            for lr in (2, 3, 6):
                st.add(t_link + SEC(0.3 + lr * 0.01), [
                    "%s:%d:%d [%d] NCCL INFO NET/IB : Got async event : port error" % (nd.host, nd.pids[lr], nd.pids[lr] + 211, lr),
                    "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (nd.host, nd.pids[lr], nd.pids[lr] + 211, lr)])
        else:
            peers = [1, 3, 4] if nd.node_rank in (3, 5) else [0, 7]
            for lr in peers:
                tt = t_link + SEC(18.5 + rng.uniform(0, 3))
                tid = nd.pids[lr] + 300 + lr
                st.add(tt, ["%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.12.3.114<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:10.12.3.114" % (
                                nd.host, nd.pids[lr], tid, lr, rng.randint(33000, 61000), rng.choice([0, 1]), rng.choice(["Recv", "Send"]), nd.ip),
                            "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nd.host, nd.pids[lr], tid, lr),
                            "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (nd.host, nd.pids[lr], tid, lr),
                            "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (nd.host, nd.pids[lr], tid, lr)])
                rr = nd.rank(lr)
                te = tt + SEC(0.4)
                st.add(te, ["[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (rr, L.c10(te, "E", z), rr),
                            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                            "Last error:",
                            "NET/IB : Got completion from peer 10.12.3.114<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.12.3.114" % (rng.randint(33000, 61000), nd.ip),
                            "terminate called after throwing an instance of 'c10::DistBackendError'",
                            "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % rr])
            S.agent_fail(rng, st, nd, t_link + SEC(24 + rng.uniform(0, 2)), peers[0], -6, "fsdp_train.py", sigterm=True)
        if nd is bad:
            tw = t_link + SEC(600.4)
            last = S.timeout_node(rng, st, nd, tw, seq, optype="_ALLGATHER_BASE", numel=44040192, exclude=())
            S.agent_fail(rng, st, nd, last + SEC(1.3), 3, -6, "fsdp_train.py")
        c.write("%s/torchrun-fsdp-611.log" % nd.host, st.text())
    # syslog on every node (local time, no tz)
    for nd in nodes:
        up0 = L.T(2024, 5, 16, 19, 26, 38)
        def K(t, msg, h=nd.host):
            return "%s %s kernel: [%12.6f] %s" % (L.syslog(t, z), h, (t - up0).total_seconds(), msg)
        lines = ["%s %s systemd[1]: Started Session 2201 of User svc-train." % (L.syslog(t0 - SEC(60), z), nd.host)]
        lines.append("%s %s slurmd[2412]: launch task StepId=771093.0 request from UID:30114 GID:30114 HOST:10.12.0.2 PORT:41730" % (L.syslog(t0 - SEC(5), z), nd.host))
        if nd is bad:
            lines += [K(t_link, "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1176:(pid 0): Port module event[error]: module 3, Cable error, High Temperature"),
                      K(t_link + SEC(0.01), "mlx5_core 0000:4b:00.0 ibp75s0: Link down"),
                      K(t_link + SEC(212), "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1176:(pid 0): Port module event[error]: module 3, Cable error, High Temperature")]
        if nd.host == "cn-110":
            lines.append("%s %s nvidia-persistenced[1788]: device 0000:5d:00.0 - persistence mode enabled." % (L.syslog(t0 - SEC(3600), z), nd.host))
        lines.append("%s %s slurmd[2412]: error: *** STEP 771093.0 ON %s CANCELLED AT %s ***" % (L.syslog(t_link + SEC(640), z), nd.host, nd.host, L.slurm_ts(t_link + SEC(640), z))) if nd is bad else None
        c.write("%s/syslog" % nd.host, [x for x in lines if x])
    c.write("cn-114/ibstat.txt", ["CA 'mlx5_3'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048",
                                   "\tHardware version: 0", "\tNode GUID: 0xa088c20300f1e2d4", "\tSystem image GUID: 0xa088c20300f1e2d4",
                                   "\tPort 1:", "\t\tState: Down", "\t\tPhysical state: Polling", "\t\tRate: 10",
                                   "\t\tBase lid: 65535", "\t\tLMC: 0", "\t\tSM lid: 0", "\t\tCapability mask: 0xa651e848",
                                   "\t\tPort GUID: 0xa088c20300f1e2d4", "\t\tLink layer: InfiniBand"])
    c.label("network", "infrastructure", "cn-114", None, "restart_without_node",
            "cn-114's kernel reports a cable error and link down on mlx5_3 at 16:42:07 local; 18-21 s later its peers "
            "report IB completion errors (status 12) against 10.12.3.114, which is cn-114, and ibstat shows the port still down.",
            "https://github.com/NVIDIA/nccl/issues/905")


# --------------------------------------------------------------------------------------------- bd06
def bd06(c):
    """Megatron (srun, no torchrun). NaN grad-norm assertion on rank 19 / hgx-c04 in two attempts at different
    iterations; hgx-c04 is the only node present in both node lists at the same position."""
    rng = random.Random(5906)
    z = L.UTC
    runs = [("attempt_0", 5521001, ["hgx-c01", "hgx-c02", "hgx-c04", "hgx-c05"], L.T(2024, 8, 2, 20, 10, 4), 0, 12417,
             L.T(2024, 8, 3, 13, 52, 18, 604000)),
            ("attempt_1", 5521876, ["hgx-c09", "hgx-c02", "hgx-c04", "hgx-c07"], L.T(2024, 8, 3, 14, 40, 31), 12000, 12688,
             L.T(2024, 8, 3, 15, 19, 4, 77000))]
    for att, jobid, hosts, t0, start_it, fail_it, t_fail in runs:
        nodes = [Node(rng, h, i, "10.77.0.%d" % (20 + int(h[-2:])), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
        bad = nodes[2]
        bl = 3
        r = bad.rank(bl)
        step_s = (t_fail - t0 - SEC(300)).total_seconds() / float(fail_it - start_it)
        t_tr = t0 + SEC(300)
        for nd in nodes:
            st = L.Stream()
            st.add(t0, ["+ srun --mpi=pmix --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --num-layers 32 --hidden-size 4096 --seq-length 4096 --micro-batch-size 4 --global-batch-size 512 --lr 2e-4 --bf16 --use-distributed-optimizer --load /gpfs/ckpt/llama7b-x --save /gpfs/ckpt/llama7b-x --save-interval 500 --log-interval 10 --distributed-timeout-minutes 10"])
            st.add(t0 + SEC(30), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
            if nd.node_rank == 0 and start_it:
                st.add(t0 + SEC(200), [" loading distributed checkpoint from /gpfs/ckpt/llama7b-x at iteration %d" % start_it,
                                       "  successfully loaded checkpoint from /gpfs/ckpt/llama7b-x [ t 1/2, p 1/1 ] at iteration %d" % start_it])
            if nd.node_rank == 3:
                for it in range(start_it + 10, fail_it, 10):
                    t = t_tr + SEC((it - start_it) * step_s + rng.uniform(-0.3, 0.3))
                    loss = 1.62 + 0.9 * (0.99985 ** it) + rng.uniform(-0.015, 0.015)
                    st.add(t, S.megatron_iter(t, it, 60000, it * 512, step_s * 1000 + rng.uniform(-20, 20), 451 + rng.uniform(-3, 3),
                                              2e-4, 512, loss, rng.uniform(0.16, 0.3), z))
                    if it % 500 == 0:
                        st.add(t + SEC(2), ["saving checkpoint at iteration %8d to /gpfs/ckpt/llama7b-x in torch_dist format" % it,
                                            "  successfully saved checkpoint from iteration %8d to /gpfs/ckpt/llama7b-x [ t 1/2, p 1/1 ]" % it])
            if nd is bad:
                tb = S.py_tb("[rank%d]: " % r, [
                    ("/workspace/megatron-lm/pretrain_gpt.py", 247, "<module>", "pretrain("),
                    ("/workspace/megatron-lm/megatron/training/training.py", 355, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                    ("/workspace/megatron-lm/megatron/training/training.py", 1263, "train", "train_step(forward_step_func,"),
                    ("/workspace/megatron-lm/megatron/training/training.py", 705, "train_step", "losses_reduced = forward_backward_func("),
                    ("/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 480, "forward_backward_no_pipelining", "config.finalize_model_grads_func("),
                    ("/workspace/megatron-lm/megatron/core/distributed/finalize_model_grads.py", 143, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
                    ("/workspace/megatron-lm/megatron/core/distributed/distributed_data_parallel.py", 422, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                    ("/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 285, "finish_grad_sync", "self.start_grad_sync()"),
                    ("/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 219, "start_grad_sync", "self.check_for_nan_in_grad()"),
                    ("/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 181, "check_for_nan_in_grad", "rerun_state_machine.validate_result("),
                    ("/workspace/megatron-lm/megatron/core/rerun_state_machine.py", 463, "validate_result", "raise RuntimeError(full_message)"),
                ], ["RuntimeError: Rank %d, node %s, device %d, iteration %d: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')" % (r, bad.host, bl, fail_it)])
                st.add(t_fail, tb)
            else:
                tw = t_fail + SEC(600 + rng.uniform(0.1, 2))
                S.timeout_node(rng, st, nd, tw, 40000 + (fail_it - start_it) * 3, optype="_REDUCE_SCATTER_BASE", numel=67108864, timeout_ms=600000, frames=False)
            c.write("%s/%s/megatron_%d_%s.log" % (att, nd.host, jobid, nd.host), st.text())
        tail = ["srun: error: %s: task %d: Exited with exit code 1" % (bad.host, r)]
        for nd in nodes:
            if nd is not bad:
                tail.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (nd.host, nd.rank(0), nd.rank(7)))
        c.write("%s/slurm-%d.out" % (att, jobid), ["Job %d  nodes: %s  start: %s" % (jobid, ",".join(hosts), L.slurm_ts(t0))] + tail)
    c.label("gpu_hardware", "infrastructure", "hgx-c04", 19, "restart_without_node",
            "Both attempts die on the same NaN grad-norm check from rank 19, device 3 of hgx-c04, at different iterations "
            "(12417, then 12688 after resuming from 12000 and passing 12417 cleanly) while the other nodes changed; "
            "the NaN follows the node, not the data.",
            "https://github.com/NVIDIA/Megatron-LM/issues/780")


# --------------------------------------------------------------------------------------------- bd07
def bd07(c):
    """torchtitan, two attempts on disjoint node sets; loss spikes then NaN at step 3120 both times; the user's
    finite-loss assert fires on every rank. Metrics in epoch-seconds JSON lines."""
    rng = random.Random(5907)
    z = L.tz(1)
    runs = [("attempt_0", ["tt-n01", "tt-n02", "tt-n03", "tt-n04"], L.T(2024, 11, 12, 7, 30, 2)),
            ("attempt_1", ["tt-n05", "tt-n06", "tt-n07", "tt-n08"], L.T(2024, 11, 12, 13, 2, 44))]
    for att, hosts, t0 in runs:
        nodes = [Node(rng, h, i, "10.9.1.%d" % (30 + int(h[-2:])), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
        t_tr = t0 + SEC(75)
        step_s = 4.71
        metrics = []
        fail_step = 3120
        t_fail = t_tr + SEC(fail_step * step_s)
        for nd in nodes:
            st = L.Stream()
            st.add(t0, S.torchrun_head(t0, nd, 4, 8, "%s:29500" % hosts[0], "-m torchtitan.train --job.config_file ./train_configs/llama3_8b.toml --optimizer.lr 3e-3 --lr_scheduler.warmup_steps 200 --training.max_norm 0 --training.steps 40000", rdzv_id="titan-1112"))
            st.add(t0 + SEC(15), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
            for lr_ in range(8):
                rk = nd.rank(lr_)
                st.add(t0 + SEC(20), ["[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % (rk, L.pylog_ms(t0 + SEC(20), z)),
                                      "[rank%d]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % (rk, L.pylog_ms(t0 + SEC(21), z))])
            if nd.node_rank == 0:
                st.add(t0 + SEC(60), ["[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 40000 (warmup 200)" % L.pylog_ms(t0 + SEC(60), z)])
                loss = 12.2
                for s in range(10, fail_step + 1, 10):
                    t = t_tr + SEC(s * step_s + rng.uniform(-0.2, 0.2))
                    if s < 2900:
                        loss = max(2.3, loss * 0.996 - 0.001 + rng.uniform(-0.02, 0.02))
                        gn = rng.uniform(0.3, 0.9)
                    elif s < 3090:
                        loss = loss + rng.uniform(-0.01, 0.06)
                        gn = rng.uniform(2, 9)
                    elif s < fail_step:
                        loss = loss * 1.7
                        gn = rng.uniform(40, 900)
                    else:
                        loss = float("nan")
                        gn = float("nan")
                    ls = "nan" if loss != loss else "%8.4f" % loss
                    st.add(t, "[rank0]:[titan] %s - root - INFO - step: %5d  loss: %s  grad_norm: %s  memory: 58.41GiB(73.63%%)  tps: 6,912  tflops: 401.77  mfu: 40.62%%" % (
                        L.pylog_ms(t, z), s, ls, "nan" if gn != gn else "%7.4f" % gn))
                    metrics.append(json.dumps({"ts": round(L.epoch(t), 3), "step": s, "loss": (None if loss != loss else round(loss, 5)),
                                               "grad_norm": (None if gn != gn else round(gn, 4)), "lr": round(3e-3 * min(1.0, s / 200.0), 8),
                                               "tps": 6912 + rng.randint(-30, 30)}))
            for lr_ in range(8):
                rk = nd.rank(lr_)
                tt = t_fail + SEC(0.05 + rng.uniform(0, 0.6))
                st.add(tt, S.py_tb("[rank%d]: " % rk, [
                    ("/workspace/torchtitan/torchtitan/train.py", 560, "<module>", "trainer.train()"),
                    (S.SITE + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                    ("/workspace/torchtitan/torchtitan/train.py", 482, "train", "self.train_step(inputs, labels)"),
                    ("/workspace/torchtitan/torchtitan/train.py", 431, "train_step", 'assert torch.isfinite(loss), f"non-finite loss {loss.item()} at step {self.step}"'),
                ], ["AssertionError: non-finite loss nan at step %d" % fail_step]))
            for lr_ in (1, 5):
                tt = t_fail + SEC(0.9 + rng.uniform(0, 0.3))
                st.add(tt, "[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (nd.rank(lr_), L.c10(tt, "", z)[0:]))
            S.agent_fail(rng, st, nd, t_fail + SEC(2.2 + rng.uniform(0, 0.5)), rng.randint(0, 7), 1, "torchtitan.train",
                         others_exit=1)
            c.write("%s/%s/torchrun.log" % (att, nd.host), st.text())
        c.write("%s/%s/metrics_rank0.jsonl" % (att, hosts[0]), metrics)
    c.label("numerical", "script", None, None, "stop",
            "Two attempts on disjoint nodes (tt-n01..04, tt-n05..08) diverge identically: loss and grad norm blow up "
            "from ~step 2900 and turn NaN at step 3120 on every rank, with lr 3e-3, 200 warmup steps and no clipping.",
            "https://github.com/alibaba/ROLL/issues/193")


# --------------------------------------------------------------------------------------------- bd08
def bd08(c):
    """Megatron torch_dist resume with --qk-layernorm newly enabled: DCP 'Missing key in checkpoint state_dict' on
    every rank. Benign Xid 63 on sc-gpu0232 days earlier; a c10d connect retry at start."""
    rng = random.Random(5908)
    z = L.tz(-4)
    hosts = ["sc-gpu0231", "sc-gpu0232", "sc-gpu0233", "sc-gpu0234"]
    nodes = [Node(rng, h, i, "10.210.8.%d" % (31 + i), z, L.DGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 9, 9, 17, 20, 1)
    t_load = t0 + SEC(212)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "sc-gpu0231:29500", "pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --qk-layernorm --normalization RMSNorm --ckpt-format torch_dist --load /scratch/proj/ckpt/gpt8b-run3 --tensor-model-parallel-size 4 --bf16", rdzv_id="gpt8b-r3"))
        if nd.node_rank == 2:
            st.add(t0 + SEC(1), "[W%s socket.cpp:697] [c10d] The client socket has failed to connect to [sc-gpu0231]:29500 (errno: 111 - Connection refused)." % L.c10(t0 + SEC(1), "", z)[0:])
        st.add(t0 + SEC(40), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            st.add(t0 + SEC(200), [" loading distributed checkpoint from /scratch/proj/ckpt/gpt8b-run3 at iteration 36000"])
        for lr_ in range(8):
            rk = nd.rank(lr_)
            tt = t_load + SEC(rng.uniform(0.5, 6.0) + (0 if nd.node_rank != 2 else -0.4))
            lines = S.py_tb("[rank%d]: " % rk, [
                ("/workspace/megatron-lm/pretrain_gpt.py", 288, "<module>", "pretrain("),
                ("/workspace/megatron-lm/megatron/training/training.py", 293, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
                ("/workspace/megatron-lm/megatron/training/training.py", 698, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
                ("/workspace/megatron-lm/megatron/training/checkpointing.py", 1143, "load_checkpoint", "state_dict, checkpoint_name, release = _load_base_checkpoint("),
                ("/workspace/megatron-lm/megatron/training/checkpointing.py", 843, "_load_base_checkpoint", "return _load_global_dist_base_checkpoint("),
                ("/workspace/megatron-lm/megatron/training/checkpointing.py", 776, "_load_global_dist_base_checkpoint", "state_dict = dist_checkpointing.load(sharded_state_dict, checkpoint_name, load_strategy, strict=args.dist_ckpt_strictness)"),
                ("/workspace/megatron-lm/megatron/core/dist_checkpointing/serialization.py", 126, "load", "loaded_state_dict = sharded_strategy.load(sharded_state_dict, checkpoint_dir)"),
                ("/workspace/megatron-lm/megatron/core/dist_checkpointing/strategies/torch.py", 790, "load", "checkpoint.load_state_dict("),
                (S.SITE + "/torch/distributed/checkpoint/state_dict_loader.py", 227, "_load_state_dict", 'central_plan: LoadPlan = distW.reduce_scatter("plan", local_step, global_step)'),
                (S.SITE + "/torch/distributed/checkpoint/utils.py", 192, "reduce_scatter", "raise result"),
            ], ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % ", ".join(str(x) for x in range(32)),
                "Traceback: (RANK %d)" % rk,
                "  File \"%s/torch/distributed/checkpoint/utils.py\", line 165, in reduce_scatter" % S.SITE,
                "    local_data = map_fun()",
                "  File \"/workspace/megatron-lm/megatron/core/dist_checkpointing/strategies/torch.py\", line 548, in create_local_plan",
                "    return super().create_local_plan()",
                "  File \"%s/torch/distributed/checkpoint/default_planner.py\", line 233, in create_local_plan" % S.SITE,
                "    return create_default_local_load_plan(",
                "  File \"%s/torch/distributed/checkpoint/default_planner.py\", line 354, in create_default_local_load_plan" % S.SITE,
                "    raise RuntimeError(f\"Missing key in checkpoint state_dict: {fqn}.\")",
                "RuntimeError: Missing key in checkpoint state_dict: model.decoder.layers.self_attention.q_layernorm.weight.",
                ""])
            st.add(tt, lines)
        S.agent_fail(rng, st, nd, t_load + SEC(8 + rng.uniform(0, 2)), rng.randint(0, 7), 1, "pretrain_gpt.py", others_exit=1)
        c.write("%s/torchrun.log" % nd.host, st.text())
        fmt = lambda t: L.dmesg_T(t, z)
        dl = S.dmesg_boot_noise(fmt, L.T(2024, 9, 1, 12, 0, 0), nd.host)
        if nd.host == "sc-gpu0232":
            dl.append("%s NVRM: Xid (PCI:0000:52:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000117e2c) marked for remapping, reset gpu to activate." % fmt(L.T(2024, 9, 6, 3, 11, 48)))
        c.write("%s/dmesg-T.txt" % nd.host, dl)
    c.write("ckpt_ls.txt", ["$ ls -la /scratch/proj/ckpt/gpt8b-run3/iter_0036000",
                            "total 61233112",
                            "-rw-r--r-- 1 lsmith proj     1311 Sep  8 22:14 .metadata",
                            "-rw-r--r-- 1 lsmith proj      184 Sep  8 22:14 common.pt",
                            "-rw-r--r-- 1 lsmith proj      512 Sep  8 22:14 metadata.json",
                            "-rw-r--r-- 1 lsmith proj 1959331840 Sep  8 22:14 __0_0.distcp",
                            "-rw-r--r-- 1 lsmith proj 1959331840 Sep  8 22:14 __0_1.distcp",
                            "...",
                            "$ python -c \"import torch; print(torch.load('/scratch/proj/ckpt/gpt8b-run3/iter_0036000/common.pt')['args'].qk_layernorm)\"",
                            "False"])
    c.label("user_code", "script", None, None, "stop",
            "Every rank on all four nodes fails the same way while loading the checkpoint: the run now uses --qk-layernorm "
            "but the iteration-36000 checkpoint was saved without it, so q_layernorm.weight is missing.",
            "https://github.com/JinjieNi/dlms-are-super-data-learners/issues/4")


# --------------------------------------------------------------------------------------------- bd09
def bd09(c):
    """6 nodes; g0417 kernel panics from a fatal MCE (journal of previous boot, +02:00). Rank logs on the other nodes
    are UTC Python logging without ms; IB retry errors 25 s later name 10.33.4.17; corrected ECC on g0412 earlier."""
    rng = random.Random(5909)
    zl = L.tz(2)
    z = L.UTC
    hosts = ["g0412", "g0413", "g0415", "g0417", "g0418", "g0420"]
    nodes = [Node(rng, h, i, "10.33.4.%d" % int(h[-2:]), z, L.DGX_A100_BUS,
                  hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 9, 18, 4, 11, 27)
    t_mce = L.T(2024, 9, 18, 12, 2, 11, 204000)
    bad = nodes[3]
    seq = 222710
    step_s = 1.94
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 6, 8, "g0412:29400", "train_lm.py --cfg cfg/13b_ddp.yaml", rdzv_id="13b-0918", style="old"))
        st.add(t0 + SEC(18), S.nccl_init_all(rng, nd, 48, 6, version="2.19.3+cuda12.3", ifname="ib0"))
        lg = lambda t, lvl, msg, rk: "%s %s [rank%d] %s" % (L.pylog(t, z), lvl, rk, msg)
        step = 0
        t = t0 + SEC(60)
        end = t_mce if nd is bad else t_mce
        while True:
            step += 50
            t = t + SEC(50 * step_s + rng.uniform(-0.5, 0.5))
            if t > end - SEC(2):
                break
            if nd.node_rank == 0 or nd is bad:
                rk = nd.rank(0)
                st.add(t, lg(t, "INFO", "step=%d loss=%.4f lr=%.2e tokens/s=%d" % (step, 2.1 + 3 * (0.9995 ** step) + rng.uniform(-0.02, 0.02), 1.5e-4, 388000 + rng.randint(-3000, 3000)), rk))
        if nd is not bad and nd.node_rank in (2, 4):
            hit = [0, 4]
            first_t = None
            for lr_ in hit:
                tt = t_mce + SEC(24.6 + rng.uniform(0, 2.0))
                tid = nd.pids[lr_] + 412
                port = rng.randint(40000, 60000)
                st.add(tt, ["%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.33.4.17<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:10.33.4.17" % (nd.host, nd.pids[lr_], tid, lr_, port, nd.ip),
                            "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (nd.host, nd.pids[lr_], tid, lr_),
                            "%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (nd.host, nd.pids[lr_], tid, lr_),
                            "%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 6 [Proxy Thread]" % (nd.host, nd.pids[lr_], tid, lr_)])
                te = tt + SEC(0.6)
                rr = nd.rank(lr_)
                st.add(te, ["[E ProcessGroupNCCL.cpp:1182] [Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % rr,
                            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                            "Last error:",
                            "NET/IB : Got completion from peer 10.33.4.17<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:10.33.4.17" % (port, nd.ip),
                            "terminate called after throwing an instance of 'std::runtime_error'",
                            "  what():  [Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % rr])
                if first_t is None or te < first_t[0]:
                    first_t = (te, lr_)
            S.agent_fail(rng, st, nd, first_t[0] + SEC(0.9), first_t[1], -6, "train_lm.py", style="old", sigterm=True)
        elif nd is not bad:
            tw = t_mce + SEC(600 + rng.uniform(0.1, 1.5))
            last = S.timeout_node(rng, st, nd, tw, seq, optype="ALLREDUCE", numel=26214400, timeout_ms=600000, style="old", frames=False)
            S.agent_fail(rng, st, nd, last + SEC(1.1), rng.randint(0, 7), -6, "train_lm.py", style="old")
        c.write("%s/train_13b-0918.log" % nd.host, st.text())
    # the panicked node: journal of the previous boot, kernel only, short-iso (+0200)
    def J(t, msg):
        return "%s g0417 kernel: %s" % (L.iso_short(t, zl), msg)
    jl = ["-- Boot 8c1e52a0b7d94c6f9a21f3e0d6b74a55 --"]
    jl.append(J(L.T(2024, 9, 12, 8, 0, 12), "Linux version 5.15.0-119-generic (buildd@lcy02-amd64-015) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024 (Ubuntu 5.15.0-119.129-generic 5.15.160)"))
    jl.append(J(L.T(2024, 9, 12, 8, 0, 44), "mlx5_core 0000:0c:00.0 ib0: Link up"))
    for m in L.mce_panic_lines(37, 17, "be00000001010091", "3c1fa82a40", "200001c020001086", 0x4a, 1, int(t_mce.timestamp())):
        jl.append(J(t_mce, m))
    jl.append(J(t_mce, "Kernel Offset: 0x2a000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"))
    c.write("g0417/journalctl_-k_-b_-1.txt", jl)
    c.write("g0417/last_-x.txt", ["reboot   system boot  5.15.0-119-gene Wed Sep 18 14:09 - 16:20  (02:11)",
                                  "reboot   system boot  5.15.0-119-gene Thu Sep 12 10:00 - crash (6+04:02)",
                                  "", "wtmp begins Mon Sep  2 11:41:07 2024"])
    c.write("g0412/journalctl_-k.txt", [
        "%s g0412 kernel: EDAC skx MC2: HANDLING MCE MEMORY ERROR" % L.iso_short(L.T(2024, 9, 18, 11, 40, 52), zl),
        "%s g0412 kernel: EDAC skx MC2: CPU 1: Machine Check Event: 0x0 Bank 14: 0x8c00004000010090" % L.iso_short(L.T(2024, 9, 18, 11, 40, 52), zl),
        "%s g0412 kernel: EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#2_Chan#0_DIMM#0 (channel:0 slot:0 page:0x81c27d offset:0x240 grain:32 syndrome:0x0 - err_code:0x0000:0x0090 SystemAddress:0x81c27d240 ProcessorSocketId:0x1 MemoryControllerId:0x2 ChannelAddress:0x2070e9240 ChannelId:0x0 RankAddress:0x1038748 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x8c3a Column:0x118 Bank:0x1 BankGroup:0x3 ChipSelect:0x0 ChipId:0x0)" % L.iso_short(L.T(2024, 9, 18, 11, 40, 52), zl),
    ])
    c.label("host", "infrastructure", "g0417", None, "restart_without_node",
            "g0417's previous-boot journal ends in a fatal machine check and kernel panic at 14:02:11+02:00 (12:02:11 UTC); "
            "its training log stops there, peers report IB retry-exceeded errors against 10.33.4.17 25 s later and time out at 12:12 UTC.",
            "https://www.advancedclustering.com/act_kb/what-are-machine-check-exceptions-or-mce/")


CASES = [
    ("bd01_watchdog_flood_after_iteration_4410", bd01),
    ("bd02_vit_timeouts_three_nodes_one_traceback", bd02),
    ("bd03_deepspeed_illegal_memory_access_then_timeouts", bd03),
    ("bd04_nemo_abort_core_dumped_all_tasks", bd04),
    ("bd05_ib_completion_errors_from_five_nodes", bd05),
    ("bd06_grad_nan_check_twice_after_resume", bd06),
    ("bd07_titan_loss_nan_on_fresh_nodes", bd07),
    ("bd08_resume_fails_on_every_rank", bd08),
    ("bd09_one_log_stops_peers_retry_exceeded", bd09),
]
