"""The Lost Cities' crowd favor meter (hoplostat/rulesets/lost_cities/favor.py), pinned rule by rule for
mutation testing (docs/testing-history.md, "Mutation testing"): the bead on the CF Meter Track and its end, the reward
chips each level makes usable (counted in the result's `rewards`), and the narration of `--log` (part of the
golden games' replay). Checklist: ../shared/rules/lost-cities.md (TLC-*, R-TLC-*); positions and helpers from
tests/rulesets/lost_cities/test_rules.py."""

from __future__ import annotations

from hoplostat.rulesets.lost_cities import favor
from hoplostat.rulesets.lost_cities.base import LEVELS
from rulesets.lost_cities.test_rules import ATL, XAN, champion, new


def test_no_favor_earned_moves_no_bead_and_narrates_nothing_TLC_39_TLC_40():
    """Stones held by no unit give no favor (TLC-40): a gain of 0 changes nothing, not even the log."""
    g = new()
    s = g.state
    t = s.troops[ATL]
    before = list(s.log)
    favor.gain(g, ATL, 0, "stones")
    assert t.favor_total == 0 and t.favor == 0 and t.level == 0 and t.rewards == 0
    assert s.log == before


def test_the_bead_follows_the_favor_and_stops_at_the_meters_last_level_16_TLC_48_R_TLC_3():
    """The bead stands on the favor earned up to the meter's end, 16 (level 4, R-TLC-3); favor past it still
    counts in the total but moves no bead."""
    assert LEVELS[-1] == 16
    g = new()
    t = g.state.troops[ATL]
    champion(g, ATL, 29, active=False)
    favor.gain(g, ATL, 10, "test")
    assert (t.favor_total, t.favor, t.level) == (10, 10, 2)
    favor.gain(g, ATL, 4, "test")
    assert (t.favor_total, t.favor, t.level) == (14, 14, 3)
    favor.gain(g, ATL, 6, "test")
    assert (t.favor_total, t.favor, t.level) == (20, 16, 4)
    assert g.state.troops[XAN].favor_total == 0 and g.state.troops[XAN].favor == 0


def test_each_level_reached_earns_one_reward_chip_the_cf_tactics_of_levels_1_to_3_TLC_42_R_TLC_4():
    """One reward chip a level (the result's `rewards`); the face-down chips of levels 1, 2 and 3 are CF
    tactics, usable from then on; the level-4 chip is the CF gladiator (R-TLC-4), no tactic."""
    g = new()
    t = g.state.troops[ATL]
    champion(g, ATL, 29, active=False)
    assert len(t.reward_tactics) == 3
    favor.gain(g, ATL, 4, "test")
    assert t.rewards == 1 and t.cf_hand == t.reward_tactics[:1]
    favor.gain(g, ATL, 8, "test")  # 12: levels 2 and 3 at once
    assert t.level == 3 and t.rewards == 3 and t.cf_hand == t.reward_tactics
    assert all(x in t.tactics_camp for x in t.reward_tactics)
    favor.gain(g, ATL, 4, "test")
    assert t.level == 4 and t.rewards == 4 and t.cf_hand == t.reward_tactics and t.cf_unlocked


def test_reaching_level_1_is_narrated_favor_level_cf_tactic_champion_and_the_meters_chip_TLC_42_TLC_43_TLC_47():
    g = new()
    s = g.state
    t = s.troops[ATL]
    hero = champion(g, ATL, 29, active=False)
    chip = s.units[t.meter_chips[0]]
    tac = t.reward_tactics[0]
    n = len(s.log)
    favor.gain(g, ATL, 4, "a kill")
    who = f"{t.faction} ({t.side})"
    assert s.log[n:] == [
        f"{who} earns 4 crowd favor (a kill), 4 in all",
        f"{who} reaches crowd favor level 1: the champion activates",
        f"{who} may now use its CF tactic {tac.name}",
        f"{hero.name} is activated",
        f"{chip.name} goes from the meter into the bag of {who}",
    ]
