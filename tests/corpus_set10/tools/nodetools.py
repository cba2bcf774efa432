"""Node-level tool output for the set-10 generator: nvidia-smi -q / table, kernel noise, py-spy."""


def ctime(t):
    return t.strftime("%a %b %d %H:%M:%S %Y")


# ----------------------------------------------------------------------------- node-level tools

def nvidia_smi_q(host, t, gpus, bad=None, **kw):
    """nvidia-smi -q excerpt.  bad: index of GPU with the given kw overrides."""
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % ctime(t),
           "Driver Version                            : %s" % kw.get("driver", "550.90.07"),
           "CUDA Version                              : %s" % kw.get("cuda", "12.4"), "",
           "Attached GPUs                             : %d" % len(gpus)]
    for i, bus in enumerate(gpus):
        isbad = (i == bad)
        g = kw if isbad else {}
        out += ["GPU %s" % bus.replace("0000:", "00000000:"),
                "    Product Name                          : NVIDIA H100 80GB HBM3",
                "    Serial Number                         : 16524230%05d" % (abs(hash(host)) % 100000 if False else 17 * i + 4021),
                "    GPU UUID                              : GPU-%08x-6c1a-%04x-9b2e-5d41c0a7e3%02d" % (0x3fa1b2c0 + i * 977, 0x1000 + i, i),
                "    Minor Number                          : %d" % i,
                "    Performance State                     : P0",
                "    Clocks Event Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : %s" % g.get("sw_power", "Not Active"),
                "        HW Slowdown                       : %s" % g.get("hw_slow", "Not Active"),
                "            HW Thermal Slowdown           : %s" % g.get("hw_thermal", "Not Active"),
                "            HW Power Brake Slowdown       : %s" % g.get("hw_brake", "Not Active"),
                "        Sync Boost                        : Not Active",
                "        SW Thermal Slowdown               : %s" % g.get("sw_thermal", "Not Active"),
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %d" % g.get("sram_unc", 0),
                "            DRAM Correctable              : %d" % g.get("dram_corr", 0),
                "            DRAM Uncorrectable            : %d" % g.get("dram_unc", 0),
                "        Aggregate",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %d" % g.get("sram_unc", 0),
                "            DRAM Correctable              : %d" % g.get("dram_corr_agg", g.get("dram_corr", 0)),
                "            DRAM Uncorrectable            : %d" % g.get("dram_unc_agg", g.get("dram_unc", 0)),
                "    Retired Pages",
                "        Single Bit ECC                    : N/A",
                "        Double Bit ECC                    : N/A",
                "        Pending Page Blacklist            : N/A",
                "    Remapped Rows",
                "        Correctable Error                 : %d" % g.get("remap_corr", 0),
                "        Uncorrectable Error               : %d" % g.get("remap_unc", 0),
                "        Pending                           : %s" % g.get("remap_pending", "No"),
                "        Remapping Failure Occurred        : %s" % g.get("remap_fail", "No"),
                "    Temperature",
                "        GPU Current Temp                  : %d C" % g.get("temp", 41 + (i * 3) % 9),
                "        GPU T.Limit Temp                  : %s" % g.get("tlimit", "%d C" % (44 - (i * 3) % 9)),
                "        Memory Current Temp               : %d C" % g.get("mtemp", 49 + i % 4),
                "    GPU Power Readings",
                "        Power Draw                        : %.2f W" % g.get("power", 612.4 - i * 7.3),
                "        Current Power Limit               : 700.00 W",
                "    Clocks",
                "        Graphics                          : %d MHz" % g.get("sm_clock", 1980),
                "        SM                                : %d MHz" % g.get("sm_clock", 1980),
                "        Memory                            : 2619 MHz",
                ""]
    return out


def nvidia_smi_table(t, gpus, driver="550.90.07", cuda="12.4", util=97, mem_used=71213, procs=None, err_idx=None):
    out = [ctime(t),
           "+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI %-9s              Driver Version: %-9s      CUDA Version: %-5s    |" % (driver, driver, cuda),
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, bus in enumerate(gpus):
        ecc = "ERR!" if i == err_idx else "0"
        out += ["|  %d  NVIDIA H100 80GB HBM3          On  |   %s Off |  %19s |" % (i, bus.replace("0000:", "00000000:"), ecc),
                "| N/A   %2dC    P0            %3dW /  700W |  %6dMiB /  81559MiB |     %3d%%      Default |" % (
                    38 + i % 7, 540 + (i * 11) % 70, mem_used, util),
                "|                                         |                        |             Disabled |",
                "+-----------------------------------------+------------------------+----------------------+"]
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|=========================================================================================|"]
    for i, pid in enumerate(procs or []):
        out.append("|    %d   N/A  N/A    %7d      C   /usr/bin/python3                           %6dMiB |" % (i, pid, mem_used - 520))
    if not procs:
        out.append("|  No running processes found                                                             |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


def kernel_noise(rng, n, boot_ok=True):
    pool = [
        "mlx5_core 0000:%s:00.0: mlx5_pcie_event:301:(pid 0): PCIe slot advertised sufficient power (27W).",
        "IPv6: ADDRCONF(NETDEV_CHANGE): veth%s: link becomes ready",
        "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
        "audit: type=1400 audit(0.0:%s): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.daemon\" name=\"/proc/sys/kernel/osrelease\"",
        "cgroup: fork rejected by pids controller in /kubepods.slice/pod%s",
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
        "NFSD: Using nfsdcld client tracking operations.",
        "nvidia-nvswitch: Probing device 0000:%s:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x068000",
        "igb 0000:%s:00.0 eno2: igb: eno2 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX/TX",
        "perf: interrupt took too long (2513 > 2500), lowering kernel.perf_event_max_sample_rate to 79500",
        "systemd-journald[%s]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0, suggesting rotation.",
    ]
    out = []
    for _ in range(n):
        s = rng.choice(pool)
        if "%s" in s:
            s = s % ("%x" % rng.randint(0x10, 0xfe))
        out.append(s)
    return out


def pyspy_dump(pid, thread_name, frames, idle=False):
    out = ["Process %d: /usr/bin/python3 -u train.py" % pid, "Python v3.10.12 (/usr/bin/python3.10)", "",
           "Thread %d (%s): \"MainThread\"" % (pid, "idle" if idle else "active")]
    for f in frames:
        out.append("    %s" % f)
    out += ["Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 203),
            "    wait (threading.py:324)", "    get (queue.py:180)",
            "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
            "    run (threading.py:953)", ""]
    return out


