#!/usr/bin/env python3
"""Build the corpus_set80 bundles into $CORPUS_OUT (standard library only, deterministic)."""

import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases_node_a  # noqa: E402
import cases_node_b  # noqa: E402
import cases_node_c  # noqa: E402
import cases_other  # noqa: E402
import cases_script  # noqa: E402
import cases_shared  # noqa: E402
from lib import ALLOWED  # noqa: E402

CASES = [
    ("by01_megatron_straggler_report_one_rank_low_etpt", cases_node_a.by01),
    ("by02_nemo_relative_perf_warning_single_gpu", cases_node_a.by02),
    ("by03_deepspeed_breakdown_allreduce_time_jumped", cases_node_a.by03),
    ("by04_accelerate_slowest_rank_summary_repeats", cases_node_a.by04),
    ("by05_torchtitan_tps_sags_in_bursts", cases_node_b.by05),
    ("by06_megatron_bottom_eight_ranks_contiguous", cases_node_b.by06),
    ("by07_megatron_get_batch_latency_spikes", cases_node_b.by07),
    ("by08_allreduce_time_tripled_after_maintenance", cases_node_b.by08),
    ("by09_multinode_throughput_quarter_of_previous_run", cases_script.by09),
    ("by10_lightning_its_dropped_on_both_nodes", cases_script.by10),
    ("by11_hf_trainer_step_time_doubled_low_gpu_util", cases_script.by11),
    ("by12_straggler_report_slowest_rank_keeps_changing", cases_script.by12),
    ("by13_step_time_erratic_with_recompile_messages", cases_script.by13),
    ("by14_deepspeed_allreduce_dominates_step_on_k8s", cases_script.by14),
    ("by15_iteration_time_spike_on_every_rank_for_40min", cases_shared.by15),
    ("by16_step_time_up_45pct_no_rank_stands_out", cases_shared.by16),
    ("by17_multi_minute_stalls_every_500_steps", cases_shared.by17),
    ("by18_one_rank_consistently_lowest_etpt", cases_shared.by18),
    ("by19_iteration_time_creeps_up_over_days", cases_shared.by19),
    ("by20_nemo_perf_drop_warning_eight_ranks", cases_shared.by20),
    ("by21_slow_rank_reports_then_job_died", cases_other.by21),
    ("by22_throughput_dips_reported_by_user", cases_other.by22),
    ("by23_run_stopped_before_final_step_with_sigterm", cases_other.by23),
    ("by24_step_time_grew_then_ranks_exited", cases_other.by24),
    ("by25_comm_wait_table_high_on_31_ranks", cases_node_c.by25),
    ("by26_mpirun_job_same_eight_ranks_lowest_etpt", cases_node_c.by26),
    ("by27_pytorchjob_data_wait_on_all_workers", cases_script.by27),
    ("by28_thirty_two_node_bottom_ranks_report", cases_node_c.by28),
    ("by29_requeued_job_still_slow", cases_node_c.by29),
]


def validate(name, case_dir, lab):
    errs = []
    for key in ("category", "layer", "action"):
        if lab.get(key) not in ALLOWED[key]:
            errs.append("%s: bad %s %r" % (name, key, lab.get(key)))
    if set(lab) != {"category", "layer", "culprit", "action", "rationale", "modelled_on"}:
        errs.append("%s: unexpected label keys %s" % (name, sorted(lab)))
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append("%s: culprit must be {node, rank}" % name)
        else:
            node = cul["node"]
            found = os.path.isdir(os.path.join(case_dir, node)) or any(
                os.path.isdir(os.path.join(case_dir, d, node)) for d in os.listdir(case_dir) if d.startswith("attempt_"))
            if not found:
                errs.append("%s: culprit node %s has no directory" % (name, node))
            if cul["rank"] is not None and not (isinstance(cul["rank"], int) and cul["rank"] >= 0):
                errs.append("%s: bad culprit rank %r" % (name, cul["rank"]))
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("%s: modelled_on must be an https URL" % name)
    if not lab.get("rationale"):
        errs.append("%s: empty rationale" % name)
    return errs


def main():
    out = os.environ.get("CORPUS_OUT")
    if not out:
        sys.stderr.write("build.py: CORPUS_OUT is not set (directory to write the bundles into)\n")
        return 2
    os.makedirs(out, exist_ok=True)
    names = [n for n, _ in CASES]
    if len(set(names)) != len(names) or not (24 <= len(names) <= 30):
        sys.stderr.write("build.py: case list is malformed\n")
        return 1
    errors = []
    total = 0
    for name, fn in CASES:
        case_dir = os.path.join(out, name)
        os.makedirs(case_dir, exist_ok=True)
        lab = fn(case_dir)
        errors += validate(name, case_dir, lab)
        with open(os.path.join(case_dir, "label.json"), "w", encoding="utf-8", newline="\n") as fh:
            json.dump(lab, fh, indent=2)
            fh.write("\n")
        size = 0
        for dp, _, fns in os.walk(case_dir):
            for f in fns:
                size += os.path.getsize(os.path.join(dp, f))
        if size >= 1024 * 1024:
            errors.append("%s: bundle is %d bytes (limit 1 MB)" % (name, size))
        total += size
    if total >= 10 * 1024 * 1024:
        errors.append("whole set is %d bytes (limit 10 MB)" % total)
    if errors:
        for e in errors:
            sys.stderr.write("build.py: %s\n" % e)
        return 1
    print("built %d cases, %d bytes, into %s" % (len(CASES), total, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
