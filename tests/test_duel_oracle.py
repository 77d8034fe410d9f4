"""combat.py against the independent brute-force duel oracle (tests/duel_oracle.py), skill by skill.

Every skill and tactic combat.py models in a duel (Absorb, Retaliate, Parry, Bloodlust, Regen N, Fury
Aura, Dig In, Whirlwind, Long Shot, Blitz, Bolster Health, the reduce-damage tactic) has at least one
case in which it decides the result: `exact_duel` must equal the oracle within 1e-9 and
`simulate_duel` (a fixed seed per case) must lie within 4 standard errors of it. R-COMBAT-1..5.
"""

from __future__ import annotations

import zlib
from fractions import Fraction

import numpy as np
import pytest

from duel_oracle import KNOWN, Duelist, hits_law, solve_duel
from hoplostat.combat import exact_duel, fighter_from_unit, parse_fighter_spec, simulate_duel

F = parse_fighter_spec
D = Duelist

# (name, combat fighter A, oracle A, combat fighter B, oracle B): the same chips written twice, once in
# combat.py's spec language, once as the oracle reads them.
CASES = [
    ("plain", "hp=4,attack=532", D(4, "black blue yellow"), "hp=5,attack=2black", D(5, "black black")),
    ("absorb", "hp=4,attack=532", D(4, "black blue yellow"),
     "hp=4,attack=black+blue,skills=absorb", D(4, "black blue", ("absorb",))),
    ("retaliate", "hp=4,attack=532,skills=retaliate", D(4, "black blue yellow", ("retaliate",)),
     "hp=4,attack=2black+yellow", D(4, "black black yellow")),
    ("retaliate-after-absorb", "hp=4,attack=532", D(4, "black blue yellow"),
     "hp=5,attack=yellow,skills=absorb|retaliate", D(5, "yellow", ("absorb", "retaliate"))),
    ("regen-1", "hp=5,attack=black,skills=regen 1", D(5, "black", ("regen 1",)),
     "hp=4,attack=green+yellow", D(4, "green yellow")),
    ("regen-2", "hp=4,attack=blue+yellow,skills=regen 2", D(4, "blue yellow", ("regen 2",)),
     "hp=4,attack=black+blue", D(4, "black blue")),
    ("bloodlust", "hp=6,attack=blue+yellow,skills=bloodlust", D(6, "blue yellow", ("bloodlust",)),
     "hp=5,attack=green+blue", D(5, "green blue")),
    ("bloodlust-unhurt-long", "hp=5,attack=yellow,skills=bloodlust", D(5, "yellow", ("bloodlust",)),
     "hp=3,attack=yellow", D(3, "yellow")),
    ("regen-then-bloodlust", "hp=3,attack=yellow,skills=regen 1|bloodlust", D(3, "yellow", ("regen 1", "bloodlust")),
     "hp=5,attack=black+yellow", D(5, "black yellow")),
    ("parry-retaliate", "hp=3,attack=green,skills=parry|retaliate", D(3, "green", ("parry", "retaliate")),
     "hp=4,attack=532", D(4, "black blue yellow")),
    ("fury-aura", "hp=4,attack=yellow,skills=fury-aura", D(4, "yellow", ("fury-aura",)),
     "hp=5,attack=black+blue", D(5, "black blue")),
    ("fury-aura-vs-parry", "hp=3,attack=2black,skills=fury-aura", D(3, "black black", ("fury-aura",)),
     "hp=3,attack=blue,skills=parry|retaliate", D(3, "blue", ("parry", "retaliate"))),
    ("whirlwind-vs-absorb", "hp=4,attack=yellow,skills=whirlwind", D(4, "yellow", ("whirlwind",)),
     "hp=4,attack=yellow+blue,skills=absorb", D(4, "yellow blue", ("absorb",))),
    ("whirlwind-vs-parry", "hp=4,attack=black+blue,skills=whirlwind", D(4, "black blue", ("whirlwind",)),
     "hp=3,attack=blue+yellow,skills=parry", D(3, "blue yellow", ("parry",))),
    ("long-shot-vs-absorb", "hp=3,attack=yellow,skills=long-shot 4", D(3, "yellow", ("long-shot 4",)),
     "hp=3,attack=blue,skills=absorb", D(3, "blue", ("absorb",))),
    ("long-shot-vs-parry", "hp=3,attack=black,skills=long-shot 4", D(3, "black", ("long-shot 4",)),
     "hp=2,attack=yellow,skills=parry", D(2, "yellow", ("parry",))),
    ("dig-in", "hp=4,attack=blue,skills=dig-in", D(4, "blue", ("dig-in",)), "hp=4,attack=green", D(4, "green")),
    ("hardened-retaliate-regen", "hp=5,attack=green+yellow,skills=hardened|retaliate",
     D(5, "green yellow", ("hardened", "retaliate")),
     "hp=5,attack=black+blue,skills=regen 1|bloodlust", D(5, "black blue", ("regen 1", "bloodlust"))),
]


def seed_of(*parts: str) -> int:
    return zlib.crc32("/".join(parts).encode())


def _fighters(case):
    _, fa, oa, fb, ob = case
    return F(fa), oa, F(fb), ob


def _tactic_cases():
    """Blitz, Bolster Health and the reduce-damage tactic on catalog units (fighter_from_unit)."""
    from hoplostat.catalog import load

    cat = load()
    warrior = cat.unit("kunlun/warrior")
    defender = cat.unit("amazons/defender-1")
    colours = ("yellow", "blue", "green", "black", "red")

    def dice_of(unit):
        return " ".join(c for c, k in zip(colours, unit.attack.counts) for _ in range(k))

    def skills_of(unit):  # the chip's map-free skills, as printed ("regen 1"); the others need a map
        return tuple(str(ref) for ref in unit.skills if ref.id in KNOWN)

    bolster = cat.tactic("bolster-health")
    gain = int(next(e.arg for e in bolster.effects if e.term == "gain-hp"))
    w = D(warrior.health, dice_of(warrior), skills_of(warrior))
    dfd = D(defender.health, dice_of(defender), skills_of(defender))
    return [
        ("blitz", fighter_from_unit(warrior, catalog=cat, tactics=["kunlun/blitz"]),
         D(warrior.health, dice_of(warrior), skills_of(warrior), extra_dice="green"), fighter_from_unit(defender, catalog=cat), dfd),
        ("bolster-health", fighter_from_unit(warrior, catalog=cat, tactics=["bolster-health"]),
         D(warrior.health, dice_of(warrior), skills_of(warrior), gain_hp=gain), fighter_from_unit(defender, catalog=cat), dfd),
        ("reduce-damage-tactic", fighter_from_unit(warrior, catalog=cat),  w,
         fighter_from_unit(defender, catalog=cat, tactics=["atlanteans/tactic"]),
         D(defender.health, dice_of(defender), skills_of(defender), reduce_tactic=1)),
    ]


def all_cases():
    return [(name, *_fighters((name, fa, oa, fb, ob))) for name, fa, oa, fb, ob in CASES] + _tactic_cases()


ALL = all_cases()


@pytest.mark.parametrize("first", ["a", "b"])
@pytest.mark.parametrize("case", ALL, ids=[c[0] for c in ALL])
def test_exact_duel_equals_the_oracle_R_COMBAT_1_to_5(case, first):
    name, fa, oa, fb, ob = case
    want = solve_duel(oa, ob, first=first)
    got = exact_duel(fa, fb, first=first, max_rounds=1000, tol=1e-16)
    assert got.p_timeout < 1e-12
    assert got.p_a_wins == pytest.approx(float(want.p_a_wins), abs=1e-9), name
    assert got.p_b_wins == pytest.approx(float(want.p_b_wins), abs=1e-9), name
    assert got.p_both_defeated == pytest.approx(float(want.p_both_defeated), abs=1e-9), name
    assert got.mean_rounds == pytest.approx(float(want.mean_rounds), abs=1e-9), name


@pytest.mark.parametrize("first", ["a", "b"])
@pytest.mark.parametrize("case", ALL, ids=[c[0] for c in ALL])
def test_simulate_duel_within_four_standard_errors_of_the_oracle(case, first):
    name, fa, oa, fb, ob = case
    want = solve_duel(oa, ob, first=first)
    n = 40_000
    sim = simulate_duel(fa, fb, n, rng=np.random.default_rng(seed_of(name, first)), first=first, max_rounds=1000)
    for key in ("p_a_wins", "p_b_wins", "p_both_defeated"):
        p = float(getattr(want, key))
        se = max(np.sqrt(p * (1 - p) / n), 1 / n)
        assert abs(getattr(sim, key) - p) <= 4 * se, (name, key, getattr(sim, key), p)


# --- the oracle itself, on results worked out by hand ---------------------------------------------


def test_oracle_dice_law_by_hand():
    assert hits_law(("yellow",)) == {0: Fraction(4, 6), 1: Fraction(2, 6)}
    assert hits_law(("black", "blue")) == {0: Fraction(1, 12), 1: Fraction(1, 2), 2: Fraction(5, 12)}


def test_oracle_by_hand_red_dice_retaliate_absorb_parry():
    # red dice always hit: A (2 red, 3 HP) kills B (4 HP, 1 red) in round 2, before B's second hit
    assert solve_duel(D(3, "red red"), D(4, "red")).p_a_wins == 1
    # both 1 HP, red; B has Retaliate: A's hit is answered though B falls -> both defeated
    assert solve_duel(D(1, "red"), D(1, "red", ("retaliate",))).p_both_defeated == 1
    # B absorbs A's single red hit (dealt 0) and retaliates each time: A (1 HP) falls in round 1
    r = solve_duel(D(1, "red"), D(5, "yellow", ("absorb", "retaliate")))
    assert r.p_b_wins == 1 and r.mean_rounds == 1
    # Long Shot 1/3 per turn against a Parry unit whose yellow attack hits 1/3: A (1 HP) first vs B (1 HP):
    # P(A wins) = sum over rounds of (2/3 * 2/3)^k * 1/3 = (1/3) / (1 - 4/9) = 3/5
    assert solve_duel(D(1, "black", ("long-shot 4",)), D(1, "yellow", ("parry",))).p_a_wins == Fraction(3, 5)


def test_oracle_bloodlust_and_bolster_by_hand():
    # Bloodlust while unhurt: no black die. A (2 HP, Health 2, yellow, Bloodlust) vs B (1 HP, red), A first:
    # A wins only by hitting with its yellow die in round 1 (1/3); B's red hit leaves A at 1 HP, now with
    # yellow+black (P(at least one hit) = 1 - 4/6*1/6 = 8/9); if that misses, B's second hit defeats A.
    assert solve_duel(D(2, "yellow", ("bloodlust",)), D(1, "red")).p_a_wins == Fraction(1, 3) + Fraction(2, 3) * Fraction(8, 9)
    # hurt from the start (1 HP of Health 3): yellow+black in round 1 -> 8/9
    assert solve_duel(D(1, "yellow", ("bloodlust",), health=3), D(1, "red")).p_a_wins == Fraction(8, 9)
    # Bolster Health: 2 HP above Health is not "below Health": A (Health 1, +2 HP = 3 HP) vs B red 1 HP:
    # A attacks at 3, 2 and 1 HP, never below its Health, so with its yellow die alone each time
    assert solve_duel(D(1, "yellow", ("bloodlust",), gain_hp=2), D(1, "red")).p_a_wins == 1 - Fraction(2, 3) ** 3
