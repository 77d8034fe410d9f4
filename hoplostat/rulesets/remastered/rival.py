"""The rival AI (Remastered, "Rival Turns"): marking, back-up movement, targeting, abilities, engage.

Rival units act by rules, not by choice: a priority list decides where they move (marking)
and whom they attack (targeting). Every choice the rulebook leaves open ("players may freely
choose": the order rival units act, ties among equal marks, targets and hexes, deployment
hexes, displacement hexes) is delegated to the *players'* controller, which chooses in the
players' favour (Remastered, "The Most Important Rules": Player's choice).

- `RivalController(priority, players=..., players_troop=...)`: the controller of a rival troop.
  `tie(g, decision, options)` asks the players' controller when it handles rival decisions
  (an attribute `rival_decisions` listing the decision names it answers), otherwise
  `players_favour` decides (heuristics below). Its `choose` answers the generic asks the
  shared rules make of a troop (Intercept Blow).
- Steps of a rival turn (RIV-1; no Tactic Placement): `deploy`, `movement_step`,
  `abilities_step`, `engage_step`. The modes with a rival troop compose them in their turns.

Priority list entries are `catalog.vocab.PRIORITIES` ids, plus hex priorities written
`hex:<tag>` (e.g. `hex:stone`), reached by moving onto such a hex (RIV-6). Superlatives
(strongest, weakest, ...) are taken among the opponents the unit can reach (RIV-3).

Decisions delegated to the players (option shapes):
- "rival-deploy":  hex
- "rival-mark":    (uid of the rival, uid or ("hex", h) of the mark)
- "rival-move":    (uid, hex): which rival moves next and where, among the rule-allowed moves
- "rival-ability": (uid, skill id, args)
- "rival-engage":  ("attack", uid, target uid) | ("special", uid, skill id, args)
- "rival-displace": (uid of the displaced unit, hex)
- "rival-intercept": uid (whether a rival with Intercept Blow takes the blow; optional)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, GameState, UnitState

RIVAL_DECISIONS = ("rival-deploy", "rival-mark", "rival-move", "rival-ability", "rival-engage", "rival-displace")
HEROES = frozenset({"hero", "neutral-hero"})


# --------------------------------------------------------------------------- priorities


def _deadliness(g: Game, u: UnitState, o: UnitState) -> int:
    """UNIT-9 (Remastered, "Key Terms": Deadliest: "the most attack dice in its Attack ... determined after
    accounting for any modifiers"): the number of dice o would gather attacking u, the rival comparing it
    (ENG-3: its tactics, its own skills such as Bloodlust and Dig In, allies' auras such as Strategic
    Attack, and u's defences that change dice), whatever their colours."""
    return rules.attack_profile(g, o, u)[0].size


# Superlative priorities (UNIT-9): key of an opponent o for the rival unit u, and whether the largest key wins.
SUPERLATIVES: dict[str, tuple[Callable[[Game, UnitState, UnitState], int], bool]] = {
    "strongest": (lambda g, u, o: o.hp, True),
    "weakest": (lambda g, u, o: o.hp, False),
    "closest": (lambda g, u, o: g.state.grid.dist[u.hex][o.hex], False),
    "farthest": (lambda g, u, o: g.state.grid.dist[u.hex][o.hex], True),
    "deadliest": (_deadliness, True),
    "least-deadly": (_deadliness, False),
    "fastest": (lambda g, u, o: rules.movement_of(g.state, o), True),
    "slowest": (lambda g, u, o: rules.movement_of(g.state, o), False),
}
# Set priorities: a predicate on an opponent. Shards with HP are chips of kind "shard" in combat (the titan
# mode's, shards.py); a state that knows shardholders has `shard_holders` (uids).
SETS: dict[str, Callable[[GameState, UnitState], bool]] = {
    "opponent-on-stone": lambda s, o: "stone" in s.grid.tags[o.hex],
    "hero": lambda s, o: o.unit.kind in HEROES,
    "sentinel": lambda s, o: o.unit.kind == "sentinel",
    "opponent": lambda s, o: True,
    "shardholder": lambda s, o: o.uid in getattr(s, "shard_holders", ()),
    "shard": lambda s, o: o.unit.kind == "shard",
}


def is_hex_priority(p: str) -> bool:
    return p.startswith("hex:")


def check_priority(priority: Sequence[str]) -> tuple[str, ...]:
    for p in priority:
        if not (p in SUPERLATIVES or p in SETS or (is_hex_priority(p) and len(p) > 4)):
            raise ValueError(f"unknown rival priority {p!r}")
    return tuple(priority)


def _extreme(g: Game, u: UnitState, p: str, cands: list[UnitState]) -> list[UnitState]:
    key, largest = SUPERLATIVES[p]
    if not cands:
        return cands
    vals = [key(g, u, o) for o in cands]
    best = max(vals) if largest else min(vals)
    return [o for o, v in zip(cands, vals) if v == best]


def top_priority(g: Game, u: UnitState, priority: Sequence[str], cands: Sequence[UnitState]) -> list[UnitState]:
    """The opponents among `cands` highest on the priority list (all tied ones); [] if none is on it.
    Used for targeting (RIV-9): `cands` are the opponents within Range."""
    s = g.state
    for p in priority:
        if is_hex_priority(p):
            continue
        if p in SUPERLATIVES:
            got = _extreme(g, u, p, list(cands))
        else:
            pred = SETS[p]
            got = [o for o in cands if pred(s, o)]
        if got:
            return got
    return []


# --------------------------------------------------------------------------- players' favour


def _same_team(s: GameState, a: int, b: int) -> bool:
    return rules.same_team(s, a, b)


def _reach(s: GameState, team_troop: int, players: bool) -> list[tuple[int, int]]:
    """(hex, Range) of the units in combat of the players' team (`players`) or of the rival side, gathered once
    for all the options of a decision."""
    return [(m.hex, rules.range_of(s, m)) for m in s.in_combat() if _same_team(s, m.troop, team_troop) == players]


def _covering(dist, reach: list[tuple[int, int]], h: int) -> int:
    """How many of the units in `reach` have hex h within their Range."""
    row = dist[h]
    return sum(1 for x, r in reach if row[x] <= r)


def _value(s: GameState, o: UnitState) -> float:
    """How much the players would mind this unit of theirs being attacked: the primary hero most,
    then any hero, then a unit close to defeat."""
    v = 0.0
    if o.is_primary_hero:
        v += 100.0
    elif o.unit.kind in HEROES:
        v += 30.0
    return v - o.hp


def players_favour(g: Game, team_troop: int, decision: str, options: Sequence[Any]) -> Any:
    """A choice on behalf of rival units made in the players' favour (deterministic heuristics):

    - rival-deploy: the hex farthest from the players' primary hero, then from their nearest unit.
    - rival-mark / rival-engage: the mark or target the players mind least (never the primary hero
      if avoidable, then other heroes, then the unit with the most HP); a Special over an attack
      never matters (the rules decide that).
    - rival-move: the move that leaves the rival exposed to the most player units, then the one
      farthest from the players' primary hero.
    - rival-ability: the first (rival abilities help the rivals whatever the order).
    - rival-displace: the hex within Range of the fewest rival units, a stone hex first among those.
    """
    s = g.state
    units = s.units
    hero_hexes = [u.hex for u in s.in_combat() if u.is_primary_hero and _same_team(s, u.troop, team_troop)]
    dist = s.grid.dist

    def far_from_hero(h: int) -> int:
        return min((dist[h][x] for x in hero_hexes), default=99)

    if decision == "rival-deploy":
        mine = [u.hex for u in s.in_combat() if _same_team(s, u.troop, team_troop)]
        return max(options, key=lambda h: (far_from_hero(h), min((dist[h][x] for x in mine), default=99), -h))
    if decision == "rival-mark":
        def mark_key(o):
            m = o[1]
            if isinstance(m, tuple):
                return (0.0, -m[1])
            return (-_value(s, units[m]), -m)
        return max(options, key=mark_key)
    if decision == "rival-engage":
        def eng_key(o):
            if o[0] == "attack":
                return (-_value(s, units[o[2]]), -o[2])
            args = o[3]
            if args and isinstance(args[0], int) and 0 <= args[0] < len(units) and units[args[0]].zone == COMBAT:
                return (-_value(s, units[args[0]]), -args[0])
            return (0.0, 0)
        return max(options, key=eng_key)
    if decision == "rival-move":  # exposure: the players' units that could attack a unit standing there
        team = _reach(s, team_troop, True)
        return max(options, key=lambda o: (_covering(dist, team, o[1]), far_from_hero(o[1]), -o[0], -o[1]))
    if decision == "rival-displace":  # threat: the rival units that have the hex within their Range
        rivals = _reach(s, team_troop, False)
        stone = s.grid.tags
        return max(options, key=lambda o: (-_covering(dist, rivals, o[1]), "stone" in stone[o[1]], -o[1]))
    return options[0]


# --------------------------------------------------------------------------- the controller


class RivalController:
    """Controller of a rival troop: the priority list, and who settles its ties (the players)."""

    rival = True

    def __init__(self, priority: Sequence[str], *, players: Any = None, players_troop: int = 0) -> None:
        self.priority = check_priority(priority)
        self.players = players
        self.players_troop = players_troop
        self.why: dict[int, str] = {}
        """uid -> why its last planned move is what it is (for the log)."""

    def tie(self, g: Game, decision: str, options: Sequence[Any]) -> Any:
        """RIV-3, RIV-7, RIV-9, RIV-2: the players choose among equals (a single option is taken as is)."""
        if len(options) == 1:
            return options[0]
        ctrl = self.players
        if ctrl is not None and decision in getattr(ctrl, "rival_decisions", ()):
            got = ctrl.choose(g, self.players_troop, decision, options, optional=False)
            if got is not None:
                return got
        return players_favour(g, self.players_troop, decision, options)

    def choose(self, g: Game, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        """Asks the shared rules make of a rival troop (Intercept Blow: "may"). The players decide for
        the rival: their controller if it answers "rival-intercept", else the rival declines (ruling R-RIV-5)."""
        if not options:
            return None
        ctrl = self.players
        if ctrl is not None and "rival-" + decision in getattr(ctrl, "rival_decisions", ()):
            return ctrl.choose(g, self.players_troop, "rival-" + decision, options, optional=optional)
        if optional:
            return None
        return self.tie(g, "rival-" + decision, options)

    # --- marking (RIV-3..RIV-6) ------------------------------------------------------------
    def plan_move(self, g: Game, u: UnitState, blocked: Sequence[bool], locked: set[int]) -> list[int]:
        """Destination hexes of u's move by the rules (tied ones; [] = it does not move).

        RIV-3: mark the highest priority it can reach (a hex from which the mark is within Range),
        superlatives among reachable opponents, the closest among equals, then the players choose.
        RIV-4: a mark already in Range -> no move; else the reachable hexes within Range as far from
        the mark as possible, then the fewest hexes moved. RIV-5: no reachable priority -> back-up
        movement. RIV-6: a hex priority is reached by moving onto the hex.
        """
        s = g.state
        grid = s.grid
        dist = grid.dist
        m = rules.movement_of(s, u)
        r = rules.range_of(s, u)
        reach = grid.reachable(u.hex, m, blocked, locked) if m > 0 else {}
        spots = [u.hex, *reach]
        opps = s.opponents_of(u.troop)
        for p in self.priority:
            if is_hex_priority(p):
                tag = p[4:]
                if tag in grid.tags[u.hex]:
                    self.why[u.uid] = f"is on its {p} priority: does not move"
                    return []
                got = [h for h in grid.tagged(tag) if h in reach]
                if not got:
                    continue
                near = min(reach[h] for h in got)
                self.why[u.uid] = f"marks a {tag} hex"
                return [h for h in got if reach[h] == near]
            if p in SUPERLATIVES:
                cands = [o for o in opps if _can_reach(dist, spots, o.hex, r)]
                cands = _extreme(g, u, p, cands)
            else:
                pred = SETS[p]
                cands = [o for o in opps if pred(s, o) and _can_reach(dist, spots, o.hex, r)]
            if cands:
                return self.toward_mark(g, u, cands, reach, r, f" ({p})")
        self.why[u.uid] = "cannot reach a priority and cannot get closer to one: does not move"
        return self.plan_backup(g, u, reach, blocked, r)

    def toward_mark(self, g: Game, u: UnitState, cands: Sequence[UnitState], reach: dict[int, int], r: int,
                    label: str = "") -> list[int]:
        """RIV-3, RIV-4: the nearest of `cands` (opponents it can bring within Range this turn) is marked, ties
        to the players; no move if the mark is already within Range, else the reachable hexes that put it within
        Range, as far from it as Range allows, with the fewest steps among those. `label` follows the mark's
        name in the narration (the priority that chose it)."""
        s = g.state
        dist = s.grid.dist
        row = dist[u.hex]
        near = min(row[o.hex] for o in cands)
        cands = [o for o in cands if row[o.hex] == near]
        mark = cands[0] if len(cands) == 1 else s.units[self.tie(g, "rival-mark", [(u.uid, o.uid) for o in cands])[1]]
        if row[mark.hex] <= r:
            self.why[u.uid] = f"marks {mark.name}{label}, already within Range: does not move"
            return []
        self.why[u.uid] = f"marks {mark.name}{label}"
        mrow = dist[mark.hex]
        dests = [h for h in reach if mrow[h] <= r]
        far = max(mrow[h] for h in dests)
        dests = [h for h in dests if mrow[h] == far]
        least = min(reach[h] for h in dests)
        return [h for h in dests if reach[h] == least]

    def backup_toward(self, g: Game, u: UnitState, reach: dict[int, int], blocked: Sequence[bool], r: int,
                      priorities: Sequence[str]) -> list[int]:
        """RIV-5's back-up move (`plan_backup`) toward `priorities` instead of the controller's own list (a
        mode whose rivals mark by lists of their own gives the back-up targets those lists imply)."""
        saved = self.priority
        self.priority = tuple(priorities)
        try:
            self.why[u.uid] = "cannot reach a priority and cannot get closer to one: does not move"
            return self.plan_backup(g, u, reach, blocked, r)
        finally:
            self.priority = saved

    def plan_backup(self, g: Game, u: UnitState, reach: dict[int, int], blocked: Sequence[bool], r: int) -> list[int]:
        """RIV-5: full Movement along the shortest unblocked path toward a hex that would put the highest
        possible priority within Range; no move only if it cannot get closer to any priority."""
        if not reach:
            return []
        s = g.state
        grid = s.grid
        opps = s.opponents_of(u.troop)
        for p in self.priority:
            if is_hex_priority(p):
                groups = [[h for h in grid.tagged(p[4:]) if not blocked[h]]]
                goal_sets = [set(g_) for g_ in groups]
            else:
                if p in SUPERLATIVES:
                    key, largest = SUPERLATIVES[p]
                    keys = {o.uid: key(g, u, o) for o in opps}
                    vals = sorted(set(keys.values()), reverse=largest)
                    groups_u = [[o for o in opps if keys[o.uid] == v] for v in vals]
                else:
                    pred = SETS[p]
                    groups_u = [[o for o in opps if pred(s, o)]]
                goal_sets = []
                for grp in groups_u:
                    goals: set[int] = set()
                    for o in grp:
                        goals.update(h for h in grid.within(o.hex, r) if not blocked[h])
                    goal_sets.append(goals)
            for goals in goal_sets:
                if not goals:
                    continue
                field = _field(grid, goals, blocked, u.hex)
                here = field.get(u.hex)
                if here is None:
                    continue
                steps = {h: field[h] for h in reach if h in field}
                if not steps:
                    continue
                best = min(steps.values())
                if best >= here:
                    continue
                self.why[u.uid] = f"cannot reach a priority: back-up movement toward {p}"
                return [h for h, v in steps.items() if v == best]
        return []

    # --- targeting (RIV-9) -------------------------------------------------------------------
    def plan_engage(self, g: Game, u: UnitState) -> list[tuple]:
        """The rule-allowed actions of u (tied ones): a Special whose rival condition holds, with its
        target by the priority list; else an attack on the highest-priority opponent in Range."""
        s = g.state
        for sid, param, fn in unit_hooks(u.unit, "special_options"):
            opts = fn(g, u, param)
            if not opts:
                continue
            cond = RIVAL_SPECIAL_CONDITIONS.get(sid, _never)
            if not cond(g, u, param, opts):
                continue
            targeted = [a for a in opts if a and isinstance(a[0], int)]
            if targeted and len(targeted) == len(opts):
                best = {o.uid for o in top_priority(g, u, self.priority, [s.units[a[0]] for a in opts])}
                opts = [a for a in opts if a[0] in best]
            return [("special", u.uid, sid, a) for a in opts]
        targets = top_priority(g, u, self.priority, rules.targets_in_range(s, u))
        return [("attack", u.uid, t.uid) for t in targets]


def _can_reach(dist, spots: Sequence[int], h: int, r: int) -> bool:
    row = dist[h]
    for x in spots:
        if row[x] <= r:
            return True
    return False


def _field(grid, goals: set[int], blocked: Sequence[bool], start: int) -> dict[int, int]:
    """Steps from every hex to the nearest goal through unblocked hexes (multi-source BFS; the mover's
    own hex counts as unblocked)."""
    out = dict.fromkeys(goals, 0)
    frontier = list(goals)
    nb = grid.neighbours
    if 0 <= start < len(blocked) and blocked[start]:
        blocked = list(blocked)
        blocked[start] = False
    d = 0
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for m in nb[h]:
                if m in out or blocked[m]:
                    continue
                out[m] = d
                nxt.append(m)
        frontier = nxt
    return out


# Rival conditions for Specials (Remastered, "Engage" for rivals: "check whether the conditions apply
# for that skill to be triggered (see the Unit Skills reference)"). The reference's blue rival texts
# are not public; these are our readings (ruling R-RIV-4): a rival uses a Special only where it beats
# its attack on the rulebook's own terms.
def _never(g, u, param, opts) -> bool:
    return False


def _long_shot(g, u, param, opts) -> bool:
    # Long Shot reaches past the unit's Range: used only when no opponent is within its Range.
    return not rules.targets_in_range(g.state, u)


def _several_adjacent(g, u, param, opts) -> bool:
    return len(rules.targets_in_range(g.state, u, 1)) >= 2


def _several_in_range(g, u, param, opts) -> bool:
    return len(rules.targets_in_range(g.state, u)) >= 2


RIVAL_SPECIAL_CONDITIONS: dict[str, Callable[..., bool]] = {
    "long-shot": _long_shot,
    "whirlwind": _several_adjacent,
    "savage": _several_in_range,
    "reposition": _never,  # rival movement is by marking only
}


# --------------------------------------------------------------------------- steps


def controller_of(g: Game, troop: int) -> RivalController:
    """The controller of a rival troop. The modes seat a `RivalController` (or a subclass) there; tests may seat
    a stand-in with its interface (a wrapper), so this is not checked at run time."""
    return cast(RivalController, g.controllers[troop])


def opposing_locks(s: GameState, troop: int) -> set[int]:
    """Hexes next to an opposing (other team) unit with a working movement lock (Combat Lock): `rules.locked_hexes`."""
    return rules.locked_hexes(s, troop)


def deploy(g: Game, rc: RivalController, u: UnitState, hexes: Sequence[int]) -> bool:
    """RIV-2: the mode names the unit and the hexes; the players choose among the available ones;
    none available (or not enough blue chips): no deployment. Returns whether it deployed."""
    s = g.state
    free = [h for h in hexes if s.board[h] < 0 and s.can_occupy(u.troop, h)]
    if not free or s.supply[s.supply_of(u.troop)] < u.unit.health:
        s.say(f"{u.name} cannot be deployed (no available deployment hex or health chips)")
        return False
    rules.deploy(g, u, rc.tie(g, "rival-deploy", free))
    return True


def movement_step(g: Game, troop: int, rc: RivalController) -> None:
    """Remastered, "Movement" for rivals: each unit moves by marking (RIV-3..6); the players order the
    moves, but a unit that cannot move yet is asked again after each move (RIV-7); marks are chosen
    afresh at each move (RIV-8)."""
    s = g.state
    rc.why.clear()
    while True:
        blocked = s.blocked_for_move(troop)
        locked = opposing_locks(s, troop)
        opts: list[tuple[int, int]] = []
        for u in s.in_combat(troop):
            held = locked if not (locked and rules.ignores_effects(s, u)) else set()  # no lock holds it
            if not rules.can_move(s, u) or u.hex in held:
                continue
            opts.extend((u.uid, h) for h in rc.plan_move(g, u, blocked, held))
        if not opts:
            if s.log is not None:
                for uid, why in rc.why.items():
                    s.say(f"{s.units[uid].name} ({s.side_of(troop)}) {why}")
            return
        uid, h = rc.tie(g, "rival-move", opts)
        if s.log is not None:
            s.say(f"{s.units[uid].name} ({s.side_of(troop)}) {rc.why.pop(uid, 'moves')}")
        else:
            rc.why.pop(uid, None)
        rules.move(g, s.units[uid], h)
        if s.end_reason is not None:
            return


def abilities_step(g: Game, troop: int, rc: RivalController, *,
                   skip: Callable[[UnitState], bool] | None = None) -> None:
    """Remastered, "Abilities" for rivals: every rival Ability that can be used is used, once per turn
    (SKL-2); the players pick the order and any open choice in it. `skip`: units that take no part (the
    titan when it prompts its allies)."""
    s = g.state
    while True:
        opts = rules.ability_options(g, troop, skip=skip)
        if not opts:
            return
        rules.use_ability(g, troop, rc.tie(g, "rival-ability", opts))
        if s.end_reason is not None:
            return


def act(g: Game, choice: tuple) -> None:
    """Carry out one engage action ("attack", uid, target) or ("special", uid, skill, args)."""
    s = g.state
    u = s.units[choice[1]]
    u.engaged_turn = s.turn
    if choice[0] == "attack":
        rules.attack(g, u, s.units[choice[2]])
        return
    sid, args = choice[2], choice[3]
    for sid2, param, fn in unit_hooks(u.unit, "special"):
        if sid2 == sid:
            s.say(f"{u.name} ({s.side_of(u.troop)}) uses {sid}")
            fn(g, u, param, args)
            return


def engage_step(g: Game, troop: int, rc: RivalController, *, skip: Callable[[UnitState], bool] | None = None) -> None:
    """Remastered, "Engage" for rivals (RIV-9): every rival that can act must; a Special when its
    condition holds, else an attack on the highest-priority opponent in Range; the players choose
    the order and among equals. `skip`: units the mode engages itself (the immortal)."""
    s = g.state
    while True:
        opts: list[tuple] = []
        for u in s.in_combat(troop):
            if u.engaged_turn == s.turn or not rules.can_engage(s, u) or (skip is not None and skip(u)):
                continue
            opts.extend(rc.plan_engage(g, u))
        if not opts:
            return
        act(g, rc.tie(g, "rival-engage", opts))
        if s.end_reason is not None:
            return


def displace_choice(g: Game, rc: RivalController, u: UnitState, hexes: Sequence[int]) -> int | None:
    """A rival effect displaces u to one of `hexes`, the players choosing (e.g. Antony's green trigger)."""
    if not hexes:
        return None
    return rc.tie(g, "rival-displace", [(u.uid, h) for h in hexes])[1]


__all__ = [
    "RIVAL_DECISIONS",
    "RIVAL_SPECIAL_CONDITIONS",
    "RivalController",
    "abilities_step",
    "act",
    "check_priority",
    "deploy",
    "displace_choice",
    "engage_step",
    "movement_step",
    "players_favour",
    "top_priority",
]
