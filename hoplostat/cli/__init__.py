"""The `hoplostat` command line: a typer app assembled from one module per command group.

Parsing and wiring only; the work happens in the library layers. Heavy imports
(numpy, polars, matplotlib) are made inside the commands so `--help` is instant.
"""

from __future__ import annotations

from typing import Annotated

import typer

from hoplostat.cli import _common
from hoplostat.cli import odds as _odds

app = typer.Typer(
    name="hoplostat",
    help="Exact odds, combat simulation and balance sweeps for Hoplomachus.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_common.version_callback, is_eager=True,
                                          help="Print the version (hoplostat X.Y.Z) and exit.")] = False,
) -> None:
    """Exact odds, combat simulation and balance sweeps for Hoplomachus."""


app.command("odds", help=_odds.HELP)(_odds.odds)
_common.register_optional(app)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the app, turning user errors into one `error:` line, exit 2."""
    _common.run(app, argv)
