"""The Lost Cities (player against player): whole games from seeds: invariants at every turn, determinism,
the ends of a game, the result and its sweep rows. The rules one by one are in
tests/rulesets/test_lost_cities_rules.py (TLC-*, R-TLC-*)."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.mode import ROW_HEAD
from hoplostat.engine.state import BAG, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.lost_cities import base, favor
from hoplostat.rulesets.lost_cities import mode as tlc
from hoplostat.rulesets.lost_cities.base import ARENA_TROOP, is_arena_unit
from hoplostat.rulesets.lost_cities.mode import LostCities

CAT = load(ruleset="lost-cities")
CITIES = sorted(CAT.factions)
PAIRS = [(a, b) for a in CITIES for b in CITIES if a != b]


def check(g, turn) -> None:
    """Invariants of a Lost Cities state after every turn."""
    s = g.state
    held = sum(u.hp for u in s.units if u.zone == COMBAT and not is_arena_unit(u))
    assert s.supply[base.POOL] >= 0 and s.supply[base.POOL] + held == 100, turn.header  # one pool of 100
    arena_held = sum(u.hp for u in s.units if u.zone == COMBAT and is_arena_unit(u))
    assert s.supply[base.ARENA_POOL] + arena_held == base.ARENA_CHIPS, turn.header  # the arena's own (R-TLC-18)
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained and s.board[u.hex] == u.uid, (u.name, turn.header)
        if is_arena_unit(u):
            assert u.troop == ARENA_TROOP and u.zone in (TRACK, BAG, COMBAT, DISCARD)
        else:
            assert u.troop in (0, 1)
    for p in (0, 1):
        t = s.troops[p]
        assert tlc.hand_count(s, p) <= t.hand_size
        assert t.level == favor.level_of(t.favor_total)
        assert len(t.cf_hand) <= min(t.level, 3) and all(any(x is c for x in t.tactics_camp) for c in t.cf_hand)
        for c in t.arena_bag:
            assert s.units[c].zone == BAG
        hero = s.units[t.primary_hero]
        assert hero.active == (t.level >= 1) or hero.zone != COMBAT
        cf = s.units[t.cf_gladiator]
        assert cf.zone == TRACK or t.cf_unlocked
    for h in s.grid.tagged("champion-start"):
        assert s.board[h] < 0 or s.units[s.board[h]].zone == COMBAT


def games(n: int, policy: str, *, log: bool = False):
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        spec = LostCities.validate(CAT, GameSpec("lost-cities", PAIRS[seed % len(PAIRS)]))
        out.append(play(CAT, spec, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng, log=log,
                        after_turn=check))
    return out


@pytest.mark.slow
def test_a_thousand_seeded_games_keep_the_invariants_and_end():
    """Invariants over 1,000 greedy games and 200 random ones (the pool of 100 health chips conserved, hands of
    at most five, meter levels matching the favor, arena chips only in the arena's troop, bags, the arena or
    out); every game ends (a champion falls, or the round cap)."""
    for policy, n in (("greedy", 1000), ("random", 200)):
        for res in games(n, policy):
            assert res.end_reason == "champion defeated" or res.capped


def test_seeded_games_keep_the_invariants_replay_identically_and_end():
    a = games(12, "greedy", log=True)
    b = games(12, "greedy", log=True)
    assert [r.log for r in a] == [r.log for r in b]
    assert all(r.end_reason == "champion defeated" or r.capped for r in a)
    assert any(r.winner == 0 for r in a) and any(r.winner == 1 for r in a)
    assert sum(r.extras["arena_entered"] for r in a) > 0  # beasts and criminals do come into play
    for r in games(6, "random"):
        assert r.end_reason == "champion defeated" or r.capped


def test_the_result_names_the_rule_set_and_its_rows_follow_the_schema_TLC_13():
    rng = np.random.default_rng(3)
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "el-dorado")))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert res.ruleset == "lost-cities" and res.arena == "pozzuoli" and len(res.troops) == 2
    if res.end_reason == "champion defeated":
        assert res.log[-1] == f"Game over: champion defeated; {res.winner_faction} wins"
    rows = LostCities.rows(res, {k: None for k in ROW_HEAD}, lambda uid: "unit")
    assert set(rows["games"][0]) == set(LostCities.schema("games"))
    assert rows["units"] and {r["faction"] for r in rows["units"]} == {"atlantis", "el-dorado"}
    capped = play(CAT, LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu"), max_rounds=1)),
                  [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert capped.capped and capped.winner is None and capped.log[-1] == "Game over: round cap (1) reached; draw"


def test_set_up_refuses_another_rule_sets_catalog_and_a_third_city():
    with pytest.raises(InputError, match="The Lost Cities catalog"):
        tlc.setup(load(), ("amazons", "kunlun"), rng=np.random.default_rng(0))
    with pytest.raises(InputError, match="2 cities"):
        tlc.setup(CAT, ("atlantis",), rng=np.random.default_rng(0))


def test_a_forced_first_player_and_the_set_up_narration_TLC_18():
    rng = np.random.default_rng(1)
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("xanadu", "atlantis"), first=1, max_rounds=1))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert res.first_player == 1
    assert res.log[0] == "Set-up: player 1 atlantis on red, player 2 xanadu on blue; atlantis goes first"


def board_check(g, turn) -> None:
    """Invariants of a game against the board after every turn."""
    s = g.state
    held = sum(u.hp for u in s.units if u.zone == COMBAT and not is_arena_unit(u))
    assert s.supply[base.POOL] >= 0 and s.supply[base.POOL] + held == 100, turn.header
    arena_held = sum(u.hp for u in s.units if u.zone == COMBAT and is_arena_unit(u))
    assert s.supply[base.ARENA_POOL] + arena_held == base.ARENA_CHIPS, turn.header
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained and s.board[u.hex] == u.uid, (u.name, turn.header)
        assert (u.troop == s.arena_troop) == is_arena_unit(u)
    assert sum(1 for u in s.in_combat() if u.unit.kind == "boss") <= 1  # one boss at a time (R-TLC-20)
    assert s.bosses_defeated <= len(s.bosses) and s.criminals_defeated <= 4
    meter = s.troops[0]
    assert meter.level == favor.level_of(meter.favor_total)
    for p in s.order:
        assert tlc.hand_count(s, p) <= HAND_SIZE


HAND_SIZE = base.HAND


def board_games(n: int, players: int, policy: str = "greedy"):
    from hoplostat.rulesets.lost_cities.board import LostCitiesBoard

    teams = [t for t in __import__("itertools").combinations(CITIES, players)]
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        spec = LostCitiesBoard.validate(CAT, GameSpec("lost-cities-board", teams[seed % len(teams)]))
        out.append(play(CAT, spec, [make(policy, rng=rng)], rng=rng, after_turn=board_check))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_thousand_seeded_board_games_per_player_count_keep_the_invariants_and_end(players):
    for res in board_games(1000, players):
        assert res.end_reason in ("every boss defeated", "every champion defeated") or res.capped


def test_board_games_keep_the_invariants_and_replay_identically():
    for players in (1, 2, 3):
        a = [(r.won, r.rounds, r.end_reason) for r in board_games(4, players)]
        assert a == [(r.won, r.rounds, r.end_reason) for r in board_games(4, players)]
    assert any(r.won for r in board_games(6, 2))
