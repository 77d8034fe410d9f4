"""Ascension Mode: set-up, titan turn (Mars' Titan Turn Example), effects tables, allies, shards,
Shaghad's flip, crowd favor and rewards, win/loss/forfeit, co-op; whole-game invariants.

Positions come from the real set-up (`setup`) with chips put on the Colosseum map by hand; the titan dice
are rolled colour by colour, weakest first (yellow, blue, green, black, red), so `FixedRoller` results are
given in that order; arena dice are forced with `AscensionState.forced_arena_dice`.

Ascension Mode, pinned: the behaviour the mutation run of `rulesets/remastered/ascension/mode.py` found unpinned
(docs/testing-history.md, "The Remastered modes"): the crowd favor rewards and their co-op allocation (ASC-8, ASC-12),
the arena turn (ASC-5, ASC-7), `titan-lose-hp`, the result and its sweep rows (ASC-11), the set-up (ASC-1,
ASC-2), the player turn and the forfeit (ASC-4, ASC-11).

Positions come from the real set-up (`setup`) with chips put on the Colosseum map by hand, with
the helpers above; the titan dice are rolled colour by colour, weakest first."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import CENTER, INNER, PEDESTALS, Players, camp_chip, clear_shards, free_hexes, put_in_combat
from engine.enginekit import build_ascension as build

from hoplostat.engine import rules
from hoplostat.engine.loop import play_turn
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, UnitState
from hoplostat.errors import InputError
from hoplostat.policies import GreedyController, RandomController
from hoplostat.rulesets.remastered import colosseum, shards
from hoplostat.rulesets.remastered import titan as titan_rules
from hoplostat.rulesets.remastered.ascension import (
    Ascension,
    AscensionState,
    build_game,
    play_ascension,
    result_of,
    setup,
)


def chip(s, troop, unit_id):
    return next(u.uid for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)


put = put_in_combat




def mars_geometry(grid):
    """Hexes for the example: Mars M, Feng F 3 away, the Marksman K 2 away, a hex h next to M and K that
    is 2 from F, and the hexes next to F that Mars could reach in 2 (blocked by other Kunlun units)."""
    d = grid.dist
    free = [x for x in range(grid.n) if not grid.move_block[x] and not grid.pedestal[x] and x not in INNER]
    for M, F in ((m, f) for m in [CENTER] + free for f in free):
        if d[M][F] != 3:
            continue
        for K in free:
            if d[M][K] != 2 or d[K][F] < 2:
                continue
            hs = [h for h in grid.neighbours[M] if h in free and d[h][K] == 1 and d[h][F] == 2]
            block = [x for x in grid.neighbours[F] if d[M][x] == 2 and x != K]
            if hs and len(block) <= 3 and all(x in free for x in block):
                return M, F, K, hs, block
    raise AssertionError("no geometry")


def test_mars_titan_turn_example_advance_smite_toss_arena_turn_ASC_6_ASC_5(cat):
    """Remastered, Titan Turn Example: 6 titan dice; green: Advance (arena die 4 -> up to 2 hexes), Feng out
    of reach, he marks the weakest (the Marksman, 2 HP) and uses 1 hex; blue: Smite once (die 5 -> within
    2): Feng, 2 hexes away, is dealt 3, no Retaliate (Mars outside Feng's Range 1); black: Toss: the
    Marksman is dealt 1 and displaced to a hex exactly 3 from Mars, of the players' choice; red: an arena
    turn in which his sentinels act (Range 4)."""
    chosen = {}

    def displace(opts):
        chosen["hex"] = opts[-1][1]
        return opts[-1]

    players = Players({"rival-displace": displace})
    # titan dice: yellow 0/2, blue 1, green 1, black 1, red 1; then Smite's attack: 3 hits; arena sentinel: 1 hit
    g = build(cat, roller=FixedRoller([0, 1, 1, 1, 1, 3, 1]), players=players)
    s = g.state
    s.dice_added = 2
    # Mars' card: yellow, blue, green, black, growing by a yellow and then a red die: 2 yellow + one of each
    assert titan_rules.titan_dice(s).counts == (2, 1, 1, 1, 1)  # (yellow, blue, green, black, red)
    M, F, K, hs, block = mars_geometry(s.grid)
    mars = put(s, s.titan_uid, M)
    feng = put(s, s.troops[0].primary_hero, F)
    mk = put(s, chip(s, 0, "kunlun/marksman"), K, hp=2)
    for x, uid in zip(block, [u.uid for u in s.units if u.troop == 0 and u.zone == CAMP and not u.elite
                              and u.unit.id != "kunlun/marksman"]):
        put(s, uid, x)
    # a sentinel of Mars' (a defeated shard became one) on a pedestal within Range 4 of a Kunlun unit
    clear_shards(s)
    s.forced_arena_dice = [4, 5]
    feng_hp = s.units[feng].hp
    titan_rules.activity(g)
    log = "\n".join(s.log)
    assert s.units[mars].hex in hs, log  # one hex used, next to the Marksman
    assert "marks" in log and "Marksman" in log
    assert s.units[feng].hp == feng_hp - 3  # Smite within 2 hexes; no Retaliate from 2 hexes
    assert s.units[mars].hp == s.units[mars].unit.health
    assert s.units[mk].hp == 1 and s.grid.dist[s.units[mk].hex][s.units[mars].hex] == 3
    assert s.units[mk].hex == chosen["hex"]
    assert s.arena_turn_due
    # the arena turn: Mars' sentinels act (they cannot move; Range 4)
    ped = min(PEDESTALS, key=lambda p: min(s.grid.dist[p][u.hex] for u in s.in_combat(0)))
    sent = rules.place_sentinel(g, s.arena_troop, ped)
    sent.deployed_turn = -10
    if min(s.grid.dist[ped][u.hex] for u in s.in_combat(0)) <= 4:
        before = sum(u.hp for u in s.in_combat(0))
        play_turn(g, s.mode.arena_turn(g))
        assert sum(u.hp for u in s.in_combat(0)) < before
        assert sent.hex == ped


def test_setup_solo_ASC_1_ASC_2(cat):
    """ASC-1/ASC-2: Colosseum; hero inactive in camp plus six chosen units and one tactic; a neutral hero
    on gold; support chips above the four tracks; titan in its camp; shards on the pedestals per the card
    (Mars: active, 3 red HP each, from the red supply)."""
    g = build(cat)
    s = g.state
    camp = [u for u in s.units if u.troop == 0 and u.zone == CAMP]
    assert sum(not u.elite for u in camp) == 6 and sum(u.is_primary_hero and not u.active for u in camp) == 1
    assert len(s.troops[0].tactics_camp) == 1
    assert [u.unit.kind for u in s.zone(0, TRACK)] == ["neutral-hero"]
    assert s.troops[0].track_chips == [0, 0, 0, 0]
    assert s.units[s.titan_uid].zone == CAMP and s.units[s.titan_uid].unit.elite
    assert sorted(sh.hex for sh in s.shards) == list(PEDESTALS)
    assert all(sh.active and sh.colour == "red" and s.units[sh.uid].hp == 3 for sh in s.shards)
    assert s.supply["red"] == s.supply_start["red"] - 12
    assert s.grid.arena.id == "colosseum" if hasattr(s.grid, "arena") else True


def test_setup_choices_go_through_the_controller_ASC_2(cat):
    """The six units and the tactic are the controller's choices (select-unit, select-tactic)."""
    players = Players({"select-unit": lambda o: o[-1], "select-tactic": lambda o: o[-1]})
    g = build(cat, players=players)
    s = g.state
    asked = [d for d, _ in players.asked]
    assert asked.count("select-unit") == 6 and asked.count("select-tactic") == 1
    assert s.troops[0].tactics_camp[0].id == cat.faction_tactics("kunlun")[-1].id


def test_setup_coop_ASC_2_ASC_12(cat):
    """Co-op: A three units and the hero (no tactic); B three units and one tactic, B's hero active on gold."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    a = [u for u in s.units if u.troop == 0 and u.zone == CAMP]
    b = [u for u in s.units if u.troop == 1 and u.zone == CAMP]
    assert sum(not u.elite for u in a) == 3 and any(u.is_primary_hero for u in a)
    assert len(b) == 3 and not s.troops[0].tactics_camp and len(s.troops[1].tactics_camp) == 1
    (bh,) = s.zone(1, TRACK)
    assert bh.active and not bh.is_primary_hero and bh.unit.kind == "hero"
    assert s.troops[1].side == "red"  # shared red HP
    assert set(s.mode.deployment_hexes(s, 1)) & set(s.grid.tagged("outer-blue"))
    assert not set(s.mode.deployment_hexes(s, 1)) & set(s.grid.tagged("outer-red"))
    assert not set(s.mode.deployment_hexes(s, 0)) & set(s.grid.tagged("outer-blue"))


def test_titan_deploys_on_center_dazed_no_activity_ASC_5(cat):
    """First titan turn: the titan deploys on the center hex and is dazed (no dice rolled)."""
    g = build(cat, roller=FixedRoller([]))
    s = g.state
    s.round, s.turn, s.titan_turns = 1, 0, 0
    play_turn(g, s.mode.titan_turn(g))
    t = s.units[s.titan_uid]
    assert t.hex == CENTER and s.is_dazed(t)
    assert not g.roller.rolled


def test_titan_dice_grow_each_titan_turn_after_the_first_ASC_6(cat):
    """Mars: 4 dice, +1 per titan turn from the second (stand-in timing, R-CAT-8), up to 6."""
    g = build(cat)
    s = g.state
    s.titan_turns, s.dice_added = 0, 0
    put(s, s.titan_uid, CENTER)
    sizes = []
    for _ in range(4):
        play_turn(g, s.mode.titan_turn(g))
        sizes.append(titan_rules.titan_dice(s).size)
    assert sizes == [4, 5, 6, 6]


def test_center_hex_titan_immune_allies_damaged_ASC_3(cat):
    """ASC-3: the titan takes no damage on the center hex; its allies do."""
    g = build(cat, titan="ifreet")
    s = g.state
    put(s, s.titan_uid, CENTER)
    s.mode.center_damage(g, s.titan_troop)
    assert s.units[s.titan_uid].hp == s.units[s.titan_uid].unit.health
    s.board[CENTER] = -1
    s.units[s.titan_uid].hex = 40
    s.board[40] = s.titan_uid
    head = put(s, chip(s, s.titan_troop, "ifreet-head"), CENTER)
    s.mode.center_damage(g, s.titan_troop)
    assert s.units[head].hp == s.units[head].unit.health - 1


def test_inner_hexes_restrict_only_player_units_ASC_3(cat):
    """ARN-5 in Ascension: a player unit on an inner hex cannot attack and its skills are ignored; a rival
    unit there can attack; the same player unit next to the inner hex (not on it) can attack."""
    g = build(cat, titan="ifreet")
    s = g.state
    tendril = s.units[put(s, chip(s, s.titan_troop, "ifreet-tendril"), INNER[0])]
    assert rules.can_engage(s, tendril) and s.skills_work(tendril)
    beside = next(h for h in s.grid.neighbours[INNER[1]] if not s.grid.inner[h] and s.board[h] < 0
                  and not s.grid.move_block[h] and not s.grid.pedestal[h] and h != CENTER)
    foe = s.units[put(s, chip(s, 0, "kunlun/beast-2"), beside)]
    assert rules.can_engage(s, foe) and s.skills_work(foe)
    s.board[foe.hex] = -1
    foe.hex = INNER[1]
    s.board[INNER[1]] = foe.uid
    assert s.grid.inner[INNER[1]]
    assert not rules.can_engage(s, foe) and not s.skills_work(foe)


def test_no_player_unit_limit_but_the_supply_ASC_4(cat):
    """ASC-4: with the six chosen units in combat, the mode's own Deployment step deploys a seventh (the
    activated hero); with no red HP left for its Health it deploys nothing."""
    def seven(supply_red=None):
        players = Players({"deploy": lambda o: o[0]})
        g = build(cat, players=players)
        s = g.state
        clear_shards(s)
        free = [h for h in range(s.grid.n) if not s.grid.move_block[h] and not s.grid.pedestal[h] and s.board[h] < 0
                and h not in INNER and h != CENTER and h not in s.mode.deployment_hexes(s, 0)]
        six = [u.uid for u in s.units if u.troop == 0 and u.zone == CAMP and not u.elite]
        assert len(six) == 6
        for uid, h in zip(six, free):
            put(s, uid, h)
        hero = s.units[s.troops[0].primary_hero]
        hero.active = True  # e.g. after the reward that activates it
        if supply_red is not None:
            s.supply["red"] = supply_red
        s.mode.deployment(g, 0)
        return s, hero, players

    s, hero, players = seven()
    assert any(d == "deploy" for d, _ in players.asked)
    assert hero.zone == COMBAT and len(s.in_combat(0)) == 7
    s, hero, _ = seven(supply_red=hero.unit.health - 1)
    assert hero.zone == CAMP and len(s.in_combat(0)) == 6 and s.end_reason is None


def test_highest_tier_only_ASC_6(cat):
    """ASC-6: with 2 hits, only the 2-hit tier resolves (Shaghad green: "advance, smite 1", not also "advance")."""
    sh = cat.titan("shaghad")
    green = next(r for r in sh.effects if r.colour == "green")
    assert titan_rules.tier_reached(green.tiers, 2).hits == 2
    assert titan_rules.tier_reached(green.tiers, 1).hits == 1
    assert titan_rules.tier_reached(green.tiers, 0) is None
    assert titan_rules.tier_reached(green.tiers, 5).hits == 2
    # in play: 2 green hits on Shaghad -> one Advance and one Smite (two arena dice), not two Advances
    g = build(cat, titan="shaghad", roller=FixedRoller([0, 0, 2, 0, 0, 0, 0, 0]))
    s = g.state
    s.dice_added = 2  # yellow 2, blue, green 2, black
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    s.forced_arena_dice = [1, 1, 6, 6]
    titan_rules.activity(g)
    assert s.forced_arena_dice == [6, 6]
    assert "Advance" in "\n".join(s.log) and "Smite" in "\n".join(s.log)


def test_single_die_effect_needs_a_hit_ASC_6(cat):
    """A single-die effect resolves on a hit, not without one (Mars' red die: the arena turn)."""
    g = build(cat, roller=FixedRoller(mode="none"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    s.dice_added = 2
    titan_rules.activity(g)
    assert not s.arena_turn_due
    g.roller = FixedRoller([0, 0, 0, 0, 1])
    titan_rules.activity(g)
    assert s.arena_turn_due


def test_titan_allies_dazed_and_act_only_when_prompted_ASC_7(cat):
    """Ifreet green: deploy an ally next to him (dazed); prompted, a dazed ally does not act; on a later titan
    turn the prompted ally attacks the opponent in its Range; the titan itself does not move or attack;
    only the titan is elite."""
    g = build(cat, titan="ifreet", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    ifreet = s.units[s.titan_uid]
    titan_rules.resolve(g, ifreet, cat.titan("ifreet").effects[0].tiers[0].effects[0])  # deploy-allies
    allies = [u for u in s.in_combat(s.titan_troop) if u is not ifreet]
    assert len(allies) == 1 and s.is_dazed(allies[0]) and s.grid.dist[allies[0].hex][CENTER] == 1
    head = allies[0]
    assert head.unit.range >= 1 and not head.unit.elite and ifreet.unit.elite
    spot = next(h for h in s.grid.neighbours[head.hex] if s.board[h] < 0 and not s.grid.move_block[h]
                and not s.grid.pedestal[h] and h != CENTER)
    foe = s.units[put(s, chip(s, 0, "kunlun/defender-1"), spot)]
    hp, titan_hp = foe.hp, ifreet.hp
    titan_rules.allies_act(g, ifreet)  # still dazed: it does nothing
    assert foe.hp == hp
    s.turn += 1  # a later titan turn: the ally is no longer dazed
    assert not s.is_dazed(head)
    n = len(s.log)
    titan_rules.allies_act(g, ifreet)
    assert foe.hp == hp - head.unit.attack.size, "a prompted ally attacks the opponent in its Range (all dice hit)"
    assert ifreet.hex == CENTER and ifreet.hp == titan_hp
    assert any(line.startswith(f"{head.name} (blue) attacks") for line in s.log[n:])
    assert not any(line.startswith(f"{ifreet.name} (") for line in s.log[n:]), s.log[n:]


def test_the_titan_uses_no_ability_when_its_allies_act_ASC_7(cat):
    """ASC-7 (Remastered, Ascension Mode, "Titan Allies": units the titan deploys act "only when prompted";
    "Titan Activity Step": the titan acts through its dice effects): `allies-act` prompts the allies, which
    move, use their Abilities and engage; the titan itself does none of these. Both the Ifreet and its
    ally are given Regen 2 and are hurt: only the ally heals."""
    import dataclasses

    from hoplostat.catalog import SkillRef

    g = build(cat, titan="ifreet", roller=FixedRoller(mode="none"))
    s = g.state
    ifreet = s.units[put(s, s.titan_uid, CENTER)]
    titan_rules.resolve(g, ifreet, cat.titan("ifreet").effects[0].tiers[0].effects[0])  # deploy-allies
    (ally,) = [u for u in s.in_combat(s.titan_troop) if u is not ifreet]
    for u in (ifreet, ally):
        u.unit = dataclasses.replace(u.unit, skills=(*u.unit.skills, SkillRef("regen", 2)))
        u.hp -= 2
        s.supply["blue"] += 2
    s.combat_version += 1  # the chips in combat changed (`GameState.hooked`)
    s.turn += 1  # a later titan turn: the ally is no longer dazed
    hp = ifreet.hp
    titan_rules.allies_act(g, ifreet)
    assert ally.hp == ally.unit.health and ally.abilities_used.get("regen") == s.turn
    assert ifreet.hp == hp and "regen" not in ifreet.abilities_used


def test_arena_units_deploy_on_blue_outer_and_act_on_arena_turn_ASC_7(cat):
    """Titan D: deploy-arena-unit puts an arena unit on a blue outer hex (dazed); it acts on the arena turn."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)  # both arena units may deploy (Titan D's Health and shards leave only 6 blue chips)
    put(s, s.titan_uid, CENTER)
    s.mode.arena_deploy(g)
    (au,) = s.in_combat(s.arena_troop)
    assert au.hex in s.grid.tagged("outer-blue") and s.is_dazed(au)
    target = put(s, chip(s, 0, "kunlun/defender-1"), s.grid.neighbours[au.hex][0] if s.board[s.grid.neighbours[au.hex][0]] < 0 else s.grid.neighbours[au.hex][1])
    hp = s.units[target].hp
    play_turn(g, s.mode.arena_turn(g))
    assert s.units[target].hp < hp


def test_favor_from_hp_lost_and_support_chip_to_player_ASC_8(cat):
    """ASC-8: favor = HP the opponent lost to your damage; on the fifth space the reward and the support chip
    above (placed by the player)."""
    players = Players({"track": lambda o: 0, "support": lambda o: next(x for x in o if x[0] == "foothold")})
    g = build(cat, roller=FixedRoller([3, 3]), players=players)
    s = g.state
    t = put(s, s.titan_uid, CENTER)
    w = put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])
    rules.attack(g, s.units[w], s.units[t])
    assert s.troops[0].favor == 3 and s.favor_earned[0] == 3 and s.titan_damage[0] == 3
    rules.attack(g, s.units[w], s.units[t])
    assert s.troops[0].tracks_done[0] and s.footholds and set(s.footholds.values()) == {0}


def test_blue_shards_are_opponents_red_shards_are_rival_targets_and_block_ASC_9(cat):
    """ASC-9: blue-HP shards are opponents of the players; red-HP shards are marked and targeted by rivals;
    shards with HP block their hex."""
    g = build(cat, titan="titan-d")
    s = g.state
    blue = [s.units[sh.uid] for sh in s.shards]
    assert all(u in s.opponents_of(0) for u in blue)
    assert all(s.blocked_for_move(0)[sh.hex] for sh in s.shards)
    g2 = build(cat, titan="mars")
    s2 = g2.state
    put(s2, s2.titan_uid, 1 if not s2.grid.move_block[1] else 7)
    reds = [s2.units[sh.uid] for sh in s2.shards]
    assert all(u in s2.opponents_of(s2.titan_troop) for u in reds) and not any(u in s2.opponents_of(0) for u in reds)
    # Mars marks the weakest he can reach: the red shard next to him
    mars = s2.units[s2.titan_uid]
    near = [u for u in reds if s2.grid.dist[u.hex][mars.hex] <= 1]
    from hoplostat.rulesets.remastered import rival
    assert near and rival.top_priority(g2, mars, s2.mode.priority, rules.targets_in_range(s2, mars))[0] in near


def test_titan_d_shard_defeat_costs_the_titan_hp_ASC_9(cat):
    """Titan D's card (stand-in): a defeated blue shard costs the titan 3 HP; the player earns favor."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"), players=Players({"track": lambda o: o[0]}))
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER)]
    sh = s.shards[0]
    assert s.units[sh.uid].hp == 3  # Titan D's shards have 3 blue HP (stand-in, data/remastered/titans.toml)
    w = put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[sh.hex][0])
    rules.attack(g, s.units[w], s.units[sh.uid])
    assert s.units[sh.uid].zone == DISCARD and s.board[sh.hex] < 0
    assert t.hp == t.unit.health - 3 and s.favor_earned[0] == 3


def test_equip_from_pedestal_drop_on_defeat_and_pick_up_through_ASC_10(cat):
    """ASC-10 (Titan E, stand-in pick-up R-ASC-6): a player unit ending a move next to a shard's pedestal
    equips it (holder effect: reduce-damage 1); the titan hunts shardholders; the holder's defeat leaves
    the shard active on its hex; a player unit moving through that hex equips it; rivals never do."""
    g = build(cat, titan="titan-e", roller=FixedRoller(mode="all"))
    s = g.state
    sh = s.shards[0]
    assert sh.colour is None and not sh.active
    nb = [h for h in s.grid.neighbours[sh.hex] if not s.grid.move_block[h] and not s.grid.pedestal[h]]
    start = next(h for h in s.grid.within(nb[0], 2) if s.grid.dist[h][sh.hex] == 3 and not s.grid.move_block[h])
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), start)]
    rules.move(g, w, nb[0])
    assert sh.holder == w.uid and w.uid in s.shard_holders
    assert any(e.term == "reduce-damage" for pt in w.tactics for e in pt.tactic.effects)
    from hoplostat.rulesets.remastered import rival
    t = s.units[put(s, s.titan_uid, CENTER)]
    assert rival.top_priority(g, t, s.mode.priority, [w])[0] is w
    spot = w.hex
    rules.damage(g, w, 99, source=t)
    assert sh.holder < 0 and sh.hex == spot and sh.active
    assert all(not any(x is sh.marker for x in tr.tactics_discard) for tr in s.troops)
    # a rival moving onto it does not equip
    s.board[t.hex] = -1
    t.hex = s.grid.neighbours[spot][0]
    s.board[t.hex] = t.uid
    rules.move(g, t, spot)
    assert sh.holder < 0
    rules.move(g, t, s.grid.neighbours[CENTER][2] if s.board[s.grid.neighbours[CENTER][2]] < 0 else CENTER)
    # a player unit moving through the hex equips it
    line = [(a, b) for a in range(s.grid.n) for b in range(s.grid.n)
            if s.grid.dist[a][spot] == 1 and s.grid.dist[spot][b] == 1 and s.grid.dist[a][b] == 2
            and s.board[a] < 0 and s.board[b] < 0 and not s.grid.move_block[a] and not s.grid.move_block[b]
            and not s.grid.pedestal[a] and not s.grid.pedestal[b]]
    a, b = line[0]
    r = s.units[put(s, chip(s, 0, "kunlun/defender-1"), a)]
    rules.move(g, r, b)
    assert sh.holder == r.uid


def test_shaghad_flip_gains_five_of_the_opposite_colour_ASC_9(cat):
    """FACTS (official FAQ): a shard defeated against Shaghad flips and gains 5 HP of the opposite colour,
    as many as the supply allows; with none available it is defeated and reverts. Shaghad gains a die per
    defeated shard (stand-in growth). Shaghad then marks red shards first."""
    g = build(cat, titan="shaghad", roller=FixedRoller(mode="all"), players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    assert sh.colour == "blue" and sh.active
    w = put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[sh.hex][0])
    red = s.supply["red"]
    rules.attack(g, s.units[w], s.units[sh.uid])
    u = s.units[sh.uid]
    assert sh.colour == "red" and not sh.active and u.zone == COMBAT and u.hp == 5 and s.supply["red"] == red - 5
    assert u in s.opponents_of(s.titan_troop) and s.dice_added == 1
    # supply short: as many as it allows
    sh2 = s.shards[1]
    w2 = put(s, chip(s, 0, "kunlun/defender-1"), s.grid.neighbours[sh2.hex][0])
    s.supply["red"] = 2
    s.units[sh2.uid].hp, s.supply["blue"] = 1, s.supply["blue"] + 2
    rules.attack(g, s.units[w2], s.units[sh2.uid])
    assert sh2.colour == "red" and s.units[sh2.uid].hp == 2
    # none available: defeated, reverts, leaves the arena
    sh3 = s.shards[2]
    w3 = put(s, chip(s, 0, "kunlun/beast-1"), s.grid.neighbours[sh3.hex][0])  # placed while red HP remain
    s.supply["red"] = 0
    s.units[sh3.uid].hp, s.supply["blue"] = 1, s.supply["blue"] + 2
    pedestal = sh3.pedestal
    rules.attack(g, s.units[w3], s.units[sh3.uid])
    assert sh3.out and sh3.colour is None and sh3.active and sh3.hex == -1
    assert s.board[pedestal] < 0 and s.units[sh3.uid].zone != COMBAT and sh3.uid not in s.combat
    assert s.units[sh3.uid] not in s.opponents_of(0) and s.units[sh3.uid] not in s.opponents_of(s.titan_troop)
    # a red shard defeated by Shaghad flips back to blue
    t = s.units[put(s, s.titan_uid, s.grid.neighbours[sh.hex][1] if s.board[s.grid.neighbours[sh.hex][1]] < 0 else s.grid.neighbours[sh.hex][2])]
    from hoplostat.rulesets.remastered import rival
    assert rival.top_priority(g, t, s.mode.priority, rules.targets_in_range(s, t))[0] is u
    rules.damage(g, u, 5, source=t)
    assert sh.colour == "blue" and sh.active and u.hp == 5


def test_win_titan_defeated_loss_hero_defeated_ASC_11(cat):
    g = build(cat, roller=FixedRoller(mode="all"), players=Players({"track": lambda o: o[0]}))
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER)]
    t.hp = 1
    w = put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])
    rules.attack(g, s.units[w], t)
    assert s.won and s.end_reason == "titan defeated"
    g = build(cat)
    s = g.state
    hero = s.units[put(s, s.troops[0].primary_hero, 40)]
    rules.damage(g, hero, 99)
    assert not s.won and s.end_reason == "primary hero defeated"


def test_the_blow_that_defeats_the_titan_counts_in_titan_damage_and_favor_ASC_8(cat):
    """ASC-8 (favor = HP the opponent loses to your damage): the last blow is counted like the others. Mars
    with 3 HP loses 2, then the last 1 to a 5-damage blow: the results show 3 titan damage and 3 crowd
    favor for the player, and the game is won."""
    from hoplostat.rulesets.remastered.ascension import result_of

    g = build(cat, players=Players({"track": lambda o: o[0], "support": lambda o: o[0]}))
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER, hp=3)]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])]
    assert rules.damage(g, t, 2, source=w) == 2 and s.end_reason is None
    assert rules.damage(g, t, 5, source=w) == 1
    assert s.won and s.end_reason == "titan defeated"
    res = result_of(s)
    assert (s.titan_damage[0], s.favor_earned[0]) == (3, 3)
    assert (res.troops[0].extras["titan_damage"], res.troops[0].crowd_favor, res.troops[0].damage_dealt) == (3, 3, 3)


def test_forfeit_no_units_and_none_deployable_ASC_11(cat):
    g = build(cat)
    s = g.state
    for u in s.units:
        if u.troop == 0 and u.zone == CAMP and not u.is_primary_hero:
            u.zone = DISCARD
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.end_reason == "forfeit"


def test_coop_shared_track_b_controls_sentinels_shared_footholds_ASC_12(cat):
    """Co-op: B's damage moves the shared (A's) track; the dealer places the chip; B owns sentinels and
    footholds; A's units may stand on B's footholds."""
    players = Players({"track": lambda o: 0, "support": lambda o: next(x for x in o if x[0] == "sentinel")})
    g = build(cat, factions=("kunlun", "amazons"), roller=FixedRoller([5]), players=players)
    s = g.state
    clear_shards(s)
    t = put(s, s.titan_uid, CENTER)
    b = put(s, chip(s, 1, "amazons/warrior") if any(u.unit.id == "amazons/warrior" and u.zone == CAMP for u in s.units) else
            next(u.uid for u in s.units if u.troop == 1 and u.zone == CAMP), s.grid.neighbours[CENTER][0])
    s.troops[0].track, s.troops[0].favor = 0, 4
    rules.attack(g, s.units[b], s.units[t])
    assert s.troops[0].tracks_done[0] and s.favor_earned[1] >= 1
    sent = [u for u in s.in_combat() if u.unit.kind == "sentinel"]
    assert sent and all(u.troop == 1 for u in sent)
    rules.place_foothold(g, 1, 30)
    assert not s.blocked_for_move(0)[30] and s.can_occupy(0, 30)


def test_coop_support_chip_from_a_players_damage_is_that_players_ASC_12(cat):
    """ASC-12 (Remastered, Ascension Mode, "Crowd Favor": the player whose damage reaches the reward places the
    support chip; "Player B controls all of the players' sentinels"; "The players' footholds are shared"): when
    A's damage reaches "gain this support chip", A places it: as a foothold it is A's (and said so in the log),
    B's units may stand on it and B's "move or flip" reward reaches it; as a sentinel it is placed by A into
    B's troop."""
    from hoplostat.rulesets.remastered import colosseum

    for kind in ("foothold", "sentinel"):
        players = Players({"track": lambda o: 0, "support": lambda o: next(x for x in o if x[0] == kind and x[1] not in INNER)})
        g = build(cat, factions=("kunlun", "amazons"), roller=FixedRoller([5]), players=players)
        s = g.state
        clear_shards(s)
        t = put(s, s.titan_uid, CENTER)
        a = put(s, chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])
        s.troops[0].track, s.troops[0].favor = 0, 4
        before = len(s.log)
        rules.attack(g, s.units[a], s.units[t])
        assert s.troops[0].tracks_done[0] and s.favor_earned == [s.favor_earned[0], 0, 0, 0, 0, 0] and s.favor_earned[0] >= 1
        placed = [line for line in s.log[before:] if "places a" in line]
        assert placed and all(line.startswith("kunlun") for line in placed), placed
        if kind == "foothold":
            (h,) = s.footholds
            assert s.footholds[h] == 0
            assert s.can_occupy(1, h) and not s.blocked_for_move(1)[h]
            s.troops[1].foothold_moves = True
            assert any(o[1] == h for o in colosseum.foothold_options(s, 1))
        else:
            assert not s.footholds
            sent = [u for u in s.in_combat() if u.unit.kind == "sentinel"]
            assert len(sent) == 1 and sent[0].troop == 1 and any("for amazons" in line for line in placed)


def test_invalid_input(cat):
    with pytest.raises(InputError):
        setup(cat, "mars", ["kunlun", "kunlun"], rng=np.random.default_rng(0))
    with pytest.raises(InputError):
        setup(cat, "nobody", ["kunlun"], rng=np.random.default_rng(0))


# --------------------------------------------------------------------------- titan target effects, tactics, allies


def _near(s, hex_, k=1):
    """Free, ordinary hexes at distance k from hex_."""
    return [h for h in s.grid.at_distance(hex_, k) if s.board[h] < 0 and not s.grid.move_block[h]
            and not s.grid.pedestal[h] and h not in INNER and h != CENTER]


def test_titan_target_effects_stun_damage_displace_target_ASC_6_R_ASC_10(cat):
    """R-ASC-10 (vocab meanings, R-ONS-6 readings): a titan's `stun`, `damage N` and `displace-target` act on
    the unit it attacked earlier in the Titan Activity Step, else on its highest-priority opponent within
    Range; stun fatigues until the titan's next turn; displace-target moves it to an adjacent hex of the
    players' choice."""
    from hoplostat.catalog.model import Effect
    chosen = {}

    def displace(opts):
        chosen["opts"] = opts
        return opts[-1]

    g = build(cat, roller=FixedRoller(mode="none"), players=Players({"rival-displace": displace}))
    s = g.state
    clear_shards(s)
    mars = s.units[put(s, s.titan_uid, CENTER)]
    n1 = _near(s, CENTER)
    weak = s.units[put(s, chip(s, 0, "kunlun/marksman"), n1[0], hp=2)]
    feng = s.units[put(s, s.troops[0].primary_hero, n1[1])]  # Mars' list: hero first
    s.titan_target = -1
    # no attack yet: the highest priority in Range, the hero
    titan_rules.resolve(g, mars, Effect("damage", 2))
    assert feng.hp == feng.unit.health - 2 and weak.hp == 2
    # after an attack on the Marksman, "the target" is the Marksman, not the hero
    s.titan_target = weak.uid
    titan_rules.resolve(g, mars, Effect("stun"))
    assert s.is_fatigued(weak) and not s.is_fatigued(feng)
    src = weak.hex
    titan_rules.resolve(g, mars, Effect("displace-target"))
    assert all(s.grid.dist[src][h] == 1 for _, h in chosen["opts"]) and weak.hex == chosen["opts"][-1][1]
    assert weak.hp == 2  # displacing deals no damage
    # the stun lasts until the start of the titan troop's next turn
    from hoplostat.rulesets.remastered import turn
    s.turn += 1
    turn.start_of_turn(g, 0)
    assert s.is_fatigued(weak)
    s.turn += 1
    turn.start_of_turn(g, s.titan_troop)
    assert not s.is_fatigued(weak)
    # without any opponent in Range: nothing happens
    s.titan_target = -1
    for u in (weak, feng):
        s.board[u.hex] = -1
        s.leave_combat(u)
        u.zone = DISCARD
    titan_rules.resolve(g, mars, Effect("damage", 1))
    assert not s.unimplemented_terms


def test_activity_resets_the_effect_target_each_titan_turn_R_ASC_10(cat):
    """R-ASC-10: the remembered target belongs to one Titan Activity Step."""
    g = build(cat, roller=FixedRoller(mode="none"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    s.titan_target = 5
    titan_rules.activity(g)
    assert s.titan_target == -1


def test_every_catalog_titan_term_is_executed_unimplemented_empty_ASC_6(cat):
    """ASC-6: every effect term a catalog titan uses (effects table, shard defeat, holder) is executed; played
    games of all six titans report nothing in `unimplemented`."""
    from hoplostat.engine.registry import effect_impl, unimplemented_effects

    assert len(cat.titans) == 6
    assert unimplemented_effects(cat, "remastered") == ()
    for tid in cat.titans:
        ti = cat.titan(tid)
        for row in ti.effects:
            for t in row.tiers:
                for e in t.effects:
                    assert effect_impl("remastered", "titan", e.term).fn is not None, (tid, e.term)
        for e in ti.shards.on_defeat:
            assert effect_impl("remastered", "shard", e.term).fn is not None, (tid, e.term)
    facs = list(cat.factions)
    for tid in cat.titans:
        for i in range(4):
            rng = np.random.default_rng(100 + i)
            pol = GreedyController(rng) if i % 2 == 0 else RandomController(rng)
            f = [facs[i % len(facs)]] + ([facs[(i + 1) % len(facs)]] if i == 3 else [])
            r = play_ascension(cat, tid, f, [pol], rng=rng, max_rounds=30)
            assert r.unimplemented == (), (tid, r.unimplemented)


def test_tactics_never_target_shards_TAC_2(cat):
    """TAC-2: tactics are played on units; shards are chips, not units: a blue-HP shard next to a player
    unit is no valid target, an opposing non-elite arena unit there is."""
    g = build(cat, titan="titan-d")
    s = g.state
    sh = s.shards[0]
    shard = s.units[sh.uid]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), next(h for h in _near(s, sh.hex) if h not in s.grid.tagged("outer-blue")))]
    au = next(u for u in s.units if u.troop == s.arena_troop and u.zone == CAMP)
    put(s, au.uid, next(h for h in _near(s, w.hex) if s.grid.dist[h][sh.hex] > 0))
    assert shard in s.opponents_of(0)  # still an opponent for attacks (ASC-9)
    targets = rules.tactic_targets(s, 0)
    assert shard not in targets and w in targets and au in targets
    # a red-HP shard (Mars) next to a player unit is no target either
    g2 = build(cat, titan="mars")
    s2 = g2.state
    sh2 = s2.shards[0]
    put(s2, chip(s2, 0, "kunlun/warrior"), _near(s2, sh2.hex)[0])
    assert all(u.unit.kind != "shard" for u in rules.tactic_targets(s2, 0))


def test_defeated_arena_units_and_allies_stay_discarded_ASC_7_R_ASC_9(cat):
    """R-ASC-9: the Ascension text is silent (the titan reference decides; Onslaught's return to the bag is
    ONS-9's): a defeated arena unit goes to the discard and is never redeployed; so does a titan-troop ally."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    put(s, s.titan_uid, CENTER)
    s.mode.arena_deploy(g)
    (first,) = s.in_combat(s.arena_troop)
    rules.damage(g, first, first.hp, what="test")
    assert first.zone == DISCARD
    clear_shards(s)  # enough blue chips for the other one
    s.mode.arena_deploy(g)
    (second,) = s.in_combat(s.arena_troop)
    assert second is not first
    rules.damage(g, second, second.hp, what="test")
    s.mode.arena_deploy(g)
    assert not s.in_combat(s.arena_troop) and first.zone == second.zone == DISCARD
    assert "no arena unit left" in "\n".join(s.log)
    assert not any(u.zone == BAG for u in s.units if u.troop == s.arena_troop)
    # Ifreet: a defeated Head is not deployed again by deploy-allies
    from hoplostat.catalog.model import Effect
    g2 = build(cat, titan="ifreet", roller=FixedRoller(mode="all"))
    s2 = g2.state
    ifreet = s2.units[put(s2, s2.titan_uid, CENTER)]
    for _ in range(3):
        titan_rules.resolve(g2, ifreet, Effect("deploy-allies"))
        for a in [u for u in s2.in_combat(s2.titan_troop) if u is not ifreet]:
            rules.damage(g2, a, a.hp, what="test")
    allies = [u for u in s2.units if u.troop == s2.titan_troop and u is not ifreet]
    assert all(u.zone == DISCARD for u in allies)
    titan_rules.resolve(g2, ifreet, Effect("deploy-allies"))
    assert s2.in_combat(s2.titan_troop) == [ifreet]


def test_titan_d_arena_units_can_deploy_from_the_start_ASC_7(cat):
    """Titan D (stand-in): its Health and four 3-HP shards leave 6 blue health chips, so an arena unit deploys
    before any shard falls; for every catalog titan with allies the first ally fits in the supply."""
    g = build(cat, titan="titan-d")
    s = g.state
    put(s, s.titan_uid, CENTER)
    assert all(s.units[sh.uid].zone == COMBAT for sh in s.shards)
    s.mode.arena_deploy(g)
    assert len(s.in_combat(s.arena_troop)) == 1
    for tid in cat.titans:
        ti = cat.titan(tid)
        if not ti.allies:
            continue
        s2 = setup(cat, tid, ["kunlun"], rng=np.random.default_rng(0))
        spare = s2.supply["blue"] - ti.unit.health
        assert spare >= min(cat.unit(a.unit).health for a in ti.allies), tid


def test_titan_allies_use_the_titan_priority_list_ASC_7_R_ASC_11(cat):
    """R-ASC-11: the catalog's titan cards give allies no list of their own ("If the units require a
    priority list, the Titan reference will outline one"; the references are not public), so titan-troop
    allies, arena units and the titan's sentinels use the titan's priority list."""
    from dataclasses import fields

    from hoplostat.catalog.model import TitanAlly
    assert "priority" not in {f.name for f in fields(TitanAlly)}
    for tid in ("ifreet", "titan-d"):
        g = build(cat, titan=tid)
        s = g.state
        for troop in (s.titan_troop, s.arena_troop):
            assert tuple(g.controllers[troop].priority) == tuple(cat.titan(tid).priority), (tid, troop)
        assert g.controllers[s.titan_troop] is g.controllers[s.arena_troop]


# --------------------------------------------------------------------------- whole games


def check_invariants(s: AscensionState) -> None:
    seen = {}
    for uid in s.combat:
        u = s.units[uid]
        assert u.zone == COMBAT and s.board[u.hex] == uid
        assert u.hex not in seen
        seen[u.hex] = uid
        assert 1 <= u.hp <= u.unit.health + u.hp_gained
        if s.grid.pedestal[u.hex]:
            assert u.unit.kind in ("sentinel", "shard")
        if u.hex in s.footholds:
            assert s.teams[s.footholds[u.hex]] == s.teams[u.troop]
    assert sum(1 for x in s.board if x >= 0) == len(s.combat)
    for side in ("red", "blue"):
        on = sum(s.units[i].hp for i in s.combat if s.troops[s.units[i].troop].side == side)
        assert on + s.supply[side] == s.supply_start[side]
    for sh in s.shards:
        assert (sh.holder >= 0) + (sh.hex >= 0) + sh.out <= 1
        if sh.holder >= 0:
            assert s.units[sh.holder].zone == COMBAT and s.teams[s.units[sh.holder].troop] == 0
    t = s.troops[0]
    assert 0 <= t.favor <= 5
    titan = s.units[s.titan_uid]
    assert titan.zone != COMBAT or titan.hp <= titan.unit.health + titan.hp_gained


class Checked:
    def __init__(self, inner):
        self.inner = inner

    def choose(self, g, troop, decision, options, *, optional):
        check_invariants(g.state)
        return self.inner.choose(g, troop, decision, options, optional=optional)


def _games(cat, titan, n, seed0=0, check=True):
    out = []
    for i in range(n):
        rng = np.random.default_rng(seed0 + i)
        pol = GreedyController(rng) if i % 2 == 0 else RandomController(rng)
        facs = list(cat.factions)
        f = [facs[i % len(facs)]] + ([facs[(i + 3) % len(facs)]] if i % 5 == 4 else [])
        ctrl = Checked(pol) if check else pol
        r = play_ascension(cat, titan, f, [ctrl], rng=rng, max_rounds=40)
        assert r.end_reason in ("titan defeated", "primary hero defeated", "forfeit") or r.capped
        assert r.won == (r.end_reason == "titan defeated")
        assert r.rounds <= 40
        for p, tr in enumerate(r.troops):
            us = [u for u in r.units if u.seat == p]
            assert sum(u.damage_dealt for u in us) + tr.tactic_damage == tr.damage_dealt
            assert sum(u.kills for u in us) + tr.tactic_kills == tr.kills
        out.append(r)
    return out


@pytest.mark.parametrize("titan", ["mars", "ifreet", "shaghad", "titan-d", "titan-e", "titan-f"])
def test_seeded_games_end_with_invariants(cat, titan):
    _games(cat, titan, 12)


def test_same_seed_same_game(cat):
    def one(seed):
        rng = np.random.default_rng(seed)
        return play_ascension(cat, "shaghad", ["amazons"], [GreedyController(rng)], rng=rng, log=True).log
    assert one(5) == one(5)
    rng = np.random.default_rng(3)
    a = play_ascension(cat, "ifreet", ["kunlun", "parthians"], [RandomController(rng)], rng=rng, log=True).log
    rng = np.random.default_rng(3)
    b = play_ascension(cat, "ifreet", ["kunlun", "parthians"], [RandomController(rng)], rng=rng, log=True).log
    assert a == b


def test_round_cap_is_counted(cat):
    """A game stopped by the round cap is a capped draw after exactly that many rounds: the same seed without
    the cap goes on."""
    def game(cap):
        rng = np.random.default_rng(1)
        return play_ascension(cat, "titan-f", ["kunlun"], [RandomController(rng)], rng=rng, max_rounds=cap)

    r = game(1)
    assert r.capped and r.rounds == 1 and not r.won and r.end_reason == "round cap (1) reached"
    longer = game(40)
    assert longer.rounds > 1


@pytest.mark.slow
@pytest.mark.parametrize("titan", ["mars", "ifreet", "shaghad", "titan-d", "titan-e", "titan-f"])
def test_thousand_seeded_games_per_titan(cat, titan):
    """1,000 seeded games per titan (greedy and random alternating, every fifth co-op), invariants at every
    decision checked on every tenth game (all games: ending, result sums)."""
    for k in range(10):
        _games(cat, titan, 10, seed0=1000 + 100 * k, check=True)
        _games(cat, titan, 90, seed0=1010 + 100 * k, check=False)


# --- pinned by mutation testing (formerly tests/engine/test_ascension_pinned.py) --------------------------------------
# --------------------------------------------------------------------------- crowd favor rewards (ASC-8, ASC-12)


def test_add_3_hp_reward_is_player_bs_choice_among_both_players_units_ASC_12(cat):
    """ASC-12 allocation table: "Add 3 HP to any unit: Player B". B is asked ("reward-hp") and offered every
    player unit in combat, A's and B's, no rival's; the chosen one gains 3 HP; the reward is counted."""
    players = Players({"reward-hp": lambda o: o[0]})
    g = build(cat, factions=("kunlun", "amazons"), players=players)
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    a_unit = s.units[put(s, camp_chip(s, 0), free_hexes(s)[0], hp=1)]
    b_unit = s.units[put(s, camp_chip(s, 1), free_hexes(s)[0])]
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
    w = s.units[put(s, camp_chip(s, 0), free_hexes(s)[0], hp=1)]
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
    on_center = s.units[put(s, camp_chip(s, s.arena_troop, "bandit"), CENTER)]
    far = s.units[put(s, camp_chip(s, s.arena_troop, "arena-unit-f"), s.grid.tagged("outer-blue")[0])]
    # a Kunlun unit 2 hexes beyond the far arena unit's Movement + Range, on its way
    reach = far.unit.movement + far.unit.range
    target_hex = next(h for h in free_hexes(s) if s.grid.dist[h][far.hex] == reach
                      and s.grid.dist[h][CENTER] > 1 + on_center.unit.movement + on_center.unit.range)
    foe = s.units[put(s, camp_chip(s, 0), target_hex)]
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
    b = s.units[put(s, camp_chip(s, 1), s.grid.neighbours[CENTER][0])]
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
    w = s.units[put(s, camp_chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])]
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
    w = s.units[put(s, camp_chip(s, 0, "kunlun/warrior"), s.grid.neighbours[CENTER][0])]
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
    own = put(s, camp_chip(s, 0), free_hexes(s)[7])
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
    head = s.units[put(s, camp_chip(s, s.titan_troop, "ifreet-head"), CENTER)]
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
    a = s.units[put(s, camp_chip(s, 0), CENTER)]
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
    au = s.units[put(s, camp_chip(s, s.arena_troop), s.grid.tagged("outer-blue")[0])]
    assert au not in s.opponents_of(s.titan_troop) and au in s.opponents_of(0)
    w = s.units[put(s, camp_chip(s, 0, "kunlun/warrior"), free_hexes(s, near=au.hex)[0])]
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
    put(s, camp_chip(s, 1), free_hexes(s, near=CENTER)[0])
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
    b = s.units[put(s, camp_chip(s, 1), s.grid.neighbours[CENTER][0])]
    s.troops[0].track, s.troops[0].favor = 0, 3
    rules.damage(g, t, 1, source=b)
    assert [troop for troop, d, _ in players.by_troop if d == "track"] == [0]
    assert (s.troops[0].track, s.troops[0].favor) == (colosseum.HP, 1)
    assert s.favor_earned[:2] == [0, 1]
