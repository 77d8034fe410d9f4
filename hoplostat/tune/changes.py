"""What `hoplostat tune` tunes (`Target`) and the changes it tries: one step of a stand-in value of a chip
(`Change`), single changes and pairs of them."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
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
"""The mode a target is measured in."""


MAX_GAMES_PER_MATCHUP = 100_000
"""--games and --max-games at most: a tune multiplies them by every matchup and change set (28 billion games
planned for `--games 100000000`, which used to start and never end)."""


@dataclass(frozen=True, order=True)
class Target:
    """What is tuned: a faction (its win rate against the field), a titan (the field's success rate against
    it) or an immortal (the share of waves the field wins against it), each in the mode that tunes its kind
    (`mode`).
    A faction's rate rises as its chips grow stronger; a titan's or an immortal's falls (`against_it`)."""

    kind: str
    id: str

    def __str__(self) -> str:
        return self.id

    @property
    def mode(self) -> str:
        """The name of the mode played to measure the target: the one that tunes its kind (`Mode.tunes`)."""
        from hoplostat.engine.loop import tuning_mode

        return tuning_mode(self.kind).name

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


