"""Golden games: the seeded games recorded in tests/golden/games.json.gz (sweep rows of every table and
the SHA-256 of the narration) replay identically. They are played with the frozen roster of
tests/golden/roster/ (the faction, titan and immortal chips they were recorded with), so they pin the engine,
not the embedded stand-ins, which calibration may change. Restructuring the engine must not change a game; a
deliberate rule fix re-records the fixture (tests/golden/record.py) and says so in its commit."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))

from golden_games import golden_catalog, play_case  # noqa: E402


def _records() -> list[dict]:
    with gzip.open(GOLDEN / "games.json.gz", "rt", encoding="utf-8") as fh:
        return json.load(fh)


RECORDS = _records()


@pytest.fixture(scope="module")
def catalog():
    return golden_catalog()


def test_the_frozen_roster_holds_every_faction_titan_and_immortal_chip():
    """Every faction (with its units, hero and tactics), titan, titan ally and immortal of the embedded catalog
    is defined in the frozen roster, so no golden game reads a chip the embedded data may re-balance."""
    import tomllib

    from golden_games import ROSTER

    from hoplostat.catalog import load

    frozen: set[tuple[str, str]] = set()
    for path in ROSTER.rglob("*.toml"):
        for table, entries in tomllib.loads(path.read_text(encoding="utf-8")).items():
            frozen |= {(table, e["id"]) for e in entries}
    embedded = load((), use_env=False)
    want = {("faction", f) for f in embedded.factions}
    want |= {("unit", u.id) for f in embedded.factions for u in embedded.faction_units(f, include_hero=True)}
    want |= {("tactic", t) for f in embedded.factions.values() for t in f.tactics if "/" in t}
    want |= {("titan", t) for t in embedded.titans} | {("immortal", i) for i in embedded.immortals}
    want |= {("unit", a.unit) for t in embedded.titans.values() for a in t.allies if a.troop == "titan"}
    assert want <= frozen, sorted(want - frozen)


def test_fixture_covers_every_mode_arena_solo_and_coop():
    seen = {(r["case"]["mode"], r["case"]["arena"], bool(r["case"]["b"])) for r in RECORDS}
    assert {("skirmish", "pozzuoli", True), ("skirmish", "colosseum", True), ("onslaught", "pozzuoli", False),
            ("onslaught", "pozzuoli", True), ("ascension", "colosseum", False),
            ("ascension", "colosseum", True)} <= seen
    for mode in ("skirmish", "onslaught", "ascension"):
        assert sum(r["case"]["mode"] == mode for r in RECORDS) >= 200
    for mode in ("pandemonium", "alliance"):
        assert sum(r["case"]["mode"] == mode for r in RECORDS) >= 50
    assert {len(r["case"]["more"]) for r in RECORDS if r["case"]["mode"] == "pandemonium"} == {1, 2}


@pytest.mark.parametrize("mode", ["skirmish", "onslaught", "ascension", "pandemonium", "alliance"])
def test_golden_games_replay_identically(catalog, mode):
    diffs = []
    for rec in RECORDS:
        if rec["case"]["mode"] != mode:
            continue
        got = play_case(catalog, rec["case"])
        got = json.loads(json.dumps(got, sort_keys=True))
        if got != {"rows": rec["rows"], "log": rec["log"]}:
            diffs.append(rec["case"])
    assert not diffs, f"{len(diffs)} golden games differ, first: {diffs[0]}"
