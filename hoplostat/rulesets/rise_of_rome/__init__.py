"""Hoplomachus: Rise of Rome (rulebooks/rise-of-rome.txt; checklist ../shared/rules/rise-of-rome.md, ROR-*):
its skill texts and the modes `rise-of-rome` and `rise-of-rome-titan`, on the phase turn of `rulesets.classic`.
Importing the package registers them."""

# Import order is registration order: skills, then modes in the order `hoplostat modes` lists them.
# isort: off
from hoplostat.rulesets.rise_of_rome import vocab as _vocab  # noqa: F401  (registers its catalog terms)
from hoplostat.rulesets.rise_of_rome import skills as _skills  # noqa: F401  (registers the skill handlers)
from hoplostat.rulesets.rise_of_rome import mode  # noqa: F401  (registers the mode)
from hoplostat.rulesets.rise_of_rome import titan  # noqa: F401  (registers the titan mode)
from hoplostat.rulesets.rise_of_rome import teams  # noqa: F401  (registers rise-of-rome-2x2)
from hoplostat.rulesets.rise_of_rome.base import RULESET
# isort: on

__all__ = ["RULESET"]
