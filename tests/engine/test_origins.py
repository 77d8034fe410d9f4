"""Origins (player against player): invariants over seeded games per arena and over whole matches, determinism,
the commands (play with --log and --json, a sweep's tables), and greedy's Origins play.

The rules themselves are pinned one id at a time in tests/rulesets/test_origins_rules.py."""

from __future__ import annotations

import numpy as np
import pytest
from clihelp import run_cli, run_json

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.state import COMBAT, DISCARD
from hoplostat.policies import make
from hoplostat.rulesets.origins.base import BRING, LINEUP, XANADU_POINTS, is_gladiator
from hoplostat.rulesets.origins.mode import Origins

CAT = load(ruleset="origins")
HOUSES = ("red-house", "blue-house")
ARENAS = ("xanadu", "el-dorado", "atlantis")


def check(g, turn) -> None:
    """The state's Origins invariants after a turn."""
    s = g.state
    held = {"red": 0, "blue": 0}
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained, (u.name, turn.header)
            assert s.board[u.hex] == u.uid and not s.grid.move_block[u.hex]
            held[s.supply_of(u.troop)] += u.hp
            if u.unit.kind == "sea-monster":
                assert s.arena_id == "atlantis"
    for key, start in s.supply_start.items():
        assert s.supply[key] + held[key] == start, (key, turn.header)  # health chips conserved (ORI-4, ORI-11)
    for t in s.troops:
        assert len(t.lineup) == LINEUP and len(t.brought) <= BRING  # ORI-23, ORI-24
        assert set(t.brought) <= set(t.lineup) - set(t.cut)  # ORI-26
        # every chip is set aside between challenges, so in combat or defeated means deployed in this one
        specials = [u for u in s.units if u.troop == t.index and u.unit.kind == "special-gladiator"
                    and u.zone in (COMBAT, DISCARD)]
        assert len(specials) <= 1  # ORI-25
        if s.arena_id == "xanadu":
            assert t.points < XANADU_POINTS or s.end_reason is not None or t.wins  # ORI-33
        if s.arena_id == "el-dorado":
            if t.tribute_holder >= 0:
                h = s.units[t.tribute_holder]
                assert h.troop == t.index and is_gladiator(h) and h.zone == COMBAT and h.hex == t.tribute_hex
            assert t.tribute_hex >= 0  # ORI-43: always in play
        if s.arena_id == "atlantis" and t.leader >= 0:
            assert s.units[t.leader].troop == t.index and is_gladiator(s.units[t.leader])
    if s.arena_id == "atlantis":
        assert s.spear_hex >= 0  # ORI-50: always in play
        if s.spear_holder >= 0:
            h = s.units[s.spear_holder]
            assert is_gladiator(h) and h.zone == COMBAT and h.hex == s.spear_hex


def _games(n, arena, policy="greedy", seed0=0, max_rounds=None):
    out = []
    for seed in range(seed0, seed0 + n):
        rng = np.random.default_rng(seed)
        spec = GameSpec("origins", HOUSES, arena, first=seed % 2, max_rounds=max_rounds)
        spec = Origins.validate(CAT, spec)
        res = play(CAT, spec, [make(policy, rng=rng) for _ in range(2)], rng=rng, after_turn=check)
        out.append(res)
    return out


def _ended_properly(res) -> bool:
    r = res.end_reason
    return (res.capped or "round cap" in r or "arena points" in r or "delivered" in r or "Leader" in r
            or "every gladiator" in r or r.startswith("challenges "))


@pytest.mark.parametrize("arena", ARENAS)
def test_seeded_challenges_keep_the_invariants_and_end(arena):
    for policy in ("greedy", "random"):
        for res in _games(15, arena, policy):
            assert _ended_properly(res), res.end_reason
            assert res.extras["arenas"] == [arena]


def test_seeded_matches_keep_the_invariants_and_play_every_arena():
    for res in _games(6, "match", max_rounds=60):
        assert sorted(res.extras["arenas"]) == sorted(ARENAS)
        assert len(res.extras["challenge_winners"]) == 3


@pytest.mark.slow
@pytest.mark.parametrize("arena", [*ARENAS, "match"])
def test_a_thousand_seeded_games_per_arena_keep_the_invariants_and_end(arena):
    """Invariants over 1,000 greedy games per arena (and 300 matches) and 100 random ones: health chips
    conserved per colour, no unit on a blocked hex, lineups of eight and sixes of their chips, one Special
    Gladiator deployed a challenge, carried chips with a gladiator of their house or on the arena; every game
    ends by an objective, an elimination or the round cap."""
    n = 300 if arena == "match" else 1000
    for policy, k in (("greedy", n), ("random", 100)):
        for res in _games(k, arena, policy, seed0=100):
            assert _ended_properly(res), res.end_reason


def test_same_seed_same_game_and_both_houses_win_some():
    a = _games(8, "xanadu")
    b = _games(8, "xanadu")
    key = [(r.winner, r.rounds, r.end_reason, tuple(r.extras["lineups"]["a"])) for r in a]
    assert key == [(r.winner, r.rounds, r.end_reason, tuple(r.extras["lineups"]["a"])) for r in b]
    assert any(r.winner == 0 for r in a) and any(r.winner == 1 for r in a)


def test_greedy_drafts_many_lineups_and_greedy_plays_for_the_objectives():
    res = _games(20, "el-dorado") + _games(20, "xanadu")
    lineups = {tuple(sorted(r.extras["lineups"]["a"])) for r in res}
    assert len(lineups) > 5  # the draft picks among the near-best chips at random
    reasons = " ".join(r.end_reason for r in res)
    assert "delivered" in reasons and "arena points" in reasons


def test_play_origins_from_a_seed_alone_with_log_and_json(capsys):
    d = run_json(capsys, "play", "origins", "--seed", "1")
    assert d["mode"] == "origins" and d["arena"] == "match" and sorted(d["arenas"]) == sorted(ARENAS)
    assert len(d["lineups"]["a"]) == 8 and d["factions"] == list(HOUSES)
    assert {t["faction"] for t in d["troops"]} == set(HOUSES) and "reputation" in d["troops"][0]
    code, out, _ = run_cli(capsys, "play", "origins", "--seed", "1", "--log", "--arena", "atlantis")
    assert code == 0 and "drafts" in out and "is the Leader of" in out and "== Challenge 1" in out


def test_a_sweep_writes_games_units_and_draft_rows(tmp_path, capsys):
    out = tmp_path / "ori"
    code, _, err = run_cli(capsys, "sweep", "origins", "--games", "4", "--jobs", "1", "--seed", "2",
                           "--arena", "xanadu", "--out", str(out))
    assert code == 0, err
    from hoplostat import sweep as sw

    _, tables = sw.load_tables(out)
    assert set(tables) >= {"games", "units", "draft"}
    assert tables["draft"].height == 2 * 8 * tables["games"].height
    d = run_json(capsys, "summarize", str(out))
    assert {r["colour"] for r in d["draft_colours"]} <= {"green", "blue", "yellow", "orange", "purple"}
    assert d["first_player"] and d["draft_chips"]


def test_the_lookahead_player_plays_a_match():
    rng = np.random.default_rng(4)
    spec = Origins.validate(CAT, GameSpec("origins", HOUSES, "match", max_rounds=45))
    res = play(CAT, spec, [make("lookahead:4", rng=rng), make("greedy", rng=rng)], rng=rng, after_turn=check)
    assert len(res.extras["challenge_winners"]) == 3
