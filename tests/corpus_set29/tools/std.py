"""One parametrised 'standard' failing run, reused by most cases."""
from common import Bundle, Job, D, sec, rng_for, set_label
from noise import make_nodes, P, port_flap
from scen import base_run, cascade, origin_abort

PGS = "ProcessGroupNCCL.cpp"


def run(b, rng, names, subnet, t0, it_s, step0, fail_step, culprit, local, *, kern=(),
        origin=(), origin_code=-6, mode="watchdog", timeout_ms=600000, fmt="compact", every=10,
        total=250000, prefix="", kstyle="dmesg_T", kfile="dmesg.txt", console="torchrun.log",
        overrides=None, extra_noise=None, jobid=4410021, locals_die=None, xid_prev=None,
        slurm_file="slurm-%d.out", order=None, ns=False, fail_off=0.6, seq_base=7, rank0_file="train_rank0.log",
        restart_count=0, teardown=True, boot=None, state="FAILED", loss0=3.2, slow=None, nan_from=None,
        remote_kind="ib", origin_silent=False):
    """Build one attempt into bundle b.  kern: list of (offset_s_from_fail, msg) on culprit's kernel log
    (offset may be negative).  origin: list of (src, msg) lines for the first failing rank."""
    boot = boot or (t0 - sec(9 * 86400 + 3721))
    nodes = make_nodes(order or names, subnet, kstyle=kstyle, kfile=kfile, boot=boot, console=console,
                       overrides=overrides)
    job = Job(nodes, t0, it_s, step0, jobid=jobid)
    base_run(b, job, prefix, rng, fail_step, fmt=fmt, every=every, total=total, extra_noise=extra_noise,
             rank0_file=rank0_file, restart_count=restart_count, ns=ns, loss0=loss0, slow=slow, nan_from=nan_from)
    tf = job.at(fail_step) + sec(fail_off)
    seq = fail_step * seq_base + 3
    if culprit is None:
        return job, tf, seq
    cn = job.by_name[culprit]
    for off, msg in kern:
        t = tf + sec(off)
        b.add(P(prefix, cn, cn.kfile), t, cn.kline(t, msg))
    if origin:
        origin_abort(b, job, prefix, cn, local, tf, origin, ns=ns)
    batch = job.nodes[0]
    last = cascade(b, job, prefix, cn, local, tf, seq, origin_code=origin_code, mode=mode,
                   timeout_ms=timeout_ms, ns=ns, slurm=(batch, slurm_file % jobid) if slurm_file else None,
                   teardown_xid=teardown, origin_locals_die=locals_die, xid_prev=xid_prev, state=state,
                   remote_kind=remote_kind, origin_silent=origin_silent)
    return job, tf, seq


def cuda_err(rank, err, pg_line=1748):
    return [(PGS + ":%d" % pg_line, "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n" % (rank, err)),
            (None, "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):\nframe #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c2b9446 in /opt/venv/lib/python3.11/site-packages/torch/lib/libc10.so)\nframe #1: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f39d1a4e1a6 in /opt/venv/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)\nframe #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f39d1a550c3 in /opt/venv/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)\n"),
            (None, "terminate called after throwing an instance of 'c10::DistBackendError'")]


def nvsmi_q(gpus, *, remap=None, ecc=None, slowdown=None, lost=None, procs=None, temp=None, clocks=None):
    """Minimal nvidia-smi -q excerpt for a node.  remap: {local: (corr, unc, pending, failure)}"""
    out = ["==============NVSMI LOG==============", "", "Timestamp                                 : (see file mtime)",
           "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
           "Attached GPUs                             : %d" % gpus]
    bus = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
           "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    for l in range(gpus):
        if lost and l in lost:
            out.append("GPU %s" % bus[l])
            out.append("    Product Name                          : Unknown Error")
            continue
        out.append("GPU %s" % bus[l])
        out.append("    Product Name                          : NVIDIA H100 80GB HBM3")
        out.append("    Minor Number                          : %d" % l)
        c, u, p, fl = (remap or {}).get(l, (0, 0, "No", "No"))
        e = (ecc or {}).get(l, (0, 0))
        sd = (slowdown or {}).get(l, False)
        out.append("    Clocks Event Reasons")
        out.append("        Idle                              : Not Active")
        out.append("        SW Power Cap                      : Not Active")
        out.append("        HW Slowdown                       : %s" % ("Active" if sd else "Not Active"))
        out.append("            HW Thermal Slowdown           : %s" % ("Active" if sd else "Not Active"))
        out.append("            HW Power Brake Slowdown       : Not Active")
        out.append("        SW Thermal Slowdown               : %s" % ("Active" if sd else "Not Active"))
        out.append("    ECC Errors")
        out.append("        Volatile")
        out.append("            SRAM Correctable              : 0")
        out.append("            SRAM Uncorrectable            : 0")
        out.append("            DRAM Correctable              : %d" % e[0])
        out.append("            DRAM Uncorrectable            : %d" % e[1])
        out.append("    Remapped Rows")
        out.append("        Correctable Error                 : %d" % c)
        out.append("        Uncorrectable Error               : %d" % u)
        out.append("        Pending                           : %s" % p)
        out.append("        Remapping Failure Occurred        : %s" % fl)
        out.append("    Temperature")
        out.append("        GPU Current Temp                  : %d C" % ((temp or {}).get(l, 41 + l % 5)))
        out.append("        GPU Shutdown Temp                 : 92 C")
        out.append("        GPU Slowdown Temp                 : 89 C")
        out.append("    Clocks")
        out.append("        SM                                : %d MHz" % ((clocks or {}).get(l, 1980)))
        pr = (procs or {}).get(l)
        out.append("    Processes")
        if pr:
            for pid, name, mem in pr:
                out.append("        Process ID                        : %d" % pid)
                out.append("            Type                          : C")
                out.append("            Name                          : %s" % name)
                out.append("            Used GPU Memory               : %d MiB" % mem)
        else:
            out.append("                                          : None")
    return "\n".join(out)
