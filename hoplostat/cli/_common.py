"""Shared CLI plumbing: one-line errors, JSON output, stderr console, optional command groups."""

from __future__ import annotations

import contextlib
import inspect
import json
import math
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

try:  # typer >= 0.26 vendors click
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover - older typer with click as a dependency
    from click import exceptions as click_exc  # type: ignore[no-redef]  # the same module, where older typer had it

from hoplostat.errors import InputError
from hoplostat.tables import frame_table, table  # noqa: F401  (re-exported: every command's tables)

# Command groups added by later modules: (module path, attribute, name). A module
# that does not exist yet is skipped, so groups can land one at a time.
OPTIONAL_GROUPS: list[tuple[str, str, str]] = [
    ("hoplostat.cli.data", "app", "data"),
]
OPTIONAL_COMMANDS: list[tuple[str, str, str]] = [
    ("hoplostat.cli.duel", "duel", "duel"),
    ("hoplostat.cli.duel", "duel_matrix", "duel-matrix"),
    ("hoplostat.cli.sweep", "sweep", "sweep"),
    ("hoplostat.cli.sweep", "summarize", "summarize"),
    ("hoplostat.cli.sweep", "compact", "compact"),
    ("hoplostat.cli.compare", "compare", "compare"),
    ("hoplostat.cli.ladder", "ladder", "ladder"),
    ("hoplostat.cli.tune", "tune", "tune"),
    ("hoplostat.cli.robustness", "robustness", "robustness"),
    ("hoplostat.cli.converge", "converge", "converge"),
    ("hoplostat.cli.modes", "rulings", "rulings"),
    ("hoplostat.cli.play", "play", "play"),
    ("hoplostat.cli.play", "scenario", "scenario"),
    ("hoplostat.cli.replay", "replay", "replay"),
    ("hoplostat.cli.modes", "modes", "modes"),
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
    _short_helps(app)


def one_line(text: str) -> str:
    """A help text's first paragraph on one line (its line breaks, a word hyphenated at one included, undone)."""
    para = inspect.cleandoc(text).split("\n\n")[0]
    out = ""
    for line in para.splitlines():
        line = line.strip()
        out += line if not out or out.endswith("-") else " " + line
    return out


def _short_helps(app: typer.Typer) -> None:
    """Give every command without one a short help (the list of `hoplostat --help`): its help's first paragraph
    on one line. Typer would keep the docstring's line breaks there, and the list would wrap at each."""
    infos = [*app.registered_commands]
    for group in app.registered_groups:
        if group.typer_instance is not None:
            infos += group.typer_instance.registered_commands
    for info in infos:
        text = info.help or (info.callback.__doc__ if info.callback else None)
        if info.short_help is None and text:
            info.short_help = one_line(text)


def _try_import(module: str):
    try:
        return import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None
        raise


_ABORT = tuple(x for x in (getattr(click_exc, "Abort", None), getattr(typer, "Abort", None)) if x)


# Options shared by several commands (typer reads the metadata from the annotation).
DataOpt = Annotated[list[Path] | None, typer.Option("--data", help="Overlay data directory (repeatable).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
SEED_MAX = 2**63 - 1
"""Seeds are 0 .. 2**63 - 1: numpy's SeedSequence refuses negatives, result tables store them as Int64."""


def seed_option(help: str):
    """The one --seed option: an int from 0 to SEED_MAX (anything else is a one-line usage error)."""
    return typer.Option("--seed", help=help, min=0, max=SEED_MAX)


SeedOpt = Annotated[int, seed_option("Random seed (same seed, same game).")]
LogOpt = Annotated[bool, typer.Option("--log", help="Narrate the game turn by turn in the rulebook's words.")]
FactionsOpt = Annotated[list[str] | None, typer.Option(
    "--faction", "-f", help="Faction id, once per seat in order (or comma-separated); default: drawn from the seed.")]
RulingOpt = Annotated[list[str] | None, typer.Option(
    "--ruling", help="A ruling switch NAME=VALUE (repeatable; hoplostat rulings lists them).")]
ArenaOpt = Annotated[str | None, typer.Option("--arena", "-a", help="Arena id (default: the mode's first).")]
EngineOpt = Annotated[str, typer.Option(
    "--engine", help="auto: the native core where it plays the game (the modes it mirrors), else Python; native: "
    "an error where it cannot; python: always the Python engine. The games are the same (docs/native.md).")]
ModeOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-O", help="A mode option NAME=VALUE (repeatable; hoplostat modes lists each mode's options).")]


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



def game_json(r: Any, *, catalog: Any, spec: Any, policies: list[str], seed: int, log: bool,
              engine_note: str | None = None) -> dict[str, Any]:
    """The JSON object of one game of any mode (`engine.loop.GameResult`); mode extras at the top level
    and troop extras in each troop, so every mode reads alike; `engine` says which engine played it and
    `engine_note` why the Python engine did (docs/native.md)."""
    from hoplostat.catalog.standin import stand_in_share

    seats = "abcdefgh"
    troops = []
    for t in r.troops:
        d = {k: v for k, v in plain(t).items() if k != "extras"}
        d.update(plain(t.extras))
        d["seat"] = seats[t.seat]
        d["policy"] = policies[t.seat % len(policies)]
        troops.append(d)
    winner = r.winner
    out: dict[str, Any] = {
        "mode": r.mode, "ruleset": r.ruleset, "arena": r.arena, "factions": list(r.factions),
        "versus": len({t.team for t in r.troops}) > 1,
        "policies": list(policies), "seed": seed, "max_rounds": spec.max_rounds,
        "winner": None if winner is None else seats[winner], "winner_faction": r.winner_faction,
        "draw": all(t.outcome == "draw" for t in r.troops), "won": r.won, "coop": r.coop,
        "rounds": r.rounds, "end_reason": r.end_reason, "capped": r.capped, "first_player": seats[r.first_player],
        "rulings": dict(getattr(spec, "rulings", ()) or ()),
        "options": dict(getattr(spec, "options", ()) or ()),
        "outcomes": {seats[t.seat]: t.outcome for t in r.troops},
        **{k: plain(v) for k, v in r.extras.items()},
        "troops": troops, "units": plain(r.units), "unimplemented_skills": list(r.unimplemented),
        "engine": r.engine, "engine_note": engine_note,
    }
    # The chips of the game: the players' (those that could take part), the immortals of the waves faced
    # (a wave mode), the titan with its allies (a mode against a titan) and the mode's own (`Mode.own_chips`), as sweeps
    # count them (`sweep.chips_used`).
    faced = [w["immortal"] for w in out.get("waves") or () if isinstance(w, dict) and w.get("immortal")]
    from hoplostat.engine.loop import mode_class
    from hoplostat.engine.mode import TroopResult

    # guardians, a rival troop, the arena's beasts; a solo rival is a troop result among the extras
    sides = [*r.factions, *(x.faction for x in r.extras.values() if isinstance(x, TroopResult))]
    own = mode_class(r.mode).own_chips(catalog, sides)
    out["stand_ins"] = stand_in_share(catalog, chips=[u.unit_id for u in r.units] + list(own), immortals=faced,
                                      titans=[spec.titan] if spec.titan else [])
    if log:
        out["log"] = list(r.log or ())
    return out


def engine_line(engine: str, note: str | None, policies: Sequence[str] = ()) -> str:
    """Which engine played a game, in a line (a game the core could not play says why; a game with the search
    player, which only the core plays, says so instead of offering the Python engine as a check)."""
    if engine == "native" and any(str(p).split(":")[0] == "search" for p in policies):
        return "played by the native core (the search player is the core's alone)"
    if engine == "native":
        return "played by the native core (the same game as the Python engine; --engine python to check)"
    return "played by the Python engine" + (f": {note}" if note else "")


def print_game(out: dict[str, Any]) -> None:
    """The human summary of `game_json`: head line, outcome, a row per troop, the mode's extras."""
    from rich.markup import escape

    Table = table
    con = stdout_console()
    if "log" in out:
        for line in out["log"]:
            con.print(escape(line))
        con.print()
    seats = [f"{f} ({t['seat']}, {t['policy']})" for f, t in zip(out["factions"], out["troops"])]
    teams: dict = {}
    for s, tr in zip(seats, out["troops"]):
        teams.setdefault(tr["team"], []).append(s)
    vs = " vs ".join(" and ".join(m) for m in teams.values()) if out["versus"] else " and ".join(seats)
    extra = f" against {out['titan']}" if out.get("titan") else ""
    con.print(escape(f"{out['mode'].replace('-', ' ').title()} on {out['arena']}{extra}: {vs}, seed {out['seed']}; "
                     f"{out['first_player']} played first"))
    if out["winner"] is not None:
        con.print(escape(f"{out['winner_faction']} ({out['winner']}) wins in round {out['rounds']}: "
                         f"{out['end_reason']}"))
    elif out["draw"]:
        con.print(escape(f"Draw after {out['rounds']} rounds: {out['end_reason']}"))
    elif out["versus"] and out["won"]:  # a team of players won (a team mode)
        won = [f"{f} ({tr['seat']})" for f, tr in zip(out["factions"], out["troops"]) if tr["outcome"] == "won"]
        con.print(escape(f"{' and '.join(won)} win in round {out['rounds']}: {out['end_reason']}"))
    else:
        con.print(escape(f"The players {'won' if out['won'] else 'lost'} in round {out['rounds']}: "
                         f"{out['end_reason']}"))
    base = ("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor", "rewards")
    skip = {"seat", "faction", "side", "outcome", "policy", "team", "tactic_damage", "tactic_kills", *base}
    extras = sorted({k for t in out["troops"] for k in t if k not in skip})
    t = Table()
    for col in ("seat", "faction", "side", "outcome", "deployed", "damage dealt", "kills", "units lost", "crowd favor",
                "rewards", *[e.replace("_", " ") for e in extras]):
        t.add_column(col, justify="left" if col in ("seat", "faction", "side", "outcome") else "right")
    for tr in out["troops"]:
        t.add_row(tr["seat"], escape(tr["faction"]), tr["side"], tr["outcome"],
                  *[str(tr[k]) for k in base], *[str(tr.get(k, "")) for k in extras])
    con.print(t)
    known = {"mode", "ruleset", "versus", "arena", "factions", "policies", "seed", "max_rounds", "winner",
             "winner_faction",
             "draw", "won", "coop", "rounds", "end_reason", "capped", "first_player", "outcomes", "troops", "units",
             "unimplemented_skills", "stand_ins", "log", "rulings", "options", "engine", "engine_note"}
    if out.get("options"):
        con.print(escape("mode options: " + ", ".join(f"{k}={v}" for k, v in out["options"].items())))
    for key, value in out.items():
        if key in known or key in _SAID_ALREADY:
            continue
        if isinstance(value, list) and value and isinstance(value[0], dict):
            w = Table(key.replace("_", " ").capitalize())
            cols = list(value[0])
            for c in cols:
                w.add_column(c.replace("_", " "))
            for row in value:
                w.add_row(*[escape(_words(row[c])) for c in cols])
            con.print(w)
        else:
            con.print(escape(_extra_line(key, value, out)))
    con.print(escape(stand_in_line(out["stand_ins"], "in this game")))
    con.print(escape(engine_line(out.get("engine", "python"), out.get("engine_note"),
                                 [t.get("policy", "") for t in out["troops"]])))
    if out["unimplemented_skills"]:
        con.print(escape("not implemented (played as blank): " + ", ".join(out["unimplemented_skills"])))


_SAID_ALREADY = {"winner_team", "players"}
"""Mode extras the head and outcome lines say already (a team mode's winning team, a free-for-all's number of
players)."""


def _words(value: Any) -> str:
    """A value of a game's JSON as a player reads it: yes/no, none, lists and mappings without brackets."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value) or "none"
    return str(value)


def _team_names(out: dict[str, Any]) -> dict[str, str]:
    """Teams of more than one seat by the name the game's JSON gives them (the letter of the team's number:
    in a mode of two teams of two, team a sits in seats a and c), as `atlanteans and vesuvians (a+c)`."""
    teams: dict[int, list[dict]] = {}
    for tr in out["troops"]:
        teams.setdefault(tr["team"], []).append(tr)
    if all(len(m) < 2 for m in teams.values()):
        return {}
    return {"abcdefgh"[team]: " and ".join(tr["faction"] for tr in m) + f" ({'+'.join(tr['seat'] for tr in m)})"
            for team, m in teams.items()}


def _extra_line(key: str, value: Any, out: dict[str, Any]) -> str:
    """One of a mode's extras (`GameResult.extras`) as a line: per-team numbers by the team's players and seats,
    the seats eliminated by faction and in order."""
    teams = _team_names(out)
    label = key.replace("_", " ")
    if isinstance(value, dict) and teams and set(value) <= set(teams):
        what = {"favor": "crowd favor"}.get(label.removeprefix("team "), label.removeprefix("team "))
        return f"{what} per team: " + ", ".join(f"{teams[k]} {_words(v)}" for k, v in value.items())
    if key == "eliminated" and isinstance(value, list):
        faction = {tr["seat"]: tr["faction"] for tr in out["troops"]}
        if not value:
            return "nobody was eliminated"
        return "eliminated, in order: " + ", ".join(f"{faction.get(s, s)} ({s})" for s in value)
    return f"{label}: {_words(value)}"


def stand_in_line(si: dict[str, Any], where: str) -> str:
    """The one line of a result's human output that says how much of it rests on stand-ins: `si` is its
    `stand_ins` object (`catalog.standin.share_of`), `where` names the result ("in this run")."""
    if not si["chips"]:
        return f"no catalog chips {where}: nothing in it rests on stand-in values"
    return (f"{si['stand_in']} of the {si['chips']} chips {where} carry stand-in values"
            " (see data/README.md; load your own chips with --data)")


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


PIPE_WIDTH = 100
"""Width of the tables printed to a pipe or a file (`| less`, `> out.txt`) when $COLUMNS does not say one: a
page's width, so a long cell wraps inside its column instead of making every line of the table as long as
it (`hoplostat modes | cat` printed lines of 543 characters)."""


def output_width() -> int:
    """The width of tables that do not go to a terminal: $COLUMNS when it is a number (20 or more), else
    `PIPE_WIDTH`."""
    import os

    text = os.environ.get("COLUMNS", "")
    return int(text) if text.isdigit() and int(text) >= 20 else PIPE_WIDTH


def stdout_console(*, file=None):
    """The console every command prints its tables and lines to.

    Tables fit the terminal's width, or `output_width` anywhere else (a pipe, a file, a test's capture), and
    wrap their cells rather than cutting them (see `table`); lines of text are never wrapped (soft wrap)."""
    from rich.console import Console

    con = Console(highlight=False, soft_wrap=True, file=file)
    if not con.is_terminal:
        con = Console(highlight=False, soft_wrap=True, file=file, width=output_width())
    return con


def wrote(path: Any, *, as_json: bool = False, what: str = "") -> None:
    """Say that a file or folder was written: `wrote PATH` on stdout, or on stderr under --json (stdout
    then holds the JSON object alone)."""
    line = f"wrote {path}" + (f" ({what})" if what else "")
    (sys.stderr if as_json else sys.stdout).write(line + "\n")


def write_figure(fig: Any, path: Path, *, as_json: bool = False, what: str = "--plot") -> None:
    """Save a matplotlib figure as PNG at `path` (checked before the work by `outpaths.figure_file`), an OSError
    as one error line about `what`, and say so (`wrote`)."""
    from hoplostat.outpaths import writing

    with writing(path, what):
        fig.savefig(path, dpi=110)
    wrote(path, as_json=as_json)


class Interrupted(Exception):
    """Ctrl-C in a long command, with the one line that says what was kept (and how to go on)."""


INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""

PLAIN_EVERY = 5.0
"""Seconds between the plain progress lines written when stderr is not a terminal."""


class Progress:
    """Progress of a long command on stderr: a rich bar in a terminal, else a plain line every few
    seconds (`sweep MODE: 1,200/16,800 games, 0:00:12, eta 0:02:41`). `update(done)` as work
    finishes; `finish(done, note)` ends it complete, with the total set to the work done when the
    command stopped early (``note`` says why). Used as a context manager.

    The eta comes from the rate measured since the first work of this run finished, and only once as much work
    again has finished (`eta`): the first chunks carry the workers' start-up, and on a busy machine a rate
    taken from them alone said 49 minutes for a sweep that took 12. Until then it says `eta --`."""

    def __init__(self, label: str, total: int, *, unit: str = "games", every: float = PLAIN_EVERY):
        import time

        self.label, self.total, self.unit, self.every = label, total, unit, every
        self.done = 0
        self._clock = time.monotonic
        self._start = self._clock()
        self._last: float | None = None
        self._first_done: int | None = None
        self._mark: tuple[float, int] | None = None  # (when, done) at the first work this run finished
        self._bar: Any = None
        """A `rich.progress.Progress` on a terminal (rich is imported only then)."""
        self._task: Any = None
        con = stderr_console()
        if con.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            self._bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TextColumn(unit), TimeElapsedColumn(), TextColumn("{task.fields[eta]}"), console=con)
            self._task = self._bar.add_task(label, total=total, eta="eta --")

    def __enter__(self) -> Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, total: int | None = None) -> None:
        self.done = done
        if total is not None:
            self.total = total
        now = self._clock()
        if self._first_done is None:
            self._first_done = done  # work found done before this run (resumed chunks) is not speed
        elif self._mark is None and done > self._first_done:
            self._mark = (now, done)
        if self._bar is not None:
            left = self.eta(now)
            self._bar.update(self._task, completed=done, total=self.total,
                             eta="eta --" if left is None else f"eta {_clock_text(left)}")
            return
        if self._last is None or now - self._last >= self.every:
            self._last = now
            self._line()

    def relabel(self, label: str) -> None:
        """What the bar says the command is doing (a command of several stages: the stage, the best so far)."""
        self.label = label
        if self._bar is not None:
            self._bar.update(self._task, description=label)

    def finish(self, done: int | None = None, note: str = "", *, short: str = "stopped early") -> None:
        """End complete. With a ``note`` (why the command did less than planned) the total becomes the work
        done (``done``, default the last update); the bar then says ``short``, a plain line the note."""
        if done is not None:
            self.done = done
        self.total = min(self.total, self.done) if note else self.total
        if self._bar is not None:
            desc = f"{self.label}, {short}" if note else self.label
            self._bar.update(self._task, completed=self.done, total=self.total, description=desc)
            return
        self._line(note)

    def eta(self, now: float | None = None) -> float | None:
        """Seconds left at the rate measured since the first work of this run finished (`_mark`), once the work
        since then is at least what finished first (the first chunks, start-up included); None before."""
        if self._mark is None or self._first_done is None:
            return None
        now = self._clock() if now is None else now
        when, at = self._mark
        since = self.done - at
        if since <= 0 or since < at - self._first_done or now <= when:
            return None
        return (now - when) * max(self.total - self.done, 0) / since

    def _line(self, note: str = "") -> None:
        elapsed = self._clock() - self._start
        text = f"{self.label}: {self.done:,}/{self.total:,} {self.unit}, {_clock_text(elapsed)}"
        if note:
            text += f" ({note})"
        elif self.done >= self.total:
            text += ", done"
        else:
            left = self.eta()
            text += ", eta --" if left is None else f", eta {_clock_text(left)}"
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


def _clock_text(seconds: float) -> str:
    """`0:02:41`: seconds as hours, minutes and seconds."""
    import datetime as dt

    return str(dt.timedelta(seconds=int(seconds)))


@contextlib.contextmanager
def one_interrupt():
    """Ctrl-C while a long command runs: the first SIGINT raises KeyboardInterrupt as usual, any later
    one (a second Ctrl-C, or the worker pool passing its workers' interrupt on while it shuts down) is
    ignored from then on, so the command ends with its one line instead of a traceback."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)

    def first(signum, frame):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the process is on its way out: once is enough
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, first)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is first:
            signal.signal(signal.SIGINT, previous)


def ignore_ctrl_c() -> None:
    """Worker initializer: a worker process leaves Ctrl-C to the command that started it (a terminal sends
    SIGINT to every process of the job; the command stops the workers and prints the one line), and exits when
    that command dies (`executors.exit_with_parent`: a `kill -9` left the workers running)."""
    import signal

    from hoplostat.executors import exit_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


@contextlib.contextmanager
def quiet_workers(backend: str = "loky", jobs: int = 1):
    """Local worker processes (loky, ``jobs`` > 1) used inside this block ignore Ctrl-C, so an interrupted
    command shows no traceback per worker. They are started here, with SIGINT ignored for that moment, so a
    worker still starting up when Ctrl-C comes ignores it too (it inherits the setting), and `ignore_ctrl_c`
    covers any worker the pool starts later. Other backends run their workers elsewhere."""
    if backend != "loky" or jobs < 2:
        yield
        return
    import signal

    from joblib import Parallel, delayed, parallel_config

    with parallel_config(backend="loky", initializer=ignore_ctrl_c):
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            Parallel(n_jobs=jobs)(delayed(abs)(i) for i in range(jobs))  # the pool, started (and kept)
        finally:
            signal.signal(signal.SIGINT, previous)
        yield


def version_callback(value: bool) -> None:
    """`hoplostat --version`: print `hoplostat <version>`, then a line on the native core, and exit 0."""
    if value:
        from hoplostat import __version__
        from hoplostat.engine import native

        sys.stdout.write(f"hoplostat {__version__}\n{native.describe()}\n")
        raise typer.Exit(0)


def interrupted(message: str) -> NoReturn:
    """Ctrl-C: one line on stderr saying what was kept, exit status 130, no traceback."""
    sys.stderr.write(f"interrupted: {message}\n")
    sys.stderr.flush()
    raise SystemExit(INTERRUPTED)


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
    except Interrupted as exc:
        interrupted(str(exc))
    except KeyboardInterrupt:
        interrupted("stopped before the command finished")
    if isinstance(rv, int) and rv != 0:
        raise SystemExit(rv)
