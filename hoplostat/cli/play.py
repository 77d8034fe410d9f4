"""`hoplostat scenario FILE` and `hoplostat play MODE`: one position or one whole game, narrated.

Parsing and printing only: `engine.scenario` plays scenario files, `engine.loop.play` plays a game
of any registered mode. Heavy imports happen inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from hoplostat.cli._common import (
    ArenaOpt,
    DataOpt,
    EngineOpt,
    FactionsOpt,
    JsonOpt,
    LogOpt,
    ModeOptionOpt,
    RulingOpt,
    SeedOpt,
)

HELP_SCENARIO = """Play a scenario file (a small TOML position) and print the log and the resulting state.

The format is in docs/scenarios.md; examples in docs/scenarios/. Forced dice make
the outcome exact, so a scenario checks a ruling.
"""



def scenario(
    file: Annotated[Path, typer.Argument(help="Scenario TOML file.")],
    data: DataOpt = None,
    as_json: JsonOpt = False,
) -> None:
    from rich.markup import escape

    from hoplostat.catalog import load
    from hoplostat.catalog.standin import stand_in_share
    from hoplostat.cli._common import emit_json, stand_in_line, stdout_console
    from hoplostat.engine.scenario import loads_scenario, run_scenario
    from hoplostat.infiles import read_utf8

    catalog = load(tuple(data or ()))
    scen = loads_scenario(read_utf8(file, "scenario file"), catalog, name=str(file))
    out = run_scenario(scen)
    # the scenario's chips: those it places and those in the troops' camp, bag, discard and track, and any
    # unit its steps brought into play
    chips = [u.unit.id for u in scen.units] + [u["id"] for u in out["units"]]
    chips += [u.id for t in scen.troops for zone in (t.camp, t.bag, t.discard, t.track) for u in zone]
    out["stand_ins"] = stand_in_share(scen.catalog, chips=chips)  # the mode's own rule set's catalog
    if as_json:
        emit_json(out)
        return
    con = stdout_console()
    for line in _render_scenario(out):
        con.print(line)
    con.print(escape(stand_in_line(out["stand_ins"], "in this scenario")))


def _render_scenario(out: dict[str, Any]) -> list:
    from rich.markup import escape

    from hoplostat.cli._common import table as Table

    lines: list = [f"[bold]{escape(out['scenario'])}[/bold]" + (f" ({escape(out['source'])})"
                                                                if out.get("source") else "")]
    lines += [escape(x) for x in out["log"]]
    if out["end_reason"]:
        winner = out["winner"] or "nobody (draw)"
        lines.append(f"Game over: {escape(out['end_reason'])}; winner {escape(winner)}")
    t = Table("Units")
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
                  ", ".join(flags) or "-",
                  escape(", ".join(f"{x['name']} (by {x['by']})" for x in u["tactics"])) or "-")
    lines.append(t)
    tt = Table("Troops")
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


HELP_PLAY = (
    "Play one game of MODE headless and print its summary (or the narrated game with --log).\n\n"
    "Every mode plays with nothing but a seed: `hoplostat play MODE --seed 1` draws the factions (and the "
    "titan) from the seed; `hoplostat modes` lists the modes. Give --faction once per seat (player a, b, ...); "
    "in solo and co-op modes one faction plays solo, two co-op.\n\n"
    "Same seed and flags, same game. To see a game of a sweep, `hoplostat replay DIR GAME --matchup KEY` "
    "takes all of them from its row. A mode's options (`hoplostat modes` lists them) are set with "
    "--option NAME=VALUE, e.g. `hoplostat play MODE --option pool=all`."
)


def play(
    mode: Annotated[str, typer.Argument(help="Game mode (hoplostat modes lists them).")],
    faction: FactionsOpt = None,
    arena: ArenaOpt = None,
    titan: Annotated[str | None, typer.Option("--titan", "-t", help="Modes against a titan: its id (default: drawn "
                                                                    "from the seed).")] = None,
    policies: Annotated[str, typer.Option("--policies", help="Player of each seat, comma-separated: random, greedy, "
                                                             "lookahead (lookahead:N: N continuations per decision); "
                                                             "one for all.")] = "greedy",
    seed: SeedOpt = 0,
    first: Annotated[str | None, typer.Option("--first", help="Seat that plays first: a or b (default: the rules draw "
                                                              "it).")] = None,
    max_rounds: Annotated[int | None, typer.Option("--max-rounds", help="Round cap (default: the mode's); a game still "
                                                                        "running ends there as a draw.")] = None,
    log: LogOpt = False,
    data: DataOpt = None,
    ruling: RulingOpt = None,
    as_json: JsonOpt = False,
    players: Annotated[int | None, typer.Option("--players", help="Solo and co-op modes: 1 (solo) or 2 (co-op); "
                                                                  "factions not given are drawn from the "
                                                                  "seed.")] = None,
    option: ModeOptionOpt = None,
    engine: EngineOpt = "auto",
) -> None:
    from hoplostat import api
    from hoplostat.cli._common import emit_json, game_json, print_game

    game = api.play(mode, faction, arena=arena, titan=titan, policies=policies, seed=seed, first=first,
                    max_rounds=max_rounds, log=log, data=tuple(data or ()), rulings=ruling, players=players,
                    options=option,
                    engine=engine)
    result, catalog, spec, pols = game.result, game.catalog, game.spec, list(game.policies)
    out = game_json(result, catalog=catalog, spec=spec, policies=pols, seed=seed, log=log, engine_note=game.engine_note)
    if as_json:
        emit_json(out)
        return
    print_game(out)


