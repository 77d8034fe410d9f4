"""Ascension Mode (Remastered, "Ascension Mode"): solo or co-op against one titan, in the Colosseum.

Round (ASC-5): titan turn (deployment on the center hex on the first turn; Titan Activity,
`engine.titan`), the player turn(s) (deployment, tactic placement, movement, abilities, engage), and
an arena turn (movement, abilities, engage of the arena troop: the titan's arena units and the
sentinels it gains) only in rounds whose titan dice called for one.

Troops: players `0..n-1` (red HP; co-op player B deploys on the blue outer hexes but shares the red
HP), the titan troop (the titan and its titan-troop allies), the arena troop, and two shard troops
(`engine.shards`): blue-HP shards on the rivals' team, red-HP shards on the players' team. Teams: 0
players (and red shards), 1 rivals (and blue shards); allies never mark, target or attack each other.

Player set-up choices (ASC-2) are asked of the players' controllers: "select-unit" (uid, asked once
per unit to choose, options ordered best first by Health + 2 x expected hits, so a controller without
a hook that takes the first option picks the sturdiest and deadliest) and "select-tactic" (tactic id).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hoplostat.catalog.model import Catalog, Titan
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
from hoplostat.engine.mode import Heuristics, per_side, side_counts
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK, TroopState, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.remastered import colosseum, rival, shards, turn
from hoplostat.rulesets.remastered import titan as titan_rules
from hoplostat.rulesets.remastered.ascension.state import AscensionState
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.troops import select_units

ARENA = "colosseum"
DEFAULT_MAX_ROUNDS = 60
SOLO_UNITS = 6
"""ASC-2: the hero plus six chosen non-elite units and one chosen tactic."""
COOP_UNITS = 3
"""ASC-2 co-op: three units each (A with the hero, B with the tactic)."""


# --------------------------------------------------------------------------- state


@register_mode
class Ascension(Mode):
    """Mode hooks (`ignores_damage`, `after_damage`, `after_defeat`, `after_move`) and the turns.
    Configuration only (shared by clones): the titan card, co-op, the priority list."""

    name = "ascension"
    tunes = "titan"
    ruleset = RULESET
    summary = "solo or co-op against one titan, its shards and allies (the Colosseum)"
    arenas = (ARENA,)
    seats = (1, 2)
    teams = "the players against the titan, arena and shard troops"
    opponents = "titan"
    default_max_rounds = DEFAULT_MAX_ROUNDS
    analysis = "boss"
    success = "titan defeated"
    columns = {"games": {"titan": "str", "coop": "bool", "won": "bool", "rounds": "int", "end_reason": "str",
                         "capped": "bool", "titan_hp": "int", "shards_defeated": "int", "arena_turns": "int",
                         **per_side("units_deployed", "damage_dealt", "titan_damage", "kills", "units_lost",
                                    "crowd_favor")}}

    heuristics = Heuristics(trust=1.0)
    """Heuristic players face a titan (ASC-11): the Colosseum scoring, plus shards worth equipping (ASC-10) and
    the hero's activation valued (an inactive hero cannot deploy, UNIT-8, so a troop out of units forfeits).
    The lookahead keeps greedy's choice unless another beats it by a standard error (`trust`), as in Onslaught:
    greedy's titan scoring sees further than a round of continuation (measured, lookahead:8 solo, 100 games per
    titan on each of seeds 49 and 11: 1,051 titans beaten of 1,200 with trust 1 against 1,033 without; Shaghad
    94 and 92 of 100 against 89 and 86, greedy 96)."""

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.remastered.ascension.players import AscensionGreedy

        return AscensionGreedy

    arena_id = ARENA
    is_colosseum = True

    def __init__(self, titan: Titan, coop: bool, catalog_tactics: dict | None = None) -> None:
        self.titan = titan
        self.catalog_tactics = catalog_tactics or {}
        """Faction id -> its four tactics (the set-up choice, ASC-2)."""
        self.coop = coop
        self.priority = rival.check_priority(titan.priority)

    # --- rules hooks ---------------------------------------------------------------------
    def ignores_damage(self, g: Game[AscensionState], target: UnitState, amount: int, *, source, source_troop,
                       what: str) -> bool:
        """Nothing ignores damage in Ascension; notes where the target stood (a shardholder's shards stay there)."""
        g.state.damage_hex[target.uid] = target.hex
        return False

    def after_damage(self, g: Game[AscensionState], target: UnitState, removed: int, *, source, source_troop) -> None:
        """ASC-8: a player earns crowd favor equal to the HP an opponent lost to their damage; then any
        shard defeated by this damage resolves its titan card effects (before the favor's rewards)."""
        s = g.state
        earn = removed > 0 and source_troop is not None and source_troop in s.players and s.teams[target.troop] == 1
        if earn and target.uid == s.titan_uid:
            s.titan_damage[source_troop] += removed
        if s.won:
            # This damage defeated the titan (`after_defeat` leaves the end of the game to here): the blow counts
            # like every other in the titan damage and crowd favor of its dealer (Remastered, Ascension Mode,
            # "Crowd Favor": "you gain crowd favor equal to the amount of HP the opponent loses"). The players
            # have won at once ("Goal"), so the bead does not move and no reward is claimed.
            if earn:
                s.favor_earned[source_troop] += removed
            self.end(g, "titan defeated")
            return
        while s.pending_shards and s.end_reason is None:
            shards.resolve_defeat(g, s.pending_shards.pop(0))
        if earn and s.end_reason is None:
            why = (f"{source.name if source is not None else 'a tactic'} removed {removed} HP"
                   if s.log is not None else "")
            self.gain_favor(g, source_troop, removed, why)

    def after_defeat(self, g: Game[AscensionState], u: UnitState, *, source, source_troop) -> None:
        s = g.state
        if u.unit.kind == shards.SHARD_KIND:
            sh = shards.shard_of_unit(s, u.uid)
            if sh is not None:
                s.pending_shards.append(sh)
            return
        if u.uid == s.titan_uid:
            s.won = True  # the game ends in `after_damage`, which `rules.damage` runs next, once the blow is counted
            return
        if u.is_primary_hero:
            self.end(g, "primary hero defeated")  # ASC-11 (co-op: player A's)
            return
        if u.uid in s.shard_holders:
            shards.drop(g, u, s.damage_hex.get(u.uid, -1))

    def after_move(self, g: Game[AscensionState], u: UnitState, src: int, dest: int) -> None:
        shards.after_move(g, u, src, dest)

    def end(self, g: Game, reason: str, winner: int | None = None) -> None:
        s = g.state
        if s.end_reason is not None:
            return
        s.end_reason = reason
        s.winner = 0 if reason == "titan defeated" else None
        s.say(f"Game over: {reason}")

    def unimplemented(self, g: Game[AscensionState], what: str) -> None:
        """An effect term the engine does not execute: skipped, and named in the result."""
        terms = g.state.unimplemented_terms
        if what not in terms:
            terms.append(what)

    def titan_lose_hp(self, g: Game[AscensionState], n: int, why: str) -> None:
        """`titan-lose-hp N`: the titan loses N HP (no troop's damage: no favor)."""
        s = g.state
        t = s.units[s.titan_uid]
        if t.zone == COMBAT and n > 0:
            rules.damage(g, t, n, what=why)

    def grow_dice(self, g: Game[AscensionState], when: str) -> None:
        """Titan dice gained during the game (the card's `grow` dice in order, `grow_when`)."""
        s = g.state
        d = self.titan.dice
        if d.grow_when == when and s.dice_added < len(d.grow):
            s.say(f"{self.titan.unit.name} gains a {d.grow[s.dice_added]} titan die")
            s.dice_added += 1

    # --- crowd favor (ASC-8, CF-4..CF-6, ASC-12) -------------------------------------------------
    def gain_favor(self, g: Game[AscensionState], dealer: int, n: int, why: str) -> None:
        """The bead is on player A's track (co-op: shared, A chooses the track); the dealer's damage
        that reaches a reward places the support chip."""
        s = g.state
        a = s.players[0]
        t = s.troops[a]
        s.favor_earned[dealer] += n
        options = colosseum.open_tracks(s, a)
        if not options:
            return
        t.favor_total += n
        k = g.ask(a, "track", options, optional=False)
        if k != t.track:
            t.track = k
            t.favor = 0
        t.favor = min(colosseum.TRACK_LENGTH, t.favor + n)
        if s.log is not None:
            s.say(f"{s.troops[dealer].faction} earns {n} crowd favor ({why}), bead on space {t.favor} of "
                  f"\"{colosseum.TRACK_NAMES[k]}\"")
        if t.favor == colosseum.TRACK_LENGTH:
            self.claim_reward(g, dealer, k)

    def claim_reward(self, g: Game[AscensionState], dealer: int, k: int) -> None:
        """CF-6 rewards with the support chip above the track going to the players (ASC-8); co-op
        allocation (ASC-12): +3 HP, foothold moves and the gold hero to B; the hero activation to A and
        the outer hexes to both; B controls every player sentinel; footholds are shared."""
        s = g.state
        a = s.players[0]
        b = s.players[-1]
        t = s.troops[a]
        t.tracks_done[k] = True
        t.rewards += 1
        s.say(f"the players reach the reward \"{colosseum.TRACK_NAMES[k]}\"")
        if k == colosseum.HP:
            opts = [u.uid for p in s.players for u in s.in_combat(p)]
            uid = g.ask(b, "reward-hp", opts, optional=True)
            if uid is not None:
                rules.gain_hp(g, s.units[uid], colosseum.REWARD_HP)
        elif k == colosseum.HERO:
            for p in s.players:
                s.troops[p].outer_open = True
            colosseum.activate_hero(g, s.units[t.primary_hero])
        elif k == colosseum.FOOTHOLD:
            s.troops[b].foothold_moves = True
        elif k == colosseum.GOLD:
            for u in s.zone(b, TRACK):
                rules.return_to_camp(g, u, active=True)
                s.say(f"{s.troops[b].faction} gains the hero {u.name}, active, into its camp")
        if k < colosseum.GOLD:
            t.track_chips[k] = -1
            self.place_support_chip(g, dealer)

    def place_support_chip(self, g: Game[AscensionState], placer: int) -> None:
        """SUP-1..SUP-4 with co-op control (ASC-12, Remastered, Ascension Mode, "Crowd Favor": "The player that
        deals the damage that reaches a reward ... is the player who places the support chip"): the placer
        (the dealer) chooses foothold or sentinel and where, and the placing is the placer's. A foothold is
        the placer's own (the players' footholds are shared: either may stand on it, and B's "move or flip"
        reward reaches it); a sentinel is a unit of player B's troop ("Player B controls all of the players'
        sentinels, regardless of who places them")."""
        s = g.state
        owner = s.players[-1]  # of sentinels
        grid = s.grid
        center = grid.tagged("center")
        opts: list[tuple] = []
        for h in range(grid.n):
            if grid.move_block[h] or h in center or h in s.footholds:
                continue
            o = s.board[h]
            if o >= 0 and s.teams[s.units[o].troop] != 0:
                continue
            opts.append(("foothold", h))
        if colosseum.can_place_sentinel(s, owner):
            opts += [("sentinel", h) for h in colosseum.free_pedestals(s)]
        choice = g.ask(placer, "support", opts, optional=False)
        if choice is None:
            return
        if choice[0] == "sentinel":
            rules.place_sentinel(g, owner, choice[1], placed_by=placer)
        else:
            rules.place_foothold(g, placer, choice[1])

    # --- turns ---------------------------------------------------------------------------------
    def center_damage(self, g: Game[AscensionState], troop: int) -> None:
        """ARN-3 at the start of a troop's turn; the titan takes no damage there, its allies do (ASC-3)."""
        s = g.state
        for h in s.grid.tagged("center"):
            uid = s.board[h]
            if uid >= 0 and uid != s.titan_uid and s.units[uid].troop == troop:
                rules.damage(g, s.units[uid], 1, what="center hex")

    def titan_turn(self, g: Game[AscensionState]) -> Turn:
        s = g.state
        troop = s.titan_troop

        def start() -> None:
            turn.start_of_turn(g, troop)
            self.center_damage(g, troop)

        return Turn(troop, f"-- Round {s.round}, titan turn", (
            ("start", start),
            ("titan", lambda: self.titan_steps(g)),
        ))

    def titan_steps(self, g: Game[AscensionState]) -> None:
        """ASC-5: deployment on the center hex on the first turn (dazed: no activity), then the Titan
        Activity Step (`engine.titan.activity`); titan dice with `grow_when = "round"` grow by one at the
        start of each titan turn after the first."""
        s = g.state
        troop = s.titan_troop
        if s.titan_turns > 0:
            self.grow_dice(g, "round")
        s.titan_turns += 1
        t = s.units[s.titan_uid]
        if t.zone == CAMP:
            rival.deploy(g, rival.controller_of(g, troop), t, s.grid.tagged("center"))
        titan_rules.activity(g)

    def deployment_hexes(self, s: AscensionState, troop: int) -> tuple[int, ...]:
        """ASC-3: the player's two outer hexes (co-op B: the blue ones; all four after the "activate your
        hero" reward), every inner hex and the center hex; never a hex with the other team's foothold."""
        grid = s.grid
        if s.troops[troop].outer_open:
            outer = grid.tagged("outer-red") + grid.tagged("outer-blue")
        elif troop == s.players[0]:
            outer = grid.tagged("outer-red")
        else:
            outer = grid.tagged("outer-blue")
        hexes = outer + grid.tagged("inner") + grid.tagged("center")
        return tuple(h for h in hexes if s.can_occupy(troop, h))

    def turn_of(self, g: Game[AscensionState], troop: int) -> Turn:
        """ASC-5 player turn: center hex damage, deployment (forfeit), tactic placement and the foothold
        reward, movement, abilities, engage."""
        s = g.state
        t = s.troops[troop]
        steps = self.steps_for(g, troop, lambda: turn.player_steps(
            g, troop, arena=lambda: colosseum.center_damage(g, troop), deployment=lambda: self.deployment(g, troop),
            after_tactic=(("foothold", lambda: colosseum.foothold_step(g, troop)),)))
        return Turn(troop, f"-- Round {s.round}, {t.faction} turn", steps)

    def deployment(self, g: Game[AscensionState], troop: int) -> None:
        """ASC-4: no unit limit but the HP supply; ASC-11 forfeit (as Onslaught): no player units in combat
        (co-op: of either player) and this player cannot deploy."""
        s = g.state
        hexes = self.deployment_hexes(s, troop)
        if not any(s.in_combat(p) for p in s.players) and not turn.deployable(g, troop, hexes):
            self.end(g, "forfeit")
            return
        turn.deployment_step(g, troop, hexes)

    def arena_deploy(self, g: Game[AscensionState]) -> None:
        """`deploy-arena-unit`: a random arena unit of the titan's from its camp onto a free blue outer
        deployment hex (players choose; none free: no deployment; ruling R-ASC-3)."""
        s = g.state
        camp = [u for u in s.units if u.troop == s.arena_troop and u.zone == CAMP and u.unit.kind != "sentinel"]
        if not camp:
            s.say("no arena unit left in the arena camp")
            return
        u = camp[int(g.rng.integers(len(camp)))]
        rival.deploy(g, rival.controller_of(g, s.arena_troop), u, s.grid.tagged("outer-blue"))

    def arena_turn(self, g: Game[AscensionState]) -> Turn:
        """ASC-5: Movement, Abilities, Engage of the arena troop (arena units, the titan's sentinels)."""
        s = g.state
        troop = s.arena_troop
        rc = rival.controller_of(g, troop)

        def start() -> None:
            s.arena_turns += 1
            turn.start_of_turn(g, troop)

        return Turn(troop, f"-- Round {s.round}, arena turn", (
            ("start", start),
            ("arena", lambda: self.center_damage(g, troop)),
            ("movement", lambda: rival.movement_step(g, troop, rc)),
            ("abilities", lambda: rival.abilities_step(g, troop, rc)),
            ("engage", lambda: rival.engage_step(g, troop, rc)),
        ))

    # --- the round (engine.loop) ----------------------------------------------------------------
    def begin(self, g: Game[AscensionState]) -> None:
        choose_forces(g)

    def start_round(self, g: Game[AscensionState]) -> None:
        g.state.arena_turn_due = False

    def round_turns(self, g: Game[AscensionState]):
        """ASC-5: titan turn, player turn(s) (co-op: A then B, ruling R-ONS-4), an arena turn when called for."""
        s = g.state
        yield self.titan_turn(g)
        for p in s.players:
            yield self.turn_of(g, p)
        if s.arena_turn_due:
            yield self.arena_turn(g)

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = setup(catalog, spec.titan, spec.factions, rng=rng, log=log, mode_cls=cls)
        return build_game(s, controllers, rng=rng, roller=roller)

    def result(self, g: Game[AscensionState], spec: GameSpec) -> GameResult:
        return result_of(g.state)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        row = {**head, "titan": x["titan"], "coop": res.coop, "won": res.won, "rounds": res.rounds,
               "end_reason": res.end_reason, "capped": res.capped, "titan_hp": x["titan_hp"],
               "shards_defeated": x["shards_defeated"], "arena_turns": x["arena_turns"]}
        for side, t in zip("ab", res.troops):
            row.update(side_counts(side, t), **{f"{side}_titan_damage": t.extras["titan_damage"]})
        units = cls.unit_rows(head, res, unit_kind, lambda seat: res.won)
        return {"games": [row], "units": units}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return bool(row["won"])

    TROPHY = 20.0
    """What defeating the titan is worth to a heuristic player, in Health, spread over its Health (ASC-11): the
    share of it already taken counts this much (as an immortal's in Onslaught, `Onslaught.TROPHY`, but half:
    over 240 seeded solo games each, 40 and 20 played alike, 20 a little better (noise-level); 10 worse)."""
    SHARD_FREED = 4.0
    """What a shard won from the titan's side is worth, in Health (ASC-9, ASC-10): about a shard's HP."""
    WAITING = 0.5
    """The share of its Health a titan still waiting in its camp counts against the players here: the half
    that a heuristic evaluation leaves out of a unit in reserve (`policies.lookahead.RESERVE_WEIGHT`), since
    the titan comes in whole (ASC-5) and must be defeated whole (ASC-11). A titan whose Health is more than
    the blue chips its shards leave in the supply (Shaghad: 24 against 34 - 4 x 3) waits there until a shard
    loses HP; without this its deployment looked like a setback and lookahead stalled (measured: Shaghad,
    100 seeded solo games, 84 won and 3 at the round cap without it, 88 and none with it)."""

    def objective(self, g: Game[AscensionState], troop: int) -> float:
        """ASC-11 (win: defeat the titan), ASC-9, ASC-10: the share of the titan's Health taken, times `TROPHY`,
        plus `SHARD_FREED` per shard freed: equipped by a player unit (ASC-10), or, on a card whose shards
        start with blue HP, defeated and no longer blue (flipped to red HP, Shaghad; left without HP or out
        of the arena); less `WAITING` times its Health while the titan waits in its camp (face up). From the
        players' side; the titan's side counts the opposite. Reads only public chips."""
        s = g.state
        v = 0.0
        if s.titan_uid >= 0:
            t = s.units[s.titan_uid]
            if t.zone == COMBAT:
                full = t.unit.health + t.hp_gained
                if full > 0:
                    v += self.TROPHY * max(0, full - t.hp) / full
            elif s.won:
                v += self.TROPHY
            elif t.zone == CAMP:
                v -= self.WAITING * t.unit.health
        blue = self.titan.shards.hp_colour == "blue"
        for sh in s.shards:
            if sh.holder >= 0 or (blue and sh.defeats and sh.colour != "blue"):
                v += self.SHARD_FREED
        return v if s.teams[troop] == 0 else -v

# --------------------------------------------------------------------------- set-up and play


def setup(catalog: Catalog, titan: str, factions: Sequence[str], *, rng: np.random.Generator,
          log: bool = False, mode_cls: type[Ascension] | None = None) -> AscensionState:
    """ASC-1: the Colosseum; players red (co-op B on the blue outer hexes, sharing red HP), the titan blue;
    player A's track with a support chip above each non-gold track and (solo) a random neutral hero on
    gold, (co-op) B's hero there, active; the titan and its allies in their camps; the shards on the
    pedestals per the card. Faction chips start in a "not chosen" pool (zone bag) until `choose_forces`."""
    factions = tuple(factions)
    if len(factions) not in (1, 2):
        raise InputError(f"ascension needs 1 faction (solo) or 2 (co-op), got {len(factions)}")
    if len(set(factions)) != len(factions):
        raise InputError("co-op players choose different factions (Remastered, Ascension Setup)")
    for f in factions:
        catalog.faction(f)
    ti = catalog.titan(titan)
    coop = len(factions) == 2
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    troops: list[TroopState] = []
    neutrals = list(catalog.units_of_kind("neutral-hero"))
    n = len(factions)
    for p, fid in enumerate(factions):
        fac = catalog.faction(fid)
        t = TroopState(index=p, side="red", faction=fid)
        hero = UnitState(len(units), catalog.unit(fac.hero), p, zone=CAMP, active=False, is_primary_hero=p == 0)
        if p == 1:
            hero.zone, hero.active = TRACK, True  # co-op: B's hero on the gold reward space, active side up
        units.append(hero)
        t.primary_hero = hero.uid if p == 0 else -1
        for un in catalog.faction_units(fid):
            units.append(UnitState(len(units), un, p, zone=BAG))
        troops.append(t)
    if not coop and neutrals:
        units.append(UnitState(len(units), neutrals[int(rng.integers(len(neutrals)))], 0, zone=TRACK))
    troops[0].track_chips = [0, 0, 0, 0]
    tt, at, sb, sr = n, n + 1, n + 2, n + 3
    troops.append(TroopState(index=tt, side="blue", faction=f"titan:{ti.id}"))
    troops.append(TroopState(index=at, side="blue", faction="arena"))
    troops.append(TroopState(index=sb, side="blue", faction="shards"))
    troops.append(TroopState(index=sr, side="red", faction="shards"))
    titan_u = UnitState(len(units), ti.unit, tt, zone=CAMP)
    units.append(titan_u)
    for al in ti.allies:
        for _ in range(al.count):
            units.append(UnitState(len(units), catalog.unit(al.unit), tt if al.troop == "titan" else at, zone=CAMP))
    supply = dict(catalog.game.health_chips)
    sentinels = catalog.units_of_kind("sentinel")
    s = AscensionState(
        grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply), supply_start=dict(supply),
        order=[tt, *range(n), at], log=[] if log else None,
        mode=(mode_cls or Ascension)(ti, coop, {f: catalog.faction_tactics(f) for f in factions}),
        support_unit=sentinels[0] if sentinels else None,
        teams=[0] * n + [1, 1, 1, 0], players=list(range(n)), titan_troop=tt, arena_troop=at,
        shard_troops={"blue": sb, "red": sr}, titan_uid=titan_u.uid,
        favor_earned=[0] * (n + 4), titan_damage=[0] * (n + 4),
    )
    # ASC-3: an inner hex without a foothold restricts only the players' units, not the rivals'.
    s.mute_exempt = [t == 1 for t in s.teams]
    s.refresh_muted()
    s.say(f"Set-up: Ascension against {ti.unit.name} in the Colosseum, " + ("co-op " if coop else "solo ")
          + " and ".join(factions))
    shards.setup_shards(s, ti.shards)
    return s


def choose_forces(g: Game[AscensionState]) -> None:
    """ASC-2: each player chooses non-elite units (solo six; co-op three each) and tactics (solo one;
    co-op: B one, A none) through its controller ("select-unit", "select-tactic")."""
    s = g.state
    coop = len(s.players) == 2
    for p in s.players:
        select_units(g, p, COOP_UNITS if coop else SOLO_UNITS)
        if not coop or p == s.players[-1]:
            tactics = list(g.state.mode.catalog_tactics[s.troops[p].faction])
            if tactics:
                tid = g.ask(p, "select-tactic", [t.id for t in tactics], optional=False)
                s.troops[p].tactics_camp = [t for t in tactics if t.id == tid]
        chosen = [u.name for u in s.units if u.troop == p and u.zone == CAMP and not u.elite]
        s.say(f"{s.troops[p].faction} chooses " + ", ".join(chosen)
              + (f" and the tactic {s.troops[p].tactics_camp[0].name}" if s.troops[p].tactics_camp else ""))


def play_ascension(
    catalog: Catalog,
    titan: str,
    factions: Sequence[str],
    controllers: Sequence[Controller],
    *,
    rng: np.random.Generator,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    log: bool = False,
    roller: Roller | None = None,
) -> GameResult:
    """Play one Ascension game (solo: one faction; co-op: two) to its end: the titan defeated (won), the
    primary hero defeated, a forfeit, or the round cap (`capped`, counted); `engine.loop.play`."""
    spec = GameSpec("ascension", tuple(factions), ARENA, titan, max_rounds=max_rounds)
    return play(catalog, spec, controllers, rng=rng, log=log, roller=roller)


def build_game(s: AscensionState, controllers: Sequence[Controller], *, rng: np.random.Generator,
               roller: Roller | None = None) -> Game:
    """The Game: the players' controllers (one reused for both co-op troops) and a RivalController (titan's
    priority list, ties settled by player A's controller) for the titan, arena and shard troops."""
    ctrls = Mode.player_controllers(controllers, len(s.players), "ascension")
    rc = rival.RivalController(s.mode.priority, players=ctrls[0], players_troop=0)
    return Game(s, default_roller(rng, roller), [*ctrls, rc, rc, rc, rc], rng)


def result_of(s: AscensionState) -> GameResult:
    """ASC-11: the players won when the titan fell; lost on player A's primary hero or a forfeit; the
    round cap is a draw."""
    reason = s.end_reason or "unfinished"
    outcome = WON if s.won else DRAW if reason.startswith("round cap") else LOST
    a = s.troops[s.players[0]]
    troops = [
        TroopResult(t.index, t.faction, t.side, 0, outcome, t.deployed, t.damage_dealt, t.kills, t.units_lost,
                    s.favor_earned[t.index], a.rewards if t.index == s.players[0] else 0, t.tactic_damage,
                    t.tactic_kills, {"titan_damage": s.titan_damage[t.index]})
        for t in s.troops[: len(s.players)]
    ]
    t = s.units[s.titan_uid]
    return GameResult(
        mode=s.mode.name, ruleset=RULESET, arena=ARENA, factions=tuple(s.troops[p].faction for p in s.players),
        rounds=s.round, end_reason=reason, first_player=0, troops=troops,
        units=player_units(s, s.players, skip_zones=(BAG, TRACK)),
        unimplemented=unimplemented_in_game(s) + tuple(s.unimplemented_terms),
        extras={"titan": s.mode.titan.id, "titan_hp": t.hp if t.zone == COMBAT else (0 if s.won else t.unit.health),
                "titan_dice": str(titan_rules.titan_dice(s)), "shards_defeated": sum(sh.defeats for sh in s.shards),
                "arena_turns": s.arena_turns},
        log=s.log,
    )


__all__ = ["AscensionState", "Ascension", "build_game", "choose_forces", "play_ascension", "setup"]
