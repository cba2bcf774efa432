"""A service the job fetches from over HTTP (the egress proxy, the model hub) unavailable on
every node: the shared service, no node, restart once it is back. And sacct's listing of the
user's jobs: an earlier job's COMPLETED row is not this job's, which sacct lists as FAILED."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

PROXY = (
    "[rank{r}]: OSError: Tunnel connection failed: 503 Service Unavailable\n"
    "[rank{r}]: ConnectionError: Couldn't reach 'HuggingFaceFW/fineweb-edu' on the Hub "
    "(ProxyError)\n"
)
SACCT = """JobID           JobName  Partition    Account  AllocCPUS      State ExitCode
------------ ---------- ---------- ---------- ---------- ---------- --------
2029870       olmo-mini       h100   pretrain        128  COMPLETED      0:0
2031554       olmo-mini       h100   pretrain        512     FAILED      1:0
"""


def test_the_proxy_unavailable_everywhere_after_an_earlier_job_completed(tmp_path: Path) -> None:
    for i in range(4):
        node = tmp_path / f"cmp-h100-{21 + i}"
        node.mkdir()
        (node / "torchrun.log").write_text(PROXY.format(r=8 * i))
    (tmp_path / "sacct.txt").write_text(SACCT)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        None,
        Action.RESTART,
    ), d.summary
