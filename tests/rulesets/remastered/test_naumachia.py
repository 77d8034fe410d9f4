"""Pandora's Wake: Naumachia Mode (NAU-*), one test (at least) per rule id of ../shared/rules/pandoras-wake.md,
on the Flooded Colosseum stand-in map with scripted players and forced dice.

Ship stats are never written down as numbers: the faction chips' stand-ins are being re-tuned, so every
expectation is computed from the catalog chip the position is built from (or an explicit chip made here).

Naumachia Mode, pinned: the behaviour the mutation run of `rulesets/remastered/naumachia/mode.py` found unpinned
(docs/testing-history.md, "The Remastered modes"): the crowd favor meter's edges and narration (NAU-31..NAU-35), the
dislodged captain and the hero entering (NAU-33, NAU-34, NAU-21), damage to ships and its bookkeeping (NAU-17,
NAU-19), Exploit, Absolve and Pivot (NAU-44, NAU-37), the tactics and the rival's targeting table (NAU-27..NAU-29,
NAU-39, NAU-40), the rival's lists (NAU-24, NAU-41, NAU-42), the set-up (NAU-12..NAU-14) and the result.

Positions come from the real set-up with pieces put on the Flooded Colosseum by hand, with
the helpers above; chip stats are read from the frozen catalog, never written down."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from frozen import frozen_catalog

from hoplostat.dice import COLOURS, Pool
from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec, mode_class, play
from hoplostat.engine.registry import printed_chip
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD
from hoplostat.engine.steps import movement_step
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.remastered import naumachia as nau
from hoplostat.rulesets.remastered.naumachia import controllers as nau_controllers
from hoplostat.rulesets.remastered.naumachia import skills as nau_skills
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.base import RULESET
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

    from hoplostat.rulesets.remastered.naumachia.analysis import naval_summary

    games = pl.DataFrame({"faction_a": ["kunlun", "kunlun", "amazons"], "faction_b": ["rival"] * 3,
                          "a_hero_in": [1, 0, 0], "b_hero_in": [1, 1, 0], "a_events": [4, 1, 0], "b_events": [4, 6, 2],
                          "a_favor_lost": [20, 3, 0], "b_favor_lost": [20, 25, 8],
                          "a_ship_damage": [30, 40, 9], "b_ship_damage": [25, 4, 1]})
    t = {r["faction"]: r for r in naval_summary(games).iter_rows(named=True)}
    assert t["kunlun"]["games"] == 2 and t["kunlun"]["hero_in_rate"] == 1.0 and t["kunlun"]["mean_events"] == 5.0
    assert t["amazons"]["heroes_in"] == 0 and t["amazons"]["mean_ship_damage"] == 9.0
    assert t["rival"]["games"] == 3 and t["rival"]["heroes_in"] == 1 and t["rival"]["mean_favor_lost"] == pytest.approx(23 / 3)
    assert t["kunlun"]["hero_in_rate_lo"] < 1.0 <= t["kunlun"]["hero_in_rate_hi"] + 1e-12


def test_a_naumachia_sweep_reports_its_sections(tmp_path, capsys):
    from pathlib import Path

    from clihelp import run_json

    from hoplostat.cli import main
    from hoplostat.rulesets.remastered.naumachia.analysis import SECTIONS as NAUMACHIA_SECTIONS

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


# --- pinned by mutation testing (formerly tests/engine/test_naumachia_pinned.py) --------------------------------------
def last(g, n=1):
    return g.state.log[-n:]


# --------------------------------------------------------------------------- crowd favor (NAU-31..NAU-35)


def test_a_loss_equal_to_the_spaces_left_reaches_the_event_NAU_32():
    """The bead arrives on the event space when the loss equals the spaces left (not only when it exceeds them);
    one less stops one space above it."""
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 0, nau.TRACKS[0] - 1, "test")
    assert s.events[0] == 0 and s.left[0] == 1 and s.favor_lost[0] == nau.TRACKS[0] - 1
    nau.lose_favor(g, 0, 1, "test")
    assert s.events[0] == 1 and s.track[0] == 1 and s.left[0] == nau.TRACKS[1]
    assert s.favor_lost[0] == nau.TRACKS[0]


def test_the_ignored_rest_of_a_loss_is_not_counted_as_favor_lost_NAU_32():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 0, 2, "test")
    nau.lose_favor(g, 0, 50, "test")
    assert s.favor_lost[0] == nau.TRACKS[0] and s.events[0] == 1 and s.left[0] == nau.TRACKS[1]


def test_no_loss_for_zero_or_after_the_game_ended_NAU_31():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    n = len(s.log)
    nau.lose_favor(g, 0, 0, "test")
    nau.lose_favor(g, 0, -2, "test")
    assert s.left[0] == nau.TRACKS[0] and s.favor_lost[0] == 0 and len(s.log) == n
    s.mode.end(g, "test", 1)
    nau.lose_favor(g, 0, 2, "test")
    assert s.left[0] == nau.TRACKS[0] and s.favor_lost[0] == 0


def test_a_tactician_makes_only_the_opponents_loss_larger_NAU_19():
    """Tactician: each crowd favor loss *of the opponent* is 1 larger; the Tactician's own troop loses as dealt."""
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    captain(g, ships(g, 0)[0], chip("tactician"))
    nau.lose_favor(g, 0, 1, "test")
    assert s.left[0] == nau.TRACKS[0] - 1 and s.favor_lost[0] == 1
    nau.lose_favor(g, 1, 1, "test")
    assert s.left[1] == nau.TRACKS[0] - 2 and s.favor_lost[1] == 2


def test_favor_loss_narration_NAU_31_NAU_32():
    g = new(("kunlun", "amazons"))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 1, 2, "why")
    assert last(g) == [f"amazons (blue) loses 2 crowd favor (why), {nau.TRACKS[0] - 2} space(s) above the event"]
    n = len(s.log)
    nau.lose_favor(g, 1, 9, "because")
    assert s.log[n] == "amazons (blue) loses crowd favor (because) to crowd favor event 1"


def test_absolve_narration_and_no_loss_counted_NAU_44():
    g = new(("kunlun",))
    s = g.state
    nau.hero_enters(g, 1)  # Charon, with Absolve
    nau.lose_favor(g, 1, 2, "test")
    assert last(g) == ["rival (blue) cannot lose crowd favor (Absolve)"] and s.favor_lost[1] == 0


def test_absolve_needs_the_holder_in_the_water_with_working_skills_NAU_44():
    """Absolve protects the troop only while its holder is in the water: Charon in camp protects nothing, and a
    unit of the other seat with no Absolve protects nothing either."""
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    assert not nau.absolved(s, 1)
    nau.lose_favor(g, 1, 1, "test")
    assert s.left[1] == nau.TRACKS[0] - 1
    nau.hero_enters(g, 1)
    assert nau.absolved(s, 1) and not nau.absolved(s, 0)
    charon = s.units[s.hero[1]]
    charon.active = False  # skills not working
    assert not nau.absolved(s, 1)


def test_favor_gained_narration_and_totals_NAU_35():
    g = new(("kunlun", "amazons"))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 0, 3, "test")
    s.mode.gain_favor(g, 0, 2, "Salvage")
    assert last(g) == [f"kunlun (red) gains 2 crowd favor (Salvage), {nau.TRACKS[0] - 1} space(s) above the event"]
    assert s.favor_gained[0] == 2 and s.troops[0].favor_total == 2
    s.mode.gain_favor(g, 0, 5, "more")
    assert s.favor_gained[0] == 3 and s.troops[0].favor_total == 3 and s.left[0] == nau.TRACKS[0]


def test_favor_gain_of_a_ships_troop_goes_to_its_seat_none_for_crocodiles_NAU_35():
    g = new(("kunlun", "amazons"))
    s = g.state
    neutral(g)
    nau.lose_favor(g, 1, 3, "test")
    s.mode.gain_favor(g, 3, 1, "ship")  # troop 3: seat b's ships
    assert s.left[1] == nau.TRACKS[0] - 2 and s.favor_gained[1] == 1
    n = len(s.log)
    s.mode.gain_favor(g, 4, 1, "croc")
    s.mode.gain_favor(g, 1, 0, "none")
    assert s.left[1] == nau.TRACKS[0] - 2 and s.favor_gained == [0, 1] and len(s.log) == n


def test_seat_of_each_troop():
    assert [nau.seat_of(t) for t in range(6)] == [0, 1, 0, 1, -1, -1]


# --------------------------------------------------------------------------- damage to ships (NAU-17, NAU-19)


def test_damage_to_a_ship_is_counted_for_the_other_seat_and_narrated_NAU_17():
    g = new(("kunlun", "amazons"))
    s = g.state
    neutral(g)
    theirs = ships(g, 1)[0]
    assert s.mode.ignores_damage(g, theirs, 2, source=None, source_troop=0, what="attack")
    assert s.ship_damage == [2, 0] and s.left[1] == nau.TRACKS[0] - 2
    assert s.log[-2] == f"{theirs.name} (blue) is dealt 2 damage"
    s.mode.ignores_damage(g, theirs, 1, source=None, source_troop=2, what="attack")  # seat a's ships
    assert s.ship_damage == [3, 0]
    s.mode.ignores_damage(g, theirs, 1, source=None, source_troop=4, what="attack")  # a crocodile: no seat
    s.mode.ignores_damage(g, theirs, 1, source=None, source_troop=None, what="effect")
    s.mode.ignores_damage(g, theirs, 1, source=None, source_troop=3, what="own")  # its own seat
    assert s.ship_damage == [3, 0] and s.favor_lost[1] == 6


def test_damage_to_a_unit_is_not_ignored_NAU_17():
    g = new(("kunlun", "amazons"))
    s = g.state
    clear(g)
    u = water_unit(g, 0, 60)
    assert not s.mode.ignores_damage(g, u, 1, source=None, source_troop=1, what="attack")
    assert s.left == [nau.TRACKS[0]] * 2


def test_defender_one_less_narrated_a_single_damage_costs_nothing_NAU_19():
    g = new(("kunlun", "amazons"))
    s = g.state
    neutral(g)
    captain(g, ships(g, 1)[1], chip("defender"))
    theirs = ships(g, 1)[0]
    s.mode.ignores_damage(g, theirs, 3, source=None, source_troop=0, what="attack")
    assert f"{theirs.name} (blue) is dealt 3 damage (Defender: 1 less)" in s.log
    assert s.ship_damage == [2, 0] and s.left[1] == nau.TRACKS[0] - 2
    s.mode.ignores_damage(g, theirs, 1, source=None, source_troop=0, what="attack")
    assert s.ship_damage == [2, 0] and s.left[1] == nau.TRACKS[0] - 2 and s.favor_lost[1] == 2


def test_exploit_only_the_other_seat_and_only_for_hp_removed_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    ex = sailor(g, "sailor-attacker-1")
    put(g, ex, 60)
    s.mode.after_damage(g, ex, 0, source=None, source_troop=0)
    s.mode.after_damage(g, ex, 2, source=None, source_troop=None)
    s.mode.after_damage(g, ex, 2, source=None, source_troop=1)  # its own troop
    s.mode.after_damage(g, ex, 2, source=None, source_troop=3)  # its own ships
    s.mode.after_damage(g, ex, 2, source=None, source_troop=4)  # a crocodile
    assert s.left == [nau.TRACKS[0]] * 2
    s.mode.after_damage(g, ex, 1, source=None, source_troop=2)  # the player's ship
    assert s.left[0] == nau.TRACKS[0] - 1
    assert last(g) == [f"kunlun (red) loses 1 crowd favor (Exploit of {ex.name}), {nau.TRACKS[0] - 1} space(s) above the event"]
    other = sailor(g, "sailor-beast-2")  # no Exploit
    put(g, other, 62 if 62 not in s.platform_hexes else 63)
    s.mode.after_damage(g, other, 2, source=None, source_troop=0)
    assert s.left[0] == nau.TRACKS[0] - 1


def test_exploit_even_when_fatal_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    ex = sailor(g, "sailor-attacker-1")
    put(g, ex, 60)
    hp = ex.hp
    rules.damage(g, ex, hp, source_troop=0)
    assert hp < nau.TRACKS[0] and ex.zone != COMBAT and s.left[0] == nau.TRACKS[0] - hp


# --------------------------------------------------------------------------- the hero and the goal (NAU-2, NAU-34)


def test_defeating_a_unit_that_is_not_the_hero_ends_nothing_NAU_2():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    u = water_unit(g, 0, 60)
    rules.damage(g, u, u.hp, source_troop=1)
    assert u.zone != COMBAT and s.end_reason is None and s.winner is None


def test_the_heros_defeat_ends_for_the_other_seat_either_way_NAU_2():
    g = new(("kunlun",))
    s = g.state
    hero = s.units[s.hero[0]]
    nau.put_in_water(g, hero, 60, "test")
    rules.damage(g, hero, hero.hp, source_troop=1)
    assert s.end_reason == "hero defeated" and s.winner == 1
    assert s.mode.end_text(g, "hero defeated", 1) == "Game over: hero defeated; rival (blue) wins"
    assert s.mode.end_text(g, "round cap", None) == "Game over: round cap"


def test_the_hero_enters_once_only_NAU_34():
    g = new(("kunlun",))
    s = g.state
    hero = s.units[s.hero[0]]
    nau.hero_enters(g, 0)
    h, hp, supply = hero.hex, hero.hp, dict(s.supply)
    n = len(s.log)
    nau.hero_enters(g, 0)
    assert hero.hex == h and hero.hp == hp and s.supply == supply and len(s.log) == n and hero.times_deployed == 1


def test_the_hero_enters_on_its_home_hex_narrated_NAU_34():
    g = new(("kunlun", "amazons"))
    s = g.state
    hero = s.units[s.hero[0]]
    home = s.grid.tagged("deploy-red")[0]
    red = s.supply["red"]
    nau.hero_enters(g, 0)
    assert hero.hex == home and s.board[home] == hero.uid and hero.zone == COMBAT and hero in s.in_combat(0)
    assert hero.hp == hero.unit.health and s.supply["red"] == red - hero.unit.health and hero.entered
    assert s.troops[0].deployed == 1 and hero.times_deployed == 1 and hero.hp_gained == 0
    assert last(g) == [f"{hero.name} (red) enters combat (the fourth crowd favor event): on hex {home} with {hero.hp} HP"]


def test_the_hero_next_to_its_blocked_home_asks_among_equals_NAU_34():
    """Closest free hex to the blocked deployment hex; several equally close: the controlling player chooses
    (competitive: the hero's own seat, "hero-hex"; solo, for the rival's hero: the player, "rival-hero-hex")."""
    pick = lambda o: o[-1]
    a, b = Script(hero_hex=pick), Script(hero_hex=pick)
    cls = mode_class("naumachia")
    spec = cls.validate(CAT, GameSpec("naumachia", ("kunlun", "amazons")))
    g = cls.new_game(CAT, spec, [a, b], rng=np.random.default_rng(0), log=True)
    s = g.state
    home = s.grid.tagged("deploy-blue")[0]
    water_unit(g, 0, home)
    nau.hero_enters(g, 1)
    (asked,) = [(t, o) for t, d, o in b.asked if d == "hero-hex"]
    want = [h for h in range(s.grid.n) if s.grid.dist[home][h] == 1 and s.board[h] < 0 or h == s.units[s.hero[1]].hex]
    assert asked[0] == 1 and sorted(asked[1]) == sorted(want) and len(want) > 1
    assert s.units[s.hero[1]].hex == asked[1][-1] and not [d for _, d, _ in a.asked if d == "hero-hex"]
    # solo: the player chooses the rival hero's hex
    p = Script(rival_hero_hex=pick)
    g = new(("kunlun",), ctrl=p)
    s = g.state
    home = s.grid.tagged("deploy-blue")[0]
    water_unit(g, 0, home)
    nau.hero_enters(g, 1)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "rival-hero-hex"]
    assert asked[0] == 0 and s.units[s.hero[1]].hex == asked[1][-1]
    assert s.grid.dist[home][asked[1][-1]] == 1


def test_the_hero_with_no_hex_or_no_health_cannot_enter_and_its_troop_loses_R_PW_17_NAU_34():
    g = new(("kunlun", "amazons"))
    s = g.state
    s.supply["blue"] = 0
    nau.hero_enters(g, 1)
    assert s.units[s.hero[1]].zone == DISCARD and s.end_reason == "hero defeated" and s.winner == 0
    g = new(("kunlun", "amazons"))
    s = g.state
    for h in range(s.grid.n):
        if s.board[h] < 0:
            s.board[h] = 10_000  # every hex taken (a test's set-up)
    nau.hero_enters(g, 0)
    assert s.end_reason == "hero defeated" and s.winner == 1 and s.units[s.hero[0]].zone == CAMP


def _off_ship(g):
    """The last crewman of seat a's first ship, taken off its crew (not yet anywhere): a unit to put in the water."""
    ship = ships(g, 0)[0]
    u = crew(g, ship)[-1]
    g.state.crew[ship.uid].remove(u.uid)
    return u


def _put_with_supply(chips: int):
    """A cleared solo game where a unit off its ship is put in the water on hex 60 with `chips` red health
    chips left in the supply: (game, unit)."""
    g = new(("kunlun",))
    clear(g)
    u = _off_ship(g)
    g.state.supply["red"] = chips
    nau.put_in_water(g, u, 60, "is put")
    return g, u


def test_put_in_water_takes_what_the_supply_holds_or_discards_NAU_33():
    g, u = _put_with_supply(2)
    s = g.state
    assert u.hp == 2 and s.supply["red"] == 0 and u.zone == COMBAT and s.board[60] == u.uid
    assert last(g) == [f"{u.name} (red) is put: on hex 60 with 2 HP"]
    v = crew(g, ships(g, 0)[0])[-1]
    s.crew[ships(g, 0)[0].uid].remove(v.uid)
    nau.put_in_water(g, v, 61, "is put")
    assert v.zone == DISCARD and s.board[61] < 0 and v not in s.in_combat()
    assert last(g) == [f"{v.name} is put but no health chip is left: it is discarded"]


# --------------------------------------------------------------------------- dislodging (NAU-33, NAU-43, NAU-21)


def test_the_player_chooses_which_ship_loses_its_captain_a_lone_ship_is_not_asked_NAU_33():
    p = Script(dislodge=lambda o: o[1])
    g = new(("kunlun",), ctrl=p)
    s = g.state
    a, b = ships(g, 0)
    top = crew(g, b)[0]
    nau.dislodge(g, 0)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "dislodge"]
    assert asked == (0, [a.uid, b.uid]) and top.zone == COMBAT and len(s.crew[b.uid]) == 3
    assert s.dislodged[0] == 1
    while b.uid in s.ships[0]:
        nau.dislodge(g, 0)
    p.asked.clear()
    first = crew(g, a)[0]
    nau.dislodge(g, 0)
    assert not [d for _, d, _ in p.asked if d == "dislodge"] and first.zone == COMBAT and s.dislodged[0] == 5


def test_the_rival_dislodges_from_its_fuller_ship_ties_asked_of_the_player_NAU_43():
    p = Script(rival_dislodge=lambda o: o[1])
    g = new(("kunlun",), ctrl=p)
    s = g.state
    a, b = ships(g, 1)
    top = crew(g, b)[0]
    nau.dislodge(g, 1)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "rival-dislodge"]
    assert asked == (0, [a.uid, b.uid]) and top.zone == COMBAT and len(s.crew[b.uid]) == 3
    p.asked.clear()
    top = crew(g, a)[0]
    nau.dislodge(g, 1)  # a has 4, b 3: not asked
    assert not [d for _, d, _ in p.asked if d == "rival-dislodge"] and top.zone == COMBAT
    assert len(s.crew[a.uid]) == 3 and not [d for _, d, _ in p.asked if d == "dislodge"]


def test_the_dislodged_captain_goes_to_the_closest_free_hex_ties_by_the_controlling_player_NAU_33():
    p = Script(dislodge_hex=lambda o: o[-1])
    g = new(("kunlun",), ctrl=p)
    s = g.state
    clear(g)
    a, b = ships(g, 0)
    put(g, a, 60)
    top = crew(g, a)[0]
    name = a.name
    nau.dislodge(g, 0)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "dislodge-hex"]
    want = sorted(h for h in s.grid.within(60, 1) if h != 60)
    assert asked[0] == 0 and sorted(asked[1]) == want and top.hex == asked[1][-1]
    assert last(g) == [f"{top.name} (red) is dislodged from {name}: on hex {top.hex} with {top.hp} HP"]


def test_the_rival_captains_hex_among_equals_is_the_players_choice_NAU_33():
    p = Script(rival_dislodge_hex=lambda o: o[-1])
    g = new(("kunlun",), ctrl=p)
    s = g.state
    clear(g)
    a, b = ships(g, 1)
    s.crew[b.uid].pop()
    put(g, a, 60)
    top = crew(g, a)[0]
    nau.dislodge(g, 1)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "rival-dislodge-hex"]
    assert asked[0] == 0 and top.hex == asked[1][-1] and s.grid.dist[60][top.hex] == 1
    assert not [d for _, d, _ in p.asked if d == "dislodge-hex"]


def test_competitive_each_seat_chooses_its_own_captains_hex_NAU_33():
    a, b = Script(dislodge_hex=lambda o: o[0]), Script(dislodge_hex=lambda o: o[-1], dislodge=lambda o: o[0])
    cls = mode_class("naumachia")
    spec = cls.validate(CAT, GameSpec("naumachia", ("kunlun", "amazons")))
    g = cls.new_game(CAT, spec, [a, b], rng=np.random.default_rng(0), log=True)
    clear(g)
    sh = ships(g, 1)[0]
    put(g, sh, 60)
    top = crew(g, sh)[0]
    nau.dislodge(g, 1)
    (asked,) = [(t, o) for t, d, o in b.asked if d == "dislodge-hex"]
    assert asked[0] == 1 and top.hex == asked[1][-1] and not a.asked


def test_a_single_closest_free_hex_is_taken_without_asking_NAU_33():
    p = Script()
    g = new(("kunlun",), ctrl=p)
    s = g.state
    clear(g)
    a, b = ships(g, 0)
    put(g, a, 0)  # a corner: fill all its neighbours but one
    nbrs = sorted(h for h in s.grid.neighbours[0])
    for h in nbrs[1:]:
        s.board[h] = 10_000
    top = crew(g, a)[0]
    nau.dislodge(g, 0)
    assert top.hex == nbrs[0] and not [d for _, d, _ in p.asked if d == "dislodge-hex"]


def test_with_no_free_hex_the_captain_is_discarded_NAU_33():
    g = new(("kunlun",))
    s = g.state
    for h in range(s.grid.n):
        if s.board[h] < 0:
            s.board[h] = 10_000
    b = ships(g, 0)[0]  # the player's default: the first ship offered
    top = crew(g, b)[0]
    nau.dislodge(g, 0)
    assert top.zone == DISCARD and top.hex < 0 and s.dislodged[0] == 1 and nau.captain_of(s, b.uid) is crew(g, b)[0]


def test_a_ship_that_loses_its_last_crewmember_leaves_narrated_NAU_21():
    g = new(("kunlun",), ctrl=Script(dislodge=lambda o: o[0]))
    s = g.state
    sh = ships(g, 0)[0]
    h = sh.hex
    for _ in range(4):
        nau.dislodge(g, 0)
    assert f"{sh.name} has no crew left and leaves the arena" in s.log
    assert s.supply[nau.SHIPS] == 1 and sh.hp == 0 and sh.hex == -1 and s.board[h] < 0
    assert s.ships[0] == [ships(g, 0)[0].uid] and len(s.ships[0]) == 1


def test_an_event_with_no_ship_left_dislodges_nothing_NAU_33():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    s.ships[0] = []
    nau.lose_favor(g, 0, s.left[0], "test")
    assert s.events[0] == 1 and s.dislodged[0] == 0


# --------------------------------------------------------------------------- the result and the objective


def test_the_result_names_the_winner_and_counts_per_seat():
    g = new(("kunlun", "amazons"), first=1)
    s = g.state
    neutral(g)
    nau.lose_favor(g, 1, s.left[1], "test")  # one event: a captain dislodged
    s.troops[0].damage_dealt, s.troops[2].damage_dealt, s.ship_damage[0] = 3, 4, 5
    s.troops[0].kills, s.troops[2].kills, s.troops[0].units_lost = 1, 2, 7
    s.favor_gained[0], s.tactics_played[0], s.tactics_gained[0], s.pivots[0] = 2, 1, 3, 4
    nau.hero_enters(g, 0)
    s.mode.end(g, "hero defeated", 0)
    res = s.mode.result(g, g.spec if hasattr(g, "spec") else None)
    assert res.mode == "naumachia" and res.arena == nau.ARENA and res.factions == ("kunlun", "amazons")
    assert res.end_reason == "hero defeated" and res.first_player == 1 and res.rounds == s.round
    a, b = res.troops
    assert (a.outcome, b.outcome) == (WON, LOST) and (a.seat, b.seat) == (0, 1) and (a.team, b.team) == (0, 1)
    assert (a.faction, a.side, b.side) == ("kunlun", "red", "blue")
    assert a.units_deployed == 1 and b.units_deployed == 1  # the hero in; one dislodged captain
    assert a.damage_dealt == 12 and a.kills == 3 and a.units_lost == 7 and a.crowd_favor == 2 and a.rewards == 0
    assert a.extras == {"events": 0, "favor_lost": 0, "ship_damage": 5, "tactics_played": 1, "tactics_gained": 3,
                        "hero_in": True, "pivots": 4}
    assert b.extras["events"] == 1 and b.extras["favor_lost"] == nau.TRACKS[0] and b.extras["hero_in"] is False
    assert res.extras == {} and res.log is s.log
    assert {u.unit_id for u in res.units} >= {s.units[s.hero[0]].unit.id}


def test_the_solo_result_reports_the_rival_and_a_draw():
    g = new(("kunlun",))
    s = g.state
    res = s.mode.result(g, None)
    assert [t.outcome for t in res.troops] == [DRAW] and res.first_player == 0 and res.end_reason == "unfinished"
    assert res.extras["rival"].outcome == DRAW and res.extras["rival"].faction == "rival"
    assert res.extras["rival"].side == "blue" and res.extras["rival"].seat == 1
    s.mode.end(g, "hero defeated", 1)
    res = s.mode.result(g, None)
    assert [t.outcome for t in res.troops] == [LOST] and res.extras["rival"].outcome == WON
    g = new(("kunlun",))
    g.state.mode.end(g, "hero defeated", 0)
    res = g.state.mode.result(g, None)
    assert [t.outcome for t in res.troops] == [WON] and res.extras["rival"].outcome == LOST


def test_objective_is_favor_standing_against_the_other_seat():
    g = new(("kunlun", "amazons"))
    s = g.state
    s.events, s.left = [1, 2], [3, 5]
    # standing = -4 per event suffered + spaces left: seat a -4 + 3 = -1, seat b -8 + 5 = -3
    assert s.mode.objective(g, 0) == 2.0 and s.mode.objective(g, 2) == 2.0
    assert s.mode.objective(g, 1) == -2.0 and s.mode.objective(g, 3) == -2.0
    assert s.mode.objective(g, 4) == 0.0 and s.mode.objective(g, 5) == 0.0


# --------------------------------------------------------------------------- tactics (NAU-27..NAU-29, R-PW-19, R-PW-20)


def test_tactic_targets_by_each_stand_in_text_anywhere_NAU_29():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    croc = next(u for u in s.units if nau.is_croc(u))
    put(g, croc, 60)
    mine = water_unit(g, 0, 20)
    theirs = sailor(g, "sailor-defender-2")
    put(g, theirs, 24)
    tt = s.mode.tactic_targets
    assert tt(s, 0, "anchor") == ships(g, 1) and tt(s, 0, "foul-wind") == ships(g, 1)
    assert tt(s, 1, "anchor") == ships(g, 0)
    assert tt(s, 0, "rupture") == ships(g, 0) and tt(s, 1, "rupture") == ships(g, 1)
    assert tt(s, 0, "bait") == [croc] and tt(s, 1, "befriended") == [croc]
    assert {u.uid for u in tt(s, 0, "netted")} == {croc.uid, theirs.uid}
    assert {u.uid for u in tt(s, 1, "netted")} == {croc.uid, mine.uid}
    with pytest.raises(KeyError, match="nothing"):
        tt(s, 0, "nothing")


def test_the_tactic_step_offers_every_held_tactic_on_every_target_and_may_pass_NAU_29():
    p = Script()
    g = new(("kunlun",), ctrl=p)
    s = g.state
    s.mode.tactic_step(g, 0)
    assert not [d for _, d, _ in p.asked if d == "sea-tactic"]  # nothing held: not asked
    s.camp[0] = ["rupture", "anchor"]
    for t in s.camp[0]:
        s.tactic_supply.remove(t)
    s.mode.tactic_step(g, 0)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "sea-tactic"]
    want = [(0, u.uid) for u in ships(g, 0)] + [(1, u.uid) for u in ships(g, 1)]
    assert asked == (0, want)
    assert s.camp[0] == ["rupture", "anchor"] and s.effects == [] and s.tactics_played[0] == 0  # passed
    p.answers["sea_tactic"] = lambda o: o[-1]
    s.mode.tactic_step(g, 0)
    assert s.camp[0] == ["rupture"] and s.effects == [("anchor", ships(g, 1)[1].uid, 0, s.turn)]


def test_playing_a_tactic_narrated_counted_back_to_the_supply_R_PW_19():
    g = new(("kunlun",))
    s = g.state
    s.camp[0] = ["rupture"]
    s.tactic_supply.remove("rupture")
    sh = ships(g, 0)[0]
    blue = sh.unit.attack.counts[BLUE]
    s.mode.play_tactic(g, 0, 0, sh)
    assert last(g) == [f"kunlun (red) plays rupture on {sh.name}: {nau.TACTIC_TEXT['rupture']}"]
    assert s.tactics_played == [1, 0] and s.tactic_supply[-1] == "rupture" and s.camp[0] == []
    assert sh.unit.attack.counts[BLUE] == blue + 1  # Rupture: a blue die more


def test_foul_wind_blows_the_ship_and_leaves_no_effect_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    sh = ships(g, 0)[0]
    put(g, sh, 58)
    s.camp[1] = ["foul-wind"]
    s.tactic_supply.remove("foul-wind")
    s.mode.play_tactic(g, 1, 0, sh)
    assert s.effects == [] and sh.hex != 58
    assert f"{sh.name} is blown from hex 58 to hex " in " ".join(s.log)


def test_bait_netted_and_the_effects_ending_at_the_placers_next_turn_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    croc = next(u for u in s.units if nau.is_croc(u))
    put(g, croc, 60)
    base = rules.movement_of(s, croc)
    s.effects.append(("bait", croc.uid, 0, s.turn))
    nau.refresh(s)
    assert rules.movement_of(s, croc) == base + nau.BAIT_MOVEMENT
    u = water_unit(g, 0, 20)
    assert rules.movement_of(s, u) > 0
    s.effects.append(("netted", u.uid, 1, s.turn))
    nau.refresh(s)
    assert rules.movement_of(s, u) == 0
    s.mode.start(g, 0)  # seat a's turn: its Bait ends, the rival's Netted stays
    assert [e[0] for e in s.effects] == ["netted"] and rules.movement_of(s, u) == 0
    s.mode.start(g, 1)
    assert s.effects == [] and rules.movement_of(s, u) == printed_chip(u.unit).movement


def test_anchor_and_rupture_only_on_their_own_target_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    a, b = ships(g, 0)
    ma, mb = a.unit.movement, b.unit.movement
    s.effects.append(("anchor", a.uid, 1, s.turn))
    s.effects.append(("rupture", b.uid, 0, s.turn))
    nau.refresh(s)
    assert a.unit.movement == 0 and b.unit.movement == mb
    assert a.unit.attack.counts[BLUE] == nau.ship_chip(printed_chip(crew(g, a)[0].unit), 3,
                                                        attacker=nau.class_of(crew(g, a)[0].unit) == "attacker").attack.counts[BLUE]
    s.effects.clear()
    nau.refresh(s)
    assert a.unit.movement == ma


def test_check_platforms_counts_only_the_troops_own_units_on_platforms_narrated_NAU_27():
    g = new(("kunlun",), seed=5)
    s = g.state
    clear(g)
    neutral(g)
    ps = sorted(s.platform_hexes)
    theirs = sailor(g, "sailor-beast-1")
    put(g, theirs, ps[0])
    s.mode.check_platforms(g, 0)
    assert s.camp[0] == [] and s.tactics_gained == [0, 0]
    water_unit(g, 0, ps[1])
    s.mode.check_platforms(g, 0)
    (got,) = s.camp[0]
    assert s.tactics_gained == [1, 0] and got not in s.tactic_supply and len(s.tactic_supply) == 5
    assert last(g) == [f"kunlun (red) gains the tactic {got}"]


def test_check_platforms_with_an_empty_supply_gains_nothing_NAU_27():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    water_unit(g, 0, min(s.platform_hexes))
    s.tactic_supply.clear()
    s.mode.check_platforms(g, 0)
    assert s.camp[0] == [] and s.tactics_gained == [0, 0]


def test_a_tactician_gains_two_per_platform_up_to_the_capacity_R_PW_19_NAU_28():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    captain(g, ships(g, 0)[1], chip("tactician"))
    water_unit(g, 0, min(s.platform_hexes))
    s.camp[0] = ["anchor"]
    s.tactic_supply.remove("anchor")
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == nau.CAPACITY and s.tactics_gained[0] == 1
    # the rival troop's Tactician (Charon is no captain) does not count for seat a
    g = new(("kunlun",))
    s = g.state
    clear(g)
    neutral(g)
    captain(g, ships(g, 1)[0], chip("tactician"))
    water_unit(g, 0, min(s.platform_hexes))
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == 1


def test_the_rival_plays_one_tactic_on_a_tie_the_player_chooses_NAU_39():
    p = Script(rival_tactic=lambda o: o[-1])
    p.rival_decisions = ("rival-tactic",)
    g = new(("kunlun",), ctrl=p)
    s = g.state
    neutral(g)
    s.camp[1] = ["anchor", "rupture"]
    for t in s.camp[1]:
        s.tactic_supply.remove(t)
    a, b = ships(g, 0)
    assert rules.movement_of(s, a) == rules.movement_of(s, b)  # both Beast captains: equal
    s.mode.rival_tactic(g, 1)
    (asked,) = [(t, o) for t, d, o in p.asked if d == "rival-tactic"]
    assert asked == (0, [a.uid, b.uid]) and s.effects == [("anchor", b.uid, 1, s.turn)]
    assert s.camp[1] == ["rupture"] and s.tactics_played[1] == 1


def test_the_rival_with_no_placeable_tactic_plays_none_NAU_39():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    s.camp[1] = ["bait", "befriended"]  # no crocodile
    for t in s.camp[1]:
        s.tactic_supply.remove(t)
    s.mode.rival_tactic(g, 1)
    assert s.camp[1] == ["bait", "befriended"] and s.effects == [] and s.tactics_played == [0, 0]


# --------------------------------------------------------------------------- the rival's targeting table (NAU-40)


def test_rival_anchor_the_slowest_opposing_ship_ties_all_returned_NAU_40():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    a, b = ships(g, 0)
    captain(g, a, replace(chip("beast"), movement=3))
    captain(g, b, replace(chip("beast"), movement=1))
    assert nau.rival_tactic_targets(s, 1, "anchor") == [b]
    captain(g, a, replace(chip("beast"), movement=1))
    assert nau.rival_tactic_targets(s, 1, "anchor") == [a, b]
    assert nau.rival_tactic_targets(s, 0, "anchor") == ships(g, 1)  # seat a's view: the rival's ships


def test_rival_rupture_its_own_ship_with_the_smallest_crew_NAU_40():
    g = new(("kunlun",))
    s = g.state
    ra, rb = ships(g, 1)
    assert nau.rival_tactic_targets(s, 1, "rupture") == [ra, rb]
    s.crew[ra.uid].pop()
    assert nau.rival_tactic_targets(s, 1, "rupture") == [ra]


def test_rival_bait_the_crocodile_nearest_a_player_unit_or_ship_NAU_40():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    c1, c2 = [u for u in s.units if nau.is_croc(u)][:2]
    put(g, c1, 60)
    put(g, c2, 30)
    sh = ships(g, 0)[0]
    put(g, sh, 59)  # next to c1
    assert nau.rival_tactic_targets(s, 1, "bait") == [c1]
    u = water_unit(g, 0, 31)  # a unit next to c2: both at 1
    assert nau.rival_tactic_targets(s, 1, "bait") == [c1, c2]
    # a rival unit near a crocodile does not count
    remove(g, u)
    put(g, sailor(g, "sailor-defender-2"), 31)
    assert nau.rival_tactic_targets(s, 1, "bait") == [c1]


def test_rival_bait_with_no_player_piece_has_no_target_NAU_40():
    g = new(("kunlun",))
    s = g.state
    for sh in ships(g, 0):
        remove(g, sh)
    assert crocs(g) and nau.rival_tactic_targets(s, 1, "bait") == []


def test_rival_befriended_the_crocodile_nearest_a_player_unit_not_a_ship_NAU_40():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    c1, c2 = [u for u in s.units if nau.is_croc(u)][:2]
    put(g, c1, 60)
    put(g, c2, 30)
    assert nau.rival_tactic_targets(s, 1, "befriended") == []  # only ships: no target
    put(g, ships(g, 0)[0], 59)
    water_unit(g, 0, 31)
    assert nau.rival_tactic_targets(s, 1, "befriended") == [c2]


def test_rival_netted_the_opponent_in_the_water_with_the_most_hp_NAU_40():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    u1 = water_unit(g, 0, 20)
    u2 = water_unit(g, 0, 24)
    own = sailor(g, "sailor-defender-2")
    put(g, own, 30)
    own.hp = 50  # its own unit, however strong, is never a target
    u1.hp, u2.hp = 3, 2
    assert nau.rival_tactic_targets(s, 1, "netted") == [u1]
    u2.hp = 3
    assert nau.rival_tactic_targets(s, 1, "netted") == [u1, u2]


def test_rival_foul_wind_the_opposing_ship_farthest_from_every_start_NAU_40():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    a, b = ships(g, 0)
    starts = s.grid.tagged("ship-start")
    d = {h: min(s.grid.dist[h][x] for x in starts) for h in range(s.grid.n) if s.board[h] < 0
         and h not in s.platform_hexes}
    far, near = max(d, key=d.get), min(d, key=d.get)
    put(g, a, near)
    put(g, b, far)
    assert d[far] > d[near] and nau.rival_tactic_targets(s, 1, "foul-wind") == [b]
    with pytest.raises(KeyError, match="nothing"):
        nau.rival_tactic_targets(s, 1, "nothing")


def test_foul_wind_steps_to_the_lowest_closer_neighbour_and_stops_at_a_start_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    sh = ships(g, 0)[0]
    starts = s.grid.tagged("ship-start")
    dmin = lambda h: min(s.grid.dist[h][x] for x in starts)
    src = next(h for h in range(s.grid.n) if dmin(h) == 1 and s.board[h] < 0 and h not in s.platform_hexes)
    put(g, sh, src)
    closer = sorted(n for n in s.grid.neighbours[src] if dmin(n) == 0 and s.board[n] < 0)
    nau.blow(g, sh)
    assert sh.hex == closer[0] and s.board[closer[0]] == sh.uid and s.board[src] < 0
    assert last(g) == [f"{sh.name} is blown from hex {src} to hex {closer[0]}"]  # one step: then on a start


def test_foul_wind_goes_around_a_blocked_neighbour_and_stops_when_walled_in_R_PW_20():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    sh = ships(g, 0)[0]
    starts = s.grid.tagged("ship-start")
    dmin = lambda h: min(s.grid.dist[h][x] for x in starts)
    src = next(h for h in range(s.grid.n) if dmin(h) == 3 and s.board[h] < 0 and h not in s.platform_hexes
               and len([n for n in s.grid.neighbours[h] if dmin(n) == 2 and s.board[n] < 0
                        and n not in s.platform_hexes]) >= 2)
    put(g, sh, src)
    closer = sorted(n for n in s.grid.neighbours[src] if dmin(n) == 2)
    s.board[closer[0]] = 10_000
    nau.blow(g, sh)
    assert dmin(sh.hex) == 1 and s.grid.dist[src][sh.hex] == 2
    first = [line for line in s.log if "is blown" in line][0]
    assert first == f"{sh.name} is blown from hex {src} to hex {closer[1]}"
    # walled in: every closer neighbour taken, the ship stays
    h = sh.hex
    for n in s.grid.neighbours[h]:
        if s.board[n] < 0:
            s.board[n] = 10_000
    nau.blow(g, sh)
    assert sh.hex == h


# --------------------------------------------------------------------------- set-up (NAU-1, NAU-9..NAU-14)


def _setup(factions, seed=0, first=None, log=True):
    spec = GameSpec("naumachia", tuple(factions), first=first)
    return nau.setup(CAT, spec, rng=np.random.default_rng(seed), log=log)


def test_setup_troops_seats_teams_and_supplies_NAU_9_NAU_22():
    s = _setup(("kunlun", "amazons"), first=1)
    got = [(t.index, t.side, t.faction, t.health, t.tactics_camp) for t in s.troops]
    assert got == [(0, "red", "kunlun", "", []), (1, "blue", "amazons", "", []),
                   (2, "red", "kunlun", nau.SHIPS, []), (3, "blue", "amazons", nau.SHIPS, []),
                   (4, "red", "crocodile", "red", []), (5, "blue", "crocodile", "blue", [])]
    assert s.teams == [0, 1, 0, 1, 2, 2] and s.players == [0, 1] and not s.solo and s.rival_troop == -1
    assert s.order == [1, 0] and _setup(("kunlun", "amazons"), first=0).order == [0, 1]
    chips = dict(CAT.game.health_chips)
    assert s.supply_start == {**chips, nau.SHIPS: 4}
    # each ship holds one chip of its own supply; the crocodiles' HP comes from their colours' supplies
    red = sum(u.unit.health for u in s.units if u.zone == COMBAT and u.troop == 4)
    blue = sum(u.unit.health for u in s.units if u.zone == COMBAT and u.troop == 5)
    assert s.supply == {"red": chips["red"] - red, "blue": chips["blue"] - blue, nau.SHIPS: 0}
    assert s.track == [0, 0] and s.left == [nau.TRACKS[0]] * 2 and s.events == [0, 0]
    assert s.favor_lost == s.favor_gained == s.ship_damage == s.tactics_gained == s.tactics_played == [0, 0]
    assert s.pivots == s.dislodged == [0, 0] and s.camp == [[], []] and s.effects == []
    assert s.tactic_supply == list(nau.TACTICS) and s.platform_hexes == frozenset(s.grid.tagged("platform"))
    assert s.log is not None and _setup(("kunlun",), log=False).log is None


def test_setup_solo_the_rival_is_blue_plays_first_NAU_9_NAU_12():
    s = _setup(("kunlun",))
    assert s.solo and s.rival_troop == 1 and s.players == [0] and s.order == [1, 0]
    assert [t.faction for t in s.troops] == ["kunlun", "rival", "kunlun", "rival", "crocodile", "crocodile"]
    assert s.log[0] == "Set-up: Naumachia on the Flooded Colosseum, solo: kunlun (red) against the Sailors of the Dead (blue)"
    s2 = _setup(("kunlun", "amazons"))
    assert s2.log[0] == "Set-up: Naumachia on the Flooded Colosseum, kunlun (red) against amazons (blue)"


def test_setup_competitive_order_drawn_from_the_rng_NAU_12():
    firsts = [int(np.random.default_rng(k).integers(2)) for k in range(6)]
    assert [_setup(("kunlun", "amazons"), seed=k).order for k in range(6)] == [[f, 1 - f] for f in firsts]


def test_setup_heroes_crews_and_ships_NAU_13_NAU_14():
    s = _setup(("kunlun", "amazons"))
    for seat, fac in ((0, "kunlun"), (1, "amazons")):
        hero_chip, units = nau.troop_chips(CAT, fac)
        hero = s.units[s.hero[seat]]
        assert hero.unit is hero_chip and hero.troop == seat and hero.zone == CAMP and hero.is_primary_hero
        side = s.troops[seat].side
        parts = nau.crew_order(units)
        starts = s.grid.tagged(f"ship-start-{side}")
        assert len(s.ships[seat]) == 2
        for k, (sh_uid, part, hx) in enumerate(zip(s.ships[seat], parts, starts), start=1):
            sh = s.units[sh_uid]
            assert sh.troop == seat + 2 and sh.hex == hx and s.board[hx] == sh_uid and sh.zone == COMBAT
            assert sh.unit.id == f"ship-{side}-{k}" and sh.hp == 1 and sh.unit.kind == "ship"
            members = [s.units[i] for i in s.crew[sh_uid]]
            assert [m.unit for m in members] == part
            assert all(m.zone == nau.CREW_ZONE and m.troop == seat and not m.is_primary_hero for m in members)
            assert sh.unit.name == f"{side.capitalize()} ship {k} ({part[0].name})"
            assert f"{sh.unit.name}: crew " + ", ".join(m.name for m in members) in s.log
    assert [u.uid for u in s.units] == list(range(len(s.units)))
    assert [s.units[i].troop for i in range(22)] == [0] * 5 + [2] + [0] * 4 + [2] + [1] * 5 + [3] + [1] * 4 + [3]


def test_setup_crocodiles_two_of_each_colour_at_random_on_their_hexes_R_PW_15_NAU_14():
    crocs_by_id = sorted((u for u in CAT.units.values() if u.kind == "crocodile"), key=lambda u: u.id)
    for seed in (0, 3):
        s = _setup(("kunlun",), seed=seed)
        perm = list(np.random.default_rng(seed).permutation(4))
        cs = [u for u in s.units if u.unit.kind == "crocodile"]
        assert [c.unit for c in cs] == [crocs_by_id[i] for i in perm]
        assert [c.troop for c in cs] == [4, 4, 5, 5] and [c.hex for c in cs] == list(s.grid.tagged("croc-start"))
        assert all(c.hp == c.unit.health and c.zone == COMBAT for c in cs)


def test_troop_chips_and_crew_order_R_PW_15_NAU_13():
    hero, sailors = nau.troop_chips(CAT, None)
    assert hero.id == "charon" and [u.id for u in sailors] == sorted(u.id for u in CAT.units.values()
                                                                        if u.kind == "sailor")
    hero, units = nau.troop_chips(CAT, "kunlun")
    assert hero.id == CAT.faction("kunlun").hero
    ranked = sorted((u for u in CAT.units.values() if u.kind == "unit" and u.faction == "kunlun"),
                    key=lambda c: (-unit_value(c), c.id))
    assert units == ranked[:nau.CREW] and len(ranked) > nau.CREW
    a, b = nau.crew_order(list(reversed(units)))
    assert a == units[0::2] and b == units[1::2]


def test_own_chips_crocodiles_and_solo_the_sailors_NAU_3_NAU_13():
    crocs_ids = tuple(sorted(u.id for u in CAT.units.values() if u.kind == "crocodile"))
    assert nau.Naumachia.own_chips(CAT, ("kunlun", "amazons")) == crocs_ids
    hero, sailors = nau.troop_chips(CAT, None)
    assert nau.Naumachia.own_chips(CAT, ("kunlun", "rival")) == (*crocs_ids, "charon", *(u.id for u in sailors))


def test_new_game_controllers_solo_and_competitive_NAU_10_NAU_26():
    p = Script()
    g = new(("kunlun",), ctrl=p)
    c = g.controllers
    assert c[0] is p and c[2] is p and c[4] is c[5]
    for t, (mark, target) in ((1, (nau.UNIT_MARK, nau.UNIT_TARGET)), (3, (nau.SHIP_LIST, nau.SHIP_LIST)),
                              (4, (nau.CROC_LIST, nau.CROC_LIST))):
        assert isinstance(c[t], nau.NaumachiaRival) and c[t].marking == mark and c[t].targeting == target
        assert c[t].players is p and c[t].players_troop == 0 and c[t].movement is None
    a, b = Script(), Script()
    cls = mode_class("naumachia")
    spec = cls.validate(CAT, GameSpec("naumachia", ("kunlun", "amazons")))
    g = cls.new_game(CAT, spec, [a, b], rng=np.random.default_rng(0))
    c = g.controllers
    assert c[0] is a and c[2] is a and c[1] is b and c[3] is b
    assert c[4].marking == c[4].targeting == c[5].marking == c[5].targeting == nau.CROC_LIST
    assert g.state.log is None and g.rng is not None


def test_ship_chip_stats_name_and_cache_NAU_18():
    cap = chip("defender")
    sh = nau.ship_chip(cap, 2, side="red", index=2)
    want = list(cap.attack.counts)
    want[YELLOW] += 2
    assert (sh.id, sh.name, sh.kind, sh.elite, sh.health, sh.skills) == (
        "ship-red-2", f"Red ship 2 ({cap.name})", "ship", False, 1, ())
    assert sh.movement == 3 * cap.movement and sh.range == cap.range and list(sh.attack.counts) == want
    assert nau.ship_chip(cap, 2, side="red", index=2) is sh
    assert nau.ship_chip(cap, 2, side="red", index=1) is not sh and nau.ship_chip(cap, 1, side="red", index=2) is not sh
    att = nau.ship_chip(cap, 2, attacker=True, extra_range=3, anchored=True, rupture=True, side="blue", index=1)
    want = list(cap.attack.counts)
    want[BLUE] += 3
    assert att.movement == 0 and att.range == cap.range + 3 and list(att.attack.counts) == want
    assert att.name == f"Blue ship 1 ({cap.name})"


# --------------------------------------------------------------------------- the rival's and the crocodiles' turns (NAU-47, NAU-48)


def test_the_crocodiles_engage_step_attacks_with_each_once_NAU_48():
    g = new(("kunlun",), roller=FixedRoller([1] * 200))
    s = g.state
    clear(g)
    c1, c2 = [u for u in s.units if nau.is_croc(u) and u.troop == 4][:2]
    put(g, c1, 60)
    u = water_unit(g, 0, 61)
    put(g, c2, next(h for h in free_near(g, 61) if h != 60))
    hp = u.hp
    dict(s.mode.croc_turn(g, 4).steps)["engage"]()
    assert c1.engaged_turn == s.turn and c2.engaged_turn == s.turn and u.hp < hp


def test_the_rival_turn_runs_its_steps_NAU_47():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    steps = dict(s.mode.turn_of(g, 1).steps)
    s.effects.append(("anchor", ships(g, 0)[0].uid, 1, s.turn))
    steps["start"]()
    assert s.effects == []
    s.camp[1] = ["anchor"]
    s.tactic_supply.remove("anchor")
    steps["tactic"]()
    assert s.camp[1] == [] and s.tactics_played[1] == 1
    before = {sh.uid: sh.hex for sh in ships(g, 1)}
    steps["movement"]()
    assert any(sh.hex != before[sh.uid] for sh in ships(g, 1))
    u = sailor(g, "sailor-beast-1")
    put(g, u, min(s.platform_hexes))
    steps["platforms"]()
    assert len(s.camp[1]) == 1


# --------------------------------------------------------------------------- in the water (NAU-15)


def test_in_the_water_means_in_combat_and_no_ship_NAU_15():
    """Units and opponents are only pieces in the water: a ship is none, nor is a crewmember on it; a crocodile
    and a unit put in the water are."""
    g = new(("kunlun",))
    sh = ships(g, 0)[0]
    member = crew(g, sh)[-1]
    assert sh.zone == COMBAT and not nau.in_water(sh)
    assert member.unit.kind != "ship" and not nau.in_water(member)
    assert crocs(g) and all(nau.in_water(c) for c in crocs(g))
    put(g, member, free_near(g, 60)[0])
    assert nau.in_water(member)


# --------------------------------------------------------------------------- Sailors of the Dead skills (NAU-44)


def test_elude_only_near_an_opposing_ship_within_its_range_NAU_44():
    """Elude triggers within an opposing *ship's* Range (up to that Range, not one hex more); an opposing unit
    in the water next to it does not trigger it."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    el = sailor(g, "sailor-archer-1")
    put(g, el, 60)
    water_unit(g, 0, free_near(g, 60)[0])
    assert nau_skills._elude_options(g, el, None) == []
    sh = ships(g, 0)[0]
    r = rules.range_of(s, sh)
    at = lambda d: next(h for h in range(s.grid.n) if s.grid.dist[60][h] == d and s.board[h] < 0
                        and h not in s.platform_hexes)
    put(g, sh, at(r + 1))
    assert nau_skills._elude_options(g, el, None) == []
    put(g, sh, at(r))
    assert nau_skills._elude_options(g, el, None)


def test_elude_moves_up_to_five_hexes_by_a_free_path_NAU_44():
    """Elude's hexes: free ones up to 5 steps away (ELUDE), none 6 away, never an occupied one; the Special
    moves the unit there."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    el = sailor(g, "sailor-archer-1")
    put(g, el, 60)
    sh = ships(g, 0)[0]
    put(g, sh, free_near(g, 60)[0])
    other = water_unit(g, 0, free_near(g, 60, 2)[-1])
    opts = nau_skills._elude_options(g, el, None)
    hexes = [o[0] for o in opts]
    assert hexes == sorted(hexes) and all(len(o) == 1 for o in opts)
    dist = s.grid.dist[60]
    assert all(1 <= dist[h] <= nau.ELUDE for h in hexes) and any(dist[h] == nau.ELUDE for h in hexes)
    assert sh.hex not in hexes and other.hex not in hexes and 60 not in hexes
    assert set(free_near(g, 60)) <= set(hexes)
    dest = next(h for h in hexes if dist[h] == nau.ELUDE)
    s.mode.act(g, ("special", el.uid, "elude", (dest,)))
    assert el.hex == dest and s.board[dest] == el.uid and s.board[60] < 0 and el.engaged_turn == s.turn


def test_leech_is_the_holders_damage_narrated_and_heals_one_R_PW_21_NAU_44():
    """Leech (stand-in): 1 HP from the adjacent opponent, dealt by the holder (its damage counts for it and its
    troop), narrated as Leech; the holder heals 1, however much it is missing. Only opponents in the water next
    to it are offered: a ship is not, nor a unit two hexes away."""
    g, le = leech_in_water(2)
    s = g.state
    near, far = free_near(g, 60)[0], next(h for h in free_near(g, 60, 2) if s.grid.dist[60][h] == 2)
    foe = water_unit(g, 0, near)
    water_unit(g, 0, far, k=-2)
    put(g, ships(g, 0)[0], free_near(g, 60)[0])
    assert nau_skills._leech_options(g, le, None) == [(foe.uid,)]
    hp, dealt = foe.hp, s.troops[1].damage_dealt
    nau_skills._leech(g, le, None, (foe.uid,))
    assert foe.hp == hp - 1 and le.hp == le.unit.health - 1
    assert le.damage_dealt == 1 and s.troops[1].damage_dealt == dealt + 1
    assert f"{foe.name} (red) loses 1 HP (Leech), {foe.hp} left" in s.log


def test_guide_adds_its_die_to_allies_only_never_to_itself_opponents_or_ships_NAU_44():
    """Guide: the holder's allies add one yellow die; the holder itself does not, nor an opponent attacking,
    nor an allied ship (ships are not units, NAU-16)."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    al = sailor(g, "sailor-defender-2")
    put(g, al, 60)
    foe = water_unit(g, 0, free_near(g, 60)[0])
    sh = ships(g, 1)[0]
    put(g, sh, next(h for h in free_near(g, foe.hex) if h != 60))
    before = {k: rules.attack_profile(g, a, t)[0].counts[YELLOW] for k, (a, t) in
              {"foe": (foe, al), "ship": (sh, foe)}.items()}
    nau.hero_enters(g, 1)
    charon = s.units[s.hero[1]]
    assert rules.attack_profile(g, al, foe)[0].counts[YELLOW] == printed_chip(al.unit).attack.counts[YELLOW] + 1
    assert rules.attack_profile(g, charon, foe)[0].counts[YELLOW] == printed_chip(charon.unit).attack.counts[YELLOW]
    assert rules.attack_profile(g, foe, al)[0].counts[YELLOW] == before["foe"]
    assert rules.attack_profile(g, sh, foe)[0].counts[YELLOW] == before["ship"]


# --------------------------------------------------------------------------- Pivot (NAU-37)


def _salvager():
    """A solo game on a cleared board, every captain a Beast, seat 1's bead 3 spaces down (room for Salvage to
    give favor back) and the Sailor Tactician (Pivot) at hex 60: the game, the Sailor and seat 1's favor left."""
    g = new(("kunlun",))
    clear(g)
    neutral(g)
    nau.lose_favor(g, 1, 3, "test")
    sv = sailor(g, "sailor-tactician-1")
    put(g, sv, 60)
    return g, sv, g.state.left[1]


def test_salvage_needs_the_units_own_roll_of_this_turn_with_a_miss_and_fires_once_NAU_37():
    """Salvage follows the unit's own attack of this turn if that roll had at least one miss (a single miss is
    enough), once per roll; another unit's roll, or one of an earlier turn, triggers nothing."""
    g, sv, left = _salvager()
    s = g.state
    other = sailor(g, "sailor-archer-2")
    put(g, other, free_near(g, 60)[0])
    s.last_roll = (other.uid, s.turn, 2)
    nau.pivot(g, sv)
    s.last_roll = (sv.uid, s.turn - 1, 2)
    nau.pivot(g, sv)
    assert s.left[1] == left and s.pivots[1] == 0
    s.last_roll = (sv.uid, s.turn, 1)
    nau.pivot(g, sv)
    assert s.left[1] == left + 1 and s.pivots[1] == 1
    assert s.log[-2] == f"{sv.name} (blue) uses Salvage (Pivot: 1 miss(es))"
    assert s.log[-1] == f"rival (blue) gains 1 crowd favor (Salvage), {left + 1} space(s) above the event"
    nau.pivot(g, sv)  # the roll is used up
    assert s.left[1] == left + 1 and s.pivots[1] == 1
    s.last_roll = (sv.uid, s.turn, 3)  # a later roll: counted again
    nau.pivot(g, sv)
    assert s.left[1] == left + 2 and s.pivots[1] == 2


def test_salvage_needs_working_skills_and_the_unit_in_combat_NAU_37():
    g, sv, left = _salvager()
    s = g.state
    sv.active = False  # skills not working
    s.last_roll = (sv.uid, s.turn, 2)
    nau.pivot(g, sv)
    sv.active = True
    remove(g, sv)
    s.last_roll = (sv.uid, s.turn, 2)
    nau.pivot(g, sv)
    el = sailor(g, "sailor-archer-1")  # Elude: no Pivot skill
    put(g, el, 60)
    s.last_roll = (el.uid, s.turn, 2)
    nau.pivot(g, el)
    assert s.left[1] == left and s.pivots[1] == 0


def test_no_salvage_after_an_attack_that_ends_the_game_NAU_2_NAU_37():
    """The troop wins at once when the opposing hero is defeated: a Pivot of the winning attack comes too late."""
    g, sv, left = _salvager()
    s = g.state
    hero = s.units[s.hero[0]]
    nau.put_in_water(g, hero, free_near(g, 60)[0], "test")
    hero.hp = 1
    g.roller = FixedRoller([1] + [0] * (sv.unit.attack.size - 1))
    s.mode.act(g, ("attack", sv.uid, hero.uid))
    assert s.end_reason == "hero defeated" and s.winner == 1
    assert s.left[1] == left and s.pivots[1] == 0


def test_a_pivot_holder_rolls_die_by_die_every_other_attacker_at_once_NAU_37():
    """The Pivot holder's pool is rolled one die at a time, in colour order, the hits summed and the misses (dice
    with no hit) recorded for its Pivot; a unit without Pivot and a ship roll their pool at once."""
    g = new(("kunlun",))
    s = g.state
    sv = sailor(g, "sailor-tactician-1")
    pool = Pool((1, 2, 0, 1, 0))
    g.roller = FixedRoller([1, 0, 1, 0])
    assert s.mode.roll_attack(g, sv, pool) == 2
    dice = [Pool((1, 0, 0, 0, 0)), Pool((0, 1, 0, 0, 0)), Pool((0, 1, 0, 0, 0)), Pool((0, 0, 0, 1, 0))]
    assert g.roller.rolled == dice and s.last_roll == (sv.uid, s.turn, 2)
    s.last_roll = (-1, -1, 0)
    for attacker in (crew(g, ships(g, 0)[0])[0], ships(g, 0)[0], sailor(g, "sailor-archer-1")):
        g.roller = FixedRoller([3])
        assert s.mode.roll_attack(g, attacker, pool) == 3 and g.roller.rolled == [pool]
    assert s.last_roll == (-1, -1, 0)


# --------------------------------------------------------------------------- engage steps (NAU-47, NAU-48, RIV-9)


def test_the_players_engage_offers_its_own_ships_and_units_only_NAU_47():
    """The seat's ships and units in the water with a target are offered; not the rival's pieces, not the
    crocodiles, and not a unit that cannot engage (dazed)."""
    p = Script()
    g = new(("kunlun",), ctrl=p)
    s = g.state
    clear(g)
    foe = sailor(g, "sailor-defender-2")
    put(g, foe, 60)
    mine = water_unit(g, 0, free_near(g, 60)[0])
    sh = ships(g, 0)[0]
    put(g, sh, free_near(g, 60)[0])
    dazed = water_unit(g, 0, free_near(g, 60)[0], k=-2)
    dazed.deployed_turn = s.turn
    croc = next(u for u in s.units if nau.is_croc(u))
    put(g, croc, next(h for h in free_near(g, mine.hex) if s.grid.dist[60][h] > 1))
    s.mode.player_engage(g, 0)
    (offered,) = [o for _, d, o in p.asked if d == "engage"]
    by = {o[1] for o in offered}
    assert ("attack", mine.uid, foe.uid) in offered and ("attack", sh.uid, foe.uid) in offered
    assert by == {mine.uid, sh.uid}


def _rival_vs(g, n=2):
    """Rival units on hexes 60 and 20, each with one player unit next to it (its only target)."""
    s = g.state
    clear(g)
    pairs = []
    for k, (sid, h) in enumerate((("sailor-defender-2", 60), ("sailor-defender-1", 20))[:n]):
        u = sailor(g, sid)
        put(g, u, h)
        pairs.append((u, water_unit(g, 0, free_near(g, h)[0], k=-1 - k)))
    return s, pairs


def test_the_rival_engage_step_acts_with_every_unit_ships_first_players_order_RIV_9_NAU_47():
    """Every rival piece that can act does: the ships first, then the units, even when no ship has a target; the
    players choose the order among the rival's options ("rival-engage")."""
    p = Script(rival_engage=lambda o: o[-1])
    p.rival_decisions = ("rival-engage",)
    g = new(("kunlun",), ctrl=p, roller=FixedRoller(mode="all"))
    s, pairs = _rival_vs(g)
    hp = [t.hp for _, t in pairs]
    croc = next(u for u in s.units if nau.is_croc(u))  # next to a player unit, out of the rival units' reach
    put(g, croc, next(h for h in free_near(g, pairs[0][1].hex) if min(s.grid.dist[h][u.hex] for u, _ in pairs) > 1))
    s.mode.rival_engage(g, (3, 1))
    assert croc.hp == croc.unit.health and croc.engaged_turn != s.turn
    (asked,) = [o for _, d, o in p.asked if d == "rival-engage"]
    assert sorted(asked) == sorted(("attack", u.uid, t.uid) for u, t in pairs)
    assert all(u.engaged_turn == s.turn for u, _ in pairs)
    assert all(t.hp < h for (_, t), h in zip(pairs, hp))
    assert all(t.engaged_turn != s.turn for _, t in pairs)  # the player's units do not act


def test_the_rival_engage_step_skips_a_dazed_unit_and_stops_when_the_game_ends_RIV_9_NAU_2():
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s, ((u, t),) = _rival_vs(g, 1)
    u.deployed_turn = s.turn
    hp = t.hp
    s.mode.rival_engage(g, (3, 1))
    assert t.hp == hp and u.engaged_turn != s.turn
    # the players have the attack on the hero made first: it wins, and the other rival unit does not act
    p = Script(rival_engage=lambda o: next(a for a in o if a[2] == hero.uid))
    p.rival_decisions = ("rival-engage",)
    g = new(("kunlun",), ctrl=p, roller=FixedRoller(mode="all"))
    s, pairs = _rival_vs(g)
    hero = s.units[s.hero[0]]
    (u1, t1), (u2, t2) = pairs
    remove(g, t1)
    nau.put_in_water(g, hero, free_near(g, u1.hex)[0], "test")
    hero.hp = 1
    hp = t2.hp
    s.mode.rival_engage(g, (3, 1))
    assert s.end_reason == "hero defeated" and s.winner == 1
    assert u1.engaged_turn == s.turn and u2.engaged_turn != s.turn and t2.hp == hp


def test_the_tactic_step_is_a_step_decision_a_resumed_game_replays_it_NAU_29():
    """The tactic placement is asked as a turn step's decision: a game resumed at that step takes the recorded
    answer (`Game.forced`) instead of asking the controller."""
    p = Script()
    g = new(("kunlun",), ctrl=p)
    s = g.state
    s.camp[0] = ["anchor"]
    s.tactic_supply.remove("anchor")
    target = ships(g, 1)[0]
    g.forced = ("sea-tactic", (0, target.uid))
    s.mode.tactic_step(g, 0)
    assert s.effects == [("anchor", target.uid, 0, s.turn)] and s.camp[0] == [] and g.forced is None
    assert not [d for _, d, _ in p.asked if d == "sea-tactic"]


def test_the_result_names_the_ruleset_and_reports_no_unimplemented_skill():
    g = new(("kunlun",))
    res = g.state.mode.result(g, None)
    assert res.ruleset == "remastered" == RULESET and res.unimplemented == ()


def test_a_rival_eludes_by_its_marking_list_with_movement_five_NAU_44_NAU_42():
    """Triggered Elude moves the unit by its printed priority with Movement 5 (ELUDE): the nearest platform, out
    of reach of its own Movement but within 5, is where it goes; its later marking uses its own Movement again."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    rc = g.controllers[1]
    el = sailor(g, "sailor-archer-1")
    plat = lambda h: min(s.grid.dist[h][p] for p in s.platform_hexes)
    own = printed_chip(el.unit).movement
    h = next(x for x in range(20, s.grid.n) if own < plat(x) <= nau.ELUDE and s.board[x] < 0
             and len(free_near(g, x)) == 6)
    put(g, el, h)
    put(g, ships(g, 0)[0], free_near(g, h)[0])
    assert rules.movement_of(s, el) == own
    want = sorted(p for p in s.platform_hexes if s.grid.dist[h][p] == plat(h))
    plan = rc.plan_engage(g, el)
    assert [o[:3] for o in plan] == [("special", el.uid, "elude")] * len(want)
    assert sorted(o[3][0] for o in plan) == want and rc.movement is None
    dests = rc.plan_move(g, el, s.blocked_for_move(1), set())
    assert dests and all(s.grid.dist[h][d] <= rules.movement_of(s, el) for d in dests)


def test_each_crocodile_turn_moves_its_own_colour_and_uses_only_its_abilities_NAU_23_NAU_48():
    """The blue-HP crocodiles' turn moves them (toward the one unit in the water), not the red ones, whose turn
    was built first; its abilities step uses no rival unit's Ability (Leech next to a player unit)."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    red = next(u for u in s.units if nau.is_croc(u) and u.troop == 4)
    blue = next(u for u in s.units if nau.is_croc(u) and u.troop == 5)
    put(g, red, 58)
    put(g, blue, 30)
    prey = water_unit(g, 0, 33)
    before = s.grid.dist[30][33]
    s.mode.croc_turn(g, 4)
    steps = dict(s.mode.croc_turn(g, 5).steps)
    steps["movement"]()
    assert red.hex == 58 and s.grid.dist[blue.hex][prey.hex] < before
    le = sailor(g, "sailor-beast-2")
    put(g, le, next(h for h in free_near(g, prey.hex) if h != blue.hex))
    hp = prey.hp
    steps["abilities"]()
    assert prey.hp == hp and not [line for line in s.log if "(Leech)" in line]


def test_the_rival_turn_moves_its_units_uses_their_abilities_and_engages_NAU_47():
    """The rival turn's movement step moves its units in the water too (onto a platform, NAU-42), after the
    ships; its abilities step uses their Abilities (Leech); its engage step attacks."""
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    clear(g)
    steps = dict(s.mode.turn_of(g, 1).steps)
    walker = sailor(g, "sailor-defender-2")
    p = min(s.platform_hexes)
    put(g, walker, next(h for h in s.grid.within(p, 2) if s.grid.dist[p][h] == 2 and s.board[h] < 0
                        and h not in s.platform_hexes))
    steps["movement"]()
    assert walker.hex == p
    le = sailor(g, "sailor-beast-2")
    put(g, le, 60)
    le.hp -= 1
    s.supply[s.supply_of(le.troop)] += 1
    foe = water_unit(g, 0, free_near(g, 60)[0])
    hp = foe.hp
    steps["abilities"]()
    assert foe.hp == hp - 1 and le.hp == le.unit.health
    steps["engage"]()
    assert le.engaged_turn == s.turn and foe.hp < hp - 1


def test_the_priority_lists_sets_NAU_24_NAU_41_NAU_42():
    """The sets the rival's and the crocodiles' lists name: the hero (an elite in the water, either seat's), ships
    (player-controlled ones: the player's seat's), crocodiles, units in the water (neither ships nor crocodiles),
    the player's units, and units on a platform; each also a rival priority ("nau-" + name)."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    nau.hero_enters(g, 0)
    nau.hero_enters(g, 1)
    hero, charon = s.units[s.hero[0]], s.units[s.hero[1]]
    croc = next(u for u in s.units if nau.is_croc(u))
    put(g, croc, 60)
    mine, theirs = ships(g, 0)[0], ships(g, 1)[0]
    p1, p2 = sorted(s.platform_hexes)[:2]
    on = water_unit(g, 0, p1)
    off = water_unit(g, 0, free_near(g, 60)[0], k=-2)
    sv = sailor(g, "sailor-defender-2")
    put(g, sv, p2)
    pieces = {"hero": hero, "charon": charon, "croc": croc, "mine": mine, "theirs": theirs, "on": on, "off": off,
              "sailor": sv}
    want = {"hero": {"hero", "charon"}, "ship": {"mine", "theirs"}, "player-ship": {"mine"}, "croc": {"croc"},
            "water-unit": {"hero", "charon", "on", "off", "sailor"}, "player-unit": {"hero", "on", "off"},
            "unit-on-platform": {"on", "sailor"}}
    for name, members in want.items():
        assert {k for k, u in pieces.items() if nau_controllers._member(s, name, u)} == members, name
        assert {k for k, u in pieces.items() if rival.SETS["nau-" + name](s, u)} == members, name
    with pytest.raises(KeyError, match="nothing"):
        nau_controllers._member(s, "nothing", hero)


def test_each_seats_turn_runs_its_own_steps_competitive_NAU_47():
    """Competitive, seat b's turn (built after seat a's): its start ends only its own tactics in play, then it is
    offered its tactics, its units' Abilities and its engage options, and its platforms are checked; the turn is
    headed with its faction and side (the rival's: "rival")."""
    a, b = Script(), Script()
    cls = mode_class("naumachia")
    spec = cls.validate(CAT, GameSpec("naumachia", ("kunlun", "amazons")))
    g = cls.new_game(CAT, spec, [a, b], rng=np.random.default_rng(0), log=True)
    s = g.state
    s.mode.begin(g)
    clear(g)
    t0, t1 = s.mode.turn_of(g, 0), s.mode.turn_of(g, 1)
    assert t0.header == f"-- Round {s.round}, kunlun (red) turn" and t1.header == f"-- Round {s.round}, amazons (blue) turn"
    steps = dict(t1.steps)
    mine, theirs = ships(g, 1)[0], ships(g, 0)[0]
    s.effects = [("anchor", theirs.uid, 1, s.turn), ("anchor", mine.uid, 0, s.turn)]
    steps["start"]()
    assert s.effects == [("anchor", mine.uid, 0, s.turn)]
    s.camp[1] = ["rupture"]
    s.tactic_supply.remove("rupture")
    steps["tactic"]()
    assert [o for _, d, o in b.asked if d == "sea-tactic"] == [[(0, u.uid) for u in ships(g, 1)]]
    le = crew(g, ships(g, 1)[0])[-1]
    le.unit = CAT.unit("sailor-beast-2")  # a seat-b unit with Leech (a test's chip)
    put(g, le, 60)
    foe = water_unit(g, 0, free_near(g, 60)[0])
    steps["abilities"]()
    assert [o for _, d, o in b.asked if d == "ability"] == [[(le.uid, "leech", (foe.uid,))]]
    steps["engage"]()
    assert ("attack", le.uid, foe.uid) in [x for _, d, o in b.asked if d == "engage" for x in o]
    water_unit(g, 1, min(s.platform_hexes), k=-2)
    steps["platforms"]()
    assert len(s.camp[1]) == 2 and s.tactics_gained == [0, 1] and not a.asked
    g = new(("kunlun",))
    assert g.state.mode.turn_of(g, 1).header == f"-- Round {g.state.round}, rival (blue) turn"


def test_platforms_closed_to_both_seats_ships_and_both_crocodile_troops_only_NAU_6():
    g = new(("kunlun", "amazons"))
    s = g.state
    p = min(s.platform_hexes)
    assert [s.can_occupy(t, p) for t in range(6)] == [True, True, False, False, False, False]
    assert [s.blocked_for_move(t)[p] for t in range(6)] == [False, False, True, True, True, True]
    assert not s.blocked_for_move()[p]
    water = next(h for h in range(s.grid.n) if s.board[h] < 0 and h not in s.platform_hexes)
    assert all(s.can_occupy(t, water) for t in range(6)) and not any(s.blocked_for_move(t)[water] for t in range(6))


def _two_from_a_platform(g):
    """A free water hex two steps from a platform with every neighbour free and no other platform within 3."""
    s = g.state
    plat = lambda h: sorted(s.grid.dist[h][p] for p in s.platform_hexes)
    return next(h for h in range(s.grid.n) if plat(h)[0] == 2 and plat(h)[1] > 3 and s.board[h] < 0
                and len(free_near(g, h)) == 6)


def test_rival_units_platform_marks_narrated_NAU_42():
    """The rival units' moves are narrated with their reason: staying on the platform it stands on, moving onto an
    unoccupied platform."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    on = sailor(g, "sailor-defender-2")
    put(g, on, max(s.platform_hexes))
    mover = sailor(g, "sailor-defender-1")
    put(g, mover, _two_from_a_platform(g))
    rival.movement_step(g, 1, g.controllers[1])
    assert mover.hex in s.platform_hexes and on.hex == max(s.platform_hexes)
    assert f"{mover.name} (blue) marks an unoccupied platform" in s.log
    assert f"{on.name} (blue) stands on a platform: does not move" in s.log


def test_rival_unit_out_of_reach_of_a_platform_marks_the_weakest_player_unit_NAU_42():
    """No platform within its Movement: the unit marks the next entries of its list (the weakest player unit it
    can bring within Range), not a back-up move toward a platform."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    rc = g.controllers[1]
    u = sailor(g, "sailor-defender-2")
    m, r = printed_chip(u.unit).movement, printed_chip(u.unit).range
    plat = lambda h: min(s.grid.dist[h][p] for p in s.platform_hexes)
    h = next(x for x in range(s.grid.n) if plat(x) > m + 1 and s.board[x] < 0 and len(free_near(g, x)) == 6
             and any(s.grid.dist[x][y] == m + r and plat(y) > 1 for y in free_near(g, x, m + r)))
    put(g, u, h)
    foe = water_unit(g, 0, next(y for y in free_near(g, h, m + r) if s.grid.dist[h][y] == m + r and plat(y) > 1))
    dests = rc.plan_move(g, u, s.blocked_for_move(1), set())
    assert dests and all(s.grid.dist[d][foe.hex] <= r for d in dests)


def test_rival_marking_keeps_to_the_locked_hexes_it_is_given_NAU_42():
    """Hexes next to an opposing Combat Lock may be entered, not left: with its ring locked, a platform two steps
    away is out of reach and the unit only steps toward it."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    rc = g.controllers[1]
    u = sailor(g, "sailor-defender-2")
    h = _two_from_a_platform(g)
    put(g, u, h)
    (p,) = [x for x in s.platform_hexes if s.grid.dist[h][x] == 2]
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == [p]
    dests = rc.plan_move(g, u, s.blocked_for_move(1), set(s.grid.neighbours[h]))
    assert dests and p not in dests and all(s.grid.dist[h][d] == 1 and s.grid.dist[d][p] == 1 for d in dests)


def _blow_from(g, pick):
    """Blow a seat-a ship from the first free water hex `pick(h, closer)` accepts (closer: its free neighbours
    nearer to a ship starting hex, lowest first); returns (hex, the first step taken)."""
    s = g.state
    clear(g)
    sh = ships(g, 0)[0]
    starts = s.grid.tagged("ship-start")
    dmin = lambda h: min(s.grid.dist[h][x] for x in starts)
    near = lambda h: sorted(n for n in s.grid.neighbours[h] if dmin(n) < dmin(h) and s.board[n] < 0)
    src = next(h for h in range(s.grid.n) if s.board[h] < 0 and h not in s.platform_hexes and pick(h, near(h), dmin))
    put(g, sh, src)
    nau.blow(g, sh)
    first = [line for line in s.log if "is blown" in line][0]
    return src, int(first.rsplit(" ", 1)[1]), near(src), sh


def test_foul_wind_never_blows_a_ship_onto_a_platform_NAU_6_R_PW_20():
    g = new(("kunlun",))
    src, step, closer, sh = _blow_from(g, lambda h, c, d: len(c) > 1 and c[0] in g.state.platform_hexes)
    assert step == closer[1] and sh.hex not in g.state.platform_hexes


def test_foul_wind_steps_only_closer_never_sideways_R_PW_20():
    """Each step goes to a neighbour nearer to a ship starting hex, even when a lower-numbered neighbour is as far
    as the ship's own hex."""
    g = new(("kunlun",))
    s = g.state

    def pick(h, closer, dmin):
        side = [n for n in s.grid.neighbours[h] if dmin(n) == dmin(h) and s.board[n] < 0 and n not in s.platform_hexes]
        return dmin(h) >= 2 and closer and all(n not in s.platform_hexes for n in closer) and side and min(side) < closer[0]
    src, step, closer, sh = _blow_from(g, pick)
    assert step == closer[0]


def test_tactics_gained_and_played_are_counted_each_time_NAU_19_NAU_27():
    """A Tactician captain's platform brings two tactics (both counted); every tactic played counts (the
    crocodiles and ships in place: every tactic has a target)."""
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    captain(g, ships(g, 0)[0], chip("tactician"))
    water_unit(g, 0, min(s.platform_hexes))
    s.mode.check_platforms(g, 0)
    assert len(s.camp[0]) == 2 and s.tactics_gained[0] == 2 and len(s.tactic_supply) == len(nau.TACTICS) - 2
    for _ in range(2):
        s.mode.play_tactic(g, 0, 0, s.mode.tactic_targets(s, 0, s.camp[0][0])[0])
    assert s.tactics_played[0] == 2 and s.camp[0] == []


def test_befriended_spares_the_placers_pieces_from_its_own_crocodile_only_R_PW_20():
    """Befriended: the crocodile it is on neither marks nor targets the placing troop's pieces; another crocodile
    still may, and another tactic in play (Anchor) spares nothing."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    c1, c2 = [u for u in s.units if nau.is_croc(u)][:2]
    put(g, c1, 60)
    put(g, c2, 30)
    u = water_unit(g, 0, free_near(g, 60)[0])
    s.effects = [("anchor", ships(g, 1)[0].uid, 0, s.turn)]
    assert nau.may_target(s, c1, u) and nau.may_target(s, c2, u)
    s.effects = [("befriended", c1.uid, 0, s.turn)]
    assert not nau.may_target(s, c1, u) and not nau.may_target(s, c1, ships(g, 0)[0])
    assert nau.may_target(s, c2, u)


def test_weakest_is_by_hp_not_by_distance_NAU_24_NAU_42():
    """"Weakest": the lowest HP among the set, however far; the nearer but stronger unit is not chosen."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    rc = g.controllers[1]
    u = sailor(g, "sailor-defender-2")
    put(g, u, 60)
    near = water_unit(g, 0, free_near(g, 60)[0])
    far = water_unit(g, 0, next(h for h in free_near(g, 60, 3) if s.grid.dist[60][h] == 3), k=-2)
    near.hp, far.hp = 3, 2
    assert rc._cands(g, u, ("weakest", "player-unit"), [near, far]) == [far]
    near.hp = 2
    assert rc._cands(g, u, ("weakest", "player-unit"), [near, far]) == [near, far]


def test_the_hero_does_not_enter_onto_its_home_hex_held_by_the_other_hero_NAU_34():
    """The deployment hex is blocked by whatever stands on it, the first unit of the game (seat a's hero) too."""
    g = new(("kunlun",))
    s = g.state
    hero = s.units[s.hero[0]]
    assert hero.uid == 0
    home = s.grid.tagged("deploy-blue")[0]
    nau.put_in_water(g, hero, home, "test")
    nau.hero_enters(g, 1)
    charon = s.units[s.hero[1]]
    assert hero.hex == home and s.board[home] == 0 and charon.zone == COMBAT and s.grid.dist[home][charon.hex] == 1


def test_damage_to_a_ship_is_narrated_as_the_reason_of_the_favor_lost_NAU_31():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    theirs = ships(g, 1)[0]
    s.mode.ignores_damage(g, theirs, 2, source=None, source_troop=0, what="attack")
    assert s.log[-1] == (f"rival (blue) loses 2 crowd favor (damage to {theirs.name}), {nau.TRACKS[0] - 2} space(s) "
                         "above the event")


def test_the_hero_next_to_its_blocked_home_one_or_two_closest_hexes_NAU_34():
    """One closest free hex: taken without asking; exactly two: the controlling player is asked between them."""
    for n in (1, 2):
        p = Script(hero_hex=lambda o: o[-1])
        g = new(("kunlun",), ctrl=p)
        s = g.state
        clear(g)
        home = s.grid.tagged("deploy-red")[0]
        s.board[home] = 10_000  # a test's set-up: the home hex and all but n of its neighbours taken
        ring = sorted(h for h in s.grid.neighbours[home] if s.board[h] < 0)
        for h in ring[n:]:
            s.board[h] = 10_000
        nau.hero_enters(g, 0)
        asked = [o for _, d, o in p.asked if d == "hero-hex"]
        assert s.units[s.hero[0]].hex == ring[n - 1]
        assert asked == ([] if n == 1 else [ring[:2]])


def test_the_rival_hero_with_no_hex_to_enter_on_loses_for_it_R_PW_17_NAU_34():
    g = new(("kunlun",))
    s = g.state
    for h in range(s.grid.n):
        if s.board[h] < 0:
            s.board[h] = 10_000
    nau.hero_enters(g, 1)
    assert s.end_reason == "hero defeated" and s.winner == 0


def test_the_rival_dislodge_tie_is_a_mandatory_choice_NAU_43():
    """Equal crews: the player must choose (a player that passes optional questions still answers this one)."""
    p = Script()
    g = new(("kunlun",), ctrl=p)
    s = g.state
    a, b = ships(g, 1)
    top = crew(g, a)[0]
    nau.dislodge(g, 1)
    assert [d for _, d, _ in p.asked][0] == "rival-dislodge" and top.zone == COMBAT and len(s.crew[a.uid]) == 3


def test_a_dislodged_captain_never_lands_on_the_first_unit_of_the_game_NAU_33():
    """Occupied means any unit, uid 0 (seat a's hero) too: with it on the only free neighbour, the captain goes
    to a hex two away."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    sh = ships(g, 1)[1]  # in corner 116
    hero = s.units[0]
    nbrs = sorted(s.grid.neighbours[sh.hex])
    nau.put_in_water(g, hero, nbrs[0], "test")
    for h in nbrs[1:]:
        if s.board[h] < 0:
            s.board[h] = 10_000  # a test's set-up
    s.crew[ships(g, 1)[0].uid].pop()  # the other ship smaller: no tie
    top = crew(g, sh)[0]
    nau.dislodge(g, 1)
    assert s.board[nbrs[0]] == 0 and hero.hex == nbrs[0] and s.grid.dist[sh.hex][top.hex] == 2


def test_absolve_protects_only_its_own_troop_NAU_44():
    g = new(("kunlun",))
    s = g.state
    neutral(g)
    nau.hero_enters(g, 1)  # Charon, with Absolve
    nau.lose_favor(g, 0, 2, "test")
    assert s.left[0] == nau.TRACKS[0] - 2 and s.favor_lost[0] == 2


def test_both_ships_leaving_return_both_chips_NAU_21():
    g = new(("kunlun",))
    s = g.state
    for _ in range(nau.CREW):
        nau.dislodge(g, 0)
    assert s.ships[0] == [] and s.supply[nau.SHIPS] == 2


def test_exactly_two_closest_hexes_for_a_dislodged_captain_are_asked_NAU_33():
    p = Script(dislodge_hex=lambda o: o[-1])
    g = new(("kunlun",), ctrl=p)
    s = g.state
    clear(g)
    a = ships(g, 0)[0]  # in corner 0
    nbrs = sorted(s.grid.neighbours[a.hex])
    for h in nbrs[2:]:
        s.board[h] = 10_000  # a test's set-up: two free neighbours left
    top = crew(g, a)[0]
    nau.dislodge(g, 0)
    assert [o for _, d, o in p.asked if d == "dislodge-hex"] == [nbrs[:2]] and top.hex == nbrs[1]


def test_a_single_health_chip_left_is_enough_to_enter_the_water_R_PW_17_NAU_33():
    g, u = _put_with_supply(1)
    s = g.state
    assert u.zone == COMBAT and u.hp == 1 and s.supply["red"] == 0 and s.board[60] == u.uid


def test_each_unit_put_in_the_water_counts_as_deployed_for_its_troop_NAU_33():
    g = new(("kunlun",))
    s = g.state
    nau.dislodge(g, 0)
    nau.dislodge(g, 0)
    assert s.troops[0].deployed == 2 and s.dislodged[0] == 2


def test_only_a_guide_gives_its_allies_movement_NAU_44():
    g = new(("kunlun",))
    s = g.state
    clear(g)
    a = water_unit(g, 0, 60)
    b = water_unit(g, 0, 20, k=-2)
    assert [rules.movement_of(s, u) for u in (a, b)] == [printed_chip(u.unit).movement for u in (a, b)]


def test_a_ship_keeps_its_id_and_names_its_new_captain_after_a_dislodge_NAU_18():
    g = new(("kunlun",), ctrl=Script(dislodge=lambda o: o[0]))
    sh = ships(g, 0)[0]
    nau.dislodge(g, 0)
    cap = crew(g, sh)[0]
    assert sh.unit.id == "ship-red-1" and sh.unit.name == f"Red ship 1 ({printed_chip(cap.unit).name})"


def test_guide_and_bait_add_to_a_frenzied_movement_NAU_25_NAU_44():
    """Frenzied sets Movement to the number of non-arena units in the water; Guide's +3 and Bait's +2 come on top
    of it."""
    g = new(("kunlun",))
    s = g.state
    clear(g)
    fr = sailor(g, "sailor-beast-1")  # Frenzied
    put(g, fr, 60)
    croc = next(u for u in s.units if nau.is_croc(u))
    put(g, croc, 30)
    water_unit(g, 0, 20)
    water_unit(g, 0, 24, k=-2)
    nau.hero_enters(g, 1)  # Charon: Guide for the Sailors
    count = 4  # fr, the units at 20 and 24 and Charon
    assert count != printed_chip(fr.unit).movement
    assert rules.movement_of(s, fr) == count + nau.GUIDE_MOVEMENT
    assert rules.movement_of(s, croc) == count
    s.effects.append(("bait", croc.uid, 0, s.turn))
    nau.refresh(s)
    assert rules.movement_of(s, croc) == count + nau.BAIT_MOVEMENT


def test_a_game_needs_a_controller_per_seat_named_in_the_error_NAU_1():
    cls = mode_class("naumachia")
    spec = cls.validate(CAT, GameSpec("naumachia", ("kunlun", "amazons")))
    with pytest.raises(InputError, match="naumachia: 2 faction"):
        cls.new_game(CAT, spec, [Script(), Script(), Script()], rng=np.random.default_rng(0))


def test_setup_builds_each_ships_chip_from_its_crew_NAU_18():
    """Before any refresh, each ship's chip already counts one die more than its captain's per other crewmember."""
    s = _setup(("kunlun", "amazons"))
    for seat in (0, 1):
        for sh in s.ships[seat]:
            members = s.crew[sh]
            assert s.units[sh].unit.attack.size == s.units[members[0]].unit.attack.size + len(members) - 1
