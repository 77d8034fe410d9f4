//! The steps of a Remastered player turn (hoplostat/engine/steps.py, hoplostat/rulesets/remastered/turn.py):
//! each builds the legal options from the rules and asks the troop's player.

use crate::catalog::{hook, HexSet, TacticType};
use crate::game::{Decision, Game, Opt};
use crate::rules;
use crate::skills;
use crate::state::Zone;

/// Temporary tactics this troop played in an earlier turn end now (TAC-5).
pub fn start_of_turn(g: &mut Game, troop: usize) {
    let combat = g.s.combat.clone();
    for u in combat {
        let placed = g.s.units[u].tactics.clone();
        for p in placed {
            if p.owner == troop && g.s.cat.tactics[p.tactic].kind == TacticType::Temporary && p.turn < g.s.turn {
                rules::discard_tactic(g, u, p);
            }
        }
    }
}

/// (uid, hex): an active unit in camp whose Health the supply holds onto a free deployment hex (DEP-1, DEP-5).
pub fn deployable(g: &Game, troop: usize, hexes: &[usize]) -> Vec<Opt> {
    let s = &g.s;
    let key = s.troops[troop].side;
    let free: Vec<usize> = hexes.iter().copied().filter(|&h| s.board[h] < 0).collect();
    let mut out = Vec::with_capacity(4 * free.len());
    let mut pedestals: Option<Vec<usize>> = None;
    for u in &s.units {
        let chip = s.chip_of(u);
        if u.troop == troop && u.zone == Zone::Camp && u.active && chip.health <= s.supply[key] {
            if chip.is_sentinel {
                if pedestals.is_none() {
                    pedestals = Some(s.grid.pedestals.iter().copied().filter(|&h| s.board[h] < 0).collect());
                }
                out.extend(pedestals.as_ref().unwrap().iter().map(|&h| Opt::deploy(u.uid, h)));
            } else {
                out.extend(free.iter().map(|&h| Opt::deploy(u.uid, h)));
            }
        }
    }
    out
}

/// Remastered, "Deployment": at most one unit, mandatory with no units in combat (DEP-1, DEP-2).
pub fn deployment_step(g: &mut Game, troop: usize, hexes: &[usize]) {
    let opts = deployable(g, troop, hexes);
    if opts.is_empty() {
        return;
    }
    let mandatory = !g.s.has_in_combat(troop);
    if let Some(Opt::Deploy(uid, h)) = g.ask(troop, Decision::Deploy, opts, !mandatory, true) {
        rules::deploy(g, uid as usize, h as usize);
    }
}

/// Remastered, "Tactic Placement": at most one tactic on a valid unit (TAC-1, TAC-2).
pub fn tactic_step(g: &mut Game, troop: usize) {
    let n = g.s.troops[troop].tactics_camp.len();
    if n == 0 {
        return;
    }
    let targets = rules::tactic_targets(&g.s, troop);
    let mut opts = Vec::with_capacity(n * targets.len());
    for i in 0..n {
        for &t in &targets {
            opts.push(Opt::tactic(i, t));
        }
    }
    if let Some(Opt::Tactic(i, uid)) = g.ask(troop, Decision::Tactic, opts, true, true) {
        rules::place_tactic(g, troop, i as usize, uid as usize);
    }
}

/// Remastered, "Movement": units move one at a time, each once, up to Movement through unblocked hexes
/// (MOV-1..3); Combat Lock's hexes may be entered, not left.
///
/// Each unit's reachable hexes are kept between decisions and searched again only when the last move changed them:
/// the new hex was among them, or the vacated hex borders a hex the search went on from (a search only ever looks
/// at the sides of those); or the units in combat changed. `engine.steps.movement_step` keeps them too, with a
/// looser test; both keep exactly what a new search would give, in the same order.
pub fn movement_step(g: &mut Game, troop: usize) {
    let mut version = usize::MAX;
    let mut locked = HexSet::default();
    // uid -> (hex it stood on, reachable hexes in search order, the same as a set, the hexes the search went on
    // from); an entry that is None is searched again, its vector reused
    let mut reach: Vec<(Option<usize>, Vec<usize>, HexSet, HexSet)> = Vec::new();
    loop {
        if version != g.s.combat_version() {
            version = g.s.combat_version();
            for r in reach.iter_mut() {
                r.0 = None;
            }
            locked = rules::locked_hexes(&g.s, troop);
        }
        reach.resize_with(g.s.units.len(), || (None, Vec::new(), HexSet::default(), HexSet::default()));
        let mut opts = Vec::with_capacity(64);
        let mut blocked: Option<HexSet> = None;
        {
            let s = &g.s;
            for &u in &s.combat {
                if s.units[u].troop != troop || !rules::can_move(s, u) || locked.contains(s.units[u].h()) {
                    continue;
                }
                let hex = s.units[u].h();
                let r = &mut reach[u];
                if r.0 != Some(hex) {
                    if blocked.is_none() {
                        blocked = Some(s.blocked_for_move(Some(troop)));
                    }
                    let m = rules::movement_of(s, &s.units[u]);
                    s.grid.reach_into(hex, m, blocked.as_ref().unwrap(), &locked, &mut r.1, &mut r.2, &mut r.3);
                    r.0 = Some(hex);
                }
                opts.extend(r.1.iter().map(|&h| Opt::mv(u, h)));
            }
        }
        match g.ask(troop, Decision::Move, opts, true, true) {
            Some(Opt::Move(uid, h)) => {
                let (uid, h) = (uid as usize, h as usize);
                let src = g.s.units[uid].h();
                rules::do_move(g, uid, h);
                if g.s.over() {
                    return;
                }
                let around = g.s.grid.around[src];
                for r in reach.iter_mut() {
                    if r.0.is_some() && (r.2.contains(h) || r.3.intersects(&around)) {
                        r.0 = None;
                    }
                }
            }
            _ => return,
        }
    }
}

/// Remastered, "Abilities": any order, each Ability once per unit per turn (SKL-2).
pub fn abilities_step(g: &mut Game, troop: usize) {
    loop {
        let opts = rules::ability_options(g, troop);
        match g.ask(troop, Decision::Ability, opts, true, true) {
            Some(Opt::Ability(uid, sk, args)) => rules::use_ability(g, troop, uid as usize, sk, args),
            _ => return,
        }
        if g.s.over() {
            return;
        }
    }
}

/// A unit's engage options: an attack on each opponent in Range, then its Specials (not for an Impelled
/// second action, ENG-1).
pub fn engage_options(g: &Game, uid: usize, out: &mut Vec<Opt>) {
    let s = &g.s;
    for o in rules::targets_in_range(s, uid, None) {
        out.push(Opt::attack(uid, o));
    }
    if s.units[uid].engaged_turn == s.turn {
        return;
    }
    for (sk, p) in s.chip(uid).on(hook::SPECIAL) {
        for args in skills::special_options(g, sk, uid, p) {
            out.push(Opt::Special(uid as crate::game::Id, sk, args));
        }
    }
}

pub fn engage_build(g: &Game, troop: usize) -> Vec<Opt> {
    let mut opts = Vec::with_capacity(16);
    for u in g.s.in_combat_of(troop) {
        if rules::can_engage(&g.s, u) {
            engage_options(g, u, &mut opts);
        }
    }
    opts
}

/// Remastered, "Engage": each unit, one at a time, attacks or uses a Special, or neither (ENG-1).
pub fn engage_step(g: &mut Game, troop: usize) {
    loop {
        let opts = engage_build(g, troop);
        let choice = g.ask(troop, Decision::Engage, opts, true, true);
        let Some(choice) = choice else { return };
        let uid = choice.second();
        let turn = g.s.turn;
        let special = matches!(choice, Opt::Special(..));
        if g.s.units[uid].engaged_turn == turn || special {
            // the Impel is used up by the second attack, and by a Special as the first action (ENG-1)
            g.s.units[uid].impelled_turn = -1;
        }
        g.s.units[uid].engaged_turn = turn;
        match choice {
            Opt::Attack(u, t) => rules::attack(g, u as usize, t as usize),
            Opt::Special(u, sk, args) => {
                let u = u as usize;
                let p = g.s.chip(u).on(hook::SPECIAL).find(|(k, _)| *k == sk);
                if let Some((_, param)) = p {
                    skills::special(g, sk, u, param, args);
                }
            }
            _ => unreachable!(),
        }
        if g.s.over() {
            return;
        }
    }
}
