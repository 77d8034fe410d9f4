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


HELP_RULINGS = """List the ruling switches: readings of unclear rules (docs/rulings.md) that have a natural
alternative, with their default (the reading as written) and the alternative.

Choose one with `--ruling NAME=VALUE` on `hoplostat play` and `hoplostat sweep` (recorded in the sweep's
manifest and report); `hoplostat compare` then shows how much the ruling matters.
"""


def rulings(as_json: JsonOpt = False) -> None:
    from hoplostat.cli._common import emit_json, stdout_console
    from hoplostat.engine.rulings import rulings as registered

    rows = [{"name": r.name, "ruling": r.ruling, "ruleset": r.ruleset, "question": r.question, "default": r.default,
             "alternative": r.alternative, "values": {v: m for v, m in r.meanings}} for r in registered().values()]
    if as_json:
        emit_json(rows)
        return
    from rich.markup import escape

    from hoplostat.cli._common import table as Table

    t = Table("Ruling switches (--ruling NAME=VALUE)")
    for col in ("switch", "ruling", "question", "default", "alternative"):
        t.add_column(col)
    for r in rows:
        t.add_row(r["name"], r["ruling"], escape(r["question"]),
                  escape(f"{r['default']}: {r['values'][r['default']]}"),
                  escape(f"{r['alternative']}: {r['values'][r['alternative']]}"))
    stdout_console().print(t)
