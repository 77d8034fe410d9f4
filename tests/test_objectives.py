"""Every mode's goal as a heuristic player reads it (`Mode.objective`, issue 49): a position closer to the mode's
goal scores higher from the side that pursues it, and the other side sees the opposite. One test per mode, named
after the rule that states its goal. Positions are built from a fresh game with the rules' own functions
(`rules.deploy`, `rules.damage`), so the bookkeeping the objective reads is the game's.

Each test was checked against deliberate bugs in the objective it pins (noted as "mutant checked"): the
objective returning 0, and its sign flipped (or its side ignored)."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, mode_class
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD
from hoplostat.policies import make
from hoplostat.rulesets.remastered import rival, shards

_CATALOGS: dict[str, object] = {}


def fresh(mode: str, *, titan: str | None = None, factions: tuple[str, ...] | None = None, seed: int = 1):
    """A new game of `mode` (set-up done, no turn played) with greedy players."""
    cls = mode_class(mode)
    if cls.ruleset not in _CATALOGS:
        _CATALOGS[cls.ruleset] = load((), use_env=False, ruleset=cls.ruleset)
    cat = _CATALOGS[cls.ruleset]
    spec = cls.default_spec(cat, np.random.default_rng(seed))
    spec = GameSpec(spec.mode, factions or spec.factions, spec.arena, titan or spec.titan,
                    max_rounds=spec.max_rounds)
    rng = np.random.default_rng(seed)
    g = cls.new_game(cat, spec, [make("greedy", rng=rng) for _ in spec.factions], rng=rng)
    g.state.mode.begin(g)  # the set-up choices the loop makes before the first round
    return g


def free_hex(s, near: int | None = None) -> int:
    """A free hex a unit may stand on (nearest `near` when given)."""
    hexes = [h for h in range(s.grid.n) if s.board[h] < 0 and not s.grid.move_block[h] and not s.grid.pedestal[h]]
    if near is not None:
        hexes.sort(key=lambda h: s.grid.dist[near][h])
    return hexes[0]


def obj(g, troop: int) -> float:
    return g.state.mode.objective(g, troop)


# --------------------------------------------------------------------------- Ascension


def test_ASC_11_objective_counts_the_titans_health_taken_and_shards_freed():
    """ASC-11 (defeat the titan), ASC-9: Shaghad's shards start with blue HP; one defeated flips to red HP
    (freed, +SHARD_FREED; its blue chips back in the supply let the titan deploy); the titan's Health taken
    counts as its share of TROPHY; while it waits in camp (Shaghad's Health is more than the blue chips its
    shards leave) it counts WAITING x its Health against the players, so its coming in whole is no setback.
    The titan's side sees the opposite. Mutant checked: objective returning 0, sign not flipped for the
    titan's troop, the shard term dropped, the Health-taken term dropped, the waiting term dropped (each fails
    an assertion below)."""
    g = fresh("ascension", titan="shaghad")
    s = g.state
    m = s.mode
    p, tt = s.players[0], s.titan_troop
    titan = s.units[s.titan_uid]
    assert titan.zone == CAMP
    waiting = -m.WAITING * titan.unit.health
    assert waiting < 0 and obj(g, p) == pytest.approx(waiting) and obj(g, tt) == pytest.approx(-waiting)
    # a blue shard defeated: Shaghad's shard flips to red HP (the official FAQ), freed from the titan's side
    sh = next(x for x in s.shards if x.colour == "blue")
    chip = s.units[sh.uid]
    rules.damage(g, chip, chip.hp, source_troop=p, what="test")
    assert sh.colour == "red" and sh.defeats == 1
    assert obj(g, p) == pytest.approx(waiting + m.SHARD_FREED)
    assert obj(g, tt) == pytest.approx(-(waiting + m.SHARD_FREED))
    rival.deploy(g, g.controllers[tt], titan, s.grid.tagged("center"))  # as its turn does (ASC-5)
    assert titan.zone == COMBAT
    full = titan.unit.health + titan.hp_gained
    assert obj(g, p) == pytest.approx(m.SHARD_FREED)  # a whole titan in the arena: no progress on it yet
    rules.damage(g, titan, 6, source_troop=p, what="test")
    assert titan.hp == full - 6
    closer = obj(g, p)
    assert closer == pytest.approx(m.SHARD_FREED + m.TROPHY * 6 / full)
    assert obj(g, tt) == pytest.approx(-closer)


def test_ASC_10_objective_counts_a_shard_equipped_by_a_player_unit():
    """ASC-10: on a card whose shards are equipped (Ifreet: no HP, equip), a shard under a player unit is freed;
    one left lying is not. Mutant checked: the `holder` term dropped; sign not flipped for the titan's troop."""
    g = fresh("ascension", titan="ifreet")
    s = g.state
    p = s.players[0]
    before = obj(g, p)
    sh = s.shards[0]
    u = next(x for x in s.units if x.troop == p and x.zone in (CAMP, BAG) and not x.is_primary_hero)
    rules.deploy(g, u, free_hex(s, sh.hex))
    shards.equip(g, sh, u)
    assert obj(g, p) == pytest.approx(before + s.mode.SHARD_FREED)
    assert obj(g, s.titan_troop) == pytest.approx(-(before + s.mode.SHARD_FREED))


# --------------------------------------------------------------------------- Alliance


def test_ALL_2_objective_counts_opposing_primary_heroes_defeated_for_both_teammates():
    """ALL-2 (a team wins when both opposing primary heroes are defeated): an opposing primary hero defeated
    is worth HERO_TROPHY to both players of the team, and costs the other team as much. Mutant checked:
    objective returning 0; the team test inverted (own heroes counted as a gain)."""
    g = fresh("alliance")
    s = g.state
    a1, b1, a2, b2 = s.players
    assert s.teams[a1] == s.teams[a2] != s.teams[b1] == s.teams[b2]
    assert [obj(g, p) for p in s.players] == [0.0] * 4
    hero = s.units[s.troops[b1].primary_hero]
    if hero.zone != COMBAT:
        hero.active = True  # as its activation reward would (the position, not how it came about)
        rules.deploy(g, hero, free_hex(s))
    rules.damage(g, hero, hero.hp, source_troop=a1, what="test")
    assert hero.times_defeated == 1 and s.end_reason is None  # one of two: the game goes on
    T = s.mode.HERO_TROPHY
    assert obj(g, a1) == obj(g, a2) == T
    assert obj(g, b1) == obj(g, b2) == -T


# --------------------------------------------------------------------------- Pandemonium


def test_PAN_20_objective_counts_units_left_against_the_others_mean():
    """PAN-3, PAN-20 (the last player not forced to forfeit wins; a troop with nothing in combat and nothing
    to deploy forfeits): a troop that lost a unit stands worse, the others better; an eliminated troop has
    nothing left. Mutant checked: objective returning 0; mine and the others' swapped; the
    eliminated troop's camp counted (each fails an assertion below)."""
    g = fresh("pandemonium", factions=("lamosians", "kunlun", "plutos-refugees"))
    s = g.state
    a, b, c = 0, 1, 2
    assert [obj(g, p) for p in (a, b, c)] == [0.0, 0.0, 0.0]  # everyone whole
    u = next(x for x in s.units if x.troop == b and x.zone == CAMP and not x.is_primary_hero)
    rules.deploy(g, u, free_hex(s))
    rules.damage(g, u, u.hp, source_troop=a, what="test")
    assert u.zone == DISCARD
    W = s.mode.UNIT_WORTH
    assert obj(g, b) == pytest.approx(-W)  # one unit fewer than the other two
    assert obj(g, a) == pytest.approx(W / 2) and obj(g, c) == pytest.approx(W / 2)
    # b forfeits (PAN-20: nothing in combat and no legal deployment, which may be for want of a free hex or of
    # health chips while its camp still holds units): it counts nothing, whatever is left in its camp
    assert any(x.troop == b and x.zone == CAMP for x in s.units)
    s.mode.forfeit(g, b)
    n_a = sum(1 for x in s.units if x.troop == a and x.zone in (CAMP, COMBAT))
    n_c = sum(1 for x in s.units if x.troop == c and x.zone in (CAMP, COMBAT))
    assert obj(g, a) == pytest.approx(W * (n_a - n_c / 2)) and obj(g, a) > W / 2


# --------------------------------------------------------------------------- The Lost Cities


def _hurt_champion(g, troop: int, n: int) -> None:
    s = g.state
    u = s.units[s.troops[troop].primary_hero]
    if u.zone != COMBAT:
        rules.deploy(g, u, free_hex(s))
    rules.damage(g, u, n, what="test")


@pytest.mark.parametrize("mode", ["lost-cities", "rise-of-rome"])
def test_TLC_13_ROR_16_objective_is_the_opposing_champions_health_taken(mode):
    """TLC-13, ROR-16 (defeat the opposing champion): the share of the opposing champion's Health taken, times
    CHAMPION_TROPHY, less the share of one's own; the opponent sees the opposite; the arena's troop (no
    champion) counts nothing. Mutant checked: objective returning 0; own and opposing shares swapped."""
    g = fresh(mode)
    s = g.state
    assert obj(g, 0) == 0.0 and obj(g, 1) == 0.0
    _hurt_champion(g, 1, 3)
    champ = s.units[s.troops[1].primary_hero]
    T = s.mode.CHAMPION_TROPHY
    closer = obj(g, 0)
    assert closer == pytest.approx(T * 3 / (champ.unit.health + champ.hp_gained)) and closer > 0
    assert obj(g, 1) == pytest.approx(-closer)
    for t in range(2, len(s.troops)):
        assert obj(g, t) == 0.0
    _hurt_champion(g, 0, 3)  # both hurt alike: even again
    assert s.units[s.troops[0].primary_hero].unit.health == champ.unit.health
    assert obj(g, 0) == pytest.approx(0.0, abs=1e-9) and obj(g, 1) == pytest.approx(0.0, abs=1e-9)


def test_ROR_86_objective_counts_both_opposing_champions_for_both_teammates():
    """ROR-86 (a team wins when both opposing champions have fallen): a champion hurt counts for both players of
    the other team and against both of its own. Mutant checked: objective returning 0; same_team inverted."""
    g = fresh("rise-of-rome-2x2")
    s = g.state
    a1, b1, a2, b2 = s.players
    assert s.teams[a1] == s.teams[a2] != s.teams[b1] == s.teams[b2]
    assert [obj(g, p) for p in s.players] == [0.0] * 4
    _hurt_champion(g, b2, 4)
    assert obj(g, a1) == obj(g, a2) > 0
    assert obj(g, b1) == obj(g, b2) == -obj(g, a1)


def test_TLC_14_objective_counts_criminals_then_the_boss():
    """TLC-14, TLC-63 (solo: the four criminals, then the boss; defeat it to win): each criminal defeated adds
    CRIMINAL_WORTH (its replacement enters whole, so Health alone would call the kill a wash); the boss's
    Health taken its share of BOSS_TROPHY. The arena's troop sees the opposite. Mutant checked: objective
    returning 0; the criminal term dropped; sign not flipped for the arena's troop."""
    g = fresh("lost-cities-board")
    s = g.state
    m = s.mode
    p, arena = s.players[0], s.arena_troop
    seen = [obj(g, p)]
    for _ in range(4):
        crim = next(u for u in s.in_combat(arena) if u.unit.kind == "criminal")
        rules.damage(g, crim, crim.hp, source_troop=p, what="test")
        seen.append(obj(g, p))
    assert s.criminals_defeated == 4
    assert all(b == pytest.approx(a + m.CRIMINAL_WORTH) for a, b in zip(seen, seen[1:]))
    boss = next(u for u in s.in_combat(arena) if u.unit.kind == "boss")
    rules.damage(g, boss, 3, source_troop=p, what="test")
    full = boss.unit.health + boss.hp_gained
    assert obj(g, p) == pytest.approx(seen[-1] + m.BOSS_TROPHY * 3 / full)
    assert obj(g, arena) == pytest.approx(-obj(g, p))


# --------------------------------------------------------------------------- Rise of Rome against a titan


def test_ROR_60_objective_counts_pillars_destroyed_then_the_titans_health():
    """ROR-17, ROR-60 (defeat the titan, which no damage harms while a pillar stands): each pillar destroyed
    adds PILLAR_WORTH; once all four are down the titan's Health taken counts as its share of TROPHY. The
    titan's troop sees the opposite. Mutant checked: objective returning 0; pillar term dropped; sign not
    flipped for the titan's troop."""
    g = fresh("rise-of-rome-titan")
    s = g.state
    m = s.mode
    p, tt = s.players[0], s.titan_troop
    assert obj(g, p) == 0.0
    seen = [0.0]
    for uid in s.pillars:
        pillar = s.units[uid]
        rules.damage(g, pillar, pillar.hp, source_troop=p, what="test")
        seen.append(obj(g, p))
    assert all(b == pytest.approx(a + m.PILLAR_WORTH) for a, b in zip(seen, seen[1:]))
    titan = s.units[s.titan_uid]
    rules.damage(g, titan, 2, source_troop=p, what="test")
    full = titan.unit.health + titan.hp_gained
    assert titan.hp == full - 2
    assert obj(g, p) == pytest.approx(4 * m.PILLAR_WORTH + m.TROPHY * 2 / full)
    assert obj(g, tt) == pytest.approx(-obj(g, p))
