"""Mutation testing of a chosen set of modules: ``python tools/mutate.py dice odds stats [options]``.

`make mutate MODULES='dice odds stats'` calls this. mutmut 3 reads its settings only from the
``[tool.mutmut]`` table of the ``pyproject.toml`` in the directory it runs in and keeps its results in
``mutants/`` there, so each module set gets a directory of its own, ``build/mutate/<set>/``: links to
``hoplostat``, ``data`` and ``tests``, and a copy of ``pyproject.toml`` whose ``[tool.mutmut]`` names the
set's modules and the tests that pin them (`TESTS`). Results of one set survive running another, and
rerunning a set resumes it. Without MODULES, `make mutate` runs mutmut on the repository's own
``[tool.mutmut]`` (combat.py) as before.

Two settings differ from the repository's table, both so that a mutant's verdict does not depend on what
ran before it: mutants run in processes forked from a server that has only collected the tests
(``process_isolation = "forkserver"``), never from the process that ran the whole suite for mutmut's
statistics, whose warm caches (`functools.lru_cache` in dice.py and odds.py) would hide a mutant of a
function they call; and hypothesis runs its derandomized profile (``CI=1``, tests/conftest.py).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOST_CITIES = ["tests/rulesets/lost_cities/test_mode.py", "tests/rulesets/lost_cities/test_rules.py",
               "tests/rulesets/lost_cities/test_board.py"]
"""The Lost Cities' rule scenarios (both modes) and its few seeded games (about 1.5 s in all, kept)."""

TITAN_MODULES = tuple(f"rulesets/rise_of_rome/titan/{m}" for m in
                      ("state", "moves", "summoned", "actions", "players", "setup", "mode", "cities"))
"""The Rise of Rome titan mode's modules (one package, each pinned by its tests)."""
RISE_OF_ROME = ["tests/rulesets/rise_of_rome/test_mode.py", "tests/rulesets/rise_of_rome/test_rules.py"]

ORIGINS = ["tests/rulesets/origins/test_mode.py", "tests/rulesets/origins/test_rules.py"]
"""Origins' rule scenarios and its seeded games."""
ORIGINS_DOCS = ("(test_house_reputation_restrictions_are_not_in_the_book or test_solo_champions_notes_are_not_played"
                " or test_the_solo_trials_are_not_in_the_book)")
"""Origins' rule tests that read docs/origins.md or README.md (not in a set's mutants/: they fail there)."""

ENGINE_RULES = ["tests/engine/test_rules.py", "tests/engine/test_key_terms.py",
                "tests/rulesets/remastered/test_skills.py", "tests/engine/test_ruling_switches.py",
                "tests/engine/test_troops.py"]
"""The rule scenarios on hand-built positions that pin the engine's rules (engine/rules.py, steps.py); the modes'
seeded whole games are left out (about 10 s a surviving mutant on the shared machine): each rule is pinned by
its own scenario."""

RM = "tests/rulesets/remastered"
"""The Remastered rule set's tests, a file per area of rules (its rule tests, then what mutation testing pinned)."""

TESTS: dict[str, list[str]] = {
    "combat": ["tests/test_duel_oracle.py", "tests/test_brawl_oracle.py", "tests/test_combat.py"],
    "dice": ["tests/test_dice.py", "tests/test_odds.py"],
    "odds": ["tests/test_odds.py"],
    "stats": ["tests/test_stats.py", "tests/test_report_stats.py", "tests/test_compare.py", "tests/test_robustness.py",
              "tests/test_multiplayer_sweeps.py", "tests/test_headline.py"],
    "headline": ["tests/test_headline.py", "tests/test_report.py"],
    "sweep": ["tests/test_sweep.py", "tests/test_sweep_degenerate.py", "tests/test_cli_errors.py",
              "tests/test_cli_duel.py", "tests/test_sweep_scheduler.py", "tests/test_sweep_growth.py"],
    "store": ["tests/test_store.py", "tests/test_sweep.py", "tests/test_sweep_growth.py", "tests/test_cli_errors.py"],
    "executors": ["tests/test_sweep_scheduler.py", "tests/test_sweep.py"],
    "tune/changes": ["tests/test_tune.py"],
    "tune/overlay": ["tests/test_tune.py"],
    "tune/measure": ["tests/test_tune.py"],
    "tune/search": ["tests/test_tune.py"],
    "engine/loop": ["tests/engine/test_resume.py", "tests/test_mode_contract.py", "tests/test_golden.py"],
    "policies/lookahead": ["tests/policies/test_lookahead.py"],
    "rulesets/remastered/skills": [f"{RM}/test_skills.py", "tests/engine/test_key_terms.py",
                                   "tests/engine/test_rules.py", "tests/engine/test_ruling_switches.py"],
    "engine/rules": ENGINE_RULES,
    "engine/steps": ENGINE_RULES,
    "rulesets/remastered/skirmish/mode": [f"{RM}/test_skirmish.py", f"{RM}/test_colosseum.py",
                                     "tests/policies/test_greedy_skirmish_fixes.py"],
    "rulesets/remastered/onslaught/mode": [f"{RM}/test_onslaught.py", f"{RM}/test_rival.py",
                                           f"{RM}/test_coop_teams.py"],
    "rulesets/remastered/ascension/mode": [f"{RM}/test_ascension.py"],
    "rulesets/remastered/rival": [f"{RM}/test_rival.py", f"{RM}/test_onslaught.py", f"{RM}/test_coop_teams.py",
                                  f"{RM}/test_ascension.py"],
    "rulesets/remastered/pandemonium/mode": [f"{RM}/test_pandemonium.py", "tests/engine/test_ruling_switches.py"],
    "rulesets/remastered/alliance/mode": [f"{RM}/test_alliance.py", "tests/engine/test_ruling_switches.py"],
    "rulesets/remastered/titan": [f"{RM}/test_ascension.py", f"{RM}/test_titan.py",
                                  "tests/engine/test_effects_registry.py"],
    "rulesets/remastered/shards": [f"{RM}/test_ascension.py", f"{RM}/test_titan.py", f"{RM}/test_shards.py"],
    "rulesets/remastered/colosseum": [f"{RM}/test_colosseum.py", f"{RM}/test_skirmish.py", f"{RM}/test_ascension.py"],
    "rulesets/classic/turn": RISE_OF_ROME,
    "rulesets/rise_of_rome/skills": RISE_OF_ROME,
    "rulesets/rise_of_rome/favor": RISE_OF_ROME,
    "rulesets/rise_of_rome/mode": RISE_OF_ROME,
    **{m: ["tests/rulesets/rise_of_rome/test_titan.py"] for m in TITAN_MODULES},
    "rulesets/lost_cities/favor": [*LOST_CITIES, "tests/rulesets/lost_cities/test_favor.py"],
    "rulesets/lost_cities/bosses": [*LOST_CITIES, "tests/rulesets/lost_cities/test_bosses.py"],
    "rulesets/lost_cities/mode": LOST_CITIES,
    "rulesets/lost_cities/arena": [*LOST_CITIES, "tests/rulesets/lost_cities/test_arena.py"],
    "rulesets/lost_cities/board": LOST_CITIES,
    "rulesets/lost_cities/skills": [*LOST_CITIES, "tests/rulesets/lost_cities/test_skills.py"],
    "rulesets/remastered/naumachia/mode": [f"{RM}/test_naumachia.py"],
    "rulesets/remastered/naumachia/state": [f"{RM}/test_naumachia.py"],
    "rulesets/remastered/naumachia/skills": [f"{RM}/test_naumachia.py"],
    "rulesets/remastered/naumachia/controllers": [f"{RM}/test_naumachia.py"],
    "rulesets/remastered/naumachia/favor": [f"{RM}/test_naumachia.py"],
    "rulesets/remastered/naumachia/tactics": [f"{RM}/test_naumachia.py"],
    "rulesets/remastered/condemned/mode": [f"{RM}/test_condemned.py"],
    "rulesets/remastered/condemned/state": [f"{RM}/test_condemned.py"],
    "rulesets/remastered/condemned/controllers": [f"{RM}/test_condemned.py"],
    "rulesets/remastered/condemned/arena": [f"{RM}/test_condemned.py"],
    "rulesets/remastered/condemned/draft": [f"{RM}/test_condemned.py"],
    "rulesets/origins/mode": ORIGINS,
    "rulesets/origins/setup": ORIGINS,
    "rulesets/origins/tactics": ORIGINS,
    "rulesets/origins/turn": ORIGINS,
    "rulesets/origins/royale": [*ORIGINS, "tests/rulesets/origins/test_royale.py"],
    "rulesets/origins/skills": [*ORIGINS, "tests/rulesets/origins/test_skills.py"],
    "rulesets/origins/combat": [*ORIGINS, "tests/rulesets/origins/test_combat.py"],
    "rulesets/rise_of_rome/teams": [*RISE_OF_ROME, "tests/rulesets/rise_of_rome/test_teams.py"],
}
"""Module (``hoplostat/<name>.py``, e.g. ``engine/loop`` for a package's module) -> the test files that pin
it; a set runs the union."""

FAST_ONLY = frozenset({"engine/rules", "engine/steps", "rulesets/remastered/skirmish/mode",
                       "rulesets/remastered/onslaught/mode", "rulesets/remastered/ascension/mode",
                       "rulesets/remastered/rival", "rulesets/remastered/pandemonium/mode",
                       "rulesets/remastered/alliance/mode", "rulesets/remastered/titan", "rulesets/remastered/shards",
                       "rulesets/remastered/colosseum", "rulesets/classic/turn", "rulesets/rise_of_rome/skills",
                       "rulesets/rise_of_rome/favor", "rulesets/rise_of_rome/mode", *TITAN_MODULES,
                       "rulesets/lost_cities/favor", "rulesets/lost_cities/bosses", "rulesets/lost_cities/mode",
                       "rulesets/lost_cities/arena", "rulesets/lost_cities/board", "rulesets/lost_cities/skills",
                       *(f"rulesets/remastered/naumachia/{m}" for m in ("mode", "state", "skills", "controllers",
                                                                         "favor", "tactics")),
                       *(f"rulesets/remastered/condemned/{m}" for m in ("mode", "state", "controllers", "arena",
                                                                         "draft")),
                       "rulesets/origins/mode",
                       "rulesets/origins/setup", "rulesets/origins/tactics", "rulesets/origins/turn",
                       "rulesets/origins/royale", "rulesets/origins/skills", "rulesets/origins/combat",
                       "rulesets/rise_of_rome/teams"})
"""Modules whose sets leave out the tests marked slow (the 1,000 seeded games take 10 s per mutant; the rule
tests pin each rule on their own)."""

DESELECT: dict[str, str] = {
    "rulesets/remastered/skirmish/mode": "test_seeded_games_keep_invariants_and_end",
    "rulesets/remastered/pandemonium/mode": "test_seeded_games_end_and_keep_the_invariants",
    "rulesets/remastered/alliance/mode": "test_whole_games_end_with_consistent_team_results",
    "rulesets/remastered/titan": "test_every_onslaught_faction_and_coop_pair_plays_to_an_end",
    "rulesets/remastered/shards": "test_every_onslaught_faction_and_coop_pair_plays_to_an_end",
    "rulesets/remastered/naumachia/mode": "test_a_naumachia_sweep_reports_its_sections",
    "rulesets/remastered/naumachia/state": "test_a_naumachia_sweep_reports_its_sections",
    "rulesets/remastered/naumachia/skills": "test_a_naumachia_sweep_reports_its_sections",
    "rulesets/remastered/naumachia/controllers": "test_a_naumachia_sweep_reports_its_sections",
    "rulesets/remastered/naumachia/favor": "test_a_naumachia_sweep_reports_its_sections",
    "rulesets/remastered/naumachia/tactics": "test_a_naumachia_sweep_reports_its_sections",
    # the three Origins rule tests that read docs/ or README.md, which mutmut does not copy into mutants/; for
    # mode.py also the CLI sweep (5 s) and the lookahead match (3 s), whose rows and turns the pinned tests of
    # tests/rulesets/origins/test_mode.py pin on their own
    "rulesets/origins/mode": ORIGINS_DOCS[:-1] + " or test_a_sweep_writes_games_units_and_draft_rows"
                             " or test_the_lookahead_player_plays_a_match)",
    "rulesets/origins/setup": ORIGINS_DOCS,
    "rulesets/origins/tactics": ORIGINS_DOCS,
    "rulesets/origins/turn": ORIGINS_DOCS,
    "rulesets/origins/royale": ORIGINS_DOCS,
    "rulesets/origins/combat": ORIGINS_DOCS,
    "rulesets/origins/skills": ORIGINS_DOCS,
}
"""Module -> tests (a pytest -k name) its set leaves out: Skirmish's 280 seeded whole games (7 s a surviving
mutant on the shared machine), Pandemonium's 3- and 4-player seeded games (50 s), Alliance's 1,000 seeded whole
games (not marked slow) and, for the titan and the shards, the Onslaught whole games of tests/rulesets/remastered/test_titan.py
(nothing of theirs); the modes' rule scenarios pin each rule on their own. Origins' combat and skills sets leave out the three
tests that read README.md or docs/origins.md (not copied into mutants/; they pin no skill or attack)."""

LINKS = ("hoplostat", "data", "tests")


def set_dir(modules: list[str]) -> Path:
    return ROOT / "build" / "mutate" / "-".join(m.replace("/", ".") for m in modules)


def mutmut_table(modules: list[str]) -> str:
    # a module's pinned-test file is named here before it is written: leave out what does not exist yet
    tests = sorted({t for m in modules for t in TESTS[m] if (ROOT / t).exists()})
    left_out = sorted({DESELECT[m] for m in modules if m in DESELECT})
    deselect = " and ".join(f"not {name}" for name in left_out)

    def toml_list(items: list[str]) -> str:
        return "[" + ", ".join(f'"{i}"' for i in items) + "]"

    return "\n".join([
        "[tool.mutmut]",
        f"# written by tools/mutate.py for the set {' '.join(modules)}",
        'source_paths = ["hoplostat"]',
        f"only_mutate = {toml_list([f'hoplostat/{m}.py' for m in modules])}",
        'also_copy = ["data", "tests"]',
        f"pytest_add_cli_args_test_selection = {toml_list(tests)}",
        'pytest_add_cli_args = ["-q", "-p", "no:cacheprovider", "-p", "no:xdist"'
        + (', "-m", "not slow"' if FAST_ONLY & set(modules) else "")
        + (f', "-k", "{deselect}"' if deselect else "") + "]",
        'process_isolation = "forkserver"',
        "",
    ])


def prepare(modules: list[str]) -> Path:
    """Create (or refresh) the set's directory and return it."""
    where = set_dir(modules)
    where.mkdir(parents=True, exist_ok=True)
    for name in LINKS:
        link = where / name
        if not link.is_symlink():
            link.symlink_to(os.path.relpath(ROOT / name, where))
    text = (ROOT / "pyproject.toml").read_text()
    # drop the repository's [tool.mutmut] table (up to the next table or the end) and append the set's
    text = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", text).rstrip() + "\n\n" + mutmut_table(modules)
    target = where / "pyproject.toml"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    return where


def mutmut(where: Path, args: list[str], *, timeout: float | None = None) -> int:
    """Run ``mutmut ARGS`` in ``where``; after ``timeout`` seconds stop it (what it checked is kept)."""
    exe = Path(sys.executable).with_name("mutmut")
    # The pure-Python engine: the native core (its movement search, its Skirmish games) would stand in for the
    # Python code being mutated.
    env = dict(os.environ, CI="1", HOPLOSTAT_PURE_PYTHON="1", HOPLOSTAT_ENGINE="python")
    proc = subprocess.Popen([str(exe), *args], cwd=where, env=env, start_new_session=True)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"mutate: stopping after {timeout:g} s; rerun to continue", file=sys.stderr)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            return proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            return proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", help=f"modules of hoplostat/ to mutate: {', '.join(TESTS)}")
    parser.add_argument("--time", type=float, default=300, help="stop mutmut run after this many seconds")
    parser.add_argument("--jobs", type=int, default=1, help="mutmut --max-children")
    parser.add_argument("--mutants", nargs="*", default=[], help="only these mutant names or globs")
    parser.add_argument("--fresh", action="store_true",
                        help="forget earlier verdicts first (mutmut keeps them even when the tests changed)")
    parser.add_argument("--results", action="store_true", help="only list the survivors of the last run")
    parser.add_argument("--show", metavar="MUTANT", help="only print the diff of one mutant")
    args = parser.parse_args(argv)
    unknown = [m for m in args.modules if m not in TESTS]
    if unknown:
        parser.error(f"no test selection for {', '.join(unknown)}; known modules: {', '.join(TESTS)}")
    modules = sorted(set(args.modules), key=list(TESTS).index)
    where = prepare(modules)
    if args.fresh and not (args.results or args.show):
        shutil.rmtree(where / "mutants", ignore_errors=True)
    print(f"mutate: {' '.join(modules)} in {where.relative_to(ROOT)}", file=sys.stderr)
    if args.show:
        return mutmut(where, ["show", args.show])
    if not args.results:
        mutmut(where, ["run", "--max-children", str(args.jobs), *args.mutants], timeout=args.time)
    return mutmut(where, ["results"])


if __name__ == "__main__":
    sys.exit(main())
