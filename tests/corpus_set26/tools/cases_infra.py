"""Network / host / storage cases."""
from common import (Bundle, Job, T, add, c10d_ts, pylog, iso, syslog, torchrun_banner, sigterm_lines,
                    child_failed, watchdog_timeout, remote_error, train_steps, nvsmi_table, dmesg_noise,
                    traceback, rankify)

PY = "/usr/local/lib/python3.10/dist-packages"


def n09():
    b = Bundle("n09_ncclremoteerror_connection_reset_by_peer_ddp",
               "ncclRemoteError / connection reset on many ranks; one node's HCA link flapped (kernel + ibstat)")
    nodes = ["v100-n%02d" % i for i in (11, 14, 19, 23, 24, 27, 30, 31)]
    bad = "v100-n27"
    ips = {n: "172.21.3.%d" % (40 + i) for i, n in enumerate(nodes)}
    t0 = T(2026, 3, 29, 2, 10, 0)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 5 * 3600 + 77)
    for n in nodes:
        txt = torchrun_banner(t0, 8, 4, "v100-n11:29500", run_id="ddp-resnet152")
        if n == nodes[0]:
            for ep in range(0, 12):
                txt += f"Epoch: [{ep}][1200/1251]\tTime  0.{b.rng.randint(410,440)} ( 0.42)\tData  0.004\tLoss 2.{b.rng.randint(100,999)}e+00\tAcc@1  {40+ep*2.1:.2f}\n"
        for lr in range(4):
            r = j.gr(n, lr)
            peer = ips[bad] if n != bad else ips[nodes[(nodes.index(bad) + 1) % 8]]
            tt = add(tf, 2 + (0 if n in (bad, nodes[4], nodes[6]) else 40))
            txt += remote_error(tt, r, ips[n], peer, 33759 + lr)
        if n == bad:
            txt += f"{n}:{j.pids[n][0]}:{j.pids[n][0]+88} [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 172.21.3.47<48213> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) reqSize=131072 vendor_err=129 req_type=Send localGid ::ffff:{ips[n]} remoteGids::ffff:172.21.3.47 hca mlx5_0\n"
        txt += child_failed(add(tf, 60), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="main.py")
        b.add(f"{n}/torchrun.out", txt)
    kl = []
    for k, (s, st) in enumerate([(-7200, "DOWN"), (-7190, "ACTIVE"), (-1500, "DOWN"), (-1488, "ACTIVE"), (-3, "DOWN"), (25, "INIT"), (31, "ACTIVE")]):
        tt = add(tf, s)
        kl.append(f"{syslog(tt)} {bad} kernel: mlx5_core 0000:5e:00.0 mlx5_0: Port: 1 Link {st}")
        if st == "DOWN":
            kl.append(f"{syslog(tt)} {bad} kernel: infiniband mlx5_0: ib_query_port: port state changed to DOWN (phys state Polling)")
    kl.append(f"{syslog(add(tf, -7201))} {bad} kernel: mlx5_core 0000:5e:00.0: mlx5_port_module_event:1156:(pid 0): Port module event[error]: module 0, Cable error, High Temperature")
    b.add(f"{bad}/messages", "\n".join(sorted(kl)))
    b.add(f"{bad}/ibstat.txt", "CA 'mlx5_0'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tFirmware version: 20.39.1002\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 200\n\t\tBase lid: 211\n\t\tLink layer: InfiniBand\n"
          "\nperfquery -x mlx5_0 1:\n\tSymbolErrorCounter:..............65535\n\tLinkErrorRecoveryCounter:........23\n\tLinkDownedCounter:...............3\n\tPortRcvErrors:...................8812\n")
    b.add(f"{nodes[2]}/ibstat.txt", "CA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 200\n\nperfquery -x mlx5_0 1:\n\tSymbolErrorCounter:..............0\n\tLinkErrorRecoveryCounter:........0\n\tLinkDownedCounter:...............0\n\tPortRcvErrors:...................0\n")
    b.set_label("network", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Every node reports ncclRemoteError / connection reset, but the peer they lose is v100-n27, whose HCA port went DOWN three times (cable error, link-down counter 3, saturated symbol errors) and whose own NCCL proxy saw IBV_WC_RETRY_EXC_ERR. The node's IB link is bad; run without it.",
                "https://github.com/NVIDIA/nccl/issues/2076")
    return b


def n10():
    b = Bundle("n10_net_ib_got_completion_with_error_12_on_several_nodes",
               "error 12 / link flaps on all 4 nodes under one leaf switch at the same second; topology.json shows the shared leaf")
    leaves = {"leaf-a": ["gn%02d" % i for i in range(1, 5)], "leaf-b": ["gn%02d" % i for i in range(5, 9)],
              "leaf-c": ["gn%02d" % i for i in range(9, 13)]}
    nodes = [n for v in leaves.values() for n in v]
    b.topology(leaves)
    t0 = T(2019, 6, 19, 9, 0, 0)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 16000)
    for n in nodes:
        txt = torchrun_banner(t0, 12, 4, "gn01:29500", run_id="bert-large")
        if n == "gn01":
            s, _ = train_steps(add(t0, 30), 100, 5000, 100, 3.2, 6.0, b.rng, fmt="plain")
            txt += s
        if n in leaves["leaf-b"]:
            for lr in (0, 2):
                pid = j.pids[n][lr]
                txt += (f"\n{n}:{pid}:{pid+77} [{lr}] transport/net_ib.cc:1301 NCCL WARN NET/IB : Got completion from peer 10.12.0.{nodes.index(n)+3}<49189> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid ::ffff:10.12.0.{nodes.index(n)+1}\n"
                        f"{n}:{pid}:{pid+77} [{lr}] NCCL INFO transport/net.cc:1137 -> 6\n{n}:{pid}:{pid+77} [{lr}] NCCL INFO proxy.cc:698 -> 6\n{n}:{pid}:{pid+77} [{lr}] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]\n")
                txt += rankify("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.19.3\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer 10.12.0.%d<49189> with error 12, opcode 0, len 0, vendor err 129 (Send)" % (nodes.index(n) + 3), j.gr(n, lr))
        else:
            txt += watchdog_timeout(add(tf, 1800), j.gr(n, 1), 771023, "ALLREDUCE", 4194304)
        b.add(f"{n}/train.log", txt)
        lines, u = dmesg_noise(16000.0, b.rng, 3)
        kl = [f"{syslog(add(t0, 100*i))} {n} kernel: {l.split('] ',1)[1]}" for i, l in enumerate(lines)]
        if n in leaves["leaf-b"]:
            kl += [f"{syslog(add(tf, -12))} {n} kernel: mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link DOWN",
                   f"{syslog(add(tf, -12))} {n} kernel: infiniband mlx5_0: port state changed to DOWN",
                   f"{syslog(add(tf, 51))} {n} kernel: mlx5_core 0000:3b:00.0 mlx5_0: Port: 1 Link ACTIVE"]
        b.add(f"{n}/kern.log", "\n".join(kl))
    b.add("gn06/sm-note.txt", f"{iso(add(tf, 300))} opensm[2211]: osm_spst_rcv_process: port 0x0c42a10300a4e1f2 (leaf-b uplink 1/29) state changed DOWN->INIT\n{iso(add(tf, 300))} opensm[2211]: Heavy Sweep started: 14 port state changes on switch 'leaf-b'\n")
    b.set_label("network", "infrastructure", None, "restart",
                "All four nodes under leaf-b (gn05-gn08), and only they, lose their IB port at the same second and report transport retry errors (error 12); the subnet manager logs port changes on leaf-b itself. Nodes on leaf-a/leaf-c only time out. This is a switch-side event, not one node.",
                "https://github.com/NVIDIA/nccl-tests/issues/24")
    return b


def n11():
    b = Bundle("n11_efa_couldnt_open_cq_invalid_argument",
               "aws-ofi-nccl 'Unable to create extended CQ: Cannot allocate memory' only on one instance; its prolog shows memlock 64 KiB")
    nodes = ["ip-10-1-20-37", "ip-10-1-22-118", "ip-10-1-23-5", "ip-10-1-31-200"]
    bad = "ip-10-1-31-200"
    t0 = T(2024, 11, 28, 7, 41, 30)
    j = Job(b, nodes, 8, t0)
    for n in nodes:
        memlock = "64" if n == bad else "unlimited"
        pro = (f"[prolog] host={n} instance=p4d.24xlarge image=dlc-pt-2.4-cu124\n[prolog] ulimit -l => max locked memory (kbytes, -l) {memlock}\n"
               f"[prolog] fi_info -p efa -t FI_EP_RDM | grep -c provider => 4\n[prolog] NCCL_NET='AWS Libfabric' FI_PROVIDER=efa FI_EFA_USE_DEVICE_RDMA=1\n")
        b.add(f"{n}/prolog.log", pro)
        txt = torchrun_banner(t0, 4, 8, "ip-10-1-20-37:29500", run_id="sm-train-1732779")
        tt = add(t0, 40)
        if n == bad:
            for lr in range(8):
                pid = j.pids[n][lr]
                ep = int(tt.timestamp())
                txt += (f"libfabric:{pid}:{ep}::efa:cq:efa_cq_ibv_cq_ex_open_with_ibv_create_cq_ex():92<warn> Unable to create extended CQ: Cannot allocate memory\n"
                        f"libfabric:{pid}:{ep}::efa:cq:efa_rdm_cq_open():688<warn> Unable to create extended CQ: Invalid argument\n"
                        f"{n}:{pid}:{pid+70} [{lr}] nccl_ofi_ofiutils_init_connection:274 NCCL WARN NET/OFI Couldn't open CQ. RC: -22, ERROR: Invalid argument\n"
                        f"{n}:{pid}:{pid+70} [{lr}] nccl_net_ofi_create_plugin:259 NCCL WARN NET/OFI aws-ofi-nccl initialization failed\n"
                        f"{n}:{pid}:{pid+70} [{lr}] init.cc:1749 NCCL WARN Error: network AWS Libfabric not found.\n")
                txt += rankify(f"torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2006, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5\nncclInvalidUsage: This usually reflects invalid usage of NCCL library.\nLast error:\nError: network AWS Libfabric not found.", j.gr(n, lr))
            txt += child_failed(add(tt, 5), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")])
        else:
            txt += f"{n}:{j.pids[n][0]}:{j.pids[n][0]} [0] NCCL INFO NET/OFI Using aws-ofi-nccl 1.11.0-aws\n{n}:{j.pids[n][0]}:{j.pids[n][0]} [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)\n{n}:{j.pids[n][0]}:{j.pids[n][0]} [0] NCCL INFO Using network AWS Libfabric\n"
            txt += f"libfabric:{j.pids[n][1]}:1732779731::efa:core:efa_device_construct():102<warn> EFA device query returned max_rdma_size 1073741824; using default\n"
            txt += watchdog_timeout(add(t0, 640), j.gr(n, 0), 1, "ALLREDUCE", 1, timeout_ms=600000)
            txt += sigterm_lines(add(t0, 700), j.pids[n][1:])
        b.add(f"{n}/algo-stdout.log", txt)
    b.set_label("host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only ip-10-1-31-200 fails: its EFA provider cannot create completion queues ('Cannot allocate memory'), so aws-ofi-nccl is not loaded and NCCL reports ncclInvalidUsage; its prolog shows max locked memory 64 KiB while every other node has unlimited. A node-level limit, not the network or the code; the others' first-collective timeouts are sympathetic.",
                "https://github.com/aws/aws-ofi-nccl/issues/715")
    return b


def n12():
    b = Bundle("n12_nccl_socketstartconnect_software_caused_connection_abort",
               "NCCL bootstrap connect errors on every node name the same peer IP; that peer's ethernet link flaps")
    nodes = ["ml-gpu-a", "ml-gpu-b", "ml-gpu-c"]
    ips = {"ml-gpu-a": "10.0.0.2", "ml-gpu-b": "10.0.0.3", "ml-gpu-c": "10.0.0.4"}
    bad = "ml-gpu-b"
    t0 = T(2024, 11, 26, 11, 20, 0)
    j = Job(b, nodes, 8, t0)
    for n in nodes:
        b.add(f"{n}/hosts", "\n".join(f"{ip} {h}" for h, ip in ips.items()))
        txt = torchrun_banner(t0, 3, 8, "ml-gpu-a:29500", run_id="grpo-run")
        tt = add(t0, 95)
        for lr in (0, 4) if n != bad else (0,):
            pid = j.pids[n][lr]
            tgt = ips[bad] if n != bad else ips["ml-gpu-c"]
            if n != bad:
                txt += (f"{n}:{pid}:{pid+40} [{lr}] misc/socket.cc:483 NCCL WARN socketStartConnect: Connect to {tgt}<45763> failed : Software caused connection abort\n"
                        f"{n}:{pid}:{pid+40} [{lr}] NCCL INFO misc/socket.cc:564 -> 2\n{n}:{pid}:{pid+40} [{lr}] NCCL INFO misc/socket.cc:586 -> 2\n"
                        f"{n}:{pid}:{pid+40} [{lr}] NCCL INFO bootstrap.cc:274 -> 2\n{n}:{pid}:{pid+40} [{lr}] NCCL INFO init.cc:1358 -> 2\n")
                txt += rankify("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \nLast error:\nsocketStartConnect: Connect to %s<45763> failed : Software caused connection abort" % tgt, j.gr(n, lr))
            else:
                txt += (f"{n}:{pid}:{pid+40} [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer ml-gpu-a<57557>\n"
                        f"{n}:{pid}:{pid+40} [0] proxy.cc:1143 NCCL WARN Socket recv failed while polling for opId=0x7f6f18cb7f40\n")
                txt += rankify("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, internal error - please report this issue to the NCCL developers, NCCL version 2.21.5\nncclInternalError: Internal check failed.\nLast error:\nSocket recv failed while polling for opId=0x7f6f18cb7f40", j.gr(n, 0))
        txt += child_failed(add(tt, 10), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="grpo.py")
        b.add(f"{n}/run.log", txt)
    kl = []
    for s, ev in [(-4000, "down"), (-3990, "up"), (-600, "down"), (-594, "up"), (80, "down"), (97, "up")]:
        tt = add(t0, s)
        if ev == "down":
            kl += [f"{syslog(tt)} {bad} kernel: ice 0000:31:00.0 ens1f0np0: NIC Link is Down",
                   f"{syslog(tt)} {bad} kernel: bond0: (slave ens1f0np0): link status definitely down, disabling slave"]
        else:
            kl += [f"{syslog(tt)} {bad} kernel: ice 0000:31:00.0 ens1f0np0: NIC Link is up 100 Gbps Full Duplex, Requested FEC: RS-FEC, Negotiated FEC: RS-FEC, Autoneg Advertised: On, Autoneg Negotiated: False, Flow Control: None",
                   f"{syslog(tt)} {bad} kernel: bond0: (slave ens1f0np0): link status definitely up, 100000 Mbps full duplex"]
    b.add(f"{bad}/syslog-kernel.txt", "\n".join(kl))
    b.set_label("network", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "ml-gpu-a and ml-gpu-c both fail to connect to 10.0.0.3 (ml-gpu-b) with 'Software caused connection abort', and ml-gpu-b's kernel log shows its bonded NIC ens1f0np0 going down repeatedly, including during NCCL bootstrap. The fault is that node's link; replace/exclude ml-gpu-b.",
                "https://github.com/NVIDIA/nccl/issues/1515")
    return b


def n13():
    b = Bundle("n13_diststoreerror_socket_timeout_multinode_after_upgrade",
               "TCPStore timeouts on both nodes; the worker node was launched with MASTER_ADDR=127.0.0.1 because the launch script's env var names changed")
    nodes = ["modelarts-job-0", "modelarts-job-1"]
    t0 = T(2024, 11, 27, 10, 2, 0)
    j = Job(b, nodes, 8, t0)
    for i, n in enumerate(nodes):
        maddr = "192.168.0.41" if i == 0 else "127.0.0.1"
        txt = (f"+ export NNODES=2 NODE_RANK={i}\n+ llamafactory-cli train examples/train_full/qwen2_full_sft.yaml\n"
               f"[INFO|2024-11-27 10:02:0{i}] llamafactory.cli:157 >> Initializing distributed tasks at: {maddr}:29500\n"
               f"+ torchrun --nnodes 2 --node_rank {i} --nproc_per_node 8 --master_addr {maddr} --master_port 29500 src/llamafactory/launcher.py examples/train_full/qwen2_full_sft.yaml\n")
        if i == 1:
            txt = "[WARN] env MASTER_ADDR not set, defaulting to 127.0.0.1 (set MASTER_ADDR / MASTER_PORT, see examples/README.md for the multi-node variables)\n" + txt
        txt += torchrun_banner(t0, 2, 8, f"{maddr}:29500")
        tt = add(t0, 1801)
        for lr in (0,):
            txt += rankify(traceback([("/home/ma-user/LLaMA-Factory/src/llamafactory/launcher.py", 23, "<module>", "launch()"),
                                      (f"{PY}/transformers/training_args.py", 2111, "_setup_devices", "self.distributed_state = PartialState("),
                                      (f"{PY}/accelerate/state.py", 212, "__init__", "torch.distributed.init_process_group(backend=self.backend, **kwargs)"),
                                      (f"{PY}/torch/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                                      (f"{PY}/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore(")],
                                     "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 8/16 clients joined." if i == 0 else
                                     "torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to connect to (127.0.0.1, 29500)."), j.gr(n, lr))
        for lr in (3, 6):
            txt += rankify("torch.distributed.DistStoreError: Socket Timeout" if i == 0 else "torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to connect to (127.0.0.1, 29500).", j.gr(n, lr))
        txt += child_failed(add(tt, 2), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="launcher.py")
        b.add(f"{n}/stdout.txt", txt)
    b.set_label("user_code", "script", None, "stop",
                "Node 0's store times out with only 8/16 clients joined while node 1's ranks time out connecting to 127.0.0.1: node 1 was launched with master_addr 127.0.0.1 because MASTER_ADDR was not set under the variable names the upgraded launcher expects. A launch-configuration error, not the network; fix the env vars and resubmit.",
                "https://github.com/hiyouga/LlamaFactory/issues/6154")
    return b


def n14():
    b = Bundle("n14_disk_quota_exceeded_saving_checkpoint_but_df_shows_space",
               "every rank's DCP shard write fails with Errno 122 on the shared FS; df has space but the group inode quota is at its hard limit")
    nodes = ["hpc-g%03d" % i for i in (41, 42, 47, 50)]
    t0 = T(2024, 12, 9, 0, 0, 0)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 6 * 3600 + 49 * 60 + 23)
    for n in nodes:
        txt = torchrun_banner(t0, 4, 4, "hpc-g041:29500", run_id="yolo-ms-608")
        if n == nodes[0]:
            txt += f"{tf.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Exp name: yolov3_d53_8xb8-ms-608-273e_coco_20241208_233948\n{tf.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Saving checkpoint at 14 epochs\n"
        for lr in range(4):
            r = j.gr(n, lr)
            txt += rankify(traceback([("tools/train.py", 118, "main", "runner.train()"),
                                      ("/mnt/wzh/miniconda3/envs/openmmlab/lib/python3.8/site-packages/mmengine/hooks/checkpoint_hook.py", 345, "after_train_epoch", "self._save_checkpoint(runner)"),
                                      ("/mnt/wzh/miniconda3/envs/openmmlab/lib/python3.8/site-packages/torch/distributed/checkpoint/filesystem.py", 436, "_write_files_from_queue", "with create_stream(file_name, \"wb\") as stream:")],
                                     f"OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/det/work_dirs/yolov3/epoch_14/__{r}_0.distcp'"), r)
        txt += child_failed(add(tf, 3), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="tools/train.py")
        b.add(f"{n}/train-{n}.log", txt)
    b.add(f"{nodes[2]}/storage-check.txt",
          "$ df -h /lustre/proj\nFilesystem                Size  Used Avail Use% Mounted on\n10.9.0.1@o2ib:/proj       2.1P  1.4P  702T  67% /lustre/proj\n\n"
          "$ lfs quota -g detgrp /lustre/proj\nDisk quotas for grp detgrp (gid 40321):\n     Filesystem  kbytes   quota   limit   grace   files   quota   limit   grace\n   /lustre/proj 81920311  200000000 210000000   -  5000000* 4500000 5000000   none\n")
    b.set_label("storage", "infrastructure", None, "stop",
                "All 16 ranks on all four nodes fail writing their checkpoint shard with Errno 122 'Disk quota exceeded'. df shows free capacity, but lfs quota shows the project group at its hard file (inode) limit. The shared filesystem quota is exhausted: a restart will fail the same way until files are cleaned or the quota raised.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


def n15():
    b = Bundle("n15_oserror_stale_file_handle_at_checkpoint",
               "rank 0 torch.save hits ESTALE; every node logs the NFS server not responding then OK; transient outage")
    nodes = ["lambda-2", "lambda-5", "lambda-6"]
    t0 = T(2021, 1, 21, 13, 0, 0)
    j = Job(b, nodes, 8, t0)
    tf = add(t0, 5 * 3600)
    for n in nodes:
        txt = torchrun_banner(t0, 3, 8, "lambda-2:29500", run_id="wmt-finetune")
        if n == "lambda-2":
            s, _ = train_steps(add(t0, 20), 100, 9000, 500, 2.0, 2.8, b.rng, fmt="hf")
            txt += s
            txt += rankify(traceback([("finetune_trainer.py", 256, "main", "if (os.path.isdir(training_args.output_dir) and not training_args.optimize_from_scratch) else None,"),
                                      ("/home/jim/trainer.py", 885, "_maybe_log_save_evaluate", "self._save_checkpoint(model, trial, metrics=metrics)"),
                                      ("/home/jim/trainer.py", 916, "_save_checkpoint", "torch.save(self.optimizer.state_dict(), os.path.join(output_dir, \"optimizer.pt\"))"),
                                      ("/home/jim/libs/anaconda3/envs/success/lib/python3.7/site-packages/torch/serialization.py", 374, "save", "_legacy_save(obj, opened_file, pickle_module, pickle_protocol)")],
                                     "OSError: [Errno 116] Stale file handle"), 0)
            txt += sigterm_lines(add(tf, 2), j.pids[n][1:])
            txt += child_failed(add(tf, 3), n, [(0, 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="finetune_trainer.py")
        else:
            txt += watchdog_timeout(add(tf, 1800), j.gr(n, 0), 90122, "BROADCAST", 1)
        b.add(f"{n}/log.txt", txt)
        kl = [f"{syslog(add(tf, -95))} {n} kernel: nfs: server nas01 not responding, still trying",
              f"{syslog(add(tf, -94))} {n} kernel: nfs: server nas01 not responding, still trying",
              f"{syslog(add(tf, 41))} {n} kernel: nfs: server nas01 OK"]
        b.add(f"{n}/kern.log", "\n".join(kl))
    b.set_label("storage", "infrastructure", None, "restart",
                "Rank 0 failed in torch.save with Errno 116 Stale file handle while all three nodes logged 'nfs: server nas01 not responding' and then 'OK' about two minutes later. A transient outage of the shared NFS server, not a node or code fault; the others' broadcast timeouts are sympathetic. Restart from the last good checkpoint.",
                "https://github.com/huggingface/transformers/issues/9732")
    return b


def n16():
    b = Bundle("n16_resume_fails_pytorchstreamreader_failed_reading_zip_archive",
               "attempt_1 alone looks like a corrupt checkpoint; attempt_0 shows the save died with ENOSPC on a full shared FS")
    nodes = ["trainer-1", "trainer-2"]
    for a, t0 in enumerate([T(2023, 7, 26, 2, 0, 0), T(2023, 7, 26, 9, 59, 0)]):
        j = Job(b, nodes, 4, t0, prefix=f"attempt_{a}/")
        tf = add(t0, 28500 if a == 0 else 14)
        for n in nodes:
            txt = torchrun_banner(t0, 2, 4, "trainer-1:29500", run_id="ocr-98")
            if a == 0:
                if n == "trainer-1":
                    s, _ = train_steps(add(t0, 30), 500, 38000, 500, 0.7, 1.2, b.rng, fmt="plain")
                    txt += s + f"{pylog(tf)} INFO checkpoint: saving /data/shared/ocr98/checkpoints/checkpoint_latest.pt\n"
                    txt += rankify(traceback([("/www/dddd_trainer/utils/train.py", 141, "start", "self.save_checkpoint(step)"),
                                              ("/www/dddd_trainer/utils/train.py", 220, "save_checkpoint", "torch.save(state, path)"),
                                              ("/opt/venv/lib/python3.10/site-packages/torch/serialization.py", 628, "save", "with _open_zipfile_writer(f) as opened_zipfile:"),
                                              ("/opt/venv/lib/python3.10/site-packages/torch/serialization.py", 476, "__exit__", "self.file_like.write_end_of_file()")],
                                             "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 1744893440 vs 1744893328"), 0)
                    txt += rankify("OSError: [Errno 28] No space left on device", 0)
                    txt += child_failed(add(tf, 3), n, [(0, 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="app.py")
                    b.add(j.p(n, "df.txt"), "Filesystem              Size  Used Avail Use% Mounted on\nnfs-01:/export/shared    20T   20T     0 100% /data/shared\n/dev/nvme0n1p2          3.5T  410G  3.1T  12% /\n")
                else:
                    txt += watchdog_timeout(add(tf, 1800), j.gr(n, 0), 76002, "ALLREDUCE", 1048576)
            else:
                for lr in range(4):
                    txt += rankify(traceback([("/www/dddd_trainer/app.py", 27, "train", "trainer = train.Train(project_name)"),
                                              ("/www/dddd_trainer/utils/train.py", 63, "__init__", "param = torch.load(self.checkpoints_path + '/checkpoint_latest.pt', map_location='cpu')"),
                                              ("/opt/venv/lib/python3.10/site-packages/torch/serialization.py", 1005, "load", "with _open_zipfile_reader(opened_file) as opened_zipfile:"),
                                              ("/opt/venv/lib/python3.10/site-packages/torch/serialization.py", 457, "__init__", "super().__init__(torch._C.PyTorchFileReader(name_or_buffer))")],
                                             "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"), j.gr(n, lr))
                txt += child_failed(add(tf, 2), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="app.py")
                if n == "trainer-2":
                    b.add(j.p(n, "df.txt"), "Filesystem              Size  Used Avail Use% Mounted on\nnfs-01:/export/shared    20T   20T   12G 100% /data/shared\n")
            b.add(j.p(n, "console.log"), txt)
    b.set_label("storage", "infrastructure", None, "stop",
                "The resume attempt fails on every rank because checkpoint_latest.pt is truncated; attempt 0 shows why: the save died with 'No space left on device' and the shared /data/shared volume is at 100% in both attempts. The shared filesystem is full; requeueing will keep failing until space is freed and a good checkpoint is selected.",
                "https://github.com/sml2h3/dddd_trainer/issues/36")
    return b


def n17():
    b = Bundle("n17_server_socket_failed_to_bind_address_already_in_use",
               "EADDRINUSE on the rendezvous host; its prolog shows a leftover python from a previous job still listening on the port")
    nodes = ["trn-b-09", "trn-b-12", "trn-b-17", "trn-b-21"]
    master = "trn-b-17"
    t0 = T(2024, 5, 17, 19, 30, 0)
    j = Job(b, nodes, 8, t0)
    for n in nodes:
        txt = f"+ torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend static --master_addr {master} --master_port 29400 --node_rank {[master,'trn-b-09','trn-b-12','trn-b-21'].index(n)} train.py\n"
        txt += torchrun_banner(t0, 4, 8, f"{master}:29400")
        if n == master:
            ts = c10d_ts(add(t0, 2))
            txt += (f"[W{ts} socket.cpp:464] [c10d] The server socket has failed to bind to [::]:29400 (errno: 98 - Address already in use).\n"
                    f"[W{ts} socket.cpp:464] [c10d] The server socket has failed to bind to 0.0.0.0:29400 (errno: 98 - Address already in use).\n"
                    f"[E{ts} socket.cpp:500] [c10d] The server socket has failed to listen on any local network address.\n")
            txt += traceback([("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                              (f"{PY}/torch/distributed/elastic/agent/server/api.py", 847, "_rendezvous", "rdzv_info = spec.rdzv_handler.next_rendezvous()"),
                              (f"{PY}/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", 55, "next_rendezvous", "self._store = TCPStore(  # type: ignore[call-arg]")],
                             "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 29400, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use")
            b.add(f"{n}/prolog.txt", f"{iso(add(t0,-20))} prolog: checking for stray GPU processes\n"
                  f"{iso(add(t0,-20))} prolog: WARNING 1 process(es) of uid 51022 from job 441207 still present:\n"
                  f"  PID  PPID STAT     ELAPSED CMD\n88121     1 Dl    06:12:44 /usr/bin/python3 -u train.py --config cfg/7b.yaml\n"
                  f"{iso(add(t0,-20))} prolog: ss -ltnp sport = :29400\nState  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\nLISTEN 0      4096         0.0.0.0:29400      0.0.0.0:*     users:((\"python3\",pid=88121,fd=5))\n"
                  f"{iso(add(t0,-19))} prolog: kill -9 88121 -> process in uninterruptible sleep, not reaped\n")
            b.add(f"{n}/nvidia-smi.txt", nvsmi_table(n, add(t0, -18), 8, procs=[(3, 88121, "/usr/bin/python3", "61202MiB")], overrides={3: {"mem": "61208MiB", "util": "0%"}}))
        else:
            txt += traceback([(f"{PY}/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", 55, "next_rendezvous", "self._store = TCPStore(  # type: ignore[call-arg]")],
                             f"torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to ({master}, 29400).")
            b.add(f"{n}/prolog.txt", f"{iso(add(t0,-20))} prolog: checking for stray GPU processes\n{iso(add(t0,-20))} prolog: none found\n")
        b.add(f"{n}/launch.log", txt)
    b.set_label("host", "infrastructure", {"node": master, "rank": None}, "restart_without_node",
                "The rendezvous host trn-b-17 cannot bind port 29400 (EADDRINUSE); its prolog shows a process from the previous job (pid 88121, D state, unkillable) still listening on 29400 and holding 61 GB on GPU 3. The other nodes' connect timeouts follow from that. A leftover on one node: exclude or clean trn-b-17.",
                "https://github.com/pytorch/pytorch/issues/126510")
    return b


def n18():
    b = Bundle("n18_dataloader_worker_killed_by_bus_error_one_pod",
               "shm Bus error only on one node; its /dev/shm is 100% full of another user's stale segments")
    nodes = ["dl-worker-0", "dl-worker-1", "dl-worker-2"]
    bad = "dl-worker-2"
    t0 = T(2019, 7, 16, 8, 0, 0)
    j = Job(b, nodes, 8, t0)
    tf = add(t0, 6843)
    for n in nodes:
        txt = torchrun_banner(t0, 3, 8, "dl-worker-0:29500", run_id="imagenet-r50")
        if n == nodes[0]:
            txt += "Epoch 0: 6843.771 seconds\nEpoch start time: 1577064742.170, epoch end time: 1577071585.941\n"
        if n == bad:
            for lr in (2, 5):
                r = j.gr(n, lr)
                txt += "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).\n" * 2
                txt += rankify(traceback([("main.py", 287, "train", "for i, (images, target) in enumerate(train_loader):"),
                                          (f"{PY}/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                                          (f"{PY}/torch/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()")],
                                         "RuntimeError: DataLoader worker (pid %d) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit." % (j.pids[n][lr] + 900)), r)
            txt += sigterm_lines(add(tf, 2), [p for k, p in enumerate(j.pids[n]) if k not in (2, 5)])
            txt += child_failed(add(tf, 4), n, [(j.gr(n, 2), 2, 1, j.pids[n][2], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="main.py")
        else:
            txt += watchdog_timeout(add(tf, 1800), j.gr(n, 0), 5011, "ALLREDUCE", 25557032)
        b.add(f"{n}/pytorch.log", txt)
        used = "503G  503G     0 100%" if n == bad else "503G  1.2G  502G   1%"
        extra = ("\n$ ls -l /dev/shm | head\n-rw------- 1 svc-etl svc-etl 2147483648 Jul 12 03:14 psm_shm.44e1b0\n-rw------- 1 svc-etl svc-etl 2147483648 Jul 12 03:14 psm_shm.44e1b1\n-rw------- 1 svc-etl svc-etl 1073741824 Jul 12 03:15 torch_11872_3149938421_9\n... (247 files owned by svc-etl, oldest Jul 12)\n" if n == bad else "")
        b.add(f"{n}/node-check.txt", f"$ df -h /dev/shm\nFilesystem      Size  Used Avail Use% Mounted on\ntmpfs           {used} /dev/shm\n{extra}")
    b.set_label("host", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only dl-worker-2's DataLoader workers die with Bus error (out of shared memory); its /dev/shm is 100% full of segments left by another user's job from days earlier, while the other nodes have 502G free. A node-local leftover, not the job's settings; the other nodes' timeouts are sympathetic.",
                "https://github.com/pytorch/pytorch/issues/5040")
    return b


CASES = [n09, n10, n11, n12, n13, n14, n15, n16, n17, n18]
