"""A change set as an overlay directory (`write_overlay`), valid for ``--data DIR``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hoplostat.tune.changes import OVERLAY_FILE, Change, apply_changes, chip_diff

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


