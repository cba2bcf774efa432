"""Host-side artefacts: kernel logs, nvidia-smi, DCGM, InfiniBand tools, py-spy, df/free."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from common import dmesg_t, journal, journal_precise, sec, syslog, uptime

# --------------------------------------------------------------------------------------------
# kernel logs
# --------------------------------------------------------------------------------------------

NOISE = [
    ("systemd", "Started Session {n} of User root."),
    ("systemd", "session-{n}.scope: Deactivated successfully."),
    ("kernel", "IPv6: ADDRCONF(NETDEV_CHANGE): veth{h}: link becomes ready"),
    ("kernel", "docker0: port 1(veth{h}) entered forwarding state"),
    (
        "kernel",
        'audit: type=1400 audit({n}.{m}:{k}): apparmor="DENIED" operation="open" '
        'profile="snap.lxd.activate" name="/proc/{n}/mountinfo" pid={n} comm="snap-exec"',
    ),
    (
        "kernel",
        "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further "
        "processing",
    ),
    ("systemd", "Starting Cleanup of Temporary Directories..."),
    ("systemd", "systemd-tmpfiles-clean.service: Deactivated successfully."),
    (
        "kernel",
        "perf: interrupt took too long (3141 > 3138), lowering kernel.perf_event_max_sample_rate to 63500",
    ),
    ("CRON", "(root) CMD (/usr/local/sbin/node-health-check --quiet)"),
    (
        "kernel",
        "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
    ),
    ("systemd", "Started Run anacron jobs."),
    ("nvidia-persistenced", "Verbose syslog connection opened"),
    (
        "kernel",
        "ib0: multicast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, status -22",
    ),
]


def noise_events(
    rng: random.Random, start: datetime, end: datetime, n: int
) -> list[tuple[datetime, str, str]]:
    span = (end - start).total_seconds()
    out = []
    for _ in range(n):
        dt = start + sec(rng.uniform(0, span))
        src, msg = rng.choice(NOISE)
        out.append(
            (
                dt,
                src,
                msg.format(
                    n=rng.randint(1000, 99999),
                    m=rng.randint(100, 999),
                    k=rng.randint(10, 9999),
                    h=f"{rng.getrandbits(28):07x}",
                ),
            )
        )
    return out


UBUNTU_KERNEL = (
    "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, "
    "GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu "
    "5.15.0-105.115-generic 5.15.148)"
)


def boot_events(
    boot: datetime,
    host: str,
    rng: random.Random,
    kver: str = UBUNTU_KERNEL,
    dmi: str = "Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 02/22/2024",
) -> list[tuple[datetime, str, str]]:
    msgs = [
        kver,
        "Command line: BOOT_IMAGE=/vmlinuz root=/dev/md0 ro pci=realloc=off iommu=pt",
        f"DMI: {dmi}",
        "nvidia: loading out-of-tree module taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 234",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
        "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002",
        "mlx5_core 0000:0c:00.0: 400.000 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)",
        f"systemd[1]: Set hostname to <{host}>.",
        "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
    ]
    return [(boot + sec(0.5 + i * rng.uniform(0.8, 3.0)), "kernel", m) for i, m in enumerate(msgs)]


def _pid(src: str) -> int:
    return sum(ord(c) * (i + 1) for i, c in enumerate(src)) % 9000 + 300


def render_kernel(
    events: list[tuple[datetime, str, str]],
    style: str,
    host: str,
    boot: datetime | None = None,
) -> list[str]:
    """Render (dt, source, message) events in one kernel-log style.

    styles: dmesg_t, uptime, syslog, journal, precise. Non-kernel sources only appear in
    syslog/journal styles.
    """
    out = []
    for dt, src, msg in sorted(events, key=lambda e: e[0]):
        kernel = src == "kernel"
        if style == "dmesg_t":
            if kernel:
                out.append(f"{dmesg_t(dt)} {msg}")
        elif style == "uptime":
            if kernel:
                assert boot is not None
                out.append(f"{uptime(dt, boot)} {msg}")
        elif style == "syslog":
            tag = "kernel:" if kernel else f"{src}[{_pid(src)}]:"
            out.append(f"{syslog(dt, host)} {tag} {msg}")
        elif style == "journal":
            tag = "kernel:" if kernel else f"{src}[{_pid(src)}]:"
            out.append(f"{journal(dt, host)} {tag} {msg}")
        elif style == "precise":
            tag = "kernel:" if kernel else f"{src}[{_pid(src)}]:"
            out.append(f"{journal_precise(dt, host)} {tag} {msg}")
        else:
            raise ValueError(style)
    return out


def kernel_log(
    rng: random.Random,
    host: str,
    start: datetime,
    end: datetime,
    style: str,
    events: list[tuple[datetime, str, str]] | None = None,
    *,
    boot: datetime | None = None,
    noise: int = 40,
    with_boot: bool = False,
    kver: str = UBUNTU_KERNEL,
    dmi: str = "Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 02/22/2024",
) -> list[str]:
    evs = noise_events(rng, start, end, noise) + list(events or [])
    if with_boot and boot is not None:
        evs += boot_events(boot, host, rng, kver, dmi)
    return render_kernel(evs, style, host, boot)


def xid(bus: str, code: int, text: str, pid: int | None = None, name: str = "python3") -> str:
    who = f"pid={pid}, name={name}, " if pid else "pid='<unknown>', name=<unknown>, "
    return f"NVRM: Xid (PCI:0000:{bus}:00): {code}, {who}{text}"


def aer_corrected(bus: str) -> list[str]:
    return [
        f"pcieport 0000:{bus}:01.0: AER: Corrected error received: 0000:{bus}:01.0",
        f"pcieport 0000:{bus}:01.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
        f"pcieport 0000:{bus}:01.0:   device [8086:352a] error status/mask=00000001/00002000",
        f"pcieport 0000:{bus}:01.0:    [ 0] RxErr                  (First)",
    ]


# --------------------------------------------------------------------------------------------
# nvidia-smi
# --------------------------------------------------------------------------------------------

REASONS = [
    ("Idle", "idle"),
    ("Applications Clocks Setting", "app"),
    ("SW Power Cap", "sw_power"),
    ("HW Slowdown", "hw"),
    ("    HW Thermal Slowdown", "hw_thermal"),
    ("    HW Power Brake Slowdown", "hw_power"),
    ("Sync Boost", "sync"),
    ("SW Thermal Slowdown", "sw_thermal"),
    ("Display Clock Setting", "display"),
]


def _kv(indent: int, key: str, value: object, width: int = 38) -> str:
    pad = " " * indent
    return f"{pad}{key:<{width - indent}}: {value}"


def nvidia_smi_q(
    rng: random.Random,
    when: datetime,
    bus: list[str],
    *,
    driver: str = "550.90.07",
    cuda: str = "12.4",
    product: str = "NVIDIA H100 80GB HBM3",
    gpus: dict[int, dict[str, object]] | None = None,
    lost: list[int] | None = None,
    event_label: str = "Clocks Event Reasons",
    procs: dict[int, list[tuple[int, str, int]]] | None = None,
) -> list[str]:
    """Full ``nvidia-smi -q`` for all GPUs; per-GPU overrides in ``gpus``.

    override keys: temp, power, sm, mem_used, util, reasons (set of keys), ecc_vol (dict),
    ecc_agg (dict), remap (dict), width, gen, replays, pstate
    """
    gpus = gpus or {}
    lost = lost or []
    procs = procs or {}
    out = []
    for i in lost:
        out.append(
            f"Unable to determine the device handle for GPU0000:{bus[i].upper()}:00.0: Unknown Error"
        )
    out += [
        "",
        "==============NVSMI LOG==============",
        "",
        f"Timestamp                                 : {when:%a %b} {when.day:2d} {when:%H:%M:%S %Y}",
        f"Driver Version                            : {driver}",
        f"CUDA Version                              : {cuda}",
        "",
        f"Attached GPUs                             : {len(bus)}",
    ]
    total_mem = 81559 if "80GB" in product else 40960
    for i, b in enumerate(bus):
        if i in lost:
            continue
        o = gpus.get(i, {})
        temp = o.get("temp", rng.randint(38, 52))
        power = o.get("power", rng.uniform(560, 690))
        sm = o.get("sm", 1980)
        used = o.get("mem_used", rng.randint(60000, 74000))
        reasons = o.get("reasons", set())
        assert isinstance(reasons, set)
        ev = {"sram_c": 0, "sram_u": 0, "dram_c": 0, "dram_u": 0}
        ev.update(o.get("ecc_vol", {}))  # type: ignore[arg-type]
        ea = {"sram_c": 0, "sram_u": 0, "dram_c": 0, "dram_u": 0}
        ea.update(o.get("ecc_agg", {}))  # type: ignore[arg-type]
        rm = {"corr": 0, "unc": 0, "pending": "No", "failure": "No"}
        rm.update(o.get("remap", {}))  # type: ignore[arg-type]
        out += [
            f"GPU 00000000:{b.upper()}:00.0",
            _kv(4, "Product Name", product),
            _kv(4, "Product Brand", "NVIDIA"),
            _kv(4, "Product Architecture", "Hopper" if "H100" in product else "Ampere"),
            _kv(4, "Display Mode", "Enabled"),
            _kv(4, "Display Active", "Disabled"),
            _kv(4, "Persistence Mode", "Enabled"),
            _kv(4, "Addressing Mode", "None"),
            "    MIG Mode",
            _kv(8, "Current", "Disabled"),
            _kv(8, "Pending", "Disabled"),
            _kv(4, "Accounting Mode", "Disabled"),
            _kv(4, "Accounting Mode Buffer Size", 4000),
            _kv(4, "Serial Number", f"16520230{rng.randint(10000, 99999)}"),
            _kv(
                4,
                "GPU UUID",
                f"GPU-{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-"
                f"{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(48):012x}",
            ),
            _kv(4, "Minor Number", i),
            _kv(4, "VBIOS Version", "96.00.74.00.0D"),
            _kv(4, "MultiGPU Board", "No"),
            _kv(4, "Board ID", f"0x{b}00"),
            _kv(4, "Module ID", (i * 5 + 2) % 8 + 1),
            "    Inforom Version",
            _kv(8, "Image Version", "G520.0200.00.05"),
            _kv(8, "OEM Object", "2.1"),
            _kv(8, "ECC Object", "7.16"),
            _kv(8, "Power Management Object", "N/A"),
            "    PCI",
            _kv(8, "Bus", f"0x{b.upper()}"),
            _kv(8, "Device", "0x00"),
            _kv(8, "Domain", "0x0000"),
            _kv(8, "Device Id", "0x233010DE"),
            _kv(8, "Bus Id", f"00000000:{b.upper()}:00.0"),
            "        GPU Link Info",
            "            PCIe Generation",
            _kv(16, "Max", 5),
            _kv(16, "Current", o.get("gen", 5)),
            "            Link Width",
            _kv(16, "Max", "16x"),
            _kv(16, "Current", o.get("width", "16x")),
            _kv(8, "Replays Since Reset", o.get("replays", 0)),
            _kv(8, "Replay Number Rollovers", 0),
            _kv(8, "Tx Throughput", f"{rng.randint(300, 900)} KB/s"),
            _kv(8, "Rx Throughput", f"{rng.randint(5000, 20000)} KB/s"),
            _kv(4, "Fan Speed", "N/A"),
            _kv(4, "Performance State", o.get("pstate", "P0")),
            f"    {event_label}",
        ]
        for name, key in REASONS:
            out.append(
                _kv(
                    8,
                    name.strip() if not name.startswith("    ") else name,
                    "Active" if key in reasons else "Not Active",
                )
            )
        util = o.get("util", rng.randint(96, 100))
        out += [
            "    FB Memory Usage",
            _kv(8, "Total", f"{total_mem} MiB"),
            _kv(8, "Reserved", "551 MiB"),
            _kv(8, "Used", f"{used} MiB"),
            _kv(8, "Free", f"{total_mem - 551 - int(used)} MiB"),
            _kv(4, "Compute Mode", "Default"),
            "    Utilization",
            _kv(8, "Gpu", f"{util} %"),
            _kv(8, "Memory", f"{rng.randint(20, 45)} %"),
            "    ECC Mode",
            _kv(8, "Current", "Enabled"),
            _kv(8, "Pending", "Enabled"),
            "    ECC Errors",
            "        Volatile",
            _kv(12, "SRAM Correctable", ev["sram_c"]),
            _kv(12, "SRAM Uncorrectable Parity", 0),
            _kv(12, "SRAM Uncorrectable SEC-DED", ev["sram_u"]),
            _kv(12, "DRAM Correctable", ev["dram_c"]),
            _kv(12, "DRAM Uncorrectable", ev["dram_u"]),
            "        Aggregate",
            _kv(12, "SRAM Correctable", ea["sram_c"]),
            _kv(12, "SRAM Uncorrectable Parity", 0),
            _kv(12, "SRAM Uncorrectable SEC-DED", ea["sram_u"]),
            _kv(12, "DRAM Correctable", ea["dram_c"]),
            _kv(12, "DRAM Uncorrectable", ea["dram_u"]),
            "    Retired Pages",
            _kv(8, "Single Bit ECC", "N/A"),
            _kv(8, "Double Bit ECC", "N/A"),
            _kv(8, "Pending Page Blacklist", "N/A"),
            "    Remapped Rows",
            _kv(8, "Correctable Error", rm["corr"]),
            _kv(8, "Uncorrectable Error", rm["unc"]),
            _kv(8, "Pending", rm["pending"]),
            _kv(8, "Remapping Failure Occurred", rm["failure"]),
            "    Temperature",
            _kv(8, "GPU Current Temp", f"{temp} C"),
            _kv(8, "GPU T.Limit Temp", f"{87 - int(temp)} C"),
            _kv(8, "GPU Shutdown T.Limit Temp", "-8 C"),
            _kv(8, "GPU Slowdown T.Limit Temp", "-2 C"),
            _kv(8, "GPU Max Operating T.Limit Temp", "0 C"),
            _kv(8, "Memory Current Temp", f"{int(temp) + rng.randint(4, 9)} C"),
            "    GPU Power Readings",
            _kv(8, "Power Draw", f"{float(power):.2f} W"),
            _kv(8, "Current Power Limit", "700.00 W"),
            _kv(8, "Requested Power Limit", "700.00 W"),
            _kv(8, "Default Power Limit", "700.00 W"),
            "    Clocks",
            _kv(8, "Graphics", f"{sm} MHz"),
            _kv(8, "SM", f"{sm} MHz"),
            _kv(8, "Memory", "2619 MHz"),
            _kv(8, "Video", "1755 MHz"),
            "    Max Clocks",
            _kv(8, "Graphics", "1980 MHz"),
            _kv(8, "SM", "1980 MHz"),
            _kv(8, "Memory", "2619 MHz"),
            "    Processes",
        ]
        plist = procs.get(i)
        if plist is None:
            plist = [(rng.randint(20000, 90000), "/usr/bin/python3", int(used) - 600)]
        if not plist:
            out.append("        None")
        for pid, name, mem in plist:
            out += [
                _kv(8, "GPU instance ID", "N/A"),
                _kv(8, "Compute instance ID", "N/A"),
                _kv(8, "Process ID", pid),
                _kv(12, "Type", "C"),
                _kv(12, "Name", name),
                _kv(12, "Used GPU Memory", f"{mem} MiB"),
            ]
        out.append("")
    return out


def nvidia_smi_table(
    rng: random.Random,
    when: datetime,
    bus: list[str],
    rows: list[dict[str, object]],
    procs: list[tuple[int, int, str, int]],
    driver: str = "550.90.07",
    cuda: str = "12.4",
    product: str = "NVIDIA H100 80GB HBM3",
) -> list[str]:
    """Plain ``nvidia-smi`` table. rows: temp, power, mem, util; procs: (gpu, pid, name, MiB)."""
    out = [
        f"{when:%a %b} {when.day:2d} {when:%H:%M:%S %Y}       ",
        "+-----------------------------------------------------------------------------------------+",
        f"| NVIDIA-SMI {driver}              Driver Version: {driver}      CUDA Version: {cuda}     |",
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|=========================================+========================+======================|",
    ]
    for i, b in enumerate(bus):
        r = rows[i] if i < len(rows) else {}
        temp = r.get("temp", rng.randint(38, 50))
        power = r.get("power", rng.randint(560, 690))
        mem = r.get("mem", rng.randint(60000, 74000))
        util = r.get("util", rng.randint(96, 100))
        ecc = r.get("ecc", 0)
        out += [
            f"|   {i}  {product[:20]:<20}           On  |   00000000:{b.upper()}:00.0 Off |"
            f"                   {ecc:>2} |",
            f"| N/A   {temp}C    P0            {power}W /  700W |  {mem:>6}MiB /  81559MiB |"
            f"    {util:>3}%      Default |",
            "|                                         |                        |             Disabled |",
            "+-----------------------------------------+------------------------+----------------------+",
        ]
    out += [
        "",
        "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|        ID   ID                                                               Usage      |",
        "|=========================================================================================|",
    ]
    for gpu, pid, name, mem in procs:
        out.append(f"|    {gpu}   N/A  N/A    {pid:>7}      C   {name[:40]:<40}  {mem:>6}MiB |")
    out.append(
        "+-----------------------------------------------------------------------------------------+"
    )
    return out


def nvlink_errors(gpus: int, bad: dict[tuple[int, int], dict[str, int]] | None = None) -> list[str]:
    """``nvidia-smi nvlink -e`` style counters."""
    bad = bad or {}
    out = []
    for g in range(gpus):
        out.append(f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-{g:08x}-5d1a-7c2e-9a41-0b3f{g:08x})")
        for link in range(18):
            c = bad.get((g, link), {})
            out += [
                f"\t Link {link}: Replay Errors: {c.get('replay', 0)}",
                f"\t Link {link}: Recovery Errors: {c.get('recovery', 0)}",
                f"\t Link {link}: CRC Errors: {c.get('crc', 0)}",
            ]
    return out


def nvlink_status(gpus: int, inactive: dict[int, list[int]] | None = None) -> list[str]:
    inactive = inactive or {}
    out = []
    for g in range(gpus):
        out.append(f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-{g:08x}-77aa-41c2-8e10-c5d2{g:08x})")
        for link in range(18):
            if link in inactive.get(g, []):
                out.append(f"\t Link {link}: <inactive>")
            else:
                out.append(f"\t Link {link}: 26.562 GB/s")
    return out


# --------------------------------------------------------------------------------------------
# DCGM
# --------------------------------------------------------------------------------------------


def dcgmi_diag(
    results: dict[str, str], gpus: int = 8, version: str = "3.3.6", driver: str = "550.90.07"
) -> list[str]:
    def row(k: str, v: str) -> str:
        return f"| {k:<25} | {v:<46} |"

    sep = "+---------------------------+------------------------------------------------+"
    get = lambda k: results.get(k, "Pass")  # noqa: E731
    return [
        "Successfully ran diagnostic for group.",
        sep,
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        row("DCGM Version", version),
        row("Driver Version Detected", driver),
        row("GPU Device IDs Detected", ",".join(["2330"] * gpus)),
        "|-----  Deployment  --------+------------------------------------------------|",
        row("Denylist", get("Denylist")),
        row("NVML Library", "Pass"),
        row("CUDA Main Library", "Pass"),
        row("Permissions and OS Blocks", "Pass"),
        row("Persistence Mode", "Pass"),
        row("Environment Variables", "Pass"),
        row("Page Retirement/Row Remap", get("Page Retirement/Row Remap")),
        row("Graphics Processes", get("Graphics Processes")),
        row("Inforom", "Pass"),
        "+-----  Integration  -------+------------------------------------------------+",
        row("PCIe", get("PCIe")),
        "+-----  Hardware  ----------+------------------------------------------------+",
        row("GPU Memory", get("GPU Memory")),
        "+-----  Stress  ------------+------------------------------------------------+",
        row("Targeted Stress", get("Targeted Stress")),
        row("Targeted Power", get("Targeted Power")),
        row("Memory Bandwidth", get("Memory Bandwidth")),
        sep,
    ]


def smi_query_csv(
    rng: random.Random,
    start: datetime,
    samples: int,
    gpus: int,
    every_s: int,
    per_gpu: Callable[[int, int], tuple[int, float, int, int]],
) -> list[str]:
    """nvidia-smi --query-gpu=... -l N. per_gpu(sample, gpu) -> (temp, power, sm_clock, reasons_bitmask)."""
    names = {
        0x0: "Not Active",
    }
    out = [
        "timestamp, index, temperature.gpu, power.draw [W], clocks.current.sm [MHz], "
        "clocks_event_reasons.active, clocks_event_reasons.hw_slowdown, "
        "clocks_event_reasons.hw_thermal_slowdown, clocks_event_reasons.hw_power_brake_slowdown"
    ]
    for s in range(samples):
        t = start + timedelta(seconds=s * every_s)
        for g in range(gpus):
            temp, power, sm, mask = per_gpu(s, g)
            hw = "Active" if mask & 0x8 else names[0]
            th = "Active" if mask & 0x40 else names[0]
            pb = "Active" if mask & 0x80 else names[0]
            out.append(
                f"{t:%Y/%m/%d %H:%M:%S}.{rng.randint(0, 999):03d}, {g}, {temp}, {power:.2f} W, {sm} MHz, "
                f"0x{mask:016X}, {hw}, {th}, {pb}"
            )
    return out


# --------------------------------------------------------------------------------------------
# InfiniBand / network / host tools
# --------------------------------------------------------------------------------------------


def ibstat(ports: list[tuple[str, str, str, int]], rng: random.Random) -> list[str]:
    """ports: (ca, state, physical_state, rate)."""
    out = []
    for ca, state, phys, rate in ports:
        out += [
            f"CA '{ca}'",
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.1002",
            "\tHardware version: 0",
            f"\tNode GUID: 0x{rng.getrandbits(64):016x}",
            f"\tSystem image GUID: 0x{rng.getrandbits(64):016x}",
            "\tPort 1:",
            f"\t\tState: {state}",
            f"\t\tPhysical state: {phys}",
            f"\t\tRate: {rate}",
            f"\t\tBase lid: {rng.randint(10, 4000)}",
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            f"\t\tPort GUID: 0x{rng.getrandbits(64):016x}",
            "\t\tLink layer: InfiniBand",
        ]
    return out


def ib_counters(host: str, hcas: int, bad: dict[int, dict[str, int]] | None = None) -> list[str]:
    bad = bad or {}
    out = [f"# perfquery -x on {host} (per HCA port 1)"]
    for i in range(hcas):
        c = bad.get(i, {})
        out += [
            f"# Port extended counters: Lid 0 port 1 (CapMask: 0x5A00)  mlx5_{i}",
            f"SymbolErrorCounter:..............{c.get('symbol', 0)}",
            f"LinkErrorRecoveryCounter:........{c.get('recovery', 0)}",
            f"LinkDownedCounter:...............{c.get('downed', 0)}",
            f"PortRcvErrors:...................{c.get('rcv', 0)}",
            "PortRcvRemotePhysicalErrors:.....0",
            "PortXmitDiscards:................0",
            f"PortXmitWait:....................{c.get('xmitwait', 1200 + i * 37)}",
            f"PortXmitData:....................{812345678901 + i * 1234567}",
            f"PortRcvData:.....................{812340078101 + i * 7654321}",
        ]
    return out


def ip_addr(ifaces: list[tuple[str, str, str]]) -> list[str]:
    """``ip -br addr``: (name, state, cidr)."""
    return [
        f"{n:<16} {s:<14} {a}" for n, s, a in [("lo", "UNKNOWN", "127.0.0.1/8 ::1/128"), *ifaces]
    ]


def df_h(rows: list[tuple[str, str, str, str, str, str]]) -> list[str]:
    out = ["Filesystem                 Size  Used Avail Use% Mounted on"]
    for fs, size, used, avail, pct, mnt in rows:
        out.append(f"{fs:<26} {size:>4} {used:>5} {avail:>5} {pct:>4} {mnt}")
    return out


def free_g(total: int, used: int, shared: int, cache: int) -> list[str]:
    free = max(total - used - cache, 1)
    return [
        "               total        used        free      shared  buff/cache   available",
        f"Mem:            {total:>4}Gi       {used:>4}Gi       {free:>4}Gi       {shared:>4}Gi       "
        f"{cache:>4}Gi       {max(total - used, 1):>4}Gi",
        "Swap:              0B          0B          0B",
    ]


def py_spy(
    pid: int, cmd: str, threads: list[tuple[int, str, list[str]]], py: str = "3.10.12"
) -> list[str]:
    out = [f"Process {pid}: {cmd}", f"Python v{py} (/usr/bin/python3.10)", ""]
    for tid, name, frames in threads:
        out.append(
            f'Thread {tid} (active): "{name}"'
            if name == "MainThread"
            else f'Thread {tid} (idle): "{name}"'
        )
        out += [f"    {f}" for f in frames]
        out.append("")
    return out
