//! GreedyController's Skirmish decisions (hoplostat/policies/greedy.py, the "default" heuristics profile): each
//! decision scored on its own, best first, ties broken by one draw at the end. Scores are computed with the
//! same floating-point operations in the same order as the Python code, so equal scores are equal here too.

use crate::catalog::Skill;
use crate::colosseum;
use crate::dice::{attack_odds, Pool};
use crate::game::{Args, Decision, Game, Opt};
use crate::rng::Generator;
use crate::rules::{self, same_team};
use crate::state::{Ids, State, Zone};
use std::rc::Rc;

const YELLOW_P: f64 = 1.0 / 3.0;
const BLUE_P: f64 = 1.0 / 2.0;
const WAKE_KILL: f64 = 0.5;
const POZZUOLI_LAST: i32 = 20;

/// A decision before its tie-break: a choice, or the tied best options (one draw picks among them).
pub enum Pick {
    One(Option<Opt>),
    Tie(Vec<Opt>),
}

impl Pick {
    pub fn resolve(self, rng: Option<&mut Generator>) -> Option<Opt> {
        match self {
            Pick::One(o) => o,
            Pick::Tie(v) => match rng {
                Some(r) if v.len() > 1 => Some(v[r.integers(v.len())]),
                _ => v.first().copied(),
            },
        }
    }
}

/// `_best`: the top score's options in order (the first maximum, then equal ones); None at or below `threshold`.
fn best(scored: &[(f64, Opt)], threshold: Option<f64>) -> Pick {
    if scored.is_empty() {
        return Pick::One(None);
    }
    let mut top = scored[0].0;
    let mut bests: Vec<Opt> = Vec::new();
    for &(sc, o) in scored {
        if sc > top {
            top = sc;
            bests.clear();
            bests.push(o);
        } else if sc == top {
            bests.push(o);
        }
    }
    if let Some(t) = threshold {
        if top <= t {
            return Pick::One(None);
        }
    }
    if bests.len() > 1 { Pick::Tie(bests) } else { Pick::One(Some(bests[0])) }
}

/// Greedy's scores of a turn step's options, best first (stable), for a search player's candidates: deploy,
/// tactic, ability and engage as greedy scores them (options greedy would never take left out); a move by the
/// gain over its unit's hex, as `moves` compares them. Other decisions: the options as they come.
pub fn ranked(g: &Game, troop: usize, d: Decision, options: &[Opt]) -> Vec<Opt> {
    let mut scored = match d {
        Decision::Deploy => deploy_scored(g, troop, options),
        Decision::Tactic => tactic_scored(g, troop, options),
        Decision::Ability => ability_scored(g, troop, options),
        Decision::Engage => engage_scored(g, troop, options),
        Decision::Move => moves_scored(g, troop, options),
        Decision::Support => support_scored(g, troop, options),
        Decision::Foothold => foothold_scored(&g.s, troop, options),
        _ => return options.to_vec(),
    };
    scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    scored.into_iter().map(|x| x.1).collect()
}

/// Each move option's gain as `moves` scores it (the hex's score less the unit's current hex's).
fn moves_scored(g: &Game, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let s = &g.s;
    let hunted_ = hunted(s, troop);
    let opp_hexes = targets(s, troop, hunted_);
    let nearv = if opp_hexes.is_empty() { None } else { Some(near(s, &opp_hexes)) };
    let near_ref = nearv.as_ref().map(|v| v.as_slice());
    let base = hex_base(s, stones_pay(s, troop));
    let keep_back = hunted_.is_none();
    options.iter().map(|&opt| {
        let u = &s.units[opt.head()];
        let h = opt.second();
        let (r, hero) = (rules::range_of(s, u), u.is_primary_hero && keep_back);
        let sc = move_score(near_ref, &base, &s.muted, r, hero, h) - move_score(near_ref, &base, &s.muted, r, hero, u.h())
            - 0.01 * s.grid.d(u.h(), h) as f64;
        (sc, opt)
    }).collect()
}

pub fn decide(g: &Game, troop: usize, d: Decision, options: &[Opt], optional: bool) -> Pick {
    let _ = optional;
    match d {
        Decision::Deploy => deploy(g, troop, options),
        Decision::Tactic => tactic(g, troop, options),
        Decision::Move => moves(g, troop, options),
        Decision::Ability => ability(g, troop, options),
        Decision::Engage => engage(g, troop, options),
        Decision::Track => Pick::One(Some(track(g, troop, options))),
        Decision::Support => support(g, troop, options),
        Decision::RewardHp => Pick::One(Some(reward_hp(&g.s, options))),
        Decision::Foothold => foothold(&g.s, troop, options),
        Decision::Intercept => {
            let Opt::Uid(u) = options[0] else { unreachable!() };
            let u = u as usize;
            Pick::One(if g.s.units[u].is_primary_hero { None } else { Some(options[0]) })
        }
        Decision::ReturnUnit => {
            // max by (Health, -uid): the first highest Health
            let mut bestu: Option<(i32, usize, Opt)> = None;
            for &o in options {
                let Opt::Uid(u) = o else { unreachable!() };
                let u = u as usize;
                let h = g.s.chip(u).health;
                if bestu.map_or(true, |(bh, bu, _)| (h, -(u as i64)) > (bh, -(bu as i64))) {
                    bestu = Some((h, u, o));
                }
            }
            Pick::One(bestu.map(|x| x.2))
        }
        Decision::CatchUp => Pick::One(Some(catch_up(&g.s, options))),
        Decision::TriggerOrder => Pick::One(Some(options[0])),
    }
}

// --------------------------------------------------------------------------- shared helpers

fn unit_value(s: &State, chip: usize) -> f64 {
    let c = &s.cat.chips[chip];
    c.health as f64 + 2.0 * attack_odds(&c.attack, 0, 0).0
}

#[inline]
fn kill_chance(at_least: &[f64], hp: i32) -> f64 {
    if (hp as usize) < at_least.len() && hp >= 0 { at_least[hp as usize] } else { 0.0 }
}

fn is_sleeper(s: &State, u: usize) -> bool {
    !s.units[u].active && s.units[u].is_primary_hero
}

fn fights(s: &State, u: usize) -> bool {
    let c = s.chip(u);
    !s.units[u].is_primary_hero && c.kind != "sentinel" && c.kind != "fa-archer"
}

fn has_army(s: &State, troop: usize) -> bool {
    if s.in_combat_of(troop).into_iter().any(|u| fights(s, u)) {
        return true;
    }
    s.units.iter().any(|u| u.troop == troop && (u.zone == Zone::Bag || (u.zone == Zone::Camp && u.active)) && fights(s, u.uid))
}

/// The opposing primary hero in combat once its troop has nothing else to fight with; None otherwise.
fn hunted(s: &State, troop: usize) -> Option<usize> {
    let t = &s.troops[1 - troop];
    if t.primary_hero < 0 {
        return None;
    }
    let hero = t.primary_hero as usize;
    if s.units[hero].zone != Zone::Combat || has_army(s, t.index) {
        return None;
    }
    Some(hero)
}

/// Hexes of the opponents to close in on (`_targets`).
fn targets(s: &State, troop: usize, hunted: Option<usize>) -> Ids {
    if let Some(h) = hunted {
        return smallvec::smallvec![s.units[h].h()];
    }
    let opps = s.opponents_of(troop);
    let got: Ids = opps.iter().filter(|&&o| s.units[o].active).map(|&o| s.units[o].h()).collect();
    if !got.is_empty() || opps.is_empty() {
        got
    } else {
        opps.iter().map(|&o| s.units[o].h()).collect()
    }
}

thread_local! {
    /// The last `near` asked (the arena, the hexes, the answer): the opponents stand still during a movement step,
    /// so every move decision after the first asks the same (as greedy.py's `_near` memo).
    static NEAR: std::cell::RefCell<Option<(*const crate::catalog::Grid, Ids, Rc<Vec<i32>>)>> = const { std::cell::RefCell::new(None) };
}

/// Distance from every hex to the nearest of `hexes`.
fn near(s: &State, hexes: &[usize]) -> Rc<Vec<i32>> {
    let grid: *const crate::catalog::Grid = &*s.grid;
    if let Some(got) = NEAR.with(|c| {
        c.borrow().as_ref().filter(|(g, h, _)| *g == grid && h.as_slice() == hexes).map(|x| x.2.clone())
    }) {
        return got;
    }
    let got: Rc<Vec<i32>> = Rc::new((0..s.grid.n).map(|h| {
        let row = s.grid.row(h);
        hexes.iter().map(|&x| row[x]).min().unwrap()
    }).collect());
    NEAR.with(|c| *c.borrow_mut() = Some((grid, hexes.iter().copied().collect(), got.clone())));
    got
}

fn stones_pay(s: &State, troop: usize) -> bool {
    if !s.colosseum { s.troops[troop].favor < POZZUOLI_LAST } else { true }
}

thread_local! {
    /// The last few `hex_base` lists: (arena, stones paying, the muted pattern, the list). The pattern changes only
    /// when a foothold is placed, moved or removed (as greedy.py's `_BASE_LAST`).
    static BASE: std::cell::RefCell<Vec<(*const crate::catalog::Grid, bool, Vec<bool>, Rc<Vec<f64>>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `_hex_base`: +2 stone (while it pays), -3 center, -3 muted inner hex.
fn hex_base(s: &State, stones: bool) -> Rc<Vec<f64>> {
    let grid: *const crate::catalog::Grid = &*s.grid;
    if let Some(got) = BASE.with(|c| {
        c.borrow().iter().find(|(g, st, m, _)| *g == grid && *st == stones && *m == s.muted).map(|x| x.3.clone())
    }) {
        return got;
    }
    let g = &s.grid;
    let stone = if stones { 2.0 } else { 0.0 };
    let got: Rc<Vec<f64>> = Rc::new((0..g.n)
        .map(|h| (if g.stone[h] { stone } else { 0.0 }) - (if g.center[h] { 3.0 } else { 0.0 }) - (if s.muted[h] { 3.0 } else { 0.0 }))
        .collect());
    BASE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 8 {
            c.remove(0);
        }
        c.push((grid, stones, s.muted.clone(), got.clone()));
    });
    got
}

fn move_score(near: Option<&[i32]>, base: &[f64], muted: &[bool], r: i32, hero: bool, h: usize) -> f64 {
    let Some(near) = near else { return base[h] };
    let d = near[h];
    let sc = (if d <= r && !muted[h] { 5.0 } else { 0.0 }) + base[h];
    if hero {
        return sc + 0.5 * (d.min(4) as f64) - (if d == 1 { 3.0 } else { 0.0 });
    }
    sc - 0.5 * d as f64
}

// --------------------------------------------------------------------------- decisions

fn deploy(g: &Game, troop: usize, options: &[Opt]) -> Pick {
    best(&deploy_scored(g, troop, options), None)
}

fn deploy_scored(g: &Game, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let s = &g.s;
    let non_hero: Vec<Opt> = options.iter().copied().filter(|o| !s.units[o.head()].is_primary_hero).collect();
    let options: Vec<Opt> = if non_hero.is_empty() { options.to_vec() } else { non_hero };
    let mut opps: Vec<usize> = s.opponents_of(troop).into_iter().map(|o| s.units[o].h()).collect();
    if opps.is_empty() {
        opps = s.grid.stones.clone();
    }
    let mut values: Vec<(usize, f64)> = Vec::new();
    let mut scored = Vec::with_capacity(options.len());
    for o in options {
        let Opt::Deploy(uid, h) = o else { unreachable!() };
        let (uid, h) = (uid as usize, h as usize);
        let v = match values.iter().find(|x| x.0 == uid) {
            Some(x) => x.1,
            None => {
                let v = unit_value(s, s.units[uid].chip) * 100.0;
                values.push((uid, v));
                v
            }
        };
        let mind = opps.iter().map(|&x| s.grid.d(h, x)).min().unwrap_or(0);
        let hs = -mind - (if s.grid.center[h] { 3 } else { 0 }) - (if s.muted[h] { 2 } else { 0 });
        scored.push((v + hs as f64, o));
    }
    scored
}

fn hp_tactic_value(s: &State, u: usize, gains_hp: bool, reach: &[(usize, i32)]) -> Option<f64> {
    let uu = &s.units[u];
    let damaged = uu.hp < s.chip_of(uu).health;
    if !damaged && !gains_hp {
        return None;
    }
    let row = s.grid.row(uu.h());
    let threatened = reach.iter().any(|&(x, r)| row[x] <= r);
    if !damaged && !threatened {
        return None;
    }
    Some(5.0 + (if damaged { 4.0 } else { 0.0 }) + (if threatened { 2.0 } else { 0.0 }) - 0.1 * uu.hp as f64)
}

fn tactic(g: &Game, troop: usize, options: &[Opt]) -> Pick {
    best(&tactic_scored(g, troop, options), None)
}

fn tactic_scored(g: &Game, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let s = &g.s;
    let camp = &s.troops[troop].tactics_camp;
    let mut scored = Vec::with_capacity(options.len());
    let mut reach: Option<Vec<(usize, i32)>> = None;
    for &o in options {
        let Opt::Tactic(i, uid) = o else { unreachable!() };
        let (i, uid) = (i as usize, uid as usize);
        let tac = &s.cat.tactics[camp[i]];
        let u = &s.units[uid];
        let own = same_team(u.troop, troop);
        if tac.harmful {
            if own {
                continue;
            }
            scored.push(((10 + s.chip_of(u).attack.size() as i32 + u.hp) as f64, o));
        } else {
            if !own {
                continue;
            }
            if tac.hp_only {
                if reach.is_none() {
                    reach = Some(s.opponents_of(troop).into_iter().filter(|&x| s.units[x].active)
                        .map(|x| (s.units[x].h(), rules::movement_of(s, &s.units[x]) + rules::range_of(s, &s.units[x])))
                        .collect());
                }
                if let Some(sc) = hp_tactic_value(s, uid, tac.gains_hp, reach.as_ref().unwrap()) {
                    scored.push((sc, o));
                }
                continue;
            }
            if tac.damages_adjacent {
                let adj = rules::targets_in_range(s, uid, Some(1));
                if adj.is_empty() || adj.iter().any(|&x| is_sleeper(s, x) && s.units[x].hp > 1 && hunted(s, troop) != Some(x)) {
                    continue;
                }
            }
            scored.push(((5 + u.hp) as f64, o));
        }
    }
    scored
}

fn moves(g: &Game, troop: usize, options: &[Opt]) -> Pick {
    let s = &g.s;
    let hunted_ = hunted(s, troop);
    let opp_hexes = targets(s, troop, hunted_);
    let nearv = if opp_hexes.is_empty() { None } else { Some(near(s, &opp_hexes)) };
    let near_ref = nearv.as_ref().map(|v| v.as_slice());
    let base = hex_base(s, stones_pay(s, troop));
    let muted = &s.muted;
    let keep_back = hunted_.is_none();
    let mut bestv = 0.0;
    let mut bests: Vec<Opt> = Vec::new();
    let n = options.len();
    let mut i = 0;
    while i < n {
        let uid = options[i].head();
        let mut j = i;
        while j < n && options[j].head() == uid {
            j += 1;
        }
        let u = &s.units[uid];
        let r = rules::range_of(s, u);
        let hero = u.is_primary_hero && keep_back;
        let row = s.grid.row(u.h());
        // `_best_move`
        let here_score = move_score(near_ref, &base, muted, r, hero, u.h());
        let mut b = 0.0;
        let mut opts: Vec<Opt> = Vec::with_capacity(8);
        for &opt in &options[i..j] {
            let Opt::Move(_, h) = opt else { unreachable!() };
            let h = h as usize;
            let mut sc;
            match near_ref {
                None => sc = base[h],
                Some(nr) => {
                    let d = nr[h];
                    sc = (if d <= r && !muted[h] { 5.0 } else { 0.0 }) + base[h];
                    if hero {
                        sc += 0.5 * (if d < 4 { d } else { 4 }) as f64 - (if d == 1 { 3.0 } else { 0.0 });
                    } else {
                        sc -= 0.5 * d as f64;
                    }
                }
            }
            sc -= here_score + 0.01 * row[h] as f64;
            if sc > b {
                b = sc;
                opts.clear();
                opts.push(opt);
            } else if sc == b && !opts.is_empty() {
                opts.push(opt);
            }
        }
        if !opts.is_empty() {
            if b > bestv {
                bestv = b;
                bests = opts;
            } else if b == bestv {
                bests.extend(opts);
            }
        }
        i = j;
    }
    if bests.is_empty() {
        return Pick::One(None);
    }
    if bests.len() > 1 { Pick::Tie(bests) } else { Pick::One(Some(bests[0])) }
}

/// `_impel_value`: the Impelled ally's best attack now (kill chance x value + expected damage).
fn impel_value(s: &State, troop: usize, a: usize) -> f64 {
    if !rules::can_engage(s, a) {
        return 0.0;
    }
    let mut b = 0.0;
    for t in rules::targets_in_range(s, a, None) {
        if is_sleeper(s, t) && hunted(s, troop) != Some(t) {
            continue;
        }
        let (pool, bonus, reduce) = rules::attack_profile(s, a, t);
        let (mean, at_least) = attack_odds(&pool, bonus, reduce);
        let sc = kill_chance(&at_least, s.units[t].hp) * (if s.chip(t).elite { 20.0 } else { 10.0 }) + mean;
        if sc > b {
            b = sc;
        }
    }
    b
}

fn swap_gain(s: &State, u: usize, v: usize, near: Option<&[i32]>, base: &[f64], keep_back: bool) -> f64 {
    if near.is_none() {
        return 0.0;
    }
    let mut gain = 0.0;
    for (x, old, new) in [(u, s.units[u].h(), s.units[v].h()), (v, s.units[v].h(), s.units[u].h())] {
        let r = rules::range_of(s, &s.units[x]);
        let hero = s.units[x].is_primary_hero && keep_back;
        gain += move_score(near, base, &s.muted, r, hero, new) - move_score(near, base, &s.muted, r, hero, old);
    }
    gain
}

fn displace_gain(s: &State, troop: usize, o: usize, dest: Option<usize>, mover: usize, base: &[f64]) -> f64 {
    let Some(dest) = dest else { return 0.0 };
    let muted = &s.muted;
    let src = s.units[o].h();
    let to = src;
    let opp_base = hex_base(s, stones_pay(s, s.units[o].troop));
    let mut gain = base[to] - base[s.units[mover].h()] + opp_base[src] - opp_base[dest];
    for m in s.in_combat_of(troop) {
        if !rules::can_engage(s, m) {
            continue;
        }
        let r = rules::range_of(s, &s.units[m]);
        let h = if m == mover { to } else { s.units[m].h() };
        let now = (!muted[h] && s.grid.d(h, dest) <= r) as i32;
        let before = (s.grid.d(s.units[m].h(), src) <= r) as i32;
        gain += (now - before) as f64;
    }
    let t = &s.troops[troop];
    if t.primary_hero >= 0 {
        let hero = t.primary_hero as usize;
        if s.units[hero].zone == Zone::Combat {
            let ou = &s.units[o];
            let reach = rules::movement_of(s, ou) + rules::range_of(s, ou);
            let hh = if hero == mover { to } else { s.units[hero].h() };
            let a = (s.grid.d(src, s.units[hero].h()) <= reach) as i32;
            let b = (s.grid.d(dest, hh) <= reach) as i32;
            gain += 2.0 * (a - b) as f64;
        }
    }
    gain
}

fn ability(g: &Game, troop: usize, options: &[Opt]) -> Pick {
    best(&ability_scored(g, troop, options), Some(0.0))
}

fn ability_scored(g: &Game, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let s = &g.s;
    let mut scored = Vec::with_capacity(options.len());
    let mut ctx: Option<(Option<Rc<Vec<i32>>>, Rc<Vec<f64>>, bool)> = None;
    for &opt in options {
        let Opt::Ability(uid, sk, args) = opt else { unreachable!() };
        let uid = uid as usize;
        match sk {
            Skill::Regen => scored.push((1.0, opt)),
            Skill::FuryAura => {
                let adj = rules::targets_in_range(s, uid, Some(1));
                if adj.iter().any(|&o| is_sleeper(s, o) && s.units[o].hp > 1 && hunted(s, troop) != Some(o)) {
                    continue;
                }
                scored.push((1.0, opt));
            }
            Skill::Hurl => {
                let Args::Two(v, dest) = args else { unreachable!() };
                let (v, dest) = (v as usize, dest as usize);
                if s.units[v].troop == troop {
                    continue;
                }
                let th = s.units[v].h();
                let mine = s.in_combat_of(troop);
                let before = mine.iter().filter(|&&m| s.grid.d(s.units[m].h(), th) <= rules::range_of(s, &s.units[m])).count() as i64;
                let after = mine.iter().filter(|&&m| s.grid.d(s.units[m].h(), dest) <= rules::range_of(s, &s.units[m])).count() as i64;
                scored.push(((after - before) as f64, opt));
            }
            Skill::Impel => {
                let Args::One(a) = args else { unreachable!() };
                let a = a as usize;
                let sc = impel_value(s, troop, a);
                if sc > 0.0 {
                    scored.push((sc, opt));
                }
            }
            Skill::Swap | Skill::Shove => {
                if ctx.is_none() {
                    let h = hunted(s, troop);
                    let opp_hexes = targets(s, troop, h);
                    let nr = if opp_hexes.is_empty() { None } else { Some(near(s, &opp_hexes)) };
                    ctx = Some((nr, hex_base(s, stones_pay(s, troop)), h.is_none()));
                }
                let (nr, base, keep_back) = ctx.as_ref().unwrap();
                let Args::One(o) = args else { unreachable!() };
                let o = o as usize;
                let sc = if sk == Skill::Shove {
                    displace_gain(s, troop, o, s.grid.beyond(s.units[uid].h(), s.units[o].h()), uid, base)
                } else if same_team(s.units[o].troop, troop) {
                    swap_gain(s, uid, o, nr.as_ref().map(|v| v.as_slice()), base, *keep_back)
                } else {
                    displace_gain(s, troop, o, Some(s.units[uid].h()), uid, base)
                };
                if sc > 0.0 {
                    scored.push((sc, opt));
                }
            }
            _ => {}
        }
    }
    scored
}

fn pmf(at_least: &[f64]) -> Vec<f64> {
    let n = at_least.len();
    (0..n).map(|k| at_least[k] - if k + 1 < n { at_least[k + 1] } else { 0.0 }).collect()
}

/// Chance the attacks offered on `t` in this Engage step defeat it together (`_team_kill`).
fn team_kill(s: &State, options: &[Opt], t: usize) -> f64 {
    let hp = s.units[t].hp.max(0) as usize;
    let mut dist = vec![0.0; hp + 1];
    dist[0] = 1.0;
    for &opt in options {
        let Opt::Attack(a, tt) = opt else { continue };
        let (a, tt) = (a as usize, tt as usize);
        if tt != t {
            continue;
        }
        let (pool, bonus, reduce) = rules::attack_profile(s, a, t);
        let step = pmf(&attack_odds(&pool, bonus, reduce).1);
        let mut out = vec![0.0; hp + 1];
        for (i, &p) in dist.iter().enumerate() {
            if p != 0.0 {
                for (k, &q) in step.iter().enumerate() {
                    out[std::cmp::min(hp, i + k)] += p * q;
                }
            }
        }
        dist = out;
    }
    dist[hp]
}

fn may_wake(s: &State, troop: usize, options: &[Opt], t: usize, cache: &mut Vec<(usize, bool)>) -> bool {
    if let Some(x) = cache.iter().find(|x| x.0 == t) {
        return x.1;
    }
    let got = hunted(s, troop) == Some(t) || team_kill(s, options, t) >= WAKE_KILL;
    cache.push((t, got));
    got
}

fn engage(g: &Game, troop: usize, options: &[Opt]) -> Pick {
    best(&engage_scored(g, troop, options), Some(0.0))
}

fn engage_scored(g: &Game, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let s = &g.s;
    let mut wake: Vec<(usize, bool)> = Vec::new();
    let mut scored: Vec<(f64, Opt)> = Vec::with_capacity(options.len());
    let mut repositions: Vec<Opt> = Vec::new();
    for &opt in options {
        match opt {
            Opt::Attack(u, t) => {
                let (u, t) = (u as usize, t as usize);
                if !s.units[t].active && s.units[t].is_primary_hero && !may_wake(s, troop, options, t, &mut wake) {
                    continue;
                }
                let (pool, bonus, reduce) = rules::attack_profile(s, u, t);
                let (mean, at_least) = attack_odds(&pool, bonus, reduce);
                let value = (if s.chip(t).elite { 20.0 } else { 10.0 }) * 1.0;
                let kill = kill_chance(&at_least, s.units[t].hp);
                scored.push((kill * value + mean, opt));
            }
            Opt::Special(u, sk, args) => match sk {
                Skill::LongShot => {
                    let Args::One(t) = args else { unreachable!() };
                    let t = t as usize;
                    if is_sleeper(s, t) && !may_wake(s, troop, options, t, &mut wake) {
                        continue;
                    }
                    let value = if s.chip(t).elite { 20.0 } else { 10.0 };
                    let f = 1.0 + if s.units[t].hp <= 1 { value } else { 0.0 };
                    scored.push((YELLOW_P * f, opt));
                }
                Skill::Whirlwind => {
                    let adj = rules::targets_in_range(s, u as usize, Some(1));
                    if adj.iter().any(|&o| is_sleeper(s, o) && !may_wake(s, troop, options, o, &mut wake)) {
                        continue;
                    }
                    let n = adj.len() as f64;
                    scored.push((BLUE_P * n * n, opt));
                }
                Skill::Reposition => repositions.push(opt),
                _ => {}
            },
            _ => unreachable!(),
        }
    }
    if !repositions.is_empty() {
        reposition(s, troop, &mut scored, repositions);
    }
    scored
}

/// Reposition for a unit with nothing better to do: a tenth of its movement-score gain.
fn reposition(s: &State, troop: usize, scored: &mut Vec<(f64, Opt)>, options: Vec<Opt>) {
    let armed: Vec<usize> = scored.iter().map(|x| x.1.second()).collect();
    let options: Vec<Opt> = options.into_iter().filter(|o| !armed.contains(&o.second())).collect();
    if options.is_empty() {
        return;
    }
    let h = hunted(s, troop);
    let opp_hexes = targets(s, troop, h);
    if opp_hexes.is_empty() {
        return;
    }
    let nr = near(s, &opp_hexes);
    let base = hex_base(s, stones_pay(s, troop));
    for opt in options {
        let Opt::Special(u, _, Args::One(dest)) = opt else { unreachable!() };
        let (u, dest) = (u as usize, dest as usize);
        let uu = &s.units[u];
        let r = rules::range_of(s, uu);
        let hero = uu.is_primary_hero && h.is_none();
        let gain = move_score(Some(&nr), &base, &s.muted, r, hero, dest) - move_score(Some(&nr), &base, &s.muted, r, hero, uu.h());
        if gain > 0.0 {
            scored.push((0.1 * gain, opt));
        }
    }
}

/// A support chip for `troop`: a sentinel when it can place one, else a foothold worth 1.
fn chip_value(s: &State, troop: usize) -> f64 {
    if colosseum::can_place_sentinel(s, troop) { unit_value(s, s.support_unit.unwrap()) } else { 1.0 }
}

fn track(g: &Game, troop: usize, options: &[Opt]) -> Opt {
    let s = &g.s;
    let t = &s.troops[troop];
    let ks: Vec<usize> = options.iter().map(|o| o.head()).collect();
    let cur = t.track;
    let mut gifts: Vec<(usize, usize)> = Vec::new();
    for &k in &ks {
        if k < colosseum::GOLD {
            let c = t.track_chips[k];
            if c >= 0 && c as usize != troop && !same_team(c as usize, troop) {
                gifts.push((k, c as usize));
            }
        }
    }
    let has = |k: i32| ks.iter().any(|&x| x as i32 == k);
    let gift_of = |k: usize| gifts.iter().find(|x| x.0 == k).map(|x| x.1);
    if has(cur) && t.favor > 0 && gift_of(cur as usize).is_none() {
        return Opt::track(cur as usize);
    }
    if gifts.is_empty() {
        let hero_inactive = t.primary_hero >= 0 && !s.units[t.primary_hero as usize].active;
        let mut order = vec![colosseum::SUPPORT];
        if hero_inactive {
            order.push(colosseum::HERO);
        }
        order.extend([colosseum::HP, colosseum::HERO, colosseum::FOOTHOLD, colosseum::GOLD]);
        for k in order {
            if has(k as i32) {
                return Opt::track(k);
            }
        }
        return options[0];
    }
    // `_track_values`
    let mut chips: Vec<(usize, f64)> = Vec::new();
    let mut chip = |o: usize| -> f64 {
        if let Some(x) = chips.iter().find(|x| x.0 == o) {
            return x.1;
        }
        let v = chip_value(s, o);
        chips.push((o, v));
        v
    };
    let mut net: Vec<(usize, f64)> = Vec::new();
    for &k in &ks {
        let v = match k {
            colosseum::SUPPORT => chip(troop),
            colosseum::HP => {
                if s.combat.iter().any(|&i| s.units[i].troop == troop) { colosseum::REWARD_HP as f64 } else { 0.0 }
            }
            colosseum::HERO => {
                if t.primary_hero >= 0 && !s.units[t.primary_hero as usize].active {
                    unit_value(s, s.units[t.primary_hero as usize].chip)
                } else {
                    1.0
                }
            }
            colosseum::FOOTHOLD => {
                if s.footholds.iter().any(|&(_, o)| same_team(o, troop)) { chip(troop) } else { 1.0 }
            }
            _ => 0.0,
        };
        let val = match gift_of(k) {
            None => v,
            Some(o) => v - chip(o),
        };
        net.push((k, val));
    }
    let netv = |k: usize| net.iter().find(|x| x.0 == k).unwrap().1;
    let (mut bestk, mut other): (i64, i64) = (-1, -1);
    for &k in &ks {
        if bestk < 0 || netv(k) > netv(bestk as usize) {
            bestk = k as i64;
        }
        if k as i32 != cur && (other < 0 || netv(k) > netv(other as usize)) {
            other = k as i64;
        }
    }
    if netv(bestk as usize) <= 0.0 {
        return Opt::track(if other >= 0 { other as usize } else { bestk as usize });
    }
    if has(cur) && t.favor > 0 && netv(cur as usize) > 0.0 {
        return Opt::track(cur as usize);
    }
    Opt::track(bestk as usize)
}

fn support(g: &Game, troop: usize, options: &[Opt]) -> Pick {
    best(&support_scored(g, troop, options), None)
}

fn support_scored(g: &Game, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let s = &g.s;
    let grid = &s.grid;
    let opps = s.opponents_of(troop);
    let opp_hexes: Vec<usize> = opps.iter().map(|&o| s.units[o].h()).collect();
    let rivals: Vec<usize> = (0..s.troops.len()).filter(|&t| !same_team(t, troop)).collect();
    let mut target: i64 = rivals.iter().filter(|&&t| s.troops[t].primary_hero >= 0)
        .map(|&t| s.units[s.troops[t].primary_hero as usize].hex as i64).find(|&h| h >= 0).unwrap_or(-1);
    if target < 0 {
        target = opps.iter().find(|&&o| s.chip(o).elite).map(|&o| s.units[o].hex as i64)
            .unwrap_or(if opp_hexes.is_empty() { -1 } else { opp_hexes[0] as i64 });
    }
    let own_sides: Vec<usize> = (0..s.troops.len()).filter(|&t| same_team(t, troop)).map(|t| s.troops[t].side).collect();
    let mut opp_outer: Vec<usize> = Vec::new();
    for &t in &rivals {
        let side = s.troops[t].side;
        if !own_sides.contains(&side) {
            opp_outer.extend_from_slice(&grid.outer[side]);
        }
    }
    let mut scored = Vec::with_capacity(options.len());
    for &opt in options {
        let Opt::Support(sentinel, h) = opt else { unreachable!() };
        let h = h as usize;
        let row = grid.row(h);
        if sentinel {
            let nearest = opp_hexes.iter().map(|&x| row[x]).min().unwrap_or(10);
            scored.push((100.0 - nearest as f64, opt));
            continue;
        }
        let mut sc = 0.0;
        let occ = s.board[h];
        if occ >= 0 && same_team(s.units[occ as usize].troop, troop) && s.muted[h] {
            sc += 50.0;
        }
        if opp_outer.contains(&h) {
            sc += 30.0;
        }
        if grid.inner[h] {
            sc += 20.0;
        }
        if target >= 0 {
            sc -= 0.1 * row[target as usize] as f64;
        }
        scored.push((sc, opt));
    }
    scored
}

fn reward_hp(s: &State, options: &[Opt]) -> Opt {
    for &o in options {
        if s.units[o.head()].is_primary_hero {
            return o;
        }
    }
    let mut b = options[0];
    for &o in &options[1..] {
        let (u, bu) = (o.head(), b.head());
        if (s.units[u].hp, -(u as i64)) > (s.units[bu].hp, -(bu as i64)) {
            b = o;
        }
    }
    b
}

fn catch_up(s: &State, options: &[Opt]) -> Opt {
    for &o in options {
        if s.units[o.head()].is_primary_hero {
            return o;
        }
    }
    let mut b = options[0];
    for &o in &options[1..] {
        let (u, bu) = (o.head(), b.head());
        if (s.units[u].hp, u) < (s.units[bu].hp, bu) {
            b = o;
        }
    }
    b
}

fn foothold(s: &State, troop: usize, options: &[Opt]) -> Pick {
    best(&foothold_scored(s, troop, options), Some(0.0))
}

fn foothold_scored(s: &State, troop: usize, options: &[Opt]) -> Vec<(f64, Opt)> {
    let mut scored = Vec::with_capacity(options.len());
    for &opt in options {
        match opt {
            Opt::FootholdFlip(..) => scored.push((10.0, opt)),
            Opt::FootholdMove(src, dest) => {
                let (src, dest) = (src as usize, dest as usize);
                let mut sc = 0.0;
                let occ = s.board[dest];
                if occ >= 0 && same_team(s.units[occ as usize].troop, troop) && s.grid.inner[dest] {
                    sc += 5.0;
                }
                let occ = s.board[src];
                if occ >= 0 && same_team(s.units[occ as usize].troop, troop) && s.grid.inner[src] {
                    sc -= 5.0;
                }
                scored.push((sc, opt));
            }
            _ => unreachable!(),
        }
    }
    scored
}

/// `_rival_reach`: (hex, Movement + Range) of every opponent in combat.
pub fn rival_reach(s: &State, troop: usize) -> Vec<(usize, i32)> {
    s.opponents_of(troop).into_iter()
        .map(|o| (s.units[o].h(), rules::movement_of(s, &s.units[o]) + rules::range_of(s, &s.units[o])))
        .collect()
}

pub fn threat(s: &State, reach: &[(usize, i32)], h: usize) -> usize {
    let row = s.grid.row(h);
    reach.iter().filter(|&&(x, r)| row[x] <= r).count()
}

#[allow(dead_code)]
fn _unused(_: Pool) {}
