"""`hoplostat modes`: every registered game mode with its rule set, seats and arenas."""

from __future__ import annotations

from hoplostat.cli._common import JsonOpt

HELP_MODES = """List every game mode hoplostat plays: its name, rule set, seats, arenas and what it is.

Each one works with `hoplostat play MODE --seed 1` and `hoplostat sweep MODE`.
"""


def modes(as_json: JsonOpt = False) -> None:
    from hoplostat.cli._common import emit_json, stdout_console
    from hoplostat.api import _mode_rows

    rows = _mode_rows()
    if as_json:
        emit_json(rows)
        return
    from rich.markup import escape
    from hoplostat.cli._common import table as Table

    t = Table("Game modes")
    for col in ("mode", "rule set", "seats", "arenas", "what it is"):
        t.add_column(col)
    for r in rows:
        t.add_row(r["name"], r["ruleset"], " or ".join(map(str, r["troops"])), ", ".join(r["arenas"]),
                  escape(r["summary"]))
    stdout_console().print(t)
