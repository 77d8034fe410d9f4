//! The Python module `hoplostat_native`: the core's games, called from hoplostat/engine/native.py.
//!
//! Values cross as plain Python objects (ints, strings, tuples, lists): a generator as the tuple
//! `native.export_rng` makes, a catalog as the tables `native.export_catalog` makes, players as
//! `native.export_player` describes them. No panic crosses into Python: every entry point runs the core under
//! `catch_unwind` and raises a RuntimeError naming the game's seat factions and arena.
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use hoplostat_core::catalog::{Catalog as CoreCatalog, Chip, Effect, Faction, Grid, Skill, Tactic, TacticType};
use hoplostat_core::dice::{Pool, COLOURS};
use hoplostat_core::game::Game;
use hoplostat_core::players::lookahead::{np_sum, Lookahead};
use hoplostat_core::players::search::Search;
use hoplostat_core::players::{Player, Tie};
use hoplostat_core::rng::{Generator, Pcg64, SeedSeq};
use hoplostat_core::skirmish::{self, Spec};
use hoplostat_core::state::{Zone, SIDES};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// The core allocates many short-lived option lists per decision; mimalloc serves them several times faster than
/// the system allocator (docs/native.md, "Crates").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The version of the bridge's protocol: hoplostat/engine/native.py refuses a module of another version.
const PROTOCOL: u32 = 1;

/// A numpy Generator as exported by Python: (state, inc, has_uint32, uinteger, entropy words, spawn key words,
/// pool size, children spawned).
type RngSpec = (u128, u128, bool, u32, Vec<u32>, Vec<u32>, usize, u64);

fn rng_from(spec: RngSpec) -> Generator {
    let (state, inc, has_uint32, uinteger, entropy, spawn_key, pool_size, spawned) = spec;
    Generator { bits: Pcg64 { state, inc, has_uint32, uinteger }, seq: SeedSeq::new(entropy, spawn_key, pool_size, spawned) }
}

fn rng_to(g: &Generator) -> RngSpec {
    (g.bits.state, g.bits.inc, g.bits.has_uint32, g.bits.uinteger, g.seq.entropy.clone(), g.seq.spawn_key.clone(),
     g.seq.pool_size, g.seq.n_children_spawned)
}

thread_local! {
    /// Where the last panic of this thread happened (the hook below records it; the error message says it).
    static PANIC_AT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

fn panic_text(e: Box<dyn std::any::Any + Send>) -> String {
    let what = e.downcast_ref::<String>().cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".into());
    let at = PANIC_AT.with(|p| p.borrow().clone());
    if at.is_empty() { what } else { format!("{what} (at {at})") }
}

/// Panics are caught and raised as Python exceptions (`play`): the hook only records where, instead of printing.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        PANIC_AT.with(|p| *p.borrow_mut() = at);
    }));
}

/// Draws from an exported generator, for the tests against numpy: `ops` are (name, a, b) with name one of
/// random, integers (0..a), range (a..b), permutation (a), choice (a, size b, no replacement), choice+ (with),
/// spawn (the child's first random()), seeded (default_rng(a).random()). The values as floats and the
/// generator after.
#[pyfunction]
fn rng_draws(spec: RngSpec, ops: Vec<(String, u64, u64)>) -> PyResult<(Vec<f64>, RngSpec)> {
    let mut g = rng_from(spec);
    let mut out = Vec::new();
    for (name, a, b) in ops {
        match name.as_str() {
            "random" => out.push(g.random()),
            "integers" => out.push(g.integers(a as usize) as f64),
            "range" => out.push(g.integers_range(a, b) as f64),
            "permutation" => out.extend(g.permutation(a as usize).into_iter().map(|x| x as f64)),
            "choice" => out.extend(g.choice(a as usize, b as usize, false).into_iter().map(|x| x as f64)),
            "choice+" => out.extend(g.choice(a as usize, b as usize, true).into_iter().map(|x| x as f64)),
            "spawn" => out.push(g.spawn().random()),
            "seeded" => out.push(Generator::from_int(a as u128).random()),
            _ => return Err(PyValueError::new_err(format!("rng_draws: unknown op {name:?}"))),
        }
    }
    Ok((out, rng_to(&g)))
}

/// numpy's `ndarray.sum` of a float row, as the lookahead sums its continuations (tested against numpy).
#[pyfunction]
fn row_sum(values: Vec<f64>) -> f64 {
    np_sum(&values)
}

/// One chip: (id, name, kind, elite, health, movement, range, dice counts, [(skill id, number)]).
type ChipRow = (String, String, String, bool, i32, i32, i32, [u8; 5], Vec<(String, Option<i32>)>);
/// One tactic: (id, name, type, [(term, argument as text)]).
type TacticRow = (String, String, String, Vec<(String, Option<String>)>);
/// One arena: (id, [(q, r, tags)], neighbours).
type ArenaRow = (String, Vec<(i32, i32, Vec<String>)>, Vec<Vec<usize>>);

fn effect_of(term: &str, arg: Option<&str>) -> PyResult<Effect> {
    let num = || -> PyResult<i32> {
        arg.and_then(|a| a.parse().ok()).ok_or_else(|| PyValueError::new_err(format!("tactic term {term}: needs a number")))
    };
    Ok(match term {
        "movement-set" => Effect::MovementSet(num()?),
        "movement-add" => Effect::MovementAdd(num()?),
        "range-add" => Effect::RangeAdd(num()?),
        "extra-dice" => {
            let c = arg.unwrap_or("");
            Effect::ExtraDice(COLOURS.iter().position(|x| *x == c)
                .ok_or_else(|| PyValueError::new_err(format!("extra-dice: unknown colour {c:?}")))?)
        }
        "reduce-damage" => Effect::ReduceDamage(num()?),
        "stun" => Effect::Stun,
        "gain-hp" => Effect::GainHp(num()?),
        "heal" => Effect::Heal(num()?),
        "damage" => Effect::Damage(num()?),
        "damage-adjacent" => Effect::DamageAdjacent(num()?),
        _ => Effect::Other,
    })
}

/// A catalog the core plays with, built once per Python catalog (hoplostat/engine/native.py caches it).
#[pyclass(frozen)]
struct Catalog {
    inner: Arc<CoreCatalog>,
}

#[pymethods]
impl Catalog {
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(chips: Vec<ChipRow>, tactics: Vec<TacticRow>, factions: Vec<(String, String, Vec<String>, Vec<String>)>,
           neutrals: Vec<String>, sentinels: Vec<String>, health: Vec<(String, i32)>, arenas: Vec<ArenaRow>) -> PyResult<Self> {
        let mut chip_ix: HashMap<String, usize> = HashMap::new();
        let mut out_chips = Vec::new();
        for (id, name, kind, elite, health, movement, range, counts, skills) in chips {
            chip_ix.insert(id.clone(), out_chips.len());
            let sk = skills.into_iter().map(|(s, p)| (Skill::from_id(&s), p)).collect();
            out_chips.push(Chip::new(id, name, kind, elite, health, movement, range, Pool(counts), sk));
        }
        let mut tac_ix: HashMap<String, usize> = HashMap::new();
        let mut out_tactics = Vec::new();
        for (id, name, kind, effects) in tactics {
            let k = match kind.as_str() {
                "instant" => TacticType::Instant,
                "temporary" => TacticType::Temporary,
                _ => TacticType::Permanent,
            };
            let eff = effects.iter().map(|(t, a)| effect_of(t, a.as_deref())).collect::<PyResult<Vec<_>>>()?;
            tac_ix.insert(id.clone(), out_tactics.len());
            out_tactics.push(Tactic::new(id, name, k, eff));
        }
        let chip = |id: &str| chip_ix.get(id).copied().ok_or_else(|| PyValueError::new_err(format!("unknown chip {id:?}")));
        let mut fmap = HashMap::new();
        for (fid, hero, units, tacs) in factions {
            let units = units.iter().map(|u| chip(u)).collect::<PyResult<Vec<_>>>()?;
            let tacs = tacs.iter()
                .map(|t| tac_ix.get(t).copied().ok_or_else(|| PyValueError::new_err(format!("unknown tactic {t:?}"))))
                .collect::<PyResult<Vec<_>>>()?;
            fmap.insert(fid.clone(), Faction { id: fid, hero: chip(&hero)?, units, tactics: tacs });
        }
        let neutrals = neutrals.iter().map(|u| chip(u)).collect::<PyResult<Vec<_>>>()?;
        let sentinels = sentinels.iter().map(|u| chip(u)).collect::<PyResult<Vec<_>>>()?;
        let arenas = arenas.into_iter().map(|(id, hexes, nbs)| (id.clone(), Arc::new(Grid::new(id, hexes, nbs)))).collect();
        let inner = CoreCatalog { chips: out_chips, tactics: out_tactics, factions: fmap, neutrals, sentinels, health, arenas };
        Ok(Catalog { inner: Arc::new(inner) })
    }

    /// The chip ids in the order the catalog gave them (a game's units name their chips by this index).
    fn chip_ids(&self) -> Vec<String> {
        self.inner.chips.iter().map(|c| c.id.clone()).collect()
    }
}

/// A player: ("random",), ("greedy", "game" | "first" | rng), ("lookahead", greedy rng, search rng or None,
/// budget, width, horizon or None).
#[derive(FromPyObject)]
enum PlayerSpec {
    Named((String,)),
    Greedy((String, String)),
    GreedyOwn((String, RngSpec)),
    Lookahead((String, RngSpec, Option<RngSpec>, usize, usize, Option<i64>)),
    Search((String, RngSpec, Option<RngSpec>, usize, usize, i64)),
}

fn player_from(p: PlayerSpec) -> PyResult<Player> {
    Ok(match p {
        PlayerSpec::Named((n,)) if n == "random" => Player::Random,
        PlayerSpec::Greedy((n, tie)) if n == "greedy" => Player::Greedy(match tie.as_str() {
            "game" => Tie::Game,
            "first" => Tie::First,
            _ => return Err(PyValueError::new_err(format!("greedy tie-breaks from {tie:?}"))),
        }),
        PlayerSpec::GreedyOwn((n, r)) if n == "greedy" => Player::Greedy(Tie::Own(rng_from(r))),
        PlayerSpec::Lookahead((n, gr, sr, budget, width, horizon)) if n == "lookahead" => {
            Player::Lookahead(Box::new(Lookahead { greedy: rng_from(gr), search: sr.map(rng_from), budget, width, horizon, searched: 0 }))
        }
        // a search tuple has the lookahead's shape (the first variant that fits takes it)
        PlayerSpec::Lookahead((n, gr, sr, budget, width, Some(horizon))) | PlayerSpec::Search((n, gr, sr, budget, width, horizon))
            if n == "search" =>
        {
            Player::Search(Box::new(Search { greedy: rng_from(gr), search: sr.map(rng_from), budget, width, horizon, searched: 0 }))
        }
        _ => return Err(PyValueError::new_err("unknown player")),
    })
}

/// A game to play: (faction a, faction b, arena, first seat or None, round cap, retaliate-when-defeated "no",
/// inspire-stacks "no", extra narration lines after set-up).
type GameSpec = (String, String, String, Option<usize>, i32, bool, bool, Vec<String>);

/// Per troop: (side, units deployed, damage dealt, kills, units lost, crowd favor, rewards, tactic damage,
/// tactic kills).
type TroopOut = (String, i32, i32, i32, i32, i32, i32, i32, i32);
/// Per unit of the state (uid order): (chip index, troop, on the track, entered, times deployed, damage dealt,
/// kills, times defeated, damage taken, tactics enabled).
type UnitOut = (usize, usize, bool, bool, i32, i32, i32, i32, i32, i32);
/// A game's result: (winner or None, end reason, rounds, first player, troops, units, narration or None, the
/// game's generator after, each player's generators after (greedy's own or the lookahead's two), decisions
/// searched per seat).
type GameOut = (Option<usize>, String, i32, usize, Vec<TroopOut>, Vec<UnitOut>, Option<Vec<String>>, RngSpec,
                Vec<Vec<Option<RngSpec>>>, Vec<u64>);

fn play_one(cat: &Arc<CoreCatalog>, spec: GameSpec, rng: RngSpec, players: Vec<Player>, log: bool) -> Result<GameOut, String> {
    let (fa, fb, arena, first, max_rounds, ret_no, insp_no, extra_log) = spec;
    for f in [&fa, &fb] {
        if !cat.factions.contains_key(f) {
            return Err(format!("unknown faction {f:?}"));
        }
    }
    if !cat.arenas.contains_key(&arena) {
        return Err(format!("unknown arena {arena:?}"));
    }
    // the seed the game's generator was made from (`default_rng(seed)`: its entropy), for the message of a panic
    let seed = rng.4.iter().rev().fold(0u128, |acc, &w| (acc << 32) | w as u128);
    let what = format!("skirmish {fa} v {fb} on {arena}, seed {seed}");
    let spec = Spec { factions: [fa, fb], arena, first, max_rounds, retaliate_when_defeated_no: ret_no,
                      inspire_stacks_no: insp_no, extra_log };
    let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let mut g: Game = skirmish::new_game(cat, &spec, rng_from(rng), players, log);
        g.run(spec.max_rounds, None);
        g
    }));
    let g = run.map_err(|e| format!("native core panicked ({what}): {}", panic_text(e)))?;
    let s = &g.s;
    let troops = s.troops.iter().map(|t| (SIDES[t.side].to_string(), t.deployed, t.damage_dealt, t.kills, t.units_lost,
                                          t.favor_total, t.rewards, t.tactic_damage, t.tactic_kills)).collect();
    let units = s.units.iter().map(|u| (u.chip, u.troop, u.zone == Zone::Track, u.entered, u.times_deployed,
                                        u.damage_dealt, u.kills, u.times_defeated, u.damage_taken, u.tactics_enabled))
        .collect();
    let player_rngs = g.players.iter().map(|p| match p {
        Player::Greedy(Tie::Own(r)) => vec![Some(rng_to(r))],
        Player::Lookahead(la) => vec![Some(rng_to(&la.greedy)), la.search.as_ref().map(rng_to)],
        Player::Search(se) => vec![Some(rng_to(&se.greedy)), se.search.as_ref().map(rng_to)],
        _ => vec![],
    }).collect();
    let searched = g.players.iter().map(|p| match p {
        Player::Lookahead(la) => la.searched,
        Player::Search(se) => se.searched,
        _ => 0,
    }).collect();
    Ok((s.winner, s.end_reason.clone().unwrap_or_else(|| "unfinished".into()), s.round, s.order[0], troops, units,
        s.log.clone(), rng_to(&g.rng), player_rngs, searched))
}

/// Play Skirmish games: each (spec, the game's generator, its players); narration when `log`. The GIL is
/// released while they play. A game that fails raises RuntimeError naming it (none of the batch is returned).
#[pyfunction]
#[pyo3(signature = (catalog, games, log=false))]
fn play(py: Python<'_>, catalog: &Catalog, games: Vec<(GameSpec, RngSpec, Vec<PlayerSpec>)>, log: bool) -> PyResult<Vec<GameOut>> {
    let mut prepared = Vec::with_capacity(games.len());
    for (spec, rng, players) in games {
        let ps = players.into_iter().map(player_from).collect::<PyResult<Vec<_>>>()?;
        if ps.len() != 2 {
            return Err(PyValueError::new_err("skirmish needs two players"));
        }
        prepared.push((spec, rng, ps));
    }
    let cat = catalog.inner.clone();
    let out: Result<Vec<GameOut>, String> = py.detach(move || {
        prepared.into_iter().map(|(spec, rng, ps)| play_one(&cat, spec, rng, ps, log)).collect()
    });
    out.map_err(PyRuntimeError::new_err)
}

/// The Python engine's movement search (`HexGrid.reachable`), for the modes the core does not play: hexes within
/// `movement` steps of `start` -> steps, in breadth-first order, never through a blocked hex, not leaving a hex of
/// `stop`. `table`: 6 little-endian int16 neighbours per hex, -1 padded (`HexGrid._table`).
#[pyfunction]
fn reachable<'py>(py: Python<'py>, table: &[u8], start: usize, movement: i64, blocked: Vec<bool>,
                  stop: std::collections::HashSet<usize>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let n = table.len() / 12;
    if start >= n {
        return Err(pyo3::exceptions::PyIndexError::new_err("reachable: start hex out of range"));
    }
    if blocked.len() < n {
        return Err(pyo3::exceptions::PyIndexError::new_err("reachable: blocked is shorter than the arena"));
    }
    let out = pyo3::types::PyDict::new(py);
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut frontier = vec![start];
    for step in 1..=movement.max(0) {
        let mut next = Vec::new();
        for &h in &frontier {
            for k in 0..6 {
                let m = i16::from_le_bytes([table[h * 12 + 2 * k], table[h * 12 + 2 * k + 1]]);
                if m < 0 {
                    break;
                }
                let m = m as usize;
                if seen[m] || blocked[m] {
                    continue;
                }
                seen[m] = true;
                out.set_item(m, step)?;
                if !stop.contains(&m) {
                    next.push(m);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    Ok(out)
}

/// Per hex: occupied (board entry >= 0) or blocked for every move (`engine.hexgrid.occupied_or_blocked`).
#[pyfunction]
fn blocked(board: Vec<i64>, move_block: Vec<bool>) -> PyResult<Vec<bool>> {
    if move_block.len() < board.len() {
        return Err(pyo3::exceptions::PyIndexError::new_err("blocked: move_block is shorter than the board"));
    }
    Ok(board.iter().zip(&move_block).map(|(&b, &m)| b >= 0 || m).collect())
}

/// The skill ids the core implements (a chip with any other skill that has hooks in Python goes to Python).
#[pyfunction]
fn skills() -> Vec<&'static str> {
    hoplostat_core::catalog::SKILL_IDS.iter().map(|x| x.0).collect()
}

#[pymodule]
fn hoplostat_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    quiet_panics();
    m.add("PROTOCOL", PROTOCOL)?;
    m.add_class::<Catalog>()?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(skills, m)?)?;
    m.add_function(wrap_pyfunction!(reachable, m)?)?;
    m.add_function(wrap_pyfunction!(blocked, m)?)?;
    m.add_function(wrap_pyfunction!(rng_draws, m)?)?;
    m.add_function(wrap_pyfunction!(row_sum, m)?)?;
    Ok(())
}
