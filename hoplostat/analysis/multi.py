"""`Pods` and `Teams`: three or more players at one table, each alone (free-for-all) or two by two (teams)."""

from __future__ import annotations

from typing import Any

import polars as pl

from hoplostat.analysis.base import Analysis
from hoplostat.analysis.printing import ci, points, verdict
from hoplostat.tables import frame_table


class Pods(Analysis):
    """Each player alone in a pod: win shares per faction and turn position against the fair share."""

    kind = "pods"
    what = "faction win shares"
    subject = "faction"
    competitive = True

    def subject_trials(self, tables: dict[str, Any]) -> pl.LazyFrame:
        """A seat's game (`stats.seat_trials`)."""
        from hoplostat import stats

        return stats.seat_trials(tables["games"])

    def subject_verdicts(self, tables: dict[str, Any]) -> pl.DataFrame:
        """Factions against the fair share of a pod (`robustness.pod_verdicts`)."""
        from hoplostat.robustness import pod_verdicts

        return pod_verdicts(tables["games"])

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        from hoplostat import stats

        return stats.pods_summary(tables)

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import pods_sections

        return pods_sections(tables, catalog, factions, cfg, sweep)

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        g = tables["games"].row(0, named=True)
        con.print(f"{g['pods']} pods of {cfg.get('players') or 3} players sampled from the seed, each seated at "
                  f"random; {g['draws']:,} of {g['games']:,} games reached the round cap (nobody wins those)")
        fair = tables["win_shares"]["fair_share"].mean()
        con.print(f"fair share: {fair:.1%} (the share of games with a winner, split evenly among the players)")
        con.print(frame_table("Win share per faction against the fair share", tables["win_shares"].select(
            "faction", "games", "wins", "draws", ci("win_share"), points(), verdict())))
        con.print(frame_table("Win share per turn position (1 = plays first)", tables["positions"].select(
            "position", "games", "wins", ci("win_share"), points(), verdict())))


class Teams(Analysis):
    """Two teams of two: each faction's team win rate, pairings of teammates and the first player's team."""

    kind = "teams"
    what = "team win rates per faction"
    subject = "faction"
    competitive = True

    def subject_trials(self, tables: dict[str, Any]) -> pl.LazyFrame:
        """A teammate's game, its team's outcome (`stats.teammate_trials`)."""
        from hoplostat import stats

        return stats.teammate_trials(tables["games"])

    def subject_verdicts(self, tables: dict[str, Any]) -> pl.DataFrame:
        """Factions against the average team (`robustness.field_verdicts` of `stats.team_faction_rates`)."""
        from hoplostat import stats
        from hoplostat.robustness import field_verdicts

        return field_verdicts(tables["games"], stats.team_faction_rates(tables["games"]))

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        from hoplostat import stats

        return stats.teams_summary(tables)

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import teams_sections

        return teams_sections(tables, catalog, factions, cfg, sweep)

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        con.print(frame_table("Team win rate per faction", tables["win_rates"].select(
            "faction", "games", "wins", "losses", "draws", ci("win_rate"))))
        pairs = tables["pairings"]
        con.print(frame_table("Pairings of teammates, strongest first", pairs.select(
            pl.format("{} + {}", "mate_1", "mate_2").alias("team"), "games", "wins", "draws", ci("win_rate"))))
        con.print(frame_table("The first player's team", tables["first_team"].select(
            "games", "first_team_wins", "draws", ci("first_team_win_rate"))))
