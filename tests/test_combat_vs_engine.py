"""Map-free combat (`hoplostat.combat`) against engine duels on an open board, skill by skill.

combat.py re-implements the duel-relevant skills and permanent tactics without a map. Here
the engine plays the same two chips against each other: both in combat on adjacent hexes of
Pozzuoli (no hex there is blocked), nobody moves; a turn is the engine's Abilities step then
its Engage step; troops alternate, the one named first acting first each round, until a unit
is defeated or the round cap. Dice are the engine's `PmfRoller` with a literal seed per case.
P(A wins), P(B wins) and P(draw) (both defeated, or the cap) of `combat.exact_duel` on the
fighters `fighter_from_unit` builds from the same `Unit` chips must lie within 4 binomial
standard errors of the engine's estimate (floor 0.005 near 0 or 1).

Controller (the engine's players): every Ability offered is used (Regen, Fury Aura), and in the
Engage step the unit takes the option with the larger expected HP removed, ties to the attack:
combat's rule (R-COMBAT-4), computed here from the engine's own quantities (the dice, bonus and
reduction of `rules.attack_profile`, 0 when the target's Parry is still unused this round; the
Specials' dice as `data/remastered/skills.toml` defines them), not from combat.py.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.combat import exact_duel, fighter_from_unit
from hoplostat.dice import Pool, hit_pmf

# --- engine internals: every import of the engine (and its test kit) is here, to re-point in one place ---
sys.path.insert(0, str(Path(__file__).parent / "engine"))  # tests/engine/enginekit.py
import hoplostat.rulesets  # noqa: E402, F401  (registers the skill handlers)
from enginekit import make_game, mk_unit  # noqa: E402
from hoplostat.engine import rules  # noqa: E402
from hoplostat.engine.hexgrid import HexGrid  # noqa: E402
from hoplostat.engine.rules import PmfRoller  # noqa: E402
from hoplostat.engine.state import COMBAT  # noqa: E402
from hoplostat.rulesets.remastered.turn import abilities_step, engage_step  # noqa: E402
# ---------------------------------------------------------------------------------------------------

CAT = load()
GRID = HexGrid.of(CAT.arena("pozzuoli"))
HEX_A = 28
HEX_B = GRID.neighbours[HEX_A][0]
MAX_ROUNDS = 60
N_DUELS = 4000


def test_the_board_is_open_around_the_duel():
    """No blocked hex, pedestal or muted hex near the two units (they never move, but Whirlwind, Fury
    Aura and Long Shot look around them)."""
    near = {HEX_A, HEX_B, *GRID.neighbours[HEX_A], *GRID.neighbours[HEX_B]}
    assert GRID.dist[HEX_A][HEX_B] == 1
    assert not any(GRID.move_block[h] or GRID.inner[h] or GRID.pedestal[h] for h in near)


# --- the engine's players ---------------------------------------------------------------------------


def _expected_attack(g, attacker, target) -> float:
    """Expected HP removed by an attack: damage = max(0, hits + bonus - reduction) when hit (R-ODDS-2);
    0 while the target's Parry is unused this round (data/remastered/skills.toml)."""
    s = g.state
    if target.unit.has_skill("parry") and target.parry_turn != s.round:
        return 0.0
    pool, bonus, reduce = rules.attack_profile(g, attacker, target)
    return sum(p * max(0, h + bonus - reduce) for h, p in enumerate(hit_pmf(pool)) if h >= 1)


def _expected_special(g, unit, sid: str) -> float:
    """Expected HP removed (summed over opponents) by a Special, as data/remastered/skills.toml defines it."""
    if sid == "long-shot":  # one yellow die; a hit deals 1 damage
        return hit_pmf(Pool.of(yellow=1))[1]
    if sid == "whirlwind":  # one blue die per adjacent opponent; the hits to each of them
        n = len(rules.targets_in_range(g.state, unit, 1))
        return n * sum(k * p for k, p in enumerate(hit_pmf(Pool.of(blue=n))))
    raise AssertionError(f"no expectation for Special {sid!r}: add it to the test's controller")


class ExpectedDamage:
    """Uses every Ability; engages with the larger expected HP removed, ties to the attack (R-COMBAT-4)."""

    def choose(self, g, troop, decision, options, *, optional):
        s = g.state
        if decision == "ability":
            return options[0]
        if decision == "engage":
            def value(opt):
                u = s.units[opt[1]]
                if opt[0] == "attack":
                    return (round(_expected_attack(g, u, s.units[opt[2]]), 12), 1)
                return (round(_expected_special(g, u, opt[2]), 12), 0)
            return max(options, key=value)
        raise AssertionError(f"unexpected decision {decision!r} in a duel")


@dataclass
class EngineTally:
    n: int
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0


def engine_duels(a, b, *, tactics_a=(), tactics_b=(), first: str, n: int, seed: int) -> EngineTally:
    """Play ``n`` engine duels of chip ``a`` (troop 0) against chip ``b`` (troop 1).

    A turn is the Abilities step then the Engage step: no skill or tactic compared here acts in the
    other steps (temporary tactics, which end in `start_of_turn`, are not modelled by combat: R-COMBAT-6).
    Each troop plays its tactics on its own unit before the first round."""
    rng = np.random.default_rng(seed)
    roller = PmfRoller(rng)
    ctl = ExpectedDamage()
    order = [0, 1] if first == "a" else [1, 0]
    tally = EngineTally(n)
    for _ in range(n):
        g = make_game(GRID, [(a, 0, HEX_A), (b, 1, HEX_B)], roller=roller, controllers=[ctl, ctl], round_=0)
        s = g.state
        s.log = None
        s.order = list(order)
        ua, ub = s.units
        for troop, ids in ((0, tactics_a), (1, tactics_b)):
            for tid in ids:
                tactic = CAT.tactics[tid]
                s.troops[troop].tactics_camp.append(tactic)
                rules.place_tactic(g, troop, tactic, s.units[troop])
        over = False
        for r in range(1, MAX_ROUNDS + 1):
            s.round = r
            for troop in order:
                s.turn += 1
                s.active = troop
                abilities_step(g, troop)
                if ua.zone == COMBAT and ub.zone == COMBAT:
                    engage_step(g, troop)
                over = ua.zone != COMBAT or ub.zone != COMBAT
                if over:
                    break
            if over:
                break
        a_in, b_in = ua.zone == COMBAT, ub.zone == COMBAT
        if a_in and not b_in:
            tally.a_wins += 1
        elif b_in and not a_in:
            tally.b_wins += 1
        else:
            tally.draws += 1
    return tally


# --- the cases ----------------------------------------------------------------------------------------


def U(name: str, health: int, attack: str, *skills: str, range_: int = 1):
    return mk_unit(name, health=health, attack=attack, skills=skills, range_=range_, movement=0)


@dataclass(frozen=True)
class Case:
    id: str
    a: object
    b: object
    first: str
    seed: int
    without: str
    """The skill id (or tactic id) under test: dropping it must change the exact answer by more than
    the tolerance, so the case has the power to see a wrong reading of it."""
    tactics_a: tuple[str, ...] = ()
    tactics_b: tuple[str, ...] = ()


CASES = [
    Case("plain", U("a", 4, "black+blue"), U("b", 5, "green+yellow"), "a", 101, ""),
    Case("absorb", U("a", 5, "2blue+yellow"), U("b", 5, "black+yellow", "absorb"), "a", 102, "absorb"),
    Case("retaliate", U("a", 4, "black+blue+yellow"), U("b", 4, "green+yellow", "retaliate"), "a", 103, "retaliate"),
    Case("retaliate-from-defeated-unit-draws", U("a", 1, "2black"), U("b", 2, "yellow", "retaliate"), "a", 104,
         "retaliate"),
    Case("retaliate-after-absorb-to-zero", U("a", 4, "black+blue+yellow"), U("b", 4, "yellow", "absorb", "retaliate"),
         "b", 105, "retaliate"),
    Case("parry-forces-the-special", U("a", 4, "black+blue", "whirlwind"), U("b", 3, "blue+yellow", "parry"), "a", 106,
         "parry"),
    Case("parry-still-dealt-retaliate", U("a", 4, "2black", "fury-aura"), U("b", 3, "blue", "parry", "retaliate"),
         "b", 107, "retaliate"),
    Case("bloodlust", U("a", 6, "blue+yellow", "bloodlust"), U("b", 5, "green+blue"), "a", 108, "bloodlust"),
    Case("regen", U("a", 5, "black", "regen 1"), U("b", 4, "green+yellow"), "b", 109, "regen"),
    Case("regen-2", U("a", 4, "blue+yellow", "regen 2"), U("b", 4, "black+blue"), "a", 110, "regen"),
    Case("regen-before-bloodlust", U("a", 3, "yellow", "regen 1", "bloodlust"), U("b", 5, "black+yellow"), "a", 111,
         "bloodlust"),
    Case("fury-aura", U("a", 4, "yellow", "fury-aura"), U("b", 5, "black+blue"), "b", 112, "fury-aura"),
    Case("whirlwind", U("a", 4, "yellow", "whirlwind"), U("b", 4, "yellow+blue", "absorb"), "a", 113, "whirlwind"),
    Case("whirlwind-or-attack-with-bloodlust", U("a", 5, "green", "bloodlust", "whirlwind"),
         U("b", 4, "blue+yellow", "absorb"), "a", 114, "whirlwind"),
    Case("whirlwind-tie-attacks-into-retaliate", U("a", 4, "blue", "whirlwind"), U("b", 4, "blue+yellow", "retaliate"),
         "a", 121, "retaliate"),
    Case("long-shot", U("a", 3, "yellow", "long-shot 4", range_=2), U("b", 3, "blue", "absorb"), "a", 115, "long-shot"),
    Case("dig-in", U("a", 4, "blue", "dig-in"), U("b", 4, "green"), "a", 116, "dig-in"),
    Case("blitz", U("a", 4, "black+yellow"), U("b", 5, "2blue"), "b", 117, "kunlun/blitz", tactics_a=("kunlun/blitz",)),
    Case("bolster-health", U("a", 3, "black+blue"), U("b", 4, "black+green"), "a", 118, "bolster-health",
         tactics_a=("bolster-health",)),
    Case("bolster-health-with-bloodlust", U("a", 3, "blue+yellow", "bloodlust"), U("b", 4, "black+yellow"), "b", 119,
         "bolster-health", tactics_a=("bolster-health",)),
    Case("reduce-damage-tactic-with-absorb", U("a", 4, "2black+green"), U("b", 5, "black+blue", "absorb"), "a", 120,
         "atlanteans/tactic", tactics_b=("atlanteans/tactic",)),
]


def _without(case: Case, unit, tactics):
    keep = tuple(r for r in unit.skills if r.id != case.without)
    return replace(unit, skills=keep), tuple(t for t in tactics if t != case.without)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_exact_duel_agrees_with_engine_duels(case):
    fa = fighter_from_unit(case.a, catalog=CAT, tactics=case.tactics_a)
    fb = fighter_from_unit(case.b, catalog=CAT, tactics=case.tactics_b)
    assert fa.ignored == () and fb.ignored == ()
    ex = exact_duel(fa, fb, first=case.first, max_rounds=MAX_ROUNDS)
    eng = engine_duels(case.a, case.b, tactics_a=case.tactics_a, tactics_b=case.tactics_b, first=case.first,
                       n=N_DUELS, seed=case.seed)
    n = eng.n
    tol = {}
    for key, p_exact, k in (("a", ex.p_a_wins, eng.a_wins), ("b", ex.p_b_wins, eng.b_wins),
                            ("draw", ex.p_draw, eng.draws)):
        p_hat = k / n
        tol[key] = max(4 * math.sqrt(p_hat * (1 - p_hat) / n), 0.005)
        assert abs(p_hat - p_exact) <= tol[key], (
            f"{case.id}: P({key}) engine {p_hat:.4f} ({k}/{n}) vs combat {p_exact:.4f}, tolerance {tol[key]:.4f}")
    if case.without:
        ua, ta = _without(case, case.a, case.tactics_a)
        ub, tb = _without(case, case.b, case.tactics_b)
        fa0, fb0 = fighter_from_unit(ua, catalog=CAT, tactics=ta), fighter_from_unit(ub, catalog=CAT, tactics=tb)
        base = exact_duel(fa0, fb0, first=case.first, max_rounds=MAX_ROUNDS)
        shift = max(abs(base.p_a_wins - ex.p_a_wins) / tol["a"], abs(base.p_b_wins - ex.p_b_wins) / tol["b"],
                    abs(base.p_draw - ex.p_draw) / tol["draw"])
        assert shift > 2, f"{case.id}: {case.without} moves the answer by only {shift:.1f} tolerances"


def test_temporary_tactics_are_listed_as_ignored_R_COMBAT_6():
    """The engine discards a temporary tactic at the start of its troop's next turn (R-ENG-10), so it helps
    one turn of a duel; combat cannot give it every turn and lists it as ignored instead."""
    unit = U("a", 4, "black+blue")
    assert CAT.tactics["amazons/tactic"].type == "temporary"
    f = fighter_from_unit(unit, catalog=CAT, tactics=["amazons/tactic", "kunlun/blitz"])
    assert f.ignored == ("amazons/tactic: temporary tactic (lasts one turn)",)
    assert f.attack == fighter_from_unit(unit, catalog=CAT, tactics=["kunlun/blitz"]).attack
