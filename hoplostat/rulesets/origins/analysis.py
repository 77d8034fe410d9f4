"""Origins' analysis (`Origins.analysis_class`, Battle Royale's too): a versus analysis with its draft, per chip
colour and per chip drafted (`stats.draft_summary`, the report's section "The draft": `report.draft_sections`), and
the attack odds of the chips drafted (its houses own no chip)."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis import Versus
from hoplostat.analysis.printing import ci
from hoplostat.tables import frame_table


class OriginsAnalysis(Versus):
    """`Versus`, and the draft: its tables, its report sections, and the drafted chips' attack odds."""

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        from hoplostat import stats

        out = super().summarize(tables)
        if tables.get("draft") is not None:  # a sweep whose draft table was lost summarises the games alone
            out.update(stats.draft_summary(tables["draft"]))
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
        from hoplostat.report import draft_sections

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
