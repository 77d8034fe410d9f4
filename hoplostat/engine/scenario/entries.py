"""The parts of a scenario file read entry by entry: the steps to play, the tactics on a unit, a troop's script."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoplostat.catalog.model import Catalog, Tactic
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.scenario.model import HARMFUL_TERMS, PASSABLE, SCRIPT_KINDS, WHOLE, ScriptEntry
from hoplostat.engine.scenario.tables import Table, lookup, parse_hex, show


def parse_steps(top: Table, names: Sequence[str], aliases: Mapping[str, str], bare_names: Sequence[str] | None,
                mode: str) -> tuple[str, ...]:
    """`steps`: whole turns, or single steps of the mode's turn (`names`, in turn order) each at most once and in
    order (TURN-1); `bare_names` (a bare board): the steps it may play, and no whole turn."""
    raw = top.d.get("steps", ["turn"])
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise top.err("steps", f"must be a non-empty list of step names, got {show(raw)}")
    out: list[str] = []
    last = -1
    for j, s in enumerate(raw):
        if isinstance(s, str):
            s = aliases.get(s, s)
        if not isinstance(s, str) or s not in (*names, *WHOLE):
            raise top.err("steps", f"entry {j + 1}: unknown step {show(s)} (steps: {', '.join((*names, *WHOLE))})")
        if s in WHOLE:
            last = -1
            if bare_names is not None:
                raise top.err("steps", f"{s!r} needs a game mode (mode = \"{mode}\"); mode \"none\" plays single "
                                       "steps only")
        else:
            k = names.index(s)
            if k <= last:
                raise top.err("steps", f"entry {j + 1}: {s!r} after {names[last]!r}: a player turn plays its steps "
                                       f"once each, in the order {', '.join(names)} (TURN-1)")
            last = k
            if bare_names is not None and s not in bare_names:
                raise top.err("steps", f"entry {j + 1}: {s!r} is a {mode.capitalize()} step; it needs mode = "
                                       f"\"{mode}\"")
        out.append(s)
    return tuple(out)


def stun_tactic(catalog: Catalog) -> Tactic | None:
    """The tactic a `fatigued` unit carries: the catalog's stun, or any tactic with the stun effect."""
    if "stun" in catalog.tactics:
        return catalog.tactics["stun"]
    for t in catalog.tactics.values():
        if any(e.term == "stun" for e in t.effects):
            return t
    return None


def placed_tactic(ut: Table, j: int, raw: Any, catalog: Catalog, troop: int,
                  troop_index: Callable[[Table, str, str], int]) -> tuple[Tactic, int]:
    """One entry of a unit's `tactics`: an id (played by the opposing troop when harmful) or { id, by }."""
    if isinstance(raw, str):
        tac = lookup(ut, "tactics", catalog.tactic, raw, f"entry {j + 1}: ")
        harmful = any(e.term in HARMFUL_TERMS for e in tac.effects)
        return tac, (1 - troop) if harmful else troop
    if isinstance(raw, dict):
        tt = Table(ut.file, f"{ut.where} tactics entry {j + 1}", raw, ("id", "by"))
        tac = lookup(tt, "id", catalog.tactic, tt.str_("id"))
        by = troop_index(tt, "by", tt.str_("by")) if tt.has("by") else None
        if by is None:
            harmful = any(e.term in HARMFUL_TERMS for e in tac.effects)
            by = (1 - troop) if harmful else troop
        return tac, by
    raise ut.err("tactics", f"entry {j + 1}: must be a tactic id or {{ id = ..., by = troop }}, got {show(raw)}")


def parse_script(tt: Table, grid: HexGrid) -> list[ScriptEntry]:
    """A troop's `script`: its choices in order, each naming the decision it answers."""
    out = []
    for j, raw in enumerate(tt.list_("script")):
        where = f"{tt.where}, script entry {j + 1}"
        et = Table(tt.file, where, raw, tuple(SCRIPT_KINDS) + ("unit", "target", "hex", "on", "args"))
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
                raise et.err("args", f"must be a list, got {show(a)}")
            args = tuple(a)
        decision = SCRIPT_KINDS[kind]
        assert decision is not None  # only a pass has none (above)
        out.append(ScriptEntry(where, kind, decision, value, et.str_("unit", None), target, h, args,
                               text=entry_text(raw)))
    return out


def entry_text(raw: Mapping[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {show(v)}" for k, v in raw.items()) + " }"


