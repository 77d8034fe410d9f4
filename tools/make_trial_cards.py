"""Write data/origins/trials.toml: the Solo Trials' stand-in cards, by the method of data/README.md ("The Solo
Trials"). Run from the repository root: `python tools/make_trial_cards.py` (it prints the file; redirect it).

Every number below is the method's; the cards follow from it and from the pool's chips (data/origins/pool.toml).
"""

from __future__ import annotations

from hoplostat.catalog import load
from hoplostat.rulesets.origins.base import colour_of

ARENA_BLOCKS = (("xanadu", 7), ("el-dorado", 7), ("atlantis", 6))
"""Trials 1-7 in Xanadu, 8-14 in El Dorado, 15-20 in Atlantis: the house works through all three arenas (ORI-54)."""
ORDER = {7: "ABCDBCD", 6: "ABCDCD"}
"""The challengers met within an arena's block: each of the four once, then the stronger ones again."""
COLOURS = {"xanadu": (("green", "yellow"), ("blue", "orange"), ("purple", "green"), ("yellow", "blue")),
           "el-dorado": (("orange", "purple"), ("green", "blue"), ("yellow", "orange"), ("purple", "blue")),
           "atlantis": (("blue", "yellow"), ("orange", "green"), ("purple", "yellow"), ("green", "orange"))}
"""The two chip colours each challenger's team is taken from (A, B, C, D of each arena)."""
CHAMPIONS = {"xanadu": ("ariq-boke", "kublai-khan"), "el-dorado": ("the-zipa", "the-zaque"),
             "atlantis": ("gadir", "atlas")}
"""The book's champions (Origins, the arenas' solo notes) lead challengers C and D of their arena."""
DIRECTIVES = {
    "A": ["player-on-objective: counter", "always: rush"],
    "B": ["player-on-objective: counter", "player-outnumbers: guard", "always: hunt"],
    "C": ["champion-hurt: guard", "player-on-objective: counter", "always: rush"],
    "D": ["player-near: hunt", "player-on-objective: counter", "always: rush"],
}
PIPS = {"yellow": 2, "blue": 3, "green": 4, "black": 5}
LADDER = ("yellow", "blue", "green", "black")
ROBIN = (2, 3, 1, 0)
"""The order in which the challenger's dice grow: the attack dice first, then movement, then skill."""

CHAMPION_CHIPS = [
    ("ariq-boke", "Ariq Boke", "xanadu", "attacker", 2, 1, 2, 7, "black+green+blue", ["bloodlust", "retaliate"]),
    ("kublai-khan", "Kublai Khan", "xanadu", "tactician", 2, 2, 3, 7, "black+green+yellow", ["inspire", "embolden"]),
    ("the-zipa", "The Zipa", "el-dorado", "attacker", 3, 1, 2, 6, "black+green+blue", ["initiative", "hardened"]),
    ("the-zaque", "The Zaque", "el-dorado", "defender", 2, 1, 2, 8, "green+green+blue", ["parry", "intercept-blow"]),
    ("gadir", "Gadir", "atlantis", "spearman", 2, 2, 2, 6, "black+blue+yellow", ["skewer", "absorb"]),
    ("atlas", "Atlas", "atlantis", "defender", 2, 1, 2, 5, "black+green+blue", ["parry", "retaliate"]),
]
SOURCE = {"xanadu": "Origins, Xanadu Objective (Solo Note)", "el-dorado": "Origins, El Dorado Objective (Solo note)",
          "atlantis": "Origins, Atlantis Objective (Solo note)"}


def strength(u) -> float:
    """Health + 2 x expected hits of the chip's dice (the greedy players' unit value, without skills)."""
    return u.health + 2 * sum(n * p / 6 for n, p in zip(u.attack.counts, (2, 3, 4, 5, 6)))


def dice_for(level: float) -> list[str]:
    pips = 8 + round(10 * level)
    dice = [0, 0, 0, 0]
    k = 0
    while sum(PIPS[LADDER[d]] for d in dice) < pips:
        i = ROBIN[k % 4]
        if dice[i] < 3:
            dice[i] += 1
        k += 1
    return [LADDER[d] for d in dice]


def main() -> None:
    cat = load(use_env=False, ruleset="origins")
    glads = [u for u in cat.units.values() if u.kind in ("gladiator", "special-gladiator")]
    out = ["# The Solo Trials (Origins, \"The Solo Trials\"; ORI-54..ORI-56, the ORI-TR checklist of docs/origins.md).",
           "# The book gives the Trials' structure, not their cards: every card and challenger below is a STAND-IN",
           "# written by tools/make_trial_cards.py by the method of data/README.md (\"The Solo Trials\"), rising in",
           "# difficulty from trial 1 to trial 20. The six champions' names are the book's (its solo notes); their",
           "# stats are stand-ins. Own the real Trials cards? Write them as [[trial]] / [[challenger]] entries with",
           "# the same ids in an overlay directory (--data DIR): an entry with the same id replaces this one.", ""]
    for cid, name, arena, cls, mv, rng, tr, hp, attack, skills in CHAMPION_CHIPS:
        out += ["[[unit]]", f'id = "{cid}"', f'name = "{name}"', 'kind = "champion"', f'classes = ["{cls}"]',
                f"movement = {mv}", f"range = {rng}", f"tactical_range = {tr}", f"health = {hp}", f'attack = "{attack}"',
                "skills = [" + ", ".join(f'"{s}"' for s in skills) + "]",
                'provenance = { name = "rulebook", rest = "stand-in" }',
                f'source = "{SOURCE[arena]}"',
                'note = "The book names this champion of a challenger and its solo note; every stat is a stand-in."', ""]
    number = 0
    for arena, n in ARENA_BLOCKS:
        for k, letter in enumerate("ABCD"):
            champion = CHAMPIONS[arena][k - 2] if letter in "CD" else ""
            title = f"{arena.replace('-', ' ').title()} Challenger {letter}"
            out += ["[[challenger]]", f'id = "{arena}-{letter.lower()}"', f'name = "{title}"', f'arena = "{arena}"',
                    f'champion = "{champion}"', "directives = [" + ", ".join(f'"{d}"' for d in DIRECTIVES[letter]) + "]",
                    'provenance = "stand-in"', ""]
        for letter in ORDER[n]:
            number += 1
            level = (number - 1) / 19
            colours = COLOURS[arena]["ABCD".index(letter)]
            mine = sorted((u for u in glads if colour_of(u.id) in colours), key=lambda u: (-strength(u), u.id))
            size = 3 + round(2 * level)
            specials = [u.id for u in mine if u.kind == "special-gladiator"][: 1 if level >= 0.4 else 0]
            regular = [u.id for u in mine if u.kind == "gladiator"][: size - len(specials)]
            team = regular + specials
            draft = {"size": 7 if number <= 3 else 6 if number <= 15 else 5,
                     "max_tactics": 2 if number <= 10 else 1,
                     "max_specials": 1}
            if number >= 19:
                draft["colours"] = [c for c in ("green", "blue", "yellow", "orange", "purple") if c != colours[0]]
            rules = []
            if number <= 3:
                rules.append("house-first")
            if number >= 12:
                rules.append("challenger-health 1")
            if number >= 10 and arena != "atlantis":  # Atlantis is won only by a Leader's fall: no shorter cap
                rules.append("round-cap 24")
            d = ", ".join(f"{k} = {v}" if not isinstance(v, list) else f"{k} = [" + ", ".join(f'"{x}"' for x in v) + "]"
                          for k, v in draft.items())
            out += ["[[trial]]", f'id = "trial-{number:02d}"', f"number = {number}", f'arena = "{arena}"',
                    f'challenger = "{arena}-{letter.lower()}"', "team = [" + ", ".join(f'"{c}"' for c in team) + "]",
                    f'dice = "{"+".join(dice_for(level))}"', f"draft = {{ {d} }}",
                    "rules = [" + ", ".join(f'"{r}"' for r in rules) + "]", 'provenance = "stand-in"', ""]
    print("\n".join(out).rstrip())


if __name__ == "__main__":
    main()
