"""Cases ac21..ac30."""
import json

from common import (Case, T, sec, BUS, xid_pci, gpu_uuid, c10, glog_py, pylog, iso,
                    nvidia_smi, dcgmi_diag, dcgmi_health, nccl_init, watchdog_timeout,
                    watchdog_exception, py_traceback, elastic_failure, loss_curve, megatron_iter,
                    titan_step, hf_step, hms, sacct, ibstat)
from bundle import write_kernel, torchrun_banner


def perf_q(gpu_i, sm, mem_clk, temp, slow=False, power=650):
    act = "Active" if slow else "Not Active"
    return [f"GPU 00000000:{['1B','43','52','61','9D','C3','D1','DF'][gpu_i]}:00.0",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Not Active",
            f"        HW Slowdown                       : {act}",
            f"            HW Thermal Slowdown           : {act}",
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            "        SW Thermal Slowdown               : Not Active",
            "        Display Clock Setting             : Not Active",
            "    Temperature",
            f"        GPU Current Temp                  : {temp} C",
            "        GPU T.Limit Temp                  : " + (f"{max(0, 87 - temp)} C" if temp < 87 else "0 C"),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "        GPU Max Operating Temp            : 85 C",
            "        Memory Current Temp               : " + f"{temp - 6} C",
            "    Power Readings",
            f"        Power Draw                        : {power:.2f} W",
            "        Current Power Limit               : 700.00 W",
            "    Clocks",
            f"        Graphics                          : {sm} MHz",
            f"        SM                                : {sm} MHz",
            f"        Memory                            : {mem_clk} MHz",
            ""]


# ======================================================================== ac21
def ac21(out):
    c = Case(out, "ac21_run_is_much_slower_than_last_week_no_errors", 3221)
    hosts = ["gpu-p07", "gpu-p08", "gpu-p09", "gpu-p10", "gpu-p11", "gpu-p12", "gpu-p14", "gpu-p15"]
    gpu, drv = "H100", "570.133.20"
    bad_host = "gpu-p14"
    bad_ni = hosts.index(bad_host)
    t0 = T("2026-02-03 07:00:00")
    t_end = T("2026-02-03 12:41:10")
    L = [f"{pylog(t0 + sec(40))} INFO  launching 64 ranks (8 nodes x 8), global batch 1024, seq 4096",
         f"{pylog(t0 + sec(41))} INFO  reference throughput for this config (run r118, 2026-01-27): 2.91 s/step, 1.44M tok/s"]
    t = t0 + sec(150)
    step = 0
    while t < t_end:
        step += 1
        st = 4.62 + c.rng.uniform(-0.06, 0.06)
        if step % 5 == 0:
            L.append(f"{pylog(t)} INFO  step {step:>6} | loss {loss_curve(c.rng, step, 2.6, 2.05, 0.02):.4f} | step_time {st:.2f}s | tok/s {int(4194304 / st):,} | mfu {0.39 * 2.91 / st:.3f}")
        t += sec(st)
    L.append(f"{pylog(t_end + sec(2))} WARNING received SIGTERM (scancel by user), saving emergency checkpoint")
    L.append(f"{pylog(t_end + sec(95))} INFO  checkpoint step {step} saved; exiting")
    c.write(f"{hosts[0]}/train_rank0.log", L)
    for ni, h in enumerate(hosts):
        P = []
        tt = t0 + sec(300)
        for k in range(24):
            for lr in range(8):
                r = ni * 8 + lr
                if h == bad_host:
                    comp, wait = 4410 + c.rng.uniform(-60, 60) + lr * 7, c.rng.uniform(40, 90)
                else:
                    comp, wait = 2705 + c.rng.uniform(-25, 25), 1760 + c.rng.uniform(-60, 60)
                P.append(json.dumps({"t": iso(tt), "rank": r, "step": 50 * (k + 1), "fwd_bwd_ms": round(comp, 1), "allreduce_wait_ms": round(wait, 1), "optimizer_ms": round(101 + c.rng.uniform(-3, 3), 1)}))
            tt += sec(231)
        c.write(f"{h}/timing_node{ni}.jsonl", P)
        boot = T("2026-01-25 05:00:00") + sec(ni * 80)
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_end + sec(200), "up", [])
        q = ["==============NVSMI LOG==============", "", f"Timestamp                                 : {t_end - sec(600):%a %b %d %H:%M:%S %Y}", f"Driver Version                            : {drv}", ""]
        for g in range(8):
            if h == bad_host:
                q += perf_q(g, 1110 + g * 15, 2619, 88 + (g % 3), slow=True, power=402 + g)
            else:
                q += perf_q(g, 1980, 2619, 61 + (g * 3) % 9 + (9 if (h == "gpu-p09" and g == 2) else 0), power=640 + g)
        c.write(f"{h}/nvidia-smi-q-perf.txt", q)
        if h in (bad_host, "gpu-p09"):
            sdr = ["FAN1A            | 11400 RPM         | ok", "FAN1B            | 11280 RPM         | ok", "FAN2A            | 11520 RPM         | ok",
                   "FAN5A            | " + ("0 RPM             | cr" if h == bad_host else "11380 RPM         | ok"),
                   "FAN5B            | " + ("0 RPM             | cr" if h == bad_host else "11410 RPM         | ok"),
                   "Inlet Temp       | " + ("31 degrees C      | ok" if h == bad_host else "24 degrees C      | ok"),
                   "PSU1 Status      | 0x01              | ok", "PSU2 Status      | 0x01              | ok"]
            c.write(f"{h}/ipmitool_sdr.txt", sdr)
    c.write("gpu-p07/dcgm_exporter_snapshot.prom", [
        "# HELP DCGM_FI_DEV_CLOCKS_EVENT_REASONS Current clock event reasons (bitmask)",
        "# TYPE DCGM_FI_DEV_CLOCKS_EVENT_REASONS gauge"] +
        [f'DCGM_FI_DEV_CLOCKS_EVENT_REASONS{{gpu="{g}",Hostname="{h}"}} {72 if h == bad_host else 0}' for h in hosts for g in (0, 4)] +
        ["# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).", "# TYPE DCGM_FI_DEV_SM_CLOCK gauge"] +
        [f'DCGM_FI_DEV_SM_CLOCK{{gpu="{g}",Hostname="{h}"}} {1125 if h == bad_host else 1980}' for h in hosts for g in (0, 4)])
    c.write("gpu-p07/sacct.txt", sacct(620144, "dense-13b", "gpu-p[07-12,14-15]", "CANCELLED", "05:41:12", "0:0", t0, t_end + sec(96)))
    c.label("straggler", "infrastructure", bad_host, None, "restart_without_node",
            "Nothing crashed, but steps take 4.6 s against a 2.9 s reference. Per-rank timing shows the eight gpu-p14 ranks computing for about 4.4 s while every other rank computes in 2.7 s and then waits about 1.8 s in allreduce. gpu-p14's GPUs are at 88-90 C with HW Thermal Slowdown active and SM clocks around 1.1 GHz, and two of its fans read 0 RPM.",
            "https://github.com/AMDResearch/hpcfund/issues/19")
    return c


# ======================================================================== ac22
def ac22(out):
    c = Case(out, "ac22_throughput_dropped_a_third_after_maintenance_window", 3222)
    hosts = [f"hgx-q0{n}" for n in range(1, 9)]
    gpu, drv = "H100", "570.158.01"
    bad_host, bad_local = "hgx-q05", 4
    bad_ni = hosts.index(bad_host)
    bad_rank = bad_ni * 8 + bad_local
    t0 = T("2025-07-22 10:00:00")
    t_end = T("2025-07-22 13:20:00")
    L = [f"[{t0:%Y-%m-%d %H:%M:%S}] launcher: mpirun -np 64 --map-by ppr:8:node --tag-output python train_moe.py (EP=8, DP=8)"]
    t = t0 + sec(200)
    step = 0
    while t < t_end:
        step += 1
        st = 3.05 + c.rng.uniform(-0.04, 0.04)
        if step % 5 == 0:
            L.append(f"[1,0]<stdout>:[{t:%Y-%m-%d %H:%M:%S}] step={step} loss={loss_curve(c.rng, step, 2.3, 1.9, 0.02):.4f} step_time={st:.2f}s a2a_time={1.18 + c.rng.uniform(-.03, .03):.2f}s (pre-maintenance baseline step_time=2.04s a2a_time=0.31s)")
        t += sec(st)
    c.write(f"{hosts[0]}/train_stdout.log", L)
    prof = ["rank  node     local  fwd_bwd_ms  all2all_ms  all2all_GBps  h2d_GBps"]
    for r in range(64):
        ni, lr = divmod(r, 8)
        slow = r == bad_rank
        prof.append(f"{r:>4}  {hosts[ni]}  {lr:>5}  {1620 + c.rng.uniform(-15, 15):>10.1f}  {(1150 if not slow else 1190) + c.rng.uniform(-20, 20):>10.1f}  {(11.4 if slow else 45.1) + c.rng.uniform(-.5, .5):>12.1f}  {(6.2 if slow else 53.8) + c.rng.uniform(-.3, .3):>8.1f}")
    c.write(f"{hosts[0]}/profile_step_1500_per_rank.txt", prof)
    for ni, h in enumerate(hosts):
        boot = T("2025-07-21 22:40:00") + sec(ni * 70)
        ev = []
        if h == bad_host:
            ev = [(boot + sec(9.2), "nvidia 0000:9d:00.0: 63.008 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x8 link at 0000:9c:00.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"),
                  (boot + sec(9.3), "pcieport 0000:9c:00.0: pciehp: Slot(41): Link Up"),
                  (boot + sec(3600), "pcieport 0000:9c:00.0: AER: Corrected error received: 0000:9c:00.0"),
                  (boot + sec(3600), "pcieport 0000:9c:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                  (boot + sec(3600), "pcieport 0000:9c:00.0:   device [10b5:c010] error status/mask=00000001/0000e000"),
                  (boot + sec(3600), "pcieport 0000:9c:00.0:    [ 0] RxErr                  (First)")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_end, "up", ev)
        if h in (bad_host, "hgx-q02"):
            lk = [f"9d:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
                  "\tSubsystem: NVIDIA Corporation Device 16c1",
                  "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
                  "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
                  "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
                  ("\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x8 (downgraded)" if h == bad_host else "\t\tLnkSta:\tSpeed 32GT/s, Width x16"),
                  "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-"]
            c.write(f"{h}/lspci-vv-gpu4.txt", lk)
            c.write(f"{h}/dcgmi_diag_r3.txt", dcgmi_diag(3, drv, gpu, "4.2.3",
                                                         results={"PCIe": "Fail - GPU: 4"} if h == bad_host else None,
                                                         warnings=[("PCIe", "GPU 4: PCIe link width x8 / gen 3 below expected"), ("PCIe", "x16 / gen 5; host<->device bandwidth 6.1 GB/s")] if h == bad_host else None))
        c.write(f"{h}/ibstat.txt", ibstat(["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]))
    c.write("hgx-mgmt01/maintenance_ticket.txt", ["CHG-20417  2025-07-21 20:00-23:00  rack Q PDU swap + reseat of GPU baseboard risers on hgx-q05 (fan-wall access)",
                                            "Post-checks: nodes booted, Slurm resumed. (No DCGM run recorded.)"])
    c.label("straggler", "infrastructure", bad_host, bad_rank, "restart_without_node",
            "There is no error, only a 1.5x slower step since the maintenance window. The per-rank profile shows rank 36 (hgx-q05 GPU4) at about 11 GB/s all-to-all and 6 GB/s H2D against about 45/54 elsewhere, and every expert-parallel exchange waits on it. That GPU trained its PCIe link at 8 GT/s x8 at boot after the riser reseat, and DCGM r3 fails PCIe on GPU 4.",
            "https://github.com/IBM/autopilot/issues/68")
    return c


# ======================================================================== ac23
def ac23(out):
    c = Case(out, "ac23_resume_fails_immediately_after_code_update", 3223)
    hosts = ["titan-a01", "titan-a02", "titan-a05", "titan-a06"]
    gpu, drv = "H200", "570.133.20"
    t0 = T("2025-10-01 16:00:00")
    t_err = t0 + sec(148)
    L = [f"[rank0]:[titan] {pylog(t0 + sec(20))} - root - INFO - Starting job: llama3 8B, commit 9f1e2c7 (was 41aa0d3)",
         f"[rank0]:[titan] {pylog(t0 + sec(40))} - root - INFO - Applied full activation checkpointing to the model",
         f"[rank0]:[titan] {pylog(t0 + sec(41))} - root - INFO - Compiling each TransformerBlock with torch.compile",
         f"[rank0]:[titan] {pylog(t0 + sec(43))} - root - INFO - Applied FSDP to the model",
         f"[rank0]:[titan] {pylog(t0 + sec(60))} - root - INFO - Loading the checkpoint from ./outputs/checkpoint/step-12000."]
    err = "RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight."
    frames = [("/opt/torchtitan/torchtitan/train.py", 596, "<module>", "trainer.checkpointer.load(step=job_config.checkpoint.load_step)"),
              ("/opt/torchtitan/torchtitan/components/checkpoint.py", 537, "load", "self.dcp_load(states, checkpoint_id=checkpoint_id)"),
              ("/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/state_dict_loader.py", 207, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
              ("/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/utils.py", 192, "reduce_scatter", "raise result")]
    for ni, h in enumerate(hosts):
        R = list(L) if ni == 0 else []
        for lr in (0, 1, 5):
            r = ni * 8 + lr
            R += py_traceback(r, frames, f"torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([{', '.join(str(x) for x in range(32))}])\nTraceback (most recent call last): (RANK {r})\n  File \"/usr/local/lib/python3.12/dist-packages/torch/distributed/checkpoint/default_planner.py\", line 354, in create_default_local_load_plan\n    raise RuntimeError(f\"Missing key in checkpoint state_dict: {{fqn}}.\")\n{err}")
        con = torchrun_banner(t0 + sec(ni * 0.2), nnodes=4, endpoint="titan-a01:29500") + R
        con += elastic_failure(t_err + sec(1 + ni * 0.1), "-m torchtitan.train", h, [(ni * 8 + 2, 2, 1, 7702, "Traceback (most recent call last): ... Missing key in checkpoint state_dict")],
                               [(ni * 8, 0, 1, 7700, "Traceback (most recent call last): ... RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight.")])
        c.write(f"{h}/torchrun_console.log", con)
        write_kernel(c, f"{h}/dmesg.txt", h, T("2025-09-20 08:00:00") + sec(ni * 30), gpu, drv, t0, t_err + sec(100), "T", [])
    c.write("titan-a01/ckpt_metadata_keys.txt", ["$ python -c 'import torch.distributed.checkpoint as dcp; ...' outputs/checkpoint/step-12000",
                                                 "model.layers.0._checkpoint_wrapped_module._orig_mod.attention.wq.weight",
                                                 "model.layers.0._checkpoint_wrapped_module._orig_mod.attention.wk.weight",
                                                 "model.layers.0._checkpoint_wrapped_module._orig_mod.attention.wv.weight",
                                                 "...", "(1 of 32 layers shown; 291 tensors total)"])
    c.write("titan-a01/git_log.txt", ["9f1e2c7 switch AC wrapper order: compile inside checkpoint wrapper -> compile outside",
                                      "41aa0d3 (tag: run-2025-09-27) llama3 8B baseline (checkpoints step-1000..12000 written by this commit)"])
    c.label("user_code", "script", None, None, "stop",
            "All 32 ranks on every node fail at load time with the same DCP 'Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight'. The checkpoint's keys still carry the old _checkpoint_wrapped_module._orig_mod prefixes from the previous commit's wrapping order, so the code change broke resuming deterministically.",
            "https://github.com/pytorch/torchtitan/issues/961")
    return c


# ======================================================================== ac24
def ac24(out):
    c = Case(out, "ac24_crash_at_the_same_step_after_every_restart", 3224)
    gpu, drv = "H100", "570.133.20"
    attempts = [(["ip-10-0-5-17", "ip-10-0-5-23", "ip-10-0-6-41", "ip-10-0-6-77"], T("2025-11-24 02:00:00"), "ip-10-0-6-41", 2),
                (["ip-10-0-5-23", "ip-10-0-7-12", "ip-10-0-7-90", "ip-10-0-8-3"], T("2025-11-24 07:10:00"), "ip-10-0-7-90", 6)]
    for ai, (hosts, t0, hit_host, hit_local) in enumerate(attempts):
        ip = {h: h[3:].replace("-", ".") for h in hosts}
        start = 12000 if ai == 0 else 14000
        L = [f"{pylog(t0)}\tINFO worker.py:1832 -- Connected to Ray cluster. View the dashboard at http://10.0.5.1:8265",
             f"{pylog(t0 + sec(3))}\tINFO trainer.py:1212 -- Started distributed worker group (32 workers) with backend torch/nccl",
             f"(RayTrainWorker pid=3311, ip={ip[hosts[0]]}) Restored checkpoint step={start} from s3://ml-ckpt/run-77/step_{start}"]
        t = t0 + sec(100)
        for s in range(start + 1, 14337):
            if s % 8 == 0:
                L.append(f"(RayTrainWorker pid=3311, ip={ip[hosts[0]]}) step {s} loss {loss_curve(c.rng, s, 2.4, 2.0, 0.02):.4f} lr 1.8e-4 dt {1.31 + c.rng.uniform(-.02, .02):.2f}s")
            t += sec(1.31)
        t_err = t
        hr = hosts.index(hit_host) * 8 + hit_local
        L.append(f"(RayTrainWorker pid={4400 + hr}, ip={ip[hit_host]}) /pytorch/aten/src/ATen/native/cuda/Indexing.cu:1553: indexSelectLargeIndex: block: [211,0,0], thread: [96,0,0] Assertion `srcIndex < srcSelectDimSize` failed.")
        L.append(f"(RayTrainWorker pid={4400 + hr}, ip={ip[hit_host]}) /pytorch/aten/src/ATen/native/cuda/Indexing.cu:1553: indexSelectLargeIndex: block: [211,0,0], thread: [97,0,0] Assertion `srcIndex < srcSelectDimSize` failed. [repeated 63x across cluster]")
        L += [f"(RayTrainWorker pid={4400 + hr}, ip={ip[hit_host]}) {x}" for x in py_traceback(hr, [
            ("/home/ray/train/train_loop.py", 208, "train_func", "logits = model(batch[\"input_ids\"])"),
            ("/home/ray/train/model.py", 77, "forward", "h = self.tok_embeddings(tokens)")],
            "RuntimeError: CUDA error: device-side assert triggered\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", prefix=False)]
        L.append(f"(RayTrainWorker pid={4400 + hr}, ip={ip[hit_host]}) batch provenance: step=14336 shard=tok-v4/shard_04417.bin offset=881203712 (data rank {hr})")
        L.append(f"{pylog(t_err + sec(9))}\tERROR trainer.py:1401 -- Training worker {hr} on node {ip[hit_host]} failed; shutting down worker group")
        L.append(f"ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. (attempt {ai + 1}/2 of FailureConfig(max_failures=1))")
        c.write(f"attempt_{ai}/{hosts[0]}/ray_driver.log", L)
        for ni, h in enumerate(hosts):
            R = [f"(RayTrainWorker pid={4400 + ni * 8 + k}, ip={ip[h]}) [rank{ni * 8 + k}] NCCL INFO comm 0x5590a1 rank {ni * 8 + k} nranks 32 - Init COMPLETE" for k in range(8)]
            if h != hit_host:
                R += [f"(RayTrainWorker pid={4400 + ni * 8}, ip={ip[h]}) " + x for x in watchdog_exception(ni * 8, t_err + sec(2 + ni), 91103, "NCCL error: remote process exited or there was a network error, NCCL version 2.23.4\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[:1]]
            c.write(f"attempt_{ai}/{h}/raylet_worker_out.log", R)
            write_kernel(c, f"attempt_{ai}/{h}/dmesg.txt", h, T("2025-11-23 20:00:00") + sec(ni * 45 + ai * 500), gpu, drv, t0, t_err + sec(200), "up", [], nics=0, fs="fsx", kver="6.8.0-1029-aws")
    c.write("ip-10-0-5-1/ops_note_attempt1.txt", ["attempt 1 was launched with ip-10-0-6-41 excluded (suspected bad GPU after attempt 0)."])
    c.write("ip-10-0-5-1/validate_shard_04417.txt", ["$ python tools/validate_tokens.py tok-v4/shard_04417.bin --vocab-size 128256",
                                                    "scanned 1,048,576 sequences",
                                                    "ERROR: 14 sequences contain token ids >= vocab_size (max id 151643) at offsets 881203712, 881207808, ...",
                                                    "shard produced by tokenizer qwen2 (vocab 151936) instead of llama3 (vocab 128256)"])
    c.label("user_code", "script", None, None, "stop",
            "Both attempts die at exactly step 14336 with the same embedding index assertion, on different hosts and ranks (ip-10-0-6-41 rank 18, then ip-10-0-7-90 rank 22 after 6-41 was excluded), and both times the batch comes from tok-v4/shard_04417.bin. The validator shows that shard was tokenised with the wrong vocab (ids up to 151643 >= 128256). It is a deterministic data bug.",
            "https://github.com/aik2mlj/polyffusion/issues/2")
    return c


# ======================================================================== ac25
def ac25(out):
    c = Case(out, "ac25_all_pods_crashloop_right_after_image_update", 3225)
    hosts = ["gke-a3-ultra-np-2b1c", "gke-a3-ultra-np-5q0x", "gke-a3-ultra-np-8v2n", "gke-a3-ultra-np-k81d"]
    gpu, drv = "H200", "570.172.08"
    t0 = T("2026-03-10 09:14:00")
    for ni, h in enumerate(hosts):
        R = [f"+ python -c 'import torch; print(torch.__version__)'", "2.8.0+cu128",
             f"+ torchrun --nnodes=4 --nproc_per_node=8 --node_rank={ni} --rdzv_endpoint=mega-train-master-0:23456 pretrain_gpt.py --transformer-impl transformer_engine"]
        R += torchrun_banner(t0 + sec(5 + ni), nnodes=4, endpoint="mega-train-master-0:23456")
        for lr in range(0, 8, 3):
            r = ni * 8 + lr
            R += py_traceback(r, [("/workspace/Megatron-LM/pretrain_gpt.py", 15, "<module>", "from megatron.core.models.gpt import GPTModel"),
                                  ("/workspace/Megatron-LM/megatron/core/extensions/transformer_engine.py", 12, "<module>", "import transformer_engine as te"),
                                  ("/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/__init__.py", 66, "_load_library", "so_handle = ctypes.CDLL(so_path, mode=ctypes.RTLD_GLOBAL)")],
                              "ImportError: /usr/local/lib/python3.12/dist-packages/transformer_engine/wheel_lib/transformer_engine_torch.cpython-312-x86_64-linux-gnu.so: undefined symbol: _ZN3c106detail14torchCheckFailEPKcS2_jRKSs")
        R += elastic_failure(t0 + sec(19 + ni), "pretrain_gpt.py", f"mega-train-worker-{ni}", [(ni * 8 + 1, 1, 1, 101, "Traceback (most recent call last): ... ImportError: ... undefined symbol: _ZN3c106detail14torchCheckFailEPKcS2_jRKSs")],
                             [(ni * 8, 0, 1, 100, "Traceback (most recent call last): ... ImportError: ... transformer_engine_torch ... undefined symbol")])
        c.write(f"{h}/kubectl_logs_mega-train-worker-{ni}_previous.txt", R)
        write_kernel(c, f"{h}/node_dmesg.txt", h, T("2026-03-02 00:00:00") + sec(ni * 91), gpu, drv, t0, t0 + sec(900), "T", [], fs="nfs", kver="6.6.72+")
        c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t0 + sec(300), gpu, drv))
    c.write("dev-laptop-rk/pip_list_in_image.txt", ["$ kubectl exec mega-train-worker-0 -- pip list 2>/dev/null | grep -Ei 'torch|transformer|flash'",
                                              "flash_attn                2.7.4.post1", "torch                     2.8.0+cu128",
                                              "transformer_engine        2.1.0+8eb1712", "transformer_engine_cu12   2.1.0",
                                              "transformer_engine_torch  2.1.0  (built against torch 2.6.0a0)"])
    c.write("dev-laptop-rk/events.txt", [
        "LAST SEEN   TYPE      REASON    OBJECT                          MESSAGE",
        "14m         Normal    Pulled    pod/mega-train-worker-0         Container image \"us-docker.pkg.dev/llm/train:2026.03.10\" already present on machine",
        "9m          Warning   BackOff   pod/mega-train-worker-0         Back-off restarting failed container pytorch in pod mega-train-worker-0",
        "9m          Warning   BackOff   pod/mega-train-worker-1         Back-off restarting failed container pytorch in pod mega-train-worker-1",
        "9m          Warning   BackOff   pod/mega-train-worker-2         Back-off restarting failed container pytorch in pod mega-train-worker-2",
        "9m          Warning   BackOff   pod/mega-train-worker-3         Back-off restarting failed container pytorch in pod mega-train-worker-3",
        "2m          Warning   GPUNodeConditionFalse node/gke-a3-ultra-np-5q0x  gpu-operator: DCGM health code 122 (IMEX not configured) - informational on non-NVL nodes"])
    c.write("dev-laptop-rk/pytorchjob.yaml", ["apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: mega-train", "spec:",
                                        "  pytorchReplicaSpecs:", "    Worker:", "      replicas: 4", "      restartPolicy: OnFailure",
                                        "      template:", "        spec:", "          containers:", "          - name: pytorch",
                                        "            image: us-docker.pkg.dev/llm/train:2026.03.10   # was :2026.02.24 (torch 2.6)"])
    c.label("dependency", "framework", None, None, "stop",
            "Every pod on all four nodes fails at import with the same undefined symbol from transformer_engine_torch, right after the image moved to torch 2.8. The TE 2.1 extension in the image was built against torch 2.6. The environment is broken the same way everywhere, so restarting will not help; the image has to be fixed.",
            "https://github.com/NVIDIA/TransformerEngine/issues/1684")
    return c


# ======================================================================== ac26
def ac26(out):
    c = Case(out, "ac26_job_only_fails_when_a_certain_node_is_allocated", 3226)
    hosts = ["gpu-r19", "gpu-r20", "gpu-r22", "gpu-r23"]
    gpu = "H100"
    drvs = {"gpu-r19": "570.133.20", "gpu-r20": "570.133.20", "gpu-r22": "550.90.07", "gpu-r23": "570.133.20"}
    bad_host = "gpu-r22"
    t0 = T("2025-07-03 11:00:00")
    for ni, h in enumerate(hosts):
        con = torchrun_banner(t0 + sec(ni * 0.3), nnodes=4, endpoint="gpu-r19:29500")
        if h == bad_host:
            for lr in range(0, 8, 2):
                r = ni * 8 + lr
                con += py_traceback(r, [("/scratch/job/train.py", 41, "<module>", "torch.cuda.set_device(local_rank)"),
                                        ("/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py", 372, "_lazy_init", "torch._C._cuda_init()")],
                                    "RuntimeError: The NVIDIA driver on your system is too old (found version 12040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")
            con += elastic_failure(t0 + sec(14), "train.py", h, [(17, 1, 1, 3301, "Traceback (most recent call last): ... The NVIDIA driver on your system is too old (found version 12040).")],
                                   [(16, 0, 1, 3300, "Traceback (most recent call last): ... The NVIDIA driver on your system is too old (found version 12040).")])
        else:
            r = ni * 8
            con += py_traceback(r, [("/scratch/job/train.py", 44, "<module>", "dist.init_process_group(\"nccl\", timeout=timedelta(minutes=10))"),
                                    ("/usr/local/lib/python3.12/dist-packages/torch/distributed/rendezvous.py", 281, "_env_rendezvous_handler", "store = _create_c10d_store(")],
                                "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 24/32 clients joined.") if ni == 0 else \
                [c10(r, t0 + sec(611), "E", "socket.cpp:1019", "[c10d] The client socket has timed out after 600000ms while trying to connect to (gpu-r19, 29500).")]
            con += elastic_failure(t0 + sec(612 + ni), "train.py", h, [], [(r, 0, 1, 3300, "Traceback (most recent call last): ... DistStoreError / client socket timed out")])
        c.write(f"{h}/torchrun.log", con)
        write_kernel(c, f"{h}/dmesg.txt", h, T("2025-07-01 09:00:00") + sec(ni * 40), gpu, drvs[h], t0, t0 + sec(900), "up", [])
        c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t0 + sec(700), gpu, drvs[h]))
    c.write("slurm-head/sacct_history.txt", [
        "JobID        State      Elapsed  NodeList",
        "7780911      FAILED     00:10:31 gpu-r[19-20,22-23]",
        "7780802      COMPLETED  11:02:55 gpu-r[19-21,23]",
        "7780765      FAILED     00:10:29 gpu-r[11,15,22,30]",
        "7780701      COMPLETED  23:59:10 gpu-r[11-12,15,30]",
        "# this bundle = 7780911"])
    c.write("slurm-head/reimage.log", ["2025-07-01 08:41  gpu-r22  reimaged after motherboard swap using image hpc-u22-2025.03 (nvidia-driver-550-server)",
                                       "2025-06-15 10:02  partition gpu-r*  rolled to image hpc-u22-2025.06 (nvidia-driver-570-server)"])
    c.write("slurm-head/container.txt", ["enroot image: nvcr.io#nvidia/pytorch:25.04-py3  (CUDA 12.9 runtime, requires driver >= 570 or forward-compat)"])
    c.label("dependency", "infrastructure", bad_host, None, "restart_without_node",
            "Only the ranks on gpu-r22 fail, in CUDA init, with 'NVIDIA driver on your system is too old (found version 12040)'. Its nvidia-smi shows driver 550.90.07 while the other nodes run 570.133.20, because it was reimaged with an old image after a motherboard swap. The other nodes merely timed out waiting for it, and sacct history shows failures only when gpu-r22 is in the allocation.",
            "https://github.com/NVIDIA/nccl-tests/issues/98")
    return c


# ======================================================================== ac27
def ac27(out):
    c = Case(out, "ac27_gpu_health_dashboard_red_during_run_is_the_result_valid", 3227)
    hosts = ["gke-h100-mega-np-0a1b", "gke-h100-mega-np-3c4d", "gke-h100-mega-np-5e6f", "gke-h100-mega-np-7g8h"]
    gpu, drv = "H100", "570.172.08"
    t0 = T("2026-01-05 20:00:00")
    t_end = T("2026-01-06 04:12:31")
    L = [f"[rank0]:[titan] {pylog(t0 + sec(30))} - root - INFO - Starting job: llama3 8B SFT (4 nodes)"]
    t = t0 + sec(120)
    step = 0
    while t < t_end:
        step += 1
        if step % 12 == 0:
            L.append(titan_step(t, 0, step, loss_curve(c.rng, step, 1.6, 1.1, 0.02), c.rng.uniform(0.2, 0.4), 52.0, 65.7, 8810 + c.rng.randint(-30, 30), 437.0, 44.2))
        if step % 2500 == 0:
            L.append(f"[rank0]:[titan] {pylog(t + sec(1))} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
            L.append(f"[rank0]:[titan] {pylog(t + sec(40))} - root - INFO - [GC] GC collection invoked by checkpointer. 0.03 seconds.")
            L.append(f"[rank0]:[titan] {pylog(t + sec(41))} - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 40.12 seconds.")
        t += sec(2.98)
    L.append(f"[rank0]:[titan] {pylog(t_end)} - root - INFO - Training completed")
    L.append(f"[rank0]:[titan] {pylog(t_end + sec(1))} - root - INFO - Sleeping 2 seconds for other ranks to complete")
    L.append(f"[rank0]:[titan] {pylog(t_end + sec(3))} - root - INFO - Process group destroyed.")
    L.append(f"[rank0]:[W{t_end.month}{t_end.day:02d} {t_end + sec(4):%H:%M:%S}.118000117 ProcessGroupNCCL.cpp:1479] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())")
    c.write(f"{hosts[0]}/kubectl_logs_sft-worker-0.txt", L)
    c.write("sre-bastion/jobset_status.txt", ["NAME     TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE", "sft-8b   Completed       0          True        false       8h13m"])
    c.write("sre-bastion/node_conditions.txt", [
        "NAME                     CONDITION                  STATUS  REASON                  MESSAGE",
        "gke-h100-mega-np-0a1b    AcceleratedHardwareReady   True    -                       -",
        "gke-h100-mega-np-3c4d    AcceleratedHardwareReady   False   DCGMHealthCode122       DCGM detected issues in health check system with error code 122 (IMEX daemon not reachable)",
        "gke-h100-mega-np-5e6f    AcceleratedHardwareReady   True    -                       -",
        "gke-h100-mega-np-7g8h    AcceleratedHardwareReady   False   DCGMHealthCode122       DCGM detected issues in health check system with error code 122 (IMEX daemon not reachable)"])
    for ni, h in enumerate(hosts):
        boot = T("2025-12-28 00:00:00") + sec(ni * 33)
        ev = []
        if h == "gke-h100-mega-np-5e6f":
            ev = [(T("2026-01-05 13:22:10"), f"NVRM: Xid ({xid_pci(BUS[gpu][1])}): 13, pid=771022, name=python3, Graphics SM Warp Exception on (GPC 2, TPC 4, SM 1): Illegal Instruction Encoding"),
                  (T("2026-01-05 13:22:10"), f"NVRM: Xid ({xid_pci(BUS[gpu][1])}): 13, pid=771022, name=python3, Graphics Exception: ESR 0x514730=0x1000e 0x514734=0x0"),
                  (T("2026-01-05 13:22:11"), f"NVRM: Xid ({xid_pci(BUS[gpu][1])}): 43, pid=771022, name=python3, Ch 00000009")]
        if h == "gke-h100-mega-np-7g8h":
            ev = [(T("2026-01-06 01:03:44"), "pcieport 0000:60:03.1: AER: Corrected error received: 0000:61:00.0"),
                  (T("2026-01-06 01:03:44"), "nvidia 0000:61:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
                  (T("2026-01-06 01:03:44"), "nvidia 0000:61:00.0:   device [10de:2330] error status/mask=00001000/0000e000"),
                  (T("2026-01-06 01:03:44"), "nvidia 0000:61:00.0:    [12] Timeout               ")]
        write_kernel(c, f"{h}/dmesg.txt", h, boot, gpu, drv, t0, t_end + sec(600), "T", ev, fs="nfs", kver="6.6.87+")
        health = dcgmi_health("Healthy")
        if h == "gke-h100-mega-np-7g8h":
            health = dcgmi_health("Warning", [(3, "Warning", ["PCIe system: Warning - Detected more than 8 PCIe", "replays per minute for GPU 3 : 9. Reconnect PCIe", "card if this persists."]),
                                              ("-", "Warning", ["System: IMEX daemon not reachable (code 122)"])])
        elif h == "gke-h100-mega-np-3c4d":
            health = dcgmi_health("Warning", [("-", "Warning", ["System: IMEX daemon not reachable (code 122)"])])
        c.write(f"{h}/dcgmi_health.txt", health)
        c.write(f"{h}/nvidia-smi.txt", nvidia_smi(t_end + sec(300), gpu, drv))
    c.write("sre-bastion/dcgm-exporter_during_run.prom", [
        "# HELP DCGM_FI_DEV_XID_ERRORS Value of the last XID error encountered.",
        'DCGM_FI_DEV_XID_ERRORS{gpu="1",Hostname="gke-h100-mega-np-5e6f",exported_pod="",exported_namespace=""} 13',
        "# HELP DCGM_FI_DEV_ECC_SBE_AGG_TOTAL Total number of single-bit persistent ECC errors.",
        'DCGM_FI_DEV_ECC_SBE_AGG_TOTAL{gpu="4",Hostname="gke-h100-mega-np-0a1b",exported_pod="sft-8b-worker-0-0"} 2',
        "# HELP DCGM_FI_DEV_PCIE_REPLAY_COUNTER Total number of PCIe retries.",
        'DCGM_FI_DEV_PCIE_REPLAY_COUNTER{gpu="3",Hostname="gke-h100-mega-np-7g8h",exported_pod="sft-8b-worker-3-0"} 41'])
    c.write("sre-bastion/pod_history_5e6f.txt", ["2026-01-05 13:10  pod notebook-jlee-0 (namespace research) on gke-h100-mega-np-5e6f gpu 1 -> OOMKilled/Error at 13:22",
                                             "2026-01-05 19:58  pod sft-8b-worker-2-0 scheduled on gke-h100-mega-np-5e6f"])
    c.label("unknown", "framework", None, None, "none",
            "The JobSet completed with 0 restarts and rank 0 logged 'Training completed' with a steady loss. The scary items are benign: a code-122 IMEX warning on non-NVL H100 nodes, a Xid 13 from another user's notebook six hours before the job started, corrected PCIe replays and 2 corrected SBE, and the usual destroy_process_group warning at exit.",
            "https://github.com/aws/eks-node-monitoring-agent/pull/63")
    return c


# ======================================================================== ac28
def ac28(out):
    c = Case(out, "ac28_nccl_error_in_the_log_but_job_shows_completed", 3228)
    hosts = ["gpu-s01", "gpu-s02", "gpu-s03", "gpu-s04"]
    gpu, drv = "H200", "570.133.20"
    t0 = T("2025-12-15 00:30:00")
    t_err = T("2025-12-15 06:41:18")
    t_res = t_err + sec(95)
    t_end = t_res + sec(80 + 3000 * 2.8 + 4)
    jid = 5512090
    for ni, h in enumerate(hosts):
        base = f"{h}/torchrun_logs/{jid}"
        for a in (0, 1):
            for lr in (0, 3):
                r = ni * 8 + lr
                L = []
                if ni == 0 and lr == 0:
                    t = t0 + sec(60) if a == 0 else t_res + sec(80)
                    s = 0 if a == 0 else 7000
                    if a == 1:
                        L.append(f"{pylog(t - sec(20))} [rank0] resuming from /lustre/ckpt/run55/step_7000 (saved {pylog(t_err - sec(400))})")
                    stop = t_err if a == 0 else t_end
                    while t < stop:
                        s += 1
                        if s % 10 == 0:
                            L.append(f"{pylog(t)} [rank0] step {s}/10000 loss {loss_curve(c.rng, s, 2.2, 1.7, 0.02):.4f} {2.79 + c.rng.uniform(-.02, .02):.2f}s/step")
                        if s % 1000 == 0:
                            L.append(f"{pylog(t + sec(1))} [rank0] saved checkpoint step_{s}")
                        t += sec(2.8)
                        if a == 1 and s >= 10000:
                            break
                    if a == 1:
                        L.append(f"{pylog(t_end)} [rank0] training finished: 10000 steps; final eval loss 1.712")
                if a == 0 and h == "gpu-s03" and lr == 3:
                    L.append(f"{h}:{6200 + lr}:{6288} [{lr}] misc/socket.cc:557 NCCL WARN socketProgress: Connection closed by remote peer gpu-s01<48211>")
                    L.append(f"{h}:{6200 + lr}:{6288} [{lr}] NCCL INFO misc/socket.cc:588 -> 6")
                    L += watchdog_exception(r, t_err, 7312 * 4, "NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.23.4\\nncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \\nLast error:\\nsocketProgress: Connection closed by remote peer gpu-s01<48211>")
                elif a == 0 and lr == 0 and ni != 0:
                    L += watchdog_exception(r, t_err + sec(1.5 + ni * 0.2), 7312 * 4, "NCCL error: remote process exited or there was a network error, NCCL version 2.23.4\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[:1]
                c.write(f"{base}/attempt_{a}/{lr}/stderr.log" if not (ni == 0 and lr == 0) else f"{base}/attempt_{a}/{lr}/stdout.log", L if L else ["(empty)"])
        con = torchrun_banner(t0 + sec(ni * 0.1), nnodes=4, endpoint="gpu-s01:29400", log_dir=f"/home/ml/{jid}")
        con[-10] = con[-10].replace("max_restarts     : 0", "max_restarts     : 3")
        con = [x.replace("max_restarts     : 0", "max_restarts     : 3") for x in con]
        ag = 4127
        con += [f"{glog_py(t_err + sec(4), 'E')} {ag} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: {3 if h == 'gpu-s03' else 0} (pid: {6203 if h == 'gpu-s03' else 6200}) of binary: /usr/bin/python3",
                f"{glog_py(t_err + sec(4), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:720] [default] Worker group FAILED. 3/3 attempts left; will restart worker group",
                f"{glog_py(t_err + sec(5), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:685] [default] Stopping worker group",
                f"{glog_py(t_err + sec(40), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:",
                f"  restart_count=1\n  master_addr=gpu-s01\n  master_port=44001\n  group_rank={ni}\n  group_world_size=4",
                f"{glog_py(t_err + sec(41), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:689] [default] Starting worker group",
                f"{glog_py(t_end + sec(8), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
                f"{glog_py(t_end + sec(9), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
                f"{glog_py(t_end + sec(10), 'I')} {ag} torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.5003 seconds"]
        c.write(f"{h}/torchrun_console.log", con)
        write_kernel(c, f"{h}/dmesg.txt", h, T("2025-12-10 12:00:00") + sec(ni * 44), gpu, drv, t0, t_end + sec(300), "up", [])
    c.write("gpu-slogin/sacct.txt", sacct(jid, "run55", "gpu-s[01-04]", "COMPLETED", "08:32:51", "0:0", t0, t_end + sec(11)))
    c.label("unknown", "framework", None, None, "none",
            "At 06:41 a rank on gpu-s03 lost a socket to gpu-s01 and the worker group failed once. torchrun (max_restarts=3) restarted it, it resumed from step 7000, reached 10000/10000 and exited successfully, and sacct says COMPLETED. No node shows a hardware error, so the run recovered by itself and nothing needs to be done.",
            "https://github.com/tianweiy/CenterPoint/issues/224")
    return c


# ======================================================================== ac29
def ac29(out):
    c = Case(out, "ac29_job_killed_after_two_days_with_sigterm_tracebacks", 3229)
    hosts = ["gpu-t001", "gpu-t002", "gpu-t003", "gpu-t004"]
    gpu, drv = "B200", "575.57.08"
    t0 = T("2025-10-20 08:00:03")
    t_end = t0 + sec(2 * 86400)
    jid = 4410021
    L = []
    t = t0 + sec(180)
    it = 0
    while t < t_end:
        it += 1
        if it % 100 == 0:
            L.append(megatron_iter(t, it, 500000, 1536, loss_curve(c.rng, it, 2.4, 1.8, 0.02), 2210 + c.rng.uniform(-20, 20), 2.5e-4, gn=c.rng.uniform(0.15, 0.25), tflops=c.rng.uniform(880, 895)))
        if it % 5000 == 0:
            L.append(f"saving checkpoint at iteration {it:>8} to /lustre/ckpt/moe-a3b in torch_dist format")
            L.append(f"  successfully saved checkpoint from iteration {it:>8} to /lustre/ckpt/moe-a3b [ t 1/1, p 1/1 ]")
        t += sec(2.21)
    L.append(f"slurmstepd: error: *** STEP {jid}.0 ON gpu-t001 CANCELLED AT {t_end:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    L.append(f"slurmstepd: error: *** JOB {jid} ON gpu-t001 CANCELLED AT {t_end:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    for ni in range(4):
        L.append(f"{glog_py(t_end + sec(0.3), 'W')} 5120 torch/distributed/elastic/agent/server/api.py:719] Received Signals.SIGTERM death signal, shutting down workers")
        L += [f"{glog_py(t_end + sec(0.3), 'W')} 5120 torch/distributed/elastic/multiprocessing/api.py:897] Sending process {61000 + k} closing signal SIGTERM" for k in range(8)]
        L += ["Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
              '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/agent/server/api.py", line 870, in _invoke_run',
              "    time.sleep(monitor_interval)",
              '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
              "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
              "torch.distributed.elastic.multiprocessing.api.SignalException: Process 5120 got signal: 15"]
    for r in (3, 12, 29):
        L += watchdog_exception(r, t_end + sec(1.1), 8812031, "NCCL error: remote process exited or there was a network error, NCCL version 2.26.2\\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")[:1]
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("srun: error: gpu-t003: tasks 2: Terminated")
    L.append("srun: Force Terminated StepId=4410021.0")
    c.write(f"gpu-t001/slurm-{jid}.out", L)
    for ni, h in enumerate(hosts):
        write_kernel(c, f"{h}/dmesg.txt", h, T("2025-10-15 10:00:00") + sec(ni * 60), gpu, drv, t0, t_end + sec(200), "T", [])
    c.write("gpu-t001/sacct.txt", sacct(jid, "moe-a3b", "gpu-t[001-004]", "TIMEOUT", "2-00:00:05", "0:0", t0, t_end + sec(2)))
    c.write("gpu-t001/job.sbatch", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --time=2-00:00:00 --requeue -J moe-a3b", "srun torchrun ... pretrain_gpt.py --save-interval 5000 ..."])
    c.label("unknown", "framework", None, None, "none",
            "The job ran normally for its full 2-00:00:00 wall time and was then cancelled by Slurm 'DUE TO TIME LIMIT' (sacct TIMEOUT). The SIGTERM SignalException tracebacks and NCCL remote errors are just the teardown, and checkpoints were saved every 5000 iterations, so nothing is broken; the job only needs resubmitting.",
            "https://github.com/swiss-ai/Megatron-LM/issues/3")
    return c


# ======================================================================== ac30
def ac30(out):
    c = Case(out, "ac30_loss_nan_again_after_moving_to_different_nodes", 3230)
    gpu, drv = "B200", "575.57.08"
    attempts = [(["b200-v01", "b200-v02", "b200-v03", "b200-v04"], T("2025-12-29 10:00:00")),
                (["b200-v05", "b200-v06", "b200-v07", "b200-v08"], T("2025-12-29 15:30:00"))]
    for ai, (hosts, t0) in enumerate(attempts):
        L = [f"[rank0]:[titan] {pylog(t0 + sec(30))} - root - INFO - Loading the checkpoint at step 20000.",
             f"[rank0]:[titan] {pylog(t0 + sec(90))} - root - INFO - Training starts at step 20001, lr schedule: WSD, peak 6e-4 (decay begins at 24000)"]
        t = t0 + sec(120)
        for s in range(20001, 20420):
            if s < 20410:
                loss, gn = loss_curve(c.rng, s, 2.2, 1.95, 0.02), c.rng.uniform(0.2, 0.3)
            elif s < 20419:
                loss, gn = 2.0 + (s - 20409) ** 2 * 0.35, 3.0 * (s - 20409) ** 2
            else:
                loss, gn = float("nan"), float("nan")
            if s % 3 == 0 or s >= 20405:
                if s == 20419:
                    L.append(f"[rank0]:[titan] {pylog(t)} - root - INFO - step: {s:>5}  loss:      nan  grad_norm:     nan  memory: 121.40GiB(67.81%)  tps: 11,902  tflops: 1021.33  mfu: 45.39%")
                else:
                    L.append(titan_step(t, 0, s, loss, gn, 121.40, 67.81, 11900 + c.rng.randint(-30, 30), 1021.3, 45.39))
            t += sec(2.45)
        L += py_traceback(0, [("/opt/torchtitan/torchtitan/train.py", 611, "<module>", "trainer.train()"),
                              ("/opt/torchtitan/torchtitan/train.py", 493, "train_step", "raise RuntimeError(f\"Loss is NaN at step {self.step}. debugging -- global_valid_tokens: {global_valid_tokens}\")")],
                          "RuntimeError: Loss is NaN at step 20419. debugging -- global_valid_tokens: 4194304")
        c.write(f"attempt_{ai}/{hosts[0]}/rank0.log", L)
        for ni, h in enumerate(hosts):
            R = [f"[rank{ni * 8 + k}]: RuntimeError: Loss is NaN at step 20419. debugging -- global_valid_tokens: 4194304" for k in range(0, 8, 3)]
            c.write(f"attempt_{ai}/{h}/ranks_tail.log", R)
            write_kernel(c, f"attempt_{ai}/{h}/dmesg.txt", h, T("2025-12-20 00:00:00") + sec(ni * 77 + ai * 999), gpu, drv, t0, t + sec(120), "up", [])
        if ai == 0:
            c.write(f"attempt_0/{hosts[0]}/dcgmi_diag_r3_v01-v04.txt", dcgmi_diag(3, drv, gpu, "4.2.3") + ["", "(identical PASS output on b200-v02, b200-v03, b200-v04)"])
    c.write("attempt_1/b200-v05/data_order_note.txt", ["sampler: deterministic, seed=1234, resumes from dataloader state in checkpoint step-20000",
                                     "steps 20409-20419 draw from mixture component 'synthetic-math-v2' (first appearance in the schedule)"])
    c.label("numerical", "script", None, None, "stop",
            "Two attempts on disjoint node sets (v01-v04, then v05-v08) resumed from the same checkpoint and both diverged the same way: loss and grad norm blow up from step 20410 and the loss is NaN at exactly step 20419, where a new data mixture component starts. DCGM r3 passes, so the cause is the deterministic recipe/data, not hardware.",
            "https://github.com/pytorch/torchtitan/pull/3863")
    return c


CASES = [ac21, ac22, ac23, ac24, ac25, ac26, ac27, ac28, ac29, ac30]
