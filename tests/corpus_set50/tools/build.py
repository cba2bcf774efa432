#!/usr/bin/env python3
"""Build corpus set 50 (prefix "au") from the REAL torchrun/gloo captures
committed under ../captures/.  Deterministic (fixed seeds, timestamps come from
the captures themselves).  CORPUS_OUT=/dir python3 tools/build.py
"""
import datetime as dt
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

import ctx  # noqa: E402
from bundle import Bundle  # noqa: E402

SET_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.environ.get("CORPUS_OUT", os.path.join(SET_DIR, "out"))

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

XID_DOC = "https://docs.nvidia.com/deploy/xid-errors/index.html"


def label(category, layer, culprit, action, rationale, modelled_on):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": modelled_on}


def hosts_for(prefix, first, n):
    return {i: f"{prefix}{first + i:02d}" for i in range(n)}


def ips_for(subnet, first, n):
    return {i: f"10.{subnet}.{first + i}" for i in range(n)}


def nv_pid(b, node, local_rank):
    return b.failure_pids(node).get(local_rank)


# ----------------------------------------------------------------------------- cases
def c01():
    b = Bundle("au01_two_nodes_job_exits_zero_final_loss_logged", "clean", hosts_for("gpu-a", 7, 2),
               ips_for("42.1", 17, 2), "job-48177", 101, style="split", names=("train.out", "train.err"))
    b.place_logs()
    b.kernel(0, b.start - dt.timedelta(hours=3, minutes=12), "NVRM: Xid (PCI:0000:2a:00): 43, pid=1187734, name=python3, Ch 00000008")
    b.place_context()
    return b, label("unknown", "framework", None, "none",
                    "Both agents exit 0; gpu-a07/train.out ends with 'training complete: 120 steps' after step 120/120 on all four ranks. "
                    "The only warning (torchrun 'node_rank is only used for static rdzv_backend') is informational, the Xid 43 in "
                    "gpu-a07/dmesg.txt is a benign channel reset from an earlier user process, EDAC lines are corrected errors.",
                    "https://pytorch.org/docs/stable/elastic/run.html")


def c02():
    b = Bundle("au02_rank_traceback_then_peers_connection_closed", "exc_one", hosts_for("trn-b", 11, 2),
               ips_for("18.4", 31, 2), "job-51302", 102, style="merged", names=("torchrun.log",))
    b.place_logs()
    b.place_context()
    return b, label("user_code", "script", None, "stop",
                    "trn-b12/torchrun.log: [rank3] RuntimeError 'mat1 and mat2 shapes cannot be multiplied (64x31 and 32x64)' "
                    "raised in train.py forward at step 57 - a deterministic shape bug in the user's batch slicing. The other ranks' "
                    "gloo 'Connection closed by peer' errors and the SIGTERM/ChildFailedError summaries on trn-b11 are sympathetic.",
                    "https://github.com/meta-pytorch/torchrec/issues/3560")


def c03():
    b = Bundle("au03_all_ranks_traceback_same_iteration", "exc_all", hosts_for("node", 3, 2),
               ips_for("7.0", 43, 2), "job-8812", 103, style="split", names=("stdout.txt", "stderr.txt"), dmesg_style="raw")
    b.place_logs()
    b.place_context()
    return b, label("user_code", "script", None, "stop",
                    "Every rank (both node03 and node04 stderr.txt) raises KeyError: 'warmup_steps' from train.py at step 100; an "
                    "identical Python exception at the same iteration on all ranks is an application bug (config key mismatch), "
                    "not a node problem. Nothing in dmesg.log besides boot noise and corrected EDAC events.",
                    "https://github.com/Facico/Chinese-Vicuna/issues/113")


def c04():
    b = Bundle("au04_one_rank_signal9_three_nodes", "sigkill_rank", hosts_for("h100-r04-", 1, 3),
               ips_for("64.3", 21, 3), "job-77031", 104, style="split", names=("torchrun.stdout", "torchrun.stderr"))
    b.place_logs()
    n = b.node_of_rank(3)
    t = b.last_step_time(3) + dt.timedelta(milliseconds=31)
    pid = nv_pid(b, n, 1) or 23164
    b.kernel(n, t, f"NVRM: Xid (PCI:0000:2a:00): 79, pid={pid}, name=python3.11, GPU has fallen off the bus.")
    b.kernel(n, t + dt.timedelta(milliseconds=2), "NVRM: GPU 0000:2a:00.0: GPU has fallen off the bus.")
    b.kernel(n, t + dt.timedelta(milliseconds=3), "NVRM: A GPU crash dump has been created. If possible, please run")
    b.kernel(n, t + dt.timedelta(milliseconds=3), "NVRM: nvidia-bug-report.sh as root to collect this data before")
    b.kernel(n, t + dt.timedelta(milliseconds=3), "NVRM: the NVIDIA kernel module is unloaded.")
    b.kernel(n, t + dt.timedelta(milliseconds=900), "pcieport 0000:27:01.0: AER: Uncorrected (Fatal) error received: 0000:2a:00.0")
    b.kernel(0, b.start - dt.timedelta(hours=5), "NVRM: Xid (PCI:0000:18:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000a1b2c) successfully remapped, no pending remaps")
    b.place_context()
    host = b.hosts[n]
    b.add(f"{host}/nvidia-smi.txt", "Unable to determine the device handle for GPU1: 0000:2A:00.0: Unknown Error\n"
          "No devices were found\n")
    return b, label("gpu_hardware", "infrastructure", {"node": host, "rank": 3}, "restart_without_node",
                    f"{host}/torchrun.stderr: rank 3 (local_rank 1) exits with Signal 9 (SIGKILL) while the other ranks were mid-step; "
                    f"{host}/dmesg.txt at the same second shows 'NVRM: Xid ... 79 ... GPU has fallen off the bus' for 0000:2a:00 (GPU1 = "
                    "local rank 1) and nvidia-smi can no longer see the device. The 'Connection closed by peer' errors on the other "
                    "nodes are sympathetic; the Xid 63 on h100-r04-01 is an old, successfully completed row remap.",
                    "https://github.com/learning-at-home/hivemind/issues/509")


def c05():
    b = Bundle("au05_recv_timeouts_one_rank_silent", "sigstop_rank", hosts_for("a100-", 21, 2),
               ips_for("30.2", 11, 2), "job-60215", 105, style="split", names=("stdout.log", "stderr.log"))
    b.place_logs()
    n = b.node_of_rank(2)
    host = b.hosts[n]
    se = b.nodes[n]["stderr"]
    import re
    m = re.search(r"Sending process (\d+) closing signal SIGTERM", se)
    pid = int(m.group(1)) if m else 23296
    agent = b.meta["events"][n]["pid"] if n < len(b.meta["events"]) else pid - 14
    b.place_context()
    b.add(f"{host}/ps-python.txt", ctx.ps_listing([
        ("svc-train", agent, 1, "Sl", "02:41", "/opt/conda/bin/python3.11 /opt/conda/bin/torchrun --nnodes=2 --nproc-per-node=2 --rdzv-backend=c10d --rdzv-endpoint=10.30.2.11:29500 train.py"),
        ("svc-train", pid, agent, "Tl", "02:38", "/opt/conda/bin/python3.11 -u train.py"),
    ]))
    return b, label("hang", "infrastructure", {"node": host, "rank": 2}, "run_diagnostics",
                    f"Every rank logs step 47 and then blocks; ranks 0, 1 and 3 fail 20 s later with gloo 'Timed out waiting 20000ms "
                    f"for recv/send operation', but rank 2 ({host}, local rank 0) never raises anything: its agent only sends it SIGTERM, "
                    f"writes no failure record for it and never exits, and {host}/ps-python.txt shows the worker in state 'T' (stopped). "
                    "The timeouts and the TCPStore 'Connection was likely closed' messages are sympathetic to the one silent rank.",
                    "https://github.com/pytorch/gloo/issues/511")


def c06():
    b = Bundle("au06_step_time_tripled_no_errors", "straggler", hosts_for("gpu-c", 1, 2),
               ips_for("51.0", 101, 2), "job-90410", 106, style="merged", names=("train.log",))
    b.place_logs()
    n = b.node_of_rank(1)
    host = b.hosts[n]
    t = b.end
    for i in range(5):
        b.kernel(n, b.start + dt.timedelta(seconds=9 + i * 7, milliseconds=311 * i),
                 f"mce: CPU{38 + 2 * i}: Package temperature above threshold, cpu clock throttled (total events = {21183 + i * 907})")
        b.kernel(n, b.start + dt.timedelta(seconds=9 + i * 7, milliseconds=311 * i + 1),
                 f"mce: CPU{38 + 2 * i}: Core temperature above threshold, cpu clock throttled (total events = {20544 + i * 911})")
    b.place_context()
    for hn, slow in ((host, True), (b.hosts[1 - n], False)):
        b.add(f"{hn}/nvidia-smi-q.txt", ctx.nvsmi_q(t, [
            dict(idx=0, temp=58, power=402.4, sm_clock=1980), dict(idx=1, temp=57, power=398.0, sm_clock=1980)]))
        rows = ("CPU(s):                               72\nNUMA node0 CPU(s):                    0-35\nNUMA node1 CPU(s):                    36-71\n")
        mhz = ("cpu MHz per package (turbostat --quiet --show Package,Busy%,Bzy_MHz,PkgTmp -i 5 -n 1)\n"
               "Package Busy%   Bzy_MHz PkgTmp\n"
               f"0       22.41   3391    61\n1       24.87   {'812 ' if slow else '3388'}    {'100' if slow else '63 '}\n")
        b.add(f"{hn}/lscpu-turbostat.txt", rows + "\n" + mhz)
    b.add(f"{host}/taskset.txt", "# taskset -cp <pid> for the two training workers\n"
          "pid 23401's current affinity list: 0-35\npid 23402's current affinity list: 36-71\n"
          "# LOCAL_RANK=0 -> 23401, LOCAL_RANK=1 -> 23402\n")
    return b, label("straggler", "infrastructure", {"node": host, "rank": 1}, "restart_without_node",
                    f"No rank fails, but every step takes ~300 ms instead of ~45 ms. Only rank 1 on {host} shows data_time ~250 ms "
                    f"(its input pipeline is slow); all other ranks show compute_time inflated by waiting for it in the all-reduce. "
                    f"rank 1 is pinned to CPUs 36-71 ({host}/taskset.txt) and {host}/dmesg.txt has repeated 'Package temperature above "
                    f"threshold, cpu clock throttled' for that package, turbostat shows package 1 at 812 MHz and 100 C: a thermally "
                    "throttled CPU package on this node. GPUs on both nodes are at full clock.",
                    "https://github.com/deepspeedai/DeepSpeed/issues/1617")


def c07():
    b = Bundle("au07_three_nodes_slow_iterations", "straggler_b", hosts_for("dgx-", 31, 3),
               ips_for("12.8", 31, 3), "job-12219", 107, style="split", names=("rank_stdout.log", "agent_stderr.log"), dmesg_style="raw")
    b.place_logs()
    n = b.node_of_rank(4)
    b.place_context()
    return b, label("straggler", "infrastructure", {"node": b.hosts[n], "rank": 4}, "run_diagnostics",
                    f"Training completes but step_time is ~300 ms on every rank; per-rank timing shows rank 4 ({b.hosts[n]}) with "
                    "data_time ~250 ms while all other ranks spend the time in compute_time (waiting in the gradient all-reduce). "
                    "No kernel, thermal or error evidence on that node, so the slow rank is known but the cause is not.",
                    "https://github.com/intelligent-machine-learning/dlrover/issues/678")


def c08():
    b = Bundle("au08_allocator_error_code_12_all_ranks", "cpu_oom", hosts_for("cpu-gpu", 5, 2),
               ips_for("9.9", 5, 2), "job-3391", 108, style="split", names=("worker.out", "worker.err"))
    b.place_logs()
    b.place_context()
    return b, label("oom", "framework", None, "stop",
                    "At step 90 every rank logs 'building eval cache' and then raises 'DefaultCPUAllocator: can't allocate memory: you "
                    "tried to allocate 35184372088832 bytes. Error code 12' - the job itself asks for 32 TiB on all ranks (its own "
                    "configuration), on both nodes at the same step. free -m shows plenty of headroom, so no node is at fault.",
                    "https://github.com/facebookresearch/Mask2Former/issues/185")


def c09():
    b = Bundle("au09_exits_during_startup_errno2", "missing_file", hosts_for("ml-", 41, 2),
               ips_for("40.7", 41, 2), "job-20017", 109, style="merged", names=("job.log",))
    b.place_logs()
    b.place_context()
    return b, label("user_code", "script", None, "stop",
                    "Every rank fails right after init with FileNotFoundError for "
                    "/mnt/lustre/proj-llm/datasets/synth-v3/train-00003-of-00008.pt in load_shards() (job.log on both hosts). "
                    "df-h.txt shows the Lustre mount present and healthy with no client errors in dmesg: the shard path in the user's "
                    "config does not exist.",
                    "https://github.com/TongkunGuan/CCD/issues/13")


def c10():
    b = Bundle("au10_modulenotfound_after_rendezvous", "import_error", hosts_for("p4d-", 2, 2),
               ips_for("0.8", 2, 2), "job-6120", 110, style="split", names=("stdout", "stderr"))
    b.place_logs()
    b.place_context()
    return b, label("dependency", "script", None, "stop",
                    "All four ranks raise ModuleNotFoundError: No module named 'tinyllm_ext' at train.py 'from tinyllm_ext.models import "
                    "build_model' - the user's own package is missing from the job's environment on every node (torch, gloo and the "
                    "rendezvous work), so it is the user's checkout/packaging, not a node.",
                    "https://github.com/meta-llama/llama/issues/843")


def c11():
    hosts = hosts_for("gpu-d", 21, 2)
    b1 = Bundle("au11_loss_nan_then_abort_twice", "nan", hosts, ips_for("33.1", 21, 2), "job-70411", 111,
                style="split", names=("stdout.log", "stderr.log"))
    b1.place_logs(prefix="attempt_1/")
    b1.place_context(prefix="attempt_1/")
    b2 = Bundle("au11_loss_nan_then_abort_twice", "nan_b", hosts, ips_for("33.1", 21, 2), "job-70412", 112,
                style="split", names=("stdout.log", "stderr.log"))
    b2.place_logs(prefix="attempt_2/")
    b2.place_context(prefix="attempt_2/")
    b1.files.update(b2.files)
    return b1, label("numerical", "script", None, "stop",
                     "In both attempts every rank logs loss=nan from step 73 and raises FloatingPointError at step 75 "
                     "('3 consecutive non-finite losses'). In attempt_2 the rendezvous order changed (gpu-d22 got ranks 0-1) yet the "
                     "NaN appears at the same step on all ranks: it follows the recipe, not a node or GPU.",
                     "https://github.com/PKU-YuanGroup/Open-Sora-Plan/issues/333")


def c12():
    b = Bundle("au12_rank0_stuck_others_timeout_after_checkpoint_msg", "barrier_rank0", hosts_for("trn-e", 1, 2),
               ips_for("55.5", 1, 2), "job-31337", 113, style="merged", names=("torchrun.log",))
    b.place_logs()
    b.place_context()
    return b, label("hang", "script", None, "stop",
                    "At step 50 only rank 0 logs 'saving checkpoint step_50' and calls dist.barrier() (train.py) while ranks 1-3 go on "
                    "to the next DDP all-reduce; the collectives no longer match and everything ends in gloo timeouts. The code makes "
                    "ranks call different collectives - a program-level deadlock, not a stuck node.",
                    "https://github.com/alan-turing-institute/autocast/pull/386")


def c13():
    hosts = hosts_for("gpu-f", 1, 3)
    b = Bundle("au13_rendezvous_timeout_two_of_three_agents", "rdzv_missing", hosts, ips_for("61.0", 11, 3), "job-4410", 114,
               style="split", names=("torchrun.out", "torchrun.err"))
    b.place_logs()
    b.place_context(skip=(hosts[2],))
    t = b.start - dt.timedelta(minutes=3, seconds=12)
    boot = ctx.boot_time(2, b.start)
    lines = [
        (t - dt.timedelta(seconds=41), "gpu-f03 kernel: watchdog: BUG: soft lockup - CPU#57 stuck for 23s! [kworker/57:1:402]"),
        (t - dt.timedelta(seconds=41), "gpu-f03 kernel: CPU: 57 PID: 402 Comm: kworker/57:1 Tainted: P           OE     5.15.0-119-generic #129-Ubuntu"),
        (t - dt.timedelta(seconds=41), "gpu-f03 kernel: RIP: 0010:native_queued_spin_lock_slowpath+0x6b/0x1f0"),
        (t - dt.timedelta(seconds=15), "gpu-f03 kernel: watchdog: BUG: soft lockup - CPU#12 stuck for 22s! [python3:910233]"),
        (t, "gpu-f03 kernel: Kernel panic - not syncing: softlockup: hung tasks"),
        (t, "gpu-f03 kernel: CPU: 12 PID: 910233 Comm: python3 Tainted: P           OEL    5.15.0-119-generic #129-Ubuntu"),
    ]
    out = []
    for when, msg in lines:
        out.append(when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond:06d}+00:00 {msg}")
    out.append(f"-- Boot 5b2f0e7d3c9a4e11a7d0c6b8e2f41a93 --")
    nb = b.end + dt.timedelta(minutes=2, seconds=37)
    out.append(nb.strftime("%Y-%m-%dT%H:%M:%S.") + "118204+00:00 gpu-f03 kernel: Linux version 5.15.0-119-generic (buildd@lcy02-amd64-075) #129-Ubuntu SMP")
    out.append(nb.strftime("%Y-%m-%dT%H:%M:%S.") + "902311+00:00 gpu-f03 kernel: Command line: BOOT_IMAGE=/vmlinuz-5.15.0-119-generic root=UUID=3c0e9a51-2a0f-4a8e-9d7c-51b1e0a7c2d4 ro")
    b.add(f"{hosts[2]}/journalctl-k-b-1.txt", "\n".join(out) + "\n")
    b.add(f"{hosts[2]}/NOTE.txt", "collected after node came back; no torchrun output exists for this job on gpu-f03\n")
    return b, label("host", "infrastructure", {"node": hosts[2], "rank": None}, "restart_without_node",
                    "gpu-f01/gpu-f02 torchrun.err end in RendezvousTimeoutError: the rendezvous waited for 3 nodes and only 2 joined. "
                    "gpu-f03 has no job output at all; its journal shows soft lockups and 'Kernel panic - not syncing: softlockup: hung "
                    "tasks' just before the job start and a reboot afterwards, so the missing agent is explained by that node's host failure.",
                    "https://github.com/ymcui/Chinese-LLaMA-Alpaca-2/issues/274")


def c14():
    b = Bundle("au14_client_socket_timeout_connecting_to_master", "dead_master2", hosts_for("node", 17, 2),
               ips_for("88.2", 17, 2), "job-1204", 115, style="split", names=("launcher.out", "launcher.err"))
    b.subs = [("(127.0.0.1, 29698)", "(10.88.2.17, 29699)"), ("127.0.0.1:29698", "10.88.2.17:29699")]
    b.place_logs()
    b.place_context()
    b.add("launch_job.sh", "#!/bin/bash\n# launched on every node by pdsh\nexport MASTER_ADDR=10.88.2.17\n"
          "if [ \"$NODE_RANK\" = \"0\" ]; then export MASTER_PORT=29500; else export MASTER_PORT=${MASTER_PORT:-29699}; fi\n"
          "torchrun --nnodes=2 --node-rank=$NODE_RANK --nproc-per-node=2 --master-addr=$MASTER_ADDR --master-port=$MASTER_PORT \\\n"
          "    train.py\n")
    return b, label("user_code", "script", None, "stop",
                    "node18 times out connecting to the master store on port 29699 while node17 hosts it on 29500 and waits for workers "
                    "until its own timeout. launch_job.sh at the bundle root gives the non-zero node rank a different MASTER_PORT: a "
                    "launch-configuration bug (bad arguments), not a dead node or a network fault; node17's dmesg has no link events.",
                    "https://github.com/pytorch/pytorch/issues/79388")


def c15():
    b = Bundle("au15_detail_debug_runtimeerror_after_init", "mismatch2", hosts_for("gpu-g", 1, 2),
               ips_for("70.1", 1, 2), "job-5150", 116, style="merged", names=("output.log",))
    b.place_logs()
    b.place_context()
    return b, label("user_code", "script", None, "stop",
                    "With TORCH_DISTRIBUTED_DEBUG=DETAIL the ranks fail right after 'syncing per-rank shard statistics' with 'Detected "
                    "mismatch between collectives on ranks' - rank 1 all-reduces a tensor of shape [3] while the others use [4]. The code issues inconsistent collectives "
                    "(deterministic application bug); without DETAIL this would have been a hang.",
                    "https://github.com/pytorch/pytorch/issues/78022")


def c16():
    hosts = hosts_for("h100-b", 7, 3)
    b = Bundle("au16_node_logs_stop_mid_step_peers_reset", "agent_killed", hosts, ips_for("64.9", 7, 3), "job-88020", 117,
               style="split", names=("torchrun.stdout", "torchrun.stderr"))
    b.place_logs()
    b.place_context(skip=(hosts[1],))
    t, _ = b.event_time("kill_node")
    h = hosts[1]
    sel = [
        "   1 | 11/21/2026 | 08:02:11 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
        f"   2 | {t.strftime('%m/%d/%Y | %H:%M:%S')} | Power Supply #0x51 | Power Supply AC lost | Asserted",
        f"   3 | {t.strftime('%m/%d/%Y | %H:%M:%S')} | Power Supply #0x52 | Power Supply AC lost | Asserted",
        f"   4 | {t.strftime('%m/%d/%Y | %H:%M:%S')} | Power Unit #0x01 | Power off/down | Asserted",
        f"   5 | {(t + dt.timedelta(minutes=6, seconds=41)).strftime('%m/%d/%Y | %H:%M:%S')} | Power Unit #0x01 | Power off/down | Deasserted",
        f"   6 | {(t + dt.timedelta(minutes=6, seconds=44)).strftime('%m/%d/%Y | %H:%M:%S')} | System Boot Initiated #0x6f | Initiated by power up | Asserted",
    ]
    b.add(f"{h}/ipmitool-sel-list.txt", "\n".join(sel) + "\n")
    b.add(f"{h}/last-x.txt",
          f"reboot   system boot  5.15.0-119-gener {(t + dt.timedelta(minutes=7, seconds=30)).strftime('%a %b %e %H:%M')}   still running\n"
          f"svc-trai pts/3        10.64.0.2        {(b.start - dt.timedelta(minutes=2)).strftime('%a %b %e %H:%M')} - crash  (00:0{int((t - b.start).total_seconds() // 60) + 2})\n"
          f"reboot   system boot  5.15.0-119-gener {(b.start - dt.timedelta(days=4, hours=3)).strftime('%a %b %e %H:%M')} - crash  (4+03:0{int((t - b.start).total_seconds() // 60) + 1})\n")
    return b, label("host", "infrastructure", {"node": h, "rank": None}, "restart_without_node",
                    f"{h}'s torchrun.stdout simply stops mid-step (no traceback, no failure summary, no agent exit) while the other "
                    f"nodes' ranks fail with gloo 'Connection reset/closed by peer' and rendezvous heartbeat errors. {h}/ipmitool-sel-list.txt "
                    "records 'Power Supply AC lost' and 'Power off/down' at that second and last-x.txt shows the session ended in a crash: "
                    "the node lost power.",
                    "https://github.com/pytorch/pytorch/issues/76198")


def c17():
    hosts = hosts_for("gpu-h", 1, 2)
    b = Bundle("au17_job_hung_then_recv_timeouts_two_nodes", "node_stopped", hosts, ips_for("20.6", 1, 2), "job-22940", 118,
               style="split", names=("stdout.log", "stderr.log"), dmesg_style="raw")
    b.place_logs()
    t = max(b.last_step_time(2), b.last_step_time(3)) + dt.timedelta(milliseconds=35)
    b.kernel(1, t - dt.timedelta(milliseconds=420), "mlx5_core 0000:0c:00.0: mlx5_port_module_event:1150:(pid 0): Port module event[error]: module 0, Cable error, High Temperature")
    b.kernel(1, t - dt.timedelta(milliseconds=180), "mlx5_core 0000:0c:00.0 ibp12s0: Link down")
    b.kernel(1, t - dt.timedelta(milliseconds=170), "ib0: Port 1 state changed to DOWN")
    b.kernel(1, t + dt.timedelta(seconds=14), "mlx5_core 0000:0c:00.0: mlx5_cmd_out_err:838:(pid 1204): QUERY_PORT(0x...) op_mod(0x0) failed, status bad parameter(0x3)")
    b.place_context()
    b.add(f"{hosts[1]}/ibstat.txt", "CA 'mlx5_0'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.2048\n\tPort 1:\n\t\tState: Down\n\t\tPhysical state: Polling\n\t\tRate: 10\n\t\tBase lid: 65535\n\t\tSM lid: 1\n\t\tLink layer: InfiniBand\n")
    b.add(f"{hosts[0]}/ibstat.txt", "CA 'mlx5_0'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.2048\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 400\n\t\tBase lid: 117\n\t\tSM lid: 1\n\t\tLink layer: InfiniBand\n")
    return b, label("network", "infrastructure", {"node": hosts[1], "rank": None}, "restart_without_node",
                    f"Both {hosts[1]} ranks stop logging after step 90 without any error while {hosts[0]}'s ranks time out "
                    f"('Timed out waiting 20000ms'). {hosts[1]}/dmesg.log (map with uptime-s.txt) shows 'Cable error, High Temperature' "
                    f"and 'ibp12s0: Link down' at that moment and ibstat.txt shows Port 1 Down/Polling, while {hosts[0]}'s port is Active: "
                    "this node's own link dropped.",
                    "https://github.com/horovod/horovod/issues/3611")


def c18():
    b = Bundle("au18_rank_killed_host_mem_climbing", "rss_grow", hosts_for("cn", 101, 2), ips_for("5.5", 101, 2), "job-66012", 119,
               style="split", names=("out.log", "err.log"))
    b.place_logs()
    n = b.node_of_rank(2)
    t = b.last_step_time(2) + dt.timedelta(milliseconds=70)
    pid = b.failure_pids(n).get(0, 0)
    cg = "/slurm/uid_1207/job_66012"
    b.kernel(n, t - dt.timedelta(milliseconds=60), "python3.11 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0")
    b.kernel(n, t - dt.timedelta(milliseconds=58), f"memory: usage 2097152kB, limit 2097152kB, failcnt 4127")
    b.kernel(n, t - dt.timedelta(milliseconds=57), f"Memory cgroup stats for {cg}:")
    b.kernel(n, t - dt.timedelta(milliseconds=12), f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg={cg},task_memcg={cg}/step_0/task_0,task=python3.11,pid={pid},uid=1207")
    b.kernel(n, t - dt.timedelta(milliseconds=10), f"Memory cgroup out of memory: Killed process {pid} (python3.11) total-vm:4213880kB, anon-rss:1154208kB, file-rss:88412kB, shmem-rss:0kB, UID:1207 pgtables:3412kB oom_score_adj:0")
    b.place_context()
    b.add("slurm-66012.err", f"slurmstepd: error: Detected 1 oom_kill event in StepId=66012.0. Some of the step tasks have been OOM Killed.\n"
          f"srun: error: {b.hosts[n]}: task 1: Out Of Memory\n")
    b.add("job.sbatch", "#!/bin/bash\n#SBATCH --job-name=tinyllm-mem\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
          "#SBATCH --mem=2G\n#SBATCH --time=00:30:00\nsrun torchrun --nnodes=2 --nproc-per-node=2 --rdzv-backend=c10d "
          "--rdzv-endpoint=$MASTER_ADDR:29500 train.py --cache-eval-batches\n")
    return b, label("oom", "framework", None, "stop",
                    f"rank 2's own log shows host_mem_gb growing by ~0.02 every step from step 20 (the loop keeps batches alive) while the "
                    f"other ranks stay at 0.00; {b.hosts[n]}/dmesg.txt shows 'Memory cgroup out of memory: Killed process {pid}' for the job's "
                    "cgroup (limit 2 GiB from job.sbatch) and slurm-66012.err reports an oom_kill event; torchrun shows Signal 9 and the "
                    "peers' 'Connection closed by peer' are sympathetic. The job exceeds its own memory allocation - a node swap will not help.",
                    "https://github.com/pytorch/pytorch/issues/8976")


def c20():
    b = Bundle("au20_two_nodes_rank1_sigkill_step_41", "sigkill_b", hosts_for("a100-x", 1, 2), ips_for("3.3", 1, 2), "job-9001", 121,
               style="split", names=("stdout.log", "stderr.log"), dmesg_style="raw")
    b.place_logs()
    n = b.node_of_rank(1)
    t = b.last_step_time(1) + dt.timedelta(milliseconds=22)
    pid = nv_pid(b, n, 1) or 0
    b.kernel(n, t, f"NVRM: Xid (PCI:0000:2a:00): 48, pid={pid}, name=python3.11, Ch 00000010, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.")
    b.kernel(n, t + dt.timedelta(milliseconds=4), f"NVRM: Xid (PCI:0000:2a:00): 63, pid={pid}, name=python3.11, Row Remapper: New row (0x0000000000c3f1a8) marked for remapping, reset gpu to activate.")
    b.kernel(n, t + dt.timedelta(milliseconds=30), f"NVRM: Xid (PCI:0000:2a:00): 45, pid={pid}, name=python3.11, Ch 00000010")
    b.place_context()
    host = b.hosts[n]
    b.add(f"{host}/nvidia-smi-q.txt", ctx.nvsmi_q(b.end, [
        dict(idx=0, temp=44, power=88.0, sm_clock=345),
        dict(idx=1, temp=43, power=84.5, sm_clock=345, dram_ue=2, remap_ue=1, remap_pending=True)]))
    return b, label("gpu_memory", "infrastructure", {"node": host, "rank": 1}, "restart_without_node",
                    f"rank 1 ({host}, local rank 1) dies with Signal 9 (SIGKILL) at step 41; {host}/dmesg.log at that uptime "
                    "(uptime-s.txt) has Xid 48 double-bit ECC on 0000:2a:00 (GPU1) followed by Xid 63 row remap pending and Xid 45; "
                    "nvidia-smi-q.txt shows DRAM Uncorrectable 2 and Remapped Rows Pending: Yes. Peers' gloo errors are sympathetic.",
                    XID_DOC)


def c21():
    b = Bundle("au21_three_nodes_timeouts_after_step_33", "sigstop_b", hosts_for("h100-q", 1, 3), ips_for("66.6", 1, 3),
               "job-40440", 122, style="split", names=("torchrun.stdout", "torchrun.stderr"))
    b.place_logs()
    n = b.node_of_rank(5)
    t = b.last_step_time(5) + dt.timedelta(milliseconds=40)
    import re
    m = re.search(r"Sending process (\d+) closing signal SIGTERM", b.nodes[n]["stderr"])
    pid = m.group(1) if m else "28827"
    b.kernel(n, t + dt.timedelta(seconds=6), f"NVRM: Xid (PCI:0000:2a:00): 119, pid={pid}, name=python3.11, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).")
    b.kernel(n, t + dt.timedelta(seconds=12), "NVRM: GPU1 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004.")
    b.kernel(n, t + dt.timedelta(seconds=12, milliseconds=3), "NVRM: GPU1 RPC history (CPU -> GSP):")
    b.kernel(n, t + dt.timedelta(seconds=18), f"NVRM: Xid (PCI:0000:2a:00): 119, pid={pid}, name=python3.11, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) (0xa55a0040 0x0).")
    b.kernel(n, t + dt.timedelta(seconds=19), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:2a:00 (printing 1 of every 30).  The GPU likely needs to be reset.")
    b.place_context()
    return b, label("gpu_hardware", "infrastructure", {"node": b.hosts[n], "rank": 5}, "restart_without_node",
                    f"All six ranks log step 32 and block; five of them fail 20 s later with gloo 'Timed out waiting 20000ms' "
                    f"(sympathetic) but rank 5 ({b.hosts[n]}, local rank 1) never raises anything and only gets SIGTERM from its agent. {b.hosts[n]}/dmesg.txt shows Xid 119 'Timeout ... waiting for RPC response from "
                    "GPU1 GSP' on 0000:2a:00 right after rank 5 went silent: that GPU's GSP hung and took the rank with it.",
                    XID_DOC)


def c22():
    hosts = hosts_for("gpu-m", 11, 3)
    b = Bundle("au22_sigterm_all_agents_at_walltime", "timelimit", hosts, ips_for("17.3", 11, 3), "job-481123", 123,
               style="slurm", names=("",))
    term, _ = b.event_time("term_agent")
    job_start = term - dt.timedelta(seconds=60)
    hdr = (f"+ export MASTER_ADDR=gpu-m11 MASTER_PORT=29500\n"
           f"+ srun --label --kill-on-bad-exit=1 torchrun --nnodes=3 --nproc-per-node=2 --rdzv-backend=c10d "
           f"--rdzv-endpoint=gpu-m11:29500 --rdzv-id=481123 train.py --config configs/tinyllm-pretrain.yaml\n")
    ftr = (f"slurmstepd: error: *** JOB 481123 ON gpu-m11 CANCELLED AT {term.strftime('%Y-%m-%dT%H:%M:%S')} DUE TO TIME LIMIT ***\n"
           f"slurmstepd: error: *** STEP 481123.0 ON gpu-m11 CANCELLED AT {term.strftime('%Y-%m-%dT%H:%M:%S')} DUE TO TIME LIMIT ***\n"
           "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n")
    b.slurm_out("slurm-481123.out", hdr, ftr)
    b.place_context()
    el = int((b.end - job_start).total_seconds())
    b.add("sacct.txt",
          "JobID           JobName  Partition      State  Timelimit    Elapsed ExitCode        NodeList\n"
          "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------------\n"
          f"481123       tinyllm-p+      debug    TIMEOUT   00:01:00   00:01:{el - 60:02d}      0:0    gpu-m[11-13]\n"
          f"481123.batch      batch               CANCELLED              00:01:{el - 60:02d}     0:15         gpu-m11\n"
          f"481123.0      torchrun               CANCELLED              00:01:{el - 60:02d}     0:15    gpu-m[11-13]\n")
    return b, label("unknown", "framework", None, "none",
                    "slurm-481123.out: training progresses normally on all six ranks until slurmstepd cancels the job 'DUE TO TIME "
                    "LIMIT' and every torchrun agent receives SIGTERM (SignalException / workers stopped) - sacct.txt confirms "
                    "State TIMEOUT at the 1-minute limit of the debug partition. No fault precedes the cancellation; the SIGTERM "
                    "tracebacks are the scheduler's doing.",
                    "https://github.com/ZettaAI/zetta_utils/issues/671")


def c23():
    hosts = hosts_for("h200-n", 1, 3)
    b1 = Bundle("au23_nan_first_seen_on_different_ranks_two_attempts", "nan_node_a", hosts, ips_for("90.0", 1, 3), "job-7741", 124,
                style="merged", names=("train.log",))
    b1.place_logs(prefix="attempt_1/")
    b1.place_context(prefix="attempt_1/")
    b2 = Bundle("au23_nan_first_seen_on_different_ranks_two_attempts", "nan_node_b", hosts, ips_for("90.0", 1, 3), "job-7742", 125,
                style="merged", names=("train.log",))
    b2.place_logs(prefix="attempt_2/")
    b2.place_context(prefix="attempt_2/")
    b1.files.update(b2.files)
    bad = hosts[2]
    r2 = None
    for r in range(6):
        if b2.node_of_rank(r) == 2 and f"[rank{r}]" in b2.nodes[2]["stdout"]:
            r2 = r
    r2 = r2 if r2 is not None else 5
    b1.add(f"attempt_2/{bad}/nvidia-smi-q.txt", ctx.nvsmi_q(b2.end, [
        dict(idx=0, temp=47, power=121.0, sm_clock=1980),
        dict(idx=1, temp=46, power=118.3, sm_clock=1980, dram_ce=0, dram_ue=0, remap_ue=3, remap_pending=True, remap_fail=False)]))
    return b1, label("gpu_memory", "infrastructure", {"node": bad, "rank": r2}, "restart_without_node",
                     f"Attempt 1 goes non-finite at step 41, attempt 2 at step 88 - different steps, so not the recipe - but in both the "
                     f"first rank with a nan loss/grad is local rank 1 on {bad} (its global rank changed because the rendezvous order "
                     f"changed; rank {r2} in attempt 2). attempt_2/{bad}/nvidia-smi-q.txt shows GPU1 with 3 uncorrectable remapped rows and "
                     "a pending remap: silent data corruption following one GPU.",
                     "https://github.com/tensorflow/benchmarks/issues/403")


def c24():
    b = Bundle("au19_all_ranks_signal11_right_after_init", "mismatch", hosts_for("gpu-j", 1, 2),
               ips_for("71.4", 1, 2), "job-5161", 127, style="split", names=("torchrun.out", "torchrun.err"))
    b.place_logs()
    b.place_context()
    b.add("job_env.txt", "# env exported by the job wrapper (identical on both nodes)\nOMP_NUM_THREADS=1\nGLOO_SOCKET_IFNAME=ibp12s0\n"
          "TORCH_DISTRIBUTED_DEBUG=DETAIL\nTORCH_CPP_LOG_LEVEL=WARNING\nPYTHONUNBUFFERED=1\n"
          "# pip list | grep -i torch\ntorch                    2.13.0\n")
    return b, label("dependency", "framework", None, "stop",
                    "All four ranks on both nodes die with Signal 11 (SIGSEGV) seconds after 'init_process_group backend=gloo', before "
                    "the first training step and without a Python traceback; the crash is identical on every node, so no node is "
                    "suspect. The only unusual setting is TORCH_DISTRIBUTED_DEBUG=DETAIL (job_env.txt), i.e. a crash inside the "
                    "framework's debug process-group wrapper of this torch build - an environment/framework problem to fix before "
                    "resubmitting, not a hardware fault.",
                    "https://github.com/pytorch/pytorch/issues/148976")


def c25():
    hosts = hosts_for("gpu-p", 5, 2)
    b = Bundle("au24_rank_raises_enforce_fail_unexpected_pos_at_step_60", "ckpt_local", hosts, ips_for("44.0", 5, 2), "job-90077", 128,
               style="split", names=("torchrun.stdout", "torchrun.stderr"))
    b.subs = [("/tmp/au_small", "/raid/scratch/job-90077/ckpt"), ("/tmp/au_local_ok", "/raid/scratch/job-90077/ckpt")]
    b.place_logs()
    b.place_context()
    n = b.node_of_rank(2)
    full = ("Filesystem                          Size  Used Avail Use% Mounted on\n"
            "tmpfs                                101G  4.1M  101G   1% /run\n"
            "/dev/nvme0n1p2                      1.8T  702G  1.1T  39% /\n"
            "tmpfs                                504G     0  504G   0% /dev/shm\n"
            "/dev/md0                             14T   14T     0 100% /raid\n"
            "10.40.0.5@o2ib:10.40.0.6@o2ib:/proj  4.0P  2.7P  1.3P  68% /mnt/lustre/proj-llm\n")
    b.add(f"{hosts[n]}/df-h.txt", full)
    b.add(f"{hosts[n]}/du-raid-scratch.txt", "13T\t/raid/scratch/job-88342\n612G\t/raid/scratch/job-89120\n31K\t/raid/scratch/job-90077\n")
    return b, label("storage", "infrastructure", {"node": hosts[n], "rank": 2}, "restart_without_node",
                    f"At step 60 each node's local rank 0 saves a checkpoint shard to node-local /raid/scratch; rank 0 on {hosts[1 - n]} "
                    f"succeeds, rank 2 on {hosts[n]} fails in torch.save with 'basic_ios::clear: iostream error' / '[enforce fail at "
                    f"inline_container.cc:672] . unexpected pos ...' (the writer ran out of space). {hosts[n]}/df-h.txt shows /raid at "
                    "100% (filled by an old job's scratch, du-raid-scratch.txt). The other ranks' 'Connection closed by peer' are sympathetic.",
                    "https://github.com/verl-project/verl/issues/3346")


CASES = [c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14, c15, c16, c17, c18, c24, c20, c21, c22, c23, c25]


def validate(lbl, cid, root):
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    errs = []
    if set(lbl) != keys:
        errs.append(f"keys {sorted(lbl)}")
    if lbl.get("category") not in CATEGORIES:
        errs.append(f"category {lbl.get('category')}")
    if lbl.get("layer") not in LAYERS:
        errs.append(f"layer {lbl.get('layer')}")
    if lbl.get("action") not in ACTIONS:
        errs.append(f"action {lbl.get('action')}")
    c = lbl.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append(f"culprit {c}")
        else:
            if not (c["rank"] is None or (isinstance(c["rank"], int) and not isinstance(c["rank"], bool))):
                errs.append(f"culprit rank {c['rank']}")
            found = False
            for dp, dn, _ in os.walk(root):
                if c["node"] in dn:
                    found = True
            if not found:
                errs.append(f"culprit node folder {c['node']} missing")
    if not str(lbl.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on")
    if not lbl.get("rationale"):
        errs.append("rationale")
    if not cid.startswith("au") or not cid[2:4].isdigit():
        errs.append("case id")
    return errs


def main():
    if os.path.isdir(OUT):
        for d in os.listdir(OUT):
            if d.startswith("au"):
                shutil.rmtree(os.path.join(OUT, d))
    os.makedirs(OUT, exist_ok=True)
    bad = 0
    seen = set()
    for fn in CASES:
        b, lbl = fn()
        if b.cid[:4] in seen:
            print("duplicate case number", b.cid)
            bad += 1
        seen.add(b.cid[:4])
        root = b.write(OUT, lbl)
        errs = validate(lbl, b.cid, root)
        if errs:
            bad += 1
            print(f"BAD LABEL {b.cid}: {errs}")
        else:
            print(f"ok {b.cid}: {lbl['category']}/{lbl['layer']}/{lbl['culprit']}/{lbl['action']}")
    if bad:
        sys.exit(1)
    print(f"{len(CASES)} cases written to {OUT}")


if __name__ == "__main__":
    main()
