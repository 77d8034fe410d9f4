"""Rise of Rome's skills ("Reference: Abilities, Alt Attacks, Innates"; data/rise-of-rome/skills.toml), on
the hooks of `engine.registry`, keyed by this rule set: the same ids mean Remastered's other texts there.

Basic Attacks go through `rules.attack` (so its hooks, Absorb, Retaliate, Intercept Blow and Strategic
Attack, concern Basic Attacks only, as the book says); Alternate Attacks are the skills' own code on the
Special hooks, and their damage goes through `rules.damage` (it is dealt by the unit, earns crowd favor,
and triggers nothing that only a Basic Attack triggers)."""

from __future__ import annotations

from functools import partial

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import register as _register
from hoplostat.engine.state import COMBAT, PlacedTactic
from hoplostat.rulesets.rise_of_rome.base import RULESET, STUN_FLIP

register = partial(_register, ruleset=RULESET)
"""`engine.registry.register` for Rise of Rome's skills."""

UNSTUNNABLE = frozenset({"titan", "pillar"})
"""Chips a Stun never flips (ruling R-ROR-19): the titan and its pillars are no unit chips."""
YELLOW = Pool.of(yellow=1)
BLUE = Pool.of(blue=1)


def _ally(s, a, b) -> bool:
    return a is not b and rules.same_team(s, a.troop, b.troop)


# --- Innates ----------------------------------------------------------------------------------------
def _absorb(g, holder, param, attacker, target):
    # ROR-91: hit by a Basic Attack, 1 damage less (only Basic Attacks go through the attack profile).
    return 1 if holder is target else 0


def _pervasive_absorb(g, holder, param, attacker, target):
    # ROR-98: adjacent friendly units except a champion have Absorb (friendly: ruling R-ROR-7, as Origins
    # says). Absorb twice is still Absorb: never with the target's own, nor with a second Pervasive Absorb.
    s = g.state
    if not _ally(s, holder, target) or target.is_primary_hero or s.grid.dist[target.hex][holder.hex] != 1:
        return 0
    if target.unit.has_skill("absorb") and s.skills_work(target):
        return 0
    # the first working friendly Pervasive Absorb next to the target (in arrival order) gives it; the others none
    first = next(h for h in s.hooked("damage_reduction") if h is holder or (
        h.unit.has_skill("pervasive-absorb") and s.skills_work(h) and _ally(s, h, target)
        and s.grid.dist[target.hex][h.hex] == 1))
    return 1 if first is holder else 0


def _retaliate(g, holder, param, attacker, target, hex_):
    # ROR-100: hit by a Basic Attack of an *adjacent* unit, the attacker takes 1 damage, even if this unit
    # is defeated by the attack (measured from where it stood when hit).
    if holder is not target or attacker.zone != COMBAT:
        return
    if g.state.grid.dist[hex_][attacker.hex] == 1:
        rules.damage(g, attacker, 1, source=holder, what="Retaliate")


def _strategic_attack(g, holder, param, attacker, target):
    # ROR-102: adjacent friendly units add one yellow die to their Basic Attacks.
    s = g.state
    if _ally(s, holder, attacker) and s.grid.dist[attacker.hex][holder.hex] == 1:
        return YELLOW
    return None


register("absorb", "innate", damage_reduction=_absorb, attack_scope="target")
register("pervasive-absorb", "innate", damage_reduction=_pervasive_absorb, ruling="R-ROR-7")
register("retaliate", "innate", after_dealt_attack_damage=_retaliate)
register("strategic-attack", "innate", attack_dice=_strategic_attack)
register("intercept-blow", "innate", intercept=True)  # ROR-96: rules.attack asks an adjacent ally
register("first-strike", "innate", engage_when_dazed=True)  # ROR-93
register("initiative", "innate", move_when_dazed=True)  # ROR-95
register("stationed", "innate", stationary=True)  # ROR-101


# --- Abilities (attack phase) -------------------------------------------------------------------------
def _impel_options(g, holder, param):
    # ROR-94: an adjacent friendly unit (a teammate's too: ROR-88).
    s = g.state
    return [(u.uid,) for u in s.in_combat() if _ally(s, holder, u) and s.grid.dist[u.hex][holder.hex] == 1]


def _impel(g, holder, param, args):
    s = g.state
    u = s.units[args[0]]
    u.impelled_turn = s.turn
    s.say(f"{u.name} gains another Basic Attack this turn")


def _consuming_impel_options(g, holder, param):
    # ROR-92: a friendly unit up to 2 hexes away; it consumes the holder's own attack (ruling R-ROR-6), so a
    # holder that has attacked cannot use it.
    s = g.state
    if holder.engaged_turn == s.turn:
        return []
    return [(u.uid,) for u in s.in_combat() if _ally(s, holder, u) and s.grid.dist[u.hex][holder.hex] <= 2]


def _consuming_impel(g, holder, param, args):
    s = g.state
    u = s.units[args[0]]
    holder.engaged_turn = s.turn  # its own attack is spent (R-ROR-6)
    holder.impelled_turn = -1
    u.impelled_turn = s.turn
    s.troops[u.troop].granted_any = (s.turn, u.uid)  # the extra attack may be Basic or Alternate
    s.say(f"{u.name} gains another Basic or Alternate Attack this turn")


register("impel", "ability", ability_options=_impel_options, ability=_impel)
register("consuming-impel", "ability", ability_options=_consuming_impel_options, ability=_consuming_impel,
         ruling="R-ROR-6")


# --- Alternate Attacks ----------------------------------------------------------------------------------
def _say(g, holder, what):
    g.state.say(f"{holder.name} ({g.state.side_of(holder.troop)}) {what}")


def _long_shot_options(g, holder, param):
    # ROR-97: an opponent up to 4 hexes away (Attack Range does not matter).
    return [(o.uid,) for o in rules.targets_in_range(g.state, holder, 4)]


def _long_shot(g, holder, param, args):
    target = g.state.units[args[0]]
    hits = g.roller.hits(YELLOW)
    _say(g, holder, f"makes a Long Shot at {target.name}: {hits} hit(s)")
    if hits:
        rules.damage(g, target, 1, source=holder, what="Long Shot")


def _adjacent_opponents(g, holder):
    return rules.targets_in_range(g.state, holder, 1)


def _whirlwind_options(g, holder, param):
    return [()] if _adjacent_opponents(g, holder) else []


def _whirlwind(g, holder, param, args):
    # ROR-104: one blue die per adjacent opponent; the total hits to each of them.
    s = g.state
    adj = _adjacent_opponents(g, holder)
    hits = g.roller.hits(Pool.of(blue=len(adj)))
    _say(g, holder, f"makes a Whirlwind against {len(adj)} adjacent opponent(s): {hits} hit(s)")
    for o in adj:
        if o.zone == COMBAT:
            rules.damage(g, o, hits, source=holder, what="Whirlwind")
        if s.end_reason is not None:
            return


def _stun_options(g, holder, param):
    # ROR-103: an adjacent opponent, champions included (a gladiator's Stun may stun a champion); never a titan or
    # a pillar, which are no unit chips (ruling R-ROR-19; "Chip Types": a titan chip, not a unit chip).
    return [(o.uid,) for o in _adjacent_opponents(g, holder)
            if o.unit.kind not in UNSTUNNABLE and not any(pt.tactic is STUN_FLIP for pt in o.tactics)]


def _stun(g, holder, param, args):
    s = g.state
    target = s.units[args[0]]
    hits = g.roller.hits(BLUE)
    _say(g, holder, f"tries to Stun {target.name}: {hits} hit(s)")
    if hits:
        flip(g, target, holder.troop)


def flip(g, target, owner: int) -> None:
    """ROR-103: the unit is flipped: only its health counts until the start of `owner`'s attack phase in the
    next round (`lift_flips`)."""
    s = g.state
    target.tactics.append(PlacedTactic(STUN_FLIP, owner, s.turn))
    s.say(f"{target.name} ({s.side_of(target.troop)}) is stunned: flipped for one round")


def lift_flips(g, troop: int) -> None:
    """The start of `troop`'s attack phase: the flips its Stuns made in an earlier turn end ("Stun lasts one
    full round until the start of that phase")."""
    s = g.state
    for u in s.in_combat():
        for pt in [pt for pt in u.tactics if pt.tactic is STUN_FLIP and pt.owner == troop and pt.turn < s.turn]:
            u.tactics.remove(pt)
            s.say(f"{u.name} ({s.side_of(u.troop)}) is flipped back")


def _reposition_options(g, holder, param):
    # ROR-99: instead of attacking, move 1 hex (a free hex it may stand on).
    s = g.state
    if not rules.can_be_displaced(s, holder):
        return []
    return [(h,) for h in s.grid.neighbours[holder.hex] if s.board[h] < 0 and s.can_occupy(holder.troop, h)]


def _reposition(g, holder, param, args):
    rules.move(g, holder, args[0])


register("long-shot", "alternate", special_options=_long_shot_options, special=_long_shot)
register("whirlwind", "alternate", special_options=_whirlwind_options, special=_whirlwind)
register("stun", "alternate", special_options=_stun_options, special=_stun)
register("reposition", "alternate", special_options=_reposition_options, special=_reposition)
