"""Mixed: a rank blocked on a shared filesystem read, dataloader workers
OOM-killed, teardown hang after success, walltime during save, clock-skewed
ECC failure, NVLink under a heartbeat kill, a thermally throttled node."""

from kit import (Case, T, sec, ms, tz, preamble, watchdog_timeout, heartbeat_kill, child_failed,
                 sigterm_agent, step_lines, pyspy, pyspy_bg_threads, fr_header, fr_entry, dmesg_T,
                 dmesg_raw, iso, syslog, sacct, pyglog, pylog, glog, rank_traceback, nvidia_smi_table,
                 fr_dump_lines)

PYLIB = "/usr/local/lib/python3.10/dist-packages"


def _pids(base, n):
    return [base + 11 * i for i in range(n)]


# ---------------------------------------------------------------------------
def bc12():
    c = Case("bc12_flight_recorder_names_one_rank_blocked_in_read", 5812)
    hosts = ["gn-07", "gn-08", "gn-09", "gn-10"]
    t0 = T(2024, 10, 15, 9, 0, 0)
    t_hang = T(2024, 10, 15, 14, 2, 40)
    seq = 61204
    bad = 22
    nfs_start = [T(2024, 10, 15, 13, 58, 51), T(2024, 10, 15, 13, 59, 7), T(2024, 10, 15, 13, 58, 49), T(2024, 10, 15, 14, 0, 2)]
    for i, h in enumerate(hosts):
        apid = 6600 + i
        pids = _pids(6700 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.9.0.{7 + i}", "codegen-3b", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=4)
        if i == 0:
            sl, t_s, _ = step_lines(c, t0 + sec(50), 42001, 51530, 1.87, 1.61, every=10, fmt="plain")
            L += sl
            for k, dtm in enumerate([0.02, 0.03, 11.8, 37.2, 0.02, 61.9, 4.4, 88.1]):
                L.append(f"[rank0]: {pylog(T(2024, 10, 15, 13, 58, 40) + sec(30 * k))} WARNING trainer: step={51531 + k} slow input pipeline: data_time={dtm:.2f}s (ranks >5s this step: {sorted(c.rng.sample(range(32), 4 + k % 3)) if dtm > 5 else []})")
        for lr in range(8):
            g = i * 8 + lr
            tt = t_hang + sec(600) + ms(c.rng.randint(0, 800))
            if g == bad:
                L.append(f"[rank{g}]:[E{glog(c, tt)} ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: {seq - 1}, last completed NCCL work: {seq - 1}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ")
                L += fr_dump_lines(c, g, tt + ms(30), "/scratch/fr/codegen-3b/rank_")
                continue
            L += watchdog_timeout(c, g, tt, seq, "ALLREDUCE", 104857600, 104857600, 600000, seq + 1, seq - 1, ver="2.4",
                                  frames=(lr == 0), dump_from=("this local rank" if g == 0 else "rank 0"))
        L += sigterm_agent(t_hang + sec(607), apid, pids)
        if i == 2:
            L.append(pyglog(t_hang + sec(637), "W", apid, "torch/distributed/elastic/multiprocessing/api.py:875") + f" Unable to shutdown process {pids[6]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL")
        L += child_failed(t_hang + sec(640), h, [(i * 8, 0, -6, pids[0], t_hang + sec(606), None)], pid=apid)
        c.add(f"{h}/train.log", L)
        up0 = 801234.5 + 1000 * i
        D = [f"{dmesg_T(T(2024, 10, 6, 4, 11, 2) + sec(i))} NFS: Registering the id_resolver key type",
             f"{dmesg_T(nfs_start[i])} nfs: server nas-prod-02 not responding, still trying",
             f"{dmesg_T(nfs_start[i] + sec(2))} nfs: server nas-prod-02 not responding, still trying"]
        if i in (0, 1, 3):
            D.append(f"{dmesg_T(nfs_start[i] + sec(19 + 7 * i))} nfs: server nas-prod-02 OK")
            D.append(f"{dmesg_T(T(2024, 10, 15, 14, 6, 12) + sec(11 * i))} nfs: server nas-prod-02 not responding, still trying")
        D.append(f"{dmesg_T(T(2024, 10, 15, 14, 21, 30))} INFO: task pt_main_thread:{pids[6] if i == 2 else pids[1]} blocked for more than 122 seconds." if i == 2 else f"{dmesg_T(T(2024, 10, 15, 14, 25, 48) + sec(3 * i))} nfs: server nas-prod-02 OK")
        if i == 2:
            D.append(f"{dmesg_T(T(2024, 10, 15, 14, 21, 30))}       Not tainted 5.15.0-119-generic #129-Ubuntu")
            D.append(f"{dmesg_T(T(2024, 10, 15, 14, 21, 30))} \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.")
            D.append(f"{dmesg_T(T(2024, 10, 15, 14, 25, 52))} nfs: server nas-prod-02 OK")
        c.add(f"{h}/dmesg.txt", D)
    pid = 6700 + 200 + 66
    tc = t_hang + sec(380)
    c.add("gn-09/hang_debug/pyspy_rank22.txt", pyspy(pid, "/usr/bin/python3 -u train.py --config cfg/codegen3b.yaml", [
        (pid, "idle", "MainThread", [
            "__libc_read (libc.so.6)",
            "_io__Buffered_readinto_generic (python3.10)",
            "readinto (<frozen io>)",
            "_read_shard (codegen/data/stream.py:131)",
            "__iter__ (codegen/data/stream.py:88)",
            "_next_data (torch/utils/data/dataloader.py:675)",
            "__next__ (torch/utils/data/dataloader.py:631)",
            "train (codegen/trainer.py:221)",
            "main (codegen/train.py:97)",
            "<module> (codegen/train.py:104)"])]))
    c.add("gn-09/hang_debug/proc_stack_rank22.txt", [
        f"# {tc:%Y-%m-%d %H:%M:%S} cat /proc/{pid}/stack ; state: D (disk sleep)",
        "[<0>] rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]",
        "[<0>] __rpc_execute+0x117/0x3a0 [sunrpc]",
        "[<0>] rpc_execute+0x5c/0xa0 [sunrpc]",
        "[<0>] rpc_run_task+0x153/0x1a0 [sunrpc]",
        "[<0>] nfs4_call_sync_sequence+0x64/0xa0 [nfsv4]",
        "[<0>] _nfs4_proc_read+0x4b/0x90 [nfsv4]",
        "[<0>] nfs_read_folio+0x1a2/0x2a0 [nfs]",
        "[<0>] filemap_read_folio+0x46/0xf0",
        "[<0>] filemap_get_pages+0x2c5/0x6a0",
        "[<0>] filemap_read+0xce/0x3a0",
        "[<0>] nfs_file_read+0x79/0xb0 [nfs]",
        "[<0>] vfs_read+0x1b0/0x1d0",
        "[<0>] ksys_read+0x67/0xf0",
        "[<0>] do_syscall_64+0x59/0xc0",
        "",
        f"$ ls -l /proc/{pid}/fd | grep corpus",
        "lr-x------ 1 mlops mlops 64 Oct 15 14:09 41 -> /mnt/corpus/the-stack-v2/shard-03817.bin"])
    c.add("fr_trace_analysis.txt", fr_header(32, "rank_", "/scratch/fr/codegen-3b/") + fr_entry(
        "missing", seq, seq - 1, "0:default_pg", "nccl:all_reduce", "[[104857600]]", "[[104857600]]", 32,
        "{" + ", ".join(str(r) for r in range(32)) + "}", "scheduled",
        ["all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2501",
         "_reduce_grads at codegen/trainer.py:240", "train at codegen/trainer.py:233"], missing="{22}"))
    c.add("mounts.txt", ["nas-prod-02:/export/corpus on /mnt/corpus type nfs4 (ro,relatime,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,retrans=2,sec=sys)"])
    c.set_label("storage", "infrastructure", None, "restart",
                "Flight recorder pins rank 22, but its stack is a plain read() of a corpus shard on /mnt/corpus stuck in D state in "
                "the NFS client; every node logs 'nfs: server nas-prod-02 not responding' from 13:58 and rank 0 shows all ranks "
                "waiting on data. The shared NFS server stalled; rank 22 was just the unlucky reader.",
                "https://github.com/BVLC/caffe/issues/6020")
    return c


# ---------------------------------------------------------------------------
def bc13():
    c = Case("bc13_dataloader_worker_exits_then_32_rank_job_dies", 5813)
    hosts = ["node0107", "node0108", "node0109", "node0110"]
    t0 = T(2024, 2, 6, 20, 0, 0)
    t_oom = T(2024, 2, 7, 0, 51, 22)
    btimes = [T(2024, 1, 31, 15, 3, 10), T(2024, 1, 31, 15, 3, 44), T(2024, 2, 2, 8, 22, 3), T(2024, 2, 2, 8, 21, 37)]
    for i, h in enumerate(hosts):
        apid = 7700 + i
        pids = _pids(7800 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.1.7.{107 + i}", "clip-vit-g", apid,
                     nccl_ver="2.19.3+cuda12.3", channels=4, new_style=False)
        if i == 0:
            L.append(f"[rank0]: {pylog(t0 + sec(20))} INFO data: loading caption index /data/laion/index.json (61.2 GB) in each dataset instance; num_workers=12, prefetch_factor=4, persistent_workers=True")
            sl, _, _ = step_lines(c, t0 + sec(400), 1, 7400, 2.39, 9.1, every=25, fmt="plain")
            L += sl
        if i == 2:
            g = 20
            L += rank_traceback(g, [
                (f"{PYLIB}/torch/utils/data/dataloader.py", 1133, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                ("/usr/lib/python3.10/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
                (f"{PYLIB}/torch/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()"),
            ], ["RuntimeError: DataLoader worker (pid 88231) is killed by signal: Killed. ",
                "",
                "The above exception was the direct cause of the following exception:",
                ""])
            L += rank_traceback(g, [
                ("/home/clip/open_clip/train.py", 301, "train_one_epoch", "for i, batch in enumerate(dataloader):"),
                (f"{PYLIB}/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                (f"{PYLIB}/torch/utils/data/dataloader.py", 1329, "_next_data", "idx, data = self._get_data()"),
                (f"{PYLIB}/torch/utils/data/dataloader.py", 1295, "_get_data", "success, data = self._try_get_data()"),
                (f"{PYLIB}/torch/utils/data/dataloader.py", 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e"),
            ], ["RuntimeError: DataLoader worker (pid(s) 88231) exited unexpectedly"])
            L += sigterm_agent(t_oom + sec(6), apid, [pids[k] for k in range(8) if k != 4])
            L += child_failed(t_oom + sec(38), h, [(20, 4, 1, pids[4], t_oom + sec(5), None)], pid=apid)
        else:
            for lr in range(8):
                g = i * 8 + lr
                if lr in (4, 5) or i == 3:
                    L.append(f"{h}:{pids[lr]}:{pids[lr] + 321} [{lr}] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer node0109-ib<{50321 + lr}>")
                    L.append(f"[rank{g}]:[E ProcessGroupNCCL.cpp:1182] [Rank {g}] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3")
                    L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                    L.append("Last error:")
                    L.append(f"Net : Connection closed by remote peer node0109-ib<{50321 + lr}>")
            L += sigterm_agent(t_oom + sec(8 + i), apid, pids[:4] + pids[6:])
            L += child_failed(t_oom + sec(40 + i), h, [(i * 8 + 4, 4, -6, pids[4], t_oom + sec(8), None)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
        up = (t_oom - btimes[i]).total_seconds()
        D = [f"{dmesg_raw(2.83)} Memory: 1055012344K/1073215920K available (16393K kernel code, 4382K rwdata, 10528K rodata, 3448K init, 5880K bss, 18203576K reserved, 0K cma-reserved)"]
        if i in (2, 3):
            u = up + 0.318211 if i == 2 else up + 41.722905
            victim = 88231 if i == 2 else 91402
            D += [f"{dmesg_raw(u)} pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
                  f"{dmesg_raw(u + 0.000011)} CPU: 71 PID: {victim + 22} Comm: pt_data_worker Not tainted 5.15.0-91-generic #101-Ubuntu",
                  f"{dmesg_raw(u + 0.002210)} Mem-Info:",
                  f"{dmesg_raw(u + 0.002214)} active_anon:251102233 inactive_anon:11920338 isolated_anon:0",
                  f"{dmesg_raw(u + 0.002230)} Tasks state (memory values in pages):",
                  f"{dmesg_raw(u + 0.002231)} [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
            for k in range(40):
                D.append(f"{dmesg_raw(u + 0.0023 + k * 1e-6)} [{victim - 300 + 7 * k:>7}] 41022 {victim - 300 + 7 * k:>6} {15308880 + 9000 * k:>9} {10412000 + 71000 * (k % 9):>8} {95000000 + k:>14}        0             0 pt_data_worker")
            D.append(f"{dmesg_raw(u + 0.0024)} [{victim:>7}] 41022 {victim:>6} {15308880:>9} {12203086:>8} {96212000:>14}        0             0 pt_data_worker")
            D += [f"{dmesg_raw(u + 0.004811)} oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_5512731/step_0,task=pt_data_worker,pid={victim},uid=41022",
                  f"{dmesg_raw(u + 0.004822)} Out of memory: Killed process {victim} (pt_data_worker) total-vm:61235520kB, anon-rss:48812344kB, file-rss:10220kB, shmem-rss:1048576kB, UID:41022 pgtables:96212kB oom_score_adj:0"]
        c.add(f"{h}/dmesg.txt", D)
        c.add(f"{h}/proc_stat_btime.txt", [f"btime {int(btimes[i].timestamp())}"])
    tot = 1055012344
    S = ["Linux 5.15.0-91-generic (node0109) \t02/06/2024 \t_x86_64_\t(192 CPU)", "",
         "           kbmemfree   kbavail kbmemused  %memused kbbuffers  kbcached  kbcommit   %commit  kbactive   kbinact   kbdirty"]
    for k in range(15):
        pct = min(41.0 + 4.21 * k, 99.81)
        used = int(tot * pct / 100)
        S.append(f"{(T(2024, 2, 6, 20, 0) + sec(1200 * k)):%H:%M:%S} {tot - used:>11} {max(tot - used - 21000000, 0):>9} {used:>9} {pct:>9.2f} {81232:>9} {3112001 - 150000 * k:>9} {int(used * 1.31):>9} {pct * 1.31:>9.2f} {int(used * 0.97):>9} {9912001:>9} {1120 + 13 * k:>9}")
    S.append("# job 5512731: 8 ranks x 12 DataLoader workers (pt_data_worker); no other user processes on the node")
    c.add("node0109/sar_-r.txt", S)
    c.add("sacct.txt", sacct(5512731, "clip-g", "FAILED", "1:0", "04:52:01", 4, "node[0107-0110]", t0 - sec(30), t_oom + sec(60)))
    c.set_label("oom", "framework", None, "stop",
                "The first failure is the host OOM killer on node0109 killing one of rank 20's DataLoader workers (then node0110 "
                "40 s later); everyone else just loses a peer. Memory grew steadily from 41% to ~100% over the run, all of it the "
                "job's own 96 pt_data_worker processes each holding the 61 GB caption index. The job's own host-memory footprint.",
                "https://github.com/pytorch/pytorch/issues/13246")
    return c


# ---------------------------------------------------------------------------
def bc22():
    c = Case("bc22_exit_code_failed_after_step_50000_logged", 5822)
    hosts = ["h100-p-11", "h100-p-12"]
    t0 = T(2024, 4, 29, 2, 0, 0)
    t_end = T(2024, 5, 1, 22, 47, 10)
    for i, h in enumerate(hosts):
        apid = 9900 + i
        pids = _pids(9911 + 100 * i, 8)
        L = preamble(c, h, i, 2, 8, t0, hosts[0], pids, f"10.11.0.{11 + i}", "sdxl-ft", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=4)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(60), 1, 50000, 4.87, 0.31, every=100, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_end)} INFO trainer: reached max_steps=50000")
            L.append(f"[rank0]: {pylog(t_end + sec(41))} INFO ckpt: saved final checkpoint /mnt/weka/sdxl-ft/final (sha256 verified, 13.9 GB)")
            L.append(f"[rank0]: {pylog(t_end + sec(42))} INFO trainer: Training complete. Total time 68:46:03. Exiting.")
        for lr in range(8):
            g = i * 8 + lr
            L.append(f"[rank{g}]:[W{glog(c, t_end + sec(43) + ms(5 * g))} ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())")
        if i == 0:
            L.append(pyglog(t_end + sec(47), "I", apid, "torch/distributed/elastic/agent/server/api.py:879") + " [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.")
            L.append(pyglog(t_end + sec(47), "I", apid, "torch/distributed/elastic/agent/server/api.py:932") + " Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish")
            L.append(pyglog(t_end + sec(530), "I", apid, "torch/distributed/elastic/agent/server/api.py:946") + " Done waiting for other agents. Elapsed: 483.211 seconds")
        else:
            L += heartbeat_kill(c, 9, t_end + sec(43 + 480), ver="2.4", stuck_s=480, wml=1)
            L.append(pyglog(t_end + sec(528), "W", apid, "torch/distributed/elastic/multiprocessing/api.py:897") + f" Sending process {pids[0]} closing signal SIGTERM")
            L += child_failed(t_end + sec(529), h, [(9, 1, -6, pids[1], t_end + sec(526), None)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
    c.add("sacct.txt", sacct(1190022, "sdxl-ft", "FAILED", "1:0", "2-20:56:12", 2, "h100-p-[11-12]", t0 - sec(40), t_end + sec(532)))
    c.add("final_checkpoint_manifest.txt", [
        "/mnt/weka/sdxl-ft/final/", "  unet.safetensors          10.27 GB  sha256 4d1f0c...a91e  OK",
        "  text_encoder_2.safetensors 2.78 GB  sha256 77be31...0c52  OK", "  vae.safetensors            0.33 GB  sha256 0d9a41...b7f3  OK",
        "  optimizer/ (not kept for final)", "  trainer_state.json  {\"global_step\": 50000, \"max_steps\": 50000}"])
    c.set_label("unknown", "framework", None, "none",
                "The run reached max_steps=50000, wrote and verified the final checkpoint and exited; the failure status comes "
                "only from rank 9 hanging in NCCL teardown (no destroy_process_group) and being aborted by the heartbeat monitor "
                "afterwards. Nothing to rerun.",
                "https://github.com/pytorch/pytorch/issues/119215")
    return c


# ---------------------------------------------------------------------------
def bc23():
    c = Case("bc23_all_ranks_get_sigterm_while_saving_step_88000", 5823)
    hosts = ["node2001", "node2002", "node2003"]
    t0 = T(2024, 5, 16, 6, 0, 0)
    t_lim = T(2024, 5, 18, 6, 0, 12)
    jid = 901234
    for i, h in enumerate(hosts):
        apid = 12001 + i
        pids = _pids(12100 + 100 * i, 4)
        L = preamble(c, h, i, 3, 4, t0 + sec(20), hosts[0], pids, f"10.20.0.{1 + i}", str(jid), apid,
                     nccl_ver="2.21.5+cuda12.4", channels=4, nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"))
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(80), 51001, 87999, 4.66, 1.98, every=200, fmt="plain")
            L += sl
            L.append(f"[rank0]: {pylog(t_lim - sec(58))} INFO ckpt: saving step 88000 to /lus/grand/proj/ckpt/step_88000 (async=False)")
        L.append(f"slurmstepd: error: *** STEP {jid}.0 ON {h} CANCELLED AT {t_lim:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
        L.append(pyglog(t_lim + ms(30), "I", apid, "torch/distributed/elastic/agent/server/api.py:719") + " Received Signals.SIGTERM death signal, shutting down workers")
        L += sigterm_agent(t_lim + ms(31), apid, pids)
        for lr in range(4):
            g = i * 4 + lr
            if i == 2 and lr in (1, 3):
                L.append(f"{h}:{pids[lr]}:{pids[lr] + 200} [{lr}] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer node2001<{49211 + lr}>")
            L.append(f"[rank{g}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[lr]} got signal: 15")
        L += ["Traceback (most recent call last):",
              '  File "/usr/local/bin/torchrun", line 8, in <module>',
              "    sys.exit(main())",
              f'  File "{PYLIB}/torch/distributed/elastic/agent/server/api.py", line 864, in _invoke_run',
              "    time.sleep(monitor_interval)",
              f'  File "{PYLIB}/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler',
              "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
              f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {apid} got signal: 15"]
        c.add(f"{h}/torchrun.log", L)
    c.add(f"slurm-{jid}.out", [
        f"slurmstepd: error: *** JOB {jid} ON node2001 CANCELLED AT {t_lim:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
        f"slurmstepd: error: *** STEP {jid}.0 ON node2001 CANCELLED AT {t_lim:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: node2003: task 2: Terminated",
        "srun: error: node2002: task 1: Terminated",
        "srun: error: node2001: task 0: Terminated",
        "srun: Force Terminated StepId=901234.0"])
    c.add("sacct.txt", ["JobID           JobName  Partition  Timelimit      State ExitCode    Elapsed   NNodes        NodeList",
                        "------------ ---------- ---------- ---------- ---------- -------- ---------- -------- ---------------",
                        f"{jid}        gpt-7b-p2       prod 2-00:00:00    TIMEOUT      0:0 2-00:00:12        3  node[2001-2003]",
                        f"{jid}.batch       batch                     CANCELLED     0:15 2-00:00:14        1        node2001",
                        f"{jid}.0        torchrun                     CANCELLED     0:15 2-00:00:13        3  node[2001-2003]"])
    c.set_label("unknown", "framework", None, "none",
                "Slurm cancelled the job at its 2-day time limit (sacct TIMEOUT); every rank got SIGTERM while rank 0 was writing "
                "the step-88000 checkpoint, and the NCCL 'connection closed' lines follow the shutdown. No fault; resubmit from the "
                "last complete checkpoint.",
                "https://slurm.schedmd.com/job_state_codes.html")
    return c


# ---------------------------------------------------------------------------
def bc24():
    c = Case("bc24_watchdog_timeouts_on_64_ranks_at_step_31877", 5824)
    hosts = [f"sc-h100-01{k:02d}" for k in range(1, 9)]
    bad_i, bad_lr = 4, 1
    bad = bad_i * 8 + bad_lr
    skew = sec(421)
    t0 = T(2024, 6, 20, 4, 0, 0)
    t_xid = T(2024, 6, 20, 14, 22, 49)
    seq = 95632
    for i, h in enumerate(hosts):
        apid = 15000 + i
        pids = _pids(15100 + 100 * i, 8)
        sk = skew if i == bad_i else sec(0)
        L = preamble(c, h, i, 8, 8, t0 + sk, hosts[0], pids, f"10.50.1.{101 + i}", "llm-13b-sc", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=8)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(120), 1, 31876, 1.146, 10.6, every=4, fmt="megatron")
            L += sl
        if i == bad_i:
            te = t_xid + sk + sec(1)
            L += rank_traceback(bad, [
                ("/workspace/Megatron-LM/pretrain_gpt.py", 283, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 1158, "train", "train_step(forward_step_func,"),
                ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 451, "forward_backward_no_pipelining", "backward_step("),
                (f"{PYLIB}/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
            ], ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])
            L += sigterm_agent(te + sec(4), apid, [p for k, p in enumerate(pids) if k != bad_lr])
            L += child_failed(te + sec(36), h, [(bad, bad_lr, 1, pids[bad_lr], te, None)], pid=apid)
        else:
            if i == 1:
                for lr in (4, 6):
                    tt = t_xid + sec(19) + ms(211 * lr)
                    q = f"{h}:{pids[lr]}:{pids[lr] + 405} [{lr}]"
                    L.append(f"{q} transport/net_ib.cc:1640 NCCL WARN NET/IB : Got completion from peer 10.50.1.105<{49302 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::5c25:7303:{i:02x}9e:1a4{lr % 4} remoteGids fe80::5c25:7303:049e:1a4{lr % 4}")
                    L.append(f"{q} NCCL INFO transport/net.cc:1302 -> 6")
                    L.append(f"[rank{8 + lr}]:[E{glog(c, tt)} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank {8 + lr}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5")
                    L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L += sigterm_agent(t_xid + sec(21), apid, [p for k, p in enumerate(pids) if k not in (4, 6)])
                for lr in (0, 1, 2, 3, 5, 7):
                    L.append(f"[rank{8 + lr}]: torch.distributed.elastic.multiprocessing.api.SignalException: Process {pids[lr]} got signal: 15")
                L += child_failed(t_xid + sec(53), h, [(12, 4, -6, pids[4], t_xid + sec(20), None), (14, 6, -6, pids[6], t_xid + sec(20), None)], pid=apid)
            else:
                L += _timeouts(c, i, t_xid + sec(601), seq)
                L += sigterm_agent(t_xid + sec(607), apid, pids[1:])
                L += child_failed(t_xid + sec(609), h, [(i * 8, 0, -6, pids[0], t_xid + sec(606), None)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
        D = [f"{dmesg_T(T(2024, 6, 14, 9, 2, 11) + sk)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"]
        if i == bad_i:
            D += [f"{dmesg_T(t_xid + sk)} NVRM: Xid (PCI:0000:3b:00): 48, pid={pids[bad_lr]}, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.",
                  f"{dmesg_T(t_xid + sk)} NVRM: Xid (PCI:0000:3b:00): 63, pid={pids[bad_lr]}, name=python3, Row Remapper: New row (0x000000000003a1c2) marked for remapping, reset gpu to activate.",
                  f"{dmesg_T(t_xid + sk + sec(5))} NVRM: Xid (PCI:0000:3b:00): 45, pid={pids[bad_lr]}, name=python3, Ch 00000008"]
        if i == 6:
            D += [f"{dmesg_T(T(2024, 6, 20, 11, 40, 2))} mlx5_core 0000:e1:00.0: mlx5_pcie_event:301:(pid 1911): PCIe slot advertised sufficient power (75W).",
                  f"{dmesg_T(T(2024, 6, 20, 13, 55, 40))} perf: interrupt took too long (3143 > 3126), lowering kernel.perf_event_max_sample_rate to 63500"]
        c.add(f"{h}/dmesg.txt", D)
    c.add(f"{hosts[bad_i]}/epilog_chronyc_tracking.txt", [
        "Reference ID    : 00000000 ()", "Stratum         : 0", "Ref time (UTC)  : Thu Jan 01 00:00:00 1970",
        "System time     : 421.337192 seconds fast of NTP time", "Last offset     : +0.000000000 seconds",
        "RMS offset      : 0.000000000 seconds", "Frequency       : 11.204 ppm slow", "Residual freq   : +0.000 ppm",
        "Skew            : 0.000 ppm", "Root delay      : 1.000000000 seconds", "Root dispersion : 1.000000000 seconds",
        "Update interval : 0.0 seconds", "Leap status     : Not synchronised"])
    c.add(f"{hosts[bad_i]}/epilog_nvidia-smi_-q_-d_ECC,ROW_REMAPPER.txt", [
        "GPU 00000000:3B:00.0", "    Minor Number                          : 1",
        "    ECC Mode", "        Current                           : Enabled",
        "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0", "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 14", "            DRAM Uncorrectable            : 1",
        "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
        "        Pending                           : Yes", "        Remapping Failure Occurred        : No"])
    c.add("slurm-4471882.out", [
        "srun: error: sc-h100-0105: task 4: Exited with exit code 1",
        "srun: error: sc-h100-0102: task 1: Exited with exit code 1",
        "srun: error: sc-h100-0101: task 0: Exited with exit code 1",
        "srun: error: sc-h100-0103: task 2: Exited with exit code 1",
        "srun: error: sc-h100-0104: task 3: Exited with exit code 1",
        "srun: error: sc-h100-0106: task 5: Exited with exit code 1",
        "srun: error: sc-h100-0107: task 6: Exited with exit code 1",
        "srun: error: sc-h100-0108: task 7: Exited with exit code 1"])
    c.set_label("gpu_memory", "infrastructure", {"node": "sc-h100-0105", "rank": bad}, "restart_without_node",
                "sc-h100-0105's clock runs 421 s fast (chrony unsynchronised); corrected, its Xid 48 double-bit ECC error on GPU 1 "
                "(3b:00, rank 33, 'uncorrectable ECC error encountered') is at 14:22:49, before sc-h100-0102's NET/IB errors "
                "toward 10.50.1.105 and the others' 10-minute timeouts. Row remap pending: take the node out.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return c


def _timeouts(c, i, t, seq, skip=()):
    L = []
    for lr in range(8):
        g = i * 8 + lr
        if g in skip:
            continue
        L += watchdog_timeout(c, g, t + ms(c.rng.randint(0, 900)), seq, "ALLREDUCE", 209715200, 209715200, 600000,
                              seq, seq - 1, ver="2.4", frames=(lr == 0))
    return L


# ---------------------------------------------------------------------------
def bc25():
    c = Case("bc25_heartbeat_monitor_aborts_all_ranks_of_one_node", 5825)
    hosts = ["dgx-h100-07", "dgx-h100-08"]
    t0 = T(2024, 6, 12, 1, 30, 0, tzinfo=tz(9))
    t_x = T(2024, 6, 12, 9, 41, 17, tzinfo=tz(9))
    seq = 31550
    for i, h in enumerate(hosts):
        apid = 2100 + i
        pids = _pids(2211 + 100 * i, 8)
        L = preamble(c, h, i, 2, 8, t0, hosts[0], pids, f"172.16.8.{7 + i}", "jp-llm-8b", apid,
                     nccl_ver="2.20.5+cuda12.4", channels=8)
        if i == 0:
            sl, _, _ = step_lines(c, t0 + sec(60), 1, 23210, 1.26, 10.2, every=20, fmt="megatron", tzinfo=tz(9))
            L += sl
        if i == 1:
            for lr in range(8):
                L += heartbeat_kill(c, 8 + lr, t_x + sec(480) + ms(37 * lr), ver="2.4", stuck_s=480, wml=2)
            L += child_failed(t_x + sec(489), h, [(8 + lr, lr, -6, pids[lr], t_x + sec(483), None) for lr in (6, 0, 3)], pid=apid)
        else:
            for lr in range(8):
                g = lr
                tt = t_x + sec(484) + ms(90 * lr)
                q = f"{h}:{pids[lr]}:{pids[lr] + 377} [{lr}]"
                L.append(f"{q} transport/net_ib.cc:1640 NCCL WARN NET/IB : Got completion from peer 172.16.8.8<{50100 + lr}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fe80::e42a:1503:00b3:7c{lr:02d} remoteGids fe80::e42a:1503:01b3:7c{lr:02d}")
                L.append(f"[rank{g}]:[E{glog(c, tt)} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5")
                L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            L += sigterm_agent(t_x + sec(490), apid, pids[1:])
            L += child_failed(t_x + sec(492), h, [(0, 0, -6, pids[0], t_x + sec(489), None)], pid=apid)
        c.add(f"{h}/torchrun.log", L)
    c.add("dgx-h100-08/kern.log", [
        f"{syslog(T(2024, 6, 11, 22, 1, 9, tzinfo=tz(9)))} dgx-h100-08 kernel: [    9.118311] nvidia-nvswitch0: open (major=508)",
        f"{syslog(t_x)} dgx-h100-08 kernel: [42017.552001] NVRM: Xid (PCI:0000:ca:00): 74, pid=2377, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
        f"{syslog(t_x)} dgx-h100-08 kernel: [42017.552398] NVRM: Xid (PCI:0000:ca:00): 74, pid=2377, name=python3, NVLink: fatal error detected on link 12(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
        f"{syslog(t_x + sec(1))} dgx-h100-08 kernel: [42018.601237] NVRM: Xid (PCI:0000:ca:00): 45, pid=2377, name=python3, Ch 00000010"])
    c.add("dgx-h100-08/fabricmanager.log", [
        f"[{t_x:%b %d %Y %H:%M:%S}] [ERROR] [tid 3311] detected NVSwitch fatal error 20032 on fid 0 nvswitch 2 (0000:07:00.0) port 33",
        f"[{t_x:%b %d %Y %H:%M:%S}] [ERROR] [tid 3311] NVLink error on GPU physical id 6 (PCI 0000:ca:00.0) link 11: Replay errors exceeded threshold",
        f"[{t_x + sec(2):%b %d %Y %H:%M:%S}] [INFO] [tid 3311] GPU physical id 6 partition: NVLink training failed, will require GPU reset"])
    c.add("dgx-h100-08/nvidia-smi_nvlink_-e_-i_6.txt", [
        "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-31ac9e2f-77d1-9b42-a8c3-0e5f2d1b6a04)",
        "\t Link 10: Replay Errors: 0", "\t Link 10: Recovery Errors: 0", "\t Link 10: CRC Errors: 0",
        "\t Link 11: Replay Errors: 1281", "\t Link 11: Recovery Errors: 17", "\t Link 11: CRC Errors: 902",
        "\t Link 12: Replay Errors: 644", "\t Link 12: Recovery Errors: 9", "\t Link 12: CRC Errors: 415"])
    c.add("dgx-h100-07/kern.log", [
        f"{syslog(T(2024, 6, 12, 8, 3, 44, tzinfo=tz(9)))} dgx-h100-07 kernel: [30824.018877] mlx5_core 0000:9a:00.0: mlx5e_ethtool_get_link_ksettings:1142:(pid 8912): Link down on port 1 (tx_disabled) [recovered]",
        f"{syslog(T(2024, 6, 12, 8, 3, 51, tzinfo=tz(9)))} dgx-h100-07 kernel: [30831.227761] mlx5_core 0000:9a:00.0 ibp154s0: Link up"])
    c.set_label("nvlink", "infrastructure", {"node": "dgx-h100-08", "rank": 14}, "restart_without_node",
                "All eight ranks of dgx-h100-08 are aborted by the heartbeat monitor (watchdog stuck 480 s) right after Xid 74 "
                "NVLink fatal errors on GPU 6 (ca:00, rank 14) and an NVSwitch fatal error in fabric manager; dgx-h100-07 only "
                "reports its peer 172.16.8.8 going away. Its own link flap 1.5 h earlier recovered.",
                "https://github.com/hiyouga/LlamaFactory/issues/6953")
    return c


# ---------------------------------------------------------------------------
def bc29():
    c = Case("bc29_step_time_up_80_percent_since_step_5200", 5829)
    hosts = ["gpu-d4-001", "gpu-d4-002", "gpu-d4-003", "gpu-d4-004"]
    t0 = T(2024, 8, 5, 12, 0, 0)
    t_slow = T(2024, 8, 5, 14, 46, 40)
    for i, h in enumerate(hosts):
        apid = 4100 + i
        pids = _pids(4211 + 100 * i, 8)
        L = preamble(c, h, i, 4, 8, t0, hosts[0], pids, f"10.4.4.{1 + i}", "olmo-7b-d4", apid,
                     nccl_ver="2.21.5+cuda12.4", channels=4)
        if i == 0:
            sl, t1, loss = step_lines(c, t0 + sec(60), 1, 5199, 1.90, 9.5, every=10, fmt="plain")
            L += sl
            t2 = t1
            for k in range(5200, 7400, 200):
                sl, t2, loss = step_lines(c, t2, k, k + 199, 3.42, loss, every=10, fmt="plain")
                L += sl
                L.append(f"[rank0]: {pylog(t2 + ms(40))} WARNING perf: step {k + 199}: grad allreduce wait 1.49s (p50 over last 1000 steps before 5200: 0.12s); fwd+bwd compute by rank: median 1.62s, slowest 8: {[24 + x for x in c.rng.sample(range(8), 8)]} at 2.93-3.01s")
            L.append(f"[rank0]: {pylog(t2 + sec(5))} INFO trainer: ETA 9d 02:11 (was 5d 01:40 at step 5000)")
        c.add(f"{h}/train.log", L)
        G = []
        for k in range(8):
            hot = (i == 3)
            G.append({"idx": k, "bus": ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                                         "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"][k],
                      "temp": (88 + k % 4) if hot else (61 + k % 5), "pwr": (402 + 3 * k) if hot else (611 + 4 * k),
                      "mem_used": 71233 + 9 * k, "util": 100})
        c.add(f"{h}/nvidia-smi.txt", nvidia_smi_table(h, T(2024, 8, 5, 16, 40, 0), G,
                                                     procs=[(k, pids[k], "/usr/bin/python3", 71200 + 9 * k) for k in range(8)]))
    c.add("gpu-d4-004/nvidia-smi_-q_-d_PERFORMANCE,CLOCK.txt", [
        "GPU 00000000:18:00.0",
        "    Performance State                     : P0",
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : Active",
        "            HW Thermal Slowdown           : Active",
        "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active",
        "        SW Thermal Slowdown               : Active",
        "        Display Clock Setting             : Not Active",
        "    Clocks",
        "        Graphics                          : 1035 MHz",
        "        SM                                : 1035 MHz",
        "        Memory                            : 2619 MHz",
        "    Max Clocks",
        "        Graphics                          : 1980 MHz",
        "        SM                                : 1980 MHz",
        "(same on GPUs 1-7)"])
    c.add("gpu-d4-004/ipmi_sdr_temp.txt", [
        "Inlet Temp       | 39 degrees C      | ok",
        "Exhaust Temp     | 71 degrees C      | nc",
        "GPU Zone Temp    | 84 degrees C      | nc",
        "Fan5A            | 1320 RPM          | cr",
        "Fan5B            | 1290 RPM          | cr",
        "Fan6A            | 15120 RPM         | ok"])
    c.add("gpu-d4-001/nvidia-smi_-q_-d_PERFORMANCE,CLOCK.txt", [
        "GPU 00000000:18:00.0", "    Performance State                     : P0", "    Clocks Event Reasons",
        "        Idle                              : Not Active", "        HW Slowdown                       : Not Active",
        "            HW Thermal Slowdown           : Not Active", "        SW Thermal Slowdown               : Not Active",
        "    Clocks", "        SM                                : 1980 MHz"])
    c.set_label("straggler", "infrastructure", {"node": "gpu-d4-004", "rank": None}, "restart_without_node",
                "No crash: since step 5200 the step time went from 1.9 s to 3.4 s and every step the eight slowest ranks are 24-31, "
                "all on gpu-d4-004, whose GPUs run at 1035 MHz with HW/SW thermal slowdown active at 88-91 C and two fans in "
                "critical state. The other nodes wait on it in the gradient allreduce.",
                "https://docs.nvidia.com/deploy/nvidia-smi/index.html")
    return c


CASES = [bc12, bc13, bc22, bc23, bc24, bc25, bc29]
