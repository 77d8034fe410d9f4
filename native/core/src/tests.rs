//! Unit tests of the core on a small catalog built here (the Python suite compares whole games with the Python
//! engine, tests/native/): the hex grid's search, the rules functions, and a property test that plays random
//! legal games and checks the invariants the Python tests check.

use std::collections::HashMap;
use std::sync::Arc;

use crate::catalog::{Catalog, Chip, Effect, Faction, Grid, HexSet, Skill, Tactic, TacticType};
use crate::dice::Pool;
use crate::game::Game;
use crate::players::{Player, Tie};
use crate::rng::Generator;
use crate::rules;
use crate::skirmish::{self, Spec};
use crate::state::Zone;

const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// A hexagon of radius `r` in reading order, Pozzuoli-like tags: each side's six deployment hexes on its edge
/// rows, two stone hexes.
fn arena(r: i32) -> Grid {
    let mut hexes = Vec::new();
    for row in -r..=r {
        for q in -r..=r {
            if (q + row).abs() <= r {
                let mut tags = Vec::new();
                if row == -r && hexes.iter().filter(|h: &&(i32, i32, Vec<String>)| h.1 == -r).count() < 6 {
                    tags.push("deploy-red".to_string());
                }
                if row == r && q <= 0 {
                    tags.push("deploy-blue".to_string());
                }
                if row == 0 && (q == -1 || q == 1) {
                    tags.push("stone".to_string());
                }
                hexes.push((q, row, tags));
            }
        }
    }
    let at: HashMap<(i32, i32), usize> = hexes.iter().enumerate().map(|(i, h)| ((h.0, h.1), i)).collect();
    let nbs = hexes.iter().map(|h| DIRS.iter().filter_map(|d| at.get(&(h.0 + d.0, h.1 + d.1)).copied()).collect())
        .collect();
    Grid::new("test".into(), hexes, nbs)
}

fn chip(id: &str, kind: &str, health: i32, movement: i32, range: i32, attack: [u8; 5], skills: &[(Skill, Option<i32>)]) -> Chip {
    let elite = kind == "hero" || kind == "neutral-hero";
    Chip::new(id.into(), id.into(), kind.into(), elite, health, movement, range, Pool(attack), skills.to_vec())
}

/// Two factions of a hero and ten units with a spread of the core's skills, and four tactics each.
fn catalog() -> Arc<Catalog> {
    let mut chips = Vec::new();
    let mut factions = HashMap::new();
    let kits: [&[(Skill, Option<i32>)]; 10] = [
        &[(Skill::Retaliate, None)], &[(Skill::Absorb, None)], &[(Skill::LongShot, Some(3))],
        &[(Skill::Hurl, Some(1))], &[(Skill::Regen, Some(1))], &[(Skill::Whirlwind, None), (Skill::Initiative, None)],
        &[(Skill::Cover, None)], &[(Skill::CombatLock, None), (Skill::Swap, None)],
        &[(Skill::PervasiveAbsorb, None), (Skill::Inspire, None)], &[(Skill::Shove, None), (Skill::FirstStrike, None)],
    ];
    let tactics = vec![
        Tactic::new("adrenaline".into(), "Adrenaline".into(), TacticType::Temporary, vec![Effect::MovementAdd(1)]),
        Tactic::new("hamstring".into(), "Hamstring".into(), TacticType::Temporary, vec![Effect::MovementSet(0)]),
        Tactic::new("bolster".into(), "Bolster".into(), TacticType::Instant, vec![Effect::GainHp(2)]),
        Tactic::new("stun".into(), "Stun".into(), TacticType::Temporary, vec![Effect::Stun]),
    ];
    for f in ["north", "south"] {
        let hero = chips.len();
        chips.push(chip(&format!("{f}-hero"), "hero", 8, 2, 1, [0, 1, 0, 2, 0], &[(Skill::Parry, None)]));
        let mut units = Vec::new();
        for (k, kit) in kits.iter().enumerate() {
            units.push(chips.len());
            let range = if k == 2 || k == 6 { 3 } else { 1 };
            chips.push(chip(&format!("{f}-{k}"), "unit", 3 + (k as i32 % 3), 2 + (k as i32 % 2), range,
                            [1, (k % 2) as u8, 0, (k % 3 == 0) as u8, 0], kit));
        }
        factions.insert(f.to_string(), Faction { id: f.into(), hero, units, tactics: vec![0, 1, 2, 3] });
    }
    let neutrals = vec![chips.len()];
    chips.push(chip("neutral", "neutral-hero", 7, 2, 1, [0, 0, 1, 1, 0], &[]));
    let mut arenas = HashMap::new();
    arenas.insert("test".to_string(), Arc::new(arena(4)));
    Arc::new(Catalog { chips, tactics, factions, neutrals, sentinels: vec![], arenas,
                       health: vec![("red".into(), 34), ("blue".into(), 34)] })
}

fn spec() -> Spec {
    Spec { factions: ["north".into(), "south".into()], arena: "test".into(), first: None, max_rounds: 40,
           retaliate_when_defeated_no: false, inspire_stacks_no: false, extra_log: vec![] }
}

fn game(seed: u128, players: [Player; 2]) -> Game {
    skirmish::new_game(&catalog(), &spec(), Generator::from_int(seed), players.to_vec(), true)
}

#[test]
fn the_search_goes_breadth_first_in_neighbour_order_and_stops_at_blocked_and_stop_hexes() {
    let g = arena(3);
    let centre = g.coord[&(0, 0)];
    let (mut out, mut set, mut expanded) = (Vec::new(), HexSet::default(), HexSet::default());
    g.reach_into(centre, 1, &HexSet::default(), &HexSet::default(), &mut out, &mut set, &mut expanded);
    assert_eq!(out, g.neighbours[centre]);
    g.reach_into(centre, 2, &HexSet::default(), &HexSet::default(), &mut out, &mut set, &mut expanded);
    assert_eq!(out.len(), 18);
    assert!(out[..6] == g.neighbours[centre][..], "the first ring first, in neighbour order");
    // block the east neighbour and make the west one a stop hex: nothing beyond either is reached through it
    let (east, west) = (g.coord[&(1, 0)], g.coord[&(-1, 0)]);
    let mut blocked = HexSet::default();
    blocked.insert(east);
    let mut stop = HexSet::default();
    stop.insert(west);
    g.reach_into(centre, 2, &blocked, &stop, &mut out, &mut set, &mut expanded);
    assert!(!set.contains(east) && set.contains(west) && !expanded.contains(west));
    assert!(set.contains(g.coord[&(2, -1)]), "reached around the block");
    for &h in &out {
        assert!(g.d(centre, h) <= 2);
    }
    assert_eq!(g.beyond(centre, east), Some(g.coord[&(2, 0)]));
    assert_eq!(g.at_distance(centre, 3).len(), 18);
}

#[test]
fn damage_defeats_at_zero_and_every_health_chip_goes_back_to_the_supply() {
    let mut g = game(1, [Player::Random, Player::Random]);
    let supply = g.s.supply;
    let uid = g.s.units.iter().find(|u| u.troop == 0 && u.zone == Zone::Camp && u.active).unwrap().uid;
    let hex = g.s.grid.deploy[g.s.troops[0].side][0];
    rules::deploy(&mut g, uid, hex);
    let hp = g.s.units[uid].hp;
    let side = g.s.troops[0].side;
    assert_eq!(g.s.supply[side], supply[side] - hp);
    assert_eq!(rules::damage(&mut g, uid, 1, None, Some(1), "test", None), 1);
    assert_eq!(rules::heal(&mut g, uid, 5), 1, "healing never above Health (UNIT-4)");
    assert_eq!(rules::gain_hp(&mut g, uid, 2), 2, "gaining HP may exceed Health");
    assert_eq!(g.s.units[uid].hp, hp + 2);
    let removed = rules::damage(&mut g, uid, 100, None, Some(1), "test", None);
    assert_eq!(removed, hp + 2);
    assert_eq!(g.s.units[uid].zone, Zone::Discard);
    assert_eq!(g.s.board[hex], -1);
    assert!(!g.s.occupied.contains(hex));
    assert_eq!(g.s.supply, supply, "every chip back");
    assert_eq!(g.s.troops[1].kills, 1);
    assert_eq!(g.s.troops[1].tactic_kills, 1);
}

#[test]
fn a_later_hamstring_discards_adrenaline_and_sets_movement_to_zero() {
    let mut g = game(2, [Player::Random, Player::Random]);
    let uid = g.s.units.iter().find(|u| u.troop == 0 && u.zone == Zone::Camp && u.active).unwrap().uid;
    let hex = g.s.grid.deploy[g.s.troops[0].side][0];
    rules::deploy(&mut g, uid, hex);
    let base = g.s.chip(uid).movement;
    let camp = |g: &Game, id: &str| g.s.troops[0].tactics_camp.iter().position(|&t| g.s.cat.tactics[t].id == id).unwrap();
    let i = camp(&g, "adrenaline");
    rules::place_tactic(&mut g, 0, i, uid);
    assert_eq!(rules::movement_of(&g.s, &g.s.units[uid]), base + 1);
    let i = camp(&g, "hamstring");
    rules::place_tactic(&mut g, 0, i, uid);
    assert_eq!(rules::movement_of(&g.s, &g.s.units[uid]), 0);
    assert_eq!(g.s.units[uid].tactics.len(), 1, "Adrenaline went to the discard (TAC-8)");
    assert_eq!(g.s.troops[0].tactics_discard.len(), 1);
}

#[test]
fn absorb_takes_one_from_a_hit_and_a_pervasive_absorb_never_adds_to_it() {
    let mut g = game(3, [Player::Random, Player::Random]);
    let find = |g: &Game, troop: usize, s: Skill| g.s.units.iter().find(|u| u.troop == troop && g.s.chip_of(u).has_skill(s)).unwrap().uid;
    let (absorb, pervasive) = (find(&g, 1, Skill::Absorb), find(&g, 1, Skill::PervasiveAbsorb));
    let attacker = find(&g, 0, Skill::Retaliate);
    let at = |g: &Game, q: i32, r: i32| g.s.grid.coord[&(q, r)];
    for (u, h) in [(absorb, at(&g, 0, 0)), (pervasive, at(&g, 1, 0)), (attacker, at(&g, 0, 1))] {
        g.s.units[u].zone = Zone::Camp;
        g.s.units[u].active = true;
        rules::place_at_setup(&mut g.s, u, h);
    }
    let (_pool, _bonus, reduce) = rules::attack_profile(&g.s, attacker, absorb);
    assert_eq!(reduce, 1, "Absorb, and no second 1 from the adjacent Pervasive Absorb (R-ENG-4)");
}

/// Invariants of a position: the board and the units agree, every unit in combat is on a hex nobody else holds
/// and may stand on, HP never below 1 in combat, and every health chip is in the supply or on a unit.
fn check(g: &Game, start: [i32; 2]) {
    let s = &g.s;
    let mut held = vec![0; s.grid.n];
    for u in &s.units {
        if u.zone == Zone::Combat {
            assert!(u.hex >= 0 && s.board[u.h()] == u.uid as i32, "unit {} not where the board says", u.uid);
            assert!(!s.grid.move_block[u.h()] || s.chip_of(u).is_sentinel);
            assert!(u.hp >= 1);
            held[u.h()] += 1;
        } else {
            assert_eq!(u.hex, -1);
        }
    }
    for h in 0..s.grid.n {
        assert!(held[h] <= 1);
        assert_eq!(s.board[h] >= 0, s.occupied.contains(h));
        assert_eq!(s.board[h] >= 0, held[h] == 1);
    }
    for side in 0..2 {
        let on: i32 = s.units.iter().filter(|u| s.troops[u.troop].side == side && u.zone == Zone::Combat).map(|u| u.hp).sum();
        assert_eq!(s.supply[side] + on, start[side], "health chips of side {side} not conserved");
    }
    assert_eq!(s.combat.len(), s.units.iter().filter(|u| u.zone == Zone::Combat).count());
}

#[test]
fn random_games_keep_the_invariants_at_every_turn_and_end() {
    let mut rounds = 0;
    for seed in 0..300u128 {
        let players = match seed % 3 {
            0 => [Player::Random, Player::Random],
            1 => [Player::Greedy(Tie::Game), Player::Random],
            _ => [Player::Greedy(Tie::Game), Player::Greedy(Tie::First)],
        };
        let mut g = game(seed, players);
        let start = [34, 34];
        check(&g, start);
        // `Game::run`'s rounds, with the invariants checked after every turn
        g.s.max_rounds = 40;
        while !g.s.over() {
            if g.s.round >= 40 {
                skirmish::end(&mut g, "round cap (40) reached".into(), None);
                break;
            }
            g.s.round += 1;
            skirmish::start_round(&mut g);
            for i in 0..2 {
                if g.s.over() {
                    break;
                }
                g.s.turn_index = i as i32;
                let troop = g.s.order[i];
                g.open_turn(troop);
                g.run_steps(troop, 0);
                check(&g, start);
            }
        }
        assert!(g.s.round <= 40);
        rounds += g.s.round;
        assert!(g.s.log.as_ref().unwrap().last().unwrap().starts_with("Game over: "));
    }
    assert!(rounds > 300 * 5, "the games last (a mean of {} rounds)", rounds / 300);
}

#[test]
fn the_same_seed_plays_the_same_game_and_a_copy_resumes_where_its_original_stood() {
    let a = game(7, [Player::Greedy(Tie::Game), Player::Random]);
    let mut b = a.clone();
    let mut a = a;
    a.run(40, None);
    b.run(40, None);
    assert_eq!(a.s.log, b.s.log);
    assert_eq!(a.rng, b.rng);
}

fn searcher(seed: u128) -> Player {
    use crate::players::search::{width_for, Search};
    Player::Search(Box::new(Search { greedy: Generator::from_int(seed), search: None, budget: 24, width: width_for(24),
                                     horizon: 3, searched: 0 }))
}

/// Issue 49's determinization: the searching players' turns are the same whatever units wait face down in their
/// rival's camp (a search that read the real camp plans against it, and its turn changes with it).
fn same_turn_whatever_hides_in_the_rivals_camp(player: fn(u128) -> Player) {
    let mut differs = 0;
    for seed in 0..12u128 {
        let mut sp = spec();
        sp.first = Some(0);
        let mut a = skirmish::new_game(&catalog(), &sp, Generator::from_int(seed), vec![player(seed), Player::Greedy(Tie::Game)], true);
        a.run(40, Some(4)); // two rounds: troop 0 (the searcher) plays next
        if a.s.over() {
            continue;
        }
        let mut b = a.clone();
        let camp: Vec<usize> = b.s.units.iter().filter(|u| u.troop == 1 && u.zone == Zone::Camp && u.active && !u.is_primary_hero && u.times_deployed == 0)
            .map(|u| u.uid).collect();
        let bag: Vec<usize> = b.s.zone_of(1, Zone::Bag).to_vec();
        if camp.is_empty() || bag.is_empty() {
            continue;
        }
        for (&c, &g) in camp.iter().zip(bag.iter()) {
            b.s.units[c].zone = Zone::Bag;
            b.s.units[g].zone = Zone::Camp;
        }
        differs += 1;
        a.run(40, Some(1));
        b.run(40, Some(1));
        let searched = |g: &Game| match &g.players[0] { Player::Search(s) => s.searched, Player::Lookahead(l) => l.searched, _ => 0 };
        assert!(searched(&a) > 0, "seed {seed}: the search searched");
        assert_eq!(a.s.log, b.s.log, "seed {seed}: the searcher's turn changed with its rival's hidden camp");
    }
    assert!(differs >= 8, "the rival's camp was changed in {differs} games only");
}

#[test]
fn the_search_plays_the_same_turn_whatever_hides_in_its_rivals_camp() {
    same_turn_whatever_hides_in_the_rivals_camp(searcher);
}

#[test]
fn the_lookahead_plays_the_same_turn_whatever_hides_in_its_rivals_camp() {
    use crate::players::lookahead::Lookahead;
    same_turn_whatever_hides_in_the_rivals_camp(|seed| {
        Player::Lookahead(Box::new(Lookahead { greedy: Generator::from_int(seed), search: None, budget: 8, width: 4, horizon: None, searched: 0 }))
    });
}
