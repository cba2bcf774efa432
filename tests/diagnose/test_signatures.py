"""Every built-in signature on a line in its real format; user files extend and override."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.signatures import default_signatures, load_signatures, required_keywords
from kintsugi.errors import UserError

LINES = {
    "xid_off_bus": "[ 812.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=4821, name=python, "
    "GPU has fallen off the bus.",
    "xid_dbe": "NVRM: Xid (PCI:0000:b7:00): 48, pid=2231, name=python, An uncorrectable double "
    "bit error (DBE) has been detected on GPU in the framebuffer at partition 6.",
    "xid_row_remap_recorded": "NVRM: Xid (PCI:0000:3b:00): 63, pid=1, Row Remapper: New row "
    "marked for remapping, reset gpu to activate.",
    "xid_row_remap_failed": "NVRM: Xid (PCI:0000:3b:00): 64, pid=1, Row remapper error",
    "xid_nvlink": "NVRM: Xid (PCI:0000:ba:00): 74, pid=1, NVLink: fatal error detected on link 4",
    "xid_contained_ecc": "NVRM: Xid (PCI:0000:3b:00): 94, pid=1, Contained: SM (0x1).",
    "xid_uncontained_ecc": "NVRM: Xid (PCI:0000:3b:00): 95, pid=1, Uncontained: FBHUB.",
    "xid_gsp": "NVRM: Xid (PCI:0000:3b:00): 119, pid=1, Timeout after 6s of waiting for RPC "
    "response from GPU0 GSP!",
    "xid_app_fault": "NVRM: Xid (PCI:0000:3b:00): 13, pid=1, Graphics SM Warp Exception",
    "xid_follow_other": "NVRM: Xid (PCI:0000:3b:00): 45, pid=1, Ch 00000010",
    "xid_sbe_rate": "NVRM: Xid (PCI:0000:3b:00): 92, pid=1, High single-bit ECC error rate",
    "xid_microcontroller": "NVRM: Xid (PCI:0000:3b:00): 62, pid=1, Internal micro-controller halt",
    "xid_recovery_action": "NVRM: Xid (PCI:0000:3b:00): 154, GPU recovery action changed from 0x0"
    " (None) to 0x2 (Node Reboot Required)",
    "xid_unrecovered_ecc": "NVRM: Xid (PCI:0000:3b:00): 140, pid=1, Unrecovered ECC Error",
    "xid_other": "NVRM: Xid (PCI:0000:3b:00): 57, pid=1, Error programming video memory",
    "cuda_ecc": "RuntimeError: CUDA error: uncorrectable ECC error encountered",
    "cuda_illegal_access": "RuntimeError: CUDA error: an illegal memory access was encountered",
    "cuda_device_assert": "RuntimeError: CUDA error: device-side assert triggered",
    "cuda_oom": "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.",
    "cpu_alloc_failed": "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. "
    "DefaultCPUAllocator: can't allocate memory: you tried to allocate 8589934592 bytes.",
    "oom_killer": "[7001.6] Out of memory: Killed process 51234 (python) total-vm:92334212kB",
    "dataloader_killed": "RuntimeError: DataLoader worker (pid 51234) is killed by signal: Killed.",
    "nccl_watchdog_timeout": "[Rank 3] Watchdog caught collective operation timeout: "
    "WorkNCCL(SeqNum=1, OpType=ALLREDUCE) ran for 600043 milliseconds before timing out.",
    "nccl_remote_error": "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp"
    ":1970, remote process exited or there was a network error, NCCL version 2.21.5",
    "nccl_invalid_usage": "torch.distributed.DistBackendError: NCCL error in: NCCLUtils.cpp:93, "
    "invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.28.9",
    "loss_scale_floor": "Exception: Current loss scale already at minimum - cannot decrease scale "
    "anymore. Exiting run.",
    "ib_flush_error": "NCCL WARN NET/IB : Got completion from peer 10.3.0.14<55052> with status=5 opcode=0 len=0 vendor err 249",
    "process_limit": "RuntimeError: can't start new thread",
    "unused_parameters": "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss.",
    "memlock_limit": "misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot allocate memory",
    "nccl_net_plugin_not_found": "3: ip-10-1-37-200:30410:30611 [0] net.cc:749 NCCL WARN Error: "
    "network AWS Libfabric not found.",
    "nccl_network_not_found": "gpu-t06:66623:67332 [7] net.cc:1038 NCCL WARN Error: network IB not found.",
    "nccl_fabric_off": "gpu-s-04:3347:3347 [7] NCCL INFO NCCL_IB_DISABLE set by environment to 1.",
    "distributed_debug_detail": "[I debug.cpp:49] [c10d] The debug level is set to DETAIL.",
    "anomaly_detection_on": "UserWarning: Anomaly Detection has been enabled. This mode will "
    "increase the runtime and should only be enabled for debugging.",
    "launch_blocking_on": "export CUDA_LAUNCH_BLOCKING=1   # ML-2231: repro an illegal access",
    "cpu_powersave": '                  The governor "powersave" may decide which speed to use',
    "pcie_link_degraded": "pci 0000:ab:00.0: 31.504 Gb/s available PCIe bandwidth, limited by 32.0 "
    "GT/s PCIe x4 link at 0000:a8:02.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)",
    "nvlink_inactive": "\t Link 3: <inactive>",
    "boot_marker": "-- Boot 0f4c2e9b77a145d3b0e1c9a8d6f3e2b1 --",
    "nccl_no_interface": "dgx-h-14:58725:58725 [0] misc/socket.cc:484 NCCL WARN Bootstrap : "
    "no socket interface found",
    "nccl_system_error": "NCCL WARN NET/IB : Got completion from peer 10.0.0.7<43013> with "
    "error 12, opcode 0, len 0, vendor err 129 (Recv)",
    "link_up": "[Tue May 14 22:20:53 2024] mlx5_core 0000:1a:00.0 ens200np0: Link up",
    "nfs_server_ok": "[Thu Jun 27 09:00:46 2024] nfs: server nfs-data01 OK",
    "nic_link_down": "[9001.0] mlx5_core 0000:5e:00.0 ib0: Link down",
    "gloo_peer_closed": "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:553] "
    "Connection closed by peer [127.0.0.1]:416",
    "gloo_timeout": "RuntimeError: [gloo/transport/tcp/unbound_buffer.cc:78] Timed out waiting "
    "6000ms for recv operation to complete",
    "network_unreachable": "OSError: [Errno 113] No route to host",
    "instance_preempted": "Jul  2 19:03:57 gke-a3 google_metadata_script_runner[1121]: Received "
    "preemption notice: instance/preempted = TRUE",
    "parallel_fs_expelled": "2024-12-17_22:38:16.546+0000: [E] Node 10.197.43.53 (compute-4-36) "
    "is being expelled because of an expired lease. Pings sent: 60. Replies received: 0.",
    "image_pull_failed": 'containerd[1633]: level=error msg="PullImage \\"us-docker.pkg.dev/ml/'
    'train/llm:2024.06\\" failed" error="failed to extract layer: no space left on device"',
    "extension_build_failed": "RuntimeError: Error building extension 'fused_adam'",
    "torch_op_missing": "RuntimeError: operator torchvision::nms does not exist",
    "compiler_backend_failed": "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' "
    "raised: LoweringException: AssertionError:",
    "ofi_request_error": "ip-10-0-70-149:2115260:2116160 [1] NCCL WARN NET/OFI Request "
    "0x7f3df3a3a9 completed with error. RC: 21. Error: 4353 (unexpected EOF or link failure).",
    "ib_port_counters": "SymbolErrorCounter:..............65535",
    "ib_port_error": "gx-07:313:329 [3] NCCL WARN NET/IB : Got async event : port error",
    "name_resolution_failed": "socket.gaierror: [Errno -3] Temporary failure in name resolution",
    "remote_service_unavailable": "OSError: Tunnel connection failed: 503 Service Unavailable",
    "pod_network_failed": "  Warning  FailedCreatePodSandBox  31m  kubelet  Failed to create pod "
    'sandbox: rpc error: failed to setup network for sandbox "5be1": plugin type="calico" failed',
    "torch_build_lacks": "RuntimeError: Distributed package doesn't have NCCL built in",
    "library_too_old_for_file": "Exception: data did not match any variant of untagged enum "
    "ModelWrapper at line 1251003 column 3",
    "job_failed_state": "2031554       olmo-mini       h100   pretrain        512     FAILED      1:0",
    "rendezvous_failed": "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
    "enospc": "OSError: [Errno 28] No space left on device",
    "short_write": "RuntimeError: [enforce fail at inline_container.cc:672] . unexpected pos 704 vs 598",
    "left_training": "2026-11-26 04:53:47,671 [t4-01:0] early stopping: val_loss did not improve for 2 epochs",
    "bmc_uncorrectable": "   3 | 06/22/2025 | 03:30:17 | Memory #0x87 | Uncorrectable ECC (@DIMM C0) | Asserted",
    "weights_only_refused": "_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options",
    "shm_exhausted": "RuntimeError: unable to allocate shared memory(shm) for file </torch_7369_3860486496_7>: No space left on device (28)",
    "invalid_values": "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0",
    "io_error": "OSError: [Errno 116] Stale file handle",
    "bmc_power_down": "   4 | 11/27/2026 | 04:27:14 | Power Unit #0x01 | Power off/down | Asserted",
    "object_store_denied": "botocore.exceptions.ClientError: An error occurred (AccessDenied) "
    "when calling the PutObject operation: Access Denied",
    "s3_error": "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the "
    "PutObject operation",
    "machine_check": "[12001.1] mce: [Hardware Error]: CPU 17: Machine Check Exception: 5 Bank "
    "5: be00000000800400",
    "segfault": "traceback : Signal 11 (SIGSEGV) received by PID 8140",
    "abort": "terminate called after throwing an instance of 'c10::Error'",
    "nvswitch_sxid_fatal": "nvidia-nvswitch3: SXid (PCI:0000:c5:00.0): 24007, Fatal, Link 44 "
    "sourcetrack TCEN0 crumbstore ECC DBE Error",
    "dist_error_terminate": "terminate called after throwing an instance of "
    "'c10::DistBackendError'",
    "shape_mismatch": "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4096x512 and "
    "1024x4096)",
    "dtype_device_mismatch": "RuntimeError: expected scalar type Float but found BFloat16",
    "job_succeeded": "I0830 02:41:07.332000 40712 torch/distributed/elastic/agent/server/api.py:"
    "880] [default] worker group successfully finished. Waiting 300 seconds for other agents",
    "config_rejected": "Could not override 'model.micro_batch_sizee'.",
    "node_not_responding": "[2024-01-08T06:15:00.113] error: Nodes nid001045 not responding, "
    "setting DOWN",
    "psu_failure": " 1a3 | 01/08/2024 | 06:10:00 | Power Supply PS2 | Failure detected | Asserted",
    "job_cancelled": "slurmstepd: error: *** STEP 8812.0 ON gpu-q-001 CANCELLED AT "
    "2024-09-25T16:27:02 ***",
    "mount_failed": "[   78.600000] LustreError: 3121:0:(obd_mount.c:1732:lustre_fill_super()) Unable to mount  (-5)",
    "job_time_limit": "slurmstepd: error: *** JOB 4411 ON nid001 CANCELLED AT 2024-09-25T16:27:02 "
    "DUE TO TIME LIMIT ***",
    "job_preempted": "2m11s  Normal  Stopped  pytorchjob/llm-pt-13b  Preempted to accommodate a "
    "higher priority Workload",
    "corrupt_checkpoint": "RuntimeError: PytorchStreamReader failed reading zip archive: failed "
    "finding central directory",
    "gpu_driver_not_loaded": "Apr 29 06:00:53 cn-g042 systemd-modules-load[611]: Failed to find "
    "module 'nvidia'",
    "task_exited": "srun: error: dgx-h-302: task 15: Exited with exit code 1",
    "nccl_p2p_off": "gpu-x07:9060:9060 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.",
    "port_in_use": "torch.distributed.DistNetworkError: The server socket has failed to listen "
    "on any local network address. port: 29500, useIpv6: false, code: -98, name: EADDRINUSE",
    "invalid_configuration": "ValueError: micro batch size 6 must divide the global batch "
    "size 1024 (got a remainder of 4)",
    "state_dict_mismatch": "RuntimeError: Error(s) in loading state_dict for GPT: Missing key(s) "
    'in state_dict: "lm_head.weight".',
    "missing_library": "ImportError: libcudnn.so.9: cannot open shared object file: No such "
    "file or directory",
    "storage_timeout": "urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='s3.us-"
    "east-1.amazonaws.com', port=443): Read timed out. (read timeout=60)",
    "storage_slow": "[812319.713191] Lustre: 5546:0:(client.c:2310:ptlrpc_expire_one_request()) "
    "@@@ Request sent has timed out for slow reply: [sent 1746493000/real 1746493000]",
    "bus_error": "traceback : Signal 7 (SIGBUS) received by PID 8140",
    "sigkill": "traceback : Signal 9 (SIGKILL) received by PID 8763",
    "sigterm": "Sending process 7508 closing signal SIGTERM",
    "nan_loss": "step 812 loss nan grad_norm inf",
    "import_error": "ModuleNotFoundError: No module named 'flash_attn_kernels'",
    "version_mismatch": "ImportError: libtorch_cuda.so: undefined symbol: ncclCommRegister",
    "thermal_slowdown": "        HW Thermal Slowdown               : Active",
    "row_remap_failure": "        Remapping Failure Occurred        : Yes",
    "nvlink_error": "NVLink link 3 is down",
    "gpu_lost": "Unable to determine the device handle for GPU 0000:3B:00.0: GPU is lost.",
    "child_failed": "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:",
    "nvswitch_fabric_down": (
        "Oct  2 03:14:03 hgx-22 nv-fabricmanager[2811]: fabric manager NVIDIA GPU driver "
        "interface version 535.183.01 don't match with Fabric Manager version 535.161.08."
    ),
    "efa_device_failed": (
        "[120176.5] efa 0000:a0:1d.0: Device reset completed, but AQ did not recover, "
        "marking device as failed"
    ),
    "local_disk_failure": (
        "[1650832.0] XFS (nvme1n1): Filesystem has been shut down due to log error (0x2)."
    ),
    "evicted_disk_pressure": (
        "Warning  Evicted  2m  kubelet  The node was low on resource: ephemeral-storage. "
        "Threshold quantity: 10737418240, available: 8112340Ki."
    ),
    "container_oom_killed": "      Reason:       OOMKilled",
    "collective_mismatch": (
        "  Collective sequence number: 5121 has mismatched op types: nccl:all_reduce on ranks "
        "0-14 vs nccl:broadcast on rank 15"
    ),
    "collective_mismatch_raised": (
        "RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running "
        "collective: CollectiveFingerPrint(SequenceNumber=48213, OpType=BROADCAST)"
    ),
    "node_not_ready": (
        "17m  Normal  NodeNotReady  node/ip-10-20-4-12  Node ip-10-20-4-12 status is now: "
        "NodeNotReady"
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_builtin_signature_matches_its_real_line(name: str) -> None:
    hit = load_signatures(use_env=False).match(LINES[name])
    assert hit is not None, f"no signature matched {LINES[name]!r}"
    assert hit[0].name == name


ALSO = [
    (
        "nccl_no_interface",
        "RuntimeError: [enforce fail at /__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/"
        "device.cc:84] ifa != nullptr. Unable to find address for: ib0",
    ),
    ("s3_error", "urllib.error.HTTPError: HTTP Error 503: Slow Down"),
    # the Kubernetes device plugin's health check, when the driver reports a critical Xid
    (
        "xid_off_bus",
        "I0804 14:05:52.118533       1 health.go:186] XidCriticalError: Xid=79 on Device=GPU-"
        "2037d7e7-f770-5997-0903-59c6cd6f1d40; marking device as unhealthy.",
    ),
    (
        "enospc",
        "LustreError: 11-0: lfs01-OST0041-osc-ffff9b3c: operation ost_write to node "
        "10.99.0.41@o2ib failed: rc = -122",
    ),
    (
        "nic_link_down",
        "[Tue Mar 11 05:50:02 2025] mlx5_core 0000:4b:00.0 ens5f0np0: TX timeout detected",
    ),
    (
        "ib_port_error",
        "gx-03:5577:5640 [4] NCCL WARN NET/IB : mlx5_6:1 Got async event : port error",
    ),
    (
        "s3_error",
        "WARN mountpoint_s3::fuse: read failed with errno 5: get request failed: retries "
        "exhausted (AWS_ERROR_S3_SLOW_DOWN)",
    ),
    (
        "thermal_slowdown",
        "[Mon Jul 22 10:40:49 2024] CPU14: Core temperature is above threshold, cpu clock is "
        "throttled (total events = 1800)",
    ),
    (
        "storage_slow",
        "Lustre: scratch-OST0012-osc-ffff9a8c6e1b3800: Connection to scratch-OST0012 (at "
        "10.50.1.21@o2ib) was lost; in progress operations using this service will wait",
    ),
    (
        "s3_error",
        "s3torchconnector._s3client.s3client.S3Exception: Client error: Request failed: Service "
        "error: SlowDown: Please reduce your request rate. (status 503, request id 7Q71)",
    ),
    ("job_succeeded", "[default0]:Training finished after 30 steps."),
    (
        "link_up",
        "[Wed Dec 11 14:22:04 2024] mlx5_core 0000:4c:00.0: mlx5_port_module_event:1159:(pid "
        "0): Port module event: module 1, Cable plugged",
    ),
    (
        "extension_build_failed",
        "deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: "
        "Installed CUDA version 11.8 does not match the version torch was compiled with 12.1",
    ),
]
"""Other real wordings of the same failure."""


@pytest.mark.parametrize(("name", "line"), ALSO)
def test_builtin_signature_matches_its_other_wordings(name: str, line: str) -> None:
    hit = load_signatures(use_env=False).match(line)
    assert hit is not None and hit[0].name == name


def test_every_builtin_signature_has_a_test_line() -> None:
    names = {s.name for s in load_signatures(use_env=False).signatures}
    assert names <= set(LINES), f"untested signatures: {sorted(names - set(LINES))}"


def test_ordinary_chatter_matches_nothing() -> None:
    sigs = load_signatures(use_env=False)
    for line in (
        "[rank0] 2024-06-01 INFO step 12 loss 2.3456 lr 3.0e-4 tokens/s 51234",
        "NCCL INFO Channel 00/32 : 0[0] -> 1[1] via P2P/IPC",
        "Saving checkpoint to /ckpt/step_100 done in 2.5s",
        # c10d's warning that one address would not bind: it binds the next
        "[W311 14:04:14.000519 socket.cpp:697] [c10d] The server socket has failed to bind to "
        "[::]:29500 (errno: 98 - Address already in use).",
        # nvidia-smi -q's retired-pages counter, not an error
        "        Double Bit ECC                    : N/A",
    ):
        assert sigs.match(line) is None, line


def test_keywords_are_derived_from_patterns() -> None:
    assert required_keywords(r"No space left on device") == ("no space left on device",)
    assert required_keywords(r"foo|ba") == ()


def test_user_file_adds_and_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "site.toml"
    f.write_text(
        '[[signature]]\nname = "flaky_fs"\npattern = "WEKA: lost lease"\ncategory = "storage"\n'
        'layer = "infrastructure"\nseverity = 4\naction = "restart"\n'
        '[[signature]]\nname = "segfault"\npattern = "Segmentation fault"\ncategory = "host"\n'
        'severity = 3\naction = "restart_without_node"\n'
    )
    sigs = load_signatures([f], use_env=False)
    hit = sigs.match("kernel: WEKA: lost lease on /mnt/data")
    assert hit is not None and hit[0].name == "flaky_fs"
    seg = sigs.match("Segmentation fault (core dumped)")
    assert seg is not None and seg[0].category.value == "host"
    bundle = tmp_path / "b" / "node-a"
    bundle.mkdir(parents=True)
    (bundle / "kern.log").write_text("[1.0] WEKA: lost lease on /mnt/data\n")
    monkeypatch.setenv("KINTSUGI_SIGNATURES", str(f))
    d = diagnose_bundle(tmp_path / "b", load_signatures()).diagnosis
    assert d.category.value == "storage"


def test_bad_user_file_is_a_user_error(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('[[signature]]\nname = "x"\npattern = "("\ncategory = "storage"\n')
    with pytest.raises(UserError, match=r"bad\.toml"):
        load_signatures([f], use_env=False)
    with pytest.raises(UserError, match="cannot read"):
        load_signatures([tmp_path / "missing.toml"], use_env=False)


@pytest.mark.parametrize(
    "line",
    [
        "AssertionError: Check batch related parameters. train_batch_size is not equal to "
        "micro_batch_per_gpu * gradient_acc_step * world_size 256 != 2 * 8 * 8",
        "lightning.fabric.utilities.exceptions.MisconfigurationException: `ModelCheckpoint("
        "monitor='val_acc')` could not find the monitored key in the returned metrics",
        "ValueError: Expected input of length 4096 but got 4097",
        "TypeError: forward() got an unexpected keyword argument 'attention_mask'",
        "omegaconf.errors.ConfigKeyError: Key 'optim' is not in struct",
    ],
)
def test_validation_failures_are_configuration_errors(line: str) -> None:
    hit = default_signatures().match(line)
    assert hit is not None and hit[0].name == "invalid_configuration", hit


@pytest.mark.parametrize(
    "line",
    [
        "RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out "
        "waiting 1800000ms for recv operation to complete",
        "ValueError: could not convert string to float: 'abc'",  # a data value, caught by type
        "Expected all ranks to join, waiting",  # not an exception line
    ],
)
def test_other_lines_are_not_configuration_errors(line: str) -> None:
    hit = default_signatures().match(line)
    assert hit is None or hit[0].name != "invalid_configuration", hit


def test_a_cuda_oom_with_another_process_filling_the_gpu_is_the_node() -> None:
    from kintsugi.diagnose.extract import foreign_gpu_memory

    theirs = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
        "total capacity of 79.15 GiB of which 1.67 GiB is free. Process 201877 has 71.32 GiB "
        "memory in use. Process 66213 has 6.38 GiB memory in use. Of the allocated memory "
        "5.91 GiB is allocated by PyTorch"
    )
    mine = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU 7 has a "
        "total capacity of 79.10 GiB of which 0.18 GiB is free. Including non-PyTorch memory, "
        "this process has 78.90 GiB memory in use. Of the allocated memory 77.60 GiB is "
        "allocated by PyTorch"
    )
    beside = (  # a leftover holding less than the rank, but a third of the card
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 3 has a "
        "total capacity of 79.11 GiB of which 0.71 GiB is free. Process 20931 has 30.94 GiB "
        "memory in use. Including non-PyTorch memory, this process has 47.43 GiB memory in use. "
        "Of the allocated memory 44.12 GiB is allocated by PyTorch"
    )
    contexts = (  # other ranks' CUDA contexts on the device: the job's own placement
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
        "total capacity of 79.15 GiB of which 0.10 GiB is free. Process 4411 has 0.52 GiB "
        "memory in use. Including non-PyTorch memory, this process has 78.40 GiB memory in use."
    )
    assert foreign_gpu_memory(theirs) == 71.32
    assert foreign_gpu_memory(mine) is None
    assert foreign_gpu_memory(beside) == 30.94
    assert foreign_gpu_memory(contexts) is None


def test_a_corrected_machine_check_summary_is_not_a_host_failure() -> None:
    # The kernel prints it for corrected errors too; the error lines say what happened.
    hit = default_signatures().match("mce: [Hardware Error]: Machine check events logged")
    assert hit is None or hit[0].name != "machine_check"
