"""Commented TOML templates for `hoplostat data template KIND`.

Each template is a valid overlay file as printed (it replaces or adds one entry
with example values), so a user can save it in a directory, type in the values
from their own chip and run `hoplostat data validate DIR`.
"""

from __future__ import annotations

from hoplostat.catalog import vocab

_PROV_HELP = """\
# provenance: where each value comes from. One word for all fields, or a table per
# field with `rest` for the others:  "rulebook" | "public" | "stand-in".
# The example values of this template are stand-ins, and so marked: once you have
# typed in the values from your own chip, mark them "public" and cite the chip in
# `source` (a table per field if you only know some of them)."""


UNIT = f'''\
# A faction unit. Save as e.g. my-chips/amazons.toml and run
#   hoplostat data validate my-chips
# Reusing an existing id replaces that entry whole; a new id adds a unit (then
# drop a stand-in with `remove = ["amazons/attacker-1"]` at the top of the file,
# since a faction has exactly 10 units).

[[unit]]
id = "amazons/attacker-1"          # "<faction>/<slug>", lowercase
name = "Attacker I"                # the name printed on the chip
kind = "unit"                      # {" | ".join(vocab.kinds())}
faction = "amazons"
classes = ["attacker"]             # {", ".join(vocab.classes())}
movement = 3                       # 0..8
range = 1                          # 1..8
health = 3                         # 1..40
attack = "black+green"             # dice pool: "2black+blue" or digits "554"
skills = ["bloodlust"]             # "<skill-id>" or "<skill-id> <N>", e.g. "hurl 1"
{_PROV_HELP}
provenance = "stand-in"
# source = "My copy of Remastered (chip front)"   # required once a value is "public"
'''

HERO = f'''\
# A faction hero (elite). The faction entry names its hero by id.

[[unit]]
id = "amazons-hero"
name = "Amazons Hero"
kind = "hero"
faction = "amazons"
classes = ["attacker"]
movement = 3
range = 1
health = 8
attack = "2black+blue+yellow"
skills = ["retaliate", "whirlwind", "bloodlust"]
{_PROV_HELP}
provenance = "stand-in"
# source = "My copy of Remastered (hero chip, active side)"   # required once a value is "public"
'''

_ARG_HINT = {"int": " <N>", "colour": " <colour>"}
"""What `TACTIC` shows after an effect term taking an argument."""

TACTIC = f'''\
# A tactic. Common tactics have no faction; a unique tactic's id is "<faction>/<slug>"
# and its faction lists it in `tactics`.
# type: {" | ".join(vocab.TACTIC_TYPES)}
# effects: terms from this list (the engine implements exactly these):
{chr(10).join(f"#   {t.name}{_ARG_HINT.get(t.arg or '', '')}: {t.meaning}" for t in vocab.EFFECT_TERMS.values())}

[[tactic]]
id = "bolster-health"
name = "Bolster Health"
type = "instant"
effects = ["gain-hp 2"]
definition = "The unit gains 2 HP, which may exceed its Health."
provenance = "stand-in"
# source = "My copy of Remastered (tactic chip)"   # required once a value is "public"
'''

SKILL = f'''\
# A skill. Units name skills by id; `has_param` says whether the chip prints a number.
# type: {" | ".join(vocab.skill_types())}
# map_free: true if it matters in a duel without a map (damage, dice, healing).

[[skill]]
id = "my-skill"
name = "My Skill"
type = "innate"
has_param = false
definition = "One or two sentences in your own words."
map_free = true
provenance = "stand-in"
# source = "Unit Skills reference of my copy"   # required once a value is "public"
'''

IMMORTAL = '''\
# An immortal: stats plus triggers, resolved top to bottom when at
# least one die of that colour hit. Effect terms: see `hoplostat data template tactic`.

[[immortal]]
id = "immortal-b"
name = "Immortal B"
classes = ["attacker"]
movement = 3
range = 1
health = 7
attack = "2black+yellow"
skills = ["bloodlust"]
provenance = "stand-in"
# source = "Immortals reference of my copy"   # required once a value is "public"

[[immortal.triggers]]
colour = "black"
effects = ["damage 1"]
provenance = "stand-in"
# source = "Immortals reference of my copy"   # required once a value is "public"
'''

TITAN = f'''\
# A titan: stats plus its reference card.
# dice.grow_when: {" | ".join(vocab.DICE_GROWTH)}
# priority: {", ".join(vocab.PRIORITIES)}
# Provenance fields: the unit fields plus {", ".join(vocab.TITAN_FIELDS)}.

[[titan]]
id = "titan-d"
name = "Titan D"
classes = ["attacker"]
movement = 1
range = 1
health = 18
attack = "2black+blue"
skills = []
priority = ["strongest", "closest"]
provenance = "stand-in"
# source = "Titan reference of my copy"   # required once a value is "public"

[titan.dice]
start = "black+green+blue+red"
grow = []
grow_when = "never"

[titan.shards]
start = "active"          # active | inactive
hp = 4                    # 0 = no HP
hp_colour = "blue"        # blue: players attack them; red: rivals do (omit when hp = 0)
equip = false
on_defeat = ["titan-lose-hp 3"]

[[titan.allies]]
unit = "bandit"
count = 1
troop = "arena"           # titan (acts when prompted) | arena (acts on the arena turn)

# One row per die colour, top to bottom. One die of a colour: one tier with hits = 1.
# Several dice: tiers by hits, only the highest reached resolves.
[[titan.effects]]
colour = "green"
tiers = [{{ hits = 1, effects = ["deploy-arena-unit"] }}]
provenance = "stand-in"
# source = "Titan reference of my copy"   # required once a value is "public"

[[titan.effects]]
colour = "blue"
tiers = [{{ hits = 1, effects = ["advance"] }}]
provenance = "stand-in"
# source = "Titan reference of my copy"   # required once a value is "public"

[[titan.effects]]
colour = "black"
tiers = [{{ hits = 1, effects = ["attack"] }}]
provenance = "stand-in"
# source = "Titan reference of my copy"   # required once a value is "public"

[[titan.effects]]
colour = "red"
tiers = [{{ hits = 1, effects = ["arena-turn"] }}]
provenance = "stand-in"
# source = "Titan reference of my copy"   # required once a value is "public"

# Arena die face 1..6 -> hexes for `advance` / range for `smite`.
[[titan.arena_die]]
effect = "advance"
faces = [1, 1, 2, 2, 3, 3]
'''

FACTION = '''\
# A faction: its hero id and four tactics (three common + its unique one).
# Its units are the [[unit]] entries whose `faction` is this id (exactly 10).

[[faction]]
id = "amazons"
name = "Amazons"
box = "Remastered"
hero = "amazons-hero"
tactics = ["adrenaline", "hamstring", "stun", "amazons/tactic"]
style = "Aggressive Attackers."
provenance = "stand-in"
# source = "My copy of Remastered"   # required once a value is "public"
'''

ARENA = f'''\
# An arena map as ASCII hex art: pointy-top hexes, one symbol per hex, two
# characters apart; odd rows shifted right by one character. Tags:
{chr(10).join(f"#   {k}: {v}" for k, v in vocab.hex_tags().items())}

[[arena]]
id = "my-arena"
name = "My Arena"
provenance = "stand-in"
# source = "My arena mat"   # required once a value is "public"
compass = ["e", "ne", "nw", "w", "sw", "se"]   # arena die face 1..6 -> direction
legend = {{ "." = [], "R" = ["deploy-red"], "B" = ["deploy-blue"], "S" = ["stone"], "#" = ["blocked"] }}
map = """
  . . . .
 R . # . B
R . S . . B
 R . . . B
  . . . .
"""
'''

TEMPLATES: dict[str, str] = {
    "unit": UNIT,
    "hero": HERO,
    "tactic": TACTIC,
    "skill": SKILL,
    "immortal": IMMORTAL,
    "titan": TITAN,
    "faction": FACTION,
    "arena": ARENA,
}
