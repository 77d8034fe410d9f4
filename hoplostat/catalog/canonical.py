"""The canonical form of catalog objects: plain JSON data (what `data show --json` prints and the catalog
hash is computed from)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from hoplostat.catalog.arena import Arena
from hoplostat.catalog.model import Effect, GameFacts, SkillRef


def to_jsonable(obj: Any) -> Any:
    """Plain JSON data for a catalog object (pools and skill refs as their strings)."""
    from hoplostat.dice import Pool

    if isinstance(obj, (SkillRef, Effect, Pool)):
        return str(obj)
    if isinstance(obj, Arena):
        return {
            "id": obj.id,
            "name": obj.name,
            "hexes": [{"index": h.index, "q": h.q, "r": h.r, "tags": list(h.tags)} for h in obj.hexes],
            "compass": list(obj.compass),
            "provenance": dict(obj.provenance),
            "source": obj.source,
            "note": obj.note,
        }
    if isinstance(obj, GameFacts):  # the lists rule sets registered sit beside the other facts
        out = {f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj) if f.name != "lists"}
        return out | {k: to_jsonable(v) for k, v in obj.lists.items()}
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, Mapping):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (tuple, list)):
        return [to_jsonable(x) for x in obj]
    return obj


def canonical_json(obj: Any) -> str:
    return json.dumps(to_jsonable(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
