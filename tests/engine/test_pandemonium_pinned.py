"""Pandemonium (rulesets/remastered/pandemonium.py) pinned where its mutation run found it unpinned: the result
and its sweep rows (PAN-3, PAN-20, PAN-21, R-PAN-5), the set-up (PAN-4, PAN-7) and its narration, the stone step's
details (PAN-14..PAN-16, R-PAN-2), the hero rule's counts and its mandatory/optional asks (PAN-18, R-PAN-3), the
`pandemonium-hero-counts` switch (PAN-9, R-PAN-1) and the end text. Positions from the mode's real set-up
(`test_pandemonium.game`), rules of /work/shared/rules/pandemonium-alliance.md."""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import put_in_combat
from test_pandemonium import FOUR, Asked, _on_stones, deploy_hexes, game, hero, non_elite

from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec
from hoplostat.engine.state import CAMP, DISCARD
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.pandemonium import POOL, Pandemonium, setup


@pytest.fixture(scope="module")
def cat():
    from hoplostat.catalog import load

    return load((), use_env=False)


def _played(cat):
    """A four-player game in round 9 with made-up counts per troop (troop i: deployed 3+i, damage 7+i, ...)."""
    g = game(cat, first=2)
    s = g.state
    s.round = 9
    for i, t in enumerate(s.troops):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + i, 7 + i, 2 + i, 1 + i
        t.tactic_damage, t.tactic_kills = 1 + i, i
        s.hero_kills[i] = 4 + i
    return g, s


# --------------------------------------------------------------------------- the result (PAN-3, PAN-20, PAN-21)


def test_result_reports_each_troops_seat_counts_and_elimination_PAN_20_PAN_21(cat):
    """The result per troop: its seat, faction, side (seat-N), team (its own: PAN-1), outcome, counts, no crowd
    favor or rewards (PAN-11), and its elimination, the round it left and the opposing heroes it defeated;
    for the game: mode, ruleset, Pozzuoli, the factions, rounds, end, the first player, the players and the
    order of elimination."""
    g, s = _played(cat)
    s.round = 4
    s.mode.forfeit(g, 1)
    s.round = 9
    s.mode.forfeit(g, 3)
    r = s.mode.result(g, GameSpec("pandemonium", FOUR))
    assert (r.mode, r.ruleset, r.arena, r.factions, r.rounds, r.first_player) == (
        "pandemonium", RULESET, "pozzuoli", FOUR, 9, 2)
    assert r.end_reason == "unfinished" and r.winner is None
    assert r.extras == {"players": 4, "eliminated": ["b", "d"]}
    assert len(r.troops) == 4
    for i, tr in enumerate(r.troops):
        assert (tr.seat, tr.faction, tr.side, tr.team) == (i, FOUR[i], f"seat-{i + 1}", i)
        assert (tr.units_deployed, tr.damage_dealt, tr.kills, tr.units_lost) == (3 + i, 7 + i, 2 + i, 1 + i)
        assert (tr.crowd_favor, tr.rewards, tr.tactic_damage, tr.tactic_kills) == (0, 0, 1 + i, i)
        out = {1: 4, 3: 9}.get(i, 0)
        assert tr.extras == {"eliminated": int(i in (1, 3)), "out_round": out, "heroes_defeated": 4 + i}
    assert [t.outcome for t in r.troops] == [DRAW, LOST, DRAW, LOST]
    assert r.units and {u.seat for u in r.units} == {0, 1, 2, 3}
    assert r.log is s.log
    s.mode.forfeit(g, 0)
    r = s.mode.result(g, GameSpec("pandemonium", FOUR))
    assert r.end_reason == "last player standing" and [t.outcome for t in r.troops] == [LOST, LOST, WON, LOST]


def test_rows_of_a_game_PAN_21(cat):
    """`Pandemonium.rows`: the games row (winner seat and faction, rounds, end, players, first seat, the third and
    fourth factions, and per seat the round it left, only if it was eliminated, and its counts), and one units row
    per player chip, `won` true for the winner's chips only."""
    g, s = _played(cat)
    s.round = 5
    s.mode.forfeit(g, 0)
    s.round = 9
    s.mode.forfeit(g, 3)
    s.mode.forfeit(g, 1)
    r = s.mode.result(g, GameSpec("pandemonium", FOUR))
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 7, "faction_a": FOUR[0], "faction_b": FOUR[1]}
    rows = Pandemonium.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (row,) = rows["games"]
    assert {k: row[k] for k in head} == head
    assert (row["winner"], row["winner_faction"], row["rounds"], row["end_reason"], row["players"]) == (
        "c", FOUR[2], 9, "last player standing", 4)
    assert (row["first_seat"], row["faction_c"], row["faction_d"]) == ("c", FOUR[2], FOUR[3])
    assert (row["a_out_round"], row["b_out_round"], row["c_out_round"], row["d_out_round"]) == (5, 9, None, 9)
    for x, i in zip("abcd", range(4)):
        assert (row[f"{x}_units_deployed"], row[f"{x}_damage_dealt"], row[f"{x}_kills"], row[f"{x}_units_lost"],
                row[f"{x}_heroes_defeated"]) == (3 + i, 7 + i, 2 + i, 1 + i, 4 + i)
    assert set(row) == set(head) | set(Pandemonium.columns["games"])
    units = rows["units"]
    assert len(units) == len(r.units) > 0 and all(u["game"] == 7 for u in units)
    assert {u["side"] for u in units} == set("abcd")
    assert all(u["won"] is (u["side"] == "c") for u in units)
    assert "hero" in {u["kind"] for u in units}


def test_rows_of_a_three_player_draw_R_PAN_5(cat):
    """A three-player game at the round cap (R-PAN-5): no winner; the fourth seat's columns are empty; a seat
    still in the game has no out round."""
    g = game(cat, FOUR[:3], first=1)
    s = g.state
    s.round = 60
    s.end_reason = "round cap (60) reached"
    r = s.mode.result(g, GameSpec("pandemonium", FOUR[:3]))
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 1}
    (row,) = Pandemonium.rows(r, head, lambda uid: None)["games"]
    assert (row["winner"], row["winner_faction"], row["players"], row["first_seat"]) == (None, None, 3, "b")
    assert (row["faction_c"], row["faction_d"]) == (FOUR[2], None)
    assert all(row[f"d_{c}"] is None for c in ("out_round", "units_deployed", "damage_dealt", "kills",
                                                 "units_lost", "heroes_defeated"))
    assert all(row[f"{x}_out_round"] is None for x in "abc") and row["a_units_deployed"] == 0
    assert [t.outcome for t in r.troops] == [DRAW] * 3


def test_end_text_names_the_winner_or_those_left_PAN_21_R_PAN_5(cat):
    g = game(cat)
    s = g.state
    s.mode.forfeit(g, 1)
    assert s.mode.end_text(g, "round cap", None) == (
        f"Game over: round cap; draw among {FOUR[0]}, {FOUR[2]}, {FOUR[3]}")
    assert s.mode.end_text(g, "last player standing", 2) == f"Game over: last player standing; {FOUR[2]} wins"


# --------------------------------------------------------------------------- set-up (PAN-4, PAN-7)


def test_setup_narrates_the_turn_order_and_the_pool_and_keeps_no_log_unless_asked_PAN_4_PAN_7(cat):
    """Set-up: the troops named seat-1.. in turn order from the first player, who is named, and the one pooled
    supply of every health chip (PAN-7: 68), which is also the supply at the start; no log unless asked; the
    given mode object is used; no hero defeated yet."""
    pool = sum(cat.game.health_chips.values())
    assert pool == 68
    s = setup(cat, list(FOUR), rng=np.random.default_rng(0), log=True, first_player=1)
    assert s.log == [f"Set-up: {FOUR[1]} (seat-2), {FOUR[2]} (seat-3), {FOUR[3]} (seat-4), {FOUR[0]} (seat-1) in turn "
                     f"order; {FOUR[1]} goes first; one pooled supply of 68 health chips"]
    assert s.supply == {POOL: 68} and s.supply_start == {POOL: 68}
    assert s.first == 1 and s.order == [1, 2, 3, 0] and s.seating == [1, 2, 3, 0]
    assert [t.side for t in s.troops] == ["seat-1", "seat-2", "seat-3", "seat-4"]
    assert s.hero_kills == [0, 0, 0, 0] and s.out_round == [0, 0, 0, 0]
    assert s.board == [-1] * s.grid.n
    assert setup(cat, list(FOUR), rng=np.random.default_rng(0), first_player=0).log is None
    mode = Pandemonium()
    assert setup(cat, list(FOUR), rng=np.random.default_rng(0), mode=mode).mode is mode
    first = setup(cat, list(FOUR), rng=np.random.default_rng(5)).first
    assert setup(cat, list(FOUR), rng=np.random.default_rng(5)).first == first


def test_a_player_turn_is_named_by_round_faction_and_seat_PAN_13(cat):
    g = game(cat)
    g.state.round = 4
    t = g.state.mode.turn_of(g, 2)
    assert t.troop == 2 and t.header == f"-- Round 4, {FOUR[2]} (seat-3) turn"


# --------------------------------------------------------------------------- the stone step (PAN-14, PAN-15, R-PAN-2)


def test_stone_step_narrates_the_tactic_and_the_relocation_and_the_tactic_is_in_camp_PAN_14_PAN_15(cat):
    """PAN-14: the tactic taken back is in the camp (the very one chosen); PAN-15: the stone unit leaves for the
    deployment hex chosen; both are narrated. The tactic ask may be passed (optional), the relocation not."""
    g, s, uids = _on_stones(cat, 1, 2)
    t = s.troops[0]
    want = t.tactics_discard[-1]
    ask = Asked({"stone-tactic": lambda o: o[-1], "stone-relocate": lambda o: o[-1]})
    g.controllers[0] = ask
    s.mode.stone_step(g, 0)
    assert want in t.tactics_camp and want not in t.tactics_discard
    u = s.units[uids[0]]
    assert u.hex == deploy_hexes(s)[-1]
    assert f"{t.faction} ({t.side}) takes {want.name} back to its camp (stone hex)" in s.log
    assert f"{u.name} ({t.side}) leaves its stone hex for a deployment hex (for {want.name})" in s.log
    assert ("stone-tactic", True) in ask.optional and ("stone-relocate", False) in ask.optional


def test_stone_step_offers_every_free_deployment_hex_whatever_its_colour_PAN_8_PAN_15(cat):
    """PAN-8, PAN-15: the stone unit may go to any free deployment hex of either colour; a hex with a unit on
    it (uid 0 included: troop 0's hero) is not free."""
    g, s, uids = _on_stones(cat, 1, 1)
    h0 = deploy_hexes(s)[0]
    put_in_combat(s, hero(s, 0).uid, h0)
    assert hero(s, 0).uid == 0
    ask = Asked({"stone-tactic": lambda o: o[0]})
    g.controllers[0] = ask
    s.mode.stone_step(g, 0)
    (offered,) = [o for d, o in ask.asked if d == "stone-relocate"]
    stone_units = {uid for uid, _ in offered}
    assert {h for _, h in offered} == set(deploy_hexes(s)) - {h0}
    assert set(uids) <= stone_units


# --------------------------------------------------------------------------- heroes (PAN-18, R-PAN-3)


def test_each_opposing_hero_defeated_is_counted_for_the_defeating_troop_PAN_18(cat):
    """PAN-18: every opposing hero a troop defeats is counted (two heroes, 2), a neutral hero too; the reward is
    asked as optional ("up to two"); a troop's own hero defeated by itself counts nothing."""
    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    ask = Asked()
    g.controllers[0] = ask
    for troop, h in ((1, 29), (2, 19)):
        v = put_in_combat(s, hero(s, troop).uid, h, hp=1)
        rules.damage(g, s.units[v], 1, source=s.units[killer])
    assert s.hero_kills == [2, 0, 0, 0]
    non_elite(s, 0)[1].zone = DISCARD
    v = put_in_combat(s, hero(s, 3).uid, 37, hp=1)
    rules.damage(g, s.units[v], 1, source=s.units[killer])
    assert s.hero_kills[0] == 3
    assert ("hero-reward", True) in ask.optional
    own = put_in_combat(s, hero(s, 0).uid, 38, hp=1)
    rules.damage(g, s.units[own], 1, source=s.units[killer])
    assert s.hero_kills[0] == 3


def test_a_neutral_hero_defeated_counts_as_a_hero_PAN_18(cat):
    """PAN-18 ("an opposing hero"): a neutral hero of another troop counts as a hero."""
    from hoplostat.engine.state import UnitState

    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    neutral_unit = next(u for u in cat.units.values() if u.kind == "neutral-hero")
    nu = UnitState(len(s.units), neutral_unit, 1, zone=CAMP)
    s.units.append(nu)
    put_in_combat(s, nu.uid, 29, hp=1)
    rules.damage(g, nu, 1, source=s.units[killer])
    assert s.hero_kills[0] == 1


def test_a_tactics_hero_defeat_is_counted_but_earns_no_units_R_PAN_3(cat):
    """R-PAN-3: a hero defeated by a troop's tactic counts for that troop, but only a unit's defeat earns the
    units back."""
    g = game(cat)
    s = g.state
    v = put_in_combat(s, hero(s, 1).uid, 29, hp=1)
    non_elite(s, 0)[1].zone = DISCARD
    g.controllers[0] = Asked({"hero-reward": lambda o: o[0]})
    rules.damage(g, s.units[v], 1, source_troop=0, what="a tactic")
    assert s.hero_kills == [1, 0, 0, 0] and non_elite(s, 0)[1].zone == DISCARD
    v = put_in_combat(s, hero(s, 2).uid, 19, hp=1)
    rules.damage(g, s.units[v], 1, what="nobody")
    assert s.hero_kills == [1, 0, 0, 0]


def test_the_hero_reward_is_narrated_with_who_defeated_whom_PAN_18(cat):
    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    v = put_in_combat(s, hero(s, 1).uid, 29, hp=1)
    back = non_elite(s, 0)[1]
    back.zone = DISCARD
    g.controllers[0] = Asked({"hero-reward": lambda o: o[0]})
    rules.damage(g, s.units[v], 1, source=s.units[killer])
    assert back.zone == CAMP
    assert any(f"{s.units[killer].name} defeated {s.units[v].name}" in line for line in s.log), s.log[-5:]


# --------------------------------------------------------------------------- the hero and the limit (PAN-9, R-PAN-1)


def test_the_hero_counts_switch_leaves_out_only_the_troops_own_hero_R_PAN_1(cat):
    """R-PAN-1's switch `pandemonium-hero-counts = no`: the troop's own primary hero is left out of its count of
    three, one hero, and only its own: with its hero and three units in combat it may not deploy, another troop's
    hero in combat changing nothing."""
    from test_ruling_switches import _pan

    g = _pan(cat, {"pandemonium-hero-counts": "no"})  # troop 0: its hero and two units in combat
    s = g.state
    put_in_combat(s, non_elite(s, 0)[2].uid, 30)
    put_in_combat(s, hero(s, 1).uid, 29)
    assert len(s.in_combat(0)) == 4
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 4


def test_deployment_offers_any_of_the_twelve_hexes_PAN_8_PAN_17(cat):
    """PAN-8, PAN-17: the mandatory deployment is offered on every free deployment hex of both colours."""
    g = game(cat)
    s = g.state
    ask = Asked()
    g.controllers[0] = ask
    s.mode.deployment(g, 0)
    (opts,) = [o for d, o in ask.asked if d == "deploy"]
    assert {h for _, h in opts} == set(deploy_hexes(s)) and len(deploy_hexes(s)) == 12
    assert ("deploy", False) in ask.optional


def test_forfeit_is_narrated_PAN_20(cat):
    g = game(cat)
    s = g.state
    s.mode.forfeit(g, 2)
    t = s.troops[2]
    assert s.log[-1] == (f"{t.faction} ({t.side}) has nothing in combat and nothing to deploy: it forfeits and is "
                         "eliminated")


def test_the_result_names_the_skills_the_engine_does_not_implement(cat):
    """A chip in the game with a skill the engine does not implement is named in the result (never ignored
    silently)."""
    from enginekit import mk_unit

    from hoplostat.engine.state import UnitState

    g = game(cat)
    s = g.state
    assert s.mode.result(g, GameSpec("pandemonium", FOUR)).unimplemented == ()
    s.units.append(UnitState(len(s.units), mk_unit("odd", skills=["made-up-skill"]), 0, zone=CAMP))
    assert "made-up-skill" in s.mode.result(g, GameSpec("pandemonium", FOUR)).unimplemented
