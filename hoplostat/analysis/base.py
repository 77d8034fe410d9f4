"""The `Analysis` base class: what one kind of sweep says, owned in one object (see `hoplostat.analysis`)."""

from __future__ import annotations

from typing import Any, ClassVar

import polars as pl


class Analysis:
    """What a sweep of a mode says, and how: the rows a comparison counts (`subject_trials`), the tables `hoplostat
    summarize` gives (`summarize`) and prints (`print_summary`), the report's sections (`report_sections`, with the
    chips whose attack odds close it: `odds_frame`) and the robustness verdicts (`subject_verdicts`). One class per
    analysis kind (`Versus`, `Pods`, `Teams`, `Waves`, `Boss`); a mode with more (a naval mode's crowd favor events,
    a draft) or its own (a campaign of solo trials) declares a subclass (`Mode.analysis_class`). An instance
    is bound to its mode class (`mode`: its names, e.g. `Mode.opponent`)."""

    kind: ClassVar[str] = ""
    """The analysis kind (`Mode.analysis`); robustness and compare name it in their JSON (`kind`)."""
    what: ClassVar[str] = "success rates per subject"
    """What a comparison counts, in words (`compare`, `robustness`: their `what`)."""
    subject: ClassVar[str] = "subject"
    """What one compared key is called (a faction, a titan, an immortal)."""
    competitive: ClassVar[bool] = False
    """Players play against each other, each seat its own policy (versus, pods, teams)."""
    head_to_head: ClassVar[bool] = False
    """Two sides, one against the other (versus): --focus and --mirror, and --players where a mode seats one or two."""
    coop: ClassVar[bool] = False
    """A solo player or a co-op team against the game (waves, boss): a sweep plays co-op pairs unless --no-coop."""

    def __init__(self, mode: Any = None) -> None:
        self.mode = mode

    def __repr__(self) -> str:
        return f"{type(self).__name__}({getattr(self.mode, 'name', None)!r})"

    # --- what a comparison counts ---------------------------------------------------------------------
    def subject_trials(self, tables: dict[str, Any]) -> pl.LazyFrame:
        """One row per trial of what a comparison counts (`matchup`, `game`, `key`, `group`, `won`); `key` is the
        subject, `group` the subjects compared with one average ("" for one group)."""
        raise NotImplementedError

    def rates_to_compare(self, tables: dict[str, Any]) -> pl.DataFrame:
        """(`key`, `games`, `wins`) per subject (`stats.rates_to_compare` of `subject_trials`)."""
        from hoplostat import stats

        return stats.rates_to_compare(self.subject_trials(tables))

    def subject_verdicts(self, tables: dict[str, Any]) -> pl.DataFrame:
        """Per subject its rate, reference and verdict (`robustness.subject_verdicts`); by default each subject
        against the pooled rate of its group (`robustness.group_verdicts`)."""
        from hoplostat.robustness import group_verdicts

        return group_verdicts(self.subject_trials(tables))

    # --- summarize ------------------------------------------------------------------------------------
    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        """Every table `hoplostat summarize` prints (and `--json`, `api.summarize` give), by name."""
        raise NotImplementedError

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        """Print `summarize`'s tables on the rich console `con` (`hoplostat summarize`, after its header lines)."""
        raise NotImplementedError

    def faced_immortals(self, catalog: Any) -> list[str]:
        """The immortals the players face (their chips count in a ladder's stand-in share): none here."""
        return []

    # --- the report -----------------------------------------------------------------------------------
    def report_sections(self, tables: dict[str, Any], catalog: Any, factions: list[str], cfg: dict[str, Any],
                        sweep: Any) -> tuple[list, list[str], Any]:
        """The report's sections (key, title, Figure, explanation, table or None), its summary sentences and its
        `report.Lead` (`report.report_content` adds the attack odds and orders the sections)."""
        raise NotImplementedError

    def odds_frame(self, tables: dict[str, Any], catalog: Any, factions: list[str]) -> pl.DataFrame:
        """The attack odds the report closes with (`report.kill_chance_frame`): the units of the factions swept."""
        from hoplostat.report import kill_chance_frame

        return kill_chance_frame(catalog, [f for f in factions if f in catalog.factions])
