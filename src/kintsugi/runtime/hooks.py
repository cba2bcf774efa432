"""Automatic progress for scripts that never call ``kintsugi.step()``.

Installed by the bootstrap once the script has imported torch, at points every PyTorch job
passes: a global optimizer step post hook counts steps (the primary optimizer's: the first
one that steps) and sends them with the time spent in collectives (see commtime.py) and the
loss (the scalar ``backward()`` was last called on); every ``check_every`` steps a sample of
the parameters is checked for NaN/Inf; ``torch.save`` and DCP saves run inside a
``checkpoint`` section. An explicit ``kintsugi.step()`` anywhere in the process wins: from
then on the hook sends no steps of its own.
"""

from __future__ import annotations

import functools
import io
import math
import os
import weakref
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import torch
from torch.optim.optimizer import Optimizer, register_optimizer_step_post_hook

from kintsugi.runtime import commtime, core

ENV_CHECK_EVERY = "KINTSUGI_FINITE_CHECK_EVERY"
DEFAULT_CHECK_EVERY = 50
"""Optimizer steps between sampled NaN/Inf checks of the parameters (0: never)."""
SWITCH_AFTER = 3
"""Consecutive steps of another optimizer, without the primary stepping, that make it primary."""
CHECK_ELEMENTS = 1 << 18
"""Parameter elements examined per check, in rotation (whole tensors, at least one)."""


@dataclass(slots=True)
class _Progress:
    primary: weakref.ref[Optimizer] | None = None
    count: int = 0
    step_param: torch.Tensor | None = None
    """A parameter whose optimizer state holds ``step`` (Adam and friends), if any."""
    state_checked: bool = False
    loss: torch.Tensor | None = None
    check_every: int = DEFAULT_CHECK_EVERY
    cursor: int = 0
    others: int = 0
    """Consecutive steps of other optimizers since the primary one last stepped."""


_P = _Progress()
_installed = False


def _read_check_every() -> int:
    text = os.environ.get(ENV_CHECK_EVERY, "")
    try:
        value = int(text) if text.strip() else DEFAULT_CHECK_EVERY
    except ValueError:
        value = -1
    if value < 0:
        core.log.warning(
            "kintsugi: %s=%r is not an integer >= 0; using %d",
            ENV_CHECK_EVERY,
            text,
            DEFAULT_CHECK_EVERY,
        )
        return DEFAULT_CHECK_EVERY
    return value


def _on_optimizer_step(opt: Optimizer, args: Any, kwargs: Any) -> None:
    p = _P
    primary = p.primary() if p.primary is not None else None
    if primary is not None and primary is not opt:
        # A second optimizer (GANs, multi-optimizer setups) does not count: one step per
        # iteration. One that keeps stepping alone has replaced the first (kept alive but idle).
        p.others += 1
        if p.others < SWITCH_AFTER:
            return
        primary = None
    if primary is None:
        p.primary = weakref.ref(opt)
        p.state_checked = False
    p.others = 0
    p.count += 1
    it = _iteration(opt, p)
    check = p.check_every > 0 and p.count % p.check_every == 0
    loss = _take_loss(p, read_device=check)
    st = core._state  # same package: the script's own numbering, when it has one
    if st is not None and st.explicit:
        it = st.last_step if st.last_step is not None else it
    else:
        core.auto_step(it, loss)
    if check:
        _check_params(opt, it)


def _iteration(opt: Optimizer, p: _Progress) -> int:
    """The optimizer's own step count where its state keeps one on the CPU, else ours.

    The optimizer's count survives a restore from a checkpoint, so the same iteration has the
    same number in every attempt (what NaN classification across attempts needs).
    """
    if not p.state_checked:
        p.state_checked = True
        p.step_param = next(
            (
                prm
                for g in opt.param_groups
                for prm in g["params"]
                if isinstance(opt.state.get(prm, {}).get("step"), torch.Tensor | int | float)
            ),
            None,
        )
    if p.step_param is not None:
        v = opt.state.get(p.step_param, {}).get("step")
        if isinstance(v, int | float):
            return int(v)
        if isinstance(v, torch.Tensor) and v.device.type == "cpu":
            return int(v.item())
    return p.count


def _take_loss(p: _Progress, read_device: bool) -> float | str | None:
    t, p.loss = p.loss, None
    if t is None or (t.device.type != "cpu" and not read_device):
        return None  # reading a GPU scalar every step would synchronize the stream
    try:
        value = float(t.detach().item())
    except (RuntimeError, ValueError):
        return None
    return value if math.isfinite(value) else str(value)


def _check_params(opt: Optimizer, it: int) -> None:
    params = [prm for g in opt.param_groups for prm in g["params"]]
    if not params:
        return
    budget = CHECK_ELEMENTS
    n = len(params)
    start = _P.cursor % n
    i = 0
    with torch.no_grad():
        while i < n and (i == 0 or budget > 0):
            prm = params[(start + i) % n]
            i += 1
            budget -= prm.numel()
            if not bool(torch.isfinite(prm).all()):
                bad = "nan" if bool(torch.isnan(prm).any()) else "inf"
                core.nonfinite(it, "param", bad)
                break
    _P.cursor = start + i


def _capture_backward(orig: Any) -> Any:
    @functools.wraps(orig)
    def backward(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if self.numel() == 1:
            _P.loss = self
        return orig(self, *args, **kwargs)

    return backward


def _in_checkpoint_section(orig: Any, name: str = "checkpoint") -> Any:
    @functools.wraps(orig)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        dest = args[1] if len(args) > 1 else kwargs.get("f")
        # In-memory buffers are copies, not checkpoints; nested calls are in a section already.
        if isinstance(dest, io.BytesIO) or core.in_section():
            return orig(*args, **kwargs)
        with core.section(name):
            return orig(*args, **kwargs)

    wrapper.__kintsugi_wrapped__ = True  # type: ignore[attr-defined]
    return wrapper


def install_dcp(dcp: ModuleType) -> None:
    """Runs DCP's ``save``/``async_save`` (its blocking part) inside a checkpoint section."""
    for name in ("save", "async_save", "save_state_dict"):
        fn = getattr(dcp, name, None)
        if fn is not None and not getattr(fn, "__kintsugi_wrapped__", False):
            setattr(dcp, name, _in_checkpoint_section(fn))


def install() -> None:
    """Installs every hook (idempotent); needs an initialized ``kintsugi.runtime.core``."""
    global _installed
    if _installed:
        return
    _installed = True
    _P.check_every = _read_check_every()
    register_optimizer_step_post_hook(_on_optimizer_step)
    tensor: Any = torch.Tensor
    tensor.backward = _capture_backward(tensor.backward)
    wrapped_save = _in_checkpoint_section(torch.save)
    torch.save = wrapped_save
    torch.serialization.save = wrapped_save
    commtime.install()
    core.comm_source = commtime.CLOCK.take
