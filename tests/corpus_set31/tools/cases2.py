"""Cases ab11-ab20."""
import datetime as dt
import json

import lib
from lib import (T, UTC, Case, add, boot_lines, c10, default_df, df_h, free_g, glog, gpu_query_csv, ibstat,
                 ip_addr, iso, kernel_log, megatron_iter, mk_nodes, nvsmi_q, nvsmi_table, periodic_noise, pylog,
                 render, sacct, sec, timedatectl, tz, watchdog_block, DGX_BUS)
from common import (hexid, nccl_init_events, nccl_init_per_local, prefixed, py_tb, sym_node, timeout_events,
                    torchrun_console)
from cases1 import CUDA_TAIL, cuda_err_watchdog


def dmesg_plain(c, n, r, start, end, style="T", extra=None, fname=None, drv="535.161.08", tzinfo=None):
    first = min([start] + [e[0] for e in (extra or [])])
    boot = first - sec(r.randint(3600, 86400 * 5))
    kev = periodic_noise(boot + sec(200), end, r, n.host) + list(extra or [])
    name = fname or {"T": "dmesg_-T.txt", "uptime": "dmesg.txt", "journal": "journalctl_-k.txt", "iso": "journalctl_-k_-o_short-iso.txt"}[style]
    c.w("%s/%s" % (n.host, name), kernel_log(kev, boot, n.host, style, r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip, drv=drv), tzinfo=tzinfo))
    return boot


# ---------------------------------------------------------------------------------------------- ab11
def ab11(out):
    c = Case(out, "ab11_checkpoint_save_crashed_the_run_at_step_6000", 111)
    r = c.rng
    hosts = ["gpu-g301", "gpu-g302", "gpu-g306", "gpu-g311"]
    nodes = mk_nodes(hosts, "10.33.1", r)
    t0 = T(2024, 9, 3, 1, 10, 5)
    t_save = T(2024, 9, 3, 9, 47, 31, 220000)
    ck = "/lustre/proj/llm-ft/outputs/checkpoint/step-6000"
    all_ranks = list(range(32))
    inner = ["Traceback (most recent call last):",
             '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", line 248, in all_reduce',
             "    local_data = map_fun()",
             '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", line 301, in write_data',
             "    all_writes = storage_writer.write_data(final_local_plan, planner)",
             '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 488, in write_data',
             "    _write_files_from_queue(",
             '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 317, in _write_files_from_queue',
             "    stream.write(data)",
             "OSError: [Errno 122] Disk quota exceeded"]
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 3))
        nccl_init_events(ev, n, t0 + sec(40), 32, r, ver="2.21.5+cuda12.4")
        if n.node_rank == 0:
            tt = T(2024, 9, 3, 1, 12, 30)
            step = 0
            while tt < t_save:
                step += 10
                if step % 1000 == 0 and step < 6000:
                    ev.append((tt, "[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(tt)))
                    ev.append((tt + sec(41), "[rank0]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds." % pylog(tt + sec(41))))
                    ev.append((tt + sec(41.1), "[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 41.07 seconds." % pylog(tt + sec(41.1))))
                    tt += sec(41.2)
                tps = r.uniform(5830, 5870)
                ev.append((tt, "[rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 61.33GiB(77.43%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
                    pylog(tt), step, 2.2 + 6 * 0.9993 ** step + r.uniform(-0.03, 0.03), "{:,}".format(int(tps)), tps * 0.0579, tps * 0.00585)))
                tt += sec(10 * 8192 * 4 / tps)
            ev.append((t_save, "[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(t_save)))
        te = t_save + sec(r.uniform(60, 64))
        fails = []
        for local in range(8):
            rk = n.rank(local)
            tb = py_tb([("/workspace/torchtitan/train.py", 528, "<module>", "trainer.train()"),
                        ("/workspace/torchtitan/train.py", 466, "train", "self.checkpointer.save(self.step, last_step=(self.step == job_config.training.steps))"),
                        ("/workspace/torchtitan/torchtitan/components/checkpoint.py", 482, "save", "dcp.save(states, checkpoint_id=checkpoint_id)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", 317, "_save_state_dict", 'central_plan = distW.all_reduce("write", write_data, finish_checkpoint)'),
                        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", 254, "all_reduce", "raise final_result")],
                       ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % all_ranks,
                        "Traceback: (RANK 0)"] + ["    " + x for x in inner] + ["Traceback: (RANK 1)"] + ["    " + x for x in inner] +
                       ["Traceback: (RANK 2)", "    ... (29 more ranks with the same traceback)"])
            add(ev, te + sec(local * 0.003), prefixed(tb, rk))
            fails.append((local, te + sec(0.5), 1, "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % all_ranks, None))
        torchrun_console(ev, n, 4, ts, "gpu-g301", 29500, "ft-0903", "/workspace/torchtitan/train.py", r, fails, te + sec(2), script="/workspace/torchtitan/train.py", sigterm=False)
        c.w("%s/torchtitan_%s.log" % (n.host, n.host), render(ev))
        scr = ("3.5T", "3.2T", "320G", "91%") if n.host == "gpu-g306" else ("3.5T", "512G", "3.0T", "15%")
        c.w("%s/df_-h.txt" % n.host, default_df(scratch_use=scr, lustre_row=("10.40.0.11@o2ib:10.40.0.12@o2ib:/lfs01", "7.0P", "5.1P", "1.9P", "73%", "/lustre")))
        dmesg_plain(c, n, r, t0, T(2024, 9, 3, 10, 10), style="T")
    c.w("login-g/lfs_quota_-h_-g_llm-ft_lustre.txt", [
        "Disk quotas for grp llm-ft (gid 50412):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre    200T*   200T    200T       -  1921877       0       0       -",
        "$ lfs quota -h -u mlops /lustre",
        "Disk quotas for usr mlops (uid 41230):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  41.2T       0       0       -   88211       0       0       -"])
    c.w("login-g/du_-sh_outputs_checkpoint.txt", ["%s\t/lustre/proj/llm-ft/outputs/checkpoint/step-%d" % (sz, s) for s, sz in
                                                  [(1000, "1.5T"), (2000, "1.5T"), (3000, "1.5T"), (4000, "1.5T"), (5000, "1.5T"), (6000, "402G")]])
    c.w("login-g/sacct.txt", sacct("6690213", "llm-ft", "gpu-g[301-302,306,311]", 4, t0 - sec(10), t_save + sec(70), "FAILED", "1:0"))
    c.label("storage", "infrastructure", None, None, "stop",
            "All 32 ranks on all four nodes fail the step-6000 checkpoint with OSError [Errno 122] Disk quota exceeded (the CheckpointException lists every rank), and lfs quota shows the llm-ft group at its 200T hard limit on the shared /lustre; a shared-storage quota that a human must raise or clean before restarting.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")


# ---------------------------------------------------------------------------------------------- ab12
def ab12(out):
    c = Case(out, "ab12_ray_train_job_failed_read_timeout_on_every_worker", 112)
    r = c.rng
    pdt = tz(-7)
    hosts = ["ip-10-4-17-201", "ip-10-4-17-54", "ip-10-4-18-133", "ip-10-4-19-12"]
    nodes = mk_nodes(hosts, "10.4.17", r)
    for n in nodes:
        n.ib_ip = n.host[3:].replace("-", ".")
    head = nodes[0]
    t0 = T(2024, 10, 8, 18, 5, 11)
    t_bad = T(2024, 10, 8, 20, 52, 40)
    url = "https://corp-llm-data.s3.us-west-2.amazonaws.com"
    # worker stdout/err in ray session logs
    for n in nodes:
        for local in range(8):
            rk = n.rank(local)
            pid = n.pid(local)
            L = ["%s INFO worker.py:1412 -- RayTrainWorker(pid=%d, ip=%s) world_rank=%d local_rank=%d node_rank=%d" % (pylog(t0 + sec(30)), pid, n.ib_ip, rk, local, n.node_rank)]
            tt = t0 + sec(60)
            k = 0
            while tt < t_bad:
                k += 1
                if k % 40 == 0:
                    L.append("%s WARNING streaming.py:211 -- slow GET s3://corp-llm-data/shards/train-%05d.tar took %.1fs (retrying not needed)" % (pylog(tt), r.randint(0, 9999), r.uniform(2.1, 4.5)))
                tt += sec(r.uniform(60, 200))
            te = t_bad + sec(r.uniform(0, 110))
            shard = "train-%05d.tar" % r.randint(4000, 9999)
            L += ["%s WARNING streaming.py:198 -- GET s3://corp-llm-data/shards/%s failed (attempt %d/5): Read timeout on endpoint URL: \"%s/shards/%s\"" % (pylog(te - sec(240 - 60 * a)), shard, a, url, shard) for a in range(1, 5)]
            L += py_tb([("/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py", 118, "discard_return_wrapper", "train_func(*args, **kwargs)"),
                        ("/home/ray/app/train_loop.py", 144, "train_loop_per_worker", "for batch in loader:"),
                        ("/home/ray/app/streaming.py", 203, "__iter__", "body = self._get(key)"),
                        ("/home/ray/app/streaming.py", 176, "_get", 'return self.s3.get_object(Bucket=self.bucket, Key=key)["Body"].read()'),
                        ("/home/ray/anaconda3/lib/python3.10/site-packages/botocore/response.py", 99, "read", "raise ReadTimeoutError(endpoint_url=e.url, error=e)")],
                       ['botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "%s/shards/%s"' % (url, shard)])
            c.w("%s/ray_session_latest_logs/worker-%s-%d.err" % (n.host, hexid(r, 40)[2:], pid), L)
        c.w("%s/s3_probe.txt" % n.host, ["# for i in 1 2 3; do curl -s -o /dev/null -w '%%{http_code} %%{time_total}\\n' --max-time 30 %s/shards/_probe; done   (run %s)" % (url, iso(T(2024, 10, 8, 14, 3, 0, tzinfo=pdt), 0))] +
                                      (["000 30.001", "000 30.000", "503 12.774"] if r.random() < 0.7 else ["000 30.002", "503 18.330", "000 30.001"]) +
                                      ["# (run %s)" % iso(T(2024, 10, 8, 14, 58, 0, tzinfo=pdt), 0), "200 0.081", "200 0.074", "200 0.079"])
        dmesg_plain(c, n, r, t0, T(2024, 10, 8, 21, 30), style="T")
    drv = ["%s INFO job_manager.py:531 -- Runtime env is setting up." % pylog(t0),
           "%s INFO trainer.py:148 -- Starting TorchTrainer with ScalingConfig(num_workers=32, use_gpu=True, resources_per_worker={'GPU': 1})" % pylog(t0 + sec(5)),
           "%s INFO backend_executor.py:467 -- Started distributed worker processes: " % pylog(t0 + sec(28))]
    for n in nodes:
        drv.append("- (node_id=%s, ip=%s, pid=%d) world_rank=%d-%d, local_rank=0-7, node_rank=%d" % (hexid(r, 56)[2:], n.ib_ip, n.pid(0), n.rank(0), n.rank(7), n.node_rank))
    tt = t0 + sec(90)
    it = 0
    while tt < t_bad:
        it += 1
        drv.append("Training finished iteration %d at %s. Total running time: %s" % (it, (tt.astimezone(pdt)).strftime("%Y-%m-%d %H-%M-%S"), str(tt - t0).split(".")[0]))
        drv.append("(RayTrainWorker pid=%d, ip=%s) %s INFO train_loop.py:160 -- epoch=0 step=%d loss=%.4f samples/s=%.1f" % (head.pid(0), head.ib_ip, pylog(tt), it * 250, 2.8 * 0.998 ** it + 1.3, r.uniform(1510, 1560)))
        tt += sec(r.uniform(95, 105))
    for n in nodes:
        drv.append("(RayTrainWorker pid=%d, ip=%s) %s WARNING streaming.py:198 -- GET s3://corp-llm-data/shards/train-%05d.tar failed (attempt 1/5): Read timeout on endpoint URL: \"%s/shards/train-%05d.tar\" [repeated 7x across cluster]" % (
            n.pid(r.randrange(8)), n.ib_ip, pylog(t_bad + sec(r.uniform(0, 50))), r.randint(4000, 9999), url, r.randint(4000, 9999)))
    drv += ["%s ERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_7a1c2_00000" % pylog(t_bad + sec(260)),
            "ray.exceptions.RayTaskError(ReadTimeoutError): ray::_Inner.train() (pid=%d, ip=%s, actor_id=%s, repr=TorchTrainer)" % (r.randint(3000, 9000), head.ib_ip, hexid(r, 24)[2:]),
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/backend_executor.py\", line 657, in get_next_results",
            "    results = self.get_with_failure_handling(futures)",
            "botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: \"%s/shards/train-%05d.tar\"" % (url, r.randint(4000, 9999)),
            "",
            "Training errored after %d iterations at %s. Total running time: %s" % (it, (t_bad + sec(260)).astimezone(pdt).strftime("%Y-%m-%d %H-%M-%S"), str(t_bad + sec(260) - t0).split(".")[0]),
            "Error file: /home/ray/ray_results/TorchTrainer_2024-10-08_11-05-11/TorchTrainer_7a1c2_00000_0_2024-10-08_11-05-12/error.txt",
            "%s WARNING worker.py:1450 -- (RayTrainWorker pid=%d, ip=%s) NCCL WARN socketProgressOpt: Call to recv from %s<39201> failed : Connection closed by remote peer [repeated 11x across cluster]" % (pylog(t_bad + sec(262)), nodes[2].pid(3), nodes[2].ib_ip, nodes[1].ib_ip),
            "%s ERROR job_manager.py:1105 -- Job 'raysubmit_Hq4cW1dYbE9bd2Tz' failed" % pylog(t_bad + sec(265))]
    c.w("%s/job-driver-raysubmit_Hq4cW1dYbE9bd2Tz.log" % head.host, drv)
    c.w("%s/aws_health_event.txt" % head.host, [
        "Service: S3   Region: us-west-2   Status: Resolved",
        "[01:58 PM PDT] We are investigating increased error rates and latencies for S3 GET requests in the US-WEST-2 Region.",
        "[02:31 PM PDT] Error rates and latencies for S3 GET requests have returned to normal levels. The issue has been resolved."])
    c.label("storage", "infrastructure", None, None, "restart",
            "Workers on all four nodes hit botocore ReadTimeoutError against the same S3 bucket within two minutes (20:52-20:54 UTC = 13:52 PDT), curl probes from every node time out, and the provider notice shows S3 GET errors in us-west-2 from 13:58 to 14:31 PDT; a transient shared object-store outage, already resolved.",
            "https://github.com/boto/botocore/issues/2764")


# ---------------------------------------------------------------------------------------------- ab13
def ab13(out):
    c = Case(out, "ab13_first_step_never_finished_and_ranks_timed_out", 113)
    r = c.rng
    hosts = ["gpu-n01", "gpu-n02", "gpu-n04", "gpu-n05"]
    order = ["gpu-n02", "gpu-n05", "gpu-n04", "gpu-n01"]
    nodes = mk_nodes(hosts, "10.51.3", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-n04"][0]
    t0 = T(2024, 11, 14, 13, 40, 2)
    t_comp = T(2024, 11, 14, 13, 42, 11)
    tmo = 600000
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 3))
        if n is culprit:
            ev = []
            nccl_init_events(ev, n, t0 + sec(35), 32, r)
            fails = []
            for local in range(8):
                rk = n.rank(local)
                te = t_comp + sec(r.uniform(20, 70))
                tb = py_tb([("/srv/train/run.py", 301, "<module>", "train(cfg)"), ("/srv/train/run.py", 244, "train", "loss = model(**batch).loss"),
                            ("/usr/local/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py", 433, "_fn", "return fn(*args, **kwargs)"),
                            ("/usr/local/lib/python3.11/site-packages/torch/_dynamo/convert_frame.py", 1116, "__call__", "return self._torchdynamo_orig_callable("),
                            ("/usr/local/lib/python3.11/site-packages/torch/_dynamo/output_graph.py", 1414, "call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e) from e")],
                           ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                            "OSError: [Errno 28] No space left on device: '/local_scratch/svc-train/inductor/triton/%d/%s/triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_%d.cubin.tmp.pid_%d_%s'" % (
                                local, hexid(r, 32)[2:].upper(), r.randint(0, 40), n.pid(local), hexid(r, 6)[2:]),
                            "",
                            "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information",
                            "",
                            "You can suppress this exception and fall back to eager by setting:",
                            "    import torch._dynamo",
                            "    torch._dynamo.config.suppress_errors = True"])
                add(ev, te, ["[rank%d]:%s W1114 compile_worker: write failed, retrying: [Errno 28] No space left on device" % (rk, pylog(te - sec(3)))] + prefixed(tb, rk))
                fails.append((local, te + sec(0.6), 1, tb[-8], None))
            fails.sort(key=lambda f: f[1])
            torchrun_console(ev, n, 4, ts, "gpu-n02", 29500, "sft-1114", "/srv/train/run.py", r, fails, fails[-1][1] + sec(1), script="/srv/train/run.py", sigterm=False)
        else:
            extra = []
            if n.node_rank == 0:
                extra.append((t_comp - sec(1), "[rank0]:%s INFO run.py:238 compiling model with torch.compile(mode='max-autotune-no-cudagraphs'), cache dir TORCHINDUCTOR_CACHE_DIR=/local_scratch/svc-train/inductor" % pylog(t_comp - sec(1))))
            ev = sym_node(n, 4, ts, "gpu-n02", "sft-1114", "/srv/train/run.py", r, t_comp + sec(r.uniform(95, 100)), 3, "ALLREDUCE", 1, tmo,
                          script="/srv/train/run.py", init_t=t0 + sec(35), nranks=32, extra=extra)
        c.w("%s/torchrun_tee.log" % n.host, render(ev))
        if n is culprit:
            c.w("%s/df_-h.txt" % n.host, default_df(scratch_use=("3.5T", "3.5T", "0", "100%")))
            c.w("%s/du_-sh_local_scratch.txt" % n.host, ["3.4T\t/local_scratch/tmp_job_661193", "9.1G\t/local_scratch/svc-train", "4.0K\t/local_scratch/lost+found"])
            c.w("%s/ls_-la_local_scratch.txt" % n.host, ["total 20", "drwxrwxrwt  5 root      root      4096 Nov 14 13:41 .",
                                                           "drwxr-xr-x 24 root      root      4096 Oct  2 08:11 ..",
                                                           "drwx------  2 root      root     16384 Mar  3  2024 lost+found",
                                                           "drwxr-xr-x  4 svc-train svc-train 4096 Nov 14 13:41 svc-train",
                                                           "drwxr-x--- 19 jdoe      research   4096 Nov 11 22:07 tmp_job_661193"])
        else:
            c.w("%s/df_-h.txt" % n.host, default_df(scratch_use=("3.5T", "%dG" % r.randint(300, 500), "3.0T", "%d%%" % r.randint(9, 14))))
        dmesg_plain(c, n, r, t0, T(2024, 11, 14, 14, 5), style="uptime")
    c.label("storage", "infrastructure", "gpu-n04", None, "restart_without_node",
            "Only gpu-n04's ranks fail, during torch.compile, with 'No space left on device' under /local_scratch; df shows gpu-n04's node-local /local_scratch at 100% (3.4T left behind by another user's old job) while the other nodes are ~10%, and the other nodes merely time out in the first allreduce ten minutes later.",
            "https://github.com/pytorch/pytorch/issues/121122")


# ---------------------------------------------------------------------------------------------- ab14
def ab14(out):
    c = Case(out, "ab14_lightning_run_crashed_cuda_error_on_one_rank", 114)
    r = c.rng
    hosts = ["nid001012", "nid001013", "nid001020", "nid001021", "nid001033", "nid001034", "nid001040", "nid001047"]
    nodes = mk_nodes(hosts, "10.150.0", r)
    culprit = nodes[6]
    assert culprit.host == "nid001040"
    local_bad = 4
    t0 = T(2024, 12, 2, 6, 0, 12)
    t_dbe = T(2024, 12, 2, 17, 31, 9, 640000)
    tmo = 1800000
    jobid = "1190233"
    allev = []
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        ev = []
        if n.node_rank == 0:
            tt = T(2024, 12, 2, 6, 3, 0)
            it = 0
            ep = 0
            while tt < t_dbe - sec(2):
                it += 25
                if it > 10000:
                    it = 25
                    ep += 1
                pct = it * 100 // 10000
                ev.append((tt, "[rank0]:Epoch %d:  %2d%%|%-10s| %d/10000 [%s<%s, v_num=3, train/loss=%.3f, train/lr=%.2e]" % (
                    ep, pct, "█" * (pct // 10), it, "%d:%02d:%02d" % (it * 1.31 // 3600, it * 1.31 % 3600 // 60, it * 1.31 % 60), "1:%02d:%02d" % (r.randint(0, 59), r.randint(0, 59)),
                    1.6 + 0.9 * 0.9999 ** (ep * 10000 + it) + r.uniform(-0.03, 0.03), 2e-4)))
                tt += sec(25 * r.uniform(1.30, 1.32))
        if n is culprit:
            rk = n.rank(local_bad)
            te = t_dbe + sec(0.7)
            tb = py_tb([("/lus/scratch/team/vlm/train.py", 97, "<module>", "trainer.fit(model, datamodule=dm)"),
                        ("/opt/venv/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                        ("/opt/venv/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py", 323, "_training_step", "training_step_output = call._call_strategy_hook(trainer, \"training_step\", *kwargs.values())"),
                        ("/lus/scratch/team/vlm/model.py", 211, "training_step", "loss = self.criterion(logits.float(), batch[\"labels\"])")],
                       ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL)
            add(ev, te, prefixed(tb, rk))
            add(ev, te + sec(0.4), cuda_err_watchdog(rk, te + sec(0.4), "uncorrectable ECC error encountered", r))
            torchrun_console(ev, n, 8, ts, "nid001012", 29500, jobid, "/lus/scratch/team/vlm/train.py", r,
                             [(local_bad, te + sec(1.1), 1, tb[-4], None)], te + sec(1.5), script="/lus/scratch/team/vlm/train.py")
        else:
            ev = sym_node(n, 8, ts, "nid001012", jobid, "/lus/scratch/team/vlm/train.py", r, t_dbe + sec(0.5), 412880, "_ALLGATHER_BASE", 33554432, tmo,
                          script="/lus/scratch/team/vlm/train.py", init_t=t0 + sec(40), nranks=64, extra=ev)
        for t, ln in ev:
            allev.append((t, "%d: %s" % (n.node_rank, ln)))
        if n is culprit:
            dbe = [(t_dbe, "NVRM: Xid (PCI:0000:9d:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % n.pid(local_bad)),
                   (t_dbe + sec(0.0004), "NVRM: Xid (PCI:0000:9d:00): 95, pid=%d, name=python, Uncontained: FBHUB. RST: Yes, D-RST: No" % n.pid(local_bad)),
                   (t_dbe + sec(0.0009), "NVRM: Xid (PCI:0000:9d:00): 64, pid='<unknown>', name=<unknown>, Dynamic Page Retirement: Row remapper error: row remapping failed (0x00000000000f3a81)."),
                   (t_dbe + sec(0.0010), "NVRM: GPU 0000:9d:00.0: GPU recovery action changed from 0x0 (None) to 0x1 (Reset)")]
            dmesg_plain(c, n, r, t0, T(2024, 12, 2, 18, 20), style="iso", extra=dbe)
            per = {4: dict(ecc_vol_unc=2, ecc_agg_unc=2, ecc_agg_cor=61, remap=(3, 1, "No", "Yes"), used=0, util=0, power=88.0)}
            c.w("%s/nvidia-smi_-q.txt" % n.host, nvsmi_q(T(2024, 12, 2, 18, 2, 0), n, r, per_gpu={**{g: dict(used=0, util=0, power=70.0) for g in range(8) if g != 4}, **per}))
        else:
            extra = []
            if n.host == "nid001021":
                extra = [(T(2024, 11, 29, 2, 41, 7), "NVRM: Xid (PCI:0000:43:00): 63, pid=1822910, name=python3, Row Remapper: New row (0x0000000000a1b3c2) marked for remapping, reset gpu to activate."),
                         (T(2024, 11, 29, 9, 5, 44), "NVRM: GPU at PCI:0000:43:00: GPU-5a1b33c1-0e2f-4d1a-b0c7-7f3e9a12d004"),
                         (T(2024, 11, 29, 9, 5, 44), "NVRM: GPU reset completed, pending row remapping applied")]
            dmesg_plain(c, n, r, t0, T(2024, 12, 2, 18, 20), style="iso", extra=extra)
        c.w("%s/prolog_gpu_inventory.csv" % n.host, gpu_query_csv(n, r))
    c.w("login-hpe/slurm-%s.out" % jobid, render(allev))
    c.w("login-hpe/sacct.txt", sacct(jobid, "vlm-13b", "nid[001012-001013,001020-001021,001033-001034,001040,001047]", 8, t0 - sec(5), t_dbe + sec(1840), "FAILED", "1:0"))
    c.label("gpu_memory", "infrastructure", "nid001040", culprit.rank(local_bad), "restart_without_node",
            "Rank 52 (srun task prefix 6 = nid001040, local_rank 4, bus 9D) fails first with 'uncorrectable ECC error encountered' at 17:31:10; nid001040's kernel log shows Xid 48 (double-bit ECC) and Xid 95 (uncontained) on PCI 9d:00 at the same second plus Xid 64 row-remapping failure, and nvidia-smi -q reports 'Remapping Failure Occurred: Yes'. The other ranks only time out 30 minutes later.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")


# ---------------------------------------------------------------------------------------------- ab15
def ab15(out):
    c = Case(out, "ab15_nan_grad_norm_crash_keeps_coming_back_after_requeue", 115)
    r = c.rng
    hosts = ["gpu-q11", "gpu-q14", "gpu-q17", "gpu-q18", "gpu-q21", "gpu-q25"]
    orders = [["gpu-q11", "gpu-q14", "gpu-q21", "gpu-q17", "gpu-q18", "gpu-q25"],
              ["gpu-q14", "gpu-q11", "gpu-q17", "gpu-q25", "gpu-q18", "gpu-q21"],
              ["gpu-q21", "gpu-q25", "gpu-q18", "gpu-q17", "gpu-q14", "gpu-q11"]]
    starts = [T(2025, 1, 9, 2, 0, 7), T(2025, 1, 9, 8, 31, 40), T(2025, 1, 9, 14, 2, 55)]
    resume = [58000, 61000, 62000]
    fail_it = [61233, 62417, 63090]
    jobid = "9920114"
    for a in range(3):
        nodes = mk_nodes(hosts, "10.62.9", r, order=orders[a])
        bad = [n for n in nodes if n.host == "gpu-q21"][0]
        rk_bad = bad.rank(3)
        last = [n for n in nodes if n.node_rank == 5][0]
        t0 = starts[a]
        # time per iteration 2.31 s
        t_start_it = t0 + sec(160)
        t_fail = t_start_it + sec((fail_it[a] - resume[a]) * 2.31)
        for n in nodes:
            ev = []
            ts = t0 + sec(r.uniform(0, 3))
            if n is last:
                ev.append((t_start_it - sec(5), "[rank47]: loading distributed checkpoint from /lustre/proj/moe/ckpt at iteration %d" % resume[a]))
                it = resume[a]
                tt = t_start_it
                while it + 10 <= fail_it[a] - 3:
                    it += 10
                    tt = t_start_it + sec((it - resume[a]) * 2.31 + r.uniform(-0.5, 0.5))
                    ev.append((tt, "[rank47]:" + megatron_iter(tt, it, 300000, it * 1536, r.uniform(2290, 2330), r.uniform(380, 388), 2.0e-4, 1536,
                                                               1.83 + r.uniform(-0.03, 0.03), r.uniform(0.17, 0.26))))
            if n is bad:
                te = t_fail + sec(r.uniform(0.1, 0.6))
                msg = "Rank %d, node %s, device 3, iteration %d: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')" % (rk_bad, bad.host, fail_it[a])
                tb = py_tb([("/workspace/megatron-lm/pretrain_gpt.py", 308, "<module>", "pretrain("),
                            ("/workspace/megatron-lm/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                            ("/workspace/megatron-lm/megatron/training/training.py", 1416, "train", "train_step(forward_step_func,"),
                            ("/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 311, "start_grad_sync", "self.check_for_nan_in_grad()"),
                            ("/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", 286, "check_for_nan_in_grad", "rerun_state_machine.validate_result(")],
                           ["RuntimeError: " + msg])
                add(ev, te, prefixed(tb, rk_bad))
                tf = te + sec(1.0)
                torchrun_console(ev, n, 6, ts, orders[a][0], 29500, "%s_%d" % (jobid, a), "/workspace/megatron-lm/pretrain_gpt.py", r,
                                 [(3, tf - sec(0.3), 1, tb[-1], None)], tf, script="/workspace/megatron-lm/pretrain_gpt.py", attempt=0)
            else:
                ev = sym_node(n, 6, ts, orders[a][0], "%s_%d" % (jobid, a), "/workspace/megatron-lm/pretrain_gpt.py", r, t_fail + sec(0.2), 900000 + fail_it[a] * 3, "ALLREDUCE", 1, 600000,
                              script="/workspace/megatron-lm/pretrain_gpt.py", extra=ev)
            c.w("attempt_%d/%s/torchrun.log" % (a, n.host), render(ev))
        c.w("attempt_%d/sacct_%s.txt" % (a, jobid), sacct(jobid, "moe-pt", "gpu-q[11,14,17-18,21,25]", 6, t0 - sec(4), t_fail + sec(605), "REQUEUED" if a < 2 else "FAILED", "1:0"))
    # node-level files (collected after attempt 2)
    nodes = mk_nodes(hosts, "10.62.9", r, order=orders[2])
    for n in nodes:
        boot = T(2025, 1, 2, 3, 0, 0) + sec(r.randint(0, 30000))
        c.w("attempt_2/%s/dmesg_-T.txt" % n.host, kernel_log(periodic_noise(boot + sec(200), T(2025, 1, 9, 20, 0), r, n.host), boot, n.host, "T", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
        c.w("attempt_2/%s/gpu_inventory.csv" % n.host, gpu_query_csv(n, r))
    c.w("attempt_2/gpu-q21/dcgmi_diag_-r_1.txt", [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.5                                          |",
        "| Driver Version Detected   | 535.161.08                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+---------------------------+------------------------------------------------+"])
    c.w("attempt_2/README_operator_notes.txt", [
        "job 9920114 requeued twice by the on-call (scontrol requeue) after NaN crashes; node order differs per attempt (c10d rendezvous).",
        "each attempt resumed from the latest checkpoint.",
        "dcgmi diag -r 1 run on the node named in the last crash came back clean."])
    c.label("gpu_hardware", "infrastructure", "gpu-q21", None, "restart_without_node",
            "Three attempts fail at different iterations (61233, 62417, 63090) with a NaN grad norm from a different global rank each time (19, 43, 3), but always on gpu-q21 device 3 while the loss curve is healthy; a NaN that follows one GPU across reshuffled ranks is silent hardware corruption (the level-1 dcgmi diag does not exercise compute).",
            "https://github.com/AlexeyAB/darknet/issues/5547")


# ---------------------------------------------------------------------------------------------- ab16
def ab16(out):
    c = Case(out, "ab16_crash_at_step_18432_again_after_restart", 116)
    r = c.rng
    hosts = ["gpu-r02", "gpu-r03", "gpu-r05", "gpu-r07"]
    orders = [["gpu-r05", "gpu-r02", "gpu-r03", "gpu-r07"], ["gpu-r03", "gpu-r05", "gpu-r07", "gpu-r02"]]
    starts = [T(2024, 4, 15, 20, 0, 3), T(2024, 4, 16, 6, 12, 49)]
    resume = [0, 18000]
    step_s = 1.87
    for a in range(2):
        nodes = mk_nodes(hosts, "10.71.2", r, order=orders[a])
        bad = [n for n in nodes if n.node_rank == 2][0]   # rank 21 = node_rank 2, local 5
        t0 = starts[a]
        tstart = t0 + sec(95)
        t_fail = tstart + sec((18432 - resume[a]) * step_s)
        for n in nodes:
            ev = []
            ts = t0 + sec(r.uniform(0, 2))
            if n.node_rank == 0:
                if a == 1:
                    ev.append((tstart - sec(10), "[rank0]: %s resumed from /mnt/shared/vit-run7/ckpt_step18000.pt (epoch 3, step 18000, sampler seed 1234)" % t0.strftime("%H:%M:%S")))
                s = resume[a]
                while s + 100 < 18432:
                    s += 100
                    tt = tstart + sec((s - resume[a]) * step_s)
                    ev.append((tt, "[rank0]: [%s] epoch %d step %d loss %.4f acc@1 %.3f lr %.5f throughput %.0f img/s" % (
                        tt.strftime("%Y-%m-%d %H:%M:%S"), s // 5004, s, 4.1 * 0.99993 ** s + 1.0 + r.uniform(-0.05, 0.05), min(0.81, 0.00005 * s), 0.001, r.uniform(17400, 17700))))
                    if s % 2000 == 0:
                        ev.append((tt + sec(1), "[rank0]: [%s] saved checkpoint /mnt/shared/vit-run7/ckpt_step%d.pt" % ((tt + sec(1)).strftime("%Y-%m-%d %H:%M:%S"), s)))
            if n is bad:
                rk = n.rank(5)
                te = t_fail + sec(0.3)
                tb = py_tb([("/home/lab/vit/train_ddp.py", 233, "<module>", "main()"), ("/home/lab/vit/train_ddp.py", 188, "main", "for images, target in train_loader:"),
                            ("/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                            ("/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
                            ("/usr/lib/python3/dist-packages/torch/_utils.py", 705, "reraise", "raise exception")],
                           ["RuntimeError: Caught RuntimeError in DataLoader worker process 2.", "Original Traceback (most recent call last):",
                            '  File "/usr/lib/python3/dist-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
                            "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                            '  File "/usr/lib/python3/dist-packages/torch/utils/data/_utils/fetch.py", line 54, in fetch',
                            "    return self.collate_fn(data)",
                            '  File "/usr/lib/python3/dist-packages/torch/utils/data/_utils/collate.py", line 214, in collate_tensor_fn',
                            "    return torch.stack(batch, 0, out=out)",
                            "RuntimeError: stack expects each tensor to be equal size, but got [3, 224, 224] at entry 0 and [4, 224, 224] at entry 17"])
                add(ev, te, prefixed(tb, rk))
                torchrun_console(ev, n, 4, ts, orders[a][0], 29500, "vit-run7", "/home/lab/vit/train_ddp.py", r, [(5, te + sec(0.8), 1, tb[-1], None)], te + sec(1.2),
                                 script="/home/lab/vit/train_ddp.py")
            else:
                ev = sym_node(n, 4, ts, orders[a][0], "vit-run7", "/home/lab/vit/train_ddp.py", r, t_fail + sec(0.1), 55301 + (18432 - resume[a]) * 3, "ALLREDUCE", 1, 1800000,
                              script="/home/lab/vit/train_ddp.py", extra=ev)
            c.w("attempt_%d/%s/console.log" % (a, n.host), render(ev))
            boot = T(2024, 4, 10, 3, 0, 0) + sec(r.randint(0, 30000))
            c.w("attempt_%d/%s/dmesg.txt" % (a, n.host), kernel_log(periodic_noise(boot + sec(200), t_fail + sec(2000), r, n.host), boot, n.host, "uptime", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
    c.label("user_code", "script", None, None, "stop",
            "Both attempts die at exactly step 18432 with the same collate error on global rank 21 (an RGBA [4,224,224] image in a batch), although rank 21 ran on gpu-r03 in attempt 0 and on gpu-r07 in attempt 1 after resuming from step 18000 with the same sampler seed; a deterministic data bug, not a node.",
            "https://github.com/rasbt/LLMs-from-scratch/issues/365")


# ---------------------------------------------------------------------------------------------- ab17
def ab17(out):
    c = Case(out, "ab17_job_failed_overnight_with_nccl_error", 117)
    r = c.rng
    hosts = ["gpu-s01", "gpu-s02", "gpu-s04", "gpu-s06"]
    nodes = mk_nodes(hosts, "10.55.8", r)
    jobid = "445120"
    t0 = T(2024, 3, 28, 19, 0, 9)
    t_flap = T(2024, 3, 29, 2, 41, 18, 400000)
    t1 = T(2024, 3, 29, 2, 48, 2)
    step_s = 0.94
    t_end = t1 + sec(150) + sec((50000 - 30000) * step_s)
    s02 = nodes[1]
    for a, (ta, tb_) in enumerate([(t0, t_flap), (t1, t_end)]):
        for n in nodes:
            ev = []
            ts = ta + sec(r.uniform(0, 2))
            nccl_init_events(ev, n, ta + sec(30), 32, r)
            if n.node_rank == 0:
                s = 0 if a == 0 else 30000
                tt = ta + sec(120)
                if a == 1:
                    ev.append((tt - sec(20), "[rank0]:%s | INFO | resuming from checkpoint /shared/ckpt/asr-xl/step_30000 (restart_count=1)" % pylog(tt - sec(20))))
                while tt < tb_ - sec(2) and s < 50000:
                    s += 50
                    ev.append((tt, "[rank0]:%s | INFO | step %d/50000 | loss %.4f | wer_proxy %.3f | %.2f s/step" % (pylog(tt), s, 0.9 * 0.99995 ** s + 0.2 + r.uniform(-0.01, 0.01), 0.4 * 0.99996 ** s + 0.07, r.uniform(0.93, 0.95))))
                    if s % 5000 == 0:
                        ev.append((tt + sec(0.5), "[rank0]:%s | INFO | saved checkpoint /shared/ckpt/asr-xl/step_%d" % (pylog(tt + sec(12)), s)))
                        tt += sec(12)
                    tt += sec(50 * step_s)
                if a == 1:
                    ev.append((tt, "[rank0]:%s | INFO | training complete: 50000 steps, final loss %.4f; saved /shared/ckpt/asr-xl/final" % (pylog(tt), 0.9 * 0.99995 ** 50000 + 0.2)))
            if a == 0:
                te = t_flap + sec(r.uniform(1, 6))
                for local in range(8):
                    rk = n.rank(local)
                    peer = s02 if n is not s02 else nodes[2]
                    blk = [c10(te, "E", "ProcessGroupNCCL.cpp:1580", r) + " [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % rk,
                           "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                           "Last error:",
                           "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid %s remoteGids %s" % (peer.ib_ip, r.randint(40000, 60000), "fe80::a088:c203:11:2%03x" % local, "fe80::a088:c203:12:4%03x" % local),
                           "terminate called after throwing an instance of 'c10::DistBackendError'"]
                    add(ev, te + sec(local * 0.02), ["[rank%d]:" % rk + x for x in blk])
                torchrun_console(ev, n, 4, ts, "gpu-s01", 29500, jobid, "/opt/asr/train.py", r, [(0, te + sec(1), -6, None, None)], te + sec(1.3), script="/opt/asr/train.py")
            else:
                if n.node_rank == 0:
                    t_finish = tt
                tid = torchrun_console(ev, n, 4, ts, "gpu-s01", 29500, jobid, "/opt/asr/train.py", r, [], tb_, script="/opt/asr/train.py", attempt=0)
                tt = t_finish + sec(r.uniform(3, 6))
                ev.append((tt, glog(tt, "I", tid, "torch/distributed/elastic/agent/server/api.py:879") + " [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
                ev.append((tt, glog(tt, "I", tid, "torch/distributed/elastic/agent/server/api.py:932") + " Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
                ev.append((tt + sec(0.2), glog(tt + sec(0.2), "I", tid, "torch/distributed/elastic/agent/server/api.py:946") + " Done waiting for other agents. Elapsed: 0.2051 seconds"))
            c.w("attempt_%d/%s/torchrun.log" % (a, n.host), render(ev))
            extra = []
            if n is s02 and a == 0:
                extra = [(t_flap, "mlx5_core 0000:3a:00.0 ibp58s0: Link down"), (t_flap + sec(2.7), "mlx5_core 0000:3a:00.0 ibp58s0: Link up")]
            boot = T(2024, 3, 20, 9, 0, 0) + sec(r.randint(0, 9000))
            c.w("attempt_%d/%s/dmesg_-T.txt" % (a, n.host), kernel_log(periodic_noise(boot + sec(200), tb_ + sec(600), r, n.host) + extra, boot, n.host, "T", r, boot_noise=boot_lines(n.host, r, ibip=n.ib_ip)))
    t_end = t_finish
    c.w("login-s/sacct_%s_--duplicates.txt" % jobid, [
        "JobID           JobName      State  Restarts               Start                 End  ExitCode        NodeList",
        "------------ ---------- ---------- -------- ------------------- ------------------- -------- ---------------",
        "%-12s %10s %10s %8d %19s %19s %8s %s" % (jobid, "asr-xl", "REQUEUED", 0, t0.strftime("%Y-%m-%dT%H:%M:%S"), (t_flap + sec(9)).strftime("%Y-%m-%dT%H:%M:%S"), "0:0", "gpu-s[01-02,04,06]"),
        "%-12s %10s %10s %8d %19s %19s %8s %s" % (jobid, "asr-xl", "COMPLETED", 1, t1.strftime("%Y-%m-%dT%H:%M:%S"), (t_end + sec(9)).strftime("%Y-%m-%dT%H:%M:%S"), "0:0", "gpu-s[01-02,04,06]")])
    c.label("unknown", "framework", None, None, "none",
            "Attempt 0 died after a 3-second IB link flap on gpu-s02, but Slurm requeued the job on the same nodes, it resumed from step 30000 and finished all 50000 steps with exit code 0 (sacct COMPLETED, Restarts=1); the run recovered by itself, nothing to do.",
            "https://github.com/pytorch/pytorch/issues/76198")


# ---------------------------------------------------------------------------------------------- ab18
def ab18(out):
    c = Case(out, "ab18_iterations_got_thirty_percent_slower_no_errors", 118)
    r = c.rng
    hosts = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t05", "gpu-t06", "gpu-t08", "gpu-t09", "gpu-t12"]
    order = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t05", "gpu-t08", "gpu-t06", "gpu-t09", "gpu-t12"]
    nodes = mk_nodes(hosts, "10.77.5", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-t06"][0]
    bad_rank = culprit.rank(4)
    t0 = T(2024, 10, 21, 7, 30, 0)
    t_slow = T(2024, 10, 21, 13, 40, 0)
    t_end = T(2024, 10, 21, 17, 5, 0)
    L = []
    tt = t0 + sec(180)
    it = 0
    while tt < t_end:
        it += 50
        slow = tt >= t_slow
        ms = r.uniform(1880, 1905) if slow else r.uniform(1405, 1420)
        L.append(megatron_iter(tt, it, 400000, it * 1024, ms, 401.0 * 1412 / ms, 3e-4, 1024, 2.6 * 0.99999 ** it + 0.8 + r.uniform(-0.02, 0.02), r.uniform(0.2, 0.35)))
        if it % 250 == 0:
            fb = (r.uniform(1280, 1290), r.uniform(1289, 1296)) if not slow else (r.uniform(1281, 1290), r.uniform(1760, 1778))
            L.append("(min, max) time across ranks (ms):")
            L.append("    forward-backward ...............................: (%.2f, %.2f)" % (fb[0] if not slow else fb[1] - 3, fb[1]))
            L.append("    forward-compute ................................: (%.2f, %.2f)" % (fb[0] * 0.31, (fb[1] * 0.31 if not slow else fb[1] * 0.41)))
            L.append("    backward-compute ...............................: (%.2f, %.2f)" % (fb[0] * 0.62, (fb[1] * 0.63 if not slow else fb[1] * 0.57)))
            L.append("    optimizer ......................................: (%.2f, %.2f)" % (r.uniform(61, 64), r.uniform(64, 67)))
            mnr, mxr = r.randrange(64), r.randrange(64)
            if slow:
                mxr = bad_rank
                while mnr == bad_rank:
                    mnr = r.randrange(64)
            L.append(" [%s] straggler | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d" % (
                tt.strftime("%Y-%m-%d %H:%M:%S"), fb[0] * 0.93, mnr, (fb[1] if slow else fb[1] * 0.94), mxr,
                (r.randint(380, 420) if not slow else r.randint(300, 330)), (r.randrange(64) if not slow else bad_rank), r.randint(640, 690), r.randrange(64),
                r.randint(39, 44), r.randrange(64), (r.randint(56, 62) if not slow else r.randint(88, 91)), (r.randrange(64) if not slow else bad_rank),
                r.randint(91, 95), r.randrange(64), 100, r.randrange(64),
                (r.randint(1965, 1980) if not slow else r.randint(1095, 1170)), (r.randrange(64) if not slow else bad_rank), 1980, r.randrange(64)))
        tt += sec(50 * ms / 1000)
    last = [n for n in nodes if n.node_rank == 7][0]
    c.w("%s/megatron_rank63_stdout.log" % last.host, L)
    for n in nodes:
        per = {}
        if n is culprit:
            per = {4: dict(temp=89, sm=1140, power=329.0, events={"HW Slowdown": "Active", "HW Thermal Slowdown": "Active", "SW Thermal Slowdown": "Active"})}
        if n.host == "gpu-t02":
            per = {1: dict(events={"SW Power Cap": "Active"}, power=699.0)}
        if n is culprit or n.host in ("gpu-t02", "gpu-t09"):
            c.w("%s/nvidia-smi_-q.txt" % n.host, nvsmi_q(T(2024, 10, 21, 16, 50, 0), n, r, drv="550.90.07", cuda="12.4", per_gpu=per))
        else:
            c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 10, 21, 16, 50, 0), n.host, drv="550.90.07", cuda="12.4", used=[63112] * 8, util=[100] * 8,
                                                           temps=[r.randint(50, 60) for _ in range(8)], pwr=[r.randint(520, 690) for _ in range(8)],
                                                           procs=[(g, n.pid(g), "/usr/bin/python", 63100) for g in range(8)]))
        if n is culprit or n.host == "gpu-t01":
            dm = ["# Entity  POWER  GTEMP  SMCLK  GPUTL  THRTL", "      ID      W      C    MHZ      %  bitmask"]
            for k in range(12):
                for g in range(8):
                    hot = n is culprit and g == 4
                    dm.append("    GPU %d  %5.1f  %5d  %5d  %5d  %7s" % (g, r.uniform(310, 335) if hot else r.uniform(520, 690), r.randint(87, 90) if hot else r.randint(52, 61),
                                                                     r.randint(1095, 1170) if hot else 1980, 100 if hot else r.randint(92, 100), "0x68" if hot else "0x0"))
            c.w("%s/dcgmi_dmon_-e_155,150,100,203,112.txt" % n.host, dm)
        dmesg_plain(c, n, r, t0, T(2024, 10, 21, 17, 0), style="T", drv="550.90.07")
    c.w("gpu-t06/ipmi_sdr_type_fan.txt", ["FAN1             | 41h | ok  |  29.1 | 10920 RPM", "FAN2             | 42h | ok  |  29.2 | 11040 RPM",
                                          "FAN3             | 43h | cr  |  29.3 | 0 RPM", "FAN4             | 44h | ok  |  29.4 | 10800 RPM",
                                          "FAN5             | 45h | ok  |  29.5 | 11160 RPM", "FAN6             | 46h | ok  |  29.6 | 10920 RPM"])
    c.label("straggler", "infrastructure", "gpu-t06", bad_rank, "restart_without_node",
            "No errors, but elapsed time per iteration jumps from ~1412 ms to ~1890 ms at 13:40; Megatron's straggler line then always names rank 44 as slowest, hottest (88-91C) and lowest-clocked, and on gpu-t06 (group rank 5, local 4) nvidia-smi -q/dcgmi show GPU 4 with HW thermal slowdown active at ~1.1 GHz and a dead fan; one slow GPU throttles the whole job.",
            "https://github.com/sgl-project/sglang/pull/39206")


# ---------------------------------------------------------------------------------------------- ab19
def ab19(out):
    c = Case(out, "ab19_hf_trainer_seconds_per_step_doubled_midway", 119)
    r = c.rng
    hosts = ["gpu-u01", "gpu-u02", "gpu-u03", "gpu-u04"]
    nodes = mk_nodes(hosts, "10.23.6", r)
    culprit = nodes[2]
    t0 = T(2024, 8, 19, 9, 0, 0)
    t_deg = T(2024, 8, 19, 14, 22, 37)
    total = 12000
    L = ["[INFO|trainer.py:2128] 2024-08-19 09:03:11,902 >> ***** Running training *****",
         "[INFO|trainer.py:2129] 2024-08-19 09:03:11,902 >>   Num examples = 24,576,000",
         "[INFO|trainer.py:2133] 2024-08-19 09:03:11,902 >>   Instantaneous batch size per device = 8",
         "[INFO|trainer.py:2136] 2024-08-19 09:03:11,902 >>   Total train batch size (w. parallel, distributed & accumulation) = 2,048",
         "[INFO|trainer.py:2137] 2024-08-19 09:03:11,902 >>   Gradient Accumulation steps = 8",
         "[INFO|trainer.py:2138] 2024-08-19 09:03:11,902 >>   Total optimization steps = 12,000"]
    tt = T(2024, 8, 19, 9, 3, 20)
    step = 0
    el = 0.0
    while tt < T(2024, 8, 19, 19, 40):
        step += 25
        sps = r.uniform(1.88, 1.93) if tt < t_deg else r.uniform(3.72, 3.85)
        el += 25 * sps
        rem = (total - step) * sps
        pct = step * 100 // total
        L.append("%3d%%|%-10s| %d/%d [%d:%02d:%02d<%d:%02d:%02d,  %.2fs/it]" % (pct, "█" * (pct // 10), step, total, el // 3600, el % 3600 // 60, el % 60, rem // 3600, rem % 3600 // 60, rem % 60, sps))
        if step % 100 == 0:
            L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.2 * 0.9999 ** step + 0.6 + r.uniform(-0.02, 0.02), r.uniform(0.3, 0.6), 2e-5 * (1 - step / total), step / 12000 * 1.0))
        tt += sec(25 * sps)
    c.w("gpu-u01/accelerate_launch_main_process.log", L)
    for n in nodes:
        extra = []
        if n is culprit:
            extra = [(t_deg, "mlx5_core 0000:9a:00.0 ibp154s0: Link down"),
                     (t_deg + sec(4.1), "mlx5_core 0000:9a:00.0 ibp154s0: Link up"),
                     (t_deg + sec(4.1), "mlx5_core 0000:9a:00.0: mlx5_port_event: Port 1 speed changed, active width 4X, active speed HDR (50 Gb/s per lane)"),
                     (t_deg + sec(4.3), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp154s0: link becomes ready")]
        dmesg_plain(c, n, r, t0, T(2024, 8, 19, 19, 45), style="T", extra=extra)
        c.w("%s/ibstat.txt" % n.host, ibstat(r, rates={4: 200} if n is culprit else None))
        if n is culprit:
            c.w("%s/perfquery_mlx5_4.txt" % n.host, ["# Port counters: Lid 311 port 1 (CapMask: 0x5A00)", "PortSelect:......................1", "CounterSelect:...................0x0000",
                                                      "SymbolErrorCounter:..............65535", "LinkErrorRecoveryCounter:........3", "LinkDownedCounter:...............1",
                                                      "PortRcvErrors:...................1882", "PortRcvRemotePhysicalErrors:.....0", "PortXmitDiscards:................41",
                                                      "PortXmitWait:....................4294967295"])
    c.w("gpu-u01/nccl_allreduce_perf_pairs.txt", ["# all_reduce_perf -b 1G -e 1G -g 8 run on node pairs after the slowdown (busbw GB/s, NCCL_ALGO=Ring)"] +
        ["%s + %s : %.1f" % (a.host, b.host, (r.uniform(86, 92) if culprit in (a, b) else r.uniform(178, 186))) for i, a in enumerate(nodes) for b in nodes[i + 1:]])
    c.label("straggler", "infrastructure", "gpu-u03", None, "restart_without_node",
            "Nothing crashes, but s/it doubles from ~1.9 to ~3.8 at 14:22; exactly then gpu-u03's mlx5_4 port flapped and came back at half rate (ibstat Rate 200 vs 400, symbol errors saturated), and pairwise all_reduce_perf is halved only for pairs that include gpu-u03; one node's degraded link slows every step.",
            "https://github.com/NVIDIA/nccl-tests/issues/106")


# ---------------------------------------------------------------------------------------------- ab20
def ab20(out):
    c = Case(out, "ab20_step_time_spikes_every_500_steps", 120)
    r = c.rng
    hosts = ["trn-h07", "trn-h08", "trn-h11", "trn-h12"]
    nodes = mk_nodes(hosts, "10.19.4", r)
    t0 = T(2025, 2, 3, 8, 0, 4)
    total = 8000
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 2))
        nccl_init_events(ev, n, t0 + sec(30), 32, r, ver="2.21.5+cuda12.4")
        if n.node_rank == 0:
            tt = t0 + sec(75)
            ev.append((tt, "[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps %d (warmup 200)" % (pylog(tt), total)))
            step = 0
            while step < total:
                step += 10
                tps = r.uniform(5840, 5875)
                if step % 500 == 10 and step > 10:
                    tps = r.uniform(3050, 3200)
                dt_ = 10 * 2 * 8192 / tps
                tt += sec(dt_)
                ev.append((tt, "[rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 58.12GiB(73.39%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
                    pylog(tt), step, 2.1 + 7 * 0.999 ** step + r.uniform(-0.03, 0.03), "{:,}".format(int(tps)), tps * 0.0579, tps * 0.00585)))
                if step % 500 == 0:
                    ev.append((tt + sec(0.05), "[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(tt + sec(0.05))))
                    d = r.uniform(24, 27)
                    ev.append((tt + sec(d), "[rank0]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.03 seconds." % pylog(tt + sec(d))))
                    ev.append((tt + sec(d + 0.1), "[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in %.2f seconds." % (pylog(tt + sec(d + 0.1)), d)))
                    tt += sec(d + 0.1)
            ev.append((tt + sec(1), "[rank0]:[titan] %s - root - INFO - Sleeping 2 seconds for other ranks to complete" % pylog(tt + sec(1))))
            ev.append((tt + sec(3), "[rank0]:[titan] %s - root - INFO - Training completed" % pylog(tt + sec(3))))
            t_done = tt + sec(4)
        else:
            t_done = t0 + sec(75) + sec(total * 2 * 8192 / 5850 + 16 * 26) + sec(4)
        torchrun_console(ev, n, 4, ts, "trn-h07", 29500, "titan-8b", "/opt/torchtitan/torchtitan/train.py", r, [], t_done, script="train.py")
        tid = r.randint(200000, 900000)
        ev.append((t_done + sec(1), glog(t_done + sec(1), "I", tid, "torch/distributed/elastic/agent/server/api.py:879") + " [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        ev.append((t_done + sec(1.2), glog(t_done + sec(1.2), "I", tid, "torch/distributed/elastic/agent/server/api.py:946") + " Done waiting for other agents. Elapsed: 0.1822 seconds"))
        c.w("%s/torchrun_tee.log" % n.host, render(ev))
        dmesg_plain(c, n, r, t0, T(2025, 2, 3, 12, 0), style="T")
    c.w("trn-login/sacct.txt", sacct("2201557", "titan-8b", "trn-h[07-08,11-12]", 4, t0 - sec(3), T(2025, 2, 3, 11, 41, 2), "COMPLETED", "0:0"))
    c.w("trn-login/ticket.txt", ["Subject: training throughput drops every 500 steps?",
                                 "tps falls to ~3100 in the log line right after each multiple of 500, then recovers. Is a node bad? Run finished fine though."])
    c.label("unknown", "framework", None, None, "none",
            "The dips are the log window that contains the synchronous checkpoint save (\"Saving the checkpoint\" every 500 steps, ~25 s), tps returns to ~5850 immediately, no errors anywhere, and the run completed all 8000 steps (sacct COMPLETED 0:0); a clean run.",
            "https://github.com/pytorch/torchtitan/pull/1287")
