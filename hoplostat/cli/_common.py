"""Shared CLI plumbing: one-line errors, JSON output, stderr console, optional command groups."""

from __future__ import annotations

import json
import math
import sys
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer

try:  # typer >= 0.26 vendors click
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover - older typer with click as a dependency
    from click import exceptions as click_exc

from hoplostat.errors import InputError

# Command groups added by later modules: (module path, attribute, name). A module
# that does not exist yet is skipped, so groups can land one at a time.
OPTIONAL_GROUPS: list[tuple[str, str, str]] = [
    ("hoplostat.cli.data", "app", "data"),
    ("hoplostat.cli.play", "app", "play"),
]
OPTIONAL_COMMANDS: list[tuple[str, str, str]] = [
    ("hoplostat.cli.duel", "duel", "duel"),
    ("hoplostat.cli.duel", "duel_matrix", "duel-matrix"),
    ("hoplostat.cli.sweep", "sweep", "sweep"),
    ("hoplostat.cli.sweep", "summarize", "summarize"),
    ("hoplostat.cli.play", "scenario", "scenario"),
    ("hoplostat.cli.report", "report", "report"),
]


def register_optional(app: typer.Typer) -> None:
    """Attach the command groups and commands whose modules are present."""
    for module, attr, name in OPTIONAL_GROUPS:
        mod = _try_import(module)
        if mod is not None:
            sub = getattr(mod, attr)
            app.add_typer(sub, name=name, help=sub.info.help)
    for module, attr, name in OPTIONAL_COMMANDS:
        mod = _try_import(module)
        if mod is not None:
            fn = getattr(mod, attr)
            app.command(name, help=getattr(mod, "HELP_" + attr.upper(), fn.__doc__))(fn)


def _try_import(module: str):
    try:
        return import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None
        raise


_ABORT = tuple(x for x in (getattr(click_exc, "Abort", None), getattr(typer, "Abort", None)) if x)


# Options shared by several commands (typer reads the metadata from the annotation).
DataOpt = Annotated[Optional[list[Path]], typer.Option("--data", help="Overlay data directory (repeatable).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
SEED_MAX = 2**63 - 1
"""Seeds are 0 .. 2**63 - 1: numpy's SeedSequence refuses negatives, result tables store them as Int64."""


def seed_option(help: str):
    """The one --seed option: an int from 0 to SEED_MAX (anything else is a one-line usage error)."""
    return typer.Option("--seed", help=help, min=0, max=SEED_MAX)


SeedOpt = Annotated[int, seed_option("Random seed (same seed, same game).")]
LogOpt = Annotated[bool, typer.Option("--log", help="Narrate the game turn by turn in the rulebook's words.")]
PolicyOpt = Annotated[str, typer.Option("--policy", help="Players' controller: greedy or random.")]
CoopOpt = Annotated[Optional[str], typer.Option("--coop", help="Player B's faction id: play co-op.")]
FactionOpt = Annotated[str, typer.Option("--faction", help="Your faction id (solo), or player A's in co-op.")]


def plain(x: Any) -> Any:
    """Dataclasses, mappings, sequences and numpy scalars as JSON-ready values."""
    from dataclasses import fields, is_dataclass

    if is_dataclass(x) and not isinstance(x, type):
        return {f.name: plain(getattr(x, f.name)) for f in fields(x)}
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if hasattr(x, "item") and not isinstance(x, (str, bytes)):
        return x.item()
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


def team_game_setup(catalog, faction: str, coop: str | None, *, seed: int, max_rounds: int, policy: str):
    """Validate a solo/co-op game's flags; return (factions, rng, controllers) for the players."""
    import numpy as np

    from hoplostat.policies import POLICIES, make

    if seed < 0:
        raise InputError(f"--seed {seed}: must be 0 or more")
    if max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    if policy not in POLICIES:
        raise InputError(f"--policy {policy!r}: allowed: {', '.join(POLICIES)}")
    factions = [faction] + ([coop] if coop else [])
    for f in factions:
        catalog.faction(f)  # InputError with close matches
    if coop and coop == faction:
        raise InputError(f"--coop {coop!r}: co-op players choose different factions")
    rng = np.random.default_rng(seed)
    return factions, rng, [make(policy, rng=rng) for _ in factions]


def fail(message: str) -> NoReturn:
    """Print one `error:` line on stderr and exit with status 2."""
    sys.stderr.write(f"error: {message}\n")
    sys.stderr.flush()
    raise SystemExit(2)


def json_ready(x: Any) -> Any:
    """`x` with every value JSON can hold: NaN and infinities (a rate of no games, a z-score of one unit)
    become null, numpy scalars and arrays plain numbers and lists, tuples lists, keys strings."""
    if isinstance(x, float):
        return x if math.isfinite(x) else None
    if isinstance(x, dict):
        return {str(k): json_ready(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [json_ready(v) for v in x]
    if hasattr(x, "tolist") and not isinstance(x, (str, bytes)):  # numpy scalars and arrays
        return json_ready(x.tolist())
    return x


def emit_json(obj: Any) -> None:
    """Print one valid JSON object on stdout and nothing else (undefined numbers as null)."""
    sys.stdout.write(json.dumps(json_ready(obj), allow_nan=False) + "\n")


def stderr_console():
    """A rich console on stderr for progress and notes (keeps stdout clean for --json)."""
    from rich.console import Console

    return Console(stderr=True)


def stdout_console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def run(app: typer.Typer, argv: list[str] | None = None) -> None:
    """Run a typer app; usage and input errors become `error: ...` with exit status 2."""
    command = typer.main.get_command(app)
    try:
        rv = command.main(args=argv, prog_name="hoplostat", standalone_mode=False)
    except InputError as exc:
        fail(str(exc))
    except click_exc.NoArgsIsHelpError as exc:
        # `hoplostat` or `hoplostat data` with nothing else: typer has shown the help.
        raise SystemExit(0) from exc
    except click_exc.UsageError as exc:
        where = f" (in '{exc.ctx.command_path}')" if exc.ctx is not None else ""
        fail(f"{exc.format_message()}{where}")
    except _ABORT:
        fail("aborted")
    except KeyboardInterrupt:
        fail("interrupted; finished work was kept")
    if isinstance(rv, int) and rv != 0:
        raise SystemExit(rv)
