"""Cases ag21-ag30."""
import random
from fmt import *


# ---------------------------------------------------------------- ag21
def ag21():
    rng = random.Random(2121)
    name = "ag21_all_ranks_fail_at_nccl_init_after_image_upgrade"
    files = {}
    nodes = ["ml-vm-%d" % i for i in range(1, 5)]
    t0 = T(2025, 3, 27, 15, 0, 0)
    for i, n in enumerate(nodes):
        L = ["# container: registry.internal/train/pytorch:25.02-custom  (previous: 24.10-custom)",
             "# env from image: NCCL_TOPO_FILE=/opt/conf/ndv4-topo.xml NCCL_IB_PCI_RELAXED_ORDERING=1"]
        for lr in (0, 1, 2, 3):
            r = i * 4 + lr
            pid = 3100 + lr
            L.append(nccl(n, pid, pid, lr, "INFO", "NCCL_TOPO_FILE set by environment to /opt/conf/ndv4-topo.xml"))
            L.append(nccl(n, pid, pid + 77, lr, "INFO", "NET/IB : Using [0]mlx5_ib0:1/IB [1]mlx5_ib1:1/IB ; OOB eth0:10.1.%d.4<0>" % i))
            L.append("%s:%d:%d [%d] graph/xml.cc:%d NCCL WARN Attribute busid of node nic not found" % (n, pid, pid + 77, lr, 623))
            L.append(nccl(n, pid, pid + 77, lr, "INFO", "graph/xml.cc:660 -> 3"))
            L.append(nccl(n, pid, pid + 77, lr, "INFO", "graph/topo.cc:691 -> 3"))
            L.append(nccl(n, pid, pid + 77, lr, "INFO", "init.cc:947 -> 3"))
            L.append(nccl(n, pid, pid + 77, lr, "INFO", "init.cc:1748 -> 3"))
            L.append("[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2746, internal error - please report this issue to the NCCL developers, NCCL version 2.25.1" % r)
            L.append("[rank%d]: ncclInternalError: Internal check failed." % r)
            L.append("[rank%d]: Last error:" % r)
            L.append("[rank%d]: Attribute busid of node nic not found" % r)
        files["%s/stdout.log" % n] = L
    files["ml-vm-1/lspci_nics.txt"] = ["0101:00:00.0 Infiniband controller: Mellanox Technologies MT28908 Family [ConnectX-6 Virtual Function]",
                                       "0102:00:00.0 Infiniband controller: Mellanox Technologies MT28908 Family [ConnectX-6 Virtual Function]",
                                       "# VM SKU: ND96amsr_A100_v4 ; topology xml in image is for ND96asr_v4 (different PCI layout)"]
    files["ml-vm-2/dmesg.txt"] = [dmesg_rel(44.0, "hv_vmbus: registering driver hv_pci"), dmesg_rel(51.2, "mlx5_core 0102:00:00.0: firmware version: 20.31.1014"),
                                  dmesg_rel(9122.8, "NVRM: " + xid("PCI:0002:00:00", 119, "pid=1802, name=dcgm-exporter, Timeout after 45s of waiting for RPC response from GPU1 GSP! Expected function 4097 (GSP_RM_ALLOC) (0x0 0x6c).")[6:]),
                                  dmesg_rel(9123.0, "# ^ previous day, before reimage; node passed health check after reboot")]
    files["changelog_image.txt"] = ["pytorch:25.02-custom", " - base bumped to NGC 25.02 (NCCL 2.25.1)", " - baked NCCL_TOPO_FILE=/opt/conf/ndv4-topo.xml into /etc/nccl.conf and ENV (copied from the old ND v4 build)"]
    files["sacct.txt"] = sacct([("31877", "ft-mixtral", "ndamv4", "research", "384", "FAILED", "1:0")])
    label = dict(category="dependency", layer="framework", culprit=None, action="stop",
                 rationale="Every rank on all four VMs fails NCCL init with ncclInternalError 'Attribute busid of node nic not found' because the upgraded image bakes in an NCCL_TOPO_FILE for a different VM type. It is an environment/image problem identical on every node, so restarting or swapping nodes won't help.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1247")
    return name, files, label


# ---------------------------------------------------------------- ag22
def ag22():
    rng = random.Random(2222)
    name = "ag22_job_fails_at_nccl_init_on_some_allocations_but_not_others"
    files = {}
    nodes = ["cn03%02d" % i for i in (35, 36, 37, 38)]
    bad = "cn0337"
    t0 = T(2025, 1, 30, 20, 44, 0)
    L = []
    for i, n in enumerate(nodes):
        L.append("%d: %s" % (i, "[%s] INFO: node %s local ranks %d-%d ready" % (t0.strftime("%H:%M:%S"), n, i * 8, i * 8 + 7)))
    for lr in (0, 3):
        pid = 40110 + lr
        L.append("2: %s" % ("%s:%d:%d [%d] misc/ibvwrap.cc:190 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory" % (bad, pid, pid + 61, lr)))
        L.append("2: %s" % nccl(bad, pid, pid + 61, lr, "INFO", "transport/net_ib.cc:1045 -> 2"))
        L.append("2: %s" % nccl(bad, pid, pid + 61, lr, "INFO", "transport/net.cc:801 -> 2"))
    L.append("2: [rank16]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5")
    L.append("2: [rank16]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ")
    L.append("2: [rank16]: Last error:")
    L.append("2: [rank16]: Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory")
    L.append("0: [rank0]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5")
    L.append("0: [rank0]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    L.append("0: [rank0]: Last error:")
    L.append("0: [rank0]: socketProgress: Connection closed by remote peer cn0337<51222>")
    files["job_71554/slurm-71554.out"] = L
    files["job_71554/ulimit_check.txt"] = ["$ srun -N4 --ntasks-per-node=1 bash -c 'echo $(hostname) $(ulimit -l)'"] + ["%s %s" % (n, "64" if n == bad else "unlimited") for n in nodes]
    files["job_71554/%s/slurmd_status.txt" % bad] = ["$ systemctl show slurmd -p LimitMEMLOCK -p ActiveEnterTimestamp",
                                                     "LimitMEMLOCK=65536", "ActiveEnterTimestamp=Wed 2025-01-29 17:02:11 UTC",
                                                     "$ ls -l /etc/systemd/system/slurmd.service.d/", "total 0",
                                                     "# other nodes: memlock.conf (LimitMEMLOCK=infinity) present; cn0337 was reimaged on 2025-01-29"]
    files["history.txt"] = ["earlier attempts of the same job script:",
                            "  71502  nodes cn[0335-0338]  FAILED at NCCL init (same ibv_reg_mr error from cn0337)",
                            "  71531  nodes cn[0312,0335,0337,0340] FAILED at NCCL init (same ibv_reg_mr error from cn0337)",
                            "  71540  nodes cn[0335-0336,0338-0339] COMPLETED test run (200 steps)"]
    files["job_71554/cn0335/dmesg.txt"] = [dmesg_rel(3300.1, "NVRM: " + xid(pci(1), 13, "pid=8812, name=gpu_burn, Graphics Exception: ChID 0010, Class 0000c6c0, Offset 00000000, Data 00000000")[6:]),
                                           dmesg_rel(3300.2, "# from admin burn-in test with deliberately invalid kernel, 2 weeks ago")]
    label = dict(category="host", layer="infrastructure", culprit={"node": "cn0337"}, action="restart_without_node",
                 rationale="Only cn0337's ranks fail NCCL init with ibv_reg_mr 'Cannot allocate memory'. After its reimage, slurmd on that node runs with the 64 KiB default memlock limit (no LimitMEMLOCK override, unlike the other nodes); the same job passes without it. A node configuration fault; the other ranks' remote errors are sympathetic.",
                 modelled_on="https://github.com/NVIDIA/nccl-tests/issues/206")
    return name, files, label


# ---------------------------------------------------------------- ag23
def ag23():
    rng = random.Random(2323)
    name = "ag23_loss_goes_nan_around_iteration_8700"
    files = {}
    att = [("run1", ["node-%02d" % i for i in range(1, 9)], T(2025, 7, 10, 1, 0, 0), 8731),
           ("run2", ["node-%02d" % i for i in range(9, 17)], T(2025, 7, 11, 4, 0, 0), 8731)]
    for tag, nodes, t0, nanit in att:
        L = ["  lr .............................................. 0.003", "  min_lr .......................................... 3e-05",
             "  lr_warmup_iters ................................. 500", "  clip_grad ....................................... 0.0",
             "  bf16 ............................................ True", "  seed ............................................ 1234"]
        L += nccl_init_block(nodes[0], 12001, 12201, 0, 0, 64, rng=rng, nnodes=8)[:5]
        L.append(nccl(nodes[0], 12001, 12201, 0, "INFO", "NET/IB : GPU Direct RDMA Disabled for HCA 3 'mlx5_3' (no module)"))
        t = add(t0, 100)
        for it in range(8000, nanit, 50):
            t = add(t, 50 * 1.9)
            loss = 2.61 + (0 if it < 8600 else (it - 8600) * 0.004) + rng.random() * 0.02
            gn = 0.5 + (0 if it < 8600 else (it - 8600) * 0.9)
            L.append(megatron_iter(t, it, 100000, 1900.1 + rng.random() * 10, 0.003, 512, loss, gn))
        bad_node = nodes[0] if tag == "run1" else nodes[0]
        L.append("[rank5]: Traceback (most recent call last):")
        L.append('[rank5]:   File "/workspace/megatron/core/distributed/param_and_grad_buffer.py", line 174, in check_grads')
        L.append("[rank5]: AssertionError: Rank 5: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 5, node: %s" % bad_node)
        L.append("[rank37]: AssertionError: Rank 37: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 5, node: %s" % nodes[4])
        L.append("srun: error: %s: task 5: Exited with exit code 1" % bad_node)
        files["%s/train.log" % tag] = L
    files["run2/NOTE.txt"] = ["Resubmitted on the other half of the partition (node-09..16) in case node-01 was bad.",
                              "Same seed/data order; NaN again at iteration 8731."]
    files["run1/node-01/dmesg.txt"] = [dmesg_rel(1203.3, "NVRM: " + xid(pci(5), 94, "pid=99102, name=python, Contained: SM (0x1). RST: No, D-RST: No")[6:]),
                                       dmesg_rel(1203.4, "# note from on-call: Xid 94 above is from 2025-06-28 (another user's job); row remapped, nothing pending")]
    files["run2/node-09/nvidia-smi-q.txt"] = ["    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 0", "        Pending                           : No"]
    label = dict(category="numerical", layer="script", culprit=None, action="stop",
                 rationale="Grad norm and loss blow up from about iteration 8600 and the job hits NaN at iteration 8731 in both runs on disjoint node sets (NaN reported on two different nodes each time) with lr 3e-3 and no gradient clipping. A divergent recipe, not hardware; the old Xid 94 on node-01 is unrelated.",
                 modelled_on="https://github.com/NVIDIA/Megatron-LM/issues/780")
    return name, files, label


# ---------------------------------------------------------------- ag24
def ag24():
    rng = random.Random(2424)
    name = "ag24_nan_loss_at_random_steps_in_three_restarts"
    files = {}
    pool = ["gpu-c-%02d" % i for i in range(1, 17)]
    bad = "gpu-c-09"
    attempts = [(["gpu-c-%02d" % i for i in (1, 2, 3, 9)], 1822, T(2025, 9, 2, 8, 0, 0)),
                (["gpu-c-%02d" % i for i in (9, 4, 5, 6)], 603, T(2025, 9, 2, 12, 0, 0)),
                (["gpu-c-%02d" % i for i in (7, 8, 9, 10)], 2410, T(2025, 9, 3, 0, 0, 0))]
    for a, (nl, step, t0) in enumerate(attempts, 1):
        bi = nl.index(bad)
        r = bi * 4 + 2
        L = ["[%s] Lightning: GLOBAL_RANK ordering: %s" % (t0.strftime("%Y-%m-%d %H:%M:%S"), ", ".join("%s->ranks %d-%d" % (n, k * 4, k * 4 + 3) for k, n in enumerate(nl)))]
        t = t0
        for s in range(100, step, 100):
            t = add(t, 510)
            L.append("Epoch 0:  %d/40000 [train_loss=%.3f, grad_norm=%.2f]" % (s, 1.9 - s * 0.00004, 0.8 + rng.random() * 0.1))
        L.append("[rank%d] NaNGuard: non-finite grad detected on rank %d (local param 'blocks.17.mlp.w2.weight') at step %d; skipping batch" % (r, r, step))
        L.append("[rank%d] NaNGuard: non-finite grad detected on rank %d (local param 'blocks.3.attn.qkv.weight') at step %d; skipping batch" % (r, r, step + 7))
        L.append("Epoch 0:  %d/40000 [train_loss=nan, grad_norm=nan]" % (step + 11))
        L.append("RuntimeError: NaNGuard: 3 consecutive non-finite steps, aborting (first offender rank %d)" % r)
        files["attempt%d/lightning.log" % a] = L
    files["gpu-c-09/dcgmi_diag_r3.txt"] = ["Successfully ran diagnostic for group.",
                                           "+---------------------------+------------------------------------------------+",
                                           "| Diagnostic                | Result                                         |",
                                           "+===========================+================================================+",
                                           "| Page Retirement/Row Remap | Pass                                           |",
                                           "| PCIe                      | Pass - All                                     |",
                                           "| GPU Memory                | Pass - All                                     |",
                                           "| Diagnostic                | Fail - GPU: 2                                  |",
                                           "| Warning                   | GPU 2 Error using CUDA API cudaDeviceSynchronize   |",
                                           "|                           | ... Found 41 data mismatches in the matrix    |",
                                           "|                           | multiply result (diagnostic SM stress)         |",
                                           "| Targeted Stress           | Pass - All                                     |",
                                           "| Targeted Power            | Pass - All                                     |",
                                           "+---------------------------+------------------------------------------------+"]
    files["gpu-c-09/dmesg.txt"] = [dmesg_rel(70221.4, "EDAC skx MC1: HANDLING MCE MEMORY ERROR"), dmesg_rel(70221.4, "EDAC MC1: 1 CE memory scrubbing error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0")]
    files["gpu-c-04/dmesg.txt"] = [dmesg_rel(88.1, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.90.07")]
    files["analysis_by_user.txt"] = ["All three attempts: same code, same seed, different dataloader shard offsets (resume).",
                                     "first offender rank: attempt1 rank 14, attempt2 rank 2, attempt3 rank 10 -> all map to local GPU 2 of gpu-c-09"]
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "gpu-c-09"}, action="restart_without_node",
                 rationale="The first non-finite gradient appears on a different global rank and at a different step in each of three attempts, but always on local GPU 2 of gpu-c-09, and dcgmi diag r3 finds matrix-multiply miscompares on that GPU. Silent data corruption following one node, so exclude it.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/113128")
    return name, files, label


# ---------------------------------------------------------------- ag25
def ag25():
    rng = random.Random(2525)
    name = "ag25_throughput_dropped_40_percent_since_tuesday"
    files = {}
    nodes = ["hpc-g%02d" % i for i in range(1, 9)]
    bad = "hpc-g06"
    t0 = T(2025, 5, 27, 6, 0, 0)
    L = []
    t = t0
    for it in range(2000, 4001, 100):
        t = add(t, 100 * (2.7 if it < 2600 else 3.9))
        L.append(megatron_iter(t, it, 200000, (2701.3 if it < 2600 else 3904.8) + rng.random() * 20, 2.4e-4, 1024, 2.3 - it * 0.00002, 0.29))
        if it % 500 == 0:
            L.append("(min, max) time across ranks (ms):")
            L.append("    forward-backward ...............................: (%.2f, %.2f)" % (2390.2 if it < 2600 else 2402.8, 2412.7 if it < 2600 else 2460.1))
            L.append("    params-all-gather ..............................: (%.2f, %.2f)" % (101.2, 118.0 if it < 2600 else 1288.4))
            L.append("    grads-reduce-scatter ...........................: (%.2f, %.2f)" % (98.8, 121.3 if it < 2600 else 1306.2))
    L.append(" [2025-05-28 04:12:55] StragglerDetector: GPU perf relative to median: all ranks within 0.97-1.03; comm: ranks 40-47 NCCL busbw 0.31x of median (node hpc-g06)")
    files["train_log_tail.txt"] = L
    files["nccl_tests_after.txt"] = ["# all_reduce_perf -b 1G -e 1G -g 8, per node (intra-node NVLink)"] + ["%s   busbw %6.1f GB/s" % (n, 471.2 + rng.random() * 3) for n in nodes] + \
                                   ["# all_reduce_perf across pairs of nodes (IB, 8x400G)"] + ["hpc-g01+%s   busbw %6.1f GB/s" % (n, (45.1 if n == bad else 361.0 + rng.random() * 5)) for n in nodes[1:]]
    files["%s/lspci_hca.txt" % bad] = ["$ lspci -vvv -s 3d:00.0 | grep -E 'LnkCap|LnkSta'",
                                       "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
                                       "\t\tLnkSta:\tSpeed 32GT/s (ok), Width x16 (ok)",
                                       "$ lspci -vvv -s 9d:00.0 | grep -E 'LnkCap|LnkSta'",
                                       "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
                                       "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x4 (downgraded)"]
    files["%s/dmesg.txt" % bad] = [dmesg_T(T(2025, 5, 27, 9, 41, 2), "pcieport 0000:9c:01.0: AER: Corrected error received: 0000:9d:00.0"),
                                   dmesg_T(T(2025, 5, 27, 9, 41, 2), "mlx5_core 0000:9d:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                                   dmesg_T(T(2025, 5, 27, 9, 41, 3), "mlx5_core 0000:9d:00.0: mlx5_pcie_event:301:(pid 1120): PCIe slot advertised sufficient power (75W)."),
                                   dmesg_T(T(2025, 5, 27, 9, 41, 3), "mlx5_core 0000:9d:00.0: mlx5_pcie_event:307:(pid 1120): Detected insufficient PCIe link bandwidth: 2.000 Gb/s available, 256.000 Gb/s required (limited by 2.5 GT/s PCIe x4 link)")]
    files["hpc-g02/lspci_hca.txt"] = ["$ lspci -vvv -s 9d:00.0 | grep -E 'LnkCap|LnkSta'", "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported", "\t\tLnkSta:\tSpeed 32GT/s (ok), Width x16 (ok)"]
    files["squeue.txt"] = ["JOBID PARTITION NAME  USER ST TIME  NODES NODELIST", "66120 train  gpt-13b  mlops R 1-22:11:04 8 hpc-g[01-08]"]
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "hpc-g06"}, action="restart_without_node",
                 rationale="The job is still running but roughly 40% slower: compute is even across ranks while all-gather/reduce-scatter time balloons, and the straggler detector and pairwise nccl-tests point to hpc-g06, whose HCA at 9d:00.0 retrained down to PCIe 2.5GT/s x4 at 09:41 Tuesday. That is node evidence, so remove the node.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/2157")
    return name, files, label


# ---------------------------------------------------------------- ag26
def ag26():
    rng = random.Random(2626)
    name = "ag26_step_time_doubled_for_no_obvious_reason"
    files = {}
    nodes = ["a100-%02d" % i for i in range(1, 5)]
    t0 = T(2025, 2, 18, 3, 0, 0)
    L = []
    t = t0
    for s in range(0, 3001, 250):
        t = add(t, 250 * (1.12 if s < 1500 else 2.31))
        L.append("[%s] [Rank 0] step=%d, skipped=0, lr=[0.0001], mom=[(0.9, 0.999)]" % (t.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], s))
        L.append("[%s] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f"
                 % (t.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3], 212.1, 401.2, 396.0, 380.2 if s < 1500 else 1610.8, 21.2))
    files["rank0_wall_clock_breakdown.log"] = L
    per = ["# per-rank fwd+bwd compute time (ms, median over last 200 steps), from DeepSpeed wall_clock_breakdown on each rank"]
    for r in range(16):
        per.append("rank %2d (%s, gpu %d): fwd %6.1f  bwd_inner %6.1f" % (r, nodes[r // 4], r % 4, 212 + rng.random() * 3 if r != 11 else 468.3, 396 + rng.random() * 4 if r != 11 else 1187.9))
    files["per_rank_timing.txt"] = per
    files["a100-03/nvidia-smi-q-clocks.txt"] = ["GPU 00000000:%s:00.0" % busid(3, 4).upper(), "    Clocks Event Reasons", "        Idle                              : Not Active",
                                                "        Applications Clocks Setting       : Not Active", "        SW Power Cap                      : Not Active",
                                                "        HW Slowdown                       : Not Active", "        HW Thermal Slowdown               : Not Active",
                                                "        HW Power Brake Slowdown           : Not Active", "        SW Thermal Slowdown               : Not Active",
                                                "    Clocks", "        Graphics                          : 1410 MHz", "        SM                                : 1410 MHz",
                                                "        Memory                            : 1593 MHz", "    Temperature", "        GPU Current Temp                  : 61 C",
                                                "    ECC Errors", "        Volatile", "            DRAM Uncorrectable            : 0"]
    files["a100-03/dmesg.txt"] = [dmesg_rel(120031.2, "perf: interrupt took too long (2502 > 2500), lowering kernel.perf_event_max_sample_rate to 79750")]
    files["a100-03/top.txt"] = ["top - 07:12:44 up 11 days,  3:12,  0 users,  load average: 41.02, 40.87, 40.50",
                                "%Cpu(s): 42.1 us,  2.0 sy,  0.0 ni, 55.7 id,  0.0 wa,  0.0 hi,  0.2 si",
                                "    PID USER      PR  NI    VIRT    RES  %CPU %MEM COMMAND", "  88123 mlops     20   0  112.3g  38.1g 100.3  7.6 python", "  88124 mlops     20   0  111.9g  37.9g 100.0  7.5 python",
                                "  88125 mlops     20   0  112.1g  38.0g 100.2  7.5 python", "  88126 mlops     20   0  112.0g  38.0g 100.1  7.5 python"]
    files["status.txt"] = ["job 'rm-7b-dpo' still RUNNING (squeue), no errors in any log; ETA grew from 19h to 38h"]
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "a100-03", "rank": 11}, action="run_diagnostics",
                 rationale="Step time roughly doubled because rank 11 (a100-03, GPU 3) runs its forward/backward 2-3x slower than every other rank, so everyone waits in allreduce; the job keeps running. Clocks, throttle reasons, ECC, temperature and dmesg on that node all look normal, so diagnostics are needed before acting.",
                 modelled_on="https://github.com/kohya-ss/sd-scripts/issues/1434")
    return name, files, label


# ---------------------------------------------------------------- ag27
def ag27():
    rng = random.Random(2727)
    name = "ag27_training_stuck_no_progress_for_30_minutes"
    files = {}
    nodes = ["sc-n%03d" % i for i in (101, 102, 103, 104)]
    t0 = T(2025, 12, 9, 14, 0, 0)
    th = add(t0, 7300)
    L = []
    t = t0
    for s in range(5000, 5400, 20):
        t = add(t, 20 * 17.9)
        L.append("[rank0]:[titan] %s,%03d - root - INFO - step: %d  loss: %.4f  memory: 61.02GiB(77.14%%)  tps: 3,902  mfu: 41.20%%" % (t.strftime("%Y-%m-%d %H:%M:%S"), rng.randint(0, 999), s, 2.11 - s * 0.00001))
    for r in (0, 1, 12, 14, 31):
        L.append(glog("E", add(th, 1800 + r * 0.01), "ProcessGroupNCCL.cpp:632", "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=301877, OpType=ALLREDUCE, NumelIn=268435456, NumelOut=268435456, Timeout(ms)=1800000) ran for 1800061 milliseconds before timing out." % r, rank=r))
    L.append(glog("E", add(th, 1801), "ProcessGroupNCCL.cpp:2168", "[PG ID 0 PG GUID 0(default_pg) Rank 0]  failure detected by watchdog at work sequence id: 301877 PG status: last enqueued work: 301877, last completed work: 301876", rank=0))
    files["console.log"] = L
    files["fr_trace.txt"] = ["$ python -m torch.distributed.flight_recorder.fr_trace -j /scratch/fr/ --print_only",
                             "Not all ranks joining collective 301877 at entry 301876",
                             "group info: 0:default_pg", "collective: nccl:all_reduce", "missing ranks: {13}",
                             "input sizes: [[268435456]]", "expected ranks: 32",
                             "rank 13 last enqueued: 301876 (nccl:all_reduce, state: completed); no entry for 301877"]
    files["sc-n104/pyspy_rank13.txt"] = ["$ py-spy dump --pid 41313", "Process 41313: /usr/bin/python3 -m torchtitan.train --job.config_file llama3_70b.toml", "Python v3.11.9",
                                         "Thread 41313 (active): \"MainThread\"", "    synchronize (torch/cuda/__init__.py:954)",
                                         "    _wait_for_optimizer_step (torchtitan/components/optimizer.py:212)", "    train_step (torchtitan/train.py:412)",
                                         "    train (torchtitan/train.py:521)", "Thread 41502 (idle): \"Thread-2 (_pin_memory_loop)\"", "    get (queue.py:180)"]
    files["sc-n104/nvidia-smi.txt"] = nvsmi(add(th, 1500), 8, util={k: (100 if k == 5 else 0) for k in range(8)}, pwr={k: (118 if k == 5 else 92) for k in range(8)},
                                          procs=[(k, 41308 + k, "/usr/bin/python3", 62410) for k in range(8)], mem={k: 62410 for k in range(8)})
    files["sc-n104/dmesg.txt"] = [dmesg_T(add(t0, -7200), "Lustre: lustre-MDT0000-mdc-ffff9a1e: Connection restored to 10.9.0.2@o2ib (at 10.9.0.2@o2ib)")]
    files["layout.txt"] = ["c10d rendezvous assigned node order: sc-n101 (ranks 0-7), sc-n104 (ranks 8-15), sc-n102 (ranks 16-23), sc-n103 (ranks 24-31)", "(not alphabetical - check torchrun 'assigned group_rank' lines if in doubt)"]
    label = dict(category="hang", layer="infrastructure", culprit={"node": "sc-n104", "rank": 13}, action="run_diagnostics",
                 rationale="Every other rank is waiting in all_reduce 301877, and the flight recorder shows rank 13 never enqueued it. py-spy places rank 13 (sc-n104, local GPU 5) in a CUDA synchronize with its GPU pinned at 100% utilisation, while dmesg shows no Xid. The stuck rank is identified but not why, so run diagnostics.",
                 modelled_on="https://github.com/lsdefine/simple_GRPO/issues/46")
    return name, files, label


# ---------------------------------------------------------------- ag28
def ag28():
    rng = random.Random(2828)
    name = "ag28_all_ranks_timed_out_in_allreduce_overnight"
    files = {}
    nodes = ["gn%02d" % i for i in range(1, 5)]
    t0 = T(2025, 4, 14, 22, 0, 0)
    th = add(t0, 5 * 3600 + 12)
    L = []
    t = t0
    for s in range(0, 9001, 500):
        t = add(t, 500 * 2.0)
        L.append("%s - INFO - step %d/20000 loss=%.4f lr=%.2e samples/s=%.1f" % (t.strftime("%Y-%m-%d %H:%M:%S"), s, 1.4 - s * 0.00005, 1e-4, 1020.3 + rng.random() * 4))
    for r in range(0, 32, 3):
        L.append(glog("E", add(th, 600 + r * 0.003), "ProcessGroupNCCL.cpp:632", "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=91002, OpType=ALLREDUCE, NumelIn=25165824, NumelOut=25165824, Timeout(ms)=600000) ran for 600032 milliseconds before timing out." % r, rank=r, ns=False, tid=2200 + r))
    L.append("srun: error: gn03: tasks 16-23: Aborted")
    L.append("srun: error: gn01: tasks 0-7: Aborted")
    files["slurm-4471.out"] = L
    files["fr_trace.txt"] = ["$ fr_trace -j dumps/", "collective 91002: all 32 ranks entered nccl:all_reduce (state: started), none completed",
                             "no size/type mismatch detected; no missing ranks"]
    for n in nodes:
        files["%s/dmesg.txt" % n] = [dmesg_T(add(t0, -3600), "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")]
        files["%s/ibstat.txt" % n] = ["CA 'mlx5_0'", "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 200"]
    files["gn02/dmesg.txt"].append(dmesg_T(add(th, 720), "NVRM: " + xid(pci(3), 45, "pid=23391, name=python, Ch 00000008")[6:]))
    files["sacct.txt"] = sacct([("4471", "clip-vitl", "gpu", "vision", "256", "FAILED", "6:0")])
    label = dict(category="hang", layer="infrastructure", culprit=None, action="restart",
                 rationale="All 32 ranks entered all_reduce 91002 and none completed. There is no missing rank, mismatch, Xid (the Xid 45 comes after the abort) or link event, so nothing points to a node or to the program: a hang without attributable cause.",
                 modelled_on="https://github.com/ai2cm/ace/issues/348")
    return name, files, label


# ---------------------------------------------------------------- ag29
def ag29():
    rng = random.Random(2929)
    name = "ag29_nccl_warnings_and_oom_messages_in_log_is_the_run_ok"
    files = {}
    nodes = ["dgx-s%02d" % i for i in (1, 2)]
    t0 = T(2025, 6, 6, 9, 0, 0)
    L = ["[W606 09:00:12.318004 socket.cpp:752] [c10d] The client socket has failed to connect to [dgx-s01]:29500 (errno: 97 - Address family not supported by protocol).",
         "dgx-s02:5512:5512 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so",
         "dgx-s02:5512:5644 [0] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'",
         "dgx-s01:7001:7101 [3] transport/nvls.cc:165 NCCL WARN Cuda failure 'operation not supported'  (NVLS disabled, falling back)",
         "[accelerate] find_executable_batch_size: trying per_device_train_batch_size=64",
         "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 6.00 GiB. GPU 3 has a total capacity of 79.11 GiB of which 3.02 GiB is free. Including non-PyTorch memory, this process has 76.07 GiB memory in use. Of the allocated memory 71.9 GiB is allocated by PyTorch, and 2.7 GiB is reserved by PyTorch but unallocated.",
         "[accelerate] find_executable_batch_size: OOM caught, retrying with per_device_train_batch_size=32"]
    t = add(t0, 200)
    for s in range(0, 6001, 500):
        t = add(t, 500 * 1.4)
        L.append("{'loss': %.4f, 'learning_rate': %.2e, 'epoch': %.2f}" % (1.1 - s * 0.00008, 2e-5, s / 6000))
    L.append("{'train_runtime': 8431.22, 'train_samples_per_second': 364.1, 'train_steps_per_second': 0.712, 'train_loss': 0.7731, 'epoch': 1.0}")
    L.append("Saving model checkpoint to /ckpt/run-0606/final")
    L.append("[rank0]:[W606 11:24:41.009000 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process.")
    files["train_stdout.log"] = L
    files["dgx-s02/dmesg.txt"] = [dmesg_T(add(t0, -5 * 86400), xid(pci(6), 79, "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")),
                                  dmesg_T(add(t0, -5 * 86400 + 3), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % busid(6)),
                                  dmesg_T(add(t0, -4 * 86400), "Linux version 6.8.0-45-generic (buildd@lcy02-amd64-011) -- node rebooted, GPU6 reseated (ticket HW-2291)"),
                                  dmesg_T(add(t0, 30), "nvidia-peermem: Loaded")]
    files["sacct.txt"] = sacct([("9911", "sft-llama", "dgx", "ml", "224", "COMPLETED", "0:0"), ("9911.0", "accelerate", "", "ml", "224", "COMPLETED", "0:0")])
    files["dgx-s02/nvidia-smi.txt"] = nvsmi(add(t0, 9000), 8)
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The run completed (train_runtime reported, final checkpoint saved, sacct COMPLETED 0:0). The OOM was caught by the batch-size finder, the NCCL NVLS/plugin/socket warnings are benign fallbacks, and the Xid 79 on dgx-s02 was 5 days earlier, before a reboot and reseat.",
                 modelled_on="https://github.com/huggingface/accelerate/issues/1192")
    return name, files, label


# ---------------------------------------------------------------- ag30
def ag30():
    rng = random.Random(3030)
    name = "ag30_job_killed_with_nccl_remote_errors_and_xid_45_at_the_end"
    files = {}
    nodes = ["jz-g%03d" % i for i in (210, 211, 212, 213, 214, 215)]
    t0 = T(2025, 10, 20, 0, 0, 0)
    tend = add(t0, 20 * 3600)
    L = []
    t = t0
    for it in range(1000, 19001, 1000):
        t = add(t, 3760)
        L.append(megatron_iter(t, it, 500000, 3760.2 + rng.random() * 5, 1e-4, 768, 2.2 - it * 0.00001, 0.27))
        if it % 5000 == 0:
            L.append("saving checkpoint at iteration %8d to /lustre/ckpt/gpt-7b" % it)
            L.append("  successfully saved checkpoint at iteration %8d to /lustre/ckpt/gpt-7b" % it)
    L.append("slurmstepd: error: *** JOB 1188231 ON jz-g210 CANCELLED AT %s DUE TO TIME LIMIT ***" % iso(tend))
    L.append("slurmstepd: error: *** STEP 1188231.0 ON jz-g210 CANCELLED AT %s DUE TO TIME LIMIT ***" % iso(tend))
    L.append("W1020 %s.101000 77110 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % add(tend, 1).strftime("%H:%M:%S"))
    L.append("[rank17]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5")
    L.append("[rank17]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    L.append("[rank33]: RuntimeError: CUDA error: unspecified launch failure")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 77110 got signal: 15")
    files["slurm-1188231.out"] = L
    files["sacct.txt"] = sacct([("1188231", "gpt-7b", "gpu_p5", "xyz@a100", "480", "TIMEOUT", "0:0"), ("1188231.b+", "batch", "", "xyz@a100", "80", "CANCELLED", "0:15"),
                                ("1188231.0", "torchrun", "", "xyz@a100", "480", "CANCELLED", "0:15")])
    files["job.sbatch"] = ["#SBATCH --time=20:00:00", "#SBATCH --nodes=6 --gres=gpu:8", "#SBATCH --signal=SIGUSR1@90   # (not handled by the script)"]
    for n in (nodes[0], nodes[4]):
        files["%s/dmesg.txt" % n] = [dmesg_T(add(tend, 2 + k * 0.1), xid(pci(k), 45, "pid=%d, name=python, Ch %08x" % (90000 + k + (0 if n == nodes[0] else 500), 8 + k))) for k in range(8)]
    files[nodes[4] + "/dmesg.txt"].insert(0, dmesg_T(add(t0, -86400 * 3), xid(pci(1), 109, "pid=3021, name=python, Ch 0000000a, errorString CTX SWITCH TIMEOUT, Info 0x3c018  (job 1179920, another user)")))
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The healthy job ran until Slurm cancelled it at its 20 h time limit (sacct TIMEOUT), after saving checkpoints every 5000 iterations. The ncclRemoteError, 'unspecified launch failure' and Xid 45 preemptive cleanup all come after the SIGTERM, and the Xid 109 is from another user's job 3 days earlier.",
                 modelled_on="https://slurm.schedmd.com/sbatch.html")
    return name, files, label


CASES = [ag21, ag22, ag23, ag24, ag25, ag26, ag27, ag28, ag29, ag30]
