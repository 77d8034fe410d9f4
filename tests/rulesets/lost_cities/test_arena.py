"""The Lost Cities' beasts and criminals (hoplostat/rulesets/lost_cities/arena.py), pinned rule by rule for mutation
testing (docs/testing-history.md, "Mutation testing"): the trapdoor entry and its free attack, the arena dice's base
attack, skill and blank faces, a beast's two legs and what ends them, a criminal's advance and Taunt, who chooses
for the arena (R-TLC-11), the end of the game in the middle of the arena's turn, and the narration of `--log`
(part of the golden games' replay). Checklist: ../shared/rules/lost-cities.md (TLC-49..TLC-61, R-TLC-*);
positions and helpers from tests/rulesets/lost_cities/test_rules.py (its map of hex numbers)."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.state import COMBAT, DISCARD, TRACK, UnitState
from hoplostat.rulesets.lost_cities import arena
from hoplostat.rulesets.lost_cities.skills import stun
from rulesets.lost_cities.test_rules import (
    ARENA,
    ATL,
    BASIC,
    BEAST_ATTACK,
    BEAST_MOVE,
    CAT,
    CRIMINAL_ATTACK,
    CRIMINAL_MOVE,
    TAUNT,
    TRAPDOORS,
    XAN,
    Dice,
    arena_chip,
    champion,
    new,
    put,
    to_hand,
)


def lost(s, u, n, what="attack"):
    """The narration of `u` losing `n` health (the damage rule's line)."""
    return f"{u.name} ({s.side_of(u.troop)}) loses {n} HP ({what}), {u.hp} left"


def asked(g, decision):
    return [(troop, opts) for troop, c in enumerate(g.controllers) for d, opts in c.asked if d == decision]


def waiting(g, unit_id):
    """An arena chip off the mat (from a meter, or one the set-up left in the box), ready to enter."""
    s = g.state
    if any(u.unit.id == unit_id for u in s.units):
        return arena_chip(g, unit_id)
    u = UnitState(len(s.units), CAT.unit(unit_id), ARENA, zone=TRACK)
    s.units.append(u)
    return u


def tactic_on(g, troop, tactic_id, u):
    """A tactic of the troop's bag played on `u` (its effect lasts while it lies there)."""
    rules.place_tactic(g, troop, to_hand(g, troop, tactic_id), u)


# --------------------------------------------------------------------------- who chooses (TLC-61)


def test_the_player_whose_turn_it_is_chooses_for_an_arena_unit_during_its_turn_TLC_61_R_TLC_11():
    """During a player's own turn (an arena chip drawn in its draw) that player chooses; in the arena's turn, the
    last player of the round, whoever went first."""
    g = new(turn=6)
    s = g.state
    assert s.active == XAN and arena.chooser(s) == XAN
    s.active = ATL
    assert arena.chooser(s) == ATL
    s.active, s.order = ARENA, [XAN, ATL]
    assert arena.chooser(s) == ATL
    s.order = [ATL, XAN]
    assert arena.chooser(s) == XAN


# --------------------------------------------------------------------------- entry (TLC-49..TLC-51)


def test_entry_narration_the_trapdoor_the_health_and_the_free_attack_TLC_49_TLC_51():
    g = new(roller=Dice([2], faces={BASIC: [2]}))
    s = g.state
    u = put(g, "atlantis/attacker-1", 4)  # next to trapdoor 2 (hex 5)
    b = arena_chip(g, "beast-a")
    arena.enter(g, b)
    assert b.hex == TRAPDOORS[2] and b.zone == COMBAT and b.hp == b.unit.health
    assert s.log[-3:] == [f"Beast A enters the arena through trapdoor hex {TRAPDOORS[2]} with 6 HP",
                          f"Beast A makes a free base attack on 1 unit(s) with {b.unit.attack}: 2 hit(s)",
                          lost(s, u, 2)]
    assert u.hp == u.unit.health - 2 and b.damage_dealt == 2


def test_entry_is_the_beasts_entry_into_the_arena_this_turn_TLC_49():
    g = new(roller=Dice(mode="none", faces={BASIC: [4]}))
    s = g.state
    b = waiting(g, "criminal-b")
    arena.enter(g, b)
    assert b.hex == TRAPDOORS[4] and s.board[TRAPDOORS[4]] == b.uid and b.entered
    assert b.deployed_turn == s.turn and b.times_deployed == 1
    assert s.log[-1] == f"Criminal B enters the arena through trapdoor hex {TRAPDOORS[4]} with 4 HP"  # nobody near


def test_the_free_attack_reaches_the_chips_attack_range_and_no_farther_TLC_51():
    """Criminal B has Range 2: a unit 2 hexes off the trapdoor is hit, one 3 hexes off is not; other arena units
    never are."""
    g = new(roller=Dice([1], faces={BASIC: [5]}))  # trapdoor 5 is hex 22
    s = g.state
    at2 = put(g, "atlantis/attacker-1", 24)
    at3 = put(g, "xanadu/attacker-1", 25)
    other = put(g, "beast-a", 21)
    assert (s.grid.dist[22][24], s.grid.dist[22][25]) == (2, 3)
    arena.enter(g, waiting(g, "criminal-b"))
    assert at2.hp == at2.unit.health - 1 and at3.hp == at3.unit.health and other.hp == other.unit.health


def test_a_free_attack_that_misses_hurts_nobody_TLC_51():
    g = new(roller=Dice([0], faces={BASIC: [2]}))
    s = g.state
    u = put(g, "atlantis/attacker-1", 4)
    arena.enter(g, arena_chip(g, "beast-a"))
    assert u.hp == u.unit.health and s.log[-1].endswith(": 0 hit(s)")


def test_the_unit_killed_on_the_trapdoor_is_narrated_and_counted_TLC_50():
    g = new(roller=Dice(mode="none", faces={BASIC: [1]}))
    s = g.state
    victim = put(g, "xanadu/attacker-1", TRAPDOORS[1])
    b = arena_chip(g, "beast-b")
    arena.enter(g, b)
    assert victim.zone == DISCARD and s.board[TRAPDOORS[1]] == b.uid and s.trapdoor_kills == 1
    assert f"{victim.name} (blue) stands on the trapdoor and is killed outright" in s.log
    assert s.troops[ARENA].kills == 0 and s.troops[ATL].favor_total == 0


def test_a_champion_killed_on_the_trapdoor_ends_the_game_before_the_chip_enters_TLC_50_R_TLC_1():
    g = new(roller=Dice([3], faces={BASIC: [3]}))
    s = g.state
    champion(g, XAN, TRAPDOORS[3])
    near = put(g, "atlantis/attacker-1", 61)  # next to trapdoor 3
    b = arena_chip(g, "beast-d")
    arena.enter(g, b)
    assert s.end_reason == "champion defeated" and s.winner == ATL
    assert b.zone != COMBAT and near.hp == near.unit.health


def test_the_first_champion_uid_0_on_the_trapdoor_is_killed_too_TLC_50():
    g = new(roller=Dice(mode="none", faces={BASIC: [2]}))
    s = g.state
    hero = champion(g, ATL, TRAPDOORS[2])
    assert hero.uid == 0
    arena.enter(g, arena_chip(g, "beast-b"))
    assert hero.zone != COMBAT and s.end_reason == "champion defeated" and s.winner == XAN
    assert s.trapdoor_kills == 1


def test_a_chip_with_no_free_trapdoor_is_set_aside_and_narrated_R_TLC_1():
    g = new(roller=Dice(faces={BASIC: [2]}))
    s = g.state
    for k, name in enumerate(("beast-a", "beast-b", "beast-c", "beast-d", "beast-e", "beast-f")):
        put(g, name, TRAPDOORS[k + 1])
    u = waiting(g, "criminal-b")
    arena.enter(g, u)
    assert u.zone == DISCARD and s.log[-1] == "Criminal B finds no free trapdoor and is set aside"


def test_the_next_number_after_a_held_trapdoor_wraps_from_6_to_1_TLC_49():
    """Trapdoor 5 held: the chip goes to 6; trapdoors 5 and 6 held: to 1."""
    g = new(roller=Dice(mode="none", faces={BASIC: [5]}))
    put(g, "beast-b", TRAPDOORS[5])
    u = arena_chip(g, "beast-c")
    arena.enter(g, u)
    assert u.hex == TRAPDOORS[6]
    g2 = new(roller=Dice(mode="none", faces={BASIC: [5]}))
    put(g2, "beast-b", TRAPDOORS[5])
    put(g2, "beast-e", TRAPDOORS[6])
    u2 = arena_chip(g2, "beast-c")
    arena.enter(g2, u2)
    assert u2.hex == TRAPDOORS[1]


def test_a_player_unit_on_the_named_trapdoor_does_not_pass_the_entry_on_TLC_49_TLC_50():
    """Only a beast or criminal on the trapdoor sends the chip to the next number; a player unit there is killed."""
    g = new(roller=Dice(mode="none", faces={BASIC: [6]}))
    victim = put(g, "atlantis/attacker-1", TRAPDOORS[6])
    u = arena_chip(g, "beast-c")
    arena.enter(g, u)
    assert u.hex == TRAPDOORS[6] and victim.zone == DISCARD


# --------------------------------------------------------------------------- attack dice (TLC-55, TLC-59)


def test_the_base_attack_is_narrated_with_its_dice_and_hits_TLC_55():
    g = new(roller=Dice([1], faces={BEAST_ATTACK: [2]}))
    s = g.state
    b = put(g, "beast-a", 31)
    u1 = put(g, "atlantis/attacker-1", 30)
    u2 = put(g, "xanadu/attacker-1", 32)
    arena.beasts_attack(g)
    assert f"Beast A makes a base attack on 2 unit(s) with {b.unit.attack}: 1 hit(s)" in s.log
    assert lost(s, u1, 1) in s.log and lost(s, u2, 1) in s.log and b.damage_dealt == 2


def test_a_skill_face_on_a_chip_without_a_skill_is_a_base_attack_TLC_55_R_TLC_5():
    g = new(roller=Dice([2], faces={BEAST_ATTACK: [5]}))
    b = put(g, "beast-a", 31)  # no skill
    u = put(g, "atlantis/attacker-1", 30)
    arena.beasts_attack(g)
    assert u.hp == u.unit.health - 2 and g.roller.rolled == [b.unit.attack]


def test_a_regen_skill_face_heals_and_makes_no_attack_TLC_55_TLC_59():
    g = new(roller=Dice([2], faces={BEAST_ATTACK: [5]}))
    s = g.state
    b = put(g, "beast-b", 31, hp=1)  # Regen 2
    u = put(g, "atlantis/attacker-1", 30)
    arena.beasts_attack(g)
    assert b.hp == 3 and u.hp == u.unit.health and not g.roller.rolled
    assert "Beast B rolls its skill: Regen 2" in s.log


def test_the_blank_face_and_an_empty_range_are_narrated_and_do_nothing_TLC_55_TLC_59():
    g = new(roller=Dice([2], faces={BEAST_ATTACK: [6], CRIMINAL_ATTACK: [1]}))
    s = g.state
    put(g, "beast-a", 31)
    u = put(g, "atlantis/attacker-1", 30)
    put(g, "criminal-a", 12)  # Range 1, nobody next to it
    arena.beasts_attack(g)
    arena.criminals_attack(g)
    assert u.hp == u.unit.health and not g.roller.rolled
    assert "Beast A rolls no action" in s.log
    assert "Criminal A rolls a base attack with no player unit in range" in s.log


def test_a_base_attack_reaches_its_range_and_no_farther_TLC_59():
    g = new(roller=Dice([1], faces={CRIMINAL_ATTACK: [1]}))
    s = g.state
    put(g, "criminal-b", 31)  # Range 2
    at2 = put(g, "atlantis/attacker-1", 33)
    at3 = put(g, "xanadu/attacker-1", 34)
    assert (s.grid.dist[31][33], s.grid.dist[31][34]) == (2, 3)
    arena.criminals_attack(g)
    assert at2.hp == at2.unit.health - 1 and at3.hp == at3.unit.health


def test_a_stunned_or_absent_arena_unit_rolls_nothing_TLC_55_TLC_87():
    g = new(roller=Dice([2], faces={BEAST_ATTACK: [1, 1]}))
    b = put(g, "beast-a", 31)
    u = put(g, "atlantis/attacker-1", 30)
    stun(g, b, ATL)
    arena.arena_action(g, b, BEAST_ATTACK)
    assert u.hp == u.unit.health and g.roller.arena_faces[BEAST_ATTACK] == [1, 1]
    off = arena_chip(g, "beast-c")  # on a meter, not in the arena
    assert off.zone == TRACK
    arena.arena_action(g, off, BEAST_ATTACK)
    assert g.roller.arena_faces[BEAST_ATTACK] == [1, 1] and not g.roller.rolled


def test_the_base_attack_takes_the_tactics_on_the_beast_and_on_its_target_TLC_55():
    """A tactic may lie on a beast (TLC-29 forbids only champions and bosses): an extra-dice tactic adds its die to
    the beast's roll; a reduce-damage tactic on a target takes 1 off that target's hits only."""
    g = new(roller=Dice([1], faces={BEAST_ATTACK: [1]}))
    b = put(g, "beast-a", 31)
    shielded = put(g, "atlantis/attacker-1", 30)
    bare = put(g, "atlantis/attacker-2", 32)
    tactic_on(g, ATL, "atlantis/tactic-iv", b)  # extra-dice yellow
    tactic_on(g, ATL, "atlantis/tactic-vi", shielded)  # reduce-damage 1
    arena.beasts_attack(g)
    assert g.roller.rolled == [b.unit.attack + type(b.unit.attack).of(yellow=1)]
    assert shielded.hp == shielded.unit.health and bare.hp == bare.unit.health - 1


def test_a_retaliate_that_defeats_the_beast_ends_its_attack_TLC_55_TLC_69():
    """The beast on 1 HP hits the Retaliate defender first: the 1 damage back defeats it, and the units after
    the defender in its range are not hit."""
    g = new(roller=Dice([2], faces={BEAST_ATTACK: [1]}))
    s = g.state
    d = put(g, "xanadu/defender-2", 30)  # Retaliate
    other = put(g, "atlantis/attacker-1", 32)
    b = put(g, "beast-a", 31, hp=1)
    assert [o.uid for o in arena.in_range(s, b)] == [d.uid, other.uid]
    arena.beasts_attack(g)
    assert d.hp == d.unit.health - 2 and b.zone == DISCARD and other.hp == other.unit.health


def test_a_retaliate_that_leaves_the_beast_standing_lets_its_attack_go_on_TLC_55_TLC_69():
    g = new(roller=Dice([2], faces={BEAST_ATTACK: [1]}))
    d = put(g, "xanadu/defender-2", 30)
    other = put(g, "atlantis/attacker-1", 32)
    b = put(g, "beast-a", 31)
    arena.beasts_attack(g)
    assert b.hp == b.unit.health - 1 and d.hp == d.unit.health - 2 and other.hp == other.unit.health - 2


def test_the_game_ends_when_a_base_attack_defeats_a_champion_no_one_else_is_hit_TLC_13():
    g = new(roller=Dice([3, 3], faces={BEAST_ATTACK: [1, 1]}))
    s = g.state
    hero = champion(g, ATL, 30)
    rules.damage(g, hero, hero.hp - 1)
    other = put(g, "xanadu/attacker-1", 32)
    put(g, "beast-a", 31)
    second = put(g, "beast-d", 41)  # also next to the champion, and attacks after
    arena.beasts_attack(g)
    assert s.end_reason == "champion defeated" and s.winner == XAN
    assert other.hp == other.unit.health and len(g.roller.rolled) == 1 and second.damage_dealt == 0


def test_the_game_ends_when_a_criminal_defeats_a_champion_the_next_criminal_does_not_act_TLC_13():
    g = new(roller=Dice([3, 3], faces={CRIMINAL_ATTACK: [1, 1]}))
    s = g.state
    hero = champion(g, XAN, 30)
    rules.damage(g, hero, hero.hp - 1)
    put(g, "criminal-a", 31)
    put(g, "criminal-c", 29)
    arena.criminals_attack(g)
    assert s.end_reason == "champion defeated" and s.winner == ATL and len(g.roller.rolled) == 1


def test_every_beast_and_every_criminal_acts_in_its_step_TLC_52_TLC_55_TLC_59():
    g = new(roller=Dice([1, 1, 1, 1], faces={BEAST_ATTACK: [1, 1], CRIMINAL_ATTACK: [1, 1]}))
    u = put(g, "atlantis/brawler-1", 31)
    for name, h in (("beast-a", 30), ("beast-d", 32), ("criminal-a", 21), ("criminal-c", 41)):
        put(g, name, h)
    arena.beasts_attack(g)
    assert u.hp == u.unit.health - 2
    arena.criminals_attack(g)
    assert u.hp == u.unit.health - 4


# --------------------------------------------------------------------------- beasts' movement (TLC-53, TLC-54)


def test_a_beast_with_move_range_3_walks_two_hexes_then_one_TLC_53_R_TLC_5():
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 6]}))
    s = g.state
    b = put(g, "beast-c", 20)  # Move Range 3
    arena.beast_move(g, b)
    assert b.hex == s.grid.compass_step(22, 6) and s.board[20] < 0 and s.board[b.hex] == b.uid
    assert "Beast C rolls directions 1 and 6" in s.log


def test_a_unit_in_the_way_ends_the_leg_TLC_53():
    """A beast (or any unit) in the first direction ends that leg; the second leg is walked."""
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 6]}))
    b = put(g, "beast-c", 20)
    put(g, "beast-a", 22)
    arena.beast_move(g, b)
    assert b.hex == g.state.grid.compass_step(21, 6)


def test_a_beast_may_walk_back_over_the_hex_it_left_TLC_53_R_TLC_5():
    """East one hex, then west over its own starting hex and one beyond (Move Range 3: two east, one west)."""
    g = new(roller=Dice(faces={BEAST_MOVE: [4, 1]}))
    b = put(g, "beast-c", 31)
    arena.beast_move(g, b)
    assert b.hex == 30
    g2 = new(roller=Dice(faces={BEAST_MOVE: [1, 4]}))
    b2 = put(g2, "beast-a", 31)  # Move Range 2: one east, one back west
    arena.beast_move(g2, b2)
    assert b2.hex == 31 and not any("moves" in line for line in g2.state.log)


def test_a_beast_next_to_a_player_unit_after_its_first_leg_walks_no_second_TLC_53():
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 2]}))
    b = put(g, "beast-a", 30)
    put(g, "atlantis/attacker-1", 32)
    arena.beast_move(g, b)
    assert b.hex == 31


def test_a_beast_stops_on_the_first_hex_next_to_a_player_unit_inside_a_leg_TLC_53():
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 1]}))
    b = put(g, "beast-c", 29)  # two east, then one east
    put(g, "atlantis/attacker-1", 41)  # next to 30 and 31
    arena.beast_move(g, b)
    assert b.hex == 30


def test_an_engaged_stunned_or_absent_beast_does_not_move_or_roll_TLC_54():
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 1]}))
    b = put(g, "beast-a", 30)
    put(g, "atlantis/attacker-1", 29)
    arena.beast_move(g, b)
    assert b.hex == 30 and g.roller.arena_faces[BEAST_MOVE] == [1, 1]
    g2 = new(roller=Dice(faces={BEAST_MOVE: [1, 1]}))
    b2 = put(g2, "beast-a", 20)
    stun(g2, b2, ATL)
    arena.beast_move(g2, b2)
    assert b2.hex == 20 and g2.roller.arena_faces[BEAST_MOVE] == [1, 1]
    off = arena_chip(g2, "beast-c")
    arena.beast_move(g2, off)
    assert off.zone == TRACK and g2.roller.arena_faces[BEAST_MOVE] == [1, 1]


def test_every_beast_moves_in_the_beasts_step_the_criminals_in_theirs_TLC_52():
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 1, 1, 1], CRIMINAL_MOVE: [1]}))
    b1 = put(g, "beast-a", 19)
    b2 = put(g, "beast-d", 39)
    c = put(g, "criminal-a", 2)
    put(g, "atlantis/attacker-1", 42)
    arena.beasts_move(g)
    assert (b1.hex, b2.hex) == (21, 41) and c.hex == 2
    arena.criminals_move(g)
    assert c.hex != 2


# --------------------------------------------------------------------------- criminals' movement (TLC-56..TLC-58)


def test_the_stay_face_is_narrated_TLC_56():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [6]}))
    c = put(g, "criminal-a", 22)
    put(g, "atlantis/attacker-1", 42)
    arena.criminal_move(g, c)
    assert c.hex == 22 and g.state.log[-1] == "Criminal A stays"


def test_a_stunned_or_absent_criminal_does_not_roll_TLC_56_TLC_87():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1]}))
    c = put(g, "criminal-a", 22)
    put(g, "atlantis/attacker-1", 42)
    stun(g, c, ATL)
    arena.criminal_move(g, c)
    off = waiting(g, "criminal-b")
    arena.criminal_move(g, off)
    assert c.hex == 22 and off.zone == TRACK and g.roller.arena_faces[CRIMINAL_MOVE] == [1]


def test_a_criminal_with_no_player_unit_in_the_arena_stays_TLC_56():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1]}))
    c = put(g, "criminal-a", 22)
    put(g, "beast-a", 42)
    arena.criminal_move(g, c)
    assert c.hex == 22


def test_a_criminal_goes_its_full_move_range_toward_its_target_TLC_56():
    """Criminal C (Move Range 3) four hexes from the target ends next to it, its single closest hex taken without
    asking."""
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1]}))
    s = g.state
    c = put(g, "criminal-c", 28)
    t = put(g, "atlantis/attacker-1", 32)
    arena.criminal_move(g, c)
    assert c.hex == 31 and s.grid.dist[c.hex][t.hex] == 1 and not asked(g, "criminal-hex")
    assert s.board[28] < 0 and s.board[31] == c.uid


def test_a_criminal_that_can_get_no_closer_stays_R_TLC_16():
    """Every hex around the criminal is held: nothing reachable; with its only free neighbour no closer to the
    target, it stays too."""
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1, 1]}))
    s = g.state
    c = put(g, "criminal-a", 31)
    t = put(g, "atlantis/attacker-1", 34)
    for h, name in zip(s.grid.neighbours[31], ("beast-a", "beast-b", "beast-c", "beast-d", "beast-e", "beast-f")):
        put(g, name, h)
    arena.criminal_move(g, c)
    assert c.hex == 31
    rules.withdraw(g, s.units[s.board[30]], TRACK)  # the west neighbour, away from the target
    assert s.grid.dist[30][t.hex] > s.grid.dist[31][t.hex]
    arena.criminal_move(g, c)
    assert c.hex == 31


def test_a_taunt_that_succeeds_sends_the_criminal_toward_the_named_unit_TLC_57():
    g = new({}, {"taunt": lambda o: o[-1]}, roller=Dice(faces={CRIMINAL_MOVE: [1], TAUNT: [2]}), turn=7)
    s = g.state
    s.active = ARENA
    c = put(g, "criminal-c", 31)
    left = put(g, "atlantis/attacker-1", 28)
    right = put(g, "xanadu/attacker-1", 34)
    arena.criminal_move(g, c)
    assert s.grid.dist[c.hex][right.hex] == 1 and s.grid.dist[c.hex][left.hex] > 1
    assert f"The taunt succeeds: Criminal C heads for {right.name}" in s.log


def test_a_failed_taunt_names_another_and_rolls_again_among_three_TLC_57():
    """Three units equally close: the first named fails, the second is named among the two left and succeeds."""
    picks = iter([0, 0])
    g = new({}, {"taunt": lambda o: o[next(picks)]}, roller=Dice(faces={TAUNT: [3, 1]}), turn=7)
    s = g.state
    s.active = ARENA
    c = put(g, "criminal-c", 31)
    a = put(g, "atlantis/attacker-1", 29)
    b = put(g, "atlantis/attacker-2", 33)
    x = put(g, "xanadu/attacker-1", 11)
    assert {s.grid.dist[31][o.hex] for o in (a, b, x)} == {2}
    got = arena.taunt_target(g, c, [a, b, x])
    assert [opts for _, opts in asked(g, "taunt")] == [[a.uid, b.uid, x.uid], [b.uid, x.uid]]
    assert got is b and not g.roller.arena_faces[TAUNT]


def test_the_taunt_is_asked_of_the_chooser_and_is_not_optional_TLC_57_TLC_61():
    """A controller with no answer for "taunt" must still name a unit (the decision is mandatory)."""
    g = new(roller=Dice(faces={TAUNT: [1]}), turn=5)
    c = put(g, "criminal-c", 31)
    a = put(g, "atlantis/attacker-1", 29)
    x = put(g, "xanadu/attacker-1", 33)
    got = arena.taunt_target(g, c, [a, x])
    assert [t for t, _ in asked(g, "taunt")] == [ATL]
    assert got is x  # Atlantis (the chooser) names its opponent's unit first


def test_the_hex_among_equals_is_asked_of_the_chooser_not_optional_TLC_56_R_TLC_16():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1]}), turn=5)
    s = g.state
    c = put(g, "criminal-a", 30)
    t = put(g, "xanadu/attacker-1", 32)
    arena.criminal_move(g, c)
    got = asked(g, "criminal-hex")
    assert [w for w, _ in got] == [ATL] and c.hex == got[0][1][0] and s.grid.dist[c.hex][t.hex] == 1


def test_a_beast_may_walk_onto_hex_0_TLC_53():
    g = new(roller=Dice(faces={BEAST_MOVE: [4, 3]}))
    b = put(g, "beast-a", 1)  # west onto hex 0, then north-west into the wall
    arena.beast_move(g, b)
    assert b.hex == 0


def test_the_champion_in_the_way_ends_the_beasts_leg_TLC_53():
    """The Atlantis champion (the first unit of the set-up) stands in the first direction: that leg ends."""
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 6]}))
    b = put(g, "beast-c", 20)
    hero = champion(g, ATL, 22, active=False)
    assert hero.uid == 0
    put(g, "xanadu/attacker-1", 64)  # far away
    arena.beast_move(g, b)
    assert b.hex != 22 and g.state.board[22] == hero.uid


def test_every_criminal_moves_in_the_criminals_step_TLC_52_TLC_56():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1, 1]}))
    c1 = put(g, "criminal-a", 2)
    c2 = put(g, "criminal-c", 62)
    put(g, "atlantis/attacker-1", 31)
    arena.criminals_move(g)
    assert c1.hex != 2 and c2.hex != 62
