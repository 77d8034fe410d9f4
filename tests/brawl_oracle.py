"""Brute-force brawl oracle: exact outcome probabilities of a map-free brawl (k units against m), from the
rule texts alone.

Shares no code with hoplostat: the dice law comes from tests/duel_oracle.py (every face of every die
enumerated), and each turn is enumerated outcome by outcome. The brawl is a Markov chain over the HP of
every unit at the start of a round, solved as a linear system (Regen lets a state come back), in floats.

What it models (the same rule texts as the duel oracle, plus what a brawl adds; docs/rulings.md R-COMBAT-*):
- a round: every living unit of the troop named first, in list order, then every living unit of the
  other; a unit's turn: its Abilities step (Regen N heals up to its Health; Fury Aura deals 1 damage to
  every living opponent, all being adjacent), then its Engage step against one target;
- the target: the living opponent with the fewest HP ("weakest") or the most ("strongest"), the lower
  slot on ties, or one of the living opponents with equal chance ("random");
- the Engage step: the attack, or a Special instead when the Special removes more HP in expectation,
  summed over the opponents it hits (ties: the attack). Whirlwind rolls one blue die per living opponent
  and every living opponent is dealt the total; Long Shot rolls one yellow die against the target;
  Special damage is not attack damage (no reduction, no Parry, no Retaliate);
- an attack: damage is dealt when at least one hit is rolled, even if reduced to 0; Absorb/Hardened
  reduce it by 1; Parry: the first attack each round that deals the unit attack damage has it reduced
  to 0; Retaliate: the attacker is dealt 1 damage after its attack dealt the unit attack damage, even if
  the unit was defeated by it; Bloodlust adds a black die while the unit's HP is below its Health;
  Dig In adds a yellow die (nobody moves in a brawl);
- the brawl ends as soon as one troop has no unit with HP left (both troops at once: both defeated).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from duel_oracle import Duelist, hits_law


@dataclass(frozen=True)
class BrawlAnswer:
    p_a_wins: float
    p_b_wins: float
    p_both_defeated: float
    mean_rounds: float
    sd_rounds: float


def _expected(outcomes) -> float:
    return sum(float(p) * lost for p, lost, _back, _hit in outcomes)


def _attack_outcomes(x: Duelist, xhp: int, y: Duelist, parry_left: bool):
    """(p, HP the target loses, damage back to the attacker, at least one hit) of X's attack on Y."""
    out = []
    for k, p in hits_law(x.attack_dice(xhp)).items():
        if k == 0:
            out.append((p, 0, 0, False))
            continue
        lost = 0 if ("parry" in y.names and parry_left) else max(0, k - y.reduction)
        out.append((p, lost, 1 if "retaliate" in y.names else 0, True))
    return out


def _pick_targets(hps: list[int], rule: str) -> list[tuple[float, int]]:
    alive = [i for i, h in enumerate(hps) if h > 0]
    if rule == "random":
        return [(1.0 / len(alive), i) for i in alive]
    key = (lambda i: (hps[i], i)) if rule == "weakest" else (lambda i: (-hps[i], i))
    return [(1.0, min(alive, key=key))]


def _unit_turn(units, hp, used, side: int, slot: int, rule: str):
    """Every outcome of one living unit's turn: [(p, hp', parry used')], over both troops' units."""
    n_a = len(units[0])
    me = (0 if side == 0 else n_a) + slot
    x = units[side][slot]
    opp = list(range(n_a, n_a + len(units[1]))) if side == 0 else list(range(n_a))
    foes = units[1 - side]
    hp = list(hp)
    # Abilities step
    if "regen" in x.names and hp[me] < x.max_health:
        hp[me] = min(x.max_health, hp[me] + x.number("regen"))
    if "fury-aura" in x.names:
        for o in opp:
            if hp[o] > 0:
                hp[o] -= 1
    if all(hp[o] <= 0 for o in opp):
        return [(1.0, tuple(hp), used)]
    living = [o for o in opp if hp[o] > 0]
    out = []
    # Engage step
    for pt, t_local in _pick_targets([hp[o] for o in opp], rule):
        t, y = opp[t_local], foes[t_local]
        attack = _attack_outcomes(x, hp[me], y, not used[t])
        best, best_value, spread = attack, _expected(attack), False
        specials = []
        if "whirlwind" in x.names:
            specials.append((True, [(p, k, 0, False) for k, p in hits_law(("blue",) * len(living)).items()]))
        if "long-shot" in x.names:
            specials.append((False, [(p, k, 0, False) for k, p in hits_law(("yellow",)).items()]))
        for to_all, o in specials:
            v = _expected(o) * (len(living) if to_all else 1)
            if v > best_value + 1e-12:
                best, best_value, spread = o, v, to_all
        for p, lost, back, hit in best:
            if p == 0:
                continue
            new, u = list(hp), list(used)
            for o in (living if spread else [t]):
                new[o] -= lost
            if hit and "parry" in y.names:
                u[t] = True  # the first attack this round that dealt it attack damage
            new[me] -= back
            out.append((pt * float(p), tuple(new), tuple(u)))
    return out


def _round(units, start, first: str, rule: str):
    """One round from `start`: ({hp at the next round: p}, {'a'|'b'|'both': p})."""
    order = (0, 1) if first == "a" else (1, 0)
    n_a = len(units[0])
    going = {(start, (False,) * len(start)): 1.0}
    ended: dict[str, float] = {}
    for side in order:
        for slot in range(len(units[side])):
            nxt: dict = {}
            me = (0 if side == 0 else n_a) + slot
            for (hp, used), mass in going.items():
                if hp[me] <= 0:
                    nxt[(hp, used)] = nxt.get((hp, used), 0.0) + mass
                    continue
                for p, h2, u2 in _unit_turn(units, hp, used, side, slot, rule):
                    a_out = all(v <= 0 for v in h2[:n_a])
                    b_out = all(v <= 0 for v in h2[n_a:])
                    if a_out or b_out:
                        key = "both" if a_out and b_out else ("a" if b_out else "b")
                        ended[key] = ended.get(key, 0.0) + mass * p
                    else:
                        nxt[(h2, u2)] = nxt.get((h2, u2), 0.0) + mass * p
            going = nxt
    trans: dict = {}
    for (hp, _used), mass in going.items():
        trans[hp] = trans.get(hp, 0.0) + mass
    return trans, ended


def solve_brawl(team_a: list[Duelist], team_b: list[Duelist], *, first: str = "a", target: str = "weakest") -> BrawlAnswer:
    """Exact P(A wins), P(B wins), P(both defeated) and the mean and standard deviation of the rounds."""
    units = (list(team_a), list(team_b))
    start = tuple(u.start_hp for u in units[0]) + tuple(u.start_hp for u in units[1])
    trans, ends, todo = {}, {}, [start]
    while todo:
        s = todo.pop()
        if s in trans:
            continue
        trans[s], ends[s] = _round(units, s, first, target)
        todo.extend(t for t in trans[s] if t not in trans)
    states = sorted(trans)
    index = {s: k for k, s in enumerate(states)}
    n = len(states)
    m = np.eye(n)
    rhs = np.zeros((n, 3))
    for s in states:
        for t, p in trans[s].items():
            m[index[s], index[t]] -= p
        rhs[index[s]] = [ends[s].get("a", 0.0), ends[s].get("b", 0.0), ends[s].get("both", 0.0)]
    probs = np.linalg.solve(m, rhs)
    # rounds R from each state: E[R] = 1 + sum T E[R']; E[R^2] = 1 + sum T (2 E[R'] + E[R'^2])
    t_mat = np.eye(n) - m
    e1 = np.linalg.solve(m, np.ones(n))
    e2 = np.linalg.solve(m, np.ones(n) + 2 * t_mat @ e1)
    k = index[start]
    return BrawlAnswer(float(probs[k, 0]), float(probs[k, 1]), float(probs[k, 2]), float(e1[k]),
                       float(np.sqrt(max(e2[k] - e1[k] ** 2, 0.0))))
