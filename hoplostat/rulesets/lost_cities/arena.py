"""Beasts and criminals ("Arena Units", "Beast/Criminal Turn Sequence"): their entry on a trapdoor when drawn
from a bag (TLC-49..TLC-51) and their own turn after the players' (TLC-52..TLC-59), driven by the arena dice
(`base.roll`). Every choice the book leaves to "the player" is asked of `chooser` (TLC-61, ruling R-TLC-11)."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, DISCARD, GameState, UnitState
from hoplostat.rulesets.lost_cities import base
from hoplostat.rulesets.lost_cities.base import (
    BASIC,
    BEAST_ATTACK,
    BEAST_MOVE,
    CRIMINAL_ATTACK,
    CRIMINAL_MOVE,
    TAUNT,
    is_arena_unit,
    is_beast,
    roll,
    roll_face,
)
from hoplostat.rulesets.lost_cities.skills import struck


def player_units(s: GameState) -> list[UnitState]:
    return [u for u in s.in_combat() if not is_arena_unit(u)]


def can_act(s: GameState, u: UnitState) -> bool:
    """An arena unit takes its part of the arena's turn (moves, rolls its attack die, attacks, uses a skill) only
    in combat and not stunned ("cannot move, attack, or use abilities"): by a Stun tactic (a city's, Crowd Favor
    Tactic 3B), a Stun's or a Ground Pound's mark (TLC-81, TLC-87) or, in Rise of Rome's 2 x 2, a Rise of Rome
    Stun's flip (ROR-103): every one is a stun effect on the unit (`GameState.is_fatigued`)."""
    return u.zone == COMBAT and not (u.tactics and s.is_fatigued(u))


def chooser(s: GameState) -> int:
    """TLC-61 (ruling R-TLC-11): in player against player, the choices the book leaves to "the player" for
    an arena unit (whom to taunt it toward, which of two hexes it ends on) are made by the player whose turn
    just ended (the active player during its own turn's draw; the last player of the round in the arena turn)."""
    return s.active if s.active in s.order else s.order[-1]


# --------------------------------------------------------------------------- entry (TLC-49..TLC-51)

def trapdoor_hex(s: GameState, n: int) -> int:
    return s.grid.tagged(f"trapdoor-{n}")[0]


def enter(g: Game, u: UnitState) -> None:
    """TLC-49: a basic d6 names the trapdoor; one holding a beast or criminal passes it on to the next number
    (1..6, then 1). TLC-50: a player unit on it is killed outright (no damage, no favor; a champion too, which
    ends the game: ruling R-TLC-1). TLC-51: the arena unit takes the hex and makes a free attack, with no
    abilities on either side, on every player unit within its Attack Range. With every trapdoor held by an
    arena unit it is set aside (ruling R-TLC-1)."""
    s = g.state
    n = roll_face(g, BASIC)
    h = -1
    for k in range(6):
        cand = trapdoor_hex(s, (n - 1 + k) % 6 + 1)
        occ = s.board[cand]
        if occ < 0 or not is_arena_unit(s.units[occ]):
            h = cand
            break
    if h < 0:
        u.zone = DISCARD
        s.say(f"{u.name} finds no free trapdoor and is set aside")
        return
    occ = s.board[h]
    if occ >= 0:
        victim = s.units[occ]
        s.say(f"{victim.name} ({s.side_of(victim.troop)}) stands on the trapdoor and is killed outright")
        s.mode.trapdoor_kill(g, victim)
        if s.end_reason is not None:
            return
    rules.place_at_setup(s, u, h)
    u.deployed_turn = s.turn
    u.times_deployed += 1
    s.say(f"{u.name} enters the arena through trapdoor hex {h} with {u.hp} HP")
    targets = [o for o in player_units(s) if s.grid.dist[h][o.hex] <= rules.range_of(s, u)]
    if targets:
        area_attack(g, u, targets, free=True)


# --------------------------------------------------------------------------- attacks

def area_attack(g: Game, u: UnitState, targets: list[UnitState], *, free: bool = False) -> None:
    """TLC-55, TLC-59: one roll of the chip's attack dice; the hits go to every player unit in its range (each
    less its own damage reduction). `free` (the entry attack, TLC-51): no abilities, so no Retaliate."""
    s = g.state
    pool = rules.attack_profile(g, u, targets[0])[0] if not free else u.unit.attack
    hits = g.roller.hits(pool)
    s.say(f"{u.name} makes a{' free' if free else ''} base attack on {len(targets)} unit(s) with {pool}: {hits} hit(s)")
    if not hits:
        return
    for t in targets:
        if t.zone != COMBAT:
            continue
        reduce = 0 if free else rules.attack_profile(g, u, t)[2]
        rules.damage(g, t, max(0, hits - reduce), source=u, dealt=True)
        if s.end_reason is not None:
            return
        if not free:
            struck(g, t, u)
            if s.end_reason is not None or u.zone != COMBAT:
                return


def in_range(s: GameState, u: UnitState) -> list[UnitState]:
    row = s.grid.dist[u.hex]
    r = rules.range_of(s, u)
    return [o for o in player_units(s) if row[o.hex] <= r]


_BOSS_ACTION: list = []
"""The bosses' own turn (`bosses.boss_action`, TLC-60), set by that module when it is imported (the board
game imports it; the player against player game has no boss)."""


def on_boss_turn(fn):
    """Decorator: `fn(g, boss)` acts for a boss on the arena turn (`bosses.boss_action`)."""
    _BOSS_ACTION[:] = [fn]
    return fn


def arena_action(g: Game, u: UnitState, die: str) -> None:
    """TLC-55, TLC-59: the attack die decides: a base attack on every player unit in range, the chip's skill
    (Regen: stand-in beasts' only skill; a chip without one makes its base attack: ruling R-TLC-5), or
    nothing. A stunned arena unit, a boss too, does nothing (`can_act`)."""
    s = g.state
    if not can_act(s, u):
        return
    if u.unit.kind == "boss":
        _BOSS_ACTION[0](g, u)  # TLC-60
        return
    face = roll(g, die)
    if face == "skill":
        regen = [(sid, p) for sid, p, _f in unit_hooks(u.unit, "ability") if sid == "regen"]
        if regen:
            s.say(f"{u.name} rolls its skill: Regen {regen[0][1]}")
            rules.heal(g, u, int(regen[0][1] or 3))
            return
        face = "base"
    if face == "base":
        targets = in_range(s, u)
        if targets:
            area_attack(g, u, targets)
        else:
            s.say(f"{u.name} rolls a base attack with no player unit in range")
    else:
        s.say(f"{u.name} rolls no action")


# --------------------------------------------------------------------------- movement

def _blocked(s: GameState) -> list[bool]:
    return s.blocked_for_move()


def _touches_player(s: GameState, h: int, me: UnitState) -> bool:
    row = s.grid.dist[h]
    return any(row[o.hex] == 1 for o in player_units(s) if o is not me)


def beast_move(g: Game, u: UnitState) -> None:
    """TLC-53 (ruling R-TLC-5): two Beast Move dice give two directions through the Die Legend; the beast walks
    the first ceil(M/2) hexes of its Move Range M in the first die's direction and the rest in the second's,
    a wall (the arena's edge) or a unit in the way ending that leg; it stops as soon as it is next to a player
    unit. An engaged beast does not move (TLC-54)."""
    s = g.state
    if not can_act(s, u) or base.is_engaged(s, u):
        return
    d1, d2 = roll_face(g, BEAST_MOVE), roll_face(g, BEAST_MOVE)
    m = rules.movement_of(s, u)
    legs = ((d1, (m + 1) // 2), (d2, m // 2))
    h = u.hex
    board = s.board
    for face, n in legs:
        for _ in range(n):
            nxt = s.grid.compass_step(h, face)
            if nxt < 0 or (board[nxt] >= 0 and board[nxt] != u.uid) or not s.can_occupy(u.troop, nxt):
                break
            h = nxt
            if _touches_player(s, h, u):
                break
        if _touches_player(s, h, u):
            break
    s.say(f"{u.name} rolls directions {d1} and {d2}")
    if h != u.hex:
        rules.move(g, u, h)


def taunt_target(g: Game, u: UnitState, cands: list[UnitState]) -> UnitState:
    """TLC-57: with several player units equally close, the player names one and rolls the Taunt die: a "T"
    sends the criminal toward it; otherwise another is named, and the last one left takes it without a roll."""
    s = g.state
    who = chooser(s)
    left = list(cands)
    while len(left) > 1:
        # the chooser's opponents' units first (what a player would taunt the criminal toward)
        opts = sorted((o.uid for o in left), key=lambda uid: (s.units[uid].troop == who, uid))
        pick = g.ask(who, "taunt", opts, optional=False)
        if roll(g, TAUNT) == "T":
            s.say(f"The taunt succeeds: {u.name} heads for {s.units[pick].name}")
            return s.units[pick]
        left = [o for o in left if o.uid != pick]
    return left[0]


def criminal_move(g: Game, u: UnitState) -> None:
    """TLC-56..TLC-58: an engaged criminal stays; otherwise the Criminal Move die says whether it advances
    toward the closest player unit (taunts among equals); it goes its full Move Range or until it is next to a
    player unit or blocked, ending on the free hex closest to that unit (the player picks among equals)."""
    s = g.state
    if not can_act(s, u):
        return
    if _touches_player(s, u.hex, u):
        return
    if roll(g, CRIMINAL_MOVE) != "advance":
        s.say(f"{u.name} stays")
        return
    units = player_units(s)
    if not units:
        return
    row = s.grid.dist[u.hex]
    near = min(row[o.hex] for o in units)
    cands = [o for o in units if row[o.hex] == near]
    target = cands[0] if len(cands) == 1 else taunt_target(g, u, cands)
    stop = {h for o in units for h in s.grid.neighbours[o.hex]}
    reach = s.grid.reachable(u.hex, rules.movement_of(s, u), _blocked(s), stop)
    if not reach:
        return
    trow = s.grid.dist[target.hex]
    best = min(trow[h] for h in reach)
    if best >= trow[u.hex]:
        return
    ends = [h for h in reach if trow[h] == best]
    h = ends[0] if len(ends) == 1 else g.ask(chooser(s), "criminal-hex", ends, optional=False)
    rules.move(g, u, h)


def arena_units(s: GameState, beasts: bool) -> list[UnitState]:
    return [u for u in s.in_combat() if is_arena_unit(u) and is_beast(u) == beasts]


def beasts_move(g: Game) -> None:
    for u in list(arena_units(g.state, True)):
        beast_move(g, u)
        if g.state.end_reason is not None:
            return


def beasts_attack(g: Game) -> None:
    for u in list(arena_units(g.state, True)):
        arena_action(g, u, BEAST_ATTACK)
        if g.state.end_reason is not None:
            return


def criminals_move(g: Game) -> None:
    for u in list(arena_units(g.state, False)):
        criminal_move(g, u)
        if g.state.end_reason is not None:
            return


def criminals_attack(g: Game) -> None:
    for u in list(arena_units(g.state, False)):
        arena_action(g, u, CRIMINAL_ATTACK)
        if g.state.end_reason is not None:
            return
