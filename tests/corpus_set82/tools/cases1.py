"""Cases ca01 - ca10."""

from common import (D, at, iso, stamp, ms, tfmt, glog, dmesg_T, dmesg_up, journal, syslog, lines, prefix,
                    traceback, SITE, launcher_frames, child_failed, agent, omp_banner, sigterm_lines,
                    failed_line, gloo_closed, gloo_reset, gloo_recv_timeout, gloo_send_timeout, c10d_frames,
                    rng)


# ======================================================================================
# ca01: rank 6 KeyError from a mis-exported shard; node A loud with gloo resets
# ======================================================================================

def ca01():
    ver = "2.2"
    site = SITE[ver]
    t0 = D("2024-03-18 09:00:04")
    job = 771204
    nA, nB = "cpu-n041", "cpu-n042"
    ipA, ipB = "10.18.4.41", "10.18.4.42"
    script = "/gpfs/projects/textcls/train_cls.py"
    py = "/usr/bin/python3"
    pidsA = [48101, 48102, 48103, 48104]
    pidsB = [51875, 51876, 51877, 51878]
    aA, aB = 48090, 51861
    files = {}

    def head(node, apid):
        out = ["+ torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=%s:29400 "
               "--rdzv_id=%d --max_restarts=0 %s --config cfg/deberta_base.yaml" % (nA, job, script)]
        out += omp_banner(ver, at(t0, 1), apid)
        return out

    # rank-0 progress lines
    prog = []
    for i, step in enumerate(range(2200, 2301, 20)):
        t = at(t0, 2330 + i * 21.3)
        prog.append("[default0]:[%s][train][INFO] step %d | loss %.4f | lr %.2e | %.2f s/it | tok/s %d" % (
            ms(t), step, 2.91 - i * 0.013, 2.4e-4 - i * 1e-7, 1.06 + (i % 3) * 0.01, 15310 - i * 7))

    data_lines_A = []
    data_lines_B = []
    for r in range(8):
        shard = r * 4 + 3
        fields = "{'id', 'text', 'label'}"
        node_lines = data_lines_A if r < 4 else data_lines_B
        node_lines.append("[default%d]:[%s][data][INFO] rank %d opened shard train-%05d-of-00032.jsonl "
                          "(48211 records, fields=%s)" % (r % 4, ms(at(t0, 14 + r * 0.2)), r, shard, fields))
    t_fail = at(t0, 2471.402)  # 09:41:15.4

    # rank 6 traceback (DataLoader worker re-raise)
    tb6_frames = [
        (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper", "return f(*args, **kwargs)"),
        (script, 211, "main", "for step, batch in enumerate(loader, start=start_step):"),
        (site + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
        (site + "/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
        (site + "/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
        (site + "/torch/_utils.py", 722, "reraise", "raise exception"),
    ]
    orig = "\n".join([
        "KeyError: Caught KeyError in DataLoader worker process 1.",
        "Original Traceback (most recent call last):",
        '  File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % site,
        "    data = fetcher.fetch(index)",
        '  File "%s/torch/utils/data/_utils/fetch.py", line 54, in fetch' % site,
        "    return self.collate_fn(data)",
        '  File "/gpfs/projects/textcls/textcls/data.py", line 87, in collate',
        '    labels = torch.tensor([ex["label"] for ex in batch], dtype=torch.long)',
        '  File "/gpfs/projects/textcls/textcls/data.py", line 87, in <listcomp>',
        '    labels = torch.tensor([ex["label"] for ex in batch], dtype=torch.long)',
        "KeyError: 'label'",
        ""])
    tb6 = traceback(tb6_frames, orig)

    # node A gloo errors
    def gloo_tb(err):
        fr = [(site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper",
               "return f(*args, **kwargs)"),
              (script, 224, "main", "loss.backward()"),
              (site + "/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
              (site + "/torch/autograd/__init__.py", 266, "backward",
               "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
        return traceback(fr, "RuntimeError: " + err)

    errA = {0: gloo_closed(ipB, 52113), 1: gloo_reset(ipB, 43622), 2: gloo_closed(ipB, 40917),
            3: gloo_reset(ipB, 38870)}
    t_term_B = at(t_fail, 3.9)
    t_err_A = at(t_term_B, 0.31)
    t_term_A = at(t_err_A, 4.7)

    # ---- node B torchrun.log
    b = head(nB, aB)
    b += data_lines_B
    b.append("[default2]:[%s][data][WARNING] shard train-00027-of-00032.jsonl: 7211 trailing records were appended "
             "from export v3.1; schema not re-validated (--skip-schema-check)" % ms(at(t0, 15.6)))
    b.append("[default2]:Traceback (most recent call last):")
    b += ["[default2]:" + l for l in traceback(
        [(script, 247, "<module>", "main()"),
         (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper",
          "return f(*args, **kwargs)"),
         (script, 211, "main", "for step, batch in enumerate(loader, start=start_step):"),
         (site + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
         (site + "/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
         (site + "/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
         (site + "/torch/_utils.py", 722, "reraise", "raise exception")], orig, header="").split("\n")[1:]]
    b += sigterm_lines(ver, t_term_B, [pidsB[0], pidsB[1], pidsB[3]])
    b.append(failed_line(ver, at(t_term_B, 0.6), 1, 2, pidsB[2], py))
    b += child_failed(ver, script, dict(when=t_fail, host=nB, rank=6, local_rank=2, exitcode=1, pid=pidsB[2],
                                        error_file="/tmp/torchelastic_7q2m1xkd/%d_ohbwp3d1/attempt_0/2/error.json" % job,
                                        tb=tb6),
                      [dict(when=at(t_term_B, 0.6), host=nB, rank=r, local_rank=r - 4, exitcode=-15,
                            pid=pidsB[r - 4]) for r in (4, 5, 7)]).split("\n")
    files[nB + "/torchrun.log"] = lines(b)

    # ---- node A torchrun.log
    a = head(nA, aA)
    a += data_lines_A
    a += prog
    for r in (1, 0, 2, 3):
        a.append("[default%d]:Traceback (most recent call last):" % r)
        a += ["[default%d]:" % r + l for l in traceback(
            [(script, 247, "<module>", "main()")] + [f for f in [
                (site + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper",
                 "return f(*args, **kwargs)"),
                (script, 224, "main", "loss.backward()"),
                (site + "/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
                (site + "/torch/autograd/__init__.py", 266, "backward",
                 "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]],
            "RuntimeError: " + errA[r], header="").split("\n")[1:]]
    a += sigterm_lines(ver, t_term_A, [pidsA[2], pidsA[3]])
    a.append(failed_line(ver, at(t_term_A, 0.5), 1, 1, pidsA[1], py))
    a += child_failed(ver, script, dict(when=t_err_A, host=nA, rank=1, local_rank=1, exitcode=1, pid=pidsA[1],
                                        error_file="/tmp/torchelastic_s0c9w1fe/%d_d2k1yq8u/attempt_0/1/error.json" % job,
                                        tb=gloo_tb(errA[1])),
                      [dict(when=at(t_err_A, 0.02), host=nA, rank=0, local_rank=0, exitcode=1, pid=pidsA[0],
                            error_file="/tmp/torchelastic_s0c9w1fe/%d_d2k1yq8u/attempt_0/0/error.json" % job,
                            tb=gloo_tb(errA[0])),
                       dict(when=at(t_term_A, 0.5), host=nA, rank=2, local_rank=2, exitcode=-15, pid=pidsA[2]),
                       dict(when=at(t_term_A, 0.5), host=nA, rank=3, local_rank=3, exitcode=-15, pid=pidsA[3])]
                      ).split("\n")
    files[nA + "/torchrun.log"] = lines(a)

    # slurm out (srun -l label, interleaved, node A first in the failure section)
    s = ["Job %d started on %s,%s at %s" % (job, nA, nB, iso(t0)),
         "0: rdzv endpoint %s:29400, world 8" % nA]
    s += ["0: " + l for l in prog[-3:]]
    s += ["0: [default1]:RuntimeError: " + errA[1], "0: [default0]:RuntimeError: " + errA[0],
          "1: [default2]:KeyError: 'label'",
          "0: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
          "1: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
          "srun: error: %s: task 0: Exited with exit code 1" % nA,
          "srun: error: %s: task 1: Exited with exit code 1" % nB,
          "(full per-node torchrun output in <node>/torchrun.log)"]
    files["slurm-%d.out" % job] = lines(s)
    files["sacct.txt"] = lines(
        "JobID           JobName  Partition      State ExitCode              Start                End   NodeList",
        "------------ ---------- ---------- ---------- -------- ------------------- ------------------- ----------",
        "%d        textcls-ddp        cpu     FAILED      1:0 %s %s cpu-n[041-042]" % (job, iso(at(t0, -3)), iso(at(t_term_A, 2))),
        "%d.batch        batch                FAILED      1:0 %s %s   cpu-n041" % (job, iso(at(t0, -3)), iso(at(t_term_A, 2))),
        "%d.0         torchrun                FAILED      1:0 %s %s cpu-n[041-042]" % (job, iso(t0), iso(at(t_term_A, 2))))
    files[nA + "/dmesg.txt"] = lines(
        dmesg_T(D("2024-03-11 04:12:55"), "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"),
        dmesg_T(D("2024-03-17 22:00:01"), "systemd-journald[812]: Data hash table of /var/log/journal/3c1f/system.journal has a fill level at 75.0 (8533 of 11377 items), suggesting rotation."))
    files[nB + "/dmesg.txt"] = lines(
        dmesg_T(D("2024-03-12 10:03:44"), "ixgbe 0000:18:00.0 eno1: NIC Link is Up 10 Gbps, Flow Control: RX/TX"),
        dmesg_T(D("2024-03-18 08:59:58"), "IPv6: ADDRCONF(NETDEV_CHANGE): veth3e1a: link becomes ready"))
    files[nB + "/manifest-check.txt"] = lines(
        "$ python tools/check_manifest.py /gpfs/projects/textcls/data/v3 --sample 200",
        "train-00000-of-00032.jsonl  ok      fields=id,text,label",
        "train-00003-of-00032.jsonl  ok      fields=id,text,label",
        "train-00027-of-00032.jsonl  MIXED    rows 0-40999 fields=id,text,label; rows 41000-48210 fields=id,text,labels,label_names",
        "train-00031-of-00032.jsonl  ok      fields=id,text,label",
        "1 of 32 shards differ from manifest schema (rank 6 reads train-00027 rows in order; row 41000 is reached near step 2300)")
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Rank 6 died first with KeyError: 'label' in the job's own collate_fn because one data "
                           "shard was exported with a different schema; the gloo resets on cpu-n041 are the "
                           "sympathetic aftermath. Deterministic data/code bug, rerunning will hit it again.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/75512")
    return "ca01_gloo_connection_reset_on_cpu_n041", label, files


# ======================================================================================
# ca02: exitcode -9 on one node; OOM killer victim; fluentd with oom_score_adj -1000 ate RAM
# ======================================================================================

def ca02():
    ver = "2.4"
    site = SITE[ver]
    t0 = D("2024-07-22 14:05:11")
    nodes = ["trn-cpu-01", "trn-cpu-02", "trn-cpu-03"]
    ips = ["10.40.2.11", "10.40.2.12", "10.40.2.13"]
    script = "/srv/jobs/recsys/train_dlrm_cpu.py"
    py = "/usr/bin/python3.10"
    apids = [20311, 30099, 17733]
    wpids = [[20320 + i for i in range(8)], [30110 + i for i in range(8)], [17741 + i for i in range(8)]]
    files = {}
    t_kill = D("2024-07-22 16:47:31.218")
    victim_local = 1
    victim_pid = wpids[1][victim_local]

    def start(k):
        out = ["$ torchrun --nnodes 3 --nproc-per-node 8 --node-rank %d --master-addr trn-cpu-01 --master-port 29500 "
               "%s --embedding-shards 24 --batch-size 4096" % (k, script)]
        out += omp_banner(ver, at(t0, 0.8 + k * 0.1), apids[k])
        return out

    progress = []
    for i, it in enumerate(range(18000, 19601, 400)):
        t = at(t0, 9100 + i * 150)
        progress.append("[default0]:%s | it %d | loss %.5f | auc %.4f | %.1f ex/s/rank" % (
            stamp(t), it, 0.13211 - i * 0.0002, 0.7711 + i * 0.0006, 5120.4 - i * 3))

    # node 2 (victim)
    n2 = start(1)
    n2 += ["[default%d]:%s | rank %d | embedding shard %d loaded (%.1f GiB)" % (
        i, stamp(at(t0, 40 + i)), 8 + i, 8 + i, 13.1 + (i % 3) * 0.2) for i in range(8)]
    t_det = at(t_kill, 4.4)
    n2 += sigterm_lines(ver, t_det, [p for j, p in enumerate(wpids[1]) if j != victim_local], apids[1])
    n2.append(failed_line(ver, at(t_det, 1.9), -9, victim_local, victim_pid, py, apids[1]))
    n2 += child_failed(ver, script, dict(when=t_kill, host=nodes[1], rank=9, local_rank=1, exitcode=-9,
                                         pid=victim_pid),
                       [dict(when=at(t_det, 1.9), host=nodes[1], rank=8 + j, local_rank=j, exitcode=-15,
                             pid=wpids[1][j]) for j in range(8) if j != victim_local][:3]).split("\n")
    files[nodes[1] + "/torchrun.log"] = lines(n2)

    # node 1 and 3: gloo errors, loud
    def peer(k, first_rank):
        out = start(k)
        if k == 0:
            out += progress
        t_e = at(t_kill, 0.9 + k * 0.2)
        fr = [(script, 301, "<module>", "main(cfg)"),
              (script, 262, "main", "loss.backward()"),
              (site + "/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
              (site + "/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
              (site + "/torch/autograd/graph.py", 825, "_engine_run_backward",
               "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
        for j in range(8):
            r = first_rank + j
            err = gloo_reset(ips[1], 41200 + r * 7, src="new", line=589) if j % 2 == 0 else \
                gloo_closed(ips[1], 41200 + r * 7, src="new", line=534)
            out.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (j, r))
            out += ["[default%d]:[rank%d]: " % (j, r) + l for l in
                    traceback(fr, "RuntimeError: " + err).split("\n")[1:]]
        t_d = at(t_e, 3.1)
        out += sigterm_lines(ver, t_d, wpids[k][1:], apids[k])
        out.append(failed_line(ver, at(t_d, 2.2), 1, 0, wpids[k][0], py, apids[k]))
        out += child_failed(ver, script, dict(when=t_e, host=nodes[k], rank=first_rank, local_rank=0, exitcode=1,
                                              pid=wpids[k][0]),
                            [dict(when=at(t_e, 0.01 * j), host=nodes[k], rank=first_rank + j, local_rank=j,
                                  exitcode=1, pid=wpids[k][j]) for j in (1, 2)]).split("\n")
        return out

    files[nodes[0] + "/torchrun.log"] = lines(peer(0, 0))
    files[nodes[2] + "/torchrun.log"] = lines(peer(2, 16))

    up0 = 1901112.0
    base_k = D("2024-07-22 16:47:30")

    def k(dt_, msg):
        return dmesg_up(up0 + dt_, msg)

    d2 = [dmesg_up(1890021.77, "perf: interrupt took too long (3172 > 3138), lowering kernel.perf_event_max_sample_rate to 63000"),
          k(0.0, "python3.10 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
          k(0.000011, "CPU: 37 PID: 30111 Comm: python3.10 Not tainted 5.15.0-105-generic #115-Ubuntu"),
          k(0.000013, "Hardware name: Supermicro SYS-2029U-TR4/X11DPU, BIOS 3.8a 11/02/2023"),
          k(0.000201, "Mem-Info:"),
          k(0.000209, "active_anon:62771822 inactive_anon:1209833 isolated_anon:0"),
          k(0.000211, " active_file:1190 inactive_file:877 isolated_file:0"),
          k(0.000216, " free:167004 free_pcp:412 free_cma:0"),
          k(0.000401, "Tasks state (memory values in pages):"),
          k(0.000402, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
          k(0.000405, "[   1207]     0  1207    24412     1211   204800        0         -1000 systemd-udevd"),
          k(0.000409, "[   2281]   998  2281 35210871 34861130 281591808        0         -1000 ruby"),
          k(0.000412, "[   2290]   998  2290    61042     9988   466944        0         -1000 ruby"),
          k(0.000415, "[   3310]     0  3310   310221    18410   659456        0             0 node_exporter"),
          k(0.000419, "[  30099]  1014 30099  1412010    81231  1044480        0             0 torchrun")]
    for j, p in enumerate(wpids[1]):
        rss = 3563110 if j == victim_local else 3401000 + j * 9137
        d2.append(k(0.00042 + j * 0.000003, "[  %5d]  1014 %5d  5210331  %7d  29618176        0             0 python3.10" % (p, p, rss)))
    d2 += [k(0.000512, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,"
                       "task_memcg=/user.slice/user-1014.slice/session-88.scope,task=python3.10,pid=%d,uid=1014" % victim_pid),
           k(0.000538, "Out of memory: Killed process %d (python3.10) total-vm:20841324kB, anon-rss:14252440kB, "
                       "file-rss:0kB, shmem-rss:0kB, UID:1014 pgtables:28924kB oom_score_adj:0" % victim_pid),
           k(0.51, "oom_reaper: reaped process %d (python3.10), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB" % victim_pid)]
    files[nodes[1] + "/dmesg.txt"] = lines(d2)
    files[nodes[1] + "/ps-aux-sorted-rss.txt"] = lines(
        "# collected 2024-07-22 16:52:02 after job exit (ps aux --sort=-rss | head)",
        "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
        "td-agent    2281  6.1 52.9 140843484 139444520 ?  Ssl  Jul09 1180:44 /opt/td-agent/bin/ruby -Eascii-8bit:ascii-8bit /opt/td-agent/bin/fluentd --log /var/log/td-agent/td-agent.log --daemon /var/run/td-agent/td-agent.pid",
        "td-agent    2290  0.0  0.0 244168 39952 ?        Sl   Jul09   0:41 /opt/td-agent/bin/ruby -Eascii-8bit:ascii-8bit /opt/td-agent/bin/fluentd --under-supervisor",
        "root        3310  0.4  0.0 1240884 73640 ?       Ssl  Jul09  81:02 /usr/local/bin/node_exporter --collector.systemd",
        "root        1109  0.0  0.0 180260 48112 ?        Ss   Jul09   1:12 /lib/systemd/systemd-journald")
    files[nodes[1] + "/td-agent.log"] = lines(
        "2024-07-22 09:14:02 +0000 [warn]: #0 failed to flush the buffer. retry_times=11 next_retry_time=2024-07-22 09:31:40 +0000 chunk=\"61dc0b6f2c1\" error_class=Elasticsearch::Transport::Transport::Errors::ServiceUnavailable error=\"[503] {\\\"error\\\":\\\"cluster_block_exception\\\"}\"",
        "2024-07-22 11:02:55 +0000 [warn]: #0 failed to flush the buffer. retry_times=15 next_retry_time=2024-07-22 13:19:07 +0000 chunk=\"61dc0b6f2c1\" error_class=Elasticsearch::Transport::Transport::Errors::ServiceUnavailable error=\"[503]\"",
        "2024-07-22 13:19:08 +0000 [warn]: #0 buffer memory usage 118.2GB, total_limit_size ignored (buffer_type memory, overflow_action block)",
        "2024-07-22 16:40:12 +0000 [warn]: #0 buffer memory usage 131.6GB")
    files[nodes[1] + "/free-m.txt"] = lines(
        "# 16:52:02",
        "               total        used        free      shared  buff/cache   available",
        "Mem:          257588      136021      120114          22        1452      119870",
        "Swap:              0           0           0")
    for kk in (0, 2):
        files[nodes[kk] + "/free-m.txt"] = lines(
            "# 16:52:02",
            "               total        used        free      shared  buff/cache   available",
            "Mem:          257588        3981      249310          21        4297      251622",
            "Swap:              0           0           0")
        files[nodes[kk] + "/dmesg.txt"] = lines(
            dmesg_up(1899120.55 - kk * 3, "IPv4: martian source 10.40.2.255 from 10.40.2.1, on dev eno1"))
    files["launch.sh"] = lines(
        "#!/bin/bash",
        "# launched with: pdsh -w trn-cpu-[01-03] 'cd /srv/jobs/recsys && ./launch.sh'",
        "NODE_RANK=$(( ${HOSTNAME: -1} - 1 ))",
        "exec torchrun --nnodes 3 --nproc-per-node 8 --node-rank $NODE_RANK --master-addr trn-cpu-01 \\",
        "    --master-port 29500 /srv/jobs/recsys/train_dlrm_cpu.py --embedding-shards 24 --batch-size 4096 \\",
        "    > /srv/jobs/recsys/logs/$(hostname)/torchrun.log 2>&1")
    label = dict(category="oom", layer="infrastructure", culprit={"node": "trn-cpu-02", "rank": None},
                 action="restart_without_node",
                 rationale="The kernel OOM killer on trn-cpu-02 killed rank 9 (exitcode -9) while the node's "
                           "fluentd/td-agent (ruby, oom_score_adj -1000) held ~133 GB of RAM; the training ranks "
                           "were ~14 GB each as on the other nodes. A foreign process exhausted that node's memory.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/8976")
    return "ca02_exitcode_minus9_rank9_gloo_resets_elsewhere", label, files


# ======================================================================================
# ca03: SIGSEGV at the same global step twice, on different hardware: user's own C++ op
# ======================================================================================

def ca03():
    ver = "2.1"
    site = SITE[ver]
    job = 3301877
    script = "/lustre/u/kpatel/geo3d/train.py"
    py = "/usr/bin/python3"
    files = {}
    atts = [
        dict(n=["hpc-g11", "hpc-g12"], t0=D("2024-02-05 20:35:02"), start_step=0, pid0=[61200, 55810],
             crash=D("2024-02-06 03:44:18.551"), apid=[61188, 55797]),
        dict(n=["hpc-g15", "hpc-g16"], t0=D("2024-02-06 04:09:31"), start_step=16000, pid0=[72101, 80444],
             crash=D("2024-02-06 04:58:31.090"), apid=[72090, 80430]),
    ]
    for ai, A in enumerate(atts, 1):
        t0 = A["t0"]
        n1, n2 = A["n"]
        pre = "attempt_%d/" % ai
        crash = A["crash"]
        vpid = A["pid0"][1] + 5
        logs = {n1: [], n2: []}
        for node, k in ((n1, 0), (n2, 1)):
            logs[node].append("srun: launching torchrun on %s (SLURM_PROCID=%d, SLURM_RESTART_COUNT=%d)" % (node, k, ai - 1))
            logs[node] += omp_banner(ver, t0)
        if A["start_step"]:
            logs[n1].append("[default0]:%s INFO resumed from /lustre/u/kpatel/geo3d/ckpt/step_016000.pt" % stamp(at(t0, 55)))
        for s in range(max(A["start_step"], 17000), 18001, 250):
            t = at(crash, -(18000 - s) * 1.43 - 2)
            logs[n1].append("[default0]:%s INFO step %d loss_e %.4f loss_f %.4f lr %.3e %.2f it/s" % (
                stamp(t), s, 0.0412 - (s - 17000) * 1e-6, 0.1191 - (s - 17000) * 2e-6, 4.0e-4, 0.70))
        logs[n2].append("[default5]:%s DEBUG rank 13 step 18000 batch mol ids 2207776..2207791 n_atoms=[23, 31, 0, 18, ...]" % stamp(at(crash, -0.9)))
        seg = ["[default5]:Fatal Python error: Segmentation fault",
               "[default5]:",
               "[default5]:Thread 0x00007f3b5effd640 (most recent call first):",
               '[default5]:  File "/usr/lib/python3.10/threading.py", line 324 in wait',
               '[default5]:  File "/usr/lib/python3.10/threading.py", line 607 in wait',
               '[default5]:  File "%s/tqdm/_monitor.py", line 60 in run' % site,
               '[default5]:  File "/usr/lib/python3.10/threading.py", line 1016 in _bootstrap_inner',
               '[default5]:  File "/usr/lib/python3.10/threading.py", line 973 in _bootstrap',
               "[default5]:",
               "[default5]:Current thread 0x00007f3c9a1f3740 (most recent call first):",
               '[default5]:  File "/lustre/u/kpatel/geo3d/geo3d/ops/radius_graph.py", line 41 in radius_graph',
               '[default5]:  File "/lustre/u/kpatel/geo3d/geo3d/models/egnn.py", line 118 in forward',
               '[default5]:  File "%s/torch/nn/modules/module.py", line 1527 in _call_impl' % site,
               '[default5]:  File "%s/torch/nn/modules/module.py", line 1518 in _wrapped_call_impl' % site,
               '[default5]:  File "%s/torch/nn/parallel/distributed.py", line 1359 in _run_ddp_forward' % site,
               '[default5]:  File "%s/torch/nn/parallel/distributed.py", line 1519 in forward' % site,
               '[default5]:  File "%s/torch/nn/modules/module.py", line 1527 in _call_impl' % site,
               '[default5]:  File "/lustre/u/kpatel/geo3d/train.py", line 203 in train_step',
               '[default5]:  File "/lustre/u/kpatel/geo3d/train.py", line 259 in main',
               '[default5]:  File "/lustre/u/kpatel/geo3d/train.py", line 288 in <module>',
               "[default5]:",
               "[default5]:Extension modules: numpy.core._multiarray_umath, numpy.core._multiarray_tests, numpy.linalg._umath_linalg, "
               "torch._C, torch._C._fft, torch._C._linalg, torch._C._nn, torch._C._sparse, torch._C._special, "
               "geo3d._C, yaml._yaml (total: 23)"]
        logs[n2] += seg
        t_det = at(crash, 4.6)
        others = [A["pid0"][1] + j for j in range(8) if j != 5]
        logs[n2] += sigterm_lines(ver, t_det, others)
        logs[n2].append(failed_line(ver, at(t_det, 0.4), -11, 5, vpid, py))
        logs[n2] += child_failed(ver, script, dict(when=crash, host=n2, rank=13, local_rank=5, exitcode=-11, pid=vpid),
                                 [dict(when=at(t_det, 0.4), host=n2, rank=8 + j, local_rank=j, exitcode=-15,
                                       pid=A["pid0"][1] + j) for j in (0, 1)]).split("\n")
        # node 1 ranks: gloo closed by peer
        ip2 = "10.12.0.%d" % (100 + int(n2[-2:]))
        for j in (0, 3):
            logs[n1].append("[default%d]:Traceback (most recent call last):" % j)
            logs[n1] += ["[default%d]:" % j + l for l in traceback(
                [(script, 288, "<module>", "main()"), (script, 262, "main", "loss.backward()"),
                 (site + "/torch/_tensor.py", 492, "backward", "torch.autograd.backward("),
                 (site + "/torch/autograd/__init__.py", 251, "backward",
                  "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                "RuntimeError: " + gloo_closed(ip2, 33100 + j * 13, line=534)).split("\n")[1:]]
        t1 = at(t_det, 1.1)
        logs[n1] += sigterm_lines(ver, at(t1, 4.0), [A["pid0"][0] + j for j in (1, 2, 4, 5, 6, 7)])
        logs[n1].append(failed_line(ver, at(t1, 4.5), 1, 0, A["pid0"][0], py))
        logs[n1] += child_failed(ver, script, dict(when=t1, host=n1, rank=0, local_rank=0, exitcode=1,
                                                   pid=A["pid0"][0])).split("\n")
        files[pre + n1 + "/torchrun.log"] = lines(logs[n1])
        files[pre + n2 + "/torchrun.log"] = lines(logs[n2])
        up = 600000.0 + ai * 91234.5
        files[pre + n2 + "/dmesg.txt"] = lines(
            dmesg_up(up - 40000, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none."),
            dmesg_up(up, "python3[%d]: segfault at 7f2b40000010 ip 00007f2c1b4a2e3d sp 00007ffc3b1a8f60 error 4 in "
                         "_C.cpython-310-x86_64-linux-gnu.so[7f2c1b48f000+5a000]" % vpid),
            dmesg_up(up + 0.000021, "Code: 48 8b 04 c8 48 89 45 b8 8b 45 c4 83 c0 01 48 63 d0 48 8b 45 a8 <f3> 0f 10 04 90 f3 0f 11 45 cc 48 8b 45 d0 48 8b 00"))
        files[pre + n1 + "/dmesg.txt"] = lines(
            dmesg_up(up - 39000, "Lustre: Mounted scratch-client"))
    files["slurm-%d.out" % job] = lines(
        "== attempt 1 (nodes hpc-g[11-12]) ==",
        "srun: error: hpc-g12: task 1: Exited with exit code 1",
        "srun: error: hpc-g11: task 0: Exited with exit code 1",
        "slurmstepd: error: *** JOB %d ON hpc-g11 CANCELLED AT 2024-02-06T03:44:31 DUE TO JOB REQUEUE ***" % job,
        "== attempt 2 (nodes hpc-g[15-16], SLURM_RESTART_COUNT=1) ==",
        "resuming from step_016000.pt",
        "srun: error: hpc-g16: task 1: Exited with exit code 1",
        "srun: error: hpc-g15: task 0: Exited with exit code 1")
    files["sacct.txt"] = lines(
        "JobID           JobName      State ExitCode   NodeList  Restarts",
        "------------ ---------- ---------- -------- ---------- ---------",
        "%d         geo3d-egnn     FAILED      1:0 hpc-g[15-16]         1" % job,
        "%d.batch        batch     FAILED      1:0    hpc-g15         1" % job,
        "%d.0         torchrun     FAILED      1:0 hpc-g[15-16]         1" % job)
    files["repo-notes.txt"] = lines(
        "geo3d: in-house package, C++ ops built in the job prolog with `pip install -e . --no-build-isolation`",
        "  csrc/radius_graph.cpp   (last change: 'vectorize neighbor search, assume n_atoms >= 1')",
        "  geo3d/ops/radius_graph.py -> geo3d._C.radius_graph(pos, batch, r, max_nbrs)")
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Both attempts died with SIGSEGV on rank 13 at global step 18000 inside the job's own "
                           "geo3d._C radius_graph op, on different nodes (hpc-g12 then hpc-g16), on a batch containing "
                           "a zero-atom molecule; the crash follows the data and code, not the hardware.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/80802")
    return "ca03_sigsegv_rank13_after_requeue", label, files


# ======================================================================================
# ca04: random segfault/abort on the same node across attempts; EDAC memory errors
# ======================================================================================

def ca04():
    ver = "2.3"
    site = SITE[ver]
    job = 4410923
    script = "/home/rliu/speech/train_ctc.py"
    py = "/opt/venv/bin/python3.11"
    files = {}
    A1 = dict(nodes=["hpc-c05", "hpc-c06", "hpc-c07", "hpc-c08"], t0=D("2024-04-09 02:00:12"),
              crash=D("2024-04-09 07:31:05.871"), bad_idx=2, local=1, sig=-11)
    A2 = dict(nodes=["hpc-c07", "hpc-c08", "hpc-c11", "hpc-c12"], t0=D("2024-04-09 07:40:40"),
              crash=D("2024-04-09 09:02:48.310"), bad_idx=0, local=2, sig=-6)
    for ai, A in enumerate((A1, A2), 1):
        pre = "attempt_%d/" % ai
        nodes = A["nodes"]
        bad = nodes[A["bad_idx"]]
        bad_rank = A["bad_idx"] * 4 + A["local"]
        base_pid = 40000 + ai * 1111
        for k, n in enumerate(nodes):
            out = ["srun: %s node_rank=%d" % (n, k)]
            out += omp_banner(ver, A["t0"], base_pid + k * 100 - 9)
            if k == 0:
                for i in range(4):
                    t = at(A["crash"], -600 + i * 150)
                    out.append("[default0]:[%s] epoch %d it %d/%d ctc %.3f wer %.3f lr %.2e" % (
                        stamp(t), 3 + ai, 2100 + i * 100, 4200, 0.612 - i * 0.004, 0.188 - i * 0.001, 5e-4))
            if n == bad:
                lr = A["local"]
                vpid = base_pid + k * 100 + lr
                if A["sig"] == -11:
                    out += ["[default%d]:Fatal Python error: Segmentation fault" % lr,
                            "[default%d]:" % lr,
                            "[default%d]:Current thread 0x00007f81e77fe740 (most recent call first):" % lr,
                            '[default%d]:  File "%s/numpy/core/_methods.py", line 49 in _sum' % (lr, site),
                            '[default%d]:  File "/home/rliu/speech/speech/features.py", line 77 in spec_augment' % lr,
                            '[default%d]:  File "/home/rliu/speech/speech/data.py", line 140 in __getitem__' % lr,
                            '[default%d]:  File "%s/torch/utils/data/_utils/fetch.py", line 51 in <listcomp>' % (lr, site),
                            "[default%d]:" % lr]
                else:
                    out += ["[default%d]:malloc(): unsorted double linked list corrupted" % lr,
                            "[default%d]:Fatal Python error: Aborted" % lr,
                            "[default%d]:" % lr,
                            "[default%d]:Current thread 0x00007fa2c13fe740 (most recent call first):" % lr,
                            '[default%d]:  File "%s/torch/optim/adamw.py", line 480 in _multi_tensor_adamw' % (lr, site),
                            '[default%d]:  File "%s/torch/optim/adamw.py", line 335 in adamw' % (lr, site),
                            '[default%d]:  File "/home/rliu/speech/train_ctc.py", line 188 in train_step' % lr,
                            "[default%d]:" % lr]
                t_det = at(A["crash"], 3.3)
                out += sigterm_lines(ver, t_det, [base_pid + k * 100 + j for j in range(4) if j != lr])
                out.append(failed_line(ver, at(t_det, 0.8), A["sig"], lr, vpid, py))
                out += child_failed(ver, script, dict(when=A["crash"], host=n, rank=bad_rank, local_rank=lr,
                                                      exitcode=A["sig"], pid=vpid)).split("\n")
            else:
                ip_bad = "10.12.1.%d" % int(bad[-2:])
                t_e = at(A["crash"], 3.9 + k * 0.05)
                r0 = k * 4
                out.append("[default0]:Traceback (most recent call last):")
                out += ["[default0]:" + l for l in traceback(
                    [(script, 230, "<module>", "main()"), (script, 181, "train_step", "loss.backward()"),
                     (site + "/torch/_tensor.py", 525, "backward", "torch.autograd.backward("),
                     (site + "/torch/autograd/__init__.py", 267, "backward",
                      "_engine_run_backward("),
                     (site + "/torch/autograd/graph.py", 744, "_engine_run_backward",
                      "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                    "RuntimeError: " + gloo_closed(ip_bad, 35500 + k, line=534)).split("\n")[1:]]
                out += sigterm_lines(ver, at(t_e, 4.2), [base_pid + k * 100 + j for j in (1, 2, 3)])
                out.append(failed_line(ver, at(t_e, 5.0), 1, 0, base_pid + k * 100, py))
                out += child_failed(ver, script, dict(when=t_e, host=n, rank=r0, local_rank=0, exitcode=1,
                                                      pid=base_pid + k * 100)).split("\n")
            files[pre + n + "/torchrun.log"] = lines(out)
            if n != "hpc-c07":
                files[pre + n + "/dmesg.txt"] = lines(
                    dmesg_T(at(A["t0"], -86000), "EDAC skx: ECC is enabled."),
                    dmesg_T(at(A["t0"], -85990), "Lustre: Mounted proj-client"))
    # the bad node's kernel log (shared across attempts: same machine, boot not changed)
    c07 = [dmesg_T(D("2024-04-02 06:11:40"), "EDAC skx: ECC is enabled."),
           dmesg_T(D("2024-04-08 19:40:02"), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1a2b0 offset:0x140 grain:32 syndrome:0x0 -  err_code:0x0000:0x009f socket:1 imc:1 rank:0 bg:2 ba:1 row:0x1e3c4 col:0x3d8 retry_rd_err_log[...])")]
    t = D("2024-04-09 01:00:00")
    for i in range(9):
        c07.append(dmesg_T(at(t, i * 2700 + 311), "EDAC MC1: %d CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1a%03x offset:0x%x grain:32 syndrome:0x0 -  err_code:0x0000:0x009f socket:1 imc:1 rank:0 bg:2 ba:%d row:0x1e3%02x)" % (
            1 + i % 3, 0x2b0 + i * 7, 0x40 * (i % 4), i % 4, 0xc4 + i)))
    c07 += [dmesg_T(D("2024-04-09 07:31:05"), "python3.11[%d]: segfault at 55d1e9a0 ip 00007f81d3c4ab12 sp 00007ffd6d4e2290 error 4 in _multiarray_umath.cpython-311-x86_64-linux-gnu.so[7f81d3a00000+3b5000]" % (40000 + 1111 + 200 + 1)),
            dmesg_T(D("2024-04-09 07:55:16"), "mce: [Hardware Error]: Machine check events logged"),
            dmesg_T(D("2024-04-09 07:55:16"), "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1a6c1 offset:0x0 grain:32 -  err_code:0x0000:0x009f socket:1 imc:1 rank:0 bg:3 ba:0 row:0x1e3d1)"),
            dmesg_T(D("2024-04-09 08:40:03"), "EDAC MC1: 3 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3f1a70c offset:0x80 grain:32 syndrome:0x0)")]
    files["attempt_2/hpc-c07/dmesg.txt"] = lines(c07)
    files["attempt_1/hpc-c07/dmesg.txt"] = lines(c07[:12])
    files["attempt_2/hpc-c07/edac-util.txt"] = lines(
        "$ edac-util -v",
        "mc0: 0 Uncorrected Errors with no DIMM info",
        "mc0: 0 Corrected Errors with no DIMM info",
        "mc1: csrow0: mc#1_chan#0_dimm#0: 2 Uncorrected Errors",
        "mc1: csrow0: mc#1_chan#0_dimm#0: 4781 Corrected Errors",
        "mc1: csrow0: mc#1_chan#1_dimm#0: 0 Corrected Errors")
    files["slurm-%d.out" % job] = lines(
        "[attempt 1] nodes: hpc-c[05-08]",
        "srun: error: hpc-c07: task 2: Exited with exit code 1",
        "srun: error: hpc-c05: task 0: Exited with exit code 1",
        "srun: error: hpc-c06: task 1: Exited with exit code 1",
        "srun: error: hpc-c08: task 3: Exited with exit code 1",
        "[attempt 2] requeued, nodes: hpc-c[07-08,11-12], resume from ckpt epoch 4",
        "srun: error: hpc-c07: task 0: Exited with exit code 1",
        "srun: error: hpc-c08: task 1: Exited with exit code 1",
        "srun: error: hpc-c11: task 2: Exited with exit code 1",
        "srun: error: hpc-c12: task 3: Exited with exit code 1")
    label = dict(category="host", layer="infrastructure", culprit={"node": "hpc-c07", "rank": None},
                 action="restart_without_node",
                 rationale="Two attempts crashed in unrelated places (numpy SIGSEGV, glibc heap corruption SIGABRT), "
                           "both times on whichever ranks ran on hpc-c07, whose DIMM on MC1/Chan0 logs a corrected-"
                           "error storm and an uncorrectable error. Bad host memory, not the code.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/184062")
    return "ca04_random_segfault_then_malloc_abort", label, files


# ======================================================================================
# ca05: one node's NIC lost link; everybody else reports read errors against its IP
# ======================================================================================

def ca05():
    ver = "2.0"
    site = SITE[ver]
    nodes = ["gl-node1", "gl-node2", "gl-node3", "gl-node4"]
    ips = ["10.0.7.11", "10.0.7.12", "10.0.7.13", "10.0.7.14"]
    script = "/data/shared/ctr/train_widedeep.py"
    py = "/opt/conda/bin/python"
    t0 = D("2023-11-14 10:02:30")
    t_down = D("2023-11-14 11:52:07")
    t_err = at(t_down, 925.4)
    files = {}
    for k, n in enumerate(nodes):
        apid = 7100 + k * 1000
        wp = [apid + 12 + j for j in range(2)]
        out = ["$ torchrun --nnodes=4 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=gl-node1:29400 "
               "--rdzv_id=ctr-1114 %s" % script]
        out += omp_banner(ver, t0)
        if k == 0:
            for i in range(6):
                out.append("[default0]:%s epoch 2 step %d/12000 loss %.4f auc %.4f" % (
                    stamp(at(t_down, -1500 + i * 300)), 6400 + i * 250, 0.4411 - i * 0.0007, 0.8021 + i * 0.0003))
        if n == "gl-node3":
            out.append("WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'gl-node3_%d_0' has "
                       "failed to send a keep-alive heartbeat to the rendezvous 'ctr-1114' due to an error of type "
                       "RendezvousConnectionError." % apid)
            errs = [gloo_reset(ips[0], 44120, src="conda", line=598).replace(": Connection reset by peer",
                                                                               ": Connection timed out"),
                    gloo_reset(ips[3], 45871, src="conda", line=598).replace(": Connection reset by peer",
                                                                              ": Connection timed out")]
        else:
            errs = [gloo_reset(ips[2], 39000 + k * 11 + j, src="conda", line=598).replace(
                ": Connection reset by peer", ": Connection timed out") for j in range(2)]
        for j in range(2):
            r = k * 2 + j
            out.append("[default%d]:Traceback (most recent call last):" % j)
            out += ["[default%d]:" % j + l for l in traceback(
                [(script, 190, "<module>", "main()"), (script, 152, "main", "loss.backward()"),
                 (site + "/torch/_tensor.py", 487, "backward", "torch.autograd.backward("),
                 (site + "/torch/autograd/__init__.py", 200, "backward",
                  "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                "RuntimeError: " + errs[j]).split("\n")[1:]]
        te = at(t_err, 0.2 * k) if n != "gl-node3" else at(t_err, -0.8)
        out += sigterm_lines(ver, at(te, 3.5), [wp[1]])
        out.append(failed_line(ver, at(te, 3.9), 1, 0, wp[0], py))
        out += child_failed(ver, script, dict(when=te, host=n, rank=k * 2, local_rank=0, exitcode=1, pid=wp[0]),
                            [dict(when=at(te, 4), host=n, rank=k * 2 + 1, local_rank=1, exitcode=-15,
                                  pid=wp[1])]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["gl-node3/dmesg.txt"] = lines(
        dmesg_T(D("2023-11-01 08:00:12"), "mlx5_core 0000:17:00.0 enp23s0f0np0: Link up"),
        dmesg_T(t_down, "mlx5_core 0000:17:00.0 enp23s0f0np0: Link down"),
        dmesg_T(at(t_down, 0.01), "IPv6: ADDRCONF(NETDEV_CHANGE): enp23s0f0np0: link becomes not ready"),
        dmesg_T(at(t_down, 1.3), "mlx5_core 0000:17:00.0: mlx5_port_module_event:1165:(pid 0): Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)"))
    files["gl-node3/ethtool-enp23s0f0np0.txt"] = lines(
        "Settings for enp23s0f0np0:",
        "\tSupported ports: [ FIBRE ]",
        "\tSpeed: Unknown!",
        "\tDuplex: Unknown! (255)",
        "\tAuto-negotiation: on",
        "\tPort: Direct Attach Copper",
        "\tLink detected: no")
    files["gl-node3/ip-addr.txt"] = lines(
        "2: enp23s0f0np0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc mq state DOWN group default qlen 1000",
        "    link/ether 0c:42:a1:5e:77:90 brd ff:ff:ff:ff:ff:ff",
        "    inet 10.0.7.13/24 brd 10.0.7.255 scope global enp23s0f0np0")
    for k in (0, 1, 3):
        files[nodes[k] + "/dmesg.txt"] = lines(
            dmesg_T(D("2023-11-01 08:00:10"), "mlx5_core 0000:17:00.0 enp23s0f0np0: Link up"),
            dmesg_T(D("2023-11-10 13:21:44"), "nfs: server fs01 not responding, still trying"),
            dmesg_T(D("2023-11-10 13:21:51"), "nfs: server fs01 OK"))
    label = dict(category="network", layer="infrastructure", culprit={"node": "gl-node3", "rank": None},
                 action="restart_without_node",
                 rationale="gl-node3's port lost carrier at 11:52:07 (mlx5 link down, cable/module error, ethtool "
                           "'Link detected: no'); every other node's gloo read errors time out against 10.0.7.13 ~15 "
                           "min later. A single node's link, not the fabric.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/78514")
    return "ca05_gloo_read_error_connection_timed_out", label, files


# ======================================================================================
# ca06: ModuleNotFoundError on one node only; its local venv was provisioned incompletely
# ======================================================================================

def ca06():
    ver = "2.3"
    site = SITE[ver]
    job = 556120
    nodes = ["cn-b05", "cn-b06", "cn-b07"]
    script = "/proj/nlp/t5-cpu/finetune.py"
    py = "/opt/venvs/nlp-2024.04/bin/python"
    t0 = D("2024-05-02 16:20:09")
    files = {}
    for k, n in enumerate(nodes):
        apid = 90100 + k * 313
        out = ["+ source /opt/venvs/nlp-2024.04/bin/activate",
               "+ torchrun --nnodes=3 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=cn-b05:29400 --rdzv_id=556120 %s" % script]
        out += omp_banner(ver, at(t0, 1), apid)
        if n == "cn-b07":
            for j in range(4):
                out.append("[default%d]:Traceback (most recent call last):" % j)
                out += ["[default%d]:" % j + l for l in traceback(
                    [(script, 14, "<module>", "from transformers import T5TokenizerFast, T5ForConditionalGeneration"),
                     ("/opt/venvs/nlp-2024.04/lib/python3.11/site-packages/transformers/models/t5/tokenization_t5_fast.py",
                      38, "<module>", "from .tokenization_t5 import T5Tokenizer"),
                     ("/opt/venvs/nlp-2024.04/lib/python3.11/site-packages/transformers/models/t5/tokenization_t5.py",
                      23, "<module>", "import sentencepiece as spm")],
                    "ModuleNotFoundError: No module named 'sentencepiece'").split("\n")[1:]]
            tf = at(t0, 6.2)
            out.append(failed_line(ver, at(tf, 0.5), 1, 0, apid + 9, py, apid))
            out += child_failed(ver, script, dict(when=tf, host=n, rank=8, local_rank=0, exitcode=1, pid=apid + 9),
                                [dict(when=at(tf, 0.01 * j), host=n, rank=8 + j, local_rank=j, exitcode=1,
                                      pid=apid + 9 + j) for j in (1, 2, 3)]).split("\n")
        else:
            out.append("[default0]:%s loading t5-base tokenizer and weights from /proj/nlp/hf-cache" % stamp(at(t0, 7)))
            out.append(agent(ver, "W", at(t0, 9.1), "torch.distributed.elastic.agent.server.api",
                             "Received Signals.SIGTERM death signal, shutting down workers"))
            out += sigterm_lines(ver, at(t0, 9.1), [apid + 9 + j for j in range(4)])
            out += traceback(launcher_frames(ver, tail=[
                (SITE[ver] + "/torch/distributed/elastic/metrics/api.py", 124, "wrapper", "result = f(*args, **kwargs)"),
                (SITE[ver] + "/torch/distributed/elastic/agent/server/api.py", 727, "run",
                 "result = self._invoke_run(role)"),
                (SITE[ver] + "/torch/distributed/elastic/agent/server/api.py", 868, "_invoke_run",
                 "time.sleep(monitor_interval)"),
                (SITE[ver] + "/torch/distributed/elastic/multiprocessing/api.py", 62, "_terminate_process_handler",
                 "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")]),
                "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % apid).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["slurm-%d.out" % job] = lines(
        "srun: error: cn-b07: task 2: Exited with exit code 1",
        "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON cn-b05 CANCELLED AT %s ***" % (job, iso(at(t0, 9))),
        "srun: error: cn-b05: task 0: Exited with exit code 1",
        "srun: error: cn-b06: task 1: Exited with exit code 1")
    files["job.sbatch"] = lines(
        "#!/bin/bash",
        "#SBATCH -N 3 --ntasks-per-node=1 --cpus-per-task=64 -p cpu-long --exclusive",
        "#SBATCH --kill-on-invalid-dep=yes",
        "# node-local venv maintained by the platform team (see /opt/venvs/README)",
        "srun --kill-on-bad-exit=1 bash -c 'source /opt/venvs/nlp-2024.04/bin/activate && torchrun ... finetune.py'")
    for k, n in enumerate(nodes):
        pkgs = ["accelerate==0.29.3", "datasets==2.19.0", "numpy==1.26.4", "protobuf==4.25.3",
                "sentencepiece==0.2.0", "tokenizers==0.19.1", "torch==2.3.0+cpu", "transformers==4.40.1"]
        if n == "cn-b07":
            pkgs = [p for p in pkgs if not p.startswith(("sentencepiece", "protobuf"))]
        files[n + "/pip-freeze.txt"] = lines(pkgs)
    files["cn-b07/ansible-venv-provision.log"] = lines(
        "TASK [mlvenv : create /opt/venvs/nlp-2024.04] *********************************",
        "changed: [cn-b07]",
        "TASK [mlvenv : install requirements-nlp.txt] **********************************",
        "fatal: [cn-b07]: FAILED! => {\"changed\": false, \"cmd\": [\"/opt/venvs/nlp-2024.04/bin/pip\", \"install\", \"-r\", \"/opt/venvs/requirements-nlp.txt\"], \"msg\": \"stdout: ... ERROR: Could not install packages due to an OSError: HTTPSConnectionPool(host='pypi-mirror.internal', port=443): Read timed out.\"}",
        "PLAY RECAP *********************************************************************",
        "cn-b07                     : ok=14   changed=3    unreachable=0    failed=1    skipped=2    rescued=0    ignored=0",
        "# run at 2024-05-01 23:12 after node re-image (ticket OPS-4471)")
    files["cn-b05/dmesg.txt"] = lines(dmesg_T(D("2024-04-28 09:00:01"), "ice 0000:4b:00.0 ens1f0: NIC Link is up 25 Gbps Full Duplex"))
    files["cn-b07/dmesg.txt"] = lines(dmesg_T(D("2024-05-01 22:41:13"), "Linux version 5.14.0-362.24.1.el9_3.x86_64 (mockbuild@) #1 SMP PREEMPT_DYNAMIC"))
    label = dict(category="dependency", layer="infrastructure", culprit={"node": "cn-b07", "rank": None},
                 action="restart_without_node",
                 rationale="Only cn-b07's ranks fail at import with ModuleNotFoundError: sentencepiece; its node-local "
                           "platform venv was half-provisioned after a re-image (ansible pip step failed) while cn-b05/06 "
                           "have the package. The SIGTERMs on the other nodes are srun's kill-on-bad-exit.",
                 modelled_on="https://github.com/deepspeedai/DeepSpeed/issues/3489")
    return "ca06_modulenotfounderror_sentencepiece", label, files


# ======================================================================================
# ca07: /tmp full on one node -> inductor cache write fails there
# ======================================================================================

def ca07():
    ver = "2.5"
    site = SITE[ver]
    nodes = ["cpu-k1", "cpu-k2"]
    ips = ["172.20.9.31", "172.20.9.32"]
    script = "/home/mlops/jobs/tabular/train_ft_transformer.py"
    py = "/home/mlops/.venv/bin/python"
    t0 = D("2024-11-20 08:15:03")
    files = {}
    for k, n in enumerate(nodes):
        apid = 140200 + k * 17
        wp = [apid + 8 + j for j in range(4)]
        out = ["$ torchrun --nnodes=2 --nproc-per-node=4 --node-rank=%d --master-addr=cpu-k1 --master-port=29611 %s --compile" % (k, script)]
        out += omp_banner(ver, at(t0, 0.4), apid)
        out.append("[default0]:%s [rank%d] torch.compile(mode='max-autotune-no-cudagraphs') ..." % (stamp(at(t0, 21)), k * 4))
        if n == "cpu-k2":
            for j in range(4):
                r = 4 + j
                out.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (j, r))
                body = traceback(
                    [(script, 244, "<module>", "main()"), (script, 198, "main", "out = model(xb)"),
                     (site + "/torch/nn/modules/module.py", 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                     (site + "/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                     (site + "/torch/_dynamo/convert_frame.py", 1269, "__call__",
                      "return self._torchdynamo_orig_callable("),
                     (site + "/torch/_dynamo/output_graph.py", 1465, "call_user_compiler",
                      "raise BackendCompilerFailed(self.compiler_fn, e) from e")],
                    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                    "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_mlops/%s/c%s.cpp'\n\n"
                    "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information\n\n"
                    "You can suppress this exception and fall back to eager by setting:\n"
                    "    import torch._dynamo\n"
                    "    torch._dynamo.config.suppress_errors = True" % (["q7", "ax", "3f", "zk"][j],
                                                                       ["q7w2lmhd", "axk3n1pv", "3fbyr0ee", "zk11x0tq"][j]))
                out += ["[default%d]:[rank%d]: " % (j, r) + l for l in body.split("\n")[1:]]
            tf = at(t0, 58.4)
            out.append(failed_line(ver, at(tf, 1.0), 1, 0, wp[0], py, apid))
            out += child_failed(ver, script, dict(when=tf, host=n, rank=4, local_rank=0, exitcode=1, pid=wp[0]),
                                [dict(when=at(tf, 0.2 * j), host=n, rank=4 + j, local_rank=j, exitcode=1, pid=wp[j])
                                 for j in (1, 2, 3)]).split("\n")
        else:
            out.append("[default0]:%s [rank0] compiled graph 0 in 31.2s (cache miss)" % stamp(at(t0, 52)))
            for j in range(4):
                out.append("[default%d]:[rank%d]: RuntimeError: %s" % (j, j, gloo_closed(ips[1], 47001 + j, src="new", line=534)))
            tf = at(t0, 60.1)
            out += sigterm_lines(ver, at(tf, 3), wp[1:], apid)
            out.append(failed_line(ver, at(tf, 3.4), 1, 0, wp[0], py, apid))
            out += child_failed(ver, script, dict(when=tf, host=n, rank=0, local_rank=0, exitcode=1, pid=wp[0])).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["cpu-k2/df-h.txt"] = lines(
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p2  200G   61G  140G  31% /",
        "/dev/nvme0n1p3   50G   50G     0 100% /tmp",
        "tmpfs           126G     0  126G   0% /dev/shm",
        "nas02:/home     8.0T  5.1T  2.9T  64% /home")
    files["cpu-k2/du-tmp.txt"] = lines(
        "$ sudo du -xsh /tmp/* | sort -h | tail -5",
        "12M\t/tmp/torchinductor_mlops",
        "96M\t/tmp/pip-build-env-9k2x",
        "1.3G\t/tmp/tmpd5ndy5uy",
        "47G\t/tmp/ray/session_2024-11-07_14-22-51_093384_88210",
        "# owner of /tmp/ray: jhernandez (job finished 2024-11-08, ray never cleaned up its spill dir)")
    files["cpu-k1/df-h.txt"] = lines(
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p2  200G   58G  143G  29% /",
        "/dev/nvme0n1p3   50G  1.4G   49G   3% /tmp",
        "tmpfs           126G     0  126G   0% /dev/shm",
        "nas02:/home     8.0T  5.1T  2.9T  64% /home")
    files["cpu-k2/journal.txt"] = lines(
        journal(D("2024-11-20 03:00:01"), "cpu-k2", "systemd-tmpfiles[99811]", "Skipping /tmp/ray: age not exceeded (10d)"),
        journal(D("2024-11-20 08:16:01"), "cpu-k2", "kernel", "EXT4-fs warning (device nvme0n1p3): ext4_dx_add_entry:2516: Directory (ino: 131073) index full, reach max htree level :2"))
    label = dict(category="storage", layer="infrastructure", culprit={"node": "cpu-k2", "rank": None},
                 action="restart_without_node",
                 rationale="All four ranks on cpu-k2 fail in torch.compile with Errno 28 writing the inductor cache "
                           "because cpu-k2's local /tmp is 100% full of another user's leftover Ray spill files; "
                           "cpu-k1's /tmp is 3% used and its ranks only see the peer close.",
                 modelled_on="https://github.com/clearml/clearml/issues/627")
    return "ca07_backendcompilerfailed_errno28_four_ranks", label, files


# ======================================================================================
# ca08: wrong rendezvous endpoint on every node (stale hostname)
# ======================================================================================

def ca08():
    ver = "2.1"
    site = SITE[ver]
    job = 662410
    nodes = ["cpu-node-041", "cpu-node-042", "cpu-node-043"]
    t0 = D("2024-01-29 13:40:17")
    files = {}
    for k, n in enumerate(nodes):
        out = ["INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
               "  entrypoint       : /home/adiaz/bert-cpu/pretrain.py",
               "  min_nodes        : 3",
               "  max_nodes        : 3",
               "  nproc_per_node   : 2",
               "  run_id           : %d" % job,
               "  rdzv_backend     : c10d",
               "  rdzv_endpoint    : cpu-node-017:29400",
               "  rdzv_configs     : {'timeout': 900}",
               "  max_restarts     : 0",
               "  monitor_interval : 5",
               "  log_dir          : None",
               "  metrics_cfg      : {}",
               ""]
        for i in range(6):
            out.append("[W socket.cpp:663] [c10d] The client socket has failed to connect to [cpu-node-017]:29400 "
                       "(errno: 113 - No route to host).")
        out.append("[E socket.cpp:860] [c10d] The client socket has timed out after 60s while trying to connect to "
                   "(cpu-node-017, 29400).")
        out.append("ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:{")
        out.append('  "message": {')
        out.append('    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",')
        out.append('    "extraInfo": {"py_callstack": "...", "timestamp": "%d"}' % (1706535677 + k))
        out.append("  }")
        out.append("}")
        out += traceback([
            (site + "/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 156, "_create_tcp_store",
             "store = TCPStore("),
        ], "torch.distributed.DistNetworkError: The client socket has timed out after 60s while trying to connect to (cpu-node-017, 29400).").split("\n")
        out.append("")
        out.append("The above exception was the direct cause of the following exception:")
        out.append("")
        out += traceback(launcher_frames(ver, tail=[
            (site + "/torch/distributed/elastic/rendezvous/registry.py", 66, "get_rendezvous_handler",
             "return handler_registry.create_handler(params)"),
            (site + "/torch/distributed/elastic/rendezvous/api.py", 258, "create_handler", "handler = creator(params)"),
            (site + "/torch/distributed/elastic/rendezvous/registry.py", 36, "_create_c10d_handler",
             "backend, store = create_backend(params)"),
            (site + "/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 250, "create_backend",
             "store = _create_tcp_store(params)"),
            (site + "/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 176, "_create_tcp_store",
             "raise RendezvousConnectionError(")]),
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.").split("\n")
        files[n + "/torchrun.log"] = lines(out)
        files[n + "/getent-hosts.txt"] = lines("$ getent hosts cpu-node-017", "10.31.0.17      cpu-node-017.cluster cpu-node-017",
                                               "$ ping -c2 -W1 10.31.0.17",
                                               "From 10.31.0.%d icmp_seq=1 Destination Host Unreachable" % (41 + k),
                                               "--- 10.31.0.17 ping statistics ---",
                                               "2 packets transmitted, 0 received, +2 errors, 100% packet loss, time 1013ms")
    files["job.sbatch"] = lines(
        "#!/bin/bash",
        "#SBATCH -J bert-cpu-pt",
        "#SBATCH -N 3",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH -c 96",
        "#SBATCH -p cpu",
        "",
        "# copied from job 661002 (ran on cpu-node-017 last week)",
        "export MASTER_ADDR=cpu-node-017",
        "export MASTER_PORT=29400",
        "srun torchrun --nnodes=3 --nproc_per_node=2 --rdzv_backend=c10d \\",
        "     --rdzv_endpoint=${MASTER_ADDR}:${MASTER_PORT} --rdzv_id=$SLURM_JOB_ID \\",
        "     /home/adiaz/bert-cpu/pretrain.py --config configs/bert_base_cpu.yaml")
    files["scontrol-show-job.txt"] = lines(
        "JobId=%d JobName=bert-cpu-pt" % job,
        "   UserId=adiaz(31044) GroupId=nlp(3100) MCS_label=N/A",
        "   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)",
        "   RunTime=00:01:04 TimeLimit=2-00:00:00 TimeMin=N/A",
        "   NodeList=cpu-node-[041-043]",
        "   BatchHost=cpu-node-041")
    files["sinfo-cpu-node-017.txt"] = lines(
        "$ scontrol show node cpu-node-017 | egrep 'State|Reason'",
        "   State=DOWN+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Reason=PSU swap, ticket HW-2207 [root@2024-01-26T09:12:40]")
    files["slurm-%d.out" % job] = lines(
        "srun: error: cpu-node-042: task 1: Exited with exit code 1",
        "srun: error: cpu-node-041: task 0: Exited with exit code 1",
        "srun: error: cpu-node-043: task 2: Exited with exit code 1")
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="All three allocated nodes fail identically trying to reach the rendezvous at cpu-node-017, "
                           "a host that is not in the allocation (hard-coded MASTER_ADDR copied from an older job, and "
                           "that node is drained). Bad launch configuration in the job script; the drained node is a "
                           "red herring.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/79388")
    return "ca08_rendezvousconnectionerror_on_all_nodes", label, files


# ======================================================================================
# ca09: two concurrent torchrun steps in one allocation share MASTER_PORT 29500
# ======================================================================================

def ca09():
    ver = "2.4"
    site = SITE[ver]
    job = 991344
    nodes = ["hpc-a01", "hpc-a02"]
    t0 = D("2024-09-24 13:01:40")
    files = {}
    # step .0 (training) logs on both nodes
    tr = {}
    for k, n in enumerate(nodes):
        apid = 56101 + k * 40
        out = ["[step 0] torchrun --nnodes 2 --nproc-per-node 4 --node-rank %d --master-addr hpc-a01 --master-port 29500 train.py" % k]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(3):
                out.append("[default0]:%s step %d loss %.3f (%.2f s/step)" % (stamp(at(t0, 40 + i * 30)), 10 + i * 10, 7.91 - i * 0.3, 2.9))
        tr[n] = out
    # step .1 (eval watcher) on hpc-a01 -> EADDRINUSE
    t1 = at(t0, 31.0)
    apid1 = 56310
    ev = ["[step 1] torchrun --nnodes 2 --nproc-per-node 1 --node-rank 0 --master-addr hpc-a01 --master-port 29500 eval_watcher.py"]
    ev.append("[W924 13:02:11.512312486 socket.cpp:752] [c10d] The server socket has failed to bind to [::]:29500 "
              "(errno: 98 - Address already in use).")
    ev.append("[W924 13:02:11.512481337 socket.cpp:752] [c10d] The server socket has failed to bind to 0.0.0.0:29500 "
              "(errno: 98 - Address already in use).")
    ev.append("[E924 13:02:11.512544902 socket.cpp:790] [c10d] The server socket has failed to listen on any local "
              "network address. port: 29500, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use")
    ev += traceback(launcher_frames(ver, tail=[
        (site + "/torch/distributed/elastic/metrics/api.py", 137, "wrapper", "result = f(*args, **kwargs)"),
        (site + "/torch/distributed/elastic/agent/server/api.py", 696, "run", "result = self._invoke_run(role)"),
        (site + "/torch/distributed/elastic/agent/server/api.py", 849, "_invoke_run", "self._initialize_workers(self._worker_group)"),
        (site + "/torch/distributed/elastic/agent/server/api.py", 668, "_initialize_workers", "self._rendezvous(worker_group)"),
        (site + "/torch/distributed/elastic/agent/server/api.py", 500, "_rendezvous", "rdzv_info = spec.rdzv_handler.next_rendezvous()"),
        (site + "/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", 67, "next_rendezvous", "self._store = TCPStore(  # type: ignore[call-arg]")]),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. "
        "port: 29500, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use").split("\n")
    files[nodes[0] + "/eval_watcher.log"] = lines(ev)
    files[nodes[1] + "/eval_watcher.log"] = lines(
        "[step 1] torchrun --nnodes 2 --nproc-per-node 1 --node-rank 1 --master-addr hpc-a01 --master-port 29500 eval_watcher.py",
        glog("W", at(t1, 2.3), 77120, "torch/distributed/elastic/agent/server/api.py:719",
             "Received Signals.SIGTERM death signal, shutting down workers"),
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process 77120 got signal: 15")
    # job killed: training SIGTERMed
    tk = at(t1, 2.6)
    for k, n in enumerate(nodes):
        apid = 56101 + k * 40
        wp = [apid + 9 + j for j in range(4)]
        tr[n].append(agent(ver, "W", tk, "torch.distributed.elastic.agent.server.api",
                           "Received Signals.SIGTERM death signal, shutting down workers", apid))
        tr[n] += sigterm_lines(ver, tk, wp, apid)
        if k == 1:
            tr[n].append("[default2]:[rank6]: RuntimeError: " + gloo_closed("10.60.1.1", 36011, src="new", line=534))
        tr[n] += traceback(launcher_frames(ver, tail=[
            (site + "/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler",
             "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")]),
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % apid).split("\n")
        files[n + "/train.log"] = lines(tr[n])
    files[nodes[0] + "/ss-ltnp.txt"] = lines(
        "# captured by the prolog-debug hook at %s" % stamp(at(t1, 0.5)),
        "State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process",
        "LISTEN 0      4096         0.0.0.0:29500      0.0.0.0:*     users:((\"torchrun\",pid=56101,fd=3))",
        "LISTEN 0      128          0.0.0.0:22         0.0.0.0:*     users:((\"sshd\",pid=1402,fd=3))",
        "LISTEN 0      4096       127.0.0.1:9100       0.0.0.0:*     users:((\"node_exporter\",pid=1799,fd=3))")
    files["run.sbatch"] = lines(
        "#!/bin/bash",
        "#SBATCH -N 2 --ntasks-per-node=1 -c 64 -p cpu --time=24:00:00",
        "set -euo pipefail",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "export MASTER_PORT=29500",
        "srun --overlap bash -c 'torchrun --nnodes 2 --nproc-per-node 4 --node-rank $SLURM_NODEID \\",
        "      --master-addr $MASTER_ADDR --master-port $MASTER_PORT train.py' &",
        "sleep 30",
        "srun --overlap bash -c 'torchrun --nnodes 2 --nproc-per-node 1 --node-rank $SLURM_NODEID \\",
        "      --master-addr $MASTER_ADDR --master-port $MASTER_PORT eval_watcher.py' &",
        "wait -n",
        "exit $?")
    files["slurm-%d.out" % job] = lines(
        "srun: error: hpc-a01: task 0: Exited with exit code 1",
        "srun: launch/slurm: _step_signal: Terminating StepId=%d.1" % job,
        "slurmstepd: error: *** STEP %d.1 ON hpc-a02 CANCELLED AT %s ***" % (job, iso(at(t1, 2))),
        "slurmstepd: error: *** JOB %d ON hpc-a01 CANCELLED AT %s ***" % (job, iso(at(t1, 2.5))),
        "srun: error: hpc-a02: task 1: Terminated",
        "srun: error: hpc-a01: task 0: Terminated")
    files["sacct.txt"] = lines(
        "JobID           JobName      State ExitCode",
        "------------ ---------- ---------- --------",
        "%d          llm-cpu     FAILED      1:0" % job,
        "%d.batch        batch     FAILED      1:0" % job,
        "%d.0             bash  CANCELLED     0:15" % job,
        "%d.1             bash     FAILED      1:0" % job)
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="The job script starts a second torchrun step on the same nodes with the same "
                           "--master-port 29500 that the training step's agent already listens on, so it dies with "
                           "EADDRINUSE and `wait -n` tears the whole job down. A launch-script bug; the training "
                           "SIGTERMs and gloo close are collateral.",
                 modelled_on="https://github.com/meta-pytorch/torchtune/issues/1025")
    return "ca09_eaddrinuse_29500_then_job_cancelled", label, files


# ======================================================================================
# ca10: one node behind a 1500-MTU leaf while hosts use 9000: small msgs ok, big allreduce hangs
# ======================================================================================

def ca10():
    ver = "2.2"
    site = SITE[ver]
    nodes = ["ml-cpu-a", "ml-cpu-b", "ml-cpu-c"]
    ips = ["10.9.0.21", "10.9.0.22", "10.9.0.23"]
    script = "/opt/jobs/asr/train_conformer.py"
    t0 = D("2024-06-11 07:30:02")
    t_hang = at(t0, 64)
    t_to = at(t_hang, 1800.3)
    files = {}
    for k, n in enumerate(nodes):
        apid = 3300 + k * 7
        wp = [apid + 6 + j for j in range(2)]
        out = ["$ torchrun --nnodes=3 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=ml-cpu-a:29400 --rdzv_id=asr-0611 %s" % script]
        out += omp_banner(ver, at(t0, 0.5), apid)
        out.append(agent(ver, "I", at(t0, 3), "torch.distributed.elastic.agent.server.api",
                         "[default] Rendezvous complete for workers. Result:", apid))
        out.append("  restart_count=0\n  master_addr=ml-cpu-a\n  master_port=45817\n  group_rank=%d\n  group_world_size=3\n"
                   "  local_ranks=[0, 1]\n  role_ranks=[%d, %d]\n  global_ranks=[%d, %d]\n  role_world_sizes=[6, 6]\n"
                   "  global_world_sizes=[6, 6]\n" % (k, 2 * k, 2 * k + 1, 2 * k, 2 * k + 1))
        out.append("[default0]:%s rank %d: process group ready (gloo), world_size=6" % (stamp(at(t0, 9)), 2 * k))
        if k == 0:
            out.append("[default0]:%s model params 118.6M, DDP buckets 25MB x 19" % stamp(at(t0, 30)))
            out.append("[default0]:%s starting epoch 0" % stamp(at(t0, 61)))
        for j in range(2):
            r = 2 * k + j
            err = gloo_send_timeout(1800000) if (n == "ml-cpu-c") else gloo_recv_timeout(1800000)
            out.append("[default%d]:Traceback (most recent call last):" % j)
            out += ["[default%d]:" % j + l for l in traceback(
                [(script, 301, "<module>", "main()"), (script, 240, "main", "loss.backward()"),
                 (site + "/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
                 (site + "/torch/autograd/__init__.py", 266, "backward",
                  "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                "RuntimeError: " + err).split("\n")[1:]]
        te = at(t_to, k * 0.3)
        out.append(failed_line(ver, at(te, 4.5), 1, 0, wp[0], "/usr/bin/python3"))
        out += child_failed(ver, script, dict(when=te, host=n, rank=2 * k, local_rank=0, exitcode=1, pid=wp[0]),
                            [dict(when=at(te, 0.04), host=n, rank=2 * k + 1, local_rank=1, exitcode=1, pid=wp[1])]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        mtu_line = "2: ens1f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP mode DEFAULT group default qlen 1000"
        files[n + "/ip-link.txt"] = lines(mtu_line, "    link/ether b8:ce:f6:2a:%02x:10 brd ff:ff:ff:ff:ff:ff" % (0x31 + k))
    files["ml-cpu-a/ping-df.txt"] = lines(
        "$ ping -M do -s 8972 -c 3 ml-cpu-b",
        "PING ml-cpu-b (10.9.0.22) 8972(9000) bytes of data.",
        "8980 bytes from ml-cpu-b (10.9.0.22): icmp_seq=1 ttl=64 time=0.211 ms",
        "8980 bytes from ml-cpu-b (10.9.0.22): icmp_seq=2 ttl=64 time=0.190 ms",
        "8980 bytes from ml-cpu-b (10.9.0.22): icmp_seq=3 ttl=64 time=0.188 ms",
        "--- ml-cpu-b ping statistics ---",
        "3 packets transmitted, 3 received, 0% packet loss, time 2041ms",
        "$ ping -M do -s 8972 -c 3 ml-cpu-c",
        "PING ml-cpu-c (10.9.0.23) 8972(9000) bytes of data.",
        "--- ml-cpu-c ping statistics ---",
        "3 packets transmitted, 0 received, 100% packet loss, time 2050ms",
        "$ ping -M do -s 1472 -c 3 ml-cpu-c",
        "1480 bytes from ml-cpu-c (10.9.0.23): icmp_seq=1 ttl=64 time=0.240 ms",
        "1480 bytes from ml-cpu-c (10.9.0.23): icmp_seq=2 ttl=64 time=0.229 ms",
        "1480 bytes from ml-cpu-c (10.9.0.23): icmp_seq=3 ttl=64 time=0.231 ms",
        "3 packets transmitted, 3 received, 0% packet loss, time 2003ms")
    files["ml-cpu-c/netstat-s-tcp.txt"] = lines(
        "Tcp:",
        "    1884 active connection openings",
        "    212440 segments retransmitted",
        "TcpExt:",
        "    TCPLostRetransmit: 10117",
        "    TCPTimeouts: 18840")
    files["ml-cpu-b/netstat-s-tcp.txt"] = lines(
        "Tcp:",
        "    1710 active connection openings",
        "    402 segments retransmitted",
        "TcpExt:",
        "    TCPLostRetransmit: 3",
        "    TCPTimeouts: 71")
    files["network-change.txt"] = lines(
        "CHG-30518 (2024-06-10, netops): moved ml-cpu-c from leaf-sw1 Eth1/17 to leaf-sw3 Eth1/05 (rack consolidation)",
        "leaf-sw1 Eth1/15-17: mtu 9216",
        "leaf-sw3 Eth1/05:    mtu 1500   (port profile 'default-access')")
    files["topology.json"] = '{"topology": {"leaf-sw1": ["ml-cpu-a", "ml-cpu-b"], "leaf-sw3": ["ml-cpu-c"]}}\n'
    label = dict(category="network", layer="infrastructure", culprit={"node": "ml-cpu-c", "rank": None},
                 action="restart_without_node",
                 rationale="Rendezvous and gloo setup (small packets) succeed, then the first large DDP allreduce hangs "
                           "until all ranks hit the 30-min gloo timeout. ml-cpu-c was moved to a leaf port with MTU 1500 "
                           "while hosts run 9000: jumbo pings to it are black-holed and it retransmits heavily. A "
                           "single node's network path.",
                 modelled_on="https://github.com/pytorch/gloo/issues/122")
    return "ca10_gloo_timeouts_after_first_allreduce", label, files
