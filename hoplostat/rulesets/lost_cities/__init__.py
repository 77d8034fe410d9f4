"""Hoplomachus: The Lost Cities (rulebooks/lost-cities.txt; checklist ../shared/rules/lost-cities.md, TLC-*):
its skill texts, its arena units (beasts, criminals, bosses) and the modes `lost-cities` and
`lost-cities-board`, on the phase turn of
`rulesets.classic` in the book's order (Draw, Deployment & Tactics, Movement, Attack). Importing the package
registers them."""

# Import order is registration order: skills, then modes in the order `hoplostat modes` lists them.
# isort: off
from hoplostat.rulesets.lost_cities import vocab as _vocab  # noqa: F401  (registers its catalog terms)
from hoplostat.rulesets.lost_cities import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.rulesets.lost_cities import bosses as _bosses  # noqa: F401  (registers the boss skills)
from hoplostat.rulesets.lost_cities import mode  # noqa: F401  (registers the mode)
from hoplostat.rulesets.lost_cities import board  # noqa: F401  (registers lost-cities-board)
from hoplostat.rulesets.lost_cities.base import RULESET
# isort: on

__all__ = ["RULESET"]
