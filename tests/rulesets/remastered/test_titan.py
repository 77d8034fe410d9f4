"""The titan, pinned: the behaviour the mutation run of `rulesets/remastered/titan.py` found unpinned
(docs/testing-history.md, "The Remastered modes"): the Titan Activity Step (ASC-6: a colour without a die, the end of
the game mid-table, the narration), the arena die, the targets of attack, Smite and Toss and the players'
choice among equals (R-ASC-4, RIV-9), "the target" of the targeted effects (R-ASC-10), Advance as a rival
move (R-ASC-4, Combat Lock), the deploy, heal and gain-HP effects (R-ASC-3) and the prompted allies (ASC-7).

Positions come from the real set-up (`build_ascension`) with chips put on the Colosseum map by hand, as in
`tests/rulesets/remastered/test_ascension.py`; the titan dice are rolled colour by colour, weakest first (yellow, blue, green, black,
red); arena dice are forced with `AscensionState.forced_arena_dice`.

Every titan, solo and co-op, and every Onslaught co-op pair, played whole through the sweep's own game
player (`hoplostat.sweep.play_one`, the code `hoplostat sweep` runs): a crash anywhere in a game is found
here, and each result row is checked for the invariants a finished game must satisfy.

Cheap on purpose (a couple of games per matchup; the whole file runs in seconds): the long statistical
runs are the `slow` tests of tests/rulesets/remastered/test_ascension.py and tests/rulesets/remastered/test_onslaught.py. Plus the crash of issue 13 (a titan
defeated by Cover during its own Advance) built by hand, so it is pinned whatever the seeds do."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from engine.enginekit import CENTER, Players, clear_shards, free_hexes, put_in_combat
from engine.enginekit import build_ascension as build
from engine.enginekit import camp_chip as chip
from engine.enginekit import put_in_combat as put

from hoplostat.catalog import SkillRef
from hoplostat.catalog.model import Effect
from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD
from hoplostat.policies import make
from hoplostat.rulesets.remastered import titan as titan_rules
from hoplostat.rulesets.remastered.ascension import build_game, choose_forces, play_ascension, setup
from hoplostat.sweep import SweepConfig, play_one


def remove(s, u):
    """Take a unit out of combat by hand (its HP back to the supply)."""
    s.board[u.hex] = -1
    s.supply[s.supply_of(u.troop)] += u.hp
    s.leave_combat(u)
    u.zone, u.hex = DISCARD, -1


def with_skill(s, u, skill, param=None):
    u.unit = dataclasses.replace(u.unit, skills=(*u.unit.skills, SkillRef(skill, param)))
    s.combat_version += 1  # the chips in combat changed (`GameState.hooked`)


def mars_alone(cat, *, roller=None, players=None, hex_=CENTER):
    """Mars on `hex_` (not dazed), no shards, no player unit in combat."""
    g = build(cat, roller=roller, players=players)
    s = g.state
    clear_shards(s)
    return g, s, s.units[put(s, s.titan_uid, hex_)]


# --------------------------------------------------------------------------- the Titan Activity Step (ASC-6)


def test_arena_die_is_a_six_sided_die_and_forced_faces_come_in_order():
    """FACTS "Dice": an arena die is a plain d6: every face 1..6 comes up and nothing else; the test hook
    gives forced faces first to last."""
    from types import SimpleNamespace

    g = SimpleNamespace(state=SimpleNamespace(forced_arena_dice=[]), rng=np.random.default_rng(3))
    faces = [titan_rules.arena_die(g) for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(type(f) is int for f in faces)
    g.state.forced_arena_dice = [4, 2, 6]
    assert [titan_rules.arena_die(g) for _ in range(3)] == [4, 2, 6]


def test_titan_dice_are_the_start_pool_plus_the_grown_dice_in_order_ASC_6(cat):
    """Mars' card: green, blue, black and yellow to start, then a yellow and then a red die (stand-in order)."""
    g = build(cat)
    s = g.state
    sizes = []
    for added, counts in ((0, (1, 1, 1, 1, 0)), (1, (2, 1, 1, 1, 0)), (2, (2, 1, 1, 1, 1))):
        s.dice_added = added
        assert titan_rules.titan_dice(s).counts == counts  # (yellow, blue, green, black, red)
        sizes.append(titan_rules.titan_dice(s).size)
    assert sizes == [4, 5, 6]


def test_a_colour_the_titan_has_no_die_of_resolves_nothing_ASC_6(cat):
    """ASC-6: a single-die effect triggers "if that die rolls a hit": before Mars gains his red die, every
    die hitting still calls for no arena turn; with the red die it does. The roll is narrated per colour."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"))
    s.forced_arena_dice = [1, 1, 1]
    titan_rules.activity(g)
    assert [p.counts for p in g.roller.rolled] == [(1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0)]
    assert not s.arena_turn_due
    assert not any("red effect" in line for line in s.log)
    assert (f"{mars.name} rolls the titan dice ({titan_rules.titan_dice(s)}): yellow 1/1, blue 1/1, green 1/1, "
            "black 1/1") in s.log
    s.dice_added = 2
    s.forced_arena_dice = [1, 1, 1, 1]
    titan_rules.activity(g)
    assert s.arena_turn_due
    assert f"{mars.name}'s red effect (1 hit(s)): arena-turn" in s.log
    assert "an arena turn follows the player turn(s) this round" in s.log


def test_only_effects_of_rows_reached_are_narrated_and_resolved_ASC_6(cat):
    """ASC-6: a row below its lowest tier resolves nothing and says nothing; the 2-hit tier of Mars' yellow
    row is named with its hits and its effect."""
    g, s, mars = mars_alone(cat, roller=FixedRoller([2, 0, 0, 0, 0]))
    s.dice_added = 2
    s.forced_arena_dice = [1, 1]
    titan_rules.activity(g)
    assert f"{mars.name}'s yellow effect (2 hit(s)): smite 2" in s.log
    assert not any(line.startswith(f"{mars.name}'s ") and "effect (" in line and "yellow" not in line for line in s.log)
    assert s.forced_arena_dice == []  # Smite 2: two arena dice


def test_a_titan_not_in_combat_rolls_nothing_ASC_6(cat):
    """The Titan Activity Step is the deployed titan's: in its camp it rolls no titan dice."""
    g = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    titan_rules.activity(g)
    assert g.roller.rolled == [] and not s.arena_turn_due


def test_a_dazed_titan_skips_its_activity_and_says_so_ASC_6(cat):
    """ASC-6: "Titans skip this step if they are dazed"."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"))
    mars.deployed_turn = s.turn
    assert s.is_dazed(mars)
    s.titan_target = 7
    titan_rules.activity(g)
    assert g.roller.rolled == [] and not s.arena_turn_due
    assert f"{mars.name} is dazed: no Titan Activity this turn" in s.log


def test_the_effects_stop_when_the_game_ends_mid_table_ASC_6_ASC_11(cat):
    """ASC-11: the primary hero's defeat ends the game at once: Mars' blue Smite defeats Feng, so his black
    Toss and his red arena turn (later rows) never resolve; nor does a second Smite of the same effect."""
    g, s, mars = mars_alone(cat, roller=FixedRoller([0, 1, 0, 1, 1, 9]))
    s.dice_added = 2
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0], hp=1)]
    mk = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])]
    s.forced_arena_dice = [1]
    titan_rules.activity(g)
    assert s.end_reason == "primary hero defeated" and feng.zone != COMBAT
    assert not s.arena_turn_due and mk.hp == mk.unit.health
    assert not any(line.startswith(f"{mars.name}'s black") for line in s.log)
    # Smite 2 (yellow, 2 hits): the first Smite defeats the hero, the second is not rolled
    g, s, mars = mars_alone(cat, roller=FixedRoller([2, 0, 0, 0, 0, 9]))
    s.dice_added = 2
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0], hp=1)
    s.forced_arena_dice = [1, 1]
    titan_rules.activity(g)
    assert s.end_reason == "primary hero defeated" and s.forced_arena_dice == [1]


# --------------------------------------------------------------------------- attack, Smite, Toss (R-ASC-4, RIV-9)


def test_titan_attack_ties_are_settled_by_the_players_RIV_9(cat):
    """R-ASC-4 ("Ties: players choose", RIV-9): two equally weak opponents in Range: the players are asked
    ("rival-engage", one (attack, titan, target) option each) and the one they pick is attacked, and becomes
    the effect target."""
    players = Players({"rival-engage": lambda o: o[-1]})
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"), players=players)
    a, b = (s.units[put(s, chip(s, 0, uid), h, hp=2)] for uid, h in
            zip(("kunlun/warrior", "kunlun/beast-2"), free_hexes(s, near=CENTER)))
    titan_rules.resolve(g, mars, Effect("attack"))
    (asked,) = [opts for _, d, opts in players.by_troop if d == "rival-engage"]
    assert sorted(asked) == sorted([("attack", mars.uid, a.uid), ("attack", mars.uid, b.uid)])
    hit = s.units[asked[-1][2]]
    other = a if hit is b else b
    assert hit.zone != COMBAT and other.hp == 2
    assert s.titan_target == hit.uid


def test_titan_attack_picks_the_highest_priority_in_range_without_asking_R_ASC_4(cat):
    """R-ASC-4: "attack": the highest priority within Range, no move; nobody in Range: it says so."""
    players = Players()
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"), players=players)
    far = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=2)[0])]
    titan_rules.resolve(g, mars, Effect("attack"))
    assert far.hp == far.unit.health and mars.hex == CENTER
    assert f"{mars.name} has no target in Range" in s.log
    near = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0], hp=3)]
    titan_rules.resolve(g, mars, Effect("attack"))
    assert near.zone != COMBAT and s.titan_target == near.uid
    assert not any(d == "rival-engage" for _, d, _ in players.by_troop)


def test_smite_without_a_number_smites_once_and_reaches_what_the_die_says_R_ASC_4(cat):
    """R-ASC-4: Smite N: N times, an arena die gives the reach (Mars' smite table: 1-3 -> 1 hex, 4-6 -> 2);
    a plain "smite" is once. Out of reach: nothing, and it says so."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"))
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=2)[0])]
    s.forced_arena_dice = [3, 5, 5]
    titan_rules.resolve(g, mars, Effect("smite"))
    assert s.forced_arena_dice == [5, 5] and feng.hp == feng.unit.health
    assert "Smite: arena die 3 -> a target within 1 hex(es): none" in s.log
    titan_rules.resolve(g, mars, Effect("smite"))
    assert s.forced_arena_dice == [5]
    assert feng.hp == feng.unit.health - mars.unit.attack.size and s.titan_target == feng.uid
    assert "Smite: arena die 5 -> a target within 2 hex(es)" in s.log


def test_smite_n_rolls_n_arena_dice_R_ASC_4(cat):
    """R-ASC-4: "smite 2" is two Smites, each with its own arena die and target."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="none"))
    put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])
    s.forced_arena_dice = [1, 2, 3]
    titan_rules.resolve(g, mars, Effect("smite", 2))
    assert s.forced_arena_dice == [3]


def test_smite_without_a_table_reaches_the_titans_range(cat):
    """A titan whose card has no smite table smites within its own Range (`rules.range_of`)."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"))
    s.mode.titan = dataclasses.replace(s.mode.titan, arena_die={})
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=2)[0])]
    s.forced_arena_dice = [6]
    titan_rules.resolve(g, mars, Effect("smite", 1))
    assert feng.hp == feng.unit.health and "Smite: arena die 6 -> a target within 1 hex(es): none" in s.log


def test_toss_deals_1_and_offers_only_free_hexes_exactly_3_away_R_CAT_9(cat):
    """Titan Turn Example (Toss): 1 damage to an adjacent target, then displaced to a hex exactly 3 hexes
    from the titan, the players choosing; occupied hexes are not offered; the target is remembered."""
    chosen = {}

    def pick(opts):
        chosen["opts"] = opts
        return opts[0]

    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"), players=Players({"rival-displace": pick}))
    far = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=2)[0])]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])]
    blocker = s.units[put(s, chip(s, 0, "kunlun/beast-2"), free_hexes(s, near=CENTER, k=3)[0])]
    titan_rules.resolve(g, mars, Effect("toss"))
    assert w.hp == w.unit.health - 1 and far.hp == far.unit.health and s.titan_target == w.uid
    offered = [h for _, h in chosen["opts"]]
    free3 = [h for h in s.grid.at_distance(CENTER, 3) if not s.blocked_for_move(0)[h] or h == w.hex]
    assert blocker.hex not in offered and offered and set(offered) <= set(free3)
    assert all(s.grid.dist[CENTER][h] == 3 for h in offered) and all(u == w.uid for u, _ in chosen["opts"])
    assert w.hex == offered[0]
    assert titan_rules.TOSS_DISTANCE == 3


def test_toss_without_an_adjacent_target_or_a_free_hex_R_CAT_9(cat):
    """Toss: nobody adjacent: nothing (said); a target with no free hex 3 away is damaged and stays."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"))
    far = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=2)[0])]
    titan_rules.resolve(g, mars, Effect("toss"))
    assert far.hp == far.unit.health and "Toss: no adjacent target" in s.log
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])]
    spot = w.hex
    for h in s.grid.at_distance(CENTER, 3):
        if s.board[h] < 0 and not s.grid.move_block[h]:
            s.board[h] = far.uid  # every hex 3 away occupied (by a stand-in mark)
    titan_rules.resolve(g, mars, Effect("toss"))
    assert w.hp == w.unit.health - 1 and w.hex == spot
    assert f"{w.name} cannot be tossed: no free hex exactly 3 hexes away" in s.log


def test_toss_that_defeats_or_ends_the_game_displaces_nothing(cat):
    """Toss's 1 damage defeating the primary hero ends the game: no displacement is asked."""
    players = Players({"rival-displace": lambda o: o[0]})
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"), players=players)
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0], hp=1)
    titan_rules.resolve(g, mars, Effect("toss"))
    assert s.end_reason == "primary hero defeated"
    assert not any(d == "rival-displace" for _, d, _ in players.by_troop)


def test_toss_only_damages_a_shard_R_ASC_1(cat):
    """R-ASC-1: a shard with HP is never displaced (Toss deals its 1 damage only)."""
    players = Players({"rival-displace": lambda o: o[0]})
    g = build(cat, players=players)
    s = g.state
    sh = s.shards[0]
    shard = s.units[sh.uid]
    mars = s.units[put(s, s.titan_uid, free_hexes(s, near=sh.hex)[0])]
    titan_rules.resolve(g, mars, Effect("toss"))
    assert shard.hp == 2 and shard.hex == sh.hex
    assert not any(d == "rival-displace" for _, d, _ in players.by_troop)
    assert mars.hex != CENTER


# --------------------------------------------------------------------------- "the target" (R-ASC-10)


def test_the_effect_target_falls_back_when_the_remembered_one_left_combat_R_ASC_10(cat):
    """R-ASC-10: the unit attacked earlier in the step counts only "if still in combat"; otherwise the
    highest-priority opponent within Range, which is remembered for the next targeted effect."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="none"))
    n1 = free_hexes(s, near=CENTER)
    gone = s.units[put(s, chip(s, 0, "kunlun/warrior"), n1[0])]
    w = s.units[put(s, chip(s, 0, "kunlun/beast-2"), n1[1], hp=2)]
    s.titan_target = gone.uid
    remove(s, gone)
    titan_rules.resolve(g, mars, Effect("damage", 1))
    assert w.hp == 1 and s.titan_target == w.uid


def test_the_effect_target_is_never_an_ally_of_the_titan_R_ASC_10(cat):
    """R-ASC-10: "the target" is an opponent: a remembered uid of the titan's own side (here a shard's
    chip of the titan's team) is not hit; the opponent in Range is."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="none"))
    s = g.state
    sh = s.shards[0]
    ally = s.units[sh.uid]  # a blue shard: the rivals' team
    t = s.units[put(s, s.titan_uid, free_hexes(s, near=sh.hex)[0])]
    foe = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=t.hex)[0])]
    s.titan_target = ally.uid
    titan_rules.resolve(g, t, Effect("damage", 2))
    assert ally.hp == ally.unit.health and foe.hp == foe.unit.health - 2 and s.titan_target == foe.uid


def test_targeted_effects_without_a_target_say_so_R_ASC_10(cat):
    """R-ASC-10: "none: nothing"; the log names the effect that found no target."""
    g, s, mars = mars_alone(cat)
    for term, arg in (("stun", None), ("damage", 2), ("displace-target", None)):
        titan_rules.resolve(g, mars, Effect(term, arg))
        assert f"{term}: no target" in s.log
    assert s.titan_target == -1


def test_damage_n_is_the_titans_effect_not_an_attack_R_ASC_10(cat):
    """R-ASC-10: `damage N`: N damage, not attack damage: no dice are rolled; the log names the titan's effect."""
    g, s, mars = mars_alone(cat, roller=FixedRoller([]))
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0])]
    titan_rules.resolve(g, mars, Effect("damage", 3))
    assert feng.hp == feng.unit.health - 3 and g.roller.rolled == []
    assert any(f"({mars.name}'s effect)" in line and feng.name in line for line in s.log), s.log


def test_stun_marks_the_target_fatigued_until_the_titans_next_turn_R_ASC_10(cat):
    """R-ASC-10: `stun`: fatigued until the start of the titan troop's next turn, said so in the log."""
    g, s, mars = mars_alone(cat)
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0])]
    titan_rules.resolve(g, mars, Effect("stun"))
    assert s.is_fatigued(feng)
    assert [pt.owner for pt in feng.tactics if pt.tactic.id == "titan-stun"] == [s.titan_troop]
    assert f"{feng.name} (red) is fatigued until {mars.name}'s next turn" in s.log


def test_displace_target_offers_the_free_adjacent_hexes_and_spares_shards_R_ASC_10(cat):
    """R-ASC-10: `displace-target`: to a free hex adjacent to the target, players' choice; an occupied hex
    is not offered; no free hex: it stays (said); a shard (red HP, Mars' target) is never displaced."""
    chosen = {}

    def pick(opts):
        chosen["opts"] = opts
        return opts[-1]

    g, s, mars = mars_alone(cat, players=Players({"rival-displace": pick}))
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0])]
    src = feng.hex
    blocked = s.blocked_for_move(0)
    free = sorted(h for h in s.grid.neighbours[src] if not blocked[h])
    titan_rules.resolve(g, mars, Effect("displace-target"))
    offered = [h for _, h in chosen["opts"]]
    assert mars.hex not in offered and sorted(offered) == free and len(free) >= 2
    assert feng.hex == offered[-1]
    # boxed in: every neighbour occupied
    spot = feng.hex
    for h in s.grid.neighbours[spot]:
        if s.board[h] < 0:
            s.board[h] = mars.uid
    chosen.clear()
    titan_rules.resolve(g, mars, Effect("displace-target"))
    assert feng.hex == spot and not chosen
    assert f"{feng.name} cannot be displaced: no free adjacent hex" in s.log


# --------------------------------------------------------------------------- Advance (R-ASC-4)


def test_advance_moves_by_the_arena_die_table_and_narrates_it_R_ASC_4(cat):
    """R-ASC-4: Advance: move up to the arena-die table's value (Titan Turn Example: a 4 lets Mars move up to
    2 hexes) by marking; the hexes tied for its move are the players' choice ("rival-move")."""
    players = Players({"rival-move": lambda o: o[-1]})
    g, s, mars = mars_alone(cat, players=players)
    # a hex 3 away with two free hexes next to it 2 from Mars: two equally good destinations
    open_ = [x for x in s.grid.at_distance(CENTER, 2) if not s.grid.move_block[x] and not s.grid.pedestal[x]]
    spot = next(h for h in free_hexes(s, near=CENTER, k=3) if len([x for x in open_ if s.grid.dist[x][h] == 1]) >= 2)
    feng = s.units[put(s, s.troops[0].primary_hero, spot)]
    s.forced_arena_dice = [4]
    titan_rules.resolve(g, mars, Effect("advance"))
    assert "Advance: arena die 4 -> up to 2 hex(es)" in s.log
    assert s.grid.dist[mars.hex][CENTER] == 2 and s.grid.dist[mars.hex][feng.hex] == 1
    (moves,) = [opts for _, d, opts in players.by_troop if d == "rival-move"]
    assert len(moves) >= 2 and all(uid == mars.uid for uid, _ in moves) and mars.hex == moves[-1][1]
    assert any(line.startswith(f"{mars.name} advances up to 2: ") for line in s.log)


def test_each_advance_is_a_new_move_and_leaves_the_titans_movement_as_it_was_R_ASC_4(cat):
    """R-ASC-4: "the titan's Movement is replaced for that move; each Advance is a new move": two Advances in
    one turn both move (the first does not use up the titan's move), and afterwards no Advance marker is left
    on the titan and its Movement is its own again."""
    g, s, mars = mars_alone(cat)
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=5)[0])]
    titan_rules.advance(g, mars, 2)
    first = mars.hex
    assert s.grid.dist[first][CENTER] == 2 and mars.moved_turn == s.turn
    titan_rules.advance(g, mars, 2)
    assert s.grid.dist[mars.hex][first] == 2 and s.grid.dist[mars.hex][feng.hex] == 1
    assert not any(pt.tactic.id.startswith("advance-") for pt in mars.tactics)
    assert rules.movement_of(s, mars) == mars.unit.movement
    # a long Advance (above every table value) moves as far as it needs, no farther
    feng2 = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=mars.hex, k=6)[0])]
    remove(s, feng)
    before = mars.hex
    titan_rules.advance(g, mars, 20)
    assert s.grid.dist[mars.hex][feng2.hex] == 1 and s.grid.dist[mars.hex][before] == 5


def test_advance_of_zero_does_not_move(cat):
    """Advance up to 0 hexes: no move (and no marker left)."""
    g, s, mars = mars_alone(cat)
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=3)[0])
    titan_rules.advance(g, mars, 0)
    assert mars.hex == CENTER and not mars.tactics
    assert not any("advances" in line for line in s.log)


def test_a_titan_in_combat_lock_does_not_advance(cat):
    """Combat Lock (Remastered key terms): a unit starting next to an opposing unit with Combat Lock cannot
    move; the titan's Advance is a move, so it stays, and the log says why."""
    g, s, mars = mars_alone(cat)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])]
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=3)[0])
    with_skill(s, w, "combat-lock")
    titan_rules.advance(g, mars, 3)
    assert mars.hex == CENTER and f"{mars.name} is locked and cannot advance" in s.log
    assert not mars.tactics


def test_advance_without_a_table_uses_the_titans_movement(cat):
    """A titan card without an advance table: the Advance is the titan's own Movement (Mars: 1)."""
    g, s, mars = mars_alone(cat)
    s.mode.titan = dataclasses.replace(s.mode.titan, arena_die={})
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=4)[0])
    s.forced_arena_dice = [6]
    titan_rules.resolve(g, mars, Effect("advance"))
    assert "Advance: arena die 6 -> up to 1 hex(es)" in s.log and s.grid.dist[mars.hex][CENTER] == 1


def test_an_advance_with_nowhere_to_go_says_so(cat):
    """A titan whose mark is already in Range does not move (RIV-4) and the log says so."""
    g, s, mars = mars_alone(cat)
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0])
    titan_rules.advance(g, mars, 2)
    assert mars.hex == CENTER
    assert any(line.startswith(f"{mars.name} advances up to 2: ") for line in s.log)


# --------------------------------------------------------------------------- allies, heal, gain HP (R-ASC-3, ASC-7)


def test_deploy_allies_deploys_the_first_ally_in_card_order_next_to_the_titan_R_ASC_3(cat):
    """R-ASC-3: `deploy-allies`: the first in card order (Ifreet: the Head, then the Tendrils) onto a free hex
    next to the titan; none left in the camp: nothing."""
    g = build(cat, titan="ifreet")
    s = g.state
    clear_shards(s)
    ifreet = s.units[put(s, s.titan_uid, CENTER)]
    ids = []
    for _ in range(4):
        titan_rules.resolve(g, ifreet, Effect("deploy-allies"))
        ids.append(sorted(u.unit.id for u in s.in_combat(s.titan_troop) if u is not ifreet))
    assert ids[0] == ["ifreet-head"]
    assert ids[1] == ["ifreet-head", "ifreet-tendril"]
    assert ids[2] == ids[3] == ["ifreet-head", "ifreet-tendril", "ifreet-tendril"]
    assert all(s.grid.dist[u.hex][CENTER] == 1 for u in s.in_combat(s.titan_troop) if u is not ifreet)
    assert ifreet.hex == CENTER


def test_heal_n_heals_the_titan_up_to_its_health_R_ASC_4(cat):
    """Shaghad's `heal 2`: the titan heals 2 HP, never above its Health (UNIT-4)."""
    g = build(cat, titan="shaghad")
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER, hp=s.units[s.titan_uid].unit.health - 3)]
    titan_rules.resolve(g, t, Effect("heal", 2))
    assert t.hp == t.unit.health - 1
    titan_rules.resolve(g, t, Effect("heal", 2))
    assert t.hp == t.unit.health


def test_gain_hp_n_may_take_the_titan_above_its_health_UNIT_4(cat):
    """`gain-hp N`: the titan gains N HP, above its Health (UNIT-4)."""
    g, s, mars = mars_alone(cat)
    titan_rules.resolve(g, mars, Effect("gain-hp", 2))
    assert mars.hp == mars.unit.health + 2 and mars.hp_gained == 2


def test_damage_adjacent_n_hits_every_adjacent_opponent_only(cat):
    """`damage-adjacent N` (Ifreet's black 2 hits): each opponent next to the titan is dealt N; one 2 hexes
    away is not; the log names the titan's effect."""
    g, s, mars = mars_alone(cat)
    n1 = free_hexes(s, near=CENTER)
    a = s.units[put(s, chip(s, 0, "kunlun/warrior"), n1[0])]
    b = s.units[put(s, chip(s, 0, "kunlun/beast-2"), n1[1])]
    c = s.units[put(s, chip(s, 0, "kunlun/defender-1"), free_hexes(s, near=CENTER, k=2)[0])]
    titan_rules.resolve(g, mars, Effect("damage-adjacent", 2))
    assert (a.hp, b.hp, c.hp) == (a.unit.health - 2, b.unit.health - 2, c.unit.health)
    assert any(f"({mars.name}'s effect)" in line and a.name in line for line in s.log), s.log


def test_allies_gain_hp_n_reaches_the_titans_allies_only(cat):
    """`allies-gain-hp N`: every unit of the titan's side in combat but the titan gains N HP: titan-troop
    allies and arena units; not the titan, not a shard (a chip, not a unit), not a player unit."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER)]
    shard = s.units[s.shards[0].uid]
    au = s.units[put(s, next(u.uid for u in s.units if u.troop == s.arena_troop and u.zone == CAMP),
                     free_hexes(s, near=CENTER, k=3)[0])]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER, k=4)[0])]
    s.supply["blue"] += 10  # Titan D's Health, shards and arena unit leave too few blue chips for the test
    titan_rules.resolve(g, t, Effect("allies-gain-hp", 2))
    assert au.hp == au.unit.health + 2
    assert (t.hp, shard.hp, w.hp) == (t.unit.health, shard.unit.health, w.unit.health)


def test_prompted_allies_act_but_a_titan_that_could_move_does_not_ASC_7(cat):
    """ASC-7 ("Titan Activity Step": titans act only through their dice effects): `allies-act` prompts the
    allies; Mars (Movement 1), with an opponent out of Range, neither moves nor attacks; his own move of the
    turn is as before the prompt."""
    g, s, mars = mars_alone(cat, roller=FixedRoller(mode="all"))
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=2)[0])]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])]
    mars.moved_turn = -5
    titan_rules.resolve(g, mars, Effect("allies-act"))
    assert mars.hex == CENTER and mars.moved_turn == -5
    assert feng.hp == feng.unit.health and w.hp == w.unit.health


def test_prompted_allies_stop_when_the_game_ends_ASC_7_ASC_11(cat):
    """ASC-11: the prompted ally's attack that defeats the primary hero ends the game."""
    g = build(cat, titan="ifreet", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)
    ifreet = s.units[put(s, s.titan_uid, CENTER)]
    titan_rules.resolve(g, ifreet, Effect("deploy-allies"))
    (head,) = [u for u in s.in_combat(s.titan_troop) if u is not ifreet]
    s.turn += 1
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=head.hex)[0], hp=1)]
    titan_rules.resolve(g, ifreet, Effect("allies-act"))
    assert s.end_reason == "primary hero defeated" and feng.zone != COMBAT


def test_advance_never_enters_an_opposing_foothold_SUP_3(cat):
    """Footholds block opposing units' movement (`GameState.blocked_for_move` of the moving troop): Mars,
    ringed by the players' footholds, cannot advance toward Feng."""
    g, s, mars = mars_alone(cat)
    put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER, k=3)[0])
    for h in s.grid.neighbours[CENTER]:
        if s.board[h] < 0 and not s.grid.move_block[h]:
            rules.place_foothold(g, 0, h)
    titan_rules.advance(g, mars, 3)
    assert mars.hex == CENTER


def test_a_tier_with_two_effects_names_both_and_resolves_both_ASC_6(cat):
    """ASC-6: Ifreet's black row with 2 hits: "attack, damage-adjacent 1", both resolved in order."""
    g = build(cat, titan="ifreet", roller=FixedRoller([0, 0, 2, 9]))
    s = g.state
    clear_shards(s)
    ifreet = s.units[put(s, s.titan_uid, CENTER)]
    n1 = free_hexes(s, near=CENTER)
    a = s.units[put(s, chip(s, 0, "kunlun/defender-1"), n1[0])]
    b = s.units[put(s, chip(s, 0, "kunlun/beast-2"), n1[1])]
    titan_rules.activity(g)
    assert f"{ifreet.name}'s black effect (2 hit(s)): attack, damage-adjacent 1" in s.log
    attacked = s.units[s.titan_target]
    other = b if attacked is a else a
    assert other.hp == other.unit.health - 1
    assert attacked.zone != COMBAT or attacked.hp == attacked.unit.health - ifreet.unit.attack.size - 1


def test_the_remembered_target_counts_wherever_it_now_stands_R_ASC_10(cat):
    """R-ASC-10: "the unit it attacked, smote or tossed earlier in this Titan Activity Step if still in
    combat": Feng, tossed 3 hexes away, is still "the target" of a later `damage 2`, not the unit now next
    to Mars."""
    g, s, mars = mars_alone(cat, players=Players({"rival-displace": lambda o: o[0]}))
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0])]
    assert feng.uid == 0
    titan_rules.resolve(g, mars, Effect("toss"))
    assert s.grid.dist[feng.hex][CENTER] == 3 and s.titan_target == feng.uid
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=CENTER)[0])]
    titan_rules.resolve(g, mars, Effect("damage", 2))
    assert feng.hp == feng.unit.health - 3 and w.hp == w.unit.health


def test_targeted_effects_ask_the_players_among_equal_targets_R_ASC_10_RIV_9(cat):
    """R-ASC-10 ("players choose among equals"): two equally weak opponents in Range: `damage 1` asks the
    players and hits the one they pick."""
    players = Players({"rival-engage": lambda o: o[-1]})
    g, s, mars = mars_alone(cat, players=players)
    n1 = free_hexes(s, near=CENTER)
    a = s.units[put(s, chip(s, 0, "kunlun/warrior"), n1[0], hp=2)]
    b = s.units[put(s, chip(s, 0, "kunlun/beast-2"), n1[1], hp=2)]
    titan_rules.resolve(g, mars, Effect("damage", 1))
    (asked,) = [opts for _, d, opts in players.by_troop if d == "rival-engage"]
    picked = s.units[asked[-1][2]]
    assert picked.hp == 1 and (b if picked is a else a).hp == 2 and s.titan_target == picked.uid


# --------------------------------------------------------------------------- the titan's effect registrations


@pytest.fixture
def scratch_term():
    """A made-up titan term, removed from the registry afterwards."""
    from hoplostat.engine import registry

    yield "x-test-term"
    registry.EFFECTS.pop(("remastered", "titan", "x-test-term"), None)


def test_titan_effects_register_in_the_titan_context_of_remastered(cat, scratch_term):
    """Every titan effect handler is registered for the Remastered rule set, context "titan", under its term
    (the catalog's terms resolve: `test_every_catalog_titan_term_is_executed_unimplemented_empty_ASC_6`)."""
    from hoplostat.engine.registry import effect_impl

    calls = []

    def fn(g, titan, arg):
        calls.append((titan, arg))

    from hoplostat.engine import registry

    assert titan_rules._titan_effect(scratch_term)(fn) is fn
    assert ("remastered", "titan", scratch_term) in registry.EFFECTS  # Remastered's own, not every rule set's
    impl = effect_impl("remastered", "titan", scratch_term)
    assert impl is not None and impl.fn is fn and impl.term == scratch_term and impl.context == "titan"
    g, s, mars = mars_alone(cat)
    titan_rules.resolve(g, mars, Effect(scratch_term, 3))
    assert calls == [(mars, 3)]


def test_targeted_titan_effects_act_on_the_effect_target_or_say_there_is_none_R_ASC_10(cat, scratch_term):
    """R-ASC-10: a targeted effect's handler gets (titan, the effect target, arg); with no target the
    effect does nothing and the log names it."""
    from hoplostat.engine.registry import effect_impl

    calls = []

    def fn(game, titan, t, arg):
        calls.append((game, titan, t, arg))

    assert titan_rules._targeted(scratch_term)(fn) is fn
    impl = effect_impl("remastered", "titan", scratch_term)
    assert impl.context == "titan" and impl.ruleset == "remastered"
    g, s, mars = mars_alone(cat)
    titan_rules.resolve(g, mars, Effect(scratch_term, 2))
    assert calls == [] and f"{scratch_term}: no target" in s.log
    feng = s.units[put(s, s.troops[0].primary_hero, free_hexes(s, near=CENTER)[0])]
    titan_rules.resolve(g, mars, Effect(scratch_term, 2))
    assert calls == [(g, mars, feng, 2)]


def test_displace_target_never_moves_a_shard_R_ASC_1_R_ASC_10(cat):
    """R-ASC-1/R-ASC-10: sentinels and shards are not displaced: Mars' effect target is a red shard next to
    him (the unit he tossed earlier): `displace-target` leaves it on its pedestal and asks nothing."""
    players = Players({"rival-displace": lambda o: o[0]})
    g = build(cat, players=players)
    s = g.state
    sh = s.shards[0]
    shard = s.units[sh.uid]
    mars = s.units[put(s, s.titan_uid, free_hexes(s, near=sh.hex)[0])]
    s.titan_target = shard.uid
    titan_rules.resolve(g, mars, Effect("displace-target"))
    assert shard.hex == sh.hex == sh.pedestal
    assert not any(d == "rival-displace" for _, d, _ in players.by_troop)


# --- every titan and Onslaught co-op pair played whole (formerly tests/engine/test_all_titans.py) ----------------------
ASCENSION_ENDS = ("titan defeated", "primary hero defeated", "forfeit")
ONSLAUGHT_ENDS = ("primary hero defeated", "forfeit", "all immortals defeated")
MAX_ROUNDS = 40


def _config(cat, mode: str, policy: str, seed: int) -> SweepConfig:
    return SweepConfig(mode=mode, factions=tuple(cat.factions), titans=tuple(cat.titans), games=3, seed=seed,
                       policies=(policy, policy), max_rounds=MAX_ROUNDS)


def _check_troop_columns(row: dict, coop: bool) -> None:
    for side in ("a", "b") if coop else ("a",):
        for col in ("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor"):
            assert row[f"{side}_{col}"] >= 0, (side, col, row)
    if not coop:
        assert "b_units_deployed" not in row


def _played(cat, config, matchups):
    """Every game of `matchups` as the sweep plays it: (matchup, its tables, its games row, where to look when
    an assertion fails); each row's co-op flag already checked against the matchup."""
    for m in matchups:
        for game in range(config.games):
            tables = play_one(cat, config, m, game)
            (row,) = tables["games"]
            where = f"{m.key} game {game} (game seed {row['game_seed']})"
            assert row["coop"] == bool(m.b), where
            yield m, tables, row, where


@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("titan", ["mars", "ifreet", "shaghad", "titan-d", "titan-e", "titan-f"])
def test_every_titan_solo_and_coop_plays_to_an_end(cat, titan, policy):
    """Every faction solo and every co-op pair against `titan`, three games each, as the sweep plays them."""
    assert titan in cat.titans
    config = _config(cat, "ascension", policy, seed=13)
    matchups = [m for m in config.matchups() if m.titan == titan]
    assert {bool(m.b) for m in matchups} == {False, True}  # solo and co-op
    assert len(matchups) == len(cat.factions) * (len(cat.factions) + 1) // 2
    for m, tables, row, where in _played(cat, config, matchups):
        assert row["end_reason"] in ASCENSION_ENDS or row["capped"], where
        assert row["won"] == (row["end_reason"] == "titan defeated"), where
        assert (row["titan_hp"] == 0) == row["won"], where
        assert 1 <= row["rounds"] <= MAX_ROUNDS, where
        assert row["a_titan_damage"] <= row["a_damage_dealt"], where
        _check_troop_columns(row, bool(m.b))
        for u in tables["units"]:
            assert u["faction"] in (m.a, m.b) and u["won"] == row["won"], where


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_every_onslaught_faction_and_coop_pair_plays_to_an_end(cat, policy):
    """Onslaught: every faction solo and every co-op pair, three games each, as the sweep plays them."""
    config = _config(cat, "onslaught", policy, seed=13)
    matchups = config.matchups()
    pairs = {frozenset((m.a, m.b)) for m in matchups if m.b}
    assert len(pairs) == len(cat.factions) * (len(cat.factions) - 1) // 2
    for m, tables, row, where in _played(cat, config, matchups):
        assert row["end_reason"] in ONSLAUGHT_ENDS or row["capped"], where
        assert 0 <= row["immortals_defeated"] <= 6, where
        waves = tables["waves"]
        assert row["immortals_defeated"] == sum(w["won"] for w in waves), where
        assert all(w["won"] for w in waves[:-1]), where
        assert 1 <= row["rounds"] <= MAX_ROUNDS, where
        _check_troop_columns(row, bool(m.b))


# --------------------------------------------------------------------------- issue 13: the crash, by hand






@pytest.mark.parametrize("titan", ["mars", "shaghad", "titan-d"])
def test_titan_defeated_by_cover_during_its_advance_ends_the_game(cat, titan):
    """Issue 13: a 1-HP titan advances into a Lamosian archer's Cover and is defeated by it mid-move. The
    game is won (ASC-11) and the Advance's movement marker, which is no tactic chip, is gone from the titan
    and from every discard (before the fix: `ValueError: list.remove(x): x not in list`)."""
    s = setup(cat, titan, ["lamosians"], rng=np.random.default_rng(0), log=True)
    g = build_game(s, [make("greedy", rng=np.random.default_rng(0))], rng=np.random.default_rng(0),
                   roller=FixedRoller(mode="all"))
    choose_forces(g)
    s.round, s.turn, s.titan_turns = 3, 10, 2
    clear_shards(s)
    d = s.grid.dist
    free = [h for h in range(s.grid.n) if not s.grid.move_block[h] and not s.grid.pedestal[h]]
    archer = next(u.uid for u in s.units if u.troop == 0 and u.zone == CAMP and u.unit.has_skill("cover")
                  and not u.elite)
    hero = s.troops[0].primary_hero
    # titan T; the Cover archer A (Range 4) 4 hexes away and the primary hero H next to A, farther from T:
    # whatever the titan marks, it steps toward A and H and ends its move within A's Range
    T, A, H = next((t, a, h) for t in free for a in free for h in s.grid.neighbours[a]
                   if d[t][a] == 4 and h in free and d[t][h] == 5)
    put_in_combat(s, s.titan_uid, T, hp=1)
    put_in_combat(s, archer, A)
    put_in_combat(s, hero, H)
    tu = s.units[s.titan_uid]
    titan_rules.advance(g, tu, 3)
    log = "\n".join(s.log)
    assert "covers hex" in log, log
    assert tu.zone == DISCARD and s.won and s.end_reason == "titan defeated", log
    assert tu.tactics == []
    marker_ids = {f"advance-{n}" for n in range(13)}
    for t in s.troops:
        assert not marker_ids & {x.id for x in t.tactics_discard}, t


def test_issue_13_game_shaghad_lamosians(cat):
    """The game of the issue (`hoplostat play ascension --titan shaghad --faction lamosians --seed
    8119876723350640554`) plays to an end; set up as the CLI does."""
    rng = np.random.default_rng(8119876723350640554)
    r = play_ascension(cat, "shaghad", ["lamosians"], [make("greedy", rng=rng)], rng=rng, max_rounds=60)
    assert r.end_reason in ASCENSION_ENDS or r.capped
