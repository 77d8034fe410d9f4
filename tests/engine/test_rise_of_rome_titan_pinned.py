"""Rise of Rome against a titan, pinned: behaviour the mutation run of `rulesets/rise_of_rome/titan.py` found
unpinned (docs/testing.md, "Rise of Rome's titan mode"): Tidal Wave's line (ROR-72, R-ROR-20), the Trident's
stuns (ROR-73), a stunned summoned unit (ROR-79, ROR-103), the mode's options and the sweep rows.

Positions start from the mode's real set-up, as in `test_rise_of_rome_titan.py` (whose helpers are used);
dice and d6 faces are forced. The titan hex is 39; d6 face 1 is east (40, 41, 42, 43, 44)."""

from __future__ import annotations

import re

import pytest
from enginekit import Scripted
from test_rise_of_rome_titan import CAT, champion, gladiator, new, pillars_down, put, scripted, summoned_at, titan

from hoplostat.engine import rules
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome import titan as ti
from hoplostat.rulesets.rise_of_rome.skills import lift_flips
from hoplostat.rulesets.rise_of_rome.titan import RiseOfRomeTitan

EAST = (40, 41, 42, 43, 44)


def archer(s, p=0):
    """One of the player's F/A archers (Move 0), off the board."""
    return next(u for u in s.units if u.troop == p and u.unit.kind == "fa-archer" and u.unit.movement == 0)


# --------------------------------------------------------------------------- Tidal Wave (ROR-72, R-ROR-20)


def test_tidal_wave_draws_a_unit_all_the_way_to_the_titan_R_ROR_20():
    """R-ROR-20: a unit alone on the line is drawn as close as it can come: next to the titan, not beyond; the
    log says the titan displaced it."""
    g = new(d6=[1])
    s = g.state
    u = put(s, gladiator(s), EAST[2])
    ti._tidal_wave(g, titan(s), None)
    assert u.hex == EAST[0]
    assert f"{u.name} (red) is displaced from hex {EAST[2]} to hex {EAST[0]} by {titan(s).name}" in s.log


def test_tidal_wave_leaves_an_archer_and_draws_the_units_behind_it_up_to_it_R_ROR_20():
    """R-ROR-20: a chip that cannot move (an archer, Move 0) stays; a Move 1 gladiator behind it is still drawn,
    as far as the hex next to the archer."""
    g = new(d6=[1])
    s = g.state
    a = put(s, archer(s), EAST[1])
    slow = next(u for u in s.units if u.troop == 0 and u.unit.kind == "unit" and u.unit.movement == 1
                and u.zone != "combat")
    slow = put(s, slow, EAST[4])
    ti._tidal_wave(g, titan(s), None)
    assert a.hex == EAST[1] and slow.hex == EAST[2]


def test_tidal_wave_draws_the_champion_and_stops_the_next_unit_behind_it_R_ROR_20():
    """The champion on the line is drawn like any unit (uid 0: player 1's champion); a unit farther out stops
    behind it."""
    g = new(d6=[1])
    s = g.state
    ch = champion(s)
    assert ch.uid == 0
    s.board[ch.hex] = -1
    ch.hex = EAST[2]
    s.board[EAST[2]] = ch.uid
    g2 = put(s, gladiator(s), EAST[4])
    ti._tidal_wave(g, titan(s), None)
    assert ch.hex == EAST[0] and g2.hex == EAST[1]


def test_tidal_wave_never_draws_a_summoned_unit_onto_the_players_foothold_ROR_54():
    """ROR-54: the titan's units never enter a foothold of the players': a summoned unit drawn along the line
    stops before one; a player's gladiator is drawn over the players' own foothold."""
    g = new(d6=[1])
    s = g.state
    own = summoned_at(g, EAST[3])
    rules.place_foothold(g, 0, EAST[1])
    ti._tidal_wave(g, titan(s), None)
    assert own.hex == EAST[2]
    g = new(d6=[1])
    s = g.state
    mine = put(s, gladiator(s), EAST[3])
    rules.place_foothold(g, 0, EAST[1])
    ti._tidal_wave(g, titan(s), None)
    assert mine.hex == EAST[0]


def test_tidal_wave_hurts_within_1_plus_x_credited_to_the_titan_ROR_72():
    """ROR-72: every opposing unit within 1 + X hexes takes 1 damage ("Tidal Wave" in the log), dealt by the
    titan; with one shard active (X = 1) that is 2 hexes, not 3."""
    g = new(d6=[4])  # west: nothing on that line
    s = g.state
    pillars_down(g, keep=3)  # the champion holds one shard: X = 1
    assert ti.active_shards(s) == 1
    two = put(s, gladiator(s), 50 if s.grid.dist[39][50] == 2 else next(
        h for h in range(s.grid.n) if s.grid.dist[39][h] == 2 and s.board[h] < 0 and not s.grid.move_block[h]))
    three = put(s, gladiator(s), next(h for h in range(s.grid.n) if s.grid.dist[39][h] == 3 and s.board[h] < 0
                                      and not s.grid.move_block[h] and h not in (34, 35, 36, 37, 38)))
    dealt = titan(s).damage_dealt
    ti._tidal_wave(g, titan(s), None)
    assert two.hp == two.unit.health - 1 and three.hp == three.unit.health
    assert f"{two.name} (red) loses 1 HP (Tidal Wave), {two.hp} left" in s.log
    assert titan(s).damage_dealt == dealt + 1 + (champion(s).hp < champion(s).unit.health)


# --------------------------------------------------------------------------- the Trident (ROR-73)


def test_trident_stun_flips_the_closest_holder_for_one_titan_round_ROR_73_ROR_103():
    """ROR-73: Trident Stun flips the closest shard holder (no choice asked when one is closest); the flip is the
    titan's: it ends at the start of the titan's attack block in a later turn (ROR-103)."""
    g = new(d6=[1])
    s = g.state
    near, far = put(s, gladiator(s), 41), put(s, gladiator(s), 44)
    s.shards[0], s.shards[1] = near.uid, far.uid
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    ti._trident_stun(g, titan(s), None)
    assert s.is_fatigued(near) and not s.is_fatigued(far)
    assert not any(d == "titan-choice" for d, _ in c.asked)
    s.turn += 1
    lift_flips(g, 0)  # the players' attack phase: not theirs to lift
    assert s.is_fatigued(near)
    lift_flips(g, s.titan_troop)
    assert not s.is_fatigued(near)


def test_trident_stun_between_equally_close_holders_is_the_players_choice_ROR_80():
    """ROR-80: two holders equally close: the player chooses which is stunned ("titan-choice")."""
    g = new()
    s = g.state
    a, b = put(s, gladiator(s), 41), put(s, gladiator(s), 37)
    s.shards[0], s.shards[1] = a.uid, b.uid
    c = Scripted({"titan-choice": lambda o: o[-1]})
    g.controllers = [c, g.controllers[-1]]
    ti._trident_stun(g, titan(s), None)
    (asked,) = [o for d, o in c.asked if d == "titan-choice"]
    assert sorted(u.uid for u in asked) == sorted([a.uid, b.uid])
    assert s.is_fatigued(asked[-1]) and not s.is_fatigued(asked[0])


def test_trident_storm_flips_are_the_titans_ROR_73():
    """ROR-73: Trident Storm flips every holder, until the titan's attack block in a later turn."""
    g = new()
    s = g.state
    a, b = put(s, gladiator(s), 41), put(s, gladiator(s), 44)
    s.shards[0], s.shards[1] = a.uid, b.uid
    ti._trident_storm(g, titan(s), None)
    assert s.is_fatigued(a) and s.is_fatigued(b)
    s.turn += 1
    lift_flips(g, s.titan_troop)
    assert not s.is_fatigued(a) and not s.is_fatigued(b)


def _summoned_beside_champion(g):
    """Player 1's champion and a summoned unit put on the first free hex next to it (not blocked, not muted)."""
    s = g.state
    ch = champion(s)
    spot = next(h for h in s.grid.neighbours[ch.hex] if s.board[h] < 0 and not s.grid.move_block[h]
                and not s.muted[h])
    return ch, summoned_at(g, spot)


def test_a_stunned_summoned_unit_does_not_attack_ROR_79_ROR_103():
    """ROR-103: a flipped unit only has its health: a stunned summoned unit next to the champion does not
    attack it (it is not on an inner hex either)."""
    g = new()
    s = g.state
    ch, u = _summoned_beside_champion(g)
    from hoplostat.rulesets.rise_of_rome.skills import flip
    flip(g, u, 0)
    hp = ch.hp
    ti.shard_bound_attack(g, u)
    assert ch.hp == hp
    s.turn += 1
    lift_flips(g, 0)
    ti.shard_bound_attack(g, u)
    assert ch.hp < hp


# --------------------------------------------------------------------------- the mode's options and rows


def test_city_origins_adds_both_custom_builds_to_the_catalog_ORI_53():
    """ORI-53 (`--option city=origins`): the catalog gains every chip of both custom builds and keeps its own;
    without the option (or `city=own`) it is the catalog itself."""
    assert RiseOfRomeTitan.catalog_of(CAT) is CAT and RiseOfRomeTitan.catalog_of(CAT, (("city", "own"),)) is CAT
    cat = RiseOfRomeTitan.catalog_of(CAT, (("city", "origins"),))
    builds = ti.origins_builds()
    assert set(CAT.units) | {u.id for glads, _ in builds for u in glads} == set(cat.units)
    assert set(CAT.tactics) | {t.id for _, ts in builds for t in ts} == set(cat.tactics)
    assert all(cat.units[u.id] is u for glads, _ in builds for u in glads)
    assert cat.titans == CAT.titans


def test_second_titan_option_must_name_a_titan():
    """`--option second-titan=ID` takes a titan of the catalog; any other id is refused, listing them."""
    RiseOfRomeTitan.check_options(CAT, (("second-titan", "cronus"),))
    RiseOfRomeTitan.check_options(CAT, ())
    names = ", ".join(sorted(CAT.titans))
    with pytest.raises(InputError, match=rf"^--option second-titan=zeus: rise-of-rome-titan has no titan 'zeus'; "
                                         rf"its titans: {names}$"):
        RiseOfRomeTitan.check_options(CAT, (("second-titan", "zeus"),))


def test_the_titans_side_declines_what_it_may_and_takes_the_first_it_must_ROR_80():
    """ROR-80: the titan's side leaves open choices to the player; asked itself (a skill asking a unit's own
    side), it declines an optional one and takes the first of a mandatory one."""
    side = ti._TitanSide()
    assert side.choose(None, 1, "intercept", [7, 8], optional=True) is None
    assert side.choose(None, 1, "intercept", [7, 8], optional=False) == 7


def test_sweep_rows_carry_each_seats_counts_and_whether_the_players_won():
    """The `games` row's per-seat counts are the result's; the `units` rows say whether the players won;
    `is_success` reads `won`."""
    g = new("oceanus", d6=[1, 1, 1])
    s = g.state
    pillars_down(g)
    res = s.mode.result(g, None)
    rows = RiseOfRomeTitan.rows(res, {"matchup": "m", "arena": "colosseum", "game": 0}, lambda u: "unit")
    (row,) = rows["games"]
    (tr,) = res.troops
    assert (row["a_damage_dealt"], row["a_kills"], row["a_units_deployed"], row["a_units_lost"],
            row["a_crowd_favor"]) == (tr.damage_dealt, tr.kills, tr.units_deployed, tr.units_lost, tr.crowd_favor)
    assert row["a_damage_dealt"] > 0 and row["b_damage_dealt"] is None
    assert rows["units"] and all(u["won"] is False for u in rows["units"])
    assert RiseOfRomeTitan.is_success({"won": True}) is True and RiseOfRomeTitan.is_success(row) is False


# --------------------------------------------------------------------------- movement, going home, summoning


def _free(s, near, k):
    return [h for h in s.grid.at_distance(near, k) if s.board[h] < 0 and not s.grid.move_block[h]
            and not s.grid.inner[h] and h not in s.footholds]


def test_move_toward_heads_for_the_closest_then_weakest_by_route_ROR_63_ROR_64():
    """Stand-in `move-toward N` (ROR-63/64): toward the closest opposing unit by route, a weaker one farther off
    notwithstanding; among equally close ones the weakest, no choice asked; up to N hexes (N = 1: one hex, though
    the titan has Movement 2); no N: its Movement."""
    g = new("menoetius")
    s = g.state
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    t = titan(s)
    assert t.unit.movement == 2 and t.hex == 39
    near = put(s, gladiator(s), _free(s, 39, 3)[0])
    far_weak = put(s, gladiator(s), max(_free(s, 39, 5), key=lambda h: s.grid.dist[h][near.hex]), hp=1)
    assert s.grid.dist[far_weak.hex][near.hex] >= 3
    ti._move_toward(g, t, 1)
    assert s.grid.dist[t.hex][39] == 1 and s.grid.dist[t.hex][near.hex] == 2
    ti._move_toward(g, t, None)
    assert s.grid.dist[t.hex][near.hex] == 1 and far_weak.hp == 1
    assert not any(d == "titan-choice" for d, _ in c.asked)
    # equally close: the weaker
    g = new("menoetius")
    s = g.state
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    t = titan(s)
    a_hex, b_hex = _free(s, 39, 4)[:2]
    strong, weak = put(s, gladiator(s), a_hex), put(s, gladiator(s), b_hex, hp=1)
    from hoplostat.rulesets.rise_of_rome.titan import route_from
    dist = route_from(s, t.hex, t)
    if dist[a_hex] == dist[b_hex]:
        ti._move_toward(g, t, None)
        assert s.grid.dist[t.hex][weak.hex] < s.grid.dist[39][weak.hex] and strong.hp == strong.unit.health
        # the target is not asked for (a tie between end hexes may be: their options are hexes)
        assert not any(d == "titan-choice" and not all(isinstance(x, int) for x in o) for d, o in c.asked)
    else:
        pytest.fail("no two free hexes at an equal route from the titan hex")


def test_going_home_trades_places_with_the_champion_there_ROR_67():
    """ROR-67: the titan goes back to the titan hex; a unit there (the champion, uid 0) trades places with
    him; the log says which; with the hex free he just returns."""
    g = new()
    s = g.state
    t, ch = titan(s), champion(s)
    away = _free(s, 39, 2)[0]
    rules.displace(g, t, away)
    s.board[ch.hex] = -1
    ch.hex = 39
    s.board[39] = ch.uid
    ti.go_home(g, t)
    assert t.hex == 39 and ch.hex == away and s.board[away] == ch.uid and s.board[39] == t.uid
    assert f"{t.name} returns to the titan hex and trades places with {ch.name} (now on hex {away})" in s.log
    rules.displace(g, t, away + 0 if s.board[away] < 0 else _free(s, 39, 1)[0])
    src = t.hex
    ti.go_home(g, t)
    assert t.hex == 39 and s.board[src] < 0 and s.log[-1] == f"{t.name} returns to the titan hex"


def test_call_forth_with_the_champion_on_the_titan_hex_summons_onto_the_inner_hex_of_the_d6_ROR_69():
    """ROR-69 (R-ROR-17): the titan hex taken (by the champion, uid 0), a summoned unit goes onto the inner hex
    two steps from it in the d6's direction (face 1: east, hex 41) if free."""
    g = new(d6=[1, 1])
    s = g.state
    t, ch = titan(s), champion(s)
    rules.displace(g, t, _free(s, 39, 2)[0])
    s.board[ch.hex] = -1
    ch.hex = 39
    s.board[39] = ch.uid
    u = s.units[s.pile[0]]
    ti._call_forth(g, t, None)
    assert ch.hex == 39 and f"{ti.card(s).unit.name} summons {u.name} onto hex 41" in s.log


def test_summoning_skips_the_players_foothold_and_fails_with_every_inner_hex_taken_ROR_54_ROR_69():
    """ROR-54/69: a players' foothold on the inner hex is not free for the titan's side: the next one clockwise
    is taken; with the titan hex and all six inner hexes taken nothing is summoned (said so), and the chip stays
    in the pile; an empty pile is said so too."""
    g = new(d6=[1, 1, 1])
    s = g.state
    assert s.board[39] == titan(s).uid
    rules.place_foothold(g, 0, 41)
    assert ti.inner_clockwise(s, 1, s.titan_troop) != 41
    u = s.units[s.pile[0]]
    ti._call_forth(g, titan(s), None)
    (line,) = [x for x in s.log if x.startswith(f"{ti.card(s).unit.name} summons {u.name} onto hex ")]
    h = int(line.rsplit(" ", 1)[1])
    assert u.zone == "combat" and h != 41 and s.grid.inner[h]
    inner = [h for h in range(s.grid.n) if s.grid.inner[h]]
    assert len(inner) == 6
    for h in inner:
        if s.board[h] < 0 and h not in s.footholds:
            put(s, gladiator(s), h)
    assert ti.inner_clockwise(s, 1, s.titan_troop) == -1
    nxt = s.units[s.pile[0]]
    assert ti.summon(g, nxt) is False
    assert s.log[-1] == f"no free hex to summon {nxt.name}" and nxt.zone != "combat" and s.pile[0] == nxt.uid
    s.pile.clear()
    ti._call_forth(g, titan(s), None)
    assert s.log[-1] == "the pile is empty: nothing to call forth"


def test_quake_damage_is_the_titans():
    """The stand-in `quake`: its damage is dealt by the titan (its statistics)."""
    g = new("cronus")
    s = g.state
    near = put(s, gladiator(s), 40)
    dealt = titan(s).damage_dealt
    ti._quake(g, titan(s), 1)
    assert near.hp == near.unit.health - 1 and titan(s).damage_dealt == dealt + 1


def test_shard_bound_attack_weakest_among_holders_the_champion_holding_one_included_ROR_76():
    """ROR-76: a summoned unit attacks the weakest shard holder in range; the champion holding a shard is a
    holder like any other (so the weaker champion is chosen over a sturdier holder); among units that hold
    nothing, the weakest, no choice asked."""
    g = new(roller=None)
    s = g.state
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    ch, u = _summoned_beside_champion(g)
    other = next(h for h in s.grid.neighbours[u.hex] if s.board[h] < 0 and not s.grid.move_block[h] and h != ch.hex)
    holder = put(s, gladiator(s), other)
    s.shards[0], s.shards[1] = ch.uid, holder.uid
    ch.hp = 2
    hp_h = holder.hp
    ti.shard_bound_attack(g, u)
    assert ch.hp < 2 or ch.zone != "combat"
    assert holder.hp == hp_h
    assert not any(d == "titan-choice" for d, _ in c.asked)


# --------------------------------------------------------------------------- the result, the end, deployment, shards


def test_the_result_reports_each_seat_and_the_titans_hp_ROR_17_ROR_82():
    """The result: per seat its index, city, red side, team 0 and its counts (deployed, damage, kills, lost,
    favor, rewards, tactic damage and kills, titan damage); mode, rule set, arena, cities, rounds, first seat;
    the titan's HP (in play: left; defeated: 0; not in play: its Health); the titan turns; the log."""
    g = new("menoetius", ("rome", "pompeii"), second="cronus")
    s = g.state
    for k, t in enumerate(s.troops[:2]):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + k, 7 + k, 2 + k, 1 + k
        t.favor_total, t.rewards, t.tactic_damage, t.tactic_kills = 5 + k, 1 + k, 2 + k, 1
    s.titan_damage[0], s.titan_damage[1] = 4, 6
    s.titan_turns = 3
    s.round = 5
    res = s.mode.result(g, None)
    got = [(t.seat, t.faction, t.side, t.team, t.units_deployed, t.damage_dealt, t.kills, t.units_lost, t.crowd_favor,
            t.rewards, t.tactic_damage, t.tactic_kills, t.extras) for t in res.troops]
    assert got == [(0, "rome", "red", 0, 3, 7, 2, 1, 5, 1, 2, 1, {"titan_damage": 4}),
                   (1, "pompeii", "red", 0, 4, 8, 3, 2, 6, 2, 3, 1, {"titan_damage": 6})]
    assert (res.mode, res.ruleset, res.arena, res.factions, res.rounds, res.first_player) == \
        ("rise-of-rome-titan", "rise-of-rome", "colosseum", ("rome", "pompeii"), 5, 0)
    assert res.extras["titan_turns"] == 3 and res.log is s.log and isinstance(res.unimplemented, tuple)
    assert res.units and all(u.seat in (0, 1) for u in res.units)
    from hoplostat.engine.state import BAG, TRACK
    assert len(res.units) == sum(1 for u in s.units if u.troop in (0, 1) and u.zone not in (BAG, TRACK))
    t = titan(s)
    assert res.extras["titan_hp"] == t.hp
    t.hp = 5
    assert s.mode.result(g, None).extras["titan_hp"] == 5
    s.board[t.hex] = -1
    s.leave_combat(t)
    t.zone = "discard"
    assert s.mode.result(g, None).extras["titan_hp"] == 0
    t.zone = "camp"
    assert s.mode.result(g, None).extras["titan_hp"] == t.unit.health


def test_the_end_names_the_winner_only_when_the_titan_falls_ROR_17():
    """The players (seat 0's side) win on "titan defeated", and the log says "Game over"; any other end has no
    winner; the co-op hand-over to the second titan is narrated as such, not as a game over."""
    g = new()
    s = g.state
    s.mode.end(g, "titan defeated")
    assert s.winner == 0 and s.log[-1] == "Game over: titan defeated"
    g = new()
    s = g.state
    s.mode.end(g, "champion defeated")
    assert s.winner is None and s.log[-1] == "Game over: champion defeated"
    g = new()
    s = g.state
    s.mode.end(g, ti.NEXT_TITAN)
    assert s.log[-1] == f"-- {ti.NEXT_TITAN}"


def test_deployment_hexes_are_the_red_pair_the_inner_hexes_and_the_titan_hex_then_the_blue_pair_ROR_10_ROR_49():
    """ROR-10: the red outer pair, the six inner hexes and the titan hex; ROR-49: the blue pair too, once open."""
    g = new()
    s = g.state
    grid = s.grid
    red, blue = list(grid.tagged("outer-red")), list(grid.tagged("outer-blue"))
    inner = [h for h in range(grid.n) if grid.inner[h]]
    assert len(red) == len(blue) == 2 and len(inner) == 6
    assert sorted(s.mode.deployment_hexes(s, 0)) == sorted(red + inner + [39])
    ti.meter_troop(s).far_open = True
    assert sorted(s.mode.deployment_hexes(s, 0)) == sorted(red + inner + [39] + blue)


def test_a_fallen_holders_shard_goes_to_its_own_players_champion_R_ROR_15():
    """R-ROR-15: a defeated shard holder's shard goes to its player's champion: co-op player 2's unit to
    player 2's champion (not player 1's)."""
    g = new("menoetius", ("rome", "pompeii"), second="cronus")
    s = g.state
    u = put(s, gladiator(s, 1), 41)
    s.shards[0] = u.uid
    ti.pass_shard(g, u)
    assert s.shards[0] == champion(s, 1).uid
    assert s.log[-1] == f"{champion(s, 1).name} takes up the shard {u.name} held"


# --------------------------------------------------------------------------- from the 2026-12-02 fresh run's survivors


def test_an_unscripted_d6_shows_every_face_one_to_six_read_through_the_die_legend_ROR_65():
    """ROR-65 (R-ROR-18): a d6 gives 1..6, each face; the log names the face's Die Legend direction."""
    g = new()
    s = g.state
    faces = {ti.d6(g) for _ in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}
    s.d6_script = [1, 4]
    ti.d6(g)
    ti.d6(g)
    assert s.log[-2:] == ["d6: 1 (e)", "d6: 4 (w)"]


def test_one_hex_per_step_of_the_row_stopping_where_the_way_is_blocked_ROR_68():
    """ROR-68: the row's N hexes (1 when none is printed) in the d6's direction; a unit in the way stops it
    where it stands in front."""
    for arg, blocker, end in ((None, None, 40), (2, None, 41), (2, 41, 40)):
        g = new(d6=[1])
        s = g.state
        if blocker is not None:
            put(s, gladiator(s), blocker)
        ti._move_d6(g, titan(s), arg)
        assert titan(s).hex == end, (arg, blocker)


def _nothing_left(g):
    s = g.state
    for u in s.units:
        if u.troop in s.players and u.unit.kind == "unit":
            u.zone = "track"
    for p in s.players:
        s.troops[p].tactics_bag.clear()
        s.troops[p].tactics_camp.clear()
    m = ti.meter_troop(s)
    m.fa_earned = []
    m.cf_unlocked = False
    assert ti.out_of_chips(s)
    return s


def test_any_chip_left_to_either_player_keeps_the_game_going_R_ROR_23():
    """R-ROR-23: the players are out of chips only when no player has a gladiator in play, hand or bag, a
    tactic in hand or bag, nor the meter an earned F/A chip or an unlocked CF gladiator to deploy."""
    for what in ("bag", "hand", "tactic-hand", "tactic-bag", "fa", "cf", "partner"):
        g = new(factions=("rome", "pompeii"))
        s = _nothing_left(g)
        m = ti.meter_troop(s)
        p2 = s.units[next(u.uid for u in s.units if u.troop == 1 and u.unit.kind == "unit")]
        tac = CAT.faction_tactics("rome")[0]
        if what == "bag":
            gladiator(s).zone = "bag"
        elif what == "hand":
            gladiator(s).zone = "camp"
        elif what == "tactic-hand":
            s.troops[0].tactics_camp.append(tac)
        elif what == "tactic-bag":
            s.troops[0].tactics_bag.append(tac)
        elif what == "fa":
            m.fa_earned = [archer(s).uid]
        elif what == "cf":
            m.cf_unlocked = True
            assert s.units[m.cf_gladiator].zone == "track"
        else:  # player 2's gladiator in combat
            put(s, p2, 25)
        assert not ti.out_of_chips(s), what
    g = new()
    s = _nothing_left(g)
    m = ti.meter_troop(s)
    m.cf_unlocked = True
    s.units[m.cf_gladiator].zone = "discard"  # deployed and gone: nothing to deploy
    assert ti.out_of_chips(s)


def test_the_favor_and_titan_damage_count_only_the_players_damage_to_the_titans_side_ROR_41_ROR_58():
    """ROR-41, ROR-58: one favor per health chip the players take from the titan's side, and the titan's own
    damage summed per player; no favor for damage to the players' own units, for the titan side's own, nor for 0."""
    g = new()
    s = g.state
    m = ti.meter_troop(s)
    own = put(s, gladiator(s), 25)
    pil = s.units[s.pillars[0]]
    mode = s.mode
    n = len(s.log)
    mode.after_damage(g, own, 2, source=None, source_troop=0)
    mode.after_damage(g, pil, 1, source=None, source_troop=s.titan_troop)
    mode.after_damage(g, pil, 0, source=None, source_troop=0)
    mode.after_damage(g, pil, 1, source=None, source_troop=None)
    assert m.favor_total == 0 and len(s.log) == n and s.titan_damage == [0, 0]
    mode.after_damage(g, pil, 1, source=None, source_troop=0)
    assert m.favor_total == 1 and s.titan_damage == [0, 0]
    mode.after_damage(g, titan(s), 2, source=None, source_troop=0)
    mode.after_damage(g, titan(s), 3, source=None, source_troop=0)
    assert s.titan_damage == [5, 0] and m.favor_total == 6


def test_a_freed_shard_is_held_by_the_destroyer_in_play_else_its_players_champion_ROR_60_R_ROR_15():
    """R-ROR-15: the unit in play that destroyed the pillar holds the shard; a destroyer no longer in play, or a
    tactic's damage, gives it to that player's champion (player 1's when no player is named); the log numbers the
    pillar and says when the titan can be defeated."""
    g = new(factions=("rome", "pompeii"))
    s = g.state
    gone = put(s, gladiator(s), 25)
    gone.zone = "discard"
    pils = [s.units[u] for u in s.pillars]
    ti.free_shard(g, pils[0], gone, 0)
    assert s.shards[0] == champion(s, 0).uid
    assert s.log[-1] == f"the shard of pillar 1 is freed: {champion(s, 0).name} holds it"
    ti.free_shard(g, pils[1], None, 1)
    assert s.shards[1] == champion(s, 1).uid
    ti.free_shard(g, pils[2], None, None)
    assert s.shards[2] == champion(s, 0).uid and s.log[-1].startswith("the shard of pillar 3 is freed")
    ti.free_shard(g, pils[3], None, None)
    assert s.log[-1].endswith(f"holds it; {ti.card(s).unit.name} can now be defeated")
    g = new()
    s = g.state
    ti.free_shard(g, s.units[s.pillars[0]], None, None)
    assert s.shards[0] == champion(s).uid


def test_city_origins_with_a_plain_catalog_still_deals_the_origins_builds_ORI_53():
    """ORI-53 (R-ORI-21): `new_game` given the plain Rise of Rome catalog with `city=origins` adds the builds
    itself; without the option the city's own chips play; the log is off unless asked; the controller count."""
    from hoplostat.engine.loop import GameSpec

    import numpy as np

    spec = GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus", options=(("city", "origins"),))
    g = RiseOfRomeTitan.new_game(CAT, spec, [Scripted()], rng=np.random.default_rng(0))
    mine = [u.unit.id for u in g.state.units if u.troop == 0 and u.unit.kind == "unit"]
    assert mine and all(x.startswith("origins:") for x in mine) and g.state.log is None
    g = RiseOfRomeTitan.new_game(CAT, GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus"), [Scripted()],
                                 rng=np.random.default_rng(0))
    assert not any(u.unit.id.startswith("origins:") for u in g.state.units)
    with pytest.raises(InputError, match="^rise-of-rome-titan: 2 faction"):
        RiseOfRomeTitan.new_game(CAT, GameSpec("rise-of-rome-titan", ("rome", "pompeii"), titan="oceanus"),
                                 [Scripted(), Scripted(), Scripted()], rng=np.random.default_rng(0))


def test_quake_is_narrated_as_the_quake():
    """The event log names the titan's `quake` as the cause of the damage (a player checks a ruling by reading
    one game)."""
    g = new("cronus")
    s = g.state
    near = put(s, gladiator(s), 40)
    ti._quake(g, titan(s), 1)
    assert f"{near.name} (red) loses 1 HP (quake), {near.unit.health - 1} left" in s.log


def test_shard_bound_target_equally_close_holders_the_weakest_ROR_76():
    """ROR-76: closest (by route) > weakest: between two holders as close, the weaker is the target."""
    g = new()
    s = g.state
    u = summoned_at(g, 30)
    d = ti.route_from(s, u.hex, u)
    far = [h for h in range(s.grid.n) if d[h] == 4 and s.board[h] < 0 and not s.grid.move_block[h]]
    a = put(s, gladiator(s), far[0], hp=3)
    b = put(s, gladiator(s), far[-1], hp=1)
    s.shards[0], s.shards[1] = a.uid, b.uid
    dist = ti.route_from(s, u.hex, u)
    assert dist[a.hex] == dist[b.hex] == 4
    assert ti.shard_bound_target(g, u) is b


# --------------------------------------------------------------------------- from the 2026-12-03 fresh run's survivors


def test_a_summoned_unit_under_a_tactic_that_does_not_stun_still_moves_and_attacks_ROR_79_ROR_103():
    """ROR-103: only a Stun (a flip or a Stun tactic) stops a unit; a summoned unit carrying a Hamstring still
    attacks the champion next to it."""
    from hoplostat.engine.state import PlacedTactic

    g = new()
    s = g.state
    ch, u = _summoned_beside_champion(g)
    ham = next(t for t in CAT.faction_tactics("rome") if any(e.term == "movement-set" for e in t.effects))
    u.tactics.append(PlacedTactic(ham, 0, s.turn))
    assert ti.can_act(s, u) and not s.is_fatigued(u)
    hp = ch.hp
    ti.shard_bound_attack(g, u)
    assert ch.hp < hp


def test_city_origins_offers_each_player_the_four_tactics_of_its_own_build_ROR_57_ORI_53():
    """ROR-57, ROR-83 with ORI-53: the tactic for the bag is chosen among the city's four: with `city=origins`
    those of the player's custom build (player 1 build 1, player 2 build 2), not the city's own; the log says
    which was taken."""
    import numpy as np
    from hoplostat.engine.loop import GameSpec

    spec = GameSpec("rise-of-rome-titan", ("rome", "pompeii"), titan="menoetius", options=(("city", "origins"),))
    c = Scripted()
    g = RiseOfRomeTitan.new_game(RiseOfRomeTitan.catalog_of(CAT, spec.options), spec, [c],
                                 rng=np.random.default_rng(0), log=True)
    g.state.mode.begin(g)
    offered = [o for d, o in c.asked if d == "select-tactic"]
    builds = ti.origins_builds()
    assert offered == [[t.id for t in builds[0][1]], [t.id for t in builds[1][1]]]
    assert [t.id for t in g.state.troops[0].tactics_bag + g.state.troops[0].tactics_camp] == [builds[0][1][0].id]
    assert f"rome takes the tactic {builds[0][1][0].name}" in g.state.log


def _first_titan_falls(g):
    """Co-op: every pillar down, then the first titan defeated and the hand-over to the second (ROR-82)."""
    s = g.state
    pillars_down(g)
    rules.damage(g, titan(s), titan(s).hp, source=champion(s))
    assert s.end_reason == ti.NEXT_TITAN
    s.mode.interrupt(g)


def test_the_coop_reset_puts_the_champions_back_bare_and_takes_the_first_titans_chips_out_ROR_82():
    """ROR-82: "reset everything except for both Champions' health": a champion moved off its champion hex goes
    back to it (the hex it left empty) without the tactics it carried, inactive; the first titan's pile leaves the
    game; an F/A chip earned and never played goes back out of the game (never counted as a chip that played);
    both hands are drawn again (two chips each); the meter starts over; the titan's side is the second titan's."""
    from hoplostat.engine.state import PlacedTactic

    g = new("oceanus", ("rome", "pompeii"), second="theia")
    s = g.state
    hero, mate = champion(s, 0), champion(s, 1)
    home = s.champion_hex[0]
    away = _free(s, home, 2)[0]
    rules.displace(g, hero, away)
    ham = next(t for t in CAT.faction_tactics("pompeii") if any(e.term == "movement-set" for e in t.effects))
    hero.tactics.append(PlacedTactic(ham, 1, s.turn))
    hero.active = mate.active = True
    old_pile = list(s.pile)
    assert old_pile
    m = ti.meter_troop(s)
    earned = archer(s)
    m.fa_earned = [earned.uid]
    m.cf_target, m.favor = favor.FAR_RIGHT, 3
    m.far_open = m.reroll = m.cf_unlocked = True
    old_cf, old_chips = s.units[m.cf_gladiator], set(m.meter_chips)
    old_cf.zone, old_cf.entered = "discard", True  # played and lost against the first titan
    _first_titan_falls(g)
    assert hero.hex == home and s.board[home] == hero.uid and s.board[away] < 0
    assert hero.tactics == [] and not hero.active and not mate.active
    assert all(s.units[u].zone == "discard" for u in old_pile) and not set(old_pile) & set(s.pile)
    assert earned.zone == "track" and not earned.entered
    res = s.mode.result(g, None)
    assert not any(r.unit_id == earned.unit.id and not r.deployed for r in res.units)
    assert [phase.hand_count(s, p) for p in (0, 1)] == [2, 2]
    # the meter too: its bead at the center, no reward held (the blue pair closed, no reroll, no CF gladiator)
    assert (m.cf_target, m.favor, m.far_open, m.reroll, m.cf_unlocked, m.fa_earned) == (-1, 0, False, False, False, [])
    assert not set(s.grid.tagged("outer-blue")) & set(s.mode.deployment_hexes(s, 0))
    assert s.troops[s.titan_troop].faction == "titan:theia"
    assert hero.zone == mate.zone == "combat" and hero in s.in_combat(0)  # the champions stay in play
    # ROR-58 for the second fight: a CF gladiator drawn anew onto the meter's center, four F/A chips on the others
    cf = s.units[m.cf_gladiator]
    assert cf is not old_cf and cf.unit.kind == "cf-gladiator" and cf.zone == "track" and not cf.entered
    outer = [m.meter_chips[k] for k in (favor.FAR_LEFT, favor.MID_LEFT, favor.MID_RIGHT, favor.FAR_RIGHT)]
    assert all(u >= 0 and u not in old_chips and s.units[u].unit.kind == "fa-archer" for u in outer)
    favor.claim(g, 0, favor.CENTER)  # the center of the new meter holds the CF gladiator, no F/A chip
    assert m.cf_unlocked and m.fa_earned == []


def test_the_coop_reset_never_puts_two_champions_on_one_hex_ROR_82():
    """ROR-82: champions that stand on each other's champion hex when the first titan falls cannot both go back
    (each hex is taken): the board still holds each champion where it stands."""
    g = new("menoetius", ("rome", "pompeii"), second="theia")
    s = g.state
    a, b = champion(s, 0), champion(s, 1)
    ha, hb = a.hex, b.hex
    assert {ha, hb} == set(s.champion_hex) and a.uid == 0
    s.board[ha], s.board[hb] = b.uid, a.uid
    a.hex, b.hex = hb, ha
    _first_titan_falls(g)
    for ch in (a, b):
        assert s.board[ch.hex] == ch.uid
    assert sorted(h for h in range(s.grid.n) if s.board[h] in (a.uid, b.uid)) == sorted([ha, hb])


def test_setup_refuses_another_catalog_a_wrong_city_count_and_a_titan_of_another_game_ROR_55_ROR_82():
    """The mode is played solo (one city) or co-op (two different cities, ROR-82) with the Rise of Rome catalog
    and one of its titans (ROR-55); anything else is refused, saying why."""
    import numpy as np
    from dataclasses import replace

    from hoplostat.catalog import load
    from hoplostat.catalog.model import FrozenMap

    rng = np.random.default_rng(0)
    with pytest.raises(InputError, match="^rise-of-rome-titan needs the Rise of Rome catalog, got the remastered one$"):
        ti.setup(load(ruleset="remastered"), "oceanus", ("rome",), rng=rng)
    for bad in (("rome", "pompeii", "rome"), ("rome", "rome"), ()):
        with pytest.raises(InputError, match=r"^rise-of-rome-titan: one city solo or two different cities co-op, "
                                             rf"got {re.escape(repr(bad))}$"):
            ti.setup(CAT, "oceanus", bad, rng=rng)
    assert len(ti.setup(CAT, "oceanus", ("rome",), rng=rng).mode.cards) == 1
    assert len(ti.setup(CAT, "oceanus", ("rome", "pompeii"), rng=rng).mode.cards) == 2
    other = next(iter(load(ruleset="remastered").titans.values()))
    cat = replace(CAT, titans=FrozenMap({**CAT.titans, "stranger": other}))
    with pytest.raises(InputError, match="^'stranger' is no Rise of Rome titan$"):
        ti.setup(cat, "stranger", ("rome",), rng=rng)


def test_setup_narrates_the_titans_the_players_and_the_mat_and_keeps_no_log_unless_asked():
    """The event log's set-up lines: the titan (co-op: then the second), solo or co-op, the cities, the custom
    Origins cities (ORI-53); the titan's HP, the pillars' Health and, against Oceanus, his pile (ROR-56, ROR-59).
    `setup` keeps no log by default."""
    import numpy as np

    rng = np.random.default_rng(0)
    assert ti.setup(CAT, "oceanus", ("rome",), rng=rng).log is None
    solo = ti.setup(CAT, "oceanus", ("rome",), rng=rng, log=True).log
    ph = CAT.titan("oceanus").pillar_health
    assert solo[:2] == ["Set-up: Rise of Rome against Oceanus, solo rome",
                        f"Oceanus stands on the titan hex with 12 HP; four pillars of {ph} Health on the pedestals; "
                        "a pile of 10 gladiators"]
    coop = ti.setup(CAT, "menoetius", ("rome", "pompeii"), rng=rng, log=True, second="cronus").log
    pillar = CAT.titan("menoetius").pillar_health
    hp = CAT.titan("menoetius").unit.health
    assert coop[:2] == ["Set-up: Rise of Rome against Menoetius, then Cronus, co-op rome and pompeii",
                        f"Menoetius stands on the titan hex with {hp} HP; four pillars of {pillar} Health on the "
                        "pedestals"]
    ori = ti.setup(ti.origins_city_catalog(CAT), "oceanus", ("rome",), rng=rng, log=True, city="origins").log
    assert ori[0] == "Set-up: Rise of Rome against Oceanus, solo rome (custom cities of Origins chips, ORI-53)"


def test_the_meter_starts_at_its_center_and_its_chips_wait_off_the_mat_until_earned_ROR_42_ROR_58():
    """ROR-58: the CF gladiator and the four F/A chips lie on the meter, not in the bag: the hand and bag hold
    the seven chips alone, neither is offered for deployment, and neither counts among the chips that played; the
    bead starts at the center (ROR-42: the first point asks for a reward, the fifth earns it, not the fourth);
    the center reward (ROR-47) makes the CF gladiator deployable on every free deployment hex."""
    g = new()
    s = g.state
    m = ti.meter_troop(s)
    cf = s.units[m.cf_gladiator]
    chips = {cf.uid} | {u for u in m.meter_chips if u >= 0}
    assert len(chips) == 5 and all(s.units[u].zone not in ("bag", "camp", "combat") for u in chips)
    assert phase.hand_count(s, 0) + phase.bag_count(s, 0) == 7
    res = s.mode.result(g, None)
    assert not {s.units[u].unit.id for u in chips} & {r.unit_id for r in res.units}
    assert not any(uid in chips for uid, _ in s.mode.gladiator_options(s, 0))
    c = scripted(g, {"cf-reward": lambda o: o[-1]})
    favor.gain(g, 0, 4, "test")
    assert [o for d, o in c.asked if d == "cf-reward"] == [[favor.FAR_LEFT, favor.MID_LEFT, favor.MID_RIGHT,
                                                              favor.FAR_RIGHT]]
    assert not m.far_open and m.rewards == 0
    favor.gain(g, 0, 1, "test")
    assert m.far_open and m.rewards == 1
    m.cf_unlocked = True
    free = {h for h in s.mode.deployment_hexes(s, 0) if s.board[h] < 0 and s.can_occupy(0, h)}
    assert {h for uid, h in s.mode.gladiator_options(s, 0) if uid == cf.uid} == free and free


# --------------------------------------------------------------------------- the titan's turn (ROR-74, ROR-75)


def test_the_titan_hex_hurts_only_the_titans_summoned_unit_there_and_the_turn_goes_on_ROR_62_ROR_8():
    """ROR-8, ROR-62 (R-ROR-26): at the start of the titan's turn its summoned unit on the titan hex takes 1
    damage (said so) and the titan still rolls and acts; a player's unit there takes nothing (its own turn's
    start is when it is hurt); with the titan hex empty no unit of the titan's side takes damage."""
    from hoplostat.engine.rules import FixedRoller

    g = new("menoetius", roller=FixedRoller(mode="none"))  # Menoetius does not go home (ROR-67 is Oceanus's)
    s = g.state
    rules.displace(g, titan(s), _free(s, 39, 2)[0])
    mine = put(s, gladiator(s), 39)
    side = [s.units[u] for u in s.pillars] + [titan(s)]
    before = [u.hp for u in side]
    ti.titan_turn(g)
    assert mine.hp == mine.unit.health and [u.hp for u in side] == before
    assert f"{titan(s).name} rolls {ti.card(s).titan_dice}: no hits" in s.log
    rules.withdraw(g, mine, "discard")
    ti.titan_turn(g)
    assert [u.hp for u in side] == before
    g = new("menoetius", roller=FixedRoller(mode="none"))
    s = g.state
    rules.displace(g, titan(s), _free(s, 39, 2)[0])
    u = summoned_at(g, 39)
    hp = u.hp
    ti.titan_turn(g)
    assert u.hp == hp - 1 and f"{u.name} (blue) loses 1 HP (titan hex), {hp - 1} left" in s.log
    assert f"{titan(s).name} rolls {ti.card(s).titan_dice}: no hits" in s.log and s.titan_turns == 1
    ti.titan_turn(g)
    assert s.titan_turns == 2


def test_the_titans_turn_ends_its_own_earlier_flips_and_names_each_row_it_plays_ROR_73_ROR_74_ROR_103():
    """ROR-103 with ROR-73: a unit the titan flipped in an earlier turn is flipped back in the titan's next turn
    (at its attack block), even when no Trident row is rolled; the roll is narrated colour by colour, and each row
    played with its number (Move 1) or alone (Basic Attack)."""
    from hoplostat.engine.rules import FixedRoller
    from hoplostat.rulesets.rise_of_rome.skills import flip

    g = new(roller=FixedRoller([0, 0, 1], mode="none"), d6=[4])  # blue 0, green 0, black 1: Move, Basic Attack
    s = g.state
    u = put(s, gladiator(s), 44)
    flip(g, u, s.titan_troop)
    s.turn += 1
    ti.titan_turn(g)
    assert not s.is_fatigued(u) and f"{u.name} (red) is flipped back" in s.log
    assert "Oceanus: move-d6 1" in s.log and "Oceanus: basic-attack" in s.log
    dice = ti.card(s).titan_dice
    assert f"Oceanus rolls {dice}: 1 black" in s.log
    g = new(roller=FixedRoller([0, 2, 1], mode="none"), d6=[4, 1, 1])  # blue 0, green 2, black 1
    ti.titan_turn(g)
    assert f"Oceanus rolls {dice}: 2 green, 1 black" in g.state.log


# --------------------------------------------------------------------------- the players' deploy step (ROR-26, ROR-84)


def test_an_earned_fa_chip_may_be_played_as_a_foothold_instead_of_a_tactic_ROR_26_ROR_50_ROR_84():
    """ROR-26, ROR-84: with no tactic played, a shared earned F/A chip may be played as the player's foothold, on
    any hex ROR-50 allows (one under the player's own unit included); it leaves the earned circles. The player
    may decline (nothing changes); a turn with a tactic played offers no foothold."""
    for answer in ("place", "decline", "tactic"):
        g = new()
        s = g.state
        m = ti.meter_troop(s)
        a1, a2 = [u for u in m.meter_chips if u >= 0][:2]
        m.fa_earned = [a1, a2]
        own = put(s, gladiator(s), 25)
        picks = {"place-foothold": lambda o: own.hex} if answer == "place" else {}
        if answer == "tactic":
            tac = next(t for t in CAT.faction_tactics("rome") if not any(e.term == "stun" for e in t.effects))
            s.troops[0].tactics_camp = [tac]
            picks["tactic"] = lambda o: o[0]
        c = scripted(g, picks)
        allowed = favor.foothold_hexes(s, 0)
        s.mode.deploy(g, 0)
        asked = [o for d, o in c.asked if d == "place-foothold"]
        if answer == "tactic":
            assert asked == [] and not s.footholds and m.fa_earned == [a1, a2]
            continue
        assert asked == [allowed] and own.hex in allowed
        if answer == "place":
            assert s.footholds == {own.hex: 0} and len(m.fa_earned) == 1
        else:
            assert not s.footholds and m.fa_earned == [a1, a2]


def test_gladiator_options_free_deployment_hexes_the_players_own_foothold_and_enough_health_chips_ROR_26_ROR_84():
    """ROR-26 (ROR-10): a hand gladiator goes onto a free deployment hex: not one the champion (uid 0) stands on,
    the player's own foothold yes, the partner's no (R-ROR-28); with exactly its Health left in the players'
    supply it may still be deployed, with one less it may not (an earned F/A chip the same)."""
    g = new(factions=("rome", "pompeii"))
    s = g.state
    ch = champion(s)
    inner = [h for h in s.mode.deployment_hexes(s, 0) if s.grid.inner[h] and s.board[h] < 0]
    rules.displace(g, ch, inner[0])
    rules.place_foothold(g, 0, inner[1])
    rules.place_foothold(g, 1, inner[2])
    hand = [u for u in s.units if u.troop == 0 and u.zone == "camp" and u.active]
    assert hand
    u = hand[0]
    hexes = {h for uid, h in s.mode.gladiator_options(s, 0) if uid == u.uid}
    assert inner[0] not in hexes and inner[1] in hexes and inner[2] not in hexes
    assert inner[2] in {h for uid, h in s.mode.gladiator_options(s, 1) if s.units[uid].troop == 1}
    m = ti.meter_troop(s)
    chip = archer(s)
    m.fa_earned = [chip.uid]
    for left, offered in ((u.unit.health, True), (u.unit.health - 1, False)):
        s.supply["red"] = left
        opts = s.mode.gladiator_options(s, 0)
        assert any(uid == u.uid for uid, _ in opts) is offered
    pillars_down(g, keep=3)  # a pedestal freed for the archer (ROR-50)
    for left, offered in ((chip.unit.health, True), (chip.unit.health - 1, False)):
        s.supply["red"] = left
        assert any(uid == chip.uid for uid, _ in s.mode.gladiator_options(s, 0)) is offered


def test_the_shared_cf_gladiator_joins_the_partner_who_deploys_it_and_is_offered_once_ROR_47_ROR_84():
    """ROR-84: the meter's CF gladiator, once unlocked (ROR-47), may be deployed by either player: player 2's
    deployment makes it player 2's unit; once in play it is no longer offered."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    m = ti.meter_troop(s)
    m.cf_unlocked = True
    cf = s.units[m.cf_gladiator]
    s.active = 1
    opts = [o for o in s.mode.gladiator_options(s, 1) if o[0] == cf.uid]
    assert opts
    s.mode.place(g, *opts[0])
    assert cf.zone == "combat" and cf.troop == 1
    assert not any(uid == cf.uid for p in (0, 1) for uid, _ in s.mode.gladiator_options(s, p))


def test_a_clones_titan_turn_plays_on_the_clone_not_on_the_game_it_was_taken_from():
    """The titan's turn step is built per game: a clone (a lookahead player's) plays its own titan turn, and the
    game it was copied from is left as it was."""
    from hoplostat.engine.loop import run_steps
    from hoplostat.engine.rules import FixedRoller

    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    run_steps(g, s.mode.titan_turn(g).steps)
    assert s.titan_turns == 1
    g2 = g.clone()
    run_steps(g2, g2.state.mode.titan_turn(g2).steps)
    assert g2.state.titan_turns == 2 and s.titan_turns == 1


def test_a_tie_left_by_the_titan_is_player_1s_choice_and_must_be_made_ROR_80():
    """ROR-80 (co-op): a tie left by the chain is asked of player 1 (not player 2) as a choice that must be made:
    a controller that would pass still has the titan attack one of the tied units."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    pillars_down(g, keep=1)  # range 1 + 3
    c1, c2 = Scripted(), Scripted()
    g.controllers = [c1, c2, g.controllers[-1]]
    a = put(s, gladiator(s, 0), 40, hp=2)
    b = put(s, gladiator(s, 1), 38, hp=2)
    ti._basic_attack(g, titan(s), None)
    asked = [o for d, o in c1.asked if d == "titan-choice"]
    assert asked and {u.uid for u in asked[0]} == {a.uid, b.uid} and not c2.asked
    harmed = [u.zone != "combat" or u.hp < 2 for u in (a, b)]
    assert sorted(harmed) == [False, True]


# --------------------------------------------------------------------------- the shared meter (ROR-45, ROR-46, ROR-84)


def test_the_shared_reroll_serves_either_players_attack_never_the_titans_ROR_46_ROR_84():
    """ROR-46 with ROR-84: the mid-left reward's reroll is the shared meter's: the titan's attack never uses it;
    player 2's unit's Basic Attack does ("the players reroll" a missed die), once that turn."""
    from hoplostat.engine.rules import FixedRoller

    g = new("menoetius", ("rome", "pompeii"), roller=FixedRoller(mode="none"))
    s = g.state
    m = ti.meter_troop(s)
    m.reroll = True
    mine = put(s, gladiator(s, 1), 40)
    rules.attack(g, titan(s), mine)
    assert m.reroll_turn != s.turn and not any("reroll" in line for line in s.log)
    pil = next(s.units[p] for p in s.pillars if s.grid.dist[s.units[p].hex][40] > 1)
    rules.displace(g, mine, next(h for h in s.grid.neighbours[pil.hex] if s.board[h] < 0
                                 and not s.grid.move_block[h]))
    rules.attack(g, mine, pil)
    assert m.reroll_turn == s.turn and any(line.startswith("the players reroll a missed") for line in s.log)


def test_the_far_left_reward_wakes_both_champions_only_when_it_is_earned_ROR_45_ROR_84():
    """ROR-45 with ROR-84: favor short of the far-left reward wakes nobody; earning it wakes both champions
    (each said so); on player 1's turn player 2's champion may act at once (only a champion woken on its own
    player's turn waits). Each favor point is narrated with the damage that earned it."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    m = ti.meter_troop(s)
    s.active = 0
    u = put(s, gladiator(s, 0), 42)
    pil = s.units[s.pillars[0]]
    m.cf_target = favor.FAR_LEFT
    rules.damage(g, pil, 1, source=u)
    assert not champion(s, 0).active and not champion(s, 1).active
    assert f"rome (red) earns 1 crowd favor (1 HP from {pil.name})" in s.log
    m.favor = 4
    rules.damage(g, pil, 1, source=u)
    b = champion(s, 1)
    assert champion(s, 0).active and b.active and b.deployed_turn != s.turn
    assert f"{b.name} is activated" in s.log


def test_the_deploy_step_offers_no_tactic_on_the_titan_or_a_pillar_R_ROR_19():
    """R-ROR-19 in the deploy step: a gladiator whose Tactical Range reaches the titan, a pillar and a summoned unit
    may play its tactic on the summoned unit, but the titan and the pillars are never offered as targets."""
    g = new()
    s = g.state
    u = put(s, gladiator(s), 1)  # next to the pedestal 0
    free = [h for h in s.grid.neighbours[1] if s.board[h] < 0 and not s.grid.move_block[h]]
    rules.displace(g, titan(s), free[0])
    foe = summoned_at(g, free[1])
    tac = next(t for t in CAT.faction_tactics("rome") if any(e.term == "movement-set" for e in t.effects))
    s.troops[0].tactics_camp = [tac]
    c = scripted(g)
    s.mode.deploy(g, 0)
    (opts,) = [o for d, o in c.asked if d == "tactic"]
    targets = {uid for _, uid in opts}
    assert foe.uid in targets and titan(s).uid not in targets and not targets & set(s.pillars)
    r = u.unit.tactical_range or 0
    assert max(s.grid.dist[u.hex][x.hex] for x in (titan(s), s.units[s.pillars[0]], foe)) <= r


def test_a_blocked_move_d6_leaves_the_titan_in_place_and_says_so_ROR_68():
    """ROR-68 ("if possible"): a unit on the first hex of the d6's direction keeps the titan where he is; the log
    says he cannot move that way."""
    g = new(d6=[1])
    s = g.state
    put(s, gladiator(s), 40)
    ti._move_d6(g, titan(s), None)
    assert titan(s).hex == 39 and s.log[-1] == f"{titan(s).name} cannot move that way"


def test_policy_a_tie_left_to_the_players_spares_the_champion_then_the_holders_then_the_weakest():
    """Policy (`TitanPlayer`, not a rule): offered a tie the titan's side leaves open (ROR-80), the player gives
    it a unit that is not the champion nor a shard holder, the sturdiest of those; holders before the champion."""
    g = new()
    s = g.state
    p = g.controllers[0]
    assert isinstance(p, ti.TitanPlayer)
    ch = champion(s)
    holder = put(s, gladiator(s), 40, hp=5)
    weak = put(s, gladiator(s), 41, hp=1)
    sturdy = put(s, gladiator(s), 42, hp=3)
    s.shards[0] = holder.uid
    opts = [ch.uid, holder.uid, weak.uid, sturdy.uid]
    assert p.choose(g, 0, "titan-choice", opts, optional=False) == sturdy.uid
    assert p.choose(g, 0, "titan-choice", [ch.uid, holder.uid], optional=False) == holder.uid


def test_a_rows_number_reaches_its_action_and_every_summoned_unit_attacks_ROR_68_ROR_75():
    """ROR-68 (the stand-in card's `move-d6 2`): the row's number is the action's: Theia moves 2 hexes; ROR-75:
    after the titan's attack block every summoned unit attacks, not only the first."""
    from hoplostat.engine.rules import FixedRoller

    g = new("theia", roller=FixedRoller([0, 0, 1], mode="none"), d6=[1])  # blue 0, green 0, black 1
    s = g.state
    ti.titan_turn(g)
    assert titan(s).hex == EAST[1]
    g = new(roller=FixedRoller([0, 0, 0], mode="all"))  # Oceanus rolls nothing; every other die hits
    s = g.state
    ch = champion(s)
    spots = [h for h in s.grid.neighbours[ch.hex] if s.board[h] < 0 and not s.grid.move_block[h]
             and not s.muted[h]][:2]
    a, b = summoned_at(g, spots[0]), summoned_at(g, spots[1])
    ti.titan_turn(g)
    assert f"{a.name} (blue) attacks" in "\n".join(s.log) and f"{b.name} (blue) attacks" in "\n".join(s.log)


def test_a_summoned_units_move_follows_the_tactics_on_it_ROR_77():
    """ROR-77: a summoned unit moves up to its Move Range, as the tactics on it make it (TAC-8): under a Hamstring
    (Move 0) it stays; under an Adrenaline it heads for the champion one hex farther."""
    from hoplostat.engine.state import PlacedTactic

    tactics = {e.term: t for t in CAT.faction_tactics("rome") for e in t.effects}
    for term, extra in (("movement-set", None), ("movement-add", 1)):
        g = new()
        s = g.state
        u = summoned_at(g, 44)
        hero = champion(s)
        u.tactics.append(PlacedTactic(tactics[term], 0, s.turn))
        before = ti.route_from(s, hero.hex, u)[u.hex]
        ti.shard_bound_move(g, u)
        after = ti.route_from(s, hero.hex, u)[u.hex]
        if extra is None:
            assert u.hex == 44
        else:
            assert before - after == min(u.unit.movement + extra, before - 1) and before - after > u.unit.movement


def test_a_route_as_if_no_unit_stood_in_the_way_still_goes_around_a_players_foothold_ROR_54_ROR_77():
    """ROR-54 with ROR-77 (R-ROR-27): the route a walled-off summoned unit heads by ignores units, not the
    players' footholds: two hexes apart on a line, with a players' foothold on the hex between, the way is 3."""
    g = new()
    s = g.state
    u = summoned_at(g, 25)
    assert ti.route_from(s, EAST[0], u, units=False)[EAST[2]] == 2
    rules.place_foothold(g, 0, EAST[1])
    assert ti.route_from(s, EAST[0], u, units=False)[EAST[2]] == 3
    assert ti.route_from(s, EAST[0], u)[EAST[2]] == 3


def test_a_walled_off_unit_whose_only_step_leads_away_stays_R_ROR_27():
    """R-ROR-27: walled off by units, a summoned unit heads the way it would were they not there; if its only
    free neighbour is farther from the target by that way, no hex gets it closer or keeps it as close: it stays."""
    g = new()
    s = g.state
    grid = s.grid
    free = [h for h in range(grid.n) if s.board[h] < 0 and not grid.move_block[h] and not grid.pedestal[h]]
    blockers = [u for u in s.units if u.troop == 0 and u.unit.kind == "unit" and u.zone != "combat"]
    blockers += [s.units[uid] for uid in s.pile]
    for tgt in free:
        ring = grid.neighbours[tgt]
        for x in grid.at_distance(tgt, 2):
            around = [h for h in grid.neighbours[x] if h not in ring]
            away = [h for h in around if grid.dist[tgt][h] == 3 and h in free]
            cells = set(ring) | set(grid.neighbours[x]) - {away[0] if away else -1}
            if (x in free and len(away) >= 1 and all(h in free for h in cells - {tgt})
                    and len(cells - {tgt}) <= len(blockers) - 1):
                break
        else:
            continue
        break
    else:
        pytest.fail("no pocket on this mat")
    target = put(s, blockers.pop(0), tgt)
    for h in sorted(cells - {tgt}):
        b = blockers.pop(0)
        if b.uid in s.pile:
            s.pile.remove(b.uid)
        put(s, b, h)
    u = summoned_at(g, x)
    assert ti.route_from(s, tgt, u)[x] is None and s.board[away[0]] < 0
    ti.move_toward(g, u, target, 1)
    assert u.hex == x


def test_a_pillar_destroyed_by_player_2s_tactic_gives_its_shard_to_player_2s_champion_R_ROR_15():
    """R-ROR-15 through the damage itself: a pillar destroyed by damage with no unit (a tactic's) of player 2
    frees its shard to player 2's champion."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    p = s.units[s.pillars[0]]
    rules.damage(g, p, p.hp, source_troop=1, what="tactic")
    assert p.zone != "combat" and s.shards[0] == champion(s, 1).uid


def test_each_player_chooses_the_champion_hex_and_a_shielded_titan_is_narrated_ROR_57_ROR_60():
    """ROR-57: the player places the champion on one of the two red champion hexes, its choice ("champion-hex");
    ROR-60: damage the pillars stop is narrated as such."""
    import numpy as np
    from hoplostat.engine.loop import GameSpec

    c = Scripted({"champion-hex": lambda o: o[-1]})
    g = RiseOfRomeTitan.new_game(CAT, GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus"), [c],
                                 rng=np.random.default_rng(0), log=True)
    s = g.state
    s.mode.begin(g)
    (asked,) = [o for d, o in c.asked if d == "champion-hex"]
    assert sorted(asked) == sorted(s.grid.tagged("champion-red")) and champion(s).hex == asked[-1]
    assert s.champion_hex == [asked[-1]]
    rules.damage(g, titan(s), 2, source=champion(s), what="test")
    assert f"{titan(s).name} is shielded by its pillars: no damage (test)" in s.log


def test_the_titans_side_is_the_troop_after_the_players_ROR_81_ROR_85():
    """ROR-81, ROR-85: the round is the players' turns, then the titan's: the titan's side is the troop that
    follows the players in the round order, and the titan, its pillars and its pile are that troop's."""
    for factions in (("rome",), ("rome", "pompeii")):
        s = new("oceanus", factions).state
        tt = len(factions)
        assert s.titan_troop == tt and s.order == [*range(tt), tt] and s.troops[tt].index == tt
        assert {s.units[u].troop for u in [s.titan_uid, *s.pillars, *s.pile]} == {tt}


def test_policy_gladiators_head_for_a_pillar_in_range_then_a_summoned_unit_and_keep_off_inner_hexes():
    """Policy (`TitanPlayer._to_pillars`, not a rule), its scores as documented: +5 on a hex with a standing pillar
    in Attack Range, -0.5 a hex of distance to the nearest, +3 with a summoned unit in range, -3 on an inner hex; the
    move with the best gain over staying is made, the first of equal ones; no gain above 0: none."""
    g = new()
    s = g.state
    grid = s.grid
    p = ti.TitanPlayer(Scripted())
    u = gladiator(s)
    assert u.unit.range == 1

    def pd(h):
        return min(grid.dist[h][s.units[x].hex] for x in s.pillars)

    def free(h):
        return s.board[h] < 0 and not grid.move_block[h] and not grid.pedestal[h]

    corner = s.units[s.pillars[0]].hex
    ring = {k: [h for h in range(grid.n) if free(h) and pd(h) == k and grid.dist[h][corner] == k
                and not s.muted[h]] for k in (1, 2, 3)}
    here = ring[3][0]
    put(s, u, here)
    h3 = next(h for h in ring[2] if grid.dist[h][here] <= 2)
    foe_hex = next(f for f in grid.neighbours[h3] if free(f) and grid.dist[f][here] > 1 and pd(f) > 1)
    h1 = next(h for h in ring[1] if grid.dist[h][foe_hex] > 1)
    h2 = next(h for h in ring[2] if h != h3 and grid.dist[h][foe_hex] > 1)
    summoned_at(g, foe_hex)
    # scores: here -1.5; h1 5 - 0.5 = 4.5; h3 -1 + 3 = 2; h2 -1
    assert p.choose(g, 0, "move", [(u.uid, h3), (u.uid, h1)], optional=True) == (u.uid, h1)
    assert p.choose(g, 0, "move", [(u.uid, h2), (u.uid, h3)], optional=True) == (u.uid, h3)
    assert p.choose(g, 0, "move", [(u.uid, h2)], optional=True) == (u.uid, h2)  # a gain of 0.5 is a gain
    same = next(h for h in ring[3] if h != here and grid.dist[h][foe_hex] > 1)
    assert p.choose(g, 0, "move", [(u.uid, same)], optional=True) is None  # gain 0: the step ends
    inner = [h for h in grid.inner_hexes if free(h) and grid.dist[h][foe_hex] > 1]
    hi = min(inner, key=pd)
    start = next(h for h in range(grid.n) if free(h) and pd(h) == pd(hi) + 1 and not s.muted[h]
                 and grid.dist[h][foe_hex] > 1)
    rules.displace(g, u, start)
    # one hex nearer, but on an inner hex: 0.5 - 3 < 0
    assert p.choose(g, 0, "move", [(u.uid, hi)], optional=True) is None


def test_policy_the_titan_players_pass_other_decisions_on_as_asked_and_take_the_first_hex_of_a_tie():
    """Policy (`TitanPlayer`, not a rule): a decision it does not handle goes to the wrapped policy as asked
    (optional stays optional); a tie between hexes (an equal route's ends, ROR-80) takes the first offered."""
    g = new()
    s = g.state
    seen = []

    class Inner:
        def choose(self, g_, troop, decision, options, *, optional):
            seen.append((decision, optional))
            return None

    p = ti.TitanPlayer(Inner())
    p.choose(g, 0, "deploy", [(1, 25)], optional=True)
    assert seen == [("deploy", True)]
    hexes = [h for h in range(len(s.units), s.grid.n) if s.board[h] < 0][:2]
    assert len(hexes) == 2 and p.choose(g, 0, "titan-choice", hexes, optional=False) == hexes[0]
