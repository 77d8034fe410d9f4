"""Origins' attacks ("Phase 3: Attacking", "Attack Sequence", "Skills Reference List"): the Basic Attack
with Origins' own modifiers (Elevated, Lunge, Distract) and the Alternate Attacks' dice and damage.

A Basic Attack goes through `basic_attack`, which is `engine.rules.attack` with Origins' profile: the
registry's attack hooks (Absorb, Pervasive Absorb, Bloodlust, Hardened, Inspire, Strategic Attack), Intercept
Blow, Parry and the after-damage skills (Retaliate, Embolden) concern Basic Attacks only, as the book says.
An Alternate Attack rolls its own dice (`roll`) and deals its damage through `alt_damage` (Hardened is the
only defence that names Alternate Attacks)."""

from __future__ import annotations

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import AttackResult, Game
from hoplostat.engine.state import COMBAT, GameState, UnitState
from hoplostat.rulesets.origins.base import is_elevated, is_stunned

GREEN2 = Pool.of(green=2)


def _works(s: GameState, u: UnitState, skill: str) -> bool:
    return u.zone == COMBAT and u.unit.has_skill(skill) and s.skills_work(u)


def lunging(s: GameState, u: UnitState) -> bool:
    """Lunge (ORI-73): the unit has not made its own move this turn."""
    return _works(s, u, "lunge") and u.moved_turn != s.turn


def basic_range(s: GameState, u: UnitState) -> int:
    """Attack Range of a Basic Attack: +1 while lunging (ORI-73)."""
    return rules.range_of(s, u) + (1 if lunging(s, u) else 0)


def distracted(s: GameState, u: UnitState) -> bool:
    """Distract (ORI-62): an adjacent opposing unit with a working Distract."""
    row = s.grid.dist[u.hex]
    return any(row[o.hex] == 1 and _works(s, o, "distract") for o in s.opponents_of(u.troop))


def dice(s: GameState, u: UnitState, pool: Pool) -> Pool:
    """The dice `u` rolls for `pool`: every die yellow while distracted (ORI-62, Basic Attacks and skills)."""
    if pool.size and distracted(s, u):
        return Pool.of(yellow=pool.size)
    return pool


def shielded(s: GameState, attacker: UnitState, target: UnitState, *, basic: bool) -> bool:
    """The target may not be attacked by `attacker` this way: Intimidate forbids Basic Attacks (ORI-71), Gold
    Runner Basic and Alternate Attacks (ORI-66), from opponents within the target's Tactical Range."""
    if not (target.unit.has_skill("intimidate") or target.unit.has_skill("gold-runner")) or not s.skills_work(target):
        return False
    if s.grid.dist[attacker.hex][target.hex] > (target.unit.tactical_range or 0):
        return False
    return target.unit.has_skill("gold-runner") or (basic and target.unit.has_skill("intimidate"))


def basic_targets(s: GameState, u: UnitState) -> list[UnitState]:
    """Opponents a Basic Attack of `u` may target: within its Attack Range (no line of sight, ORI-18), not
    shielded by Intimidate or Gold Runner."""
    return [o for o in rules.targets_in_range(s, u, basic_range(s, u)) if not shielded(s, u, o, basic=True)]


def alt_targets(s: GameState, u: UnitState, r: int) -> list[UnitState]:
    """Opponents up to `r` hexes away that an Alternate Attack of `u` may target (Gold Runner excepted)."""
    return [o for o in rules.targets_in_range(s, u, r) if not shielded(s, u, o, basic=False)]


def basic_profile(g: Game, attacker: UnitState, target: UnitState) -> tuple[Pool, int, int]:
    """(dice, bonus on a hit, reduction) of a Basic Attack: the registry's hooks and tactics
    (`rules.attack_profile`), Lunge's two green dice in place of the chip's own (ORI-73), Elevated's +1 against
    a unit that is not Elevated (ORI-63), then Distract's yellow (ORI-62)."""
    s = g.state
    pool, bonus, reduce = rules.attack_profile(g, attacker, target)
    if lunging(s, attacker):
        own = attacker.unit.attack.counts
        pool = Pool(tuple(max(0, c - o) for c, o in zip(pool.counts, own))) + GREEN2
    if is_elevated(s, attacker) and not is_elevated(s, target):
        bonus += 1
    return dice(s, attacker, pool), bonus, reduce


def basic_attack(g: Game, attacker: UnitState, target: UnitState) -> AttackResult:
    """Origins, "Attack Sequence": gather the dice with every modifier, roll, the defender's skills (Parry,
    Intercept Blow), remove one health chip per hit, then Retaliate (ORI-20). `engine.rules.attack` with
    `basic_profile`."""
    s = g.state
    pool, bonus, reduce = basic_profile(g, attacker, target)
    hits = g.roller.hits(pool)
    attacker.engaged_turn = s.turn
    if s.log is not None:
        s.say(f"{attacker.name} ({s.side_of(attacker.troop)}) attacks {target.name} with {pool}: {hits} hit(s)")
    if hits < 1:
        return AttackResult(hits, False, 0)
    amount = max(0, hits + bonus - reduce)
    for h in s.hooked("ignore_attack_damage"):
        if s.skills_work(h):
            for _sid, param, fn in unit_hooks(h.unit, "ignore_attack_damage"):
                if fn(g, h, param, attacker, target):
                    amount = 0
    # Intercept Blow (ORI-70): an adjacent friendly unit may take the whole damage instead.
    if amount > 0:
        for h in s.hooked("intercept"):
            if h is target or h.troop != target.troop or s.grid.dist[h.hex][target.hex] != 1 or not s.skills_work(h):
                continue
            if g.ask(h.troop, "intercept", [h.uid], optional=True) is not None:
                s.say(f"{h.name} ({s.side_of(h.troop)}) intercepts the blow meant for {target.name}")
                target = h
                _, bonus, reduce = basic_profile(g, attacker, target)
                amount = max(0, hits + bonus - reduce)
                break
    hex_ = target.hex
    watchers = [h for h in s.hooked("after_dealt_attack_damage") if s.skills_work(h)]
    # ORI-84: a stunned unit has no Retaliate, its own nor an ally's Embolden (skills._retaliate). Asked before the
    # damage: a hit that defeats it discards its Stun with it, and it was stunned when hit.
    stunned = is_stunned(s, target)
    removed = rules.damage(g, target, amount, source=attacker, dealt=True)
    if s.end_reason is not None:
        return AttackResult(hits, True, removed)
    effects = [(h, sid, param, fn) for h in watchers
               for sid, param, fn in unit_hooks(h.unit, "after_dealt_attack_damage")
               if not (stunned and sid in ("retaliate", "embolden"))]
    rules.resolve_triggered(g, effects, lambda e: e[3](g, e[0], e[2], attacker, target, hex_))
    return AttackResult(hits, True, removed)


def roll(g: Game, u: UnitState, pool: Pool) -> int:
    """The hits of an Alternate Attack's or a skill's dice (Distract applies, ORI-62)."""
    return g.roller.hits(dice(g.state, u, pool))


def alt_damage(g: Game, holder: UnitState, target: UnitState, hits: int, what: str) -> int:
    """An Alternate Attack's hits dealt to `target`: 1 less against Hardened (ORI-67, the only defence that
    names Alternate Attacks)."""
    if hits <= 0 or target.zone != COMBAT:
        return 0
    if _works(g.state, target, "hardened"):
        hits -= 1
    return rules.damage(g, target, max(0, hits), source=holder, what=what, dealt=True)


def cover_rolls(g: Game, u: UnitState, src: int, dest: int, covers) -> None:
    """ORI-61 Cover (ruling R-ORI-15): every hex the mover passed over or ended on that lies within a Cover
    unit's Attack Range gives one yellow die; each hit deals 1 damage. A move records only its end hex: the
    path is the one of no more steps than the move used that crosses the fewest covered hexes (the mover's
    best), through hexes free of units."""
    s = g.state
    grid = s.grid
    rng_of = [(c, rules.range_of(s, c)) for c in covers]

    def cost(h: int) -> int:
        return sum(1 for c, r in rng_of if c.zone == COMBAT and grid.dist[h][c.hex] <= r)

    steps = grid.dist[src][dest]
    blocked = s.blocked_for_move(u.troop)
    # layered search: best[h] = fewest covered hexes on a path of k steps from src to h
    best = {src: 0}
    prev: dict[int, dict[int, int]] = {}
    for k in range(1, steps + 1):
        nxt: dict[int, int] = {}
        back: dict[int, int] = {}
        for h, c0 in best.items():
            for m in grid.neighbours[h]:
                if (blocked[m] and m != dest) or grid.dist[m][dest] > steps - k:
                    continue
                c1 = c0 + cost(m)
                if m not in nxt or c1 < nxt[m]:
                    nxt[m], back[m] = c1, h
        best, prev[k] = nxt, back
    if dest not in best:
        return
    path, h = [], dest
    for k in range(steps, 0, -1):
        path.append(h)
        h = prev[k][h]
    for h in reversed(path):
        for c, r in rng_of:
            if u.zone != COMBAT or s.end_reason is not None:
                return
            if c.zone == COMBAT and grid.dist[h][c.hex] <= r:
                hits = roll(g, c, Pool.of(yellow=1))
                s.say(f"{c.name} ({s.side_of(c.troop)}) covers hex {h}: {hits} hit(s)")
                if hits:
                    rules.damage(g, u, 1, source=c, what="Cover")
