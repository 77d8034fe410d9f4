"""The arena die (CON-24, CON-25), the Wretches' levels (CON-32), the champion's activation (CON-35, CON-36),
and movement with the escape hexes (CON-7, CON-8)."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.registry import grant
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, UnitState
from hoplostat.rulesets.remastered.condemned.state import (
    FACE_TEXT,
    GUARDIAN_HOLD,
    GUARDIAN_RANGE,
    GUARDIAN_SKILLS,
    WRETCH,
    WRETCH_MOVEMENT,
    CondemnedState,
    is_wretch,
)

# --------------------------------------------------------------------------- the die, Wretches, the champion


def apply_die(g: Game[CondemnedState]) -> None:
    """CON-24: the current face's effects on the guardians and Wretches, as granted skills and stat changes
    (`engine.registry.grant`); the key-hex faces act in `key_favor`. Guardians always hold their hex
    (CON-28: the granted `guardian-hold`)."""
    s = g.state
    face = s.die
    for uid in s.guardians:
        u = s.units[uid]
        grant(s, u, (GUARDIAN_HOLD, *GUARDIAN_SKILLS.get(face, ())), range_=GUARDIAN_RANGE.get(face, 0))
    for uid in s.wretch:
        if uid >= 0:
            u = s.units[uid]
            grant(s, u, (), movement=WRETCH_MOVEMENT.get(face, 0))


def set_die(g: Game[CondemnedState], face: int, how: str) -> None:
    s = g.state
    s.die = face
    s.say(f"The arena die shows {face} ({how}): {FACE_TEXT[face]}")
    apply_die(g)


def roll_die(g: Game[CondemnedState], why: str) -> None:
    """CON-25: rolled again whenever either troop earns a reward."""
    s = g.state
    s.die_rolls += 1
    set_die(g, int(g.rng.integers(1, 7)), f"rolled for {why}")


def upgrade(g: Game[CondemnedState], u: UnitState, level: int) -> None:
    """CON-32: the Wretch flips to the next level at once, never above IV; it keeps its HP (the chips stay
    on it, ruling R-PW-5) and its gained HP; the die's grants stay on the new face."""
    s = g.state
    level = min(level, len(WRETCH))
    if level <= s.level[u.troop]:
        return
    s.level[u.troop] = level
    chip = s.mode.chips[WRETCH[level - 1]]
    grant(s, u, (), movement=WRETCH_MOVEMENT.get(s.die, 0), printed=chip)
    s.say(f"{s.troops[u.troop].faction} ({s.troops[u.troop].side})'s Wretch becomes {chip.name}")


def activate_champion(g: Game[CondemnedState], why: str) -> None:
    """CON-35, CON-36: the champion flips and gains its full HP (not a deployment, so not dazed: ruling
    R-PW-8); missing chips come from the guardian with the rival's colour, then from the strongest rival
    unit; one left with 0 HP is defeated, which is not damage (no favor, ruling R-PW-8)."""
    s = g.state
    if s.champion < 0 or s.champion_active:
        return
    c = s.units[s.champion]
    key = s.supply_of(s.rival_troop)
    need = c.unit.health - s.supply[key]
    donors = [s.units[i] for i in s.guardians if s.units[i].zone == COMBAT and s.supply_of(s.units[i].troop) == key]
    rivals = sorted((u for u in s.in_combat(s.rival_troop)), key=lambda u: (-u.hp, u.uid))
    for d in [*donors, *rivals[:1]]:
        if need <= 0:
            break
        k = min(need, d.hp)
        d.hp -= k
        s.supply[key] += k
        need -= k
        s.say(f"{k} health chip(s) are taken from {d.name} for the champion")
        if d.hp <= 0:
            rules.defeat(g, d)
    s.closed.remove(s.champion_hex)
    c.active = True
    s.champion_active = True
    s.champion_round = s.round
    hp = min(c.unit.health, s.supply[key])
    s.supply[key] -= hp
    c.hp = hp
    c.zone = COMBAT
    c.hex = s.champion_hex
    c.entered = True
    s.board[c.hex] = c.uid
    s.enter_combat(c)
    s.say(f"The rival's champion {c.name} activates ({why}) with {hp} HP")


def guardian_damage(s: CondemnedState) -> list[int]:
    """Per troop: HP it removed from the guardians (`UnitState.damage_taken` of the guardians is by anyone)."""
    return list(s.guardian_hp)


# --------------------------------------------------------------------------- movement


def movement_step(g: Game[CondemnedState], troop: int) -> None:
    """Remastered, "Movement" (MOV-1..MOV-3) with Condemned's hex access: the escape hexes are open to a
    Wretch's own move only (CON-8: either escape hex, ruling R-PW-11), the guardian hexes to nobody (CON-7)."""
    s = g.state
    grid = s.grid
    escapes = (grid.tagged("escape-red")[0], grid.tagged("escape-blue")[0])
    while True:
        locked = rules.locked_hexes(s, troop)
        blocked = s.blocked_for_move(troop)
        opts: list[tuple[int, int]] = []
        for u in s.in_combat(troop):
            if not rules.can_move(s, u) or u.hex in locked:
                continue
            b = blocked
            if is_wretch(u):
                b = list(blocked)
                for h in escapes:
                    b[h] = s.board[h] >= 0
            opts.extend((u.uid, h) for h in grid.reachable(u.hex, rules.movement_of(s, u), b, locked))
        choice = g.ask(troop, "move", opts, optional=True, step=True)
        if choice is None:
            return
        rules.move(g, s.units[choice[0]], choice[1])
        if s.end_reason is not None:
            return
