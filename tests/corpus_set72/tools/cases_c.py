"""Cases bq21..bq30."""
import json

from klib import (D, plus, pyts, sqlts, iso_z, hms, syslog_ts, dmesg_T, date_cmd, age, table,
                  pods_wide, events_table, hexs, alnum, uuid4, gpu_uuid, BUS, nccl_busid,
                  watchdog_timeout, cuda_err_watchdog, megatron_iters, titan_steps, hf_steps,
                  kubelet_noise, kubelet_line, dmesg_boot, render_dmesg, journal_kernel,
                  dcgm_scrape, describe_pod, nvidia_smi_table, child_failed, TORCHRUN_TB,
                  torch_glog, merge_timed, torchrun_preamble, elastic_agent_start, elastic_rdzv_done)
from kjob import (pod_torchrun_log, rank_traceback, sigterm_received, SIGNAL_TB,
                  agent_failure_tail, watchdog_pod_tail)


def _tl(tail):
    return [ln for _, ln in sorted(tail, key=lambda x: x[0])]


def _glog_w(rank, t, src, msg, rng):
    return "[rank%d]:[W%s %s] %s" % (rank, t.strftime("%m%d %H:%M:%S.") + "%09d" % rng.randint(0, 10 ** 9 - 1), src, msg)


# =============================================================================== bq21
def bq21(c):
    """EKS PyTorchJob (torchtune full finetune): run finished; teardown prints connection resets / exit-barrier errors."""
    rng = c.rng
    nodes = ["ip-10-9-3-118.ec2.internal", "ip-10-9-5-40.ec2.internal", "ip-10-9-7-201.ec2.internal"]
    job, ns = "llama3-8b-tune", "ft"
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    nproc, nn = 8, 3
    t0 = D(2024, 11, 18, 22, 0, 40)
    t_end = D(2024, 11, 19, 1, 37, 18)
    t_now = plus(t_end, 1500)
    ips = ["10.9.%d.%d" % (3 + 2 * k, 60 + k) for k in range(nn)]
    body0 = []
    tt = plus(t0, 70)
    for ln in ["INFO:torchtune.utils._logging:Running FullFinetuneRecipeDistributed with resolved config:",
               "batch_size: 4", "checkpointer:", "  _component_: torchtune.training.FullModelHFCheckpointer", "  checkpoint_dir: /fsx/models/Meta-Llama-3-8B-Instruct",
               "  output_dir: /fsx/out/llama3-8b-tune", "  model_type: LLAMA3", "dataset:", "  _component_: torchtune.datasets.alpaca_cleaned_dataset",
               "enable_activation_checkpointing: true", "epochs: 3", "gradient_accumulation_steps: 2", "optimizer:", "  _component_: torch.optim.AdamW", "  lr: 2.0e-05",
               "INFO:torchtune.utils._logging:FSDP is enabled. Instantiating model and loading checkpoint on Rank 0 ...",
               "INFO:torchtune.utils._logging:Instantiating model and loading checkpoint took 21.43 secs",
               "INFO:torchtune.utils._logging:Memory stats after model init:",
               "\tGPU peak memory allocation: 2.31 GiB", "\tGPU peak memory reserved: 2.42 GiB", "\tGPU peak memory active: 2.31 GiB",
               "INFO:torchtune.utils._logging:Optimizer is initialized.", "INFO:torchtune.utils._logging:Loss is initialized.",
               "INFO:torchtune.utils._logging:Dataset and Sampler are initialized.", "INFO:torchtune.utils._logging:Learning rate scheduler is initialized."]:
        body0.append((tt, ln))
        tt = plus(tt, 0.3)
    spe = 1078
    tcur = plus(t0, 110)
    for ep in range(3):
        for st in range(100, spe + 1, 100):
            tcur = plus(tcur, 100 * 1.33 * (1 + rng.uniform(-0.01, 0.01)))
            pct = int(100 * st / spe)
            body0.append((tcur, "%d|%d|Loss: %.4f: %3d%%|%s| %d/%d [%02d:%02d<%02d:%02d,  1.33s/it]" % (ep + 1, ep * spe + st, 1.21 - 0.2 * ep - st * 0.00005 + rng.uniform(-0.03, 0.03), pct, ("█" * (pct // 10)).ljust(10), st, spe, (st * 1.33) // 60, (st * 1.33) % 60, ((spe - st) * 1.33) // 60, ((spe - st) * 1.33) % 60)))
        tcur = plus(tcur, 110)
        body0.append((tcur, "INFO:torchtune.utils._logging:Model checkpoint of size 16.06 GB saved to /fsx/out/llama3-8b-tune/hf_model_%04d_%d.pt" % (1, ep)))
        body0.append((tcur, "INFO:torchtune.utils._logging:Recipe checkpoint of size 32.12 GB saved to /fsx/out/llama3-8b-tune/recipe_state.pt" if ep < 2 else "INFO:torchtune.utils._logging:Saving final epoch checkpoint."))
    t_end = plus(tcur, 3)
    body0.append((t_end, "INFO:torchtune.utils._logging:The full model checkpoint, including all weights and configurations, has been saved successfully.You can now use this checkpoint for further training or inference."))
    for i in range(nn):
        body = list(body0) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "efa", "%s-master-0" % job, job,
                                       "/opt/torchtune/recipes/full_finetune_distributed.py", body, bus=BUS["p4d"], nccl_ver="2.21.5+cuda12.4", nnics=4, base_pid=77)
        tail = []
        te = plus(t_end, 2.0 + i * 0.4)
        for j in range(nproc):
            r = i * nproc + j
            tail.append((plus(te, j * 0.01), _glog_w(r, plus(te, j * 0.01), "ProcessGroupNCCL.cpp:1250", "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())", rng)))
        ta = plus(te, 1.5)
        tail.append((ta, "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % pyts(ta)))
        tail.append((ta, "[%s] torch.distributed.elastic.agent.server.api: [INFO] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % pyts(ta)))
        if i == 0:
            tail.append((plus(ta, 0.9), "[%s] torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other agents. Elapsed: 0.8914203643798828 seconds" % pyts(plus(ta, 0.9))))
        else:
            tb = plus(t_end, 4.6)
            tail.append((tb, "[W%s socket.cpp:464] [c10d] recvValue failed on SocketImpl(fd=4, addr=[%s]:%d, remote=[%s-master-0.ft.svc.cluster.local]:29400): Connection reset by peer" % (tb.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), ips[i], rng.randint(40000, 60000), job)))
            tail.append((tb, "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):"))
            tail.append((tb, "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0e1c6b9446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)"))
            tail.append((tb, "frame #1: <unknown function> + 0x5d8e0ae (0x7f0e0b38e0ae in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cpu.so)"))
            tail.append((tb, "frame #2: c10d::TCPStore::doWait(c10::ArrayRef<std::string>, std::chrono::duration<long, std::ratio<1l, 1000l> >) + 0x360 (0x7f0e0b389c90 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cpu.so)"))
            tail.append((tb, "[%s] torch.distributed.elastic.agent.server.api: [ERROR] Error waiting on exit barrier. Elapsed: %.4f seconds" % (pyts(tb), (tb - ta).total_seconds())))
            tail += [(tb, ln) for ln in ["Traceback (most recent call last):",
                                         "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py\", line 1162, in _exit_barrier",
                                         "    store_util.barrier(",
                                         "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/utils/store.py\", line 182, in barrier",
                                         "    synchronize(store, data, rank, world_size, key_prefix, barrier_timeout)",
                                         "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/utils/store.py\", line 83, in synchronize",
                                         "    agent_data = get_all(store, rank, key_prefix, world_size)",
                                         "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/utils/store.py\", line 63, in get_all",
                                         "    data_arr = store.multi_get(keys)",
                                         "torch.distributed.DistNetworkError: Connection reset by peer"]]
        lines += _tl(tail)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    rows = [{"name": p, "ready": "0/1", "status": "Completed", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n ft get pods -o wide"] + pods_wide(rows, t_now))
    c.w("kubectl_get_pytorchjob.txt", ["$ kubectl -n ft get pytorchjob", "NAME             STATE       AGE", "%s   Succeeded   %s" % (job, age((t_now - t0).total_seconds()))])
    evs = [(plus(t_end, 6), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: ft.%s exited with code 0" % pods[0]),
           (plus(t_end, 7), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: ft.%s exited with code 0" % pods[1]),
           (plus(t_end, 7), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: ft.%s exited with code 0" % pods[2]),
           (plus(t_end, 8), "Normal", "PyTorchJobSucceeded", "pytorchjob/%s" % job, "PyTorchJob ft/%s successfully completed." % job)]
    c.w("kubectl_get_events.txt", ["$ kubectl -n ft get events"] + events_table(evs, t_now))
    c.set_label("unknown", "framework", None, None, "none",
                "torchtune finished all 3 epochs and saved the final checkpoint; every pod exited 0 and the PyTorchJob is Succeeded. The 'Connection reset by peer' / 'Error waiting on exit barrier' lines on the workers come from the master's rendezvous store going away first during shutdown, and the ProcessGroupNCCL destroy warning is benign.",
                "https://github.com/pytorch/pytorch/issues/69520")


# =============================================================================== bq22
def bq22(c):
    """GKE JobSet deleted by a user mid-run: SIGTERM everywhere, NCCL noise after."""
    rng = c.rng
    pref = "gke-llm-h100-pool-a-6e1f0b3d-"
    sfx = ["1qzv", "4nfx", "7cks", "d2wm"]
    nodes = [pref + s for s in sfx]
    js, ns = "mistral-7b-dpo", "align"
    hosts = ["%s-node-0-%d" % (js, k) for k in range(4)]
    pods = ["%s-%s" % (h, alnum(rng, 5)) for h in hosts]
    nproc, nn = 8, 4
    t0 = D(2024, 4, 25, 13, 40, 1)
    t_del = D(2024, 4, 25, 15, 42, 10)
    t_now = plus(t_del, 420)
    steps = hf_steps(plus(t0, 150), 0, 900, 1.12, 0.693, rng, 20000, every=10, lr0=5e-7, epoch_steps=20000)
    steps = [(t, ln.replace("{'loss'", "{'loss'")) for t, ln in steps if t < t_del]
    for i in range(nn):
        body = list(steps) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, hosts[i], i, nn, nproc, t0, "10.52.%d.%d" % (i + 1, 30), "tcpx", "%s-node-0-0.%s" % (js, js), js,
                                       "/workspace/dpo.py", body, bus=BUS["a3"], nccl_ver="2.21.5+cuda12.4", base_pid=133)
        tail = []
        ts = plus(t_del, 1.2 + i * 0.15)
        tail += [(ts, ln) for ln in sigterm_received(ts, pids)]
        for j in range(nproc):
            r = i * nproc + j
            tj = plus(ts, 0.3 + j * 0.02)
            if j % 3 == 0:
                tail.append((tj, "%s:%d:%d [%d] NCCL WARN NET/GPUDirectTCPX : Connection closed by remote peer 10.52.%d.30<%d>" % (hosts[i], pids[j], pids[j] + 88, j, (i + 1) % nn + 1, rng.randint(40000, 60000))))
        tail += [(plus(ts, 2.4), ln) for ln in SIGNAL_TB]
        lines += _tl(tail)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    audit = [{"protoPayload": {"@type": "type.googleapis.com/google.cloud.audit.AuditLog", "authenticationInfo": {"principalEmail": "jwong@acme.ai"},
                               "methodName": "io.x-k8s.jobset.v1alpha2.jobsets.delete", "resourceName": "jobset.x-k8s.io/v1alpha2/namespaces/align/jobsets/%s" % js,
                               "requestMetadata": {"callerSuppliedUserAgent": "kubectl/v1.29.3 (darwin/arm64) kubernetes/6813625"}, "serviceName": "k8s.io",
                               "status": {}}, "receiveTimestamp": iso_z(plus(t_del, 0.4), 9), "timestamp": iso_z(t_del, 6),
              "resource": {"type": "k8s_cluster", "labels": {"cluster_name": "llm-h100", "location": "us-east5", "project_id": "acme-align"}}}]
    c.w("gcloud_logging_read_audit_jobset_delete.json", json.dumps(audit, indent=2))
    evs = []
    for k, p in enumerate(pods):
        evs.append((plus(t_del, 1 + k * 0.1), "Normal", "Killing", "pod/%s" % p, "Stopping container trainer"))
    evs.append((plus(t_del, 0.5), "Normal", "SuccessfulDelete", "job/%s-node-0" % js, "Deleted pod: %s" % pods[0]))
    c.w("kubectl_get_events.txt", ["$ kubectl -n align get events --sort-by=.lastTimestamp"] + events_table(sorted(evs, key=lambda e: e[0]), t_now))
    c.w("kubectl_get_jobset.txt", ["$ kubectl -n align get jobset %s" % js, 'Error from server (NotFound): jobsets.jobset.x-k8s.io "%s" not found' % js])
    c.w("slack_thread.txt", ["#align-runs  15:44  jwong: killed mistral-7b-dpo, beta=0.1 was wrong in the config, will resubmit with 0.05",
                             "#align-runs  15:51  oncall-bot: job mistral-7b-dpo ended abnormally (pods terminated with exit code 143). bundle attached."])
    c.set_label("unknown", "framework", None, None, "none",
                "A user (jwong@acme.ai) deleted the JobSet at 15:42:10 per the audit log; all four pods received SIGTERM within a second and torchrun reported SignalException 15. The NCCL 'connection closed' warnings follow the deliberate shutdown; nothing failed.",
                "https://jobset.sigs.k8s.io/docs/overview/")


# =============================================================================== bq23
def bq23(c):
    """AKS ND A100 v4: Xid 74 NVLink fatal error on one GPU; rank 26 dies with an uncorrectable NVLink error."""
    rng = c.rng
    nodes = ["aks-nda100-19273645-vmss00000%s" % x for x in ("9", "a", "c", "f")]
    job, ns = "mt5-xxl", "translation"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
    nproc, nn = 8, 4
    bad, bad_gpu = 3, 2
    bad_rank = bad * nproc + bad_gpu
    t0 = D(2024, 3, 28, 18, 0, 55)
    t_x = D(2024, 3, 28, 23, 16, 4)
    t_now = plus(t_x, 1500)
    az_bus = ["0001:00:00", "0002:00:00", "0003:00:00", "0004:00:00", "000b:00:00", "000c:00:00", "000d:00:00", "000e:00:00"]
    ips = ["10.244.%d.%d" % (9 + k, 12) for k in range(nn)]
    iters = megatron_iters(plus(t0, 200), 21000, 1900, 9.5, 1.63, rng, total=90000, gbs=2048, lr=1.0e-4, decay=0.00002, every=10)
    iters = [(t, ln) for t, ln in iters if t < t_x]
    for i in range(nn):
        body = list(iters) if i == nn - 1 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "ib", "%s-master-0" % job, job, "/workspace/Megatron-LM/pretrain_t5.py",
                                       body, bus=[b[5:] for b in az_bus], nccl_ver="2.19.3+cuda12.3", nnics=8, base_pid=52)
        tail = []
        if i == bad:
            te = plus(t_x, 0.5)
            tail += [(te, ln) for ln in cuda_err_watchdog(bad_rank, te, "uncorrectable NVLink error was detected during the execution")]
            te2 = plus(t_x, 0.9)
            tail.append((te2, "%s:%d:%d [3] NCCL WARN Cuda failure 'uncorrectable NVLink error was detected during the execution'" % (pods[i], pids[3], pids[3] + 71)))
            tail.append((te2, "%s:%d:%d [3] NCCL INFO transport/p2p.cc:291 -> 1" % (pods[i], pids[3], pids[3] + 71)))
            tail += agent_failure_tail(plus(t_x, 5.1), pods[i], "pretrain_t5.py", pids, [(bad_gpu, plus(t_x, 0.8), -6), (3, plus(t_x, 1.6), -6)], bad_gpu, i, nproc)
        else:
            tail += watchdog_pod_tail(rng, pods[i], "pretrain_t5.py", i, nproc, pids, plus(t_x, 600 + rng.uniform(0, 2)), 1412907, "ALLREDUCE", 50331648)
        lines += _tl(tail)
        c.w("%s/kubectl_logs.txt" % pods[i], ["$ kubectl -n translation logs %s" % pods[i]] + lines)
    boot = D(2024, 3, 20, 11, 3, 9)
    up = (t_x - boot).total_seconds()
    ents = dmesg_boot("5.15.0-1060-azure", "535.154.05")
    ents += [(up, "NVRM: GPU at PCI:%s: %s" % (az_bus[bad_gpu], gpu_uuid(rng))),
             (up, "NVRM: GPU Board Serial Number: 1322321%06d" % rng.randint(0, 999999)),
             (up, "NVRM: Xid (PCI:%s): 74, pid=%d, name=python3, NVLink: fatal error detected on link 3(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)" % (az_bus[bad_gpu], pids[bad_gpu] + 40000 if False else 48211)),
             (up + 0.001, "NVRM: Xid (PCI:%s): 74, pid=%d, name=python3, NVLink: fatal error detected on link 3(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)" % (az_bus[bad_gpu], 48211)),
             (up + 0.2, "NVRM: Xid (PCI:%s): 45, pid=48211, name=python3, Ch 00000010" % az_bus[bad_gpu]),
             (up + 0.2, "NVRM: Xid (PCI:%s): 45, pid=48212, name=python3, Ch 00000010" % az_bus[3])]
    c.w("%s/dmesg_-T.txt" % nodes[bad], render_dmesg(ents, boot))
    nv = ["$ nvidia-smi nvlink -e -i %d" % bad_gpu, "GPU %d: NVIDIA A100-SXM4-80GB (UUID: %s)" % (bad_gpu, gpu_uuid(rng))]
    for l in range(12):
        rep = 3117 if l == 3 else rng.choice([0, 0, 0, 1])
        rec = 41 if l == 3 else 0
        crc = 98213 if l == 3 else 0
        nv += ["\t Link %d: Replay Errors: %d" % (l, rep), "\t Link %d: Recovery Errors: %d" % (l, rec), "\t Link %d: CRC Errors: %d" % (l, crc)]
    nv += ["$ nvidia-smi nvlink -s -i %d | head -6" % bad_gpu, "GPU %d: NVIDIA A100-SXM4-80GB (UUID: ...)" % bad_gpu,
           "\t Link 0: 25 GB/s", "\t Link 1: 25 GB/s", "\t Link 2: 25 GB/s", "\t Link 3: <inactive>", "\t Link 4: 25 GB/s"]
    c.w("%s/nvidia-smi_nvlink.txt" % nodes[bad], nv)
    nv0 = ["$ nvidia-smi nvlink -e -i 0", "GPU 0: NVIDIA A100-SXM4-80GB (UUID: %s)" % gpu_uuid(rng)]
    for l in range(12):
        nv0 += ["\t Link %d: Replay Errors: 0" % l, "\t Link %d: Recovery Errors: 0" % l, "\t Link %d: CRC Errors: 0" % l]
    c.w("%s/nvidia-smi_nvlink.txt" % nodes[0], nv0)
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n translation get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("nvlink", "infrastructure", nodes[bad], bad_rank, "restart_without_node",
                "aks-nda100-...-vmss00000f logged Xid 74 'NVLink: fatal error detected on link 3' for GPU 0003:00:00 (GPU 2) at 23:16:04 and nvidia-smi shows link 3 inactive with thousands of replay/CRC errors; rank 26 on that GPU died with 'uncorrectable NVLink error' (rank 27 followed on the same node). The other three pods only time out 10 minutes later.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")


# =============================================================================== bq24
def bq24(c):
    """EKS: worker pods cannot resolve the master service (CoreDNS OOMKilled under a DNS storm); rendezvous times out."""
    rng = c.rng
    nodes = ["ip-10-12-%d-%d.us-east-2.compute.internal" % (20 + 3 * k, rng.randint(10, 250)) for k in range(4)]
    job, ns = "whisper-ft", "speech"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
    nproc, nn = 4, 4
    t0 = D(2024, 6, 11, 7, 30, 12)
    t_now = plus(t0, 1320)
    ips = ["10.12.%d.%d" % (20 + 3 * k, rng.randint(10, 250)) for k in range(nn)]
    for i in range(nn):
        timed = [(t0, ln) for ln in torchrun_preamble(t0, nproc)]
        timed += [(plus(t0, 0.3), ln) for ln in elastic_agent_start(plus(t0, 0.3), "/app/finetune_whisper.py", nn, nproc, "%s-master-0:29400" % job, job)]
        if i == 0:
            for k in range(6):
                tk = plus(t0, 60 + k * 150)
                timed.append((tk, "[%s] torch.distributed.elastic.rendezvous.dynamic_rendezvous: [INFO] The node '%s_%d_0' is waiting for other nodes to join the rendezvous '%s' (1/4 participants)." % (pyts(tk), pods[0], 1, job)))
            te = plus(t0, 900.4)
            timed += [(te, ln) for ln in [
                "Traceback (most recent call last):",
                "  File \"/opt/conda/bin/torchrun\", line 33, in <module>",
                "    sys.exit(load_entry_point('torch==2.3.1', 'console_scripts', 'torchrun')())",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 347, in wrapper",
                "    return f(*args, **kwargs)",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py\", line 254, in launch_agent",
                "    result = agent.run()",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py\", line 866, in _invoke_run",
                "    self._initialize_workers(self._worker_group)",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py\", line 542, in _rendezvous",
                "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py\", line 1128, in _get_store_and_init",
                "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py\", line 663, in run",
                "    raise RendezvousTimeoutError",
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"]]
        else:
            tt = plus(t0, 1.1)
            k = 0
            while tt < plus(t0, 900):
                timed.append((tt, "[W%s socket.cpp:697] [c10d] The IPv4 network addresses of (%s-master-0, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tt.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), job)))
                if k % 6 == 5:
                    timed.append((tt, "[W%s socket.cpp:697] [c10d] The IPv6 network addresses of (%s-master-0, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tt.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), job)))
                tt = plus(tt, rng.uniform(9, 21))
                k += 1
            te = plus(t0, 901.2 + i * 0.3)
            timed += [(te, ln) for ln in [
                "Traceback (most recent call last):",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\", line 159, in _create_tcp_store",
                "    store = TCPStore(",
                "torch.distributed.DistNetworkError: The client socket has timed out after 900s while trying to connect to (%s-master-0, 29400)." % job,
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                "  File \"/opt/conda/bin/torchrun\", line 33, in <module>",
                "    sys.exit(load_entry_point('torch==2.3.1', 'console_scripts', 'torchrun')())",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/run.py\", line 870, in _get_rdzv_handler" if False else
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/launcher/api.py\", line 233, in launch_agent",
                "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\", line 255, in create_backend",
                "    store = _create_tcp_store(params)",
                "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\", line 183, in _create_tcp_store",
                "    raise RendezvousConnectionError(",
                "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."]]
        timed.sort(key=lambda x: x[0])
        c.w("%s/%s.log" % (nodes[i], pods[i]), [ln for _, ln in timed])
    cdns = ["coredns-5b9dfbf96-%s" % alnum(rng, 5), "coredns-5b9dfbf96-%s" % alnum(rng, 5)]
    kube = [{"ns": "kube-system", "name": cdns[0], "ready": "0/1", "status": "CrashLoopBackOff", "restarts": "14 (96s ago)", "start": plus(t0, -86400 * 12), "ip": "10.12.2.51", "node": "ip-10-12-2-19.us-east-2.compute.internal"},
            {"ns": "kube-system", "name": cdns[1], "ready": "1/1", "status": "Running", "restarts": "13 (41s ago)", "start": plus(t0, -86400 * 12), "ip": "10.12.5.77", "node": "ip-10-12-5-201.us-east-2.compute.internal"}]
    c.w("kubectl_-n_kube-system_get_pods_-l_k8s-app=kube-dns_-o_wide.txt", ["$ kubectl -n kube-system get pods -l k8s-app=kube-dns -o wide"] + pods_wide(kube, t_now, namespace_col=True))
    c.w("kubectl_describe_pod_%s.txt" % cdns[0], describe_pod({
        "name": cdns[0], "ns": "kube-system", "priority": 2000000000, "priority_class": "system-cluster-critical", "sa": "coredns",
        "node": "ip-10-12-2-19.us-east-2.compute.internal", "node_ip": "10.12.2.19", "start_rfc": "Thu, 30 May 2024 04:11:52 +0000",
        "labels": ["eks.amazonaws.com/component=coredns", "k8s-app=kube-dns"], "annotations": ["<none>"], "status": "Running", "ip": "10.12.2.51",
        "owner": "ReplicaSet/coredns-5b9dfbf96",
        "containers": [{"name": "coredns", "image": "602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/coredns:v1.11.1-eksbuild.4", "port": "53/UDP, 53/TCP, 9153/TCP",
                        "args": ["-conf", "/etc/coredns/Corefile"], "state": "Waiting", "state_detail": ["Reason:       CrashLoopBackOff"],
                        "last_state": "Terminated", "last_detail": ["Reason:       OOMKilled", "Exit Code:    137", "Started:      Tue, 11 Jun 2024 07:48:03 +0000", "Finished:     Tue, 11 Jun 2024 07:49:30 +0000"],
                        "ready": "False", "restarts": 14, "limits": ["memory:  170Mi"], "requests": ["cpu:     100m", "memory:  70Mi"], "env": [],
                        "mounts": ["/etc/coredns from config-volume (ro)"]}],
        "conditions": [("PodReadyToStartContainers", "True"), ("Initialized", "True"), ("Ready", "False"), ("ContainersReady", "False"), ("PodScheduled", "True")],
        "volumes": ["config-volume:", "  Type:      ConfigMap (a volume populated by a ConfigMap)", "  Name:      coredns"], "qos": "Burstable",
        "events": [["Warning", "BackOff", "96s (x41 over 19m)", "kubelet", "Back-off restarting failed container coredns in pod %s_kube-system(%s)" % (cdns[0], uuid4(rng))],
                   ["Warning", "Unhealthy", "4m (x22 over 21m)", "kubelet", "Readiness probe failed: Get \"http://10.12.2.51:8181/ready\": dial tcp 10.12.2.51:8181: connect: connection refused"]]}))
    cl = []
    tt = plus(t0, -200)
    while tt < plus(t0, 900):
        cl.append("[ERROR] plugin/errors: 2 %s.%s.svc.cluster.local. A: read udp 10.12.2.51:%d->10.12.0.2:53: i/o timeout" % (rng.choice(["telemetry-sink", "metrics-push"]), rng.choice(["obs", "default"]), rng.randint(30000, 60000)) if rng.random() < 0.3 else
                  "[INFO] 10.12.%d.%d:%d - %d \"A IN %s. udp %d false 512\" NXDOMAIN qr,aa,rd 150 0.000%d" % (rng.randint(20, 40), rng.randint(2, 250), rng.randint(30000, 60000), rng.randint(1, 65000), rng.choice(["telemetry-sink.obs.svc.cluster.local.speech.svc.cluster.local", "telemetry-sink.obs.svc.cluster.local.svc.cluster.local", "telemetry-sink.obs.us-east-2.compute.internal"]), rng.randint(60, 90), rng.randint(100, 999)))
        tt = plus(tt, rng.uniform(0.5, 5))
    c.w("kubectl_-n_kube-system_logs_%s_--previous_tail.txt" % cdns[0], ["$ kubectl -n kube-system logs %s --previous | tail -n 60" % cdns[0]] + cl[-60:])
    c.w("dns_check_from_debug_pod.txt", ["$ kubectl -n speech run dnsutils --rm -it --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 -- sh",
                                         "/ # nslookup %s-master-0.%s" % (job, ns), ";; connection timed out; no servers could be reached", "",
                                         "/ # nslookup kubernetes.default", ";; connection timed out; no servers could be reached", "",
                                         "/ # cat /etc/resolv.conf", "search speech.svc.cluster.local svc.cluster.local cluster.local us-east-2.compute.internal",
                                         "nameserver 172.20.0.10", "options ndots:5",
                                         "/ # nc -vz %s 29400" % ips[0], "%s (%s:29400) open" % (ips[0], ips[0])])
    evs = [(plus(t_now, -96), "Warning", "BackOff", "pod/%s" % cdns[0], "Back-off restarting failed container coredns in pod %s_kube-system" % cdns[0]),
           (plus(t_now, -41), "Normal", "Pulled", "pod/%s" % cdns[1], 'Container image "602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/coredns:v1.11.1-eksbuild.4" already present on machine'),
           (plus(t_now, -300), "Normal", "ScalingReplicaSet", "deployment/telemetry-sink-loadgen", "Scaled up replica set telemetry-sink-loadgen-7f8c5d to 400"),
           (plus(t0, 905), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: speech.%s exited with code 1" % pods[1]),
           (plus(t0, 906), "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob speech/%s has failed because 1 Worker replica(s) failed." % job)]
    c.w("kubectl_get_events_-A.txt", ["$ kubectl get events -A --sort-by=.lastTimestamp | tail -n 20"] + events_table(sorted(evs, key=lambda e: e[0]), t_now))
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n speech get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("network", "infrastructure", None, None, "restart",
                "None of the three workers could resolve whisper-ft-master-0 (gai error -3, temporary failure in name resolution) for 15 minutes, so the c10d rendezvous timed out, while the master's port was reachable by IP. Both CoreDNS replicas are OOMKilled/crash-looping under a DNS query storm from another deployment; cluster DNS is a shared service and the failure is transient.",
                "https://github.com/coredns/coredns/issues/3388")


# =============================================================================== bq25
def bq25(c):
    """On-prem k8s, 32 HGX nodes: a leaf IB switch reboots; all 8 nodes under it lose every HCA link for ~40 s; NCCL retry-exceeded everywhere."""
    rng = c.rng
    nodes = ["gpu-c1-r%02d-n%02d" % (5 + k // 8, 1 + k % 8) for k in range(32)]
    leaf = {"ib-leaf-01": nodes[0:8], "ib-leaf-02": nodes[8:16], "ib-leaf-03": nodes[16:24], "ib-leaf-04": nodes[24:32]}
    c.wj("topology.json", {"topology": leaf})
    affected = list(range(16, 24))
    job, ns = "gpt3-175b-repro", "scale"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(31)]
    nproc, nn = 8, 32
    t0 = D(2024, 5, 29, 2, 0, 0)
    t_dn = D(2024, 5, 29, 14, 7, 33)
    t_up = plus(t_dn, 41)
    t_now = plus(t_dn, 1500)
    nips = ["10.30.%d.%d" % (5 + k // 8, 1 + k % 8) for k in range(32)]
    iters = megatron_iters(plus(t0, 300), 0, 4200, 10.2, 3.1, rng, total=300000, gbs=1536, lr=6e-5, decay=0.0003, every=10)
    iters = [(t, ln) for t, ln in iters if t < t_dn]
    for i in range(nn):
        body = list(iters) if i == nn - 1 else []
        lines, pids = pod_torchrun_log(rng, nodes[i], i, nn, nproc, t0, nips[i], "ib", nodes[0], job, "/workspace/megatron/pretrain_gpt.py",
                                       body, bus=BUS["dgx"], nccl_ver="2.20.5+cuda12.4", nnics=8, base_pid=rng.randint(20000, 80000))
        tail = []
        hit = i in affected or rng.random() < 0.45
        if hit:
            te = plus(t_dn, 8.1 + rng.uniform(0, 3))
            js = [j for j in range(nproc) if rng.random() < 0.6] or [0]
            peer = rng.choice(affected) if i not in affected else rng.choice([k for k in range(nn) if k != i])
            for j in js:
                tj = plus(te, rng.uniform(0, 0.5))
                tail.append((tj, "%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (
                    nodes[i], pids[j], pids[j] + 91, j, nips[peer], rng.randint(40000, 60000), rng.choice([0, 129]), rng.choice(["Send", "Recv"]), nips[i], nips[peer], j)))
                tail.append((tj, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nodes[i], pids[j], pids[j] + 91, j)))
                r = i * nproc + j
                tail.append((plus(tj, 0.3), "%s [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (torch_glog(r, "E", plus(tj, 0.3), "ProcessGroupNCCL.cpp:1595"), r)))
                tail.append((plus(tj, 0.3), "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."))
                tail.append((plus(tj, 0.3), "Last error:"))
                tail.append((plus(tj, 0.3), "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (nips[peer], rng.randint(40000, 60000), nips[i], nips[peer], j)))
            fl = [(j, plus(te, 0.9 + q * 0.01), -6) for q, j in enumerate(js)]
            tail += agent_failure_tail(plus(te, 5.2), nodes[i], "pretrain_gpt.py", pids, fl, js[0], i, nproc)
        else:
            tail += watchdog_pod_tail(rng, nodes[i], "pretrain_gpt.py", i, nproc, pids, plus(t_dn, 600 + rng.uniform(0, 2)), 2841156, "ALLREDUCE", 402653184)
        lines += _tl(tail)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
        if i in affected or i in (3, 30):
            boot = D(2024, 5, 14, 9, 0, 0)
            ents = dmesg_boot("5.15.0-105-generic", "550.54.15")
            for h in range(8):
                ents.append((30.0 + h * 0.1, "mlx5_core 0000:%s.0 ibp%ds0: Link up" % (["0c:00", "12:00", "18:00", "1e:00", "8c:00", "92:00", "98:00", "9e:00"][h], [12, 18, 24, 30, 140, 146, 152, 158][h])))
            if i in affected:
                d = (t_dn - boot).total_seconds()
                for h in range(8):
                    bus = ["0c:00", "12:00", "18:00", "1e:00", "8c:00", "92:00", "98:00", "9e:00"][h]
                    ifn = [12, 18, 24, 30, 140, 146, 152, 158][h]
                    ents.append((d + h * 0.002, "mlx5_core 0000:%s.0 ibp%ds0: Link down" % (bus, ifn)))
                    ents.append((d + 41 + rng.uniform(0, 1.5), "mlx5_core 0000:%s.0 ibp%ds0: Link up" % (bus, ifn)))
            c.w("%s/dmesg_-T.txt" % nodes[i], render_dmesg(ents, boot))
    sm = []
    tt = plus(t_dn, -0.4)
    sm.append("%s %06d [7FF2A4C3E700] 0x01 -> log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:1043 TID:0x0000000000000000" % (tt.strftime("%b %d %H:%M:%S"), 412331))
    for k, n in enumerate(leaf["ib-leaf-03"]):
        for p in range(8):
            sm.append("%s %06d [7FF2A443D700] 0x01 -> Removed port 0x%s (%s mlx5_%d) LID %d from switch ib-leaf-03 (GUID 0xb8cef60300a41c20) port %d" % (tt.strftime("%b %d %H:%M:%S"), 412400 + k * 8 + p, hexs(rng, 16), n, p, 300 + k * 8 + p, 1 + k * 8 + p))
    sm.append("%s %06d [7FF2A4C3E700] 0x02 -> SUBNET UP" % (plus(t_dn, 2).strftime("%b %d %H:%M:%S"), 413002))
    sm.append("%s %06d [7FF2A4C3E700] 0x01 -> log_notice: Reporting Generic Notice type:3 num:67 (Mcast group deleted) from LID:1 GID:ff12:401b:ffff::1" % (plus(t_dn, 2).strftime("%b %d %H:%M:%S"), 413010))
    sm.append("%s %06d [7FF2A443D700] 0x01 -> osm_spst_rcv_process: Switch 0xb8cef60300a41c20 ib-leaf-03 port 0 changed state: reboot detected (SwitchInfo LifeTimeValue reset)" % (plus(t_dn, 30).strftime("%b %d %H:%M:%S"), 413120))
    for k, n in enumerate(leaf["ib-leaf-03"]):
        sm.append("%s %06d [7FF2A443D700] 0x01 -> Discovered new port on %s mlx5_0..mlx5_7 via ib-leaf-03 ports %d-%d" % (t_up.strftime("%b %d %H:%M:%S"), 413200 + k, n, 1 + k * 8, 8 + k * 8))
    sm.append("%s %06d [7FF2A4C3E700] 0x02 -> SUBNET UP" % (plus(t_up, 3).strftime("%b %d %H:%M:%S"), 413290))
    c.w("opensm.log_excerpt.txt", sm)
    c.w("ufm_events.txt", ["%s | WARNING | Switch ib-leaf-03 (0xb8cef60300a41c20) | Switch unresponsive" % sqlts(plus(t_dn, 1)),
                           "%s | CRITICAL | Switch ib-leaf-03 (0xb8cef60300a41c20) | 64 ports changed state to DOWN" % sqlts(plus(t_dn, 1)),
                           "%s | INFO | Switch ib-leaf-03 (0xb8cef60300a41c20) | Switch is up, firmware 31.2012.1024, uptime 0d 0h 0m 38s" % sqlts(plus(t_up, -2)),
                           "%s | INFO | Switch ib-leaf-03 (0xb8cef60300a41c20) | 64 ports changed state to ACTIVE" % sqlts(t_up)])
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": nips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n scale get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("network", "infrastructure", None, None, "restart",
                "At 14:07:33 all eight HCAs on each of the eight nodes under ib-leaf-03 (gpu-c1-r07-*) went link-down together and came back ~41 s later; opensm/UFM show the leaf switch itself rebooting. Ranks across the cluster then fail with IB retry-exceeded (status 12) toward those nodes. One shared switch, not a single node; restart once the fabric is stable.",
                "https://docs.nvidia.com/networking/display/ufmenterpriseumv6150/events+history")


# =============================================================================== bq26
def bq26(c):
    """Kubeflow Trainer v2 TrainJob (torchtitan) on GKE: all 32 ranks fail parallel-dims validation at startup."""
    rng = c.rng
    pref = "gke-ml-a3mega-pool-9a4e1f02-"
    sfx = ["3xwd", "6lzh", "b8kp", "t2qn"]
    nodes = [pref + s for s in sfx]
    tj, ns = "titan-70b-tp4", "research"
    pods = ["%s-node-0-%d-%s" % (tj, k, alnum(rng, 5)) for k in range(4)]
    hosts = ["%s-node-0-%d" % (tj, k) for k in range(4)]
    nproc, nn = 8, 4
    t0 = D(2025, 2, 6, 10, 20, 33)
    t_now = plus(t0, 600)
    for i in range(nn):
        timed = [(t0, ln) for ln in torchrun_preamble(t0, nproc, style="2.4")]
        tr = plus(t0, 4.2)
        timed += [(tr, "I%s 1 torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. group_rank=%d group_world_size=4 master_addr=%s.%s master_port=29500" % (tr.strftime("%m%d %H:%M:%S.%f"), i, hosts[0], tj))]
        pids = [88 + k for k in range(nproc)]
        for j in range(nproc):
            r = i * nproc + j
            tj_ = plus(tr, 11.0 + j * 0.03)
            if r == 0:
                for q, ln in enumerate(["[titan] %s - root - INFO - Starting job: Llama 3 70B, TP=4",
                                        "[titan] %s - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING] = 1 will be overridden to 3 based on job config"]):
                    timed.append((tj_, ln % pyts(tj_)))
            timed += [(plus(tj_, 0.2), ln) for ln in rank_traceback(r, [
                "File \"/workspace/torchtitan/torchtitan/train.py\", line 442, in <module>",
                "    main(config)",
                "File \"/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper",
                "    return f(*args, **kwargs)",
                "File \"/workspace/torchtitan/torchtitan/train.py\", line 62, in main",
                "    parallel_dims = ParallelDims(",
                "File \"<string>\", line 11, in __init__",
                "File \"/workspace/torchtitan/torchtitan/parallelisms/parallel_dims.py\", line 29, in __post_init__",
                "    self._validate()",
                "File \"/workspace/torchtitan/torchtitan/parallelisms/parallel_dims.py\", line 48, in _validate",
                "    assert dp_replicate * dp_shard * cp * tp * pp == self.world_size, ("],
                "AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(6) * cp(1) * tp(4) * pp(1) != WORLD_SIZE(32)")]
        fl = [(j, plus(tr, 12.4 + j * 0.03), 1) for j in range(nproc)]
        timed += agent_failure_tail(plus(tr, 15.9), hosts[i], "train.py", pids, fl, 0, i, nproc)
        timed.sort(key=lambda x: x[0])
        c.w("%s/%s.log" % (nodes[i], pods[i]), [ln for _, ln in timed])
    c.w("train_configs_llama3_70b_tp4.toml", ["[job]", "dump_folder = \"/gcs/outputs/titan-70b\"", "description = \"Llama 3 70B, TP=4\"", "",
                                               "[model]", "name = \"llama3\"", "flavor = \"70B\"", "tokenizer_path = \"/gcs/tokenizers/llama3/original/tokenizer.model\"", "",
                                               "[training]", "batch_size = 8", "seq_len = 8192", "steps = 100000",
                                               "data_parallel_replicate_degree = 1", "data_parallel_shard_degree = 6   # tuned on the 3-node (24 GPU) test cluster",
                                               "tensor_parallel_degree = 4", "context_parallel_degree = 1", "", "[experimental]", "pipeline_parallel_degree = 1"])
    c.w("kubectl_get_trainjob.txt", ["$ kubectl -n research get trainjob %s -o jsonpath='{.status.conditions}' | jq ." % tj,
                                     json.dumps([{"type": "Created", "status": "True", "reason": "JobsCreationSucceeded", "lastTransitionTime": iso_z(t0, 0)},
                                                 {"type": "Failed", "status": "True", "reason": "FailedJobs", "message": "jobset failed: job 'titan-70b-tp4-node-0' failed: BackoffLimitExceeded",
                                                  "lastTransitionTime": iso_z(plus(t0, 25), 0)}], indent=2)])
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": "10.8.%d.%d" % (k + 2, 40), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n research get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("user_code", "script", None, None, "stop",
                "All 32 ranks on all four nodes stop within seconds of start with torchtitan's 'Invalid parallel dims: dp_replicate(1) * dp_shard(6) * cp(1) * tp(4) * pp(1) != WORLD_SIZE(32)'; the job config hard-codes data_parallel_shard_degree = 6 from a 24-GPU test cluster. A configuration error, reproducible anywhere.",
                "https://github.com/pytorch/torchtitan/blob/main/torchtitan/distributed/parallel_dims.py")


# =============================================================================== bq27
def bq27(c):
    """AKS ND H100 v5 x8, FSDP: one node's ranks are consistently the last to arrive; everything on that node looks healthy."""
    rng = c.rng
    sfx = ["00", "01", "03", "04", "07", "09", "0b", "0d"]
    nodes = ["aks-ndh100v5-11223344-vmss0000%s" % s for s in sfx]
    job, ns = "dit-xl-video", "gen"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(7)]
    nproc, nn = 8, 8
    bad = 6
    t0 = D(2024, 12, 10, 4, 0, 8)
    t_now = D(2024, 12, 10, 9, 12, 40)
    ips = ["10.244.%d.%d" % (20 + k, 8) for k in range(nn)]
    stepsmap = {}
    s = 0
    t = plus(t0, 180)
    rows_t = []
    while True:
        s += 100
        t = plus(t, 100 * 1.62 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= t_now:
            break
        rows_t.append((s, t))
    for i in range(nn):
        body = []
        for s_, t_ in rows_t:
            if i == bad:
                fb = rng.uniform(1205, 1250)
                wait = rng.uniform(8, 19)
            else:
                fb = rng.uniform(805, 838)
                wait = rng.uniform(395, 440)
            body.append((t_, "[node_rank %d] step %6d | fwd+bwd %.1f ms | reduce_scatter wait %.1f ms | optim %.1f ms | data %.1f ms | step %.1f ms" % (
                i, s_, fb, wait, rng.uniform(44, 49), rng.uniform(2, 5), 1620 * (1 + rng.uniform(-0.01, 0.01)))))
            if i == 0 and s_ % 1000 == 0:
                body.append((t_, "[master] step %d loss %.4f lr 1.00e-04 samples/s %.1f (expected ~%.0f from the 7-node run last week)" % (s_, 0.412 - s_ * 0.000002, 632 * 1.08 / 1.62, 632 * 1.08 / 1.09)))
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "ib", "%s-master-0" % job, job, "/app/train_dit.py", body,
                                       bus=BUS["nd"], nccl_ver="2.21.5+cuda12.4", nnics=8, base_pid=61)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    for k in (bad, 2):
        gp = [(gpu_uuid(rng), "0000:%s" % b) for b in BUS["nd"]]
        vals = {"DCGM_FI_DEV_SM_CLOCK": [1980.0] * 8, "DCGM_FI_DEV_MEM_CLOCK": [2619.0] * 8,
                "DCGM_FI_DEV_GPU_TEMP": [float(rng.randint(55, 64)) for _ in range(8)],
                "DCGM_FI_DEV_POWER_USAGE": [float(rng.randint(520, 600) if k == bad else rng.randint(610, 690)) for _ in range(8)],
                "DCGM_FI_DEV_GPU_UTIL": [100.0] * 8,
                "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": [0.0] * 8, "DCGM_FI_DEV_XID_ERRORS": [0.0] * 8,
                "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": [0.0] * 8, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": [0.0] * 8,
                "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE": [round(rng.uniform(0.41, 0.45) if k == bad else rng.uniform(0.40, 0.44), 3) for _ in range(8)]}
        c.w("%s/dcgm-exporter_metrics.txt" % nodes[k], ["# curl -s localhost:9400/metrics   (%s)" % iso_z(plus(t_now, -300), 0)] + dcgm_scrape(nodes[k], gp, vals, pods=pods[k], namespace=ns))
    q = ["$ nvidia-smi -q | grep -A4 -E 'PCIe Generation|Link Width' | head -12",
         "        PCIe Generation", "            Max                           : 5", "            Current                       : 5",
         "            Device Current                : 5", "            Device Max                    : 5", "        Link Width",
         "            Max                           : 16x", "            Current                       : 16x",
         "$ nvidia-smi --query-gpu=index,clocks.sm,clocks.max.sm,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv"]
    q.append("index, clocks.sm [MHz], clocks.max.sm [MHz], temperature.gpu, power.draw [W], clocks_event_reasons.active")
    for g in range(8):
        q.append("%d, 1980 MHz, 1980 MHz, %d, %.2f W, 0x0000000000000000" % (g, rng.randint(55, 64), rng.uniform(520, 600)))
    q += ["$ journalctl -k --since '-6h' | grep -iE 'xid|mce|aer|mlx5|throttl' | wc -l", "0",
          "$ cat /sys/class/infiniband/mlx5_*/ports/1/rate | sort | uniq -c", "      8 400 Gb/sec (4X NDR)"]
    c.w("%s/node_checks.txt" % nodes[bad], q)
    rows = [{"name": p, "ready": "1/1", "status": "Running", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n gen get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("straggler", "infrastructure", nodes[bad], None, "run_diagnostics",
                "Throughput is about a third below the previous run. Every node reports ~820 ms fwd+bwd and ~420 ms waiting in reduce_scatter, except node_rank 6 (vmss00000b) at ~1230 ms compute and almost no wait, so the other nodes wait on it. Its clocks, temperatures, throttle reasons, PCIe link, Xid/AER/IB counters are all normal, so the cause is unknown.",
                "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html")


# =============================================================================== bq28
def bq28(c):
    """Kubeflow MPIJob (DeepSpeed, mpirun) on EKS p4d x24: every rank times out in the same ALLREDUCE; flight recorder: all started, none finished; nothing in any node log."""
    rng = c.rng
    nn, nproc = 24, 8
    octs = []
    while len(octs) < nn:
        o = (rng.randint(16, 31), rng.randint(2, 250))
        if o not in octs:
            octs.append(o)
    nodes = ["ip-10-8-%d-%d.ec2.internal" % o for o in octs]
    launcher_node = "ip-10-8-3-77.ec2.internal"
    job, ns = "bloom-ft-mpi", "mpi"
    wpods = ["%s-worker-%d" % (job, k) for k in range(nn)]
    t0 = D(2024, 3, 6, 20, 5, 0)
    t_h = D(2024, 3, 7, 3, 48, 51)
    t_to = plus(t_h, 1800)
    t_now = plus(t_to, 600)
    seq = 112908
    L = []
    def P(r, stream, t, s):
        L.append((t, "[1,%d]<%s>:%s" % (r, stream, s)))
    L.append((t0, "Warning: Permanently added '%s-worker-0.%s.%s.svc' (ED25519) to the list of known hosts." % (job, job, ns)))
    for k in range(1, 4):
        L.append((t0, "Warning: Permanently added '%s-worker-%d.%s.%s.svc' (ED25519) to the list of known hosts." % (job, k, job, ns)))
    for r in range(0, nn * nproc, 8):
        P(r, "stdout", plus(t0, 20), "[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % pyts(plus(t0, 20)))
    P(0, "stdout", plus(t0, 40), "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % pyts(plus(t0, 40)))
    P(0, "stdout", plus(t0, 40), "[%s] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % pyts(plus(t0, 40)))
    P(0, "stdout", plus(t0, 52), "ip-10-8-%d-%d:%d:%d [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % (octs[0][0], octs[0][1], 412, 412))
    P(0, "stdout", plus(t0, 52), "ip-10-8-%d-%d:%d:%d [0] NCCL INFO Using network Libfabric" % (octs[0][0], octs[0][1], 412, 412))
    P(0, "stdout", plus(t0, 52), "NCCL version 2.19.4+cuda12.3")
    t = plus(t0, 200)
    s = 0
    while True:
        s += 20
        t = plus(t, 20 * 1.19 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= t_h:
            break
        P(0, "stdout", t, "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (pyts(t), s, 6e-5))
        P(0, "stdout", t, "steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (s, 2.11 - s * 0.00001 + rng.uniform(-0.02, 0.02), 1.19 * (1 + rng.uniform(-0.01, 0.01)), 1536 / 1.19))
    for r in range(nn * nproc):
        tt = plus(t_to, rng.uniform(0, 3.5))
        for ln in watchdog_timeout(r, tt, seq, "ALLREDUCE", 209715200, ran_ms=1800000 + rng.randint(50, 3500), timeout_ms=1800000)[:5]:
            P(r, "stderr", tt, ln)
    tl = plus(t_to, 8)
    L.append((tl, "--------------------------------------------------------------------------"))
    L.append((tl, "Primary job  terminated normally, but 1 process returned"))
    L.append((tl, "a non-zero exit code. Per user-direction, the job has been aborted."))
    L.append((tl, "--------------------------------------------------------------------------"))
    L.append((plus(tl, 1), "--------------------------------------------------------------------------"))
    L.append((plus(tl, 1), "mpirun noticed that process rank 57 with PID 0 on node %s-worker-7 exited on signal 6 (Aborted)." % job))
    L.append((plus(tl, 1), "--------------------------------------------------------------------------"))
    L.sort(key=lambda x: x[0])
    c.w("%s/%s-launcher-%s.log" % (launcher_node, job, alnum(rng, 5)),
        ["$ kubectl -n mpi logs %s-launcher-xxxxx   # launcher pod ran on a CPU node" % job,
         "+ mpirun --allow-run-as-root -np 192 -npernode 8 --bind-to none -x NCCL_DEBUG=WARN -x FI_PROVIDER=efa -x FI_EFA_USE_DEVICE_RDMA=1 -x TORCH_NCCL_DUMP_ON_TIMEOUT=1 -x TORCH_NCCL_TRACE_BUFFER_SIZE=2000 python /workspace/train_bloom.py --deepspeed ds_z2.json"] +
        [ln for _, ln in L])
    for k, n in enumerate(nodes):
        if k % 3 == 0 or k in (7, 8):
            boot = D(2024, 3, 1, 8, 0, 0) + __import__("datetime").timedelta(seconds=rng.randint(0, 80000))
            ents = dmesg_boot("5.10.209-198.858.amzn2.x86_64", "535.161.08")
            ents += [(22.3, "infiniband rdmap16s27: IB device registered"), (22.4, "infiniband rdmap32s27: IB device registered"),
                     (22.5, "infiniband rdmap144s27: IB device registered"), (22.6, "infiniband rdmap160s27: IB device registered")]
            for q in range(rng.randint(2, 6)):
                ents.append((rng.uniform(3000, 400000), "IPv6: ADDRCONF(NETDEV_CHANGE): eni%s: link becomes ready" % hexs(rng, 11)))
            c.w("%s/dmesg_-T.txt" % n, render_dmesg(ents, boot))
            c.w("%s/%s.log" % (n, wpods[k]), ["$ kubectl -n mpi logs %s" % wpods[k], "Server listening on 0.0.0.0 port 2222.", "Server listening on :: port 2222.",
                                              "Accepted publickey for root from 10.8.3.77 port %d ssh2: ED25519 SHA256:%s" % (rng.randint(40000, 60000), hexs(rng, 43))])
            hw = ["$ for d in /sys/class/infiniband/rdmap*; do echo $(basename $d) $(cat $d/ports/1/state) $(cat $d/ports/1/hw_counters/rdma_read_resp_bytes 2>/dev/null | head -c 14) ; done"]
            for dn in ("rdmap16s27", "rdmap32s27", "rdmap144s27", "rdmap160s27"):
                hw.append("%s 4: ACTIVE %d" % (dn, rng.randint(10 ** 12, 10 ** 13)))
            c.w("%s/efa_state.txt" % n, hw)
    fr = ["$ python fr_trace.py /fsx/fr/bloom-ft-mpi/ -j    # dumps written by TORCH_NCCL_DUMP_ON_TIMEOUT on every rank",
          "loaded 192 files in 5.88s", "built groups, memberships",
          "no mismatch found in 112908 collectives of group 0:default_pg",
          "last collective: %d nccl:all_reduce input sizes: [[209715200]] output sizes: [[209715200]]" % seq,
          "  state: started on 192/192 ranks, completed on 0/192 ranks",
          "  time_created (min/max across ranks): %s / %s" % (iso_z(plus(t_h, 0.81), 3), iso_z(plus(t_h, 0.97), 3)),
          "  time_discovered_started (min/max): %s / %s" % (iso_z(plus(t_h, 0.83), 3), iso_z(plus(t_h, 1.02), 3)),
          "previous collective %d nccl:reduce_scatter completed on 192/192 ranks" % (seq - 1),
          "no rank behind, no rank missing"]
    c.w("fr_trace_analysis.txt", fr)
    c.w("kubectl_get_mpijob.txt", ["$ kubectl -n mpi get mpijob", "NAME           AGE   STATE", "%s   %s   Failed" % (job, age((t_now - t0).total_seconds()))])
    c.set_label("hang", "infrastructure", None, None, "restart",
                "Training output stops at 03:48:51 and all 192 ranks time out 30 min later in the same ALLREDUCE SeqNum 112908 of the same size; the flight recorder shows every rank started it and none completed, no rank behind or missing. No Xid, EFA, kernel or kubelet error on any node, so there is nobody to blame: restart.",
                "https://github.com/NVIDIA/nccl/issues/1111")


# =============================================================================== bq29
def bq29(c):
    """GKE A3: Xid 94 (contained ECC) on one GPU; the rank on it dies; after reset the row remap is done (no pending, no failure) and dcgmi diag passes."""
    rng = c.rng
    pref = "gke-ml-a3-pool-b-4c2d9e7f-"
    sfx = ["1hjp", "n8tw", "qv6c", "z0rk"]
    nodes = [pref + s for s in sfx]
    js, ns = "sd3-ft", "img"
    hosts = ["%s-w-0-%d" % (js, k) for k in range(4)]
    pods = ["%s-%s" % (h, alnum(rng, 5)) for h in hosts]
    nproc, nn = 8, 4
    bad, bad_gpu = 1, 7
    bad_rank = bad * nproc + bad_gpu
    t0 = D(2024, 10, 21, 16, 2, 15)
    t_x = D(2024, 10, 21, 19, 33, 47)
    t_now = plus(t_x, 3600)
    steps = hf_steps(plus(t0, 120), 0, 1200, 0.98, 0.144, rng, 40000, every=10, lr0=1e-5, epoch_steps=10000)
    steps = [(t, ln) for t, ln in steps if t < t_x]
    for i in range(nn):
        body = list(steps) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, hosts[i], i, nn, nproc, t0, "10.56.%d.%d" % (i + 1, 7), "tcpx", "%s-w-0-0.%s" % (js, js), js,
                                       "/app/train_sd3.py", body, bus=BUS["a3"], nccl_ver="2.21.5+cuda12.4", base_pid=97, timestamps=True)
        tail = []
        if i == bad:
            te = plus(t_x, 0.4)
            tail += [(te, ln) for ln in rank_traceback(bad_rank, [
                "File \"/app/train_sd3.py\", line 388, in <module>",
                "    main()",
                "File \"/app/train_sd3.py\", line 341, in main",
                "    accelerator.backward(loss)",
                "File \"/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py\", line 2159, in backward",
                "    loss.backward(**kwargs)",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/_tensor.py\", line 521, in backward",
                "    torch.autograd.backward(",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py\", line 768, in _engine_run_backward",
                "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"],
                ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                 "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                 "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                 "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])]
            tail += agent_failure_tail(plus(t_x, 4.7), hosts[i], "train_sd3.py", pids, [(bad_gpu, plus(t_x, 0.9), 1)], bad_gpu, i, nproc)
        else:
            tail += watchdog_pod_tail(rng, hosts[i], "train_sd3.py", i, nproc, pids, plus(t_x, 600 + rng.uniform(0, 2)), 98214, "ALLREDUCE", 2097152)
        lines += ["%s %s" % (iso_z(t, 9), ln) for t, ln in sorted(tail, key=lambda x: x[0])]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    boot = D(2024, 10, 19, 3, 14, 55)
    up = (t_x - boot).total_seconds()
    bb = BUS["a3"][bad_gpu]
    ents = dmesg_boot("6.1.100+", "550.90.07")
    ents += [(up, "NVRM: Xid (PCI:0000:%s): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % (bb, pids_bad if False else 31877)),
             (up + 0.0002, "NVRM: Xid (PCI:0000:%s): 94, pid=31877, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % bb),
             (up + 1580.0, "nvidia-smi[40213]: GPU reset requested for 0000:%s.0 by uid 0" % bb if False else "NVRM: GPU at PCI:0000:%s: GPU has been reset by the user (nvidia-smi -r)" % bb)]
    c.w("%s/dmesg_-T.txt" % nodes[bad], render_dmesg(ents, boot))
    c.w("%s/oncall_session.txt" % nodes[bad], [
        "# privileged debug pod on %s after the JobSet pods were gone (%s)" % (nodes[bad], iso_z(plus(t_x, 1570), 0)),
        "$ nvidia-smi -q -i 7 -d ROW_REMAPPER   # before reset",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
        "$ nvidia-smi -r -i 7",
        "GPU 00000000:%s.0 was successfully reset." % bb.upper(),
        "$ nvidia-smi -q -i 7 -d ROW_REMAPPER,ECC   # after reset",
        "    ECC Mode",
        "        Current                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 2559 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
        "$ dcgmi diag -r 2 -i 7",
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 550.90.07                                      |",
        "| GPU Device IDs Detected   | 2330                                           |",
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
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - GPU: 7                                  |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - GPU: 7                                  |",
        "+---------------------------+------------------------------------------------+"])
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": "10.56.%d.7" % (k + 1), "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n img get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("gpu_memory", "infrastructure", nodes[bad], bad_rank, "restart",
                "gke-...-n8tw logged Xid 94 (contained ECC error) on GPU 7 (0000:8b:00) at 19:33:47 and rank 15 on that GPU died with 'uncorrectable ECC error encountered'. After a GPU reset the row remap is applied (Uncorrectable 1, Pending: No, Remapping Failure: No) and dcgmi diag passes, so the node can be reused.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")


# =============================================================================== bq30
def bq30(c):
    """On-prem k8s + Rook CephFS PVC: distributed checkpoint save fails with EDQUOT on every rank (subvolume quota full)."""
    rng = c.rng
    nodes = ["gpu-node-a01", "gpu-node-a02"]
    job, ns = "phi3-medium-cpt", "lm"
    pods = ["%s-master-0" % job, "%s-worker-0" % job]
    nproc, nn = 8, 2
    t0 = D(2024, 9, 16, 8, 30, 2)
    t_s = D(2024, 9, 16, 14, 5, 19)
    t_now = plus(t_s, 900)
    ips = ["10.233.%d.%d" % (70 + k, 14) for k in range(nn)]
    body0 = []
    t = plus(t0, 120)
    s = 0
    while True:
        s += 50
        t = plus(t, 50 * 3.21 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= t_s:
            break
        body0.append((t, "[%s][INFO][train] step %d/40000 loss=%.4f lr=%.2e tok/s=%d" % (pyts(t), s, 2.41 - s * 0.00003 + rng.uniform(-0.02, 0.02), 1.5e-4, 131000 + rng.randint(-2000, 2000))))
        if s % 1000 == 0:
            body0.append((plus(t, 1), "[%s][INFO][ckpt] saving distributed checkpoint step-%d to /ckpt/phi3-medium-cpt/step-%d (keep_last=None)" % (pyts(plus(t, 1)), s, s)))
            body0.append((plus(t, 93), "[%s][INFO][ckpt] saved step-%d in 92.4s (1.62 TiB incl. optimizer state)" % (pyts(plus(t, 93)), s)))
            t = plus(t, 93)
    final_s = (s // 1000) * 1000
    body0.append((t_s, "[%s][INFO][ckpt] saving distributed checkpoint step-%d to /ckpt/phi3-medium-cpt/step-%d (keep_last=None)" % (pyts(t_s), final_s if final_s else 6000, final_s if final_s else 6000)))
    ranks_fail = list(range(nn * nproc))
    for i in range(nn):
        body = list(body0) if i == 0 else []
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "roce", "%s-master-0" % job, job, "/app/cpt.py", body,
                                       bus=BUS["dgx"], nccl_ver="2.20.5+cuda12.4", nnics=4, base_pid=45)
        tail = []
        te = plus(t_s, 38)
        for j in range(nproc):
            r = i * nproc + j
            tr_ = plus(te, j * 0.05)
            tail += [(tr_, ln) for ln in rank_traceback(r, [
                "File \"/app/cpt.py\", line 512, in <module>",
                "    train(cfg)",
                "File \"/app/cpt.py\", line 468, in train",
                "    dcp.save(state_dict, checkpoint_id=ckpt_dir)",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/logger.py\", line 66, in wrapper",
                "    result = func(*args, **kwargs)",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py\", line 152, in save",
                "    return _save_state_dict(",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py\", line 313, in _save_state_dict",
                "    central_plan: SavePlan = distW.reduce_scatter(\"plan\", local_step, global_step)" if False else
                "    return distW.all_reduce(\"write\", write_data, finish_checkpoint)",
                "File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py\", line 212, in all_reduce",
                "    raise CheckpointException(step, node_failures)"],
                ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % ranks_fail,
                 "Traceback (most recent call last): (RANK %d)" % r,
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py\", line 205, in all_reduce",
                 "    local_data = map_fun()",
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py\", line 565, in write_data",
                 "    _write_files_from_queue(",
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py\", line 339, in _write_files_from_queue",
                 "    _write_item(stream, data, write_item, storage_key)",
                 "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py\", line 266, in _write_item",
                 "    torch.save(data, stream)",
                 "OSError: [Errno 122] Disk quota exceeded"])]
        fl = [(j, plus(te, 0.6 + j * 0.05), 1) for j in range(nproc)]
        tail += agent_failure_tail(plus(te, 5.5), pods[i], "cpt.py", pids, fl, 0, i, nproc)
        lines += _tl(tail)
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    c.w("pvc_and_quota.txt", ["$ kubectl -n lm get pvc ckpt-phi3",
                              "NAME        STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE",
                              "ckpt-phi3   Bound    pvc-7d2f1c9e-04ab-4f7e-8d3a-61c2b5e0f9a4   20Ti       RWX            rook-cephfs    41d",
                              "$ kubectl -n lm exec %s -- df -h /ckpt" % pods[0],
                              "Filesystem                                                                                                   Size  Used Avail Use% Mounted on",
                              "10.233.12.7:6789,10.233.12.8:6789,10.233.12.9:6789:/volumes/csi/csi-vol-3b1f/4e9a1c77-9d2e-4b5f-a0c1-7f3e2d1b9c05   20T   20T     0 100% /ckpt",
                              "$ kubectl -n lm exec %s -- du -sh /ckpt/phi3-medium-cpt/* | tail -n 4" % pods[0],
                              "1.7T\t/ckpt/phi3-medium-cpt/step-3000", "1.7T\t/ckpt/phi3-medium-cpt/step-4000", "1.7T\t/ckpt/phi3-medium-cpt/step-5000", "1.1T\t/ckpt/phi3-medium-cpt/step-6000",
                              "$ kubectl -n rook-ceph exec deploy/rook-ceph-tools -- ceph fs subvolume info cephfs csi-vol-3b1f csi | jq '{bytes_quota,bytes_used,bytes_pcent}'",
                              '{', '  "bytes_quota": 21990232555520,', '  "bytes_used": 21990231998464,', '  "bytes_pcent": "100.00"', '}',
                              "$ kubectl -n rook-ceph exec deploy/rook-ceph-tools -- ceph df | head -n 5",
                              "--- RAW STORAGE ---", "CLASS     SIZE    AVAIL     USED  RAW USED  %RAW USED", "nvme    1.4 PiB  812 TiB  606 TiB   606 TiB      42.73",
                              "TOTAL   1.4 PiB  812 TiB  606 TiB   606 TiB      42.73"])
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n lm get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("storage", "infrastructure", None, None, "stop",
                "Every one of the 16 ranks on both nodes fails inside dcp.save with OSError [Errno 122] Disk quota exceeded; the checkpoint PVC (CephFS subvolume, 20Ti quota) is at 100% because every 1.7 TiB checkpoint is kept (keep_last=None), while the Ceph cluster itself has plenty of room. It will fail again at the next save until space or quota is changed.",
                "https://docs.ceph.com/en/latest/cephfs/quota/")


CASES = [
    ("bq21_pods_completed_with_connection_reset", bq21),
    ("bq22_all_pods_sigterm_exit_143", bq22),
    ("bq23_rank_aborts_nvlink_error", bq23),
    ("bq24_rendezvous_timeout_name_resolution", bq24),
    ("bq25_ib_retry_exceeded_many_nodes", bq25),
    ("bq26_all_ranks_assertion_at_startup", bq26),
    ("bq27_one_third_slower_than_expected", bq27),
    ("bq28_mpijob_all_ranks_timeout", bq28),
    ("bq29_rank_dies_uncorrectable_ecc", bq29),
    ("bq30_checkpoint_save_fails_all_ranks", bq30),
]
