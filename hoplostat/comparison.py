"""Comparing two sweeps of the same matchups (`hoplostat compare A B`, `hoplostat report A --compare B`).

Both sweeps are read lazily (`sweep.scan_tables`); what is compared is the mode's analysis object's, given by
the caller (`hoplostat.analysis`, `Analysis.rates_to_compare`): faction win rates (two seats), win shares
(pods of three or more), team win rates (teams), the players' wins per titan (boss), waves won per immortal
(waves), a mode's own subjects (e.g. solo trials). The table is
`stats.compare_rates`: the difference B - A with Newcombe's interval and Holm-adjusted p-values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hoplostat.errors import InputError


def _matchups(lazy_games) -> set[str]:
    import polars as pl

    return set(lazy_games.select(pl.col("matchup").unique()).collect()["matchup"].to_list())


def distinct_sweeps(paths, *, command: str) -> None:
    """Refuse a sweep directory given twice (the same folder by any path): set side by side with itself it would
    only show that nothing changed. An InputError starting with `command` names it."""
    seen: dict[Path, Path] = {}
    for p in (Path(x) for x in paths):
        key = p.resolve()
        if key in seen:
            what = (f"{p} is given twice" if str(seen[key]) == str(p)
                    else f"{seen[key]} and {p} are the same sweep directory")
            raise InputError(f"{command}: {what} (a sweep set beside itself shows nothing); give different "
                             "sweeps of the same matchups")
        seen[key] = p


def check_same_sweeps(a: Path, b: Path, loaded_a, loaded_b, *, command: str = "compare") -> None:
    """Refuse two sweeps (`sweep.scan_tables` of each) that are not of one mode and the same matchups: an
    InputError, starting with `command`, names what differs."""
    from hoplostat.words import article, plural

    (ma, ta), (mb, tb) = loaded_a, loaded_b
    mode_a, mode_b = ma.get("config", {}).get("mode"), mb.get("config", {}).get("mode")
    if mode_a != mode_b:
        raise InputError(f"{command}: {a} is {article(str(mode_a))} sweep and {b} {article(str(mode_b))} sweep; "
                         "give sweeps of one mode")
    only_a, only_b = _matchups(ta["games"]) - _matchups(tb["games"]), _matchups(tb["games"]) - _matchups(ta["games"])
    if only_a or only_b:
        example = sorted(only_a or only_b)[0]
        raise InputError(f"{command}: {a} and {b} are not sweeps of the same matchups "
                         f"({plural(len(only_a), 'matchup')} only in A, {len(only_b):,} only in B, e.g. {example}); "
                         "sweep the same "
                         "--faction/--arena/--titan (and --players/--pods/--seed for sampled pods)")


def open_pair(a: Path, b: Path, *, command: str = "compare") -> tuple[Any, Any]:
    """The two sweeps (`sweep.scan_tables` of each) once they are checked to be two different directories of
    one mode and the same matchups (else an InputError, before any work)."""
    from hoplostat.sweep import scan_tables, sweep_config

    distinct_sweeps([a, b], command=command)
    loaded_a, loaded_b = scan_tables(Path(a)), scan_tables(Path(b))
    sweep_config(a, loaded_a[0]), sweep_config(b, loaded_b[0])  # a damaged manifest is named, not a sweep of no mode
    check_same_sweeps(a, b, loaded_a, loaded_b, command=command)
    return loaded_a, loaded_b


def compare_sweeps(a: Path, b: Path, *, analysis: Any, opened: tuple[Any, Any] | None = None) -> dict[str, Any]:
    """{"mode", "what", "games_a", "games_b", "matchups", "stand_ins", "stand_ins_by_sweep", "table"}: the
    comparison of sweep B against sweep A. `stand_ins` counts the chips of both sweeps, each read with the
    catalog it was played with (`sweep.stand_ins`: a chip is stand-in when it is in either), and
    `stand_ins_by_sweep` each sweep's own ("a", "b"), which differ when one was played with your chips
    (--data). The sweeps must be two directories of the same mode and the same matchups (an InputError names
    what differs); `opened` is `open_pair(a, b)` when the caller checked them already. `analysis`: the mode's
    (`hoplostat.analysis.for_mode`), what is counted (`Analysis.rates_to_compare`) and called (`Analysis.what`)."""
    import polars as pl

    from hoplostat import stats
    from hoplostat.sweep import stand_ins, sweep_catalog

    (ma, ta), (mb, tb) = opened if opened is not None else open_pair(a, b)
    mode_a = ma.get("config", {}).get("mode")
    table = stats.compare_rates(analysis.rates_to_compare(ta), analysis.rates_to_compare(tb))
    count = pl.len()
    run_a, run_b = (ta, sweep_catalog(ma)), (tb, sweep_catalog(mb))
    return {"mode": mode_a, "kind": analysis.kind, "what": analysis.what, "a": str(a),
            "b": str(b), "games_a": ta["games"].select(count).collect().item(),
            "games_b": tb["games"].select(count).collect().item(),
            "matchups": len(_matchups(ta["games"])), "stand_ins": stand_ins(run_a, run_b),
            "stand_ins_by_sweep": {"a": stand_ins(run_a), "b": stand_ins(run_b)}, "table": table}
