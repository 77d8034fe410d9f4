"""Ascension Mode, pinned: the behaviour the mutation run of `rulesets/remastered/ascension.py` found unpinned
(docs/testing.md, "The Remastered modes"): the crowd favor rewards and their co-op allocation (ASC-8, ASC-12),
the arena turn (ASC-5, ASC-7), `titan-lose-hp`, the result and its sweep rows (ASC-11), the set-up (ASC-1,
ASC-2), the player turn and the forfeit (ASC-4, ASC-11).

Positions come from the real set-up (`setup`) with chips put on the Colosseum map by hand, as in
`test_ascension.py`; the titan dice are rolled colour by colour, weakest first.
"""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import CENTER, INNER, camp_chip as chip, free_hexes, PEDESTALS, Players, build_ascension as build, clear_shards, put_in_combat as put

from hoplostat.engine import rules
from hoplostat.engine.loop import play_turn
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, TRACK, UnitState
from hoplostat.rulesets.remastered import colosseum
from hoplostat.rulesets.remastered.ascension import Ascension, build_game, result_of, setup


# --------------------------------------------------------------------------- crowd favor rewards (ASC-8, ASC-12)


def test_add_3_hp_reward_is_player_bs_choice_among_both_players_units_ASC_12(cat):
    """ASC-12 allocation table: "Add 3 HP to any unit: Player B". B is asked ("reward-hp") and offered every
    player unit in combat, A's and B's, no rival's; the chosen one gains 3 HP; the reward is counted."""
    players = Players({"reward-hp": lambda o: o[0]})
    g = build(cat, factions=("kunlun", "amazons"), players=players)
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    a_unit = s.units[put(s, chip(s, 0), free_hexes(s)[0], hp=1)]
    b_unit = s.units[put(s, chip(s, 1), free_hexes(s)[0])]
    s.mode.claim_reward(g, 0, colosseum.HP)
    (asked,) = [(troop, opts) for troop, d, opts in players.by_troop if d == "reward-hp"]
    assert asked[0] == 1
    assert sorted(asked[1]) == sorted([a_unit.uid, b_unit.uid])
    assert a_unit.hp == 1 + colosseum.REWARD_HP
    assert s.troops[0].tracks_done[colosseum.HP] and s.troops[0].rewards == 1
    s.mode.claim_reward(g, 0, colosseum.HERO)
    assert s.troops[0].rewards == 2


def test_add_3_hp_reward_may_be_declined_CF_6(cat):
    """CF-6 ("add 3 HP to any unit" is a may): a player that declines gains nothing; no HP leave the supply."""
    players = Players()  # passes on every optional decision
    g = build(cat, players=players)
    s = g.state
    clear_shards(s)
    w = s.units[put(s, chip(s, 0), free_hexes(s)[0], hp=1)]
    red = s.supply["red"]
    s.mode.claim_reward(g, 0, colosseum.HP)
    assert any(d == "reward-hp" for _, d, _ in players.by_troop)
    assert w.hp == 1 and s.supply["red"] == red


def test_activate_your_hero_reward_opens_all_outer_hexes_for_both_players_ASC_12(cat):
    """ASC-12: "Activate your hero. You may use any outer deployment hexes: Hero - Player A; Hexes - both
    players": A's hero is activated; both players may then deploy on all four outer hexes."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    clear_shards(s)
    red, blue = set(s.grid.tagged("outer-red")), set(s.grid.tagged("outer-blue"))
    assert not set(s.mode.deployment_hexes(s, 0)) & blue and not set(s.mode.deployment_hexes(s, 1)) & red
    hero = s.units[s.troops[0].primary_hero]
    assert not hero.active
    s.mode.claim_reward(g, 0, colosseum.HERO)
    assert hero.active
    for p in (0, 1):
        assert red | blue <= set(s.mode.deployment_hexes(s, p)), p


def test_move_or_flip_a_foothold_reward_is_player_bs_ASC_12(cat):
    """ASC-12: "You may move or flip a foothold each turn: Player B" (not A, who reached it)."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    s.mode.claim_reward(g, 0, colosseum.FOOTHOLD)
    assert s.troops[1].foothold_moves is True and not s.troops[0].foothold_moves
    g = build(cat)  # solo: the player's own
    s = g.state
    s.mode.claim_reward(g, 0, colosseum.FOOTHOLD)
    assert s.troops[0].foothold_moves is True


def test_gain_this_hero_reward_puts_the_gold_hero_active_in_the_camp_ASC_12_CF_6(cat):
    """CF-6 / ASC-12 ("Place this hero in your camp: Player B"): co-op, B's own hero leaves the gold space
    into B's camp, active side up; solo, the neutral hero into the player's camp, active. It is said so."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    (bh,) = s.zone(1, TRACK)
    s.mode.claim_reward(g, 0, colosseum.GOLD)
    assert bh.zone == CAMP and bh.troop == 1 and bh.active and not s.zone(1, TRACK)
    assert f"amazons gains the hero {bh.name}, active, into its camp" in s.log
    g = build(cat)
    s = g.state
    (nh,) = s.zone(0, TRACK)
    nh.active = False  # whatever side it lay on, it comes in active
    s.mode.claim_reward(g, 0, colosseum.GOLD)
    assert nh.zone == CAMP and nh.active and f"kunlun gains the hero {nh.name}, active, into its camp" in s.log


def test_the_gold_reward_places_no_support_chip_CF_6(cat):
    """CF-6: the gold track has a hero above it, not a support chip: nobody is asked to place one; the other
    rewards place theirs (a foothold here)."""
    players = Players({"support": lambda o: next(x for x in o if x[0] == "foothold")})
    g = build(cat, players=players)
    s = g.state
    clear_shards(s)
    s.mode.claim_reward(g, 0, colosseum.GOLD)
    assert not any(d == "support" for _, d, _ in players.by_troop) and not s.footholds
    s.mode.claim_reward(g, 0, colosseum.FOOTHOLD)
    assert [d for _, d, _ in players.by_troop].count("support") == 1 and len(s.footholds) == 1


# --------------------------------------------------------------------------- titan-lose-hp


def test_titan_lose_hp_removes_exactly_n_and_says_why_ASC_9(cat):
    """`titan-lose-hp N` (a shard's defeat, Titan D): the titan loses exactly N HP, named in the log by its
    cause; no troop dealt it, so nobody earns favor; a titan not in combat loses nothing."""
    g = build(cat, titan="titan-d")
    s = g.state
    t = s.units[s.titan_uid]
    hp, blue = t.hp, s.supply["blue"]
    s.mode.titan_lose_hp(g, 1, "a shard defeated")
    assert t.zone == CAMP and t.hp == hp and s.supply["blue"] == blue
    put(s, s.titan_uid, CENTER)
    s.mode.titan_lose_hp(g, 1, "a shard defeated")
    assert t.hp == t.unit.health - 1
    assert f"{t.name} (blue) loses 1 HP (a shard defeated), {t.hp} left" in s.log
    s.mode.titan_lose_hp(g, 0, "nothing")
    assert t.hp == t.unit.health - 1 and s.favor_earned == [0] * len(s.favor_earned)


def test_unimplemented_terms_are_named_once_each(cat):
    """An effect term the engine does not execute is named in the result, each term once."""
    g = build(cat)
    s = g.state
    for what in ("frobnicate", "frobnicate", "zap"):
        s.mode.unimplemented(g, what)
    assert s.unimplemented_terms == ["frobnicate", "zap"]
    assert result_of(s).unimplemented[-2:] == ("frobnicate", "zap")


# --------------------------------------------------------------------------- the arena turn (ASC-5, ASC-7)


def test_arena_turn_counts_and_plays_movement_abilities_engage_ASC_5_ASC_7(cat):
    """ASC-5 arena turn (Movement, Abilities, Engage of the arena troop): it is counted in the result; its
    header names the round; the troop whose turn it is is the arena troop; an arena unit on the center hex
    at the start of the arena turn is dealt 1 (ARN-3, ASC-3) and, a Bandit (Regen 1), heals it in the
    Abilities step; an arena unit out of reach moves toward the players and attacks (all dice hit)."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, free_hexes(s, near=CENTER, k=2)[0])
    on_center = s.units[put(s, chip(s, s.arena_troop, "bandit"), CENTER)]
    far = s.units[put(s, chip(s, s.arena_troop, "arena-unit-f"), s.grid.tagged("outer-blue")[0])]
    # a Kunlun unit 2 hexes beyond the far arena unit's Movement + Range, on its way
    reach = far.unit.movement + far.unit.range
    target_hex = next(h for h in free_hexes(s) if s.grid.dist[h][far.hex] == reach
                      and s.grid.dist[h][CENTER] > 1 + on_center.unit.movement + on_center.unit.range)
    foe = s.units[put(s, chip(s, 0), target_hex)]
    start = far.hex
    turns = s.arena_turns
    turn = s.mode.arena_turn(g)
    assert turn.troop == s.arena_troop and turn.header == f"-- Round {s.round}, arena turn"
    play_turn(g, turn)
    assert s.arena_turns == turns + 1
    assert f"Bandit (blue) loses 1 HP (center hex), {on_center.unit.health - 1} left" in s.log
    assert on_center.damage_taken == 1 and on_center.hp == on_center.unit.health  # Regen 1 in the Abilities step
    assert far.hex != start and s.grid.dist[far.hex][foe.hex] <= far.unit.range
    assert foe.hp < foe.unit.health
    play_turn(g, s.mode.arena_turn(g))
    assert s.arena_turns == turns + 2


def test_arena_units_are_deployed_sentinels_are_not_ASC_7_SUP_4(cat):
    """`deploy-arena-unit` deploys the titan's arena units (ASC-7); a sentinel in the arena troop's camp is
    never deployed by it (sentinels are placed on pedestals, SUP-4): with both arena units in combat the
    effect finds no arena unit left and says so."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    spare = UnitState(len(s.units), s.support_unit, s.arena_troop, zone=CAMP)
    s.units.append(spare)
    for _ in range(3):
        s.mode.arena_deploy(g)
    deployed = s.in_combat(s.arena_troop)
    assert len(deployed) == 2 and spare.zone == CAMP and all(u.unit.kind != "sentinel" for u in deployed)
    assert s.log[-1] == "no arena unit left in the arena camp"


# --------------------------------------------------------------------------- the result and its sweep rows (ASC-11)


def _won_coop(cat):
    """A co-op game the players won: B's unit deals Mars his last HP (3 of them)."""
    g = build(cat, factions=("kunlun", "amazons"), players=Players({"track": lambda o: o[0], "support": lambda o: o[0]}))
    s = g.state
    clear_shards(s)
    t = s.units[put(s, s.titan_uid, CENTER, hp=3)]
    b = s.units[put(s, chip(s, 1), s.grid.neighbours[CENTER][0])]
    rules.damage(g, t, 5, source=b)
    assert s.won
    return s


def _lost_solo(cat):
    """A solo game lost: the primary hero defeated."""
    g = build(cat, titan="titan-d")
    s = g.state
    hero = s.units[put(s, s.troops[0].primary_hero, free_hexes(s)[0])]
    rules.damage(g, hero, 99)
    return s


def test_sweep_rows_carry_the_result_ASC_11(cat):
    """The `games` row of a game has exactly the mode's declared columns (and the sweep's head), each read from
    the result: titan, co-op, won, rounds, end reason, capped, the titan's HP, shards defeated, arena turns, and
    per seat the five counts and the titan damage; the `units` rows say, per chip, whether the players won."""
    head = {"matchup": "m", "arena": "colosseum", "game": 7}
    won = result_of(_won_coop(cat))
    rows = Ascension.rows(won, head, lambda uid: "kind:" + uid)
    (row,) = rows["games"]
    assert set(row) == set(head) | set(Ascension.columns["games"])
    assert {k: row[k] for k in head} == head
    x = won.extras
    assert (row["titan"], row["coop"], row["won"], row["rounds"], row["end_reason"], row["capped"]) == \
        ("mars", True, True, won.rounds, "titan defeated", False)
    assert (row["titan_hp"], row["shards_defeated"], row["arena_turns"]) == (x["titan_hp"], x["shards_defeated"],
                                                                             x["arena_turns"]) == (0, 0, 0)
    for side, tr in zip("ab", won.troops):
        assert row[f"{side}_titan_damage"] == tr.extras["titan_damage"]
        for col, v in (("units_deployed", tr.units_deployed), ("damage_dealt", tr.damage_dealt),
                       ("kills", tr.kills), ("units_lost", tr.units_lost), ("crowd_favor", tr.crowd_favor)):
            assert row[f"{side}_{col}"] == v, (side, col)
    assert (row["a_titan_damage"], row["b_titan_damage"], row["b_damage_dealt"], row["b_kills"]) == (0, 3, 3, 1)
    units = rows["units"]
    assert len(units) == len(won.units) > 0
    assert all(u["won"] is True and u["kind"] == "kind:" + u["unit"] and u["game"] == 7 for u in units)
    assert Ascension.is_success(row) is True
    lost = result_of(_lost_solo(cat))
    rows = Ascension.rows(lost, head, lambda uid: None)
    (row,) = rows["games"]
    assert (row["titan"], row["coop"], row["won"], row["end_reason"]) == ("titan-d", False, False, "primary hero defeated")
    assert "b_kills" not in row and row["a_units_lost"] == 1
    assert all(u["won"] is False for u in rows["units"])
    assert Ascension.is_success(row) is False


def test_result_outcome_counts_and_extras_ASC_11(cat):
    """ASC-11 in the result: a round-capped game is a draw, an unfinished one (no end reason) and a loss are
    losses; each player's seat, faction, red side and the players' team 0 are reported; the rewards count
    is player A's (the shared track's), B's is 0; the chips left in the bag and on the gold space are not
    the troop's units; the extras give the titan, its HP (in combat: what is left; defeated: 0; never
    deployed: its Health), its dice, shards defeated and arena turns; mode, rule set, arena, first seat."""
    from hoplostat.rulesets.remastered import titan as titan_rules

    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    s.troops[0].rewards = 2
    s.arena_turns = 4
    s.shards[0].defeats = 1
    s.unimplemented_terms.append("frobnicate")
    res = result_of(s)
    assert res.end_reason == "unfinished" and [t.outcome for t in res.troops] == ["lost", "lost"]
    assert [(t.seat, t.faction, t.side, t.team) for t in res.troops] == [(0, "kunlun", "red", 0), (1, "amazons", "red", 0)]
    assert [t.rewards for t in res.troops] == [2, 0]
    assert (res.mode, res.ruleset, res.arena, res.factions, res.first_player) == \
        ("ascension", "remastered", "colosseum", ("kunlun", "amazons"), 0)
    assert res.log is s.log and res.unimplemented[-1] == "frobnicate"
    t = s.units[s.titan_uid]
    assert res.extras == {"titan": "mars", "titan_hp": t.unit.health, "titan_dice": str(titan_rules.titan_dice(s)),
                          "shards_defeated": 1, "arena_turns": 4}
    in_bag = {u.uid for u in s.units if u.troop in (0, 1) and u.zone in ("bag", TRACK)}
    assert in_bag and not in_bag & {u.uid for u in res.units if hasattr(u, "uid")}
    assert len(res.units) == sum(1 for u in s.units if u.troop in (0, 1) and u.zone not in ("bag", TRACK))
    s.end_reason = "round cap (40) reached"
    assert [t.outcome for t in result_of(s).troops] == ["draw", "draw"]
    put(s, s.titan_uid, CENTER, hp=5)
    assert result_of(s).extras["titan_hp"] == 5
    s.end_reason = "forfeit"
    assert [t.outcome for t in result_of(s).troops] == ["lost", "lost"]
    s = _won_coop(cat)
    res = result_of(s)
    assert res.extras["titan_hp"] == 0 and [t.outcome for t in res.troops] == ["won", "won"]
    assert res.troops[1].units_deployed == 0 and res.troops[0].units_lost == 0


def test_units_deployed_and_lost_come_from_the_troop_ASC_11(cat):
    """The result's units deployed and units lost are the troop's counts."""
    s = _lost_solo(cat)
    s.troops[0].deployed = 3
    (tr,) = result_of(s).troops
    assert (tr.units_deployed, tr.units_lost) == (3, 1)


def test_the_titans_defeat_ends_the_game_with_the_players_winning_ASC_11(cat):
    """ASC-11: the titan defeated, the players (seat 0's side) win and the game says so; a lost game has no
    winner."""
    s = _won_coop(cat)
    assert s.winner == 0 and "Game over: titan defeated" in s.log
    s = _lost_solo(cat)
    assert s.winner is None and "Game over: primary hero defeated" in s.log


def test_favor_narration_names_the_dealer_and_the_source_ASC_8(cat):
    """ASC-8 in the log: the favor a unit's damage earns names the unit; a tactic's damage (no unit) says so;
    favor accumulates on the track and in the troop's total."""
    g = build(cat, players=Players({"track": lambda o: 0}))
    s = g.state
    clear_shards(s)
    t = s.units[put(s, s.titan_uid, CENTER)]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])]
    rules.damage(g, t, 2, source=w)
    assert f'kunlun earns 2 crowd favor ({w.name} removed 2 HP), bead on space 2 of "gain this support chip"' in s.log
    rules.damage(g, t, 1, source_troop=0, what="tactic")
    assert 'kunlun earns 1 crowd favor (a tactic removed 1 HP), bead on space 3 of "gain this support chip"' in s.log
    assert (s.favor_earned[0], s.troops[0].favor_total, s.troops[0].favor, s.titan_damage[0]) == (3, 3, 3, 3)


def test_damage_that_removes_no_hp_earns_no_favor_ASC_8(cat):
    """ASC-8: favor equals the HP the opponent loses: damage dealt that removes none (a hit reduced to 0) earns
    none and asks nothing (the bead stays on its track)."""
    players = Players({"track": lambda o: o[-1]})
    g = build(cat, players=players)
    s = g.state
    clear_shards(s)
    t = s.units[put(s, s.titan_uid, CENTER)]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])]
    s.troops[0].track, s.troops[0].favor = 0, 3
    rules.damage(g, t, 0, source=w, dealt=True)
    assert not any(d == "track" for _, d, _ in players.by_troop)
    assert (s.troops[0].track, s.troops[0].favor, s.favor_earned[0]) == (0, 3, 0)


def test_support_chip_is_mandatory_and_never_a_foothold_on_the_center_or_a_rival_SUP_1_ASC_8(cat):
    """ASC-8 ("you gain ... the support chip above"): placing it is not optional; a foothold may go on any hex
    that is not blocked, the center hex, a foothold or a rival's hex (a player unit's hex is allowed); a
    sentinel on any free pedestal."""
    players = Players()  # no "support" pick: a mandatory choice takes the first option
    g = build(cat, players=players)
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, free_hexes(s)[5])
    own = put(s, chip(s, 0), free_hexes(s)[7])
    rules.place_foothold(g, 0, free_hexes(s)[9])
    grid = s.grid
    expected = {h for h in range(grid.n) if not grid.move_block[h] and h != CENTER and h not in s.footholds
                and (s.board[h] < 0 or s.units[s.board[h]].troop == 0)}
    s.mode.place_support_chip(g, 0)
    (opts,) = [o for _, d, o in players.by_troop if d == "support"]
    feet = {h for kind, h in opts if kind == "foothold"}
    assert feet == expected and s.units[own].hex in feet and s.units[s.titan_uid].hex not in feet
    assert {h for kind, h in opts if kind == "sentinel"} == set(PEDESTALS)
    assert opts[0][0] == "foothold" and len(s.footholds) == 2 and opts[0][1] in s.footholds


def test_deployment_hexes_are_the_outer_inner_and_center_hexes_ASC_3(cat):
    """ASC-3: solo, the two red outer hexes, every inner hex and the center hex; after the hero reward the
    blue outer hexes too."""
    g = build(cat)
    s = g.state
    red, blue = s.grid.tagged("outer-red"), s.grid.tagged("outer-blue")
    assert len(red) == len(blue) == 2
    assert set(s.mode.deployment_hexes(s, 0)) == set(red) | set(INNER) | {CENTER}
    s.troops[0].outer_open = True
    assert set(s.mode.deployment_hexes(s, 0)) == set(red) | set(blue) | set(INNER) | {CENTER}


def test_an_arena_turn_is_called_for_per_round_ASC_5(cat):
    """ASC-5: the arena turn is played only in a round whose titan dice called for it: the call is reset at
    the start of each round; the round is titan turn, the players' turns (co-op: A then B), then it."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    s.arena_turn_due = True
    assert [t.troop for t in s.mode.round_turns(g)] == [s.titan_troop, 0, 1, s.arena_troop]
    s.mode.start_round(g)
    assert [t.troop for t in s.mode.round_turns(g)] == [s.titan_troop, 0, 1]


def test_titan_turn_start_damages_allies_on_the_center_hex_ASC_3_ASC_5(cat):
    """ASC-3/ASC-5: at the start of the titan turn its ally on the center hex is dealt 1 ("center hex"); the
    turn is the titan troop's, its header names the round."""
    g = build(cat, titan="ifreet")
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, free_hexes(s, near=CENTER)[0])
    head = s.units[put(s, chip(s, s.titan_troop, "ifreet-head"), CENTER)]
    turn = s.mode.titan_turn(g)
    assert turn.troop == s.titan_troop and turn.header == f"-- Round {s.round}, titan turn"
    play_turn(g, turn)
    assert f"{head.name} (blue) loses 1 HP (center hex), {head.unit.health - 1} left" in s.log
    assert head.damage_taken == 1


def test_titan_dice_growth_is_narrated_ASC_6(cat):
    """Mars gains a yellow, then a red titan die (stand-in timing): said in the log."""
    g = build(cat)
    s = g.state
    s.dice_added = 0
    s.mode.grow_dice(g, "round")
    s.mode.grow_dice(g, "round")
    assert "Mars gains a yellow titan die" in s.log and "Mars gains a red titan die" in s.log


def test_player_turn_center_damage_foothold_step_and_own_steps_ASC_5_ASC_12(cat):
    """ASC-5 player turn: a player unit on the center hex at the start of its turn is dealt 1 (ARN-3); after
    tactic placement a player with the "move or flip a foothold" reward is offered its foothold; in co-op
    each player's turn asks that player (B's turn is not A's replayed); the header names the faction."""
    players = Players()
    g = build(cat, factions=("kunlun", "amazons"), players=players)
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, free_hexes(s)[0])
    a = s.units[put(s, chip(s, 0), CENTER)]
    rules.place_foothold(g, 1, free_hexes(s)[3])
    s.troops[1].foothold_moves = True
    turn_a = s.mode.turn_of(g, 0)
    assert turn_a.troop == 0 and turn_a.header == f"-- Round {s.round}, kunlun turn"
    play_turn(g, turn_a)
    assert f"{a.name} (red) loses 1 HP (center hex), {a.unit.health - 1} left" in s.log
    n = len(players.by_troop)
    turn_b = s.mode.turn_of(g, 1)
    assert turn_b.troop == 1 and turn_b.header == f"-- Round {s.round}, amazons turn"
    play_turn(g, turn_b)
    asked_b = players.by_troop[n:]
    assert asked_b and all(troop == 1 for troop, _, _ in asked_b)
    assert any(d == "foothold" for _, d, _ in asked_b)


def test_new_game_and_play_ascension_pass_on_log_roller_and_mode_class(cat):
    """`new_game` builds the state of its own mode class with the log asked for and the roller given;
    `play_ascension` plays with the roller given and keeps no log unless asked."""
    from hoplostat.engine.loop import GameSpec
    from hoplostat.policies import RandomController
    from hoplostat.rulesets.remastered.ascension import play_ascension

    class Variant(Ascension):
        pass

    roller = FixedRoller(mode="none")
    spec = GameSpec("ascension", ("kunlun",), "colosseum", "mars", max_rounds=3)
    rng = np.random.default_rng(4)
    g = Variant.new_game(cat, spec, [RandomController(rng)], rng=rng, log=True, roller=roller)
    assert type(g.state.mode) is Variant and g.state.log is not None and g.roller is roller
    g = Variant.new_game(cat, spec, [RandomController(rng)], rng=rng)
    assert g.state.log is None and g.roller is not roller
    rng = np.random.default_rng(4)
    roller = FixedRoller(mode="none")
    r = play_ascension(cat, "mars", ["kunlun"], [RandomController(rng)], rng=rng, max_rounds=3, roller=roller)
    assert r.log is None and roller.rolled
    rng = np.random.default_rng(4)
    r = play_ascension(cat, "mars", ["kunlun"], [RandomController(rng)], rng=rng, max_rounds=1, log=True)
    assert r.log and r.log[0].startswith("Set-up: Ascension against Mars")


# --------------------------------------------------------------------------- set-up (ASC-1, ASC-2, ASC-12)


def test_setup_coop_places_no_neutral_hero_and_b_has_no_primary_hero_ASC_1_ASC_12(cat):
    """Remastered, Ascension Setup 2 (co-op): "Do not place a neutral hero, as Player B's primary hero will be
    placed here": the gold space holds B's hero only; the game is lost on player A's primary hero alone
    (ASC-11), so B's troop has none. Solo: one neutral hero there."""
    s = setup(cat, "mars", ["kunlun", "amazons"], rng=np.random.default_rng(0))
    assert not any(u.unit.kind == "neutral-hero" for u in s.units)
    assert [u.troop for u in s.units if u.zone == TRACK] == [1]
    assert s.troops[0].primary_hero >= 0 and s.units[s.troops[0].primary_hero].is_primary_hero
    assert s.troops[1].primary_hero == -1
    s = setup(cat, "mars", ["kunlun"], rng=np.random.default_rng(0))
    assert [u.unit.kind for u in s.units if u.zone == TRACK] == ["neutral-hero"]


def test_setup_troops_teams_and_narration_ASC_1(cat):
    """ASC-1: the players red (co-op B too), the titan blue; the titan, arena and blue shard troops are one
    team (allies: they never mark or attack each other), the red shards the players'; the troops are
    named in the log; a set-up without `log` keeps none."""
    s = setup(cat, "titan-d", ["kunlun", "amazons"], rng=np.random.default_rng(0), log=True)
    assert [(t.side, t.faction) for t in s.troops] == [
        ("red", "kunlun"), ("red", "amazons"), ("blue", "titan:titan-d"), ("blue", "arena"), ("blue", "shards"),
        ("red", "shards")]
    assert s.teams == [0, 0, 1, 1, 1, 0]
    assert s.log[0] == "Set-up: Ascension against Titan D in the Colosseum, co-op kunlun and amazons"
    s = setup(cat, "mars", ["kunlun"], rng=np.random.default_rng(0), log=True)
    assert s.log[0] == "Set-up: Ascension against Mars in the Colosseum, solo kunlun"
    assert setup(cat, "mars", ["kunlun"], rng=np.random.default_rng(0)).log is None
    assert setup(cat, "mars", ["kunlun"], rng=np.random.default_rng(0), log=False).log is None


def test_arena_units_are_the_titans_allies_and_the_players_opponents_ASC_7_ASC_8(cat):
    """Remastered, Ascension "Allies": the titan and its arena units are allies (an arena unit is no
    opponent of the titan's troop); to the players it is an opponent, and damage to it earns favor (ASC-8)."""
    g = build(cat, titan="titan-d", players=Players({"track": lambda o: 0}))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    au = s.units[put(s, chip(s, s.arena_troop), s.grid.tagged("outer-blue")[0])]
    assert au not in s.opponents_of(s.titan_troop) and au in s.opponents_of(0)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=au.hex)[0])]
    rules.damage(g, au, 2, source=w)
    assert s.favor_earned[0] == 2 and s.troops[0].favor == 2 and s.titan_damage[0] == 0


def test_setup_refuses_wrong_numbers_of_factions_and_a_shared_faction(cat):
    """Ascension takes 1 faction (solo) or 2 different ones (co-op); the errors say so."""
    from hoplostat.errors import InputError

    with pytest.raises(InputError, match=r"^ascension needs 1 faction \(solo\) or 2 \(co-op\), got 3$"):
        setup(cat, "mars", ["kunlun", "amazons", "parthians"], rng=np.random.default_rng(0))
    with pytest.raises(InputError, match=r"^co-op players choose different factions \(Remastered, Ascension Setup\)$"):
        setup(cat, "mars", ["kunlun", "kunlun"], rng=np.random.default_rng(0))


def test_choices_are_narrated_ASC_2(cat):
    """ASC-2 in the log: each player's chosen units (and, if any, the tactic): co-op A names no tactic."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    for p, fac in ((0, "kunlun"), (1, "amazons")):
        names = [u.name for u in s.units if u.troop == p and u.zone == CAMP and not u.elite]
        assert len(names) == 3
        line = f"{fac} chooses " + ", ".join(names)
        if p == 1:
            line += f" and the tactic {s.troops[1].tactics_camp[0].name}"
        assert line in s.log, (line, s.log[:4])


def test_rival_choices_left_to_the_players_are_player_as_ASC_12(cat):
    """Ties and choices the rival rules leave to the players (Toss: the hex exactly 3 away) are asked of player
    A's controller, as troop 0 (co-op: A settles them)."""
    from hoplostat.catalog.model import Effect
    from hoplostat.rulesets.remastered import titan as titan_rules

    players = Players({"rival-displace": lambda o: o[0]})
    g = build(cat, factions=("kunlun", "amazons"), roller=FixedRoller(mode="all"), players=players)
    s = g.state
    clear_shards(s)
    mars = s.units[put(s, s.titan_uid, CENTER)]
    put(s, chip(s, 1), free_hexes(s, near=CENTER)[0])
    titan_rules.resolve(g, mars, Effect("toss"))
    asked = [troop for troop, d, _ in players.by_troop if d == "rival-displace"]
    assert asked == [0]


def test_build_game_wants_one_controller_or_one_per_seat(cat):
    """One controller plays every co-op seat; any other number is refused, naming the mode."""
    from hoplostat.errors import InputError

    s = setup(cat, "mars", ["kunlun", "amazons"], rng=np.random.default_rng(0))
    with pytest.raises(InputError, match=r"^ascension: 2 faction\(s\) need 2 controller\(s\), got 3$"):
        build_game(s, [Players()] * 3, rng=np.random.default_rng(0))


def test_player_a_chooses_the_track_for_the_bead_ASC_8_CF_5(cat):
    """CF-5 / ASC-12 ("Player A controls the crowd favor track"): A is asked which track the bead goes on
    ("track"), even for B's favor; changing track starts it again from the first space."""
    players = Players({"track": lambda o: o[1]})
    g = build(cat, factions=("kunlun", "amazons"), players=players)
    s = g.state
    clear_shards(s)
    t = s.units[put(s, s.titan_uid, CENTER)]
    b = s.units[put(s, chip(s, 1), s.grid.neighbours[CENTER][0])]
    s.troops[0].track, s.troops[0].favor = 0, 3
    rules.damage(g, t, 1, source=b)
    assert [troop for troop, d, _ in players.by_troop if d == "track"] == [0]
    assert (s.troops[0].track, s.troops[0].favor) == (colosseum.HP, 1)
    assert s.favor_earned[:2] == [0, 1]
