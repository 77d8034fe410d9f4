"""Parse an arena (`[[arena]]`: legend and hex art, checked against the hex counts its rule set's
rulebook fixes) and the box facts of `[game]`."""

from __future__ import annotations

from collections.abc import Sequence

from hoplostat.catalog import vocab
from hoplostat.catalog.arena import Arena, ArtError, Hex, is_connected, parse_art
from hoplostat.catalog.fields import SLUG_RE as _SLUG_RE
from hoplostat.catalog.fields import Fields as _Fields
from hoplostat.catalog.fields import Raw as _Raw
from hoplostat.catalog.fields import needs_source as _needs_source
from hoplostat.catalog.fields import note as _note
from hoplostat.catalog.fields import provenance as _provenance
from hoplostat.catalog.fields import show as _show
from hoplostat.catalog.fields import source as _source
from hoplostat.catalog.model import FrozenMap, GameFacts


def _parse_arena(f: _Fields) -> Arena:
    if not _SLUG_RE.match(f.raw.id):
        raise f.err("id", f"expected a lowercase slug, got {_show(f.raw.id)}")
    name = f.str_("name")
    lf = f.get("legend")
    if not isinstance(lf, dict) or not lf:
        raise f.err("legend", f"expected a table symbol -> list of tags, got {_show(lf)}")
    legend: dict[str, tuple[str, ...]] = {}
    known = vocab.hex_tags()
    for sym, tags in lf.items():
        if len(sym) != 1 or sym.isspace():
            raise f.err("legend", f"symbols are single visible characters, got {_show(sym)}")
        if not isinstance(tags, list) or any(t not in known for t in tags):
            raise f.err("legend", f"symbol {sym!r}: expected a list of tags from {', '.join(known)}, got "
                                  f"{_show(tags)}")
        legend[sym] = tuple(tags)
    art = f.str_("map", what="ASCII hex art")
    try:
        cells = parse_art(art, legend)
    except ArtError as exc:
        raise f.err("map", str(exc)) from None
    if not is_connected([(q, r) for q, r, _ in cells]):
        raise f.err("map", "the hexes do not form one connected arena")
    hexes = tuple(Hex(i, q, r, tags) for i, (q, r, tags) in enumerate(cells))
    compass = f.str_list("compass", choices=vocab.COMPASS_DIRECTIONS, lo=6, hi=6)
    prov = _provenance(f, vocab.ARENA_FIELDS)
    arena = Arena(
        id=f.raw.id,
        name=name,
        hexes=hexes,
        art=art,
        compass=compass,
        provenance=prov,
        source=_source(f, _needs_source(prov)),
        note=_note(f),
    )
    f.finish()
    for h in hexes:
        if "deploy-red" in h.tags and "deploy-blue" in h.tags or "outer-red" in h.tags and "outer-blue" in h.tags:
            raise f.err("legend", "a hex cannot be a deployment hex of both sides")
    return arena


def _check_arena_counts(f: _Fields, arena: Arena, ruleset: str) -> None:
    """The hex counts the rule set's rulebook fixes for this arena (`vocab.arena_rule_counts`)."""
    counts = arena.tag_counts()
    expected = vocab.arena_rule_counts(ruleset).get(arena.id)
    if expected is None:
        return
    for tag, n in expected.items():
        if counts.get(tag, 0) != n:
            raise f.err("map", f"the rulebook gives {arena.name} {n} hex(es) tagged {tag!r}, the map has "
                               f"{counts.get(tag, 0)}")
    if arena.id == "colosseum" and counts.get("inner", 0) < 1:
        raise f.err("map", "the Colosseum needs inner deployment hexes (tag 'inner')")


def _parse_game(raw: _Raw) -> GameFacts:
    f = _Fields(raw)

    def counts(key: str, keys: Sequence[str]) -> FrozenMap[int]:
        sub = f.table(key)
        out = {k: sub.int_(k, 0, 200) for k in keys}
        sub.finish()
        return FrozenMap(out)

    g = GameFacts(
        dice_stock=counts("dice_stock", vocab.COLOURS),
        health_chips=counts("health_chips", ("red", "blue")),
        box=counts(
            "box",
            (
                "faction_heroes",
                "faction_units",
                "faction_tactics",
                "arena_units",
                "shards",
                "support_chips",
                "immortals",
                "neutral_heroes",
                "titans",
                "titan_chips",
            ),
        ),
        lists=FrozenMap({key: f.str_list(key, [], choices=choices, lo=0, hi=hi)
                         for key, (choices, hi) in vocab.game_lists().items()}),
        source=f.str_("source"),
        ruleset=f.str_("ruleset", "remastered", pattern=_SLUG_RE, what="a rule set id"),
        faction_units=f.int_("faction_units", 1, 20, 10),
        faction_tactics=_faction_tactics(f),
        components=f.str_("components", "Remastered, Components"),
    )
    f.get("provenance", None)
    f.finish()
    return g


def _faction_tactics(f: _Fields) -> tuple[int, int]:
    """[game.faction_tactics]: how many common and unique tactics a faction lists (default 3 and 1)."""
    if "faction_tactics" not in f.t:
        f.used.add("faction_tactics")
        return (3, 1)
    sub = f.table("faction_tactics")
    out = (sub.int_("common", 0, 8), sub.int_("unique", 0, 8))
    sub.finish()
    # Remastered and Rise of Rome: four tactics a faction; The Lost Cities: eight a city (TLC-1).
    if sum(out) not in (4, 8):
        raise f.err("faction_tactics", "a faction lists four tactics (eight in The Lost Cities); common + unique is "
                                       f"{sum(out)}")
    return out
