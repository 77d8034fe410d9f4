"""The balance tuner (`hoplostat tune TARGET`): the smallest change to the stand-in chips of a faction, a titan
or an immortal that brings its rate to a goal, measured with 95% intervals.

What is measured (`Field.rate`), by the kind of target (`Target`, `resolve_target`):

- a faction: `summarize`'s "against the field", the faction's share of its games won against every other
  faction (or `against`) in the mode that tunes factions (`loop.tuning_mode`), in both seat orders and on
  every arena; a draw (the round cap) is won by nobody and counted apart, so with draws a goal of 50% asks a
  little more than an average faction wins (`stats.field_average`);
- a titan: the field's success rate against it in the mode that tunes titans (the players' games won: the
  titan defeated), every faction of the field solo, or every co-op pair (`players` 2), as `summarize` counts
  it (`stats.opponent_trials` of the games, as `Boss.subject_trials`);
- an immortal: the share of waves the field wins against it when it is faced, in the mode that tunes
  immortals (the six immortals come in a random order, so not every game faces it), solo or co-op, as
  `summarize` counts it (`Waves.subject_trials`).

A faction's rate rises as its chips grow stronger; a titan's or an immortal's falls (`Target.against_it`):
the search moves the chips the way the rate must go. A titan's chips are its own and its allies'; its card
(titan dice, effects rows, priority, shards) and an immortal's triggers are rules, not stats, and stay.

Stages, each a function usable on its own (from a notebook too):

1. `single_changes`: per chip of the target (`Target.chips`), +/-1 Health, Movement or Range, one attack die a
   colour up or down (colours ordered by their hit faces, `dice.py`), one implemented skill added or removed.
   Only stand-in values change: a rulebook or public value is never touched, and `Candidates.skipped` names
   it. The catalog as it is is measured first (`confirm`); if it already reaches the goal, that is all.
2. `duel_screen` (a faction only; a titan or an immortal plays by its card or its triggers, which a duel
   does not see): each changed chip's exact map-free duels (`combat.exact_duel`) against every chip of the
   field, both orders of first attack: the change in the faction's mean duel score. Exact, so free of
   noise, and cheap; the best `duel_keep` changes that go the right way go on. It is blind to what needs a
   map (Movement, Range, most skills): those go on when they go the right way by what they are (a higher
   stat, a stronger die, one more skill make a chip stronger).
3. `halving`: short sweeps of the target against the field, by successive halving: every change plays a
   few games per matchup, the half closer to the goal twice as many, up to `games` per matchup. Every
   change set plays the same games (the same seeds), so they differ by the change and not by their dice.
   Then `pairs` of the best singles (a stat step twice too) and, up to `max_changes`, larger sets grown
   from the best one play `games` per matchup.
4. `confirm`: the best few, and the best of each size, on fresh games (`confirm_seed`), doubled until the
   95% interval lies inside goal +/- tolerance or outside it (`verdict`), or `max_games` per matchup.
5. `write_overlay`: a change set as an overlay directory, valid for ``--data DIR`` at once.

`tune` runs the stages in order; every sweep is a `sweep.SweepConfig` with the change set as an overlay, so
every game's seed comes from `seed`, the matchup and the game's index alone, and the result is the same
whatever `jobs` is.
"""

from __future__ import annotations

from hoplostat.tune.changes import (  # the names users import from here
    CHANGE_FIELDS,
    KINDS,
    MAX_GAMES_PER_MATCHUP,
    OVERLAY_FILE,
    STATS,
    Candidates,
    Change,
    ChangeSet,
    Target,
    apply_changes,
    as_target,
    chip_diff,
    combine,
    describe,
    describe_chips,
    pairs,
    resolve_target,
    single_changes,
    skill_params,
    strength_order,
)
from hoplostat.tune.measure import (  # the names users import from here
    Bench,
    Field,
    Rate,
    band,
    confirm,
    duel_screen,
    faction_rate,
    halving,
    halving_rounds,
    rank,
    verdict,
)
from hoplostat.tune.overlay import (  # the names users import from here
    entry_toml,
    immortal_toml,
    overlay_text,
    titan_toml,
    unit_toml,
    write_overlay,
)
from hoplostat.tune.search import (  # the names users import from here
    TuneConfig,
    TuneResult,
    confirm_seed,
    tune,
)

__all__ = [
    "STATS", "CHANGE_FIELDS", "OVERLAY_FILE", "KINDS", "MAX_GAMES_PER_MATCHUP", "Target", "resolve_target",
    "as_target", "Change", "chip_diff", "ChangeSet", "apply_changes", "describe_chips", "describe", "combine",
    "strength_order", "skill_params", "Candidates", "single_changes", "pairs", "unit_toml", "titan_toml",
    "immortal_toml", "entry_toml", "overlay_text", "write_overlay", "Field", "Rate", "faction_rate", "Bench",
    "duel_screen", "band", "verdict", "halving_rounds", "halving", "rank", "confirm", "TuneConfig", "TuneResult",
    "confirm_seed", "tune",
]
