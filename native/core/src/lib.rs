//! hoplostat's native playout core: Remastered Skirmish played exactly as the Python engine plays it
//! (hoplostat/engine and hoplostat/rulesets/remastered are the specification; docs/native.md).
//!
//! The modules mirror the Python layout: `rng` (numpy's stream), `dice` (exact odds), `catalog` (chips and hex
//! grids), `state`, `rules`, `skills`, `steps` (the turn's steps), `game` (the loop), `skirmish` and `colosseum`
//! (the mode), `players` (random, greedy, lookahead).

pub mod catalog;
pub mod colosseum;
pub mod dice;
pub mod game;
pub mod players;
pub mod rng;
pub mod rules;
pub mod skills;
pub mod skirmish;
pub mod state;
pub mod steps;


#[cfg(test)]
mod tests;
