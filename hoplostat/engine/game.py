"""A game in play: a `GameState` with its dice (`Roller`: `PmfRoller`, `FixedRoller` for tests), its controllers
and its rng (`Game`: asking a troop's controller, cloning for continuations), and the deal a searching player
redoes (`redeal_hidden`). `engine.rules` re-exports every name here."""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Generic, Literal, Protocol, overload

import numpy as np
from typing_extensions import TypeIs, TypeVar

from hoplostat.dice import FACES, Pool, exact_floats, hit_weights
from hoplostat.engine.state import BAG, CAMP, GameState

# --------------------------------------------------------------------------- dice


class Roller(Protocol):
    def hits(self, pool: Pool) -> int: ...


class PmfRoller:
    """Hits of a pool drawn by inverse CDF on its exact PMF: one uniform per roll."""

    __slots__ = ("rng", "_cdf")

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self._cdf: dict[tuple[int, ...], list[float]] = {}
        """Keyed by `Pool.counts` (a plain tuple hashes faster than the dataclass)."""

    def hits(self, pool: Pool) -> int:
        counts = pool.counts
        cdf = self._cdf.get(counts)
        if cdf is None:
            if pool.size == 0:
                return 0
            # P(hits <= k), k < size, each the float nearest its exact value (`dice.exact_floats`: the same
            # cut points on every machine)
            cdf = exact_floats(list(accumulate(hit_weights(pool)))[:-1], FACES**pool.size)
            self._cdf[counts] = cdf
        return bisect_right(cdf, self.rng.random())


class FixedRoller:
    """Forced dice for scenario tests: `hits` pops from a list, or `all_hit`/`no_hit` for every roll."""

    def __init__(self, results: Sequence[int] = (), *, mode: str | None = None) -> None:
        self.results = list(results)
        self.mode = mode
        self.rolled: list[Pool] = []

    def hits(self, pool: Pool) -> int:
        self.rolled.append(pool)
        if self.results:
            return min(self.results.pop(0), pool.size)
        if self.mode == "all":
            return pool.size
        if self.mode == "none":
            return 0
        raise AssertionError(f"FixedRoller has no result left for {pool}")


# --------------------------------------------------------------------------- game


class Controller(Protocol):
    """Every decision the rules leave to a player goes through `choose` (see hoplostat.policies)."""

    def choose(self, g: Game, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None: ...


def copy_generator(rng: np.random.Generator) -> np.random.Generator:
    """An independent copy of `rng` at its position: what `copy.deepcopy` gives (the same bit generator type
    and state, a copy of its seed sequence, so a later `spawn` gives the same children), about 2.5 times
    faster (deepcopy goes through pickling; a lookahead clones the game hundreds of times per game)."""
    bg = rng.bit_generator
    seq = bg.seed_seq
    if type(seq) is np.random.SeedSequence:
        seq = np.random.SeedSequence(seq.entropy, spawn_key=seq.spawn_key, pool_size=seq.pool_size,
                                     n_children_spawned=seq.n_children_spawned)
    else:
        return copy.deepcopy(rng)  # a bit generator made from its state alone (no seed sequence to copy)
    new = type(bg)(seq)
    new.state = bg.state
    return np.random.Generator(new)


S = TypeVar("S", bound=GameState, covariant=True, default=GameState)
"""A game's state type: a mode with its own state (`rulesets.remastered.titan.TitanState`, ...) plays a
`Game[ItsState]`, so `g.state` is its state type."""


@dataclass(slots=True)
class Game(Generic[S]):
    """A state with what plays it: the roller for dice, one controller per troop, the rng."""

    state: S
    roller: Roller
    controllers: Sequence[Controller]
    rng: np.random.Generator
    depth: int = 0
    """0 for the game being played; 1 or more for a continuation a lookahead player imagines (`clone`)."""
    at_step: bool = False
    """True while a controller answers a decision asked by a turn step itself (not from inside a rule, e.g.
    a defeat's "return-unit"): the state is then between two actions, and a clone taken now continues from
    there (`engine.loop.resume` re-enters the step, which asks the same decision again)."""
    forced: tuple[str, Any] | None = None
    """(decision, answer): the next decision a turn step asks gets this answer without asking (a lookahead
    player's candidate, given to a clone before `resume`)."""

    @overload
    def ask(self, troop: int, decision: str, options: Sequence[Any], *, optional: Literal[False],
            step: bool = False) -> Any: ...
    @overload
    def ask(self, troop: int, decision: str, options: Sequence[Any], *, optional: bool = True,
            step: bool = False) -> Any | None: ...
    def ask(self, troop: int, decision: str, options: Sequence[Any], *, optional: bool = True,
            step: bool = False) -> Any | None:
        """Ask a troop's controller; a single mandatory option is taken without asking. `step`: asked by a
        turn step between actions (see `at_step`)."""
        if not options:
            return None
        if step and self.forced is not None:
            want, answer = self.forced
            self.forced = None
            if want != decision:
                raise RuntimeError(f"a resumed game asked {decision!r} first, not {want!r}")
            return answer
        if not optional and len(options) == 1:
            return options[0]
        self.at_step = step
        choice = self.controllers[troop].choose(self, troop, decision, options, optional=optional)
        self.at_step = False
        if choice is None and not optional:
            raise RuntimeError(f"controller of troop {troop} passed on mandatory {decision!r}")
        return choice

    def clone(self) -> Game[S]:
        """An independent copy of the game at this moment: the state (`GameState.clone`), the dice (the rng
        at its position; the roller's probability tables shared) and the controllers (deep copies, what
        they share with the game mapped to the copies)."""
        state = self.state.clone()
        rng = copy_generator(self.rng)
        memo: dict[int, Any] = {id(self.rng): rng, id(self.state): state}
        roller = self.roller
        if type(roller) is PmfRoller:
            r2 = PmfRoller.__new__(PmfRoller)
            r2.rng = memo.get(id(roller.rng)) or copy.deepcopy(roller.rng, memo)
            r2._cdf = roller._cdf
            roller = r2
        else:
            roller = copy.deepcopy(roller, memo)
        controllers = copy.deepcopy(list(self.controllers), memo)
        return Game(state, roller, controllers, rng, self.depth, self.at_step)

    def reseed(self, rng: np.random.Generator) -> None:
        """Give the game (and its roller, when it has its own rng) the stream of `rng` from here on: a
        lookahead's continuation must not roll the real game's future dice."""
        self.rng.bit_generator.state = rng.bit_generator.state
        own = getattr(self.roller, "rng", None)
        if own is not None and own is not self.rng:
            own.bit_generator.state = rng.bit_generator.state


def plays(g: Game, state: type[S]) -> TypeIs[Game[S]]:
    """Whether `g` plays a state of type `state`: narrows the `Game` a hook is declared with (by the mode it
    overrides) to its own mode's `Game[ItsState]` (`assert plays(g, TitanState)`)."""
    return isinstance(g.state, state)


def redeal_hidden(s: GameState, rng: np.random.Generator, viewer: int) -> None:
    """Deal again what `viewer` cannot see, in a copy of the game a player searches (determinization): each other
    troop's face-down units (non-elite, in camp and never deployed, or in its bag) are pooled, shuffled by `rng`
    and as many as were in camp go back to camp, the rest to the bag. The copy then plays a world consistent
    with what the viewer has seen (the faction, the units deployed so far, how many wait in camp), not the
    real camp (Remastered's two-player set-up, step 5: face down, hidden from the other players until deployed). Only
    zones change; the native core's `game::redeal_hidden` is the same deal (pool in uid order, numpy's
    shuffle), so both engines' lookaheads play the same games."""
    for troop in range(len(s.troops)):
        if troop == viewer:
            continue
        pool = [u for u in s.units if u.troop == troop and u.active and not u.unit.elite
                and (u.zone == BAG or (u.zone == CAMP and u.times_deployed == 0))]
        in_camp = sum(1 for u in pool if u.zone == CAMP)
        if in_camp == 0 or in_camp == len(pool):
            continue
        rng.shuffle(pool)
        for k, u in enumerate(pool):
            u.zone = CAMP if k < in_camp else BAG
