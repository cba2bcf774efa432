"""Bundle container and reusable pieces of a multi-node torchrun job log."""

import random

import logkit as L


class Bundle:
    def __init__(self, name, seed):
        self.name = name
        self.rng = random.Random(seed)
        self.files = {}
        self.label = None
        self.topology = None

    def put(self, path, content):
        if isinstance(content, (list, tuple)):
            content = L.join(content)
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = content

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def pids(self, n, lo=20000, hi=240000):
        base = self.rng.randrange(lo, hi)
        return [base + 3 * i + self.rng.randrange(0, 2) for i in range(n)]


class Timeline:
    """Collects (time, lines) chunks for one log file and renders them in time order."""

    def __init__(self):
        self.chunks = []
        self._seq = 0

    def add(self, t, lines):
        if isinstance(lines, str):
            lines = [lines]
        self.chunks.append((t, self._seq, list(lines)))
        self._seq += 1

    def render(self):
        out = []
        for _, _, lines in sorted(self.chunks, key=lambda c: (c[0], c[1])):
            out.extend(lines)
        return out


def agent_start(b, host, t, apid, *, entry, nnodes, nproc, run_id, endpoint, master, port, group_rank,
                restart_count=0, max_restarts=0, backend="c10d", join_delay=2.0, world_nodes=None):
    """Banner, launch config, rendezvous join and result for one node's torchrun agent."""
    world_nodes = world_nodes or (nnodes if isinstance(nnodes, int) else nnodes[1])
    lines = L.torchrun_banner(t, apid, nproc)
    lines += L.launch_configs(t, apid, entry=entry, nnodes=nnodes, nproc=nproc, run_id=run_id,
                              backend=backend, endpoint=endpoint, max_restarts=max_restarts)
    lines.append(f"{L.glog('I', t, apid, L.ELASTIC_API + ':867')} [default] starting workers for entrypoint: python3")
    lines.append(f"{L.glog('I', t, apid, L.ELASTIC_API + ':677')} [default] Rendezvous'ing worker group")
    node_id = f"{host}_{apid}_0"
    lines.append(f"{L.glog('I', t, apid, 'torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1147')} "
                 f"The node '{node_id}' attempts to join the next round of the rendezvous '{run_id}'.")
    t2 = L.plus(t, seconds=join_delay)
    lines.append(f"{L.glog('I', t2, apid, 'torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1173')} "
                 f"The node '{node_id}' has joined round {restart_count} of the rendezvous '{run_id}' as rank {group_rank} "
                 f"in a world of size {world_nodes}.")
    lines += L.rdzv_result(t2, apid, restart_count=restart_count, master=master, port=port,
                           group_rank=group_rank, group_world=world_nodes, nproc=nproc)
    return lines


def megatron_progress(rng, t0, it0, it1, *, every=10, total=500000, ms=1650.0, gbs=1024, lr0=2.9e-4,
                      loss0=2.2, loss_slope=2e-6, tflops=395.0, jitter=0.02, grad=0.24):
    """List of (t, line) every `every` iterations from it0 (exclusive) to it1 (inclusive)."""
    out = []
    t = t0
    it = it0
    while it + every <= it1:
        it += every
        step_ms = ms * (1 + rng.uniform(-jitter, jitter))
        t = L.plus(t, seconds=step_ms * every / 1000.0)
        loss = loss0 - loss_slope * (it - it0) + rng.uniform(-0.035, 0.035)
        lr = lr0 * (1 - 0.1 * it / total)
        gn = grad * (1 + rng.uniform(-0.15, 0.15))
        out.append((t, L.megatron_iter(t, it, total, loss=loss, lr=lr, ms=step_ms, gbs=gbs,
                                       tflops=tflops * (1 + rng.uniform(-jitter, jitter)), grad_norm=gn)))
    return out, t


def benign_boot_dmesg(host, pcis, driver="550.54.15", hcas=("0000:0c:00.0", "0000:2a:00.0"), ib_names=None):
    """(uptime_seconds, text) pairs typical of a GPU node's boot."""
    ib_names = ib_names or [f"ibp{int(h.split(':')[1], 16)}s0" for h in hcas]
    ev = [
        (3.114201, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #115-Ubuntu SMP"),
        (3.402876, "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=3b1e1c1a-8a0e-4f55-9d3b-1d0f1c2d2e77 ro iommu=pt pci=realloc"),
        (9.552310, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
        (14.880312, f"nvidia: loading out-of-tree module taints kernel."),
        (15.020997, f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Tue Mar  5 22:23:56 UTC 2024"),
        (15.210455, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"),
    ]
    for i, h in enumerate(hcas):
        ev.append((16.1 + i * 0.21, f"mlx5_core {h}: firmware version: 28.39.1002"))
        ev.append((16.2 + i * 0.21, f"mlx5_core {h}: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps"))
    ev.append((21.771043, "infiniband mlx5_0: mlx5_ib_add: mlx5_ib_add_stage:4200:(pid 1187): configured eswitch"))
    for i, n in enumerate(ib_names):
        ev.append((27.3 + i * 0.05, f"IPv6: ADDRCONF(NETDEV_CHANGE): {n}: link becomes ready"))
    ev.append((31.004812, "nvidia-fabricmanager: loaded fabric state for 4 NVSwitches"))
    ev.append((33.402219, "Lustre: Lustre: Build Version: 2.15.4"))
    return ev


def render_dmesg(style, host, boot, events, tzinfo=None):
    """events: list of (uptime_seconds, text).  style: up | T | journal | syslog."""
    out = []
    for up, text in sorted(events, key=lambda e: e[0]):
        t = L.plus(boot, seconds=up)
        if tzinfo is not None:
            t = t.astimezone(tzinfo)
        if style == "up":
            out.append(f"{L.dmesg_up(up)} {text}")
        elif style == "T":
            out.append(f"{L.dmesg_T(t)} {text}")
        elif style == "journal":
            out.append(f"{L.journal(t, host)} {text}")
        elif style == "syslog":
            out.append(f"{L.syslog(t, host)} {text}")
        else:
            raise ValueError(style)
    return out


def up_at(boot, t):
    return (t - boot).total_seconds()


def nvsmi_q_gpu(*, idx, bus, serial, uuid, driver="550.54.15", cuda="12.4", name="NVIDIA H100 80GB HBM3",
                remap_corr=0, remap_unc=0, pending="No", failure="No", sbe_vol=0, dbe_vol=0, sbe_agg=0, dbe_agg=0,
                throttle=None, temp=41, power="112.37 W", sm_clock="1980 MHz", mem_used="0 MiB",
                procs=None):
    throttle = throttle or {}
    def act(k):
        return "Active" if throttle.get(k) else "Not Active"
    lines = [
        f"GPU {bus}",
        f"    Product Name                          : {name}",
        f"    Product Brand                         : NVIDIA",
        f"    Serial Number                         : {serial}",
        f"    GPU UUID                              : {uuid}",
        f"    Minor Number                          : {idx}",
        f"    Bus Id                                : {bus}",
        f"    FB Memory Usage",
        f"        Total                             : 81559 MiB",
        f"        Reserved                          : 328 MiB",
        f"        Used                              : {mem_used}",
        f"    Clocks Event Reasons",
        f"        Idle                              : {act('idle')}",
        f"        Applications Clocks Setting       : Not Active",
        f"        SW Power Cap                      : {act('sw_power')}",
        f"        HW Slowdown                       : {act('hw')}",
        f"            HW Thermal Slowdown           : {act('hw_thermal')}",
        f"            HW Power Brake Slowdown       : {act('hw_power_brake')}",
        f"        Sync Boost                        : Not Active",
        f"        SW Thermal Slowdown               : {act('sw_thermal')}",
        f"        Display Clock Setting             : Not Active",
        f"    ECC Mode",
        f"        Current                           : Enabled",
        f"        Pending                           : Enabled",
        f"    ECC Errors",
        f"        Volatile",
        f"            SRAM Correctable              : {sbe_vol}",
        f"            SRAM Uncorrectable Parity     : 0",
        f"            SRAM Uncorrectable SEC-DED    : 0",
        f"            DRAM Correctable              : 0",
        f"            DRAM Uncorrectable            : {dbe_vol}",
        f"        Aggregate",
        f"            SRAM Correctable              : {sbe_agg}",
        f"            SRAM Uncorrectable Parity     : 0",
        f"            SRAM Uncorrectable SEC-DED    : 0",
        f"            DRAM Correctable              : 0",
        f"            DRAM Uncorrectable            : {dbe_agg}",
        f"    Retired Pages",
        f"        Single Bit ECC                    : N/A",
        f"        Double Bit ECC                    : N/A",
        f"        Pending Page Blacklist            : N/A",
        f"    Remapped Rows",
        f"        Correctable Error                 : {remap_corr}",
        f"        Uncorrectable Error               : {remap_unc}",
        f"        Pending                           : {pending}",
        f"        Remapping Failure Occurred        : {failure}",
        f"        Bank Remap Availability Histogram",
        f"            Max                           : {639 - remap_corr - remap_unc} bank(s)",
        f"            High                          : {1 if remap_corr + remap_unc else 0} bank(s)",
        f"            Partial                       : 0 bank(s)",
        f"            Low                           : 0 bank(s)",
        f"            None                          : 0 bank(s)",
        f"    Temperature",
        f"        GPU Current Temp                  : {temp} C",
        f"        GPU T.Limit Temp                  : {87 - temp} C",
        f"        Memory Current Temp               : {temp + 6} C",
        f"    GPU Power Readings",
        f"        Power Draw                        : {power}",
        f"        Current Power Limit               : 700.00 W",
        f"    Clocks",
        f"        Graphics                          : {sm_clock}",
        f"        SM                                : {sm_clock}",
        f"        Memory                            : 2619 MHz",
        f"    Max Clocks",
        f"        Graphics                          : 1980 MHz",
        f"        SM                                : 1980 MHz",
        f"        Memory                            : 2619 MHz",
    ]
    if procs:
        lines.append("    Processes")
        for pid, pname, used in procs:
            lines += [
                f"        GPU instance ID                   : N/A",
                f"        Compute instance ID               : N/A",
                f"        Process ID                        : {pid}",
                f"            Type                          : C",
                f"            Name                          : {pname}",
                f"            Used GPU Memory               : {used}",
            ]
    else:
        lines.append("    Processes                             : None")
    lines.append("")
    return lines


def nvsmi_q_header(t, driver="550.54.15", cuda="12.4", ngpu=8):
    return [
        "",
        "==============NVSMI LOG==============",
        "",
        f"Timestamp                                 : {t:%a %b %d %H:%M:%S %Y}",
        f"Driver Version                            : {driver}",
        f"CUDA Version                              : {cuda}",
        "",
        f"Attached GPUs                             : {ngpu}",
    ]


H100_BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
            "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
A100_BUS = ["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0", "00000000:4E:00.0",
            "00000000:87:00.0", "00000000:90:00.0", "00000000:B7:00.0", "00000000:BD:00.0"]


def pci_short(bus):
    """00000000:5D:00.0 -> 0000:5d:00"""
    dom, b, rest = bus.split(":")
    return f"{dom[-4:]}:{b.lower()}:{rest.split('.')[0]}"
