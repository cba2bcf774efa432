#!/usr/bin/env python3
"""Build corpus set 39 (case prefix aj): hangs and slowdowns in multi-node GPU training.

Deterministic: every case uses its own fixed random seed and fixed timestamps; nothing
reads the clock. Writes one folder per case into $CORPUS_OUT (default: ../out next to
this set's tools/ folder, i.e. <set>/out).

Usage:  CORPUS_OUT=/tmp/set39_out python3 tools/build.py
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_straggler as S  # noqa: E402
import cases_hang as H  # noqa: E402
import cases_misc as M  # noqa: E402

# Interleaved so that case numbers do not reveal the family.
CASES = [
    ("aj01", S.thermal_megatron),
    ("aj02", H.hang_no_evidence_watchdog),
    ("aj03", M.hf_eval_pause),
    ("aj04", S.megatron_rank_no_cause),
    ("aj05", H.rank0_checkpoint_barrier),
    ("aj06", M.lustre_slow),
    ("aj07", S.nic_pcie_downtrained),
    ("aj08", H.fr_missing_rank),
    ("aj09", M.compile_warmup),
    ("aj10", S.node_slow_no_cause),
    ("aj11", H.xid79_before_timeouts),
    ("aj12", M.data_pipeline_slow),
    ("aj13", S.cpu_hog),
    ("aj14", H.time_limit_hang),
    ("aj15", M.checkpoint_pause),
    ("aj16", S.deepspeed_late_arrival),
    ("aj17", H.heartbeat_silent_rank),
    ("aj18", M.fabric_network),
    ("aj19", S.power_cap),
    ("aj20", H.uneven_batches),
    ("aj21", M.straggler_false_alarm),
    ("aj22", S.lightning_spikes),
    ("aj23", H.pyspy_stuck_rank),
    ("aj24", M.s3_throttling),
]

CATEGORIES = {"user_code", "dependency", "oom", "numerical", "hang", "network", "storage",
              "gpu_hardware", "gpu_memory", "nvlink", "host", "straggler", "unknown"}
LAYERS = {"script", "framework", "infrastructure"}
ACTIONS = {"stop", "restart", "restart_without_node", "run_diagnostics", "none"}


def check(case):
    lab = case.label
    assert lab, case.cid
    assert lab["category"] in CATEGORIES, case.cid
    assert lab["layer"] in LAYERS, case.cid
    assert lab["action"] in ACTIONS, case.cid
    cul = lab["culprit"]
    if cul is not None:
        node = cul["node"]
        assert any(node in txt for txt in case.files.values()) or any(node in p for p in case.files), \
            "%s: culprit node %s not in logs" % (case.cid, node)
    assert lab["modelled_on"].startswith("https://"), case.cid


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    for cid, fn in CASES:
        case = fn(cid)
        check(case)
        d = os.path.join(out, case.folder)
        if os.path.isdir(d):
            shutil.rmtree(d)
        for rel, text in sorted(case.files.items()):
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        with open(os.path.join(d, "label.json"), "w", encoding="utf-8") as f:
            f.write(case.label_json())
        print("wrote %s (%d files)" % (case.folder, len(case.files) + 1))


if __name__ == "__main__":
    main()
