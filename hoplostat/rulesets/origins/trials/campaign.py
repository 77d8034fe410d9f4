"""The Solo Trials as a campaign (Origins, "The Solo Trials", ORI-54; ORI-TR-9, ORI-TR-10): from each trial's pass
rate, how many games a house needs to clear all twenty, exactly, as an absorbing Markov chain, and by simulating
campaigns (which the tests hold against the exact values).

The chain (ruling R-ORI-TR-8): a state is (trial i, attempt a), i = 1..n, a = 1 or 2, one game per step. Passing
trial i goes to (i + 1, 1), or clears the campaign after trial n (the absorbing state); failing attempt 1 goes to
(i, 2); failing attempt 2 goes back to (i - 1, 1), and trial 1 stays at (1, 1) ("you must go back to the previous
Trial": trial 1 has none). The number of games to clear is the number of steps from (1, 1) to absorption.

With Q the transient-to-transient block of the transition matrix and R the transient-to-absorbed column, the
fundamental matrix N = (I - Q)^-1 gives the expected games (N 1) and the expected visits of each state (row (1, 1)
of N); P(T = t) = (Q^(t-1) R)[start] is the distribution of the games to clear, and P(T <= t) = 1 - (Q^t 1)[start].
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

START = 0
"""Index of (trial 1, attempt 1)."""
Rates = Sequence[float] | np.ndarray
"""Pass rates of trials 1..n, in order."""


def _rates(p: Rates) -> np.ndarray:
    q = np.asarray(p, dtype=float)
    if q.ndim != 1 or q.size < 1 or np.any(~np.isfinite(q)) or np.any(q < 0) or np.any(q > 1):
        raise ValueError(f"pass rates must be a non-empty list of numbers in [0, 1], got {p!r}")
    return q


def state(i: int, attempt: int) -> int:
    """Index of (trial i, attempt) in the chain (i from 0, attempt 1 or 2)."""
    return 2 * i + attempt - 1


def transitions(p: Rates) -> tuple[np.ndarray, np.ndarray]:
    """(Q, R): the chain's transient block (2n x 2n) and absorption column (2n) for pass rates `p` of trials 1..n
    (the rule of the module's text, R-ORI-TR-8)."""
    q = _rates(p)
    n = q.size
    Q = np.zeros((2 * n, 2 * n))
    R = np.zeros(2 * n)
    for i in range(n):
        for a in (1, 2):
            s = state(i, a)
            if i + 1 < n:
                Q[s, state(i + 1, 1)] += q[i]
            else:
                R[s] += q[i]
            fail = 1.0 - q[i]
            if a == 1:
                Q[s, state(i, 2)] += fail
            else:
                Q[s, state(max(i - 1, 0), 1)] += fail
    return Q, R


def clears(p: Rates) -> bool:
    """Whether the campaign ends with probability 1: every trial can be passed."""
    return bool(np.all(_rates(p) > 0))


def expected_games(p: Rates) -> float:
    """Expected games to clear every trial from trial 1 (inf when a trial cannot be passed)."""
    if not clears(p):
        return float("inf")
    Q, _ = transitions(p)
    t = np.linalg.solve(np.eye(Q.shape[0]) - Q, np.ones(Q.shape[0]))
    return float(t[START])


def expected_visits(p: Rates) -> np.ndarray:
    """Expected games played at each (trial, attempt) before the campaign is cleared: row START of N, shape (2n,)
    (state(i, a) indexes it). inf everywhere when a trial cannot be passed."""
    q = _rates(p)
    if not clears(q):
        return np.full(2 * q.size, np.inf)
    Q, _ = transitions(q)
    e = np.zeros(Q.shape[0])
    e[START] = 1.0
    return np.linalg.solve((np.eye(Q.shape[0]) - Q).T, e)


def stalls(p: Rates) -> dict[str, np.ndarray]:
    """Where campaigns stall, per trial (shape (n,)): expected games played at it (`games`), expected failures
    (`failures`), and expected step-backs from it (two failures in a row: `step_backs`)."""
    q = _rates(p)
    v = expected_visits(q)
    first, second = v[0::2], v[1::2]
    return {"games": first + second, "failures": (first + second) * (1 - q), "step_backs": second * (1 - q)}


def cdf_at(p: Rates, t: int) -> float:
    """P(the campaign is cleared within t games) = 1 - (Q^t 1)[start]."""
    if t <= 0:
        return 0.0
    Q, _ = transitions(p)
    left = np.linalg.matrix_power(Q, int(t))[START].sum()
    return float(min(1.0, max(0.0, 1.0 - left)))


def quantile(p: Rates, q: float) -> float:
    """The smallest number of games t with P(T <= t) >= q (inf when the campaign may never end); exponential
    search, then bisection on `cdf_at`."""
    if not 0 < q < 1:
        raise ValueError(f"quantile {q}: must be strictly between 0 and 1")
    if not clears(p):
        return float("inf")
    lo, hi = 0, max(1, len(p))
    while cdf_at(p, hi) < q:
        lo, hi = hi, hi * 2
        if hi > 2**40:
            return float("inf")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if cdf_at(p, mid) >= q:
            hi = mid
        else:
            lo = mid
    return float(hi)


def distribution(p: Rates, *, mass: float = 0.999, max_games: int = 100_000) -> np.ndarray:
    """P(T = t) for t = 0, 1, ..., up to where the cumulative mass reaches `mass` (or `max_games`): shape (T + 1,),
    entry t the probability that the campaign is cleared at exactly its t-th game (iterating v Q from (1, 1))."""
    Q, R = transitions(p)
    v = np.zeros(Q.shape[0])
    v[START] = 1.0
    out = [0.0]
    total = 0.0
    for _ in range(max_games):
        got = float(v @ R)
        out.append(got)
        total += got
        if total >= mass:
            break
        v = v @ Q
    return np.asarray(out)


def summary(p: Rates) -> dict[str, float]:
    """The exact campaign figures: expected games, median and quantiles (10, 25, 75, 90, 95%), and the chance to clear
    within 20, 40 and 100 games."""
    out = {"mean": expected_games(p)}
    for name, q in (("q10", 0.10), ("q25", 0.25), ("median", 0.5), ("q75", 0.75), ("q90", 0.90), ("q95", 0.95)):
        out[name] = quantile(p, q)
    for t in (20, 40, 100):
        out[f"within_{t}"] = cdf_at(p, t)
    return out


def simulate(p: Rates, campaigns: int, *, rng: np.random.Generator, max_games: int = 1_000_000) -> np.ndarray:
    """Games to clear of `campaigns` simulated campaigns (int64, shape (campaigns,)), each game passed with its
    trial's rate, by the rule itself (not the matrix): two attempts, then back one trial. A campaign not cleared
    within `max_games` counts -1."""
    q = _rates(p)
    n = q.size
    trial = np.zeros(campaigns, dtype=np.int64)
    attempt = np.ones(campaigns, dtype=np.int64)
    games = np.zeros(campaigns, dtype=np.int64)
    active = np.ones(campaigns, dtype=bool)
    for _ in range(max_games):
        idx = np.flatnonzero(active)
        if idx.size == 0:
            break
        games[idx] += 1
        passed = rng.random(idx.size) < q[trial[idx]]
        up, down = idx[passed], idx[~passed]
        trial[up] += 1
        attempt[up] = 1
        active[up[trial[up] >= n]] = False
        first = down[attempt[down] == 1]
        attempt[first] = 2
        second = down[attempt[down] == 2]
        second = second[~np.isin(second, first)]
        trial[second] = np.maximum(trial[second] - 1, 0)
        attempt[second] = 1
    games[active] = -1
    return games


def bootstrap_means(wins: Sequence[int], games: Sequence[int], *, draws: int, rng: np.random.Generator) -> np.ndarray:
    """Expected games to clear under `draws` sets of pass rates drawn from each trial's Jeffreys posterior
    Beta(wins + 1/2, losses + 1/2): the uncertainty of the exact figure that comes from the measured rates."""
    w = np.asarray(wins, dtype=float)
    n = np.asarray(games, dtype=float)
    rates = rng.beta(w + 0.5, n - w + 0.5, size=(draws, w.size))
    return np.array([expected_games(r) for r in rates])
