//! The chips and arenas a game is played with (hoplostat/catalog, hoplostat/engine/hexgrid.py), as the Python
//! bridge exports them (hoplostat/engine/native.py, `export_catalog`), and the skills the core implements.

use std::collections::HashMap;

use crate::dice::Pool;

/// The Remastered skills the core plays (hoplostat/rulesets/remastered/skills.py), and `Inert` for a skill
/// registered without hooks (read only by other modes) or not implemented at all: nothing in Skirmish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Skill {
    Retaliate,
    Absorb,
    PervasiveAbsorb,
    Parry,
    Bloodlust,
    Inspire,
    FirstStrike,
    Initiative,
    Regen,
    Hurl,
    LongShot,
    Whirlwind,
    DigIn,
    StrategicAttack,
    FuryAura,
    Reposition,
    Swap,
    Tactical,
    CombatLock,
    InterceptBlow,
    Cover,
    Impel,
    Shove,
    Savage,
    Blasphemous,
    Inert,
}

pub const SKILL_IDS: [(&str, Skill); 25] = [
    ("retaliate", Skill::Retaliate),
    ("absorb", Skill::Absorb),
    ("pervasive-absorb", Skill::PervasiveAbsorb),
    ("parry", Skill::Parry),
    ("bloodlust", Skill::Bloodlust),
    ("inspire", Skill::Inspire),
    ("first-strike", Skill::FirstStrike),
    ("initiative", Skill::Initiative),
    ("regen", Skill::Regen),
    ("hurl", Skill::Hurl),
    ("long-shot", Skill::LongShot),
    ("whirlwind", Skill::Whirlwind),
    ("dig-in", Skill::DigIn),
    ("strategic-attack", Skill::StrategicAttack),
    ("fury-aura", Skill::FuryAura),
    ("reposition", Skill::Reposition),
    ("swap", Skill::Swap),
    ("tactical", Skill::Tactical),
    ("combat-lock", Skill::CombatLock),
    ("intercept-blow", Skill::InterceptBlow),
    ("cover", Skill::Cover),
    ("impel", Skill::Impel),
    ("shove", Skill::Shove),
    ("savage", Skill::Savage),
    ("blasphemous", Skill::Blasphemous),
];

/// Hook points (hoplostat/engine/registry.py `HOOKS`) as bits.
pub mod hook {
    pub const ATTACK_DICE: u32 = 1;
    pub const ATTACK_BONUS: u32 = 2;
    pub const DAMAGE_REDUCTION: u32 = 4;
    pub const IGNORE_ATTACK_DAMAGE: u32 = 8;
    pub const AFTER_DEALT: u32 = 16;
    pub const ABILITY: u32 = 32;
    pub const SPECIAL: u32 = 64;
    pub const ENGAGE_WHEN_DAZED: u32 = 128;
    pub const MOVE_WHEN_DAZED: u32 = 256;
    pub const AFTER_MOVE: u32 = 512;
    pub const TACTIC_REACH: u32 = 1024;
    pub const MOVEMENT_LOCK: u32 = 2048;
    pub const INTERCEPT: u32 = 4096;
    /// Attack hooks with no scope (an aura: any attack in combat), `registry.ATTACK_ANY`.
    pub const AURA: u32 = 8192;
    /// Attack hooks scoped to the holder's own attacks or attacks on it (`registry.SCOPED_HOOKS`).
    pub const SCOPED: u32 = 16384;
}

/// Where an attack hook applies (`SkillImpl.attack_scope`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Aura,
    Attacker,
    Target,
}

impl Skill {
    pub fn from_id(id: &str) -> Skill {
        SKILL_IDS.iter().find(|(s, _)| *s == id).map(|x| x.1).unwrap_or(Skill::Inert)
    }

    pub fn id(&self) -> &'static str {
        SKILL_IDS.iter().find(|(_, k)| k == self).map(|x| x.0).unwrap_or("?")
    }

    /// The hook bits this skill is registered on.
    pub fn hooks(&self) -> u32 {
        use hook::*;
        match self {
            Skill::Retaliate => AFTER_DEALT,
            Skill::Absorb | Skill::PervasiveAbsorb => DAMAGE_REDUCTION,
            Skill::Parry => IGNORE_ATTACK_DAMAGE,
            Skill::Bloodlust | Skill::DigIn | Skill::StrategicAttack => ATTACK_DICE,
            Skill::Inspire | Skill::Blasphemous => ATTACK_BONUS,
            Skill::FirstStrike => ENGAGE_WHEN_DAZED,
            Skill::Initiative => MOVE_WHEN_DAZED,
            Skill::Regen | Skill::Hurl | Skill::FuryAura | Skill::Swap | Skill::Impel | Skill::Shove => ABILITY,
            Skill::LongShot | Skill::Whirlwind | Skill::Reposition | Skill::Savage => SPECIAL,
            Skill::Tactical => TACTIC_REACH,
            Skill::CombatLock => MOVEMENT_LOCK,
            Skill::InterceptBlow => INTERCEPT,
            Skill::Cover => AFTER_MOVE,
            Skill::Inert => 0,
        }
    }

    pub fn scope(&self) -> Scope {
        match self {
            Skill::Absorb => Scope::Target,
            Skill::Bloodlust | Skill::DigIn | Skill::Blasphemous => Scope::Attacker,
            _ => Scope::Aura,
        }
    }
}

/// A unit-like chip (`catalog.model.Unit`).
#[derive(Clone, Debug)]
pub struct Chip {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub elite: bool,
    pub health: i32,
    pub movement: i32,
    pub range: i32,
    pub attack: Pool,
    /// (skill, its number) in chip order; unimplemented or hook-less skills are `Inert`.
    pub skills: Vec<(Skill, Option<i32>)>,
    /// Union of the skills' hook bits, and AURA / SCOPED for attack hooks.
    pub hooks: u32,
    pub is_sentinel: bool,
}

impl Chip {
    pub fn new(id: String, name: String, kind: String, elite: bool, health: i32, movement: i32, range: i32,
               attack: Pool, skills: Vec<(Skill, Option<i32>)>) -> Chip {
        let mut hooks = 0;
        for (sk, _) in &skills {
            let h = sk.hooks();
            hooks |= h;
            if h & (hook::ATTACK_DICE | hook::ATTACK_BONUS | hook::DAMAGE_REDUCTION) != 0 {
                hooks |= if sk.scope() == Scope::Aura { hook::AURA } else { hook::SCOPED };
            }
        }
        let is_sentinel = kind == "sentinel";
        Chip { id, name, kind, elite, health, movement, range, attack, skills, hooks, is_sentinel }
    }

    #[inline]
    pub fn has(&self, h: u32) -> bool {
        self.hooks & h != 0
    }

    pub fn has_skill(&self, s: Skill) -> bool {
        self.skills.iter().any(|(k, _)| *k == s)
    }

    /// The chip's skills registered on hook `h`, in chip order.
    pub fn on(&self, h: u32) -> impl Iterator<Item = (Skill, Option<i32>)> + '_ {
        self.skills.iter().copied().filter(move |(s, _)| s.hooks() & h != 0)
    }
}

/// `param or 1` of the Python handlers.
#[inline]
pub fn param_or_1(p: Option<i32>) -> i32 {
    match p {
        Some(x) if x != 0 => x,
        _ => 1,
    }
}

/// A tactic's effect term (hoplostat/engine/rules.py's tactic effects); `Other` is a term no handler resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    MovementSet(i32),
    MovementAdd(i32),
    RangeAdd(i32),
    ExtraDice(usize),
    ReduceDamage(i32),
    Stun,
    GainHp(i32),
    Heal(i32),
    Damage(i32),
    DamageAdjacent(i32),
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TacticType {
    Instant,
    Permanent,
    Temporary,
}

#[derive(Clone, Debug)]
pub struct Tactic {
    pub id: String,
    pub name: String,
    pub kind: TacticType,
    pub effects: Vec<Effect>,
    pub stuns: bool,
    pub sets_movement: bool,
    pub adds_movement: bool,
    /// What greedy reads of the set of effect terms (`policies/greedy.py` `_tactic`): a harmful term (stun,
    /// movement-set, damage); only heal and gain-hp terms (and at least one); a gain-hp term; damage-adjacent.
    pub harmful: bool,
    pub hp_only: bool,
    pub gains_hp: bool,
    pub damages_adjacent: bool,
}

impl Tactic {
    pub fn new(id: String, name: String, kind: TacticType, effects: Vec<Effect>) -> Tactic {
        let any = |f: &dyn Fn(&Effect) -> bool| effects.iter().any(f);
        let stuns = any(&|e| *e == Effect::Stun);
        let sets_movement = any(&|e| matches!(e, Effect::MovementSet(_)));
        let adds_movement = any(&|e| matches!(e, Effect::MovementAdd(_)));
        let harmful = any(&|e| matches!(e, Effect::Stun | Effect::MovementSet(_) | Effect::Damage(_)));
        let hp_only = !effects.is_empty() && effects.iter().all(|e| matches!(e, Effect::Heal(_) | Effect::GainHp(_)));
        let gains_hp = any(&|e| matches!(e, Effect::GainHp(_)));
        let damages_adjacent = any(&|e| matches!(e, Effect::DamageAdjacent(_)));
        Tactic { id, name, kind, effects, stuns, sets_movement, adds_movement, harmful, hp_only, gains_hp,
                 damages_adjacent }
    }
}

/// A set of hexes of an arena of at most `MAX_HEXES` (hoplostat/engine/native.py sends no larger arena).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexSet([u64; 4]);

pub const MAX_HEXES: usize = 256;

impl HexSet {
    #[inline]
    pub fn insert(&mut self, h: usize) {
        self.0[h >> 6] |= 1 << (h & 63);
    }
    #[inline]
    pub fn contains(&self, h: usize) -> bool {
        self.0[h >> 6] & (1 << (h & 63)) != 0
    }
    #[inline]
    pub fn remove(&mut self, h: usize) {
        self.0[h >> 6] &= !(1 << (h & 63));
    }
    #[inline]
    pub fn union(&self, o: &HexSet) -> HexSet {
        HexSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
    #[inline]
    pub fn intersects(&self, o: &HexSet) -> bool {
        (self.0[0] & o.0[0]) | (self.0[1] & o.0[1]) | (self.0[2] & o.0[2]) | (self.0[3] & o.0[3]) != 0
    }
}

/// Hex geometry of one arena (`engine.hexgrid.HexGrid`).
#[derive(Clone, Debug)]
pub struct Grid {
    pub id: String,
    pub n: usize,
    pub neighbours: Vec<Vec<usize>>,
    /// Each hex's neighbours as a set.
    pub around: Vec<HexSet>,
    pub dist: Vec<i32>,
    pub q: Vec<i32>,
    pub r: Vec<i32>,
    pub coord: HashMap<(i32, i32), usize>,
    pub tags: Vec<Vec<String>>,
    pub tagged: HashMap<String, Vec<usize>>,
    pub move_block: Vec<bool>,
    /// `move_block` as a set.
    pub move_block_set: HexSet,
    pub pedestal: Vec<bool>,
    pub inner: Vec<bool>,
    pub center: Vec<bool>,
    pub stone: Vec<bool>,
    pub inner_hexes: Vec<usize>,
    /// Hexes of the tags the rules read on every turn, in index order (`tagged`).
    pub stones: Vec<usize>,
    pub centers: Vec<usize>,
    pub pedestals: Vec<usize>,
    /// By side (0 red, 1 blue): Pozzuoli's deployment hexes, the Colosseum's outer hexes, its chained hero hexes.
    pub deploy: [Vec<usize>; 2],
    pub outer: [Vec<usize>; 2],
    pub chained: [Vec<usize>; 2],
}

impl Grid {
    pub fn new(id: String, hexes: Vec<(i32, i32, Vec<String>)>, neighbours: Vec<Vec<usize>>) -> Grid {
        let n = hexes.len();
        assert!(n <= MAX_HEXES, "an arena of {n} hexes: the core plays at most {MAX_HEXES}");
        let around = neighbours.iter().map(|nb| {
            let mut m = HexSet::default();
            for &x in nb {
                m.insert(x);
            }
            m
        }).collect();
        let q: Vec<i32> = hexes.iter().map(|h| h.0).collect();
        let r: Vec<i32> = hexes.iter().map(|h| h.1).collect();
        let mut dist = vec![0; n * n];
        for a in 0..n {
            for b in 0..n {
                let (dq, dr) = (q[a] - q[b], r[a] - r[b]);
                dist[a * n + b] = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
            }
        }
        let tags: Vec<Vec<String>> = hexes.into_iter().map(|h| h.2).collect();
        let has = |t: &str| -> Vec<bool> { tags.iter().map(|ts| ts.iter().any(|x| x == t)).collect() };
        let mut tagged: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, ts) in tags.iter().enumerate() {
            for t in ts {
                let e = tagged.entry(t.clone()).or_default();
                if e.last() != Some(&i) {
                    e.push(i);
                }
            }
        }
        let blocked = has("blocked");
        let pedestal = has("pedestal");
        let move_block: Vec<bool> = (0..n).map(|i| blocked[i] || pedestal[i]).collect();
        let mut move_block_set = HexSet::default();
        for (i, &b) in move_block.iter().enumerate() {
            if b {
                move_block_set.insert(i);
            }
        }
        let inner = has("inner");
        let inner_hexes = (0..n).filter(|&i| inner[i]).collect();
        let coord = (0..n).map(|i| ((q[i], r[i]), i)).collect();
        let t = |k: &str| tagged.get(k).cloned().unwrap_or_default();
        let (stones, centers, pedestals) = (t("stone"), t("center"), t("pedestal"));
        let deploy = [t("deploy-red"), t("deploy-blue")];
        let outer = [t("outer-red"), t("outer-blue")];
        let chained = [t("chained-hero-red"), t("chained-hero-blue")];
        Grid { id, n, neighbours, around, dist, q, r, coord, move_block, move_block_set, pedestal, inner, center: has("center"),
               stone: has("stone"), inner_hexes, tags, tagged, stones, centers, pedestals, deploy, outer, chained }
    }

    #[inline]
    pub fn d(&self, a: usize, b: usize) -> i32 {
        self.dist[a * self.n + b]
    }

    #[inline]
    pub fn row(&self, a: usize) -> &[i32] {
        &self.dist[a * self.n..(a + 1) * self.n]
    }

    /// Hexes with this tag, in index order.
    pub fn tagged(&self, tag: &str) -> &[usize] {
        self.tagged.get(tag).map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// Hexes exactly d away from h.
    pub fn at_distance(&self, h: usize, d: i32) -> Vec<usize> {
        (0..self.n).filter(|&i| self.d(h, i) == d).collect()
    }

    /// The hex one step past b on the line from a through adjacent b (Shove); None off the map.
    pub fn beyond(&self, a: usize, b: usize) -> Option<usize> {
        self.coord.get(&(2 * self.q[b] - self.q[a], 2 * self.r[b] - self.r[a])).copied()
    }

    /// `reachable`'s hexes, in the same order, into `out` (cleared) and `set`, and into `expanded` the hexes whose
    /// sides the search looked past (the start and the hexes it went on from): the movement step's search, asked at
    /// every move decision. A unit standing on a hex next to none of `expanded` or leaving one outside `set`
    /// changes nothing of the result.
    pub fn reach_into(&self, start: usize, movement: i32, blocked: &HexSet, stop: &HexSet, out: &mut Vec<usize>,
                      set: &mut HexSet, expanded: &mut HexSet) {
        out.clear();
        *set = HexSet::default();
        *expanded = HexSet::default();
        if movement <= 0 {
            return;
        }
        let mut seen = HexSet::default();
        seen.insert(start);
        // breadth first: each step expands the hexes the step before added (hexes in `stop` are not left)
        let (mut lo, mut hi) = (0, 0);
        for step in 1..=movement {
            let mut any = false;
            let mut expand = |h: usize, out: &mut Vec<usize>, set: &mut HexSet, seen: &mut HexSet| {
                expanded.insert(h);
                for &m in &self.neighbours[h] {
                    if seen.contains(m) || blocked.contains(m) {
                        continue;
                    }
                    seen.insert(m);
                    out.push(m);
                    set.insert(m);
                    if !stop.contains(m) {
                        any = true;
                    }
                }
            };
            if step == 1 {
                expand(start, out, set, &mut seen);
            } else {
                for k in lo..hi {
                    let h = out[k];
                    if !stop.contains(h) {
                        expand(h, out, set, &mut seen);
                    }
                }
            }
            if !any {
                break;
            }
            lo = hi;
            hi = out.len();
        }
    }
}

/// A faction as set-up reads it: its hero, its units in file order, its tactics in its list's order.
#[derive(Clone, Debug)]
pub struct Faction {
    pub id: String,
    pub hero: usize,
    pub units: Vec<usize>,
    pub tactics: Vec<usize>,
}

/// Everything a Skirmish game reads from a catalog.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub chips: Vec<Chip>,
    pub tactics: Vec<Tactic>,
    pub factions: HashMap<String, Faction>,
    pub neutrals: Vec<usize>,
    pub sentinels: Vec<usize>,
    /// The health-chip supply by key (red, blue), in the catalog's order.
    pub health: Vec<(String, i32)>,
    pub arenas: HashMap<String, std::sync::Arc<Grid>>,
}
