"""LookaheadController: flat Monte Carlo over the decisions of a turn, with greedy continuations.

At every decision a turn step asks (deploy, tactic, move, ability, engage: `Game.at_step`), the player
1. lists a few candidates: greedy's own choice first, passing when the decision is optional (not for an
   attack or a deployment: `NEVER_PASS`), the safest hex for the unit greedy moves or deploys, and
   greedy's choice restricted to each other unit (its best move, attack or deployment) or tactic chip,
   up to `width` in all;
2. plays the candidates forward in clones of the game (`Game.clone`, `engine.loop.resume`) by sequential
   halving: rounds in which every surviving candidate plays the same number of continuations, the better
   half kept each round, so the budget goes where the decision is close (`budget // (survivors * rounds)`
   continuations per candidate and round, at least one: `budget` in all, or a little more when the budget
   is smaller than the candidates times the rounds). Every player, itself included,
   plays greedy in the continuation, which stops at a horizon of `horizon` turns (default: the rest of
   this turn, every other troop's reply and its own next turn, where what it set up pays off) or at the
   game's end. Where the mode keeps camps face down (`Mode.hidden_camps`), every continuation first deals
   the other troops' hidden chips again (`Mode.redeal_hidden`): the player plans against what it could
   know, never against the real camp;
3. scores each continuation from its own side (`standing`: won or lost when the game ended, otherwise the
   Health its team has in combat and in reserve against the opponents', a primary hero counted three
   times, plus crowd favor, rewards and the mode's `objective`, its progress toward the mode's goal), and
   keeps the survivor of the last round; ties keep the earlier candidate (greedy's choice first), and where
   the mode says so (`Heuristics.trust`) greedy's choice stays to the last round and wins unless the other
   beats it by that many standard errors.

Why flat Monte Carlo and not MCTS: a game asks a player about a hundred decisions, most with one or two
sensible answers, and our budget is a few dozen playout turns per decision. A tree would spread that
budget over sequences of answers and chance nodes and see each only a handful of times; one ply of
candidates, each continued by a policy that is already sensible, concentrates it where greedy is blind
(what the opponents do next). Common random numbers make the comparison sharper: continuation k of a round
rolls the same dice stream (and deals the same hidden camp) for every candidate, so candidates differ by their
choice and not by their luck. Sequential halving (Karnin, Koren and Somekh 2013) is the simple budgeted bandit
for picking the best arm: an even split spends most of a small budget on candidates that are clearly worse.

Randomness: the continuations' dice and greedy's tie-breaks come from the player's own streams, spawned
from the rng it was made with (the game's, in a sweep) without drawing from it, so a game with this
player replays from its seed like any other, and no continuation rolls the real game's future dice.
Decisions asked from inside a rule (a defeat's "return-unit", a reward's choice) and every decision of
the continuations go to greedy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.engine import rules
from hoplostat.engine.loop import resume
from hoplostat.engine.state import BAG, CAMP, COMBAT
from hoplostat.policies.base import parse_budget_of
from hoplostat.policies.greedy import GreedyController, _rival_reach, _threat

DEFAULT_BUDGET = 8
"""Continuations per decision (spread over the candidates by sequential halving): a two-player game against
greedy takes about half a second on one core (bench/bench_lookahead.py) and scores 76% on Pozzuoli and 69% on
the Colosseum against greedy (`python -m bench lookahead_fair`, README)."""
DEFAULT_WIDTH = 4
NEVER_PASS = ("engage", "deploy")
"""Decisions where passing is not a candidate when greedy acts: holding back an attack or a deployment
is almost never better, and a noisy estimate would sometimes say it is (measured: 64% against greedy
with passing as a candidate, 76% without, 64 games each)."""
WIN = 1000.0
HERO_WEIGHT = 3.0
RESERVE_WEIGHT = 0.5
FAVOR_WEIGHT = 0.5
REWARD_WEIGHT = 3.0


def standing(g: Any, troop: int) -> float:
    """How well `troop`'s side stands: +/-WIN for a game won or lost (0 for a draw) plus the mode's
    `objective`; otherwise the Health of its team's units in combat and half the Health waiting in camp
    or bag (a primary hero three times its Health, in camp as in combat),
    plus half its crowd favor and three per reward, less the same for its opponents (in a free-for-all, the
    opponents' mean), plus the mode's `objective` (e.g. the immortals a wave mode's players defeated)."""
    s = g.state
    if s.end_reason is not None:  # the outcome, and the progress made (a lost wave game still counts its waves)
        outcome = outcome_of(g, troop)
        return (WIN if outcome == "won" else -WIN if outcome == "lost" else 0.0) + s.mode.objective(g, troop)
    totals = [0.0] * len(s.troops)
    for u in s.units:
        zone = u.zone
        if u.is_primary_hero:  # worth the same in camp as in combat: deploying it gains nothing by itself
            if zone == COMBAT:
                totals[u.troop] += HERO_WEIGHT * u.hp
            elif zone == CAMP or zone == BAG:
                totals[u.troop] += HERO_WEIGHT * u.unit.health
        elif zone == COMBAT:
            totals[u.troop] += u.hp
        elif zone == CAMP or zone == BAG:
            totals[u.troop] += RESERVE_WEIGHT * u.unit.health
    for t in s.troops:
        totals[t.index] += FAVOR_WEIGHT * t.favor_total + REWARD_WEIGHT * t.rewards
    mine = theirs = 0.0
    rivals = 0
    for t in s.troops:
        if rules.same_team(s, t.index, troop):
            mine += totals[t.index]
        else:
            theirs += totals[t.index]
            rivals += 1
    if rivals > 1 and not s.has_teams:  # free-for-all: against the average opponent
        theirs /= rivals
    return mine - theirs + s.mode.objective(g, troop)


def outcome_of(g: Any, troop: int) -> str:
    """`won`, `lost` or `draw` of a player troop in an ended game (the mode's own result); a troop that is
    not a player seat (a rival) counts the opposite of seat 0."""
    res = g.state.mode.result(g, None)
    for t in res.troops:
        if t.seat == troop:
            return t.outcome
    first = res.troops[0].outcome
    return {"won": "lost", "lost": "won"}.get(first, "draw")


class LookaheadController:
    """Flat Monte Carlo with greedy continuations (module docstring). `budget`: continuations per decision;
    `width`: candidates per decision; `horizon`: turns each continuation plays (None: the rest of this
    turn, everyone else's and its own next one)."""

    def __deepcopy__(self, memo: dict) -> LookaheadController:
        """A continuation's copy: the same settings and a greedy player breaking ties from the copied game's
        stream (reseeded for the continuation); no search stream, since a continuation never searches."""
        new = object.__new__(LookaheadController)
        new.__dict__.update(self.__dict__)
        new.rng = memo.get(id(self.rng), self.rng)
        new.greedy = GreedyController(new.rng)  # ties in a continuation: from the continuation's stream
        new._search = None
        memo[id(self)] = new
        return new

    def __init__(self, rng: np.random.Generator | None = None, budget: int = DEFAULT_BUDGET,
                 width: int = DEFAULT_WIDTH, horizon: int | None = None) -> None:
        if budget < 1 or width < 1:
            raise ValueError("lookahead budget and width must be 1 or more")
        # Its own streams, spawned (the game's stream is not drawn from): greedy's tie-breaks, the search.
        self.greedy = GreedyController(rng.spawn(1)[0] if rng is not None else None)
        self.rng = rng
        self.budget, self.width, self.horizon = budget, width, horizon
        self._search: np.random.Generator | None = None
        self._turns_round, self._turns = -1, 0
        self.searched = 0
        """Decisions searched so far (for benchmarks and tests)."""

    @property
    def rival_decisions(self):
        return getattr(self.greedy, "rival_decisions", ())

    core_search_streams = True
    """The core hands back its greedy and search streams and the count of decisions searched (`engine.native`)."""

    def core_player(self, rng: np.random.Generator) -> tuple | str:
        """This player as the native core reads it (`engine.native`): the core plays it with the game's stream and
        the core greedy heuristics in its continuations."""
        from hoplostat.engine.native import export_rng

        if self.rng is not rng or type(self.greedy) is not GreedyController or self.greedy.rng is None:
            return "a lookahead player without the game's stream"
        search = None if self._search is None else export_rng(self._search)
        return ("lookahead", export_rng(self.greedy.rng), search, int(self.budget), int(self.width),
                None if self.horizon is None else int(self.horizon))

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        if g.depth or not g.at_step:
            return self.greedy.choose(g, troop, decision, options, optional=optional)
        cands = self.candidates(g, troop, decision, options, optional)
        if len(cands) < 2:
            return cands[0] if cands else None
        return self._pick(g, troop, decision, cands)

    # --- candidates ------------------------------------------------------------------------------
    def candidates(self, g: Any, troop: int, decision: str, options: Sequence[Any], optional: bool) -> list:
        """Greedy's choice, passing (when optional), then greedy's choice within each group of options
        (per unit; per tactic chip), in option order, at most `width`."""
        greedy = self.greedy
        first = greedy.choose(g, troop, decision, options, optional=optional)
        out = [first]
        if optional and first is not None and decision not in NEVER_PASS:
            out.append(None)
        key = 1 if decision == "engage" else 0  # the unit (the tactic chip for "tactic")
        groups: dict[Any, list] = {}
        for o in options:
            groups.setdefault(o[key] if isinstance(o, tuple) else o, []).append(o)
        if decision in ("move", "deploy") and isinstance(first, tuple):
            safe = self._safest(g, troop, [o for o in options if o[0] == first[0]])
            if safe is not None and safe not in out:
                out.append(safe)
        skip = first[key] if isinstance(first, tuple) else first
        for k, group in groups.items():
            if len(out) >= self.width:
                break
            if k == skip:
                continue
            got = greedy.choose(g, troop, decision, group, optional=optional)
            if got is None and decision in ("move", "engage", "ability"):
                got = group[0] if decision != "move" else None
            if got is not None and got not in out:
                out.append(got)
        return out[: self.width]

    @staticmethod
    def _safest(g: Any, troop: int, options: list) -> Any | None:
        """Among one unit's (uid, hex) options, the first whose hex the fewest opponents could reach and
        attack next turn (their Movement + Range): the cautious alternative greedy never weighs."""
        s = g.state
        reach = _rival_reach(s, troop)
        if not reach or not options:
            return None
        dist = s.grid.dist
        return min(options, key=lambda o: _threat(dist, reach, o[1]))

    # --- the search ------------------------------------------------------------------------------
    def _stream(self) -> np.random.Generator:
        if self._search is None:
            self._search = self.rng.spawn(1)[0] if self.rng is not None else np.random.default_rng(0)
        return self._search

    def _round_horizon(self, g: Any) -> int:
        """Turns in a round plus one: the rest of this turn, every other troop's reply, and this troop's
        next turn, where what it set up pays off (counted once per round)."""
        s = g.state
        if self._turns_round != s.round:
            self._turns_round = s.round
            self._turns = sum(1 for t in s.mode.round_turns(g) if t is not None)
        return self._turns + 1

    def _pick(self, g: Any, troop: int, decision: str, cands: list) -> Any:
        """Sequential halving over the candidates (the budget where the decision is close): rounds of
        continuations, every surviving candidate played from the same seeds (common random numbers), the better
        half by mean kept each round (ties keep the earlier candidate: greedy's choice first); a round gives
        each survivor `budget // (survivors * rounds)` continuations, at least one. The same as the native
        core's `lookahead::pick` and `search::halving`."""
        self.searched += 1
        s = g.state
        horizon = self.horizon if self.horizon is not None else self._round_horizon(g)
        redeal = s.mode.hidden_camps
        trust = s.mode.heuristics.trust
        n = len(cands)
        rounds = (n - 1).bit_length()  # ceil(log2(n))
        scores: list[list[float]] = [[] for _ in cands]
        alive = list(range(n))
        stream = self._stream()
        while len(alive) > 1:
            per = max(1, self.budget // (len(alive) * rounds))
            for seed in stream.integers(0, 2**63, size=per):
                for i in alive:
                    sim = g.clone()
                    sim.depth = g.depth + 1
                    sim.reseed(np.random.default_rng(int(seed)))
                    if redeal:  # what this player cannot see is dealt again in every continuation
                        s.mode.redeal_hidden(sim.state, sim.rng, troop)
                    sim.forced = (decision, cands[i])
                    resume(sim, turns=horizon)
                    scores[i].append(standing(sim, troop))
            means = {i: float(np.asarray(scores[i]).sum()) / len(scores[i]) for i in alive}
            keep = sorted(alive, key=lambda i: (-means[i], i))[: (len(alive) + 1) // 2]
            if trust and 0 not in keep and len(keep) > 1:  # greedy's choice, the incumbent, stays to the last round
                keep[-1] = 0
            alive = keep
        best = alive[0]
        # Where the mode trusts greedy (`Heuristics.trust`: how far greedy's own scoring is to be trusted
        # against a short continuation's), its choice stays unless the winner beats it by more than `trust`
        # standard errors of the paired differences (the same seeds) over every continuation both played.
        if trust and best != 0:
            d = np.asarray(scores[best]) - np.asarray(scores[0])
            if len(d) < 2 or d.mean() <= trust * d.std(ddof=1) / np.sqrt(len(d)):
                best = 0
        return cands[best]


MAX_BUDGET = 10_000


def parse_budget(arg: str | None, *, option: str = "--policies") -> int:
    """The budget of `lookahead:N` (N continuations per decision, 1 to `MAX_BUDGET`); the default without
    `:N`. InputError naming `option` otherwise."""
    return parse_budget_of("lookahead", arg, default=DEFAULT_BUDGET, maximum=MAX_BUDGET, option=option)
