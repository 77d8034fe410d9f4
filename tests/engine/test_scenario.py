"""The scenario format (engine/scenario/): validation errors, and rulebook examples replayed
with forced dice through the engine's own steps (rule ids in the test names)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoplostat.engine.scenario import load_scenario, loads_scenario, run_scenario
from hoplostat.errors import InputError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenarios"

BASE = """
active = "kunlun"
steps = ["engage"]

[[troop]]
faction = "kunlun"
side = "blue"
{kunlun}

[[troop]]
faction = "plutos-refugees"
side = "red"
{pluto}

[[unit]]
id = "kunlun/warrior"
hex = 29

[[unit]]
id = "plutos-refugees/defender-2"
hex = 28
"""


def scen(cat, text: str = BASE, *, kunlun: str = "", pluto: str = "", extra: str = ""):
    body = text.replace("{kunlun}", kunlun).replace("{pluto}", pluto) + extra
    return loads_scenario(body, cat, name="t.toml")


def run(cat, *a, **kw) -> dict:
    out = run_scenario(scen(cat, *a, **kw))
    json.dumps(out)  # plain data
    return out


def unit(out: dict, ref: str) -> dict:
    return next(u for u in out["units"] if u["ref"] == ref)


def troop(out: dict, name: str) -> dict:
    return next(t for t in out["troops"] if t["name"] == name)


def docs_scenario(cat, name: str) -> dict:
    return run_scenario(load_scenario(DOCS / name, cat))


# --- rulebook examples (docs/scenarios/) --------------------------------------------------


def test_engage_example_ENG_2_ENG_5_DEP_4_TAC_3_SKL_6(cat):
    """Remastered, Engage Example: the dazed Marksman deploys (DEP-4; First Strike lets it attack), Blitz
    on the Warrior (TAC-3: green die), Hurl displaces the Protector (SKL-6); the Warrior rolls 3 hits and
    defeats the 2-HP Marksman (ENG-5, SKR-7: 2 favor), the Radical 1 hit and the Marksman 1 hit on the
    Protector (ENG-2: the same opponent attacked by several units)."""
    out = docs_scenario(cat, "engage-example.toml")
    assert [r["pool"] for r in out["rolls"]] == ["black+green+blue+yellow", "2blue", "black+yellow"]
    assert [r["hits"] for r in out["rolls"]] == [3, 1, 1]
    pm = unit(out, "pluto-marksman")
    assert pm["zone"] == "discard" and pm["hp"] == 0
    prot = unit(out, "protector")
    assert (prot["hex"], prot["hp"]) == (49, 4)
    km = unit(out, "kunlun/marksman")
    assert km["dazed"] and km["hex"] == 42
    assert [t["id"] for t in unit(out, "warrior")["tactics"]] == ["kunlun/blitz"]
    assert (unit(out, "radical")["hex"], unit(out, "warrior")["hex"]) == (40, 21)
    k = troop(out, "kunlun")
    assert k["favor"] == 2 and k["kills"] == 1 and "kunlun/blitz" not in k["tactics_camp"]
    assert troop(out, "plutos-refugees")["discard"] == ["pluto-marksman"]
    assert any("displaced from hex 39 to hex 49" in line for line in out["log"])
    assert out["supply"] == {"red": 34 - 8 + 4, "blue": 34 - 8 - 3}
    assert out["winner"] is None


def test_retaliate_does_not_reach_an_attacker_out_of_range_UNIT_1_SKL_5(cat):
    """Remastered, Titan Turn Example (Feng vs Mars): Retaliate (Range 1) answers the adjacent attacker,
    not the Range-2 attacker 2 hexes away."""
    out = docs_scenario(cat, "retaliate-out-of-range.toml")
    assert unit(out, "feng")["hp"] == 9 - 2 - 1
    assert unit(out, "plutos-refugees/marksman")["hp"] == 3
    assert unit(out, "plutos-refugees/attacker-2")["hp"] == 3


def test_absorb_reduces_attack_damage_not_special_damage_SKL_3(cat):
    out = docs_scenario(cat, "absorb.toml")
    assert unit(out, "defender")["hp"] == 5 - (3 - 1) - 1


def test_dazed_unit_cannot_move_or_attack_DEP_4_SKL_8(cat):
    out = docs_scenario(cat, "dazed-deployment.toml")
    w = unit(out, "kunlun/warrior")
    assert w["dazed"] and w["hex"] == 32 and w["hp"] == 4
    assert unit(out, "plutos-refugees/attacker-2")["hp"] == 4 and out["rolls"] == []
    # Scripting the dazed Warrior's attack is not a legal choice.
    text = (DOCS / "dazed-deployment.toml").read_text().replace(
        'script = [{ deploy = "kunlun/warrior", hex = 32 }]',
        'script = [{ deploy = "kunlun/warrior", hex = 32 }, { attack = "kunlun/warrior" }]')
    with pytest.raises(InputError, match="script entry 2 .*never used.*no legal choice"):
        run_scenario(loads_scenario(text, cat, name="dazed.toml"))


def test_hurl_is_displacement_not_movement_SKL_6_R_ENG_14(cat):
    """Cover rolls for the Warrior's move, not for the Hurled unit (one forced roll only)."""
    out = docs_scenario(cat, "hurl-is-not-movement.toml")
    assert len(out["rolls"]) == 1
    assert unit(out, "kunlun/warrior")["hp"] == 3
    assert (unit(out, "kunlun/attacker-1")["hex"], unit(out, "kunlun/attacker-1")["hp"]) == (37, 3)


def test_fatigued_unit_cannot_move_or_attack_until_the_stun_ends_SKL_7_TAC_5(cat):
    """fatigued = true is a Stun played by the opponent; greedy has nothing to do; the Stun is discarded
    at the start of the opponent's next turn (R-ENG-10)."""
    text = BASE.replace('hex = 29\n', 'hex = 29\nfatigued = true\n', 1).replace('steps = ["engage"]',
                                                                              'steps = ["movement", "engage", "turn"]')
    out = run(cat, text, kunlun='policy = "greedy"')
    assert unit(out, "plutos-refugees/defender-2")["hp"] == 5
    assert not any("Warrior (blue) attacks" in line or "moves Warrior" in line for line in out["log"]
                   if "plutos" not in line)
    w = unit(out, "kunlun/warrior")
    assert not w["fatigued"] and w["tactics"] == []
    assert "stun" in troop(out, "plutos-refugees")["tactics_discard"]


def test_inactive_hero_cannot_attack_but_can_be_attacked_UNIT_7(cat):
    text = BASE + '\n[[unit]]\nid = "feng"\nhex = 37\nactive = false\n'
    with pytest.raises(InputError, match="never used.*no legal choice"):
        run(cat, text, kunlun='script = [{ attack = "kunlun/warrior" }, { attack = "feng" }]', extra="[dice]\nhits = [0]\n")
    out = run(cat, text.replace('active = "kunlun"', 'active = "plutos-refugees"'),
              pluto='script = [{ attack = "plutos-refugees/defender-2", target = "feng" }]', extra="[dice]\nhits = [1]\n")
    f = unit(out, "feng")
    assert f["hp"] == 8 and not f["active"] and f["primary_hero"]
    assert unit(out, "plutos-refugees/defender-2")["hp"] == 5  # no Retaliate from an inactive hero


def test_defeating_the_primary_hero_ends_the_game_SKR_12(cat):
    text = BASE + '\n[[unit]]\nid = "feng"\nhex = 37\nhp = 1\n'
    text = text.replace('active = "kunlun"', 'active = "plutos-refugees"').replace('steps = ["engage"]',
                                                                                  'steps = ["engage", "turn"]')
    out = run(cat, text, pluto='script = [{ attack = "plutos-refugees/defender-2", target = "feng" }]',
              extra="[dice]\nhits = [1]\n")
    assert out["winner"] == "plutos-refugees" and out["end_reason"] == "primary hero defeated"
    assert out["steps"] == ["engage"]  # nothing is played after the game ends


def test_range_counts_through_blocked_hexes_UNIT_1_ENG_2(cat):
    """The Marksman (Range 2) attacks over the unit standing between them."""
    text = BASE + '\n[[unit]]\nid = "kunlun/marksman"\nhex = 30\n'
    out = run(cat, text, kunlun='script = [{ attack = "kunlun/marksman", target = "plutos-refugees/defender-2" }]',
              extra="[dice]\nhits = [2]\n")
    assert unit(out, "plutos-refugees/defender-2")["hp"] == 5 - 1


def test_whole_turn_and_round_are_the_modes_own_turns_TURN_1_TURN_2(cat):
    """'round' plays each troop's whole turn in order (the mode's player_turn); seeded: same output."""
    text = "seed = 4\n" + BASE.replace('steps = ["engage"]', 'steps = ["round"]').replace('active = "kunlun"', 'first = "kunlun"')
    a = run(cat, text, kunlun='policy = "greedy"\ncamp = ["kunlun/marksman"]', pluto='policy = "random"')
    b = run(cat, text, kunlun='policy = "greedy"\ncamp = ["kunlun/marksman"]', pluto='policy = "random"')
    assert a == b
    assert a["steps"] == ["turn kunlun", "turn plutos-refugees"]
    heads = [line for line in a["log"] if line.startswith("-- Round")]
    assert heads == ["-- Round 2, kunlun (blue) turn", "-- Round 2, plutos-refugees (red) turn"]


def test_single_steps_then_turn_moves_to_the_next_troop(cat):
    text = BASE.replace('steps = ["engage"]', 'steps = ["engage", "turn"]')
    out = run(cat, text)
    heads = [line for line in out["log"] if line.startswith("-- Round")]
    assert heads == ["-- Round 2, kunlun (blue) turn", "-- Round 3, plutos-refugees (red) turn"]
    assert out["active"] == "plutos-refugees" and out["round"] == 3


def test_hex_by_axial_coordinates_and_defaults(cat):
    """q,r and the index name the same hex; the hero waits inactive in camp; placed tactics leave the camp."""
    s = scen(cat, BASE.replace("hex = 29", 'hex = "4,3"\ntactics = ["kunlun/blitz"]'))
    assert s.units[0].hex == 29
    out = run_scenario(s)
    k = troop(out, "kunlun")
    assert k["camp"] == ["feng"] and k["tactics_camp"] == ["adrenaline", "bolster-health", "stun"]
    assert unit(out, "kunlun/warrior")["tactics"] == [{"id": "kunlun/blitz", "name": "Blitz", "by": "kunlun"}]


def test_scripted_catch_up_and_crowd_favor_rewards_CF_2_SKR_8(cat):
    """Kunlun at 4 favor defeats a unit: bead on 6, first reward (hero active), then catch-up to the
    least-favor player (Pluto's), scripted onto its Defender."""
    text = BASE + '\n[[unit]]\nid = "plutos-refugees/marksman"\nhex = 38\nhp = 1\n'
    out = run(cat, text, kunlun='favor = 4\nscript = [{ attack = "kunlun/warrior", target = "plutos-refugees/marksman" }]',
              pluto='script = [{ catch-up = "plutos-refugees/defender-2" }]', extra="[dice]\nhits = [1]\n")
    assert troop(out, "kunlun")["favor"] == 6 and troop(out, "kunlun")["rewards"] == 1
    assert unit(out, "plutos-refugees/defender-2")["hp"] == 7
    assert any("Feng is flipped to its active side" in line for line in out["log"])


# --- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "edit, needle",
    [
        (lambda t: t.replace('"kunlun/warrior"', '"kunlun/warior"'), "unit #1 (kunlun/warior): field 'id': unknown unit 'kunlun/warior'; did you mean 'kunlun/warrior'"),
        (lambda t: t.replace("hex = 29", "hex = 99"), "hex 99 is outside arena 'pozzuoli'"),
        (lambda t: t.replace("hex = 29", 'hex = "20,20"'), "no hex at axial q,r = 20,20"),
        (lambda t: t.replace("hex = 29", 'hex = "x"'), "field 'hex': must be a hex index"),
        (lambda t: t.replace("hex = 29", "hex = 28"), "already occupied"),
        (lambda t: t.replace("hex = 29", "hex = 29\nhp = 0"), "field 'hp': HP 0"),
        (lambda t: t.replace('steps = ["engage"]', 'steps = ["fight"]'), "unknown step \"fight\""),
        (lambda t: t.replace('steps = ["engage"]', 'steps = ["engage", "movement"]'), "TURN-1"),
        (lambda t: t.replace("hex = 29", "hex = 29\ncolour = 1"), "unit #1 (kunlun/warrior): field 'colour': unknown field"),
        (lambda t: t.replace('faction = "kunlun"', 'faction = "kunlunn"'), "troop #1 (kunlunn): field 'faction': unknown faction"),
        (lambda t: t.replace('side = "red"', 'side = "blue"'), "both troops are on the blue side"),
        (lambda t: t.replace('side = "red"', 'side = "green"'), "field 'side'"),
        (lambda t: t.replace('side = "red"', 'side = "red"\npolicy = "smart"'), "unknown policy 'smart'"),
        (lambda t: t + "[dice]\nhits = [1, -1]\n", "dice: field 'hits': entry 2"),
        (lambda t: t + "[dice]\nthen = \"maybe\"\n", "field 'then'"),
        (lambda t: t + "[oops\n", "malformed TOML"),
        (lambda t: t.replace('side = "blue"', 'side = "blue"\nscript = [{ attack = "ghost" }]'), "no unit 'ghost'"),
        (lambda t: t.replace('side = "blue"', 'side = "blue"\nscript = [{ fly = "kunlun/warrior" }]'), "script entry 1"),
        (lambda t: t.replace('side = "blue"', 'side = "blue"\nscript = [{ move = "kunlun/warrior" }]'), "where the unit moves"),
        (lambda t: t.replace('side = "blue"', 'side = "blue"\nscript = [{ pass = "dance" }]'), "not a decision"),
        (lambda t: t + '\n[[unit]]\nid = "feng"\nhex = 40\ntactics = ["kunlun/blitz"]\n', "UNIT-6"),
        (lambda t: t.replace("hex = 29", "hex = 29\nactive = false"), "UNIT-7"),
        (lambda t: t.replace("hex = 29", "hex = 29\ndazed = true").replace('["engage"]', '["turn"]'), "whole turn"),
        (lambda t: t.replace("hex = 29", "hex = 29\ntroop = \"romans\""), "unknown troop 'romans'"),
        (lambda t: t.replace("hex = 29", "hex = 29\nhp = 40"), "health chips"),
        (lambda t: t.replace('active = "kunlun"', 'active = "kunlun"\nmode = "onslaugth"'), "field 'mode'"),
        (lambda t: t.replace('active = "kunlun"', 'active = "kunlun"\narena = "rome"'), "unknown arena 'rome'"),
        (lambda t: t.replace('active = "kunlun"', 'mode = "none"\nactive = "kunlun"').replace('["engage"]', '["round"]'),
         "needs a game mode"),
        (lambda t: t.split("[[troop]]\nfaction = \"plutos")[0], "exactly 2 troops"),
        (lambda t: t.replace('side = "blue"', 'side = "blue"\nfavor = 21'), "field 'favor'"),
    ],
)
def test_validation_errors_name_file_table_and_field(cat, edit, needle):
    text = edit(BASE.replace("{kunlun}", "").replace("{pluto}", ""))
    with pytest.raises(InputError) as ei:
        run_scenario(loads_scenario(text, cat, name="t.toml"))
    msg = str(ei.value)
    assert msg.startswith("t.toml"), msg
    assert needle in msg, msg
    assert "\n" not in msg


@pytest.mark.parametrize(
    "kunlun, extra, needle",
    [
        ('script = [{ attack = "kunlun/warrior" }]', "[dice]\nhits = [4]\n", "at most 3 hits"),
        ('script = [{ attack = "kunlun/warrior" }]', '[dice]\nthen = "error"\n', "rolls a 1st time"),
        ('script = [{ attack = "kunlun/warrior" }]', "[dice]\nhits = [1, 1]\n", "left unused"),
        ('script = [{ attack = "kunlun/warrior" }, { move = "kunlun/warrior", hex = 30 }]', "[dice]\nhits = [1]\n",
         "was never used"),
        ('script = [{ attack = "kunlun/warrior", target = "kunlun/warrior" }]', "", "not a legal engage choice"),
    ],
)
def test_errors_found_while_playing_are_input_errors(cat, kunlun, extra, needle):
    with pytest.raises(InputError, match=needle.replace("[", r"\[")):
        run(cat, kunlun=kunlun, extra=extra)


def test_missing_file_is_an_input_error(cat, tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        load_scenario(tmp_path / "nope.toml", cat)


def test_every_docs_scenario_runs(cat):
    files = sorted(DOCS.glob("*.toml"))
    assert len(files) >= 4
    for f in files:
        out = run_scenario(load_scenario(f, cat))
        assert out["log"], f
