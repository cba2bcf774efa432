"""The snapshot format, bad state, and the interval policy: pure functions, no processes."""

from __future__ import annotations

import math

import pytest
import torch
from ckhelpers import snapshot

from kintsugi.checkpoint import IncompatibleCheckpoint, UnsupportedState, blob
from kintsugi.checkpoint import interval as policy
from kintsugi.plan.model import PlanConfig, exact_optimal_interval


def _roundtrip(state: object) -> object:
    parsed = blob.parse(snapshot(state))
    assert (parsed.step, parsed.rank, parsed.world_size) == (7, 0, 1)
    return parsed.state


def test_nested_state_roundtrips_bitwise() -> None:
    m = torch.nn.Linear(8, 4)
    opt = torch.optim.Adam(m.parameters())
    m(torch.randn(2, 8)).sum().backward()
    opt.step()
    state = {
        "model": m.state_dict(),
        "opt": opt.state_dict(),
        "misc": [1, 2.5, None, True, "s", (3, "t"), {"nan": math.inf}],
        "dtypes": {
            "bf16": torch.randn(3, 5).to(torch.bfloat16),
            "bool": torch.tensor([True, False]),
            "int64": torch.arange(6).view(2, 3),
            "scalar": torch.tensor(3.5),
            "empty": torch.empty(0, 4),
            "strided": torch.randn(4, 6)[:, ::2],
        },
        "rng": torch.get_rng_state(),
    }
    got = _roundtrip(state)
    assert isinstance(got, dict)
    for k, v in state["dtypes"].items():  # type: ignore[attr-defined]
        assert got["dtypes"][k].dtype == v.dtype and torch.equal(got["dtypes"][k], v), k
    assert got["misc"] == state["misc"]
    assert got["opt"]["param_groups"] == state["opt"]["param_groups"]  # type: ignore[index]
    assert set(got["opt"]["state"]) == {0, 1}  # int keys survive
    assert torch.equal(got["opt"]["state"][0]["exp_avg"], opt.state_dict()["state"][0]["exp_avg"])
    assert torch.equal(got["rng"], state["rng"])


def test_unsupported_objects_are_named() -> None:
    with pytest.raises(UnsupportedState, match=r"state\.model\.obj is a object"):
        blob.flatten({"model": {"obj": object()}})
    with pytest.raises(UnsupportedState, match=r"sparse|to_dense"):
        blob.flatten({"s": torch.eye(3).to_sparse()})
    with pytest.raises(UnsupportedState, match="key of type"):
        blob.flatten({(1, 2): torch.zeros(1)})


def test_load_into_refuses_another_model_without_touching_it() -> None:
    saved = _roundtrip({"w": torch.ones(3, 3), "b": torch.ones(3)})
    live = {"w": torch.zeros(3, 3), "b": torch.zeros(4)}
    with pytest.raises(IncompatibleCheckpoint, match=r"state\.b .*another model"):
        blob.load_into(live, saved, dry_run=True)
    assert live["w"].sum() == 0  # the dry run found the mismatch before any copy
    live = {"w": torch.zeros(3, 3)}
    with pytest.raises(IncompatibleCheckpoint, match="keys"):
        blob.load_into(live, saved, dry_run=True)
    live = {"w": torch.zeros(3, 3), "b": torch.zeros(3)}
    blob.load_into(live, saved)
    assert live["w"].sum() == 9 and live["b"].sum() == 3


def test_truncated_snapshot_is_rejected() -> None:
    layout = blob.flatten({"w": torch.ones(1000)})
    header = layout.header(1, 0, 1)
    buf = bytearray(layout.size(len(header)))
    blob.copy_tensors(layout, buf, blob.write_header(memoryview(buf), header))
    with pytest.raises(ValueError, match="truncated"):
        blob.parse(buf[: len(buf) // 2])
    with pytest.raises(ValueError, match="magic"):
        blob.parse(b"x" * 100)


def test_auto_interval_is_the_planners_exact_optimum() -> None:
    m = policy.Measured(blocking_s=0.05, step_s=0.1, world_size=8, prior_mtbf_s=3600.0)
    c = policy.choose(m)
    cfg = PlanConfig(gpus=8, gpus_per_node=8, job_mtbf_s=3600.0, checkpoint_s=0.05)
    tau = exact_optimal_interval(cfg)
    assert c.interval_steps == round(tau / 0.1)
    assert abs(c.interval_s - tau) <= 0.1
    assert "exact optimum" in c.reason and "configured" in c.reason
    # Young's √(2CM) = 19 s is the first-order answer; the exact one is close for small C/M.
    assert abs(tau - math.sqrt(2 * 0.05 * 3600)) / tau < 0.05


def test_background_slowdown_counts_as_save_cost() -> None:
    split = policy.choose(
        policy.Measured(blocking_s=0.05, background_s=0.45, step_s=0.1, world_size=2)
    )
    whole = policy.choose(policy.Measured(blocking_s=0.5, step_s=0.1, world_size=2))
    assert split.interval_steps == whole.interval_steps
    assert "slows steps by 450.0 ms in the background" in split.reason


def test_auto_interval_shrinks_as_failures_are_observed() -> None:
    calm = policy.choose(policy.Measured(blocking_s=0.02, step_s=0.05, world_size=2))
    assert "default 50,000 h" in calm.mtbf_source
    stormy = policy.choose(
        policy.Measured(
            blocking_s=0.02,
            step_s=0.05,
            world_size=2,
            failures=3,
            elapsed_s=600.0,
            prior_mtbf_s=3600.0,
        )
    )
    assert stormy.mtbf_s == pytest.approx((3600 + 600) / 4)
    assert stormy.interval_steps < calm.interval_steps
    assert "3 failures" in stormy.reason
    assert policy.should_retune(100, stormy) != (abs(stormy.interval_steps - 100) <= 25)


def test_the_fingerprint_follows_structure_not_values() -> None:
    def fp(state: object) -> str:
        return blob.flatten(state).fingerprint

    base = {"a": torch.zeros(3), "b": [1, (2, "x")], "c": {"d": torch.ones(2, 2)}}
    same = {"a": torch.ones(3), "b": [7, (9, "y")], "c": {"d": torch.zeros(2, 2)}}
    assert fp(base) == fp(same)
    for other in (
        {**base, "a": torch.zeros(4)},  # a shape
        {**base, "a": torch.zeros(3, dtype=torch.float64)},  # a dtype
        {**base, "b": [1, [2, "x"]]},  # a tuple became a list
        {"A": base["a"], "b": base["b"], "c": base["c"]},  # a key
        {**base, "c": {"d": torch.ones(2, 2), "e": 1}},  # nesting
    ):
        assert fp(other) != fp(base), other
