"""Parallel runs with joblib: seeds per task from SeedSequence, chunks, backends.

Every task's generator is ``SeedSequence(seed).spawn(n_tasks)[i]``, keyed by
the task index, so results do not depend on ``jobs`` or on chunking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


def task_rngs(seed: int, n: int) -> list[np.random.SeedSequence]:
    """One child seed per task index."""
    return np.random.SeedSequence(seed).spawn(n)


def parallel_map(fn: Callable[..., Any], tasks: Sequence[tuple], *, jobs: int = 1, progress=None,
                 chunk: int = 64) -> list:
    """``[fn(*t) for t in tasks]`` in task order, over ``jobs`` loky workers in chunks.

    ``progress(done, total)`` is called as chunks finish (in order).
    """
    chunks = [tasks[i:i + chunk] for i in range(0, len(tasks), chunk)]
    out: list = []
    if jobs == 1:
        for c in chunks:
            out.extend(_run_chunk(fn, c))
            if progress:
                progress(len(out), len(tasks))
        return out
    from joblib import Parallel, delayed

    parallel = Parallel(n_jobs=jobs, return_as="generator")
    for res in parallel(delayed(_run_chunk)(fn, c) for c in chunks):
        out.extend(res)
        if progress:
            progress(len(out), len(tasks))
    return out


def _run_chunk(fn, chunk):
    return [fn(*t) for t in chunk]


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
