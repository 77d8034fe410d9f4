"""`hoplostat scenario FILE` and `hoplostat play skirmish`: one position or one whole game, narrated.

Parsing and printing only: `engine.scenario` plays scenario files, `engine.modes.skirmish`
plays games. Heavy imports happen inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from hoplostat.cli._common import DataOpt, JsonOpt, SeedOpt, plain
from hoplostat.errors import InputError

app = typer.Typer(
    help="Play one game headless and narrate it (hoplostat play skirmish ...).",
    no_args_is_help=True,
)


HELP_SCENARIO = """Play a scenario file (a small TOML position) and print the log and the resulting state.

The format is in docs/scenarios.md; examples in docs/scenarios/. Forced dice make
the outcome exact, so a scenario checks a ruling.
"""

SEATS = ("a", "b")


def scenario(
    file: Annotated[Path, typer.Argument(help="Scenario TOML file.")],
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    from hoplostat.catalog import load
    from hoplostat.cli._common import emit_json, stdout_console
    from hoplostat.engine.scenario import loads_scenario, run_scenario
    from hoplostat.infiles import read_utf8

    catalog = load(tuple(data or ()))
    scen = loads_scenario(read_utf8(file, "scenario file"), catalog, name=str(file))
    out = run_scenario(scen)
    if as_json:
        emit_json(out)
        return
    con = stdout_console()
    for line in _render_scenario(out):
        con.print(line)


def _render_scenario(out: dict[str, Any]) -> list:
    from rich.markup import escape
    from rich.table import Table

    lines: list = [f"[bold]{escape(out['scenario'])}[/bold]" + (f" ({escape(out['source'])})" if out.get("source") else "")]
    lines += [escape(x) for x in out["log"]]
    if out["end_reason"]:
        winner = out["winner"] or "nobody (draw)"
        lines.append(f"Game over: {escape(out['end_reason'])}; winner {escape(winner)}")
    t = Table(title="Units", title_justify="left")
    for col in ("unit", "troop", "zone", "hex (q,r)", "HP", "flags", "tactics"):
        t.add_column(col, justify="right" if col == "HP" else "left")
    for u in out["units"]:
        flags = [k for k in ("dazed", "fatigued") if u[k]]
        if not u["active"]:
            flags.append("inactive")
        if u["primary_hero"]:
            flags.append("primary hero")
        where = f"{u['hex']} ({u['q']},{u['r']})" if u["hex"] is not None else "-"
        t.add_row(escape(u["ref"]), escape(u["troop"]), u["zone"], where, f"{u['hp']}/{u['health']}",
                  ", ".join(flags) or "-", escape(", ".join(f"{x['name']} (by {x['by']})" for x in u["tactics"])) or "-")
    lines.append(t)
    tt = Table(title="Troops", title_justify="left")
    for col in ("troop", "side", "favor", "camp", "discard", "tactics in camp", "tactics discarded"):
        tt.add_column(col)
    for tr in out["troops"]:
        tt.add_row(escape(tr["name"]), tr["side"], str(tr["favor"]), escape(", ".join(tr["camp"])) or "-",
                   escape(", ".join(tr["discard"])) or "-", escape(", ".join(tr["tactics_camp"])) or "-",
                   escape(", ".join(tr["tactics_discard"])) or "-")
    lines.append(tt)
    lines.append("health-chip supply: " + ", ".join(f"{k} {v}" for k, v in out["supply"].items()))
    if out["rolls"]:
        lines.append("rolls: " + "; ".join(f"{r['pool']} -> {r['hits']}" + ("" if r["forced"] else " (not forced)")
                                           for r in out["rolls"]))
    return lines


def _pair(option: str, value: str) -> list[str]:
    parts = [p.strip() for p in value.split(",")]
    if len(parts) != 2 or not all(parts):
        raise InputError(f"{option} {value!r}: give two comma-separated values, e.g. {option} "
                         + ("kunlun,amazons" if option == "--factions" else "greedy,random"))
    return parts


@app.command("skirmish")
def skirmish(
    factions: Annotated[str, typer.Option("--factions", help="Two faction ids, player a then b: kunlun,amazons.")],
    arena: Annotated[str, typer.Option("--arena", help="pozzuoli or colosseum.")] = "pozzuoli",
    policies: Annotated[str, typer.Option("--policies", help="Controller of a and b: greedy, random.")] = "greedy,greedy",
    seed: SeedOpt = 0,
    first: Annotated[Optional[str], typer.Option("--first", help="Who plays first: a or b (default: random, SKR-1).")] = None,
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="Round cap: a game still running is a draw.")] = 60,
    log: Annotated[bool, typer.Option("--log", help="Narrate the game turn by turn in the rulebook's words.")] = False,
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play one Skirmish game and print its summary (or the narrated game with --log)."""
    import numpy as np

    from hoplostat.catalog import load
    from hoplostat.cli._common import emit_json
    from hoplostat.engine.modes.skirmish import play_game
    from hoplostat.policies import make

    fa = _pair("--factions", factions)
    pol = _pair("--policies", policies)
    if seed < 0:
        raise InputError(f"--seed {seed}: must be 0 or more")
    if max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    if first is not None and first not in SEATS:
        raise InputError(f"--first {first!r}: must be 'a' or 'b'")
    catalog = load(tuple(data or ()))
    if arena not in catalog.arenas:
        catalog.arena(arena)  # InputError with close matches
    for f in fa:
        catalog.faction(f)
    rng = np.random.default_rng(seed)
    controllers = [make(p, rng=rng) for p in pol]
    first_player = None if first is None else SEATS.index(first)
    result = play_game(catalog, "skirmish", fa, arena, controllers, rng=rng, max_rounds=max_rounds, log=log,
                       first_player=first_player)
    out = _game_dict(result, arena=arena, factions=fa, policies=pol, seed=seed, max_rounds=max_rounds, log=log)
    if as_json:
        emit_json(out)
        return
    _print_game(out)


def _game_dict(r: Any, *, arena: str, factions: list[str], policies: list[str], seed: int, max_rounds: int,
               log: bool) -> dict[str, Any]:
    troops = []
    for t in r.troops:
        d = plain(t)
        d["seat"] = SEATS[t.player]
        d["policy"] = policies[t.player]
        troops.append(d)
    out: dict[str, Any] = {
        "mode": "skirmish", "arena": arena, "factions": list(factions), "policies": list(policies), "seed": seed,
        "max_rounds": max_rounds,
        "winner": None if r.winner is None else SEATS[r.winner],
        "winner_faction": r.winner_faction, "draw": r.winner is None, "rounds": r.rounds, "end_reason": r.end_reason,
        "first_player": SEATS[r.first_player], "troops": troops,
        "unimplemented_skills": list(r.unimplemented_skills),
    }
    units = getattr(r, "units", None)
    if units is not None:
        out["units"] = plain(units)
    if log:
        out["log"] = list(r.log or ())
    return out


def _print_game(out: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from hoplostat.cli._common import stdout_console

    con = stdout_console()
    if "log" in out:
        for line in out["log"]:
            con.print(escape(line))
        con.print()
    fa = out["factions"]
    head = (f"Skirmish on {out['arena']}: {fa[0]} (a, {out['policies'][0]}) vs {fa[1]} (b, {out['policies'][1]}), "
            f"seed {out['seed']}; {out['first_player']} played first")
    con.print(escape(head))
    if out["draw"]:
        con.print(escape(f"Draw after {out['rounds']} rounds: {out['end_reason']}"))
    else:
        con.print(escape(f"{out['winner_faction']} ({out['winner']}) wins in round {out['rounds']}: {out['end_reason']}"))
    t = Table(title_justify="left")
    for col in ("seat", "faction", "side", "deployed", "damage dealt", "kills", "units lost", "crowd favor", "rewards"):
        t.add_column(col, justify="left" if col in ("seat", "faction", "side") else "right")
    for tr in out["troops"]:
        t.add_row(tr["seat"], escape(tr["faction"]), tr["side"], str(tr["units_deployed"]), str(tr["damage_dealt"]),
                  str(tr["kills"]), str(tr["units_lost"]), str(tr["crowd_favor"]), str(tr["rewards"]))
    con.print(t)
    if out["unimplemented_skills"]:
        con.print(escape("skills not implemented (played as blank): " + ", ".join(out["unimplemented_skills"])))


from hoplostat.cli.onslaught import onslaught as _onslaught  # noqa: E402  (light: typer only)

app.command("onslaught")(_onslaught)

from hoplostat.cli.ascension import ascension as _ascension  # noqa: E402  (light: typer only)

app.command("ascension")(_ascension)
