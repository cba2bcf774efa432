"""Automatic progress on real processes: steps, collective time, saves, NaNs, explicit wins."""

from __future__ import annotations

import statistics
import textwrap
from pathlib import Path

import pytest
from auto_helpers import DDP_SCRIPT, run, torchrun

from kintsugi.runtime import messages as m
from kintsugi.straggle import StragglerDetector

torch = pytest.importorskip("torch")

SINGLE = """
import sys, time, torch
torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
opt = torch.optim.{opt}(model.parameters(), lr=0.01)
explicit = "explicit" in sys.argv
for i in range(1, 13):
    opt.zero_grad()
    loss = model(torch.randn(4, 8)).pow(2).mean()
    if i == 9 and "nanloss" in sys.argv:
        loss = loss * float("nan")
    loss.backward()
    opt.step()
    time.sleep(0.005)  # steps closer than 2 ms are coalesced into one heartbeat
    if i == 6 and "nanparam" in sys.argv:
        with torch.no_grad():
            model.weight[0, 0] = float("inf")
    if explicit and i >= 4:
        import kintsugi
        kintsugi.step(100 + i, loss=loss)
torch.save(model.state_dict(), "final.pt")
"""


SLOW_RANK_1 = ["--slow-rank", "1", "--slow-factor", "4", "--slow-from-step", "10"]


def single(tmp_path: Path, opt: str = "SGD") -> Path:
    p = tmp_path / "single.py"
    p.write_text(textwrap.dedent(SINGLE.replace("{opt}", opt)), encoding="utf-8")
    return p


def test_optimizer_steps_become_auto_steps_and_saves_sections(tmp_path: Path) -> None:
    r = run(["-m", "kintsugi.runtime.bootstrap", str(single(tmp_path))], tmp_path)
    assert r.returncode == 0, r.stderr
    steps = r.steps(0)
    assert steps and all(s.auto and s.loss is not None for s in steps)
    assert [s.step for s in steps] == sorted({s.step for s in steps}) and steps[-1].step == 12
    sections = [(x.name, x.enter) for x in r.of(m.Section) if isinstance(x, m.Section)]
    assert sections == [("checkpoint", True), ("checkpoint", False)]
    (exit_,) = r.of(m.Exit)
    assert isinstance(exit_, m.Exit) and exit_.last_step == 12


def test_adam_numbers_steps_by_its_own_state(tmp_path: Path) -> None:
    r = run(["-m", "kintsugi.runtime.bootstrap", str(single(tmp_path, "Adam"))], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.steps(0)[-1].step == 12


def test_an_explicit_step_wins(tmp_path: Path) -> None:
    r = run(["-m", "kintsugi.runtime.bootstrap", str(single(tmp_path)), "explicit"], tmp_path)
    assert r.returncode == 0, r.stderr
    steps = r.steps(0)
    auto = [s.step for s in steps if s.auto]
    # Auto steps stop at the first explicit call (iteration 4 stepped its optimizer first).
    assert auto == [1, 2, 3, 4]
    assert [s.step for s in steps if not s.auto][-1] == 112


def test_auto_progress_can_be_turned_off(tmp_path: Path) -> None:
    r = run(
        ["-m", "kintsugi.runtime.bootstrap", str(single(tmp_path))],
        tmp_path,
        KINTSUGI_AUTO_PROGRESS="off",
    )
    assert r.returncode == 0 and r.steps(0) == [] and r.of(m.Section) == []


def test_a_nan_loss_is_reported_in_its_step(tmp_path: Path) -> None:
    r = run(["-m", "kintsugi.runtime.bootstrap", str(single(tmp_path)), "nanloss"], tmp_path)
    assert r.returncode == 0, r.stderr
    nan = [x for x in r.of(m.NonFinite) if isinstance(x, m.NonFinite)]
    assert (nan[0].step, nan[0].where, nan[0].value) == (9, "loss", "nan")


def test_sampled_parameter_check_finds_an_inf(tmp_path: Path) -> None:
    r = run(
        ["-m", "kintsugi.runtime.bootstrap", str(single(tmp_path)), "nanparam"],
        tmp_path,
        KINTSUGI_FINITE_CHECK_EVERY="2",
    )
    assert r.returncode == 0, r.stderr
    nan = [x for x in r.of(m.NonFinite) if isinstance(x, m.NonFinite) and x.where == "param"]
    # Set to inf after step 6; the next step turns it NaN; the check at step 8 sees it.
    assert nan and nan[0].step == 8


@pytest.mark.slow
def test_ddp_slow_rank_is_named_and_parameters_stay_bitwise_equal(tmp_path: Path) -> None:
    args = [
        str(DDP_SCRIPT),
        "3",
        "1",
        "--dataset-size",
        "1536",
        "--batch-size",
        "16",
        "--step-sleep",
        "0.002",
    ]
    hooked = run(
        torchrun(
            3,
            [*args, "--snapshot-path", "a.pt", "--final", "a_final.pt", *SLOW_RANK_1],
        ),
        tmp_path,
    )
    assert hooked.returncode == 0, hooked.stderr[-3000:]
    plain = run(
        torchrun(3, [*args, "--snapshot-path", "b.pt", "--final", "b_final.pt"], bootstrap=False),
        tmp_path,
        agent=False,
    )
    assert plain.returncode == 0, plain.stderr[-3000:]
    # DDP's all-reduce now runs through kintsugi's timed hook: the same arithmetic, bit for bit.
    a = torch.load(tmp_path / "a_final.pt", weights_only=True)
    b = torch.load(tmp_path / "b_final.pt", weights_only=True)
    assert all(torch.equal(a[k], b[k]) for k in a)

    per_rank = {r: hooked.steps(r) for r in range(3)}
    assert all(
        len(s) >= 60 and all(x.auto and x.comm_s is not None for x in s) for s in per_rank.values()
    )
    wait = {
        r: statistics.median(x.comm_s or 0.0 for x in s if x.step > 20) for r, s in per_rank.items()
    }
    assert wait[1] < wait[0] / 3 and wait[1] < wait[2] / 3  # the others wait for rank 1
    det = StragglerDetector()
    found = []
    for msg in hooked.messages:
        if isinstance(msg, m.Step):
            found += det.observe(msg.rank, f"node{msg.rank}", msg.step, msg.dt, msg.comm_s)
    assert found and {f.rank for f in found} == {1}
    assert any(f.persistent and f.step - 10 <= 60 for f in found)  # named within 60 steps
    assert {(x.rank, x.name) for x in hooked.of(m.Section) if isinstance(x, m.Section)} == {
        (0, "checkpoint")
    }


def test_a_warm_standby_with_torch_preloaded_gets_the_hooks(tmp_path: Path) -> None:
    # What the standby does: torch is imported first, then the script runs via run_script.
    driver = tmp_path / "standby_like.py"
    driver.write_text(
        "import sys, torch\n"
        "from kintsugi.runtime.bootstrap import run_script\n"
        "run_script(sys.argv[1], [])\n",
        encoding="utf-8",
    )
    r = run([str(driver), str(single(tmp_path))], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.steps(0) and all(s.auto for s in r.steps(0))


def test_dcp_saves_are_checkpoint_sections(tmp_path: Path) -> None:
    script = tmp_path / "dcp.py"
    script.write_text(
        textwrap.dedent(
            """
            import torch
            import torch.distributed.checkpoint as dcp
            state = {"w": torch.ones(4)}
            dcp.save(state, checkpoint_id="ckpt", no_dist=True)
            print("saved")
            """
        ),
        encoding="utf-8",
    )
    r = run(["-m", "kintsugi.runtime.bootstrap", str(script)], tmp_path)
    assert r.returncode == 0 and "saved" in r.stdout, r.stderr[-2000:]
    sections = [(x.name, x.enter) for x in r.of(m.Section) if isinstance(x, m.Section)]
    assert sections == [("checkpoint", True), ("checkpoint", False)]


def test_two_optimizers_count_one_step_per_iteration(tmp_path: Path) -> None:
    script = tmp_path / "gan.py"
    script.write_text(
        textwrap.dedent(
            """
            import time, torch
            g, d = torch.nn.Linear(2, 2), torch.nn.Linear(2, 1)
            opt_d = torch.optim.SGD(d.parameters(), lr=0.01)
            opt_g = torch.optim.SGD(g.parameters(), lr=0.01)
            for i in range(6):
                for opt, loss in ((opt_d, d(torch.ones(1, 2)).sum()), (opt_g, g(torch.ones(1, 2)).sum())):
                    opt.zero_grad(); loss.backward(); opt.step()
                time.sleep(0.005)
            old = opt_d  # kept alive, no longer used: the new optimizer takes over
            opt_new = torch.optim.SGD(d.parameters(), lr=0.01)
            for i in range(6):
                opt_new.zero_grad(); d(torch.ones(1, 2)).sum().backward(); opt_new.step()
                time.sleep(0.005)
            """
        ),
        encoding="utf-8",
    )
    r = run(["-m", "kintsugi.runtime.bootstrap", str(script)], tmp_path)
    assert r.returncode == 0, r.stderr
    steps = [s.step for s in r.steps(0)]
    # 6 iterations, then the new optimizer counts from its 2nd step (opt_g stepped last before
    # it: 3 steps in a row without the primary make it primary).
    assert steps[:6] == [1, 2, 3, 4, 5, 6] and steps[-1] == 11


def test_collectives_sync_and_async_are_timed_without_leaks(tmp_path: Path) -> None:
    script = tmp_path / "coll.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import time, torch, torch.distributed as dist
            from kintsugi.runtime import commtime
            dist.init_process_group("gloo", init_method="file://{tmp_path}/store", rank=0, world_size=1)
            w = torch.nn.Parameter(torch.ones(2))
            opt = torch.optim.SGD([w], lr=0.1)
            for i in range(5):
                w.sum().backward()
                dist.all_reduce(w.grad)
                work = dist.all_reduce(torch.ones(3), async_op=True)
                work.wait()
                dist.barrier()
                opt.step()
                time.sleep(0.005)
            time.sleep(0.1)
            print("inflight", commtime.CLOCK._inflight)
            dist.destroy_process_group()
            """
        ),
        encoding="utf-8",
    )
    r = run(["-m", "kintsugi.runtime.bootstrap", str(script)], tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "inflight 0" in r.stdout
    steps = r.steps(0)
    assert steps and all(s.comm_s is not None and 0 < s.comm_s <= (s.dt or 0) for s in steps)


def test_nccl_completion_times_replace_wall_clock() -> None:
    # No GPU here: the completion hook's WorkInfo is stood in for by an object with the same
    # field, which is all the hook reads.
    from datetime import timedelta
    from types import SimpleNamespace

    from kintsugi.runtime import commtime

    clock = commtime.CLOCK
    clock.take()
    commtime._on_nccl_done(SimpleNamespace(active_duration=timedelta(milliseconds=7)))
    assert clock.take() == pytest.approx(0.007)
    calls = []
    timed = commtime._timed(lambda *a, **k: calls.append(a))
    clock.gpu_timed = True
    try:
        timed(1)
        assert calls == [(1,)] and clock._inflight == 0 and clock.take() == 0.0
    finally:
        clock.gpu_timed = False
