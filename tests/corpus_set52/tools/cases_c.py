"""Cases aw11-aw19."""
from common import *
from bundle import Job
from cases_a import L
from cases_b import py_tb


# --------------------------------------------------------------------------- aw11
def aw11():
    hosts = [f"lx-{n}" for n in range(140, 146)]
    j = Job(hosts, 8, T(2024, 12, 4, 4, 0, 0), 1111, prefix="none")
    files = {}
    it = j.iters(69001, 70000, 3.6)
    t_ck = add(it[-1][0], 0.5)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 5:
            s += it
            s.append((add(t_ck, -1800), f" [{add(t_ck,-1800):%Y-%m-%d %H:%M:%S}] WARNING: checkpoint write of shard 3 hit EAGAIN, retrying (1/5) ... ok"))
            s.append((t_ck, f" [{t_ck:%Y-%m-%d %H:%M:%S}] saving checkpoint at iteration   70000 to /lfs01/llm/ckpt/run17"))
        s += j.flood(hi, add(t_ck, 1800.6 + hi * 0.1), 8812203, op="_ALLGATHER_BASE", timeout_ms=1800000, frames=(hi == 0))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        k = []
        for n in range(6):
            tt = add(t_ck, 40 + n * 105 + hi)
            k += [f"{dmesg_T(tt)} Lustre: 3571:0:(client.c:2289:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent {int((tt-T(1970,1,1,0,0)).total_seconds())-100}/real {int((tt-T(1970,1,1,0,0)).total_seconds())-100}]  req@000000006c1a2b3c x17832{n}1290/t0(0) o4->lfs01-OST001{n % 4}-osc-ffff9b2a4c3f1000@10.50.0.{21 + n % 4}@o2ib:6/4 lens 488/448 e 2 to 1 dl {int((tt-T(1970,1,1,0,0)).total_seconds())} ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'python3.1177'",
                  f"{dmesg_T(add(tt, 0.01))} Lustre: lfs01-OST001{n % 4}-osc-ffff9b2a4c3f1000: Connection to lfs01-OST001{n % 4} (at 10.50.0.{21 + n % 4}@o2ib) was lost; in progress operations using this service will wait for recovery to complete"]
        tr = add(t_ck, 2500)
        k += [f"{dmesg_T(tr)} Lustre: lfs01-OST0011-osc-ffff9b2a4c3f1000: Connection restored to 10.50.0.22@o2ib (at 10.50.0.22@o2ib)",
              f"{dmesg_T(add(tr, 200))} INFO: task python3:{j.pid(hi,0)} blocked for more than 491 seconds." if hi == 5 else f"{dmesg_T(tr)} LNet: 3561:0:(o2iblnd_cb.c:3397:kiblnd_check_conns()) Timed out tx for 10.50.0.22@o2ib: 13 seconds"]
        files[f"{h}/dmesg.txt"] = join(k)
    files["lfs01_status.txt"] = join([f"# storage team status page snapshot {add(t_ck, 3600):%Y-%m-%d %H:%M} UTC",
                                      "lfs01: OSS pair oss11/oss12 failover in progress after HBA reset on oss11 - OST0010..OST0013 in recovery, ETA 20 min",
                                      "lfs01: no data loss expected; clients will reconnect automatically"])
    lab = L("storage", "infrastructure", None, None, "restart",
            "The checkpoint save at iteration 70000 stalled on the shared Lustre filesystem: all six */dmesg.txt show 'ptlrpc_expire_one_request() ... timed out for slow reply ... o4->lfs01-OST001x' and 'Connection to lfs01-OST001x ... was lost' starting ~40 s after 'saving checkpoint', then 'Connection restored', and lfs01_status.txt reports an OSS failover. Every rank's 30-minute _ALLGATHER_BASE watchdog timeout is a consequence of rank 0 blocked in the write. Shared-service outage, transient -> restart. The EAGAIN retry 30 minutes earlier succeeded and is not the cause.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14")
    return "aw11_all_ranks_time_out_after_checkpoint_started", files, lab, None


# --------------------------------------------------------------------------- aw12
def aw12():
    hosts = ["hpc-g101", "hpc-g102", "hpc-g103", "hpc-g104", "hpc-g105", "hpc-g106", "hpc-g107", "hpc-g108"]
    j = Job(hosts, 4, T(2024, 1, 22, 20, 0, 0), 1212, prefix="srun")
    files = {}
    bad = 4
    it = j.iters(200, 1900, 2.7)
    t_end = add(it[-1][0], 0.7)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += it
        if hi == bad:
            s += [(t, l) for t, l in it[:0]]
            s.append((add(t_end, -30), j.pfx(hi, 0, f"{h}:{j.pid(hi,0)}:{j.pid(hi,0)+140} [0] NCCL INFO NET/IB: [0] Connected (ring) 17->18")))
            files[f"{h}/stdout.log"] = join(merge_sorted(s)).rstrip("\n")[:-7]  # truncated mid-line: node vanished
            continue
        te = add(t_end, 18.4 + hi * 0.01)
        for l in range(4):
            g = j.grank(hi, l)
            p = j.pid(hi, l)
            s.append((te, j.pfx(hi, l, f"{h}:{p}:{p+151} [{l}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.31.0.105<39{l}11> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.31.0.{101+hi} remoteGids::ffff:10.31.0.105")))
        s += j.flood(hi, add(t_end, 600.0), 95121, frames=(hi == 0))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
    files["slurm-3120044.out"] = join([f"srun: error: Node failure on {hosts[bad]}",
                                       f"slurmstepd: error: *** JOB 3120044 ON hpc-g101 CANCELLED AT {add(t_end, 610):%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
                                       "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    files["sacct.txt"] = join(["JobID|State|ExitCode|NodeList|End", f"3120044|NODE_FAIL|0:0|hpc-g[101-108]|{add(t_end, 610):%Y-%m-%dT%H:%M:%S}",
                               f"3120044.0|CANCELLED|0:9|hpc-g[101-108]|{add(t_end, 640):%Y-%m-%dT%H:%M:%S}"])
    files["hpc-g105/ipmi_sel.txt"] = join([
        "   1 | 01/09/2024 | 11:02:13 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
        f"   2 | {t_end:%m/%d/%Y} | {add(t_end, -0.4):%H:%M:%S} | Processor CPU1_Status | IERR | Asserted",
        f"   3 | {t_end:%m/%d/%Y} | {add(t_end, -0.3):%H:%M:%S} | Critical Interrupt #0xa1 | Bus Uncorrectable error | Asserted",
        f"   4 | {t_end:%m/%d/%Y} | {add(t_end, 0.2):%H:%M:%S} | System Event #0x83 | OEM System Boot Event | Asserted",
        f"   5 | {add(t_end, 190):%m/%d/%Y} | {add(t_end, 190):%H:%M:%S} | System ACPI Power State #0x80 | S0/G0: working | Asserted"])
    files["hpc-g105/last_boot.txt"] = join([f"reboot   system boot  5.14.0-362.el9 {add(t_end, 190):%a %b %d %H:%M}   still running", f"root     pts/0        bastion          {add(t_end, 9000):%a %b %d %H:%M}   still logged in"])
    lab = L("host", "infrastructure", "hpc-g105", None, "restart_without_node",
            "hpc-g105's stdout.log ends mid-line with no error and slurm/sacct report NODE_FAIL 'Node failure on hpc-g105'. The cause is only in hpc-g105/ipmi_sel.txt: 'Processor CPU1_Status | IERR' and 'Bus Uncorrectable error' at the moment the log stops, followed by a reboot (last_boot.txt). The NET/IB status=12 completion errors on the other seven nodes all name 10.31.0.105 (hpc-g105) and, like the watchdog timeouts, are sympathetic.",
            "https://github.com/openstreetmap/operations/issues/278")
    return "aw12_job_ends_with_node_fail_and_no_traceback", files, lab, None


# --------------------------------------------------------------------------- aw13
def aw13():
    hosts = ["ml-n01", "ml-n02", "ml-n03", "ml-n04"]
    j = Job(hosts, 8, T(2024, 5, 2, 13, 0, 0), 1313, script="train.py", prefix="default")
    files = {}
    bad, loc = 1, 6
    hs = hf_steps(add(j.t0, 90), 1, 6200, 0.8, j.rng, every=20)
    t_b = add(hs[-1][0], 0.4)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += [(t, j.pfx(0, 0, l)) for t, l in hs]
        if hi == bad:
            g = j.grank(hi, loc)
            s += [(t_b, j.pfx(hi, loc, "Fatal Python error: Bus error")),
                  (t_b, j.pfx(hi, loc, "")),
                  (t_b, j.pfx(hi, loc, "Thread 0x00007f5a9bfff640 (most recent call first):")),
                  (t_b, j.pfx(hi, loc, '  File "/usr/lib/python3.10/threading.py", line 324 in wait')),
                  (t_b, j.pfx(hi, loc, "")),
                  (t_b, j.pfx(hi, loc, "Current thread 0x00007f5b8d3e4740 (most recent call first):")),
                  (t_b, j.pfx(hi, loc, '  File "/usr/local/lib/python3.10/dist-packages/torch/optim/adamw.py", line 480 in _multi_tensor_adamw')),
                  (t_b, j.pfx(hi, loc, '  File "/usr/local/lib/python3.10/dist-packages/accelerate/optimizer.py", line 171 in step'))]
            tf = add(t_b, 1.5)
            s += [(tf, f"[{pylog(tf)}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -7) local_rank: {loc} (pid: {j.pid(hi,loc)}) of binary: /usr/bin/python3")]
            s += j.flood(hi, add(t_b, 1800.2), 74401, skip_local=(loc,), root_local=loc, root_exit=-7, root_tb=f"Signal 7 (SIGBUS) received by PID {j.pid(hi,loc)}", timeout_ms=1800000, frames=False)
        else:
            s += j.flood(hi, add(t_b, 1800.0 + hi * 0.2), 74401, timeout_ms=1800000, frames=(hi == 2))
        files[f"{h}/accelerate_launch.log"] = join(merge_sorted(s))
        jr = [f"{journal_iso(add(j.t0, -50))} {h} kernel: EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:3a:0a.0 (INTERRUPT)"]
        if hi == 3:
            jr += [f"{journal_iso(add(j.t0, 2000 + k * 900))} {h} kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x7f3e1 offset:0x300 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" for k in range(3)]
        if hi == bad:
            jr += [f"{journal_iso(add(t_b, -0.01))} {h} kernel: mce: Uncorrected hardware memory error in user-access at 3e98c1b400",
                   f"{journal_iso(add(t_b, -0.01))} {h} kernel: Memory failure: 0x3e98c1b: Sending SIGBUS to python3:{j.pid(hi,loc)} due to hardware memory corruption",
                   f"{journal_iso(add(t_b, -0.009))} {h} kernel: Memory failure: 0x3e98c1b: recovery action for dirty LRU page: Recovered",
                   f"{journal_iso(add(t_b, 0.2))} {h} mcelog[1702]: Hardware event. This is not a software error.",
                   f"{journal_iso(add(t_b, 0.2))} {h} mcelog[1702]: CPU 54 BANK 13 TSC 2b1f0c8d91a2",
                   f"{journal_iso(add(t_b, 0.2))} {h} mcelog[1702]: MCi status:\\nUncorrected error\\nError enabled\\nMCi_MISC register valid\\nMCi_ADDR register valid\\nSRAR"]
        files[f"{h}/journalctl.txt"] = join(jr)
    lab = L("host", "infrastructure", "ml-n02", None, "restart_without_node",
            "ml-n02 local rank 6 (global 14) dies with 'Fatal Python error: Bus error' (exit -7 SIGBUS) inside AdamW; ml-n02/journalctl.txt shows the cause 10 ms earlier: 'mce: Uncorrected hardware memory error in user-access at 3e98c1b400' and 'Memory failure: ... Sending SIGBUS to python3:<pid> due to hardware memory corruption' (host DRAM, not GPU). Corrected EDAC errors on ml-n04 are benign; the 30-minute watchdog timeouts on all other ranks are sympathetic.",
            "https://github.com/radiasoft/devops/issues/134")
    return "aw13_one_rank_exits_with_bus_error", files, lab, None


# --------------------------------------------------------------------------- aw14
def aw14():
    files = {}
    sets = {1: ["g-a01", "g-a02", "g-a03", "g-a04"], 2: ["g-a05", "g-a06", "g-a07", "g-a08"], 3: ["g-a02", "g-a09", "g-a10", "g-a11"]}
    for att, hosts in sets.items():
        j = Job(hosts, 8, T(2024, 8, 20, 3 + att * 3, 0, 0), 1400 + att, prefix="none")
        start = 41001 if att == 1 else 41500
        t_begin = add(j.t0, 120)
        it = j.iters(start if att == 1 else 41501, 41873, 3.0, t_begin=t_begin, nan_from=41872, every=1)
        t_n = add(it[-1][0], 0.5)
        for hi, h in enumerate(hosts):
            s = j.startup(hi)
            if hi == 3:
                s += it
                if att > 1:
                    s.append((add(j.t0, 100), f" loading checkpoint from /ckpt/gpt-30b at iteration 41500"))
            nrank = [27, 9, 20][att - 1]
            if hi == nrank // 8:
                l = nrank % 8
                s += [(t_n, x) for x in [
                    f"ERROR:megatron.core.rerun_state_machine:Unexpected result nan on rank {nrank} at iteration #41873 invocation #1 (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')",
                    f"ERROR:megatron.core.rerun_state_machine:Rank {nrank}, node {h}, device {l}, iteration #41873: First rerun: unexpected result is reproducible within the tolerance (nan = nan). Need to rerun on a different GPU to verify correctness"]]
                s += [(add(t_n, 1), x) for x in py_tb("", [("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 151, "check_grads", "rerun_state_machine.validate_result(")],
                                                     f"AssertionError: Rank {nrank}: found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective. Device: {l}, node: {h}")]
                s += j.flood(hi, add(t_n, 600.0), 1130877, skip_local=(l,), root_local=l, root_exit=1, root_tb="AssertionError: found NaN in local grad norm", frames=False)
            else:
                s += j.flood(hi, add(t_n, 600.2 + hi * 0.1), 1130877, frames=(hi == 0 and att == 2))
            if att == 2 and hi == 1:
                s.append((add(j.t0, 400), f"{h}:{j.pid(hi,3)}:{j.pid(hi,3)+120} [3] NCCL WARN NET/IB : Got async event : port error"))
                s.append((add(j.t0, 402), f"{h}:{j.pid(hi,3)}:{j.pid(hi,3)+120} [3] NCCL INFO NET/IB : Got async event : port active"))
            files[f"attempt_{att}/{h}/stdout.log"] = join(merge_sorted(s))
    files["attempt_3/data_blend.txt"] = join(["# data blend unchanged across attempts; sample index deterministic (seed 1234)",
                                              "0.35 /data/web_dedup_text_document", "0.25 /data/code_text_document", "0.40 /data/books_text_document"])
    lab = L("numerical", "script", None, None, "stop",
            "All three attempts, on different node sets (g-a01..04, g-a05..08, g-a02/09/10/11) and with different ranks reporting (27, 9, 20), go NaN at the same iteration: lm loss 'nan' at 41872 and 'found NaN in local grad norm ... iteration #41873' with 'reproducible within the tolerance (nan = nan)'. Same step regardless of hardware with a deterministic data order (data_blend.txt) = the recipe/data, not a GPU. The port-error/port-active blip in attempt_2 recovered and the watchdog timeouts are sympathetic.",
            "https://github.com/NVIDIA/Megatron-LM/issues/780")
    return "aw14_loss_nan_in_three_attempts", files, lab, None


# --------------------------------------------------------------------------- aw15
def aw15():
    files = {}
    hosts = ["r7-h01", "r7-h02", "r7-h03", "r7-h04", "r7-h05", "r7-h06"]
    nan_steps = {1: 9100, 2: 9356, 3: 9012}
    for att in (1, 2, 3):
        j = Job(hosts, 8, T(2024, 10, 14, 1 + att * 4, 0, 0), 1500 + att, prefix="srun")
        start = 8000 if att == 1 else 9001
        it = j.iters(start, nan_steps[att] + 1, 2.2, t_begin=add(j.t0, 100), nan_from=nan_steps[att] + 1, every=1)
        t_n = add(it[-1][0], 0.6)
        for hi, h in enumerate(hosts):
            s = j.startup(hi)
            if hi == 5:
                s += it
            if hi == 4:
                l = 5
                g = j.grank(hi, l)
                s += [(t_n, j.pfx(hi, l, x)) for x in py_tb("", [("/workspace/train.py", 288, "train_step", "check_finite(loss, grads)"),
                                                                  ("/workspace/utils/guards.py", 40, "check_finite", "raise FloatingPointError(f\"rank {rank}: non-finite grad norm {gn} at step {step}\")")],
                                                               f"FloatingPointError: rank {g}: non-finite grad norm nan at step {nan_steps[att] + 1}")]
                s += j.flood(hi, add(t_n, 600.0), 77000 + att, skip_local=(l,), root_local=l, root_exit=1, root_tb="FloatingPointError: non-finite grad norm", frames=False)
            else:
                s += j.flood(hi, add(t_n, 600.1 + hi * 0.1), 77000 + att, frames=(hi == 1))
            files[f"attempt_{att}/{h}/job_output.log"] = join(merge_sorted(s))
    dc = ["# dcgmi dmon -e 310,311,312,313 -c 1 (collected after attempt 3)", "#Entity   SBE_VOL   DBE_VOL   SBE_AGG   DBE_AGG"]
    for g in range(8):
        dc.append(f"GPU {g}    {4211 if g == 5 else 0:<9} {0:<9} {18790 if g == 5 else (2 if g == 1 else 0):<9} 0")
    files["r7-h05/dcgm_ecc.txt"] = join(dc)
    files["r7-h05/nvidia-smi-q.txt"] = join(nvsmi_q("r7-h05", T(2024, 10, 14, 15, 0, 0), over={5: {"ecc_vol_sbe": 4211, "ecc_agg_sbe": 18790, "remap_corr": 7, "pend": True}}))
    files["r7-h02/nvidia-smi-q.txt"] = join(nvsmi_q("r7-h02", T(2024, 10, 14, 15, 0, 0), over={1: {"ecc_agg_sbe": 2}}))
    lab = L("gpu_memory", "infrastructure", "r7-h05", 37, "restart_without_node",
            "The non-finite grad norm appears at a different step in each attempt (9101, 9357, 9013 - not the recipe) but always on global rank 37 = r7-h05 local GPU 5 (node order unchanged). r7-h05/dcgm_ecc.txt and nvidia-smi-q.txt show GPU 5 with 4211 volatile / 18790 aggregate correctable DRAM errors, 7 correctable remapped rows and 'Pending: Yes' - degrading HBM silently corrupting values. r7-h02 GPU 1's 2 aggregate SBEs are normal background; watchdog timeouts are sympathetic.",
            "https://github.com/MLI-lab/DeepDeWedge/issues/22")
    return "aw15_nan_grad_norm_at_different_steps", files, lab, None


# --------------------------------------------------------------------------- aw16
def aw16():
    hosts = ["p5-01", "p5-02", "p5-03", "p5-04"]
    j = Job(hosts, 8, T(2024, 6, 6, 16, 0, 0), 1616, script="train_ddp.py", prefix="none")
    files = {}
    hs = hf_steps(add(j.t0, 60), 1, 2000, 0.9, j.rng, every=50)
    t_h = add(hs[-1][0], 0.3)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += hs
            s.append((t_h, f"[{pylog(t_h)}] INFO - rank0: epoch 0 done, saving best model to /fsx/ckpt/best.pt and syncing"))
        for l in range(8):
            g = j.grank(hi, l)
            op, seq = ("BARRIER", 4012) if g == 0 else ("ALLREDUCE", 4012)
            tt = add(t_h, 1800.3 + j.rng.uniform(0, 0.5))
            for line in watchdog(g, tt, seq, op=op, numel=1 if g == 0 else 25165824, timeout_ms=1800000, frames=False):
                s.append((tt, line))
        s += j.flood(hi, add(t_h, 1803.0), 4012, skip_local=range(8), tb=False, frames=False)
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
    files["p5-01/pyspy_rank0.txt"] = join(["Process 51121: /usr/bin/python3 -u train_ddp.py --config cfg/vit_h.yaml", "Python v3.10.12 (/usr/bin/python3.10)", "",
                                           "Thread 51121 (idle): \"MainThread\"", "    barrier (torch/distributed/distributed_c10d.py:4166)",
                                           "    wrapper (torch/distributed/c10d_logger.py:83)", "    save_best (train_ddp.py:197)", "    train (train_ddp.py:251)", "    <module> (train_ddp.py:310)"])
    files["p5-02/pyspy_rank9.txt"] = join(["Process 49870: /usr/bin/python3 -u train_ddp.py --config cfg/vit_h.yaml", "Python v3.10.12 (/usr/bin/python3.10)", "",
                                           "Thread 49870 (idle): \"MainThread\"", "    all_reduce (torch/distributed/distributed_c10d.py:2501)",
                                           "    wrapper (torch/distributed/c10d_logger.py:83)", "    _sync_metrics (train_ddp.py:166)", "    evaluate (train_ddp.py:180)", "    train (train_ddp.py:254)", "    <module> (train_ddp.py:310)"])
    files["p5-01/train_ddp_snippet.txt"] = join(["247        if is_best:", "248            if dist.get_rank() == 0:", "249                torch.save(model.state_dict(), cfg.best_path)",
                                                 "250                save_best(model, cfg)   # calls dist.barrier() at line 197", "251  ", "252        # other ranks go straight to the next eval", "253        metrics = evaluate(model, val_loader)"])
    lab = L("hang", "script", None, None, "stop",
            "Program-level deadlock: rank 0 times out in OpType=BARRIER while all other 31 ranks time out in OpType=ALLREDUCE with the same SeqNum 4012 (*/stdout.log). p5-01/pyspy_rank0.txt shows rank 0 in save_best -> dist.barrier (train_ddp.py:197) reached only under 'if dist.get_rank() == 0', and p5-02/pyspy_rank9.txt shows rank 9 in evaluate -> all_reduce. Ranks call different collectives because of the code; the 30-minute watchdog timeouts are the symptom.",
            "https://github.com/pytorch/pytorch/issues/54059")
    return "aw16_all_ranks_time_out_after_epoch_end", files, lab, None


# --------------------------------------------------------------------------- aw17
def aw17():
    hosts = [f"k8s-gpu-{n}" for n in ("a", "b", "c", "d", "e", "f")]
    pods = [f"llm-pretrain-worker-{i}" for i in range(6)]
    j = Job(pods, 8, T(2024, 9, 9, 7, 0, 0), 1717, script="train.py", prefix="default")
    files = {}
    it = j.iters(14001, 14900, 2.9)
    t_s = add(it[-1][0], 0.3)
    stuck = 27  # pod 3 local 3
    for hi, h in enumerate(pods):
        s = j.startup(hi, master="llm-pretrain-master-0")
        if hi == 0:
            s += it
        tf = add(t_s, 600.2 + hi * 0.05)
        s += j.flood(hi, tf, 431877, op="REDUCE_SCATTER", skip_local=(3,) if hi == 3 else (), frames=(hi == 2))
        s.append((add(tf, 0.1), j.pfx(hi, 0, f"[rank{j.grank(hi,0)}]:[{c10(add(tf, 0.1))} ProcessGroupNCCL.cpp:1297] [PG ID 0 PG GUID 0(default_pg) Rank {j.grank(hi,0)}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1")))
        files[f"{h}/logs.txt"] = join(merge_sorted(s))
    fr = ["# python -m torch.distributed.flight_recorder.fr_trace /dumps -j --print_only (summary)",
          "Collective sequence_id 431877 (pg default_pg, REDUCE_SCATTER, input sizes [[402653184]], dtype bf16):"]
    fr.append(f"  ranks with state 'started' : {', '.join(str(r) for r in range(48) if r != stuck)}")
    fr.append(f"  ranks with state 'scheduled': -")
    fr.append(f"  missing ranks               : {{{stuck}}}")
    fr += [f"  rank {stuck}: last entry sequence_id 431876 (ALL_GATHER) state 'completed'; no entry for 431877",
           "Not all ranks joining collective 431877 - culprit ranks: {%d}" % stuck]
    files["flight_recorder_summary.txt"] = join(fr)
    files["llm-pretrain-worker-3/pyspy_rank27.txt"] = join(["Process 412: python -u train.py --config configs/13b.yaml", "Python v3.11.9 (/usr/bin/python3.11)", "",
                                                            "Thread 412 (active): \"MainThread\"", "    synchronize (torch/cuda/__init__.py:892)", "    _wait_h2d (data/prefetch.py:77)",
                                                            "    __next__ (data/prefetch.py:103)", "    train_loop (train.py:402)", "    main (train.py:511)",
                                                            "Thread 590 (idle): \"pt_nccl_heartbt\""])
    files["llm-pretrain-worker-3/kubectl_describe_pod.txt"] = join([f"Name:             llm-pretrain-worker-3", f"Node:             k8s-gpu-d/10.8.3.14",
                                                                    "Status:           Running", "Containers:", "  pytorch:", "    State:          Running", f"      Started:      {j.t0:%a, %d %b %Y %H:%M:%S} +0000",
                                                                    "    Restart Count:  0", "    Limits:", "      nvidia.com/gpu:         8", "      rdma/ib:                8", "Events:  <none>"])
    files["llm-pretrain-worker-3/dmesg.txt"] = join([f"{dmesg_T(add(j.t0, -300))} IPv6: ADDRCONF(NETDEV_CHANGE): net1: link becomes ready"])
    lab = L("hang", "infrastructure", "llm-pretrain-worker-3", 27, "run_diagnostics",
            "flight_recorder_summary.txt: REDUCE_SCATTER seq 431877 is 'started' on 47 ranks and missing only on rank 27, whose last entry (431876) completed; llm-pretrain-worker-3/pyspy_rank27.txt shows rank 27 stuck in torch.cuda.synchronize inside data/prefetch.py and it is the one rank with no watchdog line. No Xid, NIC or OOM evidence on the pod/node, so the stuck rank is known but not the hardware cause -> diagnostics on that node/GPU. All other watchdog timeouts and SIGTERMs are sympathetic.",
            "https://github.com/pytorch/tutorials/pull/3040")
    return "aw17_reduce_scatter_timeout_on_47_of_48_ranks", files, lab, None


# --------------------------------------------------------------------------- aw18
def aw18():
    hosts = [f"dgx{n:02d}" for n in range(21, 29)]
    j = Job(hosts, 8, T(2024, 3, 3, 0, 0, 0), 1818, prefix="none")
    files = {}
    it = j.iters(250001, 251200, 2.6)
    t_s = add(it[-1][0], 0.2)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 7:
            s += it
        s += j.flood(hi, add(t_s, 1800.0 + j.rng.uniform(0, 1.2)), 5523190, timeout_ms=1800000, frames=True)
        files[f"{h}/output.log"] = join(merge_sorted(s))
        files[f"{h}/dmesg.txt"] = join([f"{dmesg_T(add(j.t0, -3600))} IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready",
                                        f"{dmesg_T(add(j.t0, -3000))} nvidia-fabricmanager: Successfully configured all the available NVSwitches to route GPU NVLink traffic."] +
                                       ([f"{dmesg_T(add(t_s, -7200))} NVRM: Xid (PCI:0000:9a:00): 31, pid=12231, name=python3, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_1 faulted @ 0x7f3a_2c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"] if hi == 2 and False else []))
        files[f"{h}/ibstat.txt"] = join(ibstat(h))
    files["fr_trace_summary.txt"] = join(["# flight recorder merged over 64 ranks", "pg default_pg: last completed collective sequence_id 5523189 on all 64 ranks",
                                          "collective 5523190 ALLREDUCE: state 'started' on all 64 ranks; no missing ranks; no mismatched sizes",
                                          "no rank is behind; cannot determine culprit rank"])
    lab = L("hang", "infrastructure", None, None, "restart",
            "All 64 ranks on 8 nodes hit the same 30-minute watchdog timeout on ALLREDUCE SeqNum 5523190 within ~1 s (*/output.log), fr_trace_summary.txt shows the collective 'started' on every rank with none missing or behind, and no node has Xid/NIC/OOM evidence (dmesg, ibstat all clean). A hang with no evidence of who is stuck -> restart.",
            "https://github.com/InternLM/InternLM/issues/290")
    return "aw18_every_rank_reports_the_same_timeout", files, lab, None


# --------------------------------------------------------------------------- aw19
def aw19():
    hosts = ["sxm-11", "sxm-12", "sxm-13", "sxm-14"]
    j = Job(hosts, 8, T(2024, 7, 8, 9, 0, 0), 1919, prefix="none")
    files = {}
    slow = lambda it: 1.0 if it < 22400 else 1.46
    it = j.iters(21001, 23400, 1.8, slow=slow)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 3:
            s += it
            t_r = add(it[-1][0], 2)
            s += [(add(it[1500][0], 1), " [straggler] rank-level GPU throughput over last 100 iters: min 0.61 (rank 13), median 1.00, max 1.02"),
                  (add(it[1800][0], 1), " [straggler] rank-level GPU throughput over last 100 iters: min 0.58 (rank 13), median 1.00, max 1.01"),
                  (add(it[2200][0], 1), " [straggler] STRAGGLER DETECTED: rank 13 (sxm-12, local_rank 5) relative perf 0.57")]
        files[f"{h}/megatron_rank_logs.txt"] = join(merge_sorted(s))
        over = {}
        if hi == 1:
            over = {5: {"temp": 90, "slow_hw": True, "slow_therm": True, "clocks_sm": 1095, "power": 402.1}}
        files[f"{h}/nvidia-smi-q.txt"] = join(nvsmi_q(h, add(it[-1][0], 30), over=over))
    files["sxm-12/ipmi_sensor.txt"] = join(["FAN1             | 11760.000  | RPM        | ok", "FAN4             | 0.000      | RPM        | cr", "GPU5_Temp        | 90.000     | degrees C  | nc", "Inlet_Temp       | 24.000     | degrees C  | ok"])
    files["operator_note.txt"] = join(["Job still running, not failed. Throughput dropped ~30% around iteration 22400; collected logs to find why."])
    lab = L("straggler", "infrastructure", "sxm-12", 13, "restart_without_node",
            "No crash: iteration time rises from ~1.8 s to ~2.6 s at iteration 22400 and the straggler detector names rank 13 (sxm-12 local 5). sxm-12/nvidia-smi-q.txt shows that GPU at 90 C with 'HW Slowdown: Active' and 'HW Thermal Slowdown: Active', SM clock 1095 MHz, and ipmi_sensor.txt shows FAN4 at 0 RPM (critical). One node with its own thermal evidence -> restart without it.",
            "https://github.com/facebookarchive/fb.resnet.torch/issues/61")
    return "aw19_iteration_time_up_by_half_no_errors", files, lab, None
