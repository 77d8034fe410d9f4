"""The Sailors of the Dead's skills (NAU-44) and whom a piece may never mark or target (`may_target`).
Importing the module registers the skills."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.registry import printed_chip, register
from hoplostat.engine.state import COMBAT, UnitState
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.naumachia.state import (
    ELUDE,
    YELLOW,
    NaumachiaState,
    captain_of,
    class_of,
    is_croc,
    is_ship,
    seat_of,
)

# --------------------------------------------------------------------------- Sailors of the Dead skills


def _guide_dice(g, holder, param, attacker, target):
    # NAU-44, Guide: the holder's allies (units in the water, not ships: ships are not units, NAU-16) add one
    # yellow die to their Attack (their +3 Movement is given by `refresh`).
    if attacker is not holder and attacker.unit.kind != "ship" and rules.same_team(g.state, attacker.troop,
                                                                                   holder.troop):
        return YELLOW
    return None


def _elude_options(g, holder, param):
    """NAU-44, Elude (Special): only while within an opposing ship's Range; any hex up to 5 away by free path."""
    s = g.state
    row = s.grid.dist[holder.hex]
    if not any(is_ship(o) and row[o.hex] <= rules.range_of(s, o) for o in s.opponents_of(holder.troop)):
        return []
    reach = s.grid.reachable(holder.hex, ELUDE, s.blocked_for_move(holder.troop), set())
    return [(h,) for h in sorted(reach)]


def _elude(g, holder, param, args):
    rules.move(g, holder, args[0])


def _leech_options(g, holder, param):
    s = g.state
    row = s.grid.dist[holder.hex]
    return [(o.uid,) for o in s.opponents_of(holder.troop) if not is_ship(o) and row[o.hex] == 1]


def _leech(g, holder, param, args):
    # Stand-in (the printed text is cut off, NAU-44): 1 HP from an adjacent opponent in the water, heal 1.
    s = g.state
    rules.damage(g, s.units[args[0]], 1, source=holder, what="Leech")
    if holder.zone == COMBAT:
        rules.heal(g, holder, 1)


register("absolve", "innate", ruleset=RULESET)  # NAU-44: read by `lose_favor`
register("animalistic", "innate", ruleset=RULESET)  # NAU-44: read by `may_target`
register("exploit", "innate", ruleset=RULESET)  # NAU-44: read by `Naumachia.after_damage`
register("frenzied", "innate", ruleset=RULESET)  # NAU-25: Movement set by `refresh`
register("guide", "innate", ruleset=RULESET, attack_dice=_guide_dice)
register("elude", "special", ruleset=RULESET, special_options=_elude_options, special=_elude)
register("leech", "ability", ruleset=RULESET, ability_options=_leech_options, ability=_leech, ruling="R-PW-21")
register("salvage", "pivot", ruleset=RULESET, ruling="R-PW-21")  # NAU-37: resolved by `pivot`
rival.RIVAL_SPECIAL_CONDITIONS.setdefault("elude", lambda g, u, param, opts: bool(opts))

PIVOTS = {"salvage"}
"""Skill ids of type Pivot (NAU-37) that `pivot` resolves."""


def may_target(s: NaumachiaState, u: UnitState, o: UnitState) -> bool:
    """Whom a piece may never mark or target: a Beast-class unit never an Animalistic one (NAU-44); a crocodile
    never a ship whose captain is a Beast (NAU-19) nor, while Befriended, the placing troop's pieces."""
    if is_ship(o):
        if is_croc(u):
            cap = captain_of(s, o.uid)
            if cap is not None and class_of(printed_chip(cap.unit)) == "beast":
                return False
    elif "beast" in u.unit.classes and not is_ship(u) and o.unit.has_skill("animalistic") and s.skills_work(o):
        return False
    if is_croc(u):
        for e in s.effects:
            if e[0] == "befriended" and e[1] == u.uid and seat_of(o.troop) == e[2]:
                return False
    return True
