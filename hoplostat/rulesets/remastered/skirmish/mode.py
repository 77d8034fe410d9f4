"""Skirmish Mode (Remastered, "Skirmish Mode"): two players, Pozzuoli or Colosseum.

Round: each player's turn in the fixed random order (SKR-1, SKR-13); player turn =
arena start step (Pozzuoli: check stone hexes; Colosseum: center hex damage),
deployment, tactic placement (Colosseum: plus moving or flipping a foothold),
movement, abilities, engage, replenish camp to 4 (TURN-1, SKR-6). Win: defeat the
opposing primary hero; on Pozzuoli also when, after the first round, the opponent
has no units in combat (SKR-12). A round cap ends a stalled game as a draw.

Pozzuoli's crowd favor (one track, SKR-7, SKR-8, CF-2, CF-3) lives here; the
Colosseum's arena rules (five tracks, support chips, footholds, sentinels, chained
heroes) are `engine.colosseum`, composed in by `Skirmish(arena_id="colosseum")`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.catalog.model import Catalog, Tactic
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import GameResult, GameSpec, Mode, Turn, default_roller, play, register_mode, versus_result
from hoplostat.engine.mode import VERSUS_COLUMNS, versus_rows
from hoplostat.engine.registry import unimplemented_skills
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import BAG, CAMP, DISCARD, SIDES, TRACK, GameState, TroopState, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.remastered import colosseum, turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.troops import add_faction

ARENAS = ("pozzuoli", "colosseum")
POZZUOLI_REWARDS = (5, 10, 15, 20)
"""Remastered, "Crowd Favor in Pozzuoli Arena": a reward every five spaces; nothing after the last (CF-2)."""
CAMP_SIZE = 4
PRESSURE = 1.0
"""Health points a lookahead's evaluation gives each unit that could attack the opposing primary hero next turn
(`Skirmish.objective`); a dyadic weight, so the sums are exact in any order (the native core's match)."""


def claim_pozzuoli_reward(g: Game, troop: int, k: int) -> None:
    """CF-3 Pozzuoli rewards (Remastered, "Crowd Favor in Pozzuoli Arena"): 1 activate the primary hero,
    2 return the discarded tactics, 3 return two discarded units, 4 gain the neutral hero on the track.
    Shared by every mode played on Pozzuoli."""
    s = g.state
    t = s.troops[troop]
    t.rewards = max(t.rewards, k)
    s.say(f"{t.faction} ({t.side}) claims crowd favor reward {k}")
    if k == 1:
        hero = s.units[t.primary_hero]
        if not hero.active:
            hero.active = True
            s.say(f"{hero.name} is flipped to its active side")
    elif k == 2:
        t.tactics_camp.extend(t.tactics_discard)
        t.tactics_discard.clear()
    elif k == 3:
        for _ in range(2):
            opts = [u.uid for u in s.zone(troop, DISCARD)]
            uid = g.ask(troop, "return-unit", opts, optional=False)
            if uid is None:
                break
            u = s.units[uid]
            rules.return_to_camp(g, u, active=True if u.elite else None)
            s.say(f"{u.name} returns from the discard to the camp")
    elif k == 4:
        for u in s.zone(troop, TRACK):
            rules.return_to_camp(g, u, active=True)
            s.say(f"{t.faction} gains the neutral hero {u.name}")


@register_mode
class Skirmish(Mode):
    """Mode hooks called by the rules (`after_defeat`, `after_damage`) and the turns of a round.
    Stateless (only the arena id): shared by clones."""

    name = "skirmish"
    default = True
    tunes = "faction"
    ruleset = RULESET
    summary = "two players head to head: defeat the opposing primary hero (Pozzuoli or the Colosseum)"
    arenas = ARENAS
    seats = (2,)
    teams = "each player alone"
    first_player_random = True
    default_max_rounds = 60
    analysis = "versus"
    success = "faction a wins"
    columns = VERSUS_COLUMNS
    hidden_camps = True
    """Set-up 5: the four units drawn into camp are face down, hidden from the opponent until deployed."""
    core_rulings = ("retaliate-when-defeated", "inspire-stacks")
    """The ruling switches that change Skirmish, both played by the native core."""

    __slots__ = ("arena_id", "is_colosseum")

    @classmethod
    def core_arenas(cls) -> tuple[str, ...]:
        """The native core mirrors Skirmish on both arenas (native/core/src/skirmish.rs, colosseum.rs); a mode built on
        Skirmish changes rules the core does not know, so only this class itself is played there."""
        return ("pozzuoli", "colosseum") if cls is Skirmish else ()

    def __init__(self, arena_id: str = "pozzuoli") -> None:
        if arena_id not in ARENAS:
            raise InputError(f"unknown arena {arena_id!r} for skirmish; allowed: {', '.join(ARENAS)}")
        self.arena_id = arena_id
        self.is_colosseum = arena_id == "colosseum"

    # --- the goal, as heuristic players see it ----------------------------------------------
    def objective(self, g: Game, troop: int) -> float:
        """Progress toward SKR-12's goal, defeating the opposing primary hero, that Health does not show: the
        pressure on it. `PRESSURE` Health points for each of `troop`'s units in combat that could reach and
        attack the opposing primary hero next turn (its Movement + Range reaches the hero's hex), less the same
        for the opponents' units against `troop`'s own primary hero; a hero not in combat is under no pressure.
        Crowd favor and rewards, the other road to a win, are in `standing` already. The native core's
        `skirmish::objective` is the same sum."""
        s = g.state
        dist = s.grid.dist
        total = 0.0
        for u in s.in_combat():
            if not u.is_primary_hero:
                continue
            row = dist[u.hex]
            near = sum(1 for o in s.opponents_of(u.troop)
                       if row[o.hex] <= rules.movement_of(s, o) + rules.range_of(s, o))
            total += PRESSURE * near if u.troop != troop else -PRESSURE * near
        return total

    # --- crowd favor ---------------------------------------------------------------------
    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        """Pozzuoli (CF-2): one space per favor; each reward reached or passed is claimed in order; excess
        kept; nothing beyond the last reward; SKR-8 catch-up after each of the first three rewards.
        Colosseum: the five tracks (`engine.colosseum.gain_favor`, CF-4..CF-6)."""
        if self.is_colosseum:
            colosseum.gain_favor(g, troop, n, why)
            return
        s = g.state
        t = s.troops[troop]
        if n <= 0:
            return
        t.favor_total += n  # all favor earned, also once the track is full: SKR-8 compares totals (R-ENG-29)
        if t.favor >= POZZUOLI_REWARDS[-1]:
            return
        old = t.favor
        t.favor = min(POZZUOLI_REWARDS[-1], old + n)
        s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why}), bead on {t.favor}")
        for k, space in enumerate(POZZUOLI_REWARDS):
            if old < space <= t.favor:
                self.reward(g, troop, k + 1)
                if s.end_reason is not None:
                    return
                if k < 3:
                    self.catch_up(g)

    def stones_pay(self, s: GameState, troop: int) -> bool:
        """Pozzuoli's stones earn crowd favor (SKR-7), nothing once the bead is on the last reward (CF-2)."""
        return self.is_colosseum or s.troops[troop].favor < POZZUOLI_REWARDS[-1]

    def reward(self, g: Game, troop: int, k: int) -> None:
        claim_pozzuoli_reward(g, troop, k)

    def catch_up(self, g: Game) -> None:
        """SKR-8: the player with the least total favor may add +1 HP to an elite or +2 HP to a
        non-elite unit of theirs in combat (tie: the active player)."""
        s = g.state
        a, b = s.troops
        if a.favor_total == b.favor_total:
            who = s.active
        else:
            who = a.index if a.favor_total < b.favor_total else b.index
        opts = [u.uid for u in s.in_combat(who)]
        uid = g.ask(who, "catch-up", opts, optional=True)
        if uid is not None:
            u = s.units[uid]
            rules.gain_hp(g, u, 1 if u.elite else 2)

    # --- hooks ---------------------------------------------------------------------------
    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        if u.is_primary_hero:
            # SKR-12: defeating the opposing primary hero wins at once.
            self.end(g, "primary hero defeated", 1 - u.troop)
            return
        if self.is_colosseum:
            return  # Colosseum favor comes from HP lost (after_damage); no "no units" win there
        # SKR-7: 2 crowd favor each time one of your units defeats an opponent.
        if source is not None and source.troop != u.troop:
            self.gain_favor(g, source.troop, 2, f"{source.name} defeated {u.name}")
        self.check_no_units(g)

    def after_damage(self, g: Game, target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """Colosseum: SKR-9 favor for HP lost to your units and tactics, SKR-10 chained hero activation."""
        if self.is_colosseum:
            colosseum.after_damage(g, target, removed, source=source, source_troop=source_troop)

    def check_no_units(self, g: Game) -> None:
        """SKR-12 (Pozzuoli only): any time after the first round, an opponent with no units in combat loses."""
        s = g.state
        if self.is_colosseum or s.end_reason is not None or s.round < 2:
            return
        for t in s.order:
            if not s.in_combat(t):
                self.end(g, "opponent has no units in combat", 1 - t)
                return

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        return f"Game over: {reason}; " + ("draw" if winner is None else f"{g.state.troops[winner].faction} wins")

    # --- turn ----------------------------------------------------------------------------
    def check_stones(self, g: Game, troop: int) -> None:
        """Remastered, "Check Stone Hexes" + SKR-7: 1 favor for exactly one stone, 3 for both."""
        s = g.state
        n = len(turn.stones_held(s, troop))
        if n:
            self.gain_favor(g, troop, 1 if n == 1 else 3, f"{n} stone hex(es)")

    def replenish(self, g: Game, troop: int) -> None:
        """SKR-6: fewer than four units in camp -> draw from the bag up to four; an inactive hero in camp
        does not count (official FAQ)."""
        s = g.state
        camp = [u for u in s.zone(troop, CAMP) if u.active]
        bag = s.zone(troop, BAG)
        while len(camp) < CAMP_SIZE and bag:
            u = bag.pop(int(g.rng.integers(len(bag))))
            u.zone = CAMP
            camp.append(u)

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """Pozzuoli: the six hexes of the troop's side (ARN-2); Colosseum: `colosseum.deployment_hexes`."""
        if self.is_colosseum:
            return colosseum.deployment_hexes(s, troop)
        return s.grid.tagged(f"deploy-{s.troops[troop].side}")

    def arena_step(self, g: Game, troop: int) -> None:
        """Step 1 of the Skirmish turn: check stone hexes (Pozzuoli) or, in the Colosseum, the center hex's
        1 damage at the start of the turn (ARN-3)."""
        if self.is_colosseum:
            colosseum.center_damage(g, troop)
        else:
            self.check_stones(g, troop)

    def tactic_placement(self, g: Game, troop: int) -> None:
        """Tactic Placement; in the Colosseum also the foothold move/flip reward (CF-6)."""
        turn.tactic_step(g, troop)
        if self.is_colosseum and g.state.end_reason is None:
            colosseum.foothold_step(g, troop)

    def turn_of(self, g: Game, troop: int) -> Turn:
        """TURN-1 step order; the game ends at once when a win condition is met (TURN-2)."""
        s = g.state
        t = s.troops[troop]
        steps = self.steps_for(g, troop, lambda: turn.player_steps(
            g, troop, arena=lambda: self.arena_step(g, troop),
            deployment=lambda: turn.deployment_step(g, troop, self.deployment_hexes(s, troop)),
            tactic=lambda: self.tactic_placement(g, troop),
            after_engage=(("replenish", lambda: self.replenish(g, troop)),)))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)

    @classmethod
    def for_scenario(cls, arena: str, *, bare: bool = False) -> Mode:
        """Skirmish on the scenario's arena, or its bare board (`BareBoard`)."""
        return BareBoard(arena) if bare else cls(arena)

    @classmethod
    def scenario_steps(cls, catalog: Catalog, arena: str, *, bare: bool = False) -> tuple[str, ...]:
        """TURN-1's steps; "arena" is the arena step (Pozzuoli: check stone hexes), "replenish" the end-of-turn camp
        refill (SKR-6): the bare board plays neither."""
        if bare:
            return ("start", "deployment", "tactic", "movement", "abilities", "engage")
        return ("start", "arena", "deployment", "tactic", "movement", "abilities", "engage", "replenish")

    @classmethod
    def scenario_step_aliases(cls) -> dict[str, str]:
        """"stones" names Pozzuoli's arena step."""
        return {"stones": "arena"}

    @classmethod
    def scenario_favor_cap(cls, arena: str) -> int:
        """Pozzuoli's track ends at 20 (CF-2); the Colosseum's five tracks (CF-4) are not settable in scenarios yet."""
        return POZZUOLI_REWARDS[-1] if arena == "pozzuoli" else 0

    @classmethod
    def scenario_tactics(cls, catalog: Catalog, faction: str) -> tuple[Tactic, ...]:
        """Set-up 4: a troop's tactics start in its camp."""
        return catalog.faction_tactics(faction)

    @classmethod
    def scenario_state(cls, scen: Any, plain: GameState, rng: np.random.Generator) -> GameState:
        """The scenario's plain state is a Skirmish state as it is, with this mode object (or the bare board's);
        a troop's rewards are those its crowd favor has passed (CF-2)."""
        plain.mode = cls.for_scenario(plain.grid.arena.id, bare=scen.bare)
        if not scen.bare:
            for t in plain.troops:
                t.rewards = sum(1 for x in POZZUOLI_REWARDS if x <= t.favor)
        return plain

    # --- the round (engine.loop) ---------------------------------------------------------
    def begin(self, g: Game) -> None:
        """Set-up's last step: each player draws four units into the camp (SKR-3)."""
        for p in range(2):
            self.replenish(g, p)

    def start_round(self, g: Game) -> None:
        self.check_no_units(g)

    def round_turns(self, g: Game):
        """SKR-1, SKR-13: the players' turns in the order drawn at set-up."""
        for p in g.state.order:
            yield self.turn_of(g, p)

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = setup(catalog, spec.factions, spec.arena, rng=rng, log=log, first_player=spec.first, mode_cls=cls)
        return Game(s, default_roller(rng, roller), list(controllers), rng)

    def result(self, g: Game, spec: GameSpec) -> GameResult:
        return result_of(g.state, spec)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        return versus_rows(cls, res, head, unit_kind)


class BareBoard(Skirmish):
    """A scenario's bare board (`mode = "none"`): Skirmish's steps with no crowd favor, no rewards and no
    win conditions; deployment on the arena's hexes of each side. Not a registered mode."""

    __slots__ = ()

    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        return None

    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        return None

    def after_damage(self, g: Game, target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        return None

    def check_no_units(self, g: Game) -> None:
        return None

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        side = s.troops[troop].side
        hexes = s.grid.tagged(f"deploy-{side}")
        if not hexes:
            raise InputError(f"deployment: arena {s.grid.arena.id!r} has no deploy-{side} hexes; deployment there is "
                             "not supported by scenarios yet")
        return hexes


class _CatalogFacts:
    """What set-up reads from a catalog, computed once per catalog object (catalogs are immutable)."""

    __slots__ = ("catalog", "neutrals", "sentinels", "unimplemented", "_units", "_tactics")

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.neutrals = list(catalog.units_of_kind("neutral-hero"))
        self.sentinels = catalog.units_of_kind("sentinel")
        self.unimplemented = unimplemented_skills(catalog)
        self._units: dict[str, tuple] = {}
        self._tactics: dict[str, tuple] = {}

    def units(self, fid: str) -> tuple:
        got = self._units.get(fid)
        if got is None:
            got = self._units[fid] = self.catalog.faction_units(fid)
        return got

    def tactics(self, fid: str) -> tuple:
        got = self._tactics.get(fid)
        if got is None:
            got = self._tactics[fid] = self.catalog.faction_tactics(fid)
        return got


_FACTS: dict[int, _CatalogFacts] = {}


def _facts(catalog: Catalog) -> _CatalogFacts:
    got = _FACTS.get(id(catalog))
    if got is None or got.catalog is not catalog:
        if len(_FACTS) > 16:
            _FACTS.clear()
        got = _FACTS[id(catalog)] = _CatalogFacts(catalog)
    return got


def setup(
    catalog: Catalog,
    factions: Sequence[str],
    arena: str,
    *,
    rng: np.random.Generator,
    log: bool = False,
    first_player: int | None = None,
    mode_cls: type[Skirmish] | None = None,
) -> GameState:
    """Skirmish set-up (SKR-1..4): random player order (or `first_player` forced); the first player takes
    the red side (ruling R-ENG-1); heroes inactive: in camp (Pozzuoli) or in combat on their chained
    hero hex (Colosseum); the rest bagged, four drawn into camp by `play_game`; a random neutral hero on
    each fourth reward space (Pozzuoli) or above each gold track (Colosseum), and the Colosseum's
    support chips above the other tracks (own above "gain this support chip", the opponent's above the
    other three); the full health-chip supply."""
    if len(factions) != 2:
        raise InputError(f"skirmish needs exactly 2 factions, got {len(factions)}")
    if arena not in ARENAS:
        raise InputError(f"unknown arena {arena!r} for skirmish; allowed: {', '.join(ARENAS)}")
    if first_player not in (None, 0, 1):
        raise InputError(f"first_player must be 0, 1 or None, got {first_player!r}")
    mode_cls = mode_cls or Skirmish
    facts = _facts(catalog)
    ar = catalog.arena(arena)
    grid = HexGrid.of(ar)
    if first_player is None:
        order = [int(x) for x in rng.permutation(2)]
    else:
        order = [first_player, 1 - first_player]
    units: list[UnitState] = []
    troops: list[TroopState] = []
    neutrals = facts.neutrals
    picks: np.ndarray | list[int] = rng.choice(len(neutrals), size=2, replace=len(neutrals) < 2) if neutrals else []
    for p, fid in enumerate(factions):
        t = add_faction(units, catalog, p, fid, SIDES[order.index(p)], zone=BAG, tactics=facts.tactics(fid),
                        faction_units=facts.units(fid), neutral=neutrals[int(picks[p])] if neutrals else None)
        if arena == "colosseum":
            t.track_chips = [p, 1 - p, 1 - p, 1 - p]  # SKR-4: own chip above "gain this support chip"
        troops.append(t)
    supply = dict(catalog.game.health_chips)
    sentinels = facts.sentinels
    s = GameState(
        grid=grid,
        units=units,
        troops=troops,
        board=[-1] * grid.n,
        supply=dict(supply),
        supply_start=dict(supply),
        order=order,
        log=[] if log else None,
        mode=mode_cls(arena),
        support_unit=sentinels[0] if sentinels else None,
    )
    if arena == "colosseum":
        # Remastered, "Skirmish Mode", Primary Heroes (Colosseum): inactive, on the chained hero hex of its side
        # (SKR-2).
        for t in troops:
            hero = units[t.primary_hero]
            (h,) = grid.tagged(f"chained-hero-{t.side}")[:1]
            chain_hero(s, hero, h)
    s.say(
        "Set-up: "
        + ", ".join(f"player {p + 1} {troops[p].faction} on {troops[p].side}" for p in order)
        + f"; {troops[order[0]].faction} goes first"
    )
    return s


def chain_hero(s: GameState, hero: UnitState, hex_: int) -> None:
    """Set-up (Colosseum): the inactive hero enters combat on its chained hero hex with HP = Health from the
    supply (UNIT-3); not a deployment (`rules.place_at_setup`)."""
    rules.place_at_setup(s, hero, hex_)


def play_game(
    catalog: Catalog,
    mode: str,
    factions: Sequence[str],
    arena: str,
    controllers: Sequence[Controller],
    *,
    rng: np.random.Generator,
    max_rounds: int = 60,
    log: bool = False,
    roller: Roller | None = None,
    first_player: int | None = None,
) -> GameResult:
    """Play one Skirmish game to its end (or the round cap: a draw); `engine.loop.play` with a Skirmish spec.

    `first_player`: None draws the player order at random (SKR-1); 0 or 1 forces which player
    (position in `factions`) plays first (and takes the red side, R-ENG-1).
    """
    if mode != "skirmish":
        raise InputError(f"mode {mode!r}: this function plays skirmish only (engine.loop.play plays every mode)")
    spec = GameSpec("skirmish", tuple(factions), arena, first=first_player, max_rounds=max_rounds)
    return play(catalog, spec, controllers, rng=rng, log=log, roller=roller)


def result_of(s: GameState, spec: GameSpec) -> GameResult:
    return versus_result(s, RULESET, s.mode.arena_id)
