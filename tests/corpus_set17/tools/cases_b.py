"""Cases q11-q20."""
from common import *  # noqa

P311 = "/usr/local/lib/python3.11/site-packages"


def fi_info_ok(host):
    return ["[%s] $ fi_info -p efa -t FI_EP_RDM | head -12" % host,
            "provider: efa", "    fabric: efa", "    domain: rdmap16s27-rdm", "    version: 122.0", "    type: FI_EP_RDM", "    protocol: FI_PROTO_EFA",
            "provider: efa", "    fabric: efa", "    domain: rdmap32s27-rdm", "    version: 122.0", "    type: FI_EP_RDM", "    protocol: FI_PROTO_EFA"]


# =============================================================================================
def q11(b):
    """ParallelCluster p4d Slurm, plain DDP: every rank times out in the same ALLREDUCE seq, all enqueued,
    none completed; EFA/fi_info fine, dmesg clean, health checks pass. hang/infra/null/restart"""
    rng = b.rng
    clk = Clock(2025, 2, 9, 22, 5, 0, boot_offset=311002.0)
    nodes = ["train-dy-p4d24xlarge-%d" % k for k in range(1, 5)]
    jobid = 5117
    t_stall = 5 * 3600 + 1403.0
    out = ["+ export FI_PROVIDER=efa FI_EFA_USE_DEVICE_RDMA=1 NCCL_DEBUG=WARN NCCL_SOCKET_IFNAME=^docker,lo",
           "+ srun -l --ntasks-per-node=8 --gpus-per-task=1 python -u ddp_train.py --arch vit_h14 --batch-size 96 --epochs 90",
           "SLURM_JOB_ID=%d SLURM_JOB_NODELIST=train-dy-p4d24xlarge-[1-4]" % jobid]
    for r in range(32):
        out.append("%2d: | distributed init (rank %d): env://, gpu %d, host %s" % (r, r, r % 8, nodes[r // 8]))
    for r in (0, 8, 16, 24):
        h = nodes[r // 8]
        out += ["%2d: %s:%d:%d [0] NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.9.1-aws" % (r, h, 18811 + r, 18811 + r),
                "%2d: %s:%d:%d [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % (r, h, 18811 + r, 18811 + r),
                "%2d: %s:%d:%d [0] NCCL WARN NET/OFI SHM transfer will be disabled because of ptrace protection." % (r, h, 18811 + r, 18811 + r)]
    t = 240.0
    ep, it = 0, 0
    n_it = 1251
    while t < t_stall:
        t += 0.73 + rng.uniform(-0.01, 0.02)
        it += 1
        if it % 100 == 0:
            out.append(" 0: Epoch: [%d]  [%4d/%d]  eta: %s  lr: %.6f  img/s: %.1f  loss: %.4f (%.4f)  acc1: %.3f  time: %.4f  data: %.4f  max mem: 61022" % (
                ep, it, n_it, "0:%02d:%02d" % divmod(int((n_it - it) * 0.73), 60), 0.003 * (1 - ep / 90.0), 96 / 0.73, 6.9 - ep * 0.11 + rng.uniform(-0.1, 0.1), 6.9 - ep * 0.11, 3 + ep * 1.7, 0.73, 0.0021))
        if it >= n_it:
            out.append(" 0: Epoch: [%d] Total time: 0:15:%02d" % (ep, rng.randint(10, 40)))
            out.append(" 0: Test:  Acc@1 %.3f Acc@5 %.3f" % (3 + ep * 1.8, 9 + ep * 3.1))
            ep += 1
            it = 0
    seq = 412991
    for r in range(32):
        out += ["%2d: %s" % (r, x) for x in watchdog_timeout(clk, t_stall + 600 + r * 0.013, r, seq, "ALLREDUCE", 25557032, last_done=seq - 1)[:6]]
    out += ["srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (nodes[k], k * 8, k * 8 + 7) for k in (1, 0, 3, 2)]
    out += ["srun: Terminating StepId=%d.0" % jobid]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        D = ["%s efa 0000:%02x:00.0: Setup irq:0x%x name:efa-mgmnt@pci:0000:%02x:00.0" % (clk.uptime(-300000 + j), 0x10 + 0x10 * j, 0x3e + j, 0x10 + 0x10 * j) for j in range(4)]
        D += ["%s nvidia-nvswitch%d: open (major=507)" % (clk.uptime(-299990), j) for j in range(6)]
        D += ["%s ena 0000:00:06.0 eth0: Found a Tx that wasn't completed on time, qid 2, index 711. 2114ms since last napi execution, napi scheduled: 1" % clk.uptime(-120000.0)] if i == 2 else []
        b.add(n + "/dmesg.txt", D)
        E = ["%s slurm-epilog: running /opt/slurm/etc/scripts/health_check.sh on %s (job %d)" % (clk.iso(t_stall + 700), n, jobid)]
        E += fi_info_ok(n)
        E += ["[%s] nvidia-smi -q -d ECC,PAGE_RETIREMENT: all 8 GPUs: Volatile DBE 0, Aggregate DBE 0, Retired pages pending: No" % n,
              "[%s] dcgmi diag -r 1: Deployment PASS (8/8 GPUs), Software PASS" % n,
              "[%s] nvlink status: 12 links x 8 GPUs @ 25 GB/s, all active" % n,
              "[%s] health_check: PASS" % n]
        b.add(n + "/epilog_health.log", E)
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 32 ranks hit the NCCL watchdog on the same ALLREDUCE (SeqNum 412991, last completed 412990) after 5 h of normal training; no rank is missing or behind, no Python error, Xid, EFA or link error anywhere, and the epilog health checks (fi_info, ECC, dcgmi, NVLink) pass on every node. The old ena Tx notice and the SHM/ptrace NCCL notice are benign.",
                "https://github.com/meta-pytorch/torchtune/issues/1165")


# =============================================================================================
def q12(b):
    """SkyPilot 2x8 Lightning DDP: hangs after first validation; rank 0 waits in a 1-element ALLREDUCE from
    self.log(sync_dist=True) inside an is_global_zero guard; others in the DDP bucket allreduce. hang/script/null/stop"""
    rng = b.rng
    clk = Clock(2025, 5, 20, 9, 14, 2)
    nodes = ["sky-c4d2-bob-head", "sky-c4d2-bob-worker1"]
    ips = ["172.31.12.40", "172.31.9.201"]
    run = ["I 05-20 09:14:02 cloud_vm_ray_backend.py:3524] Job submitted with Job ID: 3",
           "INFO: All task resources reserved.", "INFO: Reserved IPs: %s" % ips]
    for i, tg in enumerate(["head", "worker1"]):
        run.append("(%s, rank=%d, pid=%d, ip=%s) NODE_RANK=%d -> torchrun --nnodes=2 --nproc_per_node=8 --node_rank=%d --master_addr=%s train_nmt.py fit --config nmt.yaml" % (tg, i, 2201 + i, ips[i], i, i, ips[0]))
    for r in range(16):
        tg = "head" if r < 8 else "worker1"
        run.append("(%s, rank=%d, pid=%d, ip=%s) Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (tg, r // 8, 2201 + r // 8, ips[r // 8], r, r + 1))
    run += ["(head, rank=0, pid=2201, ip=%s) ----------------------------------------------------------------------------------------------------" % ips[0],
            "(head, rank=0, pid=2201, ip=%s) distributed_backend=nccl" % ips[0],
            "(head, rank=0, pid=2201, ip=%s) All distributed processes registered. Starting with 16 processes" % ips[0],
            "(head, rank=0, pid=2201, ip=%s) ----------------------------------------------------------------------------------------------------" % ips[0],
            "(head, rank=0, pid=2201, ip=%s) LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]" % ips[0],
            "(head, rank=0, pid=2201, ip=%s)   | Name    | Type             | Params | Mode " % ips[0],
            "(head, rank=0, pid=2201, ip=%s) 0 | model   | MarianMTModel    | 611 M  | train" % ips[0],
            "(head, rank=0, pid=2201, ip=%s) /usr/local/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:425: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=7` in the `DataLoader` to improve performance." % ips[0]]
    n = 2500
    bar = []
    for s in range(0, n + 1, 25):
        bar.append(tqdm_bar("Epoch 0", s, n, s / 1.01, 1.01, "v_num=0, train_loss=%.3f" % loss_curve(rng, s, 4.2, 2.1, 900)))
    run.append("(head, rank=0, pid=2201, ip=%s) \r" % ips[0] + "\r".join(bar))
    vb = [tqdm_bar("Validation DataLoader 0", s, 200, s / 3.2, 3.2) for s in range(0, 201, 20)]
    run.append("(head, rank=0, pid=2201, ip=%s) \r" % ips[0] + "\r".join(vb))
    t_val = 2500 / 1.01 + 200 / 3.2 + 60
    run.append("(head, rank=0, pid=2201, ip=%s) [rank0] val/bleu=%.2f (computed on rank 0 with sacrebleu over 3200 gathered hypotheses)" % (ips[0], 21.37))
    for r in range(16):
        tg = "head" if r < 8 else "worker1"
        op = "ALLREDUCE"
        numel = 1 if r == 0 else 26214400
        seq = 5003
        for x in watchdog_timeout(clk, t_val + 1800 + r * 0.02, r, seq, op, numel, timeout_ms=1800000)[:2]:
            run.append("(%s, rank=%d, pid=%d, ip=%s) %s" % (tg, r // 8, 2201 + r // 8, ips[r // 8], x))
    run.append("E 05-20 10:37:41 subprocess_utils.py:141] Job 3 failed with return code list: [134, 134]")
    b.add(nodes[0] + "/sky_logs/sky-2025-05-20-09-14-02-771043/run.log", run)
    P = []
    for r in (0, 1, 5):
        P += ["Process %d: python train_nmt.py fit --config nmt.yaml (rank %d)" % (2301 + r, r), "Python v3.11.9 (/usr/bin/python3.11)", "", 'Thread %d (idle): "MainThread"' % (2301 + r)]
        if r == 0:
            P += ["    all_reduce (torch/distributed/distributed_c10d.py:2501)", "    wrapper (torch/distributed/c10d_logger.py:83)",
                  "    _sync_ddp (lightning/fabric/utilities/distributed.py:210)", "    _sync_ddp_if_available (lightning/fabric/utilities/distributed.py:166)",
                  "    reduce (lightning/pytorch/strategies/ddp.py:338)", "    log (lightning/pytorch/core/module.py:511)",
                  "    on_validation_epoch_end (nmt/model.py:211)", "    _call_lightning_module_hook (lightning/pytorch/trainer/call.py:167)",
                  "    on_run_end (lightning/pytorch/loops/evaluation_loop.py:289)", "    run (lightning/pytorch/loops/evaluation_loop.py:145)"]
        else:
            P += ["    _engine_run_backward (torch/autograd/graph.py:825)", "    backward (torch/_tensor.py:581)",
                  "    backward (lightning/pytorch/core/module.py:1093)", "    backward (lightning/pytorch/strategies/strategy.py:213)",
                  "    closure (lightning/pytorch/loops/optimization/automatic.py:146)", "    advance (lightning/pytorch/loops/training_epoch_loop.py:250)",
                  "    run (lightning/pytorch/loops/fit_loop.py:205)"]
        P.append("")
    b.add(nodes[0] + "/pyspy_dump_local_ranks.txt", P)
    code = ["# wandb/run-20250520_091455-8q2m1k7c/files/code/nmt/model.py (lines 196-214)",
            "196     def on_validation_epoch_end(self):",
            "197         hyps = self.all_gather_object(self._val_hyps)",
            "198         refs = self.all_gather_object(self._val_refs)",
            "199         self._val_hyps.clear(); self._val_refs.clear()",
            "200         # sacrebleu is slow; only score on the main process",
            "201         if self.trainer.is_global_zero:",
            "202             hyps = [h for part in hyps for h in part]",
            "203             refs = [r for part in refs for r in part]",
            "204             bleu = sacrebleu.corpus_bleu(hyps, [refs]).score",
            "205             print(f\"[rank0] val/bleu={bleu:.2f} (computed on rank 0 with sacrebleu over {len(hyps)} gathered hypotheses)\")",
            "206             # keep it on the progress bar and in ModelCheckpoint(monitor='val/bleu')",
            "207             self.log(",
            "208                 \"val/bleu\",",
            "209                 bleu,",
            "210                 prog_bar=True,",
            "211                 sync_dist=True,",
            "212             )",
            "213",
            "214     def configure_optimizers(self):"]
    b.add(nodes[0] + "/wandb_code_snapshot_model_py.txt", code)
    b.add(nodes[1] + "/wandb_debug.log", ["%s INFO    MainThread:2202 [wandb_run.py:_console_start():2458] atexit reg" % clk.pylog(40),
                                          "%s INFO    MainThread:2202 [wandb_init.py:init():1016] run started, returning control to user process" % clk.pylog(41),
                                          "%s WARNING MsgRouterThr:2202 [router.py:message_loop():77] message_loop has been closed" % clk.pylog(t_val + 1812)])
    b.set_label("hang", "script", None, None, "stop",
                "After the first validation, rank 0 sits in a 1-element ALLREDUCE issued by self.log(..., sync_dist=True) inside an 'if self.trainer.is_global_zero' block (py-spy + code snapshot line 201-211), while the 15 other ranks are already in the next training step's 26M-element DDP bucket allreduce; a collective called on a subset of ranks is a bug in the user's code.",
                "https://github.com/dvl-tum/center-group/pull/2")


# =============================================================================================
def q13(b):
    """AKS, HF Trainer + DeepSpeed ZeRO-3: NaN guard fires at global step 4117 in three attempts, each on a
    different pair of VMs. numerical/script/null/stop"""
    rng = b.rng
    vmsets = [("aks-ndv5-38211745-vmss000003", "aks-ndv5-38211745-vmss000007"),
              ("aks-ndv5-38211745-vmss00000a", "aks-ndv5-38211745-vmss000001"),
              ("aks-ndv5-38211745-vmss000005", "aks-ndv5-38211745-vmss00000c")]
    for a in range(3):
        clk = Clock(2025, 4, 9, [6, 8, 9][a], [0, 20, 30][a], 0)
        start = 0 if a == 0 else 4000
        t_fail = 120.0 + (4117 - start) * 1.9
        for k, vm in enumerate(vmsets[a]):
            pod = "sft-70b-%s-0" % ("master" if k == 0 else "worker")
            L = ["[job] pod=%s node=%s attempt=%d PET_NODE_RANK=%d PET_NNODES=2 nproc=8" % (pod, vm, a, k)]
            L += ["[%s] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % clk.pylog(14 + k)]
            if k == 0:
                L += ["/usr/local/lib/python3.10/dist-packages/transformers/training_args.py:1575: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of Transformers. Use `eval_strategy` instead"] * 8
                if a > 0:
                    L += ["Loading model from /mnt/ckpt/sft-70b/checkpoint-4000.",
                          "[%s] [INFO] [torch_checkpoint_engine.py:27:load] [Torch] Loading checkpoint from /mnt/ckpt/sft-70b/checkpoint-4000/global_step4000/zero_pp_rank_0_mp_rank_00_model_states.pt..." % clk.pylog(101),
                          "  Continuing training from checkpoint, will skip to saved global_step",
                          "  Continuing training from epoch 0", "  Continuing training from global step 4000",
                          "  Will skip the first 0 epochs then the first 16000 batches in the first epoch."]
                L += ["***** Running training *****", "  Num examples = 614,400", "  Total train batch size (w. parallel, distributed & accumulation) = 64",
                      "  Gradient Accumulation steps = 4", "  Total optimization steps = 9,600"]
                t = 120.0
                for s in range(start + 1, 4117):
                    t += 1.9
                    if s % 10 == 0:
                        L.append(hf_log_dict(rng, s, 9600, lr0=1e-5, l0=1.3))
                    if s % 1000 == 0:
                        L.append("Saving model checkpoint to /mnt/ckpt/sft-70b/checkpoint-%d" % s)
                L.append("{'loss': %.4f, 'grad_norm': %s, 'learning_rate': 5.71875e-06, 'epoch': 1.29}" % (1.0341 + rng.uniform(-0.01, 0.01), "nan"))
                L += ["[rank0]: Traceback (most recent call last):",
                      '[rank0]:   File "/workspace/sft/train.py", line 188, in <module>',
                      "[rank0]:     trainer.train(resume_from_checkpoint=args.resume)",
                      '[rank0]:   File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2599, in _inner_training_loop',
                      "[rank0]:     self.control = self.callback_handler.on_step_end(args, self.state, self.control)",
                      '[rank0]:   File "/workspace/sft/callbacks.py", line 41, in on_step_end',
                      '[rank0]:     raise FloatingPointError(f"[NanGuard] non-finite loss/grad_norm at global step {state.global_step}; last batch sample ids: {self.last_ids}")',
                      "[rank0]: FloatingPointError: [NanGuard] non-finite loss/grad_norm at global step 4117; last batch sample ids: ['ultrachat_s3_0412:118720', 'ultrachat_s3_0412:118721', 'ultrachat_s3_0412:118722', 'ultrachat_s3_0412:118723']"]
                L += child_failed(clk, t + 8, pod, 0, 0, 1, 211, script="train.py")
            else:
                L.append("%s Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process." % clk.c10(t_fail + 12, "W", "ProcessGroupNCCL.cpp:1250", 8))
                L.append(clk.elastic(t_fail + 14, "W", 98, "torch/distributed/elastic/multiprocessing/api.py:897") + " Sending process 212 closing signal SIGTERM")
                L += child_failed(clk, t_fail + 18, pod, 9, 1, -15, 213, script="train.py")
            b.add("attempt_%d/%s/%s.log" % (a, vm, pod), L)
        b.add("attempt_%d/%s/pytorchjob_status.txt" % (a, vmsets[a][0]), ["Name: sft-70b  Namespace: llm", "Status: Failed (attempt %d, backoffLimit 2)" % a, "Replica Statuses: Master: Failed: 1  Worker: Failed: 1"])
    b.set_label("numerical", "script", None, None, "stop",
                "All three attempts stop in the user's NanGuard at exactly global step 4117 (attempts 2 and 3 resumed from checkpoint-4000), each time on a different pair of AKS VMs, and the same sample ids (ultrachat_s3_0412:118720-3) are named; a blow-up that recurs at the same step on different hardware is the data/model, not a node.",
                "https://github.com/alibaba/ROLL/issues/193")


# =============================================================================================
def q14(b):
    """GKE A3 JobSet: rank 10 dies with CUDA uncorrectable ECC; node kernel log has Xid 48 DBE + Xid 63 on
    that VM's GPU 2; another VM has only an old benign Xid 63. gpu_memory/infra/VM/10/rwn"""
    rng = b.rng
    clk = Clock(2025, 3, 27, 12, 0, 0, boot_offset=511320.0)
    vms = ["gke-a3-llm-a3-highgpu-2f9c0d1e-" + s for s in ["6tqk", "8bnx", "j3wr", "rz5p"]]
    bad = 1
    t_f = 2 * 3600 + 33.0
    suf = ["x1b8c", "k7d2m", "p9s4w", "f2n6q"]
    for p, vm in enumerate(vms):
        pod = "dpo-8x8-trainers-0-%d-%s" % (p, suf[p])
        L = ["NODE_NAME=%s JOB_COMPLETION_INDEX=%d RANK_OFFSET=%d" % (vm, p, p * 8)]
        L += torchrun_rdzv_done(clk, 20, 55, p, 8, 4, "dpo-8x8-trainers-0-0.dpo-8x8", 29500)[:10]
        if p == 0:
            t = 60.0
            s = 0
            while t < t_f:
                t += 2.2
                s += 1
                if s % 25 == 0:
                    L.append(jl({"ts": clk.iso(t), "lvl": "info", "msg": "train", "step": s, "loss": round(0.69 - s / 40000.0 + rng.uniform(-0.01, 0.01), 4), "rewards/chosen": round(rng.uniform(-0.2, 0.4), 3), "grad_norm": round(rng.uniform(3, 9), 2)}))
        if p == bad:
            r = 10
            L += ["[rank10]: Traceback (most recent call last):",
                  '[rank10]:   File "/app/trl_dpo.py", line 151, in <module>',
                  "[rank10]:     trainer.train()",
                  '[rank10]:   File "/usr/local/lib/python3.11/site-packages/transformers/trainer.py", line 3698, in training_step',
                  "[rank10]:     self.accelerator.backward(loss, **kwargs)",
                  '[rank10]:   File "/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py", line 825, in _engine_run_backward',
                  "[rank10]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                  "[rank10]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                  "[rank10]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  "[rank10]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                  "[rank10]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
            L += child_failed(clk, t_f + 5, pod, 10, 2, 1, 312, script="trl_dpo.py")
        else:
            rr = p * 8 + 2
            L += nccl_remote_error(clk, t_f + 6 + p, rr, "NET/GPUDirectTCPX : Connection closed by remote peer 10.8.1.2<40022>", ver="2.21.5")[:4]
            L += child_failed(clk, t_f + 12, pod, rr, 2, -6, 312, script="trl_dpo.py")
        b.add(vm + "/logs_%s.txt" % pod, L)
    K = ["%s %s kernel: [%s] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % (clk.syslog(-500000), vms[bad], "    1.922117")]
    K += ["%s %s kernel: NVRM: Xid (PCI:%s): 48, pid=3127, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 1." % (clk.syslog(t_f - 0.2), vms[bad], PCI_H100[2]),
          "%s %s kernel: NVRM: Xid (PCI:%s): 63, pid=3127, name=python3, Row Remapper: New row (0x00000000002f1a40) Marked for Remapping, reset gpu to activate." % (clk.syslog(t_f - 0.1), vms[bad], PCI_H100[2]),
          "%s %s kernel: NVRM: Xid (PCI:%s): 45, pid=3127, name=python3, Ch 00000008" % (clk.syslog(t_f + 0.5), vms[bad], PCI_H100[2])]
    b.add(vms[bad] + "/node_journal_k.txt", K)
    b.add(vms[bad] + "/kubectl_describe_node_events.txt", [
        "Events:", "  Type     Reason            Age   From                   Message", "  ----     ------            ----  ----                   -------",
        "  Warning  GPUXidError       4m    gpu-health-monitor     NVRM: Xid 48 (uncorrectable DBE) on GPU 2 (PCI %s, UUID GPU-5b0e1d2c-77a1-4c8e-9e3f-0f1a2b3c4d5e)" % PCI_H100[2],
        "  Warning  GPURowRemapPending 4m   gpu-health-monitor     GPU 2: remapped rows pending=Yes, uncorrectable=1; reset required",
        "  Normal   NodeNotSchedulable 2m   kubelet                Node %s status is now: NodeNotSchedulable" % vms[bad]])
    Q = smi_q_header(clk, t_f + 300) + smi_q_gpu(2, PCI_H100[2], ecc_dram_unc=1, remap=(0, 1, "Yes", "No"), temp=44, hist=(639, 1, 0, 0, 0))
    b.add(vms[bad] + "/nvidia-smi-q-gpu2.txt", Q)
    b.add(vms[3] + "/node_journal_k.txt", ["%s %s kernel: NVRM: Xid (PCI:%s): 63, pid=2214, name=python3, Row Remapper: New row (0x0000000000019b20) Marked for Remapping, reset gpu to activate." % (clk.syslog(-3 * 86400), vms[3], PCI_H100[6]),
                                           "%s %s kernel: NVRM: GPU at PCI:%s: GPU-2c91a7e4-0b3d-4f6a-8e15-77d9c2a1b308 row remap completed after reset (pending=No)" % (clk.syslog(-3 * 86400 + 900), vms[3], PCI_H100[6])])
    b.set_label("gpu_memory", "infrastructure", vms[bad], 10, "restart_without_node",
                "Rank 10 (pod index 1, local rank 2) died with 'CUDA error: uncorrectable ECC error encountered'; the kernel log of its VM %s shows Xid 48 (double-bit ECC) on GPU 2 with a row remap pending a reset, confirmed by nvidia-smi. Peers' TCPX 'connection closed' errors are sympathetic; the Xid 63 on rz5p is three days old and already remapped." % vms[bad],
                "https://docs.nvidia.com/deploy/xid-errors/index.html")


# =============================================================================================
def q15(b):
    """ParallelCluster p5 Slurm: rank 13 hits CUDA uncorrectable ECC; dmesg Xid 94 (contained); nvidia-smi -q
    shows the row remapped, nothing pending, no remap failure. gpu_memory/infra/node/13/restart"""
    rng = b.rng
    clk = Clock(2025, 6, 11, 1, 30, 0, boot_offset=90211.0)
    nodes = ["gpu-st-p548xlarge-1", "gpu-st-p548xlarge-2"]
    jobid = 731
    t_f = 3 * 3600 + 2222.0
    out = ["+ srun -l torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=gpu-st-p548xlarge-1:29500 train.py --cfg mixtral_8x7b_fsdp2.toml"]
    for k in range(2):
        out += ["%d: %s" % (k, x) for x in torchrun_rdzv_done(clk, 20, 7001 + k, k, 8, 2, "gpu-st-p548xlarge-1", 29500)[:10]]
    out += ["0: [rank0]:%s" % x for x in nccl_init(nodes[0], 7101, 0, 0, 16, plugin="ofi", rng=rng, ip="10.0.64.11")]
    t = 90.0
    s = 0
    while t < t_f:
        t += 1.71
        s += 1
        if s % 100 == 0:
            out.append("0: [rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 63.12GiB(79.79%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
                clk.pylog(t), s, loss_curve(rng, s, 3.0, 1.9, 9000), "{:,}".format(4790 + rng.randint(-40, 40)), 402.1 + rng.uniform(-3, 3), 40.66 + rng.uniform(-0.3, 0.3)))
    out += ["1: [rank13]: Traceback (most recent call last):",
            '1: [rank13]:   File "/opt/torchtitan/torchtitan/train.py", line 432, in train_step',
            "1: [rank13]:     loss.backward()",
            "1: [rank13]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
            "1: [rank13]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "1: [rank13]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]
    out += ["1: %s" % x for x in child_failed(clk, t_f + 4, nodes[1], 13, 5, 1, 7166, script="train.py")]
    out += ["0: [rank3]:%s" % x for x in nccl_remote_error(clk, t_f + 6, 3, "NET/OFI Request completed with error. RC: 15. Error: 4 (Connection reset by peer). Completed length: 0, Request: { dev: 4, size: 0, state: CREATED, type: RECV }")[:4]]
    out += ["srun: error: gpu-st-p548xlarge-2: task 1: Exited with exit code 1", "srun: error: gpu-st-p548xlarge-1: task 0: Exited with exit code 1"]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        D = ["%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05" % clk.uptime(-90000)]
        if i == 1:
            D += ["%s NVRM: Xid (PCI:%s): 94, pid=7166, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % (clk.uptime(t_f - 0.3), PCI_P5[5]),
                  "%s NVRM: Xid (PCI:%s): 63, pid=7166, name=python3, Row Remapper: New row (0x0000000000a41c38) Marked for Remapping, reset gpu to activate." % (clk.uptime(t_f - 0.29), PCI_P5[5])]
        b.add(n + "/dmesg.txt", D)
    Q = smi_q_header(clk, t_f + 1800)
    for g in range(8):
        Q += smi_q_gpu(g, PCI_P5[g], remap=(0, 1, "No", "No") if g == 5 else (0, 0, "No", "No"), ecc_dram_unc=1 if g == 5 else 0, temp=36, pwr=71.2, sm_clk=345, hist=(639, 1, 0, 0, 0) if g == 5 else (640, 0, 0, 0, 0))
    b.add(nodes[1] + "/epilog_nvidia-smi-q_after_reset.txt", ["# slurm epilog: nvidia-smi -r -i 5 ; nvidia-smi -q -d ECC,ROW_REMAPPER,TEMPERATURE,POWER,CLOCK,PERFORMANCE"] + Q)
    b.add(nodes[1] + "/epilog_dcgmi_diag_r2.txt", ["+---------------------------+------------------------------------------------+",
                                                   "| Diagnostic                | Result                                         |",
                                                   "+===========================+================================================+",
                                                   "|-----  Metadata  ----------+------------------------------------------------|",
                                                   "| DCGM Version              | 3.3.9                                          |",
                                                   "| Driver Version Detected   | 550.127.05                                     |",
                                                   "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
                                                   "|-----  Deployment  --------+------------------------------------------------|",
                                                   "| Denylist                  | Pass                                           |",
                                                   "| Persistence Mode          | Pass                                           |",
                                                   "| Page Retirement/Row Remap | Pass                                           |",
                                                   "|-----  Integration  -------+------------------------------------------------|",
                                                   "| PCIe                      | Pass - All                                     |",
                                                   "|-----  Hardware  ----------+------------------------------------------------|",
                                                   "| GPU Memory                | Pass - All                                     |",
                                                   "+---------------------------+------------------------------------------------+"])
    b.set_label("gpu_memory", "infrastructure", nodes[1], 13, "restart",
                "Rank 13 (node gpu-st-p548xlarge-2, local rank 5) failed with an uncorrectable ECC error that dmesg reports as Xid 94, a contained error; after the epilog reset the row is remapped (Uncorrectable 1, Pending No, Remapping Failure No) and dcgmi diag -r 2 passes, so the GPU stays usable and the job can simply restart.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")


# =============================================================================================
def q16(b):
    """AKS A100 PyTorchJob: rank 21 'unspecified launch failure'; only node files show Xid 64 and
    'Remapping Failure Occurred: Yes' on GPU 5. gpu_memory/infra/node/21/rwn"""
    rng = b.rng
    clk = Clock(2025, 1, 30, 15, 45, 0, boot_offset=1311220.0)
    nodes = ["aks-nda100-21873311-vmss000004", "aks-nda100-21873311-vmss000006", "aks-nda100-21873311-vmss000009", "aks-nda100-21873311-vmss00000b"]
    pods = ["bert-mlm-master-0", "bert-mlm-worker-0", "bert-mlm-worker-1", "bert-mlm-worker-2"]
    bad = 2
    t_f = 7 * 3600 + 129.0
    for i, n in enumerate(nodes):
        L = ["[launcher] pod=%s node=%s PET_NODE_RANK=%d -> ranks %d-%d" % (pods[i], n, i, i * 8, i * 8 + 7)]
        if i == 0:
            t = 60.0
            s = 0
            bar = []
            while t < t_f:
                t += 0.33
                s += 1
                if s % 500 == 0:
                    bar.append(tqdm_bar("train", s, 200000, t - 60, 3.03, "loss=%.3f, lr=1.0e-04" % loss_curve(rng, s, 7.5, 1.9, 15000)))
                if len(bar) == 10:
                    L.append("\r".join(bar))
                    bar = []
                if s % 5000 == 0:
                    L.append("wandb: step %d mlm_loss %.4f mlm_acc %.4f" % (s, loss_curve(rng, s, 7.5, 1.9, 15000), 0.35 + min(0.35, s / 200000.0)))
        if i == bad:
            L += ["[rank21]: Traceback (most recent call last):",
                  '[rank21]:   File "/workspace/run_mlm.py", line 388, in <module>',
                  "[rank21]:     loss = model(**batch).loss",
                  '[rank21]:   File "/opt/conda/lib/python3.10/site-packages/torch/nn/parallel/distributed.py", line 1643, in forward',
                  "[rank21]:     else self._run_ddp_forward(*inputs, **kwargs)",
                  "[rank21]: RuntimeError: CUDA error: unspecified launch failure",
                  "[rank21]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  "[rank21]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                  "[rank21]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
            L += child_failed(clk, t_f + 3, pods[i], 21, 5, 1, 901, script="run_mlm.py")
        else:
            rr = i * 8 + 5
            L += nccl_remote_error(clk, t_f + 8 + i, rr, "NET/IB : Got completion from peer 10.240.0.9<52011> with status=5 opcode=1 len=0 vendor err 249 (Recv) localGid ::ffff:10.240.0.%d remoteGid ::ffff:10.240.0.9 hca mlx5_ib5" % (5 + i), ver="2.19.3", lib="/opt/conda/lib/python3.10/site-packages/torch/lib")[:4]
            L += child_failed(clk, t_f + 14, pods[i], rr, 5, -6, 905, script="run_mlm.py")
        b.add(n + "/%s.log" % pods[i], L)
    D = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.216.01  Wed Oct 30 08:51:17 UTC 2024" % clk.uptime(-1300000)]
    D += ["%s NVRM: Xid (PCI:%s): 64, pid=901, name=python, Row Remapper: Failed to remap row (0x00000000005b02f0) - remap table full or previous remap failed" % (clk.uptime(t_f - 1.1), PCI_A100[5].replace("0000:", "0001:")),
          "%s NVRM: Xid (PCI:%s): 13, pid=901, name=python, Graphics Exception: ESR 0x51e730=0x8000 0x51e734=0x0 0x51e728=0x1f81fb60 0x51e72c=0x1174" % (clk.uptime(t_f - 0.9), PCI_A100[5].replace("0000:", "0001:")),
          "%s NVRM: Xid (PCI:%s): 45, pid=901, name=python, Ch 00000010" % (clk.uptime(t_f + 0.6), PCI_A100[5].replace("0000:", "0001:"))]
    b.add(nodes[bad] + "/host_dmesg.txt", D)
    Q = smi_q_header(clk, t_f + 600, driver="535.216.01", cuda="12.2")
    for g in range(8):
        Q += smi_q_gpu(g, PCI_A100[g].replace("0000:", "0001:"), name="NVIDIA A100-SXM4-80GB", remap=(2, 7, "No", "Yes") if g == 5 else (0, 0, "No", "No"),
                       ecc_dram_unc=1 if g == 5 else 0, hist=(0, 0, 0, 0, 640) if g == 5 else (640, 0, 0, 0, 0), temp=35, pwr=62.0, sm_clk=210, max_clk=1410)
    b.add(nodes[bad] + "/gpu-debug-sidecar/nvidia-smi-q.txt", Q)
    b.add(nodes[0] + "/gpu-debug-sidecar/nvidia-smi-q-gpu3.txt", smi_q_header(clk, t_f + 600, driver="535.216.01", cuda="12.2") + smi_q_gpu(3, PCI_A100[3].replace("0000:", "0001:"), name="NVIDIA A100-SXM4-80GB", remap=(3, 0, "No", "No"), ecc_dram_cor=3, hist=(637, 3, 0, 0, 0), max_clk=1410))
    b.set_label("gpu_memory", "infrastructure", nodes[bad], 21, "restart_without_node",
                "The training log only shows rank 21 (worker-1, local rank 5) failing with 'unspecified launch failure'; the node files explain it: Xid 64 (row remapper failed to remap) on GPU 5 and nvidia-smi -q showing 'Remapping Failure Occurred: Yes' with no remap banks left, so the GPU's HBM is bad. Peers' IB errors are sympathetic; 3 corrected remaps on the master node's GPU 3 are benign.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")


# =============================================================================================
def q17(b):
    """ParallelCluster p4d Megatron: NCCL 'uncorrectable NVLink error' on rank 27; dmesg Xid 74 on that
    node's GPU 3; nvlink -s shows links inactive. nvlink/infra/node/27/rwn"""
    rng = b.rng
    clk = Clock(2025, 2, 25, 4, 0, 0, boot_offset=50211.0)
    nodes = ["compute-st-p4d-%d" % k for k in range(1, 5)]
    bad = 3
    jobid = 21877
    t_f = 9000.0
    out = ["+ srun -l --ntasks-per-node=8 bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS python pretrain_gpt.py ...'"]
    for r in range(32):
        out.append("%2d: using world size: 32, rank %d, local rank %d, host %s" % (r, r, r % 8, nodes[r // 8]))
    for r in (0, 8, 16, 24):
        h = nodes[r // 8]
        out += ["%2d: %s:%d:%d [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % (r, h, 9100 + r, 9100 + r),
                "%2d: %s:%d:%d [0] NCCL INFO NET/OFI Using Libfabric version 1.19" % (r, h, 9100 + r, 9100 + r)]
    t = 120.0
    it = 0
    while t < t_f:
        t += 3.12
        it += 1
        if it % 20 == 0:
            out.append("31:  iteration     %5d/  100000 | consumed samples:      %8d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:   256 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                it, it * 256, 3120 + rng.uniform(-30, 40), 6e-4 * min(1, it / 2000.0), loss_curve(rng, it, 9.0, 2.6, 1500), rng.uniform(0.3, 1.1)))
    h = nodes[bad]
    out += ["27: %s:9127:9388 [3] transport/p2p.cc:275 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % h,
            "27: %s:9127:9388 [3] NCCL INFO transport/p2p.cc:310 -> 1" % h,
            "27: %s:9127:9388 [3] NCCL INFO enqueue.cc:1281 -> 1" % h,
            "27: [rank27]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
            "27: [rank27]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "26: %s:9126:9391 [2] NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % h,
            "26: [rank26]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"]
    for r in (3, 11, 19):
        out += ["%2d: %s" % (r, x) for x in watchdog_timeout(clk, t_f + 1800 + r * 0.1, r, 77812, "ALLREDUCE", 67108864, timeout_ms=1800000)[:2]]
    out += ["srun: error: %s: tasks 24-31: Exited with exit code 1" % h, "slurmstepd: error: *** STEP %d.0 ON compute-st-p4d-1 CANCELLED AT %s ***" % (jobid, clk.t(t_f + 1830).strftime("%Y-%m-%dT%H:%M:%S"))]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        D = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01" % clk.dmesg_T(-50000)]
        if i == bad:
            D += ["%s NVRM: Xid (PCI:%s): 74, pid=9127, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (clk.dmesg_T(t_f - 0.5), PCI_P4D[3]),
                  "%s NVRM: Xid (PCI:%s): 74, pid=9127, name=python, NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (clk.dmesg_T(t_f - 0.5), PCI_P4D[3]),
                  "%s NVRM: Xid (PCI:%s): 45, pid=9126, name=python, Ch 00000009" % (clk.dmesg_T(t_f + 0.8), PCI_P4D[2])]
        if i == 1:
            D += ["%s EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x9b2e11 offset:0x3c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f SystemAddress:0x9b2e113c0 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x26cb8440 ChannelId:0x0 RankAddress:0x1365c20 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x9b2 Column:0x3c0 Bank:0x1 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)" % clk.dmesg_T(4000)]
        b.add(n + "/dmesg_T.log", D)
    NV = ["GPU 3: NVIDIA A100-SXM4-40GB (UUID: GPU-9f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b)"]
    for l in range(12):
        NV.append("\t Link %d: %s" % (l, "<inactive>" if l in (4, 5) else "25 GB/s"))
    b.add(nodes[bad] + "/nvidia-smi_nvlink_-s_-i_3.txt", NV)
    b.set_label("nvlink", "infrastructure", nodes[bad], 27, "restart_without_node",
                "Rank 27 (compute-st-p4d-4, local GPU 3) fails with 'uncorrectable NVLink error' in p2p transport, and that node's dmesg shows Xid 74 fatal NVLink errors on links 4 and 5 of GPU 3, which nvidia-smi nvlink -s now reports inactive; rank 26's error and the watchdog timeouts are follow-ons, the EDAC CE on node 2 is a benign corrected DIMM error.",
                "https://github.com/pytorch/pytorch/issues/58155")


# =============================================================================================
def q18(b):
    """ParallelCluster p5: node 3 stops responding; only its EC2 console output shows Xid 79 (GPU 4 fell off
    the bus) then soft lockups; a scheduled-maintenance notice for node 1 is a red herring. gpu_hardware/infra/node3/20/rwn"""
    rng = b.rng
    clk = Clock(2025, 5, 3, 17, 0, 0, boot_offset=240111.0)
    nodes = ["p5-queue-dy-p548xlarge-%d" % k for k in range(1, 5)]
    iids = ["i-0a1b2c3d4e5f60718", "i-0b2c3d4e5f6071829", "i-0c3d4e5f60718293a", "i-0d4e5f60718293a4b"]
    bad = 2
    jobid = 1409
    t_f = 6 * 3600 + 544.0
    out = ["+ srun -l --ntasks-per-node=1 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=p5-queue-dy-p548xlarge-1:29500 train.py"]
    for k in range(4):
        out += ["%d: %s" % (k, x) for x in torchrun_rdzv_done(clk, 25, 8801, k, 8, 4, "p5-queue-dy-p548xlarge-1", 29500)[:9]]
    out += ["0: %s" % x for x in nccl_init(nodes[0], 8901, 0, 0, 32, plugin="ofi", rng=rng, ip="10.1.128.14")]
    out.append("0: %s:8901:9012 [0] NCCL INFO NET/OFI Warning: NCCL_NVLS_ENABLE=1 with GDR; this is the default on P5 and can be ignored" % nodes[0])
    t = 100.0
    s = 0
    while t < t_f:
        t += 0.88
        s += 1
        if s % 200 == 0:
            out.append("0: " + jl({"time": clk.iso(t), "step": s, "loss": round(loss_curve(rng, s, 3.3, 2.3, 18000), 4), "tokens_per_sec": 1.52e6 + rng.randint(-8000, 8000), "grad_norm": round(rng.uniform(0.2, 0.5), 3)}))
    for r in (1, 9, 25):
        out += ["%d: [rank%d]:%s" % (r // 8, r, x) for x in watchdog_timeout(clk, t_f + 600 + r * 0.03, r, 109931, "_ALLGATHER_BASE", 33554432)[:2]]
    out += ["srun: error: Node failure on p5-queue-dy-p548xlarge-3",
            "slurmstepd: error: *** JOB %d ON p5-queue-dy-p548xlarge-1 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, clk.t(t_f + 640).strftime("%Y-%m-%dT%H:%M:%S"))]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    b.add(nodes[0] + "/slurmctld_excerpt.log", ["[%s] error: Nodes p5-queue-dy-p548xlarge-3 not responding" % clk.t(t_f + 310).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3],
                                                 "[%s] error: Nodes p5-queue-dy-p548xlarge-3 not responding, setting DOWN" % clk.t(t_f + 620).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3],
                                                 "[%s] Killing JobId=%d on failed node p5-queue-dy-p548xlarge-3" % (clk.t(t_f + 640).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3], jobid)])
    for i, n in enumerate(nodes):
        S = ["# slurm prolog %s (%s) nvidia-smi" % (n, iids[i])]
        S += smi_table(clk, 0, [{"temp": 30 + rng.randint(0, 5), "pwr": 112 + rng.randint(0, 10), "mem": 0, "util": 0} for _ in range(8)],
                       buses=["00000000:%s.0" % p[5:] for p in PCI_P5])
        b.add(n + "/prolog_nvidia-smi.txt", S)
    C = ["# aws ec2 get-console-output --instance-id %s --latest --output text" % iids[bad],
         "%s INFO: task kworker/u385:2:412 blocked for more than 122 seconds." % clk.uptime(-200000)]
    C = C[:1]
    C += ["%s pcieport 0000:96:01.0: AER: Uncorrected (Fatal) error received: 0000:97:00.0" % clk.uptime(t_f - 0.41),
          "%s NVRM: GPU at PCI:%s: GPU-41c7e2b9-5d3a-4f0e-8a21-6b9c0d7e3f12" % (clk.uptime(t_f - 0.4), PCI_P5[4]),
          "%s NVRM: Xid (PCI:%s): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % (clk.uptime(t_f - 0.4), PCI_P5[4]),
          "%s NVRM: GPU %s.0: GPU has fallen off the bus." % (clk.uptime(t_f - 0.39), PCI_P5[4]),
          "%s NVRM: A GPU crash dump has been created. If possible, please run" % clk.uptime(t_f - 0.2),
          "NVRM: nvidia-bug-report.sh as root to collect this data before",
          "NVRM: the NVIDIA kernel module is unloaded.",
          "%s watchdog: BUG: soft lockup - CPU#77 stuck for 23s! [python:9133]" % clk.uptime(t_f + 26),
          "%s watchdog: BUG: soft lockup - CPU#12 stuck for 22s! [nvidia-smi:41022]" % clk.uptime(t_f + 51),
          "%s rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:" % clk.uptime(t_f + 88)]
    b.add(nodes[bad] + "/ec2_console_output.txt", C)
    b.add(nodes[0] + "/ec2_describe_instance_status.json", [jl({"InstanceStatuses": [{"InstanceId": iids[0], "AvailabilityZone": "us-east-2b",
                                                                                      "Events": [{"InstanceEventId": "instance-event-0a9e1c4b2d7f3e581", "Code": "system-maintenance",
                                                                                                  "Description": "Scheduled system maintenance", "NotBefore": "2025-05-09T02:00:00.000Z", "NotAfter": "2025-05-09T04:00:00.000Z"}],
                                                                                      "InstanceState": {"Code": 16, "Name": "running"}, "SystemStatus": {"Status": "ok"}, "InstanceStatus": {"Status": "ok"}}]})])
    b.set_label("gpu_hardware", "infrastructure", nodes[bad], 20, "restart_without_node",
                "Slurm lost p5-queue-dy-p548xlarge-3 (node failure) and survivors only show watchdog timeouts; that instance's EC2 console output has Xid 79 'GPU has fallen off the bus' for PCI 0000:97:00 (GPU 4 in its prolog nvidia-smi, i.e. global rank 20 on node rank 2) followed by soft lockups. The system-maintenance event on node 1 is scheduled days later and unrelated.",
                "https://github.com/NVIDIA/NVSentinel/issues/155")


# =============================================================================================
def q19(b):
    """GKE A3 JobSet, two attempts: both hang; each time the kernel log of VM p7rd shows Xid 119 GSP RPC
    timeout on GPU 4 (different ranks because pods moved). gpu_hardware/infra/VM/null/rwn"""
    rng = b.rng
    vms = ["gke-a3-rl-a3-highgpu-91c2d3e4-" + s for s in ["4fkd", "9zqa", "p7rd", "xw2m"]]
    bad = 2
    assign = [[0, 1, 2, 3], [2, 3, 0, 1]]  # attempt -> vm index of pod index p
    for a in range(2):
        clk = Clock(2025, 7, 1, 8 + a * 3, 5, 0, boot_offset=3000.0 + a * 9000)
        t_h = 5400.0 + a * 1200
        suf = ["q2k9m", "w8n3c", "h5t1x", "b7v4z"] if a == 0 else ["f3m8p", "n1c6d", "s9k2w", "y4r7q"]
        for p in range(4):
            vm = vms[assign[a][p]]
            pod = "grpo-32g-learner-0-%d-%s" % (p, suf[p])
            L = ["NODE_NAME=%s POD=%s JOB_COMPLETION_INDEX=%d restart-attempt=%d" % (vm, pod, p, a)]
            L += torchrun_rdzv_done(clk, 12, 66, p, 8, 4, "grpo-32g-learner-0-0.grpo-32g", 29500)[:9]
            if p == 0:
                t = 60.0
                s = 300 * a
                while t < t_h:
                    t += 6.1
                    s += 1
                    if s % 5 == 0:
                        L.append("%s | INFO | grpo | step=%d reward_mean=%.3f kl=%.4f loss=%.4f gen_time=%.1fs train_time=%.1fs" % (clk.pylog(t), s, 0.2 + s / 1500.0, rng.uniform(0.01, 0.05), rng.uniform(-0.02, 0.02), 3.8, 2.2))
            for lr_ in (0, 4) if p != 0 else (0,):
                r = p * 8 + lr_
                L += watchdog_timeout(clk, t_h + 1800 + r * 0.05, r, 30911 + a * 4000, "_ALLGATHER_BASE", 16777216, timeout_ms=1800000, lib=P311 + "/torch/lib")[:2]
            b.add("attempt_%d/%s/%s.log" % (a, vm, pod), L)
        K = ["%s %s kernel: NVRM: _kgspLogXid119: ********************************* GSP Timeout **********************************" % (clk.syslog(t_h + 1), vms[bad]),
             "%s %s kernel: NVRM: _kgspLogXid119: Note: Please also check logs above." % (clk.syslog(t_h + 1), vms[bad]),
             "%s %s kernel: NVRM: Xid (PCI:%s): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) sequence %d (0x20802a02 0x8)." % (clk.syslog(t_h + 1), vms[bad], PCI_H100[4], 4412 + a * 1000, 118233 + a * 977),
             "%s %s kernel: NVRM: GPU%d GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020802a02 0x0000000000000008." % (clk.syslog(t_h + 1), vms[bad], 4),
             "%s %s kernel: NVRM: Xid (PCI:%s): 119, pid=%d, name=python3, Timeout after 45s of waiting for RPC response from GPU4 GSP! Expected function 10 (FREE) sequence %d (0x5c000041 0x0)." % (clk.syslog(t_h + 47), vms[bad], PCI_H100[4], 4412 + a * 1000, 118234 + a * 977),
             "%s %s kernel: NVRM: Rate limiting GSP RPC error prints for GPU at PCI:%s (printing 1 of every 30).  The GPU likely needs to be reset." % (clk.syslog(t_h + 140), vms[bad], PCI_H100[4])]
        b.add("attempt_%d/%s/node_kernel.log" % (a, vms[bad]), K)
        b.add("attempt_%d/%s/node_kernel.log" % (a, vms[0]), ["%s %s kernel: gve 0000:00:0%d.0: Device link is up." % (clk.syslog(-2000), vms[0], 4)])
    b.set_label("gpu_hardware", "infrastructure", vms[bad], None, "restart_without_node",
                "Both attempts hang until the 30-min watchdog with no Python error; in each the kernel log of VM %s shows Xid 119 (GSP RPC timeout, 'GPU likely needs to be reset') on GPU 4 at the moment progress stops, although different pods/ranks ran there each time, so the same physical GPU is failing." % vms[bad],
                "https://github.com/vllm-project/vllm/issues/40652")


# =============================================================================================
def q20(b):
    """ParallelCluster + FSx for Lustre, 8 nodes: DCP save at step 6000 stalls; Lustre RPC timeouts and
    evictions from OST0003 on most nodes; ranks time out after. storage/infra/null/restart"""
    rng = b.rng
    clk = Clock(2025, 3, 15, 0, 0, 0, boot_offset=700111.0)
    nodes = ["trn-st-p4de-%d" % k for k in range(1, 9)]
    jobid = 9931
    t_s = 4 * 3600 + 512.0
    out = ["+ srun -l --ntasks-per-node=8 python -u train.py --ckpt_dir /fsx/ckpt/llama-13b --save_every 1000"]
    for r in range(0, 64, 8):
        out.append("%2d: host=%s local_ranks 0-7 -> global %d-%d" % (r, nodes[r // 8], r, r + 7))
    t = 100.0
    s = 0
    while t < t_s:
        t += 2.4
        s += 1
        if s % 50 == 0:
            out.append(" 0: %s INFO step %d loss %.4f grad_norm %.3f tps %d" % (clk.plain(t), s, loss_curve(rng, s, 2.9, 2.0, 8000), rng.uniform(0.2, 0.5), 212000 + rng.randint(-2000, 2000)))
        if s % 1000 == 0 and s < 6000:
            out.append(" 0: %s INFO saving DCP checkpoint step %d to /fsx/ckpt/llama-13b/step_%d" % (clk.plain(t), s, s))
            out.append(" 0: %s INFO checkpoint step %d saved in %.1fs" % (clk.plain(t + 41), s, 38 + rng.uniform(0, 6)))
    out.append(" 0: %s INFO saving DCP checkpoint step 6000 to /fsx/ckpt/llama-13b/step_6000" % clk.plain(t_s))
    out += [" 0: [rank0]: Traceback (most recent call last):",
            ' 0: [rank0]:   File "/opt/torch/distributed/checkpoint/filesystem.py", line 491, in _write_files_from_queue',
            " 0: [rank0]:     with create_stream(file_name, \"wb\") as stream:",
            " 0: [rank0]: OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/fsx/ckpt/llama-13b/step_6000/__0_0.distcp'"]
    for r in (8, 17, 33, 50, 63):
        out += ["%2d: %s" % (r, x) for x in watchdog_timeout(clk, t_s + 1800 + r * 0.02, r, 402117, "ALLREDUCE", 1, timeout_ms=1800000)[:2]]
    out += ["%2d: [rank%d]: RuntimeError: [/opt/torch/distributed/checkpoint/utils.py:174] rank %d: write failed: [Errno 5] Input/output error: '/fsx/ckpt/llama-13b/step_6000/__%d_0.distcp'" % (r, r, r, r) for r in (22, 41)]
    out += ["srun: error: trn-st-p4de-1: tasks 0-7: Exited with exit code 1", "slurmstepd: error: *** STEP %d.0 ON trn-st-p4de-1 CANCELLED AT %s ***" % (jobid, clk.t(t_s + 1850).strftime("%Y-%m-%dT%H:%M:%S"))]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        D = ["%s Lustre: Lustre: Build Version: 2.15.4" % clk.uptime(-700000)]
        if i not in (3, 6):
            pid = 4100 + i * 13
            D += ["%s Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@00000000%08x x17912%09d/t0(0) o4->fsx-OST0003-osc-ffff9a41c2e5d000@10.0.161.23@tcp:6/4 lens 488/448 e 0 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'python.0'" % (clk.uptime(t_s + 47 + i), pid, clk.epoch(t_s), clk.epoch(t_s), rng.getrandbits(32), rng.randint(0, 999999999), clk.epoch(t_s + 47)),
                  "%s Lustre: fsx-OST0003-osc-ffff9a41c2e5d000: Connection to fsx-OST0003 (at 10.0.161.23@tcp) was lost; in progress operations using this service will wait for recovery to complete" % clk.uptime(t_s + 47.2 + i),
                  "%s LustreError: 167-0: fsx-OST0003-osc-ffff9a41c2e5d000: This client was evicted by fsx-OST0003; in progress operations using this service will fail." % clk.uptime(t_s + 160 + i * 2),
                  "%s Lustre: fsx-OST0003-osc-ffff9a41c2e5d000: Connection restored to 10.0.161.23@tcp (at 10.0.161.23@tcp)" % clk.uptime(t_s + 1700 + i)]
        b.add(n + "/dmesg.txt", D)
    b.add(nodes[4] + "/lfs_check_osts.txt", ["fsx-OST0000-osc-ffff9a41c2e5d000 active.", "fsx-OST0001-osc-ffff9a41c2e5d000 active.", "fsx-OST0002-osc-ffff9a41c2e5d000 active.",
                                             "fsx-OST0003-osc-ffff9a41c2e5d000: check error: Resource temporarily unavailable", "fsx-MDT0000-mdc-ffff9a41c2e5d000 active."])
    b.set_label("storage", "infrastructure", None, None, "restart",
                "The step-6000 DCP save stalls and fails (rank 0 ENOTCONN, other ranks EIO); six of eight nodes log Lustre RPC timeouts and then evictions by the same FSx target fsx-OST0003, which lfs check shows unavailable, so the shared filesystem failed for the whole job. Rank 0 being first to error and the watchdog timeouts are follow-ons.",
                "https://github.com/pytorch/torchtitan/issues/168")


CASES = [("q11_every_rank_times_out_in_allreduce", q11), ("q12_validation_end_never_returns", q12),
         ("q13_nan_guard_trips_every_restart", q13), ("q14_rank_dies_cuda_ecc_error", q14),
         ("q15_single_rank_crash_then_epilog_ok", q15), ("q16_unspecified_launch_failure_one_rank", q16),
         ("q17_allreduce_crash_on_one_node", q17), ("q18_node_failure_job_cancelled", q18),
         ("q19_silent_hang_twice", q19), ("q20_checkpoint_save_stalls", q20)]
