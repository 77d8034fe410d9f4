"""Onslaught Mode (Remastered, "Onslaught Mode"): solo or co-op against six immortals in waves, on Pozzuoli.

Round (ONS-3): immortal turn (deployment on the first turn of a wave, movement, abilities,
engage with the immortal's dice triggers), the player turn(s) (check stone hexes, deployment,
tactic placement, movement, abilities, engage), the arena turn (deployment from the draw bag,
movement, abilities, engage). Rival units follow `engine.rival` with the Onslaught priority list
(`catalog.game.onslaught_priority`, ONS-4); their ties go to the players' controller.

Immortals ignore all damage (ONS-7): the rules' `damage` asks the mode (`ignores_damage`), which
turns damage dealt to an immortal into crowd favor for the dealer (ONS-8) instead of HP loss. An
immortal loses 1 HP per arena unit defeated and, at the start of each player turn, 1 HP per unit
of that player on a stone hex. Its defeat ends the wave at once (ONS-11): the mode flags
`end_reason = WAVE_OVER`, which stops every running step exactly as a game end would, and the
round loop cleans up and starts the next wave with a new immortal turn.

Per-game data lives in `OnslaughtState` (a `GameState` with teams: immortal and arena troops are
allies, co-op players are allies; UNIT-11); the `Onslaught` mode object is configuration only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from hoplostat.catalog.model import Catalog, Effect, FrozenMap, Tactic, Unit
from hoplostat.dice import COLOURS, Pool
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import (
    DRAW,
    LOST,
    WON,
    GameResult,
    GameSpec,
    Mode,
    TroopResult,
    Turn,
    default_roller,
    play,
    player_units,
    register_mode,
)
from hoplostat.engine.mode import Heuristics, ModeOption, per_side, side_counts
from hoplostat.engine.registry import effect, effect_impl, unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK, TeamGameState, TroopState, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.remastered import effects, rival, turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.skirmish import claim_pozzuoli_reward
from hoplostat.rulesets.remastered.troops import add_faction

ARENA = "pozzuoli"
REWARDS = (5, 10, 15, 20)
"""Pozzuoli track: a reward every five spaces, nothing after the last (CF-2, ONS-8)."""
SOLO_LIMITS = (3, 2)
"""ONS-2: player units, arena units in combat at a time (solo)."""
COOP_LIMITS = (4, 3)
"""ONS-2 co-op: four player units shared, three arena units."""
COOP_HEALTH = 2
"""ONS-5 co-op: each immortal has +2 Health."""
WAVE_OVER = "wave over"
"""`end_reason` while a wave's end interrupts the running turn (cleared by the round loop)."""
DEFAULT_MAX_ROUNDS = 150


_STUN = Tactic("immortal-stun", "Stunned (immortal trigger)", "temporary", (Effect("stun"),),
               "Fatigued until the start of the immortal's next turn.", None, FrozenMap())
"""Marker placed by a `stun` trigger: fatigued until the start of the immortal troop's next turn (R-ONS-6)."""


# --------------------------------------------------------------------------- results


@dataclass(slots=True)
class WaveSummary:
    immortal: str
    """Catalog id of the wave's immortal."""
    name: str
    won: bool = False
    start_round: int = 0
    end_round: int = 0
    rounds: int = 0
    """Rounds the wave lasted (counting its first and last round)."""
    hp_from_arena: int = 0
    """Immortal HP lost to arena unit defeats."""
    hp_from_stones: int = 0
    """Immortal HP lost to player units on stone hexes."""


# --------------------------------------------------------------------------- state


@dataclass(slots=True)
class OnslaughtState(TeamGameState):
    """A GameState with teams and the Onslaught bookkeeping (cloned with the state)."""

    imm_troop: int = -1
    arena_troop: int = -1
    immortal: int = -1
    """uid of the wave's immortal once deployed; -1 before its deployment."""
    immortal_camp: list[int] = field(default_factory=list)
    """uids of the immortals face down in the rival camp, in draw order (ONS-1)."""
    trophies: list[int] = field(default_factory=list)
    waves: list[WaveSummary] = field(default_factory=list)
    imm_damage: list[int] = field(default_factory=list)
    stone_hp: list[int] = field(default_factory=list)
    favor_earned: list[int] = field(default_factory=list)
    rewards_claimed: list[int] = field(default_factory=list)
    immortal_order_ids: tuple[str, ...] = ()
    """Immortal ids in the order they were (or would have been) drawn."""
    losing_hp: bool = False
    """Set while the mode removes an immortal's HP itself (ONS-7), which is not damage."""
    unimplemented_terms: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- the mode


@register_mode
class Onslaught(Mode):
    """Mode hooks (`ignores_damage`, `after_damage`, `after_defeat`) and the turns of a round.
    Configuration only (shared by clones): co-op, limits, priority list, trigger tables."""

    name = "onslaught"
    tunes = "immortal"
    ruleset = RULESET
    summary = "solo or co-op against six immortals in waves, with the rival AI (Pozzuoli)"
    options = (ModeOption("immortal-order", "face these immortals, in this order, instead of all of them "
                          "shuffled (ids separated by commas)", "", kind="ids"),)
    arenas = (ARENA,)
    seats = (1, 2)
    teams = "the players against the immortal and arena troops"
    default_max_rounds = DEFAULT_MAX_ROUNDS
    analysis = "waves"
    success = "at least one immortal defeated"
    tables = ("games", "waves", "units")
    columns = {
        "games": {"coop": "bool", "immortals_defeated": "int", "waves_reached": "int", "rounds": "int",
                  "end_reason": "str", "capped": "bool",
                  **per_side("units_deployed", "damage_dealt", "immortal_damage", "kills", "units_lost",
                             "crowd_favor")},
        "waves": {"matchup": "str", "game": "int", "faction_a": "str", "faction_b": "str", "coop": "bool",
                  "wave": "int", "immortal": "str", "won": "bool", "rounds": "int"},
    }
    heuristics = Heuristics(stone=8.0, kill=15.0, ignored_damage=0.5, trust=1.0)
    """ONS-7: a stone hex costs the immortal 1 HP per player turn and each arena unit defeated 1 HP; the
    immortal ignores damage (favor only, ONS-8); units lost stay lost (ONS-11)."""

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.remastered.onslaught.players import OnslaughtGreedy

        return OnslaughtGreedy

    arena_id = ARENA
    rewards = REWARDS
    """Pozzuoli's reward spaces (CF-3), as the mode's players read them."""
    is_colosseum = False

    def __init__(self, coop: bool, priority: Sequence[str], triggers: dict[str, tuple]) -> None:
        self.coop = coop
        self.player_limit, self.arena_limit = COOP_LIMITS if coop else SOLO_LIMITS
        self.priority = rival.check_priority(priority)
        self.triggers = triggers
        """Immortal chip id -> its Trigger rows, top to bottom (ONS-6)."""

    # --- rules hooks --------------------------------------------------------------------
    def ignores_damage(self, g: Game[OnslaughtState], target: UnitState, amount: int, *, source: UnitState | None,
                       source_troop: int | None, what: str) -> bool:
        """ONS-7: immortals ignore all damage dealt to them; ONS-8: the dealer earns that much favor."""
        s = g.state
        if target.unit.kind != "immortal" or s.losing_hp:
            return False
        n = max(0, amount)
        s.say(f"{target.name} ignores {n} damage ({what})")
        if source_troop is not None and source_troop in s.players and n:
            s.imm_damage[source_troop] += n
            self.gain_favor(g, source_troop, n, f"{n} damage dealt to {target.name}")
        return True

    def after_damage(self, g: Game, target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        return None

    def after_defeat(self, g: Game[OnslaughtState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        s = g.state
        if u.is_primary_hero:
            # ONS-10: your primary hero defeated, you lose (co-op: either player's).
            self.end(g, "primary hero defeated")
            return
        if u.troop == s.arena_troop:
            u.zone = BAG  # Remastered, Onslaught "Defeated Units": an arena unit returns to the draw bag (ONS-9)
            s.say(f"{u.name} returns to the arena's draw bag")
            if s.end_reason is None and s.immortal >= 0:
                wave = s.waves[-1]
                wave.hp_from_arena += self.lose_hp(g, 1, f"{u.name} defeated")
            return
        if u.unit.kind == "immortal" and u.uid == s.immortal:
            s.waves[-1].won = True
            s.say(f"{u.name} is defeated: the wave ends")
            if s.end_reason is None:
                s.end_reason = WAVE_OVER  # stops the running steps at once (ONS-11)

    def lose_hp(self, g: Game[OnslaughtState], n: int, why: str) -> int:
        """ONS-7: the active immortal loses n HP (not damage: nothing is dealt). Returns HP lost."""
        s = g.state
        if s.immortal < 0 or s.end_reason is not None:
            return 0
        imm = s.units[s.immortal]
        if imm.zone != COMBAT or n <= 0:
            return 0
        s.losing_hp = True
        try:
            return rules.damage(g, imm, n, what=why)
        finally:
            s.losing_hp = False

    def end(self, g: Game, reason: str, winner: int | None = None) -> None:
        s = g.state
        if s.end_reason is not None and s.end_reason != WAVE_OVER:
            return
        s.winner = None
        s.end_reason = reason
        s.say(f"Game over: {reason}")

    # --- crowd favor (ONS-8, CF-2, CF-3) --------------------------------------------------
    def gain_favor(self, g: Game[OnslaughtState], troop: int, n: int, why: str) -> None:
        s = g.state
        t = s.troops[troop]
        if n <= 0:
            return
        s.favor_earned[troop] += n
        t.favor_total += n
        if t.favor >= REWARDS[-1]:
            return
        old = t.favor
        t.favor = min(REWARDS[-1], old + n)
        s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why}), bead on {t.favor}")
        for k, space in enumerate(REWARDS):
            if old < space <= t.favor:
                self.reward(g, troop, k + 1)
                if s.end_reason is not None:
                    return

    def reward(self, g: Game[OnslaughtState], troop: int, k: int) -> None:
        """CF-3 Pozzuoli rewards, each player their own (ONS-8); the neutral hero only once (ONS-11)."""
        s = g.state
        s.rewards_claimed[troop] += 1
        claim_pozzuoli_reward(g, troop, k)

    # --- immortal turn (ONS-5, ONS-6) ------------------------------------------------------------
    def immortal_turn(self, g: Game[OnslaughtState]) -> Turn:
        s = g.state
        return Turn(s.imm_troop, f"-- Round {s.round}, immortal turn", (("immortal", lambda: self.immortal_steps(g)),))

    def immortal_steps(self, g: Game[OnslaughtState]) -> None:
        """Start of turn, the wave's deployment (ONS-5), movement, abilities, engage (ONS-6)."""
        s = g.state
        troop = s.imm_troop
        rc = rival.controller_of(g, troop)
        turn.start_of_turn(g, troop)
        if s.immortal < 0:
            # ONS-5: first turn of a wave: draw a random immortal (the camp was shuffled at set-up).
            if not s.immortal_camp:
                return
            u = s.units[s.immortal_camp[0]]
            if not rival.deploy(g, rc, u, s.grid.tagged("deploy-blue")):
                return
            s.immortal_camp.pop(0)
            s.immortal = u.uid
            s.waves.append(WaveSummary(u.unit.id, u.name, start_round=s.round))
        imm = s.units[s.immortal]
        rival.movement_step(g, troop, rc)
        if s.end_reason is None:
            rival.abilities_step(g, troop, rc)
        if s.end_reason is None and imm.zone == COMBAT:
            self.immortal_engage(g, imm, rc)

    def immortal_engage(self, g: Game[OnslaughtState], imm: UnitState, rc: rival.RivalController) -> None:
        """ONS-6: the immortal engages as a rival (RIV-9), but always rolls all its attack dice, even
        with no target (and on the turn it deploys, ruling R-ONS-2); after the attack's damage, the same
        dice resolve its triggers top to bottom, each once if at least one die of its colour hit."""
        s = g.state
        choice = None
        if rules.can_engage(s, imm):
            plan = rc.plan_engage(g, imm)
            if plan:
                choice = rc.tie(g, "rival-engage", plan)
        target: UnitState | None = None
        if choice is not None and choice[0] == "special":
            rival.act(g, choice)
            args = choice[3]
            if args and isinstance(args[0], int):
                target = s.units[args[0]]
            if s.end_reason is not None:
                return
        attacking = choice is not None and choice[0] == "attack"
        if attacking:
            assert choice is not None  # attacking
            target = s.units[choice[2]]
            pool = rules.attack_profile(g, imm, target)[0]
        else:
            pool = rules.attack_profile(g, imm, imm)[0]  # its own dice modifiers (Dig In); no target
        by_colour = roll_by_colour(g, pool)
        total = sum(by_colour.values())
        if attacking:
            imm.engaged_turn = s.turn
            preset = _Preset(g.roller, total)
            g.roller = preset
            try:
                assert target is not None  # set above when attacking
                rules.attack(g, imm, target)
            finally:
                g.roller = preset.inner
        else:
            s.say(f"{imm.name} ({s.side_of(imm.troop)}) rolls all its dice without attacking ({pool}): {total} hit(s)")
        if s.end_reason is not None:
            return
        if s.log is not None:
            s.say(f"{imm.name}'s dice: " + ", ".join(f"{c} {h}/{pool.counts[COLOURS.index(c)]}"
                                                     for c, h in by_colour.items()))
        for trig in self.triggers.get(imm.unit.id, ()):
            if by_colour.get(trig.colour, 0) < 1:
                continue
            s.say(f"{imm.name}'s {trig.colour} trigger: " + ", ".join(str(e) for e in trig.effects))
            for e in trig.effects:
                self.trigger_effect(g, imm, e, target, rc)
                if s.end_reason is not None:
                    return

    def trigger_effect(self, g: Game[OnslaughtState], imm: UnitState, e: Effect, target: UnitState | None,
                       rc: rival.RivalController) -> None:
        """One effect of an immortal trigger: its handler from the effects registry (context "trigger");
        "the target" is the unit the immortal attacked (or its Special's target) this turn, if still in
        combat (ruling R-ONS-3). A term without a handler is skipped and named in the result."""
        s = g.state
        t = target if target is not None and target.zone == COMBAT else None
        impl = effect_impl(RULESET, "trigger", e.term)
        if impl is None or impl.fn is None:
            if e.term not in s.unimplemented_terms:
                s.unimplemented_terms.append(e.term)
            s.say(f"trigger effect {e.term!r} is not implemented for immortals; skipped")
            return
        impl.fn(g, self, imm, t, e.arg, rc)

    # --- player turn ----------------------------------------------------------------------------
    def turn_of(self, g: Game[OnslaughtState], troop: int) -> Turn:
        """Remastered, "Player Turns" in Onslaught (ONS-3): check stone hexes (ONS-7), deployment with the
        unit limit (ONS-2) and forfeit (ONS-12), tactic placement, movement, abilities, engage."""
        s = g.state
        t = s.troops[troop]
        steps = self.steps_for(g, troop, lambda: turn.player_steps(
            g, troop, arena=lambda: self.check_stones(g, troop), deployment=lambda: self.deployment(g, troop)))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)

    def check_stones(self, g: Game[OnslaughtState], troop: int) -> None:
        """ONS-7: at the start of each player turn the immortal loses 1 HP per unit of that player on a stone."""
        s = g.state
        n = len(turn.stones_held(s, troop))
        if n:
            lost = self.lose_hp(g, n, f"{n} {s.troops[troop].faction} unit(s) on stone hexes")
            s.stone_hp[troop] += lost
            if s.waves:
                s.waves[-1].hp_from_stones += lost

    def deployment(self, g: Game[OnslaughtState], troop: int) -> None:
        """ONS-2 unit limit (co-op: shared); ONS-12 forfeit: no (player-controlled) units in combat and
        none deployable; otherwise the shared Deployment step (DEP-1..5)."""
        s = g.state
        team = sum(len(s.in_combat(p)) for p in s.players)
        if team >= self.player_limit:
            return
        hexes = s.grid.tagged("deploy-red")
        if team == 0 and not turn.deployable(g, troop, hexes):
            self.end(g, "forfeit")
            return
        turn.deployment_step(g, troop, hexes)

    # --- arena turn (ONS-9) -------------------------------------------------------------------------
    def arena_deploy(self, g: Game[OnslaughtState]) -> None:
        """Deploy a random unit from the draw bag if the arena is under its limit (ONS-2, ONS-9)."""
        s = g.state
        troop = s.arena_troop
        if len(s.in_combat(troop)) >= self.arena_limit:
            return
        bag = s.zone(troop, BAG)
        if not bag:
            return
        u = bag[int(g.rng.integers(len(bag)))]
        rival.deploy(g, rival.controller_of(g, troop), u, s.grid.tagged("deploy-blue"))

    def arena_turn(self, g: Game[OnslaughtState]) -> Turn:
        """ONS-9: the arena troop deploys from its draw bag, moves, uses abilities and engages as rivals."""
        s = g.state
        troop = s.arena_troop
        rc = rival.controller_of(g, troop)
        return Turn(troop, f"-- Round {s.round}, arena turn", (
            ("start", lambda: turn.start_of_turn(g, troop)),
            ("deployment", lambda: self.arena_deploy(g)),
            ("movement", lambda: rival.movement_step(g, troop, rc)),
            ("abilities", lambda: rival.abilities_step(g, troop, rc)),
            ("engage", lambda: rival.engage_step(g, troop, rc)),
        ))

    # --- the round (engine.loop) ----------------------------------------------------------------
    def round_turns(self, g: Game[OnslaughtState]):
        """ONS-3: immortal turn, player turn(s) in faction order (ruling R-ONS-4), arena turn."""
        s = g.state
        yield self.immortal_turn(g)
        for p in s.players:
            yield self.turn_of(g, p)
        yield self.arena_turn(g)

    def interrupt(self, g: Game[OnslaughtState]) -> None:
        """ONS-11: a wave's end stops the round; the next round starts with a new immortal turn."""
        if g.state.end_reason == WAVE_OVER:
            self.end_wave(g)

    @classmethod
    def check_options(cls, catalog: Catalog, options) -> None:
        """`immortal-order`: immortal ids of the catalog, each at most once."""
        order = cls.option_value(options, "immortal-order")
        for i in order:
            if i not in catalog.immortals:
                raise InputError(f"--option immortal-order: onslaught has no immortal {i!r}; its immortals: "
                                 f"{', '.join(sorted(catalog.immortals))}")
        if len(set(order)) != len(order):
            raise InputError("--option immortal-order: onslaught faces each immortal at most once")

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        """The players' controllers (one reused for both co-op troops) and a RivalController (the Onslaught
        priority list, ties settled by the first player's controller) for the immortal and arena troops."""
        order = cls.option_value(spec, "immortal-order") or None
        s = setup(catalog, spec.factions, rng=rng, log=log, immortal_order=order, mode_cls=cls)
        ctrls = cls.player_controllers(controllers, len(s.players), cls.name)
        rc = rival.RivalController(s.mode.priority, players=ctrls[0], players_troop=0)
        s.immortal_order_ids = tuple(s.units[u].unit.id for u in s.immortal_camp)
        return Game(s, default_roller(rng, roller), [*ctrls, rc, rc], rng)

    def result(self, g: Game[OnslaughtState], spec: GameSpec) -> GameResult:
        return result_of(g.state)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        row = {**head, "coop": res.coop, "immortals_defeated": x["immortals_defeated"],
               "waves_reached": len(x["waves"]), "rounds": res.rounds, "end_reason": res.end_reason,
               "capped": res.capped}
        for side, t in zip("ab", res.troops):
            row.update(side_counts(side, t), **{f"{side}_immortal_damage": t.extras["immortal_damage"]})
        waves = [{"matchup": head["matchup"], "game": head["game"], "faction_a": head["faction_a"],
                  "faction_b": head["faction_b"], "coop": res.coop, "wave": i, "immortal": w.immortal, "won": w.won,
                  "rounds": w.rounds} for i, w in enumerate(x["waves"], start=1)]
        units = cls.unit_rows(head, res, unit_kind, lambda seat: None)
        return {"games": [row], "waves": waves, "units": units}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return row["immortals_defeated"] >= 1

    TROPHY = 40.0
    """What an immortal defeated is worth to a heuristic player, in Health: more than the troop's units
    sent back to camp at the wave's end (ONS-11) and the next immortal's Health coming into play."""

    def objective(self, g: Game[OnslaughtState], troop: int) -> float:
        """The immortals defeated, and the share of the current immortal's Health already taken (ONS-7: by
        arena units defeated and stones held), each immortal worth `TROPHY`."""
        s = g.state
        won = float(len(s.trophies))
        if s.immortal >= 0 and s.units[s.immortal].zone == COMBAT:
            imm = s.units[s.immortal]
            full = imm.unit.health + imm.hp_gained
            if full > 0:
                # the Health taken, and the HP each player unit on a stone takes at the next player turn
                held = sum(len(turn.stones_held(s, p)) for p in s.players)
                won += min(full, max(0, full - imm.hp) + held) / full
        won *= self.TROPHY
        return won if s.teams[troop] == 0 else -won

    # --- waves (ONS-11) -------------------------------------------------------------------------------
    def end_wave(self, g: Game[OnslaughtState]) -> None:
        """The wave's clean-up: trophy; players' tactics on units discarded and units in combat back to
        camp (full HP next time); primary heroes inactive; arena units back in the bag; favor reset."""
        s = g.state
        s.end_reason = None
        imm = s.units[s.immortal]
        s.trophies.append(imm.uid)
        w = s.waves[-1]
        w.end_round = s.round
        w.rounds = s.round - w.start_round + 1
        s.immortal = -1
        s.say(f"Wave {len(s.waves)} won: {imm.name} is a trophy ({len(s.trophies)} defeated)")
        for u in list(s.in_combat()):
            withdraw(g, u, BAG if u.troop == s.arena_troop else CAMP)
        for p in s.players:
            t = s.troops[p]
            s.units[t.primary_hero].active = False
            t.favor = 0
            t.rewards = 0
        if not s.immortal_camp:
            self.end(g, "all immortals defeated")


# --------------------------------------------------------------------------- trigger effects (ONS-6)


def _trigger(term: str):
    return effect(term, "trigger", ruleset=RULESET)


@_trigger("displace-target")
def _displace_target(g: Game, m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    s = g.state
    if t is None or not rules.can_be_displaced(s, t):
        return
    blocked = s.blocked_for_move(t.troop)
    hexes = [h for h in s.grid.neighbours[t.hex] if not blocked[h]]
    h = rival.displace_choice(g, rc, t, hexes)
    if h is not None:
        rules.displace(g, t, h, by=imm)


@_trigger("allies-gain-hp")
def _allies_gain_hp(g: Game[OnslaughtState], m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    s = g.state
    for a in list(s.in_combat()):
        if a is not imm and s.teams[a.troop] == s.teams[imm.troop]:
            rules.gain_hp(g, a, int(arg))  # gaining, not healing: may exceed Health (UNIT-4)


@_trigger("damage")
def _damage(g: Game, m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    if t is not None:
        rules.damage(g, t, int(arg), source=imm, what=f"{imm.name}'s trigger")


@_trigger("heal")
def _heal(g: Game, m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    rules.heal(g, imm, int(arg))


@_trigger("gain-hp")
def _gain_hp(g: Game, m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    rules.gain_hp(g, imm, int(arg))


@_trigger("damage-adjacent")
def _damage_adjacent(g: Game, m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    effects.damage_adjacent(g, imm, int(arg), f"{imm.name}'s trigger")


@_trigger("stun")
def _stun(g: Game, m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    if t is not None:
        effects.fatigue(g, t, _STUN, imm.troop, "the immortal's next turn")


@_trigger("deploy-arena-unit")
def _deploy_arena_unit(g: Game[OnslaughtState], m: Onslaught, imm: UnitState, t: UnitState | None, arg, rc) -> None:
    m.arena_deploy(g)


class _Preset:
    """A roller whose next roll is already known (the immortal rolled its dice colour by colour)."""

    __slots__ = ("inner", "first")

    def __init__(self, inner: Roller, first: int) -> None:
        self.inner = inner
        self.first: int | None = first

    def hits(self, pool: Pool) -> int:
        if self.first is not None:
            h, self.first = self.first, None
            return h
        return self.inner.hits(pool)


roll_by_colour = effects.roll_by_colour


def withdraw(g: Game, u: UnitState, zone: str) -> None:
    """Wave clean-up (ONS-11): `rules.withdraw`, the immortal's stun marker (not a tactic chip) dropped."""
    rules.withdraw(g, u, zone, discard=lambda pt: pt.tactic is not _STUN)


# --------------------------------------------------------------------------- set-up and play


def setup(
    catalog: Catalog,
    factions: Sequence[str],
    *,
    rng: np.random.Generator,
    log: bool = False,
    immortal_order: Sequence[str] | None = None,
    mode_cls: type[Onslaught] | None = None,
) -> OnslaughtState:
    """ONS-1: Pozzuoli; players on the red side, rivals on the blue; each player's faction (hero inactive,
    ten units and four tactics) in their camp; a neutral hero on each player's last reward space (chosen
    at random, different ones in co-op, ruling R-ONS-1); arena units in the draw bag; the immortals
    shuffled face down (or in `immortal_order`); co-op immortals with +2 Health (ONS-5)."""
    factions = tuple(factions)
    if len(factions) not in (1, 2):
        raise InputError(f"onslaught needs 1 faction (solo) or 2 (co-op), got {len(factions)}")
    if len(set(factions)) != len(factions):
        raise InputError("co-op players choose different factions (Remastered, Onslaught Setup)")
    for f in factions:
        catalog.faction(f)
    coop = len(factions) == 2
    immortals = list(catalog.immortals.values())
    if not immortals:
        raise InputError("the catalog has no immortals")
    if immortal_order is not None:
        order = [catalog.immortal(i) for i in immortal_order]
        if len({i.id for i in order}) != len(order) or not order:
            raise InputError("immortal_order: give each immortal id at most once")
    else:
        order = [immortals[int(i)] for i in rng.permutation(len(immortals))]
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    troops: list[TroopState] = []
    neutrals = list(catalog.units_of_kind("neutral-hero"))
    picks = [int(x) for x in rng.permutation(len(neutrals))] if neutrals else []
    for p, fid in enumerate(factions):
        troops.append(add_faction(units, catalog, p, fid, "red", zone=CAMP, tactics=catalog.faction_tactics(fid),
                                  faction_units=catalog.faction_units(fid),
                                  neutral=neutrals[picks[p % len(picks)]] if neutrals else None))
    n = len(factions)
    imm_troop, arena_troop = n, n + 1
    troops.append(TroopState(index=imm_troop, side="blue", faction="immortal"))
    troops.append(TroopState(index=arena_troop, side="blue", faction="arena"))
    camp = []
    for im in order:
        chip: Unit = replace(im.unit, health=im.unit.health + COOP_HEALTH) if coop else im.unit
        u = UnitState(len(units), chip, imm_troop, zone=CAMP)
        units.append(u)
        camp.append(u.uid)
    for un in catalog.units_of_kind("arena-unit"):
        units.append(UnitState(len(units), un, arena_troop, zone=BAG))
    supply = dict(catalog.game.health_chips)
    mode = (mode_cls or Onslaught)(coop, catalog.game.onslaught_priority, {im.unit.id: im.triggers for im in immortals})
    s = OnslaughtState(
        grid=grid,
        units=units,
        troops=troops,
        board=[-1] * grid.n,
        supply=dict(supply),
        supply_start=dict(supply),
        order=[imm_troop, *range(n), arena_troop],
        log=[] if log else None,
        mode=mode,
        teams=[0] * n + [1, 1],
        players=list(range(n)),
        imm_troop=imm_troop,
        arena_troop=arena_troop,
        immortal_camp=camp,
        imm_damage=[0] * (n + 2),
        stone_hp=[0] * (n + 2),
        favor_earned=[0] * (n + 2),
        rewards_claimed=[0] * (n + 2),
    )
    s.say("Set-up: Onslaught on Pozzuoli, " + ("co-op " if coop else "solo ") + " and ".join(factions)
          + " on red; " + ", ".join(f"{t.faction} has {units[u.uid].name} on its last reward"
                                    for t in troops[:n] for u in s.zone(t.index, TRACK)))
    return s


def play_onslaught(
    catalog: Catalog,
    factions: Sequence[str],
    controllers: Sequence[Controller],
    *,
    rng: np.random.Generator,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    log: bool = False,
    roller: Roller | None = None,
    immortal_order: Sequence[str] | None = None,
) -> GameResult:
    """Play one Onslaught game (solo: one faction; co-op: two) to its end: a primary hero defeated,
    a forfeit, every immortal defeated, or the round cap (`capped`, counted); `engine.loop.play`.

    `controllers`: one per faction (a single one plays both co-op troops). The rival troops get
    `RivalController`s whose ties the first player's controller settles (or `rival.players_favour`).
    """
    opts = (("immortal-order", ",".join(immortal_order)),) if immortal_order is not None else ()
    spec = GameSpec("onslaught", tuple(factions), ARENA, max_rounds=max_rounds, options=opts)
    return play(catalog, spec, controllers, rng=rng, log=log, roller=roller)


def result_of(s: OnslaughtState) -> GameResult:
    """ONS-13: the score is the immortals defeated; the players won when all fell, lost on a defeated
    primary hero or a forfeit; the round cap is a draw."""
    if s.waves and not s.waves[-1].won:
        w = s.waves[-1]
        w.end_round = s.round
        w.rounds = s.round - w.start_round + 1
    reason = s.end_reason or "unfinished"
    outcome = WON if reason == "all immortals defeated" else DRAW if reason.startswith("round cap") else LOST
    troops = [
        TroopResult(t.index, t.faction, t.side, 0, outcome, t.deployed, t.damage_dealt, t.kills, t.units_lost,
                    s.favor_earned[t.index], s.rewards_claimed[t.index], t.tactic_damage, t.tactic_kills,
                    {"immortal_damage": s.imm_damage[t.index], "stone_hp": s.stone_hp[t.index]})
        for t in s.troops[: len(s.players)]
    ]
    skills = unimplemented_in_game(s)
    return GameResult(
        mode=s.mode.name, ruleset=RULESET, arena=ARENA, factions=tuple(s.troops[p].faction for p in s.players),
        rounds=s.round, end_reason=reason, first_player=0, troops=troops, units=player_units(s, s.players),
        unimplemented=skills + tuple(f"trigger:{t}" for t in s.unimplemented_terms),
        extras={"immortals_defeated": len(s.trophies), "waves": list(s.waves),
                "immortal_order": s.immortal_order_ids},
        log=s.log,
    )


__all__ = [
    "COOP_LIMITS",
    "OnslaughtState",
    "SOLO_LIMITS",
    "WAVE_OVER",
    "WaveSummary",
    "Onslaught",
    "play_onslaught",
    "roll_by_colour",
    "setup",
]
