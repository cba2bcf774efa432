"""Every built-in signature on a line in its real format; user files extend and override."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.signatures import load_signatures, required_keywords
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
    "xid_other": "NVRM: Xid (PCI:0000:3b:00): 62, pid=1, Internal micro-controller halt",
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
    "nccl_system_error": "NCCL WARN NET/IB : Got completion from peer 10.0.0.7<43013> with "
    "error 12, opcode 0, len 0, vendor err 129 (Recv)",
    "nic_link_down": "[9001.0] mlx5_core 0000:5e:00.0 ib0: Link down",
    "gloo_peer_closed": "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:553] "
    "Connection closed by peer [127.0.0.1]:416",
    "gloo_timeout": "RuntimeError: [gloo/transport/tcp/unbound_buffer.cc:78] Timed out waiting "
    "6000ms for recv operation to complete",
    "network_unreachable": "OSError: [Errno 113] No route to host",
    "rendezvous_failed": "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
    "enospc": "OSError: [Errno 28] No space left on device",
    "io_error": "OSError: [Errno 116] Stale file handle",
    "s3_error": "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the "
    "PutObject operation",
    "machine_check": "[12001.1] mce: [Hardware Error]: Machine check events logged",
    "segfault": "traceback : Signal 11 (SIGSEGV) received by PID 8140",
    "abort": "terminate called after throwing an instance of 'c10::Error'",
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
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_builtin_signature_matches_its_real_line(name: str) -> None:
    hit = load_signatures(use_env=False).match(LINES[name])
    assert hit is not None, f"no signature matched {LINES[name]!r}"
    assert hit[0].name == name


def test_every_builtin_signature_has_a_test_line() -> None:
    names = {s.name for s in load_signatures(use_env=False).signatures}
    assert names <= set(LINES), f"untested signatures: {sorted(names - set(LINES))}"


def test_ordinary_chatter_matches_nothing() -> None:
    sigs = load_signatures(use_env=False)
    for line in (
        "[rank0] 2024-06-01 INFO step 12 loss 2.3456 lr 3.0e-4 tokens/s 51234",
        "NCCL INFO Channel 00/32 : 0[0] -> 1[1] via P2P/IPC",
        "Saving checkpoint to /ckpt/step_100 done in 2.5s",
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
