"""Shared steps of a player turn (Remastered, "Player Turns"); modes compose them in order.

Each step builds the legal options and asks the troop's controller, so every choice
the rules leave to a player goes through `Game.ask`. Option shapes:
- "deploy":  (uid, hex)
- "tactic":  (tactic index in camp, target uid)
- "move":    (uid, destination hex)
- "ability": (uid, skill id, args)
- "engage":  ("attack", uid, target uid) | ("special", uid, skill id, args)
"""

from __future__ import annotations

from collections.abc import Callable

from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import Game
from hoplostat.engine.state import CAMP, COMBAT, UnitState


def start_of_turn(g: Game, troop: int) -> None:
    """Temporary tactics played by this troop end now (TAC-5: they last one round, ruling in data/remastered/tactics.toml);
    then `start_of_turn` skill hooks of the troop's units."""
    s = g.state
    for u in s.in_combat():
        for pt in list(u.tactics):
            if pt.owner == troop and pt.tactic.type == "temporary" and pt.turn < s.turn:
                rules.discard_tactic(g, u, pt)
    for u in s.hooked("start_of_turn"):
        if u.troop == troop and u.zone == COMBAT and s.skills_work(u):
            for _sid, param, fn in unit_hooks(u.unit, "start_of_turn"):
                fn(g, u, param)


def stones_held(s, troop: int) -> list[UnitState]:
    """The troop's own units standing on stone hexes (0, 1 or 2; other troops' units count for nothing): what
    the "check stone hexes" step of every Pozzuoli mode counts."""
    out = []
    for h in s.grid.tagged("stone"):
        uid = s.board[h]
        if uid >= 0 and s.units[uid].troop == troop:
            out.append(s.units[uid])
    return out


def deployable(g: Game, troop: int, hexes: tuple[int, ...]) -> list[tuple[int, int]]:
    """(uid, hex) pairs: an active unit in camp whose full Health the supply holds (DEP-3, UNIT-8)
    onto a free deployment hex of the troop (DEP-1, DEP-5)."""
    s = g.state
    key = s.supply_of(troop)
    board = s.board
    free = [h for h in hexes if board[h] < 0]
    out = []
    pedestals: list[int] | None = None
    for u in s.units:
        if u.troop == troop and u.zone == CAMP and u.active and u.unit.health <= s.supply[key]:
            if u.unit.kind == "sentinel":
                # Remastered, "Sentinels": a sentinel back in camp deploys onto an available pedestal (SUP-5).
                if pedestals is None:
                    pedestals = [h for h in s.grid.tagged("pedestal") if board[h] < 0]
                out.extend((u.uid, h) for h in pedestals)
            else:
                out.extend((u.uid, h) for h in free)
    return out


def deployment_step(g: Game, troop: int, hexes: tuple[int, ...]) -> None:
    """Remastered, "Deployment": at most one unit (DEP-1); mandatory when the troop has no units in combat (DEP-2)."""
    s = g.state
    opts = deployable(g, troop, hexes)
    if not opts:
        return
    mandatory = not s.in_combat(troop)
    choice = g.ask(troop, "deploy", opts, optional=not mandatory, step=True)
    if choice is not None:
        uid, h = choice
        rules.deploy(g, s.units[uid], h)


def tactic_step(g: Game, troop: int) -> None:
    """Remastered, "Tactic Placement": at most one tactic (TAC-1) on a valid unit (TAC-2); optional."""
    s = g.state
    camp = s.troops[troop].tactics_camp
    if not camp:
        return
    targets = rules.tactic_targets(s, troop)
    opts = [(i, t.uid) for i in range(len(camp)) for t in targets]
    choice = g.ask(troop, "tactic", opts, optional=True, step=True)
    if choice is not None:
        i, uid = choice
        rules.place_tactic(g, troop, camp[i], s.units[uid])


def movement_step(g: Game, troop: int) -> None:
    """Remastered, "Movement": units move one at a time in the controller's order (MOV-1), each once,
    all at once (MOV-3), up to Movement (UNIT-2) through unblocked hexes (MOV-2).

    Each unit's reachable hexes are kept between decisions and recomputed only when the last move
    could have changed them (the vacated hex borders them, or the new hex was among them), or when
    anything else changed the units in combat (a Cover defeat)."""
    s = g.state
    grid = s.grid
    nbs = grid.neighbours
    # uid -> (hex it stood on, reachable hexes -> steps, its "move" options): the options tuples are
    # kept with the reach they were built from, so an unchanged unit costs one `extend`.
    reach: dict[int, tuple[int, dict[int, int], list[tuple[int, int]]]] = {}
    version = -1
    locked: set[int] = set()
    can_move, movement_of, reachable = rules.can_move, rules.movement_of, grid.reachable
    while True:
        if version != s.combat_version:
            version = s.combat_version
            reach.clear()
            locked = rules.locked_hexes(s, troop)
        blocked = None
        opts: list[tuple[int, int]] = []
        for u in s.in_combat(troop):
            if not can_move(s, u) or u.hex in locked:
                continue
            uid = u.uid
            got = reach.get(uid)
            if got is None or got[0] != u.hex:
                if blocked is None:
                    blocked = s.blocked_for_move(troop)
                r = reachable(u.hex, movement_of(s, u), blocked, locked)
                got = reach[uid] = (u.hex, r, [(uid, h) for h in r])
            opts.extend(got[2])
        choice = g.ask(troop, "move", opts, optional=True, step=True)
        if choice is None:
            return
        uid, h = choice
        src = s.units[uid].hex
        rules.move(g, s.units[uid], h)
        if s.end_reason is not None:
            return  # a Cover roll may end the game mid-step
        around = nbs[src]
        for k in list(reach):
            start, r, _ = reach[k]
            if h in r or start in around or any(n in r for n in around):
                del reach[k]

def _each_once(g: Game, troop: int, decision: str, build: Callable[[], list], act: Callable[[tuple], None]) -> None:
    while True:
        opts = build()
        choice = g.ask(troop, decision, opts, optional=True, step=True)
        if choice is None:
            return
        act(choice)
        if g.state.end_reason is not None:
            return


def abilities_step(g: Game, troop: int) -> None:
    """Remastered, "Abilities": any order, each Ability once per unit per turn, optional (SKL-2)."""
    _each_once(g, troop, "ability", lambda: rules.ability_options(g, troop),
               lambda choice: rules.use_ability(g, troop, choice))


def engage_options(g: Game, u: UnitState) -> list[tuple]:
    s = g.state
    opts: list[tuple] = [("attack", u.uid, o.uid) for o in rules.targets_in_range(s, u)]
    if u.engaged_turn == s.turn:
        return opts  # a second, Impelled, action is an attack
    for sid, param, fn in unit_hooks(u.unit, "special_options"):
        opts.extend(("special", u.uid, sid, args) for args in fn(g, u, param))
    return opts


def engage_step(g: Game, troop: int) -> None:
    """Remastered, "Engage": each unit, one at a time in any order, attacks or uses a Special, or
    neither (ENG-1); target an opponent within Range (ENG-2)."""
    s = g.state

    def build() -> list:
        opts: list[tuple] = []
        for u in s.in_combat(troop):
            if rules.can_engage(s, u):
                opts.extend(engage_options(g, u))
        return opts

    def act(choice: tuple) -> None:
        u = s.units[choice[1]]
        if u.engaged_turn == s.turn or choice[0] == "special":
            # The Impel is used up by the second attack; and a unit that uses a Special has none left:
            # Remastered, "Engage": "A unit cannot both attack and use a Special" (ENG-1), so Impel's
            # two attacks never follow a Special.
            u.impelled_turn = -1
        u.engaged_turn = s.turn
        if choice[0] == "attack":
            rules.attack(g, u, s.units[choice[2]])
        else:
            sid, args = choice[2], choice[3]
            for sid2, param, fn in unit_hooks(u.unit, "special"):
                if sid2 == sid:
                    fn(g, u, param, args)
                    return

    _each_once(g, troop, "engage", build, act)


def player_steps(g: Game, troop: int, *, arena: Callable[[], None], deployment: Callable[[], None],
                 tactic: Callable[[], None] | None = None,
                 after_tactic: tuple[tuple[str, Callable[[], None]], ...] = (),
                 after_engage: tuple[tuple[str, Callable[[], None]], ...] = ()) -> tuple:
    """A Remastered player turn as named steps (TURN-1): start of turn, the mode's arena step and
    deployment, tactic placement (and the mode's steps after it), movement, abilities, engage (and the
    mode's steps after it). Modes differ only in the steps they pass."""
    return (
        ("start", lambda: start_of_turn(g, troop)),
        ("arena", arena),
        ("deployment", deployment),
        ("tactic", tactic or (lambda: tactic_step(g, troop))),
        *after_tactic,
        ("movement", lambda: movement_step(g, troop)),
        ("abilities", lambda: abilities_step(g, troop)),
        ("engage", lambda: engage_step(g, troop)),
        *after_engage,
    )
