"""Ascension Mode: set-up, titan turn (Mars' Titan Turn Example), effects tables, allies, shards,
Shaghad's flip, crowd favor and rewards, win/loss/forfeit, co-op; whole-game invariants.

Positions come from the real set-up (`setup`) with chips put on the Colosseum map by hand; the titan dice
are rolled colour by colour, weakest first (yellow, blue, green, black, red), so `FixedRoller` results are
given in that order; arena dice are forced with `AscensionState.forced_arena_dice`.
"""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import CENTER, INNER, PEDESTALS, Players, build_ascension as build, clear_shards, put_in_combat

from hoplostat.engine import rules
from hoplostat.rulesets.remastered import shards, titan as titan_rules
from hoplostat.rulesets.remastered.ascension import AscensionState, play_ascension, setup
from hoplostat.engine.loop import play_turn
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import GreedyController, RandomController



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
