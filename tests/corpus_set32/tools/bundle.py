"""Higher-level bundle pieces shared by the case modules."""
from common import (BUS, GPU_NAME, T, sec, kernel_boot, kernel_noise, render_kernel,
                    nvidia_smi, glog_py, pylog, df_out)


def write_kernel(c, rel, host, boot, gpu, driver, start, end, style="up", events=(),
                 nics=8, fs="lustre", arch="x86_64", noise=True, header=None, kver="5.15.0-131-generic"):
    ev = [(t, m) for (t, u, m) in kernel_boot(c.rng, host, boot, gpu=gpu, driver=driver,
                                              nics=nics, fs=fs, arch=arch, kver=kver)]
    if noise:
        ev += kernel_noise(c.rng, boot + sec(600), end, host)
    ev += list(events)
    lines = render_kernel(ev, boot, style, host)
    if header:
        lines = header + lines
    c.write(rel, lines)


def torchrun_banner(t, pid=4127, nnodes=4, nproc=8, rdzv="c10d", endpoint="10.0.0.1:29500", log_dir=None):
    p = f"{glog_py(t, 'W')} {pid} torch/distributed/run.py:793]"
    L = [f"{p} ", f"{p} *****************************************",
         f"{p} Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
         f"{p} *****************************************"]
    q = f"{glog_py(t + sec(0.4), 'I')} {pid} torch/distributed/launcher/api.py:194]"
    L += [f"{q} Starting elastic_operator with launch configs:",
          f"{q}   entrypoint       : train.py",
          f"{q}   min_nodes        : {nnodes}", f"{q}   max_nodes        : {nnodes}",
          f"{q}   nproc_per_node   : {nproc}", f"{q}   run_id           : job",
          f"{q}   rdzv_backend     : {rdzv}", f"{q}   rdzv_endpoint    : {endpoint}",
          f"{q}   rdzv_configs     : {{'timeout': 900}}", f"{q}   max_restarts     : 0",
          f"{q}   monitor_interval : 0.1",
          f"{q}   log_dir          : {log_dir or 'None'}", f"{q}   metrics_cfg      : {{}}", f"{q} "]
    return L


def nvsmi_q_ecc(gpu_index, bus, volatile_unc=0, agg_unc=0, corr=0, rr_corr=0, rr_unc=0,
                pending="No", failure="No", hist=None):
    hist = hist or {"Max": 640, "High": 0, "Partial": 0, "Low": 0, "None": 0}
    return [f"GPU {bus.upper().replace('0000:', '00000000:')}",
            "    ECC Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            f"            SRAM Correctable              : 0",
            f"            SRAM Uncorrectable Parity     : 0",
            f"            SRAM Uncorrectable SEC-DED    : 0",
            f"            DRAM Correctable              : {corr}",
            f"            DRAM Uncorrectable            : {volatile_unc}",
            "        Aggregate",
            f"            SRAM Correctable              : 0",
            f"            SRAM Uncorrectable Parity     : 0",
            f"            SRAM Uncorrectable SEC-DED    : 0",
            f"            DRAM Correctable              : {corr + 3}",
            f"            DRAM Uncorrectable            : {agg_unc}",
            "            SRAM Threshold Exceeded       : No",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            f"        Correctable Error                 : {rr_corr}",
            f"        Uncorrectable Error               : {rr_unc}",
            f"        Pending                           : {pending}",
            f"        Remapping Failure Occurred        : {failure}",
            "        Bank Remap Availability Histogram",
            f"            Max                           : {hist['Max']} bank(s)",
            f"            High                          : {hist['High']} bank(s)",
            f"            Partial                       : {hist['Partial']} bank(s)",
            f"            Low                           : {hist['Low']} bank(s)",
            f"            None                          : {hist['None']} bank(s)",
            ""]


def slurm_env(jobid, nodes, ntasks_per_node=1):
    return [f"SLURM_JOB_ID={jobid}", f"SLURM_JOB_NODELIST={nodes}",
            f"SLURM_NNODES={len(nodes.split(','))}", f"SLURM_NTASKS_PER_NODE={ntasks_per_node}",
            "SLURM_GPUS_ON_NODE=8", "SLURM_CPUS_ON_NODE=224"]


def ps_listing(rng, procs, base_pid=4100):
    """procs: list of (user, pid, state, pct_cpu, rss_gib, etime, cmd)."""
    L = ["USER         PID STAT %CPU %MEM    RSS     ELAPSED COMMAND",
         "root           1 Ss    0.0  0.0  13312 13-02:11:48 /sbin/init",
         "root        1422 Ss    0.0  0.0 101244 13-02:11:45 /lib/systemd/systemd-journald",
         "root        2211 Ssl   0.3  0.0  62412 13-02:11:40 /usr/sbin/slurmd -D",
         "root        2230 Ssl   0.1  0.0 412300 13-02:11:39 /usr/bin/nv-hostengine -n --service-account nvidia-dcgm",
         "root        2301 Ssl   0.0  0.0  98112 13-02:11:39 /usr/bin/nvidia-persistenced --user nvidia-persistenced"]
    for (u, pid, st, cpu, rss, et, cmd) in procs:
        L.append(f"{u:<12} {pid:>5} {st:<4} {cpu:>5.1f} {rss * 100 / 2048:>4.1f} {int(rss * 1048576):>8} {et:>11} {cmd}")
    return L
