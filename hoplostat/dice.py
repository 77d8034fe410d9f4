"""Attack dice: faces per colour, the pool grammar, exact hit distributions, samplers.

Remastered, "Attack": each attack die is a d6 with 2 (yellow), 3 (blue),
4 (green), 5 (black) or 6 (red) hit faces; each hit is 1 damage. Stronger
dice have more hit faces. The box's dice stock never limits an attack (the
rulebook says to reroll and record), so a pool may hold any number of dice.

Exact results are integer weights over ``6**n`` (Python ints, so they never
overflow); float PMFs are those weights divided out exactly (`exact_floats`), so they are the same bits on
every machine.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

import numpy as np

from hoplostat.errors import InputError

COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "black", "red")
"""Colours from weakest to strongest; index i has ``HIT_FACES[i]`` hit faces."""
HIT_FACES: tuple[int, ...] = (2, 3, 4, 5, 6)
FACES = 6
MAX_POOL = 60
"""Largest pool accepted from users; beyond that an attack is not sensible."""

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


@dataclass(frozen=True, slots=True)
class DiceSet:
    """The attack dice of a rule set: the colours it has, weakest first, each with its hit faces of a d6.

    Every rule set's colours come from one table (`COLOURS`, `HIT_FACES`): a colour has the same faces in
    every book that has it, so one pool type serves all; a rule set without a colour (The Lost Cities
    has only black, blue and yellow attack dice) refuses it in its pools. A colour new to every book would
    be one more entry of that table."""

    name: str
    colours: tuple[str, ...]

    def __post_init__(self) -> None:
        unknown = [c for c in self.colours if c not in _COLOUR_INDEX]
        if unknown:
            raise ValueError(f"dice set {self.name!r}: colours {unknown} are not in the dice table {COLOURS}")

    @property
    def digits(self) -> dict[str, str]:
        """Icon digit (hit faces) -> colour, for the colours of this set."""
        return {str(HIT_FACES[_COLOUR_INDEX[c]]): c for c in self.colours}

    def describe(self) -> str:
        return ", ".join(f"{c} ({HIT_FACES[_COLOUR_INDEX[c]]})" for c in self.colours)


DICE_SETS: dict[str, DiceSet] = {}
"""Dice sets by rule set name (`register_dice`)."""


def register_dice(dice: DiceSet) -> DiceSet:
    DICE_SETS[dice.name] = dice
    return dice


REMASTERED_DICE = register_dice(DiceSet("remastered", COLOURS))
"""Remastered, "Attack": yellow 2, blue 3, green 4, black 5, red 6 hit faces."""
_DIGIT_INDEX = {str(h): i for i, h in enumerate(HIT_FACES)}
_TERM = re.compile(r"^\s*(\d+)?\s*([A-Za-z]+)\s*$")


@dataclass(frozen=True, slots=True)
class Pool:
    """A multiset of attack dice: ``counts[i]`` dice of colour ``COLOURS[i]``."""

    counts: tuple[int, ...] = (0, 0, 0, 0, 0)
    """One count per colour of `COLOURS` (five; checked when the pool is made)."""

    def __post_init__(self) -> None:
        if len(self.counts) != len(COLOURS) or any(c < 0 for c in self.counts):
            raise ValueError(f"invalid dice counts {self.counts!r}")

    @classmethod
    def of(cls, **by_colour: int) -> Pool:
        """``Pool.of(black=1, blue=1, yellow=1)``."""
        unknown = set(by_colour) - set(COLOURS)
        if unknown:
            raise InputError(f"unknown dice colour {sorted(unknown)[0]!r}; allowed: {', '.join(COLOURS)}")
        return cls(tuple(by_colour.get(c, 0) for c in COLOURS))

    @property
    def size(self) -> int:
        return sum(self.counts)

    def __add__(self, other: Pool) -> Pool:
        return Pool(tuple(a + b for a, b in zip(self.counts, other.counts)))

    def changed_to(self, colour: str) -> Pool:
        """Every die replaced by one of ``colour`` (Distract-like effects)."""
        i = colour_index(colour)
        counts = [0] * len(COLOURS)
        counts[i] = self.size
        return Pool(tuple(counts))

    def dice(self) -> list[str]:
        """Colours of the dice, strongest first."""
        return [COLOURS[i] for i in reversed(range(len(COLOURS))) for _ in range(self.counts[i])]

    @property
    def digits(self) -> str:
        """The icon digits, strongest first (``532`` for black+blue+yellow)."""
        return "".join(str(HIT_FACES[i]) * self.counts[i] for i in reversed(range(len(COLOURS))))

    def __str__(self) -> str:
        parts = []
        for i in reversed(range(len(COLOURS))):
            n = self.counts[i]
            if n:
                parts.append(COLOURS[i] if n == 1 else f"{n}{COLOURS[i]}")
        return "+".join(parts) if parts else "(no dice)"


def colour_index(colour: str) -> int:
    """Index of a colour name (any case) in `COLOURS`; InputError if unknown."""
    try:
        return _COLOUR_INDEX[colour.strip().lower()]
    except KeyError:
        raise InputError(f"unknown dice colour {colour!r}; allowed: {', '.join(COLOURS)}") from None


def parse_pool(text: str, *, max_dice: int = MAX_POOL, dice: DiceSet = REMASTERED_DICE) -> Pool:
    """Parse the pool grammar of DESIGN.md: ``2black+blue+yellow`` or icon digits ``532``, in the colours
    of the rule set's dice (`dice`, Remastered's by default).

    Raises `InputError` naming the offending text and what is allowed.
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError("empty dice pool; write colours joined by '+' (e.g. black+blue+yellow) or digits (e.g. 532)")
    s = text.strip()
    counts = [0] * len(COLOURS)
    allowed = dice.colours
    if s.isdigit():
        digits = dice.digits
        for ch in s:
            if ch not in digits:
                raise InputError(
                    f"dice pool {text!r}: digit {ch!r} is not a die of {dice.name}; digits are hit faces: "
                    f"{dice.describe()}"
                )
            counts[_DIGIT_INDEX[ch]] += 1
    else:
        for term in s.split("+"):
            if not term.strip():
                raise InputError(f"dice pool {text!r}: empty term between '+' signs")
            if term.strip().startswith("-"):
                raise InputError(f"dice pool {text!r}: negative count in {term.strip()!r}; counts are 1 or more")
            m = _TERM.match(term)
            if not m:
                raise InputError(
                    f"dice pool {text!r}: cannot read term {term.strip()!r}; a term is an optional count and a colour"
                    f" ({', '.join(allowed)})"
                )
            count = 1 if m.group(1) is None else int(m.group(1))
            if count == 0:
                raise InputError(f"dice pool {text!r}: zero count in {term.strip()!r}; counts are 1 or more")
            name = m.group(2).lower()
            if name not in allowed:
                where = "" if dice is REMASTERED_DICE else f" in {dice.name}"
                raise InputError(
                    f"dice pool {text!r}: unknown colour {m.group(2)!r}{where}; allowed: {', '.join(allowed)}"
                )
            counts[_COLOUR_INDEX[name]] += count
    pool = Pool(tuple(counts))
    if pool.size > max_dice:
        raise InputError(f"dice pool {text!r} has {pool.size} dice; at most {max_dice} are allowed")
    return pool


# --- exact distributions -------------------------------------------------------------


@cache
def binomial_weights(colour: int, n: int) -> tuple[int, ...]:
    """Integer weights over ``6**n`` of k hits (k = 0..n) for n dice of one colour."""
    h = HIT_FACES[colour]
    m = FACES - h
    return tuple(comb(n, k) * h**k * m ** (n - k) for k in range(n + 1))


def convolve_int(a: tuple[int, ...] | list[int], b: tuple[int, ...] | list[int]) -> list[int]:
    """Exact convolution of two integer weight sequences."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@lru_cache(maxsize=4096)
def hit_weights(pool: Pool) -> tuple[int, ...]:
    """Exact integer weights of k hits (k = 0..size) over ``6**pool.size``."""
    w: tuple[int, ...] | list[int] = (1,)
    for colour, n in enumerate(pool.counts):
        if n:
            w = convolve_int(w, binomial_weights(colour, n))
    return tuple(w)


def hit_fractions(pool: Pool) -> list[Fraction]:
    """Exact P(k hits) as fractions, k = 0..size."""
    denom = FACES**pool.size
    return [Fraction(x, denom) for x in hit_weights(pool)]


def exact_floats(weights: Sequence[int], denom: int) -> list[float]:
    """Each weight over `denom` as the float nearest the exact fraction (Python's int / int true division is
    correctly rounded). Probabilities made this way are the same bits on every machine: numpy's `power` and
    `convolve` may round differently with the CPU's vector instructions (AVX-512 or not), and a player's
    choice between two equal scores must not depend on the last bit of one of them."""
    return [w / denom for w in weights]


def _hit_pmf_uncached(pool: Pool) -> np.ndarray:
    return np.array(exact_floats(hit_weights(pool), FACES**pool.size), dtype=np.float64)


@lru_cache(maxsize=4096)
def _hit_pmf_cached(pool: Pool) -> np.ndarray:
    pmf = _hit_pmf_uncached(pool)
    pmf.setflags(write=False)
    return pmf


def hit_pmf(pool: Pool) -> np.ndarray:
    """P(k hits), k = 0..size, float64 of shape (size+1,). Cached and read-only."""
    return _hit_pmf_cached(pool)


# --- sampling ------------------------------------------------------------------------


def inverse_cdf_table(pmf: np.ndarray) -> np.ndarray:
    """Cut points for `sample_pmf`: the CDF without its last entry (so results stay in range)."""
    cdf = np.cumsum(np.asarray(pmf, dtype=np.float64))
    return cdf[:-1]


def sample_pmf(pmf: np.ndarray, n: int, *, rng: np.random.Generator, table: np.ndarray | None = None) -> np.ndarray:
    """Draw ``n`` values from ``pmf`` (index = value) by inverse CDF: one uniform per draw.

    Returns an int64 array of shape (n,). ``table`` may pass a precomputed
    `inverse_cdf_table` to save the cumulative sum in hot loops.
    """
    cuts = inverse_cdf_table(pmf) if table is None else table
    u = rng.random(n)
    return np.searchsorted(cuts, u, side="right")


def sample_hits(pool: Pool, n: int, *, rng: np.random.Generator) -> np.ndarray:
    """Hits of ``n`` independent attacks with ``pool``: int64 array of shape (n,)."""
    return sample_pmf(hit_pmf(pool), n, rng=rng)


def roll_faces(pool: Pool, n: int, *, rng: np.random.Generator) -> np.ndarray:
    """Roll every die individually: bool array (n, size) of hits, dice strongest first.

    Slower than `sample_hits`; for effects that read individual dice (die colour
    triggers, rerolls) and for testing the samplers against each other.
    """
    faces = rng.integers(0, FACES, size=(n, pool.size))
    thresholds = np.array([HIT_FACES[colour_index(c)] for c in pool.dice()], dtype=np.int64)
    return faces < thresholds
