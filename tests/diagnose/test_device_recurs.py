"""A device that fails in a new way each attempt (a segfault, then an illegal memory access,
then a cuBLAS failure) on the same node is one failure following that node: its GPU. The same
errors on different nodes are the program's.

Format: torchrun per-node consoles in ``attempt_N/<node>/`` folders.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

ERRORS = (
    "Fatal Python error: Segmentation fault\n",
    "[rank{r}]: RuntimeError: CUDA error: an illegal memory access was encountered\n",
    "[rank{r}]: RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling "
    "`cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b)`\n",
)


def _bundle(root: Path, where: tuple[str, str, str]) -> None:
    for attempt, (node, error) in enumerate(zip(where, ERRORS, strict=True)):
        for n in ("c-04", "c-05"):
            d = root / f"attempt_{attempt}" / n
            d.mkdir(parents=True)
            text = f"[rank{2 + attempt}]: step {100 * (attempt + 1)} loss 2.3\n"
            (d / "torchrun.log").write_text(text + (error.format(r=2) if n == node else ""))


def test_new_errors_on_one_node_follow_its_gpu(tmp_path: Path) -> None:
    _bundle(tmp_path, ("c-05", "c-05", "c-05"))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "c-05"


def test_errors_that_move_between_nodes_are_not_a_node(tmp_path: Path) -> None:
    _bundle(tmp_path, ("c-04", "c-05", "c-04"))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.action is not Action.RESTART_WITHOUT_NODE


def test_a_nan_on_the_node_whose_device_crashed_in_other_attempts_is_its_gpu(
    tmp_path: Path,
) -> None:
    # attempt 0 an illegal access, attempt 1 a NaN before communication, attempt 2 a cuBLAS
    # failure: each time on c-05, never on c-04
    nan = (
        "[rank{r}]: AssertionError: Rank {r}: found NaN in local grad norm in backward pass "
        "before data-parallel communication collective. Device: 5, node: c-05\n"
    )
    errors = (ERRORS[1], nan, ERRORS[2])
    for attempt, error in enumerate(errors):
        for n in ("c-04", "c-05"):
            d = tmp_path / f"attempt_{attempt}" / n
            d.mkdir(parents=True)
            text = f"[rank{2 + attempt}]: step {100 * (attempt + 1)} loss 2.3\n"
            (d / "torchrun.log").write_text(text + (error.format(r=2) if n == "c-05" else ""))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "c-05"


def test_storage_errors_of_new_kinds_under_one_nodes_shifting_ranks_are_its_disk(
    tmp_path: Path,
) -> None:
    reads = (
        "[rank{r}]: RuntimeError: PytorchStreamReader failed reading zip archive: failed "
        "finding central directory\n",
        "[rank{r}]: _pickle.UnpicklingError: invalid load key, '\\x00'.\n",
        "[rank{r}]: OSError: [Errno 5] Input/output error: '/scratch/featcache/part-00731.pt'\n",
    )
    for attempt, error in enumerate(reads):
        for k, n in enumerate(("gn-04", "gn-05")):
            d = tmp_path / f"attempt_{attempt}" / n
            d.mkdir(parents=True)
            r = 2 * ((k + attempt) % 2) + 1  # the node's ranks move between attempts
            text = f"[rank{r}]: step {100 * (attempt + 1)} loss 2.3\n"
            (d / "torchrun.log").write_text(text + (error.format(r=r) if n == "gn-05" else ""))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STORAGE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "gn-05"


def test_a_fault_in_every_attempts_console_with_the_xids_on_one_gpu(tmp_path: Path) -> None:
    """Each attempt's console (``attempts/slurm-30771_N.out``) names no host; the driver's
    reports of a program's fault, one per attempt, are all on one GPU of g05: the failure
    follows that GPU, whatever each attempt's message says."""
    (tmp_path / "attempts").mkdir()
    for a, err in enumerate(("an illegal memory access was encountered", "misaligned address",
                             "an illegal memory access was encountered"), start=1):  # fmt: skip
        (tmp_path / "attempts" / f"slurm-30771_{a}.out").write_text(
            f"[rank3]: RuntimeError: CUDA error: {err}\n"
        )
    for n in ("g02", "g05"):
        (tmp_path / n).mkdir()
    (tmp_path / "g02" / "dmesg-T.txt").write_text("")
    (tmp_path / "g05" / "dmesg-T.txt").write_text(
        "".join(
            f"[{day} Jun  {d} {t} 2024] NVRM: Xid (PCI:0000:5d:00): {x}, pid={pid}, name=python, "
            "Ch 00000010\n"
            for day, d, t, x, pid in (
                ("Mon", 3, "22:40:11", 31, 18802),
                ("Tue", 4, "01:03:54", 13, 20551),
                ("Tue", 4, "03:29:06", 31, 22017),
            )
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_HARDWARE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "g05"
