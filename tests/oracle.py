"""Brute-force oracle: enumerate every face of every die (and of every reroll).

Written from the rules alone, sharing no code with hoplostat.dice/odds beyond
nothing at all: the hit-face counts are restated here on purpose.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

HITS = {"yellow": 2, "blue": 3, "green": 4, "black": 5, "red": 6}
STRENGTH = ["red", "black", "green", "blue", "yellow"]


def damage_distribution(dice: list[str], *, reroll: int = 0, bonus: int = 0, reduce: int = 0) -> dict[int, Fraction]:
    """P(damage = k) by enumerating all 6**n face combinations and every reroll outcome."""
    dice = sorted(dice, key=STRENGTH.index)  # strongest first
    budget = min(reroll, len(dice))
    counts: dict[int, int] = {}  # integer weights over 6**(n + budget)
    for faces in itertools.product(range(6), repeat=len(dice)):
        hit = [f < HITS[c] for f, c in zip(faces, dice)]
        missed = [i for i, h in enumerate(hit) if not h][:reroll]
        weight = 6 ** (budget - len(missed))
        for again in itertools.product(range(6), repeat=len(missed)):
            hits = sum(hit) + sum(f < HITS[dice[i]] for i, f in zip(missed, again))
            damage = max(0, hits + bonus - reduce) if hits > 0 else 0
            counts[damage] = counts.get(damage, 0) + weight
    total = 6 ** (len(dice) + budget)
    return {k: Fraction(w, total) for k, w in counts.items()}


def as_list(dist: dict[int, Fraction], length: int) -> list[Fraction]:
    return [dist.get(k, Fraction(0)) for k in range(length)]


def convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] = out.get(i + j, Fraction(0)) + p * q
    return out
