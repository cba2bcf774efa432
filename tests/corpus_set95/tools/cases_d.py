"""Cases cn22-cn28."""
import sys

sys.dont_write_bytecode = True

import json
import random

from common import (dt, add, iso, glog, dmesg_T, syslog, xid_line, boot_noise, job_noise,
                    nvidia_smi_q, dcgmi_standard, sel_lines, sel_baseline, sacct, join,
                    child_failed, agent_failed, hexid, ibstat_ca, pyts, ROOT_PORT)
from cluster import Cluster, srun_label, torchrun_banner, rank_tb, CUDA_ERR_TAIL
from cases_a import label, sbatch
from cases_b import _dmesg, _base_dmesg, _agents_fail


# ---------------------------------------------------------------------------
def cn22():
    rng = random.Random(9522)
    hosts = ["ib-h100-%04d" % i for i in range(401, 409)]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    down = hosts[4:]
    ips = {h: "10.31.4.%d" % (int(h[-3:]) - 400 + 10) for h in hosts}
    jid = 4820931
    t0 = dt(2025, 5, 6, 0, 30, 12)
    files = {}
    files["job.sbatch"] = sbatch(jid, "llama3-70b", 8, "prod")
    files["hosts.txt"] = join(["%s %s" % (ips[h], h) for h in hosts])
    files["topology.json"] = json.dumps({"topology": {"ib-leaf-07": hosts[:4], "ib-leaf-08": hosts[4:]}}, indent=2) + "\n"
    L = ["Job %d starting at %s on ib-h100-[0401-0408]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    t = add(t0, 200)
    last = 3390
    for s in range(10, last + 1, 10):
        L.append("0: [rank0]: %s INFO step %d loss %.4f tok/s/gpu %d" % (pyts(add(t, s * 6.2)), s, 1.9 * 0.9997 ** s + 1.5, 2890 + rng.randint(-20, 20)))
    t_sw = add(t, last * 6.2 + 2.8)
    for k in range(40):
        h = rng.choice(hosts)
        l = rng.randint(0, 7)
        peer = rng.choice([x for x in down if x != h])
        ni = hosts.index(h)
        L.append(srun_label(ni) + "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                 % (h, c.pid[(h, l)], c.pid[(h, l)] + 222, l, ips[peer], rng.randint(40000, 62000), ips[h], ips[peer]))
    for h in down:
        for l in rng.sample(range(8), 3):
            L.append(srun_label(hosts.index(h)) + "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (h, c.pid[(h, l)], c.pid[(h, l)] + 190, l))
    for k in range(14):
        r = rng.randint(0, c.world - 1)
        h, l = c.where(r)
        L.append(srun_label(hosts.index(h)) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, glog(add(t_sw, 24 + rng.random() * 5)), r))
    _agents_fail(c, add(t_sw, 32), L, srun_label, "train.py")
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "llama3-70b", "prod", "FAILED", "1:0", "05:53:56", "ib-h100-[0401-0408]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "05:53:49", "ib-h100-[0401-0408]"),
    ])
    hca_bus = ["0c", "1f", "47", "5e", "9d", "b1", "c9", "e0"]
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=11)
        if h in down:
            for k, b in enumerate(hca_bus):
                tt = add(t_sw, rng.random() * 0.4)
                D.append((tt, "mlx5_core 0000:%s:00.0 ibp%ds0: Link down" % (b, int(b, 16))))
                D.append((add(tt, 0.002), "mlx5_core 0000:%s:00.0: mlx5_ib_event:...: port 1 change event: PORT_ERR" % b))
        files["%s/dmesg.txt" % h] = _dmesg(D)
        I = []
        for k in range(8):
            if h in down:
                I += ibstat_ca("mlx5_%d" % k, state="Down", phys="Polling", rng=rng)
            else:
                I += ibstat_ca("mlx5_%d" % k, lid=rng.randint(100, 2000), rng=rng)
        files["%s/ibstat.txt" % h] = join(I)
    sw_guid = hexid(rng, 16)
    files["ufm-events.txt"] = join([
        "%s  WARNING  Switch ib-leaf-08 (0x%s): Power supply 2 failure" % (iso(add(t_sw, -41)), sw_guid),
        "%s  CRITICAL Switch ib-leaf-08 (0x%s): Device reboot detected (reason: power cycle)" % (iso(add(t_sw, -1)), sw_guid),
    ] + ["%s  WARNING  Link went down: (Switch:ib-leaf-08 port %d)-(Computer:%s HCA-%d port 1)" % (iso(add(t_sw, 0.2 + 0.01 * k)), k + 1, down[k // 8], k % 8 + 1) for k in range(32)])
    lab = label("network", "infrastructure", None, None, "restart",
                "The job died in NCCL NET/IB completion errors (status=12) and port-error async events. Not one node is at fault: at the same second all 32 HCA links of the four nodes under ib-leaf-08 (topology.json) went down and still show Down/Polling in ibstat, while the ib-leaf-07 nodes are clean. "
                "The UFM log shows ib-leaf-08 losing a PSU and power-cycling. A leaf switch failure is a fabric fault; restart once the switch is back, with no node to exclude.",
                "https://github.com/marin-community/marin/issues/6950")
    return "cn22_leaf_switch_reboot_four_nodes_links_down", files, lab


# ---------------------------------------------------------------------------
def cn23():
    rng = random.Random(9523)
    hosts = ["gpu-w-13", "gpu-w-14", "gpu-w-15", "gpu-w-16"]
    c = Cluster(rng, hosts, 8, "hgx_dell")
    bad_h, bad_l = "gpu-w-15", 1
    bad_r = c.rank(bad_h, bad_l)
    b = c.bus[bad_l]
    rp = ROOT_PORT[b]
    jid = 1180274
    t0 = dt(2025, 6, 10, 8, 0, 40)
    files = {}
    files["job.sbatch"] = sbatch(jid, "titan-8b-ft", 4, "h100")
    L = ["Job %d starting at %s on gpu-w-[13-16]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    L += c.nccl_init(add(t0, 38), label=srun_label, only_complete=True)
    t = add(t0, 80)
    for s in range(10, 3001, 10):
        L.append("0: [rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 48.02GiB(60.70%%)  tps: %s  mfu: 26.%02d%%"
                 % (pyts(add(t, s * 3.4)), s, 1.6 * 0.9996 ** s + 0.9, "{:,}".format(5930 + rng.randint(-50, 50)), rng.randint(0, 99)))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "titan-8b-+", "h100", "RUNNING", "0:0", "02:51:10", "gpu-w-[13-16]"),
        ("%d.0" % jid, "torchrun", "", "RUNNING", "0:0", "02:51:04", "gpu-w-[13-16]"),
    ])
    files["oncall-note.txt"] = join([
        "Same config and code ran at ~9.1k tps/GPU on gpu-w-[01-04] last week; this allocation gets ~5.9k. Job still running.",
        "Data loader and storage look idle; collected per-node GPU state.",
    ])
    tq = add(t, 3000 * 3.4 + 20)
    for h in hosts:
        per = {"all": {"temp": 52, "power": 455.0, "sm_clock": 1980, "util": 71, "used_mib": 49300, "tx": 21000000, "rx": 18000000}}
        if h == bad_h:
            per[bad_l] = {"link_width": 4, "replays": 48213, "rollovers": 2, "tx": 3900000, "rx": 3700000, "util": 99, "power": 512.0}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per), driver="550.90.07")
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=1, driver="550.90.07")
        if h == bad_h:
            D.append((add(boot, 3.4), "pci 0000:%s:00.0: 126.028 Gb/s available PCIe bandwidth, limited by 32.0 GT/s PCIe x4 link at 0000:%s (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)" % (b, rp)))
            for k in range(40):
                tt = add(t, 200 + k * 251 + rng.randint(0, 60))
                D += [(tt, "pcieport 0000:%s: AER: %sCorrected error message received from 0000:%s:00.0" % (rp, "Multiple " if k % 3 else "", b)),
                      (tt, "nvidia 0000:%s:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % b),
                      (tt, "nvidia 0000:%s:00.0:   device [10de:2330] error status/mask=00000001/0000e000" % b),
                      (tt, "nvidia 0000:%s:00.0:    [ 0] RxErr                  (First)" % b)]
                if k % 5 == 4:
                    D += [(tt, "nvidia 0000:%s:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)" % b),
                          (tt, "nvidia 0000:%s:00.0:    [12] Timeout               " % b)]
        if h == "gpu-w-13":
            ta = add(t0, 4000)
            D += [(ta, "pcieport 0000:0a:01.0: AER: Corrected error message received from 0000:0c:00.0"),
                  (ta, "mlx5_core 0000:0c:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                  (ta, "mlx5_core 0000:0c:00.0:    [ 0] RxErr                  (First)")]
        files["%s/dmesg.txt" % h] = _dmesg(D)
    files["%s/dcgmi-diag-r2.txt" % bad_h] = dcgmi_standard(2, ",".join(["2330"] * 8), {
        "PCIe": ("Fail - GPU: 1", ["Detected 812 PCIe replays per minute for GPU 1 : 812, which is above the threshold of 8. Reconnect PCIe card. Run system side PCIE diagnostic utilities to verify hops off the GPU board.",
                                   "GPU 1 host-to-device bandwidth 11.87 GB/s is below the minimum of 20.00 GB/s"]),
    }, driver="550.90.07")
    lab = label("straggler", "infrastructure", bad_h, bad_r, "restart_without_node",
                "The running job is about 35%% below the throughput this config reaches elsewhere, with no errors in stdout. "
                "On %s, GPU %d (0000:%s:00.0) trained its PCIe link at x4 instead of x16 (kernel bandwidth notice at boot and nvidia-smi -q 'Link Width Current: 4x'), has 48k replays, floods dmesg with corrected RxErr AER events, and fails the dcgmi diag -r 2 PCIe test; "
                "the NCCL init lines put rank %d on that bus. The single corrected NIC AER on gpu-w-13 is benign." % (bad_h, bad_l, b, bad_r),
                "https://github.com/IBM/autopilot/issues/68")
    return "cn23_gpu_pcie_link_x4_replays_straggler", files, lab


# ---------------------------------------------------------------------------
def cn24():
    rng = random.Random(9524)
    hosts = ["gpu-f-31", "gpu-f-32", "gpu-f-33", "gpu-f-34"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    bad_h, bad_l = "gpu-f-33", 6
    bad_r = c.rank(bad_h, bad_l)
    jid = 702215
    t0 = dt(2025, 7, 1, 15, 12, 9)
    files = {}
    files["job.sbatch"] = sbatch(jid, "sft-llama", 4, "shared-h100")
    L = ["Job %d starting at %s on gpu-f-[31-34]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    t = add(t0, 66)
    for s in range(5, 41, 5):
        L.append("0: [rank0]: %s INFO step %d loss %.4f mem_alloc 33.9GiB" % (pyts(add(t, s * 2.2)), s, 1.3 - s * 0.002))
    t_err = add(t, 43 * 2.2)
    tb = rank_tb(bad_r, [
        ("/home/akumar/sft/train.py", 189, "<module>", "main()"),
        ("/home/akumar/sft/train.py", 170, "main", "loss = model(**batch).loss"),
        ("/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
        ("/usr/local/lib/python3.11/site-packages/transformers/models/llama/modeling_llama.py", 1189, "forward", "logits = logits.float()"),
    ], ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 6 has a total capacity of 79.10 GiB of which 1.02 GiB is free. Process 218833 has 41.20 GiB memory in use. Including non-PyTorch memory, this process has 36.85 GiB memory in use. Of the allocated memory 33.12 GiB is allocated by PyTorch, and 2.31 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
    L += [srun_label(2) + x for x in tb]
    for k in range(8):
        r = rng.choice([x for x in range(c.world) if x != bad_r])
        h, l = c.where(r)
        L.append(srun_label(hosts.index(h)) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, glog(add(t_err, 1 + rng.random() * 3)), r))
    _agents_fail(c, add(t_err, 5), L, srun_label, "train.py", first_local={bad_h: bad_l}, exitcode=1, sig=None)
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "sft-llama", "shared-h1+", "FAILED", "1:0", "00:02:48", "gpu-f-[31-34]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "00:02:42", "gpu-f-[31-34]"),
    ])
    tq = add(t_err, 30)
    for h in hosts:
        per = {"all": {"temp": 33, "power": 70.0}}
        if h == bad_h:
            per[bad_l] = {"used_mib": 42190, "util": 34, "power": 221.0, "procs": [(218833, "/home/mchen/.venvs/serve/bin/python3", 42190)]}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per), driver="550.90.07")
    files["%s/ps.txt" % bad_h] = join([
        "$ ps -eo pid,ppid,user,lstart,etime,args --sort=-rss | head",
        "    PID    PPID USER                      STARTED     ELAPSED COMMAND",
        " 218833  218790 mchen    Sat Jun 29 09:41:17 2025  2-05:31:02 /home/mchen/.venvs/serve/bin/python3 -m vllm.entrypoints.openai.api_server --model /models/qwen2-7b-instruct --gpu-memory-utilization 0.5 --port 8011",
        " 218790       1 mchen    Sat Jun 29 09:41:15 2025  2-05:31:04 tmux new -s serve",
        "   2871       1 root     Mon Jun  2 07:10:44 2025 29-08:01:35 /usr/bin/nv-hostengine -n --service-account nvidia-dcgm",
        "   1904       1 root     Mon Jun  2 07:10:40 2025 29-08:01:39 /usr/sbin/slurmd -D -s",
    ])
    files["%s/dmesg.txt" % bad_h] = _dmesg(_base_dmesg(rng, bad_h, t0, days=29, driver="550.90.07")[0])
    lab = label("oom", "infrastructure", bad_h, bad_r, "restart_without_node",
                "Rank %d died with CUDA OOM on GPU %d of %s, and the message itself says another process (218833) holds 41.2 GiB of that GPU; the other ranks only report the peer exiting. "
                "nvidia-smi -q shows pid 218833 still on that GPU after the job ended, and ps shows it is a vLLM server user mchen started two days earlier in tmux, outside Slurm. "
                "The configuration fits on the other 31 GPUs; the node needs cleaning or excluding." % (bad_r, bad_l, bad_h),
                "https://github.com/huggingface/accelerate/issues/200")
    return "cn24_foreign_vllm_process_fills_one_gpu", files, lab


# ---------------------------------------------------------------------------
def cn25():
    rng = random.Random(9525)
    hosts = ["gpu-f-05", "gpu-f-06", "gpu-f-07", "gpu-f-08"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    bad_h, bad_l = "gpu-f-07", 3
    bad_r = c.rank(bad_h, bad_l)
    jid = 655019
    t0 = dt(2025, 7, 19, 2, 14, 55)
    files = {}
    files["job.sbatch"] = sbatch(jid, "mm-pretrain", 4, "h100")
    L = ["Job %d starting at %s on gpu-f-[05-08]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    t = add(t0, 90)
    for s in range(10, 1311, 10):
        L.append("0: [rank0]: %s INFO step %d loss %.4f img/s %d dataloader_wait %.2fs" % (pyts(add(t, s * 2.6)), s, 3.2 * 0.9995 ** s + 1.1, 1580 + rng.randint(-15, 15), 0.02 + rng.random() * 0.02))
    t_oom = add(t, 1314 * 2.6)
    L += c.flood(add(t_oom, 600.2), 40211, "ALLREDUCE", 121634816, 600000, label=srun_label, skip=(bad_r,), frames_for={0, 27})
    fl = {bad_h: bad_l}
    for ni, h in enumerate(hosts):
        lab = srun_label(ni)
        if h == bad_h:
            for l in range(8):
                if l != bad_l:
                    L.append(lab + "W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM" % (glog(add(t_oom, 0.8 + 0.001 * l), ""), c.agent_pid[h], c.pid[(h, l)]))
            L.append(lab + agent_failed(add(t_oom, 1.5), -9, bad_l, c.pid[(h, bad_l)], agent_pid=c.agent_pid[h]))
            L += [lab + x for x in child_failed("train.py", add(t_oom, 1.5), h, bad_r, bad_l, -9, c.pid[(h, bad_l)], "SIGKILL")]
    for ni, h in enumerate(hosts):
        if h == bad_h:
            continue
        lab = srun_label(ni)
        f = rng.randint(0, 7)
        L.append(lab + agent_failed(add(t_oom, 607), -6, f, c.pid[(h, f)], agent_pid=c.agent_pid[h]))
        L += [lab + x for x in child_failed("train.py", add(t_oom, 607), h, c.rank(h, f), f, -6, c.pid[(h, f)], "SIGABRT")]
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "mm-pretr+", "h100", "FAILED", "1:0", "01:09:24", "gpu-f-[05-08]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "01:09:18", "gpu-f-[05-08]"),
    ])
    D, boot = _base_dmesg(rng, bad_h, t0, days=6)
    pid = c.pid[(bad_h, bad_l)]
    D += [(t_oom, "python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
          (t_oom, "CPU: 61 PID: %d Comm: python3 Tainted: P           OE     5.15.0-113-generic #123-Ubuntu" % (pid + 1)),
          (t_oom, "Mem-Info:"),
          (t_oom, "active_anon:61240112 inactive_anon:367912448 isolated_anon:0"),
          (t_oom, " active_file:10211 inactive_file:8841 isolated_file:0"),
          (t_oom, " unevictable:0 dirty:12 writeback:0"),
          (t_oom, " slab_reclaimable:801233 slab_unreclaimable:1120441"),
          (t_oom, " mapped:371902113 shmem:367011840 pagetables:301877"),
          (t_oom, " sec_pagetables:0 bounce:0"),
          (t_oom, " kernel_misc_reclaimable:0"),
          (t_oom, " free:2513214 free_pcp:2031 free_cma:0"),
          (t_oom, "Tasks state (memory values in pages):"),
          (t_oom, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
    tasks = [(c.pid[(bad_h, l)], 30112, 31244019 + rng.randint(0, 99999), 9210441 + rng.randint(0, 400000), "python3") for l in range(8)]
    tasks += [(1187204, 41877, 2101441, 188412, "raylet"), (1187231, 41877, 294117011, 312112, "plasma_store"),
              (1187290, 41877, 5122144, 211048, "ray::IDLE"), (1904, 0, 105620, 8022, "slurmd"), (2871, 0, 727828, 17811, "nv-hostengine")]
    for p, uid, vm, rss, name in tasks:
        D.append((t_oom, "[%7d] %5d %7d %8d %8d %14d %8d %13d %s" % (p, uid, p, vm, rss, rss * 9 // 1000 * 4096 // 4096 * 8, 0, 0, name)))
    D += [(t_oom, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_%d/step_0/user/task_0,task=python3,pid=%d,uid=30112" % (jid, pid)),
          (t_oom, "Out of memory: Killed process %d (python3) total-vm:%dkB, anon-rss:%dkB, file-rss:2048kB, shmem-rss:1024kB, UID:30112 pgtables:80112kB oom_score_adj:0" % (pid, 124976076, 37841764)),
          (add(t_oom, 0.4), "oom_reaper: reaped process %d (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:1024kB" % pid)]
    files["%s/dmesg.txt" % bad_h] = _dmesg(D)
    files["%s/free.txt" % bad_h] = join([
        "$ free -g",
        "               total        used        free      shared  buff/cache   available",
        "Mem:            2015         262           9        1401        1744          12",
        "Swap:              0           0           0",
    ])
    files["%s/df-dev-shm.txt" % bad_h] = join([
        "$ df -h /dev/shm",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "tmpfs          1.4T  1.4T     0 100% /dev/shm",
        "$ ls -la /dev/shm | head",
        "total 1468006400",
        "drwxrwxrwt   3 root  root         120 Jul 16 11:02 .",
        "drwxr-xr-x  21 root  root        4520 Jun 12 07:31 ..",
        "-rw-------   1 dlee  dlee  1503238553600 Jul 19 03:24 plasma_store_1187231_0",
        "drwx------   2 dlee  dlee          60 Jul 16 11:02 ray_spill",
    ])
    files["%s/ps.txt" % bad_h] = join([
        "$ ps -eo pid,user,lstart,rss,args --sort=-rss | head -8",
        "    PID USER                      STARTED    RSS COMMAND",
    ] + [" %6d akim     Sat Jul 19 02:15:02 2025 %d /usr/bin/python3 -u train.py --config mm.yaml" % (c.pid[(bad_h, l)], 36000000 + rng.randint(0, 900000)) for l in range(8) if l != bad_l] + [
        " 1187231 dlee     Wed Jul 16 11:02:09 2025  1248448 /home/dlee/miniconda3/lib/python3.10/site-packages/ray/core/src/plasma/plasma_store_server -s /tmp/ray/session_2025-07-16_11-02-05/sockets/plasma_store -m 1503238553600",
        " 1187204 dlee     Wed Jul 16 11:02:07 2025   753648 /home/dlee/miniconda3/lib/python3.10/site-packages/ray/core/src/ray/raylet/raylet --node_ip_address=10.8.0.107",
        " 1187290 dlee     Wed Jul 16 11:02:12 2025   844192 ray::IDLE",
    ])
    lab = label("host", "infrastructure", bad_h, None, "restart_without_node",
                "Rank %d on %s was SIGKILLed (exitcode -9) and the rest of the job then hit the 10-minute ALLREDUCE watchdog timeout. "
                "dmesg on that node shows a global (CONSTRAINT_NONE) OOM kill of that rank's python3 while ~1.4 TB sat in shmem; free and df show /dev/shm 100%% full with a Ray plasma_store file owned by user dlee, "
                "whose raylet/plasma_store processes were started three days before this job outside Slurm. Host memory on that node is taken by a foreign workload, not by the job." % (bad_r, bad_h),
                "https://github.com/cBio/cbio-cluster/issues/232")
    return "cn25_host_oom_kill_leftover_ray_shm", files, lab


# ---------------------------------------------------------------------------
def cn26():
    rng = random.Random(9526)
    nodes = ["k8s-gpu-n017", "k8s-gpu-n018", "k8s-gpu-n019", "k8s-gpu-n020"]
    pods = ["sd3-ft-master-0", "sd3-ft-worker-0", "sd3-ft-worker-1", "sd3-ft-worker-2"]
    c = Cluster(rng, nodes, 8, "hgx_dell")
    bad_n, bad_l = "k8s-gpu-n019", 3
    bad_r = c.rank(bad_n, bad_l)
    t0 = dt(2025, 8, 4, 11, 20, 30)
    files = {}
    P = ["NAME              READY   STATUS    RESTARTS   AGE    IP             NODE           NOMINATED NODE   READINESS GATES"]
    for p, n in zip(pods, nodes):
        P.append("%-17s 0/1     Error     0          3h1m   10.244.%d.%-3d   %-14s <none>           <none>" % (p, rng.randint(1, 30), rng.randint(2, 250), n))
    files["kubectl-get-pods-wide.txt"] = join(P)
    t_x = add(t0, 9922.4)
    t_to = add(t_x, 600.3)
    for ni, (p, n) in enumerate(zip(pods, nodes)):
        L = torchrun_banner(add(t0, 3), "", c.agent_pid[n])
        L.append("[rank%d]:%s INFO sd3: pod %s node_rank=%d local ranks 0-7 -> global ranks %d-%d" % (ni * 8, pyts(add(t0, 30)), p, ni, ni * 8, ni * 8 + 7))
        if ni == 0:
            for s in range(50, 4001, 50):
                L.append("[rank0]:%s INFO sd3: step %d loss %.4f lr %.2e imgs/s %.1f" % (pyts(add(t0, 60 + s * 2.46)), s, 0.14 + rng.uniform(-0.01, 0.01), 1e-5, 416 + rng.uniform(-3, 3)))
        for l in range(8):
            r = c.rank(n, l)
            if r == bad_r:
                continue
            from common import watchdog_block
            L += watchdog_block(r, add(t_to, rng.random() * 2), 212003, "ALLREDUCE", 92274688, 600000, rng, frames=(l == 0))
        fl = rng.choice([l for l in range(8) if c.rank(n, l) != bad_r])
        if n == bad_n:
            L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:875] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % (glog(add(t_to, 34), ""), c.agent_pid[n], c.pid[(n, bad_l)]))
        L.append(agent_failed(add(t_to, 35), -6, fl, c.pid[(n, fl)], agent_pid=c.agent_pid[n]))
        L += child_failed("train_sd3.py", add(t_to, 35), p, c.rank(n, fl), fl, -6, c.pid[(n, fl)], "SIGABRT")
        files["kubectl-logs-%s.txt" % p] = join(L)
    inv = []
    for n in nodes:
        inv.append("== %s (gpu-inventory daemonset, nvidia-smi -L at node boot) ==" % n)
        for l in range(8):
            inv.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: %s)" % (l, c.uuid[(n, l)]))
    files["gpu-inventory.txt"] = join(inv)
    dp = ["I0804 08:02:11.420117       1 main.go:279] Retrieving plugins.",
          "I0804 08:02:11.424901       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'",
          "I0804 08:02:11.431557       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet",
          "I%s       1 health.go:160] Processing event {Device:{Handle:0x7f3a0c0f2e40} EventType:8 EventData:79 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % t_x.strftime("%m%d %H:%M:%S.118402"),
          "I%s       1 health.go:186] XidCriticalError: Xid=79 on Device=%s; marking device as unhealthy." % (t_x.strftime("%m%d %H:%M:%S.118533"), c.uuid[(bad_n, bad_l)]),
          "I%s       1 server.go:301] 'nvidia.com/gpu' device marked unhealthy: %s" % (t_x.strftime("%m%d %H:%M:%S.118760"), c.uuid[(bad_n, bad_l)])]
    files["%s/nvidia-device-plugin.log" % bad_n] = join(dp)
    dp2 = dp[:3]
    files["%s/nvidia-device-plugin.log" % nodes[0]] = join(dp2 + ["I%s       1 health.go:151] Skipping non-nvmlEventTypeXidCriticalError event: {Device:{Handle:0x7f11e80c1b20} EventType:2 EventData:0 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % add(t0, -4000).strftime("%m%d %H:%M:%S.551230")])
    files["kubectl-get-events.txt"] = join([
        "LAST SEEN   TYPE      REASON                OBJECT                 MESSAGE",
        "58m         Warning   BackOff               pod/sd3-ft-worker-1     Back-off restarting failed container pytorch in pod sd3-ft-worker-1_research",
        "52m         Normal    ExitedWithCode        pytorchjob/sd3-ft       PyTorchJob sd3-ft is failed because 1 Master replica(s) failed.",
        "3h4m        Normal    SuccessfulCreatePod   pytorchjob/sd3-ft       Created pod: sd3-ft-worker-1",
    ])
    lab = label("gpu_hardware", "infrastructure", bad_n, bad_r, "restart_without_node",
                "All pods end in 10-minute ALLREDUCE watchdog timeouts and the PyTorchJob just reports a failed replica. The only node-level signal is the device plugin on %s: "
                "'XidCriticalError: Xid=79' (GPU fallen off the bus) for one UUID at the moment training stopped, and the GPU inventory maps that UUID to GPU %d. "
                "The pod on that node is worker-1 (node_rank 2), so the lost GPU carried rank %d, which is the one rank missing from the timeout flood and had to be SIGKILLed." % (bad_n, bad_l, bad_r),
                "https://github.com/ray-project/kuberay/issues/4823")
    return "cn26_k8s_xid79_device_plugin_uuid_mapping", files, lab


# ---------------------------------------------------------------------------
def cn27():
    rng = random.Random(9527)
    hosts = ["gpu-hx-%03d" % i for i in range(219, 225)]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h, bad_l = "gpu-hx-223", 6
    bad_r = c.rank(bad_h, bad_l)
    jid = 9920411
    t0 = dt(2024, 8, 14, 21, 3, 31)
    files = {}
    files["job.sbatch"] = sbatch(jid, "dsv2-lite", 6, "h100")
    L = ["Job %d starting at %s on gpu-hx-[219-224]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    L += c.nccl_init(add(t0, 51), label=srun_label, only_complete=True, version="2.20.5+cuda12.4")
    t = add(t0, 120)
    last = 6030
    for s in range(10, last + 1, 10):
        L.append("0: [rank0]: %s INFO trainer: step=%d loss=%.4f aux_loss=%.4f tokens/s=%d" % (pyts(add(t, s * 2.05)), s, 2.2 * 0.9998 ** s + 1.6, 0.011 + rng.random() * 0.002, 183000 + rng.randint(-900, 900)))
    t_x = add(t, last * 2.05 + 1.3)
    t_to = add(t_x, 1200.5)
    L += c.flood(t_to, 730512, "ALLTOALL_BASE", 25165824, 1200000, label=srun_label, frames_for={0, 22, 41})
    _agents_fail(c, add(t_to, 5), L, srun_label, "train.py")
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "dsv2-lite", "h100", "FAILED", "1:0", "03:49:21", "gpu-hx-[219-224]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "03:49:14", "gpu-hx-[219-224]"),
    ])
    te = add(t_to, 40)
    for h in hosts:
        N = ["%s /usr/sbin/nhc -e (Slurm epilog, job %d)" % (te.strftime("%Y%m%d %H:%M:%S"), jid),
             "Running check:  \"check_hw_cpuinfo 2 112 224\"",
             "Running check:  \"check_hw_physmem 2000gb 2100gb 5%\"",
             "Running check:  \"check_fs_mount_rw -t lustre -f /lustre\"",
             "Running check:  \"check_hw_ib 400 mlx5_0:1\"",
             "Running check:  \"check_nv_gpu_count 8\""]
        if h == bad_h:
            N += ["ERROR:  nhc:  Health check failed:  check_nv_gpu_count:  Found 7 of 8 expected GPUs (nvidia-smi: Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error)" % c.bus[bad_l].upper(),
                  "%s /usr/libexec/nhc/node-mark-offline %s check_nv_gpu_count:  Found 7 of 8 expected GPUs" % (add(te, 3).strftime("%Y%m%d %H:%M:%S"), h),
                  "/usr/libexec/nhc/node-mark-offline:  Marking idle %s offline:  NHC: check_nv_gpu_count:  Found 7 of 8 expected GPUs" % h]
        else:
            N += ["Running check:  \"check_nv_ecc_dbe 0\"",
                  "Running check:  \"check_ps_unauth_users log syslog\"",
                  "%s nhc: Node Health Check completed successfully (2s)." % add(te, 2).strftime("%Y%m%d %H:%M:%S")]
        files["%s/nhc.log" % h] = join(N)
    files["sinfo-R.txt"] = join([
        "REASON                                             USER      TIMESTAMP           NODELIST",
        "NHC: check_nv_gpu_count:  Found 7 of 8 expected G root      %s gpu-hx-223" % iso(add(te, 3), False),
        "maint: swap DIMM B4 (ticket 4471)                  hwops     2024-08-09T10:22:41 gpu-hx-207",
    ])
    lab = label("gpu_hardware", "infrastructure", bad_h, bad_r, "restart_without_node",
                "The job hung after step 6030 and every rank reported a 20-minute ALLTOALL_BASE watchdog timeout, so the job log names nobody. "
                "The Slurm epilog NHC on %s then found only 7 of 8 GPUs (nvidia-smi cannot get a handle for 0000:%s:00.0) and drained the node; the other five nodes passed. "
                "The NCCL init lines map busId %s000 on %s to rank %d." % (bad_h, c.bus[bad_l].upper(), c.bus[bad_l], bad_h, bad_r),
                "https://github.com/NVIDIA/deepops/pull/660")
    return "cn27_epilog_nhc_gpu_missing_after_hang", files, lab


# ---------------------------------------------------------------------------
def cn28():
    rng = random.Random(9528)
    hosts = ["gpu-t-41", "gpu-t-42"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    jid = 801177
    t0 = dt(2025, 9, 2, 10, 50, 3)
    files = {}
    files["job.sbatch"] = sbatch(jid, "ctx32k", 2, "h100", cmd="srun --label torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:29500 train.py --config cfg/ctx32k.yaml")
    files["cfg/ctx32k.yaml"] = join([
        "# copied from cfg/ctx8k.yaml; only the context length was changed",
        "model: llama3-8b",
        "seq_len: 32768        # was 8192",
        "micro_batch_size: 2",
        "activation_checkpointing: false",
        "fsdp: {sharding: FULL_SHARD, mixed_precision: bf16}",
        "optimizer: {name: adamw, lr: 2.0e-5}",
    ])
    L = ["Job %d starting at %s on gpu-t-[41-42]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    L.append("0: [rank0]: %s INFO train: seq_len=32768 micro_batch=2 grad_accum=4 activation_checkpointing=False" % pyts(add(t0, 48)))
    t_err = add(t0, 61)
    for r in range(c.world):
        h, l = c.where(r)
        free = 2.1 + rng.random() * 1.5
        used = 79.1 - free
        tb = rank_tb(r, [
            ("/work/ctx/train.py", 233, "<module>", "main()"),
            ("/work/ctx/train.py", 201, "main", "loss = model(input_ids=batch['input_ids'], labels=batch['labels']).loss"),
            ("/usr/local/lib/python3.11/site-packages/transformers/models/llama/modeling_llama.py", 601, "forward", "attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) / math.sqrt(self.head_dim)"),
        ], ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and 1.12 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (l, free, used, used - 1.9)])
        if r % 4 == 1 or r == 0:
            L += [srun_label(hosts.index(h)) + x for x in tb]
        else:
            L.append(srun_label(hosts.index(h)) + tb[-1])
    _agents_fail(c, add(t_err, 2), L, srun_label, "train.py", exitcode=1, sig=None)
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "ctx32k", "h100", "FAILED", "1:0", "00:01:07", "gpu-t-[41-42]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "00:01:01", "gpu-t-[41-42]"),
    ])
    S = sel_baseline(t0, rng) + [(add(t0, -5 * 3600), "Power Supply PS4 Status", "Power Supply AC lost", "Asserted"),
                                 (add(t0, -5 * 3600 + 2), "Power Unit PSU Redundancy", "Redundancy Lost", "Asserted")]
    files["gpu-t-42/sel.txt"] = sel_lines(S)
    files["gpu-t-41/sel.txt"] = sel_lines(sel_baseline(t0, rng))
    for h in hosts:
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(add(t_err, 60), c.gpus(h, {"all": {"temp": 31, "power": 69.0}}), driver="550.90.07")
        files["%s/dmesg.txt" % h] = _dmesg(_base_dmesg(rng, h, t0, days=3, driver="550.90.07")[0])
    lab = label("oom", "framework", None, None, "stop",
                "All 16 ranks on both nodes hit CUDA OOM on their first forward pass, each trying to allocate 16 GiB for attention scores, right after the config raised seq_len from 8192 to 32768 with micro_batch 2 and no activation checkpointing. "
                "This is the configuration, not a node. gpu-t-42's SEL shows a PSU lost five hours earlier with redundancy lost, but its GPUs show no power-brake slowdown and the failure is identical on gpu-t-41.",
                "https://github.com/foundation-model-stack/fms-hf-tuning/issues/471")
    return "cn28_context_length_oom_with_psu_red_herring", files, lab


CASES = [cn22, cn23, cn24, cn25, cn26, cn27, cn28]
