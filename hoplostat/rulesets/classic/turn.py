"""The phase turn of the older games (Rise of Rome, "Starting a Game": Deploy -> Move -> Attack -> Draw;
each phase once, in order, never back). A mode composes these steps with its own arena rules.

Decisions and option shapes are those of Remastered's steps (engine.steps), so every player plays both:
- "deploy":  (uid, hex)            the turn's one gladiator (ROR-26)
- "tactic":  (index in hand, uid)  the turn's one tactic, within Tactical Range (ROR-29)
- "move":    (uid, hex)            engine.steps.movement_step
- "ability": (uid, skill id, args) Abilities of the attack phase, usable from the deployment turn (ROR-14)
- "engage":  ("attack", uid, target) | ("special", uid, skill id, args)  a Basic or an Alternate Attack
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hoplostat.catalog.model import Tactic
from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, GameState, UnitState
from hoplostat.engine.steps import each_once, engage_step, movement_step
from hoplostat.rulesets.classic.state import ClassicTroop, classic_troop

# --------------------------------------------------------------------------- bag and hand


def hand_count(s: GameState, troop: int) -> int:
    """Chips in the troop's prep area: units in its camp plus tactic chips in hand."""
    t = s.troops[troop]
    return sum(1 for u in s.units if u.troop == troop and u.zone == CAMP and u.active) + len(t.tactics_camp)


def bag_count(s: GameState, troop: int) -> int:
    """Chips in the troop's bag: units in zone BAG plus tactic chips in `tactics_bag`."""
    t = classic_troop(s, troop)
    return sum(1 for u in s.units if u.troop == troop and u.zone == BAG) + len(t.tactics_bag)


def redeal_hand(s: GameState, rng, viewer: int, *, shown: Callable[[ClassicTroop, Tactic], bool] = lambda t, x: False
                ) -> None:
    """Deal again, in a copy of the game a player searches, what `viewer` cannot see of every other troop: its
    concealed hand (Rise of Rome, "Starting a Game": the prep area chips are "your concealed hand"; The Lost
    Cities, "Setup": "kept hidden from your opponent") and its bag. The hand's units never deployed and its tactic
    chips (those `shown` excepted) are pooled with the bag's units and tactics, shuffled by `rng`, and as many
    chips as the hand held go back to it, units and tactics alike: the viewer knows the hand's size, not its mix."""
    for troop, t in enumerate(s.troops):
        if troop == viewer or not isinstance(t, ClassicTroop):
            continue
        units = [u for u in s.units if u.troop == troop and u.active and not u.unit.elite
                 and (u.zone == BAG or (u.zone == CAMP and u.times_deployed == 0))]
        kept = [x for x in t.tactics_camp if shown(t, x)]
        # in a canonical order (units by uid, tactics by id), so the deal depends on the seed, never on the real hand
        tactics = sorted([x for x in t.tactics_camp if not shown(t, x)] + list(t.tactics_bag), key=lambda x: x.id)
        hand = sum(1 for u in units if u.zone == CAMP) + len(t.tactics_camp) - len(kept)
        if hand == 0 or hand == len(units) + len(tactics):
            continue
        order = list(range(len(units) + len(tactics)))
        rng.shuffle(order)
        dealt: list[Tactic] = []
        rest: list[Tactic] = []
        for k, i in enumerate(order):
            if i < len(units):
                units[i].zone = CAMP if k < hand else BAG
            else:
                (dealt if k < hand else rest).append(tactics[i - len(units)])
        t.tactics_camp, t.tactics_bag = kept + dealt, rest


def draw(g: Game, troop: int) -> None:
    """Rise of Rome, "Phase 4: Draw": refill the prep area to its size from the bag, chip by chip at random,
    when the bag allows (ROR-39: no penalty for an empty circle)."""
    s = g.state
    t = classic_troop(s, troop)
    n = hand_count(s, troop)
    while n < t.hand_size:
        bag_units = [u for u in s.units if u.troop == troop and u.zone == BAG]
        total = len(bag_units) + len(t.tactics_bag)
        if total == 0:
            return
        k = int(g.rng.integers(total))
        if k < len(bag_units):
            bag_units[k].zone = CAMP
        else:
            t.tactics_camp.append(t.tactics_bag.pop(k - len(bag_units)))
        n += 1


def redraw_dead_hand(g: Game, troop: int, playable: Callable[[Tactic], bool]) -> None:
    """ROR-24 (Rise of Rome, "Starting a Game"): a prep area of tactics only, none of which can be played, is
    shown, put back into the bag and drawn again. Once per turn (ruling R-ROR-3: a bag holding only those
    tactics would otherwise give the same hand for ever)."""
    s = g.state
    t = classic_troop(s, troop)
    if t.redrawn_turn == s.turn or len(t.tactics_camp) < t.hand_size or hand_count(s, troop) != len(t.tactics_camp):
        return
    if any(playable(tac) for tac in t.tactics_camp):
        return
    t.redrawn_turn = s.turn
    s.say(f"{t.faction} ({t.side}) shows {len(t.tactics_camp)} unplayable tactics and draws again")
    t.tactics_bag.extend(t.tactics_camp)
    t.tactics_camp.clear()
    draw(g, troop)


# --------------------------------------------------------------------------- tactical range


def gives_reach(s: GameState, u: UnitState) -> bool:
    """A unit whose Tactical Range and Abilities work: in combat, active, its skills working (not stunned, not
    on an inner hex without a foothold: Rise of Rome, "Phase 1", the inner hex "nullifies Tactical Range";
    ROR-9). Unlike Remastered's, the older games' Abilities work from the deployment turn (ROR-14)."""
    return u.zone == COMBAT and u.active and s.skills_work(u)


def tactic_targets(s: GameState, troop: int, tactic: Tactic, *,
                   allowed: Callable[[UnitState, Tactic], bool] | None = None
                   ) -> list[UnitState]:
    """Units a tactic of `troop` may go on (ROR-15, ROR-29): a unit no farther from one of the troop's units
    than that unit's Tactical Range, the unit itself always (range 0). Friendly targets need the range too
    (ruling R-ROR-1, the book's diagram). `allowed(target, tactic)`: the mode's further limits (a Stun tactic
    never on a champion, ROR-103)."""
    sources = [(m.hex, m.unit.tactical_range or 0) for m in s.in_combat(troop) if gives_reach(s, m)]
    if not sources:
        return []
    dist = s.grid.dist
    out = []
    for o in s.in_combat():
        row = dist[o.hex]
        if any(row[h] <= r for h, r in sources) and (allowed is None or allowed(o, tactic)):
            out.append(o)
    return out


def tactic_options(s: GameState, troop: int,
                   allowed: Callable[[UnitState, Tactic], bool] | None = None) -> list[tuple[int, int]]:
    """(index in hand, target uid) of every tactic in hand on every target it may go on."""
    hand = s.troops[troop].tactics_camp
    out: list[tuple[int, int]] = []
    for i, tac in enumerate(hand):
        out.extend((i, u.uid) for u in tactic_targets(s, troop, tac, allowed=allowed))
    return out


# --------------------------------------------------------------------------- the phases


def deploy_phase(g: Game, troop: int, gladiators: Sequence[tuple[int, int]], *,
                 place: Callable[[int, int], None],
                 allowed: Callable[[UnitState, Tactic], bool] | None = None,
                 after_tactic: Callable[[bool], None] | None = None) -> None:
    """Rise of Rome, "Phase 1: Unit & Tactic Deployment": at most one gladiator (`gladiators`: (uid, hex)
    options; `place(uid, hex)` puts it: the mode's deployment), then at most one tactic within Tactical Range
    (ROR-26, ROR-29: the gladiator first, so its Tactical Range counts at once, ROR-28; ruling R-ROR-2).
    `after_tactic(played)`: the mode's own chip that counts as the tactic (a foothold), offered when none
    was played."""
    s = g.state
    t = classic_troop(s, troop)
    # Re-entrant: a lookahead clone taken at the tactic (or the mode's own chip) decision resumes the phase
    # from its start (`engine.loop.resume`); what this turn's phase already decided is not asked again.
    turn, done, played = t.deploy_progress if t.deploy_progress[0] == s.turn else (s.turn, 0, False)
    if done < 1:
        if gladiators:
            choice = g.ask(troop, "deploy", list(gladiators), optional=True, step=True)
            if choice is not None:
                place(*choice)
                if s.end_reason is not None:
                    return
        t.deploy_progress = (turn, 1, False)
    if done < 2:
        opts = tactic_options(s, troop, allowed)
        if opts:
            choice = g.ask(troop, "tactic", opts, optional=True, step=True)
            if choice is not None:
                i, uid = choice
                tac = t.tactics_camp[i]
                rules.place_tactic(g, troop, tac, s.units[uid])
                played = True
        t.deploy_progress = (turn, 2, played)
    if after_tactic is not None and s.end_reason is None:
        after_tactic(played)


def ability_step(g: Game, troop: int) -> None:
    """The attack phase's Abilities (Impel, Consuming Impel: "usable during attack phase only"), each once
    per turn per unit, before the attacks (ruling R-ROR-5)."""
    each_once(g, troop, "ability", lambda: rules.ability_options(g, troop, usable=gives_reach),
              lambda choice: rules.use_ability(g, troop, choice))


def attack_phase(g: Game, troop: int) -> None:
    """Rise of Rome, "Phase 3: Attacking": the Abilities of the phase, then each unit one attack, Basic (on
    one opponent within Attack Range, no line of sight: ROR-34, ROR-35) or Alternate (its skill's text:
    ROR-36), in any order; a unit deployed this turn attacks only with First Strike (ROR-28)."""
    ability_step(g, troop)
    if g.state.end_reason is not None:
        return
    attack_step(g, troop)


def attack_step(g: Game, troop: int) -> None:
    """The attacks of "Phase 3: Attacking", after its Abilities (`ability_step`): a mode lists the two as
    separate turn steps, so that a lookahead clone taken at an attack decision resumes at the attacks."""
    s = g.state
    t = classic_troop(s, troop)
    engage_step(g, troop, second_any=lambda u: t.granted_any == (s.turn, u.uid), special_ends_impel=False)


def move_phase(g: Game, troop: int) -> None:
    """Rise of Rome, "Phase 2: Movement": each unit up to its Move Range, in one go (ROR-32, ROR-33); a unit
    deployed this turn moves only with Initiative (ROR-28)."""
    movement_step(g, troop)
