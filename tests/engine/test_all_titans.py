"""Every titan, solo and co-op, and every Onslaught co-op pair, played whole through the sweep's own game
player (`hoplostat.sweep.play_one`, the code `hoplostat sweep` runs): a crash anywhere in a game is found
here, and each result row is checked for the invariants a finished game must satisfy.

Cheap on purpose (a couple of games per matchup; the whole file runs in seconds): the long statistical
runs are the `slow` tests of test_ascension.py and test_onslaught.py. Plus the crash of issue 13 (a titan
defeated by Cover during its own Advance) built by hand, so it is pinned whatever the seeds do.
"""

from __future__ import annotations

import numpy as np
import pytest

from enginekit import clear_shards, put_in_combat

from hoplostat.rulesets.remastered import titan as titan_rules
from hoplostat.rulesets.remastered.ascension import build_game, choose_forces, play_ascension, setup
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, DISCARD
from hoplostat.policies import make
from hoplostat.sweep import SweepConfig, play_one

ASCENSION_ENDS = ("titan defeated", "primary hero defeated", "forfeit")
ONSLAUGHT_ENDS = ("primary hero defeated", "forfeit", "all immortals defeated")
MAX_ROUNDS = 40


def _config(cat, mode: str, policy: str, seed: int) -> SweepConfig:
    return SweepConfig(mode=mode, factions=tuple(cat.factions), titans=tuple(cat.titans), games=3, seed=seed,
                       policies=(policy, policy), max_rounds=MAX_ROUNDS)


def _check_troop_columns(row: dict, coop: bool) -> None:
    for side in ("a", "b") if coop else ("a",):
        for col in ("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor"):
            assert row[f"{side}_{col}"] >= 0, (side, col, row)
    if not coop:
        assert "b_units_deployed" not in row


def _played(cat, config, matchups):
    """Every game of `matchups` as the sweep plays it: (matchup, its tables, its games row, where to look when
    an assertion fails); each row's co-op flag already checked against the matchup."""
    for m in matchups:
        for game in range(config.games):
            tables = play_one(cat, config, m, game)
            (row,) = tables["games"]
            where = f"{m.key} game {game} (game seed {row['game_seed']})"
            assert row["coop"] == bool(m.b), where
            yield m, tables, row, where


@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("titan", ["mars", "ifreet", "shaghad", "titan-d", "titan-e", "titan-f"])
def test_every_titan_solo_and_coop_plays_to_an_end(cat, titan, policy):
    """Every faction solo and every co-op pair against `titan`, three games each, as the sweep plays them."""
    assert titan in cat.titans
    config = _config(cat, "ascension", policy, seed=13)
    matchups = [m for m in config.matchups() if m.titan == titan]
    assert {bool(m.b) for m in matchups} == {False, True}  # solo and co-op
    assert len(matchups) == len(cat.factions) * (len(cat.factions) + 1) // 2
    for m, tables, row, where in _played(cat, config, matchups):
        assert row["end_reason"] in ASCENSION_ENDS or row["capped"], where
        assert row["won"] == (row["end_reason"] == "titan defeated"), where
        assert (row["titan_hp"] == 0) == row["won"], where
        assert 1 <= row["rounds"] <= MAX_ROUNDS, where
        assert row["a_titan_damage"] <= row["a_damage_dealt"], where
        _check_troop_columns(row, bool(m.b))
        for u in tables["units"]:
            assert u["faction"] in (m.a, m.b) and u["won"] == row["won"], where


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_every_onslaught_faction_and_coop_pair_plays_to_an_end(cat, policy):
    """Onslaught: every faction solo and every co-op pair, three games each, as the sweep plays them."""
    config = _config(cat, "onslaught", policy, seed=13)
    matchups = config.matchups()
    pairs = {frozenset((m.a, m.b)) for m in matchups if m.b}
    assert len(pairs) == len(cat.factions) * (len(cat.factions) - 1) // 2
    for m, tables, row, where in _played(cat, config, matchups):
        assert row["end_reason"] in ONSLAUGHT_ENDS or row["capped"], where
        assert 0 <= row["immortals_defeated"] <= 6, where
        waves = tables["waves"]
        assert row["immortals_defeated"] == sum(w["won"] for w in waves), where
        assert all(w["won"] for w in waves[:-1]), where
        assert 1 <= row["rounds"] <= MAX_ROUNDS, where
        _check_troop_columns(row, bool(m.b))


# --------------------------------------------------------------------------- issue 13: the crash, by hand






@pytest.mark.parametrize("titan", ["mars", "shaghad", "titan-d"])
def test_titan_defeated_by_cover_during_its_advance_ends_the_game(cat, titan):
    """Issue 13: a 1-HP titan advances into a Lamosian archer's Cover and is defeated by it mid-move. The
    game is won (ASC-11) and the Advance's movement marker, which is no tactic chip, is gone from the titan
    and from every discard (before the fix: `ValueError: list.remove(x): x not in list`)."""
    s = setup(cat, titan, ["lamosians"], rng=np.random.default_rng(0), log=True)
    g = build_game(s, [make("greedy", rng=np.random.default_rng(0))], rng=np.random.default_rng(0),
                   roller=FixedRoller(mode="all"))
    choose_forces(g)
    s.round, s.turn, s.titan_turns = 3, 10, 2
    clear_shards(s)
    d = s.grid.dist
    free = [h for h in range(s.grid.n) if not s.grid.move_block[h] and not s.grid.pedestal[h]]
    archer = next(u.uid for u in s.units if u.troop == 0 and u.zone == CAMP and u.unit.has_skill("cover")
                  and not u.elite)
    hero = s.troops[0].primary_hero
    # titan T; the Cover archer A (Range 4) 4 hexes away and the primary hero H next to A, farther from T:
    # whatever the titan marks, it steps toward A and H and ends its move within A's Range
    T, A, H = next((t, a, h) for t in free for a in free for h in s.grid.neighbours[a]
                   if d[t][a] == 4 and h in free and d[t][h] == 5)
    put_in_combat(s, s.titan_uid, T, hp=1)
    put_in_combat(s, archer, A)
    put_in_combat(s, hero, H)
    tu = s.units[s.titan_uid]
    titan_rules.advance(g, tu, 3)
    log = "\n".join(s.log)
    assert "covers hex" in log, log
    assert tu.zone == DISCARD and s.won and s.end_reason == "titan defeated", log
    assert tu.tactics == []
    marker_ids = {f"advance-{n}" for n in range(13)}
    for t in s.troops:
        assert not marker_ids & {x.id for x in t.tactics_discard}, t


def test_issue_13_game_shaghad_lamosians(cat):
    """The game of the issue (`hoplostat play ascension --titan shaghad --faction lamosians --seed
    8119876723350640554`) plays to an end; set up as the CLI does."""
    rng = np.random.default_rng(8119876723350640554)
    r = play_ascension(cat, "shaghad", ["lamosians"], [make("greedy", rng=rng)], rng=rng, max_rounds=60)
    assert r.end_reason in ASCENSION_ENDS or r.capped
