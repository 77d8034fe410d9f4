"""Map-free combat: simulator vs exact chain, exact chain vs recursive oracle, properties.

combat.py's input layer and small pieces, pinned value by value: the fighter spec language, catalog units
and tactics as fighters, the outcome tables and the result objects (what the oracles cannot see: an error
message, a field no duel reads)."""

from __future__ import annotations

import zlib
from fractions import Fraction
from functools import lru_cache

import numpy as np
import oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoplostat.combat import (
    MAP_FREE_SKILLS,
    DuelResult,
    Fighter,
    Outcomes,
    Special,
    attack_outcomes,
    best_action,
    exact_duel,
    fighter_from_unit,
    parse_fighter_spec,
    simulate_brawl,
    simulate_duel,
    special_outcomes,
    with_hp,
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


# --- pinned by mutation testing (formerly tests/test_combat_pinned.py) ------------------------------------------------
F = parse_fighter_spec


# --- the spec language ----------------------------------------------------------------------------------


def test_spec_fields_and_defaults():
    f = F("hp=3,attack=blue+yellow")
    assert (f.name, f.hp, f.health, f.attack) == ("hp=3,attack=blue+yellow", 3, 3, parse_pool("blue+yellow"))
    assert (f.reduce, f.bonus, f.reroll, f.retaliate, f.regen, f.aura) == (0, 0, 0, 0, 0, 0)
    assert (f.bloodlust, f.parry, f.specials, f.ignored, f.unit_id) == (False, False, (), (), None)
    g = F(" name = Bob , hp=4 ,, health=6, attack=black, reduce=1, bonus=2, reroll=1, regen=3, retaliate=2 ")
    assert (g.name, g.hp, g.health) == ("Bob", 4, 6)
    assert (g.reduce, g.bonus, g.reroll, g.regen, g.retaliate) == (1, 2, 1, 3, 2)


def test_spec_numbers_add_to_the_skills():
    f = F("hp=3,attack=black,skills=absorb|retaliate|regen 2,reduce=1,retaliate=1,regen=1")
    assert (f.reduce, f.retaliate, f.regen) == (2, 2, 3)


@pytest.mark.parametrize("skills, field, value", [
    ("absorb", "reduce", 1), ("hardened", "reduce", 1), ("absorb|hardened", "reduce", 2),
    ("retaliate", "retaliate", 1), ("regen", "regen", 1), ("regen 2", "regen", 2), ("fury-aura", "aura", 1),
    ("bloodlust", "bloodlust", True), ("parry", "parry", True),
])
def test_each_map_free_skill_sets_its_field(skills, field, value):
    f = F(f"hp=3,attack=blue,skills={skills}")
    assert getattr(f, field) == value
    plain = F("hp=3,attack=blue")
    others = [k for k in ("reduce", "retaliate", "regen", "aura", "bloodlust", "parry") if k != field]
    assert all(getattr(f, k) == getattr(plain, k) for k in others)
    assert f.attack == parse_pool("blue") and f.specials == ()


def test_dig_in_whirlwind_and_long_shot():
    assert F("hp=3,attack=blue,skills=dig-in").attack == parse_pool("blue+yellow")
    w = F("hp=3,attack=blue,skills=whirlwind")
    assert w.specials == (Special("whirlwind", parse_pool("blue"), per_opponent=True, to_all=True),)
    ls = F("hp=3,attack=blue,skills=long-shot 4")
    assert ls.specials == (Special("long-shot 4", parse_pool("yellow"), per_opponent=False, to_all=False),)
    assert ls.attack == parse_pool("blue")


def test_skill_names_ignore_case_and_spaces_and_map_skills_are_listed_as_ignored():
    f = F("hp=3,attack=blue,skills= Absorb | first-strike |")
    assert f.reduce == 1
    assert f.ignored == ("first-strike",)


def test_known_skills_argument():
    # a skill the caller knows but combat.py does not model is ignored; the map-free ones are always known
    f = F("hp=3,attack=blue,skills=teleport|absorb", known_skills={"teleport"})
    assert f.ignored == ("teleport",) and f.reduce == 1
    assert set(MAP_FREE_SKILLS) >= {"absorb", "whirlwind", "long-shot", "dig-in"}
    with pytest.raises(InputError, match="unknown skill 'first-strike'"):
        F("hp=3,attack=blue,skills=first-strike", known_skills=set())


@pytest.mark.parametrize("spec, message", [
    ("hp=3,attack=5,absorb", "fighter spec 'hp=3,attack=5,absorb': 'absorb' is not key=value; keys: name, hp,"),
    ("hp=3,attack=5,speed=2", "fighter spec 'hp=3,attack=5,speed=2': unknown key 'speed'; keys: name, hp, health,"),
    ("hp=3,hp=4,attack=5", "fighter spec 'hp=3,hp=4,attack=5': hp= given twice ('3' and '4'); give it once"),
    ("hp=3", "fighter spec 'hp=3': missing attack="),
    ("attack=5", "fighter spec 'attack=5': missing hp="),
    ("hp=x,attack=5", "fighter spec 'hp=x,attack=5': hp='x' is not a whole number"),
    ("hp=0,attack=5", "fighter spec 'hp=0,attack=5': hp=0 must be 1 or more"),
    ("hp=2,health=0,attack=5", "health=0 must be 1 or more"),
    ("hp=2,attack=5,reduce=-1", "reduce=-1 must be 0 or more"),
    ("hp=2,attack=5,bonus=1.5", "bonus='1.5' is not a whole number"),
    ("hp=2,attack=5,skills=absorv", "unknown skill 'absorv'; did you mean 'absorb'"),
    ("hp=2,attack=5,skills=zzzzqqq", "unknown skill 'zzzzqqq'; `hoplostat data list skill` lists them"),
    ("hp=2,attack=5,skills=regen x", "skill 'regen x': number expected after the name"),
])
def test_spec_errors_name_what_and_where(spec, message):
    with pytest.raises(InputError) as err:
        F(spec)
    assert message in str(err.value)


def test_fighter_checks_its_numbers():
    for field in ("reduce", "bonus", "reroll", "retaliate", "regen", "aura"):
        with pytest.raises(InputError, match=f"fighter 'x': {field} must be 0 or more"):
            Fighter("x", 2, 2, parse_pool("blue"), **{field: -1})
        Fighter("x", 2, 2, parse_pool("blue"), **{field: 0})
    with pytest.raises(InputError, match="fighter 'x': hp 0 must be 1 or more"):
        Fighter("x", 0, 2, parse_pool("blue"))
    with pytest.raises(InputError, match="fighter 'x': health 0 must be 1 or more"):
        Fighter("x", 2, 0, parse_pool("blue"))
    assert Fighter("x", 1, 1, parse_pool("blue")).hp == 1


def test_bloodlust_dice_only_while_hurt():
    f = F("hp=3,attack=blue,skills=bloodlust")
    assert f.dice(False) == parse_pool("blue")
    assert f.dice(True) == parse_pool("blue+black")
    assert F("hp=3,attack=blue").dice(True) == parse_pool("blue")


def test_with_hp():
    f = with_hp(F("hp=3,health=5,attack=blue"), 2)
    assert (f.hp, f.health) == (2, 5)


# --- catalog units and tactics -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cat():
    from hoplostat.catalog import load

    return load()


def test_unit_as_fighter(cat):
    unit = cat.unit("kunlun/warrior")
    f = fighter_from_unit(unit, catalog=cat)
    assert (f.name, f.unit_id, f.hp, f.health, f.attack) == (unit.name, unit.id, unit.health, unit.health, unit.attack)


def test_tactics_on_a_fighter(cat):
    unit = cat.unit("kunlun/warrior")
    bolster = cat.tactic("bolster-health")
    gain = int(next(e.arg for e in bolster.effects if e.term == "gain-hp"))
    f = fighter_from_unit(unit, catalog=cat, tactics=["bolster-health"])
    assert (f.hp, f.health) == (unit.health + gain, unit.health)
    g = fighter_from_unit(unit, catalog=cat, tactics=["atlanteans/tactic"])
    assert g.reduce == fighter_from_unit(unit, catalog=cat).reduce + 1
    temporary = next(t for t in cat.tactics.values() if t.type == "temporary")
    h = fighter_from_unit(unit, catalog=cat, tactics=[temporary.id])
    assert f"{temporary.id}: temporary tactic (lasts one turn)" in h.ignored
    assert h.attack == unit.attack and h.hp == unit.health


def test_tactic_effects_a_duel_cannot_use_are_listed(cat):
    unit = cat.unit("kunlun/warrior")
    modelled = {"extra-dice", "gain-hp", "reduce-damage"}
    tactic = next(t for t in cat.tactics.values()
                  if t.type != "temporary" and any(e.term not in modelled for e in t.effects))
    f = fighter_from_unit(unit, catalog=cat, tactics=[tactic.id])
    for e in tactic.effects:
        if e.term not in modelled:
            assert f"{tactic.id}: {e}" in f.ignored


def test_tactic_errors(cat):
    unit = cat.unit("kunlun/warrior")
    with pytest.raises(ValueError, match="tactics need the catalog"):
        fighter_from_unit(unit, tactics=["bolster-health"])
    with pytest.raises(InputError, match="unknown tactic 'nope'; known: "):
        fighter_from_unit(unit, catalog=cat, tactics=["nope"])


# --- outcome tables --------------------------------------------------------------------------------------


def test_outcomes_expected_and_cuts():
    o = Outcomes(np.array([0.5, 0.25, 0.25]), np.array([0, 1, 3]), np.array([False, True, True]))
    assert o.expected == pytest.approx(0.25 + 0.75)
    assert o.cuts.tolist() == [0.5, 0.75]
    assert o.to_all is False


def test_attack_outcomes_bonus_reduce_parry():
    a = F("hp=2,attack=red+red,bonus=1")
    d = F("hp=2,attack=blue,reduce=1")
    o = attack_outcomes(a, d, hurt=False, parried=False)
    assert o.p.tolist() == pytest.approx([0, 0, 1])  # two red dice always hit twice
    assert o.removed.tolist() == [0, 1, 2]  # k + bonus - reduce for k > 0, 0 for no hit
    assert o.dealt.tolist() == [False, True, True]
    parried = attack_outcomes(a, d, hurt=False, parried=True)
    assert parried.removed.tolist() == [0, 0, 0] and parried.dealt.tolist() == [False, True, True]
    rr = attack_outcomes(F("hp=2,attack=yellow,reroll=1"), d, hurt=False, parried=False)
    assert rr.p.tolist() == pytest.approx([(4 / 6) ** 2, 1 - (4 / 6) ** 2])  # a miss rolled once more


def test_special_outcomes_per_opponent():
    ww = Special("whirlwind", parse_pool("blue"), per_opponent=True, to_all=True)
    o = special_outcomes(ww, 2)
    assert len(o.p) == 3 and o.removed.tolist() == [0, 1, 2] and o.to_all
    assert not o.dealt.any()
    assert o.p.tolist() == pytest.approx([0.25, 0.5, 0.25])
    one = special_outcomes(Special("long-shot 4", parse_pool("yellow")), 3)
    assert len(one.p) == 2 and not one.to_all


def test_best_action_ties_attack_and_specials_win_only_when_better():
    # yellow attack vs a yellow Long Shot: the same expectation, the attack is taken
    f = F("hp=2,attack=yellow,skills=long-shot 4")
    d = F("hp=2,attack=blue")
    assert best_action(f, d, hurt=False, parried=False).dealt.any()
    # against Parry the attack removes nothing: the Special is taken
    p = F("hp=2,attack=blue,skills=parry")
    assert not best_action(f, p, hurt=False, parried=True).dealt.any()
    # Whirlwind against two opponents: blue dice per opponent and each dealt the total: 2 x 1.0 > yellow+yellow
    w = F("hp=2,attack=2yellow,skills=whirlwind")
    assert best_action(w, d, hurt=False, parried=False, n_opponents=2).to_all
    assert not best_action(w, d, hurt=False, parried=False, n_opponents=1).to_all


# --- results and arguments ---------------------------------------------------------------------------------


def test_duel_result_fields():
    r = DuelResult(0.5, 0.3, 0.1, 0.1, 2.0, [0.5, 0.5])
    assert r.p_draw == pytest.approx(0.2)
    assert r.se(0.5) is None
    d = r.as_dict()
    assert d["p_draw"] == pytest.approx(0.2) and "se" not in d and d["trials"] is None
    s = DuelResult(0.5, 0.3, 0.1, 0.1, 2.0, [0.5, 0.5], trials=100)
    assert s.se(0.5) == pytest.approx(0.05)
    sd = s.as_dict()
    assert sd["se"] == {"p_a_wins": pytest.approx(0.05), "p_b_wins": pytest.approx(np.sqrt(0.21 / 100)),
                        "p_draw": pytest.approx(np.sqrt(0.16 / 100))}
    assert set(sd) == {"p_a_wins", "p_b_wins", "p_draw", "p_both_defeated", "p_timeout", "mean_rounds",
                       "rounds_pmf", "trials", "ignored_skills", "se"}


def test_argument_errors():
    a = F("hp=1,attack=red")
    rng = np.random.default_rng(0)
    with pytest.raises(InputError, match="first must be 'a' or 'b', not 'c'"):
        exact_duel(a, a, first="c")
    with pytest.raises(InputError, match="first must be 'a' or 'b', not 'c'"):
        simulate_duel(a, a, 10, rng=rng, first="c")
    with pytest.raises(InputError, match="trials 0: must be 1 or more"):
        simulate_duel(a, a, 0, rng=rng)
    with pytest.raises(InputError, match="a brawl needs at least one unit per side"):
        simulate_brawl([a], [], 10, rng=rng)
    with pytest.raises(InputError, match="target rule 'x'; allowed: weakest, strongest, random"):
        simulate_brawl([a], [a], 10, rng=rng, target="x")


def test_red_dice_first_mover_wins_and_the_rounds():
    # Red dice always hit: the side that acts first defeats a 1-HP opponent in round 1.
    a, b = F("hp=1,attack=red"), F("hp=1,attack=red")
    for res in (exact_duel(a, b, first="a"), simulate_duel(a, b, 50, rng=np.random.default_rng(0), first="a")):
        assert (res.p_a_wins, res.p_b_wins, res.mean_rounds) == (1.0, 0.0, 1.0)
        assert res.rounds_pmf == [1.0]
    for res in (exact_duel(a, b, first="b"), simulate_duel(a, b, 50, rng=np.random.default_rng(0), first="b")):
        assert (res.p_a_wins, res.p_b_wins) == (0.0, 1.0)
    br = simulate_brawl([a], [b], 50, rng=np.random.default_rng(0), first="b")
    assert (br.p_a_wins, br.p_b_wins, br.mean_rounds, br.trials) == (0.0, 1.0, 1.0, 50)


def test_a_duel_that_never_ends_times_out():
    # Yellow dice against 2 reduction: no damage ever; the round cap ends it as a timeout.
    a = F("hp=2,attack=yellow,reduce=2")
    ex = exact_duel(a, a, max_rounds=7)
    assert ex.p_timeout == pytest.approx(1.0) and len(ex.rounds_pmf) == 7 and np.isnan(ex.mean_rounds)
    sim = simulate_duel(a, a, 20, rng=np.random.default_rng(1), max_rounds=7)
    assert sim.p_timeout == 1.0 and np.isnan(sim.mean_rounds) and sim.rounds_pmf == []
    br = simulate_brawl([a], [a], 20, rng=np.random.default_rng(1), max_rounds=7)
    assert br.p_timeout == 1.0 and np.isnan(br.mean_rounds)


# --- the survivors of the first mutation run (docs/testing-history.md, combat.py) ---------------------------------


def test_a_plain_chip_has_no_skill_fields(cat):
    plain = next(u for u in cat.units.values() if not u.skills)
    f = fighter_from_unit(plain, catalog=cat)
    assert (f.reduce, f.bonus, f.reroll, f.retaliate, f.regen, f.aura) == (0, 0, 0, 0, 0, 0)
    assert f.bloodlust is False and f.parry is False and f.specials == () and f.ignored == ()
    g = F("hp=2,attack=blue")
    assert g.bloodlust is False and g.parry is False


def test_a_reduce_tactic_adds_to_absorb(cat):
    unit = cat.unit("atlanteans/defender-1")
    assert unit.has_skill("absorb")
    f = fighter_from_unit(unit, catalog=cat, tactics=["atlanteans/tactic"])
    assert f.reduce == 2
    assert not any(i.startswith("atlanteans/tactic") for i in f.ignored)  # the effect is modelled, not listed


def test_a_temporary_tactic_does_not_stop_the_next_one(cat):
    unit = cat.unit("kunlun/warrior")
    temporary = next(t for t in cat.tactics.values() if t.type == "temporary")
    bolster = cat.tactic("bolster-health")
    gain = int(next(e.arg for e in bolster.effects if e.term == "gain-hp"))
    f = fighter_from_unit(unit, catalog=cat, tactics=[temporary.id, "bolster-health"])
    assert f.hp == unit.health + gain
    assert f.ignored.count(f"{temporary.id}: temporary tactic (lasts one turn)") == 1
    assert not any(i.startswith("bolster-health") for i in f.ignored)


def test_tactic_error_messages_exactly(cat):
    unit = cat.unit("kunlun/warrior")
    with pytest.raises(ValueError) as err:
        fighter_from_unit(unit, tactics=["bolster-health"])
    assert str(err.value) == "tactics need the catalog"
    with pytest.raises(InputError) as err:
        fighter_from_unit(unit, catalog=cat, tactics=["nope"])
    assert str(err.value) == f"unknown tactic 'nope'; known: {', '.join(sorted(cat.tactics))}"


def test_a_value_may_hold_an_equals_sign():
    assert F("name=a=b,hp=2,attack=blue").name == "a=b"


def test_two_suggestions_are_joined_by_or():
    with pytest.raises(InputError) as err:
        F("hp=2,attack=blue,skills=absorv", known_skills={"absorbs"})
    assert str(err.value).endswith("unknown skill 'absorv'; did you mean 'absorb' or 'absorbs'?")


def test_one_trial_is_played():
    a, b = F("hp=1,attack=red"), F("hp=1,attack=red")
    res = simulate_duel(a, b, 1, rng=np.random.default_rng(0))
    assert (res.p_a_wins, res.p_timeout, res.trials, res.mean_rounds) == (1.0, 0.0, 1, 1.0)
    assert simulate_brawl([a], [b], 1, rng=np.random.default_rng(0)).p_a_wins == 1.0


def test_results_carry_the_ignored_skills():
    a = F("hp=1,attack=red,skills=first-strike")
    b = F("hp=1,attack=red")
    want = {"a": ["first-strike"], "b": []}
    assert exact_duel(a, b).ignored_skills == want
    assert simulate_duel(a, b, 5, rng=np.random.default_rng(0)).ignored_skills == want


@pytest.mark.parametrize("cap, finished", [(2, False), (3, True)])
def test_the_round_cap_is_the_last_round_played(cap, finished):
    # A deals 1 a round (a red die); B's red hit is reduced to 0 by A: B is defeated in round 3 exactly.
    a, b = F("hp=5,attack=red,reduce=1"), F("hp=3,attack=red")
    ex = exact_duel(a, b, max_rounds=cap)
    sim = simulate_duel(a, b, 10, rng=np.random.default_rng(0), max_rounds=cap)
    br = simulate_brawl([a], [b], 10, rng=np.random.default_rng(0), max_rounds=cap)
    for res in (ex, sim, br):
        assert res.p_a_wins == (1.0 if finished else 0.0)
        assert res.p_timeout == (0.0 if finished else 1.0)


def test_exact_mean_rounds_is_over_the_duels_that_ended():
    # A hits 1 in 3 (yellow) and defeats B at the first hit; B never damages A. Capped at 2 rounds:
    # P(end in round 1) = 1/3, in round 2 = 2/9; the mean over the ended ones is (1/3 + 4/9) / (5/9) = 7/5.
    ex = exact_duel(F("hp=1,attack=yellow,reduce=1"), F("hp=1,attack=red"), max_rounds=2)
    assert ex.rounds_pmf == pytest.approx([1 / 3, 2 / 9])
    assert ex.p_timeout == pytest.approx(4 / 9)
    assert ex.mean_rounds == pytest.approx(7 / 5)


def test_regen_never_lowers_hp_above_health():
    # Bolstered above Health (hp 2, Health 1), A keeps its 2 HP: Regen heals only below Health. B (red+red
    # would be too strong) deals 1 a round: A is defeated in round 2, not 1.
    a = F("hp=2,health=1,attack=yellow,reduce=0,skills=regen 1")
    b = F("hp=9,attack=red")
    for res in (simulate_duel(a, b, 10, rng=np.random.default_rng(0)),
                simulate_brawl([a], [b], 10, rng=np.random.default_rng(0)), exact_duel(a, b)):
        assert res.p_b_wins == pytest.approx(1.0) and res.mean_rounds == pytest.approx(2.0)


def _red_brawl(first_skills: str):
    # Red dice always hit. B acts first (4 HP, two red dice): round 1 it defeats the 1-HP A unit (the weakest)
    # and A's 3-HP unit deals it 1; round 2 it takes A's unit to 1 HP and is dealt 1 (at 2); round 3 it wins.
    a = [F(f"hp=1,attack=red{first_skills}"), F("hp=3,attack=red")]
    b = [F("hp=4,attack=2red")]
    return simulate_brawl(a, b, 10, rng=np.random.default_rng(0), first="b")


@pytest.mark.parametrize("skills", ["", ",skills=regen 1", ",skills=fury-aura"])
def test_a_defeated_unit_stays_out_of_the_brawl(skills):
    # A defeated unit neither heals back (Regen), nor deals its Fury Aura, nor attacks.
    res = _red_brawl(skills)
    assert (res.p_b_wins, res.mean_rounds) == (1.0, 3.0)


def test_long_shot_is_not_counted_once_per_opponent():
    # Long Shot hits the target alone: against two opponents it is worth its yellow die (1/3), less than a
    # blue attack (1/2), so the unit attacks and meets Retaliate; a Whirlwind-like count would pick the Special.
    f = F("hp=2,attack=blue,skills=long-shot 4")
    d = F("hp=2,attack=blue,skills=retaliate")
    assert best_action(f, d, hurt=False, parried=False, n_opponents=2).dealt.any()


def test_brawl_error_message_exactly():
    with pytest.raises(InputError) as err:
        simulate_brawl([F("hp=1,attack=red")], [], 10, rng=np.random.default_rng(0))
    assert str(err.value) == "a brawl needs at least one unit per side"
