"""The mode registry and the one game loop (the Mode protocol and the result type are `engine.mode`).

A mode (the two-player game, a wave mode, ...) is a subclass of `Mode` that declares its facts as class
attributes and supplies set-up, the turns of a round and its hooks; `register_mode` makes it
known to `play`, `sweep`, `scenario`, `stats`, `report` and the CLI. One loop (`run`) plays
every mode: round cap, round start, the turns the mode lists (each opened by `open_turn` and played
step by step by `run_steps`, as scenarios play them too), interrupts such as a wave's end.

Rule sets register their modes when imported; the installed ones are found through entry points
on first use of a registry (`engine.registry.discover`), so the engine core names no rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from hoplostat.engine.mode import DRAW, LOST, WON, GameResult, GameSpec, Matchup, Mode, TroopResult, Turn, UnitSummary
from hoplostat.engine.registry import discover, unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, PmfRoller, Roller
from hoplostat.engine.state import TRACK, GameState
from hoplostat.errors import InputError

# --------------------------------------------------------------------------- the registry

_MODES: dict[str, type[Mode]] = {}


def register_mode(cls: type[Mode]) -> type[Mode]:
    """Class decorator: make a mode known by its `name` (unique across rule sets)."""
    if not cls.name or not cls.ruleset or not cls.arenas:
        raise ValueError(f"mode class {cls.__name__}: name, ruleset and arenas must be declared")
    other = _MODES.get(cls.name)
    if other is not None and other is not cls:
        raise ValueError(f"mode {cls.name!r} registered twice ({other.__module__}, {cls.__module__})")
    _MODES[cls.name] = cls
    return cls


def modes() -> dict[str, type[Mode]]:
    """Every registered mode by name, in registration order."""
    discover()
    return dict(_MODES)


def mode_class(name: str) -> type[Mode]:
    got = modes().get(name)
    if got is None:
        import difflib

        close = difflib.get_close_matches(name, list(_MODES), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise InputError(f"unknown mode {name!r}{hint}; modes: {', '.join(_MODES)}")
    return got


def default_mode() -> str:
    """The name of the mode commands play and sweep when none is named: the one whose class itself sets `default`
    (a mode built on it does not inherit the role)."""
    got = [name for name, cls in modes().items() if cls.__dict__.get("default")]  # declared, not inherited
    if len(got) != 1:
        raise RuntimeError(f"exactly one mode must declare default = True, found {got or 'none'}")
    return got[0]


def tuning_mode(kind: str) -> type[Mode]:
    """The mode `hoplostat tune` plays to tune a `kind` of chip ("faction", "titan", "immortal"): the first
    registered mode whose class itself sets `tunes = kind`."""
    for cls in modes().values():
        if cls.__dict__.get("tunes") == kind:
            return cls
    raise InputError(f"no mode tunes a {kind}")


# --------------------------------------------------------------------------- the one loop


def open_turn(g: Game, turn: Turn) -> None:
    """The turn opener: counts the turn, makes its troop the active one, narrates its header."""
    s = g.state
    s.turn += 1
    s.active = turn.troop
    s.say(turn.header)


def run_steps(g: Game, steps: Sequence[tuple[str, Callable[[], Any]]], start: int = 0) -> None:
    """The step runner: each step in order from `start`, its index kept in `state.step_index`; a game end
    (or an interrupt) stops the turn at once (TURN-2)."""
    s = g.state
    for i, (_name, step) in enumerate(steps):
        if i < start:
            continue
        s.step_index = i
        step()
        if s.end_reason is not None:
            return
    s.step_index = len(steps)


def play_turn(g: Game, turn: Turn) -> None:
    """One whole turn: opened, then its steps in order."""
    open_turn(g, turn)
    run_steps(g, turn.steps)


def _round_turns(g: Game, start: int, after_turn: Callable[[Game, Turn], Any] | None,
                 turns_left: list[int] | None) -> None:
    """The turns of the current round from index `start` (the turn at `start` resumed at its recorded
    step when `start` is where play stands). `turns_left`: a one-element countdown of turns still to
    play, for a continuation with a horizon; play stops when it reaches 0."""
    s = g.state
    mode: Mode = s.mode
    resuming = start == s.turn_index and start >= 0
    for i, turn in enumerate(mode.round_turns(g)):
        if i < start:
            continue
        if s.end_reason is not None or (turns_left is not None and turns_left[0] <= 0):
            return
        if turn is None:
            continue
        s.turn_index = i
        if resuming and i == start:
            run_steps(g, turn.steps, s.step_index)
        else:
            open_turn(g, turn)
            run_steps(g, turn.steps)
        if turns_left is not None:
            turns_left[0] -= 1
        if after_turn is not None:
            after_turn(g, turn)
        if s.end_reason is not None:
            mode.interrupt(g)
            return


def run(g: Game, max_rounds: int, *, after_turn: Callable[[Game, Turn], Any] | None = None,
        turns: int | None = None) -> None:
    """Play rounds until the game ends or the round cap makes it a draw. `after_turn(g, turn)`, if given,
    observes the game after every turn (invariant checks, statistics); it must not change the state.
    `turns`: stop after that many more turns (a lookahead's horizon), the game not ended."""
    s = g.state
    mode: Mode = s.mode
    s.max_rounds = max_rounds
    left = None if turns is None else [turns]
    while s.end_reason is None:
        if left is not None and left[0] <= 0:
            return
        if s.round >= max_rounds:
            mode.end(g, f"round cap ({max_rounds}) reached")
            break
        s.round += 1
        s.turn_index = -1
        mode.start_round(g)
        _round_turns(g, 0, after_turn, left)


def resume(g: Game, max_rounds: int | None = None, *, after_turn: Callable[[Game, Turn], Any] | None = None,
           turns: int | None = None) -> None:
    """Continue a game from where its state says play stands (`GameState.turn_index`, `step_index`): the
    rest of the current step (re-entered: a turn step asks its decision again from the state), turn and
    round, then `run`. Meant for a `Game.clone` taken while a controller answers a turn step's decision
    (`Game.at_step`); `turns` as for `run` (the turn in progress counts as one); `max_rounds` defaults to
    the cap the game was started with."""
    s = g.state
    if max_rounds is None:
        max_rounds = s.max_rounds or 10**9  # a scenario's game has no round cap
    left = None if turns is None else [turns]
    if s.end_reason is None and s.turn_index >= 0:
        _round_turns(g, s.turn_index, after_turn, left)
    if s.end_reason is None and (left is None or left[0] > 0):
        run(g, max_rounds, after_turn=after_turn, turns=None if left is None else left[0])


def new_game(catalog: Any, spec: GameSpec, controllers: Sequence[Controller], *, rng: np.random.Generator,
             log: bool = False, roller: Roller | None = None) -> tuple[Mode, GameSpec, Game]:
    """Validate `spec` and set up its game (not yet begun)."""
    cls = mode_class(spec.mode)
    spec = cls.validate(catalog, spec)
    g = cls.new_game(catalog, spec, controllers, rng=rng, log=log, roller=roller)
    if spec.rulings:
        g.state.rulings = dict(spec.rulings)
    from hoplostat.engine.native import spec_log_lines

    for line in spec_log_lines(spec):
        g.state.say(line)
    return g.state.mode, spec, g


def play(catalog: Any, spec: GameSpec, controllers: Sequence[Controller], *, rng: np.random.Generator,
         log: bool = False, roller: Roller | None = None,
         after_turn: Callable[[Game, Turn], Any] | None = None) -> GameResult:
    """Play one game of any registered mode to its end; same rng seed, same game. `after_turn`: see `run`.
    The optional native core plays the game when it can (`engine.native.try_play`: the same game, faster);
    never when `after_turn` observes it turn by turn."""
    if after_turn is None:
        from hoplostat.engine import native

        checked = mode_class(spec.mode).validate(catalog, spec)
        got = native.try_play(catalog, checked, controllers, rng=rng, log=log, roller=roller)
        if got is not None:
            return got
    mode, spec, g = new_game(catalog, spec, controllers, rng=rng, log=log, roller=roller)
    mode.begin(g)
    assert spec.max_rounds is not None  # validated: the mode's default cap filled in
    run(g, spec.max_rounds, after_turn=after_turn)
    return mode.result(g, spec)


def default_roller(rng: np.random.Generator, roller: Roller | None) -> Roller:
    return roller if roller is not None else PmfRoller(rng)


def player_units(s: GameState, players: Iterator[int] | Sequence[int], *,
                 skip_zones: tuple[str, ...] = (TRACK,)) -> list[UnitSummary]:
    """UnitSummary rows of the player troops' chips that could take part (never-entered chips in
    `skip_zones` are left out: a neutral hero still on the track, chips a co-op team left unchosen)."""
    ps = set(players)
    return [
        UnitSummary(u.unit.id, s.troops[u.troop].faction, u.troop, u.entered, u.times_deployed, u.damage_dealt,
                    u.kills, u.times_defeated > 0, u.times_defeated, u.damage_taken, u.tactics_enabled)
        for u in s.units
        if u.troop in ps and (u.zone not in skip_zones or u.entered)
    ]


def versus_result(s: GameState, ruleset: str, arena: str) -> GameResult:
    """The result of a two-player game whose state names its winner (None: a draw): the two-player modes."""
    out = [DRAW, DRAW] if s.winner is None else [WON if p == s.winner else LOST for p in range(2)]
    return GameResult(
        mode=s.mode.name, ruleset=ruleset, arena=arena, factions=tuple(t.faction for t in s.troops),
        rounds=s.round, end_reason=s.end_reason or "unfinished", first_player=s.order[0],
        troops=[TroopResult(t.index, t.faction, t.side, t.index, out[t.index], t.deployed, t.damage_dealt, t.kills,
                            t.units_lost, t.favor_total, t.rewards, t.tactic_damage, t.tactic_kills)
                for t in s.troops],
        units=player_units(s, range(2)),
        unimplemented=unimplemented_in_game(s),
        log=s.log,
    )


__all__ = [
    "DRAW", "GameResult", "GameSpec", "LOST", "Matchup", "Mode", "Turn", "TroopResult", "UnitSummary", "WON",
    "mode_class", "modes", "new_game", "open_turn", "play", "play_turn", "register_mode", "resume", "run", "run_steps",
    "versus_result",
]
