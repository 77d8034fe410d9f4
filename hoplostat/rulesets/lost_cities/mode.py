"""The Lost Cities, player against player (mode `lost-cities`): two of Atlantis, Xanadu and El Dorado on the
Pozzuoli arena with trapdoors, beasts and criminals entering from the players' bags.

Set-up (TLC-15..TLC-19): each player's bead at 0, one random face-down reward chip of each level on its meter
(levels 1-3 a CF tactic, level 4 the CF gladiator: R-TLC-4) and one random arena chip on each level (R-TLC-2);
gladiators and tactics in the bag; the first player by a roll of one black, one blue and two yellow dice each
(ties roll again); champions inactive on a champion start hex, player 1 choosing first.
Turn (TLC-20): Draw (the empty-bag damage, the stones' favor, the prep area refilled to five, arena chips
entering as drawn), Deployment & Tactics (one chip on player 1's first turn, then up to two, any mix),
Movement (movement-phase abilities, then each unit once), Attack (attack-phase abilities, then each unit one
Basic or Alternate Attack). Then the arena's turn: beasts move, beasts attack, criminals move, criminals
attack (TLC-52). Win: defeat the opposing champion (TLC-13); a round cap ends a stalled game as a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from hoplostat.catalog.model import Catalog, Tactic
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import GameResult, GameSpec, Mode, Turn, default_roller, player_units, register_mode
from hoplostat.engine.mode import DRAW, LOST, VERSUS_COLUMNS, WON, Heuristics, TroopResult, versus_rows
from hoplostat.engine.registry import unimplemented_in_game, unit_hooks
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import BAG, CAMP, COMBAT, SIDES, TRACK, GameState, TroopState, UnitState
from hoplostat.engine.steps import each_once, end_temporary_tactics, engage_step
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.classic.goals import champions_taken
from hoplostat.rulesets.lost_cities import arena, favor
from hoplostat.rulesets.lost_cities.base import (
    ARENA_CHIPS,
    ARENA_POOL,
    ARENA_TROOP,
    HAND,
    POOL,
    RULESET,
    is_engaged,
    is_snared,
    locks,
)
from hoplostat.rulesets.lost_cities.favor import LostTroop, lost_troop
from hoplostat.rulesets.lost_cities.skills import ATTACK_ABILITIES, MOVE_ABILITIES, lift_stuns

ARENA = "pozzuoli"
ROLL_OFF = Pool.of(black=1, blue=1, yellow=2)
"""TLC-18: each player rolls one black, one blue and two yellow dice; the most hits plays first."""
EMPTY_BAG_DAMAGE = 2
KILL_FAVOR = 2


def tactic_allowed(target: UnitState, tac: Tactic) -> bool:
    """TLC-29: tactics are never played on champions or bosses."""
    return not target.is_primary_hero and target.unit.kind != "boss"


def hand_count(s: GameState, troop: int) -> int:
    """Chips on the troop's prep circles: gladiators in hand and tactics in hand, its earned CF tactics not
    counted (they lie on the meter, not on a circle: R-TLC-4)."""
    t = lost_troop(s, troop)
    return phase.hand_count(s, troop) - len(t.cf_hand)


def bag_count(s: GameState, troop: int) -> int:
    t = lost_troop(s, troop)
    return phase.bag_count(s, troop) + len(t.arena_bag)


def roll_off(roller: Roller) -> int:
    """TLC-18 (ruling R-TLC-13: a tie rolls again): the seat that plays first."""
    for _ in range(100):
        a, b = roller.hits(ROLL_OFF), roller.hits(ROLL_OFF)
        if a != b:
            return 0 if a > b else 1
    return 0


@register_mode
class LostCities(Mode):
    """The Lost Cities' player against player game (hooks and turns; stateless, shared by clones)."""

    name = "lost-cities"
    ruleset = RULESET
    summary = "The Lost Cities, player against player: defeat the opposing champion (Atlantis, Xanadu, El Dorado)"
    arenas = (ARENA,)
    seats: ClassVar[tuple[int, ...]] = (2,)
    teams = "each player alone; beasts and criminals against both"
    first_player_random = True
    default_max_rounds = 60
    analysis = "versus"
    success = "faction a wins"
    columns = {"games": {**VERSUS_COLUMNS["games"], "a_level": "int", "b_level": "int", "arena_entered": "int",
                         "arena_kills": "int", "trapdoor_kills": "int", "arena_defeated": "int"}}
    heuristics = Heuristics(wakes=False)
    """An inactive champion wakes only through its own meter (TLC-43): damage it freely."""

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.lost_cities.players import LostCitiesGreedy

        return LostCitiesGreedy
    stunned_beasts_lock = True
    """A stunned beast still locks the player units next to it (`base.locks`): The Lost Cities' Stun takes a
    unit's move, attack and abilities (TLC-87), and its book says nothing of the lock (ruling R-ROR-49)."""
    hidden_camps = True
    """"Setup": the prep area is "kept hidden from your opponent" (`redeal_hidden`)."""

    __slots__ = ("arena_id",)

    def __init__(self, arena_id: str = ARENA) -> None:
        self.arena_id = arena_id

    def redeal_hidden(self, s: GameState, rng: np.random.Generator, viewer: int) -> None:
        """The other troops' hidden prep areas and bags dealt again, gladiators and tactics alike (`phase.redeal_hand`);
        a tactic earned from the crowd favor meter (`cf_hand`, R-TLC-4) is not on a prep circle and stays."""
        phase.redeal_hand(s, rng, viewer, shown=lambda t, x: any(x is c for c in getattr(t, "cf_hand", ())))

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        dice = default_roller(rng, roller)
        first = spec.first if spec.first is not None else roll_off(dice)
        s = setup(catalog, spec.factions, rng=rng, log=log, first_player=first, mode=cls())
        return Game(s, dice, list(controllers), rng)

    def begin(self, g: Game) -> None:
        """TLC-19: player 1, then player 2, sets its inactive champion on a free champion start hex."""
        s = g.state
        for p in s.order:
            t = s.troops[p]
            hexes = champion_hexes(s, p)
            h = g.ask(p, "champion-hex", hexes, optional=False)
            rules.place_at_setup(s, s.units[t.primary_hero], h)
            s.say(f"{t.faction} sets its inactive champion on hex {h}")

    def round_turns(self, g: Game):
        for p in g.state.order:
            yield self.turn_of(g, p)
        yield self.arena_turn(g)

    def turn_of(self, g: Game, troop: int) -> Turn:
        """TLC-20: Draw, Deployment & Tactics, Movement (its Abilities before and after the moves), Attack (its
        Abilities, then the attacks, TLC-34..TLC-38); then the turn's end. The modes on this game (the board,
        Rise of Rome's 2 x 2) change it through `before_attack_abilities`, `attack_abilities`, `attack` and
        `end_turn`."""
        s = g.state
        t = s.troops[troop]
        steps = self.steps_for(g, troop, lambda: (
            ("draw", lambda: self.draw_phase(g, troop)),
            ("deploy", lambda: self.deploy_phase(g, troop)),
            ("move-abilities", lambda: self.ability_step(g, troop, MOVE_ABILITIES)),
            ("move", lambda: self.move_phase(g, troop)),
            ("move-abilities-after", lambda: self.ability_step(g, troop, MOVE_ABILITIES)),
            *self.before_attack_abilities(g, troop),
            ("attack-abilities", lambda: self.ability_step(g, troop, self.attack_abilities)),
            ("attack", lambda: self.attack(g, troop)),
            ("end", lambda: self.end_turn(g, troop)),
        ))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)

    attack_abilities: frozenset[str] = ATTACK_ABILITIES
    """The Abilities of the attack phase (`ability_step`)."""

    def before_attack_abilities(self, g: Game, troop: int) -> tuple:
        """Steps a mode adds between the movement and the attack phase (none here)."""
        return ()

    def attack(self, g: Game, troop: int) -> None:
        """Each unit one Basic or Alternate Attack (TLC-35..TLC-38)."""
        engage_step(g, troop, special_ends_impel=False)

    def end_turn(self, g: Game, troop: int) -> None:
        """Single-turn effects of the player's own turn end (Stun, TLC-31)."""
        lift_stuns(g, troop)

    arena_header = "beasts and criminals"
    """The arena turn's header: what acts in it."""

    def arena_troop(self, s: GameState) -> int:
        """The troop of the beasts, criminals (and bosses): after the players'."""
        return ARENA_TROOP

    def arena_steps(self, g: Game) -> tuple:
        """Steps a mode adds at the start of the arena turn (none here)."""
        return ()

    def arena_turn(self, g: Game) -> Turn:
        """TLC-52: beasts and criminals act after all players, once per round."""
        s = g.state
        troop = self.arena_troop(s)
        steps = self.steps_for(g, "arena", lambda: (
            *self.arena_steps(g),
            ("beasts-move", lambda: arena.beasts_move(g)),
            ("beasts-attack", lambda: arena.beasts_attack(g)),
            ("criminals-move", lambda: arena.criminals_move(g)),
            ("criminals-attack", lambda: arena.criminals_attack(g)),
            ("end", lambda: lift_stuns(g, troop)),
        ))
        return Turn(troop, f"-- Round {s.round}, {self.arena_header}", steps)

    # --- phase 1: draw ----------------------------------------------------------------------------
    def draw_phase(self, g: Game, troop: int) -> None:
        """Phase 1 (TLC-21..TLC-25), after the single-turn tactics the player played end (TLC-31)."""
        s = g.state
        t = lost_troop(s, troop)
        t.turns += 1
        end_temporary_tactics(g, troop)
        # TLC-24 (ruling R-TLC-14): the bag empty and a prep circle empty at the start of the turn: 2 damage.
        if self.short_of_chips(s, troop):
            hero = s.units[t.primary_hero]
            if hero.zone == COMBAT:
                s.say(f"{t.faction} ({t.side}) has an empty prep circle and an empty bag")
                rules.damage(g, hero, EMPTY_BAG_DAMAGE, what="empty prep circle")
                if s.end_reason is not None:
                    return
        # TLC-21, TLC-40: the favor of the stones held at the start of the turn.
        held = sum(1 for h in s.grid.tagged("stone") if s.board[h] >= 0 and s.units[s.board[h]].troop == troop)
        if held:
            self.gain_favor(g, troop, 1 if held == 1 else 3, f"{held} crowd favor stone(s)")
            if s.end_reason is not None:
                return
        self.draw(g, troop)
        if s.end_reason is not None:
            return
        if not t.first_hand:
            t.first_hand = True
            # TLC-23: a first hand of five tactics and no gladiator is shown, returned and drawn again.
            for _ in range(20):
                if hand_count(s, troop) < t.hand_size or any(
                        u.troop == troop and u.zone == CAMP and not u.is_primary_hero for u in s.units):
                    break
                s.say(f"{t.faction} ({t.side}) shows a first hand of five tactics and draws again")
                back = [x for x in t.tactics_camp if not any(x is c for c in t.cf_hand)]
                t.tactics_camp = [x for x in t.tactics_camp if any(x is c for c in t.cf_hand)]
                t.tactics_bag.extend(back)
                self.draw(g, troop)
                if s.end_reason is not None:
                    return

    def short_of_chips(self, s: GameState, troop: int) -> bool:
        """TLC-24: the bag empty and a prep circle empty (a mode with other circles overrides it)."""
        return bag_count(s, troop) == 0 and hand_count(s, troop) < lost_troop(s, troop).hand_size

    def draw(self, g: Game, troop: int) -> None:
        """TLC-22, TLC-25: chip by chip at random until the five circles are full or the bag is empty; a beast
        or criminal drawn enters at once (`arena.enter`) and the player draws another in its place."""
        s = g.state
        t = lost_troop(s, troop)
        n = hand_count(s, troop)
        while n < t.hand_size:
            bag_units = [u for u in s.units if u.troop == troop and u.zone == BAG]
            total = len(bag_units) + len(t.tactics_bag) + len(t.arena_bag)
            if total == 0:
                return
            k = int(g.rng.integers(total))
            if k < len(bag_units):
                bag_units[k].zone = CAMP
                n += 1
            elif k < len(bag_units) + len(t.tactics_bag):
                t.tactics_camp.append(t.tactics_bag.pop(k - len(bag_units)))
                n += 1
            else:
                uid = t.arena_bag.pop(k - len(bag_units) - len(t.tactics_bag))
                t.entered += 1
                s.say(f"{t.faction} ({t.side}) draws {s.units[uid].name}")
                arena.enter(g, s.units[uid])
                if s.end_reason is not None:
                    return

    # --- phase 2: deployment and tactics ------------------------------------------------------------
    def chip_limit(self, s: GameState, troop: int) -> int:
        """TLC-26: one chip on player 1's first turn, up to two on every later turn (any mix: R-TLC-15)."""
        return 1 if s.round == 1 and troop == s.order[0] else 2

    def deploy_phase(self, g: Game, troop: int) -> None:
        """Phase 2 (TLC-26..TLC-31): up to the turn's chips, a gladiator onto a free available deployment hex or
        a tactic within Tactical Range, asked in turns (gladiator, tactic, gladiator, ...) so that either
        chip may come first and both may be gladiators or tactics; two passes in a row end the phase. The
        progress is kept on the troop, so that re-entering the step (a resumed clone) asks the same decision."""
        s = g.state
        t = lost_troop(s, troop)
        if t.chip_turn != s.turn:
            t.chip_turn, t.chips_left, t.next_chip, t.passes = s.turn, self.chip_limit(s, troop), 0, 0
        while t.chips_left > 0 and t.passes < 2 and s.end_reason is None:
            if t.next_chip == 0:
                opts = self.gladiator_options(s, troop)
                choice = g.ask(troop, "deploy", opts, optional=True, step=True) if opts else None
            else:
                opts = phase.tactic_options(s, troop, tactic_allowed)
                choice = g.ask(troop, "tactic", opts, optional=True, step=True) if opts else None
            kind, t.next_chip = t.next_chip, 1 - t.next_chip
            if choice is None:
                t.passes += 1
                continue
            t.passes = 0
            t.chips_left -= 1
            if kind == 0:
                self.place(g, *choice)
            else:
                i, uid = choice
                tac = t.tactics_camp[i]
                for k, c in enumerate(t.cf_hand):
                    if c is tac:
                        del t.cf_hand[k]
                        break
                rules.place_tactic(g, troop, tac, s.units[uid])

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """TLC-8, TLC-44: the player's six deployment hexes; all twelve from meter level 2."""
        t = lost_troop(s, troop)
        own = s.grid.tagged(f"deploy-{t.side}")
        if t.all_deploy:
            other = "blue" if t.side == "red" else "red"
            return own + s.grid.tagged(f"deploy-{other}")
        return own

    def gladiator_options(self, s: GameState, troop: int) -> list[tuple[int, int]]:
        """TLC-27, TLC-46: a gladiator from the hand, or the unlocked CF gladiator, onto a free deployment hex
        available to the player, while the pool holds its Health."""
        t = lost_troop(s, troop)
        hexes = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0]
        if not hexes:
            return []
        left = s.supply[s.supply_of(troop)]
        units = [u for u in s.units if u.troop == troop and u.zone == CAMP and u.active]
        if t.cf_unlocked and s.units[t.cf_gladiator].zone == TRACK:
            units.append(s.units[t.cf_gladiator])
        return [(u.uid, h) for u in units if u.unit.health <= left for h in hexes]

    def place(self, g: Game, uid: int, h: int) -> None:
        rules.deploy(g, g.state.units[uid], h)

    # --- phase 3: movement --------------------------------------------------------------------------
    def can_move(self, s: GameState, u: UnitState) -> bool:
        """TLC-28, TLC-32, TLC-33, TLC-45: once a turn; a gladiator deployed this turn (or a champion activated
        this turn) only with Initiative (its own, or every unit's from meter level 3); not stunned; not snared
        (TLC-84, whatever its Move Range: R-TLC-23); not engaged with a beast."""
        if u.zone != COMBAT or not u.active or u.moved_turn == s.turn or (u.tactics and s.is_fatigued(u)):
            return False
        if u.tactics and is_snared(u):
            return False
        if s.is_dazed(u):
            t = lost_troop(s, u.troop)
            if u.is_primary_hero or not (t.initiative or unit_hooks(u.unit, "move_when_dazed")):
                return False
        return rules.movement_of(s, u) > 0 and not is_engaged(s, u)

    def move_phase(self, g: Game, troop: int) -> None:
        """Phase 3 (TLC-32, TLC-33): each unit once, up to its Move Range through free hexes, in one go; a unit
        that comes next to a beast is engaged there and stops. The movement-phase abilities (Pull, Hurl: TLC-34,
        each once a turn) are the steps before and after this one."""
        s = g.state
        while True:
            stop = {h for b in s.in_combat() if locks(s, b) for h in s.grid.neighbours[b.hex]}
            blocked = s.blocked_for_move(troop)
            opts: list[tuple[int, int]] = []
            for u in s.in_combat(troop):
                if self.can_move(s, u):
                    opts.extend((u.uid, h) for h in s.grid.reachable(u.hex, rules.movement_of(s, u), blocked, stop))
            choice = g.ask(troop, "move", opts, optional=True, step=True)
            if choice is None:
                break
            rules.move(g, s.units[choice[0]], choice[1])
            if s.end_reason is not None:
                return

    def ability_step(self, g: Game, troop: int, which: frozenset[str]) -> None:
        """The abilities of a phase (`which`), each once per turn per unit (TLC-34, TLC-78), usable from the
        turn a gladiator deploys ("Chip Glossary": Ability)."""

        def usable(s_: GameState, u: UnitState) -> bool:
            # TLC-43: a champion activated this turn uses no abilities until the next
            return phase.gives_reach(s_, u) and not (u.is_primary_hero and s_.is_dazed(u))

        def build() -> list:
            return [o for o in rules.ability_options(g, troop, usable=usable) if o[1] in which]

        each_once(g, troop, "ability", build, lambda choice: rules.use_ability(g, troop, choice))

    # --- phase 4: attack: the attack-phase abilities (Fury Aura: not part of an attack, TLC-75), then each
    # unit one Basic or Alternate Attack on a target in range (TLC-35..TLC-38; deployed this turn only with
    # First Strike): the steps "attack-abilities" and "attack" (engine.steps.engage_step).

    # --- hooks ----------------------------------------------------------------------------------
    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        s = g.state
        if u.is_primary_hero:
            self.end(g, "champion defeated", 1 - u.troop)  # TLC-13
            return
        # TLC-38, TLC-39: 2 favor for an opposing gladiator's or an arena unit's defeat, recorded at once.
        if source_troop is not None and source_troop in s.order and source_troop != u.troop:
            favor.gain(g, source_troop, KILL_FAVOR, f"defeating {u.name}")

    def trapdoor_kill(self, g: Game, victim: UnitState) -> None:
        """TLC-50: removed from play at once: no damage step, nobody's kill, no favor."""
        s = g.state
        assert hasattr(s, "trapdoor_kills")  # LostState, and the states of the modes built on this one
        s.trapdoor_kills += 1
        rules.defeat(g, victim)

    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        favor.gain(g, troop, n, why)

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        return f"Game over: {reason}; " + ("draw" if winner is None else f"{g.state.troops[winner].faction} wins")

    CHAMPION_TROPHY = 20.0
    """What defeating the opposing champion is worth to a heuristic player, in Health, spread over its Health:
    on top of the champion's Health itself (counted three times in `policies.lookahead.standing`)."""

    def objective(self, g: Game, troop: int) -> float:
        """TLC-13 (defeat the opposing champion to win): `CHAMPION_TROPHY` times the share of the opposing
        champion's Health taken, less the share of the troop's own (`classic.goals.champions_taken`)."""
        return self.CHAMPION_TROPHY * champions_taken(g.state, troop)

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game[LostState], spec: GameSpec) -> GameResult:
        s = g.state
        out = [DRAW, DRAW] if s.winner is None else [WON if p == s.winner else LOST for p in range(2)]
        players = [lost_troop(s, p) for p in range(2)]
        arena_t = s.troops[ARENA_TROOP]
        arena_units = [u for u in s.units if u.troop == ARENA_TROOP]
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=self.arena_id, factions=tuple(t.faction for t in players),
            rounds=s.round, end_reason=s.end_reason or "unfinished", first_player=s.order[0],
            troops=[TroopResult(t.index, t.faction, t.side, t.index, out[t.index], t.deployed, t.damage_dealt,
                                t.kills, t.units_lost, t.favor_total, t.rewards, t.tactic_damage, t.tactic_kills,
                                extras={"level": t.level, "arena_entered": t.entered})
                    for t in players],
            units=player_units(s, range(2)),
            unimplemented=unimplemented_in_game(s),
            extras={"arena_entered": sum(1 for u in arena_units if u.entered), "arena_kills": arena_t.kills,
                    "trapdoor_kills": s.trapdoor_kills,
                    "arena_defeated": sum(u.times_defeated for u in arena_units)},
            log=s.log,
        )

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        got = versus_rows(cls, res, head, unit_kind)
        row = got["games"][0]
        row.update({"a_level": res.troops[0].extras.get("level"), "b_level": res.troops[1].extras.get("level"),
                    "arena_entered": res.extras.get("arena_entered"), "arena_kills": res.extras.get("arena_kills"),
                    "trapdoor_kills": res.extras.get("trapdoor_kills"),
                    "arena_defeated": res.extras.get("arena_defeated")})
        return got


def champion_hexes(s: GameState, troop: int) -> list[int]:
    """Free champion start hexes (TLC-6), nearest the player's own deployment hexes first (the order a
    player scanning the mat from its side would list them)."""
    own = s.grid.tagged(f"deploy-{s.troops[troop].side}")
    free = [h for h in s.grid.tagged("champion-start") if s.board[h] < 0]
    return sorted(free, key=lambda h: (min(s.grid.dist[h][d] for d in own), h))


@dataclass(slots=True)
class LostState(GameState):
    """A Lost Cities game's state: a GameState with the arena's counts."""

    trapdoor_kills: int = 0
    """Player units killed outright on a trapdoor (TLC-50)."""


def setup(catalog: Catalog, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          first_player: int = 0, mode: Mode | None = None) -> GameState:
    """TLC-15..TLC-17 (the first player is rolled in `LostCities.new_game`, champions placed in `begin`)."""
    if catalog.ruleset != RULESET:
        raise InputError(f"lost-cities needs The Lost Cities catalog, got the {catalog.ruleset} one")
    if len(factions) != 2:
        raise InputError(f"lost-cities needs 2 cities, got {len(factions)}")
    order = [first_player, 1 - first_player]
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    troops: list[TroopState] = []
    players: list[LostTroop] = []
    for p, fid in enumerate(factions):
        t = LostTroop(index=p, side=SIDES[order.index(p)], faction=fid, hand_size=HAND, health=POOL)
        hero = UnitState(len(units), catalog.unit(catalog.faction(fid).hero), p, zone=CAMP, active=False,
                         is_primary_hero=True)
        units.append(hero)
        t.primary_hero = hero.uid
        for un in catalog.faction_units(fid):
            units.append(UnitState(len(units), un, p, zone=BAG))
        t.tactics_bag = list(catalog.faction_tactics(fid))
        troops.append(t)
        players.append(t)
    troops.append(TroopState(index=ARENA_TROOP, side="arena", faction="arena", health=ARENA_POOL))
    # TLC-16: one random reward chip of each level per player, face down on its own meter.
    for level in (1, 2, 3):
        chips = sorted((x for x in catalog.tactics.values() if x.id.startswith(f"cf-level-{level}-")),
                       key=lambda x: x.id)
        pick = [int(i) for i in rng.permutation(len(chips))] if chips else []
        for p in range(2):
            if chips:
                players[p].reward_tactics.append(chips[pick[p % len(chips)]])
    cf = sorted(catalog.units_of_kind("cf-gladiator"), key=lambda u: u.id)
    cf_pick = [int(i) for i in rng.permutation(len(cf))] if cf else []
    for p in range(2):
        if cf:
            u = UnitState(len(units), cf[cf_pick[p % len(cf)]], p, zone=TRACK)
            units.append(u)
            players[p].cf_gladiator = u.uid
    # R-TLC-2: the ten beast and criminal chips shuffled; four on each player's meter levels 1..4.
    foes = sorted([u for u in catalog.units.values() if u.kind in ("beast", "criminal")], key=lambda u: u.id)
    order_chips = [foes[int(i)] for i in rng.permutation(len(foes))]
    for p in range(2):
        for level in range(4):
            k = 4 * p + level
            if k < len(order_chips):
                u = UnitState(len(units), order_chips[k], ARENA_TROOP, zone=TRACK)
                units.append(u)
                players[p].meter_chips[level] = u.uid
    supply = {**catalog.game.health_chips, ARENA_POOL: ARENA_CHIPS}  # R-TLC-18
    s = LostState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                  supply_start=dict(supply), order=order, log=[] if log else None, mode=mode or LostCities())
    s.say("Set-up: " + ", ".join(f"player {i + 1} {troops[p].faction} on {troops[p].side}" for i, p in enumerate(order))
          + f"; {troops[order[0]].faction} goes first")
    return s
