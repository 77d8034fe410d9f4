"""Crowd favor and its events (NAU-31..NAU-35): favor lost down the tracks, captains dislodged into the
water, the hero's entry, and the Pivot skills (NAU-37)."""

from __future__ import annotations

from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, DISCARD, UnitState
from hoplostat.rulesets.remastered.naumachia.state import (
    HERO_EVENT,
    SHIPS,
    TRACKS,
    NaumachiaState,
    refresh,
    seat_of,
    troop_classes,
)

# --------------------------------------------------------------------------- crowd favor and events


def absolved(s: NaumachiaState, seat: int) -> bool:
    """NAU-44, Absolve: the troop cannot lose crowd favor while a unit of its with Absolve is in the water."""
    return any(u.unit.has_skill("absolve") and s.skills_work(u) for u in s.in_combat(seat))


def lose_favor(g: Game[NaumachiaState], seat: int, n: int, why: str) -> None:
    """NAU-31, NAU-32: the bead moves n spaces down its current track (a Tactician captain of the other troop:
    1 more, NAU-19); arriving on the event space resolves the event, the rest of the loss is ignored and the
    bead goes above the next track (after the rightmost, that track again)."""
    s = g.state
    if n <= 0 or s.end_reason is not None:
        return
    t = s.troops[seat]
    if absolved(s, seat):
        s.say(f"{t.faction} ({t.side}) cannot lose crowd favor (Absolve)")
        return
    if "tactician" in troop_classes(s, 1 - seat):
        n += 1
    if n < s.left[seat]:
        s.left[seat] -= n
        s.favor_lost[seat] += n
        s.say(f"{t.faction} ({t.side}) loses {n} crowd favor ({why}), {s.left[seat]} space(s) above the event")
        return
    s.favor_lost[seat] += s.left[seat]
    s.track[seat] = min(s.track[seat] + 1, len(TRACKS) - 1)
    s.left[seat] = TRACKS[s.track[seat]]
    s.events[seat] += 1
    s.say(f"{t.faction} ({t.side}) loses crowd favor ({why}) to crowd favor event {s.events[seat]}")
    event(g, seat)


def event(g: Game[NaumachiaState], seat: int) -> None:
    """NAU-33, NAU-34: every event dislodges a captain (the fourth too: ruling R-PW-17); the fourth also brings
    the troop's hero into combat."""
    s = g.state
    if s.ships[seat]:
        dislodge(g, seat)
    if s.events[seat] == HERO_EVENT:
        hero_enters(g, seat)
    refresh(s)


def dislodge(g: Game[NaumachiaState], seat: int) -> None:
    """NAU-33, NAU-43: the troop removes the captain of one of its ships (the player's choice; the rival: the
    ship with the most crewmembers, ties the player's) and places it on the free hex closest to that ship
    (ties: the controlling player; solo, the player also for the rival); the next crewmember becomes captain;
    a ship without crew leaves at once (NAU-21). The unit takes its full Health from its troop's colour,
    or what the supply holds (none: it goes to the discard), and is not dazed (ruling R-PW-17)."""
    s = g.state
    ships = s.ships[seat]
    if seat == s.rival_troop:
        most = max(len(s.crew[sh]) for sh in ships)
        cands = [sh for sh in ships if len(s.crew[sh]) == most]
        ship = cands[0] if len(cands) == 1 else g.ask(0, "rival-dislodge", cands, optional=False)
    else:
        ship = ships[0] if len(ships) == 1 else g.ask(seat, "dislodge", list(ships), optional=False)
    sh = s.units[ship]
    uid = s.crew[ship].pop(0)
    u = s.units[uid]
    row = s.grid.dist[sh.hex]
    free = [h for h in range(s.grid.n) if s.board[h] < 0 and s.can_occupy(seat, h)]
    s.dislodged[seat] += 1
    if free:
        near = min(row[h] for h in free)
        free = [h for h in free if row[h] == near]
        if len(free) > 1:
            h = g.ask(0 if s.solo else seat, "rival-dislodge-hex" if seat == s.rival_troop else "dislodge-hex",
                      free, optional=False)
        else:
            h = free[0]
        put_in_water(g, u, h, f"is dislodged from {sh.name}")
    else:
        u.zone = DISCARD
    if not s.crew[ship]:
        s.say(f"{sh.name} has no crew left and leaves the arena")
        s.board[sh.hex] = -1
        s.leave_combat(sh)
        s.supply[SHIPS] += sh.hp
        sh.hp = 0
        sh.hex = -1
        sh.zone = DISCARD
        ships.remove(ship)
    refresh(s)


def put_in_water(g: Game[NaumachiaState], u: UnitState, h: int, why: str) -> None:
    s = g.state
    key = s.supply_of(u.troop)
    hp = min(u.unit.health, s.supply[key])
    if hp <= 0:
        u.zone = DISCARD
        s.say(f"{u.name} {why} but no health chip is left: it is discarded")
        return
    s.supply[key] -= hp
    u.hp = hp
    u.hp_gained = 0
    u.zone = COMBAT
    u.hex = h
    u.entered = True
    u.times_deployed += 1
    s.board[h] = u.uid
    s.enter_combat(u)
    s.troops[u.troop].deployed += 1
    s.say(f"{u.name} ({s.troops[u.troop].side}) {why}: on hex {h} with {hp} HP")


def hero_enters(g: Game[NaumachiaState], seat: int) -> None:
    """NAU-34: the hero on its troop's deployment hex with full HP, or on the closest free hex if that one is
    blocked (ties: the controlling player; solo, the player for the rival)."""
    s = g.state
    u = s.units[s.hero[seat]]
    if u.zone == COMBAT:
        return
    home = s.grid.tagged(f"deploy-{s.troops[seat].side}")[0]
    if s.board[home] < 0:
        h = home
    else:
        row = s.grid.dist[home]
        free = [x for x in range(s.grid.n) if s.board[x] < 0 and s.can_occupy(seat, x)]
        if not free:
            s.mode.end(g, "hero defeated", 1 - seat)  # no hex to enter on (R-PW-17: it cannot enter)
            return
        near = min(row[x] for x in free)
        free = [x for x in free if row[x] == near]
        h = free[0] if len(free) == 1 else g.ask(0 if s.solo else seat, "rival-hero-hex" if seat == s.rival_troop
                                                 else "hero-hex", free, optional=False)
    put_in_water(g, u, h, "enters combat (the fourth crowd favor event)")
    refresh(s)
    if u.zone != COMBAT:
        s.mode.end(g, "hero defeated", 1 - seat)


def pivot(g: Game[NaumachiaState], u: UnitState) -> None:
    """NAU-37: right after a unit attacks an opposing unit or ship, its Pivot skills if the roll had a miss."""
    s = g.state
    uid, t, misses = s.last_roll
    if uid != u.uid or t != s.turn or misses <= 0:
        return
    s.last_roll = (-1, -1, 0)
    if u.zone != COMBAT or not s.skills_work(u):
        return
    for r in u.unit.skills:
        if r.id == "salvage":
            seat = seat_of(u.troop)
            s.pivots[seat] += 1
            s.say(f"{u.name} ({s.troops[u.troop].side}) uses Salvage (Pivot: {misses} miss(es))")
            s.mode.gain_favor(g, u.troop, 1, "Salvage")
