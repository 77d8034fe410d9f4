"""Hoplomachus: Origins (rulebooks/origins.txt; checklist ../shared/rules/origins.md, ORI-*): its skill texts,
the draft and the three arenas, the mode `origins`, on the phase turn of `rulesets.classic`, its Battle Royale, and
the Solo Trials (`trials`: mode `origins-solo-trials`, on stand-in trial cards and challengers, ORI-54..ORI-56).
Importing the package registers them."""

# Import order is registration order: skills, then modes in the order `hoplostat modes` lists them.
# isort: off
from hoplostat.rulesets.origins import vocab as _vocab  # noqa: F401  (registers its catalog terms)
from hoplostat.rulesets.origins import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.rulesets.origins import mode  # noqa: F401  (registers the mode)
from hoplostat.rulesets.origins import royale  # noqa: F401  (registers origins-battle-royale)
from hoplostat.rulesets.origins import trials  # noqa: F401  (registers origins-solo-trials)
from hoplostat.rulesets.origins.base import RULESET
# isort: on

__all__ = ["RULESET"]
