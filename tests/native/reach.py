"""How many differential games it takes to reach every rule path the Python engine has (docs/native.md,
"Differential tests"): plays seeded Skirmish games the way `test_native_games.py` does (the Python engine only,
the same seeds, factions and players) under coverage.py with branch measurement and one dynamic context per game,
then counts, for each number of games, the lines and branches of `hoplostat/` reached so far. The core mirrors
the Python engine function by function (docs/native.md, "Layout"), so the Python engine's paths reached are what
the games exercise in both. Run from the repository root:

    python tests/native/reach.py N PLAYER[,PLAYER] ARENA [--first SEED] [--block B]

prints a JSON object: the games played, the lines and branches reached, for each the number of games after which
nothing more was reached (to a block of B games, 10 unless told), the counts reached after 100, 250, 500, 1000,
... games, and the branches first reached after game 500."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> int:
    import coverage

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("n", type=int)
    p.add_argument("player", help="a player for both seats (random, greedy), or two: lookahead,greedy")
    p.add_argument("arena")
    p.add_argument("--first", type=int, default=10_000)
    p.add_argument("--block", type=int, default=10, help="games per coverage context (the resolution)")
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        data_file = str(Path(tmp) / "reach.sqlite")
        cov = coverage.Coverage(branch=True, source=[str(ROOT / "hoplostat")], data_file=data_file)
        cov.start()
        import hoplostat.rulesets  # noqa: F401
        from hoplostat.catalog import load
        from tests.native.test_native_games import _game

        cat = load((), use_env=False)
        players = tuple(args.player.split(",")) if "," in args.player else (args.player, args.player)
        _game(cat, "python", args.first - 1, args.arena, players, log=False)  # imports and caches: not counted
        for k in range(args.n):
            if k % args.block == 0:  # one context per block of games: the data stays small
                cov.switch_context(str(min(k + args.block, args.n)))
            _game(cat, "python", args.first + k, args.arena, players, log=False)
        cov.stop()
        cov.save()
        first_arc = _first_games(data_file)
    first_line: dict[tuple[str, int], int] = {}
    for (f, (a, b)), g in first_arc.items():
        for ln in (a, b):
            if ln > 0:
                first_line[(f, ln)] = min(g, first_line.get((f, ln), g))
    marks = [m for m in (100, 250, 500, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10_000, 20_000) if m <= args.n]
    out = {
        "games": args.n, "player": args.player, "arena": args.arena, "first_seed": args.first,
        "lines": len(first_line), "branches": len(first_arc),
        "last_new_line_at": max(first_line.values(), default=0),
        "last_new_branch_at": max(first_arc.values(), default=0),
        "lines_by_games": {m: sum(v <= m for v in first_line.values()) for m in marks},
        "branches_by_games": {m: sum(v <= m for v in first_arc.values()) for m in marks},
        "late_branches": sorted(f"{f}:{a}->{b} (game {g})" for (f, (a, b)), g in first_arc.items() if g > 500),
    }
    print(json.dumps(out, indent=1))
    return 0


def _first_games(data_file: str) -> dict[tuple[str, tuple[int, int]], int]:
    """For every arc (branch) measured: the first game (context) that took it. Read from coverage.py's SQLite
    data (its `arc`, `file` and `context` tables), since asking its API game by game is slow."""
    con = sqlite3.connect(data_file)
    rows = con.execute(
        "SELECT file.path, arc.fromno, arc.tono, MIN(CAST(context.context AS INTEGER)) FROM arc "
        "JOIN file ON file.id = arc.file_id JOIN context ON context.id = arc.context_id "
        "WHERE context.context GLOB '[0-9]*' GROUP BY file.path, arc.fromno, arc.tono").fetchall()
    con.close()
    return {(str(Path(f).relative_to(ROOT)), (a, b)): g for f, a, b, g in rows}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
