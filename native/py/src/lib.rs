//! The Python module `hoplostat_native`: the core's games, called from hoplostat/engine/native.py.
//!
//! Values cross as plain Python objects (ints, strings, tuples, lists, dicts): a generator as the tuple
//! `hoplostat.engine.native.export_rng` makes, a catalog as the tables `native.export_catalog` makes. No panic
//! crosses into Python: every entry point runs the core under `catch_unwind` and raises a RuntimeError.
use hoplostat_core::rng::{Generator, Pcg64, SeedSeq};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

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

#[allow(dead_code)]
/// Run `f`, turning a panic into a Python RuntimeError that says what was being done.
fn guarded<T>(what: &str, f: impl FnOnce() -> T + std::panic::UnwindSafe) -> PyResult<T> {
    std::panic::catch_unwind(f).map_err(|e| {
        let msg = e.downcast_ref::<String>().cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        PyRuntimeError::new_err(format!("native core panicked ({what}): {msg}"))
    })
}

/// Draws from an exported generator, for the tests against numpy: `ops` are (name, a, b) with name one of
/// random, integers (0..a), range (a..b), permutation (a), choice (a, b: size, replace if name is choice+),
/// spawn (draws nothing; the child's first random()). Returns the values (floats) and the generator after.
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

/// The version of the bridge's protocol: hoplostat/engine/native.py refuses a module of another version.
const PROTOCOL: u32 = 1;

#[pymodule]
fn hoplostat_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PROTOCOL", PROTOCOL)?;
    m.add_function(wrap_pyfunction!(rng_draws, m)?)?;
    Ok(())
}
