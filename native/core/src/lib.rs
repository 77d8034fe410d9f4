//! hoplostat's native playout core: Remastered Skirmish played exactly as the Python engine plays it
//! (hoplostat/engine and hoplostat/rulesets/remastered are the specification; docs/native.md).
//!
//! The modules mirror the Python layout: `rng` (numpy's stream), `dice` (exact odds), `grid` (hex geometry),
//! `catalog` (chips), `state`, `rules`, `skills`, `steps`, `skirmish` and `colosseum` (the mode), `players`.

pub mod rng;
