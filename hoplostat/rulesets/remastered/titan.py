"""The titan (Remastered, Ascension Mode, "Titan Turn", "Titan Allies"; ASC-5..ASC-7).

The Titan Activity Step: roll the titan dice (the card's start pool plus the dice gained so far), then
resolve the effects table top to bottom. A row whose colour has one die is a single-die effect (it
resolves on a hit); with several dice only the highest tier reached resolves. Effects that move or
attack follow the rival rules (`engine.rival`) with the titan's priority list; choices the rules leave
open go to the players (`RivalController.tie`).

Effect terms (catalog.vocab.EFFECT_TERMS) executed here: attack, advance, smite N, toss, arena-turn,
deploy-allies, allies-act, deploy-arena-unit, heal N, gain-hp N, damage-adjacent N, allies-gain-hp N,
and the target effects stun, damage N, displace-target (ruling R-ASC-10: "the target" is the unit the
titan attacked, smote or tossed earlier in this Titan Activity Step if still in combat, else its
highest-priority opponent within its Range). Others are skipped and reported in the result's
`unimplemented` list.
"""

from __future__ import annotations

from hoplostat.catalog.model import Effect, FrozenMap, Tactic
from hoplostat.dice import COLOURS, Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import effect, effect_impl, register_effect
from hoplostat.engine.rules import Game
from hoplostat.engine.state import CAMP, COMBAT, PlacedTactic, UnitState
from hoplostat.rulesets.remastered import effects, rival
from hoplostat.rulesets.remastered.ascension.state import AscensionState
from hoplostat.rulesets.remastered.base import RULESET

TOSS_DISTANCE = 3
"""Toss: displaced to a hex exactly 3 hexes from the titan (Titan Turn Example; R-CAT-9)."""
_ADVANCE = {n: Tactic(f"advance-{n}", f"Advance {n}", "permanent", (Effect("movement-set", n),),
                      "Movement for one Advance.", None, FrozenMap()) for n in range(13)}
_STUN = Tactic("titan-stun", "Stunned (titan effect)", "temporary", (Effect("stun"),),
               "Fatigued until the start of the titan's next turn.", None, FrozenMap())
"""Marker placed by a titan's `stun`: fatigued until the start of the titan troop's next turn (R-ASC-10)."""


def titan_dice(s: AscensionState) -> Pool:
    """The titan dice now: the card's start pool plus the first `dice_added` dice of `grow`."""
    d = s.mode.titan.dice
    counts = list(d.start.counts)
    for c in d.grow[: s.dice_added]:
        counts[COLOURS.index(c)] += 1
    return Pool(tuple(counts))


roll_by_colour = effects.roll_by_colour


def arena_die(g: Game[AscensionState]) -> int:
    """An arena die (plain d6, FACTS "Dice"); tests force faces through `AscensionState.forced_arena_dice`."""
    s = g.state
    if s.forced_arena_dice:
        return s.forced_arena_dice.pop(0)
    return int(g.rng.integers(1, 7))


def tier_reached(tiers, hits: int):
    """ASC-6: the tier with the most hits not above the hits rolled (only the highest resolves); None below all."""
    best = None
    for t in tiers:
        if t.hits <= hits and (best is None or t.hits > best.hits):
            best = t
    return best


def activity(g: Game[AscensionState]) -> None:
    """ASC-6: skipped while dazed; roll the titan dice; resolve the effects top to bottom."""
    s = g.state
    m = s.mode
    titan = s.units[s.titan_uid]
    if titan.zone != COMBAT:
        return
    if s.is_dazed(titan):
        s.say(f"{titan.name} is dazed: no Titan Activity this turn")
        return
    s.titan_target = -1
    pool = titan_dice(s)
    hits = roll_by_colour(g, pool)
    if s.log is not None:
        s.say(f"{titan.name} rolls the titan dice ({pool}): "
              + ", ".join(f"{c} {h}/{pool.counts[COLOURS.index(c)]}" for c, h in hits.items()))
    for row in m.titan.effects:
        tier = tier_reached(row.tiers, hits.get(row.colour, 0))
        if tier is None:
            continue
        s.say(f"{titan.name}'s {row.colour} effect ({tier.hits} hit(s)): " + ", ".join(str(e) for e in tier.effects))
        for e in tier.effects:
            resolve(g, titan, e)
            if s.end_reason is not None or titan.zone != COMBAT:
                return


def _pick_target(g: Game, titan: UnitState, cands: list[UnitState]) -> UnitState | None:
    """RIV-9 targeting: the highest priority among `cands`; players choose among equals."""
    s = g.state
    best = rival.top_priority(g, titan, s.mode.priority, cands)
    if not best:
        return None
    if len(best) == 1:
        return best[0]
    rc = rival.controller_of(g, titan.troop)
    return s.units[rc.tie(g, "rival-engage", [("attack", titan.uid, o.uid) for o in best])[2]]


def effect_target(g: Game[AscensionState], titan: UnitState) -> UnitState | None:
    """R-ASC-10: "the target" of a titan's stun / damage N / displace-target: the unit it attacked, smote
    or tossed earlier in this Titan Activity Step if still in combat; otherwise its highest-priority
    opponent within its Range (rival AI, players choose among equals); None without one."""
    s = g.state
    if s.titan_target >= 0:
        t = s.units[s.titan_target]
        if t.zone == COMBAT and s.teams[t.troop] != s.teams[titan.troop]:
            return t
    picked = _pick_target(g, titan, rules.targets_in_range(s, titan))
    if picked is not None:
        s.titan_target = picked.uid
    return picked


def advance(g: Game[AscensionState], titan: UnitState, n: int) -> None:
    """Move up to n hexes by the rival Movement rules (marking, back-up movement) with the titan's list."""
    s = g.state
    rc = rival.controller_of(g, titan.troop)
    if n <= 0:
        return
    pt = PlacedTactic(_ADVANCE[min(n, 12)], titan.troop, s.turn)
    titan.moved_turn = -1
    titan.tactics.append(pt)
    try:
        locked = rival.opposing_locks(s, titan.troop)
        if titan.hex in locked:
            s.say(f"{titan.name} is locked and cannot advance")
            return
        dests = rc.plan_move(g, titan, s.blocked_for_move(titan.troop), locked)
        why = rc.why.pop(titan.uid, "")
        if not dests:
            s.say(f"{titan.name} advances up to {n}: {why or 'does not move'}")
            return
        s.say(f"{titan.name} advances up to {n}: {why}")
        _, h = rc.tie(g, "rival-move", [(titan.uid, h) for h in dests])
        rules.move(g, titan, h)
    finally:
        for i, x in enumerate(titan.tactics):
            if x is pt:
                del titan.tactics[i]
                break
        else:  # defeated during its move (e.g. by Cover): defeat discarded the marker, which is no tactic chip
            discard = s.troops[pt.owner].tactics_discard
            discard[:] = [x for x in discard if x is not pt.tactic]


def resolve(g: Game, titan: UnitState, e: Effect) -> None:
    """One effect term of the titan's table: its handler from the effects registry (context "titan");
    a term without one is skipped and named in the result (see the module docstring)."""
    impl = effect_impl(RULESET, "titan", e.term)
    if impl is None or impl.fn is None:
        g.state.mode.unimplemented(g, f"titan:{e.term}")
        g.state.say(f"titan effect {e.term!r} is not implemented; skipped")
        return
    impl.fn(g, titan, e.arg)


def _titan_effect(term: str):
    return effect(term, "titan", ruleset=RULESET)


@_titan_effect("advance")
def _advance(g: Game[AscensionState], titan: UnitState, arg) -> None:
    s = g.state
    tables = s.mode.titan.arena_die
    face = arena_die(g)
    n = tables["advance"].value(face) if "advance" in tables else rules.movement_of(s, titan)
    s.say(f"Advance: arena die {face} -> up to {n} hex(es)")
    advance(g, titan, n)


@_titan_effect("smite")
def _smite(g: Game[AscensionState], titan: UnitState, arg) -> None:
    s = g.state
    tables = s.mode.titan.arena_die
    for _ in range(int(arg or 1)):
        face = arena_die(g)
        r = tables["smite"].value(face) if "smite" in tables else rules.range_of(s, titan)
        t = _pick_target(g, titan, rules.targets_in_range(s, titan, r))
        s.say(f"Smite: arena die {face} -> a target within {r} hex(es)" + ("" if t else ": none"))
        if t is not None:
            s.titan_target = t.uid
            rules.attack(g, titan, t)
        if s.end_reason is not None:
            return


@_titan_effect("attack")
def _attack(g: Game[AscensionState], titan: UnitState, arg) -> None:
    s = g.state
    t = _pick_target(g, titan, rules.targets_in_range(s, titan))
    if t is None:
        s.say(f"{titan.name} has no target in Range")
    else:
        s.titan_target = t.uid
        rules.attack(g, titan, t)


@_titan_effect("toss")
def _toss(g: Game[AscensionState], titan: UnitState, arg) -> None:
    s = g.state
    t = _pick_target(g, titan, rules.targets_in_range(s, titan, 1))
    if t is None:
        s.say("Toss: no adjacent target")
        return
    s.titan_target = t.uid
    rules.damage(g, t, 1, source=titan, what="Toss")
    if s.end_reason is not None or t.zone != COMBAT or not rules.can_be_displaced(s, t):
        return
    blocked = s.blocked_for_move(t.troop)
    hexes = [h for h in s.grid.at_distance(titan.hex, TOSS_DISTANCE) if not blocked[h]]
    h = rival.displace_choice(g, rival.controller_of(g, titan.troop), t, hexes)
    if h is None:
        s.say(f"{t.name} cannot be tossed: no free hex exactly {TOSS_DISTANCE} hexes away")
    else:
        rules.displace(g, t, h, by=titan)


@_titan_effect("arena-turn")
def _arena_turn(g: Game[AscensionState], titan: UnitState, arg) -> None:
    g.state.arena_turn_due = True
    g.state.say("an arena turn follows the player turn(s) this round")


@_titan_effect("deploy-allies")
def _deploy_allies(g: Game, titan: UnitState, arg) -> None:
    s = g.state
    camp = [u for u in s.units if u.troop == titan.troop and u.zone == CAMP and u.uid != titan.uid]
    if camp:
        rival.deploy(g, rival.controller_of(g, titan.troop), camp[0], s.grid.neighbours[titan.hex])


@_titan_effect("allies-act")
def _allies_act(g: Game[AscensionState], titan: UnitState, arg) -> None:
    allies_act(g, titan)


@_titan_effect("deploy-arena-unit")
def _deploy_arena_unit(g: Game, titan: UnitState, arg) -> None:
    g.state.mode.arena_deploy(g)


@_titan_effect("heal")
def _heal(g: Game, titan: UnitState, arg) -> None:
    rules.heal(g, titan, int(arg))


@_titan_effect("gain-hp")
def _gain_hp(g: Game, titan: UnitState, arg) -> None:
    rules.gain_hp(g, titan, int(arg))


@_titan_effect("damage-adjacent")
def _damage_adjacent(g: Game, titan: UnitState, arg) -> None:
    effects.damage_adjacent(g, titan, int(arg), f"{titan.name}'s effect")


@_titan_effect("allies-gain-hp")
def _allies_gain_hp(g: Game[AscensionState], titan: UnitState, arg) -> None:
    s = g.state
    for a in list(s.in_combat()):
        if a is not titan and s.teams[a.troop] == 1 and a.unit.kind != "shard":
            rules.gain_hp(g, a, int(arg))


def _targeted(term: str):
    """Effects on "the effect target" (R-ASC-10): nothing happens without one."""
    def deco(fn):
        def handler(g: Game[AscensionState], titan: UnitState, arg) -> None:
            t = effect_target(g, titan)
            if t is None:
                g.state.say(f"{term}: no target")
            else:
                fn(g, titan, t, arg)
        register_effect(term, "titan", handler, ruleset=RULESET)
        return fn
    return deco


@_targeted("stun")
def _stun(g: Game, titan: UnitState, t: UnitState, arg) -> None:
    effects.fatigue(g, t, _STUN, titan.troop, f"{titan.name}'s next turn")


@_targeted("damage")
def _damage(g: Game, titan: UnitState, t: UnitState, arg) -> None:
    rules.damage(g, t, int(arg), source=titan, what=f"{titan.name}'s effect")


@_targeted("displace-target")
def _displace_target(g: Game, titan: UnitState, t: UnitState, arg) -> None:
    s = g.state
    if rules.can_be_displaced(s, t):
        blocked = s.blocked_for_move(t.troop)
        h = rival.displace_choice(g, rival.controller_of(g, titan.troop), t,
                                  [h for h in s.grid.neighbours[t.hex] if not blocked[h]])
        if h is None:
            s.say(f"{t.name} cannot be displaced: no free adjacent hex")
        else:
            rules.displace(g, t, h, by=titan)


def allies_act(g: Game[AscensionState], titan: UnitState) -> None:
    """ASC-7: titan-troop allies act only when prompted: each one in combat and not dazed moves, uses its
    Abilities and engages by the rival rules and the titan's priority list. The titan itself does not
    (Remastered, Ascension Mode, "Titan Activity Step": titans act only through their dice effects;
    "Titan Allies": units the titan deploys "act only when prompted"): neither its move, its Abilities nor
    its engage are part of the prompt."""
    s = g.state
    rc = rival.controller_of(g, titan.troop)
    not_the_titan = lambda u: u.uid == titan.uid  # noqa: E731
    saved = titan.moved_turn
    titan.moved_turn = s.turn  # the titan is not one of the prompted units
    try:
        rival.movement_step(g, titan.troop, rc)
    finally:
        titan.moved_turn = saved
    if s.end_reason is None:
        rival.abilities_step(g, titan.troop, rc, skip=not_the_titan)
    if s.end_reason is None:
        rival.engage_step(g, titan.troop, rc, skip=not_the_titan)


__all__ = ["activity", "advance", "allies_act", "arena_die", "effect_target", "resolve",
           "roll_by_colour", "tier_reached", "titan_dice"]
