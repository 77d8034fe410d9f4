"""What Remastered's modes for three and four players (free-for-all, two teams) share: Pozzuoli, one set-up
function per mode, sweeps over sampled pods of factions, and the choice of up to two non-elite units back from
a discard."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np

from hoplostat.catalog.model import Catalog
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, Matchup, Mode, default_roller
from hoplostat.engine.mode import sample_pods
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import DISCARD

ARENA = "pozzuoli"
DEFAULT_PODS = 24
"""Pods a sweep samples when not told (`--pods`): each of 8 factions in 9 (3 players) or 12 (4) of them."""


class PozzuoliPlayersMode(Mode):
    """A mode of three or four players on Pozzuoli. Subclasses give `setup_state(catalog, factions, *, rng, log,
    first_player, mode)`, the function that builds their state."""

    arenas = (ARENA,)
    first_player_random = True
    setup_state: ClassVar[Callable[..., Any]]

    __slots__ = ("arena_id",)

    def __init__(self, arena_id: str = ARENA) -> None:
        self.arena_id = ARENA

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = cls.setup_state(catalog, spec.factions, rng=rng, log=log, first_player=spec.first, mode=cls())
        ctrls = cls.player_controllers(controllers, len(spec.factions), cls.name)
        return Game(s, default_roller(rng, roller), ctrls, rng)

    @classmethod
    def matchups(cls, factions: Sequence[str], *, arenas: Sequence[str], titans: Sequence[str], coop: bool,
                 players: int = 0, pods: int = 0, seed: int = 0) -> list[Matchup]:
        """Sampled pods (`engine.mode.sample_pods`): `pods` groups of `players` different factions (the fewest
        the mode allows by default), each in a random seating; the first player is drawn per game."""
        n = players or min(cls.seats)
        return [Matchup(cls.name, ARENA, pod[0], pod[1], "a", more=tuple(pod[2:]))
                for pod in sample_pods(factions, n, pods or DEFAULT_PODS, seed)]

    @classmethod
    def spec_of(cls, m: Matchup, max_rounds: int) -> GameSpec:
        return GameSpec(cls.name, m.factions, m.arena, "", None, max_rounds)


def units_back_from_discard(g: Game, troop: int, decision: str, why: str, *, optional: bool) -> None:
    """Up to two non-elite units of `troop`'s choice from its own discard back to its camp, one decision each
    (the free-for-all's hero-defeat reward, optional, PAN-18; the team mode's third reward, ALL-19)."""
    s = g.state
    for _ in range(2):
        opts = [u.uid for u in s.zone(troop, DISCARD) if not u.elite]
        if not opts:
            return
        uid = g.ask(troop, decision, opts, optional=optional)
        if uid is None:
            return
        u = s.units[uid]
        rules.return_to_camp(g, u)
        s.say(f"{u.name} returns from the discard to the camp" + (f" ({why})" if why else ""))
