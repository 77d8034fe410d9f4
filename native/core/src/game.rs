//! A game and the one loop that plays it (hoplostat/engine/rules.py `Game`, hoplostat/engine/loop.py): the
//! state with what plays it (the dice stream, a player per troop), decisions asked of the players, rounds and
//! turns, and `resume` of a copy taken at a decision (the lookahead's continuations).

use crate::catalog::Skill;
use crate::dice::{self, Pool};
use crate::players::Player;
use crate::rng::{Generator, Pcg64};
use crate::skirmish;
use crate::state::{State, Zone};

/// The decisions the rules leave to a player (their names in the Python engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Deploy,
    Tactic,
    Move,
    Ability,
    Engage,
    ReturnUnit,
    CatchUp,
    Track,
    Support,
    RewardHp,
    Foothold,
    Intercept,
    TriggerOrder,
}

impl Decision {
    pub fn name(&self) -> &'static str {
        match self {
            Decision::Deploy => "deploy",
            Decision::Tactic => "tactic",
            Decision::Move => "move",
            Decision::Ability => "ability",
            Decision::Engage => "engage",
            Decision::ReturnUnit => "return-unit",
            Decision::CatchUp => "catch-up",
            Decision::Track => "track",
            Decision::Support => "support",
            Decision::RewardHp => "reward-hp",
            Decision::Foothold => "foothold",
            Decision::Intercept => "intercept",
            Decision::TriggerOrder => "trigger-order",
        }
    }
}

/// A unit, a hex or a tactic's place in camp, as options hold it (12-byte options: decisions build many).
pub type Id = u16;

/// Arguments of an Ability or a Special (`()`, `(uid,)`, `(uid, hex)`, `(hex,)` in Python).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Args {
    None,
    One(Id),
    Two(Id, Id),
}

impl Args {
    pub fn one(x: usize) -> Args {
        Args::One(x as Id)
    }
    pub fn two(x: usize, y: usize) -> Args {
        Args::Two(x as Id, y as Id)
    }
}

/// One option of a decision; the shapes of hoplostat/rulesets/remastered/turn.py and colosseum.py. Build them
/// with the lower-case constructors (usize in), read them with the accessors or `as usize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    Deploy(Id, Id),
    /// (tactic index in camp, target uid)
    Tactic(Id, Id),
    Move(Id, Id),
    Ability(Id, Skill, Args),
    Attack(Id, Id),
    Special(Id, Skill, Args),
    /// A unit (return-unit, catch-up, reward-hp, intercept).
    Uid(Id),
    Track(Id),
    /// (sentinel?, hex)
    Support(bool, Id),
    FootholdMove(Id, Id),
    FootholdFlip(Id, Id),
    TriggerOrder(Id, Skill),
}

impl Opt {
    /// The unit an option is about (the first element of a Python option tuple: the tactic index for a tactic).
    pub fn head(&self) -> usize {
        (match *self {
            Opt::Deploy(u, _) | Opt::Tactic(u, _) | Opt::Move(u, _) | Opt::Ability(u, _, _) | Opt::Uid(u)
            | Opt::Track(u) | Opt::TriggerOrder(u, _) | Opt::Attack(u, _) | Opt::Special(u, _, _) => u,
            Opt::Support(_, h) | Opt::FootholdMove(h, _) | Opt::FootholdFlip(h, _) => h,
        }) as usize
    }

    /// `option[1]` of an engage option: the acting unit.
    pub fn second(&self) -> usize {
        match *self {
            Opt::Deploy(_, h) | Opt::Tactic(_, h) | Opt::Move(_, h) => h as usize,
            Opt::Attack(u, _) | Opt::Special(u, _, _) => u as usize,
            _ => self.head(),
        }
    }

    pub fn deploy(u: usize, h: usize) -> Opt {
        Opt::Deploy(u as Id, h as Id)
    }
    pub fn tactic(i: usize, u: usize) -> Opt {
        Opt::Tactic(i as Id, u as Id)
    }
    pub fn mv(u: usize, h: usize) -> Opt {
        Opt::Move(u as Id, h as Id)
    }
    pub fn attack(u: usize, t: usize) -> Opt {
        Opt::Attack(u as Id, t as Id)
    }
    pub fn uid(u: usize) -> Opt {
        Opt::Uid(u as Id)
    }
    pub fn track(k: usize) -> Opt {
        Opt::Track(k as Id)
    }
}

/// One answer given: the decision, the answer, and the dice stream right after (a player's tie-break may draw).
pub type Answer = (Decision, Option<Opt>, Pcg64);

/// What a search player needs to search any decision of a step, a rule's mid-step ones too: the position when the
/// step began and every answer given since. A copy of that position replays the answers (`Replay`) up to the
/// decision, then gives the candidate and rolls its own dice from there.
#[derive(Clone, Debug)]
pub struct Trace {
    pub start: std::rc::Rc<(State, Generator)>,
    pub asks: Vec<Answer>,
}

/// A continuation's script: the answers to give, in order, then `then`, after which the dice stream is `dice`;
/// with `redeal`, the other troops' hidden units are dealt again from that stream first (`redeal_hidden`).
#[derive(Clone, Debug)]
pub struct Replay {
    pub answers: std::rc::Rc<Vec<Answer>>,
    pub k: usize,
    pub then: (Decision, Option<Opt>),
    pub dice: Pcg64,
    pub redeal: bool,
}

/// Deal again what `viewer` cannot see: every other troop's face-down units (in camp and never deployed: "these
/// units will remain hidden from other players ... until they are deployed", Remastered, Skirmish set-up 5 and
/// Alliance set-up 8) are pooled with its bag and as many are drawn into its camp again, at random from `rng`.
/// A searching player's continuations play a world consistent with what it has seen (its rival's faction, the
/// units deployed so far, how many wait in camp), never the real camp (issue 49, determinization).
pub fn redeal_hidden(s: &mut State, rng: &mut Generator, viewer: usize) {
    for troop in 0..s.troops.len() {
        if troop == viewer {
            continue;
        }
        let hidden = |u: &crate::state::UnitState| u.troop == troop && u.active && !s.chip(u.uid).elite;
        let mut pool: Vec<usize> = s.units.iter()
            .filter(|u| hidden(u) && (u.zone == Zone::Bag || (u.zone == Zone::Camp && u.times_deployed == 0)))
            .map(|u| u.uid).collect();
        let in_camp = pool.iter().filter(|&&u| s.units[u].zone == Zone::Camp).count();
        if in_camp == 0 || in_camp == pool.len() {
            continue;
        }
        rng.shuffle(&mut pool);
        for (k, &u) in pool.iter().enumerate() {
            s.units[u].zone = if k < in_camp { Zone::Camp } else { Zone::Bag };
        }
    }
}

#[derive(Clone)]
pub struct Game {
    pub s: State,
    pub rng: Generator,
    pub players: Vec<Player>,
    pub depth: u32,
    pub at_step: bool,
    pub forced: Option<(Decision, Option<Opt>)>,
    /// Keep a `Trace` of every step (a search player plays in this game).
    pub tracing: bool,
    pub trace: Option<Trace>,
    pub replay: Option<Replay>,
}

pub const STEPS: usize = 8;
/// A Skirmish turn's steps (TURN-1): start, arena, deployment, tactic, movement, abilities, engage, replenish.

impl Game {
    /// Ask a troop's player; a single mandatory option is taken without asking. `step`: asked by a turn step
    /// between actions (what a lookahead may search, and what a resumed copy answers with `forced`).
    pub fn ask(&mut self, troop: usize, d: Decision, options: Vec<Opt>, optional: bool, step: bool) -> Option<Opt> {
        if options.is_empty() {
            return None;
        }
        if let Some(r) = self.replay.as_mut() {
            if r.k < r.answers.len() {
                let (want, answer, bits) = r.answers[r.k].clone();
                assert!(want == d, "a replayed step asked {:?}, not {:?}", d.name(), want.name());
                r.k += 1;
                self.rng.bits = bits;
                return answer;
            }
            let (want, answer) = r.then;
            assert!(want == d, "a replayed step asked {:?} last, not {:?}", d.name(), want.name());
            self.rng.bits = r.dice.clone();
            let redeal = r.redeal;
            self.replay = None;
            if redeal {
                redeal_hidden(&mut self.s, &mut self.rng, troop);
            }
            return answer;
        }
        let choice = self.ask_player(troop, d, options, optional, step);
        if self.tracing {
            if let Some(t) = self.trace.as_mut() {
                t.asks.push((d, choice, self.rng.bits.clone()));
            }
        }
        choice
    }

    fn ask_player(&mut self, troop: usize, d: Decision, options: Vec<Opt>, optional: bool, step: bool) -> Option<Opt> {
        if step {
            if let Some((want, answer)) = self.forced.take() {
                if want != d {
                    panic!("a resumed game asked {:?} first, not {:?}", d.name(), want.name());
                }
                return answer;
            }
        }
        if !optional && options.len() == 1 {
            return Some(options[0]);
        }
        self.at_step = step;
        let mut p = std::mem::replace(&mut self.players[troop], Player::Taken);
        let choice = p.choose(self, troop, d, &options, optional);
        self.players[troop] = p;
        self.at_step = false;
        if choice.is_none() && !optional {
            panic!("player of troop {} passed on mandatory {:?}", troop, d.name());
        }
        choice
    }

    /// The hits of a pool (`PmfRoller.hits` on the game's stream).
    #[inline]
    pub fn roll(&mut self, pool: &Pool) -> u32 {
        dice::roll(&mut self.rng, pool)
    }

    /// `open_turn`: counts the turn, makes its troop active, narrates the header.
    pub(crate) fn open_turn(&mut self, troop: usize) {
        self.s.turn += 1;
        self.s.active = troop;
        if self.s.logging() {
            let t = &self.s.troops[troop];
            let text = format!("-- Round {}, {} ({}) turn", self.s.round, t.faction, self.s.side_name(troop));
            self.s.say(text);
        }
    }

    /// `run_steps` of a troop's turn from step `start`.
    pub(crate) fn run_steps(&mut self, troop: usize, start: usize) {
        for i in start..STEPS {
            self.s.step_index = i;
            if self.tracing {
                self.trace = Some(Trace { start: std::rc::Rc::new((self.s.clone_without_log(), self.rng.clone())),
                                          asks: Vec::new() });
            }
            skirmish::step(self, troop, i);
            if self.s.over() {
                return;
            }
        }
        self.s.step_index = STEPS;
    }

    /// `_round_turns` from turn `start` (resumed at its recorded step when play stands there); `left` counts
    /// the turns still to play of a continuation.
    fn round_turns(&mut self, start: usize, left: &mut Option<i64>) {
        let resuming = start as i32 == self.s.turn_index && self.s.turn_index >= 0;
        for i in start..2 {
            if self.s.over() || left.map_or(false, |l| l <= 0) {
                return;
            }
            let troop = self.s.order[i];
            self.s.turn_index = i as i32;
            if resuming && i == start {
                let at = self.s.step_index;
                self.run_steps(troop, at);
            } else {
                self.open_turn(troop);
                self.run_steps(troop, 0);
            }
            if let Some(l) = left.as_mut() {
                *l -= 1;
            }
            if self.s.over() {
                return;
            }
        }
    }

    /// `loop.run`: rounds until the game ends or the round cap makes it a draw (`turns`: stop after so many).
    pub fn run(&mut self, max_rounds: i32, turns: Option<i64>) {
        self.s.max_rounds = max_rounds;
        let mut left = turns;
        while !self.s.over() {
            if left.map_or(false, |l| l <= 0) {
                return;
            }
            if self.s.round >= max_rounds {
                skirmish::end(self, format!("round cap ({}) reached", max_rounds), None);
                break;
            }
            self.s.round += 1;
            self.s.turn_index = -1;
            skirmish::start_round(self);
            self.round_turns(0, &mut left);
        }
    }

    /// `loop.resume`: the rest of the current step, turn and round, then `run` (a copy taken at a decision).
    pub fn resume(&mut self, turns: Option<i64>) {
        let max_rounds = if self.s.max_rounds != 0 { self.s.max_rounds } else { 1_000_000_000 };
        let mut left = turns;
        if !self.s.over() && self.s.turn_index >= 0 {
            let at = self.s.turn_index as usize;
            self.round_turns(at, &mut left);
        }
        if !self.s.over() && left.map_or(true, |l| l > 0) {
            self.run(max_rounds, left);
        }
    }
}
