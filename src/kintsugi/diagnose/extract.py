"""Facts read from single log lines besides failures: who has which address, iteration times.

NCCL announces each node's address (``Bootstrap : Using ib0:10.8.3.77<0>``, ``NET/IB : Using
[0]mlx5_0:1/IB ; OOB ib0:10.8.3.77<0>``) and prefixes its lines with the hostname
(``gpu-b017:4242:4242 [3] NCCL INFO``); a peer's error names an address
(``Got completion from peer 10.8.3.77<45123>``, ``Connection reset by peer [10.8.3.77]:29500``).
Training loops print their iteration time in a few well-known shapes.
"""

from __future__ import annotations

import re
import statistics

_IP = r"\d{1,3}(?:\.\d{1,3}){3}"
_ANNOUNCE = re.compile(rf"[\w.-]+:(?P<ip>{_IP})<\d+>")
# NCCL 2.19+ puts the source location before the level ("[1] transport/net_ib.cc:1295 NCCL WARN").
_NCCL_HOST = re.compile(
    r"^(?P<host>[A-Za-z][\w.-]*):(?P<pid>\d+):\d+ \[\d+\] (?:[\w./-]+\.\w+:\d+ )?NCCL "
)
# The process a kernel line names: an Xid's "pid=", a soft lockup's "[python:44102]" and
# "PID: 44102 Comm:", a hung task's "task python:44102 blocked", the OOM killer's victim.
_KERNEL_PID = re.compile(
    r"\bpid=(?P<pid>\d+)|\bPID: (?P<pid2>\d+) Comm:|stuck for \d+s! \[[^\]\s]+:(?P<pid3>\d+)\]|"
    r"\btask [^\s:]+:(?P<pid4>\d+) blocked|Killed process (?P<pid5>\d+)"
)
_PEER = re.compile(
    rf"(?i)(?:from|by|to|with) (?:remote )?peer\s*\[?(?P<ip>{_IP})|"
    rf"remote (?:host|address|gid|peer)[=: ]+\[?(?P<ip2>{_IP})|"
    rf"peer (?:address|addr|host)[=: ]+\[?(?P<ip3>{_IP})|"
    # aws-ofi-nccl's failed request: "... direction: RECV }, remote 10.0.93.197"
    rf"\}}, remote (?P<ip5>{_IP})\b|"
    # ... and newer: "Request: { dev: 0, size: 2097152, type: SEND, peer: 10.1.9.140 }"
    rf"\bpeer: (?P<ip6>{_IP}) \}}|"
    rf"(?i:recv|send|connect) (?:from|to) \[?(?P<ip4>{_IP})<|"
    # gloo's pair: "pair.cc:799] connect [10.8.0.11]:38177: Connection timed out"
    rf"pair\.cc:\d+\] (?:connect|Read error|Write error) \[(?P<ip7>{_IP})\]|"
    # NCCL's socket errors name the peer's hostname: "closed by remote peer gpu-c017<43210>"
    r"(?i:by|from) remote peer (?P<host>[A-Za-z][\w.-]*?)(?:<\d+>|:\d+|\s|$)"
)
_LOOPBACK = ("127.", "0.0.0.0")

ANNOUNCE_KEYWORDS = ("bootstrap : using", "net/ib : using", "net/socket : using", " oob ")
"""Lower-case literals of the address announcements, for the text prefilter."""

MISSING_KEYWORDS = (
    "failed to pass monitoredbarrier",
    "not join",
    "n't join",
    "never joined",
    "missing ranks:",
    "missing ranks are",
    "missing ranks {",
    "missing ranks [",
    "no missing ranks",
    "heartbeat",
)
"""Lower-case literals of lines in which waiting ranks name the one that never arrived."""
_MISSING = re.compile(
    r"(?i)\branks? (?P<ranks>\d+(?:\s*,\s*\d+)*) (?:failed to pass monitoredBarrier|did not join|"
    r"didn't join|has not joined|have not joined|never joined|is not joining)"
    # the flight recorder's analysis (fr_trace): "missing ranks: [16, 17, 18]"
    # as a list or a set ("Missing ranks: {14}", "Missing ranks are {3, 5}")
    r"|\bmissing ranks(?::| are)?\s*[\[{](?P<list>[\d,\s]+)[\]}]"
    # a fault-tolerance rank monitor (nvidia-resiliency-ext) that lost a rank's heartbeat
    r"|\brank (?P<beat>\d+):? (?:did not get (?:subsequent |initial )?heartbeat|missed (?:its )?"
    r"heartbeat|heartbeat (?:timed out|timeout))"
)

SLURM_KEYWORDS = ("srun: error:", "slurmstepd")
"""Lower-case literals of Slurm's lines that say which node ran a task."""
# srun's own report ("srun: error: nid001236: tasks 4,6-7: Terminated") and slurmstepd's
# message in a task's output ("5: slurmstepd: error: *** STEP 1.0 ON nid001236 CANCELLED").
_SRUN_TASKS = re.compile(r"^srun: error: (?P<node>[A-Za-z][\w.-]*): tasks? (?P<tasks>[\d,\s-]+):")
_STEPD_NODE = re.compile(
    r"slurmstepd[\w.-]*: error: \*\*\* (?:STEP|JOB) \S+ ON (?P<node>[A-Za-z][\w.-]*) "
)
MAX_TASKS = 1 << 16


def srun_tasks(line: str) -> tuple[str, list[int]] | None:
    """The node and the tasks srun reports for it (``srun: error: NODE: tasks 0-3,5: ...``)."""
    m = _SRUN_TASKS.match(line)
    if m is None:
        return None
    tasks: list[int] = []
    for part in m["tasks"].replace(" ", "").split(","):
        lo, _, hi = part.partition("-")
        if lo.isdigit() and (not hi or hi.isdigit()):
            tasks += range(int(lo), min(int(hi or lo), int(lo) + MAX_TASKS) + 1)
    return m["node"], tasks


def stepd_node(line: str) -> str | None:
    """The node whose slurmstepd wrote a line into a task's output (``*** STEP ... ON NODE``)."""
    m = _STEPD_NODE.search(line)
    return m["node"] if m else None


STEP_TIME_KEYWORDS = (
    "elapsed time per iteration",
    "train_step_timing",
    "step_time",
    "step time",
    "step duration",
    "step_duration",
    "iteration time",
    "s/it",
    "s/step",
    "s/iter",
    "sec/step",
    "sec/it",
    "it/s]",
    "it/s,",
    "it/s ",
    " took ",
    "tps:",
    "samples/s",
    "samples per second",
    "per_second=",
    "batches_per_sec",
    "ups=",
    "currsamplespersec=",
    "batch (t)",
)
"""Lower-case literals of iteration-time lines, for the text prefilter. Not "tokens/s": many
loops print it on every log line of every rank, and scanning all of those costs the engine
most of its speed (measured: 8x slower on bench_diagnose's bundle); a tokens/s figure on a line
that is read for another reason still counts."""

_STEP_TIMES: tuple[tuple[tuple[str, ...], re.Pattern[str], float], ...] = (
    # (literals one of which the lower-cased line must hold, pattern, scale); the literals spare
    # the regex searches on the lines that hold none of them (most lines of a chatty log)
    # Megatron-LM: "elapsed time per iteration (ms): 812.3"
    (
        ("elapsed time per iteration",),
        re.compile(r"elapsed time per iteration \(ms\):\s*(?P<v>\d+(?:\.\d+)?)"),
        1e-3,
    ),
    # NeMo / Lightning: "train_step_timing in s=0.81" or "train_step_timing: 0.81"
    (
        ("train_step_timing",),
        re.compile(r"train_step_timing(?: in s)?\s*[=:]\s*(?P<v>\d+(?:\.\d+)?)"),
        1.0,
    ),
    # generic: "step_time=0.81s", "step time: 812 ms", "iteration time 0.8 s",
    # "Train Step Duration (s): 5.60"
    (
        (
            "step_time",
            "step time",
            "iteration time",
            "iteration_time",
            "iter_time",
            "iter time",
            "step duration",
            "step_duration",
        ),
        re.compile(
            r"(?i)(?:step|iteration|iter)[_ ](?:time|duration)(?:\s*\((?P<u1>ms|s)\))?\s*[=:]?\s*"
            r"(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)?\b"
        ),
        1.0,
    ),
    # open_clip: "Data (t): 2.523 Batch (t): 3.001" (seconds per batch)
    (("batch (t)",), re.compile(r"\bBatch \(t\):\s*(?P<v>\d+(?:\.\d+)?)"), 1.0),
    # tqdm (HF Trainer, Lightning progress bars): "1.52s/it"
    # and loggers that space it: "| 2.449 s/it |"
    (("s/it",), re.compile(r"(?P<v>\d+(?:\.\d+)?) ?s/it\b"), 1.0),
    # loggers that say it per step: "2.68s/step", "812 ms/step", "1.9 sec/iter"
    (
        ("s/step", "s/iter", "sec/step", "sec/iter"),
        re.compile(r"(?P<v>\d+(?:\.\d+)?) ?(?P<u>ms|s|sec)/(?:step|iter)\b"),
        1.0,
    ),
    # tqdm: "3.41it/s"
    (("it/s",), re.compile(r"(?P<v>\d+(?:\.\d+)?) ?it/s\b"), -1.0),
    # loggers that put the unit first: "| sec/it 0.709 |", "s/step: 2.68", "it/s 1.41"
    (
        ("s/it", "sec/it", "s/step"),
        re.compile(
            r"\b(?:s|sec)/(?:it|iter|step)\b\s*[=:]?\s*(?P<v>\d+(?:\.\d+)?)(?!\s*(?:ms|s)?/)"
        ),
        1.0,
    ),
    (("it/s",), re.compile(r"(?<![\d.])\bit/s\b\s*[=:]?\s*(?P<v>\d+(?:\.\d+)?)"), -1.0),
    # "Iteration took 31.395 s.", "step 120 took 812 ms", "batch took 1.9 seconds"
    (
        ("took",),
        re.compile(
            r"(?i)\b(?:iteration|iter|step|batch|train step)\b[^,;|\n]{0,24}?\btook\s+"
            r"(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s|sec|secs|seconds)\b"
        ),
        1.0,
    ),
    # DeepSpeed's timer: "RunningAvgSamplesPerSec=412.86, CurrSamplesPerSec=255.01" (this
    # interval's throughput; the running average lags a slowdown)
    (
        ("currsamplespersec=",),
        re.compile(r"\bCurrSamplesPerSec=(?P<v>\d+(?:\.\d+)?)"),
        -1000.0,
    ),
    # fairseq's train_inner: "wps=30546.0, ups=0.93, wpb=32768.0" (updates per second)
    (("ups=",), re.compile(r"\bups=(?P<v>\d+(?:\.\d+)?)"), -1.0),
    # Composer's console logger: "Train throughput/batches_per_sec: 0.5228"
    (("batches_per_sec",), re.compile(r"batches_per_sec:\s*(?P<v>\d+(?:\.\d+)?)"), -1.0),
    # torchtitan: "tps: 5,123" (tokens per second: time is its inverse, in arbitrary units)
    (("tps:",), re.compile(r"\btps:\s*(?P<v>\d[\d,]*(?:\.\d+)?)"), -1000.0),
    # throughput loggers: "samples/s 262.0", "tokens/s: 51234", "samples per second: 12.5",
    # OLMo's "throughput/device/tokens_per_second=21944"
    (
        ("samples/s", "tokens/s", "seqs/s", "seq/s", "per second", "per_second="),
        re.compile(
            r"(?i)\b(?:samples|tokens|seqs?)(?:/s| per second|_per_second)\s*[=:|]?\s*"
            r"(?P<v>\d[\d,]*(?:\.\d+)?)"
        ),
        -1000.0,
    ),
)


DETECTOR_KEYWORDS = ("mxrtt/rnk", "score=", "slowest", "relative perf", "by_rank",
                     "per_rank", "(rank ", "with lowest")  # fmt: skip
"""Lower-case literals of straggler detector reports (Megatron-LM, NeMo), for the prefilter."""
# Megatron-LM's StragglerDetector, every log interval on rank 0: the fastest and slowest
# rank's round-trip time of a step ("| MnRtt/Rnk: 3453.08ms/8 | MxRtt/Rnk: 3468.20ms/0 |").
_DETECTOR = re.compile(
    r"MnRtt/Rnk: (?P<lo>\d+(?:\.\d+)?)ms/\d+ \| MxRtt/Rnk: (?P<hi>\d+(?:\.\d+)?)ms/(?P<rank>\d+)"
)
# ... and, with GPU telemetry on, the lowest and highest SM clock of the interval and whose
# ("| MnClk/Rnk: 1095MHz/4 | MxClk/Rnk: 1980MHz/0 |"): a GPU held at a low clock computes
# slower by as much
_CLOCKS = re.compile(
    r"MnClk/Rnk: (?P<lo>\d+(?:\.\d+)?)MHz/(?P<rank>\d+) \| MxClk/Rnk: (?P<hi>\d+(?:\.\d+)?)MHz/"
)


def lowest_clock(line: str) -> tuple[int, float] | None:
    """The rank whose GPU clocked lowest in a Megatron-LM straggler report, and how much
    lower than the highest (highest over lowest)."""
    m = _CLOCKS.search(line)
    if m is None or float(m["lo"]) <= 0:
        return None
    return int(m["rank"]), float(m["hi"]) / float(m["lo"])


# NeMo's StragglerDetectionCallback (nvidia-resiliency-ext): each report lists the worst and
# best ranks by performance relative to the best ("Rank=17  Node=h100-b-07 Score=0.70").
_SCORED = re.compile(r"\bRank=(?P<rank>\d+)\s+Node=(?P<node>[\w.-]+)\s+Score=(?P<score>\d*\.?\d+)")
# ... and as a threshold report: "GPU relative performance below threshold 0.70: rank 21
# (gx-03, local 5) = 0.62"
_BELOW = re.compile(
    r"(?i)relative performance below threshold[^:]*:\s*rank (?P<rank>\d+)"
    r"(?: \((?P<node>[A-Za-z][\w.-]*)[,)][^)]*\)?)?\s*=\s*(?P<score>\d*\.?\d+)"
)
# A detector that scores whole nodes against the median ("slowest node nid002893 (score 0.75
# vs median)"): the node, no rank.
_SCORED_NODE = re.compile(
    r"(?i)\bslowest node[:=]?\s+(?P<node>[A-Za-z][\w.-]*)\W[^\n]*?"
    r"\bscore[=:]?\s*(?P<score>\d*\.?\d+)"
)

DATA_WAIT_KEYWORDS = (
    "data:",
    "data_",
    "data wait",
    "data loading",
    "dataloader_time",
    "batch-generator",
    "data (t)",
)
"""Lower-case literals of per-step data-loading timers, for the text prefilter."""
# How long a step waited for its batch: torchvision/DeiT's MetricLogger ("time: 0.627  data:
# 0.012"), mmengine and detectron2 ("data_time: 0.0123"), and the generic "data_wait_ms=19",
# "data_wait_avg_s=8.06", "step_time 8.87s | data_wait 7.69s",
# "data_load_time=0.8s", "data loading time: 12 ms" of hand-written loops; Megatron-LM's
# "batch-generator" timer (the time to fetch a step's batch).
_DATA_WAIT = re.compile(
    r"(?i)(?<![\w/.-])(?:data(?:[ _]?(?:wait|load(?:ing)?|fetch)|loader)?|batch-generator)"
    r"(?:[ _]time)?(?:_(?:avg|mean|median|p50))?"
    # (open_clip's "Data (t): 2.523": t for time, in seconds)
    r"(?P<u1>_ms|_s|\s?\((?:ms|s|t)\))?(?:\(p\d+\))?"
    # "data_wait=0.8", "data: 0.012", or a bare space before a value with its unit ("data_time
    # 0.05s", as step lines put their timers side by side; not after a bare "data")
    r"(?:\s*[=:]\s*|(?<!\bdata)\s+(?=\d+(?:\.\d+)?\s?(?:ms|s)\b))(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)?"
    # then a value's own unit ("data_wait 3643ms compute 399ms"), a column gap, a separator, the
    # end, or the next "key=value" ("Batch (t): 3.0"): not prose ("data: 3 shards")
    r"(?:(?<=s)(?!\w)|(?=\s{2}|\s*(?:[|,;)\]]|$)|\s+[\w.()-]+(?: \(\w+\))?[=:]))"
)


COMPUTE_KEYWORDS = (
    "fwd",
    "bwd",
    "forward-backward",
    "forward_",
    "backward_",
    "forward backward",
    "compute_",
    "compute:",
    "compute=",
    "compute ",
)
"""Lower-case literals of per-rank compute timers, for the prefilter."""
# A rank's own compute time per step, as training loops and profilers log it: "fwd_bwd_s=1.85",
# "forward-backward: 812 ms", "compute_time=0.91". In a synchronous job every rank's step time is
# the same (the fast ones wait in the collective), so the slow rank shows only here.
_TIMER = (
    # "fwd_bwd_ms=812", "forward: 0.8 s"; with the unit in the key, a space will do ("fwd_ms 812")
    # ("fwd_bwd 1296ms": a space will do where the value carries its unit)
    r"(?P<u1>_ms|_s|\s?\((?:ms|s)\))?[\"']?(?:\s*[=:]\s*|(?:(?<=_ms)|(?<=_s))\s+"
    r"|\s+(?=\d+(?:\.\d+)?\s?m?s\b))"
    r"(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)?"
    r"(?:(?<=s)(?!\w)"  # a value with its unit ends the field ("1296ms", "281.4 ms")
    r"|(?=\s{2}|\s*(?:[|,;)\]}]|$)|\s+[\w.()-]+(?:[=:]|_m?s\s+\d)))"
)
_COMPUTE = re.compile(
    r"(?i)(?<![\w/.-])(?P<k>fwd[_-]?bwd|forward[_ -]backward|compute|fwd|forward"
    # DeepSpeed's wall_clock_breakdown: backward_inner is the compute, backward_allreduce
    # the wait (its "backward" holds both)
    r"|b(?:ackward|wd)[_-]inner|bwd|backward)"
    # (and its per-micro-step timers: "fwd_microstep: 396.99 | bwd_inner_microstep: 1208.48";
    # a timer's statistic over the interval: "fwd_bwd_p50=1.192s")
    r"(?:_microstep)?(?:[ _]time)?(?:_(?:p50|median|avg|mean))?" + _TIMER
)
_COMM_WAIT = re.compile(
    r"(?i)(?<![\w/.-])(?:comm(?:unication)?[_ ]wait|exposed[_ ]comm(?:unication)?|wait[_ ]comm"
    r"|wait[_ ]in[_ ](?:all[_-]?reduce|all[_-]?gather|reduce[_-]?scatter|collectives?|barrier)"
    r"|all[_-]?reduce[_ ]wait"
    # Megatron-LM's gradient all-reduce timers (by version and optimizer): the fast ranks'
    # time there is their wait
    r"|grads-all-reduce|all-grads-sync|grads-reduce-scatter|b(?:ackward|wd)[_-]allreduce)"
    r"(?:_microstep)?(?:[ _]time)?(?:_(?:p50|median|avg|mean))?" + _TIMER
)


# Megatron-LM's timers name their unit once for the line: "times (ms): | forward-backward: 30.47
# | batch-generator: 1.90 | ..."
_LINE_MS = re.compile(r"\btimes? \(ms\)\s*[:|]")


def _in_seconds(value: float, unit: str) -> float:
    """A time given in ``unit`` (``s`` or ``ms``, either case) in seconds."""
    return value * 1e-3 if unit.lower() == "ms" else value


def _seconds(m: re.Match[str], line: str = "") -> float:
    v = float(m["v"])
    ms = m["u"] == "ms" or (m["u1"] is not None and "ms" in m["u1"])
    ms = ms or (not m["u"] and not m["u1"] and _LINE_MS.search(line) is not None)
    return v * 1e-3 if ms else v


def compute_time(line: str) -> float | None:
    """Seconds a rank computed in one step (forward and backward), if ``line`` reports it: a
    combined timer ("fwd_bwd_s=1.85", "forward-backward: 812 ms", "compute_time=0.91"), else
    the forward and backward timers added ("fwd_ms": 353, "bwd_ms": 707)."""
    parts: dict[str, float] = {}
    for m in _COMPUTE.finditer(line):
        k = m["k"].lower().replace("-", "_").replace(" ", "_")
        key = "both" if k in ("fwd_bwd", "fwdbwd", "forward_backward", "compute") else k[:3]
        if k.endswith("_inner"):
            parts["bwd"] = _seconds(m, line)  # over the backward that includes the wait
            continue
        parts.setdefault({"for": "fwd", "bac": "bwd"}.get(key, key), _seconds(m, line))
    if "both" in parts:
        return parts["both"]
    if "fwd" in parts or "bwd" in parts:
        return parts.get("fwd", 0.0) + parts.get("bwd", 0.0)
    return None


METRIC_KEYWORDS = ("loss", "grad norm", "grad_norm", "gradnorm", "gradient norm")
"""Lower-case literals of a training loop's loss and gradient-norm reports (``train_metrics``)."""
_NUMBER = r"(?P<v>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?![\w.])"
# "lm loss: 2.330000E+00", "'loss': 2.33", "loss=2.33", "loss 2.0840", "train/loss: 2.3"; not
# "val_loss", "loss scale: 65536" (no number after the key) or "lm loss value:" (validation)
_LOSS = re.compile(r"(?i)(?<![\w-])(?:train[/_])?loss[\"']?(?:\s*[:=]\s*|\s+)" + _NUMBER)
# "grad norm: 0.338", "'grad_norm': 1.2", "gradient norm 0.9", "global_grad_norm=0.4"
_GRAD_NORM = re.compile(
    r"(?i)(?<![\w-])(?:global_|total_)?grad(?:ient)?[ _]?norm[\"']?(?:\s*[:=]\s*|\s+)" + _NUMBER
)


def train_metrics(line: str) -> tuple[float | None, float | None]:
    """The training loss and gradient norm ``line`` reports, where finite numbers (a NaN is
    a failure's business, not a value of the series)."""
    loss = _LOSS.search(line)
    if loss is not None and _HELD_OUT.search(line, max(0, loss.start() - 12), loss.start()):
        loss = None  # a validation or test loss, measured on other data
    norm = _GRAD_NORM.search(line)
    return (float(loss["v"]) if loss else None, float(norm["v"]) if norm else None)


_HELD_OUT = re.compile(r"(?i)(?:val|validation|eval|test|dev)[\s/_-]*(?:lm[\s_-]*)?$")


_BAR = re.compile(r"\| *\d+/\d+ \[(?:(?P<h>\d+):)?(?P<m>\d+):(?P<s>\d\d)<")
"""tqdm's ``| 11051/20000 [00:30<00:24, 363.69it/s]``: the elapsed time before the ``<``."""


def bar_elapsed(line: str) -> float | None:
    """Seconds a tqdm progress bar had been running at its latest draw in ``line`` (a line
    holds many draws, joined by carriage returns), or None."""
    best = None
    for m in _BAR.finditer(line):
        secs = int(m["h"] or 0) * 3600 + int(m["m"]) * 60 + int(m["s"])
        best = secs if best is None else max(best, secs)
    return float(best) if best is not None else None


_LISTED = re.compile(r"(?<![\w.])(\d{1,6}):\s*(\d+(?:\.\d+)?)(?![\d.:])")
_LISTING = re.compile(r"(?i)\b(?:by|per)[ -]rank\b")


def rank_listing(line: str) -> dict[int, float] | None:
    """One line that lists a compute timer for every rank ("fwd+bwd ms by rank: 0:527, 1:527,
    ..., 8:1207"): rank -> seconds, where the line names its unit (ms, else s), or None."""
    first = _LISTED.search(line)
    if first is None:
        return None
    head = line[: first.start()]
    if not _LISTING.search(head) or not _COMPUTE_KEY.search(head):
        return None
    pairs = {int(r): float(v) for r, v in _LISTED.findall(line, first.start())}
    if len(pairs) < 4:
        return None
    scale = 1e-3 if re.search(r"(?i)\bms\b", head) else 1.0
    return {r: v * scale for r, v in pairs.items()}


_COMPUTE_KEY = re.compile(r"(?i)fwd|bwd|forward|backward|compute")


def comm_wait(line: str) -> float | None:
    """Seconds a rank waited in collectives for the others in one step, if ``line`` says."""
    m = _COMM_WAIT.search(line)
    return _seconds(m, line) if m else None


def announced_ip(line: str) -> str | None:
    """The node's own address when ``line`` is an NCCL address announcement."""
    if "Using" not in line:
        return None
    low = line.lower()
    if not any(k in low for k in ANNOUNCE_KEYWORDS):
        return None
    m = _ANNOUNCE.search(line[line.index("Using") :])
    return m["ip"] if m and not m["ip"].startswith(_LOOPBACK) else None


def nccl_prefix(line: str) -> tuple[str, int] | None:
    """The hostname and process id of an NCCL line's ``host:pid:tid [dev] NCCL`` prefix."""
    m = _NCCL_HOST.match(line)
    return (m["host"], int(m["pid"])) if m else None


def kernel_pid(line: str) -> int | None:
    """The process a kernel line names (``NVRM: Xid (PCI:...): 74, pid=77954, name=python``)."""
    m = _KERNEL_PID.search(line)
    return int(next(p for p in m.groups() if p is not None)) if m else None


# A completion flushed from a queue pair already in error (IBV_WC_WR_FLUSH_ERR, status=5)
# names that queue pair's peer, not one that failed.
_FLUSHED = re.compile(r"with status=5\b")


def accused_peer(line: str) -> str | None:
    """The address a line blames (its peer), if it names one that is not loopback."""
    if _FLUSHED.search(line):
        return None
    m = _PEER.search(line)
    if not m:
        return None
    ip = m["ip"] or m["ip2"] or m["ip3"] or m["ip4"] or m["ip5"] or m["ip6"] or m["ip7"]
    if ip is None:
        return None if m["host"] == "localhost" else m["host"]
    return None if ip.startswith(_LOOPBACK) else ip


# The same analysis saying that nobody was missing ("no missing ranks", "missing ranks: set()")
_NONE_MISSING = re.compile(
    r"(?i)\bno missing ranks\b|\bmissing ranks(?::| are)\s*(?:set\(\)|\[\]|\{\}|none\b)"
)


def none_missing(line: str) -> bool:
    """True if a flight-recorder analysis line says that every rank joined the collective."""
    return _NONE_MISSING.search(line) is not None


def missing_ranks(line: str) -> list[int]:
    """Ranks that waiting ranks name as never having arrived (gloo's monitored_barrier)."""
    m = _MISSING.search(line)
    return [int(x) for x in re.findall(r"\d+", m["ranks"] or m["list"] or m["beat"])] if m else []


WORK_KEYWORDS = ("enqueued nccl work", "watchdog caught")
"""Lower-case literals of ProcessGroupNCCL's lines about how far a rank got in its queue."""
# ProcessGroupNCCL's watchdog: the work that timed out ("Watchdog caught collective operation
# timeout: WorkNCCL(SeqNum=40981, ...", "detected by watchdog at work: 40981", "Timeout at NCCL
# work: 40981") and the last work the rank enqueued ("last enqueued NCCL work: 40980"), also
# in the dump-signal line of a rank that did not time out itself. Keyed by process group:
# sequence numbers count per group ("[PG ID 2 PG GUID 5(DATA_PARALLEL_GROUP) Rank 3]",
# "[PG 2 Rank 3]"); the bracket's rank is the group's, global only in the default group.
_TIMED_WORK = re.compile(
    r"(?i)(?:watchdog caught collective operation timeout: WorkNCCL\(SeqNum=|"
    r"detected by watchdog at work: |Timeout at NCCL work: )(?P<seq>\d+)"
)
_ENQUEUED = re.compile(r"(?i)last enqueued NCCL work: (?P<seq>-?\d+)")
_PG_RANK = re.compile(
    r"\[(?:PG ID (?P<id>\d+) PG GUID [^\]\s]*(?:\([^)]*\))? |PG (?P<id2>\d+) )?Rank (?P<rank>\d+)\]"
)


def work_report(line: str, rank: int | None) -> tuple[str, int, int | None, int | None] | None:
    """(process group, global rank, work that timed out, last work enqueued) from one of
    ProcessGroupNCCL's watchdog lines; ``rank`` is the line's global rank where its prefix
    gave one, else the bracket's when that is the default group's. None if the line has
    neither number or no global rank."""
    timed = _TIMED_WORK.search(line)
    enq = _ENQUEUED.search(line)
    if timed is None and enq is None:
        return None
    pg_m = _PG_RANK.search(line)
    pg = (pg_m["id"] or pg_m["id2"] or "0") if pg_m else "0"
    if rank is None and pg_m is not None and pg == "0":
        rank = int(pg_m["rank"])
    if rank is None:
        return None
    return (
        pg,
        rank,
        int(timed["seq"]) if timed else None,
        int(enq["seq"]) if enq else None,
    )


def step_time(line: str) -> float | None:
    """Seconds per iteration (or an inverse-throughput stand-in) if ``line`` reports one."""
    low = line.lower()
    for literals, rx, scale in _STEP_TIMES:
        if not any(k in low for k in literals):
            continue
        m = rx.search(line)
        if not m:
            continue
        try:
            v = float(m["v"].replace(",", ""))
        except ValueError:
            continue
        if v <= 0:
            return None
        if scale < 0:
            return -scale / v
        gd = m.groupdict()
        if gd.get("u") == "ms" or gd.get("u1") == "ms":
            return v * 1e-3
        return v * scale
    return None


_GIB = {"B": 1 / 2**30, "KiB": 1 / 2**20, "MiB": 1 / 1024, "GiB": 1.0, "TiB": 1024.0}
_CAPACITY = re.compile(r"total capac(?:i)?ty of (?P<n>[\d.]+) (?P<u>[KMGT]i?B)")
_HOLDER = re.compile(r"(?<!this )[Pp]rocess (?P<pid>\d+) has (?P<n>[\d.]+) (?P<u>[KMGT]i?B) memory")
_MINE = re.compile(r"(?:this process has|allocated memory) (?P<n>[\d.]+) (?P<u>[KMGT]i?B)")
_TRIED = re.compile(r"Tried to allocate (?P<n>[\d.]+) (?P<u>[KMGT]i?B)")
_RESERVED = re.compile(r"(?P<n>[\d.]+) (?P<u>[KMGT]i?B) is reserved by PyTorch but unallocated")
OWN_OVERHEAD = 1.25
"""A process may hold this much more than PyTorch's own allocations (CUDA context, NCCL
buffers, non-PyTorch memory) and still be the rank itself."""
FOREIGN_SHARE = 0.2
"""Share of a GPU that another process must hold for an OOM to be that process's doing."""


def _gib(m: re.Match[str]) -> float:
    """GiB of a size match's number ``n`` in its unit ``u``."""
    return float(m["n"]) * _GIB.get(m["u"], 1.0)


def gpu_memory_holders(line: str) -> dict[int, float]:
    """The processes a CUDA OOM lists beside the rank: pid -> GiB held."""
    return {int(m["pid"]): _gib(m) for m in _HOLDER.finditer(line)}


def foreign_gpu_memory(line: str) -> float | None:
    """GiB that other processes hold on the GPU a CUDA OOM names, when they are the cause.

    PyTorch's OOM message lists the processes on the GPU (``Process 201877 has 71.32 GiB
    memory in use``). When one of them holds a large share and more than this rank itself
    holds, a leftover or foreign job fills the GPU: the node, not the configuration.
    """
    cap = _CAPACITY.search(line)
    if cap is None:
        return None
    total = _gib(cap)
    held = list(gpu_memory_holders(line).values())
    mine = [_gib(m) for m in _MINE.finditer(line)]
    if not held or total <= 0:
        return None
    if not mine:
        return None
    top = max(held)
    own = max(mine)
    tried = _TRIED.search(line)
    if tried is not None and _gib(tried) + own > total:
        return None  # the request would not fit beside this process on an empty card
    reserved = _RESERVED.search(line)
    if len(held) == 1 and reserved is not None and "this process has" not in line:
        # The only process listed holds what this rank's allocator accounts for (allocated
        # plus reserved, with the context's overhead): it is the rank itself, listed by pid.
        own_total = own + _gib(reserved)
        if top <= OWN_OVERHEAD * own_total:
            return None
    # another process holding a large share of the GPU: the rank could not fit beside it
    if top >= FOREIGN_SHARE * total:
        return top
    return None


# A timer gathered from every rank, one value per rank in rank order, as structured logs
# carry it ("fwd_s_by_rank": [0.04, 0.40, 0.07], "step_time_per_rank=[812, 790, 2410]").
_BY_RANK = re.compile(
    r"(?i)[\"']?\w*(?:fwd|bwd|forward|backward|compute|step|iter)\w*_(?:by|per)_rank[\"']?\s*[=:]\s*"
    r"\[(?P<v>\s*\d+(?:\.\d+)?(?:\s*,\s*\d+(?:\.\d+)?){2,})\s*\]"
)


# A timer's spread over the ranks, gathered on one: "fwd+bwd ms: min 402.7 (rank 13) median
# 405.9 max 604.8 (rank 21)": the slowest rank against the median of all
_SPREAD = re.compile(
    r"(?i)\bmedian[=: ]\s*(?P<med>\d+(?:\.\d+)?)\s*(?:ms|s)?[,;]?\s+max[=: ]\s*"
    r"(?P<max>\d+(?:\.\d+)?)\s*(?:ms|s)?\s*\(rank[= ]?(?P<rank>\d+)\)"
)


_WORK_TIMERS = ("fwd", "bwd", "forward", "backward", "compute", "step", "iter")


_RANK_SCORE = re.compile(
    r"(?i)\brank\s+(?P<rank>\d+)\s*\((?P<node>[A-Za-z][\w.-]*)[^)]*\)\s*[=:]?\s*(?P<score>\d*\.\d+)"
)


def detector_report(line: str) -> tuple[int, float, str | None] | None:
    """A rank a straggler-detector report names, its slowdown over the others (the fastest,
    the median or the best, as the report compares), and its node
    when the report says it (NeMo's does; Megatron-LM's names only the slowest rank). A
    per-rank timer array names its slowest rank against the median of all."""
    m = _DETECTOR.search(line)
    if m is not None and float(m["lo"]) > 0:
        return int(m["rank"]), float(m["hi"]) / float(m["lo"]), None
    if (arr := _BY_RANK.search(line)) is not None:
        vals = [float(x) for x in arr["v"].split(",")]
        median = sorted(vals)[len(vals) // 2]
        if median > 0:
            top = max(range(len(vals)), key=vals.__getitem__)
            return top, vals[top] / median, None
    if "relative perf" in line.lower():
        # a listing of each rank's score relative to the fastest ("GPU relative performance
        # (1.00 = fastest): rank 13 (lx-gpu-02) 0.88 | rank 17 (lx-gpu-03) 0.98"): the lowest
        scores = [(float(x["score"]), x) for x in _RANK_SCORE.finditer(line)]
        scores = [(v, x) for v, x in scores if 0 < v <= 1]
        if len(scores) >= 2:
            v, worst = min(scores, key=lambda vx: vx[0])
            return int(worst["rank"]), 1.0 / v, worst["node"]
    s = _SCORED.search(line) or _BELOW.search(line)
    # (a score of 1 or more is the best's: NeMo's report lists the best ranks too)
    if s is not None and 0 < float(s["score"]) < 1:
        return int(s["rank"]), 1.0 / float(s["score"]), s["node"]
    spread = _SPREAD.search(line) if "(rank" in line else None
    if spread is not None and float(spread["med"]) > 0:
        # of a rank's own work (not a wait: "allreduce wait ms ... max 205.1 (rank 0)")
        timer = line[max(0, spread.start() - 40) : spread.start()].lower()
        if any(k in timer for k in _WORK_TIMERS) and "wait" not in timer:
            return int(spread["rank"]), float(spread["max"]) / float(spread["med"]), None
    return None


# A report that lists the slowest ranks against the median of all ("median fwd+bwd=1.43s;
# slowest: r24=2.47s, r25=2.48s", "slowest ranks: rank 24 = 2470 ms, ...", "fwd+bwd p50 1.81s
# | slowest: r38=2.46s", "fwd_bwd median 543ms | slowest fwd_bwd: 3 (817ms), 7 (817ms)"): every
# rank listed. (A median on the next line, after the list, is matched by ``parsers``.)
_LISTED_MEDIAN = re.compile(
    r"(?i)\b(?:median|p50)\b[^=:\d|;,]{0,40}?(?:[=:]\s*|\s)(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)\b"
)
_LISTED_RANK = re.compile(
    r"(?i)\b(?:r|rank\s?)(?P<rank>\d+)\s*[=:]\s*(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)\b"
    r"|(?<![\w.])(?P<prank>\d+)\s?\(\s*(?P<pv>\d+(?:\.\d+)?)\s*(?P<pu>ms|s)\s*\)"
)


# ... or a range of them with the node they ran on ("slowest ranks 48-55 (gpu-ab03) 1741 ms")
_LISTED_RANGE = re.compile(
    r"(?i)\branks?\s+(?P<lo>\d+)\s?-\s?(?P<hi>\d+)\s*(?:\((?P<node>[A-Za-z][\w.-]*)\))?\s*"
    r"[=:]?\s*(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)\b"
)
MAX_RANGE = 4096
"""The most ranks one range of a report stands for."""


def slowest_listing(line: str) -> tuple[list[tuple[int, float, str | None]], float | None]:
    """The ranks a report lists after "slowest", each with its time in seconds and its node
    where the report says it, and the median (seconds) the line gives, where it gives one."""
    at = line.lower().find("slowest")
    if at < 0:
        return [], None
    end = line.find(" | ", at)  # the list ends with its column ("| next: r41=1.82s")
    end = end if end > 0 else len(line)
    ranks: list[tuple[int, float, str | None]] = []
    for g in _LISTED_RANGE.finditer(line, at, end):
        lo, hi = int(g["lo"]), min(int(g["hi"]), int(g["lo"]) + MAX_RANGE)
        secs = _in_seconds(float(g["v"]), g["u"])
        ranks += [(r, secs, g["node"]) for r in range(lo, hi + 1)]
    if not ranks:
        ranks = [
            (
                int(m["rank"] or m["prank"]),
                _in_seconds(float(m["v"] or m["pv"]), m["u"] or m["pu"]),
                None,
            )
            for m in _LISTED_RANK.finditer(line, at, end)
        ]
    med = _LISTED_MEDIAN.search(line)
    return ranks, (_in_seconds(float(med["v"]), med["u"]) if med else None)


def listed_median(line: str) -> float | None:
    """The median (seconds) a timing line gives ("compute-time median 1.160s")."""
    med = _LISTED_MEDIAN.search(line)
    return _in_seconds(float(med["v"]), med["u"]) if med else None


def listed_slow_ranks(line: str) -> list[tuple[int, float, str | None]]:
    """The ranks a report lists as the slowest, each with its time over the median's and its
    node where the report names it: against the median of all ranks that the report gives,
    or, where it lists ranks with their nodes under the step's min/median/max spread, the
    spread's max over its median for each of them."""
    low = line.lower()
    at = low.find("slowest")
    if at < 0:
        return []
    if (spread := _MIN_MEDIAN_MAX.search(line)) is not None and float(spread["med"]) > 0:
        ratio = float(spread["max"]) / float(spread["med"])
        start = at if spread.start() < at else spread.end()
        return [(int(m["rank"]), ratio, m["node"]) for m in _RANK_AT_NODE.finditer(line, start)]
    ranks, base = slowest_listing(line)
    if not base:
        return []
    return [(r, secs / base, node) for r, secs, node in ranks]


# A report that names the one slowest rank with its own time ("slowest rank 17 (1.64s
# compute)", "slowest rank 10 (975 ms)") ...
_SLOWEST_TIMED = re.compile(
    r"(?i)\bslowest rank[:=]?\s*(?P<rank>\d+)\s*\(\s*(?P<v>\d+(?:\.\d+)?)\s*(?P<u>ms|s)\b"
)
# ... beside the timer's median for every node or rank, where the line lists them ("per-node
# median fwd+bwd ms: node0=811 node1=962 node2=808")
_MEDIAN_LISTING = re.compile(
    r"(?i)\bmedian\b[^:=\n]{0,40}?\b(?P<u>ms|s)\s*[:=]\s*"
    r"(?P<body>(?:[A-Za-z][\w.-]*\s*=\s*\d+(?:\.\d+)?[,;]?\s*){2,})"
)
_LISTED_VALUE = re.compile(r"=\s*(?P<v>\d+(?:\.\d+)?)")


def slowest_timed(line: str) -> tuple[int, float, float | None] | None:
    """The rank a report names as the slowest, its time in seconds, and the median (seconds)
    of the timer the line lists for every node or rank, where it lists them. A report that
    names only the slowest is compared with its own series (``parsers``): the fastest of the
    slowest is the healthy spread."""
    m = _SLOWEST_TIMED.search(line)
    if m is None:
        return None
    secs = _in_seconds(float(m["v"]), m["u"])
    listing = _MEDIAN_LISTING.search(line)
    if listing is None:
        return int(m["rank"]), secs, None
    vals = [float(x["v"]) for x in _LISTED_VALUE.finditer(listing["body"])]
    med = _in_seconds(statistics.median(vals), listing["u"])
    return int(m["rank"]), secs, med


# A step's spread over the ranks: "compute ms min/median/max = 2041/2096/2543"
_MIN_MEDIAN_MAX = re.compile(
    r"(?i)\bmin\s*/\s*med(?:ian)?\s*/\s*max\b[^=:\d\n]{0,20}[=:]?\s*(?P<lo>\d+(?:\.\d+)?)\s*/\s*"
    r"(?P<med>\d+(?:\.\d+)?)\s*/\s*(?P<max>\d+(?:\.\d+)?)"
)
# ... and each rank the report lists with its node: "70(c2-n09)", "rank 70 (c2-n09)"
_RANK_AT_NODE = re.compile(
    r"(?i)(?<![\w.])(?:rank\s?|r)?(?P<rank>\d+)\s?\((?P<node>[A-Za-z][\w.-]*)\)"
)
# Megatron-LM's StragglerDetector: the best throughput of the interval ("MxEtpt/Rnk:
# 515.02TF/42") and the ranks of the lowest ("^^^^ Bottom 4 Ranks with lowest  Etpt(TF):
# 74:455.98, 75:458.41, ...").
_BEST_ETPT = re.compile(r"MxEtpt/Rnk:\s*(?P<v>\d+(?:\.\d+)?)\s*TF/\d+")
_LOWEST_ETPT = re.compile(r"(?i)\branks with lowest\s+etpt\b[^:]*:")
_RANK_VALUE = re.compile(r"(?<![\w.])(?P<rank>\d+):(?P<v>\d+(?:\.\d+)?)")


def best_etpt(line: str) -> float | None:
    """The best throughput of a Megatron-LM straggler report's interval, where ``line`` is
    its summary."""
    m = _BEST_ETPT.search(line)
    return float(m["v"]) if m is not None else None


def lowest_etpt_ranks(line: str, best: float | None) -> list[tuple[int, float]]:
    """The ranks a Megatron-LM report lists with the lowest throughput, each with the spread
    of the interval: its best throughput over the lowest listed (as a step's max over its
    median for a listing of the slowest ranks)."""
    m = _LOWEST_ETPT.search(line)
    if m is None or not best:
        return []
    listed = [(int(x["rank"]), float(x["v"])) for x in _RANK_VALUE.finditer(line, m.end())]
    low = min((v for _, v in listed), default=0.0)
    return [(r, best / low) for r, _ in listed] if low > 0 else []


def detector_node_report(line: str) -> tuple[str, float] | None:
    """A node a straggler detector scores as the slowest, and how much slower it is."""
    m = _SCORED_NODE.search(line)
    if m is not None and 0 < float(m["score"]) < 1:
        return m["node"], 1.0 / float(m["score"])
    return None


def data_wait(line: str) -> float | None:
    """Seconds a step waited for its data, if ``line`` reports a data-loading timer."""
    m = _DATA_WAIT.search(line)
    return _seconds(m, line) if m is not None else None
