"""Skill handlers, one `register` call per skill (hook points in `engine.registry`).

Definitions: Remastered names a few skills in its examples (Retaliate, Hurl, First Strike,
Regen, Dig In); the others are read from the older games' skill lists (Origins, The Lost
Cities), as written in docs/rulings.md ("Engine"). Skills not registered here are
reported by `unimplemented_skills(catalog)`, never silently ignored.
"""

from __future__ import annotations

from functools import partial

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import register as _register
from hoplostat.engine.registry import (
    unimplemented_skills,  # noqa: F401  (re-export)
    unit_hooks,
)
from hoplostat.engine.rulings import value
from hoplostat.engine.state import COMBAT
from hoplostat.rulesets.remastered.base import RULESET

register = partial(_register, ruleset=RULESET)
"""`engine.registry.register` for Remastered's skills."""

YELLOW = Pool.of(yellow=1)
BLACK = Pool.of(black=1)


# --- Retaliate (Innate) -------------------------------------------------------------
def _retaliate(g, holder, param, attacker, target, hex_):
    # FACTS.md (Remastered reading): the attacker that deals this unit attack damage is dealt
    # 1 damage back, only if the attacker is within this unit's Range (Feng vs Mars example).
    # Measured from where this unit stood when hit; it answers even if defeated (R-ENG-2).
    # The damage back is not attack damage, so it triggers nothing that attack damage triggers.
    if holder is not target or attacker.zone != COMBAT:
        return
    if holder.zone != COMBAT and g.state.rulings and value(g.state, "retaliate-when-defeated") == "no":
        return  # the switch's alternative reading of R-ENG-2
    if g.state.grid.dist[hex_][attacker.hex] <= rules.range_of(g.state, holder):
        rules.damage(g, attacker, 1, source=holder, what="Retaliate")


register("retaliate", "innate", after_dealt_attack_damage=_retaliate, ruling="R-ENG-2")


# --- Absorb / Pervasive Absorb (Innate) ---------------------------------------------
def _absorb(g, holder, param, attacker, target):
    # Origins, "Absorb": when attacked and hit with a Basic Attack, the unit takes 1 less damage.
    return 1 if holder is target else 0


def _pervasive_absorb(g, holder, param, attacker, target):
    # data/remastered/skills.toml: non-elite allies adjacent to this unit have Absorb. Having a skill twice
    # adds nothing, so it never stacks with Absorb or another Pervasive Absorb (R-ENG-4).
    # Allies are the holder's team (a co-op partner's units; the other rival troop's units).
    s = g.state
    if target is holder or target.elite or s.grid.dist[target.hex][holder.hex] != 1 \
            or not rules.same_team(s, target.troop, holder.troop):
        return 0
    if target.unit.has_skill("absorb") and s.skills_work(target):
        return 0
    for h in s.hooked("damage_reduction"):  # arrival order, every troop of the team
        if h is holder:
            break
        if not rules.same_team(s, h.troop, holder.troop):
            continue
        if h is not target and h.unit.has_skill("pervasive-absorb") and s.skills_work(h) \
                and s.grid.dist[target.hex][h.hex] == 1:
            return 0  # an earlier adjacent Pervasive Absorb already gives it
    return 1


register("absorb", "innate", damage_reduction=_absorb, attack_scope="target")
register("pervasive-absorb", "innate", damage_reduction=_pervasive_absorb, ruling="R-ENG-4")


# --- Parry (Innate) -------------------------------------------------------------------
def _parry(g, holder, param, attacker, target):
    # data/remastered/skills.toml "parry": the first attack each round that deals this unit attack damage
    # has that damage reduced to 0 (Origins, "Parry": ignores the first successful Basic Attack).
    if holder is target and holder.parry_turn != g.state.round:
        holder.parry_turn = g.state.round
        return True
    return False


register("parry", "innate", ignore_attack_damage=_parry)


# --- Bloodlust (Innate) ---------------------------------------------------------------
def _bloodlust(g, holder, param, attacker, target):
    # Lost Cities, "Bloodlust": not at full health -> +1 black die to its Basic Attack.
    if holder is attacker and holder.hp < holder.unit.health:
        return BLACK
    return None


register("bloodlust", "innate", attack_dice=_bloodlust, attack_scope="attacker")


# --- Inspire (Innate) -----------------------------------------------------------------
def _inspire(g, holder, param, attacker, target):
    # Lost Cities, "Inspire": friendly units within 2 hexes gain +1 damage on a successful
    # Basic Attack (not the inspiring unit itself; each Inspire counts: R-ENG-5).
    # Friendly = the holder's team (co-op partner, the other rival troop).
    if attacker is not holder and g.state.grid.dist[attacker.hex][holder.hex] <= 2 \
            and rules.same_team(g.state, attacker.troop, holder.troop):
        if g.state.rulings and value(g.state, "inspire-stacks") == "no" and _earlier_inspire(g, holder, attacker):
            return 0  # the switch's alternative reading of R-ENG-5: one +1 at most
        return 1
    return 0


def _earlier_inspire(g, holder, attacker) -> bool:
    """Another working Inspire unit, earlier in arrival order, already gives this attacker its +1."""
    s = g.state
    for h in s.hooked("attack_bonus"):
        if h is holder:
            return False
        if h is not attacker and s.skills_work(h) and any(sid == "inspire"
                                                          for sid, _p, _f in unit_hooks(h.unit, "attack_bonus")) \
                and s.grid.dist[attacker.hex][h.hex] <= 2 and rules.same_team(s, attacker.troop, h.troop):
            return True
    return False


register("inspire", "innate", attack_bonus=_inspire, ruling="R-ENG-5")


# --- First Strike, Initiative (Innate) --------------------------------------------------
# Remastered, "Engage Example": First Strike lets a dazed unit attack or use a Special the turn it deploys.
register("first-strike", "innate", engage_when_dazed=True)
# Origins, "Initiative": the unit can move the same turn it is deployed.
register("initiative", "innate", move_when_dazed=True)


# --- Regen N (Ability) ----------------------------------------------------------------
def _regen_options(g, holder, param):
    return [()] if holder.hp < holder.unit.health else []


def _regen(g, holder, param, args):
    # Remastered, "Abilities Example": Regen 1 heals 1 HP, never above Health (UNIT-4).
    rules.heal(g, holder, param or 1)


register("regen", "ability", ability_options=_regen_options, ability=_regen)


# --- Hurl N (Ability) -----------------------------------------------------------------
def _hurl_options(g, holder, param):
    # Remastered, "Movement Example": choose an adjacent unit and displace it to any available
    # hex N hexes away from this unit (SKL-6: displacement, not movement).
    # Sentinels and inactive chained heroes cannot be displaced (SUP-4, SKR-2); the destination must be a
    # hex the hurled unit may occupy (no pedestal, no foothold of another troop: ARN-6, SUP-3).
    s = g.state
    n = param or 1
    ring = s.grid.at_distance(holder.hex, n)
    dests: dict[int, list[int]] = {}
    out = []
    for m in s.grid.neighbours[holder.hex]:
        v = s.board[m]
        if v < 0:
            continue
        vu = s.units[v]
        if not rules.can_be_displaced(s, vu):
            continue
        ds = dests.get(vu.troop)
        if ds is None:
            blocked = s.blocked_for_move(vu.troop)
            ds = dests[vu.troop] = [h for h in ring if not blocked[h]]
        for d in ds:
            if d != m:
                out.append((v, d))
    return out


def _hurl(g, holder, param, args):
    uid, dest = args
    rules.displace(g, g.state.units[uid], dest, by=holder)


register("hurl", "ability", ability_options=_hurl_options, ability=_hurl)


# --- Long Shot N (Special) --------------------------------------------------------------
def _long_shot_options(g, holder, param):
    return [(o.uid,) for o in rules.targets_in_range(g.state, holder, param or 1)]


def _long_shot(g, holder, param, args):
    # Origins, "Long Shot": roll 1 yellow die; on a hit, 1 damage to a target up to N hexes away.
    # A Special: its damage is not attack damage (SKL-3), so it triggers no Retaliate.
    target = g.state.units[args[0]]
    hits = g.roller.hits(YELLOW)
    g.state.say(f"{holder.name} ({g.state.side_of(holder.troop)}) uses Long Shot on {target.name}: {hits} hit(s)")
    if hits:
        rules.damage(g, target, 1, source=holder, what="Long Shot")


register("long-shot", "special", special_options=_long_shot_options, special=_long_shot)


# --- Whirlwind (Special) -----------------------------------------------------------------
def _whirlwind_options(g, holder, param):
    return [()] if rules.targets_in_range(g.state, holder, 1) else []


def _whirlwind(g, holder, param, args):
    # data/remastered/skills.toml "whirlwind" (Origins, "Whirlwind"): roll one blue die per adjacent opponent; the total
    # hits are dealt
    # to every adjacent opponent. A Special: not attack damage (SKL-3).
    adj = rules.targets_in_range(g.state, holder, 1)
    hits = g.roller.hits(Pool.of(blue=len(adj)))
    g.state.say(f"{holder.name} ({g.state.side_of(holder.troop)}) uses Whirlwind on {len(adj)} adjacent opponent(s): "
                f"{hits} hit(s)")
    for o in adj:
        rules.damage(g, o, hits, source=holder, what="Whirlwind")


register("whirlwind", "special", special_options=_whirlwind_options, special=_whirlwind)


# --- Dig In (Innate) ------------------------------------------------------------------------
def _dig_in(g, holder, param, attacker, target):
    # FACTS.md (Antony Blackbird): adds a die on turns it did not move in its Movement Step;
    # data/remastered/skills.toml: a yellow die.
    if holder is attacker and holder.moved_turn != g.state.turn:
        return YELLOW
    return None


register("dig-in", "innate", attack_dice=_dig_in, attack_scope="attacker")


# --- Strategic Attack (Innate) ----------------------------------------------------------------
def _strategic_attack(g, holder, param, attacker, target):
    # data/remastered/skills.toml: allies adjacent to this unit add one yellow die to their Attack
    # (Lost Cities, "Strategic Attack"). Each adjacent Strategic Attack adds its die (R-ENG-5).
    # Allies = the holder's team (co-op partner, the other rival troop).
    if attacker is not holder and g.state.grid.dist[attacker.hex][holder.hex] == 1 \
            and rules.same_team(g.state, attacker.troop, holder.troop):
        return YELLOW
    return None


register("strategic-attack", "innate", attack_dice=_strategic_attack, ruling="R-ENG-5")


# --- Fury Aura (Ability) ------------------------------------------------------------------------
def _fury_aura_options(g, holder, param):
    return [()] if rules.targets_in_range(g.state, holder, 1) else []


def _fury_aura(g, holder, param, args):
    # data/remastered/skills.toml: each opponent adjacent to this unit is dealt 1 damage (not attack damage).
    for o in rules.targets_in_range(g.state, holder, 1):
        rules.damage(g, o, 1, source=holder, what="Fury Aura")


register("fury-aura", "ability", ability_options=_fury_aura_options, ability=_fury_aura)


# --- Reposition (Special) -------------------------------------------------------------------------
def _reposition_options(g, holder, param):
    s = g.state
    if rules.is_held(s, holder):
        return []  # Combat Lock holds it: Reposition is a move (R-ENG-27)
    blocked = s.blocked_for_move(holder.troop)
    return [(h,) for h in s.grid.neighbours[holder.hex] if not blocked[h]]


def _reposition(g, holder, param, args):
    # data/remastered/skills.toml: instead of attacking, this unit moves 1 hex (a move, so MOV-2 applies).
    rules.move(g, holder, args[0])


register("reposition", "special", special_options=_reposition_options, special=_reposition)


# --- Swap (Ability) ---------------------------------------------------------------------------------
def _swap_options(g, holder, param):
    # Neither unit may be a sentinel or an inactive chained hero (SUP-4, SKR-2), and each must be allowed on
    # the other's hex (a foothold admits only its own team: SUP-3).
    s = g.state
    out: list[tuple[int]] = []
    if not rules.can_be_displaced(s, holder) or rules.is_held(s, holder):
        return out  # the swapper moves: not while Combat Lock holds it (R-ENG-27)
    for m in s.grid.neighbours[holder.hex]:
        v = s.board[m]
        if v < 0:
            continue
        o = s.units[v]
        if rules.can_be_displaced(s, o) and s.can_occupy(o.troop, holder.hex) and s.can_occupy(holder.troop, m):
            out.append((v,))
    return out


def _swap(g, holder, param, args):
    # data/remastered/skills.toml: this unit switches places with an adjacent unit; the other unit is
    # displaced (SKL-6). This unit changes hex through its own skill, so it has moved (Remastered, "Key
    # Terms": Move; R-ENG-7): `rules.swap_places` runs what its move triggers (Cover).
    rules.swap_places(g, holder, g.state.units[args[0]])


register("swap", "ability", ability_options=_swap_options, ability=_swap, ruling="R-ENG-7")


# --- Tactical (Innate) --------------------------------------------------------------------------------
# data/remastered/skills.toml: tactics this unit's troop places may target an opposing non-elite unit within
# 2 hexes of this unit, not only adjacent ones (TAC-2 widened).
register("tactical", "innate", tactic_reach=lambda g, holder, param: 2)


# --- Combat Lock (Innate) -----------------------------------------------------------------------------
# data/remastered/skills.toml: opponents adjacent to this unit cannot move; an opponent that moves next to it must
# stop there (Origins, "Combat Lock"). Displacement is not movement (SKL-6) and is not stopped. A unit's move through
# its own skill is a move (Remastered, "Key Terms": Move), held too: `rules.is_held` (R-ENG-27).
register("combat-lock", "innate", movement_lock=True)


# --- Intercept Blow (Innate) ----------------------------------------------------------------------------
# data/remastered/skills.toml: when an adjacent ally would be dealt attack damage, this unit may be dealt all of it
# instead. The pipeline asks the holder's controller ("intercept"); see rules.attack and R-ENG-13.
register("intercept-blow", "innate", intercept=True, ruling="R-ENG-13")


# --- Cover (Innate) ----------------------------------------------------------------------------------------
def _cover(g, holder, param, mover):
    # data/remastered/skills.toml: when an opponent moves onto a hex within this unit's Range, roll one yellow die;
    # a hit deals it 1 damage (not attack damage). Only the hex a move ends on counts (a move is all at
    # once, MOV-3); displacement never triggers it (SKL-6) (R-ENG-14).
    s = g.state
    if rules.same_team(s, mover.troop, holder.troop) or s.grid.dist[holder.hex][mover.hex] > rules.range_of(s, holder):
        return
    hits = g.roller.hits(YELLOW)
    s.say(f"{holder.name} ({s.side_of(holder.troop)}) covers hex {mover.hex}: {hits} hit(s)")
    if hits:
        rules.damage(g, mover, 1, source=holder, what="Cover")


register("cover", "innate", after_move=_cover, ruling="R-ENG-14")


# --- Impel (Ability) ----------------------------------------------------------------------------------------
def _impel_options(g, holder, param):
    s = g.state
    return [(a.uid,) for a in s.in_combat() if a is not holder and s.grid.dist[a.hex][holder.hex] == 1
            and rules.same_team(s, a.troop, holder.troop) and not rules.ignores_effects(s, a)]


def _impel(g, holder, param, args):
    # data/remastered/skills.toml: one adjacent ally may attack twice in this turn's Engage Step (the second action is
    # an attack, not a Special; a Special used instead leaves it no attack: ENG-1, `turn.engage_step`).
    g.state.units[args[0]].impelled_turn = g.state.turn


register("impel", "ability", ability_options=_impel_options, ability=_impel)


# --- Shove (Ability) ------------------------------------------------------------------------------------------
def _shove_options(g, holder, param):
    s = g.state
    out = []
    blocked: list[bool] | None = None
    for o in s.opponents_of(holder.troop):
        if s.grid.dist[o.hex][holder.hex] == 1 and rules.can_be_displaced(s, o) and s.can_occupy(holder.troop, o.hex) \
                and not rules.is_held(s, holder, free_of=o):  # its step is a move: Combat Lock holds it (R-ENG-27)
            if blocked is None:
                blocked = s.blocked_for_move(o.troop)
            b = s.grid.beyond(holder.hex, o.hex)
            if b >= 0 and not blocked[b]:
                out.append((o.uid,))
    return out


def _shove(g, holder, param, args):
    # data/remastered/skills.toml: displace an adjacent opponent 1 hex straight away from this unit and move into its
    # hex; not usable if that hex is not available. The opponent is displaced (SKL-6); this unit's step is a
    # move, as the text says (triggers Cover; not usable while Combat Lock holds this unit once the opponent
    # is displaced: R-ENG-27), outside the Movement step.
    s = g.state
    o = s.units[args[0]]
    old = o.hex
    rules.displace(g, o, s.grid.beyond(holder.hex, old), by=holder)
    moved = holder.moved_turn
    rules.move(g, holder, old)
    holder.moved_turn = moved  # it does not use up its Movement-step move


register("shove", "ability", ability_options=_shove_options, ability=_shove)


# --- Savage (Special) ------------------------------------------------------------------------------------------
def _savage_options(g, holder, param):
    return [()] if len(rules.targets_in_range(g.state, holder)) >= 1 else []


def _savage(g, holder, param, args):
    # data/remastered/skills.toml: instead of attacking, roll this unit's Attack separately against each opponent in
    # Range. A Special, so its damage is not attack damage (SKL-3): dice modifiers of the unit apply, but
    # bonuses and reductions of attack damage (Inspire, Absorb, Parry) do not, nor Retaliate (R-ENG-12).
    s = g.state
    for o in rules.targets_in_range(s, holder):
        if holder.zone != COMBAT or o.zone != COMBAT:
            continue
        pool = rules.attack_profile(g, holder, o)[0]
        hits = g.roller.hits(pool)
        s.say(f"{holder.name} ({s.side_of(holder.troop)}) uses Savage on {o.name} with {pool}: {hits} hit(s)")
        if hits:
            rules.damage(g, o, hits, source=holder, what="Savage")
        if s.end_reason is not None:
            return


register("savage", "special", special_options=_savage_options, special=_savage, ruling="R-ENG-12")


# --- Blasphemous (Innate; Pandora's Wake, granted by the Condemned arena die) ------------------------------------
def _blasphemous(g, holder, param, attacker, target):
    # Pandora's Wake, Condemned reference sheet, Arena Die face 5 names Blasphemous without a text: our stand-in
    # (no chip prints it, so it is not in data/remastered/skills.toml; data/README.md, ruling R-PW-4) is +1 damage on
    # the holder's own hit attacks.
    return 1 if attacker is holder else 0


register("blasphemous", "innate", attack_bonus=_blasphemous, attack_scope="attacker", ruling="R-PW-4")
