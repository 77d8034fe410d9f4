"""Rules checked on the catalog and through scenarios that no other test names (RULES.md ids)."""

from __future__ import annotations

from hoplostat.catalog import load
from hoplostat.engine.scenario import loads_scenario, run_scenario

COMMON = {"adrenaline", "bolster-health", "hamstring", "stun"}


def test_each_faction_has_three_common_tactics_and_one_unique_TAC_7():
    """TAC-7: the common tactics are Adrenaline, Bolster Health, Hamstring, Stun; each faction has
    three of them plus its own unique tactic."""
    cat = load()
    common = {t for t, tac in cat.tactics.items() if tac.faction is None}
    assert common == COMMON
    for fid, faction in cat.factions.items():
        tactics = set(faction.tactics)
        assert len(tactics & COMMON) == 3, fid
        unique = tactics - COMMON
        assert len(unique) == 1 and cat.tactic(next(iter(unique))).faction == fid, fid


def _six_units_in_combat(extra: str) -> str:
    units = "\n".join(
        f'[[unit]]\nid = "kunlun/{u}"\nhex = {h}\n'
        for u, h in zip(["warrior", "mountain-radical", "marksman", "attacker-1", "attacker-2"], [0, 1, 2, 3, 4])
    )
    return f'''
title = "No unit limit in Skirmish"
active = "kunlun"
steps = ["deployment"]
{extra}

[[troop]]
faction = "kunlun"
side = "red"
camp = ["kunlun/archer-1"]
script = [{{ deploy = "kunlun/archer-1" }}]

[[troop]]
faction = "amazons"
side = "blue"

[[unit]]
id = "amazons/warrior"
hex = 57

{units}
'''


def test_no_unit_limit_but_the_health_chip_supply_SKR_5():
    """SKR-5: with five units in combat Kunlun still deploys a sixth (no unit limit) ..."""
    cat = load()
    result = run_scenario(loads_scenario(_six_units_in_combat(""), cat, name="skr5.toml"))
    kunlun = [u for u in result["units"] if u["id"].startswith("kunlun/")]
    assert len(kunlun) == 6 and any(u["id"] == "kunlun/archer-1" for u in kunlun)


def test_the_supply_still_limits_deployment_SKR_5_DEP_3():
    """SKR-5 / DEP-3: ... but with fewer red health chips left than the unit's Health, it cannot deploy."""
    cat = load()
    health = cat.unit("kunlun/archer-1").health
    text = _six_units_in_combat(f"supply = {{ red = {health - 1}, blue = 20 }}")
    text = text.replace('script = [{ deploy = "kunlun/archer-1" }]', "")
    result = run_scenario(loads_scenario(text, cat, name="skr5-supply.toml"))
    assert not any(u["id"] == "kunlun/archer-1" for u in result["units"])
    assert result["supply"]["red"] == health - 1
    with_script = _six_units_in_combat(f"supply = {{ red = {health}, blue = 20 }}")
    enough = run_scenario(loads_scenario(with_script, cat, name="ok.toml"))
    assert any(u["id"] == "kunlun/archer-1" for u in enough["units"])
    assert enough["supply"]["red"] == 0
