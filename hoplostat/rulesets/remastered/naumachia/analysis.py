"""Naumachia's analysis (`Naumachia.analysis_class`): a versus analysis with its crowd favor events (NAU-34), per
faction how often it brought the opposing hero into combat (`stats.naval_summary`, the report's section
"naval-events": `report.naval_sections`)."""

from __future__ import annotations

from hoplostat.analysis import Versus


class NaumachiaAnalysis(Versus):
    """`Versus`, and the report's crowd favor events section after the factions' sections."""

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import naval_sections

        sections, sentences, lead = super().report_sections(tables, catalog, factions, cfg, sweep)
        sections.extend(naval_sections(tables))
        return sections, sentences, lead
