"""Origins' skills ("Skills Reference List: Abilities, Alt Attacks, Innates"; data/origins/skills.toml), on the
hooks of `engine.registry`, keyed by this rule set: the same ids mean Remastered's or Rise of Rome's other
texts there. Basic Attacks are `combat.basic_attack` (so the attack hooks concern Basic Attacks only, as the
book says); Alternate Attacks are the skills' own code on the Special hooks, their damage `combat.alt_damage`.

Elevated, Trident's Call and Trident Spear are granted by the arena, not printed on chips: `base.is_elevated`
and the mode (`mode.py`). The Abilities of the movement phase (Propel, Shove, Swap, Toss; ruling R-ORI-8) are
offered by the mode's movement phase, before the moves."""

from __future__ import annotations

from functools import partial

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import register as _register
from hoplostat.engine.registry import register_effect
from hoplostat.engine.state import COMBAT
from hoplostat.rulesets.origins.base import RULESET, full_health, is_stunned
from hoplostat.rulesets.origins.combat import alt_damage, alt_targets, basic_profile, cover_rolls, roll, shielded
from hoplostat.rulesets.rise_of_rome.skills import flip

register = partial(_register, ruleset=RULESET)
"""`engine.registry.register` for Origins' skills."""

YELLOW = Pool.of(yellow=1)
BLUE = Pool.of(blue=1)
BLACK = Pool.of(black=1)
MOVE_PHASE = frozenset({"propel", "shove", "swap", "toss"})
"""Abilities "usable during move phase" (ORI-57): offered before the moves (R-ORI-8)."""


def _ally(s, a, b) -> bool:
    return a is not b and a.troop == b.troop


def _works(s, u, skill: str) -> bool:
    return u.zone == COMBAT and u.unit.has_skill(skill) and s.skills_work(u)


# --- Innates on the attack hooks (Basic Attacks only) -------------------------------------------------
def _absorb(g, holder, param, attacker, target):
    # ORI-58: hit by a Basic Attack, 1 damage less.
    return 1 if holder is target else 0


def _pervasive_absorb(g, holder, param, attacker, target):
    # ORI-75: adjacent friendly units have Absorb; Absorb twice is still Absorb (the target's own, or a second
    # Pervasive Absorb next to it, gives nothing more). A stunned friend has none (ORI-84: no effects).
    s = g.state
    if not _ally(s, holder, target) or s.grid.dist[target.hex][holder.hex] != 1 or is_stunned(s, target):
        return 0
    if _works(s, target, "absorb"):
        return 0
    first = next(h for h in s.hooked("damage_reduction") if h is holder or (
        _works(s, h, "pervasive-absorb") and _ally(s, h, target) and s.grid.dist[target.hex][h.hex] == 1))
    return 1 if first is holder else 0


def _bloodlust(g, holder, param, attacker, target):
    # ORI-59: not at full health (a Leader's is its doubled Health) -> one more black die.
    if holder is attacker and holder.hp < full_health(g.state, holder):
        return BLACK
    return None


def _hardened(g, holder, param, attacker, target):
    # ORI-67 (Basic Attacks here; Alternate Attacks in combat.alt_damage).
    return 1 if holder is target else 0


def _inspire(g, holder, param, attacker, target):
    # ORI-69: friendly units up to 2 hexes away deal +1 damage with a successful Basic Attack.
    s = g.state
    return 1 if _ally(s, holder, attacker) and s.grid.dist[attacker.hex][holder.hex] <= 2 else 0


def _strategic_attack(g, holder, param, attacker, target):
    # ORI-83: adjacent friendly units add one yellow die to their Basic Attacks.
    s = g.state
    if _ally(s, holder, attacker) and s.grid.dist[attacker.hex][holder.hex] == 1:
        return YELLOW
    return None


def _parry(g, holder, param, attacker, target):
    # ORI-74: the first successful Basic Attack against the unit each turn is ignored: each player turn
    # (ruling R-ORI-12), not Remastered's once per round.
    s = g.state
    if holder is target and holder.parry_turn != s.turn:
        holder.parry_turn = s.turn
        s.say(f"{holder.name} parries the attack")
        return True
    return False


def _retaliate(g, holder, param, attacker, target, hex_):
    # ORI-80: hit by a Basic Attack of an adjacent unit, the attacker takes 1 damage, even if the unit is
    # defeated by it; ORI-64 Embolden: friendly units up to 2 hexes from the holder have Retaliate. A unit with
    # Retaliate from several sources strikes back once: the first working source in arrival order answers. A
    # stunned unit has no Retaliate, its own (not a watcher) nor Embolden's (ORI-84: no effects): combat.basic_attack
    # leaves both out when the target was stunned as the hit landed (a hit that defeats it discards the Stun).
    s = g.state
    if attacker.zone != COMBAT or s.grid.dist[hex_][attacker.hex] != 1:
        return
    if target.unit.has_skill("retaliate"):
        first = target  # its own Retaliate (the holder is the target, defeated or not)
    else:
        first = next((h for h in s.hooked("after_dealt_attack_damage")
                      if h is not target and h.unit.has_skill("embolden") and s.skills_work(h)
                      and h.troop == target.troop and s.grid.dist[h.hex][hex_] <= 2), None)
    if first is holder:
        rules.damage(g, attacker, 1, source=target, what="Retaliate")


register("absorb", "innate", damage_reduction=_absorb, attack_scope="target")
register("pervasive-absorb", "innate", damage_reduction=_pervasive_absorb)
register("bloodlust", "innate", attack_dice=_bloodlust, attack_scope="attacker")
register("hardened", "innate", damage_reduction=_hardened, attack_scope="target")
register("inspire", "innate", attack_bonus=_inspire)
register("strategic-attack", "innate", attack_dice=_strategic_attack)
register("parry", "innate", ignore_attack_damage=_parry, ruling="R-ORI-12")
register("retaliate", "innate", after_dealt_attack_damage=_retaliate)
register("embolden", "innate", after_dealt_attack_damage=_retaliate)
register("intercept-blow", "innate", intercept=True)  # ORI-70: combat.basic_attack asks the adjacent ally
register("combat-lock", "innate", movement_lock=True)  # ORI-60: engine.rules.locked_hexes
register("first-strike", "innate", engage_when_dazed=True)  # ORI-65
register("initiative", "innate", move_when_dazed=True)  # ORI-68
register("ready", "innate", engage_when_dazed=True, move_when_dazed=True)  # ORI-78
# Read where they act (combat.py): Distract (ORI-62), Gold Runner (ORI-66), Intimidate (ORI-71), Lunge
# (ORI-73), True Strike (ORI-89). Registered without hooks so that the engine knows they are played.
for _sid in ("distract", "gold-runner", "intimidate", "lunge", "true-strike"):
    register(_sid, "innate")


def _cover(g, holder, param, mover):
    # ORI-61 (R-ORI-15): an opposing unit's move through or onto hexes within this unit's Attack Range; the
    # move's start hex is the state's `move_src`, set by `engine.rules._after_move` before any hook runs, so
    # Cover works in every mode that plays Origins chips (Rise of Rome's city=origins too, ORI-53).
    s = g.state
    src = s.move_src
    if mover.troop != holder.troop and src >= 0 and mover.zone == COMBAT:
        cover_rolls(g, mover, src, mover.hex, [holder])


register("cover", "innate", after_move=_cover, ruling="R-ORI-15")


# --- Alternate Attacks --------------------------------------------------------------------------------
def _say(g, holder, what):
    g.state.say(f"{holder.name} ({g.state.side_of(holder.troop)}) {what}")


def _long_shot_options(g, holder, param):
    # ORI-72: an opponent up to 4 hexes away.
    return [(o.uid,) for o in alt_targets(g.state, holder, 4)]


def _long_shot(g, holder, param, args):
    target = g.state.units[args[0]]
    hits = roll(g, holder, YELLOW)
    _say(g, holder, f"makes a Long Shot at {target.name}: {hits} hit(s)")
    alt_damage(g, holder, target, min(hits, 1), "Long Shot")


def _whirlwind_options(g, holder, param):
    return [()] if rules.targets_in_range(g.state, holder, 1) else []


def _whirlwind(g, holder, param, args):
    # ORI-90: one *yellow* die per adjacent opponent (Origins' Attackers); the total to each of them (a Gold
    # Runner within reach is not hit: it cannot be attacked by an Alternate Attack, ORI-66).
    s = g.state
    adj = rules.targets_in_range(s, holder, 1)
    hits = roll(g, holder, Pool.of(yellow=len(adj)))
    _say(g, holder, f"makes a Whirlwind against {len(adj)} adjacent opponent(s): {hits} hit(s)")
    for o in adj:
        if not shielded(s, holder, o, basic=False):
            alt_damage(g, holder, o, hits, "Whirlwind")
        if s.end_reason is not None:
            return


def _stun_options(g, holder, param):
    # ORI-84: an adjacent opponent not already flipped.
    return [(o.uid,) for o in alt_targets(g.state, holder, 1) if not g.state.is_fatigued(o)]


def _stun(g, holder, param, args):
    s = g.state
    target = s.units[args[0]]
    hits = roll(g, holder, BLUE)
    _say(g, holder, f"tries to Stun {target.name}: {hits} hit(s)")
    if hits:
        flip(g, target, holder.troop)  # lifted at the start of the stunning troop's next attack phase


def _reposition_options(g, holder, param):
    # ORI-79: instead of attacking, 1 hex (a free hex; not while held by Combat Lock).
    s = g.state
    if rules.is_held(s, holder):
        return []
    return [(h,) for h in s.grid.neighbours[holder.hex] if s.board[h] < 0 and s.can_occupy(holder.troop, h)]


def _reposition(g, holder, param, args):
    rules.move(g, holder, args[0])


def _power_throw_options(g, holder, param):
    # ORI-76: one yellow die per adjacent friendly unit, on an opponent within Attack Range.
    s = g.state
    if not any(_ally(s, holder, u) and s.grid.dist[u.hex][holder.hex] == 1 for u in s.in_combat(holder.troop)):
        return []
    return [(o.uid,) for o in alt_targets(s, holder, rules.range_of(s, holder))]


def _power_throw(g, holder, param, args):
    s = g.state
    n = sum(1 for u in s.in_combat(holder.troop) if _ally(s, holder, u) and s.grid.dist[u.hex][holder.hex] == 1)
    target = s.units[args[0]]
    hits = roll(g, holder, Pool.of(yellow=n))
    _say(g, holder, f"makes a Power Throw at {target.name} with {n} yellow: {hits} hit(s)")
    alt_damage(g, holder, target, hits, "Power Throw")


def _skewer_options(g, holder, param):
    # ORI-82: an adjacent opponent (and whoever stands directly behind it, if anyone).
    return [(o.uid,) for o in alt_targets(g.state, holder, 1)]


def _skewer(g, holder, param, args):
    # One roll of the Basic Attack dice (ruling R-ORI-14), dealt to the adjacent unit and to the unit directly
    # behind it on the same line (any unit: the book says "unit"), as an Alternate Attack.
    s = g.state
    first = s.units[args[0]]
    behind = s.grid.beyond(holder.hex, first.hex)
    second = s.occupant(behind) if behind >= 0 else None
    hits = roll(g, holder, holder.unit.attack)
    _say(g, holder, f"skewers {first.name}" + (f" and {second.name}" if second else "") + f": {hits} hit(s)")
    alt_damage(g, holder, first, hits, "Skewer")
    if second is not None and s.end_reason is None and not shielded(s, holder, second, basic=False):
        alt_damage(g, holder, second, hits, "Skewer")


def _true_strike_options(g, holder, param):
    # ORI-89: the Basic Attack as an Alternate Attack (ruling R-ORI-13): its dice on a target in Attack
    # Range that only Intimidate kept from a Basic Attack.
    s = g.state
    return [(o.uid,) for o in alt_targets(s, holder, rules.range_of(s, holder)) if shielded(s, holder, o, basic=True)]


def _true_strike(g, holder, param, args):
    s = g.state
    target = s.units[args[0]]
    hits = roll(g, holder, holder.unit.attack)
    _say(g, holder, f"makes a True Strike at {target.name}: {hits} hit(s)")
    alt_damage(g, holder, target, hits, "True Strike")


register("long-shot", "alternate", special_options=_long_shot_options, special=_long_shot)
register("whirlwind", "alternate", special_options=_whirlwind_options, special=_whirlwind)
register("stun", "alternate", special_options=_stun_options, special=_stun)
register("reposition", "alternate", special_options=_reposition_options, special=_reposition)
register("power-throw", "alternate", special_options=_power_throw_options, special=_power_throw)
register("skewer", "alternate", special_options=_skewer_options, special=_skewer, ruling="R-ORI-14")
register("true-strike", "innate", special_options=_true_strike_options, special=_true_strike, ruling="R-ORI-13")


# --- Abilities of the movement phase (R-ORI-8) --------------------------------------------------------
def _free(s, h, troop) -> bool:
    return h >= 0 and s.board[h] < 0 and s.can_occupy(troop, h)


def _swap_options(g, holder, param):
    # ORI-85: change places with an adjacent unit (not while held by Combat Lock: it moves itself).
    s = g.state
    if rules.is_held(s, holder):
        return []
    return [(o.uid,) for o in s.in_combat() if o is not holder and s.grid.dist[o.hex][holder.hex] == 1]


def _swap(g, holder, param, args):
    rules.swap_places(g, holder, g.state.units[args[0]])


def _shove_options(g, holder, param):
    # ORI-81: into an adjacent opponent's hex, pushing it straight back; not if it cannot go straight back.
    s = g.state
    out = []
    for o in rules.targets_in_range(s, holder, 1):
        back = s.grid.beyond(holder.hex, o.hex)
        if _free(s, back, o.troop) and rules.can_be_displaced(s, o) and not rules.is_held(s, holder, free_of=o):
            out.append((o.uid,))
    return out


def _shove(g, holder, param, args):
    s = g.state
    o = s.units[args[0]]
    back, here = s.grid.beyond(holder.hex, o.hex), o.hex
    rules.displace(g, o, back, by=holder)
    rules.displace(g, holder, here)


def _toss_options(g, holder, param):
    # ORI-86: an adjacent unit one hex left or right around this unit: a free hex next to both.
    s = g.state
    out = []
    for o in s.in_combat():
        if o is holder or s.grid.dist[o.hex][holder.hex] != 1 or not rules.can_be_displaced(s, o):
            continue
        for h in s.grid.neighbours[o.hex]:
            if s.grid.dist[h][holder.hex] == 1 and _free(s, h, o.troop):
                out.append((o.uid, h))
    return out


def _toss(g, holder, param, args):
    rules.displace(g, g.state.units[args[0]], args[1], by=holder)


def _propel_options(g, holder, param):
    # ORI-77: an adjacent friendly unit onto a free hex 2 hexes from this unit.
    s = g.state
    out: list[tuple[int, int]] = []
    for u in s.in_combat(holder.troop):
        if u is holder or s.grid.dist[u.hex][holder.hex] != 1 or not rules.can_be_displaced(s, u):
            continue
        out.extend((u.uid, h) for h in s.grid.at_distance(holder.hex, 2) if _free(s, h, u.troop))
    return out


def _propel(g, holder, param, args):
    s = g.state
    u = s.units[args[0]]
    rules.displace(g, u, args[1], by=holder)
    u.moved_turn = s.turn  # the launched unit can neither move nor attack this turn
    u.engaged_turn = s.turn
    u.impelled_turn = -1


register("swap", "ability", ability_options=_swap_options, ability=_swap, ruling="R-ORI-8")
register("shove", "ability", ability_options=_shove_options, ability=_shove, ruling="R-ORI-8")
register("toss", "ability", ability_options=_toss_options, ability=_toss, ruling="R-ORI-8")
register("propel", "ability", ability_options=_propel_options, ability=_propel, ruling="R-ORI-8")

__all__ = ["MOVE_PHASE", "basic_profile"]


def _heal(g, troop, target, arg, tactic) -> None:
    """A healing tactic: never above the unit's starting health in this challenge (an Atlantis Leader's is its
    doubled Health, ORI-47), limited by the health chips left."""
    s = g.state
    key = s.supply_of(target.troop)
    k = max(0, min(int(arg), full_health(s, target) - target.hp, s.supply[key]))
    target.hp += k
    s.supply[key] -= k
    if k:
        s.say(f"{target.name} ({s.side_of(target.troop)}) heals {k} HP, now {target.hp}")


register_effect("heal", "tactic", _heal, ruleset=RULESET)
