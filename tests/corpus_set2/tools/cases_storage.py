"""Storage cases: shared FS vs local disk, object store, corrupt checkpoints, NFS outage."""

from scenario import *  # noqa
from cases_gpu import dmesg_boot_noise

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


# ============================================================================
@case
def c19(rng):
    b = Bundle("c19_lustre_ost_full_during_checkpoint")
    hosts = ["fsw-gpu-%03d" % i for i in (101, 102, 105, 106, 109, 110)]
    ips = ["10.150.1.%d" % i for i in (101, 102, 105, 106, 109, 110)]
    t0 = T("2024-10-28 00:12:55")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="pretrain_gpt.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "out/rank_%03d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    prog, t_last, it_last = megatron_progress(
        t0 + sec(220), 0, 60, 7.7, rng, every=100, gbs=1536, tflops=418.0, loss0=3.1
    )
    job.logs[(5, 7)] += prog
    t_save = t_last + ms(7700)
    # rank 0 announces the save
    job.logs[(0, 0)].append(
        "saving checkpoint at iteration    6000 to /lustre/fsw/llm/ckpt/gpt-70b in torch_dist format"
    )
    failed = sorted(rng.sample(range(48), 19))
    died = {}
    td = t_save + sec(94)
    for r in range(48):
        hi, l = job.where(r)
        lg = job.logs[(hi, l)]
        lg += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/opt/Megatron-LM/pretrain_gpt.py", 281, "<module>", "pretrain("),
                    (
                        "/opt/Megatron-LM/megatron/training/training.py",
                        1345,
                        "train",
                        "save_checkpoint_and_time(iteration, model, optimizer,",
                    ),
                    (
                        "/opt/Megatron-LM/megatron/training/checkpointing.py",
                        451,
                        "save_checkpoint",
                        "async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,",
                    ),
                    (
                        "/opt/Megatron-LM/megatron/core/dist_checkpointing/strategies/torch.py",
                        640,
                        "save",
                        "torch.distributed.checkpoint.save(",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py",
                        317,
                        "_save_state_dict",
                        'return distW.all_reduce("write", write_data, finish_checkpoint)',
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py",
                        257,
                        "all_reduce",
                        "raise final_result",
                    ),
                ],
                "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)\n"
                "Traceback (most recent call last): (RANK %d)\n"
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", line 238, in all_reduce\n'
                "    local_data = map_fun()\n"
                '  File "/opt/Megatron-LM/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 301, in write_preloaded_data\n'
                "    os.fsync(stream.fileno())\n"
                "OSError: [Errno 28] No space left on device" % (str(failed), failed[0]),
            )
        ]
        died[r] = td + ms(rng.randint(0, 1500))
    job.agents_after(died, exitcodes={r: 1 for r in range(48)})
    job.emit()
    boot = t0 - sec(86400 * 30)
    for hi, h in enumerate(hosts):
        k = dmesg_boot_noise(boot, h, "journal", rng)
        for _ in range(rng.randint(2, 4)):
            tt = t_save + sec(rng.randint(20, 90))
            k.append(
                journald(tt, h)
                + " LustreError: %d:0:(osc_request.c:1887:osc_brw_fini_request()) fsw-OST00%02d-osc-ffff9b2a%08x: "
                "write to fsw-OST00%02d rc = -28"
                % (rng.randint(3000, 9999), 19, rng.randint(0, 0xFFFFFFFF), 19)
            )
        k.sort(key=lambda s: s[:15])
        b.add(h, "kern.log", k)
    b.add(
        hosts[2],
        "lfs_df.txt",
        [
            "$ lfs df -h /lustre/fsw",
            "UUID                       bytes        Used   Available Use% Mounted on",
            "fsw-MDT0000_UUID            8.7T        2.1T        6.6T  24% /lustre/fsw[MDT:0]",
        ]
        + [
            "fsw-OST00%02d_UUID           97.5T       %5.1fT       %5.1fT  %3d%% /lustre/fsw[OST:%d]"
            % (
                i,
                97.5 if i == 19 else 81.0 + i * 0.3,
                0.0 if i == 19 else 16.5 - i * 0.3,
                100 if i == 19 else 83 + i // 7,
                i,
            )
            for i in range(16, 24)
        ]
        + [
            "",
            "filesystem_summary:        3.1P        2.8P      312.4T  90% /lustre/fsw",
            "",
            "$ lfs getstripe -c /lustre/fsw/llm/ckpt",
            "1",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        None,
        "stop",
        "Every node fails the iteration-6000 torch_dist checkpoint with ENOSPC and LustreError rc=-28 against OST0019, "
        "which is 100% full (checkpoint dir stripe count 1). Shared-filesystem capacity problem, not a node; restarting "
        "would fail again at the next save until space is freed or striping changed.",
        "https://github.com/awslabs/awsome-distributed-ai/pull/1225",
        "Shared Lustre OST full during DCP checkpoint on all nodes; no watchdog flood, all ranks error at once.",
    )
    return b


# ============================================================================
@case
def c20(rng):
    b = Bundle("c20_local_tmp_full_inductor_one_node")
    hosts = ["gpu-l40s-17", "gpu-l40s-18", "gpu-l40s-22", "gpu-l40s-23"]
    ips = ["10.7.40.17", "10.7.40.18", "10.7.40.22", "10.7.40.23"]
    t0 = T("2024-08-02 09:11:17")
    bad = 3
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version="2.20.5+cuda12.4",
        proto="RoCE",
        iface="ens1f0np0",
        hcas=["mlx5_0", "mlx5_1"],
        rank_file=lambda hi, l, r: "rank%d/stderr.txt" % r,
        agent_file="agent.txt",
    )
    job.startup()
    t = t0 + sec(180)
    for step in range(10, 510, 10):
        t += sec(10 * 0.84 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "%s INFO train: step %d loss %.4f lr %.2e (%.0f samples/s)"
            % (
                pylog(t),
                step,
                4.2 - step * 0.002,
                6e-4 * min(1, step / 200),
                1219 + rng.uniform(-10, 10),
            )
        )
    job.logs[(0, 0)].append(
        "%s INFO train: running validation (recompiling eval graph)" % pylog(t + sec(2))
    )
    t_fault = t + sec(38)
    r_bad = job.rank(bad, 4)
    h = hosts[bad]
    job.logs[(bad, 4)] += [
        "[rank%d]: %s" % (r_bad, x)
        for x in rank_traceback(
            [
                ("/srv/vision/train.py", 377, "<module>", "main()"),
                ("/srv/vision/train.py", 301, "main", "val_metrics = evaluate(model, val_loader)"),
                ("/srv/vision/train.py", 214, "evaluate", "out = model(images)"),
                (
                    "/usr/local/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py",
                    465,
                    "_fn",
                    "return fn(*args, **kwargs)",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/torch/_dynamo/output_graph.py",
                    1446,
                    "_call_user_compiler",
                    "raise BackendCompilerFailed(self.compiler_fn, e).with_traceback(",
                ),
            ],
            "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
            "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc-train/triton/0/tmp.3a91fd02'\n\n"
            'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\n'
            "You can suppress this exception and fall back to eager by setting:\n"
            "    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True",
        )
    ]
    died = {r_bad: t_fault + ms(600)}
    died.update(
        job.watchdog_cascade(
            t_fault - sec(1), 18433, "ALLREDUCE", (1, 1), skip=[job.rank(bad, l) for l in range(8)]
        )
    )
    job.agents_after(died, exitcodes={r_bad: 1})
    job.emit()
    b.add(
        h,
        "df.txt",
        [
            "$ df -h /tmp /dev/shm /",
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/sda2        20G   20G     0 100% /",
            "tmpfs           756G   41G  715G   6% /dev/shm",
            "/dev/sda2        20G   20G     0 100% /",
            "",
            "$ du -sh /tmp/* 2>/dev/null | sort -h | tail -4",
            "1.1G\t/tmp/torchinductor_svc-train",
            "2.9G\t/tmp/ray",
            "14G\t/tmp/core.python3.228711",
            "512M\t/tmp/pip-install-8k2x1w",
        ],
    )
    b.add(
        hosts[0],
        "df.txt",
        [
            "$ df -h /tmp /",
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/sda2        20G  6.1G   13G  32% /",
            "/dev/sda2        20G  6.1G   13G  32% /",
        ],
    )
    b.add(
        h,
        "journal.txt",
        [
            journald(t0 - sec(3600 * 9), h, "systemd-coredump[228790]")
            + " Process 228711 (python3) of user 1002 dumped core.",
            journald(t0 - sec(3600 * 9) + sec(55), h, "systemd-coredump[228790]")
            + " Core file was truncated to 15032385536 bytes.",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        culprit(h, r_bad),
        "restart_without_node",
        "Only gpu-l40s-23's rank 28 fails: inductor cannot write to /tmp because that node's 20 GB root filesystem is "
        "100% full (a 14 GB core dump left by an earlier job); the other 31 ranks time out in the next all-reduce. "
        "The other nodes' disks are fine.",
        "https://github.com/alibaba/Pai-Megatron-Patch/issues/302",
        "ENOSPC on node-local /tmp of one node (torch.compile cache) vs shared FS; df on a healthy node for contrast.",
    )
    return b


# ============================================================================
@case
def c21(rng):
    b = Bundle("c21_s3_read_timeouts_all_nodes")
    hosts = ["ip-10-4-33-17", "ip-10-4-33-201", "ip-10-4-35-6", "ip-10-4-36-250"]
    ips = [h[3:].replace("-", ".") for h in hosts]
    t0 = T("2024-12-03 04:18:09")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_mm.py",
        proto="EFA",
        iface="enp71s0",
        plugin="efa",
        nccl_version="2.22.3+cuda12.6",
        rank_file=lambda hi, l, r: "rank_%d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    t = t0 + sec(240)
    for step in range(50, 8050, 50):
        t += sec(50 * 1.35 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "[%s][INFO] step %d | loss %.4f | data_time %.3fs | step_time %.3fs"
            % (
                pylog(t),
                step,
                3.5 - step * 0.0001,
                0.01 + rng.uniform(0, 0.01),
                1.35 + rng.uniform(-0.01, 0.01),
            )
        )
    t_fault = t + sec(41)
    died = {}
    victims = [(2, 5), (0, 3), (1, 1), (3, 6), (2, 0), (1, 7)]
    for k, (hi, l) in enumerate(victims):
        r = job.rank(hi, l)
        tt = t_fault + sec(k * 4 + rng.uniform(0, 3))
        shard = "s3://acme-mm-corpus/laion-dedup/v3/shard-%06d.tar" % rng.randint(10000, 99999)
        job.logs[(hi, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/opt/app/train_mm.py", 412, "<module>", "main()"),
                    ("/opt/app/train_mm.py", 338, "main", "batch = next(train_iter)"),
                    (
                        "/usr/local/lib/python3.10/site-packages/torch/utils/data/dataloader.py",
                        631,
                        "__next__",
                        "data = self._next_data()",
                    ),
                    (
                        "/usr/local/lib/python3.10/site-packages/torch/utils/data/dataloader.py",
                        1346,
                        "_next_data",
                        "return self._process_data(data)",
                    ),
                    (
                        "/usr/local/lib/python3.10/site-packages/torch/utils/data/dataloader.py",
                        1372,
                        "_process_data",
                        "data.reraise()",
                    ),
                    (
                        "/usr/local/lib/python3.10/site-packages/torch/_utils.py",
                        705,
                        "reraise",
                        "raise exception",
                    ),
                ],
                "botocore.exceptions.ReadTimeoutError: Caught ReadTimeoutError in DataLoader worker process %d.\n"
                "Original Traceback (most recent call last):\n"
                '  File "/usr/local/lib/python3.10/site-packages/urllib3/response.py", line 710, in _error_catcher\n'
                "    yield\n"
                '  File "/usr/local/lib/python3.10/site-packages/botocore/response.py", line 99, in read\n'
                "    raise ReadTimeoutError(endpoint_url=self._endpoint_url, error=e)\n"
                'botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "https://acme-mm-corpus.s3.us-east-1.amazonaws.com/laion-dedup/v3/%s"'
                % (rng.randint(0, 7), shard.split("/")[-1]),
            )
        ]
        lg = job.logs[(hi, l)]
        tbi = max(i for i, x in enumerate(lg) if x.startswith("[rank%d]: Traceback" % r))
        lg.insert(
            tbi,
            "[%s][WARNING] webdataset: retrying %s after ReadTimeoutError (attempt 5/5)"
            % (pylog(tt - sec(2)), shard),
        )
        died[r] = tt + ms(500)
    died.update(
        job.watchdog_cascade(
            t_fault - sec(5), 640221, "ALLREDUCE", (1, 1), skip=list(died.keys()), early=died
        )
    )
    # the agents see the early exits first; nobody waits the full timeout on nodes that had a victim
    job.agents_after(died, exitcodes={r: 1 for r in [job.rank(hi, l) for hi, l in victims]})
    job.emit()
    b.set_label(
        "storage",
        "infrastructure",
        None,
        "restart",
        "Dataloader workers on all four nodes hit botocore ReadTimeoutError against the same S3 bucket within ~25 s after "
        "5 retries; no node-specific evidence and training had been healthy for 3 h. A transient object-store blip: "
        "restart from the last checkpoint.",
        "https://github.com/allenai/scirepeval/issues/48",
        "S3 read timeouts on every node within seconds; hostnames encode IPs (AWS), no kernel evidence.",
    )
    return b


# ============================================================================
@case
def c22(rng):
    b = Bundle("c22_truncated_checkpoint_after_timelimit")
    hosts = ["gpu-p-0031", "gpu-p-0032", "gpu-p-0039"]
    ips = ["10.99.0.31", "10.99.0.32", "10.99.0.39"]
    t0 = T("2024-06-17 20:00:04")
    # attempt 0: saving when the time limit hits
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        attempt=0,
        script="pretrain_gpt.py",
        nccl_version="2.19.3+cuda12.3",
        rank_file=lambda hi, l, r: "rank_%d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    prog, t_last, it_last = megatron_progress(
        t0 + sec(120), 10000, 20, 3.55, rng, every=100, gbs=768, tflops=380.0, loss0=2.3
    )
    job.logs[(2, 7)] += prog
    job.logs[(0, 0)].append(
        "saving checkpoint at iteration   12000 to /shared/ckpt/gpt-8b in legacy format"
    )
    t_kill = t_last + sec(40)
    for hi, h in enumerate(hosts):
        job.agent[hi] += agent_sigterm_block(
            h,
            job.agent_pid[h],
            t_kill + ms(rng.randint(0, 600)),
            job.pids[h],
            rng,
            reason_line="slurmstepd: error: *** STEP 1184402.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***"
            % (h, slurm_ts(t_kill)),
        )
    job.emit()
    b.add(
        hosts[0],
        "slurm-1184402.out",
        [
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            "slurmstepd: error: *** JOB 1184402 ON gpu-p-0031 CANCELLED AT %s DUE TO TIME LIMIT ***"
            % slurm_ts(t_kill),
        ],
        attempt=0,
    )
    b.add(
        hosts[0],
        "ckpt_listing.txt",
        [
            "$ ls -l /shared/ckpt/gpt-8b/ /shared/ckpt/gpt-8b/iter_0012000/mp_rank_00",
            "drwxr-sr-x 3 lm lm 4096 Jun 17 22:18 iter_0011000",
            "drwxr-sr-x 3 lm lm 4096 Jun 18 00:00 iter_0012000",
            "-rw-r--r-- 1 lm lm    5 Jun 18 00:00 latest_checkpointed_iteration.txt",
            "",
            "/shared/ckpt/gpt-8b/iter_0012000/mp_rank_00:",
            "-rw-r--r-- 1 lm lm 11811160064 Jun 18 00:00 model_optim_rng.pt",
            "",
            "$ cat /shared/ckpt/gpt-8b/latest_checkpointed_iteration.txt",
            "12000",
            "",
            "$ ls -l /shared/ckpt/gpt-8b/iter_0011000/mp_rank_00",
            "-rw-r--r-- 1 lm lm 96431925611 Jun 17 22:18 model_optim_rng.pt",
        ],
        attempt=1,
    )
    # attempt 1: every rank fails to load iteration 12000
    t1 = t_kill + sec(1500)
    job1 = Job(
        b,
        rng,
        hosts,
        ips,
        t1,
        attempt=1,
        script="pretrain_gpt.py",
        nccl_version="2.19.3+cuda12.3",
        rank_file=lambda hi, l, r: "rank_%d.log" % r,
        agent_file="torchrun.log",
    )
    job1.startup()
    died = {}
    for r in range(24):
        hi, l = job1.where(r)
        job1.logs[(hi, l)] += (
            [" loading checkpoint from /shared/ckpt/gpt-8b at iteration 12000"] if r == 0 else []
        )
        job1.logs[(hi, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    (
                        "/workspace/Megatron-LM/pretrain_gpt.py",
                        262,
                        "<module>",
                        "pretrain(train_valid_test_datasets_provider,",
                    ),
                    (
                        "/workspace/Megatron-LM/megatron/training/training.py",
                        254,
                        "pretrain",
                        "model, optimizer, opt_param_scheduler = setup_model_and_optimizer(",
                    ),
                    (
                        "/workspace/Megatron-LM/megatron/training/training.py",
                        565,
                        "setup_model_and_optimizer",
                        "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint(",
                    ),
                    (
                        "/workspace/Megatron-LM/megatron/training/checkpointing.py",
                        745,
                        "load_checkpoint",
                        "state_dict, checkpoint_name, release = _load_base_checkpoint(load_dir, rank0=False, **load_kwargs)",
                    ),
                    (
                        "/workspace/Megatron-LM/megatron/training/checkpointing.py",
                        677,
                        "_load_base_checkpoint",
                        "state_dict = torch.load(checkpoint_name, map_location='cpu')",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/serialization.py",
                        1004,
                        "load",
                        "with _open_zipfile_reader(opened_file) as opened_zipfile:",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/serialization.py",
                        456,
                        "__init__",
                        "super().__init__(torch._C.PyTorchFileReader(name_or_buffer))",
                    ),
                ],
                "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
            )
        ]
        died[r] = t1 + sec(85) + ms(rng.randint(0, 4000))
    job1.agents_after(died, exitcodes={r: 1 for r in range(24)})
    job1.emit()
    b.set_label(
        "storage",
        "framework",
        None,
        "stop",
        "attempt_0 was killed by the Slurm time limit while rank 0 was writing iteration 12000 (11.8 GB of a ~96 GB "
        "file) yet latest_checkpointed_iteration.txt already says 12000; attempt_1 fails on every rank with "
        "'failed finding central directory'. The checkpoint is truncated: an automatic restart will loop - roll back "
        "to iter_0011000.",
        "https://github.com/OpenTalker/SadTalker/issues/217",
        "Corrupt (truncated) checkpoint across two attempts; root cause is in attempt_0's ending, symptom in attempt_1.",
    )
    return b


# ============================================================================
@case
def c23(rng):
    b = Bundle("c23_nfs_server_not_responding_all_nodes")
    hosts = ["hpc-gpu07", "hpc-gpu08", "hpc-gpu11", "hpc-gpu12", "hpc-gpu15"]
    ips = ["172.20.1.%d" % i for i in (7, 8, 11, 12, 15)]
    t0 = T("2024-03-30 13:44:21")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        torch_style="2.1",
        nccl_version="2.18.3+cuda12.1",
        rank_file=lambda hi, l, r: "train_%d.log" % r,
        agent_file="torchrun_stdout.log",
    )
    job.startup()
    t = t0 + sec(100)
    for ep in range(3):
        for it in range(0, 1800, 300):
            t += sec(300 * 0.71)
            job.logs[(0, 0)].append(
                "%s | epoch %d it %d/1800 | loss %.4f | %.1f img/s"
                % (pylog(t), ep, it, 1.9 - ep * 0.2, 5760 + rng.uniform(-40, 40))
            )
    t_fault = t + sec(12)
    died = job.watchdog_cascade(
        t_fault + sec(4), 22918, "ALLREDUCE", (25557032, 25557032), timeout_ms=1800000
    )
    job.agents_after(died)
    job.emit()
    boot = t0 - sec(86400 * 16)
    for hi, h in enumerate(hosts):
        k = dmesg_boot_noise(boot, h, "journal", rng)[:3]
        k.append(
            journald(t_fault + ms(rng.randint(0, 4000)), h)
            + " nfs: server nas-home01 not responding, still trying"
        )
        k.append(
            journald(t_fault + sec(180) + ms(rng.randint(0, 4000)), h)
            + " INFO: task pt_data_worker:%d blocked for more than 120 seconds."
            % rng.randint(100000, 200000)
        )
        k.append(
            journald(t_fault + sec(180), h) + "       Not tainted 5.14.0-362.24.1.el9_3.x86_64 #1"
        )
        k.append(
            journald(t_fault + sec(180), h)
            + " task:pt_data_worker state:D stack:0     pid:%d ppid:%d flags:0x00000002"
            % (rng.randint(100000, 200000), job.pids[h][rng.randint(0, 7)])
        )
        k.append(journald(t_fault + sec(180), h) + " Call Trace:")
        k.append(journald(t_fault + sec(180), h) + "  <TASK>")
        k.append(journald(t_fault + sec(180), h) + "  __schedule+0x21b/0x680")
        k.append(journald(t_fault + sec(180), h) + "  rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]")
        k.append(journald(t_fault + sec(180), h) + "  nfs4_do_open+0x1df/0x3e0 [nfsv4]")
        k.append(
            journald(t_fault + sec(2460) + ms(rng.randint(0, 3000)), h)
            + " nfs: server nas-home01 OK"
        )
        b.add(h, "messages.log", k)
    b.add(
        hosts[0],
        "mounts.txt",
        [
            "nas-home01:/export/data on /data type nfs4 (rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,retrans=2,sec=sys)"
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        None,
        "restart",
        "All five nodes log 'nfs: server nas-home01 not responding' within 4 s of each other and their dataloader "
        "workers block in D state on NFS; the training ranks then all time out together 30 min later, and the server "
        "comes back ~41 min after the outage. Shared-storage outage, no node at fault: restart now that NFS is back.",
        "https://github.com/EleutherAI/gpt-neox/issues/919",
        "Shared NFS outage on every node; uniform watchdog flood with no culprit rank; legacy torch 2.1 log style.",
    )
    return b
