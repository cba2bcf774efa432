"""q30-q40: network, storage, host faults, OOMs, user errors and dependencies (crashes for balance)."""
from common import *  # noqa: F401,F403
from cases_straggler import sacct, tqdm_line

SITE = "/usr/local/lib/python3.10/dist-packages"


def nccl_remote_err(torch_ver, rank, peer_ip, my_ip, rng, prefix="", status=12, ncclver="2.19.3"):
    line = f"NET/IB : Got completion from peer {peer_ip}<{rng.randint(30000, 60000)}> with status={status} opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{my_ip} remoteGids::ffff:{peer_ip}"
    exc = (f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version {ncclver}\n"
           "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\n" + line)
    return line, exc


# ====================================================================== q30
def q30_nccl_remote_error(b, rng):
    nodes = [f"gx-04{k:02d}" for k in range(1, 9)]
    cn = 5
    ips = {h: f"10.41.4.{11 + i}" for i, h in enumerate(nodes)}
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
    t = T(2024, 2, 27, 1, 30, 0)
    start = t
    job = 1410077
    steps_until = 22340
    t_fail = plus(t, 80 + steps_until * 1.05)
    for i, h in enumerate(nodes):
        L = [f"[{iso(t)}] torch.distributed.run: [WARNING] *****************************************",
             f"[{iso(t)}] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
             f"[{iso(t)}] torch.distributed.run: [WARNING] *****************************************"]
        tt = plus(t, 80)
        if i == 0:
            for s in range(50, steps_until, 50):
                st = jitter(rng, 1.05, 0.01)
                tt = plus(tt, 50 * st)
                L.append(f"[rank0] {iso(tt)} | step {s:>6} | loss {max(1.7, 3.3 - s * 0.00006 + rng.uniform(-0.02, 0.02)):.4f} | {int(64 * 4096 / st):,} tok/s")
        for lr_ in range(8):
            r = i * 8 + lr_
            pid = 5110 + i * 20 + lr_
            if i == cn:
                if lr_ == 3:
                    L.append(f"{h}:{pid}:{pid + 60} [{lr_}] NCCL INFO NET/IB : mlx5_3:1 Got async event : port error")
                    L.append(f"{h}:{pid}:{pid + 61} [{lr_}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips[nodes[4]]}<{rng.randint(30000, 60000)}> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips[nodes[4]]}")
                L += watchdog_timeout("2.2", r, 180211, "ALLREDUCE", 2, 600000, plus(t_fail, 600), rng)
                continue
            if lr_ == 3 or (abs(i - cn) == 1 and lr_ in (2, 3, 4)):
                line, exc = nccl_remote_err("2.2", r, ips[nodes[cn]], ips[h], rng)
                L.append(f"{h}:{pid}:{pid + 61} [{lr_}] transport/net_ib.cc:1696 NCCL WARN {line}")
                L.append(f"{h}:{pid}:{pid + 61} [{lr_}] NCCL INFO transport/net.cc:1134 -> 6")
                L.append(f"{h}:{pid}:{pid + 61} [{lr_}] NCCL INFO proxy.cc:926 -> 6")
                L += traceback([("/srv/llm/train.py", 388, "<module>", "main()"), ("/srv/llm/train.py", 342, "main", "reduce_and_log(loss, step)"),
                                ("/srv/llm/train.py", 201, "reduce_and_log", "dist.all_reduce(buf, op=dist.ReduceOp.AVG)"),
                                (f"{SITE}/torch/distributed/c10d_logger.py", 72, "wrapper", "return func(*args, **kwargs)"),
                                (f"{SITE}/torch/distributed/distributed_c10d.py", 2050, "all_reduce", "work = group.allreduce([tensor], opts)")], exc, prefix=f"[rank{r}]: ")
            else:
                L += watchdog_timeout("2.2", r, 180211, "ALLREDUCE", 2, 600000, plus(t_fail, 600), rng)
        tk = plus(t_fail, 605)
        L.append(f"[{iso(tk)}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {5111 + i * 20} closing signal SIGTERM")
        L += elastic_summary("2.2", tk, "train.py", h, [(i * 8 + 3, 3, 1 if i != cn else -6, 5113 + i * 20, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html" if i != cn else f"Signal 6 (SIGABRT) received by PID {5113 + i * 20}")])
        b.add(f"{h}/train-{h}.log", L)
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        ov = {}
        if i == cn:
            for k in range(5):
                tt = plus(t_fail, -30 + k * 7.3)
                ex += [(tt, "mlx5_core 0000:ca:00.0 mlx5_3: Port: 1 Link DOWN"), (plus(tt, 2.9), "mlx5_core 0000:ca:00.0 mlx5_3: Port: 1 Link INIT"),
                       (plus(tt, 3.2), "mlx5_core 0000:ca:00.0 mlx5_3: Port: 1 Link ACTIVE")]
            ex.append((plus(t_fail, -1), "mlx5_core 0000:ca:00.0 mlx5_3: Port: 1 Link DOWN"))
            ov = {"mlx5_3": {"state": "Down", "phys": "Polling", "rate": 10}}
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tk, 60), 30, ex))
        b.add(f"{h}/ibstat.txt", ibstat(hcas, rng, ov))
    b.set_label("network", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "The NCCL remote errors on neighbouring nodes all name peer 10.41.4.16 (gx-0406); that node's mlx5_3 flapped and stayed down (ibstat State Down / Polling) seconds before the failure while every other port is Active at 400, so gx-0406's IB link is the cause.",
                "https://github.com/NVIDIA/nccl/issues/1405")


# ====================================================================== q31
def q31_nccl_errors_many_nodes(b, rng):
    nodes = ["c7-n01", "c7-n02", "c7-n03", "c7-n04", "c8-n01", "c8-n02", "c8-n03", "c8-n04"]
    down = nodes[4:]
    hcas = [f"mlx5_{k}" for k in range(8)]
    t = T(2025, 2, 18, 19, 0, 0)
    start = t
    job = 2290014
    t_fail = plus(t, 3 * 3600 + 1011)
    L = ["+ srun -l --ntasks-per-node=8 python -u train.py --config llama70b_sft.toml"]
    for s in range(20, 9241, 20):
        st = jitter(rng, 1.17, 0.01)
        if s % 60 == 0:
            L.append(f" 0: [rank0]:[titan] {iso(plus(t, 60 + s * 1.17))} - root - INFO - step: {s:>5}  loss: {max(0.9, 2.1 - s * 0.0001 + rng.uniform(-0.02, 0.02)):7.4f}  memory: 61.02GiB(77.06%)  tps: {int(jitter(rng, 1420, 0.01)):,}  tflops: {jitter(rng, 431, 0.01):.2f}  mfu: {jitter(rng, 43.6, 0.01):.2f}%")
    for r in range(64):
        h = nodes[r // 8]
        ip = f"10.7.{r // 8}.{20 + r // 8}"
        peer = f"10.7.{(r // 8 + 4) % 8}.{20 + (r // 8 + 4) % 8}"
        if r % 4 == 0:
            line, exc = nccl_remote_err("2.6", r, peer, ip, rng, status=12 if r // 8 < 4 else 5, ncclver="2.21.5")
            L.append(f"{r:>2}: {h}:{7100 + r}:{7190 + r} [{r % 8}] transport/net_ib.cc:1696 NCCL WARN {line}")
            L += [f"{r:>2}: " + x for x in traceback([("/app/train.py", 610, "train_step", "loss.backward()"),
                                                      ("/usr/local/lib/python3.12/dist-packages/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py", 331, "foreach_reduce", "dist.reduce_scatter_tensor(")], exc.replace("../torch", "/pytorch/torch"), prefix=f"[rank{r}]: ")]
        else:
            L += [f"{r:>2}: " + x for x in watchdog_timeout("2.6", r, 610042, "_REDUCE_SCATTER_BASE", 117440512, 600000, plus(t_fail, 600), rng)]
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)" for i, h in enumerate(nodes)]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "l70b-sft", 8, 224, "FAILED", "134:0", "03:27:11"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        ov = {}
        if h in down:
            for k, hc in enumerate(hcas):
                ex.append((plus(t_fail, -2 + k * 0.0004 + i * 0.001), f"mlx5_core 0000:{['0c', '1a', '3c', '4d', '8c', '9a', 'bc', 'cc'][k]}:00.0 {hc}: Port: 1 Link DOWN"))
            ov = {hc: {"state": "Down", "phys": "Polling", "rate": 10} for hc in hcas}
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(t_fail, 900), 30, ex))
        b.add(f"{h}/ibstat.txt", ibstat(hcas, rng, ov))
    b.topology = {"topology": {"ib-leaf-c7": nodes[:4], "ib-leaf-c8": nodes[4:]}}
    b.set_label("network", "infrastructure", None, "restart",
                "All eight IB ports on every node behind leaf ib-leaf-c8 (c8-n01..n04) went Link DOWN within the same few milliseconds while nodes on ib-leaf-c7 stayed up; it is a switch-level outage affecting four nodes, not one faulty host, so the job should simply be restarted once the fabric is back.",
                "https://github.com/NVIDIA/nccl/issues/193")


# ====================================================================== q32
def q32_dcp_save_eio(b, rng):
    nodes = ["gn-301", "gn-302", "gn-303", "gn-304", "gn-305", "gn-306"]
    t = T(2024, 4, 16, 12, 0, 0)
    start = t
    job = 4481190
    L = ["+ srun -l --ntasks-per-node=8 python -m train.main --cfg configs/mixtral_ft.yaml"]
    for s in range(25, 6001, 25):
        if s % 50 == 0:
            L.append(f" 0: [{iso(plus(t, 70 + s * 1.6))}] step {s:>5} loss={max(0.8, 1.8 - s * 0.00012 + rng.uniform(-0.02, 0.02)):.4f} lr=2.0e-05 step_time={jitter(rng, 1.6, 0.01):.2f}s")
    t_save = plus(t, 70 + 6000 * 1.6 + 3)
    L.append(f" 0: [{iso(t_save)}] saving checkpoint step 6000 -> /lustre/lfs01/proj/mixtral-ft/ckpt/step_6000 (torch.distributed.checkpoint)")
    bad_ranks = [3, 11, 19, 27, 35, 44]
    tb_inner = ["Traceback (most recent call last):",
                f'  File "{SITE}/torch/distributed/checkpoint/utils.py", line 175, in reduce_scatter',
                "    local_data = map_fun()",
                f'  File "{SITE}/torch/distributed/checkpoint/state_dict_saver.py", line 283, in write_data',
                "    all_writes = storage_writer.write_data(final_local_plan, planner)",
                f'  File "{SITE}/torch/distributed/checkpoint/filesystem.py", line 353, in _write_files_from_queue',
                "    _write_item(stream, data, write_item, storage_key)",
                f'  File "{SITE}/torch/distributed/checkpoint/filesystem.py", line 289, in _write_item',
                "    torch.save(data, stream)",
                "OSError: [Errno 5] Input/output error"]
    parts = ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(" + str(bad_ranks) + ")"]
    for k, br in enumerate(bad_ranks):
        parts.append(f"Traceback (most recent call last): (RANK {br})")
        parts += tb_inner[1:-1]
        parts.append("OSError: [Errno 5] Input/output error" if k % 2 == 0 else "OSError: [Errno 108] Cannot send after transport endpoint shutdown")
    exc = "\n".join(parts)
    tf = plus(t_save, 212)
    for r in range(48):
        L += [f"{r:>2}: " + x for x in traceback([("/app/train/main.py", 301, "main", "ckpt.save(step, model, optim)"), ("/app/train/ckpt.py", 88, "save", "dcp.save(state, checkpoint_id=path)"),
                                                  (f"{SITE}/torch/distributed/checkpoint/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
                                                  (f"{SITE}/torch/distributed/checkpoint/state_dict_saver.py", 150, "save", "return _save_state_dict("),
                                                  (f"{SITE}/torch/distributed/checkpoint/state_dict_saver.py", 300, "_save_state_dict", "all_writes = distW.all_reduce(\"write\", write_data, finish_checkpoint)"),
                                                  (f"{SITE}/torch/distributed/checkpoint/utils.py", 211, "all_reduce", "raise final_result")], exc, prefix=f"[rank{r}]: ")] if r % 8 == 0 else []
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i, h in enumerate(nodes)]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "mixtral-ft", 6, 192, "FAILED", "1:0", "02:49:30"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        base = plus(t_save, 30 + rng.uniform(0, 3))
        oid = "ffff" + hex_id(rng, 12)
        for ost in ("0012", "0013"):
            ex += [(base, f"Lustre: {rng.randint(3000, 9000)}:0:(client.c:2305:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent {int((t_save - T(1970, 1, 1)).total_seconds())}/real {int((t_save - T(1970, 1, 1)).total_seconds())}]  req@{hex_id(rng, 16)} x{rng.randint(10**15, 10**16)}/t0(0) o4->lfs01-OST{ost}-osc-{oid}@10.60.1.{12 if ost == '0012' else 13}@o2ib:6/4 lens 488/448 e 0 to 1 dl {int((base - T(1970, 1, 1)).total_seconds())} ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'python.{rng.randint(1000, 9999)}'"),
                   (plus(base, 0.01), f"Lustre: lfs01-OST{ost}-osc-{oid}: Connection to lfs01-OST{ost} (at 10.60.1.{12 if ost == '0012' else 13}@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
                   (plus(base, 95), f"LustreError: 11-0: lfs01-OST{ost}-osc-{oid}: operation ost_write to node 10.60.1.{12 if ost == '0012' else 13}@o2ib failed: rc = -107"),
                   (plus(base, 181), f"LustreError: {rng.randint(3000, 9000)}:0:(osc_request.c:1813:osc_brw_redo_request()) @@@ redo for recoverable error -5  req@{hex_id(rng, 16)} x{rng.randint(10**15, 10**16)}/t0(0) o4->lfs01-OST{ost}-osc-{oid}@10.60.1.{12 if ost == '0012' else 13}@o2ib:6/4 lens 488/448 e 0 to 0 dl 0 ref 2 fl Interpret:RQU/2/ffffffff rc -5/-1 job:''")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tf, 600), 25, ex))
        b.add(f"{h}/lfs-check-servers.txt", [f"lfs01-MDT0000-mdc-{oid} active.", f"lfs01-OST0010-osc-{oid} active.", f"lfs01-OST0011-osc-{oid} active.",
                                             f"lfs01-OST0012-osc-{oid} inactive.", f"lfs01-OST0013-osc-{oid} inactive.", f"lfs01-OST0014-osc-{oid} active."])
    b.set_label("storage", "infrastructure", None, "restart",
                "The checkpoint write fails with EIO / ESHUTDOWN on ranks spread over all six nodes, and every node's kernel log shows the same Lustre OSTs (OST0012/0013 at 10.60.1.12-13) losing connection at the same time; the shared filesystem failed, not a node.",
                "https://github.com/THUDM/slime/issues/326")


# ====================================================================== q33
def q33_inductor_compile_failure(b, rng):
    nodes = ["trn2-c-11", "trn2-c-12", "trn2-c-14", "trn2-c-15"]
    cn = 2
    t = T(2024, 12, 9, 8, 0, 0)
    start = t
    job = 901277
    site = "/usr/local/lib/python3.11/dist-packages"
    L = ["+ srun -l --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint trn2-c-11:29500 train.py --compile"]
    for i in range(4):
        L.append(f"{i}: {glog(t, 'W')} {3300 + i} torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
    tc = plus(t, 95)
    for r in range(32):
        if r % 5 == 0:
            L.append(f"{r // 8}: [rank{r}]:W{tc.month}{tc.day:02d} {tc.strftime('%H:%M:%S')}.{rng.randint(100000, 999999)} {3310 + r} torch/_inductor/utils.py:1137] [0/0] Not enough SMs to use max_autotune_gemm mode")
    tf = plus(tc, 41)
    for lr_ in range(8):
        r = cn * 8 + lr_
        ex_txt = ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                  f"OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc/triton/0/{hex_id(rng, 32)}/triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_{lr_}.cubin.tmp.pid_{3310 + r}_{hex_id(rng, 8)}'\n\n"
                  "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\n"
                  "You can suppress this exception and fall back to eager by setting:\n    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True\n")
        L += [f"{cn}: " + x for x in traceback([("/app/train.py", 377, "<module>", "main()"), ("/app/train.py", 331, "main", "loss = compiled_step(model, batch)"),
                                                (f"{site}/torch/_dynamo/eval_frame.py", 465, "_fn", "return fn(*args, **kwargs)"),
                                                (f"{site}/torch/_dynamo/convert_frame.py", 1269, "__call__", "return self._torchdynamo_orig_callable("),
                                                (f"{site}/torch/_dynamo/output_graph.py", 1465, "_call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e) from e")], ex_txt, prefix=f"[rank{r}]: ")]
    tw = plus(tf, 1800)
    for r in range(32):
        if r // 8 == cn:
            continue
        if r % 4 == 0:
            L += [f"{r // 8}: " + x for x in watchdog_timeout("2.5", r, 3, "ALLREDUCE", 1, 1800000, tw, rng)]
    for i, h in enumerate(nodes):
        tk = plus(tf, 2) if i == cn else plus(tw, 2)
        first = (cn * 8, 0, 1, 3310 + cn * 8, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") if i == cn else (i * 8, 0, -6, 3310 + i * 8, f"Signal 6 (SIGABRT) received by PID {3310 + i * 8}")
        L += [f"{i}: " + x for x in elastic_summary("2.5", tk, "train.py", h, [first])]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    for i, h in enumerate(nodes):
        full = i == cn
        b.add(f"{h}/df-h.txt", ["Filesystem                        Size  Used Avail Use% Mounted on", "tmpfs                             202G  4.1M  202G   1% /run",
                                f"/dev/nvme0n1p1                    1.8T  {'1.8T' if full else str(rng.randint(210, 480)) + 'G'}  {'0' if full else str(round(rng.uniform(1.3, 1.6), 1)) + 'T'} {'100%' if full else str(rng.randint(11, 26)) + '%'} /",
                                "tmpfs                             1.0T     0  1.0T   0% /dev/shm", "/dev/nvme0n1p15                   105M  6.1M   99M   6% /boot/efi",
                                "fsx-fs-0a91c2.fsx.internal@tcp:/ogvfzbev  120T   61T   59T  51% /fsx"])
        if full:
            b.add(f"{h}/du-sh-tmp.txt", ["$ du -sh /tmp/* | sort -h | tail -4", "84G\t/tmp/ray", "211G\t/tmp/torchinductor_svc", "1.2T\t/tmp/jwu-sweep-0312", "$ du -sh /tmp", "1.5T\t/tmp"])
        else:
            b.add(f"{h}/du-sh-tmp.txt", ["$ du -sh /tmp/* | sort -h | tail -4", f"{rng.randint(2, 9)}.{rng.randint(0, 9)}G\t/tmp/ray", f"{rng.randint(11, 40)}G\t/tmp/torchinductor_svc",
                                         f"{rng.randint(20, 90)}M\t/tmp/nccl-topo", f"{rng.randint(100, 900)}K\t/tmp/tmux-4021", "$ du -sh /tmp", f"{rng.randint(20, 55)}G\t/tmp"])
        boot = plus(start, -rng.randint(3, 30) * 86400)
        jx = []
        if full:
            jx += [(plus(start, -4000), "systemd-journald[812]: Failed to open system journal: No space left on device"),
                   (plus(tf, -3), "systemd-journald[812]: Failed to write entry (22 items, 641 bytes), ignoring: No space left on device")]
        b.add(f"{h}/journal.txt", journal_block(rng, h, plus(start, -5000), plus(tw, 60), 40, jx))
    b.set_label("storage", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "Only the eight ranks on trn2-c-14 fail, all with 'No space left on device' writing the inductor/triton cache under /tmp; that node's root disk is at 100% (1.2T of leftover sweep data in /tmp) while the other nodes have ~80% free, and the rest of the job then times out.",
                "https://github.com/NixOS/nixpkgs/issues/453992")


# ====================================================================== q34
def q34_slurm_node_failure(b, rng):
    nodes = ["gpu-m205", "gpu-m206", "gpu-m207", "gpu-m208"]
    cn = 2
    t = T(2024, 3, 8, 14, 0, 0)
    start = t
    job = 610233
    t_mce = plus(t, 5 * 3600 + 812)
    L = ["+ srun -l --ntasks-per-node=8 python pretrain.py --model-size 34b"]
    for s in range(100, int(5 * 3600 / 1.9), 100):
        L.append(f" 0: {iso(plus(t, 60 + s * 1.9))} INFO trainer: iteration {s} | loss {max(1.9, 3.1 - s * 0.00012 + rng.uniform(-0.02, 0.02)):.4f} | {jitter(rng, 1.9, 0.01):.3f} s/it")
    for r in range(32):
        if r // 8 == cn:
            continue
        h = nodes[r // 8]
        if r % 4 == 1:
            line, exc = nccl_remote_err("2.2", r, f"10.90.2.{13}", f"10.90.2.{11 + r // 8}", rng)
            L.append(f"{r:>2}: {h}:{9000 + r}:{9060 + r} [{r % 8}] transport/net_ib.cc:1696 NCCL WARN {line}")
            L += [f"{r:>2}: " + x for x in traceback([("/opt/app/pretrain.py", 512, "train_step", "optimizer.step()"), (f"{SITE}/torch/distributed/distributed_c10d.py", 2050, "all_reduce", "work = group.allreduce([tensor], opts)")], exc, prefix=f"[rank{r}]: ")]
        else:
            L += [f"{r:>2}: " + x for x in watchdog_timeout("2.2", r, 702113, "ALLREDUCE", 167772160, 1800000, plus(t_mce, 1800), rng)]
    L += [f"srun: error: Node failure on {nodes[cn]}", f"srun: error: Nodes {nodes[cn]} are still not responding",
          f"slurmstepd: error: *** STEP {job}.0 ON {nodes[0]} CANCELLED AT {plus(t_mce, 320).strftime('%Y-%m-%dT%H:%M:%S')} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***"]
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Killed" for i, h in enumerate(nodes) if i != cn]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "pt-34b", 4, 224, "NODE_FAIL", "0:0", "05:18:52"))
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        if i == cn:
            prev = journal_block(rng, h, plus(start, -1800), t_mce, 50, [
                (plus(t_mce, -600), "kernel: mce: [Hardware Error]: Machine check events logged"),
                (plus(t_mce, -599.9), f"kernel: EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x{hex_id(rng, 7)} offset:0x{hex_id(rng, 3)} grain:32 syndrome:0x0 -  err_code:0x0000:0x009f ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelId:0x2 DimmSlotId:0x0)"),
                (t_mce, "kernel: mce: [Hardware Error]: CPU 58: Machine Check Exception: 5 Bank 17: be00000000800400"),
                (plus(t_mce, 0.001), "kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb7e0a7b2> {native_safe_halt+0x12/0x20}"),
                (plus(t_mce, 0.002), f"kernel: mce: [Hardware Error]: TSC {hex_id(rng, 12)} ADDR 3f8a2c1400 MISC 9001400a2086"),
                (plus(t_mce, 0.003), f"kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {int((t_mce - T(1970, 1, 1)).total_seconds())} SOCKET 1 APIC 74 microcode 2b000571"),
                (plus(t_mce, 0.004), "kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
                (plus(t_mce, 0.005), "kernel: mce: [Hardware Error]: Machine check: Processor context corrupt"),
                (plus(t_mce, 0.006), "kernel: Kernel panic - not syncing: Fatal machine check")])
            b.add(f"{h}/journalctl-b-1.txt", ["-- Journal begins at Tue 2023-11-14 09:12:44 UTC, ends at " + ctime(plus(t_mce, 900)) + " UTC. --"] + prev)
            cur = journal_block(rng, h, plus(t_mce, 240), plus(t_mce, 900), 20, [
                (plus(t_mce, 240), "kernel: Linux version 5.15.0-94-generic (buildd@lcy02-amd64-096) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #104-Ubuntu SMP"),
                (plus(t_mce, 241), "kernel: mce: [Hardware Error]: Machine check events logged"),
                (plus(t_mce, 241.1), "kernel: EDAC MC3: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f8a2c1 offset:0x400 grain:32 -  err_code:0x0010:0x009f ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelId:0x2 DimmSlotId:0x0)"),
                (plus(t_mce, 300), "slurmd[2211]: slurmd: slurmd version 23.02.7 started"),
                (plus(t_mce, 301), "slurmd[2211]: slurmd: slurmd started on " + ctime(plus(t_mce, 301)))])
            b.add(f"{h}/journalctl-b-0.txt", cur)
            b.add(f"{h}/ras-mc-ctl-errors.txt", ["Memory controller events:", f"1 {iso(plus(t_mce, -600), 'T', None)}+0000 1 Corrected error(s): memory read error at CPU_SrcID#1_MC#1_Chan#2_DIMM#0 location: 0:2:0:-1, addr 0x{hex_id(rng, 9)}, grain 5, syndrome 0",
                                                 f"2 {iso(plus(t_mce, 241), 'T', None)}+0000 1 Uncorrected error(s): memory read error at CPU_SrcID#1_MC#1_Chan#2_DIMM#0 location: 0:2:0:-1, addr 0x3f8a2c1400, grain 5, syndrome 0",
                                                 "", "No PCIe AER errors.", "", "MCE events:", f"1 CPU 58 bank 17: be00000000800400 uncorrected memory error, processor context corrupt"])
        else:
            b.add(f"{h}/journalctl-b-0.txt", journal_block(rng, h, plus(start, -1800), plus(t_mce, 2000), 60, [(plus(t_mce, 1801), f"slurmd[{rng.randint(2000, 3000)}]: slurmd: error: *** STEP {job}.0 ON {h} CANCELLED AT {plus(t_mce, 1801).strftime('%Y-%m-%dT%H:%M:%S')} ***")]))
            old_end = plus(boot, -rng.randint(1, 5) * 3600)
            b.add(f"{h}/journalctl-b-1.txt", ["-- Journal begins at Tue 2023-11-14 09:12:44 UTC, ends at " + ctime(plus(t_mce, 2000)) + " UTC. --"] +
                  journal_block(rng, h, plus(old_end, -1200), old_end, 25, [(plus(old_end, -3), "systemd[1]: Reached target System Reboot."),
                                                                            (plus(old_end, -2), "systemd-shutdown[1]: Syncing filesystems and block devices."),
                                                                            (plus(old_end, -1), "kernel: reboot: Restarting system")]))
            b.add(f"{h}/ras-mc-ctl-errors.txt", ["No Memory errors.", "", "No PCIe AER errors.", "", "No Extlog errors.", "", "No MCE errors."])
    b.set_label("host", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "gpu-m207 disappears mid-run (Slurm NODE_FAIL, its ranks never log anything); its previous-boot journal ends with an uncorrected memory Machine Check Exception and 'Kernel panic - not syncing: Fatal machine check', and after reboot EDAC records the UE on the same DIMM; the NCCL errors elsewhere name its IP.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")


# ====================================================================== q35
def q35_k8s_pod_lost(b, rng):
    knodes = ["ip-10-8-41-17.ec2.internal", "ip-10-8-42-203.ec2.internal", "ip-10-8-44-190.ec2.internal", "ip-10-8-45-66.ec2.internal"]
    pods = ["pt-llm-worker-0", "pt-llm-worker-1", "pt-llm-worker-2", "pt-llm-worker-3"]
    cn = 2
    t = T(2024, 5, 30, 2, 0, 0)
    start = t
    t_lock = plus(t, 2 * 3600 + 1432)
    for i, (kn, pod) in enumerate(zip(knodes, pods)):
        if i == cn:
            continue
        L = [f"[{iso(t)}] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "]
        if i == 0:
            for s in range(50, int(2 * 3600 / 1.3), 50):
                L.append(f"[rank0]: {iso(plus(t, 60 + s * 1.3))} step={s} loss={max(1.4, 2.6 - s * 0.0002 + rng.uniform(-0.02, 0.02)):.4f} tput={int(jitter(rng, 201000, 0.01))} tok/s")
        for lr_ in range(8):
            r = i * 8 + lr_
            if lr_ % 3 == 0:
                line, exc = nccl_remote_err("2.3", r, "10.8.44.190", kn.split(".")[0][3:].replace("-", "."), rng)
                L.append(f"{pod}:{120 + lr_}:{180 + lr_} [{lr_}] transport/net_ib.cc:1696 NCCL WARN {line}")
                L += traceback([("/workspace/train.py", 288, "train_step", "loss.backward()"), (f"{SITE}/torch/autograd/graph.py", 744, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")], exc, prefix=f"[rank{r}]: ")
            else:
                L += watchdog_timeout("2.3", r, 501188, "ALLREDUCE", 104857600, 1800000, plus(t_lock, 1800), rng)
        tk = plus(t_lock, 1803)
        L.append(f"[{iso(tk)}] torch.distributed.elastic.agent.server.api: [ERROR] Error waiting on exit barrier. Elapsed: 300.04 seconds")
        L += elastic_summary("2.3", tk, "train.py", pod, [(i * 8, 0, 1, 120, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")])
        b.add(f"{kn}/pod-{pod}.log", L)
    b.add(f"{knodes[cn]}/pod-{pods[cn]}.log", [f"Error from server: Get \"https://10.8.44.190:10250/containerLogs/ml/{pods[cn]}/pytorch\": dial tcp 10.8.44.190:10250: connect: no route to host"])
    kd = []
    for i, kn in enumerate(knodes):
        kd += [f"Name:               {kn}", "Roles:              <none>", "Labels:             node.kubernetes.io/instance-type=p5.48xlarge",
               "                    topology.kubernetes.io/zone=us-east-1a", f"CreationTimestamp:  {ctime(plus(start, -12 * 86400))}",
               "Taints:             node.kubernetes.io/unreachable:NoExecute" if i == cn else "Taints:             nvidia.com/gpu=present:NoSchedule"]
        if i == cn:
            kd.append("                    node.kubernetes.io/unreachable:NoSchedule")
        kd += ["Unschedulable:      false", "Conditions:", "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
               "  ----             ------    -----------------                 ------------------                ------                       -------"]
        for c, ok_reason, ok_msg in (("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                                     ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                                     ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                                     ("Ready", "KubeletReady", "kubelet is posting ready status")):
            if i == cn:
                kd.append(f"  {c:<16} Unknown   {ctime(plus(t_lock, -8))}   {ctime(plus(t_lock, 42))}   NodeStatusUnknown            Kubelet stopped posting node status.")
            else:
                st = "True " if c == "Ready" else "False"
                kd.append(f"  {c:<16} {st}     {ctime(plus(t_lock, 2500 + i))}   {ctime(plus(start, -12 * 86400 + 90))}   {ok_reason:<28} {ok_msg}")
        kd += ["Events:", "  Type     Reason        Age   From             Message", "  ----     ------        ----  ----             -------"]
        if i == cn:
            kd.append(f"  Normal   NodeNotReady  41m   node-controller  Node {kn} status is now: NodeNotReady")
        else:
            kd[-3] = "Events:              <none>"
            kd = kd[:-2]
        kd.append("")
    b.add(f"{knodes[0]}/kubectl-describe-nodes.txt", kd)
    b.add(f"{knodes[0]}/kubectl-get-nodes.txt", ["NAME                          STATUS     ROLES    AGE   VERSION"] +
          [f"{kn:<29} {'NotReady' if i == cn else 'Ready':<10} <none>   12d   v1.29.3-eks-ae9a62a" for i, kn in enumerate(knodes)])
    b.add(f"{knodes[0]}/kubectl-get-pods.txt", ["NAME              READY   STATUS        RESTARTS   AGE    NODE"] +
          [f"{p:<17} {'1/1' if i == cn else '0/1'}     {'Terminating' if i == cn else 'Error':<13} 0          3h4m   {kn}" for i, (p, kn) in enumerate(zip(pods, knodes))])
    con = ["[    0.000000] Linux version 6.1.84-99.169.amzn2023.x86_64 (mockbuild@ip-10-0-40-12) (gcc (GCC) 11.4.1 20230605 (Red Hat 11.4.1-2), GNU ld version 2.39-6.amzn2023.0.10) #1 SMP PREEMPT_DYNAMIC"]
    up = (t_lock - plus(start, -12 * 86400)).total_seconds()
    con += [f"[{up - 3.2:12.6f}] NMI watchdog: Watchdog detected hard LOCKUP on cpu 71",
            f"[{up - 3.2:12.6f}] CPU: 71 PID: 0 Comm: swapper/71 Tainted: P           OE      6.1.84-99.169.amzn2023.x86_64 #1",
            f"[{up - 3.2:12.6f}] RIP: 0010:native_queued_spin_lock_slowpath+0x2a4/0x2e0",
            f"[{up - 3.1:12.6f}] Call Trace:", f"[{up - 3.1:12.6f}]  <NMI>", f"[{up - 3.1:12.6f}]  ? watchdog_overflow_callback.cold+0x1e/0x70",
            f"[{up - 3.1:12.6f}]  </NMI>", f"[{up - 3.1:12.6f}]  <IRQ>", f"[{up - 3.1:12.6f}]  _raw_spin_lock_irqsave+0x3d/0x50",
            f"[{up - 3.1:12.6f}]  nvidia_isr_msix+0x53/0xa0 [nvidia]", f"[{up - 3.1:12.6f}]  __handle_irq_event_percpu+0x46/0x190",
            f"[{up - 3.0:12.6f}] Kernel panic - not syncing: Hard LOCKUP", f"[{up - 3.0:12.6f}] Kernel Offset: 0x2a000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"]
    b.add(f"{knodes[cn]}/ec2-get-console-output.txt", con)
    b.set_label("host", "infrastructure", {"node": knodes[cn], "rank": None}, "restart_without_node",
                "ip-10-8-44-190 went NotReady ('Kubelet stopped posting node status') at the moment the job stopped, its pod is stuck Terminating and its logs are unreachable; the instance console shows an NMI hard LOCKUP and kernel panic, while the NCCL errors on the other pods all point at 10.8.44.190.",
                "https://github.com/kubernetes/kubernetes/issues/50127")


# ====================================================================== q36
def q36_dataloader_worker_killed(b, rng):
    nodes = ["gpu-s031", "gpu-s032"]
    cn = 1
    t = T(2023, 10, 4, 10, 0, 0)
    start = t
    job = 338820
    L = ["+ srun -l --ntasks-per-node=8 python train_vit.py --data /datasets/laion-subset --workers 12 --batch-size 256"]
    ep_steps = 4880
    avg_t, avg_l, avg_a, n = 0.0, 0.0, 0.0, 0
    for s in range(20, 3621, 20):
        st = jitter(rng, 0.41, 0.02)
        lo, ac = rng.uniform(3.1, 3.6), rng.uniform(28, 36)
        n += 1
        avg_t += (st - avg_t) / n
        avg_l += (lo - avg_l) / n
        avg_a += (ac - avg_a) / n
        L.append(f" 0: Epoch: [2][{s:>4}/{ep_steps}]  Time {st:.3f} ({avg_t:.3f})  Data {rng.uniform(0.002, 0.02):.3f} ({0.011:.3f})  Loss {lo:.4e} ({avg_l:.4e})  Acc@1 {ac:6.2f} ({avg_a:6.2f})")
    t_kill = plus(t, 80 + 2 * ep_steps * 0.41 + 3620 * 0.41)
    r = 12
    pid = 41233
    inner = traceback([(f"{SITE}/torch/utils/data/dataloader.py", 1132, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                       ("/usr/lib/python3.10/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
                       ("/usr/lib/python3.10/multiprocessing/connection.py", 257, "poll", "return self._poll(timeout)"),
                       ("/usr/lib/python3.10/multiprocessing/connection.py", 424, "_poll", "r = wait([self], timeout)"),
                       ("/usr/lib/python3.10/multiprocessing/connection.py", 931, "wait", "ready = selector.select(timeout)"),
                       ("/usr/lib/python3.10/selectors.py", 416, "select", "fd_event_list = self._selector.poll(timeout)"),
                       (f"{SITE}/torch/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()")],
                      f"RuntimeError: DataLoader worker (pid {pid}) is killed by signal: Killed. ")
    outer = traceback([("train_vit.py", 402, "<module>", "main()"), ("train_vit.py", 377, "main", "train_one_epoch(model, loader, optimizer, epoch, args)"),
                       ("train_vit.py", 211, "train_one_epoch", "for i, (images, target) in enumerate(loader):"),
                       (f"{SITE}/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
                       (f"{SITE}/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                       (f"{SITE}/torch/utils/data/dataloader.py", 1294, "_get_data", "success, data = self._try_get_data()"),
                       (f"{SITE}/torch/utils/data/dataloader.py", 1145, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
                      f"RuntimeError: DataLoader worker (pid(s) {pid}) exited unexpectedly")
    L += [f"{r:>2}: " + x for x in inner + ["", "The above exception was the direct cause of the following exception:", ""] + outer]
    tw = plus(t_kill, 1800)
    for rr in range(16):
        if rr == r:
            continue
        if rr % 2 == 0:
            L += [f"{rr:>2}: " + x for x in watchdog_timeout("2.1", rr, 171022, "ALLREDUCE", 86567168, 1800000, tw, rng)]
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i, h in enumerate(nodes)]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    for i, h in enumerate(nodes):
        boot = plus(start, -rng.randint(3, 30) * 86400)
        ex = []
        if i == cn:
            ex += [(plus(t_kill, -0.4), f"python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                   (plus(t_kill, -0.39), f"CPU: 51 PID: {pid + 7} Comm: python Tainted: P           OE     5.15.0-86-generic #96-Ubuntu"),
                   (plus(t_kill, -0.3), "Mem-Info:"),
                   (plus(t_kill, -0.3), f"active_anon:{rng.randint(250000000, 260000000)} inactive_anon:{rng.randint(1000000, 2000000)} isolated_anon:0"),
                   (plus(t_kill, -0.2), f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_4021/job_{job},task_memcg=/slurm/uid_4021/job_{job}/step_0/task_4,task=python,pid={pid},uid=4021"),
                   (plus(t_kill, -0.19), f"Memory cgroup out of memory: Killed process {pid} (python) total-vm:61822012kB, anon-rss:58124412kB, file-rss:101224kB, shmem-rss:2211044kB, UID:4021 pgtables:114812kB oom_score_adj:0"),
                   (plus(t_kill, 2), f"oom_reaper: reaped process {pid} (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:2211044kB")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tw, 60), 30, ex, style="T"))
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "vit-l-laion", 2, 128, "FAILED", "1:0", "01:37:12") + [f"{job}.0.extern   extern  OUT_OF_ME+    0:125"])
    b.set_label("oom", "framework", None, "stop",
                "Rank 12 died because one of its DataLoader workers (pid 41233) was killed by the cgroup OOM killer on gpu-s032 (12 workers x 8 ranks exhausting the job's memory limit); the other ranks then time out. A killed DataLoader worker is a memory-configuration problem, not a node fault.",
                "https://github.com/TorchSSL/TorchSSL/issues/4")


# ====================================================================== q37
def q37_hf_eval_oom(b, rng):
    nodes = ["h200-r1-05", "h200-r1-06"]
    t = T(2025, 10, 6, 7, 0, 0)
    start = t
    site = "/usr/local/lib/python3.12/dist-packages"
    for i, h in enumerate(nodes):
        L = [f"{glog(t, 'W')} {8800 + i} torch/distributed/run.py:803] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "]
        el = 0.0
        if i == 0:
            L += ["***** Running training *****", "  Num examples = 412,880", "  Num Epochs = 1", "  Instantaneous batch size per device = 2",
                  "  Total train batch size (w. parallel, distributed & accumulation) = 256", "  Gradient Accumulation steps = 8", "  Total optimization steps = 1,612"]
            for s in range(1, 501):
                sit = jitter(rng, 6.4, 0.01)
                el += sit
                if s % 2 == 0:
                    L.append(tqdm_line(s, 1612, el, sit))
                if s % 10 == 0:
                    L.append(f"{{'loss': {max(0.7, 1.3 - s * 0.0008 + rng.uniform(-0.02, 0.02)):.4f}, 'grad_norm': {rng.uniform(0.3, 0.9):.4f}, 'learning_rate': {1e-5:.1e}, 'epoch': {s / 1612:.2f}}}")
            L += ["***** Running Evaluation *****", "  Num examples = 4096", "  Batch size = 16"]
        for lr_ in range(8):
            r = i * 8 + lr_
            free = round(rng.uniform(3.1, 9.8), 2)
            alloc = round(rng.uniform(121.0, 126.0), 2)
            exc = (f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 15.62 GiB. GPU {lr_} has a total capacity of 139.81 GiB of which {free} GiB is free. "
                   f"Including non-PyTorch memory, this process has {139.81 - free:.2f} GiB memory in use. Of the allocated memory {alloc} GiB is allocated by PyTorch, and {139.81 - free - alloc - 0.6:.2f} GiB is reserved by PyTorch but unallocated. "
                   "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
            L += traceback([("/workspace/sft/train.py", 211, "<module>", "trainer.train()"), (f"{site}/transformers/trainer.py", 2328, "train", "return inner_training_loop("),
                            (f"{site}/transformers/trainer.py", 3205, "_maybe_log_save_evaluate", "metrics = self._evaluate(trial, ignore_keys_for_eval)"),
                            (f"{site}/transformers/trainer.py", 4469, "evaluation_loop", "logits = self.accelerator.pad_across_processes(logits, dim=1, pad_index=-100)"),
                            (f"{site}/accelerate/utils/operations.py", 682, "_pad_across_processes", "new_tensor = tensor.new_zeros(tuple(new_size)) + pad_index")], exc, prefix=f"[rank{r}]: ")
        tk = plus(t, el + 140)
        L.append(elastic_log("2.9", tk, "E", "multiprocessing.api", f"failed (exitcode: 1) local_rank: 0 (pid: {8810 + i * 10}) of binary: /usr/bin/python3", 8800 + i))
        L += elastic_summary("2.9", tk, "train.py", h, [(i * 8 + k, k, 1, 8810 + i * 10 + k, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for k in range(8)])
        b.add(f"{h}/torchrun.log", L)
        boot = plus(start, -rng.randint(3, 30) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tk, 60), 20))
    b.set_label("oom", "framework", None, "stop",
                "All 16 ranks on both nodes raise torch.OutOfMemoryError at the same point, the first evaluation after step 500, while padding full-vocabulary eval logits across processes (15.62 GiB request on 140 GiB GPUs); it is an eval configuration problem, not a device.",
                "https://github.com/paTRICK-swk/D3DP/issues/9")


# ====================================================================== q38
def q38_ray_train_runtime_error(b, rng):
    ips = ["10.22.0.14", "10.22.0.15"]
    t = T(2024, 3, 2, 16, 0, 0)
    start = t
    rb = "/home/ray/anaconda3/lib/python3.10/site-packages"
    drv = [f"{iso(t)}\tINFO worker.py:1540 -- Connecting to existing Ray cluster at address: 10.22.0.14:6379...",
           f"{iso(t)}\tINFO worker.py:1715 -- Connected to Ray cluster. View the dashboard at http://10.22.0.14:8265 ",
           f"{iso(plus(t, 2))}\tINFO tune.py:583 -- [output] This will use the new output engine with verbosity 1. To disable the new output and use the legacy output engine, set the environment variable RAY_AIR_NEW_OUTPUT=0.",
           "", "View detailed results here: /mnt/shared/ray_results/clip-ft", "",
           "Training started without custom configuration.",
           f"(TorchTrainer pid=5512, ip=10.22.0.14) Started distributed worker processes: "]
    for r in range(16):
        drv.append(f"(TorchTrainer pid=5512, ip=10.22.0.14) - (ip={ips[r // 8]}, pid={5601 + r}) world_rank={r}, local_rank={r % 8}, node_rank={r // 8}")
    drv.append("(RayTrainWorker pid=5601, ip=10.22.0.14) Setting up process group for: env:// [rank=0, world_size=16]")
    steps = 1563
    for s in range(20, steps, 20):
        drv.append(f"(RayTrainWorker pid=5601, ip=10.22.0.14) epoch 0 step {s}/{steps} loss {max(1.1, 4.6 - s * 0.002 + rng.uniform(-0.04, 0.04)):.4f} img/s {int(jitter(rng, 9400, 0.01))}")
    msg = "RuntimeError: The size of tensor a (64) must match the size of tensor b (256) at non-singleton dimension 0"
    wtb = traceback([(f"{rb}/ray/air/_internal/util.py", 98, "run", "self._ret = self._target(*self._args, **self._kwargs)"),
                     (f"{rb}/ray/train/_internal/utils.py", 118, "discard_return_wrapper", "train_func(*args, **kwargs)"),
                     ("/home/ray/clip/train_loop.py", 144, "train_loop_per_worker", "loss = clip_loss(img_emb, txt_emb, labels=self.labels)"),
                     ("/home/ray/clip/losses.py", 37, "clip_loss", "return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2 * mask")], msg)
    for r in range(16):
        if r in (0, 5, 9, 14):
            drv += [f"(RayTrainWorker pid={5601 + r}, ip={ips[r // 8]}) " + x for x in wtb]
    te = plus(t, 80 + steps * 0.44)
    drv += [f"{iso(te)}\tERROR tune_controller.py:1374 -- Trial task failed for trial TorchTrainer_5d9a1_00000",
            "Traceback (most recent call last):",
            f'  File "{rb}/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future', "    result = ray.get(future)",
            f'  File "{rb}/ray/_private/auto_init_hook.py", line 22, in auto_init_wrapper', "    return fn(*args, **kwargs)",
            f'  File "{rb}/ray/_private/worker.py", line 2624, in get', "    raise value.as_instanceof_cause()",
            f"ray.exceptions.RayTaskError(RuntimeError): ray::_Inner.train() (pid=5512, ip=10.22.0.14, actor_id={hex_id(rng, 32)}, repr=TorchTrainer)",
            f'  File "{rb}/ray/tune/trainable/trainable.py", line 342, in train', "    raise skipped from exception_cause(skipped)",
            f'  File "{rb}/ray/train/_internal/utils.py", line 43, in check_for_failure', "    ray.get(object_ref)",
            f"ray.exceptions.RayTaskError(RuntimeError): ray::_RayTrainWorker__execute.get_next() (pid=5606, ip=10.22.0.14, actor_id={hex_id(rng, 32)}, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f{hex_id(rng, 10)}>)"]
    drv += wtb[1:]
    drv += ["", f"Training errored after 0 iterations at {te.strftime('%Y-%m-%d %H:%M:%S')}. Total running time: {int((te - start).total_seconds() // 60)}min {int((te - start).total_seconds() % 60)}s",
            "Error file: /mnt/shared/ray_results/clip-ft/TorchTrainer_5d9a1_00000_0_2024-03-02_16-00-02/error.txt",
            "Traceback (most recent call last):", '  File "/home/ray/clip/launch.py", line 58, in <module>', "    result = trainer.fit()",
            f'  File "{rb}/ray/train/base_trainer.py", line 638, in fit', "    raise TrainingFailedError(",
            "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
            "To continue this run, you can use: `trainer = TorchTrainer.restore(\"/mnt/shared/ray_results/clip-ft\")`.",
            "To start a new run that will retry on training failures, set `train.RunConfig(failure_config=train.FailureConfig(max_failures))` in the Trainer's `run_config` with `max_failures > 0`, or `max_failures = -1` for unlimited retries."]
    b.add(f"{ips[0]}/job-driver-raysubmit_Uq3nPz.log", drv)
    for i, ip in enumerate(ips):
        for lr_ in range(8):
            r = i * 8 + lr_
            wl = [f":job_id:05000000", f":actor_name:RayTrainWorker"]
            for s in range(100, steps, 100):
                wl.append(f"epoch 0 step {s}/{steps} local_batch=256 queue_depth={rng.randint(2, 8)}")
            wl.append(f"epoch 0 step {steps}/{steps} local_batch=64 queue_depth=0")
            wl += wtb
            b.add(f"{ip}/logs/worker-{hex_id(rng, 40)}-05000000-{5601 + r}.err", wl)
        boot = plus(start, -rng.randint(3, 30) * 86400)
        b.add(f"{ip}/dmesg.txt", dmesg_block(rng, ip, boot, plus(start, -3600), plus(te, 60), 20))
    b.set_label("user_code", "script", None, "stop",
                "Every one of the 16 Ray Train workers raises the same RuntimeError in the user's clip_loss on the last, short batch of epoch 0 (64 instead of 256 samples, mask sized for the full batch); deterministic script bug on all nodes.",
                "https://github.com/mueller-franzes/medfusion/issues/13")


# ====================================================================== q39
def q39_import_error_some_ranks(b, rng):
    nodes = ["gpu-k05", "gpu-k06", "gpu-k09", "gpu-k10"]
    cn = 2
    t = T(2024, 7, 22, 9, 30, 0)
    start = t
    job = 771102
    new_dig = "sha256:" + hex_id(rng, 64)
    old_dig = "sha256:" + hex_id(rng, 64)
    L = ["+ srun -l --ntasks-per-node=8 --container-image=registry.corp/llm/train:2024.07 --container-mounts=/lustre:/lustre python -u train.py --cfg cfg/llama3_8b_ctx32k.yaml"]
    for i, h in enumerate(nodes):
        if i == cn:
            L.append(f"pyxis: importing docker image: registry.corp/llm/train:2024.07")
        else:
            L.append("pyxis: importing docker image: registry.corp/llm/train:2024.07")
    L.append("pyxis: imported docker image: registry.corp/llm/train:2024.07")
    for r in range(32):
        if r // 8 == cn:
            msg = "ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"
            L += [f"{r:>2}: " + x for x in traceback([("/lustre/proj/llm/train.py", 14, "<module>", "from model.llama import LlamaForCausalLM"),
                                                      ("/lustre/proj/llm/model/llama.py", 9, "<module>", "from flash_attn import flash_attn_varlen_func"),
                                                      (f"{SITE}/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                                                      (f"{SITE}/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda")], msg)]
        elif r % 8 == 0:
            L.append(f"{r:>2}: [rank{r}]: [W socket.cpp:464] [c10d] The server socket has failed to listen on [::]:29500 (errno: 98 - Address already in use)." if r == 0 and False else f"{r:>2}: rank {r} waiting for world (32) at gpu-k05:29500")
    tw = plus(t, 40 + 900)
    for r in range(32):
        if r // 8 == cn:
            continue
        if r % 4 == 0:
            exc = "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 24/32 clients joined."
            L += [f"{r:>2}: " + x for x in traceback([("/lustre/proj/llm/train.py", 402, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=15))"),
                                                      (f"{SITE}/torch/distributed/c10d_logger.py", 79, "wrapper", "return func(*args, **kwargs)"),
                                                      (f"{SITE}/torch/distributed/distributed_c10d.py", 1305, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                                                      (f"{SITE}/torch/distributed/rendezvous.py", 246, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                                                      (f"{SITE}/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore(")], exc, prefix=f"[rank{r}]: ")]
    L += [f"srun: error: {nodes[cn]}: tasks 16-23: Exited with exit code 1"] + [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i, h in enumerate(nodes) if i != cn]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    for i, h in enumerate(nodes):
        stale = i == cn
        jx = [(plus(t, 3), f"slurmstepd[{rng.randint(100000, 999999)}]: pyxis: running \"enroot import\" ..." if not stale else f"slurmstepd[{rng.randint(100000, 999999)}]: pyxis: reusing cached squashfs /raid/enroot-cache/registry.corp+llm+train+2024.07.sqsh ({old_dig[:19]}..., created 2024-06-28)"),
              (plus(t, 4), f"slurmstepd[{rng.randint(100000, 999999)}]: pyxis: image digest {new_dig if not stale else old_dig}")]
        b.add(f"{h}/journal.txt", journal_block(rng, h, plus(start, -1800), plus(tw, 60), 35, jx))
        pl = ["Package                  Version", "------------------------ ----------------------"]
        pl += [f"flash-attn               {'2.5.8' if not stale else '2.5.6'}", "numpy                    1.26.4",
               f"torch                    {'2.3.1+cu121' if not stale else '2.3.1+cu121'}", "transformers             4.42.4", "triton                   2.3.1"]
        b.add(f"{h}/container-pip-list.txt", [f"# srun -w {h} --container-image=registry.corp/llm/train:2024.07 pip list 2>/dev/null | grep -E 'torch|flash|triton|numpy|transformers'"] + pl)
    b.set_label("dependency", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "Only gpu-k09's eight ranks fail, at import, with flash_attn_2_cuda 'undefined symbol' (flash-attn 2.5.6 built for another torch); pyxis on that node reused a stale cached squashfs of the same tag with an older digest while the other nodes imported the current image, and the rest of the job just times out waiting for 8 missing clients.",
                "https://github.com/Dao-AILab/flash-attention/issues/931")


# ====================================================================== q40
def q40_import_error_all_ranks(b, rng):
    nodes = ["v4-node-021", "v4-node-022", "v4-node-023"]
    t = T(2024, 5, 24, 8, 15, 0)
    start = t
    job = 229011
    site = "/home/svc/.venvs/rlhf/lib/python3.10/site-packages"
    L = ["+ source /home/svc/.venvs/rlhf/bin/activate && pip install -q -r requirements.txt",
         "Successfully installed setuptools-70.0.0",
         "+ srun -l --ntasks-per-node=8 python -u ppo_train.py --config configs/ppo_7b.yaml"]
    for r in range(24):
        tb = traceback([("/home/svc/rlhf/ppo_train.py", 7, "<module>", "import deepspeed"),
                        (f"{site}/deepspeed/__init__.py", 25, "<module>", "from . import ops"),
                        (f"{site}/deepspeed/ops/__init__.py", 15, "<module>", "from ..git_version_info import compatible_ops as __compatible_ops__"),
                        (f"{site}/deepspeed/git_version_info.py", 29, "<module>", "op_compatible = builder.is_compatible()"),
                        (f"{site}/deepspeed/ops/op_builder/builder.py", 418, "is_compatible", "from torch.utils.cpp_extension import CppExtension"),
                        (f"{site}/torch/utils/cpp_extension.py", 28, "<module>", "from pkg_resources import packaging  # type: ignore[attr-defined]")],
                       f"ImportError: cannot import name 'packaging' from 'pkg_resources' ({site}/pkg_resources/__init__.py)")
        L += [f"{r:>2}: " + x for x in tb]
        if r % 6 == 0:
            L.insert(len(L) - len(tb), f"{r:>2}: {site}/pkg_resources/__init__.py:118: DeprecationWarning: pkg_resources is deprecated as an API. See https://setuptools.pypa.io/en/latest/pkg_resources.html")
    L += [f"srun: error: {h}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1" for i, h in enumerate(nodes)]
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "ppo-7b", 3, 128, "FAILED", "1:0", "00:00:19"))
    for h in nodes:
        boot = plus(start, -rng.randint(3, 30) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(start, 120), 20))
        b.add(f"{h}/pip-freeze-subset.txt", ["deepspeed==0.12.6", "setuptools==70.0.0", "torch==2.1.2", "transformers==4.38.2", "trl==0.7.11"])
    b.set_label("dependency", "framework", None, "stop",
                "All 24 ranks on all three nodes fail within seconds at 'import deepspeed' with ImportError: cannot import name 'packaging' from 'pkg_resources'; the shared venv was just upgraded to setuptools 70, which breaks torch 2.1's cpp_extension. A library mismatch in the job's environment, not a node problem.",
                "https://github.com/pypa/setuptools/issues/4385")
