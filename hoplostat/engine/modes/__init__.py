"""One module per game mode; each composes the shared steps of `engine.turn`.

`play_game(catalog, mode, factions, arena, controllers, *, rng, ...)` dispatches on `mode`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoplostat.errors import InputError

MODES = ("skirmish",)
"""Modes `play_game` plays."""
ARENAS = ("pozzuoli", "colosseum")
"""Arenas every mode in MODES can be played on."""


def play_game(
    catalog: Any,
    mode: str,
    factions: Sequence[str],
    arena: str,
    controllers: Sequence[Any],
    *,
    rng: Any,
    max_rounds: int = 60,
    log: bool = False,
    roller: Any = None,
    first_player: int | None = None,
) -> Any:
    """Play one game of `mode` to its end; returns the mode's `GameResult`.

    `first_player`: None = random player order (SKR-1); 0 or 1 forces which player (position in
    `factions`) plays first.
    """
    if mode == "skirmish":
        from hoplostat.engine.modes.skirmish import play_game as play

        return play(
            catalog, mode, factions, arena, controllers, rng=rng, max_rounds=max_rounds, log=log, roller=roller,
            first_player=first_player,
        )
    raise InputError(f"mode {mode!r} is not implemented yet; allowed: {', '.join(MODES)}")


__all__ = ["ARENAS", "MODES", "play_game"]
