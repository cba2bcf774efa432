"""What torchrun's agent and gloo print, read for what they say: "[default3]:" is the worker of
local rank 3, whose global rank the agent listed when its rendezvous completed; gloo's pair
that could not connect names its peer; an import from the user's own checkout is the script's."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import accused_peer
from kintsugi.diagnose.signatures import load_signatures
from kintsugi.events import Action, Category, Layer

RENDEZVOUS = (
    "[2024-02-26 09:10:02,000] torch.distributed.elastic.agent.server.api: [INFO] [default] "
    "Rendezvous complete for workers. Result:\n"
    "  restart_count=0\n  master_addr=vision-07\n  group_rank={g}\n  group_world_size=2\n"
    "  local_ranks=[0, 1]\n  role_ranks={ranks}\n  global_ranks={ranks}\n\n"
)


def _worker_error(local: int, error: str) -> str:
    return (
        f"[default{local}]:[2024-02-26 09:10:10,859] loading /mnt/work/pretrained.pth\n"
        f"[default{local}]:Traceback (most recent call last):\n"
        f'[default{local}]:  File "/mnt/work/finetune.py", line 198, in main\n'
        f'[default{local}]:    model.load_state_dict(ckpt["model"])\n'
        f"[default{local}]:{error}\n"
    )


def test_a_workers_local_label_is_the_global_rank_its_agent_listed(tmp_path: Path) -> None:
    error = "RuntimeError: Error(s) in loading state_dict for DistributedDataParallel:"
    for g, node in enumerate(("vision-07", "vision-08")):
        (tmp_path / node).mkdir()
        ranks = [2 * g, 2 * g + 1]
        (tmp_path / node / "torchrun.log").write_text(
            RENDEZVOUS.format(g=g, ranks=ranks) + _worker_error(0, error) + _worker_error(1, error)
        )
    scan = diagnose_bundle(tmp_path).scan
    on_08 = {f.rank for f in scan.findings if f.signature == "state_dict_mismatch"}
    assert on_08 == {0, 1, 2, 3}
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )


def test_gloo_pairs_that_could_not_connect_accuse_their_peer() -> None:
    sigs = load_signatures(use_env=False)
    for line in (
        "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect "
        "[10.8.0.11]:38177: Connection timed out",
        "[../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error [10.12.0.19]:43972: "
        "Connection timed out",
    ):
        hit = sigs.match(line)
        assert hit is not None and hit[0].name == "gloo_peer_closed", line
        assert accused_peer(line) in ("10.8.0.11", "10.12.0.19")


def test_an_import_from_the_users_own_checkout_is_the_scripts(tmp_path: Path) -> None:
    for node in ("gpu-q01", "gpu-q02"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "torchrun.log").write_text(
            "[default0]:Traceback (most recent call last):\n"
            '[default0]:  File "/home/jdoe/acme-speech/train.py", line 12, in <module>\n'
            "[default0]:    from acme_speech.data.collate import PackedSequenceCollator\n"
            "[default0]:ImportError: cannot import name 'PackedSequenceCollator' from "
            "'acme_speech.data.collate' (/home/jdoe/acme-speech/src/acme_speech/data/collate.py)\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.DEPENDENCY, Layer.SCRIPT, Action.STOP)
    for node in ("gpu-q01", "gpu-q02"):  # the same name missing from an installed library
        (tmp_path / node / "torchrun.log").write_text(
            "[default0]:ImportError: cannot import name 'is_torch_fx_proxy' from "
            "'transformers.utils' (/opt/conda/lib/python3.10/site-packages/transformers/utils/"
            "__init__.py)\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer) == (Category.DEPENDENCY, Layer.FRAMEWORK)


def test_every_rank_failing_to_connect_its_gloo_mesh_is_the_network(tmp_path: Path) -> None:
    # nothing timed out in a collective: the ranks never connected (a leaf switch down)
    for k, node in enumerate(("c7-01", "c7-02", "c8-01", "c8-02")):
        (tmp_path / node).mkdir()
        peer = "10.8.0.11" if k < 2 else "10.7.0.11"
        (tmp_path / node / "torchrun.log").write_text(
            f"[default0]:[E0925 16:45:0{k}.872261417 ProcessGroupGloo.cpp:144] Gloo "
            "connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] "
            "no error\n"
            "[default0]:RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] "
            f"connect [{peer}]:38177: Connection timed out\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        None,
        Action.RESTART,
    )
