"""The six bosses' abilities and alternate attacks ("Boss Abilities", "Boss Alt Attacks": "usable only when
rolled"), for the board game (`board.LostCitiesBoard`). A boss acts like a beast or a criminal (TLC-60) except
that it rolls its Boss Attack die every arena turn, even with no player unit in range: a base-attack face makes
its base attack, a skill face one of its chip's skills (`base.FACES[BOSS_ATTACK]`: stand-in faces, ruling
R-TLC-21). Each skill is registered for the rule set so that the catalog's bosses carry no unimplemented skill;
its `ability_options` offer nothing (a boss takes no player turn)."""

from __future__ import annotations

from functools import partial

from hoplostat.catalog.model import Effect, FrozenMap, Tactic
from hoplostat.engine import rules
from hoplostat.engine.registry import register as _register
from hoplostat.engine.state import COMBAT, PlacedTactic
from hoplostat.rulesets.lost_cities import arena, base
from hoplostat.rulesets.lost_cities.base import BASIC, RULESET, SNARE_MARK, STUN_MARK, is_arena_unit, roll, roll_face

register = partial(_register, ruleset=RULESET)

BOSS_ATTACK = "Boss Attack d6"
base.FACES[BOSS_ATTACK] = ("base", "base", "base", "skill-1", "skill-2", "skill-3")

DEATH_COIL_MARK = Tactic("tlc-death-coil", "death coil", "marker", (Effect("stun"),),
                         "Death Coil: stunned for good, 2 health lost at the start of each of its player's turns.",
                         None, FrozenMap({}))


def _players(s):
    return [u for u in s.in_combat() if not is_arena_unit(u)]


def _hurt(g, boss, u, n, what) -> None:
    if u.zone == COMBAT and g.state.end_reason is None:
        rules.damage(g, u, n, source=boss, what=what)


def _go_next_to(g, boss, target) -> bool:
    """Move the boss to a free hex next to `target` (the player picks among them, TLC-79); False if none."""
    s = g.state
    if s.grid.dist[boss.hex][target.hex] == 1:
        return True
    free = [h for h in s.grid.neighbours[target.hex] if s.board[h] < 0 and s.can_occupy(boss.troop, h)]
    if not free:
        return False
    h = free[0] if len(free) == 1 else g.ask(arena.chooser(s), "boss-hex", free, optional=False)
    rules.move(g, boss, h)
    return True


def _pick(g, boss, cands):
    return cands[0] if len(cands) == 1 else arena.taunt_target(g, boss, cands)


def assassinate(g, boss, param) -> None:
    """TLC-79: to the farthest opposing unit (Taunt among equals; the player picks the hex) for 6 damage."""
    s = g.state
    units = [u for u in _players(s) if any(s.board[h] < 0 for h in s.grid.neighbours[u.hex])
             or s.grid.dist[boss.hex][u.hex] == 1]
    if not units:
        return
    row = s.grid.dist[boss.hex]
    far = max(row[u.hex] for u in units)
    target = _pick(g, boss, [u for u in units if row[u.hex] == far])
    if _go_next_to(g, boss, target):
        _hurt(g, boss, target, 6, "Assassinate")


def shadow_spear(g, boss, param) -> None:
    """TLC-80: two basic d6 rolls give two directions (Die Legend); every unit on each line from the boss to
    the wall takes 2 damage (arena units too: "each unit in its path", ruling R-TLC-21)."""
    s = g.state
    for _ in range(2):
        face = roll_face(g, BASIC)
        h = boss.hex
        hit = []
        while True:
            h = s.grid.compass_step(h, face)
            if h < 0:
                break
            if s.board[h] >= 0:
                hit.append(s.units[s.board[h]])
        s.say(f"{boss.name} throws a Shadow Spear in direction {face}")
        for u in hit:
            _hurt(g, boss, u, 2, "Shadow Spear")


def ground_pound(g, boss, param) -> None:
    """TLC-81: every opposing unit within 4 hexes is stunned for 1 turn (as a Stun, R-TLC-7)."""
    s = g.state
    row = s.grid.dist[boss.hex]
    for u in _players(s):
        if row[u.hex] <= 4 and not any(pt.tactic is STUN_MARK for pt in u.tactics):
            u.tactics.append(PlacedTactic(STUN_MARK, boss.troop, s.turn))
            s.say(f"{u.name} ({s.side_of(u.troop)}) is stunned by a Ground Pound")


def strike_fear(g, boss, param) -> None:
    """TLC-82: every adjacent opposing unit retreats 1 hex straight away from the boss, if that hex is free."""
    s = g.state
    for u in [u for u in _players(s) if s.grid.dist[boss.hex][u.hex] == 1]:
        h = s.grid.beyond(boss.hex, u.hex)
        if h >= 0 and s.board[h] < 0 and s.can_occupy(u.troop, h) and rules.can_be_displaced(s, u):
            rules.displace(g, u, h, by=boss)


def acid_spray(g, boss, param) -> None:
    """TLC-83: every opposing unit takes 1 damage."""
    for u in list(_players(g.state)):
        _hurt(g, boss, u, 1, "Acid Spray")


def snared(g, boss, param) -> None:
    """TLC-84: gladiators and champions within 2 hexes cannot move during their next turn (`base.SNARE_MARK`,
    `base.is_snared`: ruling R-TLC-23)."""
    s = g.state
    row = s.grid.dist[boss.hex]
    for u in _players(s):
        if row[u.hex] <= 2:
            u.tactics.append(PlacedTactic(SNARE_MARK, boss.troop, s.turn))
            s.say(f"{u.name} ({s.side_of(u.troop)}) is snared")


def regen(g, boss, param) -> None:
    """TLC-85: the boss regains 3 health (or its skill's number), never above its Health."""
    rules.heal(g, boss, int(param or 3))


def chase_down(g, boss, param) -> None:
    """TLC-90: if not engaged, to the closest opposing unit (Taunt among equals) for 4 damage."""
    s = g.state
    units = _players(s)
    if not units or any(s.grid.dist[boss.hex][u.hex] == 1 for u in units):
        return
    row = s.grid.dist[boss.hex]
    near = min(row[u.hex] for u in units)
    target = _pick(g, boss, [u for u in units if row[u.hex] == near])
    if _go_next_to(g, boss, target):
        _hurt(g, boss, target, 4, "Chase Down")


def frenzy(g, boss, param) -> None:
    """TLC-91: every adjacent opposing unit's health becomes 1."""
    s = g.state
    for u in [u for u in _players(s) if s.grid.dist[boss.hex][u.hex] == 1]:
        if u.hp > 1:
            _hurt(g, boss, u, u.hp - 1, "Frenzy")


def death_coil(g, boss, param) -> None:
    """TLC-92: one adjacent opposing unit (Taunt among several) is stunned for good and loses 2 health at the
    start of each of its player's turns (`drain`)."""
    s = g.state
    adj = [u for u in _players(s) if s.grid.dist[boss.hex][u.hex] == 1
           and not any(pt.tactic is DEATH_COIL_MARK for pt in u.tactics)]
    if not adj:
        return
    target = _pick(g, boss, adj)
    target.tactics.append(PlacedTactic(DEATH_COIL_MARK, boss.troop, s.turn))
    s.say(f"{target.name} ({s.side_of(target.troop)}) is held by a Death Coil")


def drain(g, troop: int) -> None:
    """The start of `troop`'s turn: each of its units under a Death Coil loses 2 health (no one's damage)."""
    s = g.state
    for u in list(s.in_combat(troop)):
        if any(pt.tactic is DEATH_COIL_MARK for pt in u.tactics):
            rules.damage(g, u, 2, what="Death Coil")
            if s.end_reason is not None:
                return


def lift_snares(g, troop: int) -> None:
    s = g.state
    for u in s.in_combat(troop):
        for pt in [pt for pt in u.tactics if pt.tactic is SNARE_MARK and pt.turn < s.turn]:
            u.tactics.remove(pt)


ACTIONS = {"assassinate": assassinate, "shadow-spear": shadow_spear, "ground-pound": ground_pound,
           "strike-fear": strike_fear, "acid-spray": acid_spray, "snared": snared, "regen": regen,
           "chase-down": chase_down, "frenzy": frenzy, "death-coil": death_coil}
ALTERNATES = frozenset({"chase-down", "frenzy", "death-coil"})


def _none(g, holder, param):
    return []


for _sid, _fn in ACTIONS.items():
    if _sid == "regen":
        continue  # Regen is the rule set's own ability (skills.py)
    if _sid in ALTERNATES:
        register(_sid, "alternate", special_options=_none, special=lambda g, h, p, a, fn=_fn: fn(g, h, p))
    else:
        register(_sid, "ability", ability_options=_none, ability=lambda g, h, p, a, fn=_fn: fn(g, h, p))


@arena.on_boss_turn
def boss_action(g, boss) -> None:
    """TLC-60: the Boss Attack die, rolled every arena turn: a base attack on every player unit in range (none
    in range: nothing), or the chip's first, second or third skill. A stunned boss is passed over by
    `arena.arena_action` (`arena.can_act`)."""
    s = g.state
    face = roll(g, BOSS_ATTACK)
    skills = [(r.id, r.param) for r in boss.unit.skills if r.id in ACTIONS]
    if face.startswith("skill-") and skills:
        sid, param = skills[(int(face[-1]) - 1) % len(skills)]
        s.say(f"{boss.name} rolls {sid}")
        ACTIONS[sid](g, boss, param)
        return
    targets = arena.in_range(s, boss)
    if targets:
        arena.area_attack(g, boss, targets)
    else:
        s.say(f"{boss.name} rolls a base attack with no player unit in range")
