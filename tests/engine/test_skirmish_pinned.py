"""Skirmish (rulesets/remastered/skirmish.py) pinned where its mutation run found it unpinned: the mandatory
third Pozzuoli reward, the Colosseum's favor through the mode, the catch-up's player, the end of the track,
stones counted by the turn's own step, the foothold step after a game's end, set-up's player order, neutral
heroes and narration, the game's entry points (`new_game`, `play_game`, `for_scenario`, `rows`), the bare
board's deployment hexes and the catalog facts' cache. Hand-built positions and a few short games."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from enginekit import Scripted, make_game, mk_tactic, mk_unit
from test_colosseum import BLUE_CHAIN, CENTER, INNER, PLAIN, col_game, track_picker

from hoplostat.catalog.model import FrozenMap
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import play_turn
from hoplostat.engine.mode import GameSpec
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import GreedyController
from hoplostat.rulesets.remastered import skirmish as skirmish_module
from hoplostat.rulesets.remastered.colosseum import HP
from hoplostat.rulesets.remastered.skirmish import BareBoard, Skirmish, claim_pozzuoli_reward, play_game, setup

C = 28


class Passive:
    """Passes whenever it may, else takes the first option."""

    def choose(self, g, troop, decision, options, *, optional):
        return None if optional else options[0]




def _pozzuoli_game(grid, placed, **kw):
    g = make_game(grid, placed, mode=Skirmish(), **kw)
    for p in range(2):
        g.state.troops[p].faction = "ab"[p]
    return g


# --- CF-3: the third reward is not optional ----------------------------------------------------------


def test_third_reward_returns_two_units_even_when_the_player_would_pass_CF_3(grid):
    """CF-3: the third Pozzuoli reward *returns* two discarded units: the choice of which is the player's, but
    not whether. A controller that passes on every optional decision still gets two of its three discarded
    units back, and is asked with `optional=False` when there is a choice to make."""
    dead = [mk_unit(f"dead{i}") for i in range(3)]
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(d, 0) for d in dead])
    s = g.state
    for u in s.units[2:]:
        u.zone = DISCARD
    asked = []

    class Recording(Passive):
        def choose(self, g, troop, decision, options, *, optional):
            asked.append((decision, optional))
            return super().choose(g, troop, decision, options, optional=optional)

    g.controllers = [Recording(), Passive()]
    claim_pozzuoli_reward(g, 0, 3)
    assert [u.zone for u in s.units[2:]].count(CAMP) == 2 and [u.zone for u in s.units[2:]].count(DISCARD) == 1
    assert asked and all(d == "return-unit" and opt is False for d, opt in asked)
    assert s.troops[0].rewards == 3
    # a single discarded unit comes back too (the only choice is taken without asking)
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(mk_unit("dead"), 0)])
    g.state.units[2].zone = DISCARD
    g.controllers = [Passive(), Passive()]
    claim_pozzuoli_reward(g, 0, 3)
    assert g.state.units[2].zone == CAMP


# --- Colosseum favor through the mode (SKR-9, CF-4) ----------------------------------------------


def test_colosseum_favor_gained_through_the_mode_moves_the_chosen_track_CF_4(cat):
    """CF-4: in the Colosseum, favor the mode is told about (e.g. by a tactic's "gain crowd favor") goes to
    the five tracks: the player picks a track and the bead moves that many spaces; the other player's
    track does not move; the narration gives the cause."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 40)])
    s = g.state
    g.controllers = [Scripted({"track": track_picker(HP)}), Scripted()]
    s.mode.gain_favor(g, 0, 3, "a test's gift")
    t0, t1 = s.troops
    assert (t0.track, t0.favor, t0.favor_total) == (HP, 3, 3)
    assert (t1.favor, t1.favor_total) == (0, 0)
    assert any("a test's gift" in line and "earns 3 crowd favor" in line for line in s.log)
    s.mode.gain_favor(g, 1, 2, "the other one")
    assert (t1.favor, t1.favor_total, t0.favor_total) == (2, 2, 3)


def test_colosseum_favor_for_a_units_damage_names_the_unit_SKR_9(cat):
    """SKR-9: favor for HP an opponent loses to your unit's attack; the narration names the unit (a tactic's
    damage is narrated as "a tactic")."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    g = col_game(cat, cgrid, [(mk_unit("a", attack="2red"), 0, 43), (mk_unit("b", health=4), 1, 42)],
                 roller=FixedRoller(mode="all"))
    s = g.state
    g.controllers = [Scripted({"track": track_picker(HP)}), Scripted()]
    rules.attack(g, s.units[0], s.units[1])
    assert s.troops[0].favor_total == 2
    assert any("earns 2 crowd favor (a removed 2 HP)" in line for line in s.log), s.log


def test_colosseum_tactic_that_ends_the_game_stops_the_foothold_step_TURN_2(cat):
    """TURN-2 / SKR-12: a tactic that defeats the opposing primary hero ends the game at once; the
    Colosseum's foothold move (CF-6), the rest of the Tactic Placement step, is not offered after it.
    Without the end the same step offers it."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    for ends in (False, True):
        near = next(h for h in cgrid.neighbours[BLUE_CHAIN]
                    if h not in INNER and h != CENTER and not cgrid.pedestal[h] and h != PLAIN)
        g = col_game(cat, cgrid, [(mk_unit("a"), 0, near), (mk_unit("hero", kind="hero", health=3), 1, BLUE_CHAIN)],
                     hp={1: 1 if ends else 3})
        s = g.state
        s.units[1].is_primary_hero = True
        s.troops[0].foothold_moves = True
        rules.place_foothold(g, 0, 29)
        s.troops[0].tactics_camp.append(mk_tactic("eruption", "instant", "damage-adjacent 1"))
        me = Scripted({"tactic": lambda o: o[0], "track": track_picker(HP)})
        g.controllers = [me, Scripted()]
        s.mode.tactic_placement(g, 0)
        asked = [d for d, _ in me.asked]
        assert (s.winner == 0) == ends
        assert ("foothold" in asked) == (not ends), asked


def test_colosseum_turn_offers_the_foothold_move_in_its_tactic_step_CF_6(cat):
    """CF-6: the foothold reward lets the player move or flip a foothold in the Tactic Placement step of
    every turn: played through the mode's own turn (not the step function alone)."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 40)])
    s = g.state
    s.troops[0].foothold_moves = True
    rules.place_foothold(g, 0, 29)
    me = Scripted()
    g.controllers = [me, Scripted()]
    play_turn(g, s.mode.turn_of(g, 0))
    asked = [d for d, _ in me.asked]
    assert "foothold" in asked


# --- CF-2, SKR-7, SKR-8 on Pozzuoli ------------------------------------------------------------------


def test_no_favor_and_favor_past_the_last_reward_do_nothing_CF_2(grid):
    """CF-2: favor of 0 moves nothing; once the bead is on the last reward "you do not benefit from crowd
    favor any further": the bead stays, no reward, nothing narrated (the total still counts, R-ENG-29)."""
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)])
    s = g.state
    n = len(s.log)
    s.mode.gain_favor(g, 0, 0, "nothing")
    assert len(s.log) == n and s.troops[0].favor == 0 and s.troops[0].favor_total == 0
    t = s.troops[0]
    t.favor = t.favor_total = 20
    t.rewards = 4
    n = len(s.log)
    s.mode.gain_favor(g, 0, 3, "too late")
    assert (t.favor, t.rewards, t.favor_total) == (20, 4, 23)
    assert len(s.log) == n, s.log[n:]


def test_catch_up_goes_to_the_first_player_when_it_is_behind_SKR_8(grid):
    """SKR-8: the catch-up goes to the player with the least total favor: here troop 0 (behind) when troop 1
    reaches its first reward; troop 1's unit is not touched."""
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)],
                       camp=[(mk_unit("hero", kind="hero"), 0), (mk_unit("hero2", kind="hero"), 1)])
    s = g.state
    s.troops[0].primary_hero, s.troops[1].primary_hero = 2, 3
    s.units[3].active = False
    s.troops[0].favor = s.troops[0].favor_total = 2
    g.controllers = [Scripted({"catch-up": lambda o: o[0]}), Scripted({"catch-up": lambda o: o[0]})]
    s.mode.gain_favor(g, 1, 5, "test")
    assert s.units[3].active  # troop 1's first reward
    assert s.units[0].hp == 6 and s.units[1].hp == 4


def test_the_turns_arena_step_counts_the_active_players_stones_SKR_7(grid):
    """SKR-7, TURN-1 step 1: the Skirmish turn's arena step on Pozzuoli checks the stone hexes of the player
    whose turn it is: 1 favor for one stone, narrated with its cause."""
    s1, _ = grid.tagged("stone")
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, s1), (mk_unit("b"), 1, C)])
    s = g.state
    s.mode.arena_step(g, 0)
    assert s.troops[0].favor == 1 and s.troops[1].favor == 0
    assert any("earns 1 crowd favor (1 stone hex(es))" in line for line in s.log)
    s.mode.arena_step(g, 1)
    assert s.troops[1].favor == 0


def test_defeat_favor_is_narrated_with_who_defeated_whom_SKR_7(grid):
    """SKR-7: the 2 favor for a defeat; the log says which unit defeated which."""
    g = _pozzuoli_game(grid, [(mk_unit("a", attack="2red"), 0, C), (mk_unit("b", health=2), 1, grid.neighbours[C][0]),
                              (mk_unit("c"), 1, 0)])
    s = g.state
    rules.attack(g, s.units[0], s.units[1])
    assert s.troops[0].favor == 2
    assert any("earns 2 crowd favor (a defeated b)" in line for line in s.log)


# --- SKR-12 and the end of a game ------------------------------------------------------------------


def test_no_units_loss_names_its_reason_and_the_winner_SKR_12(grid):
    """SKR-12 (Pozzuoli): after round 1 a player with no units in combat loses; the end reason says so and
    the last log line names the winner's faction."""
    g = _pozzuoli_game(grid, [(mk_unit("a", attack="2red"), 0, C), (mk_unit("b", health=2), 1, grid.neighbours[C][0])],
                       round_=2)
    rules.attack(g, g.state.units[0], g.state.units[1])
    s = g.state
    assert s.winner == 0 and s.end_reason == "opponent has no units in combat"
    assert s.log[-1] == "Game over: opponent has no units in combat; a wins"


def test_round_cap_is_the_default_sixty_rounds_and_a_draw(cat):
    """The round cap (a stalled game, not a rule of the book): `play_game` defaults to the mode's 60 rounds;
    the game is a draw and the log ends saying so; no log unless asked for."""
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()],
                  rng=np.random.default_rng(0))
    assert r.rounds == Skirmish.default_max_rounds == 60 and r.winner is None and r.log is None
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()],
                  rng=np.random.default_rng(0), max_rounds=2, log=True)
    assert r.winner is None and r.log[-1].startswith("Game over: round cap") and r.log[-1].endswith("; draw")


# --- entry points --------------------------------------------------------------------------------


def test_play_game_forces_the_first_player_uses_the_roller_and_names_its_arena_SKR_1_R_ENG_1(cat):
    """`play_game(first_player=1)`: the second faction plays first on the red side (R-ENG-1); the roller
    passed in rolls every die; the result names the ruleset and arena it was played on."""
    for arena, first in (("pozzuoli", 0), ("pozzuoli", 1), ("colosseum", 0), ("colosseum", 1)):
        rng = np.random.default_rng(5)
        roller = FixedRoller(mode="all")
        r = play_game(cat, "skirmish", ["kunlun", "amazons"], arena, [GreedyController(rng), GreedyController(rng)],
                      rng=rng, max_rounds=6, roller=roller, first_player=first)
        assert r.first_player == first and r.troops[first].side == "red" and r.troops[1 - first].side == "blue"
        assert r.ruleset == "remastered" and r.arena == arena and r.mode == "skirmish"
        assert roller.rolled


def test_play_game_refuses_another_mode_with_a_message(cat):
    with pytest.raises(InputError, match="plays skirmish only"):
        play_game(cat, "onslaught", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()], rng=np.random.default_rng(0))


def test_new_game_follows_its_spec_SKR_1(cat):
    """`Skirmish.new_game`: the spec's forced first player (SKR-1's order, forced), the roller given, no log
    unless asked, and the mode object of the class it is called on (a bare board's has no favor)."""
    rng = np.random.default_rng(1)
    roller = FixedRoller(mode="none")
    spec = GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli", first=1)
    g = Skirmish.new_game(cat, spec, [Passive(), Passive()], rng=rng, roller=roller)
    assert g.state.order == [1, 0] and g.roller is roller and g.state.log is None
    assert type(g.state.mode) is Skirmish
    spec0 = GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli", first=0)
    assert Skirmish.new_game(cat, spec0, [Passive(), Passive()], rng=rng).state.order == [0, 1]
    b = BareBoard.new_game(cat, spec, [Passive(), Passive()], rng=rng, log=True)
    assert type(b.state.mode) is BareBoard and b.state.log is not None
    b.state.mode.gain_favor(b, 0, 5, "nothing on a bare board")
    assert b.state.troops[0].favor == 0


def test_for_scenario_gives_the_arenas_mode_or_its_bare_board(cat):
    """A scenario's mode: Skirmish on the arena named, or (`bare`) the bare board of that arena."""
    m = Skirmish.for_scenario("colosseum")
    assert type(m) is Skirmish and m.arena_id == "colosseum" and m.is_colosseum
    b = Skirmish.for_scenario("pozzuoli", bare=True)
    assert type(b) is BareBoard and b.arena_id == "pozzuoli"
    assert type(Skirmish.for_scenario("pozzuoli")) is Skirmish


def test_bare_board_deploys_on_the_sides_hexes_and_refuses_an_arena_without_them_ARN_2(cat, grid):
    """ARN-2: a bare Pozzuoli board deploys each side on its own six hexes; an arena with no deploy hexes for
    a side (the Colosseum's are outer/inner/center hexes) is refused with a message naming it."""
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=0)
    b = BareBoard("pozzuoli")
    red, blue = b.deployment_hexes(s, 0), b.deployment_hexes(s, 1)
    assert red == grid.tagged("deploy-red") and blue == grid.tagged("deploy-blue")
    assert len(red) == len(blue) == 6 and not set(red) & set(blue)
    c = setup(cat, ["kunlun", "amazons"], "colosseum", rng=np.random.default_rng(0))
    with pytest.raises(InputError, match=r"^deployment: arena 'colosseum' has no deploy-red hexes; "
                       r"deployment there is not supported by scenarios yet$"):
        BareBoard("colosseum").deployment_hexes(c, 0)


def test_rows_of_a_game_name_the_winner_and_its_units(cat):
    """`Skirmish.rows`: the sweep's games row (winner seat and faction, end reason, per-side counts) and one
    units row per chip that could take part, its kind from the catalog."""
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()],
                  rng=np.random.default_rng(0), max_rounds=1)
    head = {"matchup": "kunlun-amazons", "arena": "pozzuoli", "game": 3, "faction_a": "kunlun", "faction_b": "amazons"}
    rows = Skirmish.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (game,) = rows["games"]
    assert game["winner"] is None and game["rounds"] == 1 and game["end_reason"].startswith("round cap")
    assert game["matchup"] == "kunlun-amazons" and "a_units_deployed" in game and "b_crowd_favor" in game
    assert len(rows["units"]) == len(r.units) > 0
    assert {u["kind"] for u in rows["units"]} >= {"hero"} and all(u["game"] == 3 for u in rows["units"])


def test_unknown_arena_is_refused_with_the_allowed_ones(cat):
    for make in (lambda: Skirmish("olympia"),
                 lambda: setup(cat, ["kunlun", "amazons"], "olympia", rng=np.random.default_rng(0))):
        with pytest.raises(InputError, match=r"^unknown arena 'olympia' for skirmish; allowed: pozzuoli, colosseum$"):
            make()
    with pytest.raises(InputError, match="exactly 2 factions, got 1"):
        setup(cat, ["kunlun"], "pozzuoli", rng=np.random.default_rng(0))
    with pytest.raises(InputError, match="first_player must be 0, 1 or None, got 2"):
        setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=2)


# --- set-up (SKR-1, SKR-4) -----------------------------------------------------------------------------


def test_setup_forced_order_sides_and_narration_SKR_1_R_ENG_1(cat):
    """SKR-1 forced: `first_player=1` puts the second faction first, on red (R-ENG-1); the set-up line
    names each player by seat, in turn order, and who goes first. No log unless asked."""
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=1, log=True)
    assert s.order == [1, 0] and s.troops[1].side == "red" and s.troops[0].side == "blue"
    assert s.log[0] == "Set-up: player 2 amazons on red, player 1 kunlun on blue; amazons goes first"
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=0, log=True)
    assert s.order == [0, 1] and s.log[0] == "Set-up: player 1 kunlun on red, player 2 amazons on blue; kunlun goes first"
    assert setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0)).log is None


def _without(cat, kind, keep=0):
    """The catalog with only the first `keep` chips of a kind (neutral heroes, sentinels)."""
    drop = [u.id for u in cat.units_of_kind(kind)][keep:]
    return dataclasses.replace(cat, units=FrozenMap({k: v for k, v in cat.units.items() if k not in drop}))


def test_each_player_gets_a_different_random_neutral_hero_SKR_4(cat):
    """SKR-4 (Pozzuoli): each player places a random neutral hero on their fourth reward space: two chips, so
    with exactly two neutral heroes in the catalog the players always get different ones (and each gets
    either, over seeds); with one both tracks hold it; with none no track holds a unit and the game sets
    up (no sentinel either: the Colosseum sets up without a support unit)."""
    two = _without(cat, "neutral-hero", keep=2)
    names = {u.id for u in two.units_of_kind("neutral-hero")}
    assert len(names) == 2
    firsts = set()
    for seed in range(30):
        s = setup(two, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(seed))
        got = [[u.unit.id for u in s.zone(p, TRACK)] for p in range(2)]
        assert all(len(x) == 1 for x in got) and got[0][0] != got[1][0] and {got[0][0], got[1][0]} == names
        firsts.add(got[0][0])
    assert firsts == names
    one = _without(cat, "neutral-hero", keep=1)
    s = setup(one, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0))
    assert [u.unit.kind for p in range(2) for u in s.zone(p, TRACK)] == ["neutral-hero"] * 2
    none = _without(_without(cat, "neutral-hero"), "sentinel")
    for arena in ("pozzuoli", "colosseum"):
        s = setup(none, ["kunlun", "amazons"], arena, rng=np.random.default_rng(0))
        assert not s.zone(0, TRACK) and not s.zone(1, TRACK) and s.support_unit is None
    s = setup(cat, ["kunlun", "amazons"], "colosseum", rng=np.random.default_rng(0))
    assert s.support_unit is not None and s.support_unit.kind == "sentinel"


def test_catalog_facts_are_computed_once_per_catalog_object(cat):
    """Set-up's catalog facts are cached per catalog object: the same object for the same catalog, its
    faction lists computed once; an entry left under a reused id for another catalog is not trusted."""
    f = skirmish_module._facts(cat)
    assert skirmish_module._facts(cat) is f
    assert f.units("kunlun") is f.units("kunlun") and f.tactics("kunlun") is f.tactics("kunlun")
    assert f.units("kunlun") == cat.faction_units("kunlun") and f.tactics("amazons") == cat.faction_tactics("amazons")
    other = _without(cat, "neutral-hero", keep=1)
    skirmish_module._FACTS[id(cat)] = skirmish_module._CatalogFacts(other)
    fresh = skirmish_module._facts(cat)
    assert fresh.catalog is cat and len(fresh.neutrals) == len(cat.units_of_kind("neutral-hero"))
