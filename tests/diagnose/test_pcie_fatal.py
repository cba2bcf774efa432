"""A fatal PCIe error is the host's until the device it names says what it is: a GPU's own
report (an Xid) makes it the GPU's, a network adapter whose driver then resets it makes it
the network's. Lines: the kernel's AER report (drivers/pci/pcie/aer.c), the EFA driver's
admin-queue timeout (amzn-drivers, efa_com.c), c10d's watchdog on the peers."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit

AER = (
    "[Mon Oct 21 03:12:43 2024] pcieport 0000:a4:01.0: AER: Uncorrected (Fatal) error "
    "received: 0000:a5:00.0\n"
    "[Mon Oct 21 03:12:43 2024] efa 0000:a5:00.0: AER: PCIe Bus Error: severity=Uncorrected "
    "(Fatal), type=Transaction Layer, (Receiver ID)\n"
)
EFA_RESET = (
    "[Mon Oct 21 03:12:47 2024] efa 0000:a5:00.0: Admin command timed out, device is being reset\n"
)
WATCHDOG = (
    "[E1021 03:22:44.905662680 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught collective"
    " operation timeout: WorkNCCL(SeqNum=188431, OpType=ALLREDUCE, Timeout(ms)=600000) ran for"
    " 600012 milliseconds before timing out.\n"
)


def _bundle(root: Path, dmesg: str) -> Path:
    for i, n in enumerate(("ip-10-0-9-88", "ip-10-0-14-201", "ip-10-0-3-17")):
        (root / n).mkdir()
        (root / n / "stdout.log").write_text(
            "".join(WATCHDOG.format(r=4 * i + j) for j in range(4))
        )
        (root / n / "dmesg.txt").write_text(dmesg if i == 0 else "")
    return root


def test_a_fatal_pcie_error_on_a_network_adapter_that_then_resets(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, AER + EFA_RESET)).diagnosis
    assert (d.category, d.culprit, d.action) == (
        Category.NETWORK,
        Culprit("ip-10-0-9-88", None),
        Action.RESTART_WITHOUT_NODE,
    )


def test_a_fatal_pcie_error_alone_is_the_hosts(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, AER)).diagnosis
    assert d.category is Category.HOST
    assert d.culprit is not None and d.culprit.node == "ip-10-0-9-88"


def test_a_fatal_pcie_error_from_a_gpus_bus_is_that_gpus(tmp_path: Path) -> None:
    """No Xid: the root port reports the fatal error from the device NCCL's communicator
    lines show rank 6 driving (busId cb000): the GPU fell off its link, that rank's."""
    _bundle(
        tmp_path,
        "[Mon Oct 21 03:12:43 2024] pcieport 0000:c9:02.0: AER: Uncorrected (Fatal) error "
        "message received from 0000:cb:00.0\n",
    )
    with (tmp_path / "ip-10-0-9-88" / "stdout.log").open("a") as f:
        for d, bus in enumerate(("18", "2a", "3a", "5d", "9a", "ab", "cb", "db")):
            f.write(
                f"ip-10-0-9-88:41{d}:41{d} [{d}] NCCL INFO comm 0x7f3a rank {d} nranks 24 "
                f"cudaDev {d} nvmlDev {d} busId {bus}000 commId 0x5e1 - Init COMPLETE\n"
            )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit == Culprit("ip-10-0-9-88", 6)


def test_a_cpu_locked_up_in_a_network_adapters_driver_after_it_stopped_sending(
    tmp_path: Path,
) -> None:
    """mlx5e's transmit watchdog, then soft lockups while the driver polls that adapter: the
    adapter wedged, whatever its port still says: the network's, on that node."""
    d = diagnose_bundle(
        _bundle(
            tmp_path,
            "[Tue Mar 11 05:50:02 2025] mlx5_core 0000:4b:00.0 ens5f0np0: TX timeout detected\n"
            "[Tue Mar 11 05:50:32 2025] watchdog: BUG: soft lockup - CPU#38 stuck for 26s! "
            "[ksoftirqd/38:243]\n"
            "[Tue Mar 11 05:50:32 2025]  mlx5e_napi_poll+0xd5/0x6a0 [mlx5_core]\n",
        )
    ).diagnosis
    assert (d.category, d.action) == (Category.NETWORK, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "ip-10-0-9-88"
