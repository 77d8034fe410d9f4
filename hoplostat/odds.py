"""Exact attack odds with the modifiers that skills and tactics apply.

One `Attack` is a pool plus modifiers; its damage distribution is exact
(integer weights over a power of 6) and also available as floats. Several
attacks on one target (focus fire) convolve; the number of attacks needed to
defeat a target follows from a small absorbing chain over damage dealt.

Rulings (docs/rulings.md):
- Extra dice are added before "change all dice" effects (R-ODDS-1, "Distract":
  all dice used are changed), so Distract also turns added dice yellow.
- Rerolls: up to N missed dice are rerolled once, strongest dice first
  (red never misses). A reroll is a fresh roll of that die.
- Bonus damage applies only when at least 1 hit is rolled (R-ODDS-2,
  "Elevated"/"Inspire": +1 damage on a successful attack); reduction applies
  to the attack's total ("Absorb": takes 1 less damage) and never
  goes below 0: damage = max(0, hits + bonus - reduce) if hits >= 1 else 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import accumulate

import numpy as np

from hoplostat.dice import (
    COLOURS,
    FACES,
    HIT_FACES,
    Pool,
    binomial_weights,
    colour_index,
    convolve_int,
    exact_floats,
    hit_weights,
    roll_faces,
)
from hoplostat.errors import InputError


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack: base pool and modifiers, all non-negative.

    extra      dice added to the pool (Blitz: green; Strategic Attack: yellow;
               Dig In, Bloodlust: one more die)
    change_to  every die becomes this colour (Distract: yellow)
    reroll     up to this many missed dice are rerolled once, strongest first
    bonus      damage added when at least one hit is rolled
    reduce     damage subtracted from the total (Absorb, Hardened), floor 0
    """

    pool: Pool
    extra: Pool = field(default_factory=Pool)
    change_to: str | None = None
    reroll: int = 0
    bonus: int = 0
    reduce: int = 0

    def __post_init__(self) -> None:
        for name in ("reroll", "bonus", "reduce"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise InputError(f"attack modifier {name}={value!r}: must be a whole number 0 or more")
        if self.change_to is not None:
            colour_index(self.change_to)

    @property
    def dice(self) -> Pool:
        """The pool actually rolled: base plus extra dice, then colour changes."""
        pool = self.pool + self.extra
        return pool.changed_to(self.change_to) if self.change_to else pool

    def damage_of(self, hits: int) -> int:
        """Damage dealt to the target by an attack that rolled ``hits`` hits."""
        if hits <= 0:
            return 0
        return max(0, hits + self.bonus - self.reduce)

    @property
    def max_damage(self) -> int:
        return self.damage_of(self.dice.size)

    def describe(self) -> str:
        parts = [str(self.dice)]
        if self.reroll:
            parts.append(f"reroll {self.reroll}")
        if self.bonus:
            parts.append(f"+{self.bonus} on hit")
        if self.reduce:
            parts.append(f"-{self.reduce} reduction")
        return ", ".join(parts)


# --- exact ---------------------------------------------------------------------------


def reroll_hit_weights(pool: Pool, reroll: int) -> tuple[tuple[int, ...], int]:
    """Exact hit weights with up to ``reroll`` missed dice rerolled once, strongest first.

    Returns ``(weights, exponent)`` with weights over ``6**exponent``. A chain
    over colours, strongest first, with state (hits so far, rerolls left): the
    misses of each colour take rerolls before any weaker colour's misses do.
    """
    if reroll == 0:
        return hit_weights(pool), pool.size
    budget = min(reroll, pool.size)
    state: dict[tuple[int, int], int] = {(0, budget): 1}
    for colour in reversed(range(len(COLOURS))):
        n = pool.counts[colour]
        if not n:
            continue
        first = binomial_weights(colour, n)
        nxt: dict[tuple[int, int], int] = {}
        for (h, left), w in state.items():
            for k, wk in enumerate(first):
                if not wk:
                    continue
                r = min(n - k, left)
                for j, wj in enumerate(binomial_weights(colour, r)):
                    key = (h + k + j, left - r)
                    nxt[key] = nxt.get(key, 0) + w * wk * wj
        state = nxt
    weights = [0] * (pool.size + 1)
    for (h, left), w in state.items():
        weights[h] += w * FACES**left  # unused rerolls: every face of a notional die
    return tuple(weights), pool.size + budget


@lru_cache(maxsize=4096)
def damage_weights(attack: Attack) -> tuple[tuple[int, ...], int]:
    """Exact P(damage = k) for k = 0..max_damage as ``(weights, denominator)``."""
    hits, exponent = reroll_hit_weights(attack.dice, attack.reroll)
    out = [0] * (attack.max_damage + 1)
    for h, w in enumerate(hits):
        out[attack.damage_of(h)] += w
    return tuple(out), FACES**exponent


def damage_fractions(attack: Attack) -> list[Fraction]:
    """Exact P(damage = k) as fractions."""
    weights, denom = damage_weights(attack)
    return [Fraction(w, denom) for w in weights]


@lru_cache(maxsize=4096)
def _damage_pmf(attack: Attack) -> np.ndarray:
    pmf = np.array(exact_floats(*damage_weights(attack)), dtype=np.float64)
    pmf.setflags(write=False)
    return pmf


@lru_cache(maxsize=4096)
def mean_and_tail(attack: Attack) -> tuple[float, tuple[float, ...]]:
    """(expected damage, P(damage >= k) for k = 0..max_damage) of one attack, each the float nearest its exact
    value (`dice.exact_floats`): the same bits on every machine, for players that compare scores built on them."""
    weights, denom = damage_weights(attack)
    tail = list(accumulate(reversed(weights)))[::-1]
    return sum(k * w for k, w in enumerate(weights)) / denom, tuple(exact_floats(tail, denom))


def damage_pmf(attack: Attack) -> np.ndarray:
    """P(damage = k), k = 0..max_damage, float64 (read-only, cached)."""
    return _damage_pmf(attack)


def focus_fire_weights(attacks: Sequence[Attack]) -> tuple[list[int], int]:
    """Exact distribution of the total damage of independent attacks on one target."""
    total: list[int] = [1]
    denom = 1
    for attack in attacks:
        w, d = damage_weights(attack)
        total = convolve_int(total, w)
        denom *= d
    return total, denom


def focus_fire_pmf(attacks: Sequence[Attack]) -> np.ndarray:
    """Float distribution of total damage of several attacks on one target (from the exact weights)."""
    return np.array(exact_floats(*focus_fire_weights(attacks)), dtype=np.float64)


def attacks_to_kill(attack: Attack, hp: int, *, max_attacks: int = 200, exact: bool = False, tol: float = 1e-12):
    """Distribution of the number of identical attacks needed to defeat ``hp`` HP.

    See `turns_to_kill`; with ``exact=True`` the values are Fractions.
    """
    pmf = damage_fractions(attack) if exact else list(damage_pmf(attack))
    return turns_to_kill(pmf, hp, max_turns=max_attacks, tol=tol)


def turns_to_kill(pmf: Sequence, hp: int, *, max_turns: int = 200, tol: float = 1e-12):
    """How many repetitions of a damage distribution defeat ``hp`` HP.

    ``pmf[k]`` is P(damage = k) of one repetition (an attack, or a volley of
    focus fire), as floats or Fractions. Returns ``(p, p_more)``: ``p[n-1]`` =
    P(defeated by exactly the n-th repetition) and ``p_more`` = P(still
    standing after the last one listed). An absorbing chain over damage dealt
    so far; stops at ``max_turns`` or, for floats, once ``p_more < tol``.
    """
    if hp < 1:
        raise InputError(f"target HP {hp}: must be 1 or more")
    exact = isinstance(pmf[0], Fraction)
    zero = Fraction(0) if exact else 0.0
    dealt = [zero] * hp  # dealt[d] = P(alive with d damage so far)
    dealt[0] = zero + 1
    out = []
    alive = dealt[0]
    for _ in range(max_turns):
        nxt = [zero] * hp
        killed = zero
        for d, pd in enumerate(dealt):
            if not pd:
                continue
            for k, pk in enumerate(pmf):
                if not pk:
                    continue
                if d + k >= hp:
                    killed += pd * pk
                else:
                    nxt[d + k] += pd * pk
        out.append(killed)
        dealt = nxt
        alive = sum(dealt, zero)
        if not alive or (not exact and alive < tol):
            break
    return out, alive


# --- summaries -----------------------------------------------------------------------


@dataclass(frozen=True)
class DamageOdds:
    """Summary of a damage distribution: pmf[k] = P(damage = k)."""

    pmf: np.ndarray

    @cached_property
    def at_least(self) -> np.ndarray:
        """P(damage >= k) for k = 0..len(pmf)-1."""
        tail = np.cumsum(self.pmf[::-1])[::-1]
        return np.minimum(tail, 1.0)

    @property
    def mean(self) -> float:
        k = np.arange(len(self.pmf))
        return float(np.dot(k, self.pmf))

    @property
    def sd(self) -> float:
        k = np.arange(len(self.pmf))
        var = float(np.dot(k * k, self.pmf)) - self.mean**2
        return float(np.sqrt(max(var, 0.0)))

    def kill(self, hp: int) -> float:
        """P(damage >= hp): the target is defeated. (`hoplostat.attack_odds(...).kill` takes the same call.)"""
        if hp < 1:
            raise InputError(f"target HP {hp}: must be 1 or more")
        return float(self.at_least[hp]) if hp < len(self.pmf) else 0.0


def odds(attacks: Attack | Sequence[Attack]) -> DamageOdds:
    """Odds of one attack or of several attacks on the same target."""
    if isinstance(attacks, Attack):
        return DamageOdds(damage_pmf(attacks))
    return DamageOdds(focus_fire_pmf(attacks))


PROFILE_HP = tuple(range(1, 11))
PROFILE_REDUCE = (0, 1, 2)
"""The grid of `kill_profile`: target HP 1 to 10, damage reduction 0 to 2 (none, Absorb, Hardened)."""


def kill_profile(attacks: Attack | Sequence[Attack], *, hps: Sequence[int] = PROFILE_HP,
                 reductions: Sequence[int] = PROFILE_REDUCE) -> list[dict]:
    """Exact P(kill) of the attacks on one target for every target HP in ``hps`` and every damage
    reduction in ``reductions`` (which replaces each attack's own ``reduce``): one row
    ``{"hp", "reduce", "kill"}`` per cell, reductions outer."""
    attacks = [attacks] if isinstance(attacks, Attack) else list(attacks)
    if not attacks:
        raise InputError("no attack given; name at least one dice pool")
    rows = []
    for r in reductions:
        result = odds([Attack(a.pool, a.extra, a.change_to, a.reroll, a.bonus, r) for a in attacks])
        rows += [{"hp": h, "reduce": r, "kill": result.kill(h)} for h in hps]
    return rows


# --- Monte Carlo (independent of the exact code: rolls every die) -----------------


def simulate_damage(attacks: Attack | Sequence[Attack], n: int, *, rng: np.random.Generator) -> np.ndarray:
    """Total damage of ``n`` trials, rolling each die individually: int64 array (n,).

    Deliberately shares nothing with the exact code beyond the face counts, so
    the two check each other.
    """
    if isinstance(attacks, Attack):
        attacks = [attacks]
    total = np.zeros(n, dtype=np.int64)
    for attack in attacks:
        pool = attack.dice
        hit = roll_faces(pool, n, rng=rng)  # (n, size), strongest first
        if attack.reroll and pool.size:
            missed = ~hit
            rank = np.cumsum(missed, axis=1)
            again = missed & (rank <= attack.reroll)
            faces = rng.integers(0, FACES, size=hit.shape)
            thresholds = np.array([HIT_FACES[colour_index(c)] for c in pool.dice()])
            hit = hit | (again & (faces < thresholds))
        hits = hit.sum(axis=1)
        damage = np.where(hits > 0, np.maximum(hits + attack.bonus - attack.reduce, 0), 0)
        total += damage
    return total


# --- one summary object for the CLI, notebooks and reports ---------------------------


def summarize(
    attacks: Sequence[Attack],
    *,
    hp: int | None = None,
    fractions: bool = False,
    mc: int = 0,
    rng: np.random.Generator | None = None,
    max_turns: int = 50,
) -> dict:
    """Everything `hoplostat odds` reports, as plain JSON-ready values.

    Keys: ``attacks``, ``pmf``, ``mean``, ``sd``, ``at_least``; with ``hp``:
    ``kill`` and ``turns_to_kill`` (volleys of all attacks needed, with its
    mean); with ``fractions``: ``pmf_fractions`` and ``kill_fraction``; with
    ``mc``: ``monte_carlo`` (estimates and standard errors, from ``rng``).
    """
    if not attacks:
        raise InputError("no attack given; name at least one dice pool")
    result_odds = odds(list(attacks))
    out: dict = {
        "attacks": [
            {"pool": str(a.pool), "dice": str(a.dice), "digits": a.dice.digits, "reroll": a.reroll,
             "bonus": a.bonus, "reduce": a.reduce, "extra": str(a.extra) if a.extra.size else None,
             "change_to": a.change_to}
            for a in attacks
        ],
        "title": " + ".join(a.describe() for a in attacks),
        "pmf": [float(x) for x in result_odds.pmf],
        "mean": result_odds.mean,
        "sd": result_odds.sd,
        "at_least": [float(x) for x in result_odds.at_least],
    }
    exact: list[Fraction] = []
    if fractions or hp is not None:
        weights, denom = focus_fire_weights(attacks)
        exact = [Fraction(w, denom) for w in weights]
    if fractions:
        out["pmf_fractions"] = [f"{f.numerator}/{f.denominator}" for f in exact]
    if hp is not None:
        out["hp"] = hp
        out["kill"] = result_odds.kill(hp)
        if fractions:
            kf = sum(exact[hp:], Fraction(0))
            out["kill_fraction"] = f"{kf.numerator}/{kf.denominator}"
        p, p_more = turns_to_kill(list(result_odds.pmf), hp, max_turns=max_turns, tol=1e-9)
        n = np.arange(1, len(p) + 1)
        out["turns_to_kill"] = {
            "p": [float(x) for x in p],
            "p_more": float(p_more),
            "mean": float(np.dot(n, p) / sum(p)) if sum(p) > 0 and p_more < 1e-9 else None,
        }
    if mc:
        if rng is None:
            raise ValueError("summarize(mc=...) needs rng")
        sample = simulate_damage(list(attacks), mc, rng=rng)
        counts = np.bincount(sample, minlength=len(result_odds.pmf))
        p_hat = counts / mc
        mc_out = {
            "n": mc,
            "pmf": [float(x) for x in p_hat],
            "pmf_se": [float(np.sqrt(p * (1 - p) / mc)) for p in p_hat],
            "mean": float(sample.mean()),
            "mean_se": float(sample.std(ddof=1) / np.sqrt(mc)) if mc > 1 else None,
        }
        if hp is not None:
            k = float((sample >= hp).mean())
            mc_out["kill"] = k
            mc_out["kill_se"] = float(np.sqrt(k * (1 - k) / mc))
        out["monte_carlo"] = mc_out
    return out
