"""Remastered's catalog terms (with Pandora's Wake's): unit classes, skill types, the kinds of Pandora's Wake's
arena chips, the hex tags of its arenas and the hex counts its rulebooks fix, registered into `catalog.vocab`."""

from __future__ import annotations

from hoplostat.catalog import vocab
from hoplostat.catalog.standin import Template, register_kind_templates
from hoplostat.rulesets.remastered.base import RULESET

vocab.register(
    RULESET,
    classes={
        "archer": 'Remastered, "Class": Archer',
        "attacker": 'Remastered, "Class": Attacker',
        "beast": 'Remastered, "Class": Beast',
        "defender": 'Remastered, "Class": Defender',
        "tactician": 'Remastered, "Class": Tactician',
    },
    skill_types={
        "innate": "always on",
        "ability": "used on the unit's turn",
        "special": "used instead of moving and attacking",
        "pivot": "Pandora's Wake: used right after an attack whose roll had a miss (NAU-37)",
    },
    # Pandora's Wake: the Condemned arena's guardians (Scylla and Charybdis, fixed on their guardian hexes)
    # and a player troop's Wretch (one chip face per level I-IV); the Sailors of the Dead (solo rival only,
    # NAU-45) and the crocodiles (NAU-3, NAU-13, NAU-22): kinds of their own so that no other mode drafts
    # or fields them.
    kinds={
        "guardian": "Pandora's Wake: a guardian, an arena unit fixed on its guardian hex",
        "wretch": "Pandora's Wake: a player troop's Wretch, one chip face per level I-IV",
        "sailor": "Pandora's Wake: a Sailor of the Dead (solo rival only, NAU-45)",
        "sailor-hero": "Pandora's Wake: the Sailors of the Dead's hero (elite)",
        "crocodile": "Pandora's Wake: a crocodile of the Flooded Colosseum (NAU-4, NAU-22)",
    },
    elite_kinds=("sailor-hero",),
    hex_tags={
        "deploy-red": "deployment hex of the red side (Pozzuoli)",
        "deploy-blue": "deployment hex of the blue side (Pozzuoli)",
        "stone": "stone hex (Pozzuoli)",
        "center": "center deployment hex, any troop; 1 damage at the start of its troop's turn (Colosseum)",
        "inner": "inner deployment hex, any troop; units there cannot attack, skills ignored (Colosseum)",
        "outer-red": "outer deployment hex of the red side (Colosseum)",
        "outer-blue": "outer deployment hex of the blue side (Colosseum)",
        "pedestal": "pedestal: only sentinels may occupy it (Colosseum)",
        "chained-hero-red": "hex where the red hero is chained in the two-player mode (Colosseum)",
        "chained-hero-blue": "hex where the blue hero is chained in the two-player mode (Colosseum)",
        "blocked": "a hex no unit may enter",
        # Pandora's Wake, Condemned Mode, "Arena Mat" (Fa Mel Prison)
        "guardian-red": "the red guardian hex: only a guardian may stand there (Fa Mel Prison)",
        "guardian-blue": "the blue guardian hex: only a guardian may stand there (Fa Mel Prison)",
        "escape-red": "the escape hex on the red side, blue's goal: only Wretches may enter (Fa Mel Prison)",
        "escape-blue": "the escape hex on the blue side, red's goal: only Wretches may enter (Fa Mel Prison)",
        "chain-red": "where the red Wretch (or champion) starts; otherwise a plain hex (Fa Mel Prison)",
        "chain-blue": "where the blue Wretch (or the solo champion) starts; otherwise a plain hex (Fa Mel Prison)",
        "key": "a key hex (Fa Mel Prison); its value is its key-1, key-2 or key-3 tag",
        "key-1": "key hex value 1 (one icon)",
        "key-2": "key hex value 2 (two icons)",
        "key-3": "key hex value 3 (three icons)",
        "alert": "past the alert line, on the red solo player's escape side (Fa Mel Prison, CON-11)",
        # Pandora's Wake, Naumachia Mode, "Arena Mat" (Flooded Colosseum)
        "platform": "a platform: units may stand there, ships and crocodiles never (Flooded Colosseum, NAU-6)",
        "ship-start": "a ship starting hex (Flooded Colosseum, NAU-5)",
        "ship-start-red": "a starting hex of a red ship (Flooded Colosseum; the split by side is ruling R-PW-15)",
        "ship-start-blue": "a starting hex of a blue ship (Flooded Colosseum; the split by side is ruling R-PW-15)",
        "croc-start": "a crocodile starting hex (Flooded Colosseum, NAU-4)",
    },
    arena_counts={
        # Remastered, "Arenas": POZZUOLI ARENA.
        "pozzuoli": {"deploy-red": 6, "deploy-blue": 6, "stone": 2},
        # Remastered, "Arenas": THE COLOSSEUM (inner hexes: at least one, count not given).
        "colosseum": {
            "center": 1,
            "outer-red": 2,
            "outer-blue": 2,
            "chained-hero-red": 1,
            "chained-hero-blue": 1,
            "pedestal": 4,
        },
        # Pandora's Wake, Condemned Mode, "Arena Mat" and "Deployment Hexes": FA MEL PRISON (the split of the
        # six key hexes by value is not given).
        "fa-mel-prison": {
            "guardian-red": 1,
            "guardian-blue": 1,
            "escape-red": 1,
            "escape-blue": 1,
            "chain-red": 1,
            "chain-blue": 1,
            "key": 6,
            "deploy-red": 4,
            "deploy-blue": 4,
        },
        # Pandora's Wake, Naumachia Mode, "Arena Mat": FLOODED COLOSSEUM (four crocodile starting hexes, four
        # ship starting hexes; platforms and deployment hexes are not counted in the book).
        "flooded-colosseum": {
            "croc-start": 4,
            "ship-start": 4,
        },
    },
)

# Remastered, "Onslaught Setup" (ONS-4): the rivals' priority list is a box fact of `[game]`.
vocab.register_game_list("onslaught_priority", tuple(vocab.PRIORITIES), hi=6)

# The stand-in method (data/README.md) for Pandora's Wake's kinds.
register_kind_templates({
    # Pandora's Wake, Condemned: the guardians (Health 12 and Movement 0 are the book's; they never move) and
    # the Wretch's four levels, growing from a weak unit (I) to a light hero (IV).
    "guardian": Template((0, 0), (1, 2), (12, 12), (1, 3), (4, 10)),
    "wretch": Template((2, 3), (1, 2), (4, 7), (2, 2), (5, 9)),
    # Pandora's Wake, Naumachia: the Sailors of the Dead (built like a faction's units and hero) and the
    # crocodiles (light arena units; Frenzied sets their Movement while units are in the water).
    "sailor": Template((1, 3), (1, 3), (2, 5), (1, 3), (3, 10)),
    "sailor-hero": Template((2, 3), (1, 3), (7, 10), (3, 4), (11, 17)),
    "crocodile": Template((1, 3), (1, 1), (3, 5), (1, 2), (3, 7)),
})
