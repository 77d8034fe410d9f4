"""The rules engine: hexgrid, state, rules functions, skills registry and game modes.

Importing the package registers every implemented skill (`engine.skills`).
"""

from hoplostat.engine import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.engine.registry import unimplemented_skills

__all__ = ["unimplemented_skills"]
