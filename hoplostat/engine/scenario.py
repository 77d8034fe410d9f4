"""Scenario files: a small TOML position (arena, troops, units, whose turn, forced dice) played
through the engine's own step functions, so a player can check a ruling on one position.

    scen = load_scenario("docs/scenarios/engage-example.toml", catalog)
    out = run_scenario(scen)          # plain dict: units, troops, supply, rolls, log, winner

The format is documented in docs/scenarios.md. `load_scenario` validates everything and
raises `InputError` naming the file, the table and the field; `run_scenario` builds a
`GameState`, plays the requested steps with `engine.turn` / the mode's `player_turn`
(nothing of the rules is re-implemented here) and reports the resulting state.
Problems found while playing (a scripted choice that is not legal at that moment, a
forced roll with more hits than dice, dice or script entries left over) are also
`InputError`s: they are mistakes in the scenario file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hoplostat.catalog.model import Catalog, Tactic, Unit
from hoplostat.dice import Pool
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import open_turn, run_steps
from hoplostat.engine.registry import controller_names, make_controller
from hoplostat.engine.rules import FixedRoller, Game, PmfRoller
from hoplostat.engine.state import (
    BAG,
    CAMP,
    COMBAT,
    DISCARD,
    SIDES,
    TRACK,
    GameState,
    PlacedTactic,
    TroopState,
    UnitState,
)
from hoplostat.errors import InputError

STEPS = ("start", "arena", "deployment", "tactic", "movement", "abilities", "engage", "replenish")
"""Single steps of a player turn, in turn order (TURN-1); "start" = start of turn (temporary tactics
end, start-of-turn skills); "arena" = the mode's arena step (Pozzuoli: check stone hexes; "stones" is
accepted for it); "replenish" = Skirmish's end-of-turn camp refill (SKR-6)."""
STEP_ALIASES = {"stones": "arena"}
WHOLE = ("turn", "round")
MODES = ("skirmish", "none")
DICE_THEN = ("error", "all", "none", "random")
HARMFUL_TERMS = frozenset({"stun", "movement-set", "damage", "damage-adjacent"})
"""A tactic written on a unit as a plain id is played by the opposing troop when it has one of these terms."""

ARG_KINDS: dict[str, tuple[str, ...]] = {
    # What the args tuple of an ability / special option holds (engine/skills.py option builders).
    "hurl": ("unit", "hex"),
    "swap": ("unit",),
    "impel": ("unit",),
    "shove": ("unit",),
    "long-shot": ("unit",),
    "reposition": ("hex",),
    "regen": (),
    "fury-aura": (),
    "whirlwind": (),
    "savage": (),
}

SCRIPT_KINDS = {
    # entry key -> decision asked by the engine
    "deploy": "deploy",
    "tactic": "tactic",
    "move": "move",
    "ability": "ability",
    "attack": "engage",
    "special": "engage",
    "intercept": "intercept",
    "catch-up": "catch-up",
    "return-unit": "return-unit",
    "pass": None,
}
PASSABLE = ("deploy", "tactic", "move", "ability", "engage", "intercept", "catch-up")

TOP_KEYS = ("title", "source", "note", "arena", "mode", "round", "active", "first", "steps", "seed", "supply", "dice",
            "troop", "unit")
TROOP_KEYS = ("faction", "name", "side", "favor", "favor_total", "hero_active", "camp", "bag", "discard", "track",
              "tactics", "tactics_discard", "policy", "script")
UNIT_KEYS = ("id", "troop", "ref", "hex", "hp", "dazed", "fatigued", "active", "primary", "moved", "engaged", "tactics")
DICE_KEYS = ("hits", "then")


# --------------------------------------------------------------------------- the parsed scenario


@dataclass(frozen=True)
class ScriptEntry:
    where: str
    """e.g. "troop 'kunlun', script entry 3" for messages."""
    kind: str
    """Entry key: deploy, tactic, move, ability, attack, special, intercept, catch-up, return-unit, pass."""
    decision: str
    """The engine decision it answers ("engage" for attack and special)."""
    name: str | None = None
    """Unit ref / tactic id / skill id named by the entry key."""
    unit: str | None = None
    target: str | None = None
    hex: int | None = None
    args: tuple | None = None
    text: str = ""


@dataclass(frozen=True)
class TroopSpec:
    label: str
    faction: str
    side: str
    favor: int
    favor_total: int
    hero_active: bool
    camp: tuple[Unit, ...]
    bag: tuple[Unit, ...]
    discard: tuple[Unit, ...]
    track: tuple[Unit, ...]
    tactics: tuple[Tactic, ...]
    tactics_discard: tuple[Tactic, ...]
    policy: str
    script: tuple[ScriptEntry, ...]


@dataclass(frozen=True)
class UnitSpec:
    ref: str
    unit: Unit
    troop: int
    hex: int
    hp: int
    dazed: bool
    active: bool
    primary: bool | None
    moved: bool
    engaged: bool
    tactics: tuple[tuple[Tactic, int], ...]
    """(tactic, troop index that played it)."""


@dataclass(frozen=True)
class Scenario:
    path: str
    title: str
    source: str | None
    note: str | None
    catalog: Catalog = field(repr=False)
    arena: str
    mode: str
    round: int
    active: int
    order: tuple[int, ...]
    steps: tuple[str, ...]
    seed: int
    supply: Mapping[str, int] | None
    dice: tuple[int, ...]
    dice_then: str
    troops: tuple[TroopSpec, ...]
    units: tuple[UnitSpec, ...]


# --------------------------------------------------------------------------- validation helpers


class _T:
    """One TOML table with errors naming file, table and field."""

    def __init__(self, file: str, where: str, data: Any, allowed: Sequence[str]) -> None:
        self.file, self.where = file, where
        if not isinstance(data, dict):
            raise self.err(None, f"must be a table, got {_show(data)}")
        self.d = data
        unknown = [k for k in data if k not in allowed]
        if unknown:
            import difflib

            k = unknown[0]
            close = difflib.get_close_matches(k, allowed, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise self.err(k, f"unknown field{hint} (allowed: {', '.join(allowed)})")

    def err(self, key: str | None, msg: str) -> InputError:
        loc = f"{self.file}: {self.where}" if self.where else self.file
        return InputError(f"{loc}: field {key!r}: {msg}" if key else f"{loc}: {msg}")

    def has(self, key: str) -> bool:
        return key in self.d

    def str_(self, key: str, default: Any = ..., choices: Sequence[str] | None = None) -> Any:
        if key not in self.d:
            if default is ...:
                raise self.err(key, "missing (required)")
            return default
        v = self.d[key]
        if not isinstance(v, str) or not v:
            raise self.err(key, f"must be a non-empty string, got {_show(v)}")
        if choices is not None and v not in choices:
            raise self.err(key, f"{v!r} is not one of: {', '.join(choices)}")
        return v

    def int_(self, key: str, default: Any = ..., lo: int | None = None, hi: int | None = None) -> Any:
        if key not in self.d:
            if default is ...:
                raise self.err(key, "missing (required)")
            return default
        v = self.d[key]
        if type(v) is not int:
            raise self.err(key, f"must be an integer, got {_show(v)}")
        if lo is not None and v < lo:
            raise self.err(key, f"{v} is below the minimum {lo}")
        if hi is not None and v > hi:
            raise self.err(key, f"{v} is above the maximum {hi}")
        return v

    def bool_(self, key: str, default: bool | None) -> Any:
        if key not in self.d:
            return default
        v = self.d[key]
        if not isinstance(v, bool):
            raise self.err(key, f"must be true or false, got {_show(v)}")
        return v

    def list_(self, key: str, default: Any = ()) -> list:
        if key not in self.d:
            return list(default)
        v = self.d[key]
        if not isinstance(v, list):
            raise self.err(key, f"must be a list, got {_show(v)}")
        return v


def _show(v: Any) -> str:
    import json

    try:
        return json.dumps(v)
    except (TypeError, ValueError):
        return repr(v)


def _lookup(t: _T, key: str, getter: Callable[[str], Any], value: str, what: str = "") -> Any:
    try:
        return getter(value)
    except InputError as exc:
        raise t.err(key, f"{what}{exc}") from None


def parse_hex(t: _T, key: str, value: Any, grid: HexGrid) -> int:
    """A hex as its index (int) or axial coordinates "q,r" (docs/catalog.md, arena maps)."""
    arena = grid.arena
    if type(value) is int:
        if not 0 <= value < grid.n:
            raise t.err(key, f"hex {value} is outside arena {arena.id!r} (hexes 0..{grid.n - 1})")
        return value
    if isinstance(value, str):
        parts = value.replace(" ", "").split(",")
        if len(parts) == 2:
            try:
                q, r = int(parts[0]), int(parts[1])
            except ValueError:
                pass
            else:
                idx = arena.index_of(q, r)
                if idx is None:
                    raise t.err(key, f"no hex at axial q,r = {q},{r} in arena {arena.id!r}")
                return idx
    raise t.err(key, f"must be a hex index (0..{grid.n - 1}) or axial coordinates \"q,r\", got {_show(value)}")


# --------------------------------------------------------------------------- loading


def load_scenario(path: str | Path, catalog: Catalog) -> Scenario:
    """Read and validate a scenario file (InputError naming file, table and field)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the scenario file: {exc.strerror or exc}") from None
    return loads_scenario(text, catalog, name=str(path))


def loads_scenario(text: str, catalog: Catalog, *, name: str = "<scenario>") -> Scenario:
    """Parse scenario TOML text (`name` is the file name used in messages)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{name}: malformed TOML: {exc}") from None
    top = _T(name, "", data, TOP_KEYS)
    mode = top.str_("mode", "skirmish", MODES)
    arena_id = top.str_("arena", "pozzuoli")
    arena = _lookup(top, "arena", catalog.arena, arena_id)
    grid = HexGrid.of(arena)
    if mode == "skirmish":
        try:
            make_mode(mode, arena_id)
        except InputError as exc:
            raise top.err("arena", f"{exc}; use mode = \"none\" for a bare board") from None
    seed = top.int_("seed", 0, lo=0)
    rnd = top.int_("round", 2, lo=1, hi=1000)

    # --- troops
    raw_troops = top.list_("troop")
    if len(raw_troops) != 2:
        raise top.err("troop", f"a scenario has exactly 2 troops ([[troop]] tables), got {len(raw_troops)}")
    troop_tables = [_T(name, f"troop #{i + 1}" + _id_hint(t, "name", "faction"), t, TROOP_KEYS)
                    for i, t in enumerate(raw_troops)]
    labels: list[str] = []
    sides: list[str] = []
    factions: list[str] = []
    for i, tt in enumerate(troop_tables):
        fid = tt.str_("faction")
        _lookup(tt, "faction", catalog.faction, fid)
        label = tt.str_("name", fid)
        if label in labels:
            raise tt.err("name", f"troop name {label!r} is used twice; give the troops distinct names")
        tt.where = f"troop #{i + 1} ({label})"
        labels.append(label)
        factions.append(fid)
        sides.append(tt.str_("side", SIDES[i], SIDES))
    if sides[0] == sides[1]:
        raise troop_tables[1].err("side", f"both troops are on the {sides[0]} side")

    def troop_index(t: _T, key: str, label: str) -> int:
        if label not in labels:
            raise t.err(key, f"unknown troop {label!r} (troops: {', '.join(labels)})")
        return labels.index(label)

    active = troop_index(top, "active", top.str_("active", labels[0]))
    first = troop_index(top, "first", top.str_("first", labels[sides.index("red")]))
    order = (first, 1 - first)

    # --- steps
    steps = _parse_steps(top, mode, grid)
    starts_whole = steps[0] in WHOLE

    # --- units on the board
    refs: dict[str, str] = {}  # ref -> where defined
    occupied: dict[int, str] = {}
    units: list[UnitSpec] = []
    stun = _stun_tactic(catalog)
    for i, raw in enumerate(top.list_("unit")):
        ut = _T(name, f"unit #{i + 1}" + _id_hint(raw, "id"), raw, UNIT_KEYS)
        uid = ut.str_("id")
        un: Unit = _lookup(ut, "id", catalog.unit, uid)
        ut.where = f"unit #{i + 1} ({uid})"
        if ut.has("troop"):
            troop = troop_index(ut, "troop", ut.str_("troop"))
        else:
            owners = [k for k, f in enumerate(factions) if f == un.faction]
            if len(owners) != 1:
                raise ut.err("troop",
                             "missing: say which troop owns this unit (its faction is not exactly one troop's)")
            troop = owners[0]
        ref = ut.str_("ref", None)
        if ref is None:
            ref = _fresh_ref(uid, refs)
        elif ref in refs:
            raise ut.err("ref", f"ref {ref!r} is already used by {refs[ref]}")
        refs[ref] = ut.where
        if "hex" not in raw:
            raise ut.err("hex", "missing (required): the hex the unit stands on")
        h = parse_hex(ut, "hex", raw["hex"], grid)
        tags = grid.tags[h]
        if "blocked" in tags or "pedestal" in tags:
            raise ut.err("hex", f"hex {h} is a {'pedestal' if 'pedestal' in tags else 'blocked hex'}: no unit may "
                                "stand there (ARN-6)")
        if h in occupied:
            raise ut.err("hex", f"hex {h} is already occupied by {occupied[h]} (ARN-1: one unit per hex)")
        occupied[h] = ut.where
        hp = ut.int_("hp", un.health)
        if hp < 1:
            raise ut.err("hp", f"HP {hp}: a unit in combat has at least 1 HP (it is defeated at 0, ENG-5)")
        active_ = ut.bool_("active", True)
        if not active_ and not un.elite:
            raise ut.err("active", "only heroes have an inactive side (UNIT-7)")
        flags = {k: ut.bool_(k, False) for k in ("dazed", "moved", "engaged")}
        for k, v in flags.items():
            if v and starts_whole:
                raise ut.err(k, f"'{k}' describes the turn in progress, but steps start with {steps[0]!r}, which "
                                "plays a whole turn from its start; list single steps instead")
        placed: list[tuple[Tactic, int]] = []
        for j, traw in enumerate(ut.list_("tactics")):
            placed.append(_placed_tactic(ut, j, traw, catalog, troop, labels, troop_index))
        if ut.bool_("fatigued", False):
            if stun is None:
                raise ut.err("fatigued", "the catalog has no tactic with the 'stun' effect to fatigue the unit with")
            placed.append((stun, 1 - troop))
        if placed and un.elite:
            raise ut.err("tactics" if ut.has("tactics") else "fatigued",
                         "elite units cannot have tactics on them (UNIT-6), so they cannot be fatigued either")
        units.append(UnitSpec(ref, un, troop, h, hp, flags["dazed"], active_, ut.bool_("primary", None),
                              flags["moved"], flags["engaged"], tuple(placed)))

    # --- troop contents
    pozz_max = 20 if mode == "skirmish" else 10_000
    if mode == "skirmish" and arena_id != "pozzuoli":
        pozz_max = 0  # the Colosseum's five tracks (CF-4) are not settable in scenarios yet
    troops: list[TroopSpec] = []
    for i, tt in enumerate(troop_tables):
        def units_of(key: str, tt: _T = tt) -> tuple[Unit, ...]:
            out = []
            for j, v in enumerate(tt.list_(key)):
                if not isinstance(v, str):
                    raise tt.err(key, f"entry {j + 1}: must be a unit id, got {_show(v)}")
                out.append(_lookup(tt, key, catalog.unit, v, f"entry {j + 1}: "))
                _fresh_ref(v, refs, register=f"{tt.where} {key}")
            return tuple(out)

        def tactics_of(key: str, tt: _T = tt) -> tuple[Tactic, ...]:
            out = []
            for j, v in enumerate(tt.list_(key)):
                if not isinstance(v, str):
                    raise tt.err(key, f"entry {j + 1}: must be a tactic id, got {_show(v)}")
                out.append(_lookup(tt, key, catalog.tactic, v, f"entry {j + 1}: "))
            return tuple(out)

        favor = tt.int_("favor", 0, lo=0, hi=pozz_max)
        favor_total = tt.int_("favor_total", favor, lo=favor)
        camp, bag, discard, track = units_of("camp"), units_of("bag"), units_of("discard"), units_of("track")
        discard_t = tactics_of("tactics_discard")
        if tt.has("tactics"):
            tactics = tactics_of("tactics")
        else:
            # Default: the faction's tactics not already on a unit (played by this troop) or in the discard.
            tactics_l = list(catalog.faction_tactics(factions[i]))
            for u in units:
                for tac, owner in u.tactics:
                    if owner == i and tac in tactics_l:
                        tactics_l.remove(tac)
            for tac in discard_t:
                if tac in tactics_l:
                    tactics_l.remove(tac)
            tactics = tuple(tactics_l)
        policy = tt.str_("policy", "pass")
        known = controller_names()
        if policy not in ("pass",) + known:
            raise tt.err("policy", f"unknown policy {policy!r}; allowed: pass, {', '.join(known)}")
        script = tuple(_parse_script(tt, grid, catalog))
        troops.append(TroopSpec(labels[i], factions[i], sides[i], favor, favor_total,
                                tt.bool_("hero_active", favor >= 5), camp, bag, discard, track,
                                tactics, discard_t, policy, script))

    # script entries must name units / tactics / skills of the scenario
    known_units = set(refs) | {u.unit.id for u in units} | {u.id for t in troops
                                                            for u in t.camp + t.bag + t.discard + t.track}
    known_units |= {catalog.faction(f).hero for f in factions}
    for t in troops:
        for e in t.script:
            for key, v in (("unit", e.unit), ("target", e.target)) + ((e.kind, e.name),) * (e.kind in (
                    "deploy", "move", "attack", "intercept", "catch-up", "return-unit")):
                if v is not None and v not in known_units:
                    raise InputError(f"{name}: {e.where}: field {key!r}: no unit {v!r} in this scenario "
                                     f"(refs and ids: {', '.join(sorted(known_units))})")
            if e.kind in ("ability", "special") and e.name not in catalog.skills:
                raise InputError(f"{name}: {e.where}: field {e.kind!r}: unknown skill {e.name!r}")
            if e.kind == "tactic" and e.name not in catalog.tactics:
                raise InputError(f"{name}: {e.where}: field 'tactic': unknown tactic {e.name!r}")

    # primary heroes: at most one per troop
    for i in range(2):
        prim = [u for u in units if u.troop == i and u.primary]
        if len(prim) > 1:
            raise InputError(f"{name}: troop {labels[i]!r} has {len(prim)} units with primary = true (one primary hero "
                             "per troop)")

    supply = None
    if top.has("supply"):
        st = _T(name, "supply", top.d["supply"], SIDES)
        supply = {s: st.int_(s, 0, lo=0) for s in SIDES}
    else:
        chips = catalog.game.health_chips
        for s in SIDES:
            used = sum(u.hp for u in units if sides[u.troop] == s)
            if used > chips[s]:
                raise top.err("unit", f"units on the {s} side hold {used} HP, more than the {chips[s]} {s} health "
                                      "chips "
                                      "of the box (UNIT-3); lower some hp")

    dice: tuple[int, ...] = ()
    then = "random"
    if top.has("dice"):
        dt = _T(name, "dice", top.d["dice"], DICE_KEYS)
        hits = dt.list_("hits")
        for j, v in enumerate(hits):
            if type(v) is not int or v < 0:
                raise dt.err("hits", f"entry {j + 1}: must be a hit count (integer >= 0), got {_show(v)}")
        dice = tuple(hits)
        then = dt.str_("then", "error" if dice else "random", DICE_THEN)

    return Scenario(
        path=name, title=top.str_("title", Path(name).stem), source=top.str_("source", None),
        note=top.str_("note", None),
        catalog=catalog, arena=arena_id, mode=mode, round=rnd, active=active, order=order, steps=steps, seed=seed,
        supply=supply, dice=dice, dice_then=then, troops=tuple(troops), units=tuple(units),
    )


def _id_hint(raw: Any, *keys: str) -> str:
    """" (id)" for messages about a table whose other fields are wrong."""
    if isinstance(raw, dict):
        for k in keys:
            if isinstance(raw.get(k), str):
                return f" ({raw[k]})"
    return ""


def _fresh_ref(uid: str, refs: dict[str, str], register: str | None = None) -> str:
    """A unit's default ref: its catalog id, then id#2, id#3... for further copies."""
    ref, k = uid, 1
    while ref in refs:
        k += 1
        ref = f"{uid}#{k}"
    if register is not None:
        refs[ref] = register
    return ref


def _stun_tactic(catalog: Catalog) -> Tactic | None:
    if "stun" in catalog.tactics:
        return catalog.tactics["stun"]
    for t in catalog.tactics.values():
        if any(e.term == "stun" for e in t.effects):
            return t
    return None


def _placed_tactic(ut: _T, j: int, raw: Any, catalog: Catalog, troop: int, labels: list[str],
                   troop_index) -> tuple[Tactic, int]:
    if isinstance(raw, str):
        tac = _lookup(ut, "tactics", catalog.tactic, raw, f"entry {j + 1}: ")
        harmful = any(e.term in HARMFUL_TERMS for e in tac.effects)
        return tac, (1 - troop) if harmful else troop
    if isinstance(raw, dict):
        tt = _T(ut.file, f"{ut.where} tactics entry {j + 1}", raw, ("id", "by"))
        tac = _lookup(tt, "id", catalog.tactic, tt.str_("id"))
        by = troop_index(tt, "by", tt.str_("by")) if tt.has("by") else None
        if by is None:
            harmful = any(e.term in HARMFUL_TERMS for e in tac.effects)
            by = (1 - troop) if harmful else troop
        return tac, by
    raise ut.err("tactics", f"entry {j + 1}: must be a tactic id or {{ id = ..., by = troop }}, got {_show(raw)}")


def _parse_steps(top: _T, mode: str, grid: HexGrid) -> tuple[str, ...]:
    raw = top.d.get("steps", ["turn"])
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise top.err("steps", f"must be a non-empty list of step names, got {_show(raw)}")
    out: list[str] = []
    last = -1
    for j, s in enumerate(raw):
        if isinstance(s, str):
            s = STEP_ALIASES.get(s, s)
        if not isinstance(s, str) or s not in STEPS + WHOLE:
            raise top.err("steps", f"entry {j + 1}: unknown step {_show(s)} (steps: {', '.join(STEPS + WHOLE)})")
        if s in WHOLE:
            last = -1
            if mode == "none":
                raise top.err("steps", f"{s!r} needs a game mode (mode = \"skirmish\"); mode \"none\" plays single "
                                       "steps only")
        else:
            k = STEPS.index(s)
            if k <= last:
                raise top.err("steps", f"entry {j + 1}: {s!r} after {STEPS[last]!r}: a player turn plays its steps "
                                       "once each, "
                                       f"in the order {', '.join(STEPS)} (TURN-1)")
            last = k
            if s in ("arena", "replenish") and mode == "none":
                raise top.err("steps", f"entry {j + 1}: {s!r} is a Skirmish step; it needs mode = \"skirmish\"")
        out.append(s)
    return tuple(out)


def _parse_script(tt: _T, grid: HexGrid, catalog: Catalog) -> list[ScriptEntry]:
    out = []
    for j, raw in enumerate(tt.list_("script")):
        where = f"{tt.where}, script entry {j + 1}"
        et = _T(tt.file, where, raw, tuple(SCRIPT_KINDS) + ("unit", "target", "hex", "on", "args"))
        kinds = [k for k in raw if k in SCRIPT_KINDS]
        if len(kinds) != 1:
            raise et.err(None, f"needs exactly one of {', '.join(SCRIPT_KINDS)} (got {', '.join(kinds) or 'none'})")
        kind = kinds[0]
        value = et.str_(kind)
        if kind == "pass":
            if value not in PASSABLE:
                raise et.err("pass", f"{value!r} is not a decision one can pass (decisions: {', '.join(PASSABLE)})")
            out.append(ScriptEntry(where, "pass", value, value, text=f"pass {value}"))
            continue
        extra = {"deploy": ("hex",), "tactic": ("on",), "move": ("hex",), "ability": ("unit", "target", "hex", "args"),
                 "attack": ("target",), "special": ("unit", "target", "hex", "args")}.get(kind, ())
        for k in raw:
            if k != kind and k not in extra:
                raise et.err(k, f"not used by a {kind!r} entry (it takes: {', '.join(extra) or 'nothing else'})")
        if kind == "move" and "hex" not in raw:
            raise et.err("hex", "missing (required): where the unit moves to")
        h = parse_hex(et, "hex", raw["hex"], grid) if "hex" in raw else None
        target = et.str_("on" if kind == "tactic" else "target", None)
        args = None
        if "args" in raw:
            a = raw["args"]
            if not isinstance(a, list):
                raise et.err("args", f"must be a list, got {_show(a)}")
            args = tuple(a)
        decision = SCRIPT_KINDS[kind]
        assert decision is not None  # only a pass has none (above)
        out.append(ScriptEntry(where, kind, decision, value, et.str_("unit", None), target, h, args,
                               text=_entry_text(raw)))
    return out


def _entry_text(raw: Mapping[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in raw.items()) + " }"


# --------------------------------------------------------------------------- playing


def make_mode(mode: str, arena: str) -> Any:
    """The mode object the rules call back (crowd favor, win conditions); `none`: the default mode's bare
    board (its steps, no favor, no win). Found through the mode registry (`Mode.for_scenario`)."""
    from hoplostat.engine.loop import mode_class

    if mode == "none":
        return mode_class("skirmish").for_scenario(arena, bare=True)
    return mode_class(mode).for_scenario(arena)


class ScenarioRoller(FixedRoller):
    """Forced hit counts in order (`[dice] hits`), then `then`: error, all, none or random (seeded)."""

    def __init__(self, results: Sequence[int], then: str, rng: np.random.Generator, file: str) -> None:
        super().__init__(results)
        self.then = then
        self.file = file
        self.pmf = PmfRoller(rng)
        self.n_forced = len(results)
        self.record: list[dict[str, Any]] = []

    def hits(self, pool: Pool) -> int:
        if pool.size == 0:
            return 0
        self.rolled.append(pool)
        k = len(self.record)
        if self.results:
            n = self.results.pop(0)
            if n > pool.size:
                raise InputError(f"{self.file}: dice: hits entry {k + 1} is {n}, but roll {k + 1} is {pool} "
                                 f"({pool.size} dice, at most {pool.size} hits)")
            forced = True
        elif self.then == "all":
            n, forced = pool.size, False
        elif self.then == "none":
            n, forced = 0, False
        elif self.then == "random":
            n, forced = self.pmf.hits(pool), False
        else:
            raise InputError(f"{self.file}: dice: the scenario rolls a {_ordinal(k + 1)} time ({pool}) but hits lists "
                             f"{self.n_forced} result(s); add results or set dice.then (all, none, random)")
        self.record.append({"pool": str(pool), "hits": n, "forced": forced})
        return n


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class PassController:
    """Passes on every optional decision; takes the first option of a mandatory one."""

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        return None if optional else options[0]


class ScriptController:
    """Answers decisions from a troop's script in order; decisions the next entry does not answer
    go to the fallback policy."""

    def __init__(self, entries: Sequence[ScriptEntry], fallback: Any, refs: list[str], file: str) -> None:
        self.entries = list(entries)
        self.pos = 0
        self.fallback = fallback
        self.refs = refs
        self.file = file

    def _uids(self, g: Game, name: str) -> set[int]:
        got = {i for i, r in enumerate(self.refs) if r == name}
        return got or {u.uid for u in g.state.units if u.unit.id == name}

    def choose(self, g: Game, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        if self.pos < len(self.entries):
            e = self.entries[self.pos]
            if e.decision == decision:
                self.pos += 1
                if e.kind == "pass":
                    if not optional:
                        raise InputError(f"{self.file}: {e.where} ({e.text}): the {decision} decision is mandatory "
                                         "here and cannot be passed")
                    return None
                for o in options:
                    if self._matches(g, troop, e, o):
                        return o
                shown = "; ".join(describe_option(g.state, decision, o, self.refs) for o in options[:12])
                more = f" (and {len(options) - 12} more)" if len(options) > 12 else ""
                raise InputError(f"{self.file}: {e.where} ({e.text}) is not a legal {decision} choice here; "
                                 f"legal: {shown or 'none'}{more}")
        return self.fallback.choose(g, troop, decision, options, optional=optional)

    def _matches(self, g: Game, troop: int, e: ScriptEntry, o: Any) -> bool:
        u = self._uids
        k = e.kind
        assert e.name is not None  # every entry but a pass names its unit, tactic or skill (`_parse_script`)
        if k in ("intercept", "catch-up", "return-unit"):
            return o in u(g, e.name)
        if k == "deploy":
            return o[0] in u(g, e.name) and (e.hex is None or o[1] == e.hex)
        if k == "move":
            return o[0] in u(g, e.name) and o[1] == e.hex
        if k == "tactic":
            camp = g.state.troops[troop].tactics_camp
            tac = camp[o[0]] if o[0] < len(camp) else None
            return tac is not None and tac.id == e.name and (e.target is None or o[1] in u(g, e.target))
        if k == "attack":
            return o[0] == "attack" and o[1] in u(g, e.name) and (e.target is None or o[2] in u(g, e.target))
        if k == "ability":
            uid, sid, args = o
        elif k == "special":
            if o[0] != "special":
                return False
            _, uid, sid, args = o
        else:
            return False
        if sid != e.name or (e.unit is not None and uid not in u(g, e.unit)):
            return False
        if e.args is not None:
            return tuple(args) == e.args
        kinds = ARG_KINDS.get(sid)
        if kinds is None:
            return e.target is None and e.hex is None
        for kind_, a in zip(kinds, args):
            if kind_ == "unit" and e.target is not None and a not in u(g, e.target):
                return False
            if kind_ == "hex" and e.hex is not None and a != e.hex:
                return False
        return True

    def leftover(self) -> list[ScriptEntry]:
        return self.entries[self.pos:]


def describe_option(s: GameState, decision: str, o: Any, refs: Sequence[str]) -> str:
    """One legal option in words (for error messages)."""
    def r(uid: int) -> str:
        return refs[uid] if 0 <= uid < len(refs) else str(uid)

    try:
        if decision == "deploy":
            return f"deploy {r(o[0])} on hex {o[1]}"
        if decision == "move":
            return f"move {r(o[0])} to hex {o[1]}"
        if decision == "tactic":
            camp = s.troops[s.active].tactics_camp
            return f"tactic {camp[o[0]].id} on {r(o[1])}"
        if decision == "ability":
            return f"ability {o[1]} of {r(o[0])} args {list(o[2])}"
        if decision == "engage":
            if o[0] == "attack":
                return f"attack {r(o[1])} -> {r(o[2])}"
            return f"special {o[2]} of {r(o[1])} args {list(o[3])}"
        if decision in ("intercept", "catch-up", "return-unit"):
            return f"{decision} {r(o)}"
    except (IndexError, TypeError):
        pass
    return repr(o)


@dataclass
class _Built:
    game: Game
    refs: list[str]
    labels: list[str]
    roller: ScenarioRoller
    scripts: list[ScriptController | None]
    placed: list[int]


def build_game(scen: Scenario) -> _Built:
    """The scenario's position as a `Game` (state, forced-dice roller, controllers), before any step."""
    cat = scen.catalog
    grid = HexGrid.of(cat.arena(scen.arena))
    rng = np.random.default_rng(scen.seed)
    turn_no = 2 * (scen.round - 1) + scen.order.index(scen.active) + 1
    units: list[UnitState] = []
    refs: list[str] = []
    board = [-1] * grid.n
    troops = [TroopState(index=i, side=t.side, faction=t.faction) for i, t in enumerate(scen.troops)]
    for i, t in enumerate(scen.troops):
        tr = troops[i]
        tr.favor = t.favor
        tr.favor_total = t.favor_total
        tr.rewards = sum(1 for x in (5, 10, 15, 20) if x <= t.favor) if scen.mode == "skirmish" else 0
        tr.tactics_camp = list(t.tactics)
        tr.tactics_discard = list(t.tactics_discard)
    for spec in scen.units:
        u = UnitState(len(units), spec.unit, spec.troop, zone=COMBAT, hex=spec.hex, hp=spec.hp, active=spec.active,
                      deployed_turn=turn_no if spec.dazed else -10,
                      moved_turn=turn_no if spec.moved else -1, engaged_turn=turn_no if spec.engaged else -1,
                      hp_gained=max(0, spec.hp - spec.unit.health))
        for tac, owner in spec.tactics:
            # A tactic "already on" the unit was played this turn by the active troop, else in the owner's last turn.
            u.tactics.append(PlacedTactic(tac, owner, turn_no if owner == scen.active else turn_no - 1))
        if hasattr(u, "entered"):
            u.entered = True  # per-unit statistics of newer engines
        board[spec.hex] = u.uid
        units.append(u)
        refs.append(spec.ref)
        troops[spec.troop].deployed += 1
    placed = [u.uid for u in units]
    taken = set(refs)
    for i, t in enumerate(scen.troops):
        for zone, lst in ((CAMP, t.camp), (BAG, t.bag), (DISCARD, t.discard), (TRACK, t.track)):
            for un in lst:
                u = UnitState(len(units), un, i, zone=zone, active=True if zone == TRACK else True)
                units.append(u)
                ref = _fresh_ref(un.id, dict.fromkeys(taken, ""))
                taken.add(ref)
                refs.append(ref)
    # primary heroes (SKR-12 wins; CF-3's first reward activates it): explicit, else the faction hero
    for i, t in enumerate(scen.troops):
        hero_id = cat.faction(t.faction).hero
        mine = [u for u in units if u.troop == i]
        explicit = [u for u, spec in zip(units, scen.units) if spec.troop == i and spec.primary]
        hero: UnitState | None
        if explicit:
            hero = explicit[0]
        else:
            cands = [u for u in mine if u.unit.id == hero_id
                     and not (u.zone == COMBAT and scen.units[u.uid].primary is False)]
            hero = cands[0] if cands else None
            if hero is None:
                hero = UnitState(len(units), cat.unit(hero_id), i, zone=CAMP)
                units.append(hero)
                ref = _fresh_ref(hero_id, dict.fromkeys(taken, ""))
                taken.add(ref)
                refs.append(ref)
        hero.is_primary_hero = True
        troops[i].primary_hero = hero.uid
        if hero.zone != COMBAT:
            hero.active = t.hero_active
    chips = dict(cat.game.health_chips)
    in_combat = {s: sum(u.hp for u in units if u.zone == COMBAT and troops[u.troop].side == s) for s in SIDES}
    if scen.supply is not None:
        supply = dict(scen.supply)
        start = {s: supply[s] + in_combat[s] for s in SIDES}
    else:
        start = {s: chips[s] for s in SIDES}
        supply = {s: chips[s] - in_combat[s] for s in SIDES}
    s = GameState(
        grid=grid, units=units, troops=troops, board=board, supply=supply, supply_start=start,
        order=list(scen.order), combat=list(placed), round=scen.round, turn=turn_no - 1, active=scen.active,
        log=[], mode=make_mode(scen.mode, scen.arena),
    )
    roller = ScenarioRoller(scen.dice, scen.dice_then, rng, scen.path)
    controllers: list[Any] = []
    scripts: list[ScriptController | None] = []
    for t in scen.troops:
        base = PassController() if t.policy == "pass" else make_controller(t.policy, rng=rng)
        if t.script:
            sc = ScriptController(t.script, base, refs, scen.path)
            controllers.append(sc)
            scripts.append(sc)
        else:
            controllers.append(base)
            scripts.append(None)
    g = Game(s, roller, controllers, rng)
    return _Built(g, refs, [t.label for t in scen.troops], roller, scripts, placed)


def run_scenario(scen: Scenario) -> dict[str, Any]:
    """Play the scenario's steps through the engine and return the resulting state as plain data."""
    b = build_game(scen)
    g, s = b.game, b.game.state
    mode = s.mode
    pos = s.order.index(scen.active)
    started = False  # single steps of the cursor troop's turn have begun
    round_open = True
    played: list[str] = []

    def new_round_if_needed() -> None:
        nonlocal round_open
        if not round_open:
            s.round += 1
            round_open = True
            mode.start_round(g)

    def advance() -> None:
        nonlocal pos, started, round_open
        started = False
        pos += 1
        if pos == len(s.order):
            pos = 0
            round_open = False

    for item in scen.steps:
        if s.end_reason is not None:
            break
        if item in WHOLE:
            if started:
                advance()
            while True:
                new_round_if_needed()
                if s.end_reason is not None:
                    break
                troop = s.order[pos]
                whole = mode.turn_of(g, troop)
                open_turn(g, whole)
                run_steps(g, whole.steps)
                played.append(f"turn {b.labels[troop]}")
                last = pos == len(s.order) - 1
                advance()
                if item == "turn" or last or s.end_reason is not None:
                    break
            continue
        if not started:
            new_round_if_needed()
            if s.end_reason is not None:
                break
            troop = s.order[pos]
            open_turn(g, mode.turn_of(g, troop))
            started = True
        troop = s.order[pos]
        _play_step(g, item, troop, scen)
        played.append(item)

    if s.end_reason is None:
        for sc, label in zip(b.scripts, b.labels):
            if sc is not None and sc.leftover():
                e = sc.leftover()[0]
                n = len(sc.leftover())
                raise InputError(f"{scen.path}: {e.where} ({e.text}) was never used: troop {label!r} was not asked "
                                 f"for a {e.decision!r} decision after the entries before it (no legal choice then, "
                                 f"or that step was not played; {n} entr{'y' if n == 1 else 'ies'} left)")
        if b.roller.results and scen.dice_then == "error":
            raise InputError(f"{scen.path}: dice: {len(b.roller.results)} forced result(s) left unused "
                             f"({b.roller.results}); the steps rolled {len(b.roller.record)} time(s)")
    return state_dict(scen, b, played)


def _play_step(g: Game, step: str, troop: int, scen: Scenario) -> None:
    """One named step of the troop's turn: the very step the mode's own turn plays (`Mode.turn_of`)."""
    steps = dict(g.state.mode.turn_of(g, troop).steps)
    steps[step]()


# --------------------------------------------------------------------------- result


def state_dict(scen: Scenario, b: _Built, played: Sequence[str]) -> dict[str, Any]:
    s = b.game.state
    refs, labels = b.refs, b.labels
    arena = s.grid.arena

    def tac_list(u: UnitState) -> list[dict[str, Any]]:
        return [{"id": pt.tactic.id, "name": pt.tactic.name, "by": labels[pt.owner]} for pt in u.tactics]

    shown = list(b.placed) + [u.uid for u in s.units if u.uid not in b.placed and u.deployed_turn >= 0]
    units = []
    for uid in shown:
        u = s.units[uid]
        h = arena.hexes[u.hex] if u.hex >= 0 else None
        units.append({
            "ref": refs[uid], "id": u.unit.id, "name": u.name, "troop": labels[u.troop], "zone": u.zone,
            "hex": u.hex if u.hex >= 0 else None, "q": h.q if h else None, "r": h.r if h else None,
            "hp": u.hp, "health": u.unit.health, "dazed": u.zone == COMBAT and s.is_dazed(u),
            "fatigued": u.zone == COMBAT and s.is_fatigued(u), "active": u.active, "primary_hero": u.is_primary_hero,
            "tactics": tac_list(u),
        })
    troops = []
    for t in s.troops:
        def ids(zone: str, t: TroopState = t) -> list[str]:
            return [refs[u.uid] for u in s.units if u.troop == t.index and u.zone == zone]

        troops.append({
            "name": labels[t.index], "faction": t.faction, "side": t.side, "favor": t.favor,
            "favor_total": t.favor_total, "rewards": t.rewards, "in_combat": ids(COMBAT), "camp": ids(CAMP),
            "bag": ids(BAG), "discard": ids(DISCARD), "track": ids(TRACK),
            "tactics_camp": [x.id for x in t.tactics_camp], "tactics_discard": [x.id for x in t.tactics_discard],
            "damage_dealt": t.damage_dealt, "kills": t.kills, "units_lost": t.units_lost,
        })
    return {
        "scenario": scen.title, "file": scen.path, "source": scen.source, "arena": scen.arena, "mode": scen.mode,
        "steps": list(played), "round": s.round, "turn": s.turn, "active": labels[s.active] if s.active >= 0 else None,
        "winner": None if s.winner is None else labels[s.winner],
        "winner_faction": None if s.winner is None else s.troops[s.winner].faction,
        "end_reason": s.end_reason,
        "units": units, "troops": troops, "supply": dict(s.supply),
        "rolls": list(b.roller.record), "log": list(s.log or ()),
    }
