"""Alliance Mode (Remastered): rule scenarios written from the survivors of mutation testing of
`hoplostat/rulesets/remastered/alliance.py` (`tools/mutate.py rulesets/remastered/alliance`), each named after
the rule (ALL-n of /work/shared/rules/pandemonium-alliance.md, rulings R-ALL-n) it pins. Positions come from
the helpers of tests/engine/test_alliance.py (the real set-up, Scripted controllers, first player seat 0:
team 0 = seats 0 and 2, red; team 1 = seats 1 and 3, blue)."""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import put_in_combat
from test_alliance import FACTIONS, asked, build, clear, hero, put, set_track, spare

from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec
from hoplostat.engine.state import BAG, CAMP, DISCARD, TRACK
from hoplostat.rulesets.remastered.alliance import Alliance, AllianceState, setup, team_of_seat
from hoplostat.rulesets.remastered.base import RULESET


@pytest.fixture(scope="module")
def cat():
    from hoplostat.catalog import load

    return load((), use_env=False)


def _played(cat, first=1):
    """A game in round 9 with made-up counts per troop (troop i: deployed 3+i, damage 7+i, ...), first seat 1
    (team b red), seat 3 keeping its hero in camp for team b, seat 2 for team a."""
    picks = {1: {"alliance-hero": lambda o: 3}, 2: {"alliance-hero": lambda o: 2}}
    g, s, ctrls = build(cat, first=first, picks=picks)
    s.round = 9
    for i, t in enumerate(s.troops):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + i, 7 + i, 2 + i, 1 + i
        t.tactic_damage, t.tactic_kills, t.favor_total = 1 + i, i, 10 + i
    s.favor_total[:], s.rewards[:] = [22, 24], [3, 4]
    return g, s


# --------------------------------------------------------------------------- the result (ALL-2, ALL-6, ALL-21)


def test_result_reports_each_troops_team_counts_hero_and_the_team_tracks_ALL_2_ALL_6_ALL_16(cat):
    """The result per troop: seat, faction, side (its team's colour: ALL-4), team (even seats 0, odd 1: ALL-3),
    outcome shared by teammates (ALL-2), counts, its own favor and its team's rewards (ALL-16), whether its
    primary hero was defeated and whether it was the hero that started in camp (ALL-6); per game: mode, ruleset,
    Pozzuoli, factions, rounds, end, first player, the winning team's letter and each team's favor and rewards.
    Unfinished: a draw for all, no winning team."""
    g, s = _played(cat)
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert (r.mode, r.ruleset, r.arena, r.factions, r.rounds, r.first_player) == (
        "alliance", RULESET, "pozzuoli", FACTIONS, 9, 1)
    assert r.end_reason == "unfinished" and r.log is s.log
    assert r.extras == {"winner_team": None, "team_favor": {"a": 22, "b": 24}, "team_rewards": {"a": 3, "b": 4}}
    assert [t.outcome for t in r.troops] == [DRAW] * 4
    sides = ["blue", "red", "blue", "red"]
    for i, tr in enumerate(r.troops):
        assert (tr.seat, tr.faction, tr.side, tr.team) == (i, FACTIONS[i], sides[i], i % 2)
        assert (tr.units_deployed, tr.damage_dealt, tr.kills, tr.units_lost) == (3 + i, 7 + i, 2 + i, 1 + i)
        assert (tr.crowd_favor, tr.rewards, tr.tactic_damage, tr.tactic_kills) == (10 + i, [3, 4][i % 2], 1 + i, i)
        assert tr.extras == {"hero_defeated": 0, "hero_in_camp": int(i in (2, 3))}
    # the chips that could take part: camp and combat chips, not the unchosen ones in the bag nor the track heroes
    seen = {(u.seat, u.unit_id) for u in r.units}
    for u in s.units:
        assert ((u.troop, u.unit.id) in seen) == (u.zone not in (BAG, TRACK)), (u.name, u.zone)
    # team b's primary heroes fall: team a (seats 0 and 2) wins
    for p in (1, 3):
        h = hero(s, p)
        if h.zone == TRACK:
            rules.return_to_camp(g, h, active=True)
        put_in_combat(s, h.uid, [28, 40][p // 2])
        rules.defeat(g, h)
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.end_reason == "both opposing primary heroes defeated" and r.extras["winner_team"] == "a"
    assert [t.outcome for t in r.troops] == [WON, LOST, WON, LOST]
    assert [t.extras["hero_defeated"] for t in r.troops] == [0, 1, 0, 1]
    assert any(u.seat == 1 and u.unit_id == hero(s, 1).unit.id and u.defeated for u in r.units)


def test_team_b_wins_for_odd_seats_ALL_2(cat):
    g, s = _played(cat)
    s.mode.team_wins(g, 1, "test win")
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.extras["winner_team"] == "b" and [t.outcome for t in r.troops] == [LOST, WON, LOST, WON]
    assert s.winner_team == 1 and s.end_reason == "test win"


def test_only_the_first_end_counts_and_names_the_winning_pair_ALL_2_ALL_23(cat):
    """A team win ends the game once: a later forfeit or win changes neither the reason nor the winner; the end
    line names both teammates of the winning team; a draw (round cap) names no winner."""
    g, s = _played(cat)
    s.mode.team_wins(g, 0, "the red team forfeits")
    s.mode.team_wins(g, 1, "both opposing primary heroes defeated")
    assert s.winner_team == 0 and s.end_reason == "the red team forfeits"
    assert s.log[-1] == f"Game over: the red team forfeits; {FACTIONS[0]} and {FACTIONS[2]} win"
    assert sum(line.startswith("Game over") for line in s.log) == 1
    assert s.mode.end_text(g, "x", None) == f"Game over: x; {FACTIONS[0]} and {FACTIONS[2]} win"
    g, s = _played(cat)
    assert s.mode.end_text(g, "round cap (60) reached", None) == "Game over: round cap (60) reached; draw"
    s.winner_team = 1
    assert s.mode.end_text(g, "y", None) == f"Game over: y; {FACTIONS[1]} and {FACTIONS[3]} win"


def test_rows_of_a_won_game_name_the_team_its_pair_and_the_camp_heroes_ALL_2_ALL_6(cat):
    """`Alliance.rows`: the winner is the team's letter (a: seats a and c), the winning factions joined, rounds,
    end, first seat, the third and fourth factions, which seat of each team kept its hero in camp (ALL-6), each
    team's favor and rewards, per seat its counts and whether its hero fell; one units row per chip that could
    take part, `won` for the winning team's chips only. `is_success` is a win of team a."""
    g, s = _played(cat)
    s.mode.team_wins(g, 1, "the red team forfeits")
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 7, "faction_a": FACTIONS[0], "faction_b": FACTIONS[1]}
    rows = Alliance.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (row,) = rows["games"]
    assert {k: row[k] for k in head} == head
    assert (row["winner"], row["winner_factions"], row["rounds"], row["end_reason"]) == (
        "b", f"{FACTIONS[1]}+{FACTIONS[3]}", 9, "the red team forfeits")
    assert (row["first_seat"], row["faction_c"], row["faction_d"]) == ("b", FACTIONS[2], FACTIONS[3])
    assert (row["camp_hero_a"], row["camp_hero_b"]) == ("c", "d")
    assert (row["team_a_favor"], row["team_b_favor"], row["team_a_rewards"], row["team_b_rewards"]) == (22, 24, 3, 4)
    for x, i in zip("abcd", range(4)):
        assert (row[f"{x}_units_deployed"], row[f"{x}_damage_dealt"], row[f"{x}_kills"], row[f"{x}_units_lost"],
                row[f"{x}_crowd_favor"], row[f"{x}_hero_defeated"]) == (3 + i, 7 + i, 2 + i, 1 + i, 10 + i, 0)
    assert set(row) == set(head) | set(Alliance.columns["games"])
    units = rows["units"]
    assert len(units) == len(r.units) > 0 and all(u["game"] == 7 for u in units)
    assert {u["side"] for u in units} == set("abcd")
    assert all(u["won"] is (u["side"] in "bd") for u in units)
    assert "hero" in {u["kind"] for u in units}
    assert not Alliance.is_success(row) and Alliance.is_success({**row, "winner": "a"})
    assert not Alliance.is_success({})


def test_rows_of_a_draw_have_no_winner_ALL_2(cat):
    g, s = _played(cat, first=0)
    s.end_reason = "round cap (60) reached"
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    (row,) = Alliance.rows(r, {"matchup": "m", "arena": "pozzuoli", "game": 1}, lambda uid: None)["games"]
    assert (row["winner"], row["winner_factions"], row["first_seat"]) == (None, None, "a")
    assert (row["camp_hero_a"], row["camp_hero_b"]) == ("a", "d")  # seat a kept its own, seat b chose seat d
    assert not Alliance.is_success(row)


# --------------------------------------------------------------------------- set-up (ALL-3 .. ALL-10)


def test_setup_state_narration_and_mode_ALL_3_ALL_4_ALL_10(cat):
    """`setup`: Pozzuoli's grid and an empty board, the full supply (ALL-10) also as the start supply, seats on
    alternating teams (ALL-3), every chip in the bag until chosen, the turn order from the first player,
    narrated with each faction's side; no log unless asked; the mode object is an Alliance, or the one given."""
    s = setup(cat, list(FACTIONS), rng=np.random.default_rng(0), first_player=2, log=True)
    assert isinstance(s, AllianceState) and isinstance(s.mode, Alliance)
    assert s.grid.n == len(s.board) and all(b == -1 for b in s.board)
    assert s.supply == s.supply_start == dict(cat.game.health_chips) and s.supply is not s.supply_start
    assert s.teams == [0, 1, 0, 1] and s.players == [0, 1, 2, 3] and s.first == 2 and s.order == [2, 3, 0, 1]
    assert [team_of_seat(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]
    for u in s.units:  # the non-elite chips in the bag until chosen (ALL-9), the primary heroes in camp, inactive
        assert (u.zone, u.active) == ((CAMP, False) if u.is_primary_hero else (BAG, True)), u.name
    assert s.camp_hero == [-1, -1] and s.track_hero == [-1, -1] and s.winner_team is None
    assert s.log == [f"Set-up: {FACTIONS[2]} (red), {FACTIONS[3]} (blue), {FACTIONS[0]} (red), {FACTIONS[1]} (blue)"
                     f" in turn order; {FACTIONS[2]} goes first"]
    assert s.mates(0) == [0, 2] and s.mates(1) == [1, 3]
    assert setup(cat, list(FACTIONS), rng=np.random.default_rng(0), first_player=2).log is None
    mode = Alliance()
    assert setup(cat, list(FACTIONS), rng=np.random.default_rng(0), mode=mode).mode is mode
    assert Alliance.setup_state is setup or Alliance.setup_state == setup


def test_begin_narrates_the_heroes_and_the_choices_ALL_6_ALL_9(cat):
    """ALL-6, ALL-9: the set-up choices are narrated: whose hero waits in camp, whose hero stands on which
    team's fourth reward, each player's six units chosen face down (their names hidden)."""
    g, s, _ = build(cat, first=1, picks={1: {"alliance-hero": lambda o: 3}})
    h1 = hero(s, 1)
    log = "\n".join(s.log)
    assert (f"{FACTIONS[3]}'s hero waits in camp; {FACTIONS[1]}'s hero {h1.name} stands on the red team's "
            f"fourth reward") in log
    assert (f"{FACTIONS[0]}'s hero waits in camp; {FACTIONS[2]}'s hero {hero(s, 2).name} stands on the blue "
            f"team's fourth reward") in log
    for f in FACTIONS:
        assert f"{f} chooses six units, face down" in log
    # the camp heroes are the camp's, inactive; the track heroes on the track, active
    assert hero(s, 3).zone == CAMP and not hero(s, 3).active and h1.zone == TRACK and h1.active


def test_result_names_the_unimplemented_skills_none_in_the_catalog(cat):
    """The result names the skills on the game's chips that the engine does not play (a sorted tuple; the
    Remastered catalog has none)."""
    from hoplostat.engine.registry import unimplemented_in_game

    g, s = _played(cat)
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.unimplemented == unimplemented_in_game(s) == ()


# --------------------------------------------------------------------------- the turn (ALL-22)


def test_turn_header_names_the_round_the_faction_and_its_side_ALL_22(cat):
    g, s, _ = build(cat, first=1)
    s.round = 4
    t = s.mode.turn_of(g, 2)
    assert t.troop == 2 and t.header == f"-- Round 4, {FACTIONS[2]} (blue) turn"
    assert [x.troop for x in s.mode.round_turns(g)] == [1, 2, 3, 0]


# --------------------------------------------------------------------------- crowd favor (ALL-14 .. ALL-21)


def test_stone_favor_is_narrated_with_its_reason_ALL_15(cat):
    g, s, _ = build(cat)
    put(s, 0, "kunlun/warrior", s.grid.tagged("stone")[0])
    s.mode.check_stones(g, 0)
    assert s.log[-1] == f"{FACTIONS[0]} (red) earns 1 crowd favor (1 stone hex(es)), team bead on 1"


def test_defeat_favor_is_narrated_with_the_defeat_ALL_14(cat):
    g, s, _ = build(cat)
    kun = put(s, 0, "kunlun/attacker-2", 28)
    v = put(s, 1, "amazons/attacker-3", s.grid.neighbours[28][0], hp=1)
    rules.defeat(g, v, source=kun, source_troop=0)
    assert f"{FACTIONS[0]} (red) earns 2 crowd favor ({kun.name} defeated {v.name}), team bead on 2" in s.log


def test_no_favor_moves_nothing_and_says_nothing_ALL_16(cat):
    """Gaining 0 favor moves no bead, adds to no total, and is not narrated."""
    g, s, _ = build(cat)
    n = len(s.log)
    s.mode.gain_favor(g, 0, 0, "nothing")
    assert s.favor == [0, 0] and s.favor_total == [0, 0] and s.troops[0].favor_total == 0 and len(s.log) == n


def test_a_full_track_counts_the_favor_but_the_bead_stays_silent_ALL_16_CF_2(cat):
    """ALL-16, CF-2: nothing after the last reward. With the bead on 20, more favor still counts in the totals
    (the catch-up compares all favor earned, ALL-21) but the bead does not move, no reward is claimed and the
    log says nothing of a bead moving."""
    g, s, ctrls = build(cat)
    set_track(s, 0, 20)
    n = len(s.log)
    clear(ctrls)
    s.mode.gain_favor(g, 0, 3, "test")
    assert s.favor[0] == 20 and s.favor_total[0] == 23 and s.troops[0].favor_total == 3 and s.rewards[0] == 4
    assert len(s.log) == n and not any(c.asked for c in ctrls)


def test_catch_up_goes_to_team_a_when_it_is_behind_ALL_21(cat):
    """ALL-21: the team with less total favor catches up, whichever team it is. Team b reaches its first reward
    (5 against team a's 3): the Kunlun and Lamosian players (team a) are asked, nobody of team b."""
    from test_alliance import _catch_up_board

    g, s, ctrls, units, _ = _catch_up_board(cat)
    set_track(s, 0, 3)
    s.active = 1
    clear(ctrls)
    s.mode.gain_favor(g, 1, 5, "test")
    assert s.rewards == [0, 1] and s.favor_total == [3, 5]
    assert [bool(asked(ctrls[p], "catch-up")) for p in range(4)] == [True, False, True, False]
    assert asked(ctrls[0], "catch-up") == [[units[0].uid]]


def test_catch_up_after_fourth_when_the_switch_is_chosen_yes_R_ALL_3(cat):
    """Ruling R-ALL-3 chosen explicitly (`alliance-catch-up-after-fourth = yes`, the default): the catch-up follows
    all four rewards, as with no switch chosen."""
    from test_ruling_switches import _alliance_catch_ups

    assert _alliance_catch_ups(cat, {"alliance-catch-up-after-fourth": "yes"}) == 2 * 4


def test_rewards_are_narrated_ALL_17_ALL_18_ALL_19_ALL_20(cat):
    """Each reward claimed is narrated with the team's side, and its effect: the camp hero flipped (ALL-17), the
    tactics taken back (ALL-18), each unit returned from the discard (ALL-19), the track hero into its owner's
    camp, active (ALL-20)."""
    g, s, _ = build(cat)
    s.troops[0].tactics_discard.append(s.troops[0].tactics_camp.pop())
    u = spare(s, 0)
    put_in_combat(s, u.uid, 28)
    rules.defeat(g, u)
    n = len(s.log)
    s.mode.gain_favor(g, 0, 20, "test")
    log = s.log[n:]
    for k in (1, 2, 3, 4):
        assert f"the red team claims crowd favor reward {k}" in log
    assert f"{hero(s, 0).name} is flipped to its active side" in log
    assert f"{FACTIONS[0]} takes its discarded tactics back to its camp" in log
    assert f"{u.name} returns from the discard to the camp" in log
    assert f"{FACTIONS[2]} takes its primary hero {hero(s, 2).name} into its camp, active" in log


# --------------------------------------------------------------------------- forfeit (ALL-23)


def test_team_forfeits_even_when_the_opponents_have_units_in_combat_ALL_23(cat):
    """ALL-23 counts the player's own team only: the opponents' units in combat do not save a team with
    nothing in combat whose player cannot deploy."""
    g, s, _ = build(cat)
    for u in s.zone(1, CAMP):
        if u.active:
            u.zone = DISCARD
    put(s, 0, spare(s, 0).unit.id, 28)
    put(s, 2, spare(s, 2).unit.id, 40)
    s.active = 1
    s.mode.deployment(g, 1)
    assert s.end_reason == "the blue team forfeits" and s.winner_team == 0


def test_result_names_a_skill_the_engine_does_not_play(cat):
    """A chip carrying a skill the engine has no implementation of is reported in the result (played as blank,
    never silently): here a made-up skill on one Kunlun chip."""
    import dataclasses

    g, s = _played(cat)
    u = next(x for x in s.units if x.troop == 0 and x.unit.skills)
    fake = dataclasses.replace(u.unit.skills[0], id="made-up-skill")
    u.unit = dataclasses.replace(u.unit, skills=(*u.unit.skills, fake))
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.unimplemented == ("made-up-skill",)


def test_a_clones_turn_plays_on_the_clone_ALL_22(cat):
    """The turn's steps are cached per game (`steps_for`), and a clone (what a lookahead player simulates on)
    shares the mode object: a turn of the clone must deploy on the clone and leave the original game as it was."""
    from hoplostat.engine.loop import play_turn

    g, s, _ = build(cat)
    s.active = 0
    play_turn(g, s.mode.turn_of(g, 0))
    assert len(s.in_combat(0)) == 1  # the mandatory deployment (ALL-13)
    put(s, 0, "kunlun/warrior", s.grid.tagged("stone")[0])
    g2 = g.clone()
    s2 = g2.state
    assert s2.mode is s.mode
    play_turn(g2, s2.mode.turn_of(g2, 0))  # the same troop's turn: its steps are in the cache
    assert s2.favor[0] == 1 and s.favor[0] == 0  # the stone check (ALL-15) on the clone only
