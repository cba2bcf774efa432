"""Cases bw10-bw21: shared filesystems, object stores, hubs, local disks and mounts."""

import json
import random

from common import (DAYS, MONTHS, T, add, iso, pylog, glog, c10d, ctime, dmesg_h, dmesg_up, syslog,
                    k8s_ts, torchrun_summary, agent_failed_line, agent_sigterm_lines,
                    sigterm_traceback, watchdog_lines, nccl_info, nccl_warn, nvidia_smi_table,
                    sacct, megatron_iter, titan_step, loss_curve)


def _pref(p, lines):
    return [p + l for l in lines]


PYL = "/usr/local/lib/python3.10/dist-packages"


# ---------------------------------------------------------------------------------------------
def bw10():
    name = "bw10_checkpoint_save_fails_on_every_rank"
    t0 = T("2024-07-02 09:00:05")
    nodes = ["gpu-e01", "gpu-e02", "gpu-e03", "gpu-e04"]
    files = {}
    rnd = random.Random(10)
    out = []
    out.append("+ srun -l torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gpu-e01:29500 train.py --job.config_file ./train_configs/llama3_8b.toml --checkpoint.folder /gpfs/fs1/llm_ckpt/llama3-8b-cpt")
    out.append("0: [rank0]:[titan] %s - root - INFO - Starting job: Llama 3 8B continued pretraining" % pylog(add(t0, 11)))
    out.append("0: [rank0]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % pylog(add(t0, 11.2)))
    out.append("0: [rank0]:[titan] %s - root - INFO - Checkpointing active. Checkpoints will be loaded from and saved to /gpfs/fs1/llm_ckpt/llama3-8b-cpt/checkpoint" % pylog(add(t0, 14)))
    losses = loss_curve(rnd, 0, 500, base=2.3, floor=1.95)
    t = add(t0, 40)
    step_s = 5.31
    for k in range(500):
        step = (k + 1) * 10
        t = add(t, step_s * 10 + rnd.uniform(-0.4, 0.4))
        out.append("0: " + titan_step(0, t, step, losses[k], 61.47, 77.65, 3412 + rnd.randint(-30, 30), 377.2 + rnd.uniform(-3, 3), 38.1 + rnd.uniform(-0.3, 0.3)))
        if step in (1000, 2000, 3000, 4000):
            out.append("0: [rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(add(t, 0.1)))
            out.append("0: [rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in %.2f seconds." % (pylog(add(t, 41)), 40.9 + rnd.uniform(-2, 2)))
            t = add(t, 41)
    ts = add(t, 53.2)
    out.append("0: [rank0]:[titan] %s - root - INFO - step: 5000  loss:  1.9712  memory: 61.47GiB(77.65%%)  tps: 3,405  tflops: 376.90  mfu: 38.09%%" % pylog(ts))
    out.append("0: [rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(add(ts, 0.1)))
    te = add(ts, 29.7)
    all_ranks = ", ".join(str(r) for r in range(32))
    for i in range(4):
        for lr in range(8):
            r = i * 8 + lr
            if r not in (0, 9, 18, 27):
                continue
            p = "%d: [rank%d]: " % (i, r)
            blk = ["Traceback (most recent call last):",
                   '  File "/workspace/torchtitan/train.py", line 466, in <module>',
                   "    main(config)",
                   '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % PYL,
                   "    return f(*args, **kwargs)",
                   '  File "/workspace/torchtitan/train.py", line 440, in main',
                   "    checkpoint.save(",
                   '  File "/workspace/torchtitan/torchtitan/checkpoint.py", line 389, in save',
                   "    dcp.save(self.states, checkpoint_id=checkpoint_id)",
                   '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 143, in save' % PYL,
                   "    return _save_state_dict(",
                   '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 301, in _save_state_dict' % PYL,
                   '    return distW.all_reduce("write", write_data, finish_checkpoint)',
                   '  File "%s/torch/distributed/checkpoint/utils.py", line 219, in all_reduce' % PYL,
                   "    raise final_result",
                   "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % all_ranks]
            for rr in (r, (r + 5) % 32):
                blk += ["Traceback (most recent call last): (RANK %d)" % rr,
                        '  File "%s/torch/distributed/checkpoint/utils.py", line 192, in all_reduce' % PYL,
                        "    local_data = map_fun()",
                        '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 288, in write_data' % PYL,
                        "    all_writes = storage_writer.write_data(final_local_plan, planner)",
                        '  File "%s/torch/distributed/checkpoint/filesystem.py", line 564, in write_data' % PYL,
                        "    _write_files_from_queue(",
                        '  File "%s/torch/distributed/checkpoint/filesystem.py", line 380, in _write_files_from_queue' % PYL,
                        "    _write_item(stream, data, write_item, storage_key)",
                        '  File "%s/torch/distributed/checkpoint/filesystem.py", line 296, in _write_item' % PYL,
                        "    stream.write(data.getbuffer())",
                        "OSError: [Errno 28] No space left on device"]
            out.extend(_pref(p, blk))
    for i, n in enumerate(nodes):
        tf = add(te, 1.5 + i * 0.2)
        out.append("%d: " % i + agent_failed_line(tf, 0, 51000 + i * 30, 1, "/usr/bin/python"))
        fails = [dict(time=tf, host=n, rank=i * 8 + k, local_rank=k, exitcode=1, pid=51000 + i * 30 + k) for k in range(8)]
        out.extend(_pref("%d: " % i, torchrun_summary("train.py", fails, fails[0])))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-99120.out"] = "\n".join(out) + "\n"
    files["storage_checks.txt"] = "\n".join([
        "# collected by on-call at %s" % iso(add(te, 600)),
        "$ df -h /gpfs/fs1",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "fs1             4.0P  4.0P   11G 100% /gpfs/fs1",
        "$ mmlsquota -j llm_ckpt fs1",
        "                         Block Limits                                    |     File Limits",
        "Filesystem type             KB      quota      limit   in_doubt    grace |    files   quota    limit in_doubt    grace  Remarks",
        "fs1        FILESET   812483190784          0          0   20971520     none |  3184022       0        0        0     none",
        "$ mmdf fs1 --block-size=auto | tail -3",
        "                =============                         ==================== ===================",
        "(total)                  4.0P                             11.2G (  0%)           6.8G ( 0%)",
        ""]) + "\n"
    files["gpu-e02/dmesg.txt"] = "\n".join([
        "%s mmfs: [N] Node 10.40.0.52 (gpu-e02) appointed as manager for fs1 allocation region" % dmesg_h(T("2024-07-01 22:14:09")),
        "%s mmfs: [E] Disk space exhaustion in pool data of file system fs1: 0.00%% free" % dmesg_h(add(te, -2)),
    ]) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("99120", "l3-8b-cpt", "gpu", "llm", "512", "FAILED", "1:0"),
        ("99120.batch", "batch", "", "llm", "128", "FAILED", "1:0"),
        ("99120.0", "torchrun", "", "llm", "512", "FAILED", "1:0")])) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="stop",
                 rationale="Seven hours into a healthy run the step-5000 checkpoint fails on ranks on all four nodes with 'OSError: [Errno 28] No space left on device'; df shows the shared GPFS fs1 at 100% with no fileset quota set, and GPFS itself logs disk-space exhaustion. The shared filesystem is full; restarting won't help until space is freed.",
                 modelled_on="https://github.com/zai-org/ChatGLM-6B/issues/1166")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw11():
    name = "bw11_checkpoint_write_failed_during_deepspeed_save"
    t0 = T("2024-03-27 18:20:00")
    nodes = ["node-a12", "node-a13"]
    files = {}
    rnd = random.Random(11)
    out = []
    t = t0
    losses = loss_curve(rnd, 0, 240, base=1.6, floor=1.1)
    for k in range(240):
        step = (k + 1) * 50
        t = add(t, 50 * 2.7 + rnd.uniform(-2, 2))
        out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (
            losses[k], rnd.uniform(0.4, 1.2), 2e-5 * (1 - step / 30000.0), step / 9800.0))
        if step % 4000 == 0 and step < 12000:
            out.append("[INFO|trainer.py:3478] %s >> Saving model checkpoint to /lustre/proj/p4012/sft-70b/checkpoint-%d" % (pylog(add(t, 0.2)), step))
            out.append("[%s] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step%d is about to be saved!" % (pylog(add(t, 1)), step))
            out.append("[%s] [INFO] [engine.py:3591:_save_zero_checkpoint] zero checkpoint saved /lustre/proj/p4012/sft-70b/checkpoint-%d/global_step%d/zero_pp_rank_0_mp_rank_00_optim_states.pt" % (pylog(add(t, 88)), step, step))
            out.append("[%s] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step%d is ready now!" % (pylog(add(t, 88.2)), step))
            t = add(t, 90)
    ts = add(t, 5)
    out.append(" 40%%|███▉      | 12000/30000 [9:11:42<13:39:01,  2.73s/it]")
    out.append("[INFO|trainer.py:3478] %s >> Saving model checkpoint to /lustre/proj/p4012/sft-70b/checkpoint-12000" % pylog(ts))
    out.append("[INFO|configuration_utils.py:472] %s >> Configuration saved in /lustre/proj/p4012/sft-70b/checkpoint-12000/config.json" % pylog(add(ts, 0.4)))
    out.append("[%s] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step12000 is about to be saved!" % pylog(add(ts, 1.1)))
    out.append("[%s] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /lustre/proj/p4012/sft-70b/checkpoint-12000/global_step12000/mp_rank_00_model_states.pt..." % pylog(add(ts, 1.2)))
    te = add(ts, 47)
    for r in (3, 11, 6, 14):
        p = "[rank%d]: " % r
        out.extend(_pref(p, [
            "Traceback (most recent call last):",
            '  File "%s/torch/serialization.py", line 628, in save' % PYL,
            "    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
            '  File "%s/torch/serialization.py", line 862, in _save' % PYL,
            "    zip_file.write_record(name, storage, num_bytes)",
            "RuntimeError: [enforce fail at inline_container.cc:764] . PytorchStreamWriter failed writing file data/%d: file write failed" % (rnd.randint(20, 90)),
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            '  File "/lustre/proj/p4012/code/sft.py", line 233, in <module>',
            "    trainer.train(resume_from_checkpoint=args.resume)",
            '  File "%s/transformers/trainer.py", line 2359, in _inner_training_loop' % PYL,
            "    self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)",
            '  File "%s/transformers/trainer.py", line 2807, in _save_checkpoint' % PYL,
            "    self.model_wrapped.save_checkpoint(output_dir)",
            '  File "%s/deepspeed/runtime/engine.py", line 3164, in save_checkpoint' % PYL,
            "    self._save_zero_checkpoint(save_dir, tag)",
            '  File "%s/deepspeed/runtime/engine.py", line 3590, in _save_zero_checkpoint' % PYL,
            "    self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)",
            '  File "%s/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", line 22, in save' % PYL,
            "    torch.save(state_dict, path)",
            '  File "%s/torch/serialization.py", line 627, in save' % PYL,
            "    with _open_zipfile_writer(f) as opened_zipfile:",
            '  File "%s/torch/serialization.py", line 475, in __exit__' % PYL,
            "    self.file_like.write_end_of_file()",
            "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 2178411648 vs 2178411536"]))
    p = "[rank0]: "
    out.extend(_pref(p, [
        "Traceback (most recent call last):",
        '  File "/lustre/proj/p4012/code/sft.py", line 233, in <module>',
        "    trainer.train(resume_from_checkpoint=args.resume)",
        '  File "%s/transformers/trainer.py", line 2838, in _save_checkpoint' % PYL,
        "    self.state.save_to_json(os.path.join(output_dir, TRAINER_STATE_NAME))",
        '  File "%s/transformers/trainer_callback.py", line 145, in save_to_json' % PYL,
        '    with open(json_path, "w", encoding="utf-8") as f:',
        "OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/p4012/sft-70b/checkpoint-12000/trainer_state.json'"]))
    for i, n in enumerate(nodes):
        tf = add(te, 2 + i * 0.3)
        out.append(agent_failed_line(tf, 3 if i == 0 else 3, 6622 + i * 40 + 3, 1, "/usr/bin/python", style="old"))
        fails = [dict(time=tf, host=n, rank=i * 8 + k, local_rank=k, exitcode=1, pid=6622 + i * 40 + k) for k in range(8)]
        out.extend(torchrun_summary("/lustre/proj/p4012/code/sft.py", fails, fails[3], style="old"))
    files["train_output.log"] = "\n".join(out) + "\n"
    files["quota.txt"] = "\n".join([
        "$ lfs quota -h -p 4012 /lustre",
        "Disk quotas for prj 4012 (pid 4012):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  51.21T*    50T  51.2T   6d23h  1840221       0       0       -",
        "$ lfs df -h /lustre | tail -1",
        "filesystem_summary:         8.7P        5.1P        3.6P  59% /lustre",
        ""]) + "\n"
    files["node-a13/dmesg.txt"] = "\n".join([
        "%s LNet: 4017:0:(o2iblnd_cb.c:3397:kiblnd_check_conns()) Timed out tx for 10.20.0.31@o2ib: 4 seconds" % dmesg_h(add(t0, 8000)),
        "%s LNet: 4017:0:(o2iblnd_cb.c:3397:kiblnd_check_conns()) Skipped 1 previous similar message" % dmesg_h(add(t0, 8000)),
    ]) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="stop",
                 rationale="The checkpoint-12000 save fails on ranks on both nodes (PytorchStreamWriter file write failed) and rank 0's trainer_state.json write gives 'Errno 122 Disk quota exceeded'; lfs quota shows project 4012 over its 50T quota at the hard limit while the filesystem itself is only 59% used. A project quota problem, not a node fault; restarting without freeing space won't help.",
                 modelled_on="https://github.com/open-mmlab/mmdetection/issues/12069")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw12():
    name = "bw12_rank0_permission_error_then_collective_timeouts"
    t0 = T("2024-08-14 07:40:00")
    nodes = ["gn-101", "gn-102", "gn-103", "gn-104"]
    files = {}
    rnd = random.Random(12)
    out = []
    t = t0
    for step in range(10, 4010, 10):
        t = add(t, 10 * 2.02 + rnd.uniform(-0.2, 0.2))
        out.append("0: %s | INFO | trainer | step %d | loss %.4f | lr %.3e | tok/s/gpu %d | mem %.1fG" % (
            pylog(t), step, 2.2 - step / 9000.0 + rnd.uniform(-0.03, 0.03), 3e-4, 8100 + rnd.randint(-60, 60), 58.3))
        if step % 1000 == 0 and step < 4000:
            out.append("0: %s | INFO | ckpt | saving full state dict to /mnt/nfs/team-llm/ckpt/run42/step_%d" % (pylog(add(t, 0.1)), step))
            out.append("0: %s | INFO | ckpt | saved /mnt/nfs/team-llm/ckpt/run42/step_%d (27.1 GB) in 63.8s" % (pylog(add(t, 64)), step))
            t = add(t, 64)
    ts = add(t, 0.1)
    out.append("0: %s | INFO | ckpt | saving full state dict to /mnt/nfs/team-llm/ckpt/run42/step_4000" % pylog(ts))
    te = add(ts, 9.5)
    out.extend(_pref("0: [rank0]: ", [
        "Traceback (most recent call last):",
        '  File "/home/mchen/fsdp_train/train.py", line 377, in <module>',
        "    main()",
        '  File "/home/mchen/fsdp_train/train.py", line 352, in main',
        "    save_checkpoint(model, optim, step, cfg.ckpt_dir)",
        '  File "/home/mchen/fsdp_train/ckpt.py", line 41, in save_checkpoint',
        "    os.makedirs(out_dir, exist_ok=True)",
        '  File "/usr/lib/python3.10/os.py", line 225, in makedirs',
        "    mkdir(name, mode)",
        "PermissionError: [Errno 13] Permission denied: '/mnt/nfs/team-llm/ckpt/run42/step_4000'"]))
    tf = add(te, 0.8)
    out.append("0: " + agent_failed_line(tf, 0, 14001, 1, "/usr/bin/python3"))
    out.extend(_pref("0: ", agent_sigterm_lines(add(tf, 0.01), [14002 + k for k in range(7)])))
    fails = [dict(time=tf, host="gn-101", rank=0, local_rank=0, exitcode=1, pid=14001)]
    out.extend(_pref("0: ", torchrun_summary("/home/mchen/fsdp_train/train.py", fails, fails[0])))
    out.append("srun: error: gn-101: task 0: Exited with exit code 1")
    tw = add(ts, 600.4)
    for i in (1, 2, 3):
        for lr in (0, 3, 6):
            r = i * 8 + lr
            out.extend(_pref("%d: " % i, watchdog_lines(r, add(tw, lr * 0.01 + i * 0.02), 82117, "ALLREDUCE", 1, 600000, 600000 + 12 + lr)))
    for i in (1, 2, 3):
        t2 = add(tw, 1.5 + i * 0.1)
        out.append("%d: " % i + agent_failed_line(t2, 0, 14001 + i * 100, -6, "/usr/bin/python3"))
        out.append("srun: error: %s: task %d: Aborted (core dumped)" % (nodes[i], i))
    files["slurm-3304417.out"] = "\n".join(out) + "\n"
    files["nfs_checks.txt"] = "\n".join([
        "# collected on gn-101 after the failure",
        "$ id",
        "uid=41022(mchen) gid=41000(llm) groups=41000(llm),41050(llm-ckpt)",
        "$ ls -ld /mnt/nfs/team-llm/ckpt/run42 /mnt/nfs/team-llm/ckpt/run42/*",
        "drwxrwsr-x 5 nobody nogroup 4096 Aug 14 09:49 /mnt/nfs/team-llm/ckpt/run42",
        "drwxrwsr-x 2 nobody nogroup 4096 Aug 14 08:14 /mnt/nfs/team-llm/ckpt/run42/step_1000",
        "drwxrwsr-x 2 nobody nogroup 4096 Aug 14 08:49 /mnt/nfs/team-llm/ckpt/run42/step_2000",
        "drwxrwsr-x 2 nobody nogroup 4096 Aug 14 09:23 /mnt/nfs/team-llm/ckpt/run42/step_3000",
        "$ touch /mnt/nfs/team-llm/ckpt/run42/.probe",
        "touch: cannot touch '/mnt/nfs/team-llm/ckpt/run42/.probe': Permission denied",
        "$ nfsstat -m | grep -A1 team-llm",
        "/mnt/nfs/team-llm from nas-llm01:/export/team-llm",
        " Flags:\trw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.9.1.101,local_lock=none,addr=10.9.0.20",
        ""]) + "\n"
    for n in nodes:
        jl = []
        jt = T("2024-08-14 09:41:17")
        jl.append("%s %s nfsidmap[%d]: nss_getpwnam: name 'mchen@corp.example' does not map into domain 'storage.corp.example'" % (syslog(jt), n, 3100 + int(n[-1]) * 7))
        jl.append("%s %s nfsidmap[%d]: nss_name_to_gid: name 'llm@corp.example' does not map into domain 'storage.corp.example'" % (syslog(add(jt, 0.2)), n, 3101 + int(n[-1]) * 7))
        jl.append("%s %s kernel: NFS: v4 server nas-llm01  returned a bad sequence-id error on an unconfirmed sequence 000000004a1b33c2!" % (syslog(add(jt, 31)), n))
        files[n + "/journal.txt"] = "\n".join(jl) + "\n"
    files["change_calendar.txt"] = "CHG-20931  2024-08-14 09:30-10:00  storage: nas-llm01 NFSv4 idmap Domain changed to storage.corp.example (directory-services migration)\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="stop",
                 rationale="The first failure is rank 0's PermissionError creating step_4000 on the shared NFS checkpoint dir where step_1000-3000 were written fine earlier in the same run; the collective timeouts on other nodes come 10 minutes later and are sympathetic. Every node logs nfsidmap failing to map users into the new idmap domain and the directory now shows owner nobody, so the shared NFS service's permission mapping broke. Retrying won't help until storage fixes it.",
                 modelled_on="https://github.com/verl-project/verl/issues/3354")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw13():
    name = "bw13_dataloader_input_output_error_all_nodes"
    t0 = T("2024-06-11 00:02:10")
    nodes = ["sc-gpu041", "sc-gpu042", "sc-gpu043", "sc-gpu044"]
    files = {}
    rnd = random.Random(13)
    out = []
    t = t0
    losses = loss_curve(rnd, 0, 1300, base=3.1, floor=2.2)
    t = add(t0, 3205)
    for it in range(1, 1301):
        t = add(t, 3.62 + rnd.uniform(-0.05, 0.05))
        out.append(megatron_iter(t, it * 1 + 31000, 250000, (it + 31000) * 1536, 3620.0 + rnd.uniform(-40, 40), 2.1e-4, 1536, losses[it - 1], 1.0, rnd.uniform(0.2, 0.5)))
    te = T("2024-06-11 02:16:32")
    tail = []
    first = [("sc-gpu043", 19, 3), ("sc-gpu041", 2, 5), ("sc-gpu044", 28, 1), ("sc-gpu042", 13, 6)]
    for k, (n, r, w) in enumerate(first):
        p = "[rank%d]: " % r
        tail.extend(_pref(p, [
            "Traceback (most recent call last):",
            '  File "/scratch/proj/gpt/pretrain_gpt.py", line 278, in <module>',
            "    pretrain(train_valid_test_datasets_provider, model_provider, ModelType.encoder_or_decoder, forward_step)",
            '  File "/scratch/proj/gpt/megatron/training/training.py", line 1193, in train_step',
            "    losses_reduced = forward_backward_func(",
            '  File "/scratch/proj/gpt/pretrain_gpt.py", line 160, in get_batch',
            "    tokens, labels, loss_mask, attention_mask, position_ids = get_batch_on_this_tp_rank(data_iterator)",
            '  File "%s/torch/utils/data/dataloader.py", line 1344, in _next_data' % PYL,
            "    return self._process_data(data)",
            '  File "%s/torch/utils/data/dataloader.py", line 1370, in _process_data' % PYL,
            "    data.reraise()",
            '  File "%s/torch/_utils.py", line 706, in reraise' % PYL,
            "    raise exception",
            "OSError: Caught OSError in DataLoader worker process %d." % w,
            "Original Traceback (most recent call last):",
            '  File "%s/torch/utils/data/_utils/worker.py", line 309, in _worker_loop' % PYL,
            "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
            '  File "/scratch/proj/gpt/data/shard_reader.py", line 71, in __getitem__',
            "    buf = self._read(path, off, n)",
            '  File "/scratch/proj/gpt/data/shard_reader.py", line 52, in _read',
            "    return f.read(n)",
            "OSError: [Errno 5] Input/output error"]))
    out.extend(tail)
    for i, n in enumerate(nodes):
        tf = add(te, 3 + i * 0.4)
        out.append(agent_failed_line(tf, 1, 22100 + i * 10, 1, "/usr/bin/python"))
    out.append("srun: error: sc-gpu043: task 2: Exited with exit code 1")
    out.append("srun: error: sc-gpu041: task 0: Exited with exit code 1")
    out.append("srun: error: sc-gpu044: task 3: Exited with exit code 1")
    out.append("srun: error: sc-gpu042: task 1: Exited with exit code 1")
    files["slurm-8841902.out"] = "\n".join(out) + "\n"
    for idx, n in enumerate(nodes):
        d = []
        d.append("%s Lustre: Mounted scratch-client" % dmesg_h(T("2024-06-02 07:12:44")))
        tl = add(T("2024-06-11 02:14:07"), idx * 0.3)
        d.append("%s LustreError: 11-0: scratch-OST0012-osc-ffff9a3c8e2f%d000: operation ost_read to node 10.10.0.42@o2ib failed: rc = -107" % (dmesg_h(tl), idx))
        d.append("%s Lustre: scratch-OST0012-osc-ffff9a3c8e2f%d000: Connection to scratch-OST0012 (at 10.10.0.42@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (dmesg_h(tl), idx))
        d.append("%s LNetError: 3311:0:(o2iblnd_cb.c:3359:kiblnd_check_txs_locked()) Timed out tx: tx_queue, 1 seconds" % dmesg_h(add(tl, 3)))
        d.append("%s LNetError: 3311:0:(o2iblnd_cb.c:3434:kiblnd_check_conns()) Timed out RDMA with 10.10.0.42@o2ib (105): c: 0, oc: 0, rc: 8" % dmesg_h(add(tl, 3)))
        tev = add(T("2024-06-11 02:16:31"), idx * 0.2)
        d.append("%s LustreError: 167-0: scratch-OST0012-osc-ffff9a3c8e2f%d000: This client was evicted by scratch-OST0012; in progress operations using this service will fail." % (dmesg_h(tev), idx))
        d.append("%s LustreError: %d:0:(ldlm_resource.c:1125:ldlm_resource_complain()) scratch-OST0012-osc-ffff9a3c8e2f%d000: namespace resource [0x1a71b1:0x0:0x0].0x0 (ffff9a2b71c3e0c0) refcount nonzero (1) after lock cleanup; forcing cleanup." % (dmesg_h(add(tev, 0.1)), 5123 + idx * 17, idx))
        tr = add(T("2024-06-11 02:21:48"), idx * 0.2)
        d.append("%s Lustre: scratch-OST0012-osc-ffff9a3c8e2f%d000: Connection restored to scratch-OST0012 (at 10.10.0.43@o2ib)" % (dmesg_h(tr), idx))
        files[n + "/dmesg.txt"] = "\n".join(d) + "\n"
    files["sc-gpu043/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(T("2024-06-11 02:30:00"), "535.161.08", "12.2", "NVIDIA H100 80GB HBM3", seed=43)) + "\n"
    files["topology.json"] = json.dumps({"topology": {"ib-leaf-07": nodes}}, indent=2) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="Ranks on all four nodes fail within a second of each other with EIO in DataLoader workers reading shards. Every node's dmesg shows the same Lustre OST0012 connection loss at 02:14 and eviction at 02:16:31, followed by reconnection to the failover server at 02:21. That is a transient outage of the shared filesystem, not one node; a restart should work.",
                 modelled_on="https://wiki.whamcloud.com/display/LNet/An+example+of+Debugging+Evictions")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw14():
    name = "bw14_save_stalls_then_watchdog_on_many_ranks"
    t0 = T("2024-07-11 01:10:00")
    nodes = ["x1000c0s0b0n0", "x1000c0s1b0n0", "x1000c0s2b0n0", "x1000c0s3b0n0"]
    files = {}
    rnd = random.Random(14)
    out = []
    t = t0
    losses = loss_curve(rnd, 6000, 2000, base=2.4, floor=1.8)
    for it in range(6001, 8001):
        t = add(t, 4.51 + rnd.uniform(-0.06, 0.06))
        if it % 5 == 0:
            out.append(megatron_iter(t, it, 100000, it * 2048, 4510.0 + rnd.uniform(-50, 50), 1.4e-4, 2048, losses[it - 6001], 1.0, rnd.uniform(0.18, 0.4)))
    ts = add(t, 0.4)
    out.append("saving checkpoint at iteration    8000 to /lus/flare/projects/llm/ckpt/gpt-20b in torch_dist format")
    out.append("Storing distributed optimizer sharded state of type fully_sharded_model_space")
    tw = add(ts, 600.9)
    hung = {0: [1, 5], 1: [3], 2: [0, 6], 3: [2, 7]}
    for i in range(4):
        for lr in range(8):
            if lr in hung[i]:
                continue
            r = i * 8 + lr
            if rnd.random() < 0.45:
                out.extend(watchdog_lines(r, add(tw, rnd.uniform(0, 0.8)), 1322417, "_ALLGATHER_BASE", 32, 600000, 600000 + rnd.randint(3, 60)))
    for i, n in enumerate(nodes):
        out.append(agent_failed_line(add(tw, 2 + i * 0.1), 4, 88231 + i * 20 + 4, -6, "/lus/flare/projects/llm/venv/bin/python"))
        out.append("srun: error: %s: task %d: Aborted (core dumped)" % (n, i))
    files["job-2024071101.out"] = "\n".join(out) + "\n"
    for i, n in enumerate(nodes):
        d = []
        tl = add(T("2024-07-11 03:40:12"), i * 0.05)
        d.append("%s Lustre: flare-MDT0000-mdc-ffff8f0c1a2b%d000: Connection to flare-MDT0000 (at 10.150.0.11@kfi) was lost; in progress operations using this service will wait for recovery to complete" % (dmesg_h(tl), i))
        for pidx, lr in enumerate(hung[i][:1] + [None]):
            pid = 88231 + i * 20 + (lr if lr is not None else 9)
            comm = "python" if lr is not None else "pt_data_worker"
            th = add(tl, 183 + pidx * 0.7)
            d.extend([
                "%s INFO: task %s:%d blocked for more than 122 seconds." % (dmesg_h(th), comm, pid),
                "%s       Tainted: P           OE     5.14.21-150500.55.49_13.0.57-cray_shasta_c #1" % dmesg_h(th),
                "%s \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % dmesg_h(th),
                "%s task:%-15s state:D stack:0     pid:%d ppid:88102 flags:0x00004002" % (dmesg_h(th), comm, pid),
                "%s Call Trace:" % dmesg_h(th),
                "%s  <TASK>" % dmesg_h(th),
                "%s  __schedule+0x3b4/0xa10" % dmesg_h(th),
                "%s  schedule+0x5a/0xd0" % dmesg_h(th),
                "%s  ptlrpc_set_wait+0x4d8/0x6c0 [ptlrpc]" % dmesg_h(th),
                "%s  ptlrpc_queue_wait+0x83/0x230 [ptlrpc]" % dmesg_h(th),
                "%s  mdc_enqueue_base+0x34c/0x1470 [mdc]" % dmesg_h(th),
                "%s  mdc_intent_lock+0x215/0x560 [mdc]" % dmesg_h(th),
                "%s  lmv_intent_lock+0x2c3/0x910 [lmv]" % dmesg_h(th),
                "%s  ll_lookup_it+0x3f4/0x1b70 [lustre]" % dmesg_h(th),
                "%s  ll_atomic_open+0x1a1/0x10a0 [lustre]" % dmesg_h(th),
                "%s  path_openat+0x9b0/0x12a0" % dmesg_h(th),
                "%s  do_filp_open+0xb2/0x160" % dmesg_h(th),
                "%s  do_sys_openat2+0x9a/0x160" % dmesg_h(th),
                "%s  __x64_sys_openat+0x54/0xa0" % dmesg_h(th),
                "%s  do_syscall_64+0x5b/0x80" % dmesg_h(th),
                "%s  </TASK>" % dmesg_h(th)])
        d.append("%s Lustre: flare-MDT0000-mdc-ffff8f0c1a2b%d000: Connection restored to flare-MDT0000 (at 10.150.0.12@kfi)" % (dmesg_h(add(T("2024-07-11 04:21:37"), i * 0.04)), i))
        files[n + "/dmesg.txt"] = "\n".join(d) + "\n"
    files["x1000c0s0b0n0/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(T("2024-07-11 03:52:00"), "550.54.15", "12.4", "NVIDIA H100 80GB HBM3", util=100, seed=140)) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="The job stalls inside the iteration-8000 checkpoint save and 10 minutes later ranks on every node hit NCCL watchdog timeouts (sympathetic). All four nodes' dmesg show the Lustre MDT0000 connection lost at 03:40 and python processes on each node stuck in mdc_enqueue/openat, with the MDT failing over at 04:21. It was a transient metadata-server outage of the shared filesystem, so a restart should work.",
                 modelled_on="https://github.com/ai2cm/ace/issues/851")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw15():
    name = "bw15_inductor_compile_oserror_on_one_node"
    t0 = T("2024-11-05 10:15:00")
    nodes = ["gpu-a03", "gpu-a04", "gpu-a05", "gpu-a06"]
    bad = "gpu-a05"
    bi = 2
    files = {}
    out = []
    out.append("+ export TRITON_CACHE_DIR=$HOME/.triton/cache TORCHINDUCTOR_CACHE_DIR=$HOME/.cache/inductor")
    out.append("+ srun -l torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-a03:29500 train.py --compile --model 3b")
    for i in range(4):
        out.append("%d: [rank%d]:[titan] %s - root - INFO - Compiling each TransformerBlock with torch.compile" % (i, i * 8, pylog(add(t0, 20 + i * 0.1))))
    for i in range(4):
        if i == bi:
            continue
        out.append("%d: [rank%d]:[titan] %s - root - INFO - Triton cache hit rate 412/418 (%s/.triton/cache)" % (i, i * 8, pylog(add(t0, 71 + i)), "/home/jdoe"))
    te = add(t0, 64.3)
    for lr in range(8):
        r = bi * 8 + lr
        p = "%d: [rank%d]: " % (bi, r)
        out.extend([p + "Traceback (most recent call last):",
                    p + '  File "/home/jdoe/titan/train.py", line 318, in train_step',
                    p + "    pred = model(input_ids)",
                    p + '  File "%s/torch/_dynamo/eval_frame.py", line 465, in _fn' % PYL,
                    p + "    return fn(*args, **kwargs)",
                    p + '  File "%s/torch/_inductor/runtime/triton_heuristics.py", line 258, in precompile' % PYL,
                    p + "    compiled_binary, launcher = self._precompile_config(",
                    p + '  File "%s/triton/runtime/cache.py", line 125, in put' % PYL,
                    p + "    os.replace(temp_path, filepath)",
                    p + "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                    p + "OSError: [Errno 116] Stale file handle: '/home/jdoe/.triton/cache/tmp.pid_%d_8c41f6/triton_red_fused_add_mean_mul_pow_rsqrt_0.cubin' -> '/home/jdoe/.triton/cache/XU5DT2AO5BD5AEHEYGLPP5LRDFHHCUEJT4LGDVLB4STXUGVGHFPA/triton_red_fused_add_mean_mul_pow_rsqrt_0.cubin'" % (60410 + lr),
                    p + "",
                    p + "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information"])
    tf = add(te, 1.0)
    out.append("%d: " % bi + agent_failed_line(tf, 0, 60410, 1, "/usr/bin/python"))
    fails = [dict(time=tf, host=bad, rank=bi * 8 + k, local_rank=k, exitcode=1, pid=60410 + k) for k in range(8)]
    out.extend(_pref("%d: " % bi, torchrun_summary("train.py", fails, fails[0])))
    out.append("srun: error: gpu-a05: task 2: Exited with exit code 1")
    ts = add(tf, 0.4)
    out.append("slurmstepd: error: *** STEP 130077.0 ON gpu-a03 CANCELLED AT %s ***" % iso(ts))
    for i in (0, 1, 3):
        out.extend(_pref("%d: " % i, agent_sigterm_lines(add(ts, 0.03 * i), [58000 + i * 20 + k for k in range(8)])))
    files["slurm-130077.out"] = "\n".join(out) + "\n"
    for n in nodes:
        if n == bad:
            mt = "nfs-home01:/export/home on /home type nfs (rw,relatime,vers=3,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,mountaddr=10.20.0.5,mountvers=3,mountport=20048,mountproto=udp,local_lock=none,addr=10.20.0.5)"
        else:
            mt = "nfs-home01:/export/home on /home type nfs4 (rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.20.3.%d,local_lock=none,addr=10.20.0.6)" % (10 + nodes.index(n))
        files[n + "/mounts.txt"] = mt + "\n"
    d = []
    for k in range(5):
        tt = add(T("2024-11-05 10:16:04"), k * 0.4)
        d.append("%s NFS: server nfs-home01 error: fileid changed" % dmesg_h(tt))
        d.append("%s fsid 0:52: expected fileid 0x28a4c1f, got 0x3b10e92" % dmesg_h(tt))
    d.insert(0, "%s nfs: server 10.20.0.5 not responding, still trying" % dmesg_h(T("2024-11-04 23:02:15")))
    d.insert(1, "%s nfs: server 10.20.0.5 OK" % dmesg_h(T("2024-11-04 23:31:50")))
    files[bad + "/dmesg.txt"] = "\n".join(d) + "\n"
    files["storage_notice.txt"] = "2024-11-04 23:00-23:30 nfs-home01 failover to new head (10.20.0.6); clients remounted via ansible 'remount-home' play (gpu-a05 unreachable during play: ssh timeout)\n"
    label = dict(category="storage", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="Only gpu-a05's ranks fail, with ESTALE on the NFS-backed Triton cache, while the other nodes hit the same cache fine. gpu-a05 still has /home mounted NFSv3 from the old head 10.20.0.5, because it was unreachable during the post-failover remount, and its dmesg logs 'fileid changed'. One node's stale mount is the cause.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/173679")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw16():
    name = "bw16_requeued_job_dies_twice_writing_cache"
    files = {}
    alloc = {1: ["gpu-c19", "gpu-c20", "gpu-c21", "gpu-c22"], 2: ["gpu-c14", "gpu-c21", "gpu-c30", "gpu-c31"]}
    starts = {1: T("2024-04-16 21:03:10"), 2: T("2024-04-16 21:19:44")}
    bad = "gpu-c21"
    for a in (1, 2):
        nodes = alloc[a]
        bi = nodes.index(bad)
        t0 = starts[a]
        out = []
        out.append("SLURM_JOB_ID=88123 SLURM_RESTART_COUNT=%d SLURM_JOB_NODELIST=%s" % (a - 1, ",".join(nodes)))
        out.append("+ export TMPDIR=/local_scratch/slurm_88123 WDS_CACHE=/local_scratch/slurm_88123/wds_cache")
        out.append("+ srun -l python -m torch.distributed.run --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint %s:29500 train_clip.py --data 'pipe:cat /gpfs/datasets/laion400m/{00000..41455}.tar' --cache-dir $WDS_CACHE" % nodes[0])
        for i in range(4):
            out.append("%d: %s INFO open_clip: Running in distributed mode with multiple processes. Device: cuda:0.Process (global: %d, local 0), total 32." % (i, pylog(add(t0, 14 + i * 0.1)), i * 8))
        t = add(t0, 30)
        rnd = random.Random(160 + a)
        nsteps = 38 if a == 1 else 9
        for k in range(nsteps):
            t = add(t, 24 + rnd.uniform(-1, 1))
            out.append("0: %s INFO open_clip: Train Epoch: 0 [%8d/400000000 (%d%%)] Data (t): 0.%03d Batch (t): 0.48%d, %d/s, %d/s/gpu LR: %.6f Logit Scale: 14.%03d Contrastive_loss: %.4f (%.4f) Loss: %.4f (%.4f)" % (
                pylog(t), (k + 1) * 50 * 32768, 0, rnd.randint(40, 90), rnd.randint(0, 9), 67000, 2100, 5e-4 * (k + 1) / 2000, rnd.randint(100, 999),
                9.2 - k * 0.05, 9.4 - k * 0.04, 9.2 - k * 0.05, 9.4 - k * 0.04))
        te = add(t, 7.4)
        for lr in (0, 2, 3, 5, 7):
            r = bi * 8 + lr
            p = "%d: [rank%d]: " % (bi, r)
            out.extend([p + "Traceback (most recent call last):",
                        p + '  File "/gpfs/home/lwu/open_clip/src/training/main.py", line 508, in main',
                        p + "    train_one_epoch(model, data, loss, epoch, optimizer, scaler, scheduler, dist_model, args, tb_writer=writer)",
                        p + '  File "/gpfs/home/lwu/open_clip/src/training/train.py", line 91, in train_one_epoch',
                        p + "    for i, batch in enumerate(dataloader):",
                        p + '  File "%s/webdataset/cache.py", line 157, in download' % PYL,
                        p + "    with open(temp_dest, \"wb\") as stream:",
                        p + "OSError: [Errno 28] No space left on device: '/local_scratch/slurm_88123/wds_cache/%05d.tar._%d_'" % (rnd.randint(1000, 9999), 40000 + lr)])
        tf = add(te, 1)
        out.append("%d: " % bi + agent_failed_line(tf, 0, 40000, 1, "/gpfs/home/lwu/venvs/clip/bin/python"))
        fails = [dict(time=tf, host=bad, rank=bi * 8 + k, local_rank=k, exitcode=1, pid=40000 + k) for k in range(8)]
        out.extend(_pref("%d: " % bi, torchrun_summary("train_clip.py", fails, fails[0])))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (bad, bi))
        ts = add(tf, 0.5)
        out.append("slurmstepd: error: *** STEP 88123.0 ON %s CANCELLED AT %s ***" % (nodes[0], iso(ts)))
        for i in range(4):
            if i != bi:
                out.extend(_pref("%d: " % i, agent_sigterm_lines(add(ts, 0.02 * i), [31000 + i * 9 + k for k in range(8)])))
        if a == 1:
            out.append("auto-resume: srun exited with status 1 (attempt 1/3); requeueing job 88123")
            out.append("+ scontrol requeue 88123")
        files["attempt_%d/slurm-88123.out" % a] = "\n".join(out) + "\n"
        for n in nodes:
            if n == bad:
                df = ["$ df -h /local_scratch /gpfs",
                      "Filesystem      Size  Used Avail Use% Mounted on",
                      "/dev/md127      3.5T  3.5T     0 100% /local_scratch",
                      "gpfs1           6.0P  4.1P  1.9P  69% /gpfs",
                      "$ du -sh /local_scratch/* 2>/dev/null | sort -h | tail -3",
                      "2.1G\t/local_scratch/slurm_88123",
                      "18G\t/local_scratch/lost+found",
                      "3.4T\t/local_scratch/slurm_87455"]
                files["attempt_%d/%s/df.txt" % (a, n)] = "\n".join(df) + "\n"
            elif n in (nodes[0],):
                df = ["$ df -h /local_scratch /gpfs",
                      "Filesystem      Size  Used Avail Use% Mounted on",
                      "/dev/md127      3.5T  121G  3.4T   4% /local_scratch",
                      "gpfs1           6.0P  4.1P  1.9P  69% /gpfs"]
                files["attempt_%d/%s/df.txt" % (a, n)] = "\n".join(df) + "\n"
    files["attempt_1/gpu-c21/slurmd.log"] = "\n".join([
        "[2024-04-16T20:58:02.771] [87455.extern] error: _rm_data: unable to remove /local_scratch/slurm_87455: Device or resource busy (epilog cleanup skipped)",
        "[2024-04-16T21:03:05.112] [88123.extern] task/cgroup: _memcg_initialize: job: alloc=1600000MB mem.limit=1600000MB memsw.limit=unlimited",
    ]) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("88123", "clip-vitl", "gpu", "mm", "448", "REQUEUED", "1:0"),
        ("88123", "clip-vitl", "gpu", "mm", "448", "FAILED", "1:0"),
        ("88123.batch", "batch", "", "mm", "112", "FAILED", "1:0"),
        ("88123.0", "python", "", "mm", "448", "FAILED", "1:0")])) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="Both attempts, on different node sets, fail only on gpu-c21 with ENOSPC writing the webdataset cache in node-local /local_scratch. df shows gpu-c21's /local_scratch at 100%, filled by 3.4T left behind by job 87455 whose epilog cleanup failed, while other nodes' scratch and the shared GPFS have plenty of room.",
                 modelled_on="https://github.com/jansel/pytorch-jit-paritybench/pull/24")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw17():
    name = "bw17_stage_in_rsync_error_then_missing_shard"
    t0 = T("2024-09-23 06:00:12")
    nodes = ["gpu-d07", "gpu-d08", "gpu-d09", "gpu-d10"]
    bad = "gpu-d09"
    bi = 2
    files = {}
    out = []
    out.append("== stage-in: copying tokenized shards to node-local NVMe (/mnt/nvme/stage) ==")
    for i, n in enumerate(nodes):
        if i == bi:
            out.append("%s: rsync: [Receiver] mkdir \"/mnt/nvme/stage/c4_en_tok\" failed: Permission denied (13)" % n)
            out.append("%s: rsync error: error in file IO (code 11) at main.c(791) [Receiver=3.2.7]" % n)
            out.append("%s: stage-in finished with status 11 (continuing; job will read from /mnt/nvme/stage)" % n)
        else:
            out.append("%s: sent 1,211,043,880,912 bytes  received 19,312 bytes  2,488,103,110.77 bytes/sec" % n)
            out.append("%s: total size is 1,210,743,002,113  speedup is 1.00" % n)
    out.append("== training ==")
    out.append("+ srun -l torchrun --nnodes 4 --nproc-per-node 8 --rdzv-endpoint gpu-d07:29500 --rdzv-backend c10d pretrain.py --data-root /mnt/nvme/stage/c4_en_tok")
    te = add(t0, 1204)
    for lr in range(8):
        r = bi * 8 + lr
        p = "%d: [rank%d]: " % (bi, r)
        out.extend([p + "Traceback (most recent call last):",
                    p + '  File "/home/svc-llm/pt/pretrain.py", line 201, in <module>',
                    p + "    main()",
                    p + '  File "/home/svc-llm/pt/pretrain.py", line 133, in main',
                    p + "    ds = TokenShardDataset(cfg.data_root, split='train', rank=rank, world=world)",
                    p + '  File "/home/svc-llm/pt/data.py", line 58, in __init__',
                    p + "    self.arr = np.memmap(path, dtype=np.uint16, mode='r')",
                    p + '  File "/usr/local/lib/python3.10/dist-packages/numpy/core/memmap.py", line 228, in __new__',
                    p + "    f_ctx = open(os_fspath(filename), ('r' if mode == 'c' else mode)+'b')",
                    p + "FileNotFoundError: [Errno 2] No such file or directory: '/mnt/nvme/stage/c4_en_tok/train_%05d.bin'" % (17 + lr)])
    tf = add(te, 1.2)
    out.append("%d: " % bi + agent_failed_line(tf, 0, 9001, 1, "/usr/bin/python3"))
    fails = [dict(time=tf, host=bad, rank=bi * 8 + k, local_rank=k, exitcode=1, pid=9001 + k) for k in range(8)]
    out.extend(_pref("%d: " % bi, torchrun_summary("pretrain.py", fails, fails[0])))
    tw = add(tf, 1800.2)
    for i in (0, 1, 3):
        for lr in (0, 4):
            r = i * 8 + lr
            out.extend(_pref("%d: " % i, [
                "[rank%d]: Traceback (most recent call last):" % r,
                "[rank%d]:   File \"/home/svc-llm/pt/pretrain.py\", line 139, in main" % r,
                "[rank%d]:     dist.barrier()" % r,
                "[rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout" % (r, r)]))
    for i in (0, 1, 3):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (nodes[i], i))
    out.append("srun: error: %s: task %d: Exited with exit code 1" % (bad, bi))
    files["job_5512.log"] = "\n".join(out) + "\n"
    jt = T("2024-09-23 05:41:09")
    files[bad + "/journal.txt"] = "\n".join([
        "%s %s kernel: md/raid0:md0: not enough operational devices for 4/4 - aborting" % (syslog(jt), bad),
        "%s %s kernel: md: md0 stopped." % (syslog(add(jt, 0.01)), bad),
        "%s %s systemd[1]: mnt-nvme.mount: Mount process exited, code=exited, status=32/n/a" % (syslog(add(jt, 1.2)), bad),
        "%s %s systemd[1]: mnt-nvme.mount: Failed with result 'exit-code'." % (syslog(add(jt, 1.2)), bad),
        "%s %s systemd[1]: Failed to mount /mnt/nvme." % (syslog(add(jt, 1.2)), bad),
        "%s %s kernel: nvme nvme3: Device not ready; aborting initialisation, CSTS=0x0" % (syslog(add(jt, -3.0)), bad),
    ]) + "\n"
    files[bad + "/findmnt.txt"] = "$ findmnt /mnt/nvme\n$ echo $?\n1\n$ ls -ld /mnt/nvme\ndrwxr-xr-x 2 root root 4096 Mar  2  2024 /mnt/nvme\n"
    files["gpu-d08/findmnt.txt"] = "$ findmnt /mnt/nvme\nTARGET    SOURCE   FSTYPE OPTIONS\n/mnt/nvme /dev/md0 xfs    rw,noatime,attr2,inode64,logbufs=8,logbsize=32k,noquota\n"
    label = dict(category="storage", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="On gpu-d09 the node-local NVMe array did not assemble at boot (nvme3 not ready, md0 stopped, /mnt/nvme failed to mount), so stage-in could not create its directory and that node's ranks hit FileNotFoundError for shards the other nodes staged fine. The others' store timeouts are sympathetic. One node's local mount is missing.",
                 modelled_on="https://github.com/ArjunaCluster/ArjunaUsers/issues/46")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw18():
    name = "bw18_transport_endpoint_not_connected_in_dataloader"
    t0 = T("2024-12-03 13:00:00")
    nodes = ["ip-10-0-12-44", "ip-10-0-13-7", "ip-10-0-14-191", "ip-10-0-15-63"]
    bad = "ip-10-0-12-44"
    bi = 0
    files = {}
    rnd = random.Random(18)
    out = []
    t = t0
    for step in range(1, 1301):
        t = add(t, 1.9 + rnd.uniform(-0.03, 0.03))
        if step % 20 == 0:
            out.append("%s - INFO - step %d | loss %.4f | data_wait_ms %d | step_ms %d" % (pylog(t), step, 3.4 - step / 2000 + rnd.uniform(-0.04, 0.04), rnd.randint(3, 12), 1900 + rnd.randint(-25, 25)))
    te = add(t, 2.2)
    for lr in (1, 4, 6):
        r = bi * 8 + lr
        p = "[rank%d]: " % r
        out.extend(_pref(p, [
            "Traceback (most recent call last):",
            '  File "/opt/train/train.py", line 290, in <module>',
            "    main()",
            '  File "%s/torch/utils/data/dataloader.py", line 1370, in _process_data' % PYL,
            "    data.reraise()",
            '  File "%s/torch/_utils.py", line 706, in reraise' % PYL,
            "    raise exception",
            "OSError: Caught OSError in DataLoader worker process %d." % rnd.randint(0, 7),
            "Original Traceback (most recent call last):",
            '  File "%s/torch/utils/data/_utils/worker.py", line 309, in _worker_loop' % PYL,
            "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
            '  File "%s/webdataset/tariterators.py", line 64, in url_opener' % PYL,
            "    stream = gopen(url, **kw)",
            '  File "%s/webdataset/gopen.py", line 400, in gopen' % PYL,
            "    return open(url, mode, buffering=bufsize)",
            "OSError: [Errno 107] Transport endpoint is not connected: '/mnt/s3-data/shards/shard-%06d.tar'" % rnd.randint(1000, 9999)]))
    tf = add(te, 1.1)
    out.append(agent_failed_line(tf, 1, 7702, 1, "/opt/conda/bin/python"))
    fails = [dict(time=tf, host=bad, rank=k, local_rank=k, exitcode=1, pid=7701 + k) for k in range(8)]
    out.extend(torchrun_summary("/opt/train/train.py", fails, fails[1], style="old"))
    out.append("srun: error: %s: task 0: Exited with exit code 1" % bad)
    for i in (1, 2, 3):
        r = i * 8
        out.extend(watchdog_lines(r, add(tf, 1800.3 + i * 0.1), 24117, "ALLREDUCE", 262144000, 1800000, 1800052))
    files["slurm-4412.out"] = "\n".join(out) + "\n"
    files[bad + "/dmesg.txt"] = "\n".join([
        "%s EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Opts: (null)" % dmesg_h(T("2024-12-01 08:00:12")),
        "%s mount-s3[3312]: segfault at 10 ip 000055d1c2a8f1b2 sp 00007f2a1bffd7c0 error 4 in mount-s3[55d1c27a2000+6c3000] likely on CPU 41 (core 9, socket 0)" % dmesg_h(add(te, -3.8)),
        "%s Code: 48 8b 47 10 48 85 c0 74 1c 48 8b 50 08 48 39 d6 72 0c 48 03 50 10 48 39 d6 73 03 c3 90 90 <48> 8b 40 10 eb de 31 c0 c3" % dmesg_h(add(te, -3.8)),
    ]) + "\n"
    files[bad + "/mount_check.txt"] = "$ ls /mnt/s3-data\nls: cannot access '/mnt/s3-data': Transport endpoint is not connected\n$ pgrep -a mount-s3\n$ echo $?\n1\n"
    files["ip-10-0-13-7/mount_check.txt"] = "$ ls /mnt/s3-data\nshards\n$ pgrep -a mount-s3\n2984 /usr/bin/mount-s3 llm-pretrain-shards-us-east-1 /mnt/s3-data --read-only --allow-other --max-threads 64\n"
    label = dict(category="storage", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="Only ip-10-0-12-44's DataLoader workers fail, with ENOTCONN on /mnt/s3-data, 4 s after its mount-s3 FUSE daemon segfaulted (dmesg). The same bucket is still mounted and readable on the other nodes, whose later watchdog timeouts are sympathetic. The local mount on one node died, not the object store.",
                 modelled_on="https://github.com/awslabs/mountpoint-s3/issues/630")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw19():
    name = "bw19_checkpoint_upload_throttled_on_many_ranks"
    t0 = T("2024-10-22 14:07:00")
    nodes = ["p5-st1-%03d" % k for k in range(1, 9)]
    files = {}
    rnd = random.Random(19)
    out = []
    out.append("%s INFO ckpt: checkpoint uploader: s3://acme-llm-ckpt/mixtral-ft/run-17 (per-rank shards, boto3 max_attempts=4, adaptive retry)" % pylog(add(t0, -36000)))
    t = add(t0, -35000)
    for s in range(1, 42):
        t = add(t, 800 + rnd.uniform(-5, 5))
        out.append("%s INFO ckpt: step %d: uploaded 64 shards (412.8 GiB) in %.1fs" % (pylog(t), s * 250, 141 + rnd.uniform(-8, 8)))
    ts = add(t0, 12)
    out.append("%s INFO ckpt: step 10500: uploading 64 shards" % pylog(ts))
    te = add(ts, 96)
    bad_ranks = sorted(rnd.sample(range(64), 23))
    for r in bad_ranks:
        code = rnd.choice(["SlowDown", "SlowDown", "SlowDown", "InternalError", "ServiceUnavailable"])
        msg = {"SlowDown": "Please reduce your request rate.",
               "InternalError": "We encountered an internal error. Please try again.",
               "ServiceUnavailable": "Service Unavailable"}[code]
        op = "UploadPart" if code != "ServiceUnavailable" else "CreateMultipartUpload"
        p = "[rank%d]: " % r
        out.extend(_pref(p, [
            "Traceback (most recent call last):",
            '  File "/opt/ft/ckpt_s3.py", line 88, in upload_shard',
            "    s3.upload_file(local, bucket, key, Config=tcfg)",
            '  File "/opt/conda/lib/python3.11/site-packages/boto3/s3/transfer.py", line 378, in upload_file',
            "    raise S3UploadFailedError(",
            "boto3.exceptions.S3UploadFailedError: Failed to upload /local/ckpt/step_10500/shard_%02d.pt to acme-llm-ckpt/mixtral-ft/run-17/step_10500/shard_%02d.pt: An error occurred (%s) when calling the %s operation (reached max retries: 4): %s" % (r, r, code, op, msg)]))
    out.append("%s ERROR ckpt: step 10500: 23/64 shard uploads failed; aborting (checkpoint incomplete)" % pylog(add(te, 4)))
    for i, n in enumerate(nodes):
        out.append(agent_failed_line(add(te, 6 + i * 0.1), 0, 5100 + i, 1, "/opt/conda/bin/python3.11"))
    files["train.log"] = "\n".join(out) + "\n"
    files["aws_health_events.json"] = json.dumps({"events": [{
        "arn": "arn:aws:health:us-east-1::event/S3/AWS_S3_OPERATIONAL_ISSUE/AWS_S3_OPERATIONAL_ISSUE_7F3A2_514C1D0E9A2",
        "service": "S3", "eventTypeCode": "AWS_S3_OPERATIONAL_ISSUE", "eventTypeCategory": "issue",
        "region": "us-east-1", "startTime": "2024-10-22T14:02:00Z", "statusCode": "open",
        "description": "We are investigating increased error rates and latencies for PUT and multipart upload requests in the US-EAST-1 Region."}]}, indent=2) + "\n"
    files["p5-st1-001/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(te, 120), "550.90.07", "12.4", "NVIDIA H100 80GB HBM3", seed=190)) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="The same per-rank upload pattern succeeded for 41 earlier checkpoints; at step 10500, 23 of 64 ranks spread over all nodes fail with S3 SlowDown/InternalError/ServiceUnavailable after retries, coinciding with an open AWS Health S3 operational issue in us-east-1. A transient object-store problem shared by all nodes; restart when it clears.",
                 modelled_on="https://github.com/huggingface/datatrove/issues/302")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw20():
    name = "bw20_checkpoint_upload_forbidden_after_hours_of_training"
    t0 = T("2024-12-10 09:40:00")
    pods = ["gemma-ft-0-0", "gemma-ft-0-1", "gemma-ft-0-2", "gemma-ft-0-3"]
    nodes = ["gke-a3mega-np1-8c1d", "gke-a3mega-np1-a02f", "gke-a3mega-np1-c7e9", "gke-a3mega-np1-f311"]
    files = {}
    for i, (pod, n) in enumerate(zip(pods, nodes)):
        lines = []
        t = add(t0, -4 * 3600)
        for h in range(4):
            t = add(t, 3600)
            lines.append("%s INFO checkpoint: uploaded gs://acme-llm-ckpt/gemma2-27b-ft/step_%d/rank_%02d.distcp (%.1f GiB)" % (pylog(add(t, i * 0.3)), (h + 1) * 600, i * 8, 14.2))
        te = add(t0, 21 + i * 0.4)
        for lr in (0,) if i else (0, 3):
            r = i * 8 + lr
            lines.extend(["[rank%d]: Traceback (most recent call last):" % r,
                          "[rank%d]:   File \"/app/ft/ckpt.py\", line 77, in _upload" % r,
                          "[rank%d]:     blob.upload_from_filename(local_path, timeout=600)" % r,
                          "[rank%d]:   File \"/usr/local/lib/python3.10/site-packages/google/cloud/storage/blob.py\", line 2959, in upload_from_filename" % r,
                          "[rank%d]:     self._handle_filename_and_upload(" % r,
                          "[rank%d]:   File \"/usr/local/lib/python3.10/site-packages/google/cloud/storage/blob.py\", line 2661, in _do_upload" % r,
                          "[rank%d]:     _raise_from_invalid_response(exc)" % r,
                          "[rank%d]:   File \"/usr/local/lib/python3.10/site-packages/google/cloud/storage/blob.py\", line 4791, in _raise_from_invalid_response" % r,
                          "[rank%d]:     raise exceptions.from_http_status(response.status_code, message, response=response)" % r,
                          "[rank%d]: google.api_core.exceptions.Forbidden: 403 POST https://storage.googleapis.com/upload/storage/v1/b/acme-llm-ckpt/o?uploadType=resumable: {" % r,
                          "[rank%d]:   \"error\": {" % r,
                          "[rank%d]:     \"code\": 403," % r,
                          "[rank%d]:     \"message\": \"gke-train-sa@acme-ml.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist).\"," % r,
                          "[rank%d]:     \"errors\": [" % r,
                          "[rank%d]:       {" % r,
                          "[rank%d]:         \"message\": \"gke-train-sa@acme-ml.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist).\"," % r,
                          "[rank%d]:         \"domain\": \"global\"," % r,
                          "[rank%d]:         \"reason\": \"forbidden\"" % r,
                          "[rank%d]:       }" % r,
                          "[rank%d]:     ]" % r,
                          "[rank%d]:   }" % r,
                          "[rank%d]: }" % r,
                          "[rank%d]: : ('Request failed with status code', 403, 'Expected one of', <HTTPStatus.OK: 200>, <HTTPStatus.CREATED: 201>)" % r])
        lines.append(agent_failed_line(add(te, 1.4), 0, 201, 1, "/usr/local/bin/python"))
        files[n + "/%s.log" % pod] = "\n".join(lines) + "\n"
    files["gcloud_audit.txt"] = "\n".join([
        "$ gcloud logging read 'protoPayload.methodName=\"SetIamPolicy\" AND resource.labels.bucket_name=\"acme-llm-ckpt\"' --freshness=1d --format='table(timestamp,protoPayload.authenticationInfo.principalEmail,protoPayload.serviceData.policyDelta.bindingDeltas)'",
        "TIMESTAMP                    PRINCIPAL_EMAIL                                 BINDING_DELTAS",
        "2024-12-10T09:12:44.318Z     terraform-ci@acme-infra.iam.gserviceaccount.com  [{'action': 'REMOVE', 'member': 'serviceAccount:gke-train-sa@acme-ml.iam.gserviceaccount.com', 'role': 'roles/storage.objectAdmin'}, {'action': 'ADD', 'member': 'serviceAccount:gke-train-sa@acme-ml.iam.gserviceaccount.com', 'role': 'roles/storage.objectViewer'}]",
        ""]) + "\n"
    files["jobset_status.txt"] = "\n".join([
        "NAME      TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE",
        "gemma-ft  Failed          0                      false       4h21m"]) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="stop",
                 rationale="Uploads that worked hourly now fail with GCS 403 'does not have storage.objects.create access' on every pod and node; the audit log shows a terraform change at 09:12 replacing the training service account's objectAdmin role with objectViewer. A permission problem on the shared object store needs fixing first; restarting won't help.",
                 modelled_on="https://github.com/googleapis/google-cloud-python/issues/3433")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw21():
    name = "bw21_model_load_gateway_timeout_on_startup"
    t0 = T("2024-05-08 16:31:02")
    nodes = ["ml-gpu-07", "ml-gpu-08"]
    files = {}
    out = []
    out.append("+ export HF_HOME=/nfs/cache/huggingface HF_HUB_ENABLE_HF_TRANSFER=1")
    out.append("+ accelerate launch --config_file fsdp.yaml --num_machines 2 --machine_rank $SLURM_NODEID --main_process_ip ml-gpu-07 train_sft.py --model_name_or_path mistralai/Mistral-7B-v0.1 --dataset_name HuggingFaceH4/ultrachat_200k")
    url = "https://huggingface.co/mistralai/Mistral-7B-v0.1/resolve/main/config.json"
    rnd = random.Random(21)
    for i, n in enumerate(nodes):
        for lr in range(8):
            r = i * 8 + lr
            p = "[rank%d]: " % r
            if lr in (0, 3) or rnd.random() < 0.25:
                out.extend(_pref(p, [
                    "Traceback (most recent call last):",
                    '  File "%s/huggingface_hub/utils/_errors.py", line 304, in hf_raise_for_status' % PYL,
                    "    response.raise_for_status()",
                    '  File "%s/requests/models.py", line 1024, in raise_for_status' % PYL,
                    "    raise HTTPError(http_error_msg, response=self)",
                    "requests.exceptions.HTTPError: 504 Server Error: Gateway Time-out for url: %s" % url,
                    "",
                    "The above exception was the direct cause of the following exception:",
                    "",
                    "Traceback (most recent call last):",
                    '  File "%s/transformers/utils/hub.py", line 402, in cached_file' % PYL,
                    "    resolved_file = hf_hub_download(",
                    '  File "%s/huggingface_hub/file_download.py", line 1221, in hf_hub_download' % PYL,
                    "    return _hf_hub_download_to_cache_dir(",
                    '  File "%s/huggingface_hub/utils/_errors.py", line 371, in hf_raise_for_status' % PYL,
                    "    raise HfHubHTTPError(str(e), response=response) from e",
                    "huggingface_hub.utils._errors.HfHubHTTPError: 504 Server Error: Gateway Time-out for url: %s" % url,
                    "",
                    "The above exception was the direct cause of the following exception:",
                    "",
                    "Traceback (most recent call last):",
                    '  File "/nfs/home/rli/sft/train_sft.py", line 97, in <module>',
                    "    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, torch_dtype=torch.bfloat16)",
                    '  File "%s/transformers/utils/hub.py", line 462, in cached_file' % PYL,
                    "    raise EnvironmentError(f\"There was a specific connection error when trying to load {path_or_repo_id}:\\n{err}\")",
                    "OSError: There was a specific connection error when trying to load mistralai/Mistral-7B-v0.1:",
                    "504 Server Error: Gateway Time-out for url: %s" % url]))
    for i, n in enumerate(nodes):
        te = add(t0, 68 + i * 0.6)
        out.append(agent_failed_line(te, 0, 12001 + i * 100, 1, "/nfs/envs/sft/bin/python"))
        fails = [dict(time=te, host=n, rank=i * 8 + k, local_rank=k, exitcode=1, pid=12001 + i * 100 + k) for k in range(8)]
        out.extend(torchrun_summary("train_sft.py", fails, fails[0]))
    files["slurm-77310.out"] = "\n".join(out) + "\n"
    files["hub_probe.txt"] = "\n".join([
        "$ date -u; curl -s -o /dev/null -w '%{http_code} %{time_total}s\\n' https://huggingface.co/api/models/mistralai/Mistral-7B-v0.1",
        "Wed May  8 16:33:40 UTC 2024",
        "504 60.021s",
        "$ curl -s -o /dev/null -w '%{http_code} %{time_total}s\\n' https://pypi.org/simple/",
        "200 0.212s",
        "$ ls /nfs/cache/huggingface/hub | grep -c Mistral-7B-v0.1",
        "0",
        ""]) + "\n"
    files["ml-gpu-08/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t0, 200), "535.104.05", "12.2", "NVIDIA A100-SXM4-80GB", mem_total=81920, power_cap=400, seed=21)) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="Every rank on both nodes fails at from_pretrained because the Hugging Face Hub answers 504 Gateway Time-out for the model's config.json, and the shared HF cache has no copy. A manual probe shows the Hub API timing out while other internet endpoints answer. The shared model repository had a transient outage, so retry later.",
                 modelled_on="https://github.com/huggingface/huggingface_hub/issues/1516")
    return name, files, label


CASES = [bw10, bw11, bw12, bw13, bw14, bw15, bw16, bw17, bw18, bw19, bw20, bw21]
