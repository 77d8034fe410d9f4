"""Remastered (with its Pandora's Wake faction, the Vesuvians): skills, rival AI, the Colosseum, titans,
shards, and the modes Skirmish, Onslaught, Ascension, Pandemonium, Alliance and Pandora's Wake's Condemned and
Naumachia. Importing the package registers them."""

# Import order is registration order: skills, then modes in the order `hoplostat modes` lists them.
# isort: off
from hoplostat.rulesets.remastered import vocab as _vocab  # noqa: F401  (registers its catalog terms)
from hoplostat.rulesets.remastered import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.rulesets.remastered import rulings as _rulings  # noqa: F401  (registers the ruling switches)
from hoplostat.rulesets.remastered import (  # noqa: F401  (register the modes, in this order)
    skirmish, onslaught, ascension, pandemonium, alliance, condemned, naumachia,
)
from hoplostat.rulesets.remastered.base import RULESET
# isort: on

__all__ = ["RULESET"]
