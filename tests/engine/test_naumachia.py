"""Pandora's Wake: Naumachia Mode (NAU-*), one test (at least) per rule id of ../shared/rules/pandoras-wake.md,
on the Flooded Colosseum stand-in map with scripted players and forced dice.

Ship stats are never written down as numbers: the faction chips' stand-ins are being re-tuned, so every
expectation is computed from the catalog chip the position is built from (or an explicit chip made here)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from frozen import frozen_catalog
from hoplostat.dice import COLOURS
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, mode_class, play
from hoplostat.engine.registry import printed_chip
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD
from hoplostat.engine.steps import movement_step
from hoplostat.policies import make
from hoplostat.rulesets.remastered import naumachia as nau
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.troops import unit_value

# The frozen roster (tests/frozen.py), as the other engine tests: these rule tests pin the mode on fixed chips
# (how far a colour's HP supply reaches after four dislodged captains depends on the captains' Health), so a
# re-balancing of the embedded stand-ins does not move them.
CAT = frozen_catalog()
YELLOW, BLUE = COLOURS.index("yellow"), COLOURS.index("blue")


class Script:
    """A player that answers by a table of decision -> function(options) (None: pass); otherwise it passes
    optional decisions and takes the first option of mandatory ones. Records what it was offered."""

    def __init__(self, **answers) -> None:
        self.answers = answers
        self.asked: list[tuple[int, str, list]] = []

    def choose(self, g, troop, decision, options, *, optional):
        self.asked.append((troop, decision, list(options)))
        fn = self.answers.get(decision.replace("-", "_"))
        if fn is not None:
            return fn(options)
        return None if optional else options[0]


def new(factions=("kunlun",), seed=0, ctrl=None, roller=None, first=None):
    cls = mode_class("naumachia")
    spec = cls.validate(CAT, GameSpec("naumachia", tuple(factions), first=first))
    c = ctrl or Script()
    g = cls.new_game(CAT, spec, [c] * len(factions), rng=np.random.default_rng(seed), log=True, roller=roller)
    g.state.mode.begin(g)
    return g


def ships(g, seat):
    return [g.state.units[i] for i in g.state.ships[seat]]


def crocs(g):
    return [u for u in g.state.in_combat() if nau.is_croc(u)]


def crew(g, ship):
    return [g.state.units[i] for i in g.state.crew[ship.uid]]


def chip(cls_: str, kind: str = "unit") -> object:
    """The first catalog chip (by id) of the kind whose top class is `cls_`."""
    return next(u for u in sorted(CAT.units.values(), key=lambda u: u.id) if u.kind == kind and u.classes[0] == cls_)


def captain(g, ship, c) -> None:
    """Make chip `c` the ship's captain (a test's set-up)."""
    g.state.units[g.state.crew[ship.uid][0]].unit = c
    nau.refresh(g.state)


def neutral(g) -> None:
    """Every captain a Beast (a bonus that acts on crocodiles only), so favor tests see no class bonus."""
    for seat in (0, 1):
        for sh in ships(g, seat):
            captain(g, sh, chip("beast"))


def clear(g) -> None:
    """The crocodiles out of the arena and the ships in the four corners (a test's set-up)."""
    for c in crocs(g):
        remove(g, c)
    corners = [0, 12, 104, 116]
    for sh, h in zip([*ships(g, 0), *ships(g, 1)], corners):
        put(g, sh, h)


def put(g, u, h) -> None:
    """Move a piece in combat to hex h, or put a unit out of combat into the water there (a test's set-up)."""
    s = g.state
    if u.zone == COMBAT:
        s.board[u.hex] = -1
        u.hex = h
        s.board[h] = u.uid
    else:
        for sh, members in s.crew.items():
            if u.uid in members:
                members.remove(u.uid)
        nau.put_in_water(g, u, h, "is put (test)")
    nau.refresh(s)


def remove(g, u) -> None:
    """Take a unit out of combat (a test's set-up, not a defeat)."""
    s = g.state
    s.board[u.hex] = -1
    s.leave_combat(u)
    s.supply[s.supply_of(u.troop)] += u.hp
    u.zone, u.hex, u.hp = DISCARD, -1, 0
    nau.refresh(s)


def water_unit(g, seat, h, k=-1, chip_id=None):
    """A crewmember of the seat (the last of its first ship) put in the water on hex h; `chip_id`: playing that
    catalog chip instead (a test's set-up: the skill the position needs)."""
    u = crew(g, ships(g, seat)[0])[k]
    if chip_id is not None:
        u.unit = CAT.unit(chip_id)
    put(g, u, h)
    return u


def free_near(g, h, d=1):
    s = g.state
    return [x for x in s.grid.within(h, d) if x != h and s.board[x] < 0 and x not in s.platform_hexes]


def sailor(g, sid):
    return next(u for u in g.state.units if u.unit.id == sid)


# --------------------------------------------------------------------------- frame, goal, components


def test_solo_against_the_sailors_or_competitive_on_the_flooded_colosseum_NAU_1():
    cls = mode_class("naumachia")
    assert cls.seats == (1, 2) and cls.arenas == ("flooded-colosseum",)
    g = new(("kunlun",))
    s = g.state
    assert s.solo and s.units[s.hero[1]].unit.id == "charon" and s.troops[1].faction == "rival"
    g2 = new(("kunlun", "amazons"))
    assert not g2.state.solo and g2.state.troops[1].faction == "amazons"


def test_a_troop_wins_when_the_opposing_hero_is_defeated_and_heroes_start_out_of_combat_NAU_2():
    g = new(("kunlun", "amazons"))
    s = g.state
    assert all(s.units[h].zone == CAMP for h in s.hero)
    hero = s.units[s.hero[1]]
    nau.put_in_water(g, hero, 60, "test")
    rules.damage(g, hero, hero.hp, source_troop=0)
    assert s.end_reason == "hero defeated" and s.winner == 0


def test_components_four_ships_four_crocodiles_six_tactics_and_the_sailors_NAU_3():
    g = new(("kunlun",))
    s = g.state
    assert len([u for u in s.in_combat() if nau.is_ship(u)]) == 4 and len(crocs(g)) == 4
    assert sorted(s.tactic_supply) == sorted(nau.TACTICS) and len(nau.TACTICS) == 6
    sailors = [u for u in CAT.units.values() if u.kind == "sailor"]
    assert len(sailors) == 8 and CAT.unit("charon").elite and CAT.unit("charon").kind == "sailor-hero"


def test_crocodiles_start_on_the_crocodile_starting_hexes_NAU_4():
    g = new()
    assert sorted(c.hex for c in crocs(g)) == sorted(g.state.grid.tagged("croc-start"))


def test_ships_start_on_the_ship_starting_hexes_NAU_5():
    g = new(("kunlun", "amazons"))
    s = g.state
    for seat in (0, 1):
        assert sorted(sh.hex for sh in ships(g, seat)) == sorted(s.grid.tagged(f"ship-start-{s.troops[seat].side}"))
    assert len(s.grid.tagged("ship-start")) == 4


def test_platforms_are_open_to_units_never_to_ships_or_crocodiles_NAU_6():
    g = new()
    s = g.state
    p = min(s.platform_hexes)
    assert s.blocked_for_move(2)[p] and s.blocked_for_move(4)[p] and not s.blocked_for_move(0)[p]
    assert not s.can_occupy(3, p) and not s.can_occupy(5, p) and s.can_occupy(1, p)
    clear(g)
    sh = ships(g, 0)[0]
    put(g, sh, next(iter(s.grid.neighbours[p])))
    reach = s.grid.reachable(sh.hex, 5, s.blocked_for_move(sh.troop), set())
    assert p not in reach


def test_every_hex_is_water_a_unit_on_a_platform_counts_for_frenzied_NAU_7():
    g = new()
    s = g.state
    clear(g)
    u = water_unit(g, 0, min(s.platform_hexes))
    c = next(u for u in s.units if nau.is_croc(u))
    put(g, c, 60)
    assert nau.in_water(u) and rules.movement_of(s, c) == 1  # the one unit, on a platform, is in the water


def test_each_troop_has_one_deployment_hex_where_its_hero_enters_NAU_8():
    g = new(("kunlun", "amazons"))
    s = g.state
    assert len(s.grid.tagged("deploy-red")) == 1 and len(s.grid.tagged("deploy-blue")) == 1
    nau.hero_enters(g, 1)
    assert s.units[s.hero[1]].hex == s.grid.tagged("deploy-blue")[0]


def test_solo_the_player_is_red_competitive_red_and_blue_NAU_9():
    s = new(("kunlun",)).state
    assert s.troops[0].side == "red" and s.troops[1].side == "blue"
    s = new(("kunlun", "amazons")).state
    assert [s.troops[p].side for p in (0, 1)] == ["red", "blue"]


def test_solo_uses_the_rival_sheet_competitive_only_the_fronts_NAU_10():
    g = new(("kunlun",))
    assert all(isinstance(g.controllers[t], nau.NaumachiaRival) for t in (1, 3))
    g = new(("kunlun", "amazons"))
    assert not any(isinstance(g.controllers[t], nau.NaumachiaRival) for t in (0, 1, 2, 3))


def test_beads_start_above_the_leftmost_longest_track_NAU_11():
    s = new(("kunlun", "amazons")).state
    assert s.track == [0, 0] and s.left == [nau.TRACKS[0]] * 2 and nau.TRACKS[0] == max(nau.TRACKS)


def test_the_rival_plays_first_competitive_order_is_drawn_NAU_12():
    assert new(("kunlun",)).state.order == [1, 0]
    firsts = {new(("kunlun", "amazons"), seed=k).state.order[0] for k in range(12)}
    assert firsts == {0, 1}


def test_a_troop_is_its_hero_and_eight_units_the_rival_the_sailors_NAU_13():
    g = new(("kunlun",))
    s = g.state
    units = sorted((u for u in CAT.units.values() if u.kind == "unit" and u.faction == "kunlun"),
                   key=lambda c: (-unit_value(c), c.id))
    aboard = {s.units[i].unit.id for sh in s.ships[0] for i in s.crew[sh]}
    assert aboard == {u.id for u in units[:8]} and len(units) == 10
    assert s.units[s.hero[0]].unit.id == CAT.faction("kunlun").hero
    rival = {s.units[i].unit.id for sh in s.ships[1] for i in s.crew[sh]}
    assert rival == {u.id for u in CAT.units.values() if u.kind == "sailor"}


def test_four_units_per_ship_by_value_each_side_two_crocodiles_a_colour_R_PW_15_NAU_14():
    g = new(("kunlun", "amazons"))
    s = g.state
    hero, units = nau.troop_chips(CAT, "amazons")
    a, b = nau.crew_order(units)
    assert [u.unit.id for u in crew(g, ships(g, 1)[0])] == [c.id for c in a]
    assert [u.unit.id for u in crew(g, ships(g, 1)[1])] == [c.id for c in b]
    assert len(a) == len(b) == 4 and unit_value(a[0]) >= unit_value(b[0]) >= max(unit_value(c) for c in a[1:] + b[1:])
    assert sorted(s.supply_of(c.troop) for c in crocs(g)) == ["blue", "blue", "red", "red"]


# --------------------------------------------------------------------------- crewmembers, ships, captains


def test_crewmembers_have_no_hp_and_are_not_units_or_opponents_NAU_15():
    g = new(("kunlun",))
    s = g.state
    members = [u for sh in [*ships(g, 0), *ships(g, 1)] for u in crew(g, sh)]
    assert len(members) == 16 and all(u.zone == nau.CREW_ZONE and u.hp == 0 for u in members)
    assert not any(u in s.in_combat() for u in members)
    assert not any(u in s.opponents_of(4) for u in members)
    # a crewmember's skills are ignored: Exploit aboard a rival ship does nothing
    ex = sailor(g, "sailor-attacker-1")
    assert ex.zone == nau.CREW_ZONE
    left = s.left[0]
    rules.damage(g, ex, 2, source_troop=0)
    assert s.left[0] == left


def test_ships_move_and_engage_in_their_troops_turn_and_are_not_units_for_tactics_NAU_16():
    ctrl = Script()
    g = new(("kunlun",), ctrl=ctrl)
    s = g.state
    ids = {sh.uid for sh in ships(g, 0)}
    ctrl.answers["move"] = lambda opts: next((o for o in opts if o[0] in ids and not ids.discard(o[0])), None)
    before = {sh.uid: sh.hex for sh in ships(g, 0)}
    dict(g.state.mode.turn_of(g, 0).steps)["movement"]()
    assert any(sh.hex != before[sh.uid] for sh in ships(g, 0))
    assert not any(nau.is_ship(u) for u in s.mode.tactic_targets(s, 0, "netted"))


def test_damage_to_a_ship_is_favor_loss_ships_and_units_target_each_other_NAU_17():
    g = new(("kunlun",), roller=FixedRoller([2]))
    s = g.state
    clear(g)
    neutral(g)
    mine, theirs = ships(g, 0)[0], ships(g, 1)[0]
    put(g, mine, 60)
    put(g, theirs, 61)
    u = water_unit(g, 1, 59)
    assert theirs in rules.targets_in_range(s, mine) and u in rules.targets_in_range(s, mine)
    assert mine in rules.targets_in_range(s, u)
    left = s.left[1]
    rules.attack(g, mine, theirs)
    assert theirs.hp == 1 and theirs.zone == COMBAT and s.left[1] == left - 2


def test_hurl_and_swap_never_move_a_ship_NAU_17():
    """Pandora's Wake, "Ships and Captains": ships "are not considered units", and "any effect applied to a ship
    other than damage is ignored": Hurl displaces the units next to it, never a ship; Swap never trades places
    with one (`rules.ignores_effects`)."""
    g = new(("kunlun",))
    clear(g)
    hurler = water_unit(g, 0, 60, chip_id="kunlun/mountain-radical")
    swapper = water_unit(g, 0, 46, chip_id="kunlun/defender-1")
    foe = water_unit(g, 1, 47)
    mine, theirs = ships(g, 0)[0], ships(g, 1)[0]
    put(g, mine, 61)
    put(g, theirs, 59)  # next to both skill holders
    opts = rules.ability_options(g, 0)
    hurled = {a[2][0] for a in opts if a[:2] == (hurler.uid, "hurl")}
    swapped = {a[2][0] for a in opts if a[:2] == (swapper.uid, "swap")}
    assert {foe.uid, swapper.uid} <= hurled and {hurler.uid, foe.uid} <= swapped
    assert not {mine.uid, theirs.uid} & (hurled | swapped)


def test_impel_is_never_given_to_a_ship_NAU_16():
    """Pandora's Wake, "Ships and Captains": a ship is no unit, so no ally: Impel ("one adjacent ally may attack
    twice") is offered for the unit next to its holder, not for its own ship there."""
    g = new(("kunlun",))
    clear(g)
    impeller = water_unit(g, 0, 60, chip_id="new-argonauts/attacker-2")
    ally = water_unit(g, 0, 47)
    put(g, ships(g, 0)[0], 61)
    assert {a[2] for a in rules.ability_options(g, 0) if a[:2] == (impeller.uid, "impel")} == {(ally.uid,)}


def test_combat_lock_never_holds_a_ship_NAU_17():
    """Pandora's Wake, "Ships and Captains": Combat Lock (opponents next to it cannot move) holds the unit next to
    it but is an effect other than damage on a ship, ignored: the player's ship and the rival's ship next to an
    opposing Combat Lock still move, in the players' movement step and the rival's."""
    ctrl = Script()
    g = new(("kunlun",), ctrl=ctrl)
    s = g.state
    clear(g)
    water_unit(g, 1, 60, chip_id="atlanteans/beast-1")
    held = water_unit(g, 0, 47)
    mine, theirs = ships(g, 0)[0], ships(g, 1)[0]
    put(g, mine, 61)
    movement_step(g, 2)
    movement_step(g, 0)
    offered = {o[0] for _t, d, opts in ctrl.asked if d == "move" for o in opts}
    assert mine.uid in offered and held.uid not in offered
    water_unit(g, 0, s.grid.neighbours[theirs.hex][1], chip_id="atlanteans/beast-1")
    water_unit(g, 0, 94)  # on a platform: the rival ship's mark (NAU-41), within its reach, not its Range
    start = theirs.hex
    rival.movement_step(g, 3, g.controllers[3])
    assert theirs.hex != start


def test_cover_never_fires_at_a_ship_NAU_17():
    """Pandora's Wake, "Ships and Captains": Cover answers an opponent moving into its Range; a ship is no
    opponent and nothing but damage acts on it, so a ship sailing into Range is not covered (and its troop loses
    no crowd favor), while a unit moving there is."""
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    clear(g)
    neutral(g)
    water_unit(g, 1, 60, chip_id="lamosians/archer-2")
    left = s.left[0]
    rules.move(g, ships(g, 0)[0], 61)
    assert s.left[0] == left and not any(" covers " in line for line in s.log)
    u = water_unit(g, 0, 34)
    hp = u.hp
    rules.move(g, u, 35)
    assert u.hp == hp - 1


def test_no_aura_changes_a_ships_attack_or_the_damage_it_takes_R_PW_22_NAU_17():
    """Ruling R-PW-22 (Pandora's Wake, "Ships and Captains": "any effect applied to a ship other than damage is
    ignored"): Pervasive Absorb gives its adjacent allies Absorb and Strategic Attack adds a die to their attacks,
    but neither reaches the holder's own ship next to it; a unit beside them gets both."""
    g = new(("kunlun",))
    clear(g)
    mine = ships(g, 0)[1]  # the units below leave the other ship: this one's Attack stays as it is
    put(g, mine, 61)
    ally = water_unit(g, 0, 73)
    foe = water_unit(g, 1, 30)

    def profiles():
        return [rules.attack_profile(g, foe, mine), rules.attack_profile(g, foe, ally),
                rules.attack_profile(g, mine, foe), rules.attack_profile(g, ally, foe)]
    before = profiles()
    water_unit(g, 0, 60, chip_id="atlanteans/defender-4")  # Pervasive Absorb, next to the ship and the ally
    water_unit(g, 0, 74, chip_id="amazons/tactician-1")  # Strategic Attack, next to the ship and the ally
    on_ship, on_ally, by_ship, by_ally = profiles()
    assert on_ship == before[0] and by_ship == before[2]
    assert on_ally[2] == before[1][2] + 1 and by_ally[0].counts[YELLOW] == before[3][0].counts[YELLOW] + 1


def test_ship_stats_derive_from_the_captain_NAU_18():
    g = new(("kunlun",))
    sh = ships(g, 0)[0]
    for c in (chip("defender"), chip("beast"), chip("tactician")):
        captain(g, sh, c)
        others = len(crew(g, sh)) - 1
        want = list(c.attack.counts)
        want[YELLOW] += others
        assert sh.unit.movement == 3 * c.movement and sh.unit.range == c.range
        assert list(sh.unit.attack.counts) == want


def test_attacker_captain_adds_blue_dice_instead_of_yellow_R_PW_16_NAU_19():
    g = new(("kunlun",))
    sh = ships(g, 0)[0]
    c = chip("attacker")
    captain(g, sh, c)
    want = list(c.attack.counts)
    want[BLUE] += len(crew(g, sh)) - 1
    assert list(sh.unit.attack.counts) == want


def test_archer_captain_adds_the_other_captains_range_NAU_19():
    g = new(("kunlun",))
    a, b = ships(g, 0)
    arch, other = chip("archer"), chip("defender")
    captain(g, a, arch)
    captain(g, b, other)
    assert a.unit.range == arch.range + other.range and b.unit.range == other.range
    # the other ship gone: nothing to add (R-PW-16)
    g2 = new(("kunlun",), ctrl=Script(dislodge=lambda o: o[1]))
    a2, b2 = ships(g2, 0)
    captain(g2, a2, arch)
    while b2.uid in g2.state.ships[0]:
        nau.dislodge(g2, 0)
    assert a2.unit.range == arch.range


def test_tactician_brings_one_more_tactic_and_one_more_favor_loss_NAU_19():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    water_unit(g, 0, min(s.platform_hexes))
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == 1
    s.camp[0].clear()
    captain(g, ships(g, 0)[0], chip("tactician"))
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == 2
    left = s.left[1]
    nau.lose_favor(g, 1, 1, "test")
    assert s.left[1] == left - 2


def test_defender_captain_reduces_damage_to_either_ship_NAU_19():
    g = new(("kunlun",), roller=FixedRoller([3, 3]))
    s = g.state
    clear(g)
    neutral(g)
    a, b = ships(g, 1)
    captain(g, a, chip("defender"))
    mine = ships(g, 0)[0]
    put(g, mine, 60)
    put(g, b, 61)
    left = s.left[1]
    rules.attack(g, mine, b)  # the Defender captains the other ship
    assert s.left[1] == left - 2


def test_beast_captain_crocodiles_never_mark_or_target_the_ship_NAU_19():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    sh = ships(g, 0)[0]
    captain(g, sh, chip("defender"))
    c = next(u for u in s.units if nau.is_croc(u))
    put(g, c, 60)
    put(g, sh, 61)
    assert nau.may_target(s, c, sh)
    captain(g, sh, chip("beast"))
    assert not nau.may_target(s, c, sh) and g.controllers[c.troop].plan_engage(g, c) == []


def test_troop_wide_bonuses_count_once_NAU_20():
    g = new(("kunlun",), roller=FixedRoller([3]))
    s = g.state
    clear(g)
    neutral(g)
    for sh in ships(g, 1):
        captain(g, sh, chip("defender"))
    mine, target = ships(g, 0)[0], ships(g, 1)[0]
    put(g, mine, 60)
    put(g, target, 61)
    left = s.left[1]
    rules.attack(g, mine, target)
    assert s.left[1] == left - 2  # reduced by 1, not by 2
    for sh in ships(g, 0):
        captain(g, sh, chip("tactician"))
    left = s.left[1]
    nau.lose_favor(g, 1, 1, "test")
    assert s.left[1] == left - 2  # one more, not two


def test_a_ship_without_crew_leaves_at_once_NAU_21():
    g = new(("kunlun",), ctrl=Script(dislodge=lambda o: o[0]))
    s = g.state
    sh = ships(g, 0)[0]
    h = sh.hex
    for _ in range(4):
        assert sh.uid in s.ships[0]
        nau.dislodge(g, 0)
    assert sh.uid not in s.ships[0] and sh.zone == DISCARD and s.board[h] != sh.uid and sh not in s.in_combat()


# --------------------------------------------------------------------------- crocodiles


def test_crocodiles_are_allied_arena_units_opposed_to_everyone_NAU_22():
    g = new(("kunlun", "amazons"))
    s = g.state
    opp = s.opponents_of(4)
    assert not any(nau.is_croc(u) for u in opp)
    assert {nau.seat_of(u.troop) for u in opp} == {0, 1} and any(nau.is_ship(u) for u in opp)
    assert s.teams[4] == s.teams[5] != s.teams[0] and s.teams[0] != s.teams[1]


def test_red_crocodiles_act_after_red_blue_after_blue_NAU_23():
    g = new(("kunlun",))
    s = g.state
    turns = list(s.mode.round_turns(g))
    assert [t.troop for t in turns] == [1, 5, 0, 4]
    assert all(s.supply_of(c.troop) == "red" for c in s.in_combat(4))
    assert all(s.supply_of(c.troop) == "blue" for c in s.in_combat(5)) and len(s.in_combat(5)) == 2


def test_crocodile_priorities_hero_weakest_player_ship_ship_NAU_24():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    for sh in [*ships(g, 0), *ships(g, 1)]:
        captain(g, sh, chip("defender"))  # not a Beast: crocodiles may target the ships
    c = next(u for u in s.units if nau.is_croc(u))
    rc = g.controllers[c.troop]
    put(g, c, 60)
    a, b = free_near(g, 60)[:2]
    hero = s.units[s.hero[1]]
    nau.put_in_water(g, hero, a, "test")
    u = water_unit(g, 0, b)
    assert rc.top(g, c, rules.targets_in_range(s, c)) == [hero]
    remove(g, hero)
    assert rc.top(g, c, rules.targets_in_range(s, c)) == [u]
    remove(g, u)
    mine, theirs = ships(g, 0)[0], ships(g, 1)[0]
    put(g, mine, a)
    put(g, theirs, b)
    assert rc.top(g, c, rules.targets_in_range(s, c)) == [mine]  # solo: the player's ship first


def test_frenzied_movement_is_the_number_of_non_arena_units_in_the_water_NAU_25():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    c = next(u for u in s.units if nau.is_croc(u))
    put(g, c, 60)
    assert rules.movement_of(s, c) == printed_chip(c.unit).movement
    for h in (20, 22, 24):
        water_unit(g, 0, h)
    assert rules.movement_of(s, c) == 3


def test_competitive_crocodile_choices_by_the_player_of_its_colour_NAU_26():
    a, b = Script(), Script()
    spec = mode_class("naumachia").validate(CAT, GameSpec("naumachia", ("kunlun", "amazons")))
    g = mode_class("naumachia").new_game(CAT, spec, [a, b], rng=np.random.default_rng(0))
    assert g.controllers[4].players is a and g.controllers[4].players_troop == 0
    assert g.controllers[5].players is b and g.controllers[5].players_troop == 1


# --------------------------------------------------------------------------- platforms and tactics


def test_a_unit_on_a_platform_at_the_end_of_the_turn_gains_a_random_tactic_NAU_27():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    ps = sorted(s.platform_hexes)
    water_unit(g, 0, 60)
    s.mode.check_platforms(g, 0)
    assert s.camp[0] == []
    water_unit(g, 0, ps[0])
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == 1 and len(s.tactic_supply) == 5 and s.camp[0][0] in nau.TACTICS


def test_tactic_capacity_is_two_NAU_28():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    ps = sorted(s.platform_hexes)
    for k, h in enumerate(ps[:3]):
        water_unit(g, 0, h)
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == nau.CAPACITY == 2
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == 2


def test_tactics_go_anywhere_one_per_turn_NAU_29():
    ctrl = Script(sea_tactic=lambda o: o[0])
    g = new(("kunlun",), ctrl=ctrl)
    s = g.state
    clear(g)
    s.camp[0] = ["anchor", "foul-wind"]
    s.tactic_supply = [t for t in s.tactic_supply if t not in s.camp[0]]
    s.mode.tactic_step(g, 0)
    far = max(s.grid.dist[sh.hex][o.hex] for sh in ships(g, 0) for o in ships(g, 1))
    assert far > 8 and s.camp[0] == ["foul-wind"]
    assert any(e[0] == "anchor" for e in s.effects)


def test_the_six_tactics_are_the_rival_sheets_NAU_30():
    assert set(nau.TACTICS) == {"anchor", "rupture", "bait", "netted", "befriended", "foul-wind"}


# --------------------------------------------------------------------------- crowd favor


def test_damage_moves_the_bead_down_its_track_NAU_31():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 0, 2, "test")
    assert s.left[0] == nau.TRACKS[0] - 2 and s.track[0] == 0 and s.events[0] == 0


def test_the_last_space_is_an_event_the_rest_is_ignored_the_next_track_follows_NAU_32():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 0, nau.TRACKS[0] + 3, "test")
    assert s.events[0] == 1 and s.track[0] == 1 and s.left[0] == nau.TRACKS[1]
    for k in range(2, len(nau.TRACKS) + 3):
        nau.lose_favor(g, 0, s.left[0], "test")
        assert s.events[0] == k and s.track[0] == min(k, len(nau.TRACKS) - 1)
    assert s.left[0] == nau.TRACKS[-1]


def test_an_event_dislodges_a_chosen_captain_to_the_closest_free_hex_NAU_33():
    ctrl = Script(dislodge=lambda o: o[1])
    g = new(("kunlun",), ctrl=ctrl)
    s = g.state
    a, b = ships(g, 0)
    first, second = crew(g, b)[:2]
    nau.lose_favor(g, 0, nau.TRACKS[0], "test")
    assert first.zone == COMBAT and first.hp == first.unit.health
    free = [h for h in range(s.grid.n) if s.board[h] < 0 or h == first.hex]
    assert s.grid.dist[b.hex][first.hex] == min(s.grid.dist[b.hex][h] for h in free)
    assert nau.captain_of(s, b.uid) is second and len(crew(g, a)) == 4
    assert printed_chip(b.unit) is b.unit and b.unit.movement == 3 * second.unit.movement


def test_the_fourth_event_brings_the_hero_in_full_or_next_to_a_blocked_hex_R_PW_17_NAU_34():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    hero = s.units[s.hero[0]]
    home = s.grid.tagged("deploy-red")[0]
    for k in range(3):
        nau.lose_favor(g, 0, s.left[0], "test")
    assert hero.zone == CAMP and s.dislodged[0] == 3
    blocker = water_unit(g, 1, home)
    nau.lose_favor(g, 0, s.left[0], "test")
    assert hero.zone == COMBAT and hero.hp == hero.unit.health and s.dislodged[0] == 4
    assert s.grid.dist[home][hero.hex] == 1 and blocker.hex == home


def test_favor_gained_moves_up_never_above_the_top_never_back_a_track_NAU_35():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 0, 2, "test")
    s.mode.gain_favor(g, 0, 1, "test")
    assert s.left[0] == nau.TRACKS[0] - 1
    s.mode.gain_favor(g, 0, 10, "test")
    assert s.left[0] == nau.TRACKS[0]
    nau.lose_favor(g, 0, s.left[0], "test")
    s.mode.gain_favor(g, 0, 10, "test")
    assert s.track[0] == 1 and s.left[0] == nau.TRACKS[1]


def test_the_meter_is_a_stand_in_of_tracks_the_leftmost_longest_R_PW_18_NAU_36():
    assert nau.TRACKS[0] == max(nau.TRACKS) and len(nau.TRACKS) >= nau.HERO_EVENT
    assert list(nau.TRACKS) == sorted(nau.TRACKS, reverse=True)


# --------------------------------------------------------------------------- Pivot


def test_pivot_after_an_attack_with_a_miss_NAU_37():
    g = new(("kunlun",), roller=FixedRoller([1, 0, 1]))
    s = g.state
    clear(g)
    neutral(g)
    nau.lose_favor(g, 1, 3, "test")
    sv = sailor(g, "sailor-tactician-1")
    put(g, sv, 60)
    t = water_unit(g, 0, free_near(g, 60)[0])
    n = sv.unit.attack.size
    g.roller = FixedRoller([1] * n)  # every die hits: no Pivot
    left = s.left[1]
    s.mode.act(g, ("attack", sv.uid, t.uid))
    assert s.left[1] == left and len(g.roller.rolled) == n  # die by die
    sv.engaged_turn = -1
    g.roller = FixedRoller([0] * n)
    s.mode.act(g, ("attack", sv.uid, t.uid))
    assert s.left[1] == left + 1 and s.pivots[1] == 1  # Salvage: 1 favor


# --------------------------------------------------------------------------- the rival


def test_the_rival_loses_favor_the_same_way_NAU_38():
    g = new(("kunlun",), roller=FixedRoller([2]))
    s = g.state
    clear(g)
    neutral(g)
    mine, theirs = ships(g, 0)[0], ships(g, 1)[0]
    put(g, mine, 60)
    put(g, theirs, 61)
    rules.attack(g, mine, theirs)
    assert s.left[1] == nau.TRACKS[0] - 2


def test_rival_tactics_oldest_placeable_first_one_a_turn_NAU_39():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    water_unit(g, 0, 60)  # Netted has a target, Anchor too (the player's ships)
    s.camp[1] = ["bait", "anchor", "netted"]  # no crocodile left: Bait cannot be placed
    s.tactic_supply = [t for t in s.tactic_supply if t not in s.camp[1]]
    s.mode.rival_tactic(g, 1)
    assert s.camp[1] == ["bait", "netted"] and [e[0] for e in s.effects] == ["anchor"]


def test_rival_tactic_targets_by_the_table_NAU_40():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    a, b = ships(g, 0)
    captain(g, a, replace(chip("beast"), movement=1))
    captain(g, b, replace(chip("beast"), movement=3))
    assert nau.rival_tactic_targets(s, 1, "anchor") == [a]
    ra, rb = ships(g, 1)
    s.crew[rb.uid].pop()
    assert nau.rival_tactic_targets(s, 1, "rupture") == [rb]
    put(g, a, 58)
    starts = s.grid.tagged("ship-start")
    far = max((a, b), key=lambda sh: min(s.grid.dist[sh.hex][h] for h in starts))
    assert nau.rival_tactic_targets(s, 1, "foul-wind") == [far] == [a]
    u1 = water_unit(g, 0, 20)
    u2 = water_unit(g, 0, 22)
    strongest = max((u1, u2, *crocs(g)), key=lambda u: u.hp)
    assert strongest in nau.rival_tactic_targets(s, 1, "netted")
    near = min(crocs(g), key=lambda c: min(s.grid.dist[c.hex][u.hex] for u in (u1, u2)))
    assert near in nau.rival_tactic_targets(s, 1, "befriended")


def test_rival_ships_platform_unit_hero_farthest_ship_NAU_41():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    sh = ships(g, 1)[0]
    captain(g, sh, replace(chip("beast"), range=8))
    rc = g.controllers[sh.troop]
    put(g, sh, 58)
    p = min(s.platform_hexes, key=lambda h: s.grid.dist[58][h])
    on = water_unit(g, 0, p)
    hero = s.units[s.hero[0]]
    nau.put_in_water(g, hero, 60, "test")
    assert rc.top(g, sh, rules.targets_in_range(s, sh)) == [on]
    put(g, on, 20)
    assert rc.top(g, sh, rules.targets_in_range(s, sh)) == [hero]
    remove(g, hero)
    a, b = ships(g, 0)
    put(g, a, 57)
    put(g, b, 52)
    assert rc.top(g, sh, rules.targets_in_range(s, sh)) == [b]


def test_rival_units_mark_platforms_target_the_hero_first_NAU_42():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    rc = g.controllers[1]
    u = sailor(g, "sailor-defender-2")
    p = min(s.platform_hexes)
    put(g, u, p)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == []  # stays on its platform
    near = next(h for h in s.grid.within(p, 1) if h != p and s.board[h] < 0)
    put(g, u, near)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == [p]
    hero = s.units[s.hero[0]]
    nau.put_in_water(g, hero, free_near(g, near)[0], "test")
    w = water_unit(g, 0, free_near(g, near)[0])
    assert rc.top(g, u, rules.targets_in_range(s, u)) == [hero]
    assert w in rules.targets_in_range(s, u)


def test_the_rival_dislodges_from_its_ship_with_most_crew_NAU_43():
    g = new(("kunlun",))
    s = g.state
    a, b = ships(g, 1)
    s.crew[a.uid].pop()
    top = crew(g, b)[0]
    nau.dislodge(g, 1)
    assert top.zone == COMBAT and len(s.crew[b.uid]) == 3 and len(s.crew[a.uid]) == 3


def test_absolve_its_troop_cannot_lose_favor_NAU_44():
    g = new(("kunlun",))
    s = g.state
    nau.lose_favor(g, 1, 1, "test")
    left = s.left[1]
    nau.hero_enters(g, 1)  # Charon has Absolve
    nau.lose_favor(g, 1, 2, "test")
    assert s.left[1] == left


def test_animalistic_beasts_never_mark_or_target_it_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    an = sailor(g, "sailor-defender-1")
    put(g, an, 60)
    beast = next(u for sh in ships(g, 0) for u in crew(g, sh) if "beast" in u.unit.classes)
    put(g, beast, free_near(g, 60)[0])
    other = next(u for sh in ships(g, 0) for u in crew(g, sh) if "beast" not in u.unit.classes)
    put(g, other, free_near(g, 60)[0])
    assert not nau.may_target(s, beast, an) and nau.may_target(s, other, an)
    ctrl = Script()
    g.controllers[0] = ctrl
    s.mode.player_engage(g, 0)
    offered = {o for _, d, opts in ctrl.asked if d == "engage" for o in opts}
    assert ("attack", other.uid, an.uid) in offered and ("attack", beast.uid, an.uid) not in offered


def test_elude_within_an_opposing_ships_range_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    el = sailor(g, "sailor-archer-1")
    put(g, el, 60)
    rc = g.controllers[1]
    assert all(o[0] == "attack" for o in rc.plan_engage(g, el))
    sh = ships(g, 0)[0]
    put(g, sh, free_near(g, 60)[0])
    plan = rc.plan_engage(g, el)
    assert plan and all(o[0] == "special" and o[2] == "elude" for o in plan)
    assert all(s.grid.dist[60][o[3][0]] <= nau.ELUDE for o in plan)


def test_exploit_the_damaging_troop_loses_as_much_favor_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    ex = sailor(g, "sailor-attacker-1")
    put(g, ex, 60)
    rules.damage(g, ex, 2, source_troop=0)
    assert s.left[0] == nau.TRACKS[0] - 2


def test_guide_allies_have_three_more_movement_and_a_yellow_die_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    al = sailor(g, "sailor-defender-2")
    put(g, al, 60)
    foe = water_unit(g, 0, free_near(g, 60)[0])
    pool = rules.attack_profile(g, al, foe)[0]
    nau.hero_enters(g, 1)
    assert rules.movement_of(s, al) == printed_chip(al.unit).movement + 3
    assert rules.attack_profile(g, al, foe)[0].counts[YELLOW] == pool.counts[YELLOW] + 1
    assert rules.movement_of(s, foe) == printed_chip(foe.unit).movement


def leech_in_water(missing: int):
    """A cleared solo game with the rival's Leech sailor on hex 60, `missing` HP short of its Health (the chips
    back in its supply): (game, sailor)."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    le = sailor(g, "sailor-beast-2")
    put(g, le, 60)
    le.hp -= missing
    s.supply[s.supply_of(le.troop)] += missing
    return g, le


def test_leech_stand_in_one_hp_from_an_adjacent_opponent_heals_one_R_PW_21_NAU_44():
    g, le = leech_in_water(1)
    foe = water_unit(g, 0, free_near(g, 60)[0])
    opts = rules.ability_options(g, 1)
    assert (le.uid, "leech", (foe.uid,)) in opts
    hp = foe.hp
    rules.use_ability(g, 1, (le.uid, "leech", (foe.uid,)))
    assert foe.hp == hp - 1 and le.hp == le.unit.health


def test_the_sailors_are_for_solo_naumachia_only_NAU_45():
    assert not any(u.kind in ("sailor", "sailor-hero") for f in CAT.factions for u in CAT.faction_units(f))
    from hoplostat.rulesets.remastered import condemned as con
    spec = mode_class("condemned").validate(CAT, GameSpec("condemned", ("kunlun",)))
    g = mode_class("condemned").new_game(CAT, spec, [make("greedy", rng=np.random.default_rng(0))],
                                         rng=np.random.default_rng(0))
    assert "charon" not in {u.id for u in g.state.mode.bag} and isinstance(g.state, con.CondemnedState)


# --------------------------------------------------------------------------- turn order


def test_a_round_is_p1_its_crocodiles_p2_its_crocodiles_NAU_46():
    g = new(("kunlun", "amazons"), seed=3)
    s = g.state
    turns = list(s.mode.round_turns(g))
    p1, p2 = s.order
    assert [t.troop for t in turns] == [p1, 4 + p1, p2, 4 + p2]
    assert "crocodiles" in turns[1].header and s.troops[4 + p1].health == s.troops[p1].side


def test_player_turn_steps_in_order_no_deployment_NAU_47():
    g = new(("kunlun",))
    want = ["start", "tactic", "movement", "abilities", "engage", "platforms"]
    assert [n for n, _ in g.state.mode.turn_of(g, 0).steps] == want
    assert [n for n, _ in g.state.mode.turn_of(g, 1).steps] == want


def test_crocodile_turn_movement_abilities_engage_by_the_rival_rules_NAU_48():
    g = new(("kunlun",))
    s = g.state
    t = s.mode.croc_turn(g, 4)
    assert [n for n, _ in t.steps] == ["movement", "abilities", "engage"]
    assert all(isinstance(g.controllers[k], nau.NaumachiaRival) and g.controllers[k].targeting == nau.CROC_LIST
               for k in (4, 5))


# --------------------------------------------------------------------------- rulings


def test_a_played_tactic_goes_back_to_the_supply_R_PW_19():
    g = new(("kunlun",))
    s = g.state
    s.tactic_supply.remove("anchor")
    s.camp[1] = ["anchor"]
    s.mode.rival_tactic(g, 1)
    assert "anchor" in s.tactic_supply and s.camp[1] == []


def test_stand_in_tactics_anchor_and_foul_wind_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    sh = ships(g, 0)[0]
    assert sh.unit.movement > 0
    s.camp[1] = ["anchor"]
    s.tactic_supply.remove("anchor")
    s.mode.rival_tactic(g, 1)
    target = next(u for u in ships(g, 0) if nau.has_effect(s, "anchor", u.uid))
    assert target.unit.movement == 0
    s.mode.start(g, 1)  # the placing troop's next turn: it ends
    assert target.unit.movement > 0
    clear(g)
    starts = s.grid.tagged("ship-start")
    put(g, sh, 58)
    d = min(s.grid.dist[58][h] for h in starts)
    nau.blow(g, sh)
    assert min(s.grid.dist[sh.hex][h] for h in starts) == d - nau.WIND


def test_stand_in_tactic_befriended_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    c = next(u for u in s.units if nau.is_croc(u))
    put(g, c, 60)
    foe = sailor(g, "sailor-defender-2")
    put(g, foe, free_near(g, 60)[0])
    assert g.controllers[c.troop].top(g, c, rules.targets_in_range(s, c)) == [foe]
    s.tactic_supply.remove("befriended")
    s.camp[1] = ["befriended"]
    s.mode.play_tactic(g, 1, 0, c)
    assert g.controllers[c.troop].top(g, c, rules.targets_in_range(s, c)) == []
    assert not nau.may_target(s, c, foe)


# --------------------------------------------------------------------------- whole games


def test_seeded_games_are_deterministic_and_end():
    for factions in (("kunlun",), ("kunlun", "vesuvians")):
        for seed in range(3):
            logs = []
            for _ in range(2):
                rng = np.random.default_rng(seed)
                res = play(CAT, GameSpec("naumachia", factions), [make("greedy", rng=rng) for _ in factions],
                           rng=rng, log=True)
                logs.append(res.log)
                assert res.end_reason and res.end_reason != "unfinished"
            assert logs[0] == logs[1]


def check_naumachia(g, turn) -> None:
    """The mode's own invariants after every turn: ships and crocodiles never on a platform, every ship with
    crew and its stats from its captain, crewmembers out of combat with no HP, the beads on their tracks, at
    most two tactics, each tactic in one place, heroes in combat only from the fourth event."""
    s = g.state
    for u in s.in_combat():
        if nau.is_ship(u) or nau.is_croc(u):
            assert u.hex not in s.platform_hexes, (u.name, turn.header)
    for seat in (0, 1):
        for sh in s.ships[seat]:
            members = s.crew[sh]
            assert members and s.units[sh].zone == COMBAT
            cap = printed_chip(s.units[members[0]].unit)
            assert s.units[sh].unit.range >= cap.range
            assert s.units[sh].unit.attack.size >= cap.attack.size + len(members) - 1
            assert all(s.units[i].zone == nau.CREW_ZONE and s.units[i].hp == 0 for i in members)
        assert 0 <= s.track[seat] < len(nau.TRACKS) and 1 <= s.left[seat] <= nau.TRACKS[s.track[seat]]
        assert len(s.camp[seat]) <= nau.CAPACITY
        hero = s.units[s.hero[seat]]
        assert hero.zone == CAMP or s.events[seat] >= nau.HERO_EVENT
    held = [t for seat in (0, 1) for t in s.camp[seat]]
    assert sorted(held + s.tactic_supply) == sorted(nau.TACTICS)


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2])
def test_thousand_seeded_games_keep_the_invariants(seats):
    from test_mode_contract import check_invariants

    facs = sorted(CAT.factions)
    for seed in range(1000):
        rng = np.random.default_rng(seed)
        factions = tuple(facs[(seed + k) % len(facs)] for k in range(seats))
        policy = "random" if seed % 4 == 3 else "greedy"
        res = play(CAT, GameSpec("naumachia", factions), [make(policy, rng=rng) for _ in factions], rng=rng,
                   after_turn=lambda g, t: (check_invariants(g, t), check_naumachia(g, t)))
        assert res.end_reason and res.end_reason != "unfinished", seed
        assert all(t.outcome in ("won", "lost", "draw") for t in res.troops)


def test_play_takes_the_number_of_players_solo_or_competitive():
    from hoplostat import api
    from hoplostat.errors import InputError

    solo = api.play("naumachia", seed=1, players=1)
    assert len(solo.spec.factions) == 1 and len(solo.result.troops) == 1
    duo = api.play("naumachia", seed=1, players=2)
    assert len(set(duo.spec.factions)) == 2 and len(duo.result.troops) == 2
    with pytest.raises(InputError, match="1 or 2"):
        api.play("naumachia", seed=1, players=3)


# --------------------------------------------------------------------------- analysis


def test_naval_summary_counts_each_factions_opposing_heroes_brought_in():
    import polars as pl

    from hoplostat import stats

    games = pl.DataFrame({"faction_a": ["kunlun", "kunlun", "amazons"], "faction_b": ["rival"] * 3,
                          "a_hero_in": [1, 0, 0], "b_hero_in": [1, 1, 0], "a_events": [4, 1, 0], "b_events": [4, 6, 2],
                          "a_favor_lost": [20, 3, 0], "b_favor_lost": [20, 25, 8],
                          "a_ship_damage": [30, 40, 9], "b_ship_damage": [25, 4, 1]})
    t = {r["faction"]: r for r in stats.naval_summary(games).iter_rows(named=True)}
    assert t["kunlun"]["games"] == 2 and t["kunlun"]["hero_in_rate"] == 1.0 and t["kunlun"]["mean_events"] == 5.0
    assert t["amazons"]["heroes_in"] == 0 and t["amazons"]["mean_ship_damage"] == 9.0
    assert t["rival"]["games"] == 3 and t["rival"]["heroes_in"] == 1 and t["rival"]["mean_favor_lost"] == pytest.approx(23 / 3)
    assert t["kunlun"]["hero_in_rate_lo"] < 1.0 <= t["kunlun"]["hero_in_rate_hi"] + 1e-12


def test_a_naumachia_sweep_reports_its_sections(tmp_path, capsys):
    from pathlib import Path

    from clihelp import run_json

    from hoplostat.cli import main
    from hoplostat.report import NAUMACHIA_SECTIONS

    out = tmp_path / "s"
    try:
        main(["sweep", "naumachia", "-f", "kunlun", "-f", "amazons", "--games", "3", "--seed", "2", "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    capsys.readouterr()
    data = run_json(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    page = Path(data["report"]).read_text()
    for section in NAUMACHIA_SECTIONS:
        assert f'id="{section}"' in page or f"id='{section}'" in page, section
    summary = run_json(capsys, "summarize", str(out))
    assert {r["faction"] for r in summary["win_rates"]} == {"kunlun", "amazons", "rival"}
