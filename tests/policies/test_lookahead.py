"""The lookahead player (issue 14): it searches only where the rules ask a turn step, it continues clones
of the game with the candidate it tries, it keeps the candidate whose continuations score best, it never
draws from the game's own stream, and a game with it replays from its seed."""

from __future__ import annotations

import numpy as np
import pytest
from clihelp import run_cli

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, new_game, play, run
from hoplostat.policies import lookahead, make
from hoplostat.policies.lookahead import LookaheadController, parse_budget, standing

SPEC = GameSpec("skirmish", ("amazons", "parthians"), "pozzuoli", "", None, 12)


@pytest.fixture(scope="module")
def catalog():
    return load((), use_env=False)


def _game(catalog, controllers, seed=3, spec=SPEC):
    rng = np.random.default_rng(seed)
    ctrls = [c(rng) for c in controllers]
    mode, spec, g = new_game(catalog, spec, ctrls, rng=rng, log=True)
    mode.begin(g)
    return mode, spec, g, ctrls


def test_a_game_with_the_lookahead_replays_from_its_seed(catalog):
    logs = []
    for _ in range(2):
        rng = np.random.default_rng(11)
        res = play(catalog, SPEC, [make("lookahead:3", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
        logs.append(res.log)
    assert logs[0] == logs[1] and len(logs[0]) > 50


class Probe:
    """Greedy for seat b; for seat a, hands the first few step decisions to the lookahead and checks what
    a decision does to the real game: the game's rng untouched, the state unchanged."""

    def __init__(self, la: LookaheadController, greedy) -> None:
        self.la, self.greedy, self.checked = la, greedy, 0

    def choose(self, g, troop, decision, options, *, optional):
        if troop == 0 and g.at_step and not g.depth and self.checked < 6:
            before = g.rng.bit_generator.state
            log = len(g.state.log)
            hp = [u.hp for u in g.state.units]
            got = self.la.choose(g, troop, decision, options, optional=optional)
            assert g.rng.bit_generator.state == before, "the search drew from the game's own stream"
            assert len(g.state.log) == log and [u.hp for u in g.state.units] == hp, "the search changed the game"
            assert got is None or got in options
            self.checked += 1
            return got
        return self.greedy.choose(g, troop, decision, options, optional=optional)


def test_a_lookahead_decision_leaves_the_real_game_and_its_dice_alone(catalog):
    rng = np.random.default_rng(5)
    la = LookaheadController(rng, budget=4)
    probe = Probe(la, make("greedy", rng=rng))
    mode, spec, g = new_game(catalog, SPEC, [probe, make("greedy", rng=rng)], rng=rng, log=True)
    mode.begin(g)
    run(g, spec.max_rounds)
    assert probe.checked == 6 and la.searched >= 1


def test_the_candidate_whose_continuations_score_best_is_chosen(catalog, monkeypatch):
    """A stub evaluation that rewards one candidate's trace in the continuation (the unit it moved is on
    the hex it was sent to) must make the player choose exactly that candidate: the forced first answer
    reaches the clone and the score is read from the clone."""
    rng = np.random.default_rng(2)
    la = LookaheadController(rng, budget=8, width=6, horizon=1)  # the rest of this turn: each unit moves once
    seen = {}

    class Watch:
        def choose(self, g, troop, decision, options, *, optional):
            if troop == 0 and decision == "move" and g.at_step and not g.depth and "pick" not in seen:
                cands = [c for c in la.candidates(g, troop, decision, options, optional) if c is not None]
                if len(cands) >= 2:
                    target = cands[-1]  # not greedy's choice
                    seen["target"] = target

                    def fake(sim, t):
                        u = sim.state.units[target[0]]
                        return 1.0 if u.hex == target[1] else 0.0

                    monkeypatch.setattr(lookahead, "standing", fake)
                    seen["pick"] = la.choose(g, troop, decision, options, optional=optional)
                    monkeypatch.undo()
                    return seen["pick"]
            return la.greedy.choose(g, troop, decision, options, optional=optional)

    w = Watch()
    mode, spec, g = new_game(catalog, SPEC, [w, make("greedy", rng=rng)], rng=rng)
    mode.begin(g)
    run(g, spec.max_rounds)
    assert "pick" in seen, "no move decision with two candidates"
    assert seen["pick"] == seen["target"]


def test_candidates_start_with_greedy_and_offer_to_pass(catalog):
    rng = np.random.default_rng(4)
    la = LookaheadController(rng, budget=2, width=4)
    got = []

    class Watch:
        def choose(self, g, troop, decision, options, *, optional):
            if troop == 0 and g.at_step and decision in ("move", "engage") and len(got) < 12:
                cands = la.candidates(g, troop, decision, options, optional)
                mine = la.greedy.choose(g, troop, decision, options, optional=optional)
                got.append((decision, cands, mine, optional))
                assert 1 <= len(cands) <= 4 and len(set(map(repr, cands))) == len(cands)
                assert all(c is None or c in options for c in cands)
            return la.greedy.choose(g, troop, decision, options, optional=optional)

    mode, spec, g = new_game(catalog, SPEC, [Watch(), make("greedy", rng=rng)], rng=rng)
    mode.begin(g)
    run(g, spec.max_rounds)
    assert got
    assert {d for d, *_ in got} == {"move", "engage"}
    for decision, cands, mine, optional in got:
        if mine is not None:
            assert cands[0] is not None and optional  # greedy acted (its tie-breaks are random: not compared)
            # passing is a candidate for a move, never instead of an attack (NEVER_PASS)
            assert (None in cands) == (decision not in lookahead.NEVER_PASS)


def test_standing_counts_health_with_the_hero_three_times_and_a_finished_game_as_won_or_lost(catalog):
    mode, spec, g, _ = _game(catalog, [lambda r: make("greedy", rng=r)] * 2)
    s = g.state
    base = standing(g, 0)
    assert standing(g, 1) == pytest.approx(-base)
    hero = s.units[s.troops[1].primary_hero]
    hero.zone, hero.hp = "combat", 5
    with_hero = standing(g, 0)
    hero.hp = 4
    assert standing(g, 0) - with_hero == pytest.approx(lookahead.HERO_WEIGHT)  # one HP off b's hero
    s.end_reason, s.winner = "primary hero defeated", 0
    assert standing(g, 0) == lookahead.WIN and standing(g, 1) == -lookahead.WIN


def test_budget_parsing_and_bad_names_are_one_error_line(capsys):
    assert parse_budget("") == lookahead.DEFAULT_BUDGET and parse_budget("7") == 7
    for bad in ("lookahead:0", "lookahead:x", "greedy:3", "lookahed"):
        for cmd in (["play", "skirmish", "--seed", "1"], ["sweep", "skirmish", "--games", "1", "--out", "/nonexistent/x"],
                    ["ladder", "skirmish", "--games", "1"]):
            code, out, err = run_cli(capsys, *cmd, "--policies", bad)
            assert code == 2, (bad, cmd, out, err)
            lines = [x for x in err.splitlines() if x.strip()]
            assert len(lines) == 1 and lines[0].startswith("error:") and bad in lines[0], (bad, cmd, err)


def test_a_solo_sweep_refuses_two_players_it_would_not_use(capsys):
    """Solo and co-op modes play every seat of the team with one player (`Mode.seat_policies`): a sweep
    given two must say so rather than record a player that never played."""
    code, out, err = run_cli(capsys, "sweep", "onslaught", "--policies", "random,greedy", "--games", "1",
                             "--out", "/nonexistent/never-written")
    assert code == 2 and err.startswith("error: --policies") and "one player" in err


def test_a_sweep_with_the_lookahead_is_the_same_whatever_jobs(capsys, tmp_path):
    """The lookahead's streams come from each game's seed: a sweep with it gives the same rows with one
    worker or two (DESIGN, "Same seed, same results")."""
    from hoplostat.sweep import load_tables

    rows = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        code, _, err = run_cli(capsys, "sweep", "skirmish", "-f", "amazons", "-f", "kunlun", "-a", "pozzuoli",
                               "--games", "2", "--max-rounds", "8", "--policies", "lookahead:2,greedy",
                               "--jobs", jobs, "--chunk", "1", "--out", str(out))
        assert code == 0, err
        games = load_tables(out)[1]["games"].sort("matchup", "game")
        assert set(games["policy_a"]) == {"lookahead:2"}
        rows.append(games.drop([c for c in games.columns if c.startswith("_")]).rows())
    assert rows[0] == rows[1]


def test_onslaught_objective_counts_waves_and_the_immortal_health_taken(catalog):
    """`Mode.objective` of Onslaught (what the lookahead adds to Health on the board): each immortal
    defeated is worth TROPHY, and each HP taken from the current immortal a TROPHY-share of its Health;
    the rivals see the opposite."""
    from hoplostat.engine.state import COMBAT

    spec = GameSpec("onslaught", ("kunlun",), "pozzuoli", "", None, 40)
    rng = np.random.default_rng(2)
    mode, spec, g = new_game(catalog, spec, [make("greedy", rng=rng)], rng=rng)
    mode.begin(g)
    s = g.state
    while not (s.immortal >= 0 and s.units[s.immortal].zone == COMBAT):
        run(g, s.round + 1)
        s.end_reason = None if s.end_reason and s.end_reason.startswith("round cap") else s.end_reason
    imm = s.units[s.immortal]
    full = imm.unit.health + imm.hp_gained
    base = mode.objective(g, 0)
    assert mode.objective(g, s.imm_troop) == pytest.approx(-base)
    imm.hp -= 1
    assert mode.objective(g, 0) - base == pytest.approx(mode.TROPHY / full)
    imm.hp += 1
    s.trophies.append(-1)
    assert mode.objective(g, 0) - base == pytest.approx(mode.TROPHY)


def test_no_continuation_rolls_the_real_games_future_dice(catalog, monkeypatch):
    """A continuation is a clone of the game, and a clone copies the game's stream at its position: unless
    the lookahead gives each continuation its own stream (`Game.reseed`), the continuation rolls exactly the
    dice the real game is about to roll, and the search sees the future. Record the first uniforms each
    continuation's dice draw and compare them with the real game's next ones."""
    from hoplostat.engine.rules import copy_generator

    seen = []
    real_resume = lookahead.resume

    def recording_resume(sim, **kw):
        seen.append((copy_generator(sim.rng).random(4).tolist(), copy_generator(sim.roller.rng).random(4).tolist()))
        return real_resume(sim, **kw)

    monkeypatch.setattr(lookahead, "resume", recording_resume)
    rng = np.random.default_rng(5)
    la = LookaheadController(rng, budget=4)
    checked = []

    class Watch:
        def choose(self, g, troop, decision, options, *, optional):
            if troop == 0 and g.at_step and not g.depth and len(checked) < 4:
                before = len(seen)
                future = copy_generator(g.rng).random(4).tolist()
                got = la.choose(g, troop, decision, options, optional=optional)
                mine = seen[before:]
                if mine:
                    checked.append(len(mine))
                    for dice, roller_dice in mine:
                        assert dice != future and roller_dice != future, "a continuation rolls the game's own dice"
                return got
            return la.greedy.choose(g, troop, decision, options, optional=optional)

    mode, spec, g = new_game(catalog, SPEC, [Watch(), make("greedy", rng=rng)], rng=rng)
    assert g.roller.rng is g.rng  # the dice come from the game's stream, which a clone copies
    mode.begin(g)
    run(g, spec.max_rounds)
    assert len(checked) == 4 and all(n >= 2 for n in checked)
