"""The balance tuner (`hoplostat tune TARGET`): the smallest change to the stand-in chips of a faction, a titan
or an immortal that brings its rate to a goal, measured with 95% intervals.

What is measured (`Field.rate`), by the kind of target (`Target`, `resolve_target`):

- a faction: `summarize`'s "against the field", the faction's share of its Skirmish games won against every
  other faction (or `against`), in both seat orders and on every arena; a draw (the round cap) is won by
  nobody and counted apart, so with draws a goal of 50% asks a little more than an average faction wins
  (`stats.field_average`);
- a titan: the field's success rate in Ascension against it (the players' games won: the titan defeated),
  every faction of the field solo, or every co-op pair (`players` 2), as `summarize` counts it
  (`stats.opponent_trials` of the games, as `Boss.subject_trials`);
- an immortal: the share of Onslaught waves the field wins against it when it is faced (the six immortals
  come in a random order, so not every game faces it), solo or co-op, as `summarize` counts it
  (`Waves.subject_trials`).

A faction's rate rises as its chips grow stronger; a titan's or an immortal's falls (`Target.against_it`):
the search moves the chips the way the rate must go. A titan's chips are its own and its allies'; its card
(titan dice, effects rows, priority, shards) and an immortal's triggers are rules, not stats, and stay.

Stages, each a function usable on its own (from a notebook too):

1. `single_changes`: per chip of the target (`Target.chips`), +/-1 Health, Movement or Range, one attack die a
   colour up or down (colours ordered by their hit faces, `dice.py`), one implemented skill added or removed.
   Only stand-in values change: a rulebook or public value is never touched, and `Candidates.skipped` names
   it. The catalog as it is is measured first (`confirm`); if it already reaches the goal, that is all.
2. `duel_screen` (a faction only; a titan or an immortal plays by its card or its triggers, which a duel
   does not see): each changed chip's exact map-free duels (`combat.exact_duel`) against every chip of the
   field, both orders of first attack: the change in the faction's mean duel score. Exact, so free of
   noise, and cheap; the best `duel_keep` changes that go the right way go on. It is blind to what needs a
   map (Movement, Range, most skills): those go on when they go the right way by what they are (a higher
   stat, a stronger die, one more skill make a chip stronger).
3. `halving`: short sweeps of the target against the field, by successive halving: every change plays a
   few games per matchup, the half closer to the goal twice as many, up to `games` per matchup. Every
   change set plays the same games (the same seeds), so they differ by the change and not by their dice.
   Then `pairs` of the best singles (a stat step twice too) and, up to `max_changes`, larger sets grown
   from the best one play `games` per matchup.
4. `confirm`: the best few, and the best of each size, on fresh games (`confirm_seed`), doubled until the
   95% interval lies inside goal +/- tolerance or outside it (`verdict`), or `max_games` per matchup.
5. `write_overlay`: a change set as an overlay directory, valid for ``--data DIR`` at once.

`tune` runs the stages in order; every sweep is a `sweep.SweepConfig` with the change set as an overlay, so
every game's seed comes from `seed`, the matchup and the game's index alone, and the result is the same
whatever `jobs` is.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hoplostat.errors import InputError

STATS = ("health", "movement", "range")
"""The chip stats a change moves by one."""
CHANGE_FIELDS = (*STATS, "attack", "skills")
"""The fields of a unit a change may touch (their provenance must be `stand-in`)."""
OVERLAY_FILE = "tune.toml"
"""The one data file of an overlay directory `write_overlay` writes."""


# --- what is tuned --------------------------------------------------------------------------------

KINDS = ("faction", "titan", "immortal")
"""What `hoplostat tune TARGET` may tune."""
MODE_OF = {"faction": "skirmish", "titan": "ascension", "immortal": "onslaught"}
"""The mode a target is measured in."""


MAX_GAMES_PER_MATCHUP = 100_000
"""--games and --max-games at most: a tune multiplies them by every matchup and change set (28 billion games
planned for `--games 100000000`, which used to start and never end)."""


@dataclass(frozen=True, order=True)
class Target:
    """What is tuned: a faction (its win rate in Skirmish against the field), a titan (the field's success
    rate in Ascension against it) or an immortal (the share of Onslaught waves the field wins against it).
    A faction's rate rises as its chips grow stronger; a titan's or an immortal's falls (`against_it`)."""

    kind: str
    id: str

    def __str__(self) -> str:
        return self.id

    @property
    def mode(self) -> str:
        return MODE_OF[self.kind]

    @property
    def against_it(self) -> bool:
        """Whether the rate measured is the field's success against the target (a titan, an immortal)."""
        return self.kind != "faction"

    @property
    def trials(self) -> str:
        """What a rate counts: games (a faction's, the field's against a titan) or waves (against an immortal)."""
        return "waves" if self.kind == "immortal" else "games"

    def chips(self, catalog) -> list:
        """The chips whose stand-in values may change: a faction's hero and units; a titan's own chip and the
        ally chips it brings (`[[titan.allies]]`); an immortal's chip."""
        if self.kind == "faction":
            return list(catalog.faction_units(self.id, include_hero=True))
        if self.kind == "titan":
            ti = catalog.titan(self.id)
            return [ti.unit, *dict.fromkeys(catalog.unit(a.unit) for a in ti.allies)]
        return [catalog.immortal(self.id).unit]


def resolve_target(catalog, name: str | None = None) -> Target:
    """The `Target` a command-line name means: ``faction:ID``, ``titan:ID`` or ``immortal:ID`` say it; a bare
    id is the faction, titan or immortal of that id. Titans and immortals share the chips' ids (no two can
    be the same), factions have their own: an id that is both a faction and a titan or an immortal is an
    InputError asking for the prefix. ``resolve_target("mars")`` reads the catalog a `TuneConfig` without
    ``data`` tunes (the embedded one); ``resolve_target(catalog, "mars")`` the one given."""
    if name is None:  # resolve_target(name)
        from hoplostat.catalog import load

        catalog, name = load(use_env=False), catalog
    kind, sep, ident = name.partition(":")
    if sep:
        if kind not in KINDS:
            raise InputError(f"tune {name}: unknown kind {kind!r}; write faction:ID, titan:ID or immortal:ID")
        {"faction": catalog.faction, "titan": catalog.titan, "immortal": catalog.immortal}[kind](ident)
        return Target(kind, ident)
    found = [k for k, table in (("faction", catalog.factions), ("titan", catalog.titans),
                                ("immortal", catalog.immortals)) if name in table]
    if len(found) > 1:
        raise InputError(f"tune {name}: is both a {found[0]} and a {found[1]}; write "
                         + " or ".join(f"{k}:{name}" for k in found))
    if not found:
        from difflib import get_close_matches

        close = get_close_matches(name, [*catalog.factions, *catalog.titans, *catalog.immortals], n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else " (hoplostat data list faction, titan, immortal)"
        raise InputError(f"unknown faction, titan or immortal {name!r}{hint}")
    return Target(found[0], name)


def as_target(catalog, target: Target | str) -> Target:
    """A `Target`, or the one a name means (`resolve_target`)."""
    return target if isinstance(target, Target) else resolve_target(catalog, target)


# --- changes --------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Change:
    """One change to one chip. ``field``: ``health``, ``movement``, ``range`` (``step`` +1 or -1), ``attack``
    (one die of colour ``old`` becomes ``new``, the next colour up or down) or ``skills`` (``new`` added or
    ``old`` removed, as written on a chip: ``"retaliate"``, ``"long-shot 4"``)."""

    unit: str
    field: str
    step: int = 0
    old: str = ""
    new: str = ""

    def apply(self, unit):
        """The `catalog.Unit` with this change (the chip's other values and provenance as they were)."""
        from hoplostat.catalog.model import SkillRef
        from hoplostat.dice import COLOURS, Pool

        if self.field in STATS:
            return dataclasses.replace(unit, **{self.field: getattr(unit, self.field) + self.step})
        if self.field == "attack":
            counts = list(unit.attack.counts)
            counts[COLOURS.index(self.old)] -= 1
            counts[COLOURS.index(self.new)] += 1
            if counts[COLOURS.index(self.old)] < 0:
                raise ValueError(f"{unit.id} has no {self.old} die to change")
            return dataclasses.replace(unit, attack=Pool(tuple(counts)))
        if self.new:
            sid, _, param = self.new.partition(" ")
            return dataclasses.replace(unit, skills=(*unit.skills, SkillRef(sid, int(param) if param else None)))
        return dataclasses.replace(unit, skills=tuple(s for s in unit.skills if str(s) != self.old))

    def describe(self, unit) -> str:
        """In words, from the chip it applies to: ``parthians-hero: Health 7 -> 8``."""
        return f"{self.unit}: {', '.join(chip_diff(unit, self.apply(unit)))}"


def chip_diff(before, after) -> list[str]:
    """What differs between two states of a chip, in words: ``Health 5 -> 7``, ``Attack black+yellow ->
    black+blue``, ``+ skill parry``, ``- skill reposition``."""
    out = [f"{f.title()} {getattr(before, f)} -> {getattr(after, f)}" for f in STATS
           if getattr(before, f) != getattr(after, f)]
    if before.attack != after.attack:
        out.append(f"Attack {before.attack} -> {after.attack}")
    had, has = [str(x) for x in before.skills], [str(x) for x in after.skills]
    out += [f"+ skill {x}" for x in has if x not in had] + [f"- skill {x}" for x in had if x not in has]
    return out


ChangeSet = tuple[Change, ...]
"""Changes applied together (sorted); the empty set is the catalog as it is."""


def apply_changes(catalog, changes: Sequence[Change]) -> dict[str, Any]:
    """The chips a change set changes, by id, each with all of its changes applied (in order)."""
    out: dict[str, Any] = {}
    for c in changes:
        out[c.unit] = c.apply(out.get(c.unit) or catalog.unit(c.unit))
    return out


def describe_chips(catalog, changes: Sequence[Change]) -> list[str]:
    """A change set in words, one line per chip it changes (its changes added up: two Health steps are
    ``Health 5 -> 7``)."""
    return [f"{uid}: {', '.join(chip_diff(catalog.unit(uid), u))}"
            for uid, u in apply_changes(catalog, changes).items()]


def describe(catalog, changes: Sequence[Change]) -> str:
    """A change set in words on one line, its chips joined by ``; `` (``no change`` for the empty set)."""
    return "; ".join(describe_chips(catalog, changes)) or "no change"


def combine(catalog, changes: Sequence[Change], *, method: bool = False) -> dict[str, Any] | None:
    """The chips a change set makes, or None when its changes do not make sense together: a chip left
    outside the loader's bounds (or the stand-in method, with `method`), a die moved that is no longer
    there, or a change that another undoes (the set makes what a part of it makes: +1 and -1 Health, a die
    moved up and back). A stat step may repeat (Health +1 twice is +2)."""
    from itertools import combinations

    try:
        chips = apply_changes(catalog, changes)
    except ValueError:
        return None
    if not all(_valid(u) for u in chips.values()):
        return None
    if method and not all(_keeps_method(catalog.unit(uid), u) for uid, u in chips.items()):
        return None

    def made(part) -> dict[str, Any]:
        try:
            got = apply_changes(catalog, part)
        except ValueError:
            return {}
        return {uid: got.get(uid, catalog.unit(uid)) for uid in chips}

    for k in range(len(changes)):
        if any(made(part) == chips for part in combinations(changes, k)):
            return None
    return chips


def _valid(unit) -> bool:
    """Whether a changed chip still holds values the loader accepts (`catalog.vocab` bounds)."""
    from hoplostat.catalog import vocab

    lo, hi = vocab.UNIT_DICE
    return (all(b[0] <= getattr(unit, f) <= b[1] for f, b in vocab.UNIT_STAT_BOUNDS.items())
            and lo <= unit.attack.size <= hi and len(unit.skills) <= vocab.UNIT_MAX_SKILLS
            and len({s.id for s in unit.skills}) == len(unit.skills))


def _keeps_method(before, after) -> bool:
    """Whether a changed stand-in chip still follows the stand-in method (`catalog.standin.problems`): a chip
    that did may not start breaking it; one that did not may not break it in more ways."""
    from hoplostat.catalog.standin import problems

    was, now = problems(before), problems(after)
    return not now if not was else len(now) <= len(was)


def strength_order(ruleset: str = "remastered") -> tuple[str, ...]:
    """A rule set's attack dice colours, weakest first, ordered by their hit faces (`dice.HIT_FACES`)."""
    from hoplostat.dice import COLOURS, DICE_SETS, HIT_FACES, REMASTERED_DICE

    colours = DICE_SETS.get(ruleset, REMASTERED_DICE).colours
    return tuple(sorted(colours, key=lambda c: HIT_FACES[COLOURS.index(c)]))


def skill_params(catalog) -> dict[str, int | None]:
    """The number a skill added by the tuner carries: the one most chips of the catalog give it (``long-shot
    4``), 1 for a numbered skill no chip has, None for a skill without a number."""
    used: dict[str, Counter] = {}
    for u in catalog.units.values():
        for s in u.skills:
            if s.param is not None:
                used.setdefault(s.id, Counter())[s.param] += 1
    return {sid: ((used[sid].most_common(1)[0][0] if sid in used else 1) if sk.has_param else None)
            for sid, sk in catalog.skills.items()}


@dataclass(frozen=True)
class Candidates:
    """The single changes of a target (`single_changes`) and what could not be changed: ``skipped`` is one
    line per chip and field left alone because its value is not a stand-in (``kunlun/marksman range:
    rulebook``), ``outside_method`` counts the changes refused because they break the stand-in method."""

    target: str
    singles: tuple[Change, ...]
    skipped: tuple[str, ...] = ()
    outside_method: int = 0


def single_changes(catalog, target: Target | str, *, method: bool = False, units: Sequence[str] = ()) -> Candidates:
    """Every single change to the stand-in values of `target`'s chips (`Target.chips`: a faction's hero and
    ten units, a titan and its allies, an immortal; only `units` when given): +/-1 Health, Movement and
    Range, each distinct die colour of the Attack one colour up and one down, each skill removed and each
    skill of the catalog the engine implements added (with `skill_params`' number). A titan's card (titan
    dice, effects rows, priority, shards) and an immortal's triggers are rules of the mode, not stats: they
    are not changed. Changes that leave the loader's bounds are left out; with `method`, so are those that
    break the stand-in method (data/README.md: class templates, stat budget)."""
    from hoplostat.engine.registry import is_implemented

    target = as_target(catalog, target)
    params = skill_params(catalog)
    singles: list[Change] = []
    skipped: list[str] = []
    refused = 0
    for u in target.chips(catalog):
        if units and u.id not in units:
            continue
        order = strength_order(u.ruleset)
        found: list[Change] = []
        for f in CHANGE_FIELDS:
            prov = u.provenance.get(f, "stand-in")
            if prov != "stand-in":
                skipped.append(f"{u.id} {f}: {prov}")
                continue
            if f in STATS:
                found += [Change(u.id, f, step=s) for s in (1, -1)]
            elif f == "attack":
                for colour in (c for c in order if u.attack.counts[_index(c)]):
                    i = order.index(colour)
                    found += [Change(u.id, f, old=colour, new=order[j]) for j in (i + 1, i - 1) if 0 <= j < len(order)]
            else:
                found += [Change(u.id, f, old=str(s)) for s in u.skills]
                have = {s.id for s in u.skills}
                for sid in catalog.skills:
                    if sid not in have and is_implemented(sid, u.ruleset):
                        p = params[sid]
                        found.append(Change(u.id, f, new=sid if p is None else f"{sid} {p}"))
        for c in found:
            after = c.apply(u)
            if not _valid(after):
                continue
            if method and not _keeps_method(u, after):
                refused += 1
                continue
            singles.append(c)
    return Candidates(target.id, tuple(singles), tuple(skipped), refused)


def _index(colour: str) -> int:
    from hoplostat.dice import COLOURS

    return COLOURS.index(colour)


def pairs(catalog, singles: Sequence[Change], *, method: bool = False) -> list[ChangeSet]:
    """Every pair of `singles` that `combine` accepts, a stat step with itself too (Health +2): not +1 and
    -1 Health of one chip, nor a die moved up and back."""
    out: list[ChangeSet] = []
    for i, a in enumerate(singles):
        for b in singles[i if a.field in STATS else i + 1:]:
            if combine(catalog, (a, b), method=method) is not None:
                out.append(tuple(sorted((a, b))))
    return out


# --- overlays -------------------------------------------------------------------------------------


def _toml(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def _provenance_toml(prov: dict[str, str], fields: Sequence[str]) -> str:
    kinds = set(prov.values())
    if len(kinds) == 1:
        return f"provenance = {_toml(kinds.pop())}"
    return "provenance = { " + ", ".join(f"{k} = {_toml(prov[k])}" for k in fields) + " }"


def unit_toml(unit, note: str | None = None, *, table: str = "unit", extra_prov: dict[str, str] | None = None) -> str:
    """A chip as a ``[[unit]]`` entry of a data file (``[[titan]]`` or ``[[immortal]]`` with `table`: the
    entry's head, its rules follow): every field (an overlay entry replaces the whole entry), its provenance
    per field (`extra_prov`: a titan card's own fields), its source and ``note``."""
    from hoplostat.catalog import vocab

    prov = {**unit.provenance, **(extra_prov or {})}
    fields = (*vocab.UNIT_FIELDS, *(extra_prov or {}))
    lines = [f"[[{table}]]", f"id = {_toml(unit.id)}", f"name = {_toml(unit.name)}"]
    if table == "unit":
        lines.append(f"kind = {_toml(unit.kind)}")
    if unit.faction is not None:
        lines.append(f"faction = {_toml(unit.faction)}")
    lines += [f"classes = {_toml(list(unit.classes))}", f"movement = {unit.movement}", f"range = {unit.range}",
              f"health = {unit.health}", f"attack = {_toml(str(unit.attack))}",
              f"skills = {_toml([str(s) for s in unit.skills])}", _provenance_toml(prov, fields)]
    if unit.source is not None:
        lines.append(f"source = {_toml(unit.source)}")
    if note:
        lines.append(f"note = {_toml(note)}")
    return "\n".join(lines) + "\n"


def _strs(items) -> str:
    return _toml([str(x) for x in items])


def _sourced(lines: list[str], source: str | None, note: str | None = None) -> list[str]:
    return lines + ([f"source = {_toml(source)}"] if source is not None else []) + (
        [f"note = {_toml(note)}"] if note is not None else [])


def titan_toml(titan, unit, note: str | None = None) -> str:
    """A titan as a ``[[titan]]`` entry with `unit` as its chip (the titan's stats): its card as it is
    (titan dice, effects rows, priority, allies, shards, arena die tables, each with its provenance)."""
    from hoplostat.catalog import vocab

    head = unit_toml(unit, note, table="titan", extra_prov={k: titan.provenance[k] for k in vocab.TITAN_FIELDS})
    d, sh = titan.dice, titan.shards
    parts = [head.rstrip("\n"), f"priority = {_strs(titan.priority)}", "",
             "[titan.dice]", f"start = {_toml(str(d.start))}", f"grow = {_strs(d.grow)}",
             f"grow_when = {_toml(d.grow_when)}", "", "[titan.shards]", f"start = {_toml(sh.start)}",
             f"hp = {sh.hp}"]
    if sh.hp_colour is not None:
        parts.append(f"hp_colour = {_toml(sh.hp_colour)}")
    parts.append(f"equip = {'true' if sh.equip else 'false'}")
    if sh.holder:
        parts.append(f"holder = {_strs(sh.holder)}")
    if sh.on_defeat:
        parts.append(f"on_defeat = {_strs(sh.on_defeat)}")
    for a in titan.allies:
        parts += ["", "[[titan.allies]]", f"unit = {_toml(a.unit)}", f"count = {a.count}", f"troop = {_toml(a.troop)}"]
    for e in titan.effects:
        tiers = ", ".join(f"{{ hits = {t.hits}, effects = {_strs(t.effects)} }}" for t in e.tiers)
        parts += ["", "[[titan.effects]]", f"colour = {_toml(e.colour)}", f"tiers = [{tiers}]",
                  *_sourced([f"provenance = {_toml(e.provenance)}"], e.source, e.note)]
    for t in titan.arena_die.values():
        parts += ["", "[[titan.arena_die]]", f"effect = {_toml(t.effect)}", f"faces = {_toml(list(t.faces))}",
                  *_sourced([f"rulebook_faces = {_toml(list(t.rulebook_faces))}"], t.source)]
    return "\n".join(parts) + "\n"


def immortal_toml(immortal, unit, note: str | None = None) -> str:
    """An immortal as an ``[[immortal]]`` entry with `unit` as its chip, its trigger rows as they are."""
    parts = [unit_toml(unit, note, table="immortal").rstrip("\n")]
    for t in immortal.triggers:
        parts += ["", "[[immortal.triggers]]", f"colour = {_toml(t.colour)}", f"effects = {_strs(t.effects)}",
                  *_sourced([f"provenance = {_toml(t.provenance)}"], t.source)]
    return "\n".join(parts) + "\n"


def entry_toml(catalog, unit, note: str | None = None) -> str:
    """The data-file entry of a chip of `catalog` in the state `unit`: a titan's or an immortal's with its
    rules (`titan_toml`, `immortal_toml`), any other chip's ``[[unit]]`` entry."""
    if unit.kind == "titan":
        return titan_toml(catalog.titan(unit.id), unit, note)
    if unit.kind == "immortal":
        return immortal_toml(catalog.immortal(unit.id), unit, note)
    return unit_toml(unit, note)


def overlay_text(catalog, changes: Sequence[Change], *, header: str = "") -> str:
    """The data file of an overlay that applies `changes` to `catalog`: one entry per changed chip
    (`entry_toml`), its note saying what changed (after the chip's own note)."""
    changed = apply_changes(catalog, changes)
    parts = [header.rstrip("\n") + "\n"] if header else []
    for uid, unit in changed.items():
        note = (f"hoplostat tune: {', '.join(chip_diff(catalog.unit(uid), unit))}"
                + (f". {unit.note}" if unit.note else ""))
        parts.append(entry_toml(catalog, unit, note))
    return "\n".join(parts)


def write_overlay(catalog, changes: Sequence[Change], out: Path | str, *, header: str = "") -> Path:
    """Write `changes` as an overlay directory `out` (its one data file `OVERLAY_FILE`, replaced if there),
    to be given after the catalog's own overlays (``--data MINE --data OUT``). Returns the file."""
    from hoplostat.outpaths import output_dir, writing

    out = output_dir(Path(out), "--out")
    path = out / OVERLAY_FILE
    with writing(path, "--out"):
        path.write_text(overlay_text(catalog, changes, header=header), encoding="utf-8")
    return path


# --- measuring ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """What a change set is measured against, by `target`'s kind: a faction against `against` (every other
    faction when empty) in Skirmish on `arenas`, both seat orders; a titan (Ascension) or an immortal
    (Onslaught) against every faction of `against` (all when empty) on the mode's arena, solo (`players` 1)
    or as every co-op pair (2). With `policies`, from `seed`, on the catalog with overlays `data` (resolved
    paths; the change set's overlay goes after them)."""

    target: Target
    against: tuple[str, ...] = ()
    arenas: tuple[str, ...] = ()
    seed: int = 0
    policies: tuple[str, str] = ("greedy", "greedy")
    max_rounds: int | None = None
    data: tuple[str, ...] = ()
    players: int = 1

    @property
    def mode(self) -> str:
        return self.target.mode

    def opponents(self, catalog) -> tuple[str, ...]:
        """The field: `against`, or every faction (every other one when a faction is tuned)."""
        return self.against or tuple(f for f in catalog.factions if f != self.target.id or self.target.against_it)

    def config(self, overlay: str | None, games: int, chunk: int = 50):
        """The `sweep.SweepConfig` of `games` games per matchup of the target against the field, with the
        change set's overlay directory after `data` (None: none). Co-op (`players` 2) plays the solo games
        too (a sweep of a solo and co-op mode plays both); only the co-op games are counted."""
        from hoplostat.catalog import load
        from hoplostat.engine.loop import mode_class
        from hoplostat.sweep import SweepConfig

        data = (*self.data, overlay) if overlay else self.data
        catalog = load(data, use_env=False)
        cls = mode_class(self.mode)
        rounds = self.max_rounds or cls.default_max_rounds
        arenas = self.arenas or cls.arenas
        common: dict[str, Any] = dict(mode=self.mode, arenas=arenas, games=games, seed=self.seed,
                                      policies=self.policies, max_rounds=rounds, chunk=chunk, data=data,
                                      catalog_hash=catalog.hash)
        if not self.target.against_it:
            return SweepConfig(factions=(self.target.id, *self.opponents(catalog)), focus=self.target.id, **common)
        titans = (self.target.id,) if self.target.kind == "titan" else ()
        return SweepConfig(factions=self.opponents(catalog), titans=titans, coop=self.players == 2, **common)

    def rate(self, tables: dict, games: int | None = None) -> Rate:
        """The measure over a sweep's tables (eager or lazy), its first `games` games per matchup (all when
        None): the faction's `faction_rate`; the field's games won against the titan, or waves won against the
        immortal when it is faced (`stats.opponent_trials`, as `summarize` and `compare` count them), solo
        or co-op as `players` says."""
        import polars as pl

        from hoplostat.stats import opponent_trials

        if games is not None:
            tables = {k: v.filter(pl.col("game") < games) for k, v in tables.items()}
        if not self.target.against_it:
            return faction_rate(tables["games"], self.target.id)
        rows, name = (tables["games"], "titan") if self.target.kind == "titan" else (tables.get("waves"), "immortal")
        key = f"{self.target.id} ({'co-op' if self.players == 2 else 'solo'})"
        row = opponent_trials(rows, name).filter(pl.col("key") == key).select(
            pl.col("won").sum(), pl.len()).collect().row(0)
        return Rate(int(row[0] or 0), 0, int(row[1]))

    def words(self, catalog) -> str:
        """What is measured, in words (the first line of `hoplostat tune` and its JSON ``measure``)."""
        from hoplostat.engine.loop import mode_class

        field_ = ", ".join(self.opponents(catalog))
        arenas = self.arenas or mode_class(self.mode).arenas
        who = "each faction of the field solo" if self.players == 1 else "every co-op pair of the field"
        pols = "/".join(self.policies) if not self.target.against_it else self.policies[0]
        if self.target.kind == "faction":
            return f"Skirmish win rate against {field_} on {', '.join(arenas)}, both seat orders, {pols} players"
        if self.target.kind == "titan":
            return (f"the players' success rate in Ascension against the titan {self.target} (the titan defeated; "
                    f"a loss or the round cap is no success), {who} ({field_}), {pols} players")
        return (f"the share of Onslaught waves won against the immortal {self.target} when it is faced, {who} "
                f"({field_}), {pols} players")


@dataclass(frozen=True)
class Rate:
    """The trials measured: wins (a faction's games won, the field's games won against a titan or waves won
    against an immortal), draws (a faction's games won by nobody; 0 otherwise) and trials (`games`); `rate` =
    wins / games with its 95% Wilson interval (`lo`, `hi`)."""

    wins: int
    draws: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval; 0..1 without a trial (an immortal never faced), which decides nothing."""
        from hoplostat.stats import wilson_interval

        if not self.games:
            return 0.0, 1.0
        lo, hi = wilson_interval(self.wins, self.games)
        return float(lo), float(hi)

    def distance(self, goal: float) -> float:
        """How far the rate lies from `goal`; infinite without a trial (it ranks last)."""
        return abs(self.rate - goal) if self.games else float("inf")


def faction_rate(games, faction: str) -> Rate:
    """The `Rate` of `faction` in a sweep's games table (eager or lazy), as `summarize` counts it."""
    import polars as pl

    from hoplostat.stats import faction_games

    row = faction_games(games).lazy().filter(pl.col("faction") == faction).select(
        pl.col("won").sum(), pl.col("draw").sum(), pl.len()).collect().row(0)
    return Rate(int(row[0] or 0), int(row[1] or 0), int(row[2]))


class Bench:
    """Where change sets are measured: a work folder holding one overlay and one sweep directory per change
    set, grown in place (`sweep.run` with ``resume``), so a change set measured again plays only new games."""

    def __init__(self, field_: Field, catalog, root: Path, *, jobs: int = 1, chunk: int = 50,
                 progress: Callable[[int], None] | None = None) -> None:
        self.field, self.catalog, self.root, self.jobs, self.chunk = field_, catalog, Path(root), jobs, chunk
        self.progress = progress
        self.played = 0
        self._dirs: dict[ChangeSet, Path] = {}
        self._games: dict[ChangeSet, int] = {}
        self._rates: dict[ChangeSet, Rate] = {}

    def _dir(self, changes: ChangeSet) -> Path:
        d = self._dirs.get(changes)
        if d is None:
            d = self.root / f"set-{len(self._dirs):04d}"
            self._dirs[changes] = d
            if changes:
                write_overlay(self.catalog, changes, d / "overlay")
        return d

    def measured(self) -> list[tuple[ChangeSet, int, Rate]]:
        """Every change set measured so far, with its games per matchup and its rate over them."""
        return [(s, g, self._rates[s]) for s, g in self._games.items()]

    def measure(self, changes: ChangeSet, games: int) -> Rate:
        """The target's `Rate` with `changes` over the first `games` games per matchup (a change set
        measured before with fewer plays only the new ones; with as many or more, none)."""
        from hoplostat import sweep as sw

        d = self._dir(changes)
        have = self._games.get(changes, 0)
        if games == have:
            return self._rates[changes]
        if games > have:
            config = self.field.config(str(d / "overlay") if changes else None, games, self.chunk)
            before, old = self.played, have * len(config.matchups())

            def step(done: int, total: int) -> None:
                if self.progress is not None:
                    self.progress(before + done - old)

            report = sw.run(config, d / "sweep", jobs=self.jobs, resume=have > 0, compact=False, progress=step)
            self.played = before + report.games_played - old
        _manifest, tables = sw.scan_tables(d / "sweep")
        if games < have:
            return self.field.rate(tables, games)
        self._games[changes] = games
        self._rates[changes] = rate = self.field.rate(tables)
        return rate


# --- the duel screen ------------------------------------------------------------------------------


def _plain(fighter):
    """A fighter without its list of ignored skills: two chips that differ only in what a duel ignores fight
    the same duels."""
    return dataclasses.replace(fighter, ignored=())


def _duel_score(fighter, opponents) -> float:
    """`fighter`'s mean score (wins and half the draws) in exact duels against each of `opponents`, both
    orders of first attack."""
    from hoplostat.combat import exact_duel

    total = 0.0
    for b in opponents:
        for first in ("a", "b"):
            r = exact_duel(fighter, b, first=first)
            total += r.p_a_wins + r.p_draw / 2
    return total / (2 * len(opponents))


def duel_screen(catalog, faction: str, singles: Sequence[Change], *, against: Sequence[str] = (), jobs: int = 1,
                progress: Callable[[int, int], Any] | None = None) -> dict[Change, float | None]:
    """Per change, the change in the faction's mean duel score against the field: each of the faction's
    chips fights every chip (units and heroes) of `against` (every other faction when empty) in exact
    map-free duels (`combat.exact_duel`), both orders of first attack; a chip scores its wins and half its
    draws, the faction the mean of its chips. None for a change a duel cannot see (Movement, Range, a skill
    that needs a map): its chip fights exactly as before. Deterministic, so the same whatever `jobs` is."""
    from hoplostat.combat import fighter_from_unit
    from hoplostat.sweep import parallel_map

    opponents = tuple(against) or tuple(f for f in catalog.factions if f != faction)
    field_fighters = [_plain(fighter_from_unit(u, catalog=catalog))
                      for f in opponents for u in catalog.faction_units(f, include_hero=True)]
    members = catalog.faction_units(faction, include_hero=True)
    before = {u.id: _plain(fighter_from_unit(u, catalog=catalog)) for u in members}
    after: dict[Change, Any] = {}
    for c in singles:
        f = _plain(fighter_from_unit(c.apply(catalog.unit(c.unit)), catalog=catalog))
        if f != before[c.unit]:
            after[c] = f
    fighters = list(dict.fromkeys([*before.values(), *after.values()]))
    scores = parallel_map(_duel_score, [(f, field_fighters) for f in fighters], jobs=jobs, progress=progress, chunk=4)
    score = dict(zip(fighters, scores))
    return {c: ((score[after[c]] - score[before[c.unit]]) / len(members) if c in after else None) for c in singles}


# --- screening and confirming ---------------------------------------------------------------------


def band(goal: float, tolerance: float) -> tuple[float, float]:
    """The win rates that count as reaching the goal: goal +/- tolerance, within 0..1."""
    return max(0.0, goal - tolerance), min(1.0, goal + tolerance)


def verdict(rate: Rate, goal: float, tolerance: float) -> str:
    """``reaches goal`` when the 95% interval lies inside goal +/- tolerance, ``misses goal`` when it lies
    outside it, ``undecided`` otherwise (the interval straddles an edge of the band)."""
    lo, hi = rate.interval
    b0, b1 = band(goal, tolerance)
    if b0 <= lo and hi <= b1:
        return "reaches goal"
    if hi < b0 or lo > b1:
        return "misses goal"
    return "undecided"


def halving_rounds(n_sets: int, games: int, *, keep: int = 1) -> list[tuple[int, int]]:
    """The rounds of `halving` for `n_sets` change sets: (sets, games per matchup) per round. The last round
    plays `games` with at least `keep` sets; each round before it half the games with twice the sets, down
    to 2 games per matchup (1 when `games` is 1)."""
    depths = [games]
    while depths[0] > 2 and n_sets > keep * 2 ** len(depths):
        depths.insert(0, -(-depths[0] // 2))
    rounds, alive = [], n_sets
    for g in depths:
        rounds.append((alive, g))
        alive = max(min(keep, alive), -(-alive // 2))
    return rounds


def halving(bench: Bench, sets: Sequence[ChangeSet], games: int, goal: float, *, keep: int = 1,
            before_round: Callable[[int, int], None] | None = None,
            after_round: Callable[[list[tuple[ChangeSet, Rate]]], None] | None = None) -> list[tuple[ChangeSet, Rate]]:
    """Successive halving (`halving_rounds`): every change set of `sets` plays a few games per matchup, the
    half closer to `goal` twice as many, and so on until the last round plays `games` per matchup. All sets
    play the same first games (the same seeds), so they are compared on the same dice. Returns the sets of
    the last round with their rates, closest first (ties: fewer changes, then the changes' order).
    ``before_round(round, rounds)`` and ``after_round(ranked)`` are called around each round."""
    rounds = halving_rounds(len(sets), games, keep=keep)
    alive = list(sets)
    ranked: list[tuple[ChangeSet, Rate]] = []
    for i, (n, g) in enumerate(rounds):
        if before_round is not None:
            before_round(i, len(rounds))
        ranked = rank(((s, bench.measure(s, g)) for s in alive[:n]), goal)
        if after_round is not None:
            after_round(ranked)
        alive = [s for s, _ in ranked]
    return ranked


def rank(measured, goal: float) -> list[tuple[ChangeSet, Rate]]:
    """(change set, rate) pairs, closest to `goal` first (ties: fewer changes, then the changes' order)."""
    return sorted(measured, key=lambda item: (item[1].distance(goal), len(item[0]), item[0]))


def confirm(bench: Bench, changes: ChangeSet, goal: float, tolerance: float, *, games: int,
            max_games: int) -> tuple[Rate, str]:
    """A sequential test of one change set: `games` per matchup, doubled until `verdict` is decided (the
    interval inside or outside goal +/- tolerance) or `max_games` per matchup were played. Returns the last
    rate and its verdict."""
    g = games
    while True:
        rate = bench.measure(changes, g)
        v = verdict(rate, goal, tolerance)
        if v != "undecided" or g >= max_games:
            return rate, v
        g = min(max_games, 2 * g)


def _moves_towards(c: Change, stronger: bool, duel: float | None) -> bool:
    """Whether a single change goes the way the chips must move (`stronger` or weaker): by its duel score
    when a duel sees it, else by what it is (a higher stat, a stronger die or one more skill make a chip
    stronger)."""
    if duel is not None:
        return duel > 0 if stronger else duel < 0
    up = c.step > 0 if c.field in STATS else (bool(c.new) if c.field == "skills" else
                                              strength_order().index(c.new) > strength_order().index(c.old))
    return up == stronger


@dataclass(frozen=True)
class TuneConfig:
    """What `tune` searches: see `hoplostat tune --help` for the meaning of each field (the same names).
    `target`: a `Target` or a name (`resolve_target`: ``amazons``, ``mars``, ``titan:mars``)."""

    target: Target | str
    goal: float | None = None
    """The rate to reach: 0.5 for a faction when None; required for a titan or an immortal."""
    tolerance: float = 0.05
    games: int = 16
    """Games per matchup of the screen's last round (earlier rounds play fewer)."""
    max_games: int = 128
    """Games per matchup at most when a change set is confirmed."""
    confirm: int = 3
    """Change sets confirmed (besides the catalog as it is)."""
    max_changes: int = 2
    pairs_of: int = 6
    """The best singles that are paired (and grown into larger sets)."""
    duel_keep: int = 16
    """Changes a duel sees that go on to the game screen (the best by duel score)."""
    against: tuple[str, ...] = ()
    arenas: tuple[str, ...] = ()
    """The arenas played (the mode's when empty: Skirmish both, Ascension and Onslaught their own)."""
    units: tuple[str, ...] = ()
    """Change only these chips of the target (all of them when empty)."""
    method: bool = False
    """Keep stand-in values within the stand-in method (data/README.md)."""
    seed: int = 0
    policies: tuple[str, str] = ("greedy", "greedy")
    max_rounds: int | None = None
    data: tuple[str, ...] = ()
    players: int = 1
    """A titan or an immortal: 1 (the field solo) or 2 (every co-op pair of the field)."""

    @property
    def resolved_goal(self) -> float:
        """`goal` of a `resolved` config (a faction's default filled in; a titan's or an immortal's given)."""
        assert self.goal is not None
        return self.goal

    @property
    def resolved_target(self) -> Target:
        """`target` of a `resolved` config: a `Target`."""
        assert isinstance(self.target, Target)
        return self.target

    def resolved(self, catalog) -> TuneConfig:
        """The config with its `target` a `Target` and the goal a faction gets by default (0.5), checked
        (`check`)."""
        target = as_target(catalog, self.target)
        goal = 0.5 if self.goal is None and target.kind == "faction" else self.goal
        out = dataclasses.replace(self, target=target, goal=goal)
        out.check(catalog)
        return out

    def check(self, catalog) -> None:
        """InputError for a value `tune` cannot work with (named as its command-line flag)."""
        target = as_target(catalog, self.target)
        if self.goal is None:
            what = "the players' success rate in Ascension" if target.kind == "titan" else \
                "the share of Onslaught waves won against it"
            raise InputError(f"tune {target}: {'a titan' if target.kind == 'titan' else 'an immortal'} needs --goal, "
                             f"{what} to reach (0..1, e.g. --goal 0.5)")
        if not 0.0 <= self.goal <= 1.0:
            raise InputError(f"--goal {self.goal}: a {'win' if target.kind == 'faction' else 'success'} rate "
                             f"between 0 and 1 (e.g. 0.5)")
        if not 0.0 < self.tolerance <= 0.5:
            raise InputError(f"--tolerance {self.tolerance}: must be above 0 and at most 0.5 (e.g. 0.05)")
        for flag, v, lo in (("--games", self.games, 1), ("--max-games", self.max_games, self.games),
                            ("--confirm", self.confirm, 1), ("--max-changes", self.max_changes, 1),
                            ("--pairs-of", self.pairs_of, 2), ("duel_keep", self.duel_keep, 0)):
            if v < lo:
                raise InputError(f"{flag} {v}: must be {lo} or more" + (" (--games)" if flag == "--max-games" else ""))
        for flag, v in (("--games", self.games), ("--max-games", self.max_games)):
            if v > MAX_GAMES_PER_MATCHUP:
                raise InputError(f"{flag} {v}: at most {MAX_GAMES_PER_MATCHUP:,} games per matchup (a tune plays them "
                                 "for every change set it screens or confirms; hoplostat sweep measures one catalog "
                                 "with more)")
        if target.against_it:
            if self.players not in (1, 2):
                raise InputError(f"--players {self.players}: 1 (solo) or 2 (co-op)")
        elif self.players != 1:
            raise InputError(f"--players {self.players}: a faction is tuned in Skirmish, one player against one; "
                             "--players is for a titan or an immortal")
        for f in self.against:
            catalog.faction(f)
            if f == target.id and not target.against_it:
                raise InputError(f"--against {f}: the faction tuned is not its own opponent")
        if len(set(self.against)) != len(self.against):
            raise InputError("--against: a faction is named twice")
        if target.against_it and self.players == 2 and len(self.against) == 1:
            raise InputError(f"--against {self.against[0]}: co-op (--players 2) needs two factions or more")
        from hoplostat.engine.loop import mode_class

        arenas = mode_class(target.mode).arenas
        for a in self.arenas:
            catalog.arena(a)
            if a not in arenas:
                raise InputError(f"--arena {a}: {mode_class(target.mode).__name__} is played on {', '.join(arenas)}")
        mine = {u.id for u in target.chips(catalog)}
        for uid in self.units:
            catalog.unit(uid)
            if uid not in mine:
                raise InputError(f"--unit {uid}: not a chip of {target} ({', '.join(sorted(mine))})")

    def field(self) -> Field:
        """What change sets are measured against (a `resolved` config's)."""
        assert isinstance(self.target, Target), "resolve the config first (TuneConfig.resolved)"
        return Field(self.target, self.against, self.arenas, self.seed, self.policies, self.max_rounds, self.data,
                     self.players)


@dataclass
class TuneResult:
    """What `tune` found. ``baseline``: the catalog as it is, confirmed like the change sets; ``ranked``: the
    change sets confirmed, best first (those that reach the goal, fewest changes first, then the others,
    closest first), each a row with ``changes`` (in words), ``size``, ``games``, ``wins``, ``draws``,
    ``rate``, ``rate_lo``, ``rate_hi`` (95% Wilson), ``distance`` (to the goal) and ``verdict``; ``sets``
    the change sets of those rows in the same order (both empty when the catalog as it is reaches the goal);
    ``screened``: every change set of the game screen, over the games it played (``games_per_matchup``),
    deepest first, with its ``stage``; ``duel``: the duel screen (``delta`` None where a duel cannot see the
    change; none for a titan or an immortal); ``direction``: ``raise`` or ``lower``, the way the rate had to
    move (a faction's chips grow stronger to raise it, a titan's or an immortal's weaker)."""

    config: TuneConfig
    baseline: dict[str, Any]
    direction: str
    candidates: Candidates
    duel: list[dict[str, Any]]
    screened: list[dict[str, Any]]
    ranked: list[dict[str, Any]]
    sets: list[ChangeSet]
    games_played: int
    stand_ins: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> ChangeSet | None:
        """The chosen change set (the first ranked), or None when nothing was confirmed."""
        return self.sets[0] if self.sets else None


def _row(catalog, changes: ChangeSet, rate: Rate, goal: float, **extra: Any) -> dict[str, Any]:
    lo, hi = rate.interval
    seen = rate.games > 0  # else no rate (an immortal never faced): None in the JSON
    return {"changes": describe_chips(catalog, changes), "size": len(changes),
            "games": rate.games, "wins": rate.wins, "draws": rate.draws, "rate": rate.rate if seen else None,
            "rate_lo": lo, "rate_hi": hi, "distance": rate.distance(goal) if seen else None, **extra}


def confirm_seed(seed: int) -> int:
    """The seed of the confirming sweeps: fresh games, not those the screen chose the change sets on (which
    would flatter them), and still a function of `seed` alone."""
    import numpy as np

    return int(np.random.SeedSequence([seed, 1]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def tune(config: TuneConfig, *, jobs: int = 1, workdir: Path | str | None = None,
         progress: Callable[[str, int, int], Any] | None = None) -> TuneResult:
    """Search the smallest change sets that bring `config.target`'s rate (`Field.rate`: a faction's Skirmish
    win rate against the field, the field's success against a titan or an immortal) to `config.goal` (the
    stages of the module docstring) and confirm the best few. `workdir` keeps the
    overlays and sweeps (a temporary folder otherwise, removed at the end). ``progress(stage, games played,
    games planned)`` as games finish; the stage names the best change set so far."""
    from hoplostat.catalog import load

    catalog = load(config.data, use_env=False)
    config = config.resolved(catalog)
    tmp = None
    if workdir is None:
        workdir = tmp = tempfile.mkdtemp(prefix="hoplostat-tune-")
    try:
        return _Search(config, catalog, Path(workdir), jobs, progress).run()
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


class _Search:
    """The stages of `tune` with the state they share: the two benches (screen and confirm), the games
    planned for the progress bar, and the best change set so far."""

    def __init__(self, config: TuneConfig, catalog, root: Path, jobs: int, progress) -> None:
        self.config, self.catalog, self.progress = config, catalog, progress
        self.field = config.field()
        self.stage, self.planned, self.best = "baseline", 0, ""
        self.screen = Bench(config.field(), catalog, root / "screen", jobs=jobs,
                            progress=lambda n: self.report(n + self.confirmer.played))
        self.confirmer = Bench(dataclasses.replace(config.field(), seed=confirm_seed(config.seed)), catalog,
                               root / "confirm", jobs=jobs, progress=lambda n: self.report(self.screen.played + n))
        self.matchups = len(config.field().config(None, 1).matchups())
        self.jobs = jobs

    @property
    def played(self) -> int:
        return self.screen.played + self.confirmer.played

    def report(self, done: int | None = None) -> None:
        if self.progress is not None:
            done = self.played if done is None else done
            text = f"{self.stage}; best so far: {self.best}" if self.best else self.stage
            self.progress(text, done, max(self.planned, done))

    def plan(self, *rounds: tuple[int, int]) -> None:
        """Games still to come: rounds of (change sets, new games per matchup); a confirmation is counted at
        its cap (it may stop sooner)."""
        self.planned = self.played + self.matchups * sum(n * g for n, g in rounds)

    def noted(self, ranked: list[tuple[ChangeSet, Rate]]) -> None:
        """The best so far: the closest of the stage just played (the deepest measure, not the luckiest)."""
        if ranked:
            s, r = ranked[0]
            self.best = f"{describe(self.catalog, s)} ({r.rate:.0%})" if r.games else describe(self.catalog, s)

    def run(self) -> TuneResult:
        cfg, cat = self.config, self.catalog
        target = cfg.resolved_target
        cands = single_changes(cat, target, method=cfg.method, units=cfg.units)
        singles = list(cands.singles)
        if not singles:
            why = f"skipped: {'; '.join(cands.skipped)}" if cands.skipped else "none stays within bounds"
            raise InputError(f"{target}: no value that may change (only stand-in values are changed; {why})")
        self.stage = "the catalog as it is"
        self.plan((1, cfg.max_games))
        confirmed: list[tuple[ChangeSet, Rate, str]] = [
            ((), *confirm(self.confirmer, (), cfg.resolved_goal, cfg.tolerance, games=cfg.games,
                          max_games=cfg.max_games))]
        base = confirmed[0][1]
        if not base.games:
            raise InputError(f"tune {target}: the field never faced {target} in {cfg.max_games} games per matchup; "
                             "give more --max-games")
        raise_ = base.rate < cfg.resolved_goal
        stronger = raise_ != target.against_it  # the field's success rises as a titan grows weaker
        duels: dict[Change, float | None] = {}
        screened: dict[ChangeSet, tuple[Rate, str]] = {}
        if confirmed[0][2] != "reaches goal":  # else nothing to do
            if target.kind == "faction":
                self.stage = "duel screen"
                self.report()
                duels = duel_screen(cat, target.id, singles, against=cfg.against, jobs=self.jobs)
            # A titan or an immortal plays by its card (titan dice, triggers; an immortal ignores damage in
            # Onslaught): a map-free duel of its chip says little, so every change goes to the game screen.
            seen = sorted((c for c in singles if duels.get(c) is not None and _moves_towards(c, stronger, duels[c])),
                          key=lambda c: (-abs(duels[c] or 0.0), c))[:cfg.duel_keep]
            blind = [c for c in singles if duels.get(c) is None and _moves_towards(c, stronger, None)]
            screened = self.screen_sets(cat, [(c,) for c in seen + blind])
            chosen = self.choose(screened)
            for i, s in enumerate(chosen):
                self.stage = f"confirming {i + 1} of {len(chosen)}"
                self.plan((len(chosen) - i, cfg.max_games))
                confirmed.append((s, *confirm(self.confirmer, s, cfg.resolved_goal, cfg.tolerance, games=cfg.games,
                                              max_games=cfg.max_games)))
                best = sorted(confirmed[1:], key=_final_key(cfg.resolved_goal))[0]
                self.best = f"{describe(cat, best[0])} ({best[1].rate:.0%}, {best[2]})"
        self.stage, self.planned = "done", self.played
        self.report()
        (_, base_rate, base_verdict), rest = confirmed[0], sorted(confirmed[1:], key=_final_key(cfg.resolved_goal))
        stages = {s: stage for s, (_, stage) in screened.items()}
        screen_rows = sorted((_row(cat, s, r, cfg.resolved_goal,
                                   stage=stages.get(s, "singles (dropped in an earlier round)"),
                                   games_per_matchup=g) for s, g, r in self.screen.measured()),
                             key=lambda row: (-row["games_per_matchup"], _inf(row["distance"]), row["size"],
                                              row["changes"]))
        from hoplostat.catalog.standin import stand_in_share

        opponents = self.field.opponents(cat)
        if target.kind == "faction":
            stand_ins = stand_in_share(cat, factions=(target.id, *opponents))
        elif target.kind == "titan":
            stand_ins = stand_in_share(cat, factions=opponents, titans=(target.id,))
        else:  # every immortal is in the camp of every Onslaught game (ONS-1)
            stand_ins = stand_in_share(cat, factions=opponents, immortals=tuple(cat.immortals))
        return TuneResult(
            config=cfg, baseline=_row(cat, (), base_rate, cfg.resolved_goal, verdict=base_verdict),
            direction="raise" if raise_ else "lower", candidates=cands,
            duel=[{"change": c.describe(cat.unit(c.unit)), "unit": c.unit, "field": c.field, "delta": d}
                  for c, d in duels.items()],
            screened=screen_rows, ranked=[_row(cat, s, r, cfg.resolved_goal, verdict=v) for s, r, v in rest],
            sets=[s for s, _, _ in rest], games_played=self.played,
            stand_ins=stand_ins)

    def screen_sets(self, cat, pool: list[ChangeSet]) -> dict[ChangeSet, tuple[Rate, str]]:
        """The game screen: singles by successive halving, then pairs of the best singles, then larger sets
        grown from the best one. Every set of the last round, with its rate at `games` per matchup and its
        stage."""
        cfg = self.config
        rounds = halving_rounds(len(pool), cfg.games, keep=cfg.pairs_of)

        def before_round(i: int, n: int) -> None:
            self.stage = f"singles, round {i + 1} of {n} ({rounds[i][0]} changes)"
            self.plan(*[(k, g - (rounds[j - 1][1] if j else 0)) for j, (k, g) in enumerate(rounds) if j >= i])

        ranked = halving(self.screen, pool, cfg.games, cfg.resolved_goal, keep=cfg.pairs_of, before_round=before_round,
                         after_round=self.noted)
        screened = {s: (r, "singles") for s, r in ranked}
        top = [s[0] for s, _ in ranked[:cfg.pairs_of]]
        for k in range(2, cfg.max_changes + 1):
            sets = pairs(cat, top, method=cfg.method) if k == 2 else _grow(cat, screened, top, k, cfg)
            if not sets:
                break
            self.stage = f"sets of {k} changes ({len(sets)})"
            self.plan((len(sets), cfg.games))
            ranked = rank(((s, self.screen.measure(s, cfg.games)) for s in sets), cfg.resolved_goal)
            self.noted(ranked)
            screened.update((s, (r, f"sets of {k}")) for s, r in ranked)
        return screened

    def choose(self, screened: dict[ChangeSet, tuple[Rate, str]]) -> list[ChangeSet]:
        """The change sets to confirm: the closest of each size first (the smallest that may do), then the
        closest others, `confirm` in all."""
        cfg = self.config
        order = [s for s, _ in rank(((s, r) for s, (r, _) in screened.items()), cfg.resolved_goal)]
        chosen: list[ChangeSet] = []
        for k in range(1, cfg.max_changes + 1):
            first = next((s for s in order if len(s) == k), None)
            if first is not None and len(chosen) < cfg.confirm:
                chosen.append(first)
        chosen += [s for s in order if s not in chosen][:cfg.confirm - len(chosen)]
        return chosen


def _inf(distance: float | None) -> float:
    return float("inf") if distance is None else distance


def _final_key(goal: float):
    """The order of confirmed (change set, rate, verdict): those that reach the goal, fewest changes first
    (then closest), then the others, closest first."""
    def key(t):
        s, r, v = t
        d = r.distance(goal)
        return ((0, len(s), d) if v == "reaches goal" else (1, d, len(s)), s)

    return key


def _grow(catalog, screened: dict[ChangeSet, tuple[Rate, str]], top: Sequence[Change], k: int,
          config: TuneConfig) -> list[ChangeSet]:
    """Sets of `k` changes: the closest set of `k - 1` screened so far, with each of the best singles `top`
    added that `combine` accepts (a stat step again too)."""
    smaller = sorted((s for s in screened if len(s) == k - 1),
                     key=lambda s: (screened[s][0].distance(config.resolved_goal), s))
    if not smaller:
        return []
    base = smaller[0]
    out = []
    for c in top:
        s = tuple(sorted((*base, c)))
        if (c not in base or c.field in STATS) and s not in out \
                and combine(catalog, s, method=config.method) is not None:
            out.append(s)
    return out
