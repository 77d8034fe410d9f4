"""Remastered (with its Pandora's Wake faction, the Vesuvians): skills, rival AI, the Colosseum, titans,
shards, and the modes Skirmish, Onslaught, Ascension, Pandemonium, Alliance and Pandora's Wake's Condemned and
Naumachia. Importing the package registers them."""

from hoplostat.rulesets.remastered import alliance, ascension, condemned, naumachia, onslaught, pandemonium, skirmish  # noqa: F401  (register the modes, in this order)
from hoplostat.rulesets.remastered import rulings as _rulings  # noqa: F401  (registers the ruling switches)
from hoplostat.rulesets.remastered import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.rulesets.remastered.base import RULESET

__all__ = ["RULESET"]
