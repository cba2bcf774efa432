"""The OOM killer's task table: a victim of another user's memory is no fault of the job
(kernel log lines written here in the kernel's format)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.oomtable import memory_hog

HEAD = "[Tue Aug  6 14:20:07 2024] "


def _kernel(rows: list[tuple[int, int, int, int, str]], victim: tuple[int, str, int]) -> list[str]:
    out = [
        HEAD + "pt_data_worker invoked oom-killer: gfp_mask=0x140cca, order=0, oom_score_adj=0",
        HEAD + "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    ]
    out += [
        HEAD + f"[{pid:>7}] {uid:>5} {pid:>5} {rss * 2:>8} {rss:>8} 32000000 0 {adj:>13} {name}"
        for pid, uid, rss, adj, name in rows
    ]
    pid, name, uid = victim
    out.append(
        HEAD + f"Out of memory: Killed process {pid} ({name}) total-vm:14210332kB, "
        f"anon-rss:3502184kB, file-rss:61220kB, shmem-rss:0kB, UID:{uid} pgtables:9212kB "
        "oom_score_adj:0"
    )
    return out


def test_another_users_process_holding_most_memory_is_named() -> None:
    rows = [(72200, 1207, 2_000_000, 0, "python3"), (311842, 2044, 368_000_000, -1000, "java")]
    hog = memory_hog(_kernel(rows, (74208, "pt_data_worker", 1207)))
    assert hog is not None and (hog.pid, hog.uid, hog.name) == (311842, 2044, "java")
    assert "shielded" in hog.text()


def test_a_leaking_daemon_beside_a_full_job_is_named_below_half() -> None:
    """Eight ranks at 69 GiB each and a log shipper that leaked 397 GiB (42% of the table):
    the ranks fit the node as sized; the daemon, not the job, crowded it (the ``ps`` rule's
    share, 40%)."""
    rows = [(2211, 0, 104_233_882, 0, "fluent-bit")]
    rows += [(154135 + i, 1001, 18_000_000, 0, "python3") for i in range(8)]
    hog = memory_hog(_kernel(rows, (154136, "python3", 1001)))
    assert hog is not None and hog.name == "fluent-bit" and 0.4 < hog.share < 0.5
    rows[0] = (2211, 0, 80_000_000, 0, "fluent-bit")  # 36%: the job's own use dominates
    assert memory_hog(_kernel(rows, (154136, "python3", 1001))) is None


def test_the_jobs_own_memory_is_no_hog() -> None:
    rows = [(72200, 1207, 300_000_000, 0, "python3"), (900, 0, 2_000_000, 0, "sshd")]
    assert memory_hog(_kernel(rows, (74208, "pt_data_worker", 1207))) is None


def test_a_node_whose_memory_another_workload_filled_leaves(tmp_path: Path) -> None:
    for i in (1, 2):
        d = tmp_path / f"n{i}"
        d.mkdir()
        (d / "console.log").write_text(
            f"[rank{i * 8}]:RuntimeError: DataLoader worker (pid 74208) is killed by signal: "
            "Killed.\n"
            if i == 2
            else "[rank0]:step 10 loss 2.0\n"
        )
    rows = [(72200, 1207, 2_000_000, 0, "python3"), (311842, 2044, 368_000_000, -1000, "java")]
    (tmp_path / "n2" / "dmesg.txt").write_text(
        "\n".join(_kernel(rows, (74208, "pt_data_worker", 1207))) + "\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == (
        "host",
        "infrastructure",
        "restart_without_node",
    )
    assert d.culprit is not None and d.culprit.node == "n2"


def test_many_processes_of_another_user_together_are_the_hog() -> None:
    """A hundred Ray workers of a user who started them outside the scheduler, none alone
    near the threshold, holding 60% of the table together beside eight ranks."""
    rows = [(73300 + i, 10452, 3_900_000, 0, "ray::IDLE") for i in range(100)]
    rows += [(51265 + i, 20931, 32_000_000, 0, "pt_main_thread") for i in range(8)]
    hog = memory_hog(_kernel(rows, (51267, "pt_main_thread", 20931)))
    assert hog is not None and (hog.uid, hog.processes) == (10452, 100)
    assert 0.55 < hog.share < 0.65 and "99 other process(es)" in hog.text()
    rows = rows[:40] + rows[100:]  # 40 of them: 38%, the job's own use dominates
    assert memory_hog(_kernel(rows, (51267, "pt_main_thread", 20931))) is None
