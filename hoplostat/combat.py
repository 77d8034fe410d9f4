"""Combat without a map: batch duels and brawls (trials on axis 0), and exact duels.

The fighters stand within Range of each other and never move; troops alternate
turns, and on its turn each unit uses its Abilities, then attacks or uses a
Special (Remastered, "Player Turns"). Only effects that need no map are
modelled; the rest are listed in ``Fighter.ignored``.

Exactness: `exact_duel` solves the duel as an absorbing Markov chain over
(HP of A, HP of B) with whose turn it is, propagated round by round, so it also
gives the distribution of rounds. `simulate_duel` and `simulate_brawl` draw
each attack's outcome by inverse CDF on the exact distribution (one uniform
per attack); `simulate_duel` must agree with `exact_duel` (tests).

Rulings (docs/rulings.md, R-COMBAT-*):
- A round is one turn of each side; the side named ``first`` acts first.
- Retaliate: when dealt attack damage (at least one hit, even if reduced to 0)
  the defender deals its number back to the attacker, even if the defender was
  defeated by that attack; both may be defeated (a draw). All fighters are
  adjacent, so the attacker is always within the defender's Range.
- Parry: the first attack each round that deals the unit attack damage has its
  damage reduced to 0 (it is still dealt: Retaliate still answers).
- A unit chooses between its attack and a Special by the larger expected HP
  removed from its target (ties: attack); Specials' damage is not attack
  damage, so reduction, Parry and Retaliate do not apply to it.
- Regen and Fury Aura act in the unit's Abilities step, before it engages.
- Tactics on a fighter are permanent or instant ones (Blitz, Bolster Health); a temporary tactic
  lasts one turn (R-ENG-10), so it is listed as ignored (R-COMBAT-6).

Every skill and tactic modelled here is checked against engine duels on an open board
(tests/test_combat_vs_engine.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from hoplostat.dice import Pool, hit_pmf, parse_pool
from hoplostat.errors import InputError
from hoplostat.odds import Attack, reroll_hit_weights

TARGET_RULES = ("weakest", "strongest", "random")


@dataclass(frozen=True)
class Special:
    """A map-free Special: roll ``dice`` (per opponent when ``per_opponent``); hits are damage.

    ``to_all``: every opponent is dealt the total (Whirlwind); else only the target.
    """

    name: str
    dice: Pool
    per_opponent: bool = False
    to_all: bool = False


@dataclass(frozen=True)
class Fighter:
    """One unit as the map-free combat sees it."""

    name: str
    hp: int
    health: int
    attack: Pool
    reduce: int = 0
    bonus: int = 0
    reroll: int = 0
    retaliate: int = 0
    regen: int = 0
    aura: int = 0
    bloodlust: bool = False
    parry: bool = False
    specials: tuple[Special, ...] = ()
    ignored: tuple[str, ...] = ()
    unit_id: str | None = None

    def __post_init__(self) -> None:
        if self.hp < 1:
            raise InputError(f"fighter {self.name!r}: hp {self.hp} must be 1 or more")
        if self.health < 1:
            raise InputError(f"fighter {self.name!r}: health {self.health} must be 1 or more")
        for name in ("reduce", "bonus", "reroll", "retaliate", "regen", "aura"):
            if getattr(self, name) < 0:
                raise InputError(f"fighter {self.name!r}: {name} must be 0 or more")

    def dice(self, hurt: bool) -> Pool:
        """Attack dice; Bloodlust adds a black die while HP is below Health."""
        return self.attack + parse_pool("black") if (self.bloodlust and hurt) else self.attack


# --- catalog units -> fighters ----------------------------------------------------------

# Skills meaningful without a map, and how they change the fighter. Others are ignored
# and reported. Definitions: data/remastered/skills.toml.
def _apply_skill(f: dict, skill_id: str, param: int | None) -> bool:
    if skill_id in ("absorb", "hardened"):
        f["reduce"] += 1
    elif skill_id == "retaliate":
        f["retaliate"] += 1
    elif skill_id == "regen":
        f["regen"] += param or 1
    elif skill_id == "bloodlust":
        f["bloodlust"] = True
    elif skill_id == "parry":
        f["parry"] = True
    elif skill_id == "fury-aura":
        f["aura"] += 1
    elif skill_id == "dig-in":  # never moves in a duel: always dug in (adds a yellow die)
        f["attack"] = f["attack"] + parse_pool("yellow")
    elif skill_id == "whirlwind":
        f["specials"].append(Special("whirlwind", parse_pool("blue"), per_opponent=True, to_all=True))
    elif skill_id == "long-shot":
        f["specials"].append(Special(f"long-shot {param}", parse_pool("yellow")))
    else:
        return False
    return True


def _apply_tactic_effect(f: dict, term: str, arg) -> bool:
    if term == "extra-dice":
        f["attack"] = f["attack"] + parse_pool(str(arg))
    elif term == "gain-hp":
        f["hp"] += int(arg)
    elif term == "reduce-damage":
        f["reduce"] += int(arg)
    else:
        return False
    return True


def fighter_from_unit(unit, *, catalog=None, tactics: Sequence[str] = ()) -> Fighter:
    """A catalog `Unit` (plus permanent tactics on it) as a map-free fighter."""
    f = dict(reduce=0, bonus=0, reroll=0, retaliate=0, regen=0, aura=0, bloodlust=False, parry=False,
             attack=unit.attack, hp=unit.health, specials=[])
    ignored = []
    for ref in unit.skills:
        if not _apply_skill(f, ref.id, ref.param):
            ignored.append(str(ref))
    for n, tactic_id in enumerate(tactics):
        if catalog is None:
            raise ValueError("tactics need the catalog")
        tactic = catalog.tactics.get(tactic_id)
        if tactic is None:
            raise InputError(f"unknown tactic {tactic_id!r}; known: {', '.join(sorted(catalog.tactics))}")
        if tactic.type == "permanent" and tactic_id in tactics[:n]:
            # R-COMBAT-8: Remastered, "Tactics": a troop has one chip of each of its tactics, and a permanent chip
            # stays on its unit until the unit is defeated: it cannot be on the duelling unit twice.
            raise InputError(f"tactic {tactic_id!r} on {unit.name} twice: a permanent tactic is one chip, which stays "
                             "on the unit until it is defeated; give it once")
        if tactic.type == "temporary":
            # Remastered, "Tactics": a temporary tactic lasts as its text says (ours: until the start of its
            # troop's next turn, R-ENG-10), so it would help one turn of the duel, not every turn (R-COMBAT-6).
            ignored.append(f"{tactic_id}: temporary tactic (lasts one turn)")
            continue
        for eff in tactic.effects:
            if not _apply_tactic_effect(f, eff.term, eff.arg):
                ignored.append(f"{tactic_id}: {eff}")
    specials = tuple(f.pop("specials"))
    return Fighter(name=unit.name, health=unit.health, specials=specials, ignored=tuple(ignored),
                   unit_id=unit.id, **f)


SPEC_KEYS = ("name", "hp", "health", "attack", "skills", "reduce", "bonus", "reroll", "regen", "retaliate")


MAP_FREE_SKILLS = ("absorb", "hardened", "retaliate", "regen", "bloodlust", "parry", "fury-aura", "dig-in",
                   "whirlwind", "long-shot")
"""The skills `_apply_skill` models in a duel without a map."""


def parse_fighter_spec(text: str, *, known_skills: Collection[str] | None = None) -> Fighter:
    """Inline spec ``hp=6,attack=2black+blue,skills=absorb|retaliate[,reduce=,bonus=,regen=,reroll=]``.

    Each key at most once. A skill must be one of `known_skills` (default: the embedded catalog's skill
    ids) or one modelled here; an unknown one is an InputError suggesting the closest id. Known skills
    that need a map are listed in ``Fighter.ignored``."""
    fields: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise InputError(f"fighter spec {text!r}: {part.strip()!r} is not key=value; keys: {', '.join(SPEC_KEYS)}")
        key, value = (s.strip() for s in part.split("=", 1))
        if key not in SPEC_KEYS:
            raise InputError(f"fighter spec {text!r}: unknown key {key!r}; keys: {', '.join(SPEC_KEYS)}")
        if key in fields:
            raise InputError(f"fighter spec {text!r}: {key}= given twice ({fields[key]!r} and {value!r}); give it once")
        fields[key] = value
    for key in ("hp", "attack"):
        if key not in fields:
            raise InputError(f"fighter spec {text!r}: missing {key}=")

    def as_int(key: str, low: int) -> int:
        try:
            value = int(fields[key])
        except ValueError:
            raise InputError(f"fighter spec {text!r}: {key}={fields[key]!r} is not a whole number") from None
        if value < low:
            raise InputError(f"fighter spec {text!r}: {key}={value} must be {low} or more")
        return value

    hp = as_int("hp", 1)
    f: dict[str, Any] = dict(reduce=0, bonus=0, reroll=0, retaliate=0, regen=0, aura=0, bloodlust=False,
                             parry=False, attack=parse_pool(fields["attack"]), hp=hp, specials=[])
    if known_skills is None:
        from hoplostat.catalog import load

        known_skills = load(use_env=False).skills
    known = set(known_skills) | set(MAP_FREE_SKILLS)
    ignored = []
    for skill in filter(None, (s.strip().lower() for s in fields.get("skills", "").split("|"))):
        sid, _, num = skill.partition(" ")
        if sid not in known:
            import difflib

            close = difflib.get_close_matches(sid, sorted(known), n=3, cutoff=0.6)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else \
                "; `hoplostat data list skill` lists them"
            raise InputError(f"fighter spec {text!r}: unknown skill {sid!r}{hint}")
        param = None
        if num:
            if not num.strip().isdigit():
                raise InputError(f"fighter spec {text!r}: skill {skill!r}: number expected after the name")
            param = int(num)
        if not _apply_skill(f, sid, param):
            ignored.append(skill)
    for key in ("reduce", "bonus", "reroll", "regen", "retaliate"):
        if key in fields:
            f[key] += as_int(key, 0)
    health = as_int("health", 1) if "health" in fields else hp
    specials = tuple(f.pop("specials"))
    return Fighter(name=fields.get("name", text), health=health, specials=specials, ignored=tuple(ignored), **f)


# --- outcome tables ------------------------------------------------------------------


@dataclass(frozen=True)
class Outcomes:
    """One action's outcomes: probabilities with HP removed from the target and 'dealt attack damage'."""

    p: np.ndarray
    removed: np.ndarray
    dealt: np.ndarray
    to_all: bool = False

    @property
    def expected(self) -> float:
        return float(np.dot(self.p, self.removed))

    @property
    def cuts(self) -> np.ndarray:
        return np.cumsum(self.p)[:-1]


def attack_outcomes(attacker: Fighter, defender: Fighter, *, hurt: bool, parried: bool) -> Outcomes:
    """Attack of ``attacker`` on ``defender``: P(hits) -> (removed HP, dealt attack damage)."""
    attack = Attack(attacker.dice(hurt), reroll=attacker.reroll, bonus=attacker.bonus, reduce=defender.reduce)
    if attack.reroll:
        w, exp = reroll_hit_weights(attack.dice, attack.reroll)
        hits = np.array([x / 6**exp for x in w])
    else:
        hits = np.asarray(hit_pmf(attack.dice))
    k = np.arange(len(hits))
    damage = np.array([attack.damage_of(int(h)) for h in k])
    removed = np.zeros_like(damage) if parried else damage
    return Outcomes(hits, removed, k > 0)


def special_outcomes(special: Special, n_opponents: int) -> Outcomes:
    dice = special.dice
    if special.per_opponent:
        dice = Pool(tuple(c * n_opponents for c in dice.counts))
    p = np.asarray(hit_pmf(dice))
    k = np.arange(len(p))
    return Outcomes(p, k, np.zeros(len(p), dtype=bool), to_all=special.to_all)


def best_action(attacker: Fighter, defender: Fighter, *, hurt: bool, parried: bool, n_opponents: int = 1) -> Outcomes:
    """The action a unit takes: the larger expected HP removed (summed over opponents hit); ties attack."""
    best = attack_outcomes(attacker, defender, hurt=hurt, parried=parried)
    best_value = best.expected
    for special in attacker.specials:
        o = special_outcomes(special, n_opponents)
        value = o.expected * (n_opponents if o.to_all else 1)
        if value > best_value + 1e-12:
            best, best_value = o, value
    return best


# --- exact duel ----------------------------------------------------------------------


@dataclass
class DuelResult:
    """Outcome probabilities of a duel (exact or estimated) and its rounds."""

    p_a_wins: float
    p_b_wins: float
    p_both_defeated: float
    p_timeout: float
    mean_rounds: float
    rounds_pmf: list[float] = field(default_factory=list)
    trials: int | None = None
    ignored_skills: dict[str, list[str]] = field(default_factory=dict)

    @property
    def p_draw(self) -> float:
        return self.p_both_defeated + self.p_timeout

    def se(self, p: float) -> float | None:
        return None if not self.trials else float(np.sqrt(p * (1 - p) / self.trials))

    def as_dict(self) -> dict:
        d: dict[str, Any] = {
            "p_a_wins": self.p_a_wins, "p_b_wins": self.p_b_wins, "p_draw": self.p_draw,
            "p_both_defeated": self.p_both_defeated, "p_timeout": self.p_timeout,
            "mean_rounds": self.mean_rounds, "rounds_pmf": self.rounds_pmf, "trials": self.trials,
            "ignored_skills": self.ignored_skills,
        }
        if self.trials:
            d["se"] = {k: self.se(d[k]) for k in ("p_a_wins", "p_b_wins", "p_draw")}
        return d


def _half_step(x: Fighter, y: Fighter, xhp: int, yhp: int) -> list[tuple[float, int, int]]:
    """Outcomes of X's turn against Y from (xhp, yhp): list of (p, xhp', yhp')."""
    if x.regen and xhp < x.health:
        xhp = min(xhp + x.regen, x.health)
    if x.aura:
        yhp -= x.aura
        if yhp <= 0:
            return [(1.0, xhp, yhp)]
    o = best_action(x, y, hurt=xhp < x.health, parried=y.parry)
    out = []
    for p, removed, dealt in zip(o.p, o.removed, o.dealt):
        if p == 0:
            continue
        back = y.retaliate if (dealt and y.retaliate) else 0
        out.append((float(p), xhp - back, yhp - int(removed)))
    return out


MAX_EXACT_PAIRS = 40_000
"""The largest chain `exact_duel` solves: A's HP times B's HP (200 HP against 200 takes about 10 s on one
core; time and memory grow with the pairs, and a million HP each would ask terabytes)."""


def check_exact(a: Fighter, b: Fighter) -> None:
    """InputError unless the exact chain of `a` against `b` is small enough to solve (`MAX_EXACT_PAIRS`)."""
    pairs = a.hp * b.hp
    if pairs > MAX_EXACT_PAIRS:
        raise InputError(f"exact duel of {a.name!r} ({a.hp} HP) and {b.name!r} ({b.hp} HP): the exact solver keeps "
                         f"a probability for every pair of HP, here {pairs:,}, and solves at most "
                         f"{MAX_EXACT_PAIRS:,} (e.g. 200 HP against 200); simulate the duel instead (without --exact)")


def exact_duel(a: Fighter, b: Fighter, *, first: str = "a", max_rounds: int = 200, tol: float = 1e-14) -> DuelResult:
    """Solve a duel exactly: absorbing chain over (HP of A, HP of B), round by round. Bounded by
    `MAX_EXACT_PAIRS` (`check_exact`): the chain holds a probability per pair of HP."""
    if first not in ("a", "b"):
        raise InputError(f"first must be 'a' or 'b', not {first!r}")
    check_exact(a, b)
    order = [(a, b, True), (b, a, False)] if first == "a" else [(b, a, False), (a, b, True)]
    ahp0, bhp0 = a.hp, b.hp
    # dist[i, j] = P(A has i HP and B has j HP at the start of a round), i, j >= 1
    dist = np.zeros((ahp0 + 1, bhp0 + 1))
    dist[ahp0, bhp0] = 1.0
    cache: dict = {}
    p_a = p_b = p_both = 0.0
    rounds_pmf = []
    for _ in range(max_rounds):
        ended = 0.0
        for x, y, x_is_a in order:
            nxt = np.zeros_like(dist)
            for i, j in zip(*np.nonzero(dist)):
                mass = dist[i, j]
                xhp, yhp = (i, j) if x_is_a else (j, i)
                key = (x_is_a, xhp, yhp)
                if key not in cache:
                    cache[key] = _half_step(x, y, xhp, yhp)
                for p, xn, yn in cache[key]:
                    q = mass * p
                    if xn <= 0 and yn <= 0:
                        p_both += q
                    elif yn <= 0:
                        p_a, p_b = (p_a + q, p_b) if x_is_a else (p_a, p_b + q)
                    elif xn <= 0:
                        p_a, p_b = (p_a, p_b + q) if x_is_a else (p_a + q, p_b)
                    else:
                        ai, bj = (xn, yn) if x_is_a else (yn, xn)
                        nxt[ai, bj] += q
                        continue
                    ended += q
            dist = nxt
        rounds_pmf.append(ended)
        if dist.sum() < tol:
            break
    p_timeout = float(dist.sum())
    done = sum(rounds_pmf)
    mean_rounds = float(np.dot(np.arange(1, len(rounds_pmf) + 1), rounds_pmf) / done) if done > 0 else float("nan")
    return DuelResult(p_a, p_b, p_both, p_timeout, mean_rounds, rounds_pmf,
                      ignored_skills={"a": list(a.ignored), "b": list(b.ignored)})


# --- simulated duel ------------------------------------------------------------------


@dataclass(frozen=True)
class _Side:
    """Per-side lookup tables for the vectorized duel: variants by 'hurt' (Bloodlust)."""

    cuts: tuple[np.ndarray, np.ndarray]
    removed: tuple[np.ndarray, np.ndarray]
    dealt: tuple[np.ndarray, np.ndarray]


def _side_tables(x: Fighter, y: Fighter) -> _Side:
    calm, hurt = (best_action(x, y, hurt=h, parried=y.parry) for h in (False, True))
    return _Side((calm.cuts, hurt.cuts), (calm.removed, hurt.removed), (calm.dealt, hurt.dealt))


def simulate_duel(a: Fighter, b: Fighter, n: int, *, rng: np.random.Generator, first: str = "a",
                  max_rounds: int = 200) -> DuelResult:
    """Play ``n`` duels at once (trials on axis 0); numpy only, one uniform per attack."""
    if first not in ("a", "b"):
        raise InputError(f"first must be 'a' or 'b', not {first!r}")
    if n < 1:
        raise InputError(f"trials {n}: must be 1 or more")
    fighters = (a, b)
    tables = (_side_tables(a, b), _side_tables(b, a))
    outcome = np.zeros(n, dtype=np.int8)  # 0 running/timeout, 1 A wins, 2 B wins, 3 both defeated
    rounds = np.zeros(n, dtype=np.int32)
    idx = np.arange(n)
    hp = [np.full(n, a.hp, dtype=np.int32), np.full(n, b.hp, dtype=np.int32)]
    turn_order = (0, 1) if first == "a" else (1, 0)
    for r in range(1, max_rounds + 1):
        for xi in turn_order:
            if idx.size == 0:
                break
            yi = 1 - xi
            x, y, t = fighters[xi], fighters[yi], tables[xi]
            xhp, yhp = hp[xi], hp[yi]
            if x.regen:
                np.copyto(xhp, np.minimum(xhp + x.regen, x.health), where=xhp < x.health)
            if x.aura:
                yhp -= x.aura
            u = rng.random(idx.size)
            if x.bloodlust:
                hurt = xhp < x.health
                o = np.where(hurt, np.searchsorted(t.cuts[1], u, side="right"),
                             np.searchsorted(t.cuts[0], u, side="right"))
                removed = np.where(hurt, t.removed[1][np.minimum(o, len(t.removed[1]) - 1)],
                                   t.removed[0][np.minimum(o, len(t.removed[0]) - 1)])
                dealt = np.where(hurt, t.dealt[1][np.minimum(o, len(t.dealt[1]) - 1)],
                                 t.dealt[0][np.minimum(o, len(t.dealt[0]) - 1)])
            else:
                o = np.searchsorted(t.cuts[0], u, side="right")
                removed, dealt = t.removed[0][o], t.dealt[0][o]
            aura_killed = yhp <= 0 if x.aura else None
            if aura_killed is not None:
                removed = np.where(aura_killed, 0, removed)
                dealt = dealt & ~aura_killed
            yhp -= removed
            if y.retaliate:
                xhp -= np.where(dealt, y.retaliate, 0)
            x_dead, y_dead = xhp <= 0, yhp <= 0
            over = x_dead | y_dead
            if over.any():
                res = np.where(x_dead & y_dead, 3, np.where(y_dead, 1 + xi, 1 + yi)).astype(np.int8)
                outcome[idx[over]] = res[over]
                rounds[idx[over]] = r
                keep = ~over
                idx = idx[keep]
                hp = [hp[0][keep], hp[1][keep]]
        if idx.size == 0:
            break
    counts = np.bincount(outcome, minlength=4)
    finished = rounds[rounds > 0]
    rounds_pmf = np.bincount(finished, minlength=1)[1:] / n if finished.size else np.zeros(0)
    return DuelResult(
        p_a_wins=counts[1] / n, p_b_wins=counts[2] / n, p_both_defeated=counts[3] / n, p_timeout=counts[0] / n,
        mean_rounds=float(finished.mean()) if finished.size else float("nan"),
        rounds_pmf=[float(x) for x in rounds_pmf], trials=n,
        ignored_skills={"a": list(a.ignored), "b": list(b.ignored)},
    )


# --- brawls --------------------------------------------------------------------------


@dataclass
class BrawlResult:
    p_a_wins: float
    p_b_wins: float
    p_both_defeated: float
    p_timeout: float
    mean_rounds: float
    trials: int


def _brawl_targets(alive: np.ndarray, hp: np.ndarray, target: str, rng: np.random.Generator) -> np.ndarray:
    """Per trial (n,), the opposing slot a unit attacks: the living one with the least HP (``weakest``) or the
    most (``strongest``), lowest slot on ties, or a random living one. ``alive``, ``hp``: (n, slots)."""
    if target == "random":
        score = np.where(alive, rng.random(alive.shape), -1.0)
        return score.argmax(axis=1)
    big = np.iinfo(np.int32).max
    return np.where(alive, hp if target == "weakest" else -hp, big).argmin(axis=1)


def _brawl_over(hp: list[np.ndarray], running: np.ndarray, outcome: np.ndarray, rounds: np.ndarray, r: int) -> None:
    """Close the running trials in which a side has no unit left (in place): ``outcome`` 1 side a won, 2 side b,
    3 both out; ``rounds`` the round it ended in."""
    a_out = (hp[0] <= 0).all(axis=1)
    b_out = (hp[1] <= 0).all(axis=1)
    over = running & (a_out | b_out)
    if over.any():
        outcome[over] = np.where(a_out & b_out, 3, np.where(b_out, 1, 2))[over]
        rounds[over] = r
        running &= ~over


def simulate_brawl(team_a: Sequence[Fighter], team_b: Sequence[Fighter], n: int, *, rng: np.random.Generator,
                   first: str = "a", target: str = "weakest", max_rounds: int = 200) -> BrawlResult:
    """k vs m units, all within range of each other; trials on axis 0, loops only over unit slots.

    On its turn each living unit of the troop (in list order) uses its
    Abilities and then attacks the target chosen by ``target`` (weakest or
    strongest by current HP, lowest slot on ties; or random), or uses a
    Special when that removes more HP in expectation. Whirlwind and Fury Aura
    reach every opponent. Parry resets at the start of each round.
    """
    if target not in TARGET_RULES:
        raise InputError(f"target rule {target!r}; allowed: {', '.join(TARGET_RULES)}")
    if not team_a or not team_b:
        raise InputError("a brawl needs at least one unit per side")
    teams = (list(team_a), list(team_b))
    hp = [np.tile(np.array([f.hp for f in t], dtype=np.int32), (n, 1)) for t in teams]
    outcome = np.zeros(n, dtype=np.int8)
    rounds = np.zeros(n, dtype=np.int32)
    running = np.ones(n, dtype=bool)
    parried = [np.zeros((n, len(t)), dtype=bool) for t in teams]
    order = (0, 1) if first == "a" else (1, 0)
    rows = np.arange(n)
    # outcome tables per (attacker slot, defender slot, hurt, parry-available, n opponents alive)
    cache: dict = {}

    def table(xi, s, yi, d, hurt, parry_on, n_opp):
        key = (xi, s, yi, d, hurt, parry_on, n_opp)
        if key not in cache:
            cache[key] = best_action(teams[xi][s], teams[yi][d], hurt=hurt, parried=parry_on, n_opponents=n_opp)
        return cache[key]

    for r in range(1, max_rounds + 1):
        for p in parried:
            p[:] = False
        for xi in order:
            yi = 1 - xi
            for s, x in enumerate(teams[xi]):
                alive_y = hp[yi] > 0
                act = running & (hp[xi][:, s] > 0)
                if not act.any():
                    continue
                if x.regen:
                    col = hp[xi][:, s]
                    np.copyto(col, np.minimum(col + x.regen, x.health), where=act & (col < x.health))
                    hp[xi][:, s] = col
                if x.aura:
                    hp[yi] -= np.where(act[:, None] & alive_y, x.aura, 0)
                    alive_y = hp[yi] > 0
                    act &= alive_y.any(axis=1)
                n_opp = alive_y.sum(axis=1)
                tgt = _brawl_targets(alive_y, hp[yi], target, rng)
                u = rng.random(n)
                hurt = hp[xi][:, s] < x.health
                parry_on = parried[yi][rows, tgt] == False  # noqa: E712 - parry still available
                removed = np.zeros(n, dtype=np.int32)
                dealt = np.zeros(n, dtype=bool)
                to_all = np.zeros(n, dtype=bool)
                groups = np.stack([tgt, hurt, parry_on, n_opp], axis=1)[act]
                for d, h, pa, k in np.unique(groups.astype(np.int64), axis=0).tolist():
                    y = teams[yi][d]
                    o = table(xi, s, yi, d, bool(h) and x.bloodlust, bool(pa) and y.parry, k)
                    m = act & (tgt == d) & (hurt == bool(h)) & (parry_on == bool(pa)) & (n_opp == k)
                    hit = np.searchsorted(o.cuts, u[m], side="right")
                    removed[m] = o.removed[hit]
                    dealt[m] = o.dealt[hit]
                    to_all[m] = o.to_all
                # Parry is used by the first attack that deals attack damage this round.
                if teams[yi] and any(f.parry for f in teams[yi]):
                    parried[yi][rows[dealt], tgt[dealt]] = True
                single = act & ~to_all
                hp[yi][rows[single], tgt[single]] -= removed[single]
                spread = act & to_all
                hp[yi][spread] -= np.where(alive_y[spread], removed[spread, None], 0)
                back = np.array([teams[yi][d].retaliate for d in range(len(teams[yi]))])[tgt]
                hp[xi][:, s] -= np.where(act & dealt, back, 0)
                _brawl_over(hp, running, outcome, rounds, r)
        if not running.any():
            break
    counts = np.bincount(outcome, minlength=4)
    finished = rounds[rounds > 0]
    return BrawlResult(counts[1] / n, counts[2] / n, counts[3] / n, counts[0] / n,
                       float(finished.mean()) if finished.size else float("nan"), n)


def with_hp(f: Fighter, hp: int) -> Fighter:
    return replace(f, hp=hp)
