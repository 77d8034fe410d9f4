"""Shards, pinned: the behaviour the mutation run of `rulesets/remastered/shards.py` found unpinned
(docs/testing-history.md, "The Remastered modes"): the shard chip and its set-up on the pedestals (ASC-1, ASC-9,
R-ASC-1), HP put on a shard (the supply, the troop of its colour, blocking its hex), a shard's defeat and
the titan card's effects (`become-sentinel` R-ASC-5, Shaghad's flip R-ASC-7, `titan-lose-hp`), equipping
(ASC-10, R-ASC-6: onto, through, next to a pedestal; never a rival) and the drop of a defeated holder's
shards.

Positions come from the real set-up (`build_ascension`) with chips put on the Colosseum map by hand, as in
`tests/rulesets/remastered/test_ascension.py`."""

from __future__ import annotations

import numpy as np
from engine.enginekit import CENTER, PEDESTALS, Players, free_hexes
from engine.enginekit import build_ascension as build
from engine.enginekit import camp_chip as chip
from engine.enginekit import put_in_combat as put

from hoplostat.catalog.model import Effect, ShardSetup
from hoplostat.engine import rules
from hoplostat.engine.state import COMBAT, DISCARD
from hoplostat.rulesets.remastered import shards
from hoplostat.rulesets.remastered.ascension import setup

# --------------------------------------------------------------------------- the chip and set-up (ASC-1, ASC-9)


def test_a_shard_chip_has_no_movement_range_or_attack_R_ASC_1():
    """R-ASC-1: a shard with HP is a chip of kind "shard": no Movement, Range or Attack, not elite, no
    skills; its Health is its HP; its stat line comes from the rulebook."""
    c = shards.shard_chip(4)
    assert (c.id, c.name, c.kind, c.faction, c.classes) == ("shard", "Shard", shards.SHARD_KIND, None, ())
    assert shards.SHARD_KIND == "shard"
    assert (c.movement, c.range, c.health, c.attack.size, c.skills, c.elite) == (0, 0, 4, 0, (), False)
    assert c.attack.counts == (0, 0, 0, 0, 0)
    assert c.provenance["name"] == "rulebook" and c.source == "Remastered, Ascension Mode: Shards"


def test_four_shards_on_the_pedestals_with_the_cards_side_and_hp_ASC_1(cat):
    """ASC-1 ("Place each of the four shards on the pedestal hexes ... whether they begin active or inactive
    and whether they begin with HP"): Mars: four active shards with 3 red HP each, chips of the red shard
    troop in combat on their pedestals, numbered 1..4; Titan E: four inactive shards without HP, each with
    its holder marker (the card's holder effects, permanent)."""
    g = build(cat)
    s = g.state
    assert [sh.index for sh in s.shards] == [0, 1, 2, 3]
    assert sorted(sh.pedestal for sh in s.shards) == list(PEDESTALS)
    for sh in s.shards:
        u = s.units[sh.uid]
        assert sh.hex == sh.pedestal and sh.active and sh.colour == "red" and sh.holder == -1 and not sh.out
        assert u.zone == COMBAT and u.hp == 3 and u.troop == s.shard_troops["red"] and s.board[sh.hex] == u.uid
        assert u.hex == sh.hex and not u.active and u.unit.kind == "shard" and sh.marker is None
    assert s.supply["red"] == s.supply_start["red"] - 12
    assert "Shard 1 (active) on hex %d has 3 red HP" % s.shards[0].hex in s.log
    g = build(cat, titan="titan-e")
    s = g.state
    assert len(s.shards) == 4
    for sh in s.shards:
        assert not sh.active and sh.colour is None and sh.uid == -1 and s.board[sh.hex] < 0
        m = sh.marker
        assert (m.id, m.name, m.type) == (f"shard-{sh.index + 1}", f"Shard {sh.index + 1} (equipped)", "permanent")
        assert [e.term for e in m.effects] == ["reduce-damage"]


def test_setup_puts_no_hp_on_shards_without_a_colour(cat):
    """A card with HP but no colour (or a colour but 0 HP) puts none: the shards lie on their pedestals."""
    s = setup(cat, "titan-e", ["kunlun"], rng=np.random.default_rng(0))
    s.shards.clear()
    red, blue = s.supply["red"], s.supply["blue"]
    shards.setup_shards(s, ShardSetup(start="active", hp=3, hp_colour=None, equip=False, holder=(), on_defeat=()))
    assert all(sh.colour is None and sh.uid < 0 and sh.active and sh.marker is None for sh in s.shards)
    s.shards.clear()
    shards.setup_shards(s, ShardSetup(start="inactive", hp=0, hp_colour="blue", equip=False, holder=(), on_defeat=()))
    assert all(sh.colour is None and sh.uid < 0 and not sh.active for sh in s.shards)
    assert (s.supply["red"], s.supply["blue"]) == (red, blue)
    # a card with 1 HP per shard: each gets its 1 HP
    s.shards.clear()
    shards.setup_shards(s, ShardSetup(start="active", hp=1, hp_colour="red", equip=False, holder=(), on_defeat=()))
    assert all(sh.colour == "red" and s.units[sh.uid].hp == 1 for sh in s.shards) and s.supply["red"] == red - 4


# --------------------------------------------------------------------------- HP on a shard (ASC-9)


def test_hp_put_on_a_shard_come_from_the_supply_and_make_it_a_blocking_chip_ASC_9(cat):
    """ASC-9: a shard given HP of a colour is a chip in combat of that colour's shard troop (blue: the
    players' opponent), on its hex, blocking it, with exactly those HP from that supply, not dazed by the
    rules of entering (it never acts); as many as the supply holds; none: nothing."""
    g = build(cat, titan="titan-e")
    s = g.state
    sh = s.shards[0]
    blue = s.supply["blue"]
    assert shards.put_hp(s, sh, "blue", 4) == 4
    u = s.units[sh.uid]
    assert u.uid == len(s.units) - 1 and u.troop == s.shard_troops["blue"] and u.zone == COMBAT
    assert (u.hex, u.hp, u.unit.health, u.hp_gained, u.entered, u.active) == (sh.hex, 4, 4, 0, True, False)
    assert u.deployed_turn == -1 and not s.is_dazed(u)
    assert s.supply["blue"] == blue - 4 and s.board[sh.hex] == u.uid and u.uid in s.combat
    assert sh.colour == "blue" and u in s.opponents_of(0) and s.blocked_for_move(0)[sh.hex]
    assert f"Shard 1 (inactive) on hex {sh.hex} has 4 blue HP" in s.log
    # the supply holds fewer: as many as it holds; none left: nothing
    sh2 = s.shards[1]
    s.supply["red"] = 2
    assert shards.put_hp(s, sh2, "red", 5) == 2 and s.units[sh2.uid].hp == 2 and s.supply["red"] == 0
    sh3 = s.shards[2]
    n = len(s.units)
    assert shards.put_hp(s, sh3, "red", 5) == 0 and sh3.uid == -1 and len(s.units) == n and sh3.colour is None
    assert shards.put_hp(s, sh3, "blue", 0) == 0 and sh3.uid == -1


def test_no_hp_on_a_shard_whose_hex_is_taken(cat):
    """A shard lying under another chip (e.g. a sentinel on its pedestal) gets no HP: nothing leaves the supply."""
    g = build(cat, titan="titan-e")
    s = g.state
    sh = s.shards[0]
    s.board[sh.hex] = 0
    blue = s.supply["blue"]
    assert shards.put_hp(s, sh, "blue", 3) == 0 and s.supply["blue"] == blue and sh.uid == -1


def test_hp_put_again_reuse_the_shards_chip_in_the_new_colour_R_ASC_7(cat):
    """Shaghad's flip: the same chip comes back with the new colour's HP, in that colour's shard troop;
    the stat line follows the new HP."""
    g = build(cat, titan="shaghad", players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    uid = sh.uid
    u = s.units[uid]
    rules.damage(g, u, 3)
    assert sh.uid == uid and u.zone == COMBAT and u.troop == s.shard_troops["red"] and sh.colour == "red"
    assert u.hp == 5 and u.unit.health == 5 and u.hp_gained == 0 and s.board[sh.hex] == uid


def test_hp_put_again_with_the_same_health_keep_the_chip(cat):
    """A shard chip coming back with as many HP as its stat line keeps that stat line."""
    g = build(cat, titan="titan-e")
    s = g.state
    sh = s.shards[0]
    shards.put_hp(s, sh, "blue", 3)
    u = s.units[sh.uid]
    line = u.unit
    s.board[sh.hex] = -1
    s.leave_combat(u)
    u.zone = DISCARD
    sh.colour = None
    assert shards.put_hp(s, sh, "red", 3) == 3
    assert u.unit is line and u.troop == s.shard_troops["red"] and u.zone == COMBAT and u.hex == sh.hex


def test_shard_of_unit_finds_the_shard_of_a_chip(cat):
    g = build(cat)
    s = g.state
    for sh in s.shards:
        assert shards.shard_of_unit(s, sh.uid) is sh
    assert shards.shard_of_unit(s, s.titan_uid) is None


# --------------------------------------------------------------------------- a shard's defeat (ASC-9)


def test_a_defeated_mars_shard_becomes_a_sentinel_of_the_arena_troop_R_ASC_5(cat):
    """R-ASC-5: a Mars shard that `become-sentinel` leaves; a sentinel with blue HP of the arena troop takes
    its pedestal; the shard counts one defeat and is out of play."""
    g = build(cat, players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    ped = sh.hex
    blue = s.supply["blue"]
    rules.damage(g, s.units[sh.uid], 3)
    assert sh.out and sh.hex == -1 and sh.colour is None and sh.defeats == 1
    assert s.units[sh.uid].zone == DISCARD
    sent = s.units[s.board[ped]]
    assert sent.unit.kind == "sentinel" and sent.troop == s.arena_troop and sent.hp == s.support_unit.health
    assert s.supply["blue"] == blue - s.support_unit.health
    assert f"Shard 1 is defeated on hex {ped}" in s.log
    assert sh not in shards.loose(s)


def test_no_sentinel_without_the_blue_health_chips_for_it_R_ASC_5(cat):
    """R-ASC-5 / R-ENG-16: a sentinel needs its full Health in blue chips: with one chip too few no sentinel
    is placed (said), and the shard still leaves."""
    g = build(cat, players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    ped = sh.hex
    s.supply["blue"] = s.support_unit.health - 1
    rules.damage(g, s.units[sh.uid], 3)
    assert s.board[ped] < 0 and sh.out and sh.hex == -1
    assert "the titan's sentinel cannot be placed (no free pedestal or blue health chips)" in s.log
    # exactly enough: placed
    sh2 = s.shards[1]
    s.supply["blue"] = s.support_unit.health
    rules.damage(g, s.units[sh2.uid], 3)
    assert s.units[s.board[sh2.pedestal]].unit.kind == "sentinel" and s.supply["blue"] == 0


def test_no_sentinel_off_a_pedestal_or_on_a_taken_one_R_ASC_5(cat):
    """The sentinel takes the shard's pedestal: a shard lying off a pedestal, or a pedestal already taken,
    gets none."""
    g = build(cat)
    s = g.state
    sh = s.shards[0]
    sh.hex = free_hexes(s)[0]
    shards._become_sentinel(g, sh, None, "red")
    assert not any(u.unit.kind == "sentinel" for u in s.in_combat()) and sh.out and sh.hex == -1
    sh2 = s.shards[1]
    occupied = sh2.hex  # its own chip still stands there
    shards._become_sentinel(g, sh2, None, "red")
    assert s.units[s.board[occupied]].unit.kind == "shard"
    assert not any(u.unit.kind == "sentinel" for u in s.in_combat())


def test_a_shards_defeat_grows_shaghads_dice_R_ASC_7(cat):
    """R-ASC-7: each defeat of a shard grows Shaghad's titan dice (`grow_when = "shard-defeated"`), flip or
    not; Mars' dice grow by round, not by a shard's defeat."""
    g = build(cat, titan="shaghad", players=Players({"track": lambda o: o[0]}))
    s = g.state
    rules.damage(g, s.units[s.shards[0].uid], 3)
    assert s.dice_added == 1 and s.shards[0].defeats == 1
    g = build(cat, players=Players({"track": lambda o: o[0]}))
    s = g.state
    rules.damage(g, s.units[s.shards[0].uid], 3)
    assert s.dice_added == 0


def test_shaghads_flip_turns_the_shard_over_and_takes_the_opposite_colour_R_ASC_7(cat):
    """R-ASC-7 (official FAQ): a defeated Shaghad shard flips (active <-> inactive) and gains 5 HP of the
    opposite colour; said in the log."""
    g = build(cat, titan="shaghad", players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    assert sh.active and sh.colour == "blue"
    rules.damage(g, s.units[sh.uid], 3)
    assert not sh.active and sh.colour == "red" and not sh.out and sh.hex == sh.pedestal
    assert "Shard 1 flips to its inactive side" in s.log
    rules.damage(g, s.units[sh.uid], 5)
    assert sh.active and sh.colour == "blue" and sh.defeats == 2
    assert "Shard 1 flips to its active side" in s.log


def test_a_flip_with_no_chips_of_the_new_colour_defeats_and_reverts_the_shard_R_ASC_7(cat):
    """R-ASC-7: with none of the opposite colour's chips the shard is defeated: it reverts (its side as
    before, no colour) and leaves the arena; the log says so."""
    g = build(cat, titan="shaghad", players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    s.supply["red"] = 0
    rules.damage(g, s.units[sh.uid], 3)
    assert sh.active and sh.colour is None and sh.out and sh.hex == -1
    assert "Shard 1 finds no red health chips: defeated, it reverts to blue and leaves the arena" in s.log


def test_a_flip_of_a_shard_without_a_colour_gives_red_hp(cat):
    """A `shard-flip` of a shard that had no colour gains red HP (the players' side)."""
    g = build(cat, titan="titan-e")
    s = g.state
    sh = s.shards[0]
    red = s.supply["red"]
    shards._shard_flip(g, sh, 2, None)
    assert sh.colour == "red" and s.units[sh.uid].hp == 2 and s.supply["red"] == red - 2 and sh.active


def test_titan_d_shard_defeat_names_the_shard_in_the_titans_loss_ASC_9(cat):
    """Titan D's `titan-lose-hp 3`: the titan loses 3 HP, the log naming the shard."""
    g = build(cat, titan="titan-d", players=Players({"track": lambda o: o[0]}))
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER)]
    sh = s.shards[1]
    rules.damage(g, s.units[sh.uid], 3)
    assert t.hp == t.unit.health - 3
    assert f"{t.name} (blue) loses 3 HP (shard 2 defeated), {t.hp} left" in s.log
    assert not sh.out and sh.hex == sh.pedestal and sh.colour is None and sh in shards.loose(s)


def test_an_unimplemented_shard_term_is_named_and_the_rest_resolve(cat):
    """A shard term the engine does not execute is skipped and named ("shard:<term>"); the card's other
    effects still resolve and the dice still grow."""
    import dataclasses

    g = build(cat, titan="titan-d", players=Players({"track": lambda o: o[0]}))
    s = g.state
    t = s.units[put(s, s.titan_uid, CENTER)]
    ti = s.mode.titan
    s.mode.titan = dataclasses.replace(ti, shards=dataclasses.replace(
        ti.shards, on_defeat=(Effect("x-frobnicate"), *ti.shards.on_defeat)))
    rules.damage(g, s.units[s.shards[0].uid], 3)
    assert "shard:x-frobnicate" in s.unimplemented_terms and t.hp == t.unit.health - 3


def test_a_shards_defeat_that_ends_the_game_resolves_no_more_effects(cat):
    """Titan D's `titan-lose-hp 3` defeating the titan ends the game: a second effect of the card is not resolved."""
    import dataclasses

    g = build(cat, titan="titan-d", players=Players({"track": lambda o: o[0]}))
    s = g.state
    put(s, s.titan_uid, CENTER, hp=3)
    ti = s.mode.titan
    s.mode.titan = dataclasses.replace(ti, shards=dataclasses.replace(
        ti.shards, on_defeat=(*ti.shards.on_defeat, Effect("x-frobnicate"))))
    rules.damage(g, s.units[s.shards[0].uid], 3)
    assert s.won and "shard:x-frobnicate" not in s.unimplemented_terms


# --------------------------------------------------------------------------- equipping and dropping (ASC-10)


def titan_e(cat, **kw):
    """Titan E (stand-in card): four inactive shards without HP on the pedestals, equipped by player units
    (holder effect: reduce-damage 1)."""
    g = build(cat, titan="titan-e", **kw)
    return g, g.state


def away(s):
    """Free ordinary hexes 3 or more from every pedestal (a move there picks up no pedestal shard)."""
    return [h for h in free_hexes(s) if min(s.grid.dist[h][p] for p in PEDESTALS) >= 3]


def lay(s, sh, hex_):
    """Put a shard without HP down on an ordinary hex (as a defeated holder leaves it)."""
    sh.hex = hex_


def test_equipping_puts_the_marker_under_the_unit_and_says_so_ASC_10(cat):
    """ASC-10: the equipped shard leaves its hex and is placed under the unit (its holder effects: a
    permanent marker on the unit, owned by its troop); the unit is a shardholder; narrated."""
    g, s = titan_e(cat)
    sh = s.shards[0]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s)[0])]
    shards.equip(g, sh, w)
    assert sh.holder == w.uid and sh.hex == -1 and sh.colour is None and w.uid in s.shard_holders
    (pt,) = [pt for pt in w.tactics if pt.tactic is sh.marker]
    assert pt.owner == w.troop and pt.turn == s.turn
    assert f"{w.name} (red) equips shard 1" in s.log
    assert sh not in shards.loose(s)


def test_a_pedestal_shard_is_picked_up_by_ending_a_move_next_to_it_R_ASC_6(cat):
    """R-ASC-6 (stand-in): a shard without HP still on its pedestal is equipped by a player unit ending a
    move next to it; ending 2 hexes away does not."""
    g, s = titan_e(cat)
    sh = s.shards[0]
    two = [h for h in free_hexes(s, near=sh.hex, k=2)]
    three = [h for h in free_hexes(s, near=sh.hex, k=3)]
    a, b = next((a, b) for a in three for b in two if s.grid.dist[a][b] == 1)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), a)]
    rules.move(g, w, b)
    assert sh.holder == -1 and w.uid not in s.shard_holders
    c = next(h for h in free_hexes(s, near=sh.hex) if s.grid.dist[h][b] == 1)
    rules.move(g, w, c)
    assert sh.holder == w.uid


def test_a_unit_moving_onto_a_left_shard_equips_it_ASC_10(cat):
    """ASC-10: "moves onto ... a hex with a previously equipped shard": the unit equips it (the fourth shard:
    the three still on their pedestals, out of reach, are looked at first)."""
    g, s = titan_e(cat)
    sh = s.shards[3]
    spot = away(s)[5]
    lay(s, sh, spot)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=spot)[0])]
    rules.move(g, w, spot)
    assert sh.holder == w.uid


def test_a_unit_moving_through_a_left_shard_equips_it_but_not_one_off_its_path_ASC_10_R_ASC_6(cat):
    """R-ASC-6: "through": the shard's hex lies on a shortest unblocked path of the move. A move of 2 along a
    line passes the middle hex; a shard 1 hex off every shortest path is not equipped. Two shards on one path
    are both equipped."""
    g, s = titan_e(cat)
    sh, off, second = s.shards[0], s.shards[1], s.shards[2]
    d = s.grid.dist
    free = away(s)
    a, m, b = next((a, m, b) for m in free for a in free_hexes(s, near=m) for b in free_hexes(s, near=m)
                   if d[a][b] == 2 and len([x for x in s.grid.neighbours[a] if d[x][b] == 1]) == 1)
    lay(s, sh, m)
    side = next(h for h in free_hexes(s, near=a) if d[h][b] == 2 and h != m)
    lay(s, off, side)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), a)]
    rules.move(g, w, b)
    assert sh.holder == w.uid and off.holder == -1 and off.hex == side
    # a longer line: both shards on it are equipped
    line = next((p, q, r, t) for p in free for q in free_hexes(s, near=p) for r in free_hexes(s, near=q)
                for t in free_hexes(s, near=r) if d[p][t] == 3 and d[p][r] == 2
                and len([x for x in range(s.grid.n) if d[p][x] + d[x][t] == 3]) == 4)
    p, q, r, t = line
    lay(s, off, q)
    lay(s, second, r)
    v = s.units[put(s, chip(s, 0, "kunlun/defender-1"), p)]
    rules.move(g, v, t)
    assert off.holder == v.uid and second.holder == v.uid


def test_the_path_through_counts_the_move_s_own_hexes_as_free_R_ASC_6(cat):
    """R-ASC-6: the mover itself stands on its destination after the move (and its start is left free): the
    shortest path from start to destination through the shard's hex is found all the same."""
    g, s = titan_e(cat)
    sh = s.shards[0]
    d = s.grid.dist
    free = away(s)
    a, m, b = next((a, m, b) for m in free for a in free_hexes(s, near=m) for b in free_hexes(s, near=m)
                   if d[a][b] == 2)
    lay(s, sh, m)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), a)]
    rules.move(g, w, b)
    assert s.board[b] == w.uid and sh.holder == w.uid


def test_rivals_and_shard_chips_never_equip_and_nor_does_anyone_when_the_card_says_no_ASC_10(cat):
    """ASC-10: "The rival units can move onto or through these shards but will not equip them"; a titan whose
    card does not let shards be equipped (Titan D) leaves them where they lie."""
    g, s = titan_e(cat)
    sh = s.shards[0]
    spot = away(s)[5]
    lay(s, sh, spot)
    t = s.units[put(s, s.titan_uid, free_hexes(s, near=spot)[0])]
    rules.move(g, t, spot)
    assert sh.holder == -1 and t.uid not in s.shard_holders
    # Titan D: a defeated shard lies on its pedestal without HP; a player unit ending next to it does not equip it
    g = build(cat, titan="titan-d", players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    rules.damage(g, s.units[sh.uid], 3)
    assert sh in shards.loose(s)
    far = next(h for h in free_hexes(s, near=sh.hex, k=2))
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), far)]
    rules.move(g, w, next(h for h in free_hexes(s, near=sh.hex) if s.grid.dist[h][far] == 1))
    assert sh.holder == -1 and not s.shard_holders
    # a shard chip is never the mover (it has no Movement): `after_move` ignores one all the same
    g, s = titan_e(cat)
    sh0, sh1 = s.shards[0], s.shards[1]
    shards.put_hp(s, sh1, "red", 2)
    chipu = s.units[sh1.uid]
    lay(s, sh0, free_hexes(s, near=chipu.hex)[0])
    shards.after_move(g, chipu, chipu.hex, sh0.hex)
    assert sh0.holder == -1


def test_a_shard_with_hp_or_an_out_shard_is_not_equipped(cat):
    """Only shards without HP lying on a hex are equipped: a shard chip with HP blocks its hex; a shard out of
    play is gone."""
    g, s = titan_e(cat)
    sh, gone = s.shards[0], s.shards[1]
    spot = away(s)[5]
    lay(s, gone, spot)
    gone.out = True
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s, near=spot)[0])]
    rules.move(g, w, spot)
    assert gone.holder == -1
    assert shards.loose(s) == [x for x in s.shards if x is not gone]
    shards.put_hp(s, sh, "red", 2)
    assert sh not in shards.loose(s)


def test_a_defeated_holder_leaves_its_shards_active_side_up_where_it_fell_ASC_10(cat):
    """ASC-10: "When a shardholder is defeated, its shard is left behind on the hex where the unit was
    defeated, active side up": both of its shards; their markers leave the unit and no discard keeps them;
    it is no longer a shardholder; narrated."""
    g, s = titan_e(cat)
    a, b = s.shards[0], s.shards[1]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s)[0])]
    shards.equip(g, a, w)
    shards.equip(g, b, w)
    spot = w.hex
    rules.damage(g, w, 99)
    for sh in (a, b):
        assert sh.holder == -1 and sh.hex == spot and sh.active
        assert not any(x is sh.marker for tr in s.troops for x in tr.tactics_discard)
        assert not any(pt.tactic is sh.marker for pt in w.tactics)
        assert f"shard {sh.index + 1} is left on hex {spot}, active side up" in s.log
    assert w.uid not in s.shard_holders
    assert shards.loose(s)[:2] == [a, b]


def test_drop_takes_only_the_defeated_holders_shards(cat):
    """Another unit's shard stays under it when a shardholder falls."""
    g, s = titan_e(cat)
    a, b = s.shards[0], s.shards[1]
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), free_hexes(s)[0])]
    v = s.units[put(s, chip(s, 0, "kunlun/defender-1"), free_hexes(s)[3])]
    shards.equip(g, a, w)
    shards.equip(g, b, v)
    rules.damage(g, w, 99)
    assert b.holder == v.uid and b.hex == -1 and any(pt.tactic is b.marker for pt in v.tactics)
    assert v.uid in s.shard_holders


def test_a_move_equips_the_shard_it_ends_on_and_one_it_passes_ASC_10(cat):
    """ASC-10: a move onto one left shard through another equips both."""
    g, s = titan_e(cat)
    first, second = s.shards[0], s.shards[1]
    d = s.grid.dist
    free = away(s)
    a, m, b = next((a, m, b) for m in free for a in free_hexes(s, near=m) for b in free_hexes(s, near=m)
                   if d[a][b] == 2)
    lay(s, first, b)
    lay(s, second, m)
    w = s.units[put(s, chip(s, 0, "kunlun/warrior"), a)]
    rules.move(g, w, b)
    assert first.holder == w.uid and second.holder == w.uid


def test_a_flip_with_one_chip_left_gains_that_one_R_ASC_7(cat):
    """R-ASC-7: "as many as the supply allows": with a single red chip left, the flipped shard has 1 HP."""
    g = build(cat, titan="shaghad", players=Players({"track": lambda o: o[0]}))
    s = g.state
    sh = s.shards[0]
    s.supply["red"] = 1
    rules.damage(g, s.units[sh.uid], 3)
    assert sh.colour == "red" and s.units[sh.uid].hp == 1 and s.units[sh.uid].zone == COMBAT and not sh.out
