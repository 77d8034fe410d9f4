//! Remastered's skills (hoplostat/rulesets/remastered/skills.py), one function per hook point, each case
//! mirroring its Python handler (the rulings they implement are cited there).

use crate::catalog::{param_or_1, Skill};
use crate::dice::{Pool, BLACK, BLUE, YELLOW};
use crate::game::{Args, Game};
use crate::rules::{self, same_team};
use crate::state::{State, Zone};

/// An attack hook: (extra dice, bonus on a hit, damage reduction) that `holder`'s skill gives `a` attacking `t`.
pub fn attack_hook(s: &State, sk: Skill, holder: usize, a: usize, t: usize) -> (Option<Pool>, i32, i32) {
    let d = |x: usize, y: usize| s.grid.d(s.units[x].h(), s.units[y].h());
    match sk {
        Skill::Absorb => (None, 0, (holder == t) as i32),
        Skill::PervasiveAbsorb => (None, 0, pervasive_absorb(s, holder, t)),
        Skill::Bloodlust => {
            let u = &s.units[holder];
            if holder == a && u.hp < s.chip_of(u).health { (Some(Pool::one(BLACK)), 0, 0) } else { (None, 0, 0) }
        }
        Skill::DigIn => {
            if holder == a && s.units[holder].moved_turn != s.turn { (Some(Pool::one(YELLOW)), 0, 0) } else { (None, 0, 0) }
        }
        Skill::StrategicAttack => {
            if a != holder && d(a, holder) == 1 && same_team(s.units[a].troop, s.units[holder].troop) {
                (Some(Pool::one(YELLOW)), 0, 0)
            } else {
                (None, 0, 0)
            }
        }
        Skill::Inspire => (None, inspire(s, holder, a), 0),
        Skill::Blasphemous => (None, (a == holder) as i32, 0),
        _ => (None, 0, 0),
    }
}

/// Non-elite allies adjacent to the holder have Absorb, never twice (R-ENG-4).
fn pervasive_absorb(s: &State, holder: usize, t: usize) -> i32 {
    let (tu, hu) = (&s.units[t], &s.units[holder]);
    if t == holder || s.chip_of(tu).elite || s.grid.d(tu.h(), hu.h()) != 1 || !same_team(tu.troop, hu.troop) {
        return 0;
    }
    if s.chip_of(tu).has_skill(Skill::Absorb) && s.skills_work(t) {
        return 0;
    }
    for h in s.hooked(crate::catalog::hook::DAMAGE_REDUCTION) {
        if h == holder {
            break;
        }
        if !same_team(s.units[h].troop, hu.troop) {
            continue;
        }
        if h != t && s.chip(h).has_skill(Skill::PervasiveAbsorb) && s.skills_work(h) && s.grid.d(tu.h(), s.units[h].h()) == 1 {
            return 0;
        }
    }
    1
}

/// +1 damage to friendly attacks within 2 hexes; each Inspire counts (R-ENG-5) unless the switch says no.
fn inspire(s: &State, holder: usize, a: usize) -> i32 {
    let (au, hu) = (&s.units[a], &s.units[holder]);
    if a != holder && s.grid.d(au.h(), hu.h()) <= 2 && same_team(au.troop, hu.troop) {
        if s.inspire_stacks_no && earlier_inspire(s, holder, a) {
            return 0;
        }
        return 1;
    }
    0
}

fn earlier_inspire(s: &State, holder: usize, a: usize) -> bool {
    let au = &s.units[a];
    for h in s.hooked(crate::catalog::hook::ATTACK_BONUS) {
        if h == holder {
            return false;
        }
        if h != a && s.skills_work(h) && s.chip(h).has_skill(Skill::Inspire) && s.grid.d(au.h(), s.units[h].h()) <= 2
            && same_team(au.troop, s.units[h].troop)
        {
            return true;
        }
    }
    false
}

/// Parry: the first attack each round that deals the holder attack damage is reduced to 0.
pub fn ignore_attack_damage(g: &mut Game, sk: Skill, holder: usize, _attacker: usize, target: usize) -> bool {
    if sk == Skill::Parry && holder == target && g.s.units[holder].parry_turn != g.s.round {
        g.s.units[holder].parry_turn = g.s.round;
        return true;
    }
    false
}

/// Retaliate: 1 damage back to an attacker within the holder's Range of where it was hit (R-ENG-2).
pub fn after_dealt(g: &mut Game, sk: Skill, holder: usize, attacker: usize, target: usize, hex: usize) {
    if sk != Skill::Retaliate || holder != target || g.s.units[attacker].zone != Zone::Combat {
        return;
    }
    if g.s.units[holder].zone != Zone::Combat && g.s.retaliate_when_defeated_no {
        return;
    }
    if g.s.grid.d(hex, g.s.units[attacker].h()) <= rules::range_of(&g.s, &g.s.units[holder]) {
        rules::damage(g, attacker, 1, Some(holder), None, "Retaliate", None);
    }
}

/// Cover: an opponent moving onto a hex within Range is rolled at with a yellow die (R-ENG-14).
pub fn after_move(g: &mut Game, sk: Skill, holder: usize, mover: usize) {
    if sk != Skill::Cover {
        return;
    }
    let (hu, mu) = (&g.s.units[holder], &g.s.units[mover]);
    if same_team(mu.troop, hu.troop) || g.s.grid.d(hu.h(), mu.h()) > rules::range_of(&g.s, hu) {
        return;
    }
    let hits = g.roll(&Pool::one(YELLOW));
    if g.s.logging() {
        let text = format!("{} ({}) covers hex {}: {} hit(s)", g.s.chip(holder).name, g.s.side_name(g.s.units[holder].troop),
                           g.s.units[mover].hex, hits);
        g.s.say(text);
    }
    if hits != 0 {
        rules::damage(g, mover, 1, Some(holder), None, "Cover", None);
    }
}

pub fn ability_options(g: &Game, sk: Skill, holder: usize, param: Option<i32>) -> Vec<Args> {
    let s = &g.s;
    let hu = &s.units[holder];
    match sk {
        Skill::Regen => {
            if hu.hp < s.chip_of(hu).health { vec![Args::None] } else { vec![] }
        }
        Skill::FuryAura => {
            if rules::targets_in_range(s, holder, Some(1)).is_empty() { vec![] } else { vec![Args::None] }
        }
        Skill::Hurl => {
            let n = param_or_1(param);
            let ring = s.grid.at_distance(hu.h(), n);
            let mut dests: Vec<(usize, Vec<usize>)> = Vec::new();
            let mut out = Vec::new();
            for &m in &s.grid.neighbours[hu.h()] {
                let v = s.board[m];
                if v < 0 {
                    continue;
                }
                let v = v as usize;
                if !rules::can_be_displaced(s, v) {
                    continue;
                }
                let vt = s.units[v].troop;
                if !dests.iter().any(|(t, _)| *t == vt) {
                    let blocked = s.blocked_for_move(Some(vt));
                    dests.push((vt, ring.iter().copied().filter(|&h| !blocked.contains(h)).collect()));
                }
                let ds = &dests.iter().find(|(t, _)| *t == vt).unwrap().1;
                for &d in ds {
                    if d != m {
                        out.push(Args::two(v, d));
                    }
                }
            }
            out
        }
        Skill::Swap => {
            let mut out = Vec::new();
            if !rules::can_be_displaced(s, holder) || rules::is_held(s, holder, None) {
                return out;
            }
            for &m in &s.grid.neighbours[hu.h()] {
                let v = s.board[m];
                if v < 0 {
                    continue;
                }
                let v = v as usize;
                let o = &s.units[v];
                if rules::can_be_displaced(s, v) && s.can_occupy(o.troop, hu.h(), false) && s.can_occupy(hu.troop, m, false) {
                    out.push(Args::one(v));
                }
            }
            out
        }
        Skill::Impel => s.combat.iter().copied()
            .filter(|&a| a != holder && s.grid.d(s.units[a].h(), hu.h()) == 1 && same_team(s.units[a].troop, hu.troop))
            .map(Args::one).collect(),
        Skill::Shove => {
            let mut out = Vec::new();
            let mut blocked: Option<crate::catalog::HexSet> = None;
            for o in s.opponents_of(hu.troop) {
                let ou = &s.units[o];
                if s.grid.d(ou.h(), hu.h()) == 1 && rules::can_be_displaced(s, o) && s.can_occupy(hu.troop, ou.h(), false)
                    && !rules::is_held(s, holder, Some(o))
                {
                    if blocked.is_none() {
                        blocked = Some(s.blocked_for_move(Some(ou.troop)));
                    }
                    if let Some(b) = s.grid.beyond(hu.h(), ou.h()) {
                        if !blocked.as_ref().unwrap().contains(b) {
                            out.push(Args::one(o));
                        }
                    }
                }
            }
            out
        }
        _ => vec![],
    }
}

pub fn ability(g: &mut Game, sk: Skill, holder: usize, param: Option<i32>, args: Args) {
    match (sk, args) {
        (Skill::Regen, _) => {
            rules::heal(g, holder, param_or_1(param));
        }
        (Skill::FuryAura, _) => {
            for o in rules::targets_in_range(&g.s, holder, Some(1)) {
                rules::damage(g, o, 1, Some(holder), None, "Fury Aura", None);
            }
        }
        (Skill::Hurl, Args::Two(v, d)) => rules::displace(g, v as usize, d as usize, Some(holder)),
        (Skill::Swap, Args::One(v)) => rules::swap_places(g, holder, v as usize),
        (Skill::Impel, Args::One(v)) => g.s.units[v as usize].impelled_turn = g.s.turn,
        (Skill::Shove, Args::One(o)) => {
            let o = o as usize;
            let old = g.s.units[o].h();
            let dest = g.s.grid.beyond(g.s.units[holder].h(), old).expect("shove: no hex beyond");
            rules::displace(g, o, dest, Some(holder));
            let moved = g.s.units[holder].moved_turn;
            rules::do_move(g, holder, old);
            g.s.units[holder].moved_turn = moved;
        }
        _ => panic!("ability {:?} with arguments {:?}", sk, args),
    }
}

pub fn special_options(g: &Game, sk: Skill, holder: usize, param: Option<i32>) -> Vec<Args> {
    let s = &g.s;
    match sk {
        Skill::LongShot => rules::targets_in_range(s, holder, Some(param_or_1(param))).into_iter().map(Args::one).collect(),
        Skill::Whirlwind => {
            if rules::targets_in_range(s, holder, Some(1)).is_empty() { vec![] } else { vec![Args::None] }
        }
        Skill::Reposition => {
            if rules::is_held(s, holder, None) {
                return vec![];
            }
            let blocked = s.blocked_for_move(Some(s.units[holder].troop));
            s.grid.neighbours[s.units[holder].h()].iter().copied().filter(|&h| !blocked.contains(h)).map(Args::one).collect()
        }
        Skill::Savage => {
            if rules::targets_in_range(s, holder, None).is_empty() { vec![] } else { vec![Args::None] }
        }
        _ => vec![],
    }
}

pub fn special(g: &mut Game, sk: Skill, holder: usize, _param: Option<i32>, args: Args) {
    let troop = g.s.units[holder].troop;
    match (sk, args) {
        (Skill::LongShot, Args::One(t)) => {
            let t = t as usize;
            let hits = g.roll(&Pool::one(YELLOW));
            if g.s.logging() {
                let text = format!("{} ({}) uses Long Shot on {}: {} hit(s)", g.s.chip(holder).name, g.s.side_name(troop),
                                   g.s.chip(t).name, hits);
                g.s.say(text);
            }
            if hits != 0 {
                rules::damage(g, t, 1, Some(holder), None, "Long Shot", None);
            }
        }
        (Skill::Whirlwind, _) => {
            let adj = rules::targets_in_range(&g.s, holder, Some(1));
            let hits = g.roll(&Pool::of(BLUE, adj.len() as u8)) as i32;
            if g.s.logging() {
                let text = format!("{} ({}) uses Whirlwind on {} adjacent opponent(s): {} hit(s)", g.s.chip(holder).name,
                                   g.s.side_name(troop), adj.len(), hits);
                g.s.say(text);
            }
            for o in adj {
                rules::damage(g, o, hits, Some(holder), None, "Whirlwind", None);
            }
        }
        (Skill::Reposition, Args::One(h)) => rules::do_move(g, holder, h as usize),
        (Skill::Savage, _) => {
            for o in rules::targets_in_range(&g.s, holder, None) {
                if g.s.units[holder].zone != Zone::Combat || g.s.units[o].zone != Zone::Combat {
                    continue;
                }
                let pool = rules::attack_profile(&g.s, holder, o).0;
                let hits = g.roll(&pool) as i32;
                if g.s.logging() {
                    let text = format!("{} ({}) uses Savage on {} with {}: {} hit(s)", g.s.chip(holder).name,
                                       g.s.side_name(troop), g.s.chip(o).name, pool, hits);
                    g.s.say(text);
                }
                if hits != 0 {
                    rules::damage(g, o, hits, Some(holder), None, "Savage", None);
                }
                if g.s.over() {
                    return;
                }
            }
        }
        _ => panic!("special {:?} with arguments {:?}", sk, args),
    }
}
