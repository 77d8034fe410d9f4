"""`Waves` and `Boss`: a solo player or a co-op team against the game: immortals in waves or one
titan (a mode's own word for it: `Mode.opponent`)."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis.base import Analysis
from hoplostat.analysis.printing import ci
from hoplostat.tables import frame_table


class Waves(Analysis):
    """Immortals defeated per team, and waves won when each immortal is faced (solo and co-op)."""

    kind = "waves"
    what = "waves won per immortal"
    subject = "immortal"
    coop = True

    def subject_trials(self, tables: dict[str, Any]) -> pl.LazyFrame:
        """A wave faced (`stats.opponent_trials` of the `waves` table)."""
        from hoplostat import stats

        return stats.opponent_trials(tables.get("waves"), "immortal")

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        from hoplostat import stats

        return stats.waves_summary(tables)

    def faced_immortals(self, catalog: Any) -> list[str]:
        """Every immortal of the catalog (the waves draw from them all)."""
        return sorted(catalog.immortals)

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import waves_sections

        return waves_sections(tables, catalog, factions, cfg, sweep, summary=self.summarize(tables))

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        teams = tables["teams"]
        mean = pl.format("{} [{}, {}]", *[pl.col(c).round(1) for c in
                                          ("mean_defeated", "mean_defeated_lo", "mean_defeated_hi")])
        con.print(frame_table("Immortals defeated per game (solo, then co-op)", teams.select(
            "team", "games", mean.alias("mean (95%)"),
            *[(pl.col(f"p{k}") * 100).round(0).cast(pl.Int64).alias(f"%{k}") for k in range(3)],
            ((1 - pl.col("p0") - pl.col("p1") - pl.col("p2")) * 100).round(0).cast(pl.Int64).alias("%3+"),
            pl.col("mean_waves").round(2).alias("waves"), "capped")))
        if tables["immortals"] is not None:
            imm = tables["immortals"]
            con.print(frame_table("Waves won when the immortal is faced", imm.select(
                "immortal", "coop", "faced", "won_waves", ci("wave_win_rate"))))


class Boss(Analysis):
    """The players' win rate per titan (or a mode's own opponent), hardest first, and titan by team."""

    kind = "boss"
    what = "the players' win rate per titan"
    subject = "titan"
    coop = True

    def subject_trials(self, tables: dict[str, Any]) -> pl.LazyFrame:
        """The players' game against a titan (`stats.opponent_trials` of the games)."""
        from hoplostat import stats

        return stats.opponent_trials(tables["games"], "titan")

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        from hoplostat import stats

        return stats.boss_summary(tables)

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import boss_sections

        return boss_sections(tables, catalog, factions, cfg, sweep, summary=self.summarize(tables))

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        """The tables of a mode against one opponent, named as the mode calls it (`Mode.opponent`)."""
        noun, nouns = getattr(self.mode, "opponent", ("titan", "titans"))
        label = pl.col("titan").alias(noun)
        con.print(frame_table(f"{nouns.capitalize()}, hardest first: share of games the players win",
                              tables["titans"].select(label, "coop", "games", "wins", ci("win_rate"),
                                                      pl.col("mean_rounds").round(1))))
        con.print(frame_table(f"{noun.capitalize()} by team", tables["matrix"].select(
            label, "team", "games", ci("win_rate"), pl.col("mean_rounds").round(1), "capped")))
