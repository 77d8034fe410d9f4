//! The players (hoplostat/policies): random, greedy and the lookahead, each choosing exactly as its Python
//! namesake does from the same options and the same streams.

pub mod greedy;
pub mod lookahead;
pub mod search;

use crate::game::{Decision, Game, Opt};
use crate::rng::Generator;

/// Where greedy's tie-breaks come from: the game's stream (as `make("greedy", rng=game_rng)`), a stream of its
/// own (the lookahead's greedy, spawned), or none (the first of the tied options).
#[derive(Clone, Debug)]
pub enum Tie {
    Game,
    Own(Generator),
    First,
}

#[derive(Clone, Debug)]
pub enum Player {
    /// `RandomController(game_rng)`.
    Random,
    Greedy(Tie),
    Lookahead(Box<lookahead::Lookahead>),
    /// The native-only search player (`search:N`).
    Search(Box<search::Search>),
    /// The seat's player while it is choosing (taken out of the game for the call).
    Taken,
}

/// `random.PASS_CHANCE`: the chance a random player passes an optional decision.
fn pass_chance(d: Decision) -> f64 {
    match d {
        Decision::Deploy => 0.3,
        Decision::Tactic => 0.5,
        Decision::Move => 0.25,
        Decision::Ability => 0.3,
        Decision::Engage => 0.05,
        Decision::CatchUp => 0.0,
        _ => 0.2,
    }
}

impl Player {
    pub fn choose(&mut self, g: &mut Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Option<Opt> {
        match self {
            Player::Random => {
                if optional && g.rng.random() < pass_chance(d) {
                    return None;
                }
                Some(options[g.rng.integers(options.len())])
            }
            Player::Greedy(tie) => {
                let pick = greedy::decide(g, troop, d, options, optional);
                match tie {
                    Tie::Game => pick.resolve(Some(&mut g.rng)),
                    Tie::Own(r) => pick.resolve(Some(r)),
                    Tie::First => pick.resolve(None),
                }
            }
            Player::Lookahead(la) => la.choose(g, troop, d, options, optional),
            Player::Search(se) => se.choose(g, troop, d, options, optional),
            Player::Taken => panic!("a player was asked while it was choosing"),
        }
    }

    /// The player as a continuation's copy plays (`copy.deepcopy` with the game's stream mapped to the copy's):
    /// the lookahead plays greedy there, breaking ties from the copy's stream.
    pub fn for_continuation(&self) -> Player {
        match self {
            Player::Random => Player::Random,
            Player::Greedy(t) => Player::Greedy(t.clone()),
            Player::Lookahead(_) | Player::Search(_) | Player::Taken => Player::Greedy(Tie::Game),
        }
    }
}
