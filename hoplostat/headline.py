"""The report's headline: the few findings of a sweep that matter most, ranked by size and certainty.

Every candidate finding is an effect in points of a rate with its 95% interval, taken from the tables the
report has already computed (`stats.summary` and the other summaries of `stats`): a faction against the field
(over all arenas or on one), a matchup against the field, a faction's arena effect (`stats.arena_effects`),
the first player's advantage; in the other modes an immortal, a titan, a team, a pod seat. Findings are
ranked by `certain_size`: how far the interval's nearer end lies from no effect, the size the run is 95% sure
of, so a large effect measured on few games ranks below a slightly smaller one measured on many; then by the
estimate. The headline keeps the best finding of each kind (`headline`), and each finding says what to do
next (the `hoplostat tune` or `hoplostat compare` command), when there is something to do.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import polars as pl

from hoplostat.words import plural


@dataclass(frozen=True)
class Finding:
    """One effect with its 95% interval (`diff`, `lo`, `hi`, in rate units: 0.05 is 5 points), the sentence that
    says it, and the command to run next (or "") with what it does (`advice`)."""

    kind: str
    subject: str
    diff: float
    lo: float
    hi: float
    sentence: str
    command: str = ""
    advice: str = ""

    @property
    def certain(self) -> float:
        return certain_size(self.lo, self.hi)


def certain_size(lo: float, hi: float) -> float:
    """The size of an effect the interval [lo, hi] is sure of: the distance from 0 to its nearer end, 0 when it
    holds 0."""
    if lo is None or hi is None or lo != lo or hi != hi or lo <= 0 <= hi:
        return 0.0
    return min(abs(lo), abs(hi))


def rank(findings: Iterable[Finding]) -> list[Finding]:
    """Findings by `certain_size`, largest first; ties (and findings not distinguishable from 0) by the size of
    the estimate."""
    return sorted(findings, key=lambda f: (-f.certain, -abs(f.diff), f.kind, f.subject))


def headline(findings: Iterable[Finding], *, per_kind: int = 1, most: int = 4) -> list[Finding]:
    """The headline: the best `per_kind` findings of each kind whose interval leaves out 0, at most `most`,
    ranked (`rank`)."""
    out: list[Finding] = []
    seen: dict[str, int] = {}
    for f in rank(findings):
        if f.certain > 0 and seen.get(f.kind, 0) < per_kind:
            seen[f.kind] = seen.get(f.kind, 0) + 1
            out.append(f)
    return out[:most]


# --- words ----------------------------------------------------------------------------------


def points(x: float) -> str:
    """Signed points of a rate difference, never "-0": 0.052 is "+5", -0.003 is "-0.3", -0.0004 is "0"."""
    v = 100 * x
    if round(v, 1) == 0:
        return "0"
    return f"{v:+.1f}" if round(v) == 0 else f"{round(v):+d}"


def interval(lo: float, hi: float) -> str:
    """`[-19, -11]`: an interval in signed points."""
    return f"[{points(lo)}, {points(hi)}]"


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def size_words(x: float) -> str:
    """"5 points", "1 point", "0.3 points": the size of a difference, unsigned."""
    v = abs(100 * x)
    text = f"{round(v)}" if round(v) != 0 else f"{v:.1f}"
    return f"{text} point{'' if text == '1' else 's'}"


def _more(x: float) -> str:
    return "more" if x > 0 else "less"


# --- next steps ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Sweep:
    """What a next-step command needs of the sweep: its directory, its mode's name and its config (the
    manifest's), and the default round cap of the mode."""

    path: str
    config: Mapping
    default_rounds: int | None = None

    @property
    def mode(self) -> str:
        return str(self.config.get("mode", ""))


TUNED = ("faction", "titan", "immortal")
"""The kinds of target `hoplostat tune` changes, each measured in the mode that declares it (`Mode.tunes`)."""


def tune_command(sweep: Sweep, target: str, *, against: Sequence[str] = (), arena: str | None = None,
                 kind: str = "faction", goal: float | None = None, players: int | None = None) -> str:
    """The `hoplostat tune TARGET` line that searches a fix for a finding, with the sweep's players, overlays and
    round cap; empty when the sweep is not of the mode `tune` measures the target in (`loop.tuning_mode`)."""
    from hoplostat.engine.loop import tuning_mode

    if sweep.mode != tuning_mode(kind).name:
        return ""
    cfg = sweep.config
    parts = ["hoplostat", "tune", target if kind == "faction" else f"{kind}:{target}"]
    if goal is not None:
        parts += ["--goal", f"{goal:.2f}"]
    if players:
        parts += ["--players", str(players)]
    for o in against:
        parts += ["--against", o]
    if arena:
        parts += ["-a", arena]
    pols = list(cfg.get("policies") or ())
    if pols and set(pols) != {"greedy"}:
        parts += ["--policies", ",".join(pols)]
    if sweep.default_rounds is not None and cfg.get("max_rounds") not in (None, sweep.default_rounds):
        parts += ["--max-rounds", str(cfg["max_rounds"])]
    for d in cfg.get("data") or ():
        parts += ["--data", str(d)]
    parts += ["--jobs", "2", "--out", f"reports/tuned-{target}"]
    return shlex.join(parts)


def compare_command(sweep: Sweep, other: str = "OTHER") -> str:
    """`hoplostat compare SWEEP OTHER`: what a change (a ruling switch, your chips) is worth on the same
    matchups, once OTHER is swept with it."""
    return shlex.join(["hoplostat", "compare", sweep.path, other])


# --- candidates, by kind ----------------------------------------------------------------------


def _name(names: Mapping[str, str], key: str) -> str:
    return names.get(key, key)


def faction_findings(field: pl.DataFrame, by_arena: pl.DataFrame | None, names: Mapping[str, str],
                     sweep: Sweep) -> list[Finding]:
    """Each faction against the field average, over all arenas and on each arena (`stats.field_differences`)."""
    out = []
    arenas = by_arena["arena"].n_unique() if by_arena is not None and by_arena.height else 0
    rows = [(r, None) for r in field.iter_rows(named=True)]
    if by_arena is not None and arenas > 1:
        rows += [(r, r["arena"]) for r in by_arena.iter_rows(named=True)]
    for r, arena in rows:
        who = _name(names, r["faction"])
        where = f" on {arena.title()}" if arena else ""
        there = " there" if arena else ""
        sentence = (f"{who}{where} win {size_words(r['diff'])} {_more(r['diff'])} than an average faction{there} "
                    f"{interval(r['diff_lo'], r['diff_hi'])}: {percent(r['win_rate'])} of "
                    f"{plural(r['games'], 'game')}.")
        out.append(Finding("faction", r["faction"] + (f"@{arena}" if arena else ""), r["diff"], r["diff_lo"],
                           r["diff_hi"], sentence, tune_command(sweep, r["faction"], arena=arena),
                           f"find the smallest change to {_possessive(who)} chips that brings it to the "
                           f"average{where}"))
    return out


def matchup_findings(matchups: pl.DataFrame, average: tuple[float, float, float], names: Mapping[str, str],
                     sweep: Sweep) -> list[Finding]:
    """Each matchup (`stats.matchup_matrix`, both seat orders) against the field average with its interval
    (`stats.field_average_interval`), seen from the side that wins more (each pair once); next: tune the other
    side against it."""
    from hoplostat.stats import against_average

    if matchups.height == 0:
        return []
    m = against_average(matchups, *average)
    out = []
    for r in m.filter(pl.col("diff") > 0).iter_rows(named=True):
        a, b = _name(names, r["faction"]), _name(names, r["opponent"])
        sentence = (f"{a} beat {b} in {percent(r['win_rate'])} of their {r['games']:,} games: "
                    f"{size_words(r['diff'])} above an average faction {interval(r['diff_lo'], r['diff_hi'])}.")
        out.append(Finding("matchup", f"{r['faction']}>{r['opponent']}", r["diff"], r["diff_lo"], r["diff_hi"],
                           sentence, tune_command(sweep, r["opponent"], against=[r["faction"]]),
                           f"find the smallest change to {_possessive(b)} chips that evens this matchup"))
    return out


def arena_findings(effects: pl.DataFrame, by_arena: pl.DataFrame, names: Mapping[str, str],
                   sweep: Sweep) -> list[Finding]:
    """Each faction's arena effect (`stats.arena_effects`); next: tune it on the arena where it is further from
    that arena's average."""
    out = []
    for r in effects.iter_rows(named=True):
        sub = {x["arena"]: x["diff"] for x in by_arena.filter(pl.col("faction") == r["faction"]).iter_rows(named=True)}
        worst = max((r["arena"], r["other"]), key=lambda a: abs(sub.get(a) or 0.0))
        sentence = (f"{_name(names, r['faction'])} do {size_words(r['diff'])} better on {r['arena'].title()} than on "
                    f"{r['other'].title()} {interval(r['diff_lo'], r['diff_hi'])} (each against its arena's "
                    f"average: {points(sub.get(r['arena'], float('nan')))} and "
                    f"{points(sub.get(r['other'], float('nan')))}).")
        out.append(Finding("arena", f"{r['faction']}:{r['arena']}-{r['other']}", r["diff"], r["diff_lo"],
                           r["diff_hi"], sentence, tune_command(sweep, r["faction"], arena=worst),
                           f"find a change that brings {_name(names, r['faction'])} to the average on "
                           f"{worst.title()}, where it is furthest off (then sweep it and compare both arenas)"))
    return out


def first_player_findings(first: pl.DataFrame, sweep: Sweep, *, seat: str = "player") -> list[Finding]:
    """The first player's advantage over all arenas against an average seat (`stats.first_player_advantage`),
    naming each arena's; next: compare a sweep with a change against this one."""
    rows = {r["arena"]: r for r in first.iter_rows(named=True)}
    r = rows.get("all") or (next(iter(rows.values())) if rows else None)
    if r is None or r.get("diff") is None:
        return []
    per = [f"{a.title()} {points(x['diff'])}" for a, x in rows.items() if a != "all"]
    sentence = (f"The first {seat} wins {percent(r['first_win_rate'])} of {plural(r['games'], 'game')}: "
                f"{size_words(r['diff'])} {_more(r['diff'])} than an average seat "
                f"{interval(r['diff_lo'], r['diff_hi'])}" + (f" ({', '.join(per)})" if len(per) > 1 else "") + ".")
    return [Finding("first-player", "first", r["diff"], r["diff_lo"], r["diff_hi"], sentence,
                    compare_command(sweep), "sweep the same matchups with a rule change (a --ruling switch, or "
                    "your chips with --data) into OTHER, then see what it is worth")]


def with_stronger(findings: Iterable[Finding], verdicts: Mapping[str, str], label: str) -> list[Finding]:
    """The findings, a faction's verdict over all arenas followed by what it does under a stronger player
    (`verdicts`: per faction "holds", "changes" or "reverses", from the report's "stronger" section)."""
    from dataclasses import replace

    return [replace(f, sentence=f"{f.sentence} Under the stronger player ({label}) this verdict "
                                f"{verdicts[f.subject]}.")
            if f.kind == "faction" and f.subject in verdicts else f for f in findings]


def versus_findings(t: Mapping, average: tuple[float, float, float], names: Mapping[str, str],
                      sweep: Sweep) -> list[Finding]:
    """Every candidate of a two-sided sweep's tables (`stats.summary`'s, and `stats.field_average_interval`)."""
    from hoplostat.stats import arena_effects

    by_arena = t.get("field_by_arena")
    out = faction_findings(t["field"], by_arena, names, sweep)
    out += matchup_findings(t["matchups"], average, names, sweep)
    if by_arena is not None and by_arena["arena"].n_unique() > 1:
        out += arena_findings(arena_effects(by_arena), by_arena, names, sweep)
    out += first_player_findings(t["first_player"], sweep)
    return out


# --- the other analyses ---------------------------------------------------------------------


def rate_findings(frame: pl.DataFrame, key: str, rate: str, kind: str, say, *, command=None) -> list[Finding]:
    """Each row of `frame` (a rate `rate` with its Wilson interval, a `coop` column) against the average of the
    rows of its group (solo or co-op) (`stats.against_average`, the average's interval the Wilson interval of the
    pooled trials); `say(row)` is its sentence (the row has `diff`, `diff_lo`, `diff_hi`, `field_average`),
    `command(row)` its next step and what it does (or None). `kind` is "harder KIND" or "easier KIND" by the
    sign of the difference (for players' success against an opponent)."""
    from hoplostat.stats import against_average, wilson_interval

    n = "faced" if "faced" in frame.columns else "games"
    wins = "won_waves" if "won_waves" in frame.columns else "wins"
    out = []
    for coop in sorted(set(frame["coop"].to_list())) if "coop" in frame.columns else [None]:
        sub = frame if coop is None else frame.filter(pl.col("coop") == coop)
        total, won = int(sub[n].sum()), int(sub[wins].sum())
        if total == 0:
            continue
        lo, hi = wilson_interval(won, total)
        for r in against_average(sub, won / total, float(lo), float(hi), rate=rate).iter_rows(named=True):
            r["coop"] = coop
            cmd, advice = command(r) if command else ("", "")
            out.append(Finding(f"{'easier' if r['diff'] > 0 else 'harder'} {kind}",
                               f"{r[key]}{'' if coop is None else ' (co-op)' if coop else ' (solo)'}",
                               r["diff"], r["diff_lo"], r["diff_hi"], say(r), cmd, advice))
    return out


def _group(coop) -> str:
    return "" if coop is None else " (co-op)" if coop else " (solo)"


def _strip_mark(key: str) -> str:
    """A chip's id without the report's stand-in mark (" *")."""
    return key[:-2] if key.endswith(" *") else key


def opponent_findings(frame: pl.DataFrame, key: str, rate: str, noun: str, sweep: Sweep, *,
                      trials: str = "games", trial: str = "game", what: str = "defeat") -> list[Finding]:
    """Titans (a boss mode: `stats.titan_difficulty`) or immortals (a wave mode: `stats.immortal_waves`): the players'
    success against each, against an average one of its group (solo, co-op); next: tune the hardest or easiest
    toward that average."""
    def say(r):
        return (f"Players {what} {_strip_mark(r[key]).title()}{_group(r['coop'])} in {percent(r[rate])} "
                f"[{percent(r[rate + '_lo'])}, {percent(r[rate + '_hi'])}] of {plural(r[trials], trial)}: "
                f"{size_words(r['diff'])} {_more(r['diff'])} than against an average {noun} "
                f"{interval(r['diff_lo'], r['diff_hi'])}.")

    def command(r):
        target = _strip_mark(r[key])
        cmd = (tune_command(sweep, target, kind=noun, goal=r["field_average"], players=2 if r["coop"] else None)
               if noun in TUNED else "")
        return cmd, f"find the smallest change to {target} that brings the players' success to the average"

    return rate_findings(frame, key, rate, noun, say, command=command)


def team_depth_findings(teams: pl.DataFrame) -> list[Finding]:
    """Teams against waves of immortals (`stats` per team): the immortals a team defeats per game against the
    average team of its group (solo, co-op), as a share of the six (the average's own uncertainty left out)."""
    out = []
    for coop in sorted(set(teams["coop"].to_list())):
        sub = teams.filter(pl.col("coop") == coop)
        avg = float((sub["mean_defeated"] * sub["games"]).sum() / max(int(sub["games"].sum()), 1))
        for r in sub.iter_rows(named=True):
            d, lo, hi = ((r[c] - avg) / 6 for c in ("mean_defeated", "mean_defeated_lo", "mean_defeated_hi"))
            sentence = (f"{r['team']}{_group(coop)} defeats {r['mean_defeated']:.1f} [{r['mean_defeated_lo']:.1f}, "
                        f"{r['mean_defeated_hi']:.1f}] of the six immortals per game, "
                        f"{abs(r['mean_defeated'] - avg):.1f} {_more(d)} than an average team ({avg:.1f}).")
            out.append(Finding(f"{'best' if d > 0 else 'weakest'} team", f"{r['team']}{_group(coop)}", d, lo, hi,
                               sentence))
    return out


def share_findings(frame: pl.DataFrame, key: str, kind: str, names: Mapping[str, str], *, label=None) -> list[Finding]:
    """Pods (`stats.pod_win_shares`, `stats.seat_position_shares`): each faction's or seat's win share against
    the fair share, the interval the share's Wilson interval less the fair share."""
    out = []
    for r in frame.iter_rows(named=True):
        lo, hi = r["win_share_lo"] - r["fair_share"], r["win_share_hi"] - r["fair_share"]
        who = label(r[key]) if label else _name(names, str(r[key]))
        sentence = (f"{who} wins {percent(r['win_share'])} of its {r['games']:,} games: {size_words(r['diff'])} "
                    f"{_more(r['diff'])} than its fair share of {percent(r['fair_share'])} {interval(lo, hi)}.")
        out.append(Finding(kind, str(r[key]), r["diff"], lo, hi, sentence))
    return out


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def teams_findings(t: Mapping, average: tuple[float, float, float], names: Mapping[str, str],
                   sweep: Sweep) -> list[Finding]:
    """Two teams of players (`stats.teams_summary`): each faction's team and each pairing of teammates against an
    average team (`stats.field_average_interval`), and the first player's team."""
    from hoplostat.stats import against_average

    out = []
    for r in against_average(t["win_rates"], *average).iter_rows(named=True):
        out.append(Finding("faction", r["faction"], r["diff"], r["diff_lo"], r["diff_hi"],
                           f"{_possessive(_name(names, r['faction']))} team wins {size_words(r['diff'])} "
                           f"{_more(r['diff'])} "
                           f"than an average team {interval(r['diff_lo'], r['diff_hi'])}: "
                           f"{percent(r['win_rate'])} of {plural(r['games'], 'game')}."))
    pairs = t["pairings"].filter(pl.col("games") > 0)
    for r in against_average(pairs, *average).iter_rows(named=True):
        a, b = _name(names, r["mate_1"]), _name(names, r["mate_2"])
        out.append(Finding("pairing", f"{r['mate_1']}+{r['mate_2']}", r["diff"], r["diff_lo"], r["diff_hi"],
                           f"{a} with {b} as teammates win {percent(r['win_rate'])} of their "
                           f"{plural(r['games'], 'game')}: {size_words(r['diff'])} {_more(r['diff'])} than an "
                           f"average team {interval(r['diff_lo'], r['diff_hi'])}."))
    first = t["first_team"]
    if first.height:
        r = against_average(first, *average, rate="first_team_win_rate").row(0, named=True)
        out.append(Finding("first-player", "first", r["diff"], r["diff_lo"], r["diff_hi"],
                           f"The first player's team wins {percent(r['first_team_win_rate'])} of "
                           f"{plural(r['games'], 'game')}: {size_words(r['diff'])} {_more(r['diff'])} than an "
                           f"average team {interval(r['diff_lo'], r['diff_hi'])}.", compare_command(sweep),
                           "sweep the same pods with a rule change into OTHER, then see what it is worth"))
    return out


def none_found(what: str, grow: str) -> str:
    """The headline when nothing leaves its interval: say so, and how to look closer."""
    return (f"No {what} is distinguishable from average with these games (every 95% interval holds 0). To look "
            f"closer, grow the sweep: {grow}")


__all__ = ["Finding", "Sweep", "arena_findings", "certain_size", "compare_command", "faction_findings",
           "first_player_findings", "headline", "interval", "matchup_findings", "none_found", "opponent_findings",
           "points", "rank", "rate_findings", "share_findings", "size_words", "versus_findings",
           "team_depth_findings", "teams_findings", "tune_command", "with_stronger"]
