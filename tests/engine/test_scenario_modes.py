"""The scenario format works for every registered mode (`mode = NAME`): a minimal position on the mode's default
arena, one or two units per troop, loads, plays a whole turn, a round, and each of its single steps in turn
order; and the scenario package names no mode (the modes say what differs, `Mode.scenario_*`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hoplostat.catalog import load
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import modes
from hoplostat.engine.scenario import loads_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]


def minimal(name: str, steps: list[str]) -> str:
    """Two troops of the mode's catalog's first factions, two of their non-elite units each on their sides."""
    cls = modes()[name]
    cat = cls.scenario_catalog(load(ruleset=cls.ruleset))
    grid = HexGrid.of(cat.arena(next(a for a in cls.arenas if a in cat.arenas)))
    open_ = [h for h in range(grid.n) if not {"blocked", "pedestal"} & set(grid.tags[h])]
    hexes = (grid.tagged("deploy-red") or open_[:len(open_) // 2], grid.tagged("deploy-blue") or open_[::-1])
    factions = sorted(cat.factions)[:2]
    lines = [f'mode = "{name}"', "steps = [" + ", ".join(f'"{s}"' for s in steps) + "]", "seed = 3"]
    for f, side in zip(factions, ("red", "blue")):
        lines += ["[[troop]]", f'faction = "{f}"', f'side = "{side}"', 'policy = "greedy"']
    pool = [u for u in cat.units.values() if u.faction is None and not u.elite]  # a book of drafted chips
    for k, (f, where) in enumerate(zip(factions, hexes)):
        own = [u for u in cat.faction_units(f) if not u.elite][:2] or pool[2 * k:2 * k + 2]
        for u, h in zip(own, where):
            lines += ["[[unit]]", f'id = "{u.id}"', f'troop = "{f}"', f"hex = {h}"]
    return "\n".join(lines) + "\n"


def play(name: str, steps: list[str]) -> dict:
    cls = modes()[name]
    return run_scenario(loads_scenario(minimal(name, steps), load(ruleset=cls.ruleset), name=f"{name}.toml"))


@pytest.mark.parametrize("name", list(modes()))
def test_every_mode_plays_a_turn_a_round_and_its_single_steps(name):
    cls = modes()[name]
    first = play(name, ["turn"])
    assert first["mode"] == name and first["end_reason"] is None
    assert len(first["steps"]) == 1 and first["steps"][0].startswith("turn ")
    assert first["log"] and first["log"][0].startswith("--")
    assert len([u for u in first["units"] if u["zone"] == "combat"]) >= 2
    again = play(name, ["turn"])
    assert again == first  # seeded: the same position plays the same turn
    whole = play(name, ["round"])
    assert whole["end_reason"] is not None or len(whole["steps"]) == 2
    cat = cls.scenario_catalog(load(ruleset=cls.ruleset))
    names = list(cls.scenario_steps(cat, loads_scenario(minimal(name, ["turn"]), cat).arena))
    single = play(name, names)
    assert single["steps"] == names[:len(single["steps"])] and single["steps"]
    assert single["end_reason"] is not None or single["steps"] == names


def test_a_step_of_another_mode_is_refused_with_the_modes_steps():
    from hoplostat.errors import InputError

    name = next(n for n, cls in modes().items() if cls.ruleset != "remastered")
    with pytest.raises(InputError, match=f"^{name}.toml: field 'steps': entry 1: unknown step \"replenish\""):
        play(name, ["replenish"])


def test_the_scenario_package_names_no_mode():
    hits = []
    for name in modes():
        got = subprocess.run(["git", "grep", "-il", name, "--", "hoplostat/engine/scenario"], cwd=ROOT,
                             capture_output=True, text=True).stdout.split()
        hits += [f"{name}: {f}" for f in got]
    assert hits == []


# --- rule scenarios of the other rule sets (docs/scenarios/), with their expected outcomes ------------------------

DOCS = ROOT / "docs" / "scenarios"


def docs_scenario(file: str) -> dict:
    return run_scenario(loads_scenario((DOCS / file).read_text(), load(), name=file))


def unit_of(out: dict, ref: str) -> dict:
    return next(u for u in out["units"] if u["ref"] == ref)


def troop_of(out: dict, name: str) -> dict:
    return next(t for t in out["troops"] if t["name"] == name)


def test_rise_of_rome_titan_hex_damage_and_favor_per_chip_ROR_8_ROR_35_ROR_41():
    out = docs_scenario("ror-titan-hex.toml")
    assert unit_of(out, "rome/attacker-1")["hp"] == 4 - 1  # the titan hex at the start of the turn
    assert unit_of(out, "pompeii/attacker-1")["hp"] == 4 - 2  # two hits, two damage
    assert troop_of(out, "rome")["favor"] == 2 and troop_of(out, "pompeii")["favor"] == 0


def test_lost_cities_a_kill_gives_two_favor_TLC_38_TLC_39():
    out = docs_scenario("lost-cities-kill-favor.toml")
    assert unit_of(out, "el-dorado/attacker-1")["zone"] == "discard"
    assert troop_of(out, "atlantis")["favor"] == 2


def test_origins_xanadu_arena_points_at_the_start_of_the_turn_ORI_36():
    out = docs_scenario("origins-xanadu-points.toml")
    assert "red-house (red) scores 2 arena point(s), 2 in all" in out["log"]
    assert not any("blue-house" in line and "arena point" in line for line in out["log"])


def test_a_unit_on_a_hex_the_modes_own_set_up_holds_is_an_input_error_naming_the_unit():
    """The solo titan of Rise of Rome starts on the titan hex (39): no scenario unit can stand there."""
    from hoplostat.errors import InputError

    name = "ror-titan.toml"
    text = (DOCS / "ror-titan-hex.toml").read_text().replace('mode = "rise-of-rome"', 'mode = "rise-of-rome-titan"')
    with pytest.raises(InputError, match=rf"^{name}: unit #1 \(rome/attacker-1\): field 'hex': hex 39 is held by "):
        run_scenario(loads_scenario(text, load(), name=name))
