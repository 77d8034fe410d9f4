"""A game cloned at any decision of a turn step continues exactly like the original (issue 14's engine
work for the lookahead player): `Game.clone` copies state, dice and controllers together, the state
records where in the round, turn and step play stands, and `loop.resume` continues from there.

For every registered mode and several seeds: play a game once to count the decisions its turn steps
ask, then replay it and clone it at a decision drawn from the seed; continue the clone with `resume`
after the original has finished. Same choices and same dice must give the same game: the whole log,
the result and the per-unit statistics are compared.
"""

from __future__ import annotations

import numpy as np
import pytest
import toymode  # noqa: F401  (registers the toy mode)

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, mode_class, modes, new_game, resume
from hoplostat.policies import make

MODES = list(modes())
SEEDS = range(3)


class Cloning:
    """Greedy, which also counts the step decisions it is asked and clones the game at decision `at`."""

    def __init__(self, inner, at: int | None, sink: list) -> None:
        self.inner, self.at, self.sink, self.seen = inner, at, sink, 0
        self.names: list[str] = []  # the decision asked at each step decision

    @property
    def rival_decisions(self):
        return getattr(self.inner, "rival_decisions", ())

    def choose(self, g, troop, decision, options, *, optional):
        if g.at_step:
            if self.seen == self.at:
                self.at = None  # the clone's copy of this controller must not clone again
                self.sink.append(g.clone())
            self.seen += 1
            self.names.append(decision)
        return self.inner.choose(g, troop, decision, options, optional=optional)


def _spec(catalog, mode: str, seed: int) -> GameSpec:
    cls = mode_class(mode)
    spec = cls.default_spec(catalog, np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(11,))))
    factions = spec.factions
    if seed % 2 and max(cls.seats) > len(factions):  # odd seeds: the most seats the mode allows
        factions += tuple(f for f in sorted(catalog.factions) if f not in factions)[: max(cls.seats) - len(factions)]
    return GameSpec(spec.mode, factions, spec.arena, spec.titan, max_rounds=min(cls.default_max_rounds, 40))


def _game(catalog, spec: GameSpec, seed: int, at: int | None, sink: list):
    rng = np.random.default_rng(seed)
    shared = Cloning(make("greedy", rng=rng), at, sink)  # one controller object for every seat
    mode, spec, g = new_game(catalog, spec, [shared] * len(spec.factions), rng=rng, log=True)
    mode.begin(g)
    return mode, spec, g, shared


def _outcome(mode, spec, g):
    res = mode.result(g, spec)
    units = [(u.uid, u.zone, u.hex, u.hp, u.damage_dealt, u.damage_taken, u.kills, u.times_defeated)
             for u in g.state.units]
    return list(g.state.log), res.end_reason, [t.outcome for t in res.troops], res.rounds, units


@pytest.fixture(scope="module")
def catalog():
    return load((), use_env=False)


@pytest.mark.parametrize("mode", MODES)
def test_a_clone_taken_at_any_step_decision_continues_as_the_original(catalog, mode):
    from hoplostat.engine.loop import mode_class

    if mode_class(mode).ruleset != catalog.ruleset:
        catalog = load((), use_env=False, ruleset=mode_class(mode).ruleset)
    for seed in SEEDS:
        spec = _spec(catalog, mode, seed)
        m, spec, g, counter = _game(catalog, spec, seed, None, [])
        from hoplostat.engine.loop import run

        run(g, spec.max_rounds)
        n = counter.seen
        assert n > 10, f"{mode}: only {n} step decisions in a whole game"
        want = _outcome(m, spec, g)
        picks = {int(k) for k in np.random.default_rng(seed + 100).choice(n, size=min(3, n), replace=False)}
        # and, for every kind of decision, its first occurrence right after a decision of another kind: a
        # clone taken there resumes a step that already decided something (a tactic after a deployment, an
        # attack after the Abilities), which a step that starts over would ask again
        names = counter.names
        for kind in dict.fromkeys(names):
            first = next((i for i in range(1, n) if names[i] == kind and names[i - 1] != kind), None)
            if first is not None:
                picks.add(first)
        for at in sorted(picks):
            sink: list = []
            m2, spec2, g2, _ = _game(catalog, spec, seed, at, sink)
            run(g2, spec2.max_rounds)
            assert _outcome(m2, spec2, g2) == want, "the cloning itself changed the game"
            (clone,) = sink
            assert clone.state.end_reason is None and clone.at_step
            resume(clone, spec2.max_rounds)
            got = _outcome(m2, spec2, clone)
            assert got[0] == want[0], f"{mode} seed {seed}: the log differs after a clone at step decision {at}"
            assert got == want, f"{mode} seed {seed}: the game differs after a clone at step decision {at}"


def test_resume_with_a_horizon_stops_after_that_many_turns(catalog):
    """`turns=`: the turn in progress counts as the first; play stops at a turn's end, the game not over."""
    spec = _spec(catalog, "skirmish", 0)
    sink: list = []
    m, spec, g, _ = _game(catalog, spec, 0, 12, sink)
    from hoplostat.engine.loop import run

    run(g, spec.max_rounds)
    (clone,) = sink
    s = clone.state
    assert s.round <= 3  # early in the game: three turns cannot end it
    start_turn = s.turn
    one = clone.clone()
    resume(clone, spec.max_rounds, turns=3)
    assert s.end_reason is None
    assert s.turn == start_turn + 2  # the one in progress, then two more opened
    assert s.step_index == len(m.turn_of(clone, s.active).steps)
    resume(one, spec.max_rounds, turns=1)  # only the rest of the turn in progress
    assert one.state.turn == start_turn and one.state.end_reason is None
    assert one.state.step_index == len(m.turn_of(one, one.state.active).steps)


def test_a_resumed_game_shows_every_turn_to_its_observer(catalog):
    """`after_turn` sees the turn in progress and every later one, as in the original game."""
    spec = _spec(catalog, "skirmish", 2)
    sink: list = []
    m, spec, g, _ = _game(catalog, spec, 2, 40, sink)
    seen: list = []
    from hoplostat.engine.loop import run

    run(g, spec.max_rounds, after_turn=lambda gg, turn: seen.append((gg.state.turn, turn.header)))
    (clone,) = sink
    start = clone.state.turn
    later: list = []
    resume(clone, spec.max_rounds, after_turn=lambda gg, turn: later.append((gg.state.turn, turn.header)))
    assert later and later == [x for x in seen if x[0] >= start]


def test_a_reseeded_clone_rolls_other_dice_than_the_original(catalog):
    """`Game.reseed`: a lookahead's continuation must not see the real game's future dice."""
    spec = _spec(catalog, "skirmish", 1)
    sink: list = []
    m, spec, g, _ = _game(catalog, spec, 1, 5, sink)
    (clone,) = [g.clone()]
    clone.reseed(np.random.default_rng(99))
    assert clone.rng.random() != g.rng.random()
    assert clone.roller.rng is clone.rng and g.roller.rng is g.rng


@pytest.mark.parametrize("bit_generator", [np.random.PCG64, np.random.MT19937, np.random.Philox, np.random.SFC64])
def test_a_clones_dice_stream_is_a_deep_copy_of_the_games(bit_generator):
    """`Game.clone` copies the game's rng with `rules.copy_generator` (faster than `copy.deepcopy`): the copy
    draws what a deep copy draws, spawns the children a deep copy spawns, and drawing or spawning from it
    leaves the original where it was."""
    import copy

    from hoplostat.engine.rules import copy_generator

    rng = np.random.Generator(bit_generator(11))
    rng.random(3)
    rng.spawn(2)
    deep, fast = copy.deepcopy(rng), copy_generator(rng)
    assert type(fast.bit_generator) is bit_generator and fast is not rng
    assert fast.integers(1 << 62, size=6).tolist() == deep.integers(1 << 62, size=6).tolist()
    assert fast.spawn(1)[0].random() == deep.spawn(1)[0].random()
    before = copy.deepcopy(rng)
    fast.random(5)
    fast.spawn(3)
    assert rng.random() == before.random() and rng.spawn(1)[0].random() == before.spawn(1)[0].random()
    seedless = np.random.Generator(bit_generator(0))
    seedless.bit_generator.state = rng.bit_generator.state
    assert copy_generator(seedless).random() == copy.deepcopy(seedless).random()
