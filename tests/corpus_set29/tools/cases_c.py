"""o21-o30: hangs, numerics, stragglers, user code, dependency, clean/recovered runs."""
from common import Bundle, D, sec, rng_for, set_label, c10d, glog
from noise import P, port_flap, xid45_teardown, startup, train_log
from std import run, nvsmi_q, PGS
from scen import cascade, origin_abort, base_run
from cascade import watchdog, sigterm_survivors, childfailed, slurm_tail, sacct

GH = "https://github.com/"


def all_timeout(b, job, tw, seq, stuck=None, timeout_ms=600000, slurm="slurm.out"):
    tasks = []
    for n in job.nodes:
        nr = job.node_rank(n.name)
        t = tw + sec((nr * 0.113) % 1.7)
        locs = [l for l in range(job.gpn) if stuck is None or job.rank(n.name, l) != stuck]
        if n.name in b.folders:
            watchdog(b, job, n, "", t, locs, seq, timeout_ms=timeout_ms)
            first = locs[0]
            sigterm_survivors(b, job, n, "", t + sec(1.2), [l for l in range(job.gpn) if l != first])
            childfailed(b, job, n, "", t + sec(6.5), [(first, t, -6)])
            xid45_teardown(b, job, n, "", t + sec(2), [l for l in range(job.gpn) if l != first])
        tasks.append((t + sec(7), n.name, nr, 1))
    slurm_tail(b, "", job.nodes[0], slurm, tw + sec(9), job.jobid, tasks)


def o21():
    name = "o21_one_rank_never_reached_allreduce"
    rng = rng_for(name)
    names = ["g%02d-%s" % (i, "pod7") for i in range(1, 13)]
    cul = "g05-pod7"
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.7.7", D("2024-10-01 04:00:00"), 1.4, 100000, 118335, None, None,
                       fmt="compact", every=10, jobid=5550101, extra_noise={"g01-pod7": ("xid31_old", "oom_old")})
    stuck = job.rank(cul, 5)
    all_timeout(b, job, tf + sec(600.4), seq, stuck=stuck, slurm="slurm-5550101.out")
    b.static("%s/py-spy-dump-rank%d.txt" % (cul, stuck),
             "Process %d: /opt/venv/bin/python3 -u train.py --config cfg/13b.yaml\nPython v3.11.9 (/opt/venv/bin/python3.11)\n\n"
             "Thread %d (active): \"MainThread\"\n    _wait_for_tstate_lock (threading.py:1119)\n    join (threading.py:1096)\n    _sync_metrics (metrics/async_logger.py:74)\n    log_step (train.py:344)\n    train (train.py:401)\n    main (train.py:455)\n    <module> (train.py:460)\n"
             "Thread %d (idle): \"Thread-3 (_pin_memory_loop)\"\n    select (selectors.py:415)\n" % (job.pid(cul, 5), job.pid(cul, 5), job.pid(cul, 5) + 40))
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8))
    set_label(b, "hang", "infrastructure", {"node": cul, "rank": stuck}, "run_diagnostics",
              "Every rank except %d timed out in the same allreduce (SeqNum %d) and %d alone never logged a timeout; the py-spy dump shows it blocked outside any collective. No Xid, ECC, link or kernel evidence on g05-pod7." % (stuck, seq, stuck),
              GH + "OFA-Sys/OFA/issues/271")
    return b


def o22():
    name = "o22_whole_job_hung_no_errors"
    rng = rng_for(name)
    names = ["gpu-node-%03d" % i for i in range(40, 56)]
    folders = names[:]
    b = Bundle(name, folders)
    job, tf, seq = run(b, rng, names, "10.31.4", D("2024-12-20 20:00:00"), 2.05, 300000, 307900, None, None,
                       fmt="kv", every=10, jobid=9900231, kstyle="syslog_up", kfile="syslog",
                       extra_noise={"gpu-node-040": ("xid63_old",), "gpu-node-047": ("oom_old",)})
    all_timeout(b, job, tf + sec(1800.4), seq, timeout_ms=1800000, slurm="slurm-9900231.out")
    set_label(b, "hang", "infrastructure", None, "restart",
              "All 128 ranks timed out together on the same allreduce sequence number with identical last-enqueued/completed work, and no node shows a kernel, GPU or network fault around the stall; nothing identifies a suspect.",
              GH + "jpata/particleflow/issues/390")
    return b


def o23():
    name = "o23_loss_went_nan_and_job_exited"
    rng = rng_for(name)
    names = ["gpu%03d" % i for i in range(101, 111)]
    b = Bundle(name, names)
    cul = names[0]
    job, tf, seq = run(b, rng, names, "10.20.0", D("2024-02-02 02:00:00"), 1.2, 40000, 48230, cul, 0,
                       origin=[(None, "[rank0]: Traceback (most recent call last):\n[rank0]:   File \"/workspace/train.py\", line 389, in <module>\n[rank0]:     main()\n[rank0]:   File \"/workspace/train.py\", line 352, in main\n[rank0]:     raise RuntimeError(f\"Loss is NaN at step {step}, aborting (last good: {last_good})\")\n[rank0]: RuntimeError: Loss is NaN at step 48230, aborting (last good: 48040)")],
                       origin_code=1, mode="remote", remote_kind="socket", nan_from=48050, fmt="compact", every=10, jobid=301177,
                       extra_noise={"gpu101": ("xid31_old",)})
    n0 = job.nodes[0]
    for i, s in enumerate(range(47960, 48050, 10)):
        t = job.at(s) + sec(0.2)
        b.add(P("", n0, "train_rank0.log"), t, "[amp] grad overflow at step %d, reducing loss scale to %g" % (s, 2.0 ** (14 - i)))
    set_label(b, "numerical", "script", None, "stop",
              "Loss scale collapsed over ~90 steps of gradient overflows, the loss became NaN from step 48050 on all ranks (it is an all-reduced value) and the script's own NaN guard aborted; no hardware event on any node.",
              GH + "NVIDIA/apex/issues/318")
    return b


def straggle_common(name, names, cul, t0, slow_from, stop_step, fmt, jobid, reason, rng):
    b = Bundle(name, names)
    slow = (lambda s: 1.46 if s >= slow_from else 1.0)
    job, tf, seq = run(b, rng, names, "10.90.2", t0, 1.2, 20000, stop_step, None, None, fmt=fmt, every=10,
                       jobid=jobid, slow=slow, extra_noise={names[0]: ("xid31_old", "oom_old")})
    n0 = job.nodes[0]
    cr = job.node_rank(cul) * 8
    for s in range(slow_from - (slow_from % 500) + 500, stop_step, 500):
        t = job.at(s) + sec(0.3)
        b.add(P("", n0, "train_rank0.log"), t, "[straggler] step %d: fwd-bwd p50 %.0f ms, slowest ranks %d-%d (%s) %.0f ms, ratio %.2f"
              % (s, 1190 + rng.uniform(-5, 5), cr, cr + 7, cul, 1738 + rng.uniform(-9, 9), 1.46))
    for s in range(21000, slow_from, 2000):
        t = job.at(s) + sec(0.3)
        b.add(P("", n0, "train_rank0.log"), t, "[straggler] step %d: fwd-bwd p50 %.0f ms, max/min ratio %.2f" % (s, 1190 + rng.uniform(-5, 5), 1.03))
    tc = tf + sec(30)
    f = "slurm-%d.out" % jobid
    loc = n0.local(tc)
    b.add(P("", n0, f), tc, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s %s ***" % (jobid, n0.name, loc.strftime("%Y-%m-%dT%H:%M:%S"), reason))
    for n in job.nodes:
        if n.name in b.folders:
            sigterm_survivors(b, job, n, "", tc + sec(0.5), list(range(8)))
    return b, job, tf


def o24():
    name = "o24_throughput_dropped_by_a_third"
    rng = rng_for(name)
    names = ["gpu-%s" % x for x in ("aa01", "aa02", "aa03", "aa04", "ab01", "ab02", "ab03", "ab04", "ac01", "ac02", "ac03", "ac04")]
    cul = "gpu-ab03"
    b, job, tf = straggle_common(name, names, cul, D("2024-06-03 08:00:00"), 26000, 33000, "compact", 7100042, "", rng)
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8))
    b.static("%s/dcgmi-diag-r2.txt" % cul, "+---------------------------+------------------------------------------------+\n| Diagnostic                | Result                                         |\n+===========================+================================================+\n| Deployment                | Pass                                           |\n| PCIe                      | Pass                                           |\n| GPU Memory                | Pass                                           |\n| Diagnostic                | Pass                                           |\n| Targeted Stress           | Pass                                           |\n+---------------------------+------------------------------------------------+\n")
    set_label(b, "straggler", "infrastructure", {"node": cul, "rank": None}, "run_diagnostics",
              "From step 26000 the straggler report names ranks of gpu-ab03 as 46% slower every time while the job kept running until cancelled; its GPUs, clocks, kernel log and a quick dcgmi diag are clean, so the cause is unknown and needs deeper diagnostics.",
              GH + "deepspeedai/DeepSpeed/issues/1617")
    return b


def o25():
    name = "o25_iterations_slow_since_tuesday"
    rng = rng_for(name)
    names = ["node-%02d" % i for i in range(1, 15)]
    cul = "node-11"
    b, job, tf = straggle_common(name, names, cul, D("2024-07-09 10:00:00"), 24000, 31800, "kv", 7100777, "DUE TO TIME LIMIT", rng)
    r = job.rank(cul, 3)
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8, slowdown={3: True}, temp={3: 89}, clocks={3: 1005}))
    b.static("%s/ipmi-sel.txt" % cul, "  a1 | 07/09/2024 | 14:02:51 | Fan #0x3c | Lower Critical going low  | Asserted\n  a2 | 07/09/2024 | 14:02:51 | Fan FAN6_R | Reading 0 < Threshold 1200 RPM | Asserted\n")
    cn = job.by_name[cul]
    t = job.at(24000) - sec(30)
    b.add(P("", cn, cn.kfile), t, cn.kline(t, "NVRM: GPU at PCI:0000:5d:00: GPU temperature 89 C reached HW slowdown threshold"))
    set_label(b, "straggler", "infrastructure", {"node": cul, "rank": r}, "restart_without_node",
              "node-11's ranks became the slowest from step 24000; GPU 3 there is at 89 C with HW thermal slowdown active and 1005 MHz clocks, and the SEL shows a failed fan at the same time. The whole job crawled until the time limit.",
              GH + "mlfoundations/open_clip/issues/703")
    return b


def o26():
    name = "o26_typeerror_at_first_evaluation"
    rng = rng_for(name)
    names = ["worker-%d" % i for i in range(0, 10)]
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.244.1", D("2025-02-10 09:00:00"), 0.9, 0, 5000, None, None,
                       fmt="hf", every=10, jobid=None, console="container.log", kstyle="iso", kfile="host-journal.log",
                       extra_noise={"worker-0": ("oom_old",)})
    tfail = tf + sec(12)
    tasks = []
    for n in job.nodes:
        for l in range(8):
            r = job.rank(n.name, l)
            t = tfail + sec(0.002 * r)
            b.add(P("", n, n.console), t, "[rank%d]: Traceback (most recent call last):\n[rank%d]:   File \"/app/train.py\", line 290, in <module>\n[rank%d]:     evaluate(model, val_loader, step)\n[rank%d]:   File \"/app/eval.py\", line 57, in evaluate\n[rank%d]:     ppl = math.exp(total_loss / n_tokens)\n[rank%d]: TypeError: must be real number, not Tensor" % ((r,) * 6))
        childfailed(b, job, n, "", tfail + sec(3), [(l, tfail + sec(0.002 * job.rank(n.name, l)), 1) for l in range(8)])
    b.add(P("", job.nodes[0], "train_rank0.log"), tf + sec(1), "[eval] step 5000: running validation on 2048 batches")
    b.static("worker-0/k8s-events.txt", "LAST SEEN   TYPE      REASON      OBJECT                  MESSAGE\n2m          Warning   Failed      pytorchjob/ft-run-11    PyTorchJob ft-run-11 is failed because 10 Worker replica(s) failed.\n")
    set_label(b, "user_code", "script", None, "stop",
              "At the first evaluation (step 5000) all 80 ranks raised the same TypeError in eval.py within milliseconds; a deterministic bug in the script, not a node fault.",
              GH + "facebookresearch/mmf/issues/870")
    return b


def o27():
    name = "o27_workers_exit_immediately_on_every_node"
    rng = rng_for(name)
    names = ["gpu-node-%03d" % i for i in range(201, 233)]
    folders = names[:4] + ["gpu-node-217", "gpu-node-218", "gpu-node-229"]
    b = Bundle(name, folders)
    from noise import make_nodes, node_noise
    from common import Job
    nodes = make_nodes(names, "10.31.9", boot=D("2024-03-01 00:00:00"))
    job = Job(nodes, D("2024-03-12 09:10:00"), 1.0, 0, jobid=4412001)
    t = D("2024-03-12 09:08:30")
    tasks = []
    for n in nodes:
        nr = job.node_rank(n.name)
        tn = t + sec(2 + (nr * 0.07) % 1.3)
        if n.name in folders:
            node_noise(b, job, n, "", rng, t - sec(5 * 86400), t)
            for l in range(8):
                r = job.rank(n.name, l)
                b.add(P("", n, n.console), tn + sec(0.01 * l), "[rank%d]: Traceback (most recent call last):\n[rank%d]:   File \"/workspace/train.py\", line 3, in <module>\n[rank%d]:     import torch\n[rank%d]:   File \"/opt/venv/lib/python3.11/site-packages/torch/__init__.py\", line 367, in <module>\n[rank%d]:     from torch._C import *  # noqa: F403\n[rank%d]: ImportError: /opt/venv/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister" % ((r,) * 6))
            childfailed(b, job, n, "", tn + sec(1.5), [(l, tn + sec(0.01 * l), 1) for l in range(8)])
        tasks.append((tn + sec(2), n.name, nr, 1))
    slurm_tail(b, "", nodes[0], "slurm-4412001.out", t + sec(6), job.jobid, tasks)
    b.static("%s/pip-freeze-nccl.txt" % names[0], "$ pip list 2>/dev/null | grep -i -E 'torch|nccl'\ntorch                    2.2.0+cu121\nnvidia-nccl-cu12         2.18.1\n$ python -c 'import ctypes; ...' -> libnccl.so.2 resolved from /usr/lib/x86_64-linux-gnu (LD_LIBRARY_PATH)\n")
    set_label(b, "dependency", "framework", None, "stop",
              "All 256 workers on all 32 nodes (7 node folders plus the srun view) fail at 'import torch' with undefined symbol ncclCommRegister: the image pairs torch 2.2 with an older NCCL. Same on every node, so fix the environment.",
              GH + "pytorch/pytorch/issues/119072")
    return b


def finish(b, job, prefix, t_end, script="train.py"):
    for n in job.nodes:
        if n.name not in b.folders:
            continue
        f = P(prefix, n, n.console)
        apid = job.pid(n.name, 99) - 50
        for l in range(8):
            r = job.rank(n.name, l)
            t = t_end + sec(0.01 * l)
            b.add(f, t, c10d(n, t, r, "W", "ProcessGroupNCCL.cpp:1250", "WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"))
        pid = job.pid(n.name, 0)
        b.add(f, t_end + sec(0.2), "%s:%d:%d [0] NCCL INFO [Service thread] Connection closed by localRank 0\n%s:%d:%d [0] NCCL INFO comm 0x55d0c0000000 rank %d nranks %d cudaDev 0 busId 18000 - Abort COMPLETE" % (n.name, pid, pid + 60, n.name, pid, pid + 2, job.rank(n.name, 0), job.world))
        b.add(f, t_end + sec(2), glog(n, t_end + sec(2), "I", apid, "torch/distributed/elastic/agent/server/api.py:879", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        b.add(f, t_end + sec(3), glog(n, t_end + sec(3), "I", apid, "torch/distributed/elastic/agent/server/api.py:932", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
        xid45_teardown(b, job, n, prefix, t_end + sec(4), [0, 3])


def o28():
    name = "o28_scary_xid_and_nccl_warnings_at_the_end"
    rng = rng_for(name)
    names = ["h100-%s" % x for x in ("fra-101", "fra-102", "fra-103", "fra-104", "fra-105", "fra-106", "fra-107", "fra-108", "fra-109", "fra-110", "fra-111", "fra-112")]
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.101.0", D("2024-05-05 00:00:00"), 1.3, 0, 20000, None, None, fmt="compact", every=10,
                       total=20000, jobid=2200331, extra_noise={names[0]: ("xid31_old", "oom_old"), names[5]: ("xid63_old",)})
    n0 = job.nodes[0]
    b.add(P("", n0, "train_rank0.log"), tf + sec(20), "[ckpt] saved final checkpoint to /checkpoints/run-331/step_20000\n[trainer] Training complete: 20000 steps in %.1f h" % ((tf - job.t0).total_seconds() / 3600))
    finish(b, job, "", tf + sec(60))
    port_flap(b, job.by_name["h100-fra-107"], "", tf - sec(6 * 3600))
    sacct(b, "", n0, "sacct.txt", job.jobid, "pretrain", job.t0 - sec(120), tf + sec(70), "h100-fra-[101-112]", 12, "COMPLETED", "0:0")
    set_label(b, "unknown", "framework", None, "none",
              "The run reached its final step, saved the checkpoint and every agent reports SUCCEEDED (sacct COMPLETED 0:0); the Xid 45 at teardown, destroy_process_group warnings, old Xid 31/63 and a port flap six hours earlier are noise.",
              "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


def o29():
    name = "o29_first_attempt_crashed_second_finished"
    b = Bundle(name, [])
    names = ["ib-gpu-%02d" % i for i in range(1, 11)]
    b.folders = names
    cul = "ib-gpu-06"
    rng = rng_for(name + "0")
    job, tf, seq = run(b, rng, names, "10.88.0", D("2024-08-01 00:00:00"), 1.5, 0, 9000, None, None, prefix="attempt_0/",
                       fmt="kv", every=10, jobid=6100001, total=16000)
    cn = job.by_name[cul]
    port_flap(b, cn, "attempt_0/", tf - sec(1.5), dev="mlx5_5", pci="0000:9a:00.0", down_s=9.0)
    pid = job.pid(cul, 4)
    origin_abort(b, job, "attempt_0/", cn, 4, tf, [("ProcessGroupNCCL.cpp:1748", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer 10.88.0.12<44120> with status=12 opcode=0 len=0 vendor err 129 (Send)" % job.rank(cul, 4))])
    cascade(b, job, "attempt_0/", cn, 4, tf, seq, mode="remote", slurm=(job.nodes[0], "slurm-6100001.out"))
    rng = rng_for(name + "1")
    job1, tf1, _ = run(b, rng, names, "10.88.0", D("2024-08-01 04:05:00"), 1.5, 8000, 16000, None, None, prefix="attempt_1/",
                       fmt="kv", every=10, jobid=6100002, total=16000)
    b.add(P("attempt_1/", job1.nodes[0], "train_rank0.log"), tf1 + sec(15), "[trainer] reached max_steps=16000, final checkpoint saved; exiting")
    finish(b, job1, "attempt_1/", tf1 + sec(40))
    sacct(b, "attempt_1/", job1.nodes[0], "sacct.txt", 6100002, "pretrain", job1.t0 - sec(120), tf1 + sec(50), "ib-gpu-[01-10]", 10, "COMPLETED", "0:0")
    set_label(b, "unknown", "framework", None, "none",
              "The first attempt died after a 9-second IB port flap on ib-gpu-06, but the resubmitted job (same nodes, including ib-gpu-06) resumed from step 8000 and finished cleanly to step 16000; nothing is left to fix.",
              GH + "ROCm/rccl/issues/1423")
    return b


def o30():
    name = "o30_torchrun_restarted_workers_once"
    rng = rng_for(name)
    names = ["cw-h100-%03d" % i for i in range(40, 48)] + ["cw-h100-%03d" % i for i in range(60, 64)]
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.150.5", D("2025-03-03 06:00:00"), 1.1, 0, 12000, None, None, fmt="hf", every=10,
                       jobid=None, slurm_file=None, total=30000, console="agent.log")
    # workers fail on every node with a transient socket error, agent restarts them
    cul = "cw-h100-045"
    cn = job.by_name[cul]
    t = tf
    for n in job.nodes:
        f = P("", n, n.console)
        apid = job.pid(n.name, 99) - 50
        tn = t + sec(1.5 + job.node_rank(n.name) * 0.05)
        pid = job.pid(n.name, 0)
        b.add(f, tn, "%s:%d:%d [0] misc/socket.cc:49 NCCL WARN socketProgressOpt: Call to recv from %s<38211> failed : Connection reset by peer" % (n.name, pid, pid + 70, cn.ip))
        b.add(f, tn + sec(2), glog(n, tn + sec(2), "W", apid, "torch/distributed/elastic/agent/server/api.py:704", "[default] Worker group FAILED. 2/3 attempts left; will restart worker group"))
        b.add(f, tn + sec(2.1), glog(n, tn + sec(2.1), "I", apid, "torch/distributed/elastic/agent/server/api.py:868", "[default] Stopping worker group"))
        startup(b, job, n, "", tn + sec(30), restart_count=1)
    b.add(P("", job.nodes[0], "train_rank0.log"), tf + sec(60), "[ckpt] resuming from /ckpt/step_11500")
    job2 = job
    job2_t0 = tf + sec(80)
    from common import Job
    jr = Job(job.nodes, job2_t0, 1.1, 11500, jobid=job.jobid)
    train_log(b, jr, job.nodes[0], "", "train_rank0.log", "hf", 11500, 30000, 10, 30000, rng, banner=False)
    tend = jr.at(30000) + sec(20)
    finish(b, jr, "", tend)
    b.static("%s/k8s-events.txt" % names[0], "LAST SEEN   TYPE     REASON      OBJECT                  MESSAGE\n4m          Normal   Completed   pytorchjob/pt-7b-cw     PyTorchJob pt-7b-cw successfully completed.\n")
    set_label(b, "unknown", "framework", None, "none",
              "Workers on all nodes hit a connection reset at step ~12000 and torchrun restarted the worker group in place (restart_count=1); training resumed from step 11500 and completed at step 30000 with the PyTorchJob marked successful.",
              GH + "sgl-project/sglang/issues/3099")
    return b


CASES = [o21, o22, o23, o24, o25, o26, o27, o28, o29, o30]
