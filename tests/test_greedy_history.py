"""A game's result depends on its seed alone, not on the games played before it in the same process
(DESIGN, "Same seed, same results": not on --jobs or chunk scheduling). Found with issue 13's titan
playouts: the greedy policy cached its per-hex base scores on Ascension's state-dependent `muted`
pattern by its raw list, so a score computed while a rival stood on an inner hex was reused after it
left, in later turns and later games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from hoplostat.catalog import load
from hoplostat.rulesets.remastered.ascension import setup
from hoplostat.engine.state import COMBAT
from hoplostat.policies import greedy
from hoplostat.sweep import SweepConfig, play_one


def _fresh_base(grid, muted):
    tags = grid.tags
    return [(2.0 if "stone" in tags[h] else 0.0) - (3.0 if grid.center[h] else 0.0) - (3.0 if muted[h] else 0.0)
            for h in range(grid.n)]


def test_hex_base_follows_the_ascension_inner_hex_rule_ASC_3():
    """ASC-3: an inner hex without a foothold restricts the players' units and not the rivals' (the state's
    `mute_exempt`); the muted pattern is the hexes alone, so greedy's cached base scores cannot depend on
    who stood where before."""
    cat = load()
    s = setup(cat, "mars", ["kunlun"], rng=np.random.default_rng(0))
    grid = s.grid
    inner = next(h for h in range(grid.n) if grid.inner[h] and h not in s.footholds and s.board[h] < 0)
    assert s.muted[inner]  # empty inner hex: muted for the players
    before = greedy._hex_base(grid, s.muted)
    assert before == _fresh_base(grid, s.muted)
    rival = next(u for u in s.units if s.teams[u.troop] == 1 and u.zone != COMBAT and u.unit.kind != "shard")
    player = next(u for u in s.units if u.troop == 0 and u.zone != COMBAT and not u.unit.elite)
    for u in (rival, player):
        u.zone, u.hex, u.hp = COMBAT, inner, u.unit.health
        s.board[inner] = u.uid
        assert s.is_muted(u) == (u is player) and s.skills_work(u) == (u is rival)
        assert greedy._hex_base(grid, s.muted) == _fresh_base(grid, s.muted) == before
        s.board[inner], u.zone, u.hex = -1, "camp", -1


CFG = dict(mode="ascension", factions=("kunlun", "amazons"), titans=("mars", "shaghad"), games=2, seed=5)
PRELUDE = dict(mode="ascension", factions=("amazons", "atlanteans"), titans=("mars",), games=3, seed=13,
               max_rounds=40)
"""Before the fix, playing Atlanteans solo against Mars (game 1 of this config) first changed a later game."""


def _target_rounds(prelude: bool = False) -> list:
    cat = load()
    if prelude:
        pre = SweepConfig(**PRELUDE)
        play_one(cat, pre, next(m for m in pre.matchups() if m.a == "atlanteans" and not m.b), 1)
    cfg = SweepConfig(**CFG)
    return [play_one(cat, cfg, m, g)["games"][0]["rounds"] for m in cfg.matchups() for g in range(cfg.games)]


def _in_fresh_process(prelude: bool) -> list:
    code = ("import json, sys; sys.path.insert(0, 'tests'); import test_greedy_history as t; "
            f"print(json.dumps(t._target_rounds({prelude})))")
    root = Path(__file__).resolve().parents[1]
    return json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                                     cwd=str(root)).stdout)


def test_games_do_not_depend_on_earlier_games_in_the_process():
    assert _in_fresh_process(prelude=True) == _in_fresh_process(prelude=False)
