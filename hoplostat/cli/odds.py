"""`hoplostat odds`: exact attack odds, optional Monte Carlo check and plot."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hoplostat.cli._common import seed_option

HELP = """Exact odds of one attack, or of several attacks on the same target.

POOL is a dice pool: colours joined by '+' with optional counts
(2black+blue+yellow) or the digits printed on the dice icons (532 =
black+blue+yellow). Several POOLs are several attacks on one target (focus
fire); the modifiers apply to each of them.

With --compare the POOLs are alternatives instead: each one's odds side by
side in one table (and one chart with --plot). With --profile: the chance to
kill a target of 1 to 10 HP with damage reduction 0, 1 or 2, as a table (and
a heatmap with --plot). Both are exact.

Examples:
  hoplostat odds black+blue+yellow --hp 5 --reduce 1
  hoplostat odds --compare 532 2black 3blue --hp 4
  hoplostat odds 532 --profile --plot reports/profile.png
"""


PoolsArg = Annotated[list[str], typer.Argument(metavar="POOL...", help="Dice pool(s), e.g. 532 or black+blue+yellow.")]
HpArg = Annotated[int | None, typer.Option("--hp", help="Target HP: adds P(kill) and attacks needed to kill.")]
ReduceArg = Annotated[int, typer.Option("--reduce", help="Damage reduction per attack (Absorb, Hardened).")]
BonusArg = Annotated[int, typer.Option("--bonus", help="Bonus damage when at least one hit is rolled.")]
RerollArg = Annotated[int, typer.Option("--reroll", help="Reroll up to N missed dice once, strongest first.")]
ExtraArg = Annotated[str | None, typer.Option("--extra", help="Dice added to every attack (Blitz: green).")]
ChangeToArg = Annotated[
       str | None, typer.Option("--change-to", help="Change every die to this colour (Distract: yellow).")
]
FractionsArg = Annotated[bool, typer.Option("--fractions", help="Also show exact probabilities as fractions.")]
McArg = Annotated[int, typer.Option("--mc", help="Also estimate by Monte Carlo with N trials.")]
CompareArg = Annotated[bool, typer.Option("--compare", help="The POOLs are alternatives: their odds side by side (one "
                                                            "chart with --plot).")]
ProfileArg = Annotated[bool, typer.Option("--profile", help="P(kill) for target HP 1-10 and reduction 0-2 (a heatmap "
                                                            "with --plot).")]
PlotArg = Annotated[Path | None, typer.Option("--plot", help="Write a PNG chart of the distribution (of the "
                                                             "comparison, or the profile's heatmap).")]
AsJsonArg = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]


def odds(
    pools: PoolsArg,
    hp: HpArg = None,
    reduce: ReduceArg = 0,
    bonus: BonusArg = 0,
    reroll: RerollArg = 0,
    extra: ExtraArg = None,
    change_to: ChangeToArg = None,
    fractions: FractionsArg = False,
    mc: McArg = 0,
    seed: Annotated[int, seed_option("Seed for --mc.")] = 0,
    compare: CompareArg = False,
    profile: ProfileArg = False,
    plot: PlotArg = None,
    as_json: AsJsonArg = False,
) -> None:
    import numpy as np

    from hoplostat import odds as odds_lib
    from hoplostat.cli._common import emit_json, stdout_console, wrote
    from hoplostat.dice import Pool, colour_index, parse_pool
    from hoplostat.errors import InputError

    _check_flags(pools, hp, reduce, bonus, reroll, mc, compare, profile, fractions, plot)

    if change_to is not None:
        colour_index(change_to)
    extra_pool = parse_pool(extra) if extra else Pool()
    attacks = [
        odds_lib.Attack(parse_pool(p), extra=extra_pool, change_to=change_to, reroll=reroll, bonus=bonus, reduce=reduce)
        for p in pools
    ]
    total_dice = sum(a.dice.size for a in attacks)
    if total_dice > 200 and not compare:
        raise InputError(f"{len(attacks)} attacks with {total_dice} dice in all; at most 200 dice in one question")
    if compare and max(a.dice.size for a in attacks) > 200:
        raise InputError("a pool of more than 200 dice; at most 200 dice in one question")
    if compare or profile:
        result = _compare_or_profile(attacks, pools, hp=hp, compare=compare, profile=profile)
    else:
        rng = np.random.default_rng(seed) if mc else None
        result = odds_lib.summarize(attacks, hp=hp, fractions=fractions, mc=mc, rng=rng)
        if mc:
            result["monte_carlo"]["seed"] = seed
    if plot is not None:
        from hoplostat.outpaths import writing

        fig = _figure(result, hp=hp)
        with writing(plot, "--plot"):
            fig.savefig(plot, dpi=120)
        result["plot"] = str(plot)
        wrote(plot, as_json=as_json)
    if as_json:
        from hoplostat.catalog.standin import share_of

        # dice pools only: no chip, so nothing rests on stand-ins (the hit faces are the rulebook's)
        emit_json({**result, "stand_ins": share_of()})
        return
    lines = render_compare(result) if compare else render_profile(result) if profile else render(result)
    stdout_console().print(*lines, sep="\n")


def _check_flags(pools, hp, reduce, bonus, reroll, mc, compare, profile, fractions, plot) -> None:
    """An InputError naming the flag for a value or a combination `hoplostat odds` cannot answer (before any
    work; --plot's folder checked too)."""
    from hoplostat.errors import InputError

    if hp is not None and hp < 1:
        raise InputError(f"--hp {hp}: target HP must be 1 or more")
    for name, value in (("--reduce", reduce), ("--bonus", bonus), ("--reroll", reroll), ("--mc", mc)):
        if value < 0:
            raise InputError(f"{name} {value}: must be 0 or more")
    if plot is not None and plot.suffix.lower() != ".png":
        raise InputError(f"--plot {plot}: the chart is written as PNG; give a file name ending in .png")
    if mc > 50_000_000:
        raise InputError(f"--mc {mc}: at most 50000000 trials")
    if compare and len(pools) < 2:
        raise InputError(f"--compare {pools[0]}: give two or more pools to compare")
    for flag, on in (("--compare", compare), ("--profile", profile)):
        if on and mc:
            raise InputError(f"{flag} shows exact odds only; leave out --mc")
        if on and fractions:
            raise InputError(f"{flag} shows percentages; leave out --fractions (or ask for one pool without it)")
    if profile and hp is not None:
        raise InputError(f"--hp {hp}: --profile covers target HP 1 to 10 itself; leave out --hp")
    if profile and reduce:
        raise InputError(f"--reduce {reduce}: --profile covers reduction 0 to 2 itself; leave out --reduce")
    if plot is not None:
        from hoplostat.outpaths import output_file

        output_file(plot, "--plot")


def _compare_or_profile(attacks, pools, *, hp, compare: bool, profile: bool) -> dict:
    """The JSON object of --compare (``compare``: one odds summary per pool, with ``profile`` too under
    --profile) or of --profile alone (the summary of the attacks together, with ``profile``)."""
    from hoplostat import odds as odds_lib

    groups = [[a] for a in attacks] if compare else [attacks]
    out = []
    for given, group in zip(pools if compare else [" ".join(pools)], groups):
        one = odds_lib.summarize(group, hp=hp)
        one["given"] = given
        if profile:
            one["profile"] = odds_lib.kill_profile(group)
        out.append(one)
    if compare:
        return {"compare": out, "hp": hp}
    return out[0]


def _figure(result: dict, *, hp):
    from hoplostat import report

    if "compare" in result:
        if "profile" in result["compare"][0]:
            return profile_figure(_profile_frame(result["compare"]))
        return compare_figure(_compare_frame(result["compare"]), hp=hp)
    if "profile" in result:
        return profile_figure(_profile_frame([result]))
    return report.odds_figure(report.odds_frame(result), hp=hp, title=result["title"])


def _compare_frame(summaries: list[dict]):
    """Long table of a comparison: one row per pool and damage value (``attack``, ``damage``, ``p``,
    ``p_at_least``)."""
    import polars as pl

    return pl.DataFrame([{"attack": s["title"], "damage": k, "p": p, "p_at_least": q}
                         for s in summaries for k, (p, q) in enumerate(zip(s["pmf"], s["at_least"]))])


def _profile_frame(summaries: list[dict]):
    """Long table of kill profiles: one row per attack, target HP and reduction (``attack``, ``hp``,
    ``reduce``, ``kill``)."""
    import polars as pl

    return pl.DataFrame([{"attack": s["title"], **row} for s in summaries for row in s["profile"]])


def compare_figure(frame, *, hp: int | None = None):
    """P(damage >= k) of each attack (frame from `_compare_frame`) as one line each, on shared axes; a
    marker at the target's HP."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.add_subplot()
    attacks = list(dict.fromkeys(frame["attack"].to_list()))
    top = 0
    for name in attacks:
        rows = frame.filter((frame["attack"] == name) & (frame["damage"] >= 1))
        k = rows["damage"].to_list()
        top = max([top, *k])
        ax.plot(k, rows["p_at_least"].to_list(), marker="o", label=name)
    if hp is not None:
        ax.axvline(hp, color="#c44e52", linestyle="--", label=f"target HP {hp}")
    ax.set_xlabel("damage dealt, at least")
    ax.set_ylabel("P(damage ≥ k)")
    ax.set_ylim(0, 1.02)
    ax.set_xticks(range(1, max(top, hp or 0) + 1))
    ax.set_title("Compared attacks: chance to deal at least k damage", fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    ax.grid(alpha=0.3)
    return fig


def profile_figure(frame):
    """Heatmap of P(kill) by target HP (rows) and damage reduction (columns), one panel per attack, each
    cell labelled with its percentage (frame from `_profile_frame`)."""
    import numpy as np
    from matplotlib.figure import Figure

    attacks = list(dict.fromkeys(frame["attack"].to_list()))
    hps = sorted(set(frame["hp"].to_list()))
    reds = sorted(set(frame["reduce"].to_list()))
    fig = Figure(figsize=(1.2 + 2.4 * len(attacks), 5.2), layout="constrained")
    axes = fig.subplots(1, len(attacks), squeeze=False)[0]
    im = None
    for ax, name in zip(axes, attacks):
        grid = np.zeros((len(hps), len(reds)))
        for row in frame.filter(frame["attack"] == name).iter_rows(named=True):
            grid[hps.index(row["hp"]), reds.index(row["reduce"])] = row["kill"]
        im = ax.imshow(grid, vmin=0, vmax=1, cmap="viridis", aspect="auto", origin="lower")
        for i in range(len(hps)):
            for j in range(len(reds)):
                p = grid[i, j]
                ax.text(j, i, _pct_short(p), ha="center", va="center", fontsize=8,
                        color="black" if p > 0.6 else "white")
        ax.set_xticks(range(len(reds)), [str(r) for r in reds])
        ax.set_yticks(range(len(hps)), [str(h) for h in hps])
        ax.set_xlabel("damage reduction")
        ax.set_title(name, fontsize=9)
    axes[0].set_ylabel("target HP")
    assert im is not None  # one heatmap per attack, and there is one at least
    fig.colorbar(im, ax=list(axes), shrink=0.8, label="P(kill)")
    fig.suptitle("Chance to kill by target HP and reduction", fontsize=10)
    return fig


def render_compare(result: dict) -> list:
    """Rich renderables for --compare: one column per pool."""
    from hoplostat.cli._common import table

    items = result["compare"]
    if "profile" in items[0]:
        return [line for s in items for line in render_profile(s)[:1]] + render_profile(items[0])[1:]
    hp = result.get("hp")
    mods = _modifiers(items[0]["attacks"][0])
    t = table("Compared attacks" + (f" ({mods})" if mods else ""))
    t.add_column("")
    for s in items:
        t.add_column(s["given"] if s["given"] == s["attacks"][0]["dice"] else f"{s['given']} "
                                                                              f"({s['attacks'][0]['dice']})",
                     justify="right")
    t.add_row("mean damage", *[f"{s['mean']:.2f}" for s in items])
    t.add_row("sd", *[f"{s['sd']:.2f}" for s in items])
    if hp is not None:
        t.add_row(f"P(kill a {hp}-HP target)", *[_pct(s["kill"]) for s in items])
        t.add_row("attacks to kill (mean)", *[f"{s['turns_to_kill']['mean']:.2f}" if s["turns_to_kill"]["mean"]
                                              is not None else "never" for s in items], end_section=True)
    else:
        t.rows[-1].end_section = True
    top = max(len(s["pmf"]) for s in items)
    for k in range(1, top):
        t.add_row(f"P(damage ≥ {k})", *[_pct(s["at_least"][k]) if k < len(s["at_least"]) else "0%" for s in items])
    return [t]


def render_profile(result: dict) -> list:
    """Rich renderables for --profile: P(kill) by target HP (rows) and reduction (columns)."""
    from hoplostat.cli._common import table

    reds = sorted({r["reduce"] for r in result["profile"]})
    t = table(f"P(kill): {result['title']}")
    t.add_column("target HP", justify="right")
    names = {0: "no reduction", 1: "reduction 1", 2: "reduction 2"}
    for r in reds:
        t.add_column(names.get(r, f"reduction {r}"), justify="right")
    cells = {(row["hp"], row["reduce"]): row["kill"] for row in result["profile"]}
    for h in sorted({row["hp"] for row in result["profile"]}):
        t.add_row(str(h), *[_pct(cells[h, r]) for r in reds])
    return [t, "reduction 1: Absorb; reduction 2: e.g. Absorb and Hardened (docs/rulings.md)"]


def _modifiers(a: dict) -> str:
    parts = []
    if a["extra"]:
        parts.append(f"+{a['extra']} added")
    if a["change_to"]:
        parts.append(f"all dice {a['change_to']}")
    if a["reroll"]:
        parts.append(f"reroll {a['reroll']}")
    if a["bonus"]:
        parts.append(f"+{a['bonus']} on hit")
    if a["reduce"]:
        parts.append(f"-{a['reduce']} reduction")
    return ", ".join(parts)


def _pct_short(p: float) -> str:
    if p >= 0.995:
        return "100%" if p == 1 else ">99%"
    if 0 < p < 0.005:
        return "<1%"
    return f"{p:.0%}"


def render(result: dict) -> list:
    """Rich renderables for the human-readable odds output."""
    from hoplostat.cli._common import table as Table

    mc = result.get("monte_carlo")
    table = Table(f"Damage: {result['title']}")
    table.add_column("damage", justify="right")
    table.add_column("P(= k)", justify="right")
    table.add_column("P(>= k)", justify="right")
    if "pmf_fractions" in result:
        table.add_column("exact", justify="right")
    if mc:
        table.add_column(f"MC P(= k) ({mc['n']:,} trials)", justify="right")
    for k, (p, q) in enumerate(zip(result["pmf"], result["at_least"])):
        row = [str(k), _pct(p), _pct(q)]
        if "pmf_fractions" in result:
            row.append(result["pmf_fractions"][k])
        if mc:
            row.append(f"{_pct(mc['pmf'][k])} ± {_pct(mc['pmf_se'][k])}")
        table.add_row(*row)
    lines = [table, f"mean damage {result['mean']:.3f}, sd {result['sd']:.3f}"]
    if mc:
        lines.append(f"Monte Carlo mean {mc['mean']:.3f} ± {mc['mean_se']:.3f} (seed {mc['seed']})")
    if "kill" in result:
        hp = result["hp"]
        kill = f"P(kill a {hp}-HP target) = {_pct(result['kill'])}"
        if "kill_fraction" in result:
            kill += f" = {result['kill_fraction']}"
        if mc:
            kill += f"   (Monte Carlo {_pct(mc['kill'])} ± {_pct(mc['kill_se'])})"
        lines.append(kill)
        ttk = result["turns_to_kill"]
        unit = "attacks" if len(result["attacks"]) == 1 else "volleys"
        shown = ", ".join(f"{n}: {_pct(p)}" for n, p in enumerate(ttk["p"][:8], start=1) if p >= 5e-5)
        mean = f"mean {ttk['mean']:.2f}" if ttk["mean"] is not None else "may never kill"
        lines.append(f"{unit} needed to kill ({mean}): {shown}")
    return lines


def _pct(p: float) -> str:
    if p == 0:
        return "0%"
    if p < 0.0001:
        return f"{p * 100:.2g}%"
    return f"{p * 100:.2f}%"
