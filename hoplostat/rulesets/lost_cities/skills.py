"""The Lost Cities' skills ("Gladiator and Champion Abilities", "Gladiator & Champion Alt Attacks";
data/lost-cities/skills.toml), on the hooks of `engine.registry`, keyed by this rule set: the same ids mean
Remastered's or Rise of Rome's other texts there.

Basic Attacks go through `rules.attack` (so Intercept Blow and Strategic Attack, which the book limits to base
attacks, concern them only); Alternate Attacks are the skills' own code on the Special hooks, and their damage
goes through `rules.damage` and then `struck` (Retaliate answers any attack that hits, TLC-69). Abilities are
used once per turn (TLC-78) in the phase their text names: Pull, Uber Pull, Hurl and Uber Hurl in the movement
phase (TLC-34), the auras in the attack phase (TLC-75), Regen when an arena die says so."""

from __future__ import annotations

from functools import partial

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import register as _register
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.state import COMBAT, PlacedTactic
from hoplostat.rulesets.lost_cities.base import RULESET, STUN_MARK, is_engaged, is_snared

register = partial(_register, ruleset=RULESET)
"""`engine.registry.register` for The Lost Cities' skills."""

YELLOW = Pool.of(yellow=1)
MOVE_ABILITIES = frozenset({"pull", "uber-pull", "hurl", "uber-hurl"})
"""Abilities of the movement phase (TLC-34: "abilities that allow special movement or unit displacement")."""
ATTACK_ABILITIES = frozenset({"fury-aura", "uber-fury-aura"})
"""Abilities of the attack phase (TLC-75: "performed during the attack phase")."""


def _ally(s, a, b) -> bool:
    return a is not b and rules.same_team(s, a.troop, b.troop)


def struck(g, target, attacker) -> None:
    """TLC-69, Retaliate: a unit attacked and hit deals 1 damage back to its attacker, wherever it stands (no
    adjacency, any kind of attack; ruling R-TLC-6), even if the hit defeated it. Called after every attack
    that hit (`rules.attack` through the hook below, the Alternate Attacks, the arena units' base attacks)."""
    s = g.state
    if attacker is None or attacker.zone != COMBAT or s.end_reason is not None:
        return
    if not any(sid == "retaliate" for sid, _p, _f in unit_hooks(target.unit, "after_dealt_attack_damage")):
        return
    if target.zone == COMBAT and not s.skills_work(target):
        return
    if target.zone != COMBAT and not target.active:
        return
    rules.damage(g, attacker, 1, source=target, what="Retaliate")


# --- Innates ----------------------------------------------------------------------------------------
def _retaliate(g, holder, param, attacker, target, hex_):
    if holder is target:
        struck(g, holder, attacker)


def _strategic_attack(g, holder, param, attacker, target):
    # TLC-77: adjacent friendly units add one yellow die to their base attack.
    s = g.state
    if _ally(s, holder, attacker) and s.grid.dist[attacker.hex][holder.hex] == 1:
        return YELLOW
    return None


register("retaliate", "innate", after_dealt_attack_damage=_retaliate, ruling="R-TLC-6")
register("strategic-attack", "innate", attack_dice=_strategic_attack)
register("intercept-blow", "innate", intercept=True)  # TLC-70: rules.attack asks an adjacent ally
register("first-strike", "innate", engage_when_dazed=True)  # TLC-68
register("initiative", "innate", move_when_dazed=True)  # TLC-67 (and every unit from meter level 3, TLC-45)


# --- Abilities of the movement phase: Pull, Uber Pull, Hurl, Uber Hurl ------------------------------------
def _line_pulls(g, holder, reach: int, pull: int) -> list[tuple[int, int]]:
    """(uid, hex) of every pull: along each of the six lines from the holder, the first unit within `reach`
    hexes may be drawn up to `pull` hexes toward the holder through the free hexes between them ("cannot pull
    thru other units": a unit behind another is out of reach)."""
    s = g.state
    out: list[tuple[int, int]] = []
    for face in range(1, 7):
        h = holder.hex
        path: list[int] = []
        for _ in range(reach):
            h = s.grid.compass_step(h, face)
            if h < 0:
                break
            uid = s.board[h]
            if uid >= 0:
                u = s.units[uid]
                if rules.can_be_displaced(s, u) and path:
                    # the hexes between, nearest the target first; it moves j of them toward the holder
                    for j in range(1, min(pull, len(path)) + 1):
                        out.append((uid, path[-j]))
                break
            path.append(h)
    return out


def _pull_options(g, holder, param):
    return _line_pulls(g, holder, 3, 2)  # TLC-71


def _uber_pull_options(g, holder, param):
    return _line_pulls(g, holder, 4, 3)  # TLC-72


def _pull(g, holder, param, args):
    s = g.state
    rules.displace(g, s.units[args[0]], args[1], by=holder)


def _hurl_options(g, holder, param):
    # TLC-73: an adjacent unit, friend or foe, onto a different free hex adjacent to the hurler.
    s = g.state
    nbs = s.grid.neighbours[holder.hex]
    out: list[tuple[int, int]] = []
    for o in s.in_combat():
        if o is holder or s.grid.dist[o.hex][holder.hex] != 1 or not rules.can_be_displaced(s, o):
            continue
        out.extend((o.uid, h) for h in nbs if h != o.hex and s.board[h] < 0 and s.can_occupy(o.troop, h))
    return out


def _uber_hurl_options(g, holder, param):
    # TLC-74: an adjacent unit onto a free hex up to 3 hexes from where it stood (ruling R-TLC-9).
    s = g.state
    out: list[tuple[int, int]] = []
    for o in s.in_combat():
        if o is holder or s.grid.dist[o.hex][holder.hex] != 1 or not rules.can_be_displaced(s, o):
            continue
        out.extend((o.uid, h) for h in s.grid.within(o.hex, 3)
                   if h != o.hex and s.board[h] < 0 and s.can_occupy(o.troop, h))
    return out


register("pull", "ability", ability_options=_pull_options, ability=_pull)
register("uber-pull", "ability", ability_options=_uber_pull_options, ability=_pull)
register("hurl", "ability", ability_options=_hurl_options, ability=_pull)
register("uber-hurl", "ability", ability_options=_uber_hurl_options, ability=_pull, ruling="R-TLC-9")


# --- Abilities of the attack phase: Fury Aura, Uber Fury Aura; Regen ----------------------------------------
def _aura_options(reach):
    def options(g, holder, param):
        return [()] if rules.targets_in_range(g.state, holder, reach) else []
    return options


def _aura(reach):
    def use(g, holder, param, args):
        # TLC-75, TLC-76: 1 damage to every opposing unit within `reach`; not part of the unit's attack (it may
        # still attack this turn: ruling R-TLC-10).
        s = g.state
        for o in list(rules.targets_in_range(s, holder, reach)):
            if o.zone == COMBAT:
                rules.damage(g, o, 1, source=holder, what="Fury Aura")
            if s.end_reason is not None:
                return
    return use


def _regen_options(g, holder, param):
    return [()] if holder.hp < holder.unit.health else []


def _regen(g, holder, param, args):
    rules.heal(g, holder, int(param or 3))  # TLC-85: never above its Health


register("fury-aura", "ability", ability_options=_aura_options(1), ability=_aura(1), ruling="R-TLC-10")
register("uber-fury-aura", "ability", ability_options=_aura_options(2), ability=_aura(2), ruling="R-TLC-10")
register("regen", "ability", ability_options=_regen_options, ability=_regen)


# --- Alternate Attacks ----------------------------------------------------------------------------------
def _say(g, holder, what):
    g.state.say(f"{holder.name} ({g.state.side_of(holder.troop)}) {what}")


def _long_shot_options(g, holder, param):
    # TLC-89: an opponent up to 3 hexes away (ruling R-TLC-8), whatever the Attack Range.
    return [(o.uid,) for o in rules.targets_in_range(g.state, holder, 3)]


def _long_shot(g, holder, param, args):
    target = g.state.units[args[0]]
    hits = g.roller.hits(YELLOW)
    _say(g, holder, f"makes a Long Shot at {target.name}: {hits} hit(s)")
    if hits:
        rules.damage(g, target, 1, source=holder, what="Long Shot")
        struck(g, target, holder)


def _adjacent_opponents(g, holder):
    return rules.targets_in_range(g.state, holder, 1)


def _whirlwind_options(g, holder, param):
    return [()] if _adjacent_opponents(g, holder) else []


def _whirlwind(g, holder, param, args):
    # TLC-86: three yellow dice; the hits to every adjacent opposing unit.
    s = g.state
    adj = list(_adjacent_opponents(g, holder))
    hits = g.roller.hits(Pool.of(yellow=3))
    _say(g, holder, f"makes a Whirlwind against {len(adj)} adjacent opponent(s): {hits} hit(s)")
    if not hits:
        return
    for o in adj:
        if o.zone == COMBAT:
            rules.damage(g, o, hits, source=holder, what="Whirlwind")
            struck(g, o, holder)
        if s.end_reason is not None:
            return


def is_stunned(u) -> bool:
    return any(pt.tactic is STUN_MARK for pt in u.tactics)


def _stun_options(g, holder, param):
    # TLC-87: an adjacent opponent, champions included (a gladiator's Stun may stun a champion).
    return [(o.uid,) for o in _adjacent_opponents(g, holder) if not is_stunned(o)]


def _stun(g, holder, param, args):
    s = g.state
    target = s.units[args[0]]
    hits = g.roller.hits(YELLOW)
    _say(g, holder, f"tries to Stun {target.name}: {hits} hit(s)")
    if hits:
        # Ruling R-TLC-6: any attack that hits is answered by Retaliate, Stun's too; the target answers the hit
        # before the stun takes hold (a stunned unit's skills are off, TLC-87), so `struck` comes first.
        struck(g, target, holder)
        stun(g, target, holder.troop)


def stun(g, target, owner: int) -> None:
    """TLC-87: the unit cannot move, attack or use abilities for 1 turn (`lift_stuns`)."""
    s = g.state
    target.tactics.append(PlacedTactic(STUN_MARK, owner, s.turn))
    s.say(f"{target.name} ({s.side_of(target.troop)}) is stunned for 1 turn")


def lift_stuns(g, troop: int) -> None:
    """The end of `troop`'s turn: the stuns on its units made before this turn end (ruling R-TLC-7: "for 1
    turn" is the stunned unit's player's next turn)."""
    s = g.state
    for u in s.in_combat(troop):
        for pt in [pt for pt in u.tactics if pt.tactic is STUN_MARK and pt.turn < s.turn]:
            u.tactics.remove(pt)
            s.say(f"{u.name} ({s.side_of(u.troop)}) is no longer stunned")


def _reposition_options(g, holder, param):
    # TLC-88: instead of attacking, move 1 hex (a free hex it may stand on); an engaged unit stays (TLC-33), a
    # snared one too (TLC-84: it cannot move, ruling R-TLC-23).
    s = g.state
    if not rules.can_be_displaced(s, holder) or is_engaged(s, holder) or is_snared(holder):
        return []
    return [(h,) for h in s.grid.neighbours[holder.hex] if s.board[h] < 0 and s.can_occupy(holder.troop, h)]


def _reposition(g, holder, param, args):
    rules.move(g, holder, args[0])


register("long-shot", "alternate", special_options=_long_shot_options, special=_long_shot, ruling="R-TLC-8")
register("whirlwind", "alternate", special_options=_whirlwind_options, special=_whirlwind)
register("stun", "alternate", special_options=_stun_options, special=_stun, ruling="R-TLC-7")
register("reposition", "alternate", special_options=_reposition_options, special=_reposition)
