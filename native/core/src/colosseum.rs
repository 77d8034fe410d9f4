//! The Colosseum arena (hoplostat/rulesets/remastered/colosseum.py): deployment hexes, the center hex, five
//! crowd-favor tracks and their rewards, support chips (footholds and sentinels), chained heroes waking.

use crate::game::{Decision, Game, Id, Opt};
use crate::rules;
use crate::state::{State, Zone};

pub const SUPPORT: usize = 0;
pub const HP: usize = 1;
pub const HERO: usize = 2;
pub const FOOTHOLD: usize = 3;
pub const GOLD: usize = 4;
pub const TRACK_NAMES: [&str; 5] =
    ["gain this support chip", "add 3 HP to a unit", "activate your hero", "move or flip a foothold", "gain this hero"];
const TRACK_LENGTH: i32 = 5;
pub const REWARD_HP: i32 = 3;

/// Outer hexes of the troop's side (every outer hex once opened, ARN-4), inner hexes, the center; never an
/// opposing foothold (DEP-6).
pub fn deployment_hexes(s: &State, troop: usize) -> Vec<usize> {
    let g = &s.grid;
    let t = &s.troops[troop];
    let mut hexes: Vec<usize> = if t.outer_open {
        g.outer[0].iter().chain(&g.outer[1]).copied().collect()
    } else {
        g.outer[t.side].clone()
    };
    hexes.extend_from_slice(&g.inner_hexes);
    hexes.extend_from_slice(&g.centers);
    if !s.footholds.is_empty() {
        hexes.retain(|&h| s.foothold_at(h).map_or(true, |f| f == troop));
    }
    hexes
}

fn is_center(s: &State, h: usize) -> bool {
    s.grid.center[h]
}

/// SUP-2: not a pedestal, not the center, not under an opposing unit, no foothold yet.
pub fn foothold_hexes(s: &State, troop: usize) -> Vec<usize> {
    (0..s.grid.n)
        .filter(|&h| {
            if s.grid.move_block[h] || is_center(s, h) || s.foothold_at(h).is_some() {
                return false;
            }
            let o = s.board[h];
            !(o >= 0 && s.units[o as usize].troop != troop)
        })
        .collect()
}

pub fn free_pedestals(s: &State) -> Vec<usize> {
    s.grid.pedestals.iter().copied().filter(|&h| s.board[h] < 0).collect()
}

/// A sentinel needs the catalog's sentinel, a free pedestal and its Health in the supply (R-ENG-16).
pub fn can_place_sentinel(s: &State, troop: usize) -> bool {
    match s.support_unit {
        Some(c) => s.supply[s.troops[troop].side] >= s.cat.chips[c].health && s.grid.pedestals.iter().any(|&h| s.board[h] < 0),
        None => false,
    }
}

/// ARN-3: a unit of `troop` on the center hex at the start of its turn is dealt 1 damage (no troop's).
pub fn center_damage(g: &mut Game, troop: usize) {
    let centers = g.s.grid.centers.clone();
    for h in centers {
        let uid = g.s.board[h];
        if uid >= 0 && g.s.units[uid as usize].troop == troop {
            rules::damage(g, uid as usize, 1, None, None, "center hex", None);
            if g.s.over() {
                return;
            }
        }
    }
}

/// SKR-10: an inactive hero flips active, dazed that turn (R-ENG-17).
pub fn activate_hero(g: &mut Game, uid: usize) {
    let s = &mut g.s;
    if s.units[uid].active {
        return;
    }
    s.units[uid].active = true;
    let in_combat = s.units[uid].zone == Zone::Combat;
    if in_combat {
        s.units[uid].deployed_turn = s.turn;
    }
    if s.logging() {
        let text = format!("{} ({}) is flipped to its active side{}", s.chip(uid).name, s.side_name(s.units[uid].troop),
                           if in_combat { " (dazed this turn)" } else { "" });
        s.say(text);
    }
}

/// After damage: an inactive hero dealt damage wakes (SKR-10); HP removed by a troop earns it favor (SKR-9).
pub fn after_damage(g: &mut Game, target: usize, removed: i32, source: Option<usize>, source_troop: Option<usize>) {
    if !g.s.units[target].active && g.s.units[target].zone == Zone::Combat {
        activate_hero(g, target);
    }
    if removed != 0 {
        if let Some(st) = source_troop {
            if st != g.s.units[target].troop {
                let why = if g.s.logging() {
                    format!("{} removed {} HP", source.map_or("a tactic".to_string(), |u| g.s.chip(u).name.clone()), removed)
                } else {
                    String::new()
                };
                gain_favor(g, st, removed, &why);
            }
        }
    }
}

/// Tracks the bead may go on: not completed (CF-5); gold only after the four others.
pub fn open_tracks(s: &State, troop: usize) -> Vec<usize> {
    let done = &s.troops[troop].tracks_done;
    let mut out: Vec<usize> = (0..GOLD).filter(|&k| !done[k]).collect();
    if out.is_empty() && !done[GOLD] {
        out = vec![GOLD];
    }
    out
}

/// CF-4, CF-5: each gain continues the current track or starts another; the reward on the fifth space.
pub fn gain_favor(g: &mut Game, troop: usize, n: i32, why: &str) {
    if n <= 0 {
        return;
    }
    let options = open_tracks(&g.s, troop);
    if options.is_empty() {
        return;
    }
    g.s.troops[troop].favor_total += n;
    let k = match g.ask(troop, Decision::Track, options.into_iter().map(Opt::track).collect(), false, false) {
        Some(Opt::Track(k)) => k as usize,
        _ => unreachable!(),
    };
    let t = &g.s.troops[troop];
    if k as i32 != t.track {
        if t.track >= 0 && t.favor != 0 && !t.tracks_done[t.track as usize] && g.s.logging() {
            let text = format!("{} ({}) leaves the track \"{}\", losing {} progress", t.faction, g.s.side_name(troop),
                               TRACK_NAMES[t.track as usize], t.favor);
            g.s.say(text);
        }
        let t = &mut g.s.troops[troop];
        t.track = k as i32;
        t.favor = 0;
    }
    let t = &mut g.s.troops[troop];
    t.favor = std::cmp::min(TRACK_LENGTH, t.favor + n);
    let favor = t.favor;
    if g.s.logging() {
        let text = format!("{} ({}) earns {} crowd favor ({}), bead on space {} of \"{}\"", g.s.troops[troop].faction,
                           g.s.side_name(troop), n, why, favor, TRACK_NAMES[k]);
        g.s.say(text);
    }
    if favor == TRACK_LENGTH {
        claim_reward(g, troop, k);
    }
}

/// CF-6 rewards; then the support chip above the track goes to its troop (SKR-11).
pub fn claim_reward(g: &mut Game, troop: usize, k: usize) {
    {
        let t = &mut g.s.troops[troop];
        t.tracks_done[k] = true;
        t.rewards += 1;
    }
    if g.s.logging() {
        let text = format!("{} ({}) reaches the reward \"{}\"", g.s.troops[troop].faction, g.s.side_name(troop), TRACK_NAMES[k]);
        g.s.say(text);
    }
    if k == HP {
        let opts: Vec<Opt> = g.s.in_combat_of(troop).into_iter().map(Opt::uid).collect();
        if let Some(Opt::Uid(uid)) = g.ask(troop, Decision::RewardHp, opts, true, false) {
            rules::gain_hp(g, uid as usize, REWARD_HP);
        }
    } else if k == HERO {
        g.s.troops[troop].outer_open = true;
        if g.s.logging() {
            let text = format!("{} ({}) may now deploy on every outer deployment hex", g.s.troops[troop].faction,
                               g.s.side_name(troop));
            g.s.say(text);
        }
        let hero = g.s.troops[troop].primary_hero;
        if hero >= 0 {
            activate_hero(g, hero as usize);
        }
    } else if k == FOOTHOLD {
        g.s.troops[troop].foothold_moves = true;
    } else if k == GOLD {
        for u in g.s.zone_of(troop, Zone::Track) {
            rules::return_to_camp(&mut g.s, u, Some(true));
            if g.s.logging() {
                let text = format!("{} ({}) gains the hero {}, active, into its camp", g.s.troops[troop].faction,
                                   g.s.side_name(troop), g.s.chip(u).name);
                g.s.say(text);
            }
        }
    }
    if k < GOLD {
        let owner = if k == SUPPORT { troop as i32 } else { g.s.troops[troop].track_chips[k] };
        g.s.troops[troop].track_chips[k] = -1;
        if owner >= 0 {
            place_support_chip(g, owner as usize);
        }
    }
}

/// SUP-1, SUP-4: a foothold or, on a free pedestal, a sentinel, by the placing troop's choice.
pub fn place_support_chip(g: &mut Game, troop: usize) {
    let mut opts: Vec<Opt> = foothold_hexes(&g.s, troop).into_iter().map(|h| Opt::Support(false, h as Id)).collect();
    if can_place_sentinel(&g.s, troop) {
        opts.extend(free_pedestals(&g.s).into_iter().map(|h| Opt::Support(true, h as Id)));
    }
    match g.ask(troop, Decision::Support, opts, false, false) {
        None => {
            if g.s.logging() {
                let text = format!("{} has nowhere to place its support chip", g.s.troops[troop].faction);
                g.s.say(text);
            }
        }
        Some(Opt::Support(true, h)) => {
            rules::place_sentinel(g, troop, h as usize);
        }
        Some(Opt::Support(false, h)) => rules::place_foothold(g, troop, h as usize),
        _ => unreachable!(),
    }
}

/// CF-6: flip a foothold to a sentinel, or move it to an adjacent hex.
pub fn foothold_options(s: &State, troop: usize) -> Vec<Opt> {
    let mine: Vec<usize> = s.footholds.iter().filter(|&&(_, t)| rules::same_team(t, troop)).map(|x| x.0).collect();
    if mine.is_empty() {
        return vec![];
    }
    let mut out = Vec::new();
    for &f in &mine {
        for &h in &s.grid.neighbours[f] {
            if s.grid.move_block[h] || is_center(s, h) || s.foothold_at(h).is_some() {
                continue;
            }
            let o = s.board[h];
            if o >= 0 && s.units[o as usize].troop != troop {
                continue;
            }
            out.push(Opt::FootholdMove(f as Id, h as Id));
        }
    }
    if can_place_sentinel(s, troop) {
        let peds = free_pedestals(s);
        for &f in &mine {
            for &p in &peds {
                out.push(Opt::FootholdFlip(f as Id, p as Id));
            }
        }
    }
    out
}

/// CF-6: in the Tactic Placement step, move or flip one foothold (optional).
pub fn foothold_step(g: &mut Game, troop: usize) {
    if !g.s.troops[troop].foothold_moves {
        return;
    }
    let opts = foothold_options(&g.s, troop);
    match g.ask(troop, Decision::Foothold, opts, true, false) {
        Some(Opt::FootholdMove(f, h)) => rules::move_foothold(g, f as usize, h as usize),
        Some(Opt::FootholdFlip(f, p)) => {
            let (f, p) = (f as usize, p as usize);
            rules::remove_foothold(g, f);
            if g.s.logging() {
                let text = format!("{} flips its foothold on hex {} to its sentinel side", g.s.troops[troop].faction, f);
                g.s.say(text);
            }
            rules::place_sentinel(g, troop, p);
        }
        _ => {}
    }
}
