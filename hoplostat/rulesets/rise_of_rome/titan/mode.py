"""Rise of Rome against a titan (mode `rise-of-rome-titan`): solo, or two players in co-op against two titans
in a row (rulebooks/rise-of-rome.txt, "Titans" to "Titan 2-Player Co-op Rules"; ROR-54..ROR-85).

Set-up (ROR-56..ROR-59, ROR-83): the active titan on the titan hex with its Health, a pillar on each of the
four pedestals; each player's inactive champion on one of the two red champion hexes; solo a bag of six
random gladiators and one chosen tactic (a hand of four), co-op three gladiators and a tactic each (a hand of
two); one CF gladiator on the center of the meter and the players' own four F/A chips on the other four
circles; against Oceanus a face-down pile of another city's gladiators.

Round (ROR-81, ROR-85): the player's turn (co-op: player 1, player 2), each the phase turn of
`rulesets.classic` as in the player-against-player game, then the titan's turn (ROR-74): roll the titan
dice; the titan goes back to the titan hex (cards that say so, ROR-67); its movement row, then every
summoned unit moves (ROR-75); its special row (summoned units move at once, ROR-78); its attack row, then
every summoned unit attacks.

The win (ROR-60, ROR-61, ROR-82): the titan falls, which it cannot while a pillar stands (ruling R-ROR-14);
a champion's defeat loses the game. Co-op: the first titan's fall resets everything but the champions'
Health and the second titan comes; both must fall.

Mode options (`--option`): `second-titan` (co-op: the second titan, else drawn), `city=origins` (ORI-53: each
player's city keeps its champion and plays a custom build of 14 Origins chips, ten gladiators and four tactics,
dealt by `origins_builds`; ruling R-ORI-21).

Every open choice the book leaves to "the player" for the titan's side (equal targets, equal routes; ROR-63,
ROR-80) is asked of player 1's controller as the decision "titan-choice" (options: uids or hexes).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from hoplostat.catalog.model import Catalog, FrozenMap, RorTitan, Tactic, Unit
from hoplostat.dice import COLOURS, Pool
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import (
    DRAW,
    LOST,
    WON,
    GameResult,
    GameSpec,
    TroopResult,
    Turn,
    default_roller,
    player_units,
    register_mode,
)
from hoplostat.engine.mode import Heuristics, ModeOption, per_side, side_counts
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller, plays
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, GameState, TeamGameState, TroopState, UnitState
from hoplostat.engine.steps import end_temporary_tactics
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.classic.goals import taken
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome.base import RULESET
from hoplostat.rulesets.rise_of_rome.favor import RomeTroop, rome_troop
from hoplostat.rulesets.rise_of_rome.mode import ARENA, POOL, RiseOfRome, place_champion, tactic_allowed
from hoplostat.rulesets.rise_of_rome.skills import flip, lift_flips

SOLO_GLADIATORS, SOLO_HAND = 6, 4
"""ROR-57: six gladiators and one tactic, the whole bag of the game; four prep circles."""
COOP_GLADIATORS, COOP_HAND = 3, 2
"""ROR-83: three random gladiators and one tactic each; two prep circles each."""
PILE = 10
"""ROR-59: Oceanus's pile, ten gladiators (no champion)."""
TITAN_SUPPLY = "titan"
TITAN_CHIPS = 400
"""The titan's side (titan, pillars, summoned units) takes its health chips from a supply of its own, not from
the players' 75 (ruling R-ROR-16: "Health Chip" and "Titan-Summoned Units" give the summoned units no colour)."""
CLOCKWISE = ("e", "se", "sw", "w", "nw", "ne")
"""The six directions clockwise on the mat as drawn (north up; `data/rise-of-rome/arenas/colosseum.toml`)."""
STANDS, FREE = -2, -1
"""A pillar's shard: its pillar still stands / freed (a uid: the unit holding it)."""
PILLAR = Unit(id="pillar", name="Pillar", kind="pillar", faction=None, classes=("defender",), elite=False,
              movement=0, range=1, health=1, attack=Pool.of(), skills=(), provenance=FrozenMap({}), ruleset=RULESET)
"""A pillar's stat line (its Health comes from the titan card, `RorTitan.pillar_health`): a chip that only
takes damage (ROR-60)."""


# --------------------------------------------------------------------------- state


@dataclass(slots=True)
class TitanState(TeamGameState):
    """A Rise of Rome titan game: players 0..n-1 (team 0), the titan troop n (team 1: the titan, its pillars
    and its summoned units)."""

    titan_troop: int = -1
    titan_uid: int = -1
    stage: int = 0
    """Co-op: 0 while the first titan fights, 1 for the second (ROR-82); solo always 0."""
    pillars: list[int] = field(default_factory=list)
    """uids of the four pillars, in pedestal order."""
    shards: list[int] = field(default_factory=list)
    """Per pillar: STANDS, or the uid of the unit holding its freed shard (ROR-60)."""
    pile: list[int] = field(default_factory=list)
    """uids of the face-down pile the titan summons from, top first (ROR-59)."""
    cf_pile: list[int] = field(default_factory=list)
    """uids of the CF gladiators the titan may summon (Greater Call Forth; ruling R-ROR-17)."""
    champion_hex: list[int] = field(default_factory=list)
    """Per player: the champion hex its champion was set on (the co-op reset puts it back)."""
    won: bool = False
    titans_defeated: int = 0
    titan_damage: list[int] = field(default_factory=list)
    summoned: int = 0
    titan_turns: int = 0
    pillars_destroyed: int = 0
    d6_script: list[int] = field(default_factory=list)
    """Forced d6 faces for tests (used first, one per roll)."""
    d6_rolled: list[int] = field(default_factory=list)
    city_tactics: list[tuple[Tactic, ...]] = field(default_factory=list)
    """Per player: the four tactics of its custom Origins city (`--option city=origins`); empty for the cities'
    own."""


ORIGINS = "origins"
ORIGINS_BUILDS = 2
"""ORI-53: one Origins box, 20 gladiators and 8 tactics: two custom cities of ten gladiators and four tactics."""


def origins_chip_id(chip_id: str) -> str:
    return f"{ORIGINS}:{chip_id}"


@functools.lru_cache(maxsize=1)
def origins_builds() -> tuple[tuple[tuple[Unit, ...], tuple[Tactic, ...]], ...]:
    """ORI-53 (ruling R-ORI-21): the custom cities of 14 Origins chips, dealt from the Origins pool as the draft
    offers it (`origins.mode.pool_ids`: gladiators in id order, then tactics in id order) alternately to build 1
    and build 2, so each gets ten gladiators (two of each chip colour) and four tactics and no chip is in both
    (one Origins box). Ids namespaced `origins:`; each chip keeps `Unit.ruleset == "origins"` (its own skill
    texts) and becomes a city gladiator (`kind` "unit"). Player 1 plays build 1, player 2 build 2."""
    from hoplostat.catalog import load
    from hoplostat.rulesets.origins.mode import pool_ids

    cat = load(use_env=False, ruleset=ORIGINS)
    ids = pool_ids(cat)
    glads = [replace(cat.unit(i), id=origins_chip_id(i), kind="unit", faction="") for i in ids if i in cat.units]
    tacs = [replace(cat.tactics[i], id=origins_chip_id(i), faction=None) for i in ids if i in cat.tactics]
    return tuple((tuple(glads[k::ORIGINS_BUILDS]), tuple(tacs[k::ORIGINS_BUILDS])) for k in range(ORIGINS_BUILDS))


def origins_city_catalog(catalog: Catalog) -> Catalog:
    """The Rise of Rome catalog with both custom Origins builds' chips added (the cities, their champions and
    their own chips stay: Oceanus's pile is another city's own gladiators, ROR-59)."""
    builds = origins_builds()
    units = {u.id: u for glads, _ in builds for u in glads}
    tacs = {t.id: t for _, ts in builds for t in ts}
    return replace(catalog, units=FrozenMap({**catalog.units, **units}), tactics=FrozenMap({**catalog.tactics, **tacs}))


def meter_troop(s: TitanState) -> RomeTroop:
    """ROR-84: the crowd favor meter and the F/A chips are the players' together; kept on player 1's troop."""
    return rome_troop(s, s.players[0])


def card(s: TitanState) -> RorTitan:
    return s.mode.cards[s.stage]


def is_pillar(u: UnitState) -> bool:
    return u.unit.kind == "pillar"


def summoned(s: TitanState) -> list[UnitState]:
    """The titan's summoned units in combat, in arrival order."""
    return [u for u in s.in_combat(s.titan_troop) if u.uid != s.titan_uid and not is_pillar(u)]


def shard_holders(s: TitanState) -> list[UnitState]:
    return [s.units[h] for h in s.shards if h >= 0 and s.units[h].zone == COMBAT]


def active_shards(s: TitanState) -> int:
    """X of "1 + X": shards freed and held by a unit in play (ROR-66)."""
    return len(shard_holders(s))


def pillars_standing(s: TitanState) -> int:
    return sum(1 for x in s.shards if x == STANDS)


def can_act(s: TitanState, u: UnitState) -> bool:
    """In combat and not stunned (a Stun tactic or a flip: only its health counts, ROR-103)."""
    return u.zone == COMBAT and not (u.tactics and s.is_fatigued(u))


def d6(g: Game[TitanState]) -> int:
    """A d6 for placement or direction (Rise of Rome, "General Titan Rules and Terminology"; ROR-65): the white die
    (ROR-4: the book's "red die" is a slip, the box has none; ruling R-ROR-18), read through the Die Legend
    (`HexGrid.compass_step`)."""
    s = g.state
    face = s.d6_script.pop(0) if s.d6_script else int(g.rng.integers(1, 7))
    s.d6_rolled.append(face)
    s.say(f"d6: {face} ({s.grid.arena.compass[face - 1]})")
    return face


def step(grid: HexGrid, h: int, direction: str) -> int:
    return grid.compass_step(h, grid.arena.compass.index(direction) + 1)


def choose(g: Game[TitanState], cands: list[Any], *keys: Callable[[Any], float]) -> Any | None:
    """Rise of Rome, "General Titan Rules and Terminology" (ROR-63): a chain such as "closest > weakest" is a
    tie-break: keep the candidates best (lowest) on the
    first key, then on the next; ties left are the player's choice (ROR-80: "titan-choice", asked of player
    1). Not a fall-through priority list."""
    for key in keys:
        if len(cands) <= 1:
            break
        best = min(key(c) for c in cands)
        cands = [c for c in cands if key(c) == best]
    if not cands:
        return None
    if len(cands) == 1:
        return cands[0]
    s = g.state
    return g.ask(s.players[0], "titan-choice", cands, optional=False)


def route_from(s: TitanState, goal: int, mover: UnitState, *, units: bool = True) -> list[int | None]:
    """Steps of the shortest available route between `goal` and every hex for `mover` (ROR-64: "closest" for
    movement is the shortest available route): through no unit, pedestal or players' foothold (ROR-54), the
    mover's own hex free; a blocked hex gets the steps to reach it (a unit there can be reached, not passed).
    None: no route. `units=False`: the route as if no unit stood in the way (pedestals and footholds still
    do): the way a unit walled off from its target still heads (ROR-77)."""
    grid = s.grid
    if units:
        blocked = s.blocked_for_move(mover.troop)
    else:
        blocked = list(grid.move_block)
        for h, t in s.footholds.items():
            if t != mover.troop:
                blocked[h] = True
    blocked[mover.hex] = False
    out: list[int | None] = [None] * grid.n
    out[goal] = 0
    frontier = [goal]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for m in grid.neighbours[h]:
                if out[m] is None:
                    out[m] = d
                    if not blocked[m]:
                        nxt.append(m)
        frontier = nxt
    return out


def move_toward(g: Game[TitanState], u: UnitState, target: UnitState, steps: int) -> None:
    """Rise of Rome, "Titan-Summoned Unit Traits" (ROR-77; ruling R-ROR-27): up to `steps` hexes along the shortest
    available route toward `target` (none, walled off by units: the shortest route were they not there); if no hex
    gets it closer it still moves, to a hex as far from the target as where it stands (along the route's other side),
    else stays. Adjacent already: it stays. Equal ends (by route, then by steps used): the player's choice."""
    s = g.state
    if steps <= 0 or not can_act(s, u) or s.grid.dist[u.hex][target.hex] <= 1:
        return
    if rules.is_stationed(s, u):
        return  # "Innates still apply" (ROR-79): Stationed cannot move (ROR-101)
    dist = route_from(s, target.hex, u)
    if dist[u.hex] is None:  # walled off by units: it still heads for the target the shortest way there is
        dist = route_from(s, target.hex, u, units=False)
    here = dist[u.hex]
    reach = s.grid.reachable(u.hex, steps, s.blocked_for_move(u.troop))
    known = [h for h in reach if dist[h] is not None]
    if not known:
        return
    best = min(d for d in (dist[h] for h in known) if d is not None)  # every known hex has a distance
    if here is not None and best >= here:
        ends = [h for h in known if dist[h] == here] if best == here else []
    else:
        ends = [h for h in known if dist[h] == best]
    dest = choose(g, ends, lambda h: reach[h])
    if dest is not None:
        rules.move(g, u, dest)


# --------------------------------------------------------------------------- the mode


class _TitanSide:
    """The titan troop's controller: it is asked only what a skill asks of a unit's own side (Intercept
    Blow); ROR-80 leaves every open choice to the player, who declines."""

    def choose(self, g, troop, decision, options, *, optional):
        return None if optional else options[0]


class TitanPlayer:
    """The player's policy in a titan game (greedy heuristics for the titan modes, wrapped around any
    controller; the rules never read it): no attack on a titan that cannot be harmed yet (its pillars stand,
    ROR-60) while anything else can be attacked, pillars first then; the titan's ties (ROR-80) settled
    to spare the champion and the shard holders."""

    def __init__(self, inner: Controller) -> None:
        self.inner = inner
        self.rng = getattr(inner, "rng", None)

    def choose(self, g, troop, decision, options, *, optional):
        s = g.state
        if decision == "titan-choice":
            return self._spare(s, options)
        if decision == "engage" and pillars_standing(s):
            useful = [o for o in options if not self._at_titan(s, o)]
            pillars = [o for o in useful if o[0] == "attack" and is_pillar(s.units[o[2]])]
            options = pillars or useful
            if not options:
                return None
        if decision == "move" and pillars_standing(s):
            return self._to_pillars(g, s, options)
        return self.inner.choose(g, troop, decision, options, optional=optional)

    @staticmethod
    def _at_titan(s: TitanState, o: tuple) -> bool:
        """An attack, or an Alternate Attack, aimed at the titan (its uid among the option's arguments)."""
        if o[0] == "attack":
            return o[2] == s.titan_uid
        return s.titan_uid in tuple(x for x in (o[3] if len(o) > 3 else ()) if isinstance(x, int))

    @staticmethod
    def _to_pillars(g, s: TitanState, options):
        """While pillars stand: each gladiator heads for the nearest standing pillar (+5 on a hex with one in
        its Attack Range, -0.5 a hex of distance, -3 on an inner hex where it could not attack), and keeps
        between the champion and the summoned units (+3 with one in range); the champion stays put. The best
        move that gains is made; none gains: the movement step ends."""
        grid = s.grid
        standing = [s.units[p].hex for p, x in zip(s.pillars, s.shards) if x == STANDS]
        foes = [u.hex for u in summoned(s)]

        def score(u: UnitState, h: int) -> float:
            r = rules.range_of(s, u)
            row = grid.dist[h]
            near = min(row[p] for p in standing)
            sc = (5.0 if near <= r else 0.0) - 0.5 * near
            if foes and min(row[f] for f in foes) <= r:
                sc += 3.0
            if s.muted[h]:
                sc -= 3.0
            return sc

        best, pick = 0.0, None
        here: dict[int, float] = {}
        for uid, h in options:
            u = s.units[uid]
            if u.is_primary_hero:
                continue
            if uid not in here:
                here[uid] = score(u, u.hex)
            gain = score(u, h) - here[uid]
            if gain > best:
                best, pick = gain, (uid, h)
        return pick

    @staticmethod
    def _spare(s: TitanState, options):
        """A tie the titan's side leaves to the player: a unit it targets is best not the champion, not a
        shard holder, and the sturdiest; a hex, the first."""
        if not isinstance(options[0], int) or any(not 0 <= o < len(s.units) for o in options):
            return options[0]
        holders = {h for h in s.shards if h >= 0}

        def cost(uid: int) -> tuple:
            u = s.units[uid]
            if u.zone != COMBAT or u.troop == s.titan_troop:
                return (0, 0, 0)
            return (u.is_primary_hero, uid in holders, -u.hp)

        return min(options, key=cost)


@register_mode
class RiseOfRomeTitan(RiseOfRome):
    """Rise of Rome's solo and co-op game against a titan. Configuration only (shared by clones): the titan
    cards faced (co-op: two), the catalog pieces the co-op reset needs."""

    name = "rise-of-rome-titan"
    summary = ("Rise of Rome solo or co-op against a titan (Oceanus, Menoetius, Cronus, Theia): free its four "
               "shards, then defeat it; co-op two titans in a row")
    seats = (1, 2)
    teams = "the players against the titan, its pillars and its summoned units"
    opponents = "titan"
    first_player_random = False
    default_max_rounds = 60
    analysis = "boss"
    success = "titan defeated"
    columns = {"games": {"titan": "str", "titan_2": "str", "players": "int", "coop": "bool", "won": "bool",
                         "rounds": "int", "end_reason": "str", "capped": "bool", "titan_hp": "int",
                         "titans_defeated": "int", "pillars_destroyed": "int", "summoned": "int",
                         **per_side("units_deployed", "damage_dealt", "titan_damage", "kills", "units_lost",
                                    "crowd_favor")}}
    heuristics = Heuristics(wakes=False)
    """The champion wakes only through the meter (ROR-45); the titan-specific choices are `TitanPlayer`'s."""

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.rise_of_rome.players import RiseOfRomeTitanGreedy

        return RiseOfRomeTitanGreedy
    options = (
        ModeOption("city", "own: each city's own chips; origins: each city's champion with a custom build of 14 "
                   "Origins chips, ten gladiators and four tactics (ORI-53, R-ORI-21)", "own", ("own", ORIGINS)),
        ModeOption("second-titan", "co-op: the second titan faced (default: drawn at random from the others)", "",
                   kind="id"),
    )

    __slots__ = ("cards", "catalog")

    def __init__(self, cards: Sequence[RorTitan] = (), catalog: Catalog | None = None) -> None:
        super().__init__(ARENA)
        self.cards = tuple(cards)
        self.catalog = catalog

    # --- set-up -----------------------------------------------------------------------------------
    @classmethod
    def catalog_of(cls, catalog: Catalog, options: tuple = ()) -> Catalog:
        """`city=origins`: the custom Origins builds' chips join the catalog (`origins_city_catalog`)."""
        return origins_city_catalog(catalog) if cls.option_value(options, "city") == ORIGINS else catalog

    @classmethod
    def check_options(cls, catalog: Catalog, options) -> None:
        second = cls.option_value(options, "second-titan")
        if second and second not in catalog.titans:
            raise InputError(f"--option second-titan={second}: rise-of-rome-titan has no titan {second!r}; its "
                             f"titans: {', '.join(sorted(catalog.titans))}")

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        city = cls.option_value(spec, "city")
        if city == ORIGINS and not any(u.startswith(f"{ORIGINS}:") for u in catalog.units):
            catalog = origins_city_catalog(catalog)  # an API caller's plain Rise of Rome catalog
        s = setup(catalog, spec.titan, spec.factions, rng=rng, log=log,
                  second=cls.option_value(spec, "second-titan") or None, city=city)
        ctrls = cls.player_controllers(controllers, len(s.players), cls.name)
        players = [TitanPlayer(c) for c in ctrls]
        return Game(s, default_roller(rng, roller), [*players, _TitanSide()], rng)

    def begin(self, g: Game) -> None:
        """ROR-57, ROR-83: each player (player 1 first) chooses the tactic for the bag and sets the champion on
        a free red champion hex; each draws its hand."""
        assert plays(g, TitanState)
        s = g.state
        for p in s.players:
            choose_tactic(g, p)
        for p in s.players:
            t = s.troops[p]
            hexes = [h for h in s.grid.tagged("champion-red") if s.board[h] < 0]
            h = g.ask(p, "champion-hex", hexes, optional=False)
            place_champion(s, s.units[t.primary_hero], h)
            s.champion_hex[p] = h
        for p in s.players:
            phase.draw(g, p)

    def round_turns(self, g: Game):
        """ROR-81, ROR-85: the players (co-op: P1, P2), then the titan."""
        assert plays(g, TitanState)
        s = g.state
        for p in s.players:
            yield self.turn_of(g, p)
        yield self.titan_turn(g)

    # --- the players' phases ----------------------------------------------------------------------
    def deploy(self, g: Game, troop: int) -> None:
        """Phase 1 as in the player-against-player game, with the shared meter's chips (ROR-84). Re-entrant (a
        clone resumed at this step's tactic or foothold decision, `engine.loop.resume`): a gladiator already
        deployed this turn is not offered again, nor a tactic once one was played."""
        assert plays(g, TitanState)
        s = g.state
        allowed = titan_tactic_allowed
        phase.redraw_dead_hand(g, troop, lambda tac: bool(phase.tactic_targets(s, troop, tac, allowed=allowed)))
        deployed = any(u.troop == troop and u.deployed_turn == s.turn and not u.is_primary_hero for u in s.in_combat())
        played = any(pt.owner == troop and pt.turn == s.turn for u in s.in_combat() for pt in u.tactics
                     if pt.tactic.id != "ror-stun-flip")
        if played:
            return
        phase.deploy_phase(g, troop, [] if deployed else self.gladiator_options(s, troop),
                           place=lambda uid, h: self.place(g, uid, h), allowed=allowed,
                           after_tactic=lambda played: None if played else self.foothold(g, troop))

    def gladiator_options(self, s: GameState, troop: int) -> list[tuple[int, int]]:
        """ROR-26, ROR-84: a gladiator from the own hand, or the shared meter's CF gladiator once unlocked,
        onto a free deployment hex; or a shared earned F/A chip as an archer on a free pedestal."""
        assert isinstance(s, TitanState)
        m = meter_troop(s)
        hexes = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0 and s.can_occupy(troop, h)]
        left = s.supply[s.supply_of(troop)]
        units = [u for u in s.units if u.troop == troop and u.zone == CAMP and u.active]
        if m.cf_unlocked and m.cf_gladiator >= 0 and s.units[m.cf_gladiator].zone == TRACK:
            units.append(s.units[m.cf_gladiator])
        out = [(u.uid, h) for u in units if u.unit.health <= left for h in hexes]
        if m.fa_earned:
            peds = favor.archer_hexes(s)
            out += [(uid, h) for uid in m.fa_earned if s.units[uid].unit.health <= left for h in peds]
        return out

    def place(self, g: Game, uid: int, h: int) -> None:
        """A shared chip (CF gladiator, archer) joins the troop of the player who plays it (ROR-84)."""
        assert plays(g, TitanState)
        s = g.state
        u = s.units[uid]
        m = meter_troop(s)
        if uid in m.fa_earned:
            m.fa_earned.remove(uid)
        if u.troop != s.active and (uid == m.cf_gladiator or u.unit.kind == "fa-archer"):
            u.troop = s.active
        rules.deploy(g, u, h)

    def foothold(self, g: Game[TitanState], troop: int) -> None:
        """ROR-26, ROR-84: a shared earned F/A chip as a foothold instead of a tactic; the foothold is the
        player's who plays it (ROR-51: "only you are allowed to occupy it")."""
        s = g.state
        m = meter_troop(s)
        if not m.fa_earned:
            return
        # ROR-51: a foothold is its player's alone, never under the partner's unit (`favor.foothold_ok`, R-ROR-28)
        h = g.ask(troop, "place-foothold", favor.foothold_hexes(s, troop), optional=True, step=True)
        if h is None:
            return
        m.fa_earned.pop(0)
        rules.place_foothold(g, troop, h)

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """ROR-10: the red outer pair, the six inner hexes and the titan hex; the blue pair once the far-right
        reward opened it (ROR-49), for both players in co-op (the meter is shared)."""
        assert isinstance(s, TitanState)
        grid = s.grid
        hexes = grid.tagged("outer-red") + grid.inner_hexes + grid.tagged("center")
        if meter_troop(s).far_open:
            hexes += grid.tagged("outer-blue")
        return tuple(hexes)

    def roll_attack(self, g: Game, attacker: UnitState, pool: Pool) -> int:
        """The mid-left reroll (ROR-46, R-ROR-9) belongs to the shared meter: either player's units use it,
        once a turn; the titan's side never rerolls."""
        assert plays(g, TitanState)
        s = g.state
        if attacker.troop not in s.players:
            return g.roller.hits(pool)
        return favor.roll_with_reroll(g, pool, meter_troop(s), "the players reroll")

    # --- hooks --------------------------------------------------------------------------------------
    def ignores_damage(self, g: Game[TitanState], target: UnitState, amount: int, *, source, source_troop,
                       what: str) -> bool:
        """Rise of Rome, "Objective" (ROR-60): the titan cannot be defeated until its four shards are dealt with:
        while a pillar stands, no damage harms it (ruling R-ROR-14)."""
        s = g.state
        if target.uid == s.titan_uid and pillars_standing(s):
            s.say(f"{target.name} is shielded by its pillars: no damage ({what})")
            return True
        return False

    def after_damage(self, g: Game, target: UnitState, removed: int, *, source, source_troop) -> None:
        """ROR-41, ROR-58, ROR-84: one favor per health chip taken from the titan's side, on the shared meter;
        a champion activated by it wakes with the other (co-op)."""
        assert plays(g, TitanState)
        s = g.state
        if removed <= 0 or source_troop is None or source_troop not in s.players or target.troop != s.titan_troop:
            return
        if target.uid == s.titan_uid:
            s.titan_damage[source_troop] += removed
        m = meter_troop(s)
        was = m.cf_done[favor.FAR_LEFT]
        favor.gain(g, m.index, removed, f"{removed} HP from {target.name}")
        if not was and m.cf_done[favor.FAR_LEFT]:
            for p in s.players[1:]:
                hero = s.units[s.troops[p].primary_hero]
                if not hero.active and hero.zone == COMBAT:
                    hero.active = True
                    if s.active == p:
                        hero.deployed_turn = s.turn
                    s.say(f"{hero.name} is activated")

    def after_defeat(self, g: Game, u: UnitState, *, source, source_troop) -> None:
        assert plays(g, TitanState)
        s = g.state
        if u.is_primary_hero and u.troop in s.players:
            self.end(g, "champion defeated")  # ROR-61
        elif u.uid == s.titan_uid:
            s.titans_defeated += 1
            if len(s.mode.cards) > s.stage + 1:
                self.end(g, NEXT_TITAN)  # ROR-82: the round stops; `interrupt` brings the second titan
            else:
                s.won = True
                self.end(g, "titan defeated")
        elif is_pillar(u):
            free_shard(g, u, source, source_troop)
        elif u.uid in s.shards:
            pass_shard(g, u)

    def end(self, g: Game[TitanState], reason: str, winner: int | None = None) -> None:
        s = g.state
        if s.end_reason is not None:
            return
        s.end_reason = reason
        s.winner = s.players[0] if reason == "titan defeated" else None
        s.say(f"Game over: {reason}" if reason != NEXT_TITAN else f"-- {reason}")

    def interrupt(self, g: Game[TitanState]) -> None:
        s = g.state
        if s.end_reason == NEXT_TITAN:
            next_titan(g)

    # --- the titan's turn ---------------------------------------------------------------------------
    def titan_turn(self, g: Game[TitanState]) -> Turn:
        s = g.state
        return Turn(s.titan_troop, f"-- Round {s.round}, {card(s).unit.name}'s turn",
                    self.steps_for(g, "titan", lambda: (("titan", lambda: titan_turn(g)),)))

    # --- the result ---------------------------------------------------------------------------------
    def result(self, g: Game, spec: GameSpec) -> GameResult:
        assert plays(g, TitanState)
        return result_of(g.state)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        row = {**head, "titan": x["titan"], "titan_2": x["titan_2"], "players": x["players"], "coop": res.coop,
               "won": res.won, "rounds": res.rounds, "end_reason": res.end_reason, "capped": res.capped,
               "titan_hp": x["titan_hp"], "titans_defeated": x["titans_defeated"],
               "pillars_destroyed": x["pillars_destroyed"],
               "summoned": x["summoned"]}
        for side in "ab":
            row.update({f"{side}_{c}": None for c in ("units_deployed", "damage_dealt", "titan_damage", "kills",
                                                       "units_lost", "crowd_favor")})
        for side, t in zip("ab", res.troops):
            row.update(side_counts(side, t), **{f"{side}_titan_damage": t.extras["titan_damage"]})
        units = cls.unit_rows(head, res, unit_kind, lambda seat: res.won)
        return {"games": [row], "units": units}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return bool(row["won"])

    TROPHY = 40.0
    """What a titan defeated is worth to a heuristic player, in Health, spread over its Health (as
    `Onslaught.TROPHY`)."""
    PILLAR_WORTH = 6.0
    """What a pillar destroyed (its shard freed) is worth beyond the pillar's own Health, in Health: one of the
    four the titan's defeat needs (ROR-60)."""

    def objective(self, g: Game, troop: int) -> float:
        """ROR-17, ROR-60 (defeat the titan, which cannot be harmed until its four pillars are destroyed;
        co-op ROR-82: both titans): `PILLAR_WORTH` per pillar of the current titan destroyed, plus `TROPHY`
        per titan defeated and times the share of the current titan's Health taken (`classic.goals.taken`).
        From the players' side; the titan's troop counts the opposite. Reads only the board."""
        assert plays(g, TitanState)
        s = g.state
        v = self.PILLAR_WORTH * sum(1 for x in s.shards if x != STANDS) + self.TROPHY * s.titans_defeated
        if s.titan_uid >= 0:
            t = s.units[s.titan_uid]
            if not t.times_defeated:
                v += self.TROPHY * taken(t)
        return v if s.teams[troop] == 0 else -v


NEXT_TITAN = "first titan defeated, the second comes"


def titan_tactic_allowed(target: UnitState, tac: Tactic) -> bool:
    """R-ROR-1 as in the player-against-player game (no Stun tactic on a champion); the titan and its pillars take no
    tactic (ruling R-ROR-19, Rise of Rome, "Chip Types": "Tactic Chip: Tactics are used to support or hinder units",
    and the titan and the pillars are no unit chips; they are attacked and damaged like opposing units, ROR-60)."""
    return target.unit.kind not in ("titan", "pillar") and tactic_allowed(target, tac)


def out_of_chips(s: TitanState) -> bool:
    """Ruling R-ROR-23 (Rise of Rome, "First Round Walkthrough"): nothing of the players' can ever deal damage again (no
    unit in combat but inactive champions, no chip in a hand or bag, no earned F/A chip, no CF gladiator to deploy):
    the titan can no longer fall (the 7 chips of the bag "is all you get", ROR-81), so the game is lost now rather
    than at the round cap."""
    for p in s.players:
        for u in s.units:
            if u.troop != p:
                continue
            if u.zone == COMBAT and u.active:
                return False
            if u.zone in (BAG, CAMP) and not u.is_primary_hero:
                return False
        t = rome_troop(s, p)
        if t.tactics_camp or t.tactics_bag:
            return False
    m = meter_troop(s)
    if m.fa_earned or (m.cf_unlocked and m.cf_gladiator >= 0 and s.units[m.cf_gladiator].zone == TRACK):
        return False
    return True


# --------------------------------------------------------------------------- shards and pillars


def free_shard(g: Game[TitanState], pillar: UnitState, source: UnitState | None, source_troop: int | None) -> None:
    """Rise of Rome, "Objective" (ROR-60): a destroyed pillar frees its shard, handled "as directed on the titan card"
    (not printed for any titan: ruling R-ROR-15): the unit that destroyed the pillar holds it (a tactic's damage:
    that player's champion). Each held shard adds to the titan's Attack Range (ROR-66); with the last pillar down the
    titan can be harmed."""
    s = g.state
    k = s.pillars.index(pillar.uid)
    s.pillars_destroyed += 1
    holder = source if source is not None and source.zone == COMBAT and source.troop in s.players else None
    if holder is None:
        p = source_troop if source_troop in s.players else s.players[0]
        holder = s.units[s.troops[p].primary_hero]
    s.shards[k] = holder.uid
    s.say(f"the shard of pillar {k + 1} is freed: {holder.name} holds it"
          + ("" if pillars_standing(s) else f"; {card(s).unit.name} can now be defeated"))


def pass_shard(g: Game[TitanState], u: UnitState) -> None:
    """Ruling R-ROR-15: a shard holder defeated gives its shards to its player's champion."""
    s = g.state
    p = u.troop if u.troop in s.players else s.players[0]
    hero = s.units[s.troops[p].primary_hero]
    for k, h in enumerate(s.shards):
        if h == u.uid:
            s.shards[k] = hero.uid
            s.say(f"{hero.name} takes up the shard {u.name} held")


# --------------------------------------------------------------------------- the titan turn (ROR-74)


def rows_met(s: TitanState, hits: dict[str, int]) -> dict[str, Any]:
    """Rise of Rome, "Titan Turn Sequence" (ROR-74; ruling R-ROR-12): hits are not spent; in each block (movement,
    special, attack) the last row listed whose hits were all rolled resolves, one row per block, the blocks in card
    order. (The book's example, "1 Black and 2 Green ... Move and then Greater Call Forth", names the Special over
    Call Forth, which the same hits meet: one row per block; its attack row it leaves unnamed.)"""
    out: dict[str, Any] = {}
    for a in card(s).actions:
        if all(hits.get(c, 0) >= n for c, n in zip(COLOURS, a.hits.counts)):
            out[a.block] = a
    return out


def titan_turn(g: Game[TitanState]) -> None:
    """ROR-74, ROR-75: the titan's turn: its summoned units on the titan hex take its damage (the titan ignores
    it, ROR-62); roll the titan dice; go back to the titan hex (ROR-67); movement row, summoned units move;
    special row; attack row (the Trident's flips of its last turn end first), summoned units attack (every
    titan turn, ruling R-ROR-24). Nothing stuns a titan (R-ROR-19); were one stunned, it would roll nothing
    while its summoned units still act. The players out of chips lose here (R-ROR-23)."""
    s = g.state
    tt = s.titan_troop
    if out_of_chips(s):
        s.mode.end(g, "the players are out of chips")
        return
    s.titan_turns += 1
    end_temporary_tactics(g, tt)
    for h in s.grid.tagged("center"):  # ROR-8 for its summoned units; ROR-62: not for the titan
        uid = s.board[h]
        if uid >= 0 and uid != s.titan_uid and s.units[uid].troop == tt:
            rules.damage(g, s.units[uid], 1, what="titan hex")
            if s.end_reason is not None:
                return
    titan = s.units[s.titan_uid]
    c = card(s)
    acts = can_act(s, titan)
    rows: dict[str, Any] = {}
    if acts:
        hits = rules.roll_by_colour(g, c.titan_dice)
        s.say(f"{titan.name} rolls {c.titan_dice}: " + ", ".join(f"{n} {k}" for k, n in hits.items() if n)
              + ("" if any(hits.values()) else "no hits"))
        rows = rows_met(s, hits)
        if c.returns:
            go_home(g, titan)
    else:
        s.say(f"{titan.name} is stunned: no action order this turn")
    for block in ("movement", "special", "attack"):
        if block == "attack":
            lift_flips(g, tt)
        row = rows.get(block)
        if row is not None and can_act(s, titan):
            s.say(f"{titan.name}: {row.action}" + ("" if row.arg is None else f" {row.arg}"))
            ACTIONS[row.action](g, titan, row.arg)
            if s.end_reason is not None:
                return
        if block == "movement":
            for u in summoned(s):
                shard_bound_move(g, u)
        elif block == "attack":
            for u in summoned(s):
                shard_bound_attack(g, u)
                if s.end_reason is not None:
                    return


def go_home(g: Game[TitanState], titan: UnitState) -> None:
    """Rise of Rome, "Example Titan Card: Oceanus", Movement (ROR-67): at the start of his action order the
    titan goes back to the titan hex; a unit standing there
    trades places with him (it is displaced, not moved). A Stationed unit there cannot be displaced (ROR-101), so
    he stays where he is (ruling R-ROR-29)."""
    s = g.state
    home = s.grid.tagged("center")[0]
    if titan.hex == home:
        return
    o = s.board[home]
    src = titan.hex
    if o >= 0:
        other = s.units[o]
        if rules.is_stationed(s, other):
            s.say(f"{titan.name} cannot return to the titan hex: {other.name} is Stationed there")
            return
        s.board[src], s.board[home] = o, titan.uid
        titan.hex, other.hex = home, src
        s.say(f"{titan.name} returns to the titan hex and trades places with {other.name} (now on hex {src})")
    else:
        s.board[src] = -1
        s.board[home] = titan.uid
        titan.hex = home
        s.say(f"{titan.name} returns to the titan hex")


def _move_d6(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-68: move 1 hex (the row's arg) in the direction of a d6, if possible: off the map, a unit, a
    pedestal or a players' foothold (ROR-54) stops it."""
    s = g.state
    face = d6(g)
    h = titan.hex
    for _ in range(arg or 1):
        nxt = s.grid.compass_step(h, face)
        if nxt < 0 or s.blocked_for_move(titan.troop)[nxt]:
            break
        h = nxt
    if h != titan.hex:
        rules.move(g, titan, h)
    else:
        s.say(f"{titan.name} cannot move that way")


def _move_toward(g: Game[TitanState], titan: UnitState, arg) -> None:
    """Stand-in cards: up to N hexes toward the closest (route) > weakest opposing unit (ROR-63, ROR-64)."""
    s = g.state
    opp = list(s.opponents_of(titan.troop))
    if not opp:
        return
    dist = route_from(s, titan.hex, titan)
    far = 10 ** 6
    target = choose(g, opp, lambda o: far if dist[o.hex] is None else dist[o.hex], lambda o: o.hp)
    if target is not None:
        move_toward(g, titan, target, arg or titan.unit.movement)


def inner_clockwise(s: TitanState, face: int, mover_troop: int) -> int:
    """Rise of Rome, "Example Titan Card: Oceanus", Call Forth (ROR-69; ruling R-ROR-17): the inner hexes are numbered
    by the Die Legend from the titan hex (the inner hex two steps in the d6's direction); the first free one
    clockwise from there (on the mat as drawn: e, se, sw, w, nw, ne); -1 when all six are taken. A players' foothold
    is not free for the titan's side (ROR-54)."""
    grid = s.grid
    home = grid.tagged("center")[0]
    blocked = s.blocked_for_move(mover_troop)
    start = CLOCKWISE.index(grid.arena.compass[face - 1])
    for k in range(6):
        d = CLOCKWISE[(start + k) % 6]
        h = step(grid, step(grid, home, d), d)
        if h >= 0 and grid.inner[h] and not blocked[h]:
            return h
    return -1


def summon(g: Game[TitanState], u: UnitState) -> bool:
    """ROR-69: onto the titan hex, or if it is occupied onto the first free inner hex clockwise from a d6;
    the summoned unit then moves at once (ROR-78). False when no hex is free (the chip stays where it was)."""
    s = g.state
    home = s.grid.tagged("center")[0]
    h = home if s.board[home] < 0 else inner_clockwise(s, d6(g), s.titan_troop)
    if h < 0:
        s.say(f"no free hex to summon {u.name}")
        return False
    rules.deploy(g, u, h)
    s.summoned += 1
    s.say(f"{card(s).unit.name} summons {u.name} onto hex {h}")
    shard_bound_move(g, u)
    return True


def _call_forth(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-69: one gladiator from the top of the pile (each at most once, ROR-59)."""
    s = g.state
    for _ in range(arg or 1):
        if not s.pile:
            s.say("the pile is empty: nothing to call forth")
            return
        u = s.units[s.pile[0]]
        if not summon(g, u):
            return
        s.pile.pop(0)
        if s.end_reason is not None:
            return


def _greater_call_forth(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-70: a CF gladiator if one can be summoned (ruling R-ROR-17: the CF gladiators the players did not
    draw, each once), else two gladiators from the pile."""
    s = g.state
    if s.cf_pile:
        u = s.units[s.cf_pile[0]]
        if summon(g, u):
            s.cf_pile.pop(0)
            return
    _call_forth(g, titan, 2)


def titan_range(s: TitanState, titan: UnitState) -> int:
    """ROR-66: Attack Range 1 + X, X the active shards in play (the card's `range_per_shard` each)."""
    return rules.range_of(s, titan) + card(s).range_per_shard * active_shards(s)


def _basic_attack(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-71: a Basic Attack with the card's dice on the closest > weakest opposing unit within the current
    Attack Range (straight hex distance: attacks count range through anything, ROR-34). None on an inner hex
    (ROR-9)."""
    s = g.state
    if s.is_muted(titan):
        return
    r = titan_range(s, titan)
    row = s.grid.dist[titan.hex]
    opp = [o for o in s.opponents_of(titan.troop) if row[o.hex] <= r]
    target = choose(g, opp, lambda o: row[o.hex], lambda o: o.hp)
    if target is not None:
        rules.attack(g, titan, target)


def _tidal_wave(g: Game[TitanState], titan: UnitState, arg) -> None:
    """Rise of Rome, "Example Titan Card: Oceanus", Tidal Wave (ROR-72; ruling R-ROR-20): roll a d6; every unit on the
    straight line from the titan in that direction is drawn along it toward him as close as it can come (nearest
    first; a displacement, not a move; chips that cannot move, pillars and archers, stay, and so does a Stationed unit,
    which cannot be displaced, ROR-101); then every opposing unit within 1 + X hexes, all around, takes 1 damage."""
    s = g.state
    face = d6(g)
    grid = s.grid
    line = []
    h = grid.compass_step(titan.hex, face)
    while h >= 0:
        line.append(h)
        h = grid.compass_step(h, face)
    for i, h in enumerate(line):
        uid = s.board[h]
        if uid < 0 or uid == titan.uid:
            continue
        u = s.units[uid]
        if is_pillar(u) or u.unit.movement == 0 or rules.is_stationed(s, u):
            continue
        dest = h
        for j in range(i - 1, -1, -1):
            x = line[j]
            if s.board[x] >= 0 or grid.move_block[x] or not s.can_occupy(u.troop, x):
                break
            dest = x
        if dest != h:
            rules.displace(g, u, dest, by=titan)
    r = 1 + card(s).range_per_shard * active_shards(s)
    row = grid.dist[titan.hex]
    for o in list(s.opponents_of(titan.troop)):
        if row[o.hex] <= r and o.zone == COMBAT:
            rules.damage(g, o, 1, source=titan, what="Tidal Wave")
            if s.end_reason is not None:
                return


def _quake(g: Game[TitanState], titan: UnitState, arg) -> None:
    """Stand-in cards: N damage to every opposing unit within the titan's Attack Range."""
    s = g.state
    if s.is_muted(titan):
        return
    r = titan_range(s, titan)
    row = s.grid.dist[titan.hex]
    for o in list(s.opponents_of(titan.troop)):
        if row[o.hex] <= r and o.zone == COMBAT:
            rules.damage(g, o, arg or 1, source=titan, what="quake")
            if s.end_reason is not None:
                return


def _trident_stun(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-73: stun (flip, ROR-103) the closest unit holding a titan shard, anywhere."""
    s = g.state
    row = s.grid.dist[titan.hex]
    target = choose(g, shard_holders(s), lambda o: row[o.hex])
    if target is not None:
        flip(g, target, titan.troop)


def _trident_storm(g: Game[TitanState], titan: UnitState, arg) -> None:
    """ROR-73: stun every unit holding a titan shard."""
    s = g.state
    for u in shard_holders(s):
        flip(g, u, titan.troop)


ACTIONS: dict[str, Callable[[Game[TitanState], UnitState, Any], None]] = {
    "move-d6": _move_d6, "move-toward": _move_toward, "call-forth": _call_forth,
    "greater-call-forth": _greater_call_forth, "basic-attack": _basic_attack, "tidal-wave": _tidal_wave,
    "quake": _quake, "trident-stun": _trident_stun, "trident-storm": _trident_storm,
}


# --------------------------------------------------------------------------- summoned units (ROR-75..ROR-80)


def shard_bound_target(g: Game[TitanState], u: UnitState) -> UnitState | None:
    """ROR-76 (Shard Bound): the closest (by route) > weakest shard holder; with no active shard the closest >
    weakest champion."""
    s = g.state
    cands = shard_holders(s) or [s.units[s.troops[p].primary_hero] for p in s.players
                                 if s.units[s.troops[p].primary_hero].zone == COMBAT]
    if not cands:
        return None
    dist = route_from(s, u.hex, u)
    far = 10 ** 6
    return choose(g, cands, lambda o: far if dist[o.hex] is None else dist[o.hex], lambda o: o.hp)


def shard_bound_move(g: Game[TitanState], u: UnitState) -> None:
    """ROR-76, ROR-77: a summoned unit moves up to its Move Range toward its Shard Bound target."""
    s = g.state
    if not can_act(s, u):
        return
    target = shard_bound_target(g, u)
    if target is not None:
        move_toward(g, u, target, rules.movement_of(s, u))


def shard_bound_attack(g: Game[TitanState], u: UnitState) -> None:
    """ROR-76, ROR-79: a Basic Attack (never an Alternate Attack; no Abilities; its Innates work through the
    attack's hooks) on, within its Attack Range: the weakest shard holder > the weakest champion > the weakest
    unit; nothing on an inner hex (ROR-9)."""
    s = g.state
    if not can_act(s, u) or s.is_muted(u):
        return
    r = rules.range_of(s, u)
    row = s.grid.dist[u.hex]
    opp = [o for o in s.opponents_of(u.troop) if row[o.hex] <= r]
    if not opp:
        return
    holders = {h for h in s.shards if h >= 0}
    target = choose(g, opp, lambda o: 0 if o.uid in holders else (1 if o.is_primary_hero else 2), lambda o: o.hp)
    if target is not None:
        rules.attack(g, u, target)


# --------------------------------------------------------------------------- set-up


def choose_tactic(g: Game[TitanState], p: int) -> None:
    """ROR-57, ROR-83: the player chooses one of the city's four tactics for the bag ("select-tactic")."""
    s = g.state
    t = rome_troop(s, p)
    tactics = list(s.city_tactics[p]) if s.city_tactics else list(s.mode.catalog.faction_tactics(t.faction))
    tid = g.ask(p, "select-tactic", [x.id for x in tactics], optional=False)
    t.tactics_bag = [x for x in tactics if x.id == tid]
    t.tactics_camp.clear()
    t.tactics_discard.clear()
    s.say(f"{t.faction} takes the tactic {t.tactics_bag[0].name}")


def setup(catalog: Catalog, titan: str, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          second: str | None = None, city: str = "own") -> TitanState:
    """ROR-56..ROR-59, ROR-82, ROR-83 (the tactic and the champions' hexes are chosen in `begin`). `city`
    "origins": each player's champion with custom build p of `origins_builds` (ORI-53, R-ORI-21)."""
    if catalog.ruleset != RULESET:
        raise InputError(f"rise-of-rome-titan needs the Rise of Rome catalog, got the {catalog.ruleset} one")
    factions = tuple(factions)
    if len(factions) not in (1, 2) or len(set(factions)) != len(factions):
        raise InputError(f"rise-of-rome-titan: one city solo or two different cities co-op, got {factions}")
    first = catalog.titan(titan)
    if not isinstance(first, RorTitan):
        raise InputError(f"{titan!r} is no Rise of Rome titan")
    cards = [first]
    if len(factions) == 2:
        # ROR-82: two random titans one at a time; the chosen (or swept) one first, the second drawn at random
        # from the others (ruling R-ROR-21).
        others = sorted(t for t in catalog.titans if t != titan)
        cards.append(catalog.titan(second) if second else catalog.titan(others[int(rng.integers(len(others)))]))
    grid = HexGrid.of(catalog.arena(ARENA))
    n = len(factions)
    builds = origins_builds() if city == ORIGINS else ()
    units: list[UnitState] = []
    troops: list[TroopState] = []
    cf = sorted(catalog.units_of_kind("cf-gladiator"), key=lambda u: u.id)
    archers = sorted(catalog.units_of_kind("fa-archer"), key=lambda u: u.id)
    for p, fid in enumerate(factions):
        t = RomeTroop(index=p, side="red", faction=fid, hand_size=SOLO_HAND if n == 1 else COOP_HAND, health=POOL)
        hero = UnitState(len(units), catalog.unit(catalog.faction(fid).hero), p, zone=CAMP, active=False,
                         is_primary_hero=True)
        units.append(hero)
        t.primary_hero = hero.uid
        own = catalog.faction_units(fid)
        if city == ORIGINS:  # ORI-53: the champion stays, its 14 chips are Origins' (the catalog's copies)
            own = tuple(replace(catalog.unit(u.id), faction=fid) for u in builds[p % ORIGINS_BUILDS][0])
        for un in own:
            units.append(UnitState(len(units), un, p, zone=TRACK))  # out of the game until drawn for the bag
        troops.append(t)
    tt = n
    troops.append(TroopState(index=tt, side="blue", faction=f"titan:{first.id}", health=TITAN_SUPPLY))
    supply = {**dict(catalog.game.health_chips), TITAN_SUPPLY: TITAN_CHIPS}
    mode = RiseOfRomeTitan(cards, catalog)
    s = TitanState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                   supply_start=dict(supply), order=[*range(n), tt], log=[] if log else None, mode=mode,
                   teams=[0] * n + [1], players=list(range(n)), titan_troop=tt, titan_damage=[0] * (n + 1),
                   champion_hex=[-1] * n,
                   city_tactics=[builds[p % ORIGINS_BUILDS][1] for p in range(n)] if builds else [])
    s.say(f"Set-up: Rise of Rome against {first.unit.name}" + (f", then {cards[1].unit.name}" if n == 2 else "")
          + ", " + ("co-op " if n == 2 else "solo ") + " and ".join(factions)
          + (" (custom cities of Origins chips, ORI-53)" if builds else ""))
    lay_out(s, rng, cf, archers)
    return s


def lay_out(s: TitanState, rng: np.random.Generator, cf: Sequence[Unit], archers: Sequence[Unit]) -> None:
    """What is set up for each titan (ROR-56..ROR-59, ROR-83; in co-op again for the second, ROR-82): the
    players' bags, the shared meter (a random CF gladiator on its center, the players' four F/A chips on the
    other circles, every reward theirs: ROR-58), the titan on the titan hex, four pillars, the pile."""
    cat: Catalog = s.mode.catalog
    c = card(s)
    n = len(s.players)
    m = meter_troop(s)
    take = SOLO_GLADIATORS if n == 1 else COOP_GLADIATORS
    for p in s.players:
        mine = [u for u in s.units if u.troop == p and u.unit.kind == "unit" and not u.is_primary_hero]
        for u in mine:
            u.zone = TRACK
        for i in rng.permutation(len(mine))[:take]:
            mine[int(i)].zone = BAG
    m.cf_target, m.favor = -1, 0
    m.cf_done = [False] * 5
    m.cf_unlocked = m.reroll = m.far_open = False
    m.fa_earned = []
    cf_pick = [int(i) for i in rng.permutation(len(cf))] if cf else []
    if cf:
        u = UnitState(len(s.units), cf[cf_pick[0]], m.index, zone=TRACK)
        s.units.append(u)
        m.cf_gladiator = u.uid
    if archers:
        for k, slot in enumerate((favor.FAR_LEFT, favor.MID_LEFT, favor.FAR_RIGHT, favor.MID_RIGHT)):
            u = UnitState(len(s.units), archers[k % len(archers)], m.index, zone=TRACK)
            s.units.append(u)
            m.meter_chips[slot] = u.uid
    tt = s.titan_troop
    s.troops[tt].faction = f"titan:{c.id}"
    titan = UnitState(len(s.units), c.unit, tt, zone=CAMP)
    s.units.append(titan)
    s.titan_uid = titan.uid
    rules.place_at_setup(s, titan, s.grid.tagged("center")[0])
    pillar = replace(PILLAR, health=c.pillar_health)
    s.pillars, s.shards = [], []
    for h in s.grid.tagged("pedestal"):
        u = UnitState(len(s.units), pillar, tt, zone=CAMP)
        s.units.append(u)
        rules.place_at_setup(s, u, h)
        s.pillars.append(u.uid)
        s.shards.append(STANDS)
    # ROR-59, ROR-83: Oceanus's pile: another city's ten gladiators, face down; co-op needs a third city (The
    # Lost Cities'), which this catalog lacks: the stand-in pile is ten of the gladiators the two players left
    # out of their bags (ruling R-ROR-22).
    s.pile = []
    if c.summons == "other-city":
        played = {s.troops[p].faction for p in s.players}
        others = [f for f in sorted(cat.factions) if f not in played]
        if others:
            chips = list(cat.faction_units(others[0]))
        else:
            chips = [u.unit for u in s.units if u.troop in s.players and u.unit.kind == "unit" and u.zone == TRACK]
        order = [int(i) for i in rng.permutation(len(chips))][:PILE]
        for i in order:
            u = UnitState(len(s.units), chips[i], tt, zone=CAMP)
            s.units.append(u)
            s.pile.append(u.uid)
    s.cf_pile = []
    if c.summons != "none":
        for i in cf_pick[1:]:
            u = UnitState(len(s.units), cf[i], tt, zone=CAMP)
            s.units.append(u)
            s.cf_pile.append(u.uid)
    s.say(f"{c.unit.name} stands on the titan hex with {titan.hp} HP; four pillars of {c.pillar_health} Health on the "
          f"pedestals" + (f"; a pile of {len(s.pile)} gladiators" if s.pile else ""))


def next_titan(g: Game[TitanState]) -> None:
    """Rise of Rome, "Titan 2-Player Co-op Rules" (ROR-82): the first titan has fallen: reset everything but the
    champions' Health (their hexes, inactive
    again), and the second titan comes. The round stops here; the next starts with player 1."""
    s = g.state
    keep = {s.troops[p].primary_hero for p in s.players}
    for u in list(s.in_combat()):
        if u.uid not in keep:
            rules.withdraw(g, u, DISCARD, discard=lambda pt: pt.tactic.id != "ror-stun-flip")
    for h in list(s.footholds):
        rules.remove_foothold(g, h)
    for p in s.players:
        hero = s.units[s.troops[p].primary_hero]
        for pt in list(hero.tactics):
            hero.tactics.remove(pt)
        hero.active = False
        home = s.champion_hex[p]
        if hero.hex != home and s.board[home] < 0:
            s.board[hero.hex] = -1
            s.board[home] = hero.uid
            hero.hex = home
        for u in s.units:
            if u.troop == p and u.zone in (CAMP, BAG):
                u.zone = TRACK
    for u in s.units:  # the first titan's summons, pile and chips leave the game
        if u.troop == s.titan_troop and u.zone == CAMP:
            u.zone = DISCARD
        if u.unit.kind in ("fa-archer", "cf-gladiator") and u.troop in s.players and u.zone in (TRACK, CAMP):
            u.zone = TRACK if not u.entered else DISCARD
    m = meter_troop(s)
    m.meter_chips = [-1] * 5
    s.stage += 1
    s.end_reason = None
    s.winner = None
    cat: Catalog = s.mode.catalog
    lay_out(s, g.rng, sorted(cat.units_of_kind("cf-gladiator"), key=lambda u: u.id),
            sorted(cat.units_of_kind("fa-archer"), key=lambda u: u.id))
    s.say(f"-- The second titan: {card(s).unit.name}")
    for p in s.players:
        choose_tactic(g, p)
        phase.draw(g, p)


# --------------------------------------------------------------------------- the result


def result_of(s: TitanState) -> GameResult:
    """ROR-17, ROR-61, ROR-82: won when the (last) titan fell with every champion alive; lost when a champion
    fell; the round cap is a draw."""
    reason = s.end_reason or "unfinished"
    outcome = WON if s.won else DRAW if reason.startswith("round cap") else LOST
    troops = [TroopResult(t.index, t.faction, t.side, 0, outcome, t.deployed, t.damage_dealt, t.kills, t.units_lost,
                          t.favor_total, t.rewards, t.tactic_damage, t.tactic_kills,
                          {"titan_damage": s.titan_damage[t.index]})
              for t in s.troops[: len(s.players)]]
    titan = s.units[s.titan_uid]
    cards = s.mode.cards
    return GameResult(
        mode=s.mode.name, ruleset=RULESET, arena=ARENA, factions=tuple(s.troops[p].faction for p in s.players),
        rounds=s.round, end_reason=reason, first_player=0, troops=troops,
        units=player_units(s, s.players, skip_zones=(BAG, TRACK)),
        unimplemented=unimplemented_in_game(s),
        extras={"titan": cards[0].id, "titan_2": cards[1].id if len(cards) > 1 else None, "players": len(s.players),
                "titan_hp": titan.hp if titan.zone == COMBAT else (0 if titan.zone == DISCARD else titan.unit.health),
                "titans_defeated": s.titans_defeated, "pillars_destroyed": s.pillars_destroyed,
                "summoned": s.summoned, "titan_turns": s.titan_turns},
        log=s.log,
    )


__all__ = ["RiseOfRomeTitan", "TitanState", "setup", "titan_turn"]
