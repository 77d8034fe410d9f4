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


# --- summarize, turns_to_kill and the simulator in full (each found by a surviving mutant) ---


def _tail(dist, hp):
    return sum((p for k, p in dist.items() if k >= hp), Fraction(0))


def _volleys_to_kill(single, hp, turns):
    """P(defeated by exactly the n-th volley), n = 1..turns, and P(standing after them), from the
    oracle: P(N <= n) = P(sum of n independent volleys >= hp)."""
    total, before, p = {0: Fraction(1)}, Fraction(0), []
    for _ in range(turns):
        total = oracle.convolve(total, single)
        now = _tail(total, hp)
        p.append(now - before)
        before = now
    return p, 1 - before


def test_summarize_reports_every_figure_of_two_attacks_on_one_target():
    """Every key of `summarize` restated from the oracle: a Blitz-like attack with a reroll, bonus and
    reduction, plus a yellow die changed to blue; exact and float figures, volleys to defeat 3 HP."""
    a1 = Attack(parse_pool("black+blue"), extra=parse_pool("green"), reroll=1, bonus=2, reduce=1)
    a2 = Attack(parse_pool("yellow"), change_to="blue")
    single = oracle.convolve(
        oracle.damage_distribution(["black", "green", "blue"], reroll=1, bonus=2, reduce=1),
        oracle.damage_distribution(["blue"]),
    )
    exact = oracle.as_list(single, 6)  # a1 deals at most 3 + 2 - 1, a2 at most 1
    out = summarize([a1, a2], hp=3, fractions=True)
    assert out["attacks"] == [
        {"pool": "black+blue", "dice": "black+green+blue", "digits": "543", "reroll": 1, "bonus": 2,
         "reduce": 1, "extra": "green", "change_to": None},
        {"pool": "yellow", "dice": "blue", "digits": "3", "reroll": 0, "bonus": 0, "reduce": 0,
         "extra": None, "change_to": "blue"},
    ]
    assert out["title"] == "black+green+blue, reroll 1, +2 on hit, -1 reduction + blue"
    assert out["pmf"] == pytest.approx([float(f) for f in exact], abs=1e-15)
    mean = sum(k * f for k, f in enumerate(exact))
    assert out["mean"] == pytest.approx(float(mean), rel=1e-12)
    assert out["sd"] == pytest.approx(float(sum(k * k * f for k, f in enumerate(exact)) - mean**2) ** 0.5, rel=1e-12)
    assert out["at_least"] == pytest.approx([float(sum(exact[k:])) for k in range(6)], abs=1e-15)
    assert out["pmf_fractions"] == [f"{f.numerator}/{f.denominator}" for f in exact]
    assert out["hp"] == 3
    assert out["kill"] == pytest.approx(float(_tail(single, 3)), abs=1e-15)
    kill = _tail(single, 3)
    assert out["kill_fraction"] == f"{kill.numerator}/{kill.denominator}"
    assert "monte_carlo" not in out
    # volleys: the chain stops at the first volley after which P(standing) < 1e-9
    ttk = out["turns_to_kill"]
    turns = next(n for n in range(1, 50) if _volleys_to_kill(single, 3, n)[1] < Fraction(1, 10**9))
    p, more = _volleys_to_kill(single, 3, turns)
    assert ttk["p"] == pytest.approx([float(x) for x in p], abs=1e-13)
    assert ttk["p_more"] == pytest.approx(float(more), rel=1e-6)
    # the mean over the volleys listed, conditional on defeat among them
    assert ttk["mean"] == pytest.approx(float(sum((n + 1) * x for n, x in enumerate(p)) / sum(p)), rel=1e-12)


def test_summarize_defaults_and_the_round_cap_of_its_volleys():
    """Without options: no fractions, no Monte Carlo. One yellow die (1 damage with P = 1/3) against
    3 HP is still standing after the default 50 volleys with P(Bin(50, 1/3) <= 2) > 1e-9, so no mean."""
    from scipy.stats import binom

    out = summarize([Attack(parse_pool("yellow"))])
    assert "pmf_fractions" not in out and "monte_carlo" not in out and "hp" not in out
    assert "kill" not in out and "turns_to_kill" not in out
    out = summarize([Attack(parse_pool("yellow"))], hp=3)
    assert "pmf_fractions" not in out and "kill_fraction" not in out
    ttk = out["turns_to_kill"]
    assert len(ttk["p"]) == 50
    assert ttk["p_more"] == pytest.approx(binom.cdf(2, 50, 1 / 3), rel=1e-9)
    assert ttk["mean"] is None
    assert ttk["p"] == pytest.approx([binom.pmf(2, n - 1, 1 / 3) / 3 for n in range(1, 51)], abs=1e-15)
    out = summarize([Attack(parse_pool("yellow"))], hp=3, max_turns=60)
    assert len(out["turns_to_kill"]["p"]) == 60
    out = summarize([Attack(parse_pool("yellow"))], fractions=True)
    assert out["pmf_fractions"] == ["2/3", "1/3"] and "kill_fraction" not in out


def test_summarize_monte_carlo_figures_from_its_own_sample():
    """Estimates and standard errors are the textbook ones of the sample drawn from ``rng``."""
    attacks = [Attack(parse_pool("3yellow+red"), bonus=1)]
    mc = 20  # small, so that the largest damage (5, P = 1/27) is missing from the sample
    out = summarize(attacks, hp=3, mc=mc, rng=np.random.default_rng(8))
    sample = simulate_damage(attacks, mc, rng=np.random.default_rng(8))
    assert sample.max() < 5 and len(out["pmf"]) == 6
    m = out["monte_carlo"]
    p_hat = np.bincount(sample, minlength=6) / mc
    assert m["n"] == mc
    assert m["pmf"] == pytest.approx(p_hat.tolist(), abs=0) and len(m["pmf"]) == len(out["pmf"])
    assert m["pmf_se"] == pytest.approx(np.sqrt(p_hat * (1 - p_hat) / mc).tolist(), rel=1e-12)
    assert m["mean"] == pytest.approx(sample.mean(), rel=1e-12)
    assert m["mean_se"] == pytest.approx(np.std(sample, ddof=1) / np.sqrt(mc), rel=1e-12)
    k = np.mean(sample >= 3)
    assert 0 < k < 1 and np.any(sample == 3)  # the case hits the boundary hp == damage
    assert m["kill"] == pytest.approx(k, abs=0)
    assert m["kill_se"] == pytest.approx(np.sqrt(k * (1 - k) / mc), rel=1e-12)
    assert "kill" not in summarize(attacks, mc=mc, rng=np.random.default_rng(8))["monte_carlo"]
    two = summarize(attacks, mc=2, rng=np.random.default_rng(8))["monte_carlo"]
    s2 = simulate_damage(attacks, 2, rng=np.random.default_rng(8))
    assert two["mean_se"] == pytest.approx(np.std(s2, ddof=1) / np.sqrt(2), rel=1e-12)
    assert summarize(attacks, mc=1, rng=np.random.default_rng(8))["monte_carlo"]["mean_se"] is None


def test_summarize_refusals_name_the_problem():
    with pytest.raises(InputError) as err:
        summarize([])
    assert str(err.value) == "no attack given; name at least one dice pool"
    with pytest.raises(ValueError) as err:
        summarize([Attack(parse_pool("532"))], mc=10)
    assert str(err.value) == "summarize(mc=...) needs rng"


def test_turns_to_kill_boundaries():
    """hp = 1 is allowed (one hit defeats); hp < 1 is refused with its message; zero turns leave the
    target standing with P = 1; the values keep the kind of the input (floats or Fractions)."""
    pmf = damage_fractions(Attack(parse_pool("blue")))  # 1/2, 1/2
    assert turns_to_kill(pmf, 1, max_turns=3) == ([Fraction(1, 2), Fraction(1, 4), Fraction(1, 8)], Fraction(1, 8))
    for hp in (0, -2):
        with pytest.raises(InputError) as err:
            turns_to_kill(pmf, hp)
        assert str(err.value) == f"target HP {hp}: must be 1 or more"
    assert turns_to_kill(pmf, 3, max_turns=0) == ([], 1)
    p, more = turns_to_kill([0.5, 0.5], 3, max_turns=4)
    assert all(isinstance(x, float) for x in [*p, more]) and p[0] == 0.0
    # P(standing) halves each turn: 1/2, 1/4, 1/8 = tol (not below it), 1/16 < tol: four turns
    p, more = turns_to_kill([0.5, 0.5], 1, tol=0.125)
    assert len(p) == 4 and more == 0.0625
    p, more = attacks_to_kill(Attack(parse_pool("red")), 2, exact=True)
    assert p == [0, 1] and more == 0 and all(type(x) is Fraction for x in [*p, more])


def test_turns_to_kill_with_gaps_in_the_damage_equals_oracle():
    """A yellow die with +1 on hit deals 0 or 2, never 1: damage so far skips values, and the chain must
    not stop at the first impossible one."""
    attack = Attack(parse_pool("yellow"), bonus=1)
    single = oracle.damage_distribution(["yellow"], bonus=1)
    assert damage_fractions(attack) == [Fraction(2, 3), 0, Fraction(1, 3)]
    p, more = attacks_to_kill(attack, 5, max_attacks=7, exact=True)
    assert (p, more) == _volleys_to_kill(single, 5, 7)


def test_attacks_to_kill_stops_at_its_cap_or_its_tolerance():
    """One yellow die: P(standing after n attacks) = P(Bin(n, 1/3) < hp). Floats stop once that is
    below ``tol`` (1e-12 by default), or at ``max_attacks`` (200 by default)."""
    from scipy.stats import binom

    yellow = Attack(parse_pool("yellow"))

    def first_below(tol):
        return next(n for n in range(1, 500) if binom.cdf(1, n, 1 / 3) < tol)

    p, more = attacks_to_kill(yellow, 2)
    assert all(isinstance(x, float) for x in p) and p[0] == 0  # floats, even where nothing is defeated
    assert len(p) == first_below(1e-12) and more == pytest.approx(binom.cdf(1, len(p), 1 / 3), rel=1e-9)
    p, more = attacks_to_kill(yellow, 2, tol=1e-6)
    assert len(p) == first_below(1e-6)
    p, more = turns_to_kill(list(damage_pmf(yellow)), 2)
    assert len(p) == first_below(1e-12)
    p, more = turns_to_kill(list(damage_pmf(yellow)), 2, tol=1e-6)
    assert len(p) == first_below(1e-6)
    p, more = attacks_to_kill(yellow, 60)
    assert len(p) == 200 and more == pytest.approx(binom.cdf(59, 200, 1 / 3), rel=1e-9)
    p, more = turns_to_kill(list(damage_pmf(yellow)), 60)
    assert len(p) == 200
    p, more = attacks_to_kill(yellow, 60, max_attacks=7)
    assert len(p) == 7
    p, more = attacks_to_kill(Attack(parse_pool("black+yellow"), reduce=1), 4, max_attacks=8, exact=True)
    assert len(p) == 8  # exact values never fall below a tolerance: the cap ends the chain


def test_kill_refuses_hp_below_one():
    with pytest.raises(InputError) as err:
        odds(Attack(parse_pool("532"))).kill(0)
    assert str(err.value) == "target HP 0: must be 1 or more"


def test_describe_names_every_modifier():
    assert Attack(parse_pool("532")).describe() == "black+blue+yellow"
    assert Attack(parse_pool("2red"), reroll=2, bonus=1, reduce=3).describe() == (
        "2red, reroll 2, +1 on hit, -3 reduction")


def test_simulator_without_rerolls_is_the_damage_rule_on_rolled_faces():
    """No reroll: each attack rolls every die once (`roll_faces`, in turn from the same generator) and
    deals max(0, hits + bonus - reduce) when it hit; a single Attack is accepted as well as a list."""
    from hoplostat.dice import roll_faces

    attacks = [Attack(parse_pool("black+yellow"), bonus=1, reduce=2), Attack(parse_pool("2blue"))]
    got = simulate_damage(attacks, 500, rng=np.random.default_rng(4))
    rng = np.random.default_rng(4)
    expected = np.zeros(500, dtype=np.int64)
    for a in attacks:
        hits = roll_faces(a.dice, 500, rng=rng).sum(axis=1)
        expected += np.array([a.damage_of(int(h)) for h in hits])
    assert np.array_equal(got, expected)
    one = simulate_damage(attacks[1], 500, rng=np.random.default_rng(4))
    rng = np.random.default_rng(4)
    assert np.array_equal(one, roll_faces(attacks[1].dice, 500, rng=rng).sum(axis=1))
