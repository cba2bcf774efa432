#!/usr/bin/env python3
"""Build corpus_set70: whole-job bundles about GPU / driver / node hardware trouble.

Deterministic, stdlib only.  Writes every case under $CORPUS_OUT (default ./out),
validates every label, exits non-zero on a bad label.
"""
import datetime as _dt
import json
import os
import random
import sys

OUT = os.environ.get("CORPUS_OUT", "./out")

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "oom",
              "hang", "straggler", "numerical", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}

D = _dt.datetime
TD = _dt.timedelta


def sec(s):
    return TD(seconds=s)


# --------------------------------------------------------------------------- time formats
def f_dmesgT(t):
    return "[%s %s %2d %s]" % (t.strftime("%a"), t.strftime("%b"), t.day, t.strftime("%H:%M:%S %Y"))


def f_syslog(t, host, proc="kernel"):
    return "%s %2d %s %s %s:" % (t.strftime("%b"), t.day, t.strftime("%H:%M:%S"), host, proc)


def f_iso(t, host, proc="kernel"):
    return "%s+0000 %s %s:" % (t.strftime("%Y-%m-%dT%H:%M:%S"), host, proc)


def f_py(t):
    return "[%s,%03d]" % (t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000)


def f_glog(t, lvl="E", ns=False):
    us = t.microsecond
    if us % 1000 == 0:
        us += (t.second * 7919 + t.minute * 104729 + (us // 1000) * 31 + t.hour * 17) % 1000
    frac = "%06d" % us
    if ns:
        frac = frac + "%03d" % ((us * 37 + t.second * 11) % 1000)
    return "%s%s %s.%s" % (lvl, t.strftime("%m%d"), t.strftime("%H:%M:%S"), frac)


def f_slurm(t):
    return "[%s.%03d]" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond // 1000)


# --------------------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name, seed):
        self.name = name
        self.files = {}
        self.rng = random.Random(seed)
        self.label = None

    def w(self, rel, content):
        if isinstance(content, list):
            content = "\n".join(content) + "\n"
        if rel in self.files:
            raise SystemExit("duplicate file %s/%s" % (self.name, rel))
        self.files[rel] = content

    def set_label(self, category, layer, node, rank, action, rationale, url):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": url}


class Log:
    """Chronological merge of lines from many writers."""

    def __init__(self):
        self.ev = []
        self.n = 0

    def add(self, t, line):
        self.n += 1
        self.ev.append((t, self.n, line))

    def addm(self, t, lines, step=0.0):
        for i, ln in enumerate(lines):
            self.add(t + sec(step * i), ln)

    def lines(self):
        return [x[2] for x in sorted(self.ev, key=lambda e: (e[0], e[1]))]


# --------------------------------------------------------------------------- hardware tables
PCI_DGXH100 = ["1b", "43", "52", "61", "9d", "c3", "d1", "df"]
PCI_DGXA100 = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
PCI_DGX1 = ["06", "07", "0a", "0b", "85", "86", "89", "8a"]
PCI_HGXH100 = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]

GPU = {
    "H100": dict(name="NVIDIA H100 80GB HBM3", mem=81559, cap=700, idle=69, busy=655, id="2330"),
    "A100": dict(name="NVIDIA A100-SXM4-80GB", mem=81920, cap=400, idle=58, busy=372, id="20b2"),
    "A100-40": dict(name="NVIDIA A100-SXM4-40GB", mem=40960, cap=400, idle=55, busy=350, id="20b0"),
    "A100P": dict(name="NVIDIA A100 80GB PCIe", mem=81920, cap=300, idle=45, busy=281, id="20b5"),
    "V100": dict(name="Tesla V100-SXM2-32GB", mem=32768, cap=300, idle=42, busy=268, id="1db5"),
    "L40S": dict(name="NVIDIA L40S", mem=46068, cap=350, idle=33, busy=318, id="26b9"),
}


def uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:32])


def smi_table(t, driver, cuda, model, buses, gpus=None, procs=None, fell=None, header_date=True):
    """nvidia-smi default table.  gpus: list of dicts(temp, perf, pwr, mem, util, ecc)."""
    g = GPU[model]
    n = len(buses)
    gpus = gpus or [{} for _ in range(n)]
    out = []
    if header_date:
        out.append(t.strftime("%a %b %d %H:%M:%S %Y") + "       ")
    if fell:
        out.append("Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error" % fell.upper())
        return out
    W = 87
    out.append("+" + "-" * W + "+")
    out.append("| " + ("NVIDIA-SMI %-22sDriver Version: %-13sCUDA Version: %-9s" % (driver, driver, cuda)).ljust(W - 1) + "|")
    out.append("|" + "-" * 41 + "+" + "-" * 22 + "+" + "-" * 22 + "+")
    out.append("|" + " GPU  Name                 Persistence-M".ljust(41) + "|" + " Bus-Id        Disp.A ".ljust(22) + "|" + " Volatile Uncorr. ECC ".ljust(22) + "|")
    out.append("|" + " Fan  Temp   Perf          Pwr:Usage/Cap".ljust(41) + "|" + "         Memory-Usage ".ljust(22) + "|" + " GPU-Util  Compute M. ".ljust(22) + "|")
    out.append("|" + " " * 41 + "|" + " " * 22 + "|" + "               MIG M. ".ljust(22) + "|")
    out.append("|" + "=" * 41 + "+" + "=" * 22 + "+" + "=" * 22 + "|")
    for i, b in enumerate(buses):
        d = gpus[i]
        left1 = (" %3d  %-30s%3s  " % (i, g["name"][:30], "On"))[:41].ljust(41)
        mid1 = " 00000000:%s:00.0 Off " % b.upper()
        right1 = ("%21s " % d.get("ecc", 0))
        out.append("|" + left1 + "|" + mid1 + "|" + right1 + "|")
        pw = "%dW / %dW" % (d.get("pwr", g["idle"]), g["cap"])
        left2 = (" N/A  %3dC    %-4s%22s " % (d.get("temp", 33), d.get("perf", "P0"), pw))[:41].ljust(41)
        mid2 = ("%21s " % ("%dMiB / %dMiB" % (d.get("mem", 4), g["mem"])))
        right2 = ("%9s%12s " % ("%d%%" % d.get("util", 0), "Default"))
        out.append("|" + left2 + "|" + mid2 + "|" + right2 + "|")
        out.append("|" + " " * 41 + "|" + " " * 22 + "|" + ("%21s " % "Disabled") + "|")
        out.append("+" + "-" * 41 + "+" + "-" * 22 + "+" + "-" * 22 + "+")
    out.append("")
    out.append("+" + "-" * W + "+")
    out.append("| Processes:".ljust(W + 1) + "|")
    out.append("|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |")
    out.append("|        ID   ID                                                             Usage      |")
    out.append("|" + "=" * W + "|")
    if not procs:
        out.append("|  No running processes found".ljust(W + 1) + "|")
    for (gi, pid, name, mib) in procs or []:
        out.append(("|  %3d   N/A  N/A  %8d      C   %-38s%10s |" % (gi, pid, name[:38], "%dMiB" % mib)))
    out.append("+" + "-" * W + "+")
    return out


def smi_q(t, driver, cuda, model, buses, rng, per=None, serial_base=1652322000000):
    """nvidia-smi -q (trimmed to the sections ops usually look at).  per: {idx: overrides}."""
    g = GPU[model]
    per = per or {}
    hopper_like = model in ("H100", "A100", "A100-40", "A100P", "L40S")
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : " + t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : " + driver,
           "CUDA Version                              : " + cuda, "",
           "Attached GPUs                             : %d" % len(buses)]
    for i, b in enumerate(buses):
        o = per.get(i, {})
        if o.get("lost"):
            out += ["GPU 00000000:%s:00.0" % b.upper(), "    Product Name                          : Unknown Error", ""]
            continue
        temp = o.get("temp", 34 + rng.randint(0, 6))
        out += ["GPU 00000000:%s:00.0" % b.upper(),
                "    Product Name                          : " + g["name"],
                "    Product Brand                         : NVIDIA",
                "    Product Architecture                  : " + ("Hopper" if model == "H100" else "Ada Lovelace" if model == "L40S" else "Volta" if model == "V100" else "Ampere"),
                "    Display Mode                          : Disabled",
                "    Display Active                        : Disabled",
                "    Persistence Mode                      : Enabled",
                "    Addressing Mode                       : None",
                "    MIG Mode",
                "        Current                           : " + ("N/A" if model == "V100" else "Disabled"),
                "        Pending                           : " + ("N/A" if model == "V100" else "Disabled"),
                "    Accounting Mode                       : Disabled",
                "    Accounting Mode Buffer Size           : 4000",
                "    Driver Model",
                "        Current                           : N/A",
                "        Pending                           : N/A",
                "    Serial Number                         : %d" % (serial_base + i * 7 + rng.randint(0, 3)),
                "    GPU UUID                              : " + uuid(rng),
                "    Minor Number                          : %d" % i,
                "    VBIOS Version                         : " + ("96.00.89.00.01" if model == "H100" else "92.00.45.00.0A" if model.startswith("A100") else "88.00.4F.00.09"),
                "    MultiGPU Board                        : No",
                "    Board ID                              : 0x%s00" % b,
                "    GPU Part Number                       : " + o.get("part", "692-2G520-0200-000"),
                "    Inforom Version",
                "        Image Version                     : G520.0200.00.05",
                "        OEM Object                        : 2.1",
                "        ECC Object                        : 7.16",
                "        Power Management Object           : N/A",
                "    GPU Virtualization Mode",
                "        Virtualization Mode               : None",
                "        Host VGPU Mode                    : N/A",
                "    PCI",
                "        Bus                               : 0x%s" % b.upper(),
                "        Device                            : 0x00",
                "        Domain                            : 0x0000",
                "        Device Id                         : 0x%s10DE" % g["id"].upper(),
                "        Bus Id                            : 00000000:%s:00.0" % b.upper(),
                "        GPU Link Info",
                "            PCIe Generation",
                "                Max                       : %s" % o.get("gen_max", 5 if model == "H100" else 4 if model != "V100" else 3),
                "                Current                   : %s" % o.get("gen_cur", 5 if model == "H100" else 4 if model != "V100" else 3),
                "                Device Current            : %s" % o.get("gen_cur", 5 if model == "H100" else 4 if model != "V100" else 3),
                "                Device Max                : %s" % o.get("gen_max", 5 if model == "H100" else 4 if model != "V100" else 3),
                "                Host Max                  : %s" % o.get("gen_max", 5 if model == "H100" else 4 if model != "V100" else 3),
                "            Link Width",
                "                Max                       : 16x",
                "                Current                   : %s" % o.get("width", "16x"),
                "        Replays Since Reset               : %d" % o.get("replays", 0),
                "        Replay Number Rollovers           : 0",
                "        Tx Throughput                     : %d KB/s" % o.get("tx", 412),
                "        Rx Throughput                     : %d KB/s" % o.get("rx", 988),
                "    Fan Speed                             : N/A",
                "    Performance State                     : %s" % o.get("perf", "P0"),
                "    Clocks Event Reasons",
                "        Idle                              : %s" % o.get("idle_r", "Not Active"),
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : %s" % o.get("swpc", "Not Active"),
                "        HW Slowdown                       : %s" % o.get("hws", "Not Active"),
                "            HW Thermal Slowdown           : %s" % o.get("hwt", "Not Active"),
                "            HW Power Brake Slowdown       : %s" % o.get("hwp", "Not Active"),
                "        Sync Boost                        : Not Active",
                "        SW Thermal Slowdown               : %s" % o.get("swt", "Not Active"),
                "        Display Clock Setting             : Not Active",
                "    FB Memory Usage",
                "        Total                             : %d MiB" % g["mem"],
                "        Reserved                          : %d MiB" % (551 if model == "H100" else 489),
                "        Used                              : %d MiB" % o.get("used", 4),
                "        Free                              : %d MiB" % (g["mem"] - (551 if model == "H100" else 489) - o.get("used", 4)),
                "    Compute Mode                          : Default",
                "    Utilization",
                "        Gpu                               : %d %%" % o.get("util", 0),
                "        Memory                            : %d %%" % o.get("mutil", 0),
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile"]
        v = o.get("vol", {})
        a = o.get("agg", {})
        if model == "V100":
            out += ["            Single Bit",
                    "                Device Memory             : %d" % v.get("sbe", 0),
                    "                Register File             : 0", "                L1 Cache                  : 0",
                    "                L2 Cache                  : 0", "                Texture Memory            : N/A",
                    "                Texture Shared            : N/A", "                CBU                       : N/A",
                    "                Total                     : %d" % v.get("sbe", 0),
                    "            Double Bit",
                    "                Device Memory             : %d" % v.get("dbe", 0),
                    "                Register File             : 0", "                L1 Cache                  : 0",
                    "                L2 Cache                  : 0", "                Texture Memory            : N/A",
                    "                Texture Shared            : N/A", "                CBU                       : 0",
                    "                Total                     : %d" % v.get("dbe", 0),
                    "        Aggregate",
                    "            Single Bit",
                    "                Device Memory             : %d" % a.get("sbe", 0),
                    "                Register File             : 0", "                L1 Cache                  : 0",
                    "                L2 Cache                  : 0", "                Texture Memory            : N/A",
                    "                Texture Shared            : N/A", "                CBU                       : N/A",
                    "                Total                     : %d" % a.get("sbe", 0),
                    "            Double Bit",
                    "                Device Memory             : %d" % a.get("dbe", 0),
                    "                Register File             : 0", "                L1 Cache                  : 0",
                    "                L2 Cache                  : 0", "                Texture Memory            : N/A",
                    "                Texture Shared            : N/A", "                CBU                       : 0",
                    "                Total                     : %d" % a.get("dbe", 0),
                    "    Retired Pages",
                    "        Single Bit ECC                    : %d" % o.get("ret_sbe", 0),
                    "        Double Bit ECC                    : %d" % o.get("ret_dbe", 0),
                    "        Pending Page Blacklist            : %s" % o.get("ret_pend", "No")]
        else:
            out += ["            SRAM Correctable              : %d" % v.get("sram_ce", 0),
                    "            SRAM Uncorrectable Parity     : 0",
                    "            SRAM Uncorrectable SEC-DED    : %d" % v.get("sram_ue", 0),
                    "            DRAM Correctable              : %d" % v.get("dram_ce", 0),
                    "            DRAM Uncorrectable            : %d" % v.get("dram_ue", 0),
                    "        Aggregate",
                    "            SRAM Correctable              : %d" % a.get("sram_ce", 0),
                    "            SRAM Uncorrectable Parity     : 0",
                    "            SRAM Uncorrectable SEC-DED    : %d" % a.get("sram_ue", 0),
                    "            DRAM Correctable              : %d" % a.get("dram_ce", 0),
                    "            DRAM Uncorrectable            : %d" % a.get("dram_ue", 0),
                    "            SRAM Threshold Exceeded       : No",
                    "        Aggregate Uncorrectable SRAM Sources",
                    "            SRAM L2                       : 0",
                    "            SRAM SM                       : 0",
                    "            SRAM Microcontroller          : 0",
                    "            SRAM PCIE                     : 0",
                    "            SRAM Other                    : 0",
                    "    Retired Pages",
                    "        Single Bit ECC                    : N/A",
                    "        Double Bit ECC                    : N/A",
                    "        Pending Page Blacklist            : N/A",
                    "    Remapped Rows",
                    "        Correctable Error                 : %d" % o.get("rr_ce", 0),
                    "        Uncorrectable Error               : %d" % o.get("rr_ue", 0),
                    "        Pending                           : %s" % o.get("rr_pend", "No"),
                    "        Remapping Failure Occurred        : %s" % o.get("rr_fail", "No"),
                    "        Bank Remap Availability Histogram",
                    "            Max                           : %d bank(s)" % o.get("h_max", 640),
                    "            High                          : %d bank(s)" % o.get("h_high", 0),
                    "            Partial                       : %d bank(s)" % o.get("h_part", 0),
                    "            Low                           : %d bank(s)" % o.get("h_low", 0),
                    "            None                          : %d bank(s)" % o.get("h_none", 0)]
        out += ["    Temperature",
                "        GPU Current Temp                  : %d C" % temp,
                "        GPU T.Limit Temp                  : %s" % ("%d C" % (87 - temp) if model == "H100" else "N/A"),
                "        GPU Shutdown T.Limit Temp         : %s" % ("-5 C" if model == "H100" else "N/A"),
                "        GPU Slowdown T.Limit Temp         : %s" % ("-2 C" if model == "H100" else "N/A"),
                "        GPU Max Operating T.Limit Temp    : %s" % ("0 C" if model == "H100" else "N/A"),
                "        GPU Target Temperature            : N/A",
                "        Memory Current Temp               : %d C" % (temp + 6),
                "        Memory Max Operating T.Limit Temp : %s" % ("0 C" if model == "H100" else "N/A"),
                "    GPU Power Readings",
                "        Power Draw                        : %.2f W" % o.get("pwr", g["idle"] + rng.random() * 6),
                "        Current Power Limit               : %.2f W" % g["cap"],
                "        Requested Power Limit             : %.2f W" % g["cap"],
                "        Default Power Limit               : %.2f W" % g["cap"],
                "        Min Power Limit                   : %.2f W" % (200 if model == "H100" else 100),
                "        Max Power Limit                   : %.2f W" % g["cap"],
                "    Clocks",
                "        Graphics                          : %d MHz" % o.get("gclk", 1980 if model == "H100" else 1410),
                "        SM                                : %d MHz" % o.get("gclk", 1980 if model == "H100" else 1410),
                "        Memory                            : %d MHz" % (2619 if model == "H100" else 1593),
                "        Video                             : %d MHz" % (1545 if model == "H100" else 1275),
                "    Max Clocks",
                "        Graphics                          : %d MHz" % (1980 if model == "H100" else 1410),
                "        SM                                : %d MHz" % (1980 if model == "H100" else 1410),
                "        Memory                            : %d MHz" % (2619 if model == "H100" else 1593),
                "        Video                             : %d MHz" % (1545 if model == "H100" else 1275),
                "    Processes                             : %s" % o.get("procs", "None"), ""]
    return out


def dcgmi_diag(version, driver, model, ngpu, rows=None, notes=None):
    """dcgmi diag -r 3 text output.  rows: {testname: (result, [warning lines])}."""
    rows = rows or {}
    ids = ",".join([GPU[model]["id"]] * ngpu)
    L = ["Successfully ran diagnostic for group.",
         "+---------------------------+------------------------------------------------+",
         "| Diagnostic                | Result                                         |",
         "+===========================+================================================+",
         "|-----  Metadata  ----------+------------------------------------------------|",
         "| DCGM Version              | %-46s |" % version,
         "| Driver Version Detected   | %-46s |" % driver,
         "| GPU Device IDs Detected   | %-46s |" % ids[:46],
         "|-----  Deployment  --------+------------------------------------------------|"]

    def row(name, default="Pass"):
        res, warns = rows.get(name, (default, []))
        out = ["| %-25s | %-46s |" % (name, res)]
        for kind, text in warns:
            chunks = [text[i:i + 46] for i in range(0, len(text), 46)]
            for j, c in enumerate(chunks):
                out.append("| %-25s | %-46s |" % (kind if j == 0 else "", c))
        return out
    for n in ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
              "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
              "Graphics Processes", "Inforom"]:
        L += row(n)
    L.append("+-----  Integration  -------+------------------------------------------------+")
    L += row("PCIe", "Pass - All")
    L.append("+-----  Hardware  ----------+------------------------------------------------+")
    L += row("GPU Memory", "Pass - All")
    L += row("Diagnostic", "Pass - All")
    L.append("+-----  Stress  ------------+------------------------------------------------+")
    L += row("Targeted Stress", "Pass - All")
    L += row("Targeted Power", "Pass - All")
    L += row("Memory Bandwidth", "Pass - All")
    L += row("EUD Test", "Skip - All")
    L.append("+---------------------------+------------------------------------------------+")
    return L + (notes or [])


# --------------------------------------------------------------------------- kernel log noise
def dmi_for(buses):
    if buses == PCI_DGXH100:
        return "NVIDIA DGXH100/DGXH100, BIOS 1.4.5 06/21/2024"
    if buses == PCI_DGXA100:
        return "NVIDIA DGXA100 920-23687-2530-000/DGXA100, BIOS 1.25 05/09/2023"
    if buses == PCI_DGX1:
        return "NVIDIA DGX-1 with V100-32/DGX-1 with V100-32, BIOS S2W_3A06 03/10/2021"
    if buses == PCI_HGXH100:
        return "Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 04/12/2024"
    return "Supermicro SYS-420GP-TNR/X12DPG-OA6, BIOS 1.5 11/15/2023"


def boot_lines(host, kver, driver, buses, hcas, open_mod=True, fm=False, extra=None):
    """(offset_seconds, text) pairs of kernel messages around boot."""
    if kver.startswith("5.4."):
        cc = "(buildd@lcy02-amd64-046) (gcc version 9.4.0 (Ubuntu 9.4.0-1ubuntu1~20.04.2)) #183-Ubuntu SMP Mon Oct 2 11:28:33 UTC 2023"
    elif "el9" in kver:
        cc = "(mockbuild@x86-64-02.build.eng.rdu2.redhat.com) (gcc (GCC) 11.4.1 20231218 (Red Hat 11.4.1-3), GNU ld version 2.35.2-43.el9) #1 SMP PREEMPT_DYNAMIC Fri May 31 11:04:25 EDT 2024"
    elif kver.startswith("5.15"):
        cc = "(buildd@lcy02-amd64-059) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #%d-Ubuntu SMP" % (100 + len(host))
    elif kver.endswith("+"):
        cc = "(builder@b4c2f6a1e0d3) (Chromium OS 17.0_pre498229-r33 clang version 17.0.0, LLD 17.0.0) #1 SMP PREEMPT_DYNAMIC Sat Aug 10 10:25:37 UTC 2024"
    else:
        cc = "(buildd@lcy02-amd64-081) (x86_64-linux-gnu-gcc-12 (Ubuntu 12.3.0-1ubuntu1~22.04) 12.3.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #%d~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC" % (40 + len(host))
    L = [(0.0, "Linux version %s %s" % (kver, cc)),
         (0.0, "Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=UUID=5b1f0f0e-6f1c-4b8e-9a57-1c6f0f3b2a11 ro pci=realloc=off iommu=pt amd_iommu=on nvidia-drm.modeset=0 console=ttyS0,115200n8" % kver),
         (0.0, "KERNEL supported cpus:"), (0.0, "  Intel GenuineIntel"), (0.0, "  AMD AuthenticAMD"),
         (0.0, "BIOS-provided physical RAM map:"),
         (0.0, "BIOS-e820: [mem 0x0000000000000000-0x000000000009ffff] usable"),
         (0.0, "BIOS-e820: [mem 0x0000000000100000-0x000000006b5fefff] usable"),
         (0.0, "NX (Execute Disable) protection: active"),
         (0.0, "DMI: " + dmi_for(buses)),
         (0.000012, "tsc: Detected 2000.000 MHz processor"),
         (0.31, "ACPI: SRAT 0x000000006A3D2000 0003C8 (v03 ALASKA A M I    00000001 AMI  01000013)"),
         (0.52, "Memory: 2113283224K/2147009832K available (20480K kernel code, 4312K rwdata, 14756K rodata, 4848K init, 17460K bss, 33726348K reserved, 0K cma-reserved)"),
         (0.61, "rcu: Hierarchical RCU implementation."),
         (1.92, "smpboot: Allowing 224 CPUs, 0 hotplug CPUs"),
         (2.31, "pci 0000:00:00.0: [8086:09a2] type 00 class 0x088000"),
         (3.05, "iommu: Default domain type: Passthrough (set via kernel command line)"),
         (3.92, "EDAC MC: Ver: 3.0.0"),
         (4.88, "EDAC i10nm: No hbm memory"),
         (4.89, "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)"),
         (4.89, "EDAC MC1: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#1: DEV 0000:7e:0d.0 (INTERRUPT)"),
         (5.40, "mlx5_core 0000:%s:00.0: firmware version: 28.39.1002" % hcas[0][1]),
         ]
    t = 5.5
    for name, bus in hcas:
        t += 0.21
        L.append((t, "mlx5_core 0000:%s:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)" % bus))
        L.append((t + 0.3, "mlx5_core 0000:%s:00.0: Port module event: module 0, Cable plugged" % bus))
    t += 1.0
    for name, bus in hcas:
        t += 0.05
        L.append((t, "mlx5_core 0000:%s:00.0 %s: renamed from ib%d" % (bus, "ibp%ds0" % int(bus, 16), hcas.index((name, bus)))))
    t = 11.3
    L.append((t, "nvidia: loading out-of-tree module taints kernel."))
    L.append((t, "nvidia: module license 'NVIDIA' taints kernel." if not open_mod else "nvidia: module verification failed: signature and/or required key missing - tainting kernel"))
    L.append((t + 0.02, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"))
    for i, b in enumerate(buses):
        L.append((t + 0.05 + i * 0.01, "nvidia 0000:%s:00.0: enabling device (0000 -> 0002)" % b))
    L.append((t + 0.4, "NVRM: loading NVIDIA UNIX %sx86_64 Kernel Module  %s  Release Build  (dvs-builder@U16-I2-C03-12-4)  Thu Feb 15 00:12:44 UTC 2024" % ("Open Kernel Module for " if open_mod else "", driver)))
    L.append((t + 0.5, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s  Release Build  (dvs-builder@U16-I2-C03-12-4)" % driver))
    L.append((t + 0.6, "[drm] [nvidia-drm] [GPU ID 0x0000%s00] Loading driver" % buses[0]))
    L.append((t + 0.7, "[drm] Initialized nvidia-drm 0.0.0 20160202 for 0000:%s:00.0 on minor 1" % buses[0]))
    L.append((t + 1.9, "nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint."))
    L.append((t + 2.0, "nvidia-uvm: Loaded the UVM driver, major device number 506."))
    if fm:
        L.append((t + 2.2, "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"))
        L.append((t + 2.3, "nvidia-nvswitch0: using MSI"))
        L.append((t + 2.5, "nvidia-nvswitch: Probing device 0000:06:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"))
        L.append((t + 2.6, "nvidia-nvswitch1: using MSI"))
    t = 16.0
    for name, bus in hcas:
        t += 0.4
        L.append((t, "mlx5_core 0000:%s:00.0 %s: Link up" % (bus, "ibp%ds0" % int(bus, 16))))
    L += [(21.2, "EXT4-fs (nvme0n1p2): mounted filesystem 0f3cd65a-338b-4574-bba3-ecef214e1917 r/w with ordered data mode. Quota mode: none."),
          (22.8, "audit: type=1400 audit(1700000000.123:2): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=2311 comm=\"apparmor_parser\""),
          (23.4, "IPv6: ADDRCONF(NETDEV_CHANGE): %s: link becomes ready" % ("bond0")),
          (24.1, "Lustre: Lustre: Build Version: 2.15.4"),
          (24.9, "LNet: Added LNI 10.%d.%d.%d@o2ib [8/256/0/180]" % (40 + len(host) % 9, len(host), 11 + sum(map(ord, host)) % 200)),
          (31.5, "NFSD: Using nfsdcld client tracking operations."),
          (40.2, "nvidia-persistenced[3012]: Started (3012)" if False else "loop0: detected capacity change from 0 to 8")]
    if extra:
        L += extra
    return sorted(L, key=lambda x: x[0])


def render_kernel(style, host, boot, pairs):
    """pairs of (absolute datetime or float offset, text)."""
    out = []
    for when, text in pairs:
        t = when if isinstance(when, D) else boot + sec(when)
        if style == "T":
            out.append("%s %s" % (f_dmesgT(t), text))
        elif style == "raw":
            off = (t - boot).total_seconds()
            out.append("[%12.6f] %s" % (off, text))
        elif style == "syslog":
            out.append("%s %s" % (f_syslog(t, host), text))
        elif style == "iso":
            out.append("%s %s" % (f_iso(t, host), text))
    return out


def periodic_noise(rng, start, end, every_s, host):
    """benign messages spread through the uptime."""
    pool = ["perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
            "hrtimer: interrupt took 12731 ns",
            "Lustre: %s-OST0004-osc-ffff9c2e4a8b1000: Connection restored to 10.50.1.4@o2ib (at 10.50.1.4@o2ib)" % "scratch",
            "nfs: server home-nfs01 OK",
            "IPVS: rr: TCP 10.96.0.1:443 - no destination available",
            "cgroup: fork rejected by pids controller in /system.slice/slurmstepd.scope",
            "TCP: request_sock_TCP: Possible SYN flooding on port 6818. Sending cookies.  Check SNMP counters.",
            "audit: type=1400 audit(%d.118:812): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.lxc\" name=\"/proc/sys/kernel/random/boot_id\"",
            "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:740:(pid 0): FW tracer: 0x3 sync_mode 0"]
    out = []
    t = start
    while t < end:
        t = t + sec(every_s * (0.5 + rng.random()))
        if t >= end:
            break
        s = rng.choice(pool)
        if "%d" in s:
            s = s % int(t.timestamp())
        out.append((t, s))
    return out


# --------------------------------------------------------------------------- NCCL / torch text
def nccl_init(log, t, host, pids, node_idx, nnodes, gpn, buses, hcas, version="2.20.5+cuda12.4",
              prefix=lambda lr, r: "", net="IB", nch=8, ip="10.1.0.1", commid="0x9b1f2c3d4e5f6a7b",
              extra_warn=None, nvls=0, gdr=True, ib_disabled=False, cudadrv=None):
    world = nnodes * gpn
    for lr in range(gpn):
        r = node_idx * gpn + lr
        pid = pids[lr]
        tid = pid + 173 + lr
        p = prefix(lr, r)
        tt = t + sec(0.011 * lr)
        H = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, lr)
        H2 = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, lr)
        L = []
        if ib_disabled:
            L.append(H + "NCCL_IB_DISABLE set by environment to 1.")
            L.append(H + "NCCL_SOCKET_IFNAME set by environment to eth0")
        L.append(H + "Bootstrap : Using %s:%s<0>" % ("eth0" if ib_disabled else "ib0", ip))
        L.append(H + "cudaDriverVersion %s" % (cudadrv or ("12040" if "12.4" in version else "12020")))
        if r == 0:
            L.append("NCCL version %s" % version)
        L.append(H + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
        if ib_disabled:
            L.append(H2 + "NET/Socket : Using [0]eth0:%s<0>" % ip)
            L.append(H2 + "Using network Socket")
        else:
            L.append(H2 + "NET/IB : Using %s ; OOB ib0:%s<0>" % (" ".join("[%d]%s:1/IB" % (i, h[0]) for i, h in enumerate(hcas)), ip))
            L.append(H2 + "Using non-device net plugin version 0")
            L.append(H2 + "Using network IB")
        comm = "0x%012x" % (0x55d4c8a00000 + pid * 4096)
        L.append(H2 + "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init START" % (comm, r, world, lr, lr, buses[lr], commid))
        L.append(H2 + "Setting affinity for GPU %d to %s" % (lr, "ffffffff,00000000,ffffffff" if lr < gpn // 2 else "ffffffff,00000000,ffffffff,00000000"))
        if nvls:
            L.append(H2 + "NVLS multicast support is available on dev %d" % lr)
        L.append(H2 + "comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0" % (comm, r, world, nnodes, gpn, lr))
        up = (r - 1) % world
        L.append(H2 + "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % ((r + 1) % world, r, up, (r + 1) % world, r, (r + gpn) % world))
        L.append(H2 + "P2P Chunksize set to 524288")
        for c in range(nch):
            if lr < gpn - 1:
                L.append(H2 + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (c, r, lr, r + 1, lr + 1))
            else:
                nxt = ((node_idx + 1) % nnodes) * gpn
                tr = "NET/Socket/0" if ib_disabled else "NET/IB/%d%s" % (c % len(hcas), "/GDRDMA" if gdr else "")
                L.append(H2 + "Channel %02d/0 : %d[%d] -> %d[0] [send] via %s" % (c, r, lr, nxt, tr))
            if lr == 0:
                prv = ((node_idx - 1) % nnodes) * gpn + gpn - 1
                tr = "NET/Socket/0" if ib_disabled else "NET/IB/%d%s" % (c % len(hcas), "/GDRDMA" if gdr else "")
                L.append(H2 + "Channel %02d/0 : %d[%d] -> %d[0] [receive] via %s" % (c, prv, gpn - 1, r, tr))
        L.append(H2 + "Connected all rings")
        for c in range(0, nch, 2):
            if lr > 0:
                L.append(H2 + "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read" % (c, r, lr, r - 1, lr - 1))
        L.append(H2 + "Connected all trees")
        if extra_warn and lr in extra_warn:
            L.append(extra_warn[lr])
        L.append(H2 + "threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (world * 8))
        L.append(H2 + "%d coll channels, %d collnet channels, %d nvls channels, %d p2p channels, %d p2p channels per peer" % (nch, 0, nvls, nch * 2, 2))
        L.append(H2 + "TUNER/Plugin: Plugin load returned 11 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-tuner.so")
        L.append(H2 + "TUNER/Plugin: Using internal tuner plugin.")
        L.append(H2 + "ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s000 commId %s - Init COMPLETE" % (comm, r, world, lr, lr, buses[lr], commid))
        log.addm(tt, [p + x for x in L], step=0.0007)


def wd_timeout(t, rank, seq, op, numel, timeout_ms, ran_ms, ns=True, pyver="3.10", site="/usr/local/lib/python3.10/dist-packages", last_done=None):
    c = "[rank%d]:[%s " % (rank, f_glog(t, "E", ns))
    ld = seq - 1 if last_done is None else last_done
    msg = "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (seq, op, numel, numel, timeout_ms, ran_ms)
    L = [c + "ProcessGroupNCCL.cpp:616] [Rank %d] %s" % (rank, msg),
         c + "ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, seq, seq, ld),
         c + "ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % rank,
         c + "ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % rank,
         c + "ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] %s" % (rank, rank, msg),
         "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
         "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c1a2b9446 in %s/torch/lib/libc10.so)" % site,
         "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3bcf2c0772 in %s/torch/lib/libtorch_cuda.so)" % site,
         "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3bcf2c71b3 in %s/torch/lib/libtorch_cuda.so)" % site,
         "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f3bcf2c959c in %s/torch/lib/libtorch_cuda.so)" % site,
         "frame #4: <unknown function> + 0xdc253 (0x7f3c1a8b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
         "frame #5: <unknown function> + 0x94ac3 (0x7f3c1ed94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
         "frame #6: clone + 0x44 (0x7f3c1ee25a04 in /lib/x86_64-linux-gnu/libc.so.6)",
         "",
         "terminate called after throwing an instance of 'c10::DistBackendError'",
         "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] %s" % (rank, rank, msg)]
    return L


def cuda_err_block(t, rank, err, site="/usr/local/lib/python3.10/dist-packages", ns=True):
    c = "[rank%d]:[%s " % (rank, f_glog(t, "E", ns))
    return [c + "ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (rank, err),
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            "",
            "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f2a8e1b9446 in %s/torch/lib/libc10.so)" % site,
            "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f2a8e1636e4 in %s/torch/lib/libc10.so)" % site,
            "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f2a8e2a5a18 in %s/torch/lib/libc10_cuda.so)" % site,
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f2a434bb726 in %s/torch/lib/libtorch_cuda.so)" % site,
            "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f2a434c03f0 in %s/torch/lib/libtorch_cuda.so)" % site,
            "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f2a434c715a in %s/torch/lib/libtorch_cuda.so)" % site,
            "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f2a434c959c in %s/torch/lib/libtorch_cuda.so)" % site,
            "frame #7: <unknown function> + 0xdc253 (0x7f2a8e8b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            "frame #8: <unknown function> + 0x94ac3 (0x7f2a92d94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            "frame #9: clone + 0x44 (0x7f2a92e25a04 in /lib/x86_64-linux-gnu/libc.so.6)",
            "",
            "terminate called after throwing an instance of 'c10::DistBackendError'",
            "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (rank, err)]


def agent_failure(t, host, script, failures, root, site="/usr/local/lib/python3.10/dist-packages",
                  new_fmt=True, sigterm_pids=None, agent_pid=None):
    """torchrun elastic agent lines + ChildFailedError.  failures: list of (rank, lr, exitcode, pid, tb, time).
    root: same tuple."""
    L = []
    ap = agent_pid or 90000 + sum(map(ord, host))
    for pid in sigterm_pids or []:
        if new_fmt:
            L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (f_glog(t, "")[0:], ap, pid))
        else:
            L.append("%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (f_py(t), pid))
    r = root
    if new_fmt:
        L.append("E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (f_glog(t + sec(3), ""), ap, r[2], r[1], r[3]))
    else:
        L.append("%s torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (f_py(t + sec(3)), r[2], r[1], r[3]))
    L += ["Traceback (most recent call last):",
          "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
          "    sys.exit(main())",
          "  File \"%s/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper" % site,
          "    return f(*args, **kwargs)",
          "  File \"%s/torch/distributed/run.py\", line 919, in main" % site,
          "    run(args)",
          "  File \"%s/torch/distributed/run.py\", line 910, in run" % site,
          "    elastic_launch(",
          "  File \"%s/torch/distributed/launcher/api.py\", line 138, in __call__" % site,
          "    return launch_agent(self._config, self._entrypoint, list(args))",
          "  File \"%s/torch/distributed/launcher/api.py\", line 269, in launch_agent" % site,
          "    raise ChildFailedError(",
          "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
          "============================================================",
          "%s FAILED" % script,
          "------------------------------------------------------------",
          "Failures:"]

    def ent(i, f):
        rank, lr, code, pid, tb, ft = f
        return ["[%d]:" % i,
                "  time      : %s" % ft.strftime("%Y-%m-%d_%H:%M:%S"),
                "  host      : %s" % host,
                "  rank      : %d (local_rank: %d)" % (rank, lr),
                "  exitcode  : %d (pid: %d)" % (code, pid),
                "  error_file: <N/A>",
                "  traceback : %s" % tb]
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(failures):
        L += ent(i + 1, f)
    L += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    L += ent(0, root)
    L.append("============================================================")
    return L


def sig_tb(code):
    names = {-6: "Signal 6 (SIGABRT)", -9: "Signal 9 (SIGKILL)", -15: "Signal 15 (SIGTERM)", -7: "Signal 7 (SIGBUS)", -11: "Signal 11 (SIGSEGV)"}
    return names.get(code, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")


def scontrol_job(jobid, name, user, account, part, state, reason, submit, start, end, nodes, nodelist, ntasks, gres, cmd, workdir, exitcode="1:0", tlimit="2-00:00:00", requeue=0, restarts=0):
    rt = end - start
    days = rt.days
    hh, rem = divmod(rt.seconds, 3600)
    mm, ss = divmod(rem, 60)
    runtime = ("%d-" % days if days else "") + "%02d:%02d:%02d" % (hh, mm, ss)
    return ["JobId=%d JobName=%s" % (jobid, name),
            "   UserId=%s(%d) GroupId=%s(%d) MCS_label=N/A" % (user, 10000 + len(user) * 37, account, 5000 + len(account) * 11),
            "   Priority=%d Nice=0 Account=%s QOS=normal" % (41233 + jobid % 997, account),
            "   JobState=%s Reason=%s Dependency=(null)" % (state, reason),
            "   Requeue=%d Restarts=%d BatchFlag=1 Reboot=0 ExitCode=%s" % (requeue, restarts, exitcode),
            "   RunTime=%s TimeLimit=%s TimeMin=N/A" % (runtime, tlimit),
            "   SubmitTime=%s EligibleTime=%s" % (submit.strftime("%Y-%m-%dT%H:%M:%S"), submit.strftime("%Y-%m-%dT%H:%M:%S")),
            "   AccrueTime=%s" % submit.strftime("%Y-%m-%dT%H:%M:%S"),
            "   StartTime=%s EndTime=%s Deadline=N/A" % (start.strftime("%Y-%m-%dT%H:%M:%S"), end.strftime("%Y-%m-%dT%H:%M:%S")),
            "   SuspendTime=None SecsPreSuspend=0 LastSchedEval=%s Scheduler=Main" % start.strftime("%Y-%m-%dT%H:%M:%S"),
            "   Partition=%s AllocNode:Sid=login01:2211873" % part,
            "   ReqNodeList=(null) ExcNodeList=(null)",
            "   NodeList=%s" % nodelist,
            "   BatchHost=%s" % nodelist.split("[")[0] + (nodelist.split("[")[1].split("-")[0].split(",")[0] if "[" in nodelist else ""),
            "   NumNodes=%d NumCPUs=%d NumTasks=%d CPUs/Task=%d ReqB:S:C:T=0:0:*:*" % (nodes, nodes * 224, ntasks, max(1, nodes * 224 // max(ntasks, 1))),
            "   ReqTRES=cpu=%d,mem=%dG,node=%d,billing=%d,gres/gpu=%d" % (nodes * 224, nodes * 1800, nodes, nodes * 224, nodes * gres),
            "   AllocTRES=cpu=%d,mem=%dG,node=%d,billing=%d,gres/gpu=%d" % (nodes * 224, nodes * 1800, nodes, nodes * 224, nodes * gres),
            "   Socks/Node=* NtasksPerN:B:S:C=%d:0:*:* CoreSpec=*" % max(1, ntasks // nodes),
            "   MinCPUsNode=224 MinMemoryNode=1800G MinTmpDiskNode=0",
            "   Features=(null) DelayBoot=00:00:00",
            "   OverSubscribe=NO Contiguous=0 Licenses=(null) Network=(null)",
            "   Command=%s" % cmd,
            "   WorkDir=%s" % workdir,
            "   StdErr=%s/logs/slurm-%d.out" % (workdir, jobid),
            "   StdIn=/dev/null",
            "   StdOut=%s/logs/slurm-%d.out" % (workdir, jobid),
            "   TresPerNode=gres/gpu:%d" % gres, ""]


def sacct(jobid, name, rows, nodelist):
    """rows: list of (suffix, name, state, exit, start, end, nnodes)"""
    L = ["       JobID    JobName      State ExitCode               Start                 End    Elapsed   NNodes        NodeList ",
         "------------ ---------- ---------- -------- ------------------- ------------------- ---------- -------- --------------- "]
    for suf, nm, st, ex, s, e, nn in rows:
        el = e - s
        hh, rem = divmod(int(el.total_seconds()), 3600)
        mm, ss = divmod(rem, 60)
        jid = "%d%s" % (jobid, suf)
        if len(jid) > 12:
            jid = jid[:11] + "+"
        L.append("%12s %10s %10s %8s %19s %19s %10s %8d %15s " % (
            jid, nm[:10], st[:10], ex, s.strftime("%Y-%m-%dT%H:%M:%S"),
            e.strftime("%Y-%m-%dT%H:%M:%S"), "%02d:%02d:%02d" % (hh, mm, ss), nn, nodelist[:15]))
    return L


def megatron_iter(t, it, total, gbs, ms, lr, loss, gnorm, skipped=0, nan=0, ls="1.0"):
    return " [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %s | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |" % (
        t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, lr, gbs, loss, ls, gnorm, skipped, nan)


# =========================================================================== shared pieces for runs
def torchrun_banner(log, t, agent_pid, new_fmt=True):
    if new_fmt:
        p = "W%s %d torch/distributed/run.py:793] " % (f_glog(t, ""), agent_pid)
        log.addm(t, [p, p + "*****************************************",
                     p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                     p + "*****************************************"])
    else:
        p = "%s torch.distributed.run: [WARNING] " % f_py(t)
        log.addm(t, [p, p + "*****************************************",
                     p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                     p + "*****************************************"])


def megatron_startup(log, t, pre, world, tp, pp, ckpt, it0, nparams):
    dp = world // (tp * pp)
    L = ["using world size: %d, data-parallel size: %d, context-parallel size: 1, hierarchical context-parallel sizes: Nonetensor-model-parallel size: %d, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: %d, encoder-pipeline-model-parallel size: 0" % (world, dp, tp, pp),
         "WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG",
         "using torch.bfloat16 for parameters ...",
         "------------------------ arguments ------------------------",
         "  accumulate_allreduce_grads_in_fp32 .............. True",
         "  adam_beta1 ...................................... 0.9",
         "  adam_beta2 ...................................... 0.95",
         "  bf16 ............................................ True",
         "  data_path ....................................... ['/lustre/datasets/pile-dedup/pile_text_document']",
         "  distributed_timeout_minutes ..................... 10",
         "  global_batch_size ............................... 1024",
         "  hidden_size ..................................... 5120",
         "  load ............................................ %s" % ckpt,
         "  log_interval .................................... 10",
         "  lr .............................................. 0.0003",
         "  micro_batch_size ................................ 2",
         "  num_attention_heads ............................. 40",
         "  num_layers ...................................... 40",
         "  pipeline_model_parallel_size .................... %d" % pp,
         "  save_interval ................................... 1000",
         "  seq_length ...................................... 4096",
         "  tensor_model_parallel_size ...................... %d" % tp,
         "  use_distributed_optimizer ....................... True",
         "  world_size ...................................... %d" % world,
         "-------------------- end of arguments ---------------------",
         "setting number of micro-batches to constant 64",
         "> building GPT2BPETokenizer tokenizer ...",
         " > padded vocab (size: 50257) with 943 dummy tokens (new size: 51200)",
         "> initializing torch distributed ...",
         "> initialized tensor model parallel with size %d" % tp,
         "> initialized pipeline model parallel with size %d" % pp,
         "> setting random seeds to 1234 ...",
         "> compiling dataset index builder ...",
         "make: Entering directory '/workspace/Megatron-LM/megatron/core/datasets'",
         "make: Nothing to be done for 'default'.",
         "make: Leaving directory '/workspace/Megatron-LM/megatron/core/datasets'",
         ">>> done with dataset index builder. Compilation time: 0.081 seconds",
         "> compiling and loading fused kernels ...",
         ">>> done with compiling and loading fused kernels. Compilation time: 2.311 seconds",
         "time to initialize megatron (seconds): 38.905",
         "[after megatron is initialized] datetime: %s " % (t + sec(40)).strftime("%Y-%m-%d %H:%M:%S"),
         "building GPT model ...",
         " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): %d" % nparams,
         "> buckets for gradient all-reduce / reduce-scatter:",
         "    params for bucket 1 (%d elements):" % (nparams // 3),
         (" loading checkpoint from %s at iteration %d" % (ckpt, it0)) if it0 else "WARNING: could not find the metadata file %s/latest_checkpointed_iteration.txt" % ckpt,
         (" successfully loaded checkpoint from %s [ t 0, p 0 ] at iteration %d" % (ckpt, it0)) if it0 else "    will not load any checkpoints and will start from random",
         "(min, max) time across ranks (ms):",
         "    load-checkpoint ................................: (21331.12, 21342.80)",
         "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % (t + sec(66)).strftime("%Y-%m-%d %H:%M:%S"),
         "> building train, validation, and test datasets ...",
         " > datasets target sizes (minimum size):",
         "    train:      256000000",
         "    validation: 2560000",
         "    test:       10240",
         "> building train, validation, and test datasets for GPT ...",
         "> finished creating GPT datasets ...",
         "[after dataloaders are built] datetime: %s " % (t + sec(79)).strftime("%Y-%m-%d %H:%M:%S"),
         "done with setup ...",
         "(min, max) time across ranks (ms):",
         "    model-and-optimizer-setup ......................: (25112.44, 25130.08)",
         "    train/valid/test-data-iterators-setup ..........: (12203.91, 12550.37)",
         "training ..."]
    log.addm(t, [pre + x for x in L], step=1.8)


def ssh_dmesg_header():
    return []


# =========================================================================== bo01
def case01():
    b = Bundle("bo01_nccl_timeouts_five_hours_in", 7001)
    rng = b.rng
    hosts = ["gpu-b11", "gpu-b12", "gpu-b13", "gpu-b14"]
    ips = ["10.1.0.11", "10.1.0.12", "10.1.0.13", "10.1.0.14"]
    gpn, nn = 8, 4
    world = gpn * nn
    jobid = 771204
    submit = D(2024, 5, 13, 20, 58, 2)
    start = D(2024, 5, 13, 21, 2, 14)
    T0 = D(2024, 5, 14, 2, 30, 49, 311000)  # Xid 79 on gpu-b13 GPU 5
    bad, bad_lr = 2, 5
    bad_rank = bad * gpn + bad_lr
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    driver, cuda = "550.54.15", "12.4"
    boot = D(2024, 5, 2, 9, 14, 3)
    it0 = 121000
    step_s = 6.21
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        ap = 140011 + ni * 17
        pids = [61120 + ni * 311 + i for i in range(gpn)]
        pre = lambda lr, r: "[default%d]:" % lr
        t = start + sec(47 + ni * 0.4)
        torchrun_banner(log, t, ap)
        if ni == 0:
            megatron_startup(log, t + sec(6), "[default0]:", world, 8, 1, "/lustre/llm-core/ckpt/gpt13b-v4", it0, 1641195520)
        warn = None
        if ni == 1:
            warn = {3: "%s:%d:%d [3] NCCL WARN NET/IB : Got async event : client reregistration event" % (h, pids[3], pids[3] + 176)}
        nccl_init(log, t + sec(44), h, pids, ni, nn, gpn, PCI_DGXH100, hcas, prefix=pre, ip=ips[ni], nch=8, extra_warn=warn)
        # training progress from the last rank (Megatron prints on last rank)
        tstart = t + sec(95)
        if ni == nn - 1:
            it = it0
            tt = tstart
            while tt < T0:
                it += 10
                tt = tt + sec(10 * step_s + rng.uniform(-0.4, 0.4))
                if tt >= T0:
                    break
                loss = 1.912 - (it - it0) * 0.0000061 + rng.uniform(-0.012, 0.012)
                log.add(tt, "[default7]:" + megatron_iter(tt, it, 250000, 1024, 1000 * step_s + rng.uniform(-40, 40), 2.9e-4 - (it - it0) * 1e-9, loss, 0.19 + rng.uniform(-0.03, 0.03)))
                if it % 1000 == 0:
                    log.add(tt + sec(3), "[default7]:saving checkpoint at iteration %7d to /lustre/llm-core/ckpt/gpt13b-v4 in torch_dist format" % it)
                    log.add(tt + sec(41), "[default7]:  successfully saved checkpoint from iteration %7d to /lustre/llm-core/ckpt/gpt13b-v4 [ t 7, p 0 ]" % it)
                    log.add(tt + sec(41), "[default7]:(min, max) time across ranks (ms):")
                    log.add(tt + sec(41), "[default7]:    save-checkpoint ................................: (37112.90, 37204.11)")
        last_seq = 3961522
        if ni == bad:
            r = bad_rank
            tt = T0 + sec(1.9)
            log.add(tt, "[default5]:%s:%d:%d [5] include/alloc.h:139 NCCL WARN Cuda failure 'unknown error'" % (h, pids[5], pids[5] + 178))
            log.add(tt, "[default5]:%s:%d:%d [5] NCCL INFO transport/net.cc:1124 -> 1" % (h, pids[5], pids[5] + 178))
            log.addm(tt + sec(0.2), ["[default5]:" + x for x in cuda_err_block(tt + sec(0.2), r, "unknown error")])
            others = [p for i, p in enumerate(pids) if i != bad_lr]
            root = (r, bad_lr, -6, pids[bad_lr], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(31)) for i in range(gpn) if i != bad_lr]
            log.addm(tt + sec(1.2), agent_failure(tt + sec(1.2), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root, sigterm_pids=others))
            ends[h] = tt + sec(33)
        elif ni in (1, 3):
            r = ni * gpn + (gpn - 1 if ni == 1 else 0)
            lr = r - ni * gpn
            tt = T0 + sec(7.4 if ni == 1 else 8.1)
            peer = ips[bad]
            dirn = "Send" if ni == 1 else "Recv"
            err = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (peer, 43291 + ni, 0 if ni == 1 else 128, dirn, ips[ni], peer, 3 if ni == 1 else 0)
            log.add(tt, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (lr, h, pids[lr], pids[lr] + 181, lr, err))
            log.add(tt, "[default%d]:%s:%d:%d [%d] NCCL INFO transport/net.cc:1134 -> 6" % (lr, h, pids[lr], pids[lr] + 181, lr))
            log.add(tt, "[default%d]:%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (lr, h, pids[lr], pids[lr] + 181, lr))
            c = "[default%d]:[rank%d]:[%s " % (lr, r, f_glog(tt + sec(0.3), "E", True))
            log.add(tt + sec(0.3), c + "ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % r)
            log.add(tt + sec(0.3), "[default%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % lr)
            log.add(tt + sec(0.3), "[default%d]:Last error:" % lr)
            log.add(tt + sec(0.3), "[default%d]:%s" % (lr, err))
            log.add(tt + sec(0.4), "[default%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % lr)
            others = [p for i, p in enumerate(pids) if i != lr]
            root = (r, lr, -6, pids[lr], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(31)) for i in range(gpn) if i != lr]
            log.addm(tt + sec(1.5), agent_failure(tt + sec(1.5), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root, sigterm_pids=others))
            ends[h] = tt + sec(33)
        else:
            tt = T0 + sec(600.1)
            for lr in range(gpn):
                r = ni * gpn + lr
                log.addm(tt + sec(0.02 * lr), ["[default%d]:" % lr + x for x in wd_timeout(tt + sec(0.02 * lr), r, last_seq, "ALLREDUCE", 52428800, 600000, 600031 + lr * 7)])
            root = (0, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
            fails = [(i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root, sigterm_pids=[]))
            ends[h] = tt + sec(4)
        log.add(ends[h] + sec(0.5), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        b.w("%s/torchrun.log" % h, log.lines())
        # kernel log
        extra = []
        kp = boot_lines(h, "5.15.0-105-generic", driver, PCI_DGXH100, hcas, open_mod=False, fm=True)
        pairs = [(x[0], x[1]) for x in kp]
        pairs += periodic_noise(rng, boot + sec(120), ends[h] + sec(60), 4 * 3600, h)
        if ni == 0:
            tx = D(2024, 5, 8, 14, 12, 51)
            pairs += [(tx, "NVRM: Xid (PCI:0000:43:00): 13, pid=1882211, name=python, Graphics SM Warp Exception on (GPC 3, TPC 0, SM 1): Out Of Range Address"),
                      (tx, "NVRM: Xid (PCI:0000:43:00): 13, pid=1882211, name=python, Graphics SM Global Exception on (GPC 3, TPC 0, SM 1): Multiple Warp Errors"),
                      (tx, "NVRM: Xid (PCI:0000:43:00): 13, pid=1882211, name=python, Graphics Exception: ESR 0x51e730=0x201000e 0x51e734=0x24 0x51e728=0xc81eb60 0x51e72c=0x1174"),
                      (tx + sec(1), "NVRM: Xid (PCI:0000:43:00): 43, pid=1882211, name=python, Ch 00000008")]
        if ni == bad:
            bs = 1652322004519
            pairs += [(T0, "NVRM: GPU at PCI:0000:c3:00: GPU-4d1e7c2a-91b3-6f0e-2c55-0a7be1f39d84"),
                      (T0, "NVRM: GPU Board Serial Number: %d" % bs),
                      (T0, "NVRM: Xid (PCI:0000:c3:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                      (T0, "NVRM: GPU 0000:c3:00.0: GPU has fallen off the bus."),
                      (T0, "NVRM: GPU 0000:c3:00.0: GPU serial number is %d." % bs),
                      (T0 + sec(0.2), "NVRM: A GPU crash dump has been created. If possible, please run"),
                      (T0 + sec(0.2), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                      (T0 + sec(0.2), "NVRM: the NVIDIA kernel module is unloaded."),
                      (T0 + sec(2.8), "NVRM: Xid (PCI:0000:c3:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")]
        if ni in (1, 3):
            pairs += [(T0 + sec(9), "infiniband mlx5_%d: mlx5_handle_error_cqe:332:(pid %d): WC error: 12, Message: transport retry counter exceeded" % (3 if ni == 1 else 0, pids[7 if ni == 1 else 0]))]
        b.w("%s/dmesg.txt" % h, render_kernel("T", h, boot, sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else boot + sec(p[0]))))
        # nvidia-smi snapshot taken by the collection script
        snap = ends[h] + sec(400)
        if ni == bad:
            b.w("%s/nvidia-smi.txt" % h, smi_table(snap, driver, cuda, "H100", PCI_DGXH100, fell="c3"))
        else:
            b.w("%s/nvidia-smi.txt" % h, smi_table(snap, driver, cuda, "H100", PCI_DGXH100, gpus=[dict(temp=31 + rng.randint(0, 5), pwr=70 + rng.randint(0, 9)) for _ in range(8)]))
    end = max(ends.values()) + sec(2)
    b.w("sacct.txt", sacct(jobid, "gpt13b", [("", "gpt13b-pt", "FAILED", "1:0", start, end, 4), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                              (".extern", "extern", "COMPLETED", "0:0", start, end, 4), (".0", "torchrun", "FAILED", "1:0", start + sec(44), end, 4)], "gpu-b[11-14]"))
    b.w("scontrol_show_job.txt", scontrol_job(jobid, "gpt13b-pt", "mhartley", "llm-core", "batch", "FAILED", "NonZeroExitCode", submit, start, end, 4, "gpu-b[11-14]", 4, 8,
                                              "/home/mhartley/jobs/gpt13b/run_pretrain.sbatch", "/home/mhartley/jobs/gpt13b"))
    sl = [f_slurm(submit) + " _slurm_rpc_submit_batch_job: JobId=%d InitPrio=41788 usec=1410" % jobid,
          f_slurm(start) + " sched: Allocate JobId=%d NodeList=gpu-b[11-14] #CPUs=896 Partition=batch" % jobid,
          f_slurm(T0 + sec(61)) + " update_node: node gpu-b13 reason set to: NHC: check_nv_healthmon: GPU 0000:c3:00.0 not accessible",
          f_slurm(T0 + sec(61)) + " update_node: node gpu-b13 state set to DRAINING",
          f_slurm(T0 + sec(35)) + " _job_complete: JobId=%d StepId=0 node gpu-b13 exit 1" % jobid,
          f_slurm(end) + " _job_complete: JobId=%d WEXITSTATUS 1" % jobid,
          f_slurm(end) + " _job_complete: JobId=%d done" % jobid,
          f_slurm(end + sec(4)) + " error: Node gpu-b13 has low real_memory size (2063114 < 2064000)" if False else f_slurm(end + sec(4)) + " _slurm_rpc_drain_nodes: Already draining gpu-b13"]
    b.w("slurmctld.log", sorted(sl))
    b.w("topology.json", json.dumps({"topology": {"leaf-ib-07": hosts}}, indent=1))
    b.set_label("gpu_hardware", "infrastructure", "gpu-b13", bad_rank, "restart_without_node",
                "gpu-b13 logs Xid 79 (GPU 0000:c3:00 fell off the bus) at 02:30:49 and rank 21 (local rank 5) dies 2 s later with 'CUDA error: unknown error'; the ncclRemoteError on gpu-b12/gpu-b14 (peer 10.1.0.13) and the 10-minute watchdog timeouts on gpu-b11 are sympathetic, and the Xid 13 on gpu-b11 is from another job a week earlier.",
                "https://github.com/learning-at-home/hivemind/issues/509")
    return b


# =========================================================================== bo02
def tq(x):
    x = int(x)
    h, m, s_ = x // 3600, x // 60 % 60, x % 60
    return "%d:%02d:%02d" % (h, m, s_) if h else "%02d:%02d" % (m, s_)


def py_tb(pre, frames, exc):
    L = [pre + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        L.append(pre + '  File "%s", line %d, in %s' % (f, ln, fn))
        L.append(pre + "    " + code)
    L.append(pre + exc)
    return L


def case02():
    b = Bundle("bo02_illegal_memory_access_same_step_every_node", 7002)
    rng = b.rng
    gpn = 8
    driver, cuda = "535.183.06", "12.2"
    site = "/usr/local/lib/python3.11/site-packages"
    attempts = [(["a100-r3-n05", "a100-r3-n06"], D(2024, 6, 3, 22, 41, 7), "10.20.3."),
                (["a100-r3-n05", "a100-r3-n09"], D(2024, 6, 4, 8, 12, 40), "10.20.3.")]
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    boots = {"a100-r3-n05": D(2024, 5, 27, 7, 3, 11), "a100-r3-n06": D(2024, 5, 29, 16, 40, 2), "a100-r3-n09": D(2024, 5, 21, 11, 8, 45)}
    kernel_lines = {h: [] for h in boots}
    for ai, (hosts, t0, ipb) in enumerate(attempts):
        crash_t = t0 + sec(131.4 + ai * 3.1)
        for ni, h in enumerate(hosts):
            log = Log()
            ap = 33101 + ni * 9 + ai * 4000
            pids = [33140 + ni * 57 + ai * 4000 + i for i in range(gpn)]
            torchrun_banner(log, t0, ap)
            tt = t0 + sec(4)
            ip = ipb + h[-2:].lstrip("0")
            for lr in range(gpn):
                r = ni * gpn + lr
                p = "[rank%d]:" % r
                lines = ["%s - root - INFO - Starting job: Llama 3 8B - fused-swiglu ablation" % f_py(tt)[1:-1],
                         "%s - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING] = 1 will be overridden to 3 based on job config" % f_py(tt)[1:-1],
                         "%s - root - INFO - Building 1-D device mesh with ['dp_shard'], [16]" % f_py(tt + sec(0.3))[1:-1],
                         "%s - root - INFO - Building tiktoken tokenizer locally from ./assets/tokenizer/original/tokenizer.model" % f_py(tt + sec(0.5))[1:-1],
                         "%s - root - INFO - TikTokenizer built: #words 128256, BOS ID 128000, EOS ID 128001" % f_py(tt + sec(0.9))[1:-1],
                         "%s - root - INFO - Preparing c4 dataset from allenai/c4" % f_py(tt + sec(1.0))[1:-1]]
                if lr == 0 and ni == 0:
                    lines += ["%s - root - INFO - Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm', ffn_impl='fused_swiglu')" % f_py(tt + sec(20))[1:-1],
                              "%s - root - INFO - Model llama3 8B size: 8,030,261,248 total parameters" % f_py(tt + sec(22))[1:-1],
                              "%s - root - INFO - Applied selective activation checkpointing to the model" % f_py(tt + sec(22))[1:-1],
                              "%s - root - INFO - Applied FSDP to the model" % f_py(tt + sec(23))[1:-1],
                              "%s - root - INFO - CUDA memory usage for model: 3.77GiB(4.74%%)" % f_py(tt + sec(24))[1:-1],
                              "%s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 32, sequence length 8192, total steps 3000 (warmup 200)" % f_py(tt + sec(31))[1:-1],
                              "%s - root - INFO - Profiling active. Traces will be saved at ./outputs/profile_trace" % f_py(tt + sec(31))[1:-1]]
                log.addm(tt, [p + x for x in lines], step=0.2)
            nccl_init(log, t0 + sec(60), h, pids, ni, 2, gpn, PCI_DGXA100, hcas, version="2.20.5+cuda12.4", prefix=lambda lr, r: "[rank%d]:" % r, ip=ip, commid="0x%016x" % (0x77aa10f3 + ai), cudadrv="12020")
            for lr in range(gpn):
                r = ni * gpn + lr
                p = "[rank%d]:" % r
                ct = crash_t + sec(0.004 * lr + 0.05 * ni)
                frames = [("/workspace/torchtitan/train.py", 433, "<module>", "main(config)"),
                          ("%s/torch/distributed/elastic/multiprocessing/errors/__init__.py" % site, 355, "wrapper", "return f(*args, **kwargs)"),
                          ("/workspace/torchtitan/train.py", 306, "main", "pred = model(input_ids)"),
                          ("%s/torch/nn/modules/module.py" % site, 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                          ("%s/torch/nn/modules/module.py" % site, 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
                          ("/workspace/torchtitan/torchtitan/models/llama/model.py", 441, "forward", "h = layer(h, self.freqs_cis)"),
                          ("/workspace/torchtitan/torchtitan/models/llama/model.py", 356, "forward", "out = h + self.feed_forward(self.ffn_norm(h))"),
                          ("/workspace/torchtitan/torchtitan/models/llama/model.py", 301, "forward", "return self.w2(fused_swiglu(self.w1(x), self.w3(x)))"),
                          ("/workspace/torchtitan/kernels/fused_swiglu.py", 91, "fused_swiglu", "_swiglu_fwd_kernel[grid](a, b, out, a.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)"),
                          ("%s/triton/runtime/jit.py" % site, 345, "<lambda>", "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)"),
                          ("%s/triton/runtime/jit.py" % site, 691, "run", "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata, launch_metadata,"),
                          ("%s/triton/backends/nvidia/driver.py" % site, 365, "__call__", "self.launch(*args, **kwargs)")]
                log.addm(ct, py_tb(p, frames, "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered"))
                if lr == 3:
                    log.add(ct + sec(0.4), p + "[W604 %s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added since PyTorch 2.4 (function operator())" % ct.strftime("%H:%M:%S.%f"))
                kt = crash_t - sec(0.02) + sec(0.004 * lr + 0.05 * ni)
                kernel_lines[h] += [(kt, "NVRM: Xid (PCI:0000:%s:00): 13, pid=%d, name=pt_main_thread, Graphics SM Warp Exception on (GPC %d, TPC %d, SM %d): Out Of Range Address" % (PCI_DGXA100[lr], pids[lr], rng.randint(0, 7), rng.randint(0, 8), rng.randint(0, 1))),
                                    (kt, "NVRM: Xid (PCI:0000:%s:00): 13, pid=%d, name=pt_main_thread, Graphics SM Global Exception on (GPC %d, TPC %d, SM %d): Multiple Warp Errors" % (PCI_DGXA100[lr], pids[lr], rng.randint(0, 7), rng.randint(0, 8), rng.randint(0, 1))),
                                    (kt, "NVRM: Xid (PCI:0000:%s:00): 13, pid=%d, name=pt_main_thread, Graphics Exception: ESR 0x50%x730=0x%x 0x50%x734=0x24 0x50%x728=0x%x 0x50%x72c=0x1174" % (PCI_DGXA100[lr], pids[lr], rng.randint(0, 15), 0x4000e + rng.randint(0, 9) * 0x100000, rng.randint(0, 15), rng.randint(0, 15), 0xc81eb60 + rng.randint(0, 99), rng.randint(0, 15))),
                                    (kt + sec(0.6), "NVRM: Xid (PCI:0000:%s:00): 43, pid=%d, name=pt_main_thread, Ch 00000008" % (PCI_DGXA100[lr], pids[lr]))]
            first = crash_t + sec(0.05 * ni)
            fails = [(ni * gpn + i, i, 1, pids[i], "[See inner exception above]" if False else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", first + sec(2)) for i in range(1, gpn)]
            root = (ni * gpn, 0, 1, pids[0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", first + sec(2))
            log.addm(first + sec(2.5), agent_failure(first + sec(1.0), h, "train.py", fails, root, site=site))
            b.w("attempt_%d/%s/console.log" % (ai, h), log.lines())
    for h, bt in boots.items():
        kp = boot_lines(h, "5.15.0-112-generic", driver, PCI_DGXA100, hcas, open_mod=False, fm=True)
        pairs = [(x[0], x[1]) for x in kp] + kernel_lines[h]
        pairs += periodic_noise(rng, bt + sec(300), D(2024, 6, 4, 8, 20), 5 * 3600, h)
        for ai, (hosts, t0, _) in enumerate(attempts):
            if h in hosts:
                pairs.append((t0 + sec(40), "nvidia-nvswitch2: SXid (PCI:0000:c6:00.0): 12028, Non-fatal, Link 33 egress non-posted PRIV error (First)") if False else (t0 + sec(1), "IPv6: ADDRCONF(NETDEV_CHANGE): veth3a91c2e: link becomes ready"))
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        ai = 1 if h != "a100-r3-n06" else 0
        b.w("attempt_%d/%s/dmesg.txt" % (ai, h), render_kernel("T", h, bt, pairs))
    # ops ran a diag on n06 between attempts
    b.w("attempt_0/a100-r3-n06/dcgmi_diag_r3.txt", ["$ dcgmi diag -r 3   # run by oncall 2024-06-04 07:31 after job 0 failure"] + dcgmi_diag("3.3.6", driver, "A100", 8))
    b.w("attempt_1/a100-r3-n09/nvidia-smi.txt", smi_table(D(2024, 6, 4, 8, 19, 2), driver, cuda, "A100", PCI_DGXA100, gpus=[dict(temp=30 + i % 3, pwr=61) for i in range(8)]))
    b.w("NOTES.txt", ["job: llama3-8b fused-swiglu ablation (team: pretrain-efficiency)",
                      "attempt_0: 2024-06-03 22:41 on a100-r3-n05,a100-r3-n06 -> crashed at step 1",
                      "oncall suspected a100-r3-n06 (many Xids), ran dcgmi diag -r 3 (pass), resubmitted with n06 swapped for n09",
                      "attempt_1: 2024-06-04 08:12 on a100-r3-n05,a100-r3-n09 -> crashed at step 1 again"])
    b.set_label("user_code", "script", None, None, "stop",
                "Both attempts die at step 1 on all 16 ranks with 'Triton Error [CUDA]: an illegal memory access' raised from the job's own kernels/fused_swiglu.py, with matching Xid 13 'Out Of Range Address' on every GPU of three different nodes; a node fault would not hit every GPU identically, and dcgmi diag on n06 passes.",
                "https://github.com/meta-pytorch/tritonbench/issues/893")
    return b


# =========================================================================== bo03
def case03():
    b = Bundle("bo03_one_rank_illegal_memory_access_after_resume", 7003)
    rng = b.rng
    gpn, nn = 8, 4
    driver, cuda = "550.90.07", "12.4"
    site = "/opt/conda/lib/python3.10/site-packages"
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    attempts = [(["hgx-0404", "hgx-0407", "hgx-0409", "hgx-0412"], D(2024, 8, 19, 13, 2, 55), 0, 2311),
                (["hgx-0404", "hgx-0407", "hgx-0409", "hgx-0419"], D(2024, 8, 19, 19, 40, 12), 2000, 2311)]
    bad_r = 29
    step_s = 8.9
    boots = {h: D(2024, 8, 12, 6, 0, 0) + sec(3600 * i + 611 * i) for i, h in enumerate(["hgx-0404", "hgx-0407", "hgx-0409", "hgx-0412", "hgx-0419"])}
    klines = {h: [] for h in boots}
    for ai, (hosts, t0, start_step, crash_step) in enumerate(attempts):
        tstart = t0 + sec(150)
        crash_t = tstart + sec((crash_step - start_step) * step_s + 3.2)
        bad_node = bad_r // gpn
        log_all = {h: Log() for h in hosts}
        top = log_all[hosts[0]]
        top.addm(t0 - sec(6), ["[%s] [INFO] [runner.py:463:main] Using IP address of 10.60.4.4 for node hgx-0404" % f_py(t0 - sec(6))[1:-1],
                               "[%s] [INFO] [multinode_runner.py:81:get_cmd] Running on the following workers: %s" % (f_py(t0 - sec(6))[1:-1], ",".join(hosts)),
                               "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/home/rvaldes/sft-longctx;  cd /home/rvaldes/sft-longctx; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJoZ3gtMDQwNCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=10.60.4.4 --master_port=29500 train_sft.py --deepspeed ds_zero2.json --model_name_or_path /models/Mistral-7B-v0.3 --max_seq_len 8192 --rope_impl cuda_ext%s" % (f_py(t0 - sec(6))[1:-1], ",".join(hosts), " --resume_from_checkpoint out/checkpoint-2000" if ai else "")])
        for ni, h in enumerate(hosts):
            log = log_all[h]
            pre = h + ": "
            pids = [51200 + ni * 97 + ai * 9000 + i for i in range(gpn)]
            log.addm(t0, [pre + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {%s}" % (f_py(t0)[1:-1], ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % x for x in hosts)),
                          pre + "[%s] [INFO] [launch.py:152:main] nnodes=%d, num_local_procs=8, node_rank=%d" % (f_py(t0)[1:-1], nn, ni),
                          pre + "[%s] [INFO] [launch.py:164:main] dist_world_size=32" % f_py(t0)[1:-1],
                          pre + "[%s] [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % f_py(t0)[1:-1],
                          pre + "[%s] [INFO] [launch.py:253:main] process %d spawned with command: ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=0', '--deepspeed', 'ds_zero2.json']" % (f_py(t0)[1:-1], pids[0])])
            for lr in range(gpn):
                r = ni * gpn + lr
                tt = t0 + sec(9 + lr * 0.03)
                L = [pre + "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % f_py(tt)[1:-1]]
                if r == 0:
                    L += [pre + "[%s] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % f_py(tt)[1:-1]]
                L += [pre + "Using /home/rvaldes/.cache/torch_extensions/py310_cu124 as PyTorch extensions root...",
                      pre + "Detected CUDA files, patching ldflags",
                      pre + "Emitting ninja build file /home/rvaldes/.cache/torch_extensions/py310_cu124/rope_ext/build.ninja...",
                      pre + "Building extension module rope_ext...",
                      pre + "Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)",
                      pre + "ninja: no work to do.",
                      pre + "Loading extension module rope_ext..."]
                log.addm(tt, L, step=0.05)
            nccl_init(log, t0 + sec(40), h, pids, ni, nn, gpn, PCI_HGXH100, hcas, version="2.21.5+cuda12.4", prefix=lambda lr, r, pre=pre: pre, ip="10.60.4.%s" % h[-2:].lstrip("0"), nch=16)
            if ni == 0:
                tt = t0 + sec(70)
                log.addm(tt, [pre + "[%s] [INFO] [config.py:1003:print] DeepSpeedEngine configuration:" % f_py(tt)[1:-1],
                              pre + "[%s] [INFO] [config.py:1007:print]   bf16_enabled ................. True" % f_py(tt)[1:-1],
                              pre + "[%s] [INFO] [config.py:1007:print]   zero_optimization_stage ...... 2" % f_py(tt)[1:-1],
                              pre + "[%s] [INFO] [config.py:1007:print]   train_micro_batch_size_per_gpu  1" % f_py(tt)[1:-1],
                              pre + "[%s] [INFO] [config.py:1007:print]   gradient_accumulation_steps .. 4" % f_py(tt)[1:-1]])
                log.add(tt + sec(20), pre + "Map (num_proc=32): 100%|##########| 412000/412000 [00:41<00:00, 9961.12 examples/s]")
                log.add(tt + sec(21), pre + "Token indices sequence length is longer than the specified maximum sequence length for this model (16411 > 8192). Running this sequence through the model will result in indexing errors")
                if ai:
                    log.add(tt + sec(30), pre + "  Continuing training from checkpoint, will skip to saved global_step")
                    log.add(tt + sec(30), pre + "  Continuing training from global step 2000")
                s = start_step
                ts = tstart
                total = 12876
                while s < crash_step:
                    s += 1
                    ts = ts + sec(step_s + rng.uniform(-0.3, 0.3))
                    if ts >= crash_t:
                        break
                    if s % 10 == 0:
                        el = ts - tstart
                        log.add(ts, pre + " %2d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (100 * s // total, "#" * (10 * s // total) + " " * (10 - 10 * s // total), s, total, tq(el.total_seconds()), tq((total - s) * step_s), step_s))
                    if s % 50 == 0:
                        log.add(ts, pre + "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.21 - s * 0.00004 + rng.uniform(-0.03, 0.03), 0.61 + rng.uniform(-0.1, 0.2), 2e-5 * min(1, s / 200), s / 4292))
            if ni == bad_node:
                lr = bad_r % gpn
                ct = crash_t
                p = pre
                frames = [("/home/rvaldes/sft-longctx/train_sft.py", 214, "<module>", "main()"),
                          ("/home/rvaldes/sft-longctx/train_sft.py", 207, "main", "trainer.train(resume_from_checkpoint=args.resume_from_checkpoint)"),
                          ("%s/transformers/trainer.py" % site, 2123, "train", "return inner_training_loop("),
                          ("%s/transformers/trainer.py" % site, 2481, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)"),
                          ("%s/transformers/trainer.py" % site, 3579, "training_step", "loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)"),
                          ("%s/deepspeed/runtime/engine.py" % site, 1899, "forward", "loss = self.module(*inputs, **kwargs)"),
                          ("/home/rvaldes/sft-longctx/modeling/mistral_rope.py", 77, "forward", "q, k = apply_rotary_ext(q, k, self.cos_cached, self.sin_cached, position_ids)"),
                          ("/home/rvaldes/sft-longctx/ops/rope_ext.py", 41, "apply_rotary_ext", "return _C.rope_fwd(q, k, cos, sin, pos)")]
                log.addm(ct, py_tb(p + "[rank%d]: " % bad_r, frames, "RuntimeError: CUDA error: an illegal memory access was encountered"))
                log.addm(ct, [p + "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % bad_r,
                              p + "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % bad_r,
                              p + "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % bad_r])
                log.addm(ct + sec(2), [p + "[%s] [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_py(ct + sec(2))[1:-1], pids[i]) for i in range(gpn)])
                log.add(ct + sec(4), p + "[%s] [ERROR] [launch.py:322:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=%d', '--deepspeed', 'ds_zero2.json', '--model_name_or_path', '/models/Mistral-7B-v0.3', '--max_seq_len', '8192', '--rope_impl', 'cuda_ext'] exits with return code = 1" % (f_py(ct + sec(4))[1:-1], lr))
                bpci = PCI_HGXH100[lr]
                klines[h].append((ct - sec(0.3), "NVRM: Xid (PCI:0000:%s:00): 31, pid=%d, name=python, Ch 0000000c, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_2 faulted @ 0x7f%02x_%08x. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % (bpci, pids[lr], 0x10 + ai * 0x2b, 0x4a000000 + ai * 0x1200000)))
            else:
                tt = crash_t + sec(5.5 + ni)
                lr = 0
                r = ni * gpn
                log.addm(tt, [pre + "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, f_glog(tt, "E", True), r),
                              pre + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                              pre + "Last error:",
                              pre + "socketProgress: Connection closed by remote peer hgx-%s.cluster.local<56%03d>" % (hosts[bad_node][-4:], ai * 100 + 12),
                              pre + "terminate called after throwing an instance of 'c10::DistBackendError'"])
                log.addm(tt + sec(1), [pre + "[%s] [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_py(tt + sec(1))[1:-1], pids[i]) for i in range(gpn)])
                log.add(tt + sec(2), pre + "[%s] [ERROR] [launch.py:322:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=0', '--deepspeed', 'ds_zero2.json'] exits with return code = -6" % f_py(tt + sec(2))[1:-1])
            log.add(crash_t + sec(9), "pdsh@hgx-0404: %s: ssh exited with exit code %d" % (h, 1 if ni == bad_node else 250))
        for h in hosts:
            b.w("attempt_%d/%s/deepspeed.log" % (ai, h), log_all[h].lines())
    for h, bt in boots.items():
        kp = boot_lines(h, "6.5.0-45-generic", driver, PCI_HGXH100, hcas, open_mod=True, fm=True)
        pairs = [(x[0], x[1]) for x in kp] + klines[h] + periodic_noise(rng, bt + sec(200), D(2024, 8, 20, 1, 0), 3 * 3600, h)
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        ai = 0 if h == "hgx-0412" else 1
        b.w("attempt_%d/%s/journalctl-k.txt" % (ai, h), render_kernel("syslog", h, bt, pairs))
    b.w("attempt_1/retry_wrapper.log", ["%s retry-wrapper: job sft-longctx-mistral attempt 0 failed (rc=1); node hgx-0412 reported Xid 31, excluding it" % D(2024, 8, 19, 19, 35, 2).isoformat(),
                                        "%s retry-wrapper: relaunching from out/checkpoint-2000 on hgx-0404,hgx-0407,hgx-0409,hgx-0419" % D(2024, 8, 19, 19, 39, 58).isoformat()])
    b.set_label("user_code", "script", None, None, "stop",
                "Rank 29 hits an illegal memory access inside the job's own ops/rope_ext.py CUDA extension at the same global step 2311 in both attempts, first on hgx-0412 then on replacement hgx-0419, each with an Xid 31 MMU fault; the tokenizer warned about a 16411-token sample longer than the 8192 RoPE cache, so the fault follows the data and code, not the hardware.",
                "https://docs.byteplus.com/en/docs/mlp/How_to_handle_common_Xid_events")
    return b


# =========================================================================== bo04
def oom_msg(alloc, gidx, total, free, inuse, byp, reserved, other=None):
    s = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of %.2f GiB of which %.2f GiB is free. " % (alloc, gidx, total, free)
    if other:
        s += "Process %d has %.2f GiB memory in use. " % other
    s += "Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (inuse, byp, reserved)
    return s


def case04():
    b = Bundle("bo04_crash_on_first_step_after_config_change", 7004)
    rng = b.rng
    hosts = ["node101", "node102", "node103", "node104"]
    gpn = 4
    buses = ["01", "41", "81", "c1"]
    driver, cuda = "535.183.01", "12.2"
    jobid = 3318820
    start = D(2024, 9, 2, 15, 20, 4)
    t0 = start + sec(12)
    site = "/opt/venvs/lit/lib/python3.11/site-packages"
    out = Log()
    out.add(start, "+ export PYTORCH_CUDA_ALLOC_CONF=")
    out.add(start, "+ srun -l --ntasks-per-node=4 --gpus-per-task=1 python train_lm.py --config configs/lm1b7_fsdp.yaml trainer.max_steps=200000 data.max_seq_len=8192 data.micro_batch_size=4")
    for r in range(16):
        out.add(t0 + sec(3 + r * 0.01), "%2d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r, r + 1))
    out.addm(t0 + sec(1), [" 0: GPU available: True (cuda), used: True", " 0: TPU available: False, using: 0 TPU cores", " 0: HPU available: False, using: 0 HPUs",
                           " 0: Using bfloat16 Automatic Mixed Precision (AMP)"])
    out.addm(t0 + sec(9), [" 0: ----------------------------------------------------------------------------------------------------",
                           " 0: distributed_backend=nccl", " 0: All distributed processes registered. Starting with 16 processes",
                           " 0: ----------------------------------------------------------------------------------------------------", " 0: "])
    for r in range(16):
        out.add(t0 + sec(10 + r * 0.01), "%2d: LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [%d]" % (r, r % 4, r % 4))
    hp = ["model: {name: lm-1b7, n_layer: 24, d_model: 2048, n_head: 16, vocab: 50304}",
          "data: {path: /datasets/redpajama-sample/tokenized, max_seq_len: 8192, micro_batch_size: 4, num_workers: 8}",
          "optim: {lr: 0.0003, weight_decay: 0.1, betas: [0.9, 0.95], warmup_steps: 2000}",
          "trainer: {max_steps: 200000, precision: bf16-mixed, strategy: fsdp, activation_checkpointing: false, log_every_n_steps: 10}"]
    out.addm(t0 + sec(11), [" 0: " + x for x in hp])
    out.addm(t0 + sec(14), [" 0: ",
                            " 0:   | Name  | Type     | Params | Mode ",
                            " 0: -------------------------------------------",
                            " 0: 0 | model | GPTModel | 1.7 B  | train",
                            " 0: -------------------------------------------",
                            " 0: 1.7 B     Trainable params", " 0: 0         Non-trainable params", " 0: 1.7 B     Total params",
                            " 0: 6,903.587 Total estimated model params size (MB)", " 0: 415       Modules in train mode", " 0: 0         Modules in eval mode"])
    out.add(t0 + sec(15), " 0: /opt/venvs/lit/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'train_dataloader' does not have many workers which may be a bottleneck.")
    pids = {r: 71200 + (r // 4) * 1000 + r % 4 for r in range(16)}
    for ni, h in enumerate(hosts):
        nccl_init(out, t0 + sec(12), h, [pids[ni * 4 + i] for i in range(4)], ni, 4, 4, buses, [("mlx5_0", "0c"), ("mlx5_1", "8c")],
                  version="2.21.5+cuda12.4", prefix=lambda lr, r: "%2d: " % r, ip="172.16.8.%d" % (101 + ni), nch=4, cudadrv="12020")
    out.add(t0 + sec(17), " 0: Epoch 0:   0%|          | 0/24414 [00:00<?, ?it/s]")
    crash = t0 + sec(23.6)
    order = [6, 2, 14, 10, 1, 5, 9, 13, 3, 7, 11, 15, 0, 4, 8, 12]
    for k, r in enumerate(order):
        tt = crash + sec(0.11 * k + rng.uniform(0, 0.05))
        pre = "%2d: " % r
        frames = [("/home/dkowalski/lm/train_lm.py", 142, "<module>", "main()"),
                  ("/home/dkowalski/lm/train_lm.py", 137, "main", "trainer.fit(model, datamodule=dm)"),
                  ("%s/lightning/pytorch/trainer/trainer.py" % site, 538, "fit", "call._call_and_handle_interrupt("),
                  ("%s/lightning/pytorch/trainer/call.py" % site, 46, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
                  ("%s/lightning/pytorch/loops/optimization/automatic.py" % site, 319, "_training_step", "training_step_output = call._call_strategy_hook(trainer, \"training_step\", *kwargs.values())"),
                  ("/home/dkowalski/lm/model.py", 211, "training_step", "logits = self.model(batch[\"input_ids\"])"),
                  ("/home/dkowalski/lm/model.py", 168, "forward", "x = blk(x)"),
                  ("/home/dkowalski/lm/model.py", 97, "forward", "att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))")]
        free = 2.91 - 0.07 * (r % 3)
        out.addm(tt, py_tb(pre, frames, oom_msg(4.0, 0, 39.39, free, 39.39 - free - 0.01, 33.12 + 0.02 * (r % 4), 2.87 - 0.02 * (r % 4))))
    out.add(crash + sec(2.4), "srun: error: node102: task 6: Exited with exit code 1")
    out.add(crash + sec(2.5), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    out.add(crash + sec(2.6), "slurmstepd: error: *** STEP %d.0 ON node101 CANCELLED AT %s ***" % (jobid, (crash + sec(2.6)).strftime("%Y-%m-%dT%H:%M:%S")))
    for ni, h in enumerate(hosts):
        out.add(crash + sec(3.2 + ni * 0.1), "srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, ni * 4, ni * 4 + 3) if ni != 1 else "srun: error: node102: tasks 4-5,7: Exited with exit code 1")
    end = crash + sec(5)
    b.w("slurm-%d.out" % jobid, out.lines())
    boot0 = D(2024, 8, 26, 10, 2, 33)
    for ni, h in enumerate(hosts):
        bt = boot0 + sec(ni * 3721)
        kp = boot_lines(h, "5.14.0-427.22.1.el9_4.x86_64", driver, buses, [("mlx5_0", "0c"), ("mlx5_1", "8c")], open_mod=False)
        pairs = [(x[0], x[1]) for x in kp] + periodic_noise(rng, bt + sec(100), end + sec(30), 8 * 3600, h)
        for i in range(4):
            if (ni + i) % 2 == 0:
                pairs.append((crash + sec(2.9 + i * 0.02), "NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python, Ch 00000010" % (buses[i], pids[ni * 4 + i])))
        if ni == 2:
            tx = D(2024, 8, 31, 2, 17, 40)
            pairs += [(tx, "NVRM: Xid (PCI:0000:81:00): 43, pid=4412210, name=python3, Ch 00000008"),
                      (tx + sec(0.3), "NVRM: Xid (PCI:0000:81:00): 45, pid=4412210, name=python3, Ch 00000009")]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
        b.w("%s/nvidia-smi.txt" % h, smi_table(end + sec(240), driver, cuda, "A100-40", buses, gpus=[dict(temp=30 + i, pwr=52 + i) for i in range(4)]))
    b.w("sacct.txt", sacct(jobid, "lm1b7", [("", "lm1b7-fsdp", "FAILED", "1:0", start, end, 4), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                             (".extern", "extern", "COMPLETED", "0:0", start, end, 4), (".0", "python", "FAILED", "1:0", start + sec(1), end, 4)], "node[101-104]"))
    b.w("submit_diff.txt", ["$ git -C ~/lm diff HEAD~1 -- jobs/lm1b7.sbatch",
                            "-srun -l --ntasks-per-node=4 --gpus-per-task=1 python train_lm.py --config configs/lm1b7_fsdp.yaml trainer.max_steps=200000 data.max_seq_len=4096 data.micro_batch_size=4",
                            "+srun -l --ntasks-per-node=4 --gpus-per-task=1 python train_lm.py --config configs/lm1b7_fsdp.yaml trainer.max_steps=200000 data.max_seq_len=8192 data.micro_batch_size=4"])
    b.set_label("oom", "framework", None, None, "stop",
                "All 16 ranks on all four nodes raise torch.OutOfMemoryError on the first training step (materialising the 8192x8192 attention scores) right after max_seq_len was doubled with micro_batch_size unchanged; the Xid 45s are preemptive cleanup from srun killing the ranks, and the Xid 43 on node103 belongs to another job two days earlier.",
                "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")
    return b


# =========================================================================== bo05
def case05():
    b = Bundle("bo05_job_killed_at_six_am", 7005)
    rng = b.rng
    hosts = ["dgx-h-041", "dgx-h-042"]
    gpn = 8
    driver, cuda = "550.90.07", "12.4"
    jobid = 5522871
    start = D(2024, 7, 2, 2, 0, 11)
    limit = start + TD(hours=4)
    kill = limit + sec(2)
    out = Log()
    out.addm(start + sec(3), ["[NeMo W 2024-07-02 02:00:31 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/pytorch_lightning/_graveyard/precision.py:49: The `MixedPrecisionPlugin` is deprecated. Use `pytorch_lightning.plugins.precision.MixedPrecision` instead.",
                              "[NeMo I 2024-07-02 02:00:32 exp_manager:396] ExpManager schema",
                              "[NeMo I 2024-07-02 02:00:32 exp_manager:455] Experiments will be logged at /results/llama2-7b-cpt/2024-07-02_02-00-31",
                              "[NeMo I 2024-07-02 02:00:32 exp_manager:899] TensorboardLogger has been set up",
                              "[NeMo W 2024-07-02 02:00:32 exp_manager:1031] The checkpoint callback was told to monitor a validation value and trainer's max_steps was set to 100000. Please ensure that max_steps will run for at least 1 epochs to ensure that checkpointing will not error out.",
                              "[NeMo I 2024-07-02 02:00:40 megatron_init:251] Rank 0 has data parallel group : [0, 2, 4, 6, 8, 10, 12, 14]",
                              "[NeMo I 2024-07-02 02:00:40 megatron_init:257] All data parallel group ranks with context parallel combined: [[0, 2, 4, 6, 8, 10, 12, 14], [1, 3, 5, 7, 9, 11, 13, 15]]",
                              "[NeMo I 2024-07-02 02:00:40 megatron_init:265] Ranks 0 has data parallel rank: 0",
                              "[NeMo I 2024-07-02 02:00:40 megatron_init:283] Rank 0 has context parallel group: [0]",
                              "[NeMo I 2024-07-02 02:00:40 megatron_init:337] Rank 0 has tensor model parallel group: [0, 1]",
                              "[NeMo I 2024-07-02 02:00:40 megatron_init:387] Rank 0 has pipeline model parallel group: [0]",
                              "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16",
                              "----------------------------------------------------------------------------------------------------",
                              "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
                              "----------------------------------------------------------------------------------------------------",
                              "[NeMo I 2024-07-02 02:01:52 nlp_overrides:1153] Model MegatronGPTModel was successfully restored from /models/llama2-7b.nemo.",
                              "[NeMo I 2024-07-02 02:02:10 megatron_gpt_model:1617] Pipeline model parallel rank: 0, Tensor model parallel rank: 0, Number of model parameters on device: 3.37e+09. Number of precise model parameters on device: 3370684416.",
                              "",
                              "  | Name  | Type          | Params | Mode ",
                              "------------------------------------------------",
                              "0 | model | Float16Module | 3.4 B  | train",
                              "------------------------------------------------",
                              "3.4 B     Trainable params", "0         Non-trainable params", "3.4 B     Total params", "13,482.738Total estimated model params size (MB)"], step=2.0)
    for ni, h in enumerate(hosts):
        nccl_init(out, start + sec(80), h, [40110 + ni * 300 + i for i in range(8)], ni, 2, 8, PCI_DGXH100,
                  [("mlx5_0", "0c"), ("mlx5_3", "41"), ("mlx5_4", "8c"), ("mlx5_7", "c4")], version="2.21.5+cuda12.4", ip="10.44.0.%d" % (41 + ni), nch=8)
    ts = start + sec(150)
    step = 0
    while True:
        ts = ts + sec(4.43 + rng.uniform(-0.05, 0.05))
        if ts >= kill:
            break
        step += 1
        if step % 25 == 0:
            el = (ts - start - sec(150)).total_seconds()
            out.add(ts, "Epoch 0: : %d/100000 [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%.3g, train_step_timing in s=%.3f]" % (
                step, tq(el), tq((100000 - step) * 4.43), 2.61 - step * 0.00011 + rng.uniform(-0.02, 0.02), step - 1, float(step * 512), 4.43 + rng.uniform(-0.03, 0.03)))
        if step % 1000 == 0:
            out.add(ts + sec(1), "Epoch 0, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/results/llama2-7b-cpt/checkpoints/megatron_llama--val_loss=%.2f-step=%d-consumed_samples=%d.0.ckpt' as top 3" % (step - 1, 2.5 - step * 0.0001, 2.5 - step * 0.0001, 2.5 - step * 0.0001, step - 1, (step - 1) * 512))
    out.add(kill, "slurmstepd: error: *** JOB %d ON dgx-h-041 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, kill.strftime("%Y-%m-%dT%H:%M:%S")))
    out.add(kill, "slurmstepd: error: *** STEP %d.0 ON dgx-h-041 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, kill.strftime("%Y-%m-%dT%H:%M:%S")))
    out.add(kill + sec(0.1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for r in range(16):
        out.add(kill + sec(0.2 + r * 0.01), "[rank: %d] Received SIGTERM: 15" % r)
    for r in (9, 12, 3):
        h = hosts[r // 8]
        pid = 40110 + (r // 8) * 300 + r % 8
        out.add(kill + sec(1.3 + r * 0.05), "%s:%d:%d [%d] NCCL INFO [Service thread] Connection closed by localRank %d" % (h, pid, pid + 419, r % 8, (r + 1) % 8))
        out.add(kill + sec(1.4 + r * 0.05), "%s:%d:%d [%d] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.44.0.%d<36%03d> failed : Software caused connection abort" % (h, pid, pid + 420, r % 8, 41 + (1 - r // 8), r))
        out.add(kill + sec(1.45 + r * 0.05), "%s:%d:%d [%d] NCCL WARN [Proxy Service %d] Failed to execute operation Close from rank %d, retcode 3" % (h, pid, pid + 421, r % 8, r, r))
    out.add(kill + sec(4), "[rank3]:[W702 06:00:17.112893701 ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())")
    out.add(kill + sec(32), "slurmstepd: error: *** STEP %d.0 STEPD TERMINATED ON dgx-h-042 AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***" % (jobid, (kill + sec(32)).strftime("%Y-%m-%dT%H:%M:%S")) if False else "srun: error: dgx-h-042: tasks 8-15: Killed")
    out.add(kill + sec(32.1), "srun: error: dgx-h-041: tasks 0-7: Killed")
    out.add(kill + sec(32.2), "srun: Terminating StepId=%d.0" % jobid)
    end = kill + sec(33)
    b.w("slurm-%d.out" % jobid, out.lines())
    for ni, h in enumerate(hosts):
        bt = D(2024, 6, 28, 18, 22, 9) + sec(ni * 611)
        kp = boot_lines(h, "5.15.0-113-generic", driver, PCI_DGXH100, [("mlx5_0", "0c"), ("mlx5_3", "41"), ("mlx5_4", "8c"), ("mlx5_7", "c4")], open_mod=True, fm=True)
        pairs = [(x[0], x[1]) for x in kp] + periodic_noise(rng, bt + sec(100), end, 6 * 3600, h)
        for i in range(8):
            pairs.append((kill + sec(31.7 + i * 0.003), "NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python3, Ch %08x" % (PCI_DGXH100[i], 40110 + ni * 300 + i, 0x10 + i)))
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/kern.log" % h, render_kernel("syslog", h, bt, pairs))
        b.w("%s/nvidia-smi.txt" % h, smi_table(end + sec(95), driver, cuda, "H100", PCI_DGXH100, gpus=[dict(temp=33 + i % 4, pwr=71 + i) for i in range(8)]))
    b.w("sacct.txt", sacct(jobid, "llama2-cpt", [("", "llama2-cpt", "TIMEOUT", "0:0", start, end, 2), (".batch", "batch", "CANCELLED", "0:15", start, end, 1),
                                                  (".extern", "extern", "COMPLETED", "0:0", start, end, 2), (".0", "python3", "CANCELLED", "0:15", start + sec(2), end, 2)], "dgx-h-[041-042]"))
    b.w("scontrol_show_job.txt", scontrol_job(jobid, "llama2-cpt", "tnguyen", "nlp-apps", "gpu", "TIMEOUT", "TimeLimit", start - sec(1900), start, end, 2, "dgx-h-[041-042]", 16, 8,
                                              "/home/tnguyen/nemo/run_cpt.sbatch", "/home/tnguyen/nemo", exitcode="0:0", tlimit="04:00:00"))
    b.set_label("unknown", "framework", None, None, "none",
                "Slurm cancelled the job exactly at its 04:00:00 limit ('CANCELLED ... DUE TO TIME LIMIT', sacct TIMEOUT) while training was progressing normally; the NCCL proxy warnings and the Xid 45 on every GPU are teardown noise from the ranks being killed.",
                "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")
    return b


# =========================================================================== bo06
def case06():
    b = Bundle("bo06_vit_run_aborts_rank13_cuda_error", 7006)
    rng = b.rng
    hosts = ["dgx1-03", "dgx1-07", "dgx1-11"]
    gpn = 8
    driver, cuda = "470.239.06", "11.4"
    start = D(2023, 11, 20, 9, 31, 2)
    T0 = D(2023, 11, 21, 3, 44, 18, 402000)
    bad_host, bad_lr = 1, 5
    bad_r = bad_host * gpn + bad_lr
    site = "/opt/conda/lib/python3.9/site-packages"
    L = Log()
    L.add(start, "+ mpirun -np 24 -H dgx1-03:8,dgx1-07:8,dgx1-11:8 --tag-output --bind-to none -x NCCL_DEBUG=INFO -x NCCL_IB_HCA=mlx5 -x MASTER_ADDR=dgx1-03 -x MASTER_PORT=23456 python train_vit.py --arch vit_large_patch16 --epochs 300 --batch-size 128 --data /raid/imagenet")
    for ni, h in enumerate(hosts):
        pids = [212300 + ni * 40 + i for i in range(gpn)]
        nccl_init(L, start + sec(21), h, pids, ni, 3, gpn, PCI_DGX1, [("mlx5_0", "05"), ("mlx5_1", "0c"), ("mlx5_2", "84"), ("mlx5_3", "8b")],
                  version="2.10.3+cuda11.3", prefix=lambda lr, r: "[1,%d]<stdout>:" % r, ip="192.168.40.%d" % (3 + ni * 4), nch=4, gdr=True, cudadrv="11040")
    L.addm(start + sec(30), ["[1,0]<stdout>:=> creating model 'vit_large_patch16'", "[1,0]<stdout>:=> world size 24, per-GPU batch 128, global batch 3072",
                             "[1,0]<stdout>:=> resuming from /raid/ckpt/vit_l16/checkpoint_0041.pth.tar (epoch 41)"], step=1)
    ep = 42
    ts = start + sec(70)
    it_per_ep = 417
    step_s = 1.93
    while True:
        for it in range(0, it_per_ep, 50):
            ts = ts + sec(50 * step_s + rng.uniform(-1, 1))
            if ts >= T0:
                break
            L.add(ts, "[1,0]<stdout>:Epoch: [%d][%3d/%d]\tTime %.3f (%.3f)\tData %.3f (%.3f)\tLoss %.4e (%.4e)\tAcc@1 %6.2f (%6.2f)\tAcc@5 %6.2f (%6.2f)" % (
                ep, it, it_per_ep, step_s + rng.uniform(-0.05, 0.05), step_s, 0.012, 0.015, 1.35 - (ep - 42) * 0.004 + rng.uniform(-0.05, 0.05), 1.35 - (ep - 42) * 0.004, 70 + (ep - 42) * 0.08 + rng.uniform(-2, 2), 70 + (ep - 42) * 0.08, 89 + (ep - 42) * 0.03 + rng.uniform(-1, 1), 89 + (ep - 42) * 0.03))
        if ts >= T0:
            break
        ts = ts + sec(41)
        L.add(ts, "[1,0]<stdout>: * Acc@1 %.3f Acc@5 %.3f" % (71.2 + (ep - 42) * 0.07, 90.1 + (ep - 42) * 0.025))
        L.add(ts + sec(6), "[1,0]<stdout>:=> saved checkpoint /raid/ckpt/vit_l16/checkpoint_%04d.pth.tar" % ep)
        ep += 1
    p = "[1,%d]<stderr>:" % bad_r
    frames = [("train_vit.py", 488, "<module>", "main()"), ("train_vit.py", 204, "main", "train(train_loader, model, criterion, optimizer, epoch, args)"),
              ("train_vit.py", 311, "train", "loss.backward()"), ("%s/torch/_tensor.py" % site, 396, "backward", "torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)"),
              ("%s/torch/autograd/__init__.py" % site, 173, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
    L.addm(T0 + sec(0.6), py_tb(p, frames, "RuntimeError: CUDA error: uncorrectable ECC error encountered"))
    L.addm(T0 + sec(0.6), [p + "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might be incorrect.",
                           p + "For debugging consider passing CUDA_LAUNCH_BLOCKING=1."])
    L.addm(T0 + sec(1.9), ["--------------------------------------------------------------------------",
                           "Primary job  terminated normally, but 1 process returned",
                           "a non-zero exit code. Per user-direction, the job has been aborted.",
                           "--------------------------------------------------------------------------"])
    for r in (4, 20):
        L.add(T0 + sec(1.7), "[1,%d]<stderr>:[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down." % r)
    L.addm(T0 + sec(3.2), ["--------------------------------------------------------------------------",
                           "mpirun detected that one or more processes exited with non-zero status, thus causing",
                           "the job to be terminated. The first process to do so was:", "",
                           "  Process name: [[41233,1],%d]" % bad_r,
                           "  Exit code:    1",
                           "--------------------------------------------------------------------------"])
    b.w("dgx1-03/mpirun.log", L.lines())
    for ni, h in enumerate(hosts):
        bt = D(2023, 11, 6, 14, 2, 51) + sec(ni * 9000)
        kp = boot_lines(h, "5.4.0-166-generic", driver, PCI_DGX1, [("mlx5_0", "05"), ("mlx5_1", "0c"), ("mlx5_2", "84"), ("mlx5_3", "8b")], open_mod=False)
        pairs = [(x[0], x[1]) for x in kp] + periodic_noise(rng, bt + sec(100), T0 + sec(300), 7 * 3600, h)
        if ni == bad_host:
            pid = 212300 + ni * 40 + bad_lr
            pairs += [(T0, "NVRM: Xid (PCI:0000:86:00): 48, pid=%d, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % pid),
                      (T0, "NVRM: Xid (PCI:0000:86:00): 63, pid=%d, Dynamic Page Retirement: New retired page, reload the driver to activate. (0x00000000004a1e3c)" % pid),
                      (T0 + sec(2.1), "NVRM: Xid (PCI:0000:86:00): 45, pid=%d, Ch 00000010" % pid)]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/dmesg.txt" % h, render_kernel("raw", h, bt, pairs))
        b.w("%s/uptime.txt" % h, ["$ uptime -s", bt.strftime("%Y-%m-%d %H:%M:%S")])
        per = {}
        if ni == bad_host:
            per = {bad_lr: dict(vol=dict(dbe=1, sbe=0), agg=dict(dbe=1, sbe=4), ret_dbe=0, ret_sbe=0, ret_pend="Yes")}
        if ni == 2:
            per = {2: dict(agg=dict(sbe=3, dbe=0), ret_sbe=0)}
        b.w("%s/nvidia-smi-q.txt" % h, smi_q(T0 + sec(1200), driver, cuda, "V100", PCI_DGX1, rng, per=per, serial_base=323617000000 + ni * 1000))
    b.set_label("gpu_memory", "infrastructure", "dgx1-07", bad_r, "restart_without_node",
                "mpirun names rank 13 as the first process to exit, with 'CUDA error: uncorrectable ECC error encountered', and dgx1-07 logs Xid 48 (DBE) and Xid 63 on GPU 0000:86:00 (local GPU 5) at the same second; nvidia-smi -q shows a volatile DBE and a page retirement pending. The 3 aggregate SBEs on dgx1-11 are old and harmless.",
                "https://github.com/MFlowCode/MFC/pull/1748")
    return b


# =========================================================================== bo07
def case07():
    b = Bundle("bo07_rank19_cuda_error_overnight", 7007)
    rng = b.rng
    hosts = ["h100-c2-05", "h100-c2-06", "h100-c2-07", "h100-c2-08"]
    gpn = 8
    driver, cuda = "550.54.15", "12.4"
    jobid = 2291177
    start = D(2024, 9, 9, 18, 4, 40)
    T0 = D(2024, 9, 10, 3, 58, 7, 118000)
    bad, bad_lr = 2, 3
    bad_r = bad * gpn + bad_lr
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    site = "/usr/local/lib/python3.10/dist-packages"
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        ap = 7711 + ni
        pids = [98211 + ni * 50 + i for i in range(gpn)]
        pre = lambda lr, r: "[default%d]:" % lr
        torchrun_banner(log, start + sec(30), ap)
        nccl_init(log, start + sec(75), h, pids, ni, 4, gpn, PCI_DGXH100, hcas, prefix=pre, ip="10.12.2.%d" % (5 + ni), nch=8, version="2.20.5+cuda12.4")
        if ni == 0:
            ts = start + sec(140)
            s = 48000
            while ts < T0:
                ts = ts + sec(20 * 2.71 + rng.uniform(-1, 1))
                s += 20
                if ts >= T0:
                    break
                log.add(ts, "[default0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (0.931 - (s - 48000) * 0.000002 + rng.uniform(-0.02, 0.02), 0.35 + rng.uniform(-0.05, 0.07), 1.2e-5, s / 31250))
        if ni == bad:
            tt = T0 + sec(0.9)
            p = "[default%d]:" % bad_lr
            log.addm(tt, [p + x for x in cuda_err_block(tt, bad_r, "uncorrectable ECC error encountered")])
            others = [x for i, x in enumerate(pids) if i != bad_lr]
            root = (bad_r, bad_lr, -6, pids[bad_lr], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(30)) for i in range(gpn) if i != bad_lr]
            log.addm(tt + sec(1.5), agent_failure(tt + sec(1.5), h, "/workspace/sft/run_sft.py", fails, root, sigterm_pids=others))
            ends[h] = tt + sec(32)
        else:
            tt = T0 + sec(600.2 + ni * 0.1)
            for lr in range(gpn):
                r = ni * gpn + lr
                log.addm(tt + sec(0.01 * lr), ["[default%d]:" % lr + x for x in wd_timeout(tt + sec(0.01 * lr), r, 1212093, "_ALLGATHER_BASE", 67108864, 600000, 600044 + lr)])
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "/workspace/sft/run_sft.py", fails, root))
            ends[h] = tt + sec(4)
        b.w("%s/torchrun.log" % h, log.lines())
    end = max(ends.values())
    h = hosts[bad]
    bt = D(2024, 8, 30, 11, 51, 2)
    kp = boot_lines(h, "5.15.0-119-generic", driver, PCI_DGXH100, hcas, open_mod=True, fm=True)
    pairs = [(x[0], x[1]) for x in kp] + periodic_noise(rng, bt + sec(100), end + sec(400), 5 * 3600, h)
    pid = 98211 + bad * 50 + bad_lr
    pairs += [(T0, "NVRM: Xid (PCI:0000:61:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % pid),
              (T0, "NVRM: Xid (PCI:0000:61:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000003ff7a1c40) marked for remapping, reset gpu to activate."),
              (T0 + sec(1.1), "NVRM: Xid (PCI:0000:61:00): 45, pid=%d, name=python3, Ch 0000001a" % pid),
              (ends[h] + sec(95), "nvidia 0000:61:00.0: nvidia_drm: GPU reset requested by nvidia-smi"),
              (ends[h] + sec(97), "NVRM: GPU at PCI:0000:61:00: GPU-7a1e03c4-55d2-9b0f-1e6a-2c90d47b8e31"),
              (ends[h] + sec(97), "NVRM: GPU Board Serial Number: 1654922019811"),
              (ends[h] + sec(99), "nvidia-nvlink: IBMNPU: link training complete for GPU 0000:61:00.0" if False else "NVRM: GPU 0000:61:00.0: RmInitAdapter succeeded")]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    ep = [f_slurm(ends[h] + sec(90)) + " epilog[331221]: job %d: scanning kernel log since job start" % jobid,
          f_slurm(ends[h] + sec(90)) + " epilog[331221]: job %d: Xid 94 (contained ECC) + Xid 63 (row remap pending) on GPU 3 00000000:61:00.0" % jobid,
          f_slurm(ends[h] + sec(91)) + " epilog[331221]: no processes on GPU 3, running: nvidia-smi -r -i 3",
          f_slurm(ends[h] + sec(99)) + " epilog[331221]: GPU 00000000:61:00.0 was successfully reset.",
          f_slurm(ends[h] + sec(100)) + " epilog[331221]: All done.",
          f_slurm(ends[h] + sec(101)) + " epilog[331221]: post-reset row remapper GPU 3: correctable=0 uncorrectable=1 pending=No failure=No",
          f_slurm(ends[h] + sec(104)) + " epilog[331221]: dcgmi diag -r 1 -i 3: PASS",
          f_slurm(ends[h] + sec(104)) + " epilog[331221]: node %s left in service (remap applied, no pending rows)" % h]
    b.w("%s/slurm_epilog.log" % h, ep)
    per = {bad_lr: dict(rr_ue=1, rr_pend="No", rr_fail="No", h_max=639, h_high=1, agg=dict(dram_ue=1, dram_ce=0, sram_ce=0), vol=dict(dram_ue=0))}
    b.w("%s/nvidia-smi-q.txt" % h, smi_q(ends[h] + sec(300), driver, cuda, "H100", PCI_DGXH100, rng, per=per))
    for ni in (0, 3):
        hh = hosts[ni]
        b.w("%s/nvidia-smi.txt" % hh, smi_table(end + sec(200), driver, cuda, "H100", PCI_DGXH100, gpus=[dict(temp=30 + i % 5, pwr=68 + i) for i in range(8)]))
    b.w("sacct.txt", sacct(jobid, "sft", [("", "sft-70b-v3", "FAILED", "1:0", start, end, 4), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                           (".0", "torchrun", "FAILED", "1:0", start + sec(29), end, 4)], "h100-c2-[05-08]"))
    b.set_label("gpu_memory", "infrastructure", "h100-c2-07", bad_r, "restart",
                "Rank 19 (h100-c2-07, GPU 3) dies with 'uncorrectable ECC error encountered' at the moment the node logs Xid 94 (contained) and Xid 63 (row marked for remapping); the epilog reset the GPU and nvidia-smi -q now shows 1 remapped row, Pending: No, Remapping Failure: No, so the node may be reused. The other ranks' watchdog timeouts are sympathetic.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return b


# =========================================================================== bo08
def case08():
    b = Bundle("bo08_worker5_pod_fails_after_five_hours", 7008)
    rng = b.rng
    nodes = ["gke-train-a2u-pool-7c1e9f2b-%s" % s for s in ["4fzk", "8l2d", "9qmx", "c7tn", "h2vr", "q7mw", "t5bs", "x0ja"]]
    gpn = 8
    driver, cuda = "535.183.01", "12.2"
    job = "sft-codegen-34b"
    start = D(2024, 10, 14, 6, 11, 0)
    T0 = D(2024, 10, 14, 11, 47, 31, 208000)
    bad, bad_lr = 5, 6
    bad_r = bad * gpn + bad_lr
    pci = PCI_DGXA100
    ends = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    for ni, n in enumerate(nodes):
        log = Log()
        pod = "%s-worker-%d" % (job, ni)
        pids = [120 + i * 9 for i in range(gpn)]
        torchrun_banner(log, start + sec(40 + ni), 58)
        log.add(start + sec(45 + ni), "I%s 58 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1128] The node '%s_58_0' has joined round 0 of the c10d rendezvous '%s' as rank %d in a world of size 8." % (f_glog(start + sec(45 + ni), ""), pod, job, ni))
        log.add(start + sec(47 + ni), "I%s 58 torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:" % f_glog(start + sec(47 + ni), ""))
        log.addm(start + sec(47 + ni), ["  restart_count=0", "  master_addr=%s-worker-0" % job, "  master_port=23456", "  group_rank=%d" % ni, "  group_world_size=8",
                                        "  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]", "  role_ranks=[%s]" % ", ".join(str(ni * 8 + i) for i in range(8)),
                                        "  global_ranks=[%s]" % ", ".join(str(ni * 8 + i) for i in range(8)), "  role_world_sizes=[64, 64, 64, 64, 64, 64, 64, 64]",
                                        "  global_world_sizes=[64, 64, 64, 64, 64, 64, 64, 64]", ""])
        nccl_init(log, start + sec(90), pod, pids, ni, 8, gpn, pci, [("mlx5_0", "0c"), ("mlx5_1", "8c")], prefix=lambda lr, r: "[default%d]:" % lr,
                  ip="10.8.%d.%d" % (ni, 12 + ni), nch=4, version="2.21.5+cuda12.4", gdr=False, cudadrv="12020")
        if ni == 0:
            ts = start + sec(200)
            s = 0
            while ts < T0:
                ts = ts + sec(10 * 7.9 + rng.uniform(-2, 2))
                s += 10
                if ts >= T0:
                    break
                log.add(ts, "[default0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (0.88 - s * 0.00005 + rng.uniform(-0.03, 0.03), 0.4 + rng.uniform(-0.1, 0.1), 1e-5, s / 6000))
        if ni == bad:
            tt = T0 + sec(0.4)
            log.addm(tt, ["[default%d]:" % i + x for i in range(gpn) if i == bad_lr for x in cuda_err_block(tt, bad_r, "uncorrectable ECC error encountered")])
            root = (bad_r, bad_lr, -6, pids[bad_lr], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(30)) for i in range(gpn) if i != bad_lr]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), pod, "/app/train.py", fails, root, sigterm_pids=[p for i, p in enumerate(pids) if i != bad_lr]))
            ends[n] = tt + sec(33)
        else:
            tt = T0 + sec(1800.3 + ni * 0.2)
            for lr in range(gpn):
                r = ni * gpn + lr
                log.addm(tt + sec(0.01 * lr), ["[default%d]:" % lr + x for x in wd_timeout(tt + sec(0.01 * lr), r, 229211, "_REDUCE_SCATTER_BASE", 209715200, 1800000, 1800087 + lr)])
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), pod, "/app/train.py", fails, root))
            ends[n] = tt + sec(4)
        b.w("%s/%s.log" % (n, pod), log.lines())
    end = max(ends.values())
    n = nodes[bad]
    bt = D(2024, 10, 9, 21, 14, 40)
    pairs = [(x[0], x[1]) for x in boot_lines(n, "6.1.100+", driver, pci, [("mlx5_0", "0c"), ("mlx5_1", "8c")], open_mod=False)]
    pairs += periodic_noise(rng, bt + sec(60), end, 4 * 3600, n)
    gp = pci[bad_lr]
    pairs += [(T0, "NVRM: Xid (PCI:0000:%s:00): 95, pid=%d, name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No" % (gp, 120 + bad_lr * 9 + 3310000)),
              (T0, "NVRM: Xid (PCI:0000:%s:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: failed to remap row (0x00000004a81f20c0), bank has no remaining spare rows" % gp),
              (T0 + sec(0.2), "NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python3, Ch 00000012" % (gp, 120 + bad_lr * 9 + 3310000))]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/journalctl-k.txt" % n, render_kernel("iso", n, bt, pairs))
    per = {bad_lr: dict(rr_ue=8, rr_pend="No", rr_fail="Yes", h_max=633, h_high=3, h_part=2, h_low=1, h_none=1, agg=dict(dram_ue=9, sram_ce=0), vol=dict(dram_ue=1))}
    b.w("%s/nvidia-smi-q.txt" % n, smi_q(end + sec(500), driver, cuda, "A100", pci, rng, per=per))
    dp = ["I1014 06:02:11.552148       1 main.go:256] Retreiving plugins.",
          "I1014 06:02:11.553002       1 factory.go:107] Detected NVML platform: found NVML library",
          "I1014 06:02:11.553040       1 factory.go:107] Detected non-Tegra platform: /sys/devices/soc0/family file not found",
          "I1014 06:02:11.601225       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'",
          "I1014 06:02:11.601939       1 server.go:117] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock",
          "I1014 06:02:11.604114       1 server.go:125] Registered device plugin for 'nvidia.com/gpu' with Kubelet",
          "I%s       1 health.go:168] Processing event {Device:{Handle:0xc0004a2d10} EventType:8 EventData:95 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % (T0 + sec(0.1)).strftime("%m%d %H:%M:%S.%f"),
          "I%s       1 health.go:199] XidCriticalError: Xid=95 on Device=GPU-5b1c9e2a-04d7-3f61-a8c2-9e1d40b7f3a6; marking device as unhealthy." % (T0 + sec(0.1)).strftime("%m%d %H:%M:%S.%f"),
          "I%s       1 server.go:251] 'nvidia.com/gpu' device marked unhealthy: GPU-5b1c9e2a-04d7-3f61-a8c2-9e1d40b7f3a6" % (T0 + sec(0.1)).strftime("%m%d %H:%M:%S.%f"),
          "I%s       1 health.go:168] Processing event {Device:{Handle:0xc0004a2d10} EventType:8 EventData:64 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % (T0 + sec(0.12)).strftime("%m%d %H:%M:%S.%f"),
          "I%s       1 health.go:199] XidCriticalError: Xid=64 on Device=GPU-5b1c9e2a-04d7-3f61-a8c2-9e1d40b7f3a6; marking device as unhealthy." % (T0 + sec(0.12)).strftime("%m%d %H:%M:%S.%f")]
    b.w("%s/nvidia-device-plugin.log" % n, dp)
    ev = ["LAST SEEN   TYPE      REASON            OBJECT                                   MESSAGE",
          "%-11s Normal    Scheduled         pod/%s-worker-%d   Successfully assigned ml-train/%s-worker-%d to %s" % ("6h", job, 5, job, 5, n),
          "%-11s Normal    Started           pod/%s-worker-5   Started container pytorch" % ("6h", job),
          "%-11s Warning   GPUUnhealthy      node/%s                  nvidia.com/gpu device GPU-5b1c9e2a-04d7-3f61-a8c2-9e1d40b7f3a6 unhealthy: XidCriticalError Xid=95" % ("31m", n),
          "%-11s Normal    NodeAllocatable   node/%s                  Updated Node Allocatable limit across pods: nvidia.com/gpu 8 -> 7" % ("31m", n),
          "%-11s Warning   Failed            pod/%s-worker-5   Error: container pytorch exited with code 1" % ("31m", job),
          "%-11s Warning   BackOff           pod/%s-worker-1   Back-off restarting failed container" % ("1m", job) if False else "%-11s Warning   Failed            pod/%s-worker-0   Error: container pytorch exited with code 1" % ("1m", job),
          "%-11s Normal    ExitedWithCode    pytorchjob/%s     PyTorchJob %s is failed because 1 Worker replica(s) failed." % ("1m", job, job)]
    b.w("kubectl_get_events.txt", ev)
    b.w("kubectl_describe_pytorchjob.txt", ["Name:         %s" % job, "Namespace:    ml-train", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob", "Spec:",
                                            "  Pytorch Replica Specs:", "    Worker:", "      Replicas:        8", "      Restart Policy:  Never", "  Run Policy:",
                                            "    Backoff Limit:  0", "Status:", "  Conditions:", "    Type:    Created", "    Type:    Running",
                                            "    Last Transition Time:  %sZ" % end.strftime("%Y-%m-%dT%H:%M:%S"), "    Message:               PyTorchJob %s is failed because 1 Worker replica(s) failed." % job,
                                            "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
                                            "  Replica Statuses:", "    Worker:", "      Failed:     8", "  Start Time:     %sZ" % start.strftime("%Y-%m-%dT%H:%M:%S")])
    b.set_label("gpu_memory", "infrastructure", nodes[bad], bad_r, "restart_without_node",
                "Worker 5's rank 46 (local GPU 6, 0000:b7:00) crashes at 11:47:31 when its node logs Xid 95 (uncontained ECC) and Xid 64 (row remapping failed); nvidia-smi -q shows Remapping Failure Occurred: Yes and the device plugin marked the GPU unhealthy. The 30-minute watchdog timeouts on the other seven workers are sympathetic.",
                "https://github.com/awslabs/awsome-distributed-ai/pull/1190")
    return b


# =========================================================================== bo09
def nvlink_e(model_name, uuids, nlinks, bad=None):
    """nvidia-smi nvlink -e.  bad: {gpu: {link: (replay, recovery, crc)}}"""
    bad = bad or {}
    L = []
    for g, u in enumerate(uuids):
        L.append("GPU %d: %s (UUID: %s)" % (g, model_name, u))
        for ln in range(nlinks):
            rp, rc, crc = bad.get(g, {}).get(ln, (0, 0, 0))
            L.append("\t Link %d: Replay Errors: %d" % (ln, rp))
            L.append("\t Link %d: Recovery Errors: %d" % (ln, rc))
            L.append("\t Link %d: CRC Errors: %d" % (ln, crc))
    return L


def case09():
    b = Bundle("bo09_allreduce_dies_uncorrectable_nvlink_error", 7009)
    rng = b.rng
    hosts = ["dgxa-0201", "dgxa-0202", "dgxa-0203", "dgxa-0204"]
    gpn = 8
    driver, cuda = "535.161.08", "12.2"
    start = D(2024, 4, 22, 10, 3, 51)
    T0 = D(2024, 4, 22, 17, 21, 9, 771000)
    bad, bad_lr = 2, 2
    bad_r = bad * gpn + bad_lr
    site = "/usr/local/lib/python3.10/dist-packages"
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [3301 + ni * 77 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(20), 3290 + ni, new_fmt=False)
        nccl_init(log, start + sec(70), h, pids, ni, 4, gpn, PCI_DGXA100, hcas, ip="10.30.2.%d" % (1 + ni), nch=8, version="2.19.3+cuda12.3", cudadrv="12020")
        if ni == 0:
            ts = start + sec(140)
            ep, it = 0, 0
            while ts < T0:
                ts = ts + sec(25 * 1.38 + rng.uniform(-0.5, 0.5))
                it += 25
                if ts >= T0:
                    break
                log.add(ts, "%s - INFO - __main__ - epoch 0 step %d/48828 loss %.4f lr %.2e tokens/s %d" % (f_py(ts)[1:-1], it, 3.2 - it * 0.00006 + rng.uniform(-0.03, 0.03), 2e-4, 1901000 + rng.randint(-9000, 9000)))
        if ni == bad:
            for k, lr in enumerate([2, 3, 6]):
                r = ni * gpn + lr
                tt = T0 + sec(0.15 + 0.21 * k)
                log.add(tt, "%s:%d:%d [%d] enqueue.cc:1585 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (h, pids[lr], pids[lr] + 341, lr))
                log.add(tt, "%s:%d:%d [%d] NCCL INFO enqueue.cc:1597 -> 1" % (h, pids[lr], pids[lr] + 341, lr))
                log.addm(tt + sec(0.1), cuda_err_block(tt + sec(0.1), r, "uncorrectable NVLink error detected during the execution", ns=False))
            others = [p for i, p in enumerate(pids) if i not in (2, 3, 6)]
            root = (bad_r, bad_lr, -6, pids[bad_lr], sig_tb(-6), T0 + sec(1.2))
            fails = [(ni * gpn + 3, 3, -6, pids[3], sig_tb(-6), T0 + sec(1.3)), (ni * gpn + 6, 6, -6, pids[6], sig_tb(-6), T0 + sec(1.5))] + \
                    [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), T0 + sec(31)) for i in range(gpn) if i not in (2, 3, 6)]
            log.addm(T0 + sec(1.7), agent_failure(T0 + sec(1.7), h, "train_fsdp.py", fails, root, sigterm_pids=others, new_fmt=False))
            ends[h] = T0 + sec(33)
        else:
            tt = T0 + sec(1800.5 + ni * 0.2)
            for lr in range(gpn):
                r = ni * gpn + lr
                log.addm(tt, wd_timeout(tt, r, 391882, "ALLREDUCE", 262144000, 1800000, 1800091 + lr, ns=False))
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "train_fsdp.py", fails, root, new_fmt=False))
            ends[h] = tt + sec(4)
        b.w("%s/torchrun.log" % h, log.lines())
    end = max(ends.values())
    h = hosts[bad]
    bt = D(2024, 4, 15, 8, 1, 2)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-101-generic", driver, PCI_DGXA100, hcas, open_mod=False, fm=True)] + periodic_noise(rng, bt + sec(99), end, 5 * 3600, h)
    pairs += [(T0, "NVRM: Xid (PCI:0000:47:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (3301 + bad * 77 + 2)),
              (T0, "nvidia-nvswitch3: SXid (PCI:0000:c6:00.0): 20034, Fatal, Link 28 LTSSM Fault Up"),
              (T0, "nvidia-nvswitch3: SXid (PCI:0000:c6:00.0): 20034, Severity 1 Engine instance 28 Sub-engine instance 00"),
              (T0, "nvidia-nvswitch3: SXid (PCI:0000:c6:00.0): 20034, Data {0x50614b26, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}"),
              (T0 + sec(0.3), "NVRM: Xid (PCI:0000:4e:00): 45, pid=%d, name=python, Ch 0000001c" % (3301 + bad * 77 + 3)),
              (T0 + sec(0.5), "NVRM: Xid (PCI:0000:b7:00): 45, pid=%d, name=python, Ch 0000001c" % (3301 + bad * 77 + 6))]
    tx = D(2024, 4, 18, 3, 3, 3)
    pairs += [(tx, "nvidia-nvswitch1: SXid (PCI:0000:c4:00.0): 12028, Non-fatal, Link 41 egress non-posted PRIV error (First)"),
              (tx, "nvidia-nvswitch1: SXid (PCI:0000:c4:00.0): 12028, Severity 0 Engine instance 41 Sub-engine instance 00")]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    uu = [uuid(rng) for _ in range(8)]
    b.w("%s/nvidia-smi-nvlink-e.txt" % h, nvlink_e("NVIDIA A100-SXM4-80GB", uu, 12, bad={2: {5: (218, 3, 9471)}}))
    st = []
    for g in range(8):
        st.append("GPU %d: NVIDIA A100-SXM4-80GB (UUID: %s)" % (g, uu[g]))
        for ln in range(12):
            st.append("\t Link %d: %s" % (ln, "<inactive>" if (g == 2 and ln == 5) else "25 GB/s"))
    b.w("%s/nvidia-smi-nvlink-s.txt" % h, st)
    fm = ["[Apr 22 2024 17:21:09] [ERROR] [tid 2881] detected NVSwitch fatal error 20034 on fid 0 switch id 3 link 28",
          "[Apr 22 2024 17:21:09] [INFO] [tid 2881] NVLink link training failed: GPU physical id 2 (PCI 00000000:47:00.0) link 5 <-> NVSwitch physical id 11 link 28",
          "[Apr 22 2024 17:21:10] [ERROR] [tid 2881] NVSwitch fatal error on NVSwitch physical id 11; GPU partition containing GPU physical id 2 needs reset"]
    b.w("%s/fabricmanager.log" % h, ["[Apr 15 2024 08:01:31] [INFO] [tid 2811] Fabric Manager version 535.161.08 is running with the following configuration options",
                                     "[Apr 15 2024 08:01:31] [INFO] [tid 2811] Logging level = 4",
                                     "[Apr 15 2024 08:01:41] [INFO] [tid 2811] Successfully configured all the available GPUs and NVSwitches to route NVLink traffic.",
                                     "[Apr 18 2024 03:03:03] [WARNING] [tid 2881] detected NVSwitch non-fatal error 12028 on fid 0 switch id 1 link 41"] + fm)
    b.w("dgxa-0201/nvidia-smi-nvlink-e.txt", nvlink_e("NVIDIA A100-SXM4-80GB", [uuid(rng) for _ in range(8)], 12))
    b.set_label("nvlink", "infrastructure", "dgxa-0203", bad_r, "restart_without_node",
                "On dgxa-0203 rank 18 (GPU 2, 0000:47:00) is the first to fail with 'uncorrectable NVLink error detected during the execution', matching Xid 74 on link 5 and an NVSwitch fatal SXid 20034 in the same second; nvlink -e shows 9471 CRC errors on that link and it is now inactive. The other nodes only hit 30-minute watchdog timeouts; the April 18 SXid 12028 is a non-fatal old event.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return b


# =========================================================================== bo10
def case10():
    b = Bundle("bo10_eight_ranks_cannot_init_cuda_at_start", 7010)
    rng = b.rng
    hosts = ["hgx-h100-%03d" % i for i in (24, 25, 26, 27, 28, 29, 30, 31)]
    gpn = 8
    jobid = 881234
    start = D(2024, 7, 16, 9, 30, 12)
    drv_new, drv_old = "550.90.07", "550.54.15"
    bad = 7
    out = Log()
    out.add(start, "+ srun -l --kill-on-bad-exit=1 --ntasks-per-node=8 --gpus-per-node=8 python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-path=/home/aokafor/cfg --config-name=gpt3_20b trainer.num_nodes=8")
    t = start + sec(14)
    for r in range(64):
        ni = r // 8
        tt = t + sec(rng.uniform(0, 2.5))
        if ni == bad:
            pre = "%2d: " % r
            out.addm(tt, [pre + "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /opt/pytorch/pytorch/c10/cuda/CUDAFunctions.cpp:108.)",
                          pre + "  return torch._C._cuda_getDeviceCount() > 0"])
    out.addm(t + sec(6), [" 0: [NeMo W 2024-07-16 09:30:32 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/layers.py:280: FutureWarning: `torch.cuda.amp.custom_fwd(args...)` is deprecated. Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead.",
                          " 0: [NeMo I 2024-07-16 09:30:33 megatron_gpt_pretraining:37] ", " 0:     ", " 0:     ************** Experiment configuration ***********",
                          " 0: [NeMo I 2024-07-16 09:30:33 megatron_gpt_pretraining:38] ", " 0:     name: megatron_gpt", " 0:     restore_from_path: null", " 0:     trainer:",
                          " 0:       devices: 8", " 0:       num_nodes: 8", " 0:       accelerator: gpu", " 0:       precision: bf16-mixed"], step=0.01)
    crash = t + sec(9.4)
    for lr in range(8):
        r = bad * 8 + lr
        pre = "%2d: " % r
        tt = crash + sec(lr * 0.03)
        frames = [("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 40, "main", "trainer = MegatronTrainerBuilder(cfg).create_trainer()"),
                  ("/opt/NeMo/nemo/collections/nlp/parts/megatron_trainer_builder.py", 176, "create_trainer", "return Trainer(plugins=plugins, strategy=strategy, **self.cfg.trainer, callbacks=callbacks)"),
                  ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/utilities/argparse.py", 70, "insert_env_defaults", "return fn(self, **kwargs)"),
                  ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", 396, "__init__", "self._accelerator_connector = _AcceleratorConnector("),
                  ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/accelerator_connector.py", 148, "__init__", "self._set_parallel_devices_and_init_accelerator()"),
                  ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/accelerator_connector.py", 362, "_set_parallel_devices_and_init_accelerator", "raise MisconfigurationException(")]
        out.addm(tt, [pre + "Error executing job with overrides: ['trainer.num_nodes=8']"] + py_tb(pre, frames, "lightning.fabric.utilities.exceptions.MisconfigurationException: `CUDAAccelerator` can not run on your system since the accelerator is not available. The following accelerator(s) is available and can be passed into `accelerator` argument of `Trainer`: ['cpu']."))
        out.add(tt, pre + "")
        out.add(tt, pre + "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.")
    out.add(crash + sec(1.1), "srun: error: hgx-h100-031: tasks 56-63: Exited with exit code 1")
    out.add(crash + sec(1.2), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    out.add(crash + sec(1.2), "slurmstepd: error: *** STEP %d.0 ON hgx-h100-024 CANCELLED AT %s ***" % (jobid, (crash + sec(1)).strftime("%Y-%m-%dT%H:%M:%S")))
    out.add(crash + sec(2.0), "srun: error: hgx-h100-024: tasks 0-7: Killed")
    for ni in range(1, 7):
        out.add(crash + sec(2.0 + ni * 0.1), "srun: error: %s: tasks %d-%d: Killed" % (hosts[ni], ni * 8, ni * 8 + 7))
    end = crash + sec(3)
    b.w("slurm-%d.out" % jobid, out.lines())
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    # bad node
    h = hosts[bad]
    bt = D(2024, 7, 16, 9, 11, 40)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-116-generic", drv_new, PCI_HGXH100, hcas, open_mod=True, fm=True)]
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    fmj = ["-- Logs begin at Tue 2024-07-16 09:11:40 UTC, end at Tue 2024-07-16 09:40:01 UTC. --",
           "Jul 16 09:12:19 hgx-h100-031 systemd[1]: Starting NVIDIA fabric manager service...",
           "Jul 16 09:12:19 hgx-h100-031 nv-fabricmanager[4102]: fabric manager NVIDIA GPU driver interface version %s don't match with driver version %s. Please update with matching NVIDIA driver package." % (drv_old, drv_new),
           "Jul 16 09:12:19 hgx-h100-031 nv-fabricmanager[4102]: Fabric Manager initialization failed",
           "Jul 16 09:12:19 hgx-h100-031 systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE",
           "Jul 16 09:12:19 hgx-h100-031 systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'.",
           "Jul 16 09:12:19 hgx-h100-031 systemd[1]: Failed to start NVIDIA fabric manager service."]
    b.w("%s/journalctl-u-nvidia-fabricmanager.txt" % h, fmj)
    b.w("%s/dpkg-l-nvidia.txt" % h, ["$ dpkg -l | grep -E 'nvidia-(driver|fabricmanager|dkms|kernel)'",
                                     "ii  nvidia-dkms-550-server               %s-0ubuntu1              amd64        NVIDIA DKMS package" % drv_new,
                                     "ii  nvidia-driver-550-server             %s-0ubuntu1              amd64        NVIDIA Server Driver metapackage" % drv_new,
                                     "ii  nvidia-fabricmanager-550             %s-1                     amd64        Fabric Manager for NVSwitch based systems." % drv_old,
                                     "ii  nvidia-kernel-common-550-server      %s-0ubuntu1              amd64        Shared files used with the kernel module" % drv_new,
                                     "ii  nvidia-kernel-source-550-server      %s-0ubuntu1              amd64        NVIDIA kernel source package" % drv_new])
    b.w("%s/apt-history.log" % h, ["Start-Date: 2024-07-16  09:02:44", "Commandline: /usr/bin/apt-get -y -o Dpkg::Options::=--force-confold install nvidia-driver-550-server=550.90.07-0ubuntu1 nvidia-dkms-550-server=550.90.07-0ubuntu1",
                                   "Requested-By: ansible (1002)",
                                   "Upgrade: nvidia-driver-550-server:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1), nvidia-dkms-550-server:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1), libnvidia-compute-550-server:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1), nvidia-kernel-common-550-server:amd64 (550.54.15-0ubuntu1, 550.90.07-0ubuntu1)",
                                   "End-Date: 2024-07-16  09:06:12"])
    q = ["$ nvidia-smi -q -d FABRIC" if False else "$ nvidia-smi -q | grep -A3 -i fabric"]
    for g, bus in enumerate(PCI_HGXH100):
        q += ["GPU 00000000:%s:00.0" % bus.upper(), "    Fabric", "        State                             : In Progress", "        Status                            : N/A", "--"]
    b.w("%s/nvidia-smi-q-fabric.txt" % h, q)
    # a healthy one for comparison
    hh = hosts[0]
    b.w("%s/journalctl-u-nvidia-fabricmanager.txt" % hh, ["-- Logs begin at Wed 2024-07-03 18:02:11 UTC, end at Tue 2024-07-16 09:40:01 UTC. --",
                                                           "Jul 03 18:02:40 hgx-h100-024 systemd[1]: Starting NVIDIA fabric manager service...",
                                                           "Jul 03 18:02:52 hgx-h100-024 nv-fabricmanager[3911]: Connected to 1 node.",
                                                           "Jul 03 18:02:52 hgx-h100-024 nv-fabricmanager[3911]: Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are successfully registered with the NVLink fabric.",
                                                           "Jul 03 18:02:52 hgx-h100-024 systemd[1]: Started NVIDIA fabric manager service."])
    b.w("%s/nvidia-smi.txt" % hh, smi_table(end + sec(60), drv_old, "12.4", "H100", PCI_HGXH100, gpus=[dict(temp=29 + i % 4, pwr=70 + i) for i in range(8)]))
    b.w("sacct.txt", sacct(jobid, "gpt20b", [("", "gpt3-20b", "FAILED", "1:0", start, end, 8), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                              (".0", "python", "FAILED", "1:0", start + sec(1), end, 8)], "hgx-h100-[024-031]"))
    b.set_label("dependency", "infrastructure", "hgx-h100-031", None, "restart_without_node",
                "Only the eight ranks on hgx-h100-031 fail, at start-up, with CUDA Error 802 'system not yet initialized'; that node's driver was upgraded to 550.90.07 by ansible that morning but nvidia-fabricmanager stayed at 550.54.15, so the fabric manager refuses to start and the GPUs never join the NVLink fabric. The other 56 ranks were only killed by srun.",
                "https://github.com/pytorch/pytorch/issues/35710")
    return b


# =========================================================================== bo11
def case11():
    b = Bundle("bo11_third_node_no_gpus_found", 7011)
    rng = b.rng
    hosts = ["ml-l40s-01", "ml-l40s-02", "ml-l40s-03"]
    gpn = 4
    buses = ["17", "3d", "99", "bd"]
    drv_k, drv_u = "535.161.07", "535.183.01"
    start = D(2024, 6, 19, 7, 40, 3)
    site = "/opt/venvs/sd/lib/python3.11/site-packages"
    bad = 2
    crash = start + sec(21.5)
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [22810 + ni * 100 + i for i in range(gpn)]
        log.add(start, "$ accelerate launch --config_file cfg/multi_node.yaml --machine_rank %d --main_process_ip ml-l40s-01 --main_process_port 29400 train_text_to_image.py --pretrained_model_name_or_path stabilityai/stable-diffusion-xl-base-1.0 --train_data_dir /data/pets-captions --resolution 1024 --train_batch_size 2 --mixed_precision bf16" % ni)
        torchrun_banner(log, start + sec(2), 22800 + ni * 100)
        if ni == bad:
            for lr in range(gpn):
                r = ni * gpn + lr
                tt = crash + sec(lr * 0.05)
                pre = "[rank%d]: " % r
                log.addm(tt - sec(1.2), ["%s/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % site,
                                         "  return torch._C._cuda_getDeviceCount() > 0"])
                frames = [("/home/jli/diffusers/examples/text_to_image/train_text_to_image_sdxl.py", 1296, "<module>", "main(args)"),
                          ("/home/jli/diffusers/examples/text_to_image/train_text_to_image_sdxl.py", 521, "main", "accelerator = Accelerator("),
                          ("%s/accelerate/accelerator.py" % site, 409, "__init__", "self.state = AcceleratorState("),
                          ("%s/accelerate/state.py" % site, 865, "__init__", "PartialState(cpu, **kwargs)"),
                          ("%s/accelerate/state.py" % site, 212, "__init__", "torch.distributed.init_process_group(backend=self.backend, **kwargs)"),
                          ("%s/torch/distributed/c10d_logger.py" % site, 83, "wrapper", "return func(*args, **kwargs)"),
                          ("%s/torch/distributed/distributed_c10d.py" % site, 1570, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                          ("%s/torch/distributed/distributed_c10d.py" % site, 1811, "_new_process_group_helper", "backend_class = ProcessGroupNCCL(")]
                log.addm(tt, py_tb(pre, frames, "RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!"))
            root = (ni * gpn, 0, 1, pids[0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1))
            fails = [(ni * gpn + i, i, 1, pids[i], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1)) for i in range(1, gpn)]
            log.addm(crash + sec(1.5), agent_failure(crash + sec(1.5), h, "train_text_to_image_sdxl.py", fails, root, site=site))
            log.addm(crash + sec(2.0), ["Traceback (most recent call last):", '  File "/opt/venvs/sd/bin/accelerate", line 8, in <module>', "    sys.exit(main())",
                                        "subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '3', '--node_rank', '2', '--nproc_per_node', '4', '--master_addr', 'ml-l40s-01', '--master_port', '29400', 'train_text_to_image_sdxl.py']' returned non-zero exit status 1."])
        else:
            if ni:
                log.add(start + sec(6.2), "[W619 07:40:09.114215373 socket.cpp:697] [c10d] The client socket has failed to connect to [ml-l40s-01]:29400 (errno: 111 - Connection refused).")
            tfail = start + sec(1801 + 20)
            if ni == 0:
                pre = "[rank0]: "
                frames = [("/home/jli/diffusers/examples/text_to_image/train_text_to_image_sdxl.py", 521, "main", "accelerator = Accelerator("),
                          ("%s/accelerate/state.py" % site, 212, "__init__", "torch.distributed.init_process_group(backend=self.backend, **kwargs)"),
                          ("%s/torch/distributed/distributed_c10d.py" % site, 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                          ("%s/torch/distributed/rendezvous.py" % site, 269, "_env_rendezvous_handler", "store = _create_c10d_store("),
                          ("%s/torch/distributed/rendezvous.py" % site, 189, "_create_c10d_store", "return TCPStore(")]
                log.addm(tfail, py_tb(pre, frames, "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 8/12 clients joined."))
            for lr in range(gpn):
                r = ni * gpn + lr
                if r == 0:
                    continue
                tt = tfail + sec(0.4 + lr * 0.02)
                log.add(tt, "[rank%d]: Traceback (most recent call last):" % r)
                log.add(tt, "[rank%d]:   File \"%s/torch/distributed/rendezvous.py\", line 189, in _create_c10d_store" % (r, site))
                log.add(tt, "[rank%d]:     return TCPStore(" % r)
                log.add(tt, "[rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % r)
            root = (ni * gpn + (0 if ni == 0 else 1), 0 if ni == 0 else 1, 1, pids[0 if ni == 0 else 1], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", tfail + sec(1))
            fails = [(ni * gpn + i, i, 1, pids[i], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", tfail + sec(1)) for i in range(gpn) if i != root[1]]
            log.addm(tfail + sec(2), agent_failure(tfail + sec(2), h, "train_text_to_image_sdxl.py", fails, root, site=site))
        b.w("%s/accelerate_launch.log" % h, log.lines())
        bt = D(2024, 6, 3, 12, 0, 11) + sec(ni * 4000)
        pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-107-generic", drv_k, buses, [("mlx5_0", "4b"), ("mlx5_1", "ca")], open_mod=False)]
        pairs += periodic_noise(rng, bt + sec(200), start + sec(2000), 9 * 3600, h)
        if ni == bad:
            for k in range(5):
                tt = crash - sec(1.3) + sec(0.07 * k) if k < 4 else start + sec(2400)
                pairs += [(tt, "NVRM: API mismatch: the client has the version %s, but" % drv_u), (tt, "NVRM: this kernel module has the version %s.  Please" % drv_k),
                          (tt, "NVRM: make sure that this kernel module and all NVIDIA driver"), (tt, "NVRM: components have the same version.")]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
        if ni == bad:
            b.w("%s/nvidia-smi.txt" % h, ["$ nvidia-smi", "Failed to initialize NVML: Driver/library version mismatch", "NVML library version: 535.183"])
            b.w("%s/apt-history.log" % h, ["Start-Date: 2024-06-19  06:25:31", "Commandline: /usr/bin/unattended-upgrade",
                                           "Upgrade: libnvidia-compute-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-extra-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), nvidia-utils-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-decode-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1)",
                                           "End-Date: 2024-06-19  06:26:48"])
            b.w("%s/cat_proc_driver_nvidia_version.txt" % h, ["NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Thu Feb 29 20:29:34 UTC 2024" % drv_k, "GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)"])
        else:
            b.w("%s/nvidia-smi.txt" % h, smi_table(start + sec(2100), drv_k, "12.2", "L40S", buses, gpus=[dict(temp=35 + i, pwr=34 + i) for i in range(4)]))
    b.set_label("dependency", "infrastructure", "ml-l40s-03", None, "restart_without_node",
                "Only ml-l40s-03's four ranks fail: CUDA Error 803 'unsupported display driver / cuda driver combination', then 'no GPUs found'. unattended-upgrade updated its user-space NVIDIA libs to 535.183.01 at 06:25 while the loaded kernel module is 535.161.07 (dmesg 'API mismatch', nvidia-smi 'Driver/library version mismatch'). The rank-0 store timeout (8/12 clients) and the 'Connection reset by peer' errors on the other nodes follow from it.",
                "https://github.com/lyulyul/shine-cluster/issues/30")
    return b


# =========================================================================== bo12
def case12():
    b = Bundle("bo12_fresh_venv_every_rank_fails_on_start", 7012)
    rng = b.rng
    hosts = ["vcl-gpu-07", "vcl-gpu-08"]
    gpn = 8
    jobid = 1198554
    start = D(2024, 3, 5, 14, 2, 41)
    site = "/scratch/pwalsh/envs/ft311/lib/python3.11/site-packages"
    driver = "470.239.06"
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [5521 + ni * 40 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(4), 5500 + ni * 40)
        crash = start + sec(16 + ni * 0.4)
        for lr in range(gpn):
            r = ni * gpn + lr
            tt = crash + sec(lr * 0.04)
            log.addm(tt - sec(2.1), ["%s/torch/cuda/__init__.py:118: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)" % site,
                                     "  return torch._C._cuda_getDeviceCount() > 0"])
            frames = [("/home/pwalsh/ft/finetune.py", 203, "<module>", "main()"), ("/home/pwalsh/ft/finetune.py", 88, "main", "torch.cuda.set_device(local_rank)"),
                      ("%s/torch/cuda/__init__.py" % site, 399, "set_device", "torch._C._cuda_setDevice(device)"),
                      ("%s/torch/cuda/__init__.py" % site, 293, "_lazy_init", "torch._C._cuda_init()")]
            log.addm(tt, py_tb("[rank%d]: " % r, frames, "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."))
        root = (ni * gpn, 0, 1, pids[0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1))
        fails = [(ni * gpn + i, i, 1, pids[i], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1)) for i in range(1, gpn)]
        log.addm(crash + sec(1.5), agent_failure(crash + sec(1.5), h, "/home/pwalsh/ft/finetune.py", fails, root, site=site))
        log.add(crash + sec(2), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        b.w("%s/torchrun.log" % h, log.lines())
        b.w("%s/nvidia-smi.txt" % h, smi_table(start + sec(300), driver, "11.4", "V100", PCI_DGX1, gpus=[dict(temp=31 + i % 3, pwr=41 + i) for i in range(8)]))
        bt = D(2024, 2, 1, 9, 0, 2) + sec(ni * 5000)
        pairs = [(x[0], x[1]) for x in boot_lines(h, "5.4.0-169-generic", driver, PCI_DGX1, [("mlx5_0", "05"), ("mlx5_1", "0c"), ("mlx5_2", "84"), ("mlx5_3", "8b")], open_mod=False)]
        pairs += periodic_noise(rng, bt + sec(99), start + sec(400), 12 * 3600, h)
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/dmesg.txt" % h, render_kernel("iso", h, bt, pairs))
    b.w("env_report.txt", ["$ srun -N1 -w vcl-gpu-07 /scratch/pwalsh/envs/ft311/bin/python -m torch.utils.collect_env",
                           "Collecting environment information...",
                           "PyTorch version: 2.3.1+cu121", "Is debug build: False", "CUDA used to build PyTorch: 12.1", "ROCM used to build PyTorch: N/A", "",
                           "OS: Ubuntu 20.04.6 LTS (x86_64)", "GCC version: (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0", "Clang version: Could not collect",
                           "CMake version: Could not collect", "Libc version: glibc-2.31", "",
                           "Python version: 3.11.9 (main, Apr 19 2024, 16:48:06) [GCC 11.2.0] (64-bit runtime)",
                           "Python platform: Linux-5.4.0-169-generic-x86_64-with-glibc2.31", "Is CUDA available: False", "CUDA runtime version: No CUDA",
                           "CUDA_MODULE_LOADING set to: N/A", "GPU models and configuration:",
                           "GPU 0: Tesla V100-SXM2-32GB", "GPU 1: Tesla V100-SXM2-32GB", "GPU 2: Tesla V100-SXM2-32GB", "GPU 3: Tesla V100-SXM2-32GB",
                           "GPU 4: Tesla V100-SXM2-32GB", "GPU 5: Tesla V100-SXM2-32GB", "GPU 6: Tesla V100-SXM2-32GB", "GPU 7: Tesla V100-SXM2-32GB", "",
                           "Nvidia driver version: %s" % driver, "cuDNN version: Could not collect", "HIP runtime version: N/A", "MIOpen runtime version: N/A",
                           "Is XNNPACK available: True", "", "Versions of relevant libraries:", "[pip3] numpy==1.26.4", "[pip3] torch==2.3.1+cu121",
                           "[pip3] transformers==4.41.2", "[pip3] triton==2.3.1", "[conda] Could not collect"])
    b.w("job_history.txt", ["$ sacct -u pwalsh -S 2024-02-20 --format=JobID,JobName%20,State,Start,End,NodeList%20 | grep -v '\\.'",
                            "1187320        llama-ft-v1  COMPLETED 2024-02-21T09:12:55 2024-02-22T01:40:11      vcl-gpu-[07-08]",
                            "1191007        llama-ft-v2  COMPLETED 2024-02-26T10:01:33 2024-02-27T03:15:48      vcl-gpu-[05-06]",
                            "1198554        llama-ft-v3     FAILED 2024-03-05T14:02:41 2024-03-05T14:03:01      vcl-gpu-[07-08]",
                            "# v1/v2 used envs/ft39 (torch 1.13.1+cu116); v3 switched to the new envs/ft311"])
    b.set_label("dependency", "framework", None, None, "stop",
                "All 16 ranks on both nodes fail in torch.cuda.set_device with 'The NVIDIA driver on your system is too old (found version 11040)': the new venv ships torch 2.3.1+cu121 while the cluster driver is 470.239.06 (CUDA 11.4). The same nodes ran the old cu116 env fine, so this is an environment mismatch everywhere, not a node fault.",
                "https://github.com/lllyasviel/Fooocus/issues/1313")
    return b


# =========================================================================== bo13
def case13():
    b = Bundle("bo13_iteration_time_doubled_since_lunch", 7013)
    rng = b.rng
    hosts = ["sxm-h-%03d" % i for i in range(81, 89)]
    gpn = 8
    driver, cuda = "550.90.07", "12.4"
    start = D(2024, 11, 5, 8, 0, 31)
    slow = D(2024, 11, 5, 13, 52, 10)
    snap = D(2024, 11, 5, 15, 2, 44)
    bad = 5
    hot = [4, 5, 6, 7]
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    logs = {h: Log() for h in hosts}
    for ni, h in enumerate(hosts):
        torchrun_banner(logs[h], start + sec(10), 8800 + ni)
        nccl_init(logs[h], start + sec(60), h, [41000 + ni * 10 + i for i in range(gpn)], ni, 8, gpn, PCI_HGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr,
                  ip="10.81.0.%d" % (81 + ni), nch=8, version="2.21.5+cuda12.4", nvls=16)
    megatron_startup(logs[hosts[0]], start + sec(15), "[default0]:", 64, 4, 2, "/fsx/ckpt/mixtral-lite-v2", 0, 1510922240)
    ts = start + sec(160)
    it = 0
    while True:
        slowed = ts >= slow
        ms = (3705 if slowed else 1921) + rng.uniform(-25, 25)
        ts = ts + sec(10 * ms / 1000)
        if ts >= snap:
            break
        it += 10
        logs[hosts[-1]].add(ts, "[default7]:" + megatron_iter(ts, it, 200000, 512, ms, 3e-4 * min(1, it / 2000), 7.2 * (0.999 ** (it / 10)) + 2.1 + rng.uniform(-0.02, 0.02), 0.6 + rng.uniform(-0.1, 0.1)))
        if it % 100 == 0:
            if slowed:
                hr = 40 + rng.choice(hot)
                line = " | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                    1890 + rng.uniform(0, 30), rng.randint(0, 39), 3690 + rng.uniform(0, 40), hr, 402 + rng.randint(0, 20), 40 + rng.choice(hot), 689 + rng.randint(0, 9), rng.randint(0, 39),
                    44 + rng.randint(0, 3), rng.randint(0, 39), 90 + rng.randint(0, 2), 40 + rng.choice(hot), 62 + rng.randint(0, 5), rng.randint(0, 39), 100, 40 + rng.choice(hot),
                    1080 + rng.randint(0, 40), 40 + rng.choice(hot), 1980, rng.randint(0, 39), 11.2 + rng.uniform(0, 1), rng.randint(0, 39), 44.8 + rng.uniform(0, 4), 40 + rng.choice(hot),
                    151.3 + rng.uniform(0, 4), 40 + rng.choice(hot), 301.2 + rng.uniform(0, 2), rng.randint(0, 39))
            else:
                line = " | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                    1895 + rng.uniform(0, 15), rng.randint(0, 63), 1918 + rng.uniform(0, 15), rng.randint(0, 63), 611 + rng.randint(0, 20), rng.randint(0, 63), 688 + rng.randint(0, 10), rng.randint(0, 63),
                    44 + rng.randint(0, 3), rng.randint(0, 63), 63 + rng.randint(0, 4), rng.randint(0, 63), 97, rng.randint(0, 63), 100, rng.randint(0, 63),
                    1965 + rng.randint(0, 15), rng.randint(0, 63), 1980, rng.randint(0, 63), 11.1 + rng.uniform(0, 1), rng.randint(0, 63), 19.9 + rng.uniform(0, 3), rng.randint(0, 63),
                    296.0 + rng.uniform(0, 2), rng.randint(0, 63), 301.4 + rng.uniform(0, 2), rng.randint(0, 63))
            logs[hosts[0]].add(ts + sec(0.2), "[default0]:" + line)
    for h in hosts:
        b.w("%s/torchrun.log" % h, logs[h].lines())
    h = hosts[bad]
    per = {g: dict(temp=89 + (g % 3), hws="Active", hwt="Active", gclk=1080 + 15 * g, pwr=412 + 9 * g, util=100, used=71233, perf="P0") for g in hot}
    for g in range(4):
        per[g] = dict(temp=58 + g, pwr=601 + 11 * g, util=61, used=71233, swpc="Not Active")
    b.w("%s/nvidia-smi-q.txt" % h, smi_q(snap + sec(20), driver, cuda, "H100", PCI_HGXH100, rng, per=per))
    per0 = {g: dict(temp=60 + g % 4, pwr=640 + 7 * g, util=62, used=71233) for g in range(8)}
    b.w("%s/nvidia-smi-q.txt" % hosts[0], smi_q(snap + sec(25), driver, cuda, "H100", PCI_HGXH100, rng, per=per0))
    b.w("%s/ipmitool-sel-list.txt" % h, ["   1 | 10/21/2024 | 16:02:11 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
                                          "   2 | 10/21/2024 | 16:04:40 | System Event #0x83 | Timestamp Clock Sync | Asserted",
                                          "   3 | 10/29/2024 | 09:12:55 | Power Supply PSU1_Status | Presence detected | Asserted",
                                          "   4 | 11/05/2024 | 13:49:37 | Fan FAN6_REAR | Lower Non-critical going low  | Asserted | Reading 2100 < Threshold 2800 RPM",
                                          "   5 | 11/05/2024 | 13:50:58 | Fan FAN6_REAR | Lower Critical going low  | Asserted | Reading 0 < Threshold 1400 RPM",
                                          "   6 | 11/05/2024 | 13:51:02 | Fan FAN6_FRONT | Lower Critical going low  | Asserted | Reading 0 < Threshold 1400 RPM",
                                          "   7 | 11/05/2024 | 13:53:40 | Temperature GPU_BASEBOARD_TEMP2 | Upper Non-critical going high | Asserted | Reading 71 > Threshold 70 degrees C"])
    b.w("%s/ipmitool-sdr-type-fan.txt" % h, ["FAN1_FRONT       | 30h | ok  | 29.1 | 11200 RPM", "FAN1_REAR        | 31h | ok  | 29.1 | 10920 RPM",
                                             "FAN2_FRONT       | 32h | ok  | 29.2 | 11340 RPM", "FAN2_REAR        | 33h | ok  | 29.2 | 11060 RPM",
                                             "FAN3_FRONT       | 34h | ok  | 29.3 | 11200 RPM", "FAN3_REAR        | 35h | ok  | 29.3 | 10780 RPM",
                                             "FAN4_FRONT       | 36h | ok  | 29.4 | 11340 RPM", "FAN4_REAR        | 37h | ok  | 29.4 | 10920 RPM",
                                             "FAN5_FRONT       | 38h | ok  | 29.5 | 11480 RPM", "FAN5_REAR        | 39h | ok  | 29.5 | 11060 RPM",
                                             "FAN6_FRONT       | 3Ah | cr  | 29.6 | 0 RPM", "FAN6_REAR        | 3Bh | cr  | 29.6 | 0 RPM"])
    bt = D(2024, 10, 29, 9, 11, 30)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "6.5.0-1024-nvidia", driver, PCI_HGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(100), snap, 6 * 3600, h)
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                       "           4402119     train mixtral-  sbhatia  R    7:02:13      8 sxm-h-[081-088]"])
    b.w("topology.json", json.dumps({"topology": {"leaf-ib-21": hosts[:4], "leaf-ib-22": hosts[4:]}}, indent=1))
    b.set_label("straggler", "infrastructure", "sxm-h-086", None, "restart_without_node",
                "Iteration time jumped from ~1.92 s to ~3.7 s at 13:52 and the Megatron straggler report has ranks 44-47 (sxm-h-086 GPUs 4-7) as MxRtt/MxTmp/MnClk ever since; that node's BMC logged FAN6 front and rear at 0 RPM at 13:51, and nvidia-smi shows GPUs 4-7 at 89-91C with HW Thermal Slowdown active and clocks near 1.1 GHz.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# =========================================================================== bo14
def case14():
    b = Bundle("bo14_four_ranks_die_together_on_one_node", 7014)
    rng = b.rng
    hosts = ["node-a15", "node-a16", "node-a17"]
    gpn = 8
    driver, cuda = "535.154.05", "12.2"
    jobid = 640217
    start = D(2024, 10, 2, 9, 40, 0)
    T0 = D(2024, 10, 2, 22, 14, 6, 52000)
    bad = 2
    lost = [4, 5, 6, 7]
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [77010 + ni * 30 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(14), 77000 + ni * 30)
        nccl_init(log, start + sec(52), h, pids, ni, 3, gpn, PCI_DGXA100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.70.0.%d" % (15 + ni), nch=8, version="2.20.5+cuda12.4", cudadrv="12020")
        if ni == 0:
            ts = start + sec(130)
            s = 0
            while ts < T0:
                ts = ts + sec(50 * 1.21 + rng.uniform(-1, 1))
                s += 50
                if ts >= T0:
                    break
                log.add(ts, "[default0]:{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.62 - s * 0.00001 + rng.uniform(-0.04, 0.04), 1.1 + rng.uniform(-0.2, 0.2), 5e-5, s / 52000))
        if ni == bad:
            for k, lr in enumerate(lost):
                r = ni * gpn + lr
                tt = T0 + sec(1.3 + 0.08 * k)
                log.add(tt, "[default%d]:%s:%d:%d [%d] include/alloc.h:139 NCCL WARN Cuda failure 'unknown error'" % (lr, h, pids[lr], pids[lr] + 211, lr))
                log.addm(tt + sec(0.05), ["[default%d]:" % lr + x for x in cuda_err_block(tt + sec(0.05), r, "unknown error")])
            root = (ni * gpn + 4, 4, -6, pids[4], sig_tb(-6), T0 + sec(2.3))
            fails = [(ni * gpn + lr, lr, -6, pids[lr], sig_tb(-6), T0 + sec(2.4)) for lr in lost[1:]] + [(ni * gpn + lr, lr, -15, pids[lr], sig_tb(-15), T0 + sec(32)) for lr in range(4)]
            log.addm(T0 + sec(2.5), agent_failure(T0 + sec(2.5), h, "sft.py", fails, root, sigterm_pids=pids[:4]))
            ends[h] = T0 + sec(34)
        else:
            r = ni * gpn + (7 if ni == 1 else 0)
            lr = r % gpn
            tt = T0 + sec(9.2 + ni)
            err = "NET/IB : Got completion from peer 10.70.0.17<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:10.70.0.%d remoteGids::ffff:10.70.0.17 hca mlx5_%d" % (51002 + ni, 0 if ni == 1 else 128, "Send" if ni == 1 else "Recv", 15 + ni, 9 if ni == 1 else 0)
            log.add(tt, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (lr, h, pids[lr], pids[lr] + 231, lr, err))
            log.addm(tt + sec(0.2), ["[default%d]:[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (lr, r, f_glog(tt + sec(0.2), "E", True), r),
                                     "[default%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % lr,
                                     "[default%d]:Last error:" % lr, "[default%d]:%s" % (lr, err),
                                     "[default%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % lr])
            root = (r, lr, -6, pids[lr], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(31)) for i in range(gpn) if i != lr]
            log.addm(tt + sec(1.2), agent_failure(tt + sec(1.2), h, "sft.py", fails, root, sigterm_pids=[p for i, p in enumerate(pids) if i != lr]))
            ends[h] = tt + sec(33)
        b.w("%s/torchrun.log" % h, log.lines())
    end = max(ends.values())
    h = hosts[bad]
    bt = D(2024, 9, 20, 15, 3, 0)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-122-generic", driver, PCI_DGXA100, hcas, open_mod=False, fm=True)] + periodic_noise(rng, bt + sec(99), end, 5 * 3600, h)
    for k, g in enumerate(lost):
        tt = T0 + sec(0.003 * k)
        bus = PCI_DGXA100[g]
        sn = 1564720011000 + g * 13
        pairs += [(tt, "NVRM: GPU at PCI:0000:%s:00: %s" % (bus, uuid(rng))), (tt, "NVRM: GPU Board Serial Number: %d" % sn),
                  (tt, "NVRM: Xid (PCI:0000:%s:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % bus),
                  (tt, "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % bus), (tt, "NVRM: GPU 0000:%s:00.0: GPU serial number is %d." % (bus, sn))]
    pairs += [(T0 + sec(0.4), "nvidia-nvswitch4: SXid (PCI:0000:c8:00.0): 11004, NVSWITCH Link 32 (0x0) Training Error"), (T0 + sec(0.4), "nvidia-nvswitch5: SXid (PCI:0000:c9:00.0): 11004, NVSWITCH Link 16 (0x0) Training Error")]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("%s/ipmitool-sel-elist.txt" % h, ["  f1 | 09/20/2024 | 15:01:12 | Power Supply PSU1_Status | Presence detected | Asserted",
                                          "  f2 | 09/20/2024 | 15:01:12 | Power Supply PSU2_Status | Presence detected | Asserted",
                                          "  f3 | 09/20/2024 | 15:01:12 | Power Supply PSU3_Status | Presence detected | Asserted",
                                          "  f4 | 09/20/2024 | 15:01:12 | Power Supply PSU4_Status | Presence detected | Asserted",
                                          " 1a2 | 10/02/2024 | 22:14:04 | Power Supply PSU3_Status | Power Supply input lost (AC/DC) | Asserted",
                                          " 1a3 | 10/02/2024 | 22:14:05 | Power Supply PSU3_Status | Failure detected | Asserted",
                                          " 1a4 | 10/02/2024 | 22:14:05 | Power Unit PSU_Redundancy | Redundancy Lost | Asserted",
                                          " 1a5 | 10/02/2024 | 22:14:05 | Power Supply PSU4_Status | Failure detected | Asserted",
                                          " 1a6 | 10/02/2024 | 22:14:06 | Power Unit PSU_Redundancy | Non-Redundant: Insufficient Resources | Asserted",
                                          " 1a7 | 10/02/2024 | 22:14:06 | System Event GPU_Baseboard_PWR | Power Brake Asserted | Asserted"])
    b.w("%s/nvidia-smi.txt" % h, smi_table(end + sec(300), driver, cuda, "A100", PCI_DGXA100, fell="87"))
    b.w("%s/nvidia-smi-query.csv" % h, ["$ nvidia-smi --query-gpu=index,pci.bus_id,temperature.gpu,power.draw,clocks_event_reasons.hw_power_brake_slowdown --format=csv -i 0,1,2,3",
                                         "index, pci.bus_id, temperature.gpu, power.draw [W], clocks_event_reasons.hw_power_brake_slowdown",
                                         "0, 00000000:07:00.0, 33, 61.22 W, Active", "1, 00000000:0F:00.0, 32, 60.71 W, Active",
                                         "2, 00000000:47:00.0, 33, 62.05 W, Active", "3, 00000000:4E:00.0, 31, 60.40 W, Active"])
    b.w("sacct.txt", sacct(jobid, "sft", [("", "sft-13b", "FAILED", "1:0", start, end, 3), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                           (".0", "torchrun", "FAILED", "1:0", start + sec(13), end, 3)], "node-a[15-17]"))
    b.set_label("host", "infrastructure", "node-a17", None, "restart_without_node",
                "node-a17's BMC logs input loss and failure on PSU3 and PSU4 (redundancy lost, power brake asserted) at 22:14:04-06. Within a second, GPUs 4-7 (87/90/b7/bd) all log Xid 79, ranks 20-23 die with CUDA 'unknown error', and GPUs 0-3 show HW power brake slowdown. The ncclRemoteError on node-a15/a16 points at 10.70.0.17 and is sympathetic.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return b


# =========================================================================== bo15
def case15():
    b = Bundle("bo15_rank14_unspecified_launch_failure", 7015)
    rng = b.rng
    hosts = ["c4-gpu-%02d" % i for i in range(9, 15)]
    gpn = 4
    buses = ["04", "05", "86", "87"]
    driver, cuda = "550.127.05", "12.4"
    jobid = 9930124
    start = D(2024, 12, 9, 20, 15, 2)
    T0 = D(2024, 12, 10, 1, 37, 44, 610000)
    bad, bad_lr = 3, 2
    bad_r = bad * gpn + bad_lr
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [18830 + ni * 21 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(9), 18800 + ni)
        nccl_init(log, start + sec(40), h, pids, ni, 6, gpn, buses, [("mlx5_0", "3b"), ("mlx5_1", "b1")], prefix=lambda lr, r: "[default%d]:" % lr,
                  ip="10.140.4.%d" % (9 + ni), nch=4, version="2.21.5+cuda12.4", gdr=True)
        if ni == 0:
            ts = start + sec(100)
            s = 0
            while ts < T0:
                ts = ts + sec(20 * 2.05 + rng.uniform(-0.5, 0.5))
                s += 20
                if ts >= T0:
                    break
                log.add(ts, "[default0]:{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (2.02 - s * 0.00003 + rng.uniform(-0.04, 0.04), 2.3 + rng.uniform(-0.4, 0.4), 1e-4, s / 24000))
        if ni == bad:
            tt = T0 + sec(1.1)
            log.add(tt, "[default2]:%s:%d:%d [2] include/alloc.h:139 NCCL WARN Cuda failure 'unspecified launch failure'" % (h, pids[2], pids[2] + 118))
            log.addm(tt + sec(0.05), ["[default2]:" + x for x in cuda_err_block(tt + sec(0.05), bad_r, "unspecified launch failure")])
            root = (bad_r, 2, -6, pids[2], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(30)) for i in range(gpn) if i != 2]
            log.addm(tt + sec(1.2), agent_failure(tt + sec(1.2), h, "run_clm.py", fails, root, sigterm_pids=[p for i, p in enumerate(pids) if i != 2]))
            ends[h] = tt + sec(32)
        else:
            tt = T0 + sec(600.4 + ni * 0.1)
            for lr in range(gpn):
                r = ni * gpn + lr
                log.addm(tt, ["[default%d]:" % lr + x for x in wd_timeout(tt, r, 188311, "ALLREDUCE", 25165824, 600000, 600052 + lr)])
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "run_clm.py", fails, root))
            ends[h] = tt + sec(4)
        b.w("%s/torchrun.log" % h, log.lines())
    end = max(ends.values())
    for ni in (1, bad):
        h = hosts[ni]
        bt = D(2024, 11, 28, 10, 0, 0) + sec(ni * 777)
        pairs = [(x[0], x[1]) for x in boot_lines(h, "5.14.0-427.22.1.el9_4.x86_64", driver, buses, [("mlx5_0", "3b"), ("mlx5_1", "b1")], open_mod=True)]
        pairs += periodic_noise(rng, bt + sec(100), end, 6 * 3600, h)
        if ni == 1:
            tx = D(2024, 12, 4, 6, 22, 19)
            pairs += [(tx, "pcieport 0000:3a:00.0: AER: Correctable error message received from 0000:3b:00.0"),
                      (tx, "mlx5_core 0000:3b:00.0: PCIe Bus Error: severity=Correctable, type=Data Link Layer, (Receiver ID)"),
                      (tx, "mlx5_core 0000:3b:00.0:   device [15b3:1021] error status/mask=00000080/00002000"),
                      (tx, "mlx5_core 0000:3b:00.0:    [ 7] BadDLLP               ")]
        else:
            for k in range(9):
                tx = T0 - sec(3600 - k * 377 - rng.randint(0, 60))
                pairs += [(tx, "pcieport 0000:85:08.0: AER: Correctable error message received from 0000:86:00.0"),
                          (tx, "nvidia 0000:86:00.0: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID)"),
                          (tx, "nvidia 0000:86:00.0:   device [10de:20b5] error status/mask=00000001/0000e000"),
                          (tx, "nvidia 0000:86:00.0:    [ 0] RxErr                  (First)")]
            pairs += [(T0 - sec(0.02), "pcieport 0000:85:08.0: AER: Uncorrectable (Fatal) error message received from 0000:86:00.0"),
                      (T0 - sec(0.02), "nvidia 0000:86:00.0: PCIe Bus Error: severity=Uncorrectable (Fatal), type=Transaction Layer, (Requester ID)"),
                      (T0 - sec(0.02), "nvidia 0000:86:00.0:   device [10de:20b5] error status/mask=00004000/00000000"),
                      (T0 - sec(0.02), "nvidia 0000:86:00.0:    [14] CmpltTO                (First)"),
                      (T0, "nvidia 0000:86:00.0: AER: can't recover (no error_detected callback)"),
                      (T0, "pcieport 0000:85:08.0: AER: Root Port link has been reset (0)" if False else "pcieport 0000:85:08.0: AER: Downstream Port link has been reset (0)"),
                      (T0 + sec(0.01), "pcieport 0000:85:08.0: AER: device recovery failed"),
                      (T0 + sec(0.2), "NVRM: GPU at PCI:0000:86:00: GPU-e03a91c7-2b44-81d0-5f6e-39a1c7d2b508"),
                      (T0 + sec(0.2), "NVRM: GPU Board Serial Number: 1323021044812"),
                      (T0 + sec(0.2), "NVRM: Xid (PCI:0000:86:00): 79, pid=%d, name=python, GPU has fallen off the bus." % (18830 + bad * 21 + 2)),
                      (T0 + sec(0.2), "NVRM: GPU 0000:86:00.0: GPU has fallen off the bus."),
                      (T0 + sec(0.2), "NVRM: GPU 0000:86:00.0: GPU serial number is 1323021044812.")]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/journalctl-k.txt" % h, render_kernel("iso", h, bt, pairs))
    h = hosts[bad]
    b.w("%s/ras-mc-ctl-errors.txt" % h, ["$ ras-mc-ctl --summary", "No Memory errors.", "", "PCIe AER events summary:",
                                          "\t9 Corrected errors: Receiver Error", "\t1 Uncorrected (Fatal) errors: Completion Timeout", "", "No Extlog errors.", "", "No MCE errors."])
    b.w("%s/lspci-tv.txt" % h, ["$ lspci -tv -s 85:", " +-[0000:84]-+-00.0-[85-88]----00.0-[86-88]--+-08.0-[86]----00.0  NVIDIA Corporation GA100 [A100 PCIe 80GB]",
                                "                                              \\-10.0-[87]----00.0  NVIDIA Corporation GA100 [A100 PCIe 80GB]"])
    b.w("sacct.txt", sacct(jobid, "clm", [("", "clm-ft-12b", "FAILED", "1:0", start, end, 6), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                           (".0", "torchrun", "FAILED", "1:0", start + sec(8), end, 6)], "c4-gpu-[09-14]"))
    b.set_label("gpu_hardware", "infrastructure", "c4-gpu-12", bad_r, "restart_without_node",
                "c4-gpu-12 logs an hour of corrected Receiver Errors on the link to GPU 0000:86:00, then an uncorrectable fatal Completion Timeout, failed AER recovery and Xid 79 at 01:37:44. Rank 14 (local GPU 2) dies one second later; every other node only hits the 10-minute watchdog. The lone BadDLLP on c4-gpu-10's NIC a week earlier is unrelated.",
                "https://github.com/rwth-i6/returnn/issues/1500")
    return b


# =========================================================================== bo16
def case16():
    b = Bundle("bo16_ddp_throughput_halved", 7016)
    rng = b.rng
    hosts = ["gpu-p2-01", "gpu-p2-02"]
    gpn = 8
    driver, cuda = "535.183.06", "12.2"
    jobid = 7730012
    start = D(2024, 8, 27, 11, 0, 40)
    snap = D(2024, 8, 27, 13, 31, 5)
    bad, bad_lr = 1, 6
    bad_r = bad * gpn + bad_lr
    out = Log()
    out.add(start, "+ srun -l --ntasks-per-node=8 python train_seg.py fit --config configs/segformer_b5_city.yaml --trainer.num_nodes=2 --trainer.devices=8")
    for r in range(16):
        out.add(start + sec(9 + r * 0.02), "%2d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r, r + 1))
    out.addm(start + sec(14), [" 0: ----------------------------------------------------------------------------------------------------", " 0: distributed_backend=nccl",
                               " 0: All distributed processes registered. Starting with 16 processes",
                               " 0: ----------------------------------------------------------------------------------------------------", " 0: "])
    for ni, h in enumerate(hosts):
        nccl_init(out, start + sec(20), h, [9100 + ni * 20 + i for i in range(gpn)], ni, 2, gpn, PCI_DGXA100,
                  [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")],
                  prefix=lambda lr, r: "%2d: " % r, ip="10.2.2.%d" % (1 + ni), nch=4, version="2.20.5+cuda12.4", cudadrv="12020")
    ts = start + sec(60)
    step = 0
    total = 37200
    while True:
        ts = ts + sec(50 * 0.98 + rng.uniform(-0.6, 0.6))
        if ts >= snap:
            break
        step += 50
        out.add(ts, " 0: Epoch %d:  %2d%%|%s| %d/%d [%s<%s, 1.02it/s, v_num=41, train/loss_step=%.3f]" % (step // 2325, 100 * (step % 2325) // 2325, "#" * (10 * (step % 2325) // 2325) + " " * (10 - 10 * (step % 2325) // 2325),
                                                                                                        step % 2325, 2325, tq((step % 2325) * 0.98), tq((2325 - step % 2325) * 0.98), 0.41 - step * 0.000004 + rng.uniform(-0.03, 0.03)))
        if step % 500 == 0:
            for r in range(16):
                if r == bad_r:
                    h2d, wait = 0.412 + rng.uniform(-0.01, 0.02), 0.004 + rng.uniform(0, 0.003)
                else:
                    h2d, wait = 0.019 + rng.uniform(0, 0.003), 0.391 + rng.uniform(-0.01, 0.02)
                out.add(ts + sec(0.1 + 0.01 * r), "%2d: [timing] step %d rank %d: data_wait %.3fs h2d_copy %.3fs fwd_bwd %.3fs allreduce_wait %.3fs" % (r, step, r, 0.006 + rng.uniform(0, 0.004), h2d, 0.552 + rng.uniform(-0.01, 0.01), wait))
    b.w("slurm-%d.out" % jobid, out.lines())
    h = hosts[bad]
    per = {bad_lr: dict(gen_cur=1, gen_max=4, tx=1024, rx=1871000, util=58, used=61022, pwr=211)}
    for g in range(8):
        if g != bad_lr:
            per[g] = dict(util=61, used=61022, pwr=240 + g, tx=81211, rx=913000)
    b.w("%s/nvidia-smi-q.txt" % h, smi_q(snap + sec(30), driver, cuda, "A100", PCI_DGXA100, rng, per=per))
    b.w("%s/lspci-vv-b7.txt" % h, ["$ sudo lspci -vv -s b7:00.0 | grep -E 'LnkCap|LnkSta'",
                                   "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported",
                                   "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x16 (ok)",
                                   "\t\tLnkCap2: Supported Link Speeds: 2.5-16GT/s, Crosslink- Retimer+ 2Retimers+ DRS-",
                                   "\t\tLnkSta2: Current De-emphasis Level: -3.5dB, EqualizationComplete- EqualizationPhase1-",
                                   "$ sudo lspci -vv -s 90:00.0 | grep -E 'LnkCap|LnkSta'",
                                   "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported",
                                   "\t\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)"])
    bt = D(2024, 8, 22, 17, 44, 10)
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    extra = [(2.9, "pci 0000:b7:00.0: 4.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x16 link at 0000:b6:00.0 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)" if False else "pci 0000:b7:00.0: 32.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x16 link at 0000:b6:00.0 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)")]
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-118-generic", driver, PCI_DGXA100, hcas, open_mod=False, fm=True, extra=extra)] + periodic_noise(rng, bt + sec(99), snap, 6 * 3600, h)
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("%s/nvidia-smi-dmon.txt" % h, ["# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk  rxpci  txpci",
                                        "# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz   MB/s   MB/s"] +
      ["    %d    %3d     %2d     %2d     %2d     %2d      0      0      0      0   1593   1410   %4d   %4d" % (g, 240 + g if g != bad_lr else 211, 51 + g % 3, 57 + g % 3, 61 if g != bad_lr else 58, 30, 913 if g != bad_lr else 1871, 81 if g != bad_lr else 1) for _ in range(3) for g in range(8)])
    b.w("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)", "           %d       gpu segforme  lmorales  R    2:30:25      2 gpu-p2-[01-02]" % jobid])
    b.w("user_report.txt", ["From: lmorales", "Subject: segformer job 2x slower than last week on p2 nodes",
                            "Same config as job 7711893 (1.9 it/s on gpu-p2-[03-04]); this one is stuck at ~1.0 it/s. Nothing crashed."])
    b.set_label("straggler", "infrastructure", "gpu-p2-02", bad_r, "restart_without_node",
                "The per-rank timing lines show only rank 14 spending ~0.41 s per step in host-to-device copies while the other 15 ranks wait ~0.39 s in allreduce. Rank 14 is gpu-p2-02 GPU 6 (0000:b7:00), whose link trained at 2.5 GT/s (Gen1) instead of 16 GT/s: lspci shows 'downgraded', nvidia-smi PCIe Current 1, and the boot log says the bandwidth is limited.",
                "https://github.com/local-inference-lab/rtx6kpro/pull/88")
    return b


# =========================================================================== bo17
def case17():
    b = Bundle("bo17_node_not_responding_job_node_fail", 7017)
    rng = b.rng
    hosts = ["gpu-r07-n%02d" % i for i in range(1, 17)]
    gpn = 8
    nn = 16
    driver, cuda = "550.90.07", "12.4"
    jobid = 3057741
    start = D(2025, 1, 14, 19, 0, 5)
    T0 = D(2025, 1, 15, 4, 12, 37, 440000)
    bad = 11
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    kill = T0 + sec(131)
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [143100 + ni * 40 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(12), 143000 + ni)
        nccl_init(log, start + sec(66), h, pids, ni, nn, gpn, PCI_HGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.7.%d.%d" % (ni // 8, ni + 1), nch=4, version="2.21.5+cuda12.4")
        if ni == 0:
            megatron_startup(log, start + sec(18), "[default0]:", 128, 8, 4, "/lustre/fs2/ckpt/gpt-70b-r2", 64000, 2170552320)
        if ni == nn - 1:
            ts = start + sec(170)
            it = 64000
            while True:
                ts = ts + sec(10 * 11.42 + rng.uniform(-0.5, 0.5))
                if ts >= T0:
                    break
                it += 10
                log.add(ts, "[default7]:" + megatron_iter(ts, it, 300000, 1536, 11420 + rng.uniform(-60, 60), 1.5e-4, 1.71 - (it - 64000) * 0.000004 + rng.uniform(-0.01, 0.01), 0.21 + rng.uniform(-0.03, 0.03)))
        if ni == bad:
            pass  # the node died; its log just stops
        elif ni in (bad - 1, bad + 1):
            lr = 7 if ni == bad - 1 else 0
            r = ni * gpn + lr
            tt = T0 + sec(19.4 + (ni - bad) * 0.3)
            err = "NET/IB : Got completion from peer 10.7.1.12<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:10.7.%d.%d remoteGids::ffff:10.7.1.12 hca %s" % (40111 + ni, 0 if lr == 7 else 128, "Send" if lr == 7 else "Recv", ni // 8, ni + 1, hcas[lr][0])
            log.add(tt, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (lr, h, pids[lr], pids[lr] + 191, lr, err))
            log.addm(tt + sec(0.2), ["[default%d]:[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (lr, r, f_glog(tt + sec(0.2), "E", True), r),
                                     "[default%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % lr,
                                     "[default%d]:Last error:" % lr, "[default%d]:%s" % (lr, err),
                                     "[default%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % lr])
            root = (r, lr, -6, pids[lr], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(31)) for i in range(gpn) if i != lr]
            log.addm(tt + sec(1.2), agent_failure(tt + sec(1.2), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root, sigterm_pids=[p for i, p in enumerate(pids) if i != lr]))
        else:
            log.add(kill, "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, h, kill.strftime("%Y-%m-%dT%H:%M:%S")))
            log.add(kill + sec(0.3), "W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (f_glog(kill + sec(0.3), ""), 143000 + ni))
            for i in range(gpn):
                log.add(kill + sec(0.3), "W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (f_glog(kill + sec(0.3), ""), 143000 + ni, pids[i]))
            log.addm(kill + sec(2), ["Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
                                     '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
                                     "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                                     "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (143000 + ni)])
        b.w("%s/torchrun.log" % h, log.lines())
    h = hosts[bad]
    bt = D(2025, 1, 9, 7, 30, 2)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-126-generic", driver, PCI_HGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(100), T0, 5 * 3600, h)
    for k in range(14):
        tx = T0 - sec(5400 - k * 380 - rng.randint(0, 40))
        pairs.append((tx, "mce: [Hardware Error]: Machine check events logged"))
        pairs.append((tx, "EDAC MC2: %d CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x%x offset:0x%x grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x%x ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x%x ChannelId:0x1 RankAddress:0x%x PhysicalRankId:0x1 DimmSlotId:0x0 Row:0x%x Column:0x3d8 Bank:0x2 BankGroup:0x1 ChipSelect:0x1 ChipId:0x0)" % (
            1 + (k > 8) * rng.randint(1, 6), 0x41a3c17 + k, 0x840 + 0x40 * (k % 5), 0x41a3c17840 + k * 0x1000, 0x20d1e0b80 + k, 0x10478f0 + k, 0x20f1 + k)))
    pairs += [(T0 - sec(0.8), "mce: [Hardware Error]: CPU 57: Machine Check Exception: 5 Bank 15: be00000000800090"),
              (T0 - sec(0.8), "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb8a7d3c6> {clear_page_erms+0x16/0x30}"),
              (T0 - sec(0.8), "mce: [Hardware Error]: TSC 1f9a3c8e2b7e3a ADDR 41a3c17840 MISC 200000c000800086 PPIN 3c11a9f2e8d0a4b1"),
              (T0 - sec(0.8), "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1736914357 SOCKET 1 APIC 73 microcode 2b000603"),
              (T0 - sec(0.8), "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
              (T0 - sec(0.8), "mce: [Hardware Error]: Machine check: Processor context corrupt"),
              (T0 - sec(0.8), "Kernel panic - not syncing: Fatal machine check")]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/journalctl-k-b-1.txt" % h, ["-- Logs begin at Thu 2025-01-09 07:30:02 UTC, end at Wed 2025-01-15 04:12:36 UTC. --"] + render_kernel("syslog", h, bt, pairs))
    b.w("%s/ipmitool-sel-elist.txt" % h, [" 2e1 | 01/15/2025 | 02:43:11 | Memory #0x87 | Correctable ECC (DIMM_B1) | Asserted",
                                          " 2e2 | 01/15/2025 | 03:51:40 | Memory #0x87 | Correctable ECC logging limit reached (DIMM_B1) | Asserted",
                                          " 2e3 | 01/15/2025 | 04:12:36 | Memory #0x87 | Uncorrectable ECC (DIMM_B1) | Asserted",
                                          " 2e4 | 01/15/2025 | 04:12:37 | Processor #0x02 | IERR | Asserted",
                                          " 2e5 | 01/15/2025 | 04:12:37 | Critical Interrupt #0x4f | Bus Fatal Error | Asserted",
                                          " 2e6 | 01/15/2025 | 04:14:59 | System Boot Initiated #0x12 | Initiated by warm reset | Asserted"])
    b.w("%s/uptime.txt" % h, ["$ uptime -s", "2025-01-15 04:16:41", "$ last -x | head -3", "reboot   system boot  5.15.0-126-gener Wed Jan 15 04:16   still running",
                               "runlevel (to lvl 5)   5.15.0-126-gener Thu Jan  9 07:31 - crash (5+20:41)", "reboot   system boot  5.15.0-126-gener Thu Jan  9 07:30 - crash (5+20:42)"])
    sl = [f_slurm(start) + " sched: Allocate JobId=%d NodeList=gpu-r07-n[01-16] #CPUs=3584 Partition=train" % jobid,
          f_slurm(T0 + sec(121)) + " error: Nodes gpu-r07-n12 not responding",
          f_slurm(T0 + sec(131)) + " error: Nodes gpu-r07-n12 not responding, setting DOWN",
          f_slurm(T0 + sec(131)) + " Killing JobId=%d on failed node gpu-r07-n12" % jobid,
          f_slurm(T0 + sec(131)) + " _job_complete: JobId=%d WTERMSIG 9" % jobid,
          f_slurm(T0 + sec(162)) + " _job_complete: JobId=%d done" % jobid,
          f_slurm(T0 + sec(250)) + " validate_node_specs: Node gpu-r07-n12 unexpectedly rebooted boot_time=1736914601 last response=1736914356",
          f_slurm(T0 + sec(250)) + " update_node: node gpu-r07-n12 reason set to: Not responding",
          f_slurm(T0 + sec(250)) + " update_node: node gpu-r07-n12 state set to DOWN"]
    b.w("slurmctld.log", sl)
    b.w("sacct.txt", sacct(jobid, "gpt70b", [("", "gpt70b-r2", "NODE_FAIL", "0:0", start, T0 + sec(162), 16), (".batch", "batch", "CANCELLED", "0:15", start, T0 + sec(162), 1),
                                              (".0", "torchrun", "CANCELLED", "0:15", start + sec(11), T0 + sec(162), 16)], "gpu-r07-n[01-16]"))
    b.w("topology.json", json.dumps({"topology": {"leaf-r07-a": hosts[:8], "leaf-r07-b": hosts[8:]}}, indent=1))
    b.set_label("host", "infrastructure", "gpu-r07-n12", None, "restart_without_node",
                "gpu-r07-n12's console just stops with no error or teardown at 04:12. Its previous-boot kernel log has a growing storm of correctable DIMM errors on Chan#1_DIMM#0, then an uncorrectable machine check and 'Kernel panic - not syncing: Fatal machine check', and the BMC shows Uncorrectable ECC on DIMM_B1 followed by a reboot. Slurm marks the node not responding and ends the job NODE_FAIL; the ncclRemoteErrors on n11/n13 name n12's IP and are sympathetic.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return b


# =========================================================================== bo18
def case18():
    b = Bundle("bo18_all_ranks_timeout_after_100s_nvidia_smi_hangs", 7018)
    rng = b.rng
    hosts = ["hx-2-11", "hx-2-12", "hx-2-13", "hx-2-14"]
    gpn = 8
    driver, cuda = "550.127.08", "12.4"
    start = D(2025, 2, 3, 7, 15, 0)
    T0 = D(2025, 2, 3, 12, 48, 19, 905000)
    bad, bad_lr = 3, 1
    bad_r = bad * gpn + bad_lr
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    tmo = T0 - sec(4.2) + sec(100)
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [30400 + ni * 50 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(8), 30390 + ni)
        for lr in range(gpn):
            r = ni * gpn + lr
            tt = start + sec(12 + lr * 0.02)
            log.addm(tt, ["[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3.1 70B training" % (r, f_py(tt)[1:-1]),
                          "[rank%d]:[titan] %s - root - INFO - Building 2-D device mesh with ['dp_shard', 'tp'], [4, 8]" % (r, f_py(tt + sec(0.5))[1:-1]),
                          "[rank%d]:[titan] %s - root - INFO - [GC] Initial GC collection. 0.00 seconds." % (r, f_py(tt + sec(0.6))[1:-1])])
        nccl_init(log, start + sec(40), h, pids, ni, 4, gpn, PCI_DGXH100, hcas, prefix=lambda lr, r: "[rank%d]:" % r, ip="10.2.11.%d" % (11 + ni), nch=8, version="2.21.5+cuda12.4", nvls=16)
        if ni == 0:
            tt = start + sec(90)
            log.addm(tt, ["[rank0]:[titan] %s - root - INFO - Model llama3 70B size: 70,553,706,496 total parameters" % f_py(tt)[1:-1],
                          "[rank0]:[titan] %s - root - INFO - Applied Tensor Parallelism to the model" % f_py(tt)[1:-1],
                          "[rank0]:[titan] %s - root - INFO - Applied full activation checkpointing to the model" % f_py(tt)[1:-1],
                          "[rank0]:[titan] %s - root - INFO - Applied FSDP to the model" % f_py(tt)[1:-1],
                          "[rank0]:[titan] %s - root - INFO - Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint" % f_py(tt)[1:-1],
                          "[rank0]:[titan] %s - root - INFO - Synchronizing and adjusting timeout for all ProcessGroups to 0:01:40" % f_py(tt + sec(40))[1:-1],
                          "[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 1, global batch size 32, sequence length 8192, total steps 10000 (warmup 200)" % f_py(tt + sec(40))[1:-1]])
            ts = tt + sec(40)
            step = 0
            while True:
                ts = ts + sec(10 * 6.04 + rng.uniform(-0.3, 0.3))
                if ts >= T0 - sec(4):
                    break
                step += 10
                log.add(ts, "[rank0]:[titan] %s - root - INFO - step: %d  loss:  %.4f  memory: 61.38GiB(77.58%%)  tps: 1,357  tflops: 576.33  mfu: 58.27%%" % (f_py(ts)[1:-1], step, 2.9 * (0.9995 ** step) + 1.8 + rng.uniform(-0.02, 0.02)))
        for lr in range(gpn):
            r = ni * gpn + lr
            tt = tmo + sec(0.05 * lr + 0.01 * ni)
            log.addm(tt, wd_timeout(tt, r, 96822 if not (ni == bad and lr == bad_lr) else 96821, "_ALLGATHER_BASE", 234881024, 100000, 100011 + lr, last_done=96821 if not (ni == bad and lr == bad_lr) else 96820))
        root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tmo + sec(1))
        fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tmo + sec(1)) for i in range(1, gpn)]
        log.addm(tmo + sec(2), agent_failure(tmo + sec(2), h, "torchtitan/train.py", fails, root))
        b.w("%s/console.log" % h, log.lines())
    h = hosts[bad]
    bt = D(2025, 1, 27, 16, 0, 40)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "6.8.0-51-generic", driver, PCI_DGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(100), tmo + sec(600), 5 * 3600, h)
    pid = 30400 + bad * 50 + bad_lr
    pairs += [(T0, "NVRM: Xid (PCI:0000:43:00): 119, pid=%d, name=pt_main_thread, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % pid),
              (T0, "NVRM: GPU1 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004."),
              (T0, "NVRM: GPU1 RPC history (CPU -> GSP):"),
              (T0, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
              (T0, "NVRM:      0    76   GSP_RM_CONTROL               0x0000000020800a4c 0x0000000000000004 0x00062d4b8f1a3c10 0x0000000000000000          y"),
              (T0, "NVRM:     -1    10   FREE                         0x00000000c1d00115 0x0000000000000000 0x00062d4b8f19f2e0 0x00062d4b8f19f3a8    200us  "),
              (T0, "NVRM:     -2    76   GSP_RM_CONTROL               0x0000000020801348 0x0000000000000000 0x00062d4b8f19e911 0x00062d4b8f19ea02    241us  "),
              (T0, "NVRM: GPU1 RPC event history (CPU <- GSP):"),
              (T0, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration during_incomplete_rpc"),
              (T0, "NVRM:      0    4099 POST_EVENT                   0x0000000000000020 0x0000000000000000 0x00062d4b8f11c3a0 0x00062d4b8f11c3a0           "),
              (T0, "CPU: 41 PID: %d Comm: pt_main_thread Tainted: P           OE      6.8.0-51-generic #52-Ubuntu" % pid),
              (T0, "Hardware name: NVIDIA DGXH100/DGXH100, BIOS 1.4.5 06/21/2024"),
              (T0, "Call Trace:"), (T0, " <TASK>"), (T0, " dump_stack_lvl+0x76/0xa0"), (T0, " dump_stack+0x10/0x20"), (T0, " os_dump_stack+0xe/0x20 [nvidia]"),
              (T0, " _nv013082rm+0x3c6/0x5d0 [nvidia]"), (T0, " ? _nv014283rm+0x71/0x120 [nvidia]"), (T0, " </TASK>"),
              (T0 + sec(6.1), "NVRM: Xid (PCI:0000:43:00): 119, pid=%d, name=pt_main_thread, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) (0xc1d00116 0x0)." % pid),
              (T0 + sec(12.2), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:43:00 (printing 1 of every 30).  The GPU likely needs to be reset."),
              (T0 + sec(12.3), "NVRM: Xid (PCI:0000:43:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"),
              (tmo + sec(245), "INFO: task nvidia-smi:51883 blocked for more than 122 seconds."),
              (tmo + sec(245), "      Tainted: P           OE      6.8.0-51-generic #52-Ubuntu"),
              (tmo + sec(245), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("%s/nvidia-smi.txt" % h, ["$ timeout 60 nvidia-smi", "# collect-bundle: command timed out after 60s (rc=124)"])
    b.w("%s/ps-D-state.txt" % h, ["$ ps -eo pid,stat,wchan:32,etime,cmd | awk '$2 ~ /D/'",
                                  "  %d Dl   os_acquire_mutex                  05:41:22 /usr/bin/python3 -u torchtitan/train.py --job.config_file ./train_configs/llama3_70b.toml" % pid,
                                  "  51883 D    _nv037921rm                          04:02 nvidia-smi"])
    b.w("%s/nvidia-smi.txt" % hosts[0], smi_table(tmo + sec(300), driver, cuda, "H100", PCI_DGXH100, gpus=[dict(temp=34 + i % 3, pwr=75 + i) for i in range(8)]))
    b.set_label("gpu_hardware", "infrastructure", "hx-2-14", bad_r, "restart_without_node",
                "Every rank hits the 100 s watchdog on the same all-gather, but rank 25 is the only one whose last completed seq is one behind. hx-2-14 logs Xid 119 (GSP RPC timeout) on GPU 0000:43:00 (local GPU 1) 100 s earlier, then Xid 154 'GPU Reset Required'; nvidia-smi hangs on that node and rank 25's process is stuck in D state.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return b


# =========================================================================== bo19
def case19():
    b = Bundle("bo19_nan_grad_norm_again_after_resume", 7019)
    rng = b.rng
    hosts = ["gpu-c02", "gpu-c03", "gpu-c04", "gpu-c05"]
    gpn = 8
    driver, cuda = "550.54.15", "12.4"
    bad, bad_lr = 1, 5
    bad_r = bad * gpn + bad_lr
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    attempts = [(D(2024, 10, 21, 1, 10, 4), 18000, 18233), (D(2024, 10, 21, 9, 2, 41), 18000, 18107)]
    step_s = 4.87
    for ai, (t0, it0, nan_it) in enumerate(attempts):
        tstart = t0 + sec(150)
        tnan = tstart + sec((nan_it - it0) * step_s + 2.2)
        for ni, h in enumerate(hosts):
            log = Log()
            pids = [61000 + ni * 30 + ai * 5000 + i for i in range(gpn)]
            torchrun_banner(log, t0 + sec(5), 60990 + ni)
            if ni == 0:
                megatron_startup(log, t0 + sec(9), "[default0]:", 32, 4, 1, "/lustre/proj-lm/ckpt/llama-8b-dclm", it0, 2008039424)
            nccl_init(log, t0 + sec(50), h, pids, ni, 4, gpn, PCI_DGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.3.0.%d" % (2 + ni), nch=8, version="2.20.5+cuda12.4")
            if ni == 3:
                ts = tstart
                it = it0
                while True:
                    ts = ts + sec(10 * step_s + rng.uniform(-0.2, 0.2))
                    if ts >= tnan:
                        break
                    it += 10
                    log.add(ts, "[default7]:" + megatron_iter(ts, it, 120000, 512, step_s * 1000 + rng.uniform(-20, 20), 2.2e-4, 2.391 - (it - 18000) * 0.000002 + rng.uniform(-0.015, 0.015), 0.27 + rng.uniform(-0.03, 0.04)))
            if ni == bad:
                p = "[default%d]:" % bad_lr
                frames = [("/workspace/Megatron-LM/pretrain_gpt.py", 288, "<module>", "pretrain("),
                          ("/workspace/Megatron-LM/megatron/training/training.py", 386, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                          ("/workspace/Megatron-LM/megatron/training/training.py", 1351, "train", "train_step(forward_step_func,"),
                          ("/workspace/Megatron-LM/megatron/training/training.py", 740, "train_step", "losses_reduced = forward_backward_func("),
                          ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 492, "forward_backward_no_pipelining", "config.finalize_model_grads_func("),
                          ("/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py", 221, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
                          ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 420, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                          ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 316, "finish_grad_sync", "self.start_grad_sync()"),
                          ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 232, "start_grad_sync", "self.check_for_nan_in_grad()"),
                          ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 185, "check_for_nan_in_grad", "assert not norm_is_nan, (")]
                log.addm(tnan, py_tb(p + "[rank%d]: " % bad_r, frames, "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (bad_r, bad_lr, h)))
                root = (bad_r, bad_lr, 1, pids[bad_lr], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", tnan + sec(1))
                fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tnan + sec(31)) for i in range(gpn) if i != bad_lr]
                log.addm(tnan + sec(1.5), agent_failure(tnan + sec(1.5), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root, sigterm_pids=[x for i, x in enumerate(pids) if i != bad_lr]))
            else:
                tt = tnan + sec(600.3 + ni * 0.05)
                for lr in range(gpn):
                    r = ni * gpn + lr
                    log.addm(tt, ["[default%d]:" % lr + x for x in wd_timeout(tt, r, 552000 + nan_it * 3, "_REDUCE_SCATTER_BASE", 125829120, 600000, 600040 + lr)])
                root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
                fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
                log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root))
            b.w("attempt_%d/%s/torchrun.log" % (ai, h), log.lines())
    h = hosts[bad]
    b.w("attempt_1/%s/dcgmi_diag_r3.txt" % h, ["$ dcgmi diag -r 3   # oncall, 2024-10-21 10:31, after second NaN"] +
        dcgmi_diag("3.3.7", driver, "H100", 8, rows={"Diagnostic": ("Fail - GPU: 5", [("Warning", "GPU 5 Diagnostic test found 3 miscompares in results produced by the GPU during the stress test; GPU 5 is producing incorrect results. Run a field diagnostic on the GPU.")]),
                                                   "Targeted Stress": ("Pass - All", [])}))
    b.w("attempt_1/%s/nvidia-smi-q.txt" % h, smi_q(D(2024, 10, 21, 10, 29, 0), driver, cuda, "H100", PCI_DGXH100, rng, per={}))
    bt = D(2024, 10, 14, 6, 2, 0)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-124-generic", driver, PCI_DGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(100), D(2024, 10, 21, 10, 30), 5 * 3600, h)
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("attempt_1/%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("attempt_1/%s/dcgmi_diag_r3.txt" % hosts[2], ["$ dcgmi diag -r 3   # oncall, 2024-10-21 10:44, control node"] + dcgmi_diag("3.3.7", driver, "H100", 8))
    b.set_label("gpu_hardware", "infrastructure", "gpu-c03", bad_r, "restart_without_node",
                "Both runs die on rank 13 ('found NaN in local grad norm ... Device: 5, node: gpu-c03'), at iteration 18233 and then at 18107 after resuming from the 18000 checkpoint, so the NaN follows the GPU, not the data order. dcgmi diag -r 3 on gpu-c03 reports miscompares on GPU 5 while a control node passes; there are no Xid or ECC errors, which points to silent data corruption.",
                "https://github.com/AlexeyAB/darknet/issues/5547")
    return b


# =========================================================================== bo20
def case20():
    b = Bundle("bo20_fp16_run_exits_loss_scale_at_minimum", 7020)
    rng = b.rng
    hosts = ["a100-04", "a100-05"]
    gpn = 8
    driver, cuda = "535.129.03", "12.2"
    t0 = D(2024, 5, 28, 16, 20, 9)
    site = "/opt/conda/lib/python3.10/site-packages"
    logs = {h: Log() for h in hosts}
    top = logs[hosts[0]]
    top.addm(t0 - sec(5), ["[%s] [INFO] [runner.py:463:main] Using IP address of 10.9.0.4 for node a100-04" % f_py(t0 - sec(5))[1:-1],
                           "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w a100-04,a100-05 export NCCL_DEBUG=WARN; cd /home/gkaur/bert-mlm; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJhMTAwLTA0IjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%%n --master_addr=10.9.0.4 --master_port=29500 pretrain_mlm.py --deepspeed_config ds_fp16.json --lr 6e-4" % f_py(t0 - sec(5))[1:-1]])
    for ni, h in enumerate(hosts):
        pre = h + ": "
        logs[h].addm(t0, [pre + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'a100-04': [0, 1, 2, 3, 4, 5, 6, 7], 'a100-05': [0, 1, 2, 3, 4, 5, 6, 7]}" % f_py(t0)[1:-1],
                          pre + "[%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (f_py(t0)[1:-1], ni),
                          pre + "[%s] [INFO] [launch.py:164:main] dist_world_size=16" % f_py(t0)[1:-1]])
    tt = t0 + sec(41)
    cfg = ['"train_batch_size": 4096', '"train_micro_batch_size_per_gpu": 64', '"fp16": {"enabled": true, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1}',
           '"optimizer": {"type": "AdamW", "params": {"lr": 6e-4, "betas": [0.9, 0.98], "eps": 1e-6, "weight_decay": 0.01}}', '"scheduler": {"type": "WarmupDecayLR", "params": {"warmup_num_steps": 300, "total_num_steps": 100000}}',
           '"gradient_clipping": 0.0']
    top.addm(tt, [hosts[0] + ": [%s] [INFO] [config.py:1007:print]   json = {%s}" % (f_py(tt)[1:-1], ", ".join(cfg))])
    ts = t0 + sec(60)
    step = 0
    scale = 65536
    skipped = 0
    hyst = 2
    p0 = hosts[0] + ": "
    end = None
    while True:
        step += 1
        ts = ts + sec(0.71 + rng.uniform(-0.02, 0.02))
        blow = step > 1850
        ovf = (step > 1850 and rng.random() < 0.85) or (step < 1850 and step % 997 == 0) or step in (1, 2, 3)
        if ovf:
            skipped += 1
            if hyst > 1 and step > 1850:
                hyst -= 1
                top.add(ts, p0 + "[%s] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, but hysteresis is 2. Reducing hysteresis to 1" % (f_py(ts)[1:-1], scale))
            else:
                if scale <= 1:
                    end = ts
                    break
                top.add(ts, p0 + "[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (f_py(ts)[1:-1], scale, max(1, scale // 2)))
                scale = max(1, scale // 2)
        if step % 100 == 0 or (blow and step % 10 == 0):
            loss = 7.1 * (0.9985 ** step) + 2.3 + rng.uniform(-0.05, 0.05) if not blow else 2.9 + (step - 1850) * 0.09 + rng.uniform(0, 0.4)
            top.add(ts + sec(0.01), p0 + "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%.6f], mom=[(0.9, 0.98)]" % (f_py(ts)[1:-1], step, skipped, 6e-4 * min(1, step / 300)))
            top.add(ts + sec(0.02), p0 + "step %6d | mlm_loss %.4f | loss_scale %d | grad_norm %s | samples/s %.1f" % (step, loss, scale, "inf" if blow and ovf else "%.3f" % (0.9 + rng.uniform(0, 0.5) + (step - 1850) * 0.4 * blow), 4096 / 0.71))
        if step % 1000 == 0 and not blow:
            scale *= 2
            top.add(ts + sec(0.03), p0 + "[%s] [INFO] [loss_scaler.py:199:update_scale] No Grad overflow for 1000 iterations" % f_py(ts)[1:-1])
            top.add(ts + sec(0.03), p0 + "[%s] [INFO] [loss_scaler.py:200:update_scale] Increasing dynamic loss scale from %d to %d" % (f_py(ts)[1:-1], scale // 2, scale))
    for ni, h in enumerate(hosts):
        pre = h + ": "
        for lr in range(gpn):
            r = ni * gpn + lr
            tt = end + sec(0.01 * r)
            frames = [("/home/gkaur/bert-mlm/pretrain_mlm.py", 377, "<module>", "main()"), ("/home/gkaur/bert-mlm/pretrain_mlm.py", 341, "main", "model_engine.step()"),
                      ("%s/deepspeed/runtime/engine.py" % site, 2213, "step", "self._take_model_step(lr_kwargs)"),
                      ("%s/deepspeed/runtime/engine.py" % site, 2119, "_take_model_step", "self.optimizer.step()"),
                      ("%s/deepspeed/runtime/fp16/fused_optimizer.py" % site, 289, "step", "self._update_scale(self.overflow)"),
                      ("%s/deepspeed/runtime/fp16/fused_optimizer.py" % site, 429, "_update_scale", "self.loss_scaler.update_scale(skip)"),
                      ("%s/deepspeed/runtime/fp16/loss_scaler.py" % site, 175, "update_scale", "raise Exception(")]
            logs[h].addm(tt, py_tb(pre + "[rank%d]: " % r, frames, "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."))
        logs[h].add(end + sec(3), pre + "[%s] [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_py(end + sec(3))[1:-1], 40110 + ni * 20))
        logs[h].add(end + sec(4), pre + "[%s] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain_mlm.py', '--local_rank=7', '--deepspeed_config', 'ds_fp16.json', '--lr', '6e-4'] exits with return code = 1" % f_py(end + sec(4))[1:-1])
        logs[h].add(end + sec(5), "pdsh@a100-04: %s: ssh exited with exit code 1" % h)
        b.w("%s/deepspeed.log" % h, logs[h].lines())
    per = {3: dict(agg=dict(sram_ce=2, dram_ce=0), rr_ce=1, h_max=639, h_high=1)}
    b.w("a100-05/nvidia-smi-q.txt", smi_q(end + sec(600), driver, cuda, "A100", PCI_DGXA100, rng, per=per))
    b.w("a100-04/nvidia-smi.txt", smi_table(end + sec(600), driver, cuda, "A100", PCI_DGXA100, gpus=[dict(temp=30 + i % 4, pwr=61 + i) for i in range(8)]))
    b.w("config_diff.txt", ["$ git diff HEAD~1 -- ds_fp16.json run.sh",
                            '-    "params": {"lr": 1e-4, "betas": [0.9, 0.98], "eps": 1e-6, "weight_decay": 0.01}}',
                            '+    "params": {"lr": 6e-4, "betas": [0.9, 0.98], "eps": 1e-6, "weight_decay": 0.01}}',
                            '-  "gradient_clipping": 1.0',
                            '+  "gradient_clipping": 0.0'])
    b.set_label("numerical", "script", None, None, "stop",
                "After warm-up to the new lr 6e-4 with gradient clipping turned off, mlm_loss climbs from step ~1850 and almost every step overflows. The fp16 loss scale halves from 65536 down to 1, and all 16 ranks on both nodes raise 'Current loss scale already at minimum'. The single correctable remapped row on a100-05 GPU 3 is an old, benign count.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534")
    return b


# =========================================================================== bo21
def case21():
    b = Bundle("bo21_nccl_errors_on_half_the_nodes_at_once", 7021)
    rng = b.rng
    hosts = ["r2-n%02d" % i for i in range(1, 9)]
    gpn = 8
    nn = 8
    driver, cuda = "550.90.07", "12.4"
    jobid = 5108832
    start = D(2024, 9, 24, 21, 30, 0)
    T0 = D(2024, 9, 25, 3, 3, 52, 17000)
    up = T0 + sec(92)
    leafb = hosts[4:]
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [90100 + ni * 60 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(10), 90090 + ni)
        nccl_init(log, start + sec(55), h, pids, ni, nn, gpn, PCI_HGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.22.0.%d" % (1 + ni), nch=8, version="2.21.5+cuda12.4")
        if ni == 0:
            ts = start + sec(150)
            s = 0
            while True:
                ts = ts + sec(20 * 3.3 + rng.uniform(-0.5, 0.5))
                if ts >= T0:
                    break
                s += 20
                log.add(ts, "[default0]:[titan] %s - root - INFO - step: %d  loss:  %.4f  memory: 55.02GiB(69.54%%)  tps: 2,481  tflops: 401.20  mfu: 40.57%%" % (f_py(ts)[1:-1], s, 2.6 * (0.9996 ** s) + 2.0 + rng.uniform(-0.02, 0.02)))
        errs = []
        for lr in range(gpn):
            if h in leafb or lr in (0, 7):
                r = ni * gpn + lr
                tt = T0 + sec(8.4 + rng.uniform(0, 3))
                peer_ni = (ni + 1) % nn if lr == 7 else (ni - 1) % nn if lr == 0 else (ni + 4) % nn
                err = "NET/IB : Got completion from peer 10.22.0.%d<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:10.22.0.%d remoteGids::ffff:10.22.0.%d hca %s" % (
                    peer_ni + 1, 42000 + r, 0 if lr == 7 else 128, "Send" if lr == 7 else "Recv", ni + 1, peer_ni + 1, hcas[lr][0])
                errs.append((tt, lr, r, err))
        errs.sort()
        for tt, lr, r, err in errs:
            log.add(tt, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (lr, h, pids[lr], pids[lr] + 201, lr, err))
            log.addm(tt + sec(0.1), ["[default%d]:[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (lr, r, f_glog(tt + sec(0.1), "E", True), r),
                                     "[default%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % lr,
                                     "[default%d]:Last error:" % lr, "[default%d]:%s" % (lr, err)])
        t1, lr1, r1, _ = errs[0]
        root = (r1, lr1, -6, pids[lr1], sig_tb(-6), t1 + sec(1))
        fails = [(ni * gpn + i, i, -6 if any(e[1] == i for e in errs) else -15, pids[i], sig_tb(-6 if any(e[1] == i for e in errs) else -15), t1 + sec(3)) for i in range(gpn) if i != lr1]
        log.addm(t1 + sec(1.5), agent_failure(t1 + sec(1.5), h, "torchtitan/train.py", fails, root, sigterm_pids=[p for i, p in enumerate(pids) if not any(e[1] == i for e in errs)]))
        b.w("%s/torchrun.log" % h, log.lines())
        bt = D(2024, 9, 10, 13, 0, 0) + sec(ni * 3333)
        pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-121-generic", driver, PCI_HGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(99), T0 + sec(600), 6 * 3600, h)
        if h in leafb:
            for k, (hn, bus) in enumerate(hcas):
                nm = "ibp%ds0" % int(bus, 16)
                pairs += [(T0 + sec(0.01 * k), "mlx5_core 0000:%s:00.0 %s: Link down" % (bus, nm)),
                          (up + sec(0.3 * k), "mlx5_core 0000:%s:00.0 %s: Link up" % (bus, nm))]
                if k == 0:
                    pairs.append((T0 + sec(0.4), "infiniband %s: ib_cache_update: ib_query_port failed (-22)" % hn))
        if h == "r2-n02":
            tx = D(2024, 9, 18, 15, 40, 2)
            pairs += [(tx, "NVRM: Xid (PCI:0000:5d:00): 13, pid=2290112, name=python3, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Misaligned Address"),
                      (tx, "NVRM: Xid (PCI:0000:5d:00): 13, pid=2290112, name=python3, Graphics Exception: ESR 0x50c730=0x10000f 0x50c734=0x24 0x50c728=0xc81eb60 0x50c72c=0x1174")]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
        if h in ("r2-n01", "r2-n06"):
            ib = []
            for k, (hn, bus) in enumerate(hcas):
                ib += ["CA '%s'" % hn, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.41.1000", "\tHardware version: 0",
                       "\tNode GUID: 0x%016x" % (0xa088c20300f1a000 + ni * 0x100 + k), "\tSystem image GUID: 0x%016x" % (0xa088c20300f1a000 + ni * 0x100),
                       "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tBase lid: %d" % (100 + ni * 8 + k), "\t\tLMC: 0",
                       "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848", "\t\tPort GUID: 0x%016x" % (0xa088c20300f1a000 + ni * 0x100 + k), "\t\tLink layer: InfiniBand"]
            b.w("%s/ibstat.txt" % h, ib)
    ufm = ["%s [WARNING] Switch leaf-2b (GUID 0xfc6a1c0300e3a610): Module temperature threshold crossed on port 31 (78C)" % (T0 - sec(2400)).strftime("%Y-%m-%d %H:%M:%S"),
           "%s [CRITICAL] Switch leaf-2b (GUID 0xfc6a1c0300e3a610): Switch is unresponsive (SMA timeout)" % (T0 + sec(1)).strftime("%Y-%m-%d %H:%M:%S"),
           "%s [WARNING] Link down: leaf-2b/P1..P32 -> r2-n05..r2-n08 (32 links)" % (T0 + sec(1)).strftime("%Y-%m-%d %H:%M:%S"),
           "%s [INFO] Switch leaf-2b (GUID 0xfc6a1c0300e3a610): Switch came back online (uptime 00:01:19, reason: watchdog reset)" % (up - sec(5)).strftime("%Y-%m-%d %H:%M:%S"),
           "%s [INFO] Link up: leaf-2b/P1..P32 -> r2-n05..r2-n08 (32 links)" % up.strftime("%Y-%m-%d %H:%M:%S"),
           "%s [INFO] Subnet Manager: heavy sweep completed, 0 errors" % (up + sec(14)).strftime("%Y-%m-%d %H:%M:%S")]
    b.w("ufm_events.log", ufm)
    b.w("topology.json", json.dumps({"topology": {"leaf-2a": hosts[:4], "leaf-2b": hosts[4:]}}, indent=1))
    b.w("sacct.txt", sacct(jobid, "titan", [("", "llama-13b", "FAILED", "1:0", start, T0 + sec(60), 8), (".batch", "batch", "FAILED", "1:0", start, T0 + sec(60), 1),
                                             (".0", "torchrun", "FAILED", "1:0", start + sec(9), T0 + sec(60), 8)], "r2-n[01-08]"))
    b.set_label("network", "infrastructure", None, None, "restart",
                "At 03:03:52 all eight HCAs on r2-n05..n08 (everything behind leaf-2b) go link-down in the same second and ranks on all eight nodes fail with IB 'retry counter exceeded' completions. UFM shows leaf-2b hung and came back after a watchdog reset 92 s later, and ibstat is Active again. It is a transient fault of a shared switch, not of one node; the Xid 13 on r2-n02 is from another job a week earlier.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# =========================================================================== bo22
def case22():
    b = Bundle("bo22_no_progress_for_30_minutes_then_timeouts", 7022)
    rng = b.rng
    hosts = ["a3-0501", "a3-0502", "a3-0503", "a3-0504"]
    gpn = 8
    driver, cuda = "550.127.05", "12.4"
    jobid = 6620391
    start = D(2025, 3, 11, 13, 0, 7)
    hang = D(2025, 3, 11, 19, 22, 40, 300000)
    tmo = hang + sec(1800.2)
    bad, bad_lr = 3, 3
    bad_r = bad * gpn + bad_lr
    seq = 48120
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    site = "/usr/local/lib/python3.11/dist-packages"
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [71300 + ni * 44 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(7), 71290 + ni)
        nccl_init(log, start + sec(40), h, pids, ni, 4, gpn, PCI_HGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.55.1.%d" % (1 + ni), nch=8, version="2.21.5+cuda12.4")
        if ni == 0:
            ts = start + sec(100)
            s = 0
            while True:
                ts = ts + sec(25 * 2.19 + rng.uniform(-0.3, 0.3))
                if ts >= hang:
                    break
                s += 25
                log.add(ts, "[default0]:%s | step %6d | loss %.4f | lr %.3e | grad_norm %.3f | tok/s/gpu %d" % (ts.strftime("%Y-%m-%d %H:%M:%S"), s, 2.7 * (0.9997 ** s) + 1.9 + rng.uniform(-0.02, 0.02), 3e-4, 0.3 + rng.uniform(-0.05, 0.05), 8210 + rng.randint(-60, 60)))
        for lr in range(gpn):
            r = ni * gpn + lr
            if r == bad_r:
                continue
            tt = tmo + sec(0.01 * r)
            p = "[default%d]:" % lr
            log.addm(tt, [p + x for x in wd_timeout(tt, r, seq, "ALLREDUCE", 1, 1800000, 1800017 + r)])
            c = "[rank%d]:[%s " % (r, f_glog(tt + sec(0.1), "E", True))
            log.addm(tt + sec(0.1), [p + c + "ProcessGroupNCCL.cpp:1375] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (r, seq, seq - 1),
                                     p + c + "ProcessGroupNCCL.cpp:1177] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % r,
                                     p + c + "ProcessGroupNCCL.cpp:1220] [PG ID 0 PG GUID 0(default_pg) Rank %d] Finished flight recorder successfully. Output can be analyzed using the fr_trace script." % r])
        if ni == bad:
            others = [x for i, x in enumerate(pids) if i != bad_lr]
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tmo + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tmo + sec(1)) for i in range(1, gpn) if i != bad_lr] + [(bad_r, bad_lr, -15, pids[bad_lr], sig_tb(-15), tmo + sec(32))]
            log.addm(tmo + sec(2), agent_failure(tmo + sec(2), h, "train.py", fails, root, sigterm_pids=[pids[bad_lr]]))
        else:
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tmo + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tmo + sec(1)) for i in range(1, gpn)]
            log.addm(tmo + sec(2), agent_failure(tmo + sec(2), h, "train.py", fails, root))
        b.w("%s/torchrun.log" % h, log.lines())
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre/jobs/%d/fr_dump/ --prefix nccl_trace_rank_ -j" % jobid,
          "loaded 31 files in 2.1s",
          "WARNING: trace file for rank 27 not found (expected nccl_trace_rank_27); rank 27 did not dump",
          "Collective sequence number: %d has errors" % seq,
          "Not all ranks joining collective %d at entry 2000" % seq,
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {%d}" % bad_r,
          "input sizes: [[1]]",
          "output sizes: [[1]]",
          "world size: 32",
          "expected ranks: {%s}" % ", ".join(str(i) for i in range(32)),
          "collective state: scheduled",
          "collective stack trace:",
          " clip_grad_norm_ at %s/torch/distributed/fsdp/fully_sharded_data_parallel.py:1192" % site,
          " train_step at /home/ajiang/lm/train.py:402",
          " main at /home/ajiang/lm/train.py:511",
          "",
          "Last completed collective on every dumped rank: %d (_REDUCE_SCATTER_BASE, numel 117964800)" % (seq - 1)]
    b.w("fr_trace_report.txt", fr)
    h = hosts[bad]
    pyspy = ["$ py-spy dump --pid %d   # rank %d, taken 2025-03-11 19:41:05" % (71300 + bad * 44 + bad_lr, bad_r),
             "Process %d: /usr/bin/python3 -u train.py --config cfg/7b_fsdp.yaml" % (71300 + bad * 44 + bad_lr),
             "Python v3.11.10 (/usr/bin/python3.11)", "",
             "Thread %d (active): \"MainThread\"" % (71300 + bad * 44 + bad_lr),
             "    _local_scalar_dense (torch/_ops.py:1116)" if False else "    item (torch/_tensor.py:1412)" if False else "    wait_for_loss (lm/train.py:388)",
             "    train_step (lm/train.py:396)", "    main (lm/train.py:511)", "    <module> (lm/train.py:540)",
             "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (71300 + bad * 44 + bad_lr + 211),
             "    select (selectors.py:415)", "    wait (multiprocessing/connection.py:947)", "    _poll (multiprocessing/connection.py:440)",
             "    poll (multiprocessing/connection.py:257)", "    get (multiprocessing/queues.py:113)", "    do_one_step (torch/utils/data/_utils/pin_memory.py:35)",
             "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:58)", "    run (threading.py:982)", "    _bootstrap_inner (threading.py:1045)", "    _bootstrap (threading.py:1002)",
             "", "$ py-spy dump --native --pid %d | head -12" % (71300 + bad * 44 + bad_lr),
             "Thread %d (active): \"MainThread\"" % (71300 + bad * 44 + bad_lr),
             "    0x7f9a1c3e1d48 (libcuda.so.550.127.05)", "    0x7f9a1c2b8f10 (libcuda.so.550.127.05)", "    cudaStreamSynchronize (libcudart.so.12)",
             "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)", "    at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
             "    wait_for_loss (lm/train.py:388)", "    train_step (lm/train.py:396)", "",
             "$ py-spy dump --pid %d   # rank %d, same node, for comparison" % (71300 + bad * 44 + 2, bad * gpn + 2),
             "Thread %d (active): \"MainThread\"" % (71300 + bad * 44 + 2),
             "    clip_grad_norm_ (torch/distributed/fsdp/fully_sharded_data_parallel.py:1195)", "    train_step (lm/train.py:402)", "    main (lm/train.py:511)", "    <module> (lm/train.py:540)"]
    b.w("%s/py-spy.txt" % h, pyspy)
    gp = [dict(temp=46 + i % 3, pwr=118 + i, util=100, mem=66211) for i in range(8)]
    gp[bad_lr] = dict(temp=41, pwr=96, util=100, mem=66211)
    b.w("%s/nvidia-smi.txt" % h, smi_table(D(2025, 3, 11, 19, 41, 30), driver, cuda, "H100", PCI_HGXH100, gpus=gp,
                                           procs=[(i, 71300 + bad * 44 + i, "/usr/bin/python3", 66200) for i in range(8)]))
    bt = D(2025, 3, 4, 10, 0, 3)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-131-generic", driver, PCI_HGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(99), tmo + sec(300), 4 * 3600, h)
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("sacct.txt", sacct(jobid, "lm7b", [("", "lm-7b-fsdp", "FAILED", "1:0", start, tmo + sec(40), 4), (".batch", "batch", "FAILED", "1:0", start, tmo + sec(40), 1),
                                            (".0", "torchrun", "FAILED", "1:0", start + sec(6), tmo + sec(40), 4)], "a3-050[1-4]"))
    b.set_label("hang", "infrastructure", "a3-0504", bad_r, "run_diagnostics",
                "The flight recorder shows 31 ranks waiting in all_reduce seq 48120 with rank 27 missing, and rank 27 is the only rank without a watchdog timeout. py-spy puts it in cudaStreamSynchronize at train.py:388, a step behind its node-mates, while its GPU 3 shows 100% util at low power. There are no Xid, ECC or network errors, so that GPU needs diagnosing.",
                "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return b


# =========================================================================== bo23
def case23():
    b = Bundle("bo23_hang_at_first_eval_then_watchdog", 7023)
    rng = b.rng
    hosts = ["dgx-b07", "dgx-b08"]
    gpn = 8
    driver, cuda = "550.90.07", "12.4"
    start = D(2024, 12, 2, 9, 41, 55)
    ev = D(2024, 12, 2, 10, 33, 20, 120000)
    tmo = ev + sec(600.1)
    seq = 1203
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [51020 + ni * 40 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(6), 51000 + ni)
        nccl_init(log, start + sec(31), h, pids, ni, 2, gpn, PCI_DGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.88.0.%d" % (7 + ni), nch=8, version="2.21.5+cuda12.4")
        if ni == 0:
            ts = start + sec(70)
            s = 0
            while True:
                ts = ts + sec(20 * 2.5 + rng.uniform(-0.3, 0.3))
                if ts >= ev:
                    break
                s += 20
                log.add(ts, "[default0]:[train] epoch 0 step %5d/8000 loss %.4f lr %.2e (%.2fs/step)" % (s, 2.2 - s * 0.0002 + rng.uniform(-0.02, 0.02), 2e-5, 2.5 + rng.uniform(-0.05, 0.05)))
            log.add(ev - sec(0.5), "[default0]:[eval] step 1200: running validation on 2048 samples ...")
        for lr in range(gpn):
            r = ni * gpn + lr
            tt = tmo + sec(0.01 * r)
            if r == 0:
                lines = wd_timeout(tt, r, seq, "ALLREDUCE", 1, 600000, 600012)
            else:
                lines = wd_timeout(tt, r, seq, "_ALLGATHER_BASE", 2097152, 600000, 600031 + r)
                lines = [x.replace("NumelOut=2097152", "NumelOut=33554432") for x in lines]
            log.addm(tt, ["[default%d]:" % lr + x for x in lines])
        root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tmo + sec(1))
        fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tmo + sec(1)) for i in range(1, gpn)]
        log.addm(tmo + sec(2), agent_failure(tmo + sec(2), h, "finetune.py", fails, root))
        b.w("%s/torchrun.log" % h, log.lines())
        bt = D(2024, 11, 25, 7, 0, 0) + sec(ni * 1234)
        pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-125-generic", driver, PCI_DGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(99), tmo + sec(300), 6 * 3600, h)
        if ni == 1:
            tx = D(2024, 11, 27, 22, 5, 31)
            pairs += [(tx, "NVRM: Xid (PCI:0000:9d:00): 13, pid=3881720, name=python, Graphics SM Warp Exception on (GPC 6, TPC 2, SM 1): Out Of Range Address"),
                      (tx, "NVRM: Xid (PCI:0000:9d:00): 13, pid=3881720, name=python, Graphics Exception: ESR 0x5b6730=0x201000e 0x5b6734=0x24 0x5b6728=0xc81eb60 0x5b672c=0x1174"),
                      (tx + sec(0.4), "NVRM: Xid (PCI:0000:9d:00): 43, pid=3881720, name=python, Ch 00000008")]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace ./fr_dump --prefix nccl_trace_rank_",
          "loaded 16 files in 0.8s",
          "Collective sequence number: %d has errors" % seq,
          "Mismatch in collective type: rank 0 is running all_reduce, ranks {1..15} are running _allgather_base",
          "Mismatch in input sizes: rank 0 [[1]] vs ranks {1..15} [[2097152]]",
          "group info: 0:default_pg",
          "rank 0 collective stack trace:",
          " evaluate at /home/sdubois/ft/trainer.py:214",
          " fit at /home/sdubois/ft/trainer.py:171",
          " main at /home/sdubois/ft/finetune.py:96",
          "ranks 1-15 collective stack trace:",
          " _pre_forward_unshard at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_runtime_utils.py:448",
          " training_step at /home/sdubois/ft/trainer.py:132",
          " fit at /home/sdubois/ft/trainer.py:160",
          " main at /home/sdubois/ft/finetune.py:96"]
    b.w("fr_trace_report.txt", fr)
    b.w("trainer_snippet.txt", ["$ sed -n 200,218p /home/sdubois/ft/trainer.py",
                                "    def evaluate(self, step):",
                                "        if self.global_rank != 0:",
                                "            return None",
                                "        self.model.eval()",
                                "        total, n = torch.zeros(1, device=self.device), 0",
                                "        with torch.no_grad():",
                                "            for batch in self.val_loader:",
                                "                out = self.model(**batch)",
                                "                total += out.loss.detach(); n += 1",
                                "        self.model.train()",
                                "        # average across ranks",
                                "        dist.all_reduce(total)",
                                "        return (total / n / self.world_size).item()"])
    b.set_label("hang", "script", None, None, "stop",
                "At the first eval (step 1200) rank 0 times out in an ALLREDUCE of 1 element while ranks 1-15 time out in an _ALLGATHER_BASE at the same sequence number 1203. The flight recorder confirms the mismatch: trainer.evaluate returns early on non-zero ranks, so only rank 0 issues the all_reduce. The Xid 13/43 on dgx-b08 is from another job on Nov 27.",
                "https://github.com/pytorch/pytorch/issues/97191")
    return b


# =========================================================================== bo24
def case24():
    b = Bundle("bo24_pytorchjob_worker_never_starts", 7024)
    rng = b.rng
    nodes = ["gpu-pool-a-7f2k", "gpu-pool-a-9x1m", "gpu-pool-a-c3p8", "gpu-pool-a-r6tz"]
    job = "llm-pt-run17"
    bad = 2
    start = D(2024, 11, 18, 14, 0, 0)
    kern_new = "6.8.0-1015-nvidia"
    for ni, n in enumerate(nodes):
        pod = "%s-worker-%d" % (job, ni)
        if ni == bad:
            continue
        log = Log()
        torchrun_banner(log, start + sec(31 + ni), 61)
        log.add(start + sec(33 + ni), "I%s 61 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1128] The node '%s_61_0' has joined round 0 of the c10d rendezvous '%s' as rank %d in a world of size 3." % (f_glog(start + sec(33 + ni), ""), pod, job, ni if ni < bad else ni - 1) if False else
                "I%s 61 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1108] The node '%s_61_0' added itself to the participants of round 0 of the rendezvous '%s'. Pending rendezvous timeout." % (f_glog(start + sec(33 + ni), ""), pod, job))
        tt = start + sec(33 + 900)
        log.addm(tt, ["Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run', "    elastic_launch(",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 255, in launch_agent', "    result = agent.run()",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 489, in _rendezvous', "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1162, in next_rendezvous', "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 676, in run', "    raise RendezvousTimeoutError",
                      "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"])
        b.w("%s/%s.log" % (n, pod), log.lines())
    n = nodes[bad]
    b.w("%s/kubectl-describe-pod-%s-worker-2.txt" % (n, job), [
        "Name:             %s-worker-2" % job, "Namespace:        research", "Priority:         0", "Node:             %s/10.128.0.63" % n,
        "Start Time:       %s +0000" % start.strftime("%a, %d %b %Y %H:%M:%S"), "Labels:           training.kubeflow.org/job-name=%s" % job,
        "                  training.kubeflow.org/replica-index=2", "                  training.kubeflow.org/replica-type=worker", "Status:           Pending",
        "Containers:", "  pytorch:", "    Image:          registry.internal/llm/train:2024.11.2", "    State:          Waiting", "      Reason:       RunContainerError",
        "    Last State:     Terminated", "      Reason:       StartError",
        "      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
        "nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown",
        "      Exit Code:    128", "    Restart Count:  6", "    Limits:", "      nvidia.com/gpu:  8", "Events:",
        "  Type     Reason     Age                  From               Message", "  ----     ------     ----                 ----               -------",
        "  Normal   Scheduled  16m                  default-scheduler  Successfully assigned research/%s-worker-2 to %s" % (job, n),
        "  Normal   Pulled     16m                  kubelet            Container image \"registry.internal/llm/train:2024.11.2\" already present on machine",
        "  Warning  Failed     14m (x6 over 16m)    kubelet            Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
        "nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown",
        "  Warning  BackOff    61s (x62 over 15m)   kubelet            Back-off restarting failed container pytorch in pod %s-worker-2_research" % job])
    drv = ["========== NVIDIA Software Installer ==========", "Starting installation of NVIDIA driver version 550.90.07 for Linux kernel version %s" % kern_new,
           "Stopping NVIDIA persistence daemon...", "Unloading NVIDIA driver kernel modules...", "Unmounting NVIDIA driver rootfs...",
           "Checking NVIDIA driver packages...", "Updating the package cache...", "Resolving Linux kernel version...",
           "Proceeding with Linux kernel version %s" % kern_new, "Installing Linux kernel headers...", "Installing Linux kernel module files...",
           "Generating Linux kernel version string...", "Compiling NVIDIA driver kernel modules...",
           "/usr/src/nvidia-550.90.07/kernel/nvidia/nv.c: In function 'nv_pci_probe':",
           "/usr/src/nvidia-550.90.07/kernel/nvidia/nv.c:5981:9: warning: ISO C90 forbids mixed declarations and code [-Wdeclaration-after-statement]",
           "ERROR: modpost: GPL-incompatible module nvidia.ko uses GPL-only symbol 'rcu_read_unlock_strict'",
           "make[3]: *** [scripts/Makefile.modpost:145: /usr/src/nvidia-550.90.07/kernel/Module.symvers] Error 1",
           "make[2]: *** [/usr/src/linux-headers-%s/Makefile:1877: modpost] Error 2" % kern_new,
           "make[1]: *** [Makefile:240: __sub-make] Error 2", "make: *** [Makefile:82: modules] Error 2",
           "Stopping NVIDIA persistence daemon...", "Unloading NVIDIA driver kernel modules...", "Unmounting NVIDIA driver rootfs..."]
    b.w("%s/nvidia-driver-daemonset.log" % n, drv)
    b.w("%s/uname-and-lsmod.txt" % n, ["$ uname -r", kern_new, "$ lsmod | grep -c nvidia", "0", "$ cat /var/log/apt/history.log | tail -4",
                                       "Start-Date: 2024-11-18  03:12:09", "Commandline: /usr/bin/unattended-upgrade",
                                       "Install: linux-image-%s:amd64 (%s.15), linux-headers-%s:amd64 (%s.15)" % (kern_new, kern_new.replace("-nvidia", ""), kern_new, kern_new.replace("-nvidia", "")), "End-Date: 2024-11-18  03:14:40"])
    pods = ["NAMESPACE      NAME                                                   READY   STATUS                  RESTARTS         AGE     NODE",
            "gpu-operator   nvidia-driver-daemonset-550.90.07-ubuntu22.04-4rw9x    1/1     Running                 0                12d     %s" % nodes[0],
            "gpu-operator   nvidia-driver-daemonset-550.90.07-ubuntu22.04-8fq2c    1/1     Running                 0                12d     %s" % nodes[1],
            "gpu-operator   nvidia-driver-daemonset-550.90.07-ubuntu22.04-kk7tn    0/1     CrashLoopBackOff        41 (3m ago)      10h     %s" % n,
            "gpu-operator   nvidia-driver-daemonset-550.90.07-ubuntu22.04-zz81d    1/1     Running                 0                12d     %s" % nodes[3],
            "gpu-operator   nvidia-operator-validator-5mhd2                        0/1     Init:0/4                0                10h     %s" % n,
            "gpu-operator   nvidia-device-plugin-daemonset-6t2bq                   0/1     Init:0/1                0                10h     %s" % n,
            "research       %s-worker-0                                  1/1     Running                 0                16m     %s" % (job, nodes[0]),
            "research       %s-worker-1                                  1/1     Running                 0                16m     %s" % (job, nodes[1]),
            "research       %s-worker-2                                  0/1     CrashLoopBackOff        6 (61s ago)      16m     %s" % (job, n),
            "research       %s-worker-3                                  1/1     Running                 0                16m     %s" % (job, nodes[3])]
    b.w("kubectl_get_pods.txt", pods)
    b.w("kubectl_get_events.txt", ["LAST SEEN   TYPE      REASON        OBJECT                              MESSAGE",
                                   "10h         Normal    NodeReady     node/%s               Node %s status is now: NodeReady" % (n, n),
                                   "10h         Warning   Rebooted      node/%s               Node %s has been rebooted, boot id: 9b1d2c44-2f61-4c1e-a6b1-7e3c2d5a0f11" % (n, n),
                                   "3m          Warning   BackOff       pod/nvidia-driver-daemonset-550.90.07-ubuntu22.04-kk7tn   Back-off restarting failed container nvidia-driver-ctr",
                                   "61s         Warning   BackOff       pod/%s-worker-2               Back-off restarting failed container pytorch" % job,
                                   "45s         Warning   Failed        pytorchjob/%s                 PyTorchJob %s is failed because 3 Worker replica(s) failed." % (job, job)])
    b.set_label("dependency", "infrastructure", n, None, "restart_without_node",
                "worker-2 never starts: on %s 'nvidia-container-cli: initialization error: nvml error: driver not loaded'. That node booted into kernel %s overnight and the gpu-operator driver container fails to build nvidia.ko there (modpost GPL-only symbol), so the driver pod crash-loops. The other workers only time out in rendezvous." % (n, kern_new),
                "https://github.com/NVIDIA/gpu-operator/issues/751")
    return b


# =========================================================================== bo25
def case25():
    b = Bundle("bo25_cuda_oom_on_one_rank_at_startup", 7025)
    rng = b.rng
    hosts = ["gn-0314", "gn-0315", "gn-0316", "gn-0317"]
    gpn = 8
    driver, cuda = "535.183.01", "12.2"
    jobid = 4411207
    start = D(2024, 10, 30, 8, 15, 9)
    bad, bad_lr = 3, 2
    bad_r = bad * gpn + bad_lr
    crash = start + sec(118.4)
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    site = "/usr/local/lib/python3.10/dist-packages"
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [88010 + ni * 30 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(8), 88000 + ni)
        nccl_init(log, start + sec(41), h, pids, ni, 4, gpn, PCI_DGXA100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.31.4.%d" % (14 + ni), nch=8, version="2.20.5+cuda12.4", cudadrv="12020")
        if ni == 0:
            log.addm(start + sec(60), ["[default0]:INFO:root:Loading checkpoint shards: 100%|##########| 4/4 [00:31<00:00,  7.80s/it]",
                                       "[default0]:INFO:root:FSDP wrapped model: LlamaForCausalLM 13.0B params, sharding=FULL_SHARD, mixed_precision=bf16",
                                       "[default0]:INFO:root:Starting training: 3 epochs, 1953 steps/epoch, micro_batch 4, seq_len 4096"], step=20)
        if ni == bad:
            p = "[default%d]:" % bad_lr
            frames = [("/home/mreyes/sft/train.py", 261, "<module>", "main()"), ("/home/mreyes/sft/train.py", 231, "main", "loss = model(**batch).loss"),
                      ("%s/torch/nn/modules/module.py" % site, 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                      ("%s/torch/distributed/fsdp/fully_sharded_data_parallel.py" % site, 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                      ("%s/transformers/models/llama/modeling_llama.py" % site, 1190, "forward", "logits = logits.float()")]
            log.addm(crash, py_tb(p + "[rank%d]: " % bad_r, frames, oom_msg(3.13, 2, 79.14, 1.02, 47.05, 45.90, 0.63, other=(201877, 31.02))))
            root = (bad_r, bad_lr, 1, pids[bad_lr], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1))
            fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), crash + sec(31)) for i in range(gpn) if i != bad_lr]
            log.addm(crash + sec(1.5), agent_failure(crash + sec(1.5), h, "train.py", fails, root, sigterm_pids=[x for i, x in enumerate(pids) if i != bad_lr]))
            ends[h] = crash + sec(33)
        else:
            tt = crash + sec(600.2 + ni * 0.1)
            for lr in range(gpn):
                r = ni * gpn + lr
                log.addm(tt, ["[default%d]:" % lr + x for x in wd_timeout(tt, r, 3, "_ALLGATHER_BASE", 40960000, 600000, 600038 + lr)])
            root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
            fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
            log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "train.py", fails, root))
            ends[h] = tt + sec(4)
        b.w("%s/torchrun.log" % h, log.lines())
    end = max(ends.values())
    h = hosts[bad]
    gp = [dict(temp=31 + i % 3, pwr=60 + i) for i in range(8)]
    gp[bad_lr] = dict(temp=34, pwr=71, mem=31765)
    b.w("%s/nvidia-smi.txt" % h, smi_table(end + sec(120), driver, cuda, "A100", PCI_DGXA100, gpus=gp, procs=[(bad_lr, 201877, "python", 31762)]))
    b.w("%s/ps-201877.txt" % h, ["$ ps -o user,pid,ppid,stat,lstart,etime,cmd -p 201877",
                                 "USER         PID    PPID STAT                  STARTED     ELAPSED CMD",
                                 "kchen     201877       1 Dl   Tue Oct 29 06:02:51 2024  1-02:14:31 python eval_rm.py --ckpt /scratch/kchen/rm-7b/step2000 --gpu 2",
                                 "$ cat /proc/201877/wchan; echo", "uvm_va_space_destroy"])
    b.w("%s/slurmd_epilog.log" % h, [f_slurm(D(2024, 10, 29, 6, 14, 10)) + " epilog[77123]: job 4410932 (kchen): killing leftover processes in cgroup",
                                     f_slurm(D(2024, 10, 29, 6, 14, 40)) + " epilog[77123]: job 4410932: pid 201877 still alive after SIGKILL (state D), giving up",
                                     f_slurm(D(2024, 10, 29, 6, 14, 40)) + " epilog[77123]: job 4410932: WARNING GPU 2 still has 1 compute process(es) attached",
                                     f_slurm(D(2024, 10, 29, 6, 14, 41)) + " epilog[77123]: job 4410932: exit 0 (drain on epilog failure disabled)"])
    bt = D(2024, 10, 22, 8, 8, 8)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-122-generic", driver, PCI_DGXA100, hcas, open_mod=False, fm=True)] + periodic_noise(rng, bt + sec(99), end + sec(200), 5 * 3600, h)
    t9 = D(2024, 10, 29, 6, 16, 52)
    pairs += [(t9, "INFO: task python:201877 blocked for more than 122 seconds."), (t9, "      Tainted: P           OE     5.15.0-122-generic #132-Ubuntu"),
              (t9, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
              (t9, "task:python          state:D stack:    0 pid:201877 ppid:     1 flags:0x00004006"), (t9, "Call Trace:"), (t9, " <TASK>"),
              (t9, " __schedule+0x24e/0x590"), (t9, " schedule+0x69/0x110"), (t9, " uvm_va_space_destroy+0x3d1/0x640 [nvidia_uvm]"), (t9, " uvm_release+0x2b/0x40 [nvidia_uvm]"),
              (t9, " __fput+0x9c/0x280"), (t9, " task_work_run+0x6a/0xb0"), (t9, " do_exit+0x217/0x3c0"), (t9, " </TASK>")]
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("sacct.txt", sacct(jobid, "sft13b", [("", "sft-13b", "FAILED", "1:0", start, end, 4), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                              (".0", "torchrun", "FAILED", "1:0", start + sec(7), end, 4)], "gn-031[4-7]") +
        ["", "$ sacct -j 4410932 -X --format=JobID,User,State,End,NodeList", "       JobID      User      State                 End        NodeList ",
         "------------ --------- ---------- ------------------- --------------- ", "     4410932     kchen  CANCELLED 2024-10-29T06:14:09         gn-0317 "])
    b.set_label("oom", "infrastructure", "gn-0317", bad_r, "restart_without_node",
                "Only rank 26 (gn-0317 GPU 2) runs out of memory, and the message says 'Process 201877 has 31.02 GiB memory in use'. That pid is a leftover from kchen's job 4410932, cancelled the day before and stuck in D state in uvm_va_space_destroy; the epilog could not kill it and nvidia-smi still shows it holding 31.7 GiB on GPU 2. The other ranks' all-gather timeouts are sympathetic.",
                "https://github.com/pytorch/pytorch/issues/4293")
    return b


# =========================================================================== bo26
def case26():
    b = Bundle("bo26_run_15pct_slower_than_last_week", 7026)
    rng = b.rng
    hosts = ["pod3-n%02d" % i for i in range(1, 13)]
    gpn = 8
    driver, cuda = "550.127.05", "12.4"
    start = D(2025, 2, 17, 6, 0, 2)
    snap = D(2025, 2, 17, 10, 44, 0)
    bad = 6
    hcas = [("mlx5_0", "18"), ("mlx5_3", "2d"), ("mlx5_4", "3f"), ("mlx5_5", "5e"), ("mlx5_6", "9c"), ("mlx5_9", "ac"), ("mlx5_10", "bd"), ("mlx5_11", "dc")]
    logs = {h: Log() for h in hosts}
    for ni, h in enumerate(hosts):
        torchrun_banner(logs[h], start + sec(11), 12000 + ni)
        nccl_init(logs[h], start + sec(58), h, [12010 + ni * 10 + i for i in range(gpn)], ni, 12, gpn, PCI_HGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr,
                  ip="10.93.0.%d" % (1 + ni), nch=4, version="2.21.5+cuda12.4", nvls=16)
    megatron_startup(logs[hosts[0]], start + sec(16), "[default0]:", 96, 8, 2, "/weka/ckpt/gpt-40b-v7", 21000, 2601533440)
    ts = start + sec(170)
    it = 21000
    while True:
        ms = 5312 + rng.uniform(-30, 30)
        ts = ts + sec(10 * ms / 1000)
        if ts >= snap:
            break
        it += 10
        logs[hosts[-1]].add(ts, "[default7]:" + megatron_iter(ts, it, 160000, 768, ms, 2.1e-4, 1.93 - (it - 21000) * 0.000003 + rng.uniform(-0.01, 0.01), 0.18 + rng.uniform(-0.02, 0.02)))
        if it % 100 == 0:
            slow_r = 48 + rng.randint(0, 7)
            line = " | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                4521 + rng.uniform(0, 20), rng.choice([x for x in range(96) if x // 8 != bad]), 5301 + rng.uniform(0, 25), slow_r,
                598 + rng.randint(0, 15), rng.randint(0, 95), 690 + rng.randint(0, 9), rng.randint(0, 95),
                43 + rng.randint(0, 3), rng.randint(0, 95), 66 + rng.randint(0, 4), rng.randint(0, 95),
                96, rng.randint(0, 95), 100, rng.randint(0, 95), 1965 + rng.randint(0, 15), rng.randint(0, 95), 1980, rng.randint(0, 95),
                12.1 + rng.uniform(0, 1), rng.randint(0, 95), 21.0 + rng.uniform(0, 3), rng.randint(0, 95),
                254.8 + rng.uniform(0, 3), 48 + rng.randint(0, 7), 298.9 + rng.uniform(0, 2), rng.choice([x for x in range(96) if x // 8 != bad]))
            logs[hosts[0]].add(ts + sec(0.2), "[default0]:" + line)
    for h in hosts:
        b.w("%s/torchrun.log" % h, logs[h].lines())
    h = hosts[bad]
    per = {g: dict(temp=61 + g % 4, pwr=652 + 5 * g, util=100, used=70321) for g in range(8)}
    b.w("%s/nvidia-smi-q.txt" % h, smi_q(snap + sec(40), driver, cuda, "H100", PCI_HGXH100, rng, per=per))
    bt = D(2025, 2, 14, 15, 30, 11)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-131-generic", driver, PCI_HGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(99), snap, 5 * 3600, h)
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("%s/dcgmi-health-c.txt" % h, ["$ dcgmi health -g 1 -c", "+---------------------------+----------------------------------------------------------+",
                                      "| Health Monitor Report                                                                |",
                                      "+===========================+==========================================================+",
                                      "| Overall Health            | Healthy                                                  |",
                                      "+---------------------------+----------------------------------------------------------+"])
    ib = []
    for k, (hn, bus) in enumerate(hcas):
        ib += ["CA '%s'" % hn, "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tLink layer: InfiniBand"]
    b.w("%s/ibstat.txt" % h, ib)
    b.w("%s/perfquery-errors.txt" % h, ["$ for d in 0 3 4 5 6 9 10 11; do perfquery -C mlx5_$d -P 1 | egrep 'SymbolErr|LinkDowned|RcvErrors|XmtDiscards'; done"] +
        ["SymbolErrorCounter:..............0", "LinkDownedCounter:...............0", "PortRcvErrors:...................0", "PortXmitDiscards:................0"] * 8)
    b.w("%s/node_history.txt" % h, ["2025-02-12 ticket OPS-8812: pod3-n07 baseboard replaced (HGX tray swap), returned to service 2025-02-14 16:10 after dcgmi diag -r 2 PASS"])
    b.w("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)", "           8120551      pod3 gpt-40b-  hyamada  R    4:43:58     12 pod3-n[01-12]"])
    b.w("user_report.txt", ["gpt-40b-v7 runs at ~5.3 s/iter; the same config ran at ~4.55 s/iter last week on pod3-n[01-06,08-13].",
                            "Megatron straggler log always names a rank in 48-55 as MxRtt."])
    b.set_label("straggler", "infrastructure", "pod3-n07", None, "run_diagnostics",
                "Every Megatron straggler report names one of ranks 48-55 (pod3-n07) as the slowest, about 17% behind the fastest, and the run is ~15% slower than last week without that node. Yet its clocks, temperatures, power, ECC, kernel log, IB counters and DCGM health are all clean, and the node just came back from a baseboard swap, so it needs a deeper diagnostic.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1351")
    return b


# =========================================================================== bo27
def case27():
    b = Bundle("bo27_first_job_on_new_partition_dies_in_attention", 7027)
    rng = b.rng
    hosts = ["h100n-001", "h100n-002"]
    gpn = 8
    driver, cuda = "550.127.05", "12.4"
    jobid = 7011342
    start = D(2025, 1, 21, 15, 2, 20)
    site = "/opt/conda/lib/python3.10/site-packages"
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    crash = start + sec(95.3)
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [4410 + ni * 20 + i for i in range(gpn)]
        log.add(start, "+ srun --container-image=/shared/images/nlp-train-2024.12.sqsh torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint h100n-001:29500 train_dpo.py --model /models/qwen2-7b --attn_implementation flash_attention_2" if ni == 0 else "+ (srun task on %s)" % h)
        log.add(start + sec(2), "pyxis: importing docker image: /shared/images/nlp-train-2024.12.sqsh" if False else "pyxis: imported docker image: /shared/images/nlp-train-2024.12.sqsh")
        torchrun_banner(log, start + sec(9), 4400 + ni * 20)
        nccl_init(log, start + sec(40), h, pids, ni, 2, gpn, PCI_DGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.160.0.%d" % (1 + ni), nch=8, version="2.20.5+cuda12.4")
        if ni == 0:
            log.addm(start + sec(55), ["[default0]:Loading checkpoint shards: 100%|##########| 4/4 [00:06<00:00,  1.62s/it]",
                                       "[default0]:***** Running training *****", "[default0]:  Num examples = 61,135", "[default0]:  Num Epochs = 1",
                                       "[default0]:  Instantaneous batch size per device = 2", "[default0]:  Total train batch size (w. parallel, distributed & accumulation) = 128",
                                       "[default0]:  Gradient Accumulation steps = 4", "[default0]:  Total optimization steps = 477",
                                       "[default0]:  0%|          | 0/477 [00:00<?, ?it/s]"], step=3)
        for lr in range(gpn):
            r = ni * gpn + lr
            tt = crash + sec(0.02 * r)
            p = "[default%d]:" % lr
            frames = [("/workspace/train_dpo.py", 188, "<module>", "trainer.train()"),
                      ("%s/transformers/trainer.py" % site, 2164, "train", "return inner_training_loop("),
                      ("%s/trl/trainer/dpo_trainer.py" % site, 1412, "concatenated_forward", "outputs = model(concatenated_batch[\"concatenated_input_ids\"], **model_kwargs)"),
                      ("%s/transformers/models/qwen2/modeling_qwen2.py" % site, 446, "forward", "attn_output = _flash_attention_forward("),
                      ("%s/transformers/modeling_flash_attention_utils.py" % site, 296, "_flash_attention_forward", "attn_output_unpad = flash_attn_varlen_func("),
                      ("%s/flash_attn/flash_attn_interface.py" % site, 1124, "flash_attn_varlen_func", "return FlashAttnVarlenFunc.apply("),
                      ("%s/flash_attn/flash_attn_interface.py" % site, 620, "forward", "out_padded, softmax_lse, S_dmask, rng_state = _wrapped_flash_attn_varlen_forward("),
                      ("%s/flash_attn/flash_attn_interface.py" % site, 160, "_flash_attn_varlen_forward", "out, softmax_lse, S_dmask, rng_state = flash_attn_cuda.varlen_fwd(")]
            log.addm(tt, py_tb(p + "[rank%d]: " % r, frames, "RuntimeError: CUDA error: no kernel image is available for execution on the device"))
            log.addm(tt, [p + "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % r,
                          p + "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % r])
        root = (ni * gpn, 0, 1, pids[0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1))
        fails = [(ni * gpn + i, i, 1, pids[i], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html", crash + sec(1)) for i in range(1, gpn)]
        log.addm(crash + sec(1.5), agent_failure(crash + sec(1.5), h, "train_dpo.py", fails, root, site=site))
        log.add(crash + sec(2.5), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        b.w("%s/console.log" % h, log.lines())
        b.w("%s/nvidia-smi.txt" % h, smi_table(crash + sec(200), driver, cuda, "H100", PCI_DGXH100, gpus=[dict(temp=30 + i % 4, pwr=69 + i) for i in range(8)]))
    b.w("image_build_info.txt", ["$ enroot exec nlp-train-2024.12 cat /opt/build-info.txt",
                                 "image: nlp-train:2024.12   built: 2024-12-03 by ci-runner-07 (partition: a100)",
                                 "base: pytorch/pytorch:2.3.1-cuda12.1-cudnn8-devel",
                                 "TORCH_CUDA_ARCH_LIST=\"8.0\"",
                                 "MAX_JOBS=16 pip install --no-build-isolation flash-attn==2.6.3  (built from source)",
                                 "$ enroot exec nlp-train-2024.12 python -c \"import torch, flash_attn_2_cuda as f; print(torch.__version__, torch.cuda.get_arch_list()); print(f.__file__)\"",
                                 "2.3.1 ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_90']",
                                 "/opt/conda/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so",
                                 "$ cuobjdump --list-elf /opt/conda/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so | sed 's/.*\\.sm_/sm_/' | sort | uniq -c",
                                 "    144 sm_80.cubin"])
    b.w("job_history.txt", ["$ sacct -u jfoster -S 2025-01-10 -X --format=JobID,JobName%16,Partition,State,NodeList%18",
                            "7002281     dpo-qwen7b-v4        a100  COMPLETED     a100-[021-022]",
                            "7011342     dpo-qwen7b-v5        h100     FAILED     h100n-[001-002]"])
    b.set_label("dependency", "framework", None, None, "stop",
                "All 16 ranks on both new H100 nodes fail on the first forward pass with 'no kernel image is available for execution on the device' inside flash_attn varlen_fwd. The shared image's flash-attn was compiled with TORCH_CUDA_ARCH_LIST=8.0 (cuobjdump shows only sm_80 cubins), so it cannot run on sm_90; the same image works on the A100 partition. The image needs rebuilding.",
                "https://github.com/OpenBMB/cpm_kernels/issues/9")
    return b


# =========================================================================== bo28
def case28():
    b = Bundle("bo28_timeouts_during_checkpoint_save", 7028)
    rng = b.rng
    hosts = ["gpu-l-01", "gpu-l-02", "gpu-l-03", "gpu-l-04"]
    gpn = 8
    driver, cuda = "535.183.06", "12.2"
    jobid = 2250917
    start = D(2024, 10, 7, 20, 0, 40)
    ck = D(2024, 10, 8, 2, 13, 58, 300000)
    lost = ck + sec(16)
    restored = lost + sec(892)
    tmo = ck + sec(600.4)
    stuck = {0: [3, 6], 1: [1], 2: [4, 5], 3: [0, 7]}
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [15210 + ni * 33 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(9), 15200 + ni)
        nccl_init(log, start + sec(44), h, pids, ni, 4, gpn, PCI_DGXA100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.44.8.%d" % (1 + ni), nch=8, version="2.20.5+cuda12.4", cudadrv="12020")
        if ni == 0:
            ts = start + sec(120)
            s = 0
            while True:
                ts = ts + sec(50 * 2.38 + rng.uniform(-1, 1))
                if ts >= ck:
                    break
                s += 50
                log.add(ts, "[default0]:[%s] step %d | loss %.4f | lr %.3e | %.0f tok/s" % (ts.strftime("%H:%M:%S"), s, 2.8 * (0.9996 ** s) + 1.95 + rng.uniform(-0.02, 0.02), 3e-4, 1.31e6 + rng.uniform(-5000, 5000)))
                if s % 2000 == 0:
                    log.add(ts + sec(1), "[default0]:[%s] saving distributed checkpoint step_%d -> /lustre/proj/llm/ckpt/step_%d" % ((ts + sec(1)).strftime("%H:%M:%S"), s, s))
                    log.add(ts + sec(44), "[default0]:[%s] checkpoint step_%d saved in 43.1s" % ((ts + sec(44)).strftime("%H:%M:%S"), s))
            log.add(ck, "[default0]:[%s] saving distributed checkpoint step_6000 -> /lustre/proj/llm/ckpt/step_6000" % ck.strftime("%H:%M:%S"))
        for lr in range(gpn):
            r = ni * gpn + lr
            if lr in stuck[ni]:
                continue
            tt = tmo + sec(0.01 * r)
            log.addm(tt, ["[default%d]:" % lr + x for x in wd_timeout(tt, r, 72418, "GATHER", 1, 600000, 600022 + r)])
        root_lr = [i for i in range(gpn) if i not in stuck[ni]][0]
        root = (ni * gpn + root_lr, root_lr, -6, pids[root_lr], sig_tb(-6), tmo + sec(1))
        fails = [(ni * gpn + i, i, -6 if i not in stuck[ni] else -15, pids[i], sig_tb(-6 if i not in stuck[ni] else -15), tmo + sec(1 if i not in stuck[ni] else 31)) for i in range(gpn) if i != root_lr]
        log.addm(tmo + sec(2), agent_failure(tmo + sec(2), h, "train.py", fails, root, sigterm_pids=[pids[i] for i in stuck[ni]]))
        b.w("%s/torchrun.log" % h, log.lines())
        bt = D(2024, 9, 30, 9, 0, 0) + sec(ni * 2000)
        pairs = [(x[0], x[1]) for x in boot_lines(h, "5.14.0-427.37.1.el9_4.x86_64", driver, PCI_DGXA100, hcas, open_mod=False, fm=True)] + periodic_noise(rng, bt + sec(99), restored + sec(300), 7 * 3600, h)
        pairs += [(lost, "Lustre: 4121:0:(client.c:2289:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff9a3c%08x x17891%08d/t0(0) o4->lustre2-OST0021-osc-ffff9a3b41c2e800@10.50.1.21@o2ib:6/4 lens 488/448 e 0 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'%d.0'" % (int(ck.timestamp()), int(ck.timestamp()), rng.getrandbits(32), rng.randint(0, 99999999), int(lost.timestamp()), jobid)),
                  (lost, "Lustre: lustre2-OST0021-osc-ffff9a3b41c2e800: Connection to lustre2-OST0021 (at 10.50.1.21@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
                  (lost + sec(100), "LustreError: 11-0: lustre2-OST0021-osc-ffff9a3b41c2e800: operation ost_connect to node 10.50.1.21@o2ib failed: rc = -19"),
                  (lost + sec(240), "INFO: task python:%d blocked for more than 122 seconds." % pids[stuck[ni][0]]),
                  (lost + sec(240), "      Not tainted 5.14.0-427.37.1.el9_4.x86_64 #1" if False else "      Tainted: P           OE     -------  ---  5.14.0-427.37.1.el9_4.x86_64 #1"),
                  (lost + sec(240), "task:python          state:D stack:0     pid:%d ppid:%d flags:0x00004002" % (pids[stuck[ni][0]], 15200 + ni)),
                  (lost + sec(240), " osc_io_commit_async+0x2b1/0x4c0 [osc]"), (lost + sec(240), " cl_io_commit_async+0x5e/0x130 [obdclass]"),
                  (lost + sec(240), " vvp_io_write_commit+0x121/0x560 [lustre]"), (lost + sec(240), " vvp_io_write_start+0x4d2/0x8e0 [lustre]"),
                  (restored, "Lustre: lustre2-OST0021-osc-ffff9a3b41c2e800: Connection restored to 10.50.1.22@o2ib (at 10.50.1.22@o2ib)")]
        pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
        b.w("%s/journalctl-k.txt" % h, render_kernel("syslog", h, bt, pairs))
    b.w("lustre_status.txt", ["$ lfs check servers | grep -v active",
                              "(all targets active at %s)" % (restored + sec(600)).strftime("%Y-%m-%d %H:%M"),
                              "", "# storage team status page, lustre2:",
                              "%s UTC  lustre2-oss11 kernel panic; OST0020-OST0023 failing over to lustre2-oss12" % lost.strftime("%Y-%m-%d %H:%M"),
                              "%s UTC  failover complete, OST0020-OST0023 recovered; clients reconnected. No data loss expected." % restored.strftime("%Y-%m-%d %H:%M")])
    b.w("sacct.txt", sacct(jobid, "llm", [("", "llm-3b-pt", "FAILED", "1:0", start, tmo + sec(40), 4), (".batch", "batch", "FAILED", "1:0", start, tmo + sec(40), 1),
                                           (".0", "torchrun", "FAILED", "1:0", start + sec(8), tmo + sec(40), 4)], "gpu-l-0[1-4]"))
    b.set_label("storage", "infrastructure", None, None, "restart",
                "The failure starts with the step_6000 checkpoint save. All four nodes' kernels report the Lustre connection to lustre2-OST0021 lost at 02:14, with writer threads stuck in D state in osc/vvp write paths. Ranks spread across every node sit in the write while the rest time out in the checkpoint GATHER after 10 minutes. The storage team logged an OSS failover that recovered by 02:29, so the fault was transient and shared.",
                "https://github.com/NVIDIA/nccl/issues/563")
    return b


# =========================================================================== bo29
def case29():
    b = Bundle("bo29_all_ranks_of_one_node_abort_together", 7029)
    rng = b.rng
    hosts = ["dgx-h-21", "dgx-h-22", "dgx-h-23", "dgx-h-24"]
    gpn = 8
    driver, cuda = "550.90.07", "12.4"
    jobid = 9120004
    start = D(2024, 8, 5, 12, 0, 5)
    T0 = D(2024, 8, 5, 18, 41, 12, 660000)
    bad = 1
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "45"), ("mlx5_3", "4a"), ("mlx5_4", "8c"), ("mlx5_5", "92"), ("mlx5_6", "c4"), ("mlx5_7", "ca")]
    ends = {}
    for ni, h in enumerate(hosts):
        log = Log()
        pids = [20100 + ni * 25 + i for i in range(gpn)]
        torchrun_banner(log, start + sec(8), 20090 + ni)
        nccl_init(log, start + sec(47), h, pids, ni, 4, gpn, PCI_DGXH100, hcas, prefix=lambda lr, r: "[default%d]:" % lr, ip="10.21.0.%d" % (21 + ni), nch=8, version="2.21.5+cuda12.4", nvls=16)
        if ni == 3:
            ts = start + sec(150)
            it = 0
            while True:
                ts = ts + sec(10 * 3.11 + rng.uniform(-0.2, 0.2))
                if ts >= T0:
                    break
                it += 10
                log.add(ts, "[default7]:" + megatron_iter(ts, it, 60000, 1024, 3110 + rng.uniform(-20, 20), 1e-4, 4.2 * (0.9993 ** it) + 2.1 + rng.uniform(-0.02, 0.02), 0.5 + rng.uniform(-0.1, 0.1)))
        if ni == bad:
            order = [3, 0, 5, 1, 6, 2, 7, 4]
            for k, lr in enumerate(order):
                r = ni * gpn + lr
                tt = T0 + sec(0.3 + 0.04 * k)
                log.add(tt, "[default%d]:%s:%d:%d [%d] enqueue.cc:1600 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (lr, h, pids[lr], pids[lr] + 299, lr))
                log.addm(tt + sec(0.05), ["[default%d]:" % lr + x for x in cuda_err_block(tt + sec(0.05), r, "uncorrectable NVLink error detected during the execution")])
            root = (ni * gpn + 3, 3, -6, pids[3], sig_tb(-6), T0 + sec(1.2))
            fails = [(ni * gpn + lr, lr, -6, pids[lr], sig_tb(-6), T0 + sec(1.3)) for lr in order[1:]]
            log.addm(T0 + sec(1.6), agent_failure(T0 + sec(1.6), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root))
            ends[h] = T0 + sec(3)
        else:
            r = ni * gpn + (7 if ni == 0 else 0)
            lr = r % gpn
            tt = T0 + sec(5.1 + ni)
            err = "NET/IB : Got completion from peer 10.21.0.22<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:10.21.0.%d remoteGids::ffff:10.21.0.22 hca %s" % (33100 + ni, 0 if lr == 7 else 128, "Send" if lr == 7 else "Recv", 21 + ni, hcas[lr][0])
            if ni == 3:
                tt = T0 + sec(600.3)
                for l2 in range(gpn):
                    log.addm(tt, ["[default%d]:" % l2 + x for x in wd_timeout(tt, ni * gpn + l2, 1207731, "_REDUCE_SCATTER_BASE", 157286400, 600000, 600033 + l2)])
                root = (ni * gpn, 0, -6, pids[0], sig_tb(-6), tt + sec(1))
                fails = [(ni * gpn + i, i, -6, pids[i], sig_tb(-6), tt + sec(1)) for i in range(1, gpn)]
                log.addm(tt + sec(2), agent_failure(tt + sec(2), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root))
                ends[h] = tt + sec(4)
            else:
                log.add(tt, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (lr, h, pids[lr], pids[lr] + 281, lr, err))
                log.addm(tt + sec(0.2), ["[default%d]:[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (lr, r, f_glog(tt + sec(0.2), "E", True), r),
                                         "[default%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % lr,
                                         "[default%d]:Last error:" % lr, "[default%d]:%s" % (lr, err)])
                root = (r, lr, -6, pids[lr], sig_tb(-6), tt + sec(1))
                fails = [(ni * gpn + i, i, -15, pids[i], sig_tb(-15), tt + sec(31)) for i in range(gpn) if i != lr]
                log.addm(tt + sec(1.2), agent_failure(tt + sec(1.2), h, "/workspace/Megatron-LM/pretrain_gpt.py", fails, root, sigterm_pids=[p for i, p in enumerate(pids) if i != lr]))
                ends[h] = tt + sec(33)
        b.w("%s/torchrun.log" % h, log.lines())
    h = hosts[bad]
    end = max(ends.values())
    bt = D(2024, 7, 29, 19, 20, 0)
    pairs = [(x[0], x[1]) for x in boot_lines(h, "5.15.0-117-generic", driver, PCI_DGXH100, hcas, open_mod=True, fm=True)] + periodic_noise(rng, bt + sec(99), end, 5 * 3600, h)
    pairs += [(T0, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 44 sourcetrack TCEN0 crumbstore ECC DBE Error (First)"),
              (T0, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Severity 1 Engine instance 44 Sub-engine instance 00"),
              (T0, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Data {0x00000000, 0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}"),
              (T0 + sec(0.002), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 45 sourcetrack TCEN0 crumbstore ECC DBE Error")]
    for k, g in enumerate([3, 0, 5, 1, 6, 2, 7, 4]):
        pairs.append((T0 + sec(0.2 + 0.04 * k), "NVRM: Xid (PCI:0000:%s:00): 74, pid=%d, name=pt_main_thread, NVLink: fatal error detected on link %d(0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)" % (PCI_DGXH100[g], 20100 + bad * 25 + g, 10 + g % 8)))
    pairs = sorted(pairs, key=lambda p: p[0] if isinstance(p[0], D) else bt + sec(p[0]))
    b.w("%s/dmesg.txt" % h, render_kernel("T", h, bt, pairs))
    b.w("%s/fabricmanager.log" % h, ["[Jul 29 2024 19:20:51] [INFO] [tid 3001] Fabric Manager version 550.90.07 is running with the following configuration options",
                                     "[Jul 29 2024 19:21:03] [INFO] [tid 3001] Successfully configured all the available GPUs and NVSwitches to route NVLink traffic.",
                                     "[Aug 05 2024 18:41:12] [ERROR] [tid 3118] detected NVSwitch fatal error 24007 on fid 0 switch id 2 link 44",
                                     "[Aug 05 2024 18:41:12] [ERROR] [tid 3118] detected NVSwitch fatal error 24007 on fid 0 switch id 2 link 45",
                                     "[Aug 05 2024 18:41:12] [ERROR] [tid 3118] NVSwitch fatal error detected on NVSwitch physical id 0x18, all the GPUs and NVSwitches on this node need to be reset",
                                     "[Aug 05 2024 18:41:13] [INFO] [tid 3118] GPU partition reset is required. Terminating all running CUDA applications using NVLink"])
    b.w("%s/nvidia-smi-q-fabric.txt" % h, ["$ nvidia-smi -q | grep -A3 Fabric"] + sum([["    Fabric", "        State                             : Completed", "        Status                            : NVML_ERROR_RESET_REQUIRED" if False else "        Status                            : Failure", "--"] for _ in range(8)], []))
    b.w("sacct.txt", sacct(jobid, "gpt", [("", "gpt-30b", "FAILED", "1:0", start, end, 4), (".batch", "batch", "FAILED", "1:0", start, end, 1),
                                           (".0", "torchrun", "FAILED", "1:0", start + sec(7), end, 4)], "dgx-h-2[1-4]"))
    b.set_label("nvlink", "infrastructure", "dgx-h-22", None, "restart_without_node",
                "All eight ranks on dgx-h-22 fail within 0.3 s with 'uncorrectable NVLink error detected during the execution', right after NVSwitch 2 on that node logs fatal SXid 24007 (crumbstore ECC DBE) and every GPU logs Xid 74. The fabric manager says the node's GPUs and NVSwitches need a reset. The other nodes only see the peer at 10.21.0.22 disappear.",
                "https://github.com/NVIDIA/nccl/issues/1562")
    return b


# =========================================================================== bo30
def case30():
    b = Bundle("bo30_throughput_quarter_of_previous_run", 7030)
    rng = b.rng
    hosts = ["gpu-s-01", "gpu-s-02", "gpu-s-03", "gpu-s-04"]
    gpn = 8
    driver, cuda = "550.54.15", "12.4"
    jobid = 6601123
    start = D(2024, 6, 10, 9, 14, 33)
    snap = D(2024, 6, 10, 11, 20, 0)
    hcas = [("mlx5_0", "0c"), ("mlx5_1", "12"), ("mlx5_2", "4b"), ("mlx5_3", "54"), ("mlx5_6", "8d"), ("mlx5_7", "94"), ("mlx5_8", "ba"), ("mlx5_9", "cc")]
    logs = {h: Log() for h in hosts}
    for ni, h in enumerate(hosts):
        torchrun_banner(logs[h], start + sec(7), 3300 + ni)
        nccl_init(logs[h], start + sec(34), h, [3310 + ni * 10 + i for i in range(gpn)], ni, 4, gpn, PCI_DGXA100, hcas, prefix=lambda lr, r: "[default%d]:" % lr,
                  ip="192.168.10.%d" % (101 + ni), nch=2, version="2.20.5+cuda12.4", ib_disabled=True)
    ts = start + sec(90)
    s = 0
    while True:
        ts = ts + sec(20 * 9.82 + rng.uniform(-2, 2))
        if ts >= snap:
            break
        s += 20
        logs[hosts[0]].add(ts, "[default0]:[rank0] step %5d | loss %.4f | lr %.2e | step_time %.2fs | tokens/s %d | comm %.0f%%" % (s, 2.4 * (0.999 ** s) + 2.2 + rng.uniform(-0.02, 0.02), 2e-4, 9.82 + rng.uniform(-0.1, 0.1), int(4 * 8 * 8 * 4096 / 9.82) + rng.randint(-300, 300), 77 + rng.uniform(-2, 2)))
    for h in hosts:
        b.w("%s/torchrun.log" % h, logs[h].lines())
    b.w("job_script.sbatch", ["#!/bin/bash", "#SBATCH -J mistral-cpt", "#SBATCH -N 4", "#SBATCH --gpus-per-node=8", "#SBATCH -p a100",
                              "#SBATCH -t 3-00:00:00", "", "# copied from my workstation notes (NCCL hangs on the dev box)", "export NCCL_IB_DISABLE=1", "export NCCL_SOCKET_IFNAME=eth0",
                              "export NCCL_DEBUG=INFO", "", "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 --tee 3 \\",
                              "    train.py --config cfg/mistral7b_cpt.yaml"])
    b.w("previous_job_excerpt.txt", ["# job 6588120 (same config, gpu-s-[05-08], 2024-06-03, submitted with the team sbatch template)",
                                     "gpu-s-05:9911:9911 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_6:1/IB [5]mlx5_7:1/IB [6]mlx5_8:1/IB [7]mlx5_9:1/IB ; OOB ib0:10.40.6.5<0>",
                                     "gpu-s-05:9911:9911 [0] NCCL INFO Using network IB",
                                     "[default0]:[rank0] step  2000 | loss 2.3411 | lr 2.00e-04 | step_time 2.31s | tokens/s 453911 | comm 9%"])
    per = {g: dict(util=23, pwr=118 + g, swpc="Active" if g in (1, 5) else "Not Active", used=60322) for g in range(8)}
    b.w("gpu-s-03/nvidia-smi-q.txt", smi_q(snap + sec(30), driver, cuda, "A100", PCI_DGXA100, rng, per=per))
    ib = []
    for k, (hn, bus) in enumerate(hcas):
        ib += ["CA '%s'" % hn, "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 200", "\t\tLink layer: InfiniBand"]
    b.w("gpu-s-02/ibstat.txt", ib)
    b.w("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)", "           %d      a100 mistral-   eokoro  R    2:05:27      4 gpu-s-[01-04]" % jobid])
    b.set_label("straggler", "script", None, None, "stop",
                "All ranks on all four nodes are equally slow (9.8 s/step, 77% of it in communication, against 2.3 s/step last week). The job's own sbatch exports NCCL_IB_DISABLE=1 and NCCL_SOCKET_IFNAME=eth0, so NCCL logs 'Using network Socket' and every inter-node transfer goes over Ethernet even though all IB ports are Active. The SW Power Cap flags on gpu-s-03 are ordinary under low utilisation.",
                "https://github.com/NVIDIA/nccl/issues/676")
    return b


# =========================================================================== driver
CASES = [case01, case02, case03, case04, case05, case06, case07, case08, case09, case10,
         case11, case12, case13, case14, case15, case16, case17, case18, case19, case20,
         case21, case22, case23, case24, case25, case26, case27, case28, case29, case30]


def validate(b):
    errs = []
    lab = b.label
    import re
    if not re.match(r"^bo\d\d_[a-z0-9_]+$", b.name):
        errs.append("bad case name %s" % b.name)
    if not isinstance(lab, dict):
        return errs + ["no label"]
    keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
    if set(lab) != keys:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 20:
        errs.append("rationale")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be https")
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit shape")
        else:
            if not isinstance(c["node"], str) or not c["node"]:
                errs.append("culprit node")
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank")
            dirs = set()
            for rel in b.files:
                parts = rel.split("/")
                if len(parts) >= 2 and not parts[0].startswith("attempt_"):
                    dirs.add(parts[0])
                if len(parts) >= 3 and parts[0].startswith("attempt_"):
                    dirs.add(parts[1])
            if c["node"] not in dirs:
                errs.append("culprit node %s has no directory" % c["node"])
    # label conventions this set relies on
    if lab.get("action") == "restart_without_node" and c is None:
        errs.append("restart_without_node needs a culprit node")
    if lab.get("category") == "unknown" and lab.get("action") != "none":
        errs.append("unknown must be action none")
    for rel in b.files:
        if rel.startswith("/") or ".." in rel.split("/") or rel == "label.json":
            errs.append("bad path %s" % rel)
        if os.path.basename(rel).startswith("test_") and rel.endswith(".py"):
            errs.append("python module named test_*: %s" % rel)
    return errs


def main():
    bundles = [f() for f in CASES]
    names = [b.name for b in bundles]
    bad = []
    if len(set(names)) != len(names):
        bad.append("duplicate case names")
    if not 24 <= len(bundles) <= 30:
        bad.append("case count %d" % len(bundles))
    for b in bundles:
        for e in validate(b):
            bad.append("%s: %s" % (b.name, e))
    if bad:
        for e in bad:
            sys.stderr.write("LABEL ERROR: %s\n" % e)
        return 1
    os.makedirs(OUT, exist_ok=True)
    for b in bundles:
        root = os.path.join(OUT, b.name)
        for rel, content in sorted(b.files.items()):
            p = os.path.join(root, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(content)
        with open(os.path.join(root, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(b.label, indent=2, sort_keys=False) + "\n")
    sys.stdout.write("wrote %d cases to %s\n" % (len(bundles), OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
