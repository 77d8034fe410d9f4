"""Loading a scenario file: TOML text into a validated `Scenario`, every mistake an `InputError` naming the file,
the table and the field. What a mode allows (its steps, its arenas, how much crowd favor a troop may hold) is
asked of the mode class (`Mode.scenario_steps`, `Mode.scenario_favor_cap`)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hoplostat.catalog.model import Catalog, Tactic, Unit
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.mode import Mode
from hoplostat.engine.registry import controller_names
from hoplostat.engine.scenario.entries import parse_script, parse_steps, placed_tactic, stun_tactic
from hoplostat.engine.scenario.model import (
    DICE_KEYS,
    DICE_THEN,
    TOP_KEYS,
    TROOP_KEYS,
    UNIT_KEYS,
    WHOLE,
    Scenario,
    TroopSpec,
    UnitSpec,
)
from hoplostat.engine.scenario.tables import Table, fresh_ref, id_hint, lookup, parse_hex, show
from hoplostat.engine.state import SIDES
from hoplostat.errors import InputError

BARE = "none"
"""The `mode` of a bare board: the default mode's single steps with no crowd favor and no win."""


def load_scenario(path: str | Path, catalog: Catalog) -> Scenario:
    """Read and validate a scenario file (InputError naming file, table and field)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the scenario file: {exc.strerror or exc}") from None
    return loads_scenario(text, catalog, name=str(path))


@dataclass
class _Parse:
    """What the parts of a scenario file read so far (for the checks of the later parts)."""

    name: str
    catalog: Catalog
    top: Table
    mode: str
    mode_class: type[Mode]
    arena: str
    grid: HexGrid
    labels: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)
    factions: list[str] = field(default_factory=list)
    troop_tables: list[Table] = field(default_factory=list)
    refs: dict[str, str] = field(default_factory=dict)
    """ref -> where it is defined."""
    occupied: dict[int, str] = field(default_factory=dict)
    """hex -> the unit standing there (where it is defined)."""

    def troop_index(self, t: Table, key: str, label: str) -> int:
        if label not in self.labels:
            raise t.err(key, f"unknown troop {label!r} (troops: {', '.join(self.labels)})")
        return self.labels.index(label)


def loads_scenario(text: str, catalog: Catalog, *, name: str = "<scenario>") -> Scenario:
    """Parse scenario TOML text (`name` is the file name used in messages)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{name}: malformed TOML: {exc}") from None
    p = _parse_board(name, Table(name, "", data, TOP_KEYS), catalog)
    top = p.top
    seed = top.int_("seed", 0, lo=0)
    rnd = top.int_("round", 2, lo=1, hi=1000)
    _parse_troop_heads(p)
    active = p.troop_index(top, "active", top.str_("active", p.labels[0]))
    first = p.troop_index(top, "first", top.str_("first", p.labels[p.sides.index("red")]))
    steps = _parse_steps(p)
    units = [_parse_unit(p, i, raw, steps[0]) for i, raw in enumerate(top.list_("unit"))]
    troops = [_parse_troop(p, i, tt, units) for i, tt in enumerate(p.troop_tables)]
    _check_scripts(p, troops, units)
    supply = _parse_supply(p, units)
    dice, then = _parse_dice(p)
    return Scenario(
        path=name, title=top.str_("title", Path(name).stem), source=top.str_("source", None),
        note=top.str_("note", None),
        catalog=p.catalog, arena=p.arena, mode=p.mode, round=rnd, active=active, order=(first, 1 - first), steps=steps,
        seed=seed, supply=supply, dice=dice, dice_then=then, troops=tuple(troops), units=tuple(units),
        mode_class=p.mode_class,
    )


def _parse_board(name: str, top: Table, catalog: Catalog) -> _Parse:
    """The mode (any registered mode, or "none"), its catalog and the arena (the mode's first by default)."""
    from hoplostat.engine.loop import default_mode, modes

    known = tuple(modes())
    default = default_mode()
    mode = top.str_("mode", default, known + (BARE,))
    cls = modes()[default if mode == BARE else mode]
    catalog = cls.scenario_catalog(catalog)
    arena_id = top.str_("arena", next((a for a in cls.arenas if a in catalog.arenas), cls.arenas[0]))
    arena = lookup(top, "arena", catalog.arena, arena_id)
    if mode != BARE and arena_id not in cls.arenas:
        raise top.err("arena", f"unknown arena {arena_id!r} for {cls.name}; allowed: {', '.join(cls.arenas)}; use "
                               f"mode = \"{BARE}\" for a bare board")
    return _Parse(name, catalog, top, mode, cls, arena_id, HexGrid.of(arena))


def _parse_troop_heads(p: _Parse) -> None:
    """The two troops' factions, names and sides (their contents come later, `_parse_troop`)."""
    top = p.top
    raw_troops = top.list_("troop")
    if len(raw_troops) != 2:
        raise top.err("troop", f"a scenario has exactly 2 troops ([[troop]] tables), got {len(raw_troops)}")
    p.troop_tables = [Table(p.name, f"troop #{i + 1}" + id_hint(t, "name", "faction"), t, TROOP_KEYS)
                      for i, t in enumerate(raw_troops)]
    for i, tt in enumerate(p.troop_tables):
        fid = tt.str_("faction")
        lookup(tt, "faction", p.catalog.faction, fid)
        label = tt.str_("name", fid)
        if label in p.labels:
            raise tt.err("name", f"troop name {label!r} is used twice; give the troops distinct names")
        tt.where = f"troop #{i + 1} ({label})"
        p.labels.append(label)
        p.factions.append(fid)
        p.sides.append(tt.str_("side", SIDES[i], SIDES))
    if p.sides[0] == p.sides[1]:
        raise p.troop_tables[1].err("side", f"both troops are on the {p.sides[0]} side")


def _parse_steps(p: _Parse) -> tuple[str, ...]:
    """The steps to play, checked against the mode's own step names (`Mode.scenario_steps`)."""
    cls = p.mode_class
    names = cls.scenario_steps(p.catalog, p.arena)
    bare_names = cls.scenario_steps(p.catalog, p.arena, bare=True) if p.mode == BARE else None
    return parse_steps(p.top, names, cls.scenario_step_aliases(), bare_names, cls.name)


def _parse_unit(p: _Parse, i: int, raw: Any, first_step: str) -> UnitSpec:
    """One `[[unit]]` on the board: its chip, owner, ref, hex, HP, flags and the tactics on it."""
    catalog = p.catalog
    ut = Table(p.name, f"unit #{i + 1}" + id_hint(raw, "id"), raw, UNIT_KEYS)
    uid = ut.str_("id")
    un: Unit = lookup(ut, "id", catalog.unit, uid)
    ut.where = f"unit #{i + 1} ({uid})"
    if ut.has("troop"):
        troop = p.troop_index(ut, "troop", ut.str_("troop"))
    else:
        owners = [k for k, f in enumerate(p.factions) if f == un.faction]
        if len(owners) != 1:
            raise ut.err("troop", "missing: say which troop owns this unit (its faction is not exactly one troop's)")
        troop = owners[0]
    ref = ut.str_("ref", None)
    if ref is None:
        ref = fresh_ref(uid, p.refs)
    elif ref in p.refs:
        raise ut.err("ref", f"ref {ref!r} is already used by {p.refs[ref]}")
    p.refs[ref] = ut.where
    h = _unit_hex(p, ut, raw)
    hp = ut.int_("hp", un.health)
    if hp < 1:
        raise ut.err("hp", f"HP {hp}: a unit in combat has at least 1 HP (it is defeated at 0, ENG-5)")
    active_ = ut.bool_("active", True)
    if not active_ and not un.elite:
        raise ut.err("active", "only heroes have an inactive side (UNIT-7)")
    flags = {k: ut.bool_(k, False) for k in ("dazed", "moved", "engaged")}
    for k, v in flags.items():
        if v and first_step in WHOLE:
            raise ut.err(k, f"'{k}' describes the turn in progress, but steps start with {first_step!r}, which "
                            "plays a whole turn from its start; list single steps instead")
    placed = _unit_tactics(p, ut, un, troop)
    return UnitSpec(ref, un, troop, h, hp, flags["dazed"], active_, ut.bool_("primary", None), flags["moved"],
                    flags["engaged"], tuple(placed))


def _unit_hex(p: _Parse, ut: Table, raw: dict) -> int:
    """The hex a unit stands on: on the arena, not blocked, not taken by an earlier unit."""
    if "hex" not in raw:
        raise ut.err("hex", "missing (required): the hex the unit stands on")
    h = parse_hex(ut, "hex", raw["hex"], p.grid)
    tags = p.grid.tags[h]
    if "blocked" in tags or "pedestal" in tags:
        raise ut.err("hex", f"hex {h} is a {'pedestal' if 'pedestal' in tags else 'blocked hex'}: no unit may "
                            "stand there (ARN-6)")
    if h in p.occupied:
        raise ut.err("hex", f"hex {h} is already occupied by {p.occupied[h]} (ARN-1: one unit per hex)")
    p.occupied[h] = ut.where
    return h


def _unit_tactics(p: _Parse, ut: Table, un: Unit, troop: int) -> list[tuple[Tactic, int]]:
    """The tactics on a unit as (tactic, troop that played it); `fatigued` adds the opposing troop's stun."""
    placed = [placed_tactic(ut, j, traw, p.catalog, troop, p.troop_index) for j, traw in enumerate(ut.list_("tactics"))]
    if ut.bool_("fatigued", False):
        stun = stun_tactic(p.catalog)
        if stun is None:
            raise ut.err("fatigued", "the catalog has no tactic with the 'stun' effect to fatigue the unit with")
        placed.append((stun, 1 - troop))
    if placed and un.elite:
        raise ut.err("tactics" if ut.has("tactics") else "fatigued",
                     "elite units cannot have tactics on them (UNIT-6), so they cannot be fatigued either")
    return placed


def _parse_troop(p: _Parse, i: int, tt: Table, units: list[UnitSpec]) -> TroopSpec:
    """A troop's contents: crowd favor (up to the mode's cap), chips in its zones, tactics, policy, script."""
    catalog = p.catalog
    cap = 10_000 if p.mode == BARE else p.mode_class.scenario_favor_cap(p.arena)

    def units_of(key: str) -> tuple[Unit, ...]:
        out = []
        for j, v in enumerate(tt.list_(key)):
            if not isinstance(v, str):
                raise tt.err(key, f"entry {j + 1}: must be a unit id, got {show(v)}")
            out.append(lookup(tt, key, catalog.unit, v, f"entry {j + 1}: "))
            fresh_ref(v, p.refs, register=f"{tt.where} {key}")
        return tuple(out)

    def tactics_of(key: str) -> tuple[Tactic, ...]:
        out = []
        for j, v in enumerate(tt.list_(key)):
            if not isinstance(v, str):
                raise tt.err(key, f"entry {j + 1}: must be a tactic id, got {show(v)}")
            out.append(lookup(tt, key, catalog.tactic, v, f"entry {j + 1}: "))
        return tuple(out)

    favor = tt.int_("favor", 0, lo=0, hi=cap)
    favor_total = tt.int_("favor_total", favor, lo=favor)
    camp, bag, discard, track = units_of("camp"), units_of("bag"), units_of("discard"), units_of("track")
    discard_t = tactics_of("tactics_discard")
    tactics = tactics_of("tactics") if tt.has("tactics") else _default_tactics(p, i, units, discard_t)
    policy = tt.str_("policy", "pass")
    known = controller_names()
    if policy not in ("pass",) + known:
        raise tt.err("policy", f"unknown policy {policy!r}; allowed: pass, {', '.join(known)}")
    script = tuple(parse_script(tt, p.grid))
    return TroopSpec(p.labels[i], p.factions[i], p.sides[i], favor, favor_total, tt.bool_("hero_active", favor >= 5),
                     camp, bag, discard, track, tactics, discard_t, policy, script)


def _default_tactics(p: _Parse, i: int, units: list[UnitSpec], discard: tuple[Tactic, ...]
                     ) -> tuple[Tactic, ...] | None:
    """A troop's tactics in camp by default: the mode's (`Mode.scenario_tactics`, None: its set-up's), less those
    it placed on a unit or discarded."""
    given = p.mode_class.scenario_tactics(p.catalog, p.factions[i])
    if given is None:
        return None
    left = list(given)
    for u in units:
        for tac, owner in u.tactics:
            if owner == i and tac in left:
                left.remove(tac)
    for tac in discard:
        if tac in left:
            left.remove(tac)
    return tuple(left)


def _check_scripts(p: _Parse, troops: list[TroopSpec], units: list[UnitSpec]) -> None:
    """Script entries name units, tactics and skills of the scenario; at most one primary hero per troop."""
    name, catalog = p.name, p.catalog
    known_units = set(p.refs) | {u.unit.id for u in units}
    known_units |= {u.id for t in troops for u in t.camp + t.bag + t.discard + t.track}
    known_units |= {catalog.faction(f).hero for f in p.factions}
    for t in troops:
        for e in t.script:
            named = ((e.kind, e.name),) if e.kind in ("deploy", "move", "attack", "intercept", "catch-up",
                                                       "return-unit") else ()
            for key, v in (("unit", e.unit), ("target", e.target)) + named:
                if v is not None and v not in known_units:
                    raise InputError(f"{name}: {e.where}: field {key!r}: no unit {v!r} in this scenario "
                                     f"(refs and ids: {', '.join(sorted(known_units))})")
            if e.kind in ("ability", "special") and e.name not in catalog.skills:
                raise InputError(f"{name}: {e.where}: field {e.kind!r}: unknown skill {e.name!r}")
            if e.kind == "tactic" and e.name not in catalog.tactics:
                raise InputError(f"{name}: {e.where}: field 'tactic': unknown tactic {e.name!r}")
    for i in range(2):
        prim = [u for u in units if u.troop == i and u.primary]
        if len(prim) > 1:
            raise InputError(f"{name}: troop {p.labels[i]!r} has {len(prim)} units with primary = true (one primary "
                             "hero per troop)")


def _parse_supply(p: _Parse, units: list[UnitSpec]) -> dict[str, int] | None:
    """`[supply]`: the health chips left per side; without it, the box's chips less those on the board."""
    if p.top.has("supply"):
        st = Table(p.name, "supply", p.top.d["supply"], SIDES)
        return {s: st.int_(s, 0, lo=0) for s in SIDES}
    chips = p.catalog.game.health_chips
    for s in SIDES:
        used = sum(u.hp for u in units if p.sides[u.troop] == s)
        have = chips[s] or sum(chips.values())  # a box of one pool of chips: both sides draw from it
        if used > have:
            raise p.top.err("unit", f"units on the {s} side hold {used} HP, more than the {have} {s} health "
                                    "chips of the box (UNIT-3); lower some hp")
    return None


def _parse_dice(p: _Parse) -> tuple[tuple[int, ...], str]:
    """`[dice]`: forced hit counts in order and what comes after them."""
    if not p.top.has("dice"):
        return (), "random"
    dt = Table(p.name, "dice", p.top.d["dice"], DICE_KEYS)
    hits = dt.list_("hits")
    for j, v in enumerate(hits):
        if type(v) is not int or v < 0:
            raise dt.err("hits", f"entry {j + 1}: must be a hit count (integer >= 0), got {show(v)}")
    dice = tuple(hits)
    return dice, dt.str_("then", "error" if dice else "random", DICE_THEN)
