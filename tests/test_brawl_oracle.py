"""combat.simulate_brawl against the independent brute-force brawl oracle (tests/brawl_oracle.py).

Each case has a skill, a target rule or the turn order decide the result of a small brawl (two or three
units); the simulator (a fixed seed per case) must lie within 4 standard errors of the oracle's
probabilities and mean number of rounds. R-COMBAT-1..5 in a brawl; the oracle is first checked against the
duel oracle (a one-on-one brawl is a duel) and against results worked out by hand.
"""

from __future__ import annotations

import zlib
import numpy as np
import pytest

from brawl_oracle import solve_brawl
from duel_oracle import Duelist, solve_duel
from hoplostat.combat import parse_fighter_spec, simulate_brawl

F = parse_fighter_spec
D = Duelist

# (name, [(spec, oracle unit)] for A, the same for B, first, target rule)
CASES = [
    ("two-on-one", [("hp=3,attack=blue+yellow", D(3, "blue yellow")), ("hp=2,attack=black", D(2, "black"))],
     [("hp=4,attack=black+blue", D(4, "black blue"))], "a", "weakest"),
    ("one-on-two-weakest", [("hp=4,attack=532", D(4, "black blue yellow"))],
     [("hp=3,attack=green", D(3, "green")), ("hp=2,attack=blue+yellow", D(2, "blue yellow"))], "a", "weakest"),
    ("one-on-two-strongest", [("hp=4,attack=532", D(4, "black blue yellow"))],
     [("hp=3,attack=green", D(3, "green")), ("hp=2,attack=blue+yellow", D(2, "blue yellow"))], "a", "strongest"),
    ("one-on-two-random", [("hp=4,attack=532", D(4, "black blue yellow"))],
     [("hp=3,attack=green", D(3, "green")), ("hp=2,attack=blue+yellow", D(2, "blue yellow"))], "a", "random"),
    ("b-first", [("hp=3,attack=black", D(3, "black")), ("hp=2,attack=green", D(2, "green"))],
     [("hp=4,attack=black+green", D(4, "black green"))], "b", "weakest"),
    ("retaliate-against-two", [("hp=2,attack=black+blue", D(2, "black blue")), ("hp=2,attack=green", D(2, "green"))],
     [("hp=4,attack=green,skills=retaliate", D(4, "green", ("retaliate",)))], "a", "weakest"),
    ("parry-against-two", [("hp=3,attack=black", D(3, "black")), ("hp=3,attack=black", D(3, "black"))],
     [("hp=3,attack=black+blue,skills=parry", D(3, "black blue", ("parry",)))], "a", "weakest"),
    ("parry-and-retaliate", [("hp=3,attack=green+yellow", D(3, "green yellow")),
                             ("hp=3,attack=green+blue", D(3, "green blue"))],
     [("hp=3,attack=black,skills=parry|retaliate", D(3, "black", ("parry", "retaliate")))], "b", "weakest"),
    ("absorb-pair", [("hp=4,attack=2black", D(4, "black black"))],
     [("hp=2,attack=blue,skills=absorb", D(2, "blue", ("absorb",))), ("hp=3,attack=yellow", D(3, "yellow"))],
     "a", "strongest"),
    ("regen-against-two", [("hp=2,attack=green", D(2, "green")), ("hp=2,attack=blue", D(2, "blue"))],
     [("hp=3,attack=black,skills=regen 1", D(3, "black", ("regen 1",)))], "a", "weakest"),
    ("fury-aura-hits-all", [("hp=3,attack=yellow,skills=fury-aura", D(3, "yellow", ("fury-aura",)))],
     [("hp=2,attack=green", D(2, "green")), ("hp=3,attack=blue", D(3, "blue"))], "a", "weakest"),
    ("fury-aura-holder-falls", [("hp=1,attack=yellow,skills=fury-aura", D(1, "yellow", ("fury-aura",))),
                                ("hp=3,attack=green", D(3, "green"))],
     [("hp=4,attack=blue+yellow", D(4, "blue yellow"))], "b", "weakest"),
    ("whirlwind-two", [("hp=4,attack=yellow,skills=whirlwind", D(4, "yellow", ("whirlwind",)))],
     [("hp=2,attack=green", D(2, "green")), ("hp=2,attack=blue", D(2, "blue"))], "a", "weakest"),
    ("whirlwind-or-attack", [("hp=4,attack=2black,skills=whirlwind", D(4, "black black", ("whirlwind",)))],
     [("hp=2,attack=blue", D(2, "blue")), ("hp=3,attack=yellow", D(3, "yellow"))], "b", "strongest"),
    ("long-shot-vs-parry", [("hp=3,attack=green,skills=long-shot 4", D(3, "green", ("long-shot 4",))),
                            ("hp=2,attack=blue", D(2, "blue"))],
     [("hp=3,attack=blue+yellow,skills=parry", D(3, "blue yellow", ("parry",)))], "a", "weakest"),
    ("bloodlust-pair", [("hp=4,attack=blue+yellow,skills=bloodlust", D(4, "blue yellow", ("bloodlust",)))],
     [("hp=2,attack=green", D(2, "green")), ("hp=2,attack=yellow", D(2, "yellow"))], "b", "weakest"),
    ("dig-in-pair", [("hp=3,attack=blue,skills=dig-in", D(3, "blue", ("dig-in",))), ("hp=2,attack=yellow", D(2, "yellow"))],
     [("hp=4,attack=black", D(4, "black"))], "a", "weakest"),
]


def seed_of(*parts: str) -> int:
    return zlib.crc32("/".join(parts).encode())


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_simulate_brawl_within_four_standard_errors_of_the_oracle(case):
    name, team_a, team_b, first, target = case
    want = solve_brawl([o for _, o in team_a], [o for _, o in team_b], first=first, target=target)
    n = 40_000
    got = simulate_brawl([F(s) for s, _ in team_a], [F(s) for s, _ in team_b], n,
                         rng=np.random.default_rng(seed_of(name)), first=first, target=target, max_rounds=1000)
    assert got.p_timeout == 0.0
    for key in ("p_a_wins", "p_b_wins", "p_both_defeated"):
        p = getattr(want, key)
        se = max(np.sqrt(p * (1 - p) / n), 1 / n)
        assert abs(getattr(got, key) - p) <= 4 * se, (name, key, getattr(got, key), p)
    assert abs(got.mean_rounds - want.mean_rounds) <= 4 * want.sd_rounds / np.sqrt(n) + 1e-9, \
        (name, got.mean_rounds, want.mean_rounds)


def test_every_case_is_decided_by_something():
    """The cases are not all one-sided: each outcome the simulator must match has probability that a wrong
    model would move (neither side wins almost surely)."""
    for name, team_a, team_b, first, target in CASES:
        want = solve_brawl([o for _, o in team_a], [o for _, o in team_b], first=first, target=target)
        assert 0.02 < want.p_a_wins < 0.98, name


# --- the oracle itself -----------------------------------------------------------------------------------


@pytest.mark.parametrize("first", ["a", "b"])
@pytest.mark.parametrize("a, b", [
    (D(4, "black blue yellow"), D(4, "black blue", ("absorb",))),
    (D(3, "green", ("parry", "retaliate")), D(4, "black blue yellow")),
    (D(4, "blue yellow", ("regen 2",)), D(4, "black blue")),
    (D(4, "yellow", ("whirlwind",)), D(4, "yellow blue", ("absorb",))),
    (D(3, "yellow", ("fury-aura", "bloodlust")), D(4, "green")),
])
def test_oracle_one_on_one_is_the_duel_oracle(a, b, first):
    want = solve_duel(a, b, first=first)
    got = solve_brawl([a], [b], first=first)
    assert got.p_a_wins == pytest.approx(float(want.p_a_wins), abs=1e-9)
    assert got.p_b_wins == pytest.approx(float(want.p_b_wins), abs=1e-9)
    assert got.p_both_defeated == pytest.approx(float(want.p_both_defeated), abs=1e-9)
    assert got.mean_rounds == pytest.approx(float(want.mean_rounds), abs=1e-9)


def test_oracle_red_dice_by_hand():
    # Red dice always hit. A: one 2-HP unit with two red dice; B: 1-HP and 5-HP units with one red die.
    a = [D(2, "red red")]
    b = [D(1, "red"), D(5, "red")]
    # weakest: A kills the 1-HP unit; the 5-HP one deals 1 (A at 1); A deals 2 (5 -> 3); then A is defeated.
    weak = solve_brawl(a, b, target="weakest")
    assert (weak.p_b_wins, weak.mean_rounds, weak.sd_rounds) == (pytest.approx(1.0), pytest.approx(2.0),
                                                                   pytest.approx(0.0, abs=1e-6))
    # strongest: A hits the 5-HP unit (to 3), both B units hit back: A is defeated in round 1.
    strong = solve_brawl(a, b, target="strongest")
    assert strong.p_b_wins == pytest.approx(1.0) and strong.mean_rounds == pytest.approx(1.0)
    # random: half the time the 1-HP unit is the target (2 rounds), half the 5-HP one (1 round)
    rand = solve_brawl(a, b, target="random")
    assert rand.p_b_wins == pytest.approx(1.0) and rand.mean_rounds == pytest.approx(1.5)


def test_oracle_parry_only_stops_the_first_attack_of_a_round():
    # A: two 1-HP units with one red die (always hits); B: a 2-HP Parry unit with a yellow die (hits 1 in 3).
    # Round 1: A's first hit is parried, the second deals 1 (B at 1); B hits an A unit with chance 1/3.
    # Round 2 with both A units: the first attack is parried, the second defeats B. With one A unit left,
    # its one attack a round is always parried, so B wins once it hits, which it does sooner or later.
    got = solve_brawl([D(1, "red"), D(1, "red")], [D(2, "yellow", ("parry",))], first="a")
    assert got.p_b_wins == pytest.approx(1 / 3)
    assert got.p_a_wins == pytest.approx(2 / 3)
    assert got.p_both_defeated == pytest.approx(0.0, abs=1e-12)
