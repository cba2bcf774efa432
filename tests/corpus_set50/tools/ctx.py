"""Per-node context files an operator collects next to the job logs
(dmesg, free -m, df -h, nvidia-smi -q excerpts, ps, journal, BMC SEL)."""
import datetime as dt

GPU_BUS = ["0000:18:00.0", "0000:2A:00.0", "0000:3A:00.0", "0000:5D:00.0"]
GPU_UUID = {
    0: "GPU-1f3a9c52-7d0e-4b61-9a2e-6c0d8e1b7f34",
    1: "GPU-84b2e6d1-0c93-4f5a-b7e8-2d91c4a06e5b",
}


def boot_time(host_index, base):
    """Each node booted at a different time some days before the job."""
    return base - dt.timedelta(days=3 + host_index, hours=host_index * 2 + 1, minutes=17 * host_index + 11, seconds=7 * host_index + 3)


def uptime_s(t, boot):
    return (t - boot).total_seconds()


def raw_line(t, boot, msg):
    return f"[{uptime_s(t, boot):12.6f}] {msg}"


def t_line(t, msg):
    return f"[{t.strftime('%a %b %e %H:%M:%S %Y')}] {msg}"


def benign_dmesg(rng, boot, start, host):
    """(time, msg) list of harmless kernel lines between boot and start."""
    ev = [
        (boot + dt.timedelta(seconds=0.0), "Linux version 5.15.0-119-generic (buildd@lcy02-amd64-075) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #129-Ubuntu SMP"),
        (boot + dt.timedelta(seconds=0.0), "Command line: BOOT_IMAGE=/vmlinuz-5.15.0-119-generic root=UUID=3c0e9a51-2a0f-4a8e-9d7c-51b1e0a7c2d4 ro pci=realloc=off iommu=pt"),
        (boot + dt.timedelta(seconds=4.812), "mlx5_core 0000:0c:00.0: firmware version: 28.39.2048"),
        (boot + dt.timedelta(seconds=5.103), "mlx5_core 0000:0c:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps"),
        (boot + dt.timedelta(seconds=6.771), "mlx5_core 0000:0c:00.0 ibp12s0: renamed from ib0"),
        (boot + dt.timedelta(seconds=11.402), "nvidia: loading out-of-tree module taints kernel."),
        (boot + dt.timedelta(seconds=11.934), "nvidia-nvlink: Nvlink Core is being initialized, major device number 511"),
        (boot + dt.timedelta(seconds=12.201), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (boot + dt.timedelta(seconds=14.550), "nvidia-uvm: Loaded the UVM driver, major device number 509."),
        (boot + dt.timedelta(seconds=19.020), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready"),
        (boot + dt.timedelta(seconds=22.631), "Lustre: Lustre: Build Version: 2.15.4"),
        (boot + dt.timedelta(seconds=23.904), "Lustre: Mounted proj-llm-client"),
    ]
    span = (start - boot).total_seconds()
    for _ in range(rng.randint(4, 9)):
        t = boot + dt.timedelta(seconds=rng.uniform(3600, span - 600))
        kind = rng.choice(["edac", "docker", "audit", "mlx5"])
        if kind == "edac":
            msg = f"EDAC MC{rng.randint(0, 1)}: 1 CE memory read error on CPU_SrcID#{rng.randint(0, 1)}_MC#0_Chan#{rng.randint(0, 3)}_DIMM#0 (channel:{rng.randint(0, 3)} slot:0 page:0x{rng.randint(0x10000, 0xfffff):x} offset:0x0 grain:32 syndrome:0x0 -  err_code:0x0000:0x009f)"
        elif kind == "docker":
            v = f"veth{rng.randint(0x100000, 0xffffff):06x}"
            msg = f"docker0: port 1({v}) entered disabled state"
        elif kind == "audit":
            msg = f"audit: type=1400 audit({(t - dt.datetime(1970, 1, 1)).total_seconds():.3f}:{rng.randint(100, 999)}): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid={rng.randint(2000, 90000)} comm=\"apparmor_parser\""
        else:
            msg = "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:741:(pid 312): FWTracer: Events were lost"
        ev.append((t, msg))
    return ev


def render_dmesg(events, boot, style):
    events = sorted(events, key=lambda e: e[0])
    if style == "T":
        return "\n".join(t_line(t, m) for t, m in events) + "\n"
    return "\n".join(raw_line(t, boot, m) for t, m in events) + "\n"


def free_m(rng, used_gb=None):
    total = 1031912
    used = int((used_gb or rng.uniform(70, 140)) * 1024)
    cache = rng.randint(180000, 320000)
    free = total - used - cache
    return ("               total        used        free      shared  buff/cache   available\n"
            f"Mem:         {total}      {used:>6}      {free:>6}        {rng.randint(60, 900):>4}      {cache:>6}      {total - used:>6}\n"
            "Swap:              0           0           0\n")


def df_h(rng, root_use=None, lustre_use=None):
    ru = root_use if root_use is not None else rng.randint(31, 58)
    lu = lustre_use if lustre_use is not None else rng.randint(61, 74)
    return ("Filesystem                          Size  Used Avail Use% Mounted on\n"
            "tmpfs                                101G  4.1M  101G   1% /run\n"
            f"/dev/nvme0n1p2                      1.8T  {ru * 18}G  {1800 - ru * 18}G  {ru}% /\n"
            "tmpfs                                504G     0  504G   0% /dev/shm\n"
            f"/dev/md0                             14T  {rng.randint(2, 6)}.{rng.randint(0, 9)}T  {rng.randint(7, 11)}.{rng.randint(0, 9)}T  {rng.randint(20, 45)}% /raid\n"
            f"10.40.0.5@o2ib:10.40.0.6@o2ib:/proj  4.0P  {4.0 * lu / 100:.1f}P  {4.0 - 4.0 * lu / 100:.1f}P  {lu}% /mnt/lustre/proj-llm\n")


def nvsmi_q(ts, gpus):
    """gpus: list of dicts(idx, temp, power, sm_clock, slowdown(bool), thermal(bool), ecc_vol_dbe, remap_pending)."""
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {ts.strftime('%a %b %d %H:%M:%S %Y')}",
           "Driver Version                            : 550.90.07",
           "CUDA Version                              : 12.4", "",
           f"Attached GPUs                             : {len(gpus)}"]
    for g in gpus:
        i = g["idx"]
        a = lambda b: "Active" if b else "Not Active"
        out += [f"GPU {GPU_BUS[i]}",
                "    Product Name                          : NVIDIA H100 80GB HBM3",
                f"    GPU UUID                              : {GPU_UUID.get(i, 'GPU-0')}",
                f"    Minor Number                          : {i}",
                "    Performance State                     : P0",
                "    Clocks Event Reasons",
                f"        Idle                              : Not Active",
                f"        Applications Clocks Setting       : Not Active",
                f"        SW Power Cap                      : {a(g.get('swpower'))}",
                f"        HW Slowdown                       : {a(g.get('slowdown'))}",
                f"            HW Thermal Slowdown           : {a(g.get('thermal'))}",
                f"            HW Power Brake Slowdown       : Not Active",
                f"        Sync Boost                        : Not Active",
                f"        SW Thermal Slowdown               : {a(g.get('thermal'))}",
                f"        Display Clock Setting             : Not Active",
                "    ECC Errors",
                "        Volatile",
                f"            SRAM Correctable              : 0",
                f"            SRAM Uncorrectable            : 0",
                f"            DRAM Correctable              : {g.get('dram_ce', 0)}",
                f"            DRAM Uncorrectable            : {g.get('dram_ue', 0)}",
                "    Remapped Rows",
                f"        Correctable Error                 : {g.get('remap_ce', 0)}",
                f"        Uncorrectable Error               : {g.get('remap_ue', 0)}",
                f"        Pending                           : {'Yes' if g.get('remap_pending') else 'No'}",
                f"        Remapping Failure Occurred        : {'Yes' if g.get('remap_fail') else 'No'}",
                "    Temperature",
                f"        GPU Current Temp                  : {g['temp']} C",
                "        GPU T.Limit Temp                  : -3 C" if g.get('thermal') else f"        GPU T.Limit Temp                  : {87 - g['temp']} C",
                "        GPU Shutdown Temp                 : 92 C",
                "        GPU Slowdown Temp                 : 87 C",
                "    GPU Power Readings",
                f"        Power Draw                        : {g['power']:.2f} W",
                "        Current Power Limit               : 700.00 W",
                "    Clocks",
                f"        Graphics                          : {g['sm_clock']} MHz",
                f"        SM                                : {g['sm_clock']} MHz",
                "        Memory                            : 2619 MHz",
                "    Max Clocks",
                "        Graphics                          : 1980 MHz",
                "        SM                                : 1980 MHz", ""]
    return "\n".join(out) + "\n"


def ps_listing(rows):
    """rows: (user, pid, ppid, stat, etime, cmd)."""
    out = ["USER         PID    PPID STAT     ELAPSED CMD"]
    for u, pid, ppid, st, et, cmd in rows:
        out.append(f"{u:<12}{pid:>4} {ppid:>7} {st:<4} {et:>11} {cmd}")
    return "\n".join(out) + "\n"
