"""u16-u20: shared service versus node-local storage, a host memory fault, and a missing
data shard (the user's data, so script)."""

from __future__ import annotations

import json
import random

from common import (
    BUS_IDS_A100,
    SITE,
    Bundle,
    Job,
    cosine_loss,
    dt,
    epoch_ms,
    epoch_s,
    hexid,
    kernel_noise,
    render_dmesg_t,
    render_syslog,
    sec,
    traceback,
    ts_py,
)

# --------------------------------------------------------------------------------------
# u16 Lustre OST lost on every client during a Megatron torch_dist checkpoint save
# --------------------------------------------------------------------------------------


def u16(rng: random.Random) -> Bundle:
    b = Bundle("u16_lustre_ost_evicted_all_clients")
    hosts = [f"gpu{n}" for n in range(201, 207)]
    job = Job(
        rng,
        hosts,
        gpn=8,
        bus_ids=BUS_IDS_A100,
        ifname="ib0",
        hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"],
        nccl="2.19.3",
        cuda="12.3",
    )
    t0 = dt("2024-04-08 21:40:05")
    t_train = t0 + sec(300)
    t_lost = dt("2024-04-09 02:13:58") + sec(rng.uniform(0.05, 0.95))
    t_save = t_lost - sec(9)
    iter_s = 5.43
    last_it = int((t_save - t_train).total_seconds() / iter_s)
    ckpt = "/lustre/scratch/llm/ckpt/gpt-20b/iter_0003000"
    out = [f"+ srun -l --ntasks-per-node=1 ./run_node.sh  # job 4471023 on {len(hosts)} nodes"]
    for i, h in enumerate(hosts):
        out += [f"{i}: {x}" for x in job.agent_start(h, t0, "pretrain_gpt.py", 6, "gpu201:6000")]
    for i, h in enumerate(hosts):
        out += job.nccl_init(h, prefix=f"{i}: [rank{{rank}}]:")
    for it in range(10, last_it + 1, 10):
        tt = t_train + sec(it * iter_s)
        out.append(
            f"5: [rank47]: [{tt:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/  300000 | consumed "
            f"samples: {it * 1536:>10} | elapsed time per iteration (ms): "
            f"{iter_s * 1000 + rng.uniform(-40, 40):.1f} | learning rate: 1.200E-04 | global "
            f"batch size:  1536 | lm loss: {cosine_loss(rng, it, 3.2, 2.4):.6E} | loss scale: 1.0 "
            "| grad norm: 0.301 | number of skipped iterations:   0 | number of nan "
            "iterations:   0 |"
        )
    out.append(
        f"0: [rank0]:saving checkpoint at iteration    3000 to {ckpt[:-15]} in torch_dist format"
    )
    for i, h in enumerate(hosts):
        for lr in range(8):
            r = job.rank(h, lr)
            shard = f"{ckpt}/__{r}_0.distcp"
            err = rng.choice(
                [
                    f"OSError: [Errno 108] Cannot send after transport endpoint shutdown: '{shard}'",
                    f"OSError: [Errno 5] Input/output error: '{shard}'",
                ]
            )
            out += [
                f"{i}: {x}"
                for x in traceback(
                    [
                        (
                            "/workspace/Megatron-LM/megatron/training/training.py",
                            1390,
                            "train",
                            "save_checkpoint_and_time(iteration, model, optimizer,",
                        ),
                        (
                            "/workspace/Megatron-LM/megatron/training/checkpointing.py",
                            409,
                            "save_checkpoint",
                            "async_save_request = dist_checkpointing.save(",
                        ),
                        (
                            "/workspace/Megatron-LM/megatron/core/dist_checkpointing/strategies/"
                            "filesystem_async.py",
                            281,
                            "write_preloaded_data",
                            'with open(file_name, "wb") as stream:',
                        ),
                    ],
                    err,
                    f"[rank{r}]: ",
                )
            ]
    out += [
        f"0: [rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException "
        f"ranks:dict_keys({list(range(48))})",
        "0: [rank0]: Traceback (most recent call last): (RANK 0)",
        '0: [rank0]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/'
        'utils.py", line 212, in all_gather',
        "0: [rank0]:     result = map_fun()",
        f"0: [rank0]: OSError: [Errno 5] Input/output error: '{ckpt}/__0_0.distcp'",
    ]
    t_end = t_lost + sec(31)
    for i, h in enumerate(hosts):
        out += [
            f"{i}: {x}"
            for x in job.agent_failure(h, t_end, [(lr, 1) for lr in range(8)], "pretrain_gpt.py")
        ]
    out += [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts)]
    b.add("gpu201", "slurm-4471023.out", out)
    wall = int((t_end - t0).total_seconds())
    b.add(
        "gpu201",
        "seff_4471023.txt",
        [
            "Job ID: 4471023",
            "Cluster: kestrel",
            "User/Group: llmops/llm",
            "State: FAILED (exit code 1)",
            "Nodes: 6",
            "Cores per node: 96",
            "CPU Utilized: 41-07:12:55",
            f"CPU Efficiency: 38.22% of {wall * 576 // 86400}-"
            f"{wall * 576 % 86400 // 3600:02d}:{wall * 576 % 3600 // 60:02d}:00 core-walltime",
            f"Job Wall-clock time: {wall // 3600:02d}:{wall % 3600 // 60:02d}:{wall % 60:02d}",
            "Memory Utilized: 3.87 TB (estimated maximum)",
            "Memory Efficiency: 64.50% of 6.00 TB (1.00 TB/node)",
        ],
    )
    oss = "10.9.0.22@o2ib"
    for i, h in enumerate(hosts):
        ev = kernel_noise(rng, t0 - sec(3600), t_end + sec(300), 30, drv="545.23.08")
        cl = f"scratch-OST0012-osc-ffff{hexid(rng, 12)}"
        tl = t_lost + sec(rng.uniform(0, 1.8))
        ev += [
            (
                tl - sec(47),
                f"Lustre: {rng.randint(2000, 9000)}:0:(client.c:2295:ptlrpc_expire_one_"
                f"request()) @@@ Request sent has timed out for slow reply: [sent "
                f"{int(epoch_s(tl - sec(94)))}/real {int(epoch_s(tl - sec(94)))}]  req@"
                f"{hexid(rng, 16)} x{rng.randint(10**15, 10**16)}/t0(0) o4->{cl}@{oss}:"
                f"6/4 lens 488/448 e 0 to 1 dl {int(epoch_s(tl - sec(47)))} ref 2 fl "
                "Rpc:XQr/0/ffffffff rc 0/-1 job:'4471023'",
            ),
            (
                tl,
                f"Lustre: {cl}: Connection to scratch-OST0012 (at {oss}) was lost; in progress "
                "operations using this service will wait for recovery to complete",
            ),
            (
                tl + sec(0.2),
                f"LustreError: 11-0: {cl}: operation ost_write to node {oss} failed: rc = -107",
            ),
            (
                tl + sec(21),
                f"LustreError: 167-0: {cl}: This client was evicted by scratch-OST0012; "
                "in progress operations using this service will fail.",
            ),
            (
                tl + sec(21.1),
                f"LustreError: {rng.randint(2000, 9000)}:0:(ldlm_resource.c:1125:"
                f"ldlm_resource_complain()) {cl}: namespace resource "
                f"[0x{hexid(rng, 5)}:0x0:0x0].0x0 (ffff{hexid(rng, 12)}) refcount "
                "nonzero (1) after lock cleanup; forcing cleanup.",
            ),
            (tl + sec(58), f"Lustre: {cl}: Connection restored to {oss} (at {oss})"),
        ]
        b.add(h, "dmesg.txt", render_dmesg_t(ev), gz=i % 2 == 1)
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "All 48 ranks fail writing the iteration-3000 checkpoint with EIO/ESHUTDOWN, and every "
        "one of the six clients logged within two seconds that scratch-OST0012 was lost and then "
        "evicted them: a shared Lustre server failure, not a node; the connection was restored a "
        "minute later.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14",
        "shared filesystem fails on all nodes at once; partly gzipped dmesg",
    )
    return b


# --------------------------------------------------------------------------------------
# u17 Composer + MosaicML streaming: S3 SlowDown on every node (CloudWatch export)
# --------------------------------------------------------------------------------------


def u17(rng: random.Random) -> Bundle:
    b = Bundle("u17_cloudwatch_composer_s3_slowdown")
    hosts = ["ip-10-1-37-201", "ip-10-1-41-17", "ip-10-1-44-93", "ip-10-1-50-8"]
    job = Job(
        rng,
        hosts,
        gpn=8,
        ips={h: h[3:].replace("-", ".") for h in hosts},
        ifname="ens32",
        hcas=[],
        nccl="2.21.5",
    )
    t0 = dt("2024-06-14 01:12:40")
    t_train = t0 + sec(140)
    t_slow = dt("2024-06-14 05:31:12") + sec(rng.uniform(0.05, 0.95))
    step_s = 1.94
    last = int((t_slow - t_train).total_seconds() / step_s)
    py = "/usr/lib/python3/dist-packages"
    for h in hosts:
        events: list[tuple] = []

        def ev(t, stream, msg, events=events):
            events.append((t, stream, msg))

        for lr in range(8):
            r = job.rank(h, lr)
            st = f"llm-foundry/mpt-7b-cont/{h}/rank{r}"
            ev(
                t0 + sec(3),
                st,
                f"Initializing dist with device_id=cuda:{lr} world_size=32 rank={r}",
            )
            if r == 0:
                for step in range(100, last, 100):
                    tt = t_train + sec(step * step_s)
                    ev(
                        tt,
                        st,
                        f"[batch={step}/40000]:\n\t Train time/batch: {step}\n\t Train "
                        f"time/sample: {step * 512}\n\t Train loss/train/total: "
                        f"{cosine_loss(rng, step, 2.4, 1.9):.4f}\n\t Train "
                        f"throughput/batches_per_sec: {1 / step_s:.4f}\n\t Train "
                        f"throughput/device/tokens_per_sec: {int(512 * 2048 / 32 / step_s)}",
                    )
                    if step % 1000 == 0:
                        ev(
                            tt + sec(2),
                            st,
                            f"Uploading checkpoint to s3://acme-llm-ckpt/mpt-7b-cont/"
                            f"ep0-ba{step}-rank0.pt",
                        )
            ts = t_slow + sec(rng.uniform(0, 40))
            shard = f"shard.{rng.randint(1000, 4000):05d}.mds.zstd"
            err = (
                "An error occurred (SlowDown) when calling the GetObject operation (reached "
                "max retries: 4): Please reduce your request rate."
            )
            ev(
                ts - sec(9),
                st,
                "WARNING:botocore.retries.standard:Retrying request due to "
                "SlowDown (attempt 2 of 5)",
            )
            tb = traceback(
                [
                    (
                        f"{py}/streaming/base/dataset.py",
                        1392,
                        "_prepare_thread",
                        "self.prepare_shard(shard_id, False)",
                    ),
                    (
                        f"{py}/streaming/base/dataset.py",
                        1205,
                        "prepare_shard",
                        "delta = stream.prepare_shard(shard)",
                    ),
                    (
                        f"{py}/streaming/base/stream.py",
                        450,
                        "prepare_shard",
                        "delta += self._prepare_shard_part(raw_info, zip_info, shard.compression)",
                    ),
                    (
                        f"{py}/streaming/base/stream.py",
                        410,
                        "_prepare_shard_part",
                        "self._download_file(zip_info.basename)",
                    ),
                    (
                        f"{py}/streaming/base/stream.py",
                        335,
                        "_download_file",
                        "retry(num_attempts=self.download_retry)(",
                    ),
                ],
                f"RuntimeError: Failed to download s3://acme-llm-data/mds/dolma-v1_7/train/{shard} "
                f"-> /tmp/streaming/{hexid(rng, 8)}/train/{shard}. Got errors:\n"
                f"[ClientError('{err}'), ClientError('{err}'), ClientError('{err}')]",
            )
            ev(ts, st, "\n".join(tb))
            if r == 0:
                ev(
                    ts + sec(1),
                    st,
                    "\n".join(
                        traceback(
                            [
                                (
                                    f"{py}/composer/utils/object_store/s3_object_store.py",
                                    178,
                                    "upload_object",
                                    "self.client.upload_file(Bucket=self.bucket,",
                                ),
                                (
                                    f"{py}/boto3/s3/transfer.py",
                                    378,
                                    "upload_file",
                                    "raise S3UploadFailedError(",
                                ),
                            ],
                            "boto3.exceptions.S3UploadFailedError: Failed to upload /tmp/tmpn7sa44l2/"
                            "ep0-ba7000-rank0.pt to acme-llm-ckpt/mpt-7b-cont/ep0-ba7000-rank0.pt: An error "
                            "occurred (SlowDown) when calling the CreateMultipartUpload operation (reached "
                            "max retries: 4): Please reduce your request rate.",
                        )
                    ),
                )
        launcher = f"llm-foundry/mpt-7b-cont/{h}/launcher"
        ev(
            t0,
            launcher,
            f"Starting distributed environment on local node for global_rank(s) {job.ranks_on(h)}",
        )
        tc = t_slow + sec(44)
        for lr in range(8):
            ev(
                tc + sec(lr * 0.2),
                launcher,
                f"ERROR:composer.cli.launcher:Rank {job.rank(h, lr)} crashed with exit code 1.",
            )
        ev(
            tc + sec(2),
            launcher,
            "Waiting up to 30 seconds for all training processes to terminate. "
            "Press Ctrl-C to exit immediately.",
        )
        ev(tc + sec(3), launcher, "Global rank 0 (PID 3117) exited with code -15")
        events.sort(key=lambda e: e[0])
        payload = {
            "events": [
                {
                    "logStreamName": s,
                    "timestamp": epoch_ms(t),
                    "message": m,
                    "ingestionTime": epoch_ms(t) + rng.randint(300, 2500),
                    "eventId": f"{rng.randint(10**55, 10**56 - 1)}",
                }
                for t, s, m in events
            ],
            "searchedLogStreams": [],
        }
        b.add(h, "cloudwatch_filter_log_events.json", json.dumps(payload, indent=4))
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Within the same minute every rank on all four nodes fails because MosaicML streaming "
        "cannot download shards (S3 SlowDown after max retries), and the checkpoint upload fails "
        "the same way: the shared object store throttled the job, no node is at fault.",
        "https://github.com/mosaicml/composer/pull/3543",
        "shared object store throttling on all nodes; CloudWatch JSON with message field",
    )
    return b


# --------------------------------------------------------------------------------------
# u18 Fluent Bit: local NVMe on one node times out, ext4 remounts read-only
# --------------------------------------------------------------------------------------


def u18(rng: random.Random) -> Bundle:
    b = Bundle("u18_fluentbit_local_nvme_readonly")
    hosts = ["p5-train-07", "p5-train-08", "p5-train-09", "p5-train-10"]
    job = Job(rng, hosts, gpn=8, ifname="enp0s5", hcas=[], nccl="2.21.5")
    bad = "p5-train-09"
    t0 = dt("2024-06-04 06:40:01")
    t_train = t0 + sec(180)
    t_io = dt("2024-06-04 07:43:29") + sec(rng.uniform(0.05, 0.95))
    boot = dt("2024-05-19 11:02:44")
    step_s = 3.1
    last = int((t_io - t_train).total_seconds() / step_s)
    seq = 2 * last + 9
    for h in hosts:
        recs = []

        def rec(t, log, tag, stream="stderr", recs=recs, h=h):
            recs.append(
                (
                    t,
                    json.dumps(
                        {
                            "date": round(epoch_s(t), 6),
                            "host": h,
                            "tag": tag,
                            "stream": stream,
                            "log": log,
                        },
                        separators=(",", ":"),
                    ),
                )
            )

        for line in job.agent_start(h, t0, "train.py", 4, "p5-train-07:29500"):
            rec(t0 + sec(0.3), line, "train.launcher")
        for i, line in enumerate(job.nccl_init(h, prefix="[rank{rank}]:", net="Socket")):
            rec(t0 + sec(28 + i * 0.001), line, "train.nccl")
        for lr in range(8):
            r = job.rank(h, lr)
            rec(
                t0 + sec(60),
                f"[rank{r}]:{ts_py(t0 + sec(60))} data: memmap /scratch/tokens/"
                f"redpajama2_part{r:03d}.bin (62.1 GB) staged on local NVMe",
                f"train.rank{r}",
                "stdout",
            )
        if h == hosts[0]:
            for step in range(0, last, 20):
                tt = t_train + sec(step * step_s)
                rec(
                    tt,
                    f"[rank0]:{ts_py(tt)} step {step} loss {cosine_loss(rng, step, 3.0, 2.3):.4f} "
                    f"tflops {rng.uniform(411, 423):.1f} dt {step_s + rng.uniform(-0.05, 0.05):.2f}s",
                    "train.rank0",
                    "stdout",
                )
        if h == bad:
            for lr in range(8):
                r = job.rank(h, lr)
                tr = t_io + sec(31 + rng.uniform(0, 4))
                tb = traceback(
                    [
                        ("/opt/train/train.py", 377, "<module>", "main()"),
                        ("/opt/train/train.py", 301, "main", "batch = next(loader_iter)"),
                        (
                            "/opt/train/data.py",
                            88,
                            "__getitem__",
                            "tokens = np.array(self.mm[off:off + self.seq_len + 1], dtype=np.int64)",
                        ),
                    ],
                    "OSError: [Errno 5] Input/output error"
                    if lr % 3
                    else f"OSError: [Errno 30] Read-only file system: '/scratch/ckpt_local/step_1200/"
                    f"rank{r}.tmp'",
                    f"[rank{r}]:",
                )
                for i, line in enumerate(tb):
                    rec(tr + sec(i * 0.0001), line, f"train.rank{r}")
            for line in job.agent_failure(
                h, t_io + sec(37), [(lr, 1) for lr in range(8)], "train.py"
            ):
                rec(t_io + sec(37), line, "train.launcher")
        else:
            for lr in range(8):
                r = job.rank(h, lr)
                tr = t_io + sec(630 + rng.uniform(0, 2))
                for line in job.watchdog_timeout(r, tr, seq):
                    rec(tr, line, f"train.rank{r}")
            for line in job.agent_failure(
                h, t_io + sec(634), [(lr, -6) for lr in range(8)], "train.py"
            ):
                rec(t_io + sec(634), line, "train.launcher")
        recs.sort(key=lambda x: x[0])
        b.add(h, "fluentbit/train.jsonl", [x[1] for x in recs])
        kev = kernel_noise(rng, t0 - sec(7200), t_io + sec(700), 30)
        if h == bad:
            tt = t_io
            for _k in range(4):
                q = rng.randint(3, 30)
                kev += [
                    (tt, f"nvme nvme3: I/O {rng.randint(100, 1000)} QID {q} timeout, aborting"),
                    (tt + sec(0.0004), "nvme nvme3: Abort status: 0x0"),
                ]
                tt += sec(30)
            kev += [
                (tt, f"nvme nvme3: I/O {rng.randint(100, 1000)} QID 18 timeout, reset controller"),
                (tt + sec(0.9), "nvme nvme3: Device not ready; aborting reset, CSTS=0x3"),
                (tt + sec(0.9), "nvme nvme3: Removing after probe failure status: -19"),
                (
                    tt + sec(1.0),
                    f"blk_update_request: I/O error, dev nvme3n1, sector "
                    f"{rng.randint(10**9, 3 * 10**9)} op 0x0:(READ) flags 0x80700 phys_seg 8 prio class 0",
                ),
                (tt + sec(1.0), "md/raid0:md0: Disk failure on nvme3n1, disabling device."),
                (
                    tt + sec(1.1),
                    "EXT4-fs warning (device md0): ext4_end_bio:343: I/O error 10 "
                    "writing to inode 5505037 starting block 1241238912)",
                ),
                (tt + sec(1.1), "Buffer I/O error on device md0, logical block 1241238912"),
                (
                    tt + sec(1.2),
                    "EXT4-fs error (device md0): ext4_journal_check_start:83: comm "
                    "python3: Detected aborted journal",
                ),
                (tt + sec(1.2), "EXT4-fs (md0): Remounting filesystem read-only"),
            ]
        kev.sort(key=lambda e: e[0])
        seqno = rng.randint(40000, 90000)
        lines = []
        for i, (t, m) in enumerate(kev):
            up = (t - boot).total_seconds()
            pri = 3 if ("error" in m.lower() or "timeout" in m) else 6
            lines.append(
                json.dumps(
                    {
                        "date": round(epoch_s(t), 6),
                        "priority": pri,
                        "sequence": seqno + i,
                        "sec": int(up),
                        "usec": int((up % 1) * 1e6),
                        "msg": m,
                    },
                    separators=(",", ":"),
                )
            )
        b.add(h, "fluentbit/kmsg.jsonl", lines)
    b.label(
        "storage",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Only p5-train-09's ranks fail, with EIO and EROFS on /scratch; that node's kmsg shows "
        "NVMe I/O timeouts on nvme3, the controller removed, the md0 RAID failing and ext4 "
        "remounting read-only, while the other nodes merely time out waiting for it.",
        "https://github.com/oxidecomputer/crucible/issues/1844",
        "node-local NVMe failure; Fluent Bit JSON (log field) and kmsg records with uptime sec/usec",
    )
    return b


# --------------------------------------------------------------------------------------
# u19 host: uncorrectable DIMM error on one node, SIGBUS to a rank (rasdaemon/syslog)
# --------------------------------------------------------------------------------------


def u19(rng: random.Random) -> Bundle:
    b = Bundle("u19_dimm_uncorrectable_sigbus")
    hosts = ["hpc-g-0441", "hpc-g-0442", "hpc-g-0447", "hpc-g-0450"]
    job = Job(
        rng,
        hosts,
        gpn=8,
        ifname="ib0",
        hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"],
        nccl="2.20.5",
        cuda="12.4",
    )
    bad = "hpc-g-0447"
    bad_local = 6
    bad_rank = job.rank(bad, bad_local)
    t0 = dt("2024-11-18 13:20:17")
    t_train = t0 + sec(120)
    t_ue = dt("2024-11-18 19:07:52") + sec(rng.uniform(0.05, 0.95))
    step_s = 0.83
    last = int((t_ue - t_train).total_seconds() / step_s)
    seq = 3 * last + 1
    for h in hosts:
        out = job.agent_start(h, t0, "train_ddp.py", 4, "hpc-g-0441:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        if h == hosts[0]:
            for step in range(0, last, 40):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"[rank0]:[{ts_py(tt)}][__main__][INFO] - it {step} loss "
                    f"{cosine_loss(rng, step, 1.2, 0.61):.4f} top1 {rng.uniform(52, 71):.2f} "
                    f"img/s {rng.randint(41000, 43500)}"
                )
        if h == bad:
            out.append(f"[rank{bad_rank}]:Fatal Python error: Bus error")
            out.append(f"[rank{bad_rank}]:")
            out.append(f"[rank{bad_rank}]:Thread 0x00007f4b2ebff640 (most recent call first):")
            out.append(
                f'[rank{bad_rank}]:  File "{SITE}/torch/utils/data/_utils/pin_memory.py", '
                "line 55 in do_one_step"
            )
            out.append(
                f'[rank{bad_rank}]:  File "{SITE}/torch/utils/data/_utils/pin_memory.py", '
                "line 61 in _pin_memory_loop"
            )
            out.append(
                f'[rank{bad_rank}]:  File "/usr/lib/python3.10/threading.py", line 953 in run'
            )
            others = [(lr, -6) for lr in range(8) if lr != bad_local]
            out += job.agent_failure(h, t_ue + sec(1.3), [(bad_local, -7)], "train_ddp.py")
            _ = others
        else:
            for lr in range(8):
                r = job.rank(h, lr)
                out += job.watchdog_timeout(r, t_ue + sec(600.5 + rng.uniform(0, 1)), seq)
            out += job.agent_failure(
                h, t_ue + sec(603), [(lr, -6) for lr in range(8)], "train_ddp.py"
            )
        b.add(h, "torchrun_stdout.log", out)
        ev = kernel_noise(rng, t0 - sec(20000), t_ue + sec(800), 30)
        if h == bad:
            dimm = "CPU_SrcID#1_MC#0_Chan#1_DIMM#0"
            tt = t0 - sec(16000)
            while tt < t_ue - sec(60):
                ev.append((tt, "mce: [Hardware Error]: Machine check events logged"))
                ev.append(
                    (
                        tt,
                        f"EDAC MC2: 1 CE memory read error on {dimm} (channel:1 slot:0 page:"
                        f"0x{rng.randint(0x300000, 0x3FFFFF):x} offset:0x{rng.randint(0, 4095):x} "
                        "grain:32 syndrome:0x0 - err_code:0x0000:0x009f ProcessorSocketId:0x1 "
                        "MemoryControllerId:0x0 ChannelId:0x1 DimmSlotId:0x0)",
                    )
                )
                tt += sec(rng.uniform(300, 1500))
            pid = job.pid[bad_rank]
            ev += [
                (t_ue, "mce: Uncorrected hardware memory error in user-access at 3a7f12c400"),
                (t_ue, "mce: [Hardware Error]: Machine check events logged"),
                (t_ue, "EDAC skx MC2: HANDLING MCE MEMORY ERROR"),
                (
                    t_ue,
                    "EDAC skx MC2: CPU 54: Machine Check Event: 0x0 Bank 13: 0xbd80000000100134",
                ),
                (t_ue, "EDAC skx MC2: TSC 0x4a1c2b3d9f12 "),
                (t_ue, "EDAC skx MC2: ADDR 0x3a7f12c400 "),
                (t_ue, "EDAC skx MC2: MISC 0x200000c000001086 "),
                (
                    t_ue,
                    f"EDAC skx MC2: PROCESSOR 0:0x806f8 TIME {int(epoch_s(t_ue))} SOCKET 1 APIC 0x6c",
                ),
                (
                    t_ue,
                    f"EDAC MC2: 1 UE memory read error on {dimm} (channel:1 slot:0 page:0x3a7f12c "
                    "offset:0x400 grain:32 - err_code:0x0000:0x0134 SystemAddress:0x3a7f12c400 "
                    "ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x74fe2580 "
                    "ChannelId:0x1 RankAddress:0x3a7f12c0 PhysicalRankId:0x0 DimmSlotId:0x0 "
                    "Row:0x1d3f Column:0x3c0 Bank:0x1 BankGroup:0x3 ChipSelect:0x0 ChannelRank:0x0)",
                ),
                (
                    t_ue + sec(0.001),
                    f"Memory failure: 0x3a7f12c: Sending SIGBUS to python3:{pid} due "
                    "to hardware memory corruption",
                ),
                (
                    t_ue + sec(0.001),
                    "Memory failure: 0x3a7f12c: recovery action for dirty LRU page: Recovered",
                ),
            ]
        b.add(h, "messages", render_syslog(ev, h))
    b.add(
        bad,
        "ras-mc-ctl_errors.txt",
        [
            "Memory controller events:",
            "1 2024-11-18 08:51:03 +0000 1 Corrected error(s): memory read error at "
            "CPU_SrcID#1_MC#0_Chan#1_DIMM#0 location: 1:0:1:0, addr 3a1c08100, grain 5, syndrome 0 "
            "area:DRAM err_code:0000:009f socket:1 imc:0 rank:0 bg:3 ba:1 row:1d0e col:40",
            "...",
            "212 2024-11-18 19:07:52 +0000 1 Uncorrected error(s): memory read error at "
            "CPU_SrcID#1_MC#0_Chan#1_DIMM#0 location: 1:0:1:0, addr 3a7f12c400, grain 5, syndrome 0 "
            "area:DRAM err_code:0000:0134 socket:1 imc:0 rank:0 bg:3 ba:1 row:1d3f col:3c0",
            "",
            "DIMM event counts:",
            "\tP1-DIMMB1 (CPU_SrcID#1_MC#0_Chan#1_DIMM#0): 211 Corrected error(s), 1 Uncorrected error(s)",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Rank 22's process on hpc-g-0447 died of SIGBUS at 19:07:52, the same second the kernel "
        "logged an uncorrected memory error on DIMM P1-DIMMB1 and sent SIGBUS to that PID after "
        "hours of corrected errors on the same DIMM; every other rank only timed out later.",
        "https://github.com/ovro-lwa/lwa-issues/issues/117",
        "host DRAM fault; syslog-format kernel lines; ras-mc-ctl summary",
    )
    return b


# --------------------------------------------------------------------------------------
# u20 NeMo: the blend names a shard that does not exist (typo), every rank fails
# --------------------------------------------------------------------------------------


def u20(rng: random.Random) -> Bundle:
    b = Bundle("u20_nemo_missing_data_shard")
    hosts = ["hgx-ap-31", "hgx-ap-32", "hgx-ap-35", "hgx-ap-36"]
    job = Job(rng, hosts, gpn=8, ifname="eth0", nccl="2.21.5")
    t0 = dt("2024-10-02 16:05:30")
    mc = "/opt/megatron-lm/megatron/core/datasets"
    missing = "/lustre/datasets/pile_tok/pile_0417_text_document"
    for h in hosts:
        out = [
            f"[NeMo W {t0:%Y-%m-%d %H:%M:%S} nemo_logging:349] /usr/local/lib/python3.10/"
            "dist-packages/megatron/core/tensor_parallel/layers.py:280: UserWarning: "
            "`torch.cuda.amp.custom_fwd(args...)` is deprecated."
        ]
        out += job.agent_start(h, t0, "megatron_gpt_pretraining.py", 4, "hgx-ap-31:29500")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        for lr in range(8):
            r = job.rank(h, lr)
            tt = t0 + sec(95 + rng.uniform(0, 2))
            out.append(
                f"[rank{r}]:[NeMo I {tt:%Y-%m-%d %H:%M:%S} megatron_gpt_model:1607] Building "
                "GPT datasets."
            )
            out.append(f"[rank{r}]:[NeMo I {tt:%Y-%m-%d %H:%M:%S} utils:259] Let mmap := True")
            for k in (412, 413, 414, 415, 416):
                out.append(
                    f"[rank{r}]:[NeMo I {tt:%Y-%m-%d %H:%M:%S} utils:259] Load the "
                    f"_IndexReader from /lustre/datasets/pile_tok/pile_00{k}_text_document.idx"
                )
            out.append(
                f"[rank{r}]:[NeMo I {tt:%Y-%m-%d %H:%M:%S} utils:259] Load the _IndexReader "
                f"from {missing}.idx"
            )
            out += traceback(
                [
                    (
                        "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                        55,
                        "main",
                        "trainer.fit(model)",
                    ),
                    (
                        "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py",
                        1648,
                        "build_train_valid_test_datasets",
                        "self._train_ds, self._validation_ds, self._test_ds = BlendedMegatronDatasetBuilder(",
                    ),
                    (
                        f"{mc}/blended_megatron_dataset_builder.py",
                        417,
                        "_build_megatron_dataset_splits",
                        "low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)",
                    ),
                    (
                        f"{mc}/gpt_dataset.py",
                        159,
                        "build_low_level_dataset",
                        "return IndexedDataset(dataset_path, multimodal=False, mmap=config.mmap_bin_files)",
                    ),
                    (
                        f"{mc}/indexed_dataset.py",
                        458,
                        "initialize",
                        "self.index = _IndexReader(idx_path, self.multimodal)",
                    ),
                    (
                        f"{mc}/indexed_dataset.py",
                        300,
                        "__init__",
                        'with open(idx_path, "rb") as stream:',
                    ),
                ],
                f"FileNotFoundError: [Errno 2] No such file or directory: '{missing}.idx'",
                f"[rank{r}]:",
            )
        out += job.agent_failure(
            h, t0 + sec(99), [(lr, 1) for lr in range(8)], "megatron_gpt_pretraining.py"
        )
        b.add(h, "nemo_train.log", out)
    b.add(
        "hgx-ap-31",
        "ls_pile_tok.txt",
        [
            "$ ls -l /lustre/datasets/pile_tok/ | sed -n '820,836p'",
        ]
        + [
            f"-rw-r--r-- 1 datasvc llm {rng.randint(10**9, 3 * 10**9):>11} Mar 11  2024 "
            f"pile_00{k}_text_document.{ext}"
            for k in range(410, 418)
            for ext in ("bin", "idx")
        ],
    )
    b.add(
        "hgx-ap-31",
        "blend.yaml",
        [
            "model:",
            "  data:",
            "    data_impl: mmap",
            "    splits_string: 990,8,2",
            "    data_prefix:",
        ]
        + [
            f"      - 0.0125\n      - /lustre/datasets/pile_tok/pile_00{k}_text_document"
            for k in range(410, 417)
        ]
        + [f"      - 0.0125\n      - {missing}"],
    )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 32 ranks fail while building datasets with FileNotFoundError for "
        "pile_0417_text_document.idx; the directory listing shows the shard is named "
        "pile_00417_..., so the user's data blend has a typo and a restart would fail identically.",
        "https://github.com/NVIDIA/Megatron-LM/issues/119",
        "missing data shard on every rank = script; ls output shows the correct name",
    )
    return b


CASES = [u16, u17, u18, u19, u20]
