//! Game state (hoplostat/engine/state.py): units, troops, the board, the supply; changed only by `rules`.

use std::sync::Arc;

use smallvec::SmallVec;

/// A short list of units (uids): most hold a few, never more than a troop's chips.
pub type Ids = SmallVec<[usize; 16]>;

use crate::catalog::{Catalog, Chip, Grid, HexSet, Skill, Tactic};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Bag,
    Camp,
    Combat,
    Discard,
    Track,
}

/// A tactic on a unit: the chip and the troop that played it, and the turn it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub tactic: usize,
    pub owner: usize,
    pub turn: i32,
}

#[derive(Clone, Debug)]
pub struct UnitState {
    pub uid: usize,
    pub chip: usize,
    pub troop: usize,
    pub zone: Zone,
    pub hex: i32,
    pub hp: i32,
    pub active: bool,
    pub is_primary_hero: bool,
    pub deployed_turn: i32,
    pub moved_turn: i32,
    pub engaged_turn: i32,
    pub abilities_used: Vec<(Skill, i32)>,
    pub tactics: Vec<Placed>,
    pub parry_turn: i32,
    pub impelled_turn: i32,
    pub hp_gained: i32,
    pub entered: bool,
    pub times_deployed: i32,
    pub damage_dealt: i32,
    pub kills: i32,
    pub times_defeated: i32,
    pub damage_taken: i32,
    pub tactics_enabled: i32,
}

impl UnitState {
    pub fn new(uid: usize, chip: usize, troop: usize, zone: Zone) -> UnitState {
        UnitState {
            uid, chip, troop, zone, hex: -1, hp: 0, active: true, is_primary_hero: false, deployed_turn: -1,
            moved_turn: -1, engaged_turn: -1, abilities_used: Vec::new(), tactics: Vec::new(), parry_turn: -1,
            impelled_turn: -1, hp_gained: 0, entered: false, times_deployed: 0, damage_dealt: 0, kills: 0,
            times_defeated: 0, damage_taken: 0, tactics_enabled: 0,
        }
    }

    #[inline]
    pub fn h(&self) -> usize {
        self.hex as usize
    }

    pub fn ability_turn(&self, s: Skill) -> Option<i32> {
        self.abilities_used.iter().find(|(k, _)| *k == s).map(|x| x.1)
    }
}

#[derive(Clone, Debug)]
pub struct TroopState {
    pub index: usize,
    /// 0 red, 1 blue.
    pub side: usize,
    pub faction: String,
    pub tactics_camp: Vec<usize>,
    pub tactics_discard: Vec<usize>,
    pub favor: i32,
    pub favor_total: i32,
    pub rewards: i32,
    pub primary_hero: i32,
    pub deployed: i32,
    pub damage_dealt: i32,
    pub kills: i32,
    pub units_lost: i32,
    pub tactic_damage: i32,
    pub tactic_kills: i32,
    pub track: i32,
    pub tracks_done: [bool; 5],
    pub track_chips: [i32; 4],
    pub outer_open: bool,
    pub foothold_moves: bool,
}

pub const SIDES: [&str; 2] = ["red", "blue"];

#[derive(Clone, Debug)]
pub struct State {
    pub cat: Arc<Catalog>,
    pub grid: Arc<Grid>,
    pub units: Vec<UnitState>,
    pub troops: Vec<TroopState>,
    pub board: Vec<i32>,
    /// The hexes a unit stands on (`board` >= 0), kept by `put` and `clear`.
    pub occupied: HexSet,
    /// Health chips left, by side (the supply key of a Skirmish troop is its side).
    pub supply: [i32; 2],
    pub order: [usize; 2],
    pub combat: Vec<usize>,
    /// Bumped whenever `combat` changes (`GameState.combat_version`).
    pub version: usize,
    pub round: i32,
    pub turn: i32,
    pub active: usize,
    pub turn_index: i32,
    pub step_index: usize,
    pub max_rounds: i32,
    pub winner: Option<usize>,
    pub end_reason: Option<String>,
    pub log: Option<Vec<String>>,
    pub colosseum: bool,
    pub support_unit: Option<usize>,
    /// Colosseum footholds (hex, troop) in the order they were placed (a dict's order in Python).
    pub footholds: Vec<(usize, usize)>,
    pub muted: Vec<bool>,
    pub move_src: i32,
    /// Ruling switches changed from their defaults (`engine.rulings`).
    pub retaliate_when_defeated_no: bool,
    pub inspire_stacks_no: bool,
}

impl State {
    /// A copy without the narration (a lookahead's continuation never reads it; Python copies the list).
    pub fn clone_without_log(&self) -> State {
        State {
            cat: self.cat.clone(), grid: self.grid.clone(), units: self.units.clone(), troops: self.troops.clone(),
            board: self.board.clone(), occupied: self.occupied, supply: self.supply, order: self.order, combat: self.combat.clone(),
            version: self.version, round: self.round, turn: self.turn, active: self.active, turn_index: self.turn_index,
            step_index: self.step_index, max_rounds: self.max_rounds, winner: self.winner,
            end_reason: self.end_reason.clone(), log: None, colosseum: self.colosseum, support_unit: self.support_unit,
            footholds: self.footholds.clone(), muted: self.muted.clone(), move_src: self.move_src,
            retaliate_when_defeated_no: self.retaliate_when_defeated_no, inspire_stacks_no: self.inspire_stacks_no,
        }
    }

    #[inline]
    pub fn chip(&self, uid: usize) -> &Chip {
        &self.cat.chips[self.units[uid].chip]
    }

    #[inline]
    pub fn chip_of(&self, u: &UnitState) -> &Chip {
        &self.cat.chips[u.chip]
    }

    pub fn tactic(&self, t: usize) -> &Tactic {
        &self.cat.tactics[t]
    }

    #[inline]
    pub fn over(&self) -> bool {
        self.end_reason.is_some()
    }

    pub fn say(&mut self, text: String) {
        if let Some(log) = self.log.as_mut() {
            log.push(text);
        }
    }

    #[inline]
    pub fn logging(&self) -> bool {
        self.log.is_some()
    }

    pub fn side_name(&self, troop: usize) -> &'static str {
        SIDES[self.troops[troop].side]
    }

    /// `_who`: "faction (side)".
    pub fn who(&self, troop: usize) -> String {
        format!("{} ({})", self.troops[troop].faction, self.side_name(troop))
    }

    pub fn refresh_muted(&mut self) {
        let mut muted = vec![false; self.grid.n + 1];
        for &h in &self.grid.inner_hexes {
            if !self.footholds.iter().any(|&(f, _)| f == h) {
                muted[h] = true;
            }
        }
        self.muted = muted;
    }

    #[inline]
    pub fn muted_at(&self, hex: i32) -> bool {
        if hex < 0 { self.muted[self.grid.n] } else { self.muted[hex as usize] }
    }

    pub fn foothold_at(&self, h: usize) -> Option<usize> {
        self.footholds.iter().find(|&&(f, _)| f == h).map(|x| x.1)
    }

    pub fn enter_combat(&mut self, uid: usize) {
        self.combat.push(uid);
        self.version += 1;
    }

    pub fn leave_combat(&mut self, uid: usize) {
        if let Some(k) = self.combat.iter().position(|&x| x == uid) {
            self.combat.remove(k);
            self.version += 1;
        }
    }

    #[inline]
    pub fn combat_version(&self) -> usize {
        self.version
    }

    /// Units in combat of `troop`, arrival order (without a vector).
    #[inline]
    pub fn mine(&self, troop: usize) -> impl Iterator<Item = usize> + '_ {
        self.combat.iter().copied().filter(move |&u| self.units[u].troop == troop)
    }

    /// Units in combat of every other troop, arrival order (without a vector).
    #[inline]
    pub fn opps(&self, troop: usize) -> impl Iterator<Item = usize> + '_ {
        self.combat.iter().copied().filter(move |&u| self.units[u].troop != troop)
    }

    /// Units in combat whose chip has a skill on hook `h`, arrival order (without a vector).
    #[inline]
    pub fn with_hook(&self, h: u32) -> impl Iterator<Item = usize> + '_ {
        self.combat.iter().copied().filter(move |&u| self.cat.chips[self.units[u].chip].hooks & h != 0)
    }

    /// Units in combat of `troop`, arrival order.
    pub fn in_combat_of(&self, troop: usize) -> Ids {
        self.combat.iter().copied().filter(|&u| self.units[u].troop == troop).collect()
    }

    pub fn has_in_combat(&self, troop: usize) -> bool {
        self.combat.iter().any(|&u| self.units[u].troop == troop)
    }

    /// Units in combat of every other troop, arrival order.
    pub fn opponents_of(&self, troop: usize) -> Ids {
        self.combat.iter().copied().filter(|&u| self.units[u].troop != troop).collect()
    }

    /// Units in combat whose chip has a skill on hook `h` (working or not), arrival order.
    pub fn hooked(&self, h: u32) -> Ids {
        self.combat.iter().copied().filter(|&u| self.chip(u).has(h)).collect()
    }

    pub fn zone_of(&self, troop: usize, zone: Zone) -> Ids {
        self.units.iter().filter(|u| u.troop == troop && u.zone == zone).map(|u| u.uid).collect()
    }

    #[inline]
    pub fn is_dazed(&self, u: &UnitState) -> bool {
        u.deployed_turn == self.turn
    }

    pub fn is_fatigued(&self, u: &UnitState) -> bool {
        u.tactics.iter().any(|p| self.cat.tactics[p.tactic].stuns)
    }

    /// Skills work unless fatigued, an inactive hero, or muted (SKL-1, SKL-7, UNIT-7, ARN-5).
    pub fn skills_work(&self, uid: usize) -> bool {
        let u = &self.units[uid];
        u.active && !self.muted_at(u.hex) && !(!u.tactics.is_empty() && self.is_fatigued(u))
    }

    pub fn is_muted(&self, uid: usize) -> bool {
        self.muted_at(self.units[uid].hex)
    }

    /// Blocked hexes for a unit of `troop`: units, static blocks and pedestals, and other troops' footholds.
    pub fn blocked_for_move(&self, troop: Option<usize>) -> HexSet {
        let mut b = self.occupied.union(&self.grid.move_block_set);
        if let Some(t) = troop {
            for &(h, ft) in &self.footholds {
                if ft != t {
                    b.insert(h);
                }
            }
        }
        b
    }

    /// A unit stands on hex `h` now (the board and `occupied`).
    #[inline]
    pub fn put(&mut self, h: usize, uid: usize) {
        self.board[h] = uid as i32;
        self.occupied.insert(h);
    }

    /// Nobody stands on hex `h` now.
    #[inline]
    pub fn clear(&mut self, h: usize) {
        self.board[h] = -1;
        self.occupied.remove(h);
    }

    pub fn can_occupy(&self, troop: usize, h: usize, sentinel: bool) -> bool {
        if self.grid.pedestal[h] {
            return sentinel;
        }
        if self.grid.move_block[h] {
            return false;
        }
        self.foothold_at(h).map_or(true, |t| t == troop)
    }
}
