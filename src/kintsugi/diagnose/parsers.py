"""Turn text into findings: log lines and tracebacks, torchrun summaries, DCGM JSON, nvidia-smi.

``LineParser`` is shared by the live path (a rank's log tail) and the offline bundle scanner.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kintsugi.diagnose.extract import (
    COMPUTE_KEYWORDS,
    DATA_WAIT_KEYWORDS,
    DETECTOR_KEYWORDS,
    MAX_RANGE,
    STEP_TIME_KEYWORDS,
    WORK_KEYWORDS,
    accused_peer,
    announced_ip,
    bar_elapsed,
    best_etpt,
    comm_wait,
    compute_time,
    data_wait,
    detector_node_report,
    detector_report,
    foreign_gpu_memory,
    listed_median,
    listed_slow_ranks,
    lowest_clock,
    lowest_etpt_ranks,
    missing_ranks,
    nccl_prefix,
    none_missing,
    rank_listing,
    slowest_listing,
    slowest_timed,
    srun_tasks,
    step_time,
    stepd_node,
    work_report,
)
from kintsugi.diagnose.findings import OWN_PACKAGE, PROGRESS_NAN, REPORTED, Finding
from kintsugi.diagnose.parse_state import Context, StepSeries, Torchrun, Traceback
from kintsugi.diagnose.records import COLLECTOR_STAMP, RAY_PREFIX, unwrap_record
from kintsugi.diagnose.reports import gpu_bus
from kintsugi.diagnose.signatures import Role, Signature, SignatureSet
from kintsugi.diagnose.timeline import Clock, parse_ts
from kintsugi.events import Action, Category, Layer

# Launcher prefixes, outermost first: torchx's role and replica ("trainer/0 "), pdsh's host
# ("gpu-node-03: "), srun --label ("  5: "), mpirun --tag-output ("[1,5]<stderr>:"), torchrun
# --tee ("[default3]:", or "[trainer3]:" with --role trainer) and PyTorch's own ("[rank11]:")
# or Lightning's ("[rank: 11] "), both global ranks.
_PREFIX = re.compile(
    r"^(?:[a-z][\w-]*/\d+ (?=\[))?"  # torchx
    # pdsh -S / DeepSpeed's host, before a bracket, a traceback, a C++ abort, an exception,
    r"(?:(?P<host>[A-Za-z][\w-]*\d[\w.-]*): "
    r"(?=\[|Traceback|terminate called|\s|(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception):"
    r"|[A-Za-z][\w.-]*:\d+:\d+ \[))?"  # or NCCL's own host:pid:tid prefix
    r"(?:\s{0,4}(?P<task>\d{1,6}): )?(?:\[\d+,(?P<mpi>\d+)\]<std(?:out|err)>:)?"
    # (with --role rank the tee's "[rank0]:" stands before PyTorch's "[rank2]:": the inner one
    # is the global rank)
    r"(?:\[(?:(?!rank)[A-Za-z][\w-]*?|rank(?=\d+\]:\[rank\d+\]:))(?P<local>\d+)\]:)?"
    r"(?:\[rank(?P<rank>\d+)\]:|\[rank: (?P<lrank>\d+)\])?[ ]?"
)
# A requeued Slurm job's batch script naming how many times Slurm restarted it
_SLURM_RESTARTS = re.compile(r"\bSLURM_RESTART_COUNT[=:\s]+(\d{1,4})\b")
# A worker named inside a line by its address and global rank: Ray Train's "Training worker
# at (ip=10.64.3.22, pid=4468, world_rank=17)" (a node's own "rank=" is no global rank, and
# an address alone, as in a re-raised RayTaskError's "(pid=1876, ip=...)", may be an echo).
_WORKER_AT = re.compile(
    r"\((?=[^()]*\bip=(?P<ip>\d{1,3}(?:\.\d{1,3}){3})\b)"
    r"(?=[^()]*\bworld_rank=(?P<rank>\d+))[^()]*\)"
)
_EXC = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Fault))"
    r"(?::\s?(?P<msg>.*))?$"
)
# What a traceback's last line looks like: a (dotted) name, alone or before ": message"
# ("KeyError: 'audio_len'", "socket.gaierror: [Errno -3] ...", "StopIteration")
_EXC_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?::(?:\s.*)?)?$")
# A logging format that stamps the line before PyTorch's rank prefix ("[2024-11-20
# 11:42:17,204] [rank43]: RuntimeError: ..."): the stamp, then the rank.
_STAMPED_RANK = re.compile(r"^((?:\s*\[[^\]\[]{1,40}\])+)\s*\[rank(?P<rank>\d+)\]:\s?")
# "ValueError: Caught ValueError in DataLoader worker process 0." (torch.utils.data),
# "RuntimeError: Caught RuntimeError in replica 1 on device 1." (nn.DataParallel)
_RERAISED = re.compile(
    r"^(?:[A-Za-z_]\w*\.)*\w+: Caught \w+ in (?:DataLoader worker process|replica) \d+"
)
# "Traceback (most recent call last): (RANK 3)": one rank's traceback in a gathered error
_OF_RANK = re.compile(r"\(RANK (\d+)\)")
# "CheckpointException ranks:dict_keys([3, 11, 19])": the ranks whose failures it gathers
_FAILED_RANKS = re.compile(r"\branks:\s?(?:dict_keys\()?\[(?P<r>[\d,\s]+)\]")
_INLINE_RANK = re.compile(r"(?<![\w-])\[rank(\d+)\](?=[: ])")
_MIN_NODES = re.compile(r"\bmin_nodes\s*[:=]\s*(\d+)")
_NCCL_NETWORK = re.compile(r"NCCL INFO Using network (\w[\w./-]*)")
_NCCL_VERSION = re.compile(r"\bNCCL version (\d+\.\d+\.\d+)")
_GLOBAL_RANKS = re.compile(r"\bglobal_ranks=\[([\d,\s]+)\]")
_RANK_FIELD = re.compile(
    r"\b(?:global_)?rank[\"']?\s?[=:]\s?(\d+)\b"
    # DeepSpeed's log_dist names the rank that logs: "[logging.py:128:log_dist] [Rank 0] ..."
    r"|\blog_dist\] \[Rank (\d+)\]"
)
_FRAME = re.compile(r'^\s+File "(?P<file>[^"]+)", line \d+, in (?P<func>.+)$')
# torchrun's agent logs a traceback with logging.exception: its glog head on every line
# ("E1126 12:48:41.710000 15 site-packages/torch/.../api.py:1008]   File ...")
_GLOG_HEAD = re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [^\s\]]+\] ")
_CPP_FRAME = re.compile(r"^frame #\d+: ")
_TEARDOWN_FUNCS = ("_exit_barrier",)
"""Where an agent whose workers finished waits for the other nodes' agents: what fails there
is the job's end seen from a node that was done (the store's host already gone)."""
_STEP = re.compile(r"(?i)\b(?:step|iter(?:ation)?)[\s:=#]*(\d+)")
_NCCL_RANK = re.compile(r"\[(?:Rank|PG \d+ Rank) (\d+)\]")
_TR_FIELD = re.compile(r"^\s+(\w+)\s*:\s?(.*)$")
_TR_ENTRY = re.compile(r"^\[\d+\]:\s*$")
_INFO_LEVEL = re.compile(
    r"^\s*[IDV]\d{4} \d\d:\d\d:\d\d"  # glog I0312 09:12:44 (info, debug, verbose)
    r"|\bNCCL (?:INFO|TRACE)\b"
    r"|(?:^|[\s\[|(-])(?:INFO|DEBUG|TRACE|NOTICE)(?:[\s\]|):-]|$)"
)
"""A level marker that says the line is informational (looked for in a line's head only)."""
_LEVEL_HEAD = 120
_RAISED = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b:")
"""An exception's text, which stays an error whatever level it was logged at."""


_PY_WARNING = re.compile(r"^\s*\S+\.py:\d+: [A-Z]\w*Warning: ")
"""Python's ``warnings`` line (``/site-packages/torchvision/io/image.py:13: UserWarning:
Failed to load image Python extension: 'libc10_cuda.so: cannot open ...'``)."""


def informational(body: str) -> bool:
    """Whether the line's own level marker says INFO/DEBUG (NCCL, glog, Python logging), or
    it is a Python warning.

    Such lines are the job telling what it does (``NCCL INFO NET/Plugin : dlerror=...
    using internal implementation``) or what it works around, not failing; a signature must
    opt in to match them.
    """
    if _PY_WARNING.match(body):
        return True
    return _INFO_LEVEL.search(body[:_LEVEL_HEAD]) is not None and not _RAISED.search(body)


_FRAMEWORK_PATH = ("site-packages", "dist-packages", "/lib/python3", "<frozen", "/torch/")
MAX_TRACEBACK_LINES = 400
MAX_PER_KEY = 32
"""Findings kept per (signature, rank) and source: the earliest decide; the rest are counted."""
MAX_PER_SOURCE = 4096
"""Findings kept per source, whatever their kind: memory stays bounded on pathological logs."""
MEMO_LINES = 4096
"""Distinct line texts whose signature match is remembered."""
_UNSEEN = object()
# Exceptions about files: the script's data or paths, wherever in the stack they are raised.
# Errors whose layer the traceback tells: raised in user code (the script, its own import
# statement) or inside an installed package (the framework, loading its compiled parts).
_REFINED = (Category.USER_CODE, Category.DEPENDENCY)
_FILE_ERRORS = (
    "FileNotFoundError",
    "IsADirectoryError",
    "NotADirectoryError",
    "PermissionError",
)
_CALLERS_ERRORS = frozenset(
    {
        "IndexError",
        "KeyError",
        "LookupError",
        "ValueError",
        "TypeError",
        "ZeroDivisionError",
        "OverflowError",
        "AssertionError",
        "RecursionError",
    }
)
"""Python's own error types: raised deep inside a library the user's code called, they still
report what the caller passed (a token id past the vocabulary, a key its data lacks, a value of
the wrong type), so a traceback that went through user code is the script's."""


def is_user_file(path: str) -> bool:
    """Whether a traceback frame's file is user code rather than an installed package."""
    return not any(p in path for p in _FRAMEWORK_PATH)


_INSTALLER = "/pip/_internal/"
"""Frames of pip's installer: what fails there is the environment being installed."""
_LAUNCHERS = ("/triton/runtime/", "/triton/backends/", "/triton/compiler/")
"""JIT kernel launchers: a kernel they run is the code of whoever called them (a Triton
kernel defined in the user's file is the user's, though the fault surfaces in Triton)."""


def _stdlib(path: str) -> bool:
    """A frame of Python's own library (``/usr/lib/python3.10/json/decoder.py``)."""
    return ("/lib/python3" in path and "-packages" not in path) or path.startswith("<frozen")


_NO_MODULE = re.compile(r"No module named '(?P<top>[A-Za-z_]\w*)")


def own_module(text: str, frames: list[str] | None) -> bool:
    """Whether ``No module named 'pkg.sub'`` names the user's own package: a user frame's file
    lies in a folder of that name, of the repository named after it, or of the project a
    companion package is named after (``/git/llmtrain/train.py`` importing ``llmtrain.data.x``,
    ``/home/u/featurestore-ml/`` importing ``featurestore``, ``/recipes/tinyllm/`` importing
    ``tinyllm_ext``), so the checkout lacks the module or was never installed, not the image."""
    m = _NO_MODULE.search(text)
    if m is None or not frames:
        return False
    top = m["top"]
    for f in frames:
        if is_user_file(f):
            for folder in f.split("/")[:-1]:
                # the package's folder, its repository (featurestore-ml), or the project a
                # companion package is named after (tinyllm/ importing tinyllm_ext)
                if folder == top or (
                    len(min(folder, top, key=len)) >= 4
                    and (folder.startswith((f"{top}-", f"{top}_")) or top.startswith(f"{folder}_"))
                ):
                    return True
    return False


def innermost_is_user(frames: list[str]) -> bool | None:
    """Whether the innermost frame, launch machinery and Python's own library skipped, is
    user code (None: no frames): ``json.loads`` failing on a row the user's dataset read is
    the user's data, ``pickle`` failing inside ``torch.load`` the framework's."""
    launched = _past_launch(frames)
    own = [f for f in launched if not _stdlib(f)] or launched or frames
    return is_user_file(own[-1]) if own else None


def through_user(frames: list[str]) -> bool:
    """Whether any frame, launch machinery skipped, is user code: the script called in."""
    return any(is_user_file(f) for f in _past_launch(frames))


def _past_launch(frames: list[str]) -> list[str]:
    """The frames without JIT launch machinery (Triton's runtime, backends, compiler)."""
    return [f for f in frames if not any(k in f for k in _LAUNCHERS)]


_RANGE_AT_NODE = re.compile(r"\branks (?P<lo>\d+)-(?P<hi>\d+) \((?P<node>[A-Za-z][\w.-]*)\)")
"""A range of ranks and the node they ran on, as a report writes them ("ranks 40-47 (gpu-w06)")."""
# DeepSpeed's launcher: "process 232907 spawned with command: ['/usr/bin/python3', '-u',
# 'pretrain_gpt.py', '--local_rank=3', ...]" and "global_rank_mapping=defaultdict(<class
# 'list'>, {'dgx-b-041': [0, 1, ...], 'dgx-b-042': [8, 9, ...]})"
_SPAWNED = re.compile(
    r"\bprocess (?P<pid>\d+) spawned with command: .*?--local_rank[= ](?P<local>\d+)"
)
_RANK_MAP = re.compile(r"global_rank_mapping=defaultdict\(<class 'list'>, (\{[^{}]*\})\)")
# NCCL's communicator set-up: "comm 0x55d0a00c8030 rank 19 nranks 32 cudaDev 3 ... Init COMPLETE"
_COMM_RANK = re.compile(r"\bcomm 0x[0-9a-fA-F]+ rank (?P<rank>\d+) n[Rr]anks (?P<n>\d+)")
# ... and the GPU it drives: "cudaDev 1 nvmlDev 1 busId 65000" (the PCI address 0000:65:00.0 as
# one hex number: domain, bus, device, function)
_COMM_BUS = re.compile(r"\bnvmlDev (?P<dev>\d+) busId (?P<bus>[0-9a-fA-F]{5,})\b")


def nccl_bus(busid: str) -> str:
    """``65000`` (NCCL's busId) -> ``65:00``, the bus and device as the kernel names them."""
    s = busid.lower()
    return f"{s[-5:-3]}:{s[-3:-1]}"


_NON_FINITE_LOSS = re.compile(r"(?i)loss\w*[\"']?\s*[=:]\s*[-+]?(?:nan|inf)(?!\w)")
"""A non-finite loss in a timing line ("lm loss: NaN", "train_loss=nan"): a rank's own loss,
not the gradient norm every rank reads after the all-reduce spread one rank's NaN."""


_SAYS_HOST = re.compile(
    r"[,|]\s*(?:node|host(?:name)?)\s*[:=]\s*([A-Za-z][\w.-]*[A-Za-z0-9])\.?\s*$"
)
"""A line that ends by naming the host it ran on, as Megatron-LM's NaN check does ("found NaN
in local grad norm ... Device: 5, node: dgx-h-12"): the finding is that node's, wherever the
line was collected (a merged console)."""


class LineParser:
    """A line-by-line state machine: signatures, tracebacks, torchrun failure summaries."""

    def __init__(self, sigs: SignatureSet, ctx: Context) -> None:
        self.sigs = sigs
        self.ctx = ctx
        self.findings: list[Finding] = []
        self.aliases: dict[str, str] = {}
        """Addresses and hostnames seen to belong to this source's node."""
        self.pid_ranks: dict[tuple[str, int], int] = {}
        """(host in NCCL's prefix, pid) -> the rank that logged it."""
        self.last_step_ts: float | None = None
        """When the newest iteration line was logged: the last sign of progress."""
        self.comm_ranks: dict[tuple[str, int], int] = {}
        """(host, pid) -> its rank in the widest NCCL communicator it joined (the world)."""
        self._slowest_listed: list[tuple[int, float, str | None]] = []
        """The slowest ranks and their times the previous line listed without a median."""
        self._spawned: dict[tuple[str, int], int] = {}
        """(host, pid) -> the local rank DeepSpeed's launcher started that process as."""
        self._rank_map: dict[str, list[int]] = {}
        """Host -> its processes' global ranks by local rank, as DeepSpeed's launcher maps them."""
        self._comm_sizes: dict[tuple[str, int], int] = {}
        self._buses: dict[tuple[str, int], tuple[int, str]] = {}
        """(host, pid) -> the GPU NCCL said the process drives: (NVML index, PCI bus)."""
        self.nccl_networks: dict[str, set[str]] = {}
        """Host -> the network transports NCCL said it uses there ("Using network IB")."""
        self.nccl_versions: set[str] = set()
        """NCCL versions this source's processes loaded (its banner, its errors)."""
        self.placed_ranks: set[int] = set()
        """Global ranks the launcher of this file's node says it started there (torchrun's
        rendezvous result, ``global_ranks=[16, 17, ...]``): where those ranks ran."""
        self.listed_compute: dict[int, float] = {}
        """Rank -> seconds of compute, from a line that lists every rank's timer."""
        self.busy_s: float | None = None
        """The longest a progress bar (tqdm) of this source had been running when last drawn."""
        self.min_nodes: int | None = None
        """The nodes torchrun's launch configuration waits for (``min_nodes : 4``)."""
        self.nccl_hosts: set[str] = set()
        """Hosts NCCL's ``host:pid:tid`` prefixes in this source name."""
        self.own_ranks: set[int] = set()
        """Global ranks whose ``[rankN]:`` lines this file holds with no host or task label
        before them: ranks of the node whose file it is (a merged console labels its lines)."""
        self.first_ts: float | None = None
        """The first timestamp near the start of the source (set by whoever streams it)."""
        self.last_ts: float | None = None
        """The newest timestamp at the end of the source (set by whoever streams it)."""
        self.rank_times_seen = False
        """Megatron's per-rank timer blocks ("times across ranks (ms):") are in the file."""
        self.dump_seen = False
        """The source holds a ``faulthandler`` dump's header (set by whoever streams it: the
        dump's lines hold no keyword, so they never reach the parser)."""
        self.step_times: dict[int | None, StepSeries] = {}
        self.data_waits: dict[int | None, StepSeries] = {}
        """Per rank: seconds each step waited for its batch (a data-loading timer)."""
        self.compute_times: dict[int | None, StepSeries] = {}
        """Per rank, its own compute time per step (``extract.compute_time``)."""
        self.comm_waits: dict[int | None, StepSeries] = {}
        """Per rank, its wait in collectives per step, from the same timing lines."""
        self.timed_hosts: dict[int | None, str] = {}
        """Per rank, the host its timing lines came from where a line says (a driver's log
        of every worker: Ray's ``(RayTrainWorker pid=5116, ip=10.0.5.33)``)."""
        self.slow_reports: dict[int, StepSeries] = {}
        """Slowest rank a straggler detector named -> its slowdowns over the fastest rank."""
        self.low_clocks: dict[int, StepSeries] = {}
        """Rank whose GPU a straggler report names as clocked lowest -> the highest clock
        over its own, per report."""
        self.slowest_times: dict[int, StepSeries] = {}
        """Slowest rank a report named with its own time and nothing to compare it with ->
        its times (seconds): compared at the end with the fastest of the slowest."""
        self.slow_nodes: dict[int, str] = {}
        """Rank a straggler detector named -> the node the report says it ran on."""
        self.slow_node_reports: dict[str, StepSeries] = {}
        """Nodes a detector scored as the slowest (no rank), and how much slower."""
        self._progress_nan = False
        """The line being read is a progress line that logs a non-finite loss."""
        self._best_etpt: float | None = None
        """The best throughput of the straggler report read last (Megatron-LM's)."""
        self.dropped = 0
        """Findings not kept because of the caps."""
        self._per_key: dict[tuple[str, int | None], int] = {}
        self._memo: dict[str, Any] = {}
        self._spent: set[tuple[str, int | None]] = set()
        self._restarts = 0
        self._tb: dict[tuple[str | None, str | None], Traceback] = {}
        self._tr: Torchrun | None = None
        self._order = 0
        self._clock = Clock()
        self._body = ""
        self._host: str | None = None
        """The host a pdsh-style prefix named on the current line (a console of many nodes)."""
        self._task: int | None = None
        """The srun task label of the current line (``  5: ``), if it has one."""
        self.task_nodes: dict[tuple[int, int], str] = {}
        """(restarts so far, srun task) -> the node Slurm says ran it (a console that holds every
        node's output; a requeued job's tasks ran elsewhere in each attempt)."""
        self._task_pids: set[tuple[str, int]] = set()
        """(host, pid) whose rank in ``pid_ranks`` is only its srun task label."""
        self._tasks_seen: set[int] = set()
        self._agents = False
        """torchrun's failure summary is in the file: srun's tasks ran its agents, not ranks."""
        self._global_ranks: list[int] = []
        """The global ranks of this agent's workers by local rank, as its rendezvous listed them."""
        self._srun_line = False
        """The current line is srun's report naming one task (its number read as the rank)."""
        self._srun_ranked: set[int] = set()
        """Orders of findings whose rank is the task number srun's report names."""
        """srun task labels the file's lines carry."""
        self._task_ranks: dict[int, set[int]] = {}
        """srun task -> the global ranks its lines name ("[Rank 11]", "[rank11]")."""
        self._epoch_of: dict[int, int] = {}
        """Order of a finding -> the restarts counted when it was read."""
        self._task_of: dict[int, int] = {}
        """Finding order -> the srun task label of the line it came from."""
        self._nccl_host: str | None = None
        """The host NCCL's ``host:pid:tid`` prefix names on the current line (or its task's)."""
        self._task_hosts: dict[int, str] = {}
        """srun task -> the host its NCCL lines name."""
        self._ip_hosts: dict[str, str] = {}
        """Address -> the host whose NCCL line announced it."""
        self._host_of: dict[int, str] = {}
        """Finding order -> the NCCL host of the line (or task) it came from."""
        self.step_lines = 0
        """Iteration-time lines read so far."""
        self.steps_at: dict[int, int] = {}
        """Order of a finding -> the iteration-time lines read before it (what came after
        it tells whether the job trained on)."""
        self.summary_hosts: dict[int, str] = {}
        """Order of a finding from a torchrun failure summary -> the host its entry names."""
        self._hint: Callable[[], float | None] | None = None
        self._ts: float | None = None
        self._ts_exact = True
        self._ts_done = False
        self._lead: str | None = None
        """The collector's stamp this line began with, if any (``records.COLLECTOR_STAMP``)."""

    def _now(self) -> float | None:
        """The current line's time: its own stamp, else the nearest stamp before it."""
        if not self._ts_done:
            self._ts_done, self._ts_exact = True, True
            self._ts = self._clock.stamp(self._lead or self._body, self._hint)
            if self._ts is None and self._hint is not None:
                # an earlier line's stamp: this happened then or later
                self._ts, self._ts_exact = self._hint(), False
        return self._ts

    @property
    def busy(self) -> bool:
        """Whether a multi-line block (traceback, torchrun summary) is open."""
        return bool(self._tb) or self._tr is not None

    def feed(
        self, raw: str, lineno: int | None = None, hint: Callable[[], float | None] | None = None
    ) -> None:
        """Parses one line.

        Args:
            raw: the line.
            lineno: its number in the source, for evidence.
            hint: returns the time of the nearest stamped line before this one; called only
                when this line needs a time and carries none itself.
        """
        line = raw.rstrip("\r\n")
        wrapped = unwrap_record(line)
        if wrapped is not None:
            # A collector's record (Loki, Fluent Bit, Docker's json-file, CloudWatch): the
            # program's own text is a field, maybe several lines of it (a traceback).
            if wrapped.rank is not None and wrapped.pid is not None:
                self.pid_ranks.setdefault((self.ctx.node or "", wrapped.pid), wrapped.rank)
            node, host = self.ctx.node, wrapped.host
            if wrapped.rank is not None and node and host and _short(host) == _short(node):
                self.own_ranks.add(wrapped.rank)  # a structured log of this node's rank
            for part in wrapped.text.split("\n"):
                self._feed_line(part, lineno, hint, wrapped.when, wrapped.rank)
            return
        self._feed_line(line, lineno, hint, None)

    def _feed_line(
        self,
        line: str,
        lineno: int | None,
        hint: Callable[[], float | None] | None,
        when: str | None,
        named_rank: int | None = None,
    ) -> None:
        self._srun_line = False
        lead = COLLECTOR_STAMP.match(line)
        if lead is not None:
            line = line[lead.end() :]
        ray = RAY_PREFIX.match(line)
        if ray is not None:
            line = line[ray.end() :]
        m = _PREFIX.match(line)
        local, grank = (
            (m.group("local"), m.group("rank") or m.group("lrank")) if m else (None, None)
        )
        outer = (m.group("mpi") or m.group("task")) if m else None
        if grank is None and local is None:
            grank = outer
        elif (
            grank is None
            and outer is None
            and local is not None
            and int(local) < len(self._global_ranks)
            and (m is None or m.group("host") is None)
        ):
            # torchrun's "[default3]:" is local rank 3: its agent listed the global ranks of
            # its workers in order when the rendezvous completed ("global_ranks=[4, 5, 6, 7]")
            grank = str(self._global_ranks[int(local)])
        else:
            local = f"{outer}:{local}" if outer else local
        body = line[m.end() :] if m else line
        if m and m.end() and body.startswith("{") and (rec := unwrap_record(body)) is not None:
            # a structured record behind the launcher's prefix ("[default1]:{"ts": ...}")
            body = rec.text.split("\n", 1)[0]
            when = when or rec.when
            named_rank = rec.rank if named_rank is None else named_rank
        self._host = m.group("host") if m else None
        if ray is not None and ray.group("ip"):
            ip = ray.group("ip")
            if (pfx := nccl_prefix(body)) is not None:
                self.aliases.setdefault(ip, pfx[0])  # NCCL names the worker's host
            if self._host is None:
                self._host = ip  # the worker's address: its node once aliases tell
        # srun's task label or mpirun's rank tag: one process, whose NCCL lines name its host
        tag = (m.group("task") or m.group("mpi")) if m else None
        self._task = int(tag) if tag else None
        self._nccl_host = self._task_hosts.get(self._task) if self._task is not None else None
        late = _STAMPED_RANK.match(body) if grank is None and "[rank" in body else None
        if late is not None:
            grank, body = late["rank"], body[late.end() :]
            lead = lead or late  # its stamp is the line's time
        if (
            grank is None
            and "[rank" in body[:_LEVEL_HEAD]
            and (inline := _INLINE_RANK.search(body, 0, _LEVEL_HEAD))
        ):
            # a logging format that names the rank after the stamp and level ("2024-11-20
            # 11:42:17,204 INFO [rank2] train: ..."): the line is that rank's
            grank = inline[1]
            if self._host is None and self._task is None:
                self.own_ranks.add(int(grank))
        if m and m.group("task"):
            self._tasks_seen.add(int(m.group("task")))
            labelled = m.group("rank") or m.group("lrank")
            if labelled is None and (nccl := _NCCL_RANK.search(body, 0, _LEVEL_HEAD)):
                labelled = nccl[1]
            if labelled is not None:
                self._task_ranks.setdefault(int(m.group("task")), set()).add(int(labelled))
        rank = int(grank) if grank is not None else self.ctx.rank
        if grank is None and named_rank is not None:
            rank = named_rank  # the structured record's own field
        if "srun: error:" in body and (st := srun_tasks(body)) is not None:
            # srun's own report of a task that died names its node and task (the global rank
            # when srun starts one task per GPU): not the node whose file holds the line; and
            # the console's lines labelled with those tasks are that node's
            self._host = st[0]
            for t in st[1]:
                self.task_nodes[(self._restarts, t)] = st[0]
            if len(st[1]) == 1:
                rank = st[1][0]
                self._srun_line = True  # the findings of this line take the task for a rank
        if self._host is None and "world_rank=" in body and (worker := _WORKER_AT.search(body)):
            # a driver's report about one worker by address and global rank ("Training worker
            # at (ip=10.0.3.22, pid=4468, world_rank=17) failed"): that worker's node and rank
            self._host, rank = worker["ip"], int(worker["rank"])
        if (
            m
            and (m.group("rank") or m.group("lrank"))
            and self._host is None
            and self._task is None
        ):
            self.own_ranks.add(int(m.group("rank") or m.group("lrank")))
        if "NCCL version" in body and (ver := _NCCL_VERSION.search(body)) is not None:
            self.nccl_versions.add(ver[1])  # a fact; the line may be an error besides
        if "min_nodes" in body and (want := _MIN_NODES.search(body)) is not None:
            # torchrun's launch configuration: how many nodes the rendezvous waits for
            self.min_nodes = max(self.min_nodes or 0, int(want[1]))
        if "Using network" in body and (net := _NCCL_NETWORK.search(body)) is not None:
            # the transport NCCL chose (IB, Socket, a plugin's): by the host that logged it
            who = (nccl_prefix(body) or (self.ctx.node or "", 0))[0]
            self.nccl_networks.setdefault(who, set()).add(net[1])
        prev = self._body
        self._body, self._hint, self._ts_done = body, hint, False
        self._lead = when or (lead.group(0) if lead is not None else None)
        if self._tr is None and not self._tb and (body, rank) in self._spent:
            self.dropped += 1  # the same line from the same rank again, its quota used up
            return
        if self._tr is not None and self._torchrun(body, lineno):
            return
        key = (local, grank)
        tb = self._tb.get(key)
        if tb is not None:
            tb.n += 1
            if body[:1] in "IWEF" and (head := _GLOG_HEAD.match(body)) is not None:
                body = body[head.end() :]
            fm = _FRAME.match(body)
            if fm:
                tb.frames.append(fm.group("file"))
                tb.funcs.append(fm.group("func"))
                return
            if tb.indent and tb.frames and body[: tb.indent].isspace() and _EXC.match(body.strip()):
                body = body.strip()  # a nested traceback's exception line, at its indentation
            if (body.startswith((" ", "\t")) or not body.strip()) and tb.n < MAX_TRACEBACK_LINES:
                return
            if _RERAISED.match(body) or body.startswith("Original Traceback (most recent"):
                # a DataLoader worker's (or replica's) exception, re-raised in the main process:
                # the worker's own traceback follows, and its frames and exception are the failure
                tb.frames, tb.held = [], None
                return
            exc = _EXC_LINE.match(body.strip()) is not None
            if not exc and tb.held is None and tb.frames and tb.n < MAX_TRACEBACK_LINES:
                tb.held = (body, rank, lineno)  # a message before the exception line, maybe
                return
            del self._tb[key]
            if tb.ts is not None:
                self._ts, self._ts_exact, self._ts_done = tb.ts, tb.exact, True
            if exc or tb.held is None:
                self._exception(body, rank, lineno, tb.frames, tb.of_rank, tb.funcs)
                return
            # the held line ended the traceback after all; this one is a line of its own
            self._exception(*tb.held, tb.frames, tb.of_rank, tb.funcs)
        if "Traceback (most recent call last)" in body:
            # whose it is: "(RANK 3)" on the line itself, or on a label line just before it
            of = _OF_RANK.search(body) or (_OF_RANK.search(prev) if "(RANK" in prev else None)
            self._tb[key] = Traceback(
                start=lineno or 0,
                ts=self._now(),
                exact=self._ts_exact,
                of_rank=int(of[1]) if of else None,
                indent=len(body) - len(body.lstrip()),
            )
            return
        if "Root Cause (first observed failure)" in body or body.strip() == "Failures:":
            self._tr = Torchrun(root="Root Cause" in body)
            self._agents = True
            return
        if body.startswith("frame #") and _CPP_FRAME.match(body):
            return  # a C++ backtrace's frame ("frame #2: c10::DistNetworkError::..."): the
            # error it belongs to was the line before "Exception raised from ..."
        self._line(body, rank, lineno)

    @staticmethod
    def _timed_rank(body: str, rank: int | None) -> int | None:
        """The rank a timing line is about: its own ``rank=N`` field, else the line's."""
        m = _RANK_FIELD.search(body)
        return int(m.group(1) or m.group(2)) if m else rank

    def _facts(self, body: str, rank: int | None) -> bool:
        """Records addresses, restarts and iteration times; True if the line was only that."""
        if "attempts left" in body and self.ctx.attempt is None:
            # torchrun restarting its workers inside one console log: later lines belong to
            # the next attempt (``Worker group FAILED. 2/3 attempts left; will restart``).
            self._restarts += 1
            return True
        if "times across ranks" in body:
            self.rank_times_seen = True  # read whole once the scan is done
            return True
        if "SLURM_RESTART_COUNT" in body and self.ctx.attempt is None:
            # a requeued Slurm job appending to its output: the batch script's banner names
            # how many times Slurm restarted it (``SLURM_RESTART_COUNT=1``), later lines are
            # that attempt's
            count = _SLURM_RESTARTS.search(body)
            if count is not None and int(count[1]) > self._restarts:
                self._restarts = int(count[1])
        if self._task is not None and "slurmstepd" in body and (host := stepd_node(body)):
            self.task_nodes.setdefault((self._restarts, self._task), host)
        if "spawned with command" in body or "global_rank_mapping=" in body:
            self._launched(body)
        node = self.ctx.node
        prefix = nccl_prefix(body)
        if prefix is not None:
            host, pid = prefix
            self.nccl_hosts.add(host)
            if node:
                self.aliases.setdefault(host, node)
            if rank is not None:
                self.pid_ranks.setdefault((host, pid), rank)
                if self._task is not None and rank == self._task:
                    self._task_pids.add((host, pid))
            # (and where a launcher's label gave one: srun's per-node label is no rank)
            if (
                "ranks " in body
                and (comm := _COMM_RANK.search(body)) is not None
                and int(comm["n"]) >= self._comm_sizes.get((host, pid), 0)
            ):
                # NCCL's communicator line names the process's rank in it; the widest
                # communicator a process joined is the world, whose rank is the global one
                self._comm_sizes[(host, pid)] = int(comm["n"])
                self.comm_ranks[(host, pid)] = int(comm["rank"])
            if "busId" in body and (dev := _COMM_BUS.search(body)) is not None:
                self._buses[(host, pid)] = (int(dev["dev"]), nccl_bus(dev["bus"]))
            if self._task is not None:
                self._task_hosts.setdefault(self._task, host)
        if prefix is not None:
            self._nccl_host = prefix[0]
        ip = announced_ip(body)
        if ip and self._nccl_host:
            self._ip_hosts.setdefault(ip, self._nccl_host)
        if ip and node:
            self.aliases.setdefault(ip, node)
            return True
        low = body.lower()
        if any(k in low for k in WORK_KEYWORDS) and (work := work_report(body, rank)):
            self._work(body, *work)  # and the line is still matched as the timeout it is
        placed = _GLOBAL_RANKS.search(body) if "global_ranks=" in low else None
        if placed is not None and self._host is None and self._task is None:
            self._global_ranks = [int(x) for x in re.findall(r"\d+", placed[1])]
            self.placed_ranks.update(self._global_ranks)
            return True
        missing = (
            missing_ranks(body)
            if "join" in low
            or "monitoredbarrier" in low
            or "missing ranks" in low
            or "heartbeat" in low
            else []
        )
        for m in missing:
            self._add(
                signature="names_missing_rank",
                category=Category.HANG,
                layer=Layer.INFRASTRUCTURE,
                action=Action.RESTART,
                severity=2,
                role=Role.SYMPTOM,
                # one finding per rank named (the same line names several)
                text=body.strip() if len(missing) == 1 else f"{body.strip()} (names rank {m})",
                rank=rank,
                detail=str(m),
                value=float(m),
            )
        if missing:
            return True  # the waiter's statement, not an error of its own
        if "missing ranks" in low and none_missing(body):
            self._add(
                signature="none_missing",
                category=Category.HANG,
                layer=Layer.INFRASTRUCTURE,
                action=Action.RESTART,
                severity=1,
                role=Role.CONTEXT,
                text=body.strip(),
            )
            return True
        pending, self._slowest_listed = self._slowest_listed, []
        if pending and "slowest" not in low and (med := listed_median(body)):
            # the median a report gives on the line after its list of the slowest ranks (and
            # where it says they ran: "ranks 40-47 (gpu-w06) +18%")
            ran_on = {
                r: g["node"]
                for g in _RANGE_AT_NODE.finditer(body)
                for r in range(int(g["lo"]), min(int(g["hi"]), int(g["lo"]) + MAX_RANGE) + 1)
            }
            for r, secs, node in pending:
                self.slow_reports.setdefault(r, StepSeries()).add(secs / med)
                if node or r in ran_on:
                    self.slow_nodes.setdefault(r, node or ran_on[r])
            return True
        if any(k in low for k in DETECTOR_KEYWORDS):
            if (best := best_etpt(body)) is not None:
                self._best_etpt = best
            if lowest := lowest_etpt_ranks(body, self._best_etpt):
                for r, ratio in lowest:
                    self.slow_reports.setdefault(r, StepSeries()).add(ratio)
                return True
            if (clock := lowest_clock(body)) is not None:
                self.low_clocks.setdefault(clock[0], StepSeries()).add(clock[1])
            if rep := detector_report(body):
                self.slow_reports.setdefault(rep[0], StepSeries()).add(rep[1])
                if rep[2]:
                    self.slow_nodes.setdefault(rep[0], rep[2])
                return True
            if node_rep := detector_node_report(body):
                self.slow_node_reports.setdefault(node_rep[0], StepSeries()).add(node_rep[1])
                return True
            if listed := listed_slow_ranks(body):
                for r, ratio, node in listed:
                    self.slow_reports.setdefault(r, StepSeries()).add(ratio)
                    if node:
                        self.slow_nodes.setdefault(r, node)
                return True
            ranks, med = slowest_listing(body)
            if len(ranks) >= 2 and med is None:
                self._slowest_listed = ranks  # its median may follow on the next line
                return True
            if (slowest := slowest_timed(body)) is not None:
                # (and the line goes on to be read: a progress line names the slowest too)
                r, secs, med = slowest
                if med:
                    self.slow_reports.setdefault(r, StepSeries()).add(secs / med)
                else:
                    self.slowest_times.setdefault(r, StepSeries()).add(secs)
        if ("it/s]" in body or "s/it]" in body) and (busy := bar_elapsed(body)) is not None:
            # a progress bar (tqdm): how long this process had been working at its last draw
            self.busy_s = max(self.busy_s or 0.0, busy)
        timed = False
        if any(k in low for k in DATA_WAIT_KEYWORDS) and (w := data_wait(body)) is not None:
            self.data_waits.setdefault(rank, StepSeries()).add(w)
            if self._host is not None and rank is not None:
                self.timed_hosts.setdefault(rank, self._host)
            timed = True
        if any(k in low for k in STEP_TIME_KEYWORDS) and (v := step_time(body)) is not None:
            self.step_times.setdefault(rank, StepSeries()).add(v)
            self.step_lines += 1
            if (now := self._now()) is not None and self._ts_exact:
                # the job's progress was last logged then (a progress bar's line borrows the
                # time of the last stamped line before it: no time of its own)
                self.last_step_ts = now
            timed = True
        listing = "by rank" in low or "per rank" in low or "by-rank" in low or "per-rank" in low
        if listing and (every := rank_listing(body)) is not None:
            # one line with every rank's timer: a comparison in itself
            self.listed_compute.update(every)
            return True
        if any(k in low for k in COMPUTE_KEYWORDS) and (c := compute_time(body)) is not None:
            who = self._timed_rank(body, rank)
            self.compute_times.setdefault(who, StepSeries()).add(c)
            if self._host is not None:
                self.timed_hosts.setdefault(who, self._host)
            if (w := comm_wait(body)) is not None:
                self.comm_waits.setdefault(who, StepSeries()).add(w)
            timed = True
        # a timing line that logs a non-finite loss is read for it too (marked: a progress
        # line's loss is often the job's, reduced over the ranks, not this rank's own)
        self._progress_nan = (
            timed and ("nan" in low or "inf" in low) and _NON_FINITE_LOSS.search(body) is not None
        )
        return timed and "error" not in low and not self._progress_nan

    def _work(
        self, body: str, group: str, rank: int, timed_out: int | None, enqueued: int | None
    ) -> None:
        """How far ``rank`` got in ``group``'s queue: the work its watchdog timed out in and
        the last work it enqueued, for the hang rules to find the rank that never reached
        the collective the others wait in."""
        for sig, seq in (("work_timed_out", timed_out), ("work_enqueued", enqueued)):
            if seq is not None:
                self._add(
                    signature=sig,
                    category=Category.HANG,
                    layer=Layer.INFRASTRUCTURE,
                    action=Action.RESTART,
                    severity=1,
                    role=Role.CONTEXT,
                    text=body.strip(),
                    rank=rank,
                    detail=group,
                    value=float(seq),
                )

    def _line(self, body: str, rank: int | None, lineno: int | None) -> None:
        if self._facts(body, rank):
            return
        # Spam repeats one line many times: match each distinct text once (bounded memo).
        hit = self._memo.get(body, _UNSEEN)
        if hit is _UNSEEN:
            if len(self._memo) >= MEMO_LINES:
                self._memo.clear()
            hit = self._memo[body] = self.sigs.match(body)
        if hit is not None and not hit[0].at_info and informational(body):
            return
        if hit is not None:
            sig, m = hit
            gd = m.groupdict()
            if rank is None and (nm := _NCCL_RANK.search(body)):
                rank = int(nm.group(1))
            peer = accused_peer(body) if sig.category is Category.NETWORK else None
            role, severity = self._role(body, sig)
            if self._foreign_oom(sig, body, rank, lineno):
                return
            self._add(
                signature=sig.name,
                category=sig.category,
                layer=sig.layer,
                action=sig.action,
                severity=severity,
                role=role,
                text=body.strip(),
                rank=rank,
                line=lineno,
                detail=(
                    PROGRESS_NAN
                    if self._progress_nan and sig.category is Category.NUMERICAL
                    else str(gd.get("xid") or gd.get("gpu") or "")
                ),
                peer=peer,
                # a line about another node (an orchestrator's event naming it) is that node's
                node=gd.get("node") or gd.get("node2"),
            )
            return
        em = _EXC.match(body)
        if em and em.group("msg") is not None:
            self._exception(body, rank, lineno, None)

    def _foreign_oom(
        self, sig: Signature, text: str, rank: int | None = None, lineno: int | None = None
    ) -> bool:
        """A CUDA OOM because another process fills the GPU: that node, not the config.

        Records the finding and returns True when it is one.
        """
        if sig.category is not Category.OOM or "CUDA out of memory" not in text:
            return False
        held = foreign_gpu_memory(text)
        if held is None:
            return False
        self._add(
            signature="foreign_gpu_memory",
            category=Category.OOM,
            layer=Layer.INFRASTRUCTURE,
            action=Action.RESTART_WITHOUT_NODE,
            severity=4,
            role=Role.ROOT,
            text=text.strip(),
            rank=rank,
            line=lineno,
            detail=f"{held:.1f} GiB held by another process",
        )
        return True

    def _role(self, text: str, sig: Signature) -> tuple[Role, int]:
        """A signature's role, unless the line is an exception that only reports sympathy.

        DistBackendError and friends: whatever NCCL says inside, the process group failed
        under this rank; a peer's own error is the cause.
        """
        if sig.category in (Category.NETWORK, Category.HANG) and (em := _EXC.match(text.strip())):
            cls = self.sigs.exception(em.group("type"))
            if cls is not None and cls.role is Role.SYMPTOM:
                return Role.SYMPTOM, min(sig.severity, 2)
        return sig.role, sig.severity

    def _exception(
        self,
        body: str,
        rank: int | None,
        lineno: int | None,
        frames: list[str] | None,
        of_rank: int | None = None,
        funcs: list[str] | None = None,
    ) -> None:
        text = body.strip()
        if funcs and any(f in _TEARDOWN_FUNCS for f in funcs):
            self._add(
                signature="teardown_after_done",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                action=Action.NONE,
                severity=1,
                role=Role.CONTEXT,
                text=text,
                rank=rank,
                line=lineno,
            )
            return
        if ("monitoredBarrier" in text or "join" in text) and missing_ranks(text):
            self._facts(text, rank)  # a waiter naming the missing rank: no error of its own
            return
        if rank is not None and _echoes_peer(text, rank, of_rank):
            # this rank's copy of other ranks' failures (a gathered checkpoint error): theirs,
            # each found as a root in its own rank's log
            em = _EXC.match(text)
            self._add(
                signature=f"peer_report:{(em['type'] if em else 'error').rsplit('.', 1)[-1]}",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                action=Action.NONE,
                severity=1,
                role=Role.SYMPTOM,
                text=text,
                rank=rank,
                line=lineno,
            )
            if (hit := self.sigs.match(text)) is not None and hit[0].role is Role.ROOT:
                # what the report says failed, for a bundle without the failed ranks' logs
                sig = hit[0]
                self._add(
                    signature=REPORTED,
                    category=sig.category,
                    layer=sig.layer,
                    action=sig.action,
                    severity=sig.severity,
                    role=Role.CONTEXT,
                    text=text,
                    rank=of_rank,  # the failed rank, where a traceback's header names it
                    line=lineno,
                    detail=sig.name,
                )
            return
        user = innermost_is_user(frames) if frames else None
        hit = self.sigs.match(text)
        if hit is not None:
            sig, _ = hit
            if self._foreign_oom(sig, text, rank, lineno):
                return
            layer = sig.layer
            if sig.category in _REFINED and user is not None and sig.refine_layer:
                layer = Layer.SCRIPT if user else Layer.FRAMEWORK
            role, severity = self._role(text, sig)
            self._add(
                signature=sig.name,
                category=sig.category,
                layer=layer,
                action=sig.action,
                severity=severity,
                role=role,
                text=text,
                rank=rank,
                line=lineno,
                user_frame=user,
                peer=accused_peer(text) if sig.category is Category.NETWORK else None,
                detail=OWN_PACKAGE
                if sig.category is Category.DEPENDENCY and own_module(text, frames)
                else "",
            )
            return
        em = _EXC.match(text)
        etype = em.group("type") if em else text.split(":", 1)[0][:80]
        cls = self.sigs.exception(etype)
        category = cls.category if cls else Category.USER_CODE
        layer = cls.layer if cls else Layer.SCRIPT
        # An exception type no table names (often the application's own) may be transient:
        # restart once; the same exception at the same step again stops the run.
        action = cls.action if cls else Action.RESTART
        short = etype.rsplit(".", 1)[-1]
        refine = cls is None or cls.refine_layer
        if category in _REFINED and user is not None and short not in _FILE_ERRORS and refine:
            called = short in _CALLERS_ERRORS and frames is not None and through_user(frames)
            layer = Layer.SCRIPT if user or called else Layer.FRAMEWORK
        if category is Category.USER_CODE and frames and any(_INSTALLER in f for f in frames):
            # raised while pip installed the job's packages (a corrupt wheel in a cache, a
            # hash mismatch): the environment being built, not the user's code
            category, layer = Category.DEPENDENCY, Layer.FRAMEWORK
        meta = category is Category.UNKNOWN and action is Action.NONE
        role = cls.role if cls else Role.ROOT
        self._add(
            signature=f"exception:{short}",
            category=category,
            layer=layer,
            action=action,
            severity=1 if meta or role is Role.SYMPTOM else 3,
            role=Role.META if meta else role,
            peer=accused_peer(text) if category is Category.NETWORK else None,
            text=text,
            rank=rank,
            line=lineno,
            detail=OWN_PACKAGE
            if category is Category.DEPENDENCY and own_module(text, frames)
            else "",
            user_frame=user,
        )

    def _torchrun(self, body: str, lineno: int | None) -> bool:
        tr = self._tr
        assert tr is not None
        fm = _TR_FIELD.match(body)
        if fm:
            tr.fields[fm.group(1)] = fm.group(2).strip()
            tr.line = lineno or tr.line
            return True
        if _TR_ENTRY.match(body) or body.startswith(("---", "===")) or not body.strip():
            self._torchrun_entry()
            if body.startswith("===") or body.startswith("---"):
                self._tr = None
            return True
        self._torchrun_entry()
        self._tr = None
        return False

    def _torchrun_entry(self) -> None:
        tr = self._tr
        if tr is None or "rank" not in tr.fields:
            return
        f, tr.fields = tr.fields, {}
        host = f.get("host") or None
        if host and self.ctx.node:
            # the summary's host is this node's name, unless the bundle has a node of that
            # name (a console holding every node's output: the entry is that node's)
            self.aliases.setdefault(host, self.ctx.node)
        stamp = f.get("time") or f.get("timestamp")
        if stamp:
            self._ts, self._ts_exact, self._ts_done = parse_ts(stamp), True, True
        rm = re.match(r"(\d+)", f["rank"])
        rank = int(rm.group(1)) if rm else None
        pm = re.search(r"\(pid: (\d+)\)", f.get("exitcode", ""))
        if pm is not None and rank is not None:
            # the worker's process on its host: an Xid naming that pid names this rank
            self.pid_ranks.setdefault((host or self.ctx.node or "", int(pm[1])), rank)
        em = re.match(r"(-?\d+)", f.get("exitcode", ""))
        code = int(em.group(1)) if em else 0
        tb = f.get("traceback", "")
        text = f"rank {rank} exitcode {code}: {tb}"
        hit = self.sigs.match(tb) if code < 0 else None
        first = tr.root
        if not tr.root and code in (-9, -15):
            # torchrun's own clean-up: it terminates the survivors after the root cause.
            self._add(
                signature="killed_by_launcher",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                action=Action.RESTART,
                severity=1,
                role=Role.SYMPTOM,
                text=text,
                rank=rank,
                line=tr.line,
            )
        elif hit is not None:
            sig, _ = hit
            self._add(
                signature=sig.name,
                category=sig.category,
                layer=sig.layer,
                action=sig.action,
                severity=sig.severity,
                role=sig.role,
                text=text,
                rank=rank,
                line=tr.line,
                first=first,
            )
        elif code != 0:
            self._add(
                signature="exit_code",
                category=Category.UNKNOWN,
                layer=Layer.FRAMEWORK,
                action=Action.RESTART,
                severity=1,
                role=Role.ROOT,
                text=text,
                rank=rank,
                line=tr.line,
                first=first,
                detail=str(code),
            )
        if host:
            self.summary_hosts[self._order] = host

    @property
    def restarted(self) -> bool:
        """Whether the log shows its launcher restarting the workers (or Slurm requeueing
        the job) after a failure: what failed before was answered by a restart."""
        return self._restarts > 0

    def _tasks_are_nodes(self) -> bool:
        """Whether an srun task speaks for several global ranks (torchrun under one task per
        node): its label is then the node's index, not a rank."""
        return any(len(rs) > 1 for rs in self._task_ranks.values())

    def task_layout(self) -> tuple[int, dict[int, set[int]]]:
        """How many srun tasks the file's lines come from, and the global ranks each task's
        lines name, where tasks are nodes; (0, {}) otherwise."""
        if not self._tasks_are_nodes():
            return 0, {}
        return len(self._tasks_seen), dict(self._task_ranks)

    def close(self) -> None:
        """Flushes open blocks (a file that ends inside a traceback or summary)."""
        if self._tr is not None:
            self._torchrun_entry()
            self._tr = None
        for tb in self._tb.values():
            if tb.held is not None:  # the file ended on the line after the frames
                self._exception(*tb.held, tb.frames, tb.of_rank, tb.funcs)
        self._tb.clear()
        if self._agents and self._srun_ranked:
            # srun started torchrun's agents, one task per node: "task 4" is no rank
            self.findings = [
                f.with_(rank=None) if f.order in self._srun_ranked else f for f in self.findings
            ]
        if self._tasks_are_nodes():
            # a task label is no rank; a line's own "[Rank N]" is, where it has one
            def own(f: Finding) -> int | None:
                named = _NCCL_RANK.search(f.text)
                return int(named[1]) if named else None

            self.findings = [
                f.with_(rank=own(f)) if self._task_of.get(f.order) == f.rank else f
                for f in self.findings
            ]
            for key in self._task_pids:
                self.pid_ranks.pop(key, None)
        if self.task_nodes:  # a console of many nodes: each task's lines are its node's
            self.findings = [
                f.with_(node=self.task_nodes[tkey])
                if (t := self._task_of.get(f.order)) is not None
                and (tkey := (self._epoch_of.get(f.order, 0), t)) in self.task_nodes
                else f
                for f in self.findings
            ]
        self._console_hosts()
        self._launched_ranks()
        self._gpu_buses()
        if self._restarts:  # lines before the first restart were attempt 0
            self.findings = [
                f if f.attempt is not None else f.with_(attempt=0) for f in self.findings
            ]

    def _launched(self, body: str) -> None:
        """DeepSpeed's launcher on each node (``deepspeed.launcher.launch``): the global ranks
        of every host's processes (``global_rank_mapping=...``), and the process it started
        for each local rank (``process 232907 spawned with command: [..., '--local_rank=3',
        ...]``): a kernel line's ``pid=`` is then that rank's."""
        host = self._host or self.ctx.node
        if (sp := _SPAWNED.search(body)) is not None and host is not None:
            self._spawned[(host, int(sp["pid"]))] = int(sp["local"])
        elif (gm := _RANK_MAP.search(body)) is not None:
            try:
                mapping = ast.literal_eval(gm[1])
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                return
            if isinstance(mapping, dict):
                self._rank_map.update(
                    (str(h), [int(r) for r in rs])
                    for h, rs in mapping.items()
                    if isinstance(rs, list) and all(isinstance(r, int) for r in rs)
                )

    def _launched_ranks(self) -> None:
        """Each process DeepSpeed's launcher started, with its global rank where the launcher
        mapped its host's ranks."""
        for (host, pid), local in self._spawned.items():
            ranks = self._rank_map.get(host) or self._rank_map.get(_short(host))
            if ranks is not None and local < len(ranks):
                self.pid_ranks.setdefault((host, pid), ranks[local])

    def _gpu_buses(self) -> None:
        """Each GPU NCCL said a process of this node drives (``nvmlDev 5 busId ab000``), with
        the process's rank in the widest communicator it joined (the world): the PCI bus a
        kernel error names is then that rank's GPU, no assumption about local ranks needed.
        In a console of several hosts (the job's, ``srun -l``) each host's lines are that
        host's GPUs."""
        node, hosts = self.ctx.node, {h for h, _ in self._buses}
        placed: set[tuple[str | None, int, str, int | None]] = set()
        for (host, pid), (index, bus) in self._buses.items():
            own = node is not None and (len(hosts) == 1 or _short(host) == _short(node))
            at = self.ctx if own else replace(self.ctx, node=host)
            rank = self.comm_ranks.get((host, pid), self.pid_ranks.get((host, pid)))
            if (at.node, index, bus, rank) not in placed:  # each communicator repeats it
                placed.add((at.node, index, bus, rank))
                self.findings.append(gpu_bus(at, index, bus).with_(rank=rank))

    def _console_hosts(self) -> None:
        """A console of several hosts (``srun -l``, ``mpirun``): NCCL's ``host:pid:tid``
        prefix says which host wrote each line, and which host each address belongs to.

        One host in the file is the usual rank log: the file's node owns it all, whatever
        its hostname (a directory may be named by address).
        """
        hosts = set(self._task_hosts.values()) | set(self._host_of.values())
        if len(hosts) < 2:
            return
        told = {t for _, t in self.task_nodes}
        self.findings = [
            f.with_(node=h)
            if (h := self._host_of.get(f.order)) is not None
            and f.node == self.ctx.node
            and self._task_of.get(f.order) not in told
            else f
            for f in self.findings
        ]
        for host in hosts:
            self.aliases[host] = host
        self.aliases.update(self._ip_hosts)
        for task, host in sorted(self._task_hosts.items()):
            # where each rank ran, for rules that name a rank (a straggler detector's)
            self._order += 1
            self.findings.append(
                Finding(
                    signature="rank_host",
                    category=Category.UNKNOWN,
                    layer=Layer.FRAMEWORK,
                    action=Action.NONE,
                    severity=0,
                    role=Role.META,
                    text=f"rank {task} ran on {host}",
                    source=self.ctx.source,
                    node=host,
                    rank=task,
                    attempt=self.ctx.attempt,
                    order=self._order,
                )
            )

    def _add(self, **kw: Any) -> None:
        c = self.ctx
        self._order += 1
        k = (str(kw["signature"]), kw.get("rank"))
        n = self._per_key.get(k, 0)
        if n >= MAX_PER_KEY or len(self.findings) >= MAX_PER_SOURCE:
            self.dropped += 1
            if len(self._spent) >= MEMO_LINES:
                self._spent.clear()
            self._spent.add((self._body, kw.get("rank")))
            return
        self._per_key[k] = n + 1
        self.steps_at[self._order] = self.step_lines
        if self._srun_line:
            self._srun_ranked.add(self._order)
        if self._task is not None:
            self._task_of[self._order] = self._task
            self._epoch_of[self._order] = self._restarts
        if self._nccl_host is not None:
            self._host_of[self._order] = self._nccl_host
        text = str(kw.get("text", ""))
        sm = _STEP.search(text)
        kw.setdefault("step", int(sm.group(1)) if sm else None)
        kw.setdefault("first", c.first)
        ts = c.ts if c.ts is not None else self._now()
        kw.setdefault("ts_exact", c.ts is not None or self._ts_exact)
        if self._lead is not None and c.ts is None:
            kw.setdefault("stamp", self._lead)
        named = kw.pop("node", None)
        if named is None and self._host is None and (says := _SAYS_HOST.search(text)):
            named = says[1] if says[1].lower() != "localhost" else None
        self.findings.append(
            Finding(
                source=c.source,
                node=named or self._host or c.node,
                attempt=self._restarts if self._restarts else c.attempt,
                event_id=c.event_id,
                ts=ts,
                order=self._order,
                **kw,
            )
        )


def _short(host: str) -> str:
    return host.split(".", 1)[0]


def _echoes_peer(text: str, rank: int, of_rank: int | None) -> bool:
    """Whether an exception ``rank`` printed is other ranks' failure it was handed: a
    traceback labelled with another rank, or a gathered error whose failed ranks exclude it."""
    if of_rank is not None:
        return of_rank != rank
    m = _FAILED_RANKS.search(text) if "ranks:" in text else None
    return m is not None and rank not in {int(x) for x in re.findall(r"\d+", m["r"])}


def parse_lines(sigs: SignatureSet, ctx: Context, text: str) -> list[Finding]:
    """Runs the line parser over a whole text (a log tail, a traceback)."""
    p = LineParser(sigs, ctx)
    for n, line in enumerate(text.splitlines(), start=1):
        p.feed(line, n if ctx.event_id is None else None)
    p.close()
    return p.findings
