"""`hoplostat play ascension`: one Ascension game (solo or co-op) against a titan, summarised or narrated.

Parsing and printing only: `engine.modes.ascension` plays the game. Mounted on the `play` group by the
CLI wiring (`app.command("ascension")(ascension)`). Heavy imports happen inside the command.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from hoplostat.cli._common import CoopOpt, DataOpt, FactionOpt, JsonOpt, LogOpt, PolicyOpt, SeedOpt, plain


def ascension(
    titan: Annotated[str, typer.Option("--titan", help="The titan id to face (e.g. mars).")],
    faction: FactionOpt,
    coop: CoopOpt = None,
    seed: SeedOpt = 0,
    policy: PolicyOpt = "greedy",
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="Round cap: a game still running ends there (counted).")] = 60,
    log: LogOpt = False,
    as_json: JsonOpt = False,
    data: DataOpt = None,
) -> None:
    """Play one Ascension game against a titan and print whether the players won."""
    from hoplostat.catalog import load
    from hoplostat.cli._common import emit_json, team_game_setup
    from hoplostat.engine.modes.ascension import play_ascension

    catalog = load(tuple(data or ()))
    catalog.titan(titan)
    factions, rng, controllers = team_game_setup(catalog, faction, coop, seed=seed, max_rounds=max_rounds,
                                                 policy=policy)
    r = play_ascension(catalog, titan, factions, controllers, rng=rng, max_rounds=max_rounds, log=log)
    out = result_dict(r, seed=seed, policy=policy, max_rounds=max_rounds, log=log)
    if as_json:
        emit_json(out)
        return
    _print(out)


def result_dict(r: Any, *, seed: int, policy: str, max_rounds: int, log: bool) -> dict[str, Any]:
    """The JSON object of one game."""
    out: dict[str, Any] = {
        "mode": "ascension", "arena": "colosseum", "titan": r.titan, "factions": list(r.factions), "coop": r.coop,
        "policy": policy, "seed": seed, "max_rounds": max_rounds, "won": r.won, "rounds": r.rounds,
        "end_reason": r.end_reason, "capped": r.capped, "titan_hp": r.titan_hp, "titan_dice": r.titan_dice,
        "shards_defeated": r.shards_defeated, "arena_turns": r.arena_turns, "troops": plain(r.troops),
        "units": plain(r.units), "unimplemented": list(r.unimplemented),
    }
    if log:
        out["log"] = list(r.log or ())
    return out


def _print(out: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from hoplostat.cli._common import stdout_console

    con = stdout_console()
    for line in out.get("log", ()):
        con.print(escape(line))
    who = " and ".join(out["factions"])
    con.print(escape(f"Ascension ({'co-op' if out['coop'] else 'solo'}) against {out['titan']}: {who} "
                     f"({out['policy']}), seed {out['seed']}"))
    con.print(escape(f"{'won' if out['won'] else 'not won'} in {out['rounds']} rounds; game over: {out['end_reason']}; "
                     f"titan HP left {out['titan_hp']}, titan dice {out['titan_dice']}"))
    t = Table(title="Players", title_justify="left")
    for col in ("faction", "deployed", "damage dealt", "damage to titan", "kills", "units lost", "crowd favor", "rewards"):
        t.add_column(col, justify="left" if col == "faction" else "right")
    for tr in out["troops"]:
        t.add_row(escape(tr["faction"]), str(tr["units_deployed"]), str(tr["damage_dealt"]), str(tr["titan_damage"]),
                  str(tr["kills"]), str(tr["units_lost"]), str(tr["crowd_favor"]), str(tr["rewards"]))
    con.print(t)
    if out["unimplemented"]:
        con.print(escape("not implemented (skipped): " + ", ".join(out["unimplemented"])))
