"""Cases q01-q10."""
from common import *  # noqa

LIB310 = "/usr/local/lib/python3.10/dist-packages"


# =============================================================================================
def q01(b):
    """PyTorchJob on GKE a2-ultragpu: worker-1 container OOMKilled by the memory cgroup; host RSS of the
    job's own ranks (ZeRO-3 CPU offload) climbs on every pod. oom/framework/null/stop"""
    rng = b.rng
    clk = Clock(2025, 3, 11, 7, 58, 0, boot_offset=412233.0)
    job, ns = "llava-ft", "vision"
    pods = ["llava-ft-master-0", "llava-ft-worker-0", "llava-ft-worker-1", "llava-ft-worker-2"]
    vms = ["gke-a2u-train-pool-5d1e2c7b-9qzt", "gke-a2u-train-pool-5d1e2c7b-h2mc", "gke-a2u-train-pool-5d1e2c7b-rr4k", "gke-a2u-train-pool-5d1e2c7b-x0vd"]
    ips = ["10.44.1.12", "10.44.2.9", "10.44.3.7", "10.44.5.21"]
    max_steps = 9000
    t_oom = 3 * 3600 + 1210.4
    limit_gib = 1200.0
    digest = "sha256:" + "%064x" % rng.getrandbits(256)
    for i, pod in enumerate(pods):
        L = []
        L += ["+ nvidia-smi -L"] + ["GPU %d: NVIDIA A100-SXM4-80GB (UUID: GPU-%08x-%04x-%04x-%04x-%012x)" % (g, rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)) for g in range(8)]
        L += ["+ env | grep -E 'MASTER|RANK|WORLD|PET_'"] + env_dump([("MASTER_ADDR", "llava-ft-master-0"), ("MASTER_PORT", "23456"), ("PET_NNODES", "4"), ("PET_NPROC_PER_NODE", "8"), ("PET_NODE_RANK", str(i)), ("WORLD_SIZE", "4"), ("RANK", str(i))])
        L += ["+ torchrun --nnodes=4 --nproc_per_node=8 --node_rank=%d --master_addr=llava-ft-master-0 --master_port=23456 train_llava.py --deepspeed configs/zero3_offload.json --per_device_train_batch_size 4 --gradient_accumulation_steps 4 --bf16 --dataloader_num_workers 8" % i]
        L += torchrun_start(clk, 5 + i * 0.3, 41 + i, 4, 8, "llava-ft-master-0:23456", "llava-ft")[:4]
        L += ["[2025-03-11 07:58:%02d,%03d] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % (31 + i, rng.randint(0, 999))]
        for lr_ in range(8):
            r = i * 8 + lr_
            L.append("[2025-03-11 07:58:%02d,%03d] [INFO] [comm.py:652:init_distributed] cdb=None" % (38 + i, rng.randint(0, 999)))
        if i == 0:
            L.append("[2025-03-11 07:58:39,114] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
        L += nccl_init(pod, 118 + i, 0, i * 8, 32, ver="2.20.5+cuda12.4", plugin=None, rng=rng, ip=ips[i])[:3]
        L.append("%s:%d:%d [0] NCCL INFO NET/Socket : Using [0]eth0:%s<0>" % (pod, 118 + i, 301 + i, ips[i]))
        L.append("%s:%d:%d [0] NCCL INFO Using network Socket" % (pod, 118 + i, 301 + i))
        L.append("[2025-03-11 07:59:12,%03d] [INFO] [partition_parameters.py:348:__exit__] finished initializing model - num_params = 731, num_elems = 7.06B" % rng.randint(0, 999))
        if i == 0:
            L += ["[2025-03-11 07:59:40,221] [INFO] [config.py:1000:print] DeepSpeedEngine configuration:",
                  "[2025-03-11 07:59:40,221] [INFO] [config.py:1004:print]   zero_optimization_stage ...... 3",
                  "[2025-03-11 07:59:40,221] [INFO] [config.py:1004:print]   zero_config .................. stage=3 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=500000000 offload_param=DeepSpeedZeroOffloadParamConfig(device='cpu', nvme_path=None, buffer_count=5, buffer_size=100000000, max_in_cpu=1000000000, pin_memory=True) offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0) sub_group_size=1000000000",
                  "***** Running training *****",
                  "  Num examples = 1,152,000", "  Num Epochs = 1", "  Instantaneous batch size per device = 4",
                  "  Total train batch size (w. parallel, distributed & accumulation) = 512",
                  "  Gradient Accumulation steps = 4", "  Total optimization steps = 9,000",
                  "  Number of trainable parameters = 7,063,427,072"]
        # memory monitor callback (local rank 0 on every pod) + progress
        step_dt = 1.43
        t = 120.0
        s = 0
        rss = 402.0 + i * 3.5
        while t < t_oom + (0 if i == 2 else 14):
            t += step_dt * 50
            s += 50
            rss += 50 * (0.0948 + rng.uniform(-0.004, 0.004)) * (1.0 if i != 1 else 0.985)
            if i == 2 and t > t_oom:
                break
            if i == 0:
                L.append(tqdm_bar("", s, max_steps, t - 120, 1 / step_dt).lstrip(": ").strip())
                if s % 100 == 0:
                    L.append(hf_log_dict(rng, s, max_steps, lr0=2e-5, l0=1.45))
            if s % 250 == 0:
                L.append("[mem-monitor] %s step=%d host_rss_job=%.1fGiB cgroup_usage=%.1fGiB cgroup_limit=%.1fGiB pinned=%.1fGiB dl_workers=64" % (
                    clk.iso(t), s, rss, rss + 11.2, limit_gib, 141.3))
        last = s
        if i == 2:
            L.append("[mem-monitor] %s step=%d host_rss_job=%.1fGiB cgroup_usage=%.1fGiB cgroup_limit=%.1fGiB pinned=%.1fGiB dl_workers=64" % (clk.iso(t_oom - 40), last, rss, rss + 11.6, limit_gib, 141.3))
            b.add(pod + "/kubectl_logs_previous.txt", L)
        else:
            peer = "llava-ft-worker-1.llava-ft.vision.svc.cluster.local<%d>" % (43000 + i * 211)
            L.append("%s:%d:%d [%d] NCCL WARN socketProgress: Connection closed by remote peer %s" % (pod, 130 + i, 402 + i, 3, peer))
            L.append("%s:%d:%d [%d] NCCL INFO misc/socket.cc:789 -> 6" % (pod, 130 + i, 402 + i, 3))
            L.append("%s:%d:%d [%d] NCCL INFO transport/net_socket.cc:474 -> 6" % (pod, 130 + i, 402 + i, 3))
            r3 = i * 8 + 3
            L += nccl_remote_error(clk, t_oom + 3 + i, r3, "socketProgress: Connection closed by remote peer %s" % peer, ver="2.20.5")
            L.append(clk.elastic(t_oom + 9 + i, "W", 41 + i, "torch/distributed/elastic/multiprocessing/api.py:897") + " Sending process %d closing signal SIGTERM" % (130 + i + 1))
            L += child_failed(clk, t_oom + 12 + i, pod, r3, 3, -6, 130 + i + 3, script="train_llava.py")
            b.add(pod + "/kubectl_logs.txt", L)
    # describe pods
    for i, pod in enumerate(pods):
        ev = [("Normal", "Scheduled", "3h22m", "default-scheduler", "Successfully assigned vision/%s to %s" % (pod, vms[i])),
              ("Normal", "Pulled", "3h22m", "kubelet", 'Container image "us-docker.pkg.dev/acme-ml/train/llava-ft:2025.03.10" already present on machine'),
              ("Normal", "Created", "3h22m", "kubelet", "Created container pytorch"),
              ("Normal", "Started", "3h22m", "kubelet", "Started container pytorch")]
        if i == 2:
            st, rs, ec, fin = "Terminated", "OOMKilled", 137, t_oom
        else:
            st, rs, ec, fin = "Terminated", "Error", 1, t_oom + 14 + i
        b.add(pod + "/describe_pod.txt", describe_pod(clk, pod, ns, vms[i], "10.128.0.%d" % (40 + i), ips[i],
                                                        "us-docker.pkg.dev/acme-ml/train/llava-ft:2025.03.10", digest, st, 60, fin, rs, ec,
                                                        labels=["training.kubeflow.org/job-name=llava-ft", "training.kubeflow.org/replica-index=%d" % (0 if i == 0 else i - 1),
                                                                "training.kubeflow.org/replica-type=%s" % ("master" if i == 0 else "worker")],
                                                        env=[("PET_NODE_RANK", str(i)), ("PET_NNODES", "4"), ("MASTER_ADDR", "llava-ft-master-0")],
                                                        events=ev, limits_mem="1200Gi", gpus=8))
    # node kernel log for worker-1's VM (collected via node-debugger)
    k = []
    for j in range(6):
        k.append("%s gke-a2u kernel: nvidia-nvswitch1: open (major=507)" % clk.syslog(30 + j) if j == 0 else "%s %s kubelet[2211]: I0311 %s  2211 kubelet_getters.go:218] \"Pod status updated\" pod=\"vision/%s\" status=\"Running\"" % (clk.syslog(600 * j), vms[2], clk.t(600 * j).strftime("%H:%M:%S.%f"), pods[2]))
    T = clk.syslog(t_oom - 0.4)
    h = vms[2]
    k += ["%s %s kernel: python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=936" % (T, h),
          "%s %s kernel: CPU: 71 PID: 48377 Comm: python3 Tainted: P           OE      6.1.100+ #1" % (T, h),
          "%s %s kernel: Hardware name: Google Google Compute Engine/Google Compute Engine, BIOS Google 01/25/2025" % (T, h),
          "%s %s kernel: memory: usage 1258291200kB, limit 1258291200kB, failcnt 8812" % (T, h),
          "%s %s kernel: swap: usage 0kB, limit 9007199254740988kB, failcnt 0" % (T, h),
          "%s %s kernel: Memory cgroup stats for /kubepods/burstable/pod7c41e2a0-0d1f-4b3e-9a55-8a1c2f7e6b10:" % (T, h),
          "%s %s kernel: anon 1221473828864" % (T, h),
          "%s %s kernel: file 14221312000" % (T, h),
          "%s %s kernel: shmem 12884901888" % (T, h),
          "%s %s kernel: Tasks state (memory values in pages):" % (T, h),
          "%s %s kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % (T, h)]
    for j, (pid, rss) in enumerate([(48211, 36811223), (48212, 36799120), (48213, 36802311), (48214, 36790012), (48215, 36811991), (48216, 36788002), (48217, 36799433), (48218, 36801774)]):
        k.append("%s %s kernel: [  %d]     0 %d 412341235 %9d  312442880        0           936 python3" % (T, h, pid, pid, rss))
    k += ["%s %s kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-4be1f2a9.scope,mems_allowed=0-1,oom_memcg=/kubepods/burstable/pod7c41e2a0-0d1f-4b3e-9a55-8a1c2f7e6b10,task_memcg=/kubepods/burstable/pod7c41e2a0-0d1f-4b3e-9a55-8a1c2f7e6b10/cri-containerd-4be1f2a9,task=python3,pid=48211,uid=0" % (T, h),
          "%s %s kernel: Memory cgroup out of memory: Killed process 48211 (python3) total-vm:1649364940kB, anon-rss:147244892kB, file-rss:612004kB, shmem-rss:1572864kB, UID:0 pgtables:305120kB oom_score_adj:936" % (T, h),
          "%s %s containerd[1893]: time=\"%s\" level=info msg=\"TaskExit event in podsandbox handler container_id:\\\"4be1f2a9\\\" pid:48102 exit_status:137\"" % (clk.syslog(t_oom + 1), h, clk.iso(t_oom + 1)),
          "%s %s kubelet[2211]: I0311 %s    2211 kubelet.go:2468] \"SyncLoop (PLEG): event for pod\" pod=\"vision/llava-ft-worker-1\" event={\"Type\":\"ContainerDied\"}" % (clk.syslog(t_oom + 2), h, clk.t(t_oom + 2).strftime("%H:%M:%S.%f"))]
    b.add(pods[2] + "/node_journal_kernel_kubelet.log", k)
    b.set_label("oom", "framework", None, None, "stop",
                "worker-1's container was OOMKilled (exit 137, memcg limit 1200Gi reached by the job's own python3 ranks); the job's mem-monitor shows host RSS climbing ~0.1 GiB/step on every pod (400 -> ~1190 GiB) toward the limit (ZeRO-3 CPU offload), so the job itself outgrows host memory; NCCL socket errors on the other pods are sympathetic.",
                "https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/")


# =============================================================================================
def q02(b):
    """GKE A3 JobSet, NeMo/Megatron: 'found NaN in local grad norm' twice, at different iterations and
    different ranks, but both times on device 3 of the same VM. gpu_hardware/infra/VM/rwn"""
    rng = b.rng
    vms = ["gke-a3-train-a3-pool-4e1c9a7d-" + s for s in ["0b7n", "3jx4", "9dfw", "c2lm", "k2xq", "m81z", "tt5r", "wq0e"]]
    bad = vms[4]
    assign = [
        [0, 1, 2, 3, 7, 4, 5, 6],  # attempt 0: vm index per pod index; pod 5 -> k2xq (vms[4])
        [3, 0, 4, 6, 1, 7, 2, 5],  # attempt 1: pod 2 -> k2xq
    ]
    suffixes = [["h7k2p", "q1x9v", "z8m3n", "c4r7t", "p2w6d", "x7q2m", "f3k8s", "n5b1g"],
                ["r2d9k", "m7x1q", "v4n8z", "b6t2w", "k9p3c", "j1s7f", "w5h4x", "g8l2e"]]
    fail = [(5, 3, 18231), (2, 3, 18064)]
    for a in range(2):
        clk = Clock(2025, 2, 17, 9, 2, 0) if a == 0 else Clock(2025, 2, 17, 11, 31, 0)
        start_it = 16000 if a == 0 else 18000
        for p in range(8):
            vm = vms[assign[a][p]]
            pod = "gpt20b-workers-0-%d-%s" % (p, suffixes[a][p])
            L = ["+ echo \"NODE_NAME=${NODE_NAME} POD_NAME=${POD_NAME} JOB_COMPLETION_INDEX=${JOB_COMPLETION_INDEX}\"",
                 "NODE_NAME=%s POD_NAME=%s JOB_COMPLETION_INDEX=%d" % (vm, pod, p),
                 "+ export NNODES=8 NODE_RANK=%d GPUS_PER_NODE=8 MASTER_ADDR=gpt20b-workers-0-0.gpt20b" % p,
                 "jobset.sigs.k8s.io/restart-attempt=%d" % a,
                 "+ torchrun --nnodes=8 --nproc-per-node=8 --node-rank=%d --rdzv-backend=static --master-addr=gpt20b-workers-0-0.gpt20b --master-port=6002 /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-path=/cfg --config-name=gpt20b.yaml" % p]
            L += nccl_init(pod, 201, 0, p * 8, 64, ver="2.21.5+cuda12.4", plugin="tcpx", rng=rng, ip="10.8.%d.%d" % (p, 2))
            if p == 3:
                L.append("%s:201:288 [0] NCCL WARN NET/GPUDirectTCPX : Unable to set socket option SO_ZEROCOPY on fd 211, falling back to copy; this is benign on COS 113 kernels" % pod)
            if p == 0:
                L += ["[NeMo I %s megatron_init:314] Rank 0 has data parallel group : [0, 8, 16, 24, 32, 40, 48, 56]" % clk.plain(40),
                      "[NeMo I %s megatron_init:320] Ranks 0 has data parallel rank: 0" % clk.plain(40),
                      "[NeMo I %s megatron_init:339] Rank 0 has tensor model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]" % clk.plain(40),
                      "[NeMo I %s nemo_model_checkpoint:497] Loading checkpoint from /gcs/ckpt/gpt20b/step=%d-consumed_samples=%d.0" % (clk.plain(95), start_it, start_it * 512),
                      "[NeMo I %s nlp_overrides:1234] Resumed from iteration %d" % (clk.plain(160), start_it)]
                t = 170.0
                it = start_it
                end_it = fail[a][2]
                while it < end_it - 1:
                    it += 1
                    t += 3.91 + rng.uniform(-0.05, 0.07)
                    if it % 25 == 0:
                        L.append("Training epoch 0, iteration %d/250000 | lr: %.4e | global_batch_size: 512 | global_step: %d | reduced_train_loss: %.4f | train_step_timing in s: %.3f | consumed_samples: %d" % (
                            it, 3e-4 * (1 - it / 250000.0), it, loss_curve(rng, it, l0=3.2, floor=2.05, tau=9000), 3.91 + rng.uniform(-0.04, 0.06), it * 512))
                    if it % 500 == 0:
                        L.append("[NeMo I %s nemo_model_checkpoint:225] Checkpoint save for step=%d started" % (clk.plain(t), it))
            tf = 170.0 + (fail[a][2] - start_it) * 3.92
            fp, fdev, fit = fail[a]
            if p == fp:
                r = p * 8 + fdev
                L += ["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 64, in main' % r,
                      "[rank%d]:     trainer.fit(model)" % r,
                      '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit' % r,
                      "[rank%d]:     call._call_and_handle_interrupt(" % r,
                      '[rank%d]:   File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 824, in training_step' % r,
                      "[rank%d]:     losses_reduced_per_micro_batch = self.fwd_bwd_step(dataloader_iter, False)" % r,
                      '[rank%d]:   File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 348, in start_grad_sync' % r,
                      "[rank%d]:     self.check_for_nan_in_grad()" % r,
                      '[rank%d]:   File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 171, in check_for_nan_in_grad' % r,
                      "[rank%d]:     rerun_state_machine.validate_result(" % r,
                      '[rank%d]:   File "/opt/megatron-lm/megatron/core/rerun_state_machine.py", line 519, in validate_result' % r,
                      "[rank%d]:     raise RuntimeError(full_message)" % r,
                      "[rank%d]: RuntimeError: Rank %d, node %s, device %d, iteration %d: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')" % (r, r, pod, fdev, fit)]
                L += [clk.elastic(tf + 4, "W", 187, "torch/distributed/elastic/multiprocessing/api.py:897") + " Sending process %d closing signal SIGTERM" % (301 + k) for k in range(8) if k != fdev]
                L += child_failed(clk, tf + 9, pod, r, fdev, 1, 301 + fdev, script="megatron_gpt_pretraining.py")
            else:
                rr = p * 8 + 1
                L += nccl_remote_error(clk, tf + 5 + p * 0.3, rr, "NET/GPUDirectTCPX : Connection closed by remote peer 10.8.%d.2<45710>" % fp)
                L += child_failed(clk, tf + 11, pod, rr, 1, -6, 301 + 1, script="megatron_gpt_pretraining.py")
            b.add("attempt_%d/%s/kubectl_logs_%s.txt" % (a, vm, pod), L)
        # jobset events on the VM running pod 0
        if a == 0:
            ev = ["LAST SEEN   TYPE      REASON             OBJECT                               MESSAGE",
                  "3h11m       Normal    SuccessfulCreate   jobset/gpt20b                        Created jobset gpt20b",
                  "%-11s Warning   FailedJobs         jobset/gpt20b                        Job gpt20b-workers-0 failed; restart attempt 1 of 3" % "2h29m",
                  "%-11s Normal    Restarting         jobset/gpt20b                        Recreating child jobs (restart-attempt=1)" % "2h29m"]
            b.add("attempt_1/%s/kubectl_get_events.txt" % vms[assign[1][0]], ev)
    b.set_label("gpu_hardware", "infrastructure", bad, None, "restart_without_node",
                "Megatron's NaN check fired in both attempts at different iterations (18231, then 18064 after resuming from 18000) and different global ranks (43, then 19), but each time on device 3 of the pod running on VM %s (NODE_NAME dump); NaN that follows one physical GPU rather than the data points at that VM's GPU (rank differs per attempt, so only the node is named)." % bad,
                "https://github.com/NVIDIA/Megatron-LM/issues/780")


# =============================================================================================
def q03(b):
    """GKE JobSet torchtitan FSDP2: one pod fails ImportError fully_shard - its VM ran a stale cached
    :latest image with torch 2.4.1. dependency/infrastructure/VM/rwn"""
    rng = b.rng
    clk = Clock(2025, 4, 2, 14, 10, 0)
    vms = ["gke-a3m-research-pool-7f3e21aa-" + s for s in ["5hqz", "bn2d", "ljw8", "v9ct"]]
    stale = 2
    img = "us-central1-docker.pkg.dev/acme-llm/titan/torchtitan:latest"
    good_digest = "sha256:" + "%064x" % rng.getrandbits(256)
    old_digest = "sha256:" + "%064x" % rng.getrandbits(256)
    suf = ["d2kq8", "m5w1x", "t9c4r", "z7h3n"]
    for p in range(4):
        pod = "titan-8b-node-0-%d-%s" % (p, suf[p])
        tv = "2.4.1+cu124" if p == stale else "2.6.0+cu124"
        L = ["[entrypoint] %s starting on ${NODE_NAME}=%s index=%d" % (clk.iso(30 + p), vms[p], p),
             "[entrypoint] python=3.10.12 torch=%s cuda=12.4 nccl=%s" % (tv, "2.20.5" if p == stale else "2.21.5"),
             "[entrypoint] torchtitan git=8d1b3c5 (main@2025-03-28)",
             "+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=titan-8b-node-0-0.titan-8b:29400 --rdzv_id=titan-8b-0402 --role=trainer torchtitan/train.py --job.config_file ./train_configs/llama3_8b.toml"]
        L += torchrun_start(clk, 40 + p, 77, 4, 8, "titan-8b-node-0-0.titan-8b:29400", "titan-8b-0402")
        L += torchrun_rdzv_done(clk, 63, 77, p, 8, 4, "titan-8b-node-0-0.titan-8b", 39517)
        if p == stale:
            for lr_ in range(8):
                r = p * 8 + lr_
                L += ["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/workspace/torchtitan/torchtitan/train.py", line 15, in <module>' % r,
                      "[rank%d]:     from torchtitan.components.checkpoint import CheckpointManager" % r,
                      '[rank%d]:   File "/workspace/torchtitan/torchtitan/components/checkpoint.py", line 22, in <module>' % r,
                      "[rank%d]:     from torchtitan.models.llama3.parallelize import apply_fsdp" % r,
                      '[rank%d]:   File "/workspace/torchtitan/torchtitan/models/llama3/parallelize.py", line 13, in <module>' % r,
                      "[rank%d]:     from torch.distributed.fsdp import CPUOffloadPolicy, fully_shard, MixedPrecisionPolicy" % r,
                      "[rank%d]: ImportError: cannot import name 'CPUOffloadPolicy' from 'torch.distributed.fsdp' (/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/__init__.py)" % r]
            L += [clk.elastic(70, "E", 77, "torch/distributed/elastic/multiprocessing/api.py:869") + " failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % 118]
            L += child_failed(clk, 70.4, "titan-8b-node-0-2-t9c4r", 16, 0, 1, 118, script="torchtitan/train.py",
                              others=[(16 + k, k, 1, 118 + k) for k in range(1, 8)])
            b.add(vms[p] + "/pod_%s_previous.log" % pod, L)
        else:
            for lr_ in (0,):
                r = p * 8
                L += ["[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % (r, clk.pylog(68 + p)),
                      "[rank%d]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % (r, clk.pylog(68.3 + p)),
                      "[rank%d]:[W402 14:11:09.%09d socket.cpp:752] [c10d] The client socket has failed to connect to [titan-8b-node-0-0.titan-8b]:39517 (errno: 111 - Connection refused)." % (r, rng.randint(0, 999999999))]
            to = 70 + 1800
            L += ["[rank%d]: Traceback (most recent call last):" % (p * 8),
                  '[rank%d]:   File "/workspace/torchtitan/torchtitan/train.py", line 92, in __init__' % (p * 8),
                  "[rank%d]:     dist_utils.init_distributed(job_config)" % (p * 8),
                  '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 81, in wrapper' % (p * 8),
                  "[rank%d]:     return func(*args, **kwargs)" % (p * 8),
                  '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1710, in init_process_group' % (p * 8),
                  "[rank%d]:     store, rank, world_size = next(rendezvous_iterator)" % (p * 8),
                  "[rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined." % (p * 8)]
            L += child_failed(clk, to, pod, p * 8, 0, 1, 118, script="torchtitan/train.py")
            b.add(vms[p] + "/pod_%s.log" % pod, L)
        ev = [("Normal", "Scheduled", "34m", "default-scheduler", "Successfully assigned research/%s to %s" % (pod, vms[p]))]
        if p == stale:
            ev += [("Normal", "Pulled", "34m", "kubelet", 'Container image "%s" already present on machine' % img),
                   ("Normal", "Created", "34m", "kubelet", "Created container trainer"),
                   ("Normal", "Started", "34m", "kubelet", "Started container trainer"),
                   ("Warning", "BackOff", "2m (x7 over 31m)", "kubelet", "Back-off restarting failed container trainer in pod %s_research" % pod)]
            d = old_digest
        else:
            ev += [("Normal", "Pulling", "34m", "kubelet", 'Pulling image "%s"' % img),
                   ("Normal", "Pulled", "33m", "kubelet", 'Successfully pulled image "%s" in 1m12.404s (1m12.404s including waiting). Image size: 14211873210 bytes.' % img),
                   ("Normal", "Created", "33m", "kubelet", "Created container trainer"),
                   ("Normal", "Started", "33m", "kubelet", "Started container trainer")]
            d = good_digest
        b.add(vms[p] + "/describe_pod.txt", describe_pod(clk, pod, "research", vms[p], "10.128.15.%d" % (11 + p), "10.92.%d.4" % p, img, d,
                                                          "Waiting" if p == stale else "Terminated", 60, 70 + 1801, "CrashLoopBackOff" if p == stale else "Error", 1,
                                                          restarts=7 if p == stale else 0, labels=["jobset.sigs.k8s.io/jobset-name=titan-8b", "batch.kubernetes.io/job-completion-index=%d" % p],
                                                          env=[("NODE_NAME", " (v1:spec.nodeName)"), ("JOB_COMPLETION_INDEX", " (v1:metadata.labels['batch.kubernetes.io/job-completion-index'])")],
                                                          events=ev, container="trainer", last_state=("Error", 1, 60, 71) if p == stale else None))
    b.set_label("dependency", "infrastructure", vms[stale], None, "restart_without_node",
                "Only the pod on %s fails, at import, with torch 2.4.1 (the others run 2.6.0); describe shows that VM reused an old cached ':latest' image (different Image ID, 'already present on machine') instead of pulling the new one. The other pods' DistStoreError timeouts are sympathetic." % vms[stale],
                "https://kubernetes.io/docs/concepts/containers/images/#image-pull-policy")


# =============================================================================================
def q04(b):
    """EKS p5: one worker pod never starts - its node is out of ephemeral storage (image pull 'no space
    left on device', DiskPressure, eviction); the other pods time out in rendezvous. host/infra/node/rwn"""
    rng = b.rng
    clk = Clock(2025, 1, 21, 19, 40, 0)
    nodes = ["ip-10-1-23-87.us-west-2.compute.internal", "ip-10-1-41-203.us-west-2.compute.internal",
             "ip-10-1-88-14.us-west-2.compute.internal", "ip-10-1-97-160.us-west-2.compute.internal"]
    bad = 2
    pods = ["mistral-sft-master-0", "mistral-sft-worker-0", "mistral-sft-worker-1", "mistral-sft-worker-2"]
    img = "123456789012.dkr.ecr.us-west-2.amazonaws.com/llm/sft:v0.9.3"
    for i, n in enumerate(nodes):
        if i == bad:
            continue
        L = ["=== rank env ===", "PET_NNODES=4", "PET_NPROC_PER_NODE=8", "PET_NODE_RANK=%d" % i, "PET_RDZV_ENDPOINT=mistral-sft-master-0:29400", "PET_RDZV_BACKEND=c10d",
             "FI_PROVIDER=efa", "FI_EFA_USE_DEVICE_RDMA=1", "NCCL_DEBUG=WARN"]
        L += torchrun_start(clk, 20 + i * 2, 52, 4, 8, "mistral-sft-master-0:29400", "mistral-sft-0121", max_restarts=3)
        t = 25 + i * 2
        for k in range(1, 16):
            L.append(clk.elastic(t + 60 * k, "I", 52, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1231") + " The node '%s_52_0' is waiting for rendezvous 'mistral-sft-0121' to complete; 3/4 participants have joined (min_nodes=4)." % pods[i])
        te = t + 902
        L += ["Traceback (most recent call last):",
              '  File "/usr/local/bin/torchrun", line 8, in <module>',
              "    sys.exit(main())",
              '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 255, in launch_agent',
              "    result = agent.run()",
              '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 866, in _invoke_run',
              "    self._initialize_workers(self._worker_group)",
              '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1153, in next_rendezvous',
              "    self._op_executor.run(join_op, deadline, self._get_deadline)",
              '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 648, in run',
              "    raise RendezvousTimeoutError",
              "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"]
        b.add(n + "/%s.log" % pods[i], L)
        b.add(n + "/describe_pod_%s.txt" % pods[i], describe_pod(clk, pods[i], "llm", n, "10.1.%d.%d" % (i * 20, 10 + i), "10.1.%d.%d" % (100 + i, 33), img,
                                                                 "sha256:" + "%064x" % (0xabc1230 + 7), "Terminated", 20, te, "Error", 1,
                                                                 labels=["training.kubeflow.org/job-name=mistral-sft", "training.kubeflow.org/replica-type=%s" % ("master" if i == 0 else "worker")],
                                                                 env=[("PET_NODE_RANK", str(i))], events=[("Normal", "Pulled", "19m", "kubelet", 'Container image "%s" already present on machine' % img)], limits_mem="1800Gi"))
    n = nodes[bad]
    pod = pods[bad]
    ev = [("Normal", "Scheduled", "19m", "default-scheduler", "Successfully assigned llm/%s to %s" % (pod, n)),
          ("Normal", "Pulling", "19m", "kubelet", 'Pulling image "%s"' % img),
          ("Warning", "Failed", "12m", "kubelet", 'Failed to pull image "%s": failed to pull and unpack image "%s": failed to extract layer sha256:9f2c4e1b7d0a: write /var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/1187/fs/usr/local/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: no space left on device: unknown' % (img, img)),
          ("Warning", "Failed", "12m", "kubelet", "Error: ErrImagePull"),
          ("Normal", "BackOff", "11m (x3 over 12m)", "kubelet", 'Back-off pulling image "%s"' % img),
          ("Warning", "Failed", "11m (x3 over 12m)", "kubelet", "Error: ImagePullBackOff"),
          ("Warning", "Evicted", "9m", "kubelet", "The node was low on resource: ephemeral-storage. Threshold quantity: 10%, available: 4912032Ki."),
          ("Normal", "Killing", "9m", "kubelet", "Stopping container pytorch")]
    b.add(n + "/describe_pod_%s.txt" % pod, describe_pod(clk, pod, "llm", n, "10.1.40.12", "10.1.102.33", img, "sha256:" + "0" * 64, "Waiting", 20, None, "ImagePullBackOff", None,
                                                          status="Failed", labels=["training.kubeflow.org/job-name=mistral-sft", "training.kubeflow.org/replica-type=worker"],
                                                          env=[("PET_NODE_RANK", "2")], events=ev, limits_mem="1800Gi"))
    dn = ["Name:               %s" % n, "Roles:              <none>",
          "Labels:             node.kubernetes.io/instance-type=p5.48xlarge", "                    topology.kubernetes.io/zone=us-west-2b",
          "                    eks.amazonaws.com/nodegroup=p5-train", "Taints:             node.kubernetes.io/disk-pressure:NoSchedule",
          "Conditions:",
          "  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
          "  ----             ------  -----------------                 ------------------                ------                       -------",
          "  MemoryPressure   False   %s   %s   KubeletHasSufficientMemory   kubelet has sufficient memory available" % (clk.k8s(1200), clk.k8s(-86400 * 3)),
          "  DiskPressure     True    %s   %s   KubeletHasDiskPressure       kubelet has disk pressure" % (clk.k8s(1200), clk.k8s(610)),
          "  PIDPressure      False   %s   %s   KubeletHasSufficientPID      kubelet has sufficient PID available" % (clk.k8s(1200), clk.k8s(-86400 * 3)),
          "  Ready            True    %s   %s   KubeletReady                 kubelet is posting ready status" % (clk.k8s(1200), clk.k8s(-86400 * 3)),
          "Capacity:", "  ephemeral-storage:       104845292Ki", "  nvidia.com/gpu:          8", "  vpc.amazonaws.com/efa:   32",
          "Events:",
          "  Type     Reason                 Age   From     Message",
          "  ----     ------                 ----  ----     -------",
          "  Warning  EvictionThresholdMet   10m   kubelet  Attempting to reclaim ephemeral-storage",
          "  Normal   NodeHasDiskPressure    10m   kubelet  Node %s status is now: NodeHasDiskPressure" % n,
          "  Warning  FreeDiskSpaceFailed    9m    kubelet  Failed to garbage collect required amount of images. Attempted to free 21474836480 bytes, but only found 0 bytes eligible to free."]
    b.add(n + "/describe_node.txt", dn)
    kj = []
    for k, (sec, msg) in enumerate([(5, 'I0121 19:40:05.112201    3321 kubelet.go:2468] "SyncLoop ADD" source="api" pods=["llm/%s"]' % pod),
                                     (400, 'E0121 19:46:40.883104    3321 remote_image.go:180] "PullImage from image service failed" err="rpc error: code = Unknown desc = failed to pull and unpack image \\"%s\\": failed to extract layer sha256:9f2c4e1b7d0a: write /var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/1187/fs/usr/local/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: no space left on device: unknown" image="%s"' % (img, img)),
                                     (602, 'W0121 19:50:02.004511    3321 eviction_manager.go:366] "Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"'),
                                     (603, 'I0121 19:50:03.101927    3321 image_gc_manager.go:391] "Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold" usage=97 highThreshold=85 amountToFree=21474836480 lowThreshold=80'),
                                     (603.5, 'E0121 19:50:03.512344    3321 kubelet.go:1504] "Image garbage collection failed multiple times in a row" err="Failed to garbage collect required amount of images. Attempted to free 21474836480 bytes, but only found 0 bytes eligible to free."'),
                                     (604, 'I0121 19:50:04.000771    3321 eviction_manager.go:596] "Eviction manager: pod is evicted successfully" pod="llm/%s"' % pod)]):
        kj.append("%s %s kubelet[3321]: %s" % (clk.syslog(sec), n.split(".")[0], msg))
    b.add(n + "/journalctl_u_kubelet.txt", kj)
    b.add(n + "/df_h.txt", ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/nvme0n1p1  100G   96G  4.7G  96% /",
                           "tmpfs           1.0T     0  1.0T   0% /dev/shm",
                           "/dev/md0         28T  104G   26T   1% /opt/dlami/nvme",
                           "# du -sh /var/log/pods /var/lib/containerd 2>/dev/null",
                           "61G\t/var/log/pods", "33G\t/var/lib/containerd"])
    b.set_label("host", "infrastructure", nodes[bad], None, "restart_without_node",
                "worker-1 never started on %s: its root volume is full (image pull fails with 'no space left on device', node DiskPressure, pod evicted, 61G of old pod logs), so the other three pods wait 3/4 in rendezvous and time out; the fault is that node's local disk, not the job." % nodes[bad],
                "https://kubernetes.io/docs/concepts/scheduling-eviction/node-pressure-eviction/")


# =============================================================================================
def q05(b):
    """Azure NDv5: rank logs of vm03 just stop; IMDS scheduled-events watcher shows a platform Reboot for
    vm03 and its syslog a clean shutdown then boot. host/infra/vm03/rwn"""
    rng = b.rng
    clk = Clock(2025, 3, 4, 8, 50, 0)
    vms = ["ndv5-train-vm00", "ndv5-train-vm01", "ndv5-train-vm02", "ndv5-train-vm03"]
    ips = ["10.20.0.4", "10.20.0.5", "10.20.0.6", "10.20.0.7"]
    bad = 3
    t_reboot = 5400 + 917.0
    max_steps = 60000
    for i, vm in enumerate(vms):
        L = ["+ torchrun --nnodes=4 --nproc_per_node=8 --node_rank=%d --master_addr=10.20.0.4 --master_port=29500 pretrain.py --config cfg/1p3b_fsdp.yaml" % i]
        L += torchrun_start(clk, 1 + i * 0.4, 4411 + i, 4, 8, "10.20.0.4:29500", "none")
        L += torchrun_rdzv_done(clk, 6, 4411 + i, i, 8, 4, "10.20.0.4", 29500)
        L += nccl_init(vm, 4501 + i * 8, 0, i * 8, 32, ver="2.23.4+cuda12.6", ip=ips[i], rng=rng, ifname="eth0")
        t = 60.0
        s = 21000
        while t < t_reboot - 0.5:
            t += 0.62 + rng.uniform(-0.01, 0.02)
            s += 1
            if s % 50 == 0 and i == 0:
                L.append(jl({"time": clk.iso(t), "level": "INFO", "rank": 0, "step": s, "loss": round(loss_curve(rng, s, l0=3.1, floor=2.2, tau=30000), 4),
                              "lr": float("%.4g" % (6e-4 * (1 - s / max_steps))), "tok_per_s_per_gpu": int(10420 + rng.uniform(-80, 80)), "step_time_s": round(0.62 + rng.uniform(-0.01, 0.02), 3)}))
            if s % 2000 == 0:
                L.append(jl({"time": clk.iso(t + 3), "level": "INFO", "rank": i * 8, "msg": "checkpoint saved", "step": s, "path": "/mnt/ckpt/1p3b/step_%07d" % s, "secs": 11.8}))
        if i != bad:
            r = i * 8 + 2
            L.append("%s:%d:%d [2] NCCL WARN NET/IB : Got completion from peer 10.20.0.7<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGid ::ffff:10.20.0.7 hca mlx5_ib2" % (vm, 4503 + i * 8, 4590 + i, 33100 + i, ips[i]))
            L.append("%s:%d:%d [2] NCCL INFO transport/net.cc:1298 -> 6" % (vm, 4503 + i * 8, 4590 + i))
            L += nccl_remote_error(clk, t_reboot + 21 + i * 2.5, r, "NET/IB : Got completion from peer 10.20.0.7<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGid ::ffff:10.20.0.7 hca mlx5_ib2" % (33100 + i, ips[i]), ver="2.23.4")
            L.append(clk.elastic(t_reboot + 27 + i, "W", 4411 + i, "torch/distributed/elastic/multiprocessing/api.py:897") + " Sending process %d closing signal SIGTERM" % (4501 + i * 8))
            L += child_failed(clk, t_reboot + 31 + i, vm, r, 2, -6, 4503 + i * 8, script="pretrain.py")
        b.add(vm + "/train_node%d.log" % i, L)
        # scheduled events watcher
        S = []
        for k in range(0, int(t_reboot + 200), 300):
            if vm == vms[bad] and k > t_reboot:
                break
            doc = {"DocumentIncarnation": 1 if k < 5400 + 60 else 2, "Events": []}
            if k >= 5400 + 60:
                st = "Scheduled"
                doc["Events"] = [{"EventId": "5D7E9C1A-3B4F-4A2E-9C1D-7E8F6A5B4C3D", "EventStatus": st, "EventType": "Reboot", "ResourceType": "VirtualMachine",
                                  "Resources": ["ndv5-train-vm03"], "NotBefore": clk.rfc1123(t_reboot), "Description": "Host server is undergoing maintenance.",
                                  "EventSource": "Platform", "DurationInSeconds": -1}]
            S.append(jl({"ts": clk.iso(k), "host": vm, "source": "imds-scheduled-events", "doc": doc}))
        if vm == vms[bad]:
            S.append(jl({"ts": clk.iso(t_reboot - 2), "host": vm, "source": "imds-scheduled-events", "doc": {"DocumentIncarnation": 3, "Events": [{"EventId": "5D7E9C1A-3B4F-4A2E-9C1D-7E8F6A5B4C3D", "EventStatus": "Started", "EventType": "Reboot", "ResourceType": "VirtualMachine", "Resources": ["ndv5-train-vm03"], "NotBefore": "", "Description": "Host server is undergoing maintenance.", "EventSource": "Platform", "DurationInSeconds": -1}]}}))
            S.append(jl({"ts": clk.iso(t_reboot + 233), "host": vm, "source": "imds-scheduled-events", "doc": {"DocumentIncarnation": 4, "Events": []}}))
        b.add(vm + "/scheduled_events.jsonl", S)
    # vm03 syslog
    h = vms[bad]
    sl = ["%s %s systemd[1]: Started session-41.scope - Session 41 of User azureuser." % (clk.syslog(2), h),
          "%s %s kernel: hv_utils: Shutdown request received - graceful shutdown initiated" % (clk.syslog(t_reboot - 1.2), h),
          "%s %s systemd-logind[1203]: System is rebooting." % (clk.syslog(t_reboot - 1), h),
          "%s %s systemd[1]: Stopping session-41.scope - Session 41 of User azureuser..." % (clk.syslog(t_reboot - 1), h),
          "%s %s systemd[1]: Stopped target multi-user.target - Multi-User System." % (clk.syslog(t_reboot - 0.6), h),
          "%s %s systemd[1]: Stopping nvidia-fabricmanager.service - NVIDIA fabric manager service..." % (clk.syslog(t_reboot - 0.5), h),
          "%s %s systemd[1]: Reached target shutdown.target - System Shutdown." % (clk.syslog(t_reboot), h),
          "-- Boot 6c1a9e04d9b14b3b8e1f0f6d2a7c3b11 --",
          "%s %s kernel: Linux version 5.15.0-1079-azure (buildd@lcy02-amd64-045) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #88-Ubuntu SMP Tue Jan 14 18:24:01 UTC 2025" % (clk.syslog(t_reboot + 141), h),
          "%s %s kernel: Hyper-V: privilege flags low 0xae7f, high 0x3b8030, hints 0xa0e24, misc 0xbed7b2" % (clk.syslog(t_reboot + 141), h),
          "%s %s kernel: nvidia: loading out-of-tree module taints kernel." % (clk.syslog(t_reboot + 163), h),
          "%s %s nvidia-persistenced[1877]: Started (1877)" % (clk.syslog(t_reboot + 170), h),
          "%s %s systemd[1]: Started nvidia-fabricmanager.service - NVIDIA fabric manager service." % (clk.syslog(t_reboot + 176), h)]
    b.add(h + "/syslog", sl)
    # red herring on vm01: corrected GPU ECC counters noticed by a prolog check
    b.add(vms[1] + "/prolog_gpu_check.txt", ["%s gpu-check: GPU 4 SRAM Correctable=3 DRAM Correctable=0 Uncorrectable=0 RemappedRows corr=0 unc=0 pending=No -> PASS (below threshold 100)" % clk.iso(-30),
                                             "%s gpu-check: all 8 GPUs PASS" % clk.iso(-29)])
    b.set_label("host", "infrastructure", vms[bad], None, "restart_without_node",
                "vm03's training output stops mid-step with no Python error; its IMDS watcher logged a Platform 'Reboot' scheduled event (host maintenance) that started at that moment and its syslog shows a Hyper-V graceful shutdown and a new boot. The NET/IB completion errors on vm00-02 all point at vm03's IP and are sympathetic; vm01's corrected ECC counts are below threshold.",
                "https://learn.microsoft.com/en-us/azure/virtual-machines/linux/scheduled-events")


# =============================================================================================
def q06(b):
    """Azure NDv5 Slurm: repeated IB completion errors; node pg0-4's mlx5_ib5 port flaps (dmesg link
    down/up, LinkDownedCounter). network/infra/node/rwn"""
    rng = b.rng
    clk = Clock(2025, 3, 8, 2, 40, 0)
    nodes = ["ndv5-hpc-pg0-%d" % k for k in range(1, 7)]
    ips = ["10.6.0.%d" % (5 + k) for k in range(6)]
    bad = 3  # ndv5-hpc-pg0-4, ranks 24-31
    t_fail = 2 * 3600 + 1117.0
    jobid = 88123
    out = ["+ srun -l --ntasks-per-node=8 --gpus-per-node=8 python -u train_dpo.py --config dpo_70b.yaml",
           "SLURM_JOB_ID=%d SLURM_JOB_NODELIST=ndv5-hpc-pg0-[1-6] SLURM_NNODES=6" % jobid]
    for r in range(48):
        out.append("%2d: [init] rank=%d local_rank=%d host=%s MASTER_ADDR=ndv5-hpc-pg0-1" % (r, r, r % 8, nodes[r // 8]))
    out += ["%2d: %s" % (0, x) for x in nccl_init(nodes[0], 31022, 0, 0, 48, ver="2.23.4+cuda12.6", ip=ips[0], rng=rng, ifname="eth0")]
    t = 120.0
    s = 0
    while t < t_fail - 2:
        t += 2.31 + rng.uniform(-0.03, 0.03)
        s += 1
        if s % 20 == 0:
            out.append(" 0: %s | step %5d | dpo_loss %.4f | rewards/margin %.3f | grad_norm %.3f | %.2fs/it" % (
                clk.plain(t), s, 0.69 * (0.55 + 0.45 * 2.7 ** (-s / 900.0)) + rng.uniform(-0.01, 0.01), 0.1 + s / 2000.0, rng.uniform(0.8, 1.6), 2.31 + rng.uniform(-0.03, 0.03)))
    # flaps cause transient retries first (benign-looking), then a hard failure
    out.append("29: %s:31051:31297 [5] NCCL WARN NET/IB : Got async event : port error" % nodes[bad])
    out.append("29: %s:31051:31297 [5] NCCL WARN NET/IB : mlx5_ib5:1 Got async event : port error" % nodes[bad])
    out.append("29: %s:31051:31120 [5] NCCL WARN NET/IB : Got completion from peer %s<51822> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGid ::ffff:%s hca mlx5_ib5" % (nodes[bad], ips[4], ips[bad], ips[4]))
    out.append("29: %s:31051:31120 [5] NCCL INFO transport/net.cc:1298 -> 6" % nodes[bad])
    out.append("37: %s:30877:30990 [5] NCCL WARN NET/IB : Got completion from peer %s<40113> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGid ::ffff:%s hca mlx5_ib5" % (nodes[4], ips[bad], ips[4], ips[bad]))
    out.append("21: %s:30112:30230 [5] NCCL WARN NET/IB : Got completion from peer %s<40117> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGid ::ffff:%s hca mlx5_ib5" % (nodes[2], ips[bad], ips[2], ips[bad]))
    for r in (29, 37, 21):
        out += ["%2d: %s" % (r, x) for x in nccl_remote_error(clk, t_fail + (r % 7) * 0.2, r, "NET/IB : Got completion from peer with status=12 opcode=0 len=0 vendor err 129 hca mlx5_ib5", ver="2.23.4")[:3]]
    for r in range(48):
        if r in (29, 37, 21):
            continue
        if r % 8 == 5 or r % 11 == 0:
            out += ["%2d: %s" % (r, x) for x in watchdog_timeout(clk, t_fail + 600 + (r % 5), r, 211377, "ALLREDUCE", 262144000)[:2]]
    out += ["srun: error: %s: tasks 24-31: Aborted (core dumped)" % nodes[bad],
            "srun: error: %s: tasks 32-39: Aborted (core dumped)" % nodes[4],
            "srun: error: %s: tasks 16-23: Aborted (core dumped)" % nodes[2],
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            "slurmstepd: error: *** STEP %d.0 ON ndv5-hpc-pg0-1 CANCELLED AT %s ***" % (jobid, clk.t(t_fail + 620).strftime("%Y-%m-%dT%H:%M:%S"))]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        D = ["%s mlx5_core 010%d:00:00.0: mlx5_ib%d: Port: 1 Link ACTIVE" % (clk.dmesg_T(-7200 + j), j, j) for j in range(8)]
        D += ["%s hv_netvsc 000d3a4f-%04x eth0: VF slot 1 added" % (clk.dmesg_T(-7190), rng.getrandbits(16))]
        if i == bad:
            for k, dt in enumerate([-1805, -1801, -962, -958, -31, -27, 0.3, 4.1, 9.7]):
                st = "DOWN" if k % 2 == 0 else "ACTIVE"
                D.append("%s mlx5_core 0105:00:00.0: mlx5_ib5: Port: 1 Link %s" % (clk.dmesg_T(t_fail + dt), st))
                if st == "DOWN":
                    D.append("%s infiniband mlx5_ib5: mlx5_ib_event:3095:(pid %d): warning: event on port 1: Port Error" % (clk.dmesg_T(t_fail + dt), rng.randint(100, 999)))
        if i == 1:
            D.append("%s EDAC skx: ECC is disabled on imc 0" % clk.dmesg_T(-7100))
        b.add(n + "/dmesg_T.txt", D)
        if i in (bad, 2, 4):
            IB = []
            for j in range(8):
                down = (i == bad and j == 5)
                IB += ["CA 'mlx5_ib%d'" % j, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002", "\tHardware version: 0",
                       "\tPort 1:", "\t\tState: %s" % ("Down" if down else "Active"), "\t\tPhysical state: %s" % ("Polling" if down else "LinkUp"),
                       "\t\tRate: %d" % (10 if down else 400), "\t\tBase lid: %d" % (100 + i * 8 + j), "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tLink layer: InfiniBand"]
            b.add(n + "/ibstat.txt", IB)
            PQ = ["# Port counters: Lid %d port 1 (CapMask: 0x5A00)" % (100 + i * 8 + 5),
                  "PortSelect:......................1",
                  "SymbolErrorCounter:..............%d" % (48211 if i == bad else 0),
                  "LinkErrorRecoveryCounter:........%d" % (23 if i == bad else 0),
                  "LinkDownedCounter:...............%d" % (5 if i == bad else 0),
                  "PortRcvErrors:...................%d" % (1204 if i == bad else 0),
                  "PortXmitDiscards:................%d" % (311 if i == bad else 0),
                  "LocalLinkIntegrityErrors:........%d" % (9 if i == bad else 0)]
            b.add(n + "/perfquery_mlx5_ib5.txt", PQ)
    b.set_label("network", "infrastructure", nodes[bad], None, "restart_without_node",
                "The IB completion errors (status=12, retry exceeded) all involve mlx5_ib5 on %s (as local HCA or as the remote peer %s); its dmesg shows mlx5_ib5 link DOWN/ACTIVE flapping for 30 min before the crash and ibstat/perfquery show the port Down with LinkDowned=5 and 48k symbol errors, while the same port on other nodes is clean." % (nodes[bad], ips[bad]),
                "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html")


# =============================================================================================
def q07(b):
    """Azure NDv5, 12 nodes: all four nodes behind leaf ib-leaf-02 lose every IB port in the same second.
    network/infra/null/restart"""
    rng = b.rng
    clk = Clock(2025, 5, 14, 13, 10, 0)
    nodes = ["ndv5-pg1-%02d" % k for k in range(1, 13)]
    leaf = {"ib-leaf-01": nodes[0:4], "ib-leaf-02": nodes[4:8], "ib-leaf-03": nodes[8:12]}
    b.topology = {"topology": leaf}
    t_fail = 3120.0
    jobid = 240117
    out = ["+ srun -l --mpi=pmix --ntasks-per-node=8 python -u pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --micro-batch-size 1 --global-batch-size 1536 --bf16",
           "SLURM_JOB_NODELIST=ndv5-pg1-[01-12]"]
    for r in range(0, 96, 8):
        out.append("%2d: > rank %d on %s (local 0-7 -> global %d-%d)" % (r, r, nodes[r // 8], r, r + 7))
    t = 300.0
    it = 4100
    while t < t_fail - 5:
        t += 7.42 + rng.uniform(-0.05, 0.08)
        it += 1
        if it % 10 == 0:
            out.append("95:  [%s] iteration     %5d/  200000 | consumed samples:     %9d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                clk.plain(t), it, it * 1536, 7420 + rng.uniform(-40, 80), 1.5e-4, loss_curve(rng, it, l0=2.9, floor=2.1, tau=20000), rng.uniform(0.2, 0.4)))
    for n_i in range(4, 8):
        for g in (0, 3, 6):
            r = n_i * 8 + g
            out.append("%2d: %s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.7.0.%d<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.7.0.%d remoteGid ::ffff:10.7.0.%d hca mlx5_ib%d" % (
                r, nodes[n_i], 21000 + g, 21190 + g, g, 10 + ((n_i + 4) % 12), 41000 + r, 10 + n_i, 10 + ((n_i + 4) % 12), g))
    for n_i in (0, 1, 9, 10):
        r = n_i * 8 + 2
        out.append("%2d: %s:%d:%d [2] NCCL WARN NET/IB : Got completion from peer 10.7.0.%d<%d> with status=12 opcode=1 len=0 vendor err 129 (Recv) localGid ::ffff:10.7.0.%d remoteGid ::ffff:10.7.0.%d hca mlx5_ib2" % (
            r, nodes[n_i], 21002, 21192, 14 + n_i % 4, 41000 + r, 10 + n_i, 14 + n_i % 4))
    for r in range(0, 96, 5):
        out += ["%2d: %s" % (r, x) for x in watchdog_timeout(clk, t_fail + 600 + r * 0.05, r, 63322, "_REDUCE_SCATTER_BASE", 4194304)[:1]]
    out += ["srun: error: ndv5-pg1-05: tasks 32-39: Aborted (core dumped)", "srun: error: ndv5-pg1-06: tasks 40-47: Aborted (core dumped)",
            "srun: error: ndv5-pg1-07: tasks 48-55: Aborted (core dumped)", "srun: error: ndv5-pg1-08: tasks 56-63: Aborted (core dumped)",
            "srun: error: ndv5-pg1-01: tasks 0-7: Aborted (core dumped)",
            "slurmstepd: error: *** STEP %d.0 ON ndv5-pg1-01 CANCELLED AT %s ***" % (jobid, clk.t(t_fail + 640).strftime("%Y-%m-%dT%H:%M:%S"))]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        D = ["%s mlx5_core 010%d:00:00.0: mlx5_ib%d: Port: 1 Link ACTIVE" % (clk.uptime(-86000 + j * 0.01), j, j) for j in range(8)]
        clk.boot = 901234.5 + i * 3.3
        if 4 <= i < 8:
            for j in range(8):
                D.append("%s mlx5_core 010%d:00:00.0: mlx5_ib%d: Port: 1 Link DOWN" % (clk.uptime(t_fail + j * 0.0004), j, j))
                D.append("%s infiniband mlx5_ib%d: mlx5_ib_event:3095:(pid 0): warning: event on port 1: Port Error" % (clk.uptime(t_fail + j * 0.0004 + 0.00002), j))
        if i == 10:
            D.append("%s nvidia-nvswitch: Link 33: NVLink ECC corrected error count crossed threshold (benign, corrected)" % clk.uptime(1802.1))
        b.add(n + "/dmesg.txt", D)
        IB = []
        for j in range(8):
            down = 4 <= i < 8
            IB += ["CA 'mlx5_ib%d'" % j, "\tPort 1:", "\t\tState: %s" % ("Down" if down else "Active"), "\t\tPhysical state: %s" % ("Polling" if down else "LinkUp"), "\t\tRate: %d" % (10 if down else 400)]
        b.add(n + "/ibstat_after.txt", IB)
    b.add(nodes[4] + "/sminfo_ibswitches.txt", ["# ibswitches (from ndv5-pg1-01, after)", 'Switch\t: 0x98039b0300a1c4e0 ports 64 "ib-leaf-01" enhanced port 0 lid 3 lmc 0',
                                                'Switch\t: 0x98039b0300a1c6f2 ports 64 "ib-leaf-03" enhanced port 0 lid 5 lmc 0',
                                                'Switch\t: 0x98039b0300a1b001 ports 64 "ib-spine-01" enhanced port 0 lid 1 lmc 0',
                                                "# ib-leaf-02 (0x98039b0300a1c5d8, lid 4) no longer discovered"])
    b.set_label("network", "infrastructure", None, None, "restart",
                "Every IB port (mlx5_ib0-7) of all four nodes behind ib-leaf-02 (ndv5-pg1-05..08) went DOWN in the same second and the leaf disappeared from ibswitches; nodes on other leaves only report completion errors towards those peers and watchdog timeouts. One switch failing for several nodes is a network fault with no single node to blame.",
                "https://arxiv.org/abs/2407.21783")


# =============================================================================================
def q08(b):
    """SkyPilot 4-node DDP: steps slow from 0.52 to ~0.8s, no errors; gpu_watch on worker2 shows GPU 5
    at 90C with HW/SW thermal slowdown and SM clock 1155 MHz. straggler/infra/worker2 (rank 21)/rwn"""
    rng = b.rng
    clk = Clock(2025, 3, 6, 11, 20, 41)
    nodes = ["sky-7b1e-alice-head", "sky-7b1e-alice-worker1", "sky-7b1e-alice-worker2", "sky-7b1e-alice-worker3"]
    ips = ["10.128.0.2", "10.128.0.7", "10.128.0.14", "10.128.0.9"]
    tags = ["head", "worker1", "worker2", "worker3"]
    bad = 2
    t_hot = 3600.0 * 1.5
    run = ["I 03-06 11:20:41 cloud_vm_ray_backend.py:3524] Job submitted with Job ID: 7",
           "I 03-06 11:20:44 log_lib.py:415] Start streaming logs for job 7.",
           "INFO: Tip: use Ctrl-C to exit log streaming (task will not be killed).",
           "INFO: Waiting for task resources on 4 nodes. This will block if the cluster is full.",
           "INFO: All task resources reserved.",
           "INFO: Reserved IPs: %s" % ips]
    for i in range(4):
        run.append("(%s, rank=%d, pid=%d, ip=%s) SKYPILOT_NODE_RANK=%d SKYPILOT_NUM_GPUS_PER_NODE=8 MASTER=%s -> global ranks %d-%d" % (tags[i], i, 3011 + i, ips[i], i, ips[0], i * 8, i * 8 + 7))
    t = 200.0
    s = 0
    while t < 3 * 3600:
        slow = t > t_hot
        base = 0.52 if not slow else 0.78 + 0.05 * min(1.0, (t - t_hot) / 1800)
        t += base + rng.uniform(-0.01, 0.02)
        s += 1
        if s % 100 == 0:
            run.append("(head, rank=0, pid=3011, ip=%s) %s INFO step=%d loss=%.4f step_time=%.3fs samples/s=%.1f" % (ips[0], clk.plain(t), s, loss_curve(rng, s, 2.6, 1.9, 12000), base + rng.uniform(-0.01, 0.02), 512 / base))
    run.append("(head, rank=0, pid=3011, ip=%s) %s INFO step=%d job cancelled by user (sky cancel)" % (ips[0], clk.plain(t + 5), s))
    run.append("I 03-06 14:21:02 log_lib.py:440] Job 7 CANCELLED.")
    b.add(nodes[0] + "/sky_logs/sky-2025-03-06-11-20-41-482213/run.log", run)
    for i, n in enumerate(nodes):
        W = ["index, temperature.gpu, clocks.sm [MHz], clocks_event_reasons.active, power.draw [W], utilization.gpu [%]"]
        for k in range(0, 3 * 3600, 600):
            for g in range(8):
                hot = (i == bad and g == 5 and k >= t_hot - 600)
                tmp = (88 + (k - t_hot) / 1200 if hot else 62 + rng.randint(-3, 5))
                W.append("%d, %d, %d, 0x%016x, %.2f, %d" % (g, min(91, tmp), 1155 if hot else 1980, 0x68 if hot else 0x0, 488.2 if hot else 640 + rng.uniform(-30, 30), 100))
        b.add(n + "/gpu_watch.csv", W)
    Q = smi_q_header(clk, 2.5 * 3600)
    for g in range(8):
        hot = g == 5
        Q += smi_q_gpu(g, PCI_H100[g], temp=91 if hot else 63, sm_clk=1155 if hot else 1980, pwr=488.2 if hot else 655.0, slow=hot, sw_thermal=hot, serial="16542230%05d" % (17000 + g))
    b.add(nodes[bad] + "/nvidia-smi-q.txt", Q)
    b.set_label("straggler", "infrastructure", nodes[bad], 21, "restart_without_node",
                "Step time rose from 0.52s to ~0.8s with no error; only worker2's GPU 5 (SKYPILOT_NODE_RANK=2, global rank 21) reports 90-91C, HW and SW thermal slowdown active (event reasons 0x68) and SM clock 1155 vs 1980 MHz, so one thermally throttled GPU is holding back the synchronous job.",
                "https://github.com/tensorflow/tensorflow/issues/40042")


# =============================================================================================
def q09(b):
    """KubeRay Ray Train: throughput drops; per-worker timing shows all 8 workers on 10.0.5.33 compute
    ~50% slower while others wait in allreduce; no throttle/ECC/Xid anywhere. straggler/infra/node/run_diagnostics"""
    rng = b.rng
    clk = Clock(2025, 6, 2, 16, 0, 0)
    pods = ["raycluster-ft-head-8hm2x", "raycluster-ft-gpu-group-worker-4kx9z", "raycluster-ft-gpu-group-worker-c7qnd",
            "raycluster-ft-gpu-group-worker-m2v8r", "raycluster-ft-gpu-group-worker-w6j1t"]
    ips = ["10.0.4.10", "10.0.5.12", "10.0.5.21", "10.0.5.33", "10.0.5.47"]
    bad = 3
    D = ["2025-06-02 16:00:03,118\tINFO worker.py:1660 -- Connecting to existing Ray cluster at address: %s:6379..." % ips[0],
         "2025-06-02 16:00:03,131\tINFO worker.py:1843 -- Connected to Ray cluster. View the dashboard at http://%s:8265 " % ips[0],
         "View detailed results here: s3://acme-ray-results/qwen-ft-0602",
         "(TrainTrainable pid=4471, ip=%s) Trainable.setup took 11.921 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads." % ips[1],
         "(TorchTrainer pid=4471, ip=%s) Started distributed worker processes: " % ips[1]]
    for r in range(32):
        nd = 1 + r // 8
        D.append("(TorchTrainer pid=4471, ip=%s) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (ips[1], "%056x" % (0xa1b2c3 + nd * 7919), ips[nd], 5100 + r, r, r % 8, nd - 1))
    D.append("(RayTrainWorker pid=5100, ip=%s) Setting up process group for: env:// [rank=0, world_size=32]" % ips[1])
    t = 120.0
    step = 0
    t_slow = 2700.0
    while t < 5400:
        slow = t > t_slow
        t += (0.41 if not slow else 0.62) + rng.uniform(-0.01, 0.01)
        step += 1
        if step % 200 == 0:
            for r in range(32):
                nd = 1 + r // 8
                comp = 0.38 + rng.uniform(-0.01, 0.01)
                if slow and nd == bad:
                    comp = 0.59 + rng.uniform(-0.015, 0.015)
                wait = (0.02 if not slow else (0.22 if nd != bad else 0.01)) + rng.uniform(0, 0.01)
                D.append("(RayTrainWorker pid=%d, ip=%s) [timing] rank=%d step=%d fwd_bwd=%.3fs data=%.3fs allreduce_wait=%.3fs" % (5100 + r, ips[nd], r, step, comp, 0.004 + rng.uniform(0, 0.002), wait))
        if step % 500 == 0:
            D.append("(RayTrainWorker pid=5100, ip=%s) {'step': %d, 'loss': %.4f, 'tokens_per_sec': %d}" % (ips[1], step, loss_curve(rng, step, 1.9, 1.2, 3000), int(32 * 4096 * 4 / ((0.41 if not slow else 0.62)))))
    D.append("2025-06-02 17:30:12,006\tWARNING -- Training stopped by user request (ray job stop qwen-ft-0602).")
    b.add(pods[0] + "/ray_job_driver.log", D)
    for i in range(1, 5):
        clk2 = Clock(2025, 6, 2, 16, 0, 0)
        S = smi_table(clk2, 4800, [{"temp": 58 + rng.randint(-3, 4), "pwr": 610 + rng.randint(-40, 30), "mem": 71230 + rng.randint(-300, 300), "util": 100 if i != bad else 99} for _ in range(8)],
                      procs=[(g, 5100 + (i - 1) * 8 + g, "ray::RayTrainWorker.train_func", 71200) for g in range(8)])
        b.add(pods[i] + "/debug-sidecar/nvidia-smi.txt", S)
        Q = ["# nvidia-smi --query-gpu=index,clocks.sm,clocks_event_reasons.active,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv"]
        Q += ["%d, 1980 MHz, 0x0000000000000000, %d, 5, 16" % (g, 58 + rng.randint(-3, 4)) for g in range(8)]
        b.add(pods[i] + "/debug-sidecar/gpu_clocks.csv", Q)
        K = ["%s kernel: [%d.%06d] nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.90.07" % (clk.syslog(-86400), 12, 412331),
             "%s kernel: [%d.%06d] EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Quota mode: none." % (clk.syslog(-86399), 14, 11120)]
        b.add(pods[i] + "/debug-sidecar/dmesg_tail.txt", K)
    b.set_label("straggler", "infrastructure", pods[bad], None, "run_diagnostics",
                "From step ~6400 all eight Ray Train workers on %s (node_rank 2, world ranks 16-23) take ~0.59s in fwd_bwd vs 0.38s elsewhere while the other 24 ranks wait ~0.22s in allreduce; that node shows no throttle reasons, normal temps/clocks/PCIe and no kernel errors, so it is a slow node without a hardware explanation." % pods[bad],
                "https://developer.nvidia.com/blog/ensuring-reliable-model-training-on-nvidia-dgx-cloud/")


# =============================================================================================
def q10(b):
    """PyTorchJob 8 pods FSDP: all ranks but 29 time out in _REDUCE_SCATTER_BASE seq 88213; flight recorder
    analysis says rank 29 missing; py-spy shows rank 29 still in backward; no Xid. hang/infra/worker-2 rank 29/run_diagnostics"""
    rng = b.rng
    clk = Clock(2025, 4, 22, 3, 0, 0)
    pods = ["pretrain-13b-master-0"] + ["pretrain-13b-worker-%d" % k for k in range(7)]
    bad_pod, bad_rank = 3, 29  # worker-2 -> node_rank 3, local 5
    t_hang = 4 * 3600 + 611.0
    for i, p in enumerate(pods):
        L = ["[bootstrap] pod=%s PET_NODE_RANK=%d PET_NNODES=8 PET_NPROC_PER_NODE=8 TORCH_NCCL_TRACE_BUFFER_SIZE=20000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/shared/fr/pretrain-13b/nccl_trace_rank_" % (p, i)]
        L += torchrun_start(clk, 3, 61, 8, 8, "pretrain-13b-master-0:23456", "pretrain-13b")[:4]
        L += torchrun_rdzv_done(clk, 12, 61, i, 8, 8, "pretrain-13b-master-0", 23456)[:10]
        if i == 0:
            t = 90.0
            s = 0
            while t < t_hang:
                t += 1.12 + rng.uniform(-0.01, 0.02)
                s += 1
                if s % 50 == 0:
                    L.append("%s - INFO - train - step %d | loss %.4f | lr %.3e | grad_norm %.3f | mem_alloc 61.4GiB | %.0f tok/s/gpu" % (clk.pylog(t), s, loss_curve(rng, s, 2.8, 2.0, 20000), 3e-4, rng.uniform(0.2, 0.5), 3640 + rng.uniform(-30, 30)))
        else:
            L.append("%s - WARNING - py.warnings - /usr/local/lib/python3.11/site-packages/torch/distributed/fsdp/_state_dict_utils.py:827: UserWarning: When using ``NO_SHARD`` for ``ShardingStrategy``, full_state_dict will be returned." % clk.pylog(95))
        for lr_ in range(8):
            r = i * 8 + lr_
            if r == bad_rank:
                continue
            if lr_ in (0, 5) or i == 0:
                L += watchdog_timeout(clk, t_hang + 600 + r * 0.01, r, 88213, "_REDUCE_SCATTER_BASE", 52428800, fr_enabled=True, lib="/usr/local/lib/python3.11/site-packages/torch/lib")[:3]
                L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Dumping nccl trace to /shared/fr/pretrain-13b/nccl_trace_rank_%d" % (clk.c10(t_hang + 600.5, "E", "ProcessGroupNCCL.cpp:1545", r), r, r))
        if i == bad_pod:
            L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: 88212, last completed NCCL work: 88212.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc." % (clk.c10(t_hang + 601, "E", "ProcessGroupNCCL.cpp:1392", bad_rank), bad_rank))
        b.add(p + "/kubectl_logs.txt", L)
    A = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/pretrain-13b -j --prefix nccl_trace_rank_",
         "loaded 64 files in 2.91s", "built groups, memberships",
         "Not all ranks joining collective 88213 at entry 176104",
         "group info: 0:default_pg",
         "collective: nccl:_reduce_scatter_base",
         "missing ranks: {29}",
         "input sizes: [[52428800]]", "output sizes: [[819200]]",
         "expected ranks: 64", "collective state: scheduled",
         "collective stack trace:",
         " _reduce_scatter_base at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:4291",
         " reduce_scatter_tensor at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:4256",
         " _reduce_grad at /usr/local/lib/python3.11/site-packages/torch/distributed/fsdp/_runtime_utils.py:795",
         "",
         "rank 29: last enqueued 88212 (nccl:_all_gather_base, completed), pg status healthy, no pending work"]
    b.add(pods[0] + "/fr_trace_analysis.txt", A)
    for i in (0, bad_pod, 5):
        P = []
        for lr_ in ([5] if i == bad_pod else [0, 3]):
            r = i * 8 + lr_
            P += ["Process %d: /usr/bin/python3 -u train_fsdp.py --config 13b.yaml" % (201 + lr_), "Python v3.11.10 (/usr/bin/python3.11)", "",
                  'Thread %d (active): "MainThread"' % (201 + lr_)]
            if r == bad_rank:
                P += ["    _engine_run_backward (torch/autograd/graph.py:825)", "    backward (torch/autograd/__init__.py:347)",
                      "    backward (torch/_tensor.py:581)", "    train_step (train_fsdp.py:412)", "    main (train_fsdp.py:508)", "    <module> (train_fsdp.py:531)"]
            else:
                P += ["    wait (torch/distributed/distributed_c10d.py:4300)" if False else "    _wait_for_post_backward (torch/distributed/fsdp/_runtime_utils.py:1224)",
                      "    _post_backward_final_callback (torch/distributed/fsdp/_runtime_utils.py:1163)",
                      "    _engine_run_backward (torch/autograd/graph.py:825)", "    backward (torch/autograd/__init__.py:347)",
                      "    train_step (train_fsdp.py:412)", "    main (train_fsdp.py:508)"]
            P += ['Thread %d (idle): "Thread-2 (_pin_memory_loop)"' % (260 + lr_), "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:59)", ""]
        b.add(pods[i] + "/pyspy_dump.txt", P)
        clkd = Clock(2025, 4, 22, 3, 0, 0, boot_offset=77231.4)
        b.add(pods[i] + "/node_dmesg.txt", ["%s nvidia-nvswitch3: open (major=508)" % clkd.uptime(-70000),
                                           "%s IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready" % clkd.uptime(-69990),
                                           "%s cni0: port 3(veth1a2b3c4d) entered forwarding state" % clkd.uptime(60)])
    b.set_label("hang", "infrastructure", pods[bad_pod], bad_rank, "run_diagnostics",
                "63 ranks time out in _REDUCE_SCATTER_BASE seq 88213; the flight-recorder analysis names rank 29 (worker-2, local rank 5) as the only missing rank, its own log says its last enqueued work is 88212 and py-spy shows it still inside autograd backward, not in the collective; no Xid or link errors, so the rank/node is suspect but not proven bad.",
                "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")


CASES = [("q01_worker_pods_exit_137_mid_epoch", q01), ("q02_loss_nan_again_after_jobset_restart", q02),
         ("q03_one_pod_crashloops_at_import", q03), ("q04_rendezvous_waits_3_of_4_pods", q04),
         ("q05_ranks_on_one_vm_stop_logging", q05), ("q06_repeated_ib_completion_errors", q06),
         ("q07_many_nodes_ib_errors_at_once", q07), ("q08_steps_slow_down_no_errors", q08),
         ("q09_ray_train_throughput_halves", q09), ("q10_fsdp_job_frozen_for_ten_minutes", q10)]
