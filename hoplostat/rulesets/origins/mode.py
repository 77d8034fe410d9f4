"""Origins, player against player (mode `origins`): two houses draft lineups of eight from the shared pool,
then play the three challenges (`--arena match`, the default) or one of them (`--arena xanadu`, `el-dorado`,
`atlantis`).

Set-up (ORI-22, ORI-23, ORI-28): both roll the attack dice, the most hits drafts first (R-ORI-1); picks
alternate until each lineup has eight chips; the arenas are drawn in random order.
Each challenge (ORI-24..ORI-30): each house brings six of its chips (R-ORI-2); the house that did not draft
first plays first in the first challenge, then the loser of the previous challenge (R-ORI-4 for a draw); the
loser cuts one of the winner's chips (ORI-26); every chip comes back for the next challenge (ORI-30).
Turn (ORI-9): start (single-turn tactics end, Xanadu's points), Deploy (a gladiator and/or a tactic), Move
(the movement phase's Abilities, the moves, then the Tribute and Spear pick-ups), Attack (Stuns of this
house end, Trident's Call, then each unit one Basic or Alternate Attack, a Tribute drop or a Trident Spear).
Win: the arena's objective or every opposing gladiator defeated (ORI-10, R-ORI-5); the game: more challenges
won (ORI-31, R-ORI-6). A round cap per challenge ends a stalled challenge as a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from hoplostat.catalog.model import Catalog
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
from hoplostat.engine.mode import VERSUS_COLUMNS, ModeOption, per_side
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import CAMP, COMBAT, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.origins.base import (
    ARENAS,
    ATLANTIS,
    BRING,
    EL_DORADO,
    LINEUP,
    MATCH,
    RULESET,
    XANADU,
    OriginsState,
    OriginsTroop,
    colour_of,
    is_gladiator,
)
from hoplostat.rulesets.origins.setup import (
    FOREIGN_GLADIATORS,
    HOUSES,
    POOL_BOXES,
    POOL_CHOICES,
    POOL_KINDS,
    POOL_ORIGINS,
    _sides,
    cut_chip,
    draft,
    draft_roll,
    finish_game,
    foreign_gladiators,
    lineup_options,
    mixed_catalog,
    pool_ids,
    reputation,
    start_challenge,
)
from hoplostat.rulesets.origins.tactics import _stun_tactic, tactic_allowed, tactic_options
from hoplostat.rulesets.origins.turn import MOVEMENT_PHASE_ABILITIES, TRIDENT_SPEAR, OriginsTurn

CHALLENGE_ROUNDS = 30
"""The default round cap of one challenge (a stalled challenge is drawn); a match's is three times it."""








def challenge_rounds(spec_max: int, n: int) -> int:
    """The round cap of each of `n` challenges within a game capped at `spec_max` rounds."""
    return max(1, spec_max // n)


@register_mode
class Origins(OriginsTurn):
    """Origins' player against player game (hooks and turns; the configuration only, shared by clones)."""

    name = "origins"
    ruleset = RULESET
    summary = ("Origins, player against player: draft eight chips each, then the three challenges (Xanadu, El "
               "Dorado, Atlantis) or one (--arena)")
    arenas: ClassVar[tuple[str, ...]] = (MATCH, *ARENAS)
    seats = (2,)
    teams = "each house alone"
    first_player_random = True
    default_max_rounds = 3 * CHALLENGE_ROUNDS
    analysis = "versus"
    success = "house a wins"
    tables = ("games", "units", "draft")
    columns = {
        # the versus columns (crowd favor always 0: Origins has none), then Origins' own
        "games": {**VERSUS_COLUMNS["games"], "first_pick": "str", "challenges": "int", "xanadu": "str",
                  "el_dorado": "str", "atlantis": "str", **per_side("challenges_won", "reputation")},
        "draft": {"matchup": "str", "arena": "str", "game": "int", "side": "str", "pick": "int", "chip": "str",
                  "colour": "str", "kind": "str", "first_pick": "bool", "won": "bool", "challenges_won": "int"},
    }

    @classmethod
    def analysis_class(cls) -> type:
        from hoplostat.rulesets.origins.analysis import OriginsAnalysis

        return OriginsAnalysis

    @classmethod
    def greedy(cls) -> type:
        """Greedy's Origins heuristics (`players.OriginsGreedy`): the draft, the six, the objectives."""
        from hoplostat.rulesets.origins.players import OriginsGreedy

        return OriginsGreedy

    options: ClassVar[tuple[ModeOption, ...]] = (
        ModeOption("pool", "the draft pool: Origins' own chips, or also the gladiators (not the champions) "
                   "of Rise of Rome, of The Lost Cities or of both (ORI-53, R-ORI-20)", POOL_ORIGINS, POOL_CHOICES),)

    __slots__ = ("arena_id", "grids", "catalog", "cap")

    def __init__(self, arena_id: str = MATCH, catalog: Catalog | None = None, cap: int = CHALLENGE_ROUNDS) -> None:
        self.arena_id = arena_id
        self.catalog = catalog
        self.cap = cap
        self.grids = {a: HexGrid.of(catalog.arena(a)) for a in ARENAS} if catalog is not None else {}

    # --- the draft's pool (overridden by `origins-battle-royale`, `rulesets.origins.royale`) ----------

    def pool(self) -> list[str]:
        """The chips both houses draft from (ORI-22)."""
        return pool_ids(self.played_catalog())

    def lineup_size(self, pool: Sequence[str]) -> int:
        """Chips per lineup (ORI-23: eight)."""
        return LINEUP

    def draft_options(self, s, troop: int, left: Sequence[str]) -> list[str]:
        """The chips `troop` may pick now: any left."""
        return list(left)

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def catalog_of(cls, catalog: Catalog, options: tuple = ()) -> Catalog:
        """`pool`: the other boxes' gladiators join the catalog (`mixed_catalog`, ORI-53)."""
        return mixed_catalog(catalog, POOL_BOXES[cls.option_value(options, "pool")])

    @classmethod
    def validate(cls, catalog, spec: GameSpec) -> GameSpec:
        arena = spec.arena or MATCH
        if spec.max_rounds is None:
            n = 3 if arena == MATCH else 1
            spec = GameSpec(spec.mode, spec.factions, arena, spec.titan, spec.first, n * CHALLENGE_ROUNDS,
                            spec.options, spec.rulings)
        return super().validate(catalog, GameSpec(spec.mode, spec.factions, arena, spec.titan, spec.first,
                                                  spec.max_rounds, spec.options, spec.rulings))

    @classmethod
    def default_spec(cls, catalog, rng: np.random.Generator) -> GameSpec:
        """The red house against the blue house, the whole match (`rng` unused: the rules draw the rest)."""
        houses = tuple(h for h in HOUSES if h in catalog.factions) or tuple(sorted(catalog.factions))[:2]
        return GameSpec(cls.name, houses, MATCH)

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        if catalog.ruleset != RULESET:
            raise InputError(f"origins needs the Origins catalog, got the {catalog.ruleset} one")
        if "pool" in dict(spec.options) and any(o.name == "pool" for o in cls.options):
            boxes = POOL_BOXES[cls.option_value(spec, "pool")]
            if not all(u.id in catalog.units for box in boxes for u in foreign_gladiators(box)):
                catalog = mixed_catalog(catalog, boxes)  # an API caller's plain Origins catalog
        n = 3 if spec.arena == MATCH else 1
        mode = cls(spec.arena, catalog, challenge_rounds(spec.max_rounds or cls.default_max_rounds, n))
        sides = _sides(spec.factions)
        troops = [OriginsTroop(index=p, side=sides[p], faction=f, hand_size=BRING) for p, f in enumerate(spec.factions)]
        first = mode.grids[ARENAS[0]] if spec.arena == MATCH else mode.grids[spec.arena]
        supply = dict(catalog.game.health_chips)
        s = OriginsState(grid=first, units=[], troops=troops, board=[-1] * first.n, supply=dict(supply),
                         supply_start=dict(supply), order=[0, 1], log=[] if log else None, mode=mode)
        g = Game(s, default_roller(rng, roller), cls.player_controllers(controllers, 2, cls.name), rng)
        s.first_pick = spec.first if spec.first is not None else draft_roll(g)
        return g

    def begin(self, g: Game[OriginsState]) -> None:
        """ORI-23 the draft, ORI-28 the arenas drawn, then the first challenge (ORI-29)."""
        s = g.state
        draft(g)
        if self.arena_id == MATCH:
            s.arena_order = [ARENAS[int(i)] for i in g.rng.permutation(len(ARENAS))]  # ORI-28
        else:
            s.arena_order = [self.arena_id]
        s.say("Arenas: " + ", ".join(s.arena_order))
        # ORI-29: the house that did not draft first takes the first turn of the first challenge
        start_challenge(g, 1 - s.first_pick)

    def start_round(self, g: Game) -> None:
        return None

    def round_turns(self, g: Game[OriginsState]):
        for p in list(g.state.order):
            yield self.turn_of(g, p)

    def turn_of(self, g: Game[OriginsState], troop: int) -> Turn:
        s = g.state
        t = s.troops[troop]
        # Each phase is split where it asks a new kind of decision, so that a clone taken at any decision
        # resumes in the step that asked it (`engine.loop.resume` re-enters the step).
        steps = self.steps_for(g, troop, lambda: (
            ("start", lambda: self.start(g, troop)),
            ("deploy", lambda: self.deploy_gladiator(g, troop)),
            ("tactic", lambda: self.deploy_tactic(g, troop)),
            ("move-abilities", lambda: self.move_abilities(g, troop)),
            ("move", lambda: self.move_units(g, troop)),
            ("attack-abilities", lambda: self.attack_abilities_step(g, troop)),
            ("attack", lambda: self.engage_step(g, troop)),
            ("end", lambda: self.finish(g, troop)),
        ))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)


    def after_defeat(self, g: Game[OriginsState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """ORI-5 out for the challenge; ORI-43, ORI-50: a defeated holder leaves its chip on its hex; ORI-46 the
        Atlantis Leader's fall wins; ORI-10 (R-ORI-5): a house whose every gladiator of the six is defeated
        loses."""
        s = g.state
        t: OriginsTroop = s.troops[u.troop]
        if t.tribute_holder == u.uid:
            t.tribute_holder = -1
            s.say(f"the {t.side} Tribute drops on hex {t.tribute_hex}")
        if s.spear_holder == u.uid:
            s.spear_holder = -1
            s.say(f"the Spear drops on hex {s.spear_hex}")
        other = 1 - u.troop
        if s.arena_id == ATLANTIS:
            if t.leader == u.uid:
                self.end(g, f"the Leader of {t.faction} ({u.name}) is defeated", other)
            return
        if is_gladiator(u) and not any(v.troop == u.troop and is_gladiator(v) and v.zone in (CAMP, COMBAT)
                                       for v in s.units):
            self.end(g, f"every gladiator of {t.faction} is defeated", other)

    def interrupt(self, g: Game[OriginsState]) -> None:
        """A challenge ended: record it, and start the next one if any (ORI-26, ORI-29, ORI-30)."""
        s = g.state
        winner = s.winner
        s.challenge_winners.append(-1 if winner is None else winner)
        s.challenge_rounds.append(s.round - s.challenge_round0)
        if winner is not None:
            s.troops[winner].wins += 1
            s.troops[1 - winner].losses += 1
        if s.challenge + 1 >= len(s.arena_order):
            finish_game(g)
            return
        reason = s.end_reason
        s.say(f"Challenge {s.challenge + 1} ({s.arena_id}) over: {reason}")
        if winner is not None:
            cut_chip(g, 1 - winner, winner)
            first = 1 - winner  # ORI-29: the loser starts the next challenge
        else:
            first = s.order[-1]  # R-ORI-4: after a draw, the house that played second starts
        s.winner, s.end_reason = None, None
        s.challenge += 1
        start_challenge(g, first)

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        s = g.state
        return f"Challenge over: {reason}; " + ("drawn" if winner is None else f"{s.troops[winner].faction} wins it")

    def objective(self, g: Game[OriginsState], troop: int) -> float:
        """Progress a heuristic player's evaluation reads: challenges won, Xanadu points, a held Tribute or
        Spear, the opposing Leader's lost health."""
        s = g.state
        t: OriginsTroop = s.troops[troop]
        v = 40.0 * t.wins
        if s.arena_id == XANADU:
            v += 3.0 * t.points
        elif s.arena_id == EL_DORADO and t.tribute_holder >= 0:
            v += 4.0
        elif s.arena_id == ATLANTIS and s.spear_holder >= 0 and s.units[s.spear_holder].troop == troop:
            v += 3.0
        return v

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game[OriginsState], spec: GameSpec) -> GameResult:
        s = g.state
        wins = [t.wins for t in s.troops]
        done = s.end_reason is not None and len(s.challenge_winners) == len(s.arena_order)
        # the winner of the game: its one challenge's, or the match's (`finish_game`, R-ORI-6)
        out = [DRAW, DRAW] if not done or s.winner is None else [WON if p == s.winner else LOST for p in range(2)]
        per_arena = dict.fromkeys(ARENAS, "")
        for a, w in zip(s.arena_order, s.challenge_winners):
            per_arena[a] = "-" if w < 0 else "ab"[w]
        reason = s.end_reason or "unfinished"
        if len(s.arena_order) > 1 and done:
            reason = f"challenges {wins[0]}-{wins[1]}"
        troops = []
        for t in s.troops:
            tr = TroopResult(t.index, t.faction, t.side, t.index, out[t.index], t.deployed, t.damage_dealt, t.kills,
                             t.units_lost, 0, 0, t.tactic_damage, t.tactic_kills)
            tr.extras = {"challenges_won": t.wins, "reputation": reputation(t.wins, t.losses)}
            troops.append(tr)
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=self.arena_id, factions=tuple(t.faction for t in s.troops),
            rounds=s.round, end_reason=reason, first_player=s.first_pick, troops=troops,
            units=player_units(s, range(2)), unimplemented=unimplemented_in_game(s),
            extras={"arenas": list(s.arena_order),
                    "challenge_winners": [None if w < 0 else "ab"[w] for w in s.challenge_winners],
                    "challenge_rounds": list(s.challenge_rounds), "first_pick": "ab"[s.first_pick],
                    "lineups": {"ab"[t.index]: list(t.lineup) for t in s.troops},
                    "cut": {"ab"[t.index]: list(t.cut) for t in s.troops},
                    **{a.replace("-", "_"): per_arena[a] for a in ARENAS}},
            log=s.log,
        )

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        winner = None if res.winner is None else "ab"[res.winner]
        x = res.extras
        row = {**head, "winner": winner, "winner_faction": res.winner_faction, "rounds": res.rounds,
               "end_reason": res.end_reason, "first_pick": x["first_pick"], "challenges": len(x["challenge_winners"]),
               **{a.replace("-", "_"): x[a.replace("-", "_")] for a in ARENAS}}
        for side, t in zip("ab", res.troops):
            row.update({f"{side}_challenges_won": t.extras["challenges_won"],
                        f"{side}_reputation": t.extras["reputation"],
                        f"{side}_units_deployed": t.units_deployed, f"{side}_damage_dealt": t.damage_dealt,
                        f"{side}_kills": t.kills, f"{side}_units_lost": t.units_lost, f"{side}_crowd_favor": 0})
        draft_rows = []
        for side, t in zip("ab", res.troops):
            for k, chip in enumerate(x["lineups"][side]):
                draft_rows.append({"matchup": head["matchup"], "arena": head["arena"], "game": head["game"],
                                   "side": side, "pick": k + 1, "chip": chip, "colour": colour_of(chip),
                                   "kind": unit_kind(chip) or "tactic", "first_pick": x["first_pick"] == side,
                                   "won": winner == side, "challenges_won": t.extras["challenges_won"]})
        units = cls.unit_rows(head, res, unit_kind, lambda seat: winner == "ab"[seat])
        return {"games": [row], "units": units, "draft": draft_rows}


# The set-up, the tactics' rules and the turn live in setup.py, tactics.py and turn.py; their names stay
# importable from here.
__all__ = [
    "Origins", "OriginsTurn", "CHALLENGE_ROUNDS", "MOVEMENT_PHASE_ABILITIES", "TRIDENT_SPEAR", "challenge_rounds",
    "FOREIGN_GLADIATORS", "HOUSES", "POOL_BOXES", "POOL_CHOICES", "POOL_KINDS", "POOL_ORIGINS", "_sides",
    "cut_chip", "draft", "draft_roll", "finish_game", "foreign_gladiators", "lineup_options", "mixed_catalog",
    "pool_ids", "reputation", "start_challenge", "_stun_tactic", "tactic_allowed", "tactic_options",
]
