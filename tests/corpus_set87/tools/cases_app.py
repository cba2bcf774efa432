"""Application / numerics / lifecycle cases."""

import random

from kit import (PY, T, plus, k8s_ts, glog, elastic, pylog, dmesg, dmesg_T,
                 syslog, pods_wide, events, describe_pod, tb, rank_prefix,
                 watchdog_timeout, child_failed, sigterm_lines, nccl_init,
                 nvsmi_table, lines, Log, dumps, table)

RAY = "/home/ray/anaconda3/lib/python3.10/site-packages"


# =========================================================================
def cf17():
    """KubeRay Ray Train, user collate KeyError on every worker."""
    head_node = "gke-ray-cpu-pool-3e2a1b0c-f0l2"
    nodes = ["gke-ray-a100-pool-3e2a1b0c-2mz8", "gke-ray-a100-pool-3e2a1b0c-8wq3", "gke-ray-a100-pool-3e2a1b0c-kc1d", "gke-ray-a100-pool-3e2a1b0c-v7nf"]
    wpods = ["raycluster-vlm-a100-group-worker-%s" % s for s in ("5dt8k", "l2m0z", "q9x4e", "xz71b")]
    hpod = "raycluster-vlm-head-xk2vt"
    wips = ["10.20.1.14", "10.20.2.9", "10.20.3.27", "10.20.4.5"]
    t0 = T(2024, 7, 11, 16, 20, 0)
    tf = T(2024, 7, 11, 17, 3, 51)
    L = []
    L.append("%s\tINFO worker.py:1586 -- Connecting to existing Ray cluster at address: 10.20.0.3:6379..." % pylog(t0))
    L.append("%s\tINFO worker.py:1762 -- Connected to Ray cluster. View the dashboard at 10.20.0.3:8265 " % pylog(t0))
    L.append("(TrainController pid=1840) Attempting to start training worker group of size 4 with the following resources: [{'GPU': 8, 'CPU': 40}] * 4")
    for i in range(4):
        L.append("(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=%d, world_size=4]" % (2101 + i, wips[i], i))
    L.append("(raylet, ip=%s) [2024-07-11 16:21:12,402 W 301 301] (raylet) node_manager.cc:2900: 4 PYTHON worker processes have been started on node: 7b1e... with address: %s. This could be a result of using a large number of actors, or due to tasks blocked in ray.get() calls (see https://github.com/ray-project/ray/issues/3644 for some discussion of workarounds)." % (wips[1], wips[1]))
    for k in range(13):
        tt = plus(t0, 120 + k * 180)
        if tt < tf:
            L.append("(RayTrainWorker pid=2101, ip=%s) [%s] step %d | shard wds-captions-00%02d | loss %.4f | %.1f samples/s" % (wips[0], pylog(tt), k * 100, k // 6, 1.34 - k * 0.01, 612.4))
    for i in (1, 0, 3, 2):
        L.append("(RayTrainWorker pid=%d, ip=%s) Loading shard wds-textonly-0000 (mixing ratio 0.15)" % (2101 + i, wips[i]))
    L.append("%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_91c2a_00000" % pylog(tf))
    L += tb([(RAY + "/ray/air/execution/_internal/event_manager.py", 110, "resolve_future", "result = ray.get(future)"),
             (RAY + "/ray/_private/worker.py", 2691, "get", "values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)"),
             (RAY + "/ray/_private/worker.py", 871, "get_objects", "raise value.as_instanceof_cause()")],
            "ray.exceptions.RayTaskError(KeyError): ray::_Inner.train() (pid=1840, ip=10.20.0.3, actor_id=1f0c2d9ea8b74e6a0c5d3b2e01000000, repr=TorchTrainer)")
    L += ["  File \"%s/ray/tune/trainable/trainable.py\", line 331, in train" % RAY,
          "    raise skipped from exception_cause(skipped)",
          "  File \"%s/ray/train/_internal/utils.py\", line 57, in check_for_failure" % RAY,
          "    ray.get(object_ref)",
          "ray.exceptions.RayTaskError(KeyError): ray::_RayTrainWorker__execute.get_next() (pid=2102, ip=%s, actor_id=6e3a9d1b0c4f72e85d1a0b9c01000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f9c1a2b4d60>)" % wips[1],
          "  File \"%s/ray/train/_internal/worker_group.py\", line 33, in __execute" % RAY,
          "    raise skipped from exception_cause(skipped)",
          "  File \"%s/ray/train/_internal/utils.py\", line 176, in discard_return_wrapper" % RAY,
          "    train_func(*args, **kwargs)",
          "  File \"/home/ray/app/train_vlm.py\", line 211, in train_loop_per_worker",
          "    for step, batch in enumerate(loader):",
          "  File \"%s/torch/utils/data/dataloader.py\", line 631, in __next__" % RAY,
          "    data = self._next_data()",
          "  File \"%s/torch/utils/data/dataloader.py\", line 1346, in _next_data" % RAY,
          "    return self._process_data(data)",
          "  File \"%s/torch/_utils.py\", line 722, in reraise" % RAY,
          "    raise exception",
          "KeyError: Caught KeyError in DataLoader worker process 3.",
          "Original Traceback (most recent call last):",
          "  File \"%s/torch/utils/data/_utils/worker.py\", line 308, in _worker_loop" % RAY,
          "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
          "  File \"%s/torch/utils/data/_utils/fetch.py\", line 55, in fetch" % RAY,
          "    return self.collate_fn(data)",
          "  File \"/home/ray/app/vlm_data.py\", line 87, in collate_image_text",
          "    pixel_values = torch.stack([ex[\"pixel_values\"] for ex in batch])",
          "  File \"/home/ray/app/vlm_data.py\", line 87, in <listcomp>",
          "    pixel_values = torch.stack([ex[\"pixel_values\"] for ex in batch])",
          "KeyError: 'pixel_values'",
          "",
          "Training errored after 0 iterations at 2024-07-11 17:03:51. Total running time: 43min 51s",
          "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run."]
    files = {"%s/%s.log" % (head_node, hpod): "\n".join(L) + "\n"}
    for i in range(4):
        files["%s/%s-worker-%d.err" % (nodes[i], wpods[i], 2101 + i)] = lines(
            "%s\tINFO vlm_data.py:40 -- Loading shard wds-textonly-0000 (mixing ratio 0.15)" % pylog(plus(tf, -9 + i)),
            "KeyError: Caught KeyError in DataLoader worker process %d." % (3 - i % 2),
            "Original Traceback (most recent call last):",
            "  File \"/home/ray/app/vlm_data.py\", line 87, in collate_image_text",
            "    pixel_values = torch.stack([ex[\"pixel_values\"] for ex in batch])",
            "KeyError: 'pixel_values'")
    files["%s/dmesg.txt" % nodes[2]] = lines(
        dmesg(77120.4, "NVRM: Xid (PCI:0000:8b:00): 13, pid=1877, name=python, Graphics SM Warp Exception on (GPC 4, TPC 0, SM 1): Illegal Instruction Parameter"),
        dmesg(77120.4, "NVRM: Xid (PCI:0000:8b:00): 13, pid=1877, name=python, Graphics Exception: ESR 0x52c648=0x1000009 0x52c650=0x0 0x52c644=0xd3eff2 0x52c64c=0x17f"),
        dmesg(77122.9, "gke0a9b8c7d6e5: left promiscuous mode"),
        dmesg(78331.2, "IPv6: ADDRCONF(NETDEV_CHANGE): gke6f1a2b3c4d5: link becomes ready"),
        dmesg(78331.2, "eth0: renamed from tmp51c0e"))
    files["kubectl-get-pods.txt"] = pods_wide([(hpod, "1/1", "Running", "0", "48m", "10.20.0.3", head_node)] + [
        (wpods[i], "1/1", "Running", "0", "48m", wips[i], nodes[i]) for i in range(4)])
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Every Ray Train worker raised KeyError: 'pixel_values' in the user's collate_image_text as soon as the text-only shard was mixed in; a deterministic data/code bug. The Xid 13 on one node came from an earlier pod (pid 1877) torn down before this worker's network came up at uptime 78331 s.",
                 modelled_on="https://github.com/ray-project/ray/issues/23405")
    return "cf17_raytrain_failed_keyerror_in_dataloader", label, files


# =========================================================================
def cf18():
    """SageMaker training job, 4 x ml.p4d.24xlarge, resume fails on state_dict keys."""
    hosts = ["algo-1", "algo-2", "algo-3", "algo-4"]
    job = "llama-ft-resume-2024-03-12-10-01-22-517"
    t0 = T(2024, 3, 12, 10, 8, 40)
    files = {}
    missing = ", ".join('"model.layers.%d.self_attn.%s.weight"' % (i, p) for i in range(2) for p in ("q_proj", "k_proj", "v_proj", "o_proj"))
    unexpected = ", ".join('"module.model.layers.%d.self_attn.%s.weight"' % (i, p) for i in range(2) for p in ("q_proj", "k_proj", "v_proj", "o_proj"))
    for h, host in enumerate(hosts):
        out = []

        def put(t, s):
            for x in (s if isinstance(s, list) else [s]):
                out.append("%s\t%s" % (t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000), x))
        put(t0, "bash: cannot set terminal process group (-1): Inappropriate ioctl for device")
        put(t0, "bash: no job control in this shell")
        put(plus(t0, 1), "%s sagemaker-training-toolkit INFO     Imported framework sagemaker_pytorch_container.training" % pylog(plus(t0, 1)))
        put(plus(t0, 2), "%s sagemaker-training-toolkit INFO     Invoking user script" % pylog(plus(t0, 2)))
        put(plus(t0, 2), "Training Env:")
        put(plus(t0, 2), '{ "current_host": "%s", "hosts": ["algo-1", "algo-2", "algo-3", "algo-4"], "current_instance_type": "ml.p4d.24xlarge", "num_gpus": 8, "network_interface_name": "eth0", "distribution_instance_groups": ["homogeneousCluster"], "channel_input_dirs": {"train": "/opt/ml/input/data/train"}, "checkpoint_path": "/opt/ml/checkpoints" }' % host)
        put(plus(t0, 3), "Invoking script with the following command:")
        put(plus(t0, 3), "torchrun --nnodes 4 --nproc_per_node 8 --master_addr algo-1 --master_port 7777 --node_rank %d train_fsdp.py --resume_from /opt/ml/checkpoints/step_4000 --model_name meta-llama/Llama-2-13b-hf" % h)
        put(plus(t0, 30), "%s:%d:%d [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % (host, 180, 180))
        put(plus(t0, 31), "[%s] INFO train_fsdp.py:201 Resuming from /opt/ml/checkpoints/step_4000/model.pt (saved by run llama-ft-2024-03-11-22-40-05-113)" % pylog(plus(t0, 31)))
        for lr in range(8):
            rk = h * 8 + lr
            tt = plus(t0, 95 + lr * 0.1)
            msg = ("RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:\n\tMissing key(s) in state_dict: \"model.embed_tokens.weight\", %s, ... \n\tUnexpected key(s) in state_dict: \"module.model.embed_tokens.weight\", %s, ... " % (missing, unexpected))
            if lr == 0:
                body = tb([("train_fsdp.py", 342, "<module>", "main(args)"),
                           ("train_fsdp.py", 214, "main", "model.load_state_dict(ckpt[\"model\"])"),
                           ("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", 2153, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")], msg)
            else:
                body = msg.split("\n")
            put(tt, rank_prefix(rk, body))
        te = plus(t0, 99)
        put(te, elastic("E", te, 140001, "torch/distributed/elastic/multiprocessing/api.py:826", "failed (exitcode: 1) local_rank: 0 (pid: 180) of binary: /opt/conda/bin/python3.10"))
        put(te, child_failed("train_fsdp.py", [dict(host=host, rank=h * 8 + i, local_rank=i, exitcode=1, pid=180 + i) for i in range(1, 8)],
                             dict(host=host, rank=h * 8, local_rank=0, exitcode=1, pid=180), te, py="/opt/conda/lib/python3.10/site-packages"))
        put(plus(te, 1), "%s sagemaker-training-toolkit ERROR    Reporting training FAILURE" % pylog(plus(te, 1)))
        put(plus(te, 1), "%s sagemaker-training-toolkit ERROR    ExecuteUserScriptError:" % pylog(plus(te, 1)))
        put(plus(te, 1), "ExitCode 1")
        put(plus(te, 1), 'ErrorMessage "RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:  Missing key(s) in state_dict: "model.embed_tokens.weight", ...  Unexpected key(s) in state_dict: "module.model.embed_tokens.weight", ..."')
        put(plus(te, 1), 'Command "torchrun --nnodes 4 --nproc_per_node 8 --master_addr algo-1 --master_port 7777 --node_rank %d train_fsdp.py --resume_from /opt/ml/checkpoints/step_4000 --model_name meta-llama/Llama-2-13b-hf"' % h)
        put(plus(te, 1), "%s sagemaker-training-toolkit ERROR    Encountered exit_code 1" % pylog(plus(te, 1)))
        files["%s/%s-%s-1710238120.log" % (host, job, host)] = "\n".join(out) + "\n"
    files["describe-training-job.json"] = dumps({
        "TrainingJobName": job, "TrainingJobStatus": "Failed", "SecondaryStatus": "Failed",
        "FailureReason": "AlgorithmError: ExecuteUserScriptError:\nExitCode 1\nErrorMessage \"RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:  Missing key(s) in state_dict: \"model.embed_tokens.weight\", ...\"\nCommand \"torchrun --nnodes 4 --nproc_per_node 8 ...\", exit code: 1",
        "ResourceConfig": {"InstanceType": "ml.p4d.24xlarge", "InstanceCount": 4, "VolumeSizeInGB": 500},
        "CheckpointConfig": {"S3Uri": "s3://acme-sm-ckpt/llama-ft/", "LocalPath": "/opt/ml/checkpoints"},
        "SecondaryStatusTransitions": [
            {"Status": "Starting", "StartTime": "2024-03-12T10:01:23Z", "StatusMessage": "Preparing the instances for training"},
            {"Status": "Downloading", "StartTime": "2024-03-12T10:04:51Z", "StatusMessage": "Downloading the training image"},
            {"Status": "Training", "StartTime": "2024-03-12T10:08:40Z", "StatusMessage": "Training image download completed. Training in progress."},
            {"Status": "Failed", "StartTime": "2024-03-12T10:10:31Z", "StatusMessage": "Training job failed"}]})
    files["previous-run-save.py.txt"] = lines(
        "# excerpt of train_ddp.py used by run llama-ft-2024-03-11-22-40-05-113 (DDP, no FSDP)",
        "if rank == 0 and step % args.save_every == 0:",
        "    torch.save({\"model\": model.state_dict(), \"step\": step}, f\"/opt/ml/checkpoints/step_{step}/model.pt\")  # model is the DDP wrapper")
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="All 32 ranks on all four SageMaker hosts fail in load_state_dict: the checkpoint was saved from the DDP wrapper (keys prefixed 'module.') and is loaded into the bare model. Deterministic user code/checkpoint mismatch; rerunning will fail the same way.",
                 modelled_on="https://github.com/aks2203/deep-thinking/issues/5")
    return "cf18_sagemaker_resume_fails_on_every_host", label, files


# =========================================================================
def cf19():
    """AzureML command job on attached AKS, DeepSpeed fp16, loss scale collapses."""
    nodes = ["aks-nd96amsr-15792468-vmss000000", "aks-nd96amsr-15792468-vmss000001"]
    t0 = T(2024, 4, 11, 9, 50, 0)
    tf = T(2024, 4, 11, 10, 31, 44)
    files = {}
    for n in range(2):
        for lr in range(8):
            rk = n * 8 + lr
            if lr not in (0, 4) and not (n == 1 and lr == 7):
                continue
            out = []

            def put(t, s):
                for x in (s if isinstance(s, list) else [s]):
                    out.append(x)
            put(t0, "[%s] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % pylog(t0))
            put(t0, "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % pylog(t0))
            if rk == 0:
                put(t0, "[%s] [INFO] [config.py:988:print]   fp16_enabled ................. True" % pylog(t0))
                put(t0, "[%s] [INFO] [config.py:988:print]   initial_dynamic_scale ........ 65536" % pylog(t0))
                put(t0, "[%s] [INFO] [config.py:988:print]   optimizer_params ............. {'lr': 0.003, 'betas': [0.9, 0.95], 'eps': 1e-08, 'weight_decay': 0.1}" % pylog(t0))
                for k in range(14):
                    tt = plus(t0, 120 + k * 150)
                    loss = [3.41, 3.02, 2.88, 2.95, 3.31, 4.12, 5.87, 7.02, 7.9, 8.4, 9.1, 9.9, 10.3, 11.0][k]
                    put(tt, "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[0.003], mom=[[0.9, 0.95]]" % (pylog(tt), (k + 1) * 100, max(0, k - 4) * 3))
                    put(tt, "steps: %d loss: %.4f iter time (s): 1.212 samples/sec: 422.4" % ((k + 1) * 100, loss))
                for j, sc in enumerate([65536, 32768, 16384, 8192, 4096, 2048, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2]):
                    tt = plus(tf, -40 + j * 2.5)
                    put(tt, "[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (pylog(tt), sc, sc // 2))
                put(plus(tf, 0), "steps: 1500 loss: nan iter time (s): 1.190 samples/sec: 430.2")
            tt = plus(tf, 0.4 + lr * 0.02)
            put(tt, tb([("/mnt/azureml/cr/j/2f0b/exe/wd/pretrain.py", 288, "<module>", "main()"),
                        ("/mnt/azureml/cr/j/2f0b/exe/wd/pretrain.py", 241, "main", "model_engine.step()"),
                        ("/opt/conda/envs/ptca/lib/python3.10/site-packages/deepspeed/runtime/engine.py", 2169, "step", "self._take_model_step(lr_kwargs)"),
                        ("/opt/conda/envs/ptca/lib/python3.10/site-packages/deepspeed/runtime/engine.py", 2075, "_take_model_step", "self.optimizer.step()"),
                        ("/opt/conda/envs/ptca/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", 1840, "step", "self._update_scale(self.overflow)"),
                        ("/opt/conda/envs/ptca/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", 2091, "_update_scale", "self.loss_scaler.update_scale(has_overflow)"),
                        ("/opt/conda/envs/ptca/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py", 175, "update_scale", "raise Exception(")],
                       "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."))
            files["%s/user_logs/std_log_process_%d.txt" % (nodes[n], rk)] = "\n".join(out) + "\n"
        files["%s/system_logs/lifecycler/execution-wrapper.log" % nodes[n]] = lines(
            "%s|INFO|execution-wrapper|Process %d exited with code 1" % (pylog(plus(tf, 3)), n * 8),
            "%s|ERROR|execution-wrapper|User program failed with Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run." % pylog(plus(tf, 3)))
    files["ds_config.json"] = dumps({
        "train_micro_batch_size_per_gpu": 8, "gradient_accumulation_steps": 4,
        "fp16": {"enabled": True, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1},
        "optimizer": {"type": "AdamW", "params": {"lr": 0.003, "betas": [0.9, 0.95], "weight_decay": 0.1}},
        "gradient_clipping": 0.0, "zero_optimization": {"stage": 2}})
    files["job.yml"] = lines("$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json",
                             "command: python pretrain.py --deepspeed ds_config.json --lr 3e-3   # was 3e-4 in run 41",
                             "compute: azureml:aks-nd96amsr", "resources:", "  instance_count: 2",
                             "distribution:", "  type: pytorch", "  process_count_per_instance: 8")
    label = dict(category="numerical", layer="script", culprit=None, action="stop",
                 rationale="Loss climbed from 2.9 to 11 and then overflowed every step until DeepSpeed's fp16 scaler hit its minimum and raised on all 16 ranks on both nodes; the job raised lr tenfold to 3e-3 with gradient clipping off. Recipe divergence, not hardware.",
                 modelled_on="https://github.com/deepspeedai/DeepSpeedExamples/issues/418")
    return "cf19_loss_scale_at_minimum_exception_all_ranks", label, files


# =========================================================================
def cf20():
    """JobSet restarts; Megatron NaN-in-grad check trips on the same node/GPU each time."""
    pool = ["gke-a3m-pool-a-9d2c11f0-%s" % s for s in ("2bq7", "6tcx", "c81m", "ls0d", "zz4k")]
    bad = pool[1]
    maps = {1: [pool[0], pool[1], pool[2], pool[3]], 2: [pool[4], pool[3], pool[0], pool[1]]}
    suffix = {1: ["k2f8q", "p0n3d", "v7s1a", "x4m2e"], 2: ["a1b7c", "d9e3f", "g5h2j", "m8n6p"]}
    starts = {1: (T(2024, 11, 20, 2, 0, 0), 1, 1834, T(2024, 11, 20, 4, 3, 11)),
              2: (T(2024, 11, 20, 4, 9, 40), 1500, 1722, T(2024, 11, 20, 4, 25, 2))}
    files = {}
    for att in (1, 2):
        t0, it0, itnan, tf = starts[att]
        nodes = maps[att]
        pods = ["gpt-40b-workers-0-%d-%s" % (i, suffix[att][i]) for i in range(4)]
        badidx = nodes.index(bad)
        brank = badidx * 8 + 5
        for n in range(4):
            L = Log()
            if n == 0:
                if att == 2:
                    L.add(plus(t0, 50), " loading checkpoint from /gcs/ckpt/gpt-40b at iteration 1500")
                    L.add(plus(t0, 71), "  successfully loaded checkpoint from /gcs/ckpt/gpt-40b [ t 1/8, p 1/4 ] at iteration 1500")
                for it in range(it0 + 99 - (it0 + 99) % 100, itnan, 100):
                    tt = plus(t0, 80 + (it - it0) * 4.1)
                    L.add(tt, " [%s] iteration     %4d/  100000 | consumed samples:      %8d | elapsed time per iteration (ms): 4101.2 | learning rate: 2.400000E-04 | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                        tt.strftime("%Y-%m-%d %H:%M:%S"), it, it * 1024, 2.9 - it * 0.0003, 0.42 + (it % 300) * 0.0002))
            if n == badidx:
                tt = plus(tf, 0.2)
                L.add(tt, rank_prefix(brank, tb([
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    ("/workspace/Megatron-LM/megatron/training/training.py", 1264, "train", "train_step(forward_step_func,"),
                    ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 283, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                    ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 159, "check_for_nan_in_grad", "assert not norm_is_nan, ("),
                ], "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 5, node: %s" % (brank, pods[n]))))
                te = plus(tf, 5)
                L.add(te, elastic("E", te, 140100, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 5 (pid: 205) of binary: /usr/bin/python"))
                L.add(te, child_failed("pretrain_gpt.py", [], dict(host=pods[n], rank=brank, local_rank=5, exitcode=1, pid=205), te))
            else:
                tw = plus(tf, 600.3 + n)
                L.add(tw, watchdog_timeout(n * 8 + 5, tw, 98112 if att == 1 else 21880, "REDUCE_SCATTER", 41943040, frames=False))
            files["attempt_%d/%s/%s.log" % (att, nodes[n], pods[n])] = L.text(True)
        files["attempt_%d/kubectl-get-pods.txt" % att] = pods_wide([(pods[i], "0/1", "Error", "0", "2h" if att == 1 else "16m", "10.36.%d.%d" % (i, 20 + att), nodes[i]) for i in range(4)])
    files["%s/nvidia-smi-q-gpu5.txt" % bad] = lines(
        "GPU 00000000:AB:00.0", "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0", "    Remapped Rows", "        Pending                           : No",
        "        Remapping Failure Occurred        : No", "    Clocks Event Reasons", "        HW Slowdown                       : Not Active")
    files["kubectl-get-events.txt"] = events([
        ("39m", "Normal", "Restarting", "jobset/gpt-40b", "restarting jobset: 1 of 3 restarts (job gpt-40b-workers-0 failed)"),
        ("20m", "Normal", "Restarting", "jobset/gpt-40b", "restarting jobset: 2 of 3 restarts (job gpt-40b-workers-0 failed)")])
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="The NaN-in-grad check fired on rank 13 (attempt 1) and rank 29 (attempt 2), different pods and iterations (1834 vs 1722 after resuming from 1500), but both times on device 5 of gke-...-6tcx; the pod-to-node mapping changed, the NaN followed the node's GPU 5. Silent corruption, no ECC record; evict the node.",
                 modelled_on="https://github.com/microsoft/dion/issues/76")
    return "cf20_nan_grad_norm_assert_across_restarts", label, files


# =========================================================================
def cf27():
    """PyTorchJob Succeeded; teardown spews warnings and a dataloader __del__ traceback."""
    job = "t5-distill"
    nodes = ["aks-gpuh100-55102938-vmss000001", "aks-gpuh100-55102938-vmss000003"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job]
    ips = ["10.244.1.30", "10.244.3.12"]
    t0 = T(2024, 11, 14, 0, 0, 0)
    tend = T(2024, 11, 14, 7, 44, 2)
    files = {}
    for n in range(2):
        L = Log()
        if n == 0:
            for k in range(8):
                tt = plus(t0, 3000 + k * 3000)
                L.add(tt, "{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.1 - k * 0.05, 0.5, 5e-5 - k * 6e-6, 0.4 + k * 0.33))
            L.add(plus(tend, -60), "{'train_runtime': 27802.1, 'train_samples_per_second': 944.3, 'train_steps_per_second': 0.461, 'train_loss': 0.8122, 'epoch': 3.0}")
            L.add(plus(tend, -58), "100%%|##########| 12815/12815 [7:43:22<00:00,  2.17s/it]")
            L.add(plus(tend, -40), "[INFO|trainer.py:3478] %s >> Saving model checkpoint to /ckpt/t5-distill/final" % pylog(plus(tend, -40)))
            L.add(plus(tend, -8), "wandb: \\ 0.012 MB of 0.012 MB uploaded")
            L.add(plus(tend, -7), "wandb: ERROR Failed to serialize metric: division by zero")
            L.add(plus(tend, -6), "wandb: Run summary: train/loss 0.7411")
        for lr in range(8):
            rk = n * 8 + lr
            tt = plus(tend, lr * 0.05 + n * 0.4)
            L.add(tt, "[rank%d]:[%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (rk, glog("W", tt)))
        if n == 1:
            tt = plus(tend, 0.9)
            L.add(tt, ["", "%s:%d:%d [3] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s.t5-distill-master-0.default.svc.cluster.local<41823>" % (pods[n], 88, 412, pods[0]),
                       "%s:%d:%d [3] NCCL INFO misc/socket.cc:752 -> 6" % (pods[n], 88, 412),
                       "%s:%d:%d [3] NCCL INFO comm 0x55e1c9a2f000 rank 11 nranks 16 cudaDev 3 busId 5d000 - Abort COMPLETE" % (pods[n], 88, 412)])
            L.add(plus(tt, 0.2), ["Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f31d22a8ee0>",
                                  "Traceback (most recent call last):",
                                  "  File \"%s/torch/utils/data/dataloader.py\", line 1562, in __del__" % PY,
                                  "    self._shutdown_workers()",
                                  "  File \"%s/torch/utils/data/dataloader.py\", line 1520, in _shutdown_workers" % PY,
                                  "    if w.is_alive():",
                                  "  File \"/usr/lib/python3.10/multiprocessing/process.py\", line 160, in is_alive",
                                  "    assert self._parent_pid == os.getpid(), 'can only test a child process'",
                                  "AssertionError: can only test a child process"])
        te = plus(tend, 2)
        L.add(te, elastic("I", te, 139550, "torch/distributed/elastic/agent/server/api.py:879", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        L.add(te, elastic("I", plus(te, 0.4), 139550, "torch/distributed/elastic/agent/server/api.py:932", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
        L.add(te, elastic("I", plus(te, 0.5), 139550, "torch/distributed/elastic/agent/server/api.py:946", "Done waiting for other agents. Elapsed: 0.41 seconds"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Completed", "0", "7h45m", ips[i], nodes[i]) for i in range(2)])
    files["kubectl-get-pytorchjob.txt"] = table(["NAME", "STATE", "AGE"], [[job, "Succeeded", "7h46m"]])
    files["kubectl-get-events.txt"] = events([
        ("2m", "Normal", "ExitedWithCode", "pytorchjob/t5-distill", "Pod: default.t5-distill-worker-0 exited with code 0"),
        ("2m", "Normal", "ExitedWithCode", "pytorchjob/t5-distill", "Pod: default.t5-distill-master-0 exited with code 0"),
        ("2m", "Normal", "PyTorchJobSucceeded", "pytorchjob/t5-distill", "PyTorchJob t5-distill is successfully completed.")])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Training reached 100% (3 epochs), saved the final model and both pods exited 0 with the PyTorchJob Succeeded; the destroy_process_group warnings, the socket close as the master exited first, the dataloader __del__ assertion and the wandb serialize error are teardown noise.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/126275")
    return "cf27_succeeded_job_with_nccl_warnings_at_exit", label, files


# =========================================================================
def cf28():
    """GKE spot A100 pool, JobSet, one node preempted."""
    nodes = ["gke-spot-a100-pool-71e0d2c4-3v9n", "gke-spot-a100-pool-71e0d2c4-cq6h", "gke-spot-a100-pool-71e0d2c4-j2rw"]
    pods = ["vit-h-spot-workers-0-%d-%s" % (i, s) for i, s in enumerate(["8c2xd", "n4b7q", "w0t5k"])]
    ips = ["10.88.0.14", "10.88.1.22", "10.88.2.9"]
    t0 = T(2024, 9, 9, 20, 0, 0)
    tp = T(2024, 9, 9, 23, 12, 5)
    bad = 1
    files = {}
    for n in range(3):
        L = Log()
        if n == 0:
            for k in range(12):
                tt = plus(t0, 400 + k * 950)
                if tt < tp:
                    L.add(tt, "%s | train | it %6d | loss %.4f | %.0f img/s" % (pylog(tt), 2000 + k * 400, 2.9 - k * 0.05, 7121.0))
        if n == bad:
            tt = plus(tp, 1.0)
            L.add(tt, elastic("I", tt, 140222, "torch/distributed/elastic/agent/server/api.py:737", "[default] Received Signals.SIGTERM death signal, shutting down workers"))
            L.add(tt, sigterm_lines(tt, 140222, [66 + i for i in range(8)]))
            L.add(plus(tt, 2), "torch.distributed.elastic.multiprocessing.api.SignalException: Process 21 got signal: 15")
        else:
            tt = plus(tp, 31 + n)
            rk = n * 8 + 2
            L.add(tt, ["", "%s:%d:%d [2] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<52011>" % (pods[n], 68, 301, ips[bad]),
                       "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rk, glog("E", plus(tt, 0.2)), rk)])
            L.add(plus(tt, 3), elastic("E", plus(tt, 3), 140222, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 2 (pid: 68) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/kubelet-journal.txt" % nodes[bad]] = lines(
        syslog(tp, nodes[bad], "kubelet[1875]", 'I0909 23:12:05.004211    1875 nodeshutdown_manager_linux.go:265] "Shutdown manager detected new shutdown event, isNodeShuttingDownNow" event=true'),
        syslog(tp, nodes[bad], "kubelet[1875]", 'I0909 23:12:05.004302    1875 nodeshutdown_manager_linux.go:273] "Shutdown manager detected new shutdown event" event="shutdown"'),
        syslog(plus(tp, 0.1), nodes[bad], "kubelet[1875]", 'I0909 23:12:05.101877    1875 nodeshutdown_manager_linux.go:375] "Shutdown manager killing pod with gracePeriod" pod="default/%s" gracePeriod=15' % pods[bad]),
        syslog(plus(tp, 15.2), nodes[bad], "systemd[1]", "Reached target Power-Off."))
    files["gcloud-operations.txt"] = table(["NAME", "TYPE", "TARGET", "HTTP_STATUS", "STATUS", "TIMESTAMP"], [
        ["systemevent-1725923523141-5f1a3c", "compute.instances.preempted", "us-central1-c/instances/%s" % nodes[bad], "200", "DONE", "2024-09-09T23:12:03.141-07:00".replace("-07:00", "+00:00")]])
    files["kubectl-get-events.txt"] = events([
        ("9m", "Warning", "NodeShutdown", "pod/%s" % pods[bad], "Pod was terminated in response to imminent node shutdown."),
        ("9m", "Normal", "NodeNotReady", "node/%s" % nodes[bad], "Node %s status is now: NodeNotReady" % nodes[bad]),
        ("8m", "Normal", "RemovingNode", "node/%s" % nodes[bad], "Node %s event: Removing Node %s from Controller" % (nodes[bad], nodes[bad])),
        ("8m", "Warning", "FailedJobs", "jobset/vit-h-spot", "jobset vit-h-spot failed: job vit-h-spot-workers-0 failed (maxRestarts 0 reached)")])
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Failed" if i == bad else "Error", "0", "3h13m", ips[i], nodes[i]) for i in range(3)])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="GCE preempted the spot node under vit-h-spot-workers-0-1 (compute.instances.preempted, kubelet graceful node shutdown, 'terminated in response to imminent node shutdown'); the other pods' socket/NCCL errors followed. A preemption, not a fault in the job or the node; nothing to diagnose.",
                 modelled_on="https://github.com/flyteorg/flyteplugins/pull/354")
    return "cf28_pod_sigterm_then_peers_nccl_errors", label, files


CASES = [cf17, cf18, cf19, cf20, cf27, cf28]
