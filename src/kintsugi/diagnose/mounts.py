"""A node's mount table (``mount`` or ``/proc/mounts``), to tell a path the job was given
read-only from a file system that went read-only under it.

``OSError: [Errno 30] Read-only file system: '/datasets/ckpt'`` on a path mounted ``ro`` by
configuration, with no kernel remount, is the job's configuration (it was told to write
there): the script's error, ``stop``. A file system the kernel remounted read-only after
errors stays the storage's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kintsugi.diagnose.findings import Finding
from kintsugi.events import Action, Category, Layer

# "10.0.9.5:/export/datasets on /datasets type nfs4 (ro,relatime,...)" (mount) and
# "10.0.9.5:/export/datasets /datasets nfs4 ro,relatime 0 0" (/proc/mounts)
_MOUNT = re.compile(r"^\S+ on (?P<mp>/\S*) type \S+ \((?P<o>[^)]*)\)\s*$", re.M)
_PROC = re.compile(r"^\S+ (?P<mp>/\S*) \S+ (?P<o>[\w,=.:/-]+) \d+ \d+\s*$", re.M)
_EROFS = re.compile(r"Read-only file system: ['\"](?P<path>/[^'\"]*)['\"]")
_REMOUNTED = re.compile(r"(?i)remounting filesystem read-only|remount-ro|emergency ro")


def read_only_mounts(text: str) -> list[str]:
    """The mount points a mount table lists with the ``ro`` option."""
    out = []
    for rx in (_MOUNT, _PROC):
        for m in rx.finditer(text):
            if "ro" in m["o"].split(","):
                out.append(m["mp"])
    return out


def configured_read_only(findings: list[Finding], ro: Mapping[str, list[str]]) -> list[Finding]:
    """EROFS errors on paths their node mounts read-only by configuration become the
    script's error (``stop``), where no line of the node shows a read-only remount."""
    if not ro:
        return findings
    remounted = {f.node for f in findings if _REMOUNTED.search(f.text)}
    out = []
    for f in findings:
        m = _EROFS.search(f.text) if f.category is Category.STORAGE and f.node else None
        mounts = ro.get(f.node or "", [])
        if (
            m is not None
            and any(m["path"] == mp or m["path"].startswith(mp.rstrip("/") + "/") for mp in mounts)
            and f.node not in remounted
        ):
            f = f.with_(
                signature="read_only_path",
                category=Category.USER_CODE,
                layer=Layer.SCRIPT,
                action=Action.STOP,
            )
        out.append(f)
    return out
