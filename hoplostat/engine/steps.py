"""Turn steps every rule set shares, composed by the modes' turns (Remastered's six steps, the older
games' phase turn): the movement step and the "each unit, one at a time, as often as the options allow"
loop. They build the legal options from the rules functions and ask the troop's controller.
"""

from __future__ import annotations

from collections.abc import Callable

from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import Game
from hoplostat.engine.state import UnitState


def end_temporary_tactics(g: Game, troop: int) -> None:
    """Temporary (single-turn) tactics played by `troop` in an earlier turn end now, at the start of its turn
    (Remastered TAC-5: they last one round; Rise of Rome ROR-30: Stun "placed on top" for a turn)."""
    s = g.state
    for u in s.in_combat():
        for pt in list(u.tactics):
            if pt.owner == troop and pt.tactic.type == "temporary" and pt.turn < s.turn:
                rules.discard_tactic(g, u, pt)


def center_hex_damage(g: Game, troop: int, what: str) -> None:
    """A unit of `troop` on a hex tagged `center` at the start of its troop's turn is dealt 1 damage, no
    troop's damage, so no crowd favor (Remastered ARN-3, the Colosseum's center hex; Rise of Rome ROR-8,
    the titan hex)."""
    s = g.state
    for h in s.grid.tagged("center"):
        uid = s.board[h]
        if uid >= 0 and s.units[uid].troop == troop:
            rules.damage(g, s.units[uid], 1, what=what)
            if s.end_reason is not None:
                return


def movement_step(g: Game, troop: int) -> None:
    """Remastered, "Movement" (and Rise of Rome, "Phase 2: Movement", the same rule): units move one at a
    time in the controller's order (MOV-1), each once, all at once (MOV-3), up to Movement (UNIT-2) through
    unblocked hexes (MOV-2).

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
            held = locked if not (locked and rules.ignores_effects(s, u)) else set()  # no lock holds it
            if not can_move(s, u) or u.hex in held:
                continue
            uid = u.uid
            got = reach.get(uid)
            if got is None or got[0] != u.hex:
                if blocked is None:
                    blocked = s.blocked_for_move(troop)
                r = reachable(u.hex, movement_of(s, u), blocked, held)
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


def each_once(g: Game, troop: int, decision: str, build: Callable[[], list], act: Callable[[tuple], None]) -> None:
    """Ask `decision` with the options `build()` gives until the controller passes (or the game ends),
    acting on each choice: the loop of every "each unit, once, in any order" step."""
    while True:
        opts = build()
        choice = g.ask(troop, decision, opts, optional=True, step=True)
        if choice is None:
            return
        act(choice)
        if g.state.end_reason is not None:
            return


def engage_options(g: Game, u: UnitState, *, second_any: bool = False) -> list[tuple]:
    """A unit's engage options: an attack on each opponent in Range, and its Specials (the older games'
    Alternate Attacks use the same hooks). A second, Impelled, action is an attack only, unless
    `second_any` (Rise of Rome's Consuming Impel grants a Basic or an Alternate Attack)."""
    s = g.state
    opts: list[tuple] = [("attack", u.uid, o.uid) for o in rules.targets_in_range(s, u)]
    if u.engaged_turn == s.turn and not second_any:
        return opts  # a second, Impelled, action is an attack
    for sid, param, fn in unit_hooks(u.unit, "special_options"):
        opts.extend(("special", u.uid, sid, args) for args in fn(g, u, param))
    return opts


def engage_step(g: Game, troop: int, *, second_any: Callable[[UnitState], bool] | None = None,
                special_ends_impel: bool = True) -> None:
    """Remastered, "Engage" (Rise of Rome, "Phase 3: Attacking": the same loop, Basic or Alternate Attack):
    each unit, one at a time in any order, attacks or uses a Special, or neither (ENG-1); target an
    opponent within Range (ENG-2). `second_any(u)`: the unit's second action may be a Special too.
    `special_ends_impel`: a Special as the first action uses up an Impel (Remastered, ENG-1); the older games'
    Impel gives "another" attack after an Alternate Attack too (ROR-92, ROR-94): False there."""
    s = g.state

    can_engage = rules.can_engage

    def build() -> list:
        opts: list[tuple] = []
        for u in s.in_combat(troop):
            if can_engage(s, u):
                if second_any is not None and u.engaged_turn == s.turn and second_any(u):
                    opts.extend(engage_options(g, u, second_any=True))
                else:
                    opts.extend(engage_options(g, u))
        return opts

    def act(choice: tuple) -> None:
        u = s.units[choice[1]]
        if u.engaged_turn == s.turn or (special_ends_impel and choice[0] == "special"):
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

    each_once(g, troop, "engage", build, act)
