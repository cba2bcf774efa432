"""Cases aw01-aw10."""
from common import *
from bundle import Job


def L(category, layer, node, rank, action, rationale, url):
    return {"category": category, "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": rationale, "modelled_on": url}


def srun_tail(hosts, gpn, t, code=1, skip=()):
    out = []
    for i, h in enumerate(hosts):
        if h in skip:
            continue
        out.append(f"srun: error: {h}: task {i}: Exited with exit code {code}")
    out.insert(0, f"srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    return out


# --------------------------------------------------------------------------- aw01
def aw01():
    hosts = [f"h100-r12-n{i:02d}" for i in range(1, 17)]
    j = Job(hosts, 8, T(2024, 6, 18, 1, 2, 11), 101)
    files = {}
    it = j.iters(31200, 32050, 3.12)
    t_last = it[-1][0]
    t_xid = add(t_last, 1.7)
    t_wd = add(t_xid, 600.4)
    bad = 10  # n11
    boot = T(2024, 6, 11, 7, 42, 10)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == len(hosts) - 1:
            s += it
        if hi == 3:
            s.append((add(t_last, -3000), j.pfx(hi, 2, f"{h}:{j.pid(hi,2)}:{j.pid(hi,2)+140} [2] NCCL WARN NET/IB : Got async event : GID table change")))
        skip = (5,) if hi == bad else ()
        s += j.flood(hi, add(t_wd, j.rng.uniform(0, 0.9)), 1911342, skip_local=skip, frames=(hi % 3 == 0))
        files[f"{h}/stdout.log"] = join(merge_sorted(s))
        up = (add(t_last, -86400 * 0) - boot).total_seconds()
        dm = [f"{raw_uptime(1.0 + k * 0.37)} {x}" for k, x in enumerate(dmesg_boot_noise(j.rng, h))]
        if hi == 6:
            for k in range(4):
                u = (add(t_last, -5400 + k * 700) - boot).total_seconds()
                dm += [f"{raw_uptime(u)} pcieport 0000:17:01.0: AER: Corrected error received: 0000:18:00.0",
                       f"{raw_uptime(u + 0.000004)} nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
                       f"{raw_uptime(u + 0.000007)} nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000001/0000e000",
                       f"{raw_uptime(u + 0.000009)} nvidia 0000:18:00.0:    [ 0] RxErr                  (First)"]
        if hi == bad:
            u = (t_xid - boot).total_seconds()
            dm += [f"{raw_uptime(u)} NVRM: GPU at PCI:0000:ab:00: GPU-5f0e1c2a-77d1-b9c3-1e2f-a9b8c7d6e5f4",
                   f"{raw_uptime(u + 0.000011)} NVRM: Xid (PCI:0000:ab:00): 79, pid=1732, name=python3, GPU has fallen off the bus.",
                   f"{raw_uptime(u + 0.000019)} NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus.",
                   f"{raw_uptime(u + 0.000301)} NVRM: A GPU crash dump has been created. If possible, please run",
                   f"{raw_uptime(u + 0.000302)} NVRM: nvidia-bug-report.sh as root to collect this data before",
                   f"{raw_uptime(u + 0.000303)} NVRM: the NVIDIA kernel module is unloaded.",
                   f"{raw_uptime(u + 246.1)} INFO: task python3:{j.pid(hi,5)} blocked for more than 122 seconds.",
                   f"{raw_uptime(u + 246.1)}       Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
                   f"{raw_uptime(u + 246.1)} \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."]
        files[f"{h}/dmesg_raw.txt"] = join(dm)
        files[f"{h}/uptime_s.txt"] = f"{boot:%Y-%m-%d %H:%M:%S}\n"
        if hi == bad:
            q = nvsmi_q(h, add(t_wd, 30))
            files[f"{h}/nvidia-smi-q.txt"] = join(["Unable to determine the device handle for GPU 00000000:AB:00.0: Unknown Error"] + q[:3])
    files["slurm-884213.out"] = join([f"+ srun --kill-on-bad-exit=1 torchrun --nnodes 16 --nproc-per-node 8 pretrain_gpt.py ...",
                                      f"[{pylog(j.t0)}] job 884213 nodes={','.join(hosts)}"] + srun_tail(hosts, 8, t_wd, skip=(hosts[bad],)) +
                                     [f"srun: error: {hosts[bad]}: task {bad}: Killed", "slurmstepd: error: *** STEP 884213.0 ON h100-r12-n01 CANCELLED AT " + f"{add(t_wd, 40):%Y-%m-%dT%H:%M:%S}" + " ***"])
    lab = L("gpu_hardware", "infrastructure", hosts[bad], 85, "restart_without_node",
            "h100-r12-n11/dmesg_raw.txt: 'NVRM: Xid (PCI:0000:ab:00): 79 ... GPU has fallen off the bus' at uptime which, with uptime_s.txt (boot 2024-06-11 07:42:10), maps to ~10 minutes BEFORE the first watchdog timeout in any stdout.log; bus ab = GPU 5 -> global rank 10*8+5=85, which is the one rank that never prints a watchdog line (hung in the driver, 'task python3 blocked'). The 127 watchdog timeouts / DistBackendErrors / SIGTERMs on all 16 nodes (first in file order on n01) are sympathetic; n07 AER corrected errors and n04 GID-table-change WARN are benign noise.",
            "https://github.com/rwth-i6/returnn/issues/1486")
    return "aw01_rank_timeouts_across_16_nodes_after_quiet_gap", files, lab, None


# --------------------------------------------------------------------------- aw02
def aw02():
    hosts = ["gpu-b03", "gpu-b04", "gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    j = Job(hosts, 8, T(2024, 9, 2, 14, 0, 3), 202, script="train.py", prefix="none")
    files = {}
    it = j.iters(5600, 6300, 2.4)
    t_last = it[-1][0]
    t_down = add(t_last, 2.2)  # true time of link loss on b07
    skew = {0: -312.4}  # b03 clock slow by 312 s
    ips = {h: f"10.129.8.{30 + i}" for i, h in enumerate(hosts)}
    for hi, h in enumerate(hosts):
        sk = skew.get(hi, 0.0)
        s = [(add(t, sk), l) for t, l in j.startup(hi)]
        if hi == 0:
            s += [(add(t, sk), f" [{add(t, sk):%Y-%m-%d %H:%M:%S}]" + l[22:]) for t, l in it]
        # NCCL error reports from remote peers toward b07 appear ~ 18-20 s after the link died (IB retry timeout)
        if hi != 4:
            tt = add(t_down, 19.3 + hi * 0.2 + sk)
            for l in (2, 6):
                p = j.pid(hi, l)
                s.append((tt, f"{h}:{p}:{p+143} [{l}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips['gpu-b07']}<{41000+l}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['gpu-b07']}"))
                s.append((tt, f"{h}:{p}:{p+143} [{l}] NCCL INFO transport/net.cc:1302 -> 6"))
                s.append((tt, f"{h}:{p}:{p+143} [{l}] NCCL INFO proxy.cc:698 -> 6"))
                s.append((tt, f"{h}:{p}:{p+143} [{l}] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"))
            tb = add(tt, 0.9)
            g = j.grank(hi, 2)
            s += [(tb, x) for x in dist_backend_tb(g, script="train.py", msg=f"NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer {ips['gpu-b07']}<41002> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['gpu-b07']}")]
            s += j.flood(hi, add(t_down, 600.8 + sk), 402117, frames=False, tb=False)
        else:
            s += j.flood(hi, add(t_down, 600.2), 402117, frames=True)
        s.sort(key=lambda x: x[0])
        ts_lines = []
        for t, l in s:  # output piped through moreutils `ts "%b %d %H:%M:%.S"` (node-local clock)
            for part in l.split("\n"):
                ts_lines.append(f"{MON[t.month - 1]} {t.day:02d} {t:%H:%M:%S}.{t.microsecond:06d} {part}")
        files[f"{h}/launcher.log"] = join(ts_lines)
        # journald
        jl = [f"{journal_iso(add(j.t0, -3600 + sk))} {h} systemd[1]: Started Session 1821 of User slurm.",
              f"{journal_iso(add(j.t0, -10 + sk))} {h} kernel: mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:735:(pid 1021): FWTracer: Events were lost"]
        if hi == 4:
            jl += [f"{journal_iso(t_down)} {h} kernel: mlx5_core 0000:9e:00.0: Port module event[error]: module 4, Cable error, High Temperature",
                   f"{journal_iso(add(t_down, 0.0021))} {h} kernel: mlx5_core 0000:9e:00.0 ibp158s0: Link down",
                   f"{journal_iso(add(t_down, 0.31))} {h} kernel: infiniband mlx5_4: mlx5_ib_event:3071:(pid 0): warning: event on port 1 PORT_ERR",
                   f"{journal_iso(add(t_down, 1.9))} {h} kernel: ib_srpt MAD error: port 1 state DOWN"]
        if hi == 0:
            jl += [f"{journal_iso(add(j.t0, -7200 + sk))} {h} chronyd[1187]: Can't synchronise: no selectable sources",
                   f"{journal_iso(add(j.t0, -7100 + sk))} {h} chronyd[1187]: System clock wrong by 312.381 seconds, adjustment started"]
        files[f"{h}/journal-k.txt"] = join(jl)
        if hi == 0:
            files[f"{h}/chronyc-tracking.txt"] = join(["Reference ID    : 00000000 ()", "Stratum         : 0", "Ref time (UTC)  : Thu Jan 01 00:00:00 1970",
                                                        "System time     : 312.381274 seconds slow of NTP time", "Last offset     : +0.000000000 seconds",
                                                        "RMS offset      : 0.000000000 seconds", "Leap status     : Not synchronised"])
        files[f"{h}/ibstat.txt"] = join(ibstat(h, down={4: "Polling"} if hi == 4 else None))
    lab = L("network", "infrastructure", "gpu-b07", None, "restart_without_node",
            "gpu-b07/journal-k.txt: 'mlx5_core 0000:9e:00.0: Port module event[error]: module 4, Cable error' then 'ibp158s0: Link down' and ibstat mlx5_4 Down/Polling. The earliest-looking error in the bundle (gpu-b03/launcher.log NET/IB completion status=12) is stamped ~5 minutes earlier than b07's link-down only because gpu-b03's clock is 312 s slow (chronyc-tracking.txt 'System time : 312.381274 seconds slow', journal 'Not synchronised'); corrected for skew it comes ~19 s after b07's link went down. All accusers name b07's IP 10.129.8.34; their status=12 errors and the later watchdog timeouts are sympathetic.",
            "https://github.com/NVIDIA/nccl/issues/1405")
    return "aw02_completion_errors_stamped_before_anything_else", files, lab, None


# --------------------------------------------------------------------------- aw03
def aw03():
    hosts = [f"sc-gpu{n}" for n in (211, 212, 213, 214, 215)]
    j = Job(hosts, 8, T(2024, 11, 21, 6, 30, 0), 303, script="torchtitan/train.py", prefix="default")
    files = {}
    ips = {h: f"172.22.{i+4}.18" for i, h in enumerate(hosts)}
    t_fail = T(2024, 11, 21, 9, 4, 27, 118000)
    bad, acc = 1, 3  # sc-gpu212 NIC flaps; accuses sc-gpu214
    tl = []
    t = add(j.t0, 80)
    for step in range(1, 4201):
        t = add(t, 2.35)
        if step % 10 == 0:
            tl.append((t, f"[titan] {pylog(t)} - root - INFO - step: {step:>5}  loss: {3.1 - step/6000:.4f}  memory: 61.27GiB(77.47%)  tps: 6,{j.rng.randint(100,999)}  tflops: 389.{j.rng.randint(10,99)}  mfu: 39.{j.rng.randint(10,99)}%"))
        if t > t_fail:
            break
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += tl
        if hi == bad:
            for l in (0, 1, 4):
                p = j.pid(hi, l)
                tt = add(t_fail, 0.8 + l * 0.01)
                s += [(tt, j.pfx(hi, l, f"{h}:{p}:{p+155} [{l}] NCCL WARN NET/IB : Got async event : port error")),
                      (add(tt, 17.6), j.pfx(hi, l, f"{h}:{p}:{p+155} [{l}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips[hosts[acc]]}<5{l}311> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[hosts[acc]]}")),
                      (add(tt, 17.6), j.pfx(hi, l, f"{h}:{p}:{p+155} [{l}] NCCL INFO transport/net.cc:1302 -> 6")),
                      (add(tt, 17.7), j.pfx(hi, l, f"{h}:{p}:{p+155} [{l}] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]"))]
            s += j.flood(hi, add(t_fail, 601.0), 128811, timeout_ms=600000)
        elif hi == acc:
            for l in (0, 1, 4):
                p = j.pid(hi, l)
                s.append((add(t_fail, 19.2), j.pfx(hi, l, f"{h}:{p}:{p+155} [{l}] NCCL WARN NET/IB : Got completion from peer {ips[hosts[bad]]}<5{l}311> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[hosts[bad]]}")))
            s += j.flood(hi, add(t_fail, 600.6), 128811)
        else:
            s += j.flood(hi, add(t_fail, 600.3 + hi * 0.1), 128811, frames=False)
        files[f"{h}/torchrun.out"] = join(merge_sorted(s))
        dm = [f"{dmesg_T(add(j.t0, -4000 + k))} {x}" for k, x in enumerate(dmesg_boot_noise(j.rng, h)[2:6])]
        if hi == bad:
            for k in range(3):
                t1 = add(t_fail, k * 5.5)
                dm += [f"{dmesg_T(t1)} mlx5_core 0000:1a:00.0 ibp26s0: Link down",
                       f"{dmesg_T(add(t1, 1.2))} mlx5_core 0000:1a:00.0 ibp26s0: Link up"]
            dm += [f"{dmesg_T(add(t_fail, -2700))} mlx5_core 0000:1a:00.0: mlx5_pcie_event:301:(pid 912): PCIe slot advertised sufficient power (75W)."]
        files[f"{h}/dmesg.txt"] = join(dm)
        if hi in (bad, acc):
            cnt = ["# perfquery -x on mlx5_0 port 1 (collected after failure)", "# Port extended counters: Lid 211 port 1",
                   f"SymbolErrorCounter:..............{1844 if hi == bad else 0}", f"LinkErrorRecoveryCounter:........{3 if hi == bad else 0}",
                   f"LinkDownedCounter:...............{3 if hi == bad else 0}", f"PortRcvErrors:...................{57 if hi == bad else 0}",
                   "PortXmitDiscards:................0", f"PortXmitData:....................{918273645512 + hi}"]
            files[f"{h}/perfquery_mlx5_0.txt"] = join(cnt)
    lab = L("network", "infrastructure", hosts[bad], None, "restart_without_node",
            "sc-gpu212 is the accuser ('Got completion from peer 172.22.7.18 (sc-gpu214) with status=12') but its own dmesg.txt shows 'mlx5_core 0000:1a:00.0 ibp26s0: Link down/Link up' three times at 09:04:27-09:04:40 and perfquery_mlx5_0.txt has LinkDownedCounter 3, SymbolErrorCounter 1844; its NCCL logged 'Got async event : port error' before the completion errors. The accused sc-gpu214 has a clean dmesg and zero error counters; its status=5 (flush) errors and all watchdog timeouts/SIGTERMs are sympathetic.",
            "https://github.com/NVIDIA/nccl/issues/905")
    return "aw03_peer_blamed_for_ib_completion_errors", files, lab, None


# --------------------------------------------------------------------------- aw04
def aw04():
    hosts = ["dgx-c017", "dgx-c018", "dgx-c019", "dgx-c020"]
    j = Job(hosts, 8, T(2024, 4, 9, 22, 15, 40), 404, script="pretrain_gpt.py", prefix="srun")
    files = {}
    it = j.iters(118400, 119300, 4.05)
    t_last = it[-1][0]
    t_x = add(t_last, 1.3)
    bad, loc = 2, 3  # dgx-c019 GPU3 -> rank 19
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 3:
            s += it
        if hi == bad:
            g = j.grank(hi, loc)
            tt = add(t_x, 0.6)
            s += [(tt, j.pfx(hi, loc, f"[rank{g}]:[{c10(tt)} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered")),
                  (tt, j.pfx(hi, loc, "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")),
                  (tt, j.pfx(hi, loc, "For debugging consider passing CUDA_LAUNCH_BLOCKING=1")),
                  (tt, j.pfx(hi, loc, "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")),
                  (tt, j.pfx(hi, loc, "")),
                  (tt, j.pfx(hi, loc, "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):")),
                  (tt, j.pfx(hi, loc, "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f4b2e08b456 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")),
                  (tt, j.pfx(hi, loc, "terminate called after throwing an instance of 'c10::DistBackendError'"))]
            s += j.flood(hi, add(t_x, 300.2), 3310876, skip_local=(loc,), timeout_ms=300000, root_local=loc)
        else:
            s += j.flood(hi, add(t_x, 300.0 + hi * 0.2), 3310876, timeout_ms=300000, frames=False)
        files[f"{h}/srun_output.txt"] = join(merge_sorted(s))
        # dmesg -T is clean except noise: dmesg buffer was cleared by the prolog
        files[f"{h}/dmesg-T.txt"] = join([f"{dmesg_T(add(j.t0, -5))} slurm_prolog: dmesg buffer cleared by prolog for job 771902"] +
                                         ([f"{dmesg_T(add(t_last, -8000))} NVRM: Xid (PCI:0000:5d:00): 43, pid=88211, name=python3, Ch 00000008"] if hi == 0 else []))
    # the decisive evidence lives in the epilog output only
    ep = [f"[{pylog(add(t_x, 340))}] epilog[771902]: running GPU health check on dgx-c019",
          f"[{pylog(add(t_x, 340))}] epilog[771902]: journalctl -k --since -1h | grep NVRM",
          f"{syslog(t_x)} dgx-c019 kernel: NVRM: Xid (PCI:0000:5d:00): 48, pid=61133, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 1.",
          f"{syslog(add(t_x, 0.02))} dgx-c019 kernel: NVRM: Xid (PCI:0000:5d:00): 63, pid=61133, name=python3, Row Remapper: New row (0x000000000002a1c0) marked for remapping, reset gpu to activate.",
          f"{syslog(add(t_x, 0.6))} dgx-c019 kernel: NVRM: Xid (PCI:0000:5d:00): 45, pid=61133, name=python3, Ch 00000010",
          f"[{pylog(add(t_x, 341))}] epilog[771902]: nvidia-smi --query-gpu=index,pci.bus_id,ecc.errors.uncorrected.volatile.total,remapped_rows.pending --format=csv",
          "index, pci.bus_id, ecc.errors.uncorrected.volatile.total, remapped_rows.pending"]
    for g in range(8):
        ep.append(f"{g}, 00000000:{BUS[g].upper()}:00.0, {2 if g == loc else 0}, {'Yes' if g == loc else 'No'}")
    ep += [f"[{pylog(add(t_x, 342))}] epilog[771902]: GPU 3 FAILED health check (DBE=2, remap pending) -> scontrol update nodename=dgx-c019 state=drain reason=\"epilog: GPU3 DBE Xid48\"",
           f"[{pylog(add(t_x, 342))}] epilog[771902]: exit 0"]
    files["dgx-c019/slurm_epilog.log"] = join(ep)
    for h in hosts:
        if h != "dgx-c019":
            files[f"{h}/slurm_epilog.log"] = join([f"[{pylog(add(t_x, 339))}] epilog[771902]: running GPU health check on {h}", f"[{pylog(add(t_x, 340))}] epilog[771902]: all 8 GPUs healthy", f"[{pylog(add(t_x, 340))}] epilog[771902]: exit 0"])
    lab = L("gpu_memory", "infrastructure", "dgx-c019", 19, "restart_without_node",
            "The only kernel evidence is dgx-c019/slurm_epilog.log (the prolog cleared dmesg): 'NVRM: Xid (PCI:0000:5d:00): 48 ... uncorrectable double bit error (DBE)' followed by Xid 63 row-remap pending and Xid 45, GPU index 3 with DBE=2 and remapped_rows.pending=Yes. Rank 19 (node 2 * 8 + local 3) then raised 'CUDA error: uncorrectable ECC error encountered' - a consequence of the Xid 48, not a separate cause. The 300 s watchdog timeouts on every other rank are sympathetic; the Xid 43 on dgx-c017 two hours earlier is an unrelated app-channel reset that the job survived.",
            "https://github.com/lyulyul/shine-cluster/issues/171")
    return "aw04_rank_reports_ecc_error_then_job_times_out", files, lab, None


# --------------------------------------------------------------------------- aw05
def aw05():
    hosts = ["a100-p01", "a100-p02", "a100-p03", "a100-p04"]
    files = {}
    for att, order in ((1, [0, 1, 2, 3]), (2, [2, 3, 0, 1]), (3, [1, 0, 3, 2])):
        hs = [hosts[i] for i in order]
        j = Job(hs, 8, T(2024, 5, 14, 8 + att * 2, 5, 0), 500 + att, script="train_moe.py", prefix="none")
        it = j.iters(1 if att == 1 else 1000, 1207, 1.9, t_begin=add(j.t0, 60))
        t_c = add(it[-1][0], 0.9)
        crash_hi = 1
        for hi, h in enumerate(hs):
            s = j.startup(hi)
            if hi == 0:
                s += it
                if att > 1:
                    s.insert(40, (add(j.t0, 55), f"[{pylog(add(j.t0, 55))}] INFO - loading checkpoint from /ckpt/moe-8x1b/iter_0001000"))
            if hi == crash_hi:
                g = j.grank(hi, 5)
                s += [(t_c, f"[rank{g}]: Traceback (most recent call last):"),
                      (t_c, f"[rank{g}]:   File \"/workspace/train_moe.py\", line 388, in <module>"),
                      (t_c, f"[rank{g}]:     main()"),
                      (t_c, f"[rank{g}]:   File \"/workspace/train_moe.py\", line 301, in train_step"),
                      (t_c, f"[rank{g}]:     out = model(batch)"),
                      (t_c, f"[rank{g}]:   File \"/workspace/moe/layers.py\", line 142, in forward"),
                      (t_c, f"[rank{g}]:     dispatched = moe_cuda.permute(x, expert_idx, self.capacity)"),
                      (t_c, f"[rank{g}]: RuntimeError: CUDA error: an illegal memory access was encountered"),
                      (t_c, f"[rank{g}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."),
                      (t_c, f"[rank{g}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1"),
                      (add(t_c, 0.1), f"{h}:{j.pid(hi,5)}:{j.pid(hi,5)+120} [5] include/alloc.h:125 NCCL WARN Cuda failure 700 'an illegal memory access was encountered'")]
                s += j.flood(hi, add(t_c, 600.3), 24150, skip_local=(5,), root_local=5, root_exit=1,
                             root_tb="RuntimeError: CUDA error: an illegal memory access was encountered", frames=False)
            else:
                s += j.flood(hi, add(t_c, 600.1 + hi * 0.1), 24150, frames=False)
            files[f"attempt_{att}/{h}/rank_logs.txt"] = join(merge_sorted(s))
            dm = [f"{syslog(add(j.t0, -60))} {h} kernel: nvidia-nvswitch3: SXid (PCI:0000:8a:00.0): 12028, Non-fatal, Link 44 egress non-posted PRIV error (First)"] if h == "a100-p03" and att == 1 else []
            if hi == crash_hi:
                dm.append(f"{syslog(t_c)} {h} kernel: NVRM: Xid (PCI:0000:9a:00): 13, pid={j.pid(hi,5)}, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address")
                dm.append(f"{syslog(add(t_c, 0.001))} {h} kernel: NVRM: Xid (PCI:0000:9a:00): 13, pid={j.pid(hi,5)}, name=python3, Graphics Exception: ESR 0x52e730=0x107000e 0x52e734=0x20 0x52e728=0x4c1eb72 0x52e72c=0x174")
                dm.append(f"{syslog(add(t_c, 0.002))} {h} kernel: NVRM: Xid (PCI:0000:9a:00): 43, pid={j.pid(hi,5)}, name=python3, Ch 00000018")
            files[f"attempt_{att}/{h}/syslog_kernel.txt"] = join(dm or [f"{syslog(add(j.t0, -30))} {h} kernel: EXT4-fs (nvme0n1p1): re-mounted. Opts: (null)"])
    lab = L("user_code", "script", None, None, "stop",
            "In all three attempts the crash is 'RuntimeError: CUDA error: an illegal memory access was encountered' raised from moe_cuda.permute (moe/layers.py:142, the job's own extension) right after iteration 1207, on whichever host is second in the node list (a100-p02, then a100-p04, then a100-p01) - the same iteration on three different nodes, so it follows the code/data, not the hardware. The Xid 13 'Out Of Range Address' / Xid 43 in the crashing node's syslog are the driver's record of that application fault, not a hardware error; the SXid 12028 non-fatal on a100-p03 and all watchdog timeouts are noise/sympathetic.",
            "https://github.com/pytorch/pytorch/issues/152780")
    return "aw05_illegal_memory_access_three_attempts_three_hosts", files, lab, None


# --------------------------------------------------------------------------- aw06
def aw06():
    hosts = [f"node{n:03d}" for n in (41, 42, 43, 44, 45, 46)]
    j = Job(hosts, 4, T(2024, 2, 27, 17, 41, 9), 606, script="run_clm.py", prefix="none", nccl_ver="2.19.3")
    files = {}
    bad = 2
    t_i = add(j.t0, 31)
    for hi, h in enumerate(hosts):
        s = [(j.t0, f"[{pylog(j.t0)}] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default")]
        for l in range(4):
            g = j.grank(hi, l)
            s.append((add(j.t0, 20), f"[{pylog(add(j.t0, 20))}] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda (auto detect)"))
            s.append((add(j.t0, 24), f"[{pylog(add(j.t0, 24))}] [INFO] [comm.py:637:init_distributed] cdb=None"))
            if hi != bad:
                for k, x in enumerate(nccl_init(h, j.pid(hi, l), l, g, 24, ver="2.19.3", nics=4)):
                    s.append((add(t_i, k * 0.01), x))
        if hi == bad:
            for l in range(4):
                g = j.grank(hi, l); p = j.pid(hi, l)
                tt = add(t_i, 0.3 + l * 0.01)
                s += [(tt, f"{h}:{p}:{p} [{l}] NCCL INFO cudaDriverVersion 11080"),
                      (tt, f"{h}:{p}:{p+99} [{l}] init.cc:1698 NCCL WARN Cuda failure 'CUDA driver version is insufficient for CUDA runtime version'"),
                      (tt, f"{h}:{p}:{p+99} [{l}] NCCL INFO init.cc:1730 -> 1"),
                      (tt, f"Traceback (most recent call last):"),
                      (tt, f"  File \"/opt/app/run_clm.py\", line 655, in <module>"),
                      (tt, f"    main()"),
                      (tt, f"  File \"/opt/app/run_clm.py\", line 287, in main"),
                      (tt, f"    deepspeed.init_distributed()"),
                      (tt, f"  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 4024, in barrier"),
                      (tt, f"    work = default_pg.barrier(opts=opts)"),
                      (tt, f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3"),
                      (tt, f"ncclUnhandledCudaError: Call to CUDA function failed."),
                      (tt, f"Last error:"),
                      (tt, f"Cuda failure 'CUDA driver version is insufficient for CUDA runtime version'")]
            te = add(t_i, 2)
            s += [(te, x) for x in child_failed(te, h, "run_clm.py", [(j.grank(hi, l), l, 1, j.pid(hi, l), "<N/A>") for l in (1, 2, 3)], (j.grank(hi, 0), 0, 1, j.pid(hi, 0), "<N/A>"))]
        else:
            tt = add(t_i, 5)
            for l in range(4):
                g = j.grank(hi, l); p = j.pid(hi, l)
                s += [(tt, f"{h}:{p}:{p+131} [{l}] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer node043.cluster<47{l}12>"),
                      (tt, f"{h}:{p}:{p+131} [{l}] NCCL INFO misc/socket.cc:546 -> 6"),
                      (tt, f"{h}:{p}:{p+131} [{l}] NCCL INFO bootstrap.cc:148 -> 6")]
                s += [(add(tt, 0.2), x) for x in [f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, remote process exited or there was a network error, NCCL version 2.19.3",
                                                   "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.", "Last error:",
                                                   "Net : Connection closed by remote peer node043.cluster<47012>"]]
            te = add(tt, 3)
            s += [(te, x) for x in child_failed(te, h, "run_clm.py", [], (j.grank(hi, 0), 0, 1, j.pid(hi, 0), "<N/A>"))]
        files[f"{h}/stdout.txt"] = join(merge_sorted(s))
        drv = "520.61.05" if hi == bad else "535.161.08"
        files[f"{h}/nvidia-smi.txt"] = join([f"{t_i:%a %b %d %H:%M:%S %Y}",
                                             "+---------------------------------------------------------------------------------------+",
                                             f"| NVIDIA-SMI {drv}             Driver Version: {drv}     CUDA Version: {'11.8' if hi == bad else '12.2'}     |",
                                             "|-----------------------------------------+----------------------+----------------------+"] +
                                            [f"|   {g}  NVIDIA A100-SXM4-80GB          On  | 00000000:{BUS[g].upper()}:00.0 Off |                    0 |" for g in range(4)])
        files[f"{h}/rpm-qa-nvidia.txt"] = join([f"nvidia-driver-{'520.61.05' if hi == bad else '535.161.08'}-1.el8.x86_64", f"cuda-compat-12-1-530.30.02-1.x86_64" if hi != bad else "cuda-drivers-520.61.05-1.x86_64"])
    lab = L("dependency", "infrastructure", "node043", None, "restart_without_node",
            "Only node043 fails at NCCL init: 'NCCL WARN Cuda failure 'CUDA driver version is insufficient for CUDA runtime version'' and cudaDriverVersion 11080 in node043/stdout.txt; node043/nvidia-smi.txt shows driver 520.61.05 / CUDA 11.8 while the other five nodes run 535.161.08 / CUDA 12.2. The generic 'DistBackendError ... unhandled cuda error' on node043 and the 'Connection closed by remote peer node043' / ncclRemoteError on every other node are consequences. One node's own stale driver = dependency on that node.",
            "https://github.com/NVIDIA/nccl/issues/1657")
    return "aw06_nccl_error_at_init_on_all_nodes", files, lab, None
