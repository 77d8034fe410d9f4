"""Sudden Death's analysis: the two-seat analysis (`hoplostat.analysis.Versus`) plus how its games ended
(`end_reasons`), printed by `summarize` after the matchups and shown as a section of its report. What a mode adds
to its analysis is this file alone, declared by `SuddenDeath.analysis_class`."""

from __future__ import annotations

from typing import Any

import polars as pl
from matplotlib.figure import Figure

from hoplostat.analysis import Versus
from hoplostat.tables import frame_table


def end_reasons(games: Any) -> pl.DataFrame:
    """Games per end reason, sorted by reason."""
    return games.lazy().group_by("end_reason").agg(pl.len().alias("games")).sort("end_reason").collect()


class SuddenDeathAnalysis(Versus):
    """`Versus`, and per end reason the games that ended so (`end_reasons`)."""

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        out = super().summarize(tables)
        out["end_reasons"] = end_reasons(tables["games"])
        return out

    def print_extras(self, con: Any, tables: dict[str, Any]) -> None:
        con.print(frame_table("How the games ended", tables["end_reasons"]))

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        sections, sentences, lead = super().report_sections(tables, catalog, factions, cfg, sweep)
        t = end_reasons(tables["games"])
        fig = Figure(figsize=(5, 2.5), layout="constrained")
        ax = fig.add_subplot()
        ax.barh(t["end_reason"].to_list(), t["games"].to_list())
        ax.set_xlabel("games")
        sections.append(("end-reasons", "How the games ended", fig,
                         "Games per end reason: a unit defeated, or the round cap reached.", t))
        return sections, sentences, lead
