"""Attack odds against the brute-force oracle, Monte Carlo, and properties."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
from hoplostat.dice import COLOURS, Pool, parse_pool
from hoplostat.errors import InputError
from hoplostat.odds import (
    Attack,
    attacks_to_kill,
    damage_fractions,
    damage_pmf,
    focus_fire_weights,
    odds,
    simulate_damage,
    summarize,
    turns_to_kill,
)


def _pool(colours) -> Pool:
    return Pool.of(**{c: list(colours).count(c) for c in set(colours)})


def _check_against_oracle(colours, reroll, bonus, reduce):
    attack = Attack(_pool(colours), reroll=reroll, bonus=bonus, reduce=reduce)
    expected = oracle.damage_distribution(list(colours), reroll=reroll, bonus=bonus, reduce=reduce)
    got = damage_fractions(attack)
    assert got == oracle.as_list(expected, len(got)), (colours, reroll, bonus, reduce)
    assert sum(got) == 1


def test_every_pool_up_to_three_dice_with_every_modifier_equals_oracle():
    """Exact fractions equal the enumeration for 55 pools x 36 modifier sets."""
    cases = 0
    for n in range(1, 4):
        for combo in itertools.combinations_with_replacement(COLOURS, n):
            for reroll, bonus, reduce in itertools.product(range(3), range(3), range(4)):
                _check_against_oracle(combo, reroll, bonus, reduce)
                cases += 1
    assert cases == 55 * 36


def test_random_pools_of_four_to_six_dice_equal_oracle():
    rnd = random.Random(2024)
    for _ in range(100):
        n = rnd.choice([4, 4, 4, 5, 5, 6])
        combo = [rnd.choice(COLOURS) for _ in range(n)]
        reroll = rnd.randint(0, 6 - n)  # keeps the enumeration at most 6**6 outcomes
        _check_against_oracle(combo, reroll, rnd.randint(0, 2), rnd.randint(0, 3))


def test_extra_dice_then_change_colour_equals_oracle():
    """Extra dice are added, then Distract turns every die (added ones too) yellow."""
    attack = Attack(parse_pool("black+blue"), extra=parse_pool("green"), change_to="yellow")
    assert attack.dice == parse_pool("3yellow")
    expected = oracle.damage_distribution(["yellow"] * 3)
    assert damage_fractions(attack) == oracle.as_list(expected, 4)


def test_blitz_adds_a_green_die():
    attack = Attack(parse_pool("532"), extra=parse_pool("green"))
    expected = oracle.damage_distribution(["black", "blue", "yellow", "green"])
    assert damage_fractions(attack) == oracle.as_list(expected, 5)


def test_reduction_never_below_zero_and_bonus_needs_a_hit():
    attack = Attack(parse_pool("yellow"), bonus=2, reduce=0)
    # no hit: 0 damage; one hit: 1 + 2 = 3; never 1 or 2
    assert damage_fractions(attack) == [Fraction(2, 3), 0, 0, Fraction(1, 3)]
    attack = Attack(parse_pool("2red"), bonus=1, reduce=5)
    assert damage_fractions(attack) == [1]


def test_float_pmf_matches_exact_with_and_without_rerolls():
    for text, reroll in [("532", 0), ("532", 2), ("2black+3yellow", 1), ("red+green", 3)]:
        attack = Attack(parse_pool(text), reroll=reroll, bonus=1, reduce=1)
        np.testing.assert_allclose(damage_pmf(attack), [float(f) for f in damage_fractions(attack)], rtol=1e-12)


def test_focus_fire_equals_oracle_convolution():
    a = Attack(parse_pool("532"), reduce=1)
    b = Attack(parse_pool("black+yellow"), reroll=1, bonus=1)
    expected = oracle.convolve(
        oracle.damage_distribution(["black", "blue", "yellow"], reduce=1),
        oracle.damage_distribution(["black", "yellow"], reroll=1, bonus=1),
    )
    weights, denom = focus_fire_weights([a, b])
    assert [Fraction(w, denom) for w in weights] == oracle.as_list(expected, len(weights))
    np.testing.assert_allclose(odds([a, b]).pmf, [float(Fraction(w, denom)) for w in weights], rtol=1e-12)


def test_kill_chance_is_tail_of_exact_distribution():
    a = Attack(parse_pool("532"))
    dist = oracle.damage_distribution(["black", "blue", "yellow"])
    for hp in range(1, 6):
        expected = sum((p for k, p in dist.items() if k >= hp), Fraction(0))
        assert odds(a).kill(hp) == pytest.approx(float(expected), abs=1e-15)


def test_attacks_to_kill_equals_repeated_convolution():
    """P(N <= n) must equal P(sum of n independent attacks >= hp), from the oracle."""
    a = Attack(parse_pool("black+yellow"), reduce=1)
    single = oracle.damage_distribution(["black", "yellow"], reduce=1)
    hp = 4
    p, _ = attacks_to_kill(a, hp, max_attacks=8, exact=True)
    total = {0: Fraction(1)}
    cumulative = Fraction(0)
    for n in range(1, 9):
        total = oracle.convolve(total, single)
        at_least = sum((q for k, q in total.items() if k >= hp), Fraction(0))
        cumulative += p[n - 1]
        assert cumulative == at_least


def test_attacks_to_kill_never_when_no_damage_possible():
    p, p_more = attacks_to_kill(Attack(parse_pool("yellow"), reduce=1), 3, max_attacks=10)
    assert sum(p) == 0 and p_more == 1


def test_turns_to_kill_float_mass_adds_up():
    p, p_more = turns_to_kill(list(damage_pmf(Attack(parse_pool("22")))), 5, max_turns=500)
    assert sum(p) + p_more == pytest.approx(1.0, abs=1e-12)
    assert p_more < 1e-12


@pytest.mark.parametrize(
    "attacks",
    [
        [Attack(parse_pool("532"))],
        [Attack(parse_pool("532"), reroll=2, reduce=1)],
        [Attack(parse_pool("2black+green"), bonus=1), Attack(parse_pool("blue+yellow"), reroll=1)],
        [Attack(parse_pool("4yellow"), extra=parse_pool("green"), change_to="blue")],
    ],
)
def test_monte_carlo_within_four_standard_errors(attacks):
    """The face-by-face simulator (independent code) agrees with the exact PMF."""
    n = 200_000
    sample = simulate_damage(attacks, n, rng=np.random.default_rng(99))
    pmf = odds(attacks).pmf
    counts = np.bincount(sample, minlength=len(pmf))
    assert len(counts) == len(pmf)
    se = np.sqrt(pmf * (1 - pmf) / n)
    assert np.all(np.abs(counts / n - pmf) <= 4 * se + 1e-12)
    assert abs(sample.mean() - odds(attacks).mean) <= 4 * sample.std() / np.sqrt(n)


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(*[st.integers(0, 3)] * 5).filter(lambda c: sum(c) > 0).map(Pool),
    st.integers(0, 3), st.integers(0, 2), st.integers(0, 3),
)
def test_pmf_is_a_distribution(pool, reroll, bonus, reduce):
    attack = Attack(pool, reroll=reroll, bonus=bonus, reduce=reduce)
    fr = damage_fractions(attack)
    assert sum(fr) == 1 and all(f >= 0 for f in fr)
    summary = odds(attack)
    assert summary.at_least[0] == pytest.approx(1.0)
    assert np.all(np.diff(summary.at_least) <= 1e-15)


@settings(max_examples=40, deadline=None)
@given(st.tuples(*[st.integers(0, 3)] * 5).filter(lambda c: sum(c) > 0).map(Pool), st.integers(0, 2))
def test_rerolls_never_lower_the_mean(pool, reroll):
    base = odds(Attack(pool)).mean
    assert odds(Attack(pool, reroll=reroll)).mean >= base - 1e-12
    assert odds(Attack(pool, reroll=reroll + 1)).mean >= odds(Attack(pool, reroll=reroll)).mean - 1e-12


def test_negative_modifiers_rejected():
    with pytest.raises(InputError, match="reduce"):
        Attack(parse_pool("532"), reduce=-1)
    with pytest.raises(InputError, match="purple"):
        Attack(parse_pool("532"), change_to="purple")


def test_summary_keys_and_mc_reproducible():
    attacks = [Attack(parse_pool("532"))]
    a = summarize(attacks, hp=3, fractions=True, mc=1000, rng=np.random.default_rng(1))
    b = summarize(attacks, hp=3, fractions=True, mc=1000, rng=np.random.default_rng(1))
    assert a == b
    assert a["pmf_fractions"] == ["1/18", "13/36", "4/9", "5/36"]
    assert a["kill_fraction"] == "5/36"
