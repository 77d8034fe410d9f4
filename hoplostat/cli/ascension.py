"""`hoplostat play ascension`: one Ascension game (solo or co-op) against a titan, summarised or narrated.

Parsing and printing only: `engine.modes.ascension` plays the game. Mounted on the `play` group by the
CLI wiring (`app.command("ascension")(ascension)`). Heavy imports happen inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from hoplostat.errors import InputError

DataOpt = Annotated[Optional[list[Path]], typer.Option("--data", help="Overlay data directory (repeatable).")]


def ascension(
    titan: Annotated[str, typer.Option("--titan", help="The titan id to face (e.g. mars).")],
    faction: Annotated[str, typer.Option("--faction", help="Your faction id (solo), or player A's in co-op.")],
    coop: Annotated[Optional[str], typer.Option("--coop", help="Player B's faction id: play co-op.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same game).")] = 0,
    policy: Annotated[str, typer.Option("--policy", help="Players' controller: greedy or random.")] = "greedy",
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="Round cap: a game still running ends there (counted).")] = 60,
    log: Annotated[bool, typer.Option("--log", help="Narrate the game turn by turn in the rulebook's words.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    data: DataOpt = None,
) -> None:
    """Play one Ascension game against a titan and print whether the players won."""
    import numpy as np

    from hoplostat.catalog import load
    from hoplostat.cli._common import emit_json
    from hoplostat.engine.modes.ascension import play_ascension
    from hoplostat.policies import POLICIES, make

    if seed < 0:
        raise InputError(f"--seed {seed}: must be 0 or more")
    if max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    if policy not in POLICIES:
        raise InputError(f"--policy {policy!r}: allowed: {', '.join(POLICIES)}")
    catalog = load(tuple(data or ()))
    catalog.titan(titan)
    factions = [faction] + ([coop] if coop else [])
    for f in factions:
        catalog.faction(f)
    if coop and coop == faction:
        raise InputError(f"--coop {coop!r}: co-op players choose different factions")
    rng = np.random.default_rng(seed)
    controllers = [make(policy, rng=rng) for _ in factions]
    r = play_ascension(catalog, titan, factions, controllers, rng=rng, max_rounds=max_rounds, log=log)
    out = result_dict(r, seed=seed, policy=policy, max_rounds=max_rounds, log=log)
    if as_json:
        emit_json(out)
        return
    _print(out)


def _plain(x: Any) -> Any:
    from dataclasses import fields, is_dataclass

    if is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name)) for f in fields(x)}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


def result_dict(r: Any, *, seed: int, policy: str, max_rounds: int, log: bool) -> dict[str, Any]:
    """The JSON object of one game."""
    out: dict[str, Any] = {
        "mode": "ascension", "arena": "colosseum", "titan": r.titan, "factions": list(r.factions), "coop": r.coop,
        "policy": policy, "seed": seed, "max_rounds": max_rounds, "won": r.won, "rounds": r.rounds,
        "end_reason": r.end_reason, "capped": r.capped, "titan_hp": r.titan_hp, "titan_dice": r.titan_dice,
        "shards_defeated": r.shards_defeated, "arena_turns": r.arena_turns, "troops": _plain(r.troops),
        "units": _plain(r.units), "unimplemented": list(r.unimplemented),
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
