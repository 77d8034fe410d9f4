"""The state's per-change views (`GameState._view_change`, issue 15): after every unit entering or leaving
combat, in seeded games of every registered mode, the views updated for that unit alone equal a full
`_rebuild_views` of the same state (same units, same arrival order, same aura and scoped-hook entries)."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.engine import state as st
from hoplostat.engine.loop import GameSpec, mode_class, modes, play
from hoplostat.policies import make


def _views(s) -> dict:
    """The views as comparable values: uids for units, (uid, hook tuples) for auras, dicts as they are."""
    out = {}
    for k, v in s.hooked_cache.items():
        if k.startswith(st._OPP):
            continue  # built on demand from the others
        if isinstance(v, dict):
            out[k] = dict(v)
        elif k == st._AURAS:
            out[k] = [(a[0].uid, a[1:]) for a in v]
        else:
            out[k] = [u.uid for u in v]
    return out


def _nonempty(d: dict) -> dict:
    return {k: v for k, v in d.items() if v}


@pytest.mark.parametrize("mode", list(modes()))
def test_views_updated_per_change_equal_a_full_rebuild(mode, monkeypatch):
    monkeypatch.setenv("HOPLOSTAT_ENGINE", "python")  # the Python engine's own views (the core keeps none)
    cls = mode_class(mode)
    catalog = load((), use_env=False, ruleset=cls.ruleset)
    changes: list[int] = []
    wrong: list[tuple] = []
    original = st.GameState._view_change

    def checked(self, u, entered):
        was_current = self.hooked_version == self.combat_version
        original(self, u, entered)
        if not was_current:
            return
        changes.append(u.uid)
        got = _views(self)
        self._rebuild_views()
        want = _views(self)
        if _nonempty(got) != _nonempty(want):
            wrong.append((u.name, entered, got, want))

    monkeypatch.setattr(st.GameState, "_view_change", checked)
    for seed in range(2):
        spec = cls.default_spec(catalog, np.random.default_rng(seed))
        spec = GameSpec(spec.mode, spec.factions, spec.arena, spec.titan, max_rounds=min(cls.default_max_rounds, 30))
        rng = np.random.default_rng(seed)
        play(catalog, spec, [make("greedy", rng=rng) for _ in spec.factions], rng=rng)
    assert changes, "no unit entered or left combat with the views current"
    assert not wrong, wrong[0]
