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
from hoplostat.engine.steps import each_once as _each_once
from hoplostat.engine.steps import end_temporary_tactics, engage_options, engage_step, movement_step  # noqa: F401  (the shared steps, re-exported)


def start_of_turn(g: Game, troop: int) -> None:
    """Temporary tactics played by this troop end now (TAC-5: they last one round, ruling in
    data/remastered/tactics.toml); then `start_of_turn` skill hooks of the troop's units."""
    s = g.state
    end_temporary_tactics(g, troop)
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
    out: list[tuple[int, int]] = []
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


def abilities_step(g: Game, troop: int) -> None:
    """Remastered, "Abilities": any order, each Ability once per unit per turn, optional (SKL-2)."""
    _each_once(g, troop, "ability", lambda: rules.ability_options(g, troop),
               lambda choice: rules.use_ability(g, troop, choice))


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
