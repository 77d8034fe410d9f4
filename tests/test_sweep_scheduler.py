"""The sweep scheduler: no barrier between waves, results consumed as they complete, and tables, counted games
and --ci-width stops that never depend on the completion order."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from polars.testing import assert_frame_equal

from hoplostat import sweep as sw
from hoplostat.executors import Inline


class Shuffled:
    """A test executor: tasks wait until `wait_any`, which completes a random number of them in a random order
    (seeded), as a cluster might."""

    name = "shuffled"

    def __init__(self, seed: int, slots: int = 7) -> None:
        self.rng = np.random.default_rng(seed)
        self.slots = slots
        self.order: list[tuple] = []

    def submit(self, fn, *args):
        return _Task(fn, args)

    def wait_any(self, pending: set):
        tasks = sorted(pending, key=lambda t: t.key)
        k = int(self.rng.integers(1, len(tasks) + 1))
        done = [tasks[i] for i in self.rng.permutation(len(tasks))[:k]]
        for t in done:
            t.run()
            self.order.append(t.key)
        return done

    def result(self, t):
        return t.value

    def close(self):
        return None


class _Task:
    def __init__(self, fn, args):
        self.fn, self.args, self.value = fn, args, None
        self.key = (args[1].key, args[2])

    def run(self):
        self.value = self.fn(*self.args)


def _config(**kw) -> sw.SweepConfig:
    base = dict(factions=("kunlun", "amazons", "lamosians"), arenas=("pozzuoli",), games=12, chunk=3, seed=4,
                max_rounds=30)
    return sw.SweepConfig(**{**base, **kw})


def _tables(out: Path):
    _, tables = sw.load_tables(out)
    return {k: v.sort([c for c in ("matchup", "game", "side", "unit") if c in v.columns]) for k, v in tables.items()}


def _run(tmp_path: Path, name: str, config: sw.SweepConfig, executor) -> tuple[dict, dict]:
    out = tmp_path / name
    sw.run(config, out, executor=executor)
    return _tables(out), json.loads((out / "manifest.json").read_text())


@pytest.mark.parametrize("ci_width", [None, 0.55])
def test_any_completion_order_gives_identical_tables_and_stops(tmp_path, ci_width):
    config = _config(ci_width=ci_width)
    ref, ref_manifest = _run(tmp_path, "inline", config, Inline())
    orders = set()
    for seed in range(3):
        ex = Shuffled(seed)
        got, manifest = _run(tmp_path, f"shuffled{seed}", config, ex)
        orders.add(tuple(ex.order))
        assert set(got) == set(ref)
        for name in ref:
            assert_frame_equal(got[name], ref[name])
        assert manifest["games_played"] == ref_manifest["games_played"]
        assert sorted(manifest["stopped_early"]) == sorted(ref_manifest["stopped_early"])
    assert len(orders) == 3  # the orders really differed
    if ci_width:
        assert ref_manifest["stopped_early"] and ref_manifest["games_played"] < 6 * 12


def test_completion_order_is_not_submission_order_and_no_wave_waits_for_another(tmp_path):
    """A later wave of one matchup may complete before an earlier wave of another: nothing waits for a
    whole wave."""
    ex = Shuffled(11, slots=12)
    _run(tmp_path, "s", _config(), ex)
    firsts = [g0 for _, g0 in ex.order]
    assert any(b < a for a, b in zip(firsts, firsts[1:])), "completions came in wave order"


def test_speculation_past_a_stop_is_kept_apart_and_not_counted(tmp_path):
    """With --ci-width, waves started before their matchup's stop was decided and finished after it go to
    unused/ and the manifest counts them; the tables equal the inline run's."""
    config = _config(ci_width=0.7, games=30)
    ref, _ = _run(tmp_path, "inline", config, Inline())
    ex = Shuffled(3, slots=30)
    got, manifest = _run(tmp_path, "wide", config, ex)
    for name in ref:
        assert_frame_equal(got[name], ref[name])
    unused = list((tmp_path / "wide" / sw.UNUSED / "games").glob("*.parquet"))
    assert manifest.get("unused_chunks", 0) == len(unused) > 0


def test_the_look_ahead_bounds_speculation(tmp_path):
    """No matchup has more than AHEAD waves started beyond its next undecided one."""
    config = _config(ci_width=0.2, games=30)  # never narrow enough: every wave is played

    class Watch(Shuffled):
        def __init__(self):
            super().__init__(5, slots=40)
            self.started: dict[str, list[int]] = {}

        def submit(self, fn, *args):
            self.started.setdefault(args[1].key, []).append(args[2])
            return super().submit(fn, *args)

    ex = Watch()
    _run(tmp_path, "w", config, ex)
    assert all(sorted(v) == list(range(0, 30, 3)) for v in ex.started.values())


def test_a_joblib_backend_other_than_dask_gives_the_inline_tables(tmp_path):
    """`JoblibUnordered` (the executor of a joblib backend such as Ray; here joblib's threads): each call to
    `wait_any` runs the pending chunks as one joblib call, results as they complete; the tables, counted games
    and --ci-width stops equal the inline run's, and the manifest names the executor."""
    from joblib import parallel_config

    from hoplostat.executors import JoblibUnordered

    config = _config(ci_width=0.55)
    ref, ref_manifest = _run(tmp_path, "inline", config, Inline())
    with parallel_config(backend="threading"):
        got, manifest = _run(tmp_path, "joblib", config, JoblibUnordered(2))
    assert set(got) == set(ref)
    for name in ref:
        assert_frame_equal(got[name], ref[name])
    assert manifest["games_played"] == ref_manifest["games_played"]
    assert sorted(manifest["stopped_early"]) == sorted(ref_manifest["stopped_early"])
    assert manifest["scheduler"]["executor"] == "joblib"


def test_joblib_unordered_keeps_each_result_with_its_task():
    """Tasks queued by `submit` wait for `wait_any`; every handle gets its own task's value, and a task
    submitted after a call waits for the next one."""
    from hoplostat.executors import JoblibUnordered

    ex = JoblibUnordered(1)
    first = {ex.submit(pow, b, 2): b * b for b in range(5)}
    assert len(first) == 5
    done = ex.wait_any(set(first))
    assert sorted(done) == sorted(first)
    later = ex.submit(pow, 7, 2)
    assert later not in first
    assert {h: ex.result(h) for h in done} == first
    assert list(ex.wait_any({later})) == [later] and ex.result(later) == 49


def test_workers_leave_ctrl_c_to_the_process_that_started_them():
    """The pool's worker initializer ignores SIGINT: Ctrl-C stops the sweep in its parent (which keeps what
    finished), not with a traceback per worker."""
    import signal

    from hoplostat.executors import ignore_sigint

    before = signal.getsignal(signal.SIGINT)
    try:
        ignore_sigint()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_each_backend_gets_its_executor():
    """No backend and one job: inline; no backend and more jobs: loky's pool; any joblib backend but dask
    (Ray): `JoblibUnordered` with the sweep's jobs."""
    from hoplostat.executors import Futures, JoblibUnordered, for_backend

    assert isinstance(for_backend(None, 1), Inline)
    pool = for_backend(None, 2)
    assert isinstance(pool, Futures) and pool.name == "loky"
    ray = for_backend("ray", 3)
    assert isinstance(ray, JoblibUnordered) and ray.jobs == 3


def test_inline_runs_a_task_when_submitted_and_raises_its_error_on_result():
    """`Inline` runs each task at `submit`; `result` gives its value, or raises the task's exception again
    as a pool would."""
    ran = []
    ex = Inline()
    ok = ex.submit(lambda a, b: ran.append((a, b)) or a - b, 5, 2)
    bad = ex.submit(lambda: 1 // 0)
    assert ran == [(5, 2)]
    assert sorted(map(id, ex.wait_any({ok, bad}))) == sorted([id(ok), id(bad)])
    assert ex.result(ok) == 3
    with pytest.raises(ZeroDivisionError):
        ex.result(bad)


def test_the_loky_pool_runs_tasks_in_workers_that_ignore_ctrl_c():
    """`Futures` (more than one job, no backend): tasks run in loky's worker processes, which ignore SIGINT
    (the parent stops the sweep); this process's own SIGINT handler is left as it was; a few tasks per
    worker are kept in flight; results come back by handle."""
    import os
    import signal

    from hoplostat.executors import Futures

    before = signal.getsignal(signal.SIGINT)
    ex = Futures(2)
    assert signal.getsignal(signal.SIGINT) is before
    assert ex.slots > 2
    here = ex.submit(os.getpid)
    tasks = {ex.submit(pow, b, 3): b ** 3 for b in range(4)}
    ignored = ex.submit(signal.getsignal, signal.SIGINT)
    left = set(tasks) | {here, ignored}
    while left:
        done = ex.wait_any(left)
        assert done and set(done) <= left
        left -= set(done)
    assert {h: ex.result(h) for h in tasks} == tasks
    assert ex.result(here) != os.getpid() and ex.result(ignored) == signal.SIG_IGN


def test_the_loky_pool_can_be_started_outside_the_main_thread():
    """Only the main thread may set signal handlers: a pool started from another thread leaves them alone."""
    import threading

    from hoplostat.executors import Futures

    got = []
    t = threading.Thread(target=lambda: got.append(Futures(2).slots))
    t.start()
    t.join()
    assert len(got) == 1


def test_parallel_map_with_more_jobs_runs_in_worker_processes():
    """`parallel_map` with jobs > 1 hands its chunks to joblib's workers (other processes), not this one."""
    import os

    pids = sw.parallel_map(os.getpid, [()] * 6, jobs=2, chunk=2)
    assert len(pids) == 6 and os.getpid() not in pids
