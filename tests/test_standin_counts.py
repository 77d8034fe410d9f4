"""How much of a sweep rests on stand-ins (issue 13): the report's banner and summarize (--json and
tables) count every chip the run used, the immortals and titans faced included, not only faction chips."""

from __future__ import annotations

import json
import re

from clihelp import run_cli
from hoplostat.catalog import load


def _sweep(tmp_path, capsys, *argv: str):
    out = tmp_path / "sweep"
    code, _, err = run_cli(capsys, "sweep", *argv, "-n", "1", "--max-rounds", "2", "--out", str(out))
    assert code == 0, err
    return out


def _banner(tmp_path, capsys, out) -> str:
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    return re.search(r'<p class="banner">(.*?)</p>', page).group(1)


def _summary(capsys, out) -> dict:
    code, text, err = run_cli(capsys, "summarize", str(out), "--json")
    assert code == 0, err
    return json.loads(text)["stand_ins"]


def test_ascension_counts_the_titan_and_its_allies(tmp_path, capsys):
    """Titan D is wholly stand-in: it must be counted (before: only the faction's chips were)."""
    cat = load()
    titan = cat.titans["titan-d"]
    assert titan.stand_in_count > 0
    faction = cat.faction_units("kunlun", include_hero=True)
    allies = {a.unit for a in titan.allies}
    n = len(faction) + 1 + len(allies)
    k = sum(u.is_stand_in for u in faction) + 1 + sum(cat.units[a].is_stand_in for a in allies)
    out = _sweep(tmp_path, capsys, "ascension", "-f", "kunlun", "-t", "titan-d", "--no-coop")
    s = _summary(capsys, out)
    assert (s["chips"], s["stand_in"]) == (n, k)
    assert s["by_kind"]["titan"] == {"chips": 1, "stand_in": 1} and "titan-d" in s["stand_in_ids"]
    banner = _banner(tmp_path, capsys, out)
    assert f"{k} of the {n} chips in this run carry stand-in values" in banner
    assert "1 of 1 titan" in banner
    code, text, err = run_cli(capsys, "summarize", str(out))
    assert code == 0 and f"{k} of the {n} chips in this run carry stand-in values" in text


def test_onslaught_counts_the_immortals_faced(tmp_path, capsys):
    out = _sweep(tmp_path, capsys, "onslaught", "-f", "kunlun", "--no-coop")
    from hoplostat import sweep as sw

    faced = set(sw.load_tables(out)[1]["waves"]["immortal"].to_list())
    assert faced
    cat = load()
    s = _summary(capsys, out)
    imm = s["by_kind"]["immortal"]
    assert imm["chips"] == len(faced)
    assert imm["stand_in"] == sum(cat.immortals[i].stand_in_count > 0 for i in faced)
    assert f"{imm['stand_in']} of {imm['chips']} immortal" in _banner(tmp_path, capsys, out)


def test_skirmish_counts_both_factions(tmp_path, capsys):
    cat = load()
    out = _sweep(tmp_path, capsys, "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli")
    chips = [u for f in ("kunlun", "amazons") for u in cat.faction_units(f, include_hero=True)]
    s = _summary(capsys, out)
    assert (s["chips"], s["stand_in"]) == (len(chips), sum(u.is_stand_in for u in chips))
    assert 0 < s["share"] <= 1


def _ids(cat, kind: str) -> set[str]:
    return {u.id for u in cat.units.values() if u.kind == kind}


def test_pandoras_wake_counts_the_chips_the_mode_brings(tmp_path, capsys):
    """Condemned's guardians and Naumachia's crocodiles (and, solo, the Sailors of the Dead with Charon) play
    in every game of their mode without belonging to a player troop (`Mode.own_chips`): `play --json`,
    summarize and the report count them (before, only the players' chips were)."""
    cat = load()
    mode_chips = {
        "condemned": {"scylla", "charybdis"},
        "naumachia": _ids(cat, "crocodile") | _ids(cat, "sailor") | {"charon"},
    }
    for mode, own in mode_chips.items():
        code, text, err = run_cli(capsys, "play", mode, "--seed", "1", "--json")
        assert code == 0, err
        game = json.loads(text)
        counted = set(game["stand_ins"]["stand_in_ids"])
        stand_ins = {c for c in own if cat.units[c].is_stand_in}
        assert stand_ins and stand_ins <= counted, mode
        players = {u["unit_id"] for u in game["units"]}
        assert game["stand_ins"]["chips"] == len(players | own), mode
    # competitive Naumachia: crocodiles, no Sailors
    code, text, err = run_cli(capsys, "play", "naumachia", "--players", "2", "--seed", "1", "--json")
    counted = set(json.loads(text)["stand_ins"]["stand_in_ids"])
    assert _ids(cat, "crocodile") <= counted and not (_ids(cat, "sailor") & counted)
    out = _sweep(tmp_path, capsys, "naumachia", "-f", "kunlun")
    s = _summary(capsys, out)
    assert {"charon", *_ids(cat, "sailor"), *_ids(cat, "crocodile")} <= set(s["stand_in_ids"]) | {"charon"}
    faction = cat.faction_units("kunlun", include_hero=True)
    assert s["chips"] == len(faction) + len(mode_chips["naumachia"])
