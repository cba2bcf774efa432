"""v36-v40: layer subtleties and clean runs."""

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


def v36_dataloader_worker_oom_killed(rng):
    b = Bundle()
    hosts = ["gpuhost-b1", "gpuhost-b2", "gpuhost-b3"]
    job = Job(rng, hosts, subnet="10.25")
    bad, bl = 1, 1
    br = job.rank(bad, bl)
    tf = T("2024-07-30 15:51:12.400000")
    boot = T("2024-07-21 09:00:00")
    wpid = job.pid(bad, 7) + 311
    for n, h in enumerate(hosts):
        lines = []
        if n == 0:
            for k in range(6):
                t = tf - sec(3000 - k * 500)
                lines.append(
                    "[rank0]:%s [INFO] epoch 0 iter %d loss %.3f host_rss_per_rank %.1fGB"
                    % (pylog(t), 4000 + k * 600, 3.1 - k * 0.05, 38 + k * 4.1)
                )
        for l in range(8):
            r = job.rank(n, l)
            if r == br:
                lines += prefixed(
                    "[rank%d]:" % r,
                    py_tb(
                        [
                            ("/app/train.py", 220, "train", "for batch in loader:"),
                            (
                                "/opt/venv/lib/python3.10/site-packages/torch/utils/data/dataloader.py",
                                1284,
                                "_get_data",
                                "success, data = self._try_get_data()",
                            ),
                            (
                                "/opt/venv/lib/python3.10/site-packages/torch/utils/data/dataloader.py",
                                1145,
                                "_try_get_data",
                                "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
                            ),
                        ],
                        "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wpid,
                    ),
                )
            elif n != bad:
                tw = tf + sec(600 + rng.uniform(0, 2))
                lines += job.watchdog(r, tw, 30551, numel=1)
        tt = tf + sec(3 if n == bad else 603)
        lines += job.elastic_failure(
            n,
            tt,
            [(br, bl, 1, tf + sec(0.5), None)]
            if n == bad
            else [(job.rank(n, l), l, -6, tt, sigtb(job.pid(n, l), 6)) for l in range(8)],
        )
        b.add("%s/train.log" % h, lines)
        km = kernel_noise(rng, tf - sec(4000), tf + sec(700), lambda t: dmesg_up(t, boot), 3)
        if n == bad:
            km += [
                "%s pt_data_worker invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"
                % dmesg_up(tf - sec(1), boot),
                "%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/kubepods/burstable/pod3b2e,task=pt_data_worker,pid=%d,uid=1000"
                % (dmesg_up(tf - sec(0.2), boot), wpid),
                "%s Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:98311204kB, anon-rss:71022840kB, file-rss:74112kB, shmem-rss:2201600kB, UID:1000 pgtables:141120kB oom_score_adj:0"
                % (dmesg_up(tf - sec(0.1), boot), wpid),
            ]
        b.add("%s/dmesg.txt" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.add(
        "job/dataset.py.excerpt",
        [
            "class InterleavedDataset(Dataset):",
            "    def __getitem__(self, i):",
            "        # cache decoded images so later epochs are fast",
            "        self._cache[i] = decode(self.paths[i])   # never evicted",
            "        return self._cache[i]",
            "",
            "loader = DataLoader(ds, batch_size=32, num_workers=8, persistent_workers=True)",
        ],
    )
    b.set_label(
        "oom",
        "framework",
        "stop",
        "Rank %d on gpuhost-b2 loses a DataLoader worker: the kernel's cgroup OOM killer took pt_data_worker at 71 GB RSS. rank0's "
        "host_rss_per_rank climbs steadily and the dataset caches every decoded sample without eviction, so every node is on the same path; "
        "the node is not at fault. The others only time out." % br,
        "https://github.com/NVIDIA/Megatron-LM/issues/1657",
    )
    return b


def v37_missing_data_shard(rng):
    b = Bundle()
    hosts = ["node%02d" % i for i in (11, 12, 13, 14)]
    job = Job(rng, hosts, subnet="10.2")
    br = 12
    bn = job.node_of(br)
    tf = T("2023-12-01 02:31:55")
    for n, h in enumerate(hosts):
        lines = []
        for l in range(8):
            r = job.rank(n, l)
            if r == br:
                lines += [
                    "[default%d]:%s WARNING webdataset: opening pipe:aws s3 cp s3://cv-data/laion-en/shard-00871.tar -"
                    % (l, pylog(tf - sec(1)))
                ]
                lines += prefixed(
                    "[default%d]:" % l,
                    py_tb(
                        [
                            (
                                "/opt/conda/lib/python3.9/site-packages/webdataset/tariterators.py",
                                170,
                                "url_opener",
                                "stream = gopen(url, **kw)",
                            ),
                            (
                                "/opt/conda/lib/python3.9/site-packages/webdataset/gopen.py",
                                94,
                                "gopen",
                                "raise IOError(f'{url}: not found')",
                            ),
                        ],
                        [
                            "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/laion-en/shard-00871.tar'",
                            'fatal error: An error occurred (404) when calling the HeadObject operation: Key "laion-en/shard-00871.tar" does not exist',
                        ],
                    ),
                )
            elif n != bn:
                lines += job.watchdog(
                    r,
                    tf + sec(1800 + rng.uniform(0, 2)),
                    77102,
                    timeout_ms=1800000,
                    style="1.13",
                    prefix=False,
                )
        b.add("%s/torchrun_stdout.log" % h, lines)
    b.add(
        "job/dataset_check.txt",
        [
            "$ python -c 'import braceexpand; print(len(list(braceexpand.braceexpand(\"shard-{00000..01023}.tar\"))))'",
            "1024",
            "$ aws s3 ls s3://cv-data/laion-en/ | grep -c '\\.tar$'",
            "1000",
            "$ aws s3 ls s3://cv-data/laion-en/shard-0087",
            "2023-11-28 18:02:11  1073741312 shard-00870.tar",
            "2023-11-28 18:02:15  1073740800 shard-00872.tar",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        "stop",
        "Rank 12 fails opening shard-00871.tar, which S3 reports does not exist (404); the dataset spec expands to 1024 shards but only 1000 "
        "were uploaded. Storage itself answers normally (neighbouring shards listed). A data/config error: restarting hits it again.",
        "https://github.com/mittagessen/kraken/issues/266",
    )
    return b


def v38_clean_run_scary_warnings(rng):
    b = Bundle()
    hosts = ["a3-mega-%d" % i for i in (0, 1)]
    job = Job(rng, hosts, subnet="10.128", iface="eth1")
    t0 = T("2024-11-11 01:00:00")
    t1 = T("2024-11-11 06:27:41")
    boot = T("2024-11-01 00:00:00")
    for n, h in enumerate(hosts):
        lines = [
            "W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded"
            % (glog(t0, "W")[1:], job.agent_pid[n])
        ]
        p = job.pid(n, 0)
        lines += [
            "%s:%d:%d [0] NCCL WARN NET/IB : Unable to open device mlx5_bond_0" % (h, p, p),
            "%s:%d:%d [0] NCCL INFO NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory"
            % (h, p, p),
            "%s:%d:%d [0] NCCL INFO Using network FasTrak" % (h, p, p),
            "[rank%d]:/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated."
            % job.rank(n, 0),
            "[rank%d]:/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_state_dict_utils.py:773: UserWarning: When using ``NO_SHARD`` for ``ShardingStrategy``, full_state_dict will be returned."
            % job.rank(n, 0),
        ]
        if n == 0:
            t = t0
            for s in range(500, 20001, 1500):
                t += sec(1500 * 0.96)
                lines.append(
                    "[rank0]:%s INFO step %5d/20000 loss %.4f grad_norm %.3f%s"
                    % (
                        pylog(t),
                        s,
                        2.9 - s * 6e-5,
                        0.3 + rng.random() * 0.2,
                        "  (skipped: inf grad, loss scale 65536->32768)" if s == 6500 else "",
                    )
                )
            lines += [
                "[rank0]:%s INFO step 20000/20000 done. saving final checkpoint to gs://bkt/runs/r88/final"
                % pylog(t1 - sec(30)),
                "[rank0]:%s INFO training complete in 5:27:11" % pylog(t1 - sec(2)),
            ]
        for l in range(8):
            lines.append(
                "[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. "
                "On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process."
                % (job.rank(n, l), glog(t1, "W")[1:])
            )
        lines += [
            "I%s %d torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."
            % (glog(t1 + sec(3), "I")[1:], job.agent_pid[n]),
            "I%s %d torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"
            % (glog(t1 + sec(3), "I")[1:], job.agent_pid[n]),
            "I%s %d torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.7 seconds"
            % (glog(t1 + sec(4), "I")[1:], job.agent_pid[n]),
        ]
        b.add("%s/torchrun.log" % h, lines)
        km = kernel_noise(rng, t0, t1, lambda t: dmesg_up(t, boot), 4)
        if n == 1:
            km += [
                "%s NVRM: Xid (PCI:0000:8a:00): 92, pid='<unknown>', name=<unknown>, High single-bit ECC error rate"
                % dmesg_up(t0 + sec(7000), boot),
                "%s nvidia-fabricmanager: NVLink link 7 on NVSwitch 2 had 3 correctable CRC errors; no action required"
                % dmesg_up(t0 + sec(9100), boot),
            ]
        b.add("%s/dmesg.txt" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.add(
        "a3-mega-1/nvidia-smi-q.txt",
        smi_q("a3-mega-1", t1, override={4: {"sram_corr": 41, "dram_corr": 12}}, uuid_seed=301),
    )
    b.add("job/exit_status.txt", ["job 77101 state=COMPLETED exit_code=0:0 elapsed=05:27:50"])
    b.set_label(
        "unknown",
        "framework",
        "none",
        "The run reached step 20000, saved its final checkpoint, every worker group finished SUCCEEDED and the job exited 0. The NCCL "
        "device/plugin warnings, deprecation warnings, one skipped fp16 step, the destroy_process_group warning and corrected ECC/Xid 92 are benign.",
        "https://github.com/NVIDIA/nccl/issues/1231",
    )
    return b


def v39_app_caused_xid31_everywhere(rng):
    b = Bundle()
    hosts = ["hgx-%s" % x for x in ("p01", "p02", "p03")]
    job = Job(rng, hosts, subnet="10.19")
    tf = T("2025-06-03 19:05:12.200000")
    boot = T("2025-05-30 12:00:00")
    for n, h in enumerate(hosts):
        lines = []
        if n == 0:
            lines.append(
                "[rank0]:%s INFO switching to stage 2: seq_len 4096 -> 16384 (custom fused rope+attn kernel)"
                % pylog(tf - sec(3))
            )
        for l in range(8):
            r = job.rank(n, l)
            lines += prefixed(
                "[rank%d]:" % r,
                py_tb(
                    [
                        ("/src/llm/train.py", 310, "step", "loss = model(batch).loss"),
                        (
                            "/src/llm/kernels/fused_rope_attn.py",
                            188,
                            "forward",
                            "_rope_attn_fwd[grid](q, k, v, cos, sin, out, seq_len, BLOCK_M=128, BLOCK_N=64)",
                        ),
                        (
                            "/opt/venv/lib/python3.11/site-packages/triton/backends/nvidia/driver.py",
                            444,
                            "__call__",
                            "self.launch(*args, **kwargs)",
                        ),
                    ],
                    ["RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered"],
                ),
            )
        tt = tf + sec(3)
        lines += job.elastic_failure(
            n, tt, [(job.rank(n, l), l, 1, tf, None) for l in (3, 0, 1, 2, 4, 5, 6, 7)]
        )
        b.add("%s/console.log" % h, lines)
        km = kernel_noise(rng, tf - sec(3000), tf + sec(200), lambda t: dmesg_up(t, boot), 3)
        for l in range(8):
            km.append(
                "%s NVRM: Xid (PCI:0000:%s:00): 31, pid=%d, name=python3, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC%d GPCCLIENT_T1_%d faulted @ 0x7f%02x_%08x. "
                "Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                % (
                    dmesg_up(tf - sec(0.05 * l), boot),
                    job.busid(l).lower(),
                    job.pid(n, l),
                    l % 8,
                    rng.randrange(16),
                    rng.randrange(256),
                    rng.randrange(1 << 32),
                )
            )
        b.add("%s/dmesg.txt" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.set_label(
        "user_code",
        "script",
        "stop",
        "All 24 ranks on three nodes fail at the same instant with an illegal memory access in the user's custom Triton rope/attention "
        "kernel right after the seq_len switch to 16384, and every GPU logs Xid 31 MMU faults with the training PIDs. App-caused Xids on "
        "every GPU point at the kernel, not the hardware.",
        "https://github.com/utensils/mold/issues/543",
    )
    return b


def v40_preempted_then_completed(rng):
    b = Bundle()
    att = [
        ["gke-a3-pool-%s" % x for x in ("7fzq", "k2m1", "p9w3")],
        ["gke-a3-pool-%s" % x for x in ("k2m1", "x4c8", "p9w3")],
    ]
    starts = [T("2024-09-01 00:00:00"), T("2024-09-01 04:12:00")]
    for a, hosts in enumerate(att):
        job = Job(rng, hosts, subnet="10.96", iface="eth0")
        for n, h in enumerate(hosts):
            lines = []
            if a == 0:
                tp = T("2024-09-01 03:58:20")
                if n == 0:
                    lines += [
                        "[rank0]:%s INFO step %d loss %.3f"
                        % (pylog(starts[0] + sec(k * 1200)), 1000 * k, 2.5 - k * 0.02)
                        for k in range(1, 12)
                    ]
                    lines += ["[rank0]:%s INFO checkpoint saved: step 11000" % pylog(tp - sec(90))]
                lines += [
                    "W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers"
                    % (glog(tp, "W")[1:], job.agent_pid[n]),
                    "W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
                    % (glog(tp, "W")[1:], job.agent_pid[n], job.pid(n, 0)),
                ]
                lines += [
                    "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15"
                    % job.agent_pid[n]
                ]
            else:
                tend = T("2024-09-01 09:40:02")
                if n == 0:
                    lines += [
                        "[rank0]:%s INFO resuming from step 11000" % pylog(starts[1] + sec(60))
                    ]
                    lines += [
                        "[rank0]:%s INFO step %d loss %.3f"
                        % (pylog(starts[1] + sec(k * 1200)), 11000 + 1000 * k, 2.28 - k * 0.01)
                        for k in range(1, 16)
                    ]
                    lines += [
                        "[rank0]:%s INFO reached max_steps=26000; final checkpoint written"
                        % pylog(tend - sec(20))
                    ]
                lines += [
                    "I%s %d torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."
                    % (glog(tend, "I")[1:], job.agent_pid[n])
                ]
            b.add("attempt_%d/%s/pod.log" % (a + 1, h), lines)
    b.add(
        "attempt_1/events.txt",
        [
            "LAST SEEN   TYPE      REASON              OBJECT                          MESSAGE",
            "14m         Warning   PreemptingNode      node/gke-a3-pool-7fzq           Spot VM preemption notice received, draining",
            "14m         Normal    Killing             pod/train-r12-worker-0          Stopping container trainer",
            "13m         Normal    JobRestarting       jobset/train-r12                Restarting jobset (1/5 restarts) after pod disruption",
        ],
    )
    b.add(
        "attempt_2/events.txt",
        [
            "LAST SEEN   TYPE      REASON              OBJECT                          MESSAGE",
            "2m          Normal    Completed           jobset/train-r12                JobSet completed successfully",
        ],
    )
    b.set_label(
        "unknown",
        "framework",
        "none",
        "Attempt 1 ended with SIGTERM when a spot VM was preempted (checkpoint at step 11000); attempt 2 resumed on a replacement node and "
        "reached max_steps, and the JobSet completed. Nothing is left to fix.",
        "https://github.com/ServiceNow/Fast-LLM/issues/241",
    )
    return b


CASES = [
    v36_dataloader_worker_oom_killed,
    v37_missing_data_shard,
    v38_clean_run_scary_warnings,
    v39_app_caused_xid31_everywhere,
    v40_preempted_then_completed,
]
