"""The engine's public API used by sweeps: the mode registry, `play`, Skirmish's `play_game`, per-unit summaries."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.engine import GameSpec, mode_class, modes, play
from hoplostat.errors import InputError
from hoplostat.rulesets.remastered.skirmish import play_game

ARENAS = ("pozzuoli", "colosseum")
from hoplostat.policies import make


def _game(cat, arena, seed, policy="greedy", **kw):
    rng = np.random.default_rng(seed)
    return play_game(cat, "skirmish", ["kunlun", "amazons"], arena, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng, **kw)


def test_registered_modes_and_their_arenas():
    got = modes()
    assert list(got)[:3] == ["skirmish", "onslaught", "ascension"]
    assert mode_class("skirmish").arenas == ARENAS
    assert mode_class("onslaught").arenas == ("pozzuoli",)
    assert mode_class("ascension").arenas == ("colosseum",)
    for name, cls in got.items():
        assert cls.name == name and cls.ruleset and cls.summary and cls.seats


def test_unknown_mode_is_an_input_error(cat):
    with pytest.raises(InputError, match="did you mean 'skirmish'"):
        play(cat, GameSpec("skirmsh", ("kunlun", "amazons")), [], rng=np.random.default_rng(0))
    with pytest.raises(InputError):
        play_game(cat, "onslaught", ["kunlun", "amazons"], "pozzuoli", [], rng=np.random.default_rng(0))
    with pytest.raises(InputError, match="arena"):
        play(cat, GameSpec("onslaught", ("kunlun",), "colosseum"), [], rng=np.random.default_rng(0))


@pytest.mark.parametrize("arena", ARENAS)
def test_first_player_can_be_forced_and_is_red(cat, arena):
    """The API's `first_player`: 0 or 1 forces which player (position in `factions`) plays first (and is red);
    None draws it (both occur). The random order itself (SKR-1) is tested in tests/rulesets/remastered/test_skirmish.py."""
    for fp in (0, 1):
        for seed in range(3):
            r = _game(cat, arena, seed, log=True, first_player=fp, max_rounds=2)
            assert r.first_player == fp
            assert r.troops[fp].side == "red" and r.troops[1 - fp].side == "blue"
            first_turn = next(line for line in r.log if line.startswith("-- Round 1"))
            assert r.troops[fp].faction in first_turn
    firsts = {_game(cat, arena, seed, max_rounds=1).first_player for seed in range(12)}
    assert firsts == {0, 1}
    with pytest.raises(InputError):
        _game(cat, arena, 0, first_player=2)


@pytest.mark.parametrize("arena", ARENAS)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_unit_summaries_add_up_to_troop_summaries(cat, arena, policy):
    """GameResult.units: one row per chip that could take part; sums agree with the troop summaries."""
    for seed in range(12):
        r = _game(cat, arena, seed, policy)
        for p, t in enumerate(r.troops):
            us = [u for u in r.units if u.seat == p]
            assert {u.faction for u in us} == {t.faction}
            kinds = [u.unit_id for u in us]
            assert len([k for k in kinds if k != "sentinel"]) in (11, 12)  # hero + 10 units (+ a gained neutral hero)
            assert sum(u.times_deployed for u in us) == t.units_deployed
            assert sum(u.damage_dealt for u in us) + t.tactic_damage == t.damage_dealt
            assert sum(u.kills for u in us) + t.tactic_kills == t.kills
            assert sum(u.times_defeated for u in us) == t.units_lost
            for u in us:
                assert u.defeated == (u.times_defeated > 0)
                assert u.deployed or (u.times_deployed == 0 and u.damage_dealt == 0 and not u.defeated)
            if arena == "colosseum":
                hero = next(u for u in us if u.unit_id.endswith("-hero") or u.unit_id == "feng")
                assert hero.deployed  # chained in combat from set-up
        total_kills = sum(t.kills for t in r.troops)
        assert total_kills <= sum(t.units_lost for t in r.troops)


@pytest.mark.parametrize("mode, titan, win", [("onslaught", "", "all immortals defeated"),
                                               ("ascension", "mars", "titan defeated")])
def test_solo_and_coop_outcomes_R_ENG_28(cat, mode, titan, win):
    """R-ENG-28: a solo or co-op game's outcome per seat is `won` when the players beat the game (every
    immortal / the titan defeated), `draw` at the round cap, `lost` otherwise (a primary hero defeated, a
    forfeit); every seat of a co-op team has the same outcome."""
    seen = set()
    for seed, (factions, cap) in enumerate([(("kunlun",), 3), (("kunlun", "amazons"), 3), (("amazons",), 200),
                                            (("lamosians", "parthians"), 200), (("atlanteans",), 200)] * 2):
        rng = np.random.default_rng(seed)
        r = play(cat, GameSpec(mode, factions, titan=titan, max_rounds=cap), [make("greedy", rng=rng)], rng=rng)
        want = "won" if r.end_reason == win else "draw" if r.capped else "lost"
        assert [t.outcome for t in r.troops] == [want] * len(factions), (seed, r.end_reason)
        assert r.won == (want == "won") and r.winner is None
        seen.add(want)
    assert {"draw", "lost"} <= seen
