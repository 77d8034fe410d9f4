"""Origins' catalog terms: the Spearman class, the kinds of its drafted and summoned chips, the hex tags
of its three arenas and the hex counts its rulebook fixes, registered into `catalog.vocab`."""

from __future__ import annotations

from hoplostat.catalog import vocab
from hoplostat.rulesets.origins.base import RULESET

vocab.register(
    RULESET,
    classes={
        "spearman": 'Origins, "Unit Chip Glossary": Spearman',
    },
    kinds={
        "gladiator": "a chip of the shared draft pool",
        "special-gladiator": "a chip of the shared draft pool with the star icon",
        "sea-monster": "a unit the Atlantis arena summons",
        "champion": "a solo challenger's champion (no faction: the pool is drafted, not owned)",
    },
    hex_tags={
        "arena": "an arena hex (Xanadu's summit hexes, Elevated and points; Atlantis's, where the Spear starts)",
        "arena-red": "El Dorado: the red player's arena hex (the blue player delivers its Tribute there)",
        "arena-blue": "El Dorado: the blue player's arena hex (the red player delivers its Tribute there)",
        "tribute-red": "El Dorado: where the red player's Tribute starts",
        "tribute-blue": "El Dorado: where the blue player's Tribute starts",
    },
    arena_counts={
        # "Board Glossary" and the arena objectives: each player uses the four (Xanadu) or three (Atlantis)
        # deployment hexes nearest it; El Dorado has four a side, one arena hex and one Tribute each.
        "xanadu": {"deploy-red": 4, "deploy-blue": 4},
        "el-dorado": {"deploy-red": 4, "deploy-blue": 4, "arena-red": 1, "arena-blue": 1, "tribute-red": 1,
                      "tribute-blue": 1},
        "atlantis": {"deploy-red": 3, "deploy-blue": 3},
    },
)
