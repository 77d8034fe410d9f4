"""Ruling switches (`engine.rulings`, `--ruling NAME=VALUE`): each one changes what its ruling decides, and
nothing else; the default is the ruling as written in docs/rulings.md."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, make_game, mk_unit, put_in_combat

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.rulings import parse, rulings
from hoplostat.errors import InputError
from hoplostat.policies import make

C = 28


@pytest.fixture(scope="module")
def cat():
    return load((), use_env=False)


@pytest.fixture(scope="module")
def grid(cat):
    return HexGrid.of(cat.arena("pozzuoli"))


def test_every_switch_is_listed_with_its_ruling_default_and_alternative():
    got = rulings()
    assert {"retaliate-when-defeated", "inspire-stacks", "pandemonium-hero-counts",
            "alliance-catch-up-after-fourth"} <= set(got)
    for r in got.values():
        assert r.default != r.alternative and {r.default, r.alternative} <= set(r.values)
        assert r.ruling.startswith("R-")


def test_parse_checks_names_and_values_and_drops_defaults():
    assert parse(["retaliate-when-defeated=no", "inspire-stacks=yes"]) == (("retaliate-when-defeated", "no"),)
    with pytest.raises(InputError, match="did you mean 'inspire-stacks'"):
        parse(["inspire-stack=no"])
    with pytest.raises(InputError, match="allowed values are yes, no"):
        parse(["inspire-stacks=maybe"])
    with pytest.raises(InputError, match="NAME=VALUE"):
        parse(["inspire-stacks"])


def test_retaliate_when_defeated_R_ENG_2(grid):
    """Default (R-ENG-2): a unit defeated by an attack still Retaliates; `no`: it does not."""
    for switch, hurt in (({}, 1), ({"retaliate-when-defeated": "no"}, 0)):
        g = make_game(grid, [(mk_unit("a", attack="2red", health=4), 0, C),
                             (mk_unit("r", health=2, skills=["retaliate"]), 1, grid.neighbours[C][0])])
        g.state.rulings = dict(switch)
        a, r = g.state.units
        rules.attack(g, a, r)
        assert r.zone == "discard" and a.hp == 4 - hurt
    # a surviving unit Retaliates under either reading
    g = make_game(grid, [(mk_unit("a", attack="red", health=4), 0, C),
                         (mk_unit("r", health=3, skills=["retaliate"]), 1, grid.neighbours[C][0])])
    g.state.rulings = {"retaliate-when-defeated": "no"}
    rules.attack(g, *g.state.units)
    assert g.state.units[0].hp == 3


def test_inspire_stacks_R_ENG_5(grid):
    """Default (R-ENG-5): each Inspire within 2 hexes adds +1; `no`: +1 at most."""
    near = grid.at_distance(C, 2)
    for switch, bonus in (({}, 2), ({"inspire-stacks": "no"}, 1)):
        g = make_game(grid, [(mk_unit("a", attack="black"), 0, C), (mk_unit("f", health=9), 1, grid.neighbours[C][0]),
                             (mk_unit("i1", skills=["inspire"]), 0, near[0]), (mk_unit("i2", skills=["inspire"]), 0, near[3])])
        g.state.rulings = dict(switch)
        a, f = g.state.units[:2]
        assert rules.attack_profile(g, a, f)[1] == bonus


def _pan(cat, rulings_):
    from hoplostat.rulesets.remastered.pandemonium import setup

    s = setup(cat, ("kunlun", "amazons", "lamosians"), rng=np.random.default_rng(0), first_player=0)
    s.rulings = dict(rulings_)
    g = Game(s, FixedRoller(mode="all"), [Scripted() for _ in range(3)], np.random.default_rng(0))
    hexes = s.mode.deployment_hexes(s, 0)
    put_in_combat(s, s.troops[0].primary_hero, hexes[0])
    units = [u for u in s.units if u.troop == 0 and not u.elite]
    put_in_combat(s, units[0].uid, hexes[1])
    put_in_combat(s, units[1].uid, hexes[2])
    return g


def test_pandemonium_hero_counts_R_PAN_1(cat):
    """Default (R-PAN-1): the hero is one of the three units in combat; `no`: three besides the hero."""
    g = _pan(cat, {})
    g.state.mode.deployment(g, 0)
    assert len(g.state.in_combat(0)) == 3
    g = _pan(cat, {"pandemonium-hero-counts": "no"})
    g.state.mode.deployment(g, 0)
    assert len(g.state.in_combat(0)) == 4


def _alliance_catch_ups(cat, rulings_) -> int:
    from hoplostat.rulesets.remastered.alliance import setup

    s = setup(cat, ("kunlun", "amazons", "lamosians", "parthians"), rng=np.random.default_rng(0), first_player=0)
    s.rulings = dict(rulings_)
    ctrls = [Scripted() for _ in range(4)]
    g = Game(s, FixedRoller(mode="all"), ctrls, np.random.default_rng(0))
    s.mode.begin(g)
    s.active = 0
    for k, troop in enumerate((1, 3)):  # the team behind (b and d) has a unit each in combat
        chosen = next(u for u in s.units if u.troop == troop and u.zone == "camp" and not u.elite)
        put_in_combat(s, chosen.uid, s.mode.deployment_hexes(s, troop)[k])
    for _ in range(4):
        s.mode.gain_favor(g, 0, 5, "test")
    return sum(1 for c in ctrls for d, _ in c.asked if d == "catch-up")


def test_alliance_catch_up_after_fourth_R_ALL_3(cat):
    """Default (R-ALL-3): the catch-up follows all four rewards; `no`: the first three only (Skirmish's rule).
    The team behind has two players, each asked once per catch-up."""
    assert _alliance_catch_ups(cat, {}) == 2 * 4
    assert _alliance_catch_ups(cat, {"alliance-catch-up-after-fourth": "no"}) == 2 * 3


def _games(cat, factions, rulings_, n=40):
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        res = play(cat, GameSpec("skirmish", factions, "pozzuoli", rulings=rulings_),
                   [make("greedy", rng=rng) for _ in factions], rng=rng, log=True)
        out.append((res.rounds, res.end_reason, res.winner, [(t.damage_dealt, t.kills) for t in res.troops],
                    [line for line in res.log if not line.startswith("Rulings changed")]))
    return out


def _defeated_unit_retaliated(log: list[str]) -> bool:
    """The narration shows a Retaliate answering an attack that defeated its unit (between the attack's line
    and the Retaliate line, an "is defeated" line)."""
    defeated = False
    for line in log:
        if " attacks " in line:
            defeated = False
        elif " is defeated" in line:
            defeated = True
        elif "(Retaliate)" in line and defeated:
            return True
    return False


def test_a_switch_changes_the_games_it_should_and_no_others(cat):
    """`retaliate-when-defeated=no` only silences Retaliate from a defeated unit: a game in which no defeated unit
    Retaliated is the same game under either reading, line for line; games in which one did may differ, and
    some do."""
    switch = (("retaliate-when-defeated", "no"),)
    factions = ("amazons", "new-argonauts")  # both field Retaliate units
    plain, switched = _games(cat, factions, ()), _games(cat, factions, switch)
    untouched = [i for i, g in enumerate(plain) if not _defeated_unit_retaliated(g[4])]
    assert untouched and len(untouched) < len(plain)
    for i in untouched:
        assert plain[i] == switched[i], i
    assert any(plain[i] != switched[i] for i in range(len(plain)) if i not in untouched)
