"""Generators for node-level hardware tool output, in the formats the real
tools print: nvidia-smi -q (Hopper/Ampere/Volta driver styles),
nvidia-smi nvlink -e / -s, dcgmi diag (text and -j JSON), dcgmi health -c,
dcgm-exporter Prometheus text, ipmitool sel elist, mcelog, ras-mc-ctl,
edac-util, lspci -vvv, ibstat, perfquery, nv-fabricmanager log, sensors.
"""

import json
import zlib

# --------------------------------------------------------------------------- nvidia-smi -q

H100_BDF = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
A100_BDF = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]
V100_BDF = ["06", "07", "0A", "0B", "85", "86", "89", "8A"]

PRODUCTS = {
    "h100": dict(name="NVIDIA H100 80GB HBM3", brand="NVIDIA", arch="Hopper", devid="0x233010DE",
                 subsys="0x16C110DE", vbios="96.00.89.00.01", board_pn="692-2G520-0200-000",
                 gpu_pn="2330-885-A1", inforom="G520.0200.00.05", ecc_obj="7.16", fb=81559, fb_res=328,
                 bar1=131072, banks=2560, pmax=700.0, pmin=200.0, gmax=1980, mmax=2619, vmax=1545,
                 pcie_max=5, idle_w=72.0),
    "h200": dict(name="NVIDIA H200", brand="NVIDIA", arch="Hopper", devid="0x233510DE",
                 subsys="0x18BE10DE", vbios="96.00.A5.00.01", board_pn="692-2G520-0280-000",
                 gpu_pn="2335-885-A1", inforom="G520.0280.00.03", ecc_obj="7.16", fb=143771, fb_res=520,
                 bar1=262144, banks=3072, pmax=700.0, pmin=200.0, gmax=1980, mmax=3201, vmax=1545,
                 pcie_max=5, idle_w=76.0),
    "a100": dict(name="NVIDIA A100-SXM4-80GB", brand="NVIDIA", arch="Ampere", devid="0x20B210DE",
                 subsys="0x147F10DE", vbios="92.00.45.00.03", board_pn="692-2G506-0210-002",
                 gpu_pn="20B2-896-A1", inforom="G506.0210.00.04", ecc_obj="6.16", fb=81920, fb_res=558,
                 bar1=131072, banks=640, pmax=400.0, pmin=100.0, gmax=1410, mmax=1593, vmax=1290,
                 pcie_max=4, idle_w=61.0),
}

CLK_REASONS_535 = ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown",
                   "HW Thermal Slowdown", "HW Power Brake Slowdown", "Sync Boost",
                   "SW Thermal Slowdown", "Display Clock Setting"]


def _kv(level, key, value=None):
    ind = "    " * level
    if value is None:
        return ind + key
    return ind + key.ljust(42 - len(ind)) + ": " + str(value)


def gpu(idx, kind="h100", host="", **kw):
    """Default healthy GPU record; override fields with keyword arguments.
    `host` salts serial numbers and UUIDs so every node has its own boards."""
    p = PRODUCTS[kind]
    bdfs = H100_BDF if kind in ("h100", "h200") else A100_BDF
    salt = zlib.crc32(("%s/%d" % (host, idx)).encode())
    d = dict(
        kind=kind, idx=idx, bdf="00000000:%s:00.0" % bdfs[idx],
        serial="1654%09d" % (salt % 1000000000),
        uuid="GPU-%08x-%04x-%04x-%04x-%04x%08x" % tuple(
            zlib.crc32(("%s/%d/%d" % (host, idx, k)).encode()) & m
            for k, m in enumerate((0xffffffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffffffff))),
        module=idx + 1,
        pcie_cur=p["pcie_max"], pcie_dev_cur=p["pcie_max"], width_cur="16x", width_max="16x", replays=0,
        reasons={}, util=0, mem_util=0, fb_used=0,
        ecc_v=(0, 0, 0, 0), ecc_a=(0, 0, 0, 0),  # sram_c, sram_u, dram_c, dram_u
        rr=(0, 0, "No", "No"), hist=None,
        temp=33, mem_temp=41, power=p["idle_w"], sm=345, mem=p["mmax"], pstate="P0",
        fabric=("Completed", "Success"), procs=[], reset_req="No", drain="No",
        gpu_name=None,
    )
    d.update(kw)
    return d


def busy(g, sm=None, temp=None, power=None, fb=None, util=None):
    """Mark a GPU record as busy (training running)."""
    p = PRODUCTS[g["kind"]]
    g["sm"] = sm if sm is not None else p["gmax"]
    g["temp"] = temp if temp is not None else 58 + (g["idx"] * 3) % 9
    g["mem_temp"] = g["temp"] + 8
    g["power"] = power if power is not None else round(p["pmax"] * 0.86 - g["idx"] * 3.1, 2)
    g["fb_used"] = fb if fb is not None else int(p["fb"] * 0.87) + g["idx"] * 13
    g["util"] = util if util is not None else 100
    g["mem_util"] = 41 + g["idx"] % 5
    return g


def nvsmi_q(ts, driver, cuda, gpus, expanded_sram=False):
    """Full `nvidia-smi -q` for Hopper/Ampere on a 535/550 driver."""
    out = ["", "==============NVSMI LOG==============", "",
           _kv(0, "Timestamp", ts), _kv(0, "Driver Version", driver), _kv(0, "CUDA Version", cuda), "",
           _kv(0, "Attached GPUs", len(gpus))]
    for g in gpus:
        p = PRODUCTS[g["kind"]]
        out.append("GPU " + g["bdf"])
        L = out.append
        L(_kv(1, "Product Name", g["gpu_name"] or p["name"]))
        L(_kv(1, "Product Brand", p["brand"]))
        L(_kv(1, "Product Architecture", p["arch"]))
        L(_kv(1, "Display Mode", "Disabled"))
        L(_kv(1, "Display Active", "Disabled"))
        L(_kv(1, "Persistence Mode", "Enabled"))
        L(_kv(1, "Addressing Mode", "None"))
        L(_kv(1, "MIG Mode")); L(_kv(2, "Current", "Disabled")); L(_kv(2, "Pending", "Disabled"))
        L(_kv(1, "Accounting Mode", "Disabled"))
        L(_kv(1, "Accounting Mode Buffer Size", 4000))
        L(_kv(1, "Driver Model")); L(_kv(2, "Current", "N/A")); L(_kv(2, "Pending", "N/A"))
        L(_kv(1, "Serial Number", g["serial"]))
        L(_kv(1, "GPU UUID", g["uuid"]))
        L(_kv(1, "Minor Number", g["idx"]))
        L(_kv(1, "VBIOS Version", p["vbios"]))
        L(_kv(1, "MultiGPU Board", "No"))
        L(_kv(1, "Board ID", "0x%s00" % g["bdf"][9:11].lower()))
        L(_kv(1, "Board Part Number", p["board_pn"]))
        L(_kv(1, "GPU Part Number", p["gpu_pn"]))
        L(_kv(1, "FRU Part Number", "N/A"))
        L(_kv(1, "Module ID", g["module"]))
        L(_kv(1, "Inforom Version"))
        L(_kv(2, "Image Version", p["inforom"])); L(_kv(2, "OEM Object", "2.1"))
        L(_kv(2, "ECC Object", p["ecc_obj"])); L(_kv(2, "Power Management Object", "N/A"))
        L(_kv(1, "Inforom BBX Object Flush"))
        L(_kv(2, "Latest Timestamp", "N/A")); L(_kv(2, "Latest Duration", "N/A"))
        L(_kv(1, "GPU Operation Mode")); L(_kv(2, "Current", "N/A")); L(_kv(2, "Pending", "N/A"))
        L(_kv(1, "GSP Firmware Version", driver))
        L(_kv(1, "GPU Virtualization Mode"))
        L(_kv(2, "Virtualization Mode", "None")); L(_kv(2, "Host VGPU Mode", "N/A"))
        L(_kv(1, "GPU Reset Status"))
        L(_kv(2, "Reset Required", g["reset_req"])); L(_kv(2, "Drain and Reset Recommended", g["drain"]))
        L(_kv(1, "IBMNPU")); L(_kv(2, "Relaxed Ordering Mode", "N/A"))
        L(_kv(1, "PCI"))
        bus = g["bdf"][9:11]
        L(_kv(2, "Bus", "0x" + bus)); L(_kv(2, "Device", "0x00")); L(_kv(2, "Domain", "0x0000"))
        L(_kv(2, "Device Id", p["devid"])); L(_kv(2, "Bus Id", g["bdf"])); L(_kv(2, "Sub System Id", p["subsys"]))
        L(_kv(2, "GPU Link Info"))
        L(_kv(3, "PCIe Generation"))
        L(_kv(4, "Max", p["pcie_max"])); L(_kv(4, "Current", g["pcie_cur"]))
        L(_kv(4, "Device Current", g["pcie_dev_cur"])); L(_kv(4, "Device Max", p["pcie_max"]))
        L(_kv(4, "Host Max", p["pcie_max"]))
        L(_kv(3, "Link Width")); L(_kv(4, "Max", g["width_max"])); L(_kv(4, "Current", g["width_cur"]))
        L(_kv(2, "Bridge Chip")); L(_kv(3, "Type", "N/A")); L(_kv(3, "Firmware", "N/A"))
        L(_kv(2, "Replays Since Reset", g["replays"]))
        L(_kv(2, "Replay Number Rollovers", 0))
        tx = 2593 if not g["util"] else 48211 + g["idx"] * 977
        L(_kv(2, "Tx Throughput", "%d KB/s" % (tx // 5)))
        L(_kv(2, "Rx Throughput", "%d KB/s" % tx))
        L(_kv(2, "Atomic Caps Inbound", "N/A"))
        L(_kv(2, "Atomic Caps Outbound", "FETCHADD_32 FETCHADD_64 SWAP_32 SWAP_64 CAS_32 CAS_64 "))
        L(_kv(1, "Fan Speed", "N/A"))
        L(_kv(1, "Performance State", g["pstate"]))
        L(_kv(1, "Clocks Event Reasons"))
        rs = dict(g["reasons"])
        if not g["util"] and "Idle" not in rs:
            rs["Idle"] = "Active"
        for r in CLK_REASONS_535:
            lvl = 3 if r in ("HW Thermal Slowdown", "HW Power Brake Slowdown") else 2
            L(_kv(lvl, r, rs.get(r, "Not Active")))
        L(_kv(1, "FB Memory Usage"))
        L(_kv(2, "Total", "%d MiB" % p["fb"])); L(_kv(2, "Reserved", "%d MiB" % p["fb_res"]))
        used = g["fb_used"] if g["fb_used"] else 2
        L(_kv(2, "Used", "%d MiB" % used)); L(_kv(2, "Free", "%d MiB" % (p["fb"] - p["fb_res"] - used)))
        L(_kv(1, "BAR1 Memory Usage"))
        L(_kv(2, "Total", "%d MiB" % p["bar1"])); L(_kv(2, "Used", "%d MiB" % (1 if not g["util"] else 40)))
        L(_kv(2, "Free", "%d MiB" % (p["bar1"] - (1 if not g["util"] else 40))))
        L(_kv(1, "Conf Compute Protected Memory Usage"))
        L(_kv(2, "Total", "0 MiB")); L(_kv(2, "Used", "0 MiB")); L(_kv(2, "Free", "0 MiB"))
        L(_kv(1, "Compute Mode", "Default"))
        L(_kv(1, "Utilization"))
        L(_kv(2, "Gpu", "%d %%" % g["util"])); L(_kv(2, "Memory", "%d %%" % g["mem_util"]))
        for e in ("Encoder", "Decoder", "JPEG", "OFA"):
            L(_kv(2, e, "0 %"))
        for s in ("Encoder Stats", "FBC Stats"):
            L(_kv(1, s)); L(_kv(2, "Active Sessions", 0)); L(_kv(2, "Average FPS", 0)); L(_kv(2, "Average Latency", 0))
        L(_kv(1, "ECC Mode")); L(_kv(2, "Current", "Enabled")); L(_kv(2, "Pending", "Enabled"))
        L(_kv(1, "ECC Errors"))
        for nm, vals in (("Volatile", g["ecc_v"]), ("Aggregate", g["ecc_a"])):
            L(_kv(2, nm))
            L(_kv(3, "SRAM Correctable", vals[0]))
            if expanded_sram:
                L(_kv(3, "SRAM Uncorrectable Parity", 0))
                L(_kv(3, "SRAM Uncorrectable SEC-DED", vals[1]))
            else:
                L(_kv(3, "SRAM Uncorrectable", vals[1]))
            L(_kv(3, "DRAM Correctable", vals[2]))
            L(_kv(3, "DRAM Uncorrectable", vals[3]))
            if expanded_sram and nm == "Aggregate":
                L(_kv(3, "SRAM Threshold Exceeded", "No"))
        if expanded_sram:
            L(_kv(2, "Aggregate Uncorrectable SRAM Sources"))
            for s in ("SRAM L2", "SRAM SM", "SRAM Microcontroller", "SRAM PCIE", "SRAM Other"):
                L(_kv(3, s, 0))
        L(_kv(1, "Retired Pages"))
        L(_kv(2, "Single Bit ECC", "N/A")); L(_kv(2, "Double Bit ECC", "N/A")); L(_kv(2, "Pending Page Blacklist", "N/A"))
        L(_kv(1, "Remapped Rows"))
        rc, ru, pend, fail = g["rr"]
        L(_kv(2, "Correctable Error", rc)); L(_kv(2, "Uncorrectable Error", ru))
        L(_kv(2, "Pending", pend)); L(_kv(2, "Remapping Failure Occurred", fail))
        L(_kv(2, "Bank Remap Availability Histogram"))
        hist = g["hist"] or (p["banks"], 0, 0, 0, 0)
        for nm, v in zip(("Max", "High", "Partial", "Low", "None"), hist):
            L(_kv(3, nm, "%d bank(s)" % v))
        L(_kv(1, "Temperature"))
        L(_kv(2, "GPU Current Temp", "%d C" % g["temp"]))
        L(_kv(2, "GPU T.Limit Temp", "%d C" % max(1, 87 - g["temp"])))
        L(_kv(2, "GPU Shutdown T.Limit Temp", "-8 C"))
        L(_kv(2, "GPU Slowdown T.Limit Temp", "-2 C"))
        L(_kv(2, "GPU Max Operating T.Limit Temp", "0 C"))
        L(_kv(2, "GPU Target Temperature", "N/A"))
        L(_kv(2, "Memory Current Temp", "%d C" % g["mem_temp"]))
        L(_kv(2, "Memory Max Operating T.Limit Temp", "0 C"))
        L(_kv(1, "GPU Power Readings"))
        L(_kv(2, "Power Draw", "%.2f W" % g["power"]))
        for k in ("Current Power Limit", "Requested Power Limit", "Default Power Limit"):
            L(_kv(2, k, "%.2f W" % p["pmax"]))
        L(_kv(2, "Min Power Limit", "%.2f W" % p["pmin"])); L(_kv(2, "Max Power Limit", "%.2f W" % p["pmax"]))
        L(_kv(1, "GPU Memory Power Readings "))
        L(_kv(2, "Power Draw", "%.2f W" % (g["power"] * 0.21 + 32)))
        L(_kv(1, "Module Power Readings"))
        for k in ("Power Draw", "Current Power Limit", "Requested Power Limit", "Default Power Limit", "Min Power Limit", "Max Power Limit"):
            L(_kv(2, k, "N/A"))
        L(_kv(1, "Clocks"))
        L(_kv(2, "Graphics", "%d MHz" % g["sm"])); L(_kv(2, "SM", "%d MHz" % g["sm"]))
        L(_kv(2, "Memory", "%d MHz" % g["mem"])); L(_kv(2, "Video", "%d MHz" % (765 if g["sm"] < 1000 else p["vmax"])))
        L(_kv(1, "Applications Clocks")); L(_kv(2, "Graphics", "%d MHz" % p["gmax"])); L(_kv(2, "Memory", "%d MHz" % p["mmax"]))
        L(_kv(1, "Default Applications Clocks")); L(_kv(2, "Graphics", "%d MHz" % p["gmax"])); L(_kv(2, "Memory", "%d MHz" % p["mmax"]))
        L(_kv(1, "Deferred Clocks")); L(_kv(2, "Memory", "N/A"))
        L(_kv(1, "Max Clocks"))
        L(_kv(2, "Graphics", "%d MHz" % p["gmax"])); L(_kv(2, "SM", "%d MHz" % p["gmax"]))
        L(_kv(2, "Memory", "%d MHz" % p["mmax"])); L(_kv(2, "Video", "%d MHz" % p["vmax"]))
        L(_kv(1, "Max Customer Boost Clocks")); L(_kv(2, "Graphics", "%d MHz" % p["gmax"]))
        L(_kv(1, "Clock Policy")); L(_kv(2, "Auto Boost", "N/A")); L(_kv(2, "Auto Boost Default", "N/A"))
        L(_kv(1, "Voltage")); L(_kv(2, "Graphics", "%.3f mV" % (670.0 if g["sm"] < 1000 else 1000.0 - g["idx"] * 6.25)))
        L(_kv(1, "Fabric")); L(_kv(2, "State", g["fabric"][0])); L(_kv(2, "Status", g["fabric"][1]))
        if not g["procs"]:
            L(_kv(1, "Processes", "None"))
        else:
            L(_kv(1, "Processes"))
            for pid, name, mib in g["procs"]:
                L(_kv(2, "GPU instance ID", "N/A")); L(_kv(2, "Compute instance ID", "N/A"))
                L(_kv(2, "Process ID", pid)); L(_kv(3, "Type", "C")); L(_kv(3, "Name", name))
                L(_kv(3, "Used GPU Memory", "%d MiB" % mib))
        out.append("")
    return out


def nvsmi_q_volta(ts, driver, cuda, gpus):
    """`nvidia-smi -q` on a V100 with an R470 driver (Clocks Throttle Reasons, per-structure ECC)."""
    out = ["", "==============NVSMI LOG==============", "",
           _kv(0, "Timestamp", ts), _kv(0, "Driver Version", driver), _kv(0, "CUDA Version", cuda), "",
           _kv(0, "Attached GPUs", len(gpus))]
    for g in gpus:
        L = out.append
        out.append("GPU 00000000:%s:00.0" % V100_BDF[g["idx"]])
        L(_kv(1, "Product Name", "Tesla V100-SXM2-32GB"))
        L(_kv(1, "Product Brand", "Tesla"))
        L(_kv(1, "Display Mode", "Enabled")); L(_kv(1, "Display Active", "Disabled"))
        L(_kv(1, "Persistence Mode", "Enabled"))
        L(_kv(1, "MIG Mode")); L(_kv(2, "Current", "N/A")); L(_kv(2, "Pending", "N/A"))
        L(_kv(1, "Accounting Mode", "Disabled")); L(_kv(1, "Accounting Mode Buffer Size", 4000))
        L(_kv(1, "Driver Model")); L(_kv(2, "Current", "N/A")); L(_kv(2, "Pending", "N/A"))
        L(_kv(1, "Serial Number", "03231181%05d" % (4410 + g["idx"] * 3)))
        L(_kv(1, "GPU UUID", "GPU-5261e3df-82f6-67b4-9953-4e63527e%04x" % (0x0e9d + g["idx"])))
        L(_kv(1, "Minor Number", g["idx"]))
        L(_kv(1, "VBIOS Version", "88.00.80.00.04"))
        L(_kv(1, "MultiGPU Board", "No")); L(_kv(1, "Board ID", "0x%s00" % V100_BDF[g["idx"]].lower()))
        L(_kv(1, "GPU Part Number", "900-2G503-0310-000"))
        L(_kv(1, "Module ID", "N/A"))
        L(_kv(1, "Inforom Version"))
        L(_kv(2, "Image Version", "G503.0203.00.05")); L(_kv(2, "OEM Object", "1.1"))
        L(_kv(2, "ECC Object", "5.0")); L(_kv(2, "Power Management Object", "N/A"))
        L(_kv(1, "GPU Operation Mode")); L(_kv(2, "Current", "N/A")); L(_kv(2, "Pending", "N/A"))
        L(_kv(1, "GSP Firmware Version", "N/A"))
        L(_kv(1, "GPU Virtualization Mode")); L(_kv(2, "Virtualization Mode", "None")); L(_kv(2, "Host VGPU Mode", "N/A"))
        L(_kv(1, "IBMNPU")); L(_kv(2, "Relaxed Ordering Mode", "N/A"))
        L(_kv(1, "PCI"))
        L(_kv(2, "Bus", "0x" + V100_BDF[g["idx"]])); L(_kv(2, "Device", "0x00")); L(_kv(2, "Domain", "0x0000"))
        L(_kv(2, "Device Id", "0x1DB510DE")); L(_kv(2, "Bus Id", "00000000:%s:00.0" % V100_BDF[g["idx"]]))
        L(_kv(2, "Sub System Id", "0x124910DE"))
        L(_kv(2, "GPU Link Info")); L(_kv(3, "PCIe Generation")); L(_kv(4, "Max", 3)); L(_kv(4, "Current", 3))
        L(_kv(3, "Link Width")); L(_kv(4, "Max", "16x")); L(_kv(4, "Current", "16x"))
        L(_kv(2, "Bridge Chip")); L(_kv(3, "Type", "N/A")); L(_kv(3, "Firmware", "N/A"))
        L(_kv(2, "Replays Since Reset", 0)); L(_kv(2, "Replay Number Rollovers", 0))
        L(_kv(2, "Tx Throughput", "0 KB/s")); L(_kv(2, "Rx Throughput", "0 KB/s"))
        L(_kv(1, "Fan Speed", "N/A")); L(_kv(1, "Performance State", "P0"))
        L(_kv(1, "Clocks Throttle Reasons"))
        for r in ("Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown", "HW Thermal Slowdown",
                  "HW Power Brake Slowdown", "Sync Boost", "SW Thermal Slowdown", "Display Clock Setting"):
            L(_kv(2, r, "Active" if r == "Idle" else "Not Active"))
        L(_kv(1, "FB Memory Usage")); L(_kv(2, "Total", "32510 MiB")); L(_kv(2, "Used", "0 MiB")); L(_kv(2, "Free", "32510 MiB"))
        L(_kv(1, "BAR1 Memory Usage")); L(_kv(2, "Total", "32768 MiB")); L(_kv(2, "Used", "2 MiB")); L(_kv(2, "Free", "32766 MiB"))
        L(_kv(1, "Compute Mode", "Default"))
        L(_kv(1, "Utilization")); L(_kv(2, "Gpu", "0 %")); L(_kv(2, "Memory", "0 %")); L(_kv(2, "Encoder", "0 %")); L(_kv(2, "Decoder", "0 %"))
        L(_kv(1, "Encoder Stats")); L(_kv(2, "Active Sessions", 0)); L(_kv(2, "Average FPS", 0)); L(_kv(2, "Average Latency", 0))
        L(_kv(1, "FBC Stats")); L(_kv(2, "Active Sessions", 0)); L(_kv(2, "Average FPS", 0)); L(_kv(2, "Average Latency", 0))
        L(_kv(1, "Ecc Mode")); L(_kv(2, "Current", "Enabled")); L(_kv(2, "Pending", "Enabled"))
        L(_kv(1, "ECC Errors"))
        for nm, sb, db in (("Volatile", g.get("sbe_v", 0), g.get("dbe_v", 0)), ("Aggregate", g.get("sbe_a", 0), g.get("dbe_a", 0))):
            L(_kv(2, nm))
            for bit, dev in (("Single Bit", sb), ("Double Bit", db)):
                L("    " * 3 + bit + " " * 12)
                L(_kv(4, "Device Memory", dev)); L(_kv(4, "Register File", 0)); L(_kv(4, "L1 Cache", 0))
                L(_kv(4, "L2 Cache", 0)); L(_kv(4, "Texture Memory", "N/A")); L(_kv(4, "Texture Shared", "N/A"))
                L(_kv(4, "CBU", 0)); L(_kv(4, "Total", dev))
        L(_kv(1, "Retired Pages"))
        L(_kv(2, "Single Bit ECC", g.get("ret_sbe", 0))); L(_kv(2, "Double Bit ECC", g.get("ret_dbe", 0)))
        L(_kv(2, "Pending Page Blacklist", g.get("ret_pending", "No")))
        L(_kv(1, "Remapped Rows", "N/A"))
        L(_kv(1, "Temperature")); L(_kv(2, "GPU Current Temp", "%d C" % (34 + g["idx"] % 3)))
        L(_kv(2, "GPU Shutdown Temp", "90 C")); L(_kv(2, "GPU Slowdown Temp", "87 C"))
        L(_kv(2, "GPU Max Operating Temp", "83 C")); L(_kv(2, "GPU Target Temperature", "N/A"))
        L(_kv(2, "Memory Current Temp", "%d C" % (32 + g["idx"] % 4))); L(_kv(2, "Memory Max Operating Temp", "85 C"))
        L(_kv(1, "Power Readings")); L(_kv(2, "Power Management", "Supported"))
        L(_kv(2, "Power Draw", "%.2f W" % (43.1 + g["idx"] * 0.7))); L(_kv(2, "Power Limit", "300.00 W"))
        L(_kv(2, "Default Power Limit", "300.00 W")); L(_kv(2, "Enforced Power Limit", "300.00 W"))
        L(_kv(2, "Min Power Limit", "150.00 W")); L(_kv(2, "Max Power Limit", "300.00 W"))
        L(_kv(1, "Clocks")); L(_kv(2, "Graphics", "135 MHz")); L(_kv(2, "SM", "135 MHz")); L(_kv(2, "Memory", "877 MHz")); L(_kv(2, "Video", "555 MHz"))
        L(_kv(1, "Applications Clocks")); L(_kv(2, "Graphics", "1290 MHz")); L(_kv(2, "Memory", "877 MHz"))
        L(_kv(1, "Default Applications Clocks")); L(_kv(2, "Graphics", "1290 MHz")); L(_kv(2, "Memory", "877 MHz"))
        L(_kv(1, "Max Clocks")); L(_kv(2, "Graphics", "1530 MHz")); L(_kv(2, "SM", "1530 MHz")); L(_kv(2, "Memory", "877 MHz")); L(_kv(2, "Video", "1372 MHz"))
        L(_kv(1, "Max Customer Boost Clocks")); L(_kv(2, "Graphics", "1530 MHz"))
        L(_kv(1, "Clock Policy")); L(_kv(2, "Auto Boost", "N/A")); L(_kv(2, "Auto Boost Default", "N/A"))
        L(_kv(1, "Processes", "None"))
        out.append("")
    return out


# --------------------------------------------------------------------------- nvlink

def nvlink_errors(gpus, name="NVIDIA H100 80GB HBM3", links=18, errs=None):
    """nvidia-smi nvlink -e. errs: {(gpu, link): (replay, recovery, crc)}"""
    errs = errs or {}
    out = []
    for g in gpus:
        out.append("GPU %d: %s (UUID: %s)" % (g["idx"], name, g["uuid"]))
        for l in range(links):
            rep, rec, crc = errs.get((g["idx"], l), (0, 0, 0))
            out.append("\t Link %d: Replay Errors: %d" % (l, rep))
            out.append("\t Link %d: Recovery Errors: %d" % (l, rec))
            out.append("\t Link %d: CRC Errors: %d" % (l, crc))
    return out


def nvlink_status(gpus, name="NVIDIA H100 80GB HBM3", links=18, down=None, speed="26.562 GB/s"):
    down = down or set()
    out = []
    for g in gpus:
        out.append("GPU %d: %s (UUID: %s)" % (g["idx"], name, g["uuid"]))
        for l in range(links):
            out.append("\t Link %d: %s" % (l, "<inactive>" if (g["idx"], l) in down else speed))
    return out


# --------------------------------------------------------------------------- dcgmi diag (text)

def _wrap46(s, width=46):
    return [s[i:i + width] for i in range(0, len(s), width)] or [""]


def _row(left, right):
    return "| %-25s | %-46s |" % (left, right)


def _sect(name, first_bar="|", last="|"):
    head = ("-----  %s  " % name)
    head = head + "-" * (27 - len(head))
    return first_bar + head + "+" + "-" * 48 + last


def dcgmi_diag_text(version, driver, devids, deployment, integration, hardware, stress, level=3):
    """Each of deployment/integration/hardware/stress is a list of (name, result, [(kind, msg), ...]).
    result is e.g. "Pass", "Pass - All", ("Pass - GPUs: 0, 1", "Fail - GPU: 2")."""
    out = ["Successfully ran diagnostic for group.",
           "+---------------------------+------------------------------------------------+",
           _row("Diagnostic", "Result"),
           "+===========================+================================================+",
           _sect("Metadata"),
           _row("DCGM Version", version),
           _row("Driver Version Detected", driver),
           _row("GPU Device IDs Detected", ",".join(devids)),
           _sect("Deployment")]

    def emit(rows):
        for name, res, notes in rows:
            res_lines = list(res) if isinstance(res, tuple) else [res]
            out.append(_row(name, res_lines[0]))
            for r in res_lines[1:]:
                out.append(_row("", r))
            for kind, msg in notes:
                chunks = _wrap46(msg)
                out.append(_row(kind, chunks[0]))
                for c in chunks[1:]:
                    out.append(_row("", c))
    emit(deployment)
    if integration:
        out.append(_sect("Integration", "+", "+"))
        emit(integration)
    if hardware:
        out.append(_sect("Hardware", "+", "+"))
        emit(hardware)
    if stress:
        out.append(_sect("Stress", "+", "+"))
        emit(stress)
    out.append("+---------------------------+------------------------------------------------+")
    return out


DEPLOY_TESTS = ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
                "Graphics Processes", "Inforom"]


def deploy_rows(overrides=None):
    overrides = overrides or {}
    return [(t, *overrides.get(t, ("Pass", []))) for t in DEPLOY_TESTS]


def jsoncpp(obj, ind=0):
    """Serialise like JsonCpp's StyledWriter (tabs, ' : ', containers on their own line)."""
    t = "\t"

    def simple(v):
        return not isinstance(v, (dict, list)) or (isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v) and len(v) <= 10)

    def scal(v):
        if isinstance(v, list):
            return "[ " + ", ".join(json.dumps(x) for x in v) + " ]" if v else "[]"
        return json.dumps(v)

    if isinstance(obj, dict):
        parts = []
        for k, v in obj.items():
            if simple(v):
                parts.append(t * (ind + 1) + json.dumps(k) + " : " + scal(v))
            else:
                parts.append(t * (ind + 1) + json.dumps(k) + " : \n" + t * (ind + 1) + jsoncpp(v, ind + 1))
        return "{\n" + ",\n".join(parts) + "\n" + t * ind + "}"
    if isinstance(obj, list):
        parts = []
        for v in obj:
            parts.append(t * (ind + 1) + (scal(v) if simple(v) else jsoncpp(v, ind + 1)))
        return "[\n" + ",\n".join(parts) + "\n" + t * ind + "]"
    return scal(obj)


def dcgmi_diag_json(version, driver, devids, categories):
    """categories: list of (category, [(test_name, [result_dict, ...]), ...])"""
    cats = []
    for cat, tests in categories:
        cats.append({"category": cat, "tests": [{"name": n, "results": r} for n, r in tests]})
    obj = {"DCGM GPU Diagnostic": {"test_categories": cats, "version": version},
           "Driver Version Detected": driver,
           "GPU Device IDs": devids}
    return jsoncpp(obj) + "\n"


# --------------------------------------------------------------------------- dcgmi health

def dcgmi_health(overall, per_gpu):
    """per_gpu: list of (gpu_id, status, [message, ...])"""
    W = 56
    bar = "+---------------------------+----------------------------------------------------------+"
    out = [bar,
           "| Health Monitor Report                                                                |",
           "+===========================+==========================================================+",
           "| %-25s | %-56s |" % ("Overall Health", overall)]
    for gid, st, msgs in per_gpu:
        out.append("| %-25s | %-56s |" % ("GPU ID: %d" % gid, st))
        for m in msgs:
            words = m.split(" ")
            line = ""
            for w in words:
                if len(line) + len(w) + (1 if line else 0) > W:
                    out.append("| %-25s | %-56s |" % ("", line))
                    line = w
                else:
                    line = (line + " " + w) if line else w
            if line:
                out.append("| %-25s | %-56s |" % ("", line))
    out.append(bar)
    return out


# --------------------------------------------------------------------------- dcgm-exporter

EXPORTER_HELP = [
    ("DCGM_FI_DEV_SM_CLOCK", "gauge", "SM clock frequency (in MHz)."),
    ("DCGM_FI_DEV_MEM_CLOCK", "gauge", "Memory clock frequency (in MHz)."),
    ("DCGM_FI_DEV_MEMORY_TEMP", "gauge", "Memory temperature (in C)."),
    ("DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C)."),
    ("DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W)."),
    ("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter", "Total energy consumption since boot (in mJ)."),
    ("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "counter", "Total number of PCIe retries."),
    ("DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %)."),
    ("DCGM_FI_DEV_MEM_COPY_UTIL", "gauge", "Memory utilization (in %)."),
    ("DCGM_FI_DEV_ENC_UTIL", "gauge", "Encoder utilization (in %)."),
    ("DCGM_FI_DEV_DEC_UTIL", "gauge", "Decoder utilization (in %)."),
    ("DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered."),
    ("DCGM_FI_DEV_FB_FREE", "gauge", "Framebuffer memory free (in MiB)."),
    ("DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB)."),
    ("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "counter", "Total number of NVLink bandwidth counters for all lanes"),
    ("DCGM_FI_DEV_VGPU_LICENSE_STATUS", "gauge", "vGPU License status"),
    ("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "counter", "Number of remapped rows for uncorrectable errors"),
    ("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "counter", "Number of remapped rows for correctable errors"),
    ("DCGM_FI_DEV_ROW_REMAP_FAILURE", "gauge", "Whether remapping of rows has failed"),
    ("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "gauge", "Ratio of time the graphics engine is active."),
    ("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "gauge", "Ratio of cycles the tensor (HMMA) pipe is active."),
    ("DCGM_FI_PROF_DRAM_ACTIVE", "gauge", "Ratio of cycles the device memory interface is active sending or receiving data."),
]


def exporter_metrics(host, gpus, values, pods=None, driver="535.161.08", model="NVIDIA H100 80GB HBM3"):
    """values: metric -> callable(gpu_idx) -> number. pods: gpu_idx -> (namespace, pod, container)."""
    out = []
    for m, typ, hlp in EXPORTER_HELP:
        if m not in values:
            continue
        out.append("# HELP %s %s" % (m, hlp))
        out.append("# TYPE %s %s" % (m, typ))
        for g in gpus:
            lab = 'gpu="%d",UUID="%s",pci_bus_id="%s",device="nvidia%d",modelName="%s",Hostname="%s",DCGM_FI_DRIVER_VERSION="%s"' % (
                g["idx"], g["uuid"], g["bdf"], g["idx"], model, host, driver)
            if pods and g["idx"] in pods:
                ns, pod, ctr = pods[g["idx"]]
                lab += ',container="%s",namespace="%s",pod="%s"' % (ctr, ns, pod)
            v = values[m](g["idx"])
            out.append("%s{%s} %s" % (m, lab, v))
    return out


# --------------------------------------------------------------------------- ipmitool / mcelog / rasdaemon / edac

def sel_elist(entries, start_id=1):
    """entries: (datetime, sensor, event, state)"""
    out = []
    for i, (t, sensor, ev, st) in enumerate(entries):
        out.append("%4x | %s | %s | %s | %s | %s" % (start_id + i, t.strftime("%m/%d/%Y"), t.strftime("%H:%M:%S"), sensor, ev, st))
    return out


def mcelog_mem_uc(t, cpu, bank, addr, socket, channel, dimm, status="be00000000800091", apicid=0x40, tsc="6e1f3ac2bd41e"):
    return [
        "Hardware event. This is not a software error.",
        "MCE 0",
        "CPU %d BANK %d TSC %s " % (cpu, bank, tsc),
        "RIP !INEXACT! 33:7f61c5d3a1b0",
        "MISC 0x9001041008a0086 ADDR 0x%x " % addr,
        "TIME %d %s" % (int(t.timestamp()), t.strftime("%a %b %e %H:%M:%S %Y")),
        "MCG status:RIPV MCIP ",
        "MCi status:",
        "Uncorrected error",
        "Error enabled",
        "MCi_MISC register valid",
        "MCi_ADDR register valid",
        "SRAR",
        "MCA: MEMORY CONTROLLER RD_CHANNEL%d_ERR" % channel,
        "Transaction: Memory read error",
        "STATUS %s MCGSTATUS 7" % status,
        "MCGCAP f000c14 APICID %x SOCKETID %d " % (apicid, socket),
        "PPIN 0x2b8e48d7c1a0f3e2",
        "MICROCODE 2b000590",
        "CPUID Vendor Intel Family 6 Model 143 Step 8",
        "",
    ]


def mcelog_mem_ce(t, cpu, bank, addr, socket, channel, count, apicid=0x40):
    return [
        "Hardware event. This is not a software error.",
        "MCE 0",
        "CPU %d BANK %d TSC 2fa1b07c91e3 " % (cpu, bank),
        "MISC 0x200000c020002086 ADDR 0x%x " % addr,
        "TIME %d %s" % (int(t.timestamp()), t.strftime("%a %b %e %H:%M:%S %Y")),
        "MCi status:",
        "Corrected error",
        "Error enabled",
        "MCi_MISC register valid",
        "MCi_ADDR register valid",
        "MCA: MEMORY CONTROLLER MS_CHANNEL%d_ERR" % channel,
        "Transaction: Memory scrubbing error",
        "MemCtrl: Corrected patrol scrub error",
        "STATUS 8c000051000800c%d MCGSTATUS 0" % channel,
        "MCGCAP f000c14 APICID %x SOCKETID %d " % (apicid, socket),
        "CPUID Vendor Intel Family 6 Model 143 Step 8",
        "",
    ]


# --------------------------------------------------------------------------- lspci

def lspci_gpu(bdf, name, cap_speed, cap_width, sta_speed, sta_width, sta_speed_ok=True, sta_width_ok=True,
              uesta=None, cesta=None, driver="nvidia", rev="a1", subsystem="NVIDIA Corporation Device 16c1"):
    """Abbreviated `lspci -vvv -s <bdf>` for an endpoint with AER."""
    ue = {"DLP": "-", "SDES": "-", "TLP": "-", "FCP": "-", "CmpltTO": "-", "CmpltAbrt": "-", "UnxCmplt": "-",
          "RxOF": "-", "MalfTLP": "-", "ECRC": "-", "UnsupReq": "-", "ACSViol": "-"}
    ue.update(uesta or {})
    ce = {"RxErr": "-", "BadTLP": "-", "BadDLLP": "-", "Rollover": "-", "Timeout": "-", "AdvNonFatalErr": "-"}
    ce.update(cesta or {})
    s = "(ok)" if sta_speed_ok else "(downgraded)"
    w = "(ok)" if sta_width_ok else "(downgraded)"
    return [
        "%s 3D controller: %s (rev %s)" % (bdf, name, rev),
        "\tSubsystem: %s" % subsystem,
        "\tPhysical Slot: 5",
        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
        "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-",
        "\tLatency: 0",
        "\tInterrupt: pin A routed to IRQ 18",
        "\tNUMA node: 0",
        "\tIOMMU group: 61",
        "\tRegion 0: Memory at a8000000 (32-bit, non-prefetchable) [size=16M]",
        "\tRegion 1: Memory at 202000000000 (64-bit, prefetchable) [size=128G]",
        "\tRegion 3: Memory at 204000000000 (64-bit, prefetchable) [size=32M]",
        "\tCapabilities: [60] Power Management version 3",
        "\t\tFlags: PMEClk- DSI- D1- D2- AuxCurrent=0mA PME(D0-,D1-,D2-,D3hot-,D3cold-)",
        "\t\tStatus: D0 NoSoftRst+ PME-Enable- DSel=0 DScale=0 PME-",
        "\tCapabilities: [78] Express (v2) Endpoint, MSI 00",
        "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
        "\t\t\tExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset+ SlotPowerLimit 0.000W",
        "\t\tDevCtl:\tCorrErr- NonFatalErr+ FatalErr+ UnsupReq-",
        "\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-",
        "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes",
        "\t\tDevSta:\tCorrErr%s NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-" % ("+" if "+" in ce.values() else "-"),
        "\t\tLnkCap:\tPort #0, Speed %s, Width %s, ASPM not supported" % (cap_speed, cap_width),
        "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
        "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
        "\t\t\tExtSynch- ClockPM- AutWidDis- BWInt- AutBWInt-",
        "\t\tLnkSta:\tSpeed %s %s, Width %s %s" % (sta_speed, s, sta_width, w),
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
        "\t\tDevCap2: Completion Timeout: Range AB, TimeoutDis+ NROPrPrP- LTR-",
        "\t\tLnkCtl2: Target Link Speed: %s, EnterCompliance- SpeedDis-" % cap_speed,
        "\t\tLnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+ EqualizationPhase1+",
        "\t\t\t EqualizationPhase2+ EqualizationPhase3+ LinkEqualizationRequest-",
        "\tCapabilities: [100 v1] Virtual Channel",
        "\tCapabilities: [250 v1] Latency Tolerance Reporting",
        "\tCapabilities: [258 v1] L1 PM Substates",
        "\tCapabilities: [420 v2] Advanced Error Reporting",
        "\t\tUESta:\t" + " ".join("%s%s" % kv for kv in ue.items()),
        "\t\tUEMsk:\tDLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-",
        "\t\tUESvrt:\tDLP+ SDES+ TLP- FCP+ CmpltTO- CmpltAbrt- UnxCmplt- RxOF+ MalfTLP+ ECRC- UnsupReq- ACSViol-",
        "\t\tCESta:\t" + " ".join("%s%s" % kv for kv in ce.items()),
        "\t\tCEMsk:\tRxErr- BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr+",
        "\t\tAERCap:\tFirst Error Pointer: 00, ECRCGenCap- ECRCGenEn- ECRCChkCap- ECRCChkEn-",
        "\t\t\tMultHdrRecCap- MultHdrRecEn- TLPPfxPres- HdrLogCap-",
        "\t\tHeaderLog: 00000000 00000000 00000000 00000000",
        "\tCapabilities: [600 v1] Vendor Specific Information: ID=0001 Rev=1 Len=024 <?>",
        "\tCapabilities: [900 v1] Secondary PCI Express",
        "\tKernel driver in use: %s" % driver,
        "\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia",
        "",
    ]


# --------------------------------------------------------------------------- infiniband

def ibstat_ca(name, guid, port_state="Active", phys="LinkUp", rate=400, lid=None, fw="28.39.1002", sm_lid=1, link_layer="InfiniBand"):
    return [
        "CA '%s'" % name,
        "\tCA type: MT4129",
        "\tNumber of ports: 1",
        "\tFirmware version: %s" % fw,
        "\tHardware version: 0",
        "\tNode GUID: %s" % guid,
        "\tSystem image GUID: %s" % guid,
        "\tPort 1:",
        "\t\tState: %s" % port_state,
        "\t\tPhysical state: %s" % phys,
        "\t\tRate: %d" % rate,
        "\t\tBase lid: %d" % (lid if lid is not None else 0),
        "\t\tLMC: 0",
        "\t\tSM lid: %d" % sm_lid,
        "\t\tCapability mask: 0xa751e848",
        "\t\tPort GUID: %s" % guid,
        "\t\tLink layer: %s" % link_layer,
    ]


def perfquery(lid, port=1, sym=0, rec=0, down=0, rcv=0, rphys=0, discards=0, xdata=None, rdata=None, xwait=0, ext=True):
    fields = [
        ("PortSelect", str(port)), ("CounterSelect", "0x0000"),
        ("SymbolErrorCounter", sym), ("LinkErrorRecoveryCounter", rec), ("LinkDownedCounter", down),
        ("PortRcvErrors", rcv), ("PortRcvRemotePhysicalErrors", rphys), ("PortRcvSwitchRelayErrors", 0),
        ("PortXmitDiscards", discards), ("PortXmitConstraintErrors", 0), ("PortRcvConstraintErrors", 0),
        ("CounterSelect2", "0x00"), ("LocalLinkIntegrityErrors", 0), ("ExcessiveBufferOverrunErrors", 0),
        ("QP1Dropped", 0), ("VL15Dropped", 0),
        ("PortXmitData", xdata if xdata is not None else 4294967295),
        ("PortRcvData", rdata if rdata is not None else 4294967295),
        ("PortXmitPkts", 4294967295), ("PortRcvPkts", 4294967295), ("PortXmitWait", xwait),
    ]
    out = ["# Port counters: Lid %d port %d (CapMask: 0x5A00)" % (lid, port)]
    for k, v in fields:
        out.append((k + ":").ljust(33, ".") + str(v))
    return out


# --------------------------------------------------------------------------- sensors

def sensors_block(chip, adapter, rows):
    """rows: (label, value_str, limits_str, alarm)"""
    out = [chip, "Adapter: %s" % adapter]
    for lab, val, lim, alarm in rows:
        s = ("%s:" % lab).ljust(14) + val.rjust(12)
        if lim:
            s += "  " + lim
        if alarm:
            s += "  ALARM"
        out.append(s)
    out.append("")
    return out


def coretemp(pkg_id, temps, high=84.0, crit=94.0):
    rows = [("Package id %d" % pkg_id, "+%.1f\u00b0C" % max(temps), "(high = +%.1f\u00b0C, crit = +%.1f\u00b0C)" % (high, crit), False)]
    for i, tt in enumerate(temps):
        rows.append(("Core %d" % i, "+%.1f\u00b0C" % tt, "(high = +%.1f\u00b0C, crit = +%.1f\u00b0C)" % (high, crit), False))
    return sensors_block("coretemp-isa-%04d" % pkg_id, "ISA adapter", rows)
