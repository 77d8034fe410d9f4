"""The embedded catalog: validates, matches the box, holds every FACTS.md value with provenance."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys

import pytest

from hoplostat.catalog.audit import audit
from hoplostat.catalog import clear_cache, default_data_dir, load, load_dirs
from hoplostat.catalog import vocab
from hoplostat.catalog.standin import budget, problems
from hoplostat.dice import parse_pool
from hoplostat.errors import InputError


@pytest.fixture(scope="module")
def cat():
    return load(use_env=False)


CORE = ("amazons", "atlanteans", "kunlun", "lamosians", "new-argonauts", "parthians", "plutos-refugees")


def test_default_catalog_validates_and_is_cached(cat):
    assert load(use_env=False) is cat
    assert set(cat.factions) == set(CORE) | {"vesuvians"}
    assert default_data_dir().name == "remastered" and default_data_dir().parent.name == "data"


def test_box_counts_match_facts(cat):
    """FACTS.md "Box contents" (Remastered, Components); the Vesuvians are Pandora's Wake."""
    box = cat.game.box
    assert dict(box) == {
        "faction_heroes": 7, "faction_units": 70, "faction_tactics": 28, "arena_units": 8, "shards": 4,
        "support_chips": 8, "immortals": 6, "neutral_heroes": 3, "titans": 6, "titan_chips": 9,
    }
    core = [f for f in cat.factions.values() if f.box == "Remastered"]
    assert sorted(f.id for f in core) == sorted(CORE)
    assert cat.factions["vesuvians"].box == "Pandora's Wake"
    assert len(core) == box["faction_heroes"]
    assert sum(len(cat.faction_units(f.id)) for f in core) == box["faction_units"]
    assert sum(len(f.tactics) for f in core) == box["faction_tactics"]
    for f in cat.factions.values():
        units = cat.faction_units(f.id, include_hero=True)
        assert units[0].kind == "hero" and units[0].elite
        assert len(units) == 11 and all(not u.elite for u in units[1:])
        ts = cat.faction_tactics(f.id)
        assert sum(t.faction is None for t in ts) == 3 and sum(t.faction == f.id for t in ts) == 1
    assert len(cat.units_of_kind("arena-unit")) == box["arena_units"]
    assert len(cat.units_of_kind("immortal")) == len(cat.immortals) == box["immortals"]
    assert len(cat.units_of_kind("neutral-hero")) == box["neutral_heroes"]
    assert len(cat.titans) == box["titans"]
    allies = sum(a.count for t in cat.titans.values() for a in t.allies if a.troop == "titan")
    assert len(cat.titans) + allies == box["titan_chips"]
    assert len(cat.units_of_kind("titan-ally")) == 2
    assert len(cat.units_of_kind("sentinel")) == 1
    assert dict(cat.game.dice_stock) == {"yellow": 4, "blue": 4, "green": 4, "black": 4, "red": 1}
    assert dict(cat.game.health_chips) == {"red": 34, "blue": 34}
    # every common tactic is found in several factions (Remastered, Tactics)
    for t in ("adrenaline", "bolster-health", "hamstring", "stun"):
        assert sum(t in f.tactics for f in cat.factions.values()) >= 2


def test_ids_required_by_issue(cat):
    for uid in ("kunlun/marksman", "rostam", "bandit", "antony-blackbird", "mars", "ifreet", "shaghad"):
        cat.unit(uid)
    for aid in ("pozzuoli", "colosseum"):
        cat.arena(aid)
    slug = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)?$")
    for mapping in (cat.units, cat.skills, cat.tactics, cat.factions, cat.arenas):
        assert all(slug.match(k) for k in mapping)


def test_every_skill_resolves_and_is_used(cat):
    used = set()
    for u in cat.units.values():
        for ref in u.skills:
            sk = cat.skill(ref.id)
            assert sk.has_param == (ref.param is not None), u.id
            used.add(ref.id)
        assert parse_pool(str(u.attack)) == u.attack
    assert used == set(cat.skills), "skills.toml defines exactly the skills the chips use"
    for s in cat.skills.values():
        assert s.type in vocab.SKILL_TYPES and s.definition and s.source


def test_every_effect_term_is_in_vocab(cat):
    terms = set()
    for t in cat.tactics.values():
        terms |= {e.term for e in t.effects}
    for im in cat.immortals.values():
        terms |= {e.term for tr in im.triggers for e in tr.effects}
    for ti in cat.titans.values():
        terms |= {e.term for row in ti.effects for tier in row.tiers for e in tier.effects}
        terms |= {e.term for e in ti.shards.on_defeat + ti.shards.holder}
    assert terms <= set(vocab.EFFECT_TERMS)
    assert terms == set(vocab.EFFECT_TERMS), f"unused vocabulary terms: {set(vocab.EFFECT_TERMS) - terms}"


def _known(obj, *fields, prov=("rulebook", "public")):
    for f in fields:
        assert obj.provenance[f] in prov, (getattr(obj, "id", obj), f, obj.provenance[f])
    assert obj.source


def test_facts_example_chips(cat):
    """FACTS.md "Example chips": every value present with provenance rulebook/public and a source."""
    w = cat.unit("amazons/warrior")
    assert (w.name, w.classes, w.movement, w.range, w.health, str(w.attack)) == (
        "Warrior", ("attacker",), 2, 1, 3, "black+blue+yellow")
    assert [str(s) for s in w.skills] == ["retaliate", "whirlwind"]
    _known(w, *vocab.UNIT_FIELDS)
    assert cat.skill("retaliate").type == "innate" and cat.skill("whirlwind").type == "special"
    _known(cat.skill("retaliate"), "name", "type", "definition")
    _known(cat.skill("whirlwind"), "name", "type")

    kw = cat.unit("kunlun/warrior")
    assert (kw.movement, kw.range, str(kw.attack)) == (2, 1, "black+blue+yellow")
    _known(kw, "name", "movement", "range", "attack")

    mr = cat.unit("kunlun/mountain-radical")
    assert (mr.name, mr.movement, mr.range, str(mr.attack), [str(s) for s in mr.skills]) == (
        "Mountain Radical", 3, 1, "2blue", ["hurl 1"])
    _known(mr, "name", "movement", "range", "attack", "skills")
    hurl = cat.skill("hurl")
    assert hurl.type == "ability" and hurl.has_param
    _known(hurl, "name", "type", "has_param", "definition")

    mk = cat.unit("kunlun/marksman")
    assert (mk.range, str(mk.attack)) == (2, "black+yellow")
    assert {str(s) for s in mk.skills} == {"first-strike", "long-shot 4"}
    _known(mk, "name", "range", "attack", "skills")
    assert cat.skill("first-strike").type == "innate" and cat.skill("long-shot").type == "special"
    _known(cat.skill("first-strike"), "name", "type", "definition")
    _known(cat.skill("long-shot"), "name", "type", "has_param")

    feng = cat.unit("feng")
    assert feng.kind == "hero" and feng.faction == "kunlun" and cat.faction("kunlun").hero == "feng"
    assert feng.range == 1 and feng.has_skill("retaliate")
    _known(feng, "name", "range", "skills")

    for uid, name in (("plutos-refugees/marksman", "Marksman"), ("plutos-refugees/protector", "Protector")):
        u = cat.unit(uid)
        assert u.name == name
        _known(u, "name")
    assert cat.unit("plutos-refugees/marksman").health >= 2  # it had 2 HP in the example

    b = cat.unit("bandit")
    assert (b.kind, b.movement, b.range, b.health, str(b.attack), [str(s) for s in b.skills]) == (
        "arena-unit", 2, 1, 5, "black", ["regen 1"])
    _known(b, "name", "movement", "range", "health", "attack", "skills")
    regen = cat.skill("regen")
    assert regen.type == "ability" and regen.has_param
    _known(regen, "name", "type", "has_param", "definition")

    hippo = cat.unit("hippopotamus")
    assert hippo.kind == "arena-unit" and hippo.name == "Hippopotamus"
    _known(hippo, "name")
    rostam = cat.unit("rostam")
    assert rostam.kind == "neutral-hero" and rostam.elite
    _known(rostam, "name")

    s = cat.unit("sentinel")
    assert (s.kind, s.range, s.movement) == ("sentinel", 4, 0)
    _known(s, "range", "movement")

    dc = cat.unit("atlanteans/depthcharger")
    assert dc.name == "Depthcharger" and dc.has_skill("tactical")
    _known(dc, "name", "skills")


def test_facts_tactics(cat):
    blitz = cat.tactic("kunlun/blitz")
    assert blitz.name == "Blitz" and blitz.type == "permanent" and blitz.faction == "kunlun"
    assert [str(e) for e in blitz.effects] == ["extra-dice green"]
    _known(blitz, "name", "type", "effects")
    ham, adr = cat.tactic("hamstring"), cat.tactic("adrenaline")
    assert [str(e) for e in ham.effects] == ["movement-set 0"]
    assert [str(e) for e in adr.effects] == ["movement-add 1"]
    _known(ham, "name", "type", "effects")
    _known(adr, "name", "type", "effects")
    for t in ("adrenaline", "bolster-health", "hamstring", "stun"):
        assert cat.tactic(t).faction is None
        _known(cat.tactic(t), "name")


def test_facts_antony_blackbird(cat):
    im = cat.immortal("antony-blackbird")
    u = im.unit
    assert u.kind == "immortal" and u.elite and u.name == "Antony Blackbird"
    assert [str(s) for s in u.skills] == ["dig-in"]
    _known(u, "name", "skills")
    dig = cat.skill("dig-in")
    assert dig.type == "innate"
    _known(dig, "name", "type")
    assert [(t.colour, [str(e) for e in t.effects]) for t in im.triggers] == [
        ("green", ["displace-target"]), ("blue", ["allies-gain-hp 1"])]
    assert all(t.provenance == "rulebook" and t.source for t in im.triggers)
    # the example roll (black, green, blue + the Dig In die) is possible
    assert {"black", "green", "blue"} <= {c for c, n in zip(vocab.COLOURS, u.attack.counts) if n}
    assert list(cat.game.onslaught_priority) == ["opponent-on-stone", "hero", "strongest"]


def test_facts_mars(cat):
    t = cat.titan("mars")
    assert t.unit.range == 1 and t.unit.elite
    _known(t.unit, "name", "range")
    assert t.dice.start.size == 4 and t.dice.full.size == 6
    assert str(t.dice.full) == "red+black+green+blue+2yellow"
    assert t.provenance["dice"] == "rulebook" and t.provenance["priority"] == "rulebook"
    assert t.priority == ("hero", "weakest")
    rows = {e.colour: e for e in t.effects}
    assert [e.colour for e in t.effects] == ["green", "yellow", "blue", "black", "red"]
    assert [str(x) for x in rows["green"].tiers[0].effects] == ["advance"]
    assert [str(x) for x in rows["blue"].tiers[0].effects] == ["smite 1"]
    assert [str(x) for x in rows["black"].tiers[0].effects] == ["toss"]
    assert [str(x) for x in rows["red"].tiers[0].effects] == ["arena-turn"]
    for c in ("green", "blue", "black", "red"):
        assert rows[c].provenance == "rulebook" and rows[c].source
    assert t.arena_die["advance"].value(4) == 2 and 4 in t.arena_die["advance"].rulebook_faces
    assert t.arena_die["smite"].value(5) == 2 and 5 in t.arena_die["smite"].rulebook_faces


def test_facts_ifreet_and_shaghad(cat):
    ifreet = cat.titan("ifreet")
    assert {(a.unit, a.count) for a in ifreet.allies} == {("ifreet-head", 1), ("ifreet-tendril", 2)}
    assert ifreet.provenance["allies"] == "public"
    _known(ifreet.unit, "name")
    for uid in ("ifreet-head", "ifreet-tendril"):
        _known(cat.unit(uid), "name")
        assert cat.unit(uid).kind == "titan-ally" and not cat.unit(uid).elite
    sh = cat.titan("shaghad")
    assert [str(e) for e in sh.shards.on_defeat] == ["shard-flip 5"]
    assert sh.provenance["shard_defeat"] == "public" and sh.source
    _known(sh.unit, "name")


def test_faction_names_public(cat):
    names = {f.id: f.name for f in cat.factions.values()}
    assert names == {
        "amazons": "Amazons", "atlanteans": "Atlanteans", "kunlun": "Kunlun", "lamosians": "Lamosians",
        "new-argonauts": "New Argonauts", "parthians": "Parthians", "plutos-refugees": "Pluto's Refugees",
        "vesuvians": "Vesuvians",
    }
    for f in cat.factions.values():
        _known(f, "name")


OFFICIAL_NAMES = {
    "Warrior", "Mountain Radical", "Marksman", "Protector", "Feng", "Rostam", "Bandit", "Hippopotamus",
    "Antony Blackbird", "Mars", "Ifreet", "Ifreet Head", "Ifreet Tendril", "Shaghad", "Depthcharger", "Sentinel",
}
GENERIC = re.compile(
    r"^(Sailor )?(Attacker|Defender|Archer|Beast|Tactician) (I|II|III|IV|V)$"
    r"|^.+ (Hero|Tactic)$|^Neutral Hero [A-Z]$|^Arena Unit [A-Z]$|^Immortal [A-Z]$|^Titan [A-Z]$"
)


def test_stand_in_names_do_not_pretend(cat):
    """A chip whose name is a stand-in has a plainly generic name; official names carry a source."""
    for obj in [*cat.units.values(), *cat.tactics.values()]:
        if obj.provenance["name"] == "stand-in":
            assert GENERIC.match(obj.name), obj.name
            assert obj.name not in OFFICIAL_NAMES
        else:
            assert obj.source, obj.id


def test_stand_ins_follow_the_method(cat):
    """data/README.md: class templates and the stat budget hold for every stand-in chip."""
    checked = 0
    for u in cat.units.values():
        assert problems(u) == [], (u.id, problems(u))
        checked += u.is_stand_in
    assert checked > 100
    # and the budget window is calibrated on the fully known chips
    assert 20 <= budget(cat.unit("amazons/warrior")) <= 26
    assert 17 <= budget(cat.unit("bandit")) <= 26


def test_method_catches_implausible_stand_ins(cat):
    import dataclasses

    u = cat.unit("amazons/defender-1")
    assert problems(dataclasses.replace(u, health=15))
    assert problems(dataclasses.replace(u, attack=parse_pool("red+2black")))
    known = cat.unit("amazons/warrior")
    assert problems(dataclasses.replace(known, health=15)) == []  # rulebook values are not checked


def test_factions_have_distinct_styles(cat):
    styles = [f.style for f in cat.factions.values()]
    assert len(set(styles)) == len(styles)
    profiles = set()
    for f in cat.factions.values():
        classes = tuple(sorted(u.classes[0] for u in cat.faction_units(f.id)))
        profiles.add(classes)
    assert len(profiles) >= 6


def test_arena_maps(cat):
    p = cat.arena("pozzuoli")
    c = p.tag_counts()
    assert (c["deploy-red"], c["deploy-blue"], c["stone"]) == (6, 6, 2)
    col = cat.arena("colosseum").tag_counts()
    assert col["center"] == 1 and col["outer-red"] == col["outer-blue"] == 2 and col["pedestal"] == 4
    assert col["chained-hero-red"] == col["chained-hero-blue"] == 1 and col["inner"] >= 1
    for a in cat.arenas.values():
        assert a.provenance["geometry"] == "stand-in"
        assert [h.index for h in a.hexes] == list(range(len(a.hexes)))
        nb = a.neighbours()
        for i, ns in enumerate(nb):
            assert len(ns) <= 6
            for j in ns:
                assert i in nb[j] and a.distance(i, j) == 1
        table = a.distance_table()
        assert all(table[i][i] == 0 for i in range(len(a.hexes)))
    # both sides are equally far from the stones (stand-in geometry is fair)
    stones = p.tagged("stone")
    red = p.tagged("deploy-red")
    blue = p.tagged("deploy-blue")
    assert sorted(min(p.distance(s, d) for d in red) for s in stones) == sorted(
        min(p.distance(s, d) for d in blue) for s in stones)


def test_lookups_suggest_close_ids(cat):
    with pytest.raises(InputError, match="kunlun/marksman"):
        cat.unit("kunlun/marksmen")
    with pytest.raises(InputError, match="kunlun"):
        cat.faction("kunlum")
    with pytest.raises(InputError, match="colosseum"):
        cat.arena("coloseum")


def test_hash_is_stable_across_runs_and_pickle(cat):
    fresh = load_dirs([default_data_dir()])
    assert fresh is not cat and fresh.hash == cat.hash
    out = subprocess.run(
        [sys.executable, "-c", "from hoplostat.catalog import load; print(load(use_env=False).hash)"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.strip() == cat.hash
    u = cat.unit("kunlun/marksman")
    assert pickle.loads(pickle.dumps(u)) == u
    assert hash(u) == hash(pickle.loads(pickle.dumps(u)))
    t = cat.titan("mars")
    assert pickle.loads(pickle.dumps(t)) == t
    clear_cache()
    assert load(use_env=False).hash == cat.hash


def test_audit_counts(cat):
    a = audit(cat)
    kinds = {r["group"]: r for r in a["by_kind"]}
    assert kinds["unit"]["entries"] == 80 and kinds["titan"]["entries"] == 6
    assert a["total"]["entries"] == sum(r["entries"] for r in a["by_kind"])
    assert a["total"]["stand_in_values"] == sum(r["stand_in_values"] for r in a["by_kind"])
    fac = {r["group"]: r for r in a["by_faction"]}
    # Kunlun has the most known values, so the fewest stand-ins
    assert fac["kunlun"]["stand_in_values"] == min(r["stand_in_values"] for r in a["by_faction"])
    assert not kinds["unit"]["stand_in_entries"] == kinds["unit"]["entries"]  # the Amazons Warrior is fully known
