"""Overlays replace and add entries; every kind of broken file gives one InputError naming file/entry/field."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hoplostat.catalog.audit import audit
from hoplostat.catalog import load
from hoplostat.errors import InputError

REAL_MARKSMAN = """
[[unit]]
id = "kunlun/marksman"
name = "Marksman"
kind = "unit"
faction = "kunlun"
classes = ["archer"]
movement = 2
range = 2
health = 2
attack = "black+yellow"
skills = ["first-strike", "long-shot 4"]
provenance = "public"
source = "my chip"
"""


def write(d: Path, text: str, name: str = "overlay.toml") -> Path:
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(textwrap.dedent(text))
    return d


def test_overlay_replaces_a_stand_in_and_audit_drops(tmp_path):
    base = load(use_env=False)
    d = write(tmp_path / "mine", REAL_MARKSMAN)
    cat = load([d], use_env=False)
    u = cat.unit("kunlun/marksman")
    assert u.health == 2 and not u.is_stand_in and u.source == "my chip"
    before = {r["group"]: r for r in audit(base)["by_faction"]}["kunlun"]
    after = {r["group"]: r for r in audit(cat)["by_faction"]}["kunlun"]
    assert after["stand_in_values"] == before["stand_in_values"] - len(base.unit("kunlun/marksman").stand_in_fields)
    assert after["stand_in_entries"] == before["stand_in_entries"] - 1
    assert audit(cat)["total"]["stand_in_values"] < audit(base)["total"]["stand_in_values"]
    assert cat.hash != base.hash
    assert load(use_env=False) is base  # the default stays cached and untouched


def test_env_overlays_come_first_and_explicit_ones_win(tmp_path, monkeypatch):
    env = write(tmp_path / "env", REAL_MARKSMAN)
    explicit = write(tmp_path / "explicit", REAL_MARKSMAN.replace("health = 2", "health = 4"))
    monkeypatch.setenv("HOPLOSTAT_DATA", str(env))
    assert load().unit("kunlun/marksman").health == 2
    assert load([explicit]).unit("kunlun/marksman").health == 4
    assert load(use_env=False).unit("kunlun/marksman").health == 3


def test_add_with_remove_keeps_ten_units(tmp_path):
    text = REAL_MARKSMAN.replace('id = "kunlun/marksman"', 'id = "kunlun/sharpshooter"').replace(
        'name = "Marksman"', 'name = "Sharpshooter"')
    d = write(tmp_path / "mine", 'remove = ["kunlun/archer-1"]\n' + text)
    cat = load([d], use_env=False)
    ids = [u.id for u in cat.faction_units("kunlun")]
    assert "kunlun/sharpshooter" in ids and "kunlun/archer-1" not in ids and len(ids) == 10


def test_adding_an_eleventh_unit_is_refused(tmp_path):
    text = REAL_MARKSMAN.replace('id = "kunlun/marksman"', 'id = "kunlun/sharpshooter"')
    d = write(tmp_path / "mine", text)
    with pytest.raises(InputError, match=r"faction 'kunlun'.*10 non-elite units.*found 11.*remove"):
        load([d], use_env=False)


def test_new_skill_and_arena_can_be_added(tmp_path):
    d = write(tmp_path / "mine", """
        [[skill]]
        id = "sidestep"
        name = "Sidestep"
        type = "ability"
        has_param = false
        definition = "Move 1 hex."
        map_free = false
        provenance = "public"
        source = "my sheet"

        [[arena]]
        id = "tiny"
        name = "Tiny"
        provenance = "stand-in"
        compass = ["e", "ne", "nw", "w", "sw", "se"]
        legend = { "." = [], "#" = ["blocked"] }
        map = \"\"\"
         . .
        . # .
         . .
        \"\"\"
    """)
    cat = load([d], use_env=False)
    assert cat.skill("sidestep").type == "ability"
    tiny = cat.arena("tiny")
    assert len(tiny.hexes) == 7 and len(tiny.neighbours()[3]) == 6


# --- broken files: (description, overlay text, regex the one-line message must match) ---

def _unit(**changes: str) -> str:
    text = REAL_MARKSMAN
    for key, value in changes.items():
        text = re.sub(rf"^{key} = .*$", lambda m: f"{key} = {value}", text, flags=re.M)
    return text


BROKEN = [
    ("malformed TOML", "[[unit]\nid = 'x'\n", r"overlay\.toml: malformed TOML: .*line 1"),
    ("wrong type", _unit(range='"two"'),
     r"overlay\.toml: unit 'kunlun/marksman': field 'range': expected an integer 1\.\.8, got \"two\" \(line 9\)"),
    ("out of range", _unit(health="0"), r"field 'health': expected an integer 1\.\.40, got 0"),
    ("unknown skill", _unit(skills='["first-strike", "long-shott 4"]'),
     r"unit 'kunlun/marksman': field 'skills': unknown skill 'long-shott'.*long-shot"),
    ("skill number missing", _unit(skills='["long-shot"]'), r"field 'skills': skill 'long-shot' takes a number"),
    ("skill number not taken", _unit(skills='["first-strike 2"]'), r"skill 'first-strike' takes no number"),
    ("unknown colour", _unit(attack='"black+purple"'), r"field 'attack': .*unknown colour 'purple'"),
    ("unknown class", _unit(classes='["wizard"]'), r"field 'classes': unknown value \"wizard\""),
    ("unknown field", REAL_MARKSMAN + 'helth = 3\n', r"field 'helth': unknown field"),
    ("missing field", _unit().replace("range = 2\n", ""), r"field 'range': missing \(required\)"),
    ("dangling faction", _unit(faction='"kunlunn"').replace("kunlun/marksman", "kunlunn/marksman"),
     r"field 'faction': unknown faction 'kunlunn'.*kunlun"),
    ("bad provenance", _unit(provenance='"official"'), r"field 'provenance': expected one of rulebook, public, stand-in"),
    ("source missing", _unit().replace('source = "my chip"\n', ""), r"field 'source': required when"),
    ("provenance field missing", _unit(provenance='{ range = "public" }'), r"no provenance for 'name'.*rest"),
    ("duplicate id", REAL_MARKSMAN + REAL_MARKSMAN, r"unit 'kunlun/marksman': duplicate id \(already defined in .*overlay\.toml\) \(line \d+\)"),
    ("bad id", _unit().replace('id = "kunlun/marksman"', 'id = "Kunlun Marksman"'), r"field 'id': a faction unit id"),
    ("unknown table", "[[units]]\nid = 'x'\n", r"unknown table 'units'; did you mean \[\[unit\]\]"),
    ("entry without id", "[[unit]]\nname = 'x'\n", r"unit #1: field 'id': missing"),
    ("game table in overlay", "[game]\nsource = 'x'\n", r"table 'game' .* cannot be overridden"),
    ("remove unknown id", "remove = ['kunlun/nobody']\n", r"remove: no entry with id 'kunlun/nobody'"),
    ("tactic unknown effect", """
        [[tactic]]
        id = "stun"
        name = "Stun"
        type = "temporary"
        effects = ["daze"]
        definition = "x"
        provenance = "stand-in"
     """, r"tactic 'stun': field 'effects': unknown effect \"daze\""),
    ("tactic effect colour", """
        [[tactic]]
        id = "kunlun/blitz"
        faction = "kunlun"
        name = "Blitz"
        type = "permanent"
        effects = ["extra-dice purple"]
        definition = "x"
        provenance = "stand-in"
     """, r"field 'effects': effect 'extra-dice': unknown colour \"purple\""),
    ("faction dangling hero", """
        [[faction]]
        id = "kunlun"
        name = "Kunlun"
        box = "Remastered"
        hero = "fengg"
        tactics = ["adrenaline", "bolster-health", "stun", "kunlun/blitz"]
        style = "x"
        provenance = "stand-in"
     """, r"faction 'kunlun': field 'hero': unknown unit 'fengg'.*feng"),
    ("faction two unique tactics", """
        [[faction]]
        id = "kunlun"
        name = "Kunlun"
        box = "Remastered"
        hero = "feng"
        tactics = ["adrenaline", "bolster-health", "amazons/tactic", "kunlun/blitz"]
        style = "x"
        provenance = "stand-in"
     """, r"field 'tactics': 'amazons/tactic' is unique to faction 'amazons'"),
    ("immortal trigger colour", """
        [[immortal]]
        id = "immortal-b"
        name = "Immortal B"
        classes = ["attacker"]
        movement = 3
        range = 1
        health = 7
        attack = "2black+yellow"
        skills = []
        provenance = "stand-in"
        [[immortal.triggers]]
        colour = "pink"
        effects = ["damage 1"]
        provenance = "stand-in"
     """, r"immortal 'immortal-b': field 'triggers\[1\]\.colour': expected one of yellow"),
    ("titan effect colour not in dice", """
        [[titan]]
        id = "titan-d"
        name = "Titan D"
        classes = ["attacker"]
        movement = 1
        range = 1
        health = 18
        attack = "2black+blue"
        skills = []
        priority = ["strongest"]
        provenance = "stand-in"
        [titan.dice]
        start = "black+green"
        grow = []
        grow_when = "never"
        [titan.shards]
        start = "active"
        hp = 0
        equip = false
        [[titan.effects]]
        colour = "red"
        tiers = [{ hits = 1, effects = ["arena-turn"] }]
        provenance = "stand-in"
     """, r"titan 'titan-d': field 'effects\[1\]\.colour': the titan dice \(black\+green\) have no red die"),
    ("titan dangling ally", """
        [[titan]]
        id = "titan-d"
        name = "Titan D"
        classes = ["attacker"]
        movement = 1
        range = 1
        health = 18
        attack = "2black+blue"
        skills = []
        priority = ["strongest"]
        provenance = "stand-in"
        [titan.dice]
        start = "black"
        grow = []
        grow_when = "never"
        [titan.shards]
        start = "active"
        hp = 0
        equip = false
        [[titan.allies]]
        unit = "bandits"
        count = 1
        troop = "arena"
        [[titan.effects]]
        colour = "black"
        tiers = [{ hits = 1, effects = ["attack"] }]
        provenance = "stand-in"
     """, r"field 'allies': unknown unit 'bandits'.*bandit"),
    ("arena wrong counts", """
        [[arena]]
        id = "pozzuoli"
        name = "Pozzuoli"
        provenance = "stand-in"
        compass = ["e", "ne", "nw", "w", "sw", "se"]
        legend = { "." = [], "R" = ["deploy-red"], "B" = ["deploy-blue"], "S" = ["stone"] }
        map = \"\"\"
         R . . B
        R . S . B
         R . S B
        \"\"\"
     """, r"arena 'pozzuoli': field 'map': the rulebook gives Pozzuoli 6 hex\(es\) tagged 'deploy-red', the map has 3"),
    ("arena off grid", """
        [[arena]]
        id = "tiny"
        name = "Tiny"
        provenance = "stand-in"
        compass = ["e", "ne", "nw", "w", "sw", "se"]
        legend = { "." = [] }
        map = \"\"\"
        . .
        . .
        \"\"\"
     """, r"arena 'tiny': field 'map': map row 2, column 1: symbol '\.' is off the hex grid"),
    ("arena unknown symbol", """
        [[arena]]
        id = "tiny"
        name = "Tiny"
        provenance = "stand-in"
        compass = ["e", "ne", "nw", "w", "sw", "se"]
        legend = { "." = [] }
        map = \"\"\"
        . x
        \"\"\"
     """, r"symbol 'x' is not in the legend"),
    ("arena unknown tag", """
        [[arena]]
        id = "tiny"
        name = "Tiny"
        provenance = "stand-in"
        compass = ["e", "ne", "nw", "w", "sw", "se"]
        legend = { "." = ["lava"] }
        map = ". ."
     """, r"field 'legend': symbol '\.': expected a list of tags"),
    ("arena disconnected", """
        [[arena]]
        id = "tiny"
        name = "Tiny"
        provenance = "stand-in"
        compass = ["e", "ne", "nw", "w", "sw", "se"]
        legend = { "." = [] }
        map = ".     ."
     """, r"do not form one connected arena"),
]


@pytest.mark.parametrize("label,text,pattern", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_overlay_gives_one_line_error(tmp_path, label, text, pattern):
    d = write(tmp_path / "bad", text)
    with pytest.raises(InputError) as info:
        load([d], use_env=False)
    msg = str(info.value)
    assert "\n" not in msg
    assert re.search(pattern, msg), msg
    assert str(d / "overlay.toml") in msg or "data/" in msg or "overlay" in msg


def test_missing_and_empty_overlay_dirs(tmp_path):
    with pytest.raises(InputError, match="does not exist"):
        load([tmp_path / "nope"], use_env=False)
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no .toml files"):
        load([tmp_path / "empty"], use_env=False)


# --- hypothesis: random damage to a valid file never escapes as anything but InputError ---

FIELDS = ["name", "kind", "faction", "classes", "movement", "range", "health", "attack", "skills", "provenance", "source"]
VALUES = st.one_of(
    st.integers(-5, 50), st.booleans(), st.text(max_size=8), st.lists(st.text(max_size=6), max_size=3),
    st.sampled_from(['"black+blue"', '"7"', '"2red+black"', '"retaliate"', '["hurl"]', '["hurl 99"]', '{}']),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(FIELDS), value=VALUES, drop=st.booleans())
def test_fuzzed_unit_fields(tmp_path_factory, field, value, drop):
    import json

    d = tmp_path_factory.mktemp("fuzz")
    if drop:
        text = re.sub(rf"^{field} = .*\n", "", REAL_MARKSMAN, flags=re.M)
    else:
        lit = value if isinstance(value, str) and value[:1] in '"[{' else json.dumps(value)
        text = re.sub(rf"^{field} = .*$", lambda m: f"{field} = {lit}", REAL_MARKSMAN, flags=re.M)
    write(d, text)
    try:
        cat = load([d], use_env=False)
    except InputError as exc:
        msg = str(exc)
        assert "\n" not in msg and "overlay.toml" in msg
    else:
        assert "kunlun/marksman" in cat.units


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=200))
def test_fuzzed_bytes(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("bytes")
    (d / "x.toml").write_bytes(data)
    try:
        load([d], use_env=False)
    except InputError as exc:
        assert "\n" not in str(exc)
