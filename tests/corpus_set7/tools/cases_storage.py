"""w24-w28: shared filesystem outages vs node-local disk, object-store throttling."""

from common import (
    Bundle,
    Clock,
    Job,
    Log,
    fail_pattern,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    progress,
    startup,
    sysfile,
    ts_py,
    ts_slurm,
    ts_syslog,
)
from cases_gpu import _not_first


def w24_lustre_ost_eviction_all_nodes(rng):
    b = Bundle("w24_lustre_ost_eviction_all_nodes")
    hosts = hostnames(rng, "rack", 4)
    job = Job(rng, hosts, nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 36000 + rng.uniform(0, 4000)
    it = progress(log, job, clock, rng, 100, T - 30, 10, 6.0)
    log.add(
        clock.t(T - 20),
        job.order[-1],
        job.world - 1,
        "saving checkpoint at iteration %7d to /lus1/proj/llm/ckpt in torch_dist format" % it,
    )
    for h in job.order:
        for l in range(8):
            r = job.rank(h, l)
            if rng.random() < 0.6:
                lines = [
                    "[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "/opt/megatron/megatron/core/dist_checkpointing/strategies/filesystem_async.py", '
                    "line 224, in write_preloaded_data" % r,
                    "[rank%d]:     os.fsync(stream.fileno())" % r,
                    "[rank%d]: OSError: [Errno 5] Input/output error" % r,
                ]
            else:
                lines = [
                    "[rank%d]: RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos %d vs %d"
                    % (r, 704643072 + r * 4096, 704643072 + r * 4096 - 1024)
                ]
            log.add(clock.t(T + rng.uniform(0, 40)), h, r, lines)
        log.add(clock.t(T + 45), h, None, job.agent_sigterm(clock.t(T + 44), h, skip=(0,)))
        log.add(clock.t(T + 47), h, None, job.child_failed(clock.t(T + 47), h, 0, exitcode=1))
    log.render(b, "torchrun")
    ost = "lus1-OST00%02x" % rng.randint(0, 0x3F)
    oss = "10.%d.%d.%d@o2ib" % (rng.randint(100, 200), rng.randint(0, 9), rng.randint(2, 200))
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 200, 10)
        cli = "%s-osc-ffff%08x" % (ost, rng.randint(0, 0xFFFFFFFF))
        u = boot + T - 25 + rng.uniform(0, 3)
        k += [
            (
                u,
                "Lustre: %s: Connection to %s (at %s) was lost; in progress operations using this service will "
                "wait for recovery to complete" % (cli, ost, oss),
            ),
            (
                u + 1,
                "LustreError: 11-0: %s: operation ost_write to node %s failed: rc = -107"
                % (cli, oss),
            ),
            (
                u + 20,
                "LustreError: 167-0: %s: This client was evicted by %s; in progress operations using this "
                "service will fail." % (cli, ost),
            ),
            (
                u + 21,
                "LustreError: %d:0:(osc_request.c:2381:osc_build_rpc()) %s: sync write failed: rc = -5"
                % (rng.randint(100000, 200000), cli),
            ),
            (u + 600, "Lustre: %s: Connection restored to %s (at %s)" % (cli, ost, oss)),
        ]
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "During the checkpoint save every node loses its connection to %s at the same time and is evicted; "
        "ranks on all nodes fail with EIO / 'unexpected pos' in the writer. The OST reconnects ten minutes "
        "later. A shared-filesystem outage with no node to blame: restart from the last good checkpoint."
        % ost,
        "https://github.com/rwth-i6/returnn/issues/1829",
    )
    return b


def w25_local_nvme_full_one_node(rng):
    b = Bundle("w25_local_nvme_full_one_node")
    hosts = hostnames(rng, "gpu-node", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 2500 + rng.uniform(0, 1500)
    progress(log, job, clock, rng, 600, T, 10, 3.2, style="simple")
    bad = _not_first(rng, job)
    r = job.rank(bad, 0)
    for h in job.order:
        rr = job.rank(h, 0)
        log.add(
            clock.t(30),
            h,
            rr,
            "[rank%d]: %s | INFO | data | staging shards to node-local cache /local_nvme/cache "
            "(rank-0-per-node), 412 shards" % (rr, ts_py(clock.t(30))),
        )
    lines = [
        "[rank%d]: Traceback (most recent call last):" % r,
        '[rank%d]:   File "/workspace/data/cache.py", line 88, in _stage' % r,
        "[rank%d]:     shutil.copyfile(src, dst)" % r,
        '[rank%d]:   File "/usr/lib/python3.10/shutil.py", line 267, in copyfile' % r,
        "[rank%d]:     _fastcopy_sendfile(fsrc, fdst)" % r,
        "[rank%d]: OSError: [Errno 28] No space left on device: '/local_nvme/cache/shard-00%d.arrow'"
        % (r, rng.randint(100, 411)),
    ]
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        bad,
        {0: lines},
        culprit_locals=(0,),
        victims="watchdog",
        timeout_s=600,
    )
    log.render(b, "torchrun")
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 700, 10)
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "kernel.log")
        used = 7.0 if h == bad else rng.uniform(0.9, 1.3)
        df = [
            "$ df -h /local_nvme /dev/shm /",
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/md0        7.0T  %.1fT  %s %3d%% /local_nvme"
            % (
                used,
                "0" if h == bad else "%.1fT" % (7.0 - used),
                100 if h == bad else int(used / 7 * 100),
            ),
            "tmpfs           1.0T   12G 1012G   2% /dev/shm",
            "/dev/nvme0n1p2  436G   61G  353G  15% /",
        ]
        if h == bad:
            df += [
                "",
                "$ du -sh /local_nvme/* | sort -h | tail -3",
                "1.1T\t/local_nvme/cache",
                "2.6T\t/local_nvme/enroot-data",
                "3.3T\t/local_nvme/tmp",
            ]
        sysfile(b, h, df, "prolog-epilog-df.txt")
    b.label(
        "storage",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Only %s's local rank 0 (global %d) fails, with ENOSPC while staging shards into /local_nvme; df "
        "shows that node's NVMe at 100%% (3.3T of leftovers in /local_nvme/tmp) while the others are ~15%% "
        "full. A node-local disk problem: restart without the node and clean it." % (bad, r),
        "https://github.com/awslabs/awsome-distributed-ai/pull/1225",
    )
    return b


def w26_s3_slowdown_checkpoint_upload(rng):
    b = Bundle("w26_s3_slowdown_checkpoint_upload")
    hosts = hostnames(rng, "aws", 8)
    job = Job(rng, hosts, nccl="2.19.4+cuda12.2")
    clock = Clock(rng)
    log = Log(job)
    head = job.order[0]
    log.add(
        clock.t(0),
        head,
        None,
        "%s INFO trainer.py:533 -- Started distributed worker group with %d workers"
        % (ts_py(clock.t(0)), job.world),
    )
    T = 14400 + rng.uniform(0, 500)
    for s in range(0, int(T / 5), 120):
        tt = 30 + s * 5
        log.add(
            clock.t(tt),
            head,
            0,
            "step=%d loss=%.4f tokens/s=%d"
            % (s, 2.2 + 4 / (1 + s / 300.0), 1480000 + rng.randint(-9000, 9000)),
        )
    log.add(
        clock.t(T - 60),
        head,
        0,
        "Saving sharded checkpoint step_%d to s3://ml-ckpt-prod/runs/r2041/step_%d/ "
        "(%d shards, 16 parallel uploads per rank)" % (int(T / 5), int(T / 5), job.world),
    )
    n_fail = 0
    for r in range(job.world):
        h, l = job.where(r)
        if rng.random() < 0.45:
            n_fail += 1
            log.add(
                clock.t(T + rng.uniform(0, 30)),
                h,
                r,
                [
                    "WARNING s3_writer.py:141 -- retrying PutObject shard_%05d.distcp (attempt 4/5): SlowDown"
                    % r,
                    "Traceback (most recent call last):",
                    '  File "/app/ckpt/s3_writer.py", line 148, in _put',
                    "    self.client.put_object(Bucket=bucket, Key=key, Body=buf)",
                    "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the PutObject operation "
                    "(reached max retries: 4): Please reduce your request rate.",
                ],
            )
    log.add(
        clock.t(T + 40),
        head,
        None,
        [
            "%s ERROR trainer.py:1215 -- Training failed due to worker errors: ray.exceptions.RayTaskError(ClientError)"
            % ts_py(clock.t(T + 40)),
            "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. %d of %d workers raised "
            "errors while saving checkpoint." % (n_fail, job.world),
        ],
    )
    log.render(b, "ray", head=head, fname="ray-train-driver.log")
    for h in job.order:
        boot = rng.uniform(20000, 300000)
        k = kernel_noise_uptime(rng, boot - 1000, boot + T + 100, 8)
        sysfile(b, h, fmt_dmesg(k, "syslog", clock, boot, host=h), "messages")
    sysfile(
        b,
        head,
        [
            "CloudWatch S3 request metrics, bucket ml-ckpt-prod, prefix runs/r2041/ (1-minute):",
            "time                  PutRequests  5xxErrors",
            "%s          312        0" % clock.t(T - 120).strftime("%H:%M"),
            "%s        10944     6130" % clock.t(T - 60).strftime("%H:%M"),
            "%s        11210     7391" % clock.t(T).strftime("%H:%M"),
            "%s          140        0" % clock.t(T + 120).strftime("%H:%M"),
        ],
        "s3-metrics.txt",
    )
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Workers on all eight instances fail the checkpoint upload with S3 'SlowDown' after exhausting retries; "
        "the bucket prefix took ~11k PUT/min with thousands of 503s during the save and none otherwise. "
        "Object-store throttling, not a node: restart (and spread/limit the upload).",
        "https://github.com/huggingface/datatrove/issues/302",
    )
    return b


def w27_nfs_server_not_responding(rng):
    b = Bundle("w27_nfs_server_not_responding")
    hosts = hostnames(rng, "nid", 4)
    job = Job(rng, hosts, gpn=4, order=sorted(hosts), torch2=False, nccl="2.14.3+cuda11.7")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(700000, 800000)
    T = 20000 + rng.uniform(0, 8000)
    progress(log, job, clock, rng, 100, T, 100, 1.6, style="simple")
    seq = rng.randint(40000, 60000)
    for r in range(job.world):
        h, l = job.where(r)
        tt = T + 1800 + rng.uniform(0, 2)
        log.add(
            clock.t(tt), h, r, job.watchdog(clock.t(tt), r, seq, op="ALLREDUCE", timeout_ms=1800000)
        )
    log.add(
        clock.t(T + 1806),
        job.order[0],
        None,
        "srun: error: %s: tasks 0-3: Aborted (core dumped)" % job.order[0],
    )
    log.render(b, "slurm", jobid=jobid)
    srv = "nfs-data%02d" % rng.randint(1, 4)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 2600, 10)
        u = boot + T - 30 + rng.uniform(0, 5)
        k.append((u, "nfs: server %s not responding, still trying" % srv))
        k.append((u + 95, "nfs: server %s not responding, still trying" % srv))
        for i in range(2):
            pid = job.pid[(h, i)] + 200 + i
            k += [
                (
                    u + 121 + i * 0.01,
                    "INFO: task pt_data_worker:%d blocked for more than 122 seconds." % pid,
                ),
                (
                    u + 121 + i * 0.01,
                    "      Tainted: P           OE     5.14.21-150400.24.46_12.0.83-cray_shasta_c #1",
                ),
                (
                    u + 121 + i * 0.01,
                    "task:pt_data_worker  state:D stack:    0 pid:%d ppid:%d flags:0x00000000"
                    % (pid, job.pid[(h, i)]),
                ),
                (u + 121 + i * 0.01, "Call Trace:"),
                (u + 121 + i * 0.01, " rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]"),
                (u + 121 + i * 0.01, " nfs_wait_on_request+0x2b/0x40 [nfs]"),
                (u + 121 + i * 0.01, " nfs_file_read+0x7d/0xa0 [nfs]"),
            ]
        k.append((u + 2500, "nfs: server %s OK" % srv))
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journalctl-k.txt")
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "All four nodes log 'nfs: server %s not responding' and data-loader tasks stuck in D state in "
        "nfs_file_read just before every rank times out on the same allreduce; the server comes back ~40 min "
        "later. A shared-storage outage, not one node: restart once the server is back." % srv,
        "https://github.com/nfs-ganesha/nfs-ganesha/issues/1295",
    )
    return b


def w28_gpfs_expel_one_node(rng):
    b = Bundle("w28_gpfs_expel_one_node")
    hosts = hostnames(rng, "compute", 3)
    job = Job(rng, hosts, order=sorted(hosts), nccl="2.18.3+cuda12.2")
    clock = Clock(rng)
    log = Log(job)
    for r in range(0, job.world, 8):
        h, l = job.where(r)
        log.add(clock.t(3), h, r, job.nccl_init(h, l))
    T = 8000 + rng.uniform(0, 4000)
    progress(log, job, clock, rng, 60, T, 10, 2.9)
    bad = job.order[1]
    culprit = {}
    for l in range(8):
        r = job.rank(bad, l)
        culprit[l] = [
            "Traceback (most recent call last):",
            '  File "/gpfs/proj/llm/src/data/indexed_dataset.py", line 512, in __getitem__',
            "    return np.frombuffer(self._bin_buffer, dtype=self._dtype, count=length, offset=ptr)",
            "OSError: [Errno 116] Stale file handle: '/gpfs/proj/llm/data/pile_text_document.bin'"
            if l % 2
            else "OSError: [Errno 107] Transport endpoint is not connected: '/gpfs/proj/llm/data'",
        ]
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        bad,
        {l: culprit[l] for l in range(8)},
        culprit_locals=(0,),
        victims="watchdog",
        timeout_s=600,
        mode="bare",
    )
    log.add(
        clock.t(T + 610),
        job.order[0],
        None,
        [
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:",
            "",
            "  Process name: [[%d,1],%d]" % (rng.randint(10000, 60000), job.rank(bad, 0)),
            "  Exit code:    1",
            "--------------------------------------------------------------------------",
        ],
    )
    log.render(b, "mpirun")
    me = job.ip[bad]
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 700, 10)
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
        if h == bad:
            t = clock.t(T - 40)
            f = lambda dt: clock.t(T - 40 + dt).strftime("%Y-%m-%d_%H:%M:%S.%f")[:-3] + "+0000"
            mm = [
                "%s: [N] Disk lease period expired 5.010 seconds ago in cluster gpfs-prod.example. Attempting to reacquire the lease."
                % f(0),
                "%s: [E] Node %s (%s) is being expelled because of an expired lease. Pings sent: 60. Replies received: 0."
                % (f(31), me, h),
                "%s: [E] File system gpfs1 unmounted by the system with return code 301 reason code 0"
                % f(35),
                "%s: [E] Reason for unmount: Node expelled from cluster" % f(35),
                "%s: [N] Connecting to %s gpfs-nsd03 <c0n2>" % (f(120), "10.0.9.13"),
                "%s: [I] Remounted gpfs1" % f(700),
            ]
            sysfile(b, h, mm, "mmfs.log.latest")
    b.label(
        "storage",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "All eight ranks on %s fail reading the dataset from /gpfs with ESTALE/ENOTCONN while the other nodes "
        "read the same files fine; that node's mmfs.log shows it lost its disk lease, was expelled and GPFS was "
        "unmounted (rc 301). Node-local client problem." % bad,
        "https://github.com/ai4d-iasc/trixie/issues/37",
    )
    return b


CASES = [
    w24_lustre_ost_eviction_all_nodes,
    w25_local_nvme_full_one_node,
    w26_s3_slowdown_checkpoint_upload,
    w27_nfs_server_not_responding,
    w28_gpfs_expel_one_node,
]
