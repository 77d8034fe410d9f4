"""Rise of Rome, player against player (mode `rise-of-rome`): Rome against Pompeii on the Rise of Rome mat.

Set-up (ROR-18..ROR-23): the flip chip draws the first player (red side); each player's crowd favor
gladiator drawn at random onto the center of its meter, its F/A chips on the opponent's meter with the
mid-right chips swapped; champions inactive with 10 HP on a champion hex of their side (player 1 chooses
first); gladiators and tactics in the bag, four drawn into the hand.
Turn (ROR-25): start (single-turn tactics end; the titan hex's 1 damage, ROR-8), Deploy (one gladiator,
archer or CF gladiator, then one tactic or foothold: ROR-26), Move, Attack (Stun flips of this troop end,
the Abilities of the phase, then attacks), Draw (ROR-39).
Win: defeat the opposing champion (ROR-16). A round cap ends a stalled game as a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from hoplostat.catalog.model import Catalog, Tactic
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import GameResult, GameSpec, Mode, Turn, default_roller, register_mode, versus_result
from hoplostat.engine.mode import VERSUS_COLUMNS, Heuristics, versus_rows
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import BAG, CAMP, SIDES, TRACK, GameState, UnitState
from hoplostat.engine.steps import center_hex_damage, end_temporary_tactics
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.classic.goals import champions_taken
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome.base import RULESET
from hoplostat.rulesets.rise_of_rome.favor import RomeTroop, rome_troop
from hoplostat.rulesets.rise_of_rome.skills import lift_flips

ARENA = "colosseum"
HAND = 4
POOL = "red"
"""The supply key of the one pool of health chips (ruling R-ROR-10)."""


def _stun_tactic(tac: Tactic) -> bool:
    return any(e.term == "stun" for e in tac.effects)


def tactic_allowed(target: UnitState, tac: Tactic) -> bool:
    """ROR-103: a Stun tactic never goes on a champion ("Champions ... CAN be stunned by a gladiator (not a
    tactic)"); every other tactic may (ruling R-ROR-1)."""
    return not (target.is_primary_hero and _stun_tactic(tac))


@register_mode
class RiseOfRome(Mode):
    """Rise of Rome's player against player game (hooks and turns; stateless, shared by clones)."""

    name = "rise-of-rome"
    ruleset = RULESET
    summary = "Rise of Rome, player against player: defeat the opposing champion (Rome or Pompeii)"
    arenas = (ARENA,)
    seats: ClassVar[tuple[int, ...]] = (2,)
    teams = "each player alone"
    first_player_random = True
    default_max_rounds = 60
    analysis = "versus"
    success = "faction a wins"
    columns = VERSUS_COLUMNS
    heuristics = Heuristics(wakes=False)
    """An inactive champion wakes only through its own meter (ROR-45): damage it freely."""

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.rise_of_rome.players import RiseOfRomeGreedy

        return RiseOfRomeGreedy
    hidden_camps = True
    """"Starting a Game": the prep area's chips are "your concealed hand" (`redeal_hidden`)."""

    __slots__ = ("arena_id",)

    def __init__(self, arena_id: str = ARENA) -> None:
        self.arena_id = arena_id

    def redeal_hidden(self, s: GameState, rng: np.random.Generator, viewer: int) -> None:
        """The other troops' concealed hands and bags dealt again, gladiators and tactics alike
        (`phase.redeal_hand`)."""
        phase.redeal_hand(s, rng, viewer)

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = setup(catalog, spec.factions, rng=rng, log=log, first_player=spec.first, mode=cls())
        g = Game(s, default_roller(rng, roller), list(controllers), rng)
        return g

    def begin(self, g: Game) -> None:
        """ROR-22, ROR-23: player 1, then player 2, sets its champion on one of its two champion hexes; each
        draws four chips."""
        s = g.state
        for p in s.order:
            t = s.troops[p]
            hexes = [h for h in s.grid.tagged(f"champion-{t.side}") if s.board[h] < 0]
            h = g.ask(p, "champion-hex", hexes, optional=False)
            place_champion(s, s.units[t.primary_hero], h)
        for p in s.order:
            phase.draw(g, p)

    def round_turns(self, g: Game):
        for p in g.state.order:
            yield self.turn_of(g, p)

    def turn_of(self, g: Game, troop: int) -> Turn:
        s = g.state
        t = s.troops[troop]
        steps = self.steps_for(g, troop, lambda: (
            ("start", lambda: self.start(g, troop)),
            ("deploy", lambda: self.deploy(g, troop)),
            ("move", lambda: phase.move_phase(g, troop)),
            ("abilities", lambda: self.abilities(g, troop)),
            ("attack", lambda: phase.attack_step(g, troop)),
            ("draw", lambda: phase.draw(g, troop)),
        ))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)

    # --- the phases -----------------------------------------------------------------------------
    def start(self, g: Game, troop: int) -> None:
        """Single-turn tactics this troop played end (ROR-30); a unit of the troop on the titan hex takes 1
        damage (ROR-8; no one's damage: no crowd favor)."""
        end_temporary_tactics(g, troop)
        center_hex_damage(g, troop, "titan hex")

    def deploy(self, g: Game, troop: int) -> None:
        s = g.state
        phase.redraw_dead_hand(g, troop, lambda tac: bool(phase.tactic_targets(s, troop, tac, allowed=tactic_allowed)))
        phase.deploy_phase(g, troop, self.gladiator_options(s, troop), place=lambda uid, h: self.place(g, uid, h),
                           allowed=tactic_allowed,
                           after_tactic=lambda played: None if played else favor.play_foothold(g, troop))

    def gladiator_options(self, s: GameState, troop: int) -> list[tuple[int, int]]:
        """ROR-26, ROR-27, ROR-47, ROR-50: a gladiator from the hand, or the unlocked CF gladiator, onto a free
        deployment hex of the troop; or an earned F/A chip as an archer onto a free pedestal."""
        t = rome_troop(s, troop)
        hexes = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0 and s.can_occupy(troop, h)]
        left = s.supply[s.supply_of(troop)]
        units = [u for u in s.units if u.troop == troop and u.zone == CAMP and u.active]
        if t.cf_unlocked and s.units[t.cf_gladiator].zone == TRACK:
            units.append(s.units[t.cf_gladiator])
        out = [(u.uid, h) for u in units if u.unit.health <= left for h in hexes]
        if t.fa_earned:
            peds = favor.archer_hexes(s)
            out += [(uid, h) for uid in t.fa_earned if s.units[uid].unit.health <= left for h in peds]
        return out

    def place(self, g: Game, uid: int, h: int) -> None:
        s = g.state
        u = s.units[uid]
        t = rome_troop(s, u.troop)
        if uid in t.fa_earned:
            t.fa_earned.remove(uid)
        rules.deploy(g, u, h)

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """ROR-7, ROR-10, ROR-49: the troop's own outer pair, the six inner hexes and the titan hex; the far
        pair once the far-right reward opened it."""
        t = rome_troop(s, troop)
        g = s.grid
        other = "blue" if t.side == "red" else "red"
        hexes = g.tagged(f"outer-{t.side}") + g.inner_hexes + g.tagged("center")
        if t.far_open:
            hexes += g.tagged(f"outer-{other}")
        return tuple(hexes)

    def abilities(self, g: Game, troop: int) -> None:
        """Phase 3 begins: the flips of the troop's stunned units are lifted, then its Abilities (the attacks
        are the next step, `classic.turn.attack_step`)."""
        lift_flips(g, troop)
        phase.ability_step(g, troop)

    def attack(self, g: Game, troop: int) -> None:
        """The whole of Phase 3 at once (the two steps `abilities` and `attack` of a turn)."""
        self.abilities(g, troop)
        if g.state.end_reason is None:
            phase.attack_step(g, troop)

    # --- hooks ----------------------------------------------------------------------------------
    def after_damage(self, g: Game, target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """ROR-41: one favor per health chip taken from an opponent."""
        if source_troop is not None and source_troop != target.troop:
            favor.gain(g, source_troop, removed, f"{removed} HP from {target.name}")

    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        if u.is_primary_hero:
            self.end(g, "champion defeated", 1 - u.troop)  # ROR-16

    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        favor.gain(g, troop, n, why)

    def roll_attack(self, g: Game, attacker: UnitState, pool: Pool) -> int:
        """ROR-46, the mid-left reward: once per turn, right after a Basic Attack's roll, one of the
        player's own dice may be rolled again. Rerolling a hit can only lose it and rerolling a miss only
        gain, so the player rerolls a missed die of the colour most likely to hit (ruling R-ROR-9: no
        decision is asked). The dice are rolled colour by colour to know which missed."""
        t = rome_troop(g.state, attacker.troop)
        return favor.roll_with_reroll(g, pool, t, f"{t.faction} ({t.side}) rerolls")

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        return f"Game over: {reason}; " + ("draw" if winner is None else f"{g.state.troops[winner].faction} wins")

    CHAMPION_TROPHY = 20.0
    """What defeating the opposing champion is worth to a heuristic player, in Health, spread over its Health:
    on top of the champion's Health itself (counted three times in `policies.lookahead.standing`)."""

    def objective(self, g: Game, troop: int) -> float:
        """ROR-16 (a player wins by defeating the opposing champion): `CHAMPION_TROPHY` times the share of the
        opposing champion's Health taken, less the share of the troop's own (`classic.goals.champions_taken`)."""
        return self.CHAMPION_TROPHY * champions_taken(g.state, troop)

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game, spec: GameSpec) -> GameResult:
        return versus_result(g.state, RULESET, self.arena_id)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        return versus_rows(cls, res, head, unit_kind)


def place_champion(s: GameState, hero: UnitState, hex_: int) -> None:
    """ROR-22: the inactive champion enters the arena with its 10 health chips; not a deployment
    (`rules.place_at_setup`)."""
    rules.place_at_setup(s, hero, hex_)
    s.say(f"{s.troops[hero.troop].faction} sets its inactive champion on hex {hex_}")


def setup(catalog: Catalog, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          first_player: int | None = None, mode: Mode | None = None) -> GameState:
    """ROR-18..ROR-21 (the champions are placed in `RiseOfRome.begin`)."""
    if catalog.ruleset != RULESET:
        raise InputError(f"rise-of-rome needs the Rise of Rome catalog, got the {catalog.ruleset} one")
    if len(factions) != 2:
        raise InputError(f"rise-of-rome needs 2 cities, got {len(factions)}")
    order = [int(x) for x in rng.permutation(2)] if first_player is None else [first_player, 1 - first_player]
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    troops: list[RomeTroop] = []
    cf = catalog.units_of_kind("cf-gladiator")
    cf_pick = [int(i) for i in rng.permutation(len(cf))] if cf else []
    archers = sorted(catalog.units_of_kind("fa-archer"), key=lambda u: u.id)
    for p, fid in enumerate(factions):
        # R-ROR-10: one pool of health chips for both players (kept under the key "red").
        t = RomeTroop(index=p, side=SIDES[order.index(p)], faction=fid, hand_size=HAND, health=POOL)
        hero = UnitState(len(units), catalog.unit(catalog.faction(fid).hero), p, zone=CAMP, active=False,
                         is_primary_hero=True)
        units.append(hero)
        t.primary_hero = hero.uid
        for un in catalog.faction_units(fid):
            units.append(UnitState(len(units), un, p, zone=BAG))
        t.tactics_bag = list(catalog.faction_tactics(fid))
        if cf:
            u = UnitState(len(units), cf[cf_pick[p % len(cf)]], p, zone=TRACK)
            units.append(u)
            t.cf_gladiator = u.uid
        troops.append(t)
    for p, t in enumerate(troops):
        # ROR-19: four F/A chips, two of each archer face (stand-in: the book does not say which is which), on
        # the opponent's far-left, mid-left and far-right circles; the mid-right chips swapped, so the fourth
        # lies on the player's own mid-right.
        for k, slot in enumerate((favor.FAR_LEFT, favor.MID_LEFT, favor.FAR_RIGHT, favor.MID_RIGHT) if archers else ()):
            units.append(UnitState(len(units), archers[k % len(archers)], p, zone=TRACK))
            (t if slot == favor.MID_RIGHT else troops[1 - p]).meter_chips[slot] = units[-1].uid
    supply = dict(catalog.game.health_chips)
    s = GameState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                  supply_start=dict(supply), order=order, log=[] if log else None, mode=mode or RiseOfRome())
    s.say("Set-up: " + ", ".join(f"player {i + 1} {troops[p].faction} on {troops[p].side}" for i, p in enumerate(order))
          + f"; {troops[order[0]].faction} goes first")
    return s
