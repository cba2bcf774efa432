#!/usr/bin/env python3
"""Build corpus set 37 (prefix 'ah'): a week of on-call pages.

Deterministic: fixed seeds, fixed timestamps, no wall clock, stdlib only.
Output directory: $CORPUS_OUT, default ./out next to this file.
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases_slow as S  # noqa: E402
import cases_hang as H  # noqa: E402
import cases_hw as W  # noqa: E402
import cases_app as A  # noqa: E402
import cases_misc as M  # noqa: E402

# Order is mixed on purpose: the number says nothing about the category.
CASES = [
    ("ah01_training_slower_since_tuesday_night", S.thermal_straggler),
    ("ah02_crash_at_first_eval_every_time", H.rank0_only_gather),
    ("ah03_nccl_errors_from_every_node_at_3am", W.xid79),
    ("ah04_resume_from_checkpoint_fails_immediately", A.statedict_mismatch),
    ("ah05_cuda_oom_on_first_step_after_config_change", M.oom_own_seq),
    ("ah06_step_time_doubled_after_requeue", S.ib_link_degraded),
    ("ah07_no_log_output_for_30_minutes_then_watchdog", H.hang_no_evidence),
    ("ah08_loss_nan_around_iteration_2300", A.nan_recipe),
    ("ah09_checkpoint_save_crashes_at_step_10000", M.lustre_quota),
    ("ah10_ncclunhandledcudaerror_twice_in_a_row", W.xid74_nvlink),
    ("ah11_one_rank_always_last_to_allreduce", S.silent_straggler),
    ("ah12_device_side_assert_with_new_data_mix", A.device_assert),
    ("ah13_dataloader_worker_killed_by_signal", M.dataloader_oomkill),
    ("ah14_job_ended_node_fail_connection_resets", W.host_mce),
    ("ah15_training_hung_after_step_31200", H.one_rank_missing),
    ("ah16_import_error_on_every_pod_after_image_rebuild", M.flashattn_import),
    ("ah17_mfu_dropped_from_41_to_29_percent", S.power_brake),
    ("ah18_crash_at_same_step_after_requeue", A.keyerror_requeue),
    ("ah19_one_rank_out_of_memory_others_fine", M.oom_other_tenant),
    ("ah20_s3_errors_on_all_pods", M.object_store_503),
    ("ah21_gpus_busy_but_trainer_silent", H.pyspy_stuck_rank),
    ("ah22_nan_at_random_steps_after_resume", A.nan_follows_node),
    ("ah23_job_killed_at_48h_with_nccl_errors", M.healthy_timelimit),
    ("ah24_exits_within_a_minute_after_scaling_to_6_nodes", A.deepspeed_batch_config),
    ("ah25_uncorrectable_ecc_error_on_one_rank", W.contained_ecc),
    ("ah26_ib_errors_on_many_nodes_at_once", M.ib_switch),
    ("ah27_vit_at_60_percent_of_last_month_speed", S.pcie_downtrained),
    ("ah28_nccl_invalid_usage_at_first_barrier", M.socket_ifname),
    ("ah29_loss_scale_minimum_exit", A.fp16_scale_min),
    ("ah30_torchelastic_restarted_worker_group", M.elastic_recovered),
]


def main():
    out = os.environ.get("CORPUS_OUT") or os.path.join(os.path.dirname(HERE), "out")
    os.makedirs(out, exist_ok=True)
    names = set()
    for name, fn in CASES:
        assert name not in names
        names.add(name)
        d = os.path.join(out, name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        b = fn(name)
        b.write(out)
    print("wrote %d cases to %s" % (len(CASES), out))


if __name__ == "__main__":
    main()
