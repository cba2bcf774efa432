"""Hangs and stragglers."""

import random

from kit import (PY, T, plus, glog, elastic, pylog, dmesg, syslog, pods_wide,
                 events, tb, rank_prefix, watchdog_timeout, nccl_init,
                 nvsmi_table, lines, Log, dumps, table)


def pyspy(pid, cmd, threads):
    L = ["Process %d: %s" % (pid, cmd), "Python v3.10.12 (/usr/bin/python3.10)", ""]
    for name, state, frames in threads:
        L.append("Thread %d (%s): \"%s\"" % (pid if name == "MainThread" else pid + 37, state, name))
        L += ["    " + f for f in frames]
    return L


WAIT_ALLREDUCE = ["wait (torch/distributed/distributed_c10d.py:2288)",
                  "all_reduce (torch/distributed/distributed_c10d.py:2288)",
                  "wrapper (torch/distributed/c10d_logger.py:83)"]


# =========================================================================
def cf21():
    """JobSet on EKS p5, 8 nodes; every rank stuck in the same allreduce."""
    r = random.Random(2121)
    nodes = ["ip-10-5-%d-%d.ec2.internal" % (16 + i % 3, 20 + i * 13) for i in range(8)]
    pods = ["olmo-13b-workers-0-%d-%s" % (i, "".join(r.choice("abcdefghjkmnpqrstvwxz0123456789") for _ in range(5))) for i in range(8)]
    t0 = T(2024, 10, 30, 19, 0, 0)
    th = T(2024, 10, 31, 1, 42, 7)      # last completed collective
    seq = 88213
    files = {}
    for n in range(8):
        L = Log()
        L.add(plus(t0, 30), nccl_init(pods[n], 120, 0, n * 8, 64, ip="10.5.%d.%d" % (16 + n % 3, 100 + n), net="Using network AWS Libfabric", plugin="NET/OFI Initializing aws-ofi-nccl 1.11.0-aws"))
        if n == 0:
            for k in range(30):
                tt = plus(t0, 600 + k * 790)
                if tt < th:
                    L.add(tt, "[%s] step=%d loss=%.4f throughput=%.1f tok/s/gpu mfu=%.1f%%" % (pylog(tt), 10000 + k * 200, 2.45 - k * 0.004, 3811.0 + (k % 4) * 3, 42.3))
        tw = plus(th, 1800.4 + n * 0.01)
        for lr in range(8):
            L.add(plus(tw, lr * 0.004), watchdog_timeout(n * 8 + lr, plus(tw, lr * 0.004), seq, "ALLREDUCE", 262144000, timeout_ms=1800000, frames=(lr == 0 and n in (0, 5))))
        if n == 0:
            L.add(plus(tw, 1), "[rank0]:[%s ProcessGroupNCCL.cpp:1379] [PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include entries: 1, include stack trace: 1" % glog("E", plus(tw, 1)))
            L.add(plus(tw, 2), "[rank0]:[%s ProcessGroupNCCL.cpp:1393] [PG ID 0 PG GUID 0(default_pg) Rank 0] Flight recorder dump written to /fsx/olmo/fr/nccl_trace_rank_*" % glog("I", plus(tw, 2)))
        te = plus(tw, 5)
        L.add(te, elastic("E", te, 140001, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 120) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
        files["%s/dmesg.txt" % nodes[n]] = lines(
            dmesg(500112.2 + n * 31, "IPv6: ADDRCONF(NETDEV_CHANGE): eni%07x: link becomes ready" % (0x3a1c2f0 + n)),
            dmesg(500112.3 + n * 31, "efa 0000:%02x:00.0: Setup irq:0x%x name:efa-comp@pci:0000:%02x:00.0" % (0x30 + n, 60 + n, 0x30 + n)))
    files["fr_trace-analysis.txt"] = lines(
        "$ python -m torch.distributed.flight_recorder.fr_trace /fsx/olmo/fr -p nccl_trace_rank_",
        "loaded 64 dumps",
        "pg 0 (default_pg): 64 ranks",
        "  last completed collective seq 88212 (ALLREDUCE) on all 64 ranks",
        "  collective seq 88213: ALLREDUCE, input sizes [[262144000]], state 'started' on 64/64 ranks, 'completed' on 0/64",
        "  no rank is missing from collective 88213; no op-type or size mismatch",
        "  p2p: none pending",
        "analysis: all ranks entered the collective and none finished; no straggling or missing rank identified")
    files["%s/py-spy-dump-rank43.txt" % nodes[5]] = "\n".join(pyspy(125, "/usr/bin/python -u scripts/train.py configs/olmo-13b.yaml", [
        ("MainThread", "active", WAIT_ALLREDUCE + ["clip_grad_norm_ (olmo/optim.py:612)", "train_step (olmo/train.py:771)"])])) + "\n"
    files["%s/nvidia-smi.txt" % nodes[2]] = nvsmi_table([dict(temp=58, perf="P0", pwr=301, cap=700, mem=71233, util=100) for _ in range(8)], stamp="Thu Oct 31 02:13:40 2024",
                                                     procs=[(i, 121 + i, "/usr/bin/python", 71220) for i in range(8)])
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "7h14m", "10.5.%d.%d" % (16 + i % 3, 100 + i), nodes[i]) for i in range(8)])
    label = dict(category="hang", layer="infrastructure", culprit=None, action="restart",
                 rationale="All 64 ranks time out on the same ALLREDUCE seq 88213 with last completed 88212; the flight-recorder analysis finds every rank inside the collective and none missing or mismatched, no NCCL/EFA warnings and clean dmesg. No identifiable stuck rank: restart from checkpoint.",
                 modelled_on="https://github.com/OFA-Sys/OFA/issues/271")
    return "cf21_all_ranks_watchdog_same_seqnum", label, files


# =========================================================================
def cf22():
    """AKS, 2 nodes x 8; rank 11 never enters the allreduce, stuck in a CUDA sync."""
    nodes = ["aks-ndh100-73310284-vmss000004", "aks-ndh100-73310284-vmss000007"]
    pods = ["dino-vitg-master-0", "dino-vitg-worker-0"]
    t0 = T(2025, 3, 4, 10, 0, 0)
    th = T(2025, 3, 4, 12, 51, 30)
    seq = 5021
    files = {}
    for n in range(2):
        L = Log()
        if n == 0:
            for k in range(20):
                tt = plus(t0, 300 + k * 500)
                if tt < th:
                    L.add(tt, "I%s %s trainer.py:412] Training  [ %d/125000]  eta: 3 days, 2:11:04  lr: 0.0004 (0.0004)  total_loss: %.4f  time: 0.512  data: 0.002  max mem: 61220" % (tt.strftime("%m%d"), tt.strftime("%H:%M:%S"), k * 1000, 11.2 - k * 0.05))
        tw = plus(th, 600.3)
        for lr in range(8):
            rk = n * 8 + lr
            if rk == 11:
                continue
            L.add(plus(tw, lr * 0.003), watchdog_timeout(rk, plus(tw, lr * 0.003), seq, "ALLREDUCE", 1024, frames=(lr == 0), last_enq=seq, last_done=seq - 1))
        if n == 1:
            L.add(plus(tw, 0.5), "[rank11]:[%s ProcessGroupNCCL.cpp:1727] [PG ID 0 PG GUID 0(default_pg) Rank 11] Received a dump signal due to a collective timeout from  rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: 5020, last completed NCCL work: 5020.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % glog("E", plus(tw, 0.5)))
        te = plus(tw, 8)
        L.add(te, elastic("E", te, 139991, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 55) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["fr_trace-analysis.txt"] = lines(
        "$ python -m torch.distributed.flight_recorder.fr_trace /mnt/fr -p nccl_trace_rank_",
        "loaded 16 dumps",
        "Not all ranks joining collective 5021 at entry 5021",
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        "missing ranks: {11}",
        "input sizes: [[1024]]",
        "state: scheduled",
        "rank 11 last entry: seq 5020 nccl:all_reduce state completed",
        "")
    files["%s/py-spy-dump-rank11.txt" % nodes[1]] = "\n".join(pyspy(58, "/usr/bin/python -u dinov2/train/train.py --config-file vitg14.yaml", [
        ("MainThread", "active", ["_local_scalar_dense (torch/_ops.py:594)", "item (torch/_tensor.py:1015)",
                                  "do_train (dinov2/train/train.py:288)", "main (dinov2/train/train.py:331)"]),
        ("Thread-2 (_pin_memory_loop)", "idle", ["select (selectors.py:416)"])])) + "\n"
    files["%s/py-spy-dump-rank10.txt" % nodes[1]] = "\n".join(pyspy(57, "/usr/bin/python -u dinov2/train/train.py --config-file vitg14.yaml", [
        ("MainThread", "active", WAIT_ALLREDUCE + ["reduce_dict (dinov2/distributed/__init__.py:88)", "do_train (dinov2/train/train.py:293)"])])) + "\n"
    files["%s/nvidia-smi.txt" % nodes[1]] = nvsmi_table([dict(temp=55, perf="P0", pwr=(412 if i == 3 else 190), cap=700, mem=61400, util=100) for i in range(8)],
                                                      stamp="Tue Mar  4 13:00:12 2025", procs=[(i, 54 + i, "/usr/bin/python", 61380) for i in range(8)])
    files["%s/dmesg.txt" % nodes[1]] = lines(dmesg(881200.1, "hv_netvsc 000d3a1b-2c4d-000d-3a1b-2c4d000d3a1b eth0: VF slot 1 added"))
    files["kubectl-get-pods.txt"] = pods_wide([(pods[0], "0/1", "Error", "0", "3h2m", "10.244.4.7", nodes[0]), (pods[1], "0/1", "Error", "0", "3h2m", "10.244.7.3", nodes[1])])
    label = dict(category="hang", layer="infrastructure", culprit={"node": nodes[1], "rank": 11}, action="run_diagnostics",
                 rationale="15 ranks wait in ALLREDUCE seq 5021; the flight recorder says rank 11 never joined (last completed 5020) and py-spy shows it blocked in .item() waiting on its own GPU (local GPU 3, still 100% busy at higher power) before the collective. One stuck rank outside the collective without an Xid: diagnose that GPU/node.",
                 modelled_on="https://github.com/NVIDIA/TensorRT-LLM/issues/2560")
    return "cf22_fifteen_ranks_timeout_one_rank_silent", label, files


# =========================================================================
def cf23():
    """Volcano PyTorch job (torchrun), 2 nodes; one rank skips backward by code path."""
    nodes = ["node-gpu-a800-011", "node-gpu-a800-014"]
    pods = ["qwen-dpo-master-0", "qwen-dpo-worker-0"]
    t0 = T(2024, 12, 10, 8, 0, 0)
    th = T(2024, 12, 10, 9, 37, 2)
    seq = 31002
    files = {}
    for n in range(2):
        L = Log()
        if n == 0:
            for k in range(19):
                tt = plus(t0, 300 + k * 290)
                if tt < th:
                    L.add(tt, "%s | INFO | step %d | dpo_loss %.4f | rewards/margins %.3f | %.2f s/it" % (pylog(tt), 100 * k, 0.69 - k * 0.01, 0.1 + k * 0.04, 2.88))
        if n == 0:
            tt = plus(th, -1.2)
            L.add(tt, "[rank6]: %s | WARNING | train_dpo.py:233 | micro-batch 3 of step 1938 has no valid target tokens after masking (all prompt), skipping backward" % pylog(tt))
        tw = plus(th, 1800.2 + n)
        for lr in range(8):
            rk = n * 8 + lr
            if rk == 6:
                L.add(plus(tw, 0.01), watchdog_timeout(rk, plus(tw, 0.01), seq, "_ALLGATHER_BASE", 58720256, timeout_ms=1800000, frames=False, last_enq=seq, last_done=seq - 1))
            else:
                L.add(plus(tw, lr * 0.003), watchdog_timeout(rk, plus(tw, lr * 0.003), seq, "_REDUCE_SCATTER_BASE", 939524096, timeout_ms=1800000, frames=(lr == 1), last_enq=seq, last_done=seq - 1))
        te = plus(tw, 4)
        L.add(te, elastic("E", te, 140301, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 48) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["fr_trace-analysis.txt"] = lines(
        "$ python -m torch.distributed.flight_recorder.fr_trace /data/fr -p nccl_trace_rank_",
        "loaded 16 dumps",
        "Mismatch in collective 31002 of pg 0 (default_pg):",
        "  Collective sequence number: 31002 has op type mismatch:",
        "    ranks [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15]: nccl:_reduce_scatter_base input sizes [[939524096]] (backward, step 1938)",
        "    rank 6: nccl:_all_gather_base input sizes [[58720256]] (forward, step 1939)",
        "  stack (rank 6): train_dpo.py:247 model(**batch) -> fsdp _pre_forward -> _unshard",
        "  stack (ranks 0-5,7-15): train_dpo.py:239 loss.backward() -> fsdp _post_backward_hook -> _reduce_grad")
    files["train_dpo.py.excerpt"] = lines(
        "228        for mb in micro_batches:",
        "229            n_valid = (mb[\"labels\"] != -100).sum()",
        "230            if n_valid == 0:",
        "231                # nothing to learn from this micro-batch",
        "232                logger.warning(f\"micro-batch {i} of step {step} has no valid target tokens after masking (all prompt), skipping backward\")",
        "233                continue",
        "...",
        "239            loss.backward()")
    files["vcjob.yaml"] = lines("apiVersion: batch.volcano.sh/v1alpha1", "kind: Job", "metadata:", "  name: qwen-dpo",
                                "spec:", "  schedulerName: volcano", "  plugins:", "    pytorch: [\"--master=master\", \"--worker=worker\", \"--port=23456\"]",
                                "  tasks:", "    - name: master", "      replicas: 1", "    - name: worker", "      replicas: 1")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[0], "0/1", "Error", "0", "2h8m", "10.233.11.4", nodes[0]), (pods[1], "0/1", "Error", "0", "2h8m", "10.233.14.9", nodes[1])])
    label = dict(category="hang", layer="script", culprit=None, action="stop",
                 rationale="Rank 6 logged that it skipped backward for an all-prompt micro-batch and moved on to the next forward's all-gather, while the 15 other ranks waited in the backward reduce-scatter: the flight recorder shows an op-type mismatch at seq 31002. A per-rank data-dependent 'continue' in the user's loop desynchronised collectives.",
                 modelled_on="https://github.com/NVIDIA-NeMo/Automodel/pull/2468")
    return "cf23_watchdog_timeouts_after_skipped_microbatch_warning", label, files


# =========================================================================
def cf24():
    """Megatron straggler detector; one GPU hot and clock-throttled (fan failure)."""
    nodes = ["gke-a3-hi-pool-2d8e6f01-4q0s", "gke-a3-hi-pool-2d8e6f01-9ltb", "gke-a3-hi-pool-2d8e6f01-d7rk", "gke-a3-hi-pool-2d8e6f01-mm2v"]
    pods = ["mixtral-pt-workers-0-%d-%s" % (i, s) for i, s in enumerate(["j3k8w", "q0n2d", "t6c1z", "y9p4m"])]
    t0 = T(2024, 7, 2, 0, 0, 0)
    tslow = T(2024, 7, 2, 5, 40, 0)
    tnow = T(2024, 7, 2, 8, 10, 0)
    bad, blr = 2, 5
    brank = bad * 8 + blr
    files = {}
    L = Log()
    for k in range(60):
        tt = plus(t0, 600 + k * 480)
        if tt > tnow:
            break
        slow = tt >= tslow
        it = 1000 + k * 200
        ms = (3211.0 + (k % 3) * 9) if slow else (1968.4 + (k % 3) * 5)
        L.add(tt, " [%s] iteration     %5d/  200000 | consumed samples:   %9d | elapsed time per iteration (ms): %.1f | learning rate: 3.000000E-04 | global batch size:  2048 | lm loss: %.6E | loss scale: 1.0 | grad norm: 0.311 | number of skipped iterations:   0 | number of nan iterations:   0 |" % (tt.strftime("%Y-%m-%d %H:%M:%S"), it, it * 2048, ms, 2.1 - k * 0.002))
        if k % 4 == 0:
            if slow:
                L.add(tt, " [%s] | MnRtt/Rnk: 1961.33ms/3 | MxRtt/Rnk: 3198.02ms/%d | MnPwr/Rnk: 402000.00mW/%d | MxPwr/Rnk: 688000.00mW/11 | MnTmp/Rnk: 48.00C/30 | MxTmp/Rnk: 89.00C/%d | MnUtl/Rnk: 97.00%%/%d | MxUtl/Rnk: 100.00%%/0 | MnClk/Rnk: 1095.00MHz/%d | MxClk/Rnk: 1980.00MHz/7 | MnDRtt/Rnk: 1.12ms/14 | MxDRtt/Rnk: 1.94ms/2 | MnEtpt/Rnk: 389.11TF/%d | MxEtpt/Rnk: 612.40TF/7" % (tt.strftime("%Y-%m-%d %H:%M:%S"), brank, brank, brank, brank, brank, brank))
            else:
                L.add(tt, " [%s] | MnRtt/Rnk: 1952.10ms/12 | MxRtt/Rnk: 1989.67ms/26 | MnPwr/Rnk: 655000.00mW/19 | MxPwr/Rnk: 691000.00mW/4 | MnTmp/Rnk: 47.00C/30 | MxTmp/Rnk: 63.00C/%d | MnUtl/Rnk: 99.00%%/8 | MxUtl/Rnk: 100.00%%/0 | MnClk/Rnk: 1965.00MHz/17 | MxClk/Rnk: 1980.00MHz/7 | MnDRtt/Rnk: 1.10ms/14 | MxDRtt/Rnk: 1.91ms/2 | MnEtpt/Rnk: 601.02TF/26 | MxEtpt/Rnk: 613.88TF/12" % (tt.strftime("%Y-%m-%d %H:%M:%S"), brank))
    files["%s/%s.log" % (nodes[0], pods[0])] = L.text(True)
    for n in range(1, 4):
        files["%s/%s.log" % (nodes[n], pods[n])] = Log().add(plus(t0, 31), nccl_init(pods[n], 90, 0, n * 8, 32, ip="10.40.%d.8" % n, net="Socket")).text(True)
    gpus = []
    for i in range(8):
        if i == blr:
            gpus.append(dict(temp=89, perf="P0", pwr=402, cap=700, mem=77120, util=100))
        else:
            gpus.append(dict(temp=61 + i % 3, perf="P0", pwr=560 + i * 7, cap=700, mem=77120, util=100))
    files["%s/nvidia-smi.txt" % nodes[bad]] = nvsmi_table(gpus, stamp="Tue Jul  2 08:12:41 2024", procs=[(i, 91 + i, "/usr/bin/python", 77100) for i in range(8)])
    files["%s/nvidia-smi-q-perf-gpu%d.txt" % (nodes[bad], blr)] = lines(
        "GPU 00000000:AB:00.0",
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : Active",
        "            HW Thermal Slowdown           : Active",
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : Active",
        "    Temperature",
        "        GPU Current Temp                  : 89 C",
        "        GPU T.Limit Temp                  : -2 C",
        "        GPU Shutdown Temp                 : 92 C",
        "        GPU Slowdown Temp                 : 87 C",
        "    Clocks",
        "        Graphics                          : 1095 MHz",
        "        SM                                : 1095 MHz",
        "    Max Clocks",
        "        SM                                : 1980 MHz")
    files["%s/ipmi-sdr-fans.txt" % nodes[bad]] = lines(
        "FAN1_TACH        | 11760 RPM         | ok", "FAN2_TACH        | 11880 RPM         | ok", "FAN3_TACH        | 11640 RPM         | ok",
        "FAN4_TACH        | 11700 RPM         | ok", "FAN5_TACH        | 11820 RPM         | ok", "FAN6_TACH        | 0 RPM             | cr",
        "FAN7_TACH        | 11760 RPM         | ok", "FAN8_TACH        | 11700 RPM         | ok")
    files["%s/dmesg.txt" % nodes[0]] = lines(
        dmesg(20012.4, "pcieport 0000:00:03.1: AER: Corrected error received: 0000:05:00.0"),
        dmesg(20012.4, "nvme 0000:05:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
        dmesg(20012.4, "nvme 0000:05:00.0:   device [1344:51c3] error status/mask=00000001/0000e000"),
        dmesg(20012.4, "nvme 0000:05:00.0:    [ 0] RxErr                  (First)"))
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "1/1", "Running", "0", "8h10m", "10.40.%d.8" % i, nodes[i]) for i in range(4)])
    label = dict(category="straggler", layer="infrastructure", culprit={"node": nodes[bad], "rank": brank}, action="restart_without_node",
                 rationale="Since 05:40 iteration time rose from ~1.97 s to ~3.2 s; Megatron's straggler report names rank 21 as slowest, hottest (89 C), lowest clock (1095 MHz) and power. On gke-...-d7rk GPU 5 shows HW/SW thermal slowdown and IPMI shows FAN6 at 0 RPM. The corrected PCIe AER on another node's NVMe is noise.",
                 modelled_on="https://github.com/kubeflow/kubeflow/issues/68")
    return "cf24_iteration_time_up_60pct_no_errors", label, files


# =========================================================================
def cf25():
    """PyTorchJob env left with NCCL_IB_DISABLE/NCCL_P2P_DISABLE; everything slow."""
    nodes = ["aks-ndh100-60918273-vmss000002", "aks-ndh100-60918273-vmss000005", "aks-ndh100-60918273-vmss000006", "aks-ndh100-60918273-vmss000009"]
    pods = ["llama-13b-cpt-master-0"] + ["llama-13b-cpt-worker-%d" % i for i in range(3)]
    t0 = T(2024, 10, 8, 6, 0, 0)
    files = {}
    for n in range(4):
        L = Log()
        extra = ["NCCL_IB_DISABLE set by environment to 1.", "NCCL_P2P_DISABLE set by environment to 1.",
                 "Channel 00/0 : %d[0] -> %d[1] via SHM/direct/direct" % (n * 8, n * 8 + 1),
                 "Channel 00/0 : %d[7] -> %d[0] [send] via NET/Socket/0" % (n * 8 + 7, ((n + 1) % 4) * 8)]
        L.add(plus(t0, 25), nccl_init(pods[n], 71, 0, n * 8, 32, ip="10.244.%d.10" % n, net="Socket", extra=extra))
        if n == 0:
            for k in range(16):
                tt = plus(t0, 300 + k * 900)
                L.add(tt, "[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 52.10GiB(65.82%%)  tps: %d  mfu: %.2f%%" % (pylog(tt), 10 + k * 20, 3.9 - k * 0.05, 1011 + (k % 3) * 7, 9.8))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["pytorchjob.yaml"] = lines(
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: llama-13b-cpt", "spec:", "  pytorchReplicaSpecs:",
        "    Master:", "      replicas: 1", "      template:", "        spec:", "          containers:", "          - name: pytorch",
        "            image: acmeml.azurecr.io/titan:2024.10.01",
        "            env:", "            - name: NCCL_DEBUG", "              value: INFO",
        "            # TEMP: debugging init hang on 2024-10-02, remove later",
        "            - name: NCCL_IB_DISABLE", "              value: \"1\"",
        "            - name: NCCL_P2P_DISABLE", "              value: \"1\"",
        "            resources:", "              limits:", "                nvidia.com/gpu: 8", "                rdma/ib: 8",
        "    Worker:", "      replicas: 3", "      template: {...same...}")
    files["previous-run-llama-13b-cpt-0926.txt"] = lines(
        "# same model/config, run of 2024-09-26 on the same node pool (before the env change)",
        "[titan] 2024-09-26 07:15:02,118 - root - INFO - step:  300  loss:  3.3121  memory: 52.10GiB(65.82%)  tps: 3,942  mfu: 38.21%",
        "aks-ndh100-60918273-vmss000002:71:171 [0] NCCL INFO Using network IB")
    for n in (1, 3):
        files["%s/ibstat-summary.txt" % nodes[n]] = "".join("CA 'mlx5_ib%d' Port 1: State: Active, Physical state: LinkUp, Rate: 400\n" % i for i in range(8))
        files["%s/nvidia-smi.txt" % nodes[n]] = nvsmi_table([dict(temp=44, perf="P0", pwr=210, cap=700, mem=53300, util=41 + i) for i in range(8)], stamp="Tue Oct  8 10:02:01 2024")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "1/1", "Running", "0", "4h3m", "10.244.%d.10" % i, nodes[i]) for i in range(4)])
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Throughput is ~1,000 tok/s (MFU ~10%) vs ~3,900 on the same pool last month, uniformly on all ranks, GPUs ~40% busy; NCCL reports NCCL_IB_DISABLE=1 and NCCL_P2P_DISABLE=1 from the job's env (a leftover debug setting), so it runs over TCP sockets and SHM although IB ports are Active. Fix the job spec.",
                 modelled_on="https://github.com/scottclowe/pytorch-experiment-template/issues/11")
    return "cf25_run_at_quarter_speed_all_ranks", label, files


# =========================================================================
def cf26():
    """EKS, 4 nodes; ranks on one node consistently slower, no hardware signal."""
    nodes = ["ip-10-4-2-19.ec2.internal", "ip-10-4-3-201.ec2.internal", "ip-10-4-2-88.ec2.internal", "ip-10-4-1-140.ec2.internal"]
    pods = ["sd3-ft-master-0", "sd3-ft-worker-0", "sd3-ft-worker-1", "sd3-ft-worker-2"]
    t0 = T(2025, 1, 28, 12, 0, 0)
    files = {}
    L = Log()
    for k in range(12):
        tt = plus(t0, 600 + k * 600)
        L.add(tt, "%s [INFO] step %5d | loss %.4f | step_time %.3fs | data_wait 0.004s" % (pylog(tt), 500 * (k + 1), 0.41 - k * 0.003, 1.182 + (k % 2) * 0.004))
        L.add(tt, "%s [INFO] per-node median fwd+bwd ms: node0=%d node1=%d node2=%d node3=%d | slowest rank %d (%d ms) | allreduce wait ms: node0=%d node1=%d node2=%d node3=%d" % (
            pylog(tt), 811 + k % 3, 962 + k % 4, 808 + k % 2, 815, 13 if k % 2 else 10, 975 + k % 5, 161, 9, 158, 163))
    files["%s/%s.log" % (nodes[0], pods[0])] = L.text(True)
    for n in range(1, 4):
        files["%s/%s.log" % (nodes[n], pods[n])] = Log().add(plus(t0, 20), nccl_init(pods[n], 50, 0, n * 8, 32, ip="10.4.%d.%d" % (n, 30 + n), net="Using network AWS Libfabric", plugin="NET/OFI Initializing aws-ofi-nccl 1.13.0-aws")).text(True)
    for n in (0, 1):
        files["%s/nvidia-smi.txt" % nodes[n]] = nvsmi_table([dict(temp=57 + (i % 3), perf="P0", pwr=540 + i * 3, cap=700, mem=66010, util=100) for i in range(8)], stamp="Tue Jan 28 14:05:20 2025",
                                                          procs=[(i, 51 + i, "/usr/bin/python", 65990) for i in range(8)])
        files["%s/nvidia-smi-q-clocks.txt" % nodes[n]] = "".join(
            "GPU %d: SM 1980 MHz (max 1980), Clocks Event Reasons: none active, PCIe Gen5 x16 (max Gen5 x16), Temp %d C\n" % (i, 57 + i % 3) for i in range(8))
        files["%s/dmesg.txt" % nodes[n]] = lines(dmesg(300122.5, "ena 0000:00:05.0: LLQ is not supported Fallback to host mode policy."))
    files["%s/dcgm-exporter-snapshot.txt" % nodes[1]] = lines(
        "DCGM_FI_DEV_XID_ERRORS{gpu=\"0-7\"} 0",
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu=\"0-7\"} 0",
        "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL{gpu=\"0-7\"} 0",
        "DCGM_FI_DEV_PCIE_REPLAY_COUNTER{gpu=\"0-7\"} 0",
        "DCGM_FI_PROF_SM_ACTIVE{gpu=\"0-7\"} 0.97")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "1/1", "Running", "0", "2h6m", "10.4.%d.%d" % (i, 30 + i), nodes[i]) for i in range(4)])
    label = dict(category="straggler", layer="infrastructure", culprit={"node": nodes[1], "rank": None}, action="run_diagnostics",
                 rationale="The 8 ranks of worker-0 on ip-10-4-3-201 are steadily ~18% slower in fwd+bwd while the other nodes wait ~160 ms in allreduce for them, yet clocks, throttle reasons, temperatures, PCIe link, Xid/ECC counters and dmesg look normal there. Slow node with no explanation: run diagnostics on it.",
                 modelled_on="https://github.com/rwth-i6/returnn/issues/1485")
    return "cf26_one_node_ranks_slower_every_step", label, files


CASES = [cf21, cf22, cf23, cf24, cf25, cf26]
