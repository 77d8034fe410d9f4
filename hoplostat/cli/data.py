"""`hoplostat data ...`: list, show, validate, audit the chip catalog and print templates.

Parsing and printing only; the catalog package does the work. Every command
takes `--data DIR` (repeatable) for overlays; `HOPLOSTAT_DATA` also works; and
`--ruleset` (list, show, validate, audit) for another rule set's catalog
(e.g. its cities, skills, board).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from hoplostat.cli import _common
from hoplostat.errors import InputError

app = typer.Typer(
    help="The chip catalog: list, show, validate and audit chips; print templates for your own chips.",
    no_args_is_help=True,
)

UNIT_KINDS = ("unit", "hero", "neutral-hero", "arena-unit", "immortal", "titan", "titan-ally", "sentinel",
              "cf-gladiator", "fa-archer")
OTHER_KINDS = ("skill", "tactic", "faction", "arena")
_ALIASES = {"units": "unit", "heroes": "hero", "neutral-heroes": "neutral-hero", "arena-units": "arena-unit",
            "immortals": "immortal", "titans": "titan", "titan-allies": "titan-ally", "sentinels": "sentinel",
            "cf-gladiators": "cf-gladiator", "fa-archers": "fa-archer", "skills": "skill", "tactics": "tactic",
            "factions": "faction", "arenas": "arena", "all": "all"}

DataOpt = typer.Option(None, "--data", help="Overlay directory with your own chips (repeatable; later wins).")
JsonOpt = typer.Option(False, "--json", help="Print one JSON object instead of a table.")
RulesetOpt = typer.Option("remastered", "--ruleset",
                          help="The rule set whose catalog to read: remastered or another folder of data/ "
                               "(data/<ruleset>/).")


def _load(data: list[Path] | None, ruleset: str = "remastered"):
    from hoplostat.catalog import load

    return load(tuple(data or ()), ruleset=ruleset)


def _kind(kind: str | None) -> str:
    if kind is None:
        return "all"
    k = _ALIASES.get(kind.lower(), kind.lower())
    if k not in UNIT_KINDS + OTHER_KINDS + ("all",):
        raise InputError(f"unknown kind {kind!r}; kinds: {', '.join(UNIT_KINDS + OTHER_KINDS)}, all")
    return k


def _prov_short(obj: Any) -> str:
    fields = obj.stand_in_fields
    if not fields:
        return "-"
    if len(fields) == len(obj.provenance):
        return "all"
    return ",".join(fields)


@app.command("list")
def list_(
    kind: str | None = typer.Argument(None, help=f"One of: {', '.join(UNIT_KINDS + OTHER_KINDS)}, all (default: all "
                                                 "unit-like chips)."),
    faction: str | None = typer.Option(None, "--faction", "-f", help="Only this faction's chips and tactics."),
    as_json: bool = JsonOpt,
    data: list[Path] | None = DataOpt,
    ruleset: str = RulesetOpt,
) -> None:
    """List catalog entries of one kind, with their stand-in fields."""
    from hoplostat.catalog import to_jsonable

    cat = _load(data, ruleset)
    k = _kind(kind)
    if faction is not None:
        cat.faction(faction)  # unknown faction -> error with suggestions
    if k in ("all",) + UNIT_KINDS:
        items = [u for u in cat.units.values() if (k == "all" or u.kind == k)
                 and (faction is None or u.faction == faction)]
    elif k == "skill":
        items = list(cat.skills.values())
        if faction is not None:
            used = {s.id for u in cat.faction_units(faction, include_hero=True) for s in u.skills}
            items = [s for s in items if s.id in used]
    elif k == "tactic":
        items = list(cat.faction_tactics(faction)) if faction else list(cat.tactics.values())
    elif k == "faction":
        items = [f for f in cat.factions.values() if faction is None or f.id == faction]
    else:
        items = list(cat.arenas.values())
    if as_json:
        _common.emit_json(
            {
                "kind": k,
                "faction": faction,
                "count": len(items),
                "stand_in_count": sum(1 for x in items if x.is_stand_in),
                "entries": [to_jsonable(x) for x in items],
                "catalog_hash": cat.hash,
            }
        )
        return
    from hoplostat.cli._common import table as Table

    title = f"{k} ({len(items)})" + (f", faction {faction}" if faction else "")
    table = Table(title)
    if k in ("all",) + UNIT_KINDS:
        for col in ("id", "name", "kind", "classes", "M", "R", "H", "attack", "skills", "stand-in"):
            table.add_column(col, justify="right" if col in ("M", "R", "H") else "left")
        for u in items:
            table.add_row(u.id, u.name, u.kind, ",".join(u.classes), str(u.movement), str(u.range), str(u.health),
                          str(u.attack), ", ".join(map(str, u.skills)), _prov_short(u))
    elif k == "skill":
        for col in ("id", "name", "type", "N", "map-free", "stand-in", "definition"):
            table.add_column(col)
        for s in items:
            table.add_row(s.id, s.name, s.type, "N" if s.has_param else "", "yes" if s.map_free else "no",
                          _prov_short(s), s.definition)
    elif k == "tactic":
        for col in ("id", "name", "type", "faction", "effects", "stand-in"):
            table.add_column(col)
        for t in items:
            table.add_row(t.id, t.name, t.type, t.faction or "(common)", ", ".join(map(str, t.effects)), _prov_short(t))
    elif k == "faction":
        for col in ("id", "name", "box", "hero", "tactics", "stand-in"):
            table.add_column(col)
        for f in items:
            table.add_row(f.id, f.name, f.box, f.hero, ", ".join(f.tactics), _prov_short(f))
    else:
        for col in ("id", "name", "hexes", "tags", "stand-in"):
            table.add_column(col)
        for a in items:
            tags = ", ".join(f"{t} {n}" for t, n in a.tag_counts().items())
            table.add_row(a.id, a.name, str(len(a.hexes)), tags, _prov_short(a))
    _common.stdout_console().print(table)


def _find(cat, entry_id: str) -> tuple[str, Any]:
    for label, mapping in (("unit", cat.units), ("faction", cat.factions), ("skill", cat.skills),
                           ("tactic", cat.tactics), ("arena", cat.arenas)):
        if entry_id in mapping:
            return label, mapping[entry_id]
    import difflib

    every = [*cat.units, *cat.factions, *cat.skills, *cat.tactics, *cat.arenas]
    close = difflib.get_close_matches(entry_id, every, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    raise InputError(f"unknown id {entry_id!r}{hint} (`hoplostat data list` shows the ids)")


@app.command("show")
def show(
    entry_id: str = typer.Argument(..., metavar="ID", help="A unit, faction, skill, tactic or arena id."),
    as_json: bool = JsonOpt,
    data: list[Path] | None = DataOpt,
    ruleset: str = RulesetOpt,
) -> None:
    """Show one entry with every field and its provenance."""
    from hoplostat.catalog import to_jsonable

    cat = _load(data, ruleset)
    label, obj = _find(cat, entry_id)
    payload: dict[str, Any] = {"type": label, "entry": to_jsonable(obj)}
    if label == "unit" and obj.kind == "titan":
        payload["titan"] = to_jsonable(cat.titans[obj.id])
        payload["titan"].pop("unit", None)
    if label == "unit" and obj.kind == "immortal":
        payload["immortal"] = to_jsonable(cat.immortals[obj.id])
        payload["immortal"].pop("unit", None)
    if as_json:
        payload["catalog_hash"] = cat.hash
        _common.emit_json(payload)
        return
    from hoplostat.cli._common import table as Table

    con = _common.stdout_console()
    table = Table(f"{label} {entry_id}", show_header=False)
    table.add_column("field")
    table.add_column("value")
    table.add_column("provenance")
    prov = getattr(obj, "provenance", {})
    entry = payload["entry"]
    for key, value in entry.items():
        if key in ("provenance", "hexes", "art"):
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) if all(not isinstance(v, (dict, list))
                                                            for v in value) else str(value)
        table.add_row(key, "" if value is None else str(value), prov.get(key, ""))
    if label == "unit" and obj.kind == "titan":
        for key, value, p in _titan_rows(cat.titans[obj.id]):
            table.add_row(key, value, p)
    if label == "unit" and obj.kind == "immortal":
        for t in cat.immortals[obj.id].triggers:
            table.add_row(f"trigger {t.colour}", ", ".join(map(str, t.effects)), t.provenance)
    con.print(table)
    if label == "arena":
        con.print(obj.art.strip("\n"))


@app.command("validate")
def validate(
    directory: Path | None = typer.Argument(None, metavar="[DIR]", help="An overlay directory to check on top of the "
                                                                        "default."),
    data: list[Path] | None = DataOpt,
    ruleset: str = RulesetOpt,
) -> None:
    """Validate the default catalog plus overlays (DIR, --data, HOPLOSTAT_DATA); prints `ok: N entries`."""
    dirs = list(data or ()) + ([directory] if directory is not None else [])
    cat = _load(dirs, ruleset)
    from hoplostat.engine.loop import modes

    for cls in modes().values():  # the data a mode reads itself (a campaign's cards)
        if cls.ruleset == cat.ruleset:
            cls.check_catalog(cat)
    n = len(cat.units) + len(cat.skills) + len(cat.tactics) + len(cat.factions) + len(cat.arenas)
    n += sum(len(v) for v in cat.cards.values())
    sys_out = _common.stdout_console()
    sys_out.print(f"ok: {n} entries (catalog {cat.hash[:12]}, {len(cat.sources)} "
                  f"director{'y' if len(cat.sources) == 1 else 'ies'})")


@app.command("audit")
def audit(as_json: bool = JsonOpt, data: list[Path] | None = DataOpt, ruleset: str = RulesetOpt) -> None:
    """How many values are stand-ins, per faction and per kind, plus the total."""
    cat = _load(data, ruleset)
    from hoplostat.catalog.audit import audit

    result = audit(cat)
    if as_json:
        _common.emit_json(result)
        return
    from hoplostat.cli._common import table as Table

    con = _common.stdout_console()
    for title, rows in (("by faction", result["by_faction"]), ("by kind", result["by_kind"]),
                        ("total", [result["total"]])):
        table = Table(f"stand-ins {title}")
        for col in ("group", "entries", "stand-in entries", "values", "stand-in values", "share"):
            table.add_column(col, justify="left" if col == "group" else "right")
        for r in rows:
            share = r["stand_in_values"] / r["values"] if r["values"] else 0.0
            table.add_row(r["group"], str(r["entries"]), str(r["stand_in_entries"]), str(r["values"]),
                          str(r["stand_in_values"]), f"{share:.0%}")
        con.print(table)


@app.command("template")
def template(
    kind: str = typer.Argument(..., help="unit, hero, tactic, skill, immortal, titan, faction or arena."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write it to this file (folders are created; an "
                                       "existing file is never overwritten) instead of printing it."),
) -> None:
    """Print a commented TOML file to fill in from your own chip (a valid overlay as printed). Its example
    values are marked stand-in until you type in yours."""
    from hoplostat.catalog.templates import TEMPLATES

    key = _ALIASES.get(kind.lower(), kind.lower())
    if key not in TEMPLATES:
        raise InputError(f"no template for {kind!r}; kinds: {', '.join(TEMPLATES)}")
    if out is None:
        typer.echo(TEMPLATES[key], nl=False)
        return
    from hoplostat.outpaths import output_file, writing

    if out.exists():
        raise InputError(f"--out {out}: exists; pick another file name (your chips in it are kept)")
    output_file(out, "--out")
    with writing(out, "--out"):
        with open(out, "x", encoding="utf-8") as fh:
            fh.write(TEMPLATES[key])
    typer.echo(f"wrote {out}; fill in your chip's values, then: hoplostat data validate {out.parent}", err=True)


def _titan_rows(t) -> list[tuple[str, str, str]]:
    """Readable rows for a titan's reference card."""
    if hasattr(t, "card_rows"):  # a Rise of Rome titan card (`catalog.model.RorTitan`)
        return t.card_rows()
    p = t.provenance
    grow = f" + {', '.join(t.dice.grow)} ({t.dice.grow_when})" if t.dice.grow else ""
    rows = [
        ("titan dice", f"{t.dice.start}{grow}", f"{p['dice']} / growth {p['growth']}"),
        ("priority", " > ".join(t.priority), p["priority"]),
        ("allies", ", ".join(f"{a.count}x {a.unit} ({a.troop} troop)" for a in t.allies) or "(none)", p["allies"]),
    ]
    s = t.shards
    hp = f"{s.hp} {s.hp_colour} HP" if s.hp else "no HP"
    extra = f"; holder: {', '.join(map(str, s.holder))}" if s.holder else ""
    rows.append(("shards", f"{s.start}, {hp}, equip {'yes' if s.equip else 'no'}{extra}", p["shards"]))
    if s.on_defeat:
        rows.append(("shard defeated", ", ".join(map(str, s.on_defeat)), p["shard_defeat"]))
    for e in t.effects:
        tiers = " | ".join(f"{x.hits} hit{'s' if x.hits > 1 else ''}: {', '.join(map(str, x.effects))}"
                           for x in e.tiers)
        rows.append((f"effect {e.colour}", tiers, e.provenance))
    for a in t.arena_die.values():
        known = f"rulebook faces {list(a.rulebook_faces)}" if a.rulebook_faces else "stand-in"
        rows.append((f"arena die {a.effect}", " ".join(map(str, a.faces)), known))
    return rows
