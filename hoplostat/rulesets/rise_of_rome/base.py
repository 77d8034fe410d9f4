"""What every Rise of Rome module shares: the rule set's name and its one marker chip."""

from hoplostat.catalog.model import Effect, FrozenMap, Tactic

RULESET = "rise-of-rome"

STUN_FLIP = Tactic("ror-stun-flip", "stunned (flipped)", "flip", (Effect("stun"),),
                   "Flipped face down by a Stun: only its health counts until the start of the stunning troop's "
                   "attack phase next round.", None, FrozenMap({}))
"""The marker of a unit a Stun (the Alternate Attack) flipped (ROR-103): it fatigues the unit (no move, no
attack, skills off) and is no tactic chip, so it goes to no discard."""
