"""Formatting helpers for the ax (set 53) corpus: timestamps, nvidia-smi, dcgmi,
ibstat, NCCL / c10d / torch elastic lines, Slurm accounting, py-spy dumps.

Stdlib only. Every function is deterministic given its inputs (randomness comes
from a seeded random.Random passed in by the caller).
"""
import datetime as _dt

UTC = _dt.timezone.utc

H100_BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


# --------------------------------------------------------------------------
# time
# --------------------------------------------------------------------------
def ts(y, mo, d, h=0, mi=0, s=0, us=0, tz=UTC):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tz)


def tzh(hours):
    return _dt.timezone(_dt.timedelta(hours=hours))


def add(t, seconds=0.0, minutes=0.0, hours=0.0):
    return t + _dt.timedelta(seconds=seconds, minutes=minutes, hours=hours)


def _day(t):
    return f"{t.day:2d}"


def f_dmesg_T(t, tz=None):
    t = t.astimezone(tz) if tz else t
    return "[" + t.strftime("%a %b ") + _day(t) + t.strftime(" %H:%M:%S %Y") + "]"


def f_dmesg_raw(t, boot):
    return f"[{(t - boot).total_seconds():12.6f}]"


def f_iso(t, tz=None):
    t = t.astimezone(tz) if tz else t
    return t.isoformat(timespec="microseconds")


def f_syslog(t, tz=None):
    t = t.astimezone(tz) if tz else t
    return t.strftime("%b ") + _day(t) + t.strftime(" %H:%M:%S")


def f_glog(t, lvl, rng):
    """c10d / ProcessGroupNCCL style: E0304 10:12:33.519071987"""
    return f"{lvl}{t:%m%d %H:%M:%S}.{t.microsecond:06d}{rng.randint(0, 999):03d}"


def f_elastic(t, lvl):
    """torch.distributed.elastic logger style: W0304 10:12:33.123000"""
    return f"{lvl}{t:%m%d %H:%M:%S}.{t.microsecond // 1000:03d}000"


def f_pylog(t):
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def f_bracket(t):
    return f"[{t:%Y-%m-%d %H:%M:%S}]"


def f_epoch(t):
    return f"{t.timestamp():.3f}"


def f_epoch_ms(t):
    return str(int(t.timestamp() * 1000))


def hms(seconds):
    seconds = int(seconds)
    h, r = divmod(seconds, 3600)
    m, s = divmod(r, 60)
    return f"{h}:{m:02d}:{s:02d}"


def hms2(seconds):
    seconds = int(seconds)
    h, r = divmod(seconds, 3600)
    m, s = divmod(r, 60)
    return f"{h:02d}:{m:02d}:{s:02d}"


# --------------------------------------------------------------------------
# nvidia-smi
# --------------------------------------------------------------------------
def gpu(idx, bus, rng, **kw):
    """Build a GPU description dict with healthy H100 defaults."""
    g = dict(
        idx=idx,
        bus=f"00000000:{bus}:00.0",
        name="NVIDIA H100 80GB HBM3",
        serial=str(1650000000000 + rng.randint(0, 99999999)),
        uuid="GPU-%08x-%04x-%04x-%04x-%012x" % (
            rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
            rng.getrandbits(16), rng.getrandbits(48)),
        vbios="96.00.99.00.01",
        temp=rng.randint(52, 66),
        mem_temp=rng.randint(54, 70),
        power=round(rng.uniform(560, 690), 2),
        plimit=700.0,
        def_plimit=700.0,
        max_plimit=700.0,
        min_plimit=200.0,
        sm=rng.choice([1980, 1980, 1965, 1950]),
        max_sm=1980,
        app_sm=1980,
        mem_clk=2619,
        max_mem=2619,
        pstate="P0",
        reasons={},
        counters={},
        gen_cur=5, gen_max=5, width_cur=16, width_max=16,
        replays=0,
        fb_total=81559,
        fb_used=rng.randint(70100, 76900),
        util=rng.randint(96, 100),
        mem_util=rng.randint(38, 61),
        slowdown_t=90, shutdown_t=92, max_op_t=87,
    )
    g.update(kw)
    return g


_REASONS = [
    ("Idle", "idle"),
    ("Applications Clocks Setting", "app"),
    ("SW Power Cap", "swpower"),
    ("HW Slowdown", "hwslow"),
    ("    HW Thermal Slowdown", "hwthermal"),
    ("    HW Power Brake Slowdown", "hwbrake"),
    ("Sync Boost", "sync"),
    ("SW Thermal Slowdown", "swthermal"),
    ("Display Clock Setting", "display"),
]

_COUNTERS = [
    ("SW Power Capping", "swpower"),
    ("Sync Boost", "sync"),
    ("SW Thermal Slowdown", "swthermal"),
    ("HW Thermal Slowdown", "hwthermal"),
    ("HW Power Braking", "hwbrake"),
]


def _kv(indent, key, val):
    pad = 55 - indent - len(key)
    return " " * indent + key + " " * max(pad, 1) + ": " + str(val)


def smi_q(t, gpus, driver="535.161.08", cuda="12.2", sections="full"):
    """nvidia-smi -q (abridged to the sections people actually read)."""
    new_names = int(driver.split(".")[0]) >= 550
    rs_title = "Clocks Event Reasons" if new_names else "Clocks Throttle Reasons"
    ct_title = "Clocks Event Reasons Counters" if new_names else "Clocks Throttle Reasons Counters"
    out = ["", "==============NVSMI LOG==============", ""]
    out.append(_kv(0, "Timestamp", t.strftime("%a %b ") + _day(t) + t.strftime(" %H:%M:%S %Y")))
    out.append(_kv(0, "Driver Version", driver))
    out.append(_kv(0, "CUDA Version", cuda))
    out.append("")
    out.append(_kv(0, "Attached GPUs", len(gpus)))
    for g in gpus:
        out.append(f"GPU {g['bus']}")
        if sections == "full":
            out.append(_kv(4, "Product Name", g["name"]))
            out.append(_kv(4, "Product Brand", "NVIDIA"))
            out.append(_kv(4, "Product Architecture", "Hopper" if "H100" in g["name"] or "H200" in g["name"] else "Ampere"))
            out.append(_kv(4, "Persistence Mode", "Enabled"))
            out.append("    MIG Mode")
            out.append(_kv(8, "Current", "Disabled"))
            out.append(_kv(8, "Pending", "Disabled"))
            out.append(_kv(4, "Serial Number", g["serial"]))
            out.append(_kv(4, "GPU UUID", g["uuid"]))
            out.append(_kv(4, "Minor Number", g["idx"]))
            out.append(_kv(4, "VBIOS Version", g["vbios"]))
            out.append(_kv(4, "Module ID", g["idx"] + 1))
            out.append("    PCI")
            out.append(_kv(8, "Bus", "0x" + g["bus"][9:11]))
            out.append(_kv(8, "Device", "0x00"))
            out.append(_kv(8, "Domain", "0x0000"))
            out.append(_kv(8, "Device Id", "0x233010DE"))
            out.append(_kv(8, "Bus Id", g["bus"]))
            out.append("        GPU Link Info")
            out.append("            PCIe Generation")
            out.append(_kv(16, "Max", g["gen_max"]))
            out.append(_kv(16, "Current", g["gen_cur"]))
            out.append(_kv(16, "Device Current", g["gen_cur"]))
            out.append(_kv(16, "Device Max", g["gen_max"]))
            out.append(_kv(16, "Host Max", g["gen_max"]))
            out.append("            Link Width")
            out.append(_kv(16, "Max", f"{g['width_max']}x"))
            out.append(_kv(16, "Current", f"{g['width_cur']}x"))
            out.append(_kv(8, "Replays Since Reset", g["replays"]))
            out.append(_kv(8, "Replay Number Rollovers", 0))
            out.append(_kv(8, "Tx Throughput", f"{g.get('tx_kbs', 412000)} KB/s"))
            out.append(_kv(8, "Rx Throughput", f"{g.get('rx_kbs', 388000)} KB/s"))
            out.append(_kv(4, "Fan Speed", "N/A"))
        out.append(_kv(4, "Performance State", g["pstate"]))
        out.append("    " + rs_title)
        for label, key in _REASONS:
            ind = 8 + (len(label) - len(label.lstrip()))
            out.append(_kv(ind, label.strip(), "Active" if g["reasons"].get(key) else "Not Active"))
        out.append("    " + ct_title)
        for label, key in _COUNTERS:
            out.append(_kv(8, label, f"{g['counters'].get(key, 0)} us"))
        if sections == "full":
            out.append("    FB Memory Usage")
            out.append(_kv(8, "Total", f"{g['fb_total']} MiB"))
            out.append(_kv(8, "Reserved", "551 MiB"))
            out.append(_kv(8, "Used", f"{g['fb_used']} MiB"))
            out.append(_kv(8, "Free", f"{g['fb_total'] - 551 - g['fb_used']} MiB"))
            out.append(_kv(4, "Compute Mode", "Default"))
            out.append("    Utilization")
            out.append(_kv(8, "Gpu", f"{g['util']} %"))
            out.append(_kv(8, "Memory", f"{g['mem_util']} %"))
            out.append(_kv(8, "Encoder", "0 %"))
            out.append(_kv(8, "Decoder", "0 %"))
            out.append("    ECC Mode")
            out.append(_kv(8, "Current", "Enabled"))
            out.append(_kv(8, "Pending", "Enabled"))
            out.append("    ECC Errors")
            out.append("        Volatile")
            out.append(_kv(12, "SRAM Correctable", 0))
            out.append(_kv(12, "SRAM Uncorrectable", 0))
            out.append(_kv(12, "DRAM Correctable", 0))
            out.append(_kv(12, "DRAM Uncorrectable", 0))
            out.append("    Remapped Rows")
            out.append(_kv(8, "Correctable Error", 0))
            out.append(_kv(8, "Uncorrectable Error", 0))
            out.append(_kv(8, "Pending", "No"))
            out.append(_kv(8, "Remapping Failure Occurred", "No"))
        out.append("    Temperature")
        out.append(_kv(8, "GPU Current Temp", f"{g['temp']} C"))
        out.append(_kv(8, "GPU T.Limit Temp", f"{g['max_op_t'] - g['temp']} C"))
        out.append(_kv(8, "GPU Shutdown Temp", f"{g['shutdown_t']} C"))
        out.append(_kv(8, "GPU Slowdown Temp", f"{g['slowdown_t']} C"))
        out.append(_kv(8, "GPU Max Operating Temp", f"{g['max_op_t']} C"))
        out.append(_kv(8, "GPU Target Temperature", "N/A"))
        out.append(_kv(8, "Memory Current Temp", f"{g['mem_temp']} C"))
        out.append(_kv(8, "Memory Max Operating Temp", "95 C"))
        out.append("    GPU Power Readings")
        out.append(_kv(8, "Power Draw", f"{g['power']:.2f} W"))
        out.append(_kv(8, "Current Power Limit", f"{g['plimit']:.2f} W"))
        out.append(_kv(8, "Requested Power Limit", f"{g['plimit']:.2f} W"))
        out.append(_kv(8, "Default Power Limit", f"{g['def_plimit']:.2f} W"))
        out.append(_kv(8, "Min Power Limit", f"{g['min_plimit']:.2f} W"))
        out.append(_kv(8, "Max Power Limit", f"{g['max_plimit']:.2f} W"))
        out.append("    Clocks")
        out.append(_kv(8, "Graphics", f"{g['sm']} MHz"))
        out.append(_kv(8, "SM", f"{g['sm']} MHz"))
        out.append(_kv(8, "Memory", f"{g['mem_clk']} MHz"))
        out.append(_kv(8, "Video", f"{min(g['sm'], 1755)} MHz"))
        out.append("    Applications Clocks")
        out.append(_kv(8, "Graphics", f"{g['app_sm']} MHz"))
        out.append(_kv(8, "Memory", f"{g['max_mem']} MHz"))
        out.append("    Default Applications Clocks")
        out.append(_kv(8, "Graphics", f"{g['max_sm']} MHz"))
        out.append(_kv(8, "Memory", f"{g['max_mem']} MHz"))
        out.append("    Max Clocks")
        out.append(_kv(8, "Graphics", f"{g['max_sm']} MHz"))
        out.append(_kv(8, "SM", f"{g['max_sm']} MHz"))
        out.append(_kv(8, "Memory", f"{g['max_mem']} MHz"))
        out.append(_kv(8, "Video", "1755 MHz"))
        if sections == "full":
            procs = g.get("procs")
            out.append("    Processes")
            if not procs:
                out.append(" " * 8 + "None")
            for p in procs or []:
                out.append(_kv(8, "GPU instance ID", "N/A"))
                out.append(_kv(8, "Compute instance ID", "N/A"))
                out.append(_kv(8, "Process ID", p["pid"]))
                out.append(_kv(12, "Type", "C"))
                out.append(_kv(12, "Name", p["name"]))
                out.append(_kv(12, "Used GPU Memory", f"{p['mem']} MiB"))
        out.append("")
    return "\n".join(out) + "\n"


def smi_table(t, gpus, procs, driver="535.161.08", cuda="12.2"):
    """Classic nvidia-smi summary table (535-era layout)."""
    W = 87
    L = []
    L.append(t.strftime("%a %b ") + _day(t) + t.strftime(" %H:%M:%S %Y") + "       ")
    L.append("+" + "-" * (W + 2) + "+")
    head = f"| NVIDIA-SMI {driver:<22}Driver Version: {driver:<14}CUDA Version: {cuda:<9}|"
    L.append(head)
    L.append("|-----------------------------------------+----------------------+----------------------+")
    L.append("| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |")
    L.append("| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |")
    L.append("|                                         |                      |               MIG M. |")
    L.append("|=========================================+======================+======================|")
    for g in gpus:
        name = g["name"][:28]
        L.append(f"| {g['idx']:3d}  {name:<28}   On  | {g['bus']} Off |{'0':>21} |")
        pw = f"{int(g['power'])}W / {int(g['plimit'])}W"
        mem = f"{g['fb_used']}MiB / {g['fb_total']}MiB"
        L.append(f"| N/A   {g['temp']:2d}C    {g['pstate']}{pw:>26} | {mem:>20} | {g['util']:>6d}%      Default |")
        L.append("|                                         |                      |             Disabled |")
        L.append("+-----------------------------------------+----------------------+----------------------+")
    L.append("")
    L.append("+---------------------------------------------------------------------------------------+")
    L.append("| Processes:                                                                            |")
    L.append("|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |")
    L.append("|        ID   ID                                                             Usage      |")
    L.append("|=======================================================================================|")
    for p in procs:
        nm = p["name"]
        if len(nm) > 38:
            nm = "..." + nm[-35:]
        L.append(f"|  {p['gpu']:4d}   N/A  N/A  {p['pid']:>8d}      C   {nm:<38}{str(p['mem']) + 'MiB':>11} |")
    L.append("+---------------------------------------------------------------------------------------+")
    return "\n".join(L) + "\n"


def dcgmi_dmon(rows, fields=("GPUTL", "SMCLK", "POWER", "TMPTR", "SMACT"), stamp=None):
    """rows: list of (t, gpu_idx, values tuple). Prints blocks like dcgmi dmon -d 1000."""
    hdr = "#Entity   " + "".join(f"{f:<9}" for f in fields)
    ids = "ID        "
    L = []
    last_t = None
    n = 0
    for t, gi, vals in rows:
        if n % 40 == 0:
            L.append(hdr.rstrip())
            L.append(ids.rstrip())
        n += 1
        cells = []
        for v in vals:
            if isinstance(v, float):
                cells.append(f"{v:<9.3f}" if v < 2 else f"{v:<9.2f}")
            else:
                cells.append(f"{v!s:<9}")
        prefix = ""
        if stamp and t != last_t:
            prefix = ""
        last_t = t
        L.append((prefix + f"GPU {gi:<6}" + "".join(cells)).rstrip())
    return "\n".join(L) + "\n"


# --------------------------------------------------------------------------
# InfiniBand
# --------------------------------------------------------------------------
def ibstat(hcas):
    """hcas: list of dicts name, guid, lid, rate, state, phys, fw"""
    L = []
    for h in hcas:
        L.append(f"CA '{h['name']}'")
        L.append(f"\tCA type: {h.get('type', 'MT4129')}")
        L.append("\tNumber of ports: 1")
        L.append(f"\tFirmware version: {h.get('fw', '28.39.1002')}")
        L.append("\tHardware version: 0")
        L.append(f"\tNode GUID: {h['guid']}")
        L.append(f"\tSystem image GUID: {h['guid']}")
        L.append("\tPort 1:")
        L.append(f"\t\tState: {h.get('state', 'Active')}")
        L.append(f"\t\tPhysical state: {h.get('phys', 'LinkUp')}")
        L.append(f"\t\tRate: {h.get('rate', 400)}")
        L.append(f"\t\tBase lid: {h['lid']}")
        L.append("\t\tLMC: 0")
        L.append(f"\t\tSM lid: {h.get('smlid', 1)}")
        L.append("\t\tCapability mask: 0xa751e848")
        L.append(f"\t\tPort GUID: {h['guid']}")
        L.append("\t\tLink layer: InfiniBand")
    return "\n".join(L) + "\n"


def perfquery(lid, c):
    keys = [
        ("PortSelect", 1), ("CounterSelect", "0x0000"),
        ("SymbolErrorCounter", c.get("sym", 0)),
        ("LinkErrorRecoveryCounter", c.get("rec", 0)),
        ("LinkDownedCounter", c.get("down", 0)),
        ("PortRcvErrors", c.get("rcverr", 0)),
        ("PortRcvRemotePhysicalErrors", 0),
        ("PortRcvSwitchRelayErrors", 0),
        ("PortXmitDiscards", c.get("discard", 0)),
        ("PortXmitConstraintErrors", 0),
        ("PortRcvConstraintErrors", 0),
        ("CounterSelect2", "0x00"),
        ("LocalLinkIntegrityErrors", c.get("lli", 0)),
        ("ExcessiveBufferOverrunErrors", 0),
        ("QP1Dropped", 0),
        ("VL15Dropped", 0),
        ("PortXmitData", c.get("xd", 4294967295)),
        ("PortRcvData", c.get("rd", 4294967295)),
        ("PortXmitPkts", c.get("xp", 4294967295)),
        ("PortRcvPkts", c.get("rp", 4294967295)),
        ("PortXmitWait", c.get("wait", 0)),
    ]
    L = [f"# Port counters: Lid {lid} port 1 (CapMask: 0x5A00)"]
    for k, v in keys:
        L.append(f"{k + ':':.<33}{v}")
    return "\n".join(L) + "\n"


# --------------------------------------------------------------------------
# NCCL / c10d / elastic
# --------------------------------------------------------------------------
def watchdog_block(t, rank, seq, op, numel, timeout_ms, ran_ms, rng, pg="0", pgname="default_pg",
                   last_enq=None, last_comp=None, line="632", prefix="", numel_out=None):
    """Lines a rank prints when its ProcessGroupNCCL watchdog fires (torch 2.4-2.6 era)."""
    no = numel if numel_out is None else numel_out
    le = seq if last_enq is None else last_enq
    lc = seq - 1 if last_comp is None else last_comp
    p = f"{prefix}[rank{rank}]:"
    L = []
    L.append(f"{p}[{f_glog(t, 'E', rng)} ProcessGroupNCCL.cpp:{line}] [Rank {rank}] Watchdog caught collective operation timeout: "
             f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={no}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.")
    t2 = add(t, seconds=0.0004)
    L.append(f"{p}[{f_glog(t2, 'E', rng)} ProcessGroupNCCL.cpp:2168] [PG ID {pg} PG GUID {pg}({pgname}) Rank {rank}] failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {le}, last completed work: {lc}")
    L.append(f"{p}[{f_glog(t2, 'E', rng)} ProcessGroupNCCL.cpp:667] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")
    L.append(f"{p}[{f_glog(t2, 'E', rng)} ProcessGroupNCCL.cpp:681] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
    L.append(f"{p}[{f_glog(t2, 'E', rng)} ProcessGroupNCCL.cpp:695] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.")
    t3 = add(t, seconds=0.0011)
    L.append(f"{p}[{f_glog(t3, 'F', rng)} ProcessGroupNCCL.cpp:1895] [PG ID {pg} PG GUID {pg}({pgname}) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: "
             f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={no}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.")
    L.append(f"{prefix}terminate called after throwing an instance of 'c10::DistBackendError'")
    L.append(f"{prefix}  what():  [PG ID {pg} PG GUID {pg}({pgname}) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={no}, Timeout(ms)={timeout_ms}) ran for {ran_ms} milliseconds before timing out.")
    L.append(f"{prefix}Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{line} (most recent call first):")
    L.append(f"{prefix}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c8b8446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)")
    L.append(f"{prefix}frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3a1db8c772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")
    L.append(f"{prefix}frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3a1db93bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")
    L.append(f"{prefix}frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3a1db955bd in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")
    L.append(f"{prefix}frame #4: <unknown function> + 0xdc253 (0x7f3a6e2b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)")
    L.append(f"{prefix}frame #5: <unknown function> + 0x94ac3 (0x7f3a6f1cdac3 in /lib/x86_64-linux-gnu/libc.so.6)")
    L.append(f"{prefix}frame #6: <unknown function> + 0x126850 (0x7f3a6f25f850 in /lib/x86_64-linux-gnu/libc.so.6)")
    L.append(prefix)
    return L


def elastic_failure(t, host, script, failures, prefix=""):
    """torchrun ChildFailedError summary. failures: list of (rank, local_rank, exitcode, pid, sig)"""
    L = []
    L.append(f"{prefix}{f_elastic(t, 'W')} 2211 torch/distributed/elastic/multiprocessing/api.py:897] Sending process {failures[0][3] + 1} closing signal SIGTERM")
    for r, lr, ec, pid, sig in failures:
        L.append(f"{prefix}{f_elastic(add(t, seconds=1.2), 'E')} 2211 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: {ec}) local_rank: {lr} (pid: {pid}) of binary: /usr/bin/python")
        break
    L += [prefix + x for x in [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]]
    if len(failures) == 1:
        L.append(prefix + "  <NO_OTHER_FAILURES>")
    else:
        for i, (r, lr, ec, pid, sig) in enumerate(failures[1:], 1):
            L += [prefix + x for x in [
                f"[{i}]:",
                f"  time      : {t:%Y-%m-%d_%H:%M:%S}",
                f"  host      : {host}",
                f"  rank      : {r} (local_rank: {lr})",
                f"  exitcode  : {ec} (pid: {pid})",
                "  error_file: <N/A>",
                f"  traceback : Signal {sig} ({'SIGABRT' if sig == 6 else 'SIGTERM'}) received by PID {pid}" if sig else "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
            ]]
    r, lr, ec, pid, sig = failures[0]
    L += [prefix + x for x in [
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        f"  time      : {t:%Y-%m-%d_%H:%M:%S}",
        f"  host      : {host}",
        f"  rank      : {r} (local_rank: {lr})",
        f"  exitcode  : {ec} (pid: {pid})",
        "  error_file: <N/A>",
        f"  traceback : Signal {sig} ({'SIGABRT' if sig == 6 else 'SIGTERM'}) received by PID {pid}" if sig else "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "============================================================",
    ]]
    return L


def nccl_init_lines(host, pid, dev, rank, nranks, version="2.21.5", net="IB", rng=None, prefix=""):
    p = f"{prefix}{host}:{pid}:{pid + 80} [{dev}] NCCL INFO "
    L = []
    if rank == 0 or dev == 0:
        L.append(f"{prefix}{host}:{pid}:{pid} [{dev}] NCCL INFO Bootstrap : Using ibp26s0:10.{rng.randint(1, 9)}.{rng.randint(0, 255)}.{rng.randint(2, 250)}<0>" if rng else f"{prefix}{host}:{pid}:{pid} [{dev}] NCCL INFO Bootstrap : Using ibp26s0")
        L.append(f"{prefix}{host}:{pid}:{pid} [{dev}] NCCL INFO NCCL version {version}+cuda12.4")
    if net == "IB":
        L.append(p + "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB ; OOB ibp26s0:10.4.0.1<0>")
        L.append(p + "Using network IB")
    else:
        L.append(p + "NET/Socket : Using [0]ens21f0np0:10.20.1.17<0>")
        L.append(p + "Using network Socket")
    L.append(p + f"comm 0x{0x55d1c8000000 + rank * 0x1000:x} rank {rank} nRanks {nranks} nNodes {nranks // 8} localRanks 8 localRank {dev} MNNVL 0")
    return L


# --------------------------------------------------------------------------
# Slurm
# --------------------------------------------------------------------------
def squeue(rows):
    L = ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"]
    for jid, part, name, user, st, tm, n, nl in rows:
        L.append(f"{jid:>18} {part:>9} {name[:8]:>8} {user[:8]:>8} {st:>2} {tm:>10} {n:>6} {nl}")
    return "\n".join(L) + "\n"


def sacct(rows):
    L = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
         "------------ ---------- ---------- ---------- ---------- ---------- -------- "]
    for jid, name, part, acct, cpus, state, ec in rows:
        nm = name if len(name) <= 10 else name[:9] + "+"
        st = state if len(state) <= 10 else state[:9] + "+"
        L.append(f"{jid:<12} {nm:>10} {part:>10} {acct:>10} {cpus:>10} {st:>10} {ec:>8} ")
    return "\n".join(L) + "\n"


def sacct_long(rows):
    """sacct --format=JobID,JobName,State,ExitCode,Start,End,Elapsed,NodeList"""
    L = ["JobID           JobName      State ExitCode               Start                 End    Elapsed        NodeList ",
         "------------ ---------- ---------- -------- ------------------- ------------------- ---------- --------------- "]
    for jid, name, state, ec, st, en, el, nl in rows:
        nm = name if len(name) <= 10 else name[:9] + "+"
        s = state if len(state) <= 10 else state[:9] + "+"
        en_s = "Unknown" if en is None else f"{en:%Y-%m-%dT%H:%M:%S}"
        L.append(f"{jid:<12} {nm:>10} {s:>10} {ec:>8} {st:%Y-%m-%dT%H:%M:%S} {en_s:>19} {el:>10} {nl:>15} ")
    return "\n".join(L) + "\n"


# --------------------------------------------------------------------------
# misc
# --------------------------------------------------------------------------
def pyspy(pid, cmd, threads, pyver="3.10.12"):
    """threads: list of (tid, state, name, [frames])"""
    L = [f"Process {pid}: {cmd}", f"Python v{pyver} (/usr/bin/python3.10)", ""]
    for tid, state, name, frames in threads:
        L.append(f'Thread {tid} ({state}): "{name}"')
        for fr in frames:
            L.append("    " + fr)
    return "\n".join(L) + "\n"


def prom(name, help_, typ, samples):
    """Prometheus exposition block; samples: list of (labels_str, value, t or None)"""
    L = [f"# HELP {name} {help_}", f"# TYPE {name} {typ}"]
    for lab, v, t in samples:
        lab_s = "{" + lab + "}" if lab else ""
        vs = f"{v:.6g}" if isinstance(v, float) else str(v)
        L.append(f"{name}{lab_s} {vs}" + (f" {f_epoch_ms(t)}" if t is not None else ""))
    return L


def lightning_bar(epoch, i, n, elapsed, remaining, rate, extra):
    pct = int(100 * i / n)
    blocks = int(pct / 10)
    bar = "\u2588" * blocks + " " * (10 - blocks)
    r = f"{rate:.2f}it/s" if rate >= 1 else f"{1 / rate:.2f}s/it"
    return f"Epoch {epoch}: {pct:3d}%|{bar}| {i}/{n} [{elapsed}<{remaining}, {r}{extra}]"


def tqdm_bar(i, n, elapsed, remaining, sec_per_it):
    pct = int(100 * i / n)
    blocks = int(pct / 10)
    bar = "\u2588" * blocks + " " * (10 - blocks)
    r = f"{sec_per_it:.2f}s/it" if sec_per_it >= 1 else f"{1 / sec_per_it:.2f}it/s"
    if not isinstance(elapsed, str):
        elapsed = mmss(elapsed)
    if not isinstance(remaining, str):
        remaining = mmss(remaining)
    return f"{pct:3d}%|{bar}| {i}/{n} [{elapsed}<{remaining}, {r}]"


def mmss(seconds):
    seconds = int(seconds)
    h, r = divmod(seconds, 3600)
    m, s = divmod(r, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
