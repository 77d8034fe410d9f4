"""`hoplostat tune` and `hoplostat.tune` (issue 21), for a faction, a titan and an immortal: the candidate
changes (counts, dice steps, never a rulebook or public value), the overlay it writes (validates, loads,
applies exactly the chosen changes; a titan's or an immortal's whole card), the measure as summarize counts
it, a weakened chip and a strengthened titan found and restored, the same result whatever --jobs, an
ambiguous name, and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from clihelp import run_cli, run_json

from hoplostat.catalog import load, load_dirs
from hoplostat.catalog.loader import default_data_dir
from hoplostat.dice import HIT_FACES, COLOURS, parse_pool
from hoplostat.engine.registry import is_implemented
from hoplostat.tune import (Change, apply_changes, combine, describe, pairs, single_changes, strength_order,
                            verdict, Rate, write_overlay)

ROOT = Path(__file__).resolve().parents[1]
TINY = ["--against", "plutos-refugees", "-a", "pozzuoli", "--unit", "amazons-hero", "--games", "2", "--max-games", "4"]
TITAN_TINY = ["--goal", "0.5", "--against", "amazons", "--against", "kunlun", "--unit", "mars", "--games", "2",
              "--max-games", "4"]


def _implemented(catalog) -> set[str]:
    return {s for s in catalog.skills if is_implemented(s, "remastered")}


# --- candidates ------------------------------------------------------------------------------------


def test_one_chip_gets_every_single_change_once():
    """parthians/archer-4 (one black die, long-shot 4, every stat clear of the loader's bounds): two steps of
    each stat, the black die up (red) and down (green), long-shot removed and every other implemented skill
    added."""
    cat = load()
    u = cat.unit("parthians/archer-4")
    assert (str(u.attack), [str(s) for s in u.skills]) == ("black", ["long-shot 4"])
    assert u.movement > 0 and u.range > 1 and u.health > 1  # so no step is left out at a bound
    mine = [c for c in single_changes(cat, "parthians").singles if c.unit == u.id]
    assert len(mine) == len(set(mine))
    by = {f: [c for c in mine if c.field == f] for f in ("health", "movement", "range", "attack", "skills")}
    assert all(sorted(c.step for c in by[f]) == [-1, 1] for f in ("health", "movement", "range"))
    assert sorted((c.old, c.new) for c in by["attack"]) == [("black", "green"), ("black", "red")]
    assert [c.old for c in by["skills"] if c.old] == ["long-shot 4"]
    assert {c.new.split()[0] for c in by["skills"] if c.new} == _implemented(cat) - {"long-shot"}
    assert len(mine) == 6 + 2 + 1 + len(_implemented(cat)) - 1


def test_counts_follow_the_bounds_for_a_whole_faction():
    """Per chip: a stat step is left out only at the loader's bounds (Movement 0, Range 1, Health 1 going
    down), a die steps up unless red and down unless yellow, and skills are added up to six."""
    cat = load()
    n_skills = len(_implemented(cat))
    expected = 0
    for u in cat.faction_units("lamosians", include_hero=True):
        expected += 2 * 3 - (u.movement == 0) - (u.range == 1) - (u.health == 1)
        expected += sum((c != "red") + (c != "yellow") for c in COLOURS if u.attack.counts[COLOURS.index(c)])
        have = {s.id for s in u.skills}
        expected += len(u.skills) + (len(_implemented(cat) - have) if len(u.skills) < 6 else 0)
        assert n_skills > len(have)
    assert len(single_changes(cat, "lamosians").singles) == expected


def test_dice_steps_go_one_colour_by_hit_faces():
    assert strength_order() == COLOURS
    assert list(HIT_FACES) == sorted(HIT_FACES)  # the order is the dice's strength
    cat = load()
    u = cat.unit("amazons-hero")
    assert str(u.attack) == "2black+blue+yellow"
    steps = sorted((c.old, c.new) for c in single_changes(cat, "amazons", units=[u.id]).singles if c.field == "attack")
    assert steps == [("black", "green"), ("black", "red"), ("blue", "green"), ("blue", "yellow"), ("yellow", "blue")]
    assert str(Change(u.id, "attack", old="black", new="red").apply(u).attack) == "red+black+blue+yellow"
    assert str(Change(u.id, "attack", old="yellow", new="blue").apply(u).attack) == "2black+2blue"


def test_only_stand_in_values_change():
    """Rulebook and public values are skipped and named: the Kunlun chips the rulebook shows, and a chip an
    overlay marks public (the user's own chip)."""
    cat = load()
    cands = single_changes(cat, "kunlun")
    for c in cands.singles:
        assert cat.unit(c.unit).provenance[c.field] == "stand-in", c
    known = {f"{u.id} {f}: {p}" for u in cat.faction_units("kunlun", include_hero=True)
             for f, p in u.provenance.items() if f in ("health", "movement", "range", "attack", "skills") and p != "stand-in"}
    assert known and set(cands.skipped) == known
    assert "kunlun/marksman range: rulebook" in cands.skipped
    assert not [c for c in cands.singles if c.unit == "kunlun/warrior" and c.field != "health"]


def test_a_public_chip_of_an_overlay_is_not_touched(tmp_path, capsys):
    mine = tmp_path / "mine"
    text = (ROOT / "data" / "remastered" / "factions" / "parthians.toml").read_text()
    block = text[text.index('[[unit]]\nid = "parthians-hero"'):]
    block = block[:block.index("\n\n")].replace('provenance = "stand-in"', 'provenance = "public"\nsource = "my chip"')
    mine.mkdir()
    (mine / "hero.toml").write_text(block + "\n")
    cat = load([mine], use_env=False)
    cands = single_changes(cat, "parthians")
    assert not [c for c in cands.singles if c.unit == "parthians-hero"]
    assert {s for s in cands.skipped if s.startswith("parthians-hero")} == {
        f"parthians-hero {f}: public" for f in ("health", "movement", "range", "attack", "skills")}
    code, out, err = run_cli(capsys, "tune", "parthians", "--data", str(mine), "--unit", "parthians-hero")
    assert code == 2 and err.startswith("error: parthians: no value that may change") and err.count("\n") == 1


def test_method_keeps_the_stand_in_method():
    from hoplostat.catalog.standin import problems

    cat = load()
    free, kept = single_changes(cat, "parthians"), single_changes(cat, "parthians", method=True)
    assert kept.outside_method == len(free.singles) - len(kept.singles) > 0
    for c in kept.singles:
        assert not problems(c.apply(cat.unit(c.unit))), c


def test_pairs_add_up_and_never_undo():
    cat = load()
    up, down = Change("amazons-hero", "health", 1), Change("amazons-hero", "health", -1)
    die_up, die_back = Change("amazons-hero", "attack", old="blue", new="green"), Change("amazons-hero", "attack", old="green", new="blue")
    parry = Change("amazons-hero", "skills", new="parry")
    got = pairs(cat, [up, down, die_up, die_back, parry])
    assert (down, up) not in got and tuple(sorted((die_up, die_back))) not in got
    assert (up, up) in got and describe(cat, (up, up)) == "amazons-hero: Health 8 -> 10"
    assert combine(cat, (up, down)) is None and combine(cat, (parry, parry)) is None
    assert describe(cat, tuple(sorted((up, parry)))) == "amazons-hero: Health 8 -> 9, + skill parry"


def test_verdicts_decide_inside_or_outside_the_band():
    assert verdict(Rate(500, 0, 1000), 0.5, 0.05) == "reaches goal"
    assert verdict(Rate(100, 0, 1000), 0.5, 0.05) == "misses goal"
    assert verdict(Rate(900, 0, 1000), 0.5, 0.05) == "misses goal"
    assert verdict(Rate(45, 0, 100), 0.5, 0.05) == "undecided"


# --- the overlay -----------------------------------------------------------------------------------


def test_the_overlay_validates_loads_and_applies_exactly_its_changes(tmp_path, capsys):
    cat = load()
    changes = tuple(sorted((Change("parthians-hero", "health", 1), Change("parthians-hero", "health", 1),
                            Change("parthians-hero", "skills", old="reposition"),
                            Change("parthians/archer-1", "attack", old="green", new="black"),
                            Change("parthians/archer-1", "range", -1))))
    out = tmp_path / "tuned"
    write_overlay(cat, changes, out, header="# a test")
    code, text, err = run_cli(capsys, "data", "validate", str(out))
    assert code == 0 and text.startswith("ok"), err
    tuned = load([out], use_env=False)
    want = apply_changes(cat, changes)
    assert set(want) == {"parthians-hero", "parthians/archer-1"}
    for uid, u in cat.units.items():
        got = tuned.unit(uid)
        if uid in want:
            assert (got.health, got.movement, got.range, got.attack, got.skills) == (
                want[uid].health, want[uid].movement, want[uid].range, want[uid].attack, want[uid].skills)
            assert got.provenance == u.provenance and got.note.startswith("hoplostat tune: ")
        else:
            assert got == u, uid
    hero = tuned.unit("parthians-hero")
    assert hero.health == cat.unit("parthians-hero").health + 2 and not hero.has_skill("reposition")
    assert tuned.unit("parthians/archer-1").attack == parse_pool("black+yellow")
    assert tuned.faction("parthians") == cat.faction("parthians")


def test_an_overlay_on_an_overlay_keeps_the_first(tmp_path):
    """Tuned from --data MINE, the overlay holds MINE's chip with the change: MINE then OUT loads as tuned."""
    cat0 = load()
    mine = tmp_path / "mine"
    write_overlay(cat0, (Change("amazons-hero", "movement", -1),), mine)
    cat = load([mine], use_env=False)
    out = tmp_path / "out"
    write_overlay(cat, (Change("amazons-hero", "health", 1),), out)
    hero = load_dirs([default_data_dir(), mine, out]).unit("amazons-hero")
    assert (hero.movement, hero.health) == (cat0.unit("amazons-hero").movement - 1, cat0.unit("amazons-hero").health + 1)


# --- the search ------------------------------------------------------------------------------------


def _sweep_rate(capsys, tmp_path: Path, name: str, *extra: str, games: int = 100) -> dict:
    """Amazons' win rate against Pluto's Refugees on Pozzuoli (its row of `summarize`), from a sweep made
    apart from the tuner (another seed than its own)."""
    out = tmp_path / name
    code, _, err = run_cli(capsys, "sweep", "skirmish", "-f", "amazons", "-f", "plutos-refugees", "-a", "pozzuoli",
                           "--games", str(games), "--seed", "11", "--jobs", "2", "--out", str(out), *extra)
    assert code == 0, err
    d = run_json(capsys, "summarize", str(out))
    return next(r for r in d["win_rates"] if r["faction"] == "amazons")


def test_a_weakened_hero_is_found_and_restored(tmp_path, capsys):
    """The Amazons Hero with 3 Health less and both black dice turned blue: told the win rate the faction had
    before (tolerance 0.10), the tuner finds a change to the hero that brings the rate back inside that band
    on its own fresh games; the overlay it writes loads over the weakened catalog, and a sweep apart with it
    lands in the band too. (About a minute on two cores.) Played on the frozen roster of the golden games
    (tests/golden/roster), so that calibrating the embedded stand-ins does not move the scenario.

    The band is sized from the games played, so that the outcome does not turn on particular seeded games:
    the goal comes from 400 games (standard error about 0.025), the tuner confirms on up to 256 games per
    matchup (512 in all, standard error 0.022, a 95% interval of about +/-0.043), so a fully restored rate
    reaches the band when the two estimates differ by less than 0.057, 1.7 of their joint standard errors
    (0.033); the sweep apart (400 games) lands inside unless it differs by 2.8 of them. The band used to be the before-sweep's own 200-game interval (+/-0.07),
    which left room only for estimates within a point or two of the goal (the exact odds of issue 15, which
    changed no rule, once tipped it), and 3 Health alone moved the rate by less than a wider band."""
    frozen = str(ROOT / "tests" / "golden" / "roster")
    cat = load([frozen], use_env=False)
    weak = tmp_path / "weak"
    write_overlay(cat, (Change("amazons-hero", "health", -3), Change("amazons-hero", "attack", old="black", new="blue"),
                        Change("amazons-hero", "attack", old="black", new="blue")), weak)
    before = _sweep_rate(capsys, tmp_path, "before", "--data", frozen, games=200)
    tol = 0.10
    out = tmp_path / "fix"
    d = run_json(capsys, "tune", "amazons", "--against", "plutos-refugees", "-a", "pozzuoli", "--unit", "amazons-hero",
                 "--goal", f"{before['win_rate']:.4f}", "--tolerance", f"{tol:.4f}", "--games", "32",
                 "--max-games", "256", "--data", frozen, "--data", str(weak), "--jobs", "2", "--out", str(out))
    lo, hi = d["band"]
    assert d["baseline"]["rate"] < lo and d["baseline"]["verdict"] != "reaches goal"  # the weakening shows
    best = d["chosen"]
    assert best["verdict"] == "reaches goal" and lo <= best["rate_lo"] and best["rate_hi"] <= hi, best
    assert all(line.startswith("amazons-hero: ") for line in best["changes"])
    assert (load([frozen, weak, out], use_env=False).unit("amazons-hero")
            != load([frozen, weak], use_env=False).unit("amazons-hero"))
    restored = _sweep_rate(capsys, tmp_path, "restored", "--data", frozen, "--data", str(weak), "--data", str(out),
                           games=200)
    assert lo <= restored["win_rate"] <= hi, (before, restored, (lo, hi))


def _games(work: Path) -> dict[str, list]:
    """Every game the tuner played in its --work folder, by sweep, as (matchup, game, game seed, winner or won,
    rounds)."""
    from hoplostat.sweep import load_tables

    out = {}
    for manifest in sorted(work.glob("*/set-*/sweep/manifest.json")):
        games = load_tables(manifest.parent)[1]["games"]
        outcome = "winner" if "winner" in games.columns else "won"  # Skirmish, or the players against a titan
        out[str(manifest.parent.relative_to(work))] = games.select("matchup", "game", "game_seed", outcome, "rounds").rows()
    return out


@pytest.mark.parametrize("target, args", [("amazons", TINY), ("mars", TITAN_TINY)], ids=["faction", "titan"])
def test_the_same_seed_gives_the_same_result_whatever_jobs(tmp_path, capsys, target, args):
    one = run_json(capsys, "tune", target, *args, "--seed", "4", "--jobs", "1", "--work", str(tmp_path / "one"))
    two = run_json(capsys, "tune", target, *args, "--seed", "4", "--jobs", "2", "--work", str(tmp_path / "two"))
    for d in (one, two):
        d.pop("seconds")
    assert one == two
    assert one["games_played"] > 0 and one["ranked"] and one["screened"]
    games = _games(tmp_path / "one")
    assert games == _games(tmp_path / "two") and any(k.startswith("confirm/") for k in games)
    assert sum(len(v) for v in games.values()) == one["games_played"]
    other = run_json(capsys, "tune", target, *args, "--seed", "5")
    assert other["screened"] != one["screened"]


def test_the_human_output_and_the_progress(capsys):
    code, out, err = run_cli(capsys, "tune", "amazons", *TINY)
    assert code == 0, err
    assert "as it is:" in out and "Change sets, best first" in out and "games played in" in out
    assert "not changed (not stand-in values): amazons/warrior health: rulebook" not in out  # only the hero
    assert "chips of the faction and the field carry stand-in values" in out
    assert "best so far: amazons-hero:" in err and err.rstrip().endswith("done")


def test_focus_sweeps_only_the_faction_s_matchups_and_the_same_games():
    from hoplostat.sweep import SweepConfig, game_seed

    full = SweepConfig(factions=("amazons", "kunlun", "parthians"), seed=3)
    focus = SweepConfig(factions=("amazons", "kunlun", "parthians"), seed=3, focus="kunlun")
    got = focus.matchups()
    assert got == [m for m in full.matchups() if "kunlun" in (m.a, m.b)] and len(got) == 2 * 2 * 2
    assert [game_seed(focus, m, 5) for m in got] == [game_seed(full, m, 5) for m in got]
    assert "focus" not in full.identity() and focus.identity()["focus"] == "kunlun"


# --- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize("args, says", [
    (["atlantis"], "unknown faction, titan or immortal 'atlantis'; did you mean atlanteans?"),
    (["titan:amazons"], "unknown titan 'amazons'"),
    (["hero:amazons"], "unknown kind 'hero'"),
    (["amazons", "--goal", "1.5"], "--goal 1.5"),
    (["amazons", "--goal", "-0.1"], "--goal -0.1"),
    (["amazons", "--tolerance", "0"], "--tolerance 0"),
    (["amazons", "--against", "amazons"], "--against amazons"),
    (["amazons", "--unit", "kunlun/warrior"], "--unit kunlun/warrior: not a chip of amazons"),
    (["amazons", "--max-games", "2", "--games", "4"], "--max-games 2"),
    (["amazons", "--arena", "atlantis"], "unknown arena 'atlantis'"),
    (["mars"], "tune mars: a titan needs --goal"),
    (["immortal-c", "--tolerance", "0.1"], "tune immortal-c: an immortal needs --goal"),
    (["mars", "--goal", "0.5", "--players", "3"], "--players 3: 1 (solo) or 2 (co-op)"),
    (["amazons", "--players", "2"], "--players 2: a faction is tuned in Skirmish"),
    (["mars", "--goal", "0.5", "--arena", "pozzuoli"], "--arena pozzuoli: Ascension is played on colosseum"),
    (["mars", "--goal", "0.5", "--unit", "ifreet-head"], "--unit ifreet-head: not a chip of mars"),
    (["mars", "--goal", "0.5", "--players", "2", "--against", "kunlun"], "co-op (--players 2) needs two factions"),
    (["amazons", "--policies", "clever"], "unknown player 'clever'"),
    (["amazons", "--games", "100000000", "--max-games", "1000000000"], "--games 100000000: at most 100,000 games"),
    (["amazons", "--max-games", "100001"], "--max-games 100001: at most 100,000 games"),
])
def test_bad_input_is_one_error_line(capsys, args, says):
    code, out, err = run_cli(capsys, "tune", *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and says in err, err


def test_an_unwritable_out_is_refused_before_any_game(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out, err = run_cli(capsys, "tune", "amazons", *TINY, "--out", str(blocker / "tuned"))
    assert code == 2 and err.startswith("error: --out") and err.count("\n") == 1, err
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "mine.toml").write_text("")
    code, out, err = run_cli(capsys, "tune", "amazons", *TINY, "--out", str(busy), "--data", str(busy))
    assert code == 2 and "is one of the --data folders" in err and err.count("\n") == 1, err
    code, out, err = run_cli(capsys, "tune", "amazons", *TINY, "--out", str(busy))
    assert code == 2 and "holds other data files" in err and err.count("\n") == 1, err


def test_the_readme_lines_run():
    """The README's `hoplostat tune` examples, a faction's and a titan's, each followed by the sweeps that check
    it with --data and their compare. They run (with 1 game per matchup) in
    tests/test_readme.py::test_every_readme_command_runs, which runs every README line, each tune with the
    sweeps that read its overlay, and checks there that each tune writes its tune.toml and that the compares
    name vesuvians and mars (solo); running them a second time here cost a minute of the suite's two cores.
    This test checks the section's shape and that those checks meet these lines."""
    import re
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from test_readme import GROUPS

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## What change would fix it?")
    section = text[start:text.index("\n## ", start + 10)]
    lines = [re.sub(r"\s+#.*$", "", ln).strip() for ln in section.splitlines() if ln.startswith("hoplostat ")]
    assert [ln.split()[1] for ln in lines] == ["tune", "sweep", "sweep", "compare"] * 2
    assert lines[3] == "hoplostat compare reports/before reports/after"
    assert lines[7] == "hoplostat compare reports/mars-before reports/mars-after"
    group_of = {line: name for name, group in GROUPS for line in group}
    for chain in (lines[:4], lines[4:]):
        assert len({group_of[line] for line in chain}) == 1, chain  # run together, in this order


# --- titans and immortals ----------------------------------------------------------------------------

def test_resolve_target_needs_no_catalog():
    """The README's `resolve_target` says what a name is without a catalog: the embedded one, which a
    `TuneConfig` without `data` tunes; a catalog given first still decides."""
    from hoplostat.errors import InputError
    from hoplostat.tune import Target, resolve_target

    assert resolve_target("mars") == Target("titan", "mars") == resolve_target(load(use_env=False), "mars")
    assert resolve_target("faction:amazons") == Target("faction", "amazons")
    with pytest.raises(InputError, match="unknown faction, titan or immortal"):
        resolve_target("marss")


def test_a_titan_s_and_an_immortal_s_chips_change_as_a_faction_s_do():
    """A titan's chips are its own and the allies it brings; an immortal's its own. The same single changes as
    a faction chip gets; Mars's rulebook Range is skipped and named."""
    from hoplostat.tune import Target, resolve_target

    cat = load()
    assert resolve_target(cat, "mars") == Target("titan", "mars")
    assert resolve_target(cat, "immortal-c") == Target("immortal", "immortal-c")
    assert resolve_target(cat, "amazons") == Target("faction", "amazons")
    mars = single_changes(cat, "mars")
    assert {c.unit for c in mars.singles} == {"mars"} and "mars range: rulebook" in mars.skipped
    assert not [c for c in mars.singles if c.field == "range"]
    ifreet = single_changes(cat, "ifreet")
    assert {c.unit for c in ifreet.singles} == {"ifreet", "ifreet-head", "ifreet-tendril"}
    u = cat.unit("immortal-c")
    imm = single_changes(cat, "immortal-c")
    assert {c.unit for c in imm.singles} == {"immortal-c"}
    assert len(imm.singles) == 6 - (u.range == 1) + sum(
        (c != "red") + (c != "yellow") for c in COLOURS if u.attack.counts[COLOURS.index(c)]) + len(_implemented(cat))


@pytest.mark.parametrize("entry", ["mars", "ifreet", "titan-e", "antony-blackbird", "immortal-c"])
def test_a_titan_or_immortal_overlay_keeps_its_card_and_changes_only_its_chip(tmp_path, entry):
    """The overlay entry of a titan or an immortal holds its whole card (an overlay replaces the whole
    entry): written with no change, the catalog loads the same (the same hash); with a change, only the chip's
    stats differ."""
    from hoplostat.tune import entry_toml

    cat = load()
    same = tmp_path / "same"
    same.mkdir()
    (same / "x.toml").write_text(entry_toml(cat, cat.unit(entry), cat.unit(entry).note))
    assert load([same], use_env=False).hash == cat.hash
    changes = (Change(entry, "health", -1), Change(entry, "movement", 1))
    out = tmp_path / "out"
    write_overlay(cat, changes, out)
    tuned = load([out], use_env=False)
    want = apply_changes(cat, changes)[entry]
    got = tuned.unit(entry)
    assert (got.health, got.movement) == (cat.unit(entry).health - 1, cat.unit(entry).movement + 1) == (want.health, want.movement)
    assert got.provenance == cat.unit(entry).provenance and got.note.startswith("hoplostat tune: ")
    table = tuned.titans if entry in cat.titans else tuned.immortals
    old = (cat.titans if entry in cat.titans else cat.immortals)[entry]
    assert table[entry] == type(old)(**{**{f: getattr(old, f) for f in old.__slots__}, "unit": got, "note": got.note})
    assert {k: v for k, v in tuned.units.items() if k != entry} == {k: v for k, v in cat.units.items() if k != entry}


def test_a_name_that_is_a_faction_and_a_titan_needs_its_kind(tmp_path, capsys):
    """Factions have their own ids, titans and immortals share the chips' (a titan and an immortal can never
    share one): an overlay adding a titan "amazons" makes `tune amazons` ambiguous; titan:amazons and
    faction:amazons say which."""
    from hoplostat.tune import Target, entry_toml, resolve_target

    cat = load()
    mine = tmp_path / "mine"
    mine.mkdir()
    mars = cat.unit("mars")
    text = entry_toml(cat, mars, mars.note).replace('id = "mars"', 'id = "amazons"', 1)
    (mine / "titan.toml").write_text(text)
    both = load([mine], use_env=False)
    assert "amazons" in both.titans and "amazons" in both.factions
    code, out, err = run_cli(capsys, "tune", "amazons", "--goal", "0.5", "--data", str(mine))
    assert code == 2 and err == "error: tune amazons: is both a faction and a titan; write faction:amazons or titan:amazons\n"
    assert resolve_target(both, "titan:amazons") == Target("titan", "amazons")
    assert resolve_target(both, "faction:amazons") == Target("faction", "amazons")
    d = run_json(capsys, "tune", "titan:amazons", *TITAN_TINY[:6], "--games", "1", "--max-games", "1",
                 "--max-changes", "1", "--confirm", "1", "--data", str(mine))
    assert (d["target"], d["kind"], d["mode"]) == ("amazons", "titan", "ascension")


def _summarized(capsys, work: Path, table: str) -> list[dict]:
    """`summarize`'s rows of `table` for the tuner's baseline confirmation sweep (the catalog as it is)."""
    return run_json(capsys, "summarize", str(work / "confirm" / "set-0000" / "sweep"))[table]


def test_a_titan_s_rate_is_what_summarize_counts(tmp_path, capsys):
    """The tuner's measure for a titan: the players' games won against it, solo, as `summarize` counts them in
    the very sweep it played; with --players 2 the co-op games only (the sweep plays the solo ones too)."""
    for players, coop in (("1", False), ("2", True)):
        work = tmp_path / players
        d = run_json(capsys, "tune", "mars", *TITAN_TINY, "--players", players, "--max-changes", "1", "--confirm", "1",
                     "--work", str(work))
        row = next(r for r in _summarized(capsys, work, "titans") if r["titan"] == "mars" and r["coop"] == coop)
        assert (d["baseline"]["wins"], d["baseline"]["games"]) == (row["wins"], row["games"]) and row["games"] > 0
        assert d["trials"] == "games" and d["players"] == int(players) and d["duel"] == []
        assert d["baseline"]["games"] == d["max_games"] * (1 if coop else 2) or d["baseline"]["verdict"] != "undecided"


def test_an_immortal_s_rate_is_the_waves_won_against_it(tmp_path, capsys):
    """For an immortal: the waves won against it when faced, as `summarize`'s immortals table counts them."""
    work = tmp_path / "w"
    d = run_json(capsys, "tune", "immortal-c", "--goal", "0.5", *[x for f in ("amazons", "kunlun", "lamosians", "parthians")
                                                                  for x in ("--against", f)],
                 "--games", "4", "--max-games", "8", "--max-changes", "1", "--confirm", "1", "--work", str(work))
    row = next(r for r in _summarized(capsys, work, "immortals") if r["immortal"] == "immortal-c" and not r["coop"])
    assert (d["baseline"]["wins"], d["baseline"]["games"]) == (row["won_waves"], row["faced"]) and row["faced"] > 0
    assert d["trials"] == "waves" and "Onslaught waves won against the immortal immortal-c" in d["measure"]
    assert all(line.startswith("immortal-c: ") for r in d["ranked"] for line in r["changes"])


@pytest.mark.slow
def test_a_strengthened_titan_is_found_and_restored(tmp_path, capsys):
    """Mars given Retaliate (the players' success against him drops by about 20 points on these four
    factions): told the rate he had before (goal +/- 8 points), the tuner finds a change to Mars that brings
    the rate back inside the band on its own fresh games; the overlay it writes loads over the strengthened
    catalog, and a sweep apart with it lands inside the band too. (About 50 s on two cores.)"""
    field = ["-f", "amazons", "-f", "kunlun", "-f", "lamosians", "-f", "parthians"]

    def success(name: str, *extra: str) -> dict:
        out = tmp_path / name
        code, _, err = run_cli(capsys, "sweep", "ascension", "--titan", "mars", "--no-coop", *field, "--games", "100",
                               "--seed", "11", "--jobs", "2", "--out", str(out), *extra)
        assert code == 0, err
        return next(r for r in run_json(capsys, "summarize", str(out))["titans"] if r["titan"] == "mars")

    cat = load()
    strong = tmp_path / "strong"
    write_overlay(cat, (Change("mars", "skills", new="retaliate"),), strong)
    before = success("before")
    tol = 0.08
    out = tmp_path / "fix"
    d = run_json(capsys, "tune", "mars", *[a.replace("-f", "--against") for a in field], "--unit", "mars",
                 "--goal", f"{before['win_rate']:.4f}", "--tolerance", str(tol), "--data", str(strong), "--jobs", "2",
                 "--out", str(out))
    lo, hi = d["band"]
    assert d["baseline"]["rate_hi"] < lo and d["baseline"]["verdict"] == "misses goal"  # the strengthening shows
    best = d["chosen"]
    assert best["verdict"] == "reaches goal" and lo <= best["rate_lo"] and best["rate_hi"] <= hi, best
    assert all(line.startswith("mars: ") for line in best["changes"])
    assert load([strong, out], use_env=False).unit("mars") != load([strong], use_env=False).unit("mars")
    restored = success("restored", "--data", str(strong), "--data", str(out))
    assert lo <= restored["win_rate"] <= hi, (before, restored)


def test_an_immortal_never_faced_is_an_error_line(capsys):
    """Two factions, four games each: neither reaches immortal-c's wave (it is drawn at random among six), so
    there is no rate to tune: one error line (after the progress bar), exit status 2."""
    code, out, err = run_cli(capsys, "tune", "immortal-c", "--goal", "0.5", "--against", "amazons", "--against",
                             "kunlun", "--games", "2", "--max-games", "4")
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == ("error: tune immortal-c: the field never faced immortal-c in 4 games per matchup; "
                                    "give more --max-games")
