"""The report's sections as data: tables in HTML, the summary sentences, the headline's lead, and the sections
of each kind of analysis (two seats, waves, one opponent, free-for-all pods, teams, a draft)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import polars as pl
from matplotlib.figure import Figure

from hoplostat.report.figures import (
    arena_figure,
    boss_matrix_figure,
    field_figure,
    first_player_figure,
    immortal_figure,
    kill_chance_figure,
    matchup_figure,
    matchup_overall_figure,
    pairing_figure,
    ratings_figure,
    rounds_figure,
    share_figure,
    team_depth_figure,
    titan_figure,
    unit_figure,
    win_rate_figure,
)
from hoplostat.words import verdict_words

# --- the HTML report ---------------------------------------------------------------------

SECTIONS = ("headline", "field", "win-rates", "ratings", "matchups", "matchups-by-seat", "first-player", "rounds",
            "units", "odds", "summary")
"""Sections of a two-player mode's report, in page order: the headline (its figure: the factions by arena) first, the
summary (every finding in words, and the run) last."""
OPTIONAL_SECTIONS = ("compare", "robustness", "stronger")
"""Sections of any mode's report that are there only when asked for (`--compare`, `--robustness`, `--stronger`)."""
WAVES_SECTIONS = ("headline", "{mode}-teams", "{mode}-immortals", "rounds", "units", "odds", "summary")
"""Sections of a wave mode's report (`section_keys` fills in the mode's name)."""
BOSS_SECTIONS = ("headline", "{mode}-titans", "{mode}-matrix", "rounds", "units", "odds", "summary")
"""Sections of the report of a mode against one opponent (`section_keys` fills in the mode's name)."""


def section_keys(keys: tuple[str, ...], mode: str) -> tuple[str, ...]:
    """`keys` (e.g. `WAVES_SECTIONS`) as the report of the mode named `mode` names its sections."""
    return tuple(k.format(mode=mode) for k in keys)

_LABELS = {
    "faction": "Faction", "opponent": "Opponent", "arena": "Arena", "games": "Games", "wins": "Wins",
    "losses": "Losses", "draws": "Draws", "win_rate": "Win rate (95%)", "draw_rate": "Draw rate",
    "diff": "vs average, points (95%)", "field_average": "Field average", "verdict": "Verdict",
    "first_wins": "First player wins", "first_win_rate": "First player's win rate (95%)",
    "strength": "Strength, log-odds (95%)", "unit": "Unit id", "name": "Unit", "kind": "Kind", "deployed": "Deployed",
    "damage_per_deploy": "Damage per deployment", "kills_per_deploy": "Kills per deployment",
    "survival": "Survived", "damage_z": "Damage z", "measure": "Measure", "value": "Value", "z": "z (faction)",
    "stand_in": "Stand-in", "win_share": "Win share (95%)", "fair_share": "Fair share", "position": "Turn position",
    "eliminated": "Eliminated", "mean_damage": "Mean damage", "mate_1": "Teammate", "mate_2": "Teammate",
    "first_team_wins": "First player's team wins", "first_team_win_rate": "First player's team win rate (95%)",
    "team": "Team", "coop": "Co-op", "titan": "Titan", "immortal": "Immortal", "mean_rounds": "Mean rounds",
    "capped": "Round cap", "mean_defeated": "Immortals defeated (95%)", "faced": "Faced", "won_waves": "Waves won",
    "wave_win_rate": "Wave win rate (95%)", "mean_waves": "Waves", "damage_taken_per_deploy": "HP held per deployment",
    "tactics_enabled": "Tactics enabled", "key": "Compared", "games_a": "Games in A", "games_b": "Games in B",
    "wins_a": "Wins in A", "wins_b": "Wins in B", "rate_a": "Rate in A", "rate_b": "Rate in B",
    "p_holm": "p (Holm)", "significant": "Significant",
}
_COUNTS = {"games_a", "games_b", "wins_a", "wins_b", "games", "wins", "losses", "draws", "first_wins", "deployed",
           "eliminated", "faced", "won_waves", "capped",
           "first_team_wins", "tactics_enabled"}


def _cell(col: str, v: Any, lo: Any = None, hi: Any = None) -> str:
    """One table cell: rates and shares as percentages, `diff` in signed points, counts as integers, the
    95% interval in brackets when the frame has `<col>_lo` and `<col>_hi`."""
    if v is None or (isinstance(v, float) and v != v):
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if col == "verdict":
        return verdict_words(v)
    if col == "diff":
        from hoplostat.headline import interval, points

        return f"{points(v)} {interval(lo, hi)}" if lo is not None and hi is not None else points(v)
    if isinstance(v, float) and any(k in col for k in ("rate", "share", "average", "survival")) or col == "p_kill":
        body = f"{100 * v:.0f}%"
        return f"{body} [{100 * lo:.0f}, {100 * hi:.0f}]" if lo is not None and hi is not None else body
    if col in _COUNTS:
        return f"{int(v):,}"
    if isinstance(v, float):
        body = f"{v:.2f}"
        return f"{body} [{lo:.2f}, {hi:.2f}]" if lo is not None and hi is not None else body
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _columns_in_order(frame: pl.DataFrame) -> list[str]:
    """The columns a table shows: not the `_lo`/`_hi` of a value (they go in its cell), and the verdicts right
    after the first column (and an arena, when there is one), so a narrow screen shows them unscrolled."""
    cols = [c for c in frame.columns if not c.endswith(("_lo", "_hi")) or c[:-3] not in frame.columns]
    verdicts = [c for c in cols if "verdict" in c]
    if not verdicts or not cols:
        return cols
    lead = [c for c in cols[:2] if c not in verdicts and (c == cols[0] or c == "arena")]
    if "diff" in cols:
        verdicts.append("diff")
    return lead + verdicts + [c for c in cols if c not in lead and c not in verdicts]


def _sort_value(v: Any) -> str:
    """A number cell's `data-v` (what a click on its header sorts by): its value."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
        return ""
    return f" data-v='{v:.6g}'"


def _table_html(frame: pl.DataFrame, *, digits: int = 3, caption: str = "") -> str:
    """A table with human headers (`_LABELS`), intervals merged into their value's cell, integer counts, the
    verdicts near the left, sortable by a click on a header (`page.SORT_JS`), in a box that scrolls sideways on a
    narrow screen instead of widening the page."""
    cols = _columns_in_order(frame)
    head = "".join(f"<th>{html.escape(_LABELS.get(c, c.replace('_', ' ').capitalize()))}</th>" for c in cols)
    body = []
    for row in frame.iter_rows(named=True):
        cells = [(_cell(c, row[c], row.get(f"{c}_lo"), row.get(f"{c}_hi")), _sort_value(row[c])) for c in cols]
        body.append("<tr>" + "".join(f"<td{v}>{html.escape(x)}</td>" for x, v in cells) + "</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f"<div class='scroll'><table class='sortable'>{cap}<thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table></div>")


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    return f"{100 * abs(x):.0f} point{'s' if round(100 * abs(x)) != 1 else ''}"


def _interval_points(lo: float, hi: float) -> str:
    from hoplostat.headline import interval

    return interval(lo, hi)


def _average_words(avg: float, who: str, *, line: str = "") -> str:
    """What an average `who` (faction, team) wins in a two-sided game, where a draw is won by nobody: 50% when no
    game was drawn; else less, and then that, not 50%, is the line to compare with (`line`: where it is drawn)."""
    at = f" ({line})" if line else ""
    if avg >= 0.5:
        return f"No game was drawn, so an average {who} wins 50% of its games{at}."
    return (f"Draws (the round cap) are won by nobody, so an average {who} wins {avg:.1%} of its games{at}, not "
            "50%: that is the line to compare with.")


def summary_sentences(tables: dict, names: dict[str, str]) -> list[str]:
    """Plain-language lines: each faction against the field average ("Atlanteans win 27 points more than
    an average faction [+25, +29]", only where the interval excludes 0), its win rate ("Kunlun wins 57%
    [55, 59] of its 800 games"), and the first-player and arena effects stated the same way."""
    out = []
    field = tables.get("field")
    avg = float(field["field_average"][0]) if field is not None and field.height else None
    if field is not None and avg is not None:
        out.append(_average_words(avg, "faction"))
        for r in field.iter_rows(named=True):
            if r["verdict"] == "within":
                continue
            more = "more" if r["diff"] > 0 else "less"
            out.append(f"{names.get(r['faction'], r['faction'])} win {_points(r['diff'])} {more} than an average "
                       f"faction {_interval_points(r['diff_lo'], r['diff_hi'])}.")
        level = [names.get(r["faction"], r["faction"]) for r in field.iter_rows(named=True) if r["verdict"] == "within"]
        if level:
            out.append("Not distinguishable from an average faction: " + ", ".join(level) + ".")
    for r in tables["win_rates"].iter_rows(named=True):
        out.append(f"{names.get(r['faction'], r['faction'])} wins {_pct(r['win_rate'])} "
                   f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of its {r['games']:,} games"
                   + (f" ({r['draws']:,} draws)" if r["draws"] else "") + ".")
    for r in tables["first_player"].iter_rows(named=True):
        where = "over all arenas" if r["arena"] == "all" else f"on {r['arena'].title()}"
        line = (f"The first player wins {_pct(r['first_win_rate'])} [{_pct(r['first_win_rate_lo'])}, "
                f"{_pct(r['first_win_rate_hi'])}] of {r['games']:,} games {where}")
        if "diff" in r and r["verdict"] != "within":
            line += (f": {_points(r['diff'])} {'more' if r['diff'] > 0 else 'less'} than an average seat "
                     f"{_interval_points(r['diff_lo'], r['diff_hi'])}")
        out.append(line + ".")
    by_arena = tables.get("field_by_arena")
    if by_arena is not None and by_arena["arena"].n_unique() > 1:
        wide = by_arena.pivot(on="arena", index="faction", values="diff")
        arenas = [c for c in wide.columns if c != "faction"]
        for r in wide.iter_rows(named=True):
            a, b = arenas[0], arenas[1]
            gap = (r[a] or 0) - (r[b] or 0)
            if abs(gap) >= 0.1:
                better = a if gap > 0 else b
                out.append(f"{names.get(r['faction'], r['faction'])} do {_points(gap)} better on {better.title()} than "
                           f"on {(b if better == a else a).title()} (against each arena's average).")
    return out


def _stand_in_ids(catalog) -> set[str]:
    return {uid for uid, u in catalog.units.items() if u.is_stand_in}


def _unit_table(units: pl.DataFrame | None, catalog) -> pl.DataFrame | None:
    """Every unit of the run with its name (stand-ins marked), its class and the measure that fits it
    (`stats.unit_measures`), best within faction and class first."""
    if units is None:
        return None
    from hoplostat import stats

    names = {uid: c.name for uid, c in catalog.units.items()}
    stand = _stand_in_ids(catalog)
    m = stats.unit_measures(units, {uid: (c.classes[0] if c.classes else c.kind) for uid, c in catalog.units.items()})
    assert m is not None  # a units table with rows
    return m.select(
        "faction", pl.col("unit").replace_strict(names, default=None).alias("name"), "role", "games", "deployed",
        "measure", "value", "z", pl.col("unit").is_in(list(stand)).alias("stand_in"), "unit")


_UNITS_TEXT = ("Each unit is measured by what its class is for: attackers by damage per deployment, defenders by the "
               "HP they held (damage taken per deployment, while surviving counts too), tacticians by the tactics "
               "only their reach allowed, heroes by damage; z compares it with the faction's other units of the same "
               "class. The figure shows the few that stand out most either way; the full table is below it. "
               "Sentinel copies count once per game. * = stand-in values.")

# A section: (key, title, figure, explanation, table or None)
Section = tuple[str, str, Figure, str, "pl.DataFrame | None"]


@dataclass
class Lead:
    """A report's headline, as its builder finds it: every candidate finding (`headline.Finding`), the figure a
    designer reads first (or None: the first section's comes next), what a finding is about (said when none
    leaves its interval) and the figure's explanation."""

    findings: list = field(default_factory=list)
    figure: Figure | None = None
    what: str = "effect"
    text: str = ""


HEADLINE_TEXT = ("Each faction on each arena against that arena's average faction, in points of win rate with its "
                 "95% interval; orange: stronger, blue: weaker, grey: not distinguishable from average.")


def _need(t: Mapping[str, pl.DataFrame | None], key: str) -> pl.DataFrame:
    """A table every summary of the report's kind has (`stats.summary` and its siblings give None only for
    the optional ones: units, immortals)."""
    got = t[key]
    assert got is not None, key
    return got


def _units_section(t: dict, catalog) -> Section:
    table = _unit_table(t["units"], catalog)
    assert table is not None  # called when the summary has a units table
    return ("units", "Units", unit_figure(table, stand_in=_stand_in_ids(catalog)), _UNITS_TEXT, table)


def versus_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    """The sections of a two-player mode: the factions against the field, win rates, matchups, seats, ratings."""
    from hoplostat import headline, stats

    t = stats.summary(tables["games"], tables.get("units"))
    names = _faction_names(catalog, factions)
    avg = float(_need(t, "field")["field_average"][0])
    lead = Lead(headline.versus_findings(t, stats.field_average_interval(tables["games"]), names, sweep),
                arena_figure(_need(t, "field"), _need(t, "field_by_arena"), names), "faction, matchup, arena or seat",
                HEADLINE_TEXT)
    sections: list[Section] = [
        ("field", "Against the field", field_figure(_need(t, "field")),
         "How many points of win rate each faction is above or below an average faction over every arena, with "
         "95% intervals (the faction's and the average's uncertainty combined); the headline's figure and the "
         "table give it per arena, each against its own arena's average. Orange: stronger, blue: weaker, grey: "
         "not distinguishable from average.",
         pl.concat([_need(t, "field").with_columns(pl.lit("all").alias("arena")), _need(t, "field_by_arena")],
                   how="diagonal")
         .select("faction", "arena", "games", "wins", "draws", "win_rate", "field_average", "diff", "diff_lo",
                 "diff_hi", "verdict")),
        ("win-rates", "Win rates", win_rate_figure(_need(t, "win_rates"), reference=avg,
                                                   reference_label=f"average faction {avg:.1%}"),
         "Bars are each faction's share of games won over every opponent, seat and arena; whiskers are 95% "
         f"Wilson intervals. {_average_words(avg, 'faction', line='the dashed line')}", _need(t, "win_rates")),
        ("matchups", "Matchups", matchup_overall_figure(_need(t, "matchups")),
         "Each cell is the row faction's win rate against the column faction over both seat orders, with its 95% "
         "interval below it; the next figure splits it by who plays first.", None),
        ("matchups-by-seat", "Matchups by seat", matchup_figure(_need(t, "matchups")),
         "The same win rates, split by whether the row faction plays first or second.", None),
        ("first-player", "First-player advantage", first_player_figure(_need(t, "first_player")),
         "How often the player who goes first wins, per arena, against an average seat (dashed): the share of "
         "games with a winner, halved.", _need(t, "first_player")),
        ("ratings", "Ratings", ratings_figure(_need(t, "ratings")),
         "Bradley-Terry strengths fitted to every game: one number per faction that best explains the "
         "matchup results.", _need(t, "ratings")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is a draw.", None))
    return sections, summary_sentences(t, names), lead


def waves_sections(tables: dict, catalog, factions, cfg, sweep, *,
                   summary: dict) -> tuple[list[Section], list[str], Lead]:
    """The sections of a wave mode (`summary`: its analysis's summary of `tables`): immortals defeated per team,
    waves won per immortal, named after the mode (`cfg["mode"]`)."""
    from hoplostat import headline
    from hoplostat.engine.loop import mode_class

    mode = str(cfg.get("mode"))
    t = dict(summary)
    if t["immortals"] is not None:
        t["immortals"] = _mark_stand_ins(t["immortals"], "immortal", _opponent_stand_ins(catalog, "immortals"))
    teams = _need(t, "teams")
    sections: list[Section] = [
        (f"{mode}-teams", "Immortals defeated", team_depth_figure(teams, mode_class(mode).title()),
         "Mean number of the six immortals defeated per game, solo and co-op, with 95% intervals; the table "
         "gives the whole distribution (p0 = no immortal defeated ... p6 = all six).", teams),
    ]
    if t["immortals"] is not None:
        sections.append((f"{mode}-immortals", "Immortals", immortal_figure(t["immortals"]),
                         "How often a wave is won when that immortal is faced (* = stand-in values): the hardest "
                         "immortals have the "
                         "lowest bars.", t["immortals"]))
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) ends there and is "
                     "counted.", None))
    sentences = []
    for r in teams.iter_rows(named=True):
        sentences.append(f"{r['team']} ({'co-op' if r['coop'] else 'solo'}) defeats {r['mean_defeated']:.2f} "
                         f"[{r['mean_defeated_lo']:.2f}, {r['mean_defeated_hi']:.2f}] immortals per game over "
                         f"{r['games']:,} games.")
    found = headline.team_depth_findings(teams)
    if t["immortals"] is not None:
        found += headline.opponent_findings(t["immortals"], "immortal", "wave_win_rate", "immortal", sweep,
                                            trials="faced", trial="wave", what="win")
    return sections, sentences, Lead(found, what="immortal or team")


def boss_sections(tables: dict, catalog, factions, cfg, sweep, *,
                  summary: dict) -> tuple[list[Section], list[str], Lead]:
    """The sections of a mode against one opponent (`summary`: its analysis's summary of `tables`): the players'
    win rate per opponent and per faction, named after the mode (`cfg["mode"]`) and in its words
    (`Mode.opponent`)."""
    from hoplostat import headline
    from hoplostat.engine.loop import mode_class

    mode = str(cfg.get("mode"))
    noun, nouns = mode_class(mode).opponent
    t = dict(summary)
    marks = _opponent_stand_ins(catalog, "titans")
    t["titans"] = _mark_stand_ins(_need(t, "titans"), "titan", marks)
    t["matrix"] = _mark_stand_ins(_need(t, "matrix"), "titan", marks)
    sections: list[Section] = [
        (f"{mode}-titans", nouns.capitalize(), titan_figure(_need(t, "titans"), noun, nouns),
         f"How often the players defeat each {noun}, solo and co-op; the hardest have the lowest bars "
         "(* = stand-in values).",
         _need(t, "titans")),
        (f"{mode}-matrix", f"{noun.capitalize()} by faction", boss_matrix_figure(_need(t, "matrix"), noun),
         f"Each cell is a faction's solo win rate against a {noun}; the table also lists the co-op teams.",
         _need(t, "matrix")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) ends there and is "
                     "counted.", None))
    sentences = [f"Players defeat {r['titan']} ({'co-op' if r['coop'] else 'solo'}) in {_pct(r['win_rate'])} "
                 f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of {r['games']:,} games, in "
                 f"{r['mean_rounds']:.1f} rounds on average." for r in _need(t, "titans").iter_rows(named=True)]
    found = headline.opponent_findings(_need(t, "titans"), "titan", "win_rate", noun, sweep)
    return sections, sentences, Lead(found, what=noun)


def pods_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    from hoplostat import headline, stats

    t = stats.pods_summary(tables)
    names = _faction_names(catalog, factions)
    g = _need(t, "games").row(0, named=True)
    players = int(cfg.get("players") or 3)
    sections: list[Section] = [
        ("pods-shares", "Win share per faction", share_figure(_need(t, "win_shares"), "faction",
                                                             title="Free-for-all: share of games won (95% interval)"),
         f"Each faction's share of the games it played that it won, over {g['pods']} pods of {players} players "
         f"sampled from the seed (every faction in about as many pods as the others, each pod seated at random). "
         f"The dashed line is the fair share: the share of games that have a winner, split evenly among the "
         f"{players} players (games that reach the round cap are won by nobody: {g['draws']:,} of "
         f"{g['games']:,}).", _need(t, "win_shares")),
        ("pods-positions", "Turn position", share_figure(_need(t, "positions"), "position",
                                                        title="Share of games won by turn position"),
         "Does playing first (or last) in the round pay? The same measure per position in the turn order.",
         _need(t, "positions")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is won by nobody.",
                     None))
    sentences = []
    for r in _need(t, "win_shares").iter_rows(named=True):
        diff = 100 * r["diff"]
        what = (f"{abs(diff):.0f} points {'more' if diff > 0 else 'less'} than its fair share"
                if r["verdict"] != "within" else "not distinguishable from its fair share")
        sentences.append(f"{names.get(r['faction'], r['faction'])} wins {_pct(r['win_share'])} "
                         f"[{_pct(r['win_share_lo'])}, {_pct(r['win_share_hi'])}] of its {r['games']:,} games: {what}.")
    found = headline.share_findings(_need(t, "win_shares"), "faction", "faction", names)
    found += headline.share_findings(_need(t, "positions"), "position", "seat", names,
                                     label=lambda p: f"The player {_ordinal(int(p))} in turn order")
    return sections, sentences, Lead(found, what="faction or seat")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def teams_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    """The sections of a team mode: team win rates per faction and per pairing, the first player's team; figures
    titled with the mode's title (`Mode.title`)."""
    from hoplostat import headline, stats
    from hoplostat.engine.loop import mode_class

    title = mode_class(str(cfg.get("mode"))).title()

    t = stats.teams_summary(tables)
    names = _faction_names(catalog, factions)
    average = stats.field_average(tables["games"])[0]  # the average team, as for two seats
    sections: list[Section] = [
        ("teams-factions", "Team win rate per faction",
         win_rate_figure(_need(t, "win_rates"), title=f"{title}: share of games the faction's team wins (95% interval)",
                         reference=average, reference_label=f"average team {average:.0%}"),
         "Each faction's team win rate over every teammate and opponent it met. "
         f"{_average_words(average, 'team', line='the dashed line')}", _need(t, "win_rates")),
        ("teams-pairings", "Pairings", pairing_figure(_need(t, "pairings"), title),
         "Which two factions make the strongest team: each cell is the win rate of that pair as teammates, with "
         "its interval and number of games. Pods are sampled, so some pairs have few games or none.",
         _need(t, "pairings")),
        ("teams-first", "First player's team", first_player_figure(_need(t, "first_team").rename(
            {"first_team_win_rate": "first_win_rate", "first_team_win_rate_lo": "first_win_rate_lo",
             "first_team_win_rate_hi": "first_win_rate_hi", "first_team_wins": "first_wins"}).with_columns(
            pl.lit("pozzuoli").alias("arena"))),
         "How often the team of the player who goes first wins.", _need(t, "first_team")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is a draw.", None))
    sentences = []
    top = _need(t, "pairings").filter(pl.col("games") > 0).head(1)
    for r in _need(t, "win_rates").iter_rows(named=True):
        sentences.append(f"{names.get(r['faction'], r['faction'])}'s team wins {_pct(r['win_rate'])} "
                         f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of its {r['games']:,} games.")
    for r in top.iter_rows(named=True):
        sentences.append(f"The strongest pairing seen is {names.get(r['mate_1'], r['mate_1'])} with "
                         f"{names.get(r['mate_2'], r['mate_2'])}: {_pct(r['win_rate'])} [{_pct(r['win_rate_lo'])}, "
                         f"{_pct(r['win_rate_hi'])}] of {r['games']:,} games.")
    found = headline.teams_findings(t, stats.field_average_interval(tables["games"]), names, sweep)
    return sections, sentences, Lead(found, what="faction, pairing or seat")


def _opponent_stand_ins(catalog, kind: str) -> set[str]:
    """Ids of the immortals or titans of the catalog whose card carries any stand-in value."""
    if kind == "titans":
        return {tid for tid, x in catalog.titans.items() if x.stand_in_count}
    return {uid for uid, u in catalog.units.items() if u.kind == "immortal" and u.is_stand_in}


def _mark_stand_ins(frame: pl.DataFrame, col: str, ids: set[str]) -> pl.DataFrame:
    """`col` ids of stand-in chips get " *" (figures and tables that name a chip say which are ours), and a
    `stand_in` column says so in words."""
    flag = pl.col(col).is_in(list(ids))
    return frame.with_columns(flag.alias("stand_in"),
                              pl.when(flag).then(pl.col(col) + " *").otherwise(pl.col(col)).alias(col))


def _faction_names(catalog, factions) -> dict[str, str]:
    return {f: catalog.faction(f).name if f in catalog.factions else f for f in factions}


GROUPS = {
    "compare": "Against other sweeps", "stronger": "Against other sweeps", "robustness": "Against other sweeps",
    "trials-campaign": "The campaign", "trials-pass": "The campaign", "trials-stalls": "The campaign",
    "field": "Factions", "win-rates": "Factions", "ratings": "Factions", "naval-events": "Factions",
    "pods-shares": "Factions and seats", "pods-positions": "Factions and seats",
    "teams-factions": "Teams", "teams-pairings": "Teams", "teams-first": "Teams",
    "{mode}-teams": "Teams and immortals", "{mode}-immortals": "Teams and immortals",
    "{mode}-titans": "{opponents}", "{mode}-matrix": "{opponents}",
    "matchups": "Matchups", "matchups-by-seat": "Matchups", "draft-colours": "The draft", "draft-chips": "The draft",
    "first-player": "Seats and game length", "rounds": "Seats and game length",
    "units": "Units and their odds", "odds": "Units and their odds",
}
"""The heading each section goes under on the page, in page order (a section not named here: "More");
`{opponents}`: what the mode's players face, in its own word (`Mode.opponent`: titans, bosses); `{mode}`: the
name of the mode whose sections are named after it (`section_keys`)."""


def group_of(key: str, mode: str) -> str | None:
    """The heading (`GROUPS`, unformatted) of the section `key` in a report of the mode named `mode`, or None."""
    if key in GROUPS:
        return GROUPS[key]
    head = f"{mode}-"
    return GROUPS.get("{mode}-" + key[len(head):]) if key.startswith(head) else None


def _grouped(sections: list[Section], mode: str) -> list[Section]:
    """The sections in the order of their headings (`GROUPS`), in their own order within one."""
    order = list(dict.fromkeys(GROUPS.values()))

    def rank(section: Section) -> int:
        got = group_of(section[0], mode)
        return order.index(got) if got is not None else len(order)

    return sorted(sections, key=rank)


def report_content(manifest: dict, tables: dict, catalog, analysis: Any, *, path: str = "SWEEP") -> dict[str, Any]:
    """The report of a sweep's tables as data: `sections` (key, title, Figure, explanation, table or None) in page
    order, the summary `sentences`, the stand-in `share` of the chips used (`sweep.stand_ins`) and the `lead`
    (`Lead`: the headline's candidates and figure). The sections, sentences and lead are the mode's analysis's
    (`analysis`: `hoplostat.analysis.for_mode(mode)`, its `report_sections`), then the attack odds of the chips it
    names (`Analysis.odds_frame`). `path`: the sweep's directory, as the next-step commands name it."""
    from hoplostat.engine.loop import mode_class
    from hoplostat.headline import Sweep
    from hoplostat.sweep import chips_used, stand_ins

    cfg = manifest["config"]
    factions = chips_used(tables)["factions"]
    cls = mode_class(str(cfg.get("mode")))
    sweep = Sweep(path, cfg, getattr(cls, "default_max_rounds", None))
    sections, sentences, lead = analysis.report_sections(tables, catalog, factions, cfg, sweep)
    odds_frame = analysis.odds_frame(tables, catalog, factions)
    sections.append(("odds", "Attack odds per unit", kill_chance_figure(odds_frame),
                     "For every unit (heroes included): the chance that one attack defeats a target of the given HP.",
                     None))
    return {"sections": _grouped(sections, str(cfg.get("mode"))), "sentences": sentences,
            "share": stand_ins((tables, catalog)), "lead": lead}


def report_sections(manifest: dict, tables: dict, catalog, analysis: Any) -> tuple[list[Section], list[str], dict]:
    """The report of a sweep's tables as data (`report_content`): its sections in page order, the headline's
    figure first as section "headline" when there is one, its summary sentences, and the stand-in share of the
    chips used (`sweep.stand_ins`)."""
    c = report_content(manifest, tables, catalog, analysis)
    lead = c["lead"]
    head = [("headline", "Headline", lead.figure, lead.text, None)] if lead.figure is not None else []
    return head + c["sections"], c["sentences"], c["share"]


def chips_kill_chance_frame(catalog, chips, *, max_hp: int = 6) -> pl.DataFrame:
    """`kill_chance_frame` of single chips (a drafted pool's, grouped by their first class in the "faction"
    column)."""
    from hoplostat.odds import Attack, odds

    rows = []
    for cid in chips:
        u = catalog.units.get(cid)
        if u is None:
            continue
        o = odds(Attack(u.attack))
        for hp in range(1, max_hp + 1):
            rows.append({"faction": u.classes[0] if u.classes else u.kind, "unit": u.id, "name": u.name, "hp": hp,
                         "p_kill": o.kill(hp), "stand_in": u.is_stand_in})
    return pl.DataFrame(rows)
