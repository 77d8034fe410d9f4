"""Game events as data (hoplostat.events): the frame of a game is its log line for line, its fields are
the ones the sentences state, every sentence the engine says in seeded games of every mode is known, and
the counts read from the events agree with the engine's own result."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

import hoplostat as hs
from hoplostat.events import COLUMNS, KINDS, events_frame, parse_line

ENGAGE = Path(__file__).resolve().parent.parent / "docs" / "scenarios" / "engage-example.toml"


@pytest.mark.parametrize("mode,factions,seed", [("skirmish", ["kunlun", "amazons"], 4), ("onslaught", ["amazons"], 1),
                                                ("ascension", ["kunlun", "amazons"], 2)])
def test_event_frame_is_the_log_line_for_line(mode, factions, seed):
    game = hs.play(mode, factions, seed=seed, log=True)
    ev = game.events
    assert ev.columns == list(COLUMNS)
    assert ev.height == len(game.log) > 50
    assert ev["text"].to_list() == game.log
    assert ev["line"].to_list() == list(range(len(game.log)))
    assert set(ev["kind"].unique()) <= set(KINDS)
    # rounds: 0 in set-up, then never decreasing, and the last one is the game's
    assert ev["round"].to_list() == sorted(ev["round"].to_list())
    assert ev["round"][0] == 0 and ev["round"].max() == game.result.rounds
    headers = ev.filter(pl.col("kind") == "turn")
    assert headers["round"].to_list() == [int(t.split()[2].rstrip(",")) for t in headers["text"]]
    # troop: the seat whose turn it is, on every line of a player's turn
    for t in game.result.troops:
        mine = headers.filter(pl.col("troop") == t.seat)
        assert mine.height >= 1 and set(mine["turn_of"]) == {t.faction}


def test_engage_example_fields_by_hand():
    """The rulebook's Engage Example with forced dice (docs/scenarios/engage-example.toml): each sentence's
    fields checked against the story told in the scenario file."""
    from hoplostat.catalog import load
    from hoplostat.engine.scenario import loads_scenario, run_scenario

    cat = load((), use_env=False)
    log = run_scenario(loads_scenario(ENGAGE.read_text(), cat, name="engage"))["log"]
    ev = events_frame(log, seats=[("plutos-refugees", "red"), ("kunlun", "blue")])
    assert ev["text"].to_list() == log
    rows = ev.to_dicts()
    assert {r["round"] for r in rows} == {2} and {r["troop"] for r in rows} == {1}
    by_kind = {}
    for r in rows:
        by_kind.setdefault(r["kind"], []).append(r)
    (dep,) = by_kind["deploy"]
    assert (dep["faction"], dep["side"], dep["unit"], dep["to_hex"], dep["hp"]) == ("kunlun", "blue", "Marksman", 42, 3)
    (tac,) = by_kind["tactic"]
    assert (tac["tactic"], tac["target"], tac["target_side"]) == ("Blitz", "Warrior", "blue")
    assert [(m["unit"], m["from_hex"], m["to_hex"]) for m in by_kind["move"]] == [
        ("Mountain Radical", 21, 40), ("Warrior", 22, 21)]
    (ab,) = by_kind["ability"]
    assert (ab["unit"], ab["skill"]) == ("Mountain Radical", "hurl")
    (dis,) = by_kind["displace"]
    assert (dis["unit"], dis["side"], dis["from_hex"], dis["to_hex"], dis["source"]) == (
        "Protector", "red", 39, 49, "Mountain Radical")
    assert [(a["unit"], a["target"], a["pool"], a["hits"]) for a in by_kind["attack"]] == [
        ("Warrior", "Marksman", "black+green+blue+yellow", 3), ("Mountain Radical", "Protector", "2blue", 1),
        ("Marksman", "Protector", "black+yellow", 1)]
    assert [(d["unit"], d["side"], d["damage"], d["hp"], d["cause"]) for d in by_kind["damage"]] == [
        ("Marksman", "red", 2, 0, "attack"), ("Protector", "red", 1, 5, "attack"), ("Protector", "red", 1, 4, "attack")]
    (dead,) = by_kind["defeat"]
    assert (dead["unit"], dead["side"], dead["source"]) == ("Marksman", "red", "Warrior")
    (fav,) = by_kind["favor"]
    assert (fav["faction"], fav["favor"], fav["cause"]) == ("kunlun", 2, "Warrior defeated Marksman")


@pytest.mark.parametrize("line,expected", [
    ("-- Round 7, immortal turn", {"kind": "turn", "round": 7, "turn_of": "immortal"}),
    ("-- Round 3, kunlun turn", {"kind": "turn", "round": 3, "turn_of": "kunlun"}),
    ("Game over: round cap (60) reached; draw", {"kind": "game-over", "cause": "round cap (60) reached; draw"}),
    ("Warrior (red) swaps places with Archer I (red): moves from hex 3 to hex 9, Archer I is displaced to hex 3",
     {"kind": "move", "unit": "Warrior", "side": "red", "target": "Archer I", "target_side": "red",
      "from_hex": 3, "to_hex": 9}),
    ("Defender II (blue) heals 2 HP, now 6", {"kind": "heal", "unit": "Defender II", "side": "blue", "heal": 2, "hp": 6}),
    ("Immortal E ignores 3 damage (attack)", {"kind": "damage", "unit": "Immortal E", "damage": 3, "cause": "attack"}),
    ("Beast I (red) is dealt damage but loses no HP (attack)",
     {"kind": "damage", "unit": "Beast I", "side": "red", "cause": "attack"}),
    ("Arena Unit D (blue) marks Beast II (opponent-on-stone), already within Range: does not move",
     {"kind": "mark", "unit": "Arena Unit D", "side": "blue", "target": "Beast II", "cause": "opponent-on-stone"}),
    ("titan:mars (blue) moves Mars from hex 30 to hex 24",
     {"kind": "move", "faction": "titan:mars", "side": "blue", "unit": "Mars", "from_hex": 30, "to_hex": 24}),
    ("kunlun (red) places a sentinel for amazons (red) on pedestal hex 12 with 4 HP (dazed this turn)",
     {"kind": "deploy", "faction": "kunlun", "side": "red", "target": "amazons", "target_side": "red", "to_hex": 12,
      "hp": 4}),
    ("Feng (red) uses Savage on Shard with green+yellow: 2 hit(s)",
     {"kind": "attack", "unit": "Feng", "side": "red", "skill": "Savage", "target": "Shard", "pool": "green+yellow",
      "hits": 2}),
    ("Adrenaline on Attacker III is discarded", {"kind": "tactic", "tactic": "Adrenaline", "unit": "Attacker III"}),
    ("amazons earns 1 crowd favor (Feng removed 1 HP), bead on space 3 of \"move or flip a foothold\"",
     {"kind": "favor", "faction": "amazons", "favor": 1, "cause": "Feng removed 1 HP"}),
    ("Shard 2 (inactive) on hex 17 has 3 red HP", {"kind": "shard", "unit": "Shard 2", "to_hex": 17, "hp": 3}),
    ("something the engine never says", {"kind": "other"}),
])
def test_line_formats(line, expected):
    assert parse_line(line) == expected


def _games(mode: str, n: int):
    from hoplostat.catalog import load
    from hoplostat.engine.loop import GameSpec, mode_class, play
    from hoplostat.policies import make

    cat = load((), use_env=False)
    cls = mode_class(mode)
    for seed in range(n):
        for policy in ("greedy", "random"):
            default = cls.default_spec(cat, np.random.default_rng(seed))
            spec = cls.validate(cat, GameSpec(mode, default.factions, cls.arenas[seed % len(cls.arenas)],
                                              default.titan, None, None))
            rng = np.random.default_rng(seed)
            res = play(cat, spec, [make(policy, rng=rng) for _ in spec.factions], rng=rng, log=True)
            yield res, events_frame(res.log, seats=[(t.faction, t.side) for t in res.troops])


@pytest.mark.parametrize("mode", ["skirmish", "onslaught", "ascension"])
def test_every_sentence_of_seeded_games_is_known(mode):
    unknown = set()
    for res, ev in _games(mode, 6):
        assert ev.height == len(res.log)
        unknown |= set(ev.filter(pl.col("kind") == "other")["text"])
    assert not unknown, "sentences hoplostat.events does not parse (add their format):\n" + "\n".join(sorted(unknown))


def test_event_counts_agree_with_the_engines_result():
    """Skirmish: units defeated per side are the troop's units lost (both arenas); on Pozzuoli every HP a
    side loses is damage dealt by the other troop."""
    for res, ev in _games("skirmish", 8):
        for t in res.troops:
            lost = ev.filter((pl.col("kind") == "defeat") & (pl.col("side") == t.side)).height
            assert lost == t.units_lost
            if res.arena == "pozzuoli":
                other = res.troops[1 - t.seat]
                hp_lost = ev.filter((pl.col("kind") == "damage") & (pl.col("side") == other.side))["damage"].sum()
                assert hp_lost == t.damage_dealt
