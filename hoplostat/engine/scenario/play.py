"""Playing a scenario: its position as a `Game` (`build_game`), seated in the mode's own state by the mode
(`Mode.scenario_state`), then the requested steps through the mode's own turn (`Mode.turn_of`), nothing of the
rules re-implemented here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import open_turn, run_steps
from hoplostat.engine.mode import Mode
from hoplostat.engine.registry import make_controller
from hoplostat.engine.rules import Game
from hoplostat.engine.scenario.choices import PassController, ScenarioRoller, ScriptController
from hoplostat.engine.scenario.model import WHOLE, Scenario
from hoplostat.engine.scenario.result import state_dict
from hoplostat.engine.scenario.tables import fresh_ref
from hoplostat.engine.state import (
    BAG,
    CAMP,
    COMBAT,
    DISCARD,
    SIDES,
    TRACK,
    GameState,
    PlacedTactic,
    TroopState,
    UnitState,
)
from hoplostat.errors import InputError


@dataclass
class _Built:
    game: Game
    refs: list[str]
    labels: list[str]
    roller: ScenarioRoller
    scripts: list[ScriptController | None]
    placed: list[int]


def make_mode(mode: str, arena: str) -> Mode:
    """The mode object a scenario of `mode` on `arena` is given before the mode seats it (`Mode.for_scenario`);
    `none`: the default mode's bare board (its steps, no favor, no win)."""
    from hoplostat.engine.loop import default_mode, mode_class

    if mode == "none":
        return mode_class(default_mode()).for_scenario(arena, bare=True)
    return mode_class(mode).for_scenario(arena)


def build_game(scen: Scenario) -> _Built:
    """The scenario's position as a `Game` (state, forced-dice roller, controllers), before any step."""
    rng = np.random.default_rng(scen.seed)
    plain, refs, placed = _plain_state(scen)
    setup_rng = np.random.default_rng([scen.seed, 1])  # the mode's own set-up draws apart from the scenario's stream
    by_unit = {id(u): ref for u, ref in zip(plain.units, refs)}
    placed_units = [plain.units[uid] for uid in placed]
    try:
        s = scen.mode_class.scenario_state(scen, plain, setup_rng)
    except InputError as exc:
        raise InputError(f"{scen.path}: {exc}") from None
    for key, n in (scen.supply or {}).items():
        if key in s.supply:
            s.supply[key] = n
    taken = dict.fromkeys(refs, "")
    refs = []
    for u in s.units:
        ref = by_unit.get(id(u))
        if ref is None:
            ref = fresh_ref(u.unit.id, taken)
            taken[ref] = ""
        refs.append(ref)
    roller = ScenarioRoller(scen.dice, scen.dice_then, rng, scen.path)
    controllers: list[Any] = []
    scripts: list[ScriptController | None] = []
    for t in scen.troops:
        base = PassController() if t.policy == "pass" else make_controller(t.policy, rng=rng)
        sc = ScriptController(t.script, base, refs, scen.path) if t.script else None
        controllers.append(sc or base)
        scripts.append(sc)
    controllers += [PassController()] * (len(s.troops) - len(controllers))
    g = Game(s, roller, controllers, rng)
    return _Built(g, refs, [t.label for t in scen.troops], roller, scripts, [u.uid for u in placed_units])


def _plain_state(scen: Scenario) -> tuple[GameState, list[str], list[int]]:
    """The position on a plain `GameState` (what the mode then seats in its own, `Mode.scenario_state`): the
    troops, the units on the board then those in the troops' zones, primary heroes, the health supply. Also the
    refs by uid and the uids placed on the board."""
    cat = scen.catalog
    grid = HexGrid.of(cat.arena(scen.arena))
    turn_no = 2 * (scen.round - 1) + scen.order.index(scen.active) + 1
    troops = [TroopState(index=i, side=t.side, faction=t.faction) for i, t in enumerate(scen.troops)]
    for tr, t in zip(troops, scen.troops):
        tr.favor = t.favor
        tr.favor_total = t.favor_total
        tr.tactics_camp = list(t.tactics or ())
        tr.tactics_discard = list(t.tactics_discard)
    units: list[UnitState] = []
    refs: list[str] = []
    board = [-1] * grid.n
    for spec in scen.units:
        u = UnitState(len(units), spec.unit, spec.troop, zone=COMBAT, hex=spec.hex, hp=spec.hp, active=spec.active,
                      deployed_turn=turn_no if spec.dazed else -10,
                      moved_turn=turn_no if spec.moved else -1, engaged_turn=turn_no if spec.engaged else -1,
                      hp_gained=max(0, spec.hp - spec.unit.health))
        for tac, owner in spec.tactics:
            # A tactic "already on" the unit was played this turn by the active troop, else in the owner's last turn.
            u.tactics.append(PlacedTactic(tac, owner, turn_no if owner == scen.active else turn_no - 1))
        if hasattr(u, "entered"):
            u.entered = True  # per-unit statistics of newer engines
        board[spec.hex] = u.uid
        units.append(u)
        refs.append(spec.ref)
        troops[spec.troop].deployed += 1
    placed = [u.uid for u in units]
    taken = set(refs)

    def add(u: UnitState) -> None:
        units.append(u)
        ref = fresh_ref(u.unit.id, dict.fromkeys(taken, ""))
        taken.add(ref)
        refs.append(ref)

    for i, t in enumerate(scen.troops):
        for zone, lst in ((CAMP, t.camp), (BAG, t.bag), (DISCARD, t.discard), (TRACK, t.track)):
            for un in lst:
                add(UnitState(len(units), un, i, zone=zone, active=True))
    _primary_heroes(scen, units, troops, add)
    supply, start = _supply(scen, units, troops)
    s = GameState(
        grid=grid, units=units, troops=troops, board=board, supply=supply, supply_start=start,
        order=list(scen.order), combat=list(placed), round=scen.round, turn=turn_no - 1, active=scen.active,
        log=[], mode=make_mode(scen.mode, scen.arena),
    )
    return s, refs, placed


def _primary_heroes(scen: Scenario, units: list[UnitState], troops: list[TroopState], add: Any) -> None:
    """Each troop's primary hero (SKR-12 wins; CF-3's first reward activates it): the unit marked primary, else
    the faction hero (one on the board unless marked not primary, else in a zone, else a new one in camp)."""
    for i, t in enumerate(scen.troops):
        hero_id = scen.catalog.faction(t.faction).hero
        if not hero_id and not any(spec.troop == i and spec.primary for spec in scen.units):
            continue  # a book without primary heroes
        mine = [u for u in units if u.troop == i]
        explicit = [u for u, spec in zip(units, scen.units) if spec.troop == i and spec.primary]
        hero: UnitState | None
        if explicit:
            hero = explicit[0]
        else:
            cands = [u for u in mine if u.unit.id == hero_id
                     and not (u.zone == COMBAT and scen.units[u.uid].primary is False)]
            hero = cands[0] if cands else None
            if hero is None:
                hero = UnitState(len(units), scen.catalog.unit(hero_id), i, zone=CAMP)
                add(hero)
        hero.is_primary_hero = True
        troops[i].primary_hero = hero.uid
        if hero.zone != COMBAT:
            hero.active = t.hero_active


def _supply(scen: Scenario, units: list[UnitState], troops: list[TroopState]
            ) -> tuple[dict[str, int], dict[str, int]]:
    """The health-chip supply per side and what it started with: `[supply]` plus the HP in combat, or the box's
    chips less the HP in combat."""
    in_combat = {s: sum(u.hp for u in units if u.zone == COMBAT and troops[u.troop].side == s) for s in SIDES}
    if scen.supply is not None:
        supply = dict(scen.supply)
        return supply, {s: supply[s] + in_combat[s] for s in SIDES}
    chips = dict(scen.catalog.game.health_chips)
    return {s: chips[s] - in_combat[s] for s in SIDES}, {s: chips[s] for s in SIDES}


class _Cursor:
    """Where a scenario's play stands: the troop whose turn it is (its position in the order), whether single
    steps of that turn have begun, whether the round is still open."""

    def __init__(self, b: _Built, scen: Scenario) -> None:
        self.g, self.s = b.game, b.game.state
        self.pos = self.s.order.index(scen.active)
        self.started = False
        self.round_open = True

    @property
    def troop(self) -> int:
        return self.s.order[self.pos]

    def new_round_if_needed(self) -> None:
        if not self.round_open:
            self.s.round += 1
            self.round_open = True
            self.s.mode.start_round(self.g)

    def advance(self) -> None:
        self.started = False
        self.pos += 1
        if self.pos == len(self.s.order):
            self.pos = 0
            self.round_open = False


def run_scenario(scen: Scenario) -> dict[str, Any]:
    """Play the scenario's steps through the engine and return the resulting state as plain data."""
    b = build_game(scen)
    g, s = b.game, b.game.state
    c = _Cursor(b, scen)
    played: list[str] = []
    for item in scen.steps:
        if s.end_reason is not None:
            break
        if item in WHOLE:
            _play_turns(c, item, b.labels, played)
            continue
        if not c.started:
            c.new_round_if_needed()
            if s.end_reason is not None:
                break
            open_turn(g, s.mode.turn_of(g, c.troop))
            c.started = True
        _play_step(g, item, c.troop)
        played.append(item)
    if s.end_reason is None:
        _check_leftovers(scen, b)
    return state_dict(scen, b, played)


def _play_turns(c: _Cursor, item: str, labels: list[str], played: list[str]) -> None:
    """"turn": the rest of the cursor troop's turn is skipped and the next troop plays its whole turn; "round":
    whole turns until the round ends."""
    g, s = c.g, c.s
    if c.started:
        c.advance()
    while True:
        c.new_round_if_needed()
        if s.end_reason is not None:
            return
        troop = c.troop
        whole = s.mode.turn_of(g, troop)
        open_turn(g, whole)
        run_steps(g, whole.steps)
        played.append(f"turn {labels[troop]}")
        last = c.pos == len(s.order) - 1
        c.advance()
        if item == "turn" or last or s.end_reason is not None:
            return


def _play_step(g: Game, step: str, troop: int) -> None:
    """One named step of the troop's turn: the very step the mode's own turn plays (`Mode.turn_of`)."""
    steps = dict(g.state.mode.turn_of(g, troop).steps)
    steps[step]()


def _check_leftovers(scen: Scenario, b: _Built) -> None:
    """Script entries never asked for and forced dice never rolled are mistakes in the file."""
    for sc, label in zip(b.scripts, b.labels):
        if sc is not None and sc.leftover():
            e = sc.leftover()[0]
            n = len(sc.leftover())
            raise InputError(f"{scen.path}: {e.where} ({e.text}) was never used: troop {label!r} was not asked "
                             f"for a {e.decision!r} decision after the entries before it (no legal choice then, "
                             f"or that step was not played; {n} entr{'y' if n == 1 else 'ies'} left)")
    if b.roller.results and scen.dice_then == "error":
        raise InputError(f"{scen.path}: dice: {len(b.roller.results)} forced result(s) left unused "
                         f"({b.roller.results}); the steps rolled {len(b.roller.record)} time(s)")
