"""Shards (Remastered, Ascension Mode, "Shards"; ASC-9, ASC-10): chips that interact with the titan.

A shard has an active and an inactive side. While it has HP it is a chip in combat (a `UnitState`
of kind "shard" in one of the two shard troops of `AscensionState`): blue HP puts it in the blue shard
troop, on the rivals' team, so players treat it as an opposing unit; red HP puts it in the red shard
troop, on the players' team, so rival units mark and target it (rival priorities "shard" and every
superlative). It has no Movement, Range or Attack and is never active as a unit (so it cannot move,
act or be displaced: `rules.can_be_displaced` reads `active`), and it blocks its hex. Without HP it is
a marker on a hex (blocking nothing) or equipped under a player unit (a shardholder), giving the
holder the titan card's `holder` effects through a permanent marker on the unit (read by the attack
pipeline like a tactic: extra-dice, reduce-damage).

Equipping (ASC-10): a player unit that moves onto or through a hex with a previously equipped shard
equips it (rival units never equip); a shardholder's defeat leaves its shards on the hex, active side
up. The first pick-up of a shard without HP from its pedestal (which no unit but a sentinel may enter)
is the titan card's rule; our stand-in (ruling R-ASC-6): a player unit ending a move adjacent to it.

A shard with HP that loses its last HP is defeated; the titan card's `on_defeat` effects say what
follows (`become-sentinel`, `shard-flip N` (Shaghad, official FAQ), `titan-lose-hp N`). The mode calls
`resolve_defeats` once the damage that defeated it has resolved.
"""

from __future__ import annotations

from dataclasses import dataclass

from hoplostat.catalog.model import FrozenMap, ShardSetup, Tactic, Unit
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import effect, effect_impl
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, DISCARD, PlacedTactic, UnitState
from hoplostat.rulesets.remastered.ascension.state import AscensionState
from hoplostat.rulesets.remastered.base import RULESET

SHARD_KIND = "shard"
OPPOSITE = {"red": "blue", "blue": "red"}


def shard_chip(hp: int) -> Unit:
    """The stat line of a shard with `hp` HP: no Movement, Range or Attack; not elite, no skills."""
    return Unit(
        id="shard", name="Shard", kind=SHARD_KIND, faction=None, classes=(), elite=False, movement=0, range=0,
        health=hp, attack=Pool((0, 0, 0, 0, 0)), skills=(),
        provenance=FrozenMap({"name": "rulebook"}), source="Remastered, Ascension Mode: Shards",
    )


@dataclass(slots=True)
class Shard:
    """One of the four shard chips."""

    index: int
    pedestal: int
    """The pedestal it was set on (ASC-1)."""
    hex: int
    """Where it lies (-1 while equipped or out of play)."""
    active: bool
    colour: str | None = None
    """Colour of its HP ("red", "blue") or None without HP."""
    uid: int = -1
    """Its chip in combat while it has HP (a UnitState of kind "shard"), else -1."""
    holder: int = -1
    """uid of the shardholder, -1 when not equipped."""
    marker: Tactic | None = None
    """The holder's marker (the titan card's holder effects), one per shard."""
    out: bool = False
    """Defeated for good (Shaghad's flip without HP in the supply; a shard that became a sentinel)."""
    defeats: int = 0


def setup_shards(s: AscensionState, cfg: ShardSetup) -> None:
    """ASC-1: the four shards on the pedestals, on the side and with the HP the titan card says; HP come
    from the supply of their colour (as much as it holds)."""
    for i, ped in enumerate(s.grid.tagged("pedestal")[:4]):
        sh = Shard(i, ped, ped, cfg.start == "active")
        if cfg.holder:
            sh.marker = Tactic(f"shard-{i + 1}", f"Shard {i + 1} (equipped)", "permanent", cfg.holder,
                               "An equipped shard: the titan card's effects on its holder.", None, FrozenMap())
        s.shards.append(sh)
        if cfg.hp > 0 and cfg.hp_colour:
            put_hp(s, sh, cfg.hp_colour, cfg.hp)


def put_hp(s: AscensionState, sh: Shard, colour: str, n: int) -> int:
    """Give a shard lying on its hex n HP of `colour` (limited by the supply): it becomes a chip in combat
    of that colour's shard troop, blocking its hex. Returns the HP it got (0: none in the supply)."""
    n = min(n, s.supply[colour])
    if n <= 0 or s.board[sh.hex] >= 0:
        return 0
    troop = s.shard_troops[colour]
    if sh.uid < 0:
        u = UnitState(len(s.units), shard_chip(n), troop, zone=COMBAT, active=False)
        s.units.append(u)
        sh.uid = u.uid
    else:
        u = s.units[sh.uid]
        u.unit = shard_chip(n) if u.unit.health != n else u.unit
        u.troop = troop
        u.zone = COMBAT
    u.hex = sh.hex
    u.hp = n
    u.hp_gained = 0
    u.deployed_turn = -1
    u.entered = True
    s.supply[colour] -= n
    s.board[sh.hex] = u.uid
    s.enter_combat(u)
    sh.colour = colour
    s.say(f"Shard {sh.index + 1} ({'active' if sh.active else 'inactive'}) on hex {sh.hex} has {n} {colour} HP")
    return n


def shard_of_unit(s: AscensionState, uid: int) -> Shard | None:
    for sh in s.shards:
        if sh.uid == uid:
            return sh
    return None


def resolve_defeat(g: Game[AscensionState], sh: Shard) -> None:
    """A shard with HP was defeated (its chip is in the discard): the titan card's `on_defeat` effects,
    then titan dice growth `shard-defeated`. Without effects it stays on its hex without HP."""
    s = g.state
    m = s.mode
    sh.defeats += 1
    old = sh.colour
    sh.colour = None
    u = s.units[sh.uid]
    u.zone = DISCARD
    s.say(f"Shard {sh.index + 1} is defeated on hex {sh.hex}")
    for e in m.titan.shards.on_defeat:
        if s.end_reason is not None:
            return
        impl = effect_impl(RULESET, "shard", e.term)
        if impl is None or impl.fn is None:
            m.unimplemented(g, f"shard:{e.term}")
        else:
            impl.fn(g, sh, e.arg, old)
    m.grow_dice(g, "shard-defeated")


@effect("become-sentinel", "shard", ruleset=RULESET)
def _become_sentinel(g: Game[AscensionState], sh: Shard, arg, old: str | None) -> None:
    """The shard leaves; a sentinel of the titan's side takes its pedestal and acts with the arena troop."""
    s = g.state
    sh.out = True
    if s.grid.pedestal[sh.hex] and s.board[sh.hex] < 0 and s.support_unit is not None \
            and s.supply["blue"] >= s.support_unit.health:
        rules.place_sentinel(g, s.arena_troop, sh.hex)
    else:
        s.say("the titan's sentinel cannot be placed (no free pedestal or blue health chips)")
    sh.hex = -1


@effect("shard-flip", "shard", ruleset=RULESET)
def _shard_flip(g: Game[AscensionState], sh: Shard, arg, old: str | None) -> None:
    """Shaghad (official FAQ): flips and gains N HP of the opposite colour, as many as the supply allows;
    with none available it is defeated and reverts to its previous colour (R-ASC-7)."""
    s = g.state
    new = OPPOSITE[old] if old else "red"
    sh.active = not sh.active
    got = put_hp(s, sh, new, int(arg))
    if got == 0:
        sh.active = not sh.active
        sh.colour = None
        sh.out = True
        s.say(f"Shard {sh.index + 1} finds no {new} health chips: defeated, it reverts to {old} and leaves the arena")
        sh.hex = -1
    else:
        s.say(f"Shard {sh.index + 1} flips to its {'active' if sh.active else 'inactive'} side")


@effect("titan-lose-hp", "shard", ruleset=RULESET)
def _titan_lose_hp(g: Game, sh: Shard, arg, old: str | None) -> None:
    g.state.mode.titan_lose_hp(g, int(arg), f"shard {sh.index + 1} defeated")


# --------------------------------------------------------------------------- equipping (ASC-10)


def equip(g: Game[AscensionState], sh: Shard, u: UnitState) -> None:
    s = g.state
    sh.holder = u.uid
    sh.hex = -1
    sh.colour = None
    s.shard_holders.add(u.uid)
    if sh.marker is not None:
        u.tactics.append(PlacedTactic(sh.marker, u.troop, s.turn))
    s.say(f"{u.name} ({s.side_of(u.troop)}) equips shard {sh.index + 1}")


def loose(s: AscensionState) -> list[Shard]:
    """Shards without HP lying on a hex (not equipped, not out of play)."""
    return [sh for sh in s.shards if sh.holder < 0 and sh.hex >= 0 and not sh.out and sh.colour is None]


def after_move(g: Game[AscensionState], u: UnitState, src: int, dest: int) -> None:
    """ASC-10: a player unit that moves onto or through a hex with a shard (no HP, not equipped) equips it.
    Through: the hex lies on a shortest unblocked path of the move (players route through it, R-ASC-6).
    A shard without HP still on its pedestal is equipped by ending the move next to it (stand-in, R-ASC-6).
    Rival units never equip."""
    s = g.state
    if not s.mode.titan.shards.equip or s.teams[u.troop] != 0 or u.unit.kind == SHARD_KIND:
        return
    lying = loose(s)
    if not lying:
        return
    grid = s.grid
    dist = grid.dist
    far = None
    for sh in lying:
        h = sh.hex
        if grid.pedestal[h]:
            if dist[dest][h] == 1:
                equip(g, sh, u)
            continue
        if h == dest:
            equip(g, sh, u)
            continue
        if dist[src][h] + dist[h][dest] > 99:
            continue
        if far is None:
            blocked = s.blocked_for_move(u.troop)
            blocked[dest] = False
            blocked[src] = False
            span = 1 + dist[src][dest] * 4
            from_src = grid.reachable(src, span, blocked)
            from_dest = grid.reachable(dest, span, blocked)
            far = (from_src, from_dest)
        from_src, from_dest = far
        steps = from_src.get(dest)
        a, b = from_src.get(h), from_dest.get(h)
        if steps is not None and a is not None and b is not None and a + b == steps:
            equip(g, sh, u)


def drop(g: Game[AscensionState], u: UnitState, hex_: int) -> None:
    """ASC-10: a defeated shardholder leaves its shards on the hex where it was defeated, active side up;
    their markers (sent to a discard by the defeat) are taken back."""
    s = g.state
    for sh in s.shards:
        if sh.holder != u.uid:
            continue
        sh.holder = -1
        sh.hex = hex_
        sh.active = True
        if sh.marker is not None:
            for t in s.troops:
                t.tactics_discard[:] = [x for x in t.tactics_discard if x is not sh.marker]
            u.tactics[:] = [pt for pt in u.tactics if pt.tactic is not sh.marker]
        s.say(f"shard {sh.index + 1} is left on hex {hex_}, active side up")
    s.shard_holders.discard(u.uid)


__all__ = ["SHARD_KIND", "Shard", "after_move", "drop", "equip", "put_hp", "resolve_defeat",
           "setup_shards", "shard_chip", "shard_of_unit"]

