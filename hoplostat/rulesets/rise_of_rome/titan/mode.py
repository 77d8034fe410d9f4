"""Rise of Rome against a titan: the mode (`RiseOfRomeTitan`: its facts, the players' phases with the shared
meter, the hooks that free shards and end the game, the titan's turn, the result and its rows)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hoplostat.catalog.model import Catalog, RorTitan
from hoplostat.dice import Pool
from hoplostat.engine import rules
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
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, GameState, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.classic.goals import taken
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome.base import RULESET
from hoplostat.rulesets.rise_of_rome.mode import ARENA, RiseOfRome, place_champion
from hoplostat.rulesets.rise_of_rome.titan.actions import titan_turn
from hoplostat.rulesets.rise_of_rome.titan.cities import ORIGINS, origins_city_catalog
from hoplostat.rulesets.rise_of_rome.titan.players import TitanPlayer, _TitanSide
from hoplostat.rulesets.rise_of_rome.titan.setup import choose_tactic, next_titan, setup
from hoplostat.rulesets.rise_of_rome.titan.state import (
    NEXT_TITAN,
    STANDS,
    TitanState,
    card,
    free_shard,
    is_pillar,
    meter_troop,
    pass_shard,
    pillars_standing,
    titan_tactic_allowed,
)


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
