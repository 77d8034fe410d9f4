"""The Lost Cities' bosses (hoplostat/rulesets/lost_cities/bosses.py), pinned rule by rule for mutation testing
(docs/testing-history.md, "Mutation testing"): each ability's reach, amount and targets at their edges, the hex the player
picks next to a target, Taunt among equals, the damage credited to the boss and narrated (`--log`), the end of
the game in the middle of an ability, and the marks' lifetimes (Snared, Death Coil). Checklist:
../shared/rules/lost-cities.md (TLC-60, TLC-79..TLC-85, TLC-90..TLC-92); positions and helpers from
tests/rulesets/lost_cities/test_board.py (map: tests/rulesets/lost_cities/test_rules.py)."""

from __future__ import annotations

from hoplostat.engine.state import DISCARD, PlacedTactic
from hoplostat.rulesets.lost_cities import bosses
from hoplostat.rulesets.lost_cities.base import STUN_MARK
from hoplostat.rulesets.lost_cities.bosses import DEATH_COIL_MARK, SNARE_MARK
from rulesets.lost_cities.test_board import _boss, hero, new, put
from rulesets.lost_cities.test_rules import BASIC, TAUNT, Dice


def lost(s, u, n, what):
    """The narration of `u` losing `n` health to `what` (the damage rule's line)."""
    return f"{u.name} ({s.side_of(u.troop)}) loses {n} HP ({what}), {u.hp} left"


def marks(u, mark):
    return sum(pt.tactic is mark for pt in u.tactics)


def asked(g, decision):
    return [opts for c in g.controllers for d, opts in c.asked if d == decision]


def test_assassinate_6_damage_credited_to_the_boss_from_next_to_the_farthest_TLC_79():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 30)
    near = put(g, "atlantis/defender-1", 32)
    far = hero(g, 0, 36)
    bosses.assassinate(g, b, None)
    assert s.grid.dist[b.hex][far.hex] == 1 and near.hp == near.unit.health
    assert far.hp == far.unit.health - 6 and b.damage_dealt == 6
    assert lost(s, far, 6, "Assassinate") in s.log


def test_assassinate_an_adjacent_farthest_opponent_without_moving_TLC_79():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 31)
    u = hero(g, 0, 32)
    for h in s.grid.neighbours[32]:  # every other hex next to it held by arena units
        if h != 31:
            put(g, "beast-a", h)
    bosses.assassinate(g, b, None)
    assert b.hex == 31 and u.hp == u.unit.health - 6


def test_assassinate_at_distance_2_moves_next_to_the_target_first_TLC_79():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 31)
    u = hero(g, 0, 33)
    bosses.assassinate(g, b, None)
    assert s.grid.dist[b.hex][33] == 1 and u.hp == u.unit.health - 6


def test_assassinate_passes_over_a_farthest_unit_with_no_free_hex_next_to_it_TLC_79():
    """The farthest opponent is hemmed in (one of its neighbours held by the champion, uid 0, the others by arena
    chips): the boss cannot go next to it, so the next farthest is assassinated."""
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 29)
    far = put(g, "atlantis/defender-1", 35)
    champ = hero(g, 0, 34)
    assert champ.uid == 0
    for h in s.grid.neighbours[35]:
        if s.board[h] < 0:
            put(g, "beast-a", h)
    assert s.grid.dist[29][34] < s.grid.dist[29][35]
    bosses.assassinate(g, b, None)
    assert far.hp == far.unit.health and champ.hp == champ.unit.health - 6


def test_the_player_picks_the_hex_next_to_the_target_TLC_79():
    g = new(picks={"boss-hex": lambda opts: opts[-1]})
    s = g.state
    b = _boss(g, "criminal-boss-a", 28)
    u = hero(g, 0, 35)
    free = [h for h in s.grid.neighbours[35] if s.board[h] < 0]
    bosses.assassinate(g, b, None)
    assert asked(g, "boss-hex") == [free] and b.hex == free[-1] and u.hp == u.unit.health - 6


def test_a_single_free_hex_next_to_the_target_is_taken_without_asking_TLC_79():
    """The hexes next to the target held by arena chips and by the champion (uid 0) but one."""
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 28)
    u = put(g, "atlantis/defender-1", 35)
    free = sorted((h for h in s.grid.neighbours[35] if s.board[h] < 0), key=lambda h: s.grid.dist[28][h])
    champ = hero(g, 0, free[0])  # nearer the boss than the target: not the farthest
    assert champ.uid == 0 and s.grid.dist[28][free[0]] < s.grid.dist[28][35]
    for h in free[2:]:
        put(g, "beast-a", h)
    bosses.assassinate(g, b, None)
    assert asked(g, "boss-hex") == [] and b.hex == free[1] and u.hp == u.unit.health - 6


def test_of_two_free_hexes_next_to_the_target_the_player_picks_either_TLC_79():
    g = new(picks={"boss-hex": lambda opts: opts[-1]})
    s = g.state
    b = _boss(g, "criminal-boss-a", 28)
    u = hero(g, 0, 35)
    free = [h for h in s.grid.neighbours[35] if s.board[h] < 0]
    for h in free[2:]:
        put(g, "beast-a", h)
    bosses.assassinate(g, b, None)
    assert asked(g, "boss-hex") == [free[:2]] and b.hex == free[1] and u.hp == u.unit.health - 6


def test_shadow_spear_two_rolls_along_the_line_to_the_wall_2_each_TLC_80():
    """Two rolls, not three; every unit on the line is hit, the champion (uid 0) too, up to the wall (hex 0
    included); 2 damage each, credited to the boss and narrated."""
    g = new(roller=Dice(faces={BASIC: [1, 1, 1]}))
    s = g.state
    b = _boss(g, "beast-boss-c", 31)
    champ = hero(g, 0, 34)
    assert champ.uid == 0
    bosses.shadow_spear(g, b, None)
    assert champ.hp == champ.unit.health - 4 and b.damage_dealt == 4
    assert s.log.count(f"{b.name} throws a Shadow Spear in direction 1") == 2
    assert f"{champ.name} ({s.side_of(0)}) loses 2 HP (Shadow Spear), {champ.unit.health - 2} left" in s.log


def test_shadow_spear_reaches_hex_0_at_the_wall_TLC_80():
    g0 = new()
    grid = g0.state.grid
    # a boss hex and a direction whose line ends on hex 0
    start, face = next((h, f) for h in range(1, len(grid.neighbours)) for f in range(1, 7)
                       if grid.compass_step(h, f) >= 0 and 0 in _line(grid, h, f) and _line(grid, h, f)[0] != 0)
    g = new(roller=Dice(faces={BASIC: [face, face]}))
    b = _boss(g, "beast-boss-c", start)
    u = put(g, "atlantis/defender-1", 0)
    bosses.shadow_spear(g, b, None)
    assert u.hp == u.unit.health - 4


def _line(grid, h, face):
    out = []
    while True:
        h = grid.compass_step(h, face)
        if h < 0:
            return out
        out.append(h)


def test_ground_pound_within_4_not_5_once_per_unit_whatever_its_other_marks_TLC_81():
    g = new()
    s = g.state
    b = _boss(g, "beast-boss-b", 30)
    at4 = put(g, "atlantis/attacker-1", 34)
    at5 = put(g, "atlantis/attacker-2", 35)
    stunned = put(g, "atlantis/defender-1", 32)
    stunned.tactics.append(PlacedTactic(STUN_MARK, b.troop, s.turn))
    snared = put(g, "atlantis/defender-2", 31)
    snared.tactics.append(PlacedTactic(SNARE_MARK, b.troop, s.turn))
    assert s.grid.dist[30][34] == 4 and s.grid.dist[30][35] == 5
    bosses.ground_pound(g, b, None)
    assert marks(at4, STUN_MARK) == 1 and marks(at5, STUN_MARK) == 0
    assert marks(stunned, STUN_MARK) == 1 and marks(snared, STUN_MARK) == 1
    assert f"{at4.name} ({s.side_of(0)}) is stunned by a Ground Pound" in s.log


def test_strike_fear_pushes_onto_hex_0_and_never_onto_a_held_hex_narrated_TLC_82():
    g = new()
    s = g.state
    grid = s.grid
    n = grid.neighbours[0][0]
    bh = grid.beyond(0, n)
    assert bh >= 0 and grid.beyond(bh, n) == 0
    b = _boss(g, "beast-boss-a", bh)
    u = put(g, "atlantis/attacker-1", n)
    bosses.strike_fear(g, b, None)
    assert u.hex == 0
    assert f"{u.name} ({s.side_of(0)}) is displaced from hex {n} to hex 0 by {b.name}" in s.log


def test_strike_fear_leaves_a_unit_whose_retreat_hex_holds_the_champion_TLC_82():
    g = new()
    s = g.state
    b = _boss(g, "beast-boss-a", 31)
    u = put(g, "atlantis/attacker-1", 32)
    champ = hero(g, 0, 33)
    assert champ.uid == 0 and s.grid.beyond(31, 32) == 33
    bosses.strike_fear(g, b, None)
    assert u.hex == 32 and champ.hex == 33


def test_acid_spray_1_each_credited_to_the_boss_and_narrated_TLC_83():
    g = new()
    s = g.state
    b = _boss(g, "beast-boss-b", 2)
    u = hero(g, 0, 60)
    bosses.acid_spray(g, b, None)
    assert u.hp == u.unit.health - 1 and b.damage_dealt == 1 and lost(s, u, 1, "Acid Spray") in s.log


def test_the_game_ends_when_the_last_champion_falls_mid_spray_and_nothing_more_is_hurt_TLC_14_TLC_83():
    g = new()
    s = g.state
    b = _boss(g, "beast-boss-b", 2)
    champ = hero(g, 0, 60)
    champ.hp = 1
    other = put(g, "atlantis/attacker-1", 30)
    assert [u.uid for u in bosses._players(s)].index(champ.uid) < [u.uid for u in bosses._players(s)].index(other.uid)
    bosses.acid_spray(g, b, None)
    assert champ.zone == DISCARD and s.end_reason is not None and other.hp == other.unit.health


def test_snared_within_2_not_3_the_boss_mark_narrated_and_kept_through_the_turn_it_came_TLC_84():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 31)
    at2 = put(g, "atlantis/attacker-1", 33)
    at3 = put(g, "atlantis/attacker-2", 34)
    assert s.grid.dist[31][33] == 2 and s.grid.dist[31][34] == 3
    bosses.snared(g, b, None)
    assert marks(at2, SNARE_MARK) == 1 and marks(at3, SNARE_MARK) == 0
    assert [pt.owner for pt in at2.tactics] == [b.troop]
    assert f"{at2.name} ({s.side_of(0)}) is snared" in s.log
    bosses.lift_snares(g, 0)  # the end of the turn it was snared in: it is still to miss its next turn's move
    assert marks(at2, SNARE_MARK) == 1


def test_lifting_snares_lifts_only_the_troops_own_snares_and_no_other_mark_TLC_84_TLC_92():
    g = new(("atlantis", "xanadu"))
    s = g.state
    b = _boss(g, "criminal-boss-a", 31)
    mine = put(g, "atlantis/attacker-1", 32)
    theirs = put(g, "xanadu/attacker-1", 30)
    bosses.snared(g, b, None)
    mine.tactics.append(PlacedTactic(DEATH_COIL_MARK, b.troop, s.turn))
    s.turn += 1
    bosses.lift_snares(g, 0)
    assert marks(mine, SNARE_MARK) == 0 and marks(mine, DEATH_COIL_MARK) == 1
    assert marks(theirs, SNARE_MARK) == 1


def test_regen_is_3_when_the_skill_names_no_number_TLC_85():
    g = new()
    b = _boss(g, "beast-boss-a", 31)
    b.hp -= 5
    g.state.supply[g.state.supply_of(b.troop)] += 5
    bosses.regen(g, b, None)
    assert b.hp == b.unit.health - 2


def test_chase_down_4_credited_and_narrated_taunt_only_among_equally_close_TLC_90_TLC_57():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-b", 28)
    near = hero(g, 0, 33)
    put(g, "atlantis/attacker-1", 56)
    bosses.chase_down(g, b, None)
    assert asked(g, "taunt") == [] and b.damage_dealt == 4 and lost(s, near, 4, "Chase Down") in s.log


def test_chase_down_taunt_among_equally_close_opponents_TLC_90_TLC_57():
    """Two equally close: the player names one (here the last offered) and rolls the Taunt die; a "T" sends the
    boss to it for 4 damage, the other is untouched."""
    g = new(picks={"taunt": lambda opts: opts[-1]}, roller=Dice(faces={TAUNT: [1]}))
    s = g.state
    b = _boss(g, "criminal-boss-b", 31)
    a = put(g, "atlantis/defender-1", 34)
    c = put(g, "atlantis/defender-2", 28)
    assert s.grid.dist[31][34] == s.grid.dist[31][28] == 3
    bosses.chase_down(g, b, None)
    (offered,) = asked(g, "taunt")
    assert sorted(offered) == sorted([a.uid, c.uid])
    target, other = (a, c) if offered[-1] == a.uid else (c, a)
    assert s.grid.dist[b.hex][target.hex] == 1 and target.hp == target.unit.health - 4
    assert other.hp == other.unit.health


def test_chase_down_with_no_free_hex_next_to_the_closest_does_nothing_TLC_90():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-b", 29)
    u = hero(g, 0, 33)
    for h in s.grid.neighbours[33]:
        if s.board[h] < 0:
            put(g, "beast-a", h)
    bosses.chase_down(g, b, None)
    assert b.hex == 29 and u.hp == u.unit.health


def test_frenzy_brings_2_health_to_1_credited_and_narrated_TLC_91():
    g = new()
    s = g.state
    b = _boss(g, "beast-boss-a", 31)
    two = put(g, "atlantis/defender-1", 32)
    s.supply[s.supply_of(0)] += two.hp - 2
    two.hp = 2
    champ = hero(g, 0, 30)
    bosses.frenzy(g, b, None)
    assert two.hp == 1 and champ.hp == 1
    assert b.damage_dealt == 1 + champ.unit.health - 1 and lost(s, champ, champ.unit.health - 1, "Frenzy") in s.log


def test_death_coil_only_an_adjacent_unit_once_whatever_its_other_marks_narrated_TLC_92():
    g = new(picks={"taunt": lambda opts: opts[-1]})
    s = g.state
    b = _boss(g, "beast-boss-b", 31)
    a = put(g, "atlantis/defender-1", 32)
    a.tactics.append(PlacedTactic(STUN_MARK, b.troop, s.turn))
    far = put(g, "atlantis/attacker-1", 35)
    bosses.death_coil(g, b, None)
    assert marks(a, DEATH_COIL_MARK) == 1 and marks(far, DEATH_COIL_MARK) == 0
    assert f"{a.name} ({s.side_of(0)}) is held by a Death Coil" in s.log
    bosses.death_coil(g, b, None)  # the only adjacent unit is held already: nothing more
    assert marks(a, DEATH_COIL_MARK) == 1 and marks(far, DEATH_COIL_MARK) == 0


def test_death_coil_drains_2_from_each_held_unit_of_the_troop_whose_turn_starts_narrated_TLC_92():
    g = new(("atlantis", "xanadu"))
    s = g.state
    b = _boss(g, "beast-boss-b", 31)
    u1 = hero(g, 0, 32)
    u2 = put(g, "atlantis/defender-1", 40)
    theirs = put(g, "xanadu/defender-1", 50)
    for u in (u1, u2, theirs):
        u.tactics.append(PlacedTactic(DEATH_COIL_MARK, b.troop, s.turn))
    bosses.drain(g, 0)
    assert u1.hp == u1.unit.health - 2 and u2.hp == u2.unit.health - 2 and theirs.hp == theirs.unit.health
    assert lost(s, u2, 2, "Death Coil") in s.log
