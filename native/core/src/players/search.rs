//! The search player (`search:N`, issue 45): at every decision it takes, of a turn step or asked from inside a rule,
//! it plays N continuations spread over a set of candidates by sequential halving, and keeps the best.
//!
//! Why this search and not MCTS: measured on Skirmish against greedy and the flat lookahead (docs/native.md,
//! "Stronger players"). A game asks a player about 150 decisions, most with a few sensible answers, under dice at
//! nearly every step. A tree over a turn's decisions would need those dice as chance nodes or as open-loop averages,
//! and spreads its playouts over sequences it rarely revisits; a flat search over the current decision, with the
//! continuation played by greedy to the end of the player's next turn, spends them where greedy is blind (what the
//! opponent does next). Sequential halving (Karnin et al. 2013) is the budgeted form of that search with the best
//! simple-regret guarantee: each round plays every surviving candidate equally, from the same dice streams (common
//! random numbers), and keeps the better half, so a larger budget looks at more candidates (progressive widening
//! by greedy's ranking) and separates the close ones with more playouts.
//!
//! Chance is sampled: every continuation rolls from its own seed of the player's search stream, never from the real
//! game's future dice. Hidden information is sampled too: each continuation deals the rival's face-down camp again
//! from its camp and bag (`game::redeal_hidden`), so the search plans against what it could know, not against the
//! units the rival really holds (determinization; the lookahead does the same, issue 49). Decisions asked inside a rule (a reward's choice, a crowd favor track, an Intercept, the
//! order of triggers) are searched too: the continuation starts from the position at the beginning of the step and
//! replays the answers given since (`game::Replay`), then gives the candidate.

use super::greedy;
use super::lookahead::{np_sum, standing};
use super::{Player, Tie};
use crate::game::{Decision, Game, Opt, Replay};
use crate::rng::Generator;

#[derive(Clone, Debug)]
pub struct Search {
    /// The stream of its own greedy (tie-breaks of its candidates).
    pub greedy: Generator,
    /// The search stream, spawned from the game's on the first search.
    pub search: Option<Generator>,
    pub budget: usize,
    pub width: usize,
    /// Turns a continuation plays (the rest of this one, the reply, its own next turn: 3).
    pub horizon: i64,
    pub searched: u64,
}

const NEVER_PASS: [Decision; 2] = [Decision::Engage, Decision::Deploy];

/// Candidates per decision for a budget: enough that each still gets a few continuations in the first round.
pub fn width_for(budget: usize) -> usize {
    (budget / 8).clamp(3, 12)
}

impl Search {
    fn greedy_choose(&mut self, g: &Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Option<Opt> {
        greedy::decide(g, troop, d, options, optional).resolve(Some(&mut self.greedy))
    }

    pub fn choose(&mut self, g: &mut Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Option<Opt> {
        if g.depth > 0 || g.trace.is_none() {
            return self.greedy_choose(g, troop, d, options, optional);
        }
        let cands = self.candidates(g, troop, d, options, optional);
        if cands.len() < 2 {
            return cands.first().copied().flatten();
        }
        self.halving(g, troop, d, &cands)
    }

    /// Greedy's choice first, then passing (when optional and sensible), the safest hex of greedy's unit, greedy's
    /// choice for each other unit (or tactic chip), then greedy's ranking of the rest: at most `width`.
    fn candidates(&mut self, g: &Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Vec<Option<Opt>> {
        let first = self.greedy_choose(g, troop, d, options, optional);
        let mut out: Vec<Option<Opt>> = vec![first];
        let width = self.width;
        let add = |o: Option<Opt>, out: &mut Vec<Option<Opt>>| {
            if out.len() < width && !out.contains(&o) {
                out.push(o);
            }
        };
        if optional && (first.is_some() || !NEVER_PASS.contains(&d)) {
            add(None, &mut out);
        }
        let step = matches!(d, Decision::Deploy | Decision::Tactic | Decision::Move | Decision::Ability | Decision::Engage);
        if step {
            let key = |o: &Opt| if d == Decision::Engage { o.second() } else { o.head() };
            if let (Decision::Move | Decision::Deploy, Some(f)) = (d, first) {
                let mine: Vec<Opt> = options.iter().copied().filter(|o| o.head() == f.head()).collect();
                let reach = greedy::rival_reach(&g.s, troop);
                if let Some(safe) = mine.iter().min_by_key(|o| greedy::threat(&g.s, &reach, o.second())) {
                    if !reach.is_empty() {
                        add(Some(*safe), &mut out);
                    }
                }
            }
            let mut groups: Vec<(usize, Vec<Opt>)> = Vec::new();
            for o in options {
                let k = key(o);
                match groups.iter_mut().find(|x| x.0 == k) {
                    Some(gr) => gr.1.push(*o),
                    None => groups.push((k, vec![*o])),
                }
            }
            for (k, group) in &groups {
                if first.map(|f| key(&f)) == Some(*k) {
                    continue;
                }
                let got = self.greedy_choose(g, troop, d, group, optional).or(if d == Decision::Move { None } else { Some(group[0]) });
                if got.is_some() {
                    add(got, &mut out);
                }
            }
        }
        for o in greedy::ranked(g, troop, d, options) {
            add(Some(o), &mut out);
        }
        out
    }

    /// Sequential halving: rounds of continuations from common seeds, the better half kept each round; ties keep
    /// the earlier candidate (greedy's choice first).
    fn halving(&mut self, g: &mut Game, troop: usize, d: Decision, cands: &[Option<Opt>]) -> Option<Opt> {
        self.searched += 1;
        if self.search.is_none() {
            self.search = Some(g.rng.spawn());
        }
        let trace = g.trace.clone().expect("a search needs the step's trace");
        let answers = std::rc::Rc::new(trace.asks);
        let horizon = self.horizon;
        let best = sequential_halving(cands.len(), self.budget, self.search.as_mut().unwrap(), |seed, i| {
            let mut sim = Game {
                s: trace.start.0.clone(), rng: trace.start.1.clone(), players: continuation_players(g, troop),
                depth: g.depth + 1, at_step: false, forced: None, tracing: false, trace: None,
                replay: Some(Replay { answers: answers.clone(), k: 0, then: (d, cands[i]), dice: Generator::from_int(seed as u128).bits,
                                      redeal: true }),
            };
            sim.resume(Some(horizon));
            standing(&sim, troop)
        });
        cands[best]
    }
}

/// Sequential halving over `n` candidates with `budget` continuations (the search's and the lookahead's, which must
/// match `LookaheadController._pick`): rounds in which every survivor plays `budget / (survivors x rounds)`
/// continuations (at least one) from seeds drawn from `stream` at the round's start, the same seeds for every
/// survivor; the better half by mean (numpy's pairwise sum) kept, ties to the earlier candidate. `play(seed, i)`
/// scores candidate `i`'s continuation from `seed`. Returns the last survivor.
pub fn sequential_halving(n: usize, budget: usize, stream: &mut Generator, mut play: impl FnMut(u64, usize) -> f64) -> usize {
    let rounds = (usize::BITS - (n - 1).leading_zeros()) as usize; // ceil(log2(n))
    let mut scores: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut alive: Vec<usize> = (0..n).collect();
    while alive.len() > 1 {
        let per = std::cmp::max(1, budget / (alive.len() * rounds));
        let seeds: Vec<u64> = (0..per).map(|_| stream.integers_range(0, 1u64 << 63)).collect();
        for &seed in &seeds {
            for &i in &alive {
                let score = play(seed, i);
                scores[i].push(score);
            }
        }
        let mean = |i: usize| np_sum(&scores[i]) / scores[i].len() as f64;
        let mut keep = alive.clone();
        keep.sort_by(|&a, &b| mean(b).partial_cmp(&mean(a)).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b)));
        keep.truncate(alive.len().div_ceil(2));
        alive = keep;
    }
    alive[0]
}

/// The players of a continuation: the searcher and a lookahead play greedy from the copy's stream, the others as
/// themselves.
fn continuation_players(g: &Game, seat: usize) -> Vec<Player> {
    g.players.iter().enumerate()
        .map(|(i, p)| if i == seat { Player::Greedy(Tie::Game) } else { p.for_continuation() })
        .collect()
}
