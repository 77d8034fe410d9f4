"""Dice: pool grammar, exact and float distributions, samplers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
from hoplostat.dice import (
    COLOURS,
    HIT_FACES,
    MAX_POOL,
    Pool,
    hit_fractions,
    hit_pmf,
    hit_weights,
    parse_pool,
    roll_faces,
    sample_hits,
    sample_pmf,
)
from hoplostat.errors import InputError

pools = st.tuples(*[st.integers(0, 4)] * 5).map(Pool)


def test_hit_faces_match_rulebook():
    """Remastered, "Attack": yellow 2, blue 3, green 4, black 5, red 6 hit faces (UNIT-5)."""
    assert dict(zip(COLOURS, HIT_FACES)) == oracle.HITS


@pytest.mark.parametrize(
    "text, expected",
    [
        ("black+blue+yellow", Pool.of(black=1, blue=1, yellow=1)),
        ("532", Pool.of(black=1, blue=1, yellow=1)),
        ("2black+blue+yellow", Pool.of(black=2, blue=1, yellow=1)),
        (" 2 Black + BLUE ", Pool.of(black=2, blue=1)),
        ("black+black", Pool.of(black=2)),
        ("6", Pool.of(red=1)),
        ("22", Pool.of(yellow=2)),
    ],
)
def test_parse_examples(text, expected):
    assert parse_pool(text) == expected


@pytest.mark.parametrize(
    "text, needle",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("purple", "'purple'"),
        ("black+purple", "'purple'"),
        ("517", "'1'"),
        ("5x2", "'5x2'"),
        ("black++blue", "empty term"),
        ("-2black", "negative"),
        ("0black", "zero"),
        ("61yellow", "at most 60"),
        ("6" * 61, "at most 60"),
    ],
)
def test_parse_errors_name_offending_text(text, needle):
    with pytest.raises(InputError) as err:
        parse_pool(text)
    assert needle in str(err.value)


@given(pools)
def test_canonical_text_round_trips(pool):
    if pool.size == 0:
        return
    assert parse_pool(str(pool)) == pool
    assert parse_pool(pool.digits) == pool


@given(st.lists(st.sampled_from(COLOURS), min_size=1, max_size=12), st.randoms())
def test_term_order_and_case_do_not_matter(colours, rnd):
    text = "+".join(c.upper() if rnd.random() < 0.5 else c for c in colours)
    shuffled = list(colours)
    rnd.shuffle(shuffled)
    assert parse_pool(text) == parse_pool("+".join(shuffled))
    assert parse_pool(text).size == len(colours)


@given(pools)
def test_exact_weights_sum_to_six_power(pool):
    assert sum(hit_weights(pool)) == 6**pool.size
    assert sum(hit_fractions(pool)) == 1


@given(pools)
def test_float_pmf_matches_exact(pool):
    exact = [float(f) for f in hit_fractions(pool)]
    np.testing.assert_allclose(hit_pmf(pool), exact, rtol=1e-12, atol=1e-15)
    assert hit_pmf(pool).sum() == pytest.approx(1.0, abs=1e-12)


def test_exact_equals_brute_force_for_every_pool_up_to_four_dice():
    for n in range(0, 5):
        for combo in itertools.combinations_with_replacement(COLOURS, n):
            pool = Pool.of(**{c: combo.count(c) for c in set(combo)})
            expected = oracle.as_list(oracle.damage_distribution(list(combo)), n + 1)
            assert hit_fractions(pool) == expected, combo


def test_large_pool_exact_without_overflow():
    pool = parse_pool("60black")
    w = hit_weights(pool)
    assert sum(w) == 6**60  # far beyond int64
    assert Fraction(w[60], 6**60) == Fraction(5, 6) ** 60


@pytest.mark.parametrize("text", ["532", "2black+green", "4yellow+red", "22"])
def test_sampler_agrees_with_exact_pmf(text):
    pool = parse_pool(text)
    rng = np.random.default_rng(7)
    n = 200_000
    counts = np.bincount(sample_hits(pool, n, rng=rng), minlength=pool.size + 1)
    pmf = hit_pmf(pool)
    se = np.sqrt(pmf * (1 - pmf) / n)
    assert np.all(np.abs(counts / n - pmf) <= 4 * se + 1e-12)


def test_faces_roller_agrees_with_exact_pmf():
    pool = parse_pool("black+green+blue+yellow")
    rng = np.random.default_rng(11)
    n = 200_000
    hits = roll_faces(pool, n, rng=rng).sum(axis=1)
    counts = np.bincount(hits, minlength=pool.size + 1)
    pmf = hit_pmf(pool)
    se = np.sqrt(pmf * (1 - pmf) / n)
    assert np.all(np.abs(counts / n - pmf) <= 4 * se + 1e-12)


def test_sampler_never_draws_zero_probability_values():
    pmf = np.array([0.0, 0.5, 0.0, 0.5, 0.0])
    draws = sample_pmf(pmf, 100_000, rng=np.random.default_rng(3))
    assert set(np.unique(draws)) == {1, 3}


def test_sampler_is_reproducible_from_seed():
    pool = parse_pool("532")
    a = sample_hits(pool, 1000, rng=np.random.default_rng(5))
    b = sample_hits(pool, 1000, rng=np.random.default_rng(5))
    assert np.array_equal(a, b)


def test_red_only_pool_always_hits():
    assert list(hit_pmf(parse_pool("3red"))) == [0, 0, 0, 1]


def test_max_pool_is_sixty():
    assert parse_pool(f"{MAX_POOL}blue").size == MAX_POOL


def test_a_rule_set_dice_set_accepts_only_its_colours():
    """Dice are data of the rule set: a set with black, blue and yellow only (The Lost Cities' attack dice)
    parses its colours and digits with Remastered's faces and refuses the others, naming what it has."""
    from hoplostat.dice import DICE_SETS, REMASTERED_DICE, DiceSet, register_dice

    assert DICE_SETS["remastered"] is REMASTERED_DICE and REMASTERED_DICE.colours == COLOURS
    three = register_dice(DiceSet("test-three", ("yellow", "blue", "black")))
    try:
        assert parse_pool("2black+yellow", dice=three) == parse_pool("2black+yellow")
        assert parse_pool("532", dice=three) == parse_pool("black+blue+yellow")
        with pytest.raises(InputError, match="unknown colour 'green' in test-three; allowed: yellow, blue, black"):
            parse_pool("green", dice=three)
        with pytest.raises(InputError, match="digit '6' is not a die of test-three"):
            parse_pool("62", dice=three)
        with pytest.raises(ValueError):
            DiceSet("bad", ("purple",))
    finally:
        DICE_SETS.pop("test-three")


# --- boundaries and messages the examples above leave open (each found by a surviving mutant) ---


def test_pool_refuses_wrong_length_and_negative_counts():
    """Either fault alone is refused: five counts, none negative."""
    with pytest.raises(ValueError, match=r"invalid dice counts \(1, 2\)"):
        Pool((1, 2))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="invalid dice counts"):
        Pool((0, 0, -1, 0, 0))


def test_pool_of_names_the_first_unknown_colour_and_the_allowed_ones():
    with pytest.raises(InputError) as err:
        Pool.of(purple=1, amber=2, black=1)
    assert str(err.value) == "unknown dice colour 'amber'; allowed: yellow, blue, green, black, red"
    with pytest.raises(InputError) as err:
        Pool.of(purple=1)
    assert str(err.value) == "unknown dice colour 'purple'; allowed: yellow, blue, green, black, red"


def test_colour_index_any_case_and_its_error():
    from hoplostat.dice import colour_index

    assert [colour_index(c) for c in (" Yellow", "BLUE", "green ", "black", "Red")] == [0, 1, 2, 3, 4]
    with pytest.raises(InputError) as err:
        colour_index("purple")
    assert str(err.value) == "unknown dice colour 'purple'; allowed: yellow, blue, green, black, red"


def test_canonical_text_writes_a_single_die_without_count_and_names_an_empty_pool():
    assert str(Pool.of(black=1, blue=2, red=1)) == "red+black+2blue"
    assert str(Pool()) == "(no dice)"
    assert Pool.of(black=1, blue=2).digits == "533"


def test_parse_refuses_what_is_not_text():
    with pytest.raises(InputError, match="empty dice pool"):
        parse_pool(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty dice pool; write colours joined by '+' (e.g. black+blue+yellow) or digits (e.g. 532)"),
        ("5x2", "dice pool '5x2': cannot read term '5x2'; a term is an optional count and a colour"
                " (yellow, blue, green, black, red)"),
        ("purple", "dice pool 'purple': unknown colour 'purple'; allowed: yellow, blue, green, black, red"),
        ("517", "dice pool '517': digit '1' is not a die of remastered; digits are hit faces: "
                "yellow (2), blue (3), green (4), black (5), red (6)"),
    ],
)
def test_parse_error_messages_in_full(text, message):
    """The whole one-line message (DESIGN.md: errors name what was wrong and what is allowed)."""
    with pytest.raises(InputError) as err:
        parse_pool(text)
    assert str(err.value) == message


def test_dice_set_registration_and_refusal_messages():
    from hoplostat.dice import DICE_SETS, DiceSet, register_dice

    three = register_dice(DiceSet("test-three-msg", ("yellow", "blue", "black")))
    try:
        assert DICE_SETS["test-three-msg"] is three
        assert three.describe() == "yellow (2), blue (3), black (5)"
        assert three.digits == {"2": "yellow", "3": "blue", "5": "black"}
    finally:
        DICE_SETS.pop("test-three-msg")
    with pytest.raises(ValueError, match=r"dice set 'bad': colours \['purple'\] are not in the dice table"):
        DiceSet("bad", ("yellow", "purple"))


class _Uniforms:
    """A stand-in generator whose uniforms are given, to test the inverse CDF at its cut points."""

    def __init__(self, values):
        self.values = np.asarray(values, dtype=np.float64)

    def random(self, n):
        assert n == len(self.values)
        return self.values


def test_inverse_cdf_at_cut_points():
    """X = min{k : F(k) > u}: a uniform equal to F(k) belongs to the next value with positive
    probability, so u = 0 never gives a value of probability 0 and u = F(1) = 0.5 gives 3, not 1."""
    pmf = np.array([0.0, 0.5, 0.0, 0.5, 0.0])
    draws = sample_pmf(pmf, 4, rng=_Uniforms([0.0, 0.25, 0.5, 0.75]))
    assert draws.tolist() == [1, 1, 3, 3]


def test_sampler_uses_the_table_it_is_given():
    """A precomputed `inverse_cdf_table` replaces the cumulative sum of ``pmf`` (hot loops pass both)."""
    from hoplostat.dice import inverse_cdf_table

    table = inverse_cdf_table(np.array([0.0, 0.0, 1.0]))
    draws = sample_pmf(np.array([1.0, 0.0, 0.0]), 100, rng=np.random.default_rng(1), table=table)
    assert set(draws.tolist()) == {2}


def test_inverse_cdf_table_of_exact_fractions_is_float64():
    """Exact PMFs (`hit_fractions`) give the same float cut points as their float PMF."""
    from hoplostat.dice import inverse_cdf_table

    pool = parse_pool("532")
    table = inverse_cdf_table(hit_fractions(pool))
    assert table.dtype == np.float64
    np.testing.assert_allclose(table, np.cumsum(hit_pmf(pool))[:-1], rtol=1e-15)


def test_float_probabilities_are_the_nearest_floats_to_the_exact_fractions():
    """Every float the players and the roller compare is the float nearest its exact value, so a game is the
    same on every machine (numpy's vectorised power and convolve differ in the last bit with the CPU's
    instruction set, which once changed greedy's choice between two equal scores)."""
    import itertools
    from fractions import Fraction

    import numpy as np

    from hoplostat.dice import FACES, Pool, hit_pmf, hit_weights
    from hoplostat.engine.rules import PmfRoller
    from hoplostat.odds import Attack, damage_weights, focus_fire_weights, mean_and_tail, odds

    roller = PmfRoller(np.random.default_rng(0))
    for counts in itertools.product(range(3), repeat=5):
        pool = Pool(counts)
        if pool.size == 0:
            continue
        denom = FACES**pool.size
        exact = [Fraction(w, denom) for w in hit_weights(pool)]
        assert hit_pmf(pool).tolist() == [float(f) for f in exact]
        roller.hits(pool)
        assert roller._cdf[pool.counts] == [float(sum(exact[: k + 1])) for k in range(pool.size)]
        for bonus, reduce in ((0, 0), (1, 0), (0, 1), (1, 2)):
            attack = Attack(pool, bonus=bonus, reduce=reduce)
            weights, d = damage_weights(attack)
            fr = [Fraction(w, d) for w in weights]
            mean, tail = mean_and_tail(attack)
            assert mean == float(sum(k * f for k, f in enumerate(fr)))
            assert list(tail) == [float(sum(fr[k:])) for k in range(len(fr))]
            assert odds(attack).pmf.tolist() == [float(f) for f in fr]
    two = [Attack(Pool((1, 1, 0, 0, 0))), Attack(Pool((0, 0, 1, 1, 0)), reduce=1)]
    w, d = focus_fire_weights(two)
    assert odds(two).pmf.tolist() == [float(Fraction(x, d)) for x in w]
