"""`hoplostat play onslaught`: one Onslaught game (solo or co-op), summarised or narrated.

Parsing and printing only: `engine.modes.onslaught` plays the game. Mounted on the `play` group
by the CLI wiring (`app.command("onslaught")(onslaught)`). Heavy imports happen inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from hoplostat.errors import InputError

DataOpt = Annotated[Optional[list[Path]], typer.Option("--data", help="Overlay data directory (repeatable).")]


def onslaught(
    faction: Annotated[str, typer.Option("--faction", help="Your faction id (solo), or player A's in co-op.")],
    coop: Annotated[Optional[str], typer.Option("--coop", help="Player B's faction id: play co-op.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same game).")] = 0,
    policy: Annotated[str, typer.Option("--policy", help="Players' controller: greedy or random.")] = "greedy",
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="Round cap: a game still running ends there (counted).")] = 150,
    log: Annotated[bool, typer.Option("--log", help="Narrate the game turn by turn in the rulebook's words.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    data: DataOpt = None,
) -> None:
    """Play one Onslaught game against the six immortals and print how far the players got."""
    import numpy as np

    from hoplostat.catalog import load
    from hoplostat.cli._common import emit_json
    from hoplostat.engine.modes.onslaught import play_onslaught
    from hoplostat.policies import POLICIES, make

    if seed < 0:
        raise InputError(f"--seed {seed}: must be 0 or more")
    if max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    if policy not in POLICIES:
        raise InputError(f"--policy {policy!r}: allowed: {', '.join(POLICIES)}")
    catalog = load(tuple(data or ()))
    factions = [faction] + ([coop] if coop else [])
    for f in factions:
        catalog.faction(f)  # InputError with close matches
    if coop and coop == faction:
        raise InputError(f"--coop {coop!r}: co-op players choose different factions")
    rng = np.random.default_rng(seed)
    controllers = [make(policy, rng=rng) for _ in factions]
    r = play_onslaught(catalog, factions, controllers, rng=rng, max_rounds=max_rounds, log=log)
    out = result_dict(r, seed=seed, policy=policy, max_rounds=max_rounds, log=log)
    if as_json:
        emit_json(out)
        return
    _print(out)


def _plain(x: Any) -> Any:
    from dataclasses import fields, is_dataclass

    if is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name)) for f in fields(x)}
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if hasattr(x, "item") and not isinstance(x, (str, bytes)):
        return x.item()
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


def result_dict(r: Any, *, seed: int, policy: str, max_rounds: int, log: bool) -> dict[str, Any]:
    """The JSON object of one game (also what a sweep row can be built from)."""
    out: dict[str, Any] = {
        "mode": "onslaught", "arena": "pozzuoli", "factions": list(r.factions), "coop": r.coop, "policy": policy,
        "seed": seed, "max_rounds": max_rounds, "immortals_defeated": r.immortals_defeated, "rounds": r.rounds,
        "end_reason": r.end_reason, "capped": r.capped, "immortal_order": list(r.immortal_order),
        "waves": _plain(r.waves), "troops": _plain(r.troops), "units": _plain(r.units),
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
