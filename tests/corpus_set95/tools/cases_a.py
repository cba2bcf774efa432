"""Cases cn01-cn07."""
import sys

sys.dont_write_bytecode = True

import random

from common import (dt, add, iso, glog, dmesg_T, syslog, xid_line, boot_noise, job_noise,
                    nvidia_smi_q, dcgmi_standard, sel_lines, sel_baseline, sacct, join,
                    child_failed, agent_failed, megatron_iter, bus_xid, bus_full, hexid,
                    ibstat_ca, pyts)
from cluster import Cluster, srun_label, torchrun_banner, rank_tb, TRAIN_FRAMES, CUDA_ERR_TAIL


def label(category, layer, node, rank, action, rationale, url):
    return {"category": category, "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": rationale, "modelled_on": url}


def journal_k(host, t, msgs):
    """journalctl -k style lines."""
    return [syslog(tt, host) + " " + m for tt, m in msgs]


def sbatch(jobid, name, nodes, part, extra=(), cmd=None, gpn=8, ntasks=1):
    lines = ["#!/bin/bash",
             "#SBATCH --job-name=%s" % name,
             "#SBATCH --partition=%s" % part,
             "#SBATCH --nodes=%d" % nodes,
             "#SBATCH --ntasks-per-node=%d" % ntasks,
             "#SBATCH --gpus-per-node=%d" % gpn,
             "#SBATCH --cpus-per-task=%d" % (96 // ntasks),
             "#SBATCH --exclusive",
             "#SBATCH --output=slurm-%j.out"]
    lines += list(extra)
    lines += ["",
              "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)",
              "export MASTER_PORT=29500",
              "export NCCL_DEBUG=INFO",
              "export NCCL_DEBUG_SUBSYS=INIT",
              "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
              "echo \"Job $SLURM_JOB_ID starting at $(date -u +%FT%T) on $SLURM_JOB_NODELIST\"",
              ""]
    lines.append(cmd or ("srun --label torchrun --nnodes=$SLURM_NNODES --nproc-per-node=%d "
                         "--rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:$MASTER_PORT "
                         "--rdzv-id=$SLURM_JOB_ID train.py --config configs/llama_8b.yaml" % gpn))
    return join(lines)


# ---------------------------------------------------------------------------
def cn01():
    rng = random.Random(9501)
    hosts = ["h100-r07-n12", "h100-r07-n13", "h100-r07-n14", "h100-r07-n15"]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h, bad_l = "h100-r07-n14", 4
    bad_r = c.rank(bad_h, bad_l)
    jid = 4417203
    t0 = dt(2024, 3, 12, 1, 2, 11)
    files = {}
    L = ["Job %d starting at %s on h100-r07-n[12-15]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 6 + ni * 0.2), srun_label(ni), c.agent_pid[h])
    L += c.nccl_init(add(t0, 41), label=srun_label, only_complete=True)
    t = add(t0, 75)
    step_s = 4.12
    last_step = 2318
    for s in range(10, last_step + 1, 10):
        tt = add(t, s * step_s)
        loss = 2.9 * (0.9995 ** s) + 1.6 + rng.uniform(-0.03, 0.03)
        L.append("0: [rank0]:%s - root - INFO - step: %5d  loss: %7.4f  memory: 61.87GiB(78.21%%)  tps: %s  mfu: 41.%02d%%"
                 % (pyts(tt), s, loss, "{:,}".format(7950 + rng.randint(-60, 60)), rng.randint(0, 99)))
        if s % 500 == 0:
            L.append("0: [rank0]:%s - root - INFO - Saving checkpoint at step %d" % (pyts(add(tt, 0.3)), s))
    t_last = add(t, last_step * step_s)
    t_xid = add(t_last, 2.7)
    t_to = add(t_xid, 600.4)
    seq = 187433
    L += c.flood(t_to, seq, "_ALLGATHER_BASE", 262668288, 600000, label=srun_label, skip=(bad_r,),
                 frames_for={0, 7, 13, 29})
    t_end = add(t_to, 4)
    for ni, h in enumerate(hosts):
        lab = srun_label(ni)
        if h == bad_h:
            first_l = 1
            pids = [c.pid[(h, l)] for l in range(8) if l != first_l]
            L.append(lab + "W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %s closing signal SIGTERM"
                     % (glog(t_end, "")[0:], c.agent_pid[h], c.pid[(h, 0)]))
            for l in range(2, 8):
                L.append(lab + "W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM"
                         % (glog(add(t_end, 0.001 * l), ""), c.agent_pid[h], c.pid[(h, l)]))
            L.append(lab + "W%s %d torch/distributed/elastic/multiprocessing/api.py:875] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"
                     % (glog(add(t_end, 30.1), ""), c.agent_pid[h], c.pid[(h, bad_l)]))
            L.append(lab + agent_failed(add(t_end, 30.9), -6, first_l, c.pid[(h, first_l)], agent_pid=c.agent_pid[h]))
            cf = child_failed("train.py", add(t_end, 31), h, c.rank(h, first_l), first_l, -6, c.pid[(h, first_l)], "SIGABRT",
                              others=[(c.rank(h, bad_l), bad_l, -9, c.pid[(h, bad_l)], "SIGKILL")])
        else:
            first_l = rng.randint(0, 7)
            for l in range(8):
                if l != first_l:
                    L.append(lab + "W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM"
                             % (glog(add(t_end, 0.001 * l), ""), c.agent_pid[h], c.pid[(h, l)]))
            L.append(lab + agent_failed(add(t_end, 1.2), -6, first_l, c.pid[(h, first_l)], agent_pid=c.agent_pid[h]))
            cf = child_failed("train.py", add(t_end, 1.3), h, c.rank(h, first_l), first_l, -6, c.pid[(h, first_l)], "SIGABRT")
        L += [lab + x for x in cf]
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["job.sbatch"] = sbatch(jid, "titan-8b", 4, "h100")
    files["sacct.txt"] = sacct([
        (str(jid), "titan-8b", "h100", "FAILED", "1:0", "02:48:31", "h100-r07-n[12-15]"),
        ("%d.batch" % jid, "batch", "", "FAILED", "1:0", "02:48:31", "h100-r07-n12"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "02:48:24", "h100-r07-n[12-15]"),
    ])
    # journals
    boot = add(t0, -86400 * 6 - 3011)
    for ni, h in enumerate(hosts):
        msgs = [(add(boot, i * 0.7), m) for i, m in enumerate(boot_noise(h, rng))]
        if ni == 0:
            t31 = add(t0, -86400 * 2 - 7344)
            msgs.append((t31, xid_line("3a", 31, 771203, "python", "Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_1 faulted @ 0x7f3c_40a12000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")))
        for k in range(6):
            msgs.append((add(t0, rng.randint(-40000, 9000)), job_noise(rng, h)))
        if h == bad_h:
            msgs += [
                (t_xid, xid_line(c.bus[bad_l], 79, None, None, "GPU has fallen off the bus.")),
                (add(t_xid, 0.001), "NVRM: GPU at PCI:0000:%s:00: %s" % (c.bus[bad_l], c.uuid[(h, bad_l)])),
                (add(t_xid, 0.001), "NVRM: GPU Board Serial Number: %s" % c.serial[(h, bad_l)]),
                (add(t_xid, 0.002), "NVRM: A GPU crash dump has been created. If possible, please run"),
                (add(t_xid, 0.002), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (add(t_xid, 0.002), "NVRM: the NVIDIA kernel module is unloaded."),
                (add(t_xid, 246), "INFO: task python3:%d blocked for more than 241 seconds." % c.pid[(h, bad_l)]),
                (add(t_xid, 246), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
                (add(t_xid, 246), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
            ]
        msgs.sort(key=lambda x: x[0])
        files["%s/journal.txt" % h] = join(journal_k(h, None, msgs))
    tq = add(t_end, 95)
    for h in hosts:
        if h == bad_h:
            gs = [g for g in c.gpus(h) if g["idx"] != bad_l]
            files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, gs, missing=[c.bus[bad_l]])
        else:
            files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, {"all": {"temp": 34, "power": 69.8}}))
    lab = label("gpu_hardware", "infrastructure", bad_h, bad_r, "restart_without_node",
                "The job shows only a flood of _ALLGATHER_BASE watchdog timeouts (rank %d is the one rank that never reports) and the agents' ChildFailedError summaries. "
                "The journal of %s has Xid 79 (GPU has fallen off the bus) on PCI 0000:%s:00 seconds after the last logged step, and NCCL init lines map busId %s000 on that host to rank %d; nvidia-smi can no longer see that GPU. "
                "The Xid 31 on h100-r07-n12 is from another user's process two days before the job." % (bad_r, bad_h, c.bus[bad_l], c.bus[bad_l], bad_r),
                "https://github.com/NVIDIA/NVSentinel/issues/155")
    return "cn01_xid79_watchdog_flood_journal_only", files, lab


# ---------------------------------------------------------------------------
def cn02():
    rng = random.Random(9502)
    hosts = ["dgx-b-041", "dgx-b-042", "dgx-b-047"]
    c = Cluster(rng, hosts, 8, "dgx_a100", "a100")
    bad_h, bad_l = "dgx-b-047", 3
    bad_r = c.rank(bad_h, bad_l)
    t0 = dt(2024, 4, 3, 11, 19, 52)
    files = {}
    files["hostfile"] = join(["%s slots=8" % h for h in hosts])
    L = []
    L.append("[%s] [INFO] [runner.py:463:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/home/rkaur/megads; export NCCL_IB_HCA=mlx5; cd /home/rkaur/megads; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtYi0wNDEiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=dgx-b-041 --master_port=29500 pretrain_gpt.py --deepspeed_config ds_config.json"
             % (pyts(t0), ",".join(hosts)))
    for ni, h in enumerate(hosts):
        p = h + ": "
        tt = add(t0, 2 + ni * 0.3)
        L.append(p + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'dgx-b-041': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-b-042': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-b-047': [0, 1, 2, 3, 4, 5, 6, 7]}" % pyts(tt))
        L.append(p + "[%s] [INFO] [launch.py:152:main] nnodes=3, num_local_procs=8, node_rank=%d" % (pyts(tt), ni))
        L.append(p + "[%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'dgx-b-041': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-b-042': [8, 9, 10, 11, 12, 13, 14, 15], 'dgx-b-047': [16, 17, 18, 19, 20, 21, 22, 23]})" % pyts(tt))
        for l in range(8):
            L.append(p + "[%s] [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python3', '-u', 'pretrain_gpt.py', '--local_rank=%d', '--deepspeed_config', 'ds_config.json']"
                     % (pyts(add(tt, 0.01 * l)), c.pid[(h, l)], l))
    t = add(t0, 60)
    for s in range(50, 3651, 50):
        tt = add(t, s * 1.71)
        L.append("dgx-b-041: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.00029%03d], mom=[(0.9, 0.95)]"
                 % (pyts(tt), s, rng.randint(100, 999)))
        L.append("dgx-b-041: steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f"
                 % (s, 2.4 * 0.9997 ** s + 1.9 + rng.uniform(-0.02, 0.02), 1.71 + rng.uniform(-0.02, 0.02), 599 + rng.uniform(-5, 5)))
    t_err = add(t, 3667 * 1.71)
    p = bad_h + ": "
    tb = rank_tb(bad_r, [
        ("/home/rkaur/megads/pretrain_gpt.py", 311, "<module>", "pretrain(train_valid_test_datasets_provider, model_provider, forward_step)"),
        ("/home/rkaur/megads/megatron/training.py", 163, "pretrain", "iteration = train(forward_step_func,"),
        ("/home/rkaur/megads/megatron/training.py", 751, "train", "train_step(forward_step_func,"),
        ("/home/rkaur/megads/megatron/training.py", 449, "train_step", "model[0].step(lr_kwargs={'increment': increment})"),
        ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 2169, "step", "self._take_model_step(lr_kwargs)"),
        ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", 1826, "step", "self.optimizer.step()"),
        ("/usr/local/lib/python3.10/dist-packages/torch/optim/adamw.py", 184, "step", "adamw("),
    ], ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_ERR_TAIL, prefix=False)
    L += [p + x for x in tb]
    for l in range(8):
        if l == bad_l:
            continue
    t_kill = add(t_err, 1.8)
    for l in range(8):
        L.append(p + "[%s] [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (pyts(add(t_kill, 0.01 * l)), c.pid[(bad_h, l)]))
    L.append(p + "[%s] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python3', '-u', 'pretrain_gpt.py', '--local_rank=7', '--deepspeed_config', 'ds_config.json'] exits with return code = 1" % pyts(add(t_kill, 0.2)))
    L.append("pdsh@dgx-b-041: %s: ssh exited with exit code 1" % bad_h)
    # sympathetic errors from other nodes
    for ni, h in enumerate(hosts[:2]):
        pp = h + ": "
        for l in rng.sample(range(8), 3):
            r = c.rank(h, l)
            tt = add(t_kill, 2 + rng.random())
            L.append(pp + "%s:%d:%d [%d] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.12.8.%d<%d> with error 12, opcode 0, len 0, vendor err 129 (Recv) localGid ::ffff:10.12.8.%d remoteGid ::ffff:10.12.8.%d"
                     % (h, c.pid[(h, l)], c.pid[(h, l)] + 231, l, 47, rng.randint(40000, 60000), 41 + ni, 47))
            L.append(pp + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % (r, glog(tt), r))
            L.append(pp + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
        tk = add(t_kill, 4)
        for l in range(8):
            L.append(pp + "[%s] [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (pyts(add(tk, 0.01 * l)), c.pid[(h, l)]))
        L.append(pp + "[%s] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python3', '-u', 'pretrain_gpt.py', '--local_rank=7', '--deepspeed_config', 'ds_config.json'] exits with return code = -6" % pyts(add(tk, 0.3)))
        L.append("pdsh@dgx-b-041: %s: ssh exited with exit code 250" % h)
    files["deepspeed_launch.log"] = join(L)
    # dmesg
    for ni, h in enumerate(hosts):
        boot = add(t0, -86400 * 11 - 900)
        D = [(add(boot, i), m) for i, m in enumerate(boot_noise(h, rng, driver="535.129.03"))]
        for k in range(5):
            D.append((add(t0, rng.randint(-90000, 6000)), job_noise(rng, h)))
        if h == "dgx-b-041":
            tx = add(t0, -86400 * 2 + 5123)
            D.append((tx, "NVRM: GPU at PCI:0000:0f:00: %s" % c.uuid[(h, 1)]))
            D.append((tx, "NVRM: GPU Board Serial Number: %s" % c.serial[(h, 1)]))
            D.append((tx, xid_line("0f", 31, 99812, "python3", "Ch 0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_4 faulted @ 0x7f19_e8c14000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE")))
        if h == bad_h:
            tx = add(t_err, -0.4)
            D.append((tx, "NVRM: GPU at PCI:0000:%s:00: %s" % (c.bus[bad_l], c.uuid[(h, bad_l)])))
            D.append((tx, "NVRM: GPU Board Serial Number: %s" % c.serial[(h, bad_l)]))
            D.append((tx, xid_line(c.bus[bad_l], 48, c.pid[(h, bad_l)], "python3", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 1.")))
            D.append((add(tx, 0.06), xid_line(c.bus[bad_l], 63, c.pid[(h, bad_l)], "python3", "Row Remapper: New row (0x00000000002e14c0) marked for remapping, reset gpu to activate.")))
            D.append((add(tx, 2.3), xid_line(c.bus[bad_l], 45, c.pid[(h, bad_l)], "python3", "Ch 00000008")))
        D.sort(key=lambda x: x[0])
        files["%s/dmesg.txt" % h] = join(["%s %s" % (dmesg_T(tt), m) for tt, m in D])
    tq = add(t_kill, 300)
    for h in hosts:
        per = {"all": {"temp": 31, "power": 58.2, "sm_clock": 210}}
        if h == bad_h:
            per[bad_l] = {"ecc": {"vdu": 1, "adu": 1}, "remap": {"unc": 1, "pending": "Yes", "high": 1, "max": 639}}
        if h == "dgx-b-042":
            per[5] = {"ecc": {"asc": 3}}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per), driver="535.129.03")
    lab = label("gpu_memory", "infrastructure", bad_h, bad_r, "restart_without_node",
                "A process on %s died with 'CUDA error: uncorrectable ECC error encountered'; the pdsh output does not say which local rank. "
                "dmesg on that host shows Xid 48 (DBE) and Xid 63 (row remap pending) on PCI 0000:%s:00 for pid %d, which the DeepSpeed launcher spawned as --local_rank=%d (global rank %d), and nvidia-smi -q confirms a pending uncorrectable remap on that GPU. "
                "The NCCL errors on the other nodes are sympathetic, and the Xid 31 on dgx-b-041 is two days old from another pid." % (bad_h, c.bus[bad_l], c.pid[(bad_h, bad_l)], bad_l, bad_r),
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return "cn02_xid48_dbe_pdsh_pid_to_local_rank", files, lab


# ---------------------------------------------------------------------------
def _hf_trainer_attempt(rng, c, jid, t0, start_step, crash_step, bad_h, bad_l, files, pre, attempt_no, restarts):
    hosts = c.hosts
    L = ["Job %d starting at %s on node[0712-0715] (restart count %d)" % (jid, iso(t0, False), restarts)]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    if start_step:
        L.append("0: [rank0]: [INFO|trainer.py:2151] %s >> Continuing training from checkpoint, will skip to saved global_step" % pyts(add(t0, 40)))
        L.append("0: [rank0]: [INFO|trainer.py:2152] %s >>   Continuing training from global step %d" % (pyts(add(t0, 40)), start_step))
    t = add(t0, 70)
    for s in range(start_step + 20, crash_step + 1, 20):
        tt = add(t, (s - start_step) * 2.35)
        L.append("0: [rank0]: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}"
                 % (1.32 * 0.99993 ** s + 0.41 + rng.uniform(-0.02, 0.02), 0.3 + rng.random() * 0.2, 2e-5 * (1 - s / 40000.0), s / 9800.0))
    t_err = add(t, (crash_step - start_step) * 2.35 + 1.4)
    bad_r = c.rank(bad_h, bad_l)
    ni = hosts.index(bad_h)
    lab = srun_label(ni)
    tb = rank_tb(bad_r, [
        ("/opt/ft/run_clm.py", 655, "<module>", "main()"),
        ("/opt/ft/run_clm.py", 601, "main", "train_result = trainer.train(resume_from_checkpoint=checkpoint)"),
        ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 1859, "train", "return inner_training_loop("),
        ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2203, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
        ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3147, "training_step", "self.accelerator.backward(loss)"),
        ("/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py", 2125, "backward", "loss.backward(**kwargs)"),
    ], ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_ERR_TAIL)
    L += [lab + x for x in tb]
    for r in range(c.world):
        if r == bad_r or rng.random() < 0.55:
            continue
        h, l = c.where(r)
        L.append(srun_label(hosts.index(h)) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (r, glog(add(t_err, 3 + rng.random())), r))
    for j, h in enumerate(hosts):
        fl = bad_l if h == bad_h else rng.randint(0, 7)
        ec = 1 if h == bad_h else -6
        L.append(srun_label(j) + agent_failed(add(t_err, 6 + j * 0.1), ec, fl, c.pid[(h, fl)], agent_pid=c.agent_pid[h]))
        cf = child_failed("run_clm.py", add(t_err, 6 + j * 0.1), h, c.rank(h, fl), fl, ec, c.pid[(h, fl)], None if ec == 1 else "SIGABRT")
        L += [srun_label(j) + x for x in cf]
    for j, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, j))
    L.append("auto-resume: training exited with code 1 at %s; restart %d/5, requeueing job %d" % (iso(add(t_err, 12), False), restarts + 1, jid))
    files[pre + "slurm-%d.out" % jid] = join(L)
    return t_err


def cn03():
    rng = random.Random(9503)
    hosts = ["node0712", "node0713", "node0714", "node0715"]
    c = Cluster(rng, hosts, 8, "dgx_a100", "a100")
    bad_h, bad_l = "node0714", 6
    bad_r = c.rank(bad_h, bad_l)
    jid = 882131
    files = {}
    sb = sbatch(jid, "sft-13b", 4, "a100-80", extra=["#SBATCH --requeue", "#SBATCH --open-mode=append"],
                cmd="srun --label torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:29500 /opt/ft/run_clm.py --config sft_13b.json || { scontrol requeue $SLURM_JOB_ID; }")
    atts = [(dt(2024, 5, 20, 22, 4, 10), 0, 4127), (dt(2024, 5, 21, 1, 3, 55), 4000, 4311)]
    for i, (t0, start, crash) in enumerate(atts, 1):
        pre = "attempt_%d/" % i
        if i > 1:
            c.new_pids()
        files[pre + "job.sbatch"] = sb
        t_err = _hf_trainer_attempt(rng, c, jid, t0, start, crash, bad_h, bad_l, files, pre, i, i - 1)
        for h in hosts:
            boot = add(t0, -3600 * (2 if i == 2 else 200))
            D = [(add(boot, k), m) for k, m in enumerate(boot_noise(h, rng, driver="535.154.05"))]
            for k in range(4):
                D.append((add(t0, rng.randint(-3000, 5000)), job_noise(rng, h)))
            if h == bad_h:
                tx = add(t_err, -0.7)
                b = c.bus[bad_l]
                D.append((tx, "NVRM: GPU at PCI:0000:%s:00: %s" % (b, c.uuid[(h, bad_l)])))
                D.append((tx, "NVRM: GPU Board Serial Number: %s" % c.serial[(h, bad_l)]))
                D.append((tx, xid_line(b, 48, c.pid[(h, bad_l)], "python3", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 11, subpartition 0.")))
                if i == 1:
                    D.append((add(tx, 0.05), xid_line(b, 63, c.pid[(h, bad_l)], "python3", "Row Remapper: New row (0x000000000091a3c0) marked for remapping, reset gpu to activate.")))
                else:
                    D.append((add(tx, 0.05), xid_line(b, 64, c.pid[(h, bad_l)], "python3", "Row Remapper: Failed to remap row (0x000000000091a440) - bank 3 of partition 11 has no spare rows.")))
                D.append((add(tx, 3.1), xid_line(b, 45, c.pid[(h, bad_l)], "python3", "Ch 00000010")))
            D.sort(key=lambda x: x[0])
            files[pre + "%s/dmesg.txt" % h] = join(["%s %s" % (dmesg_T(tt), m) for tt, m in D])
        tq = add(t_err, 200)
        for h in (bad_h, "node0712"):
            per = {"all": {"temp": 33, "power": 61.0, "sm_clock": 210}}
            if h == bad_h:
                if i == 1:
                    per[bad_l] = {"ecc": {"vdu": 1, "adu": 3}, "remap": {"unc": 5, "pending": "Yes", "max": 638, "high": 2}}
                else:
                    per[bad_l] = {"ecc": {"vdu": 2, "adu": 5}, "remap": {"unc": 7, "pending": "No", "failure": "Yes", "max": 634, "high": 3, "partial": 2, "none": 1}}
            if h == "node0712" and i == 2:
                per[2] = {"ecc": {"asc": 1}}
            files[pre + "%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per), driver="535.154.05")
    files["sacct.txt"] = sacct([
        ("%d" % jid, "sft-13b", "a100-80", "REQUEUED", "1:0", "02:41:52", "node[0712-0715]"),
        ("%d" % jid, "sft-13b", "a100-80", "FAILED", "1:0", "00:14:36", "node[0712-0715]"),
        ("%d.batch" % jid, "batch", "", "FAILED", "1:0", "00:14:36", "node0712"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "00:14:30", "node[0712-0715]"),
    ])
    lab = label("gpu_memory", "infrastructure", bad_h, bad_r, "restart_without_node",
                "Both attempts die on rank %d with 'CUDA error: uncorrectable ECC error encountered' at different steps after resuming from a checkpoint. "
                "%s logs Xid 48 (DBE) on PCI 0000:%s:00 (GPU %d) both times; the first attempt marks a row for remapping (Xid 63), the second hits Xid 64 and nvidia-smi -q reports 'Remapping Failure Occurred: Yes'. "
                "The GPU's memory cannot repair itself any more, so the node must leave the allocation." % (bad_r, bad_h, c.bus[bad_l], bad_l),
                "https://github.com/aws/eks-node-monitoring-agent/issues/245")
    return "cn03_row_remap_failure_across_requeue", files, lab


# ---------------------------------------------------------------------------
def cn04():
    rng = random.Random(9504)
    nodes = ["gke-llm-a3-h100-pool-5c2e4a91-0k7q", "gke-llm-a3-h100-pool-5c2e4a91-7fzd",
             "gke-llm-a3-h100-pool-5c2e4a91-m2xv", "gke-llm-a3-h100-pool-5c2e4a91-t9wb"]
    pods = ["llama-ft-7b-master-0", "llama-ft-7b-worker-0", "llama-ft-7b-worker-1", "llama-ft-7b-worker-2"]
    # GCP a3-highgpu-8g bus numbers
    c = Cluster(rng, nodes, 8, "a3")
    bad_n, bad_l = nodes[1], 5
    bad_r = c.rank(bad_n, bad_l)
    t0 = dt(2024, 7, 9, 14, 30, 2)
    files = {}
    P = ["NAME                   READY   STATUS    RESTARTS   AGE   IP            NODE                                 NOMINATED NODE   READINESS GATES"]
    for p, n in zip(pods, nodes):
        st = "Error" if p.endswith("worker-0") else "Error"
        P.append("%-22s 0/1     %-9s 0          52m   10.72.%d.%-4d %-36s <none>           <none>" % (p, st, rng.randint(1, 9), rng.randint(2, 200), n))
    files["kubectl-get-pods-wide.txt"] = join(P)
    files["pytorchjob.yaml"] = join([
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llama-ft-7b", "  namespace: research",
        "spec:", "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      restartPolicy: Never",
        "      template:", "        spec:", "          containers:", "          - name: pytorch",
        "            image: us-docker.pkg.dev/research/train/llm:2024.07.01",
        "            command: [\"torchrun\", \"--nproc-per-node=8\", \"finetune.py\", \"--model\", \"llama-7b\", \"--fsdp\"]",
        "            resources:", "              limits:", "                nvidia.com/gpu: 8",
        "    Worker:", "      replicas: 3", "      restartPolicy: Never", "      template:", "        spec:",
        "          containers:", "          - name: pytorch", "            image: us-docker.pkg.dev/research/train/llm:2024.07.01",
        "            command: [\"torchrun\", \"--nproc-per-node=8\", \"finetune.py\", \"--model\", \"llama-7b\", \"--fsdp\"]",
        "            resources:", "              limits:", "                nvidia.com/gpu: 8",
    ])
    t_err = add(t0, 2781.3)
    for ni, (p, n) in enumerate(zip(pods, nodes)):
        L = torchrun_banner(add(t0, 3), "", c.agent_pid[n])
        L.append("[rank%d]:%s INFO finetune: pod=%s PET_NODE_RANK=%d PET_NNODES=4 global ranks %d-%d (rank = node_rank * 8 + local_rank)" % (ni * 8, pyts(add(t0, 20)), p, ni, ni * 8, ni * 8 + 7))
        if ni == 0:
            for s in range(25, 1101, 25):
                tt = add(t0, 60 + s * 2.47)
                L.append("[rank0]:%s INFO finetune: step %d/6000 loss=%.4f lr=%.3e tok/s=%d" % (pyts(tt), s, 1.1 * 0.9995 ** s + 0.6, 2e-5, 51200 + rng.randint(-400, 400)))
        if n == bad_n:
            tb = rank_tb(bad_r, [
                ("/app/finetune.py", 244, "<module>", "main()"),
                ("/app/finetune.py", 229, "main", "loss = train_step(model, batch, optim)"),
                ("/app/finetune.py", 171, "train_step", "optim.step()"),
                ("/usr/local/lib/python3.11/site-packages/torch/optim/optimizer.py", 484, "wrapper", "out = func(*args, **kwargs)"),
                ("/usr/local/lib/python3.11/site-packages/torch/optim/adamw.py", 227, "step", "adamw("),
            ], ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_ERR_TAIL)
            L += tb
            L.append(agent_failed(add(t_err, 4.2), 1, bad_l, c.pid[(n, bad_l)], agent_pid=c.agent_pid[n]))
            L += child_failed("finetune.py", add(t_err, 4.2), p, bad_r, bad_l, 1, c.pid[(n, bad_l)])
        else:
            for l in rng.sample(range(8), 2):
                r = c.rank(n, l)
                L += watchdog_lines(r, add(t_err, 600.2 + rng.random()), 51877, rng)
            fl = rng.randint(0, 7)
            L.append(agent_failed(add(t_err, 604), -6, fl, c.pid[(n, fl)], agent_pid=c.agent_pid[n]))
            L += child_failed("finetune.py", add(t_err, 604), p, c.rank(n, fl), fl, -6, c.pid[(n, fl)], "SIGABRT")
        files["kubectl-logs-%s.txt" % p] = join(L)
    # device plugin + dmesg on bad node
    dp = ["I0709 13:41:07.118233       1 main.go:279] Retrieving plugins.",
          "I0709 13:41:07.120512       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'",
          "I0709 13:41:07.121077       1 server.go:147] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock",
          "I0709 13:41:07.126190       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet",
          "I%s       1 health.go:151] Skipping non-nvmlEventTypeXidCriticalError event: {Device:{Handle:0x7f0dcf40bdf8} EventType:2 EventData:0 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % t0.strftime("%m%d %H:%M:%S.118233"),
          "I%s       1 health.go:160] Processing event {Device:{Handle:0x7f0dcf40be70} EventType:8 EventData:94 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % t_err.strftime("%m%d %H:%M:%S.002817"),
          "I%s       1 health.go:186] XidCriticalError: Xid=94 on Device=%s; marking device as unhealthy." % (t_err.strftime("%m%d %H:%M:%S.002901"), c.uuid[(bad_n, bad_l)]),
          "I%s       1 server.go:301] 'nvidia.com/gpu' device marked unhealthy: %s" % (t_err.strftime("%m%d %H:%M:%S.003110"), c.uuid[(bad_n, bad_l)])]
    files["%s/nvidia-device-plugin.log" % bad_n] = join(dp)
    for n in nodes:
        boot = add(t0, -86400 * 3)
        D = [(add(boot, k), m) for k, m in enumerate(boot_noise(n, rng, kernel="6.1.85+", driver="535.183.01"))]
        for k in range(3):
            D.append((add(t0, rng.randint(-2000, 2500)), job_noise(rng, n)))
        if n == bad_n:
            b = c.bus[bad_l]
            D.append((add(t_err, -0.3), xid_line(b, 94, c.pid[(n, bad_l)], "python3", "Contained: SM (0x1). RST: No, D-RST: No")))
            D.append((add(t_err, -0.3), "NVRM: GPU at PCI:0000:%s:00: %s" % (b, c.uuid[(n, bad_l)])))
            D.append((add(t_err, 3.9), xid_line(b, 45, c.pid[(n, bad_l)], "python3", "Ch 00000008")))
        D.sort(key=lambda x: x[0])
        files["%s/dmesg.txt" % n] = join(["%s %s" % (dmesg_T(tt), m) for tt, m in D])
    tq = add(t_err, 900)
    for n in nodes:
        per = {"all": {"temp": 36, "power": 72.1}}
        if n == bad_n:
            per[bad_l] = {"ecc": {"vsus": 1, "asus": 1}}
        if n == nodes[0]:
            per[2] = {"ecc": {"asc": 1}}
        files["%s/nvidia-smi-q.txt" % n] = nvidia_smi_q(tq, c.gpus(n, per), driver="535.183.01")
    files["kubectl-describe-node-%s.txt" % bad_n] = join([
        "Name:               %s" % bad_n,
        "Roles:              <none>",
        "Labels:             cloud.google.com/gke-accelerator=nvidia-h100-80gb",
        "                    cloud.google.com/gke-nodepool=a3-h100-pool",
        "Capacity:",
        "  cpu:                208",
        "  memory:             1891740312Ki",
        "  nvidia.com/gpu:     8",
        "Allocatable:",
        "  cpu:                207",
        "  memory:             1855712920Ki",
        "  nvidia.com/gpu:     7",
        "Events:",
        "  Type     Reason                   Age   From            Message",
        "  ----     ------                   ----  ----            -------",
        "  Normal   NodeAllocatableEnforced  12d   kubelet         Updated Node Allocatable limit across pods",
    ])
    lab = label("gpu_memory", "infrastructure", bad_n, bad_r, "restart_without_node",
                "Pod llama-ft-7b-worker-0 (on %s) failed first: rank %d raised 'CUDA error: uncorrectable ECC error encountered' during the optimizer step, and the other pods only hit NCCL watchdog timeouts ten minutes later. "
                "The node's dmesg has Xid 94 (contained SRAM ECC error) on PCI 0000:%s:00 for that rank's pid, and the device plugin marked that GPU's UUID unhealthy (allocatable dropped to 7)." % (bad_n, bad_r, c.bus[bad_l]),
                "https://github.com/NVIDIA/gpu-operator/issues/1065")
    return "cn04_xid94_contained_ecc_pytorchjob", files, lab


def watchdog_lines(r, t, seq, rng):
    from common import watchdog_block
    return watchdog_block(r, t, seq, "_REDUCE_SCATTER_BASE", 33554432, 600000, rng, frames=False)


# ---------------------------------------------------------------------------
def cn05():
    rng = random.Random(9505)
    hosts = ["sc-h100-0431", "sc-h100-0432"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    bad_h, bad_l = "sc-h100-0432", 3
    bad_r = c.rank(bad_h, bad_l)
    t0 = dt(2024, 2, 27, 8, 14, 40)
    files = {}
    files["hostfile"] = join(["%s slots=8" % h for h in hosts])
    files["run.sh"] = join([
        "#!/bin/bash",
        "mpirun -np 16 --hostfile hostfile --map-by ppr:8:node --bind-to none --tag-output \\",
        "  -x NCCL_DEBUG=WARN -x NCCL_IB_HCA=mlx5 -x CUDA_DEVICE_MAX_CONNECTIONS=1 -x MASTER_ADDR=sc-h100-0431 -x MASTER_PORT=6000 \\",
        "  python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 \\",
        "  --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 4096 \\",
        "  --micro-batch-size 1 --global-batch-size 256 --bf16 --use-flash-attn --train-iters 120000",
    ])

    def tag(r, s="stdout"):
        return "[1,%d]<%s>:" % (r, s)
    L = [tag(0) + "using world size: 16, data-parallel size: 2, context-parallel size: 1 tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ",
         tag(0) + "> initializing torch distributed ...",
         tag(0) + "> initialized tensor model parallel with size 8",
         tag(0) + "> initialized pipeline model parallel with size 1"]
    t = add(t0, 95)
    last = 6210
    for it in range(10, last + 1, 10):
        tt = add(t, it * 3.05)
        L.append(tag(15) + megatron_iter(tt, it, 120000, it * 256, 3050 + rng.uniform(-25, 25), 1.5e-4, 256,
                                          2.6 * 0.9998 ** it + 1.8 + rng.uniform(-0.02, 0.02), 0.25 + rng.random() * 0.1))
    t_err = add(t, last * 3.05 + 2.2)
    tb = rank_tb(bad_r, [
        ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 310, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 1128, "train", "train_step(forward_step_func,"),
        ("/workspace/Megatron-LM/megatron/core/tensor_parallel/mappings.py", 23, "_reduce", "torch.distributed.all_reduce(input_, group=get_tensor_model_parallel_group())"),
        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 2288, "all_reduce", "work = group.allreduce([tensor], opts)"),
    ], ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3",
        "ncclUnhandledCudaError: Call to CUDA function failed.",
        "Last error:",
        "Cuda failure 'uncorrectable NVLink error detected during the execution'"], prefix=False)
    L += [tag(bad_r, "stderr") + x for x in tb]
    L.append(tag(bad_r, "stderr") + "sc-h100-0432:%d:%d [3] enqueue.cc:1161 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (c.pid[(bad_h, bad_l)], c.pid[(bad_h, bad_l)] + 301))
    for r in [8, 10, 13]:
        h, l = c.where(r)
        L.append(tag(r, "stderr") + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 2 Rank %d] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % (r, glog(add(t_err, 0.8 + rng.random())), l))
    L += ["--------------------------------------------------------------------------",
          "Primary job  terminated normally, but 1 process returned",
          "a non-zero exit code. Per user-direction, the job has been aborted.",
          "--------------------------------------------------------------------------",
          "--------------------------------------------------------------------------",
          "mpirun detected that one or more processes exited with non-zero status, thus causing",
          "the job to be terminated. The first process to do so was:",
          "",
          "  Process name: [[41877,1],%d]" % bad_r,
          "  Exit code:    1",
          "--------------------------------------------------------------------------"]
    files["mpirun.log"] = join(L)
    for h in hosts:
        boot = add(t0, -86400 * 4)
        D = [(add(boot, k), m) for k, m in enumerate(boot_noise(h, rng, driver="535.104.12"))]
        D.append((add(boot, 20), "nvidia-fabricmanager: Fabric Manager running, all NVSwitches discovered (4)"))
        for k in range(3):
            D.append((add(t0, rng.randint(-5000, 18000)), job_noise(rng, h)))
        if h == bad_h:
            b = c.bus[bad_l]
            D.append((add(t_err, -0.2), xid_line(b, 74, c.pid[(h, bad_l)], "python", "NVLink: fatal error detected on link 7(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)")))
            D.append((add(t_err, -0.2), "NVRM: GPU at PCI:0000:%s:00: %s" % (b, c.uuid[(h, bad_l)])))
            for l in range(8):
                D.append((add(t_err, 2.5 + l * 0.01), xid_line(c.bus[l], 45, c.pid[(h, l)], "python", "Ch 0000000%d" % (2 + l % 7))))
        D.sort(key=lambda x: x[0])
        files["%s/kern.log" % h] = join(["%s [%12.6f] %s" % (syslog(tt, h), (tt - boot).total_seconds(), m) for tt, m in D])
    files["%s/nvlink-errors.txt" % bad_h] = join(
        ["$ nvidia-smi nvlink -e", ""] +
        sum([["GPU %d: NVIDIA H100 80GB HBM3 (UUID: %s)" % (l, c.uuid[(bad_h, l)])] +
             ["\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d" % (
                 k, (214 if (l == bad_l and k == 7) else 0), k, (31 if (l == bad_l and k == 7) else 0), k, (5820 if (l == bad_l and k == 7) else rng.choice([0, 0, 0, 1])))
              for k in range(18)] for l in range(8)], []))
    tq = add(t_err, 400)
    for h in hosts:
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, {"all": {"temp": 35, "power": 74.4}}), driver="535.104.12")
    lab = label("nvlink", "infrastructure", bad_h, bad_r, "restart_without_node",
                "MPI rank %d (mpirun's first failing process) died in a tensor-parallel all_reduce with 'uncorrectable NVLink error detected during the execution'. "
                "kern.log on %s shows Xid 74 (NVLink fatal error on link 7) on PCI 0000:%s:00, i.e. GPU %d, and nvidia-smi nvlink -e shows CRC and recovery errors only on that link; "
                "the Xid 45 lines on all eight GPUs are the processes being torn down afterwards." % (bad_r, bad_h, c.bus[bad_l], bad_l),
                "https://github.com/pytorch/pytorch/issues/58155")
    return "cn05_xid74_nvlink_mpirun_tagged", files, lab


# ---------------------------------------------------------------------------
def cn06():
    rng = random.Random(9506)
    hosts = ["a3m-0114", "a3m-0115", "a3m-0116", "a3m-0117"]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h, bad_l = "a3m-0117", 5
    jid = 5520917
    t0 = dt(2024, 5, 2, 7, 11, 21)
    files = {}
    files["job.sbatch"] = sbatch(jid, "dpo-70b", 4, "a3mega")
    files["slurm-%d.out" % jid] = ""
    files["scontrol-show-job.txt"] = join([
        "JobId=%d JobName=dpo-70b" % jid,
        "   UserId=mfarouk(41022) GroupId=research(4100) MCS_label=N/A",
        "   Priority=4294901712 Nice=0 Account=research QOS=normal",
        "   JobState=PENDING Reason=launch_failed_requeued_held Dependency=(null)",
        "   Requeue=1 Restarts=1 BatchFlag=1 Reboot=0 ExitCode=0:0",
        "   RunTime=00:00:00 TimeLimit=2-00:00:00 TimeMin=N/A",
        "   SubmitTime=2024-05-02T06:58:40 EligibleTime=2024-05-02T07:12:03",
        "   AccrueTime=2024-05-02T06:58:40",
        "   StartTime=Unknown EndTime=Unknown Deadline=N/A",
        "   Partition=a3mega AllocNode:Sid=login-01:881234",
        "   ReqNodeList=(null) ExcNodeList=(null)",
        "   NodeList=",
        "   NumNodes=4-4 NumCPUs=832 NumTasks=4 CPUs/Task=96 ReqB:S:C:T=0:0:*:*",
        "   TRES=cpu=832,mem=7400G,node=4,billing=832,gres/gpu=32",
        "   Command=/home/mfarouk/dpo/job.sbatch",
        "   WorkDir=/home/mfarouk/dpo",
        "   StdOut=/home/mfarouk/dpo/slurm-%d.out" % jid,
    ])
    files["sinfo-R.txt"] = join([
        "REASON               USER      TIMESTAMP           NODELIST",
        "Prolog error         slurm     2024-05-02T07:11:53 a3m-0117",
        "reboot requested     root      2024-04-29T16:02:10 a3m-0093",
    ])
    for h in hosts:
        lines = ["[%s] prolog: job %d user mfarouk starting GPU health check (dcgmi diag -r 2, xid scan, ecc scan)" % (iso(t0), jid)]
        if h == bad_h:
            lines.append("[%s] prolog: xid scan: no new Xid events since last boot" % iso(add(t0, 1)))
            lines.append("[%s] prolog: ecc scan: GPU 5 (00000000:AB:00.0) volatile DRAM uncorrectable=0 aggregate DRAM uncorrectable=4 remapped rows uncorrectable=8 pending=No failure=Yes" % iso(add(t0, 2)))
            tbl = dcgmi_standard(2, ",".join(["2330"] * 8), {
                "Page Retirement/Row Remap": ("Fail - GPU: 5", ["GPU 5 had uncorrectable memory errors and row remapping failed. Drain the GPU and reset it or reboot the node to resolve this issue."]),
                "GPU Memory": ("Fail - GPU: 5", ["GPU 5 Allocated 84364976128 bytes (99.0%) Error using CUDA API cudaMemcpy (DBE) on GPU 5: uncorrectable ECC error encountered"]),
            })
            lines += tbl.rstrip("\n").split("\n")
            lines.append("[%s] prolog: FAILED: dcgmi diag level 2 reported failures on GPU 5; exiting 1 (node will be drained)" % iso(add(t0, 31)))
        else:
            lines.append("[%s] prolog: xid scan: no new Xid events since last boot" % iso(add(t0, 1)))
            lines.append("[%s] prolog: ecc scan: ok" % iso(add(t0, 2)))
            ov = {}
            if h == "a3m-0115":
                ov["Persistence Mode"] = ("Pass", [])
            tbl = dcgmi_standard(2, ",".join(["2330"] * 8), ov)
            lines += tbl.rstrip("\n").split("\n")
            lines.append("[%s] prolog: OK" % iso(add(t0, 29)))
        files["%s/prolog.log" % h] = join(lines)
    files["%s/slurmd.log" % bad_h] = join([
        "[2024-05-02T07:11:21.488] task/affinity: task_p_slurmd_batch_request: task_p_slurmd_batch_request: %d" % jid,
        "[2024-05-02T07:11:21.489] task/affinity: batch_bind: job %d CPU input mask for node: 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF" % jid,
        "[2024-05-02T07:11:52.604] error: prolog failed: rc:1 output:FAILED: dcgmi diag level 2 reported failures on GPU 5; exiting 1 (node will be drained)",
        "[2024-05-02T07:11:52.611] error: [job %d] prolog failed status=1:0" % jid,
        "[2024-05-02T07:11:52.611] Job %d already killed, do not launch batch job" % jid,
        "[2024-05-02T07:11:53.102] error: _rpc_terminate_job: Job %d prolog error, draining node" % jid,
    ])
    files["%s/slurmd.log" % hosts[0]] = join([
        "[2024-05-02T07:11:21.480] Launching batch job %d for UID 41022" % jid,
        "[2024-05-02T07:11:50.918] prolog for job %d ran for 29 seconds" % jid,
        "[2024-05-02T07:11:53.130] [%d.batch] error: *** JOB %d ON a3m-0114 CANCELLED AT 2024-05-02T07:11:53 DUE TO JOB REQUEUE ***" % (jid, jid),
        "[2024-05-02T07:11:53.144] [%d.batch] done with job" % jid,
    ])
    tq = add(t0, 40)
    per = {"all": {"temp": 32, "power": 69.0}}
    per[bad_l] = {"ecc": {"adu": 4, "adc": 19}, "remap": {"unc": 8, "corr": 2, "failure": "Yes", "max": 632, "high": 4, "partial": 3, "none": 1}}
    files["%s/nvidia-smi-q.txt" % bad_h] = nvidia_smi_q(tq, c.gpus(bad_h, per))
    lab = label("gpu_memory", "infrastructure", bad_h, None, "restart_without_node",
                "The job never started: Slurm requeued and held it ('launch_failed_requeued_held') because the prolog on %s failed. "
                "That prolog's dcgmi diag -r 2 fails 'Page Retirement/Row Remap' and 'GPU Memory' on GPU 5 (DBE during the memory test), and nvidia-smi -q shows a row-remapping failure with 8 uncorrectable remapped rows. "
                "The other three nodes passed; resubmit without %s (no rank was ever assigned)." % (bad_h, bad_h),
                "https://github.com/GoogleCloudPlatform/slurm-gcp/pull/223")
    return "cn06_prolog_dcgmi_diag_fail_job_held", files, lab


# ---------------------------------------------------------------------------
def cn07():
    rng = random.Random(9507)
    hosts = ["gpu-k-0206", "gpu-k-0207", "gpu-k-0209", "gpu-k-0211"]
    c = Cluster(rng, hosts, 8, "hgx_dell")
    bad_h, bad_l = "gpu-k-0207", 2
    bad_r = c.rank(bad_h, bad_l)
    jid = 3301877
    t0 = dt(2024, 8, 14, 9, 0, 4)
    files = {}
    files["job.sbatch"] = sbatch(jid, "gpt-20b", 4, "hpc-h100", ntasks=8,
                                 cmd="srun --label python pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --num-layers 44 --hidden-size 6144 --seq-length 4096 --global-batch-size 512 --bf16 --log-interval 10")
    L = ["Job %d starting at %s on gpu-k-[0206-0207,0209,0211]" % (jid, iso(t0, False))]
    t = add(t0, 140)
    tt = t
    slow_from = 3420
    for it in range(10, 5201, 10):
        base = 2310.0
        if it > slow_from:
            base = 3960.0 + rng.uniform(-120, 160)
        ms = base + rng.uniform(-20, 20)
        tt = add(tt, ms * 10 / 1000.0)
        L.append("31: " + megatron_iter(tt, it, 300000, it * 512, ms, 2.0e-4, 512, 2.3 * 0.99985 ** it + 1.95 + rng.uniform(-0.02, 0.02), 0.21 + rng.random() * 0.05))
        if it % 1000 == 0:
            L.append("0: saving checkpoint at iteration %7d to /lustre/ckpt/gpt-20b" % it)
            L.append("0:   successfully saved checkpoint from iteration %7d to /lustre/ckpt/gpt-20b [ t 1/2, p 1/2 ]" % it)
    t_slow = None
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "gpt-20b", "hpc-h100", "RUNNING", "0:0", "05:42:10", "gpu-k-[0206-0207,0209,0211]"),
        ("%d.batch" % jid, "batch", "", "RUNNING", "0:0", "05:42:10", "gpu-k-0206"),
        ("%d.0" % jid, "python", "", "RUNNING", "0:0", "05:42:03", "gpu-k-[0206-0207,0209,0211]"),
    ])
    files["oncall-note.txt"] = join([
        "ticket GPU-8812 (opened by the user): iteration time went from ~2.3 s to ~4.0 s around iteration 3420 and stayed there.",
        "No code or config change. Snapshots below were taken from all four nodes while the job was still running.",
        "Rank placement: srun --ntasks-per-node=8, SLURM_PROCID = node_index * 8 + local GPU index (node order gpu-k-0206, gpu-k-0207, gpu-k-0209, gpu-k-0211).",
    ])
    tq = add(tt, 60)
    for h in hosts:
        per = {"all": {"temp": 63 + rng.randint(-3, 4), "power": 612.0, "sm_clock": 1755, "util": 97, "used_mib": 66120,
                       "reasons": {"SW Power Cap": True}}}
        for l in range(8):
            per[l] = {"temp": 60 + rng.randint(0, 9), "power": 590 + rng.randint(0, 90), "sm_clock": 1725 + 15 * rng.randint(0, 10)}
        if h == bad_h:
            per[bad_l] = {"temp": 91, "mem_temp": 97, "power": 281.3, "sm_clock": 990,
                          "reasons": {"SW Power Cap": False, "HW Slowdown": True, "HW Thermal Slowdown": True, "SW Thermal Slowdown": True}}
        if h == "gpu-k-0209":
            per[5] = {"ecc": {"asc": 2}, "temp": 66, "power": 640, "sm_clock": 1740}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per), driver="550.54.15")
        S = sel_baseline(t0, rng)
        if h == bad_h:
            tf = add(t0, 140 + 3415 * 2.31)
            S += [(tf, "Fan FAN3_FRNT_A", "Lower Critical going low", "Asserted"),
                  (add(tf, 2), "Fan FAN3_FRNT_B", "Lower Critical going low", "Asserted"),
                  (add(tf, 31), "Fan Redundancy", "Redundancy Lost", "Asserted"),
                  (add(tf, 240), "Temperature GPU_Zone1_Inlet", "Upper Non-critical going high", "Asserted")]
        if h == "gpu-k-0211":
            S += [(add(t0, -86400 * 9), "Power Supply PS2 Status", "Power Supply AC lost", "Asserted"),
                  (add(t0, -86400 * 9 + 300), "Power Supply PS2 Status", "Power Supply AC lost", "Deasserted")]
        files["%s/sel.txt" % h] = sel_lines(S)
    lab = label("straggler", "infrastructure", bad_h, bad_r, "restart_without_node",
                "The job did not fail, but iteration time jumped from ~2.3 s to ~4.0 s at iteration 3420. "
                "Only GPU %d of %s is throttled: 91 C, 990 MHz SM clock and 'HW Slowdown' / 'HW Thermal Slowdown' active, while the other 31 GPUs show only the normal 'SW Power Cap'; "
                "the node's SEL logs two fan rotors going critical and fan redundancy lost just before the slowdown. That GPU is rank %d; the other SEL and ECC entries are old or benign." % (bad_l, bad_h, bad_r),
                "https://github.com/mlfoundations/open_clip/issues/703")
    return "cn07_thermal_hw_slowdown_fan_fail_sel", files, lab


CASES = [cn01, cn02, cn03, cn04, cn05, cn06, cn07]
