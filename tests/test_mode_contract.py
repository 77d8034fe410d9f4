"""The contract every registered mode keeps (OpenSpiel-style: one generic test over the registry).

For every mode, from seeds alone: the game plays to its end, replays identically from its seed, keeps
the state's invariants after every turn (HP within bounds, the board and the units agree, nobody on a
blocked hex, health chips conserved per supply), and its result has an outcome for every seat. The toy
mode of `tests/toymode` is registered too: a mode added by its module alone passes the same contract,
and the commands serve it.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import toymode  # noqa: F401  (registers the toy mode)
from clihelp import run_cli, run_json

from hoplostat.catalog import load
from hoplostat.cli._common import plain
from hoplostat.engine.loop import GameSpec, mode_class, modes, play
from hoplostat.engine.state import COMBAT
from hoplostat.policies import make

MODES = list(modes())
SEEDS = range(4)


@pytest.fixture(scope="module")
def catalogs():
    """The embedded catalog of each mode's rule set (`Mode.ruleset`), loaded once."""
    got: dict[str, object] = {}

    def of(mode: str):
        rs = mode_class(mode).ruleset
        if rs not in got:
            got[rs] = load((), use_env=False, ruleset=rs)
        return got[rs]
    return of


def check_invariants(g, turn) -> None:
    s = g.state
    held: dict[str, int] = {}
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained, (u.name, u.hp, u.unit.health, u.hp_gained)
            assert 0 <= u.hex < s.grid.n and s.board[u.hex] == u.uid, (u.name, u.hex)
            assert not s.grid.move_block[u.hex] or s.grid.pedestal[u.hex], (u.name, u.hex, "blocked hex")
            key = s.supply_of(u.troop)
            held[key] = held.get(key, 0) + u.hp
        else:
            assert u.hex == -1 or s.board[u.hex] != u.uid, (u.name, u.zone, "out of combat yet on the board")
    for h, uid in enumerate(s.board):
        assert uid < 0 or (s.units[uid].zone == COMBAT and s.units[uid].hex == h)
    for key, start in s.supply_start.items():
        assert s.supply[key] >= 0, (key, s.supply[key])
        assert s.supply[key] + held.get(key, 0) == start, (key, s.supply[key], held.get(key, 0), start, turn.header)


def _play(catalog, mode: str, seed: int, policy: str, *, log: bool = False):
    cls = mode_class(mode)
    spec = cls.default_spec(catalog, np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(7,))))
    factions = spec.factions
    if seed % 2 and max(cls.seats) > len(factions):  # odd seeds: the most seats the mode allows (co-op)
        factions += tuple(f for f in sorted(catalog.factions) if f not in factions)[: max(cls.seats) - len(factions)]
    spec = GameSpec(spec.mode, factions, spec.arena, spec.titan, max_rounds=min(cls.default_max_rounds, 40))
    rng = np.random.default_rng(seed)
    controllers = [make(policy, rng=rng) for _ in spec.factions]
    turns = []
    res = play(catalog, spec, controllers, rng=rng, log=log,
               after_turn=lambda g, t: (check_invariants(g, t), turns.append(t.header)))
    return spec, res, turns


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_plays_to_the_end_keeps_its_invariants_and_replays(catalogs, mode):
    catalog = catalogs(mode)
    cls = mode_class(mode)
    for seed in SEEDS:
        for policy in ("greedy", "random"):
            spec, res, turns = _play(catalog, mode, seed, policy, log=True)
            assert turns, "no turn was played"
            assert res.end_reason and res.end_reason != "unfinished"
            assert res.mode == mode and res.ruleset == cls.ruleset and res.arena in cls.arenas
            assert len(res.troops) == len(spec.factions) and len(spec.factions) in cls.seats
            assert [t.seat for t in res.troops] == list(range(len(spec.factions)))
            assert all(t.outcome in ("won", "lost", "draw") for t in res.troops)
            assert res.capped == res.end_reason.startswith("round cap")
            if res.capped:  # nobody wins at the cap; players already out (Pandemonium) stay lost
                assert all(t.outcome in ("draw", "lost") for t in res.troops)
                assert any(t.outcome == "draw" for t in res.troops)
            again = _play(catalog, mode, seed, policy, log=True)[1]
            assert json.dumps(plain(again), sort_keys=True) == json.dumps(plain(res), sort_keys=True)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_gives_sweep_rows_that_match_its_declared_schema(catalogs, mode):
    from hoplostat.sweep import SweepConfig, play_one, result_frame

    catalog = catalogs(mode)
    cls = mode_class(mode)
    factions = sorted(catalog.factions)[:max(3, *cls.seats)]
    config = SweepConfig(mode=mode, factions=tuple(factions), games=1, seed=3, max_rounds=12,
                         titans=tuple(sorted(catalog.titans))[:1] if cls.opponents else ())
    matchups = config.matchups()
    assert matchups and all(m.mode == mode and m.arena in cls.arenas for m in matchups)
    rows = play_one(catalog, config, matchups[0], 0)
    assert set(rows) == set(cls.tables) - {t for t in cls.tables if t != "games" and not rows.get(t)} | {"games"}
    assert len(rows["games"]) == 1
    for table, table_rows in rows.items():
        frame = result_frame(mode, table, table_rows)
        assert set(frame.columns) == set(cls.schema(table))
    assert isinstance(cls.is_success(rows["games"][0]), bool)


def test_a_mode_added_by_its_module_alone_is_served_by_every_command(capsys, tmp_path):
    """The toy mode (tests/toymode) was written without a line of CLI, sweep, stats or report code."""
    listed = {m["name"]: m for m in run_json(capsys, "modes")}
    assert listed["test-sudden-death"]["ruleset"] == "remastered"
    assert {"skirmish", "onslaught", "ascension"} <= set(listed)
    for m in listed.values():
        assert {"name", "ruleset", "troops", "arenas"} <= set(m)
    d = run_json(capsys, "play", "test-sudden-death", "--seed", "1")
    assert d["mode"] == "test-sudden-death" and d["end_reason"] in ("first unit defeated", "round cap (40) reached")
    out = tmp_path / "toy"
    code, _, err = run_cli(capsys, "sweep", "test-sudden-death", "-f", "kunlun", "-f", "amazons", "--games", "3",
                           "--out", str(out))
    assert code == 0, err
    summary = run_json(capsys, "summarize", str(out))
    assert summary["games"] == 6 and {r["faction"] for r in summary["win_rates"]} == {"kunlun", "amazons"}
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err and (tmp_path / "rep" / "index.html").is_file()


def test_one_default_mode_and_one_mode_per_tuned_kind():
    """Commands that name no mode play the one mode that declares `default`; `tune` finds the mode of each kind
    it tunes by the mode's own declaration (no shared module names a mode)."""
    from hoplostat.engine.loop import default_mode, modes, tuning_mode

    declared = [n for n, c in modes().items() if c.__dict__.get("default")]
    assert declared == [default_mode()]
    for kind in ("faction", "titan", "immortal"):
        cls = tuning_mode(kind)
        assert cls.__dict__.get("tunes") == kind
