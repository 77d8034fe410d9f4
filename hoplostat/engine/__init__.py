"""The rules engine: hexgrid, state, rules functions, skills registry and game modes.

Importing the package registers every implemented skill (`engine.skills`).
`play_game(catalog, mode, factions, arena, controllers, *, rng, ...)` plays one game
(`engine.modes`); `MODES` and `ARENAS` name what it can play.
"""

from hoplostat.engine import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.engine.modes import ARENAS, MODES, play_game
from hoplostat.engine.registry import unimplemented_skills

__all__ = ["ARENAS", "MODES", "play_game", "unimplemented_skills"]
