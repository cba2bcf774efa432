"""Cases cb21-cb30."""
from common import (T, add, rng, ctime, dmesg_T, dmesg_up, syslog, journal, glog, c10d,
                    pyts, child_failed, elastic_sigterm, elastic_failed, torchrun_banner,
                    nccl_init, watchdog_timeout, nvidia_smi, join, sacct, oom_kill_block,
                    boot_noise, remote_exit)

PY = "/usr/local/lib/python3.10/dist-packages"


# ===================================================================== cb21
def cb21():
    name = "cb21_all_ranks_stall_then_watchdog_timeout"
    hosts = ["bcm-gpu%02d" % i for i in range(1, 7)]
    files = {}
    tstall = T("2024-11-19 03:12:40")
    tto = add(tstall, 1800 + 14)
    site = "/home/ops/miniconda3/envs/mds/lib/python3.10/site-packages"
    mpi = ["$ mpirun -np 48 -npernode 8 --hostfile hosts.txt -x NCCL_IB_HCA=mlx5 -x MASTER_ADDR=bcm-gpu01 \\",
           "    --bind-to none python pretrain_gpt.py --deepspeed --deepspeed_config ds_zero1.json \\",
           "    --data-path /home/data/pile_gpt2/pile_text_document --save /home/ckpt/gpt-6b"]
    for it in range(3380, 3401, 10):
        mpi.append(" iteration     %d/  200000 | consumed samples:      %d | consumed tokens:   %d | elapsed time per iteration (ms): %.1f | learning rate: 1.199E-04 | global batch size:   512 | lm loss: %.6E | loss scale: 65536.0 | grad norm: 0.412 | actual seqlen:  2048 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 121.2 | tokens per gpu per second (tgs): 5171.4 | TFLOPs: 201.31 |"
                   % (it, it * 512, it * 512 * 2048, 4221.3 + it % 9, 2.3981 - it * 1e-5))
    for i, h in enumerate(hosts):
        L = []
        for lr in (0, 3, 6):
            rk = 8 * i + lr
            L += watchdog_timeout(rk, add(tto, i), 511020, "ALLREDUCE", 137625600, timeout_ms=1800000, ns=lr * 1011)
        files["%s/rank_stderr.log" % h] = join(L)
        D = boot_noise(5.3, h, kernel="5.14.0-362.24.1.el9_3.x86_64", boot=T("2024-11-01 09:40:00"))
        base = 1623011.0
        D.append(dmesg_T(add(tstall, -3), "nfs: server nas02 not responding, still trying"))
        D.append(dmesg_T(add(tstall, -1), "nfs: server nas02 not responding, still trying"))
        D += [dmesg_T(add(tstall, 123 + i), "INFO: task python:%d blocked for more than 122 seconds." % (40211 + 9 * i)),
              dmesg_T(add(tstall, 123 + i), "      Not tainted 5.14.0-362.24.1.el9_3.x86_64 #1"),
              dmesg_T(add(tstall, 123 + i), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
              dmesg_T(add(tstall, 123 + i), "task:python          state:D stack:0     pid:%d  ppid:40190  flags:0x00004002" % (40211 + 9 * i)),
              dmesg_T(add(tstall, 123 + i), "Call Trace:"),
              dmesg_T(add(tstall, 123 + i), " <TASK>"),
              dmesg_T(add(tstall, 123 + i), " __schedule+0x21b/0x550"),
              dmesg_T(add(tstall, 123 + i), " schedule+0x2d/0x70"),
              dmesg_T(add(tstall, 123 + i), " rpc_wait_bit_killable+0x1e/0x90 [sunrpc]"),
              dmesg_T(add(tstall, 123 + i), " __wait_on_bit+0x42/0x110"),
              dmesg_T(add(tstall, 123 + i), " out_of_line_wait_on_bit+0x91/0xb0"),
              dmesg_T(add(tstall, 123 + i), " nfs4_proc_read+0x6a/0xb0 [nfsv4]"),
              dmesg_T(add(tstall, 123 + i), " nfs_read_folio+0x1f3/0x2d0 [nfs]"),
              dmesg_T(add(tstall, 123 + i), " filemap_read_folio+0x3e/0xc0"),
              dmesg_T(add(tstall, 123 + i), " filemap_fault+0x5dd/0x9e0"),
              dmesg_T(add(tstall, 123 + i), " </TASK>"),
              dmesg_T(add(tto, 600 + 3 * i), "nfs: server nas02 OK")]
        files["%s/dmesg.txt" % h] = join(D)
    files["bcm-gpu04/py-spy-dump-rank29.txt"] = join([
        "Process 40247: python pretrain_gpt.py --deepspeed --deepspeed_config ds_zero1.json",
        "Python v3.10.14 (/home/ops/miniconda3/envs/mds/bin/python3.10)",
        "",
        "Thread 40247 (idle): \"MainThread\"",
        "    __getitem__ (megatron/data/gpt_dataset.py:364)",
        "        sample = self.indexed_dataset.get(self.doc_idx[doc_index_f], offset=offset_f, length=offset_l - offset_f + 1)",
        "    get (megatron/data/indexed_dataset.py:541)",
        "        np_array = np.frombuffer(self._bin_buffer, dtype=self._index.dtype, count=length, offset=ptr)",
        "    __getitem__ (megatron/data/blendable_dataset.py:83)",
        "    fetch (%s/torch/utils/data/_utils/fetch.py:52)" % site,
        "    _next_data (%s/torch/utils/data/dataloader.py:674)" % site,
        "    get_batch (pretrain_gpt.py:131)",
        "Thread 40312 (idle): \"Thread-3 (_pin_memory_loop)\""])
    mpi += ["[bcm-gpu01:40211] *** Process received signal ***",
            "[bcm-gpu01:40211] Signal: Aborted (6)",
            "--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun noticed that process rank 0 with PID 40211 on node bcm-gpu01 exited on signal 6 (Aborted).",
            "--------------------------------------------------------------------------"]
    files["mpirun.log"] = join(mpi)
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "All 48 ranks stopped together at iteration ~3400; every node logged 'nfs: server nas02 not "
                          "responding' seconds earlier, and hung-task traces show the trainers in D state reading the "
                          "mmapped dataset over NFS. The 30-min NCCL watchdog timeouts are the symptom. The NFS server "
                          "came back ('OK') afterwards, so a restart from the last checkpoint is appropriate.",
             "modelled_on": "https://github.com/canonical/lxd/issues/3664"}
    return name, files, label


# ===================================================================== cb22
def cb22():
    name = "cb22_tokenizer_untagged_enum_on_every_rank"
    hosts = ["sbx-g%02d" % i for i in range(1, 5)]
    job = 430118
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    for i, h in enumerate(hosts):
        L = ["[NeMo W 2025-01-06 18:02:14 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/pytorch_lightning/utilities/migration/utils.py:49: PossibleUserWarning: The loaded checkpoint was produced with Lightning v2.1.3, which is newer than your current Lightning version: v2.0.7"]
        for lr in (0, 1, 2, 3, 4, 5, 6, 7):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk if lr else ""
            if lr in (0, 7):
                L += [q + "Traceback (most recent call last):",
                      q + '  File "/opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py", line 61, in main',
                      q + "    model = load_from_nemo(MegatronGPTSFTModel, cfg, trainer, gpt_cfg, modify_confg_fn=_modify_config)",
                      q + '  File "/opt/NeMo/nemo/collections/nlp/modules/common/tokenizer_utils.py", line 107, in get_nmt_tokenizer',
                      q + "    return AutoTokenizer(pretrained_model_name=library_name_or_path, use_fast=use_fast)",
                      q + '  File "/opt/NeMo/nemo/collections/common/tokenizers/huggingface/auto_tokenizer.py", line 76, in __init__',
                      q + "    self.tokenizer = AUTOTOKENIZER.from_pretrained(",
                      q + '  File "%s/transformers/models/auto/tokenization_auto.py", line 787, in from_pretrained' % site,
                      q + "    return tokenizer_class.from_pretrained(pretrained_model_name_or_path, *inputs, **kwargs)",
                      q + '  File "%s/transformers/tokenization_utils_base.py", line 2028, in from_pretrained' % site,
                      q + "    return cls._from_pretrained(",
                      q + '  File "%s/transformers/tokenization_utils_fast.py", line 111, in __init__' % site,
                      q + "    fast_tokenizer = TokenizerFast.from_file(fast_tokenizer_file)",
                      q + "Exception: data did not match any variant of untagged enum ModelWrapper at line 1251003 column 3"]
        files["%s/stdout.log" % h] = join(L)
    files["%s/pip-freeze.txt" % hosts[0]] = join([
        "# inside nvcr.io/nvidia/nemo:24.01.01.framework (as used by job %d)" % job,
        "nemo-toolkit==1.22.0",
        "pytorch-lightning==2.0.7",
        "tokenizers==0.15.0",
        "torch==2.2.0a0+81ea7a4",
        "transformers==4.36.2"])
    files["job.sbatch"] = join([
        "#!/bin/bash",
        "#SBATCH -N 4 --ntasks-per-node=8 --gpus-per-node=8",
        "srun --container-image=nvcr.io/nvidia/nemo:24.01.01.framework --container-mounts=/lustre:/lustre \\",
        "  python /opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py \\",
        "  model.restore_from_path=/lustre/models/llama3.1-8b-instruct.nemo \\",
        "  model.tokenizer.library=huggingface model.tokenizer.type=/lustre/models/Meta-Llama-3.1-8B-Instruct"])
    files["tokenizer-info.txt"] = join([
        "$ head -c 300 /lustre/models/Meta-Llama-3.1-8B-Instruct/tokenizer.json",
        '{"version":"1.0","truncation":null,"padding":null,"added_tokens":[{"id":128000,"content":"<|begin_of_text|>",...',
        "$ grep -o '\"ignore_merges\":[a-z]*' /lustre/models/Meta-Llama-3.1-8B-Instruct/tokenizer.json",
        '"ignore_merges":true',
        "# ignore_merges in the BPE model section was introduced in tokenizers 0.19"])
    files["slurm-%d.out" % job] = join(["pyxis: importing docker image: nvcr.io/nvidia/nemo:24.01.01.framework",
                                        "pyxis: imported docker image: nvcr.io/nvidia/nemo:24.01.01.framework"] +
                                       ["srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, 8 * i, 8 * i + 7)
                                        for i, h in enumerate(hosts)])
    label = {"category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "All 32 ranks on all four nodes fail parsing the Llama-3.1 tokenizer.json, which uses the BPE "
                          "'ignore_merges' field; the job's NeMo 24.01 container ships tokenizers 0.15.0, too old to "
                          "read it. An image/library version mismatch that is identical everywhere; switch to a newer "
                          "container.",
             "modelled_on": "https://github.com/allenai/open-instruct/issues/738"}
    return name, files, label


# ===================================================================== cb23
def cb23():
    name = "cb23_weights_not_used_warnings_run_finished"
    hosts = ["trn-a40", "trn-a41"]
    files = {}
    t = T("2025-04-02 07:30:11")
    for i, h in enumerate(hosts):
        L = torchrun_banner(add(t, -20), 30110 + i)
        L += ["Some weights of the model checkpoint at /models/Llama-3.2-3B were not used when initializing LlamaForSequenceClassification: ['lm_head.weight']",
              "- This IS expected if you are initializing LlamaForSequenceClassification from the checkpoint of a model trained on another task or with another architecture (e.g. initializing a BertForSequenceClassification model from a BertForPreTraining model).",
              "- This IS NOT expected if you are initializing LlamaForSequenceClassification from the checkpoint of a model that you expect to be exactly identical (initializing a BertForSequenceClassification model from a BertForSequenceClassification model).",
              "Some weights of LlamaForSequenceClassification were not initialized from the model checkpoint at /models/Llama-3.2-3B and are newly initialized: ['score.weight']",
              "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference."]
        L += nccl_init(h, 30121 + i, 0, 8 * i, 16, "ens6f0np0", "192.168.40.%d" % (40 + i), plugin=False,
                       commid="0x4b0cd7e23a1f9085")
        if i == 0:
            for s in range(500, 6001, 500):
                L.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (0.6931 - s * 4e-5, 3.1 - s * 2e-4, 2e-5 * (1 - s / 6000.0), s / 2000.0))
            L += ["{'eval_loss': 0.4412, 'eval_accuracy': 0.8731, 'eval_runtime': 61.21, 'eval_samples_per_second': 326.7, 'epoch': 3.0}",
                  "{'train_runtime': 15234.1, 'train_samples_per_second': 50.41, 'train_steps_per_second': 0.394, 'train_loss': 0.4108, 'epoch': 3.0}",
                  "100%|██████████| 6000/6000 [4:13:54<00:00,  2.54s/it]",
                  "[INFO|trainer.py:3503] 2025-04-02 11:44:31,210 >> Saving model checkpoint to /results/rm-3b/final"]
        L += ["[rank%d]:[W402 11:44:40.118023551 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently started to be printed since 2.4 (function operator())" % (8 * i),
              glog("I", T("2025-04-02 11:44:42"), 4000, 30110 + i, "torch/distributed/elastic/agent/server/api.py:879",
                   "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."),
              glog("I", T("2025-04-02 11:44:42"), 5000, 30110 + i, "torch/distributed/elastic/agent/server/api.py:932",
                   "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"),
              glog("I", T("2025-04-02 11:44:43"), 7000, 30110 + i, "torch/distributed/elastic/agent/server/api.py:946",
                   "Done waiting for other agents. Elapsed: 0.81 seconds")]
        files["%s/torchrun.log" % h] = join(L)
        files["%s/dmesg.txt" % h] = join(boot_noise(4.4, h) + [
            dmesg_up(88211.4, "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel")])
    files["sacct.txt"] = join(sacct([("1702211", "rm-3b", "a40q", "align", "128", "COMPLETED", "0:0"),
                                     ("1702211.bat+", "batch", "", "align", "64", "COMPLETED", "0:0"),
                                     ("1702211.0", "torchrun", "", "align", "128", "COMPLETED", "0:0")]))
    label = {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
             "rationale": "The run completed (train_runtime printed, final checkpoint saved, torchrun workers SUCCEEDED, "
                          "sacct COMPLETED 0:0). The 'weights not used/newly initialized' messages are the expected "
                          "lm_head/score swap for a sequence-classification head, and the process-group warning is "
                          "printed at normal exit. Nothing to fix.",
             "modelled_on": "https://github.com/huggingface/transformers/issues/5421"}
    return name, files, label


# ===================================================================== cb24
def cb24():
    name = "cb24_indexed_dataset_buffer_smaller_than_requested"
    hosts = ["node-gpu-%03d" % i for i in (118, 119, 120)]
    files = {}
    mc = "/workspace/Megatron-LM/megatron/core"
    pfx = "/lustre/datasets/stack-v2-dedup/tokenized/code_text_document"
    mpi = ["$ mpirun -np 24 -H node-gpu-118:8,node-gpu-119:8,node-gpu-120:8 -x MASTER_ADDR=node-gpu-118 python pretrain_gpt.py ... --data-path %s" % pfx]
    for i, h in enumerate(hosts):
        L = []
        for lr in (0, 4):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            L += [q + "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from %s.idx" % pfx,
                  q + "INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence lengths",
                  q + "Traceback (most recent call last):",
                  q + '  File "%s/datasets/blended_megatron_dataset_builder.py", line 417, in _build_megatron_dataset_splits' % mc,
                  q + "    low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)",
                  q + '  File "%s/datasets/indexed_dataset.py", line 371, in initialize' % mc,
                  q + "    self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)",
                  q + '  File "%s/datasets/indexed_dataset.py", line 258, in __init__' % mc,
                  q + "    self.sequence_lengths = numpy.frombuffer(",
                  q + "ValueError: buffer is smaller than requested size"]
        files["%s/stdout.log" % h] = join(L)
        mpi.append("[%s:%d] *** Process received signal ***" % (h, 61200 + i))
    mpi += ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:",
            "",
            "  Process name: [[41207,1],0]",
            "  Exit code:    1",
            "--------------------------------------------------------------------------"]
    files["mpirun.log"] = join(mpi)
    files["ls-data.txt"] = join([
        "$ ls -l /lustre/datasets/stack-v2-dedup/tokenized/ /scratch-stage/stack-v2-dedup/tokenized/",
        "/lustre/datasets/stack-v2-dedup/tokenized/:",
        "-rw-r--r-- 1 datasvc data 418472206336 Jun  1 05:41 code_text_document.bin",
        "-rw-r--r-- 1 datasvc data    431161344 Jun  1 05:59 code_text_document.idx",
        "",
        "/scratch-stage/stack-v2-dedup/tokenized/:",
        "-rw-r--r-- 1 datasvc data 418472206336 May 31 22:10 code_text_document.bin",
        "-rw-r--r-- 1 datasvc data   1251884130 May 31 22:11 code_text_document.idx"])
    files["copy_data.log"] = join([
        "# job 551022 (datasvc) rsync -a --inplace /scratch-stage/stack-v2-dedup/tokenized/ /lustre/datasets/stack-v2-dedup/tokenized/",
        "sending incremental file list",
        "code_text_document.bin",
        "418,472,206,336 100%  188.21MB/s    0:35:20 (xfr#1, to-chk=1/3)",
        "code_text_document.idx",
        "    431,161,344  34%   12.10MB/s    0:00:35",
        "rsync error: received SIGINT, SIGTERM, or SIGHUP (code 20) at rsync.c(713) [sender=3.2.3]",
        "slurmstepd: error: *** JOB 551022 ON cpu-n12 CANCELLED AT 2025-06-01T06:00:00 DUE TO TIME LIMIT ***"])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Every rank on all three nodes fails reading the same index because the .idx on Lustre is "
                          "431 MB instead of 1.25 GB: the data-copy job was killed by its time limit mid-rsync (--inplace "
                          "kept the partial file). Bad input data, deterministic on any node; re-copy the index before "
                          "resubmitting.",
             "modelled_on": "https://github.com/NVIDIA/Megatron-LM/issues/81"}
    return name, files, label


# ===================================================================== cb25
def cb25():
    name = "cb25_iteration_time_tripled_batch_generator_max"
    hosts = ["gpu-k05", "gpu-k06", "gpu-k07", "gpu-k08"]
    bad = "gpu-k07"
    job = 3020177
    files = {}
    t0 = T("2025-08-02 00:10:00")
    log = []
    for it in range(7800, 8401, 50):
        slow = it >= 8000
        ms = 10912.4 + (it % 7) if slow else 3411.7 + (it % 5)
        log.append(" [%s] iteration     %d/  250000 | consumed samples:     %d | elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: 2.400000E-04 | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: 0.301 | number of skipped iterations:   0 | number of nan iterations:   0 |"
                   % (add(t0, 3.4 * (it - 7800) if not slow else 680 + 10.9 * (it - 8000)).strftime("%Y-%m-%d %H:%M:%S"),
                      it, it * 512, ms, (121.0 if slow else 389.2), 2.2912 - (it - 7800) * 1e-5))
        if it % 200 == 0:
            bg = (0.52, 7412.33) if slow else (0.49, 2.81)
            log += ["(min, max) time across ranks (ms):",
                    "    forward-backward ...............................: (%.2f, %.2f)" % ((10801.2, 10888.9) if slow else (3310.4, 3389.2)),
                    "    batch-generator ................................: (%.2f, %.2f)" % bg,
                    "    forward-compute ................................: (1021.33, 1044.12)",
                    "    backward-compute ...............................: (2190.41, 2231.70)",
                    "    optimizer ......................................: (41.22, 43.10)"]
    files["train-last-rank.log"] = join(log)
    files["stage_data.log"] = join(["# prolog: stage dataset to node-local /raid (NVMe RAID0)",
                                    "gpu-k05: rsync done 2.1T in 1412s",
                                    "gpu-k06: rsync done 2.1T in 1398s",
                                    "gpu-k07: rsync done 2.1T in 1477s",
                                    "gpu-k08: rsync done 2.1T in 1405s"])
    for i, h in enumerate(hosts):
        dev = []
        for d in range(4):
            if h == bad and d == 2:
                dev.append("nvme2n1        812.0      3.1   103936.0      0.0   911.40    0.00  99.8")
            else:
                dev.append("nvme%dn1        %5.1f      2.8   %8.1f      0.0     0.41    0.00   %4.1f" % (d, 790.0 + i * 7 + d, 101120.0 + d * 311, 6.1 + d))
        files["%s/iostat.txt" % h] = join(["$ iostat -x 10 2   (second sample, 2025-08-02 01:02:40)",
                                           "Device            r/s      w/s      rkB/s      wkB/s  r_await w_await  %util"] + dev)
        D = boot_noise(4.6, h, boot=T("2025-07-21 16:12:00"))
        if h == bad:
            D.append(dmesg_T(T("2025-08-02 00:19:58"), "nvme nvme2: Temperature above threshold, throttling"))
            D.append(dmesg_T(T("2025-08-02 00:20:12"), "nvme nvme2: Device not ready; aborting reset, CSTS=0x1"))
            for k in range(6):
                D.append(dmesg_T(add(T("2025-08-02 00:20:31"), 31 * k), "nvme nvme2: I/O %d QID %d timeout, aborting" % (377 + k * 11, 41 + k % 3)))
                D.append(dmesg_T(add(T("2025-08-02 00:20:31"), 31 * k), "nvme nvme2: Abort status: 0x0"))
        files["%s/dmesg.txt" % h] = join(D)
        files["%s/nvme-smart-log.txt" % h] = join([
            "$ nvme smart-log /dev/nvme2",
            "Smart Log for NVME device:nvme2 namespace-id:ffffffff",
            "critical_warning                        : %s" % ("0x2" if h == bad else "0"),
            "temperature                             : %d C" % (84 if h == bad else 41 + i),
            "available_spare                         : 100%",
            "percentage_used                         : %d%%" % (3 + i),
            "media_errors                            : 0",
            "Warning Temperature Time                : %d" % (1288 if h == bad else 0),
            "Thermal Management T1 Trans Count       : %d" % (412 if h == bad else 0),
            "Thermal Management T2 Trans Count       : %d" % (97 if h == bad else 0)])
        if h in (bad, "gpu-k05"):
            rk = 8 * i + 1
            files["%s/py-spy-rank%d.txt" % (h, rk)] = join(
                ["Process %d: python pretrain_gpt.py" % (70100 + rk), "",
                 "Thread %d (active): \"MainThread\"" % (70100 + rk)] +
                (["    __getitem__ (megatron/core/datasets/gpt_dataset.py:231)",
                  "    _query_document_sample_shuffle_indices (megatron/core/datasets/gpt_dataset.py:295)",
                  "        self.dataset.get(self.document_index[doc_index_beg], offset=doc_index_beg_offset, length=...)",
                  "    get (megatron/core/datasets/indexed_dataset.py:571)",
                  "        sequence = self.bin_reader.read(dtype=..., count=sequence_length, offset=sequence_pointer)  # page fault on /raid/data/stack_text_document.bin",
                  "    get_batch_on_this_tp_rank (megatron/training/utils.py:298)"]
                 if h == bad else
                 ["    synchronize (torch/cuda/__init__.py:954)",
                  "    all_reduce (torch/distributed/distributed_c10d.py:2501)",
                  "    finalize_model_grads (megatron/core/distributed/finalize_model_grads.py:181)",
                  "    forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:487)"]))
    files["squeue.txt"] = join(["JOBID     PARTITION  NAME      USER   ST  TIME      NODES NODELIST(REASON)",
                                "%d   h100       gpt-7b    abose  R   00:53:11  4     gpu-k[05-08]" % job])
    label = {"category": "straggler", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
             "action": "restart_without_node",
             "rationale": "Iteration time jumped from 3.4 s to 10.9 s while forward/backward stayed flat; the batch-"
                          "generator max (7.4 s) comes from gpu-k07, whose rank is parked in an mmap read of the locally "
                          "staged data while others wait in all-reduce. That node's nvme2 is thermally throttling "
                          "(critical_warning 0x2, 84 C, I/O timeouts, 911 ms r_await). Move off the node.",
             "modelled_on": "https://github.com/projectbluefin/lab/issues/298"}
    return name, files, label


# ===================================================================== cb26
def cb26():
    name = "cb26_dcp_save_checkpoint_exception_many_ranks"
    hosts = ["x1000c2s%db0n0" % i for i in range(12)]
    files = {}
    t = T("2025-10-09 16:40:02")
    site = "/usr/local/lib/python3.12/dist-packages"
    fail_ranks = [5, 17, 40, 41, 66, 77, 90]
    ost_by_host = {0: "0012", 2: "0012", 5: "0012", 8: "0012", 9: "0012", 11: "0012"}
    for i, h in enumerate(hosts):
        L = []
        if i == 0:
            L += ["[rank0]:[titan] 2025-10-09 16:39:40,008 - root - INFO - step: 4000  loss:  2.4012  memory: 61.01GiB(64.21%)  tps: 6,912  tflops: 400.12  mfu: 40.45%",
                  "[rank0]:[titan] 2025-10-09 16:39:40,120 - root - INFO - Saving the checkpoint (or staging if async is enabled)."]
        for lr in (0,) if i not in (0, 2, 5) else (0, 1):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            frk = fail_ranks[i % len(fail_ranks)]
            L += [q + "Traceback (most recent call last):",
                  q + '  File "/opt/torchtitan/torchtitan/components/checkpoint.py", line 521, in save',
                  q + "    self.dcp_save(",
                  q + '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 291, in _save_state_dict' % site,
                  q + '    return distW.all_reduce("write", write_data, finish_checkpoint)',
                  q + '  File "%s/torch/distributed/checkpoint/utils.py", line 256, in all_reduce' % site,
                  q + "    raise final_result",
                  q + "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % ", ".join(map(str, fail_ranks)),
                  q + "Traceback (most recent call last): (RANK %d)" % frk,
                  q + '  File "%s/torch/distributed/checkpoint/utils.py", line 248, in all_reduce' % site,
                  q + "    local_data = map_fun()",
                  q + '  File "%s/torch/distributed/checkpoint/state_dict_saver.py", line 280, in write_data' % site,
                  q + "    all_writes.wait()",
                  q + '  File "%s/torch/distributed/checkpoint/filesystem.py", line 340, in _write_files_from_queue' % site,
                  q + "    os.fsync(stream.fileno())",
                  q + "OSError: [Errno 5] Input/output error"]
        files["%s/stdout.log" % h] = join(L)
        D = boot_noise(5.0, h, kernel="5.14.21-150500.55.49_13.0.56-cray_shasta_c", boot=T("2025-10-01 06:30:00"))
        if i in ost_by_host or i % 2 == 1:
            D += [dmesg_T(T("2025-10-09 16:39:51"), "LustreError: 11-0: scratch-OST0012-osc-ffff9a4b11e2d800: operation ost_write to node 10.150.0.32@kfi failed: rc = -107"),
                  dmesg_T(T("2025-10-09 16:39:51"), "Lustre: scratch-OST0012-osc-ffff9a4b11e2d800: Connection to scratch-OST0012 (at 10.150.0.32@kfi) was lost; in progress operations using this service will wait for recovery to complete"),
                  dmesg_T(T("2025-10-09 16:40:01"), "LustreError: 167-0: scratch-OST0012-osc-ffff9a4b11e2d800: This client was evicted by scratch-OST0012; in progress operations using this service will fail."),
                  dmesg_T(T("2025-10-09 16:41:26"), "Lustre: scratch-OST0012-osc-ffff9a4b11e2d800: Connection restored to 10.150.0.33@kfi (at 10.150.0.33@kfi)")]
        files["%s/dmesg.txt" % h] = join(D)
    files["lustre-ops-notice.txt"] = join([
        "From: hpc-storage-ops",
        "Subject: [resolved] scratch OSS pair oss16/oss17 failover 16:39-16:41 UTC 2025-10-09",
        "OST0012 (oss16) hit an HA heartbeat loss and failed over to oss17; clients writing to OST0012 during",
        "the window were evicted and saw EIO. Service restored 16:41:26. No data loss on committed objects."])
    files["slurm-9912044.out"] = join([
        "srun: error: x1000c2s0b0n0: tasks 0-7: Exited with exit code 1",
        "srun: Terminating StepId=9912044.0",
        "slurmstepd: error: *** STEP 9912044.0 ON x1000c2s0b0n0 CANCELLED AT 2025-10-09T16:40:09 ***"] +
        ["srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, 8 * i, 8 * i + 7) for i, h in enumerate(hosts) if i])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "The step-4000 DCP save fails with EIO on seven ranks spread over many nodes; those nodes' "
                          "kernels show Lustre evicting them from OST0012 during an OSS failover that storage ops "
                          "confirms ended at 16:41. Every rank then raises the same CheckpointException. A transient "
                          "shared-filesystem fault: restart from the step-3500 checkpoint.",
             "modelled_on": "https://github.com/MIC-DKFZ/nnUNet/issues/1254"}
    return name, files, label


# ===================================================================== cb27
def cb27():
    name = "cb27_tar_unexpected_end_of_data_across_requeue"
    files = {}
    a1 = ["a100-n%02d" % i for i in (21, 22, 23, 24)]
    a2 = ["a100-n%02d" % i for i in (25, 26, 27, 28)]
    shard = "/datasets/laion400m-wds/00004217.tar"
    site = "/opt/conda/lib/python3.10/site-packages"

    def tb(rank, host, pid, worker):
        q = "[rank%d]: " % rank
        return [q + "Traceback (most recent call last):",
                q + '  File "/workspace/open_clip/src/training/main.py", line 509, in main',
                q + "    train_one_epoch(model, data, loss, epoch, optimizer, scaler, scheduler, dist_model, args, tb_writer=writer)",
                q + '  File "/workspace/open_clip/src/training/train.py", line 91, in train_one_epoch',
                q + "    for i, batch in enumerate(dataloader):",
                q + '  File "%s/torch/utils/data/dataloader.py", line 701, in __next__' % site,
                q + "    data = self._next_data()",
                q + '  File "%s/torch/utils/data/dataloader.py", line 1465, in _next_data' % site,
                q + "    return self._process_data(data)",
                q + '  File "%s/torch/utils/data/dataloader.py", line 1491, in _process_data' % site,
                q + "    data.reraise()",
                q + '  File "%s/torch/_utils.py", line 715, in reraise' % site,
                q + "    raise exception",
                q + "tarfile.ReadError: Caught ReadError in DataLoader worker process %d." % worker,
                q + "Original Traceback (most recent call last):",
                q + '  File "%s/torch/utils/data/_utils/worker.py", line 351, in _worker_loop' % site,
                q + "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                q + '  File "%s/webdataset/tariterators.py", line 162, in group_by_keys' % site,
                q + "    for filesample in data:",
                q + '  File "%s/webdataset/tariterators.py", line 102, in tar_file_iterator' % site,
                q + "    data = stream.extractfile(tarinfo).read()",
                q + '  File "%s/tarfile.py", line 689, in read' % "/opt/conda/lib/python3.10",
                q + '    raise ReadError("unexpected end of data")',
                q + "tarfile.ReadError: (\"unexpected end of data @ <_io.BufferedReader name='%s'>\", <_io.BufferedReader name='%s'>, {'__url__': '%s', '__worker__': '%d', '__rank__': '(%d, 32)', '__nodeinfo__': \"('%s', %d)\"})"
                % (shard, shard, shard, worker, rank, host, pid)]
    for i, h in enumerate(a1):
        L = ["2024-12-11,02:11:%02d | INFO | Train Epoch: 7 [ 61440000/400000000 (15%%)] Data (t): 0.212 Batch (t): 0.911, 4412.3/s, 137.9/s/gpu LR: 0.000487 Logit Scale: 91.204 Contrastive_loss: 1.8721 (1.8811) Loss: 1.8721 (1.8811)" % (10 + i)]
        if h == "a100-n22":
            L += tb(9, h, 44112, 3)
        else:
            L += watchdog_timeout(8 * i, T("2024-12-11 02:42:19"), 720114, "ALLREDUCE", 151277313, timeout_ms=1800000)
        files["attempt_1/%s/out.log" % h] = join(L)
    files["attempt_1/ops-note.txt"] = join([
        "$ scontrol update nodename=a100-n22 state=drain reason=\"suspect: dataloader crash job 771900\"",
        "$ sbatch --exclude=a100-n22 --dependency=afterany:771900 train_clip.sbatch   -> 772015"])
    for i, h in enumerate(a2):
        L = ["2024-12-11,04:02:%02d | INFO | => resuming checkpoint '/logs/clip-vitl14/checkpoints/epoch_7.pt' (epoch 7)" % (1 + i)]
        if h == "a100-n27":
            L += tb(22, h, 51877, 1)
        else:
            L += watchdog_timeout(8 * i + 1, T("2024-12-11 05:09:40"), 790331, "ALLREDUCE", 151277313, timeout_ms=1800000)
        files["attempt_2/%s/out.log" % h] = join(L)
    files["ls-shards.txt"] = join([
        "$ ls -l /datasets/laion400m-wds/0000421[5-9].tar",
        "-rw-r--r-- 1 data data 1073251840 Sep  2  2024 /datasets/laion400m-wds/00004215.tar",
        "-rw-r--r-- 1 data data 1072988160 Sep  2  2024 /datasets/laion400m-wds/00004216.tar",
        "-rw-r--r-- 1 data data  641728512 Sep  2  2024 /datasets/laion400m-wds/00004217.tar",
        "-rw-r--r-- 1 data data 1073408000 Sep  2  2024 /datasets/laion400m-wds/00004218.tar",
        "-rw-r--r-- 1 data data 1073121280 Sep  2  2024 /datasets/laion400m-wds/00004219.tar",
        "$ tar tf /datasets/laion400m-wds/00004217.tar > /dev/null",
        "tar: Unexpected EOF in archive",
        "tar: Error is not recoverable: exiting now"])
    files["sacct.txt"] = join(sacct([("771900", "clip-vitl14", "a100", "mm", "512", "FAILED", "1:0"),
                                     ("772015", "clip-vitl14", "a100", "mm", "512", "FAILED", "1:0")]))
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Both attempts die on the same shard, 00004217.tar, read by different ranks on different nodes "
                          "(a100-n22, then a100-n27 after n22 was excluded); the file is 612 MB against ~1 GB neighbours "
                          "and tar reports unexpected EOF. A truncated dataset shard, not a node fault: drop or "
                          "re-download it, or add a skip-on-error handler.",
             "modelled_on": "https://github.com/webdataset/webdataset/issues/142"}
    return name, files, label


# ===================================================================== cb28
def cb28():
    name = "cb28_resume_invalid_header_archive_corrupted"
    hosts = ["dgx-h2-%02d" % i for i in range(1, 5)]
    bad = "dgx-h2-03"
    files = {}
    t = T("2025-11-03 09:14:27")
    site = "/usr/local/lib/python3.10/dist-packages"
    for i, h in enumerate(hosts):
        L = torchrun_banner(add(t, -30), 12200 + i)
        L.append("[rank%d]: loading resume state /local_ssd/ckpt/step_18000/rank_shards.pt (staged)" % (8 * i))
        if h == bad:
            for lr in range(0, 8, 3):
                rk = 16 + lr
                q = "[rank%d]: " % rk
                L += [q + "Traceback (most recent call last):",
                      q + '  File "/srv/vlm/train.py", line 302, in resume',
                      q + '    state = torch.load(os.path.join(args.stage_dir, "rank_shards.pt"), map_location="cpu", mmap=True)',
                      q + '  File "%s/torch/serialization.py", line 1384, in load' % site,
                      q + "    return _load(",
                      q + '  File "%s/torch/serialization.py", line 1871, in _load' % site,
                      q + "    result = unpickler.load()",
                      q + '  File "%s/torch/serialization.py", line 1835, in persistent_load' % site,
                      q + "    typed_storage = load_tensor(dtype, nbytes, key, _maybe_decode_ascii(location))",
                      q + "RuntimeError: PytorchStreamReader failed reading file data/412: invalid header or archive is corrupted"]
            L.append(elastic_failed(add(t, 1), 12200 + i, 1, 0, 12231))
            L += child_failed("train.py", {"time": t, "host": h, "rank": 16, "local_rank": 0, "exitcode": 1, "pid": 12231})
        else:
            L.append("[rank%d]: resume state loaded in 41.2s" % (8 * i))
            L += remote_exit(8 * i + 2, bad, 39114)
        files["%s/torchrun.log" % h] = join(L)
        D = boot_noise(4.1, h, boot=T("2025-10-30 22:05:00"))
        if h == bad:
            D += [dmesg_T(T("2025-11-03 09:02:51"), "nvme1n1: Read(0x2) @ LBA 1873224, 256 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) DNR"),
                  dmesg_T(T("2025-11-03 09:02:51"), "critical medium error, dev nvme1n1, sector 1873224 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2"),
                  dmesg_T(T("2025-11-03 09:13:58"), "nvme1n1: Read(0x2) @ LBA 1873224, 256 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) DNR"),
                  dmesg_T(T("2025-11-03 09:13:58"), "critical medium error, dev nvme1n1, sector 1873224 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2")]
        files["%s/dmesg.txt" % h] = join(D)
    files["stage_ckpt.log"] = join([
        "# prolog stage_ckpt.sh: copy /lustre/vlm/ckpt/step_18000/rank_shards.pt -> /local_ssd/ckpt/step_18000/ on each node, then sha256",
        "source sha256 7b1e0f5c22d94e1a6a0c9d3f8e21b7c4d5a6f0e9b8c7d6e5f4a3b2c1d0e9f8a7",
        "dgx-h2-01 copied 212.6 GB in 388s sha256 7b1e0f5c22d94e1a6a0c9d3f8e21b7c4d5a6f0e9b8c7d6e5f4a3b2c1d0e9f8a7",
        "dgx-h2-02 copied 212.6 GB in 391s sha256 7b1e0f5c22d94e1a6a0c9d3f8e21b7c4d5a6f0e9b8c7d6e5f4a3b2c1d0e9f8a7",
        "dgx-h2-03 copied 212.6 GB in 402s sha256 0c91e4a7d2b3f5e6a8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0d1e2f3",
        "dgx-h2-04 copied 212.6 GB in 386s sha256 7b1e0f5c22d94e1a6a0c9d3f8e21b7c4d5a6f0e9b8c7d6e5f4a3b2c1d0e9f8a7",
        "WARN: checksum verification is advisory (STAGE_STRICT=0)"])
    files["%s/smartctl.txt" % bad] = join([
        "$ nvme smart-log /dev/nvme1",
        "critical_warning                        : 0x4",
        "temperature                             : 39 C",
        "available_spare                         : 97%",
        "percentage_used                         : 11%",
        "media_errors                            : 38",
        "num_err_log_entries                     : 51"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
             "action": "restart_without_node",
             "rationale": "Only the ranks on dgx-h2-03 find the resume archive corrupted; the other three nodes loaded "
                          "copies of the same file. The staging log shows a different sha256 for dgx-h2-03's copy and its "
                          "kernel logs unrecovered read/medium errors on nvme1n1 (media_errors 38, critical_warning "
                          "0x4). The Lustre original is fine: a failing local drive on one node.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/12042"}
    return name, files, label


# ===================================================================== cb29
def cb29():
    name = "cb29_zero_checkpoint_dp_world_size_mismatch"
    hosts = ["g4-%03d" % i for i in (210, 211, 212, 213, 214, 215)]
    job = 8120045
    files = {}
    site = "/opt/venv/lib/python3.11/site-packages"
    for i, h in enumerate(hosts):
        L = ["[%s] accelerate launch --config_file zero2.yaml --num_machines 6 --machine_rank %d --main_process_ip g4-210 train.py" % (h, i)]
        for lr in (0, 3):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            L += [q + "Traceback (most recent call last):",
                  q + '  File "/home/mtan/rlhf/train.py", line 177, in <module>',
                  q + "    trainer.train(resume_from_checkpoint=True)",
                  q + '  File "%s/transformers/trainer.py", line 2328, in _inner_training_loop' % site,
                  q + "    deepspeed_load_checkpoint(",
                  q + '  File "%s/transformers/integrations/deepspeed.py", line 454, in deepspeed_load_checkpoint' % site,
                  q + "    load_path, _ = deepspeed_engine.load_checkpoint(",
                  q + '  File "%s/deepspeed/runtime/engine.py", line 2934, in load_checkpoint' % site,
                  q + "    success = self._load_zero_checkpoint(load_dir, tag, load_optimizer_states=load_optimizer_states)",
                  q + '  File "%s/deepspeed/runtime/engine.py", line 3097, in _load_zero_checkpoint' % site,
                  q + "    zero_sd_list = self._get_all_zero_checkpoints(load_dir, tag)",
                  q + '  File "%s/deepspeed/runtime/engine.py", line 3181, in _get_all_zero_checkpoints' % site,
                  q + "    raise ZeRORuntimeException(\"The checkpoint being loaded used a DP \" \\",
                  q + "deepspeed.runtime.zero.utils.ZeRORuntimeException: The checkpoint being loaded used a DP world size of 32 but the current world size is 48. Automatic adjustment of ZeRO's optimizer state partitioning with a new world size is not currently supported."]
        files["%s/stdout.log" % h] = join(L)
    files["train.sbatch"] = join([
        "#!/bin/bash",
        "#SBATCH --job-name=rm-70b-zero2",
        "#SBATCH --nodes=4-6",
        "#SBATCH --ntasks-per-node=1 --gpus-per-node=8 --time=24:00:00 --requeue",
        "srun bash -c 'accelerate launch --config_file zero2.yaml --num_machines $SLURM_NNODES --machine_rank $SLURM_NODEID \\",
        "   --main_process_ip $(scontrol show hostnames $SLURM_NODELIST | head -1) train.py'"])
    files["sacct.txt"] = join(sacct([("8119201", "rm-70b-ze+", "gpu", "rlhf", "512", "TIMEOUT", "0:0"),
                                     (str(job), "rm-70b-ze+", "gpu", "rlhf", "768", "FAILED", "1:0")]) +
                              ["", "$ sacct -j 8119201,%d -X -o JobID,NNodes,NodeList" % job,
                               "JobID          NNodes        NodeList",
                               "8119201             4   g4-[101-104]",
                               "%d             6   g4-[210-215]" % job])
    files["ls-ckpt.txt"] = join([
        "$ ls /home/mtan/rlhf/out/checkpoint-6000/global_step6000 | head -4",
        "bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt",
        "bf16_zero_pp_rank_10_mp_rank_00_optim_states.pt",
        "...",
        "$ ls /home/mtan/rlhf/out/checkpoint-6000/global_step6000 | grep -c optim_states",
        "32"])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "The previous job hit its time limit on 4 nodes (32 ranks); the resubmission received 6 nodes "
                          "because the script asks for --nodes=4-6, and ZeRO-2 cannot load a 32-way partitioned optimizer "
                          "state into 48 ranks. Identical error on every rank. Pin the node count (or convert to a "
                          "universal checkpoint).",
             "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/3810"}
    return name, files, label


# ===================================================================== cb30
def cb30():
    name = "cb30_datasets_no_locks_available_errno37"
    hosts = ["wk-gpu-31", "wk-gpu-32", "wk-gpu-33", "wk-gpu-34"]
    bad = "wk-gpu-33"
    files = {}
    t = T("2025-02-26 13:05:40")
    site = "/home/ppatel/.venvs/sft/lib/python3.11/site-packages"
    lock = "/nfs/home/ppatel/.cache/huggingface/datasets/_nfs_home_ppatel_.cache_huggingface_datasets_json_default-4c1e0b2a7f3d9e18_0.0.0_f4e89e8750d5d5ffbef2c078bf0ddfedef29dc2faff52a6255cf513c05eb1092.lock"
    for i, h in enumerate(hosts):
        L = torchrun_banner(add(t, -70), 8800 + i)
        if h == bad:
            q = "[rank16]: "
            L += [q + "Traceback (most recent call last):",
                  q + '  File "/home/ppatel/sft/train.py", line 66, in <module>',
                  q + "    with training_args.main_process_first(local=True, desc=\"dataset map pre-processing\"):",
                  q + '  File "/home/ppatel/sft/train.py", line 67, in <module>',
                  q + '    raw = load_dataset("json", data_files="/nfs/proj/sft-mix/v5/*.jsonl", split="train")',
                  q + '  File "%s/datasets/load.py", line 2096, in load_dataset' % site,
                  q + "    builder_instance.download_and_prepare(",
                  q + '  File "%s/datasets/builder.py", line 852, in download_and_prepare' % site,
                  q + "    with FileLock(lock_path) if is_local else contextlib.nullcontext():",
                  q + '  File "%s/filelock/_api.py", line 376, in __enter__' % site,
                  q + "    self.acquire()",
                  q + '  File "%s/filelock/_api.py", line 332, in acquire' % site,
                  q + "    self._acquire()",
                  q + '  File "%s/filelock/_unix.py", line 42, in _acquire' % site,
                  q + "    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
                  q + "OSError: [Errno 37] No locks available"]
            L += elastic_sigterm(add(t, 1), 8800 + i, [8822 + k for k in range(7)])
            L.append(elastic_failed(add(t, 2), 8800 + i, 1, 0, 8821))
            L += child_failed("train.py", {"time": t, "host": h, "rank": 16, "local_rank": 0, "exitcode": 1, "pid": 8821})
        else:
            L += ["[rank%d]: Generating train split: 1884211 examples [02:11, 14331.20 examples/s]" % (8 * i) if i == 0 else
                  "[rank%d]: Loading cached processed dataset at /nfs/home/ppatel/.cache/huggingface/datasets/json/default-4c1e0b2a7f3d9e18/0.0.0/f4e89e87/cache-7d1a2c.arrow" % (8 * i),
                  "[rank%d]: Map (num_proc=32): 100%%|██████████| 1884211/1884211 [01:02<00:00, 30120.44 examples/s]" % (8 * i),
                  ] + remote_exit(8 * i + 1, bad, 50377)
            L += elastic_sigterm(add(t, 3), 8800 + i, [8821 + 10 * i + k for k in range(8)])
        files["%s/torchrun.log" % h] = join(L)
        D = boot_noise(4.2, h, kernel="5.14.0-427.37.1.el9_4.x86_64", boot=T("2025-02-26 07:39:50") if h == bad else T("2025-02-10 09:11:40"))
        if h == bad:
            D += [dmesg_T(T("2025-02-26 07:41:12"), "lockd: cannot monitor nfs-home01"),
                  dmesg_T(T("2025-02-26 13:05:39"), "lockd: cannot monitor nfs-home01")]
        files["%s/dmesg.txt" % h] = join(D)
        files["%s/systemctl-rpc-statd.txt" % h] = join(
            ["$ systemctl status rpc-statd --no-pager"] +
            (["x rpc-statd.service - NFS status monitor for NFSv2/3 locking.",
              "     Loaded: loaded (/usr/lib/systemd/system/rpc-statd.service; static)",
              "     Active: failed (Result: exit-code) since Wed 2025-02-26 07:40:58 UTC; 5h 25min ago",
              "    Process: 2211 ExecStart=/usr/sbin/rpc.statd (code=exited, status=1/FAILURE)",
              "Feb 26 07:40:58 wk-gpu-33 rpc.statd[2211]: Failed to open directory sm: Permission denied",
              "Feb 26 07:40:58 wk-gpu-33 rpc.statd[2211]: Failed to create RPC listeners, exiting",
              "Feb 26 07:40:58 wk-gpu-33 systemd[1]: rpc-statd.service: Failed with result 'exit-code'."]
             if h == bad else
             ["* rpc-statd.service - NFS status monitor for NFSv2/3 locking.",
              "     Loaded: loaded (/usr/lib/systemd/system/rpc-statd.service; static)",
              "     Active: active (running) since Mon 2025-02-10 09:12:31 UTC; 2 weeks 2 days ago"]))
    files["mounts.txt"] = join([
        "$ pdsh -w wk-gpu-[31-34] 'grep /nfs/home /proc/mounts'",
        "wk-gpu-31: nfs-home01:/export/home /nfs/home nfs rw,relatime,vers=3,hard,proto=tcp,timeo=600,retrans=2,sec=sys,local_lock=none 0 0",
        "wk-gpu-32: nfs-home01:/export/home /nfs/home nfs rw,relatime,vers=3,hard,proto=tcp,timeo=600,retrans=2,sec=sys,local_lock=none 0 0",
        "wk-gpu-33: nfs-home01:/export/home /nfs/home nfs rw,relatime,vers=3,hard,proto=tcp,timeo=600,retrans=2,sec=sys,local_lock=none 0 0",
        "wk-gpu-34: nfs-home01:/export/home /nfs/home nfs rw,relatime,vers=3,hard,proto=tcp,timeo=600,retrans=2,sec=sys,local_lock=none 0 0"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
             "action": "restart_without_node",
             "rationale": "Only wk-gpu-33's local rank 0 fails taking the datasets cache lock with ENOLCK; the same NFSv3 "
                          "mount works for locking on the other three nodes, and wk-gpu-33's rpc-statd has been failed "
                          "since boot ('lockd: cannot monitor nfs-home01'). A broken NFS lock client on one node, not a "
                          "datasets bug; the other nodes only lost the store connection.",
             "modelled_on": "https://github.com/huggingface/datasets/issues/2618"}
    return name, files, label


CASES = [cb21, cb22, cb23, cb24, cb25, cb26, cb27, cb28, cb29, cb30]
