"""What an on-call engineer's snapshots of each node show, compared across the job's nodes
(corpus set 24's real captures): ``ip -s link`` with one node's link without carrier, ``tc
qdisc show`` with one node's traffic shaped, an environment dump with one node's thread count
set, a newer kernel's OOM task table, HF's slashed log dates, a broken shared library that
follows its node, and torchrun told to wait for more nodes than the job has.

Formats as captured by real processes (iproute2, tc, procps, Linux 6.x OOM report, torchrun
2.13's launch configuration dump). Modelled on https://github.com/pytorch/pytorch/issues/
76287 (rendezvous timeouts from a wrong --nnodes) and
https://docs.pytorch.org/docs/stable/elastic/run.html.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.links import link_states, lone_links_down, shaped_links, shapers
from kintsugi.diagnose.nodeenv import env_dump, odd_threads
from kintsugi.diagnose.oomtable import memory_hog
from kintsugi.diagnose.timeline import parse_ts
from kintsugi.events import Action, Category, Layer

IP_LINK = """11: eth0@if12: <{flags}> mtu 1500 qdisc noqueue state {state} mode DEFAULT group default qlen 1000
    link/ether 1a:fe:11:21:dc:5d brd ff:ff:ff:ff:ff:ff link-netnsid 0
1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT
4: docker0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state DOWN mode DEFAULT
"""
UP = IP_LINK.format(flags="BROADCAST,MULTICAST,UP,LOWER_UP", state="UP")
DOWN = IP_LINK.format(flags="NO-CARRIER,BROADCAST,MULTICAST,UP", state="DOWN")


def test_one_nodes_link_without_carrier() -> None:
    assert link_states(DOWN) == {"eth0": False, "docker0": False}
    assert link_states("eth0@if12        DOWN           10.24.0.15/24\n") == {"eth0": False}
    links = {"n02": link_states(UP), "n04": link_states(UP), "n05": link_states(DOWN)}
    found = lone_links_down(links)
    # docker0 has no carrier anywhere: nobody's fault
    assert [(f.node, f.detail) for f in found] == [("n05", "eth0")]
    assert lone_links_down({"a": link_states(DOWN), "b": link_states(UP)}) == []


def test_a_link_down_decides_a_hang(tmp_path: Path) -> None:
    timeout = (
        "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:78]"
        " Timed out waiting 25000ms for recv operation to complete\n"
    )
    for node in ("n02", "n04", "n05"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "stderr.log").write_text(timeout)
        (tmp_path / node / "oncall-net.txt").write_text(DOWN if node == "n05" else UP)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.NETWORK, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "n05"


def test_one_nodes_traffic_shaped() -> None:
    tbf = "qdisc tbf 8005: root refcnt 3 rate 20Mbit burst 4Kb lat 400ms \n Sent 27003588 bytes\n"
    plain = "qdisc noqueue 0: root refcnt 2 \n Sent 0 bytes 0 pkt (dropped 0, overlimits 0)\n"
    netem = "qdisc netem 8001: dev eth0 root refcnt 2 limit 1000 delay 100ms\n"
    assert shapers(tbf) == ["tbf rate 20Mbit"]
    assert shapers(netem) == ["netem delay 100ms on eth0"]
    assert shapers(plain) == []
    found = shaped_links({"b03": [], "b07": [], "b12": shapers(tbf)}, 3)
    assert [f.node for f in found] == ["b12"]
    assert shaped_links({"b03": shapers(tbf), "b12": shapers(tbf)}, 2) == []


def test_one_node_sets_a_thread_count() -> None:
    assert env_dump("Thu Nov 26\ng4-node-38\nOMP_NUM_THREADS=16\n") == {"OMP_NUM_THREADS": "16"}
    envs = {"n07": {}, "n12": {}, "n38": env_dump("MKL_NUM_THREADS=16\nOMP_NUM_THREADS=16\n")}
    found = odd_threads(envs)
    assert [(f.node, f.detail) for f in found] == [("n38", "OMP_NUM_THREADS")]
    assert odd_threads({"a": {}, "b": {"OMP_NUM_THREADS": "8"}}) == []  # two: no majority


NEW_TABLE = """[ 1013.944687] Tasks state (memory values in pages):
[ 1013.944687] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents oom_score_adj name
[ 1013.944689] [  12026]     0 12026      648      358        0      358         0    49152        0           936 sh
[ 1013.944692] [  12070] 65534 12070   212376   210978   209568     1410         0  1740800        0             0 python3
[ 1013.944696] [  12136]     0 12136   261720    83820    58700    25120         0  1114112        0           936 python
[ 1013.944714] Memory cgroup out of memory: Killed process 12136 (python) total-vm:1046880kB, anon-rss:234800kB, file-rss:100480kB, shmem-rss:0kB, UID:0 pgtables:1088kB oom_score_adj:936
"""


def test_the_oom_killers_table_of_a_newer_kernel() -> None:
    hog = memory_hog(NEW_TABLE.splitlines())
    assert hog is not None and (hog.pid, hog.uid, hog.name) == (12070, 65534, "python3")


def test_slashed_dates_of_python_logging() -> None:
    us = parse_ts("11/26/2026 09:43:02 - WARNING - transformers.trainer - Process rank: 1")
    assert us is not None and us == parse_ts("2026-11-26 09:43:02")
    assert parse_ts("26/11/2026 09:43:02 x") == us  # a day first where it cannot be a month
    assert parse_ts("ratio 3/4 done") is None


def test_a_broken_library_follows_its_node(tmp_path: Path) -> None:
    for attempt, bad_rank in ((0, 1), (1, 0)):
        for node in ("ip-10-1-4-12", "ip-10-1-4-77", "ip-10-1-5-3"):
            d = tmp_path / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            text = "[rank9]: starting\n"
            if node == "ip-10-1-4-77":
                text = (
                    f"[rank{bad_rank}]: Traceback (most recent call last):\n"
                    f'[rank{bad_rank}]:   File "/srv/code/train.py", line 9, in <module>\n'
                    f"[rank{bad_rank}]:     import fastjsonl\n"
                    f"[rank{bad_rank}]: OSError: /srv/local/pyenv/fastjsonl/libfastjsonl.so:"
                    " invalid ELF header\n"
                )
            (d / "stdout.txt").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer) == (Category.DEPENDENCY, Layer.INFRASTRUCTURE)
    assert d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "ip-10-1-4-77"


CONFIG = (
    "I1126 09:44:00.920000 21831 torch/distributed/launcher/api.py:254] Starting"
    " elastic_operator with launch configs:\n"
    "I1126 09:44:00.920000 21831 torch/distributed/launcher/api.py:254]   min_nodes"
    "                : {n}\n"
    "I1126 09:44:00.920000 21831 torch/distributed/launcher/api.py:254]   max_nodes"
    "                : {n}\n"
)
RDZV = (
    "Traceback (most recent call last):\n"
    '  File "/usr/lib/python3/site-packages/torch/distributed/run.py", line 1032, in <module>\n'
    "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError\n"
)


def test_torchrun_told_to_wait_for_more_nodes_than_the_job_has(tmp_path: Path) -> None:
    for node in ("a100-u08", "a100-u12", "a100-u14"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "output.log").write_text(CONFIG.format(n=4) + RDZV)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action, d.culprit) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        Action.STOP,
        None,
    )


def test_waiting_for_as_many_nodes_as_it_has_is_no_config_error(tmp_path: Path) -> None:
    for node in ("a100-u08", "a100-u12", "a100-u14"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "output.log").write_text(CONFIG.format(n=3) + RDZV)
    assert diagnose_bundle(tmp_path).diagnosis.category is not Category.USER_CODE


PS_HANG = """    PID    PPID USER     STAT WCHAN                        %CPU   RSS     ELAPSED COMMAND
     10       1 root     S    hrtimer_nanosleep             2.2 227532      00:58 python -m torch.distributed.run --nnodes 3 --nproc-per-node 1 --node-rank {n} --master-addr r03 /srv/code/pretrain.py
     13      10 root     {stat}  futex_do_wait                 5.7 332832      00:54 python -u /srv/code/pretrain.py --train-iters 5000
"""


def test_a_node_launchers_command_line_names_the_rank_its_stuck_worker_is(tmp_path: Path) -> None:
    # one rank per node; the job made no progress until the time limit; r07's worker is in D
    for n, node in enumerate(("r03", "r04", "r07")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "hangcheck.txt").write_text(
            PS_HANG.format(n=n, stat="Dsl" if node == "r07" else "Ssl")
        )
        (tmp_path / node / "slurm.out").write_text(
            f"slurmstepd: error: *** STEP 918244.0 ON {node} CANCELLED AT 2026-11-26T10:20:52"
            " DUE TO TIME LIMIT ***\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("r07", 2)


def test_an_allocation_failure_that_follows_one_node_under_other_ranks(tmp_path: Path) -> None:
    for attempt, order in (
        (0, ("a3-0101", "a3-0142", "a3-0177")),
        (1, ("a3-0177", "a3-0101", "a3-0142")),
    ):
        for rank, node in enumerate(order):
            d = tmp_path / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            text = f"[rank{rank}]: step 20 loss 2.1\n"
            if node == "a3-0142":
                text += (
                    f"[rank{rank}]: RuntimeError: [enforce fail at alloc_cpu.cpp:117] data."
                    f" DefaultCPUAllocator: can't allocate memory: you tried to allocate"
                    f" 805306368 bytes. Error code 12 (Cannot allocate memory)\n"
                )
            (d / "out.log").write_text(text)
    v = diagnose_bundle(tmp_path).diagnosis
    assert v.action is Action.RESTART_WITHOUT_NODE
    assert v.culprit is not None and v.culprit.node == "a3-0142"
