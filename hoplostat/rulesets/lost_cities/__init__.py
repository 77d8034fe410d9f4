"""Hoplomachus: The Lost Cities (rulebooks/lost-cities.txt; checklist ../shared/rules/lost-cities.md, TLC-*):
its skill texts, its arena units (beasts and criminals) and the mode `lost-cities`, on the phase turn of
`rulesets.classic` in the book's order (Draw, Deployment & Tactics, Movement, Attack). Importing the package
registers them."""

from hoplostat.rulesets.lost_cities import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.rulesets.lost_cities import mode  # noqa: F401  (registers the mode)
from hoplostat.rulesets.lost_cities.base import RULESET

__all__ = ["RULESET"]
