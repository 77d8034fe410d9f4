"""Origins' Solo Trials, one trial at a time (mode `origins-solo-trials`; Origins, "The Solo Trials", ORI-54..ORI-56
and the arenas' solo notes ORI-37, ORI-45, ORI-51; the ORI-TR checklist of docs/origins.md).

A trial is one challenge of Origins on its card's arena: the house drafts by the standard solo draft as the card
alters it (ORI-55, ORI-TR-3), against the card's challenger: its champion (if it has one) and its team, played by the
challenger AI (`challenger`, ORI-TR-6..ORI-TR-8). The house passes the trial by winning the challenge; losing it or
reaching the round cap fails it. Which trial: `--option trial=N` (1..20), else drawn from the seed (among the trials
of `--arena` when given). How the house drafts: `--option draft=player|units-only|random` (ORI-TR-4). A sweep plays
every trial with every drafting policy for each house, and its analysis is the campaign (`campaign`, `analysis`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

import numpy as np

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
    TroopResult,
    default_roller,
    player_units,
    register_mode,
)
from hoplostat.engine.mode import ModeOption
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.origins.base import (
    ARENAS,
    ATLANTIS,
    BRING,
    EL_DORADO,
    RULESET,
    OriginsState,
    OriginsTroop,
    colour_of,
    is_gladiator,
)
from hoplostat.rulesets.origins.mode import CHALLENGE_ROUNDS, HOUSES, Origins, pool_ids, start_challenge
from hoplostat.rulesets.origins.trials import cards as tc
from hoplostat.rulesets.origins.trials.challenger import (
    CHALLENGER,
    HOUSE,
    ChallengerController,
    roll,
    roll_words,
    stance_of,
)

NAME = "origins-solo-trials"
DRAFTS = ("player", "units-only", "random")
"""The drafting policies (ORI-TR-4): `player` the house player's own draft (greedy: its value draft), `units-only` the
player's draft offered gladiators only, `random` a pick at random among the chips the card allows."""


@dataclass(slots=True)
class TrialsState(OriginsState):
    """A trial: the Origins challenge state, the card's number and drafting policy, and the challenger's roll and
    stance of its current turn (`challenger.roll`, `challenger.stance_of`)."""

    trial: int = 0
    draft_policy: str = DRAFTS[0]
    roll: tuple = (True, True, 2)
    stance: str = "rush"


def is_challenger_piece(u: UnitState) -> bool:
    """A gladiator or the champion (the pieces whose defeat counts toward eliminating a side)."""
    return is_gladiator(u) or u.unit.kind == "champion"


def draft_options(catalog: Catalog, card: tc.Trial, lineup: Sequence[str], left: Sequence[str]) -> list[str]:
    """ORI-55, ORI-TR-3: the chips the house may draft next under the card's draft change: not banned, of an allowed
    colour, tactics and Special Gladiators up to the card's limits, and a gladiator for the last pick if it has none
    (a house must be able to deploy)."""
    rule = card.draft
    kinds = [catalog.units[c].kind if c in catalog.units else "tactic" for c in lineup]
    out = []
    for c in left:
        if c in rule.banned or (rule.colours and colour_of(c) not in rule.colours):
            continue
        kind = catalog.units[c].kind if c in catalog.units else "tactic"
        if kind == "tactic" and kinds.count("tactic") >= rule.max_tactics:
            continue
        if kind == "special-gladiator" and kinds.count("special-gladiator") >= rule.max_specials:
            continue
        out.append(c)
    if len(lineup) == rule.size - 1 and all(k == "tactic" for k in kinds):
        out = [c for c in out if c in catalog.units]
    return out


def draft(g: Game[OriginsState], card: tc.Trial, policy: str) -> None:
    """ORI-55, ORI-TR-3, ORI-TR-4: the house drafts alone, up to the card's number of chips, from the pool less the
    challenger's team (R-ORI-TR-2), each pick among `draft_options` by the drafting policy; the drafted gladiators
    become its units (set aside until brought)."""
    s = g.state
    cat = s.mode.catalog
    t = s.troops[HOUSE]
    left = [c for c in pool_ids(cat) if c not in card.team]
    while len(t.lineup) < card.draft.size:
        opts = draft_options(cat, card, t.lineup, left)
        if policy == "units-only":
            opts = [c for c in opts if c in cat.units] or opts
        if not opts:
            break
        if policy == "random":
            chip = opts[int(g.rng.integers(len(opts)))]
        else:
            chip = g.ask(HOUSE, "draft", opts, optional=False)
        left.remove(chip)
        t.lineup.append(chip)
        s.picks.append(chip)
        s.say(f"{t.faction} drafts {chip}")
        if chip in cat.units:
            s.units.append(UnitState(len(s.units), cat.unit(chip), HOUSE, zone=BAG))
    if not any(c in cat.units for c in t.lineup):
        raise InputError(f"{card.id}: its draft change leaves the house no gladiator to draft ({card.draft.words()})")


@register_mode
class OriginsSoloTrials(Origins):
    """ORI-54..ORI-56: one trial of the Solo Trials, the house against the trial card's challenger."""

    name = NAME
    summary = ("Origins' Solo Trials: one of the 20 trials (--option trial=N, else drawn), the house's solo draft as "
               "the trial card alters it against the card's challenger AI (stand-in cards); sweeps give the campaign")
    arenas: ClassVar[tuple[str, ...]] = ARENAS
    seats = (1,)
    teams = "the house alone against the trial's challenger"
    first_player_random = False
    default_max_rounds = CHALLENGE_ROUNDS
    analysis = "campaign"
    success = "the house passes the trial"
    tables = ("games", "units", "draft")
    columns = {
        "games": {"trial": "int", "trial_id": "str", "challenger": "str", "champion": "str", "draft": "str",
                  "passed": "bool", "outcome": "str", "rounds": "int", "end_reason": "str",
                  "house_units_deployed": "int", "house_damage_dealt": "int", "house_kills": "int",
                  "house_units_lost": "int", "challenger_units_lost": "int", "stand_in_card": "bool"},
        "draft": {"matchup": "str", "arena": "str", "game": "int", "trial": "int", "draft": "str", "pick": "int",
                  "chip": "str", "colour": "str", "kind": "str", "passed": "bool"},
    }

    @classmethod
    def greedy(cls) -> type:
        """The house's greedy heuristics (`players.TrialsGreedy`: Origins' own)."""
        from hoplostat.rulesets.origins.trials.players import TrialsGreedy

        return TrialsGreedy

    options: ClassVar[tuple[ModeOption, ...]] = (
        ModeOption("trial", "the trial to play, 1 to 20 (0: drawn from the seed, among the trials of --arena when "
                   "given)", "0", kind="int"),
        ModeOption("draft", "how the house drafts (ORI-TR-4): player (its player's own draft), units-only (the "
                   "player's draft, gladiators only), random", DRAFTS[0], DRAFTS))
    __slots__ = ("trial", "policy")

    def __init__(self, arena_id: str = ARENAS[0], catalog: Catalog | None = None, cap: int = CHALLENGE_ROUNDS,
                 trial: tc.Trial | None = None, policy: str = DRAFTS[0]) -> None:
        self.arena_id = arena_id
        self.catalog = catalog
        self.cap = cap
        self.grids = {a: HexGrid.of(catalog.arena(a)) for a in ARENAS} if catalog is not None else {}
        self.trial = trial
        self.policy = policy

    @property
    def card(self) -> tc.Trial:
        """The trial card this mode object plays (one made without one, for a bare board, plays none)."""
        assert self.trial is not None
        return self.trial

    @staticmethod
    def trials_state(g: Game[OriginsState]) -> TrialsState:
        """The game's state, a trial's (every game of this mode has one)."""
        s = g.state
        assert isinstance(s, TrialsState)
        return s

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def catalog_of(cls, catalog: Catalog, options: tuple = ()) -> Catalog:
        return catalog

    @classmethod
    def check_catalog(cls, catalog) -> None:
        """The Trial and challenger cards (`cards.trials`: a damaged overlay is one error naming file and field)."""
        if catalog.ruleset == RULESET:
            tc.trials(catalog)

    @classmethod
    def check_options(cls, catalog, options) -> None:
        """The trial number against the cards (1..20), and the cards themselves (a damaged overlay)."""
        n = cls.option_value(options, "trial")
        if n:
            tc.trial(catalog, n)
        else:
            tc.trials(catalog)

    @classmethod
    def validate(cls, catalog, spec: GameSpec) -> GameSpec:
        """The trial's arena is its card's (`--arena` with `--option trial=N` must agree); with no trial the arena
        (or "", any) narrows the trials drawn from the seed."""
        if catalog.ruleset != RULESET:
            raise InputError(f"{NAME} needs the Origins catalog, got the {catalog.ruleset} one")
        if spec.arena and spec.arena not in ARENAS:
            raise InputError(f"unknown arena {spec.arena!r} for {NAME}; allowed: {', '.join(ARENAS)}")
        options = cls.parse_options(spec.options)
        n = cls.option_value(options, "trial")
        arena = spec.arena
        if n:
            card = tc.trial(catalog, n)
            if arena and arena != card.arena:
                raise InputError(f"--arena {arena}: trial {n} is played in {card.arena} (its card, {card.id})")
            arena = card.arena
        else:
            tc.trials(catalog)
        out = super(Origins, cls).validate(catalog, replace(spec, arena=arena or ARENAS[0]))  # Mode's checks
        return replace(out, arena=arena)

    @classmethod
    def default_spec(cls, catalog, rng: np.random.Generator) -> GameSpec:
        """One house drawn by the seed; the trial is drawn by the game's own rng (`new_game`)."""
        houses = sorted(h for h in HOUSES if h in catalog.factions) or sorted(catalog.factions)[:1]
        return GameSpec(cls.name, (houses[int(rng.integers(len(houses)))],), "")

    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers, *, rng: np.random.Generator, log: bool = False,
                 roller=None) -> Game:
        if catalog.ruleset != RULESET:
            raise InputError(f"{NAME} needs the Origins catalog, got the {catalog.ruleset} one")
        n = cls.option_value(spec, "trial")
        if n:
            card = tc.trial(catalog, n)
        else:  # drawn from the game's rng (the seed), among the trials of the spec's arena if it names one
            pick = [t for t in tc.trials(catalog) if not spec.arena or t.arena == spec.arena]
            card = pick[int(rng.integers(len(pick)))]
        policy = cls.option_value(spec, "draft")
        cap = spec.max_rounds or CHALLENGE_ROUNDS
        cap = min(cap, card.rule("round-cap", cap) or cap)
        mode = cls(card.arena, catalog, cap, card, policy)
        house = spec.factions[0]
        side = "blue" if house == "blue-house" else "red"
        other = "red" if side == "blue" else "blue"
        troops = [OriginsTroop(index=HOUSE, side=side, faction=house, hand_size=BRING),
                  OriginsTroop(index=CHALLENGER, side=other, faction=card.challenger.name, hand_size=BRING)]
        grid = mode.grids[card.arena]
        supply = dict(catalog.game.health_chips)
        s = TrialsState(grid=grid, units=[], troops=troops, board=[-1] * grid.n, supply=dict(supply),
                        supply_start=dict(supply), order=[0, 1], log=[] if log else None, mode=mode, trial=card.number,
                        draft_policy=policy)
        ctrls = cls.player_controllers(controllers, 1, cls.name)
        g = Game(s, default_roller(rng, roller), [ctrls[0], ChallengerController(ctrls[0])], rng)
        s.first_pick = HOUSE
        return g

    def begin(self, g: Game[OriginsState]) -> None:
        """The trial card, the house's draft (ORI-55), the challenger's chips, and the challenge: the challenger
        plays first (R-ORI-TR-1) unless the card says `house-first`."""
        s = self.trials_state(g)
        card = self.card
        cat = self.played_catalog()
        ch = card.challenger
        rules_text = ", ".join(t if t == "house-first" else f"{t} {v}" for t, v in card.rules)
        s.say(f"Trial {card.number} ({card.id}, stand-in card) in {cat.arena(card.arena).name}: "
              f"{s.troops[HOUSE].faction} against {ch.name}"
              + (f" and its champion {cat.unit(ch.champion).name}" if ch.champion else "")
              + f"; draft: {card.draft.words()} ({s.draft_policy})" + (f"; rules: {rules_text}" if card.rules else ""))
        draft(g, card, s.draft_policy)
        t = s.troops[CHALLENGER]
        for chip in card.chips:
            s.units.append(UnitState(len(s.units), cat.unit(chip), CHALLENGER, zone=BAG))
            t.lineup.append(chip)
        s.arena_order = [card.arena]
        start_challenge(g, HOUSE if card.rule("house-first") else CHALLENGER)
        if s.arena_id == ATLANTIS and ch.champion:
            # ORI-51: the champion is the challenger's acting Leader, without the double Health (R-ORI-TR-5)
            champ = next(u for u in s.units if u.troop == CHALLENGER and u.unit.id == ch.champion)
            t.leader = champ.uid
            s.say(f"{champ.name} is the acting Leader of {t.faction} (no double Health)")

    # --- the turn -------------------------------------------------------------------------------
    def start(self, g: Game[OriginsState], troop: int) -> None:
        """ORI-15, ORI-36 as in Origins; then, at the start of a challenger turn, its directive and its four-die roll
        (ORI-56, R-ORI-TR-3, R-ORI-TR-4)."""
        super().start(g, troop)
        s = self.trials_state(g)
        if troop != CHALLENGER or s.end_reason is not None:
            return
        card = self.card
        s.stance = stance_of(s, card.challenger.directives, self.deployment_hexes(s, CHALLENGER))
        s.roll = roll(g, card.dice)
        s.say(f"{s.troops[CHALLENGER].faction}: stance {s.stance}; roll {'+'.join(card.dice)}: {roll_words(s.roll)}")

    def place(self, g: Game[OriginsState], uid: int, h: int) -> None:
        """ORI-11, ORI-47 as in Origins; a card's `challenger-health N` gives each challenger unit N more health as it
        enters (ORI-TR-3)."""
        super().place(g, uid, h)
        u = g.state.units[uid]
        extra = self.card.rule("challenger-health") if u.troop == CHALLENGER else None
        if extra:
            rules.gain_hp(g, u, extra)

    def pick_ups(self, g: Game[OriginsState], troop: int) -> None:
        """ORI-40, ORI-49 as in Origins; ORI-45: the El Dorado champions gain Elevated "as long as the Tribute is in
        their possession", so the challenger's champion may pick up the challenger's Tribute too."""
        s = g.state
        t = s.troops[troop]
        if troop == CHALLENGER and s.arena_id == EL_DORADO and t.tribute_holder < 0 and t.tribute_hex >= 0:
            u = s.occupant(t.tribute_hex)
            if u is not None and u.troop == troop and u.unit.kind == "champion":
                if g.ask(troop, "tribute", [u.uid], optional=True) is not None:
                    t.tribute_holder = u.uid
                    s.say(f"{u.name} ({t.side}) picks up the {t.side} Tribute (Elevated while it holds it)")
                    self.check_delivery(g)
                return
        super().pick_ups(g, troop)

    def after_defeat(self, g: Game[OriginsState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """ORI-5, ORI-43, ORI-46 as in Origins. ORI-37, ORI-45: in Xanadu and El Dorado the champion's defeat does not
        end the challenge; the challenger is eliminated once every gladiator it brought and its champion are defeated
        (R-ORI-TR-6). ORI-51: in Atlantis the champion is the acting Leader, whose defeat wins (the Leader rule)."""
        s = g.state
        if u.troop != CHALLENGER or s.arena_id == ATLANTIS:
            super().after_defeat(g, u, source=source, source_troop=source_troop)
            return
        t = s.troops[CHALLENGER]
        if t.tribute_holder == u.uid:
            t.tribute_holder = -1
            s.say(f"the {t.side} Tribute drops on hex {t.tribute_hex}")
        if is_challenger_piece(u) and not any(v.troop == CHALLENGER and is_challenger_piece(v)
                                               and v.zone in (CAMP, COMBAT) for v in s.units):
            self.end(g, f"every gladiator and the champion of {t.faction} are defeated"
                     if self.card.challenger.champion else f"every gladiator of {t.faction} is defeated", HOUSE)

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game[OriginsState], spec: GameSpec) -> GameResult:
        s = self.trials_state(g)
        card = self.card
        done = s.end_reason is not None
        outcome = DRAW if not done or s.winner is None else WON if s.winner == HOUSE else LOST
        h, c = s.troops[HOUSE], s.troops[CHALLENGER]
        house = TroopResult(HOUSE, h.faction, h.side, HOUSE, outcome, h.deployed, h.damage_dealt, h.kills, h.units_lost,
                            0, 0, h.tactic_damage, h.tactic_kills)
        other = {WON: LOST, LOST: WON}.get(outcome, DRAW)
        rival = TroopResult(CHALLENGER, card.id, c.side, CHALLENGER, other, c.deployed, c.damage_dealt, c.kills,
                            c.units_lost, 0, 0)
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=card.arena, factions=(h.faction,), rounds=s.round,
            end_reason=s.end_reason or "unfinished", first_player=s.order[0], troops=[house],
            units=player_units(s, [HOUSE]), unimplemented=unimplemented_in_game(s),
            extras={"trial": card.number, "trial_id": card.id, "challenger": card.challenger.id,
                    "champion": card.challenger.champion, "draft": s.draft_policy, "passed": outcome == WON,
                    "first": "house" if s.order[0] == HOUSE else "challenger",
                    "lineup": list(h.lineup), "challenger_chips": list(card.chips), "stand_in_card": card.stand_in,
                    "challenger_troop": rival},
            log=s.log)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        t = res.troops[0]
        row = {**head, "arena": res.arena, "trial": x["trial"], "trial_id": x["trial_id"],
               "challenger": x["challenger"], "champion": x["champion"], "draft": x["draft"], "passed": x["passed"],
               "outcome": t.outcome,
               "rounds": res.rounds, "end_reason": res.end_reason, "house_units_deployed": t.units_deployed,
               "house_damage_dealt": t.damage_dealt, "house_kills": t.kills, "house_units_lost": t.units_lost,
               "challenger_units_lost": x["challenger_troop"].units_lost, "stand_in_card": x["stand_in_card"]}
        draft_rows = [{"matchup": head["matchup"], "arena": res.arena, "game": head["game"], "trial": x["trial"],
                       "draft": x["draft"], "pick": k + 1, "chip": chip, "colour": colour_of(chip),
                       "kind": unit_kind(chip) or "tactic", "passed": x["passed"]}
                      for k, chip in enumerate(x["lineup"])]
        units = cls.unit_rows(head, res, unit_kind, lambda seat: x["passed"])
        return {"games": [row], "units": units, "draft": draft_rows}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return bool(row.get("passed"))

    # --- the campaign analysis (`analysis`) ------------------------------------------------------
    @classmethod
    def analysis_class(cls) -> type:
        from hoplostat.rulesets.origins.trials.analysis import TrialsAnalysis

        return TrialsAnalysis

    # --- what sweeps need -------------------------------------------------------------------------
    @classmethod
    def matchups(cls, factions: Sequence[str], *, arenas: Sequence[str], titans: Sequence[str], coop: bool,
                 players: int = 0, pods: int = 0, seed: int = 0) -> list[Matchup]:
        """Every trial (of `arenas`) with every drafting policy, for each house: `Matchup(mode, arena, house, trial
        id, "a", drafting policy)`. The arenas are the embedded cards' (an overlay that moves a trial to another arena
        plays its own arena; the rows say which)."""
        from hoplostat.catalog import load

        cards = tc.trials(load(use_env=False, ruleset=RULESET))
        houses = [f for f in factions if f in HOUSES] or list(factions)
        return [Matchup(cls.name, t.arena, h, t.id, "a", d) for d in DRAFTS for t in cards if t.arena in arenas
                for h in houses]

    @classmethod
    def spec_of(cls, m: Matchup, max_rounds: int) -> GameSpec:
        number = int(m.b.rsplit("-", 1)[1])
        return GameSpec(cls.name, (m.a,), "", "", None, max_rounds,
                        cls.parse_options([("trial", str(number)), ("draft", m.titan or DRAFTS[0])]))

    @classmethod
    def own_chips(cls, catalog, factions: Sequence[str]) -> tuple[str, ...]:
        """The trial cards played (a sweep's `faction_b`, a game's challenger troop), their challengers' cards and
        chips: every one counted in the stand-in counts (the cards carry stand-in values, R-ORI-TR-7)."""
        by_id = {t.id: t for t in tc.trials(catalog)}
        out: list[str] = []
        for f in factions:
            t = by_id.get(f)
            if t is not None:
                out += [t.id, t.challenger.id, *t.chips]
        if not out:  # games whose trials are not named (a ladder: drawn from the seeds): every card and chip they use
            out = [*(x for t in by_id.values() for x in (t.id, t.challenger.id, *t.chips)), *pool_ids(catalog)]
        return tuple(dict.fromkeys(out))
