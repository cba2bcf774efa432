"""A job refused the same way on every node: argparse refusing the command line, the user's own
package missing from the checkout every node runs, the object store refusing the job's identity.
None of them heals on a restart, and none is a node's fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.parsers import own_module
from kintsugi.diagnose.signatures import default_signatures
from kintsugi.events import Action, Category, Layer


def _nodes(root: Path, text: str, n: int = 3) -> None:
    for i in range(n):
        node = root / f"trainer-{i}"
        node.mkdir()
        (node / "train.log").write_text(text)


@pytest.mark.parametrize(
    "line",
    [
        "[default0]:finetune.py: error: unrecognized arguments: --lr_scheduler cosine",
        "train.py: error: the following arguments are required: --data",
        "train.py: error: argument --lr: invalid float value: 'abc'",
    ],
)
def test_argparse_refusing_the_command_line_is_the_scripts(line: str) -> None:
    hit = default_signatures().match(line)
    assert hit is not None and hit[0].name == "config_rejected"


def test_a_module_of_the_users_own_package_missing_everywhere(tmp_path: Path) -> None:
    tb = (
        "[rank{r}]: Traceback (most recent call last):\n"
        '[rank{r}]:   File "/git/llmtrain/train.py", line 22, in <module>\n'
        "[rank{r}]:     from llmtrain.data.packed_dataset import PackedDataset\n"
        "[rank{r}]: ModuleNotFoundError: No module named 'llmtrain.data.packed_dataset'\n"
    )
    _nodes(tmp_path, "".join(tb.format(r=r) for r in range(2)))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.DEPENDENCY,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )


def test_only_the_package_whose_folder_holds_the_users_frame_is_theirs() -> None:
    frames = ["/home/u/featurestore-ml/pipeline/train.py"]
    assert own_module("ModuleNotFoundError: No module named 'featurestore'", frames)
    assert not own_module("ModuleNotFoundError: No module named 'deepspeed'", frames)
    # a companion package named after the project (tinyllm/ importing tinyllm_ext)
    recipe = ["/home/svc/recipes/tinyllm/train.py"]
    assert own_module("ModuleNotFoundError: No module named 'tinyllm_ext'", recipe)
    assert not own_module("ModuleNotFoundError: No module named 'apex_C'", ["/work/ap/x.py"])
    # an installed package's folder is not the user's checkout
    site = ["/usr/lib/python3.11/site-packages/llmtrain/train.py"]
    assert not own_module("ModuleNotFoundError: No module named 'llmtrain.x'", site)


def test_the_object_store_refusing_the_jobs_identity_everywhere_is_stop(tmp_path: Path) -> None:
    denied = (
        "2024-12-02T04:40:34.697825Z  WARN write{{req=900{i} ino=220}}: mountpoint_s3::fuse: "
        "write failed: put request failed: Client error: Forbidden: User: arn:aws:sts::1:assumed-"
        "role/node-role/i-0{i} is not authorized to perform: s3:PutObject on resource: "
        '"arn:aws:s3:::ckpt/run/iter_2000/__0_0.distcp" (AccessDenied)\n'
    )
    for i in range(3):
        node = tmp_path / f"trainer-{i}"
        node.mkdir()
        (node / "mountpoint-s3.log").write_text(denied.format(i=i))
        (node / "train.log").write_text(
            f"[rank{i * 8}]:[2024-12-02 04:40:35,100] ERROR PermissionError: [Errno 1] Operation "
            f"not permitted: '/mnt/s3-ckpt/run/iter_2000/__{i * 8}_0.distcp'\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.STORAGE,
        Layer.INFRASTRUCTURE,
        None,
        Action.STOP,
    )
    slow = "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling PutObject"
    hit = default_signatures().match(slow)
    assert hit is not None and hit[0].name == "s3_error"  # throttling still heals: restart
