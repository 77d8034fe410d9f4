"""Rise of Rome against a titan: the titan's turn (ROR-74, ROR-75) and the rows of its card's action order
(ROR-66..ROR-73, the stand-in cards' rows), keyed by the card's action names in `ACTIONS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hoplostat.dice import COLOURS
from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, UnitState
from hoplostat.engine.steps import end_temporary_tactics
from hoplostat.rulesets.rise_of_rome.skills import flip, lift_flips
from hoplostat.rulesets.rise_of_rome.titan.moves import choose, d6, move_toward, route_from, step
from hoplostat.rulesets.rise_of_rome.titan.state import (
    CLOCKWISE,
    TitanState,
    active_shards,
    can_act,
    card,
    is_pillar,
    out_of_chips,
    shard_holders,
    summoned,
)
from hoplostat.rulesets.rise_of_rome.titan.summoned import shard_bound_attack, shard_bound_move


def rows_met(s: TitanState, hits: dict[str, int]) -> dict[str, Any]:
    """Rise of Rome, "Titan Turn Sequence" (ROR-74; ruling R-ROR-12): hits are not spent; in each block (movement,
    special, attack) the last row listed whose hits were all rolled resolves, one row per block, the blocks in card
    order. (The book's example, "1 Black and 2 Green ... Move and then Greater Call Forth", names the Special over
    Call Forth, which the same hits meet: one row per block; its attack row it leaves unnamed.)"""
    out: dict[str, Any] = {}
    for a in card(s).actions:
        if all(hits.get(c, 0) >= n for c, n in zip(COLOURS, a.hits.counts)):
            out[a.block] = a
    return out


def titan_turn(g: Game[TitanState]) -> None:
    """ROR-74, ROR-75: the titan's turn: its summoned units on the titan hex take its damage (the titan ignores
    it, ROR-62); roll the titan dice; go back to the titan hex (ROR-67); movement row, summoned units move;
    special row; attack row (the Trident's flips of its last turn end first), summoned units attack (every
    titan turn, ruling R-ROR-24). Nothing stuns a titan (R-ROR-19); were one stunned, it would roll nothing
    while its summoned units still act. The players out of chips lose here (R-ROR-23)."""
    s = g.state
    tt = s.titan_troop
    if out_of_chips(s):
        s.mode.end(g, "the players are out of chips")
        return
    s.titan_turns += 1
    end_temporary_tactics(g, tt)
    for h in s.grid.tagged("center"):  # ROR-8 for its summoned units; ROR-62: not for the titan
        uid = s.board[h]
        if uid >= 0 and uid != s.titan_uid and s.units[uid].troop == tt:
            rules.damage(g, s.units[uid], 1, what="titan hex")
            if s.end_reason is not None:
                return
    titan = s.units[s.titan_uid]
    c = card(s)
    acts = can_act(s, titan)
    rows: dict[str, Any] = {}
    if acts:
        hits = rules.roll_by_colour(g, c.titan_dice)
        s.say(f"{titan.name} rolls {c.titan_dice}: " + ", ".join(f"{n} {k}" for k, n in hits.items() if n)
              + ("" if any(hits.values()) else "no hits"))
        rows = rows_met(s, hits)
        if c.returns:
            go_home(g, titan)
    else:
        s.say(f"{titan.name} is stunned: no action order this turn")
    for block in ("movement", "special", "attack"):
        if block == "attack":
            lift_flips(g, tt)
        row = rows.get(block)
        if row is not None and can_act(s, titan):
            s.say(f"{titan.name}: {row.action}" + ("" if row.arg is None else f" {row.arg}"))
            ACTIONS[row.action](g, titan, row.arg)
            if s.end_reason is not None:
                return
        if block == "movement":
            for u in summoned(s):
                shard_bound_move(g, u)
        elif block == "attack":
            for u in summoned(s):
                shard_bound_attack(g, u)
                if s.end_reason is not None:
                    return


def go_home(g: Game[TitanState], titan: UnitState) -> None:
    """Rise of Rome, "Example Titan Card: Oceanus", Movement (ROR-67): at the start of his action order the
    titan goes back to the titan hex; a unit standing there
    trades places with him (it is displaced, not moved). A Stationed unit there cannot be displaced (ROR-101), so
    he stays where he is (ruling R-ROR-29)."""
    s = g.state
    home = s.grid.tagged("center")[0]
    if titan.hex == home:
        return
    o = s.board[home]
    src = titan.hex
    if o >= 0:
        other = s.units[o]
        if rules.is_stationed(s, other):
            s.say(f"{titan.name} cannot return to the titan hex: {other.name} is Stationed there")
            return
        s.board[src], s.board[home] = o, titan.uid
        titan.hex, other.hex = home, src
        s.say(f"{titan.name} returns to the titan hex and trades places with {other.name} (now on hex {src})")
    else:
        s.board[src] = -1
        s.board[home] = titan.uid
        titan.hex = home
        s.say(f"{titan.name} returns to the titan hex")


def _move_d6(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-68: move 1 hex (the row's arg) in the direction of a d6, if possible: off the map, a unit, a
    pedestal or a players' foothold (ROR-54) stops it."""
    s = g.state
    face = d6(g)
    h = titan.hex
    for _ in range(arg or 1):
        nxt = s.grid.compass_step(h, face)
        if nxt < 0 or s.blocked_for_move(titan.troop)[nxt]:
            break
        h = nxt
    if h != titan.hex:
        rules.move(g, titan, h)
    else:
        s.say(f"{titan.name} cannot move that way")


def _move_toward(g: Game[TitanState], titan: UnitState, arg) -> None:
    """Stand-in cards: up to N hexes toward the closest (route) > weakest opposing unit (ROR-63, ROR-64)."""
    s = g.state
    opp = list(s.opponents_of(titan.troop))
    if not opp:
        return
    dist = route_from(s, titan.hex, titan)
    far = 10 ** 6
    target = choose(g, opp, lambda o: far if dist[o.hex] is None else dist[o.hex], lambda o: o.hp)
    if target is not None:
        move_toward(g, titan, target, arg or titan.unit.movement)


def inner_clockwise(s: TitanState, face: int, mover_troop: int) -> int:
    """Rise of Rome, "Example Titan Card: Oceanus", Call Forth (ROR-69; ruling R-ROR-17): the inner hexes are numbered
    by the Die Legend from the titan hex (the inner hex two steps in the d6's direction); the first free one
    clockwise from there (on the mat as drawn: e, se, sw, w, nw, ne); -1 when all six are taken. A players' foothold
    is not free for the titan's side (ROR-54)."""
    grid = s.grid
    home = grid.tagged("center")[0]
    blocked = s.blocked_for_move(mover_troop)
    start = CLOCKWISE.index(grid.arena.compass[face - 1])
    for k in range(6):
        d = CLOCKWISE[(start + k) % 6]
        h = step(grid, step(grid, home, d), d)
        if h >= 0 and grid.inner[h] and not blocked[h]:
            return h
    return -1


def summon(g: Game[TitanState], u: UnitState) -> bool:
    """ROR-69: onto the titan hex, or if it is occupied onto the first free inner hex clockwise from a d6;
    the summoned unit then moves at once (ROR-78). False when no hex is free (the chip stays where it was)."""
    s = g.state
    home = s.grid.tagged("center")[0]
    h = home if s.board[home] < 0 else inner_clockwise(s, d6(g), s.titan_troop)
    if h < 0:
        s.say(f"no free hex to summon {u.name}")
        return False
    rules.deploy(g, u, h)
    s.summoned += 1
    s.say(f"{card(s).unit.name} summons {u.name} onto hex {h}")
    shard_bound_move(g, u)
    return True


def _call_forth(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-69: one gladiator from the top of the pile (each at most once, ROR-59)."""
    s = g.state
    for _ in range(arg or 1):
        if not s.pile:
            s.say("the pile is empty: nothing to call forth")
            return
        u = s.units[s.pile[0]]
        if not summon(g, u):
            return
        s.pile.pop(0)
        if s.end_reason is not None:
            return


def _greater_call_forth(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-70: a CF gladiator if one can be summoned (ruling R-ROR-17: the CF gladiators the players did not
    draw, each once), else two gladiators from the pile."""
    s = g.state
    if s.cf_pile:
        u = s.units[s.cf_pile[0]]
        if summon(g, u):
            s.cf_pile.pop(0)
            return
    _call_forth(g, titan, 2)


def titan_range(s: TitanState, titan: UnitState) -> int:
    """ROR-66: Attack Range 1 + X, X the active shards in play (the card's `range_per_shard` each)."""
    return rules.range_of(s, titan) + card(s).range_per_shard * active_shards(s)


def _basic_attack(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-71: a Basic Attack with the card's dice on the closest > weakest opposing unit within the current
    Attack Range (straight hex distance: attacks count range through anything, ROR-34). None on an inner hex
    (ROR-9)."""
    s = g.state
    if s.is_muted(titan):
        return
    r = titan_range(s, titan)
    row = s.grid.dist[titan.hex]
    opp = [o for o in s.opponents_of(titan.troop) if row[o.hex] <= r]
    target = choose(g, opp, lambda o: row[o.hex], lambda o: o.hp)
    if target is not None:
        rules.attack(g, titan, target)


def _tidal_wave(g: Game[TitanState], titan: UnitState, arg) -> None:
    """Rise of Rome, "Example Titan Card: Oceanus", Tidal Wave (ROR-72; ruling R-ROR-20): roll a d6; every unit on the
    straight line from the titan in that direction is drawn along it toward him as close as it can come (nearest
    first; a displacement, not a move; chips that cannot move, pillars and archers, stay, and so does a Stationed unit,
    which cannot be displaced, ROR-101); then every opposing unit within 1 + X hexes, all around, takes 1 damage."""
    s = g.state
    face = d6(g)
    grid = s.grid
    line = []
    h = grid.compass_step(titan.hex, face)
    while h >= 0:
        line.append(h)
        h = grid.compass_step(h, face)
    for i, h in enumerate(line):
        uid = s.board[h]
        if uid < 0 or uid == titan.uid:
            continue
        u = s.units[uid]
        if is_pillar(u) or u.unit.movement == 0 or rules.is_stationed(s, u):
            continue
        dest = h
        for j in range(i - 1, -1, -1):
            x = line[j]
            if s.board[x] >= 0 or grid.move_block[x] or not s.can_occupy(u.troop, x):
                break
            dest = x
        if dest != h:
            rules.displace(g, u, dest, by=titan)
    r = 1 + card(s).range_per_shard * active_shards(s)
    row = grid.dist[titan.hex]
    for o in list(s.opponents_of(titan.troop)):
        if row[o.hex] <= r and o.zone == COMBAT:
            rules.damage(g, o, 1, source=titan, what="Tidal Wave")
            if s.end_reason is not None:
                return


def _quake(g: Game[TitanState], titan: UnitState, arg) -> None:
    """Stand-in cards: N damage to every opposing unit within the titan's Attack Range."""
    s = g.state
    if s.is_muted(titan):
        return
    r = titan_range(s, titan)
    row = s.grid.dist[titan.hex]
    for o in list(s.opponents_of(titan.troop)):
        if row[o.hex] <= r and o.zone == COMBAT:
            rules.damage(g, o, arg or 1, source=titan, what="quake")
            if s.end_reason is not None:
                return


def _trident_stun(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-73: stun (flip, ROR-103) the closest unit holding a titan shard, anywhere."""
    s = g.state
    row = s.grid.dist[titan.hex]
    target = choose(g, shard_holders(s), lambda o: row[o.hex])
    if target is not None:
        flip(g, target, titan.troop)


def _trident_storm(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-73: stun every unit holding a titan shard."""
    s = g.state
    for u in shard_holders(s):
        flip(g, u, titan.troop)
ACTIONS: dict[str, Callable[[Game[TitanState], UnitState, Any], None]] = {
    "move-d6": _move_d6, "move-toward": _move_toward, "call-forth": _call_forth,
    "greater-call-forth": _greater_call_forth, "basic-attack": _basic_attack, "tidal-wave": _tidal_wave,
    "quake": _quake, "trident-stun": _trident_stun, "trident-storm": _trident_storm,
}
