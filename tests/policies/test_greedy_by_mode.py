"""Greedy plays every mode through the heuristics the mode declares (`Mode.greedy`, a `GreedyController` subclass in
the mode's rule set): no method is attached to `GreedyController` from elsewhere, no method name is built from a
string, and a decision the mode's heuristics do not list is an error, not a silent first option."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.engine import GameSpec
from hoplostat.engine.loop import mode_class, modes, new_game
from hoplostat.policies.base import UnknownDecision
from hoplostat.policies.greedy import GreedyController


def _declared():
    return {m: mode_class(m).greedy() for m in modes()}


def test_each_mode_keeps_its_greedy_heuristics_in_its_own_rule_set():
    declared = _declared()
    own = {m: cls for m, cls in declared.items() if cls is not None}
    # the modes with goals or decisions of their own (mutant checked: Onslaught's declaration removed -> fails)
    for m in ("onslaught", "ascension", "pandemonium", "alliance", "condemned", "naumachia", "origins",
              "rise-of-rome", "lost-cities"):
        assert m in own, m
    for m, cls in own.items():
        assert issubclass(cls, GreedyController), m
        parts = mode_class(m).__module__.split(".")
        # hoplostat.rulesets.<the mode's rule set>, or the package of a mode added from outside (the toy mode)
        package = ".".join(parts[:3]) if parts[:2] == ["hoplostat", "rulesets"] else parts[0]
        assert cls.__module__ == package or cls.__module__.startswith(package + "."), (m, cls.__module__)
        assert not cls.__module__.startswith("hoplostat.policies"), m


def test_no_rule_set_attaches_methods_to_the_core_greedy_player():
    _declared()  # imports every mode's players module
    for name, value in vars(GreedyController).items():
        fn = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
        if callable(fn):
            assert fn.__module__ == "hoplostat.policies.greedy", name
    # every decision the core takes names a method of the class itself
    for decision, method in GreedyController.DECISIONS.items():
        assert callable(getattr(GreedyController, method)), decision


def _skirmish_game(cat):
    rng = np.random.default_rng(3)
    greedy = GreedyController(rng)
    _, _, g = new_game(cat, GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli"), [greedy, greedy], rng=rng)
    return g, greedy


def test_a_decision_greedy_does_not_know_is_an_error_not_the_first_option(cat):
    g, greedy = _skirmish_game(cat)
    with pytest.raises(UnknownDecision, match="'no-such-decision'.*skirmish"):
        greedy.choose(g, 0, "no-such-decision", [1, 2, 3], optional=False)
    # a mode's own decision is unknown to the others: Alliance's team reward is not Skirmish's
    with pytest.raises(UnknownDecision, match="team-reward"):
        greedy.choose(g, 0, "team-reward", [(2, 1), (2, 3)], optional=False)


def test_the_player_hands_each_mode_to_its_heuristics_and_keeps_one_stream(cat):
    """One `GreedyController` in a Pandemonium game takes Pandemonium's decisions through `PandemoniumGreedy`, whose
    ties are broken from the player's own rng (the same generator object, also after it is replaced)."""
    from hoplostat.rulesets.remastered.pandemonium.players import PandemoniumGreedy

    rng = np.random.default_rng(5)
    greedy = GreedyController(rng)
    pod = ("vesuvians", "kunlun", "amazons")
    _, _, g = new_game(cat, GameSpec("pandemonium", pod), [greedy] * 3, rng=rng)
    s = g.state
    t = s.troops[0]
    t.tactics_discard = list(t.tactics_camp)  # the stone step offers the discarded tactics back (PAN-*)
    tactics = [x.id for x in t.tactics_discard]
    assert tactics
    assert greedy.choose(g, 0, "stone-tactic", tactics, optional=True) in tactics
    h = greedy._of_mode[type(s.mode)]
    assert type(h) is PandemoniumGreedy and h.rng is rng
    other = np.random.default_rng(6)
    greedy.rng = other
    greedy.choose(g, 0, "stone-tactic", tactics, optional=True)
    assert h.rng is other


def test_a_mode_added_with_its_own_players_is_played_by_them(cat):
    """The toy mode (tests/toymode) declares its own greedy heuristics next to it; greedy plays its games with
    them, and with the core heuristics for every decision they do not change."""
    import toymode
    from hoplostat.engine.loop import play

    calls = toymode.SuddenDeathGreedy.engages
    before = calls[0]
    rng = np.random.default_rng(11)
    res = play(cat, GameSpec("test-sudden-death", ("kunlun", "amazons"), "pozzuoli"),
               [GreedyController(rng), GreedyController(rng)], rng=rng)
    assert res.end_reason is not None
    assert calls[0] > before


def test_every_decision_a_rule_set_asks_has_a_greedy_heuristic():
    """Each decision name a rule set's code asks (`g.ask(..., "name", ...)`, the names within the call) is taken
    by the core heuristics or by a mode's declared class: a decision left out would stop a greedy game with
    `UnknownDecision`. "titan-choice" is answered by Rise of Rome's `TitanPlayer`, which wraps every player of a
    titan game."""
    import re
    from pathlib import Path

    import hoplostat.rulesets

    taken = set(GreedyController.DECISIONS)
    for cls in _declared().values():
        if cls is not None:
            taken |= set(cls.DECISIONS)
    asked = set()
    for path in Path(hoplostat.rulesets.__file__).parent.rglob("*.py"):
        text = path.read_text()
        for m in re.finditer(r"\.ask\(", text):
            call = text[m.end():m.end() + 300].split("optional")[0]
            asked |= set(re.findall(r"\"([a-z]+(?:-[a-z]+)*)\"", call))
    asked -= {"titan-choice"}
    assert asked, "no decision found: the pattern no longer matches the rule sets' calls"
    assert asked <= taken, sorted(asked - taken)
