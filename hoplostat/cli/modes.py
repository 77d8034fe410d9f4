"""`hoplostat modes`: every registered game mode with its rule set, seats and arenas."""

from __future__ import annotations

from hoplostat.cli._common import JsonOpt

HELP_MODES = """List every game mode hoplostat plays: its name, rule set, seats, arenas and what it is.

Each one works with `hoplostat play MODE --seed 1` and `hoplostat sweep MODE`. A mode's options (last
column; `--json` gives each one's kind, values, default and help) are set with `--option NAME=VALUE` on both.
"""


def _listing(rows: list[dict], as_json: bool, title: str, columns: dict) -> None:
    """One JSON list of `rows`, or a table: `columns` maps each header to the cell text of a row."""
    from rich.markup import escape

    from hoplostat.cli._common import emit_json, stdout_console
    from hoplostat.cli._common import table as Table

    if as_json:
        emit_json(rows)
        return
    t = Table(title)
    for col in columns:
        t.add_column(col)
    for r in rows:
        t.add_row(*[escape(cell(r)) for cell in columns.values()])
    stdout_console().print(t)


def modes(as_json: JsonOpt = False) -> None:
    from hoplostat.api import _mode_rows

    _listing(_mode_rows(), as_json, "Game modes", {
        "mode": lambda r: r["name"], "rule set": lambda r: r["ruleset"],
        "seats": lambda r: " or ".join(map(str, r["troops"])), "arenas": lambda r: ", ".join(r["arenas"]),
        "what it is": lambda r: r["summary"],
        "options (--option NAME=VALUE)": lambda r: "; ".join(
            f"{o['name']}={_allowed(o)} (default {o['default'] if o['default'] not in ('', None) else 'none'}): "
            f"{o['help']}"
            for o in r["options"]) or "-"})


def _allowed(option: dict) -> str:
    from hoplostat.api import _allowed as allowed

    return allowed(option)


HELP_RULINGS = """List the ruling switches: readings of unclear rules (docs/rulings.md) that have a natural
alternative, with their default (the reading as written) and the alternative.

Choose one with `--ruling NAME=VALUE` on `hoplostat play` and `hoplostat sweep` (recorded in the sweep's
manifest and report); `hoplostat compare` then shows how much the ruling matters.
"""


def rulings(as_json: JsonOpt = False) -> None:
    from hoplostat.engine.rulings import rulings as registered

    rows = [{"name": r.name, "ruling": r.ruling, "ruleset": r.ruleset, "question": r.question, "default": r.default,
             "alternative": r.alternative, "values": dict(r.meanings)} for r in registered().values()]
    _listing(rows, as_json, "Ruling switches (--ruling NAME=VALUE)", {
        "switch": lambda r: r["name"], "ruling": lambda r: r["ruling"], "question": lambda r: r["question"],
        "default": lambda r: f"{r['default']}: {r['values'][r['default']]}",
        "alternative": lambda r: f"{r['alternative']}: {r['values'][r['alternative']]}"})
