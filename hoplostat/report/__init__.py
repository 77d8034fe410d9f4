"""Figures (polars frame in, matplotlib Figure out) and the self-contained HTML report.

Figures use matplotlib's object API (no pyplot state, no ``show``); the caller saves or embeds them
(`hoplostat.report.figures`). The sections of each kind of analysis are data (`hoplostat.report.sections`), the page
is written by `build_report` (`hoplostat.report.build`). Every name that comes from data is HTML-escaped.
"""

from __future__ import annotations

from hoplostat.report.build import (  # the names analysts and tests import from here
    build_report,
    check_inputs,
    robustness_section,
    stronger_section,
)
from hoplostat.report.figures import (  # the names analysts and tests import from here
    arena_figure,
    boss_matrix_figure,
    compare_figure,
    duel_heatmap,
    field_figure,
    first_player_figure,
    immortal_figure,
    kill_chance_figure,
    kill_chance_frame,
    matchup_figure,
    matchup_overall_figure,
    odds_figure,
    odds_frame,
    pairing_figure,
    ratings_figure,
    robustness_figure,
    rounds_figure,
    share_figure,
    team_depth_figure,
    titan_figure,
    unit_figure,
    win_rate_figure,
)
from hoplostat.report.sections import (  # noqa: F401  # the names analysts and tests import from here
    BOSS_SECTIONS,
    GROUPS,
    HEADLINE_TEXT,
    OPTIONAL_SECTIONS,
    SECTIONS,
    WAVES_SECTIONS,
    Lead,
    Section,
    _cell,
    _interval_points,
    _table_html,
    boss_sections,
    chips_kill_chance_frame,
    group_of,
    pods_sections,
    report_content,
    report_sections,
    section_keys,
    summary_sentences,
    teams_sections,
    versus_sections,
    waves_sections,
)

__all__ = [
    "odds_frame", "odds_figure", "kill_chance_frame", "kill_chance_figure", "win_rate_figure", "field_figure",
    "arena_figure", "compare_figure", "robustness_figure", "matchup_overall_figure", "matchup_figure",
    "first_player_figure", "ratings_figure", "unit_figure", "rounds_figure", "duel_heatmap", "team_depth_figure",
    "immortal_figure", "titan_figure", "boss_matrix_figure", "share_figure", "pairing_figure", "SECTIONS",
    "OPTIONAL_SECTIONS", "WAVES_SECTIONS", "BOSS_SECTIONS", "section_keys", "summary_sentences", "Section", "Lead",
    "HEADLINE_TEXT", "versus_sections", "waves_sections", "boss_sections", "pods_sections", "teams_sections",
    "GROUPS", "group_of", "report_content", "report_sections", "chips_kill_chance_frame",
    "robustness_section", "stronger_section", "check_inputs", "build_report",
]
