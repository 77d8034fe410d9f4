"""Remastered's ruling switches (`engine.rulings`): readings in docs/rulings.md with a natural alternative."""

from hoplostat.engine.rulings import Ruling, register_ruling
from hoplostat.rulesets.remastered.base import RULESET

RETALIATE_WHEN_DEFEATED = register_ruling(Ruling(
    "retaliate-when-defeated", "R-ENG-2", RULESET, "Does a unit defeated by an attack still Retaliate?", "yes", "no",
    (("yes", "it answers the attack that defeated it (Origins: 'even if this unit is defeated')"),
     ("no", "a defeated unit does not Retaliate"))))
INSPIRE_STACKS = register_ruling(Ruling(
    "inspire-stacks", "R-ENG-5", RULESET, "Do several Inspire units near one attacker each add +1 damage?", "yes", "no",
    (("yes", "each Inspire unit within 2 hexes adds +1"), ("no", "at most +1, however many Inspire units are near"))))
PANDEMONIUM_HERO_COUNTS = register_ruling(Ruling(
    "pandemonium-hero-counts", "R-PAN-1", RULESET, "Does the hero count toward Pandemonium's three units in combat?",
    "yes", "no", (("yes", "the hero is one of the three"), ("no", "three units besides the hero"))))
ALLIANCE_CATCH_UP_AFTER_FOURTH = register_ruling(Ruling(
    "alliance-catch-up-after-fourth", "R-ALL-3", RULESET, "Does Alliance's catch-up follow the fourth reward too?",
    "yes", "no", (("yes", "after every reward (Alliance's text names no exception)"),
                  ("no", "after the first three only, as Skirmish (SKR-8)"))))
