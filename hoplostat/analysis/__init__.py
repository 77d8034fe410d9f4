"""Analyses as objects: what a sweep of a mode says, chosen by the mode, never by a switch on its kind.

A mode declares its analysis kind (`Mode.analysis`: versus, pods, teams, waves or boss) and, where it says more
or something of its own, its analysis class (`Mode.analysis_class`, a subclass kept in its rule set: a naval
mode's crowd favor events, a draft, a campaign of solo trials). `of(mode_cls)` gives the analysis object of a mode
class, `for_mode(name)` of a registered mode's name; its methods are what `summarize`, `report`, `compare` and
`robustness` do with a sweep (`Analysis`).

The layer: above `stats`, `report`, `robustness` and `comparison` (which it calls, and which take the analysis
object from their caller where they need one) and the mode registry (`engine.loop`); below `cli` and `api`.
"""

from __future__ import annotations

from typing import Any

from hoplostat.analysis.base import Analysis
from hoplostat.analysis.multi import Pods, Teams
from hoplostat.analysis.solo import Boss, Waves
from hoplostat.analysis.versus import Versus

STANDARD: dict[str, type[Analysis]] = {c.kind: c for c in (Versus, Pods, Teams, Waves, Boss)}
"""The standard analysis class of each kind (`Mode.analysis`)."""

__all__ = ["STANDARD", "Analysis", "Boss", "Pods", "Teams", "Versus", "Waves", "for_manifest", "for_mode", "of",
           "summarize"]


def of(mode_cls: Any) -> Analysis:
    """The analysis object of a mode class: its own class (`Mode.analysis_class`) or the standard one of its kind
    (`STANDARD`), bound to the mode."""
    own = mode_cls.analysis_class()
    cls = own if own is not None else STANDARD.get(mode_cls.analysis)
    if cls is None:
        raise ValueError(f"{mode_cls.name}: analysis kind {mode_cls.analysis!r} has no standard class; "
                         "declare one (Mode.analysis_class)")
    return cls(mode_cls)


def for_mode(mode: str) -> Analysis:
    """The analysis object of a registered mode, by name (`engine.loop.mode_class`)."""
    from hoplostat.engine.loop import mode_class

    return of(mode_class(str(mode)))


def for_manifest(manifest: dict[str, Any]) -> Analysis:
    """The analysis object of a sweep's mode, from its manifest (`sweep.read_manifest`, `scan_tables`)."""
    return for_mode(str(manifest.get("config", {}).get("mode")))


def summarize(mode: str, tables: dict[str, Any]) -> dict[str, Any]:
    """Every table `hoplostat summarize` prints for a sweep of `mode` (`Analysis.summarize` of its analysis)."""
    return for_mode(mode).summarize(tables)
