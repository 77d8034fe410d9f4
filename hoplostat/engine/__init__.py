"""The rules engine core, without any rule set: hexgrid, state, rules functions, the skills and effects
registry, the Mode protocol with its registry and the one game loop (`engine.loop`), the scenario format.

`play(catalog, GameSpec(mode, factions, ...), controllers, rng=...)` plays one game of any registered
mode; `modes()` lists them. Rule sets (`hoplostat.rulesets.*`) register their modes when first needed.
"""

from hoplostat.engine.loop import GameResult, GameSpec, Matchup, Mode, mode_class, modes, play, register_mode
from hoplostat.engine.registry import unimplemented_skills

__all__ = ["GameResult", "GameSpec", "Matchup", "Mode", "mode_class", "modes", "play", "register_mode",
           "unimplemented_skills"]
