"""A node's mount table (``mount``, ``/proc/mounts`` or ``df``), to tell a path the job was
given read-only from a file system that went read-only under it, and a path on a file system
every node shares (NFS, Lustre, GPFS...) from one on the node's own disk.

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
_MOUNT = re.compile(r"^\S+ on (?P<mp>/\S*) type (?P<type>\S+) \((?P<o>[^)]*)\)\s*$", re.M)
_PROC = re.compile(r"^\S+ (?P<mp>/\S*) (?P<type>\S+) (?P<o>[\w,=.:/-]+) \d+ \d+\s*$", re.M)
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


NETWORK_FS = ("nfs", "lustre", "gpfs", "beegfs", "wekafs", "cifs", "smb", "ceph", "glusterfs",
              "fuse.", "9p", "panfs", "vast")  # fmt: skip
"""File system types (``mount``'s ``type``) that live on servers every node reaches."""
LOCAL_SOURCES = ("/dev/", "tmpfs", "devtmpfs", "overlay", "shm", "none", "udev", "efivarfs",
                 "proc", "sysfs", "cgroup", "rootfs", "devpts", "mqueue")  # fmt: skip
"""Sources of ``df``'s rows that are the node's own (a block device, memory, a container)."""
# df -h / df -T: "gpfs01   8.2P  5.9P  2.3P  72% /gpfs" (with a type column after -T)
_DF = re.compile(
    r"^(?P<src>\S+)\s+(?:(?P<type>[a-z][\w.]*)\s+)?[\d.]+[KMGTPE]?i?B?\s+[\d.]+[KMGTPE]?i?B?\s+"
    r"(?P<avail>[\d.]+)[KMGTPE]?i?B?\s+(?P<use>\d+)%\s+(?P<mp>/\S*)\s*$",
    re.M,
)


def network_mounts(text: str) -> list[str]:
    """The mount points a mount table or ``df`` lists on a network or parallel file system."""
    out = []
    for rx in (_MOUNT, _PROC):
        for m in rx.finditer(text):
            if m["type"].lower().startswith(NETWORK_FS):
                out.append(m["mp"])
    if "Mounted on" in text:
        for m in _DF.finditer(text):
            kind = (m["type"] or "").lower()
            src = m["src"]
            if kind.startswith(NETWORK_FS) or (
                not kind and not src.startswith(LOCAL_SOURCES) and src != "-"
            ):
                out.append(m["mp"])
    return out


FULL_USE = 99
"""``df``'s Use% from which a file system counts as full (root's reserve can hide the last
percent)."""
_ALWAYS_FULL = ("/snap", "/boot", "/proc", "/sys", "/run/credentials")
"""Mount points that sit at 100% by design (squashfs snaps) or say nothing about the job."""


def full_mounts(text: str) -> list[str]:
    """The mount points ``df`` shows full (Use% >= ``FULL_USE`` or nothing available), but
    for read-only images that are always full (loop devices, snaps)."""
    if "Mounted on" not in text:
        return []
    out = []
    for m in _DF.finditer(text):
        full = int(m["use"]) >= FULL_USE or float(m["avail"]) == 0
        image = m["src"].startswith("/dev/loop") or (m["type"] or "") in ("squashfs", "iso9660")
        if full and not image and not m["mp"].startswith(_ALWAYS_FULL):
            out.append(m["mp"])
    return out


def on_full_disk(
    findings: list[Finding], full: Mapping[str, list[str]], shared: Mapping[str, list[str]]
) -> list[Finding]:
    """A short write on a node whose ``df`` shows a local file system full (on the written
    path's mount, where the error names a path): that disk ran out of space (``enospc``).
    A "No space left on device" that names no path, on a node whose ``df`` shows one file
    system full: that one's, the shared service's where it is a network mount."""
    if not full:
        return findings
    out = []
    for f in findings:
        mounts = full.get(f.node or "", [])
        if (
            f.signature == "enospc"
            and not f.detail
            and len(mounts) == 1
            and not _PATH.search(f.text)
            and mounts[0] in shared.get(f.node or "", [])
        ):
            f = f.with_(detail=f"shared:{mounts[0]}")
        if f.signature == "short_write" and mounts and not f.detail.startswith("shared:"):
            m = _PATH.search(f.text)
            hit = [mp for mp in mounts if m is None or _under(m["path"], mp)]
            if hit:
                where = "shared" if hit[0] in shared.get(f.node or "", []) else "full"
                f = f.with_(
                    signature="enospc", action=Action.STOP, severity=4, detail=f"{where}:{hit[0]}"
                )
        out.append(f)
    return out


_PATH = re.compile(r"['\"](?P<path>/[^'\"]+)['\"]")


def on_shared_mount(findings: list[Finding], shared: Mapping[str, list[str]]) -> list[Finding]:
    """Storage errors on a path under a file system every node shares (the node's own table
    says so, or any node's where its own is missing): the shared service's, not the node's
    (``detail`` ``shared:<mount point>``: no node to exclude); a path under none of them on a
    node whose own table the bundle has is on its own disks (``detail`` ``local``).

    Args:
        shared: node -> its network mount points, for every node whose table the bundle has.
    """
    if not shared:
        return findings
    anywhere = sorted({mp for mps in shared.values() for mp in mps}, key=len, reverse=True)
    out = []
    for f in findings:
        m = _PATH.search(f.text) if f.category is Category.STORAGE else None
        if m is not None:
            mounts = shared.get(f.node or "", anywhere)
            hit = next((mp for mp in mounts if _under(m["path"], mp)), None)
            if hit is not None and hit != "/":
                f = f.with_(detail=f"shared:{hit}")
            elif f.node in shared and not f.detail:
                f = f.with_(detail="local")  # the node's own table: on none of its shared ones
        out.append(f)
    return out


def _under(path: str, mount: str) -> bool:
    return path == mount or path.startswith(mount.rstrip("/") + "/")
