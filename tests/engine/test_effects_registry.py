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


def test_a_skill_id_means_what_its_rule_set_says(cat):
    """Skills are keyed by rule set: a later rule set registers its own Retaliate, and a chip is played by
    its own rule set's text (`Unit.ruleset`), never by another's."""
    from dataclasses import replace

    from hoplostat.engine.registry import SKILLS, hook_map, register, skill_impl, unimplemented_skills

    remastered = skill_impl("retaliate", "remastered")
    assert remastered is not None
    older = register("retaliate", "innate", ruleset="test-older-game", after_dealt_attack_damage=lambda *a: None)
    try:
        chip = next(u for u in cat.units.values() if u.has_skill("retaliate"))
        theirs = replace(chip, ruleset="test-older-game")
        assert hook_map(chip)["after_dealt_attack_damage"][0][2] is remastered.hooks["after_dealt_attack_damage"]
        assert hook_map(theirs)["after_dealt_attack_damage"][0][2] is older.hooks["after_dealt_attack_damage"]
        nowhere = replace(chip, ruleset="test-no-such-rules")
        assert "after_dealt_attack_damage" not in hook_map(nowhere)
    finally:
        SKILLS.pop("test-older-game", None)
    assert "retaliate" not in unimplemented_skills(cat)
