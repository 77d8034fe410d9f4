"""A game's narration as data: one row per log line, with the line's kind and the facts it states.

The engine narrates a game (`play(..., log=True)`) in fixed sentence formats (the `say(...)` calls of
`hoplostat/engine/rules.py` and `hoplostat/rulesets/*/`). This module reads those sentences back into
columns, so an analyst can ask "in which round is the hero first hit?" with a filter instead of a regular
expression. It never changes how a game is played or narrated: it sits above the engine and only reads
the text, tracking the round from the turn headers (``-- Round N, kunlun (red) turn``).

A sentence this module does not know keeps its text, its round and its turn, with kind ``other`` and
no parsed fields; `tests/test_events.py` plays seeded games of every mode and fails on any such line,
so a new sentence in the engine is noticed here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["COLUMNS", "KINDS", "events_frame", "parse_line"]

KINDS = ("turn", "setup", "deploy", "move", "mark", "displace", "tactic", "ability", "attack", "roll",
         "effect", "damage", "heal", "defeat", "favor", "foothold", "shard", "wave", "game-over", "other")
"""Every value of the ``kind`` column (see `events_frame`)."""

COLUMNS: dict[str, str] = {
    "line": "int", "round": "int", "troop": "int", "turn_of": "str", "kind": "str", "text": "str",
    "faction": "str", "side": "str", "unit": "str", "target": "str", "target_side": "str", "source": "str",
    "from_hex": "int", "to_hex": "int", "pool": "str", "hits": "int", "damage": "int", "heal": "int",
    "hp": "int", "cause": "str", "skill": "str", "tactic": "str", "favor": "int",
}
"""The columns of `events_frame` and their types (``int`` is Int64, ``str`` is String; null where a line
does not state the fact)."""

_INT = {c for c, t in COLUMNS.items() if t == "int"}

# Building blocks. A faction id is lowercase with hyphens; a side is a word (red, blue); a unit name is any
# text without parentheses (chip names such as "Defender II", "Immortal E", "Arena Unit D").
_F = r"(?P<faction>[a-z0-9][a-z0-9:_-]*)"
_S = r"\((?P<side>[\w-]+)\)"
_U = r"(?P<unit>[^()]+?)"
_T = r"(?P<target>[^()]+?)"
_TS = r"\((?P<target_side>[\w-]+)\)"
_HITS = r"(?P<hits>\d+) hit\(s\)"

# (kind, pattern) in the order they are tried; the first full match wins.
_PATTERNS: list[tuple[str, str]] = [
    # turns and set-up
    ("turn", r"-- Round (?P<round>\d+), (?P<turn_of>[^()]+?)(?: " + _S + r")? turn"),
    ("setup", r"Set-up: .*"),
    ("setup", _F + r" chooses .*"),
    ("game-over", r"Game over: (?P<cause>.*)"),
    # deployment (rules.deploy, rules.place_sentinel, the rival AI)
    ("deploy", _F + " " + _S + r" deploys " + _U + r" on hex (?P<to_hex>\d+) with (?P<hp>\d+) HP \(dazed this turn\)"),
    ("deploy", _F + " " + _S + r" places a sentinel on pedestal hex (?P<to_hex>\d+) with (?P<hp>\d+) HP "
     r"\(dazed this turn\)"),
    ("deploy", _F + " " + _S + r" places a sentinel for (?P<target>[a-z0-9][a-z0-9:_-]*) " + _TS
     + r" on pedestal hex (?P<to_hex>\d+) with (?P<hp>\d+) HP \(dazed this turn\)"),
    ("deploy", _U + r" cannot be deployed \(.*\)"),
    # movement (rules.move, rules.swap_places, rules.displace, the titan) and the rival AI's marks
    ("foothold", _F + " " + _S + r" moves its foothold from hex (?P<from_hex>\d+) to hex (?P<to_hex>\d+)"),
    ("move", _F + " " + _S + r" moves " + _U + r" from hex (?P<from_hex>\d+) to hex (?P<to_hex>\d+)"),
    ("move", _U + " " + _S + r" swaps places with " + _T + " " + _TS
     + r": moves from hex (?P<from_hex>\d+) to hex (?P<to_hex>\d+), .* is displaced to hex \d+"),
    ("displace", _U + " " + _S + r" is displaced from hex (?P<from_hex>\d+) to hex (?P<to_hex>\d+)"
     r"(?: by (?P<source>.+))?"),
    ("move", _U + r" advances up to \d+: .*"),
    ("move", _U + r" is locked and cannot advance"),
    ("mark", _U + " " + _S + r" marks " + _T + r" \((?P<cause>[^()]+)\)(?:, already within Range: does not move)?"),
    ("mark", _U + " " + _S + r" marks a (?P<cause>.+) hex"),
    ("mark", _U + " " + _S + r" is on its (?P<cause>.+) priority: does not move"),
    ("mark", _U + " " + _S + r" cannot reach a priority(?:: back-up movement toward (?P<cause>.+)| and .*)"),
    ("mark", _U + " " + _S + r" moves"),
    # tactics
    ("tactic", _F + " " + _S + r" plays (?P<tactic>.+?) on " + _T + " " + _TS),
    ("tactic", r"(?P<tactic>.+?) on " + _U + r" is discarded"),
    # attacks: rolls against a target (rules' attack pipeline, Specials, Cover)
    ("attack", _U + " " + _S + r" attacks " + _T + r" with (?P<pool>\S+): " + _HITS),
    ("attack", _U + " " + _S + r" uses (?P<skill>Savage) on " + _T + r" with (?P<pool>\S+): " + _HITS),
    ("attack", _U + " " + _S + r" uses (?P<skill>Long Shot) on " + _T + r": " + _HITS),
    ("attack", _U + " " + _S + r" uses (?P<skill>Whirlwind) on \d+ adjacent opponent\(s\): " + _HITS),
    ("attack", _U + " " + _S + r" covers hex (?P<to_hex>\d+): " + _HITS),
    # skills used
    ("ability", _U + " " + _S + r" uses (?P<skill>[a-z0-9-]+)"),
    ("ability", _U + " " + _S + r" intercepts the blow meant for " + _T),
    # rolls without a target and the effects they trigger (immortals, titans, the arena die)
    ("roll", _U + " " + _S + r" rolls all its dice without attacking \((?P<pool>\S+)\): " + _HITS),
    ("roll", _U + r" rolls the titan dice \((?P<pool>\S+)\): .*"),
    ("roll", _U + r"'s dice: .*"),
    ("roll", r"(?P<skill>Advance|Smite): arena die \d+ -> .*"),
    ("effect", _U + r"'s (?P<cause>\w+) (?:trigger|effect \(\d+ hit\(s\)\)): .*"),
    ("effect", _U + " " + _S + r" is fatigued until .*"),
    ("effect", _U + r" is dazed: no Titan Activity this turn"),
    ("effect", _U + r" gains an? \w+ titan die"),
    ("effect", _U + r" has no target in Range"),
    ("effect", _U + r" cannot be (?:tossed|displaced): .*"),
    ("effect", r"Toss: no adjacent target"),
    ("effect", r"an arena turn follows the player turn\(s\) this round"),
    ("effect", r"(?:titan|trigger) effect '(?P<skill>[^']+)' is not implemented.*"),
    ("effect", r"(?P<skill>[a-z0-9-]+): no target"),
    # damage and healing (rules.damage, rules.heal, rules.gain_hp, a wave's immortals)
    ("damage", _U + " " + _S + r" loses (?P<damage>\d+) HP \((?P<cause>.+)\), (?P<hp>\d+) left"),
    ("damage", _U + " " + _S + r" is dealt damage but loses no HP \((?P<cause>.+)\)"),
    ("damage", _U + r" ignores (?P<damage>\d+) damage \((?P<cause>.+)\)"),
    ("heal", _U + " " + _S + r" (?:heals|gains) (?P<heal>\d+) HP, now (?P<hp>\d+)"),
    # defeat
    ("defeat", _U + " " + _S + r" is defeated(?: by (?P<source>.+))?"),
    ("defeat", _U + r" is defeated: the wave ends"),
    ("defeat", r"(?P<unit>Shard \d+) is defeated on hex (?P<from_hex>\d+)"),
    # crowd favor and its rewards
    ("favor", _F + r"(?: " + _S + r")? earns (?P<favor>\d+) crowd favor \((?P<cause>.+)\), bead on .*"),
    ("favor", _F + " " + _S + r" claims crowd favor reward \d+"),
    ("favor", _F + " " + _S + r" reaches the reward \"(?P<cause>.+)\""),
    ("favor", r"the players reach the reward \"(?P<cause>.+)\""),
    ("favor", _F + " " + _S + r" leaves the track \"(?P<cause>.+)\", losing \d+ progress"),
    ("favor", _F + " " + _S + r" may now deploy on every outer deployment hex"),
    ("favor", _F + r"(?: " + _S + r")? gains the hero " + _T + r", active, into its camp"),
    ("favor", _F + r" gains the neutral hero " + _T),
    ("favor", _U + r"(?: " + _S + r")? is flipped to its active side(?: \(dazed this turn\))?"),
    ("favor", _U + r" returns from the discard to the camp"),
    # support chips
    ("foothold", _F + " " + _S + r" places a foothold on hex (?P<to_hex>\d+)"),
    ("foothold", _F + r" flips its foothold on hex (?P<to_hex>\d+) to its sentinel side"),
    ("foothold", _F + r" has nowhere to place its support chip"),
    # a titan game's shards
    ("shard", r"(?P<unit>Shard \d+) \((?:active|inactive)\) on hex (?P<to_hex>\d+) has (?P<hp>\d+) \w+ HP"),
    ("shard", r"(?P<unit>Shard \d+) finds no \w+ health chips: .*"),
    ("shard", r"(?P<unit>Shard \d+) flips to its \w+ side"),
    ("shard", _U + " " + _S + r" equips shard (?P<target>\d+)"),
    ("shard", r"shard (?P<target>\d+) is left on hex (?P<to_hex>\d+), active side up"),
    ("shard", r"the titan's sentinel cannot be placed \(.*\)"),
    # waves of immortals
    ("wave", r"Wave \d+ won: " + _U + r" is a trophy \(\d+ defeated\)"),
    ("wave", _U + r" returns to the arena's draw bag"),
    ("wave", r"no arena unit left in the arena camp"),
]
_COMPILED = [(kind, re.compile(p)) for kind, p in _PATTERNS]


def parse_line(text: str) -> dict[str, Any]:
    """The kind and the fields one narration line states: ``{"kind": ..., column: value, ...}``.

    Only the fields the line has are present; numbers are ints. A line of an unknown format gives
    ``{"kind": "other"}``. A turn header also gives ``round``, ``turn_of`` (the faction, or ``immortal``,
    ``titan``, ``arena``) and, where it names one, ``side``.
    """
    for kind, pattern in _COMPILED:
        m = pattern.fullmatch(text)
        if m is not None:
            out: dict[str, Any] = {"kind": kind}
            for key, value in m.groupdict().items():
                if value is not None:
                    out[key] = int(value) if key in _INT else value.strip()
            return out
    return {"kind": "other"}


def events_frame(log: Iterable[str], *, seats: Sequence[tuple[str, str]] = ()):
    """The narration `log` (a game's ``GameResult.log``) as a polars frame: one row per line, in order.

    Columns (`COLUMNS`; null where the line does not state it):

    - ``line`` (0-based index in the log), ``text`` (the line itself), ``kind`` (one of `KINDS`:
      ``turn`` headers, ``setup``, ``deploy``, ``move``, ``mark`` (a rival's movement decision),
      ``displace``, ``tactic``, ``ability`` (a skill used), ``attack`` (a roll against a target: attacks,
      Specials, Cover), ``roll`` (dice without a target: immortals, titans, the arena die), ``effect``,
      ``damage``, ``heal`` (heal or gain HP), ``defeat``, ``favor`` (crowd favor and its rewards),
      ``foothold``, ``shard``, ``wave``, ``game-over``, ``other`` (a format this module does not know));
    - ``round``: the round the line belongs to, from the last ``-- Round N`` header (0 before round 1:
      set-up); ``turn_of``: whose turn it is (a faction id, or ``immortal``, ``titan``, ``arena``);
      ``troop``: the seat (0 = a, 1 = b, ...) whose turn it is, when ``seats`` is given and the turn is a
      player's (null in set-up and in the immortal, titan and arena turns);
    - who: ``faction`` and ``side`` (the troop or unit the sentence is about), ``unit`` (the unit it is
      about: the one deploying, moving, attacking, losing HP, defeated), ``target`` and ``target_side``
      (the unit attacked, marked, given a tactic, swapped with, intercepted for), ``source`` (``by ...``:
      who defeated or displaced it);
    - where: ``from_hex``, ``to_hex`` (hex numbers of the arena map; a deployment's hex is ``to_hex``);
    - numbers: ``hits`` (hits rolled), ``damage`` (HP lost; 0 for "dealt damage but loses no HP"; the
      damage an immortal ignores, which the mode takes instead, ONS-7), ``heal`` (HP healed or gained),
      ``hp`` (HP after the line, or on deployment), ``favor`` (crowd favor earned), ``pool`` (the dice
      rolled, e.g. ``black+blue+yellow``);
    - what: ``cause`` (why: ``attack``, ``Retaliate``, a mark's priority, a reward's name, the end
      reason), ``skill`` (the skill or effect used), ``tactic`` (the tactic played or discarded).

    ``seats`` is ``[(faction, side), ...]`` in seat order (e.g. from ``GameResult.troops``); without it
    ``troop`` is null. Example: the round in which each game's first attack hits the primary hero is
    ``frame.filter((pl.col("kind") == "damage") & pl.col("unit").str.ends_with("Hero"))["round"].min()``.
    """
    import polars as pl

    by_key: dict[tuple[str, str | None], int] = {}
    for i, (faction, side) in enumerate(seats):
        by_key.setdefault((faction, side), i)
        by_key.setdefault((faction, None), i)
    rows = []
    rnd, troop, turn_of = 0, None, None
    for i, text in enumerate(log):
        row = parse_line(text)
        if row["kind"] == "turn":
            rnd, turn_of = row.pop("round"), row.pop("turn_of")
            troop = by_key.get((turn_of, row.get("side")))
            if troop is None and "side" not in row:
                troop = by_key.get((turn_of, None))
            if turn_of in ("immortal", "titan", "arena"):
                troop = None
        row.update(line=i, round=rnd, troop=troop, turn_of=turn_of, text=text)
        rows.append(row)
    types = {"int": pl.Int64, "str": pl.String}
    schema = {c: types[t] for c, t in COLUMNS.items()}
    return pl.DataFrame([{c: r.get(c) for c in COLUMNS} for r in rows], schema=schema)
