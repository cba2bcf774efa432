#!/usr/bin/env python3
"""Build corpus set 64 (prefix ``bi``) into $CORPUS_OUT (default tests/corpus_set64/out).

Stdlib only, deterministic: every case uses its own seeded random.Random and fixed
dates, so two runs produce byte-identical trees.  Every label is validated and the
script exits non-zero on any problem.
"""
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_merged as M  # noqa: E402
import cases_k8s as K  # noqa: E402
import cases_ray as R  # noqa: E402
import cases_nodes1 as N1  # noqa: E402
import cases_nodes2 as N2  # noqa: E402

PREFIX = "bi"

CASES = [
    ("bi01_every_task_exits_on_resume", M.every_task_dies_on_resume),
    ("bi02_loss_nan_again_after_requeue", M.loss_nan_again_after_requeue),
    ("bi03_pytorchjob_failed_after_restart", K.pods_restarting_memory_limit),
    ("bi04_worker_pod_evicted", K.worker_evicted_disk_pressure),
    ("bi05_pod_status_unknown_then_timeouts", K.pod_status_unknown_then_timeouts),
    ("bi06_workers_killed_midafternoon", K.workers_killed_during_busy_hours),
    ("bi07_ray_train_actor_died", R.ray_train_worker_actor_died),
    ("bi08_ray_checkpoint_report_fails", R.ray_checkpoint_report_fails),
    ("bi09_launcher_and_dmesg_only", N1.launcher_console_and_dmesg_only),
    ("bi10_dataloader_worker_killed", N1.dataloader_killed_rank0_and_sacct),
    ("bi11_crash_after_long_healthy_run", N1.crash_after_long_healthy_run),
    ("bi12_colour_progress_bars_then_traceback", N1.colour_progress_bars_then_traceback),
    ("bi13_ib_errors_pacific_time", N1.ib_errors_pacific_time),
    ("bi14_node_left_no_logs", N1.node_vanished_no_logs),
    ("bi15_job_ended_amid_sigterm_tracebacks", N1.time_limit_rank0_and_sacct),
    ("bi16_nccl_errors_after_loss_plateau", N2.scancel_amid_nccl_warnings),
    ("bi17_finished_but_log_full_of_warnings", N2.finished_but_log_full_of_warnings),
    ("bi18_checkpoint_write_fails_all_hosts", M.checkpoint_write_fails_all_hosts),
    ("bi19_one_host_fails_at_startup", N2.driver_mismatch_single_host),
    ("bi20_bus_error_one_rank", N2.bus_error_one_rank),
    ("bi21_all_ranks_stuck_same_collective", N2.all_ranks_stuck_same_collective),
    ("bi22_one_rank_missing_from_collective", N2.one_rank_behind_flight_recorder),
    ("bi23_throughput_dropped_midrun", N2.one_host_slow_steps_thermal),
    ("bi24_slow_everywhere_low_gpu_util", K.slow_everywhere_low_gpu_util),
    ("bi25_ecc_crash_gpu_reset_done", N2.gpu_memory_error_then_clean_after_reset),
    ("bi26_nan_guard_trips_twice", N2.same_host_nan_twice),
    ("bi27_one_rank_dies_at_first_step", N2.foreign_process_holds_gpu_memory),
    ("bi28_ib_errors_on_many_hosts", N2.leaf_switch_errors_many_hosts),
]

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang", "oom",
              "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
NAME_RE = re.compile(r"^%s\d{2}_[a-z0-9]+(_[a-z0-9]+)*$" % PREFIX)


def node_dirs(case):
    """Host folders: top-level dirs and attempt_N/<host> dirs."""
    tops = set()
    hosts = set()
    for path in case.files:
        parts = path.split("/")
        if len(parts) >= 2:
            tops.add(parts[0])
            if re.match(r"^attempt_\d+$", parts[0]) and len(parts) >= 3:
                hosts.add(parts[1])
            elif not re.match(r"^attempt_\d+$", parts[0]):
                hosts.add(parts[0])
    return hosts


def validate(case, seen):
    errs = []
    if not NAME_RE.match(case.name):
        errs.append("bad case name")
    if case.name in seen:
        errs.append("duplicate case name")
    lab = case.label
    if not isinstance(lab, dict):
        return errs + ["no label"]
    if set(lab) != LABEL_KEYS:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("action %r" % lab.get("action"))
    if not isinstance(lab.get("rationale"), str) or not lab["rationale"].strip():
        errs.append("empty rationale")
    mo = lab.get("modelled_on")
    if not isinstance(mo, str) or not mo.startswith("https://") or " " in mo:
        errs.append("modelled_on %r" % mo)
    hosts = node_dirs(case)
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append("culprit shape %r" % cul)
        else:
            if cul["node"] not in hosts:
                errs.append("culprit node %r is not a folder in the bundle" % cul["node"])
            r = cul["rank"]
            if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 0):
                errs.append("culprit rank %r" % r)
    if case.topology is not None:
        topo = case.topology.get("topology")
        if not isinstance(topo, dict) or not topo:
            errs.append("topology shape")
        else:
            for sw, members in topo.items():
                for m in members:
                    if m not in hosts:
                        errs.append("topology node %r under %r has no folder" % (m, sw))
    for path in case.files:
        if path.startswith("/") or ".." in path.split("/") or path in ("label.json", "topology.json"):
            errs.append("bad file path %r" % path)
    if not case.files:
        errs.append("no files")
    return errs


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    seen = set()
    problems = 0
    cats = {}
    for name, fn in CASES:
        case = fn(name)
        if case.name != name:
            print("%s: builder returned name %s" % (name, case.name), file=sys.stderr)
            problems += 1
        errs = validate(case, seen)
        seen.add(case.name)
        if errs:
            problems += 1
            for e in errs:
                print("%s: %s" % (name, e), file=sys.stderr)
            continue
        cats[case.label["category"]] = cats.get(case.label["category"], 0) + 1
        dest = os.path.join(out, name)
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        os.makedirs(dest)
        for rel in sorted(case.files):
            p = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="\n") as f:
                f.write(case.files[rel])
        with open(os.path.join(dest, "label.json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(case.label, indent=2, ensure_ascii=False) + "\n")
        if case.topology is not None:
            with open(os.path.join(dest, "topology.json"), "w", encoding="utf-8", newline="\n") as f:
                f.write(json.dumps(case.topology, indent=2) + "\n")
    if not (24 <= len(CASES) <= 30):
        print("case count %d outside 24..30" % len(CASES), file=sys.stderr)
        problems += 1
    missing = CATEGORIES - set(cats)
    if missing:
        print("categories not covered: %s" % ", ".join(sorted(missing)), file=sys.stderr)
        problems += 1
    if problems:
        print("%d problem(s)" % problems, file=sys.stderr)
        return 1
    print("wrote %d cases to %s (%s)" % (len(CASES), out, ", ".join("%s=%d" % kv for kv in sorted(cats.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
