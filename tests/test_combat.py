"""Map-free combat: simulator vs exact chain, exact chain vs recursive oracle, properties."""

from __future__ import annotations

import zlib
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
from hoplostat.combat import (
    Fighter,
    exact_duel,
    fighter_from_unit,
    parse_fighter_spec,
    simulate_brawl,
    simulate_duel,
)
from hoplostat.dice import Pool, parse_pool
from hoplostat.errors import InputError

F = parse_fighter_spec

GRID = [
    ("plain", F("hp=4,attack=532"), F("hp=5,attack=2black")),
    ("absorb", F("hp=4,attack=532"), F("hp=4,attack=black+blue,skills=absorb")),
    ("bonus+reroll", F("hp=5,attack=blue+yellow,bonus=1,reroll=1"), F("hp=5,attack=green+blue")),
    ("retaliate", F("hp=4,attack=532,skills=retaliate"), F("hp=4,attack=2black+yellow")),
    ("regen", F("hp=5,attack=black,skills=regen 1"), F("hp=4,attack=green+yellow")),
    ("bloodlust", F("hp=6,attack=blue+yellow,skills=bloodlust"), F("hp=5,attack=green+blue")),
    ("parry", F("hp=3,attack=green,skills=parry|retaliate"), F("hp=4,attack=532")),
    ("fury-aura", F("hp=4,attack=yellow,skills=fury-aura"), F("hp=5,attack=black+blue")),
    ("whirlwind", F("hp=4,attack=yellow,skills=whirlwind"), F("hp=4,attack=yellow+blue,skills=absorb")),
    ("long-shot", F("hp=3,attack=yellow,skills=long-shot 4"), F("hp=3,attack=blue,skills=absorb")),
    ("dig-in", F("hp=4,attack=blue,skills=dig-in"), F("hp=4,attack=green")),
]


def stable_seed(name: str, first: str) -> int:
    """A seed per case that is the same in every process (``hash(str)`` is salted per process)."""
    return zlib.crc32(f"{name}/{first}".encode())


def rounds_se(ex, n: int) -> float:
    """Standard error of the mean rounds of ``n`` simulated duels, from the exact rounds distribution."""
    pmf = np.asarray(ex.rounds_pmf)
    k = np.arange(1, len(pmf) + 1)
    done = pmf.sum()
    mean = float(np.dot(k, pmf) / done)
    var = float(np.dot((k - mean) ** 2, pmf) / done)
    return np.sqrt(var / (n * done))


@pytest.mark.parametrize("first", ["a", "b"])
@pytest.mark.parametrize("name, a, b", GRID, ids=[g[0] for g in GRID])
def test_simulator_agrees_with_exact_chain(name, a, b, first):
    """simulate_duel (fixed seed per case) within 4 standard errors of exact_duel, outcome by outcome and
    for the mean number of rounds (its standard error from the exact distribution of rounds)."""
    n = 60_000
    sim = simulate_duel(a, b, n, rng=np.random.default_rng(stable_seed(name, first)), first=first)
    ex = exact_duel(a, b, first=first)
    assert ex.p_a_wins + ex.p_b_wins + ex.p_both_defeated + ex.p_timeout == pytest.approx(1.0, abs=1e-9)
    for key in ("p_a_wins", "p_b_wins", "p_both_defeated"):
        p = getattr(ex, key)
        se = max(np.sqrt(p * (1 - p) / n), 1 / n)
        assert abs(getattr(sim, key) - p) <= 4 * se, (key, getattr(sim, key), p)
    assert abs(sim.mean_rounds - ex.mean_rounds) <= 4 * max(rounds_se(ex, n), 1 / n)


def test_red_dice_only_is_exact_in_the_simulator():
    a, b = F("hp=3,attack=2red"), F("hp=4,attack=red")
    ex = exact_duel(a, b)
    sim = simulate_duel(a, b, 1000, rng=np.random.default_rng(0))
    assert ex.p_a_wins == 1.0 and sim.p_a_wins == 1.0
    assert ex.mean_rounds == sim.mean_rounds == 2.0
    # B first: B deals 1 per turn; A (3 HP) still kills first in round 2
    ex_b = exact_duel(a, b, first="b")
    assert ex_b.p_a_wins == 1.0 and ex_b.mean_rounds == 2.0


def test_both_defeated_by_retaliate_is_a_draw():
    """R-COMBAT-2: Retaliate answers even when the defender is defeated by the attack."""
    a = F("hp=1,attack=red")
    b = F("hp=1,attack=red,skills=retaliate")
    ex = exact_duel(a, b)
    sim = simulate_duel(a, b, 100, rng=np.random.default_rng(1))
    assert ex.p_both_defeated == 1.0 and sim.p_both_defeated == 1.0
    assert ex.p_draw == 1.0


def test_retaliate_answers_damage_reduced_to_zero():
    """SKL-5: one hit against Absorb deals 0 HP but is still dealt; Retaliate answers."""
    a = F("hp=1,attack=red")  # exactly one hit
    b = F("hp=5,attack=yellow,skills=absorb|retaliate")
    ex = exact_duel(a, b)
    assert ex.p_b_wins == 1.0 and ex.rounds_pmf[0] == 1.0


def test_round_cap_counts_as_timeout():
    a = F("hp=3,attack=yellow,reduce=5")  # neither can ever remove HP
    b = F("hp=3,attack=yellow,reduce=5")
    ex = exact_duel(a, b, max_rounds=10)
    sim = simulate_duel(a, b, 500, rng=np.random.default_rng(2), max_rounds=10)
    assert ex.p_timeout == pytest.approx(1.0) and sim.p_timeout == 1.0


# --- exact chain against an independent recursive oracle (Fractions) ----------------------


def _oracle_duel(a_dice, a_hp, a_ret, a_red, b_dice, b_hp, b_ret, b_red):
    """P(A wins), P(B wins), P(both) with A first, by memoised recursion over exact attack laws."""
    law_a = oracle.damage_distribution(a_dice, reduce=b_red)
    law_b = oracle.damage_distribution(b_dice, reduce=a_red)
    p0_a = oracle.damage_distribution(a_dice).get(0, Fraction(0))  # P(no hit) -> not dealt
    p0_b = oracle.damage_distribution(b_dice).get(0, Fraction(0))

    def half(law, p_nohit, back):
        """Outcomes of one attack: (P, damage to defender, damage back to attacker)."""
        for dmg, p in law.items():
            if dmg == 0:
                yield p_nohit, 0, 0  # no hit: nothing dealt
                if p - p_nohit:
                    yield p - p_nohit, 0, back  # hits all absorbed: dealt, Retaliate answers
            else:
                yield p, dmg, back

    @lru_cache(maxsize=None)
    def win(x, y):
        """(P(A wins), P(B wins), P(both)) from the start of a round, A attacking first."""
        total = [Fraction(0)] * 3
        loop = Fraction(0)
        for p, dmg, back in half(law_a, p0_a, b_ret):
            x1, y1 = x - back, y - dmg
            if x1 <= 0 or y1 <= 0:
                res = (0, 0, 1) if x1 <= 0 and y1 <= 0 else ((1, 0, 0) if y1 <= 0 else (0, 1, 0))
                total = [t + p * r for t, r in zip(total, res)]
                continue
            for q, dmg2, back2 in half(law_b, p0_b, a_ret):
                x2, y2 = x1 - dmg2, y1 - back2
                if x2 <= 0 and y2 <= 0:
                    res = (0, 0, 1)
                elif y2 <= 0:
                    res = (1, 0, 0)
                elif x2 <= 0:
                    res = (0, 1, 0)
                elif (x2, y2) == (x, y):
                    loop += p * q  # a round in which nothing changed
                    continue
                else:
                    res = win(x2, y2)
                total = [t + p * q * r for t, r in zip(total, res)]
        return tuple(t / (1 - loop) for t in total)

    return win(a_hp, b_hp)


@pytest.mark.parametrize(
    "a, b",
    [
        ((["black", "blue", "yellow"], 4, 0, 0), (["black", "black"], 5, 0, 0)),
        ((["black", "blue", "yellow"], 3, 1, 0), (["green", "blue"], 4, 0, 1)),
        ((["red", "yellow"], 3, 1, 1), (["black", "yellow"], 3, 1, 0)),
    ],
)
def test_exact_chain_equals_recursive_oracle(a, b):
    expected = _oracle_duel(*a, *b)
    fa = Fighter("A", hp=a[1], health=a[1], attack=_pool(a[0]), retaliate=a[2], reduce=a[3])
    fb = Fighter("B", hp=b[1], health=b[1], attack=_pool(b[0]), retaliate=b[2], reduce=b[3])
    ex = exact_duel(fa, fb, tol=1e-16, max_rounds=400)
    assert ex.p_a_wins == pytest.approx(float(expected[0]), abs=1e-12)
    assert ex.p_b_wins == pytest.approx(float(expected[1]), abs=1e-12)
    assert ex.p_both_defeated == pytest.approx(float(expected[2]), abs=1e-12)


def _pool(colours):
    return Pool.of(**{c: colours.count(c) for c in set(colours)})


# --- properties ---------------------------------------------------------------------------

fighters = st.builds(
    lambda hp, dice, ret, red, regen: Fighter("x", hp=hp, health=hp, attack=Pool(dice), retaliate=ret,
                                             reduce=red, regen=regen),
    st.integers(1, 6), st.tuples(*[st.integers(0, 2)] * 5).filter(lambda c: 0 < sum(c) <= 4),
    st.integers(0, 1), st.integers(0, 1), st.integers(0, 1),
)


@settings(max_examples=40, deadline=None)
@given(fighters, fighters)
def test_swapping_a_and_b_swaps_the_results(a, b):
    ab = exact_duel(a, b, first="a")
    ba = exact_duel(b, a, first="b")
    assert ab.p_a_wins == pytest.approx(ba.p_b_wins, abs=1e-12)
    assert ab.p_b_wins == pytest.approx(ba.p_a_wins, abs=1e-12)
    assert ab.p_draw == pytest.approx(ba.p_draw, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(fighters, fighters, st.sampled_from(["yellow", "blue", "green", "black", "red"]), st.sampled_from("ab"))
def test_a_stronger_pool_never_lowers_the_win_probability(a, b, colour, first):
    """Holds when the opponent has no Retaliate. With Retaliate it can fail, and rightly:
    a 1-HP unit facing a 1-HP Retaliate unit may do better by missing (see the next test)."""
    b = Fighter(b.name, hp=b.hp, health=b.health, attack=b.attack, reduce=b.reduce, regen=b.regen)
    stronger = Fighter(a.name, hp=a.hp, health=a.health, attack=a.attack + parse_pool(colour),
                       retaliate=a.retaliate, reduce=a.reduce, regen=a.regen)
    assert exact_duel(stronger, b, first=first).p_a_wins >= exact_duel(a, b, first=first).p_a_wins - 1e-12


def test_more_dice_can_hurt_against_retaliate():
    """R-COMBAT-2 consequence: A (1 HP, Absorb) vs B (1 HP, red die, Retaliate), A first.
    If A hits, B's Retaliate defeats A too (draw); if A misses, B's red hit is absorbed but
    still dealt, so A's own Retaliate defeats B. Adding a die makes A miss less often."""
    a = Fighter("A", hp=1, health=1, attack=parse_pool("black"), reduce=1, retaliate=1)
    b = Fighter("B", hp=1, health=1, attack=parse_pool("red"), retaliate=1)
    more = Fighter("A", hp=1, health=1, attack=parse_pool("black+yellow"), reduce=1, retaliate=1)
    assert exact_duel(a, b).p_a_wins == pytest.approx(1 / 6)
    assert exact_duel(more, b).p_a_wins == pytest.approx(1 / 6 * 4 / 6)


def test_same_seed_same_result():
    a, b = GRID[0][1], GRID[0][2]
    r1 = simulate_duel(a, b, 5000, rng=np.random.default_rng(9))
    r2 = simulate_duel(a, b, 5000, rng=np.random.default_rng(9))
    assert r1.as_dict() == r2.as_dict()


# --- brawls -------------------------------------------------------------------------------


@pytest.mark.parametrize("name, a, b", GRID[:6], ids=[g[0] for g in GRID[:6]])
def test_one_on_one_brawl_is_the_duel(name, a, b):
    n = 40_000
    br = simulate_brawl([a], [b], n, rng=np.random.default_rng(3))
    ex = exact_duel(a, b)
    se = np.sqrt(ex.p_a_wins * (1 - ex.p_a_wins) / n) + 1 / n
    assert abs(br.p_a_wins - ex.p_a_wins) <= 4 * se


def test_brawl_two_on_one_beats_one_on_one():
    a, b = F("hp=4,attack=532"), F("hp=6,attack=2black+blue")
    one = simulate_brawl([a], [b], 20_000, rng=np.random.default_rng(4))
    two = simulate_brawl([a, a], [b], 20_000, rng=np.random.default_rng(4))
    assert two.p_a_wins > one.p_a_wins + 0.1


def test_brawl_red_dice_is_deterministic_and_target_rule_matters():
    # A: two red dice each; B: 1-HP and 5-HP units with 1 red die. Focus weakest kills the 1-HP first.
    a = [F("hp=2,attack=2red")]
    b = [F("hp=1,attack=red"), F("hp=5,attack=red")]
    weak = simulate_brawl(a, b, 10, rng=np.random.default_rng(0), target="weakest")
    strong = simulate_brawl(a, b, 10, rng=np.random.default_rng(0), target="strongest")
    # weakest: A kills the 1-HP unit; B's 5-HP hits back 1 -> A 1 HP; A deals 2 -> 3; B -> A dead.
    assert weak.p_b_wins == 1.0 and weak.mean_rounds == 2.0
    # strongest: A hits 5-HP (->3), both B units hit back (A dead) in round 1.
    assert strong.p_b_wins == 1.0 and strong.mean_rounds == 1.0


def test_bad_specs_and_rules():
    with pytest.raises(InputError, match="hp=0"):
        F("hp=0,attack=532")
    with pytest.raises(InputError, match="missing attack"):
        F("hp=3")
    with pytest.raises(InputError, match="unknown key"):
        F("hp=3,attack=5,speed=2")
    with pytest.raises(InputError, match="not key=value"):
        F("hp=3,attack=5,absorb")
    with pytest.raises(InputError, match="purple"):
        F("hp=3,attack=purple")
    with pytest.raises(InputError, match="target rule"):
        simulate_brawl([F("hp=1,attack=5")], [F("hp=1,attack=5")], 10, rng=np.random.default_rng(0), target="x")


def test_catalog_units_map_to_fighters_and_list_ignored_skills():
    from hoplostat.catalog import load

    cat = load()
    marksman = fighter_from_unit(cat.unit("kunlun/marksman"), catalog=cat)
    assert marksman.attack == parse_pool("black+yellow")
    assert "first-strike" in marksman.ignored  # needs deployment: not map-free
    assert [s.name for s in marksman.specials] == ["long-shot 4"]
    warrior = fighter_from_unit(cat.unit("kunlun/warrior"), catalog=cat, tactics=["kunlun/blitz"])
    assert warrior.attack == parse_pool("black+blue+yellow+green")  # Blitz: a green die
