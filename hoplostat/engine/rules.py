"""Rules functions: the only code that changes a `GameState` (one function per kind of change).

deploy, move, displace, damage, heal, gain_hp, defeat, withdraw, place_tactic, discard_tactic,
plus `attack` (the Engage pipeline) and derived stats (movement, range, dice).
Each cites the Remastered section it implements. The game in play (`Game`, the rollers) is `engine.game`'s, re-exported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hoplostat.catalog.model import Tactic
from hoplostat.dice import COLOURS, Pool
from hoplostat.engine.game import Controller, FixedRoller, Game, PmfRoller, Roller, copy_generator, plays, redeal_hidden  # noqa: F401  (re-exported: the game in play)
from hoplostat.engine.registry import effect, effect_impl, register_effect, rulesets_with, unit_hooks
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, GameState, PlacedTactic, UnitState

# --------------------------------------------------------------------------- derived stats


def movement_of(s: GameState, u: UnitState) -> int:
    """Movement after tactics in the order played (TAC-8: Hamstring sets 0, a later Adrenaline adds 1)."""
    m = u.unit.movement
    if u.tactics:
        for pt in u.tactics:
            for e in pt.tactic.effects:
                if e.term == "movement-set":
                    m = e.number
                elif e.term == "movement-add":
                    m += e.number
    return m if m > 0 else 0


def range_of(s: GameState, u: UnitState) -> int:
    r = u.unit.range
    if u.tactics:
        for pt in u.tactics:
            for e in pt.tactic.effects:
                if e.term == "range-add":
                    r += e.number
    return r


def _add_colour(pool: Pool, colour: str, n: int = 1) -> Pool:
    c = list(pool.counts)
    c[COLOURS.index(colour)] += n
    return Pool(tuple(c))


def roll_by_colour(g: Game, pool: Pool) -> dict[str, int]:
    """Hits per die colour of a pool: one roll per colour present, weakest colour first (immortal triggers and
    titan effects read colours, Rise of Rome's reroll which dice missed; the dice are independent, so the total
    has the pool's distribution)."""
    out: dict[str, int] = {}
    for i, n in enumerate(pool.counts):
        if n:
            counts = [0] * len(COLOURS)
            counts[i] = n
            out[COLOURS[i]] = g.roller.hits(Pool(tuple(counts)))
    return out


def attack_profile(g: Game, attacker: UnitState, target: UnitState) -> tuple[Pool, int, int]:
    """(dice, bonus on a hit, damage reduction) of attacker on target (ENG-3, ENG-4).

    Gathers the chip's dice, tactics on the attacker, and every working skill in combat
    with an attack hook (own, allied auras, the target's defences).
    """
    s = g.state
    pool = attacker.unit.attack
    if attacker.tactics:
        for pt in attacker.tactics:
            for e in pt.tactic.effects:
                if e.term == "extra-dice":
                    pool = _add_colour(pool, str(e.arg))
    reduce = 0
    if target.tactics:
        for pt in target.tactics:
            for e in pt.tactic.effects:
                if e.term == "reduce-damage":
                    reduce += e.number
    bonus = 0
    auras, scoped = s.attack_views()
    # Scoped skills (`registry.SkillImpl.attack_scope`) change only their holder's own attacks or the
    # attacks on it: asked of the attacker and the target alone. Dice, bonus and reduction add up, so the
    # order in which the skills are asked does not matter.
    if scoped:
        for who, side in ((attacker, 0), (target, 1)):
            own = scoped.get(who.uid)
            if own is None or not s.skills_work(who):
                continue
            dice_hooks, bonus_hooks, reduce_hooks = own[side]
            for _sid, param, fn in dice_hooks:
                extra = fn(g, who, param, attacker, target)
                if extra is not None:
                    pool = pool + extra
            for _sid, param, fn in bonus_hooks:
                bonus += fn(g, who, param, attacker, target)
            for _sid, param, fn in reduce_hooks:
                reduce += fn(g, who, param, attacker, target)
    if not auras:
        return pool, bonus, reduce
    if s.mode.damage_only_kinds and (ignores_effects(s, attacker) or ignores_effects(s, target)):
        # no aura acts on the attack, or on the damage taken, of a piece that ignores effects
        attacks, defends = not ignores_effects(s, attacker), not ignores_effects(s, target)
        auras = [(h, d if attacks else (), b if attacks else (), r if defends else ()) for h, d, b, r in auras]
    skills_work = s.skills_work
    for h, dice_hooks, bonus_hooks, reduce_hooks in auras:
        if not skills_work(h):
            continue
        for _sid, param, fn in dice_hooks:
            extra = fn(g, h, param, attacker, target)
            if extra is not None:
                pool = pool + extra
        for _sid, param, fn in bonus_hooks:
            bonus += fn(g, h, param, attacker, target)
        for _sid, param, fn in reduce_hooks:
            reduce += fn(g, h, param, attacker, target)
    return pool, bonus, reduce


_STATIONARY: set[str] | None = None
"""Rule sets with a stationary skill (`registry.rulesets_with`), looked up on first use."""


def _stationary_rulesets() -> set[str]:
    global _STATIONARY
    if _STATIONARY is None:
        _STATIONARY = rulesets_with("stationary")
    return _STATIONARY


def ignores_effects(s: GameState, u: UnitState) -> bool:
    """`u` is a piece its mode declares no unit (`Mode.damage_only_kinds`): attacks may target and damage it, but
    every other effect on it is ignored: it is never displaced, held by a lock, changed by an aura or impelled,
    and its moves trigger nothing (Cover)."""
    return u.unit.kind in s.mode.damage_only_kinds


def is_stationed(s: GameState, u: UnitState) -> bool:
    """A stationary skill holds the unit (Rise of Rome, "Stationed": "cannot move or be displaced"): unless a stun
    leaves it nothing but its health (SKL-7, ROR-103). An inner hex does not lift it (ruling R-ROR-11: the hex
    limits a unit "to movement only", it frees it of no limit). Only rule sets that registered one are asked."""
    st = _STATIONARY if _STATIONARY is not None else _stationary_rulesets()
    return u.unit.ruleset in st and bool(unit_hooks(u.unit, "stationary")) and not (u.tactics and s.is_fatigued(u))


def can_be_displaced(s: GameState, u: UnitState) -> bool:
    """Sentinels cannot be displaced (SUP-4); nor can an inactive hero from its chained hex (SKR-2); nor a
    stationed unit (`is_stationed`); nor a piece that ignores effects (`ignores_effects`)."""
    if not u.active or u.unit.kind == "sentinel" or ignores_effects(s, u):
        return False
    return not is_stationed(s, u)


def can_move(s: GameState, u: UnitState) -> bool:
    """MOV-3 once per turn; dazed (DEP-4) unless a working move-when-dazed Innate; fatigued never (SKL-7); never
    stationed (`is_stationed`)."""
    if u.zone != COMBAT or not u.active or u.moved_turn == s.turn or (u.tactics and s.is_fatigued(u)):
        return False
    if u.unit.kind == "sentinel":
        return False  # Remastered, "Sentinels": cannot move, whatever a tactic adds (SUP-4)
    # dazed (`GameState.is_dazed`): only a move-when-dazed Innate that works lets it move (SKL-1: not on a muted
    # inner hex, ARN-5; Rise of Rome, "Phase 1": Initiative does not work "if you are on an Inner Deployment Hex")
    if u.deployed_turn == s.turn and not (unit_hooks(u.unit, "move_when_dazed") and s.skills_work(u)):
        return False
    # a stationary skill; only rule sets that registered one are asked (hot path)
    st = _STATIONARY if _STATIONARY is not None else _stationary_rulesets()
    if u.unit.ruleset in st and is_stationed(s, u):
        return False  # Rise of Rome, "Stationed": cannot move from its starting hex
    return movement_of(s, u) > 0


def can_engage(s: GameState, u: UnitState) -> bool:
    """ENG-1 once per turn; dazed units cannot unless an Innate allows (First Strike); SKL-7, UNIT-7;
    not on an inner hex without a foothold (ARN-5: no attacks, and Specials are skills, ignored there)."""
    if u.zone != COMBAT or not u.active or (s.muted[u.hex] and not s.mute_exempt[u.troop]) \
            or (u.tactics and s.is_fatigued(u)):
        return False
    if u.engaged_turn == s.turn and u.impelled_turn != s.turn:
        return False
    if u.deployed_turn == s.turn and not unit_hooks(u.unit, "engage_when_dazed"):  # dazed: `GameState.is_dazed`
        return False
    return True


def can_use_abilities(s: GameState, u: UnitState) -> bool:
    """SKL-2, SKL-8: not dazed, not fatigued, active; skills not ignored on an inner hex (ARN-5)."""
    return u.zone == COMBAT and u.active and not (s.muted[u.hex] and not s.mute_exempt[u.troop]) \
        and not s.is_dazed(u) and not (u.tactics and s.is_fatigued(u))


def targets_in_range(s: GameState, u: UnitState, r: int | None = None) -> list[UnitState]:
    """Opponents within Range counted through blocked hexes (Remastered, "Engage": UNIT-1, ENG-2)."""
    r = range_of(s, u) if r is None else r
    row = s.grid.dist[u.hex]
    return [o for o in s.opponents_of(u.troop) if row[o.hex] <= r]


# --------------------------------------------------------------------------- changes


def deploy(g: Game, u: UnitState, hex_: int) -> None:
    """Remastered, "Deployment": onto an unblocked hex, HP = Health from the supply (UNIT-3, DEP-3), dazed (DEP-4)."""
    s = g.state
    key = s.supply_of(u.troop)
    if s.board[hex_] >= 0:
        raise ValueError(f"deploy: hex {hex_} is occupied")
    if s.supply[key] < u.unit.health:
        raise ValueError(f"deploy: supply has {s.supply[key]} {key} chips, {u.name} needs {u.unit.health}")
    if not u.active:
        raise ValueError(f"deploy: {u.name} is an inactive hero (UNIT-8)")
    s.supply[key] -= u.unit.health
    u.hp = u.unit.health
    u.hp_gained = 0
    u.zone = COMBAT
    u.hex = hex_
    u.deployed_turn = s.turn
    s.board[hex_] = u.uid
    s.enter_combat(u)
    s.troops[u.troop].deployed += 1
    u.entered = True
    u.times_deployed += 1
    s.say(f"{_who(s, u)} deploys {u.name} on hex {hex_} with {u.hp} HP (dazed this turn)")


def place_at_setup(s: GameState, u: UnitState, hex_: int) -> None:
    """Set-up puts a unit in combat with HP = Health from its supply, not a deployment (nothing is in play
    yet, so nothing is triggered): the chained hero on the Colosseum (SKR-2), an inactive
    champion (ROR-22)."""
    s.supply[s.supply_of(u.troop)] -= u.unit.health
    u.hp = u.unit.health
    u.zone = COMBAT
    u.hex = hex_
    u.entered = True
    s.board[hex_] = u.uid
    s.enter_combat(u)


def move(g: Game, u: UnitState, dest: int) -> None:
    """Remastered, "Movement": the whole move at once (MOV-3); legality is checked by the caller's options."""
    s = g.state
    if s.board[dest] >= 0:
        raise ValueError(f"move: hex {dest} is occupied")
    src = u.hex
    s.board[u.hex] = -1
    if s.log is not None:
        s.say(f"{_who(s, u)} moves {u.name} from hex {u.hex} to hex {dest}")
    u.hex = dest
    s.board[dest] = u.uid
    u.moved_turn = s.turn
    _after_move(g, u, src, dest)


def _after_move(g: Game, u: UnitState, src: int, dest: int) -> None:
    """What a move triggers once the unit stands on `dest` (never a displacement, SKL-6)."""
    s = g.state
    s.move_src = src
    if s.mode.hooks_move:
        s.mode.after_move(g, u, src, dest)  # e.g. equipping shards on or along the move (ASC-10)
    movers = s.hooked("after_move")
    if movers and not ignores_effects(s, u):  # no "opponent moves" text names a piece that is no unit (Cover)
        effects = [(h, sid, param, fn) for h in movers if h.zone == COMBAT and s.skills_work(h)
                   for sid, param, fn in unit_hooks(h.unit, "after_move")]
        resolve_triggered(
            g, effects, lambda e: e[3](g, e[0], e[2], u),
            still=lambda e: e[0].zone == COMBAT and u.zone == COMBAT and s.skills_work(e[0]),
        )


def is_isolated(s: GameState, u: UnitState) -> bool:
    """UNIT-10 (Remastered, "Key Terms"): the unit has no allies in combat (allies per `same_team`)."""
    return not any(o is not u and same_team(s, o.troop, u.troop) for o in s.in_combat())


def is_outnumbered(s: GameState, u: UnitState) -> bool:
    """UNIT-10: more opponents in combat than units on its own team (itself included)."""
    everyone = s.in_combat()
    own = sum(1 for o in everyone if same_team(s, o.troop, u.troop))
    return len(everyone) - own > own


def same_team(s: GameState, a: int, b: int) -> bool:
    """Troops a and b are allies (UNIT-11): the same troop, or the same team in a mode with teams
    (`team_of`: a wave mode's rival troops; co-op players). The one place auras, Cover, Intercept Blow,
    Impel and Combat Lock ask who is an ally."""
    return a == b or (s.has_teams and s.team_of(a) == s.team_of(b))


def locked_hexes(s: GameState, troop: int) -> set[int]:
    """Hexes next to an opposing (other team) unit with a movement lock (Combat Lock): a unit of `troop`
    there cannot move, and one arriving there must stop. A co-op partner's Combat Lock never locks you,
    nor does any lock hold a piece that ignores effects (the movement steps ask `ignores_effects`)."""
    out: set[int] = set()
    for h in s.hooked("movement_lock"):
        if not same_team(s, h.troop, troop) and s.skills_work(h):
            out.update(s.grid.neighbours[h.hex])
    return out


def is_held(s: GameState, u: UnitState, *, free_of: UnitState | None = None) -> bool:
    """Combat Lock holds `u` (an opposing unit with a working movement lock is adjacent), so it cannot move:
    not in its Movement step (`locked_hexes`) and not through its own skill either (Swap, Reposition,
    Shove's step), for a unit that changes its own position has moved (Remastered, "Key Terms": Move;
    ruling R-ENG-27). `free_of`: a lock holder that leaves u's side before u moves (the unit Shove
    displaces first). Displacement is not movement and is never held (SKL-6)."""
    dist = s.grid.dist[u.hex]
    for h in s.hooked("movement_lock"):
        if h is not free_of and dist[h.hex] == 1 and not same_team(s, h.troop, u.troop) and s.skills_work(h):
            return True
    return False


def displace(g: Game, u: UnitState, dest: int, *, by: UnitState | None = None) -> None:
    """Displacement is not movement (SKL-6): it does not use up the unit's move and triggers nothing of movement."""
    s = g.state
    if s.board[dest] >= 0:
        raise ValueError(f"displace: hex {dest} is occupied")
    s.board[u.hex] = -1
    s.say(f"{u.name} ({s.side_of(u.troop)}) is displaced from hex {u.hex} to hex {dest}"
          + (f" by {by.name}" if by else ""))
    u.hex = dest
    s.board[dest] = u.uid


def swap_places(g: Game, a: UnitState, b: UnitState) -> None:
    """Swap: `a` changes hexes with `b` through its own skill. Remastered, "Key Terms" (Move: "units that
    change their own position due to other skills and effects are still considered to have moved";
    Displace: moved "by something other than its own movement or one of its own skills"): `a` has moved,
    so what a move triggers (Cover, equipping shards) answers its arrival; only `b` is displaced
    (SKL-6, ruling R-ENG-7). Like Shove's step, an Ability's move outside the Movement step: it does not
    use up `a`'s Movement-step move (MOV-3, Dig In). Legality (Combat Lock) is the caller's options."""
    s = g.state
    ha, hb = a.hex, b.hex
    a.hex, b.hex = hb, ha
    s.board[ha], s.board[hb] = b.uid, a.uid
    s.say(f"{a.name} ({s.side_of(a.troop)}) swaps places with {b.name} ({s.side_of(b.troop)}): "
          f"moves from hex {ha} to hex {hb}, {b.name} is displaced to hex {ha}")
    _after_move(g, a, ha, hb)


def damage(
    g: Game,
    target: UnitState,
    amount: int,
    *,
    source: UnitState | None = None,
    source_troop: int | None = None,
    what: str = "attack",
    dealt: bool | None = None,
) -> int:
    """Remove up to `amount` HP (ENG-4); health chips go back to the supply; defeat at 0 HP (ENG-5).

    Returns the HP removed. `dealt` says whether damage was *dealt* (SKL-5: an attack with a hit
    deals damage even when reduced to 0); by default, when `amount` > 0. The mode's
    `after_damage` runs once the damage has resolved (Colosseum: SKR-9 favor, SKR-10 activation).
    A mode with `ignores_damage(g, target, amount, *, source, source_troop, what) -> bool` may take
    dealt damage instead (immortals); then nothing is removed and 0 is returned.
    """
    s = g.state
    if dealt is None:
        dealt = amount > 0
    if target.zone != COMBAT or not dealt:
        return 0
    if source is not None and source_troop is None:
        source_troop = source.troop
    if s.mode.hooks_ignore and s.mode.ignores_damage(g, target, amount, source=source, source_troop=source_troop,
                                                     what=what):
        return 0  # the mode takes the damage instead (immortals ignore all damage, ONS-7)
    removed = min(max(amount, 0), target.hp)
    if removed:
        target.hp -= removed
        target.damage_taken += removed
        s.supply[s.supply_of(target.troop)] += removed
        if source_troop is not None and source_troop != target.troop:
            s.troops[source_troop].damage_dealt += removed
            if source is not None:
                source.damage_dealt += removed
            else:
                s.troops[source_troop].tactic_damage += removed
        if s.log is not None:
            s.say(f"{target.name} ({s.side_of(target.troop)}) loses {removed} HP ({what}), {target.hp} left")
        if target.hp <= 0:
            defeat(g, target, source=source, source_troop=source_troop)
    elif s.log is not None:
        s.say(f"{target.name} ({s.side_of(target.troop)}) is dealt damage but loses no HP ({what})")
    if s.end_reason is None:
        s.mode.after_damage(g, target, removed, source=source, source_troop=source_troop)
    return removed


def heal(g: Game, u: UnitState, n: int) -> int:
    """Heal never above Health (UNIT-4); limited by the health-chip supply. Returns HP healed."""
    s = g.state
    side = s.troops[u.troop].side
    key = s.supply_of(u.troop)
    k = max(0, min(n, u.unit.health - u.hp, s.supply[key]))
    u.hp += k
    s.supply[key] -= k
    if k:
        s.say(f"{u.name} ({side}) heals {k} HP, now {u.hp}")
    return k


def gain_hp(g: Game, u: UnitState, n: int) -> int:
    """Gaining HP may exceed Health (UNIT-4); limited by the supply (ruling R-ENG-3). Returns HP gained."""
    s = g.state
    side = s.troops[u.troop].side
    key = s.supply_of(u.troop)
    k = max(0, min(n, s.supply[key]))
    u.hp += k
    u.hp_gained += k
    s.supply[key] -= k
    if k:
        s.say(f"{u.name} ({side}) gains {k} HP, now {u.hp}")
    return k


def defeat(g: Game, u: UnitState, *, source: UnitState | None = None, source_troop: int | None = None) -> None:
    """Remastered, "Defeated Units": discard the unit (DEF-1); tactics to the discard of the troop that
    played them, health chips to the supply (DEF-2)."""
    s = g.state
    side = s.troops[u.troop].side
    s.supply[s.supply_of(u.troop)] += u.hp
    u.hp = 0
    for pt in u.tactics:
        s.troops[pt.owner].tactics_discard.append(pt.tactic)
    u.tactics.clear()
    if u.hex >= 0:
        s.board[u.hex] = -1
    s.leave_combat(u)
    u.hex = -1
    u.zone = DISCARD
    s.troops[u.troop].units_lost += 1
    u.times_defeated += 1
    if source_troop is not None and source_troop != u.troop:
        s.troops[source_troop].kills += 1
        if source is not None:
            source.kills += 1
        else:
            s.troops[source_troop].tactic_kills += 1
    s.say(f"{u.name} ({side}) is defeated" + (f" by {source.name}" if source is not None else ""))
    s.mode.after_defeat(g, u, source=source, source_troop=source_troop)


def tactic_targets(s: GameState, troop: int) -> list[UnitState]:
    """TAC-2 (Remastered, "Tactic Placement": "any non-elite unit of another troop that is adjacent to a unit
    in their own troop"; "Key Terms": Tactic): own non-elite units in combat, or a non-elite unit of *any*
    other troop (an opponent's, or a co-op partner's) adjacent to an own unit (UNIT-6). Tactical widens the
    reach to opposing units only (R-CAT-5). Shards are chips, not units: never valid targets
    (ruling R-ASC-1)."""
    own = s.in_combat(troop)
    out = [u for u in own if not u.elite]
    dist = s.grid.dist
    reach = [(m.hex, tactic_reach(s, m)) for m in own]
    for o in s.in_combat():
        if o.troop == troop or o.elite or o.unit.kind == "shard":
            continue
        row = dist[o.hex]
        if same_team(s, o.troop, troop):
            if any(row[h] <= 1 for h, _ in reach):
                out.append(o)
        elif any(row[h] <= r for h, r in reach):
            out.append(o)
    return out


def tactic_reach(s: GameState, m: UnitState) -> int:
    """How far from `m` its troop may place a tactic on an opposing unit: 1 (adjacent, TAC-2), or more with a
    working tactic-reach skill (Tactical, R-CAT-5)."""
    r = 1
    if s.skills_work(m):
        for _sid, param, fn in unit_hooks(m.unit, "tactic_reach"):
            r = max(r, fn(None, m, param))
    return r


def _credit_reach(s: GameState, troop: int, target: UnitState) -> None:
    """A statistic, no rule: an opposing target no unit of `troop` is adjacent to was reachable only through
    a widened tactic reach (`tactic_reach`); each unit whose reach covers it is credited."""
    row = s.grid.dist[target.hex]
    own = s.in_combat(troop)
    if any(row[m.hex] <= 1 for m in own):
        return
    for m in own:
        if row[m.hex] <= tactic_reach(s, m):
            m.tactics_enabled += 1


def place_tactic(g: Game, troop: int, tactic: Tactic, target: UnitState) -> None:
    """Remastered, "Tactics": play a tactic from camp onto a valid unit (TAC-1..5).

    Instant effects apply at once and the chip is discarded (TAC-4); permanent and temporary
    chips stay on the unit (TAC-3, TAC-5). Movement-set (Hamstring) removes earlier
    movement-add tactics (Adrenaline) on the unit (TAC-8).
    """
    s = g.state
    if target.elite:
        raise ValueError("tactics cannot be played on elite units (UNIT-6)")
    if target.troop != troop and not same_team(s, target.troop, troop):
        _credit_reach(s, troop, target)
    s.troops[troop].tactics_camp.remove(tactic)
    s.say(f"{_who(s, troop)} plays {tactic.name} on {target.name} ({s.side_of(target.troop)})")
    terms = {e.term for e in tactic.effects}
    if "movement-set" in terms:
        for pt in list(target.tactics):
            if any(e.term == "movement-add" for e in pt.tactic.effects):
                discard_tactic(g, target, pt)
    if tactic.type != "instant":
        target.tactics.append(PlacedTactic(tactic, troop, s.turn))
    for e in tactic.effects:
        if target.zone != COMBAT:
            break
        impl = effect_impl(s.mode.ruleset, "tactic", e.term)
        if impl is not None and impl.fn is not None:
            impl.fn(g, troop, target, e.arg, tactic)
    if tactic.type == "instant":
        s.troops[troop].tactics_discard.append(tactic)


# Tactic effects every rule set shares (Remastered, "Tactics"): what happens when the tactic is played.
# Modifier terms are read where they apply (movement_of, range_of, attack_profile, is_fatigued).


@effect("gain-hp", "tactic")
def _tactic_gain_hp(g: Game, troop: int, target: UnitState, arg, tactic: Tactic) -> None:
    gain_hp(g, target, int(arg))


@effect("heal", "tactic")
def _tactic_heal(g: Game, troop: int, target: UnitState, arg, tactic: Tactic) -> None:
    heal(g, target, int(arg))


@effect("damage", "tactic")
def _tactic_damage(g: Game, troop: int, target: UnitState, arg, tactic: Tactic) -> None:
    damage(g, target, int(arg), source_troop=troop, what=tactic.name)


@effect("damage-adjacent", "tactic")
def _tactic_damage_adjacent(g: Game, troop: int, target: UnitState, arg, tactic: Tactic) -> None:
    s = g.state
    for o in [o for o in s.opponents_of(target.troop) if s.grid.dist[o.hex][target.hex] == 1]:
        damage(g, o, int(arg), source_troop=troop, what=tactic.name)


for _term in ("movement-set", "movement-add", "range-add", "extra-dice", "reduce-damage", "stun"):
    register_effect(_term, "tactic")  # modifiers: read by the derived stats and `is_fatigued`


def ability_options(g: Game, troop: int, *, skip: Any = None, usable: Any = None) -> list[tuple]:
    """(uid, skill id, args) of every Ability of the troop's units in combat that can be used now: skills
    working, not yet used this turn (SKL-2), in arrival order; `skip(u)` leaves units out (a titan that
    prompts its allies, ASC-7); `usable(s, u)` replaces `can_use_abilities` (the older games' Abilities work
    from the deployment turn)."""
    s = g.state
    usable = usable or can_use_abilities
    opts: list[tuple] = []
    for u in s.hooked("ability_options"):  # the units in combat with an Ability, in arrival order
        if u.troop != troop or not usable(s, u) or (skip is not None and skip(u)):
            continue
        for sid, param, fn in unit_hooks(u.unit, "ability_options"):
            if u.abilities_used.get(sid) != s.turn:
                opts.extend((u.uid, sid, args) for args in fn(g, u, param))
    return opts


def use_ability(g: Game, troop: int, choice: tuple) -> None:
    """Use one Ability (an `ability_options` entry): marked used this turn, narrated, resolved."""
    s = g.state
    uid, sid, args = choice
    u = s.units[uid]
    u.abilities_used[sid] = s.turn
    for sid2, param, fn in unit_hooks(u.unit, "ability"):
        if sid2 == sid:
            s.say(f"{u.name} ({s.side_of(troop)}) uses {sid}")
            fn(g, u, param, args)
            return


def discard_tactic(g: Game, u: UnitState, pt: PlacedTactic) -> None:
    """A tactic whose effect ends goes to the discard of the troop that played it (TAC-3, TAC-5)."""
    s = g.state
    u.tactics.remove(pt)
    s.troops[pt.owner].tactics_discard.append(pt.tactic)
    s.say(f"{pt.tactic.name} on {u.name} is discarded")


def place_foothold(g: Game, troop: int, hex_: int) -> None:
    """Remastered, "Footholds": a support chip placed foothold side up (SUP-1, SUP-2); legality is the
    caller's options (`engine.colosseum.foothold_hexes`)."""
    s = g.state
    if hex_ in s.footholds:
        raise ValueError(f"place_foothold: hex {hex_} already holds a foothold")
    s.footholds[hex_] = troop
    s.refresh_muted()
    s.say(f"{_who(s, troop)} places a foothold on hex {hex_}")


def move_foothold(g: Game, src: int, dest: int) -> None:
    """Colosseum reward "move or flip a foothold": the foothold goes to an adjacent hex (CF-6)."""
    s = g.state
    troop = s.footholds.pop(src)
    s.footholds[dest] = troop
    s.refresh_muted()
    s.say(f"{_who(s, troop)} moves its foothold from hex {src} to hex {dest}")


def remove_foothold(g: Game, hex_: int) -> int:
    """Take a foothold off the arena (flipped to its sentinel side); returns its troop."""
    s = g.state
    troop = s.footholds.pop(hex_)
    s.refresh_muted()
    return troop


def place_sentinel(g: Game, troop: int, hex_: int, *, placed_by: int | None = None) -> UnitState:
    """Remastered, "Sentinels": a support chip placed sentinel side up on an available pedestal (ARN-6);
    it gains its HP at once and is dazed the turn it enters (SUP-4). Not a deployment (SUP-1). The sentinel
    is a unit of `troop`; `placed_by`: the troop that places it when another one controls it (co-op
    against a titan: any player places, player B controls every sentinel, ASC-12)."""
    s = g.state
    un = s.support_unit
    key = s.supply_of(troop)
    if un is None:
        raise ValueError("place_sentinel: the catalog has no sentinel")
    if not s.grid.pedestal[hex_] or s.board[hex_] >= 0:
        raise ValueError(f"place_sentinel: hex {hex_} is not an available pedestal")
    if s.supply[key] < un.health:
        raise ValueError(f"place_sentinel: supply has {s.supply[key]} {key} chips, a sentinel needs {un.health}")
    u = UnitState(len(s.units), un, troop, zone=COMBAT, hex=hex_, hp=un.health, deployed_turn=s.turn)
    s.units.append(u)
    s.supply[key] -= un.health
    u.entered = True
    s.board[hex_] = u.uid
    s.enter_combat(u)
    if placed_by is None or placed_by == troop:
        s.say(f"{_who(s, troop)} places a sentinel on pedestal hex {hex_} with {u.hp} HP (dazed this turn)")
    else:
        s.say(f"{_who(s, placed_by)} places a sentinel for {_who(s, troop)} on pedestal hex {hex_} with {u.hp} HP "
              "(dazed this turn)")
    return u


def withdraw(g: Game, u: UnitState, zone: str, *, discard: Any = None) -> None:
    """Take a unit out of combat without defeat (a wave's clean-up, ONS-11): tactics on it go to the
    discard of the troop that played them (those `discard(pt)` accepts; markers that are not tactic chips
    stay out), health chips to the supply, the chip to `zone` (camp or bag). No defeat is counted."""
    s = g.state
    s.supply[s.supply_of(u.troop)] += u.hp
    u.hp = 0
    u.hp_gained = 0
    for pt in u.tactics:
        if discard is None or discard(pt):
            s.troops[pt.owner].tactics_discard.append(pt.tactic)
    u.tactics.clear()
    if u.hex >= 0:
        s.board[u.hex] = -1
    s.leave_combat(u)
    u.hex = -1
    u.zone = zone


def return_to_camp(g: Game, u: UnitState, *, active: bool | None = None) -> None:
    """A discarded unit returns to its camp (Pozzuoli third reward); heroes return active."""
    u.zone = CAMP
    u.hp = 0
    u.hex = -1
    if active is not None:
        u.active = active


# --------------------------------------------------------------------------- simultaneous triggers (SKL-4)


def turn_order_from_active(s: GameState) -> list[int]:
    """Troops in turn order starting with the active troop (Remastered, "One Trigger for Several Skills
    and/or Effects"); troops outside the round order (none today) come last in index order."""
    order = list(s.order)
    if s.active in order:
        k = order.index(s.active)
        order = order[k:] + order[:k]
    order += [t.index for t in s.troops if t.index not in order]
    return order


def _in_turn_order(s: GameState, units: list[UnitState]) -> list[UnitState]:
    if len(units) <= 1:
        return units
    rank = {t: i for i, t in enumerate(turn_order_from_active(s))}
    return sorted(units, key=lambda u: rank.get(u.troop, len(rank)))  # stable: arrival order within a troop


def resolve_triggered(
    g: Game,
    effects: Sequence[tuple],
    run: Any,
    *,
    still: Any = None,
) -> None:
    """SKL-4 (Remastered, "One Trigger for Several Skills and/or Effects"): effects triggered by one incident,
    `(holder, skill id, param, handler)` each, resolve troop by troop in turn order starting with the active
    troop; within one troop (one unit's several effects, or several units of that troop) the troop's
    controller chooses the next one ("trigger-order", options `(uid, skill id)`; a rival troop's
    RivalController passes it to the players as "rival-trigger-order"). `run(effect)` resolves one;
    `still(effect)` re-checks it just before (an earlier effect may have defeated the holder or the unit that
    triggered it). Stops if the game (or the wave) ends. The one place that orders triggers (ruling R-ENG-26)."""
    s = g.state
    if len(effects) <= 1:
        for e in effects:
            if still is None or still(e):
                run(e)
        return
    for troop in turn_order_from_active(s):
        mine = [e for e in effects if e[0].troop == troop]
        while mine:
            if len(mine) > 1:
                pick = g.ask(troop, "trigger-order", [(e[0].uid, e[1]) for e in mine], optional=False)
                k = next(i for i, e in enumerate(mine) if (e[0].uid, e[1]) == tuple(pick))
            else:
                k = 0
            e = mine.pop(k)
            if still is None or still(e):
                run(e)
            if s.end_reason is not None:
                return


@dataclass(slots=True)
class AttackResult:
    hits: int
    dealt: bool
    removed: int


def attack(g: Game, attacker: UnitState, target: UnitState) -> AttackResult:
    """Remastered, "Engage" (Attack): gather dice (ENG-3), roll, count hits, remove HP (ENG-4).

    Damage is *dealt* when at least one hit is rolled, even if reduced or ignored to 0
    (Remastered, "Dealing Damage": SKL-5); bonus and reduction act on a hit attack's total
    (R-ODDS-2). After dealt attack damage, the hook `after_dealt_attack_damage` runs for
    every working skill in combat (Retaliate), and for the target even if it was defeated.
    """
    s = g.state
    pool, bonus, reduce = attack_profile(g, attacker, target)
    hits = s.mode.roll_attack(g, attacker, pool) if s.mode.hooks_roll else g.roller.hits(pool)
    attacker.engaged_turn = s.turn
    dealt = hits >= 1
    if s.log is not None:
        s.say(f"{attacker.name} ({s.side_of(attacker.troop)}) attacks {target.name} with {pool}: {hits} hit(s)")
    if not dealt:
        return AttackResult(hits, False, 0)
    amount = max(0, hits + bonus - reduce)
    ignored = False
    for h in s.hooked("ignore_attack_damage"):
        if not s.skills_work(h):
            continue
        for _sid, param, fn in unit_hooks(h.unit, "ignore_attack_damage"):
            if fn(g, h, param, attacker, target):
                ignored = True
    if ignored:
        amount = 0
    # Intercept Blow: an adjacent ally of the target may be dealt all of this damage instead (R-ENG-13).
    # SKL-4: several possible interceptors are asked in turn order from the active troop (R-ENG-26).
    for h in _in_turn_order(s, s.hooked("intercept")):
        if h is target or not same_team(s, h.troop, target.troop) or s.grid.dist[h.hex][target.hex] != 1 \
                or not s.skills_work(h):
            continue
        if g.ask(h.troop, "intercept", [h.uid], optional=True) is not None:
            s.say(f"{h.name} ({s.side_of(h.troop)}) intercepts the blow meant for {target.name}")
            target = h
            _, bonus, reduce = attack_profile(g, attacker, target)
            amount = max(0, hits + bonus - reduce)
            for w in s.hooked("ignore_attack_damage"):
                if s.skills_work(w):
                    for _sid, param, fn in unit_hooks(w.unit, "ignore_attack_damage"):
                        if fn(g, w, param, attacker, target):
                            amount = 0
            break
    hex_ = target.hex
    # Watchers are taken before damage so the target's own skills still answer if it is defeated
    # (ruling R-ENG-2: Retaliate strikes back even from a defeated unit).
    watchers = [h for h in s.hooked("after_dealt_attack_damage") if s.skills_work(h)]
    removed = damage(g, target, amount, source=attacker, dealt=True)
    if s.end_reason is not None:
        return AttackResult(hits, True, removed)  # the game ended at once (Remastered, "End of Combat")
    effects = [(h, sid, param, fn) for h in watchers
               for sid, param, fn in unit_hooks(h.unit, "after_dealt_attack_damage")]
    resolve_triggered(g, effects, lambda e: e[3](g, e[0], e[2], attacker, target, hex_))
    return AttackResult(hits, True, removed)


def _who(s: GameState, x: UnitState | int) -> str:
    t = x if isinstance(x, int) else x.troop
    tr = s.troops[t]
    return f"{tr.faction} ({tr.side})"
