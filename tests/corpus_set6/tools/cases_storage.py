"""v16-v20: shared storage service vs node-local storage vs the user's own quota."""

from common import (
    Bundle,
    Job,
    T,
    sec,
    glog,
    pylog,
    dmesg_T,
    dmesg_up,
    syslog,
    iso,
    kernel_noise,
    merge_sorted,
    py_tb,
    prefixed,
    sigtb,
    smi_q,
)


def v16_s3_slowdown_all_nodes(rng):
    b = Bundle()
    hosts = ["p4d-%02d" % i for i in (3, 7, 8, 11)]
    job = Job(rng, hosts, subnet="10.0")
    t0 = T("2024-03-30 04:12:00")
    tf = T("2024-03-30 06:48:17.300000")
    for n, h in enumerate(hosts):
        pairs = []
        if n == 0:
            for s in range(0, 12):
                t = t0 + sec(600 + s * 780)
                pairs.append(
                    (
                        t,
                        "[rank0]:%s | INFO | step %d | loss %.3f | samples/s %.0f | data_wait %.2fs"
                        % (
                            pylog(t),
                            20000 + s * 500,
                            2.2 - s * 0.01,
                            1880 - (s > 9) * 900,
                            0.02 + (s > 9) * 3.1,
                        ),
                    )
                )
        for l in range(8):
            r = job.rank(n, l)
            t = tf + sec(rng.uniform(-40, 25))
            pairs.append(
                (
                    t - sec(30),
                    "[rank%d]:%s | WARNING | streaming.base.storage: retrying GetObject s3://corp-llm-data/mix-v4/shard.%05d.mds (attempt 3/5): SlowDown"
                    % (r, pylog(t - sec(30)), rng.randrange(90000)),
                )
            )
            tb = py_tb(
                [
                    (
                        "/opt/venv/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py",
                        309,
                        "_worker_loop",
                        "data = fetcher.fetch(index)",
                    ),
                    (
                        "/opt/venv/lib/python3.11/site-packages/streaming/base/dataset.py",
                        1214,
                        "get_item",
                        "self.prepare_shard(shard_id)",
                    ),
                    (
                        "/opt/venv/lib/python3.11/site-packages/streaming/base/storage/download.py",
                        71,
                        "download_from_s3",
                        "s3.download_file(obj.netloc, obj.path.lstrip('/'), local)",
                    ),
                    (
                        "/opt/venv/lib/python3.11/site-packages/botocore/client.py",
                        1021,
                        "_make_api_call",
                        "raise error_class(parsed_response, operation_name)",
                    ),
                ],
                "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.",
            )
            pairs.append(
                (t, "[rank%d]:%s | ERROR | DataLoader worker 3 raised an exception" % (r, pylog(t)))
            )
            pairs += [(t, "[rank%d]:%s" % (r, x)) for x in tb]
        lines = merge_sorted(pairs)
        tt = tf + sec(40)
        lines += job.elastic_failure(
            n, tt, [(job.rank(n, l), l, 1, tt - sec(10), None) for l in (5, 0, 1, 2, 3, 4, 6, 7)]
        )
        b.add("%s/train.log" % h, lines)
        b.add(
            "%s/dmesg.txt" % h,
            kernel_noise(rng, T("2024-03-30 04:00:00"), T("2024-03-30 07:00:00"), dmesg_T, 5),
        )
    b.add(
        "p4d-08/nvidia-smi-q.txt",
        smi_q(
            "p4d-08",
            T("2024-03-30 07:05:00"),
            product="NVIDIA A100-SXM4-40GB",
            driver="535.161.08",
            cuda="12.2",
            override={1: {"sram_corr": 2, "remap_corr": 1}},
            uuid_seed=8,
        ),
    )
    b.add(
        "job/s3_bucket_metrics.txt",
        [
            "bucket=corp-llm-data prefix=mix-v4/ 5xx(503 SlowDown) per minute:",
            "06:40 0",
            "06:42 14",
            "06:44 388",
            "06:46 2741",
            "06:48 6120",
            "06:50 5877",
            "note: concurrent job 'eval-sweep-0330' started 06:41 with 512 readers on the same prefix",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        "restart",
        "Data-loader workers on all 32 ranks, on every node, fail within a minute with S3 SlowDown (503) on the same bucket prefix, whose "
        "metrics show throttling once another job began reading it. A shared-service transient: restart (with backoff), no node to blame; "
        "the corrected ECC on p4d-08 is noise.",
        "https://github.com/huggingface/datatrove/issues/302",
    )
    return b


def v17_lustre_eviction_all(rng):
    b = Bundle()
    hosts = [
        "x1000c%ds%db0n0" % (c, s) for c, s in ((0, 1), (0, 2), (0, 5), (1, 0), (1, 3), (2, 7))
    ]
    job = Job(rng, hosts, gpus=4, subnet="10.150", iface="hsn0")
    tf = T("2024-08-19 03:14:06.000000")
    boot = T("2024-08-12 10:00:00")
    for n, h in enumerate(hosts):
        lines = []
        if n == 0:
            lines += [
                "%d: [%s] saving checkpoint at iteration   24000 to /lus/scratch/proj/ckpt"
                % (n, pylog(tf - sec(20)))
            ]
            lines += prefixed(
                "%d: " % n,
                py_tb(
                    [
                        (
                            "/opt/megatron/megatron/training/checkpointing.py",
                            402,
                            "save_checkpoint",
                            "dist_checkpointing.save(state_dict, checkpoint_name, save_strategy)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py",
                            371,
                            "_write_files_from_queue",
                            "os.fsync(stream.fileno())",
                        ),
                    ],
                    "OSError: [Errno 108] Cannot send after transport endpoint shutdown",
                ),
            )
        else:
            for l in range(4):
                r = job.rank(n, l)
                if rng.random() < 0.5:
                    lines += prefixed(
                        "%d: " % n,
                        [
                            "[rank%d]: OSError: [Errno 5] Input/output error: '/lus/scratch/proj/ckpt/iter_0024000/__%d_0.distcp'"
                            % (r, r)
                        ],
                    )
                else:
                    tw = tf + sec(600 + rng.uniform(0, 3))
                    lines += prefixed(
                        "%d: " % n,
                        job.watchdog(r, tw, 412200, op="BROADCAST", numel=1, style="2.1"),
                    )
        lines.append(
            "%d: srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, h, n * 4, n * 4 + 3)
        )
        b.add("%s/slurm-4418831.out" % h, lines)
        km = kernel_noise(
            rng, T("2024-08-19 02:00:00"), T("2024-08-19 03:30:00"), lambda t: dmesg_up(t, boot), 3
        )
        d = sec(rng.uniform(-0.5, 0.5))
        km += [
            "%s Lustre: scratch-OST0041-osc-ffff9a3c5e8d1000: Connection to scratch-OST0041 (at 10.150.255.21@o2ib) was lost; in progress operations using this service will wait for recovery to complete"
            % dmesg_up(tf - sec(95) + d, boot),
            "%s LustreError: 167-0: scratch-OST0041-osc-ffff9a3c5e8d1000: This client was evicted by scratch-OST0041; in progress operations using this service will fail."
            % dmesg_up(tf - sec(2) + d, boot),
            "%s Lustre: scratch-OST0041-osc-ffff9a3c5e8d1000: Connection restored to 10.150.255.21@o2ib (at 10.150.255.21@o2ib)"
            % dmesg_up(tf + sec(41) + d, boot),
        ]
        b.add("%s/kern.log.1.gz" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.add(
        "job/oss_status.txt",
        [
            "%s oss021 kernel: LNetError: 11-0: o2iblnd: timeout of RDMA on 10.150.255.21@o2ib after 100s"
            % iso(tf - sec(110)),
            "%s oss021 kernel: Lustre: scratch-OST0041: haven't heard from client ... in 227 seconds. I think it's dead, and I am evicting it."
            % iso(tf - sec(3)),
            "%s oss021 kernel: Lustre: scratch-OST0041: Recovery over after 0:41, of 2211 clients 2211 recovered"
            % iso(tf + sec(40)),
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        "restart",
        "All six nodes lose their connection to the same OST and are evicted within a second of each other, during the checkpoint; "
        "rank 0's fsync then fails with ESHUTDOWN and the others see EIO or time out. The OSS log shows an RDMA timeout and recovery 41 s later: "
        "a shared-filesystem transient, no culprit node.",
        "https://github.com/PapenfussLab/gridss/issues/479",
    )
    return b


def v18_local_tmp_full_one_node(rng):
    b = Bundle()
    hosts = ["worker%02d.gpu.internal" % i for i in (2, 3, 5, 6, 8)]
    job = Job(rng, hosts, subnet="10.30")
    bad = 3
    tf = T("2025-02-11 10:20:37.000000")
    for n, h in enumerate(hosts):
        lines = []
        for l in range(8):
            r = job.rank(n, l)
            if n == bad:
                t = tf + sec(rng.uniform(0, 2))
                lines += [
                    "[rank%d]:%s WARNING torch._inductor: compiling graph 3 (mode=max-autotune-no-cudagraphs)"
                    % (r, pylog(t - sec(30)))
                ]
                lines += prefixed(
                    "[rank%d]:" % r,
                    py_tb(
                        [
                            (
                                "/opt/venv/lib/python3.12/site-packages/torch/_inductor/codecache.py",
                                412,
                                "write_atomic",
                                "with tmp_path.open(write_mode) as f:",
                            ),
                        ],
                        [
                            "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                            "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_mlsvc/triton/0/tmp.%08x/triton_red_fused_add_mean_pow_%d.cubin'"
                            % (rng.randrange(1 << 32), rng.randrange(90)),
                        ],
                    ),
                )
            else:
                tw = tf + sec(1800 + rng.uniform(0, 3))
                lines += job.watchdog(r, tw, 31, op="ALLREDUCE", numel=1, timeout_ms=1800000)
        tt = tf + sec(3 if n == bad else 1805)
        lines += job.elastic_failure(
            n,
            tt,
            [
                (
                    job.rank(n, l),
                    l,
                    1 if n == bad else -6,
                    tt,
                    None if n == bad else sigtb(job.pid(n, l), 6),
                )
                for l in range(8)
            ],
        )
        b.add("%s/torchrun.log" % h, lines)
        use = "100%" if n == bad else "%d%%" % rng.randrange(8, 30)
        b.add(
            "%s/df_h.txt" % h,
            [
                "Filesystem      Size  Used Avail Use% Mounted on",
                "/dev/md0        3.5T  %s  %s  %s /"
                % (("3.5T", "0", use) if n == bad else ("0.6T", "2.9T", use)),
                "tmpfs           1.0T  1.1G 1023G   1% /dev/shm",
                "weka01:/proj    800T  512T  288T  65% /mnt/proj",
            ],
        )
        if n == bad:
            b.add(
                "%s/du_tmp.txt" % h,
                [
                    "3.1T\t/tmp/core_dumps",
                    "221G\t/tmp/torchinductor_olduser",
                    "18G\t/tmp/torchinductor_mlsvc",
                    "4.0K\t/tmp/tmux-1000",
                ],
            )
    b.set_label(
        "storage",
        "infrastructure",
        "restart_without_node",
        "Only the eight ranks on %s fail, with ENOSPC writing the inductor cache under /tmp; df shows that node's root filesystem 100%% full "
        "(3 TB of old core dumps in /tmp) while the other nodes have terabytes free. The rest time out waiting for them."
        % hosts[bad],
        "https://github.com/OctoberChang/X-Transformer/issues/17",
        node=hosts[bad],
    )
    return b


def v19_nvme_failing_one_node(rng):
    b = Bundle()
    hosts = ["sxm-%s" % x for x in ("aa01", "aa02", "ab01", "ab02", "ac01", "ac02", "ad01", "ad02")]
    job = Job(rng, hosts, subnet="10.44")
    bad = 4
    tf = T("2024-01-25 21:07:51.640000")
    boot = T("2024-01-20 07:30:00")
    for n, h in enumerate(hosts):
        pairs = []
        for l in range(8):
            r = job.rank(n, l)
            if n == bad and l in (1, 4, 6):
                t = tf + sec(rng.uniform(0, 6))
                pairs += [
                    (t, "[default%d]:%s" % (l, x))
                    for x in py_tb(
                        [
                            (
                                "/opt/conda/lib/python3.10/site-packages/torch/utils/data/_utils/worker.py",
                                308,
                                "_worker_loop",
                                "data = fetcher.fetch(index)",
                            ),
                            (
                                "/home/svc/vision/data.py",
                                91,
                                "__getitem__",
                                "buf = np.fromfile(self.paths[i], dtype=np.uint8)",
                            ),
                        ],
                        "OSError: [Errno 5] Input/output error: '/local_nvme/cache/imagenet21k/shard_%05d.bin'"
                        % rng.randrange(2000),
                    )
                ]
            else:
                tw = tf + sec(1800 + rng.uniform(5, 9))
                pairs += [
                    (tw, "[default%d]:%s" % (l, x))
                    for x in job.watchdog(r, tw, 188021, timeout_ms=1800000, style="1.13")
                ]
        b.add("%s/stdout.txt" % h, merge_sorted(pairs))
        km = kernel_noise(
            rng, T("2024-01-25 19:00:00"), T("2024-01-25 21:40:00"), lambda t: dmesg_up(t, boot), 5
        )
        if n == bad:
            for k in range(6):
                tt = tf - sec(240 - k * 45)
                km += [
                    "%s nvme nvme1: I/O %d QID %d timeout, aborting"
                    % (dmesg_up(tt, boot), rng.randrange(1000), rng.randrange(1, 64)),
                    "%s nvme nvme1: Abort status: 0x371" % dmesg_up(tt + sec(0.01), boot),
                ]
            km += [
                "%s nvme nvme1: I/O 122 QID 9 timeout, reset controller"
                % dmesg_up(tf - sec(2), boot),
                "%s blk_update_request: I/O error, dev nvme1n1, sector 1887412224 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"
                % dmesg_up(tf - sec(0.5), boot),
                "%s EXT4-fs error (device nvme1n1): ext4_find_entry:1463: inode #2883585: comm pt_data_worker: reading directory lblock 0"
                % dmesg_up(tf - sec(0.4), boot),
                "%s Buffer I/O error on dev nvme1n1, logical block 235926528, async page read"
                % dmesg_up(tf - sec(0.4), boot),
            ]
        b.add("%s/dmesg.txt" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.add(
        "%s/smartctl_nvme1.txt" % hosts[bad],
        [
            "SMART overall-health self-assessment test result: FAILED!",
            "- available spare has fallen below threshold",
            "Critical Warning:                   0x01",
            "Available Spare:                    2%",
            "Media and Data Integrity Errors:    1931",
            "Error Information Log Entries:      20577",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        "restart_without_node",
        "Data-loader workers on %s get EIO reading its local NVMe cache; the same node's dmesg shows minutes of nvme1 I/O timeouts, a controller "
        "reset, block I/O and ext4 errors, and SMART reports the drive FAILED. Other nodes just time out (1.13-style, untimestamped)."
        % hosts[bad],
        "https://github.com/awslabs/awsome-distributed-ai/issues/289",
        node=hosts[bad],
    )
    return b


def v20_project_quota_exceeded(rng):
    b = Bundle()
    hosts = ["gn%02d" % i for i in (21, 22, 23, 24)]
    job = Job(rng, hosts, gpus=4, subnet="10.7")
    tf = T("2024-10-08 23:00:12.000000")
    for n, h in enumerate(hosts):
        lines = []
        for l in range(4):
            r = job.rank(n, l)
            t = tf + sec(rng.uniform(0, 4))
            lines.append(
                "[rank%d]:%s INFO ckpt: writing sharded checkpoint step_0060000 to /lustre/projects/vlm-x/ckpt"
                % (r, pylog(t - sec(9)))
            )
            lines += prefixed(
                "[rank%d]:" % r,
                py_tb(
                    [
                        (
                            "/home/u/vlm/trainer.py",
                            640,
                            "save",
                            "dcp.save(state, checkpoint_id=path)",
                        ),
                        (
                            "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py",
                            376,
                            "_write_files_from_queue",
                            "_write_item(stream, data, write_item, storage_key)",
                        ),
                    ],
                    "OSError: [Errno 122] Disk quota exceeded",
                ),
            )
        tt = tf + sec(8)
        lines += job.elastic_failure(n, tt, [(job.rank(n, l), l, 1, tt, None) for l in range(4)])
        b.add("%s/train.log" % h, lines)
    b.add(
        "job/lfs_quota.txt",
        [
            "Disk quotas for prj 40712 (pid 40712):",
            "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
            "/lustre/projects  200.0T*  180T    200T  expired  1.21M       0       0       -",
            "",
            "$ ls /lustre/projects/vlm-x/ckpt | wc -l",
            "61",
            "$ du -sh /lustre/projects/vlm-x/ckpt",
            "197T\t/lustre/projects/vlm-x/ckpt",
        ],
    )
    b.add(
        "job/lfs_df.txt",
        [
            "UUID                   1K-blocks        Used   Available Use% Mounted on",
            "lustre-MDT0000_UUID   12884901888  2199023255  10685878632  17% /lustre[MDT:0]",
            "filesystem_summary:  9007199254740992 5179139571476070 3828059683264922  58% /lustre",
        ],
    )
    b.set_label(
        "storage",
        "script",
        "stop",
        "Every rank fails the checkpoint write with EDQUOT on the shared filesystem, which itself is healthy (58% used). lfs quota shows the "
        "project at its 200 TB hard limit, filled by 61 retained checkpoints. A restart would fail the same way: the user must prune "
        "checkpoints or raise the quota.",
        "https://github.com/awslabs/awsome-distributed-ai/pull/1225",
    )
    return b


CASES = [
    v16_s3_slowdown_all_nodes,
    v17_lustre_eviction_all,
    v18_local_tmp_full_one_node,
    v19_nvme_failing_one_node,
    v20_project_quota_exceeded,
]
