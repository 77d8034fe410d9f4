//! LookaheadController (hoplostat/policies/lookahead.py): flat Monte Carlo over the decisions of a turn, with
//! greedy continuations played in copies of the game from their own dice streams.

use super::greedy::{self, rival_reach, threat};
use super::search::sequential_halving;
use super::{Player, Tie};
use crate::game::{redeal_hidden, Decision, Game, Opt};
use crate::rng::Generator;
use crate::skirmish;
use crate::state::Zone;

const WIN: f64 = 1000.0;
const HERO_WEIGHT: f64 = 3.0;
const RESERVE_WEIGHT: f64 = 0.5;
const FAVOR_WEIGHT: f64 = 0.5;
const REWARD_WEIGHT: f64 = 3.0;

#[derive(Clone, Debug)]
pub struct Lookahead {
    /// The stream of its own greedy (tie-breaks of its candidates and of decisions it does not search).
    pub greedy: Generator,
    /// The search stream, spawned from the game's on the first search.
    pub search: Option<Generator>,
    pub budget: usize,
    pub width: usize,
    pub horizon: Option<i64>,
    pub searched: u64,
}

/// `standing`: how well `troop`'s side stands (the game's outcome when it ended).
pub fn standing(g: &Game, troop: usize) -> f64 {
    let s = &g.s;
    if s.over() {
        return match skirmish::outcome(s, troop) {
            1 => WIN,
            -1 => -WIN,
            _ => 0.0,
        } + skirmish::objective(s, troop);
    }
    let mut totals = [0.0f64; 2];
    for u in &s.units {
        let c = s.chip_of(u);
        if u.is_primary_hero {
            if u.zone == Zone::Combat {
                totals[u.troop] += HERO_WEIGHT * u.hp as f64;
            } else if u.zone == Zone::Camp || u.zone == Zone::Bag {
                totals[u.troop] += HERO_WEIGHT * c.health as f64;
            }
        } else if u.zone == Zone::Combat {
            totals[u.troop] += u.hp as f64;
        } else if u.zone == Zone::Camp || u.zone == Zone::Bag {
            totals[u.troop] += RESERVE_WEIGHT * c.health as f64;
        }
    }
    for t in &s.troops {
        totals[t.index] += FAVOR_WEIGHT * t.favor_total as f64 + REWARD_WEIGHT * t.rewards as f64;
    }
    let (mut mine, mut theirs) = (0.0, 0.0);
    for t in &s.troops {
        if t.index == troop {
            mine += totals[t.index];
        } else {
            theirs += totals[t.index];
        }
    }
    mine - theirs + skirmish::objective(s, troop)
}

/// numpy's float sum of a row (`ndarray.sum`): pairwise summation with eight accumulators past 8 values.
pub fn np_sum(a: &[f64]) -> f64 {
    let n = a.len();
    if n < 8 {
        let mut res = 0.0;
        for &x in a {
            res += x;
        }
        return res;
    }
    if n <= 128 {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&a[..8]);
        let mut i = 8;
        while i < n - (n % 8) {
            for j in 0..8 {
                r[j] += a[i + j];
            }
            i += 8;
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        while i < n {
            res += a[i];
            i += 1;
        }
        return res;
    }
    let mut n2 = n / 2;
    n2 -= n2 % 8;
    np_sum(&a[..n2]) + np_sum(&a[n2..])
}

const NEVER_PASS: [Decision; 2] = [Decision::Engage, Decision::Deploy];

impl Lookahead {
    fn greedy_choose(&mut self, g: &Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Option<Opt> {
        greedy::decide(g, troop, d, options, optional).resolve(Some(&mut self.greedy))
    }

    pub fn choose(&mut self, g: &mut Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Option<Opt> {
        if g.depth > 0 || !g.at_step {
            return self.greedy_choose(g, troop, d, options, optional);
        }
        let cands = self.candidates(g, troop, d, options, optional);
        if cands.len() < 2 {
            return cands.first().copied().flatten();
        }
        self.pick(g, troop, d, &cands)
    }

    /// Greedy's choice, passing (when optional), the safest hex, then greedy's choice within each group of
    /// options (per unit; per tactic chip), in option order, at most `width`.
    fn candidates(&mut self, g: &Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Vec<Option<Opt>> {
        let first = self.greedy_choose(g, troop, d, options, optional);
        let mut out: Vec<Option<Opt>> = vec![first];
        if optional && first.is_some() && !NEVER_PASS.contains(&d) {
            out.push(None);
        }
        let key = |o: &Opt| if d == Decision::Engage { o.second() } else { o.head() };
        let mut groups: Vec<(usize, Vec<Opt>)> = Vec::new();
        for o in options {
            let k = key(o);
            match groups.iter_mut().find(|x| x.0 == k) {
                Some(gr) => gr.1.push(*o),
                None => groups.push((k, vec![*o])),
            }
        }
        if matches!(d, Decision::Move | Decision::Deploy) {
            if let Some(f) = first {
                let mine: Vec<Opt> = options.iter().copied().filter(|o| o.head() == f.head()).collect();
                if let Some(safe) = safest(g, troop, &mine) {
                    if !out.contains(&Some(safe)) {
                        out.push(Some(safe));
                    }
                }
            }
        }
        let skip = first.map(|f| key(&f));
        for (k, group) in groups {
            if out.len() >= self.width {
                break;
            }
            if Some(k) == skip {
                continue;
            }
            let mut got = self.greedy_choose(g, troop, d, &group, optional);
            if got.is_none() && matches!(d, Decision::Move | Decision::Engage | Decision::Ability) {
                got = if d != Decision::Move { Some(group[0]) } else { None };
            }
            if got.is_some() && !out.contains(&got) {
                out.push(got);
            }
        }
        out.truncate(self.width);
        out
    }

    /// `_pick`: sequential halving over the candidates, every survivor of a round played from the same seeds (the
    /// rival's hidden camp dealt again in each continuation, `game::redeal_hidden`), the better half by mean kept;
    /// ties keep the earlier candidate. (Skirmish trusts greedy by 0 standard errors: no incumbent rule here.)
    fn pick(&mut self, g: &mut Game, troop: usize, d: Decision, cands: &[Option<Opt>]) -> Option<Opt> {
        self.searched += 1;
        let horizon = self.horizon.unwrap_or(3); // a Skirmish round has two turns: this one's rest, the reply, its own next
        if self.search.is_none() {
            self.search = Some(g.rng.spawn());
        }
        let search = self.search.as_mut().unwrap();
        let best = sequential_halving(cands.len(), self.budget, search, |seed, i| {
            let mut sim = g.continuation(troop);
            sim.rng.set_bits(&Generator::from_int(seed as u128));
            redeal_hidden(&mut sim.s, &mut sim.rng, troop);
            sim.forced = Some((d, cands[i]));
            sim.resume(Some(horizon));
            standing(&sim, troop)
        });
        cands[best]
    }
}

/// Among one unit's options, the first whose hex the fewest opponents could reach and attack next turn.
fn safest(g: &Game, troop: usize, options: &[Opt]) -> Option<Opt> {
    let s = &g.s;
    let reach = rival_reach(s, troop);
    if reach.is_empty() || options.is_empty() {
        return None;
    }
    let mut b = options[0];
    let mut bt = threat(s, &reach, b.second());
    for &o in &options[1..] {
        let t = threat(s, &reach, o.second());
        if t < bt {
            b = o;
            bt = t;
        }
    }
    Some(b)
}

impl Game {
    /// `Game.clone()` for a continuation of seat `seat`'s search: the state, the dice stream at its position and
    /// the players as continuations play them (`Player::for_continuation`), one level deeper. The copy keeps no
    /// narration (a continuation's is never read).
    pub fn continuation(&self, seat: usize) -> Game {
        let mut s = self.s.clone_without_log();
        s.log = None;
        let players = self.players.iter().enumerate()
            .map(|(i, p)| if i == seat { Player::Greedy(Tie::Game) } else { p.for_continuation() })
            .collect();
        Game { s, rng: self.rng.clone(), players, depth: self.depth + 1, at_step: self.at_step, forced: None,
               tracing: false, trace: None, replay: None }
    }
}
