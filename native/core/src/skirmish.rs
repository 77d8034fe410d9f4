//! Skirmish Mode (hoplostat/rulesets/remastered/skirmish/mode.py): set-up, the turn's steps, Pozzuoli's crowd favor
//! and rewards, the win conditions; the Colosseum's arena rules are `colosseum`.

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::colosseum;
use crate::game::{Decision, Game, Opt};
use crate::players::Player;
use crate::rng::Generator;
use crate::rules;
use crate::state::{State, TroopState, UnitState, Zone, SIDES};
use crate::steps;

const POZZUOLI_REWARDS: [i32; 4] = [5, 10, 15, 20];
const CAMP_SIZE: usize = 4;

/// What a game is: the two factions, the arena, who goes first (None: drawn), the round cap, the rulings.
#[derive(Clone, Debug)]
pub struct Spec {
    pub factions: [String; 2],
    pub arena: String,
    pub first: Option<usize>,
    pub max_rounds: i32,
    pub retaliate_when_defeated_no: bool,
    pub inspire_stacks_no: bool,
    /// Narration lines the Python engine adds after set-up (rulings changed, mode options).
    pub extra_log: Vec<String>,
}

/// Skirmish set-up (SKR-1..4; `skirmish.setup`), then each player draws four units into camp (SKR-3).
pub fn new_game(cat: &Arc<Catalog>, spec: &Spec, rng: Generator, players: Vec<Player>, log: bool) -> Game {
    let grid = cat.arenas[&spec.arena].clone();
    let colosseum = spec.arena == "colosseum";
    let tracing = players.iter().any(|p| matches!(p, Player::Search(_)));
    let mut g = Game { s: empty_state(cat, grid, colosseum, log), rng, players, depth: 0, at_step: false, forced: None,
                       tracing, trace: None, replay: None };
    let order: [usize; 2] = match spec.first {
        None => {
            let p = g.rng.permutation(2);
            [p[0], p[1]]
        }
        Some(f) => [f, 1 - f],
    };
    let picks: Vec<usize> = if cat.neutrals.is_empty() {
        vec![]
    } else {
        g.rng.choice(cat.neutrals.len(), 2, cat.neutrals.len() < 2)
    };
    let s = &mut g.s;
    for p in 0..2 {
        let fid = &spec.factions[p];
        let fac = &cat.factions[fid];
        let side = order.iter().position(|&x| x == p).unwrap();
        let mut t = TroopState {
            index: p, side, faction: fid.clone(), tactics_camp: fac.tactics.clone(), tactics_discard: vec![], favor: 0,
            favor_total: 0, rewards: 0, primary_hero: -1, deployed: 0, damage_dealt: 0, kills: 0, units_lost: 0,
            tactic_damage: 0, tactic_kills: 0, track: -1, tracks_done: [false; 5], track_chips: [-1; 4],
            outer_open: false, foothold_moves: false,
        };
        let hero = s.units.len();
        let mut h = UnitState::new(hero, fac.hero, p, Zone::Camp);
        h.active = false;
        h.is_primary_hero = true;
        s.units.push(h);
        t.primary_hero = hero as i32;
        for &c in &fac.units {
            let uid = s.units.len();
            s.units.push(UnitState::new(uid, c, p, Zone::Bag));
        }
        if !cat.neutrals.is_empty() {
            let uid = s.units.len();
            s.units.push(UnitState::new(uid, cat.neutrals[picks[p]], p, Zone::Track));
        }
        if colosseum {
            t.track_chips = [p as i32, 1 - p as i32, 1 - p as i32, 1 - p as i32];
        }
        s.troops.push(t);
    }
    for (key, n) in &cat.health {
        if let Some(k) = SIDES.iter().position(|x| x == key) {
            s.supply[k] = *n;
        }
    }
    s.order = order;
    if colosseum {
        for p in 0..2 {
            let hero = s.troops[p].primary_hero as usize;
            let h = s.grid.chained[s.troops[p].side][0];
            rules::place_at_setup(s, hero, h);
        }
    }
    if s.logging() {
        let parts: Vec<String> = order.iter().map(|&p| format!("player {} {} on {}", p + 1, s.troops[p].faction,
                                                                   s.side_name(p))).collect();
        let text = format!("Set-up: {}; {} goes first", parts.join(", "), s.troops[order[0]].faction);
        s.say(text);
    }
    s.retaliate_when_defeated_no = spec.retaliate_when_defeated_no;
    s.inspire_stacks_no = spec.inspire_stacks_no;
    for line in &spec.extra_log {
        s.say(line.clone());
    }
    for p in 0..2 {
        replenish(&mut g, p);
    }
    g
}

fn empty_state(cat: &Arc<Catalog>, grid: Arc<crate::catalog::Grid>, colosseum: bool, log: bool) -> State {
    let n = grid.n;
    let mut s = State {
        cat: cat.clone(), grid, units: vec![], troops: vec![], board: vec![-1; n], supply: [0, 0], order: [0, 1],
        occupied: crate::catalog::HexSet::default(), combat: vec![], version: 0, round: 0, turn: 0, active: usize::MAX, turn_index: -1, step_index: 0,
        max_rounds: 0, winner: None, end_reason: None, log: if log { Some(vec![]) } else { None }, colosseum,
        support_unit: cat.sentinels.first().copied(), footholds: vec![], muted: vec![], move_src: -1,
        retaliate_when_defeated_no: false, inspire_stacks_no: false,
    };
    s.refresh_muted();
    s
}

/// One step of a troop's turn (TURN-1), by its index (`game::STEPS`).
pub fn step(g: &mut Game, troop: usize, i: usize) {
    match i {
        0 => steps::start_of_turn(g, troop),
        1 => {
            if g.s.colosseum {
                colosseum::center_damage(g, troop);
            } else {
                check_stones(g, troop);
            }
        }
        2 => {
            let hexes = deployment_hexes(&g.s, troop);
            steps::deployment_step(g, troop, &hexes);
        }
        3 => {
            steps::tactic_step(g, troop);
            if g.s.colosseum && !g.s.over() {
                colosseum::foothold_step(g, troop);
            }
        }
        4 => steps::movement_step(g, troop),
        5 => steps::abilities_step(g, troop),
        6 => steps::engage_step(g, troop),
        7 => replenish(g, troop),
        _ => unreachable!(),
    }
}

/// Pozzuoli: the six hexes of the troop's side (ARN-2); the Colosseum's otherwise.
pub fn deployment_hexes(s: &State, troop: usize) -> Vec<usize> {
    if s.colosseum {
        colosseum::deployment_hexes(s, troop)
    } else {
        s.grid.deploy[s.troops[troop].side].clone()
    }
}

/// "Check Stone Hexes" + SKR-7: 1 favor for exactly one stone, 3 for both.
fn check_stones(g: &mut Game, troop: usize) {
    let n = g.s.grid.stones.iter().filter(|&&h| g.s.board[h] >= 0 && g.s.units[g.s.board[h] as usize].troop == troop).count();
    if n != 0 {
        let why = if g.s.logging() { format!("{} stone hex(es)", n) } else { String::new() };
        gain_favor(g, troop, if n == 1 { 1 } else { 3 }, &why);
    }
}

/// SKR-6: draw from the bag up to four active units in camp.
pub fn replenish(g: &mut Game, troop: usize) {
    let mut camp = g.s.units.iter().filter(|u| u.troop == troop && u.zone == Zone::Camp && u.active).count();
    let mut bag = g.s.zone_of(troop, Zone::Bag);
    while camp < CAMP_SIZE && !bag.is_empty() {
        let k = g.rng.integers(bag.len());
        let u = bag.remove(k);
        g.s.units[u].zone = Zone::Camp;
        camp += 1;
    }
}

/// Crowd favor: Pozzuoli's one track (CF-2, SKR-8) or the Colosseum's five (CF-4..CF-6).
pub fn gain_favor(g: &mut Game, troop: usize, n: i32, why: &str) {
    if g.s.colosseum {
        colosseum::gain_favor(g, troop, n, why);
        return;
    }
    if n <= 0 {
        return;
    }
    let t = &mut g.s.troops[troop];
    t.favor_total += n;
    let last = POZZUOLI_REWARDS[3];
    if t.favor >= last {
        return;
    }
    let old = t.favor;
    t.favor = std::cmp::min(last, old + n);
    let favor = t.favor;
    if g.s.logging() {
        let text = format!("{} earns {} crowd favor ({}), bead on {}", g.s.who(troop), n, why, favor);
        g.s.say(text);
    }
    for (k, &space) in POZZUOLI_REWARDS.iter().enumerate() {
        if old < space && space <= favor {
            claim_pozzuoli_reward(g, troop, k + 1);
            if g.s.over() {
                return;
            }
            if k < 3 {
                catch_up(g);
            }
        }
    }
}

/// CF-3: 1 activate the hero, 2 the discarded tactics back, 3 two discarded units back, 4 the neutral hero.
fn claim_pozzuoli_reward(g: &mut Game, troop: usize, k: usize) {
    let t = &mut g.s.troops[troop];
    t.rewards = std::cmp::max(t.rewards, k as i32);
    if g.s.logging() {
        let text = format!("{} claims crowd favor reward {}", g.s.who(troop), k);
        g.s.say(text);
    }
    match k {
        1 => {
            let hero = g.s.troops[troop].primary_hero as usize;
            if !g.s.units[hero].active {
                g.s.units[hero].active = true;
                if g.s.logging() {
                    let text = format!("{} is flipped to its active side", g.s.chip(hero).name);
                    g.s.say(text);
                }
            }
        }
        2 => {
            let t = &mut g.s.troops[troop];
            let back = std::mem::take(&mut t.tactics_discard);
            t.tactics_camp.extend(back);
        }
        3 => {
            for _ in 0..2 {
                let opts: Vec<Opt> = g.s.zone_of(troop, Zone::Discard).into_iter().map(Opt::uid).collect();
                let Some(Opt::Uid(uid)) = g.ask(troop, Decision::ReturnUnit, opts, false, false) else { break };
                let uid = uid as usize;
                let elite = g.s.chip(uid).elite;
                rules::return_to_camp(&mut g.s, uid, if elite { Some(true) } else { None });
                if g.s.logging() {
                    let text = format!("{} returns from the discard to the camp", g.s.chip(uid).name);
                    g.s.say(text);
                }
            }
        }
        _ => {
            for u in g.s.zone_of(troop, Zone::Track) {
                rules::return_to_camp(&mut g.s, u, Some(true));
                if g.s.logging() {
                    let text = format!("{} gains the neutral hero {}", g.s.troops[troop].faction, g.s.chip(u).name);
                    g.s.say(text);
                }
            }
        }
    }
}

/// SKR-8: the player with less favor may add +1 HP to an elite or +2 to a non-elite unit (tie: the active).
fn catch_up(g: &mut Game) {
    let (a, b) = (g.s.troops[0].favor_total, g.s.troops[1].favor_total);
    let who = if a == b { g.s.active } else if a < b { 0 } else { 1 };
    let opts: Vec<Opt> = g.s.in_combat_of(who).into_iter().map(Opt::uid).collect();
    if let Some(Opt::Uid(uid)) = g.ask(who, Decision::CatchUp, opts, true, false) {
        let uid = uid as usize;
        let n = if g.s.chip(uid).elite { 1 } else { 2 };
        rules::gain_hp(g, uid, n);
    }
}

pub fn after_defeat(g: &mut Game, uid: usize, source: Option<usize>, _source_troop: Option<usize>) {
    let troop = g.s.units[uid].troop;
    if g.s.units[uid].is_primary_hero {
        end(g, "primary hero defeated".to_string(), Some(1 - troop)); // SKR-12
        return;
    }
    if g.s.colosseum {
        return;
    }
    if let Some(src) = source {
        let st = g.s.units[src].troop;
        if st != troop {
            let why = if g.s.logging() { format!("{} defeated {}", g.s.chip(src).name, g.s.chip(uid).name) } else { String::new() };
            gain_favor(g, st, 2, &why); // SKR-7
        }
    }
    check_no_units(g);
}

pub fn after_damage(g: &mut Game, target: usize, removed: i32, source: Option<usize>, source_troop: Option<usize>) {
    if g.s.colosseum {
        colosseum::after_damage(g, target, removed, source, source_troop);
    }
}

/// SKR-12 (Pozzuoli): after the first round, an opponent with no units in combat loses.
fn check_no_units(g: &mut Game) {
    if g.s.colosseum || g.s.over() || g.s.round < 2 {
        return;
    }
    for i in 0..2 {
        let t = g.s.order[i];
        if !g.s.has_in_combat(t) {
            end(g, "opponent has no units in combat".to_string(), Some(1 - t));
            return;
        }
    }
}

pub fn start_round(g: &mut Game) {
    check_no_units(g);
}

/// The game ends now (once).
pub fn end(g: &mut Game, reason: String, winner: Option<usize>) {
    if g.s.over() {
        return;
    }
    g.s.winner = winner;
    if g.s.logging() {
        let text = format!("Game over: {}; {}", reason, match winner {
            None => "draw".to_string(),
            Some(w) => format!("{} wins", g.s.troops[w].faction),
        });
        g.s.end_reason = Some(reason);
        g.s.say(text);
    } else {
        g.s.end_reason = Some(reason);
    }
}

/// `PRESSURE` of hoplostat/rulesets/remastered/skirmish/mode.py.
pub const PRESSURE: f64 = 1.0;

/// `Skirmish.objective`: pressure on the opposing primary hero (units that could reach and attack it next turn,
/// Movement + Range) less the pressure on `troop`'s own, `PRESSURE` each; heroes in arrival order.
pub fn objective(s: &State, troop: usize) -> f64 {
    let mut total = 0.0;
    for &h in &s.combat {
        let u = &s.units[h];
        if !u.is_primary_hero {
            continue;
        }
        let row = s.grid.row(u.h());
        let near = s.opponents_of(u.troop).iter()
            .filter(|&&o| row[s.units[o].h()] <= rules::movement_of(s, &s.units[o]) + rules::range_of(s, &s.units[o]))
            .count() as f64;
        if u.troop != troop {
            total += PRESSURE * near;
        } else {
            total += -PRESSURE * near;
        }
    }
    total
}

/// Who an ended game's seat `troop` did: won, lost or drew.
pub fn outcome(s: &State, troop: usize) -> i32 {
    match s.winner {
        None => 0,
        Some(w) if w == troop => 1,
        _ => -1,
    }
}
