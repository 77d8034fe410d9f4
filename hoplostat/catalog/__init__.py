"""The chip catalog: every unit, skill, tactic, titan, immortal and arena, with provenance.

`load()` reads the embedded default (`data/`), merges user overlays (`--data DIR`,
`HOPLOSTAT_DATA`) and validates everything; bad data raises `InputError` naming
file, entry, field and line. See docs/catalog.md for the file format.

    >>> from hoplostat.catalog import load
    >>> cat = load()
    >>> cat.unit("kunlun/marksman").range
    2
"""

from hoplostat.catalog.arena import Arena, Hex
from hoplostat.catalog.loader import clear_cache, default_data_dir, load, load_dirs, to_jsonable
from hoplostat.catalog.model import (
    ArenaDieTable,
    Catalog,
    Effect,
    Faction,
    FrozenMap,
    GameFacts,
    Immortal,
    RorTitan,
    ShardSetup,
    Skill,
    SkillRef,
    Tactic,
    Tier,
    Titan,
    TitanAction,
    TitanAlly,
    TitanDice,
    TitanEffect,
    Trigger,
    Unit,
)

__all__ = [
    "Arena",
    "ArenaDieTable",
    "Catalog",
    "Effect",
    "Faction",
    "FrozenMap",
    "GameFacts",
    "Hex",
    "Immortal",
    "RorTitan",
    "ShardSetup",
    "Skill",
    "SkillRef",
    "Tactic",
    "Tier",
    "Titan",
    "TitanAction",
    "TitanAlly",
    "TitanDice",
    "TitanEffect",
    "Trigger",
    "Unit",
    "clear_cache",
    "default_data_dir",
    "load",
    "load_dirs",
    "to_jsonable",
]
