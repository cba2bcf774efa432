"""Cases bw22-bw28: the job's own paths/ids wrong, a node's image store full, slowdowns, success."""

import json
import random

from common import (DAYS, MONTHS, T, add, iso, pylog, glog, c10d, ctime, dmesg_h, dmesg_up, syslog,
                    k8s_ts, torchrun_summary, agent_failed_line, agent_sigterm_lines,
                    sigterm_traceback, watchdog_lines, nccl_info, nvidia_smi_table, sacct,
                    megatron_iter, loss_curve)


def _pref(p, lines):
    return [p + l for l in lines]


PYL = "/usr/local/lib/python3.10/dist-packages"


# ---------------------------------------------------------------------------------------------
def bw22():
    name = "bw22_from_pretrained_401_repository_not_found"
    t0 = T("2024-08-29 11:05:40")
    nodes = ["ml-gpu-11", "ml-gpu-12"]
    files = {}
    out = []
    out.append("+ huggingface-cli whoami")
    out.append("rli")
    out.append("orgs:  acme-research,meta-llama-gated-access")
    out.append("+ accelerate launch --config_file fsdp.yaml --num_machines 2 --machine_rank $SLURM_NODEID --main_process_ip ml-gpu-11 train_sft.py --config configs/sft_v4.yaml")
    out.append("[INFO|tokenization_utils_base.py:2289] %s >> loading file tokenizer.json from cache at /nfs/cache/huggingface/hub/models--meta-llama--Meta-Llama-3.1-8B-Instruct/snapshots/0e9e39f249a16976918f6564b8830bc894c89659/tokenizer.json" % pylog(add(t0, 9)))
    out.append("Downloading readme: 100%|██████████| 3.59k/3.59k [00:00<00:00, 11.2MB/s]")
    out.append("Resolving data files: 100%|██████████| 28/28 [00:00<00:00, 140.31it/s]")
    repo = "meta-llama/Llama-3.1-8b-instruct-hf"
    url = "https://huggingface.co/%s/resolve/main/config.json" % repo
    for i, n in enumerate(nodes):
        for lr in (0, 2, 5):
            r = i * 8 + lr
            p = "[rank%d]: " % r
            out.extend(_pref(p, [
                "Traceback (most recent call last):",
                '  File "%s/huggingface_hub/utils/_http.py", line 406, in hf_raise_for_status' % PYL,
                "    response.raise_for_status()",
                '  File "%s/requests/models.py", line 1024, in raise_for_status' % PYL,
                "    raise HTTPError(http_error_msg, response=self)",
                "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: %s" % url,
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                '  File "%s/transformers/utils/hub.py", line 403, in cached_file' % PYL,
                "    resolved_file = hf_hub_download(",
                '  File "%s/huggingface_hub/utils/_http.py", line 454, in hf_raise_for_status' % PYL,
                "    raise _format(RepositoryNotFoundError, message, response) from e",
                "huggingface_hub.errors.RepositoryNotFoundError: 401 Client Error. (Request ID: Root=1-66d05a1c-3f2b7a1e4c9d0b6a2e8f1c3d;a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c%02d)" % r,
                "",
                "Repository Not Found for url: %s." % url,
                "Please make sure you specified the correct `repo_id` and `repo_type`.",
                "If you are trying to access a private or gated repo, make sure you are authenticated.",
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                '  File "/nfs/home/rli/sft/train_sft.py", line 97, in <module>',
                "    model = AutoModelForCausalLM.from_pretrained(cfg.model_name_or_path, torch_dtype=torch.bfloat16)",
                '  File "%s/transformers/utils/hub.py", line 426, in cached_file' % PYL,
                "    raise EnvironmentError(",
                "OSError: %s is not a local folder and is not a valid model identifier listed on 'https://huggingface.co/models'" % repo,
                "If this is a private repository, make sure to pass a token having permission to this repo either by logging in with `huggingface-cli login` or by passing `token=<your_token>`"]))
    for i, n in enumerate(nodes):
        te = add(t0, 14 + i * 0.5)
        out.append(agent_failed_line(te, 0, 33001 + i * 100, 1, "/nfs/envs/sft/bin/python"))
        fails = [dict(time=te, host=n, rank=i * 8 + k, local_rank=k, exitcode=1, pid=33001 + i * 100 + k) for k in range(8)]
        out.extend(torchrun_summary("train_sft.py", fails, fails[0]))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-77342.out"] = "\n".join(out) + "\n"
    files["config_diff.txt"] = "\n".join([
        "--- configs/sft_v3.yaml\t(run 77290, COMPLETED)",
        "+++ configs/sft_v4.yaml\t(run 77342)",
        "@@ -1,6 +1,6 @@",
        "-model_name_or_path: meta-llama/Meta-Llama-3.1-8B-Instruct",
        "+model_name_or_path: meta-llama/Llama-3.1-8b-instruct-hf",
        " tokenizer_name: meta-llama/Meta-Llama-3.1-8B-Instruct",
        " dataset_name: HuggingFaceH4/ultrachat_200k",
        "-num_train_epochs: 2",
        "+num_train_epochs: 3",
        ""]) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("77290", "sft-l31-8b", "a100", "research", "128", "COMPLETED", "0:0"),
        ("77342", "sft-l31-8b", "a100", "research", "128", "FAILED", "1:0"),
        ("77342.batch", "batch", "", "research", "64", "FAILED", "1:0")])) + "\n"
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Every rank fails in from_pretrained with RepositoryNotFoundError for 'meta-llama/Llama-3.1-8b-instruct-hf'. The Hub is reachable, since the tokenizer and dataset resolved moments earlier and whoami works with gated access, and the config diff shows the model id was just changed from the valid 'Meta-Llama-3.1-8B-Instruct' to a repo that does not exist. A bad job config.",
                 modelled_on="https://github.com/kyegomez/swarms/issues/228")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw23():
    name = "bw23_rank0_filenotfound_building_datasets"
    t0 = T("2024-04-09 20:11:03")
    nodes = ["node0121", "node0122", "node0123", "node0124"]
    files = {}
    out = []
    out.append("+ DATA_PATH='1.0 /lustre/fsw/datasets/slimpajama/tok_llama3/slimpajama_text_documnet'")
    out.append("+ ls /lustre/fsw/datasets/slimpajama/tok_llama3/")
    out.append("slimpajama_text_document.bin")
    out.append("slimpajama_text_document.idx")
    out.append("slimpajama_val_text_document.bin")
    out.append("slimpajama_val_text_document.idx")
    out.append("+ srun -l bash -c 'torchrun ${DIST_ARGS} --node_rank ${SLURM_NODEID} pretrain_gpt.py ${GPT_ARGS} --data-path ${DATA_PATH} --split 99,1,0 --distributed-timeout-minutes 10'")
    out.append("0: using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1")
    out.append("0: > initialized tensor model parallel with size 8")
    out.append("0: > initialized pipeline model parallel with size 1")
    out.append("0: > compiling dataset index builder ...")
    out.append("0: make: Entering directory '/opt/megatron-lm/megatron/core/datasets'")
    out.append("0: make: Nothing to be done for 'default'.")
    out.append("0: >>> done with dataset index builder. Compilation time: 0.071 seconds")
    out.append("0: > compiling and loading fused kernels ...")
    out.append("0: >>> done with compiling and loading fused kernels. Compilation time: 2.803 seconds")
    out.append("0: time to initialize megatron (seconds): 21.442")
    out.append("0: [after megatron is initialized] datetime: %s " % t0.strftime("%Y-%m-%d %H:%M:%S"))
    out.append("0: building GPT model ...")
    out.append("0:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1053212672")
    out.append("0: > learning rate decay style: cosine")
    out.append("0: [after model, optimizer, and learning rate scheduler are built] datetime: %s " % add(t0, 14).strftime("%Y-%m-%d %H:%M:%S"))
    out.append("0: > building train, validation, and test datasets ...")
    out.append("0:  > datasets target sizes (minimum size):")
    out.append("0:     train:      512000000")
    out.append("0:     validation: 5125120")
    out.append("0:     test:       5120")
    out.append("0: > building train, validation, and test datasets for GPT ...")
    out.append("0: INFO:megatron.core.datasets.blended_megatron_dataset_config:mock = False")
    out.append("0: INFO:megatron.core.datasets.blended_megatron_dataset_config:Let split_matrix = [(0, 0.99), (0.99, 1.0), None]")
    out.append("0: INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /lustre/fsw/datasets/slimpajama/tok_llama3/slimpajama_text_documnet.idx")
    p = "0: [rank0]: "
    out.extend(_pref(p, [
        "Traceback (most recent call last):",
        '  File "/opt/megatron-lm/pretrain_gpt.py", line 277, in <module>',
        "    pretrain(",
        '  File "/opt/megatron-lm/megatron/training/training.py", line 330, in pretrain',
        "    = build_train_valid_test_data_iterators(",
        '  File "/opt/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py", line 417, in _build_megatron_dataset_splits',
        "    low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)",
        '  File "/opt/megatron-lm/megatron/core/datasets/gpt_dataset.py", line 186, in build_low_level_dataset',
        "    return IndexedDataset(dataset_path, multimodal=False, mmap=config.mmap_bin_files)",
        '  File "/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", line 379, in __init__',
        "    self.initialize(path_prefix, multimodal, mmap)",
        '  File "/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", line 408, in initialize',
        "    self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)",
        '  File "/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", line 252, in __init__',
        '    with open(idx_path, "rb") as stream:',
        "FileNotFoundError: [Errno 2] No such file or directory: '/lustre/fsw/datasets/slimpajama/tok_llama3/slimpajama_text_documnet.idx'"]))
    tf = add(t0, 15.8)
    out.append("0: " + agent_failed_line(tf, 0, 50101, 1, "/usr/bin/python"))
    out.extend(_pref("0: ", agent_sigterm_lines(add(tf, 0.01), [50102 + k for k in range(7)])))
    fails = [dict(time=tf, host="node0121", rank=0, local_rank=0, exitcode=1, pid=50101)]
    out.extend(_pref("0: ", torchrun_summary("pretrain_gpt.py", fails, fails[0])))
    out.append("srun: error: node0121: task 0: Exited with exit code 1")
    tw = add(tf, 600.2)
    rnd = random.Random(23)
    for i in (1, 2, 3):
        for lr in range(8):
            r = i * 8 + lr
            if rnd.random() < 0.4:
                out.extend(_pref("%d: " % i, watchdog_lines(r, add(tw, rnd.uniform(0, 0.5)), 7, "ALLREDUCE", 1, 600000, 600000 + rnd.randint(2, 40))))
    for i in (1, 2, 3):
        out.append("%d: " % i + agent_failed_line(add(tw, 2 + i * 0.1), 0, 50101 + i * 40, -6, "/usr/bin/python"))
        out.append("srun: error: %s: task %d: Aborted (core dumped)" % (nodes[i], i))
    files["slurm-1182204.out"] = "\n".join(out) + "\n"
    files["node0123/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(tw, 30), "535.161.08", "12.2", "NVIDIA H100 80GB HBM3", seed=23)) + "\n"
    files["node0121/dmesg.txt"] = "%s Lustre: fsw-MDT0000-mdc-ffff97c2b4a1e000: Connection restored to fsw-MDT0000 (at 10.31.0.2@o2ib)\n" % dmesg_h(T("2024-04-01 04:12:11"))
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Rank 0 fails building the dataset with FileNotFoundError for '.../slimpajama_text_documnet.idx'; the job's own ls of the directory shows the file is 'slimpajama_text_document.idx', so --data-path has a typo. The watchdog timeouts on the other nodes 10 minutes later are sympathetic, and Lustre is healthy.",
                 modelled_on="https://github.com/NVIDIA/Megatron-LM/issues/119")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw24():
    name = "bw24_job_exits_at_load_without_training"
    t0 = T("2024-10-14 03:22:51")
    nodes = ["cw-h100-%03d" % k for k in (41, 42, 43, 44, 45, 46, 47, 48)]
    files = {}
    out = []
    out.append("+ LOAD_DIR=/lustre/fsw/ckpt/gpt3-15b-run7")
    out.append("+ SAVE_DIR=/lustre/fsw/ckpt/gpt3-15b-run7")
    out.append("+ srun -l --container-image=/lustre/fsw/images/megatron-24.09.sqsh bash -c 'torchrun ${DIST_ARGS} pretrain_gpt.py ${GPT_ARGS} --load ${LOAD_DIR} --save ${SAVE_DIR} --exit-on-missing-checkpoint --use-dist-ckpt'")
    out.append("0: using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 2")
    out.append("0: > initializing torch distributed ...")
    out.append("0: > initialized tensor model parallel with size 4")
    out.append("0: > initialized pipeline model parallel with size 2")
    out.append("0: > setting random seeds to 1234 ...")
    out.append("0: time to initialize megatron (seconds): 34.118")
    out.append("0: building GPT model ...")
    out.append("0:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 2041131008")
    out.append("0: WARNING: could not find the metadata file /lustre/fsw/ckpt/gpt3-15b-run7/latest_checkpointed_iteration.txt")
    out.append("0:     will not load any checkpoints and will start from random")
    out.append("0: >> '--exit-on-missing-checkpoint' set ... exiting. <<")
    for i in range(8):
        out.append("%d: %s Worker group SUCCEEDED" % (i, glog("I", add(t0, 52 + i * 0.05), 88211, "torch/distributed/elastic/agent/server/api.py:879")))
    out.append("+ last_iter=$(grep -oP 'iteration\\s+\\K[0-9]+' $LOG | tail -1)")
    out.append("+ '[' -z '' ']'")
    out.append("+ echo 'ERROR: training step exited without logging any iteration; marking job FAILED'")
    out.append("ERROR: training step exited without logging any iteration; marking job FAILED")
    out.append("+ exit 1")
    files["slurm-620117.out"] = "\n".join(out) + "\n"
    files["ckpt_listing.txt"] = "\n".join([
        "$ ls -la /lustre/fsw/ckpt/ | grep gpt3-15b",
        "drwxrwsr-x  14 svc-llm llm 4096 Oct 13 23:58 gpt3-15b-run7b",
        "drwxrwsr-x   9 svc-llm llm 4096 Oct  2 11:14 gpt3-15b-run6",
        "$ cat /lustre/fsw/ckpt/gpt3-15b-run7b/latest_checkpointed_iteration.txt",
        "42000",
        "$ ls /lustre/fsw/ckpt/gpt3-15b-run7 2>&1",
        "ls: cannot access '/lustre/fsw/ckpt/gpt3-15b-run7': No such file or directory",
        ""]) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("619874", "gpt3-15b", "batch", "fsw", "1024", "TIMEOUT", "0:0"),
        ("620117", "gpt3-15b", "batch", "fsw", "1024", "FAILED", "1:0"),
        ("620117.batch", "batch", "", "fsw", "128", "FAILED", "1:0"),
        ("620117.0", "bash", "", "fsw", "1024", "COMPLETED", "0:0")])) + "\n"
    files["cw-h100-041/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t0, 70), "550.90.07", "12.4", "NVIDIA H100 80GB HBM3", seed=24)) + "\n"
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Megatron cannot find latest_checkpointed_iteration.txt under --load /lustre/fsw/ckpt/gpt3-15b-run7 and exits because --exit-on-missing-checkpoint is set. The listing shows that directory does not exist and the run's checkpoints (iteration 42000) are in gpt3-15b-run7b. The resume path in the job script is wrong; no infrastructure fault.",
                 modelled_on="https://github.com/intelligent-machine-learning/dlrover/issues/1065")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw25():
    name = "bw25_one_worker_pending_others_rendezvous_timeout"
    t0 = T("2024-11-19 07:30:00")
    nodes = ["gpu-node-04", "gpu-node-05", "gpu-node-06", "gpu-node-07"]
    pods = ["bert-xl-pt-worker-0", "bert-xl-pt-worker-1", "bert-xl-pt-worker-2", "bert-xl-pt-worker-3"]
    bad_i = 3
    img = "nvcr.io/nvidia/pytorch:24.10-py3"
    files = {}
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        if i == bad_i:
            continue
        lines = []
        lines.append("%s Starting elastic_operator with launch configs:" % glog("I", add(t0, 40 + i), 1, "torch/distributed/launcher/api.py:188"))
        lines.append("%s   entrypoint       : pretrain_bert.py" % glog("I", add(t0, 40 + i), 1, "torch/distributed/launcher/api.py:188"))
        lines.append("%s   min_nodes        : 4" % glog("I", add(t0, 40 + i), 1, "torch/distributed/launcher/api.py:188"))
        lines.append("%s   max_nodes        : 4" % glog("I", add(t0, 40 + i), 1, "torch/distributed/launcher/api.py:188"))
        lines.append("%s   rdzv_backend     : c10d" % glog("I", add(t0, 40 + i), 1, "torch/distributed/launcher/api.py:188"))
        lines.append("%s   rdzv_configs     : {'timeout': 900, 'join_timeout': 900}" % glog("I", add(t0, 40 + i), 1, "torch/distributed/launcher/api.py:188"))
        lines.append("%s The node '%s_1_0' is waiting for 1 more node(s) to reach the minimum of 4 nodes in the rendezvous 'bert-xl-pt'." % (
            glog("I", add(t0, 41.2 + i), 1, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1134"), pod))
        te = add(t0, 41 + 900.2 + i)
        lines.extend([
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 33, in <module>',
            "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())",
            '  File "%s/torch/distributed/launcher/api.py", line 260, in launch_agent' % PYL,
            "    result = agent.run()",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 529, in _rendezvous' % PYL,
            "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
            '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1180, in next_rendezvous' % PYL,
            "    self._op_executor.run(join_op, deadline, self._get_deadline)",
            '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 672, in run' % PYL,
            "    raise RendezvousTimeoutError",
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"])
        files[n + "/%s.log" % pod] = "\n".join(lines) + "\n"
    layer = "sha256:9d1b2b8f3c0f7a6e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918a7b6c"
    desc = [
        "Name:             bert-xl-pt-worker-3",
        "Namespace:        nlp",
        "Node:             gpu-node-07/172.16.8.27",
        "Status:           Pending",
        "Containers:",
        "  pytorch:",
        "    Image:          %s" % img,
        "    Image ID:       ",
        "    State:          Waiting",
        "      Reason:       ImagePullBackOff",
        "    Ready:          False",
        "    Restart Count:  0",
        "Events:",
        "  Type     Reason     Age                  From               Message",
        "  ----     ------     ----                 ----               -------",
        "  Normal   Scheduled  17m                  default-scheduler  Successfully assigned nlp/bert-xl-pt-worker-3 to gpu-node-07",
        "  Normal   Pulling    17m                  kubelet            Pulling image \"%s\"" % img,
        "  Warning  Failed     12m                  kubelet            Failed to pull image \"%s\": failed to pull and unpack image \"%s\": failed to extract layer %s: write /var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/4121/fs/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so: no space left on device: unknown" % (img, img, layer),
        "  Warning  Failed     12m                  kubelet            Error: ErrImagePull",
        "  Normal   BackOff    2m (x41 over 12m)    kubelet            Back-off pulling image \"%s\"" % img,
        "  Warning  Failed     2m (x41 over 12m)    kubelet            Error: ImagePullBackOff"]
    files["gpu-node-07/kubectl_describe_pod_worker-3.txt"] = "\n".join(desc) + "\n"
    nd = [
        "Name:               gpu-node-07",
        "Roles:              <none>",
        "Labels:             nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB",
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----             ------  -----------------                 ------------------                ------                       -------",
        "  MemoryPressure   False   Tue, 19 Nov 2024 07:47:10 +0000   Mon, 04 Nov 2024 10:12:31 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  DiskPressure     True    Tue, 19 Nov 2024 07:47:10 +0000   Tue, 19 Nov 2024 07:36:02 +0000   KubeletHasDiskPressure       kubelet has disk pressure",
        "  PIDPressure      False   Tue, 19 Nov 2024 07:47:10 +0000   Mon, 04 Nov 2024 10:12:31 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available",
        "  Ready            True    Tue, 19 Nov 2024 07:47:10 +0000   Mon, 04 Nov 2024 10:12:31 +0000   KubeletReady                 kubelet is posting ready status",
        "Taints:             node.kubernetes.io/disk-pressure:NoSchedule",
        "Events:",
        "  Type     Reason                 Age                From     Message",
        "  ----     ------                 ----               ----     -------",
        "  Warning  FreeDiskSpaceFailed    11m                kubelet  Failed to garbage collect required amount of images. Attempted to free 62914560000 bytes, but only found 0 bytes eligible to free.",
        "  Warning  EvictionThresholdMet   11m                kubelet  Attempting to reclaim ephemeral-storage",
        "  Normal   NodeHasDiskPressure    11m                kubelet  Node gpu-node-07 status is now: NodeHasDiskPressure"]
    files["gpu-node-07/kubectl_describe_node.txt"] = "\n".join(nd) + "\n"
    files["gpu-node-07/df.txt"] = "\n".join([
        "$ df -h /var/lib/containerd",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p2  200G  200G   20K 100% /",
        "$ du -sh /var/log/pods/* 2>/dev/null | sort -h | tail -2",
        "2.3G\t/var/log/pods/monitoring_dcgm-exporter-kq8vd_5b1c",
        "121G\t/var/log/pods/nlp_tokenize-job-7f4-xc2mn_0d9e"]) + "\n"
    files["kubectl_get_pods.txt"] = "\n".join([
        "NAME                  READY   STATUS             RESTARTS   AGE   NODE",
        "bert-xl-pt-worker-0   0/1     Error              0          17m   gpu-node-04",
        "bert-xl-pt-worker-1   0/1     Error              0          17m   gpu-node-05",
        "bert-xl-pt-worker-2   0/1     Error              0          17m   gpu-node-06",
        "bert-xl-pt-worker-3   0/1     ImagePullBackOff   0          17m   gpu-node-07"]) + "\n"
    label = dict(category="storage", layer="infrastructure", culprit={"node": "gpu-node-07", "rank": None},
                 action="restart_without_node",
                 rationale="Three workers time out in rendezvous waiting for a 4th node; worker-3 never started because gpu-node-07 could not unpack the image ('no space left on device' under /var/lib/containerd), and the node reports DiskPressure with its root disk 100% full of another job's pod logs. The same image pulled fine on the other nodes, so one node's local disk is full; the registry is fine.",
                 modelled_on="https://github.com/zonca/jupyterhub-deploy-kubernetes-jetstream/issues/76")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def _timer_line(t, it, total, ms, bg_min, bg_max, fb_min, fb_max, loss, rnd):
    return [megatron_iter(t, it, total, it * 1024, ms, 2.5e-4, 1024, loss, 1.0, rnd.uniform(0.2, 0.4)),
            "(min, max) time across ranks (ms):",
            "    forward-backward ...............................: (%.2f, %.2f)" % (fb_min, fb_max),
            "    batch-generator ................................: (%.2f, %.2f)" % (bg_min, bg_max),
            "    optimizer ......................................: (%.2f, %.2f)" % (41.2 + rnd.uniform(-1, 1), 44.9 + rnd.uniform(-1, 1))]


def bw26():
    name = "bw26_iteration_time_doubled_batch_generator_slow"
    t0 = T("2024-03-05 13:40:00")
    nodes = ["gpu-f%02d" % k for k in range(1, 9)]
    files = {}
    rnd = random.Random(26)
    out = []
    t = t0
    it = 18000
    losses = loss_curve(rnd, 18000, 1400, base=2.2, floor=1.9)
    k = 0
    slow_at = T("2024-03-05 14:20:00")
    while it < 19400:
        it += 10
        slow = t >= slow_at
        ms = (6480.0 if slow else 2930.0) + rnd.uniform(-80, 80)
        t = add(t, ms * 10 / 1000.0)
        if slow:
            bg = (3300 + rnd.uniform(0, 200), 3600 + rnd.uniform(0, 200))
        else:
            bg = (1.1 + rnd.uniform(0, 0.5), 4.0 + rnd.uniform(0, 2))
        out.extend(_timer_line(t, it, 250000, ms, bg[0], bg[1], 2850 + rnd.uniform(-20, 20), 2905 + rnd.uniform(-20, 20), losses[k], rnd))
        k += 1
    files["slurm-500712.out"] = "\n".join(out) + "\n"
    files["squeue_sacct.txt"] = "\n".join([
        "# bundle collected %s while the job is still running; user reports ~2.2x slower iterations since 14:20" % iso(add(t, 60)),
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
        "500712        gpt-6.7b        gpu     nlp-pt       1792    RUNNING      0:0 ",
        "500712.0          bash                 nlp-pt       1792    RUNNING      0:0 "]) + "\n"
    files["storage_status.txt"] = "\n".join([
        "== lustre01 health (storage-monitor) %s ==" % iso(T("2024-03-05 15:05:00")),
        "OST0007  oss07a  DEGRADED  raid6 rebuild 18%% (disk 0:14 failed 14:16:41), est. completion 23:40",
        "OST0008  oss07a  DEGRADED  shares controller with OST0007, read throughput -55%",
        "all other OSTs  OK",
        "",
        "$ lfs getstripe -c -i /lustre/datasets/pile_gptneox/pile_text_document.bin",
        "stripe_count:  16",
        "stripe_offset: 0",
        "$ lfs getstripe /lustre/datasets/pile_gptneox/pile_text_document.bin | awk 'NR>10' | head -16 | awk '{print $1}' | tr '\\n' ' '",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ",
        ""]) + "\n"
    for n in nodes[:3]:
        files[n + "/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t, 30), "535.129.03", "12.2", "NVIDIA H100 80GB HBM3", util=43, seed=len(n) + ord(n[-1]))) + "\n"
    files["gpu-f05/dmesg.txt"] = "%s Lustre: lustre01-OST0007-osc-ffff8b3e0a1c2000: slow replies: 12 RPCs took longer than 30s (max 41s)\n" % dmesg_h(T("2024-03-05 14:31:12"))
    files["gpu-f02/dmesg.txt"] = "%s Lustre: lustre01-OST0008-osc-ffff8b3e0a1c4000: slow replies: 9 RPCs took longer than 30s (max 37s)\n" % dmesg_h(T("2024-03-05 14:40:55"))
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="restart",
                 rationale="No crash: from 14:20 iteration time goes from ~2.9s to ~6.5s and the extra time is all in batch-generator, with min and max across ranks equally high, so no single rank or node lags. Forward-backward is unchanged. Storage monitoring shows Lustre OST0007/0008 degraded by a RAID rebuild from 14:16, and the dataset is striped over them. A shared-storage slowdown.",
                 modelled_on="https://github.com/NVIDIA/Megatron-LM/issues/584")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw27():
    name = "bw27_run_finished_nfs_not_responding_in_dmesg"
    t0 = T("2024-02-11 19:00:00")
    nodes = ["c4-gpu-01", "c4-gpu-02", "c4-gpu-03"]
    files = {}
    rnd = random.Random(27)
    out = []
    out.append("+ srun -l torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint c4-gpu-01:29500 finetune.py --cfg cfg/whisper_large_ft.yaml")
    for i in range(3):
        out.append("%d: %s NCCL WARN NET/IB : Got async event : port active" % (i, "c4-gpu-0%d:%d:%d [0] misc/ibvwrap.cc:283" % (i + 1, 7700 + i, 7930 + i)))
    t = t0
    for ep in range(3):
        for step in range(0, 2400, 100):
            t = add(t, 100 * 1.21 + rnd.uniform(-1, 1))
            if ep == 1 and step == 1200:
                t = add(t, 47)
                spike_t = t
                out.append("0: %s WARNING train: step time spike: 167.4s for 100 steps (data wait 46.1s)" % pylog(t))
            out.append("0: %s INFO train: epoch %d step %d/2400 loss %.4f wer_proxy %.3f lr %.2e" % (pylog(t), ep, step + 100, 0.61 - ep * 0.08 - step / 40000.0 + rnd.uniform(-0.01, 0.01), 0.14 - ep * 0.01, 1e-5))
        out.append("0: %s INFO train: epoch %d done; eval WER %.3f; saved /nfs/proj/asr/ckpt/whisper-ft/epoch_%d" % (pylog(add(t, 200)), ep, 0.118 - ep * 0.006, ep))
        t = add(t, 210)
    out.append("0: %s INFO train: Training completed. Best WER 0.106 at epoch 2. Final model saved to /nfs/proj/asr/ckpt/whisper-ft/final" % pylog(add(t, 15)))
    for i in range(3):
        out.append("%d: %s Worker group SUCCEEDED" % (i, glog("I", add(t, 18 + i * 0.1), 5001 + i, "torch/distributed/elastic/agent/server/api.py:879")))
        out.append("%d: %s Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % (i, glog("I", add(t, 18.1 + i * 0.1), 5001 + i, "torch/distributed/elastic/agent/server/api.py:884")))
        out.append("%d: %s Done waiting for other agents. Elapsed: %.6f seconds" % (i, glog("I", add(t, 18.4 + i * 0.1), 5001 + i, "torch/distributed/elastic/agent/server/api.py:898"), 0.21 + i * 0.05))
    files["slurm-260114.out"] = "\n".join(out) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("260114", "whisper-ft", "gpu", "asr", "336", "COMPLETED", "0:0"),
        ("260114.batch", "batch", "", "asr", "112", "COMPLETED", "0:0"),
        ("260114.extern", "extern", "", "asr", "336", "COMPLETED", "0:0"),
        ("260114.0", "torchrun", "", "asr", "336", "COMPLETED", "0:0")])) + "\n"
    tn = add(spike_t, -61.3)
    for i, n in enumerate(nodes):
        d = ["%s nfs: server nas01 not responding, still trying" % dmesg_h(add(tn, i * 0.4)),
             "%s nfs: server nas01 not responding, still trying" % dmesg_h(add(tn, 12 + i * 0.4)),
             "%s nfs: server nas01 OK" % dmesg_h(add(tn, 44 + i * 0.3))]
        if i == 1:
            d.insert(0, "%s NVRM: Xid (PCI:0000:4b:00): 13, pid=3349, name=Xorg, Graphics Exception: ESR 0x404600=0x80000002" % dmesg_h(T("2024-02-09 15:20:04")))
        files[n + "/dmesg.txt"] = "\n".join(d) + "\n"
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The run finished normally: 'Training completed', every torchrun agent reports SUCCEEDED and sacct shows COMPLETED 0:0. The NFS 'not responding' messages are a 44-second blip that only caused one step-time spike, and the Xid 13 from Xorg on c4-gpu-02 is from two days before the job. Nothing failed.",
                 modelled_on="https://github.com/TIGRLab/admin/issues/525")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw28():
    name = "bw28_throughput_low_data_wait_high_after_resubmit"
    t0 = T("2024-06-25 10:00:00")
    nodes = ["lx-gpu-%02d" % k for k in (21, 22, 23, 24)]
    files = {}
    rnd = random.Random(28)
    files["job_diff.txt"] = "\n".join([
        "--- run_vit.sbatch@job-4410 (last week, 1.9 it/s)",
        "+++ run_vit.sbatch@job-4471 (this run)",
        "@@ -3,7 +3,7 @@",
        " #SBATCH --nodes=4",
        " #SBATCH --ntasks-per-node=8",
        " #SBATCH --gpus-per-node=8",
        "-#SBATCH --cpus-per-task=14",
        "+#SBATCH --cpus-per-task=2",
        " #SBATCH --mem=0",
        " ",
        " srun python train_vit.py --data /lustre/datasets/imagenet21k --workers 12 --batch-size 256",
        ""]) + "\n"
    out = []
    for r in range(32):
        out.append("[rank%d]: %s/torch/utils/data/dataloader.py:557: UserWarning: This DataLoader will create 12 worker processes in total. Our suggested max number of worker in current system is 2, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary." % (r, PYL))
        out.append("[rank%d]:   warnings.warn(_create_warning_msg(" % r)
    t = t0
    for step in range(50, 6050, 50):
        t = add(t, 50 / 0.62 + rnd.uniform(-3, 3))
        out.append("%s INFO vit: step %d  it/s %.2f  data_time %.3fs  compute_time %.3fs  loss %.4f  (rank0; rank-spread of it/s %.2f-%.2f)" % (
            pylog(t), step, 0.62 + rnd.uniform(-0.02, 0.02), 1.41 + rnd.uniform(-0.05, 0.05), 0.19 + rnd.uniform(-0.01, 0.01), 6.2 - step / 3000.0, 0.60, 0.64))
    files["slurm-4471.out"] = "\n".join(out) + "\n"
    files["lx-gpu-22/top.txt"] = "\n".join([
        "top - %s up 41 days,  3:12,  0 users,  load average: 17.92, 17.80, 17.41" % t.strftime("%H:%M:%S"),
        "Tasks: 1311 total,  17 running, 1294 sleeping,   0 stopped,   0 zombie",
        "%Cpu(s): 14.1 us,  1.2 sy,  0.0 ni, 84.5 id,  0.1 wa,  0.0 hi,  0.1 si,  0.0 st",
        "MiB Mem : 2063763.0 total, 1711204.1 free, 201774.3 used, 150784.6 buff/cache",
        "",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        "  90411 hkim      20   0   31.2g   6.1g 211144 R 100.0   0.3  41:02.11 pt_data_worker",
        "  90412 hkim      20   0   31.2g   6.0g 211144 R 100.0   0.3  40:58.79 pt_data_worker",
        "  90377 hkim      20   0   61.7g  11.4g   1.2g S  98.7   0.6  52:17.40 python",
        "  90425 hkim      20   0   31.2g   6.1g 211144 R  50.3   0.3  20:31.07 pt_data_worker",
        "  90426 hkim      20   0   31.2g   6.1g 211144 R  49.7   0.3  20:29.88 pt_data_worker",
        "$ taskset -cp 90377",
        "pid 90377's current affinity list: 4,60"]) + "\n"
    files["lustre_client_stats.txt"] = "\n".join([
        "# lustre01 OSS read bandwidth, same 2h window (storage-monitor)",
        "aggregate read 11.2 GB/s of 180 GB/s capacity; all OSTs healthy; p99 RPC latency 4.1 ms (normal)",
        "other tenants reading /lustre/datasets/imagenet21k at normal speed (job 4468: 2.3 it/s)",
        ""]) + "\n"
    files["squeue.txt"] = "\n".join([
        "# collected %s, job still running; user asks why it is 3x slower than last week" % iso(add(t, 30)),
        "  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
        "   4471       gpu  vit-21k     hkim  R    2:41:07      4 lx-gpu-[21-24]"]) + "\n"
    for n in nodes[:2]:
        files[n + "/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t, 20), "550.54.15", "12.4", "NVIDIA A100-SXM4-80GB", util=12, mem_total=81920, power_cap=400, seed=len(n) + ord(n[-1]))) + "\n"
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="The job is ~3x slower on every rank uniformly, with time going to data loading (1.4 s data vs 0.19 s compute). The resubmitted sbatch cut --cpus-per-task from 14 to 2 while keeping 12 DataLoader workers; PyTorch warns about it, workers share 2 pinned CPUs, and the Lustre backend and other tenants on the same dataset are normal. The job's own resource settings starve data loading.",
                 modelled_on="https://github.com/nasa-nccs-hpda/pytorch-caney/issues/44")
    return name, files, label


CASES = [bw22, bw23, bw24, bw25, bw26, bw27, bw28]
