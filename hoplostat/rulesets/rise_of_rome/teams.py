"""Rise of Rome, two against two on The Lost Cities' arena (mode `rise-of-rome-2x2`; rulebooks/rise-of-rome.txt,
"2 x 2 Player Rules for Hoplo: TLC Arena"; ROR-86..ROR-89).

The game is The Lost Cities' player-against-player game on the Pozzuoli arena (`lost_cities.mode.LostCities`:
its phase order, trapdoors, beasts and criminals, stones and crowd favor meter), changed as the book says:
four players in two teams, seats a and c against seats b and d, turns A1, B1, A2, B2 (ROR-89); each player's
city drawn from the emblems of all five cities, a bag of one gladiator of each type and two chosen tactics,
two prep circles (ROR-87); the two-playable-chips check, one meter per team, only a player's own units on the
stones earning favor, Abilities helping teammates once per round (ROR-88); a team wins when both opposing
champions have fallen, and a player whose champion fell plays no more chips while its gladiators fight on
(ROR-86).

Two boxes, one catalog: the mode is Rise of Rome's, so it is handed the Rise of Rome catalog; `play_catalog` (its
`Mode.catalog_of`) adds The Lost Cities' cities, arena units, CF chips and the Pozzuoli arena from that rule set's own
embedded catalog. Their chips keep `Unit.ruleset == "lost-cities"`, so the registry plays each chip by its own box's
skill texts (a Lost Cities Stun is TLC's, a Rome Stun Rise of Rome's) (ruling R-ROR-40).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from hoplostat.catalog.frozen import FrozenMap
from hoplostat.catalog.model import Catalog
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import (
    DRAW,
    LOST,
    WON,
    GameResult,
    GameSpec,
    Matchup,
    default_roller,
    player_units,
    register_mode,
)
from hoplostat.engine.mode import SEAT_LETTERS, Heuristics, TroopResult, per_seat, sample_pods, side_counts
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller, plays
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK, GameState, TeamGameState, TroopState, UnitState
from hoplostat.engine.steps import each_once, engage_step
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.classic.goals import champions_taken
from hoplostat.rulesets.lost_cities.base import ARENA_CHIPS, ARENA_POOL, LEVELS, POOL
from hoplostat.rulesets.lost_cities.base import RULESET as TLC
from hoplostat.rulesets.lost_cities.favor import LEVEL_EFFECTS, LostTroop, lost_troop
from hoplostat.rulesets.lost_cities.mode import LostCities, bag_count, hand_count, roll_off
from hoplostat.rulesets.lost_cities.skills import ATTACK_ABILITIES
from hoplostat.rulesets.rise_of_rome.base import RULESET
from hoplostat.rulesets.rise_of_rome.skills import lift_flips

ARENA = "pozzuoli"
CITIES = ("rome", "pompeii", "atlantis", "xanadu", "el-dorado")
"""ROR-87: the city emblems of both boxes."""
HAND = 2
"""ROR-87: two prep area circles per player."""
CHIPS_NEEDED = 2
SHORT_DAMAGE = 2
TACTICS_CHOSEN = 2
KILL_FAVOR = 2
TEAM_NAMES = ("a", "b")
ROR_ATTACK_ABILITIES = frozenset({"impel", "consuming-impel"})
"""Rise of Rome's attack-phase Abilities (ROR-92, ROR-94), used in the attack phase with TLC's (R-ROR-5)."""
DEFAULT_PODS = 10


def team_of_seat(seat: int) -> int:
    """ROR-89: seats a and c are team A, b and d team B, so turns alternate teams."""
    return seat % 2


# --------------------------------------------------------------------------- the catalog of both boxes

_COMBINED: dict[tuple, Catalog] = {}


def play_catalog(catalog: Catalog) -> Catalog:
    """ROR-86 ("You will need both Hoplo: TLC and Hoplo: RoR games"; ruling R-ROR-40): the Rise of Rome
    catalog (with its overlays) plus The Lost Cities' embedded catalog: its factions, units, tactics, skills and
    arena added where Rise of Rome has no entry of that id (the one clash, the CF gladiator id "cf-gladiator-b",
    keeps Rise of Rome's entry; the mode takes TLC's CF gladiators from TLC's catalog). Chips keep their own rule
    set. The hash stays the Rise of Rome catalog's (what a replay checks)."""
    if catalog.ruleset != RULESET:
        raise InputError(f"rise-of-rome-2x2 needs the Rise of Rome catalog, got the {catalog.ruleset} one")
    if "atlantis" in catalog.factions and ARENA in catalog.arenas:
        return catalog
    key = (catalog.hash, catalog.sources)
    got = _COMBINED.get(key)
    if got is None:
        from hoplostat.catalog import load

        tlc = load((), use_env=False, ruleset=TLC)

        def merged(a, b):
            return FrozenMap({**{k: v for k, v in b.items() if k not in a}, **a})

        got = replace(catalog, factions=merged(catalog.factions, tlc.factions), units=merged(catalog.units, tlc.units),
                      skills=merged(catalog.skills, tlc.skills), tactics=merged(catalog.tactics, tlc.tactics),
                      arenas=merged(catalog.arenas, tlc.arenas))
        _COMBINED[key] = got
    return got


def tlc_catalog() -> Catalog:
    from hoplostat.catalog import load

    return load((), use_env=False, ruleset=TLC)


def gladiator_type(unit) -> str:
    """ROR-87 (ruling R-ROR-41): a gladiator's type is the stem of its id ("rome/attacker-2": attacker); the
    special (city) gladiators are one type."""
    return unit.id.split("/")[-1].rsplit("-", 1)[0]


def one_of_each_type(catalog: Catalog, fid: str) -> list:
    """ROR-87 (ruling R-ROR-41): the first gladiator of each type in catalog order (Rise of Rome's cities have
    five types, so seven chips with the two tactics; The Lost Cities' six, brawlers too, so eight)."""
    seen: set[str] = set()
    out = []
    for un in catalog.faction_units(fid):
        k = gladiator_type(un)
        if k not in seen:
            seen.add(k)
            out.append(un)
    return out


# --------------------------------------------------------------------------- state


@dataclass(slots=True)
class TeamsState(TeamGameState):
    """Four players (troops 0..3, teams by seat) and the arena's troop (4, a team of its own); one crowd favor
    meter per team, kept by the team's first player in turn order (`keeper`)."""

    trapdoor_kills: int = 0
    arena_troop: int = 4
    keeper: list[int] = field(default_factory=lambda: [-1, -1])
    team_favor: list[int] = field(default_factory=lambda: [0, 0])
    team_level: list[int] = field(default_factory=lambda: [0, 0])
    winner_team: int | None = None
    first: int = 0
    round_start: int = 0
    """The first turn number of the current round (ROR-88: each Ability once per round)."""
    tactic_choices: list[tuple] = field(default_factory=list)
    """Per player: its city's tactics, two of which it chooses for its bag (ROR-87, `begin`)."""
    """The first turn number of the current round (ROR-88: each Ability once per round)."""

    def mates(self, team: int) -> list[int]:
        return [p for p in self.order if self.teams[p] == team]


def fallen(s: TeamGameState, troop: int) -> bool:
    """ROR-86: the player's champion has fallen (it entered the arena and is no longer in it)."""
    hero = s.units[s.troops[troop].primary_hero]
    return hero.times_defeated > 0 or (hero.entered and hero.zone != COMBAT)


@register_mode
class RiseOfRome2x2(LostCities):
    """Two teams of two on Pozzuoli (hooks and turns; stateless, shared by clones)."""

    name = "rise-of-rome-2x2"
    ruleset = RULESET
    summary = ("Rise of Rome, 2 x 2 on The Lost Cities' arena: two teams of two (cities drawn from all five); "
               "defeat both opposing champions")
    arenas = (ARENA,)
    seats = (4,)
    teams = "seats a and c against seats b and d; beasts and criminals against all"
    first_player_random = True
    default_max_rounds = 60
    analysis = "teams"
    success = "the team of seats a and c wins"
    columns = {"games": {"winner": "str", "winner_factions": "str", "rounds": "int", "end_reason": "str",
                         "first_seat": "str", "faction_c": "str", "faction_d": "str",
                         "team_a_favor": "int", "team_b_favor": "int", "team_a_level": "int", "team_b_level": "int",
                         "arena_entered": "int", "trapdoor_kills": "int",
                         **per_seat("abcd", "units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor",
                                    "hero_defeated")}}
    heuristics = Heuristics(wakes=False)

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.rise_of_rome.players import RiseOfRome2x2Greedy

        return RiseOfRome2x2Greedy
    stunned_beasts_lock = False
    """ROR-103, Stun: "Stunned beasts cannot lock players in place": a beast under any stun (a Stun's flip or
    mark, a Stun tactic) engages nobody (`lost_cities.base.locks`; ruling R-ROR-49)."""

    __slots__ = ()

    # --- the catalog and the spec -------------------------------------------------------------------
    @classmethod
    def catalog_of(cls, catalog: Catalog, options: tuple = ()) -> Catalog:
        return play_catalog(catalog)

    @classmethod
    def validate(cls, catalog: Catalog, spec: GameSpec) -> GameSpec:
        return super().validate(play_catalog(catalog), spec)

    @classmethod
    def default_spec(cls, catalog: Catalog, rng: np.random.Generator) -> GameSpec:
        """ROR-87 (ruling R-ROR-42): each player draws a city emblem from the bag of all five, without
        replacement (one emblem per city), in seat order."""
        picks = [CITIES[int(i)] for i in rng.choice(len(CITIES), size=4, replace=False)]
        return GameSpec(cls.name, tuple(picks), ARENA, "")

    @classmethod
    def matchups(cls, factions: Sequence[str], *, arenas: Sequence[str], titans: Sequence[str], coop: bool,
                 players: int = 0, pods: int = 0, seed: int = 0) -> list[Matchup]:
        """Sampled pods of four different cities, each in a random seating (the emblem draw, ROR-87); the
        Rise of Rome catalog alone names two cities, so with fewer than four given the pool is all five."""
        pool = list(factions) if len(set(factions)) >= 4 else list(CITIES)
        return [Matchup(cls.name, ARENA, pod[0], pod[1], "a", more=tuple(pod[2:]))
                for pod in sample_pods(pool, 4, pods or DEFAULT_PODS, seed)]

    @classmethod
    def spec_of(cls, m: Matchup, max_rounds: int) -> GameSpec:
        return GameSpec(cls.name, m.factions, m.arena, "", None, max_rounds)

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        dice = default_roller(rng, roller)
        first = spec.first if spec.first is not None else roll_off(dice)
        s = setup(play_catalog(catalog), spec.factions, rng=rng, log=log, first_player=first, mode=cls())
        return Game(s, dice, cls.player_controllers(controllers, 4, cls.name), rng)

    # --- set-up ---------------------------------------------------------------------------------
    def begin(self, g: Game) -> None:
        """ROR-87: each player, in turn order, secretly chooses two of its city's tactics ("select-tactic");
        then each sets its inactive champion on a free champion start hex (TLC-19)."""
        assert plays(g, TeamsState)
        s = g.state
        for p in s.order:
            t = lost_troop(s, p)
            left = list(s.tactic_choices[p])
            for _ in range(TACTICS_CHOSEN):
                if not left:
                    break
                tid = g.ask(p, "select-tactic", [x.id for x in left], optional=False)
                k = next(i for i, x in enumerate(left) if x.id == tid)
                t.tactics_bag.append(left.pop(k))
            s.say(f"{t.faction} ({t.side}) puts one gladiator of each type and two tactics in its bag")
        LostCities.begin(self, g)

    def start_round(self, g: Game[TeamsState]) -> None:
        s = g.state
        s.round_start = s.turn + 1

    # --- the round ------------------------------------------------------------------------------
    # ROR-89: A1, B1, A2, B2 from the first player, the same every round (`LostCities.round_turns` over
    # `s.order`); then the arena's turn (TLC-52).
    attack_abilities = ATTACK_ABILITIES | ROR_ATTACK_ABILITIES

    def arena_troop(self, s: GameState) -> int:
        assert isinstance(s, TeamsState)
        return s.arena_troop

    def before_attack_abilities(self, g: Game, troop: int) -> tuple:
        return (("flips", lambda: lift_flips(g, troop)),)

    # --- ROR-88: the two-chips check -------------------------------------------------------------------
    def playable_chips(self, s: TeamsState, troop: int) -> int:
        """ROR-88 (ruling R-ROR-43): the player's own city chips on its prep circles plus the team's shared
        CF chips it can play (its earned CF tactics, and the team's unlocked CF gladiator not yet deployed)."""
        t = lost_troop(s, troop)
        keeper = lost_troop(s, s.keeper[s.teams[troop]])
        cf = len(t.cf_hand) + int(keeper.cf_unlocked and keeper.cf_gladiator >= 0
                                  and s.units[keeper.cf_gladiator].zone == TRACK)
        return hand_count(s, troop) + cf

    def short_of_chips(self, s: GameState, troop: int) -> bool:
        """ROR-88 (ruling R-ROR-43; rulebook "2 x 2 Player Rules", modification 1): TLC's end-game check
        (TLC-24, R-TLC-14: at the start of the turn, once the bag is empty) with two chips in place of full
        circles: fewer than two playable chips, and the champion takes 2 damage."""
        assert isinstance(s, TeamsState)
        return bag_count(s, troop) == 0 and self.playable_chips(s, troop) < CHIPS_NEEDED

    # --- ROR-86: a fallen champion's player ------------------------------------------------------------
    def draw(self, g: Game, troop: int) -> None:
        """ROR-86 (ruling R-ROR-44): a player whose champion fell draws no more (it plays no more chips);
        otherwise TLC's draw to its two circles."""
        assert plays(g, TeamsState)
        if fallen(g.state, troop):
            return
        LostCities.draw(self, g, troop)

    def chip_limit(self, s: GameState, troop: int) -> int:
        """ROR-86: no chip once the player's champion fell; otherwise TLC-26 (one chip on the first player's
        first turn, then up to two)."""
        assert isinstance(s, TeamsState)
        if fallen(s, troop):
            return 0
        return LostCities.chip_limit(self, s, troop)

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """TLC-8, TLC-44 for the team: the six deployment hexes of the team's side, all twelve from its
        meter's level 2 (ruling R-ROR-45: teammates share their side, as in Remastered's Alliance)."""
        return LostCities.deployment_hexes(self, s, troop)

    def gladiator_options(self, s: GameState, troop: int) -> list[tuple[int, int]]:
        """TLC-27, TLC-46: a gladiator from the hand, or the team's unlocked CF gladiator (either teammate may
        deploy it: ROR-88 "share the rewards")."""
        assert isinstance(s, TeamsState)
        keeper = lost_troop(s, s.keeper[s.teams[troop]])
        hexes = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0]
        if not hexes:
            return []
        left = s.supply[s.supply_of(troop)]
        units = [u for u in s.units if u.troop == troop and u.zone == CAMP and u.active]
        if keeper.cf_unlocked and keeper.cf_gladiator >= 0 and s.units[keeper.cf_gladiator].zone == TRACK:
            units.append(s.units[keeper.cf_gladiator])
        return [(u.uid, h) for u in units if u.unit.health <= left for h in hexes]

    def place(self, g: Game, uid: int, h: int) -> None:
        s = g.state
        u = s.units[uid]
        if u.zone == TRACK:  # the team's CF gladiator joins the deploying player's troop
            u.troop = s.active
        rules.deploy(g, u, h)

    # --- ROR-88: Abilities once per round, for either teammate ---------------------------------------
    def ability_step(self, g: Game, troop: int, which: frozenset[str]) -> None:
        """ROR-88 (ruling R-ROR-46; "Abilities may only be used once per round (either player's turn, but in
        the correct phase)"): in the phase's Ability step of a player's turn, the Abilities of both teammates'
        units may be used, each Ability of a unit once per round (not once per turn, TLC-34); the player whose
        turn it is decides."""
        assert plays(g, TeamsState)
        s = g.state

        def usable(s_, u: UnitState) -> bool:
            return phase.gives_reach(s_, u) and not (u.is_primary_hero and s_.is_dazed(u))

        def build() -> list:
            out: list[tuple] = []
            for p in s.mates(s.teams[troop]):
                out.extend(o for o in rules.ability_options(g, p, usable=usable)
                           if o[1] in which and s.units[o[0]].abilities_used.get(o[1], -1) < s.round_start)
            return out

        each_once(g, troop, "ability", build, lambda choice: rules.use_ability(g, troop, choice))

    def attack(self, g: Game, troop: int) -> None:
        """Each unit one Basic or Alternate Attack (TLC-35..TLC-38); a unit a Rise of Rome Consuming Impel
        chose this turn may make its second attack an Alternate one (ROR-92)."""
        s = g.state
        t = lost_troop(s, troop)
        engage_step(g, troop, second_any=lambda u: t.granted_any == (s.turn, u.uid), special_ends_impel=False)

    # --- ROR-88: one meter per team --------------------------------------------------------------------
    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        """ROR-88 (ruling R-ROR-47): the favor a player earns moves its team's one meter (TLC's levels,
        R-TLC-3); each level reached gives its arena effect to both teammates, its CF tactic and the arena chip
        lying on it to the teammate who earned it. Only the player's own units' stones count (the stones are
        counted per troop in the draw phase, TLC-21)."""
        assert plays(g, TeamsState)
        s = g.state
        if n <= 0 or troop not in s.players:
            return
        team = s.teams[troop]
        t = lost_troop(s, troop)
        t.favor_total += n
        s.team_favor[team] += n
        s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why}), team {TEAM_NAMES[team].upper()} "
              f"{s.team_favor[team]} in all")
        while s.team_level[team] < len(LEVELS) and s.team_favor[team] >= LEVELS[s.team_level[team]]:
            s.team_level[team] += 1
            self.reach(g, troop, s.team_level[team])
            if s.end_reason is not None:
                return

    def reach(self, g: Game[TeamsState], troop: int, level: int) -> None:
        s = g.state
        team = s.teams[troop]
        keeper = lost_troop(s, s.keeper[team])
        cur = lost_troop(s, troop)
        keeper.rewards += 1
        s.say(f"team {TEAM_NAMES[team].upper()} reaches crowd favor level {level}: {LEVEL_EFFECTS[level]}")
        for p in s.mates(team):
            t = lost_troop(s, p)
            t.level = level
            t.favor = min(s.team_favor[team], LEVELS[-1])
            if level == 1:
                hero = s.units[t.primary_hero]
                if not hero.active and hero.zone == COMBAT:
                    hero.active = True
                    if s.active == p:
                        hero.deployed_turn = s.turn  # TLC-43
                    s.say(f"{hero.name} is activated")
            elif level == 2:
                t.all_deploy = True
            elif level == 3:
                t.initiative = True
            elif level == 4:
                t.cf_unlocked = keeper.cf_gladiator >= 0
        if level <= len(keeper.reward_tactics):
            tac = keeper.reward_tactics[level - 1]
            cur.tactics_camp.append(tac)
            cur.cf_hand.append(tac)
            s.say(f"{cur.faction} ({cur.side}) may now use the CF tactic {tac.name}")
        chip = keeper.meter_chips[level - 1]
        if chip >= 0:
            keeper.meter_chips[level - 1] = -1
            s.units[chip].zone = BAG
            cur.arena_bag.append(chip)
            s.say(f"{s.units[chip].name} goes from the meter into the bag of {cur.faction} ({cur.side})")

    # --- ROR-86: the win -------------------------------------------------------------------------------
    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        """ROR-86: both champions of a team fallen (at any times): the other team wins; one fallen: its player
        plays on with the gladiators it has in the arena. TLC-38, TLC-39: 2 favor for defeating an opposing
        gladiator or an arena unit."""
        assert plays(g, TeamsState)
        s = g.state
        if u.is_primary_hero and u.troop in s.players:
            team = s.teams[u.troop]
            s.say(f"{s.troops[u.troop].faction}'s champion has fallen: it plays no more chips")
            if all(fallen(s, m) for m in s.mates(team)):
                self.team_wins(g, 1 - team, "both opposing champions defeated")
            return
        if source_troop is not None and source_troop in s.players and s.teams[source_troop] != s.teams[u.troop]:
            self.gain_favor(g, source_troop, KILL_FAVOR, f"defeating {u.name}")

    def team_wins(self, g: Game[TeamsState], team: int, reason: str) -> None:
        s = g.state
        if s.end_reason is None:
            s.winner_team = team
        self.end(g, reason, None)

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        assert plays(g, TeamsState)
        s = g.state
        if s.winner_team is None:
            return f"Game over: {reason}; draw"
        names = " and ".join(s.troops[m].faction for m in s.mates(s.winner_team))
        return f"Game over: {reason}; team {TEAM_NAMES[s.winner_team].upper()} ({names}) wins"

    def objective(self, g: Game, troop: int) -> float:
        """ROR-86 (a team wins when both opposing champions have fallen): `CHAMPION_TROPHY` times the shares of
        the two opposing champions' Health taken (a fallen one counts whole), less the same for the troop's
        own team's two (`classic.goals.champions_taken`)."""
        return self.CHAMPION_TROPHY * champions_taken(g.state, troop)

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game, spec: GameSpec) -> GameResult:
        assert plays(g, TeamsState)
        s = g.state
        troops = []
        for p in s.players:
            t = lost_troop(s, p)
            team = s.teams[p]
            out = DRAW if s.winner_team is None else (WON if team == s.winner_team else LOST)
            troops.append(TroopResult(
                t.index, t.faction, t.side, team, out, t.deployed, t.damage_dealt, t.kills, t.units_lost,
                t.favor_total, s.team_level[team], t.tactic_damage, t.tactic_kills,
                extras={"hero_defeated": int(s.units[t.primary_hero].times_defeated > 0), "level": t.level}))
        arena_units = [u for u in s.units if u.troop == s.arena_troop]
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=ARENA, factions=tuple(s.troops[p].faction for p in s.players),
            rounds=s.round, end_reason=s.end_reason or "unfinished", first_player=s.first, troops=troops,
            units=player_units(s, s.players), unimplemented=unimplemented_in_game(s),
            extras={"winner_team": None if s.winner_team is None else TEAM_NAMES[s.winner_team],
                    "team_favor": {TEAM_NAMES[k]: s.team_favor[k] for k in (0, 1)},
                    "team_level": {TEAM_NAMES[k]: s.team_level[k] for k in (0, 1)},
                    "arena_entered": sum(1 for u in arena_units if u.entered), "trapdoor_kills": s.trapdoor_kills},
            log=s.log)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        winners = [t.faction for t in res.troops if t.outcome == WON]
        row = {**head, "winner": x["winner_team"], "winner_factions": "+".join(winners) or None,
               "rounds": res.rounds, "end_reason": res.end_reason, "first_seat": SEAT_LETTERS[res.first_player],
               "faction_c": res.factions[2], "faction_d": res.factions[3],
               "team_a_favor": x["team_favor"]["a"], "team_b_favor": x["team_favor"]["b"],
               "team_a_level": x["team_level"]["a"], "team_b_level": x["team_level"]["b"],
               "arena_entered": x["arena_entered"], "trapdoor_kills": x["trapdoor_kills"]}
        for t in res.troops:
            k = SEAT_LETTERS[t.seat]
            row.update(side_counts(k, t), **{f"{k}_hero_defeated": t.extras["hero_defeated"]})
        won = {t.seat: t.outcome == WON for t in res.troops}
        return {"games": [row], "units": cls.unit_rows(head, res, unit_kind, lambda seat: won[seat])}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return row.get("winner") == "a"


def setup(catalog: Catalog, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          first_player: int = 0, mode=None) -> TeamsState:
    """ROR-87, ROR-89 and TLC-15..TLC-17 for four players: the turn order from the first player around the
    table (A1, B1, A2, B2); the first player's team on the red side (TLC-18: player 1 is red); each player's
    hero inactive, one gladiator of each type in its bag (its tactics chosen in `begin`); one meter per team
    (its first player keeps it): a random CF tactic of each level, a CF gladiator and four arena chips
    (R-TLC-2, R-TLC-4); one pool of both boxes' health chips (ruling R-ROR-48)."""
    catalog = play_catalog(catalog)
    if len(factions) != 4:
        raise InputError(f"rise-of-rome-2x2 needs 4 cities, got {len(factions)}")
    if len(set(factions)) != 4:
        raise InputError("rise-of-rome-2x2: each player draws a different city")
    order = [(first_player + k) % 4 for k in range(4)]
    red_team = team_of_seat(first_player)
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    troops: list[TroopState] = []
    players: list[LostTroop] = []
    tactics = []
    for p, fid in enumerate(factions):
        side = "red" if team_of_seat(p) == red_team else "blue"
        t = LostTroop(index=p, side=side, faction=fid, hand_size=HAND, health=POOL)
        hero = UnitState(len(units), catalog.unit(catalog.faction(fid).hero), p, zone=CAMP, active=False,
                         is_primary_hero=True)
        units.append(hero)
        t.primary_hero = hero.uid
        for un in one_of_each_type(catalog, fid):
            units.append(UnitState(len(units), un, p, zone=BAG))
        tactics.append(tuple(catalog.faction_tactics(fid)))
        troops.append(t)
        players.append(t)
    arena_troop = len(troops)
    troops.append(TroopState(index=arena_troop, side="arena", faction="arena", health=ARENA_POOL))
    teams = [team_of_seat(p) for p in range(4)] + [2]
    keeper = [next(p for p in order if teams[p] == k) for k in (0, 1)]
    tlc = tlc_catalog()
    for level in (1, 2, 3):
        chips = sorted((x for x in tlc.tactics.values() if x.id.startswith(f"cf-level-{level}-")), key=lambda x: x.id)
        pick = [int(i) for i in rng.permutation(len(chips))] if chips else []
        for k in (0, 1):
            if chips:
                players[keeper[k]].reward_tactics.append(chips[pick[k % len(chips)]])
    cf = sorted(tlc.units_of_kind("cf-gladiator"), key=lambda u: u.id)
    cf_pick = [int(i) for i in rng.permutation(len(cf))] if cf else []
    for k in (0, 1):
        if cf:
            u = UnitState(len(units), cf[cf_pick[k % len(cf)]], keeper[k], zone=TRACK)
            units.append(u)
            players[keeper[k]].cf_gladiator = u.uid
    foes = sorted([u for u in tlc.units.values() if u.kind in ("beast", "criminal")], key=lambda u: u.id)
    order_chips = [foes[int(i)] for i in rng.permutation(len(foes))]
    for k in (0, 1):
        for level in range(4):
            i = 4 * k + level
            if i < len(order_chips):
                u = UnitState(len(units), order_chips[i], arena_troop, zone=TRACK)
                units.append(u)
                players[keeper[k]].meter_chips[level] = u.uid
    # R-ROR-48: one pool of health chips, both boxes' (75 + 100), every player's units drawing from it.
    pool = tlc.game.health_chips.get(POOL, 0) + catalog.game.health_chips.get(POOL, 0)
    supply = {POOL: pool, ARENA_POOL: ARENA_CHIPS}
    s = TeamsState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                   supply_start=dict(supply), order=order, log=[] if log else None,
                   mode=mode if mode is not None else RiseOfRome2x2(), teams=teams, players=list(range(4)),
                   arena_troop=arena_troop, keeper=keeper, first=first_player, tactic_choices=tactics)
    s.say("Set-up: " + ", ".join(f"{troops[p].faction} ({troops[p].side}, team {TEAM_NAMES[teams[p]].upper()})"
                                 for p in order) + f" in turn order; {troops[first_player].faction} goes first")
    return s

