"""`hoplostat play onslaught`: one Onslaught game (solo or co-op), summarised or narrated.

Parsing and printing only: `engine.modes.onslaught` plays the game. Mounted on the `play` group
by the CLI wiring (`app.command("onslaught")(onslaught)`). Heavy imports happen inside the command.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from hoplostat.cli._common import CoopOpt, DataOpt, FactionOpt, JsonOpt, LogOpt, PolicyOpt, SeedOpt, plain


def onslaught(
    faction: FactionOpt,
    coop: CoopOpt = None,
    seed: SeedOpt = 0,
    policy: PolicyOpt = "greedy",
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="Round cap: a game still running ends there (counted).")] = 150,
    log: LogOpt = False,
    as_json: JsonOpt = False,
    data: DataOpt = None,
) -> None:
    """Play one Onslaught game against the six immortals and print how far the players got."""
    from hoplostat.catalog import load
    from hoplostat.cli._common import emit_json, team_game_setup
    from hoplostat.engine.modes.onslaught import play_onslaught

    catalog = load(tuple(data or ()))
    factions, rng, controllers = team_game_setup(catalog, faction, coop, seed=seed, max_rounds=max_rounds,
                                                 policy=policy)
    r = play_onslaught(catalog, factions, controllers, rng=rng, max_rounds=max_rounds, log=log)
    out = result_dict(r, seed=seed, policy=policy, max_rounds=max_rounds, log=log)
    if as_json:
        emit_json(out)
        return
    _print(out)


def result_dict(r: Any, *, seed: int, policy: str, max_rounds: int, log: bool) -> dict[str, Any]:
    """The JSON object of one game (also what a sweep row can be built from)."""
    out: dict[str, Any] = {
        "mode": "onslaught", "arena": "pozzuoli", "factions": list(r.factions), "coop": r.coop, "policy": policy,
        "seed": seed, "max_rounds": max_rounds, "immortals_defeated": r.immortals_defeated, "rounds": r.rounds,
        "end_reason": r.end_reason, "capped": r.capped, "immortal_order": list(r.immortal_order),
        "waves": plain(r.waves), "troops": plain(r.troops), "units": plain(r.units),
        "unimplemented_skills": list(r.unimplemented_skills),
    }
    if log:
        out["log"] = list(r.log or ())
    return out


def _print(out: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from hoplostat.cli._common import stdout_console

    con = stdout_console()
    if "log" in out:
        for line in out["log"]:
            con.print(escape(line))
        con.print()
    who = " and ".join(out["factions"])
    con.print(escape(f"Onslaught ({'co-op' if out['coop'] else 'solo'}) on pozzuoli: {who} ({out['policy']}), seed {out['seed']}"))
    con.print(escape(f"{out['immortals_defeated']} of 6 immortals defeated in {out['rounds']} rounds; "
                     f"game over: {out['end_reason']}"))
    w = Table(title="Waves", title_justify="left")
    for col in ("wave", "immortal", "result", "rounds", "HP lost to arena defeats", "HP lost to stones"):
        w.add_column(col, justify="left" if col in ("immortal", "result") else "right")
    for i, wave in enumerate(out["waves"], 1):
        w.add_row(str(i), escape(wave["name"]), "won" if wave["won"] else "lost", str(wave["rounds"]),
                  str(wave["hp_from_arena"]), str(wave["hp_from_stones"]))
    con.print(w)
    t = Table(title="Players", title_justify="left")
    for col in ("faction", "deployed", "damage dealt", "damage to immortals", "kills", "units lost", "crowd favor",
                "rewards"):
        t.add_column(col, justify="left" if col == "faction" else "right")
    for tr in out["troops"]:
        t.add_row(escape(tr["faction"]), str(tr["units_deployed"]), str(tr["damage_dealt"]), str(tr["immortal_damage"]),
                  str(tr["kills"]), str(tr["units_lost"]), str(tr["crowd_favor"]), str(tr["rewards"]))
    con.print(t)
    if out["unimplemented_skills"]:
        con.print(escape("not implemented (played as blank): " + ", ".join(out["unimplemented_skills"])))
