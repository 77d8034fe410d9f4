"""The Lost Cities' catalog terms: its unit classes and kinds (arena chips, bosses), the hex tags of its
board and the hex counts its rulebook fixes, registered into `catalog.vocab`."""

from __future__ import annotations

from hoplostat.catalog import vocab
from hoplostat.rulesets.lost_cities.base import RULESET

vocab.register(
    RULESET,
    classes={
        "brawler": 'The Lost Cities, "Move and Attack Examples": Brawler',
        "criminal": "arena criminals and criminal bosses (beasts and beast bosses are `beast`)",
        "special-gladiator": 'a city\'s three special gladiators ("Setup": "3 special gladiators, 12 basic '
                             'gladiators")',
    },
    kinds={
        "cf-gladiator": "a crowd favor gladiator (the older games share them)",
        "beast": "an arena beast, entering from the players' bags (TLC-49)",
        "criminal": "an arena criminal, entering from the players' bags (TLC-49)",
        "boss": "a boss of the solo and co-op games (TLC-63)",
    },
    hex_tags={
        "champion-start": "a starting hex any champion may choose (The Lost Cities: nine)",
        **{f"trapdoor-{n}": f"trapdoor hex number {n}, where beasts and criminals enter (The Lost Cities)"
           for n in range(1, 7)},
    },
    arena_counts={
        # The Lost Cities, "Board Glossary": 9 champion start hexes, 2 crowd favor stones, 6 deployment hexes
        # per player at the start (12 in all), 6 numbered trapdoors.
        "pozzuoli": {
            "champion-start": 9,
            "stone": 2,
            "deploy-red": 6,
            "deploy-blue": 6,
            **{f"trapdoor-{n}": 1 for n in range(1, 7)},
        },
    },
)
