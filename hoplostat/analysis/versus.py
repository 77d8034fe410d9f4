"""`Versus`: two sides head to head (every two-player mode), faction against faction."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis.base import Analysis
from hoplostat.analysis.printing import ci, verdict
from hoplostat.tables import frame_table


class Versus(Analysis):
    """Faction win rates, against the field, per arena, by matchup and seat, Bradley-Terry strengths and units."""

    kind = "versus"
    what = "faction win rates"
    subject = "faction"
    competitive = True
    head_to_head = True

    def subject_trials(self, tables: dict[str, Any]) -> pl.LazyFrame:
        """A faction's game (`stats.faction_trials`)."""
        from hoplostat import stats

        return stats.faction_trials(tables["games"])

    def subject_verdicts(self, tables: dict[str, Any]) -> pl.DataFrame:
        """Factions against the field average (`robustness.field_verdicts`)."""
        from hoplostat import stats
        from hoplostat.robustness import field_verdicts

        return field_verdicts(tables["games"], stats.win_rates(tables["games"]))

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        from hoplostat import stats

        return stats.summary(tables["games"], tables.get("units"))

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import versus_sections

        return versus_sections(tables, catalog, factions, cfg, sweep)

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        """The factions' tables (`print_factions`), the mode's own (`print_extras`), then the units
        (`print_units`)."""
        self.print_factions(con, tables)
        self.print_extras(con, tables)
        self.print_units(con, tables, catalog)

    def print_extras(self, con: Any, tables: dict[str, Any]) -> None:
        """What a subclass prints between the matchups and the units (e.g. a draft); nothing here."""

    @staticmethod
    def print_factions(con: Any, tables: dict[str, Any]) -> None:
        wr = tables["win_rates"]
        con.print(frame_table("Win rate per faction",
                              wr.select("faction", "games", "wins", "losses", "draws", ci("win_rate"))))
        field = tables["field"]
        avg = field["field_average"][0]
        avg_words = f"{avg:.1%}; draws are won by nobody" if avg < 0.5 else "50%: no game was drawn"
        pts = pl.format("{} [{}, {}]", *[(pl.col(c) * 100).round(1) for c in ("diff", "diff_lo", "diff_hi")])
        con.print(frame_table(f"Against the field: points above or below an average faction (which wins {avg_words})",
                              field.select("faction", "games", pts.alias("points (95%)"), verdict())))
        by_arena = tables["win_rates_by_arena"]
        if by_arena["arena"].n_unique() > 1:
            con.print(frame_table("Win rate per faction and arena",
                                  by_arena.select("arena", "faction", "games", "draws", ci("win_rate"))))
        fp = tables["first_player"]
        con.print(frame_table("First player",
                              fp.select("arena", "games", "first_wins", "draws", ci("first_win_rate"))))
        bt = tables["ratings"]
        con.print(frame_table("Bradley-Terry strength (log-odds, mean 0)",
                              bt.select("faction", pl.col("strength").round(2),
                                        pl.format("[{}, {}]", pl.col("strength_lo").round(2),
                                                  pl.col("strength_hi").round(2)).alias("95%"))))
        mm = tables["matchups"]
        con.print(frame_table("Matchups: the row faction's win rate against the opponent",
                              mm.select("faction", "opponent", "games", ci("win_rate"),
                                        *[(pl.col(c) * 100).round(0).cast(pl.Int64).alias(c.replace("win_rate_", "% "))
                                          for c in ("win_rate_first", "win_rate_second") if c in mm.columns])))

    @staticmethod
    def print_units(con: Any, tables: dict[str, Any], catalog: Any) -> None:
        from hoplostat import stats

        if tables["units"] is None:
            return
        roles = {uid: (c.classes[0] if c.classes else c.kind) for uid, c in catalog.units.items()}
        measures = stats.unit_measures(tables["units"], roles)
        assert measures is not None  # the units table is there
        u = measures.drop_nulls("z").sort("z", descending=True)
        pick = pl.concat([u.head(5), u.tail(5)]) if u.height > 10 else u
        stand = [uid for uid, c in catalog.units.items() if c.is_stand_in]
        con.print(frame_table("Units standing out within their faction and class (z of the measure that fits the "
                              "class; * = stand-in values)",
                              pick.select(pl.when(pl.col("unit").is_in(stand)).then(pl.col("unit") + " *")
                                          .otherwise(pl.col("unit")).alias("unit"), "role", "deployed", "measure",
                                          pl.col("value").round(2), pl.col("z").round(2))))
