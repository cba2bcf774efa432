"""Shared helpers for corpus_set43 (prefix ``an``).

Everything here is deterministic: callers pass a seeded ``random.Random``.
No wall-clock time is ever read.
"""
import datetime as dt
import json
import random

# ---------------------------------------------------------------------------
# case container
# ---------------------------------------------------------------------------


class Case:
    def __init__(self, name):
        self.name = name
        self.files = {}
        self.label = None

    def add(self, path, text):
        if isinstance(text, (list, tuple)):
            text = "\n".join(text)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text

    def add_json(self, path, obj, indent=2):
        self.files[path] = json.dumps(obj, indent=indent) + "\n"

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }


# ---------------------------------------------------------------------------
# time formatting
# ---------------------------------------------------------------------------

def T(y, mo, d, h=0, mi=0, s=0, us=0):
    return dt.datetime(y, mo, d, h, mi, s, us)


def plus(t, seconds):
    return t + dt.timedelta(seconds=seconds)


def ts_py(t):
    """Python logging default: 2024-03-12 09:12:44,081"""
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def ts_py_dot(t):
    return t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % (t.microsecond // 1000)


def ts_iso(t, frac=6, tz="+00:00"):
    base = t.strftime("%Y-%m-%dT%H:%M:%S")
    if frac:
        base += "." + ("%06d" % t.microsecond)[:frac]
    return base + tz


def ts_glog_new(t, lvl, rng=None):
    """c10d style since torch 2.2: E312 09:12:44.081233521 (month unpadded)."""
    extra = rng.randint(0, 999) if rng else 0
    return "%s%d%02d %s.%06d%03d" % (lvl, t.month, t.day, t.strftime("%H:%M:%S"),
                                    t.microsecond, extra)


def ts_glog_old(t, lvl):
    """glog classic: E0312 09:12:44.081233"""
    return "%s%02d%02d %s.%06d" % (lvl, t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond)


def ts_dmesg_T(t):
    return "[" + t.strftime("%a %b ") + "%2d" % t.day + t.strftime(" %H:%M:%S %Y") + "]"


def ts_syslog(t):
    return t.strftime("%b ") + "%2d" % t.day + t.strftime(" %H:%M:%S")


def ts_megatron(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


def ts_slurm(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def fmt_hms(sec):
    sec = int(sec)
    h, r = divmod(sec, 3600)
    m, s = divmod(r, 60)
    if h:
        return "%d:%02d:%02d" % (h, m, s)
    return "%02d:%02d" % (m, s)


# ---------------------------------------------------------------------------
# topology helpers
# ---------------------------------------------------------------------------

BUS_IDS_H100 = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
BUS_IDS_A100 = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]


def uuid_for(rng):
    h = "%032x" % rng.getrandbits(128)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:32])


def serial_for(rng):
    return "16%011d" % rng.randint(0, 10 ** 11 - 1)


# ---------------------------------------------------------------------------
# nvidia-smi -q
# ---------------------------------------------------------------------------

def gpu_default(idx, product="h100", **kw):
    """Build the per-GPU parameter dict used by nvsmi_q."""
    if product == "h100":
        g = dict(product="NVIDIA H100 80GB HBM3", arch="Hopper", bus=BUS_IDS_H100[idx],
                 fb_total=81559, pcie_max=5, width_max=16, sm_max=1980, mem_clk=2619,
                 pmax=700.0, pmin=200.0, shutdown=92, slowdown=89, maxop=87, vbios="96.00.99.00.01")
    else:
        g = dict(product="NVIDIA A100-SXM4-80GB", arch="Ampere", bus=BUS_IDS_A100[idx],
                 fb_total=81920, pcie_max=4, width_max=16, sm_max=1410, mem_clk=1593,
                 pmax=400.0, pmin=100.0, shutdown=92, slowdown=89, maxop=85, vbios="92.00.45.00.08")
    g.update(dict(idx=idx, temp=45, mem_temp=55, power=610.0, plimit=None, preq=None,
                  sm=None, util=97, mem_util=41, fb_used=71234, pcie_cur=None, width_cur=None,
                  replays=0, reasons={}, procs=None, sbe=0, dbe=0, retired_pending="No",
                  remapped_pending="No"))
    g.update(kw)
    if g["plimit"] is None:
        g["plimit"] = g["pmax"]
    if g["preq"] is None:
        g["preq"] = g["plimit"]
    if g["sm"] is None:
        g["sm"] = g["sm_max"]
    if g["pcie_cur"] is None:
        g["pcie_cur"] = g["pcie_max"]
    if g["width_cur"] is None:
        g["width_cur"] = g["width_max"]
    return g


REASON_KEYS = [
    ("Idle", "idle"),
    ("Applications Clocks Setting", "app"),
    ("SW Power Cap", "sw_power"),
    ("HW Slowdown", "hw"),
    ("    HW Thermal Slowdown", "hw_thermal"),
    ("    HW Power Brake Slowdown", "hw_power_brake"),
    ("Sync Boost", "sync"),
    ("SW Thermal Slowdown", "sw_thermal"),
    ("Display Clock Setting", "display"),
]


def _kv(indent, key, val, width=42):
    pad = " " * indent
    if val == "":
        return pad + key
    return (pad + key).ljust(width) + ": " + str(val)


def nvsmi_q(timestamp, gpus, driver="535.161.08", cuda="12.2", style="event", rng=None,
            pid_base=None, proc_name="/usr/bin/python3"):
    """Render an nvidia-smi -q text block. ``style`` is 'event' (R535+: Clocks Event
    Reasons) or 'throttle' (older drivers: Clocks Throttle Reasons)."""
    rng = rng or random.Random(0)
    out = ["", "==============NVSMI LOG==============", ""]
    out.append(_kv(0, "Timestamp", timestamp.strftime("%a %b %d %H:%M:%S %Y")))
    out.append(_kv(0, "Driver Version", driver))
    out.append(_kv(0, "CUDA Version", cuda))
    out.append("")
    out.append(_kv(0, "Attached GPUs", len(gpus)))
    for g in gpus:
        busid = "00000000:%s:00.0" % g["bus"]
        out.append("GPU " + busid)
        out.append(_kv(4, "Product Name", g["product"]))
        out.append(_kv(4, "Product Brand", "NVIDIA"))
        out.append(_kv(4, "Product Architecture", g["arch"]))
        out.append(_kv(4, "Display Mode", "Enabled" if g["arch"] == "Hopper" else "Disabled"))
        out.append(_kv(4, "Display Active", "Disabled"))
        out.append(_kv(4, "Persistence Mode", "Enabled"))
        out.append(_kv(4, "Addressing Mode", "None"))
        out.append(_kv(4, "MIG Mode", ""))
        out.append(_kv(8, "Current", "Disabled"))
        out.append(_kv(8, "Pending", "Disabled"))
        out.append(_kv(4, "Accounting Mode", "Disabled"))
        out.append(_kv(4, "Accounting Mode Buffer Size", "4000"))
        out.append(_kv(4, "Driver Model", ""))
        out.append(_kv(8, "Current", "N/A"))
        out.append(_kv(8, "Pending", "N/A"))
        out.append(_kv(4, "Serial Number", g.get("serial") or serial_for(rng)))
        out.append(_kv(4, "GPU UUID", g.get("uuid") or uuid_for(rng)))
        out.append(_kv(4, "Minor Number", g["idx"]))
        out.append(_kv(4, "VBIOS Version", g["vbios"]))
        out.append(_kv(4, "MultiGPU Board", "No"))
        out.append(_kv(4, "Board ID", "0x%s00" % g["bus"].lower()))
        out.append(_kv(4, "GPU Part Number", "2330-885-A1" if g["arch"] == "Hopper" else "20B2-895-A1"))
        out.append(_kv(4, "Inforom Version", ""))
        out.append(_kv(8, "Image Version", "G520.0200.00.05" if g["arch"] == "Hopper" else "G506.0210.00.04"))
        out.append(_kv(8, "OEM Object", "2.1"))
        out.append(_kv(8, "ECC Object", "7.16" if g["arch"] == "Hopper" else "6.16"))
        out.append(_kv(8, "Power Management Object", "N/A"))
        out.append(_kv(4, "GPU Virtualization Mode", ""))
        out.append(_kv(8, "Virtualization Mode", "None"))
        out.append(_kv(8, "Host VGPU Mode", "N/A"))
        out.append(_kv(4, "PCI", ""))
        out.append(_kv(8, "Bus", "0x" + g["bus"]))
        out.append(_kv(8, "Device", "0x00"))
        out.append(_kv(8, "Domain", "0x0000"))
        out.append(_kv(8, "Device Id", "0x233010DE" if g["arch"] == "Hopper" else "0x20B210DE"))
        out.append(_kv(8, "Bus Id", busid))
        out.append(_kv(8, "Sub System Id", "0x16C110DE" if g["arch"] == "Hopper" else "0x147F10DE"))
        out.append(_kv(8, "GPU Link Info", ""))
        out.append(_kv(12, "PCIe Generation", ""))
        out.append(_kv(16, "Max", g["pcie_max"]))
        out.append(_kv(16, "Current", g["pcie_cur"]))
        if style == "event":
            out.append(_kv(16, "Device Current", g["pcie_cur"]))
            out.append(_kv(16, "Device Max", g["pcie_max"]))
            out.append(_kv(16, "Host Max", g["pcie_max"]))
        out.append(_kv(12, "Link Width", ""))
        out.append(_kv(16, "Max", "%dx" % g["width_max"]))
        out.append(_kv(16, "Current", "%dx" % g["width_cur"]))
        out.append(_kv(8, "Bridge Chip", ""))
        out.append(_kv(12, "Type", "N/A"))
        out.append(_kv(12, "Firmware", "N/A"))
        out.append(_kv(8, "Replays Since Reset", g["replays"]))
        out.append(_kv(8, "Replay Number Rollovers", 0))
        out.append(_kv(8, "Tx Throughput", "%d KB/s" % rng.randint(800, 4000)))
        out.append(_kv(8, "Rx Throughput", "%d KB/s" % rng.randint(1500, 9000)))
        out.append(_kv(8, "Atomic Caps Inbound", "N/A"))
        out.append(_kv(8, "Atomic Caps Outbound", "N/A"))
        out.append(_kv(4, "Fan Speed", "N/A"))
        out.append(_kv(4, "Performance State", "P0"))
        out.append(_kv(4, "Clocks Event Reasons" if style == "event" else "Clocks Throttle Reasons", ""))
        for label, key in REASON_KEYS:
            if style != "event" and key == "idle":
                label = "Idle"
            val = "Active" if g["reasons"].get(key) else "Not Active"
            out.append(_kv(8, label, val))
        if style == "event":
            out.append(_kv(4, "Sparse Operation Mode", "N/A"))
        fb_res = 328 if g["arch"] == "Hopper" else 0
        out.append(_kv(4, "FB Memory Usage", ""))
        out.append(_kv(8, "Total", "%d MiB" % g["fb_total"]))
        if style == "event":
            out.append(_kv(8, "Reserved", "%d MiB" % fb_res))
        out.append(_kv(8, "Used", "%d MiB" % g["fb_used"]))
        out.append(_kv(8, "Free", "%d MiB" % (g["fb_total"] - fb_res - g["fb_used"])))
        out.append(_kv(4, "BAR1 Memory Usage", ""))
        out.append(_kv(8, "Total", "131072 MiB"))
        out.append(_kv(8, "Used", "%d MiB" % rng.randint(5, 60)))
        out.append(_kv(8, "Free", "131000 MiB"))
        out.append(_kv(4, "Compute Mode", "Default"))
        out.append(_kv(4, "Utilization", ""))
        out.append(_kv(8, "Gpu", "%d %%" % g["util"]))
        out.append(_kv(8, "Memory", "%d %%" % g["mem_util"]))
        out.append(_kv(8, "Encoder", "0 %"))
        out.append(_kv(8, "Decoder", "0 %"))
        out.append(_kv(4, "ECC Mode", ""))
        out.append(_kv(8, "Current", "Enabled"))
        out.append(_kv(8, "Pending", "Enabled"))
        out.append(_kv(4, "ECC Errors", ""))
        out.append(_kv(8, "Volatile", ""))
        out.append(_kv(12, "SRAM Correctable", 0))
        out.append(_kv(12, "SRAM Uncorrectable", 0))
        out.append(_kv(12, "DRAM Correctable", g["sbe"]))
        out.append(_kv(12, "DRAM Uncorrectable", g["dbe"]))
        out.append(_kv(8, "Aggregate", ""))
        out.append(_kv(12, "SRAM Correctable", 0))
        out.append(_kv(12, "SRAM Uncorrectable", 0))
        out.append(_kv(12, "DRAM Correctable", g["sbe"]))
        out.append(_kv(12, "DRAM Uncorrectable", g["dbe"]))
        out.append(_kv(4, "Retired Pages", ""))
        out.append(_kv(8, "Single Bit ECC", "N/A"))
        out.append(_kv(8, "Double Bit ECC", "N/A"))
        out.append(_kv(8, "Pending Page Blacklist", "N/A"))
        out.append(_kv(4, "Remapped Rows", ""))
        out.append(_kv(8, "Correctable Error", 0))
        out.append(_kv(8, "Uncorrectable Error", 0))
        out.append(_kv(8, "Pending", g["remapped_pending"]))
        out.append(_kv(8, "Remapping Failure Occurred", "No"))
        out.append(_kv(4, "Temperature", ""))
        out.append(_kv(8, "GPU Current Temp", "%d C" % g["temp"]))
        if style == "event":
            out.append(_kv(8, "GPU T.Limit Temp", "N/A"))
        out.append(_kv(8, "GPU Shutdown Temp", "%d C" % g["shutdown"]))
        out.append(_kv(8, "GPU Slowdown Temp", "%d C" % g["slowdown"]))
        out.append(_kv(8, "GPU Max Operating Temp", "%d C" % g["maxop"]))
        out.append(_kv(8, "GPU Target Temperature", "N/A"))
        out.append(_kv(8, "Memory Current Temp", "%d C" % g["mem_temp"]))
        out.append(_kv(8, "Memory Max Operating Temp", "95 C"))
        if style == "event":
            out.append(_kv(4, "GPU Power Readings", ""))
            out.append(_kv(8, "Power Draw", "%.2f W" % g["power"]))
            out.append(_kv(8, "Current Power Limit", "%.2f W" % g["plimit"]))
            out.append(_kv(8, "Requested Power Limit", "%.2f W" % g["preq"]))
            out.append(_kv(8, "Default Power Limit", "%.2f W" % g["pmax"]))
            out.append(_kv(8, "Min Power Limit", "%.2f W" % g["pmin"]))
            out.append(_kv(8, "Max Power Limit", "%.2f W" % g["pmax"]))
            out.append(_kv(4, "Module Power Readings", ""))
            out.append(_kv(8, "Power Draw", "N/A"))
            out.append(_kv(8, "Current Power Limit", "N/A"))
        else:
            out.append(_kv(4, "Power Readings", ""))
            out.append(_kv(8, "Power Management", "Supported"))
            out.append(_kv(8, "Power Draw", "%.2f W" % g["power"]))
            out.append(_kv(8, "Power Limit", "%.2f W" % g["plimit"]))
            out.append(_kv(8, "Default Power Limit", "%.2f W" % g["pmax"]))
            out.append(_kv(8, "Enforced Power Limit", "%.2f W" % g["plimit"]))
            out.append(_kv(8, "Min Power Limit", "%.2f W" % g["pmin"]))
            out.append(_kv(8, "Max Power Limit", "%.2f W" % g["pmax"]))
        out.append(_kv(4, "Clocks", ""))
        out.append(_kv(8, "Graphics", "%d MHz" % g["sm"]))
        out.append(_kv(8, "SM", "%d MHz" % g["sm"]))
        out.append(_kv(8, "Memory", "%d MHz" % g["mem_clk"]))
        out.append(_kv(8, "Video", "%d MHz" % (1545 if g["arch"] == "Hopper" else 1275)))
        out.append(_kv(4, "Applications Clocks", ""))
        out.append(_kv(8, "Graphics", "%d MHz" % g["sm_max"]))
        out.append(_kv(8, "Memory", "%d MHz" % g["mem_clk"]))
        out.append(_kv(4, "Default Applications Clocks", ""))
        out.append(_kv(8, "Graphics", "%d MHz" % g["sm_max"]))
        out.append(_kv(8, "Memory", "%d MHz" % g["mem_clk"]))
        out.append(_kv(4, "Max Clocks", ""))
        out.append(_kv(8, "Graphics", "%d MHz" % g["sm_max"]))
        out.append(_kv(8, "SM", "%d MHz" % g["sm_max"]))
        out.append(_kv(8, "Memory", "%d MHz" % g["mem_clk"]))
        out.append(_kv(8, "Video", "%d MHz" % (1545 if g["arch"] == "Hopper" else 1275)))
        out.append(_kv(4, "Clock Policy", ""))
        out.append(_kv(8, "Auto Boost", "N/A"))
        out.append(_kv(8, "Auto Boost Default", "N/A"))
        out.append(_kv(4, "Processes", "" if g["procs"] else "None"))
        for pid, name, mem in (g["procs"] or []):
            out.append(_kv(8, "GPU instance ID", "N/A"))
            out.append(_kv(8, "Compute instance ID", "N/A"))
            out.append(_kv(8, "Process ID", pid))
            out.append(_kv(12, "Type", "C"))
            out.append(_kv(12, "Name", name))
            out.append(_kv(12, "Used GPU Memory", "%d MiB" % mem))
        out.append("")
    return "\n".join(out)


def std_procs(pid_base, lr, mem=70900, name="/usr/bin/python3"):
    return [(pid_base + lr, name, mem)]


# ---------------------------------------------------------------------------
# nvidia-smi (table view)
# ---------------------------------------------------------------------------

def nvsmi_table(timestamp, rows, procs, driver="535.161.08", cuda="12.2",
                product="NVIDIA H100 80GB HBM3"):
    """rows: list of dict(idx,bus,temp,power,plimit,used,total,util); procs: list of
    (gpu, pid, name, mem)."""
    out = [timestamp.strftime("%a %b %d %H:%M:%S %Y") + "       ",
           "+---------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %s              Driver Version: %s   CUDA Version: %s     |" % (driver, driver, cuda),
           "|-----------------------------------------+----------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                      |               MIG M. |",
           "|=========================================+======================+======================|"]
    short = product.replace("NVIDIA ", "")[:20]
    for r in rows:
        out.append("|  %-3d %-20s           On  | 00000000:%s:00.0 Off |                    0 |"
                   % (r["idx"], short, r["bus"]))
        out.append("| N/A   %2dC    P0            %3dW / %3dW |  %5dMiB / %5dMiB |    %3d%%      Default |"
                   % (r["temp"], r["power"], r["plimit"], r["used"], r["total"], r["util"]))
        out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out += ["",
            "+---------------------------------------------------------------------------------------+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|        ID   ID                                                             Usage      |",
            "|=======================================================================================|"]
    for gpu, pid, name, mem in procs:
        nm = name if len(name) <= 38 else "..." + name[-35:]
        out.append("|  %4d   N/A  N/A  %9d      C   %-38s %6dMiB |" % (gpu, pid, nm, mem))
    out.append("+---------------------------------------------------------------------------------------+")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# dcgmi dmon
# ---------------------------------------------------------------------------

def dcgmi_dmon_raw(samples, fields):
    """samples: list of list-of-(gpu, values) per tick. fields: list of (short_name, width)."""
    hdr = "#Entity   " + "".join(n.ljust(w) for n, w in fields)
    ids = "ID        " + "".join("".ljust(w) for n, w in fields)
    out = []
    for i, tick in enumerate(samples):
        if i % 20 == 0:
            out.append(hdr.rstrip())
            out.append(ids.rstrip())
        for gpu, vals in tick:
            line = ("GPU %d" % gpu).ljust(10) + "".join(str(v).ljust(w) for v, (n, w) in zip(vals, fields))
            out.append(line.rstrip())
    return "\n".join(out)


# ---------------------------------------------------------------------------
# NCCL init chatter
# ---------------------------------------------------------------------------

def nccl_init_lines(host, pid, lr, rank, nranks, ip, bus, rng, ib="mlx5", version="2.21.5+cuda12.4",
                    iface="ibp26s0"):
    tid = pid + rng.randint(40, 400)
    pre = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
    pre2 = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
    lines = []
    if rank == 0:
        lines.append(pre + "Bootstrap : Using %s:%s<0>" % (iface, ip))
        lines.append(pre + "cudaDriverVersion 12040")
        lines.append("NCCL version " + version)
    lines.append(pre2 + "Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so")
    lines.append(pre2 + "P2P plugin v8 IBext_v8")
    lines.append(pre2 + "NET/IB : Using [0]%s_0:1/IB [1]%s_3:1/IB [2]%s_4:1/IB [3]%s_5:1/IB [4]%s_6:1/IB [5]%s_9:1/IB [6]%s_10:1/IB [7]%s_11:1/IB ; OOB %s:%s<0>"
                  % (ib, ib, ib, ib, ib, ib, ib, ib, iface, ip))
    lines.append(pre2 + "Using network IBext_v8")
    lines.append(pre2 + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init START"
                 % (rng.getrandbits(44), rank, nranks, lr, lr, bus.lower(), rng.getrandbits(60)))
    lines.append(pre2 + "Setting affinity for GPU %d to %s" % (lr, "ffffffff,00000000" if lr < 4 else "00000000,ffffffff"))
    lines.append(pre2 + "NVLS multicast support is available on dev %d" % lr)
    lines.append(pre2 + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
                 % (rng.getrandbits(44), rank, nranks, max(1, nranks // 8), lr))
    lines.append(pre2 + "Channel 00/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (rank, lr, (rank + 1) % nranks, (lr + 1) % 8))
    lines.append(pre2 + "Connected all rings")
    lines.append(pre2 + "Connected all trees")
    lines.append(pre2 + "threadThresholds 8/8/64 | 256/8/64 | 512 | 512")
    lines.append(pre2 + "24 coll channels, 24 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer")
    lines.append(pre2 + "comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId 0x%x - Init COMPLETE"
                 % (rng.getrandbits(44), rank, nranks, lr, lr, bus.lower(), rng.getrandbits(60)))
    return lines


# ---------------------------------------------------------------------------
# ProcessGroupNCCL watchdog output
# ---------------------------------------------------------------------------

def watchdog_lines(rank, t, seq, optype, numel_in, numel_out, timeout_ms, last_enq, last_done,
                   rng, pg_id=0, pg_desc="default_pg", ran_ms=None, prefix=True, with_trace=True,
                   line_no=(632, 1785, 1834, 630, 636, 1595)):
    ran_ms = ran_ms or timeout_ms + rng.randint(3, 95)
    pfx = "[rank%d]:" % rank if prefix else ""
    pgtag = "[PG ID %d PG GUID %d(%s) Rank %d]" % (pg_id, pg_id, pg_desc, rank)
    work = "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, optype, numel_in, numel_out, timeout_ms)
    L = []
    L.append("%s[%s ProcessGroupNCCL.cpp:%d] [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
             % (pfx, ts_glog_new(t, "E", rng), line_no[0], rank, work, ran_ms))
    L.append("%s[%s ProcessGroupNCCL.cpp:%d] %s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
             % (pfx, ts_glog_new(t, "E", rng), line_no[1], pgtag, seq, last_enq, last_done))
    L.append("%s[%s ProcessGroupNCCL.cpp:%d] %s Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
             % (pfx, ts_glog_new(t, "E", rng), line_no[2], pgtag, seq, last_enq, last_done))
    L.append("%s[%s ProcessGroupNCCL.cpp:%d] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
             % (pfx, ts_glog_new(t, "E", rng), line_no[3], rank))
    L.append("%s[%s ProcessGroupNCCL.cpp:%d] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
             % (pfx, ts_glog_new(t, "E", rng), line_no[4], rank))
    if with_trace:
        L.append("%s[%s ProcessGroupNCCL.cpp:%d] %s Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
                 % (pfx, ts_glog_new(t, "E", rng), line_no[5], pgtag, rank, work, ran_ms))
        L.append("%sException raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d (most recent call first):" % (pfx, line_no[0] + 3))
        L.append("%sframe #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x99 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)" % (pfx, rng.getrandbits(40)))
        L.append("%sframe #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1e2 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pfx, rng.getrandbits(40)))
        L.append("%sframe #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pfx, rng.getrandbits(40)))
        L.append("%sframe #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f%010x in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)" % (pfx, rng.getrandbits(40)))
        L.append("%sframe #4: <unknown function> + 0xdc253 (0x7f%010x in /lib/x86_64-linux-gnu/libstdc++.so.6)" % (pfx, rng.getrandbits(40)))
        L.append("%sframe #5: <unknown function> + 0x94ac3 (0x7f%010x in /lib/x86_64-linux-gnu/libc.so.6)" % (pfx, rng.getrandbits(40)))
        L.append("%sframe #6: clone + 0x44 (0x7f%010x in /lib/x86_64-linux-gnu/libc.so.6)" % (pfx, rng.getrandbits(40)))
        L.append("")
        L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        L.append("  what():  [PG ID %d PG GUID %d(%s) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out."
                 % (pg_id, pg_id, pg_desc, rank, rank, work, ran_ms))
    return L


def torchrun_failure(host, t, rank, lr, pid, exitcode, script, rng, others=None, sig_desc=None,
                     style="new"):
    """torchrun / elastic agent failure summary."""
    if style == "new":
        h = "%s %d torch/distributed/elastic/multiprocessing/api.py" % (ts_glog_old(t, "E").replace(
            "%06d" % t.microsecond, "%06d" % (t.microsecond // 1000 * 1000)), rng.randint(100000, 999999))
    L = []
    L.append("%s:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (h, exitcode, lr, pid))
    L.append("Traceback (most recent call last):")
    L.append('  File "/usr/local/bin/torchrun", line 8, in <module>')
    L.append("    sys.exit(main())")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper')
    L.append("    return f(*args, **kwargs)")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main')
    L.append("    run(args)")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run')
    L.append("    elastic_launch(")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__')
    L.append("    return launch_agent(self._config, self._entrypoint, list(args))")
    L.append('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent')
    L.append("    raise ChildFailedError(")
    L.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    L.append("============================================================")
    L.append("%s FAILED" % script)
    L.append("------------------------------------------------------------")
    L.append("Failures:")
    if others:
        for i, (orank, olr, opid, oexit, osig) in enumerate(others, 1):
            L.append("[%d]:" % i)
            L.append("  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"))
            L.append("  host      : %s" % host)
            L.append("  rank      : %d (local_rank: %d)" % (orank, olr))
            L.append("  exitcode  : %d (pid: %d)" % (oexit, opid))
            L.append("  error_file: <N/A>")
            L.append("  traceback : %s" % osig)
    else:
        L.append("  <NO_OTHER_FAILURES>")
    L.append("------------------------------------------------------------")
    L.append("Root Cause (first observed failure):")
    L.append("[0]:")
    L.append("  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"))
    L.append("  host      : %s" % host)
    L.append("  rank      : %d (local_rank: %d)" % (rank, lr))
    L.append("  exitcode  : %d (pid: %d)" % (exitcode, pid))
    L.append("  error_file: <N/A>")
    L.append("  traceback : %s" % (sig_desc or "Signal 6 (SIGABRT) received by PID %d" % pid))
    L.append("============================================================")
    return L


# ---------------------------------------------------------------------------
# kernel / host noise
# ---------------------------------------------------------------------------

def boot_dmesg(rng, host, ngpu=8, driver="535.161.08", start_uptime=None, bus_ids=BUS_IDS_H100):
    """Return list of (uptime_seconds, message) for a plausible boot tail."""
    u = start_uptime or 5.0
    ev = []

    def add(msg, dt_=None):
        nonlocal u
        u += dt_ if dt_ is not None else rng.uniform(0.001, 0.09)
        ev.append((u, msg))

    add("nvidia: loading out-of-tree module taints kernel.")
    add("nvidia: module license 'NVIDIA' taints kernel.")
    add("nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
    for i in range(ngpu):
        add("nvidia %s: enabling device (0000 -> 0002)" % ("0000:%s:00.0" % bus_ids[i].lower()))
    add("NVRM: loading NVIDIA UNIX x86_64 Kernel Module  %s  Tue Feb 27 21:37:24 UTC 2024" % driver)
    add("nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Tue Feb 27 20:54:32 UTC 2024" % driver)
    add("[drm] [nvidia-drm] [GPU ID 0x00001800] Loading driver")
    add("nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint.")
    add("nvidia-uvm: Loaded the UVM driver, major device number 506.")
    add("mlx5_core 0000:1a:00.0: firmware version: 28.39.1002")
    add("mlx5_core 0000:1a:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)")
    add("mlx5_core 0000:1a:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps")
    add("mlx5_core 0000:1a:00.0: E-Switch: Total vports 18, per vport: max uc(128) max mc(2048)")
    add("mlx5_ib: Mellanox Connect-IB Infiniband driver v5.8-3.0.7")
    add("ib_srpt: Loading InfiniBand SCSI RDMA Protocol target driver")
    add("nvidia-peermem: Loaded")
    add("IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready")
    add("Lustre: Lustre: Build Version: 2.15.4_ddn12")
    add("LNet: Added LNI 10.40.%d.%d@o2ib [8/256/0/180]" % (rng.randint(1, 9), rng.randint(10, 250)))
    return ev


def fmt_uptime(u):
    return "[%12.6f]" % u


def rand_pid(rng):
    return rng.randint(20000, 980000)
