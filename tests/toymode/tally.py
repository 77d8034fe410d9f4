"""A toy mode with an analysis of its own (registered by tests/test_analysis.py for one test only): Sudden Death
whose sweeps' summary adds one table, how its games ended (`end_reasons`). What a mode adds to an analysis is this
file alone: a subclass of its kind's class (`hoplostat.analysis.Versus`) declared by `Mode.analysis_class`."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis import Versus
from hoplostat.tables import frame_table
from toymode import SuddenDeath


class SuddenDeathTally(SuddenDeath):
    name = "test-sudden-death-tally"
    summary = "toy mode of the tests: Sudden Death whose summary counts how its games ended"

    @classmethod
    def analysis_class(cls) -> type:
        return TallyAnalysis


class TallyAnalysis(Versus):
    """`Versus`, and per end reason the games that ended so (`end_reasons`), printed after the matchups."""

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        out = super().summarize(tables)
        out["end_reasons"] = (tables["games"].lazy().group_by("end_reason").agg(pl.len().alias("games"))
                              .sort("end_reason").collect())
        return out

    def print_extras(self, con: Any, tables: dict[str, Any]) -> None:
        con.print(frame_table("How the games ended", tables["end_reasons"]))
