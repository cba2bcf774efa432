"""w38-w40: health-check output (dcgmi diag text/JSON, gpud/NPD) mixed with training logs."""

import json

from common import (
    PCI,
    Bundle,
    Clock,
    Job,
    Log,
    fail_pattern,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    progress,
    smi_q,
    startup,
    sysfile,
    ts_py,
    ts_slurm,
    ts_iso_ms,
)
from cases_gpu import _not_first, _xid


def _dcgmi_table(rows):
    out = [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.5                                          |",
        "| Driver Version Detected   | 535.161.08                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
    ]
    for sect, items in rows:
        out.append(
            "+-----  %-18s+------------------------------------------------+"
            % (sect + "  ").ljust(18, "-")
        )
        for name, res in items:
            first = True
            for chunk in [res[i : i + 46] for i in range(0, len(res), 46)] or [""]:
                out.append("| %-25s | %-46s |" % (name if first else "", chunk))
                first = False
    out.append("+---------------------------+------------------------------------------------+")
    return out


def w38_prolog_dcgmi_memory_fail(rng):
    b = Bundle("w38_prolog_dcgmi_memory_fail")
    hosts = hostnames(rng, "nid", 4)
    job = Job(rng, hosts, order=sorted(hosts))
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(6000000, 7000000)
    bad = rng.choice(job.order[1:])
    gpu = rng.randint(0, 7)
    log.add(
        clock.t(0),
        job.order[0],
        None,
        [
            "srun: job %d queued and waiting for resources" % jobid,
            "srun: job %d has been allocated resources" % jobid,
            "srun: error: Task launch for StepId=%d.0 failed on node %s: Prolog failed"
            % (jobid, bad),
            "srun: error: Application launch failed: Prolog failed",
            "srun: Job step aborted",
            "srun: error: Job %d requeued: prolog failure on %s" % (jobid, bad),
        ],
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        ok = h != bad
        rows = [
            (
                "Deployment",
                [
                    ("Software", "Pass"),
                    ("Environment Variables", "Pass"),
                    ("Page Retirement/Row Remap", "Pass" if ok else "Fail - GPU: %d" % gpu),
                    ("Persistence Mode", "Pass"),
                ],
            ),
            ("Integration", [("PCIe", "Pass - All")]),
            (
                "Hardware",
                [("GPU Memory", "Pass - All" if ok else "Fail - GPU: %d" % gpu)]
                + (
                    []
                    if ok
                    else [
                        (
                            "Warning",
                            "GPU %d Pending row remap or failed row remap detected; Uncorrectable "
                            "ECC errors (DBE) found in GPU memory. Drain the GPU and reset it or "
                            "reboot the node." % gpu,
                        )
                    ]
                ),
            ),
        ]
        out = [
            "## prolog %s job %d node %s" % (ts_slurm(clock.t(-40)), jobid, h),
            "+ dcgmi diag -r 2",
        ] + _dcgmi_table(rows)
        out.append(
            "prolog: health check %s (rc=%d)"
            % ("passed" if ok else "FAILED, draining node", 0 if ok else 1)
        )
        sysfile(b, h, out, "slurm-prolog.log")
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + 10, 8)
        if not ok:
            k.append(
                (
                    boot - 2900,
                    _xid(
                        PCI[gpu],
                        48,
                        None,
                        None,
                        "An uncorrectable double bit error (DBE) has been "
                        "detected on GPU in the framebuffer at partition 2, subpartition 0.",
                    ),
                )
            )
            k.append(
                (
                    boot - 2899,
                    _xid(
                        PCI[gpu],
                        63,
                        None,
                        None,
                        "Row Remapper: New row (0x0000000009f13a20) marked "
                        "for remapping, reset gpu to activate.",
                    ),
                )
            )
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
    sysfile(
        b,
        job.order[0],
        [
            "[%s] error: prolog_complete: JobId=%d prolog failed status=1:0 on %s"
            % (ts_slurm(clock.t(2)), jobid, bad),
            "[%s] update_node: node %s reason set to: Prolog error (dcgmi diag memory GPU %d)"
            % (ts_slurm(clock.t(2)), bad, gpu),
            "[%s] update_node: node %s state set to DRAINED" % (ts_slurm(clock.t(2)), bad),
            "[%s] Requeuing JobId=%d" % (ts_slurm(clock.t(3)), jobid),
        ],
        "slurmctld-excerpt.log",
    )
    b.label(
        "gpu_memory",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "The job never started: the prolog health check on %s failed dcgmi diag (GPU Memory and row-remap check "
        "fail on GPU %d, earlier Xid 48/63 in dmesg) and Slurm drained the node and requeued the job. No rank ran, "
        "so no rank is named; run again without that node." % (bad, gpu),
        "https://github.com/NVIDIA/go-dcgm/issues/52",
    )
    return b


def w39_epilog_dcgmi_json_xid94(rng):
    b = Bundle("w39_epilog_dcgmi_json_xid94")
    hosts = hostnames(rng, "gpu-node", 3)
    job = Job(rng, hosts, torch2=False, nccl="2.14.3+cuda11.8")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 30000 + rng.uniform(0, 8000)
    progress(log, job, clock, rng, 100, T, 10, 3.3, style="simple")
    bad = _not_first(rng, job)
    loc = 2
    r = job.rank(bad, loc)
    lines = job.cuda_error_trace(
        r, "uncorrectable ECC error encountered", where="attn_out = flash_attn_func(q, k, v)"
    )
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        bad,
        {loc: lines},
        culprit_locals=(loc,),
        victims="watchdog",
        timeout_s=1800,
    )
    log.render(b, "plain", fname="train.err")
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 1900, 10)
        if h == bad:
            k += [
                (
                    boot + T - 0.1,
                    _xid(PCI[loc], 94, job.pid[(h, loc)], "python", "Contained ECC error."),
                ),
                (
                    boot + T - 0.1,
                    "NVRM: GPU %s.0: GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset "
                    "Required)" % PCI[loc],
                ),
            ]
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
        res = {
            "DCGM GPU Diagnostic": {
                "test_categories": [
                    {
                        "category": "Deployment",
                        "tests": [
                            {
                                "name": "Page Retirement/Row Remap",
                                "results": [
                                    {
                                        "gpu_id": i,
                                        "status": "Fail" if (h == bad and i == loc) else "Pass",
                                        **(
                                            {
                                                "warnings": [
                                                    {
                                                        "warning": "GPU %d had a row remapping pending; reset the GPU to apply."
                                                        % i,
                                                        "error_id": 88,
                                                        "error_category": 4,
                                                        "error_severity": 2,
                                                    }
                                                ]
                                            }
                                            if (h == bad and i == loc)
                                            else {}
                                        ),
                                    }
                                    for i in range(8)
                                ],
                            }
                        ],
                    },
                    {
                        "category": "Hardware",
                        "tests": [
                            {
                                "name": "Memory",
                                "results": [
                                    {
                                        "gpu_id": i,
                                        "status": "Skip" if (h == bad and i == loc) else "Pass",
                                    }
                                    for i in range(8)
                                ],
                            }
                        ],
                    },
                    {
                        "category": "Integration",
                        "tests": [
                            {
                                "name": "PCIe",
                                "results": [
                                    {
                                        "gpu_id": i,
                                        "status": "Pass",
                                        **(
                                            {
                                                "info": [
                                                    "GPU %d PCIe replay count 14 (threshold 100)"
                                                    % i
                                                ]
                                            }
                                            if i == 6
                                            else {}
                                        ),
                                    }
                                    for i in range(8)
                                ],
                            }
                        ],
                    },
                ]
            },
            "version": "3.3.5",
            "gpu_device_ids": ["2330"] * 8,
        }
        sysfile(
            b,
            h,
            ["# epilog %s: dcgmi diag -r 3 -j" % ts_py(clock.t(T + 1900))]
            + json.dumps(res, indent=1).splitlines(),
            "epilog-dcgmi-diag.json.txt",
        )
    g = [
        dict(
            i=i,
            pci=PCI[i],
            util=0,
            **(
                {"remap_unc": 1, "pending": "Yes", "ecc_vol_unc": 1, "ecc_agg_unc": 1}
                if i == loc
                else {}
            ),
        )
        for i in range(8)
    ]
    sysfile(b, bad, smi_q(clock.t(T + 1950), g), "epilog-nvidia-smi-q.txt")
    b.label(
        "gpu_memory",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Rank %d (GPU %d on %s) failed with 'uncorrectable ECC error encountered' at the same moment as Xid 94 "
        "(contained ECC error) on that GPU; the epilog dcgmi diag fails the row-remap check there and nvidia-smi "
        "shows a remap pending. Contained, so only that rank died, but the GPU needs a reset before reuse: "
        "restart without the node. The PCIe replay info on GPU 6 is within threshold."
        % (r, loc, bad),
        "https://github.com/leptonai/gpud/pull/1174",
    )
    return b


def w40_health_noise_te_import_error(rng):
    b = Bundle("w40_health_noise_te_import_error")
    hosts = hostnames(rng, "gke", 3)
    clock = Clock(rng)
    pods = {}
    for attempt in (0, 1):
        job = Job(rng, hosts)
        log = Log(job)
        base = "attempt_%d" % attempt
        off = attempt * 3000
        pods = {h: "sft-mixtral-%d" % job.node_rank(h) for h in job.order}
        for h in job.order:
            for l in range(8):
                r = job.rank(h, l)
                log.add(
                    clock.t(off + 20 + l * 0.01),
                    h,
                    r,
                    [
                        "[rank%d]: Traceback (most recent call last):" % r,
                        '[rank%d]:   File "/app/sft.py", line 9, in <module>' % r,
                        "[rank%d]:     import transformer_engine.pytorch as te" % r,
                        '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", '
                        "line 61, in _load_library" % r,
                        "[rank%d]:     return ctypes.CDLL(so_path, mode=ctypes.RTLD_GLOBAL)" % r,
                        "[rank%d]: ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine/wheel_lib/"
                        "transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
                        "_ZN3c106detail14torchCheckFailEPKcS2_jRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
                        % r,
                    ],
                )
            log.add(
                clock.t(off + 22),
                h,
                None,
                job.child_failed(clock.t(off + 22), h, 0, exitcode=1, script="sft.py"),
            )
        log.add(
            clock.t(off + 1),
            job.order[0],
            None,
            "%s INFO image us-docker.pkg.dev/ml/train/sft:2024.07.2 "
            "(torch 2.4.0+cu124, transformer-engine 1.7.0 built against torch 2.3.1)"
            % ts_py(clock.t(off + 1)),
        )
        log.render(b, "k8s", base=base, pod_fmt=lambda h: pods[h])
        noisy = sorted(hosts)[1]
        for h in job.order:
            gp = [
                "%s INFO gpud: component accelerator-nvidia-xid: health=Healthy"
                % ts_iso_ms(clock.t(off - 60))
            ]
            if h == noisy:
                gp = [
                    '%s WARN gpud: component accelerator-nvidia-xid: health=Degraded reason="XID 13 (Graphics Engine '
                    'Exception) pid=88123 name=python" suggested_actions=[CHECK_USER_APP_AND_GPU]'
                    % ts_iso_ms(clock.t(off - 7200)),
                    "%s WARN gpud: component accelerator-nvidia-pcie: PCIe replay count GPU3=37 (increasing)"
                    % ts_iso_ms(clock.t(off - 600)),
                    "%s INFO gpud: component accelerator-nvidia-remapped-rows: health=Healthy pending=false "
                    "failure=false" % ts_iso_ms(clock.t(off - 60)),
                ]
            sysfile(b, h, gp, "gpud.log", base=base)
        dc = {
            "DCGM GPU Diagnostic": {
                "test_categories": [
                    {
                        "category": "Integration",
                        "tests": [
                            {
                                "name": "PCIe",
                                "results": [
                                    {
                                        "gpu_id": i,
                                        "status": "Pass",
                                        **(
                                            {
                                                "warnings": [
                                                    {
                                                        "warning": "GPU 3 PCIe replay count 37 is above the "
                                                        "recommended threshold of 20",
                                                        "error_id": 26,
                                                    }
                                                ]
                                            }
                                            if i == 3
                                            else {}
                                        ),
                                    }
                                    for i in range(8)
                                ],
                            }
                        ],
                    }
                ]
            }
        }
        sysfile(
            b,
            noisy,
            ["# node-health job before pod start: dcgmi diag -r 1 -j"]
            + json.dumps(dc, indent=1).splitlines(),
            "dcgmi-diag.json.txt",
            base=base,
        )
    b.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Every rank on every node, in both attempts, dies at import with an undefined torch symbol in "
        "transformer_engine: the image pairs torch 2.4.0 with a TE wheel built for 2.3.1. The gpud Xid 13 from "
        "another process hours earlier and the PCIe replay warning on one GPU are health-check noise unrelated "
        "to the crash. Rebuild the image; restarting will not help.",
        "https://github.com/NVIDIA/TransformerEngine/issues/1684",
    )
    return b


CASES = [
    w38_prolog_dcgmi_memory_fail,
    w39_epilog_dcgmi_json_xid94,
    w40_health_noise_te_import_error,
]
