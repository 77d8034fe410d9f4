//! Attack dice (hoplostat/dice.py, hoplostat/odds.py): pools, exact hit weights, the inverse-CDF roller and
//! exact attack odds, each probability the float nearest its exact fraction (as Python's int / int).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::rng::Generator;

pub const COLOURS: [&str; 5] = ["yellow", "blue", "green", "black", "red"];
pub const HIT_FACES: [u32; 5] = [2, 3, 4, 5, 6];
pub const FACES: u128 = 6;
pub const YELLOW: usize = 0;
pub const BLUE: usize = 1;
pub const BLACK: usize = 3;

/// A multiset of attack dice: `counts[i]` dice of colour `COLOURS[i]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pool(pub [u8; 5]);

impl Pool {
    pub fn one(colour: usize) -> Pool {
        let mut c = [0u8; 5];
        c[colour] = 1;
        Pool(c)
    }
    pub fn of(colour: usize, n: u8) -> Pool {
        let mut c = [0u8; 5];
        c[colour] = n;
        Pool(c)
    }
    pub fn size(&self) -> u32 {
        self.0.iter().map(|&x| x as u32).sum()
    }
    pub fn add(&self, o: &Pool) -> Pool {
        let mut c = self.0;
        for i in 0..5 {
            c[i] += o.0[i];
        }
        Pool(c)
    }
}

impl fmt::Display for Pool {
    /// `str(Pool)`: strongest colour first, `2black+blue+yellow`, or `(no dice)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        for i in (0..5).rev() {
            let n = self.0[i];
            if n == 1 {
                parts.push(COLOURS[i].to_string());
            } else if n > 1 {
                parts.push(format!("{}{}", n, COLOURS[i]));
            }
        }
        if parts.is_empty() {
            write!(f, "(no dice)")
        } else {
            write!(f, "{}", parts.join("+"))
        }
    }
}

fn binomial(n: u128, k: u128) -> u128 {
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// Integer weights over 6^size of k hits, k = 0..size (`dice.hit_weights`).
pub fn hit_weights(pool: &Pool) -> Vec<u128> {
    let mut w: Vec<u128> = vec![1];
    for (colour, &n) in pool.0.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let n = n as u128;
        let h = HIT_FACES[colour] as u128;
        let m = FACES - h;
        let b: Vec<u128> = (0..=n).map(|k| binomial(n, k) * h.pow(k as u32) * m.pow((n - k) as u32)).collect();
        let mut out = vec![0u128; w.len() + b.len() - 1];
        for (i, &x) in w.iter().enumerate() {
            if x != 0 {
                for (j, &y) in b.iter().enumerate() {
                    out[i + j] += x * y;
                }
            }
        }
        w = out;
    }
    w
}

/// The float nearest a / b (round half to even), as Python's `int / int`.
pub fn ratio(a: u128, b: u128) -> f64 {
    const EXACT: u128 = 1 << 53;
    if a < EXACT && b < EXACT {
        return a as f64 / b as f64; // both exact, and IEEE division rounds correctly
    }
    if a == 0 {
        return 0.0;
    }
    // Long division as a stream of quotient bits (integer part, then fraction) until 54 significant bits are
    // taken (53 and a guard bit); what is left is the sticky bit. Never overflows: the remainder stays below b.
    let q0 = a / b;
    let mut r = a % b;
    let ib = 128 - q0.leading_zeros() as i32;
    let (mut bits, mut n, mut exp, mut sticky): (u64, i32, i32, bool) = (0, 0, 0, false);
    if ib > 54 {
        bits = (q0 >> (ib - 54)) as u64;
        n = 54;
        exp = ib - 54;
        sticky = q0 & ((1u128 << (ib - 54)) - 1) != 0;
    } else if ib > 0 {
        bits = q0 as u64;
        n = ib;
    }
    let mut pos = 0;
    while n < 54 {
        r <<= 1;
        pos += 1;
        let bit = r >= b;
        if bit {
            r -= b;
        }
        if n > 0 || bit {
            bits = (bits << 1) | bit as u64;
            n += 1;
        }
        exp = -pos;
    }
    sticky |= r != 0;
    let guard = bits & 1 == 1;
    let mut m = bits >> 1;
    if guard && (sticky || m & 1 == 1) {
        m += 1;
    }
    (m as f64) * 2f64.powi(exp + 1)
}

/// A one-multiply hasher for the caches' small integer keys (the standard SipHash is made for untrusted keys).
#[derive(Default)]
pub struct Fx(u64);

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

#[inline]
fn pool_key(p: &Pool) -> u64 {
    u64::from_le_bytes([p.0[0], p.0[1], p.0[2], p.0[3], p.0[4], 0, 0, 0])
}

thread_local! {
    static CDF: RefCell<FxMap<u64, Vec<f64>>> = RefCell::new(FxMap::default());
    static ODDS: RefCell<FxMap<u64, (f64, std::rc::Rc<Vec<f64>>)>> = RefCell::new(FxMap::default());
}

/// `PmfRoller.hits`: the hits of a pool by inverse CDF on its exact PMF, one uniform per roll.
pub fn roll(rng: &mut Generator, pool: &Pool) -> u32 {
    if pool.size() == 0 {
        return 0;
    }
    let key = pool_key(pool);
    let u = CDF.with(|c| {
        let mut c = c.borrow_mut();
        if !c.contains_key(&key) {
            let w = hit_weights(pool);
            let denom = FACES.pow(pool.size());
            let mut acc = 0u128;
            let mut cdf = Vec::with_capacity(w.len() - 1);
            for &x in &w[..w.len() - 1] {
                acc += x;
                cdf.push(ratio(acc, denom));
            }
            c.insert(key, cdf);
        }
        let cdf = &c[&key];
        let x = rng.random();
        cdf.partition_point(|&v| v <= x) as u32 // bisect_right
    });
    u
}

/// `odds.mean_and_tail(Attack(pool, bonus, reduce))`: expected damage and P(damage >= k), k = 0..max, exact
/// floats, memoised (greedy's `attack_odds`).
pub fn attack_odds(pool: &Pool, bonus: i32, reduce: i32) -> (f64, std::rc::Rc<Vec<f64>>) {
    let key = pool_key(pool) | ((bonus as u8 as u64) << 40) | ((reduce as u8 as u64) << 48);
    if let Some(got) = ODDS.with(|o| o.borrow().get(&key).cloned()) {
        return got;
    }
    let hits = hit_weights(pool);
    let size = pool.size() as i32;
    let damage_of = |h: i32| -> i32 { if h <= 0 { 0 } else { std::cmp::max(0, h + bonus - reduce) } };
    let maxd = damage_of(size);
    let mut out = vec![0u128; maxd as usize + 1];
    for (h, &w) in hits.iter().enumerate() {
        out[damage_of(h as i32) as usize] += w;
    }
    let denom = FACES.pow(pool.size());
    let mut tail = vec![0u128; out.len()];
    let mut acc = 0u128;
    for k in (0..out.len()).rev() {
        acc += out[k];
        tail[k] = acc;
    }
    let mean_num: u128 = out.iter().enumerate().map(|(k, &w)| k as u128 * w).sum();
    let got = (ratio(mean_num, denom), std::rc::Rc::new(tail.iter().map(|&t| ratio(t, denom)).collect::<Vec<f64>>()));
    ODDS.with(|o| o.borrow_mut().insert(key, got.clone()));
    got
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_is_correctly_rounded_beyond_53_bits() {
        // 1/3 and 2/3 with denominators past 2^53: compare with the exact small-denominator division.
        let d: u128 = 3u128.pow(60);
        assert_eq!(ratio(d / 3, d), 1.0 / 3.0);
        assert_eq!(ratio(2 * d / 3, d), 2.0 / 3.0);
        let big = 6u128.pow(30);
        assert_eq!(ratio(big, big), 1.0);
        assert_eq!(ratio(big / 2, big), 0.5);
        assert_eq!(ratio(big * 5 / 2, big), 2.5);
        assert_eq!(ratio(7 * big, big), 7.0);
    }

    #[test]
    fn weights_sum_to_six_to_the_size() {
        let p = Pool([1, 1, 0, 2, 1]);
        let w = hit_weights(&p);
        assert_eq!(w.iter().sum::<u128>(), 6u128.pow(5));
        assert_eq!(w.len(), 6);
        assert_eq!(format!("{}", p), "red+2black+blue+yellow");
        assert_eq!(format!("{}", Pool::default()), "(no dice)");
    }
}
