"""Cases cp11-cp19 of set 97."""
import sys

sys.dont_write_bytecode = True

import random

from common import (A100_BUS, H100_BUS, Kern, Stream, T, add, boot_noise, child_failed, glog, ibstat,
                    idle_noise, nvidia_smi_q, oldlog, prefix, py_traceback, rdzv_result, sacct, t_ctime,
                    t_glog, t_iso, t_k8s, t_pylog, watchdog_timeout, xid_line)

PY = "/usr/local/lib/python3.10/dist-packages"


def _elastic_tb(py, tail):
    return [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "%s/torch/distributed/run.py", line 919, in main' % py,
        "    run(args)",
        '  File "%s/torch/distributed/launcher/api.py", line 254, in launch_agent' % py,
        "    result = agent.run()",
        '  File "%s/torch/distributed/elastic/agent/server/api.py", line 680, in run' % py,
        "    result = self._invoke_run(role)",
    ] + tail


# ==========================================================================
# cp11: one k8s node's NIC flaps; its pod cannot rejoin the rendezvous
# ==========================================================================
def cp11():
    rng = random.Random(97011)
    pods = [("ranker-ft-master-0", "ip-10-1-4-12", 0), ("ranker-ft-worker-0", "ip-10-1-4-19", 1),
            ("ranker-ft-worker-1", "ip-10-1-4-37", 2), ("ranker-ft-worker-2", "ip-10-1-4-41", 3)]
    bad = "ip-10-1-4-37"
    files = {}
    t0 = T(2025, 1, 14, 3, 10, 0)
    tf = add(t0, 6 * 3600 + 2210)
    t2 = add(tf, 1900)
    logs1, logs2 = {}, {}
    for pod, node, g in pods:
        s = Stream()
        s.add(t0, rdzv_result(t0, 1, 0, "ranker-ft-master-0", 29400, g, 4, 8))
        base = g * 8
        for k in range(0, 6 * 3600 + 2200, 1200):
            ti = add(t0, 50 + k)
            if g == 0:
                s.add(ti, "[rank0] %s INFO step=%d loss=%.4f ndcg@10=%.4f it/s=%.2f" % (t_pylog(ti), k // 0.7, 0.412 - k * 2e-7 + rng.uniform(-0.004, 0.004), 0.611 + k * 1e-7, 1.43))
        if node == bad:
            for lr in range(8):
                r = base + lr
                h = "%s:%d:%d [%d]" % (pod, 60 + lr, 410 + lr, lr)
                s.add(add(tf, lr * 0.01), "%s NCCL INFO NET/IB : Got async event : port error" % h)
                s.add(add(tf, 2 + lr * 0.01), "%s transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.1.4.19<41133> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.1.4.37 remoteGids::ffff:10.1.4.19 hca mlx5_0" % h)
            s.add(add(tf, 3), "[rank%d]:[E%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (base, t_glog(add(tf, 3)), base))
            s.add(add(tf, 3.1), "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
        else:
            tw = add(tf, 1800)
            for lr in range(0, 8, 3):
                s.add(add(tw, lr * 0.01), watchdog_timeout(add(tw, lr * 0.01), base + lr, 310442, "ALLREDUCE", 25165824, 1800000, 1800031 + lr)[:2])
        s.add(add(tf, 1805), glog(add(tf, 1805), "E", 1, "torch/distributed/elastic/multiprocessing/api.py:833",
                                  "failed (exitcode: -6) local_rank: 0 (pid: 57) of binary: /usr/bin/python"))
        logs1[(pod, node)] = s.text()
        # second container start
        s = Stream()
        if node == bad:
            s.add(t2, glog(t2, "I", 1, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"))
            s.add(t2, ["  entrypoint       : /app/train_ranker.py", "  min_nodes        : 4", "  max_nodes        : 4",
                       "  nproc_per_node   : 8", "  run_id           : ranker-ft", "  rdzv_backend     : c10d",
                       "  rdzv_endpoint    : ranker-ft-master-0:29400", "  rdzv_configs     : {'timeout': 900}",
                       "  max_restarts     : 0", "  monitor_interval : 5", ""])
            te = add(t2, 61)
            s.add(te, [
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 8, in <module>',
                "    sys.exit(main())",
                '  File "%s/torch/distributed/run.py", line 919, in main' % PY,
                "    run(args)",
                '  File "%s/torch/distributed/launcher/api.py", line 236, in launch_agent' % PY,
                "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
                '  File "%s/torch/distributed/elastic/rendezvous/registry.py", line 66, in get_rendezvous_handler' % PY,
                "    return handler_registry.create_handler(params)",
                '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1351, in create_handler' % PY,
                "    backend, store = create_backend(params)",
                '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 256, in create_backend' % PY,
                "    store = _create_tcp_store(params)",
                '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store' % PY,
                "    raise RendezvousConnectionError(",
                "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
            ])
            s.add(add(te, 0.1), "Caused by: torch.distributed.DistNetworkError: The client socket has timed out after 60000ms while trying to connect to (ranker-ft-master-0, 29400).")
        else:
            s.add(t2, glog(t2, "I", 1, "torch/distributed/elastic/agent/server/api.py:677", "[default] Rendezvous'ing worker group"))
            te = add(t2, 902 + g)
            s.add(te, _elastic_tb(PY, [
                '  File "%s/torch/distributed/elastic/agent/server/api.py", line 820, in _invoke_run' % PY,
                "    self._initialize_workers(self._worker_group)",
                '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1123, in next_rendezvous' % PY,
                "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 667, in run' % PY,
                "    raise RendezvousTimeoutError",
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
            ]))
        logs2[(pod, node)] = s.text()
    for (pod, node), txt in logs1.items():
        files["attempt_1/%s/%s.log" % (node, pod)] = txt
    for (pod, node), txt in logs2.items():
        files["attempt_2/%s/%s.log" % (node, pod)] = txt
    for pod, node, g in pods:
        boot = T(2025, 1, 2, 8, 0 + g, 0)
        k = Kern(node, boot, "dmesg_T")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, t0, add(t2, 1000), 4)
        if node == bad:
            tt = add(tf, -1.5)
            for j in range(14):
                tj = add(tt, j * 190 + rng.randint(0, 40))
                k.add(tj, "mlx5_core 0000:41:00.0 enp65s0f0np0: Link down")
                k.add(add(tj, 0.01), "bond0: (slave enp65s0f0np0): link status definitely down, disabling slave")
                k.add(add(tj, 0.02), "bond0: now running without any active interface!")
                k.add(add(tj, 3 + j % 4), "mlx5_core 0000:41:00.0 enp65s0f0np0: Link up")
                k.add(add(tj, 3.2 + j % 4), "bond0: (slave enp65s0f0np0): link status definitely up, 200000 Mbps full duplex")
                k.add(add(tj, 3.3 + j % 4), "bond0: active interface up!")
            k.add(add(tt, 30), "mlx5_core 0000:41:00.0: mlx5_pcie_event:301:(pid 0): PCIe slot advertised sufficient power (75W).")
            k.add(add(tt, 31), "mlx5_core 0000:41:00.0: Port module event[error]: module 0, Cable error, High power budget exceeded")
        files["attempt_2/%s/dmesg.txt" % node] = k.text()
        eth = ["NIC statistics:", "     rx_packets: %d" % rng.randint(10**10, 9 * 10**10),
               "     tx_packets: %d" % rng.randint(10**10, 9 * 10**10),
               "     link_down_events_phy: %d" % (14 if node == bad else 0),
               "     rx_crc_errors_phy: %d" % (88213 if node == bad else 0),
               "     rx_symbol_err_phy: %d" % (1200417 if node == bad else 0),
               "Settings for enp65s0f0np0:",
               "\tSpeed: %s" % ("Unknown!" if node == bad else "200000Mb/s"),
               "\tLink detected: %s" % ("no" if node == bad else "yes")]
        files["attempt_2/%s/ethtool.txt" % node] = "\n".join(eth) + "\n"
    files["kubectl-get-pods.txt"] = """$ kubectl -n search get pods -o wide -l training.kubeflow.org/job-name=ranker-ft
NAME                 READY   STATUS             RESTARTS        AGE     IP            NODE
ranker-ft-master-0   0/1     Error              1 (15m ago)     7h40m   10.244.3.9    ip-10-1-4-12
ranker-ft-worker-0   0/1     Error              1 (15m ago)     7h40m   10.244.5.21   ip-10-1-4-19
ranker-ft-worker-1   0/1     CrashLoopBackOff   5 (2m10s ago)   7h40m   10.244.7.4    ip-10-1-4-37
ranker-ft-worker-2   0/1     Error              1 (15m ago)     7h40m   10.244.2.30   ip-10-1-4-41
"""
    files["kubectl-events.txt"] = """LAST SEEN   TYPE      REASON      OBJECT                   MESSAGE
47m         Warning   Unhealthy   pod/ranker-ft-worker-1   Readiness probe failed: Get "http://10.244.7.4:8080/healthz": context deadline exceeded
33m         Normal    Pulled      pod/ranker-ft-master-0   Container image "registry.local/search/ranker-train:2025.01.08" already present on machine
33m         Normal    Started     pod/ranker-ft-worker-1   Started container pytorch
31m         Warning   BackOff     pod/ranker-ft-worker-1   Back-off restarting failed container pytorch in pod ranker-ft-worker-1
15m         Warning   PyTorchJobFailed   pytorchjob/ranker-ft   PyTorchJob ranker-ft is failed because 3 Master replica(s) failed.
"""
    label = {
        "category": "network", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "In the first run only the pod on ip-10-1-4-37 reports IB port errors and status=12 completions before everyone else times out; after the controller's restart that pod cannot even reach the c10d store (client socket timed out) while the other three sit in the rendezvous until RendezvousTimeoutError. ip-10-1-4-37's dmesg shows enp65s0f0np0 flapping with a module cable error, and its ethtool counters show link-down events and CRC errors where the other nodes show none. Reschedule without that node.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/1105",
    }
    return "cp11_pod_restart_rendezvous_nic_down", files, label


# ==========================================================================
# cp12: a hang with no visible cause, in both attempts
# ==========================================================================
def cp12():
    rng = random.Random(97012)
    job = 40512
    nodes = ["nemo-h100-01", "nemo-h100-02", "nemo-h100-03", "nemo-h100-04"]
    files = {}
    plan = [(T(2024, 10, 2, 6, 0, 0), 1, 4121, 51233), (T(2024, 10, 2, 10, 9, 40), 4000, 7311, 90412)]
    for a, (t0, first, stuck, seq) in enumerate(plan):
        s = Stream()
        s.add(t0, "0: [NeMo I %s nemo_logging:349] Experiments will be logged at /results/gpt-8b-sft/2024-10-02_%s" % (t0.strftime("%Y-%m-%d %H:%M:%S"), t0.strftime("%H-%M-%S")))
        s.add(add(t0, 2), "0: GPU available: True (cuda), used: True")
        s.add(add(t0, 3), "0: Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
        if a == 1:
            s.add(add(t0, 50), "0: [NeMo I %s nemo_logging:349] Restoring states from the checkpoint path at /results/gpt-8b-sft/checkpoints/megatron_gpt--step=4000-consumed_samples=1024000.0-last.ckpt" % add(t0, 50).strftime("%Y-%m-%d %H:%M:%S"))
        step_s = 2.81
        t1 = add(t0, 80)
        for st in range(first, stuck, 200):
            ti = add(t1, (st - first) * step_s)
            s.add(ti, "0: Epoch 0: :   %d%%|▏         | %d/100000 [%02d:%02d:%02d<%d:%02d:00, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%.2e, train_step_timing in s=%.2f]"
                  % (st // 1000, st, (st - first) * step_s // 3600, ((st - first) * step_s % 3600) // 60, (st - first) * step_s % 60, 70, rng.randint(0, 59),
                     2.3 - st * 0.00005 + rng.uniform(-0.02, 0.02), st, st * 256.0, step_s + rng.uniform(-0.03, 0.03)))
        if a == 0:
            s.add(add(t1, (4000 - first) * step_s + 2), "0: Epoch 0, global step 4000: 'reduced_train_loss' reached 2.11021 (best 2.11021), saving model to '/results/gpt-8b-sft/checkpoints/megatron_gpt--step=4000-consumed_samples=1024000.0.ckpt' as top 1")
        tw = add(t1, (stuck - first) * step_s + 1800)
        for r in range(32):
            tr = add(tw, rng.uniform(0, 0.3))
            lines = watchdog_timeout(tr, r, seq, "ALLREDUCE", 131072000, 1800000, 1800000 + rng.randint(20, 300),
                                     last_enq=seq + 1, last_done=seq - 1)
            s.add(tr, prefix(lines[:2], "%d: " % r))
            s.add(tr, "%d: [rank%d]:[E%s ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value." % (r, r, t_glog(tr)))
            s.add(add(tr, 0.01), prefix(lines[2:4], "%d: " % r))
        s.add(add(tw, 3), "srun: error: nemo-h100-02: tasks 8-15: Aborted (core dumped)")
        s.add(add(tw, 3.1), "srun: error: nemo-h100-01: tasks 0-7: Aborted (core dumped)")
        s.add(add(tw, 3.3), "srun: error: nemo-h100-04: tasks 24-31: Aborted (core dumped)")
        s.add(add(tw, 3.4), "srun: error: nemo-h100-03: tasks 16-23: Aborted (core dumped)")
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 9, 25, 11, 10 + i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, tw, 5)
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
            files["attempt_%d/%s/ibstat.txt" % (a + 1, n)] = ibstat(n)
            if a == 0:
                files["attempt_1/%s/nvidia-smi-q.txt" % n] = nvidia_smi_q(n, add(tw, -600), rng=rng,
                                                                          over={g: {"util": 100, "mem_used": 71230 + g * 11, "power": "%d.00 W" % (118 + rng.randint(0, 9)), "temp": 41 + rng.randint(0, 3)} for g in range(8)})
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J gpt-8b-sft -N 4 --ntasks-per-node=8 --gpus-per-node=8 --requeue
export TORCH_NCCL_ASYNC_ERROR_HANDLING=1
srun --label --container-image=nvcr.io/nvidia/nemo:24.07 python /opt/NeMo/examples/nlp/language_modeling/tuning/megatron_gpt_finetuning.py \\
  --config-path=/cfg --config-name=gpt8b_sft trainer.num_nodes=4 trainer.devices=8 exp_manager.resume_if_exists=True
"""
    label = {
        "category": "hang", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Both attempts stall (step 4121 and, after resuming from 4000, step 7311) and every one of the 32 ranks times out on the same ALLREDUCE sequence number with the same last-enqueued/last-completed counters, so no rank is behind. No flight recorder trace, and all nodes' dmesg, ibstat and nvidia-smi are clean. Nothing points to a node or to the code, so treat it as a framework hang: restart.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/1111",
    }
    return "cp12_hang_no_cause_both_attempts", files, label


# ==========================================================================
# cp13: the same GPU hangs the job in both attempts (watchdog stuck, Xid 119)
# ==========================================================================
def cp13():
    rng = random.Random(97013)
    job = 1182290
    nodes = ["hpc-g-17", "hpc-g-18"]
    bad, gpu = "hpc-g-18", 6
    rank = 8 + gpu
    files = {}
    plan = [(T(2024, 5, 9, 20, 0, 0), 88412, 3 * 3600 + 140), (T(2024, 5, 10, 1, 30, 10), 50211, 2 * 3600 + 2055)]
    for a, (t0, seq, off) in enumerate(plan):
        s = Stream()
        s.add(t0, "0: Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16")
        s.add(add(t0, 1), "0: ----------------------------------------------------------------------------------------------------")
        s.add(add(t0, 1.1), "0: distributed_backend=nccl")
        s.add(add(t0, 1.2), "0: All distributed processes registered. Starting with 16 processes")
        if a == 1:
            s.add(add(t0, 40), "0: Restoring states from the checkpoint path at /ckpt/dit-xl/last.ckpt")
        for k in range(0, off - 60, 900):
            ti = add(t0, 60 + k)
            s.add(ti, "0: Epoch %d:  %d%%|███       | %d/5004 [%02d:%02d<%02d:%02d, 2.31it/s, v_num=%d, train/loss=%.4f]" % (
                a * 3 + k // 5400, (k % 5400) * 100 // 5400, (k % 5400) * 2.31 // 1, k // 60 % 60, k % 60, 20, 11, 7 + a, 0.1431 - k * 1e-7 + rng.uniform(-0.002, 0.002)))
        th = add(t0, off)
        tw = add(th, 600)
        for r in range(16):
            if r == rank:
                continue
            tr = add(tw, rng.uniform(0, 0.5))
            s.add(tr, prefix(watchdog_timeout(tr, r, seq, "ALLREDUCE", 675200000 // 8, 600000, 600000 + rng.randint(3, 80), last_enq=seq, last_done=seq - 1)[:2], "%d: " % r))
        tm = add(th, 480 + 61)
        s.add(tm, "14: [rank%d]:[E%s ProcessGroupNCCL.cpp:1418] [PG 0 (default_pg) Rank %d] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=2" % (rank, t_glog(tm), rank))
        s.add(add(tm, 0.01), "14: [rank%d]:[E%s ProcessGroupNCCL.cpp:1280] [PG 0 (default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info." % (rank, t_glog(add(tm, 0.01)), rank))
        s.add(add(tm, 0.02), "14: [rank%d]:[F%s ProcessGroupNCCL.cpp:1127] [PG 0 (default_pg) Rank %d] [PG 0 (default_pg) Rank %d] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. " % (rank, t_glog(add(tm, 0.02)), rank, rank))
        s.add(add(tw, 5), "srun: error: hpc-g-17: tasks 0-7: Aborted (core dumped)")
        s.add(add(tw, 5.2), "srun: error: hpc-g-18: tasks 8-13,15: Aborted (core dumped)")
        s.add(add(tw, 65), "srun: error: hpc-g-18: task 14: Aborted (core dumped)")
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 5, 2, 9, 30 + i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, tw, 4)
            if n == bad and a == 1:
                for j in range(3):
                    k.add(add(th, 7 + j * 61), xid_line(H100_BUS[gpu], 119, 310442, "pt_main_thread", "Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)."))
                k.add(add(th, 8), "NVRM: GPU6 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x000000002080014b 0x0000000000000005.")
                k.add(add(th, 8.1), "NVRM: GPU6 RPC history (CPU -> GSP):")
                k.add(add(th, 8.2), "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling")
                k.add(add(th, 8.3), "NVRM:      0    76   GSP_RM_CONTROL        0x000000002080014b 0x0000000000000005 0x00061d2c8e1a04b7 0x0000000000000000          y")
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
    files["attempt_1/%s/py-spy-dump-rank14.txt" % bad] = """$ py-spy dump --native --pid 219934
Process 219934: /opt/conda/bin/python3.11 -u train_dit.py fit --config configs/dit_xl_256.yaml
Python v3.11.8 (/opt/conda/bin/python3.11)

Thread 219934 (idle): "MainThread"
    cuStreamSynchronize (libcuda.so.550.54.15)
    cudaStreamSynchronize (libcudart.so.12)
    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)
    item (torch/_tensor.py:...)
    training_step (dit/lightning_module.py:142)
    training_step (lightning/pytorch/strategies/strategy.py:390)
    _call_strategy_hook (lightning/pytorch/trainer/call.py:309)
    advance (lightning/pytorch/loops/optimization/automatic.py:...)
    run (lightning/pytorch/loops/fit_loop.py:205)
    _run_stage (lightning/pytorch/trainer/trainer.py:1026)
    fit (lightning/pytorch/trainer/trainer.py:544)
    <module> (train_dit.py:57)
Thread 220411 (idle): "pt_nccl_watchdg"
    cuEventQuery (libcuda.so.550.54.15)
    c10d::ProcessGroupNCCL::WorkNCCL::isCompleted (libtorch_cuda.so)
    c10d::ProcessGroupNCCL::watchdogHandler (libtorch_cuda.so)
Thread 220412 (idle): "pt_nccl_heartbt"
    c10d::ProcessGroupNCCL::heartbeatMonitor (libtorch_cuda.so)
"""
    files["attempt_1/%s/nvidia-smi.txt" % bad] = "\n".join(
        ["$ nvidia-smi --query-gpu=index,pci.bus_id,utilization.gpu,power.draw,temperature.gpu,memory.used --format=csv",
         "index, pci.bus_id, utilization.gpu [%], power.draw [W], temperature.gpu, memory.used [MiB]"]
        + ["%d, 00000000:%s:00.0, 100 %%, %.2f W, %d, %d MiB" % (g, H100_BUS[g], 131.2 + g if g != gpu else 96.4, 38 + g % 3, 61022 + g * 3) for g in range(8)]) + "\n"
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J dit-xl -N 2 --ntasks-per-node=8 --gpus-per-node=8 --requeue
export TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC=480
srun --label python -u train_dit.py fit --config configs/dit_xl_256.yaml --trainer.num_nodes 2
"""
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "In both attempts 15 ranks time out on an ALLREDUCE that rank 14 never enqueued, and only rank 14 (hpc-g-18, GPU 6) hits the heartbeat monitor because its watchdog is stuck inside a CUDA call. py-spy shows its main thread blocked in cudaStreamSynchronize. In the requeued attempt hpc-g-18's dmesg adds repeated Xid 119 GSP RPC timeouts for PCI 0000:ba:00 (GPU 6). The hang follows one GPU: exclude hpc-g-18.",
        "modelled_on": "https://github.com/rwth-i6/returnn/issues/1486",
    }
    return "cp13_hang_pyspy_stuck_gpu_follows_node", files, label


# ==========================================================================
# cp14: after a preemption the requeue lands on a node with an old driver
# ==========================================================================
def cp14():
    rng = random.Random(97014)
    job = 88121
    n1 = ["gpu-st-101", "gpu-st-102", "gpu-st-103", "gpu-st-104"]
    n2 = ["gpu-st-101", "gpu-st-102", "gpu-st-104", "gpu-st-115"]
    bad = "gpu-st-115"
    files = {}
    t0 = T(2024, 6, 27, 0, 12, 0)
    s = Stream()
    s.add(t0, "0: [rank0] world_size=32 backend=nccl init_method=env://")
    for k in range(0, 5 * 3600, 1200):
        ti = add(t0, 70 + k)
        s.add(ti, "0: [rank0] %s | step %6d | loss %.4f | %.1f TFLOP/s/gpu" % (ti.strftime("%H:%M:%S"), 20000 + k // 1.2, 1.98 - k * 1e-6 + rng.uniform(-0.01, 0.01), 402 + rng.uniform(-3, 3)))
    tp = add(t0, 5 * 3600 + 177)
    s.add(tp, "slurmstepd: error: *** JOB %d ON gpu-st-101 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, t_iso(tp)))
    for r in range(0, 32, 5):
        s.add(add(tp, 0.2), "%d: [rank%d]: received SIGTERM, saving emergency checkpoint skipped (last save 14 min ago)" % (r, r))
    files["attempt_1/slurm-%d.out" % job] = s.text()
    t2 = add(tp, 2 * 3600 + 610)
    s = Stream()
    s.add(t2, "0: [rank0] world_size=32 backend=nccl init_method=env://")
    tf = add(t2, 18)
    for lr in range(8):
        r = 24 + lr
        s.add(add(tf, lr * 0.03), prefix(py_traceback([
            ("/home/ml/dense/train.py", 58, "<module>", "torch.cuda.set_device(local_rank)"),
            (PY + "/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
            (PY + "/torch/cuda/__init__.py", 302, "_lazy_init", "torch._C._cuda_init()"),
        ], ["RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]), "%d: [rank%d]: " % (r, r)))
    s.add(add(tf, 2), "srun: error: gpu-st-115: tasks 24-31: Exited with exit code 1")
    tt = add(t2, 1801)
    s.add(tt, prefix(py_traceback([
        ("/home/ml/dense/train.py", 61, "<module>", 'dist.init_process_group("nccl", timeout=timedelta(minutes=30))'),
        (PY + "/torch/distributed/c10d_logger.py", 79, "wrapper", "return func(*args, **kwargs)"),
        (PY + "/torch/distributed/distributed_c10d.py", 1305, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
        (PY + "/torch/distributed/rendezvous.py", 246, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
        (PY + "/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore("),
    ], ["torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."]), "0: [rank0]: "))
    for r in range(1, 24):
        if r % 4 == 0:
            s.add(add(tt, 0.5 + r * 0.01), "%d: [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (r, r))
    s.add(add(tt, 2), "srun: error: gpu-st-101: tasks 0-7: Exited with exit code 1")
    s.add(add(tt, 2.2), "srun: error: gpu-st-102: tasks 8-15: Exited with exit code 1")
    s.add(add(tt, 2.4), "srun: error: gpu-st-104: tasks 16-23: Exited with exit code 1")
    files["attempt_2/slurm-%d.out" % job] = s.text()
    for n in n2:
        drv, cu = ("525.105.17", "12.0") if n == bad else ("550.54.15", "12.4")
        files["attempt_2/%s/nvidia-smi.txt" % n] = (
            "+---------------------------------------------------------------------------------------+\n"
            "| NVIDIA-SMI %-10s             Driver Version: %-10s   CUDA Version: %-4s     |\n"
            "|-----------------------------------------+----------------------+----------------------+\n"
            "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
            "|=========================================+======================+======================|\n" % (drv, drv, cu)
            + "".join("|   %d  NVIDIA H100 80GB HBM3          On  | 00000000:%s:00.0 Off |                    0 |\n" % (g, H100_BUS[g]) for g in range(8))
            + "+-----------------------------------------+----------------------+----------------------+\n")
        boot = T(2024, 6, 27, 1, 55, 0) if n == bad else T(2024, 6, 20, 9, 0, 0)
        k = Kern(n, boot, "dmesg_T")
        boot_noise(k, rng, boot)
        if n == bad:
            k.lines = [(d, l.replace("550.54.15  Tue Mar  5 22:23:56 UTC 2024", "525.105.17  Tue Mar 28 18:02:59 UTC 2023").replace("550.54.15", "525.105.17")) for d, l in k.lines]
        idle_noise(k, rng, t2, tt, 3)
        files["attempt_2/%s/dmesg.txt" % n] = k.text()
    files["attempt_2/%s/journal.txt" % bad] = """Jun 27 01:41:07 gpu-st-115 systemd[1]: Starting Warewulf provisioning (image: rocky8-gpu-2023.04)...
Jun 27 01:54:51 gpu-st-115 systemd[1]: Reached target Multi-User System.
Jun 27 01:55:40 gpu-st-115 nvidia-persistenced[1881]: Started (1881)
Jun 27 01:56:02 gpu-st-115 slurmd[2210]: slurmd version 23.11.4 started
Jun 27 01:56:02 gpu-st-115 slurmd[2210]: CPUs=224 Boards=1 Sockets=2 Cores=56 Threads=2 Memory=2063606 TmpDisk=3500000 Uptime=71 CPUSpecList=(null) FeaturesAvail=(null) FeaturesActive=(null)
Jun 27 02:03:12 gpu-st-115 slurmd[2210]: node returned to service by admin (reason: RMA replacement board, burn-in passed)
"""
    files["sacct.txt"] = sacct([
        ("%d" % job, "dense-pt", "gpu", "PREEMPTED", "0:15", t_iso(t0), t_iso(tp), "gpu-st-[101-104]"),
        ("%d" % job, "dense-pt", "gpu", "FAILED", "1:0", t_iso(t2), t_iso(add(tt, 3)), "gpu-st-[101-102,104,115]"),
    ])
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J dense-pt -N 4 --ntasks-per-node=8 --gpus-per-node=8 -p gpu --requeue
#SBATCH --container-image=registry.local/ml/pytorch:24.05-py3   # CUDA 12.4 userspace
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1) MASTER_PORT=29500
srun --label python /home/ml/dense/train.py --resume auto
"""
    label = {
        "category": "dependency", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "Attempt 1 ended cleanly by preemption. The requeue added gpu-st-115, a board re-provisioned overnight with an old image, and all eight of its ranks fail at torch.cuda.set_device with 'The NVIDIA driver on your system is too old (found version 12000)'. Its nvidia-smi shows driver 525.105.17 / CUDA 12.0, while the other nodes have 550.54.15 for the CUDA 12.4 container. The TCPStore timeout (24/32 clients joined) on the healthy nodes is sympathetic: requeue without gpu-st-115.",
        "modelled_on": "https://github.com/NVIDIA/nvidia-docker/issues/400",
    }
    return "cp14_driver_mismatch_one_node_after_requeue", files, label


# ==========================================================================
# cp15: every pod of the restarted job pulls a new :latest image and fails
# ==========================================================================
def cp15():
    rng = random.Random(97015)
    pods = [("mm-sft-master-0", "node-gpu-a07"), ("mm-sft-worker-0", "node-gpu-a11"),
            ("mm-sft-worker-1", "node-gpu-a12"), ("mm-sft-worker-2", "node-gpu-a15")]
    pods2 = [("mm-sft-master-0", "node-gpu-a09"), ("mm-sft-worker-0", "node-gpu-a11"),
             ("mm-sft-worker-1", "node-gpu-a12"), ("mm-sft-worker-2", "node-gpu-a15")]
    files = {}
    t0 = T(2024, 4, 24, 8, 0, 0)
    tev = add(t0, 2 * 86400 + 3 * 3600 + 412)
    for g, (pod, node) in enumerate(pods):
        s = Stream()
        s.add(t0, "%s INFO  image=registry.ml.local/mm/sft-train:latest torch=2.2.2+cu121 flash_attn=2.5.6 transformers=4.40.0" % t_pylog(t0))
        s.add(add(t0, 2), rdzv_result(add(t0, 2), 1, 0, "mm-sft-master-0", 29400, g, 4, 8))
        if g == 0:
            for k in range(0, 2 * 86400 + 3 * 3600, 3600):
                ti = add(t0, 90 + k)
                s.add(ti, "%s INFO  [rank0] step %6d | loss %.4f | lr %.2e | 5.12 s/step" % (t_pylog(ti), k // 5.12, 1.41 - k * 1e-6 + rng.uniform(-0.01, 0.01), 1e-5))
        if g == 0:
            s.add(tev, "%s WARNING [rank0] received SIGTERM (pod terminating), waiting for in-flight checkpoint" % t_pylog(tev))
            s.add(add(tev, 3), glog(add(tev, 3), "W", 1, "torch/distributed/elastic/agent/server/api.py:741", "Received Signals.SIGTERM death signal, shutting down workers"))
        else:
            tt = add(tev, 14)
            s.add(tt, glog(tt, "W", 1, "torch/distributed/elastic/agent/server/api.py:741", "Received Signals.SIGTERM death signal, shutting down workers"))
        files["attempt_1/%s/%s.log" % (node, pod)] = s.text()
    t2 = add(tev, 420)
    for g, (pod, node) in enumerate(pods2):
        s = Stream()
        ts = add(t2, g * 3)
        s.add(ts, "%s INFO  image=registry.ml.local/mm/sft-train:latest torch=2.3.0+cu121 flash_attn=2.5.6 transformers=4.41.1" % t_pylog(ts))
        s.add(add(ts, 2), rdzv_result(add(ts, 2), 1, 0, "mm-sft-master-0", 29400, g, 4, 8))
        for lr in range(8):
            r = g * 8 + lr
            s.add(add(ts, 9 + lr * 0.02), prefix(py_traceback([
                ("/app/sft/train.py", 12, "<module>", "from sft.model import build_model"),
                ("/app/sft/model.py", 7, "<module>", "from flash_attn import flash_attn_varlen_func"),
                (PY + "/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                (PY + "/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda"),
            ], ["ImportError: %s/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi" % PY]), "[rank%d]: " % r))
        s.add(add(ts, 11), glog(add(ts, 11), "E", 1, "torch/distributed/elastic/multiprocessing/api.py:833",
                                "failed (exitcode: 1) local_rank: 0 (pid: 58) of binary: /usr/bin/python"))
        files["attempt_2/%s/%s.log" % (node, pod)] = s.text()
    files["kubectl-describe-pods.txt"] = """$ kubectl -n mm describe pod mm-sft-worker-1 | sed -n '/Containers:/,/Events:/p;/Events:/,$p'
Containers:
  pytorch:
    Image:          registry.ml.local/mm/sft-train:latest
    Image ID:       registry.ml.local/mm/sft-train@sha256:9f1c0be37d2a6e41c8a0d9b7f3e215c76a4d0d8e2b9fb3a1f0c4e7d6a5b21c38
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
    Restart Count:  4
    Image Pull Policy: Always
Events:
  Type     Reason     Age                From     Message
  ----     ------     ----               ----     -------
  Normal   Pulling    9m (x5 over 16m)   kubelet  Pulling image "registry.ml.local/mm/sft-train:latest"
  Normal   Pulled     16m                kubelet  Successfully pulled image "registry.ml.local/mm/sft-train:latest" in 41.2s (41.2s including waiting). Image size: 21.4GB
  Normal   Started    9m (x5 over 16m)   kubelet  Started container pytorch
  Warning  BackOff    2m (x31 over 15m)  kubelet  Back-off restarting failed container pytorch in pod mm-sft-worker-1
"""
    files["attempt_1/kubectl-describe-pod-image.txt"] = """# captured 2024-04-24 08:01 at job start
mm-sft-master-0   Image ID: registry.ml.local/mm/sft-train@sha256:41ab7d09c2e5f31e0b8a77c1d6f9a2e4c35b0d71f8e96a2c4b3d5e1f7a9c0b62
mm-sft-worker-0   Image ID: registry.ml.local/mm/sft-train@sha256:41ab7d09c2e5f31e0b8a77c1d6f9a2e4c35b0d71f8e96a2c4b3d5e1f7a9c0b62
mm-sft-worker-1   Image ID: registry.ml.local/mm/sft-train@sha256:41ab7d09c2e5f31e0b8a77c1d6f9a2e4c35b0d71f8e96a2c4b3d5e1f7a9c0b62
mm-sft-worker-2   Image ID: registry.ml.local/mm/sft-train@sha256:41ab7d09c2e5f31e0b8a77c1d6f9a2e4c35b0d71f8e96a2c4b3d5e1f7a9c0b62
"""
    files["kubectl-events.txt"] = """LAST SEEN   TYPE      REASON               OBJECT                        MESSAGE
24m         Normal    NodeNotSchedulable   node/node-gpu-a07             Node node-gpu-a07 status is now: NodeNotSchedulable
24m         Normal    Killing              pod/mm-sft-master-0           Stopping container pytorch
23m         Normal    EvictionThresholdMet node/node-gpu-a07             (none) drained by platform-maint for firmware update CHG-7713
23m         Warning   PyTorchJobRestarting pytorchjob/mm-sft             PyTorchJob mm-sft is restarting because 1 Master replica(s) failed.
16m         Normal    Scheduled            pod/mm-sft-master-0           Successfully assigned mm/mm-sft-master-0 to node-gpu-a09
15m         Warning   BackOff              pod/mm-sft-worker-0           Back-off restarting failed container pytorch in pod mm-sft-worker-0
15m         Warning   BackOff              pod/mm-sft-worker-2           Back-off restarting failed container pytorch in pod mm-sft-worker-2
14m         Warning   BackOff              pod/mm-sft-master-0           Back-off restarting failed container pytorch in pod mm-sft-master-0
"""
    files["registry-tags.txt"] = """$ crane ls registry.ml.local/mm/sft-train
2024.04.10
2024.04.26
latest
$ crane digest registry.ml.local/mm/sft-train:2024.04.10
sha256:41ab7d09c2e5f31e0b8a77c1d6f9a2e4c35b0d71f8e96a2c4b3d5e1f7a9c0b62
$ crane digest registry.ml.local/mm/sft-train:latest
sha256:9f1c0be37d2a6e41c8a0d9b7f3e215c76a4d0d8e2b9fb3a1f0c4e7d6a5b21c38
# 2024.04.26 changelog: bump torch 2.2.2 -> 2.3.0 (flash-attn wheel unchanged)
"""
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "The first run was healthy until a planned node drain restarted the job. The restarted pods pulled :latest with Image Pull Policy Always and got a new digest (torch 2.3.0 with the old flash-attn 2.5.6 wheel), and every rank on all four pods, including pods that never moved, fails to import flash_attn_2_cuda with an undefined c10 symbol. The stack is ABI-incompatible: pin the previous image or rebuild flash-attn.",
        "modelled_on": "https://github.com/Dao-AILab/flash-attention/issues/784",
    }
    return "cp15_image_update_flash_attn_abi_all_nodes", files, label


# ==========================================================================
# cp16: Lustre OST trouble moves from node to node across attempts
# ==========================================================================
def cp16():
    rng = random.Random(97016)
    job = 660118
    n1 = ["cn-4411", "cn-4412", "cn-4413", "cn-4414"]
    n2 = ["cn-4415", "cn-4416", "cn-4417", "cn-4418"]
    files = {}
    plan = [(T(2024, 3, 29, 13, 0, 0), n1, "cn-4412", 9, 2 * 3600 + 1410, "OSError: [Errno 5] Input/output error: '/lustre/scratch/datasets/laion-sub/shard-00812.tar'"),
            (T(2024, 3, 29, 17, 2, 30), n2, "cn-4417", 21, 1 * 3600 + 905, "OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/lustre/scratch/datasets/laion-sub/shard-01377.tar'")]
    oss = "10.10.0.42@o2ib"
    for a, (t0, nodes, fnode, frank, off, err) in enumerate(plan):
        s = Stream()
        s.add(t0, "SLURM_JOB_ID=%d SLURM_RESTART_COUNT=%d nodes=%s" % (job, a, ",".join(nodes)))
        for k in range(0, off, 600):
            ti = add(t0, 40 + k)
            s.add(ti, "0: [%s] ep %d it %5d  loss %.4f  img/s %d  data_wait %.3fs" % (ti.strftime("%H:%M:%S"), a, k // 0.55, 3.21 - k * 3e-5 + rng.uniform(-0.02, 0.02), 7400 + rng.randint(-80, 80), 0.004 + rng.random() * 0.01))
        tf = add(t0, off)
        s.add(add(tf, -420), "0: [%s] ep %d it %5d  loss %.4f  img/s %d  data_wait %.3fs" % (add(tf, -420).strftime("%H:%M:%S"), a, (off - 420) // 0.55, 3.0, 2110, 2.41))
        s.add(tf, prefix(py_traceback([
            ("/work/clip/train.py", 212, "<module>", "main()"),
            ("/work/clip/train.py", 171, "main", "for it, (img, txt) in enumerate(loader):"),
            (PY + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
            (PY + "/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
            (PY + "/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
            (PY + "/torch/_utils.py", 705, "reraise", "raise exception"),
        ], ["OSError: Caught OSError in DataLoader worker process 3.",
            "Original Traceback (most recent call last):",
            '  File "%s/webdataset/tariterators.py", line 120, in tar_file_iterator' % PY,
            "    for tarinfo in stream:",
            err]), "%d: [rank%d]: " % (frank // 8, frank)))
        tw = add(tf, 600)
        for r in range(32):
            if r != frank and r % 4 == 1:
                s.add(add(tw, r * 0.01), prefix(watchdog_timeout(add(tw, r * 0.01), r, 30021 + a * 9000, "ALLREDUCE", 151000000, 600000, 600020 + r)[:1], "%d: " % (r // 8)))
        s.add(add(tw, 2), "srun: error: %s: task %d: Exited with exit code 1" % (fnode, frank // 8))
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 3, 20, 7, i, 0)
            k = Kern(n, boot, "kern")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, tw, 3)
            tl = add(tf, -430 + rng.randint(0, 30))
            k.add(tl, "Lustre: 11245:0:(client.c:2289:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff9c2e4a1b3800 x1794411209921216/t0(0) o3->scratch-OST0012-osc-ffff9c2f01d4e000@%s:28/4 lens 488/440 e 0 to 1 dl %d ref 2 fl Rpc:Xr/0/ffffffff rc 0/-1 job:''" % (1711720000 + a * 14400, 1711720000 + a * 14400, oss, 1711720100 + a * 14400))
            k.add(add(tl, 0.5), "Lustre: scratch-OST0012-osc-ffff9c2f01d4e000: Connection to scratch-OST0012 (at %s) was lost; in progress operations using this service will wait for recovery to complete" % oss)
            if n == fnode or rng.random() < 0.5:
                k.add(add(tl, 380), "LustreError: 11-0: scratch-OST0012-osc-ffff9c2f01d4e000: operation ost_read to node %s failed: rc = -107" % oss)
            if n == fnode:
                k.add(add(tl, 412), "LustreError: 167-0: scratch-OST0012-osc-ffff9c2f01d4e000: This client was evicted by scratch-OST0012; in progress operations using this service will fail.")
                k.add(add(tl, 412.5), "LustreError: 31190:0:(ldlm_resource.c:1124:ldlm_resource_complain()) scratch-OST0012-osc-ffff9c2f01d4e000: namespace resource [0x3a1d:0x0:0x0].0x0 (ffff9c30aa0f1e00) refcount nonzero (1) after lock cleanup; forcing cleanup.")
            k.add(add(tl, 520 + rng.randint(0, 40)), "Lustre: scratch-OST0012-osc-ffff9c2f01d4e000: Connection restored to %s (at %s)" % (oss.split("@")[0] + "@o2ib", oss))
            files["attempt_%d/%s/kern.log" % (a + 1, n)] = k.text()
    files["lfs-check-servers.txt"] = """$ lfs check servers   # from login02, 2024-03-29 18:21
scratch-MDT0000-mdc-ffff8e01c0a1b000 active.
scratch-OST0010-osc-ffff8e01c0a1b000 active.
scratch-OST0011-osc-ffff8e01c0a1b000 active.
lfs check: scratch-OST0012-osc-ffff8e01c0a1b000 check error: Resource temporarily unavailable (11)
scratch-OST0013-osc-ffff8e01c0a1b000 active.
scratch-OST0014-osc-ffff8e01c0a1b000 active.
$ lfs getstripe -i /lustre/scratch/datasets/laion-sub/shard-00812.tar /lustre/scratch/datasets/laion-sub/shard-01377.tar
18
18
# (index 18 = 0x12 = OST0012)
"""
    files["sacct.txt"] = sacct([
        ("%d" % job, "clip-l14", "gpu", "REQUEUED", "0:0", t_iso(plan[0][0]), t_iso(add(plan[0][0], plan[0][4] + 603)), "cn-44[11-14]"),
        ("%d" % job, "clip-l14", "gpu", "FAILED", "1:0", t_iso(plan[1][0]), t_iso(add(plan[1][0], plan[1][4] + 603)), "cn-44[15-18]"),
    ])
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "The two attempts ran on disjoint node sets and failed on different nodes (cn-4412 with EIO, then cn-4417 with ESHUTDOWN after an eviction), both reading dataset shards striped on OST index 18. Every node's kern.log in both attempts shows slow replies and lost connections to scratch-OST0012 at 10.10.0.42, and lfs check servers reports that OST unavailable. The fault is in the shared file system service, not in a compute node.",
        "modelled_on": "https://github.com/SemiAnalysisAI/InferenceX/pull/2892",
    }
    return "cp16_lustre_ost_errors_move_between_nodes", files, label


# ==========================================================================
# cp17: preempted, requeued by Lightning, and finished
# ==========================================================================
def cp17():
    rng = random.Random(97017)
    job = 771234
    files = {}
    n1, n2 = ["gpu-q-03", "gpu-q-04"], ["gpu-q-07", "gpu-q-08"]
    t0 = T(2024, 1, 18, 2, 0, 0)
    s = Stream()
    s.add(t0, ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
               "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
               "----------------------------------------------------------------------------------------------------",
               "distributed_backend=nccl", "All distributed processes registered. Starting with 8 processes",
               "----------------------------------------------------------------------------------------------------"])
    for k in range(0, 11 * 3600, 1800):
        ti = add(t0, 60 + k)
        step = k // 1.05
        s.add(ti, "Epoch %d:  %d%%|██▍       | %d/6250 [%02d:%02d<%02d:%02d,  0.95it/s, v_num=0, loss=%.3f]" % (step // 6250, (step % 6250) * 100 // 6250, step % 6250, (k // 60) % 60, k % 60, 40, 12, 0.812 - k * 2e-6 + rng.uniform(-0.01, 0.01)))
    tp = add(t0, 11 * 3600 + 402)
    s.add(tp, "[rank: 0] Handling auto-requeue signal: 10")
    s.add(add(tp, 0.1), "[rank: 0] Saving checkpoint to /scratch/ckpt/asr-conformer/hpc_ckpt_1.ckpt")
    s.add(add(tp, 21), "[rank: 0] requeing job %d..." % job)
    s.add(add(tp, 21.4), "[rank: 0] Requeued SLURM job: %d" % job)
    for r in range(1, 8):
        s.add(add(tp, 22 + r * 0.05), "[rank: %d] Received SIGTERM: 15" % r)
    s.add(add(tp, 23), "[rank5]:[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added to the documentation. (function operator())" % t_glog(add(tp, 23)))
    s.add(add(tp, 24), "slurmstepd: error: *** JOB %d ON gpu-q-03 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, t_iso(add(tp, 24))))
    files["attempt_1/slurm-%d.out" % job] = s.text()
    t2 = add(tp, 3 * 3600 + 901)
    s = Stream()
    s.add(t2, ["GPU available: True (cuda), used: True", "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
               "All distributed processes registered. Starting with 8 processes"])
    s.add(add(t2, 30), "Restoring states from the checkpoint path at /scratch/ckpt/asr-conformer/hpc_ckpt_1.ckpt")
    s.add(add(t2, 44), "Restored all states from the checkpoint at /scratch/ckpt/asr-conformer/hpc_ckpt_1.ckpt")
    for k in range(0, 3 * 3600, 1800):
        ti = add(t2, 60 + k)
        s.add(ti, "Epoch 6:  %d%%|████████  | %d/6250 [%02d:%02d<%02d:%02d,  0.95it/s, v_num=0, loss=%.3f]" % (k * 100 // 11000, k // 1.05 % 6250, (k // 60) % 60, k % 60, 30, 1, 0.64 + rng.uniform(-0.01, 0.01)))
    te = add(t2, 3 * 3600 + 1277)
    s.add(te, "`Trainer.fit` stopped: `max_steps=50000` reached.")
    s.add(add(te, 40), "[rank: 0] saved final model to /scratch/models/asr-conformer-l/final.ckpt (WER dev-clean 2.91)")
    files["attempt_2/slurm-%d.out" % job] = s.text()
    for nodes, folder, ta, tb in ((n1, "attempt_1", t0, tp), (n2, "attempt_2", t2, te)):
        for i, n in enumerate(nodes):
            boot = T(2024, 1, 10, 6, i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot, bus=A100_BUS)
            idle_noise(k, rng, ta, tb, 3)
            files["%s/%s/dmesg.txt" % (folder, n)] = k.text()
    files["sacct.txt"] = sacct([
        ("%d" % job, "asr-conf", "preempt", "PREEMPTED", "0:0", t_iso(t0), t_iso(add(tp, 24)), "gpu-q-0[3-4]"),
        ("%d" % job, "asr-conf", "preempt", "COMPLETED", "0:0", t_iso(t2), t_iso(add(te, 45)), "gpu-q-0[7-8]"),
    ])
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J asr-conf -p preempt -N 2 --ntasks-per-node=4 --gpus-per-node=4
#SBATCH --signal=SIGUSR1@90 --requeue --open-mode=append
srun python train_asr.py fit --config conformer_l.yaml --trainer.max_steps 50000 --trainer.plugins+=SLURMEnvironment
"""
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Attempt 1 was cancelled DUE TO PREEMPTION on the preempt partition; Lightning caught SIGUSR1, saved hpc_ckpt_1.ckpt and requeued, and the SIGTERM and NCCL destroy warnings are ordinary shutdown noise. The requeued attempt restored that checkpoint and ran to max_steps, and sacct shows COMPLETED. Nothing failed and nothing needs doing.",
        "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/4265",
    }
    return "cp17_preempted_requeued_finished", files, label


# ==========================================================================
# cp18: a pod is moved by a node drain; the elastic job re-forms and finishes
# ==========================================================================
def cp18():
    rng = random.Random(97018)
    pods = [("emb-train-worker-0", "aks-gpu-41930277-vmss000003", 0), ("emb-train-worker-1", "aks-gpu-41930277-vmss000004", 1),
            ("emb-train-worker-2", "aks-gpu-41930277-vmss000006", 2), ("emb-train-worker-3", "aks-gpu-41930277-vmss000008", 3)]
    files = {}
    t0 = T(2024, 10, 21, 14, 0, 0)
    tdrain = add(t0, 9 * 3600 + 1511)
    tre = add(tdrain, 95)
    tend = add(tre, 6 * 3600 + 410)
    for pod, node, g in pods:
        s = Stream()
        s.add(t0, rdzv_result(t0, 1, 0, "emb-train-worker-0", 29400, g, 4, 8))
        if g == 0:
            for k in range(0, 9 * 3600 + 1500, 1800):
                ti = add(t0, 60 + k)
                s.add(ti, "[rank0] %s step=%d loss=%.4f recall@100=%.3f" % (ti.strftime("%H:%M:%S"), k // 1.9, 0.91 - k * 4e-6 + rng.uniform(-0.01, 0.01), 0.71 + k * 1e-6))
        if g == 2:
            s.add(tdrain, glog(tdrain, "W", 1, "torch/distributed/elastic/agent/server/api.py:741", "Received Signals.SIGTERM death signal, shutting down workers"))
            for lr in range(8):
                s.add(add(tdrain, 0.1), glog(add(tdrain, 0.1), "W", 1, "torch/distributed/elastic/multiprocessing/api.py:858", "Sending process %d closing signal SIGTERM" % (60 + lr)))
            files["%s/%s.log" % (node, pod)] = s.text()
            continue
        tt = add(tdrain, 3 + g)
        for lr in (0, 4):
            r = g * 8 + lr
            s.add(tt, "[rank%d]:[E%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, t_glog(tt), r))
        s.add(add(tt, 1), glog(add(tt, 1), "E", 1, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: -6) local_rank: 0 (pid: 60) of binary: /usr/bin/python"))
        s.add(add(tt, 1.1), glog(add(tt, 1.1), "I", 1, "torch/distributed/elastic/agent/server/api.py:889", "[default] Worker group FAILED. 3/3 attempts left; will restart worker group"))
        s.add(add(tt, 1.2), glog(add(tt, 1.2), "I", 1, "torch/distributed/elastic/agent/server/api.py:677", "[default] Rendezvous'ing worker group"))
        s.add(tre, rdzv_result(tre, 1, 1, "emb-train-worker-0", 29400, g, 4, 8))
        if g == 0:
            s.add(add(tre, 40), "[rank0] %s resumed from /mnt/ckpt/emb-train/step_17000 (saved %s)" % (add(tre, 40).strftime("%H:%M:%S"), add(tdrain, -1520).strftime("%H:%M:%S")))
            for k in range(0, 6 * 3600, 1800):
                ti = add(tre, 60 + k)
                s.add(ti, "[rank0] %s step=%d loss=%.4f recall@100=%.3f" % (ti.strftime("%H:%M:%S"), 17000 + k // 1.9, 0.77 - k * 3e-6 + rng.uniform(-0.01, 0.01), 0.77))
            s.add(tend, "[rank0] %s training complete: 28400 steps, final recall@100=0.784; model written to /mnt/models/emb-v5" % tend.strftime("%H:%M:%S"))
        s.add(add(tend, 5), glog(add(tend, 5), "I", 1, "torch/distributed/elastic/agent/server/api.py:867", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        s.add(add(tend, 5.1), glog(add(tend, 5.1), "I", 1, "torch/distributed/elastic/agent/server/api.py:1049", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
        s.add(add(tend, 9), glog(add(tend, 9), "I", 1, "torch/distributed/elastic/agent/server/api.py:1062", "Done waiting for other agents. Elapsed: 3.97 seconds"))
        files["%s/%s.log" % (node, pod)] = s.text()
    # the replacement pod
    node = "aks-gpu-41930277-vmss00000b"
    s = Stream()
    s.add(add(tre, -20), glog(add(tre, -20), "I", 1, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"))
    s.add(add(tre, -20), ["  entrypoint       : /app/train_emb.py", "  min_nodes        : 3", "  max_nodes        : 4", "  nproc_per_node   : 8",
                          "  run_id           : emb-train", "  rdzv_backend     : c10d", "  rdzv_endpoint    : emb-train-worker-0:29400",
                          "  max_restarts     : 3", ""])
    s.add(tre, rdzv_result(tre, 1, 0, "emb-train-worker-0", 29400, 2, 4, 8))
    s.add(add(tend, 5), glog(add(tend, 5), "I", 1, "torch/distributed/elastic/agent/server/api.py:867", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
    files["%s/emb-train-worker-2.log" % node] = s.text()
    files["kubectl-events.txt"] = """LAST SEEN   TYPE     REASON               OBJECT                                   MESSAGE
6h45m       Normal   NodeNotSchedulable   node/aks-gpu-41930277-vmss000006         Node aks-gpu-41930277-vmss000006 status is now: NodeNotSchedulable
6h45m       Normal   Killing              pod/emb-train-worker-2                   Stopping container pytorch
6h45m       Normal   Drain                node/aks-gpu-41930277-vmss000006         Draining node for scheduled node image upgrade (AKSNodeImage 2024.10.15)
6h44m       Normal   SuccessfulCreatePod  pytorchjob/emb-train                     Created pod: emb-train-worker-2
6h44m       Normal   Scheduled            pod/emb-train-worker-2                   Successfully assigned ml/emb-train-worker-2 to aks-gpu-41930277-vmss00000b
6h43m       Normal   Started              pod/emb-train-worker-2                   Started container pytorch
12s         Normal   PyTorchJobSucceeded  pytorchjob/emb-train                     PyTorchJob emb-train successfully completed.
"""
    files["kubectl-get-pytorchjob.txt"] = """$ kubectl -n ml get pytorchjob emb-train
NAME        STATE       AGE
emb-train   Succeeded   16h
"""
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Worker-2's node was drained for a scheduled node-image upgrade; the pod was stopped, the NCCL errors on the other pods were the expected reaction, and the elastic agents re-formed the rendezvous (restart_count=1) with a replacement pod on vmss00000b. Training resumed from step 17000 and completed, and the PyTorchJob is Succeeded. No fault and no action needed.",
        "modelled_on": "https://github.com/kubeflow/trainer/issues/2000",
    }
    return "cp18_pod_evicted_drain_then_finished", files, label


# ==========================================================================
# cp19: CUDA OOM from the configuration at the same step on every restart
# ==========================================================================
def cp19():
    rng = random.Random(97019)
    nodes = ["h100-mlp-a07", "h100-mlp-a08"]
    files = {}
    t0 = T(2025, 2, 3, 9, 30, 0)
    streams = {n: Stream() for n in nodes}
    pid = {nodes[0]: 301122, nodes[1]: 288410}
    tt = t0
    for restart in range(3):
        for i, n in enumerate(nodes):
            streams[n].add(add(tt, i * 0.2), rdzv_result(add(tt, i * 0.2), pid[n], restart if i == 0 else 0, nodes[0], 29500, i, 2, 8))
        ts = add(tt, 85)
        if restart == 0:
            streams[nodes[0]].add(add(ts, -2), "[rank0]: %s | config: max_seq_len=32768 micro_batch_size=4 grad_accum=2 packing=False activation_checkpointing=False" % ts.strftime("%H:%M:%S"))
        for st in range(0, 165, 20):
            ti = add(ts, st * 3.4)
            streams[nodes[0]].add(ti, "[rank0]: step %3d | loss %.4f | peak_mem %.1f GiB | %.2f s/step" % (st, 1.92 - st * 0.001 + rng.uniform(-0.01, 0.01), 51.2 + rng.uniform(0, 9), 3.4 + rng.uniform(-0.05, 0.05)))
        tf = add(ts, 164 * 3.4 + 1.2)
        failing = [(5, 10.25, 6.02, 73.06)] if restart < 2 else [(5, 10.25, 6.02, 73.06), (12, 8.0, 4.41, 74.67)]
        for r, tried, free, used in failing:
            n = nodes[r // 8]
            streams[n].add(add(tf, -0.5), "[rank%d]: step 164 batch: lengths=[%s] (max_seq_len=32768)" % (r, ", ".join(str(x) for x in ([32768, 31977, 30112, 29840] if r == 5 else [32768, 32768, 17702, 12009]))))
            streams[n].add(tf, prefix(py_traceback([
                ("/srv/ft/train.py", 284, "<module>", "main()"),
                ("/srv/ft/train.py", 241, "main", "loss.backward()"),
                ("/srv/ft/.venv/lib/python3.11/site-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                ("/srv/ft/.venv/lib/python3.11/site-packages/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                ("/srv/ft/.venv/lib/python3.11/site-packages/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory 68.91 GiB is allocated by PyTorch, and 2.71 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (tried, r % 8, free, used)]), "[rank%d]: " % r))
        te = add(tf, 1.5)
        n0, n1 = nodes
        API = "torch/distributed/elastic/agent/server/api.py"
        streams[n0].add(te, glog(te, "E", pid[n0], "torch/distributed/elastic/multiprocessing/api.py:833",
                                 "failed (exitcode: 1) local_rank: 5 (pid: %d) of binary: /srv/ft/.venv/bin/python3" % (pid[n0] + 100 * (restart + 1) + 5)))
        if restart < 2:
            streams[n0].add(add(te, 0.1), glog(add(te, 0.1), "I", pid[n0], API + ":889",
                                               "[default] Worker group FAILED. %d/2 attempts left; will restart worker group" % (2 - restart)))
            streams[n0].add(add(te, 0.2), glog(add(te, 0.2), "I", pid[n0], API + ":677", "[default] Rendezvous'ing worker group"))
            streams[n1].add(add(te, 4), glog(add(te, 4), "I", pid[n1], API + ":907",
                                             "[default] Detected 1 new nodes from group_rank=1; will restart worker group"))
            streams[n1].add(add(te, 4.1), glog(add(te, 4.1), "I", pid[n1], API + ":699", "[default] Stopping worker group"))
            for lr in range(8):
                streams[n1].add(add(te, 4.2), glog(add(te, 4.2), "W", pid[n1], "torch/distributed/elastic/multiprocessing/api.py:858",
                                                   "Sending process %d closing signal SIGTERM" % (pid[n1] + 100 * (restart + 1) + lr)))
            streams[n1].add(add(te, 6), glog(add(te, 6), "I", pid[n1], API + ":677", "[default] Rendezvous'ing worker group"))
        else:
            streams[n0].add(add(te, 0.2), glog(add(te, 0.2), "I", pid[n0], API + ":699", "[default] Stopping worker group"))
            streams[n0].add(add(te, 0.3), child_failed("/srv/ft/train.py", n0, [(5, 5, "1", pid[n0] + 305)], "2025-02-03_%s" % te.strftime("%H:%M:%S")))
            streams[n1].add(add(te, 0.4), glog(add(te, 0.4), "E", pid[n1], "torch/distributed/elastic/multiprocessing/api.py:833",
                                               "failed (exitcode: 1) local_rank: 4 (pid: %d) of binary: /srv/ft/.venv/bin/python3" % (pid[n1] + 304)))
            streams[n1].add(add(te, 0.5), glog(add(te, 0.5), "I", pid[n1], API + ":889",
                                               "[default] Worker group FAILED. 2/2 attempts left; will restart worker group"))
            streams[n1].add(add(te, 0.6), glog(add(te, 0.6), "I", pid[n1], API + ":677", "[default] Rendezvous'ing worker group"))
            streams[n1].add(add(te, 1.5), _elastic_tb("/srv/ft/.venv/lib/python3.11/site-packages", [
                '  File "/srv/ft/.venv/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1123, in next_rendezvous',
                "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                '  File "/srv/ft/.venv/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 648, in run',
                "    raise RendezvousClosedError",
                "torch.distributed.elastic.rendezvous.api.RendezvousClosedError"]))
        tt = add(te, 8)
    for n in nodes:
        files["%s/torchrun.log" % n] = streams[n].text()
    files["nvidia-smi-before.txt"] = """# collected by the prolog, 2025-02-03 09:29:41
h100-mlp-a07: index, memory.used [MiB], compute processes
h100-mlp-a07: 0..7, 1 MiB, none
h100-mlp-a08: index, memory.used [MiB], compute processes
h100-mlp-a08: 0..7, 1 MiB, none
"""
    files["train_config.yaml"] = """model_name_or_path: /models/qwen2-7b
data: /datasets/longdoc-qa/train.parquet
max_seq_len: 32768          # was 8192 in run 3
micro_batch_size: 4
grad_accum: 2
packing: false
activation_checkpointing: false
fsdp: full_shard
lr: 1.0e-5
save_every: 500
"""
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "All three elastic attempts die at the same step 164 with torch.OutOfMemoryError during backward, and PyTorch's message shows the memory is held by the training process itself (no other process; the prolog shows the GPUs empty). The failing batch has four sequences near 32768 tokens, and the config raised max_seq_len to 32768 with micro_batch_size 4, no packing and no activation checkpointing. The third attempt also OOMs on rank 12 on the other node. A configuration OOM: reduce batch or sequence length.",
        "modelled_on": "https://github.com/foundation-model-stack/fms-hf-tuning/issues/471",
    }
    return "cp19_oom_config_every_restart", files, label


CASES = [cp11, cp12, cp13, cp14, cp15, cp16, cp17, cp18, cp19]
