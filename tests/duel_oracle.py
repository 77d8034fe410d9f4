"""Brute-force duel oracle: exact outcome probabilities of a map-free duel, from the rule texts alone.

Shares no code with hoplostat (not combat.py, dice.py or odds.py): the hit faces are restated, every
attack is rolled by enumerating all 6**n faces of its dice, and the duel is solved exactly with
fractions as a Markov chain over the HP of both units at the start of a round (a linear system, since
Regen lets a state come back).

What it models, and where it comes from:
- a round: one turn of each side, the side named first acting first; a turn: the Abilities step, then
  the Engage step (attack, or a Special instead) (Remastered, "Player Turns"; docs/rulings.md R-COMBAT-1);
- an attack: roll the dice; each die hits on its colour's faces (yellow 2, blue 3, green 4, black 5,
  red 6: Remastered, "Attack"); each hit is 1 damage (UNIT-5); damage is *dealt* when at least one hit is
  rolled, even if it is reduced to 0 (SKL-5);
- the unit takes the Special instead of attacking when the Special removes more HP from its target in
  expectation, ties attack (R-COMBAT-4); Special damage is not attack damage (SKL-3);
- skill texts of data/remastered/skills.toml and tactics, each restated where it acts below:
  Absorb / Hardened / reduce-damage tactic, Retaliate, Parry, Bloodlust, Regen N, Fury Aura, Dig In,
  Whirlwind, Long Shot, Blitz (extra dice), Bolster Health (gain HP beyond Health).
- In a duel the two units are adjacent and never move (R-COMBAT-2, R-COMBAT-5).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

HIT_FACES = {"yellow": 2, "blue": 3, "green": 4, "black": 5, "red": 6}
KNOWN = {"absorb", "hardened", "retaliate", "parry", "bloodlust", "regen", "fury-aura", "dig-in",
         "whirlwind", "long-shot"}


@dataclass(frozen=True)
class Duelist:
    """A unit as the rule texts describe it: HP, Health, its printed attack dice and its skills.

    ``dice``: colour names separated by spaces ("black blue yellow"); ``skills``: names as on the chip,
    with their number ("regen 2", "long-shot 4"); ``extra_dice``: a permanent tactic's dice (Blitz);
    ``gain_hp``: an instant tactic's HP gain at the start (Bolster Health); ``reduce_tactic``: a permanent
    tactic reducing attack damage by that much."""

    hp: int
    dice: str
    skills: tuple[str, ...] = ()
    health: int | None = None
    extra_dice: str = ""
    gain_hp: int = 0
    reduce_tactic: int = 0
    names: frozenset = field(init=False, repr=False)

    def __post_init__(self) -> None:
        names = frozenset(s.split()[0] for s in self.skills)
        unknown = names - KNOWN
        if unknown:
            raise ValueError(f"the oracle does not know {sorted(unknown)}")
        object.__setattr__(self, "names", names)

    @property
    def max_health(self) -> int:
        return self.hp if self.health is None else self.health

    @property
    def start_hp(self) -> int:
        return self.hp + self.gain_hp  # Bolster Health: "gains 2 HP, which may exceed its Health"

    def number(self, name: str) -> int:
        for s in self.skills:
            parts = s.split()
            if parts[0] == name:
                return int(parts[1]) if len(parts) > 1 else 1
        return 0

    def attack_dice(self, hp: int) -> tuple[str, ...]:
        dice = self.dice.split() + self.extra_dice.split()
        if "dig-in" in self.names:  # "On a turn this unit did not move ... adds one yellow die": never moves
            dice.append("yellow")
        if "bloodlust" in self.names and hp < self.max_health:  # "While HP is below Health ... one black die"
            dice.append("black")
        return tuple(sorted(dice))

    @property
    def reduction(self) -> int:
        # Absorb: "Attack damage this unit is dealt is reduced by 1 per attack" (Hardened reads the same).
        return sum(1 for s in self.skills if s.split()[0] in ("absorb", "hardened")) + self.reduce_tactic


@lru_cache(maxsize=None)
def hits_law(dice: tuple[str, ...]) -> dict[int, Fraction]:
    """P(k hits) by enumerating every face of every die (faces 1..6; a die hits on its first H faces)."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=len(dice)):
        k = sum(face <= HIT_FACES[c] for face, c in zip(faces, dice))
        counts[k] = counts.get(k, 0) + 1
    return {k: Fraction(c, 6 ** len(dice)) for k, c in counts.items()}


def _attack(x: Duelist, y: Duelist, xhp: int) -> list[tuple[Fraction, int, int]]:
    """X attacks Y: (p, HP Y loses, damage dealt back to X)."""
    out = []
    for k, p in hits_law(x.attack_dice(xhp)).items():
        if k == 0:
            out.append((p, 0, 0))  # no hit rolled: no damage dealt (SKL-5)
            continue
        damage = max(0, k - y.reduction)
        # Parry: "the first attack each round that deals this unit attack damage has that damage reduced
        # to 0"; Y is attacked once a round in a duel, so every attack that deals it damage is that one.
        lost = 0 if "parry" in y.names else damage
        # Retaliate: "after an attack deals this unit attack damage, the attacker is dealt 1 damage" (the
        # attacker is adjacent, so within Range); dealt even when reduced to 0 or when Y is defeated.
        back = 1 if "retaliate" in y.names else 0
        out.append((p, lost, back))
    return out


def _specials(x: Duelist) -> list[list[tuple[Fraction, int, int]]]:
    """X's Specials as (p, HP the target loses, 0): not attack damage, so no reduction, Parry or Retaliate."""
    out = []
    if "whirlwind" in x.names:  # one blue die per adjacent opponent (one here); each is dealt the total hits
        out.append([(p, k, 0) for k, p in hits_law(("blue",)).items()])
    if "long-shot" in x.names:  # one yellow die against an opponent within N hexes; a hit deals 1 damage
        out.append([(p, min(k, 1), 0) for k, p in hits_law(("yellow",)).items()])
    return out


def _expected(outcomes) -> Fraction:
    return sum((p * lost for p, lost, _ in outcomes), Fraction(0))


def turn(x: Duelist, y: Duelist, xhp: int, yhp: int) -> list[tuple[Fraction, int, int]]:
    """X's whole turn from (xhp, yhp): [(p, xhp after, yhp after)]."""
    # Abilities step: Regen N "Heal N HP (never above Health)"; Fury Aura: each adjacent opponent is
    # dealt 1 damage (not attack damage).
    if "regen" in x.names and xhp < x.max_health:
        xhp = min(x.max_health, xhp + x.number("regen"))
    if "fury-aura" in x.names:
        yhp -= 1
        if yhp <= 0:
            return [(Fraction(1), xhp, yhp)]
    # Engage step: the attack, or a Special that removes more HP in expectation (ties: the attack).
    best = _attack(x, y, xhp)
    for option in _specials(x):
        if _expected(option) > _expected(best):
            best = option
    return [(p, xhp - back, yhp - lost) for p, lost, back in best if p]


@dataclass(frozen=True)
class Answer:
    p_a_wins: Fraction
    p_b_wins: Fraction
    p_both_defeated: Fraction
    mean_rounds: Fraction


def _round(a: Duelist, b: Duelist, ahp: int, bhp: int, first: str):
    """One round from (ahp, bhp): ({next state: p}, {'a'|'b'|'both': p})."""
    sides = [(a, b, True), (b, a, False)] if first == "a" else [(b, a, False), (a, b, True)]
    going = {(ahp, bhp): Fraction(1)}
    ended: dict[str, Fraction] = {}
    for x, y, x_is_a in sides:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (i, j), mass in going.items():
            xhp, yhp = (i, j) if x_is_a else (j, i)
            for p, xn, yn in turn(x, y, xhp, yhp):
                an, bn = (xn, yn) if x_is_a else (yn, xn)
                if an <= 0 or bn <= 0:
                    key = "both" if an <= 0 and bn <= 0 else ("a" if bn <= 0 else "b")
                    ended[key] = ended.get(key, Fraction(0)) + mass * p
                else:
                    nxt[(an, bn)] = nxt.get((an, bn), Fraction(0)) + mass * p
        going = nxt
    return going, ended


def solve_duel(a: Duelist, b: Duelist, *, first: str = "a") -> Answer:
    """Exact P(A wins), P(B wins), P(both defeated) and the expected number of rounds, without a round cap.

    Raises ValueError if the duel can go on for ever with positive probability (no unique solution)."""
    start = (a.start_hp, b.start_hp)
    trans, ends, todo = {}, {}, [start]
    while todo:
        s = todo.pop()
        if s in trans:
            continue
        trans[s], ends[s] = _round(a, b, *s, first)
        todo.extend(t for t in trans[s] if t not in trans)
    states = sorted(trans)
    index = {s: k for k, s in enumerate(states)}
    n = len(states)
    # (I - T) v = r for the three outcomes and the rounds (t = 1 + T t), solved together.
    m = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(0)] * 4 for i in range(n)]
    for s in states:
        row = m[index[s]]
        for t, p in trans[s].items():
            row[index[t]] -= p
        row[n] = ends[s].get("a", Fraction(0))
        row[n + 1] = ends[s].get("b", Fraction(0))
        row[n + 2] = ends[s].get("both", Fraction(0))
        row[n + 3] = Fraction(1)
    for col in range(n):  # Gauss-Jordan elimination in exact arithmetic
        piv = next((r for r in range(col, n) if m[r][col] != 0), None)
        if piv is None:
            raise ValueError("the duel can last for ever: no unique solution")
        m[col], m[piv] = m[piv], m[col]
        inv = 1 / m[col][col]
        m[col] = [v * inv for v in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col]
                m[r] = [v - f * w for v, w in zip(m[r], m[col])]
    row = m[index[start]]
    return Answer(row[n], row[n + 1], row[n + 2], row[n + 3])
