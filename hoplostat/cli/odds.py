"""`hoplostat odds`: exact attack odds, optional Monte Carlo check and plot."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from hoplostat.cli._common import seed_option

HELP = """Exact odds of one attack, or of several attacks on the same target.

POOL is a dice pool: colours joined by '+' with optional counts
(2black+blue+yellow) or the digits printed on the dice icons (532 =
black+blue+yellow). Several POOLs are several attacks on one target (focus
fire); the modifiers apply to each of them.

Example: hoplostat odds black+blue+yellow --hp 5 --reduce 1
"""


def odds(
    pools: Annotated[list[str], typer.Argument(metavar="POOL...", help="Dice pool(s), e.g. 532 or black+blue+yellow.")],
    hp: Annotated[Optional[int], typer.Option("--hp", help="Target HP: adds P(kill) and attacks needed to kill.")] = None,
    reduce: Annotated[int, typer.Option("--reduce", help="Damage reduction per attack (Absorb, Hardened).")] = 0,
    bonus: Annotated[int, typer.Option("--bonus", help="Bonus damage when at least one hit is rolled.")] = 0,
    reroll: Annotated[int, typer.Option("--reroll", help="Reroll up to N missed dice once, strongest first.")] = 0,
    extra: Annotated[Optional[str], typer.Option("--extra", help="Dice added to every attack (Blitz: green).")] = None,
    change_to: Annotated[
        Optional[str], typer.Option("--change-to", help="Change every die to this colour (Distract: yellow).")
    ] = None,
    fractions: Annotated[bool, typer.Option("--fractions", help="Also show exact probabilities as fractions.")] = False,
    mc: Annotated[int, typer.Option("--mc", help="Also estimate by Monte Carlo with N trials.")] = 0,
    seed: Annotated[int, seed_option("Seed for --mc.")] = 0,
    plot: Annotated[Optional[Path], typer.Option("--plot", help="Write a PNG chart of the distribution.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
) -> None:
    import numpy as np

    from hoplostat import odds as odds_lib
    from hoplostat.cli._common import emit_json, stdout_console, wrote
    from hoplostat.dice import Pool, colour_index, parse_pool
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
    if plot is not None:
        from hoplostat.outpaths import output_file

        output_file(plot, "--plot")

    if change_to is not None:
        colour_index(change_to)
    extra_pool = parse_pool(extra) if extra else Pool()
    attacks = [
        odds_lib.Attack(parse_pool(p), extra=extra_pool, change_to=change_to, reroll=reroll, bonus=bonus, reduce=reduce)
        for p in pools
    ]
    total_dice = sum(a.dice.size for a in attacks)
    if total_dice > 200:
        raise InputError(f"{len(attacks)} attacks with {total_dice} dice in all; at most 200 dice in one question")
    rng = np.random.default_rng(seed) if mc else None
    result = odds_lib.summarize(attacks, hp=hp, fractions=fractions, mc=mc, rng=rng)
    if mc:
        result["monte_carlo"]["seed"] = seed
    if plot is not None:
        from hoplostat import report
        from hoplostat.outpaths import writing

        fig = report.odds_figure(report.odds_frame(result), hp=hp, title=result["title"])
        with writing(plot, "--plot"):
            fig.savefig(plot, dpi=120)
        result["plot"] = str(plot)
        wrote(plot, as_json=as_json)
    if as_json:
        emit_json(result)
        return
    stdout_console().print(*render(result), sep="\n")


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
