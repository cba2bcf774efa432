#!/usr/bin/env python3
"""Build the am-series corpus (30 cases) into $CORPUS_OUT (default: <set>/out).

Deterministic: every case uses a random.Random seeded from its own name and fixed
datetimes; nothing depends on the wall clock.
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_a  # noqa: E402
import cases_b  # noqa: E402
import cases_c  # noqa: E402
from lib import ALLOWED  # noqa: E402

CASES = [
    ("am01_watchdog_timeouts_on_all_ranks_after_6h", cases_a.am01),
    ("am02_completion_errors_status12_on_16_nodes", cases_a.am02),
    ("am03_device_side_assert_and_xid13_on_three_nodes", cases_a.am03),
    ("am04_one_rank_uncorrectable_ecc_gpu_reset_by_epilog", cases_a.am04),
    ("am05_roce_completion_errors_naming_peer_10_0_3_12", cases_a.am05),
    ("am06_job_cancelled_at_walltime_with_xid63_in_dmesg", cases_a.am06),
    ("am07_illegal_memory_access_in_two_attempts", cases_a.am07),
    ("am08_iteration_time_up_60pct_after_4h", cases_a.am08),
    ("am09_ecc_error_traceback_on_one_rank_of_64", cases_a.am09),
    ("am10_cuda_oom_at_first_validation_after_ib_port_event", cases_a.am10),
    ("am11_retry_exceeded_errors_then_slurm_node_failure", cases_b.am11),
    ("am12_uncorrectable_nvlink_error_then_nccl_abort", cases_b.am12),
    ("am13_all_ranks_timeout_on_same_allreduce", cases_b.am13),
    ("am14_nccl_remote_error_blaming_10_3_0_27", cases_b.am14),
    ("am15_rank_crash_and_failed_dcgm_memory_test", cases_b.am15),
    ("am16_illegal_memory_access_at_step_7400_twice", cases_b.am16),
    ("am17_one_node_fails_cuda_init_others_time_out", cases_b.am17),
    ("am18_job_requeued_three_times_unspecified_launch_failure", cases_b.am18),
    ("am19_loss_nan_at_step_31k_on_all_ranks", cases_b.am19),
    ("am20_port_error_and_retry_exceeded_8_nodes", cases_b.am20),
    ("am21_training_frozen_no_progress_for_40min", cases_c.am21),
    ("am22_sigabrt_on_one_node_of_16_ecc_in_traceback", cases_c.am22),
    ("am23_one_rank_12pct_slower_no_errors", cases_c.am23),
    ("am24_cuda_oom_on_one_node_only", cases_c.am24),
    ("am25_one_rank_launch_failure_rest_time_out_after_10min", cases_c.am25),
    ("am26_loss_nan_in_two_runs_different_steps", cases_c.am26),
    ("am27_nccl_failures_on_12_node_job_with_topology", cases_c.am27),
    ("am28_undefined_symbol_on_import_every_rank", cases_c.am28),
    ("am29_ecc_error_after_single_bit_ecc_warnings", cases_c.am29),
    ("am30_throughput_dropped_35pct_mid_run", cases_c.am30),
]


def validate(outdir, name):
    p = os.path.join(outdir, name, "label.json")
    with open(p) as fh:
        lab = json.load(fh)
    errs = []
    for k in ("category", "layer", "action"):
        if lab.get(k) not in ALLOWED[k]:
            errs.append("%s: bad %s %r" % (name, k, lab.get(k)))
    if not lab.get("rationale") or not lab.get("modelled_on", "").startswith("http"):
        errs.append("%s: missing rationale/modelled_on" % name)
    cul = lab.get("culprit")
    if cul is not None:
        node = cul.get("node")
        found = False
        for root, dirs, files in os.walk(os.path.join(outdir, name)):
            if node in dirs:
                found = True
                break
        if not found:
            # fall back: hostname used inside a log
            for root, dirs, files in os.walk(os.path.join(outdir, name)):
                for f in files:
                    if f == "label.json":
                        continue
                    with open(os.path.join(root, f), encoding="utf-8") as fh:
                        if node in fh.read():
                            found = True
                            break
                if found:
                    break
        if not found:
            errs.append("%s: culprit node %s not in bundle" % (name, node))
        if "rank" in cul and not isinstance(cul["rank"], int):
            errs.append("%s: rank must be int" % name)
    return errs


def main():
    outdir = os.environ.get("CORPUS_OUT", os.path.join(os.path.dirname(HERE), "out"))
    os.makedirs(outdir, exist_ok=True)
    assert len(CASES) == 30 and len({n for n, _ in CASES}) == 30
    errs = []
    for name, fn in CASES:
        target = os.path.join(outdir, name)
        if os.path.exists(target):
            shutil.rmtree(target)
        case = fn(name)
        assert case.name == name
        case.write(outdir)
        errs.extend(validate(outdir, name))
    if errs:
        print("\n".join(errs))
        sys.exit(1)
    print("wrote %d cases to %s" % (len(CASES), outdir))


if __name__ == "__main__":
    main()
