"""The golden-game cases and how one is played (shared by record.py and tests/test_golden.py).

A case is a sweep matchup and a game index: its sweep rows (every table) and the SHA-256 of its
narration must stay identical across restructurings of the engine.
"""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

ROSTER = Path(__file__).resolve().parent / "roster"
"""The frozen faction, titan and immortal chips the games were recorded with (roster/README.md): loaded as an
overlay, so that calibrating the embedded stand-ins does not change a golden game."""


def golden_catalog():
    """The embedded Remastered catalog with the frozen golden roster over it."""
    from hoplostat.catalog import load

    return load((ROSTER,), use_env=False)

FACTIONS = ("amazons", "atlanteans", "kunlun", "lamosians", "new-argonauts", "parthians",
            "plutos-refugees", "vesuvians")
TITANS = ("mars", "shaghad", "titan-d")


def _cases() -> list[dict]:
    cases = []
    pairs = [(a, b) for i, a in enumerate(FACTIONS) for b in FACTIONS[i + 1:]]
    for arena in ("pozzuoli", "colosseum"):
        for i in range(200):
            a, b = pairs[i % len(pairs)]
            policies = ("greedy", "greedy") if i % 4 else ("random", "greedy")
            cases.append({"mode": "skirmish", "arena": arena, "a": a, "b": b, "first": "ab"[i % 2],
                          "titan": "", "policies": policies, "game": i})
    solo = itertools.cycle(FACTIONS)
    coop = itertools.cycle(pairs)
    for i in range(200):
        a, b = (next(solo), "") if i % 2 == 0 else next(coop)
        cases.append({"mode": "onslaught", "arena": "pozzuoli", "a": a, "b": b, "first": "a", "titan": "",
                      "policies": ("greedy", "greedy") if i % 5 else ("random", "random"), "game": i})
    for i in range(210):
        a, b = (next(solo), "") if i % 2 == 0 else next(coop)
        cases.append({"mode": "ascension", "arena": "colosseum", "a": a, "b": b, "first": "a",
                      "titan": TITANS[i % len(TITANS)],
                      "policies": ("greedy", "greedy") if i % 5 else ("random", "random"), "game": i})
    quads = itertools.cycle(itertools.combinations(FACTIONS, 4))
    triples = itertools.cycle(itertools.combinations(FACTIONS, 3))
    for i in range(150):
        mode = "alliance" if i % 3 == 2 else "pandemonium"
        pod = next(quads) if mode == "alliance" or i % 3 == 1 else next(triples)
        cases.append({"mode": mode, "arena": "pozzuoli", "a": pod[0], "b": pod[1], "more": list(pod[2:]),
                      "first": "a", "titan": "", "policies": ("greedy", "greedy") if i % 5 else ("random", "greedy"),
                      "game": i})
    return cases


CASES = _cases()


def _config_and_matchup(case: dict):
    from hoplostat.sweep import Matchup, SweepConfig

    config = SweepConfig(mode=case["mode"], games=case["game"] + 1, seed=20261201,
                         policies=tuple(case["policies"]),
                         max_rounds={"skirmish": 60, "onslaught": 150, "ascension": 60, "pandemonium": 60,
                                     "alliance": 60}[case["mode"]])
    matchup = Matchup(case["mode"], case["arena"], case["a"], case["b"], case["first"], case["titan"],
                      tuple(case.get("more", ())))
    return config, matchup


def _plain(rows: dict) -> dict:
    return {name: [dict(sorted(r.items())) for r in table] for name, table in sorted(rows.items())}


def play_case(catalog, case: dict) -> dict:
    """{"rows": the sweep rows by table, "log": sha256 of the narration of the same game}."""
    from hoplostat.sweep import play_one

    config, matchup = _config_and_matchup(case)
    rows = _plain(play_one(catalog, config, matchup, case["game"]))
    log = narrate(catalog, config, matchup, case["game"])
    return {"rows": rows, "log": hashlib.sha256("\n".join(log).encode()).hexdigest()}


def narrate(catalog, config, matchup, game: int) -> list[str]:
    """The same game as `play_one`, played with the event log on."""
    import numpy as np

    from hoplostat.engine.loop import mode_class, play
    from hoplostat.policies import make
    from hoplostat.sweep import game_seed

    rng = np.random.default_rng(game_seed(config, matchup, game))
    cls = mode_class(matchup.mode)
    spec = cls.spec_of(matchup, config.max_rounds)
    controllers = [make(p, rng=rng) for p in cls.seat_policies(config.policies, len(spec.factions))]
    return play(catalog, spec, controllers, rng=rng, log=True).log
