"""The effects registry: tactics, immortal triggers, titan effects and shards resolve their terms through
`engine.registry` (keyed by rule set and context); a term without a handler is reported, never silently
played."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.engine.registry import (CORE, EFFECTS, effect_impl, register_effect, unimplemented_effects)


def test_every_effect_term_the_catalog_uses_has_a_handler(cat):
    assert unimplemented_effects(cat, "remastered") == ()
    assert effect_impl("remastered", "tactic", "damage").ruleset == CORE  # shared by every rule set
    assert effect_impl("remastered", "titan", "smite").ruleset == "remastered"
    assert effect_impl("remastered", "trigger", "smite") is None  # a titan term is no immortal trigger


def test_a_rule_set_may_register_its_own_handler_of_a_shared_term():
    calls = []
    register_effect("heal", "tactic", lambda *a: calls.append(a), ruleset="test-ruleset")
    try:
        assert effect_impl("test-ruleset", "tactic", "heal").fn is not None
        assert effect_impl("remastered", "tactic", "heal").ruleset == CORE
    finally:
        del EFFECTS[("test-ruleset", "tactic", "heal")]


def test_unknown_context_is_refused():
    with pytest.raises(ValueError, match="context"):
        register_effect("heal", "weather")


def test_an_unregistered_titan_term_is_reported_and_skipped(cat):
    """A titan effect term with no handler is skipped and named in the game's result (ASC-6)."""
    from hoplostat.engine.loop import GameSpec, play
    from hoplostat.policies import GreedyController

    saved = EFFECTS.pop(("remastered", "titan", "advance"))
    try:
        assert "titan:advance" in unimplemented_effects(cat, "remastered")
        rng = np.random.default_rng(3)
        r = play(cat, GameSpec("ascension", ("kunlun",), titan="mars", max_rounds=6), [GreedyController(rng)], rng=rng,
                 log=True)
        assert "titan:advance" in r.unimplemented
        assert any("titan effect 'advance' is not implemented" in line for line in r.log)
    finally:
        EFFECTS[("remastered", "titan", "advance")] = saved
