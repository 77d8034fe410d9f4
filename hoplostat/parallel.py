"""Generic parallel work of a sweep: one seed sequence per task, an order-preserving parallel map over joblib
backends (loky, dask, ray), and the duel matrix built on it. Results never depend on ``jobs`` or the backend."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from hoplostat.errors import InputError

BACKENDS = ("loky", "dask", "ray")

# --- generic parallel map ---------------------------------------------------------------


def task_rngs(seed: int, n: int) -> list[np.random.SeedSequence]:
    """One child seed per task index."""
    return np.random.SeedSequence(seed).spawn(n)


def parallel_map(fn: Callable[..., Any], tasks: Sequence[tuple], *, jobs: int = 1, progress=None,
                 chunk: int = 64) -> list:
    """``[fn(*t) for t in tasks]`` in task order, over ``jobs`` workers in chunks.

    ``progress(done, total)`` is called as chunks finish (in order).
    """
    chunks = [tasks[i:i + chunk] for i in range(0, len(tasks), chunk)]
    out: list = []
    for res in _imap(_run_chunk, [(fn, c) for c in chunks], jobs=jobs):
        out.extend(res)
        if progress:
            progress(len(out), len(tasks))
    return out


def _run_chunk(fn, chunk):
    return [fn(*t) for t in chunk]


def _imap(fn, tasks: Sequence[tuple], *, jobs: int) -> Iterator:
    """Results of ``fn(*t)`` in task order: in-process for one job, else joblib's active backend."""
    if jobs == 1 and not _backend_active():
        for t in tasks:
            yield fn(*t)
        return
    from joblib import Parallel, delayed

    yield from Parallel(n_jobs=jobs, return_as="generator")(delayed(fn)(*t) for t in tasks)


_ACTIVE_BACKEND: list[str] = []


def _backend_active() -> bool:
    return bool(_ACTIVE_BACKEND)


@contextlib.contextmanager
def backend(name: str = "loky", *, jobs: int = 1, scheduler: str | None = None):
    """Run joblib work on ``loky`` (this machine), ``dask`` (a Dask cluster) or ``ray``.

    ``dask`` connects to ``scheduler`` (e.g. ``tcp://10.0.0.5:8786``) or starts a
    local cluster of ``jobs`` single-threaded worker processes on 127.0.0.1.
    ``ray`` needs ray installed (``ray.util.joblib``).
    """
    if name not in BACKENDS:
        raise InputError(f"--backend {name!r}: allowed: {', '.join(BACKENDS)}")
    if name == "loky":
        yield
        return
    from joblib import parallel_config

    if name == "dask":
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise InputError("--backend dask needs dask.distributed: pip install 'hoplostat[distributed]'") from None
        cluster = None
        if scheduler:
            try:
                client = Client(scheduler, timeout="10s")
            except OSError as exc:
                raise InputError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc})") from None
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=None)
            client = Client(cluster)
        try:
            with parallel_config(backend="dask"):
                _ACTIVE_BACKEND.append(name)
                try:
                    yield
                finally:
                    _ACTIVE_BACKEND.pop()
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
        return
    try:
        from ray.util.joblib import register_ray
    except ImportError:
        raise InputError("--backend ray needs ray installed (pip install 'ray[default]')") from None
    register_ray()
    with parallel_config(backend="ray"):
        _ACTIVE_BACKEND.append(name)
        try:
            yield
        finally:
            _ACTIVE_BACKEND.pop()


# --- duel matrix ------------------------------------------------------------------------


def _duel_task(a, b, first: str, trials: int, seed_seq: np.random.SeedSequence, exact: bool) -> dict:
    from hoplostat.combat import exact_duel, simulate_duel

    if exact:
        res = exact_duel(a, b, first=first)
    else:
        res = simulate_duel(a, b, trials, rng=np.random.default_rng(seed_seq), first=first)
    return {
        "p_a_wins": float(res.p_a_wins), "p_b_wins": float(res.p_b_wins), "p_draw": float(res.p_draw),
        "mean_rounds": float(res.mean_rounds),
    }


def duel_matrix(fighters: Sequence, *, trials: int, seed: int, jobs: int = 1, exact: bool = False,
                progress=None) -> list[dict]:
    """Every fighter against every fighter, both orders of first attack: one dict per duel.

    Row ``i`` uses child seed ``i`` of ``SeedSequence(seed)``; the order of rows
    is (a, b, first) with a and b in the order given.
    """
    pairs = [(a, b, first) for a in fighters for b in fighters for first in ("a", "b")]
    seeds = task_rngs(seed, len(pairs))
    tasks = [(a, b, first, trials, s, exact) for (a, b, first), s in zip(pairs, seeds)]
    results = parallel_map(_duel_task, tasks, jobs=jobs, progress=progress)
    rows = []
    for i, ((a, b, first), res) in enumerate(zip(pairs, results)):
        rows.append({"index": i, "a": a.unit_id or a.name, "b": b.unit_id or b.name, "first": first,
                     "trials": None if exact else trials, **res})
    return rows


