"""ao11-ao14, ao22-ao25: application, dependency, OOM and numerical failures (incl. gloo/CPU jobs)."""
from datetime import timedelta

from common import (Bundle, Log, Node, T, H100_BUS, A100_BUS, benign_kernel, f_date_cmd, f_pylog, f_pylog_br,
                    f_glog_py, f_c10, f_elastic_time, kline, make_nodes, megatron_iter, nvrm_xid, py_traceback, rng_for,
                    sec, smi_table, watchdog_timeout, child_failed, ds_step, bar, hms, agent_banner, f_iso, f_nemo)
from jobs import MEGATRON_TB, TorchrunJob

GLOO_OLD = "../third_party/gloo/gloo/transport/tcp"


def gloo_closed(peer_ip, port, style="old"):
    if style == "old":
        return "RuntimeError: [%s/pair.cc:534] Connection closed by peer [%s]:%d" % (GLOO_OLD, peer_ip, port)
    return ("RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection closed by peer [%s]:%d. "
            "This is typically caused by a remote worker crashing. Check the logs of the remote worker before reporting an error." % (peer_ip, port))


def gloo_timeout(ms, kind="recv"):
    line = 81 if kind == "recv" else 136
    return "RuntimeError: [%s/unbound_buffer.cc:%d] Timed out waiting %dms for %s operation to complete" % (GLOO_OLD, line, ms, kind)


def rdzv_info(dt, pid, node, nnodes, nproc, restart, master, port, site="torch"):
    pre = "%s %d %s/distributed/elastic/agent/server/api.py:553] " % (f_glog_py(dt, "I"), pid, site)
    lines = ["[default] Rendezvous complete for workers. Result:",
             "  restart_count=%d" % restart,
             "  master_addr=%s" % master,
             "  master_port=%d" % port,
             "  group_rank=%d" % node.index,
             "  group_world_size=%d" % nnodes,
             "  local_ranks=%s" % list(range(nproc)),
             "  role_ranks=%s" % [node.index * nproc + i for i in range(nproc)],
             "  global_ranks=%s" % [node.index * nproc + i for i in range(nproc)],
             "  role_world_sizes=%s" % [nnodes * nproc] * 1,
             "  global_world_sizes=%s" % [nnodes * nproc] * 1,
             "  event_log_handler=null", ""]
    lines[9] = "  role_world_sizes=%s" % str([nnodes * nproc] * nproc)
    lines[10] = "  global_world_sizes=%s" % str([nnodes * nproc] * nproc)
    return "\n".join(pre + l for l in lines)


# =============================================================================
# ao11  CPU/gloo job: KeyError in a DataLoader worker on one rank
# =============================================================================
def ao11():
    name = "ao11_gloo_cpu_training_connection_closed_by_peer"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["cpu-hm-01", "cpu-hm-02", "cpu-hm-03"]
    ips = ["10.20.0.11", "10.20.0.12", "10.20.0.13"]
    nodes = make_nodes(names, ips, rng, gpus=4)
    site = "/srv/ctr/.venv/lib/python3.11/site-packages"
    start = T("2025-03-17 13:02:10.300")
    t0 = T("2025-03-17 14:03:11.482")
    job = TorchrunJob(nodes, rng, start, "train_ctr.py", pysite=site, launcher="/srv/ctr/.venv/bin/torchrun",
                      binary="/srv/ctr/.venv/bin/python", gpus=False)
    job.banner()
    for n in nodes:
        for l in range(4):
            r = n.rank(l)
            t = start + sec(rng.uniform(4, 6))
            job.log(n).add(t, "%s INFO train_ctr: rank %d/12 using backend=gloo, %d intra-op threads" % (f_pylog(t), r, 14))
            t += sec(rng.uniform(20, 40))
            job.log(n).add(t, "%s INFO data: rank %d assigned %d parquet shards from /mnt/lake/ctr/v7/part-*.parquet (%s rows)" % (
                f_pylog(t), r, rng.randint(40, 42), "{:,}".format(rng.randint(11800000, 12400000))))
    first = nodes[0]
    t = start + sec(70)
    s = 0
    while True:
        t += sec(rng.uniform(54, 58))
        if t >= t0:
            break
        s += 200
        job.log(first).add(t, "%s INFO train_ctr: epoch 0 step %d/48000 loss=%.4f auc=%.4f ex/s=%d" % (
            f_pylog(t), s, 0.47 - s * 2e-6 + rng.uniform(-0.004, 0.004), 0.72 + s * 5e-6 + rng.uniform(-0.002, 0.002), rng.randint(17900, 18400)))
        if s % 2000 == 0:
            job.log(first).add(t + sec(0.2), "%s INFO train_ctr: eval@%d logloss=%.4f auc=%.4f (held-out day 2025-03-09)" % (
                f_pylog(t + sec(0.2)), s, 0.455 - s * 1e-6, 0.735 + s * 4e-6))
    culprit = nodes[1]
    bl = 3
    br = culprit.rank(bl)  # 7
    frames = [("/srv/ctr/train_ctr.py", 244, "<module>", "main()"),
              (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
              ("/srv/ctr/train_ctr.py", 219, "main", "for step, batch in enumerate(loader, start=start_step):"),
              (site + "/torch/utils/data/dataloader.py", 701, "__next__", "data = self._next_data()"),
              (site + "/torch/utils/data/dataloader.py", 1465, "_next_data", "return self._process_data(data)"),
              (site + "/torch/utils/data/dataloader.py", 1491, "_process_data", "data.reraise()"),
              (site + "/torch/_utils.py", 715, "reraise", "raise exception")]
    exc = ("KeyError: Caught KeyError in DataLoader worker process 2.\nOriginal Traceback (most recent call last):\n"
           '  File "%s/torch/utils/data/_utils/worker.py", line 351, in _worker_loop\n'
           "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]\n"
           '  File "%s/torch/utils/data/_utils/fetch.py", line 55, in fetch\n'
           "    return self.collate_fn(data)\n"
           '  File "/srv/ctr/data.py", line 88, in collate_rows\n'
           '    labels = torch.tensor([r["click_label"] for r in rows], dtype=torch.float32)\n'
           '  File "/srv/ctr/data.py", line 88, in <listcomp>\n'
           '    labels = torch.tensor([r["click_label"] for r in rows], dtype=torch.float32)\n'
           "KeyError: 'click_label'\n") % (site, site)
    job.log(culprit).add(t0, py_traceback(br, frames, exc.rstrip("\n")))
    tb_json = "Traceback (most recent call last):\n" + "\n".join('    File "%s", line %d, in %s\n      %s' % f for f in frames) + "\n  " + exc.split("\n")[0]
    job.teardown(culprit, bl, t0 + sec(0.35), 1, root_tb=tb_json, wait=(0.6, 1.4),
                 error_file="/tmp/torchelastic_q3x81m2d/ctr_0317_2f1c/attempt_0/3/error.json")
    # the other ranks were blocked in the gradient all_reduce with rank 7
    ports = {}
    for n in nodes:
        if n is culprit:
            continue
        dead = {}
        for l in range(4):
            r = n.rank(l)
            tt = t0 + sec(rng.uniform(0.02, 0.3))
            fr = [("/srv/ctr/train_ctr.py", 244, "<module>", "main()"),
                  (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                  ("/srv/ctr/train_ctr.py", 231, "main", "loss.backward()"),
                  (site + "/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                  (site + "/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
            job.log(n).add(tt, py_traceback(r, fr, gloo_closed("10.20.0.12", rng.randint(20000, 60000))))
            dead[l] = tt
        fl = min(dead, key=dead.get)
        job.teardown(n, fl, dead[fl] + sec(0.2), 1, other_codes={l: 1 for l in range(4)}, wait=(0.4, 1.0))
    for l in range(4):
        if l == bl:
            continue
        tt = t0 + sec(rng.uniform(0.01, 0.2))
        job.log(culprit).add(tt, py_traceback(culprit.rank(l), frames[:3] + [("/srv/ctr/train_ctr.py", 231, "main", "loss.backward()")],
                                              gloo_closed("10.20.0.12", rng.randint(20000, 60000))))
    for n in nodes:
        b.put("%s/torchrun-console.log" % n.name, job.log(n))
    b.put("launch.sh", ["#!/bin/bash", "# started on each host via pdsh -w cpu-hm-0[1-3]",
                        "export OMP_NUM_THREADS=14", "export GLOO_SOCKET_IFNAME=bond0",
                        "exec /srv/ctr/.venv/bin/torchrun --nnodes 3 --nproc-per-node 4 --rdzv-backend c10d \\",
                        "    --rdzv-endpoint cpu-hm-01:29400 --rdzv-id ctr_0317 train_ctr.py --config conf/ctr_v7.yaml"])
    b.set_label("user_code", "script", None, "stop",
                "Rank 7 died first with KeyError: 'click_label' raised in the user's collate_rows(); the 'Connection closed by peer "
                "[10.20.0.12]' errors on every other rank are gloo reacting to that process exiting, not a network or host fault.",
                "https://github.com/InternLM/xtuner/issues/806")
    return b


# =============================================================================
# ao12  Lightning on CPU/gloo: hang at validation end, then DETAIL mismatch on resubmit
# =============================================================================
def ao12():
    name = "ao12_cpu_lightning_job_stuck_after_validation_then_errors"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["cpu-batch-07", "cpu-batch-08"]
    ips = ["10.9.4.107", "10.9.4.108"]
    site = "/opt/conda/envs/seg/lib/python3.11/site-packages"
    starts = [T("2025-03-18 09:10:02"), T("2025-03-18 12:31:40")]
    boots = [T("2025-03-03 04:10:00"), T("2025-03-05 21:44:00")]
    for a in range(2):
        arng = rng_for(name + str(a))
        nodes = [Node(h, ip, i, 4, boots[i], arng.randint(9000, 60000)) for i, (h, ip) in enumerate(zip(names, ips))]
        job = TorchrunJob(nodes, arng, starts[a], "train_seg_cpu.py", pysite=site, launcher="/opt/conda/envs/seg/bin/torchrun",
                          binary="/opt/conda/envs/seg/bin/python", gpus=False)
        job.banner()
        if a == 1:
            for n in nodes:
                job.log(n).add(starts[a] - sec(0.5), "+ export TORCH_DISTRIBUTED_DEBUG=DETAIL")
        for n in nodes:
            for l in range(4):
                r = n.rank(l)
                t = starts[a] + sec(arng.uniform(6, 8))
                job.log(n).add(t, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
        first = nodes[0]
        t = starts[a] + sec(9)
        job.log(first).add(t, "----------------------------------------------------------------------------------------------------\n"
                              "distributed_backend=gloo\nAll distributed processes registered. Starting with 8 processes\n"
                              "----------------------------------------------------------------------------------------------------\n")
        job.log(first).add(t + sec(1), "GPU available: False, used: False\nTPU available: False, using: 0 TPU cores\nHPU available: False, using: 0 HPUs")
        job.log(first).add(t + sec(2), "\n  | Name      | Type        | Params | Mode \n--------------------------------------------------\n0 | model     | UNet        | 7.8 M  | train\n1 | loss_fn   | DiceLoss    | 0      | train\n2 | val_iou   | MulticlassJaccardIndex | 0 | train\n--------------------------------------------------\n7.8 M     Trainable params\n0         Non-trainable params\n7.8 M     Total params\n31.046    Total estimated model params size (MB)")
        spe = 600
        t = starts[a] + sec(15)
        for ep in range(3):
            for s in range(50, spe + 1, 50):
                t += sec(arng.uniform(0.95, 1.02) * 50)
                job.log(first).add(t, "Epoch %d:  %d%%|%s| %d/%d [%s<%s,  %.2fit/s, v_num=%d, train_loss=%.3f]" % (
                    ep, int(100 * s / spe), bar(s / spe), s, spe, hms(s * 0.98), hms((spe - s) * 0.98), 1.02, 41 + a,
                    0.83 - ep * 0.07 - s * 0.00004 + arng.uniform(-0.02, 0.02)))
            t += sec(35)
            job.log(first).add(t, "Validation DataLoader 0: 100%%|██████████| 120/120 [00:%02d<00:00,  3.51it/s]" % arng.randint(33, 36))
            if ep < 2:
                job.log(first).add(t + sec(0.5), "Epoch %d: 100%%|██████████| 600/600 [10:%02d<00:00,  0.98it/s, v_num=%d, train_loss=%.3f, val_loss=%.3f, val_miou=%.3f]" % (
                    ep, arng.randint(10, 40), 41 + a, 0.78 - ep * 0.07, 0.74 - ep * 0.06, 0.41 + ep * 0.05))
        thang = t + sec(0.6)
        def frames_for(r):
            base = [("/home/seg/train_seg_cpu.py", 77, "<module>", "cli = LightningCLI(SegModule, SegData, seed_everything_default=17)"),
                    (site + "/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                    (site + "/lightning/pytorch/loops/fit_loop.py", 205, "run", "self.advance()")]
            if r == 5:
                return base + [(site + "/lightning/pytorch/loops/evaluation_loop.py", 304, "on_run_end", "self._on_evaluation_epoch_end()"),
                               ("/home/seg/seg_module.py", 142, "on_validation_epoch_end", "self.log_dict({f\"val_iou_{c}\": v for c, v in per_class.items()}, sync_dist=True)"),
                               (site + "/lightning/pytorch/core/module.py", 672, "log_dict", "self.log("),
                               (site + "/lightning/fabric/utilities/distributed.py", 220, "_sync_ddp", "torch.distributed.all_reduce(result, op=op, group=group, async_op=False)"),
                               (site + "/torch/distributed/distributed_c10d.py", 2501, "all_reduce", "work = group.allreduce([tensor], opts)")]
            return base + [(site + "/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
                           (site + "/lightning/pytorch/strategies/ddp.py", 265, "training_step", "return self.model(*args, **kwargs)"),
                           (site + "/torch/nn/parallel/distributed.py", 1636, "forward", "inputs, kwargs = self._pre_forward(*inputs, **kwargs)"),
                           (site + "/torch/nn/parallel/distributed.py", 1529, "_pre_forward", "self._sync_buffers()"),
                           (site + "/torch/nn/parallel/distributed.py", 2166, "_sync_buffers", "self._sync_module_buffers(authoritative_rank)"),
                           (site + "/torch/distributed/distributed_c10d.py", 2421, "broadcast", "work = group.broadcast([tensor], opts)")]
        fp_cpu = ("TensorDeviceTypes=TensorOptions(dtype=float (default), device=cpu, layout=Strided (default), requires_grad=false (default), "
                  "pinned_memory=false (default), memory_format=(nullopt))")
        seqn = 4113
        if a == 0:
            terr = thang + sec(1800.2)
            for n in nodes:
                dead = {}
                for l in range(4):
                    r = n.rank(l)
                    tt = terr + sec(arng.uniform(0, 0.4))
                    job.log(n).add(tt, py_traceback(r, frames_for(r), gloo_timeout(1800000, "recv" if r % 2 else "send")))
                    dead[l] = tt
                fl = min(dead, key=dead.get)
                job.teardown(n, fl, dead[fl] + sec(0.1), 1, other_codes={l: 1 for l in range(4)}, wait=(0.3, 0.8))
        else:
            terr = thang + sec(0.05)
            for n in nodes:
                dead = {}
                for l in range(4):
                    r = n.rank(l)
                    tt = terr + sec(arng.uniform(0, 0.05))
                    if r == 5:
                        msg = ("RuntimeError: Detected mismatch between collectives on ranks. Rank 5 is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, %s), "
                               "but Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=BROADCAST, TensorShape=[256], TensorDtypes=Float, %s).Collectives differ in the following aspects: "
                               "\t Op type: ALLREDUCEvs BROADCAST  Tensor Tensor shapes: vs 256" % (seqn, fp_cpu, seqn, fp_cpu))
                    else:
                        msg = ("RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=BROADCAST, TensorShape=[256], TensorDtypes=Float, %s), "
                               "but Rank 5 is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, %s).Collectives differ in the following aspects: "
                               "\t Op type: BROADCASTvs ALLREDUCE  Tensor Tensor shapes: 256vs " % (r, seqn, fp_cpu, seqn, fp_cpu))
                    job.log(n).add(tt, py_traceback(r, frames_for(r), msg))
                    dead[l] = tt
                fl = min(dead, key=dead.get)
                job.teardown(n, fl, dead[fl] + sec(0.1), 1, other_codes={l: 1 for l in range(4)}, wait=(0.3, 0.8))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (a, n.name), job.log(n))
    b.put("seg_module_excerpt.py", [
        "    def on_validation_epoch_end(self):",
        "        per_class = {}",
        "        for c, (inter, union) in self._acc.items():   # only classes present in this rank's shard",
        "            if union > 0:",
        "                per_class[c] = inter / union",
        "        self.log(\"val_miou\", torch.tensor(list(per_class.values())).mean(), sync_dist=True)",
        "        self.log_dict({f\"val_iou_{c}\": v for c, v in per_class.items()}, sync_dist=True)",
        "        self._acc.clear()"])
    b.set_label("user_code", "script", None, "stop",
                "The first run hung right after epoch-2 validation until every rank hit the 30-minute gloo timeout; the rerun with "
                "TORCH_DISTRIBUTED_DEBUG=DETAIL shows rank 5 in an extra all_reduce from log_dict(sync_dist=True) over per-rank class keys "
                "while the others moved on to DDP's buffer broadcast, a collective mismatch in the user's LightningModule.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return b


# =============================================================================
# ao13  same undefined-symbol ImportError on every node (gloo/CPU), torchrun restarts
# =============================================================================
def ao13():
    name = "ao13_cpu_gnn_job_workers_fail_repeatedly_at_start"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["gnn-cpu-0%d" % i for i in range(1, 5)]
    ips = ["10.44.1.%d" % (30 + i) for i in range(1, 5)]
    nodes = make_nodes(names, ips, rng, gpus=4)
    site = "/opt/venv/lib/python3.11/site-packages"
    start = T("2025-03-18 16:20:05.000")
    job = TorchrunJob(nodes, rng, start, "train_gnn.py", pysite=site, launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python", gpus=False)
    job.banner()
    exc = "OSError: %s/torch_scatter/_version_cpu.so: undefined symbol: _ZN5torch3jit17parseSchemaOrNameERKSsb" % site
    frames = [("/workspace/gnn/train_gnn.py", 12, "<module>", "from gnn.model import HeteroSAGE"),
              ("/workspace/gnn/gnn/model.py", 7, "<module>", "from torch_scatter import scatter_mean"),
              (site + "/torch_scatter/__init__.py", 16, "<module>", "torch.ops.load_library(spec.origin)"),
              (site + "/torch/_ops.py", 1357, "load_library", "ctypes.CDLL(path)"),
              ("/usr/lib/python3.11/ctypes/__init__.py", 376, "__init__", "self._handle = _dlopen(self._name, mode)")]
    t = start + sec(2)
    for rc in range(3):
        for n in nodes:
            ap = job.agent_pid[n.name]
            tr = t + sec(rng.uniform(0, 0.8))
            job.log(n).add(tr, "%s %d torch/distributed/elastic/agent/server/api.py:707] [default] Rendezvous'ing worker group" % (f_glog_py(tr, "I"), ap))
            job.log(n).add(tr + sec(1.2), rdzv_info(tr + sec(1.2), ap, n, 4, 4, rc, "gnn-cpu-01", 38221 + rc * 7))
            job.log(n).add(tr + sec(1.21), "%s %d torch/distributed/elastic/agent/server/api.py:715] [default] Starting worker group" % (f_glog_py(tr + sec(1.21), "I"), ap))
            for l in range(4):
                tt = tr + sec(3.1 + rng.uniform(0, 0.6))
                job.log(n).add(tt, "/opt/venv/lib/python3.11/site-packages/torch_geometric/typing.py:68: UserWarning: An issue occurred while importing 'torch-scatter'. Disabling its usage. Stacktrace: %s" % exc.split(": ", 1)[1]
                               + "\n  warnings.warn(f\"An issue occurred while importing 'torch-scatter'. \"")
                job.log(n).add(tt + sec(0.01), py_traceback(n.rank(l), frames, exc))
            tf = tr + sec(4.2)
            if rc < 2:
                job.log(n).add(tf, "%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/venv/bin/python" % (
                    f_glog_py(tf, "E"), ap, job.pid(n, 0) + rc * 10))
                job.log(n).add(tf + sec(0.01), "%s %d torch/distributed/elastic/agent/server/api.py:893] [default] Worker group FAILED. %d/2 attempts left; will restart worker group" % (
                    f_glog_py(tf + sec(0.01), "I"), ap, 2 - rc))
                job.log(n).add(tf + sec(0.02), "%s %d torch/distributed/elastic/agent/server/api.py:748] [default] Stopping worker group" % (f_glog_py(tf + sec(0.02), "I"), ap))
            else:
                tbj = "Traceback (most recent call last):\n" + "\n".join('    File "%s", line %d, in %s\n      %s' % f for f in frames) + "\n  " + exc
                root = {"time": tf, "rank": n.rank(0), "local": 0, "code": 1, "pid": job.pid(n, 0) + 20,
                        "error_file": "/tmp/torchelastic_%s/gnn-0318_rt2k/attempt_2/0/error.json" % ("%08x" % rng.getrandbits(32)), "traceback": tbj}
                others = [{"time": tf, "rank": n.rank(l), "local": l, "code": 1, "pid": job.pid(n, l) + 20,
                           "error_file": "/tmp/torchelastic_x/gnn-0318_rt2k/attempt_2/%d/error.json" % l, "traceback": tbj} for l in range(1, 4)]
                job.log(n).add(tf, "%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/venv/bin/python" % (
                    f_glog_py(tf, "E"), ap, job.pid(n, 0) + 20))
                job.log(n).add(tf + sec(0.05), child_failed("train_gnn.py", n.name, root, others, launcher="/opt/venv/bin/torchrun", site=site))
        t += sec(9)
    for n in nodes:
        b.put("%s/torchrun_%s.out" % (n.name, n.name), job.log(n))
    b.put("gnn-cpu-01/env-check.txt", [
        "$ python -c 'import torch; print(torch.__version__, torch.__config__.parallel_info().splitlines()[0])'",
        "2.6.0+cpu ATen/Parallel:",
        "$ pip list 2>/dev/null | grep -E '^torch'",
        "torch                    2.6.0+cpu",
        "torch-geometric          2.6.1",
        "torch-scatter            2.1.2+pt25cpu",
        "torch-sparse             0.6.18+pt25cpu",
        "$ cat /etc/image-info",
        "image=registry.internal/ml/gnn-train:2025.03.18-r1 base=python:3.11-slim built=2025-03-18T07:52:11Z"])
    b.set_label("dependency", "framework", None, "stop",
                "Every worker on all four nodes fails at import with the same undefined symbol in torch_scatter (wheels built for torch 2.5 "
                "inside an image that now ships torch 2.6), and torchrun's restarts reproduce it; the environment is broken, not a node.",
                "https://github.com/rusty1s/pytorch_scatter/issues/462")
    return b


# =============================================================================
# ao14  one node with a driver that is too old; others time out in the first barrier
# =============================================================================
def ao14():
    name = "ao14_sft_job_never_reaches_first_step_barrier_timeout"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["ip-10-1-7-21", "ip-10-1-7-88", "ip-10-1-8-3", "ip-10-1-8-190", "ip-10-1-9-144", "ip-10-1-9-201"]
    ips = ["10.1.7.21", "10.1.7.88", "10.1.8.3", "10.1.8.190", "10.1.9.144", "10.1.9.201"]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[4]
    site = "/fsx/envs/sft/lib/python3.11/site-packages"
    start = T("2025-03-19 02:14:33.000")
    job = TorchrunJob(nodes, rng, start, "train_sft.py", pysite=site, launcher="/fsx/envs/sft/bin/torchrun",
                      binary="/fsx/envs/sft/bin/python", nccl_version="2.21.5+cuda12.4", ifname="enp71s0", hcas=4,
                      plugin_msg="NET/OFI Initializing aws-ofi-nccl 1.11.0-aws")
    job.banner()
    for n in nodes:
        if n is culprit:
            continue
        for l in range(8):
            tt = start + sec(rng.uniform(26, 29))
            job.log(n).add(tt, "[rank%d]: %s - INFO - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, distributed training: True, 16-bits training: False" % (
                n.rank(l), f_pylog(tt), n.rank(l), l))
        job.log(n).add(start + sec(30), "[rank%d]: %s - WARNING - accelerate.utils.other - Detected kernel version 5.10.230, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher." % (n.rank(0), f_pylog(start + sec(30))))
    job.nccl(start + sec(31), nodes=[n for n in nodes if n is not culprit])
    tf = start + sec(24.6)
    frames = [("/fsx/users/ml/sft/train_sft.py", 88, "<module>", "torch.cuda.set_device(local_rank)"),
              (site + "/torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
              (site + "/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()")]
    exc = ("RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading "
           "and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org "
           "to install a PyTorch version that has been compiled with your version of the CUDA driver.")
    for l in range(8):
        job.log(culprit).add(tf + sec(rng.uniform(0, 0.3)), py_traceback(culprit.rank(l), frames, exc))
    job.teardown(culprit, 2, tf + sec(0.35), 1, other_codes={l: 1 for l in range(8)})
    # the others reach the first barrier; NCCL init waits for ranks 32-39 until the 30 min timeout
    job.watchdogs(start + sec(31) + sec(1800.4), 1, skip=set(culprit.ranks()), op="BARRIER", numel=1, timeout_ms=1800000, jitter=0.5)
    for n in nodes:
        if n is not culprit:
            job.finish(n)
    for n in nodes:
        b.put("%s/train_sft.log" % n.name, job.log(n))
        drv, cuda = ("525.147.05", "12.0") if n is culprit else ("550.127.08", "12.4")
        rows = [(H100_BUS[i], rng.randint(29, 34), rng.randint(68, 73), 0, 0) for i in range(8)]
        b.put("%s/prolog-nvidia-smi.txt" % n.name, smi_table(start - sec(40), rows, driver=drv, cuda=cuda))
    b.put("sbatch-sft.sh", ["#!/bin/bash", "#SBATCH -N 6", "#SBATCH --gpus-per-node=8", "#SBATCH --exclusive", "#SBATCH -p p5-ondemand",
                            "srun --ntasks-per-node=1 bash -c 'torchrun --nnodes 6 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $MASTER:29500 train_sft.py --ddp_timeout 1800 ...'"])
    b.set_label("dependency", "infrastructure", {"node": culprit.name}, "restart_without_node",
                "All eight ranks on ip-10-1-9-144 failed at torch.cuda.set_device with 'NVIDIA driver on your system is too old (found "
                "version 12000)'; its prolog shows driver 525/CUDA 12.0 while the other five nodes run 550/12.4. The others only time out "
                "in the first BARRIER waiting for those ranks.",
                "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")
    return b



def oom_msg(gpu, tried, free, used, alloc, reserved, procs=None):
    m = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free. " % (tried, gpu, free)
    if procs:
        m += " ".join("Process %d has %.2f GiB memory in use." % p for p in procs) + " "
    else:
        m += "Including non-PyTorch memory, this process has %.2f GiB memory in use. " % used
    m += ("Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but "
          "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See "
          "documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (alloc, reserved))
    return m


# =============================================================================
# ao22  CUDA OOM on most ranks right after a sequence-length change (Megatron)
# =============================================================================
def ao22():
    name = "ao22_megatron_restart_fails_within_a_minute_on_many_ranks"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["gpu-e%02d" % i for i in range(11, 15)]
    ips = ["10.88.0.%d" % i for i in range(11, 15)]
    nodes = make_nodes(names, ips, rng)
    start = T("2025-03-22 10:41:17.000")
    job = TorchrunJob(nodes, rng, start, "/workspace/Megatron-LM/pretrain_gpt.py", nccl_version="2.21.5+cuda12.4")
    job.banner()
    job.nccl(start + sec(40))
    first = nodes[0]
    job.log(first).add(start + sec(35), "using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1\n"
                       "------------------------ arguments ------------------------\n  micro_batch_size ................................ 2\n  global_batch_size ............................... 512\n"
                       "  seq_length ...................................... 16384\n  max_position_embeddings ......................... 16384\n  num_layers ...................................... 32\n"
                       "  hidden_size ..................................... 4096\n  ffn_hidden_size ................................. 14336\n  recompute_granularity ........................... None\n"
                       "  bf16 ............................................ True\n  use_flash_attn .................................. True\n-------------------- end of arguments ---------------------")
    job.log(first).add(start + sec(96), " loading checkpoint from /lustre/llm/ckpt/l3-8b-ext at iteration 30000\n  successfully loaded checkpoint from /lustre/llm/ckpt/l3-8b-ext [ t 1/8, p 1/1 ] at iteration 30000")
    job.log(first).add(start + sec(98), "[after dataloaders are built] datetime: %s \ndone with setup ...\ntraining ...\n[before the start of training step] datetime: %s " % (
        (start + sec(98)).strftime("%Y-%m-%d %H:%M:%S"), (start + sec(98)).strftime("%Y-%m-%d %H:%M:%S")))
    tf = start + sec(103)
    frames = MEGATRON_TB + [
        ("/workspace/Megatron-LM/megatron/core/transformer/mlp.py", 141, "forward", "intermediate_parallel = self.activation_func(intermediate_parallel)"),
        ("/workspace/Megatron-LM/megatron/core/fusions/fused_bias_swiglu.py", 51, "forward", "return bias_swiglu_impl(input, bias)")]
    dead = {}
    for n in nodes:
        for l in range(8):
            if rng.random() < 0.8 or l == 0:
                r = n.rank(l)
                tt = tf + sec(rng.uniform(0, 2.5))
                job.log(n).add(tt, py_traceback(r, frames, oom_msg(l, 3.50, rng.uniform(1.1, 2.9), rng.uniform(76.0, 77.9), rng.uniform(71.2, 73.9), rng.uniform(1.5, 3.1))))
                dead.setdefault(n.name, {})[l] = tt
    for n in nodes:
        d = dead[n.name]
        fl = min(d, key=d.get)
        job.teardown(n, fl, d[fl] + sec(0.4), 1, other_codes={l: (1 if l in d else -15) for l in range(8)})
        b.put("%s/%s.log" % (n.name, n.name), job.log(n))
    b.put("run_pretrain.sh.diff", [
        "--- a/run_pretrain.sh\t2025-03-20 18:02:11",
        "+++ b/run_pretrain.sh\t2025-03-22 10:33:05",
        "@@ -14,9 +14,9 @@ GPT_ARGS=\"",
        "     --num-layers 32 \\",
        "     --hidden-size 4096 \\",
        "     --ffn-hidden-size 14336 \\",
        "-    --seq-length 8192 \\",
        "-    --max-position-embeddings 8192 \\",
        "-    --micro-batch-size 1 \\",
        "+    --seq-length 16384 \\",
        "+    --max-position-embeddings 16384 \\",
        "+    --micro-batch-size 2 \\",
        "     --global-batch-size 512 \\",
        "     --use-flash-attn \\",
        "     --bf16 \\"])
    b.put("slurm-5511902.out", ["srun: error: %s: task %d: Exited with exit code 1" % (n.name, n.index) for n in nodes])
    b.set_label("oom", "framework", None, "stop",
                "Right after resuming with --seq-length 16384 and --micro-batch-size 2 (up from 8192 and 1), about 80% of the ranks on all "
                "four nodes hit torch.OutOfMemoryError in the first iteration with ~76 GiB held by the process itself; the configuration "
                "does not fit, so retrying won't help.",
                "https://github.com/NVIDIA/Megatron-LM/issues/818")
    return b


# =============================================================================
# ao23  CPU/gloo job: DataLoader workers killed by the kernel OOM killer
# =============================================================================
def ao23():
    name = "ao23_cpu_job_dataloader_worker_killed_signal"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["cpu-big-01", "cpu-big-02", "cpu-big-03"]
    ips = ["10.21.3.1", "10.21.3.2", "10.21.3.3"]
    nodes = make_nodes(names, ips, rng, gpus=4)
    site = "/opt/venv/lib/python3.10/site-packages"
    start = T("2025-03-23 01:05:00.000")
    job = TorchrunJob(nodes, rng, start, "train_recs.py", pysite=site, launcher="/opt/venv/bin/torchrun",
                      binary="/opt/venv/bin/python3", gpus=False, new_agent=False)
    job.banner()
    first = nodes[0]
    for n in nodes:
        for l in range(4):
            t = start + sec(rng.uniform(10, 15))
            job.log(n).add(t, "%s rank=%d INFO building ParquetIterableDataset(files=912, num_workers=12, prefetch_factor=8, cache_row_groups=True)" % (f_pylog(t), n.rank(l)))
    t = start + sec(60)
    s = 0
    events = [(T("2025-03-23 03:12:40.118"), nodes[1], 1, 30512), (T("2025-03-23 03:12:40.902"), nodes[2], 2, 28817)]
    tfirst = events[0][0]
    while True:
        t += sec(rng.uniform(118, 124))
        if t >= tfirst:
            break
        s += 500
        job.log(first).add(t, "%s rank=0 INFO step=%d loss=%.4f ndcg@10=%.4f rss_gb=%.1f samples/s=%d" % (
            f_pylog(t), s, 0.318 - s * 1.1e-6 + rng.uniform(-0.002, 0.002), 0.41 + s * 1e-6, 38 + s * 0.0058, rng.randint(44100, 45200)))
    frames = [("/opt/recs/train_recs.py", 301, "<module>", "main()"),
              ("/opt/recs/train_recs.py", 266, "main", "for step, batch in enumerate(train_loader):"),
              (site + "/torch/utils/data/dataloader.py", 701, "__next__", "data = self._next_data()"),
              (site + "/torch/utils/data/dataloader.py", 1448, "_next_data", "idx, data = self._get_data()"),
              (site + "/torch/utils/data/dataloader.py", 1412, "_get_data", "success, data = self._try_get_data()"),
              (site + "/torch/utils/data/dataloader.py", 1256, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")]
    died = {}
    for te, n, l, wpid in events:
        r = n.rank(l)
        job.log(n).add(te + sec(0.9), py_traceback(r, frames[:-1] + [(site + "/torch/utils/data/_utils/signal_handling.py", 73, "handler", "_error_if_any_worker_fails()")],
                                                   "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid, prefix=False))
        job.teardown(n, l, te + sec(1.3), 1)
        died[n.name] = te
    # cpu-big-01 only sees gloo report the lost peers
    for n in (nodes[0],):
        d = {}
        for l in range(4):
            r = n.rank(l)
            tt = tfirst + sec(1.4 + rng.uniform(0, 0.3))
            fr = [("/opt/recs/train_recs.py", 301, "<module>", "main()"), ("/opt/recs/train_recs.py", 277, "main", "loss.backward()"),
                  (site + "/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
            job.log(n).add(tt, py_traceback(r, fr, gloo_closed("10.21.3.2", rng.randint(20000, 60000)), prefix=False))
            d[l] = tt
        fl = min(d, key=d.get)
        job.teardown(n, fl, d[fl] + sec(0.2), 1, other_codes={l: 1 for l in range(4)})
    for n in nodes:
        b.put("%s/torchrun.log" % n.name, job.log(n))
        k = Log()
        for dt, m in benign_kernel(rng, start - sec(3600), tfirst + sec(300), rng.randint(8, 14)):
            k.add(dt, kline("T", dt, n.name, m, n.boot))
        for te, nn_, l, wpid in events:
            if nn_ is n:
                base = te - sec(0.4)
                lines = ["pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
                         "CPU: %d PID: %d Comm: pt_data_worker Not tainted 5.15.0-126-generic #136-Ubuntu" % (rng.randint(0, 95), wpid + 3),
                         "Mem-Info:",
                         "active_anon:127301832 inactive_anon:3102201 isolated_anon:0",
                         "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
                for i in range(10):
                    lines.append("[%7d]  1001 %6d %8d %8d %14d        0             0 pt_data_worker" % (wpid - 40 + i * 4, wpid - 40 + i * 4, rng.randint(9100000, 9800000), rng.randint(10500000, 11900000), rng.randint(88000000, 99000000)))
                lines.append("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1001.slice/session-412.scope,task=pt_data_worker,pid=%d,uid=1001" % wpid)
                lines.append("Out of memory: Killed process %d (pt_data_worker) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, shmem-rss:0kB, UID:1001 pgtables:%dkB oom_score_adj:0" % (
                    wpid, rng.randint(38000000, 39000000), rng.randint(46000000, 47500000), rng.randint(90000, 99000), rng.randint(90000, 99000)))
                for i, ln in enumerate(lines):
                    k.add(base + sec(i * 0.0001), kline("T", base, n.name, ln, n.boot))
        b.put("%s/dmesg-T.txt" % n.name, k)
        b.put("%s/free-m.txt" % n.name, ["$ free -m   # sampled by node-exporter at %s" % (tfirst - sec(60)).strftime("%H:%M:%S"),
                                         "               total        used        free      shared  buff/cache   available",
                                         "Mem:          515695      %6d        %4d          41        %4d        %4d" % (
                                             rng.randint(503000, 509000), rng.randint(600, 1900), rng.randint(3000, 5000), rng.randint(1200, 3900)),
                                         "Swap:              0           0           0"])
    b.set_label("oom", "framework", None, "stop",
                "DataLoader workers (12 per rank, prefetch 8, row-group caching) on two nodes were killed by the kernel OOM killer as the "
                "job's own RSS climbed steadily; every node is nearly out of RAM and the gloo 'connection closed' errors follow. The input "
                "pipeline configuration must shrink.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return b


# =============================================================================
# ao24  OOM on one GPU because another user's process sits on it
# =============================================================================
def ao24():
    name = "ao24_fsdp_finetune_oom_on_one_rank_at_startup"
    rng = rng_for(name)
    b = Bundle(name)
    names = ["gpu-c01", "gpu-c02", "gpu-c03"]
    ips = ["10.3.3.1", "10.3.3.2", "10.3.3.3"]
    nodes = make_nodes(names, ips, rng)
    culprit = nodes[2]
    bl = 4
    br = culprit.rank(bl)  # 20
    site = "/home/ft/.venv/lib/python3.11/site-packages"
    start = T("2025-03-24 09:00:41.000")
    job = TorchrunJob(nodes, rng, start, "sft_fsdp.py", pysite=site, launcher="/home/ft/.venv/bin/accelerate",
                      binary="/home/ft/.venv/bin/python", nccl_version="2.21.5+cuda12.4")
    job.banner()
    job.nccl(start + sec(35))
    for n in nodes:
        for l in range(8):
            tt = start + sec(rng.uniform(20, 22))
            job.log(n).add(tt, "[rank%d]: Loading checkpoint shards: 100%%|██████████| 30/30 [00:%02d<00:00,  1.%02ds/it]" % (n.rank(l), rng.randint(30, 44), rng.randint(0, 99)))
    tf = start + sec(58.3)
    frames = [("/home/ft/sft/sft_fsdp.py", 214, "<module>", "main()"),
              ("/home/ft/sft/sft_fsdp.py", 171, "main", "model, optimizer, train_dl = accelerator.prepare(model, optimizer, train_dl)"),
              (site + "/accelerate/accelerator.py", 1339, "prepare", "result = tuple("),
              (site + "/accelerate/accelerator.py", 1511, "prepare_model", "model = FSDP(model, **kwargs)"),
              (site + "/torch/distributed/fsdp/fully_sharded_data_parallel.py", 509, "__init__", "_init_param_handle_from_module("),
              (site + "/torch/distributed/fsdp/_init_utils.py", 636, "_init_param_handle_from_module", "_move_module_to_device("),
              (site + "/torch/nn/modules/module.py", 1174, "to", "return self._apply(convert)")]
    job.log(culprit).add(tf, py_traceback(br, frames, oom_msg(bl, 1.95, 1.12, 0, 44.9, 0.41, procs=[(88123, 31.20), (51902, 46.76)])))
    job.teardown(culprit, bl, tf + sec(0.5), 1)
    job.watchdogs(tf + sec(1800.3), 2, skip=set(culprit.ranks()), op="_ALLGATHER_BASE", numel=262144000, timeout_ms=1800000)
    for n in nodes:
        if n is not culprit:
            job.finish(n)
        b.put("%s/accelerate-launch.log" % n.name, job.log(n))
    rows = [(H100_BUS[i], rng.randint(30, 35), rng.randint(69, 75), 0, 0) for i in range(8)]
    rows[bl] = (H100_BUS[bl], 33, 112, 31950, 0)
    b.put("%s/nvidia-smi-after.txt" % culprit.name, smi_table(tf + sec(1900), rows, procs=[(bl, 88123, "/home/jdoe/miniconda3/envs/eval/bin/python", 31950)]))
    b.put("%s/ps-88123.txt" % culprit.name, [
        "$ ps -o pid,user,lstart,etime,stat,cmd -p 88123",
        "    PID USER                      STARTED     ELAPSED STAT CMD",
        "  88123 jdoe     Sat Mar 22 17:40:13 2025  1-16:01:52 Sl   /home/jdoe/miniconda3/envs/eval/bin/python run_eval.py --model ckpt/llama-70b-dpo --device cuda:4",
        "$ scontrol show job -d | grep -c jdoe",
        "0"])
    for n in nodes:
        if n is culprit:
            continue
        rows = [(H100_BUS[i], rng.randint(30, 35), rng.randint(69, 75), 0, 0) for i in range(8)]
        b.put("%s/nvidia-smi-after.txt" % n.name, smi_table(tf + sec(1900), rows))
    b.set_label("oom", "infrastructure", {"node": culprit.name, "rank": br}, "restart_without_node",
                "Only rank 20 (gpu-c03, GPU 4) ran out of memory while FSDP moved its shard to the GPU, because PID 88123, a two-day-old "
                "eval process of another user outside any Slurm job, holds 31 GiB on that GPU; the other 23 ranks merely time out.",
                "https://github.com/ai4d-iasc/trixie/issues/92")
    return b


# =============================================================================
# ao25  DeepSpeed fp16: loss scale hits the minimum, all ranks exit
# =============================================================================
def ao25():
    name = "ao25_deepspeed_fp16_sft_exits_after_overflow_messages"
    rng = rng_for(name)
    b = Bundle(name)
    hosts = ["trn-v100-11", "trn-v100-12"]
    start = T("2025-03-25 20:00:12.000")
    out = Log()
    out.add(start, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w trn-v100-11,trn-v100-12 export PYTHONPATH=/home/nlp/sft; cd /home/nlp/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ0cm4tdjEwMC0xMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XSwgInRybi12MTAwLTEyIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%%n --master_addr=10.2.0.11 --master_port=29500 train_sft.py --deepspeed ds_fp16_z2.json --learning_rate 3e-4 --per_device_train_batch_size 4" % f_pylog(start).replace(",", ","))
    for h in hosts:
        t = start + sec(rng.uniform(2, 4))
        out.add(t, "%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'trn-v100-11': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-v100-12': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, f_pylog(t)))
        out.add(t + sec(0.01), "%s: [%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (h, f_pylog(t), hosts.index(h)))
        out.add(t + sec(0.02), "%s: [%s] [INFO] [launch.py:163:main] dist_world_size=16" % (h, f_pylog(t)))
    t = start + sec(120)
    out.add(t, "trn-v100-11: ***** Running training *****\ntrn-v100-11:   Num examples = 412,000\ntrn-v100-11:   Num Epochs = 2\ntrn-v100-11:   Instantaneous batch size per device = 4\ntrn-v100-11:   Total optimization steps = 6,438")
    total = 6438
    s = 0
    scale = 65536
    loss = 1.92
    fail = 1277
    while s < fail:
        s += 1
        t += sec(rng.uniform(5.1, 5.4))
        if s % 20 == 0:
            el = (t - start).total_seconds() - 120
            out.add(t, "trn-v100-11: %3d%%|%s| %d/%d [%s<%s,  %.2fs/it]" % (int(100 * s / total), bar(s / total), s, total, hms(el), hms(el / s * (total - s)), el / s))
        if s < 900:
            loss = 1.92 - s * 0.0006 + rng.uniform(-0.03, 0.03)
        else:
            loss = loss * rng.uniform(1.01, 1.06)
        if s % 50 == 0:
            out.add(t + sec(0.01), "trn-v100-11: {'loss': %.4f, 'grad_norm': %s, 'learning_rate': %.6e, 'epoch': %.2f}" % (
                loss, ("%.4f" % rng.uniform(0.8, 2.0)) if s < 900 else ("%.1f" % rng.uniform(60, 9000)) if s < 1180 else "nan", 3e-4, s / total * 2))
        overflow = (s > 1100 and rng.random() < 0.35) or s > 1262
        if (s < 40 and s % 3 == 0) or overflow:
            if scale > 1:
                out.add(t + sec(0.002), "trn-v100-11: [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (f_pylog(t), scale, scale // 2))
                scale //= 2
            else:
                break
        if s == 40:
            scale = 65536
    tf = t + sec(0.01)
    for h in hosts:
        for l in range(8):
            r = hosts.index(h) * 8 + l
            frames = [("/home/nlp/sft/train_sft.py", 156, "<module>", "trainer.train()"),
                      ("/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", 1948, "train", "return inner_training_loop("),
                      ("/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", 2339, "_inner_training_loop", "self.optimizer.step()"),
                      ("/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", 1833, "step", "self._update_scale(self.overflow)"),
                      ("/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", 2084, "_update_scale", "self.loss_scaler.update_scale(has_overflow)"),
                      ("/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py", 175, "update_scale", "raise Exception(")]
            tb = py_traceback(r, frames, "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.", prefix=False)
            out.add(tf + sec(rng.uniform(0, 0.2)), "\n".join("%s: %s" % (h, x) for x in tb.split("\n")))
    for i, h in enumerate(hosts):
        tt = tf + sec(rng.uniform(1.5, 2.5))
        for l in range(8):
            out.add(tt + sec(l * 0.001), "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, f_pylog(tt), 41200 + i * 977 + l))
        out.add(tt + sec(0.02), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=7', '--deepspeed', 'ds_fp16_z2.json', '--learning_rate', '3e-4', '--per_device_train_batch_size', '4'] exits with return code = 1" % (h, f_pylog(tt)))
    out.add(tf + sec(3), "pdsh@trn-v100-11: trn-v100-12: ssh exited with exit code 1\npdsh@trn-v100-11: trn-v100-11: ssh exited with exit code 1")
    b.put("deepspeed_run.log", out)
    b.put("ds_fp16_z2.json", ['{', '  "fp16": {"enabled": true, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1},',
                              '  "zero_optimization": {"stage": 2, "overlap_comm": true},', '  "gradient_clipping": "auto",',
                              '  "train_micro_batch_size_per_gpu": "auto", "gradient_accumulation_steps": "auto"', '}'])
    for i, h in enumerate(hosts):
        k = Log()
        boot = T("2025-03-14 08:00:00") + timedelta(hours=i * 7)
        for dt, m in benign_kernel(rng, start - sec(7200), tf + sec(200), rng.randint(6, 12)):
            k.add(dt, kline("syslog", dt, h, m, boot))
        b.put("%s/kern.log" % h, k)
    b.set_label("numerical", "script", None, "stop",
                "With fp16 and lr 3e-4 the loss starts climbing after ~900 steps, grad norm explodes to nan, DeepSpeed keeps halving the loss "
                "scale and every rank raises 'Current loss scale already at minimum'; it is the recipe (precision/LR), not the nodes.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534")
    return b


CASES = [ao11, ao12, ao13, ao14, ao22, ao23, ao24, ao25]
