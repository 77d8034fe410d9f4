"""Naumachia's analysis (`Naumachia.analysis_class`): a versus analysis with its crowd favor events (NAU-34), per
faction how often it brought the opposing hero into combat (`naval_summary`, the report's section "naval-events":
`naval_sections`)."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis import Versus
from hoplostat.report import SECTIONS as VERSUS_SECTIONS

SECTIONS = (*VERSUS_SECTIONS[:3], "naval-events", *VERSUS_SECTIONS[3:])
"""Sections of a Naumachia report (Pandora's Wake): a two-player mode's, its crowd favor events with the factions."""


class NaumachiaAnalysis(Versus):
    """`Versus`, and the report's crowd favor events section after the factions' sections."""

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        sections, sentences, lead = super().report_sections(tables, catalog, factions, cfg, sweep)
        sections.extend(naval_sections(tables))
        return sections, sentences, lead


def naval_sections(tables: dict) -> list[Any]:
    """Pandora's Wake, Naumachia: how often each faction brings the opposing hero into combat (the opposing
    troop's fourth crowd favor event, NAU-34), the way to victory, with the events and favor behind it."""
    from hoplostat.report import win_rate_figure

    t = naval_summary(tables["games"])
    fig = win_rate_figure(t.rename({"hero_in_rate": "win_rate", "hero_in_rate_lo": "win_rate_lo",
                                    "hero_in_rate_hi": "win_rate_hi"}),
                          title="Share of games in which the faction brings the opposing hero in (95% interval)")
    return [("naval-events", "Crowd favor events", fig,
             "Damage to a troop's ships costs it crowd favor; each track's last space is an event that dislodges a "
             "captain, and the fourth brings its hero into combat, where it can be defeated. Bars: the share of a "
             "faction's games in which the other troop's hero came in (Wilson 95% whiskers); the table adds the "
             "mean events caused, the mean favor the other troop lost and the mean damage dealt to its ships.", t)]


def naval_summary(games: Any) -> pl.DataFrame:
    """Per faction (seat a and seat b alike; the solo rival as "rival"), from a naval sweep's games
    (`a_events`, `b_hero_in`, ...): the share of its games in which it brought the opposing hero into combat
    (the opposing troop's fourth crowd favor event, NAU-34) with a Wilson interval, the mean events it caused,
    the mean crowd favor the other troop lost and the mean damage it dealt to the other troop's ships."""
    from hoplostat import stats

    lz = games.lazy()
    sides = []
    for me, other in (("a", "b"), ("b", "a")):
        sides.append(lz.select(pl.col(f"faction_{me}").alias("faction"),
                               pl.col(f"{other}_hero_in").alias("hero_in"), pl.col(f"{other}_events").alias("events"),
                               pl.col(f"{other}_favor_lost").alias("favor_lost"),
                               pl.col(f"{me}_ship_damage").alias("ship_damage")))
    per = _collected(pl.concat(sides).group_by("faction").agg(
        pl.len().alias("games"), pl.col("hero_in").sum().alias("heroes_in"),
        pl.col("events").mean().alias("mean_events"), pl.col("favor_lost").mean().alias("mean_favor_lost"),
        pl.col("ship_damage").mean().alias("mean_ship_damage")))
    return stats.rate_interval(per, "heroes_in", "games", "hero_in_rate").sort("hero_in_rate", descending=True)


def _collected(frame: Any) -> pl.DataFrame:
    return frame if isinstance(frame, pl.DataFrame) else frame.collect(engine="streaming")
