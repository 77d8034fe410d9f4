"""Origins' analysis (`Origins.analysis_class`, Battle Royale's too): a versus analysis with its draft, per chip
colour and per chip drafted (`draft_summary`, the report's sections "Drafted colours" and "Drafted chips":
`draft_sections`), and the attack odds of the chips drafted (its houses own no chip)."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis import Versus
from hoplostat.analysis.printing import ci
from hoplostat.tables import frame_table


class OriginsAnalysis(Versus):
    """`Versus`, and the draft: its tables, its report sections, and the drafted chips' attack odds."""

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        out = super().summarize(tables)
        if tables.get("draft") is not None:  # a sweep whose draft table was lost summarises the games alone
            out.update(draft_summary(tables["draft"]))
        return out

    def print_extras(self, con: Any, tables: dict[str, Any]) -> None:
        if tables.get("draft_colours") is None:
            return
        con.print(frame_table("Drafted colours: the drafting house's game win rate (a colour counted once per lineup)",
                              tables["draft_colours"].select("colour", "games", pl.col("mean_chips").round(2),
                                                             ci("win_rate"), pl.col("mean_challenges").round(2))))
        con.print(frame_table("Drafted chips: how often, how early, and the drafting house's win rate",
                              tables["draft_chips"].select("chip", "kind", "games", pl.col("mean_pick").round(1),
                                                           ci("win_rate"))))

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        sections, sentences, lead = super().report_sections(tables, catalog, factions, cfg, sweep)
        if tables.get("draft") is not None:
            sections.extend(draft_sections(tables))
        return sections, sentences, lead

    def odds_frame(self, tables: dict[str, Any], catalog: Any, factions: list[str]) -> pl.DataFrame:
        """The drafted chips' attack odds (`report.chips_kill_chance_frame`)."""
        from hoplostat.report import chips_kill_chance_frame
        from hoplostat.sweep import chips_used

        if tables.get("draft") is None:
            return super().odds_frame(tables, catalog, factions)
        return chips_kill_chance_frame(catalog, chips_used(tables).get("chips", []))


def draft_sections(tables: dict) -> list[Any]:
    """The sections of a mode with a draft (its draft as `draft_summary` reads it): the drafting house's win
    rate per colour and per chip."""
    from hoplostat.report import win_rate_figure

    d = draft_summary(tables["draft"])
    colours = d["draft_colours"].rename({"colour": "faction"})
    chips = d["draft_chips"].rename({"chip": "faction"})
    return [
        ("draft-colours", "Drafted colours", win_rate_figure(colours, title="Win rate of the house drafting a colour "
                                                                            "(95% interval)"),
         "The share of games won by the house that drafted at least one chip of the colour (a colour counts once per "
         "lineup and game); whiskers are 95% Wilson intervals. Both houses draft, so a colour in both lineups "
         "counts a win and a loss.", d["draft_colours"]),
        ("draft-chips", "Drafted chips", win_rate_figure(chips, title="Win rate of the house drafting a chip (95% "
                                                                      "interval)"),
         "The same per chip, with how often and how early (mean pick, 1 = first) it was drafted.", d["draft_chips"]),
    ]


def draft_summary(draft: Any) -> dict[str, pl.DataFrame]:
    """Per chip colour and per chip drafted (the `draft` table of a mode with a draft): how often it
    was drafted, its mean pick number (1 = first), and the drafting house's game win rate with a Wilson
    interval (draws are not wins) and mean challenges won. A colour counts once per lineup and game."""
    from hoplostat import stats

    lz = draft.lazy()
    chips = _collected(lz.group_by("chip", "colour", "kind").agg(
        pl.len().alias("games"), pl.col("pick").mean().alias("mean_pick"),
        pl.col("won").sum().alias("wins"), pl.col("challenges_won").mean().alias("mean_challenges")))
    per_lineup = lz.group_by("matchup", "game", "side", "colour").agg(
        pl.len().alias("chips"), pl.col("won").first(), pl.col("challenges_won").first())
    colours = _collected(per_lineup.group_by("colour").agg(
        pl.len().alias("games"), pl.col("chips").mean().alias("mean_chips"), pl.col("won").sum().alias("wins"),
        pl.col("challenges_won").mean().alias("mean_challenges")))
    rated = {"draft_colours": stats.rate_interval(colours, "wins", "games", "win_rate"),
             "draft_chips": stats.rate_interval(chips, "wins", "games", "win_rate")}
    return {name: t.sort("win_rate", descending=True) for name, t in rated.items()}


def _collected(frame: Any) -> pl.DataFrame:
    return frame if isinstance(frame, pl.DataFrame) else frame.collect(engine="streaming")
