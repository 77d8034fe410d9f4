//! Rules functions (hoplostat/engine/rules.py): the only code that changes the state, one function per kind of
//! change, and the derived stats. Each mirrors its Python namesake line for line; the Remastered sections they
//! implement are cited there.

use crate::catalog::{hook, Effect, Skill, TacticType};
use crate::dice::Pool;
use crate::game::{Args, Decision, Game, Opt};
use crate::skills;
use crate::skirmish;
use crate::catalog::HexSet;
use crate::state::{Ids, Placed, State, UnitState, Zone};
use smallvec::SmallVec;

// --------------------------------------------------------------------------- derived stats

/// Movement after tactics in the order played (TAC-8).
pub fn movement_of(s: &State, u: &UnitState) -> i32 {
    let mut m = s.chip_of(u).movement;
    for p in &u.tactics {
        for e in &s.cat.tactics[p.tactic].effects {
            match *e {
                Effect::MovementSet(x) => m = x,
                Effect::MovementAdd(x) => m += x,
                _ => {}
            }
        }
    }
    if m > 0 { m } else { 0 }
}

pub fn range_of(s: &State, u: &UnitState) -> i32 {
    let mut r = s.chip_of(u).range;
    for p in &u.tactics {
        for e in &s.cat.tactics[p.tactic].effects {
            if let Effect::RangeAdd(x) = *e {
                r += x;
            }
        }
    }
    r
}

/// (dice, bonus on a hit, damage reduction) of `a` attacking `t` (ENG-3, ENG-4).
pub fn attack_profile(s: &State, a: usize, t: usize) -> (Pool, i32, i32) {
    let au = &s.units[a];
    let tu = &s.units[t];
    let mut pool = s.chip_of(au).attack;
    for p in &au.tactics {
        for e in &s.cat.tactics[p.tactic].effects {
            if let Effect::ExtraDice(c) = *e {
                pool = pool.add(&Pool::one(c));
            }
        }
    }
    let mut reduce = 0;
    for p in &tu.tactics {
        for e in &s.cat.tactics[p.tactic].effects {
            if let Effect::ReduceDamage(x) = *e {
                reduce += x;
            }
        }
    }
    let mut bonus = 0;
    // Scoped skills: the attacker's own-attack skills, then the target's on-itself skills.
    for (who, attacker_side) in [(a, true), (t, false)] {
        let chip = s.chip(who);
        if !chip.has(hook::SCOPED) || s.units[who].zone != Zone::Combat || !s.skills_work(who) {
            continue;
        }
        let want = if attacker_side { crate::catalog::Scope::Attacker } else { crate::catalog::Scope::Target };
        for (sk, _p) in chip.skills.iter().copied() {
            if sk.scope() != want || sk.hooks() & (hook::ATTACK_DICE | hook::ATTACK_BONUS | hook::DAMAGE_REDUCTION) == 0 {
                continue;
            }
            let (d, b, r) = skills::attack_hook(s, sk, who, a, t);
            if let Some(d) = d {
                pool = pool.add(&d);
            }
            bonus += b;
            reduce += r;
        }
    }
    for &h in &s.combat {
        let chip = s.chip(h);
        if !chip.has(hook::AURA) || !s.skills_work(h) {
            continue;
        }
        for (sk, _p) in chip.skills.iter().copied() {
            if sk.scope() != crate::catalog::Scope::Aura
                || sk.hooks() & (hook::ATTACK_DICE | hook::ATTACK_BONUS | hook::DAMAGE_REDUCTION) == 0
            {
                continue;
            }
            let (d, b, r) = skills::attack_hook(s, sk, h, a, t);
            if let Some(d) = d {
                pool = pool.add(&d);
            }
            bonus += b;
            reduce += r;
        }
    }
    (pool, bonus, reduce)
}

/// Sentinels, inactive heroes cannot be displaced (SUP-4, SKR-2).
pub fn can_be_displaced(s: &State, uid: usize) -> bool {
    let u = &s.units[uid];
    u.active && !s.chip_of(u).is_sentinel
}

/// MOV-3 once per turn; dazed unless Initiative (DEP-4); fatigued never (SKL-7).
pub fn can_move(s: &State, uid: usize) -> bool {
    let u = &s.units[uid];
    if u.zone != Zone::Combat || !u.active || u.moved_turn == s.turn || (!u.tactics.is_empty() && s.is_fatigued(u)) {
        return false;
    }
    let chip = s.chip_of(u);
    if chip.is_sentinel {
        return false;
    }
    // dazed: only an Initiative that works (not on a muted inner hex, ARN-5; R-ENG-21)
    if u.deployed_turn == s.turn && !(chip.has(hook::MOVE_WHEN_DAZED) && s.skills_work(uid)) {
        return false;
    }
    movement_of(s, u) > 0
}

/// ENG-1 once per turn (twice when Impelled); dazed only with First Strike; never muted or fatigued.
pub fn can_engage(s: &State, uid: usize) -> bool {
    let u = &s.units[uid];
    if u.zone != Zone::Combat || !u.active || s.muted_at(u.hex) || (!u.tactics.is_empty() && s.is_fatigued(u)) {
        return false;
    }
    if u.engaged_turn == s.turn && u.impelled_turn != s.turn {
        return false;
    }
    if u.deployed_turn == s.turn && !s.chip_of(u).has(hook::ENGAGE_WHEN_DAZED) {
        return false;
    }
    true
}

pub fn can_use_abilities(s: &State, uid: usize) -> bool {
    let u = &s.units[uid];
    u.zone == Zone::Combat && u.active && !s.muted_at(u.hex) && !s.is_dazed(u) && !(!u.tactics.is_empty() && s.is_fatigued(u))
}

/// Opponents within Range `r` (default: the unit's Range), arrival order.
pub fn targets_in_range(s: &State, uid: usize, r: Option<i32>) -> Ids {
    let u = &s.units[uid];
    let r = r.unwrap_or_else(|| range_of(s, u));
    let row = s.grid.row(u.h());
    s.combat.iter().copied().filter(|&o| s.units[o].troop != u.troop && row[s.units[o].hex as usize] <= r).collect()
}

#[inline]
pub fn same_team(a: usize, b: usize) -> bool {
    a == b
}

// --------------------------------------------------------------------------- changes

/// Remastered, "Deployment" (UNIT-3, DEP-3, DEP-4).
pub fn deploy(g: &mut Game, uid: usize, hex: usize) {
    let s = &mut g.s;
    let troop = s.units[uid].troop;
    let key = s.troops[troop].side;
    let health = s.chip(uid).health;
    assert!(s.board[hex] < 0, "deploy: hex {hex} is occupied");
    assert!(s.supply[key] >= health, "deploy: supply too small");
    assert!(s.units[uid].active, "deploy: inactive hero");
    s.supply[key] -= health;
    let turn = s.turn;
    let u = &mut s.units[uid];
    u.hp = health;
    u.hp_gained = 0;
    u.zone = Zone::Combat;
    u.hex = hex as i32;
    u.deployed_turn = turn;
    s.put(hex, uid);
    s.enter_combat(uid);
    s.troops[troop].deployed += 1;
    let u = &mut s.units[uid];
    u.entered = true;
    u.times_deployed += 1;
    if s.logging() {
        let text = format!("{} deploys {} on hex {} with {} HP (dazed this turn)", s.who(troop), s.chip(uid).name, hex,
                           s.units[uid].hp);
        s.say(text);
    }
}

/// Set-up puts a unit in combat without deploying it (SKR-2).
pub fn place_at_setup(s: &mut State, uid: usize, hex: usize) {
    let troop = s.units[uid].troop;
    let health = s.chip(uid).health;
    s.supply[s.troops[troop].side] -= health;
    let u = &mut s.units[uid];
    u.hp = health;
    u.zone = Zone::Combat;
    u.hex = hex as i32;
    u.entered = true;
    s.put(hex, uid);
    s.enter_combat(uid);
}

/// Remastered, "Movement": the whole move at once (MOV-3).
pub fn do_move(g: &mut Game, uid: usize, dest: usize) {
    let s = &mut g.s;
    assert!(s.board[dest] < 0, "move: hex {dest} is occupied");
    let src = s.units[uid].h();
    s.clear(src);
    if s.logging() {
        let troop = s.units[uid].troop;
        let text = format!("{} moves {} from hex {} to hex {}", s.who(troop), s.chip(uid).name, src, dest);
        s.say(text);
    }
    s.units[uid].hex = dest as i32;
    s.put(dest, uid);
    s.units[uid].moved_turn = s.turn;
    after_move(g, uid, src, dest);
}

/// What a move triggers once the unit stands on `dest` (Cover).
fn after_move(g: &mut Game, uid: usize, src: usize, _dest: usize) {
    g.s.move_src = src as i32;
    if g.s.with_hook(hook::AFTER_MOVE).next().is_none() {
        return;
    }
    let movers = g.s.hooked(hook::AFTER_MOVE);
    let mut effects: Vec<(usize, Skill, Option<i32>)> = Vec::new();
    for h in movers {
        if g.s.units[h].zone == Zone::Combat && g.s.skills_work(h) {
            for (sk, p) in g.s.chip(h).on(hook::AFTER_MOVE) {
                effects.push((h, sk, p));
            }
        }
    }
    resolve_triggered(g, effects, &mut |g, e| skills::after_move(g, e.1, e.0, uid),
                      Some(&|g: &Game, e: &(usize, Skill, Option<i32>)| {
                          g.s.units[e.0].zone == Zone::Combat && g.s.units[uid].zone == Zone::Combat && g.s.skills_work(e.0)
                      }));
}

/// Combat Lock holds `uid` (an opposing movement-lock holder adjacent and working); `free_of` leaves first.
pub fn is_held(s: &State, uid: usize, free_of: Option<usize>) -> bool {
    let u = &s.units[uid];
    for h in s.with_hook(hook::MOVEMENT_LOCK) {
        if Some(h) != free_of && s.grid.d(u.h(), s.units[h].h()) == 1 && !same_team(s.units[h].troop, u.troop) && s.skills_work(h) {
            return true;
        }
    }
    false
}

/// Hexes next to an opposing movement-lock holder (Combat Lock), as a mask.
pub fn locked_hexes(s: &State, troop: usize) -> HexSet {
    let mut out = HexSet::default();
    for h in s.with_hook(hook::MOVEMENT_LOCK) {
        if !same_team(s.units[h].troop, troop) && s.skills_work(h) {
            out = out.union(&s.grid.around[s.units[h].h()]);
        }
    }
    out
}

/// Displacement is not movement (SKL-6).
pub fn displace(g: &mut Game, uid: usize, dest: usize, by: Option<usize>) {
    let s = &mut g.s;
    assert!(s.board[dest] < 0, "displace: hex {dest} is occupied");
    let from = s.units[uid].h();
    s.clear(from);
    if s.logging() {
        let mut text = format!("{} ({}) is displaced from hex {} to hex {}", s.chip(uid).name,
                               s.side_name(s.units[uid].troop), from, dest);
        if let Some(b) = by {
            text.push_str(&format!(" by {}", s.chip(b).name));
        }
        s.say(text);
    }
    s.units[uid].hex = dest as i32;
    s.put(dest, uid);
}

/// Swap: `a` moves through its own skill, `b` is displaced (R-ENG-7).
pub fn swap_places(g: &mut Game, a: usize, b: usize) {
    let s = &mut g.s;
    let (ha, hb) = (s.units[a].h(), s.units[b].h());
    s.units[a].hex = hb as i32;
    s.units[b].hex = ha as i32;
    s.put(ha, b);
    s.put(hb, a);
    if s.logging() {
        let text = format!("{} ({}) swaps places with {} ({}): moves from hex {} to hex {}, {} is displaced to hex {}",
                           s.chip(a).name, s.side_name(s.units[a].troop), s.chip(b).name, s.side_name(s.units[b].troop),
                           ha, hb, s.chip(b).name, ha);
        s.say(text);
    }
    after_move(g, a, ha, hb);
}

/// Remove up to `amount` HP (ENG-4, ENG-5); returns the HP removed. `dealt`: damage dealt though maybe 0.
pub fn damage(g: &mut Game, target: usize, amount: i32, source: Option<usize>, source_troop: Option<usize>, what: &str,
              dealt: Option<bool>) -> i32 {
    let dealt = dealt.unwrap_or(amount > 0);
    if g.s.units[target].zone != Zone::Combat || !dealt {
        return 0;
    }
    let source_troop = match (source, source_troop) {
        (Some(src), None) => Some(g.s.units[src].troop),
        (_, t) => t,
    };
    let hp = g.s.units[target].hp;
    let removed = std::cmp::min(std::cmp::max(amount, 0), hp);
    let ttroop = g.s.units[target].troop;
    if removed != 0 {
        let s = &mut g.s;
        s.units[target].hp -= removed;
        s.units[target].damage_taken += removed;
        s.supply[s.troops[ttroop].side] += removed;
        if let Some(st) = source_troop {
            if st != ttroop {
                s.troops[st].damage_dealt += removed;
                if let Some(src) = source {
                    s.units[src].damage_dealt += removed;
                } else {
                    s.troops[st].tactic_damage += removed;
                }
            }
        }
        if s.logging() {
            let text = format!("{} ({}) loses {} HP ({}), {} left", s.chip(target).name, s.side_name(ttroop), removed,
                               what, s.units[target].hp);
            s.say(text);
        }
        if g.s.units[target].hp <= 0 {
            defeat(g, target, source, source_troop);
        }
    } else if g.s.logging() {
        let text = format!("{} ({}) is dealt damage but loses no HP ({})", g.s.chip(target).name, g.s.side_name(ttroop), what);
        g.s.say(text);
    }
    if !g.s.over() {
        skirmish::after_damage(g, target, removed, source, source_troop);
    }
    removed
}

/// Heal never above Health (UNIT-4), limited by the supply.
pub fn heal(g: &mut Game, uid: usize, n: i32) -> i32 {
    let s = &mut g.s;
    let troop = s.units[uid].troop;
    let key = s.troops[troop].side;
    let health = s.chip(uid).health;
    let k = std::cmp::max(0, n.min(health - s.units[uid].hp).min(s.supply[key]));
    s.units[uid].hp += k;
    s.supply[key] -= k;
    if k != 0 && s.logging() {
        let text = format!("{} ({}) heals {} HP, now {}", s.chip(uid).name, s.side_name(troop), k, s.units[uid].hp);
        s.say(text);
    }
    k
}

/// Gaining HP may exceed Health (UNIT-4), limited by the supply (R-ENG-3).
pub fn gain_hp(g: &mut Game, uid: usize, n: i32) -> i32 {
    let s = &mut g.s;
    let troop = s.units[uid].troop;
    let key = s.troops[troop].side;
    let k = std::cmp::max(0, n.min(s.supply[key]));
    s.units[uid].hp += k;
    s.units[uid].hp_gained += k;
    s.supply[key] -= k;
    if k != 0 && s.logging() {
        let text = format!("{} ({}) gains {} HP, now {}", s.chip(uid).name, s.side_name(troop), k, s.units[uid].hp);
        s.say(text);
    }
    k
}

/// Remastered, "Defeated Units" (DEF-1, DEF-2).
pub fn defeat(g: &mut Game, uid: usize, source: Option<usize>, source_troop: Option<usize>) {
    let s = &mut g.s;
    let troop = s.units[uid].troop;
    let side = s.troops[troop].side;
    s.supply[side] += s.units[uid].hp;
    s.units[uid].hp = 0;
    let placed = std::mem::take(&mut s.units[uid].tactics);
    for p in placed {
        s.troops[p.owner].tactics_discard.push(p.tactic);
    }
    if s.units[uid].hex >= 0 {
        let h = s.units[uid].h();
        s.clear(h);
    }
    s.leave_combat(uid);
    s.units[uid].hex = -1;
    s.units[uid].zone = Zone::Discard;
    s.troops[troop].units_lost += 1;
    s.units[uid].times_defeated += 1;
    if let Some(st) = source_troop {
        if st != troop {
            s.troops[st].kills += 1;
            if let Some(src) = source {
                s.units[src].kills += 1;
            } else {
                s.troops[st].tactic_kills += 1;
            }
        }
    }
    if s.logging() {
        let mut text = format!("{} ({}) is defeated", s.chip(uid).name, crate::state::SIDES[side]);
        if let Some(src) = source {
            text.push_str(&format!(" by {}", s.chip(src).name));
        }
        s.say(text);
    }
    skirmish::after_defeat(g, uid, source, source_troop);
}

/// TAC-2: own non-elite units in combat, or an opposing non-elite unit adjacent to an own unit (Tactical widens
/// the reach). Own units first, then the others in arrival order.
pub fn tactic_targets(s: &State, troop: usize) -> Ids {
    let own = s.in_combat_of(troop);
    let mut out: Ids = own.iter().copied().filter(|&u| !s.chip(u).elite).collect();
    let reach: SmallVec<[(usize, i32); 16]> = own.iter().map(|&m| (s.units[m].h(), tactic_reach(s, m))).collect();
    for &o in &s.combat {
        let ou = &s.units[o];
        let chip = s.chip_of(ou);
        if ou.troop == troop || chip.elite || chip.kind == "shard" {
            continue;
        }
        let row = s.grid.row(ou.h());
        if same_team(ou.troop, troop) {
            if reach.iter().any(|&(h, _)| row[h] <= 1) {
                out.push(o);
            }
        } else if reach.iter().any(|&(h, r)| row[h] <= r) {
            out.push(o);
        }
    }
    out
}

/// How far from `m` its troop may place a tactic on an opposing unit (TAC-2; Tactical, R-CAT-5).
pub fn tactic_reach(s: &State, m: usize) -> i32 {
    let mut r = 1;
    if s.skills_work(m) {
        for (sk, _p) in s.chip(m).on(hook::TACTIC_REACH) {
            if sk == Skill::Tactical {
                r = r.max(2);
            }
        }
    }
    r
}

/// A statistic: an opposing target reachable only through a widened tactic reach credits those units.
fn credit_reach(s: &mut State, troop: usize, target: usize) {
    let th = s.units[target].h();
    let own = s.in_combat_of(troop);
    if own.iter().any(|&m| s.grid.d(th, s.units[m].h()) <= 1) {
        return;
    }
    for m in own {
        if s.grid.d(th, s.units[m].h()) <= tactic_reach(s, m) {
            s.units[m].tactics_enabled += 1;
        }
    }
}

/// Remastered, "Tactics": play a tactic from camp (TAC-1..5, TAC-8).
pub fn place_tactic(g: &mut Game, troop: usize, camp_index: usize, target: usize) {
    let tac = g.s.troops[troop].tactics_camp[camp_index];
    assert!(!g.s.chip(target).elite, "tactics cannot be played on elite units (UNIT-6)");
    let ttroop = g.s.units[target].troop;
    if ttroop != troop && !same_team(ttroop, troop) {
        credit_reach(&mut g.s, troop, target);
    }
    // `list.remove(tactic)`: the first equal chip
    let camp = &mut g.s.troops[troop].tactics_camp;
    let k = camp.iter().position(|&t| t == tac).unwrap();
    camp.remove(k);
    if g.s.logging() {
        let text = format!("{} plays {} on {} ({})", g.s.who(troop), g.s.tactic(tac).name, g.s.chip(target).name,
                           g.s.side_name(ttroop));
        g.s.say(text);
    }
    let t = g.s.cat.tactics[tac].clone();
    if t.sets_movement {
        let placed = g.s.units[target].tactics.clone();
        for p in placed {
            if g.s.cat.tactics[p.tactic].adds_movement {
                discard_tactic(g, target, p);
            }
        }
    }
    if t.kind != TacticType::Instant {
        let turn = g.s.turn;
        g.s.units[target].tactics.push(Placed { tactic: tac, owner: troop, turn });
    }
    for e in &t.effects {
        if g.s.units[target].zone != Zone::Combat {
            break;
        }
        match *e {
            Effect::GainHp(n) => {
                gain_hp(g, target, n);
            }
            Effect::Heal(n) => {
                heal(g, target, n);
            }
            Effect::Damage(n) => {
                let name = t.name.clone();
                damage(g, target, n, None, Some(troop), &name, None);
            }
            Effect::DamageAdjacent(n) => {
                let th = g.s.units[target].h();
                let ttroop = g.s.units[target].troop;
                let hit: Ids = g.s.opponents_of(ttroop).into_iter().filter(|&o| g.s.grid.d(g.s.units[o].h(), th) == 1).collect();
                for o in hit {
                    damage(g, o, n, None, Some(troop), &t.name, None);
                }
            }
            _ => {}
        }
    }
    if t.kind == TacticType::Instant {
        g.s.troops[troop].tactics_discard.push(tac);
    }
}

/// (uid, skill, args) of every Ability of the troop's units that can be used now (SKL-2), arrival order.
pub fn ability_options(g: &Game, troop: usize) -> Vec<Opt> {
    let s = &g.s;
    let mut opts = Vec::with_capacity(8);
    for u in s.with_hook(hook::ABILITY) {
        if s.units[u].troop != troop || !can_use_abilities(s, u) {
            continue;
        }
        for (sk, p) in s.chip(u).on(hook::ABILITY) {
            if s.units[u].ability_turn(sk) != Some(s.turn) {
                for args in skills::ability_options(g, sk, u, p) {
                    opts.push(Opt::Ability(u as crate::game::Id, sk, args));
                }
            }
        }
    }
    opts
}

/// Use one Ability: marked used this turn, narrated, resolved.
pub fn use_ability(g: &mut Game, troop: usize, uid: usize, sk: Skill, args: Args) {
    let turn = g.s.turn;
    let u = &mut g.s.units[uid];
    if let Some(e) = u.abilities_used.iter_mut().find(|(k, _)| *k == sk) {
        e.1 = turn;
    } else {
        u.abilities_used.push((sk, turn));
    }
    let p = g.s.chip(uid).on(hook::ABILITY).find(|(k, _)| *k == sk);
    if let Some((_, param)) = p {
        if g.s.logging() {
            let text = format!("{} ({}) uses {}", g.s.chip(uid).name, g.s.side_name(troop), sk.id());
            g.s.say(text);
        }
        skills::ability(g, sk, uid, param, args);
    }
}

/// A tactic whose effect ends goes to the discard of the troop that played it (TAC-3, TAC-5).
pub fn discard_tactic(g: &mut Game, uid: usize, p: Placed) {
    let s = &mut g.s;
    let k = s.units[uid].tactics.iter().position(|x| *x == p).unwrap();
    s.units[uid].tactics.remove(k);
    s.troops[p.owner].tactics_discard.push(p.tactic);
    if s.logging() {
        let text = format!("{} on {} is discarded", s.tactic(p.tactic).name, s.chip(uid).name);
        s.say(text);
    }
}

pub fn place_foothold(g: &mut Game, troop: usize, hex: usize) {
    assert!(g.s.foothold_at(hex).is_none(), "place_foothold: hex {hex} already holds a foothold");
    g.s.footholds.push((hex, troop));
    g.s.refresh_muted();
    if g.s.logging() {
        let text = format!("{} places a foothold on hex {}", g.s.who(troop), hex);
        g.s.say(text);
    }
}

pub fn move_foothold(g: &mut Game, src: usize, dest: usize) {
    let k = g.s.footholds.iter().position(|&(h, _)| h == src).unwrap();
    let (_, troop) = g.s.footholds.remove(k);
    g.s.footholds.push((dest, troop));
    g.s.refresh_muted();
    if g.s.logging() {
        let text = format!("{} moves its foothold from hex {} to hex {}", g.s.who(troop), src, dest);
        g.s.say(text);
    }
}

pub fn remove_foothold(g: &mut Game, hex: usize) -> usize {
    let k = g.s.footholds.iter().position(|&(h, _)| h == hex).unwrap();
    let (_, troop) = g.s.footholds.remove(k);
    g.s.refresh_muted();
    troop
}

/// Remastered, "Sentinels": a support chip placed sentinel side up on a free pedestal (ARN-6, SUP-4).
pub fn place_sentinel(g: &mut Game, troop: usize, hex: usize) -> usize {
    let s = &mut g.s;
    let chip = s.support_unit.expect("place_sentinel: the catalog has no sentinel");
    let key = s.troops[troop].side;
    let health = s.cat.chips[chip].health;
    assert!(s.grid.pedestal[hex] && s.board[hex] < 0, "place_sentinel: hex {hex} is not an available pedestal");
    assert!(s.supply[key] >= health, "place_sentinel: supply too small");
    let uid = s.units.len();
    let mut u = UnitState::new(uid, chip, troop, Zone::Combat);
    u.hex = hex as i32;
    u.hp = health;
    u.deployed_turn = s.turn;
    s.units.push(u);
    s.supply[key] -= health;
    s.units[uid].entered = true;
    s.put(hex, uid);
    s.enter_combat(uid);
    if s.logging() {
        let text = format!("{} places a sentinel on pedestal hex {} with {} HP (dazed this turn)", s.who(troop), hex, health);
        s.say(text);
    }
    uid
}

/// A discarded unit returns to its camp (Pozzuoli's third reward); heroes return active.
pub fn return_to_camp(s: &mut State, uid: usize, active: Option<bool>) {
    let u = &mut s.units[uid];
    u.zone = Zone::Camp;
    u.hp = 0;
    u.hex = -1;
    if let Some(a) = active {
        u.active = a;
    }
}

// --------------------------------------------------------------------------- simultaneous triggers (SKL-4)

/// Troops in turn order starting with the active troop.
pub fn turn_order_from_active(s: &State) -> Vec<usize> {
    let mut order: Vec<usize> = s.order.to_vec();
    if let Some(k) = order.iter().position(|&t| t == s.active) {
        order.rotate_left(k);
    }
    order
}

/// SKL-4: effects of one incident resolve troop by troop from the active troop; within a troop its player
/// chooses ("trigger-order"). `still(effect)` re-checks one just before it resolves.
pub fn resolve_triggered(g: &mut Game, effects: Vec<(usize, Skill, Option<i32>)>,
                         run: &mut dyn FnMut(&mut Game, &(usize, Skill, Option<i32>)),
                         still: Option<&dyn Fn(&Game, &(usize, Skill, Option<i32>)) -> bool>) {
    if effects.len() <= 1 {
        for e in &effects {
            if still.map_or(true, |f| f(g, e)) {
                run(g, e);
            }
        }
        return;
    }
    for troop in turn_order_from_active(&g.s) {
        let mut mine: Vec<(usize, Skill, Option<i32>)> = effects.iter().copied().filter(|e| g.s.units[e.0].troop == troop).collect();
        while !mine.is_empty() {
            let k = if mine.len() > 1 {
                let opts: Vec<Opt> = mine.iter().map(|e| Opt::TriggerOrder(e.0 as crate::game::Id, e.1)).collect();
                let pick = g.ask(troop, Decision::TriggerOrder, opts, false, false).unwrap();
                mine.iter().position(|e| Opt::TriggerOrder(e.0 as crate::game::Id, e.1) == pick).unwrap()
            } else {
                0
            };
            let e = mine.remove(k);
            if still.map_or(true, |f| f(g, &e)) {
                run(g, &e);
            }
            if g.s.over() {
                return;
            }
        }
    }
}

/// Remastered, "Engage" (Attack): gather dice, roll, remove HP; Retaliate after dealt attack damage.
pub fn attack(g: &mut Game, attacker: usize, target: usize) {
    let (pool, bonus, reduce) = attack_profile(&g.s, attacker, target);
    let hits = g.roll(&pool) as i32;
    g.s.units[attacker].engaged_turn = g.s.turn;
    let dealt = hits >= 1;
    if g.s.logging() {
        let text = format!("{} ({}) attacks {} with {}: {} hit(s)", g.s.chip(attacker).name,
                           g.s.side_name(g.s.units[attacker].troop), g.s.chip(target).name, pool, hits);
        g.s.say(text);
    }
    if !dealt {
        return;
    }
    let mut target = target;
    let mut amount = std::cmp::max(0, hits + bonus - reduce);
    let mut ignored = false;
    let ignorers = g.s.hooked(hook::IGNORE_ATTACK_DAMAGE);
    for h in ignorers {
        if !g.s.skills_work(h) {
            continue;
        }
        let hooks: Vec<(Skill, Option<i32>)> = g.s.chip(h).on(hook::IGNORE_ATTACK_DAMAGE).collect();
        for (sk, _p) in hooks {
            if skills::ignore_attack_damage(g, sk, h, attacker, target) {
                ignored = true;
            }
        }
    }
    if ignored {
        amount = 0;
    }
    // Intercept Blow (R-ENG-13), interceptors asked in turn order from the active troop (R-ENG-26).
    let mut interceptors = g.s.hooked(hook::INTERCEPT);
    if interceptors.len() > 1 {
        let order = turn_order_from_active(&g.s);
        let rank = |t: usize| order.iter().position(|&x| x == t).unwrap_or(order.len());
        interceptors.sort_by_key(|&u| rank(g.s.units[u].troop));
    }
    for h in interceptors {
        let (ht, tt) = (g.s.units[h].troop, g.s.units[target].troop);
        if h == target || !same_team(ht, tt) || g.s.grid.d(g.s.units[h].h(), g.s.units[target].h()) != 1 || !g.s.skills_work(h) {
            continue;
        }
        if g.ask(ht, Decision::Intercept, vec![Opt::uid(h)], true, false).is_some() {
            if g.s.logging() {
                let text = format!("{} ({}) intercepts the blow meant for {}", g.s.chip(h).name, g.s.side_name(ht),
                                   g.s.chip(target).name);
                g.s.say(text);
            }
            target = h;
            let (_, b, r) = attack_profile(&g.s, attacker, target);
            amount = std::cmp::max(0, hits + b - r);
            for w in g.s.hooked(hook::IGNORE_ATTACK_DAMAGE) {
                if g.s.skills_work(w) {
                    let hooks: Vec<(Skill, Option<i32>)> = g.s.chip(w).on(hook::IGNORE_ATTACK_DAMAGE).collect();
                    for (sk, _p) in hooks {
                        if skills::ignore_attack_damage(g, sk, w, attacker, target) {
                            amount = 0;
                        }
                    }
                }
            }
            break;
        }
    }
    let hex = g.s.units[target].h();
    let watchers: Ids = g.s.with_hook(hook::AFTER_DEALT).filter(|&h| g.s.skills_work(h)).collect();
    damage(g, target, amount, Some(attacker), None, "attack", Some(true));
    if g.s.over() || watchers.is_empty() {
        return;
    }
    let mut effects = Vec::new();
    for h in watchers {
        for (sk, p) in g.s.chip(h).on(hook::AFTER_DEALT) {
            effects.push((h, sk, p));
        }
    }
    resolve_triggered(g, effects, &mut |g, e| skills::after_dealt(g, e.1, e.0, attacker, target, hex), None);
}
